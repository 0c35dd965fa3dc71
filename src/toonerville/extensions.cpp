// Toonerville Rook's extensions (src/common/games.hpp, GameExtensions): its bots at every level,
// its consistent deals, its reinforcement-learning encoder, hung on the
// game's descriptor (game.cpp).
#include <algorithm>
#include <cstring>
#include <string>

#include "../bots/game_bot.hpp"
#include "../common/games.hpp"
#include "../rl/rl.hpp"
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
    } else if (level == Level::strong &&
               detail::strong_toonerville(s, seat, legal.data(), n, budget, rng, out)) {
      // searched: the take-or-draw choice or the discard
    } else if (tv::offering(s)) {  // T6: offered the declined discard
      *out = toonerville_bot_wants_buy(tv::view(s, seat)) ? tv::buy_action(seat)
                                                          : tv::pass_action(seat);
    } else if (s.phase == tv::Phase::draw) {
      const bool take = !s.bought && s.pile_count && toonerville_bot_wants_take(tv::view(s, seat));
      *out = legal[0];
      for (int i = 0; i < n; ++i)
        if (legal[i].kind == (take ? tv::ActionKind::take : tv::ActionKind::draw)) *out = legal[i];
    } else {
      *out = toonerville_bot(tv::view(s, seat), legal.data(), n, rng);
    }
    return true;
  }
  static std::string text(const Action& a) { return tv::format_action(a); }
};

}  // namespace
}  // namespace deckhand::bots::detail

namespace deckhand::toonerville {

namespace {

void name_faces(const FaceCounts& faces, int seat, CardNews* out) {
  *out = CardNews{};
  out->seat = int8_t(seat);
  std::string text;
  int count = 0;
  for (int f = 0; f < kRookFaces; ++f)
    for (int k = 0; k < faces.n[f]; ++k) {
      if (!text.empty()) text += ' ';
      text += rook_face_name(RookFace(f));
      ++count;
    }
  out->count = uint8_t(count);
  std::memcpy(out->cards, text.data(), std::min(text.size(), sizeof out->cards - 1));
}

// T14: a seat sees the cards it draws, buys (the penalty card) or takes; the others their count.
int table_received(const void* before, const void* after, CardNews out[2]) {
  const auto& b = *static_cast<const State*>(before);
  const auto& a = *static_cast<const State*>(after);
  int n = 0;
  for (int s = 0; s < players(a) && n < 2; ++s) {
    FaceCounts gained;
    bool any = false;
    for (int f = 0; f < kRookFaces; ++f)
      if (a.hands[s].n[f] > b.hands[s].n[f]) {
        gained.n[f] = uint8_t(a.hands[s].n[f] - b.hands[s].n[f]);
        any = true;
      }
    if (any) name_faces(gained, s, &out[n++]);
  }
  return n;
}

void table_hand(const void* state, int seat, CardNews* out) {
  name_faces(static_cast<const State*>(state)->hands[seat], seat, out);
}

// A discard offered to the other seats (T6) is answered with buy (kind 2) or pass (kind 7).
const TableHooks kTableHooks{sizeof(State), nullptr, &table_received, &table_hand, 2, 7};

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
