#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "deckhand/ghost_euchre.hpp"
#include "deckhand/ghost_euchre_solve.hpp"
#include "deckhand/rng.hpp"
#include "deckhand/sheepshead.hpp"
#include "deckhand/sheepshead_solve.hpp"
#include "deckhand/solve.hpp"

// The open-hand solvers (docs/bots.md, "Open-hand solvers") against a brute-force minimax
// that knows nothing of the solver: plain recursion over the games' own legal_actions and
// apply, scored by the games' own scoring (G9, S10–S14), no table, no ordering, no merging.
// Endings of the last two to four tricks of many random hands, every legal card compared.

using namespace deckhand;

namespace {

// The models of solve.hpp, written out plainly. `maximizers` has bit s for each seat that
// plays for a high score of `objective_seat`; the others play for a low one. The result is
// the score changes of a hand that ends in a minimax leaf (every leaf of equal objective
// scores every seat alike in these models).
template <typename State, typename Action, int kMaxActions, typename Lawful>
std::vector<int32_t> brute_force(const State& s, int objective_seat, unsigned maximizers,
                                 Lawful lawful) {
  if (s.hands_scored != 0) {
    return std::vector<int32_t>(s.last.deltas, s.last.deltas + sizeof s.last.deltas / 4);
  }
  Action actions[kMaxActions];
  const int n = legal_actions(s, actions);
  const bool maximizing = maximizers >> s.to_act & 1;
  std::vector<int32_t> best;
  for (int i = 0; i < n; ++i) {
    if (!lawful(s, actions[i])) continue;
    State next;
    Error err;
    if (apply(s, actions[i], &next, &err) != Reason::ok) FAIL(err.message);
    std::vector<int32_t> v =
        brute_force<State, Action, kMaxActions>(next, objective_seat, maximizers, lawful);
    if (best.empty() || (maximizing ? v[objective_seat] > best[objective_seat]
                                    : v[objective_seat] < best[objective_seat]))
      best = v;
  }
  return best;
}

// ---------------------------------------------------------------------------------------
// Ghost Hand Euchre: the seat to act against the other two; after its play nobody reneges.

namespace ge = ghost_euchre;

bool euchre_lawful(const ge::State& s, ge::Action a) {
  const Card led = ge::led_card(s);
  return !led.valid() || !ge::ranking_for(Suit(s.trump)).reneges(s.hands[a.seat], led, Card(a.arg));
}

// A hand of random options and random bidding, played at random until `tricks_left` tricks
// remain and then `extra` more cards; the first scored hand of a new game (hands_scored 0).
ge::State euchre_ending(PortableRng& rng, int tricks_left, int extra) {
  ge::Options o;
  Error err;
  if (rng.bounded(2)) REQUIRE(ge::set_option(&o, "renege", "penalize", &err) == Reason::ok);
  if (rng.bounded(2)) REQUIRE(ge::set_option(&o, "declarer_scores", "bid", &err) == Reason::ok);
  if (rng.bounded(2)) REQUIRE(ge::set_option(&o, "moon_set", "6", &err) == Reason::ok);
  REQUIRE(ge::set_option(&o, "all_pass", "stick_dealer", &err) == Reason::ok);
  ge::State s = ge::new_game(o, int(rng.bounded(3)));
  REQUIRE(ge::deal_seed(s, rng.next(), &s, &err) == Reason::ok);
  ge::Action actions[ge::kMaxLegalActions];
  while (s.phase != ge::Phase::play ||
         s.tricks_done * ge::kPlayers + s.in_trick < (ge::kTricks - tricks_left) * 3 + extra) {
    const int n = ge::legal_actions(s, actions);
    REQUIRE(ge::advance(&s, actions[rng.bounded(uint64_t(n))], &err) == Reason::ok);
  }
  return s;
}

void check_euchre(solve::Solver& solver, const ge::State& s) {
  solve::CardValue values[solve::kMaxPlays];
  int count = 0;
  Error err;
  REQUIRE(solver.card_values(s, values, &count, &err) == Reason::ok);
  ge::Action actions[ge::kMaxLegalActions];
  REQUIRE(count == ge::legal_actions(s, actions));
  const int seat = s.to_act;
  for (int i = 0; i < count; ++i) {
    ge::State next;
    REQUIRE(ge::apply(s, actions[i], &next, &err) == Reason::ok);
    const std::vector<int32_t> v = brute_force<ge::State, ge::Action, ge::kMaxLegalActions>(
        next, seat, 1u << seat, &euchre_lawful);
    CAPTURE(ge::format_action(actions[i]));
    CAPTURE(ge::view_text(ge::view(s, seat)));
    CHECK(values[i].card.code == actions[i].arg);
    CHECK(values[i].value == v[seat]);
  }
}

// ---------------------------------------------------------------------------------------
// Sheepshead: the picker's side against the defenders, or in a leaster the seat to act
// against the other four.

namespace sh = sheepshead;

sh::State sheepshead_ending(PortableRng& rng, int tricks_left, int extra) {
  sh::Options o;
  Error err;
  if (rng.bounded(2)) REQUIRE(sh::set_option(&o, "double_on_bump", "on", &err) == Reason::ok);
  if (rng.bounded(2)) REQUIRE(sh::set_option(&o, "leaster_blind", "none", &err) == Reason::ok);
  if (rng.bounded(4) == 0) REQUIRE(sh::set_option(&o, "unknown", "off", &err) == Reason::ok);
  sh::State s = sh::new_game(o, int(rng.bounded(5)));
  REQUIRE(sh::deal_seed(s, rng.next(), &s, &err) == Reason::ok);
  const bool leaster = rng.bounded(4) == 0;
  sh::Action actions[sh::kMaxLegalActions];
  while (s.phase != sh::Phase::play ||
         s.tricks_done * sh::kPlayers + s.in_trick < (sh::kTricks - tricks_left) * 5 + extra) {
    const int n = sh::legal_actions(s, actions);
    int pick = int(rng.bounded(uint64_t(n)));
    if (s.phase == sh::Phase::picking)  // pick at once, or let everybody pass
      for (int i = 0; i < n; ++i)
        if (actions[i].kind == (leaster ? sh::ActionKind::pass : sh::ActionKind::pick)) pick = i;
    // Prefer unknown calls now and then: they are rare at random.
    if (s.phase == sh::Phase::calling && rng.bounded(2))
      for (int i = 0; i < n; ++i)
        if (actions[i].kind == sh::ActionKind::call && actions[i].b != kNoCard) pick = i;
    REQUIRE(sh::advance(&s, actions[pick], &err) == Reason::ok);
  }
  return s;
}

void check_sheepshead(solve::Solver& solver, const sh::State& s) {
  solve::CardValue values[solve::kMaxPlays];
  int count = 0;
  Error err;
  REQUIRE(solver.card_values(s, values, &count, &err) == Reason::ok);
  sh::Action actions[sh::kMaxLegalActions];
  REQUIRE(count == sh::legal_actions(s, actions));
  const int seat = s.to_act;
  const bool leaster = s.contract == sh::Contract::leaster;
  unsigned maximizers = 1u << seat;
  int objective_seat = seat;
  if (!leaster) {
    objective_seat = s.picker;
    maximizers = 1u << s.picker;
    if (s.contract == sh::Contract::called) maximizers |= 1u << s.partner;
  }
  for (int i = 0; i < count; ++i) {
    sh::State next;
    REQUIRE(sh::apply(s, actions[i], &next, &err) == Reason::ok);
    const std::vector<int32_t> v = brute_force<sh::State, sh::Action, sh::kMaxLegalActions>(
        next, objective_seat, maximizers, [](const sh::State&, sh::Action) { return true; });
    CAPTURE(sh::format_action(actions[i]));
    CAPTURE(sh::view_text(sh::view(s, seat)));
    CHECK(values[i].card.code == actions[i].a);
    CHECK(values[i].value == v[seat]);
  }
}

}  // namespace

TEST_CASE("solve G7-G9: the Euchre solver's values equal brute force on random endings") {
  PortableRng rng(15);
  solve::Solver solver(12);  // one small table for every ending: keys must never collide
  for (int deal = 0; deal < 400; ++deal) {
    const int tricks_left = 2 + deal % 3;
    check_euchre(solver, euchre_ending(rng, tricks_left, int(rng.bounded(3))));
  }
  CHECK(solver.stats().nodes > 0);
}

TEST_CASE("solve S8-S14: the Sheepshead solver's values equal brute force on random endings") {
  PortableRng rng(16);
  solve::Solver solver(12);
  int leasters = 0, unknowns = 0;
  for (int deal = 0; deal < 600; ++deal) {
    const int tricks_left = deal % 2 ? 3 : 2;
    const sh::State s = sheepshead_ending(rng, tricks_left, int(rng.bounded(5)));
    leasters += s.contract == sh::Contract::leaster;
    unknowns += s.unknown != kNoCard;
    check_sheepshead(solver, s);
  }
  CHECK(leasters > 50);
  CHECK(unknowns > 10);
}

// The table, keyed by relative ranks, against no table at all, on longer endings than brute
// force can reach: one small shared table must give the values a search without one does.
TEST_CASE("solve: the transposition table changes no value (four to six tricks left)") {
  PortableRng rng(17);
  solve::Solver shared(10), untabled(0);
  solve::CardValue with[solve::kMaxPlays], without[solve::kMaxPlays];
  int count_with = 0, count_without = 0;
  Error err;
  for (int deal = 0; deal < 300; ++deal) {
    const ge::State g = euchre_ending(rng, 6 - deal % 3, int(rng.bounded(3)));
    REQUIRE(shared.card_values(g, with, &count_with, &err) == Reason::ok);
    REQUIRE(untabled.card_values(g, without, &count_without, &err) == Reason::ok);
    REQUIRE(count_with == count_without);
    for (int i = 0; i < count_with; ++i) CHECK(with[i].value == without[i].value);
  }
  for (int deal = 0; deal < 300; ++deal) {
    const sh::State s = sheepshead_ending(rng, deal % 4 ? 4 : 5, int(rng.bounded(5)));
    REQUIRE(shared.card_values(s, with, &count_with, &err) == Reason::ok);
    REQUIRE(untabled.card_values(s, without, &count_without, &err) == Reason::ok);
    REQUIRE(count_with == count_without);
    for (int i = 0; i < count_with; ++i) CHECK(with[i].value == without[i].value);
  }
  CHECK(shared.stats().table_hits > 0);
  CHECK(untabled.stats().table_hits == 0);
}

// The bot's budget: a call over its node limit gives up (ok, no values) and leaves nothing
// unproven in the table: the same solver, limit lifted, still gives the untabled values.
TEST_CASE("solve: a node limit gives up without a value and stores nothing unproven") {
  PortableRng rng(23);
  solve::Solver limited(10), untabled(0);
  solve::CardValue with[solve::kMaxPlays], without[solve::kMaxPlays];
  int count_with = -1, count_without = 0, gave_up = 0;
  Error err;
  for (int deal = 0; deal < 60; ++deal) {
    const sh::State s = sheepshead_ending(rng, 5, int(rng.bounded(5)));
    limited.set_node_limit(1 + rng.bounded(400));
    REQUIRE(limited.card_values(s, with, &count_with, &err) == Reason::ok);
    gave_up += count_with == 0;
    limited.set_node_limit(0);
    REQUIRE(limited.card_values(s, with, &count_with, &err) == Reason::ok);
    REQUIRE(untabled.card_values(s, without, &count_without, &err) == Reason::ok);
    REQUIRE(count_with == count_without);
    for (int i = 0; i < count_with; ++i) CHECK(with[i].value == without[i].value);
  }
  CHECK(gave_up > 30);
}

TEST_CASE("solve: refuses outside the play phase and changes nothing") {
  solve::Solver solver;
  solve::CardValue values[solve::kMaxPlays];
  int count = -1;
  Error err;
  ge::State g = ge::new_game();
  CHECK(solver.card_values(g, values, &count, &err) == Reason::wrong_phase);
  CHECK(count == -1);
  CHECK(std::string(err.message).find("deal") != std::string::npos);
  REQUIRE(ge::deal_seed(g, 1, &g, &err) == Reason::ok);
  CHECK(solver.card_values(g, values, &count, &err) == Reason::wrong_phase);
  sh::State s = sh::new_game();
  CHECK(solver.card_values(s, values, &count, &err) == Reason::wrong_phase);
  CHECK(count == -1);
}
