// Sheepshead scoring: S10 (result of a called or alone hand), S11 (stakes, doubler, bump),
// S12 (no-trick loss), S14 (leaster), S15 (the game's end).
#include "../common/state_image.hpp"
#include "internal.hpp"

namespace deckhand::sheepshead::detail {

namespace {

void settle_leaster(HandResult* r) {
  // S14: fewest card points among the seats that took a trick (the blind already counted).
  int fewest = 1000, count = 0, winner = -1;
  for (int p = 0; p < kPlayers; ++p) {
    if (r->tricks[p] == 0) continue;
    if (r->points[p] < fewest)
      fewest = r->points[p], count = 1, winner = p;
    else if (r->points[p] == fewest)
      ++count;
  }
  r->multiplier = 1;
  if (count != 1) return;  // a tie for fewest: no score changes
  r->leaster_winner = uint8_t(winner);
  for (int p = 0; p < kPlayers; ++p)
    r->deltas[p] = p == winner ? (kPlayers - 1) * r->doubled : -r->doubled;
}

void settle_picker_side(const Options& o, HandResult* r) {
  const int picker = r->picker, partner = r->partner;
  int tricks = r->tricks[picker], points = r->points[picker] + r->bury_points;
  if (partner != kNoSeat) tricks += r->tricks[partner], points += r->points[partner];
  r->picker_side_tricks = uint8_t(tricks);
  const int defenders = partner != kNoSeat ? kPlayers - 2 : kPlayers - 1;
  if (tricks == 0) {  // S12: the picker alone pays; the bury does not count
    r->multiplier = 3;
    r->bumped = o.double_on_bump == DoubleOnBump::on ? 2 : 1;
    const int unit = r->multiplier * r->doubled * r->bumped;
    for (int p = 0; p < kPlayers; ++p)
      if (p != picker && p != partner) r->deltas[p] = unit;
    r->deltas[picker] = -defenders * unit;
    return;
  }
  r->picker_side_points = uint8_t(points);
  // S10: 60-60 is a loss.
  if (tricks == kTricks)
    r->won = 1, r->multiplier = 3;
  else if (points >= 91)
    r->won = 1, r->multiplier = 2;
  else if (points >= 61)
    r->won = 1, r->multiplier = 1;
  else if (points >= 31)
    r->won = 0, r->multiplier = 1;
  else
    r->won = 0, r->multiplier = 2;
  r->bumped = !r->won && o.double_on_bump == DoubleOnBump::on ? 2 : 1;
  // What each defender gets.
  const int unit = r->multiplier * r->doubled * r->bumped * (r->won ? -1 : 1);
  for (int p = 0; p < kPlayers; ++p)
    if (p != picker && p != partner) r->deltas[p] = unit;
  // S11: the picker's side pays or receives the defenders' total, 2:1 with a partner.
  if (partner != kNoSeat) {
    r->deltas[picker] = -2 * unit;
    r->deltas[partner] = -unit;
  } else {
    r->deltas[picker] = -defenders * unit;
  }
}

}  // namespace

void settle_result(const Options& options, HandResult* r) {
  for (int32_t& d : r->deltas) d = 0;
  r->picker_side_points = r->picker_side_tricks = r->won = 0;
  r->multiplier = r->bumped = 1;
  r->leaster_winner = kNoSeat;
  if (r->contract == Contract::leaster)
    settle_leaster(r);
  else
    settle_picker_side(options, r);
}

void score_hand(State* s) {
  HandResult r{};
  r.contract = s->contract;
  r.picker = s->picker;
  r.partner = s->contract == Contract::called ? s->partner : kNoSeat;
  r.called = s->called;
  r.unknown = s->unknown;
  r.bury_points = uint8_t(points_of(s->bury));
  r.doubled = s->doubled ? 2 : 1;
  r.hand_number = uint8_t(s->hand_number);
  if (s->contract == Contract::leaster && s->options.leaster_blind == LeasterBlind::last_trick) {
    // S14: the blind goes to the winner of the last trick (or to nobody).
    const int last_winner = s->trick_winners[kTricks - 1];
    r.blind_points = uint8_t(points_of(s->blind));
    s->points[last_winner] = uint8_t(s->points[last_winner] + r.blind_points);
  }
  for (int p = 0; p < kPlayers; ++p) {
    r.points[p] = s->points[p];
    r.tricks[p] = s->tricks_won[p];
  }
  settle_result(s->options, &r);
  bool in_range = true;  // see kScoreLimit: all deltas apply, or none, keeping S15's zero sum
  for (int p = 0; p < kPlayers; ++p)
    in_range &= deckhand::detail::score_in_range(int64_t(s->scores[p]) + r.deltas[p]);
  if (in_range)
    for (int p = 0; p < kPlayers; ++p) s->scores[p] += r.deltas[p];
  s->last = r;
  if (s->doubled) s->pending_doublers--;  // S5: one pending doubler per doubled hand
  s->doubled = 0;                         // the result keeps the factor (r.doubled)
  deckhand::detail::count_up(&s->hands_scored);
  s->dealer = uint8_t(next_seat(s->dealer));
  s->to_act = kNoSeat;
  s->phase = Phase::deal;
  // S15: the game ends after `hands` scored hands; the highest total wins (ties share).
  if (s->options.hands != 0 && s->hands_scored >= s->options.hands) {
    int top = s->scores[0];
    for (int p = 1; p < kPlayers; ++p) top = s->scores[p] > top ? s->scores[p] : top;
    for (int p = 0; p < kPlayers; ++p)
      if (s->scores[p] == top) s->winners |= seat_bit(p);
    s->phase = Phase::over;
  }
}

}  // namespace deckhand::sheepshead::detail
