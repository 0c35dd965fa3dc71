// deckhand — the Sheepshead bot's heuristic policy (level `basic`, docs/bots.md) over the
// game's own View and legal actions, for programs that play the game's pure API directly.
// The bots of every game and level behind one interface are in deckhand/bots.hpp.
#pragma once

#include "deckhand/rng.hpp"
#include "deckhand/sheepshead.hpp"

namespace deckhand::bots {

// Sheepshead: picks with four trumps (or three and a queen), buries high fail cards while
// keeping a call open, calls an ace when it can, and plays to win tricks cheaply, otherwise
// giving points to a winning partner and nothing to the other side.
sheepshead::Action sheepshead_bot(const sheepshead::View& view, const sheepshead::Action* legal,
                                  int count, PortableRng& rng);

}  // namespace deckhand::bots
