// Toonerville Rook's `strong` level (include/deckhand/bots.hpp, docs/bots.md): the
// perfect-information Monte Carlo of src/bots/strong_search.hpp for the take-or-draw choice
// and for the discard among the basic bot's first three and the card worth the most points,
// with rollouts of the round by the basic bots (the contract finder) valued by the seat's own
// penalty points, keeping the basic choice unless another is clearly better; going down,
// laying off and buying stay basic.
#include <algorithm>
#include <cmath>
#include <vector>

#include "../bots/expert_search.hpp"
#include "../bots/strong_search.hpp"
#include "bots.hpp"
#include "deckhand/bots.hpp"
#include "deckhand/toonerville_bots.hpp"

namespace deckhand::bots::detail {

namespace tv = toonerville;

double toonerville_rollout(tv::State* w, int seat, PortableRng& rng, tv::Action* legal) {
  const uint32_t scored = w->hands_scored;
  const int32_t before = w->scores[seat];
  tv::Action a;
  for (int steps = 0; steps < 2000 && w->hands_scored == scored; ++steps)
    if (!toonerville_bot_table(*w, rng, legal, &a) || tv::advance(w, a, nullptr) != Reason::ok)
      break;
  return -double(w->hands_scored != scored ? w->scores[seat] - before
                                           : penalty_points(w->hands[seat]));
}

double toonerville_rollout(tv::State* w, int seat, PortableRng& rng) {
  std::vector<tv::Action> legal(static_cast<size_t>(tv::kMaxLegalActions));
  return toonerville_rollout(w, seat, rng, legal.data());
}

std::vector<tv::Action> toonerville_candidates(const tv::State& s, int seat,
                                               const tv::Action* legal, int n) {
  const tv::View v = tv::view(s, seat);
  std::vector<tv::Action> choices;
  std::vector<std::pair<int, int>> discards;  // key, index
  for (int i = 0; i < n; ++i) {
    const tv::ActionKind k = legal[i].kind;
    if (k == tv::ActionKind::down || k == tv::ActionKind::layoff || k == tv::ActionKind::swap)
      return {};  // the basic bot goes down, lays off and swaps as soon as it can
    if (k == tv::ActionKind::discard)
      discards.emplace_back(toonerville_discard_key(v, legal[i].bytes[0]), i);
  }
  if (tv::offering(s)) return {};  // buying stays basic
  if (s.phase == tv::Phase::draw) {
    const bool take = !s.bought && s.pile_count && toonerville_bot_wants_take(v);
    for (int i = 0; i < n; ++i)
      if (legal[i].seat == seat && legal[i].kind == tv::ActionKind::take)
        choices.push_back(legal[i]);
    for (int i = 0; i < n; ++i)
      if (legal[i].seat == seat && legal[i].kind == tv::ActionKind::draw)
        choices.insert(take ? choices.end() : choices.begin(), legal[i]);
    return choices;
  }
  if (discards.empty()) return choices;
  std::stable_sort(discards.begin(), discards.end(),
                   [](const auto& x, const auto& y) { return x.first < y.first; });
  for (size_t i = 0; i < discards.size() && i < kToonervilleDiscards; ++i)
    choices.push_back(legal[discards[i].second]);
  // The card worth the most penalty points (T12; the least useful among equals), which the
  // basic bot keeps when it helps the contract: throwing it saves points if the round ends soon.
  int high = discards[0].second;
  for (const auto& [key, i] : discards)
    if (penalty_points(RookFace(legal[i].bytes[0])) >
        penalty_points(RookFace(legal[high].bytes[0])))
      high = i;
  if (std::none_of(choices.begin(), choices.end(),
                   [&](const tv::Action& c) { return c.bytes[0] == legal[high].bytes[0]; }))
    choices.push_back(legal[high]);
  return choices;
}

std::vector<tv::Action> toonerville_expert_candidates(const tv::State& s, int seat,
                                                      const tv::Action* legal, int n) {
  const tv::View v = tv::view(s, seat);
  if (tv::offering(s)) {  // T6: buy or pass, the basic bot's answer first
    const bool buy = toonerville_bot_wants_buy(v);
    return {buy ? tv::buy_action(seat) : tv::pass_action(seat),
            buy ? tv::pass_action(seat) : tv::buy_action(seat)};
  }
  bool meld = false;
  std::vector<tv::Action> discards;
  for (int i = 0; i < n; ++i) {
    const tv::ActionKind k = legal[i].kind;
    meld = meld || k == tv::ActionKind::down || k == tv::ActionKind::layoff ||
           k == tv::ActionKind::swap;
    if (k == tv::ActionKind::discard) discards.push_back(legal[i]);
  }
  if (!meld) return toonerville_candidates(s, seat, legal, n);
  // Going down, laying off or swapping now (the basic bot's choice) against holding back this
  // turn: the basic bot's discard among the discards alone.
  PortableRng fixed(0);
  const tv::Action basic = toonerville_bot(v, legal, n, fixed);
  if (basic.kind == tv::ActionKind::discard || discards.empty()) return {};
  PortableRng fixed2(0);
  return {basic, toonerville_bot(v, discards.data(), int(discards.size()), fixed2)};
}

bool strong_toonerville(const tv::State& s, int seat, const tv::Action* legal, int n,
                        const Budget& budget, PortableRng& rng, tv::Action* out, bool expert) {
  // Rollouts of a whole round are noisy, so the basic bot's own choice (choices[0]) stands
  // unless another beats it clearly on the same deals.
  const std::vector<tv::Action> choices = expert ? toonerville_expert_candidates(s, seat, legal, n)
                                                 : toonerville_candidates(s, seat, legal, n);
  if (choices.size() < 2) return false;
  ToonervilleSampler sampler;
  if (!sampler.init(s, seat)) return false;
  std::vector<std::vector<double>> values(choices.size());
  std::vector<tv::Action> legal_scratch(
      static_cast<size_t>(tv::kMaxLegalActions));  // the rollouts' lists
  const Clock clock(budget, kToonervilleDefaultSamples);
  const uint32_t max_samples =
      kToonervilleMoreSamples * (budget.samples ? budget.samples : kToonervilleDefaultSamples);
  size_t best = 0;
  for (uint32_t k = 0;; ++k) {
    if (!clock.more(k)) {
      // Undecided (no choice clearly ahead of the basic one, but one ahead on the mean): more
      // deals, up to max_samples (and within time_ms).
      if (k >= max_samples || best != 0 || (budget.time_ms && !clock.more(1))) break;
      bool close = false;
      for (size_t i = 1; i < choices.size(); ++i) {
        double mean = 0;
        for (size_t j = 0; j < values[i].size(); ++j) mean += values[i][j] - values[0][j];
        close = close || mean > 0;
      }
      if (!close) break;
    }
    tv::State world;
    sampler.sample(rng, &world);
    const uint64_t rollout_seed = rng.next();
    for (size_t i = 0; i < choices.size(); ++i) {
      tv::State w = world;
      PortableRng r(rollout_seed);
      values[i].push_back(tv::advance(&w, choices[i], nullptr) == Reason::ok
                              ? toonerville_rollout(&w, seat, r, legal_scratch.data())
                              : -1e9);
    }
    // The best mean, kept only when its paired advantage over choices[0] exceeds two standard
    // errors.
    best = 0;
    double best_mean = 0;
    const double samples = double(values[0].size());
    for (size_t i = 1; i < choices.size(); ++i) {
      double mean = 0, var = 0;
      for (size_t j = 0; j < values[i].size(); ++j) mean += values[i][j] - values[0][j];
      mean /= samples;
      for (size_t j = 0; j < values[i].size(); ++j) {
        const double d = values[i][j] - values[0][j] - mean;
        var += d * d;
      }
      const double se = samples > 1 ? std::sqrt(var / (samples - 1) / samples) : 1e9;
      if (mean > 2 * se && mean > best_mean) best = i, best_mean = mean;
    }
  }
  *out = choices[best];
  return true;
}

void toonerville_hint(const tv::State& s, int seat, const tv::Action* legal, int n,
                      const Budget& budget, PortableRng& rng, HintSearch<tv::Action>* out) {
  out->actions.assign(legal, legal + n);
  out->mean.assign(size_t(n), 0.0);
  out->se.assign(size_t(n), 0.0);
  out->best = 0;
  out->reason.clear();
  if (n == 1) {
    append(&out->reason, "%s is the only legal action", tv::format_action(legal[0]).c_str());
    return;
  }
  ToonervilleSampler sampler;
  if (!sampler.init(s, seat)) return;
  // Every legal action played out to the end of the round on the same deals with the same
  // rollout seed (as the strong search, but for every action).
  const uint32_t want = budget.samples ? budget.samples : kToonervilleDefaultSamples;
  const Clock clock(budget, want);
  std::vector<double> sum(size_t(n), 0.0), sum2(size_t(n), 0.0), clean(size_t(n), 0.0);
  std::vector<tv::Action> scratch(static_cast<size_t>(tv::kMaxLegalActions));
  uint32_t k = 0;
  for (; clock.more(k); ++k) {
    tv::State world;
    sampler.sample(rng, &world);
    const uint64_t seed = rng.next();
    for (int i = 0; i < n; ++i) {
      tv::State w = world;
      PortableRng r(seed);
      const double v = tv::advance(&w, legal[i], nullptr) == Reason::ok
                           ? toonerville_rollout(&w, seat, r, scratch.data())
                           : -1000.0;
      sum[size_t(i)] += v;
      sum2[size_t(i)] += v * v;
      clean[size_t(i)] += v == 0;
    }
  }
  for (int i = 0; i < n; ++i) {
    const double m = sum[size_t(i)] / k;
    out->mean[size_t(i)] = m;
    const double var = k > 1 ? std::max(0.0, (sum2[size_t(i)] - k * m * m) / (k - 1)) : 0.0;
    out->se[size_t(i)] = std::sqrt(var / k);
    if (m > out->mean[size_t(out->best)]) out->best = i;
  }
  const size_t b = size_t(out->best);
  out->reason = tv::format_action(legal[b]) + ": " +
                toonerville_count_reason(tv::view(s, seat), legal[b]) + "; ";
  append(&out->reason,
         "the round costs you %.1f penalty points on average [%.1f, %.1f] over %u deals "
         "played out to its end",
         -out->mean[b], -out->mean[b] - 1.96 * out->se[b], -out->mean[b] + 1.96 * out->se[b], k);
  const int second = runner_up(*out);
  if (second >= 0)
    append(&out->reason, ", against %.1f for %s, the next best", -out->mean[size_t(second)],
           tv::format_action(legal[second]).c_str());
  append(&out->reason, "; you end the round with no penalty points on %.0f%% of the deals",
         100 * clean[b] / k);
  if (second >= 0)
    append(&out->reason, " (%.0f%% after %s)", 100 * clean[size_t(second)] / k,
           tv::format_action(legal[second]).c_str());
}

}  // namespace deckhand::bots::detail
