// Ghost Hand Euchre benchmarks: random self-play through the C++ API and through the C ABI,
// the cost of copying and serializing a state, and heap allocations per action.
// docs/performance.md describes the method, the targets and the figures measured.
#include <benchmark/benchmark.h>

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <new>
#include <vector>

#include "deckhand.h"
#include "deckhand/ghost_euchre.hpp"
#include "deckhand/rng.hpp"

// ---- Allocation counting -----------------------------------------------------------------
// Every global operator new of this binary (the library's included: it is linked
// statically) goes through counted_alloc, so a benchmark can read how many heap allocations
// its timed loop made. Relaxed atomics: only the total matters, not the order.
namespace {

std::atomic<uint64_t> g_allocations{0};

void* counted_alloc(std::size_t size) noexcept {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  return std::malloc(size == 0 ? 1 : size);
}

void* counted_aligned_alloc(std::size_t size, std::align_val_t alignment) noexcept {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  const std::size_t align = static_cast<std::size_t>(alignment);
  // aligned_alloc wants a size that is a multiple of the alignment.
  const std::size_t rounded = size == 0 ? align : (size + align - 1) / align * align;
  return std::aligned_alloc(align, rounded);
}

void* checked(void* p) {
  if (!p) throw std::bad_alloc();
  return p;
}

uint64_t allocations() { return g_allocations.load(std::memory_order_relaxed); }

}  // namespace

void* operator new(std::size_t size) { return checked(counted_alloc(size)); }
void* operator new[](std::size_t size) { return checked(counted_alloc(size)); }
void* operator new(std::size_t size, const std::nothrow_t&) noexcept { return counted_alloc(size); }
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept { return counted_alloc(size); }
void* operator new(std::size_t size, std::align_val_t a) { return checked(counted_aligned_alloc(size, a)); }
void* operator new[](std::size_t size, std::align_val_t a) { return checked(counted_aligned_alloc(size, a)); }
void* operator new(std::size_t size, std::align_val_t a, const std::nothrow_t&) noexcept {
  return counted_aligned_alloc(size, a);
}
void* operator new[](std::size_t size, std::align_val_t a, const std::nothrow_t&) noexcept {
  return counted_aligned_alloc(size, a);
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t, const std::nothrow_t&) noexcept { std::free(p); }

namespace {

namespace ge = deckhand::ghost_euchre;
using deckhand::Reason;

// Hands played before a playout benchmark starts counting, so buffers that grow once (the
// C ABI's event history) have reached their working size: the figures are steady state.
constexpr int kWarmupHands = 2000;
// The seed of the action-choosing generator; deals use seeds 1, 2, 3, ...
constexpr uint64_t kChoiceSeed = 2026;
// Uniformly random bids are mostly set, so every score drifts below zero and a random game
// practically never reaches its target. Starting a new game after this many hands keeps
// games (and the C ABI's event history, which grows with the game) at a realistic length.
constexpr uint32_t kMaxHandsPerGame = 16;

// Self-play through the C++ API. A hand: deal from the next seed, then uniformly random
// legal actions until no seat acts (the hand was scored or thrown in). A game starts again
// when it is over or has had kMaxHandsPerGame deals. Both playouts make the same deals and
// the same choices, so they do the same rules work and differ only in the API they use.
class CppPlayout {
 public:
  // False if the engine refused a deal or one of its own legal actions (a bug).
  bool play_hand() {
    if (ge::deal_seed(state_, next_seed_++, &state_, nullptr) != Reason::ok) return false;
    ge::Action legal[ge::kMaxLegalActions];
    for (int n; (n = ge::legal_actions(state_, legal)) > 0; ++actions_) {
      if (ge::advance(&state_, legal[rng_.bounded(uint64_t(n))], nullptr) != Reason::ok) return false;
    }
    if (ge::is_over(state_) || state_.hand_number >= kMaxHandsPerGame) state_ = ge::new_game();
    return true;
  }
  uint64_t actions() const { return actions_; }

 private:
  ge::State state_ = ge::new_game();
  uint64_t next_seed_ = 1;
  deckhand::PortableRng rng_{kChoiceSeed};
  uint64_t actions_ = 0;
};

// The same self-play through the C ABI, on one handle created once and reset when its game
// is over or has had kMaxHandsPerGame deals.
class CApiPlayout {
 public:
  CApiPlayout() { ok_ = dh_game_new(&game_, "ghost-euchre", nullptr, 0, 0, 0, nullptr) == DH_OK; }
  ~CApiPlayout() { dh_game_free(game_); }
  CApiPlayout(const CApiPlayout&) = delete;
  CApiPlayout& operator=(const CApiPlayout&) = delete;

  bool play_hand() {
    if (!ok_ || dh_game_deal_seed(game_, next_seed_++, nullptr) != DH_OK) return false;
    dh_action legal[ge::kMaxLegalActions];
    for (size_t n;; ++actions_) {
      if (dh_game_legal_actions(&n, legal, ge::kMaxLegalActions, game_) != DH_OK) return false;
      if (n == 0) break;
      if (dh_game_apply(game_, &legal[rng_.bounded(n)], nullptr) != DH_OK) return false;
    }
    int32_t over = 0;
    if (dh_game_is_over(&over, game_) != DH_OK) return false;
    if (++hands_in_game_ < kMaxHandsPerGame && !over) return true;
    hands_in_game_ = 0;
    return dh_game_reset(game_, nullptr) == DH_OK;
  }
  uint64_t actions() const { return actions_; }

 private:
  dh_game* game_ = nullptr;
  bool ok_ = false;
  uint32_t hands_in_game_ = 0;
  uint64_t next_seed_ = 1;
  deckhand::PortableRng rng_{kChoiceSeed};
  uint64_t actions_ = 0;
};

// Runs a playout benchmark: one iteration is one hand. Reports hands/s, actions/s,
// actions per hand and heap allocations per action over the timed hands.
template <typename Playout>
void run_playout(benchmark::State& st) {
  Playout playout;
  for (int i = 0; i < kWarmupHands; ++i) {
    if (!playout.play_hand()) {
      st.SkipWithError("the engine refused a deal or a legal action during warm-up");
      return;
    }
  }
  const uint64_t actions_before = playout.actions();
  const uint64_t allocs_before = allocations();
  for (auto _ : st) {
    if (!playout.play_hand()) {
      st.SkipWithError("the engine refused a deal or a legal action");
      return;
    }
  }
  const double allocs = double(allocations() - allocs_before);
  const double actions = double(playout.actions() - actions_before);
  const double hands = double(st.iterations());
  st.counters["hands/s"] = benchmark::Counter(hands, benchmark::Counter::kIsRate);
  st.counters["actions/s"] = benchmark::Counter(actions, benchmark::Counter::kIsRate);
  st.counters["actions/hand"] = benchmark::Counter(hands > 0 ? actions / hands : 0);
  st.counters["allocs/action"] = benchmark::Counter(actions > 0 ? allocs / actions : 0);
}

void BM_PlayoutCpp(benchmark::State& st) { run_playout<CppPlayout>(st); }
void BM_PlayoutCApi(benchmark::State& st) { run_playout<CApiPlayout>(st); }

// States from every phase of many hands, for the copy and serialization benchmarks.
constexpr size_t kSampleCount = 256;  // a power of two: indices wrap with a mask
std::vector<ge::State> sample_states() {
  std::vector<ge::State> states;
  states.reserve(kSampleCount);
  ge::State s = ge::new_game();
  deckhand::PortableRng rng{kChoiceSeed};
  for (uint64_t seed = 1; states.size() < kSampleCount; ++seed) {
    if (ge::deal_seed(s, seed, &s, nullptr) != Reason::ok) break;
    ge::Action legal[ge::kMaxLegalActions];
    for (int n, step = 0; (n = ge::legal_actions(s, legal)) > 0; ++step) {
      if (step % 5 == 0 && states.size() < kSampleCount) states.push_back(s);
      if (ge::advance(&s, legal[rng.bounded(uint64_t(n))], nullptr) != Reason::ok) return {};
    }
    if (ge::is_over(s) || s.hand_number >= kMaxHandsPerGame) s = ge::new_game();
  }
  return states;
}

// Cloning a game is copying its State: one trivially copyable value.
void BM_CloneState(benchmark::State& st) {
  const std::vector<ge::State> states = sample_states();
  if (states.size() != kSampleCount) {
    st.SkipWithError("could not sample states");
    return;
  }
  ge::State copy;
  size_t i = 0;
  for (auto _ : st) {
    copy = states[i++ & (kSampleCount - 1)];
    benchmark::DoNotOptimize(copy);
    benchmark::ClobberMemory();
  }
  st.counters["state_bytes"] = benchmark::Counter(double(sizeof(ge::State)));
}

// ghost_euchre::serialize then deserialize (which verifies the checksum and every
// invariant) of the same state.
void BM_SerializeRoundTrip(benchmark::State& st) {
  const std::vector<ge::State> states = sample_states();
  if (states.size() != kSampleCount) {
    st.SkipWithError("could not sample states");
    return;
  }
  uint8_t buffer[ge::kSerializedSize];
  ge::State back;
  size_t i = 0;
  for (auto _ : st) {
    const size_t len = ge::serialize(states[i++ & (kSampleCount - 1)], buffer, sizeof buffer);
    if (ge::deserialize(buffer, len, &back, nullptr) != Reason::ok) {
      st.SkipWithError("a serialized state did not deserialize");
      return;
    }
    benchmark::DoNotOptimize(back);
  }
  st.counters["serialized_bytes"] = benchmark::Counter(double(ge::kSerializedSize));
}

BENCHMARK(BM_PlayoutCpp);
BENCHMARK(BM_PlayoutCApi);
BENCHMARK(BM_CloneState);
BENCHMARK(BM_SerializeRoundTrip);

// Both playouts must make the same moves, or comparing their speed means nothing: plays a
// few thousand hands each way and compares the action counts.
bool playouts_agree(int hands) {
  CppPlayout cpp;
  CApiPlayout capi;
  for (int i = 0; i < hands; ++i)
    if (!cpp.play_hand() || !capi.play_hand()) return false;
  return cpp.actions() == capi.actions();
}

}  // namespace

int main(int argc, char** argv) {
  if (!playouts_agree(kWarmupHands)) {
    std::fprintf(stderr, "deckhand_bench: the C++ and C ABI playouts diverged; the comparison is void\n");
    return 1;
  }
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
