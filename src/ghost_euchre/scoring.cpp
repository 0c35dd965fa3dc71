// Ghost Hand Euchre scoring: G8 (renege penalties), G9 (a hand's score), G10 (winning and
// the tie-break hand, the max_hands limit).
#include "../common/state_image.hpp"
#include "internal.hpp"

namespace deckhand::ghost_euchre::detail {

void settle_result(const Options& o, HandResult* r) {
  const int d = r->declarer, bid = r->bid, taken = r->tricks[d];
  for (int p = 0; p < kPlayers; ++p) {
    r->renege_penalty[p] = int16_t(-2 * r->reneges[p]);  // G8: 2 points per renege
    r->deltas[p] = p == d ? 0 : r->tricks[p];            // G9: 1 per trick for the others
  }
  if (bid == kMoon) {
    r->made = taken == kTricks;
    r->deltas[d] = r->made ? 24 : (o.moon_set == MoonSet::minus24 ? -24 : -6);
  } else {
    r->made = taken >= bid;
    if (!r->made)
      r->deltas[d] = -bid;  // set: loses the bid, nothing for tricks
    else
      r->deltas[d] = o.declarer_scores == DeclarerScores::bid ? bid : taken;
  }
  for (int p = 0; p < kPlayers; ++p) r->deltas[p] += r->renege_penalty[p];
}

void score_hand(State* s) {
  HandResult& r = s->last;
  r.declarer = s->declarer;
  r.bid = s->high_bid;
  r.hand_number = uint8_t(s->hand_number);
  for (int p = 0; p < kPlayers; ++p) {
    r.tricks[p] = s->tricks_won[p];
    r.reneges[p] = s->reneges[p];
  }
  settle_result(s->options, &r);
  for (int p = 0; p < kPlayers; ++p)
    s->scores[p] = deckhand::detail::add_score(s->scores[p], r.deltas[p]);
  deckhand::detail::count_up(&s->hands_scored);
  s->spare = CardSet();  // the dead hand goes back with the other cards
  s->dealer = uint8_t(next_seat(s->dealer));
  s->to_act = kNoSeat;
  s->phase = Phase::deal;
  settle_game_end(s);
}

void settle_game_end(State* s) {
  const int target = s->options.target;
  int top = s->scores[0], top_count = 0, reached = 0;
  for (int p = 0; p < kPlayers; ++p) top = s->scores[p] > top ? s->scores[p] : top;
  uint8_t top_mask = 0;
  for (int p = 0; p < kPlayers; ++p) {
    if (s->scores[p] == top) top_count++, top_mask |= seat_bit(p);
    if (s->scores[p] >= target) reached++;
  }
  const bool unique_top_at_target = top_count == 1 && top >= target;
  bool over;
  if (s->options.tiebreak == Tiebreak::highest) {
    over = unique_top_at_target;  // play on only while the top is tied
    if (!over && top >= target) s->tiebreak = 1;
  } else if (!s->tiebreak) {
    over = reached == 1;
    if (reached >= 2) s->tiebreak = 1;  // two or more reached it together: tie-break hand
  } else {
    over = unique_top_at_target;  // every later hand is a tie-break hand
  }
  // max_hands: the limit ends a game the target rule left running; the highest total wins
  // and ties share, tie-break hand or not.
  if (!over && s->options.max_hands && s->hands_scored >= s->options.max_hands) over = true;
  if (over) {
    s->phase = Phase::over;
    s->winners = top_mask;
  }
}

}  // namespace deckhand::ghost_euchre::detail
