// Sheepshead internals shared by the files of src/sheepshead (not installed).
#pragma once

#include "deckhand/sheepshead.hpp"

namespace deckhand::sheepshead::detail {

// The first four bytes of a serialized sheepshead state (its descriptor's image tag).
constexpr char kImageTag[5] = "DHsh";

inline constexpr int next_seat(int seat) {
  return (seat + 1) % kPlayers;
}
inline constexpr uint8_t seat_bit(int seat) {
  return uint8_t(1u << seat);
}

inline const Card kFailAces[3] = {Card(Rank::ace, Suit::clubs), Card(Rank::ace, Suit::spades),
                                  Card(Rank::ace, Suit::hearts)};

// The cards a seat may play now (S8, S9), and whether the picker may play its unknown.
struct Playable {
  CardSet cards;
  bool unknown = false;
};
Playable playable(const State& s, int seat);

// Stores playable(s, s.to_act) in s->playable / s->unknown_playable during play, and
// clears them otherwise. Every transition that changes who acts or what they hold in the
// play phase calls it last.
void refresh_playable(State* s);

// advance for an action that is one of legal_actions(*s) (the C ABI's listed actions, which
// it recognises): a card play skips the checks that listing it made.
void advance_listed(State* s, Action a);

// S9, S7: the seat that won trick t (complete; the unknown never wins), and its card points.
int trick_winner(const State& s, int t);
int trick_points(const State& s, int t);

// The effective suit of the called card (a fail suit), or 0xFF without a call.
uint8_t called_suit(const State& s);

// S10–S14: a hand's result (won, multiplier, bump, leaster winner, the picker's side, score
// changes) from its contract, seats, card points, tricks, bury points and doubling in *r.
void settle_result(const Options& options, HandResult* r);

// S10–S14: scores the finished hand in place and moves to the next deal or the game's end.
void score_hand(State* s);

const char* phase_name(Phase p);
const char* contract_name(Contract c);

// The view leak test's hook (S13): *out = s with two cards hidden from `seat` (-1: a
// spectator) exchanged between two of their holders (the other hands; the blind, the bury and
// the unknown while hidden), keeping the fields that name cards consistent (the blind as the
// picker took it, the unknown played face down, the partner holding the called card); picked
// by `pick`. False when fewer than two holders hide cards from the seat.
bool swap_hidden(const State& s, int seat, uint64_t pick, State* out);

}  // namespace deckhand::sheepshead::detail
