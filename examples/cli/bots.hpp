// Simple bots for the command-line tool: they see only their seat's view (G11), as a
// player at the table would, and pick one of the legal actions.
#pragma once

#include "deckhand/ghost_euchre.hpp"
#include "deckhand/rng.hpp"

namespace deckhand::cli {

// Ghost Hand Euchre: bids on trump length and high cards, swaps a hopeless hand for the
// ghost, names its longest strong suit, wins tricks as cheaply as it can and otherwise
// throws its lowest card.
ghost_euchre::Action euchre_bot(const ghost_euchre::View& view, const ghost_euchre::Action* legal,
                                int count, PortableRng& rng);

// Expected tricks of a six-card hand if `trump` were trump (a rough table heuristic).
double euchre_hand_strength(CardSet hand, Suit trump);

}  // namespace deckhand::cli

#include "deckhand/sheepshead.hpp"

namespace deckhand::cli {

// Sheepshead: picks with four trumps (or three and a queen), buries high fail cards while
// keeping a call open, calls an ace when it can, and plays to win tricks cheaply, otherwise
// giving points to a winning partner and nothing to the other side.
sheepshead::Action sheepshead_bot(const sheepshead::View& view, const sheepshead::Action* legal,
                                  int count, PortableRng& rng);

}  // namespace deckhand::cli
