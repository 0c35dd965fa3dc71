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

#include "deckhand/game.hpp"

namespace deckhand {

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
};

// Every game of this build, in catalog order (src/common/game_list.cpp).
std::span<const GameDescriptor* const> game_descriptors();
// The descriptor of that name, matched as make_game does, or nullptr.
const GameDescriptor* find_game(std::string_view name);
// "ghost-euchre, sheepshead, toonerville": the names for a refusal of an unknown game.
std::string game_names();

}  // namespace deckhand
