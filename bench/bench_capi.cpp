// The C ABI's costs that every game shares, measured for each game: copying a game into an
// existing handle (search bots copy states millions of times), the serialize round trip of
// a history=off game through the C ABI, and resident memory over 10^7 random actions with
// history=off. docs/performance.md gives the method and the figures.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "bench_support.hpp"

namespace {

using namespace bench;

constexpr size_t kPool = 64;  // sampled games, a power of two: indices wrap with a mask

// One random move of any game through the C ABI (a seeded deal when one is due); false when
// the game is over.
bool random_step(dh_game* g, deckhand::PortableRng& rng, uint64_t* seed) {
  int32_t over = 0, awaiting = 0;
  dh_game_is_over(&over, g);
  if (over) return false;
  dh_game_awaiting_deal(&awaiting, g);
  if (awaiting) return dh_game_deal_seed(g, (*seed)++, nullptr) == DH_OK;
  size_t n = 0;
  if (dh_game_legal_count(&n, g) != DH_OK || n == 0) return false;
  return dh_game_apply_legal(nullptr, g, size_t(rng.bounded(n)), nullptr) == DH_OK;
}

dh_game* new_game(const char* name, int players, const char* option) {
  dh_game* g = nullptr;
  return dh_game_new(&g, name, &option, option ? 1 : 0, players, 0, nullptr) == DH_OK ? g : nullptr;
}

// kPool games of one kind at points of play spread over their first hands.
class Pool {
 public:
  Pool(const char* name, int players, const char* option) {
    deckhand::PortableRng rng{kChoiceSeed};
    uint64_t seed = 1;
    dh_game* g = new_game(name, players, option);
    for (int step = 0; g && games_.size() < kPool; ++step) {
      if (!random_step(g, rng, &seed)) dh_game_reset(g, nullptr);
      dh_game* copy = nullptr;
      if (step % 7 == 0 && dh_game_clone(&copy, g, nullptr) == DH_OK) games_.push_back(copy);
    }
    dh_game_free(g);
  }
  ~Pool() {
    for (dh_game* g : games_) dh_game_free(g);
  }
  Pool(const Pool&) = delete;
  Pool& operator=(const Pool&) = delete;
  bool ok() const { return games_.size() == kPool; }
  const dh_game* operator[](size_t i) const { return games_[i & (kPool - 1)]; }

 private:
  std::vector<dh_game*> games_;
};

// dh_game_copy into one existing handle, from games at many points of play.
void BM_CApiCopy(benchmark::State& st, const char* name, int players, const char* option) {
  Pool pool(name, players, option);
  dh_game* dst = new_game(name, players, option);
  if (!pool.ok() || !dst) return st.SkipWithError("could not sample games");
  for (size_t i = 0; i < kPool; ++i) dh_game_copy(dst, pool[i], nullptr);  // room for the longest
  const uint64_t allocs_before = allocations();
  size_t i = 0;
  for (auto _ : st) {
    if (dh_game_copy(dst, pool[i++], nullptr) != DH_OK) return st.SkipWithError("copy failed");
    benchmark::ClobberMemory();
  }
  st.counters["allocs/copy"] =
      benchmark::Counter(double(allocations() - allocs_before) / double(st.iterations()));
  dh_game_free(dst);
}

// The same with dh_game_clone and dh_game_free, for comparison.
void BM_CApiClone(benchmark::State& st, const char* name, int players, const char* option) {
  Pool pool(name, players, option);
  if (!pool.ok()) return st.SkipWithError("could not sample games");
  const uint64_t allocs_before = allocations();
  size_t i = 0;
  for (auto _ : st) {
    dh_game* copy = nullptr;
    if (dh_game_clone(&copy, pool[i++], nullptr) != DH_OK) return st.SkipWithError("clone failed");
    dh_game_free(copy);
  }
  st.counters["allocs/clone"] =
      benchmark::Counter(double(allocations() - allocs_before) / double(st.iterations()));
}

// dh_game_serialize into a caller buffer, then dh_game_deserialize_into an existing handle,
// of history=off games (the state alone; restoring checks every invariant). The C++ round
// trip of the same states is BM_<Game>SerializeRoundTrip.
void BM_CApiSerializeRoundTrip(benchmark::State& st, const char* name, int players) {
  Pool pool(name, players, "history=off");
  dh_game* back = new_game(name, players, "history=off");
  if (!pool.ok() || !back) return st.SkipWithError("could not sample games");
  std::vector<uint8_t> buffer(1 << 16);
  size_t i = 0, len = 0;
  const uint64_t allocs_before = allocations();
  for (auto _ : st) {
    if (dh_game_serialize(&len, buffer.data(), buffer.size(), pool[i++]) != DH_OK ||
        dh_game_deserialize_into(back, buffer.data(), len, nullptr) != DH_OK)
      return st.SkipWithError("round trip failed");
    benchmark::ClobberMemory();
  }
  st.counters["serialized_bytes"] = benchmark::Counter(double(len));
  st.counters["allocs/trip"] =
      benchmark::Counter(double(allocations() - allocs_before) / double(st.iterations()));
  dh_game_free(back);
}

// Resident memory (Linux /proc/self/statm) in bytes, or 0 when unknown.
double resident_bytes() {
  unsigned long size = 0, resident = 0;
  FILE* f = std::fopen("/proc/self/statm", "r");
  if (!f) return 0;
  if (std::fscanf(f, "%lu %lu", &size, &resident) != 2) resident = 0;
  std::fclose(f);
  return double(resident) * 4096.0;
}

// 10^7 uniformly random actions of a configuration that never ends by itself (no limits),
// history=off: how far resident memory moves from after a warm-up of 10^4 actions.
void BM_CApiMemoryFlat(benchmark::State& st, const char* name, int players) {
  constexpr uint64_t kActions = 10'000'000;
  for (auto _ : st) {
    dh_game* g = new_game(name, players, "history=off");
    if (!g) return st.SkipWithError("could not create the game");
    deckhand::PortableRng rng{kChoiceSeed};
    uint64_t seed = 1, actions = 0;
    double start = 0, peak = 0;
    while (actions < kActions) {
      int32_t awaiting = 0;
      dh_game_awaiting_deal(&awaiting, g);
      if (!awaiting) ++actions;
      if (!random_step(g, rng, &seed)) dh_game_reset(g, nullptr);
      if (actions == 10'000) start = resident_bytes();
      if (actions % 1'000'000 == 0 && resident_bytes() > peak) peak = resident_bytes();
    }
    st.counters["actions"] = benchmark::Counter(double(actions));
    st.counters["rss_start_MB"] = benchmark::Counter(start / 1048576.0);
    st.counters["rss_growth_MB"] = benchmark::Counter((peak - start) / 1048576.0);
    dh_game_free(g);
  }
}

// Every game of the catalog, at its most players (the largest state), named by the game.
[[maybe_unused]] const bool kRegistered = [] {
  for (const deckhand::GameSpec& spec : deckhand::game_specs()) {
    const char* name = spec.name;
    const int players = spec.max_players;
    const std::string at = std::string("/") + name;
    benchmark::RegisterBenchmark(("BM_CApiCopy" + at + "_history_off").c_str(), BM_CApiCopy, name,
                                 players, "history=off");
    benchmark::RegisterBenchmark(("BM_CApiCopy" + at + "_history_on").c_str(), BM_CApiCopy, name,
                                 players, nullptr);
    benchmark::RegisterBenchmark(("BM_CApiClone" + at + "_history_off").c_str(), BM_CApiClone, name,
                                 players, "history=off");
    benchmark::RegisterBenchmark(("BM_CApiSerializeRoundTrip" + at).c_str(),
                                 BM_CApiSerializeRoundTrip, name, players);
    benchmark::RegisterBenchmark(("BM_CApiMemoryFlat" + at).c_str(), BM_CApiMemoryFlat, name,
                                 players)
        ->Iterations(1)
        ->Unit(benchmark::kMillisecond);
  }
  return true;
}();

}  // namespace
