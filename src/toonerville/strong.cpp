// Toonerville Rook's `strong` level (include/deckhand/bots.hpp, docs/bots.md): the
// perfect-information Monte Carlo of src/bots/strong_search.hpp for the take-or-draw choice
// and for the discard among the basic bot's first three, with rollouts of the round by the
// basic bots (the contract finder), keeping the basic choice unless another is clearly
// better; going down, laying off and buying stay basic.
#include <algorithm>
#include <cmath>
#include <vector>

#include "../bots/strong_search.hpp"
#include "bots.hpp"
#include "deckhand/bots.hpp"

namespace deckhand::bots::detail {

namespace {

namespace tv = toonerville;

// Plays the round out from `w` with the basic bots (toonerville_bot_table); the seat's result
// relative to the others, in penalty points saved (T12: fewer is better). A round still going
// after many actions counts each hand's penalty points as they stand.
double toonerville_rollout(tv::State* w, int seat, PortableRng& rng) {
  const int players = tv::players(*w);
  const uint32_t scored = w->hands_scored;
  int32_t before[tv::kMaxPlayers];
  std::copy(w->scores, w->scores + players, before);
  tv::Action a;
  for (int steps = 0; steps < 2000 && w->hands_scored == scored; ++steps)
    if (!toonerville_bot_table(*w, rng, &a) || tv::advance(w, a, nullptr) != Reason::ok) break;
  int32_t after[tv::kMaxPlayers];
  for (int p = 0; p < players; ++p)
    after[p] = w->hands_scored != scored ? w->scores[p] : before[p] + penalty_points(w->hands[p]);
  return -relative(after, before, players, seat);
}

}  // namespace

bool strong_toonerville(const tv::State& s, int seat, const tv::Action* legal, int n,
                        const Budget& budget, PortableRng& rng, tv::Action* out) {
  // The choices searched: take or draw, and the discard among the basic bot's first few.
  // Rollouts of a whole round are noisy, so the basic bot's own choice (choices[0]) stands
  // unless another beats it clearly on the same deals.
  const tv::View v = tv::view(s, seat);
  std::vector<tv::Action> choices;
  std::vector<std::pair<int, int>> discards;  // key, index
  for (int i = 0; i < n; ++i) {
    const tv::ActionKind k = legal[i].kind;
    if (k == tv::ActionKind::down || k == tv::ActionKind::layoff || k == tv::ActionKind::swap)
      return false;  // the basic bot goes down, lays off and swaps as soon as it can
    if (k == tv::ActionKind::discard)
      discards.emplace_back(toonerville_discard_key(v, legal[i].bytes[0]), i);
  }
  if (s.phase == tv::Phase::draw) {
    const bool take = !s.bought && s.pile_count && toonerville_bot_wants_take(v);
    for (int i = 0; i < n; ++i)
      if (legal[i].seat == seat && legal[i].kind == tv::ActionKind::take)
        choices.push_back(legal[i]);
    for (int i = 0; i < n; ++i)
      if (legal[i].seat == seat && legal[i].kind == tv::ActionKind::draw)
        choices.insert(take ? choices.end() : choices.begin(), legal[i]);
  } else {
    std::stable_sort(discards.begin(), discards.end(),
                     [](const auto& x, const auto& y) { return x.first < y.first; });
    for (size_t i = 0; i < discards.size() && i < kToonervilleDiscards; ++i)
      choices.push_back(legal[discards[i].second]);
  }
  if (choices.size() < 2) return false;
  ToonervilleSampler sampler;
  if (!sampler.init(s, seat)) return false;
  std::vector<std::vector<double>> values(choices.size());
  const Clock clock(budget, kToonervilleDefaultSamples);
  for (uint32_t k = 0; clock.more(k); ++k) {
    tv::State world;
    sampler.sample(rng, &world);
    const uint64_t rollout_seed = rng.next();
    for (size_t i = 0; i < choices.size(); ++i) {
      tv::State w = world;
      PortableRng r(rollout_seed);
      values[i].push_back(tv::advance(&w, choices[i], nullptr) == Reason::ok
                              ? toonerville_rollout(&w, seat, r)
                              : -1e9);
    }
  }
  // The best mean, kept only when its paired advantage over choices[0] exceeds two standard
  // errors.
  size_t best = 0;
  double best_mean = 0;
  const double samples = double(values[0].size());
  for (size_t i = 1; i < choices.size(); ++i) {
    double mean = 0, var = 0;
    for (size_t k = 0; k < values[i].size(); ++k) mean += values[i][k] - values[0][k];
    mean /= samples;
    for (size_t k = 0; k < values[i].size(); ++k) {
      const double d = values[i][k] - values[0][k] - mean;
      var += d * d;
    }
    const double se = samples > 1 ? std::sqrt(var / (samples - 1) / samples) : 1e9;
    if (mean > 2 * se && mean > best_mean) best = i, best_mean = mean;
  }
  *out = choices[best];
  return true;
}

}  // namespace deckhand::bots::detail
