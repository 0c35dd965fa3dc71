// deckhand — the Ghost Hand Euchre bot's heuristic policy (level `basic`, docs/bots.md) over the
// game's own View and legal actions, for programs that play the game's pure API directly.
// The bots of every game and level behind one interface are in deckhand/bots.hpp.
#pragma once

#include "deckhand/cards.hpp"
#include "deckhand/ghost_euchre.hpp"
#include "deckhand/rng.hpp"

namespace deckhand::bots {

// Ghost Hand Euchre: bids on trump length and high cards, swaps a hopeless hand for the
// ghost, names its longest strong suit, wins tricks as cheaply as it can and otherwise
// throws its lowest card.
ghost_euchre::Action euchre_bot(const ghost_euchre::View& view, const ghost_euchre::Action* legal,
                                int count, PortableRng& rng);

// Expected tricks of a six-card hand if `trump` were trump (a rough table heuristic).
double euchre_hand_strength(CardSet hand, Suit trump);

}  // namespace deckhand::bots
