// Sheepshead's `basic` bot (include/deckhand/bots.hpp): heuristics over a seat's view.
#include "deckhand/bots.hpp"
#include "deckhand/sheepshead_bots.hpp"

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
  const bool partner_known = v.partner != sh::kNoSeat;
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
