// The subcommands of the deckhand command-line tool (docs/cli.md).
#pragma once

#include <cstdint>
#include <string>

#include "deckhand/game.hpp"

namespace deckhand::cli {

// Each returns the process exit code: 0 success, 1 refused or failed, 2 usage error.
int cmd_replay(const std::string& path);
int cmd_view(const std::string& path, int seat, bool json);

struct SimulateArgs {
  std::string game;
  int64_t games = 1000;
  uint64_t seed = 1;
  int players = 0;          // 0: the game's own count (Toonerville: 4)
  OptionList options;       // --option key=value; the play limit is set unless given
  bool quiet = false;       // no report but the timing line
  bool json = false;        // one JSON object per game on its own line, no report
  std::string records_dir;  // --records DIR: each game's record as DIR/<game>-<n>.rec
};
int cmd_simulate(const SimulateArgs& args);

struct PlayArgs {
  std::string game;
  uint64_t seed = 0;  // the deals and the bots' choices
  int players = 0;
  int seat = 0;
  OptionList options;
  std::string level = "basic";  // --level: the library bots' level (random, basic, strong, expert)
  OptionList bot_options;       // --bot-option: their budget (play's default: kPlaySamples)
  std::string save_path;        // --save FILE: the record, when the game ends or you leave
  std::string offers = "ask";   // --offers ask|useful|never (game_loop.hpp's Offers)
};
int cmd_play(const PlayArgs& args);
int cmd_demo(uint64_t seed, const std::string& out_dir);
// The games, their options, phases and action kinds (deckhand::catalog_json with --json).
int cmd_games(bool json);
// Bot tournaments on duplicate deals (src/cli/arena.cpp); parses its own arguments.
int cmd_arena(int argc, char** argv);

// The options bots play with: `given`, and the game's play limit at its unattended value
// unless given (so every game ends: G10, S15, T13); false, after saying why on stderr, for a
// limit of 0.
bool with_play_limit(const GameSpec& spec, const OptionList& given, OptionList* out);

}  // namespace deckhand::cli
