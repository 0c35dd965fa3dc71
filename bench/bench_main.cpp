// deckhand_bench: every game's benchmarks (Google Benchmark). Before timing anything it
// checks that each game's C++ and C ABI playouts make the same moves.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <utility>
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
std::vector<std::pair<std::string, bool (*)(int)>>& pure_api_counters() {
  static std::vector<std::pair<std::string, bool (*)(int)>> counters;
  return counters;
}
}  // namespace

bench::PureApiCounter::PureApiCounter(const char* game, bool (*count)(int hands)) {
  pure_api_counters().emplace_back(game, count);
}

bool bench::count_pure_api_hands(const std::string& game, int hands) {
  for (const auto& [name, count] : pure_api_counters())
    if (name == game) return count(hands);
  return false;
}

bench::AgreementCheck::AgreementCheck(bool (*check)()) {
  agreement_checks().push_back(check);
}

bool bench::registered_playouts_agree() {
  for (bool (*check)() : agreement_checks())
    if (!check()) return false;
  return true;
}

bool bench::counted_hands(bool (*play_hand)(void*), void* playout, int hands) {
  for (int i = 0; i < hands; ++i)
    if (!play_hand(playout)) return false;
  return true;
}

bool bench::count_capi_hands(const char* game, const std::string& path, int hands) {
  if (path == "capi-indexed") {
    CApiPlayout<true> playout(game);
    return count_hands(playout, hands);
  }
  if (path == "capi-null") {
    CApiPlayout<false> playout(game);
    return count_hands(playout, hands);
  }
  if (path == "capi-err") {
    CApiPlayout<false, true> playout(game);
    return count_hands(playout, hands);
  }
  return false;
}

// --count=GAME,PATH,HANDS: plays and exits, for valgrind --tool=callgrind. PATH table or
// table-game: HANDS rounds of the table scripts (bench_table.cpp).
int count_mode(const std::string& spec) {
  const size_t a = spec.find(','), b = spec.rfind(',');
  if (a == std::string::npos || a == b) return 2;
  const std::string game = spec.substr(0, a), path = spec.substr(a + 1, b - a - 1);
  const int hands = std::atoi(spec.c_str() + b + 1);
  const bool ok = path == "cpp" ? bench::count_pure_api_hands(game, hands)
                  : path == "table" || path == "table-game"
                      ? bench::count_table_actions(game, path, hands)
                      : bench::count_capi_hands(game.c_str(), path, hands);
  if (!ok) std::fprintf(stderr, "deckhand_bench: --count=%s failed\n", spec.c_str());
  return ok ? 0 : 1;
}

int main(int argc, char** argv) {
  if (argc == 2 && std::strncmp(argv[1], "--count=", 8) == 0) return count_mode(argv[1] + 8);
  if (argc == 2 && std::strcmp(argv[1], "--pure-api-games") == 0) {  // for count_instructions.sh
    for (const auto& counter : pure_api_counters()) std::printf("%s\n", counter.first.c_str());
    return 0;
  }
  if (argc == 2 && std::strcmp(argv[1], "--table-games") == 0) {  // count_table_instructions.sh
    for (const deckhand::GameSpec& spec : deckhand::game_specs()) std::printf("%s\n", spec.name);
    return 0;
  }
  if (!bench::every_game_playouts_agree(bench::kAgreementHands) ||
      !bench::registered_playouts_agree()) {
    std::fprintf(stderr,
                 "deckhand_bench: the C++ and C ABI playouts diverged; the comparison is void\n");
    return 1;
  }
  bench::register_table_benchmarks();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
