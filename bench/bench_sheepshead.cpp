// Sheepshead benchmarks: random self-play of whole hands through the C++ API and the C ABI
// (including picking, burying, calling, leasters and doublers as random play meets them),
// state copy and serialization. docs/performance.md describes the method and the figures.
#include <cstdint>

#include "bench_support.hpp"
#include "deckhand/sheepshead.hpp"

namespace {

namespace sh = deckhand::sheepshead;
using deckhand::Reason;
using namespace bench;

// Self-play through the C++ API: the same deals and choices as CApiPlayout("sheepshead").
class CppPlayout {
 public:
  bool play_hand() {
    if (sh::deal_seed(state_, next_seed_++, &state_, nullptr) != Reason::ok) return false;
    sh::Action legal[sh::kMaxLegalActions];
    for (int n; (n = sh::legal_actions(state_, legal)) > 0; ++actions_) {
      if (sh::advance(&state_, legal[rng_.bounded(uint64_t(n))], nullptr) != Reason::ok)
        return false;
    }
    if (sh::is_over(state_) || state_.hand_number >= kMaxHandsPerGame) state_ = sh::new_game();
    return true;
  }
  uint64_t actions() const { return actions_; }

 private:
  sh::State state_ = sh::new_game();
  uint64_t next_seed_ = 1;
  deckhand::PortableRng rng_{kChoiceSeed};
  uint64_t actions_ = 0;
};

void BM_SheepsheadPlayoutCpp(benchmark::State& st) {
  CppPlayout playout;
  run_playout(st, playout);
}
void BM_SheepsheadPlayoutCApi(benchmark::State& st) {
  CApiPlayout<false> playout("sheepshead");
  run_playout(st, playout);
}
// The struct path with a dh_error given to dh_game_apply (the README's example).
void BM_SheepsheadPlayoutCApiError(benchmark::State& st) {
  CApiPlayout<false, true> playout("sheepshead");
  run_playout(st, playout);
}
void BM_SheepsheadPlayoutCApiIndexed(benchmark::State& st) {
  CApiPlayout<true> playout("sheepshead");
  run_playout(st, playout);
}
// The struct path again with history=off: what recording the history costs.
void BM_SheepsheadPlayoutCApiNoHistory(benchmark::State& st) {
  CApiPlayout<false> playout("sheepshead", "history=off");
  run_playout(st, playout);
}

void BM_SheepsheadSerializeRoundTrip(benchmark::State& st) {
  sh::State s = sh::new_game();
  if (sh::deal_seed(s, 7, &s, nullptr) != Reason::ok) return st.SkipWithError("deal refused");
  uint8_t buffer[sh::kSerializedSize];
  sh::State back;
  for (auto _ : st) {
    const size_t len = sh::serialize(s, buffer, sizeof buffer);
    if (sh::deserialize(buffer, len, &back, nullptr) != Reason::ok)
      return st.SkipWithError("round trip failed");
    benchmark::DoNotOptimize(back);
  }
  st.counters["state_bytes"] = benchmark::Counter(double(sizeof(sh::State)));
}

BENCHMARK(BM_SheepsheadPlayoutCpp);
BENCHMARK(BM_SheepsheadPlayoutCApi);
BENCHMARK(BM_SheepsheadPlayoutCApiError);
BENCHMARK(BM_SheepsheadPlayoutCApiIndexed);
BENCHMARK(BM_SheepsheadPlayoutCApiNoHistory);
BENCHMARK(BM_SheepsheadSerializeRoundTrip);

// The pure API against the C ABI (deckhand_bench runs it before timing anything).
bool pure_api_playouts_agree() {
  CppPlayout cpp, cpp2, cpp3;
  CApiPlayout<false> by_struct("sheepshead");
  CApiPlayout<true> by_index("sheepshead");
  CApiPlayout<false, true> with_error("sheepshead");
  return playouts_agree(cpp, by_struct, kWarmupHands) &&
         playouts_agree(cpp2, by_index, kWarmupHands) &&
         playouts_agree(cpp3, with_error, kWarmupHands);
}

// The pure API's hands for callgrind (deckhand_bench --count=sheepshead,cpp,N).
bool count_pure_api_hands(int hands) {
  CppPlayout playout;
  return count_hands(playout, hands);
}
[[maybe_unused]] const bench::PureApiCounter kPureApiCounter("sheepshead", &count_pure_api_hands);

[[maybe_unused]] const bench::AgreementCheck kPureApiAgrees(&pure_api_playouts_agree);

}  // namespace
