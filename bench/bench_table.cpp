// Tables against their games (docs/performance.md, "Tables"): the same whole games, action by
// action, through Table::act at a table of humans (events for every seat kept) and through
// Game::apply_text on a bare game with history, which is what a server without tables does
// with a player's action text. A script is made by a table of humans acting at random: the
// table replays its calls; the bare game replays the table's record (its deals and reshuffles
// by seed, then each seat's action texts in the rules' order, where T6's offers put a buy
// before the draw that opened it), so both make exactly the same moves.
#include <cstdlib>
#include <string>
#include <vector>

#include "bench_support.hpp"
#include "deckhand/table.hpp"
#include "deckhand/text.hpp"

namespace {

using deckhand::Error;
using deckhand::Game;
using deckhand::Reason;
using deckhand::Table;

struct Step {
  enum Kind { deal, reshuffle, action } kind = action;
  int seat = -1;
  std::string text;
  uint64_t seed = 0;
};

// A whole game, as its table was created and as its record tells it.
struct Script {
  std::string game;
  int players = 0;
  deckhand::OptionList options;
  uint64_t table_seed = 0;
  std::vector<Step> steps;                       // the record, for the bare game
  std::vector<std::pair<int, std::string>> acts;  // the table's calls
  size_t actions = 0;                             // the table's calls
};

std::unique_ptr<Table> new_table(const Script& s) {
  Error e;
  auto t = Table::create(s.game, s.players, s.options, {}, s.table_seed, &e);
  if (!t) return nullptr;
  for (int seat = 0; seat < s.players; ++seat)
    if (t->seat_human(seat, &e) != Reason::ok) return nullptr;
  if (t->tick(0, &e) != Reason::ok) return nullptr;  // the first deal
  return t;
}

// Random legal actions of whichever seat may act, at a table of humans, until the game ends.
bool make_script(const deckhand::GameSpec& spec, uint64_t seed, Script* out) {
  out->game = spec.name;
  out->players = spec.min_players;
  out->options = {{spec.limit_option, std::to_string(spec.unattended_limit)}};
  out->table_seed = seed;
  auto t = new_table(*out);
  if (!t) return false;
  deckhand::PortableRng rng(seed);
  Error e;
  for (int64_t now = 1; !t->is_over(); ++now) {
    const std::vector<int> may = t->may_act();
    if (may.empty()) return false;  // with no clocks a table of humans never waits on itself
    const std::vector<std::string> legal = t->legal_actions_text(may.front());
    out->acts.emplace_back(may.front(), legal[rng.bounded(legal.size())]);
    if (t->act(may.front(), out->acts.back().second, now, &e) != Reason::ok) return false;
  }
  std::string record;
  if (t->write_record(&record, &e) != Reason::ok) return false;
  for (std::string_view line : deckhand::text::split_on(record, '\n')) {
    const std::vector<std::string_view> w = deckhand::text::split_words(line);
    if (w.size() < 2 || w[0].starts_with('#')) continue;
    uint64_t n = 0;
    Step s;
    if ((w[0] == "deal" || w[0] == "reshuffle") && w[1] == "seed" && w.size() == 3 &&
        deckhand::text::parse_u64(w[2], &n)) {
      s.kind = w[0] == "deal" ? Step::deal : Step::reshuffle;
      s.seed = n;
    } else if (deckhand::text::parse_u64(w[0], &n) && n < uint64_t(out->players)) {
      s.seat = int(n);
      s.text = std::string(deckhand::text::trim(line.substr(w[0].size())));
      ++out->actions;
    } else {
      continue;  // the header
    }
    out->steps.push_back(std::move(s));
  }
  // Per decision: the table's calls (an offer's answers are actions in the record too).
  const bool parsed = out->actions > 0;
  out->actions = out->acts.size();
  return parsed;
}

// The scripts of every game: two whole games each.
const std::vector<Script>& scripts() {
  static const std::vector<Script> all = [] {
    std::vector<Script> v;
    for (const deckhand::GameSpec& spec : deckhand::game_specs())
      for (uint64_t seed : {11, 12}) {
        Script s;
        if (!make_script(spec, seed, &s)) {
          std::fprintf(stderr, "deckhand_bench: no table script for %s\n", spec.name);
          std::exit(1);
        }
        v.push_back(std::move(s));
      }
    return v;
  }();
  return all;
}

// The bare game: the table's game before its first deal, then the script's steps. The first
// deal is made before counting, as new_table makes the table's.
struct GameRun {
  std::unique_ptr<Game> game;
  size_t next = 0;
  explicit GameRun(const Script& s) {
    if (auto t = Table::create(s.game, s.players, s.options, {}, s.table_seed, nullptr))
      game = t->game().clone();
    if (game && !s.steps.empty() && s.steps[0].kind == Step::deal &&
        game->deal_seed(s.steps[0].seed, nullptr) == Reason::ok)
      next = 1;
  }
};

bool play_game(const Script& s, GameRun* run) {
  Game& g = *run->game;
  for (size_t i = run->next; i < s.steps.size(); ++i) {
    const Step& step = s.steps[i];
    const Reason r = step.kind == Step::deal        ? g.deal_seed(step.seed, nullptr)
                     : step.kind == Step::reshuffle ? g.reshuffle_seed(step.seed, nullptr)
                                                    : g.apply_text(step.seat, step.text, nullptr);
    if (r != Reason::ok) return false;
  }
  return g.over();
}

bool play_table(const Script& s, Table* t) {
  int64_t now = 1;
  for (const auto& [seat, text] : s.acts)
    if (t->act(seat, text, ++now, nullptr) != Reason::ok) return false;
  return t->is_over();
}

}  // namespace

namespace bench {

// The counted part of --count=GAME,table|table-game,GAMES (callgrind collects in these only).
__attribute__((noinline)) bool counted_table_game(const void* script, void* table) {
  return play_table(*static_cast<const Script*>(script), static_cast<Table*>(table));
}
__attribute__((noinline)) bool counted_bare_game(const void* script, void* run) {
  return play_game(*static_cast<const Script*>(script), static_cast<GameRun*>(run));
}

// Plays the game's scripts `rounds` times through the table or the bare game; prints the
// actions played (for the instruction count per action).
bool count_table_actions(const std::string& game, const std::string& path, int rounds) {
  size_t actions = 0;
  for (int r = 0; r < rounds; ++r)
    for (const Script& s : scripts()) {
      if (s.game != game) continue;
      actions += s.actions;
      if (path == "table") {
        auto t = new_table(s);
        if (!t || !counted_table_game(&s, t.get())) return false;
      } else {
        GameRun run(s);
        if (!run.game || !counted_bare_game(&s, &run)) return false;
      }
    }
  std::printf("%s %s actions %zu\n", game.c_str(), path.c_str(), actions);
  return actions > 0;
}

}  // namespace bench

namespace {

// Wall time per action of the same scripts (Google Benchmark), setup excluded.
void BM_TableAct(benchmark::State& state, size_t script) {
  const Script& s = scripts()[script];
  for (auto _ : state) {
    state.PauseTiming();
    auto t = new_table(s);
    state.ResumeTiming();
    if (!play_table(s, t.get())) state.SkipWithError("the table refused its script");
    state.PauseTiming();
    t.reset();
    state.ResumeTiming();
  }
  state.SetItemsProcessed(int64_t(state.iterations()) * int64_t(s.actions));
}

void BM_GameApplyText(benchmark::State& state, size_t script) {
  const Script& s = scripts()[script];
  for (auto _ : state) {
    state.PauseTiming();
    auto run = std::make_unique<GameRun>(s);
    state.ResumeTiming();
    if (!play_game(s, run.get())) state.SkipWithError("the game refused its script");
    state.PauseTiming();
    run.reset();
    state.ResumeTiming();
  }
  state.SetItemsProcessed(int64_t(state.iterations()) * int64_t(s.actions));
}

}  // namespace

namespace bench {

// Called by main, not at static initialisation: the scripts play games, which needs the
// library's own static tables in place.
void register_table_benchmarks() {
  for (size_t i = 0; i < scripts().size(); i += 2) {
    const std::string name = scripts()[i].game;
    benchmark::RegisterBenchmark(("BM_TableAct/" + name).c_str(), BM_TableAct, i);
    benchmark::RegisterBenchmark(("BM_GameApplyText/" + name).c_str(), BM_GameApplyText, i);
  }
}

}  // namespace bench
