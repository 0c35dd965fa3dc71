// deckhand_bench: every game's benchmarks (Google Benchmark). Before timing anything it
// checks that each game's C++ and C ABI playouts make the same moves.
#include <cstdio>

#include "bench_support.hpp"

int main(int argc, char** argv) {
  if (!bench::ghost_euchre_playouts_agree() || !bench::sheepshead_playouts_agree()) {
    std::fprintf(stderr,
                 "deckhand_bench: the C++ and C ABI playouts diverged; the comparison is void\n");
    return 1;
  }
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
