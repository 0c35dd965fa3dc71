// Tables against their games (docs/performance.md, "Tables"): the same whole games, action by
// action, through Table::act at a table of humans (events for every seat kept) and through
// Game::apply_text on a bare game with history, which is what a server without tables does
// with a player's action text. A script is made by a table of humans acting at random: both
// replay its calls, the bare game dealing and reshuffling from the seeds of the table's record
// whenever it awaits a deal or a reshuffle, so both make exactly the same moves.
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

// A whole game, as its table was created and played: the calls, and the seeds of its deals
// and reshuffles in order (from its record).
struct Script {
  std::string game;
  int players = 0;
  deckhand::OptionList options;
  uint64_t table_seed = 0;
  std::vector<std::pair<int, std::string>> acts;
  std::vector<uint64_t> deals, reshuffles;
  size_t actions = 0;  // acts.size()
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
    uint64_t n = 0;
    if (w.size() == 3 && w[1] == "seed" && deckhand::text::parse_u64(w[2], &n))
      (w[0] == "deal" ? out->deals : out->reshuffles).push_back(n);
  }
  out->actions = out->acts.size();
  return !out->deals.empty();
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

// The bare game: the table's game before its first deal; then the same calls through
// apply_text, each deal and reshuffle made when the game awaits it, from the record's seeds.
// The first deal is made before counting, as new_table makes the table's.
struct GameRun {
  std::unique_ptr<Game> game;
  size_t deals = 0, reshuffles = 0;
  explicit GameRun(const Script& s) {
    if (auto t = Table::create(s.game, s.players, s.options, {}, s.table_seed, nullptr))
      game = t->game().clone();
    if (game && game->deal_seed(s.deals[0], nullptr) == Reason::ok) deals = 1;
  }
};

bool play_game(const Script& s, GameRun* run) {
  Game& g = *run->game;
  for (const auto& [seat, text] : s.acts) {
    if (g.apply_text(seat, text, nullptr) != Reason::ok) return false;
    while (g.awaiting_deal() && run->deals < s.deals.size())
      if (g.deal_seed(s.deals[run->deals++], nullptr) != Reason::ok) return false;
    while (g.needs_reshuffle() && run->reshuffles < s.reshuffles.size())
      if (g.reshuffle_seed(s.reshuffles[run->reshuffles++], nullptr) != Reason::ok) return false;
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
