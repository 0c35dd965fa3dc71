// deckhand — the Toonerville Rook bot's heuristic policy (level `basic`, docs/bots.md) over the
// game's own View and legal actions, for programs that play the game's pure API directly.
// The bots of every game and level behind one interface are in deckhand/bots.hpp.
#pragma once

#include "deckhand/rng.hpp"
#include "deckhand/rook_cards.hpp"
#include "deckhand/toonerville.hpp"

namespace deckhand::bots {

// Toonerville Rook: goes down as soon as the contract finder says it can (T7; the whole hand
// in round 11), lays off and swaps Rooks when down, takes a discard that fits its hand, and
// otherwise discards the card least likely to help the round's contract, high penalty points
// first. For the play phase (meld, lay off, swap, discard).
toonerville::Action toonerville_bot(const toonerville::View& view, const toonerville::Action* legal,
                                    int count, PortableRng& rng);

// How readily the basic bot discards `face` from the hand of `view`: the lowest key goes first
// (the least useful card for the round's contract, high penalty points first).
int toonerville_discard_key(const toonerville::View& view, RookFace face);

// Whether the seat to act of `view` takes the top discard in the draw phase (T5).
bool toonerville_bot_wants_take(const toonerville::View& view);

// Whether the seat of `view` wants to buy the top discard now (T6): it is not down, the card
// fits its hand well, and it has bought fewer than three times this round.
bool toonerville_bot_wants_buy(const toonerville::View& view);

// The table's next action when bots hold every seat: the seat to act's bot chooses, from its
// own view only: in the draw phase take the discard if it wants it, else draw; offered a
// declined discard (T6), buy it if it wants it, else pass; in the play phase meld, lay off,
// swap and discard. False when no seat acts.
bool toonerville_bot_table(const toonerville::State& state, PortableRng& rng,
                           toonerville::Action* out);

}  // namespace deckhand::bots
