// Toonerville Rook's extensions (src/common/games.hpp, GameExtensions): its bots at every level,
// its consistent deals, its reinforcement-learning encoder, hung on the
// game's descriptor (game.cpp).
#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
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
  // Names space-separated, as many as fit, all counted; only the faces held are visited.
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

// A seat's cards as CardBits: its counts per face.
static_assert(sizeof(FaceCounts) <= sizeof(CardBits::bytes));
void face_bits(int seat, const FaceCounts& faces, CardBits* out) {
  out->seat = int8_t(seat);
  std::memcpy(out->bytes, &faces, sizeof faces);
}

void table_name(const CardBits& bits, CardNews* out) {
  FaceCounts faces;
  std::memcpy(&faces, bits.bytes, sizeof faces);
  name_faces(faces, faces.held(), bits.seat, out);
}

constexpr int kLastFace = kRookFaces - 1;
static_assert(kRookFaces == 7 * 8 + 1);

// Sixteen counts at a time (GCC and Clang vectors: SSE2 on x86-64, plain words elsewhere).
using Counts16 = uint8_t __attribute__((vector_size(16)));

// Seat s's cards got from the kept hands to `after` in an action that only gives it cards (a
// take, draw or buy): its counts grew or stayed, so each count minus the kept one is the count
// got. One CardBits into *out when it got any (returns 1); the kept hand then brought up to
// date.
int got_only(State& kept, const State& after, int s, CardBits* out) {
  uint8_t* was = kept.hands[s].n;
  const uint8_t* is = after.hands[s].n;
  // Counts 0-15, 16-31, 32-47 and 41-56: the last block overlaps the one before, so every
  // block is read before any is written.
  constexpr int kAt[4] = {0, 16, 32, kRookFaces - 16};
  Counts16 x[4], got[4];
  for (int i = 0; i < 4; ++i) {
    Counts16 y;
    std::memcpy(&x[i], is + kAt[i], 16);
    std::memcpy(&y, was + kAt[i], 16);
    got[i] = x[i] - y;
  }
  for (int i = 0; i < 4; ++i) {
    std::memcpy(out->bytes + kAt[i], &got[i], 16);
    std::memcpy(was + kAt[i], &x[i], 16);
  }
  const Counts16 changed = got[0] | got[1] | got[2] | got[3];
  uint64_t lo, hi;
  std::memcpy(&lo, &changed, 8);
  std::memcpy(&hi, reinterpret_cast<const char*>(&changed) + 8, 8);
  out->seat = int8_t(s);
  return (lo | hi) ? 1 : 0;
}

// The same for any action (a swap gives a Rook for a natural card): the faces the hand holds
// more of. Eight faces at a time, most of them as they were: where a word changed, a count is
// below 128, so each byte of (x | H) - y - L keeps its high bit exactly where x > y (no borrow
// crosses a byte), and its low bits plus one are then x - y.
int got_any(State& kept, const State& after, int s, CardBits* out) {
  const FaceCounts &was = kept.hands[s], &is = after.hands[s];
  constexpr uint64_t kH = 0x8080808080808080ull, kL = 0x0101010101010101ull;
  uint64_t got[7] = {};
  uint64_t any = 0;
  for (int w = 0; w < 7; ++w) {
    uint64_t x, y;
    std::memcpy(&x, is.n + 8 * w, 8);
    std::memcpy(&y, was.n + 8 * w, 8);
    if (x == y) continue;
    const uint64_t t = (x | kH) - y - kL, more = t & kH;
    got[w] = ((t & ~kH) + kL) & ((more >> 7) * 0xFF);
    any |= more;
  }
  const uint8_t last =
      is.n[kLastFace] > was.n[kLastFace] ? uint8_t(is.n[kLastFace] - was.n[kLastFace]) : 0;
  kept.hands[s] = is;
  if (!any && !last) return 0;
  out->seat = int8_t(s);
  std::memcpy(out->bytes, got, sizeof got);
  out->bytes[kLastFace] = last;
  return 1;
}

// The news of a buy: the buyer's cards, then the draw's when the offer was the turn's: told in
// seat order.
int got_in_buy(State& b, const State& a, int buyer, CardBits out[2]) {
  const int turn = turn_seat(a);
  if (turn == buyer) return got_only(b, a, buyer, out);
  const int n = got_only(b, a, std::min(buyer, turn), out);
  return n + got_only(b, a, std::max(buyer, turn), out + n);
}

// TableStatus::needs_reshuffle where the stock is empty (out of line: rare).
[[gnu::noinline]] void reshuffle_status(const State& s, TableStatus* out) {
  out->needs_reshuffle = needs_reshuffle(s);
}

void table_status(const void* state, TableStatus* out) {
  const auto& s = *static_cast<const State*>(state);
  out->to_act = int8_t(to_act(s));
  out->over = is_over(s);
  out->awaiting_deal = s.phase == Phase::deal;
  out->offering = offering(s);
  out->hands_scored = s.hands_scored;
  // A stock with cards needs no reshuffle (the common case, answered without a call).
  out->needs_reshuffle = false;
  if (s.phase == Phase::draw && s.stock_count == 0) [[unlikely]]
    reshuffle_status(s, out);
}

// The news found by `Got` (got_only, got_any or got_in_buy) for `seat`, and the status (out of
// line: the actions that give nobody a card then take no frame).
template <int (*Got)(State&, const State&, int, CardBits*)>
[[gnu::noinline]] int got_then_status(State& b, const State& a, int seat, CardBits out[2],
                                      TableStatus* status) {
  const int n = Got(b, a, seat, out);
  table_status(&a, status);
  return n;
}

// T14: a seat sees the cards it draws, buys (the penalty card) or takes; the others their
// count. The kept bytes are the hands; an action changes at most two of them, named by the
// action itself: its actor's, and for a buy or pass that ends the offer the hand of the seat
// whose turn it is, which draws then. A round scored empties every hand (nothing gained).
// Debug builds check that the kept hands match after every action, and the news against every
// hand compared.
int received_by_action(State& b, const State& a, const ActionCode& action, CardBits out[2],
                       TableStatus* status) {
  if (a.phase == Phase::deal || a.phase == Phase::over) {
    std::memcpy(b.hands, a.hands, sizeof a.hands);  // scored: every hand emptied
  } else {
    const int actor = action.seat;
    switch (ActionKind(action.kind)) {
      case ActionKind::discard:
      case ActionKind::down:
      case ActionKind::layoff:
        b.hands[actor] = a.hands[actor];  // cards given, none got
        break;
      case ActionKind::swap:
        return got_then_status<&got_any>(b, a, actor, out, status);
      case ActionKind::take:
        return got_then_status<&got_only>(b, a, actor, out, status);
      case ActionKind::draw:
        if (a.pending_draw) break;  // the discard is offered first: nothing drawn yet
        return got_then_status<&got_only>(b, a, actor, out, status);
      case ActionKind::pass:
        if (a.pending_draw) break;  // offered to the next seat, or waiting for a reshuffle
        return got_then_status<&got_only>(b, a, turn_seat(a), out, status);
      case ActionKind::buy:
        return got_then_status<&got_in_buy>(b, a, actor, out, status);
    }
  }
  table_status(&a, status);
  return 0;
}

int table_received(void* kept, const void* after, const ActionCode& action, CardBits out[2],
                   TableStatus* status) {
  auto& b = *static_cast<State*>(kept);
  const auto& a = *static_cast<const State*>(after);
#ifndef NDEBUG
  // Every seat's hand compared, in seat order, from a copy of the kept hands.
  State all_kept;
  std::memcpy(all_kept.hands, b.hands, sizeof b.hands);
  CardBits all[kMaxPlayers];
  int n_all = 0;
  for (int s = 0; s < players(a); ++s) n_all += got_any(all_kept, a, s, &all[n_all]);
  const int n = received_by_action(b, a, action, out, status);
  bool same = n == n_all;
  for (int i = 0; same && i < n; ++i)
    same = out[i].seat == all[i].seat &&
           std::memcmp(out[i].bytes, all[i].bytes, sizeof(FaceCounts)) == 0;
  if (!same) {
    std::fprintf(stderr,
                 "deckhand: Toonerville's table news of action kind %d differ from the "
                 "hands compared\n",
                 int(action.kind));
    std::abort();
  }
  return n;
#else
  return received_by_action(b, a, action, out, status);
#endif
}

void table_hand(const void* state, int seat, CardBits* out) {
  face_bits(seat, static_cast<const State*>(state)->hands[seat], out);
}

bool table_offering(const void* state) {
  return offering(*static_cast<const State*>(state));
}

using Saved = table_detail::SavedResult<State, &result_json>;

// A discard offered to the other seats (T6) is answered with buy (kind 2) or pass (kind 7).
const TableHooks kTableHooks{sizeof(State),
                             nullptr,
                             &table_received,
                             &table_hand,
                             &table_name,
                             &table_status,
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
      nullptr,  // no personas: rummy has no partnership conventions
      // Level 4 on habit less often than in the trick games: at 50% it won barely more rounds
      // than `basic` (docs/bots.md, "The ladder").
      30,
  };
  return extensions;
}

}  // namespace deckhand::toonerville
