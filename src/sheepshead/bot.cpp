// Sheepshead's `basic` bot (include/deckhand/bots.hpp): heuristics over a seat's view.
#include "bots.hpp"
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

namespace detail {

sh::Action sheepshead_lapse(const sh::View& v, const sh::Action* legal, int count,
                            PortableRng& rng) {
  if (v.phase == sh::Phase::picking) {
    const int trumps = trump_count(v.hand);
    const bool queen = !(v.hand & CardSet::rank(Rank::queen)).empty();
    for (int i = 0; i < count; ++i)
      if (legal[i].kind == sh::ActionKind::pick && (trumps >= 3 || (trumps == 2 && queen)))
        return legal[i];
    return sheepshead_bot(v, legal, count, rng);
  }
  if (v.phase == sh::Phase::play && v.in_trick == 0) {  // leads its best card, on habit
    const sh::Action* pick = &legal[0];
    for (int i = 1; i < count; ++i)
      if (strength(Card(legal[i].a)) > strength(Card(pick->a))) pick = &legal[i];
    return *pick;
  }
  sh::View forgot = v;
  if (forgot.partner != forgot.seat) forgot.partner = sh::kNoSeat;
  if (forgot.in_trick > 1) forgot.in_trick = 1;
  return sheepshead_bot(forgot, legal, count, rng);
}

const char* const kSheepsheadPersonas[] = {"schmearer", "miser", "fail-leader",
                                           "called-suit-leader", nullptr};

// The personas (docs/bots.md, "Personas"): a habit or convention that overrides `basic`'s card
// where it applies, and leaves it alone elsewhere.
sh::Action sheepshead_persona(const sh::View& v, const sh::Action* legal, int count, int persona,
                              sh::Action chosen) {
  if (v.phase != sh::Phase::play || count < 2 || v.contract == sh::Contract::leaster) return chosen;
  const TrickRanking& r = sh::ranking();
  const int t = v.tricks_done;
  const bool on_picker_side = v.seat == v.picker || v.seat == v.partner;
  // The trick so far: the best card's seat, and whether the picker has played to it.
  int best_seat = -1;
  bool picker_played = false;
  Card best;
  for (int i = 0; i < v.in_trick; ++i) {
    const int p = (v.leaders[t] + i) % sh::kPlayers;
    picker_played |= p == v.picker;
    const uint8_t code = v.played[t][p];
    if (code == sh::kFaceDown || (p == v.picker && v.unknown == code && code != kNoCard)) continue;
    if (best_seat < 0 || r.beats(Card(code), best)) best = Card(code), best_seat = p;
  }
  // The legal card with the most (or fewest) points; the weakest among equals.
  const auto by_points = [&](bool most) {
    const sh::Action* pick = &legal[0];
    for (int i = 1; i < count; ++i) {
      const int a = sh::card_points(Card(legal[i].a)), b = sh::card_points(Card(pick->a));
      if (most ? a > b : a < b) pick = &legal[i];
      if (a == b && strength(Card(legal[i].a)) < strength(Card(pick->a))) pick = &legal[i];
    }
    return *pick;
  };
  const auto friend_of = [&](int p) {
    const bool p_picker_side = p == v.picker || (v.partner != sh::kNoSeat && p == v.partner);
    return on_picker_side ? p_picker_side : v.partner != sh::kNoSeat && !p_picker_side;
  };
  switch (persona) {
    case 1:  // schmearer: a defender puts points on a trick the picker has played to and lost
      if (!on_picker_side && v.in_trick > 0 && picker_played && best_seat >= 0 &&
          best_seat != v.picker && (v.partner == sh::kNoSeat || best_seat != v.partner))
        return by_points(true);
      return chosen;
    case 2:  // miser: never schmears; onto a friend's trick it throws its fewest points
      if (v.in_trick > 0 && best_seat >= 0 && best_seat != v.seat && friend_of(best_seat))
        return by_points(false);
      return chosen;
    case 3: {  // fail-leader: the picker leads its fail (an ace first, else its lowest) before
               // trump
      if (v.seat != v.picker || v.in_trick != 0) return chosen;
      const sh::Action* pick = nullptr;
      for (int i = 0; i < count; ++i) {
        const Card c(legal[i].a);
        if (r.effective_suit(c) == kTrumpSuit) continue;
        const bool ace = c.rank() == Rank::ace;
        if (!pick || (ace && Card(pick->a).rank() != Rank::ace) ||
            (ace == (Card(pick->a).rank() == Rank::ace) && !ace &&
             strength(c) < strength(Card(pick->a))))
          pick = &legal[i];
      }
      return pick ? *pick : chosen;
    }
    case 4: {  // called-suit-leader: a defender leads the called suit until it has been led
      if (on_picker_side || v.in_trick != 0 || v.called == kNoCard || v.called_led) return chosen;
      const uint8_t suit = r.effective_suit(Card(v.called));
      const sh::Action* pick = nullptr;
      for (int i = 0; i < count; ++i) {
        const Card c(legal[i].a);
        if (r.effective_suit(c) == suit && (!pick || strength(c) < strength(Card(pick->a))))
          pick = &legal[i];
      }
      return pick ? *pick : chosen;
    }
    default:
      return chosen;
  }
}

}  // namespace detail

}  // namespace deckhand::bots
