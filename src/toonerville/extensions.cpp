// Toonerville Rook's extensions (src/common/games.hpp, GameExtensions): its bots at every level,
// its consistent deals, its reinforcement-learning encoder, hung on the
// game's descriptor (game.cpp).
#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstring>
#include <string>

#include "../bots/game_bot.hpp"
#include "../common/games.hpp"
#include "../rl/rl.hpp"
#include "../table/card_news.hpp"
#include "bots.hpp"
#include "deckhand/solve.hpp"
#include "deckhand/toonerville_bots.hpp"

namespace deckhand::rl {
extern const Encoder kToonervilleEncoder;
}

namespace deckhand::bots::detail {
namespace {

namespace tv = toonerville;

// What the bots need of the game (src/bots/game_bot.hpp).
struct ToonervillePolicy {
  using State = tv::State;
  using Action = tv::Action;
  static constexpr const char* kName = "toonerville";
  static bool decide(const State& s, int seat, Level level, const Budget& budget, PortableRng& rng,
                     std::unique_ptr<solve::Solver>& /*solver: trick-taking games only*/,
                     std::vector<Action>& legal, Action* out) {
    if (tv::to_act(s) != seat) return false;
    legal.resize(tv::kMaxLegalActions);
    const int n = tv::legal_actions(s, legal.data());
    if (n == 0) return false;  // the stock needs a reshuffle the record must give (T13)
    if (level == Level::random) {
      *out = legal[rng.bounded(uint64_t(n))];
    } else if ((level == Level::strong || level == Level::expert) &&
               detail::strong_toonerville(s, seat, legal.data(), n, budget, rng, out,
                                          level == Level::expert)) {
      // searched: the take-or-draw choice or the discard
    } else {
      // basic, with the ladder's lapses (levels 1 and 2): the seat forgets the melds on the
      // table (it neither takes nor keeps a card for a lay-off it could make) and, discarding,
      // hoards: of its least useful cards it throws the cheapest, keeping the high ones.
      tv::View v = tv::view(s, seat);
      const bool lapse = budget.lapse_percent && rng.bounded(100) < budget.lapse_percent;
      if (lapse) v.meld_count = 0;
      if (tv::offering(s)) {  // T6: offered the declined discard
        *out = toonerville_bot_wants_buy(v) ? tv::buy_action(seat) : tv::pass_action(seat);
      } else if (s.phase == tv::Phase::draw) {
        const bool take = !s.bought && s.pile_count && toonerville_bot_wants_take(v);
        *out = legal[0];
        for (int i = 0; i < n; ++i)
          if (legal[i].kind == (take ? tv::ActionKind::take : tv::ActionKind::draw))
            *out = legal[i];
      } else {
        *out = toonerville_bot(v, legal.data(), n, rng);
        if (lapse && out->kind == tv::ActionKind::discard) hoard(v, legal.data(), n, out);
      }
    }
    return true;
  }
  static bool hint(const State& s, int seat, const Budget& budget, PortableRng& rng,
                   std::vector<Action>& legal, HintSearch<Action>* out) {
    if (tv::to_act(s) != seat) return false;
    legal.resize(tv::kMaxLegalActions);
    const int n = tv::legal_actions(s, legal.data());
    if (n == 0) return false;
    detail::toonerville_hint(s, seat, legal.data(), n, budget, rng, out);
    return true;
  }
  static std::string text(const Action& a) { return tv::format_action(a); }
  // The hoarder's discard: the least useful card, the fewest penalty points first.
  static bool hoard(const tv::View& v, const Action* legal, int n, Action* out) {
    int best_key = 0;
    bool found = false;
    for (int i = 0; i < n; ++i) {
      if (legal[i].kind != tv::ActionKind::discard) continue;
      const RookFace f = RookFace(legal[i].bytes[0]);
      const int points = penalty_points(f);
      const int key = toonerville_discard_key(v, f) + 2 * points;  // usefulness*100 + points
      if (!found || key < best_key) best_key = key, *out = legal[i], found = true;
    }
    return found;
  }
};

}  // namespace
}  // namespace deckhand::bots::detail

namespace deckhand::toonerville {

namespace {

// Each face's name and its length, looked up once.
struct FaceName {
  char text[8];
  uint8_t len;
};
const FaceName* face_names() {
  static const auto names = [] {
    std::array<FaceName, kRookFaces> v{};
    for (int f = 0; f < kRookFaces; ++f) {
      const char* name = rook_face_name(RookFace(f));
      v[size_t(f)].len = uint8_t(std::min<size_t>(std::strlen(name), sizeof v[0].text));
      std::memcpy(v[size_t(f)].text, name, v[size_t(f)].len);
    }
    return v;
  }();
  return names.data();
}

// `held`: the faces with a nonzero count (FaceCounts::held, or known already).
void name_faces(const FaceCounts& faces, uint64_t held, int seat, CardNews* out) {
  *out = CardNews{};
  out->seat = int8_t(seat);
  // Written in place (an action's news is made on every draw): names space-separated, as many
  // as fit, all counted; only the faces held are visited (a draw names one card of 57 faces).
  const FaceName* names = face_names();
  size_t at = 0;
  int count = 0;
  for (; held; held &= held - 1) {
    const int f = std::countr_zero(held);
    const FaceName& name = names[f];
    for (int k = 0; k < faces.n[f]; ++k, ++count) {
      const size_t sep = at ? 1 : 0;
      if (at + sep + name.len > sizeof out->cards - 1) continue;
      if (sep) out->cards[at] = ' ';
      for (size_t i = 0; i < name.len; ++i) out->cards[at + sep + i] = name.text[i];
      at += sep + name.len;
    }
  }
  out->count = uint8_t(count);
}

// T14: a seat sees the cards it draws, buys (the penalty card) or takes; the others their count.
int table_received(const void* before, const void* after, CardNews out[2]) {
  const auto& b = *static_cast<const State*>(before);
  const auto& a = *static_cast<const State*>(after);
  int n = 0;
  for (int s = 0; s < players(a) && n < 2; ++s) {
    const FaceCounts &was = b.hands[s], &is = a.hands[s];
    if (std::memcmp(is.n, was.n, sizeof is.n) == 0) continue;  // most hands are as they were
    FaceCounts gained;
    uint64_t any = 0;  // bit f: face f gained
    static_assert(kRookFaces == 7 * 8 + 1);
    // Eight faces at a time: a count is below 128, so each byte of (x | H) - y - L keeps its
    // high bit exactly where x > y (no borrow crosses a byte).
    constexpr uint64_t kH = 0x8080808080808080ull, kL = 0x0101010101010101ull;
    for (int f = 0; f < 7 * 8; f += 8) {
      uint64_t x, y;
      std::memcpy(&x, is.n + f, 8);
      std::memcpy(&y, was.n + f, 8);
      if ((((x | kH) - y - kL) & kH) == 0) continue;  // nothing gained among these eight
      for (int g = f; g < f + 8; ++g)
        if (is.n[g] > was.n[g]) {
          gained.n[g] = uint8_t(is.n[g] - was.n[g]);
          any |= uint64_t(1) << g;
        }
    }
    constexpr int kLast = kRookFaces - 1;
    if (is.n[kLast] > was.n[kLast]) {
      gained.n[kLast] = uint8_t(is.n[kLast] - was.n[kLast]);
      any |= uint64_t(1) << kLast;
    }
    if (any) name_faces(gained, any, s, &out[n++]);
  }
  return n;
}

void table_hand(const void* state, int seat, CardNews* out) {
  const FaceCounts& hand = static_cast<const State*>(state)->hands[seat];
  name_faces(hand, hand.held(), seat, out);
}

bool table_offering(const void* state) {
  return offering(*static_cast<const State*>(state));
}

using Saved = table_detail::SavedResult<State, &result_json>;

// A discard offered to the other seats (T6) is answered with buy (kind 2) or pass (kind 7).
// The hooks read nothing of the state before an action but the hands.
const TableHooks kTableHooks{sizeof(State),
                             nullptr,
                             &table_received,
                             &table_hand,
                             2,
                             7,
                             &table_offering,
                             offsetof(State, hands),
                             sizeof(State::hands),
                             Saved::kSize,
                             &Saved::save,
                             &Saved::read};

}  // namespace

const GameExtensions& extensions() {
  static const GameExtensions extensions{
      &bots::detail::make_game_bot<bots::detail::ToonervillePolicy>,
      &bots::detail::sample_image<bots::detail::ToonervilleSampler, State, kSerializedSize>,
      nullptr,  // no open-hand solver: not a trick-taking game
      &rl::kToonervilleEncoder,
      &kTableHooks,
  };
  return extensions;
}

}  // namespace deckhand::toonerville
