// The subcommands. Records and replays go through the game-independent deckhand::Game;
// simulate, play and demo dispatch to each game's module (bots and narration use the pure
// C++ API of each game).
#include "commands.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "../../src/common/text.hpp"
#include "cli_util.hpp"
#include "deckhand/game.hpp"

namespace deckhand::cli {

namespace {
// The code that starts a read failure's message and names it in the JSON.
const char* read_failure_code(ReadStatus status) {
  return status == ReadStatus::too_large ? "input_too_large" : "unreadable_input";
}

// A record that cannot be read (missing, not a file, over kInputCap): the refusal JSON of
// `replay` with line 0 (no line of it was read), and exit status 2 as for the other errors of
// the command line itself.
int input_refused(ReadStatus status, const std::string& why) {
  text::Json j;
  j.begin_object();
  j.key("ok").value(false);
  j.key("line").value(0);
  j.key("code").value(read_failure_code(status));
  j.key("message").value(why);
  j.end_object();
  fmt::print("{}\n", j.str());
  return 2;
}
}  // namespace

ReadStatus read_input(const std::string& path, std::string* out, std::string* why) {
  out->clear();
  const std::string name = path == "-" ? "standard input" : text::quote(path).c_str();
  auto refuse = [&](ReadStatus status, const std::string& detail) {
    *why = fmt::format("{}: {}", read_failure_code(status), detail);
    return status;
  };
  std::FILE* file = stdin;
  if (path != "-") {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec))  // a directory reads as an error
      return refuse(ReadStatus::unreadable, fmt::format("cannot read {}: {}", name,
                                                        ec ? ec.message() : "not a regular file"));
    file = std::fopen(path.c_str(), "rb");
    if (!file)
      return refuse(ReadStatus::unreadable,
                    fmt::format("cannot read {}: {}", name, std::strerror(errno)));
  }
  // Read at most one byte past the cap: that byte is enough to refuse the input.
  char chunk[1 << 16];
  size_t got = 0;
  do {
    got = std::fread(chunk, 1, std::min(sizeof chunk, kInputCap + 1 - out->size()), file);
    out->append(chunk, got);
  } while (got > 0 && out->size() <= kInputCap);
  const bool failed = std::ferror(file) != 0;
  if (file != stdin) std::fclose(file);
  if (out->size() > kInputCap)
    return refuse(
        ReadStatus::too_large,
        fmt::format("{} is larger than {}, the most deckhand reads", name, kInputCapText));
  if (failed) return refuse(ReadStatus::unreadable, fmt::format("reading {} failed", name));
  return ReadStatus::ok;
}

int write_and_replay(const Game& game, const std::string& out_dir) {
  std::error_code ec;
  std::filesystem::create_directories(out_dir, ec);
  const std::string path =
      (std::filesystem::path(out_dir) / (std::string(game.name()) + ".rec")).string();
  std::ofstream(path, std::ios::binary) << game.record();
  std::string record, why;
  if (read_input(path, &record, &why) != ReadStatus::ok) {
    fmt::print(stderr, "deckhand: {}\n", why);
    return 1;
  }
  const ReplayResult replayed = replay_record(record);
  fmt::print("record written to {}; its replay:\n{}\n", path, replay_json(replayed));
  if (!replayed.ok || replayed.final_game->serialize() != game.serialize()) {
    fmt::print(stderr, "deckhand: the replayed record does not reproduce the game\n");
    return 1;
  }
  fmt::print("the replay reproduces the game exactly\n");
  return 0;
}

std::string cards_text(CardSet set) {
  char buf[100];
  format_cards(set, buf);
  return buf;
}

namespace {
// std::getline, but a line longer than kInputCap ends the tool (main reports the exception and
// exits 2) instead of being read to its end.
bool read_line(std::string* line) {
  line->clear();
  for (int c = std::getc(stdin); c != EOF; c = std::getc(stdin)) {
    if (c == '\n') return true;
    if (line->size() == kInputCap)
      throw std::length_error(fmt::format(
          "input_too_large: a line of standard input is larger than {}, the most deckhand reads",
          kInputCapText));
    line->push_back(char(c));
  }
  return !line->empty();
}
}  // namespace

HumanInput read_human_action(const std::string& options, const char* help, std::string* line) {
  fmt::print("legal: {}\n> ", options);
  std::fflush(stdout);
  if (!read_line(line)) {
    fmt::print("\n(end of input: leaving the game)\n");
    return HumanInput::quit;
  }
  if (*line == "quit" || *line == "exit") return HumanInput::quit;
  if (*line == "help") fmt::print("actions: {}\n", help);
  if (*line == "legal" || *line == "view" || *line == "help" || line->empty())
    return HumanInput::again;
  return HumanInput::action;
}

std::string seat_list(uint32_t mask, int players) {
  std::string s;
  for (int p = 0; p < players; ++p)
    if (mask >> p & 1) s += (s.empty() ? "seat " : " and seat ") + std::to_string(p);
  return s;
}

namespace {
int unknown_game(const std::string& game) {
  fmt::print(stderr, "deckhand: unknown game {} (ghost-euchre, sheepshead, toonerville)\n",
             text::quote(game).c_str());
  return 2;
}
// --players fits only Toonerville (3-5); the other games have a fixed table.
int players_usage(const std::string& game, int players) {
  fmt::print(stderr, "deckhand: {} is not for {} players\n", game, players);
  return 2;
}
}  // namespace

int cmd_replay(const std::string& path) {
  std::string record, why;
  if (const ReadStatus status = read_input(path, &record, &why); status != ReadStatus::ok)
    return input_refused(status, why);
  const ReplayResult result = replay_record(record);
  fmt::print("{}\n", replay_json(result));
  return result.ok ? 0 : 1;
}

int cmd_view(const std::string& path, int seat, bool json) {
  std::string record, why;
  if (const ReadStatus status = read_input(path, &record, &why); status != ReadStatus::ok)
    return input_refused(status, why);
  const ReplayResult result = replay_record(record);
  if (!result.ok) {
    fmt::print("{}\n", replay_json(result));
    return 1;
  }
  if (seat >= result.final_game->players()) {
    fmt::print(stderr, "deckhand: seat {} does not exist in a {}-player game\n", seat,
               result.final_game->players());
    return 2;
  }
  fmt::print("{}\n",
             json ? result.final_game->view_json(seat) : result.final_game->view_text(seat));
  return 0;
}

int cmd_simulate(const std::string& game, int64_t games, uint64_t seed, int players,
                 const OptionList& options, bool quiet) {
  if (game == "toonerville")
    return toonerville_simulate(games, seed, players ? players : 4, options, quiet);
  if (game != "ghost-euchre" && game != "sheepshead") return unknown_game(game);
  const int fixed = game == "ghost-euchre" ? 3 : 5;
  if (players && players != fixed) return players_usage(game, players);
  return game == "ghost-euchre" ? euchre_simulate(games, seed, options, quiet)
                                : sheepshead_simulate(games, seed, options, quiet);
}

int cmd_play(const std::string& game, uint64_t seed, int players, int seat) {
  if (game == "toonerville") return toonerville_play(seed, players ? players : 4, seat);
  if (game != "ghost-euchre" && game != "sheepshead") return unknown_game(game);
  const int fixed = game == "ghost-euchre" ? 3 : 5;
  if (players && players != fixed) return players_usage(game, players);
  if (seat >= fixed) {
    fmt::print(stderr, "deckhand: seat {} does not exist in {}\n", seat, game);
    return 2;
  }
  return game == "ghost-euchre" ? euchre_play(seed, seat) : sheepshead_play(seed, seat);
}

int cmd_demo(uint64_t seed, const std::string& out_dir) {
  if (int rc = euchre_demo(seed, out_dir); rc != 0) return rc;
  fmt::print("\n");
  if (int rc = sheepshead_demo(seed, out_dir); rc != 0) return rc;
  fmt::print("\n");
  return toonerville_demo(seed, out_dir);
}

int cmd_games(bool json) {
  if (json) {
    fmt::print("{}\n", catalog_json());
    return 0;
  }
  for (const GameSpec& spec : game_specs()) {
    const std::string players = spec.min_players == spec.max_players
                                    ? std::to_string(spec.min_players)
                                    : fmt::format("{}-{}", spec.min_players, spec.max_players);
    fmt::print("{} ({} players)\n  {}\n  options (key=value):\n", spec.name, players,
               spec.description);
    for (const auto& options : {spec.options, engine_options()})
      for (const OptionSpec& o : options)
        fmt::print("    {:<16} {:<26} default {:<11} {:<6} {}\n", o.name, o.values, o.default_value,
                   o.rule, o.description);
    fmt::print("  phases:");
    for (const char* phase : spec.phases) fmt::print(" {}", phase);
    fmt::print("\n  actions:");
    for (const ActionKindSpec& k : spec.action_kinds) fmt::print(" [{}]", k.syntax);
    fmt::print("\n\n");
  }
  fmt::print(
      "Game names, option names and values are matched ignoring case and surrounding spaces.\n");
  return 0;
}

}  // namespace deckhand::cli
