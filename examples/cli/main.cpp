// deckhand — the command-line tool: replay, view, simulate, play and demo.
#include <fmt/core.h>

#include <cstring>
#include <exception>
#include <string>
#include <vector>

#include "../../src/common/text.hpp"
#include "analyze.hpp"
#include "commands.hpp"
#include "deckhand/game.hpp"

namespace {

constexpr const char* kUsage =
    "usage:\n"
    "  deckhand replay FILE               replay a game record (- = stdin); prints JSON\n"
    "  deckhand view FILE --seat K [--json]  what seat K sees at the end of the record\n"
    "  deckhand simulate GAME [--games N] [--seed S] [--players N] [--option KEY=VALUE]... "
    "[--quiet]\n"
    "                                     bots play N games with the game's options "
    "(docs/rules.md);\n"
    "                                     every game ends: unless given, simulate sets\n"
    "                                     ghost-euchre max_hands=1000, sheepshead hands=10,\n"
    "                                     toonerville max_turns=1000 (a limit of 0 is refused)\n"
    "  deckhand play GAME [--seed S] [--seat K] [--players N]  play against the built-in bots\n"
    "  deckhand demo [--seed S] [--out DIR]   one readable bot game of each game, replayed\n"
    "  deckhand games [--json]            the games, their options, phases and actions\n"
    "  deckhand arena --game G --seats L1,L2,... [--games N] [--seed S] [--json]  bot tournament\n"
    "  deckhand analyze RECORD [--seat S] [--json]  each card played against the solver's best\n"
    "games: ghost-euchre (3 players), sheepshead (5), toonerville (--players 3-5, default 4)\n"
    "exit codes: 0 ok, 1 refused or failed, 2 usage error\n"
    "inputs: a record (FILE or -) or a line typed in play over 64 MiB is refused, exit code 2\n";

int usage(const std::string& why) {
  if (!why.empty()) fmt::print(stderr, "deckhand: {}\n", why);
  fmt::print(stderr, "{}", kUsage);
  return 2;
}

struct Args {
  std::vector<std::string> positional;
  std::vector<std::pair<std::string, std::string>> flags;
  std::vector<std::string> switches;
};

bool parse_args(int argc, char** argv, const std::vector<std::string>& valued,
                const std::vector<std::string>& bare, Args* out, std::string* why) {
  for (int i = 2; i < argc; ++i) {
    const std::string a = argv[i];
    if (a.size() > 2 && a.rfind("--", 0) == 0) {
      bool known = false;
      for (const auto& v : valued) {
        if (a == "--" + v) {
          if (i + 1 >= argc) return *why = a + " needs a value", false;
          out->flags.emplace_back(v, argv[++i]);
          known = true;
        }
      }
      for (const auto& b : bare)
        if (a == "--" + b) out->switches.push_back(b), known = true;
      if (!known)
        return *why = std::string("unknown flag ") + deckhand::text::quote(a).c_str(), false;
    } else {
      out->positional.push_back(a);
    }
  }
  return true;
}

const std::string* flag(const Args& a, const std::string& name) {
  for (const auto& [k, v] : a.flags)
    if (k == name) return &v;
  return nullptr;
}

bool has(const Args& a, const std::string& name) {
  for (const auto& s : a.switches)
    if (s == name) return true;
  return false;
}

bool number(const Args& a, const std::string& name, int64_t lo, int64_t hi, int64_t* out,
            std::string* why) {
  const std::string* v = flag(a, name);
  if (!v) return true;
  if (!deckhand::text::parse_int(*v, lo, hi, out))
    return *why = fmt::format("--{} takes a number from {} to {}", name, lo, hi), false;
  return true;
}

bool seed_flag(const Args& a, uint64_t* out, std::string* why) {
  const std::string* v = flag(a, "seed");
  if (!v) return true;
  if (!deckhand::text::parse_u64(*v, out))
    return *why = "--seed takes a number from 0 to 2^64-1", false;
  return true;
}

// Every --option KEY=VALUE, in order (the game checks names and values).
bool option_flags(const Args& a, deckhand::OptionList* out, std::string* why) {
  for (const auto& [name, value] : a.flags) {
    if (name != "option") continue;
    const size_t eq = value.find('=');
    if (eq == 0 || eq == std::string::npos)
      return *why = "--option takes KEY=VALUE, not '" + value + "'", false;
    out->emplace_back(value.substr(0, eq), value.substr(eq + 1));
  }
  return true;
}

}  // namespace

static int run(int argc, char** argv) {
  if (argc < 2) return usage("");
  const std::string cmd = argv[1];
  if (cmd == "--help" || cmd == "-h" || cmd == "help") {
    fmt::print("{}", kUsage);
    return 0;
  }
  Args args;
  std::string why;
  using namespace deckhand::cli;
  if (cmd == "analyze") return cmd_analyze(argc, argv);
  if (cmd == "replay") {
    if (!parse_args(argc, argv, {}, {}, &args, &why)) return usage(why);
    if (args.positional.size() != 1) return usage("replay takes one FILE");
    return cmd_replay(args.positional[0]);
  }
  if (cmd == "view") {
    if (!parse_args(argc, argv, {"seat"}, {"json"}, &args, &why)) return usage(why);
    if (args.positional.size() != 1) return usage("view takes one FILE");
    int64_t seat = -2;
    if (!number(args, "seat", -1, 63, &seat, &why)) return usage(why);
    if (seat == -2) return usage("view needs --seat K");
    return cmd_view(args.positional[0], int(seat), has(args, "json"));
  }
  if (cmd == "arena") return cmd_arena(argc, argv);
  if (cmd == "simulate") {
    if (!parse_args(argc, argv, {"games", "seed", "players", "option"}, {"quiet"}, &args, &why))
      return usage(why);
    if (args.positional.size() != 1) return usage("simulate takes one GAME");
    int64_t games = 1000, players = 0;
    uint64_t seed = 1;
    deckhand::OptionList options;
    if (!number(args, "games", 1, 1000000000, &games, &why) || !seed_flag(args, &seed, &why) ||
        !number(args, "players", 3, 5, &players, &why) || !option_flags(args, &options, &why))
      return usage(why);
    return cmd_simulate(args.positional[0], games, seed, int(players), options, has(args, "quiet"));
  }
  if (cmd == "play") {
    if (!parse_args(argc, argv, {"seed", "seat", "players"}, {}, &args, &why)) return usage(why);
    if (args.positional.size() != 1) return usage("play takes one GAME");
    uint64_t seed = 1;
    int64_t seat = 0, players = 0;
    if (!seed_flag(args, &seed, &why) || !number(args, "seat", 0, 4, &seat, &why) ||
        !number(args, "players", 3, 5, &players, &why))
      return usage(why);
    return cmd_play(args.positional[0], seed, int(players), int(seat));
  }
  if (cmd == "demo") {
    if (!parse_args(argc, argv, {"seed", "out"}, {}, &args, &why)) return usage(why);
    if (!args.positional.empty()) return usage("demo takes no positional arguments");
    uint64_t seed = 2026;
    if (!seed_flag(args, &seed, &why)) return usage(why);
    const std::string* out = flag(args, "out");
    return cmd_demo(seed, out ? *out : std::string("."));
  }
  if (cmd == "games") {
    if (!parse_args(argc, argv, {}, {"json"}, &args, &why)) return usage(why);
    if (!args.positional.empty()) return usage("games takes no positional arguments");
    return cmd_games(has(args, "json"));
  }
  return usage(std::string("unknown command ") + deckhand::text::quote(cmd).c_str());
}

int main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const std::exception& e) {
    fmt::print(stderr, "deckhand: {}\n", e.what());
    return 2;
  }
}
