// The `strong` level (include/deckhand/bots.hpp, docs/bots.md): perfect-information Monte
// Carlo. For each of N deals consistent with the seat's view (consistent.hpp), every legal
// action is played out to the end of the hand by the `basic` bots, all actions of one deal
// with the same rollout seed (common random numbers, so that the comparison is of actions,
// not of luck); the action with the best mean result wins. The result is the seat's score
// change minus the mean of the others' (the game is won on totals relative to the others).
// Toonerville Rook: the same for the take-or-draw choice and for the discard among the basic
// bot's first three and the card worth the most points, with rollouts of the round by the
// basic bots (the contract finder) valued by the seat's own penalty points, keeping the basic
// choice unless another is clearly better; going down, laying off and buying stay basic.
#include "strong.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <vector>

#include "consistent.hpp"
#include "deckhand/bots.hpp"

namespace deckhand::bots::detail {

namespace {

namespace ge = ghost_euchre;
namespace sh = sheepshead;
namespace tv = toonerville;

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
int best_of(const std::vector<double>& total) {
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

}  // namespace

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

template ge::Action strong_trick_taking<EuchreRules>(const ge::State&, int, const ge::Action*, int,
                                                     const Budget&, PortableRng&, solve::Solver&);
template sh::Action strong_trick_taking<SheepsheadRules>(const sh::State&, int, const sh::Action*,
                                                         int, const Budget&, PortableRng&,
                                                         solve::Solver&);

double toonerville_rollout(tv::State* w, int seat, PortableRng& rng) {
  const uint32_t scored = w->hands_scored;
  const int32_t before = w->scores[seat];
  tv::Action a;
  for (int steps = 0; steps < 2000 && w->hands_scored == scored; ++steps)
    if (!toonerville_bot_table(*w, rng, &a) || tv::advance(w, a, nullptr) != Reason::ok) break;
  return -double(w->hands_scored != scored ? w->scores[seat] - before
                                           : penalty_points(w->hands[seat]));
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

bool strong_toonerville(const tv::State& s, int seat, const tv::Action* legal, int n,
                        const Budget& budget, PortableRng& rng, tv::Action* out) {
  // Rollouts of a whole round are noisy, so the basic bot's own choice (choices[0]) stands
  // unless another beats it clearly on the same deals.
  const std::vector<tv::Action> choices = toonerville_candidates(s, seat, legal, n);
  if (choices.size() < 2) return false;
  ToonervilleSampler sampler;
  if (!sampler.init(s, seat)) return false;
  std::vector<std::vector<double>> values(choices.size());
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
                              ? toonerville_rollout(&w, seat, r)
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

}  // namespace deckhand::bots::detail
