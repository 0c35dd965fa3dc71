// deckhand_bench: every game's benchmarks (Google Benchmark). Before timing anything it
// checks that each game's C++ and C ABI playouts make the same moves.
#include <cstdio>
#include <string>
#include <vector>

#include "bench_support.hpp"

bool bench::every_game_playouts_agree(int hands) {
  for (const deckhand::GameSpec& spec : deckhand::game_specs())
    for (int players = spec.min_players; players <= spec.max_players; ++players) {
      // Random play ends only within the game's play limit.
      const std::string limit =
          std::string(spec.limit_option) + "=" + std::to_string(spec.unattended_limit);
      GamePlayout cpp(spec.name, limit.c_str(), players), cpp2(spec.name, limit.c_str(), players);
      CApiPlayout<false> by_struct(spec.name, limit.c_str(), players);
      CApiPlayout<true> by_index(spec.name, limit.c_str(), players);
      if (!playouts_agree(cpp, by_struct, hands) || !playouts_agree(cpp2, by_index, hands)) {
        std::fprintf(stderr, "deckhand_bench: %s with %d players: the playouts diverged\n",
                     spec.name, players);
        return false;
      }
    }
  return true;
}

namespace {
std::vector<bool (*)()>& agreement_checks() {
  static std::vector<bool (*)()> checks;
  return checks;
}
}  // namespace

bench::AgreementCheck::AgreementCheck(bool (*check)()) {
  agreement_checks().push_back(check);
}

bool bench::registered_playouts_agree() {
  for (bool (*check)() : agreement_checks())
    if (!check()) return false;
  return true;
}

int main(int argc, char** argv) {
  if (!bench::every_game_playouts_agree(bench::kAgreementHands) ||
      !bench::registered_playouts_agree()) {
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
