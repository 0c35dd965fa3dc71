// Helpers shared by the command-line tool's game modules.
#pragma once

#include <fmt/core.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

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

// simulate's game options: the game's defaults with its play limit (option `limit`, field
// `field`) at `default_limit`, then each --option in order. False, after saying why on stderr,
// for an option the game refuses, or for a limit of 0: bots could then play one game forever
// (G10, S15, T13).
template <typename Options>
bool simulate_options(const OptionList& given, const char* limit, uint32_t Options::*field,
                      uint32_t default_limit,
                      Reason (*set)(Options*, std::string_view, std::string_view, Error*),
                      Options* out) {
  Options o;
  o.*field = default_limit;
  Error err;
  for (const auto& [key, value] : given) {
    if (set(&o, key, value, &err) != Reason::ok) {
      fmt::print(stderr, "deckhand: --option {}={}: {}\n", key, value, err.message);
      return false;
    }
  }
  if (o.*field == 0) {
    fmt::print(stderr,
               "deckhand: --option {}=0 would let a game go on forever; simulate needs a limit "
               "(1 or more)\n",
               limit);
    return false;
  }
  *out = o;
  return true;
}

// "max_hands=1000 (simulate's default limit; set it with --option max_hands=N)", or
// "max_hands=20" when --option set it, for the report.
inline std::string limit_note(const OptionList& given, const char* limit, uint32_t value) {
  const std::string_view name = limit;
  auto same = [&](const std::string& key) {
    return key.size() == name.size() &&
           std::equal(key.begin(), key.end(), name.begin(), [](char a, char b) {
             return (a | 0x20) == (b | 0x20);  // option names are letters and '_'
           });
  };
  for (const auto& given_option : given)
    if (same(given_option.first)) return fmt::format("{}={}", limit, value);
  return fmt::format("{}={} (simulate's default limit; set it with --option {}=N)", limit, value,
                     limit);
}

// Per-game entry points of simulate, play and demo (exit codes as in commands.hpp). simulate
// takes the --option settings and always plays with a limit, so every game ends.
int euchre_simulate(int64_t games, uint64_t seed, const OptionList& options, bool quiet);
int euchre_play(uint64_t seed, int human);
int euchre_demo(uint64_t seed, const std::string& out_dir);
int sheepshead_simulate(int64_t games, uint64_t seed, const OptionList& options, bool quiet);
int sheepshead_play(uint64_t seed, int human);
int sheepshead_demo(uint64_t seed, const std::string& out_dir);
int toonerville_simulate(int64_t games, uint64_t seed, int players, const OptionList& options,
                         bool quiet);
int toonerville_play(uint64_t seed, int players, int human);
int toonerville_demo(uint64_t seed, const std::string& out_dir);

}  // namespace deckhand::cli
