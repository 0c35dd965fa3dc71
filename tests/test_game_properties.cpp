// The property harness every game of the catalog runs (in the spirit of OpenSpiel's random
// simulation test), through the generic interface only, at every player count: random games
// with the game's play limit, checking at every state that
//   - to_act, legal_count and legal_actions agree, and every listed action passes check, its
//     text parses back to the same code, and applying it by code, by text or by index gives
//     the same game;
//   - a refused action (a garbage code, a listed action by a seat that may not act) changes
//     nothing;
//   - clone, copy_from, serialize -> deserialize_game and load reproduce the game, and a
//     history=off game played alongside is in the same state;
//   - every seat's view, and the spectator's, leaves the game unchanged, and stays the same
//     when two cards hidden from that seat are exchanged (the view leak test; the game's
//     descriptor says where hidden cards lie);
// and per hand and per game that the hand deltas add up to the scores, a finished game has
// winners, and its record replays to the identical game. What only one game has (its rule
// oracles, its whole action space, thousands more games under random options) stays in
// test_<game>_properties.cpp.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "common/games.hpp"
#include "deckhand/game.hpp"
#include "deckhand/rng.hpp"
#include "test_support.hpp"

using namespace deckhand;

namespace {

// Games per game and player count: enough to reach every phase and the end of the game
// under the play limit (the per-game property tests play thousands more).
constexpr int kGames = 6;

std::vector<uint8_t> bytes(const Game& g) {
  return g.serialize();
}

void check_copies(const Game& game) {
  const std::vector<uint8_t> image = bytes(game);
  ENSURE(bytes(*game.clone()) == image, "clone");
  Error err;
  auto restored = deserialize_game(image.data(), image.size(), &err);
  ENSURE(restored != nullptr, err.message);
  ENSURE(bytes(*restored) == image, "serialize -> deserialize_game");
  restored->reset();
  ENSURE(restored->load(image.data(), image.size(), &err) == Reason::ok, err.message);
  ENSURE(bytes(*restored) == image, "load");
  restored->reset();
  ENSURE(restored->copy_from(game), "copy_from a game of the same kind");
  ENSURE(bytes(*restored) == image, "copy_from");
}

void check_legal(const Game& game, PortableRng& rng) {
  const size_t n = game.legal_count();
  ENSURE((game.to_act() < 0) == (n == 0), "to_act ", game.to_act(), " with ", n, " legal");
  std::vector<ActionCode> legal(n);
  ENSURE(game.legal_actions(legal.data(), n) == n, "legal_actions");
  if (n == 0) return;
  const std::vector<uint8_t> image = bytes(game);
  // Every listed action is allowed, and its text names it exactly.
  uint32_t seats_listed = 0;
  for (const ActionCode& a : legal) {
    Error err;
    ENSURE(game.check(a, &err) == Reason::ok, game.format_action(a), ": ", err.message);
    ActionCode parsed;
    ENSURE(game.parse_action(a.seat, game.format_action(a), &parsed, &err) == Reason::ok,
           err.message);
    ENSURE(parsed == a, game.format_action(a));
    seats_listed |= 1u << a.seat;
  }
  // One listed action by each way in: the same game after it.
  const size_t index = size_t(rng.bounded(n));
  auto by_code = game.clone(), by_text = game.clone(), by_index = game.clone();
  Error err;
  ENSURE(by_code->apply(legal[index], &err) == Reason::ok, err.message);
  ENSURE(
      by_text->apply_text(legal[index].seat, game.format_action(legal[index]), &err) == Reason::ok,
      err.message);
  ENSURE(by_index->apply_legal(index, &err) == Reason::ok, err.message);
  ENSURE(bytes(*by_code) == bytes(*by_text), "apply vs apply_text");
  ENSURE(bytes(*by_code) == bytes(*by_index), "apply vs apply_legal");
  // Refusals change nothing: a listed action made by a seat with nothing listed, and garbage.
  auto refused = game.clone();
  for (int seat = 0; seat < game.players(); ++seat)
    if (!(seats_listed >> seat & 1)) {
      ActionCode other = legal[index];
      other.seat = uint8_t(seat);
      ENSURE(refused->apply(other, nullptr) != Reason::ok, "seat ", seat, " acted out of turn");
      break;
    }
  ActionCode garbage;
  garbage.seat = uint8_t(rng.bounded(uint64_t(game.players())));
  garbage.kind = uint8_t(rng.next());
  garbage.arg = uint8_t(rng.next());
  garbage.count = uint8_t(rng.bounded(4));
  if (refused->apply(garbage, nullptr) == Reason::ok) return;  // it happened to be legal
  ENSURE(bytes(*refused) == image, "a refused action changed the game");
}

// The view leak test: cards hidden from a seat exchanged (the game's descriptor knows where
// they are) leave every view of that seat the same, for every seat and the spectator.
void check_views_hide(const Game& game, PortableRng& rng, int64_t* swaps) {
  const GameDescriptor* descriptor = find_game(game.name());
  for (int seat = -1; seat < game.players(); ++seat) {
    const auto swapped = descriptor->swap_hidden(game, seat, rng.next());
    if (!swapped) continue;
    ++*swaps;
    ENSURE(swapped->view_json(seat) == game.view_json(seat), "seat ", seat, " sees hidden cards");
    ENSURE(swapped->view_text(seat) == game.view_text(seat), "seat ", seat, " sees hidden cards");
  }
}

struct Totals {
  int64_t games = 0, hands = 0, states = 0, swaps = 0;
};

void play_game(const GameSpec& spec, int players, uint64_t seed, Totals* totals) {
  PortableRng rng(seed);
  // A short play limit (1 to 12 hands, or turns a round), so games end within a few hundred
  // random actions.
  const OptionList options = {{spec.limit_option, std::to_string(1 + rng.bounded(12))}};
  OptionList no_history = options;
  no_history.emplace_back("history", "off");
  const int dealer = int(rng.bounded(uint64_t(players)));
  Error err;
  auto game = make_game(spec.name, options, players, dealer, &err);
  REQUIRE_MESSAGE(game, err.message);
  auto stateless = make_game(spec.name, no_history, players, dealer, &err);
  REQUIRE_MESSAGE(stateless, err.message);
  std::vector<int64_t> sums(size_t(players), 0);
  uint32_t scored = 0;
  while (!game->over()) {
    ++totals->states;
    check_copies(*game);
    check_legal(*game, rng);
    check_views_hide(*game, rng, &totals->swaps);
    for (int seat = -1; seat < players; ++seat) {
      const std::vector<uint8_t> before = bytes(*game);
      ENSURE(!game->view_json(seat).empty() && !game->view_text(seat).empty(), "view ", seat);
      ENSURE(bytes(*game) == before, "a view changed the game");
    }
    if (game->awaiting_deal()) {
      const uint64_t deal = rng.next() >> 16;
      REQUIRE(game->deal_seed(deal, &err) == Reason::ok);
      REQUIRE(stateless->deal_seed(deal, &err) == Reason::ok);
      continue;
    }
    const size_t n = game->legal_count();
    REQUIRE(n > 0);
    const size_t index = size_t(rng.bounded(n));
    REQUIRE_MESSAGE(game->apply_legal(index, &err) == Reason::ok, err.message);
    REQUIRE_MESSAGE(stateless->apply_legal(index, &err) == Reason::ok, err.message);
    ENSURE(stateless->view_json(-1) == game->view_json(-1), "history=off went elsewhere");
    if (game->hands_scored() != scored) {
      scored = game->hands_scored();
      ++totals->hands;
      const std::vector<int64_t> deltas = game->last_deltas();
      REQUIRE(deltas.size() == size_t(players));
      for (int p = 0; p < players; ++p) sums[size_t(p)] += deltas[size_t(p)];
      ENSURE(sums == game->scores(), "the hand deltas add up to the scores");
    }
  }
  ++totals->games;
  check_copies(*game);
  CHECK(!game->winners().empty());
  CHECK(game->to_act() == -1);
  CHECK(game->legal_count() == 0);
  CHECK(stateless->over());
  CHECK(stateless->scores() == game->scores());
  // The record replays to the identical game; the restored game writes the same record.
  const ReplayResult replayed = replay_record(game->record());
  REQUIRE_MESSAGE(replayed.ok, replayed.error.message);
  CHECK(bytes(*replayed.final_game) == bytes(*game));
  CHECK(replayed.hand_deltas.size() == game->hands_scored());
  CHECK(replayed.final_game->record() == game->record());
  Error no_record;
  std::string record;
  CHECK(stateless->write_record(&record, &no_record) == Reason::no_history);
}

}  // namespace

TEST_CASE("Every game of the catalog, at every player count: the generic properties") {
  REQUIRE(!game_specs().empty());
  for (const GameSpec& spec : game_specs())
    for (int players = spec.min_players; players <= spec.max_players; ++players) {
      const std::string name = spec.name;
      CAPTURE(name);
      CAPTURE(players);
      Totals totals;
      const int games = property_count(kGames);
      for (int g = 0; g < games; ++g) play_game(spec, players, 2026 + uint64_t(g), &totals);
      MESSAGE(name, " with ", players, " players: ", totals.games, " games, ", totals.hands,
              " hands, ", totals.states, " states");
      CHECK(totals.games == games);
      CHECK(totals.hands >= games);
      CHECK(totals.swaps > totals.states / 2);  // most states hide cards from most seats
    }
}
