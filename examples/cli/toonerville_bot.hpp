// A Toonerville Rook bot for the command-line tool, the demo, the property tests and the
// benchmarks. It sees only its seat's view (T14), as a player at the table would.
#pragma once

#include "deckhand/rng.hpp"
#include "deckhand/toonerville.hpp"

namespace deckhand::cli {

// Goes down as soon as the contract finder says it can (T7; the whole hand in round 11), lays
// off and swaps Rooks when down, takes a discard that fits its hand, and otherwise discards
// the card least likely to help the round's contract, high penalty points first.
toonerville::Action toonerville_bot(const toonerville::View& view, const toonerville::Action* legal,
                                    int count, PortableRng& rng);

// Whether the seat of `view` wants to buy the top discard now (T6): it is not down, the card
// fits its hand well, and it has bought fewer than three times this round.
bool toonerville_bot_wants_buy(const toonerville::View& view);

// The table's next action when bots hold every seat: in the draw phase the seat to act takes
// the discard if its bot wants it, else the nearest seat whose bot wants to buy buys (T6,
// through toonerville::buy_winner), else the seat to act draws; in the play phase the seat
// to act's bot chooses. Each bot decides from its own view only. False when no seat acts.
bool toonerville_bot_table(const toonerville::State& state, PortableRng& rng,
                           toonerville::Action* out);

}  // namespace deckhand::cli
