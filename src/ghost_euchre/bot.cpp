// Ghost Hand Euchre's `basic` bot (include/deckhand/bots.hpp): heuristics over a seat's view.
#include "deckhand/bots.hpp"
#include "deckhand/ghost_euchre_bots.hpp"

namespace deckhand::bots {

using namespace ghost_euchre;

double euchre_hand_strength(CardSet hand, Suit trump) {
  const TrickRanking& r = ranking_for(trump);
  double tricks = 0;
  int trumps = 0;
  for (Card c : hand) {
    if (r.effective_suit(c) == kTrumpSuit) {
      ++trumps;
      // Bowers and the trump ace nearly always win; lower trumps win often with length.
      const int power = r.power[c.code];  // 7 = right bower ... 1 = nine
      tricks += power >= 6 ? 0.95 : power == 5 ? 0.8 : 0.45;
    } else if (c.rank() == Rank::ace) {
      tricks += 0.7;
    } else if (c.rank() == Rank::king) {
      tricks += 0.25;
    }
  }
  if (trumps >= 4) tricks += 0.5;  // long trumps draw the others out
  return tricks;
}

namespace {

Suit best_suit(CardSet hand, double* strength) {
  Suit best = Suit::clubs;
  *strength = -1;
  for (int s = 0; s < kSuitCount; ++s) {
    const double v = euchre_hand_strength(hand, Suit(s));
    if (v > *strength) *strength = v, best = Suit(s);
  }
  return best;
}

// The card among `options` with the lowest (or highest) power under `r`, trumps counting
// above every plain card.
Card extreme(const TrickRanking& r, CardSet options, bool highest) {
  Card pick = options.lowest();
  auto key = [&](Card c) { return (r.effective_suit(c) == kTrumpSuit ? 16 : 0) + r.power[c.code]; };
  for (Card c : options)
    if (highest ? key(c) > key(pick) : key(c) < key(pick)) pick = c;
  return pick;
}

const Action* find(const Action* legal, int count, ActionKind kind, int arg = -1) {
  for (int i = 0; i < count; ++i)
    if (legal[i].kind == kind && (arg < 0 || legal[i].arg == arg)) return &legal[i];
  return nullptr;
}

// The bid for a hand of `strength` (in tricks), or a swap or a pass.
Action bid_for(double strength, const Action* legal, int count, PortableRng& rng) {
  // A hand that cannot bid is worth trading for the unseen ghost hand.
  if (strength < 1.6 && rng.bounded(4) != 0)
    if (const Action* a = find(legal, count, ActionKind::swap)) return *a;
  int level = strength >= 5.6   ? kMoon
              : strength >= 4.6 ? 5
              : strength >= 3.6 ? 4
              : strength >= 2.6 ? 3
                                : 0;
  for (; level >= 3; --level)
    if (const Action* a = find(legal, count, ActionKind::bid, level)) return *a;
  if (const Action* a = find(legal, count, ActionKind::pass)) return *a;
  return legal[0];  // stuck dealer: the lowest bid is listed first after pass
}

}  // namespace

Action euchre_bot(const View& v, const Action* legal, int count, PortableRng& rng) {
  if (v.phase == Phase::bidding) {
    double strength;
    best_suit(v.hand, &strength);
    return bid_for(strength, legal, count, rng);
  }
  if (v.phase == Phase::trump) {
    double strength;
    const Suit s = best_suit(v.hand, &strength);
    if (const Action* a = find(legal, count, ActionKind::trump, int(s))) return *a;
    return legal[0];
  }
  // Play.
  CardSet options;
  for (int i = 0; i < count; ++i) options.add(Card(legal[i].arg));
  const TrickRanking& r = ranking_for(Suit(v.trump));
  const int t = v.tricks_done;
  Card chosen;
  if (v.in_trick == 0) {
    chosen = extreme(r, options, true);  // lead the strongest card
  } else {
    // The best card on the table so far, in play order from the leader.
    Card best(v.played[t][v.leaders[t]]);
    for (int i = 1; i < v.in_trick; ++i) {
      const Card c(v.played[t][(v.leaders[t] + i) % kPlayers]);
      if (r.beats(c, best)) best = c;
    }
    CardSet winners;
    for (Card c : options)
      if (r.beats(c, best)) winners.add(c);
    chosen = winners.empty() ? extreme(r, options, false) : extreme(r, winners, false);
  }
  for (int i = 0; i < count; ++i)
    if (legal[i].arg == chosen.code) return legal[i];
  return legal[0];
}

namespace detail {

Action euchre_lapse(const View& v, const Action* legal, int count, PortableRng& rng) {
  if (v.phase == Phase::bidding) {  // bids on hope: a trick more than the hand holds
    double strength;
    best_suit(v.hand, &strength);
    return bid_for(strength + 1.0, legal, count, rng);
  }
  View forgot = v;  // the play: the cards after the lead go unnoticed
  if (forgot.phase == Phase::play && forgot.in_trick > 1) forgot.in_trick = 1;
  return euchre_bot(forgot, legal, count, rng);
}

}  // namespace detail

}  // namespace deckhand::bots
