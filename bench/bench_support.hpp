// What the benchmarks of deckhand_bench share: allocation counts, the playout runner, and
// self-play through the C ABI for any game. docs/performance.md describes the method.
#pragma once

#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#define DH_EXPERIMENTAL  // dh_game_copy, dh_game_deserialize_into
#include "deckhand.h"
#include "deckhand/game.hpp"
#include "deckhand/rng.hpp"

namespace bench {

// Plays a game's table scripts `rounds` times through Table::act ("table") or Game::apply_text
// ("table-game") inside counted_table_game / counted_bare_game (bench_table.cpp).
bool count_table_actions(const std::string& game, const std::string& path, int rounds);
void register_table_benchmarks();

// Heap allocations made so far by this process (alloc_counter.cpp replaces operator new).
uint64_t allocations();

// Hands played before a playout benchmark starts counting, so buffers that grow once (the
// C ABI's event history) have reached their working size: the figures are steady state.
inline constexpr int kWarmupHands = 2000;
// Hands each playout plays in the agreement check of every game and player count.
inline constexpr int kAgreementHands = 50;
// The seed of the action-choosing generator; deals use seeds 1, 2, 3, ...
inline constexpr uint64_t kChoiceSeed = 2026;
// Uniformly random play rarely ends a game (Ghost Hand Euchre scores drift below zero), so
// a game starts again after this many deals: games, and the C ABI's event history, which
// grows with the game, stay at a realistic length.
inline constexpr uint32_t kMaxHandsPerGame = 16;

// Self-play through the C ABI on one handle, created once and reset when its game is over
// or has had kMaxHandsPerGame deals. A hand: deal from the next seed, then uniformly random
// legal actions until no seat acts. Indexed: dh_game_apply_legal, which also returns the next
// count (the self-play fast path); otherwise dh_game_legal_actions into a caller array and
// dh_game_apply, given a dh_error when kWithError (as the README's example does).
template <bool kIndexed, bool kWithError = false>
class CApiPlayout {
 public:
  explicit CApiPlayout(const char* game, const char* option = nullptr, int players = 0) {
    ok_ = dh_game_new(&game_, game, &option, option ? 1 : 0, players, 0, nullptr) == DH_OK;
  }
  ~CApiPlayout() { dh_game_free(game_); }
  CApiPlayout(const CApiPlayout&) = delete;
  CApiPlayout& operator=(const CApiPlayout&) = delete;

  bool play_hand() {
    if (!ok_ || dh_game_deal_seed(game_, next_seed_++, nullptr) != DH_OK) return false;
    if (kIndexed) {
      size_t n = 0;
      if (dh_game_legal_count(&n, game_) != DH_OK) return false;
      for (; n > 0; ++actions_)
        if (dh_game_apply_legal(&n, game_, size_t(rng_.bounded(n)), nullptr) != DH_OK) return false;
    } else {
      for (size_t n;; ++actions_) {
        const int status = dh_game_legal_actions(&n, legal_.data(), legal_.size(), game_);
        if (status == DH_E_BUFFER_TOO_SMALL) {  // grows to the longest list, then no more
          legal_.resize(n);
          if (dh_game_legal_actions(&n, legal_.data(), legal_.size(), game_) != DH_OK) return false;
        }
        if (n == 0) break;
        dh_error* err = kWithError ? &err_ : nullptr;
        if (dh_game_apply(game_, &legal_[rng_.bounded(n)], err) != DH_OK) return false;
      }
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
  std::vector<dh_action> legal_ = std::vector<dh_action>(64);
  dh_error err_ = DH_ERROR_INIT;
  bool ok_ = false;
  uint32_t hands_in_game_ = 0;
  uint64_t next_seed_ = 1;
  deckhand::PortableRng rng_{kChoiceSeed};
  uint64_t actions_ = 0;
};

// Runs a playout benchmark: one iteration is one hand. Reports hands/s, actions/s,
// actions per hand and heap allocations per action over the timed hands.
template <typename Playout>
void run_playout(benchmark::State& st, Playout& playout) {
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

// For instruction counts (docs/performance.md, "Instructions per hand"): `deckhand_bench
// --count=GAME,PATH,HANDS` plays kWarmupHands hands, then HANDS more inside counted_hands,
// which callgrind's --toggle-collect selects.
[[gnu::noinline]] bool counted_hands(bool (*play_hand)(void*), void* playout, int hands);
template <typename Playout>
bool count_hands(Playout& playout, int hands) {
  for (int i = 0; i < kWarmupHands; ++i)
    if (!playout.play_hand()) return false;
  const uint64_t before = playout.actions();
  if (!counted_hands([](void* p) { return static_cast<Playout*>(p)->play_hand(); }, &playout,
                     hands))
    return false;
  std::printf("hands %d actions %llu\n", hands, (unsigned long long)(playout.actions() - before));
  return true;
}
// The C ABI paths of CApiPlayout by name: "capi-indexed", "capi-null" and "capi-err" (the
// struct path without and with a dh_error); false for another name or a refusal.
bool count_capi_hands(const char* game, const std::string& path, int hands);
// The pure per-game API's path ("cpp"), where a game's file benchmarks one: the file registers
// how to count its hands with a static PureApiCounter (so that main names no game).
struct PureApiCounter {
  PureApiCounter(const char* game, bool (*count)(int hands));
};
// false when no file registered a counter for that game, or on a refusal.
bool count_pure_api_hands(const std::string& game, int hands);

// The playouts of one game must make the same moves, or comparing their speed means
// nothing: plays some hands each way and compares the action counts.
template <typename A, typename B>
bool playouts_agree(A& a, B& b, int hands) {
  for (int i = 0; i < hands; ++i)
    if (!a.play_hand() || !b.play_hand()) return false;
  return a.actions() == b.actions();
}

// Self-play through the generic C++ interface (deckhand::Game, made by name): the same deals,
// choices and restarts as CApiPlayout, so the two must make the same moves.
class GamePlayout {
 public:
  GamePlayout(const char* game, const char* option, int players) {
    std::string key, value;
    if (deckhand::split_option(option, &key, &value))
      game_ = deckhand::make_game(game, {{key, value}}, players, 0, nullptr);
  }
  bool play_hand() {
    if (!game_ || game_->deal_seed(next_seed_++, nullptr) != deckhand::Reason::ok) return false;
    for (size_t n; (n = game_->legal_count()) > 0; ++actions_)
      if (game_->apply_legal(size_t(rng_.bounded(n)), nullptr) != deckhand::Reason::ok)
        return false;
    if (++hands_in_game_ < kMaxHandsPerGame && !game_->over()) return true;
    hands_in_game_ = 0;
    game_->reset();
    return true;
  }
  uint64_t actions() const { return actions_; }

 private:
  std::unique_ptr<deckhand::Game> game_;
  uint32_t hands_in_game_ = 0;
  uint64_t next_seed_ = 1;
  deckhand::PortableRng rng_{kChoiceSeed};
  uint64_t actions_ = 0;
};

// Every game of the catalog at every player count: the C++ interface and both C ABI paths
// make the same moves (main runs this before any benchmark).
bool every_game_playouts_agree(int hands);
// The pure per-game APIs against the C ABI, where a game's file benchmarks one: the file
// registers its check with a static AgreementCheck, and main runs every registered one (so
// that main names no game).
struct AgreementCheck {
  explicit AgreementCheck(bool (*check)());
};
bool registered_playouts_agree();

}  // namespace bench
