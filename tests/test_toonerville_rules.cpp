// Toonerville Rook rule tests on explicit deals, one or more per rule T1–T14 and per option.
//
// Every deal is explicit (or seeded, for T1, T3 and T13), so every test is deterministic. With
// three players there are three copies of each face. The first dealer is seat 0 unless a test
// says otherwise, so seat 1 plays first. Rounds after the first are reached by a state built
// by hand: a new game whose earlier rounds count as scored (phase deal), then the round's deal.
// Meld ids are indexes in State::melds in the order laid.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstring>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "deckhand/game.hpp"
#include "deckhand/rng.hpp"
#include "deckhand/toonerville.hpp"
#include "test_support.hpp"
#include "toonerville/internal.hpp"

using namespace deckhand;
using namespace deckhand::toonerville;

// Phases print by name in failed checks (reasons: test_support.hpp).
namespace deckhand::toonerville {
doctest::String toString(Phase p) {
  return phase_name(p);
}
}  // namespace deckhand::toonerville

namespace {

using Strings = std::vector<std::string>;
using Ints = std::vector<int>;

// ---------------------------------------------------------------------------------------
// Deals (three players, dealer 0: seat 1 plays first, then 2, then 0). The upcard starts the
// discard pile; the stock lists its top cards and `...` completes it in canonical order.

// Round 1. Seat 1 holds sets of 5s and 9s; seat 2 holds 10Y (and seat 1 discards another).
constexpr const char* kDealA =
    "0: 11B 11G 11R 14B 14G 14R 1G 2G 3G 6R 6Y 10B; "
    "1: 5B 5G 5R 9B 9G 9Y 1B 2B 3B 4B 10Y 13R; "
    "2: 7B 7G 7R 8B 8G 8R 12B 12G 2Y 3Y 10Y 6G; "
    "upcard: 14Y; stock: 3R 3G 5Y 9R 13B ...";

// Round 1, T5's exception. Seat 1 goes down with 5B 5G 5R 5Y | 9B 9G 9R 9Y 9B 9G and keeps
// 7Y 5B; seats 2 and 0 each discard a 7Y, which seat 1 takes.
constexpr const char* kDealTaken =
    "0: 7Y 1G 2G 3G 4G 6G 7G 8G 10G 11G 12G 14G; "
    "1: 5B 5G 5R 5Y 9B 9G 9R 9Y 9B 9G 7Y 5B; "
    "2: 7Y 1B 2B 3B 4B 6B 7B 8B 10B 11B 12B 14B; "
    "upcard: 14Y; stock: 13Y 13G 13B ...";

// Round 1, T7. Seat 1 holds two sets of 5s, 9B 9G 9Y and 1B 2B 3B, and draws 4B.
constexpr const char* kDealTwoFives =
    "0: 11B 11G 11R 14B 14G 14R 1G 2G 3G 6R 6Y 10B; "
    "1: 5B 5B 5G 5G 5R 5R 9B 9G 9Y 1B 2B 3B; "
    "2: 7B 7G 7R 8B 8G 8R 12B 12G 2Y 3Y 10Y 6G; "
    "upcard: 14Y; stock: 4B ...";

// Round 3 (2 runs), T7. Seat 1 holds 12B 12G ROOK 13B 13G 13R 1R 2R 3R 4R 6R 7R and draws 8R.
constexpr const char* kDealRedRuns =
    "0: 11B 11G 11R 14B 14G 14R 1G 2G 3G 6Y 10B 5Y; "
    "1: 12B 12G ROOK 13B 13G 13R 1R 2R 3R 4R 6R 7R; "
    "2: 7B 7G 8B 8G 8R 12R 2Y 3Y 10Y 6G 9B 9G; "
    "upcard: 14Y; stock: 8R ...";

// Round 3 (2 runs), T8 on runs. Seat 1 goes down with 2R-5R and 10G-13G and lays off 1R, 14G
// and a Rook; seat 2 goes down with 1Y-4Y and 6B-9B, lays off on seat 1's runs and goes out by
// laying off 5B.
constexpr const char* kDealRuns =
    "0: 10B 11B 12B 13B 14B 10G 10R 11R 12R 13R 14R 11Y; "
    "1: 2R 3R 4R 5R 10G 11G 12G 13G 1R 14G ROOK 10Y; "
    "2: 1Y 2Y 3Y 4Y 6B 7B 8B 9B 6R 8G 8R ROOK; "
    "upcard: 14Y; stock: 9B 5B ...";

// Round 1, T8 on sets. Seat 1 goes down with 5B 5G 5R | 9B 9G 9R and lays off.
constexpr const char* kDealSets =
    "0: 11B 11G 11R 14B 14G 14R 1G 2G 3G 6R 6Y 10B; "
    "1: 5B 5G 5R 9B 9G 9R 5Y 5B 9Y ROOK 6B 13Y; "
    "2: 7B 7G 7R 8B 8G 8R 12B 12G 2Y 3Y 10Y 6G; "
    "upcard: 14Y; stock: 4B ...";

// Round 3 (2 runs), T4's fixed Rook. Seat 1 goes down with ROOK 5R 6R 7R (the Rook is 4) and
// 1G 2G 3G 4G, and holds 4R and 3R.
constexpr const char* kDealFixedRook =
    "0: 11B 11G 11R 14B 14G 14R 5G 6B 3B 6Y 10B 5Y; "
    "1: ROOK 5R 6R 7R 1G 2G 3G 4G 4R 3R 10Y 11Y; "
    "2: 7B 7G 8B 8G 8R 12R 2Y 3Y 10Y 6G 9B 9G; "
    "upcard: 14Y; stock: 12B ...";

// Round 2 (1 run, 1 set), T9. Seat 1 goes down with 5R ROOK 7R 8R | 9B 9G ROOK (and holds
// 6R). Seat 2 holds 6R and the contract 1G 2G 3G 4G | 12B 12G 12R. Seat 0 holds 6R but can
// make no contract, with or without a Rook.
constexpr const char* kDealSwap =
    "0: 6R 1Y 2Y 3Y 5Y 7Y 8Y 10B 11G 13R 14G 2R; "
    "1: 5R 7R 8R ROOK 9B 9G ROOK 6R 3G 12Y 13Y 11B; "
    "2: 6R 1G 2G 3G 4G 12B 12G 12R 9R 10Y 2B 4B; "
    "upcard: 14Y; stock: 14B 13G 13B 13Y ...";

// Round 1, T10/T12. Seat 1 draws 13Y, goes down with all twelve dealt cards and discards 13Y.
// Seat 0 holds 120 penalty points, seat 2 95.
constexpr const char* kDealOut =
    "0: 10B 11B 12B 13B 14B 1G 2G 3G 10R 11R ROOK 14Y; "
    "1: 5B 5B 5G 5G 5R 5R 9B 9B 9G 9G 9R 9R; "
    "2: 1Y 2Y 3Y 4Y 6Y 7Y 8Y 9Y 10Y 11Y 12Y ROOK; "
    "upcard: 12G; stock: 13Y ...";

// Round 11 (14 cards), T11/T12. Seat 1 holds 1B-4B 1G-4G 10B 10G 10R 11B 11G 11R and draws 5B
// (or takes 12Y). Seat 0 holds 95 penalty points, seat 2 120.
constexpr const char* kDealLast =
    "0: 6B 7B 8B 6G 7G 8G 6R 7R 8R 12R 13R 14R 12G 14B; "
    "1: 1B 2B 3B 4B 1G 2G 3G 4G 10B 10G 10R 11B 11G 11R; "
    "2: 1Y 2Y 3Y 5Y 6Y 7Y 9Y 10Y 11Y 13Y 14Y 12B 13G ROOK; "
    "upcard: 12Y; stock: 5B ...";

// Round 11 with round11_deal=12. Seat 2 buys 11G with the penalty card 11R, then draws 5B.
constexpr const char* kDealLast12 =
    "0: 1Y 2Y 3Y 5Y 6Y 7Y 9Y 10Y 11Y 13Y 14Y 12B; "
    "1: 6B 7B 8B 6G 7G 8G 6R 7R 8R 12R 13R 14R; "
    "2: 1B 2B 3B 4B 1G 2G 3G 4G 10B 10G 10R 11B; "
    "upcard: 11G; stock: 11R 13G 5B ...";

// ---------------------------------------------------------------------------------------
// Helpers.

RookFace face(std::string_view text) {
  RookFace f = kNoRookFace;
  INFO("card " << std::string(text));
  REQUIRE(parse_rook_face(text, &f));
  return f;
}

FaceCounts cards(std::string_view text) {
  FaceCounts c;
  INFO("cards " << std::string(text));
  REQUIRE(parse_rook_faces(text, &c));
  return c;
}

// Cards in canonical order ("5B 5G 9Y ROOK").
std::string text_of(const FaceCounts& c) {
  char buf[kMaxCards * 5];
  REQUIRE(format_rook_faces(c, buf, sizeof buf) >= 0);
  return buf;
}
std::string hand(const State& s, int seat) {
  return text_of(s.hands[seat]);
}

Options with(std::string_view key, std::string_view value, Options o = {}) {
  return testing::with(key, value, o);
}

void require_valid(const State& s) {
  Error err;
  INFO(err.message);
  REQUIRE(check_invariants(s, &err) == Reason::ok);
}

// A game whose next deal is round `round`: the rounds before it count as scored with no
// points, the dealer is `dealer` (phase deal).
State before_round(int round, const Options& o = {}, int dealer = 0) {
  State s = new_game(o, dealer);
  s.round = s.last.round = uint8_t(round - 1);
  s.hands_scored = uint32_t(round - 1);
  // T3: the deal has passed left once per round scored.
  s.first_dealer = uint8_t((dealer + 2 * kRounds * players(s) - (round - 1)) % players(s));
  require_valid(s);
  return s;
}

// Deals `text` as the next round.
void deal(State& s, std::string_view text) {
  std::string bytes;
  Error err;
  INFO(std::string(text) << " -> " << err.message);
  REQUIRE(parse_deal(text, players(s), &bytes, &err) == Reason::ok);
  REQUIRE(deal_bytes(s, bytes, &s, &err) == Reason::ok);
  require_valid(s);
}

// Round `round` dealt from `text` (dealer `dealer`).
State dealt(int round, std::string_view text, const Options& o = {}, int dealer = 0) {
  State s = before_round(round, o, dealer);
  deal(s, text);
  REQUIRE(s.round == round);
  return s;
}

Action parsed(int seat, std::string_view text) {
  Action a;
  Error err;
  INFO("seat " << seat << ": " << std::string(text) << " -> " << err.message);
  REQUIRE(parse_action(text, seat, &a, &err) == Reason::ok);
  return a;
}

// Applies an action given as text, exactly that action; it must be legal.
void act_only(State& s, int seat, std::string_view text) {
  const Action a = parsed(seat, text);
  Error err;
  INFO("seat " << seat << ": " << std::string(text) << " -> " << err.message);
  REQUIRE(apply(s, a, &s, &err) == Reason::ok);
  require_valid(s);
}

// Every seat offered the declined discard passes (T6), as a record's draw line says.
void pass_offer(State& s) {
  while (offering(s)) act_only(s, s.to_act, "pass");
}

// Applies an action given as text; it must be legal. As in a record, a draw is the draw and
// every pass of the offer it opens (T6); act_only is the draw alone.
void act(State& s, int seat, std::string_view text) {
  act_only(s, seat, text);
  if (text == "draw") pass_offer(s);
}

// Applies moves written "<seat> <action>", in order, as act does; each must be legal.
void play(State& s, std::initializer_list<const char*> moves) {
  for (std::string_view m : moves) {
    const size_t space = m.find(' ');
    REQUIRE(space != std::string_view::npos);
    act(s, std::stoi(std::string(m.substr(0, space))), m.substr(space + 1));
  }
}

// The action must be refused with `expected` everywhere, changing nothing (test_support.hpp).
std::string refused(const State& s, const Action& a, Reason expected) {
  return deckhand::testing::expect_refused(s, a, expected);
}

std::string refused(const State& s, int seat, std::string_view text, Reason expected) {
  INFO("seat " << seat << ": " << std::string(text));
  return refused(s, parsed(seat, text), expected);
}

// Action text the parser refuses (T4's meld checks happen there).
Reason parse_refusal(std::string_view text) {
  Action a;
  Error err;
  const Reason r = parse_action(text, 1, &a, &err);
  if (r != Reason::ok) CHECK(std::string(err.message).rfind(reason_name(r), 0) == 0);
  return r;
}

// A chance event (deal, reshuffle) that must be refused with `expected`, `*out` untouched.
template <typename Step>
void refused_event(const State& s, Reason expected, Step step) {
  State out = s;
  Error err;
  CHECK(step(s, &out, &err) == expected);
  CHECK(err.reason == expected);
  CHECK(std::memcmp(&out, &s, sizeof s) == 0);
}

bool contains(const std::string& haystack, std::string_view needle) {
  return haystack.find(needle) != std::string::npos;
}

// The legal actions now, in canonical text.
Strings legal(const State& s) {
  Action buf[kMaxLegalActions];
  const int n = legal_actions(s, buf);
  REQUIRE(n <= kMaxLegalActions);
  Strings out;
  for (int i = 0; i < n; ++i) out.push_back(format_action(buf[i]));
  return out;
}
bool has(const Strings& list, std::string_view item) {
  return std::find(list.begin(), list.end(), item) != list.end();
}
bool has_prefix(const Strings& list, std::string_view prefix) {
  for (const std::string& x : list)
    if (x.rfind(prefix, 0) == 0) return true;
  return false;
}

// The stock's k-th card from the top, and the top of the discard pile.
RookFace stock_top(const State& s, int k = 0) {
  REQUIRE(s.stock_count > k);
  return s.stock[s.stock_count - 1 - k];
}
RookFace pile_top(const State& s) {
  REQUIRE(s.pile_count > 0);
  return s.pile[s.pile_count - 1];
}

Ints deltas(const State& s) {
  return Ints(s.last.deltas, s.last.deltas + players(s));
}
Ints scores(const State& s) {
  return Ints(s.scores, s.scores + players(s));
}
Ints hand_points(const State& s) {
  Ints out;
  for (int p = 0; p < players(s); ++p) out.push_back(penalty_points(s.hands[p]));
  return out;
}

// Every card of the decks is in exactly one place: hands, stock, discard pile, melds (T1).
FaceCounts all_cards(const State& s) {
  FaceCounts all;
  for (int p = 0; p < players(s); ++p)
    for (int f = 0; f < kRookFaces; ++f) all.add(RookFace(f), s.hands[p].n[f]);
  for (int i = 0; i < s.stock_count; ++i) all.add(s.stock[i]);
  for (int i = 0; i < s.pile_count; ++i) all.add(s.pile[i]);
  for (int m = 0; m < s.meld_count; ++m) add_meld_cards(s.melds[m], &all);
  return all;
}

// One ordinary turn: the seat to act draws from the stock and discards the card drawn.
// Returns the card.
RookFace draw_and_discard(State& s) {
  const int seat = to_act(s);
  const RookFace f = stock_top(s);
  act(s, seat, "draw");
  act(s, seat, std::string("discard ") + rook_face_name(f));
  return f;
}

std::string join(const Strings& parts, const char* sep) {
  std::string out;
  for (const std::string& p : parts) out += (out.empty() ? "" : sep) + p;
  return out;
}

// ---- contracts built for any round (T2) ---------------------------------------------------

// The contract of `round` as melds of `total` cards in all: run i is colour i from 1 up, set j
// is the number 10 + j in colours B G R Y B G R ...; melds grow one card at a time in turn
// from their minimum (4 for a run, 3 for a set).
struct ContractCards {
  Strings melds;                // meld texts, runs first
  std::vector<RookFace> order;  // every card, meld by meld
};

ContractCards contract_cards(int round, int total) {
  const Contract c = contract_for_round(round);
  const int k = c.runs + c.sets;
  std::vector<int> len(size_t(k), 3);
  for (int i = 0; i < c.runs; ++i) len[size_t(i)] = 4;
  int sum = 4 * c.runs + 3 * c.sets;
  REQUIRE(total >= sum);
  for (int i = 0; sum < total; i = (i + 1) % k, ++sum) ++len[size_t(i)];
  ContractCards out;
  for (int m = 0; m < k; ++m) {
    Strings words;
    for (int x = 0; x < len[size_t(m)]; ++x) {
      const RookFace f =
          m < c.runs ? rook_face(m, 1 + x) : rook_face(x % kRookColours, 10 + m - c.runs);
      out.order.push_back(f);
      words.push_back(rook_face_name(f));
    }
    out.melds.push_back(join(words, " "));
  }
  return out;
}

// An explicit deal text for 3 players and hands of `size`: `seat` holds `held` topped up with
// the lowest cards left, the other seats the next ones; the stock starts with `stock_top`.
std::string deal_text(int size, int seat, const std::vector<RookFace>& held, RookFace upcard,
                      const std::vector<RookFace>& stock_top_cards) {
  const int n = 3;
  FaceCounts left;
  for (int f = 0; f < kRookFaces; ++f) left.add(RookFace(f), n);
  auto take = [&](RookFace f) { REQUIRE(left.remove(f)); };
  for (RookFace f : held) take(f);
  take(upcard);
  for (RookFace f : stock_top_cards) take(f);
  Strings hands[3];
  auto next = [&]() {
    for (int f = 0; f < kRookFaces; ++f)
      if (left.count(RookFace(f))) {
        left.remove(RookFace(f));
        return rook_face_name(RookFace(f));
      }
    FAIL("no card left");
    return "";
  };
  for (RookFace f : held) hands[seat].push_back(rook_face_name(f));
  REQUIRE(int(hands[seat].size()) <= size);
  while (int(hands[seat].size()) < size) hands[seat].push_back(next());
  for (int p = 0; p < n; ++p)
    while (int(hands[p].size()) < size) hands[p].push_back(next());
  std::string out;
  for (int p = 0; p < n; ++p) out += std::to_string(p) + ": " + join(hands[p], " ") + "; ";
  Strings stock;
  for (RookFace f : stock_top_cards) stock.push_back(rook_face_name(f));
  out += std::string("upcard: ") + rook_face_name(upcard) + "; stock: " + join(stock, " ");
  return out + " ...";
}

}  // namespace

// =======================================================================================
// Options

TEST_CASE(
    "Options: the defaults are the rule book's (round11_deal=14, max_buys=unlimited, "
    "rook_swap=table, max_turns=0)") {
  const Options o;
  CHECK(o.players == 3);
  CHECK(o.round11_deal == 14);
  CHECK(o.max_buys == 0);
  CHECK(o.rook_swap == RookSwap::table);
  CHECK(o.max_turns == 0);
  std::string out[kOptionCount];
  int count = 0;
  option_strings(o, out, &count);
  REQUIRE(count == 4);
  CHECK(Strings(out, out + 4) ==
        Strings{"round11_deal=14", "max_buys=unlimited", "rook_swap=table", "max_turns=0"});
}

TEST_CASE("Options: set_option takes every value and refuses anything else (bad_option)") {
  CHECK(with("round11_deal", "12").round11_deal == 12);
  CHECK(with("round11_deal", "14", with("round11_deal", "12")).round11_deal == 14);
  CHECK(with("max_buys", "1").max_buys == 1);
  CHECK(with("max_buys", "255").max_buys == 255);
  CHECK(with("max_buys", "unlimited", with("max_buys", "3")).max_buys == 0);
  CHECK(with("rook_swap", "new_meld").rook_swap == RookSwap::new_meld);
  CHECK(with("rook_swap", "table", with("rook_swap", "new_meld")).rook_swap == RookSwap::table);
  // Keys and word values are case-insensitive.
  CHECK(with("ROOK_SWAP", "New_Meld").rook_swap == RookSwap::new_meld);
  CHECK(with("Max_Buys", "UNLIMITED", with("max_buys", "2")).max_buys == 0);
  CHECK(with("max_turns", "1000000").max_turns == 1000000);
  CHECK(with("MAX_TURNS", "0", with("max_turns", "5")).max_turns == 0);
  std::string out[kOptionCount];
  int count = 0;
  option_strings(
      with("max_turns", "300",
           with("max_buys", "2", with("rook_swap", "new_meld", with("round11_deal", "12")))),
      out, &count);
  CHECK(Strings(out, out + count) ==
        Strings{"round11_deal=12", "max_buys=2", "rook_swap=new_meld", "max_turns=300"});

  const std::pair<const char*, const char*> bad[] = {
      {"round11_deal", "13"}, {"round11_deal", "15"},   {"round11_deal", ""},
      {"max_buys", "0"},      {"max_buys", "256"},      {"max_buys", "-1"},
      {"max_buys", "many"},   {"rook_swap", "hand"},    {"rook_swap", ""},
      {"jokers", "on"},       {"players", "4"},         {"", "1"},
      {"max_turns", "-1"},    {"max_turns", "1000001"}, {"max_turns", "unlimited"},
      {"max_turns", ""}};
  for (const auto& kv : bad) {
    const char* key = kv.first;
    const char* value = kv.second;
    INFO(key << "=" << value);
    Options before = with("max_buys", "7");
    Options after = before;
    Error err;
    CHECK(set_option(&after, key, value, &err) == Reason::bad_option);
    CHECK(err.reason == Reason::bad_option);
    CHECK(after == before);
  }
}

TEST_CASE("Options: make_game takes option strings and refuses bad ones (bad_option)") {
  Error err;
  auto g = make_game("toonerville", {{"max_buys", "2"}, {"rook_swap", "new_meld"}}, 4, 1, &err);
  REQUIRE(g);
  CHECK(g->players() == 4);
  CHECK(contains(g->record(), "option max_buys=2"));
  CHECK(contains(g->record(), "option rook_swap=new_meld"));
  CHECK(make_game("toonerville", {{"round11_deal", "13"}}, 3, 0, &err) == nullptr);
  CHECK(err.reason == Reason::bad_option);
  CHECK(make_game("toonerville", {{"max_buys", "0"}}, 3, 0, &err) == nullptr);
  CHECK(err.reason == Reason::bad_option);
}

// =======================================================================================
// T1 Decks

TEST_CASE("T1: one 57-card deck per player: 3/4/5 players play with 171/228/285 cards") {
  for (int n = 3; n <= 5; ++n) {
    INFO(n << " players");
    Options o;
    o.players = uint8_t(n);
    const State fresh = new_game(o);
    CHECK(players(fresh) == n);
    State s;
    Error err;
    REQUIRE(deal_seed(fresh, 20240601 + n, &s, &err) == Reason::ok);
    require_valid(s);
    // Card conservation: every face exactly n times, 57 * n cards in all.
    const FaceCounts all = all_cards(s);
    CHECK(all.total() == 57 * n);
    CHECK(all.total() == (n == 3 ? 171 : n == 4 ? 228 : 285));
    for (int f = 0; f < kRookFaces; ++f) CHECK(all.count(RookFace(f)) == n);
    for (int p = 0; p < n; ++p) CHECK(s.hands[p].total() == 12);
    CHECK(s.pile_count == 1);
    CHECK(s.stock_count == 57 * n - 12 * n - 1);
  }
  // make_game knows the range of players.
  Error err;
  CHECK(make_game("toonerville", {}, 2, 0, &err) == nullptr);
  CHECK(err.reason == Reason::bad_player_count);
  CHECK(make_game("toonerville", {}, 6, 0, &err) == nullptr);
  CHECK(err.reason == Reason::bad_player_count);
  CHECK(make_game("toonerville", {}, 5, 4, &err) != nullptr);
}

TEST_CASE("T1: an explicit deal uses every card of the n decks exactly once (malformed_deal)") {
  const State s = before_round(1);
  std::string bytes;
  Error err;
  // A fourth copy of a face does not exist with three decks.
  CHECK(parse_deal("0: 5B 5B 5B 5B 1G 2G 3G 4G 6G 7G 8G 9G; 1: 1R 2R 3R 4R 5R 6R 7R 8R 9R 10R "
                   "11R 12R; 2: 1Y 2Y 3Y 4Y 5Y 6Y 7Y 8Y 9Y 10Y 11Y 12Y; upcard: 14Y; stock: ...",
                   3, &bytes, &err) == Reason::malformed_deal);
  // A stock short of the decks (no `...`) is refused by the deal.
  REQUIRE(parse_deal("0: 1B 2B 3B 4B 5B 6B 7B 8B 9B 10B 11B 12B; 1: 1R 2R 3R 4R 5R 6R 7R 8R 9R "
                     "10R 11R 12R; 2: 1Y 2Y 3Y 4Y 5Y 6Y 7Y 8Y 9Y 10Y 11Y 12Y; upcard: 14Y; "
                     "stock: 13Y",
                     3, &bytes, &err) == Reason::ok);
  refused_event(s, Reason::malformed_deal, [&](const State& in, State* out, Error* e) {
    return deal_bytes(in, bytes, out, e);
  });
  // Round 1 deals 12 cards each, not 11.
  REQUIRE(parse_deal("0: 1B 2B 3B 4B 5B 6B 7B 8B 9B 10B 11B; 1: 1R 2R 3R 4R 5R 6R 7R 8R 9R 10R "
                     "11R; 2: 1Y 2Y 3Y 4Y 5Y 6Y 7Y 8Y 9Y 10Y 11Y; upcard: 14Y; stock: ...",
                     3, &bytes, &err) == Reason::ok);
  refused_event(s, Reason::malformed_deal, [&](const State& in, State* out, Error* e) {
    return deal_bytes(in, bytes, out, e);
  });
  // kDealA places every card of the three decks exactly once.
  const State a = dealt(1, kDealA);
  const FaceCounts all = all_cards(a);
  for (int f = 0; f < kRookFaces; ++f) CHECK(all.count(RookFace(f)) == 3);
  CHECK(hand(a, 1) == "1B 2B 3B 4B 5B 9B 5G 9G 5R 13R 9Y 10Y");
  CHECK(pile_top(a) == face("14Y"));
  CHECK(stock_top(a, 0) == face("3R"));
  CHECK(stock_top(a, 1) == face("3G"));
}

// =======================================================================================
// T2 Rounds and contracts

TEST_CASE("T2: eleven rounds: deal sizes 12 x 8, 15, 16, then 14 (or 12); the contract table") {
  const Options o;
  for (int r = 1; r <= 8; ++r) CHECK(deal_size(r, o) == 12);
  CHECK(deal_size(9, o) == 15);
  CHECK(deal_size(10, o) == 16);
  CHECK(deal_size(11, o) == 14);
  CHECK(deal_size(11, with("round11_deal", "12")) == 12);
  const Contract table[11] = {{0, 2}, {1, 1}, {2, 0}, {0, 3}, {1, 2}, {2, 1},
                              {0, 4}, {3, 0}, {0, 5}, {4, 0}, {2, 2}};
  for (int r = 1; r <= 11; ++r) {
    INFO("round " << r);
    CHECK(contract_for_round(r) == table[r - 1]);
    // A seeded deal of each round gives every seat the round's size.
    State s = before_round(r);
    Error err;
    REQUIRE(deal_seed(s, uint64_t(r), &s, &err) == Reason::ok);
    CHECK(contract(s) == table[r - 1]);
    for (int p = 0; p < 3; ++p) CHECK(s.hands[p].total() == deal_size(r, o));
    CHECK(s.stock_count == 171 - 3 * deal_size(r, o) - 1);
  }
}

TEST_CASE(
    "T2/T7: each contract of rounds 1-10 goes down with minimal melds; one meld short is "
    "refused (contract_not_met)") {
  for (int r = 1; r <= 10; ++r) {
    INFO("round " << r);
    const Contract c = contract_for_round(r);
    const int size = deal_size(r, Options{});
    const ContractCards cc = contract_cards(r, 4 * c.runs + 3 * c.sets);
    State s = dealt(r, deal_text(size, 1, cc.order, face("14Y"), {face("13Y")}));
    act(s, 1, "draw");
    // One meld short.
    const Strings short_list(cc.melds.begin(), cc.melds.end() - 1);
    const std::string message =
        refused(s, 1, "down " + join(short_list, " | "), Reason::contract_not_met);
    CHECK(contains(message, "missing"));
    // The whole contract.
    act(s, 1, "down " + join(cc.melds, " | "));
    CHECK(is_down(s, 1));
    CHECK(s.meld_count == c.runs + c.sets);
    for (int m = 0; m < s.meld_count; ++m) {
      CHECK(s.meld_owner[m] == 1);
      CHECK(s.melds[m].is_run() == (m < c.runs));
      CHECK(format_meld(s.melds[m]) == cc.melds[size_t(m)]);
    }
    CHECK(s.hands[1].total() == size + 1 - int(cc.order.size()));
    CHECK(s.phase == Phase::play);
  }
}

TEST_CASE(
    "T2/T3/T10/T12: eleven rounds, each won by the seat left of the dealer going down with "
    "longer melds and no card left; the deal passes left") {
  // Round 11 always melds an odd number of cards (14 dealt, +1 drawn, +2 a buy), so its whole
  // hand always has a meld longer than the minimum.
  State s = new_game();
  Ints expected_scores(3, 0);
  for (int r = 1; r <= 11; ++r) {
    INFO("round " << r);
    REQUIRE(s.phase == Phase::deal);
    CHECK(s.dealer == (r - 1) % 3);  // T3: the deal passes left
    const int seat = (s.dealer + 1) % 3;
    const int size = deal_size(r, s.options);
    // Longer melds that take the whole hand after the draw: the stock's top card is the last.
    const ContractCards cc = contract_cards(r, size + 1);
    const std::vector<RookFace> held(cc.order.begin(), cc.order.end() - 1);
    deal(s, deal_text(size, seat, held, face("14Y"), {cc.order.back()}));
    CHECK(s.round == r);
    CHECK(to_act(s) == seat);  // T3: left of the dealer plays first
    act(s, seat, "draw");
    const Ints points = hand_points(s);
    act(s, seat, "down " + join(cc.melds, " | "));
    // T10: out by melding the last card; T12: the others score their hands.
    CHECK(s.last.round == r);
    CHECK(s.last.went_out == seat);
    for (int p = 0; p < 3; ++p) {
      const int d = p == seat ? 0 : points[size_t(p)];
      CHECK(s.last.deltas[p] == d);
      expected_scores[size_t(p)] += d;
    }
    CHECK(scores(s) == expected_scores);
    CHECK(s.hands_scored == uint32_t(r));
    CHECK(to_act(s) == -1);
    CHECK(s.phase == (r < 11 ? Phase::deal : Phase::over));
  }
  CHECK(is_over(s));
  const int best = *std::min_element(expected_scores.begin(), expected_scores.end());
  for (int p = 0; p < 3; ++p) CHECK(((s.winners >> p) & 1) == (expected_scores[size_t(p)] == best));
}

// =======================================================================================
// T3 Deal

TEST_CASE(
    "T3: a seeded deal gives one card at a time from the dealer's left, then the upcard, "
    "then the stock top first (the portable shuffle of n decks)") {
  for (int n = 3; n <= 5; ++n) {
    for (int dealer = 0; dealer < n; ++dealer) {
      INFO(n << " players, dealer " << dealer);
      const uint64_t seed = 0xC0FFEEull + uint64_t(n * 10 + dealer);
      Options o;
      o.players = uint8_t(n);
      State s = new_game(o, dealer);
      Error err;
      REQUIRE(deal_seed(s, seed, &s, &err) == Reason::ok);
      require_valid(s);
      RookFace deck[kMaxCards];
      canonical_rook_deck(n, deck);
      PortableRng rng(seed);
      rng.shuffle(deck, 57 * n);
      FaceCounts want[kMaxPlayers];
      for (int i = 0; i < 12 * n; ++i) want[(dealer + 1 + i) % n].add(deck[i]);
      for (int p = 0; p < n; ++p) CHECK(s.hands[p] == want[p]);
      REQUIRE(s.pile_count == 1);
      CHECK(s.pile[0] == deck[12 * n]);
      REQUIRE(s.stock_count == 57 * n - 12 * n - 1);
      for (int k = 0; k < s.stock_count; ++k) CHECK(stock_top(s, k) == deck[12 * n + 1 + k]);
      // The round's generator continues from the deal (T13's reshuffles).
      CHECK(s.has_rng == 1);
      CHECK(std::memcmp(s.rng, rng.state_words(), sizeof s.rng) == 0);
      CHECK(s.dealer == dealer);
      CHECK(to_act(s) == (dealer + 1) % n);  // left of the dealer plays first
      CHECK(s.phase == Phase::draw);
    }
  }
}

TEST_CASE("T3: an explicit deal with another dealer: the seat left of the dealer plays first") {
  State s = dealt(1, kDealA, {}, 2);
  CHECK(to_act(s) == 0);
  refused(s, 1, "draw", Reason::wrong_seat);
  act(s, 0, "draw");
  // A deal during a round is refused (wrong_phase), leaving the state as it was.
  refused_event(s, Reason::wrong_phase,
                [](const State& in, State* out, Error* e) { return deal_seed(in, 1, out, e); });
}

TEST_CASE("T3: the deal passes left after each round") {
  State s = dealt(1, kDealOut);
  CHECK(s.dealer == 0);
  play(s, {"1 draw", "1 down 5B 5B 5G 5G 5R 5R | 9B 9B 9G 9G 9R 9R", "1 discard 13Y"});
  CHECK(s.phase == Phase::deal);
  CHECK(s.dealer == 1);
  Error err;
  REQUIRE(deal_seed(s, 77, &s, &err) == Reason::ok);
  CHECK(s.round == 2);
  CHECK(s.dealer == 1);
  CHECK(to_act(s) == 2);
}

// =======================================================================================
// T4 Melds

TEST_CASE(
    "T4: melds that break T4 are refused: runs of three, wrapping, past 14, only Rooks, "
    "mixed colours") {
  CHECK(parse_refusal("down 1B 2B 3B | 5B 5G 5R") == Reason::meld_too_short);
  CHECK(parse_refusal("down 5B 5G | 9B 9G 9R") == Reason::meld_too_short);
  CHECK(parse_refusal("down 13R 14R 1R 2R | 5B 5G 5R") == Reason::run_wraps);
  CHECK(parse_refusal("down 12R 13R 14R ROOK | 5B 5G 5R") == Reason::run_wraps);
  CHECK(parse_refusal("down ROOK 1R 2R 3R | 5B 5G 5R") == Reason::run_wraps);
  CHECK(parse_refusal("down ROOK ROOK ROOK | 5B 5G 5R") == Reason::no_natural_card);
  CHECK(parse_refusal("down 5R 6G 7R 8R | 5B 5G 5R") == Reason::not_a_run);
  CHECK(parse_refusal("down 5R 6R 8R 9R | 5B 5G 5R") == Reason::not_a_run);
  CHECK(parse_refusal("down 5B 5G 6R | 9B 9G 9R") == Reason::not_a_set);
  CHECK(parse_refusal("down 5R ROOK ROOK ROOK | 9B 9G 9R") == Reason::ambiguous_meld);
  CHECK(parse_refusal("down run 5R ROOK ROOK ROOK | 9B 9G 9R") == Reason::ok);
  CHECK(parse_refusal("down set 5R ROOK ROOK ROOK | 9B 9G 9R") == Reason::ok);
  CHECK(parse_refusal("layoff 0 ROOK=15") == Reason::invalid_card);
  CHECK(parse_refusal("layoff 0 ROOK=0") == Reason::invalid_card);

  // The same checks hold for melds that arrive as packed bytes or values, not text.
  State s = dealt(3, kDealRuns);
  act(s, 1, "draw");
  Action three = parsed(1, "down 2R 3R 4R 5R | 10G 11G 12G 13G");
  three.bytes[1] = uint8_t(2 | 4 << 4);  // the first run as 2R 3R 4R
  refused(s, three, Reason::meld_too_short);
  Action rooks_only = parsed(1, "down 2R 3R 4R 5R | 10G 11G 12G 13G");
  rooks_only.bytes[2] = 0x1E;  // Rooks at 2, 3, 4 and 5
  refused(s, rooks_only, Reason::no_natural_card);
  Meld bad[2];
  Error err;
  REQUIRE(parse_meld("2R 3R 4R 5R", MeldKind::none, &bad[0], &err) == Reason::ok);
  REQUIRE(parse_meld("11G 12G 13G 14G", MeldKind::none, &bad[1], &err) == Reason::ok);
  bad[1].high = 15;  // past 14
  State out = s;
  CHECK(go_down(s, 1, bad, 2, &out, &err) == Reason::malformed_action);
  CHECK(std::memcmp(&out, &s, sizeof s) == 0);
  act(s, 1, "down 2R 3R 4R 5R | 10G 11G 12G 13G");
}

TEST_CASE("T4: a Rook in a run stands for the number of its place, fixed when it is placed") {
  State s = dealt(3, kDealFixedRook);
  play(s, {"1 draw", "1 down ROOK 5R 6R 7R | 1G 2G 3G 4G"});
  const Meld& run = s.melds[0];
  CHECK(run.low == 4);
  CHECK(run.high == 7);
  CHECK(rook_at(run, 4));
  CHECK(format_meld(run) == "ROOK 5R 6R 7R");
  // The Rook is the 4: 4R does not extend the run, 3R does, and the Rook stays the 4.
  refused(s, 1, "layoff 0 4R", Reason::cannot_lay_off);
  act(s, 1, "layoff 0 3R");
  CHECK(s.melds[0].low == 3);
  CHECK(rook_at(s.melds[0], 4));
  CHECK(format_meld(s.melds[0]) == "3R ROOK 5R 6R 7R");
  // T9: the 4R takes the Rook's place; the Rook goes on to the green run's high end (5).
  act(s, 1, "swap 0 4R");
  CHECK(format_meld(s.melds[0]) == "3R 4R 5R 6R 7R");
  CHECK(s.hands[1].rooks() == 1);
  refused(s, 1, "discard 10Y", Reason::rook_must_be_played);
  act(s, 1, "layoff 1 ROOK");
  CHECK(format_meld(s.melds[1]) == "1G 2G 3G 4G ROOK");
  CHECK(rook_at(s.melds[1], 5));
  act(s, 1, "discard 12B");
  CHECK(to_act(s) == 2);
}

// =======================================================================================
// T5 A turn

TEST_CASE(
    "T5: a turn is a draw (stock or top discard), then a discard; no discard before the "
    "draw (wrong_phase)") {
  State s = dealt(1, kDealA);
  CHECK(s.phase == Phase::draw);
  CHECK(legal(s) == Strings{"take", "draw"});  // others' buys come when the discard is offered
  refused(s, 1, "discard 10Y", Reason::wrong_phase);
  refused(s, 1, "down 5B 5G 5R | 9B 9G 9Y", Reason::wrong_phase);
  refused(s, 2, "draw", Reason::wrong_seat);
  refused(s, 0, "take", Reason::wrong_seat);
  refused(s, 3, "draw", Reason::bad_seat);
  refused(s, 7, "buy", Reason::bad_seat);
  act(s, 1, "draw");
  CHECK(s.phase == Phase::play);
  CHECK(s.hands[1].count(face("3R")) == 1);
  CHECK(s.stock_count == 134 - 1);
  refused(s, 1, "draw", Reason::wrong_phase);
  refused(s, 1, "take", Reason::wrong_phase);
  refused(s, 1, "discard 14Y", Reason::card_not_held);
  act(s, 1, "discard 10Y");
  CHECK(to_act(s) == 2);
  CHECK(s.phase == Phase::draw);
  CHECK(s.pile_count == 2);
  CHECK(pile_top(s) == face("10Y"));
  CHECK(s.hands[1].total() == 12);
  // The next player takes the top discard: 10Y, a face it already holds once.
  act(s, 2, "take");
  CHECK(s.hands[2].count(face("10Y")) == 2);
  CHECK(s.taken_face == face("10Y"));
  CHECK(pile_top(s) == face("14Y"));
  const std::string message = refused(s, 2, "discard 10Y", Reason::cannot_discard_taken_card);
  CHECK(contains(message, "10Y"));
  const Strings actions = legal(s);
  CHECK_FALSE(has(actions, "discard 10Y"));
  CHECK(has(actions, "discard 6G"));
  act(s, 2, "discard 6G");
  CHECK(to_act(s) == 0);
  CHECK(s.taken_face == kNoRookFace);
}

TEST_CASE("T5: the taken face may be discarded when every card left in the hand is that face") {
  State s = dealt(1, kDealTaken);
  play(s, {"1 draw", "1 down 5B 5G 5R 5Y | 9B 9G 9R 9Y 9B 9G", "1 discard 13Y"});
  CHECK(hand(s, 1) == "5B 7Y");
  play(s, {"2 draw", "2 discard 7Y", "0 draw", "0 discard 7Y"});
  act(s, 1, "take");
  CHECK(hand(s, 1) == "5B 7Y 7Y");
  refused(s, 1, "discard 7Y", Reason::cannot_discard_taken_card);
  CHECK_FALSE(has(legal(s), "discard 7Y"));
  act(s, 1, "layoff 0 5B");
  CHECK(hand(s, 1) == "7Y 7Y");
  CHECK(has(legal(s), "discard 7Y"));
  act(s, 1, "discard 7Y");
  CHECK(hand(s, 1) == "7Y");
  CHECK(to_act(s) == 2);
  CHECK(s.phase == Phase::draw);
}

// =======================================================================================
// T6 Buying

TEST_CASE("T6: of the buyers, the one nearest after the current player gets the discard") {
  State s = dealt(1, kDealA);
  // Seat 1 to act: seats 2 and 0 may buy, in that order.
  CHECK(buyers(s) == 0b101);
  CHECK(buy_winner(s, 0b101) == 2);
  CHECK(buy_winner(s, 0b001) == 0);
  CHECK(buy_winner(s, 0b111) == 2);
  CHECK(buy_winner(s, 0b010) == -1);  // the current player does not buy
  CHECK(buy_winner(s, 0) == -1);
  play(s, {"1 draw", "1 discard 13R"});
  // Seat 2 to act: seat 0 comes before seat 1.
  CHECK(buyers(s) == 0b011);
  CHECK(buy_winner(s, 0b011) == 0);
  CHECK(buy_winner(s, 0b010) == 1);
  CHECK(buy_winner(s, 0b100) == -1);
  CHECK(legal(s) == Strings{"take", "draw"});  // the seat to act's only
  // Four players: seat 1 to act; after it come 2, 3, 0.
  Options o;
  o.players = 4;
  State four = new_game(o);
  Error err;
  REQUIRE(deal_seed(four, 9, &four, &err) == Reason::ok);
  CHECK(to_act(four) == 1);
  CHECK(buyers(four) == 0b1101);
  CHECK(buy_winner(four, 0b1001) == 3);
  CHECK(buy_winner(four, 0b1101) == 2);
  CHECK(buy_winner(four, 0b0001) == 0);
}

TEST_CASE(
    "T6: the buyer takes the discard and a penalty card; the current player then draws "
    "from the stock; one buy per turn; never by the current player or after its draw") {
  State s = dealt(1, kDealA);
  refused(s, 1, "buy", Reason::cannot_buy);
  play(s, {"1 draw", "1 discard 13R"});
  REQUIRE(pile_top(s) == face("13R"));
  const RookFace penalty = stock_top(s);
  CHECK(penalty == face("3G"));
  const int stock_before = s.stock_count;
  act(s, 0, "buy");
  CHECK(s.hands[0].total() == 14);
  CHECK(s.hands[0].count(face("13R")) == 1);
  CHECK(s.hands[0].count(face("3G")) == 2);  // it held one
  CHECK(s.stock_count == stock_before - 1);
  CHECK(s.pile_count == 1);
  CHECK(pile_top(s) == face("14Y"));  // the newly exposed discard
  CHECK(s.buys[0] == 1);
  CHECK(s.bought == 1);
  CHECK(to_act(s) == 2);
  CHECK(s.phase == Phase::draw);
  // The current player draws from the stock, never the newly exposed discard.
  CHECK(legal(s) == Strings{"draw"});
  CHECK(buyers(s) == 0);
  refused(s, 2, "take", Reason::must_draw_from_stock);
  refused(s, 1, "buy", Reason::buy_limit);  // at most one buy per turn
  refused(s, 0, "buy", Reason::buy_limit);
  refused(s, 2, "buy", Reason::cannot_buy);
  CHECK(stock_top(s) == face("5Y"));
  act(s, 2, "draw");
  CHECK(s.hands[2].count(face("5Y")) == 1);
  CHECK(s.taken_face == kNoRookFace);
  refused(s, 1, "buy", Reason::cannot_buy);  // no buy once the current player has drawn
  act(s, 2, "discard 6G");
  // The next turn may have a buy again.
  CHECK(s.bought == 0);
  CHECK(buyers(s) == 0b110);
  act(s, 1, "buy");
  CHECK(s.buys[1] == 1);
  CHECK(s.hands[1].count(face("6G")) == 1);
}

// The legal actions with their seats ("0 buy").
Strings legal_by_seat(const State& s) {
  Action buf[kMaxLegalActions];
  const int n = legal_actions(s, buf);
  Strings out;
  for (int i = 0; i < n; ++i)
    out.push_back(std::to_string(buf[i].seat) + " " + format_action(buf[i]));
  return out;
}

TEST_CASE(
    "T6: a declined discard is offered to each seat that may buy in turn, nearest after the "
    "current player first, each with exactly buy and pass; the last pass draws") {
  State s = dealt(1, kDealA);
  play(s, {"1 draw", "1 discard 13R"});
  const FaceCounts hand2 = s.hands[2];
  act_only(s, 2, "draw");  // seat 2 declines 13R: seat 0 is asked first, then seat 1
  CHECK(offering(s));
  CHECK(to_act(s) == 0);
  CHECK(turn_seat(s) == 2);
  CHECK(s.phase == Phase::draw);
  CHECK(s.hands[2] == hand2);  // the draw waits for the offer
  CHECK(legal_by_seat(s) == Strings{"0 buy", "0 pass"});
  CHECK_FALSE(needs_reshuffle(s));
  refused(s, 1, "buy", Reason::wrong_seat);  // not yet offered
  refused(s, 1, "pass", Reason::wrong_seat);
  refused(s, 2, "take", Reason::wrong_seat);
  refused(s, 2, "draw", Reason::wrong_seat);
  refused(s, 2, "buy", Reason::cannot_buy);
  refused(s, 0, "take", Reason::wrong_seat);
  refused(s, 0, "discard 11B", Reason::wrong_phase);
  act_only(s, 0, "pass");
  CHECK(to_act(s) == 1);
  CHECK(legal_by_seat(s) == Strings{"1 buy", "1 pass"});
  refused(s, 0, "buy", Reason::wrong_seat);  // its answer was given
  const RookFace drawn = stock_top(s);
  act_only(s, 1, "pass");  // the last pass: seat 2 draws from the stock at once
  CHECK_FALSE(offering(s));
  CHECK(s.pending_draw == 0);
  CHECK(to_act(s) == 2);
  CHECK(s.phase == Phase::play);
  CHECK(s.hands[2].count(drawn) == hand2.count(drawn) + 1);
  CHECK(s.bought == 0);
  CHECK(pile_top(s) == face("13R"));
  // Four players, seat 1 to act: seats 2, 3 and 0 are asked in that order.
  Options o;
  o.players = 4;
  State four = new_game(o);
  Error err;
  REQUIRE(deal_seed(four, 9, &four, &err) == Reason::ok);
  act_only(four, 1, "draw");
  for (int seat : {2, 3, 0}) {
    CHECK(to_act(four) == seat);
    CHECK(legal_by_seat(four) ==
          Strings{std::to_string(seat) + " buy", std::to_string(seat) + " pass"});
    act_only(four, seat, "pass");
  }
  CHECK(four.phase == Phase::play);
  CHECK(to_act(four) == 1);
}

TEST_CASE(
    "T6: the first buy ends the offer; the buyer takes the discard and a penalty card, "
    "then the current player draws at once") {
  State s = dealt(1, kDealA);
  play(s, {"1 draw", "1 discard 13R"});
  const int stock_before = s.stock_count;
  act_only(s, 2, "draw");
  act_only(s, 0, "pass");
  act_only(s, 1, "buy");  // seat 1 buys 13R and the penalty card 3G; seat 2 draws 5Y
  CHECK(s.hands[1].count(face("13R")) == 1);
  CHECK(s.hands[1].count(face("3G")) == 1);
  CHECK(s.hands[2].count(face("5Y")) == 1);
  CHECK(s.stock_count == stock_before - 2);
  CHECK(s.buys[1] == 1);
  CHECK(s.bought == 1);
  CHECK(s.phase == Phase::play);
  CHECK(to_act(s) == 2);
  CHECK(s.pending_draw == 0);
  CHECK(pile_top(s) == face("14Y"));
  // The nearest seat's buy ends the offer before the others are asked.
  State t = dealt(1, kDealA);
  play(t, {"1 draw", "1 discard 13R"});
  act_only(t, 2, "draw");
  act_only(t, 0, "buy");
  CHECK(t.hands[0].count(face("13R")) == 1);
  CHECK(t.buys[1] == 0);
  CHECK(to_act(t) == 2);
  CHECK(t.phase == Phase::play);
}

TEST_CASE("T6: only seats that may buy are offered the discard; with none, draw draws at once") {
  State s = dealt(1, kDealA, with("max_buys", "1"));
  act(s, 0, "buy");  // seat 0's one buy (the direct form): it is offered nothing more
  play(s, {"1 draw", "1 discard 13R"});
  act_only(s, 2, "draw");
  CHECK(to_act(s) == 1);  // seat 0 is skipped (max_buys)
  act_only(s, 1, "buy");
  play(s, {"2 discard 6G"});
  // Seat 0 to act: seats 1 and 2 have bought... seat 2 may still buy, seat 1 may not.
  act_only(s, 0, "draw");
  CHECK(to_act(s) == 2);
  act_only(s, 2, "buy");
  play(s, {"0 discard 11B"});
  act_only(s, 1, "draw");  // every other seat has made its buy: the draw is made at once
  CHECK_FALSE(offering(s));
  CHECK(s.phase == Phase::play);
  CHECK(to_act(s) == 1);
}

TEST_CASE(
    "T6: a buy before the current player draws (the direct buy of earlier records) is "
    "still accepted, by any seat that may buy; the current player's only action is then draw") {
  State s = dealt(1, kDealA);
  play(s, {"1 draw", "1 discard 13R"});
  act_only(s, 1, "buy");  // seat 1, not the nearest: accepted as before
  CHECK(s.hands[1].count(face("13R")) == 1);
  CHECK(to_act(s) == 2);
  CHECK(s.phase == Phase::draw);
  CHECK(legal_by_seat(s) == Strings{"2 draw"});
  refused(s, 0, "buy", Reason::buy_limit);
  refused(s, 0, "pass", Reason::wrong_phase);  // nothing is offered
  act_only(s, 2, "draw");                      // no offer after a buy: the draw is made at once
  CHECK(s.phase == Phase::play);
  CHECK(s.hands[2].count(face("5Y")) == 1);
}

TEST_CASE(
    "T6/T13: a buy that empties an explicit round's stock leaves the draw waiting for "
    "the record's reshuffle; nobody is to act until it comes") {
  for (int by_seed = 0; by_seed < 2; ++by_seed) {
    INFO((by_seed ? "reshuffle seed" : "reshuffle stock"));
    Error err;
    auto g = make_game("toonerville", {}, 3, 0, &err);
    REQUIRE(g);
    REQUIRE(g->deal_text(kDealA, &err) == Reason::ok);
    auto state = [&] { return *static_cast<const State*>(g->state_data()); };
    while (state().stock_count > 1) {
      REQUIRE(g->apply_record_text(g->to_act(), "draw", &err) == Reason::ok);
      REQUIRE(g->apply_legal(g->legal_count() - 1, &err) == Reason::ok);  // a discard
    }
    const int turn = g->to_act();
    REQUIRE(g->apply_text(turn, "draw", &err) == Reason::ok);
    const int buyer = g->to_act();
    REQUIRE(buyer != turn);
    REQUIRE(g->apply_text(buyer, "buy", &err) == Reason::ok);  // takes the last stock card
    CHECK(state().stock_count == 0);
    CHECK(g->to_act() == -1);
    CHECK(g->needs_reshuffle());
    CHECK(g->legal_count() == 0);
    CHECK_FALSE(g->awaiting_deal());
    CHECK(g->apply_text(turn, "draw", &err) == Reason::reshuffle_needed);
    CHECK(g->apply_text((buyer + 1) % 3, "pass", &err) == Reason::reshuffle_needed);
    // The record of the waiting draw: the decline and its answers, and it replays to this.
    const std::string waiting = g->record();
    CHECK(contains(waiting, std::to_string(turn) + " decline\n"));
    const ReplayResult r = replay_record(waiting);
    REQUIRE(r.ok);
    CHECK(std::memcmp(r.final_game->state_data(), g->state_data(), sizeof(State)) == 0);
    if (by_seed)
      REQUIRE(g->reshuffle_seed(99, &err) == Reason::ok);
    else
      REQUIRE(g->reshuffle_text("stock: ...", &err) == Reason::ok);
    CHECK(g->to_act() == turn);  // the draw was made at once
    CHECK(state().phase == Phase::play);
    CHECK_FALSE(g->needs_reshuffle());
    // Written in the form of 0.2: the buy, the reshuffle, then the draw.
    const std::string done = g->record();
    const std::string tail = std::to_string(buyer) + " buy\nreshuffle " +
                             (by_seed ? std::string("seed 99") : std::string("stock: "));
    CHECK(contains(done, tail));
    CHECK_FALSE(contains(done, "decline"));
    const ReplayResult again = replay_record(done);
    REQUIRE(again.ok);
    CHECK(std::memcmp(again.final_game->state_data(), g->state_data(), sizeof(State)) == 0);
  }
}

TEST_CASE(
    "Records: the winning buy is written before the draw, passes left out; an offer "
    "still open is written as 'decline' and its passes, and replays to the same state") {
  Error err;
  auto g = make_game("toonerville", {}, 3, 0, &err);
  REQUIRE(g);
  REQUIRE(g->deal_text(kDealA, &err) == Reason::ok);
  for (const char* line : {"1 draw", "1 discard 13R"}) {
    REQUIRE(g->apply_record_text(line[0] - '0', line + 2, &err) == Reason::ok);
  }
  REQUIRE(g->apply_text(2, "draw", &err) == Reason::ok);
  auto same_by_record_and_image = [&] {
    const ReplayResult r = replay_record(g->record());
    REQUIRE(r.ok);
    CHECK(std::memcmp(r.final_game->state_data(), g->state_data(), sizeof(State)) == 0);
    CHECK(r.final_game->to_act() == g->to_act());
    const std::vector<uint8_t> bytes = g->serialize();
    auto back = deserialize_game(bytes.data(), bytes.size(), &err);
    REQUIRE(back);
    CHECK(std::memcmp(back->state_data(), g->state_data(), sizeof(State)) == 0);
    CHECK(back->record() == g->record());
  };
  CHECK(contains(g->record(), "1 discard 13R\n2 decline\n"));
  same_by_record_and_image();
  REQUIRE(g->apply_text(0, "pass", &err) == Reason::ok);
  CHECK(contains(g->record(), "2 decline\n0 pass\n"));
  same_by_record_and_image();
  REQUIRE(g->apply_text(1, "buy", &err) == Reason::ok);
  CHECK(contains(g->record(), "1 discard 13R\n1 buy\n2 draw\n"));
  CHECK_FALSE(contains(g->record(), "pass"));
  same_by_record_and_image();
  // All passing: the draw line alone, as in 0.2.
  REQUIRE(g->apply_text(2, "discard 6G", &err) == Reason::ok);
  REQUIRE(g->apply_text(0, "draw", &err) == Reason::ok);
  while (g->to_act() != 0) REQUIRE(g->apply_text(g->to_act(), "pass", &err) == Reason::ok);
  CHECK(contains(g->record(), "2 discard 6G\n0 draw\n"));
  CHECK_FALSE(contains(g->record(), "pass"));
  same_by_record_and_image();
  // The view names the seat offered the discard.
  REQUIRE(g->apply_text(0, "discard 11B", &err) == Reason::ok);
  REQUIRE(g->apply_text(1, "draw", &err) == Reason::ok);
  CHECK(contains(g->view_json(-1), "\"declined_by\": 1, \"offered_to\": 2"));
  CHECK(contains(g->view_text(0), "seat 1 declined the top discard; it is offered to seat 2"));
}

TEST_CASE("T5/T6: with no discard to take or buy, both are refused (empty_discard_pile)") {
  // Play never gets there (a buy of the last discard forces the draw), so the state is built by
  // hand: the upcard bought, then the turn's buy flag cleared.
  State s = dealt(1, kDealA);
  act(s, 2, "buy");
  REQUIRE(s.pile_count == 0);
  refused(s, 1, "take", Reason::must_draw_from_stock);
  s.bought = 0;
  require_valid(s);
  refused(s, 1, "take", Reason::empty_discard_pile);
  refused(s, 0, "buy", Reason::empty_discard_pile);
  CHECK(legal(s) == Strings{"draw"});
}

TEST_CASE("T6 max_buys=unlimited (default): a player may buy on every turn but its own") {
  State s = dealt(1, kDealA);
  for (int turn = 0; turn < 9; ++turn) {
    if (to_act(s) != 0) act(s, 0, "buy");
    draw_and_discard(s);
  }
  CHECK(s.buys[0] == 6);
  CHECK(s.hands[0].total() == 12 + 2 * 6);
}

TEST_CASE("T6 max_buys=N: at most N buys per player per round (buy_limit)") {
  for (int n : {1, 2}) {
    INFO("max_buys=" << n);
    State s = dealt(1, kDealA, with("max_buys", std::to_string(n)));
    int bought = 0;
    while (bought < n) {
      if (to_act(s) != 0) {
        act(s, 0, "buy");
        ++bought;
      }
      draw_and_discard(s);
    }
    if (to_act(s) == 0) draw_and_discard(s);
    CHECK(s.buys[0] == n);
    CHECK((buyers(s) & 1) == 0);
    const std::string message = refused(s, 0, "buy", Reason::buy_limit);
    CHECK(contains(message, "max_buys"));
    // Another seat still may.
    const int other = to_act(s) == 1 ? 2 : 1;
    CHECK(((buyers(s) >> other) & 1) == 1);
    act(s, other, "buy");
  }
}

TEST_CASE("T6 max_buys=unlimited: the library counts at most 255 buys per seat and round") {
  State s = dealt(1, kDealA);
  if (to_act(s) == 0) draw_and_discard(s);
  s.buys[0] = kMaxBuysPerRound - 1;  // as if seat 0 had bought 254 times this round
  act(s, 0, "buy");
  CHECK(s.buys[0] == kMaxBuysPerRound);
  draw_and_discard(s);
  if (to_act(s) == 0) draw_and_discard(s);
  CHECK((buyers(s) & 1) == 0);
  CHECK(contains(refused(s, 0, "buy", Reason::buy_limit), "the most the library counts"));
  CHECK(s.buys[0] == kMaxBuysPerRound);  // no wrap to 0
}

TEST_CASE("T6 max_buys=N: the count starts again each round") {
  State s = dealt(1, kDealOut, with("max_buys", "1"));
  act(s, 0, "buy");
  CHECK(s.buys[0] == 1);
  act(s, 1, "draw");
  const RookFace drawn = face("1B");  // the first card of the completed stock
  CHECK(s.hands[1].count(drawn) == 1);
  play(s, {"1 down 5B 5B 5G 5G 5R 5R | 9B 9B 9G 9G 9R 9R", "1 discard 1B"});
  CHECK(s.phase == Phase::deal);
  CHECK(s.last.buys[0] == 1);
  CHECK(deltas(s)[0] == 120 + 10 + 10);  // 12G and 13Y bought
  deal(s, kDealSwap);
  CHECK(to_act(s) == 2);
  CHECK(s.buys[0] == 0);
  CHECK((buyers(s) & 1) == 1);
  act(s, 0, "buy");
}

// =======================================================================================
// T7 Going down

TEST_CASE(
    "T7: the first meld is the whole contract in one turn, exactly its runs and sets; "
    "two sets of one number are allowed") {
  State s = dealt(1, kDealTwoFives);
  refused(s, 1, "down 5B 5G 5R | 5B 5G 5R", Reason::wrong_phase);  // draw first
  act(s, 1, "draw");
  CHECK(contains(refused(s, 1, "down 5B 5G 5R", Reason::contract_not_met),
                 "missing 0 runs and 1 set"));
  refused(s, 1, "down 5B 5G 5R | 5B 5G 5R | 9B 9G 9Y", Reason::contract_not_met);  // too many
  refused(s, 1, "down 1B 2B 3B 4B | 5B 5G 5R", Reason::contract_not_met);  // a run is not a set
  refused(s, 1, "down 5B 5G 5R | 9B 9G 9R", Reason::card_not_held);
  refused(s, 1, "down 5B 5G 5R 5Y | 9B 9G 9Y", Reason::card_not_held);
  act(s, 1, "down 5B 5G 5R | 5B 5G 5R");  // two sets of 5s
  CHECK(is_down(s, 1));
  CHECK(s.down == 0b010);
  CHECK(s.meld_count == 2);
  CHECK(format_meld(s.melds[0]) == "5B 5G 5R");
  CHECK(format_meld(s.melds[1]) == "5B 5G 5R");
  CHECK(hand(s, 1) == "1B 2B 3B 4B 9B 9G 9Y");
  // A player who is down makes no new melds that round, this turn or later.
  refused(s, 1, "down 9B 9G 9Y | 1B 2B 3B 4B", Reason::no_new_melds);
  refused(s, 1, "down 9B 9G 9Y", Reason::no_new_melds);
  CHECK_FALSE(has_prefix(legal(s), "down"));
  play(s, {"1 discard 1B", "2 draw", "2 discard 6G", "0 draw", "0 discard 10B", "1 draw"});
  refused(s, 1, "down 9B 9G 9Y | 5B 5G 5R", Reason::no_new_melds);
}

TEST_CASE("T7: two runs of one colour are allowed; two sets in a two-runs round are not") {
  State s = dealt(3, kDealRedRuns);
  act(s, 1, "draw");
  refused(s, 1, "down 12B 12G ROOK | 13B 13G 13R", Reason::contract_not_met);
  refused(s, 1, "down 1R 2R 3R 4R | 13B 13G 13R", Reason::contract_not_met);
  refused(s, 1, "down 1R 2R 3R 4R", Reason::contract_not_met);
  act(s, 1, "down 1R 2R 3R 4R | ROOK 6R 7R 8R");
  CHECK(s.meld_count == 2);
  CHECK(s.melds[0].colour == s.melds[1].colour);
  CHECK(rook_at(s.melds[1], 5));
  CHECK(hand(s, 1) == "12B 13B 12G 13G 13R");
}

TEST_CASE("T7: a player not down lists the contract finder's arrangement as its down action") {
  State s = dealt(1, kDealTwoFives);
  act(s, 1, "draw");
  const Strings actions = legal(s);
  REQUIRE(has_prefix(actions, "down "));
  for (const std::string& a : actions)
    if (a.rfind("down ", 0) == 0) {
      State t = s;
      act(t, 1, a);
      CHECK(is_down(t, 1));
    }
}

// =======================================================================================
// T8 Laying off

TEST_CASE(
    "T8: lay-offs on runs: either end, down to 1 and up to 14, on one's own or another's "
    "melds, only once down (not_down), from the same turn on") {
  State s = dealt(3, kDealRuns);
  act(s, 1, "draw");
  refused(s, 1, "layoff 0 1R", Reason::no_such_meld);  // nothing on the table yet
  act(s, 1, "down 2R 3R 4R 5R | 10G 11G 12G 13G");
  // The same turn, on its own runs: down to 1 and up to 14.
  act(s, 1, "layoff 0 1R");
  CHECK(format_meld(s.melds[0]) == "1R 2R 3R 4R 5R");
  // The cards of one lay-off go in order, all or nothing: a plain Rook goes to the high end
  // (14), and 14G then fits nowhere.
  refused(s, 1, "layoff 1 ROOK 14G", Reason::cannot_lay_off);
  act(s, 1, "layoff 1 14G ROOK");
  // Once the run reaches 14, a plain Rook goes to the low end, where it is the 9.
  CHECK(format_meld(s.melds[1]) == "ROOK 10G 11G 12G 13G 14G");
  CHECK(rook_at(s.melds[1], 9));
  CHECK(hand(s, 1) == "9B 10Y");
  act(s, 1, "discard 9B");

  act(s, 2, "draw");
  refused(s, 2, "layoff 0 6R", Reason::not_down);
  CHECK_FALSE(has_prefix(legal(s), "layoff"));
  act(s, 2, "down 1Y 2Y 3Y 4Y | 6B 7B 8B 9B");
  CHECK(s.meld_owner[2] == 2);
  CHECK(s.meld_owner[3] == 2);
  CHECK(has(legal(s), "layoff 0 6R"));
  refused(s, 2, "layoff 0 8R", Reason::cannot_lay_off);
  act(s, 2, "layoff 0 6R");  // another's run, the same turn as going down
  refused(s, 2, "layoff 0 ROOK=12", Reason::cannot_lay_off);
  act(s, 2, "layoff 0 ROOK=7");
  CHECK(format_meld(s.melds[0]) == "1R 2R 3R 4R 5R 6R ROOK");
  act(s, 2, "layoff 0 8R");
  CHECK(s.melds[0].high == 8);
  CHECK(rook_at(s.melds[0], 7));
  refused(s, 2, "layoff 2 8G", Reason::cannot_lay_off);  // a yellow run
  act(s, 2, "layoff 1 8G");                              // below the Rook that is the 9
  CHECK(format_meld(s.melds[1]) == "8G ROOK 10G 11G 12G 13G 14G");
  refused(s, 2, "layoff 9 5B", Reason::no_such_meld);
  refused(s, 2, "layoff 2 5B", Reason::cannot_lay_off);
  // T10: the last card laid off ends the round.
  CHECK(hand(s, 2) == "5B");
  act(s, 2, "layoff 3 5B");
  CHECK(s.phase == Phase::deal);
  CHECK(s.last.went_out == 2);
  CHECK(deltas(s) == Ints{120, 10, 0});
}

TEST_CASE("T8: lay-offs on sets: any card of the number, any colour, and the Rook") {
  State s = dealt(1, kDealSets);
  play(s, {"1 draw", "1 down 5B 5G 5R | 9B 9G 9R"});
  act(s, 1, "layoff 0 5Y 5B");
  CHECK(s.melds[0].size() == 5);
  CHECK(s.melds[0].naturals[0] == 2);  // two 5B
  refused(s, 1, "layoff 0 6B", Reason::cannot_lay_off);
  refused(s, 1, "layoff 1 ROOK=9", Reason::cannot_lay_off);  // a place in a run, not a set
  act(s, 1, "layoff 1 ROOK");
  act(s, 1, "layoff 1 9Y");
  CHECK(format_meld(s.melds[1]) == "9B 9G 9R 9Y ROOK");
  CHECK(s.melds[1].rooks == 1);
  CHECK(hand(s, 1) == "4B 6B 13Y");
  refused(s, 1, "layoff 1 9Y", Reason::card_not_held);
  act(s, 1, "discard 13Y");
  CHECK(to_act(s) == 2);
}

// =======================================================================================
// T9 Rook swap

TEST_CASE(
    "T9 rook_swap=table: a run's Rook is swapped for its natural card and must be played "
    "this turn, in the contract or laid off; a Rook in a set is never taken") {
  State s = dealt(2, kDealSwap);
  play(s, {"1 draw", "1 down 5R ROOK 7R 8R | 9B 9G ROOK", "1 discard 14B"});
  const State after_seat1 = s;
  act(s, 2, "draw");
  refused(s, 2, "swap 1 9R", Reason::rook_in_set_is_fixed);
  refused(s, 2, "swap 0 9R", Reason::no_rook_to_swap);
  refused(s, 2, "swap 0 7R", Reason::card_not_held);
  refused(s, 2, "swap 4 6R", Reason::no_such_meld);
  CHECK(has(legal(s), "swap 0 6R"));
  act(s, 2, "swap 0 6R");
  CHECK(format_meld(s.melds[0]) == "5R 6R 7R 8R");
  CHECK(s.melds[0].rooks == 0);
  CHECK(s.hands[2].rooks() == 1);
  CHECK(s.rooks_owed == 1);
  refused(s, 2, "discard 10Y", Reason::rook_must_be_played);
  CHECK_FALSE(has_prefix(legal(s), "discard"));
  {
    // The Rook in the contract being laid down.
    State t = s;
    act(t, 2, "down 1G 2G 3G 4G ROOK | 12B 12G 12R");
    CHECK(t.rooks_owed == 0);
    act(t, 2, "discard 10Y");
  }
  // Table mode: the contract without the Rook, then the Rook laid off on another's run.
  act(s, 2, "down 1G 2G 3G 4G | 12B 12G 12R");
  CHECK(s.rooks_owed == 1);
  refused(s, 2, "discard 10Y", Reason::rook_must_be_played);
  act(s, 2, "layoff 0 ROOK=9");
  CHECK(format_meld(s.melds[0]) == "5R 6R 7R 8R ROOK");
  CHECK(s.rooks_owed == 0);
  act(s, 2, "discard 10Y");

  // A player who could not play the Rook this turn (not down, no contract) may not swap.
  State t = after_seat1;
  play(t, {"2 draw", "2 discard 10Y", "0 draw"});
  refused(t, 0, "swap 0 6R", Reason::rook_must_be_played);
  CHECK_FALSE(has_prefix(legal(t), "swap"));
  // A player who is down may swap and lay the Rook off (here its own Rook, onto its set).
  play(t, {"0 discard 13B", "1 draw", "1 swap 0 6R"});
  CHECK(format_meld(t.melds[0]) == "5R 6R 7R 8R");
  refused(t, 1, "discard 3G", Reason::rook_must_be_played);
  act(t, 1, "layoff 1 ROOK");
  CHECK(format_meld(t.melds[1]) == "9B 9G ROOK ROOK");
  act(t, 1, "discard 3G");
}

TEST_CASE(
    "T9 rook_swap=new_meld: the Rook must be in the contract being laid down; a player "
    "who is down cannot swap") {
  const Options o = with("rook_swap", "new_meld");
  State s = dealt(2, kDealSwap, o);
  play(s, {"1 draw", "1 down 5R ROOK 7R 8R | 9B 9G ROOK", "1 discard 14B"});
  const State after_seat1 = s;
  play(s, {"2 draw", "2 swap 0 6R"});
  CHECK(s.rooks_owed == 1);
  refused(s, 2, "down 1G 2G 3G 4G | 12B 12G 12R", Reason::rook_must_be_played);
  refused(s, 2, "discard 10Y", Reason::rook_must_be_played);
  const Strings actions = legal(s);
  CHECK_FALSE(actions.empty());
  for (const std::string& a : actions) CHECK(a.rfind("down", 0) == 0);  // only a down with it
  act(s, 2, "down 1G 2G 3G 4G | 12B 12G 12R ROOK");
  CHECK(s.rooks_owed == 0);
  act(s, 2, "discard 10Y");

  State t = after_seat1;
  play(t, {"2 draw", "2 discard 10Y", "0 draw", "0 discard 13B", "1 draw"});
  const std::string message = refused(t, 1, "swap 0 6R", Reason::rook_must_be_played);
  CHECK(contains(message, "new_meld"));
  CHECK_FALSE(has_prefix(legal(t), "swap"));
}

// =======================================================================================
// T10 Going out

TEST_CASE(
    "T10: a player who is down goes out by discarding the last card; the round is scored "
    "and the deal passes left") {
  State s = dealt(1, kDealOut);
  play(s, {"1 draw", "1 down 5B 5B 5G 5G 5R 5R | 9B 9B 9G 9G 9R 9R"});
  CHECK(hand(s, 1) == "13Y");
  CHECK(s.phase == Phase::play);
  act(s, 1, "discard 13Y");
  CHECK(s.phase == Phase::deal);
  CHECK(s.hands_scored == 1);
  CHECK(s.last.round == 1);
  CHECK(s.last.went_out == 1);
  CHECK(s.last.down == 0b010);
  CHECK(deltas(s) == Ints{120, 0, 95});
  CHECK(scores(s) == Ints{120, 0, 95});
  CHECK(s.dealer == 1);
  CHECK(to_act(s) == -1);
  CHECK(s.stock_count == 0);
  CHECK(s.pile_count == 0);
  CHECK(s.meld_count == 0);
  CHECK(legal(s).empty());
  refused(s, 2, "draw", Reason::wrong_phase);
  refused(s, 0, "buy", Reason::cannot_buy);
  // The next deal is round 2, dealt by seat 1; seat 2 plays first.
  deal(s, kDealSwap);
  CHECK(s.round == 2);
  CHECK(to_act(s) == 2);
}

// =======================================================================================
// T11 Round 11

TEST_CASE(
    "T11: round 11 goes out with the whole hand as exactly two runs and two sets, without "
    "a discard") {
  State s = dealt(11, kDealLast);
  CHECK(s.hands[1].total() == 14);
  State t = s;
  act(t, 1, "draw");  // 5B
  CHECK(has_prefix(legal(t), "down "));
  act(t, 1, "down 1B 2B 3B 4B 5B | 1G 2G 3G 4G | 10B 10G 10R | 11B 11G 11R");
  CHECK(t.phase == Phase::over);
  CHECK(t.last.round == 11);
  CHECK(t.last.went_out == 1);
  CHECK(deltas(t) == Ints{95, 0, 120});
}

TEST_CASE(
    "T11: in round 11 partial melds are refused (round11_must_go_out_whole); ordinary turns "
    "end with a discard") {
  State s = dealt(11, kDealLast);
  act(s, 1, "take");  // 12Y fits nowhere
  CHECK(s.hands[1].total() == 15);
  const std::string message =
      refused(s, 1, "down 1B 2B 3B 4B | 1G 2G 3G 4G | 10B 10G 10R | 11B 11G 11R",
              Reason::round11_must_go_out_whole);
  CHECK(contains(message, "1 card"));
  refused(s, 1, "down 10B 10G 10R | 11B 11G 11R", Reason::contract_not_met);
  refused(s, 1, "down 1B 2B 3B 4B | 1G 2G 3G 4G | 10B 10G 10R", Reason::contract_not_met);
  refused(s, 1, "layoff 0 12Y", Reason::no_such_meld);
  CHECK_FALSE(has_prefix(legal(s), "down"));
  act(s, 1, "discard 1B");
  CHECK(to_act(s) == 2);
  CHECK(s.meld_count == 0);
}

TEST_CASE("T11 round11_deal=12: round 11 deals 12 cards; a buy makes the whole hand possible") {
  const Options o = with("round11_deal", "12");
  {
    // A 14-card deal does not fit this option, a 12-card deal does; so does a seeded one.
    State s = before_round(11, o);
    std::string bytes;
    Error err;
    REQUIRE(parse_deal(kDealLast, 3, &bytes, &err) == Reason::ok);
    refused_event(s, Reason::malformed_deal, [&](const State& in, State* out, Error* e) {
      return deal_bytes(in, bytes, out, e);
    });
    REQUIRE(deal_seed(s, 11, &s, &err) == Reason::ok);
    for (int p = 0; p < 3; ++p) CHECK(s.hands[p].total() == 12);
    State d = before_round(11);
    REQUIRE(parse_deal(kDealLast12, 3, &bytes, &err) == Reason::ok);
    refused_event(d, Reason::malformed_deal, [&](const State& in, State* out, Error* e) {
      return deal_bytes(in, bytes, out, e);
    });
  }
  State s = dealt(11, kDealLast12, o);
  CHECK(s.hands[2].total() == 12);
  act(s, 2, "buy");  // 11G and the penalty card 11R
  CHECK(s.hands[2].total() == 14);
  play(s, {"1 draw", "1 discard 13G", "2 draw"});
  CHECK(s.hands[2].total() == 15);
  const Ints points = hand_points(s);
  act(s, 2, "down 1B 2B 3B 4B 5B | 1G 2G 3G 4G | 10B 10G 10R | 11B 11G 11R");
  CHECK(s.phase == Phase::over);
  CHECK(s.last.went_out == 2);
  CHECK(deltas(s) == Ints{points[0], points[1], 0});
  CHECK(s.last.buys[2] == 1);
}

// =======================================================================================
// T12 Scoring

TEST_CASE("T12: penalty points: 1-9 are 5, 10-14 are 10, a Rook 25; 0 for the one who went out") {
  CHECK(penalty_points(cards("1B 9Y 5G")) == 15);
  CHECK(penalty_points(cards("10B 14Y 12R")) == 30);
  CHECK(penalty_points(cards("ROOK")) == 25);
  // kDealOut: seat 2 holds 1Y-4Y 6Y-9Y (40), 10Y-12Y (30) and a Rook (25); seat 0 10B-14B (50),
  // 1G-3G (15), 10R 11R (20), a Rook (25) and 14Y (10).
  State s = dealt(1, kDealOut);
  CHECK(hand_points(s) == Ints{120, 60, 95});
  play(s, {"1 draw", "1 down 5B 5B 5G 5G 5R 5R | 9B 9B 9G 9G 9R 9R", "1 discard 13Y"});
  CHECK(deltas(s) == Ints{120, 0, 95});
  CHECK(contains(result_json(s.last, 3), "\"penalty_points\": [120, 0, 95]"));
}

TEST_CASE("T12: after eleven rounds the lowest total wins; ties share the win") {
  // Round 11 of kDealLast adds 95 to seat 0, 0 to seat 1 (out) and 120 to seat 2.
  struct Case {
    Ints before;
    Ints after;
    uint8_t winners;
  };
  const Case cases[] = {
      {{205, 300, 200}, {300, 300, 320}, 0b011},  // seats 0 and 1 tie
      {{210, 300, 200}, {305, 300, 320}, 0b010},
      {{0, 300, 0}, {95, 300, 120}, 0b001},  // going out last does not win by itself
      {{5, 100, 0}, {100, 100, 120}, 0b011},
  };
  for (const Case& c : cases) {
    State s = before_round(11);
    for (int p = 0; p < 3; ++p) s.scores[p] = c.before[size_t(p)];
    require_valid(s);
    deal(s, kDealLast);
    play(s, {"1 draw", "1 down 1B 2B 3B 4B 5B | 1G 2G 3G 4G | 10B 10G 10R | 11B 11G 11R"});
    CHECK(is_over(s));
    CHECK(scores(s) == c.after);
    CHECK(s.winners == c.winners);
    // Nothing more happens once the game is over.
    refused(s, 1, "draw", Reason::game_over);
    refused(s, 2, "buy", Reason::game_over);
    refused_event(s, Reason::game_over,
                  [](const State& in, State* out, Error* e) { return deal_seed(in, 1, out, e); });
    CHECK(contains(view_json(view(s, 0)), "\"over\": true"));
  }
}

// =======================================================================================
// T13 Empty stock

TEST_CASE(
    "T13: an explicit round refuses the draw at an empty stock (reshuffle_needed) until "
    "the record gives the new stock: exactly the discards below the top") {
  State s = dealt(1, kDealA);
  refused_event(s, Reason::wrong_phase, [](const State& in, State* out, Error* e) {
    return reshuffle_seed(in, 1, out, e);  // the stock still has cards
  });
  CHECK_FALSE(needs_reshuffle(s));
  while (s.stock_count > 0) draw_and_discard(s);
  REQUIRE(s.pile_count == 135);
  CHECK(needs_reshuffle(s));
  const int seat = to_act(s);
  const std::string message = refused(s, seat, "draw", Reason::reshuffle_needed);
  CHECK(contains(message, "reshuffle"));
  refused(s, (seat + 1) % 3, "buy", Reason::reshuffle_needed);  // no penalty card without it
  CHECK(legal(s) == Strings{"take"});                           // taking needs no stock

  // The new stock: the 134 discards below the top, in an order of the record's choosing.
  std::vector<RookFace> below(s.pile, s.pile + s.pile_count - 1);
  std::reverse(below.begin(), below.end());
  const RookFace top = pile_top(s);
  auto with_stock = [&](const std::vector<RookFace>& order) {
    return [order](const State& in, State* out, Error* e) {
      return reshuffle_stock(in, order.data(), int(order.size()), out, e);
    };
  };
  refused_event(s, Reason::malformed_deal, with_stock({below.begin(), below.end() - 1}));
  std::vector<RookFace> with_top = below;
  with_top.push_back(top);
  refused_event(s, Reason::malformed_deal, with_stock(with_top));
  std::vector<RookFace> wrong = below;
  wrong[0] = wrong[0] == kRook ? RookFace(0) : kRook;
  refused_event(s, Reason::malformed_deal, with_stock(wrong));

  State t;
  Error err;
  REQUIRE(reshuffle_stock(s, below.data(), int(below.size()), &t, &err) == Reason::ok);
  require_valid(t);
  CHECK(t.stock_count == 134);
  CHECK(t.pile_count == 1);
  CHECK(pile_top(t) == top);
  CHECK(t.reshuffles == 1);
  for (int k = 0; k < 134; ++k) CHECK(stock_top(t, k) == below[size_t(k)]);
  CHECK_FALSE(needs_reshuffle(t));
  act(t, seat, "draw");
  CHECK(t.hands[seat].count(below[0]) >= 1);
  CHECK(t.stock_count == 133);
}

TEST_CASE(
    "T13: `reshuffle seed N` gives an explicit round a generator: the discards below the "
    "top, oldest first, are shuffled when a card is needed; later reshuffles continue it") {
  State s = dealt(1, kDealA);
  while (s.stock_count > 0) draw_and_discard(s);
  State t;
  Error err;
  REQUIRE(reshuffle_seed(s, 4242, &t, &err) == Reason::ok);
  require_valid(t);
  CHECK(t.has_rng == 1);
  CHECK(t.stock_count == 0);  // the reshuffle happens at the draw
  CHECK_FALSE(needs_reshuffle(t));
  refused_event(t, Reason::wrong_phase, [](const State& in, State* out, Error* e) {
    return reshuffle_seed(in, 1, out, e);
  });
  PortableRng rng(4242);
  for (int pass = 1; pass <= 2; ++pass) {
    INFO("reshuffle " << pass);
    std::vector<RookFace> expected(t.pile, t.pile + t.pile_count - 1);  // oldest first
    const RookFace top = pile_top(t);
    rng.shuffle(expected.data(), int(expected.size()));
    const int seat = to_act(t);
    const int held = t.hands[seat].count(expected[0]);
    act(t, seat, "draw");
    CHECK(t.hands[seat].count(expected[0]) == held + 1);  // expected[0] is the top
    CHECK(t.reshuffles == pass);
    CHECK(t.pile_count == 1);
    CHECK(pile_top(t) == top);
    REQUIRE(t.stock_count == int(expected.size()) - 1);
    for (int k = 0; k < t.stock_count; ++k) CHECK(stock_top(t, k) == expected[size_t(k) + 1]);
    CHECK(std::memcmp(t.rng, rng.state_words(), sizeof t.rng) == 0);
    act(t, seat, std::string("discard ") + rook_face_name(expected[0]));
    while (t.stock_count > 0) draw_and_discard(t);
  }
}

TEST_CASE(
    "T13: after `reshuffle seed N` a buyer's penalty card comes from the pile without the "
    "bought card and the newly exposed top") {
  State s = dealt(1, kDealA);
  while (s.stock_count > 0) draw_and_discard(s);
  const int seat = to_act(s), buyer = (seat + 2) % 3;
  refused(s, buyer, "buy", Reason::reshuffle_needed);
  Error err;
  REQUIRE(reshuffle_seed(s, 7, &s, &err) == Reason::ok);
  CHECK(buyers(s) == uint8_t(0b111 & ~(1u << seat)));
  CHECK(buy_winner(s, uint8_t(1u << buyer)) == buyer);
  const RookFace bought = pile_top(s), new_top = s.pile[s.pile_count - 2];
  std::vector<RookFace> expected(s.pile, s.pile + s.pile_count - 2);
  PortableRng rng(7);
  rng.shuffle(expected.data(), int(expected.size()));
  FaceCounts want = s.hands[buyer];
  want.add(bought);
  want.add(expected[0]);
  act(s, buyer, "buy");
  CHECK(s.hands[buyer] == want);
  CHECK(s.pile_count == 1);
  CHECK(pile_top(s) == new_top);
  CHECK(s.stock_count == int(expected.size()) - 1);
  CHECK(legal(s) == Strings{"draw"});
}

TEST_CASE(
    "T13: a seeded round reshuffles by itself with its own generator, for a draw or for "
    "a buyer's penalty card") {
  const uint64_t seed = 31337;
  State s = before_round(1);
  Error err;
  REQUIRE(deal_seed(s, seed, &s, &err) == Reason::ok);
  RookFace deck[171];
  canonical_rook_deck(3, deck);
  PortableRng rng(seed);
  rng.shuffle(deck, 171);
  while (s.stock_count > 0) draw_and_discard(s);
  CHECK_FALSE(needs_reshuffle(s));
  refused_event(s, Reason::wrong_phase, [](const State& in, State* out, Error* e) {
    return reshuffle_seed(in, 1, out, e);
  });
  const int seat = to_act(s);
  {
    // A draw: the pile except its top, oldest first, shuffled by the deal's generator.
    PortableRng r = rng;
    std::vector<RookFace> expected(s.pile, s.pile + s.pile_count - 1);
    r.shuffle(expected.data(), int(expected.size()));
    State t = s;
    act(t, seat, "draw");
    CHECK(t.reshuffles == 1);
    REQUIRE(t.stock_count == int(expected.size()) - 1);
    for (int k = 0; k < t.stock_count; ++k) CHECK(stock_top(t, k) == expected[size_t(k) + 1]);
    CHECK(std::memcmp(t.rng, r.state_words(), sizeof t.rng) == 0);
  }
  {
    // A buy: the buyer takes the top discard; the rest of the pile but its new top is shuffled
    // for the penalty card.
    PortableRng r = rng;
    const int buyer = (seat + 1) % 3;
    const RookFace bought = pile_top(s);
    const RookFace new_top = s.pile[s.pile_count - 2];
    std::vector<RookFace> expected(s.pile, s.pile + s.pile_count - 2);
    r.shuffle(expected.data(), int(expected.size()));
    State t = s;
    const FaceCounts before = t.hands[buyer];
    act(t, buyer, "buy");
    FaceCounts gained = before;
    gained.add(bought);
    gained.add(expected[0]);
    CHECK(t.hands[buyer] == gained);
    CHECK(t.pile_count == 1);
    CHECK(pile_top(t) == new_top);
    CHECK(t.stock_count == int(expected.size()) - 1);
    CHECK(t.reshuffles == 1);
    refused(t, seat, "take", Reason::must_draw_from_stock);
    act(t, seat, "draw");
    CHECK(t.hands[seat].count(expected[1]) >= 1);
  }
}

TEST_CASE(
    "T13: with no card left to draw the round ends at once and everyone scores the hand; "
    "a buy with no penalty card is refused (no_penalty_card)") {
  // Every turn the next seat buys the top discard: the pile stays at one card and the stock
  // runs out two cards a turn. Seat 1 goes down on the first turn and stays in.
  State s = dealt(1, kDealTwoFives);
  play(s, {"2 buy", "1 draw", "1 down 5B 5G 5R | 5B 5G 5R"});
  act(s, 1, "discard 9Y");
  while (s.stock_count > 0) {
    act(s, (to_act(s) + 1) % 3, "buy");
    draw_and_discard(s);
    REQUIRE(s.pile_count == 1);
  }
  CHECK_FALSE(needs_reshuffle(s));  // nothing to reshuffle: the round ends instead
  const int seat = to_act(s);
  const std::string message = refused(s, (seat + 1) % 3, "buy", Reason::no_penalty_card);
  CHECK(contains(message, "penalty"));
  CHECK(buyers(s) == 0);
  CHECK(legal(s) == Strings{"take", "draw"});
  const Ints points = hand_points(s);
  const Ints before = scores(s);
  act(s, seat, "draw");
  CHECK(s.phase == Phase::deal);
  CHECK(s.last.went_out == kNoSeat);
  CHECK(s.last.down == 0b010);
  CHECK(deltas(s) == points);  // the seat that was down scores its hand too
  for (int p = 0; p < 3; ++p) CHECK(s.scores[p] == before[size_t(p)] + points[size_t(p)]);
  CHECK(s.dealer == 1);
  CHECK(contains(result_json(s.last, 3), "\"went_out\": null"));
}

TEST_CASE(
    "T13 max_turns=N: a round ends when its N-th turn ends, scored as when nothing is left to "
    "draw; buys are not turns") {
  State s = dealt(1, kDealA, with("max_turns", "3"));
  CHECK(s.turns == 0);
  draw_and_discard(s);  // turn 1: seat 1
  CHECK(s.turns == 1);
  act(s, 0, "buy");  // seat 0 buys the discard before seat 2 draws: not a turn
  CHECK(s.turns == 1);
  draw_and_discard(s);  // turn 2: seat 2
  CHECK(s.turns == 2);
  REQUIRE(to_act(s) == 0);
  act(s, 0, "draw");  // turn 3: seat 0, with 12 + 2 bought + 1 drawn cards
  CHECK(s.phase == Phase::play);
  State after_discard = s;
  after_discard.hands[0].remove(face("9R"));
  const Ints points = hand_points(after_discard);
  act(s, 0, "discard 9R");
  CHECK(s.phase == Phase::deal);  // the third turn has ended: so has the round
  CHECK(s.last.went_out == kNoSeat);
  CHECK(s.last.round == 1);
  CHECK(deltas(s) == points);  // every hand scores
  CHECK(scores(s) == points);
  CHECK(s.turns == 0);  // the count starts again with the next round
  CHECK(s.dealer == 1);
  deal(s, kDealA);
  CHECK(s.turns == 0);
  CHECK(s.round == 2);
}

TEST_CASE(
    "T13 max_turns=N: a seat that is down scores its hand too when the limit ends the round") {
  State s = dealt(1, kDealA, with("max_turns", "1"));
  play(s, {"1 draw", "1 down 5B 5G 5R | 9B 9G 9Y"});
  const Ints before = hand_points(s);
  act(s, 1, "discard 13R");
  CHECK(s.phase == Phase::deal);
  CHECK(s.last.went_out == kNoSeat);
  CHECK(s.last.down == 0b010);
  CHECK(deltas(s) == Ints{before[0], before[1] - 10, before[2]});
}

TEST_CASE("T13 max_turns=0 (default): no limit; records carry the option; images check it") {
  State s = dealt(1, kDealA);
  for (int turn = 0; turn < 100; ++turn) draw_and_discard(s);
  CHECK(s.phase == Phase::draw);
  CHECK(s.turns == 100);

  Error err;
  auto g = make_game("toonerville", {{"max_turns", "250"}}, 3, 0, &err);
  REQUIRE(g);
  CHECK(contains(g->record(), "option max_turns=250"));
  CHECK(make_game("toonerville", {{"max_turns", "-3"}}, 3, 0, &err) == nullptr);
  CHECK(err.reason == Reason::bad_option);
  CHECK(contains(err.message, "max_turns"));

  State bad = new_game();
  bad.options.max_turns = 1000001;
  CHECK(check_invariants(bad, &err) == Reason::corrupt_state);
  bad = new_game();
  bad.turns = 1;  // a turn count between rounds
  CHECK(check_invariants(bad, &err) == Reason::corrupt_state);
  bad = dealt(1, kDealA, with("max_turns", "5"));
  bad.turns = 4;
  require_valid(bad);
  bad.turns = 5;  // the round should have ended
  CHECK(check_invariants(bad, &err) == Reason::corrupt_state);
  CHECK(contains(err.message, "max_turns"));
  uint8_t bytes[kSerializedSize];
  REQUIRE(serialize(bad, bytes, sizeof bytes) == kSerializedSize);
  State out = new_game();
  CHECK(deserialize(bytes, sizeof bytes, &out, &err) == Reason::corrupt_state);
}

// =======================================================================================
// T14 Views

TEST_CASE(
    "T14: a seat sees its own hand, the sizes of the others, the stock's count, the melds "
    "and their owners, the whole discard pile and the buys") {
  State s = dealt(1, kDealA);
  play(s, {"1 draw", "1 down 5B 5G 5R | 9B 9G 9Y", "1 discard 13R", "0 buy"});
  const View v = view(s, 1);
  CHECK(v.seat == 1);
  CHECK(v.hand == s.hands[1]);
  CHECK(v.hand_sizes[0] == 14);
  CHECK(v.hand_sizes[1] == 6);
  CHECK(v.hand_sizes[2] == 12);
  CHECK(v.stock_count == s.stock_count);
  CHECK(v.meld_count == 2);
  CHECK(v.meld_owner[0] == 1);
  CHECK(v.meld_owner[1] == 1);
  CHECK(v.pile_count == 1);
  CHECK(v.pile[0] == face("14Y"));
  CHECK(v.buys[0] == 1);
  CHECK(v.bought == 1);
  CHECK(v.down == 0b010);
  const std::string json = view_json(v);
  CHECK(contains(json, "\"hand\": [\"1B\", \"2B\", \"3B\", \"4B\", \"3R\", \"10Y\"]"));
  CHECK(contains(json, "\"hand_sizes\": [14, 6, 12]"));
  CHECK(contains(json, "\"owner\": 1"));
  CHECK(contains(json, "\"cards\": \"5B 5G 5R\""));
  CHECK(contains(json, "\"discards\": [\"14Y\"]"));
  CHECK(contains(json, "\"buys\": [1, 0, 0]"));
  // A spectator sees no hand.
  const View spectator = view(s, -1);
  CHECK(spectator.seat == kNoSeat);
  CHECK(spectator.hand.empty());
  // The whole discard pile, oldest first, after a few more discards.
  play(s, {"2 draw", "2 discard 6G", "0 draw", "0 discard 10B"});
  const View later = view(s, 2);
  REQUIRE(later.pile_count == 3);
  CHECK(later.pile[0] == face("14Y"));
  CHECK(later.pile[1] == face("6G"));
  CHECK(later.pile[2] == face("10B"));
  CHECK(contains(view_json(later), "\"discards\": [\"14Y\", \"6G\", \"10B\"]"));
}

TEST_CASE(
    "T14: views never show another hand or the stock's order: states that differ only "
    "there look byte-identical to everyone else") {
  State s = dealt(1, kDealA);
  play(s, {"1 draw", "1 discard 13R"});
  // Exchange a card of seat 2's hand with the stock's top card.
  State other_hand = s;
  const RookFace from_stock = stock_top(s);
  const RookFace from_hand = face("7B");
  REQUIRE(from_stock != from_hand);
  REQUIRE(other_hand.hands[2].remove(from_hand));
  other_hand.hands[2].add(from_stock);
  other_hand.stock[other_hand.stock_count - 1] = from_hand;
  require_valid(other_hand);
  // The stock in another order.
  State other_stock = s;
  std::reverse(other_stock.stock, other_stock.stock + other_stock.stock_count);
  require_valid(other_stock);
  REQUIRE(std::memcmp(&other_stock, &s, sizeof s) != 0);
  for (int seat : {-1, 0, 1, 2}) {
    INFO("seat " << seat);
    const View a = view(s, seat), b = view(other_stock, seat);
    CHECK(std::memcmp(&a, &b, sizeof a) == 0);
    CHECK(view_json(a) == view_json(b));
    CHECK(view_text(a) == view_text(b));
    if (seat == 2) {
      const View c = view(other_hand, seat);
      CHECK(std::memcmp(&a, &c, sizeof a) != 0);
      continue;
    }
    const View c = view(other_hand, seat);
    CHECK(std::memcmp(&a, &c, sizeof a) == 0);
    CHECK(view_json(a) == view_json(c));
    CHECK(view_text(a) == view_text(c));
  }
}

// =======================================================================================
// Records (docs/records.md)

namespace {

const std::string kRecordHeader = "deckhand 1\ngame toonerville\nplayers 3\n";

std::string record_of(std::initializer_list<const char*> lines) {
  std::string out;
  for (const char* l : lines) out += std::string(l) + "\n";
  return out;
}

}  // namespace

TEST_CASE("Records: a short Toonerville record with an explicit deal replays") {
  const std::string rec = record_of(
      {"deckhand 1", "game toonerville", "players 3", "# seat 1 goes out on its first turn (T10)",
       (std::string("deal ") + kDealOut).c_str(), "", "1 draw",
       "1 down 5B 5B 5G 5G 5R 5R | 9B 9B 9G 9G 9R 9R", "1 discard 13Y"});
  const ReplayResult r = replay_record(rec);
  INFO(r.error.message);
  REQUIRE(r.ok);
  CHECK(r.game == "toonerville");
  REQUIRE(r.hand_deltas.size() == 1);
  CHECK(r.hand_deltas[0] == std::vector<int64_t>{120, 0, 95});
  REQUIRE(r.final_game);
  CHECK(r.final_game->awaiting_deal());
  CHECK(r.final_game->scores() == std::vector<int64_t>{120, 0, 95});
  // The game writes itself as a record that replays to the same game.
  const ReplayResult again = replay_record(r.final_game->record());
  INFO(r.final_game->record());
  REQUIRE(again.ok);
  CHECK(again.final_game->record() == r.final_game->record());
  for (int seat = -1; seat < 3; ++seat)
    CHECK(again.final_game->view_json(seat) == r.final_game->view_json(seat));
}

TEST_CASE("Records: a Toonerville record needs a players header (bad_header)") {
  const std::string rec = record_of(
      {"deckhand 1", "game toonerville", (std::string("deal ") + kDealOut).c_str(), "1 draw"});
  const ReplayResult r = replay_record(rec);
  CHECK_FALSE(r.ok);
  CHECK(r.error.reason == Reason::bad_header);
  CHECK(r.line == 3);
  const ReplayResult six =
      replay_record(record_of({"deckhand 1", "game toonerville", "players 6"}));
  CHECK_FALSE(six.ok);
  CHECK(six.error.reason == Reason::bad_header);
  CHECK(six.line == 3);
}

TEST_CASE("Records: a refused move reports its exact 1-based line and reason") {
  struct Case {
    const char* move;
    Reason reason;
  };
  const Case cases[] = {
      {"2 draw", Reason::wrong_seat},      {"1 discard 13Y", Reason::wrong_phase},
      {"1 buy", Reason::cannot_buy},       {"1 down 5B 5B 5G 5G 5R 5R", Reason::wrong_phase},
      {"1 fly", Reason::malformed_action}, {"3 draw", Reason::bad_seat},
  };
  for (const Case& c : cases) {
    INFO(c.move);
    const std::string rec = kRecordHeader + "option max_buys=1\n\n# a comment\ndeal " + kDealOut +
                            "\n" + c.move + "\n1 draw\n";
    const ReplayResult r = replay_record(rec);
    CHECK_FALSE(r.ok);
    CHECK(r.line == 8);
    CHECK(r.error.reason == c.reason);
    REQUIRE(r.final_game);
    CHECK(r.final_game->to_act() == 1);  // the state before the refused line
  }
  // max_buys=1 in a record: the second buy of seat 0 is refused on its line.
  const std::string rec = kRecordHeader + "option max_buys=1\ndeal " + kDealA +
                          "\n0 buy\n1 draw\n1 discard 13R\n2 draw\n2 discard 6G\n0 draw\n"
                          "0 discard 10B\n0 buy\n";
  const ReplayResult r = replay_record(rec);
  CHECK_FALSE(r.ok);
  CHECK(r.line == 13);
  CHECK(r.error.reason == Reason::buy_limit);
}

TEST_CASE(
    "Records: reshuffles of an explicit round travel as 'reshuffle stock:' or 'reshuffle "
    "seed' lines and replay (T13)") {
  for (int by_seed = 0; by_seed < 2; ++by_seed) {
    INFO((by_seed ? "reshuffle seed" : "reshuffle stock"));
    Error err;
    auto g = make_game("toonerville", {}, 3, 0, &err);
    REQUIRE(g);
    REQUIRE(g->deal_text(kDealA, &err) == Reason::ok);
    int turns = 0;
    while (!g->needs_reshuffle()) {
      const int seat = g->to_act();
      REQUIRE(g->apply_record_text(seat, "draw", &err) == Reason::ok);  // every offer passed
      // The last legal action of the play phase is a discard (seat 1 could go down first).
      REQUIRE(g->apply_legal(g->legal_count() - 1, &err) == Reason::ok);
      REQUIRE(++turns <= 134);
    }
    CHECK(turns == 134);
    const std::vector<uint8_t> before = g->serialize();
    CHECK(g->apply_text(g->to_act(), "draw", &err) == Reason::reshuffle_needed);
    CHECK(g->serialize() == before);
    CHECK(g->reshuffle_text("stock: 14Y 14Y 14Y 14Y", &err) != Reason::ok);
    CHECK(g->serialize() == before);
    if (by_seed)
      REQUIRE(g->reshuffle_seed(99, &err) == Reason::ok);
    else
      REQUIRE(g->reshuffle_text("stock: ...", &err) == Reason::ok);
    for (int i = 0; i < 3; ++i) {
      const int seat = g->to_act();
      REQUIRE(g->apply_record_text(seat, "draw", &err) == Reason::ok);
      REQUIRE(g->apply_legal(g->legal_count() - 1, &err) == Reason::ok);
    }
    const std::string rec = g->record();
    CHECK(contains(rec, by_seed ? "\nreshuffle seed 99\n" : "\nreshuffle stock: "));
    const ReplayResult r = replay_record(rec);
    INFO(r.error.message);
    REQUIRE(r.ok);
    CHECK(r.final_game->record() == rec);
    for (int seat = -1; seat < 3; ++seat)
      CHECK(r.final_game->view_json(seat) == g->view_json(seat));
  }
}

// ---- regressions found by review ----------------------------------------------------------

namespace {
Meld meld_of(const char* text) {
  Meld m;
  Error e;
  REQUIRE_MESSAGE(parse_meld(text, MeldKind::none, &m, &e) == Reason::ok, e.message);
  return m;
}
}  // namespace

TEST_CASE("T9: a seat that is down swaps only as many Rooks as the table has room for") {
  // Seat 1 is down; the only free places for a Rook are the two ends of meld 1 (1B, and none
  // above 14B) — one place. Two Rooks stand in meld 0 for 5R and 9R, which seat 1 holds.
  Options o;
  o.players = 3;
  State s = new_game(o, 0);
  s.round = 3;
  s.hands_scored = s.last.round = 2;
  s.first_dealer = 1;  // seat 0 deals round 3 (T3)
  s.phase = Phase::play;
  s.to_act = 1;
  s.melds[0] = meld_of("1R 2R 3R 4R ROOK 6R 7R 8R ROOK 10R 11R 12R 13R 14R");
  s.melds[1] = meld_of("2B 3B 4B 5B 6B 7B 8B 9B 10B 11B 12B 13B 14B");
  s.melds[2] = meld_of("1G 2G 3G 4G 5G 6G 7G 8G 9G 10G 11G 12G 13G 14G");
  s.melds[3] = meld_of("1Y 2Y 3Y 4Y 5Y 6Y 7Y 8Y 9Y 10Y 11Y 12Y 13Y 14Y");
  s.meld_owner[0] = s.meld_owner[1] = 0;
  s.meld_owner[2] = s.meld_owner[3] = 1;
  s.meld_count = 4;
  s.down = 3;
  FaceCounts used;
  for (int i = 0; i < 4; ++i) add_meld_cards(s.melds[i], &used);
  REQUIRE(parse_rook_faces("5R 9R 6G", &s.hands[1]));
  int p0 = 0, p2 = 0;
  for (int f = 0; f < kRookFaces; ++f)
    for (int k = 3 - used.n[f] - s.hands[1].n[f]; k > 0; --k) {
      if (p0 < 5)
        s.hands[0].add(RookFace(f)), ++p0;
      else if (p2 < 12)
        s.hands[2].add(RookFace(f)), ++p2;
      else if (s.pile_count == 0)
        s.pile[s.pile_count++] = RookFace(f);
      else
        s.stock[s.stock_count++] = RookFace(f);
    }
  s.taken_face = kNoRookFace;
  Error e;
  REQUIRE_MESSAGE(check_invariants(s, &e) == Reason::ok, e.message);
  REQUIRE(advance(&s, swap_action(1, 0, rook_face(2, 5)), &e) == Reason::ok);
  CHECK(s.rooks_owed == 1);
  // A second Rook could not be played: refused, and not listed.
  const State before = s;
  CHECK(advance(&s, swap_action(1, 0, rook_face(2, 9)), &e) == Reason::rook_must_be_played);
  CHECK(std::memcmp(&before, &s, sizeof s) == 0);
  Action legal[kMaxLegalActions];
  const int n = legal_actions(s, legal);
  REQUIRE(n > 0);
  for (int i = 0; i < n; ++i) CHECK(legal[i].kind != ActionKind::swap);
  CHECK(advance(&s, layoff_action(1, 1, kRook, 1), &e) == Reason::ok);
  CHECK(s.rooks_owed == 0);
}

TEST_CASE("T7: two sets of one number made with Rooks are found and listed") {
  // Round 7 (4 sets): 5s, 7s and 9s of three colours and four Rooks: 9R 9G ROOK | 9B ROOK ROOK.
  FaceCounts hand;
  REQUIRE(parse_rook_faces("5R 5G 5B 7R 7G 7B 9R 9G 9B ROOK ROOK ROOK ROOK", &hand));
  CHECK(find_contract(hand, contract_for_round(7), nullptr));
  CHECK(detail::may_meet_contract(hand, contract_for_round(7), false));
}

TEST_CASE("T4: packed melds out of range are refused, never shifted out of range") {
  const uint8_t low_zero[4] = {0x10, 0x00, 0, 0}, inverted[4] = {0x10, 0x19, 0, 0};
  Meld m;
  Error e;
  CHECK(unpack_meld(low_zero, &m, &e) == Reason::malformed_action);
  CHECK(unpack_meld(inverted, &m, &e) == Reason::malformed_action);
  Meld bad;
  bad.kind = MeldKind::run;
  bad.low = 0;
  bad.high = 3;
  CHECK_FALSE(meld_is_valid(bad));
}

TEST_CASE("Notation: a meld with more copies than the packed form holds is refused") {
  Action a;
  Error e;
  std::string text = "down 5R 5G 5B";
  for (int i = 0; i < 16; ++i) text += " ROOK";
  text += " | 7R 7G 7B";
  CHECK(parse_action(text, 0, &a, &e) == Reason::malformed_action);
}

TEST_CASE("T13: a reshuffle is given before the next draw, not during a turn") {
  // Explicit deal; seat 1 draws and discards until the stock is empty in the middle of a turn.
  State s = new_game(Options{}, 0);
  std::string bytes;
  Error e;
  REQUIRE(parse_deal("0: 1B 2B 3B 4B 5B 6B 7B 8B 9B 10B 11B 12B; 1: 1G 2G 3G 4G 5G 6G 7G 8G 9G "
                     "10G 11G 12G; 2: 1R 2R 3R 4R 5R 6R 7R 8R 9R 10R 11R 12R; upcard: 13B; "
                     "stock: ...",
                     3, &bytes, &e) == Reason::ok);
  REQUIRE(deal_bytes(s, bytes, &s, &e) == Reason::ok);
  while (s.stock_count > 0) {
    REQUIRE(advance(&s, draw_action(s.to_act), &e) == Reason::ok);
    pass_offer(s);
    if (s.stock_count == 0) break;  // the last card was drawn: the turn goes on
    Action legal[kMaxLegalActions];
    const int n = legal_actions(s, legal);
    REQUIRE(advance(&s, legal[n - 1], &e) == Reason::ok);
  }
  REQUIRE(s.phase == Phase::play);
  CHECK_FALSE(needs_reshuffle(s));
  State t;
  CHECK(reshuffle_seed(s, 9, &t, &e) == Reason::wrong_phase);
  Action legal[kMaxLegalActions];
  const int n = legal_actions(s, legal);
  REQUIRE(advance(&s, legal[n - 1], &e) == Reason::ok);  // the discard ends the turn
  CHECK(needs_reshuffle(s));
  CHECK(reshuffle_seed(s, 9, &t, &e) == Reason::ok);
}

TEST_CASE("Invariants: a zero generator and a fifth deal after round 11 are refused") {
  State s = new_game(Options{}, 0);
  Error e;
  REQUIRE(deal_seed(s, 5, &s, &e) == Reason::ok);
  State zero = s;
  std::memset(zero.rng, 0, sizeof zero.rng);
  CHECK(check_invariants(zero, &e) == Reason::corrupt_state);
  State after = new_game(Options{}, 0);
  after.round = kRounds;
  after.hands_scored = kRounds;
  CHECK(check_invariants(after, &e) == Reason::corrupt_state);
}

TEST_CASE("T8: lay_off refuses a Rook number outside 1-14 or a number for a natural card") {
  State s = new_game(Options{}, 0);
  State out;
  Error e;
  CHECK(toonerville::lay_off(s, 1, 0, kRook, 15, &out, &e) == Reason::cannot_lay_off);
  CHECK(toonerville::lay_off(s, 1, 0, rook_face(0, 5), 4, &out, &e) == Reason::cannot_lay_off);
}
