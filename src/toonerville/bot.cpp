// The `basic` Toonerville Rook bot (include/deckhand/bots.hpp): the contract finder for going
// down, a usefulness score for taking, buying and discarding.
#include <algorithm>

#include "bots.hpp"
#include "deckhand/bots.hpp"
#include "deckhand/toonerville_bots.hpp"
#include "internal.hpp"

namespace deckhand::bots {

using namespace toonerville;

namespace {

// How much `face` helps `hand` towards the contract: copies of its number (sets) and cards of
// its colour near it (runs). A Rook helps everything.
int usefulness(const FaceCounts& hand, RookFace face, Contract c) {
  if (is_rook(face)) return 100;
  const int colour = face_colour(face), number = face_number(face);
  int score = 0;
  if (c.sets) {
    int same = -1;  // not counting the card itself
    for (int k = 0; k < kRookColours; ++k) same += hand.count(rook_face(k, number));
    // A set needs three; copies beyond what the contract's sets can use only clog the hand.
    score += 3 * std::min(same, 2) - (same > 2 * c.sets ? 2 * (same - 2 * c.sets) : 0);
  }
  if (c.runs) {
    for (int d = -3; d <= 3; ++d) {
      const int m = number + d;
      if (d == 0 || m < 1 || m > kRookNumbers) continue;
      if (hand.count(rook_face(colour, m))) score += d == -1 || d == 1 ? 3 : 2;
    }
    if (hand.count(face) > 1) score -= 2;  // a duplicate adds little to a run
  }
  return score;
}

bool can_lay_off_anywhere(const View& v, RookFace face) {
  for (int m = 0; m < v.meld_count; ++m)
    if (can_lay_off(v.melds[m], face)) return true;
  return false;
}

constexpr int kNoArrangement = 100000;                  // a key above every arrangement's points
constexpr int kMostCardPoints = penalty_points(kRook);  // the most one card leaves over

// Round 11: the points left over by the best two runs and two sets of `hand`; huge when none.
int round11_leftover(const FaceCounts& hand) {
  Arrangement arr;
  return find_contract(hand, contract_for_round(kRounds), &arr) ? arr.leftover_points
                                                                : kNoArrangement;
}

// Round 11: the points the best two runs and two sets of `hand` without `face` leave over,
// when they are at most `at_most`; -1 when more, or when there is no such arrangement.
// `whole` is the whole hand's best arrangement, which answers most of these questions
// without a search: an arrangement of the hand without `face`, with `face` added to what it
// leaves, is one of the whole hand's, so it leaves at least the whole hand's points minus the
// face's; a face the whole hand's best leaves over leaves exactly that. `whole` is null when
// the hand has no arrangement (then it has none without any of its cards either) or, by the
// same bound, when the whole hand's best leaves more than at_most + kMostCardPoints.
int round11_points_without(const FaceCounts& hand, const Arrangement* whole, RookFace face,
                           int at_most) {
  if (!whole) return -1;
  const int lower = whole->leftover_points - penalty_points(face);
  if (lower > at_most) return -1;
  if (whole->leftover.n[face]) return lower;
  FaceCounts rest = hand;
  rest.remove(face);
  return toonerville::detail::cheapest_points_within(rest, contract_for_round(kRounds), at_most);
}

// Round 11: the whole hand's best arrangement in *out, or null when it has none.
const Arrangement* round11_whole(const FaceCounts& hand, Arrangement* out) {
  return find_contract(hand, contract_for_round(kRounds), out) ? out : nullptr;
}

// Round 11: whether `hand` without one of its cards leaves fewer points over than `points`.
// Only the answer is wanted: the whole hand's arrangement is asked within the bound plus the
// most a card can take away, each card's question within the bound, and the first yes ends
// the loop.
bool round11_leftover_below(const FaceCounts& hand, int points) {
  Arrangement arrangement;
  if (toonerville::detail::cheapest_points_within(hand, contract_for_round(kRounds),
                                                  points - 1 + kMostCardPoints, &arrangement) < 0)
    return false;
  for (int f = 0; f < kRookFaces; ++f)
    if (hand.n[f] && round11_points_without(hand, &arrangement, RookFace(f), points - 1) >= 0)
      return true;
  return false;
}

bool wants_top(const View& v, bool buying) {
  if (v.pile_count == 0) return false;
  const RookFace top = v.pile[v.pile_count - 1];
  const Contract c = contract_for_round(v.round);
  if (v.seat == kNoSeat) return false;
  if (v.round == kRounds && !buying) {
    // Take only a card that strictly improves the hand (else cards circle the table).
    FaceCounts with = v.hand;
    with.add(top);
    return round11_leftover_below(with, round11_leftover(v.hand));
  }
  if (v.down >> v.seat & 1) return !buying && can_lay_off_anywhere(v, top);
  if (is_rook(top)) return true;
  FaceCounts with = v.hand;
  with.add(top);
  return usefulness(with, top, c) >= (buying ? 6 : 3);
}

const Action* first_of(const Action* legal, int count, ActionKind kind) {
  for (int i = 0; i < count; ++i)
    if (legal[i].kind == kind) return &legal[i];
  return nullptr;
}

}  // namespace

bool toonerville_bot_wants_take(const View& v) {
  return wants_top(v, false);
}

bool toonerville_bot_wants_buy(const View& v) {
  if (v.seat == kNoSeat || (v.down >> v.seat & 1) || v.buys[v.seat] >= 3) return false;
  // Round 11 goes out with the whole hand (T11): every card bought must fit, so buy only when
  // the hand is too small for two runs and two sets (round11_deal=12 needs a buy).
  if (v.round == kRounds) return v.hand.total() + 1 < 2 * kMinRun + 2 * kMinSet;
  return wants_top(v, true);
}

namespace {

// How much keeping `f` is worth to the seat: for a lay-off once down, else towards the
// contract.
int keeping_use(const View& v, RookFace f) {
  const bool down = v.seat != kNoSeat && (v.down >> v.seat & 1);
  return down ? (can_lay_off_anywhere(v, f) ? 50 : 0)
              : usefulness(v.hand, f, contract_for_round(v.round));
}

}  // namespace

int toonerville_discard_key(const View& v, RookFace f) {
  const int use = keeping_use(v, f);
  if (v.round != kRounds) return use * 100 - penalty_points(f);
  // Round 11 goes out with the whole hand (T11): keep the hand whose best two runs and two
  // sets leave the fewest points over, so that a card or two more completes it.
  Arrangement whole;
  const int leftover =  // -1: no arrangement
      round11_points_without(v.hand, round11_whole(v.hand, &whole), f, 0xFFFF);
  return leftover >= 0 ? leftover * 100 - penalty_points(f)
                       : kNoArrangement + use * 100 - penalty_points(f);
}

namespace {

// toonerville_discard_key when it is at most `at_most`, else some key above it: the discard
// loop wants exact keys only up to the best so far, and in round 11 the bound saves most of
// the contract finder's work. `whole`: round11_whole of the seat's hand.
int discard_key_within(const View& v, const Arrangement* whole, RookFace f, int at_most) {
  if (v.round != kRounds) return toonerville_discard_key(v, f);
  const int points = penalty_points(f);
  // A key is leftover * 100 - points: at most at_most when the leftover is at most this.
  const int leftover = round11_points_without(v.hand, whole, f, (at_most + points) / 100);
  if (leftover >= 0) return leftover * 100 - points;
  // Over the bound, or no arrangement at all: the key of the latter decides.
  const int without_arrangement = kNoArrangement + keeping_use(v, f) * 100 - points;
  return without_arrangement > at_most ? at_most + 1 : toonerville_discard_key(v, f);
}

}  // namespace

Action toonerville_bot(const View& v, const Action* legal, int count, PortableRng& rng) {
  if (const Action* down = first_of(legal, count, ActionKind::down)) {
    // The engine lists an arrangement; the bot lays down the one leaving the fewest points.
    Arrangement best;
    if (v.round != kRounds && find_contract(v.hand, contract_for_round(v.round), &best) &&
        (v.options.rook_swap == RookSwap::table ||
         v.hand.rooks() - best.leftover.rooks() >= v.rooks_owed))
      return down_action(down->seat, best.melds, best.count);
    return *down;
  }
  // Lay off the card worth the most penalty points first; then swap Rooks out of runs.
  const Action* best = nullptr;
  int best_points = -1;
  for (int i = 0; i < count; ++i) {
    if (legal[i].kind != ActionKind::layoff) continue;
    const uint8_t b = legal[i].bytes[0];
    const int points = b & kRookAt ? 25 : penalty_points(RookFace(b));
    if (points > best_points) best = &legal[i], best_points = points;
  }
  if (best) return *best;
  if (const Action* swap = first_of(legal, count, ActionKind::swap)) return *swap;
  // Discard: the least useful card, high penalty points first; random among equals.
  const Action* pick = nullptr;
  int pick_key = 0, ties = 0;
  Arrangement arrangement;
  const Arrangement* whole = v.round == kRounds ? round11_whole(v.hand, &arrangement) : nullptr;
  for (int i = 0; i < count; ++i) {
    if (legal[i].kind != ActionKind::discard) continue;
    const int key = pick ? discard_key_within(v, whole, legal[i].bytes[0], pick_key)
                         : toonerville_discard_key(v, legal[i].bytes[0]);
    if (!pick || key < pick_key) {
      pick = &legal[i], pick_key = key, ties = 1;
    } else if (key == pick_key && rng.bounded(uint64_t(++ties)) == 0) {
      pick = &legal[i];
    }
  }
  if (pick) return *pick;
  return legal[rng.bounded(uint64_t(count))];
}

namespace detail {

bool toonerville_bot_table(const State& s, PortableRng& rng, Action* legal, Action* out) {
  const int seat = to_act(s);
  if (seat < 0) return false;
  if (offering(s)) {  // T6: the seat offered the declined discard buys it or passes
    *out = toonerville_bot_wants_buy(view(s, seat)) ? buy_action(seat) : pass_action(seat);
    return true;
  }
  const int n = legal_actions(s, legal);
  if (n == 0) return false;
  if (s.phase == Phase::draw) {
    const bool take = !s.bought && s.pile_count && toonerville_bot_wants_take(view(s, seat));
    *out = legal[0];  // take when the stock needs a reshuffle the record must give (T13)
    for (int i = 0; i < n; ++i)
      if (legal[i].kind == (take ? ActionKind::take : ActionKind::draw)) *out = legal[i];
    return true;
  }
  *out = toonerville_bot(view(s, seat), legal, n, rng);
  return true;
}

}  // namespace detail

bool toonerville_bot_table(const State& s, PortableRng& rng, Action* out) {
  Action legal[kMaxLegalActions];
  return detail::toonerville_bot_table(s, rng, legal, out);
}

}  // namespace deckhand::bots
