// Game records (DESIGN.md "Game records" and "The command-line tool"): deckhand::replay_record
// and deckhand::replay_json. Round trips, hand-written records with explicit deals, the
// reading rules (case, comments, blank lines), and for every kind of bad input the exact
// reason code and the 1-based line of the first refused line.
#include <doctest/doctest.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "deckhand/game.hpp"

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

std::string record_with_hand() { return header() + "deal " + kDeal + "\n" + kHandAllToSeat1; }

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
  const std::string prefix = "{\"ok\": false, \"line\": " + std::to_string(line) + ", \"code\": \"" +
                             reason_name(code) + "\", \"message\": \"";
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
int effective_suit(int code, int trump) { return code % 8 == 4 && code / 8 == (trump ^ 3) ? trump : code / 8; }

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
      if (hand[i] == '"' && rank_of(hand[i + 1]) >= 0 && suit_of(hand[i + 2]) >= 0 && hand[i + 3] == '"')
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
  if (t == std::string::npos || last == std::string::npos || (r >> 20) % 25 == 0) return size_t(r % n);
  const int trump = suit_of(v[t + 10]);
  const int leader = v[last + 11] - '0';
  size_t q = v.find("\"cards\": [", last) + 10;
  int led = -1;
  for (int i = 0; i < 3; ++i) {
    while (v[q] == ' ' || v[q] == ',') ++q;
    if (v[q] == '"' && i == leader) led = effective_suit(suit_of(v[q + 2]) * 8 + rank_of(v[q + 1]), trump);
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
    CHECK(json.rfind("{\"ok\": true, \"game\": \"ghost-euchre\", \"hands\": [{\"deltas\": [", 0) == 0);
    std::string tail = "\"scores\": [";
    for (int p = 0; p < 3; ++p) tail += (p ? ", " : "") + std::to_string(g->scores()[size_t(p)]);
    tail += "], \"over\": true, \"winners\": [";
    for (size_t i = 0; i < g->winners().size(); ++i) tail += (i ? ", " : "") + std::to_string(g->winners()[i]);
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
  CHECK(json.find("\"over\": false, \"winners\": [], \"to_act\": " + to_act + "}") != std::string::npos);
}

TEST_CASE("records: a hand-written record with an explicit deal, then a thrown-in deal") {
  // Hand 1: seat 1 bids 3 and takes all six tricks (G9: the declarer scores its tricks).
  // Hand 2 (dealer 1): everyone passes, the deal is thrown in (G5) and is not a scored hand.
  // Hand 3 (dealer 2): dealt from a seed; seat 0 (left of the dealer) is to act.
  const std::string rec = record_with_hand() + "deal " + kDeal + "\n2 pass\n0 pass\n1 pass\ndeal seed 42\n";
  const ReplayResult r = deckhand::replay_record(rec);
  REQUIRE(r.ok);
  CHECK(deckhand::replay_json(r) ==
        "{\"ok\": true, \"game\": \"ghost-euchre\", \"hands\": [{\"deltas\": [0, 6, 0]}], \"scores\": [0, 6, 0], "
        "\"over\": false, \"winners\": [], \"to_act\": 0}");
  CHECK(r.final_game->phase_name() == std::string("bidding"));
  CHECK(r.final_game->hands_scored() == 1);
}

TEST_CASE("records: between hands to_act is null, including right after a thrown-in deal") {
  {
    const ReplayResult r = deckhand::replay_record(record_with_hand());
    REQUIRE(r.ok);
    CHECK(deckhand::replay_json(r) ==
          "{\"ok\": true, \"game\": \"ghost-euchre\", \"hands\": [{\"deltas\": [0, 6, 0]}], \"scores\": [0, 6, 0], "
          "\"over\": false, \"winners\": [], \"to_act\": null}");
  }
  {
    const ReplayResult r =
        deckhand::replay_record(header() + "deal seed 5\n1 pass\n2 pass\n0 pass\ndeal seed 6\n2 pass\n0 pass\n1 pass\n");
    REQUIRE(r.ok);
    CHECK(deckhand::replay_json(r) ==
          "{\"ok\": true, \"game\": \"ghost-euchre\", \"hands\": [], \"scores\": [0, 0, 0], \"over\": false, "
          "\"winners\": [], \"to_act\": null}");
  }
  {
    const ReplayResult r = deckhand::replay_record(header());  // headers only
    REQUIRE(r.ok);
    CHECK(deckhand::replay_json(r) ==
          "{\"ok\": true, \"game\": \"ghost-euchre\", \"hands\": [], \"scores\": [0, 0, 0], \"over\": false, "
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
        "{\"ok\": true, \"game\": \"ghost-euchre\", \"hands\": [{\"deltas\": [0, 5, -1]}], \"scores\": [0, 5, -1], "
        "\"over\": false, \"winners\": [], \"to_act\": null}");
  // The same play under the default renege=reject is refused at the renege, line 9.
  const std::string strict = header() + "deal " + kDeal +
                             "\n1 bid 3\n2 pass\n0 pass\n1 trump D\n1 play JD\n2 play 9H\n0 play 9C\n";
  expect_refused(strict, Reason::must_follow_suit, 9);
}

TEST_CASE("records: keywords, holders and cards are case-insensitive; holders in any order") {
  const ReplayResult canonical = deckhand::replay_record(header("option renege=penalize\ndealer 0\n") + "deal " +
                                                         kDeal + "\n" + kHandAllToSeat1 + "deal seed 9\n2 swap\n");
  REQUIRE(canonical.ok);
  const std::string mixed =
      "DeckHand 1\n"
      "GAME Ghost-Euchre\n"
      "PLAYERS 3\n"
      "Option RENEGE=Penalize\n"
      "DEALER 0\n"
      "DEAL GHOST: 9s 10s js qs ks as; 2: 9h th jh qh kh ah; 0: 9c tc jc qc kc ac; 1: 9d td jd qd kd ad\n"
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
  expect_refused("deckhand 1\n# c\ngame ghost-euchre\n\n# c\ndeal seed 1\n#\n2 pass\n", Reason::wrong_seat, 8);
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
  // Only the magic line and no game.
  expect_refused("deckhand 1\n", Reason::bad_header, 1);
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
  const ReplayResult r = deckhand::replay_record(
      header("players 3\noption Target=20\noption tiebreak=HIGHEST\ndealer 2\ndeal seed 1\n0 pass\n"));
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
  expect_refused(header("deal seed 1\n1 bid 3\n2 pass\n0 pass\n1 trump X\n"), Reason::malformed_action, 7);
  expect_refused(header("deal " + std::string(kDeal) + "\n1 bid 3\n2 pass\n0 pass\n1 trump D\n1 play 8D\n"),
                 Reason::invalid_card, 8);
  // Moves the rules refuse.
  expect_refused(header("deal seed 1\n2 pass\n"), Reason::wrong_seat, 4);
  expect_refused(header("deal seed 1\n1 bid 4\n2 bid 3\n"), Reason::bid_not_higher, 5);
  expect_refused(header("deal seed 1\n1 bid 4\n2 bid 4\n"), Reason::bid_not_higher, 5);
  expect_refused(header("deal seed 1\n1 swap\n1 swap\n"), Reason::second_swap, 5);
  expect_refused(header("deal seed 1\n1 swap\n1 pass\n2 swap\n"), Reason::second_swap, 6);
  expect_refused(header("option all_pass=stick_dealer\ndeal seed 1\n1 pass\n2 pass\n0 pass\n"),
                 Reason::dealer_must_bid, 7);
  expect_refused(header("deal " + std::string(kDeal) + "\n1 bid 3\n2 pass\n0 pass\n1 trump D\n1 play 9C\n"),
                 Reason::card_not_held, 8);
  expect_refused(header("deal " + std::string(kDeal) + "\n1 bid 3\n2 pass\n0 pass\n1 trump D\n1 play JD\n2 play AH\n"),
                 Reason::must_follow_suit, 9);
  expect_refused(header("deal seed 1\n1 bid 3\n2 pass\n0 pass\n1 play 9C\n"), Reason::wrong_phase, 7);
  // A move before any deal.
  expect_refused(header("1 pass\n"), Reason::wrong_phase, 3);
  expect_refused(header("# no deal yet\n\n0 bid 3\n"), Reason::wrong_phase, 5);
  // A deal while a hand is running.
  expect_refused(header("deal seed 1\ndeal seed 2\n"), Reason::wrong_phase, 4);
  expect_refused(header("deal seed 1\n1 pass\ndeal " + std::string(kDeal) + "\n"), Reason::wrong_phase, 5);
  // Malformed deals.
  expect_refused(header("deal seed abc\n"), Reason::malformed_record, 3);
  expect_refused(header("deal seed\n"), Reason::malformed_record, 3);
  expect_refused(header("deal seed -1\n"), Reason::malformed_record, 3);
  expect_refused(header("deal seed 18446744073709551616\n"), Reason::malformed_record, 3);
  expect_refused(header("deal seed 1 2\n"), Reason::malformed_record, 3);
  expect_refused(header("deal\n"), Reason::malformed_deal, 3);
  expect_refused(header("deal 0: 9C TC JC QC KC AC; 1: 9D TD JD QD KD AD; 2: 9H TH JH QH KH AH\n"),
                 Reason::malformed_deal, 3);
  expect_refused(header("deal 0: 9C TC JC QC KC AC; 1: 9D TD JD QD KD AD; 2: 9H TH JH QH KH AH; ghost: 9S TS JS QS KS AC\n"),
                 Reason::malformed_deal, 3);
  expect_refused(header("deal 0: 9C TC JC QC KC; 1: 9D TD JD QD KD AD AC; 2: 9H TH JH QH KH AH; ghost: 9S TS JS QS KS AS\n"),
                 Reason::malformed_deal, 3);
  expect_refused(header("deal 0: 9C TC JC QC KC AC; 3: 9D TD JD QD KD AD; 2: 9H TH JH QH KH AH; ghost: 9S TS JS QS KS AS\n"),
                 Reason::malformed_deal, 3);
  expect_refused(header("deal 0: 8C TC JC QC KC AC; 1: 9D TD JD QD KD AD; 2: 9H TH JH QH KH AH; ghost: 9S TS JS QS KS AS\n"),
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
