// Builds trick rankings from a game's trump list and plain rank order.
#include "deckhand/trick.hpp"

namespace deckhand {

TrickRanking make_ranking(const Card* trumps_high_to_low, int trump_count,
                          const Rank* plain_high_to_low, int plain_count) {
  TrickRanking r;
  for (int c = 0; c < 32; ++c) r.suit_of[c] = uint8_t(c >> 3);  // cards outside the deck
  for (int s = 0; s < kSuitCount; ++s) {
    for (int i = 0; i < plain_count; ++i) {
      const Card c(plain_high_to_low[i], Suit(s));
      r.suit_of[c.code] = uint8_t(s);
      r.power[c.code] = uint8_t(plain_count - i);
    }
  }
  for (int s = 0; s < kSuitCount; ++s) r.suit_cards[s] = CardSet();
  for (int s = 0; s < kSuitCount; ++s)
    for (int i = 0; i < plain_count; ++i) r.suit_cards[s].add(Card(plain_high_to_low[i], Suit(s)));
  for (int i = 0; i < trump_count; ++i) {
    const Card c = trumps_high_to_low[i];
    r.suit_cards[r.suit_of[c.code]].remove(c);
    r.suit_of[c.code] = kTrumpSuit;
    r.power[c.code] = uint8_t(trump_count - i);
    r.suit_cards[kTrumpSuit].add(c);
  }
  return r;
}

}  // namespace deckhand
