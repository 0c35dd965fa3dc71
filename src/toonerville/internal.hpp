// Toonerville internals shared by the files of src/toonerville (not installed).
#pragma once

#include "deckhand/toonerville.hpp"

namespace deckhand::toonerville::detail {

// The first four bytes of a serialized toonerville state (its descriptor's image tag).
constexpr char kImageTag[5] = "DHtr";

inline int next_seat(const State& s, int seat) {
  return (seat + 1) % players(s);
}

// T12/T13: scores the round in place (the seat that went out, or kNoSeat when nothing was
// left to draw or the round reached max_turns), clears the table and moves to the next deal or the
// game's end.
void score_round(State* s, int went_out);

// A layoff byte of an action: a face, or kRookAt | number for a Rook placed on a run.
struct LayoffCard {
  RookFace face;  // kRook for both Rook forms
  int number;     // the number a Rook stands for on a run; 0 = the library's choice
};
bool decode_layoff_card(uint8_t byte, LayoffCard* out);

// Cheap necessary conditions for laying `contract` down (or, with whole_hand, going out in
// round 11): false means the contract finder would say no. find_whole_hand asks it first.
bool may_meet_contract(const FaceCounts& hand, Contract contract, bool whole_hand);

// The points find_contract's arrangement leaves in hand when they are at most `at_most`,
// and then, when `out` is not null, an arrangement leaving them (not always find_contract's:
// several may leave as few); -1 when the hand cannot lay the contract down or only with
// more. The bound lets the sweep drop more states: the basic bot's round-11 comparisons need
// no more than this.
int cheapest_points_within(const FaceCounts& hand, Contract contract, int at_most,
                           Arrangement* out = nullptr);

// find_contract without its memo of recent answers: the finder's own cost, for the benchmarks.
bool find_contract_unmemoised(const FaceCounts& hand, Contract contract, Arrangement* out);

// find_any_contract without minimal melds: the depth-first search over the sweep's
// transitions alone (the tests' independent check of the minimal melds).
bool find_any_by_search(const FaceCounts& hand, Contract contract, Arrangement* out);

// The view leak test's hook (T14): *out = s with the stock's order changed and a card of
// another seat's hand (picked by `pick`) exchanged with the stock's top; false outside the
// draw and play phases or with fewer than two cards in the stock.
bool swap_hidden(const State& s, int seat, uint64_t pick, State* out);

}  // namespace deckhand::toonerville::detail
