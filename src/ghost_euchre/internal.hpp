// Ghost Hand Euchre internals shared by the files of src/ghost_euchre (not installed).
#pragma once

#include "deckhand/ghost_euchre.hpp"

namespace deckhand::ghost_euchre::detail {

// The first four bytes of a serialized ghost-euchre state (its descriptor's image tag).
constexpr char kImageTag[5] = "DHge";

inline constexpr uint8_t seat_bit(int seat) {
  return uint8_t(1u << seat);
}
inline constexpr int next_seat(int seat) {
  return (seat + 1) % kPlayers;
}

// G8–G9: a hand's score changes (made, renege penalties, deltas) from its declarer, bid,
// tricks and reneges in *r.
void settle_result(const Options& options, HandResult* r);
// G9–G10: scores the finished hand in place and moves the game to the next deal or its end.
void score_hand(State* s);
// G10 alone (target, tiebreak, max_hands): whether the game is over after the latest scores;
// sets winners and tiebreak.
void settle_game_end(State* s);

// advance for an action that is one of legal_actions(*s) (the C ABI's listed actions, which
// it recognises): a card play skips the checks that listing it made.
void advance_listed(State* s, Action a);

// G7: the seat that won trick t (complete) of s.
int trick_winner(const State& s, int t);
const char* phase_name(Phase p);
const char* bid_word(int level);  // "3", "4", "5", "moon"

// The view leak test's hook (G11): *out = s with two cards hidden from `seat` exchanged between
// two of their holders (the other hands, and the spare hand unless the seat gave it up), picked
// by `pick`; false when fewer than two holders hide cards from the seat.
bool swap_hidden(const State& s, int seat, uint64_t pick, State* out);

}  // namespace deckhand::ghost_euchre::detail
