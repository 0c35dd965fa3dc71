// Sheepshead transitions and legal actions: S3 (deal), S4 (picking), S5 (nobody picks),
// S6 (burying), S7 (calling, alone, the unknown), S8 (called-suit obligations), S9 (play),
// S14 (leaster play). Scoring is in scoring.cpp.
#include <bit>
#include <cassert>
#include <cstdio>
#include <cstring>

#include "../common/state_image.hpp"
#include "deckhand/rng.hpp"
#include "internal.hpp"

namespace deckhand::sheepshead {

using detail::next_seat;

namespace {

TrickRanking make_sheepshead_ranking() {
  const Card trumps[] = {Card(Rank::queen, Suit::clubs),    Card(Rank::queen, Suit::spades),
                         Card(Rank::queen, Suit::hearts),   Card(Rank::queen, Suit::diamonds),
                         Card(Rank::jack, Suit::clubs),     Card(Rank::jack, Suit::spades),
                         Card(Rank::jack, Suit::hearts),    Card(Rank::jack, Suit::diamonds),
                         Card(Rank::ace, Suit::diamonds),   Card(Rank::ten, Suit::diamonds),
                         Card(Rank::king, Suit::diamonds),  Card(Rank::nine, Suit::diamonds),
                         Card(Rank::eight, Suit::diamonds), Card(Rank::seven, Suit::diamonds)};
  const Rank plain[] = {Rank::ace, Rank::ten, Rank::king, Rank::nine, Rank::eight, Rank::seven};
  return make_ranking(trumps, 14, plain, 6);
}
const TrickRanking kRanking = make_sheepshead_ranking();

constexpr int kPoints[kRankCount] = {0, 0, 0, 10, 2, 3, 4, 11};  // 7 8 9 T J Q K A (S1)

const char* suit_text(uint8_t effective) {
  return effective == kTrumpSuit ? "trump" : suit_word(Suit(effective));
}

Reason precheck(const State& s, int seat, Phase phase, const char* what, Error* err) {
  return deckhand::detail::turn_check(s, seat, phase, kPlayers, what, &detail::phase_name, err);
}

void start_play(State* s, Contract contract) {
  s->contract = contract;
  s->phase = Phase::play;
  s->to_act = uint8_t(next_seat(s->dealer));  // S9, S14: left of the dealer leads
  s->leaders[0] = s->to_act;
  detail::refresh_playable(s);
}

Reason do_pick(State* s, int seat, Error* err) {
  if (Reason r = precheck(*s, seat, Phase::picking, "pick", err); r != Reason::ok) return r;
  s->picker = uint8_t(seat);
  s->hands[seat] |= s->blind;  // S6: the blind joins the hand; `blind` keeps which cards
  s->phase = Phase::burying;
  return Reason::ok;
}

// Why the seat to act may not pass (S5): the dealer after four passes with no_pick=forced, or
// with no_pick=doubler when one more pending doubler could not be counted. One place for the
// transition and for legal_actions, which must never list a pass the transition refuses.
Reason pass_refusal(const State& s) {
  if (s.passes != kPlayers - 1) return Reason::ok;
  if (s.options.no_pick == NoPick::forced) return Reason::dealer_must_pick;
  if (s.options.no_pick == NoPick::doubler && s.pending_doublers == UINT16_MAX)
    return Reason::doubler_limit;
  return Reason::ok;
}

Reason do_pass(State* s, int seat, Error* err) {
  if (Reason r = precheck(*s, seat, Phase::picking, "pass", err); r != Reason::ok) return r;
  const bool last = s->passes == kPlayers - 1;
  switch (pass_refusal(*s)) {
    case Reason::dealer_must_pick:
      return fail(err, Reason::dealer_must_pick,
                  "everyone else passed: seat %d deals and must pick (S5, no_pick=forced)", seat);
    case Reason::doubler_limit:
      return fail(err, Reason::doubler_limit, "%u doubled hands are already pending (S5)",
                  unsigned(UINT16_MAX));
    default:
      break;
  }
  s->passes++;
  if (!last) {
    s->to_act = uint8_t(next_seat(seat));
    return Reason::ok;
  }
  if (s->options.no_pick == NoPick::leaster) {  // S14: played at once, the blind set aside
    start_play(s, Contract::leaster);
    return Reason::ok;
  }
  // S5 doubler: thrown in; the next scored hand is doubled.
  s->pending_doublers++;
  for (auto& h : s->hands) h = CardSet();
  s->blind = CardSet();
  s->dealer = uint8_t(next_seat(s->dealer));
  s->phase = Phase::deal;
  s->to_act = kNoSeat;
  return Reason::ok;
}

Reason do_bury(State* s, int seat, Card first, Card second, Error* err) {
  if (Reason r = precheck(*s, seat, Phase::burying, "bury", err); r != Reason::ok) return r;
  if (!first.valid() || !second.valid() || first == second)
    return fail(err, Reason::malformed_action, "bury takes two different cards (S6)");
  for (Card c : {first, second})
    if (!s->hands[seat].has(c))
      return fail(err, Reason::card_not_held, "seat %d does not hold %s", seat, card_name(c));
  s->bury = CardSet::of(first) | CardSet::of(second);
  s->hands[seat] = s->hands[seat] - s->bury;
  s->phase = Phase::calling;
  return Reason::ok;
}

// S7's call rules, in one place for the transition and for legal_actions.
struct CallOptions {
  CardSet aces;          // fail aces that may be called plainly
  CardSet tens;          // fail tens that may be called (picker owns all three fail aces)
  CardSet unknown_aces;  // aces that may be called with an unknown card
};

CallOptions call_options(const State& s) {
  CallOptions o;
  const CardSet hand = s.hands[s.picker];
  const CardSet owned = hand | s.bury;
  bool all_aces = true;
  for (Card ace : detail::kFailAces) all_aces &= owned.has(ace);
  for (Card ace : detail::kFailAces) {
    const CardSet suit = kRanking.suit_cards[uint8_t(ace.suit())];  // the fail suit, no Q/J
    if (!owned.has(ace) && !(hand & suit).empty()) o.aces.add(ace);
    const Card ten(Rank::ten, ace.suit());
    if (all_aces && hand.has(ace) && !owned.has(ten)) o.tens.add(ten);
  }
  if (o.aces.empty() && o.tens.empty() && s.options.unknown == Unknown::on) {
    for (Card ace : detail::kFailAces) {
      const CardSet suit = kRanking.suit_cards[uint8_t(ace.suit())];
      if (!owned.has(ace) && (hand & suit).empty()) o.unknown_aces.add(ace);
    }
  }
  return o;
}

Reason do_call(State* s, int seat, Card called, Card unknown, Error* err) {
  if (Reason r = precheck(*s, seat, Phase::calling, "call", err); r != Reason::ok) return r;
  const bool fail_card = called.valid() && kRanking.effective_suit(called) != kTrumpSuit;
  if (!fail_card || (called.rank() != Rank::ace && called.rank() != Rank::ten))
    return fail(err, Reason::not_callable, "%s cannot be called: only a fail ace or ten (S7)",
                card_name(called));
  const CardSet hand = s->hands[seat];
  if ((hand | s->bury).has(called))
    return fail(err, Reason::cannot_call_own_card, "seat %d owns %s (%s) and cannot call it (S7)",
                seat, card_name(called), hand.has(called) ? "in hand" : "buried");
  const CallOptions o = call_options(*s);
  const Suit suit = called.suit();
  if (unknown.valid()) {
    if (s->options.unknown == Unknown::off)
      return fail(err, Reason::unknown_not_allowed, "the unknown is off (option unknown=off)");
    if (!hand.has(unknown))
      return fail(err, Reason::card_not_held, "seat %d does not hold %s to mark as the unknown",
                  seat, card_name(unknown));
    if (called.rank() != Rank::ace)
      return fail(err, Reason::unknown_not_allowed, "only an ace is called with an unknown (S7)");
    if (!o.unknown_aces.has(called))
      return fail(err, Reason::unknown_not_allowed,
                  !o.aces.empty() || !o.tens.empty()
                      ? "a plain call is possible, so no unknown (S7)"
                      : "seat %d holds %s, so %s needs no unknown (S7)",
                  seat, suit_word(suit), card_name(called));
  } else if (called.rank() == Rank::ace) {
    if (!o.aces.has(called))
      return fail(err, Reason::no_hold_card, "seat %d holds no %s in hand to call %s (S7)", seat,
                  suit_word(suit), card_name(called));
  } else {
    bool all_aces = true;
    for (Card ace : detail::kFailAces) all_aces &= (hand | s->bury).has(ace);
    if (!all_aces)
      return fail(err, Reason::ten_call_needs_all_aces,
                  "seat %d does not own all three fail aces (S7)", seat);
    if (!o.tens.has(called))
      return fail(err, Reason::no_hold_card,
                  "seat %d must hold the ace of %s in hand to call %s (S7)", seat, suit_word(suit),
                  card_name(called));
  }
  s->called = called.code;
  for (int p = 0; p < kPlayers; ++p)
    if (s->hands[p].has(called)) s->partner = uint8_t(p);
  if (unknown.valid()) {
    s->unknown = unknown.code;  // set aside face down: not held for following suit (S7)
    s->hands[seat].remove(unknown);
  }
  start_play(s, Contract::called);
  return Reason::ok;
}

Reason do_alone(State* s, int seat, Error* err) {
  if (Reason r = precheck(*s, seat, Phase::calling, "go alone", err); r != Reason::ok) return r;
  start_play(s, Contract::alone);
  return Reason::ok;
}

// Why `card` may not be played now: the first rule it breaks, with a message.
Reason play_refusal(const State& s, int seat, Card card, bool is_unknown, Error* err) {
  const int t = s.tricks_done;
  const bool leading = s.in_trick == 0;
  const Card called(s.called);
  const uint8_t csuit = detail::called_suit(s);
  const bool first_called_trick = s.called_led == t + 1;
  const CardSet hand = s.hands[seat];
  if (!leading && first_called_trick && s.contract == Contract::called) {
    if (seat == s.partner && card != called)
      return fail(err, Reason::must_play_called_card,
                  "the called suit is led: seat %d must play %s (S8)", seat, card_name(called));
    if (seat == s.picker && s.unknown != kNoCard && !s.unknown_played && !is_unknown)
      return fail(err, Reason::must_play_unknown,
                  "the called suit is led: the picker must play the unknown %s (S8)",
                  card_name(Card(s.unknown)));
  }
  if (is_unknown)
    return fail(err, Reason::unknown_held_back,
                "the unknown %s is played only to the first %s trick, as a lead, or last (S7)",
                card_name(card), suit_word(Suit(csuit)));
  if (leading) {
    if (seat == s.partner && !s.called_led && kRanking.effective_suit(card) == csuit &&
        card != called)
      return fail(err, Reason::must_lead_called_card,
                  "seat %d leads %s: the partner must lead %s (S8)", seat, suit_word(Suit(csuit)),
                  card_name(called));
  } else {
    const int suit = led_suit(s);
    const CardSet follow = hand & kRanking.suit_cards[suit];
    if (!follow.empty() && !follow.has(card))
      return fail(err, Reason::must_follow_suit, "%s held, %s led (S9)", card_name(follow.lowest()),
                  suit_text(uint8_t(suit)));
  }
  if (s.contract == Contract::called && !s.called_led && t < kTricks - 1) {
    if (seat == s.partner && card == called)
      return fail(err, Reason::called_card_held_back,
                  "seat %d may not play %s before %s is led (S8)", seat, card_name(called),
                  suit_word(Suit(csuit)));
    if (seat == s.picker && !leading) {
      const CardSet hold = called.rank() == Rank::ten ? CardSet::of(Card(Rank::ace, called.suit()))
                                                      : hand & kRanking.suit_cards[csuit];
      if (hold.has(card) && hold.single())
        return fail(err, Reason::must_keep_hold_card,
                    "the picker must keep %s until %s is led (S8)", card_name(card),
                    suit_word(Suit(csuit)));
    }
  }
  return fail(err, Reason::card_not_held, "%s cannot be played now", card_name(card));
}

// The winner of a full trick, in play positions from the leader; the unknown never wins (S7).
int trick_winner_position(const State& s, int t) {
  const int leader = s.leaders[t];
  Card cards[kPlayers];
  for (int i = 0, p = leader; i < kPlayers; ++i, p = next_seat(p)) cards[i] = Card(s.played[t][p]);
  if (s.unknown_played != t + 1) return kRanking.winner(cards, kPlayers);
  // The unknown counts as a card of the called suit that beats nothing.
  const int unknown_at = (s.picker - leader + kPlayers) % kPlayers;
  const uint8_t led_suit =
      unknown_at == 0 ? detail::called_suit(s) : kRanking.effective_suit(cards[0]);
  int best = -1;
  for (int i = 0; i < kPlayers; ++i) {
    if (i == unknown_at) continue;
    const uint8_t suit = kRanking.effective_suit(cards[i]);
    if (best < 0 ? (suit == led_suit || suit == kTrumpSuit) : kRanking.beats(cards[i], cards[best]))
      best = i;
  }
  return best < 0 ? (unknown_at == 0 ? 1 : 0) : best;
}

// Whether seat plays the unknown (S7: the picker's face-down card, not yet played) as card.
bool plays_unknown(const State& s, int seat, Card card) {
  return seat == s.picker && card.code == s.unknown && !s.unknown_played;
}

// A card play whose checks were made (by do_play, or by legal_actions listing it): the seat
// is to act in the play and may play the card (S9), its own or, is_unknown, the unknown.
[[gnu::always_inline]] inline void play_card(State* s, int seat, Card card, bool is_unknown) {
  const int t = s->tricks_done;
  if (is_unknown)
    s->unknown_played = uint8_t(t + 1);
  else
    s->hands[seat].remove(card);
  s->played[t][seat] = card.code;
  if (s->in_trick == 0 && s->contract == Contract::called && !s->called_led &&
      (is_unknown || kRanking.effective_suit(card) == detail::called_suit(*s)))
    s->called_led = uint8_t(t + 1);  // S8: the called suit is led for the first time
  if (++s->in_trick < kPlayers) {
    s->to_act = uint8_t(next_seat(seat));
    detail::refresh_playable(s);
    return;
  }
  const int winner = detail::trick_winner(*s, t);
  s->points[winner] = uint8_t(s->points[winner] + detail::trick_points(*s, t));
  s->tricks_won[winner]++;
  s->trick_winners[t] = uint8_t(winner);
  s->tricks_done++;
  s->in_trick = 0;
  if (s->tricks_done < kTricks) {
    s->leaders[s->tricks_done] = uint8_t(winner);
    s->to_act = uint8_t(winner);
  } else {
    detail::score_hand(s);
  }
  detail::refresh_playable(s);
}

Reason do_play(State* s, int seat, Card card, Error* err) {
  if (Reason r = precheck(*s, seat, Phase::play, "play", err); r != Reason::ok) return r;
  if (!card.valid())
    return fail(err, Reason::invalid_card, "card code %d is not a card", int(card.code));
  const bool is_unknown = plays_unknown(*s, seat, card);
  if (!is_unknown && !s->hands[seat].has(card))
    return fail(err, Reason::card_not_held, "seat %d does not hold %s", seat, card_name(card));
  if (is_unknown ? !s->unknown_playable : !s->playable.has(card))
    return play_refusal(*s, seat, card, is_unknown, err);
  play_card(s, seat, card, is_unknown);
  return Reason::ok;
}

void start_hand(State* s, const CardSet hands[kPlayers], CardSet blind) {
  deckhand::detail::count_up(&s->hand_number);
  for (int p = 0; p < kPlayers; ++p) s->hands[p] = hands[p];
  s->blind = blind;
  s->bury = CardSet();
  s->phase = Phase::picking;
  s->contract = Contract::none;
  s->to_act = uint8_t(next_seat(s->dealer));  // S4: left of the dealer first
  s->passes = 0;
  s->picker = s->partner = kNoSeat;
  s->called = s->unknown = kNoCard;
  s->called_led = s->unknown_played = 0;
  s->doubled = s->pending_doublers > 0;
  s->tricks_done = s->in_trick = 0;
  std::memset(s->leaders, kNoSeat, sizeof s->leaders);
  std::memset(s->played, kNoCard, sizeof s->played);
  std::memset(s->trick_winners, kNoSeat, sizeof s->trick_winners);
  std::memset(s->points, 0, sizeof s->points);
  std::memset(s->tricks_won, 0, sizeof s->tricks_won);
}

Reason deal_precheck(const State& s, Error* err) {
  return deckhand::detail::deal_allowed(s.phase == Phase::over, s.phase == Phase::deal,
                                        detail::phase_name(s.phase), s.hand_number, err);
}

inline void debug_check(const State& s) {
  deckhand::detail::debug_check(s, &check_invariants, "sheepshead");
}

template <typename Step>
Reason pure(const State& s, State* out, Step step) {
  return deckhand::detail::pure_transition(s, out, &check_invariants, "sheepshead", step);
}

}  // namespace

namespace detail {

void refresh_playable(State* s) {
  if (s->phase == Phase::play) {
    const Playable p = playable(*s, s->to_act);
    s->playable = p.cards;
    s->unknown_playable = p.unknown;
  } else {
    s->playable = CardSet();
    s->unknown_playable = 0;
  }
}

int trick_winner(const State& s, int t) {
  return (s.leaders[t] + trick_winner_position(s, t)) % kPlayers;
}

int trick_points(const State& s, int t) {
  int points = 0;
  for (int p = 0; p < kPlayers; ++p) points += kPoints[s.played[t][p] & 7];
  return points;
}

uint8_t called_suit(const State& s) {
  return s.called == kNoCard ? uint8_t(0xFF) : kRanking.effective_suit(Card(s.called));
}

Playable playable(const State& s, int seat) {
  Playable out;
  const CardSet hand = s.hands[seat];
  if (s.contract != Contract::called) {  // alone and leaster: only follow suit (S9)
    if (s.in_trick == 0) return {hand, false};
    const Card led(s.played[s.tricks_done][s.leaders[s.tricks_done]]);
    const CardSet follow = hand & kRanking.suit_cards[kRanking.effective_suit(led)];
    return {follow.empty() ? hand : follow, false};
  }
  const int t = s.tricks_done;
  const bool last = t == kTricks - 1;
  const bool called = s.contract == Contract::called;
  const bool has_unknown = called && seat == s.picker && s.unknown != kNoCard && !s.unknown_played;
  const uint8_t csuit = called_suit(s);
  const CardSet called_suit_cards = called ? kRanking.suit_cards[csuit] : CardSet();
  const Card called_card(s.called);
  if (s.in_trick == 0) {
    out.cards = hand;
    if (called && seat == s.partner && !s.called_led)  // S8: the partner leads the called card
      out.cards = hand - (called_suit_cards - CardSet::of(called_card));
    out.unknown = has_unknown;  // leading it leads the called suit (S7)
    return out;
  }
  if (called && s.called_led == t + 1) {  // the first trick of the called suit
    if (seat == s.partner) return {CardSet::of(called_card), false};
    if (has_unknown) return {CardSet(), true};
  }
  const CardSet follow = hand & kRanking.suit_cards[led_suit(s)];
  out.cards = follow.empty() ? hand : follow;
  if (called && !s.called_led && !last) {
    if (seat == s.partner) out.cards = out.cards - CardSet::of(called_card);
    if (seat == s.picker) {
      const CardSet hold = called_card.rank() == Rank::ten
                               ? CardSet::of(Card(Rank::ace, called_card.suit()))
                               : hand & called_suit_cards;
      if (hold.single()) out.cards = out.cards - hold;
    }
  }
  out.unknown = has_unknown && last;
  return out;
}

}  // namespace detail

const TrickRanking& ranking() {
  return kRanking;
}
int card_points(Card c) {
  return c.valid() ? kPoints[c.code & 7] : 0;
}
int points_of(CardSet cards) {
  int total = 0;
  for (Card c : cards) total += kPoints[c.code & 7];
  return total;
}

Card led_card(const State& s) {
  if (s.phase != Phase::play || s.in_trick == 0) return Card();
  return Card(s.played[s.tricks_done][s.leaders[s.tricks_done]]);
}

int led_suit(const State& s) {
  if (s.phase != Phase::play || s.in_trick == 0) return -1;
  const int t = s.tricks_done;
  if (s.unknown_played == t + 1 && s.leaders[t] == s.picker) return detail::called_suit(s);
  return kRanking.effective_suit(Card(s.played[t][s.leaders[t]]));
}

bool is_unknown_play(const State& s, int trick, int seat) {
  return seat == s.picker && s.unknown_played == trick + 1;
}

Reason deal_cards(const State& s, const CardSet hands[kPlayers], CardSet blind, State* out,
                  Error* err) {
  if (Reason r = deal_precheck(s, err); r != Reason::ok) return r;
  if (!hands) return fail(err, Reason::malformed_deal, "no hands given");
  CardSet seen;
  for (int p = 0; p <= kPlayers; ++p) {
    const CardSet h = p < kPlayers ? hands[p] : blind;
    const int want = p < kPlayers ? kHandSize : 2;
    char who[16];
    std::snprintf(who, sizeof who, p < kPlayers ? "seat %d" : "the blind", p);
    if (h.size() != want)
      return fail(err, Reason::malformed_deal, "%s has %d cards, not %d (S3)", who, h.size(), want);
    if (!(h & seen).empty())
      return fail(err, Reason::malformed_deal, "%s is dealt twice", card_name((h & seen).lowest()));
    seen |= h;
  }
  return pure(s, out, [&](State* n) {
    start_hand(n, hands, blind);
    return Reason::ok;
  });
}

Reason deal_seed(const State& s, uint64_t seed, State* out, Error* err) {
  if (Reason r = deal_precheck(s, err); r != Reason::ok) return r;
  Card deck[32];
  for (int i = 0; i < 32; ++i) deck[i] = Card(uint8_t(i));  // canonical: C D H S, each 7..A
  PortableRng rng(seed);
  rng.shuffle(deck, 32);
  // S3: three to each player from the dealer's left, two to the blind, three more to each.
  CardSet hands[kPlayers], blind;
  int k = 0;
  for (int round = 0; round < 2; ++round) {
    for (int i = 0, seat = next_seat(s.dealer); i < kPlayers; ++i, seat = next_seat(seat)) {
      hands[seat].add(deck[k]);
      hands[seat].add(deck[k + 1]);
      hands[seat].add(deck[k + 2]);
      k += 3;
    }
    if (round == 0) {
      blind.add(deck[k++]);
      blind.add(deck[k++]);
    }
  }
  return pure(s, out, [&](State* n) {
    start_hand(n, hands, blind);
    return Reason::ok;
  });
}

Reason pick(const State& s, int seat, State* out, Error* err) {
  return pure(s, out, [&](State* n) { return do_pick(n, seat, err); });
}
Reason pass(const State& s, int seat, State* out, Error* err) {
  return pure(s, out, [&](State* n) { return do_pass(n, seat, err); });
}
Reason bury(const State& s, int seat, Card first, Card second, State* out, Error* err) {
  return pure(s, out, [&](State* n) { return do_bury(n, seat, first, second, err); });
}
Reason call(const State& s, int seat, Card called, Card unknown, State* out, Error* err) {
  return pure(s, out, [&](State* n) { return do_call(n, seat, called, unknown, err); });
}
Reason go_alone(const State& s, int seat, State* out, Error* err) {
  return pure(s, out, [&](State* n) { return do_alone(n, seat, err); });
}
Reason play(const State& s, int seat, Card card, State* out, Error* err) {
  return pure(s, out, [&](State* n) { return do_play(n, seat, card, err); });
}

namespace {
// Every action but a play: rare in a hand, so kept out of advance's fast path.
[[gnu::noinline]] Reason advance_bidding(State* s, Action a, Error* err) {
  switch (a.kind) {
    case ActionKind::pick:
    case ActionKind::pass:
    case ActionKind::alone:
      if (a.a != kNoCard || a.b != kNoCard)
        return fail(err, Reason::malformed_action, "this action takes no cards");
      return a.kind == ActionKind::pick   ? do_pick(s, a.seat, err)
             : a.kind == ActionKind::pass ? do_pass(s, a.seat, err)
                                          : do_alone(s, a.seat, err);
    case ActionKind::bury:
      if (a.a >= a.b)
        return fail(err, Reason::malformed_action,
                    "bury takes two different cards, lower code first");
      return do_bury(s, a.seat, Card(a.a), Card(a.b), err);
    case ActionKind::call:
      if (a.b != kNoCard && a.b >= 32)
        return fail(err, Reason::malformed_action, "the unknown must be a card");
      return do_call(s, a.seat, Card(a.a), Card(a.b), err);
    default:
      return fail(err, Reason::malformed_action, "unknown action kind %d", int(a.kind));
  }
}
}  // namespace

Reason advance(State* s, Action a, Error* err) {
  Reason r;
  if (a.kind == ActionKind::play) {
    if (a.b != kNoCard) return fail(err, Reason::malformed_action, "play takes one card");
    r = do_play(s, a.seat, Card(a.a), err);
  } else {
    r = advance_bidding(s, a, err);
  }
  if (r == Reason::ok) debug_check(*s);
  return r;
}

void detail::advance_listed(State* s, Action a) {
  if (a.kind == ActionKind::play) {
    play_card(s, a.seat, Card(a.a), plays_unknown(*s, a.seat, Card(a.a)));
    debug_check(*s);
  } else {
    [[maybe_unused]] const Reason r = advance(s, a, nullptr);
    assert(r == Reason::ok);
  }
}

Reason apply(const State& s, Action a, State* out, Error* err) {
  return pure(s, out, [&](State* n) { return advance(n, a, err); });
}

Reason check(const State& s, Action a, Error* err) {
  State scratch = s;
  return advance(&scratch, a, err);
}

int legal_actions(const State& s, Action* out) {
  const uint8_t seat = s.to_act;
  int n = 0;
  switch (s.phase) {
    case Phase::picking:
      out[n++] = {seat, ActionKind::pick, kNoCard, kNoCard};
      if (pass_refusal(s) == Reason::ok) out[n++] = {seat, ActionKind::pass, kNoCard, kNoCard};
      break;
    case Phase::burying: {
      const CardSet hand = s.hands[seat];
      for (Card a : hand) {
        const CardSet above(hand.bits() & ~((uint32_t(2) << a.code) - 1));  // cards after a
        for (Card b : above) out[n++] = {seat, ActionKind::bury, a.code, b.code};
      }
      break;
    }
    case Phase::calling: {
      const CallOptions o = call_options(s);
      for (Card c : o.aces | o.tens) out[n++] = {seat, ActionKind::call, c.code, kNoCard};
      for (Card c : o.unknown_aces)
        for (Card u : s.hands[seat]) out[n++] = {seat, ActionKind::call, c.code, u.code};
      out[n++] = {seat, ActionKind::alone, kNoCard, kNoCard};
      break;
    }
    case Phase::play: {
      // Each play is built as one 32-bit word (the Action's four bytes in memory order).
      static_assert(sizeof(Action) == 4);
      const uint32_t base = seat | uint32_t(ActionKind::play) << 8 | uint32_t(kNoCard) << 24;
      for (uint32_t bits = s.playable.bits(); bits; bits &= bits - 1) {
        const uint32_t word = base | uint32_t(std::countr_zero(bits)) << 16;
        deckhand::detail::store_le32(&out[n++], word);  // byte 0 the seat, and so on
      }
      if (s.unknown_playable) out[n++] = {seat, ActionKind::play, s.unknown, kNoCard};
      break;
    }
    default:
      break;
  }
  return n;
}

}  // namespace deckhand::sheepshead
