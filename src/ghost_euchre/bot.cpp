// The `basic` bots of the trick-taking games (include/deckhand/bots.hpp): Ghost Hand Euchre
// and Sheepshead heuristics over a seat's view.
#include "deckhand/bots.hpp"

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

}  // namespace

Action euchre_bot(const View& v, const Action* legal, int count, PortableRng& rng) {
  if (v.phase == Phase::bidding) {
    double strength;
    best_suit(v.hand, &strength);
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

}  // namespace deckhand::bots

namespace deckhand::bots {

namespace sh = sheepshead;

namespace {

int trump_count(CardSet hand) {
  return (hand & sh::ranking().suit_cards[kTrumpSuit]).size();
}

// Ordering key for playing strength: trumps above every fail card.
int strength(Card c) {
  const TrickRanking& r = sh::ranking();
  return (r.effective_suit(c) == kTrumpSuit ? 32 : 0) + r.power[c.code];
}

// Whether a plain ace call stays possible with `hand` after burying `buried` (S7).
bool plain_call_open(CardSet hand, CardSet buried) {
  const TrickRanking& r = sh::ranking();
  for (Suit s : {Suit::clubs, Suit::spades, Suit::hearts}) {
    const Card ace(Rank::ace, s);
    if (!(hand | buried).has(ace) && !(hand & r.suit_cards[uint8_t(s)]).empty()) return true;
  }
  return false;
}

}  // namespace

sh::Action sheepshead_bot(const sh::View& v, const sh::Action* legal, int count, PortableRng& rng) {
  const TrickRanking& r = sh::ranking();
  auto find = [&](sh::ActionKind kind) -> const sh::Action* {
    for (int i = 0; i < count; ++i)
      if (legal[i].kind == kind) return &legal[i];
    return nullptr;
  };
  if (v.phase == sh::Phase::picking) {
    const int trumps = trump_count(v.hand);
    const bool queen = !(v.hand & CardSet::rank(Rank::queen)).empty();
    const bool want = trumps >= 4 || (trumps == 3 && queen && rng.bounded(2) == 0);
    if (want || !find(sh::ActionKind::pass)) return *find(sh::ActionKind::pick);
    return *find(sh::ActionKind::pass);
  }
  if (v.phase == sh::Phase::burying) {
    // Bury the most points of fail cards, never a trump, keeping a plain call open.
    int best = -1, best_score = -1000;
    for (int i = 0; i < count; ++i) {
      const CardSet buried = CardSet::of(Card(legal[i].a)) | CardSet::of(Card(legal[i].b));
      int score = sh::points_of(buried) - 100 * trump_count(buried);
      if (plain_call_open(v.hand - buried, buried)) score += 50;
      if (score > best_score) best_score = score, best = i;
    }
    return legal[best];
  }
  if (v.phase == sh::Phase::calling) {
    const sh::Action* plain = nullptr;
    const sh::Action* unknown = nullptr;
    for (int i = 0; i < count; ++i) {
      if (legal[i].kind != sh::ActionKind::call) continue;
      if (legal[i].b == kNoCard && !plain) plain = &legal[i];
      // The unknown: the weakest fail card, or the weakest card at all.
      if (legal[i].b != kNoCard &&
          (!unknown || strength(Card(legal[i].b)) < strength(Card(unknown->b))))
        unknown = &legal[i];
    }
    if (plain) return *plain;
    if (trump_count(v.hand) >= 6 || !unknown) return *find(sh::ActionKind::alone);
    return *unknown;
  }
  // Play: the best card on the table so far (the unknown never wins; after a face-down
  // unknown lead nothing real is on the table yet, best_seat stays -1 and any card wins).
  const int t = v.tricks_done;
  int best_seat = -1;
  Card best;
  for (int i = 0; i < v.in_trick; ++i) {
    const int p = (v.leaders[t] + i) % sh::kPlayers;
    const uint8_t code = v.played[t][p];
    if (code == sh::kFaceDown || (p == v.picker && v.unknown == code && code != kNoCard)) continue;
    const Card c(code);
    if (best_seat < 0 || r.beats(c, best)) best = c, best_seat = p;
  }
  const bool on_picker_side = v.seat == v.picker || v.seat == v.partner;
  const bool partner_known = v.partner != kNoSeat;
  bool friend_winning = false;  // a seat known to be on this seat's side holds the trick
  if (best_seat >= 0 && best_seat != v.seat && v.contract != sh::Contract::leaster) {
    const bool best_on_picker_side =
        best_seat == v.picker || (partner_known && best_seat == v.partner);
    friend_winning = on_picker_side ? best_on_picker_side : partner_known && !best_on_picker_side;
  }
  const sh::Action* pick = &legal[0];
  for (int i = 1; i < count; ++i) {
    const Card c(legal[i].a), cur(pick->a);
    bool better;
    if (v.in_trick == 0) {
      better = on_picker_side ? strength(c) > strength(cur) : strength(c) < strength(cur);
    } else if (friend_winning) {
      better = sh::card_points(c) > sh::card_points(cur);  // schmear
    } else {
      const bool wins = best_seat < 0 || r.beats(c, best),
                 cur_wins = best_seat < 0 || r.beats(cur, best);
      better = wins != cur_wins ? wins
                                : (wins ? strength(c) < strength(cur)
                                        : sh::card_points(c) < sh::card_points(cur));
    }
    if (v.contract == sh::Contract::leaster && v.in_trick > 0) {
      // Leaster: avoid points; duck under the best card when possible.
      const bool wins = best_seat < 0 || r.beats(c, best),
                 cur_wins = best_seat < 0 || r.beats(cur, best);
      better = wins != cur_wins ? !wins : sh::card_points(c) > sh::card_points(cur);
    }
    if (better) pick = &legal[i];
  }
  return *pick;
}

}  // namespace deckhand::bots
