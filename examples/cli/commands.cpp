// The subcommands. Records and replays go through the game-independent deckhand::Game;
// simulate, play and demo dispatch to each game's module (bots and narration use the pure
// C++ API of each game).
#include "commands.hpp"

#include <fmt/core.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

#include "cli_util.hpp"
#include "deckhand/game.hpp"

namespace deckhand::cli {

bool read_input(const std::string& path, std::string* out) {
  if (path == "-") {
    std::ostringstream ss;
    ss << std::cin.rdbuf();
    *out = ss.str();
    return true;
  }
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) return false;  // a directory reads as an error
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  out->assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return !in.bad();
}

int write_and_replay(const Game& game, const std::string& out_dir) {
  std::error_code ec;
  std::filesystem::create_directories(out_dir, ec);
  const std::string path =
      (std::filesystem::path(out_dir) / (std::string(game.name()) + ".rec")).string();
  std::ofstream(path, std::ios::binary) << game.record();
  std::string record;
  if (!read_input(path, &record)) {
    fmt::print(stderr, "deckhand: cannot read back {}\n", path);
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

HumanInput read_human_action(const std::string& options, const char* help, std::string* line) {
  fmt::print("legal: {}\n> ", options);
  std::fflush(stdout);
  if (!std::getline(std::cin, *line)) {
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
  fmt::print(stderr, "deckhand: unknown game '{}' (ghost-euchre, sheepshead, toonerville)\n", game);
  return 2;
}
// --players fits only Toonerville (3-5); the other games have a fixed table.
int players_usage(const std::string& game, int players) {
  fmt::print(stderr, "deckhand: {} is not for {} players\n", game, players);
  return 2;
}
}  // namespace

int cmd_replay(const std::string& path) {
  std::string record;
  if (!read_input(path, &record)) {
    fmt::print(stderr, "deckhand: cannot read '{}'\n", path);
    return 2;
  }
  const ReplayResult result = replay_record(record);
  fmt::print("{}\n", replay_json(result));
  return result.ok ? 0 : 1;
}

int cmd_view(const std::string& path, int seat, bool json) {
  std::string record;
  if (!read_input(path, &record)) {
    fmt::print(stderr, "deckhand: cannot read '{}'\n", path);
    return 2;
  }
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

}  // namespace deckhand::cli
