// `deckhand arena`: tournaments between library bots (include/deckhand/bots.hpp) on duplicate
// deals. Each deal is played once per seating, the bots moving one seat on each time, so
// every bot holds every seat's cards of every deal; the luck of the deal cancels in the
// differences between bots. A lineup of three different bots or more is also played in its
// mirror image (its rotations too), so that each bot sits as often after each other bot as
// before it.
//
//   deckhand arena --game G --seats L1,L2,... [--games N] [--seed S] [--option KEY=VALUE]...
//                  [--bot-option KEY=VALUE]... [--json]
//   deckhand arena --game G --ladder [--seats L1,L2,...] [--players P] ... (every level of
//                  --seats, default 1,...,5, against every other; Bradley–Terry ratings)
//   deckhand arena --game G --ladder --pool FILE... (earlier ladder runs' pairs, fitted as one)
//
// A deal is one hand. Games whose plug-in says so (GamePlugin::whole_game_deals: Toonerville
// Rook, whose 11 rounds change the contract) are played as whole games: every seating of a
// game gets the same hand deals (each from its own seed, whatever the play), and a hand's
// score depends only on its deal and its play, so each hand of them is a duplicate deal.
// Scores are the games' own (GameSpec::lower_is_better: penalty points, fewer is better).
// Means and 95% intervals are over deals: a bot's per-deal value is its mean over all its
// seatings of the deal.
#include <fmt/core.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "cli_util.hpp"
#include "commands.hpp"
#include "deckhand/bots.hpp"
#include "deckhand/game.hpp"
#include "ladder_fit.hpp"
#include "nlohmann/json.hpp"
#include "plugin.hpp"

namespace deckhand::cli {

namespace {

struct ArenaArgs {
  std::string game;
  std::vector<std::string> seats;  // one level per seat
  int64_t deals = 100;
  uint64_t seed = 1;
  OptionList game_options;
  OptionList bot_options;
  bool json = false;
  bool ladder = false;   // --ladder: every level of --seats (default 1,...,5) against every other
  int64_t players = 0;   // --players, with --ladder: the table's size (default: the fewest)
  int64_t jobs = 1;      // --jobs, with --ladder: pairs played at once, each on its own thread
  std::string per_deal;  // --per-deal FILE: each deal's mean score per hand of every bot (CSV)
  std::vector<std::string> pool;  // --pool FILE, with --ladder: earlier runs' JSON, fitted as one
  bool seats_given = false;
  std::string plays_flag;  // the first flag given that shapes games played (--pool plays none)
};

// A game's player count: "3", or "3 to 5".
std::string seat_range(const GameSpec& g) {
  return g.min_players == g.max_players ? std::to_string(g.min_players)
                                        : fmt::format("{} to {}", g.min_players, g.max_players);
}

int arena_usage(const std::string& why) {
  fmt::print(stderr, "deckhand arena: {}\n", why);
  // The player counts from the catalog, two games to a line.
  std::string seats, whole_games;
  const auto& specs = game_specs();
  for (const GameSpec& g : specs)
    if (const GamePlugin* plugin = find_plugin(g.name); plugin && plugin->whole_game_deals)
      whole_games += (whole_games.empty() ? "" : ", ") + std::string(g.name);
  for (size_t i = 0; i < specs.size(); ++i) {
    seats += fmt::format("{}{} {}",
                         i == 0       ? ""
                         : i % 2 == 0 ? ",\n  "
                                      : ", ",
                         specs[i].name, seat_range(specs[i]));
  }
  fmt::print(
      stderr,
      "usage: deckhand arena --game G --seats L1,L2,... [--games N] [--seed S] "
      "[--option KEY=VALUE]... [--bot-option KEY=VALUE]... [--per-deal FILE] [--json]\n"
      "       deckhand arena --game G --ladder [--seats L1,L2,...] [--players P] [--jobs J] "
      "[--games N] ...\n"
      "       deckhand arena --game G --ladder --pool FILE... [--seats L1,L2,...] [--json]\n"
      "  levels: random, basic, strong, expert, 1 to 5; one per seat ({}); N duplicate deals, "
      "each played once per seating{}\n"
      "  --ladder: every level of --seats (default 1,2,3,4,5) against every other, one in a seat "
      "and the other in the rest; Bradley-Terry ratings (Elo scale, the first level 0); --jobs: "
      "pairs played at once; --pool: the pairs of earlier runs' --json fitted as one ladder\n",
      seats,
      whole_games.empty()
          ? ""
          : fmt::format("\n  ({}: N games, each hand of them a deal)", whole_games));
  return 2;
}

bool key_value(const std::string& text, OptionList* out) {
  std::string k, v;
  if (!split_option(text, &k, &v)) return false;
  out->emplace_back(k, v);
  return true;
}

bool parse_arena(int argc, char** argv, ArenaArgs* a, std::string* why) {
  for (int i = 2; i < argc; ++i) {
    const std::string flag = argv[i];
    if (flag == "--json") {
      a->json = true;
      continue;
    }
    if (flag == "--ladder") {
      a->ladder = true;
      continue;
    }
    if (i + 1 >= argc) return *why = flag + " needs a value", false;
    const std::string value = argv[++i];
    if (a->plays_flag.empty() && (flag == "--games" || flag == "--seed" || flag == "--jobs" ||
                                  flag == "--option" || flag == "--bot-option"))
      a->plays_flag = flag;
    if (flag == "--game") {
      a->game = value;
    } else if (flag == "--seats") {
      a->seats_given = true;
      a->seats.clear();
      for (std::string_view s : split_on(value, ',')) a->seats.emplace_back(trim(s));
    } else if (flag == "--games") {
      if (!parse_int(value, 1, 100000000, &a->deals))
        return *why = "--games takes a number from 1 to 100000000", false;
    } else if (flag == "--players") {
      if (!parse_int(value, 1, 100, &a->players))
        return *why = "--players takes a number of seats", false;
    } else if (flag == "--jobs") {
      if (!parse_int(value, 1, 256, &a->jobs))
        return *why = "--jobs takes a number of threads from 1 to 256", false;
    } else if (flag == "--seed") {
      if (!parse_u64(value, &a->seed))
        return *why = "--seed takes a number from 0 to 2^64-1", false;
    } else if (flag == "--option") {
      if (!key_value(value, &a->game_options))
        return *why = "--option takes KEY=VALUE, not '" + value + "'", false;
    } else if (flag == "--per-deal") {
      if (value.empty()) return *why = "--per-deal takes a file name, not ''", false;
      a->per_deal = value;
    } else if (flag == "--pool") {
      if (value.empty()) return *why = "--pool takes a file name, not ''", false;
      a->pool.push_back(value);
    } else if (flag == "--bot-option") {
      if (!key_value(value, &a->bot_options))
        return *why = "--bot-option takes KEY=VALUE, not '" + value + "'", false;
    } else {
      return *why = std::string("unknown flag ") + quote(flag), false;
    }
  }
  if (a->game.empty()) return *why = "--game is required", false;
  if (a->ladder && a->seats.empty())
    for (const char* level : bots::kLadder) a->seats.emplace_back(level);
  if (a->seats.empty()) return *why = "--seats is required", false;
  if (a->players && !a->ladder) return *why = "--players goes with --ladder", false;
  if (a->jobs != 1 && !a->ladder) return *why = "--jobs goes with --ladder", false;
  if (!a->pool.empty() && !a->ladder) return *why = "--pool goes with --ladder", false;
  if (!a->pool.empty() && !a->plays_flag.empty())
    return *why = "--pool plays no deals (it fits the runs in its files): " + a->plays_flag +
                  " has no use with it",
           false;
  if (!a->per_deal.empty()) {
    // Refused before any deal is played, so that a long run cannot end unable to write it.
    if (a->ladder) return *why = "--per-deal goes with --seats, not --ladder", false;
    const std::filesystem::path path(a->per_deal);
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
      return *why = "--per-deal: " + quote(a->per_deal) + " is a directory", false;
    const std::filesystem::path folder = path.has_parent_path() ? path.parent_path() : ".";
    if (!std::filesystem::is_directory(folder, ec))
      return *why = "--per-deal: no directory " + quote(folder.string()) + " to write into", false;
  }
  if (a->ladder) {
    if (a->seats.size() < 2) return *why = "--ladder rates two levels or more in --seats", false;
    for (size_t i = 0; i < a->seats.size(); ++i)
      for (size_t j = 0; j < i; ++j)
        if (iequals(a->seats[i], a->seats[j]))
          return *why = "--ladder: level " + quote(a->seats[i]) + " is in --seats twice", false;
  }
  return true;
}

// Mean and 95% confidence interval (normal approximation) of per-deal values.
struct Summary {
  double mean = 0, low = 0, high = 0;
};
Summary summarize(const std::vector<double>& xs) {
  Summary s;
  const double n = double(xs.size());
  for (double x : xs) s.mean += x;
  s.mean /= n;
  double var = 0;
  for (double x : xs) var += (x - s.mean) * (x - s.mean);
  const double half = xs.size() > 1 ? 1.96 * std::sqrt(var / (n - 1) / n) : 0.0;
  s.low = s.mean - half, s.high = s.mean + half;
  return s;
}

// --per-deal: a CSV of a header `deal,<bot>,...` and a row per deal, its index from 0 (the deal
// seeds of the arena's deal d, as below) and each bot's mean score per hand on it over its
// seatings, so that two runs on the same deals can be compared deal by deal (a paired test).
bool write_per_deal(const std::string& path, const std::vector<std::string>& names,
                    const std::vector<std::vector<double>>& per_deal) {
  std::ofstream out(path, std::ios::binary);
  out << "deal";
  for (const std::string& n : names) out << ',' << n;
  out << '\n';
  for (size_t d = 0; d < per_deal[0].size(); ++d) {
    out << d;
    for (const std::vector<double>& bot : per_deal) out << fmt::format(",{:.6f}", bot[d]);
    out << '\n';
  }
  out.close();
  if (!out) fmt::print(stderr, "deckhand arena: cannot write --per-deal file {}\n", quote(path));
  return bool(out);
}

// Plays one deal (Toonerville: one game) from its first deal seed with the bots seated as
// `at` (bot entry -> seat): per_hand[h][seat] is each seat's score change in the h-th hand
// scored (one hand, or Toonerville's 11 rounds). Returns false (with *why) when a bot or the
// game refuses something: a bug.
bool play_deal(const ArenaArgs& a, int players, uint64_t deal_seed,
               std::vector<std::unique_ptr<bots::Bot>>& entries, const std::vector<int>& at,
               std::vector<std::vector<double>>& decision_ms,
               std::vector<std::vector<int64_t>>& per_hand, std::string* why) {
  Error err;
  auto game = make_game(a.game, a.game_options, players, 0, &err);
  if (!game) return *why = err.message, false;
  const GamePlugin* plugin = find_plugin(game->name());
  if (!plugin) return *why = std::string("no plug-in for ") + game->name(), false;
  const bool whole_game = plugin->whole_game_deals;
  std::vector<int> bot_at(static_cast<size_t>(players));
  for (size_t e = 0; e < at.size(); ++e) bot_at[size_t(at[e])] = int(e);
  uint64_t next_seed = deal_seed;
  std::vector<int64_t> before = game->scores();
  auto choose = [&](int seat, ActionCode* out) {
    const auto start = std::chrono::steady_clock::now();
    const Reason r = entries[size_t(bot_at[size_t(seat)])]->choose(*game, seat, out, &err);
    decision_ms[size_t(bot_at[size_t(seat)])].push_back(
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
            .count());
    return r;
  };
  for (int64_t steps = 0; !game->over(); ++steps) {
    if (steps > 10000000) return *why = "a deal did not end", false;
    if (game->awaiting_deal()) {
      if (!whole_game && game->hands_scored() > 0) break;  // one hand per deal
      if (game->deal_seed(next_seed++, &err) != Reason::ok) return *why = err.message, false;
      continue;
    }
    const int seat = game->to_act();
    ActionCode action;
    if (choose(seat, &action) != Reason::ok) return *why = err.message, false;
    if (game->apply(action, &err) != Reason::ok) return *why = err.message, false;
    if (game->hands_scored() > per_hand.size()) {
      const std::vector<int64_t> after = game->scores();
      per_hand.emplace_back(static_cast<size_t>(players));
      for (int p = 0; p < players; ++p)
        per_hand.back()[size_t(p)] = after[size_t(p)] - before[size_t(p)];
      before = after;
    }
  }
  return true;
}

// The bots of one lineup (a level per seat) over the arena's duplicate deals: per_deal[n][d]
// is the n-th distinct level's mean score on deal d over all its seatings.
struct Lineup {
  std::vector<std::string> names;
  std::vector<int> name_of;  // entry -> name
  std::vector<std::vector<double>> per_deal;
  std::vector<int64_t> hands_of;
  std::vector<std::vector<double>> decision_ms;  // per entry
  int seatings = 0;    // per deal: the rotations, and their mirror images when they differ
  bool usage = false;  // the failure is the caller's input (print the usage)
};

bool run_lineup(const ArenaArgs& a, const GameSpec& game, const std::vector<std::string>& seats,
                Lineup* out, std::string* why) {
  const GameSpec* spec = &game;
  const int players = int(seats.size());
  std::vector<std::string>& names = out->names;
  std::vector<int>& name_of = out->name_of;
  // One bot per entry, each with its own seed; the names, in order of first appearance.
  std::vector<std::unique_ptr<bots::Bot>> entries;
  for (int e = 0; e < players; ++e) {
    Error err;
    auto bot = bots::make_bot(spec->name, seats[size_t(e)], a.seed * 1000003 + uint64_t(e),
                              a.bot_options, &err);
    if (!bot) return out->usage = true, *why = err.message, false;
    entries.push_back(std::move(bot));
    const std::string name = lowercase(seats[size_t(e)]);
    auto it = std::find(names.begin(), names.end(), name);
    name_of.push_back(int(it - names.begin()));
    if (it == names.end()) names.push_back(name);
  }
  {
    Error err;
    if (!make_game(spec->name, a.game_options, players, 0, &err))
      return out->usage = true, *why = err.message, false;
  }
  // per_deal[name][d]: that bot's mean score on deal d (a hand; a Toonerville round), over all
  // its seatings.
  std::vector<std::vector<double>>& per_deal = out->per_deal;
  per_deal.assign(names.size(), {});
  std::vector<int64_t>& hands_of = out->hands_of;
  hands_of.assign(names.size(), 0);
  std::vector<std::vector<double>>& decision_ms = out->decision_ms;
  decision_ms.assign(static_cast<size_t>(players), {});
  // The seatings: entry e sits at seat at[e]. Every rotation of the lineup, and every rotation
  // of its mirror image too unless that repeats a rotation (a lineup of one level against
  // another): at a table of three or more, where a bot sits relative to each other bot (who
  // plays before it, who after) changes its score, and rotations alone keep that order fixed.
  std::vector<std::vector<int>> seatings;
  for (int mirrored = 0; mirrored < 2; ++mirrored)
    for (int r = 0; r < players; ++r) {
      std::vector<int> at(static_cast<size_t>(players));
      for (int e = 0; e < players; ++e)
        at[size_t(e)] = mirrored ? (r - e + players) % players : (e + r) % players;
      seatings.push_back(std::move(at));
    }
  const auto name_at = [&](const std::vector<int>& at) {
    std::vector<int> around(static_cast<size_t>(players));
    for (int e = 0; e < players; ++e) around[size_t(at[size_t(e)])] = name_of[size_t(e)];
    return around;
  };
  bool mirror_repeats = false;
  for (int r = 0; r < players && !mirror_repeats; ++r)
    mirror_repeats = name_at(seatings[size_t(players)]) == name_at(seatings[size_t(r)]);
  if (mirror_repeats) seatings.resize(size_t(players));
  out->seatings = int(seatings.size());
  for (int64_t g = 0; g < a.deals; ++g) {
    // hands[r][h][seat]: seating r's score changes in its h-th hand.
    std::vector<std::vector<std::vector<int64_t>>> hands(seatings.size());
    for (size_t r = 0; r < seatings.size(); ++r) {
      if (!play_deal(a, players, a.seed + uint64_t(g) * 100, entries, seatings[r], decision_ms,
                     hands[r], why) ||
          (hands[r].size() != hands[0].size() &&
           (*why = "the seatings scored different numbers of hands", true))) {
        *why = fmt::format("deal {} failed: {}", g, *why);
        return false;
      }
    }
    for (size_t h = 0; h < hands[0].size(); ++h) {
      std::vector<double> sum(names.size(), 0.0), count(names.size(), 0.0);
      for (size_t r = 0; r < seatings.size(); ++r)
        for (int e = 0; e < players; ++e) {
          const size_t n = size_t(name_of[size_t(e)]);
          sum[n] += double(hands[r][h][size_t(seatings[r][size_t(e)])]);
          count[n] += 1;
          hands_of[n] += 1;
        }
      for (size_t n = 0; n < names.size(); ++n) per_deal[n].push_back(sum[n] / count[n]);
    }
  }
  return true;
}

// A run a ladder pair's deals come from: its seed, its games and the deals (hands) they had.
struct LadderRun {
  uint64_t seed = 0;
  int64_t games = 0, deals = 0;
};

// A run of seed S and N games deals game g from the seed S + 100 g (a game of several hands,
// Toonerville's, its next hands from the seeds after it; a deal thrown in, from the next seed
// too): its hands come from the seeds S to S + 100 N - 1. Runs whose seeds meet may share hands.
bool share_deals(const LadderRun& x, const LadderRun& y) {
  __extension__ typedef __int128 Wide;
  return Wide(x.seed) < Wide(y.seed) + 100 * Wide(y.games) &&
         Wide(y.seed) < Wide(x.seed) + 100 * Wide(x.games);
}

std::string run_json(const LadderRun& r) {
  return fmt::format("{{\"seed\": {}, \"games\": {}, \"deals\": {}}}", r.seed, r.games, r.deals);
}

// One pair of the ladder: level a alone at the table, b in the other seats; a's per-deal
// difference from b, the deals each won, and the runs they come from (several when pooled).
struct LadderPair {
  size_t a = 0, b = 0;
  Summary s;
  int64_t wins = 0, losses = 0, ties = 0;
  std::vector<LadderRun> runs;
};

LadderPair score_pair(const Lineup& lineup, size_t a, size_t b, bool lower_is_better) {
  LadderPair pair;
  pair.a = a, pair.b = b;
  std::vector<double> diff(lineup.per_deal[0].size());
  for (size_t d = 0; d < diff.size(); ++d) {
    diff[d] = lineup.per_deal[0][d] - lineup.per_deal[1][d];
    const double ahead = lower_is_better ? -diff[d] : diff[d];
    pair.wins += ahead > 0;
    pair.losses += ahead < 0;
    pair.ties += ahead == 0;
  }
  pair.s = summarize(diff);
  return pair;
}

std::string pair_line(const LadderPair& p, const std::vector<std::string>& levels) {
  return fmt::format("{} - {}: {:+.4f} per hand [{:+.4f}, {:+.4f}], deals won {}, lost {}, tied {}",
                     levels[p.a], levels[p.b], p.s.mean, p.s.low, p.s.high, p.wins, p.losses,
                     p.ties);
}

std::string options_json(const OptionList& options) {
  std::string out = "{";
  for (size_t i = 0; i < options.size(); ++i)
    out += (i ? ", " : "") + json_string(options[i].first) + ": " + json_string(options[i].second);
  return out + "}";
}

// Where a ladder's pairs come from, as its results say it: the text header's end and the JSON's
// fields between "players" and "levels".
struct LadderSource {
  std::string text;
  std::string json;
};

// The Bradley–Terry fit of the pairs' deals won (a tie half to each; ladder_fit.hpp), the first
// level rated 0, and the results.
int report_ladder(const ArenaArgs& a, const GameSpec& spec, int players,
                  const std::vector<std::string>& levels, const std::vector<LadderPair>& pairs,
                  const LadderSource& source) {
  const size_t k = levels.size();
  std::vector<std::vector<double>> wins(k, std::vector<double>(k, 0.0));
  for (const LadderPair& p : pairs) {
    wins[p.a][p.b] += double(p.wins) + 0.5 * double(p.ties);
    wins[p.b][p.a] += double(p.losses) + 0.5 * double(p.ties);
  }
  std::vector<LadderRating> ratings, steps;
  if (!fit_bradley_terry(wins, &ratings, &steps)) {
    fmt::print(stderr, "deckhand arena: the ladder's ratings could not be fitted\n");
    return 1;
  }
  if (a.json) {
    std::vector<size_t> index(k);
    for (size_t i = 0; i < k; ++i) index[i] = i;
    const std::vector<size_t> above(index.begin() + 1, index.end());
    fmt::print(
        "{{\"game\": {}, \"players\": {}, {}, \"levels\": {}, \"anchor\": {}, \"ratings\": {}, "
        "\"steps\": {}, \"pairs\": {}}}\n",
        json_string(spec.name), players, source.json, json_array(levels, json_string),
        json_string(levels[0]),
        json_array(index,
                   [&](size_t i) {
                     return fmt::format(
                         "{{\"level\": {}, \"elo\": {:.1f}, \"ci95\": [{:.1f}, {:.1f}]}}",
                         json_string(levels[i]), ratings[i].elo, ratings[i].low, ratings[i].high);
                   }),
        json_array(above,
                   [&](size_t i) {
                     const LadderRating& step = steps[i - 1];
                     return fmt::format(
                         "{{\"from\": {}, \"to\": {}, \"elo\": {:.1f}, \"ci95\": [{:.1f}, "
                         "{:.1f}]}}",
                         json_string(levels[i - 1]), json_string(levels[i]), step.elo, step.low,
                         step.high);
                   }),
        json_array(pairs, [&](const LadderPair& p) {
          return fmt::format(
              "{{\"a\": {}, \"b\": {}, \"diff\": {:.4f}, \"ci95\": [{:.4f}, {:.4f}], "
              "\"wins\": {}, \"losses\": {}, \"ties\": {}, \"runs\": {}}}",
              json_string(levels[p.a]), json_string(levels[p.b]), p.s.mean, p.s.low, p.s.high,
              p.wins, p.losses, p.ties, json_array(p.runs, run_json));
        }));
    return 0;
  }
  fmt::print("ladder: {}, {} players, {}{}\n", spec.name, players, source.text,
             spec.lower_is_better ? " (penalty points: fewer is better)" : "");
  fmt::print("{:<8} {:>8}  {}\n", "level", "Elo", fmt::format("95% CI (against {})", levels[0]));
  for (size_t i = 0; i < k; ++i)
    fmt::print("{:<8} {:>+8.1f}  [{:+.1f}, {:+.1f}]\n", levels[i], ratings[i].elo, ratings[i].low,
               ratings[i].high);
  // Neighbours' intervals both carry the anchor's uncertainty: the step between them is what
  // tells them apart.
  std::vector<std::string> step_names;
  size_t width = 8;
  for (size_t i = 1; i < k; ++i) {
    step_names.push_back(fmt::format("{} over {}", levels[i], levels[i - 1]));
    width = std::max(width, step_names.back().size());
  }
  fmt::print("{:<{}} {:>8}  {}\n", "step", width, "Elo", "95% CI (of the step itself)");
  for (size_t i = 1; i < k; ++i)
    fmt::print("{:<{}} {:>+8.1f}  [{:+.1f}, {:+.1f}]\n", step_names[i - 1], width, steps[i - 1].elo,
               steps[i - 1].low, steps[i - 1].high);
  for (const LadderPair& p : pairs) fmt::print("{}\n", pair_line(p, levels));
  return 0;
}

// `--ladder`: for every pair of levels (a, b) of --seats, a lineup of a in one seat and b in the
// others over the duplicate deals (seats rotated); each deal a win for the level with the
// better mean score over its seatings.
int run_ladder(const ArenaArgs& a, const GameSpec& spec) {
  const int players = a.players ? int(a.players) : spec.min_players;
  if (players < spec.min_players || players > spec.max_players)
    return arena_usage(fmt::format("{} needs {} seats in --players, not {}", spec.name,
                                   seat_range(spec), players));
  std::vector<std::string> levels;
  for (const std::string& s : a.seats) levels.push_back(lowercase(s));
  // Every pair's lineup, played on up to --jobs threads at once: each lineup has its own bots
  // and games, so the results (and the output) are the same whatever the number of threads.
  std::vector<std::pair<size_t, size_t>> todo;
  for (size_t i = 0; i < levels.size(); ++i)
    for (size_t j = i + 1; j < levels.size(); ++j) todo.emplace_back(i, j);
  std::vector<Lineup> lineups(todo.size());
  std::vector<std::string> failures(todo.size());
  std::vector<char> ok(todo.size(), 0);
  std::atomic<size_t> next{0};
  // A pair's line on stderr as soon as it is played: a run of hours keeps what it has done
  // (the results, on stdout, wait for every pair).
  std::mutex progress;
  size_t done = 0;
  const auto started = std::chrono::steady_clock::now();
  const auto work = [&] {
    for (size_t t; (t = next.fetch_add(1)) < todo.size();) {
      std::vector<std::string> seats(size_t(players), a.seats[todo[t].second]);
      seats[0] = a.seats[todo[t].first];
      ok[t] = run_lineup(a, spec, seats, &lineups[t], &failures[t]);
      const std::lock_guard<std::mutex> lock(progress);
      ++done;
      if (!ok[t]) continue;
      const double seconds =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
      fmt::print(
          stderr, "deckhand arena: pair {} of {} played ({:.0f} s): {}\n", done, todo.size(),
          seconds,
          pair_line(score_pair(lineups[t], todo[t].first, todo[t].second, spec.lower_is_better),
                    levels));
    }
  };
  std::vector<std::thread> threads;
  for (int64_t t = 1; t < std::min<int64_t>(a.jobs, int64_t(todo.size())); ++t)
    threads.emplace_back(work);
  work();
  for (std::thread& t : threads) t.join();
  std::vector<LadderPair> pairs;
  int64_t deals = 0;
  int seatings = players;
  for (size_t t = 0; t < todo.size(); ++t) {
    const auto [i, j] = todo[t];
    const Lineup& lineup = lineups[t];
    if (!ok[t]) {
      if (lineup.usage) return arena_usage(failures[t]);
      fmt::print(stderr, "deckhand arena: {} against {}: {}\n", levels[i], levels[j], failures[t]);
      return 1;
    }
    deals = int64_t(lineup.per_deal[0].size());
    seatings = lineup.seatings;
    pairs.push_back(score_pair(lineup, i, j, spec.lower_is_better));
    pairs.back().runs = {{a.seed, a.deals, deals}};
  }
  return report_ladder(
      a, spec, players, levels, pairs,
      {fmt::format("{} duplicate deals per pair x {} seatings, seed {}", deals, seatings, a.seed),
       fmt::format("\"deals\": {}, \"games\": {}, \"seed\": {}, \"options\": {}, "
                   "\"bot_options\": {}",
                   deals, a.deals, a.seed, options_json(a.game_options),
                   options_json(a.bot_options))});
}

// `--ladder --pool FILE...`: the pairs of earlier ladder runs (their --json), added up pair by
// pair and fitted as one ladder. Runs of other deals add up; a pair whose runs deal a hand from
// the same seed twice is refused (the same games twice).
int pool_ladder(const ArenaArgs& a, const GameSpec& spec) {
  struct Pooled {
    std::string a, b;                         // a alone at the table, b in the other seats
    double deals = 0, sum = 0, variance = 0;  // sum of deals x diff; sum of (deals x se)^2
    int64_t wins = 0, losses = 0, ties = 0;
    std::vector<LadderRun> runs;
    std::vector<std::string> files;  // each run's
  };
  constexpr int64_t kMostDeals = 1000000000000;  // a bound no run comes near: no overflow
  constexpr double kMostDiff = 1e6;              // points per hand
  std::vector<Pooled> pooled;
  int players = int(a.players);
  std::string players_file;
  nlohmann::json options, bot_options;
  std::string options_file;
  for (const std::string& file : a.pool) {
    const std::string named = quote(file);
    std::ifstream in(file, std::ios::binary);
    std::error_code ec;
    if (!in || std::filesystem::is_directory(file, ec))
      return arena_usage(fmt::format("--pool: cannot read {}", named));
    const nlohmann::json run = nlohmann::json::parse(in, nullptr, false);
    if (run.is_discarded()) return arena_usage(fmt::format("--pool: {} is not JSON", named));
    const auto not_ladder = [&](const std::string& what) {
      return arena_usage(fmt::format(
          "--pool: {} is not what `deckhand arena --ladder --json` writes: {}", named, what));
    };
    if (!run.is_object()) return not_ladder("not an object");
    const auto text_at = [](const nlohmann::json& j, const char* key) {
      return j.contains(key) && j[key].is_string() ? j[key].get<std::string>() : std::string();
    };
    // A whole number from 0 to `most` (JSON's non-negative integers are read as unsigned).
    const auto count_at = [](const nlohmann::json& j, const char* key, int64_t most, int64_t* out) {
      if (!j.contains(key) || !j[key].is_number_unsigned() ||
          j[key].get<uint64_t>() > uint64_t(most))
        return false;
      *out = int64_t(j[key].get<uint64_t>());
      return true;
    };
    const std::string game = text_at(run, "game");
    if (game.empty()) return not_ladder("no \"game\"");
    if (!iequals(game, spec.name))
      return arena_usage(fmt::format("--pool: {} rates {}, not {}", named, game, spec.name));
    int64_t file_players = 0;
    if (!count_at(run, "players", 1000, &file_players)) return not_ladder("no \"players\"");
    if (file_players < spec.min_players || file_players > spec.max_players)
      return arena_usage(fmt::format("--pool: {} is of {} players; {} takes {}", named,
                                     file_players, spec.name, seat_range(spec)));
    if (players && file_players != players)
      return arena_usage(fmt::format("--pool: {} is of {} players, {} of {}", named, file_players,
                                     players_file.empty() ? "--players" : quote(players_file),
                                     players));
    players = int(file_players), players_file = file;
    // Runs of other game or bot options are other games: refused together.
    for (const char* key : {"options", "bot_options"}) {
      const bool strings = run.contains(key) && run[key].is_object() &&
                           std::all_of(run[key].begin(), run[key].end(),
                                       [](const nlohmann::json& v) { return v.is_string(); });
      if (!strings) return not_ladder(fmt::format("no \"{}\" (an object of strings)", key));
    }
    if (options_file.empty()) {
      options = run["options"], bot_options = run["bot_options"], options_file = file;
    } else if (run["options"] != options || run["bot_options"] != bot_options) {
      return arena_usage(
          fmt::format("--pool: {} was played with options {} and bot options {}, {} with {} and {}",
                      named, run["options"].dump(), run["bot_options"].dump(), quote(options_file),
                      options.dump(), bot_options.dump()));
    }
    if (!run.contains("pairs") || !run["pairs"].is_array() || run["pairs"].empty())
      return not_ladder("no \"pairs\"");
    for (size_t n = 0; n < run["pairs"].size(); ++n) {
      const nlohmann::json& pair = run["pairs"][n];
      const auto bad_pair = [&](const std::string& what) {
        return not_ladder(fmt::format("pair {}: {}", n + 1, what));
      };
      if (!pair.is_object()) return bad_pair("not an object");
      Pooled add;
      add.a = lowercase(text_at(pair, "a")), add.b = lowercase(text_at(pair, "b"));
      if (add.a.empty() || add.b.empty() || add.a == add.b)
        return bad_pair("no two levels \"a\" and \"b\"");
      if (!count_at(pair, "wins", kMostDeals, &add.wins) ||
          !count_at(pair, "losses", kMostDeals, &add.losses) ||
          !count_at(pair, "ties", kMostDeals, &add.ties) || add.wins + add.losses + add.ties == 0)
        return bad_pair("no deals won, lost and tied");
      const auto number = [](const nlohmann::json& j) {
        return j.is_number() && std::abs(j.get<double>()) <= kMostDiff;
      };
      if (!pair.contains("diff") || !number(pair["diff"]) || !pair.contains("ci95") ||
          !pair["ci95"].is_array() || pair["ci95"].size() != 2 || !number(pair["ci95"][0]) ||
          !number(pair["ci95"][1]))
        return bad_pair("no \"diff\" per hand with its \"ci95\"");
      const double diff = pair["diff"].get<double>(), low = pair["ci95"][0].get<double>(),
                   high = pair["ci95"][1].get<double>();
      if (!(low <= diff && diff <= high)) return bad_pair("\"diff\" outside its \"ci95\"");
      if (!pair.contains("runs") || !pair["runs"].is_array() || pair["runs"].empty())
        return bad_pair("no \"runs\"");
      int64_t run_deals = 0;
      for (const nlohmann::json& r : pair["runs"]) {
        LadderRun one;
        if (!r.is_object() || !r.contains("seed") || !r["seed"].is_number_unsigned() ||
            !count_at(r, "games", 100000000, &one.games) || one.games == 0 ||
            !count_at(r, "deals", kMostDeals, &one.deals) || one.deals == 0)
          return bad_pair("a run without its \"seed\", \"games\" and \"deals\"");
        one.seed = r["seed"].get<uint64_t>();
        run_deals += one.deals;
        add.runs.push_back(one);
      }
      const int64_t deals = add.wins + add.losses + add.ties;
      if (run_deals != deals)
        return bad_pair(fmt::format("its runs' {} deals are not the {} it won, lost and tied",
                                    run_deals, deals));
      add.deals = double(deals);
      add.sum = add.deals * diff;
      add.variance = std::pow(add.deals * (high - low) / (2 * 1.96), 2);
      auto same = std::find_if(pooled.begin(), pooled.end(),
                               [&](const Pooled& p) { return p.a == add.a && p.b == add.b; });
      if (same == pooled.end()) {
        Pooled fresh;
        fresh.a = add.a, fresh.b = add.b;
        same = pooled.insert(pooled.end(), fresh);
      }
      if (same->deals + add.deals > double(kMostDeals))
        return arena_usage(
            fmt::format("--pool: {} - {} has more than {} deals", add.a, add.b, kMostDeals));
      for (const LadderRun& r : add.runs) {
        for (size_t e = 0; e < same->runs.size(); ++e)
          if (share_deals(same->runs[e], r))
            return arena_usage(fmt::format(
                "--pool: {} - {}: the run of seed {} ({} games) in {} and that of seed {} ({} "
                "games) in {} deal hands from the same seeds (the same games twice)",
                add.a, add.b, r.seed, r.games, named, same->runs[e].seed, same->runs[e].games,
                quote(same->files[e])));
        same->runs.push_back(r);
        same->files.push_back(file);
      }
      same->deals += add.deals;
      same->sum += add.sum;
      same->variance += add.variance;
      same->wins += add.wins;
      same->losses += add.losses;
      same->ties += add.ties;
    }
  }
  // The levels rated: --seats's, in its order, or every level met in a pair, in order.
  std::vector<std::string> levels;
  if (a.seats_given) {
    for (const std::string& s : a.seats) levels.push_back(lowercase(s));
  } else {
    for (const Pooled& p : pooled)
      for (const std::string& level : {p.a, p.b})
        if (std::find(levels.begin(), levels.end(), level) == levels.end()) levels.push_back(level);
  }
  const auto index_of = [&](const std::string& level) {
    return size_t(std::find(levels.begin(), levels.end(), level) - levels.begin());
  };
  std::vector<LadderPair> pairs;
  std::vector<LadderRun> runs;  // every run of the pairs kept, once
  for (const Pooled& p : pooled) {
    const size_t i = index_of(p.a), j = index_of(p.b);
    if (i == levels.size() || j == levels.size()) continue;  // a level --seats leaves out
    LadderPair pair;
    pair.a = i, pair.b = j;
    const double half = 1.96 * std::sqrt(p.variance) / p.deals;
    pair.s.mean = p.sum / p.deals;
    pair.s.low = pair.s.mean - half, pair.s.high = pair.s.mean + half;
    pair.wins = p.wins, pair.losses = p.losses, pair.ties = p.ties;
    pair.runs = p.runs;
    for (const LadderRun& r : p.runs)
      if (std::none_of(runs.begin(), runs.end(), [&](const LadderRun& q) {
            return q.seed == r.seed && q.games == r.games && q.deals == r.deals;
          }))
        runs.push_back(r);
    pairs.push_back(pair);
  }
  // Every level must meet the others through a chain of pairs, or its rating means nothing.
  std::vector<char> linked(levels.size(), 0);
  linked[0] = 1;
  for (bool grew = true; grew;) {
    grew = false;
    for (const LadderPair& p : pairs)
      if (linked[p.a] != linked[p.b]) linked[p.a] = linked[p.b] = 1, grew = true;
  }
  for (size_t i = 0; i < levels.size(); ++i)
    if (!linked[i])
      return arena_usage(
          fmt::format("--pool: no chain of pairs in the files links level {} to level {}",
                      quote(levels[i]), quote(levels[0])));
  std::sort(pairs.begin(), pairs.end(), [](const LadderPair& x, const LadderPair& y) {
    return std::make_tuple(std::min(x.a, x.b), std::max(x.a, x.b), x.a) <
           std::make_tuple(std::min(y.a, y.b), std::max(y.a, y.b), y.a);
  });
  std::sort(runs.begin(), runs.end(), [](const LadderRun& x, const LadderRun& y) {
    return std::make_tuple(x.seed, x.games, x.deals) < std::make_tuple(y.seed, y.games, y.deals);
  });
  std::string seeds;
  for (size_t r = 0; r < runs.size(); ++r)
    if (r == 0 || runs[r].seed != runs[r - 1].seed)
      seeds += fmt::format("{}{}", seeds.empty() ? "" : ", ", runs[r].seed);
  return report_ladder(
      a, spec, players, levels, pairs,
      {fmt::format("{} file{} pooled (seeds {})", a.pool.size(), a.pool.size() == 1 ? "" : "s",
                   seeds),
       fmt::format("\"pooled\": {}, \"runs\": {}, \"options\": {}, \"bot_options\": {}",
                   json_array(a.pool, json_string), json_array(runs, run_json), options.dump(),
                   bot_options.dump())});
}

}  // namespace

int cmd_arena(int argc, char** argv) {
  ArenaArgs a;
  std::string why;
  if (!parse_arena(argc, argv, &a, &why)) return arena_usage(why);
  const GameSpec* spec = find_game_spec(a.game);
  if (!spec) return arena_usage(fmt::format("no game named {}", quote(a.game)));
  const GamePlugin* plugin = find_plugin(spec->name);
  const int players = int(a.seats.size());
  if (!a.ladder && (players < spec->min_players || players > spec->max_players))
    return arena_usage(fmt::format("{} needs {} seats in --seats, not {}", spec->name,
                                   seat_range(*spec), players));
  // The game's play limit at its unattended value unless given, so that every deal ends (a
  // Toonerville round of bots can otherwise go on and on, T13).
  if (OptionList limited; with_play_limit(*spec, a.game_options, &limited))
    a.game_options = std::move(limited);
  else
    return 2;
  if (a.ladder) return a.pool.empty() ? run_ladder(a, *spec) : pool_ladder(a, *spec);
  Lineup lineup;
  if (!run_lineup(a, *spec, a.seats, &lineup, &why)) {
    if (lineup.usage) return arena_usage(why);
    fmt::print(stderr, "deckhand arena: {}\n", why);
    return 1;
  }
  const std::vector<std::string>& names = lineup.names;
  const std::vector<std::vector<double>>& per_deal = lineup.per_deal;
  const std::vector<int64_t>& hands_of = lineup.hands_of;
  const std::vector<std::vector<double>>& decision_ms = lineup.decision_ms;
  const std::vector<int>& name_of = lineup.name_of;
  const size_t deals = per_deal[0].size();
  struct Pair {
    size_t a, b;
    Summary s;
  };
  std::vector<Pair> pairs;
  for (size_t i = 0; i < names.size(); ++i)
    for (size_t j = i + 1; j < names.size(); ++j) {
      std::vector<double> diff(per_deal[i].size());
      for (size_t d = 0; d < diff.size(); ++d) diff[d] = per_deal[i][d] - per_deal[j][d];
      pairs.push_back({i, j, summarize(diff)});
    }
  // Written first, but the results are printed even when it fails (exit 1 then).
  const int written = a.per_deal.empty() || write_per_deal(a.per_deal, names, per_deal) ? 0 : 1;
  if (a.json) {
    auto interval = [](const Summary& s) { return fmt::format("[{:.4f}, {:.4f}]", s.low, s.high); };
    std::vector<std::string> bots_json;
    for (size_t n = 0; n < names.size(); ++n) {
      const Summary s = summarize(per_deal[n]);
      bots_json.push_back(
          fmt::format("{{\"name\": {}, \"hands\": {}, \"mean_per_hand\": {:.4f}, \"ci95\": {}}}",
                      json_string(names[n]), hands_of[n], s.mean, interval(s)));
    }
    const auto same = [](const std::string& json) { return json; };
    fmt::print(
        "{{\"game\": {}, \"deals\": {}, \"seatings\": {}, \"seed\": {}, \"seats\": {}, "
        "\"bots\": {}, \"pairs\": {}}}\n",
        json_string(spec->name), deals, lineup.seatings, a.seed, json_array(a.seats, json_string),
        json_array(bots_json, same), json_array(pairs, [&](const Pair& p) {
          return fmt::format("{{\"a\": {}, \"b\": {}, \"diff\": {:.4f}, \"ci95\": {}}}",
                             json_string(names[p.a]), json_string(names[p.b]), p.s.mean,
                             interval(p.s));
        }));
    return written;
  }
  const bool whole_games = plugin && plugin->whole_game_deals;
  const bool penalties = spec->lower_is_better;
  fmt::print("arena: {}, {} duplicate deals x {} seatings, seed {}{}{}\n", spec->name, deals,
             lineup.seatings, a.seed,
             whole_games ? fmt::format(" ({} games; a deal is a hand of one)", a.deals) : "",
             penalties ? " (penalty points: fewer is better)" : "");
  fmt::print("{:<8} {:>9} {:>12}  {}\n", "bot", "hands", "mean/hand", "95% CI");
  for (size_t n = 0; n < names.size(); ++n) {
    const Summary s = summarize(per_deal[n]);
    fmt::print("{:<8} {:>9} {:>+12.4f}  [{:+.4f}, {:+.4f}]\n", names[n], hands_of[n], s.mean, s.low,
               s.high);
  }
  for (const Pair& p : pairs)
    fmt::print("{} - {}: {:+.4f} per hand, 95% CI [{:+.4f}, {:+.4f}]\n", names[p.a], names[p.b],
               p.s.mean, p.s.low, p.s.high);
  for (size_t n = 0; n < names.size(); ++n) {
    std::vector<double> times;
    for (int e = 0; e < players; ++e)
      if (size_t(name_of[size_t(e)]) == n)
        times.insert(times.end(), decision_ms[size_t(e)].begin(), decision_ms[size_t(e)].end());
    if (times.empty()) continue;
    std::sort(times.begin(), times.end());
    fmt::print("{}: {} decisions, median {:.3f} ms, 90th percentile {:.3f} ms\n", names[n],
               times.size(), times[times.size() / 2], times[times.size() * 9 / 10]);
  }
  return written;
}

}  // namespace deckhand::cli
