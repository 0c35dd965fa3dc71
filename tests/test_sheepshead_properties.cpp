// Random-game property tests for Sheepshead (CONTRIBUTING.md): more than 10,000 scored
// hands under random options (no_pick, unknown, double_on_bump, leaster_blind, hands=N) and a
// random first dealer, checking at every state that
//   - every card is in exactly one place (check_invariants: S1/S3 conservation),
//   - the legal list agrees with apply over the whole action space of the acting seat (pick,
//     pass, alone, a play of each of the 32 cards, every bury pair and every call with and
//     without each unknown card in their phases, a sample of them elsewhere), that a refused
//     action leaves the state untouched, and that a listed action by another seat is refused
//     with wrong_seat (S4–S9),
//   - the legal list is the one the rule book gives, from an oracle written here from the rules
//     alone (S4 picking, S5 forced, S6 bury, S7 calls, S8 called-suit duties, S9 follow suit),
//   - serialize -> deserialize gives the identical state,
//   - a seat's view does not change when two cards hidden from it are exchanged, nor when the
//     secret partner's whole hand is exchanged with another defender's (S13);
// per hand that the deltas sum to zero, that the card points add up to 120, that the trick
// winners and points follow S2/S7/S9, and that the HandResult matches S10–S14 recomputed here;
// and per game that a Game mirroring the moves writes a record that replays to the same bytes
// and survives a deserialize_game round trip (S15).
#include <doctest/doctest.h>

#include <bit>
#include <cstring>
#include <string>

#include "deckhand/game.hpp"
#include "deckhand/rng.hpp"
#include "deckhand/sheepshead.hpp"
#include "sheepshead/internal.hpp"
#include "test_support.hpp"

using namespace deckhand;
using namespace deckhand::sheepshead;

namespace {

constexpr int kHandsPerHalf = 6000;  // scored hands per half: more than 10,000 per run

// ---- S1/S2 written out again from the rule book, independent of the engine's tables ------------

struct Oracle {
  int points[32];
  int suit[32];   // 0 C, 1 D, 2 H, 3 S for fail cards; 4 for trump
  int power[32];  // higher wins within one effective suit
  CardSet suit_cards[5];
  Oracle() {
    const char* const trumps[14] = {"QC", "QS", "QH", "QD", "JC", "JS", "JH",
                                    "JD", "AD", "TD", "KD", "9D", "8D", "7D"};
    const char fail[] = "ATK987";
    for (int c = 0; c < 32; ++c) {
      const char* name = card_name(Card(uint8_t(c)));
      switch (name[0]) {
        case 'A':
          points[c] = 11;
          break;
        case 'T':
          points[c] = 10;
          break;
        case 'K':
          points[c] = 4;
          break;
        case 'Q':
          points[c] = 3;
          break;
        case 'J':
          points[c] = 2;
          break;
        default:
          points[c] = 0;
      }
      suit[c] = -1;
      for (int i = 0; i < 14; ++i)
        if (std::strcmp(name, trumps[i]) == 0) suit[c] = 4, power[c] = 14 - i;
      if (suit[c] < 0) {
        suit[c] = int(std::string("CDHS").find(name[1]));
        power[c] = 6 - int(std::string(fail).find(name[0]));
      }
      suit_cards[suit[c]].add(Card(uint8_t(c)));
    }
  }
  int points_of(CardSet set) const {
    int n = 0;
    for (Card c : set) n += points[c.code];
    return n;
  }
};
const Oracle kOracle;

using testing::card;

Options random_options(PortableRng& rng, OptionList* as_text) {
  Options o;
  const char* keys[] = {"no_pick", "unknown", "double_on_bump", "leaster_blind"};
  const char* values[][3] = {{"leaster", "doubler", "forced"},
                             {"on", "off", nullptr},
                             {"off", "on", nullptr},
                             {"last_trick", "none", nullptr}};
  for (int i = 0; i < 4; ++i) {
    const int v = int(rng.bounded(i == 0 ? 3 : 2));
    REQUIRE(set_option(&o, keys[i], values[i][v], nullptr) == Reason::ok);
    as_text->emplace_back(keys[i], values[i][v]);
  }
  const int hands = int(1 + rng.bounded(4));  // short games: records and game ends are frequent
  REQUIRE(set_option(&o, "hands", std::to_string(hands), nullptr) == Reason::ok);
  as_text->emplace_back("hands", std::to_string(hands));
  return o;
}

// ---- the legal actions the rule book gives, computed from the state's public fields -----------

// Index of the first trick whose lead was the called suit (the unknown led counts, S7), -1.
int first_called_trick(const State& s) {
  if (s.contract != Contract::called) return -1;
  const int cs = kOracle.suit[s.called];
  const int last = s.in_trick > 0 ? s.tricks_done : s.tricks_done - 1;
  for (int t = 0; t <= last && t < kTricks; ++t) {
    const int leader = s.leaders[t];
    const uint8_t lead = s.played[t][leader];
    if (lead == kNoCard) continue;
    if ((leader == s.picker && s.unknown != kNoCard && lead == s.unknown) ||
        kOracle.suit[lead] == cs)
      return t;
  }
  return -1;
}

bool unknown_aside(const State& s) {
  if (s.unknown == kNoCard) return false;
  for (int t = 0; t < kTricks; ++t)
    if (s.played[t][s.picker] == s.unknown) return false;
  return true;
}

// S8/S9: the cards the seat to act may play, and whether the picker may play the unknown.
void oracle_plays(const State& s, CardSet* cards, bool* unknown) {
  const int seat = s.to_act, t = s.tricks_done;
  const CardSet hand = s.hands[seat];
  const bool called = s.contract == Contract::called;
  const bool last = t == kTricks - 1;
  const int first = first_called_trick(s);
  const int cs = called ? kOracle.suit[s.called] : -1;
  const Card called_card(s.called);
  const bool has_unknown = called && seat == s.picker && unknown_aside(s);
  *unknown = false;
  if (s.in_trick == 0) {
    *cards = hand;
    // The partner leading the called suit leads the called card (S8).
    if (called && first < 0 && seat == s.partner)
      *cards = hand - (kOracle.suit_cards[cs] - CardSet::of(called_card));
    *unknown = has_unknown;  // led, it leads the called suit (S7)
    return;
  }
  const int leader = s.leaders[t];
  const uint8_t lead = s.played[t][leader];
  const int led_suit = called && leader == s.picker && s.unknown != kNoCard && lead == s.unknown
                           ? cs
                           : kOracle.suit[lead];
  const CardSet follow = hand & kOracle.suit_cards[led_suit];
  CardSet base = follow.empty() ? hand : follow;
  if (called && first == t) {  // the called suit is led for the first time, now
    if (seat == s.partner) {
      *cards = CardSet::of(called_card);
      return;
    }
    if (has_unknown) {
      *cards = CardSet();
      *unknown = true;
      return;
    }
  }
  if (called && first < 0 && !last) {
    if (seat == s.partner) base = base - CardSet::of(called_card);  // not even when void
    if (seat == s.picker) {
      const CardSet hold = called_card.rank() == Rank::ten
                               ? hand & CardSet::of(Card(Rank::ace, called_card.suit()))
                               : hand & kOracle.suit_cards[cs];
      if (hold.size() == 1) base = base - hold;  // keeps the last hold card
    }
  }
  *cards = base;
  *unknown = has_unknown && last;
}

// S7: the calls open to the picker (plain aces and tens, and aces with an unknown).
void oracle_calls(const State& s, CardSet* plain, CardSet* with_unknown) {
  const CardSet hand = s.hands[s.picker], owned = hand | s.bury;
  static const Card aces[3] = {card("AC"), card("AS"), card("AH")};
  bool all_aces = true;
  for (Card a : aces) all_aces &= owned.has(a);
  *plain = CardSet();
  *with_unknown = CardSet();
  for (Card a : aces) {
    const CardSet fail = kOracle.suit_cards[kOracle.suit[a.code]];
    if (!owned.has(a) && !(hand & fail).empty()) plain->add(a);
    const Card ten(Rank::ten, a.suit());
    if (all_aces && hand.has(a) && !owned.has(ten)) plain->add(ten);
  }
  if (plain->empty() && s.options.unknown == Unknown::on)
    for (Card a : aces)
      if (!owned.has(a) && (hand & kOracle.suit_cards[kOracle.suit[a.code]]).empty())
        with_unknown->add(a);
}

bool oracle_allows(const State& s, const Action& a) {
  if (s.to_act == kNoSeat || a.seat != s.to_act) return false;
  switch (s.phase) {
    case Phase::picking:
      if (a.kind == ActionKind::pick) return true;
      return a.kind == ActionKind::pass &&
             !(s.passes == kPlayers - 1 && s.options.no_pick == NoPick::forced);
    case Phase::burying:
      return a.kind == ActionKind::bury && a.a < a.b && s.hands[a.seat].has(Card(a.a)) &&
             s.hands[a.seat].has(Card(a.b));
    case Phase::calling: {
      if (a.kind == ActionKind::alone) return true;
      if (a.kind != ActionKind::call) return false;
      CardSet plain, with_unknown;
      oracle_calls(s, &plain, &with_unknown);
      if (a.b == kNoCard) return plain.has(Card(a.a));
      return with_unknown.has(Card(a.a)) && s.hands[a.seat].has(Card(a.b));
    }
    case Phase::play: {
      if (a.kind != ActionKind::play) return false;
      CardSet cards;
      bool unknown;
      oracle_plays(s, &cards, &unknown);
      return cards.has(Card(a.a)) || (unknown && a.a == s.unknown);
    }
    default:
      return false;
  }
}

// ---- per-state checks ---------------------------------------------------------------------

// Two cards hidden from `seat` exchanged (detail::swap_hidden, the descriptor's hook) leave
// its view byte for byte the same (S13).
void check_view_hides(const State& s, int seat, PortableRng& rng) {
  State c;
  if (!detail::swap_hidden(s, seat, rng.next(), &c)) return;
  const View before = view(s, seat), after = view(c, seat);
  ENSURE(testing::same_bytes(before, after), "seat ", seat, " sees a hidden card");
  // The text forms derive from the View bytes; comparing them now and then is enough.
  if (rng.bounded(64) == 0) {
    ENSURE(view_json(before) == view_json(after), "");
    ENSURE(view_text(before) == view_text(after), "");
  }
}

// S13: until the called card is played, a defender cannot tell the secret partner from the
// other defenders: exchanging the partner's whole hand with another defender's (the partner
// moving with the called card) leaves the defender's view byte for byte the same.
void check_partner_secret(const State& s, int64_t* checks) {
  if (s.phase != Phase::play || s.contract != Contract::called || s.partner == kNoSeat) return;
  for (int t = 0; t < kTricks; ++t)
    if (s.played[t][s.partner] == s.called) return;  // revealed
  ENSURE(s.hands[s.partner].has(Card(s.called)), "the partner holds the called card");
  for (int d = 0; d < kPlayers; ++d) {
    if (d == s.picker || d == s.partner) continue;
    const View before = view(s, d);
    ENSURE(before.partner == kNoSeat, "seat ", d, " sees the partner");
    for (int o = 0; o < kPlayers; ++o) {
      if (o == s.picker || o == s.partner || o == d) continue;
      State c = s;
      std::swap(c.hands[s.partner], c.hands[o]);
      c.partner = uint8_t(o);
      const View after = view(c, d);
      ENSURE(testing::same_bytes(before, after), "defender ", d, " tells partner ", int(s.partner),
             " from seat ", o);
      State literal = s;  // the hands alone, the partner field as it was
      std::swap(literal.hands[s.partner], literal.hands[o]);
      const View after2 = view(literal, d);
      ENSURE(testing::same_bytes(before, after2), "");
      ++*checks;
    }
  }
  // The spectator, too.
  State c = s;
  const int o = (s.partner + 1) % kPlayers == s.picker ? (s.partner + 2) % kPlayers
                                                       : (s.partner + 1) % kPlayers;
  std::swap(c.hands[s.partner], c.hands[o]);
  c.partner = uint8_t(o);
  const View sb = view(s, -1), sa = view(c, -1);
  ENSURE(testing::same_bytes(sb, sa), "");
}

// What a view must show (S13): the seat's own hand, the picker's blind, bury and unknown, the
// called card to all, the partner to itself, the unknown face down to the others.
void check_view_shows(const State& s, int seat) {
  const View v = view(s, seat);
  const bool hand_over = s.phase == Phase::deal || s.phase == Phase::over;
  ENSURE(v.hand == s.hands[seat], "");
  ENSURE(v.called == s.called && v.picker == s.picker && v.phase == s.phase, "");
  ENSURE(std::memcmp(v.scores, s.scores, sizeof v.scores) == 0, "");
  if (seat == s.picker || hand_over) {
    ENSURE(v.blind == s.blind && v.bury == s.bury && v.unknown == s.unknown, "");
  } else {
    ENSURE(v.blind.empty() && v.bury.empty() && v.unknown == kNoCard, "");
  }
  if (s.partner != kNoSeat && seat == s.partner) ENSURE(v.partner == s.partner, "");
  for (int t = 0; t < kTricks; ++t)
    for (int p = 0; p < kPlayers; ++p) {
      const bool face_down = s.unknown != kNoCard && p == s.picker && s.played[t][p] == s.unknown;
      if (face_down && seat != s.picker && !hand_over)
        ENSURE(v.played[t][p] == kFaceDown, "");
      else
        ENSURE(v.played[t][p] == s.played[t][p], "");
    }
}

struct Stats {
  int64_t states = 0, tried = 0, hands = 0, thrown_in = 0, leasters = 0, alone = 0, ace_calls = 0,
          ten_calls = 0, unknown_calls = 0, no_trick = 0, took_all = 0, schneider = 0, bumped = 0,
          doubled = 0, ties = 0, partner_checks = 0, unknown_led = 0, forced_picks = 0, games = 0,
          doubled_thrown_in = 0;
};

// Every action of the kind, for the seat: plays of each card, all 496 bury pairs, all 1,056
// calls; `sample` keeps only a few random ones (outside their phase).
int action_space(const State& s, int seat, PortableRng& rng, Action* out) {
  int n = 0;
  const uint8_t st = uint8_t(seat);
  out[n++] = {st, ActionKind::pick, kNoCard, kNoCard};
  out[n++] = {st, ActionKind::pass, kNoCard, kNoCard};
  out[n++] = {st, ActionKind::alone, kNoCard, kNoCard};
  for (uint8_t c = 0; c < 32; ++c) out[n++] = {st, ActionKind::play, c, kNoCard};
  if (s.phase == Phase::burying) {
    for (uint8_t a = 0; a < 32; ++a)
      for (uint8_t b = uint8_t(a + 1); b < 32; ++b) out[n++] = {st, ActionKind::bury, a, b};
  } else {
    for (int k = 0; k < 3; ++k) {
      const uint8_t a = uint8_t(rng.bounded(31));
      out[n++] = {st, ActionKind::bury, a, uint8_t(a + 1 + rng.bounded(uint64_t(31 - a)))};
    }
  }
  if (s.phase == Phase::calling) {
    for (uint8_t c = 0; c < 32; ++c) {
      out[n++] = {st, ActionKind::call, c, kNoCard};
      for (uint8_t u = 0; u < 32; ++u) out[n++] = {st, ActionKind::call, c, u};
    }
  } else {
    for (int k = 0; k < 3; ++k) {
      const uint8_t c = uint8_t(rng.bounded(32));
      out[n++] = {st, ActionKind::call, c, rng.bounded(2) ? kNoCard : uint8_t(rng.bounded(32))};
    }
  }
  return n;
}

void check_state(const State& s, PortableRng& rng, Stats& stats) {
  Error err;
  ENSURE(check_invariants(s, &err) == Reason::ok, std::string(err.message));
  ++stats.states;

  Action legal[kMaxLegalActions];
  const int n = legal_actions(s, legal);
  const int seat = to_act(s);
  ENSURE((seat < 0) == (n == 0), "");
  if (seat >= 0) {
    static Action space[1700];
    const int m = action_space(s, seat, rng, space);
    int matched = 0;
    for (int i = 0; i < m; ++i) {
      const Action a = space[i];
      bool in_list = false;
      for (int k = 0; k < n; ++k) in_list |= legal[k] == a;
      matched += in_list;
      State out = s;
      Error e;
      const Reason r = advance(&out, a, &e);
      ++stats.tried;
      ENSURE((r == Reason::ok) == in_list, format_action(a), " by seat ", seat, ": ",
             std::string(e.message));
      ENSURE(in_list == oracle_allows(s, a), format_action(a), " by seat ", seat,
             " (the rule book disagrees) in phase ", int(s.phase));
      if (r != Reason::ok) {
        ENSURE(testing::same_bytes(out, s),
               "a refusal changed the state: ", std::string(e.message));  // changes nothing
        ENSURE(e.reason == r, "");
      } else {
        State pure_out;
        ENSURE(apply(s, a, &pure_out, nullptr) == Reason::ok && testing::same_bytes(pure_out, out),
               "");
        ENSURE(check(s, a, nullptr) == Reason::ok, "");
      }
    }
    // Every listed action is in the space, once.
    ENSURE(matched == n, "the list has ", n, " actions, ", matched, " of them in the action space");
    // A listed action, made by another seat, is refused as out of turn.
    Action other = legal[rng.bounded(uint64_t(n))];
    other.seat = uint8_t((seat + 1 + int(rng.bounded(kPlayers - 1))) % kPlayers);
    State out = s;
    ENSURE(advance(&out, other, nullptr) == Reason::wrong_seat, format_action(other));
    ENSURE(testing::same_bytes(out, s), "");
  }

  // Serialization round trip.
  uint8_t bytes[kSerializedSize];
  ENSURE(serialize(s, bytes, sizeof bytes) == kSerializedSize, "");
  State back;
  ENSURE(deserialize(bytes, sizeof bytes, &back, &err) == Reason::ok, std::string(err.message));
  ENSURE(testing::same_bytes(back, s), "");
  // A crafted image whose seat, card or trick fields point out of range is refused (view()
  // and the rules index arrays with them).
  State bad = s;
  const uint8_t wild = uint8_t(32 + rng.bounded(222));  // 32..253: no card, seat or trick
  switch (rng.bounded(6)) {
    case 0:
      bad.picker = wild;
      break;
    case 1:
      bad.partner = wild;
      break;
    case 2:
      bad.called = wild;
      break;
    case 3:
      bad.unknown = wild;
      break;
    case 4:
      bad.unknown_played = wild;
      break;
    default:
      bad.leaders[rng.bounded(kTricks)] = wild;
      break;
  }
  serialize(bad, bytes, sizeof bytes);
  ENSURE(deserialize(bytes, sizeof bytes, &back, nullptr) == Reason::corrupt_state, "");

  // Views show what they must and hide the rest.
  for (int v = -1; v < kPlayers; ++v) check_view_hides(s, v, rng);
  for (int v = 0; v < kPlayers; ++v) check_view_shows(s, v);
  check_partner_secret(s, &stats.partner_checks);
}

// ---- per-hand checks ----------------------------------------------------------------------

// S2, S7, S9: replays the finished hand's tricks with the oracle's ranking.
void check_tricks(const State& s) {
  int points[kPlayers] = {}, tricks[kPlayers] = {};
  const bool called = s.contract == Contract::called;
  ENSURE(s.leaders[0] == (s.dealer + 1) % kPlayers, "S9: left of the dealer leads the first trick");
  for (int t = 0; t < kTricks; ++t) {
    const int leader = s.leaders[t];
    ENSURE(leader < kPlayers, "");
    if (t > 0)
      ENSURE(leader == s.trick_winners[t - 1], "the winner of a trick leads the next (S9)");
    const auto is_unknown = [&](int p) {
      return called && p == s.picker && s.unknown != kNoCard && s.played[t][p] == s.unknown;
    };
    const int led_suit =
        is_unknown(leader) ? kOracle.suit[s.called] : kOracle.suit[s.played[t][leader]];
    int best = -1, trick_points = 0;
    for (int i = 0; i < kPlayers; ++i) {
      const int p = (leader + i) % kPlayers;
      const uint8_t c = s.played[t][p];
      ENSURE(c < 32, "");
      trick_points += kOracle.points[c];
      if (is_unknown(p)) continue;  // the unknown never wins (S7)
      const int su = kOracle.suit[c];
      if (su != 4 && su != led_suit) continue;
      if (best < 0) {
        best = p;
        continue;
      }
      const int bs = kOracle.suit[s.played[t][best]];
      if ((su == 4 && bs != 4) || (su == bs && kOracle.power[c] > kOracle.power[s.played[t][best]]))
        best = p;
    }
    ENSURE(best >= 0, "");
    ENSURE(s.trick_winners[t] == best, "trick ", t + 1, ": seat ", int(s.trick_winners[t]),
           " won, not seat ", best);
    points[best] += trick_points;
    tricks[best]++;
  }
  for (int p = 0; p < kPlayers; ++p) {
    ENSURE(s.tricks_won[p] == tricks[p], "");
    int expect = points[p];
    if (s.contract == Contract::leaster && s.options.leaster_blind == LeasterBlind::last_trick &&
        p == s.trick_winners[kTricks - 1])
      expect += kOracle.points_of(s.blind);  // S14
    ENSURE(s.points[p] == expect, "seat ", p, " took ", int(s.points[p]), " points, not ", expect);
  }
}

// S10–S14 recomputed from the hand's tricks; `doubled` is what the test tracked (S5).
void check_hand_result(const State& s, bool doubled, Stats& stats) {
  const HandResult& r = s.last;
  int sum = 0;
  for (int p = 0; p < kPlayers; ++p) sum += r.deltas[p];
  ENSURE(sum == 0, "deltas sum to ", sum);
  int points = 0, tricks = 0;
  for (int p = 0; p < kPlayers; ++p) {
    points += r.points[p], tricks += r.tricks[p];
    ENSURE(r.points[p] == s.points[p] && r.tricks[p] == s.tricks_won[p], "");
  }
  ENSURE(tricks == kTricks, "");
  ENSURE(r.contract == s.contract, "");
  ENSURE(r.hand_number == uint8_t(s.hand_number), "");
  const int factor = doubled ? 2 : 1;
  ENSURE(r.doubled == factor, "doubled ", int(r.doubled));
  stats.doubled += doubled;
  int expect[kPlayers] = {};
  if (s.contract == Contract::leaster) {
    ++stats.leasters;
    const bool blind_to_last = s.options.leaster_blind == LeasterBlind::last_trick;
    ENSURE(points + (blind_to_last ? 0 : kOracle.points_of(s.blind)) == 120, "leaster points ",
           points);
    ENSURE(r.blind_points == (blind_to_last ? kOracle.points_of(s.blind) : 0), "");
    ENSURE(
        r.picker == kNoSeat && r.partner == kNoSeat && r.called == kNoCard && r.unknown == kNoCard,
        "");
    ENSURE(r.multiplier == 1 && r.bumped == 1, "");
    int fewest = 1000, count = 0, winner = -1;
    for (int p = 0; p < kPlayers; ++p) {
      if (r.tricks[p] == 0) continue;
      if (r.points[p] < fewest)
        fewest = r.points[p], count = 1, winner = p;
      else if (r.points[p] == fewest)
        ++count;
    }
    if (count == 1) {
      for (int p = 0; p < kPlayers; ++p) expect[p] = p == winner ? 4 * factor : -factor;
      ENSURE(r.leaster_winner == winner, "");
    } else {
      ++stats.ties;
      ENSURE(r.leaster_winner == kNoSeat, "");
    }
  } else {
    const bool with_partner = s.contract == Contract::called;
    stats.alone += !with_partner;
    const int picker = s.picker, partner = with_partner ? s.partner : -1;
    ENSURE(points + kOracle.points_of(s.bury) == 120, "hand points ", points, " + bury");
    ENSURE(r.picker == picker && r.partner == (with_partner ? partner : kNoSeat), "");
    ENSURE(r.called == s.called && r.unknown == s.unknown &&
               r.bury_points == kOracle.points_of(s.bury),
           "");
    ENSURE(r.blind_points == 0 && r.leaster_winner == kNoSeat, "");
    const int side_tricks = r.tricks[picker] + (with_partner ? r.tricks[partner] : 0);
    const int side_points =
        r.points[picker] + (with_partner ? r.points[partner] : 0) + kOracle.points_of(s.bury);
    ENSURE(r.picker_side_tricks == side_tricks, "");
    const bool bump_on = s.options.double_on_bump == DoubleOnBump::on;
    const int defenders = with_partner ? 3 : 4;
    if (side_tricks == 0) {  // S12: the picker alone pays 3 to each defender
      ++stats.no_trick;
      ENSURE(r.picker_side_points == 0 && r.won == 0 && r.multiplier == 3, "");
      const int unit = 3 * factor * (bump_on ? 2 : 1);
      ENSURE(r.bumped == (bump_on ? 2 : 1), "");
      for (int p = 0; p < kPlayers; ++p)
        expect[p] = p == picker ? -defenders * unit : p == partner ? 0 : unit;
    } else {
      ENSURE(r.picker_side_points == side_points, "");
      int m;
      bool won;
      if (side_tricks == kTricks)
        won = true, m = 3, ++stats.took_all;
      else if (side_points >= 91)
        won = true, m = 2, ++stats.schneider;
      else if (side_points >= 61)
        won = true, m = 1;
      else if (side_points >= 31)
        won = false, m = 1;  // 60-60 loses
      else
        won = false, m = 2, ++stats.schneider;
      ENSURE(r.won == won && r.multiplier == m, "side ", side_points, " points, ", side_tricks,
             " tricks");
      const int bump = !won && bump_on ? 2 : 1;
      stats.bumped += bump == 2;
      ENSURE(r.bumped == bump, "");
      const int each = m * factor * bump * (won ? -1 : 1);  // what each defender receives
      for (int p = 0; p < kPlayers; ++p)
        expect[p] = p == picker    ? -(with_partner ? 2 : defenders) * each
                    : p == partner ? -each
                                   : each;
    }
  }
  for (int p = 0; p < kPlayers; ++p)
    ENSURE(r.deltas[p] == expect[p], "seat ", p, ": ", r.deltas[p], " not ", expect[p]);
}

// ---- random play --------------------------------------------------------------------------

// `shy` (per game, 0..3) makes picking rarer, so that leasters and runs of doublers come up.
Action choose(const State& s, const Action* legal, int n, PortableRng& rng, int shy) {
  if (s.phase == Phase::picking) {
    // Pick a third of the time, more often with aces and queens.
    int aces = 0;
    for (Card c : s.hands[s.to_act]) aces += c.rank() == Rank::ace || c.rank() == Rank::queen;
    const bool pick = int(rng.bounded(uint64_t(12 + 8 * shy))) < 3 + aces;
    for (int i = 0; i < n; ++i)
      if ((legal[i].kind == ActionKind::pick) == pick) return legal[i];
    return legal[0];
  }
  if (s.phase == Phase::burying && rng.bounded(2)) {
    // Bury fail cards now and then, so that tens and unknowns get called (S6, S7).
    for (int tries = 0; tries < 8; ++tries) {
      const Action a = legal[rng.bounded(uint64_t(n))];
      if (kOracle.suit[a.a] != 4 && kOracle.suit[a.b] != 4) return a;
    }
  }
  if (s.phase == Phase::calling) {
    if (n > 1 && rng.bounded(6) != 0)
      return legal[rng.bounded(uint64_t(n - 1))];  // alone is listed last
  }
  return legal[rng.bounded(uint64_t(n))];
}

// S3 from the rule book: three to each player from the dealer's left, two to the blind, three more.
void expected_seeded_deal(int dealer, uint64_t seed, CardSet hands[kPlayers], CardSet* blind) {
  uint8_t deck[32];
  for (int i = 0; i < 32; ++i) deck[i] = uint8_t(i);
  PortableRng r(seed);
  r.shuffle(deck, 32);
  int k = 0;
  for (int p = 0; p < kPlayers; ++p) hands[p] = CardSet();
  *blind = CardSet();
  for (int i = 1; i <= kPlayers; ++i)
    for (int j = 0; j < 3; ++j) hands[(dealer + i) % kPlayers].add(Card(deck[k++]));
  blind->add(Card(deck[k++]));
  blind->add(Card(deck[k++]));
  for (int i = 1; i <= kPlayers; ++i)
    for (int j = 0; j < 3; ++j) hands[(dealer + i) % kPlayers].add(Card(deck[k++]));
}

ActionCode to_code(const Action& a) {
  ActionCode c;
  c.seat = a.seat;
  c.kind = uint8_t(a.kind);
  c.arg = a.a;
  if (a.b != kNoCard) c.count = 1, c.cards[0] = a.b;
  return c;
}

void run_games(uint64_t rng_seed, int min_hands) {
  PortableRng rng(rng_seed);
  Stats st;
  while (st.hands < min_hands) {
    ++st.games;
    OptionList option_text;
    const Options options = random_options(rng, &option_text);
    const int dealer = int(rng.bounded(kPlayers));
    const int shy = rng.bounded(3) == 0 ? int(1 + rng.bounded(3)) : 0;
    State s = new_game(options, dealer);
    auto game = make_game("sheepshead", option_text, 5, dealer, nullptr);
    REQUIRE(game);
    int64_t totals[kPlayers] = {};
    int expected_dealer = dealer, pending = 0;
    bool doubled = false;
    while (!is_over(s)) {
      check_state(s, rng, st);
      if (s.phase == Phase::deal) {
        ENSURE(s.dealer == expected_dealer, "the deal passes left after every hand");
        doubled = pending > 0;
        if (rng.bounded(4) == 0) {  // explicit cards, as a record of a real table gives them
          Card deck[32];
          for (int i = 0; i < 32; ++i) deck[i] = Card(uint8_t(i));
          rng.shuffle(deck, 32);
          CardSet hands[kPlayers], blind;
          for (int i = 0; i < 30; ++i) hands[i / 6].add(deck[i]);
          blind.add(deck[30]), blind.add(deck[31]);
          REQUIRE(deal_cards(s, hands, blind, &s, nullptr) == Reason::ok);
          REQUIRE(game->deal_text(format_deal(hands, blind), nullptr) == Reason::ok);
          for (int p = 0; p < kPlayers; ++p) ENSURE(s.hands[p] == hands[p], "");
        } else {
          const uint64_t seed = rng.next();
          REQUIRE(deal_seed(s, seed, &s, nullptr) == Reason::ok);
          REQUIRE(game->deal_seed(seed, nullptr) == Reason::ok);
          CardSet hands[kPlayers], blind;
          expected_seeded_deal(s.dealer, seed, hands, &blind);
          for (int p = 0; p < kPlayers; ++p)
            ENSURE(s.hands[p] == hands[p], "S3 seeded deal, seat ", p);
          ENSURE(s.blind == blind, "S3 seeded deal, blind");
        }
        ENSURE(s.phase == Phase::picking && s.to_act == (s.dealer + 1) % kPlayers,
               "S4: left of the dealer first");
        ENSURE(s.doubled == doubled, "S5: hand doubled ", int(s.doubled), " expected ", doubled);
        continue;
      }
      Action legal[kMaxLegalActions];
      const int n = legal_actions(s, legal);
      const Action a = choose(s, legal, n, rng, shy);
      const Phase phase = s.phase;
      const uint32_t scored = s.hands_scored;
      if (phase == Phase::picking && a.kind == ActionKind::pick && s.passes == kPlayers - 1 &&
          options.no_pick == NoPick::forced)
        ++st.forced_picks;
      if (phase == Phase::calling && a.kind == ActionKind::call) {
        if (a.b != kNoCard)
          ++st.unknown_calls;
        else if (Card(a.a).rank() == Rank::ten)
          ++st.ten_calls;
        else
          ++st.ace_calls;
      }
      if (phase == Phase::play && s.in_trick == 0 && s.unknown != kNoCard && a.a == s.unknown &&
          a.seat == s.picker)
        ++st.unknown_led;
      const State before = s;
      ENSURE(advance(&s, a, nullptr) == Reason::ok, format_action(a));
      // Half the moves go through the text form, as a record or a UI would send them.
      if (rng.bounded(2))
        ENSURE(game->apply_text(a.seat, format_action(a), nullptr) == Reason::ok, format_action(a));
      else
        ENSURE(game->apply(to_code(a), nullptr) == Reason::ok, format_action(a));
      if (phase == Phase::picking && s.phase == Phase::play) {
        ENSURE(s.contract == Contract::leaster && options.no_pick == NoPick::leaster, "S5/S14");
        ENSURE(s.to_act == (s.dealer + 1) % kPlayers && s.blind == before.blind,
               "S14: left of the dealer leads");
      }
      if (phase == Phase::calling)
        ENSURE(s.to_act == (s.dealer + 1) % kPlayers,
               "S9: left of the dealer leads the first trick");
      if (phase == Phase::picking && s.phase == Phase::deal) {  // a doubler: thrown in, not scored
        ENSURE(options.no_pick == NoPick::doubler && s.hands_scored == scored, "S5");
        ++st.thrown_in;
        st.doubled_thrown_in += doubled;
        ++pending;
        expected_dealer = (expected_dealer + 1) % kPlayers;
      }
      if (s.hands_scored != scored) {
        ++st.hands;
        // The finished hand is still in the state: check it from its tricks.
        State finished = s;
        finished.dealer = before.dealer;
        check_tricks(finished);
        check_hand_result(s, doubled, st);
        if (doubled) --pending;
        expected_dealer = (expected_dealer + 1) % kPlayers;
        for (int p = 0; p < kPlayers; ++p) totals[p] += s.last.deltas[p];
        ENSURE(s.pending_doublers == pending, "");
      }
    }
    check_state(s, rng, st);
    // S15: the game ends after `hands` scored hands; the highest totals win.
    REQUIRE(s.hands_scored == options.hands);
    int top = s.scores[0];
    for (int p = 0; p < kPlayers; ++p) {
      REQUIRE(totals[p] == s.scores[p]);
      top = s.scores[p] > top ? s.scores[p] : top;
    }
    for (int p = 0; p < kPlayers; ++p) REQUIRE(((s.winners >> p & 1) != 0) == (s.scores[p] == top));

    // The game object followed the same path; its record replays to the same game.
    const std::vector<uint8_t> bytes = game->serialize();
    uint8_t image[kSerializedSize];
    serialize(s, image, sizeof image);
    REQUIRE(bytes.size() > kSerializedSize);
    REQUIRE(std::memcmp(bytes.data(), image, kSerializedSize) == 0);
    REQUIRE(game->over());
    REQUIRE(game->hands_scored() == s.hands_scored);
    const std::string record = game->record();
    const ReplayResult replayed = replay_record(record);
    REQUIRE_MESSAGE(replayed.ok, replayed.error.message, "\n", record);
    REQUIRE(replayed.final_game->serialize() == bytes);
    REQUIRE(replayed.hand_deltas.size() == s.hands_scored);
    Error err;
    auto restored = deserialize_game(bytes.data(), bytes.size(), &err);
    REQUIRE_MESSAGE(restored, err.message);
    REQUIRE(restored->record() == record);
    REQUIRE(restored->serialize() == bytes);
  }
  MESSAGE(st.games, " games, ", st.hands, " hands (", st.leasters, " leasters, ", st.alone,
          " alone, ", st.ace_calls, " ace calls, ", st.ten_calls, " ten calls, ", st.unknown_calls,
          " unknown calls), ", st.thrown_in, " doublers thrown in (", st.doubled_thrown_in,
          " of them doubled), ", st.doubled, " doubled hands, ", st.no_trick, " no-trick, ",
          st.took_all, " took all, ", st.schneider, " schneider, ", st.bumped, " bumped, ", st.ties,
          " leaster ties, ", st.forced_picks, " forced picks, ", st.unknown_led, " unknowns led; ",
          st.states, " states, ", st.tried, " actions tried, ", st.partner_checks,
          " partner swaps");
  CHECK_SEEN(st.leasters > 0);
  CHECK_SEEN(st.alone > 0);
  CHECK_SEEN(st.ace_calls > 0);
  CHECK_SEEN(st.ten_calls > 0);
  CHECK_SEEN(st.unknown_calls > 0);
  CHECK_SEEN(st.thrown_in > 0);
  CHECK_SEEN(st.doubled > 0);
  CHECK_SEEN(st.doubled_thrown_in > 0);
  CHECK_SEEN(st.ties > 0);
  CHECK_SEEN(st.no_trick > 0);
  CHECK_SEEN(st.took_all > 0);
  CHECK_SEEN(st.schneider > 0);
  CHECK_SEEN(st.bumped > 0);
  CHECK_SEEN(st.forced_picks > 0);
  CHECK_SEEN(st.unknown_led > 0);
  CHECK_SEEN(st.partner_checks > 0);
}

}  // namespace

// Half the hands each, so that ctest runs the halves on both cores.
TEST_CASE(
    "Sheepshead random games, first half: conservation, legal actions, oracle, views, scoring, "
    "records (S1-S15)") {
  run_games(20260517, property_count(kHandsPerHalf));
}

TEST_CASE(
    "Sheepshead random games, second half: conservation, legal actions, oracle, views, scoring, "
    "records (S1-S15)") {
  run_games(517, property_count(kHandsPerHalf));
}
