// Ghost Hand Euchre benchmarks: random self-play through the C++ API and through the C ABI,
// the cost of copying and serializing a state, and heap allocations per action.
// docs/performance.md describes the method, the targets and the figures measured.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "bench_support.hpp"
#include "deckhand/ghost_euchre.hpp"

namespace {

namespace ge = deckhand::ghost_euchre;
using deckhand::Reason;

using namespace bench;

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
      if (ge::advance(&state_, legal[rng_.bounded(uint64_t(n))], nullptr) != Reason::ok)
        return false;
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

void BM_EuchrePlayoutCpp(benchmark::State& st) {
  CppPlayout playout;
  run_playout(st, playout);
}
void BM_EuchrePlayoutCApi(benchmark::State& st) {
  CApiPlayout<false> playout("ghost-euchre");
  run_playout(st, playout);
}
// The struct path with a dh_error given to dh_game_apply (the README's example).
void BM_EuchrePlayoutCApiError(benchmark::State& st) {
  CApiPlayout<false, true> playout("ghost-euchre");
  run_playout(st, playout);
}
void BM_EuchrePlayoutCApiIndexed(benchmark::State& st) {
  CApiPlayout<true> playout("ghost-euchre");
  run_playout(st, playout);
}
// The struct path again with history=off: what recording the history costs.
void BM_EuchrePlayoutCApiNoHistory(benchmark::State& st) {
  CApiPlayout<false> playout("ghost-euchre", "history=off");
  run_playout(st, playout);
}

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
void BM_EuchreCloneState(benchmark::State& st) {
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
void BM_EuchreSerializeRoundTrip(benchmark::State& st) {
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

BENCHMARK(BM_EuchrePlayoutCpp);
BENCHMARK(BM_EuchrePlayoutCApi);
BENCHMARK(BM_EuchrePlayoutCApiError);
BENCHMARK(BM_EuchrePlayoutCApiIndexed);
BENCHMARK(BM_EuchrePlayoutCApiNoHistory);
BENCHMARK(BM_EuchreCloneState);
BENCHMARK(BM_EuchreSerializeRoundTrip);

// The pure API against the C ABI (deckhand_bench runs it before timing anything).
bool pure_api_playouts_agree() {
  CppPlayout cpp;
  CApiPlayout<false> by_struct("ghost-euchre");
  CppPlayout cpp2;
  CApiPlayout<true> by_index("ghost-euchre");
  CppPlayout cpp3;
  CApiPlayout<false, true> with_error("ghost-euchre");
  return playouts_agree(cpp, by_struct, kWarmupHands) &&
         playouts_agree(cpp2, by_index, kWarmupHands) &&
         playouts_agree(cpp3, with_error, kWarmupHands);
}

// The pure API's hands for callgrind (deckhand_bench --count=ghost-euchre,cpp,N).
bool count_pure_api_hands(int hands) {
  CppPlayout playout;
  return count_hands(playout, hands);
}
[[maybe_unused]] const bench::PureApiCounter kPureApiCounter("ghost-euchre", &count_pure_api_hands);

[[maybe_unused]] const bench::AgreementCheck kPureApiAgrees(&pure_api_playouts_agree);

}  // namespace
