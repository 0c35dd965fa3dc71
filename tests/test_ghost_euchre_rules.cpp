#include <doctest/doctest.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "deckhand/game.hpp"
#include "deckhand/ghost_euchre.hpp"
#include "deckhand/rng.hpp"
#include "test_support.hpp"

// Ghost Hand Euchre, one or more test cases per rule of docs/rules/ghost-euchre.md (G1–G11) and per
// option value. Every deal is explicit (or seeded, for G2), so every test is deterministic.

using namespace deckhand;
using namespace deckhand::ghost_euchre;

// Phases print by name in failed checks (reasons: test_support.hpp).
namespace deckhand::ghost_euchre {
doctest::String toString(Phase p) {
  static const char* const names[] = {"deal", "bidding", "trump", "play", "over"};
  return uint8_t(p) < 5 ? names[uint8_t(p)] : "?";
}
}  // namespace deckhand::ghost_euchre

namespace {

// ---------------------------------------------------------------------------------------
// Deals. Each is written with the seat left of dealer 0 (seat 1) holding the hand that
// declares; deal_for() turns the table so that hand goes to any seat. Play order is
// clockwise, so the same card script works whichever seat declares.

// Three hands, in clockwise order from the declarer: D = JH JD AH AS 9C 9S (declares
// hearts), then the club hand Y = AC KC QC JC TC KH, then the diamond hand X =
// AD KD QD TD TS QH (the seat before D).
constexpr const char* kMixed =
    "0: AD KD QD TD TS QH; 1: JH JD AH AS 9C 9S; 2: AC KC QC JC TC KH; ghost: KS QS JS 9D 9H TH";

// Card scripts for kMixed with hearts trump, each card played by the seat to act, tricks
// separated by two spaces. Tricks taken: declarer D, club hand Y, diamond hand X.
//   D 4, Y 0, X 2.
constexpr const char* kPlayD4Y0X2 = "JH KH QH  JD TC TD  9S QC TS  AD 9C JC  KD AH KC  AS AC QD";
//   D 3, Y 1, X 2.
constexpr const char* kPlayD3Y1X2 = "9C AC KD  KC TD JH  9S QC TS  AD AS JC  QD JD TC  AH KH QH";
//   D 4, Y 2, X 0, with two reneges (renege=penalize only): D plays 9S to KH led while
//   holding trumps, and X plays QD to AS led while holding TS.
constexpr const char* kPlayReneges = "9C AC KD  KH QH 9S  KC TD JH  AS QC QD  JD JC TS  AH TC AD";

// The declarer holds the six top hearts: a moon with hearts trump.
constexpr const char* kMoonHand =
    "0: 9D TD QD KD AD 9S; 1: JH JD AH KH QH TH; 2: 9C TC JC QC KC AC; ghost: 9H TS JS QS KS AS";
constexpr const char* kPlayMoon = "JH 9C 9D  JD TC TD  AH JC QD  KH QC KD  QH KC AD  TH AC 9S";

// G1 with hearts trump: seat 2 holds the left bower JD and clubs, no other diamond or
// heart; seat 0 holds diamonds and hearts.
constexpr const char* kBowers =
    "0: QD 9D TD 9H TH QH; 1: JH AH KH AD KD 9C; 2: JD TC JC QC KC AC; ghost: 9S TS JS QS KS AS";

using testing::card;
using testing::cards;
using testing::set_opt;
using testing::words;
Options with(std::string_view key, std::string_view value, Options o = {}) {
  return testing::with(key, value, o);
}

// Deals `text` with seat 1's hand going to `declarer` (the table turned by declarer - 1).
void deal_for(State& s, const char* text, int declarer = 1) {
  CardSet hands[kPlayers], turned[kPlayers], ghost;
  Error err;
  INFO(err.message);
  REQUIRE(parse_deal(text, hands, &ghost, &err) == Reason::ok);
  const int shift = (declarer + kPlayers - 1) % kPlayers;
  for (int p = 0; p < kPlayers; ++p) turned[(p + shift) % kPlayers] = hands[p];
  REQUIRE(deal_cards(s, turned, ghost, &s, &err) == Reason::ok);
}

State dealt(const char* text, const Options& o = {}, int dealer = 0) {
  State s = new_game(o, dealer);
  deal_for(s, text, 1);
  return s;
}

// Applies an action given as text; it must be legal.
void act(State& s, int seat, std::string_view text) {
  Action a;
  Error err;
  INFO("seat " << seat << ": " << std::string(text) << " -> " << err.message);
  REQUIRE(parse_action(text, seat, &a, &err) == Reason::ok);
  REQUIRE(apply(s, a, &s, &err) == Reason::ok);
}

// Plays the cards in order, each by the seat to act.
void play_cards(State& s, std::string_view script) {
  for (std::string_view w : words(script)) act(s, to_act(s), "play " + std::string(w));
}

// G3 and G6 at once: seats before `declarer` pass, it bids, the rest pass (unless the bid
// ended the auction), and it names trump.
void declare(State& s, int declarer, std::string_view bid_text, std::string_view trump) {
  while (s.phase == Phase::bidding && to_act(s) != declarer) act(s, to_act(s), "pass");
  act(s, declarer, bid_text);
  while (s.phase == Phase::bidding) act(s, to_act(s), "pass");
  REQUIRE(s.phase == Phase::trump);
  REQUIRE(to_act(s) == declarer);
  act(s, declarer, "trump " + std::string(trump));
}

// The action must be refused with `expected` everywhere, changing nothing (test_support.hpp).
std::string refused(const State& s, Action a, Reason expected) {
  return deckhand::testing::expect_refused(s, a, expected);
}

std::string refused(const State& s, int seat, std::string_view text, Reason expected) {
  Action a;
  Error err;
  INFO(std::string(text) << " -> " << err.message);
  REQUIRE(parse_action(text, seat, &a, &err) == Reason::ok);
  return refused(s, a, expected);
}

bool contains(const std::string& haystack, std::string_view needle) {
  return haystack.find(needle) != std::string::npos;
}

// The legal actions of the seat to act, in canonical text.
std::vector<std::string> legal(const State& s) {
  Action buf[kMaxLegalActions];
  const int n = legal_actions(s, buf);
  std::vector<std::string> out;
  for (int i = 0; i < n; ++i) out.push_back(format_action(buf[i]));
  return out;
}

using Strings = std::vector<std::string>;

uint8_t entry(int seat, uint8_t what) {
  return uint8_t((seat << 4) | what);
}

bool same_view(const View& a, const View& b) {
  return std::memcmp(&a, &b, sizeof a) == 0;
}

}  // namespace

// =======================================================================================
// Options

TEST_CASE("Options: the defaults are the rule book's") {
  const Options o;
  CHECK(o.swaps == Swaps::one);
  CHECK(o.all_pass == AllPass::redeal);
  CHECK(o.renege == Renege::reject);
  CHECK(o.declarer_scores == DeclarerScores::tricks);
  CHECK(o.moon_set == MoonSet::minus24);
  CHECK(o.tiebreak == Tiebreak::extra_hand);
  CHECK(o.target == 32);
  CHECK(o.max_hands == 0);
  std::string out[kOptionCount];
  int count = 0;
  option_strings(o, out, &count);
  REQUIRE(count == 8);
  const Strings got(out, out + 8);
  for (const char* expected :
       {"swaps=one", "all_pass=redeal", "renege=reject", "declarer_scores=tricks", "moon_set=24",
        "target=32", "tiebreak=extra_hand", "max_hands=0"}) {
    INFO(expected);
    CHECK(std::count(got.begin(), got.end(), std::string(expected)) == 1);
  }
}

TEST_CASE(
    "Options: set_option takes every value and refuses unknown keys and values (bad_option)") {
  Options o;
  CHECK(set_opt(&o, "swaps", "chain"));
  CHECK(o.swaps == Swaps::chain);
  CHECK(set_opt(&o, "swaps", "one"));
  CHECK(o.swaps == Swaps::one);
  CHECK(set_opt(&o, "all_pass", "stick_dealer"));
  CHECK(o.all_pass == AllPass::stick_dealer);
  CHECK(set_opt(&o, "all_pass", "redeal"));
  CHECK(o.all_pass == AllPass::redeal);
  CHECK(set_opt(&o, "renege", "penalize"));
  CHECK(o.renege == Renege::penalize);
  CHECK(set_opt(&o, "renege", "reject"));
  CHECK(o.renege == Renege::reject);
  CHECK(set_opt(&o, "declarer_scores", "bid"));
  CHECK(o.declarer_scores == DeclarerScores::bid);
  CHECK(set_opt(&o, "declarer_scores", "tricks"));
  CHECK(o.declarer_scores == DeclarerScores::tricks);
  CHECK(set_opt(&o, "moon_set", "6"));
  CHECK(o.moon_set == MoonSet::minus6);
  CHECK(set_opt(&o, "moon_set", "24"));
  CHECK(o.moon_set == MoonSet::minus24);
  CHECK(set_opt(&o, "tiebreak", "highest"));
  CHECK(o.tiebreak == Tiebreak::highest);
  CHECK(set_opt(&o, "tiebreak", "extra_hand"));
  CHECK(o.tiebreak == Tiebreak::extra_hand);
  CHECK(set_opt(&o, "target", "11"));
  CHECK(o.target == 11);
  CHECK(set_opt(&o, "max_hands", "1000000"));
  CHECK(o.max_hands == 1000000);
  CHECK(set_opt(&o, "MAX_HANDS", "0"));
  CHECK(o.max_hands == 0);
  CHECK(set_opt(&o, "max_hands", "20"));
  CHECK(o.max_hands == 20);

  const Options before = o;
  const std::pair<const char*, const char*> bad[] = {{"swap", "one"},
                                                     {"swaps", "two"},
                                                     {"all_pass", "stick"},
                                                     {"renege", ""},
                                                     {"declarer_scores", "moon"},
                                                     {"moon_set", "12"},
                                                     {"tiebreak", "lowest"},
                                                     {"target", "0"},
                                                     {"target", "-5"},
                                                     {"target", "abc"},
                                                     {"target", "10001"},
                                                     {"max_hands", "-1"},
                                                     {"max_hands", "1000001"},
                                                     {"max_hands", "ten"},
                                                     {"max_hands", ""},
                                                     {"", ""},
                                                     {"trump", "H"}};
  for (const auto& option : bad) {
    INFO(option.first << "=" << option.second);
    Error err;
    CHECK(set_option(&o, option.first, option.second, &err) == Reason::bad_option);
    CHECK(err.reason == Reason::bad_option);
    CHECK(o == before);
  }
}

// =======================================================================================
// G1 Deck and ranks

TEST_CASE(
    "G1, G11: a view's hand_sorted holds trump together, bowers on top, then colours alternate") {
  State s = dealt(kBowers);
  // Before trump: spades, hearts, clubs, diamonds, each high to low; `hand` keeps its order.
  CHECK(contains(view_json(view(s, 2)),
                 "\"hand_sorted\": [\"AC\", \"KC\", \"QC\", \"JC\", \"TC\", \"JD\"]"));
  CHECK(contains(view_json(view(s, 2)),
                 "\"hand\": [\"TC\", \"JC\", \"QC\", \"KC\", \"AC\", \"JD\"]"));
  declare(s, 1, "bid 3", "H");
  // Hearts trump: the left bower JD joins them; then clubs, diamonds, spades.
  CHECK(contains(view_json(view(s, 2)),
                 "\"hand_sorted\": [\"JD\", \"AC\", \"KC\", \"QC\", \"JC\", \"TC\"]"));
  CHECK(contains(view_json(view(s, 1)),
                 "\"hand_sorted\": [\"JH\", \"AH\", \"KH\", \"9C\", \"AD\", \"KD\"]"));
  CHECK(contains(view_json(view(s, 0)),
                 "\"hand_sorted\": [\"QH\", \"TH\", \"9H\", \"QD\", \"TD\", \"9D\"]"));
  CHECK(contains(view_json(view(s, -1)), "\"hand_sorted\": []"));
}

TEST_CASE("G1: the left bower follows trump, not its printed suit") {
  // Seat 1 declares hearts: JD is trump. Seat 2 holds JD and clubs only.
  State s = dealt(kBowers);
  declare(s, 1, "bid 3", "H");

  SUBCASE("a diamond lead does not oblige the left bower") {
    act(s, 1, "play AD");
    CHECK(legal(s) == Strings{"play TC", "play JC", "play QC", "play KC", "play AC", "play JD"});
    act(s, 2, "play TC");  // no renege: seat 2 holds no diamond
    CHECK(s.reneges[2] == 0);
    // Seat 0 holds real diamonds and must follow.
    CHECK(contains(refused(s, 0, "play 9H", Reason::must_follow_suit), "9D held, diamonds led"));
    act(s, 0, "play 9D");
    CHECK(s.tricks_won[1] == 1);
    CHECK(to_act(s) == 1);
  }
  SUBCASE("the left bower wins a diamond lead as trump") {
    act(s, 1, "play AD");
    act(s, 2, "play JD");
    act(s, 0, "play 9D");
    CHECK(s.tricks_won[2] == 1);
    CHECK(to_act(s) == 2);
  }
  SUBCASE("a trump lead obliges the left bower, which beats the ace") {
    act(s, 1, "play AH");
    CHECK(legal(s) == Strings{"play JD"});
    CHECK(contains(refused(s, 2, "play TC", Reason::must_follow_suit), "JD held, trump led"));
    act(s, 2, "play JD");
    act(s, 0, "play QH");
    CHECK(s.tricks_won[2] == 1);
    CHECK(to_act(s) == 2);
  }
  SUBCASE("led, the left bower is trump: hearts must follow, diamonds need not") {
    act(s, 1, "play 9C");
    act(s, 2, "play AC");
    act(s, 0, "play QD");
    REQUIRE(to_act(s) == 2);
    act(s, 2, "play JD");
    CHECK(led_card(s) == card("JD"));
    CHECK(effective_suit(led_card(s), Suit::hearts) == kTrumpSuit);
    CHECK(contains(refused(s, 0, "play 9D", Reason::must_follow_suit), "9H held, trump led"));
    act(s, 0, "play TH");
    CHECK(legal(s) == Strings{"play JH", "play KH", "play AH"});
    refused(s, 1, "play AD", Reason::must_follow_suit);
    act(s, 1, "play KH");
    CHECK(s.tricks_won[2] == 2);
    CHECK(to_act(s) == 2);
  }
  SUBCASE("the right bower beats the left bower") {
    act(s, 1, "play JH");
    act(s, 2, "play JD");
    act(s, 0, "play 9H");
    CHECK(s.tricks_won[1] == 1);
    CHECK(s.tricks_won[2] == 0);
  }
}

TEST_CASE(
    "G1: trump ranks J (right), J of the same colour (left), A K Q T 9; plain suits A K Q J T 9") {
  const struct {
    Suit trump;
    const char* trumps;  // high to low
    const char* plain;   // one plain suit, high to low
  } cases[] = {
      {Suit::hearts, "JH JD AH KH QH TH 9H", "AC KC QC JC TC 9C"},
      {Suit::diamonds, "JD JH AD KD QD TD 9D", "AS KS QS JS TS 9S"},
      {Suit::clubs, "JC JS AC KC QC TC 9C", "AD KD QD JD TD 9D"},
      {Suit::spades, "JS JC AS KS QS TS 9S", "AH KH QH JH TH 9H"},
  };
  for (const auto& c : cases) {
    INFO("trump " << suit_word(c.trump));
    const TrickRanking& r = ranking_for(c.trump);
    for (const char* order : {c.trumps, c.plain}) {
      const auto w = words(order);
      for (size_t i = 0; i + 1 < w.size(); ++i) {
        INFO(std::string(w[i]) << " beats " << std::string(w[i + 1]));
        CHECK(r.beats(card(w[i]), card(w[i + 1])));
        CHECK(!r.beats(card(w[i + 1]), card(w[i])));
      }
    }
    for (std::string_view w : words(c.trumps))
      CHECK(effective_suit(card(w), c.trump) == kTrumpSuit);
    // The trump suit has seven cards; the left bower's printed suit has five.
    CHECK(r.suit_cards[kTrumpSuit].size() == 7);
    const Suit left_suit = card(words(c.trumps)[1]).suit();
    CHECK(r.suit_cards[uint8_t(left_suit)].size() == 5);
    CHECK(!r.suit_cards[uint8_t(left_suit)].has(card(words(c.trumps)[1])));
    // The lowest trump beats the highest plain card.
    CHECK(r.beats(card(words(c.trumps)[6]), card(words(c.plain)[0])));
  }
  // The jacks of the other colour stay plain.
  CHECK(effective_suit(card("JD"), Suit::clubs) == int(Suit::diamonds));
  CHECK(effective_suit(card("JS"), Suit::hearts) == int(Suit::spades));
}

// =======================================================================================
// G2 Deal

TEST_CASE("G2: a seeded deal gives seats d+1, d+2, d and the ghost one card at a time, six times") {
  // The canonical Euchre deck: C D H S, each 9 T J Q K A.
  Card canonical[24];
  int n = 0;
  for (char suit : std::string("CDHS"))
    for (char rank : std::string("9TJQKA")) canonical[n++] = card(std::string{rank, suit});
  REQUIRE(n == 24);

  for (uint64_t seed : {uint64_t(0), uint64_t(1), uint64_t(42), uint64_t(0x0123456789ABCDEFull)}) {
    Card deck[24];
    std::memcpy(deck, canonical, sizeof deck);
    PortableRng rng(seed);
    rng.shuffle(deck, 24);
    for (int dealer = 0; dealer < kPlayers; ++dealer) {
      INFO("seed " << seed << ", dealer " << dealer);
      CardSet expected[kPlayers + 1];  // seats, then the ghost
      const int order[4] = {(dealer + 1) % 3, (dealer + 2) % 3, dealer, kPlayers};
      for (int i = 0; i < 24; ++i) expected[order[i % 4]].add(deck[i]);

      State s;
      Error err;
      REQUIRE(deal_seed(new_game({}, dealer), seed, &s, &err) == Reason::ok);
      for (int p = 0; p < kPlayers; ++p) {
        CHECK(s.hands[p].size() == 6);
        CHECK(s.hands[p] == expected[p]);
      }
      CHECK(s.spare.size() == 6);
      CHECK(s.spare == expected[kPlayers]);
      CHECK((s.hands[0] | s.hands[1] | s.hands[2] | s.spare) == kEuchreDeck);
      CHECK(s.phase == Phase::bidding);
      CHECK(to_act(s) == (dealer + 1) % 3);
      CHECK(s.hand_number == 1);
    }
  }
}

TEST_CASE("G2: an explicit deal gives six cards to each seat and to the ghost hand") {
  State s = dealt(kMixed);
  CHECK(s.hands[0] == cards("AD KD QD TD TS QH"));
  CHECK(s.hands[1] == cards("JH JD AH AS 9C 9S"));
  CHECK(s.hands[2] == cards("AC KC QC JC TC KH"));
  CHECK(s.spare == cards("KS QS JS 9D 9H TH"));
  CHECK(s.spare_owner == kNoSeat);
  CHECK(s.phase == Phase::bidding);
  CHECK(s.dealer == 0);
  CHECK(to_act(s) == 1);
  // parse_deal and format_deal agree.
  CardSet hands[kPlayers], ghost;
  Error err;
  REQUIRE(parse_deal(format_deal(s.hands, s.spare), hands, &ghost, &err) == Reason::ok);
  for (int p = 0; p < kPlayers; ++p) CHECK(hands[p] == s.hands[p]);
  CHECK(ghost == s.spare);
}

// =======================================================================================
// G3 Bidding

TEST_CASE("G3: left of the dealer speaks first and the dealer last, in one round") {
  for (int dealer = 0; dealer < kPlayers; ++dealer) {
    INFO("dealer " << dealer);
    const int first = (dealer + 1) % 3, second = (dealer + 2) % 3;
    State s = dealt(kMixed, {}, dealer);
    CHECK(to_act(s) == first);
    refused(s, dealer, "pass", Reason::wrong_seat);
    refused(s, second, "bid 3", Reason::wrong_seat);
    act(s, first, "pass");
    CHECK(to_act(s) == second);
    act(s, second, "bid 3");
    CHECK(to_act(s) == dealer);
    act(s, dealer, "pass");
    // The dealer spoke last: the auction is over, the high bidder names trump.
    CHECK(s.phase == Phase::trump);
    CHECK(s.declarer == second);
    CHECK(s.high_bid == 3);
    CHECK(to_act(s) == second);
    REQUIRE(s.auction_len == 3);
    CHECK(s.auction[0] == entry(first, kAuctionPass));
    CHECK(s.auction[1] == entry(second, 3));
    CHECK(s.auction[2] == entry(dealer, kAuctionPass));
  }
}

TEST_CASE("G3: each bid must be higher than the highest bid so far (bid_not_higher)") {
  State s = dealt(kMixed);
  CHECK(legal(s) == Strings{"swap", "pass", "bid 3", "bid 4", "bid 5", "bid moon"});
  act(s, 1, "bid 4");
  CHECK(contains(refused(s, 2, "bid 3", Reason::bid_not_higher), "seat 1"));
  refused(s, 2, "bid 4", Reason::bid_not_higher);
  CHECK(legal(s) == Strings{"swap", "pass", "bid 5", "bid moon"});
  act(s, 2, "bid 5");
  refused(s, 0, "bid 5", Reason::bid_not_higher);
  refused(s, 0, "bid 4", Reason::bid_not_higher);
  CHECK(legal(s) == Strings{"swap", "pass", "bid moon"});
  act(s, 0, "pass");
  CHECK(s.phase == Phase::trump);
  CHECK(s.declarer == 2);
  CHECK(s.high_bid == 5);
  CHECK(to_act(s) == 2);
}

TEST_CASE("G3: moon outranks 5 and ends the auction at once") {
  State s = dealt(kMixed);
  SUBCASE("the first speaker bids moon: nobody else is asked") {
    act(s, 1, "bid moon");
    CHECK(s.phase == Phase::trump);
    CHECK(s.declarer == 1);
    CHECK(s.high_bid == kMoon);
    CHECK(to_act(s) == 1);
    CHECK(s.auction_len == 1);
    refused(s, 2, "pass", Reason::wrong_phase);
    refused(s, 2, "bid moon", Reason::wrong_phase);
  }
  SUBCASE("moon over 5: the dealer is not asked") {
    act(s, 1, "bid 5");
    act(s, 2, "bid moon");
    CHECK(s.phase == Phase::trump);
    CHECK(s.declarer == 2);
    CHECK(s.high_bid == kMoon);
    CHECK(to_act(s) == 2);
    CHECK(s.auction_len == 2);
    refused(s, 0, "pass", Reason::wrong_phase);
  }
}

TEST_CASE("G3: bids are 3, 4, 5 or moon; there is no bid of 6 (invalid_bid)") {
  Action a{2, ActionKind::trump, 1};
  const Action untouched = a;
  for (const char* text : {"bid 6", "bid 2", "bid 0", "bid 7", "bid -3"}) {
    INFO(text);
    Error err;
    CHECK(parse_action(text, 1, &a, &err) == Reason::invalid_bid);
    CHECK(a == untouched);
  }
  Error err;
  REQUIRE(parse_action("BID Moon", 1, &a, &err) == Reason::ok);
  CHECK(a == Action{1, ActionKind::bid, kMoon});
  CHECK(format_action(a) == "bid moon");
  REQUIRE(parse_action("bid 5", 1, &a, &err) == Reason::ok);
  CHECK(a == Action{1, ActionKind::bid, 5});

  const State s = dealt(kMixed);
  refused(s, Action{1, ActionKind::bid, 2}, Reason::invalid_bid);
  refused(s, Action{1, ActionKind::bid, 7}, Reason::invalid_bid);
  refused(s, Action{1, ActionKind::bid, 0}, Reason::invalid_bid);
}

// =======================================================================================
// G4 The ghost hand swap

TEST_CASE("G4: a player may swap after others have bid, and must then pass or bid") {
  State s = dealt(kMixed);
  const CardSet ghost = s.spare, given_up = s.hands[2];
  act(s, 1, "bid 3");
  act(s, 2, "swap");
  CHECK(s.hands[2] == ghost);
  CHECK(s.spare == given_up);  // the hand given up is the dead hand
  CHECK(s.spare_owner == 2);
  CHECK(to_act(s) == 2);  // still seat 2's turn
  CHECK(legal(s) == Strings{"pass", "bid 4", "bid 5", "bid moon"});
  CHECK(contains(refused(s, 2, "swap", Reason::second_swap), "must pass or bid"));

  SUBCASE("swap, then bid and play the new hand") {
    act(s, 2, "bid 4");
    act(s, 0, "pass");
    CHECK(s.declarer == 2);
    act(s, 2, "trump S");
    refused(s, 2, "play AC", Reason::card_not_held);  // in the dead hand now
    act(s, 2, "play KS");
  }
  SUBCASE("swap, then pass") {
    act(s, 2, "pass");
    CHECK(to_act(s) == 0);
    CHECK(s.hands[2] == ghost);
  }
}

TEST_CASE("G4 swaps=one (default): once anyone has swapped, no one else may (second_swap)") {
  State s = dealt(kMixed, with("swaps", "one"));
  const CardSet ghost = s.spare, hand1 = s.hands[1];
  act(s, 1, "swap");
  act(s, 1, "pass");
  CHECK(s.hands[1] == ghost);
  CHECK(s.spare == hand1);
  CHECK(contains(refused(s, 2, "swap", Reason::second_swap), "seat 1"));
  CHECK(legal(s) == Strings{"pass", "bid 3", "bid 4", "bid 5", "bid moon"});
  act(s, 2, "bid 3");
  refused(s, 0, "swap", Reason::second_swap);
  act(s, 0, "pass");
  CHECK(s.spare == hand1);
  CHECK(s.spare_owner == 1);
  CHECK(s.swapped_mask == 0b010);
}

TEST_CASE("G4 swaps=chain: each seat may swap once, for the current dead hand") {
  State s = dealt(kMixed, with("swaps", "chain"));
  const CardSet h0 = s.hands[0], h1 = s.hands[1], h2 = s.hands[2], ghost = s.spare;

  act(s, 1, "swap");
  CHECK(s.hands[1] == ghost);
  CHECK(s.spare == h1);
  CHECK(s.spare_owner == 1);
  refused(s, 1, "swap", Reason::second_swap);
  act(s, 1, "pass");

  CHECK(legal(s).front() == "swap");  // seat 2 may still swap
  act(s, 2, "swap");
  CHECK(s.hands[2] == h1);
  CHECK(s.spare == h2);
  CHECK(s.spare_owner == 2);
  act(s, 2, "bid 3");

  act(s, 0, "swap");
  CHECK(s.hands[0] == h2);
  CHECK(s.spare == h0);
  CHECK(s.spare_owner == 0);
  refused(s, 0, "swap", Reason::second_swap);
  act(s, 0, "pass");

  CHECK(s.swapped_mask == 0b111);
  CHECK(s.phase == Phase::trump);
  CHECK(s.declarer == 2);
  const uint8_t log[6] = {entry(1, kAuctionSwap), entry(1, kAuctionPass),
                          entry(2, kAuctionSwap), entry(2, 3),
                          entry(0, kAuctionSwap), entry(0, kAuctionPass)};
  REQUIRE(s.auction_len == 6);
  CHECK(std::memcmp(s.auction, log, 6) == 0);
  // Only the seat that gave up the (final) dead hand sees it.
  CHECK(view(s, 0).dead_hand == h0);
  CHECK(view(s, 1).dead_hand.empty());
  CHECK(view(s, 2).dead_hand.empty());
}

TEST_CASE("G4: the dead hand is seen only by the seat that gave it up") {
  State s = dealt(kMixed);
  for (int p = 0; p < kPlayers; ++p) CHECK(view(s, p).dead_hand.empty());  // the ghost: no one
  const CardSet given_up = s.hands[1];
  act(s, 1, "swap");
  CHECK(view(s, 1).dead_hand == given_up);
  CHECK(view(s, 0).dead_hand.empty());
  CHECK(view(s, 2).dead_hand.empty());
  CHECK(view(s, -1).dead_hand.empty());
  // It stays visible to seat 1 through the play, and is never played.
  act(s, 1, "bid 3");
  act(s, 2, "pass");
  act(s, 0, "pass");
  act(s, 1, "trump S");
  CHECK(view(s, 1).dead_hand == given_up);
  refused(s, 1, "play JH", Reason::card_not_held);
}

// =======================================================================================
// G5 All pass

TEST_CASE("G5 all_pass=redeal (default): all pass throws the hand in and the deal passes left") {
  State s = dealt(kMixed, with("all_pass", "redeal"));
  act(s, 1, "pass");
  act(s, 2, "pass");
  act(s, 0, "pass");  // the dealer may pass
  CHECK(s.phase == Phase::deal);
  CHECK(to_act(s) == -1);
  CHECK(s.dealer == 1);
  CHECK(s.hand_number == 1);
  CHECK(s.hands_scored == 0);
  CHECK((s.hands[0] | s.hands[1] | s.hands[2] | s.spare).empty());
  for (int p = 0; p < kPlayers; ++p) CHECK(s.scores[p] == 0);
  CHECK(s.last.declarer == kNoSeat);
  CHECK(legal(s).empty());
  refused(s, 2, "pass", Reason::wrong_phase);
  // The next dealer deals; left of them speaks first.
  deal_for(s, kMixed);
  CHECK(s.dealer == 1);
  CHECK(to_act(s) == 2);
  CHECK(s.hand_number == 2);
}

TEST_CASE("G5 all_pass=stick_dealer: the dealer may not pass when everyone before passed") {
  State s = dealt(kMixed, with("all_pass", "stick_dealer"));
  act(s, 1, "pass");
  act(s, 2, "pass");
  CHECK(contains(refused(s, 0, "pass", Reason::dealer_must_bid), "seat 0"));
  CHECK(legal(s) == Strings{"swap", "bid 3", "bid 4", "bid 5", "bid moon"});
  SUBCASE("the dealer bids 3") {
    act(s, 0, "bid 3");
    CHECK(s.phase == Phase::trump);
    CHECK(s.declarer == 0);
    CHECK(s.high_bid == 3);
    CHECK(to_act(s) == 0);
  }
  SUBCASE("after swapping, the dealer still must bid") {
    act(s, 0, "swap");
    refused(s, 0, "pass", Reason::dealer_must_bid);
    CHECK(legal(s) == Strings{"bid 3", "bid 4", "bid 5", "bid moon"});
    act(s, 0, "bid 4");
    CHECK(s.declarer == 0);
  }
}

TEST_CASE("G5 all_pass=stick_dealer: the dealer may pass once someone has bid") {
  State s = dealt(kMixed, with("all_pass", "stick_dealer"));
  act(s, 1, "bid 3");
  act(s, 2, "pass");
  act(s, 0, "pass");
  CHECK(s.phase == Phase::trump);
  CHECK(s.declarer == 1);
  CHECK(to_act(s) == 1);
}

// =======================================================================================
// G6 Trump and lead

TEST_CASE("G6: the declarer names any suit as trump and leads to the first trick") {
  State s = dealt(kMixed);
  act(s, 1, "pass");
  act(s, 2, "bid 3");
  act(s, 0, "pass");
  CHECK(s.phase == Phase::trump);
  CHECK(to_act(s) == 2);
  CHECK(legal(s) == Strings{"trump C", "trump D", "trump H", "trump S"});
  refused(s, 1, "trump H", Reason::wrong_seat);
  refused(s, 2, "play AC", Reason::wrong_phase);
  refused(s, 2, "bid 4", Reason::wrong_phase);
  refused(s, Action{2, ActionKind::trump, 4}, Reason::malformed_action);
  act(s, 2, "trump C");
  CHECK(s.phase == Phase::play);
  CHECK(s.trump == uint8_t(Suit::clubs));
  CHECK(to_act(s) == 2);  // the declarer leads, not the seat left of the dealer
  CHECK(s.leaders[0] == 2);
  refused(s, 1, "play 9C", Reason::wrong_seat);
  refused(s, 2, "trump H", Reason::wrong_phase);  // trump is named once
  act(s, 2, "play AC");
  CHECK(led_card(s) == card("AC"));
}

// =======================================================================================
// G7 Play

TEST_CASE("G7: each player must follow the effective suit led if able (must_follow_suit)") {
  State s = dealt(kMixed);
  declare(s, 1, "bid 3", "H");
  act(s, 1, "play 9S");
  CHECK(legal(s).size() == 6);  // seat 2 holds no spade: any card
  act(s, 2, "play QC");
  CHECK(legal(s) == Strings{"play TS"});
  const std::string message = refused(s, 0, "play AD", Reason::must_follow_suit);
  CHECK(contains(message, "TS held"));
  CHECK(contains(message, "spades led"));
  refused(s, 0, "play QH", Reason::must_follow_suit);  // trumping is not following
  act(s, 0, "play TS");
  CHECK(s.tricks_won[0] == 1);
}

TEST_CASE(
    "G7: the highest trump wins, else the highest card of the suit led; the winner leads next") {
  State s = dealt(kMixed);
  declare(s, 1, "bid 3", "H");
  SUBCASE("no trump: the highest card of the suit led wins, off-suit aces do not") {
    act(s, 1, "play 9C");
    act(s, 2, "play AC");
    act(s, 0, "play AD");
    CHECK(s.tricks_done == 1);
    CHECK(s.tricks_won[2] == 1);
    CHECK(to_act(s) == 2);
    CHECK(s.leaders[1] == 2);
    refused(s, 1, "play JH", Reason::wrong_seat);
    refused(s, 0, "play KD", Reason::wrong_seat);
    // Trump beats the higher card of the suit led.
    act(s, 2, "play KC");
    act(s, 0, "play TD");
    act(s, 1, "play JH");
    CHECK(s.tricks_won[1] == 1);
    CHECK(to_act(s) == 1);
    CHECK(s.leaders[2] == 1);
  }
  SUBCASE("a low trump beats the ace led") {
    act(s, 1, "play AS");
    act(s, 2, "play KH");
    act(s, 0, "play TS");
    CHECK(s.tricks_won[2] == 1);
    CHECK(to_act(s) == 2);
  }
  SUBCASE("the higher of two trumps wins") {
    act(s, 1, "play 9C");
    act(s, 2, "play AC");
    act(s, 0, "play KD");
    act(s, 2, "play KH");  // trump led by seat 2
    act(s, 0, "play QH");
    act(s, 1, "play AH");
    CHECK(s.tricks_won[1] == 1);
    CHECK(to_act(s) == 1);
  }
  SUBCASE("six tricks in all, then the hand is scored") {
    play_cards(s, kPlayD4Y0X2);
    CHECK(s.hands_scored == 1);
    CHECK(s.last.tricks[0] + s.last.tricks[1] + s.last.tricks[2] == 6);
  }
}

// =======================================================================================
// G8 Reneging

TEST_CASE("G8 renege=reject (default): a renege is refused and the state is untouched") {
  State s = dealt(kMixed, with("renege", "reject"));
  declare(s, 1, "bid 3", "H");
  act(s, 1, "play 9C");
  act(s, 2, "play AC");
  act(s, 0, "play KD");
  act(s, 2, "play KH");
  act(s, 0, "play QH");
  // Seat 1 holds trumps, including the left bower: a spade is a renege.
  CHECK(contains(refused(s, 1, "play 9S", Reason::must_follow_suit), "JD held, trump led"));
  CHECK(legal(s) == Strings{"play JD", "play JH", "play AH"});
  CHECK(s.reneges[1] == 0);
}

TEST_CASE(
    "G8 renege=penalize: the play stands and the offender loses 2 per renege, declarer included") {
  State s = dealt(kMixed, with("renege", "penalize"));
  declare(s, 1, "bid 3", "H");
  play_cards(s, "9C AC KD  KH QH");
  CHECK(legal(s).size() == 5);  // any card: the library records, it does not refuse
  act(s, 1, "play 9S");         // renege by the declarer
  CHECK(s.reneges[1] == 1);
  CHECK(s.tricks_won[2] == 2);  // the play stands: KH wins the trick
  play_cards(s, "KC TD JH  AS QC");
  act(s, 0, "play QD");  // renege by seat 0, holding TS
  CHECK(s.reneges[0] == 1);
  play_cards(s, "JD JC TS  AH TC AD");

  REQUIRE(s.hands_scored == 1);
  const HandResult& r = s.last;
  CHECK(r.declarer == 1);
  CHECK(r.bid == 3);
  CHECK(r.made == 1);
  CHECK(r.tricks[0] == 0);
  CHECK(r.tricks[1] == 4);
  CHECK(r.tricks[2] == 2);
  CHECK(r.reneges[0] == 1);
  CHECK(r.reneges[1] == 1);
  CHECK(r.reneges[2] == 0);
  CHECK(r.renege_penalty[0] == -2);
  CHECK(r.renege_penalty[1] == -2);
  CHECK(r.renege_penalty[2] == 0);
  CHECK(r.deltas[0] == -2);     // no tricks, one renege
  CHECK(r.deltas[1] == 4 - 2);  // made with 4 tricks, one renege
  CHECK(r.deltas[2] == 2);
  CHECK(s.scores[0] == -2);
  CHECK(s.scores[1] == 2);
  CHECK(s.scores[2] == 2);
}

// =======================================================================================
// G9 Scoring a hand

TEST_CASE("G9 declarer_scores=tricks (default): 1 per trick for everyone when the bid is made") {
  State s = dealt(kMixed, with("declarer_scores", "tricks"));
  declare(s, 1, "bid 3", "H");
  SUBCASE("made exactly") {
    play_cards(s, kPlayD3Y1X2);
    const HandResult& r = s.last;
    CHECK(r.made == 1);
    CHECK(r.tricks[0] == 2);
    CHECK(r.tricks[1] == 3);
    CHECK(r.tricks[2] == 1);
    CHECK(r.deltas[0] == 2);  // non-declarers: 1 per trick
    CHECK(r.deltas[1] == 3);
    CHECK(r.deltas[2] == 1);
  }
  SUBCASE("an overtrick counts") {
    play_cards(s, kPlayD4Y0X2);
    CHECK(s.last.deltas[0] == 2);
    CHECK(s.last.deltas[1] == 4);
    CHECK(s.last.deltas[2] == 0);
  }
  CHECK(s.last.declarer == 1);
  CHECK(s.last.bid == 3);
  CHECK(s.last.hand_number == 1);
  CHECK(s.scores[0] == s.last.deltas[0]);
  CHECK(s.scores[1] == s.last.deltas[1]);
  CHECK(s.scores[2] == s.last.deltas[2]);
  // The hand is over: the deal passes left.
  CHECK(s.phase == Phase::deal);
  CHECK(s.dealer == 1);
  CHECK(to_act(s) == -1);
  CHECK(s.hands_scored == 1);
}

TEST_CASE("G9 declarer_scores=bid: a made bid scores the bid, not the tricks") {
  State s = dealt(kMixed, with("declarer_scores", "bid"));
  declare(s, 1, "bid 3", "H");
  play_cards(s, kPlayD4Y0X2);
  CHECK(s.last.made == 1);
  CHECK(s.last.tricks[1] == 4);
  CHECK(s.last.deltas[0] == 2);
  CHECK(s.last.deltas[1] == 3);
  CHECK(s.last.deltas[2] == 0);
  CHECK(s.scores[1] == 3);
}

TEST_CASE(
    "G9: a declarer who takes fewer than the bid loses the bid and scores nothing for tricks") {
  for (const char* scoring : {"tricks", "bid"}) {
    INFO("declarer_scores=" << scoring);
    State s = dealt(kMixed, with("declarer_scores", scoring));
    declare(s, 1, "bid 4", "H");
    play_cards(s, kPlayD3Y1X2);
    CHECK(s.last.made == 0);
    CHECK(s.last.tricks[1] == 3);
    CHECK(s.last.deltas[0] == 2);
    CHECK(s.last.deltas[1] == -4);
    CHECK(s.last.deltas[2] == 1);
    CHECK(s.scores[1] == -4);  // scores may go negative
  }
}

TEST_CASE("G9: a made moon scores 24 under declarer_scores=tricks and declarer_scores=bid") {
  for (const char* scoring : {"tricks", "bid"}) {
    INFO("declarer_scores=" << scoring);
    State s = dealt(kMoonHand, with("declarer_scores", scoring));
    declare(s, 1, "bid moon", "H");
    play_cards(s, kPlayMoon);
    CHECK(s.last.bid == kMoon);
    CHECK(s.last.made == 1);
    CHECK(s.last.tricks[1] == 6);
    CHECK(s.last.deltas[0] == 0);
    CHECK(s.last.deltas[1] == 24);
    CHECK(s.last.deltas[2] == 0);
    CHECK(s.scores[1] == 24);
  }
}

TEST_CASE("G9 moon_set=24 (default): a failed moon loses 24") {
  State s = dealt(kMixed, with("moon_set", "24"));
  declare(s, 1, "bid moon", "H");
  play_cards(s, kPlayD4Y0X2);
  CHECK(s.last.made == 0);
  CHECK(s.last.deltas[0] == 2);
  CHECK(s.last.deltas[1] == -24);
  CHECK(s.last.deltas[2] == 0);
  CHECK(s.scores[1] == -24);
}

TEST_CASE("G9 moon_set=6: a failed moon loses 6") {
  State s = dealt(kMixed, with("moon_set", "6"));
  declare(s, 1, "bid moon", "H");
  play_cards(s, kPlayD4Y0X2);
  CHECK(s.last.made == 0);
  CHECK(s.last.deltas[0] == 2);
  CHECK(s.last.deltas[1] == -6);
  CHECK(s.last.deltas[2] == 0);
  CHECK(s.scores[1] == -6);
}

// =======================================================================================
// G10 Winning. Scores are preset on a fresh state (State is a plain struct); each hand
// of kMixed with kPlayD4Y0X2 gives the declarer 4 and the diamond hand 2.

TEST_CASE("G10: the target defaults to 32") {
  SUBCASE("31 has not reached it") {
    State s = new_game();
    s.scores[0] = 29;
    s.scores[1] = 27;
    deal_for(s, kMixed, 1);
    declare(s, 1, "bid 3", "H");
    play_cards(s, kPlayD4Y0X2);
    CHECK(s.scores[0] == 31);
    CHECK(s.scores[1] == 31);
    CHECK(s.phase == Phase::deal);
    CHECK(s.tiebreak == 0);
  }
  SUBCASE("32 has") {
    State s = new_game();
    s.scores[0] = 30;
    s.scores[1] = 27;
    deal_for(s, kMixed, 1);
    declare(s, 1, "bid 3", "H");
    play_cards(s, kPlayD4Y0X2);
    CHECK(s.scores[0] == 32);
    CHECK(s.scores[1] == 31);
    CHECK(s.phase == Phase::over);
    CHECK(s.winners == 0b001);
  }
}

TEST_CASE("G10 target=N: exactly one player reaching the target wins and the game is over") {
  State s = new_game(with("target", "3"));
  deal_for(s, kMixed, 1);
  declare(s, 1, "bid 3", "H");
  play_cards(s, kPlayD4Y0X2);
  CHECK(s.scores[0] == 2);
  CHECK(s.scores[1] == 4);
  CHECK(is_over(s));
  CHECK(s.phase == Phase::over);
  CHECK(s.winners == 0b010);
  CHECK(to_act(s) == -1);
  CHECK(legal(s).empty());
  CHECK(view(s, 0).winners == 0b010);
}

TEST_CASE(
    "G10 tiebreak=extra_hand (default): two reaching the target play a tie-break hand the trailing "
    "player can win") {
  State s = new_game(with("tiebreak", "extra_hand", with("target", "10")));
  s.scores[0] = 8;
  s.scores[1] = 7;
  deal_for(s, kMixed, 1);
  declare(s, 1, "bid 3", "H");
  play_cards(s, kPlayD4Y0X2);
  CHECK(s.scores[0] == 10);
  CHECK(s.scores[1] == 11);
  CHECK(s.phase == Phase::deal);  // both reached 10: no winner yet
  CHECK(s.tiebreak == 1);
  CHECK(s.winners == 0);

  // The tie-break hand (dealer 1): seat 0, behind by one, makes a moon.
  REQUIRE(s.dealer == 1);
  deal_for(s, kMoonHand, 0);
  act(s, 2, "pass");
  declare(s, 0, "bid moon", "H");
  play_cards(s, kPlayMoon);
  CHECK(s.scores[0] == 34);
  CHECK(s.scores[1] == 11);
  CHECK(s.scores[2] == 0);
  CHECK(s.phase == Phase::over);  // two are above the target, but one holds the top alone
  CHECK(s.winners == 0b001);
}

TEST_CASE("G10 tiebreak=extra_hand: tie-break hands go on while the top is tied") {
  State s = new_game(with("target", "10"));
  s.scores[0] = 9;
  s.scores[1] = 6;
  deal_for(s, kMixed, 1);
  declare(s, 1, "bid 3", "H");
  play_cards(s, kPlayD4Y0X2);
  CHECK(s.scores[0] == 11);
  CHECK(s.scores[1] == 10);
  CHECK(s.phase == Phase::deal);  // seat 0 leads, but two reached the target together
  CHECK(s.tiebreak == 1);

  // Dealer 1: seat 2 declares 3 and takes 3; seat 1 (diamond hand) 2, seat 0 (club hand) 1.
  deal_for(s, kMixed, 2);
  declare(s, 2, "bid 3", "H");
  play_cards(s, kPlayD3Y1X2);
  CHECK(s.scores[0] == 12);
  CHECK(s.scores[1] == 12);
  CHECK(s.scores[2] == 3);
  CHECK(s.phase == Phase::deal);  // tied at the top: another tie-break hand
  CHECK(s.tiebreak == 1);

  // Dealer 2: seat 0 declares and takes 4.
  deal_for(s, kMixed, 0);
  declare(s, 0, "bid 3", "H");
  play_cards(s, kPlayD4Y0X2);
  CHECK(s.scores[0] == 16);
  CHECK(s.scores[1] == 12);
  CHECK(s.scores[2] == 5);
  CHECK(s.phase == Phase::over);
  CHECK(s.winners == 0b001);
}

TEST_CASE(
    "G10 tiebreak=extra_hand: tie-break hands go on even when every total has dropped below the "
    "target") {
  State s = new_game(with("renege", "penalize", with("target", "10")));
  s.scores[0] = 8;
  s.scores[1] = 6;
  deal_for(s, kMixed, 1);
  declare(s, 1, "bid 3", "H");
  play_cards(s, kPlayD4Y0X2);
  CHECK(s.scores[0] == 10);
  CHECK(s.scores[1] == 10);
  CHECK(s.tiebreak == 1);

  // Dealer 1 bids moon and fails with a renege; seat 0 reneges too.
  deal_for(s, kMixed, 1);
  act(s, 2, "pass");
  act(s, 0, "pass");
  declare(s, 1, "bid moon", "H");
  play_cards(s, kPlayReneges);
  CHECK(s.scores[0] == 8);
  CHECK(s.scores[1] == 10 - 24 - 2);
  CHECK(s.scores[2] == 2);
  CHECK(s.phase == Phase::deal);  // a unique top, but below the target
  CHECK(s.tiebreak == 1);
  CHECK(s.winners == 0);

  // Dealer 2: seat 0 declares, takes 4 and reaches the target alone.
  deal_for(s, kMixed, 0);
  declare(s, 0, "bid 3", "H");
  play_cards(s, kPlayD4Y0X2);
  CHECK(s.scores[0] == 12);
  CHECK(s.phase == Phase::over);
  CHECK(s.winners == 0b001);
}

TEST_CASE("G10 tiebreak=highest: the unique highest total at or above the target wins at once") {
  State s = new_game(with("tiebreak", "highest", with("target", "10")));
  s.scores[0] = 8;
  s.scores[1] = 7;
  deal_for(s, kMixed, 1);
  declare(s, 1, "bid 3", "H");
  play_cards(s, kPlayD4Y0X2);
  CHECK(s.scores[0] == 10);
  CHECK(s.scores[1] == 11);
  CHECK(s.phase == Phase::over);
  CHECK(s.winners == 0b010);
}

TEST_CASE("G10 tiebreak=highest: play goes on only while the top is tied") {
  State s = new_game(with("tiebreak", "highest", with("target", "10")));
  s.scores[0] = 8;
  s.scores[1] = 6;
  deal_for(s, kMixed, 1);
  declare(s, 1, "bid 3", "H");
  play_cards(s, kPlayD4Y0X2);
  CHECK(s.scores[0] == 10);
  CHECK(s.scores[1] == 10);
  CHECK(s.phase == Phase::deal);
  CHECK(s.winners == 0);

  // Dealer 1: seat 2 declares and takes 4, seat 1 (diamond hand) 2, seat 0 none.
  deal_for(s, kMixed, 2);
  declare(s, 2, "bid 3", "H");
  play_cards(s, kPlayD4Y0X2);
  CHECK(s.scores[0] == 10);
  CHECK(s.scores[1] == 12);
  CHECK(s.scores[2] == 4);
  CHECK(s.phase == Phase::over);
  CHECK(s.winners == 0b010);
}

TEST_CASE(
    "G10 max_hands=N: the game ends after N scored hands, the highest total winning; thrown-in "
    "deals do not count") {
  State s = new_game(with("max_hands", "2"));
  deal_for(s, kMixed, 1);
  declare(s, 1, "bid 3", "H");
  play_cards(s, kPlayD4Y0X2);
  CHECK(s.scores[0] == 2);
  CHECK(s.scores[1] == 4);
  CHECK(s.phase == Phase::deal);  // one hand scored, nobody near 32
  // Dealer 1: everyone passes (G5); the thrown-in deal is not a scored hand.
  deal_for(s, kMixed, 1);
  for (int i = 0; i < kPlayers; ++i) act(s, to_act(s), "pass");
  CHECK(s.phase == Phase::deal);
  CHECK(s.hands_scored == 1);
  // Dealer 2: seat 2's hand takes 4, seat 1 2, seat 0 none.
  deal_for(s, kMixed, 2);
  declare(s, 2, "bid 3", "H");
  play_cards(s, kPlayD4Y0X2);
  CHECK(s.hands_scored == 2);
  CHECK(s.scores[0] == 2);
  CHECK(s.scores[1] == 6);
  CHECK(s.scores[2] == 4);
  CHECK(s.phase == Phase::over);  // far below the target, but the hand limit is reached
  CHECK(s.winners == 0b010);
  CHECK(legal(s).empty());
}

TEST_CASE("G10 max_hands=N: a tie for the highest total at the limit shares the win") {
  State s = new_game(with("max_hands", "1"));
  s.scores[0] = 2;  // 2 + 2 = 4, level with seat 1's 4
  deal_for(s, kMixed, 1);
  declare(s, 1, "bid 3", "H");
  play_cards(s, kPlayD4Y0X2);
  CHECK(s.scores[0] == 4);
  CHECK(s.scores[1] == 4);
  CHECK(s.phase == Phase::over);
  CHECK(s.winners == 0b011);
}

TEST_CASE("G10 max_hands=N: the target still ends the game earlier, with its own winner") {
  State s = new_game(with("max_hands", "5", with("target", "3")));
  deal_for(s, kMixed, 1);
  declare(s, 1, "bid 3", "H");
  play_cards(s, kPlayD4Y0X2);
  CHECK(s.hands_scored == 1);
  CHECK(s.phase == Phase::over);
  CHECK(s.winners == 0b010);
}

TEST_CASE(
    "G10 max_hands=N with tiebreak=extra_hand: the limit ends tie-break hands too, tied leaders "
    "sharing") {
  // As in "tie-break hands go on while the top is tied", where a third hand was needed.
  State s = new_game(with("max_hands", "2", with("target", "10")));
  s.scores[0] = 9;
  s.scores[1] = 6;
  deal_for(s, kMixed, 1);
  declare(s, 1, "bid 3", "H");
  play_cards(s, kPlayD4Y0X2);
  CHECK(s.tiebreak == 1);
  CHECK(s.phase == Phase::deal);
  deal_for(s, kMixed, 2);
  declare(s, 2, "bid 3", "H");
  play_cards(s, kPlayD3Y1X2);
  CHECK(s.scores[0] == 12);
  CHECK(s.scores[1] == 12);
  CHECK(s.phase == Phase::over);
  CHECK(s.winners == 0b011);
}

TEST_CASE("G10 max_hands=N with tiebreak=highest: a tied top at the limit ends the game, shared") {
  State s = new_game(with("max_hands", "1", with("tiebreak", "highest", with("target", "10"))));
  s.scores[0] = 8;
  s.scores[1] = 6;
  deal_for(s, kMixed, 1);
  declare(s, 1, "bid 3", "H");
  play_cards(s, kPlayD4Y0X2);
  CHECK(s.scores[0] == 10);
  CHECK(s.scores[1] == 10);
  CHECK(s.phase == Phase::over);  // without the limit: play on while the top is tied
  CHECK(s.winners == 0b011);
}

TEST_CASE("G10 max_hands: records and make_game carry it; state images check it") {
  Error err;
  auto g = make_game("ghost-euchre", {{"max_hands", "7"}}, 0, 0, &err);
  REQUIRE(g);
  CHECK(contains(g->record(), "option max_hands=7"));
  CHECK(make_game("ghost-euchre", {{"max_hands", "1000001"}}, 0, 0, &err) == nullptr);
  CHECK(err.reason == Reason::bad_option);
  CHECK(contains(err.message, "max_hands"));

  uint8_t bytes[kSerializedSize];
  State out = new_game();
  State s = new_game();
  s.options.max_hands = 1000001;  // out of range
  REQUIRE(serialize(s, bytes, sizeof bytes) == kSerializedSize);
  CHECK(deserialize(bytes, sizeof bytes, &out, &err) == Reason::corrupt_state);
  s = new_game(with("max_hands", "3"));
  s.hands_scored = s.hand_number = 3;  // the limit is reached, yet the game goes on
  REQUIRE(serialize(s, bytes, sizeof bytes) == kSerializedSize);
  CHECK(deserialize(bytes, sizeof bytes, &out, &err) == Reason::corrupt_state);
  CHECK(contains(err.message, "max_hands"));
  // A real game ended by the limit: its image is accepted; the winners must be the highest
  // totals, and the game may not end before the limit with nobody at the target.
  s = new_game(with("max_hands", "1"));
  for (uint64_t seed = 1; !is_over(s); ++seed) {
    REQUIRE(deal_seed(s, seed, &s, nullptr) == Reason::ok);
    Action legal[kMaxLegalActions];
    for (int n; (n = legal_actions(s, legal)) > 0;)
      REQUIRE(advance(&s, legal[n - 1], nullptr) == Reason::ok);  // bids, so a hand is scored
  }
  REQUIRE(serialize(s, bytes, sizeof bytes) == kSerializedSize);
  CHECK_MESSAGE(deserialize(bytes, sizeof bytes, &out, &err) == Reason::ok, err.message);
  State edited = s;
  edited.winners = uint8_t(s.winners ^ 0b111);  // the seats that did not have the top total
  REQUIRE(serialize(edited, bytes, sizeof bytes) == kSerializedSize);
  CHECK(deserialize(bytes, sizeof bytes, &out, &err) == Reason::corrupt_state);
  CHECK(contains(err.message, "G10"));
  edited = s;
  edited.options.max_hands = 2;  // over after one hand, though the limit is two
  REQUIRE(serialize(edited, bytes, sizeof bytes) == kSerializedSize);
  CHECK(deserialize(bytes, sizeof bytes, &out, &err) == Reason::corrupt_state);
}

// =======================================================================================
// G11 What each player sees

TEST_CASE("G11: a seat's view never shows another hand, the ghost hand or the dead hand") {
  // Deals that differ only in cards hidden from some seats: seat 2's TC <-> ghost's 9D,
  // and seat 1's 9S <-> ghost's KS.
  const char* seat2_ghost =
      "0: AD KD QD TD TS QH; 1: JH JD AH AS 9C 9S; 2: AC KC QC JC 9D KH; ghost: KS QS JS TC 9H TH";
  const char* seat1_ghost =
      "0: AD KD QD TD TS QH; 1: JH JD AH AS 9C KS; 2: AC KC QC JC TC KH; ghost: 9S QS JS 9D 9H TH";
  State a = dealt(kMixed), b = dealt(seat2_ghost), c = dealt(seat1_ghost);
  for (int p = 0; p < kPlayers; ++p) {
    CHECK(view(a, p).hand == a.hands[p]);
    CHECK(view(a, p).dead_hand.empty());
  }
  CHECK(same_view(view(a, 0), view(b, 0)));
  CHECK(same_view(view(a, 1), view(b, 1)));
  CHECK(!same_view(view(a, 2), view(b, 2)));
  CHECK(same_view(view(a, 0), view(c, 0)));
  CHECK(same_view(view(a, 2), view(c, 2)));
  CHECK(same_view(view(a, -1), view(b, -1)));  // a spectator sees no cards at all
  CHECK(view(a, -1).hand.empty());

  // Seat 1 swaps: in a and c, the hand it gives up and the hand it takes both differ,
  // yet seats 0 and 2 see the same thing.
  for (State* s : {&a, &b, &c}) {
    act(*s, 1, "swap");
    act(*s, 1, "bid 3");
  }
  CHECK(same_view(view(a, 0), view(c, 0)));
  CHECK(same_view(view(a, 2), view(c, 2)));
  CHECK(!same_view(view(a, 1), view(c, 1)));
  CHECK(same_view(view(a, 0), view(b, 0)));
  CHECK(view(a, 1).dead_hand == cards("JH JD AH AS 9C 9S"));
  CHECK(view(a, 1).hand == cards("KS QS JS 9D 9H TH"));
}

TEST_CASE("G11: every seat sees the bids, who swapped, trump and every card played") {
  State s = dealt(kMixed);
  act(s, 1, "pass");
  act(s, 2, "swap");
  act(s, 2, "bid 3");
  act(s, 0, "bid 4");
  act(s, 0, "trump D");
  act(s, 0, "play AD");
  act(s, 1, "play JH");  // the left bower with diamonds trump
  for (int p = 0; p < kPlayers; ++p) {
    INFO("seat " << p);
    const View v = view(s, p);
    CHECK(v.seat == p);
    REQUIRE(v.auction_len == 4);
    CHECK(v.auction[0] == entry(1, kAuctionPass));
    CHECK(v.auction[1] == entry(2, kAuctionSwap));
    CHECK(v.auction[2] == entry(2, 3));
    CHECK(v.auction[3] == entry(0, 4));
    CHECK(v.spare_owner == 2);  // who swapped, not the cards
    CHECK(v.high_bid == 4);
    CHECK(v.declarer == 0);
    CHECK(v.trump == uint8_t(Suit::diamonds));
    CHECK(v.played[0][0] == card("AD").code);
    CHECK(v.played[0][1] == card("JH").code);
    CHECK(v.played[0][2] == kNoCard);
    CHECK(v.in_trick == 2);
    CHECK(v.to_act == 2);
    CHECK(v.hand == s.hands[p]);
    CHECK(v.dead_hand == (p == 2 ? cards("AC KC QC JC TC KH") : CardSet()));
  }
  act(s, 2, "play 9D");
  for (int p = 0; p < kPlayers; ++p) {
    const View v = view(s, p);
    CHECK(v.tricks_done == 1);
    CHECK(v.tricks_won[1] == 1);  // the left bower took the trick
    CHECK(v.played[0][2] == card("9D").code);
    CHECK(v.leaders[1] == 1);
  }
}

// =======================================================================================
// Refusals: each has its own reason and leaves the state untouched. (bid_not_higher,
// second_swap, dealer_must_bid and must_follow_suit are checked the same way under G3,
// G4, G5 and G7.)

TEST_CASE("Refusals: wrong_seat") {
  State s = dealt(kMixed);
  CHECK(contains(refused(s, 2, "pass", Reason::wrong_seat), "seat 1 is to act"));
  refused(s, 0, "bid 3", Reason::wrong_seat);
  refused(s, 2, "swap", Reason::wrong_seat);
  declare(s, 1, "bid 3", "H");
  refused(s, 2, "play AC", Reason::wrong_seat);
}

TEST_CASE("Refusals: wrong_phase") {
  State s = dealt(kMixed);
  SUBCASE("play or name trump during the bidding") {
    refused(s, 1, "play JH", Reason::wrong_phase);
    refused(s, 1, "trump H", Reason::wrong_phase);
  }
  SUBCASE("bid, pass or swap during the play") {
    declare(s, 1, "bid 3", "H");
    refused(s, 1, "bid 4", Reason::wrong_phase);
    refused(s, 1, "pass", Reason::wrong_phase);
    refused(s, 1, "swap", Reason::wrong_phase);
  }
  SUBCASE("act between hands") {
    const State fresh = new_game();
    refused(fresh, 1, "pass", Reason::wrong_phase);
    refused(fresh, 1, "play JH", Reason::wrong_phase);
  }
  SUBCASE("deal while a hand is being played") {
    CardSet hands[kPlayers], ghost;
    Error err;
    REQUIRE(parse_deal(kMixed, hands, &ghost, &err) == Reason::ok);
    State out = s;
    CHECK(deal_cards(s, hands, ghost, &out, &err) == Reason::wrong_phase);
    CHECK(std::memcmp(&out, &s, sizeof s) == 0);
    CHECK(deal_seed(s, 7, &out, &err) == Reason::wrong_phase);
    CHECK(err.reason == Reason::wrong_phase);
    CHECK(std::memcmp(&out, &s, sizeof s) == 0);
  }
}

TEST_CASE("Refusals: card_not_held") {
  State s = dealt(kMixed);
  declare(s, 1, "bid 3", "H");
  CHECK(contains(refused(s, 1, "play AC", Reason::card_not_held), "AC"));  // seat 2's
  refused(s, 1, "play KS", Reason::card_not_held);                         // the ghost's
  act(s, 1, "play JH");
  refused(s, 2, "play JH", Reason::card_not_held);  // already played
}

TEST_CASE("Refusals: invalid_bid, invalid_card and a trump that is not a suit (malformed_action)") {
  const State s = dealt(kMixed);
  refused(s, Action{1, ActionKind::bid, 2}, Reason::invalid_bid);
  refused(s, Action{1, ActionKind::bid, 200}, Reason::invalid_bid);
  State t = s;
  declare(t, 1, "bid 3", "H");
  refused(t, Action{1, ActionKind::play, card("7C").code}, Reason::invalid_card);
  refused(t, Action{1, ActionKind::play, kNoCard}, Reason::invalid_card);
  State u = s;
  act(u, 1, "bid 3");
  act(u, 2, "pass");
  act(u, 0, "pass");
  refused(u, Action{1, ActionKind::trump, 9}, Reason::malformed_action);
}

TEST_CASE("Refusals: bad_seat") {
  const State s = dealt(kMixed);
  refused(s, Action{3, ActionKind::pass, 0}, Reason::bad_seat);
  refused(s, Action{kNoSeat, ActionKind::bid, 3}, Reason::bad_seat);
  State out = s;
  Error err;
  CHECK(pass(s, -1, &out, &err) == Reason::bad_seat);
  CHECK(bid(s, 3, 3, &out, &err) == Reason::bad_seat);
  CHECK(swap(s, 7, &out, &err) == Reason::bad_seat);
  CHECK(std::memcmp(&out, &s, sizeof s) == 0);
}

TEST_CASE("Refusals: game_over") {
  State s = new_game(with("target", "3"));
  deal_for(s, kMixed, 1);
  declare(s, 1, "bid 3", "H");
  play_cards(s, kPlayD4Y0X2);
  REQUIRE(is_over(s));
  refused(s, 1, "pass", Reason::game_over);
  refused(s, 2, "bid 3", Reason::game_over);
  refused(s, 1, "play JH", Reason::game_over);
  refused(s, Action{5, ActionKind::swap, 0}, Reason::game_over);
  CardSet hands[kPlayers], ghost;
  Error err;
  REQUIRE(parse_deal(kMixed, hands, &ghost, &err) == Reason::ok);
  State out = s;
  CHECK(deal_cards(s, hands, ghost, &out, &err) == Reason::game_over);
  CHECK(deal_seed(s, 1, &out, &err) == Reason::game_over);
  CHECK(std::memcmp(&out, &s, sizeof s) == 0);
}

TEST_CASE("Refusals: malformed action text (malformed_action, invalid_card)") {
  const Action untouched{2, ActionKind::trump, 3};
  const std::pair<const char*, Reason> cases[] = {
      {"", Reason::malformed_action},        {"dance", Reason::malformed_action},
      {"bid", Reason::malformed_action},     {"bid three", Reason::malformed_action},
      {"bid 3 4", Reason::malformed_action}, {"pass now", Reason::malformed_action},
      {"trump", Reason::malformed_action},   {"trump X", Reason::malformed_action},
      {"play", Reason::malformed_action},    {"play 7C", Reason::invalid_card},
      {"play 8H", Reason::invalid_card},     {"play ZZ", Reason::invalid_card},
      {"play 1H", Reason::invalid_card},     {"play JH QH", Reason::malformed_action},
  };
  for (const auto& c : cases) {
    INFO("'" << c.first << "'");
    Action a = untouched;
    Error err;
    CHECK(parse_action(c.first, 1, &a, &err) == c.second);
    CHECK(err.reason == c.second);
    CHECK(a == untouched);
  }
  // Case-insensitive, "10" for T.
  Action a;
  Error err;
  REQUIRE(parse_action("PLAY 10h", 1, &a, &err) == Reason::ok);
  CHECK(a == Action{1, ActionKind::play, card("TH").code});
  REQUIRE(parse_action("trump spades", 0, &a, &err) == Reason::ok);
  CHECK(a == Action{0, ActionKind::trump, uint8_t(Suit::spades)});
}

TEST_CASE("Refusals: malformed deals (malformed_deal)") {
  const State s = new_game();
  auto refused_deal = [&](const CardSet hands[kPlayers], CardSet ghost) {
    State out = s;
    Error err;
    CHECK(deal_cards(s, hands, ghost, &out, &err) == Reason::malformed_deal);
    CHECK(err.reason == Reason::malformed_deal);
    CHECK(std::memcmp(&out, &s, sizeof s) == 0);
  };
  SUBCASE("a hand of 5 cards") {
    CardSet hands[kPlayers], ghost;
    Error err;
    REQUIRE(parse_deal("0: AD KD QD TD TS; 1: JH JD AH AS 9C 9S; 2: AC KC QC JC TC KH; ghost: KS "
                       "QS JS 9D 9H TH",
                       hands, &ghost, &err) == Reason::ok);
    refused_deal(hands, ghost);
  }
  SUBCASE("a card dealt twice") {
    CardSet hands[kPlayers], ghost;
    Error err;
    REQUIRE(parse_deal("0: AD KD QD TD TS AS; 1: JH JD AH AS 9C 9S; 2: AC KC QC JC TC KH; ghost: "
                       "KS QS JS 9D 9H TH",
                       hands, &ghost, &err) == Reason::ok);
    refused_deal(hands, ghost);
    CHECK(parse_deal("0: AD AD KD QD TD TS; 1: JH JD AH AS 9C 9S; 2: AC KC QC JC TC KH; ghost: KS "
                     "QS JS 9D 9H TH",
                     hands, &ghost, &err) == Reason::malformed_deal);
  }
  SUBCASE("7C is not a Euchre card") {
    CardSet hands[kPlayers], ghost;
    Error err;
    CHECK(parse_deal("0: AD KD QD TD TS 7C; 1: JH JD AH AS 9C 9S; 2: AC KC QC JC TC KH; ghost: KS "
                     "QS JS 9D 9H TH",
                     hands, &ghost, &err) == Reason::malformed_deal);
    REQUIRE(parse_deal(kMixed, hands, &ghost, &err) == Reason::ok);
    hands[0].remove(card("QH"));
    hands[0].add(card("7C"));
    refused_deal(hands, ghost);
  }
  SUBCASE("a holder missing or unknown") {
    CardSet hands[kPlayers], ghost;
    Error err;
    CHECK(parse_deal("0: AD KD QD TD TS QH; 1: JH JD AH AS 9C 9S; 2: AC KC QC JC TC KH", hands,
                     &ghost, &err) == Reason::malformed_deal);
    CHECK(parse_deal("0: AD KD QD TD TS QH; 1: JH JD AH AS 9C 9S; 3: AC KC QC JC TC KH; ghost: KS "
                     "QS JS 9D 9H TH",
                     hands, &ghost, &err) == Reason::malformed_deal);
  }
}

TEST_CASE("G1-G11 state images: deserialize refuses fields out of range in every phase") {
  uint8_t bytes[kSerializedSize];
  State s = new_game();
  s.auction_len = 250;  // would make a view read past the auction log
  REQUIRE(serialize(s, bytes, sizeof bytes) == kSerializedSize);
  State out = new_game();
  Error err;
  CHECK(deserialize(bytes, sizeof bytes, &out, &err) == Reason::corrupt_state);
  s = new_game();
  s.tricks_done = kTricks;  // a finished hand whose tricks hold no cards
  s.trump = 0;
  s.leaders[0] = 0;
  REQUIRE(serialize(s, bytes, sizeof bytes) == kSerializedSize);
  CHECK(deserialize(bytes, sizeof bytes, &out, &err) == Reason::corrupt_state);
  s = new_game();
  s.played[0][0] = 0x40;  // not a card
  REQUIRE(serialize(s, bytes, sizeof bytes) == kSerializedSize);
  CHECK(deserialize(bytes, sizeof bytes, &out, &err) == Reason::corrupt_state);
  const State fresh = new_game();
  CHECK(std::memcmp(&out, &fresh, sizeof out) == 0);  // every refusal left *out untouched
}
