// Game records (docs/records.md and docs/cli.md): deckhand::replay_record
// and deckhand::replay_json. Round trips, hand-written records with explicit deals, the
// reading rules (case, comments, blank lines), and for every kind of bad input the exact
// reason code and the 1-based line of the first refused line.
#include <doctest/doctest.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "deckhand/game.hpp"
#include "deckhand/rng.hpp"
#include "test_support.hpp"

using deckhand::ActionCode;
using deckhand::Error;
using deckhand::Game;
using deckhand::Reason;
using deckhand::reason_name;
using deckhand::ReplayResult;

namespace {

// The fixed deal used by the hand-written records: each seat and the ghost hold one suit.
const char* const kDeal =
    "0: 9C TC JC QC KC AC; 1: 9D TD JD QD KD AD; 2: 9H TH JH QH KH AH; ghost: 9S TS JS QS KS AS";

std::string header(const std::string& options = "") {
  return "deckhand 1\ngame ghost-euchre\n" + options;
}

// Seat 1 (left of dealer 0) bids 3 and names diamonds; then six tricks, all won by seat 1.
// Seat 2 must follow trump with the left bower JH on the first trick (G1, G7).
const char* const kHandAllToSeat1 =
    "1 bid 3\n"
    "2 pass\n"
    "0 pass\n"
    "1 trump D\n"
    "1 play JD\n2 play JH\n0 play 9C\n"
    "1 play AD\n2 play 9H\n0 play TC\n"
    "1 play KD\n2 play TH\n0 play JC\n"
    "1 play QD\n2 play QH\n0 play QC\n"
    "1 play TD\n2 play KH\n0 play KC\n"
    "1 play 9D\n2 play AH\n0 play AC\n";

std::string record_with_hand() {
  return header() + "deal " + kDeal + "\n" + kHandAllToSeat1;
}

void expect_refused(const std::string& record, Reason code, int line) {
  CAPTURE(record);
  const ReplayResult r = deckhand::replay_record(record);
  CHECK_FALSE(r.ok);
  CHECK(std::string(reason_name(r.error.reason)) == reason_name(code));
  CHECK(r.line == line);
  // The message names the reason first ("must_follow_suit: ...").
  CHECK(std::string(r.error.message).rfind(std::string(reason_name(code)) + ":", 0) == 0);
  // The JSON of the command-line contract, exactly in this shape.
  const std::string json = deckhand::replay_json(r);
  const std::string prefix = "{\"ok\": false, \"line\": " + std::to_string(line) +
                             ", \"code\": \"" + reason_name(code) + "\", \"message\": \"";
  CHECK(json.rfind(prefix, 0) == 0);
  CHECK(json.size() > prefix.size() + 2);
  CHECK(json.substr(json.size() - 2) == "\"}");
}

std::unique_ptr<Game> new_game(const deckhand::OptionList& options = {}, int dealer = 0) {
  Error e;
  auto g = deckhand::make_game("ghost-euchre", options, 0, dealer, &e);
  REQUIRE(g != nullptr);
  return g;
}

int suit_of(char c) {
  const std::string suits = "CDHS";
  const size_t i = suits.find(c);
  return i == std::string::npos ? -1 : int(i);
}
int rank_of(char c) {
  const std::string ranks = "789TJQKA";
  const size_t i = ranks.find(c);
  return c && i != std::string::npos ? int(i) : -1;
}
// G1: the left bower belongs to trump.
int effective_suit(int code, int trump) {
  return code % 8 == 4 && code / 8 == (trump ^ 3) ? trump : code / 8;
}

// A simple deterministic policy, good enough for games to reach their target: mostly pass or
// bid 3, trump in the longest suit held (read from the view), follow suit (so that
// renege=penalize games, where every held card is listed, renege only now and then).
size_t choose(const Game& g, const ActionCode* acts, size_t n, uint64_t r) {
  if (acts[0].kind <= 2) {  // bidding
    const unsigned roll = unsigned((r >> 8) % 100);
    const int want_kind = roll < 15 ? 0 : roll < 60 ? 1 : 2;
    const int want_arg = roll < 90 ? 3 : roll < 96 ? 4 : roll < 99 ? 5 : 6;
    for (size_t k = 0; k < n; ++k)
      if (acts[k].kind == want_kind && (want_kind != 2 || acts[k].arg == want_arg)) return k;
    for (size_t k = 0; k < n; ++k)
      if (acts[k].kind == 1) return k;
    return 0;
  }
  const std::string v = g.view_json(acts[0].seat);
  if (acts[0].kind == 3) {  // trump: the suit with the most cards in hand
    const size_t h = v.find("\"hand\": [");
    const std::string hand = v.substr(h, v.find(']', h) - h);
    int count[4] = {};
    for (size_t i = 0; i + 3 < hand.size(); ++i)
      if (hand[i] == '"' && rank_of(hand[i + 1]) >= 0 && suit_of(hand[i + 2]) >= 0 &&
          hand[i + 3] == '"')
        ++count[suit_of(hand[i + 2])];
    int best = 0;
    for (int c = 1; c < 4; ++c)
      if (count[c] > count[best]) best = c;
    for (size_t k = 0; k < n; ++k)
      if (acts[k].arg == best) return k;
    return 0;
  }
  // play: the led card is the leader's entry of the last trick in the view
  const size_t t = v.find("\"trump\": \"");
  const size_t last = v.rfind("{\"leader\": ");
  if (t == std::string::npos || last == std::string::npos || (r >> 20) % 25 == 0)
    return size_t(r % n);
  const int trump = suit_of(v[t + 10]);
  const int leader = v[last + 11] - '0';
  size_t q = v.find("\"cards\": [", last) + 10;
  int led = -1;
  for (int i = 0; i < 3; ++i) {
    while (v[q] == ' ' || v[q] == ',') ++q;
    if (v[q] == '"' && i == leader)
      led = effective_suit(suit_of(v[q + 2]) * 8 + rank_of(v[q + 1]), trump);
    q += 4;
  }
  std::vector<size_t> follow;
  for (size_t k = 0; k < n; ++k)
    if (led >= 0 && effective_suit(acts[k].arg, trump) == led) follow.push_back(k);
  return follow.empty() ? size_t(r % n) : follow[size_t(r % follow.size())];
}

// Plays a game to its end (or `max_actions`) with `choose`, through both apply and apply_text.
void play(Game& g, uint64_t seed, int max_actions = 100000) {
  uint64_t x = seed * 0x9E3779B97F4A7C15ull + 1;
  auto next = [&] {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return x;
  };
  uint64_t deal = seed * 1000;
  for (int step = 0; step < max_actions && !g.over(); ++step) {
    Error e;
    if (g.awaiting_deal()) {
      REQUIRE(g.deal_seed(deal++, &e) == Reason::ok);
      continue;
    }
    ActionCode acts[64];
    const size_t n = g.legal_actions(acts, 64);
    REQUIRE(n > 0);
    const size_t pick = choose(g, acts, n, next());
    if (step % 3 == 0) {
      REQUIRE(g.apply_text(acts[pick].seat, g.format_action(acts[pick]), &e) == Reason::ok);
    } else {
      REQUIRE(g.apply(acts[pick], &e) == Reason::ok);
    }
  }
}

}  // namespace

TEST_CASE("records: a complete game written by Game::record replays to the same bytes") {
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    const deckhand::OptionList options =
        seed % 2 ? deckhand::OptionList{{"renege", "penalize"}, {"swaps", "chain"}}
                 : deckhand::OptionList{{"target", "20"}, {"all_pass", "stick_dealer"}};
    auto g = new_game(options, int(seed % 3));
    play(*g, seed);
    REQUIRE(g->over());
    const std::string rec = g->record();
    CAPTURE(rec);
    CHECK(rec.rfind("deckhand 1\ngame ghost-euchre\n", 0) == 0);
    const ReplayResult r = deckhand::replay_record(rec);
    REQUIRE(r.ok);
    REQUIRE(r.final_game != nullptr);
    CHECK(r.game == "ghost-euchre");
    CHECK(r.final_game->serialize() == g->serialize());
    CHECK(r.final_game->record() == rec);
    CHECK(r.hand_deltas.size() == g->hands_scored());
    // The hands' deltas add up to the final scores.
    std::vector<int64_t> sum(3, 0);
    for (const auto& d : r.hand_deltas) {
      REQUIRE(d.size() == 3);
      for (int p = 0; p < 3; ++p) sum[size_t(p)] += d[size_t(p)];
    }
    CHECK(sum == g->scores());
    CHECK(r.hand_deltas.back() == g->last_deltas());

    // The JSON: every key of the contract, in order, and an over game has winners and no seat.
    const std::string json = deckhand::replay_json(r);
    CAPTURE(json);
    CHECK(json.rfind("{\"ok\": true, \"game\": \"ghost-euchre\", \"hands\": [{\"deltas\": [", 0) ==
          0);
    std::string tail = "\"scores\": [";
    for (int p = 0; p < 3; ++p) tail += (p ? ", " : "") + std::to_string(g->scores()[size_t(p)]);
    tail += "], \"over\": true, \"winners\": [";
    for (size_t i = 0; i < g->winners().size(); ++i)
      tail += (i ? ", " : "") + std::to_string(g->winners()[i]);
    tail += "], \"to_act\": null}";
    CHECK(g->winners().size() == 1);
    CHECK(json.size() > tail.size());
    CHECK(json.substr(json.size() - tail.size()) == tail);
    CHECK(json.find("\"hands\": []") == std::string::npos);
  }
}

TEST_CASE("records: a record cut in the middle of a hand replays to the same state") {
  auto g = new_game({{"declarer_scores", "bid"}}, 2);
  play(*g, 77, 40);  // stops mid-game
  REQUIRE_FALSE(g->over());
  const std::string rec = g->record();
  const ReplayResult r = deckhand::replay_record(rec);
  REQUIRE(r.ok);
  CHECK(r.final_game->serialize() == g->serialize());
  const std::string json = deckhand::replay_json(r);
  const int seat = g->to_act();
  const std::string to_act = seat < 0 ? "null" : std::to_string(seat);
  CHECK(json.find("\"over\": false, \"winners\": [], \"to_act\": " + to_act + "}") !=
        std::string::npos);
}

TEST_CASE("records: a hand-written record with an explicit deal, then a thrown-in deal") {
  // Hand 1: seat 1 bids 3 and takes all six tricks (G9: the declarer scores its tricks).
  // Hand 2 (dealer 1): everyone passes, the deal is thrown in (G5) and is not a scored hand.
  // Hand 3 (dealer 2): dealt from a seed; seat 0 (left of the dealer) is to act.
  const std::string rec =
      record_with_hand() + "deal " + kDeal + "\n2 pass\n0 pass\n1 pass\ndeal seed 42\n";
  const ReplayResult r = deckhand::replay_record(rec);
  REQUIRE(r.ok);
  CHECK(deckhand::replay_json(r) ==
        "{\"ok\": true, \"game\": \"ghost-euchre\", \"hands\": [{\"deltas\": [0, 6, 0]}], "
        "\"scores\": [0, 6, 0], "
        "\"over\": false, \"winners\": [], \"to_act\": 0}");
  CHECK(r.final_game->phase_name() == std::string("bidding"));
  CHECK(r.final_game->hands_scored() == 1);
}

TEST_CASE("records: between hands to_act is null, including right after a thrown-in deal") {
  {
    const ReplayResult r = deckhand::replay_record(record_with_hand());
    REQUIRE(r.ok);
    CHECK(deckhand::replay_json(r) ==
          "{\"ok\": true, \"game\": \"ghost-euchre\", \"hands\": [{\"deltas\": [0, 6, 0]}], "
          "\"scores\": [0, 6, 0], "
          "\"over\": false, \"winners\": [], \"to_act\": null}");
  }
  {
    const ReplayResult r = deckhand::replay_record(
        header() + "deal seed 5\n1 pass\n2 pass\n0 pass\ndeal seed 6\n2 pass\n0 pass\n1 pass\n");
    REQUIRE(r.ok);
    CHECK(deckhand::replay_json(r) ==
          "{\"ok\": true, \"game\": \"ghost-euchre\", \"hands\": [], \"scores\": [0, 0, 0], "
          "\"over\": false, "
          "\"winners\": [], \"to_act\": null}");
  }
  {
    const ReplayResult r = deckhand::replay_record(header());  // headers only
    REQUIRE(r.ok);
    CHECK(deckhand::replay_json(r) ==
          "{\"ok\": true, \"game\": \"ghost-euchre\", \"hands\": [], \"scores\": [0, 0, 0], "
          "\"over\": false, "
          "\"winners\": [], \"to_act\": null}");
  }
}

TEST_CASE("records: renege=penalize hand written by hand (G8 through a record)") {
  // Trump diamonds: seat 2 holds the left bower JH but throws 9H on JD (a renege), later wins
  // trick 2 with JH over AD. Seat 1 takes 5 tricks, seat 2 one trick minus 2 for the renege.
  const std::string rec = header("option renege=penalize\n") + "deal " + kDeal +
                          "\n"
                          "1 bid 3\n2 pass\n0 pass\n1 trump D\n"
                          "1 play JD\n2 play 9H\n0 play 9C\n"
                          "1 play AD\n2 play JH\n0 play TC\n"
                          "2 play TH\n0 play JC\n1 play 9D\n"
                          "1 play KD\n2 play QH\n0 play QC\n"
                          "1 play QD\n2 play KH\n0 play KC\n"
                          "1 play TD\n2 play AH\n0 play AC\n";
  const ReplayResult r = deckhand::replay_record(rec);
  REQUIRE(r.ok);
  CHECK(deckhand::replay_json(r) ==
        "{\"ok\": true, \"game\": \"ghost-euchre\", \"hands\": [{\"deltas\": [0, 5, -1]}], "
        "\"scores\": [0, 5, -1], "
        "\"over\": false, \"winners\": [], \"to_act\": null}");
  // The same play under the default renege=reject is refused at the renege, line 9.
  const std::string strict =
      header() + "deal " + kDeal +
      "\n1 bid 3\n2 pass\n0 pass\n1 trump D\n1 play JD\n2 play 9H\n0 play 9C\n";
  expect_refused(strict, Reason::must_follow_suit, 9);
}

TEST_CASE("records: keywords, holders and cards are case-insensitive; holders in any order") {
  const ReplayResult canonical =
      deckhand::replay_record(header("option renege=penalize\ndealer 0\n") + "deal " + kDeal +
                              "\n" + kHandAllToSeat1 + "deal seed 9\n2 swap\n");
  REQUIRE(canonical.ok);
  const std::string mixed =
      "DeckHand 1\n"
      "GAME Ghost-Euchre\n"
      "PLAYERS 3\n"
      "Option RENEGE=Penalize\n"
      "DEALER 0\n"
      "DEAL GHOST: 9s 10s js qs ks as; 2: 9h th jh qh kh ah; 0: 9c tc jc qc kc ac; 1: 9d td jd qd "
      "kd ad\n"
      "1 BID 3\n2 Pass\n0 PASS\n1 Trump d\n"
      "1 PLAY jd\n2 play Jh\n0 play 9c\n"
      "1 play ad\n2 play 9h\n0 play 10c\n"
      "1 play kd\n2 play th\n0 play jc\n"
      "1 play qd\n2 play qh\n0 play qc\n"
      "1 play td\n2 play kh\n0 play kc\n"
      "1 play 9d\n2 play ah\n0 play ac\n"
      "Deal Seed 9\n2 SWAP\n";
  const ReplayResult r = deckhand::replay_record(mixed);
  REQUIRE(r.ok);
  CHECK(r.final_game->serialize() == canonical.final_game->serialize());
  CHECK(deckhand::replay_json(r) == deckhand::replay_json(canonical));
}

TEST_CASE("records: comments and blank lines are ignored, and still count as lines") {
  const std::string plain = record_with_hand();
  const std::string commented =
      "deckhand 1\n"
      "# a comment right after the magic line\n"
      "\n"
      "game ghost-euchre\n"
      "   # an indented comment\n"
      "\t\n"
      "deal " +
      std::string(kDeal) +
      "\n"
      "# bidding\n"
      "1 bid 3\n\n2 pass\n0 pass\n1 trump D\n"
      "#play\n"
      "1 play JD\n2 play JH\n0 play 9C\n"
      "1 play AD\n2 play 9H\n0 play TC\n"
      "1 play KD\n2 play TH\n0 play JC\n"
      "1 play QD\n2 play QH\n0 play QC\n"
      "1 play TD\n2 play KH\n0 play KC\n"
      "1 play 9D\n2 play AH\n0 play AC\n"
      "# the end\n";
  const ReplayResult a = deckhand::replay_record(plain), b = deckhand::replay_record(commented);
  REQUIRE(a.ok);
  REQUIRE(b.ok);
  CHECK(a.final_game->serialize() == b.final_game->serialize());
  CHECK(deckhand::replay_json(a) == deckhand::replay_json(b));
  // CRLF line ends and a missing final newline are fine too.
  std::string crlf;
  for (char c : plain) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
  const ReplayResult c = deckhand::replay_record(crlf);
  REQUIRE(c.ok);
  CHECK(c.final_game->serialize() == a.final_game->serialize());
  const ReplayResult d = deckhand::replay_record(plain.substr(0, plain.size() - 1));
  REQUIRE(d.ok);
  CHECK(d.final_game->serialize() == a.final_game->serialize());
  // Comment lines are counted: the wrong seat below is on line 8.
  expect_refused("deckhand 1\n# c\ngame ghost-euchre\n\n# c\ndeal seed 1\n#\n2 pass\n",
                 Reason::wrong_seat, 8);
  // Only whole-line comments: a trailing comment makes the move malformed.
  expect_refused(header() + "deal seed 1\n1 pass # trailing\n", Reason::malformed_action, 4);
}

TEST_CASE("records: the first line must be 'deckhand 1'") {
  expect_refused("", Reason::bad_header, 1);
  expect_refused("\n", Reason::bad_header, 1);
  expect_refused("deckhand 2\ngame ghost-euchre\n", Reason::bad_header, 1);
  expect_refused("deckhand\ngame ghost-euchre\n", Reason::bad_header, 1);
  expect_refused("game ghost-euchre\ndeckhand 1\n", Reason::bad_header, 1);
  expect_refused("# comment first\ndeckhand 1\ngame ghost-euchre\n", Reason::bad_header, 1);
  expect_refused("\ndeckhand 1\ngame ghost-euchre\n", Reason::bad_header, 1);
  // Only the magic line and no game: refused where the `game` header was due, after line 1.
  expect_refused("deckhand 1\n", Reason::bad_header, 2);
}

TEST_CASE("records: header placement and repetition") {
  // Option, players or dealer before game.
  expect_refused("deckhand 1\noption renege=penalize\ngame ghost-euchre\n", Reason::bad_header, 2);
  expect_refused("deckhand 1\nplayers 3\ngame ghost-euchre\n", Reason::bad_header, 2);
  expect_refused("deckhand 1\n\ndealer 1\ngame ghost-euchre\n", Reason::bad_header, 3);
  // A deal or move before any game header.
  expect_refused("deckhand 1\ndeal seed 1\n", Reason::bad_header, 2);
  // Repeated headers and options (case-insensitive names).
  expect_refused(header("game ghost-euchre\n"), Reason::bad_header, 3);
  expect_refused(header("dealer 0\ndealer 1\n"), Reason::bad_header, 4);
  expect_refused(header("players 3\n# x\nplayers 3\n"), Reason::bad_header, 5);
  expect_refused(header("option renege=penalize\noption RENEGE=reject\n"), Reason::bad_header, 4);
  // A header after the first deal or move.
  expect_refused(header("deal seed 1\noption renege=penalize\n"), Reason::bad_header, 4);
  expect_refused(header("deal seed 1\n1 pass\ndealer 1\n"), Reason::bad_header, 5);
  expect_refused(header("deal seed 1\n1 pass\ngame ghost-euchre\n"), Reason::bad_header, 5);
  // A header without exactly one value.
  expect_refused(header("dealer\n"), Reason::bad_header, 3);
  expect_refused(header("players 3 4\n"), Reason::bad_header, 3);
}

TEST_CASE("records: unknown game, bad options, players and dealer are refused at their own line") {
  expect_refused("deckhand 1\ngame bridge\ndeal seed 1\n", Reason::unknown_game, 2);
  expect_refused("deckhand 1\ngame\n", Reason::bad_header, 2);
  expect_refused(header("option renege=maybe\ndeal seed 1\n"), Reason::bad_option, 3);
  expect_refused(header("option colour=red\ndeal seed 1\n"), Reason::bad_option, 3);
  expect_refused(header("option renege\ndeal seed 1\n"), Reason::bad_option, 3);
  expect_refused(header("option target=0\n"), Reason::bad_option, 3);
  expect_refused(header("# c\noption target=abc\n\n1 pass\n"), Reason::bad_option, 4);
  expect_refused(header("players 4\n"), Reason::bad_header, 3);
  expect_refused(header("players x\n"), Reason::bad_header, 3);
  expect_refused(header("dealer 3\ndeal seed 1\n"), Reason::bad_seat, 3);
  expect_refused(header("dealer -1\n"), Reason::bad_header, 3);
  // The good values are accepted (and options are case-insensitive).
  const ReplayResult r = deckhand::replay_record(header(
      "players 3\noption Target=20\noption tiebreak=HIGHEST\ndealer 2\ndeal seed 1\n0 pass\n"));
  REQUIRE(r.ok);
  CHECK(r.final_game->to_act() == 1);
}

TEST_CASE("records: refused body lines give their reason and line") {
  // A seat number must be below the player count.
  expect_refused(header("deal seed 1\n3 pass\n"), Reason::bad_seat, 4);
  expect_refused(header("deal seed 1\n1 pass\n999 pass\n"), Reason::bad_seat, 5);
  // Malformed move lines.
  expect_refused(header("deal seed 1\n1 dance\n"), Reason::malformed_action, 4);
  expect_refused(header("deal seed 1\n1\n"), Reason::malformed_action, 4);
  expect_refused(header("deal seed 1\n1 bid\n"), Reason::malformed_action, 4);
  expect_refused(header("deal seed 1\n1 pass now\n"), Reason::malformed_action, 4);
  expect_refused(header("deal seed 1\none pass\n"), Reason::malformed_record, 4);
  expect_refused(header("deal seed 1\n-1 pass\n"), Reason::malformed_record, 4);
  expect_refused(header("deal seed 1\n1 bid 7\n"), Reason::invalid_bid, 4);
  expect_refused(header("deal seed 1\n1 bid 3\n2 pass\n0 pass\n1 trump X\n"),
                 Reason::malformed_action, 7);
  expect_refused(
      header("deal " + std::string(kDeal) + "\n1 bid 3\n2 pass\n0 pass\n1 trump D\n1 play 8D\n"),
      Reason::invalid_card, 8);
  // Moves the rules refuse.
  expect_refused(header("deal seed 1\n2 pass\n"), Reason::wrong_seat, 4);
  expect_refused(header("deal seed 1\n1 bid 4\n2 bid 3\n"), Reason::bid_not_higher, 5);
  expect_refused(header("deal seed 1\n1 bid 4\n2 bid 4\n"), Reason::bid_not_higher, 5);
  expect_refused(header("deal seed 1\n1 swap\n1 swap\n"), Reason::second_swap, 5);
  expect_refused(header("deal seed 1\n1 swap\n1 pass\n2 swap\n"), Reason::second_swap, 6);
  expect_refused(header("option all_pass=stick_dealer\ndeal seed 1\n1 pass\n2 pass\n0 pass\n"),
                 Reason::dealer_must_bid, 7);
  expect_refused(
      header("deal " + std::string(kDeal) + "\n1 bid 3\n2 pass\n0 pass\n1 trump D\n1 play 9C\n"),
      Reason::card_not_held, 8);
  expect_refused(header("deal " + std::string(kDeal) +
                        "\n1 bid 3\n2 pass\n0 pass\n1 trump D\n1 play JD\n2 play AH\n"),
                 Reason::must_follow_suit, 9);
  expect_refused(header("deal seed 1\n1 bid 3\n2 pass\n0 pass\n1 play 9C\n"), Reason::wrong_phase,
                 7);
  // A move before any deal.
  expect_refused(header("1 pass\n"), Reason::wrong_phase, 3);
  expect_refused(header("# no deal yet\n\n0 bid 3\n"), Reason::wrong_phase, 5);
  // A deal while a hand is running.
  expect_refused(header("deal seed 1\ndeal seed 2\n"), Reason::wrong_phase, 4);
  expect_refused(header("deal seed 1\n1 pass\ndeal " + std::string(kDeal) + "\n"),
                 Reason::wrong_phase, 5);
  // Malformed deals.
  expect_refused(header("deal seed abc\n"), Reason::malformed_record, 3);
  expect_refused(header("deal seed\n"), Reason::malformed_record, 3);
  expect_refused(header("deal seed -1\n"), Reason::malformed_record, 3);
  expect_refused(header("deal seed 18446744073709551616\n"), Reason::malformed_record, 3);
  expect_refused(header("deal seed 1 2\n"), Reason::malformed_record, 3);
  expect_refused(header("deal\n"), Reason::malformed_deal, 3);
  expect_refused(header("deal 0: 9C TC JC QC KC AC; 1: 9D TD JD QD KD AD; 2: 9H TH JH QH KH AH\n"),
                 Reason::malformed_deal, 3);
  expect_refused(header("deal 0: 9C TC JC QC KC AC; 1: 9D TD JD QD KD AD; 2: 9H TH JH QH KH AH; "
                        "ghost: 9S TS JS QS KS AC\n"),
                 Reason::malformed_deal, 3);
  expect_refused(header("deal 0: 9C TC JC QC KC; 1: 9D TD JD QD KD AD AC; 2: 9H TH JH QH KH AH; "
                        "ghost: 9S TS JS QS KS AS\n"),
                 Reason::malformed_deal, 3);
  expect_refused(header("deal 0: 9C TC JC QC KC AC; 3: 9D TD JD QD KD AD; 2: 9H TH JH QH KH AH; "
                        "ghost: 9S TS JS QS KS AS\n"),
                 Reason::malformed_deal, 3);
  expect_refused(header("deal 0: 8C TC JC QC KC AC; 1: 9D TD JD QD KD AD; 2: 9H TH JH QH KH AH; "
                        "ghost: 9S TS JS QS KS AS\n"),
                 Reason::malformed_deal, 3);
  // The largest seed is fine.
  CHECK(deckhand::replay_record(header("deal seed 18446744073709551615\n")).ok);
}

TEST_CASE("records: a move after the game is over is refused with game_over") {
  auto g = new_game({{"target", "8"}});
  play(*g, 3);
  REQUIRE(g->over());
  const std::string rec = g->record();
  int lines = 0;
  for (char c : rec) lines += c == '\n';
  expect_refused(rec + "deal seed 1\n", Reason::game_over, lines + 1);
  expect_refused(rec + "# over\n0 pass\n", Reason::game_over, lines + 2);
}

TEST_CASE("records: a refused record keeps the game before the refused line") {
  const std::string good = header("option renege=penalize\n") + "deal seed 12\n1 swap\n1 bid 3\n";
  const ReplayResult ok = deckhand::replay_record(good);
  REQUIRE(ok.ok);
  const ReplayResult bad = deckhand::replay_record(good + "2 bid 3\n0 pass\n");
  CHECK_FALSE(bad.ok);
  CHECK(bad.line == 7);
  CHECK(bad.error.reason == Reason::bid_not_higher);
  REQUIRE(bad.final_game != nullptr);
  CHECK(bad.final_game->serialize() == ok.final_game->serialize());
  // A refused header leaves no game.
  const ReplayResult hdr = deckhand::replay_record("deckhand 1\ngame nope\n");
  CHECK_FALSE(hdr.ok);
  CHECK(hdr.final_game == nullptr);
}

// ---- Sheepshead records (docs/rules/sheepshead.md (S1–S15))
// ----------------------------------------------------
//
// Hand-written hands with explicit deals, one for each kind of hand. Every expected number is
// worked out from the rule book (points A 11, T 10, K 4, Q 3, J 2; trump QC QS QH QD JC JS JH JD AD
// TD KD 9D 8D 7D; S10–S12 tables), trick by trick in the comments, not taken from the engine.

namespace {

struct SheepHand {
  int dealer;            // the dealer the hand was written for
  const char* hands[5];  // seats 0..4
  const char* blind;
  std::vector<std::string> moves;  // "<seat> <action>"
};

std::string sheep_header(const std::string& headers = "") {
  return "deckhand 1\ngame sheepshead\n" + headers;
}

// The hand with every seat moved on by `shift` (played with dealer h.dealer + shift); the
// holders are written in rotated order, which the reader accepts (any order).
std::string sheep_deal(const SheepHand& h, int shift = 0) {
  std::string out = "deal ";
  for (int p = 0; p < 5; ++p) out += std::to_string((p + shift) % 5) + ": " + h.hands[p] + "; ";
  return out + "blind: " + h.blind + "\n";
}

std::string sheep_moves(const SheepHand& h, int shift = 0, size_t count = 1000) {
  std::string out;
  for (size_t i = 0; i < h.moves.size() && i < count; ++i)
    out += std::to_string((h.moves[i][0] - '0' + shift) % 5) + h.moves[i].substr(1) + "\n";
  return out;
}

std::string sheep_hand(const SheepHand& h, int shift = 0) {
  return sheep_deal(h, shift) + sheep_moves(h, shift);
}

// The deal and the first k moves, then `bad` in place of move k.
std::string sheep_until(const SheepHand& h, size_t k, const std::string& bad) {
  return sheep_deal(h) + sheep_moves(h, 0, k) + bad + "\n";
}

// Everyone passes, from the dealer's left (S4).
std::string all_pass(int dealer) {
  std::string out;
  for (int i = 1; i <= 5; ++i) out += std::to_string((dealer + i) % 5) + " pass\n";
  return out;
}

std::string sheep_json(
    const std::string& hands, const std::string& scores,
    const std::string& tail = "\"over\": false, \"winners\": [], \"to_act\": null}") {
  return "{\"ok\": true, \"game\": \"sheepshead\", \"hands\": [" + hands + "], \"scores\": [" +
         scores + "], " + tail;
}

std::string replay_ok(const std::string& record) {
  CAPTURE(record);
  const ReplayResult r = deckhand::replay_record(record);
  CHECK_MESSAGE(r.ok, r.error.message, " (line ", r.line, ")");
  return deckhand::replay_json(r);
}

std::string last_hand(const std::string& record) {
  const ReplayResult r = deckhand::replay_record(record);
  REQUIRE(r.ok);
  return r.final_game->last_hand_json();
}

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// Called ace (S7), dealer 0. Seat 1 picks, buries 8S 7S (0 points), calls AC holding 7C;
// seat 2 holds AC and is the partner.
//   T1 1:7H 2:8H 3:9C 4:KS 0:AH  hearts, AH wins           15 -> seat 0
//   T2 0:TH 1:9D 2:9S 3:8C 4:JH  JH over 9D                12 -> seat 4
//   T3 4:AS 0:7D 1:JD 2:JC 3:KC  JC over JD, 7D            19 -> seat 2
//   T4 2:AD 3:JS 4:TD 0:8D 1:QS  QS                        26 -> seat 1
//   T5 1:7C 2:AC 3:QD 4:KD 0:KH  clubs led: AC comes out;  22 -> seat 3 (QD)
//   T6 3:QH 4:TS 0:9H 1:QC 2:TC  QC                        26 -> seat 1
// Picker's side 52 + 19 + bury 0 = 71: a win, m = 1 (S10): +2 / +1 / -1 each (S11).
const SheepHand kCalledAce = {
    0,
    {"AH TH KH 9H 8D 7D", "QC QS JD 9D 7C 7H", "AC TC JC AD 8H 9S", "QH QD JS KC 9C 8C",
     "AS TS KS JH TD KD"},
    "8S 7S",
    {"1 pick",    "1 bury 8S 7S", "1 call AC",                              // moves 0-2
     "1 play 7H", "2 play 8H",    "3 play 9C", "4 play KS", "0 play AH",    // 3-7
     "0 play TH", "1 play 9D",    "2 play 9S", "3 play 8C", "4 play JH",    // 8-12
     "4 play AS", "0 play 7D",    "1 play JD", "2 play JC", "3 play KC",    // 13-17
     "2 play AD", "3 play JS",    "4 play TD", "0 play 8D", "1 play QS",    // 18-22
     "1 play 7C", "2 play AC",    "3 play QD", "4 play KD", "0 play KH",    // 23-27
     "3 play QH", "4 play TS",    "0 play 9H", "1 play QC", "2 play TC"}};  // 28-32

// Called ten (S7), dealer 1. Seat 2 picks, buries AS 7D (11 points) and so owns all three fail
// aces; it calls TH, keeping AH as the hold card; seat 4 holds TH.
//   T1 2:QC 3:JD 4:AD 0:7S 1:KD   QC   20 -> seat 2
//   T2 2:QS 3:JH 4:TD 0:8S 1:KC   QS   19 -> seat 2
//   T3 2:AH 3:9C 4:TH 0:KH 1:9H   hearts led: TH comes out; AH 25 -> seat 2
//   T4 2:AC 3:8C 4:7C 0:9S 1:TC   AC   21 -> seat 2
//   T5 2:9D 3:QH 4:JC 0:TS 1:8H   QH   15 -> seat 3
//   T6 3:QD 4:JS 0:KS 1:7H 2:8D   QD    9 -> seat 3
// Picker's side 85 + 0 + bury 11 = 96: schneider win, m = 2: +4 / +2 / -2 each.
const SheepHand kCalledTen = {
    1,
    {"KS TS 9S 8S 7S KH", "TC KC 9H 8H 7H KD", "AC AS AH QC QS 7D", "QH QD JH JD 9C 8C",
     "TH JC JS AD TD 7C"},
    "8D 9D",
    {"2 pick",    "2 bury AS 7D", "2 call TH", "2 play QC", "3 play JD", "4 play AD", "0 play 7S",
     "1 play KD", "2 play QS",    "3 play JH", "4 play TD", "0 play 8S", "1 play KC", "2 play AH",
     "3 play 9C", "4 play TH",    "0 play KH", "1 play 9H", "2 play AC", "3 play 8C", "4 play 7C",
     "0 play 9S", "1 play TC",    "2 play 9D", "3 play QH", "4 play JC", "0 play TS", "1 play 8H",
     "3 play QD", "4 play JS",    "0 play KS", "1 play 7H", "2 play 8D"}};

// Unknown (S7), dealer 0. Seat 1 picks, buries TD KD (14 points); its only fail cards are
// AC 7C, whose ace it owns, so no plain call is possible: it calls AS (no spade in hand) and
// sets 8D aside as the unknown. Seat 3 holds AS.
//   T1 1:JD 2:QC 3:JC 4:QD 0:JH   QC                      12 -> seat 2
//   T2 2:KH 3:7H 4:TH 0:AH 1:7C   AH                      25 -> seat 0
//   T3 0:KS 1:8D 2:9H 3:AS 4:7S   spades led: the unknown (a spade that cannot win) and AS
//                                  come out; AS wins        15 -> seat 3
//   T4 3:TS 4:8S 0:TC 1:9D 2:8H   9D trumps               20 -> seat 1
//   T5 1:AC 2:AD 3:8C 4:9S 0:KC   AD trumps               26 -> seat 2
//   T6 2:QS 3:QH 4:JS 0:9C 1:7D   QS                       8 -> seat 2
// Picker's side 20 + 15 + bury 14 = 49: a loss, m = 1: -2 / -1 / +1 each (bumped: x2).
const SheepHand kUnknown = {0,
                            {"JH AH KS TC KC 9C", "AC 7C 9D 8D 7D KD", "QC QS AD KH 9H 8H",
                             "AS TS QH JC 7H 8C", "QD JS TH 9S 8S 7S"},
                            "TD JD",
                            {"1 pick",    "1 bury TD KD", "1 call AS unknown 8D",
                             "1 play JD", "2 play QC",    "3 play JC",
                             "4 play QD", "0 play JH",    "2 play KH",
                             "3 play 7H", "4 play TH",    "0 play AH",
                             "1 play 7C", "0 play KS",    "1 play 8D",
                             "2 play 9H", "3 play AS",    "4 play 7S",
                             "3 play TS", "4 play 8S",    "0 play TC",
                             "1 play 9D", "2 play 8H",    "1 play AC",
                             "2 play AD", "3 play 8C",    "4 play 9S",
                             "0 play KC", "2 play QS",    "3 play QH",
                             "4 play JS", "0 play 9C",    "1 play 7D"}};

// Alone (S7), dealer 0: seat 1 holds the six top trumps, buries JH JD (4 points), goes alone
// and takes every trick (116 points): m = 3, alone: +12 / -3 each.
const SheepHand kAlone = {
    0,
    {"8C 7C 8S 7S 8H 7H", "QC QS QH QD JC JS", "AD TD AC TC KC 9C", "KD 9D AS TS KS 9S",
     "8D 7D AH TH KH 9H"},
    "JH JD",
    {"1 pick",    "1 bury JH JD", "1 alone",   "1 play QC", "2 play AD", "3 play KD", "4 play 8D",
     "0 play 8C", "1 play QS",    "2 play TD", "3 play 9D", "4 play 7D", "0 play 7C", "1 play QH",
     "2 play AC", "3 play AS",    "4 play AH", "0 play 8S", "1 play QD", "2 play TC", "3 play TS",
     "4 play TH", "0 play 7S",    "1 play JC", "2 play KC", "3 play KS", "4 play KH", "0 play 8H",
     "1 play JS", "2 play 9C",    "3 play 9S", "4 play 9H", "0 play 7H"}};

// No trick (S12), dealer 0. Seat 1 picks, buries KH KS (8 points), calls AC; seat 2 holds AC
// and never leads it, so it goes to the last trick. Seat 3 takes every trick (112 points):
// the picker alone pays 3 to each defender: -9, partner 0, +3 each; the bury does not count.
const SheepHand kNoTrick = {
    0,
    {"TS 9S AH TH 9H 8H", "7C 8C 9C 7S 8S 7H", "AC 7D 8D 9D KD TD", "QC QS QH QD JC JS",
     "JH JD AD TC KC AS"},
    "KH KS",
    {"1 pick",    "1 bury KH KS", "1 call AC", "1 play 7H", "2 play 7D", "3 play QC", "4 play TC",
     "0 play 8H", "3 play QS",    "4 play JD", "0 play 9H", "1 play 7S", "2 play 8D", "3 play QH",
     "4 play JH", "0 play TH",    "1 play 8S", "2 play 9D", "3 play QD", "4 play AD", "0 play AH",
     "1 play 9C", "2 play KD",    "3 play JC", "4 play AS", "0 play TS", "1 play 8C", "2 play TD",
     "3 play JS", "4 play KC",    "0 play 9S", "1 play 7C", "2 play AC"}};

// Leaster (S14), dealer 0: everyone passes.
//   T1 1:7C 2:AC 3:9C 4:8C 0:7H   AC  11 -> seat 2
//   T2 2:7S 3:TS 4:9S 0:TH 1:8S   TS  20 -> seat 3
//   T3 3:KC 4:AH 0:KH 1:9H 2:TC   TC  29 -> seat 2
//   T4 2:8H 3:8D 4:KS 0:TD 1:KD   TD  18 -> seat 0
//   T5 0:QH 1:QC 2:JC 3:JS 4:QS   QC  13 -> seat 1
//   T6 1:AD 2:7D 3:AS 4:9D 0:JH   JH  24 -> seat 0, plus the blind QD JD (5)
// Points 47 / 13 / 40 / 20 / 0; seat 4 took no trick; seat 1 has the fewest: +4, -1 each.
const SheepHand kLeaster = {
    0,
    {"TH KH 7H QH JH TD", "7C 8S 9H QC AD KD", "AC TC 7S 8H JC 7D", "KC 9C AS TS JS 8D",
     "8C KS 9S AH QS 9D"},
    "QD JD",
    {"1 pass",    "2 pass",    "3 pass",    "4 pass",    "0 pass",    "1 play 7C", "2 play AC",
     "3 play 9C", "4 play 8C", "0 play 7H", "2 play 7S", "3 play TS", "4 play 9S", "0 play TH",
     "1 play 8S", "3 play KC", "4 play AH", "0 play KH", "1 play 9H", "2 play TC", "2 play 8H",
     "3 play 8D", "4 play KS", "0 play TD", "1 play KD", "0 play QH", "1 play QC", "2 play JC",
     "3 play JS", "4 play QS", "1 play AD", "2 play 7D", "3 play AS", "4 play 9D", "0 play JH"}};

// Leaster tie (S14), dealer 0: seat 0 wins T1 (45) and T2 (15) = 60; seat 1 wins the rest,
// 56 + the blind JH JD (4) = 60. A tie for fewest: no score changes. With leaster_blind=none
// seat 1 has 56 and wins alone.
const SheepHand kLeasterTie = {
    0,
    {"QC QS TD 9D 8D 7D", "AD KD QH QD JC JS", "AC TC KC 9C 8C 7C", "AS TS KS 9S 8S 7S",
     "AH TH KH 9H 8H 7H"},
    "JH JD",
    {"1 pass",    "2 pass",    "3 pass",    "4 pass",    "0 pass",
     "1 play AD", "2 play AC", "3 play TS", "4 play TH", "0 play QC",    // 45 -> seat 0
     "0 play QS", "1 play KD", "2 play KC", "3 play KS", "4 play 9H",    // 15 -> seat 0
     "0 play 7D", "1 play JS", "2 play 7C", "3 play 7S", "4 play 7H",    //  2 -> seat 1
     "1 play QH", "2 play 8C", "3 play 8S", "4 play 8H", "0 play 8D",    //  3 -> seat 1
     "1 play QD", "2 play 9C", "3 play 9S", "4 play KH", "0 play 9D",    //  7 -> seat 1
     "1 play JC", "2 play TC", "3 play AS", "4 play AH", "0 play TD"}};  // 44 -> seat 1

// Leaster sweep (S14): seat 1 takes every trick and all 120 points, and as the only player
// with a trick it wins.
const SheepHand kLeasterSweep = {
    0,
    {"AD TD KD 9D 8D 7D", "QC QS QH QD JC JS", "AC TC KC 9C 8C 7C", "AS TS KS 9S 8S 7S",
     "AH TH KH 9H 8H 7H"},
    "JH JD",
    {"1 pass",    "2 pass",    "3 pass",    "4 pass",    "0 pass",    "1 play QC", "2 play 7C",
     "3 play 7S", "4 play 7H", "0 play 7D", "1 play QS", "2 play 8C", "3 play 8S", "4 play 8H",
     "0 play 8D", "1 play QH", "2 play 9C", "3 play 9S", "4 play 9H", "0 play 9D", "1 play QD",
     "2 play KC", "3 play KS", "4 play KH", "0 play KD", "1 play JC", "2 play TC", "3 play TS",
     "4 play TH", "0 play TD", "1 play JS", "2 play AC", "3 play AS", "4 play AH", "0 play AD"}};

}  // namespace

TEST_CASE("sheepshead records: a called-ace hand (S7, S8, S10, S11)") {
  const std::string rec = sheep_header() + sheep_hand(kCalledAce);
  CHECK(replay_ok(rec) == sheep_json("{\"deltas\": [-1, 2, 1, -1, -1]}", "-1, 2, 1, -1, -1"));
  const std::string r = last_hand(rec);
  CAPTURE(r);
  CHECK(has(r,
            "\"contract\": \"called\", \"picker\": 1, \"partner\": 2, \"called\": \"AC\", "
            "\"unknown\": null"));
  CHECK(has(
      r,
      "\"bury_points\": 0, \"picker_side_points\": 71, \"picker_side_tricks\": 3, \"won\": true, "
      "\"multiplier\": 1, \"doubled\": 1, \"bumped\": 1"));
  CHECK(has(r, "\"points\": [15, 52, 19, 22, 12], \"tricks\": [1, 2, 1, 1, 1]"));
  // Mid-hand: seat 1 leads the first trick after the call; the partner stays secret from a
  // defender until AC is played (S13), and then everyone sees it.
  const ReplayResult before = deckhand::replay_record(sheep_header() + sheep_deal(kCalledAce) +
                                                      sheep_moves(kCalledAce, 0, 23));
  REQUIRE(before.ok);
  CHECK(has(deckhand::replay_json(before),
            "\"hands\": [], \"scores\": [0, 0, 0, 0, 0], \"over\": false, \"winners\": [], "
            "\"to_act\": 1}"));
  CHECK(has(before.final_game->view_json(3), "\"partner\": null"));
  CHECK(has(before.final_game->view_json(2), "\"partner\": 2"));
  const ReplayResult after = deckhand::replay_record(sheep_header() + sheep_deal(kCalledAce) +
                                                     sheep_moves(kCalledAce, 0, 25));
  REQUIRE(after.ok);
  CHECK(has(after.final_game->view_json(3), "\"partner\": 2"));
}

TEST_CASE("sheepshead records: a called-ten hand (S7: the picker owns all three fail aces)") {
  const std::string rec = sheep_header("dealer 1\n") + sheep_hand(kCalledTen);
  CHECK(replay_ok(rec) == sheep_json("{\"deltas\": [-2, -2, 4, -2, 2]}", "-2, -2, 4, -2, 2"));
  const std::string r = last_hand(rec);
  CAPTURE(r);
  CHECK(has(r, "\"picker\": 2, \"partner\": 4, \"called\": \"TH\""));
  CHECK(has(
      r,
      "\"bury_points\": 11, \"picker_side_points\": 96, \"picker_side_tricks\": 4, \"won\": true, "
      "\"multiplier\": 2"));
  CHECK(has(r, "\"points\": [0, 0, 85, 24, 0]"));
}

TEST_CASE("sheepshead records: an unknown hand (S7, S8), bumped (S11 double_on_bump)") {
  const std::string plain = sheep_header() + sheep_hand(kUnknown);
  CHECK(replay_ok(plain) == sheep_json("{\"deltas\": [1, -2, 1, -1, 1]}", "1, -2, 1, -1, 1"));
  const std::string r = last_hand(plain);
  CAPTURE(r);
  CHECK(has(
      r,
      "\"picker\": 1, \"partner\": 3, \"called\": \"AS\", \"unknown\": \"8D\", \"bury_points\": "
      "14, "
      "\"picker_side_points\": 49, \"picker_side_tricks\": 2, \"won\": false, \"multiplier\": 1"));
  // The unknown's points (none here) go to the trick's winner: seat 3 has KS + AS.
  CHECK(has(r, "\"points\": [25, 20, 46, 15, 0]"));
  const std::string bumped = sheep_header("option double_on_bump=on\n") + sheep_hand(kUnknown);
  CHECK(replay_ok(bumped) == sheep_json("{\"deltas\": [2, -4, 2, -2, 2]}", "2, -4, 2, -2, 2"));
  CHECK(has(last_hand(bumped), "\"bumped\": 2"));
  // During the hand the unknown shows face down to the others, as itself to the picker (S13).
  const ReplayResult mid =
      deckhand::replay_record(sheep_header() + sheep_deal(kUnknown) + sheep_moves(kUnknown, 0, 18));
  REQUIRE(mid.ok);
  CHECK(has(mid.final_game->view_json(0), "[\"KS\", \"unknown\", \"9H\", \"AS\", \"7S\"]"));
  CHECK(has(mid.final_game->view_json(1), "[\"KS\", \"8D\", \"9H\", \"AS\", \"7S\"]"));
  CHECK(has(mid.final_game->view_json(1), "\"unknown\": \"8D\""));
  CHECK(has(mid.final_game->view_json(4), "\"unknown\": null"));
}

TEST_CASE("sheepshead records: alone, taking every trick (S10 m = 3, S11 alone)") {
  CHECK(replay_ok(sheep_header() + sheep_hand(kAlone)) ==
        sheep_json("{\"deltas\": [-3, 12, -3, -3, -3]}", "-3, 12, -3, -3, -3"));
  CHECK(has(last_hand(sheep_header() + sheep_hand(kAlone)),
            "\"contract\": \"alone\", \"picker\": 1, \"partner\": null, \"called\": null"));
}

TEST_CASE("sheepshead records: the picker's side takes no trick (S12)") {
  const std::string rec = sheep_header() + sheep_hand(kNoTrick);
  CHECK(replay_ok(rec) == sheep_json("{\"deltas\": [3, -9, 0, 3, 3]}", "3, -9, 0, 3, 3"));
  CHECK(has(
      last_hand(rec),
      "\"bury_points\": 8, \"picker_side_points\": 0, \"picker_side_tricks\": 0, \"won\": false, "
      "\"multiplier\": 3"));
  // Doubled on the bump (S11 "doubled as above").
  CHECK(replay_ok(sheep_header("option double_on_bump=on\n") + sheep_hand(kNoTrick)) ==
        sheep_json("{\"deltas\": [6, -18, 0, 6, 6]}", "6, -18, 0, 6, 6"));
  // The same cards played alone: -12 / +3 each.
  SheepHand alone = kNoTrick;
  alone.moves[2] = "1 alone";
  CHECK(replay_ok(sheep_header() + sheep_hand(alone)) ==
        sheep_json("{\"deltas\": [3, -12, 3, 3, 3]}", "3, -12, 3, 3, 3"));
}

TEST_CASE("sheepshead records: leasters (S14, leaster_blind)") {
  const std::string rec = sheep_header() + sheep_hand(kLeaster);
  CHECK(replay_ok(rec) == sheep_json("{\"deltas\": [-1, 4, -1, -1, -1]}", "-1, 4, -1, -1, -1"));
  CHECK(has(last_hand(rec), "\"contract\": \"leaster\", \"picker\": null"));
  CHECK(has(last_hand(rec),
            "\"leaster_winner\": 1, \"blind_points\": 5, \"points\": [47, 13, 40, 20, 0], "
            "\"tricks\": [2, 1, 2, 1, 0]"));
  const std::string none = sheep_header("option leaster_blind=none\n") + sheep_hand(kLeaster);
  CHECK(replay_ok(none) == sheep_json("{\"deltas\": [-1, 4, -1, -1, -1]}", "-1, 4, -1, -1, -1"));
  CHECK(has(last_hand(none), "\"blind_points\": 0, \"points\": [42, 13, 40, 20, 0]"));
  // A tie for fewest: no score changes; without the blind the tie is broken.
  const std::string tie = sheep_header() + sheep_hand(kLeasterTie);
  CHECK(replay_ok(tie) == sheep_json("{\"deltas\": [0, 0, 0, 0, 0]}", "0, 0, 0, 0, 0"));
  CHECK(has(last_hand(tie),
            "\"leaster_winner\": null, \"blind_points\": 4, \"points\": [60, 60, 0, 0, 0]"));
  CHECK(replay_ok(sheep_header("option leaster_blind=none\n") + sheep_hand(kLeasterTie)) ==
        sheep_json("{\"deltas\": [-1, 4, -1, -1, -1]}", "-1, 4, -1, -1, -1"));
  // Only one player took tricks: that player wins, with all 120 points.
  const std::string sweep = sheep_header() + sheep_hand(kLeasterSweep);
  CHECK(replay_ok(sweep) == sheep_json("{\"deltas\": [-1, 4, -1, -1, -1]}", "-1, 4, -1, -1, -1"));
  CHECK(has(last_hand(sweep), "\"points\": [0, 120, 0, 0, 0]"));
  // A leaster is played at once: seat 1 leads right after the dealer's pass.
  const ReplayResult r =
      deckhand::replay_record(sheep_header() + sheep_deal(kLeaster) + sheep_moves(kLeaster, 0, 5));
  REQUIRE(r.ok);
  CHECK(r.final_game->phase_name() == std::string("play"));
  CHECK(r.final_game->to_act() == 1);
}

TEST_CASE(
    "sheepshead records: a doubler is thrown in, not scored, and doubles the next hand (S5)") {
  // Hand 1 (dealer 0): everyone passes; hand 2 (dealer 1) is the called-ten hand, doubled.
  const std::string rec = sheep_header("option no_pick=doubler\n") + sheep_deal(kCalledAce) +
                          all_pass(0) + sheep_hand(kCalledTen);
  CHECK(replay_ok(rec) == sheep_json("{\"deltas\": [-4, -4, 8, -4, 4]}", "-4, -4, 8, -4, 4"));
  CHECK(has(last_hand(rec), "\"doubled\": 2"));
  // Right after the throw-in: no hand scored, nobody to act, the next deal is awaited.
  CHECK(replay_ok(sheep_header("option no_pick=doubler\n") + sheep_deal(kCalledAce) +
                  all_pass(0)) == sheep_json("", "0, 0, 0, 0, 0"));
  // Doublers do not stack: two throw-ins double the next two hands once each, in order; the
  // called-ace hand rotated to dealers 2, 3 (doubled) and 4. hands=3 ends the game (S15).
  const std::string two = sheep_header("option no_pick=doubler\noption hands=3\n") +
                          sheep_deal(kCalledAce) + all_pass(0) + sheep_deal(kCalledAce, 1) +
                          all_pass(1) + sheep_hand(kCalledAce, 2) + sheep_hand(kCalledAce, 3) +
                          sheep_hand(kCalledAce, 4);
  CHECK(replay_ok(two) ==
        sheep_json("{\"deltas\": [-2, -2, -2, 4, 2]}, {\"deltas\": [2, -2, -2, -2, 4]}, "
                   "{\"deltas\": [2, 1, -1, -1, -1]}",
                   "2, -3, -5, 1, 5", "\"over\": true, \"winners\": [4], \"to_act\": null}"));
}

TEST_CASE("sheepshead records: several hands, the deal passing left, and the game's end (S15)") {
  const std::string rec =
      sheep_header("option hands=2\n") + sheep_hand(kCalledAce) + sheep_hand(kCalledTen);
  CHECK(replay_ok(rec) ==
        sheep_json("{\"deltas\": [-1, 2, 1, -1, -1]}, {\"deltas\": [-2, -2, 4, -2, 2]}",
                   "-3, 0, 5, -3, 1", "\"over\": true, \"winners\": [2], \"to_act\": null}"));
  // Ties share the win: the alone hand and the same hand one seat on leave seats 1 and 2 at 9.
  const std::string tied =
      sheep_header("option hands=2\n") + sheep_hand(kAlone) + sheep_hand(kAlone, 1);
  CHECK(replay_ok(tied) ==
        sheep_json("{\"deltas\": [-3, 12, -3, -3, -3]}, {\"deltas\": [-3, -3, 12, -3, -3]}",
                   "-6, 9, 9, -6, -6", "\"over\": true, \"winners\": [1, 2], \"to_act\": null}"));
  // A deal after the end is refused (line: 2 header lines, option, 2 x 34 hand lines, then it).
  expect_refused(rec + "deal seed 1\n", Reason::game_over, 72);
  expect_refused(rec + "0 pass\n", Reason::game_over, 72);
}

TEST_CASE("sheepshead records: refused picks, buries and calls give their reason and line") {
  // Lines: 1-2 header, 3 deal, move k on line 4 + k.
  const std::string h = sheep_header();
  expect_refused(h + sheep_until(kCalledAce, 0, "2 pick"), Reason::wrong_seat, 4);
  expect_refused(h + sheep_until(kCalledAce, 0, "1 play QC"), Reason::wrong_phase, 4);
  expect_refused(h + sheep_until(kCalledAce, 0, "1 bury 8S 7S"), Reason::wrong_phase, 4);
  expect_refused(h + sheep_until(kCalledAce, 0, "1 call AC"), Reason::wrong_phase, 4);
  expect_refused(h + sheep_until(kCalledAce, 0, "1 pick QC"), Reason::malformed_action, 4);
  expect_refused(h + sheep_until(kCalledAce, 1, "1 call AC"), Reason::wrong_phase, 5);
  expect_refused(h + sheep_until(kCalledAce, 1, "1 alone"), Reason::wrong_phase, 5);
  expect_refused(h + sheep_until(kCalledAce, 1, "1 pass"), Reason::wrong_phase, 5);
  expect_refused(h + sheep_until(kCalledAce, 1, "1 bury 8S 8S"), Reason::malformed_action, 5);
  expect_refused(h + sheep_until(kCalledAce, 1, "1 bury 8S"), Reason::malformed_action, 5);
  expect_refused(h + sheep_until(kCalledAce, 1, "1 bury AS 7S"), Reason::card_not_held, 5);
  expect_refused(h + sheep_until(kCalledAce, 1, "1 bury 8S 6S"), Reason::invalid_card, 5);
  expect_refused(h + sheep_until(kCalledAce, 1, "2 bury 8S 7S"), Reason::wrong_seat, 5);
  // S7 calls (seat 1 holds QC QS JD 9D 7C 7H after burying 8S 7S).
  expect_refused(h + sheep_until(kCalledAce, 2, "1 call AS"), Reason::no_hold_card, 6);
  expect_refused(h + sheep_until(kCalledAce, 2, "1 call TC"), Reason::ten_call_needs_all_aces, 6);
  expect_refused(h + sheep_until(kCalledAce, 2, "1 call QC"), Reason::not_callable, 6);
  expect_refused(h + sheep_until(kCalledAce, 2, "1 call 9C"), Reason::not_callable, 6);
  expect_refused(h + sheep_until(kCalledAce, 2, "1 call AD"), Reason::not_callable, 6);
  expect_refused(h + sheep_until(kCalledAce, 2, "1 call AS unknown 7C"),
                 Reason::unknown_not_allowed, 6);
  expect_refused(h + sheep_until(kCalledAce, 2, "1 call AS unknown 8S"), Reason::card_not_held, 6);
  expect_refused(h + sheep_until(kCalledAce, 2, "1 play QC"), Reason::wrong_phase, 6);
  // The called-ten picker (dealer 1: line 3 is the dealer header, move k on line 5 + k).
  const std::string d1 = sheep_header("dealer 1\n");
  expect_refused(d1 + sheep_until(kCalledTen, 0, "1 pick"), Reason::wrong_seat, 5);
  expect_refused(d1 + sheep_until(kCalledTen, 2, "2 call AS"), Reason::cannot_call_own_card,
                 7);  // buried
  expect_refused(d1 + sheep_until(kCalledTen, 2, "2 call AC"), Reason::cannot_call_own_card,
                 7);  // in hand
  expect_refused(d1 + sheep_until(kCalledTen, 2, "2 call TS"), Reason::no_hold_card,
                 7);  // AS buried
  expect_refused(d1 + sheep_until(kCalledTen, 2, "2 call TH unknown QC"),
                 Reason::unknown_not_allowed, 7);
  // The unknown picker (AC 7C 9D 8D 7D JD after burying TD KD).
  expect_refused(h + sheep_until(kUnknown, 2, "1 call AS"), Reason::no_hold_card, 6);
  expect_refused(h + sheep_until(kUnknown, 2, "1 call AC unknown 7C"), Reason::cannot_call_own_card,
                 6);
  expect_refused(h + sheep_until(kUnknown, 2, "1 call AH unknown AS"), Reason::card_not_held, 6);
  expect_refused(h + sheep_until(kUnknown, 2, "1 call AH unknown TD"), Reason::card_not_held, 6);
  expect_refused(h + sheep_until(kUnknown, 2, "1 call TS unknown 7C"), Reason::unknown_not_allowed,
                 6);
  // unknown=off: only alone is left (line 3 is the option, move k on line 5 + k).
  const std::string off = sheep_header("option unknown=off\n");
  expect_refused(off + sheep_until(kUnknown, 2, "1 call AS unknown 8D"),
                 Reason::unknown_not_allowed, 7);
  expect_refused(off + sheep_until(kUnknown, 2, "1 call AH"), Reason::no_hold_card, 7);
  CHECK(deckhand::replay_record(off + sheep_until(kUnknown, 2, "1 alone")).ok);
  // no_pick=forced: the dealer may not pass after four passes (S5).
  const std::string forced = sheep_header("option no_pick=forced\n") + sheep_deal(kCalledAce);
  expect_refused(forced + "1 pass\n2 pass\n3 pass\n4 pass\n0 pass\n", Reason::dealer_must_pick, 9);
  const ReplayResult picked =
      deckhand::replay_record(forced + "1 pass\n2 pass\n3 pass\n4 pass\n0 pick\n");
  REQUIRE(picked.ok);
  CHECK(picked.final_game->phase_name() == std::string("burying"));
  CHECK(picked.final_game->to_act() == 0);
  // Malformed sheepshead deals.
  expect_refused(h + "deal 0: AH TH KH 9H 8D 7D; 1: QC QS JD 9D 7C 7H; 2: AC TC JC AD 8H 9S; 3: QH "
                     "QD JS KC 9C 8C; "
                     "4: AS TS KS JH TD KD\n",
                 Reason::malformed_deal, 3);
  expect_refused(h + "deal 0: AH TH KH 9H 8D 7D; 1: QC QS JD 9D 7C 7H; 2: AC TC JC AD 8H 9S; 3: QH "
                     "QD JS KC 9C 8C; "
                     "4: AS TS KS JH TD KD; blind: 8S 8S\n",
                 Reason::malformed_deal, 3);
  expect_refused(h + "deal 0: AH TH KH 9H 8D; 1: QC QS JD 9D 7C 7H 7D; 2: AC TC JC AD 8H 9S; 3: QH "
                     "QD JS KC 9C 8C; "
                     "4: AS TS KS JH TD KD; blind: 8S 7S\n",
                 Reason::malformed_deal, 3);
  expect_refused(h + "deal 0: AH TH KH 9H 8D 7D; 1: QC QS JD 9D 7C 7H; 2: AC TC JC AD 8H 9S; 3: QH "
                     "QD JS KC 9C 8C; "
                     "5: AS TS KS JH TD KD; blind: 8S 7S\n",
                 Reason::malformed_deal, 3);
  expect_refused(h + "deal 0: AH TH KH 9H 8D 7D; 1: QC QS JD 9D 7C 7H; 2: AC TC JC AD 8H 9S; 3: QH "
                     "QD JS KC 9C 8C; "
                     "4: AS TS KS JH TD KD; ghost: 8S 7S\n",
                 Reason::malformed_deal, 3);
}

TEST_CASE("sheepshead records: refused plays give their reason and line (S7, S8, S9)") {
  const std::string h = sheep_header();
  // Called-ace hand: moves 3-7 are trick 1 (lines 7-11), 8-12 trick 2, ... (line 4 + k).
  expect_refused(h + sheep_until(kCalledAce, 3, "1 play 6C"), Reason::invalid_card, 7);
  expect_refused(h + sheep_until(kCalledAce, 3, "1 play AS"), Reason::card_not_held, 7);
  expect_refused(h + sheep_until(kCalledAce, 3, "2 play 7H"), Reason::wrong_seat, 7);
  expect_refused(h + sheep_until(kCalledAce, 3, "1 play 8S"), Reason::card_not_held, 7);  // buried
  expect_refused(h + sheep_until(kCalledAce, 4, "2 play 9S"), Reason::must_follow_suit,
                 8);  // holds 8H
  expect_refused(h + sheep_until(kCalledAce, 4, "2 play AC"), Reason::must_follow_suit,
                 8);  // holds 8H
  expect_refused(h + sheep_until(kCalledAce, 9, "1 play 7C"), Reason::must_keep_hold_card,
                 13);  // last club
  expect_refused(h + sheep_until(kCalledAce, 10, "2 play AC"), Reason::called_card_held_back,
                 14);  // void in hearts
  expect_refused(h + sheep_until(kCalledAce, 16, "2 play AC"), Reason::called_card_held_back,
                 20);  // void in spades
  expect_refused(h + sheep_until(kCalledAce, 18, "2 play TC"), Reason::must_lead_called_card, 22);
  expect_refused(h + sheep_until(kCalledAce, 20, "4 play TS"), Reason::must_follow_suit,
                 24);  // trump led, TD KD held
  expect_refused(h + sheep_until(kCalledAce, 24, "2 play TC"), Reason::must_play_called_card, 28);
  expect_refused(h + sheep_until(kCalledAce, 15, "1 play 7C"), Reason::must_keep_hold_card,
                 19);  // void in spades
  // ... but the partner may lead the called card (and in trick 5 the picker leads its last
  // hold card, 7C, in the hand itself).
  CHECK(deckhand::replay_record(h + sheep_until(kCalledAce, 18, "2 play AC")).ok);
  // Unknown hand.
  expect_refused(h + sheep_until(kUnknown, 12, "1 play 8D"), Reason::unknown_held_back,
                 16);  // hearts led
  expect_refused(h + sheep_until(kUnknown, 12, "1 play AS"), Reason::card_not_held, 16);
  expect_refused(h + sheep_until(kUnknown, 14, "1 play 7D"), Reason::must_play_unknown,
                 18);  // spades led
  expect_refused(h + sheep_until(kUnknown, 16, "3 play TS"), Reason::must_play_called_card, 20);
  expect_refused(h + sheep_until(kUnknown, 17, "4 play 8H"), Reason::card_not_held, 21);
  expect_refused(h + sheep_until(kUnknown, 19, "4 play JS"), Reason::must_follow_suit,
                 23);  // spades led, 9S 8S held
}

TEST_CASE("records: the replay JSON stays valid UTF-8 whatever bytes a record holds") {
  // A long non-ASCII game name is cut inside the message: never in the middle of a character.
  std::string record = "deckhand 1\ngame x";
  for (int i = 0; i < 200; ++i) record += "\xC3\xA9";  // é
  record += "\n";
  const std::string json = deckhand::replay_json(deckhand::replay_record(record));
  CHECK(json.find("\"code\": \"unknown_game\"") != std::string::npos);
  // Every multi-byte sequence in the output is complete.
  for (size_t i = 0; i < json.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(json[i]);
    if (c == 0xC3) {
      REQUIRE(i + 1 < json.size());
      CHECK(static_cast<unsigned char>(json[i + 1]) == 0xA9);
      ++i;
    } else {
      CHECK(c < 0x80);
    }
  }
  // A byte that is not UTF-8 is shown by its value (text::quote).
  const std::string bad =
      deckhand::replay_json(deckhand::replay_record("deckhand 1\ngame ghost-euchre\n1 pl\xE9y\n"));
  CHECK(bad.find("unknown action 'pl\\\\xe9y'") != std::string::npos);
  CHECK(bad.find('\xE9') == std::string::npos);
}

TEST_CASE("records: messages quote input with NUL and control characters escaped") {
  auto message = [](const std::string& record) {
    const ReplayResult r = deckhand::replay_record(record);
    CHECK_FALSE(r.ok);
    return std::string(r.error.message);
  };
  // The NUL no longer cuts the message short.
  CHECK(message(std::string("deckhand 1\0\ngame ghost-euchre\n", 30)) ==
        "bad_header: record format version '1\\x00' is not supported (deckhand 1)");
  CHECK(message("deckhand 1\ngame ghost-euchre\ndeal seed 1\n1 pl\x1By\n") ==
        "malformed_action: unknown action 'pl\\x1by' (swap, pass, bid, trump, play)");
  CHECK(message(header("option renege=a\x01"
                       "b\n"))
            .find("not 'a\\x01b'") != std::string::npos);
  CHECK(message(header("option x\x7f=1\n")) == "bad_option: ghost-euchre has no option 'x\\x7f'");
  CHECK(message(header("deal 0: 9C TC JC QC KC AC; 1\x02: 9D TD JD QD KD AD\n")) ==
        "malformed_deal: unknown holder '1\\x02' (0-2 or ghost)");
  CHECK(message("deckhand 1\ngame sheepshead\ndeal seed 1\n1 pick\n1 bury 7C \xC2\x9B"
                "1m\n") == "invalid_card: '\\u009b1m' is not a card (7 to A of C, D, H, S)");
  // A long line is quoted in part, so the rest of the message still fits.
  const std::string long_line = message(header("deal seed 1\n") + std::string(500, 'x') + "\n");
  CHECK(long_line.find("'... is neither a header, a deal nor '<seat> <action>'") !=
        std::string::npos);
  // Through the C++ API too: game names and option names.
  Error err;
  CHECK(deckhand::make_game("ghost\neuchre", {}, 0, 0, &err) == nullptr);
  std::string known;  // the catalog's names, as the message lists them
  for (const deckhand::GameSpec& spec : deckhand::game_specs())
    known += (known.empty() ? "" : ", ") + std::string(spec.name);
  CHECK(std::string(err.message) == "unknown_game: no game named 'ghost\\neuchre' (" + known + ")");
  CHECK(deckhand::make_game("sheepshead", {{"k\x01", "1"}}, 0, 0, &err) == nullptr);
  CHECK(std::string(err.message) == "bad_option: sheepshead has no option 'k\\x01'");
  CHECK(deckhand::make_game("ghost-euchre", {{"history", "of\x01"}}, 0, 0, &err) == nullptr);
  CHECK(std::string(err.message) == "bad_option: option history takes on or off, not 'of\\x01'");
}

TEST_CASE(
    "make_game: options are checked by name first, and a list longer than the game's at once") {
  Error err;
  // A repeat of a known option, in any case.
  CHECK(deckhand::make_game("sheepshead", {{"hands", "3"}, {" HANDS", "4"}}, 0, 0, &err) ==
        nullptr);
  CHECK(std::string(err.message) == "bad_option: option 'HANDS' is given twice");
  // An unknown name after a repeat is reported as unknown: names are checked before repeats.
  CHECK(deckhand::make_game("sheepshead", {{"hands", "3"}, {"hands", "4"}, {"colour", "red"}}, 0, 0,
                            &err) == nullptr);
  CHECK(std::string(err.message) == "bad_option: sheepshead has no option 'colour'");
  // 100,000 options (issue 28: the pairwise check took minutes) are refused by their count.
  const deckhand::OptionList many(100000, {"hands", "3"});
  CHECK(deckhand::make_game("sheepshead", many, 0, 0, &err) == nullptr);
  const std::string expected =
      "bad_option: 100000 options given; sheepshead has " +
      std::to_string(deckhand::find_game_spec("sheepshead")->options.size() +
                     deckhand::engine_options().size());
  CHECK(std::string(err.message) == expected);
  // As many options as the game has, all distinct, are taken.
  deckhand::OptionList all;
  for (const auto& o : deckhand::find_game_spec("sheepshead")->options)
    all.emplace_back(o.name, o.default_value);
  all.emplace_back("history", "off");
  CHECK(deckhand::make_game("sheepshead", all, 0, 0, &err) != nullptr);
}

TEST_CASE("records: a refusal message is printable UTF-8 whatever bytes a record holds") {
  // Random bytes written over a valid record: every refusal's message and JSON stay printable.
  const std::string base = record_with_hand();
  deckhand::PortableRng rng(99);
  for (int round = 0; round < 3000; ++round) {
    std::string record = base;
    const int edits = 1 + int(rng.bounded(4));
    for (int e = 0; e < edits; ++e)
      record[size_t(rng.bounded(record.size()))] = char(rng.bounded(256));
    const ReplayResult r = deckhand::replay_record(record);
    if (r.ok) continue;
    CAPTURE(record);
    CHECK(deckhand::testing::printable_utf8(r.error.message));
    CHECK(deckhand::testing::printable_utf8(deckhand::replay_json(r)));
  }
}
