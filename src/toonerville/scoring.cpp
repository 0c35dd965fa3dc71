// Toonerville scoring: T12 (penalty points of the cards left in hand, the lowest total after
// eleven rounds wins, ties share the win) and the end of a round by going out (T10, T11), by
// an empty stock with nothing left to draw, or at max_turns (T13).
#include <cstring>

#include "internal.hpp"

namespace deckhand::toonerville::detail {

void score_round(State* s, int went_out) {
  const int n = players(*s);
  RoundResult r{};
  r.round = s->round;
  r.went_out = uint8_t(went_out < 0 ? kNoSeat : went_out);
  r.down = s->down;
  r.reshuffles = s->reshuffles;
  for (int p = 0; p < n; ++p) {
    r.deltas[p] = p == went_out ? 0 : penalty_points(s->hands[p]);
    r.buys[p] = s->buys[p];
    s->scores[p] += r.deltas[p];
  }
  s->last = r;
  ++s->hands_scored;
  // Between rounds nothing is on the table.
  for (FaceCounts& h : s->hands) h = FaceCounts{};
  std::memset(s->stock, 0, sizeof s->stock);
  std::memset(s->pile, 0, sizeof s->pile);
  for (Meld& m : s->melds) m = Meld{};
  std::memset(s->meld_owner, 0, sizeof s->meld_owner);
  std::memset(s->rng, 0, sizeof s->rng);
  std::memset(s->buys, 0, sizeof s->buys);
  s->stock_count = s->pile_count = 0;
  s->meld_count = 0;
  s->down = s->bought = s->rooks_owed = s->has_rng = s->reshuffles = s->pending_draw = 0;
  s->turns = 0;
  s->taken_face = kNoRookFace;
  s->to_act = kNoSeat;
  s->dealer = uint8_t(next_seat(*s, s->dealer));  // T3: the deal passes left
  if (s->round < kRounds) {
    s->phase = Phase::deal;
    return;
  }
  s->phase = Phase::over;  // T12: the lowest total wins; ties share the win
  int32_t best = s->scores[0];
  for (int p = 1; p < n; ++p) best = s->scores[p] < best ? s->scores[p] : best;
  s->winners = 0;
  for (int p = 0; p < n; ++p)
    if (s->scores[p] == best) s->winners = uint8_t(s->winners | (1u << p));
}

}  // namespace deckhand::toonerville::detail
