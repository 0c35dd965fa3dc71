// Helpers shared by the command-line tool's game modules.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "deckhand/cards.hpp"
#include "deckhand/game.hpp"

namespace deckhand::cli {

// The most the tool reads from one input: a record (a file, or standard input for "-") and one
// line typed in `play`. Reading stops just past the cap, so endless input is refused at once.
constexpr size_t kInputCap = size_t(64) << 20;
constexpr const char* kInputCapText = "64 MiB";

// Reads a file, or standard input for "-", into *out. On failure *why says what went wrong
// ("unreadable_input: ..." or "input_too_large: ...", the code first as in library messages).
enum class ReadStatus { ok, unreadable, too_large };
ReadStatus read_input(const std::string& path, std::string* out, std::string* why);

// Writes `game` as a record to DIR/NAME.rec, replays that file and prints the replay JSON;
// 0 when the replay reproduces the game byte for byte, else 1.
int write_and_replay(const Game& game, const std::string& out_dir);

// The human's turn in `play`: prints "legal: <options>" and a prompt, then reads one line.
// quit: end of input (said so), "quit" or "exit"; again: an empty line, "legal", "view" or
// "help" (printing `help`); action: *line holds an action to try.
enum class HumanInput { action, again, quit };
HumanInput read_human_action(const std::string& options, const char* help, std::string* line);

// Canonical card list ("9C JD AS").
std::string cards_text(CardSet set);

// "seat 1 and seat 3" for a bit mask of seats.
std::string seat_list(uint32_t mask, int players);

// Per-game entry points of simulate, play and demo (exit codes as in commands.hpp).
int euchre_simulate(int64_t games, uint64_t seed, bool quiet);
int euchre_play(uint64_t seed, int human);
int euchre_demo(uint64_t seed, const std::string& out_dir);
int sheepshead_simulate(int64_t games, uint64_t seed, bool quiet);
int sheepshead_play(uint64_t seed, int human);
int sheepshead_demo(uint64_t seed, const std::string& out_dir);
int toonerville_simulate(int64_t games, uint64_t seed, int players, bool quiet);
int toonerville_play(uint64_t seed, int players, int human);
int toonerville_demo(uint64_t seed, const std::string& out_dir);

}  // namespace deckhand::cli
