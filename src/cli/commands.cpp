// The subcommands. Everything goes through the game-independent deckhand::Game; simulate,
// play and demo run the one game loop (game_loop.cpp) with the game's plug-in (plugin.hpp).
#include "commands.hpp"

#include <fmt/core.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>
#include <stdexcept>
#include <vector>

#include "cli_util.hpp"
#include "deckhand/bots.hpp"
#include "deckhand/game.hpp"
#include "game_loop.hpp"
#include "plugin.hpp"

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
  fmt::print("{{\"ok\": false, \"line\": 0, \"code\": {}, \"message\": {}}}\n",
             json_string(read_failure_code(status)), json_string(why));
  return 2;
}
}  // namespace

ReadStatus read_input(const std::string& path, std::string* out, std::string* why) {
  out->clear();
  const std::string name = path == "-" ? "standard input" : quote(path);
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

std::string seat_list(uint32_t mask, int players) {
  std::string s;
  for (int p = 0; p < players; ++p)
    if (mask >> p & 1) s += (s.empty() ? "seat " : " and seat ") + std::to_string(p);
  return s;
}

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

namespace {

// The plug-in and catalog entry of a game named on the command line; nullptr after saying
// why on stderr.
const GamePlugin* plugin_for(const std::string& game, const GameSpec** spec) {
  *spec = find_game_spec(game);
  const GamePlugin* plugin = *spec ? find_plugin((*spec)->name) : nullptr;
  if (!plugin) {
    std::string names;
    for (const GameSpec& s : game_specs())
      names += (names.empty() ? "" : ", ") + std::string(s.name);
    fmt::print(stderr, "deckhand: unknown game {} ({})\n", quote(game), names);
  }
  return plugin;
}

// The player count: the game's own when fixed; a game of several takes `players`, or
// `fallback` when 0. 0 after saying why on stderr.
int player_count(const GameSpec& spec, int players, int fallback) {
  if (players == 0) return spec.min_players == spec.max_players ? spec.min_players : fallback;
  if (players < spec.min_players || players > spec.max_players) {
    fmt::print(stderr, "deckhand: {} is not for {} players\n", spec.name, players);
    return 0;
  }
  return players;
}

std::unique_ptr<Game> new_game(const GameSpec& spec, const OptionList& options, int players,
                               bool history) {
  OptionList all = options;
  const bool history_given = std::any_of(options.begin(), options.end(), [](const auto& option) {
    return iequals(trim(option.first), "history");
  });
  if (!history && !history_given) all.emplace_back("history", "off");
  Error err;
  auto game = make_game(spec.name, all, players, 0, &err);
  if (!game) {
    // Name the option the game refused, as the user typed it.
    for (const auto& [key, value] : options) {
      Error one;
      if (!make_game(spec.name, {{key, value}}, players, 0, &one)) {
        fmt::print(stderr, "deckhand: --option {}={}: {}\n", key, value, one.message);
        return nullptr;
      }
    }
    fmt::print(stderr, "deckhand: {}\n", err.message);
  }
  return game;
}

}  // namespace

// A limit of 0 is refused: bots could then play one game forever.
bool with_play_limit(const GameSpec& spec, const OptionList& given, OptionList* out) {
  *out = given;
  bool limited = false;
  for (const auto& [key, value] : given) {
    if (!iequals(trim(key), spec.limit_option)) continue;
    limited = true;
    int64_t n;
    if (parse_int(trim(value), 0, 0, &n)) {
      fmt::print(stderr,
                 "deckhand: --option {}=0 would let a game go on forever; unattended play needs a "
                 "limit (1 or more)\n",
                 spec.limit_option);
      return false;
    }
  }
  if (!limited) out->emplace_back(spec.limit_option, std::to_string(spec.unattended_limit));
  return true;
}

// What simulate and play share: the game, its plug-in, the player count (a game of several
// players takes 4 unless told, or the nearest count it allows) and the options with the play
// limit. False after saying why on stderr.
struct Setup {
  const GameSpec* spec = nullptr;
  const GamePlugin* plugin = nullptr;
  int players = 0;
  OptionList options;
};
bool set_up(const std::string& game, int players, const OptionList& given, Setup* out) {
  out->plugin = plugin_for(game, &out->spec);
  if (!out->plugin) return false;
  out->players = player_count(*out->spec, players,
                              std::clamp(4, out->spec->min_players, out->spec->max_players));
  return out->players && with_play_limit(*out->spec, given, &out->options);
}

int cmd_simulate(const SimulateArgs& args) {
  Setup setup;
  if (!set_up(args.game, args.players, args.options, &setup)) return 2;
  const GameSpec* spec = setup.spec;
  const GamePlugin* plugin = setup.plugin;
  const int players = setup.players;
  const OptionList& options = setup.options;
  const bool records = !args.records_dir.empty();
  auto game = new_game(*spec, options, players, records);
  if (!game) return 2;
  if (records && !game->keeps_history()) {
    fmt::print(stderr,
               "deckhand: --records writes each game's record, and a game with --option "
               "history=off keeps none\n");
    return 2;
  }
  if (records) {
    std::error_code ec;
    std::filesystem::create_directories(args.records_dir, ec);
    if (ec) {
      fmt::print(stderr, "deckhand: cannot create {}: {}\n", quote(args.records_dir), ec.message());
      return 1;
    }
  }
  PortableRng rng(args.seed);
  std::vector<int64_t> wins(size_t(players), 0), score_sums(size_t(players), 0);
  BotRun total;
  const bool show_progress = !args.quiet && !args.json && isatty(2);
  const auto start = std::chrono::steady_clock::now();
  auto last_progress = start;
  for (int64_t g = 0; g < args.games; ++g) {
    game->reset();
    BotRun run;
    if (!play_bots(*plugin, *game, rng, nullptr, &run)) return 1;
    total.hands += run.hands, total.actions += run.actions, total.deals += run.deals;
    total.limit_ends += run.limit_ends;
    const std::vector<int64_t> scores = game->scores();
    for (int w : game->winners()) ++wins[size_t(w)];
    for (int p = 0; p < players; ++p) score_sums[size_t(p)] += scores[size_t(p)];
    std::string path;
    if (records) {
      path =
          (std::filesystem::path(args.records_dir) / fmt::format("{}-{:06}.rec", spec->name, g + 1))
              .string();
      std::ofstream out(path, std::ios::binary);
      out << game->record();
      if (!out.flush()) {
        fmt::print(stderr, "deckhand: cannot write {}\n", quote(path));
        return 1;
      }
    }
    if (args.json) {
      auto number = [](auto n) { return std::to_string(n); };
      fmt::print(
          "{{\"game\": {}, \"index\": {}, \"players\": {}, \"hands\": {}, \"actions\": {}, "
          "\"scores\": {}, \"winners\": {}{}}}\n",
          json_string(spec->name), g + 1, players, run.hands, run.actions,
          json_array(scores, number), json_array(game->winners(), number),
          records ? ", \"record\": " + json_string(path) : std::string());
    }
    const auto now = std::chrono::steady_clock::now();
    if (show_progress && now - last_progress > std::chrono::seconds(1)) {
      fmt::print(stderr, "\r{} of {} games", g + 1, args.games);
      last_progress = now;
    }
  }
  if (show_progress && last_progress != start) fmt::print(stderr, "\r\n");
  const double secs =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (args.json) return 0;
  if (!args.quiet) {
    std::string limit_value = std::to_string(spec->unattended_limit);
    for (const auto& [key, value] : args.options)
      if (iequals(trim(key), spec->limit_option)) limit_value = std::string(trim(value));
    fmt::print("{} games of {} ({} players) by bots (seed {}), {}\n", args.games, spec->name,
               players, args.seed, limit_note(args.options, spec->limit_option, limit_value));
    std::string seats, win_line, mean_line;
    for (int p = 0; p < players; ++p) {
      seats += fmt::format("{:>9}", fmt::format("seat {}", p));
      win_line += fmt::format("{:>9}", wins[size_t(p)]);
      mean_line += fmt::format("{:>9.1f}", double(score_sums[size_t(p)]) / double(args.games));
    }
    fmt::print("{:<22}{}\n{:<22}{}\n{:<22}{}\n", "", seats, "wins (ties share)", win_line,
               "mean final score", mean_line);
    fmt::print("{}s scored: {} ({:.1f} per game), deals: {}, actions: {}\n", plugin->hand_word,
               total.hands, double(total.hands) / double(args.games), total.deals, total.actions);
    if (plugin->ended_by_limit)
      fmt::print("{}s ended by {}: {}\n", plugin->hand_word, spec->limit_option, total.limit_ends);
    if (records) fmt::print("records written to {}\n", args.records_dir);
  }
  fmt::print("{:.3f} s: {:.0f} games/s, {:.0f} {}s/s, {:.0f} actions/s (bots' thinking included)\n",
             secs, double(args.games) / secs, double(total.hands) / secs, plugin->hand_word,
             double(total.actions) / secs);
  return 0;
}

// The bots' search budget in `play` unless --bot-option sets it: `strong` answers at once at
// the table (its library default searches longer; docs/bots.md).
constexpr const char* kPlaySamples = "16";

namespace {
// play's word on the limit (GameSpec::limit_option) that ends the session, at the start:
// "Play limit: hands=5 — the game ends after this many scored hands (play's default; --option
// hands=N changes it)."
std::string limit_announcement(const GameSpec& spec, const OptionList& given,
                               const OptionList& options) {
  std::string value, description;
  for (const auto& [key, v] : options)
    if (iequals(trim(key), spec.limit_option)) value = std::string(trim(v));
  for (const OptionSpec& o : spec.options)
    if (iequals(o.name, spec.limit_option))
      description = std::string(o.description).substr(0, std::string_view(o.description).find(';'));
  const bool chosen = std::any_of(given.begin(), given.end(), [&](const auto& option) {
    return iequals(trim(option.first), spec.limit_option);
  });
  return fmt::format(
      "Play limit: {}={} — {} ({}).", spec.limit_option, value, description,
      chosen ? "set by --option"
             : fmt::format("play's default; --option {}=N changes it", spec.limit_option));
}
}  // namespace

int cmd_play(const PlayArgs& args) {
  Setup setup;
  if (!set_up(args.game, args.players, args.options, &setup)) return 2;
  const GameSpec* spec = setup.spec;
  const int players = setup.players;
  if (args.seat >= players) {
    fmt::print(stderr, "deckhand: seat {} does not exist in a {}-player game of {}\n", args.seat,
               players, spec->name);
    return 2;
  }
  const std::string level = lowercase(args.level);  // as the bots name it, for the banner
  Offers offers;
  if (!parse_offers(args.offers, &offers)) {
    fmt::print(stderr, "deckhand: --offers takes ask, useful or never, not {}\n",
               quote(args.offers));
    return 2;
  }
  // The library bots of each seat (the human's gives the hints), one for each decision, seeded
  // from the game's seed, the seat and the position (SeatBots: undo gets the same answers). A
  // small search budget keeps `strong` quick at the table.
  OptionList bot_options = args.bot_options;
  bool has_samples = false;
  for (const auto& [key, value] : bot_options) has_samples |= iequals(trim(key), "samples");
  if (!has_samples) bot_options.emplace_back("samples", kPlaySamples);
  auto bot_seed = [seed = args.seed](int seat, uint64_t position) {
    uint64_t state = (seed * 1000003 + uint64_t(seat)) ^ (position * 0x9E3779B97F4A7C15ull);
    return PortableRng::splitmix64(state);
  };
  Error err;
  if (!bots::make_bot(spec->name, args.level, 0, bot_options, &err)) {  // refused at once
    fmt::print(stderr, "deckhand: {}\n", err.message);
    return 2;
  }
  const SeatBots seat_bots = [&](int seat, uint64_t position) {
    return bots::make_bot(spec->name, args.level, bot_seed(seat, position), bot_options, nullptr);
  };
  auto game = new_game(*spec, setup.options, players, true);
  if (!game) return 2;
  fmt::print(
      "{}\nYou are seat {}; {} bots play the other {} seats. Seed {} (--seed {} deals this "
      "game again).\n",
      spec->description, args.seat, level, players - 1, args.seed, args.seed);
  fmt::print("{}\n", limit_announcement(*spec, args.options, setup.options));
  fmt::print("Type an action ({}),\nor: legal, view, hint, undo, {}save FILE, help, quit.\n",
             setup.plugin->help, setup.plugin->offer ? "offers ask|useful|never, " : "");
  return play_human(*setup.plugin, *game, args.seat, args.seed, seat_bots, offers, args.save_path);
}

int cmd_demo(uint64_t seed, const std::string& out_dir) {
#ifdef NDEBUG
  fmt::print("This is an optimised (Release) build of deckhand.\n\n");
#else
  fmt::print(
      "This is a Debug build of deckhand (invariants asserted, many times slower in simulate "
      "and arena): `make release` builds the fast tool, `make install` installs it.\n\n");
#endif
  for (const GamePlugin* plugin : plugins()) {
    const GameSpec* spec = find_game_spec(plugin->game);
    const int players = plugin->demo_players ? plugin->demo_players : spec->min_players;
    OptionList options;
    std::string key, value;
    if (split_option(plugin->demo_option, &key, &value))
      options.emplace_back(key, value);
    else
      options.emplace_back(spec->limit_option, std::to_string(spec->unattended_limit));
    auto game = make_game(spec->name, options, players, 0, nullptr);
    if (!game) return 1;
    fmt::print("=== {}: {} bots play (seed {}) ===\n{}\n", spec->name, players, seed,
               spec->description);
    PortableRng rng(seed);
    Narration how;
    how.show_hands = true;
    BotRun run;
    if (!play_bots(*plugin, *game, rng, &how, &run)) return 1;
    fmt::print("\n{} deals, {} scored {}s, {} actions.\n", run.deals, run.hands, plugin->hand_word,
               run.actions);
    if (int rc = write_and_replay(*game, out_dir); rc != 0) return rc;
    fmt::print("\n");
  }
  return 0;
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
    fmt::print("  play limit: {} ({} when bots play unattended: simulate, demo, play)\n",
               spec.limit_option, spec.unattended_limit);
    if (spec.lower_is_better) fmt::print("  scores: penalty points, the lowest total wins\n");
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
