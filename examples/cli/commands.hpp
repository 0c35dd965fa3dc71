// The subcommands of the deckhand command-line tool (docs/cli.md).
#pragma once

#include <cstdint>
#include <string>

#include "deckhand/game.hpp"

namespace deckhand::cli {

// Each returns the process exit code: 0 success, 1 refused or failed, 2 usage error.
int cmd_replay(const std::string& path);
int cmd_view(const std::string& path, int seat, bool json);
// `players` 0 means the game's own count (Toonerville: 4). `options`: the --option key=value
// settings; simulate always plays with a limit, so every game ends (G10, S15, T13).
int cmd_simulate(const std::string& game, int64_t games, uint64_t seed, int players,
                 const OptionList& options, bool quiet);
int cmd_play(const std::string& game, uint64_t seed, int players, int seat);
int cmd_demo(uint64_t seed, const std::string& out_dir);
// The games, their options, phases and action kinds (deckhand::catalog_json with --json).
int cmd_games(bool json);
// Bot tournaments on duplicate deals (examples/cli/arena.cpp); parses its own arguments.
int cmd_arena(int argc, char** argv);

}  // namespace deckhand::cli
