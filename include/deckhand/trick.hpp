// deckhand — trick resolution shared by the trick-taking games (Ghost Hand Euchre,
// Sheepshead).
//
// A TrickRanking maps each card to its effective suit (a trump card, including Euchre's left
// bower and Sheepshead's queens and jacks, belongs to the trump suit, never to its printed
// one) and to a power within that suit. The winner of a trick is the highest-powered trump,
// or with no trump in it the highest card of the effective suit led (G7, S9).
#pragma once

#include <cstdint>

#include "deckhand/cards.hpp"

namespace deckhand {

inline constexpr uint8_t kTrumpSuit = 4;  // effective-suit index of trump

struct TrickRanking {
  uint8_t suit_of[32] = {};    // effective suit 0..3 (plain C D H S) or kTrumpSuit
  uint8_t power[32] = {};      // larger beats smaller within one effective suit
  CardSet suit_cards[5] = {};  // the cards of each effective suit

  constexpr uint8_t effective_suit(Card c) const { return suit_of[c.code]; }

  // The cards of `hand` that may be played to a trick led by `led`: those of the led
  // effective suit, or the whole hand when it has none.
  constexpr CardSet playable(CardSet hand, Card led) const {
    const CardSet same = hand & suit_cards[suit_of[led.code]];
    return same.empty() ? hand : same;
  }

  // Whether playing `c` from `hand` to a trick led by `led` fails to follow suit.
  constexpr bool reneges(CardSet hand, Card led, Card c) const {
    return suit_of[c.code] != suit_of[led.code] && !(hand & suit_cards[suit_of[led.code]]).empty();
  }

  constexpr bool beats(Card challenger, Card best) const {
    const uint8_t cs = suit_of[challenger.code], bs = suit_of[best.code];
    if (cs == bs) return power[challenger.code] > power[best.code];
    return cs == kTrumpSuit;
  }

  // Index (into cards[0..count)) of the card that wins; cards[0] is the lead.
  constexpr int winner(const Card* cards, int count) const {
    int best = 0;
    for (int i = 1; i < count; ++i)
      if (beats(cards[i], cards[best])) best = i;
    return best;
  }
};

// Builds a ranking from a list of trump cards, high to low, and the plain order of the
// remaining ranks, high to low (cards of a suit not listed in trumps).
TrickRanking make_ranking(const Card* trumps_high_to_low, int trump_count,
                          const Rank* plain_high_to_low, int plain_count);

}  // namespace deckhand
