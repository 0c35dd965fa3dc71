// The game descriptors (internal header): everything the registry, records, the C ABI's
// discovery, tools and tests need to know about a game, one entry per game in the list of
// src/common/game_list.cpp. docs/adding-a-game.md walks through adding one.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "deckhand/game.hpp"

namespace deckhand {

class PortableRng;
namespace bots {
class Bot;
enum class Level : uint8_t;
struct Budget;
}  // namespace bots
namespace solve {
class Solver;
struct CardValue;
}  // namespace solve
namespace rl {
struct Encoder;
}

// What a game plugs into the library besides its rules: its bots, its consistent-deal
// sampler, its open-hand solver and its reinforcement-learning encoder. The generic code
// (bots::make_bot, bots::sample_consistent, dh_solve_card_values, rl::encoder_for) finds
// them here, so that it never chooses a game by name. Each game defines its own in
// src/<game>/extensions.cpp; a member is null when the game has none.
struct GameExtensions {
  // The bot of `level` for this game (make_bot has checked the level and the options).
  std::unique_ptr<bots::Bot> (*make_bot)(bots::Level level, uint64_t seed,
                                         const bots::Budget& budget);
  // A state of `game` (of this kind) that `seat` cannot tell from it, its hidden cards drawn
  // from `rng`, as serialized bytes (Game::serialize's image without the history word);
  // false when no deal is consistent with the seat's view (a bug).
  bool (*sample_consistent)(const Game& game, int seat, PortableRng& rng,
                            std::vector<uint8_t>* image);
  // The open-hand solver's value of every legal play of the seat to act in `game`
  // (solve::Solver::card_values); null for a game without one (only trick-taking games
  // have one).
  Reason (*solve)(solve::Solver& solver, const Game& game, solve::CardValue* out, int* count,
                  Error* err);
  // The observation encoder and action index (src/rl/rl.hpp); null: no RL environment.
  const rl::Encoder* encoder;
  // What a table tells each seat of a change (src/table/); null: the table tells only public
  // action texts and no private cards.
  const struct TableHooks* table = nullptr;
  // The personas its heuristic bots take (`persona=NAME`, Budget::persona = index + 1), a
  // null-terminated list; null: none.
  const char* const* personas = nullptr;
  // The ladder's level 4: `strong` with this share of its decisions (percent) taken on habit,
  // as `basic` takes them — the rung set midway between 3 and 5 (docs/bots.md, "The ladder").
  uint8_t level4_habit = 50;
};

// Cards one seat got that the others did not see (a draw, the blind, the ghost hand): `count`
// cards, named space-separated in `cards`.
struct CardNews {
  int8_t seat = -1;
  uint8_t count = 0;
  char cards[126] = {};
};

// The same cards as the game keeps them (a card set, counts per face), named only when an
// event stream or an image asks (TableHooks::name): most news is never read.
struct CardBits {
  int8_t seat = -1;
  uint8_t bytes[63];  // the game's own form; TableHooks::name reads what the game wrote
};

// What a table asks of its game after every change, answered from the state in one call.
struct TableStatus {
  int8_t to_act = -1;  // Game::to_act
  bool over = false;
  bool awaiting_deal = false;
  bool needs_reshuffle = false;
  bool offering = false;  // TableHooks::offering
  uint32_t hands_scored = 0;
  friend bool operator==(const TableStatus&, const TableStatus&) = default;
};

// The game's part of a table's per-seat event streams (docs/tables.md). The hooks read the
// game's own state (Game::state_data). The table keeps a copy of the bytes of the state the
// hooks compare, [kept_offset, kept_offset + kept_size) at the same offsets in a buffer of
// state_size bytes (a seat's hands, say): as the state was before each action, because
// `received` brings it up to date after each one (and the table copies it whole after a deal or
// reshuffle; debug builds check it against the state after every change).
struct TableHooks {
  size_t state_size;
  // The form of `action` every seat but the actor is told, where its text names cards the
  // others may not see (Sheepshead's bury), into out (at most kPublicTextMax bytes); returns
  // its length, 0 when the action's own text is public. `after`: the state after the action.
  static constexpr size_t kPublicTextMax = 32;
  size_t (*public_text)(const void* after, const ActionCode& action, char* out);
  // After an action: the cards seats got in it that the others did not see, from `kept` (as
  // the state was before it) to `after`, into out[0..n); returns n (at most 2). Then brings
  // `kept` up to date with `after`, and answers *status for `after` (as `status` does: one call
  // after each action). Required of a game with hooks.
  int (*received)(void* kept, const void* after, const ActionCode& action, CardBits out[2],
                  TableStatus* status);
  // The cards `seat` holds, for the deal event.
  void (*hand)(const void* state, int seat, CardBits* out);
  // The cards of `bits` (from received or hand), named.
  void (*name)(const CardBits& bits, CardNews* out);
  // to_act, over, awaiting_deal, needs_reshuffle, offering and hands_scored of `state`.
  void (*status)(const void* state, TableStatus* out);
  // Offers several seats may answer at once (T6): a decision whose legal actions are exactly
  // one action of each of these kinds, the decline passing the offer to the next seat; -1 when
  // the game has none.
  int offer_accept_kind = -1;
  int offer_decline_kind = -1;
  // Whether such an offer is open in `state` (the offered seat is to act).
  bool (*offering)(const void* state) = nullptr;
  // The bytes of the state the hooks keep and compare (above); 0: all state_size.
  size_t kept_offset = 0;
  size_t kept_size = 0;
  // A scored hand's result, kept as the numbers it is made of and written as JSON only when
  // an event stream or an image asks for it: save_result copies `result_size` bytes of the
  // state just after the hand was scored; hand_result gives from them the hand's
  // last_hand_json, its deltas and the scores of the `players` seats, as the game gave them
  // then. 0/nullptr: the table asks the game for its JSON as the hand ends.
  size_t result_size = 0;
  void (*save_result)(const void* state, void* out) = nullptr;
  void (*hand_result)(const void* saved, int players, std::string* result, int64_t* deltas,
                      int64_t* scores) = nullptr;
};

// The options the engine itself takes, the same for every game; make_game takes them out of
// the option list before the game sees it.
struct EngineOptions {
  bool history = true;  // history=on|off
};

struct GameDescriptor {
  // The catalog entry: name, player range, options with their values and defaults, phases
  // and action kinds (deckhand games, dh_catalog_*).
  const GameSpec& spec;
  // The four bytes that start the game's serialized state ("DHge"): deserialize_game picks
  // the game by them.
  const char* image_tag;
  // A new game with its own options (engine options taken out), a player count checked
  // against the spec's range, and a first dealer below it.
  std::unique_ptr<Game> (*make)(const OptionList& options, const EngineOptions& engine, int players,
                                int first_dealer, Error* err);
  // Game::serialize bytes whose image tag is this game's.
  std::unique_ptr<Game> (*restore)(const uint8_t* bytes, size_t len, Error* err);
  // The view leak test's hook (tests/test_game_properties.cpp): `game` (of this kind) with
  // two cards hidden from `seat` exchanged, picked by `pick`, as a game without history; nullptr
  // when fewer than two places hide cards from the seat. Every view of `seat` must stay the same.
  std::unique_ptr<Game> (*swap_hidden)(const Game& game, int seat, uint64_t pick);
  // Bots, sampler, solver, encoder (set by the game's descriptor() through with_extensions).
  const GameExtensions* extensions = nullptr;
};

// `d` with the game's extensions hung on it: what a game's descriptor() returns.
inline GameDescriptor with_extensions(GameDescriptor d, const GameExtensions& extensions) {
  d.extensions = &extensions;
  return d;
}
// The extensions of the kind of game `game` is.
const GameExtensions& extensions_of(const Game& game);

// Every game of this build, in catalog order (src/common/game_list.cpp).
std::span<const GameDescriptor* const> game_descriptors();
// The descriptor of that name, matched as make_game does, or nullptr.
const GameDescriptor* find_game(std::string_view name);
// "ghost-euchre, sheepshead, toonerville": the names for a refusal of an unknown game.
std::string game_names();

}  // namespace deckhand
