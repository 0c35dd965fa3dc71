// The open-hand solvers: one iteration values every legal card of the seat to act, all hands
// known, at the first lead of a hand (six tricks to play) or after random plays. Deals come from
// seeds 1, 2, 3, ...; the auction, bury and call are random legal choices from a fixed seed, so
// both contracts and, in Sheepshead, leasters occur in their natural proportions. One solver (one
// table) serves every deal, as a bot's would. Reports solves/s, nodes per solve and nodes/s.
// docs/bots.md has the figures.
#include <benchmark/benchmark.h>

#include <cstdint>

#include "deckhand/ghost_euchre.hpp"
#include "deckhand/ghost_euchre_solve.hpp"
#include "deckhand/rng.hpp"
#include "deckhand/sheepshead.hpp"
#include "deckhand/sheepshead_solve.hpp"
#include "deckhand/solve.hpp"

namespace {

using deckhand::Reason;
namespace ge = deckhand::ghost_euchre;
namespace sh = deckhand::sheepshead;
namespace solve = deckhand::solve;

// The next hand that reaches play, after `plays` random cards of it (0: at the first lead),
// or false on a refusal.
template <typename State, typename Action, int kMaxActions, typename Phase>
bool reach_play(State* s, int plays, uint64_t* seed, deckhand::PortableRng& rng, Phase play) {
  for (;;) {
    if (deal_seed(*s, (*seed)++, s, nullptr) != Reason::ok) return false;
    Action legal[kMaxActions];
    int n;
    while (s->phase != play && (n = legal_actions(*s, legal)) > 0)
      if (advance(s, legal[rng.bounded(uint64_t(n))], nullptr) != Reason::ok) return false;
    if (s->phase != play) continue;  // thrown in: deal again
    for (int i = 0; i < plays; ++i) {
      n = legal_actions(*s, legal);
      if (advance(s, legal[rng.bounded(uint64_t(n))], nullptr) != Reason::ok) return false;
    }
    return true;
  }
}

template <typename State, typename Action, int kMaxActions, typename Phase>
void run(benchmark::State& st, State initial, Phase play) {
  solve::Solver solver(int(st.range(0)));
  deckhand::PortableRng rng(2026);
  uint64_t seed = 1;
  solve::CardValue values[solve::kMaxPlays];
  for (auto _ : st) {
    st.PauseTiming();
    State s = initial;
    if (!reach_play<State, Action, kMaxActions>(&s, int(st.range(1)), &seed, rng, play)) {
      st.SkipWithError("the engine refused its own action");
      return;
    }
    st.ResumeTiming();
    int count = 0;
    if (solver.card_values(s, values, &count, nullptr) != Reason::ok) {
      st.SkipWithError("the solver refused a play-phase state");
      return;
    }
    benchmark::DoNotOptimize(values);
  }
  const double nodes = double(solver.stats().nodes);
  st.counters["nodes_per_solve"] = nodes / double(st.iterations());
  st.counters["nodes_per_s"] = benchmark::Counter(nodes, benchmark::Counter::kIsRate);
  st.counters["solves_per_s"] =
      benchmark::Counter(double(st.iterations()), benchmark::Counter::kIsRate);
}

// Args: table bits, random cards played before the solve (0: the first lead; Euchre 6 and
// Sheepshead 10: the third trick's lead).
void BM_SolveEuchre(benchmark::State& st) {
  ge::Options o;
  o.all_pass = ge::AllPass::stick_dealer;
  run<ge::State, ge::Action, ge::kMaxLegalActions>(st, ge::new_game(o), ge::Phase::play);
}
void BM_SolveSheepshead(benchmark::State& st) {
  run<sh::State, sh::Action, sh::kMaxLegalActions>(st, sh::new_game(), sh::Phase::play);
}

}  // namespace

BENCHMARK(BM_SolveEuchre)->Args({16, 0})->Args({16, 6})->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_SolveSheepshead)
    ->Args({16, 0})
    ->Args({20, 0})
    ->Args({16, 10})
    ->Unit(benchmark::kMillisecond);
