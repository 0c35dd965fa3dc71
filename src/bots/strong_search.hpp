// The `strong` level's search (internal header; strong.hpp declares it): the perfect-information
// Monte Carlo of the trick-taking games over any game's bot traits, and what every game's
// search shares (the budget's clock, a seat's result relative to the others). A game's own
// extensions instantiate it with its traits (src/<game>/extensions.cpp):
//
//   struct Rules {
//     using State, Action, View, Sampler;  // Sampler: init(state, seat), sample(rng, &state)
//     static constexpr const char* kName;
//     static constexpr int kPlayers, kMaxLegal;
//     static constexpr uint32_t kDefaultSamples;  // deals per decision without `samples`
//     static constexpr uint32_t kExpertSamples;   // the expert's (expert_search.hpp)
//     to_act(s), legal(s, out), view(s, seat), advance(&s, a), in_play(s),
//     basic(view, legal, n, rng), sample(sampler, rng, &out), text(a)
//   };
//
// For each of N deals consistent with the seat's view (consistent.hpp), every legal action is
// played out to the end of the hand by the `basic` bots, all actions of one deal with the same
// rollout seed (common random numbers, so that the comparison is of actions, not of luck); the
// action with the best mean result wins. The result is the seat's score change minus the mean
// of the others' (the game is won on totals relative to the others). In the play, each sample
// is solved open-hand by the bot's solver instead, within the node budget.
#pragma once

#include <algorithm>
#include <chrono>
#include <vector>

#include "strong.hpp"

namespace deckhand::bots::detail {

// Stops after budget.samples deals, or earlier when budget.time_ms has passed (at least one
// deal is always used).
class Clock {
 public:
  explicit Clock(const Budget& budget, uint32_t default_samples)
      : samples_(budget.samples ? budget.samples : default_samples),
        time_ms_(budget.time_ms),
        start_(std::chrono::steady_clock::now()) {}
  bool more(uint32_t done) const {
    if (done >= samples_) return false;
    if (done == 0 || time_ms_ == 0) return true;
    const auto elapsed = std::chrono::steady_clock::now() - start_;
    return elapsed < std::chrono::milliseconds(time_ms_);
  }

 private:
  uint32_t samples_;
  uint32_t time_ms_;
  std::chrono::steady_clock::time_point start_;
};

// The seat's result relative to the others: its score change minus their mean change.
template <typename Score>
double relative(const Score* after, const Score* before, int players, int seat) {
  double others = 0;
  for (int p = 0; p < players; ++p)
    if (p != seat) others += double(after[p] - before[p]);
  return double(after[seat] - before[seat]) - others / (players - 1);
}

// Plays a trick-taking hand out from `w` with the basic bots.
template <typename Rules>
void play_out(typename Rules::State* w, PortableRng& rng) {
  typename Rules::Action buf[Rules::kMaxLegal];
  for (int steps = 0; steps < 200 && Rules::to_act(*w) >= 0; ++steps) {
    const int n = Rules::legal(*w, buf);
    if (n == 0) break;
    const auto a = Rules::basic(Rules::view(*w, Rules::to_act(*w)), buf, n, rng);
    if (Rules::advance(w, a) != Reason::ok) break;
  }
}

// The index of the largest total (the first among equals).
inline int best_of(const std::vector<double>& total) {
  int best = 0;
  for (size_t i = 1; i < total.size(); ++i)
    if (total[i] > total[size_t(best)]) best = int(i);
  return best;
}

// Adds to total[0..n) what each of legal[0..n) is worth to `seat` on one deal, played out by
// the basic bots with the rollout seed `seed` for every action. `relative_to_others`: the
// seat's change minus the others' mean change; otherwise its own change (the solver's value).
template <typename Rules>
void add_rollouts(const typename Rules::State& world, int seat, const typename Rules::Action* legal,
                  int n, uint64_t seed, bool relative_to_others, std::vector<double>& total) {
  for (int i = 0; i < n; ++i) {
    typename Rules::State w = world;
    if (Rules::advance(&w, legal[i]) != Reason::ok) continue;
    PortableRng r(seed);
    play_out<Rules>(&w, r);
    total[size_t(i)] += relative_to_others ? relative(w.scores, world.scores, Rules::kPlayers, seat)
                                           : double(w.scores[seat] - world.scores[seat]);
  }
}

template <typename Rules>
typename Rules::Action strong_trick_taking(const typename Rules::State& s, int seat,
                                           const typename Rules::Action* legal, int n,
                                           const Budget& budget, PortableRng& rng,
                                           solve::Solver& solver) {
  if (n == 1) return legal[0];
  typename Rules::Sampler sampler;
  if (!sampler.init(s, seat)) return Rules::basic(Rules::view(s, seat), legal, n, rng);
  std::vector<double> total(size_t(n), 0.0);
  const Clock clock(budget, Rules::kDefaultSamples);
  const bool play = Rules::in_play(s);
  const uint64_t nodes_at_start = solver.stats().nodes;
  for (uint32_t k = 0; clock.more(k); ++k) {
    typename Rules::State world;
    if (!Rules::sample(sampler, rng, &world)) break;
    const uint64_t rollout_seed = rng.next();
    if (!play) {
      add_rollouts<Rules>(world, seat, legal, n, rollout_seed, true, total);
      continue;
    }
    // The play: the sample's open-hand values (legal_actions order, the same as legal[]),
    // or its rollouts once the node budget is spent.
    const uint64_t spent = solver.stats().nodes - nodes_at_start;
    solve::CardValue values[solve::kMaxPlays];
    int count = 0;
    Error err;
    if (spent < kSolveNodesPerDecision) {
      solver.set_node_limit(std::min(kSolveNodesPerSample, kSolveNodesPerDecision - spent));
      if (solver.card_values(world, values, &count, &err) != Reason::ok) count = 0;
    }
    if (count == n) {
      for (int i = 0; i < n; ++i) total[size_t(i)] += values[i].value;
    } else {
      add_rollouts<Rules>(world, seat, legal, n, rollout_seed, false, total);
    }
  }
  return legal[best_of(total)];
}

}  // namespace deckhand::bots::detail
