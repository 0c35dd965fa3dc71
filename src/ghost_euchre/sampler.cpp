// Ghost Hand Euchre's consistent deals (bots.hpp, src/bots/consistent.hpp): what a seat knows
// of the hidden cards, and a uniform draw of them.
#include <algorithm>

#include "bots.hpp"

namespace deckhand::bots::detail {

// --- Ghost Hand Euchre (G4 swaps, G7 following suit, G11 what a seat sees) ---

bool EuchreSampler::init(const ghost_euchre::State& s, int seat) {
  namespace ge = ghost_euchre;
  if (seat < 0 || seat >= ge::kPlayers) return false;
  base_ = s;
  std::fill(std::begin(holder_of_), std::end(holder_of_), -1);
  const bool dealt =
      s.phase == ge::Phase::bidding || s.phase == ge::Phase::trump || s.phase == ge::Phase::play;
  // G4: the seat that gave up the dead hand knows it; in a chain of swaps, a seat whose old
  // hand the next swapper took knows that seat's hand.
  bool known[ge::kPlayers + 1] = {};
  known[seat] = true;
  known[ge::kPlayers] = s.spare_owner == seat;
  int previous_swapper = -1;
  for (int i = 0; i < s.auction_len; ++i) {
    if ((s.auction[i] & 15) != ge::kAuctionSwap) continue;
    const int swapper = s.auction[i] >> 4;
    if (previous_swapper == seat) known[swapper] = true;
    previous_swapper = swapper;
  }
  int holders = 0;
  CardSet holding[ge::kPlayers + 1];
  for (int p = 0; p < ge::kPlayers; ++p) holding[p] = s.hands[p];
  holding[ge::kPlayers] = s.spare;
  for (int h = 0; h <= ge::kPlayers; ++h)
    if (dealt && !known[h]) holder_of_[h] = holders++;
  // G7: a seat that did not follow the suit led has none of it (unless reneges are allowed).
  uint8_t voids[ge::kPlayers] = {};
  if (s.phase == ge::Phase::play && s.options.renege == ge::Renege::reject) {
    const TrickRanking& r = ge::ranking_for(Suit(s.trump));
    for (int t = 0; t <= s.tricks_done && t < ge::kTricks; ++t) {
      const uint8_t led = s.played[t][s.leaders[t]];
      if (led == kNoCard) continue;
      for (int p = 0; p < ge::kPlayers; ++p) {
        const uint8_t c = s.played[t][p];
        if (c != kNoCard && r.effective_suit(Card(c)) != r.effective_suit(Card(led)))
          voids[p] = uint8_t(voids[p] | 1u << r.effective_suit(Card(led)));
      }
    }
  }
  deal_.reset(holders);
  const TrickRanking& r = ge::ranking_for(Suit(s.trump < kSuitCount ? s.trump : 0));
  // The hidden cards in card order, not holder by holder: the draw must depend on what the
  // seat knows only, so that two states it cannot tell apart give the same samples.
  CardSet hidden;
  for (int h = 0; h <= ge::kPlayers; ++h) {
    if (holder_of_[h] < 0) continue;
    deal_.set_need(holder_of_[h], holding[h].size());
    hidden |= holding[h];
  }
  for (Card c : hidden) {
    uint32_t allowed = 0;
    for (int g = 0; g <= ge::kPlayers; ++g) {
      if (holder_of_[g] < 0) continue;
      const bool void_there =
          g < ge::kPlayers && s.trump < kSuitCount && (voids[g] >> r.effective_suit(c) & 1);
      if (!void_there) allowed |= 1u << holder_of_[g];
    }
    deal_.add_card(c.code, allowed);
  }
  return deal_.prepare();
}

namespace {

// G8 with renege=penalize: the reneges of this hand, which follow from where the cards were
// (each seat's holding is its hand now plus what it has played).
void count_reneges(ghost_euchre::State* s) {
  namespace ge = ghost_euchre;
  const TrickRanking& r = ge::ranking_for(Suit(s->trump));
  CardSet held[ge::kPlayers];
  for (int p = 0; p < ge::kPlayers; ++p) {
    held[p] = s->hands[p];
    s->reneges[p] = 0;
    for (int t = 0; t < ge::kTricks; ++t)
      if (s->played[t][p] != kNoCard) held[p].add(Card(s->played[t][p]));
  }
  for (int t = 0; t <= s->tricks_done && t < ge::kTricks; ++t) {
    const uint8_t led = s->played[t][s->leaders[t]];
    if (led == kNoCard) break;
    for (int i = 0; i < ge::kPlayers; ++i) {
      const int p = (s->leaders[t] + i) % ge::kPlayers;
      const uint8_t c = s->played[t][p];
      if (c == kNoCard) break;
      if (i > 0 && r.reneges(held[p], Card(led), Card(c))) ++s->reneges[p];
      held[p].remove(Card(c));
    }
  }
}

}  // namespace

void EuchreSampler::sample(PortableRng& rng, ghost_euchre::State* out) const {
  CardSet dealt[HiddenDeal::kMaxHolders];
  deal_.sample(rng, dealt);
  *out = base_;
  for (int p = 0; p < ghost_euchre::kPlayers; ++p)
    if (holder_of_[p] >= 0) out->hands[p] = dealt[holder_of_[p]];
  if (holder_of_[ghost_euchre::kPlayers] >= 0)
    out->spare = dealt[holder_of_[ghost_euchre::kPlayers]];
  if (base_.phase == ghost_euchre::Phase::play &&
      base_.options.renege == ghost_euchre::Renege::penalize)
    count_reneges(out);
}

}  // namespace deckhand::bots::detail
