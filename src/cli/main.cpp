// deckhand — the command-line tool: replay, view, simulate, play, demo, games, arena and
// analyze. Each
// command is a row of kCommands: its flags, its help and the function that runs it.
#include <fmt/core.h>

#include <cstring>
#include <exception>
#include <random>
#include <string>
#include <vector>

#include "analyze.hpp"
#include "cli_util.hpp"
#include "commands.hpp"
#include "deckhand/game.hpp"
#include "plugin.hpp"

namespace {

struct Args {
  std::vector<std::string> positional;
  std::vector<std::pair<std::string, std::string>> flags;
  std::vector<std::string> switches;
};

bool parse_args(int argc, char** argv, const std::vector<std::string>& valued,
                const std::vector<std::string>& bare, Args* out, std::string* why) {
  // --help is every command's switch.
  std::vector<std::string> switches = bare;
  switches.push_back("help");
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
      for (const auto& b : switches)
        if (a == "--" + b) out->switches.push_back(b), known = true;
      if (!known) return *why = std::string("unknown flag ") + deckhand::cli::quote(a), false;
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
  if (!deckhand::cli::parse_int(*v, lo, hi, out))
    return *why = fmt::format("--{} takes a number from {} to {}", name, lo, hi), false;
  return true;
}

bool seed_flag(const Args& a, uint64_t* out, std::string* why) {
  const std::string* v = flag(a, "seed");
  if (!v) return true;
  if (!deckhand::cli::parse_u64(*v, out))
    return *why = "--seed takes a number from 0 to 2^64-1", false;
  return true;
}

// Every --FLAG KEY=VALUE (--option, --bot-option), in order (the game or the bots check names
// and values).
bool option_flags(const Args& a, deckhand::OptionList* out, std::string* why,
                  const std::string& flag_name = "option") {
  for (const auto& [name, value] : a.flags) {
    if (name != flag_name) continue;
    const size_t eq = value.find('=');
    if (eq == 0 || eq == std::string::npos)
      return *why = "--" + flag_name + " takes KEY=VALUE, not '" + value + "'", false;
    out->emplace_back(value.substr(0, eq), value.substr(eq + 1));
  }
  return true;
}

int run_replay(const Args& args, std::string* why) {
  if (args.positional.size() != 1) return *why = "replay takes one FILE", 2;
  return deckhand::cli::cmd_replay(args.positional[0]);
}

int run_view(const Args& args, std::string* why) {
  if (args.positional.size() != 1) return *why = "view takes one FILE", 2;
  int64_t seat = -2;
  if (!number(args, "seat", -1, 63, &seat, why)) return 2;
  if (seat == -2) return *why = "view needs --seat K", 2;
  return deckhand::cli::cmd_view(args.positional[0], int(seat), has(args, "json"));
}

int run_simulate(const Args& args, std::string* why) {
  if (args.positional.size() != 1) return *why = "simulate takes one GAME", 2;
  deckhand::cli::SimulateArgs s;
  s.game = args.positional[0];
  int64_t players = 0;
  if (!number(args, "games", 1, 1000000000, &s.games, why) || !seed_flag(args, &s.seed, why) ||
      !number(args, "players", 1, 64, &players, why) || !option_flags(args, &s.options, why))
    return 2;
  s.players = int(players);
  s.quiet = has(args, "quiet");
  s.json = has(args, "json");
  if (const std::string* dir = flag(args, "records")) s.records_dir = *dir;
  return deckhand::cli::cmd_simulate(s);
}

int run_play(const Args& args, std::string* why) {
  if (args.positional.size() != 1) return *why = "play takes one GAME", 2;
  deckhand::cli::PlayArgs p;
  p.game = args.positional[0];
  p.seed = std::random_device{}() & 0xFFFFFF;  // a new deal each game unless --seed
  int64_t seat = 0, players = 0;
  if (!seed_flag(args, &p.seed, why) || !number(args, "seat", 0, 63, &seat, why) ||
      !number(args, "players", 1, 64, &players, why) || !option_flags(args, &p.options, why) ||
      !option_flags(args, &p.bot_options, why, "bot-option"))
    return 2;
  if (const std::string* level = flag(args, "level")) p.level = *level;
  p.seat = int(seat);
  p.players = int(players);
  if (const std::string* path = flag(args, "save")) p.save_path = *path;
  if (const std::string* offers = flag(args, "offers")) p.offers = *offers;
  return deckhand::cli::cmd_play(p);
}

int run_demo(const Args& args, std::string* why) {
  if (!args.positional.empty()) return *why = "demo takes no positional arguments", 2;
  uint64_t seed = 2026;
  if (!seed_flag(args, &seed, why)) return 2;
  const std::string* out = flag(args, "out");
  return deckhand::cli::cmd_demo(seed, out ? *out : std::string("."));
}

int run_games(const Args& args, std::string* why) {
  if (!args.positional.empty()) return *why = "games takes no positional arguments", 2;
  return deckhand::cli::cmd_games(has(args, "json"));
}

struct Command {
  const char* name;
  const char* synopsis;  // the arguments, for the usage line
  const char* summary;   // one line for the usage
  const char* help;      // `deckhand COMMAND --help`: the flags
  std::vector<std::string> valued, switches;
  int (*run)(const Args& args, std::string* why);
  // A command that reads its own arguments (argv[2] on): run is not used.
  int (*run_argv)(int argc, char** argv) = nullptr;
};

// Adding a command: a row here and its run function (docs/cli.md).
const std::vector<Command>& commands() {
  static const std::string analyze_help =
      "  RECORD      a " + deckhand::cli::solvable_games("or") +
      " record (- = stdin)\n"
      "  --seat S    only that seat's plays (default: every seat)\n"
      "  --json      the decisions and per-seat totals as JSON\n";
  static const std::vector<Command> table = {
      {"replay",
       "FILE",
       "replay a game record (- = stdin); prints JSON",
       "  FILE        a record (docs/records.md), or - for standard input\n"
       "exit 0 every line accepted, 1 a line refused (the JSON says which and why), 2 usage\n",
       {},
       {},
       run_replay},
      {"view",
       "FILE --seat K [--json]",
       "what seat K sees at the end of the record",
       "  --seat K    the seat (-1: a spectator)\n  --json      the view as JSON\n",
       {"seat"},
       {"json"},
       run_view},
      {"simulate",
       "GAME [flags]",
       "bots play many games; per-seat results",
       "  --games N          games to play (default 1000)\n"
       "  --seed S           the generator of deals and bot choices (default 1)\n"
       "  --players N        the player count, for a game of several (default 4, or the nearest\n"
       "                     count the game allows)\n"
       "  --option KEY=VALUE a game option (deckhand games lists them); repeatable. Every game\n"
       "                     ends: unless given, the game's play limit is set (deckhand games\n"
       "                     names it and its value); a limit of 0 is refused\n"
       "  --records DIR      write each game's record to DIR/<game>-<n>.rec\n"
       "  --json             one JSON object per game, on its own line, instead of the report\n"
       "  --quiet            only the timing line\n"
       "On a terminal, a run longer than a second shows its progress on stderr.\n",
       {"games", "seed", "players", "option", "records"},
       {"quiet", "json"},
       run_simulate},
      {"play",
       "GAME [flags]",
       "play against the built-in bots in the terminal",
       "  --seed S           repeat a game: the seed is printed when play starts (default: a\n"
       "                     new random deal)\n"
       "  --seat K           your seat (default 0)\n"
       "  --players N        the player count, for a game of several (default 4, or the nearest\n"
       "                     count the game allows)\n"
       "  --option KEY=VALUE a house rule (deckhand games lists them); repeatable\n"
       "  --level L          the bots' level, for the opponents and hint: random, basic (the\n"
       "                     default), strong or expert, or the ladder's 1 to 5\n"
       "  --bot-option KEY=VALUE  the bots' budget: samples=N (play's default: samples=16),\n"
       "                     time_ms=N; or another bot option of docs/bots.md; repeatable\n"
       "  --save FILE        write the game's record to FILE when it ends or you leave\n"
       "  --offers WHICH     the offers you are asked about (a discard to buy, in a game that\n"
       "                     has them): ask (every one, the default), useful (only those that\n"
       "                     would help you) or never; the others are declined for you\n"
       "At the prompt: an action (or just a card, for the card action of the moment: 'JC' is\n"
       "'play JC'), legal, view, hint (the bot's choice for you), undo (the bots answer the same\n"
       "moves the same way again), offers ask|useful|never, save FILE, help, quit. A decision\n"
       "with one choice is made for you.\n",
       {"seed", "seat", "players", "option", "level", "bot-option", "save", "offers"},
       {},
       run_play},
      {"demo",
       "[--seed S] [--out DIR]",
       "one readable bot game of each game, replayed",
       "  --seed S    the generator (default 2026)\n"
       "  --out DIR   where the records go (default .)\n",
       {"seed", "out"},
       {},
       run_demo},
      {"games",
       "[--json]",
       "the games, their options, phases and actions",
       "  --json      the catalog as JSON\n",
       {},
       {"json"},
       run_games},
      {"arena",
       "--game G --seats L1,L2,... [flags]",
       "a bot tournament on duplicate deals, seats rotating; 95% intervals",
       "  --game G              the game\n"
       "  --seats L1,L2,...     a bot level per seat: random, basic, strong, expert, 1 to 5\n"
       "  --games N             duplicate deals, each played once per seating (default 100)\n"
       "  --seed S              the deals and the bots' generators (default 1)\n"
       "  --option KEY=VALUE    a game option; repeatable\n"
       "  --bot-option KEY=VALUE  a bot option for every seat (samples=N, time_ms=N; lapse=N,\n"
       "                        persona=NAME, habit=N as docs/bots.md says); repeatable\n"
       "  --ladder              rate the levels of --seats (default 1,...,5) against each other\n"
       "  --players P           with --ladder: the table's size (default the fewest)\n"
       "  --jobs J              with --ladder: pairs played at once (the same results)\n"
       "  --pool FILE           with --ladder: fit the pairs of earlier runs' --json instead\n"
       "                        of playing (runs of other seeds add up); repeatable\n"
       "  --per-deal FILE       also a CSV of each bot's mean per hand on every deal, for\n"
       "                        comparing two runs deal by deal\n"
       "  --json                bots (name, hands, mean_per_hand, ci95) and pairs (a, b, diff,\n"
       "                        ci95) as JSON\n",
       {},
       {},
       nullptr,
       deckhand::cli::cmd_arena},
      {"analyze",
       "RECORD [--seat S] [--json]",
       "each card played against the open-hand solver's best",
       analyze_help.c_str(),
       {},
       {},
       nullptr,
       deckhand::cli::cmd_analyze},
  };
  return table;
}

std::string usage_text() {
  std::string out = "usage:\n";
  for (const Command& c : commands())
    out += fmt::format("  deckhand {} {}\n      {}\n", c.name, c.synopsis, c.summary);
  std::string games;
  for (const deckhand::GameSpec& spec : deckhand::game_specs())
    games += fmt::format("{}{} ({})", games.empty() ? "" : ", ", spec.name,
                         spec.min_players == spec.max_players
                             ? std::to_string(spec.min_players) + " players"
                             : fmt::format("{}-{} players", spec.min_players, spec.max_players));
  out += "games: " + games + "\n";
  out += "deckhand COMMAND --help tells more about a command.\n";
  out += "exit codes: 0 ok, 1 refused or failed, 2 usage error\n";
  out +=
      "inputs: a record (FILE or -) or a line typed in play over 64 MiB is refused, exit code 2\n";
  return out;
}

int usage(const std::string& why) {
  if (!why.empty()) fmt::print(stderr, "deckhand: {}\n", why);
  fmt::print(stderr, "{}", usage_text());
  return 2;
}

}  // namespace

static int run(int argc, char** argv) {
  if (argc < 2) return usage("");
  const std::string name = argv[1];
  if (name == "--help" || name == "-h" || name == "help") {
    fmt::print("{}", usage_text());
    return 0;
  }
  for (const Command& c : commands()) {
    if (name != c.name) continue;
    if (c.run_argv) {
      for (int i = 2; i < argc; ++i)
        if (std::strcmp(argv[i], "--help") == 0) {
          fmt::print("deckhand {} {}\n  {}\n{}", c.name, c.synopsis, c.summary, c.help);
          return 0;
        }
      return c.run_argv(argc, argv);
    }
    Args args;
    std::string why;
    if (!parse_args(argc, argv, c.valued, c.switches, &args, &why)) return usage(why);
    if (has(args, "help")) {
      fmt::print("deckhand {} {}\n  {}\n{}", c.name, c.synopsis, c.summary, c.help);
      return 0;
    }
    const int rc = c.run(args, &why);
    return why.empty() ? rc : usage(why);
  }
  return usage(std::string("unknown command ") + deckhand::cli::quote(name));
}

int main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const std::exception& e) {
    fmt::print(stderr, "deckhand: {}\n", e.what());
    return 2;
  }
}
