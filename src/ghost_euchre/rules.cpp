// Ghost Hand Euchre transitions and legal actions: G2 (deal), G3 (bidding), G4 (swap),
// G5 (all pass), G6 (trump and lead), G7 (play), G8 (reneging). Scoring is in scoring.cpp.
#include <cassert>
#include <cstdio>
#include <cstring>

#include "../common/state_image.hpp"
#include "deckhand/rng.hpp"
#include "internal.hpp"

namespace deckhand::ghost_euchre {

using detail::next_seat;
using detail::seat_bit;

namespace {

struct Rankings {
  TrickRanking by_trump[kSuitCount];
  Rankings() {
    const Rank plain[] = {Rank::ace, Rank::king, Rank::queen, Rank::jack, Rank::ten, Rank::nine};
    for (int t = 0; t < kSuitCount; ++t) {
      const Suit trump = Suit(t), same_colour = Suit(t ^ 3);  // C<->S, D<->H
      const Card trumps[] = {Card(Rank::jack, trump),  Card(Rank::jack, same_colour),
                             Card(Rank::ace, trump),   Card(Rank::king, trump),
                             Card(Rank::queen, trump), Card(Rank::ten, trump),
                             Card(Rank::nine, trump)};
      by_trump[t] = make_ranking(trumps, 7, plain, 6);
    }
  }
};
const Rankings kRankings;

// Checks common to every player action: the game is on, the seat exists, the phase is
// right and the seat is the one to act.
Reason precheck(const State& s, int seat, Phase phase, const char* what, Error* err) {
  return deckhand::detail::turn_check(s, seat, phase, kPlayers, what, &detail::phase_name, err);
}

void log_auction(State* s, int seat, uint8_t what) {
  s->auction[s->auction_len++] = uint8_t((seat << 4) | what);
}

// G3/G5: after a pass or bid, either the next seat speaks or the auction ends.
void after_speaking(State* s, int seat) {
  s->swapped_now = 0;
  s->speakers++;
  if (s->high_bid == kMoon || s->speakers == kPlayers) {
    if (s->high_bid != 0) {  // G6: the declarer names trump
      s->phase = Phase::trump;
      s->to_act = s->declarer;
    } else {  // G5: thrown in, the deal passes left
      s->hands[0] = s->hands[1] = s->hands[2] = s->spare = CardSet();
      s->dealer = uint8_t(next_seat(s->dealer));
      s->phase = Phase::deal;
      s->to_act = kNoSeat;
    }
  } else {
    s->to_act = uint8_t(next_seat(seat));
  }
}

bool swap_open(const State& s, int seat) {
  if (s.swapped_now) return false;
  return s.options.swaps == Swaps::one ? s.swapped_mask == 0 : !(s.swapped_mask & seat_bit(seat));
}

bool dealer_stuck(const State& s, int seat) {
  return s.options.all_pass == AllPass::stick_dealer && seat == s.dealer && s.high_bid == 0;
}

Reason do_swap(State* s, int seat, Error* err) {
  if (Reason r = precheck(*s, seat, Phase::bidding, "swap", err); r != Reason::ok) return r;
  if (s->swapped_now)
    return fail(err, Reason::second_swap,
                "seat %d already swapped this turn and must pass or bid (G4)", seat);
  if (!swap_open(*s, seat)) {
    if (s->options.swaps == Swaps::one)
      return fail(err, Reason::second_swap,
                  "seat %d already swapped this deal; only one swap per deal (G4)", s->spare_owner);
    return fail(err, Reason::second_swap,
                "seat %d already swapped once this deal (G4, swaps=chain)", seat);
  }
  const CardSet given_up = s->hands[seat];
  s->hands[seat] = s->spare;
  s->spare = given_up;
  s->spare_owner = uint8_t(seat);
  s->swapped_mask |= seat_bit(seat);
  s->swapped_now = 1;
  log_auction(s, seat, kAuctionSwap);
  return Reason::ok;
}

Reason do_pass(State* s, int seat, Error* err) {
  if (Reason r = precheck(*s, seat, Phase::bidding, "pass", err); r != Reason::ok) return r;
  if (dealer_stuck(*s, seat))
    return fail(
        err, Reason::dealer_must_bid,
        "seat %d deals and everyone passed: the dealer must bid at least 3 (G5, stick_dealer)",
        seat);
  log_auction(s, seat, kAuctionPass);
  after_speaking(s, seat);
  return Reason::ok;
}

Reason do_bid(State* s, int seat, int level, Error* err) {
  if (Reason r = precheck(*s, seat, Phase::bidding, "bid", err); r != Reason::ok) return r;
  if (level < 3 || level > kMoon)
    return fail(err, Reason::invalid_bid, "bid %d does not exist: bids are 3, 4, 5 or moon (G3)",
                level);
  if (level <= s->high_bid)
    return fail(err, Reason::bid_not_higher,
                "bid %s is not higher than the bid of %s by seat %d (G3)", detail::bid_word(level),
                detail::bid_word(s->high_bid), s->declarer);
  s->high_bid = uint8_t(level);
  s->declarer = uint8_t(seat);
  log_auction(s, seat, uint8_t(level));
  after_speaking(s, seat);
  return Reason::ok;
}

Reason do_trump(State* s, int seat, int suit, Error* err) {
  if (Reason r = precheck(*s, seat, Phase::trump, "name trump", err); r != Reason::ok) return r;
  if (suit < 0 || suit >= kSuitCount)
    return fail(err, Reason::malformed_action, "trump must be C, D, H or S (G6)");
  s->trump = uint8_t(suit);
  s->phase = Phase::play;
  s->leaders[0] = s->declarer;  // G6: the declarer leads
  s->to_act = s->declarer;
  return Reason::ok;
}

// A card play whose checks were made (by do_play, or by legal_actions listing it): the seat
// is to act in the play and holds the card, and under renege=reject it follows suit (G7).
[[gnu::always_inline]] inline void play_card(State* s, int seat, Card card) {
  const int t = s->tricks_done;
  if (s->in_trick > 0 && s->options.renege == Renege::penalize) {
    const Card led(s->played[t][s->leaders[t]]);
    if (kRankings.by_trump[s->trump].reneges(s->hands[seat], led, card))
      s->reneges[seat]++;  // G8 penalize: the play stands and is scored at the hand's end
  }
  s->hands[seat].remove(card);
  s->played[t][seat] = card.code;
  if (++s->in_trick < kPlayers) {
    s->to_act = uint8_t(next_seat(seat));
    return;
  }
  // The trick is complete (G7): the winner leads the next one.
  const int winner = detail::trick_winner(*s, t);
  s->tricks_won[winner]++;
  s->tricks_done++;
  s->in_trick = 0;
  if (s->tricks_done < kTricks) {
    s->leaders[s->tricks_done] = uint8_t(winner);
    s->to_act = uint8_t(winner);
  } else {
    detail::score_hand(s);
  }
}

Reason do_play(State* s, int seat, Card card, Error* err) {
  if (Reason r = precheck(*s, seat, Phase::play, "play", err); r != Reason::ok) return r;
  if (!kEuchreDeck.has(card))
    return fail(err, Reason::invalid_card, "card code %d is not a Euchre card (G1)",
                int(card.code));
  const CardSet hand = s->hands[seat];
  if (!hand.has(card))
    return fail(err, Reason::card_not_held, "seat %d does not hold %s", seat, card_name(card));
  if (s->in_trick > 0 && s->options.renege == Renege::reject) {
    const int t = s->tricks_done;
    const TrickRanking& ranking = kRankings.by_trump[s->trump];
    const Card led(s->played[t][s->leaders[t]]);
    if (ranking.reneges(hand, led, card)) {
      const uint8_t led_suit = ranking.effective_suit(led);
      const Card held = (hand & ranking.suit_cards[led_suit]).lowest();
      return fail(err, Reason::must_follow_suit, "%s held, %s led (%s led by seat %d; G7)",
                  card_name(held), led_suit == kTrumpSuit ? "trump" : suit_word(Suit(led_suit)),
                  card_name(led), s->leaders[t]);
    }
  }
  play_card(s, seat, card);
  return Reason::ok;
}

// Starts a hand from dealt cards (already validated).
void start_hand(State* s, const CardSet hands[kPlayers], CardSet ghost) {
  deckhand::detail::count_up(&s->hand_number);
  for (int p = 0; p < kPlayers; ++p) s->hands[p] = hands[p];
  s->spare = ghost;
  s->phase = Phase::bidding;
  s->to_act = uint8_t(next_seat(s->dealer));  // G3: left of the dealer speaks first
  s->spare_owner = kNoSeat;
  s->swapped_mask = s->swapped_now = 0;
  s->auction_len = 0;
  std::memset(s->auction, 0, sizeof s->auction);
  s->high_bid = 0;
  s->declarer = kNoSeat;
  s->speakers = 0;
  s->trump = kNoSeat;
  s->tricks_done = s->in_trick = 0;
  std::memset(s->leaders, kNoSeat, sizeof s->leaders);
  std::memset(s->played, kNoCard, sizeof s->played);
  std::memset(s->tricks_won, 0, sizeof s->tricks_won);
  std::memset(s->reneges, 0, sizeof s->reneges);
}

Reason deal_precheck(const State& s, Error* err) {
  return deckhand::detail::deal_allowed(s.phase == Phase::over, s.phase == Phase::deal,
                                        detail::phase_name(s.phase), s.hand_number, err);
}

inline void debug_check(const State& s) {
  deckhand::detail::debug_check(s, &check_invariants, "ghost_euchre");
}

template <typename Step>
Reason pure(const State& s, State* out, Step step) {
  return deckhand::detail::pure_transition(s, out, &check_invariants, "ghost_euchre", step);
}

}  // namespace

int detail::trick_winner(const State& s, int t) {
  const int leader = s.leaders[t];
  Card cards[kPlayers];
  for (int i = 0; i < kPlayers; ++i) cards[i] = Card(s.played[t][(leader + i) % kPlayers]);
  return (leader + kRankings.by_trump[s.trump].winner(cards, kPlayers)) % kPlayers;
}

const TrickRanking& ranking_for(Suit trump) {
  return kRankings.by_trump[uint8_t(trump) & 3];
}

int effective_suit(Card c, Suit trump) {
  return ranking_for(trump).effective_suit(c);
}

Card led_card(const State& s) {
  if (s.phase != Phase::play || s.in_trick == 0) return Card();
  return Card(s.played[s.tricks_done][s.leaders[s.tricks_done]]);
}

Reason deal_cards(const State& s, const CardSet hands[kPlayers], CardSet ghost, State* out,
                  Error* err) {
  if (Reason r = deal_precheck(s, err); r != Reason::ok) return r;
  if (!hands) return fail(err, Reason::malformed_deal, "no hands given");
  CardSet seen;
  for (int p = 0; p <= kPlayers; ++p) {
    const CardSet h = p < kPlayers ? hands[p] : ghost;
    char who[16];
    std::snprintf(who, sizeof who, p < kPlayers ? "seat %d" : "the ghost hand", p);
    if (h.size() != kHandSize)
      return fail(err, Reason::malformed_deal, "%s has %d cards, not 6 (G2)", who, h.size());
    if (!(h - kEuchreDeck).empty())
      return fail(err, Reason::malformed_deal, "%s is dealt %s, not a Euchre card (G1)", who,
                  card_name((h - kEuchreDeck).lowest()));
    if (!(h & seen).empty())
      return fail(err, Reason::malformed_deal, "%s is dealt twice", card_name((h & seen).lowest()));
    seen |= h;
  }
  return pure(s, out, [&](State* n) {
    start_hand(n, hands, ghost);
    return Reason::ok;
  });
}

Reason deal_seed(const State& s, uint64_t seed, State* out, Error* err) {
  if (Reason r = deal_precheck(s, err); r != Reason::ok) return r;
  Card deck[24];
  int n = 0;
  for (Card c : kEuchreDeck) deck[n++] = c;  // canonical order: C D H S, each 9 T J Q K A
  PortableRng rng(seed);
  rng.shuffle(deck, 24);
  // G2: one card at a time to seats d+1, d+2, d, then the ghost, six times.
  CardSet holdings[kPlayers + 1];
  for (int i = 0; i < 24; ++i) {
    const int slot = i % 4;
    const int holder = slot == 3 ? kPlayers : (s.dealer + 1 + slot) % kPlayers;
    holdings[holder].add(deck[i]);
  }
  return pure(s, out, [&](State* next) {
    start_hand(next, holdings, holdings[kPlayers]);
    return Reason::ok;
  });
}

Reason swap(const State& s, int seat, State* out, Error* err) {
  return pure(s, out, [&](State* n) { return do_swap(n, seat, err); });
}
Reason pass(const State& s, int seat, State* out, Error* err) {
  return pure(s, out, [&](State* n) { return do_pass(n, seat, err); });
}
Reason bid(const State& s, int seat, int level, State* out, Error* err) {
  return pure(s, out, [&](State* n) { return do_bid(n, seat, level, err); });
}
Reason name_trump(const State& s, int seat, Suit trump, State* out, Error* err) {
  return pure(s, out, [&](State* n) { return do_trump(n, seat, int(trump), err); });
}
Reason play(const State& s, int seat, Card card, State* out, Error* err) {
  return pure(s, out, [&](State* n) { return do_play(n, seat, card, err); });
}

// Every do_* validates before it changes anything, so a refused action leaves *s as it was.
Reason advance(State* s, Action a, Error* err) {
  Reason r;
  // swap and pass take no argument: refuse stray bytes rather than record an action that
  // its own text ("pass") would not reproduce.
  if (a.zero != 0)
    return fail(err, Reason::malformed_action, "the action's fourth byte must be zero");
  if ((a.kind == ActionKind::swap || a.kind == ActionKind::pass) && a.arg != 0)
    return fail(err, Reason::malformed_action, "%s takes no argument, got %d",
                a.kind == ActionKind::swap ? "swap" : "pass", int(a.arg));
  switch (a.kind) {
    case ActionKind::swap:
      r = do_swap(s, a.seat, err);
      break;
    case ActionKind::pass:
      r = do_pass(s, a.seat, err);
      break;
    case ActionKind::bid:
      r = do_bid(s, a.seat, a.arg, err);
      break;
    case ActionKind::trump:
      r = do_trump(s, a.seat, a.arg, err);
      break;
    case ActionKind::play:
      r = do_play(s, a.seat, Card(a.arg), err);
      break;
    default:
      return fail(err, Reason::malformed_action, "unknown action kind %d", int(a.kind));
  }
  if (r == Reason::ok) debug_check(*s);
  return r;
}

void detail::advance_listed(State* s, Action a) {
  if (a.kind == ActionKind::play) {
    play_card(s, a.seat, Card(a.arg));
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

namespace {
// Writes an action as one 32-bit store: an action assembled from byte stores stalls the CPU
// when it is read back whole (the C ABI converts every listed action).
inline void put_action(Action* out, uint8_t seat, ActionKind kind, uint8_t arg) {
  const uint32_t word = uint32_t(seat) | uint32_t(kind) << 8 | uint32_t(arg) << 16;
  static_assert(sizeof(Action) == sizeof word);
  deckhand::detail::store_le32(out, word);  // byte 0 the seat, as the Action lays them out
}
}  // namespace

int legal_actions(const State& s, Action* out) {
  const uint8_t seat = s.to_act;
  int n = 0;
  switch (s.phase) {
    case Phase::bidding:
      if (swap_open(s, seat)) put_action(&out[n++], seat, ActionKind::swap, 0);
      if (!dealer_stuck(s, seat)) put_action(&out[n++], seat, ActionKind::pass, 0);
      for (int level = s.high_bid < 3 ? 3 : s.high_bid + 1; level <= kMoon; ++level)
        put_action(&out[n++], seat, ActionKind::bid, uint8_t(level));
      break;
    case Phase::trump:
      for (int t = 0; t < kSuitCount; ++t)
        put_action(&out[n++], seat, ActionKind::trump, uint8_t(t));
      break;
    case Phase::play: {
      CardSet options = s.hands[seat];
      if (s.in_trick > 0 && s.options.renege == Renege::reject)
        options = kRankings.by_trump[s.trump].playable(options, led_card(s));
      for (Card c : options) put_action(&out[n++], seat, ActionKind::play, c.code);
      break;
    }
    default:
      break;
  }
  return n;
}

Action action_from_index(int index, int seat) {
  const uint8_t st = uint8_t(seat);
  if (index == 0) return {st, ActionKind::swap, 0};
  if (index == 1) return {st, ActionKind::pass, 0};
  if (index < 6) return {st, ActionKind::bid, uint8_t(index + 1)};  // 3, 4, 5, moon
  if (index < 10) return {st, ActionKind::trump, uint8_t(index - 6)};
  return {st, ActionKind::play, kEuchreDeck.nth(index - 10).code};
}

}  // namespace deckhand::ghost_euchre
