// The `expert` level's search for the trick-taking games (internal header; docs/bots.md,
// "expert"): perfect-information Monte Carlo over deals drawn with inference, and rollouts by
// players who decide from their own views.
//
// Inference. The consistent sampler (consistent.hpp) draws hidden cards uniformly among the
// placements that match the seat's view. The expert draws kExpertCandidates times as many
// and weighs each by how likely the other seats' decisions this hand (the auction, the
// swaps, the pick, the bury, the call or trump, the first leads) are if the sample is the
// truth: the product, over those decisions, of the probability a softened `basic` policy
// gives the action taken (1 - kInferenceEpsilon on basic's own choice, the rest spread
// evenly over the legal actions). Each game gives two hooks (src/<game>/extensions.cpp):
//
//   hand_start(world, &t): the sampled deal put back to the start of the hand (the hands as
//     dealt), false when it cannot be;
//   logged_action(t, world, &a, &scored): the action the sample's hand took next from t
//     (the public record of the hand replayed on the sampled cards), and whether it is one
//     the weights score; false once t has caught up with the decisions the weights read.
//
// The weighted candidates are then resampled (systematic resampling) to N deals of equal
// weight, so that the search's cost does not grow with the candidates.
//
// Search. Every legal action is played out on each deal to the end of the hand by the
// `basic` bots, all actions of one deal with the same rollout seed (common random numbers),
// valued by the seat's score change minus the others' mean change. The players of the
// rollouts decide from their own views, never from the sampled hands, so the continuation
// does not assume the seat (or anyone) will later know the hidden cards: this is the fix
// for strategy fusion chosen here (docs/bots.md explains why, and what it costs).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <string>
#include <vector>

#include "deckhand/cards.hpp"
#include "deckhand/trick.hpp"
#include "strong_search.hpp"

namespace deckhand::bots::detail {

// The probability mass a softened basic policy puts off basic's own choice.
inline constexpr double kInferenceEpsilon = 0.3;
// Candidate deals drawn per deal searched.
inline constexpr uint32_t kExpertCandidates = 4;

// How likely the other seats' decisions of this hand are on the sampled deal `world`, under
// the softened basic policy (a positive number, 1 when nothing is scored).
template <typename Rules>
double inference_weight(const typename Rules::State& world, int seat) {
  typename Rules::State t;
  if (!Rules::hand_start(world, &t)) return 1.0;
  typename Rules::Action buf[Rules::kMaxLegal];
  double weight = 1.0;
  for (int steps = 0; steps < 64; ++steps) {
    typename Rules::Action a;
    bool scored = false;
    if (!Rules::logged_action(t, world, &a, &scored)) break;
    const int p = Rules::to_act(t);
    if (scored && p != seat && p >= 0) {
      const int n = Rules::legal(t, buf);
      if (n > 1) {
        PortableRng r(0x5EEDu + uint64_t(steps));  // basic's tie-breaks, the same on every deal
        const typename Rules::Action b = Rules::basic(Rules::view(t, p), buf, n, r);
        weight *= b == a ? 1 - kInferenceEpsilon + kInferenceEpsilon / n : kInferenceEpsilon / n;
      }
    }
    if (Rules::advance(&t, a) != Reason::ok) break;
  }
  return weight;
}

// What the expert's search saw at one decision: each legal action's mean value over the
// deals searched and the standard error of that mean, the action chosen, the deals and the
// effective number of candidates behind them (Kish's (sum w)^2 / sum w^2).
struct SearchReport {
  std::vector<double> mean, se;
  int best = 0;
  uint32_t deals = 0;
  uint32_t candidates = 0;
  double effective = 0;
};

// Draws `count` weighted candidates and resamples `want` of them (systematic resampling).
template <typename Rules>
bool inferred_deals(const typename Rules::Sampler& sampler, int seat, uint32_t want,
                    PortableRng& rng, std::vector<typename Rules::State>* out,
                    SearchReport* report) {
  const uint32_t count = want * kExpertCandidates;
  std::vector<typename Rules::State> candidates;
  std::vector<double> weights;
  candidates.reserve(count);
  weights.reserve(count);
  double sum = 0, sum2 = 0;
  for (uint32_t k = 0; k < count; ++k) {
    typename Rules::State world;
    if (!Rules::sample(sampler, rng, &world)) break;
    const double w = inference_weight<Rules>(world, seat);
    candidates.push_back(world);
    weights.push_back(w);
    sum += w;
    sum2 += w * w;
  }
  if (candidates.empty() || !(sum > 0)) return false;
  report->candidates = uint32_t(candidates.size());
  report->effective = sum * sum / sum2;
  const double step = sum / want;
  double at = double(rng.next() >> 11) * 0x1.0p-53 * step, running = 0;
  size_t i = 0;
  out->clear();
  for (uint32_t k = 0; k < want; ++k, at += step) {
    while (i + 1 < candidates.size() && running + weights[i] <= at) running += weights[i++];
    out->push_back(candidates[i]);
  }
  return true;
}

// Card codes (deckhand/cards.hpp: 32 cards).
inline constexpr int kCardCodes = 32;

// What a hint reports besides the values (expert_search with facts): per action, the share
// of the deals on which the seat takes the trick being played (in the play), and the tricks
// it takes in the hand on average.
struct TrickFacts {
  std::vector<double> wins_trick;  // -1 outside the play
  std::vector<double> tricks;
  // Per action, how often each card (by code) took the trick from the seat.
  std::vector<std::vector<int>> taken_by;
};

// The expert's search over legal[0..n) for the seat to act; the report says what it saw.
template <typename Rules>
void expert_search(const typename Rules::State& s, int seat, const typename Rules::Action* legal,
                   int n, const Budget& budget, PortableRng& rng, SearchReport* report,
                   TrickFacts* facts = nullptr) {
  report->mean.assign(size_t(n), 0.0);
  report->se.assign(size_t(n), 0.0);
  report->best = 0;
  if (facts) {
    facts->wins_trick.assign(size_t(n), Rules::in_play(s) ? 0.0 : -1.0);
    facts->tricks.assign(size_t(n), 0.0);
    facts->taken_by.assign(size_t(n), std::vector<int>(kCardCodes, 0));
  }
  if (n <= 1) return;
  typename Rules::Sampler sampler;
  if (!sampler.init(s, seat)) {
    const typename Rules::Action b = Rules::basic(Rules::view(s, seat), legal, n, rng);
    for (int i = 0; i < n; ++i)
      if (legal[i] == b) report->best = i;
    return;
  }
  const uint32_t want = budget.samples ? budget.samples : Rules::kExpertSamples;
  std::vector<typename Rules::State> deals;
  if (!inferred_deals<Rules>(sampler, seat, want, rng, &deals, report)) return;
  std::vector<double> sum(static_cast<size_t>(n), 0.0), sum2 = sum;
  const Clock clock(budget, want);
  const bool play = Rules::in_play(s);
  typename Rules::Action buf[Rules::kMaxLegal];
  uint32_t k = 0;
  for (; k < deals.size() && clock.more(k); ++k) {
    // As add_rollouts (relative to the others), watching the trick and the tricks taken.
    const typename Rules::State& world = deals[k];
    const uint64_t seed = rng.next();
    for (int i = 0; i < n; ++i) {
      typename Rules::State w = world;
      if (Rules::advance(&w, legal[i]) != Reason::ok) continue;
      bool trick_seen = false;
      const auto watch = [&] {
        if (!facts || !play || trick_seen) return;
        if (w.tricks_done == world.tricks_done && Rules::in_play(w)) return;
        trick_seen = true;
        if (w.tricks_won[seat] > world.tricks_won[seat]) {
          facts->wins_trick[size_t(i)] += 1;
          return;
        }
        for (int p = 0; p < Rules::kPlayers; ++p)
          if (w.tricks_won[p] > world.tricks_won[p] && w.played[world.tricks_done][p] < kCardCodes)
            ++facts->taken_by[size_t(i)][w.played[world.tricks_done][p]];
      };
      watch();
      PortableRng r(seed);
      for (int steps = 0; steps < 200 && Rules::to_act(w) >= 0; ++steps) {
        const int m = Rules::legal(w, buf);
        if (m == 0) break;
        const auto a = Rules::basic(Rules::view(w, Rules::to_act(w)), buf, m, r);
        if (Rules::advance(&w, a) != Reason::ok) break;
        watch();
      }
      const double v = relative(w.scores, world.scores, Rules::kPlayers, seat);
      sum[size_t(i)] += v;
      sum2[size_t(i)] += v * v;
      if (facts) facts->tricks[size_t(i)] += w.tricks_won[seat];
    }
  }
  report->deals = k;
  for (int i = 0; i < n; ++i) {
    const double m = sum[size_t(i)] / k;
    report->mean[size_t(i)] = m;
    const double var = k > 1 ? std::max(0.0, (sum2[size_t(i)] - k * m * m) / (k - 1)) : 0.0;
    report->se[size_t(i)] = std::sqrt(var / k);
    if (facts) {
      if (play) facts->wins_trick[size_t(i)] /= k;
      facts->tricks[size_t(i)] /= k;
    }
  }
  report->best = best_of(sum);
}

template <typename Rules>
typename Rules::Action expert_trick_taking(const typename Rules::State& s, int seat,
                                           const typename Rules::Action* legal, int n,
                                           const Budget& budget, PortableRng& rng) {
  if (n == 1) return legal[0];
  SearchReport report;
  expert_search<Rules>(s, seat, legal, n, budget, rng, &report);
  return legal[report.best];
}

// A hint's search (Bot::hint): every legal action with its mean value and standard error, the
// best, and the reason in words.
template <typename Action>
struct HintSearch {
  std::vector<Action> actions;
  std::vector<double> mean, se;
  int best = 0;
  std::string reason;
};

// Appends printf-style text to *out.
[[gnu::format(printf, 2, 3)]] inline void append(std::string* out, const char* format, ...) {
  char line[512];
  va_list args;
  va_start(args, format);
  std::vsnprintf(line, sizeof line, format, args);
  va_end(args);
  *out += line;
}

// The best and the next best of a hint, by mean.
template <typename Action>
int runner_up(const HintSearch<Action>& h) {
  int second = -1;
  for (int i = 0; i < int(h.mean.size()); ++i)
    if (i != h.best && (second < 0 || h.mean[size_t(i)] > h.mean[size_t(second)])) second = i;
  return second;
}

// What card counting says of a card to play, from the seat's view (each trick-taking game's
// Rules::card_facts fills it): the ranking, the game's deck, the cards the seat knows the
// place of (its hand, and a dead hand, blind or bury it has seen), the cards played so far
// (this trick's too), and the best card on the table when following.
struct CardFacts {
  const TrickRanking* ranking = nullptr;
  CardSet deck, known, played;
  Card card;
  bool leading = false;
  Card best;  // following: the card holding the trick (none: the unknown led face down)
  bool has_best = false;
};

// "QC, AC and 9D".
inline std::string card_list(CardSet cards) {
  std::string out;
  int i = 0;
  const int n = cards.size();
  for (Card c : cards) {
    out += i == 0 ? "" : i == n - 1 ? " and " : ", ";
    out += card_name(c);
    ++i;
  }
  return out;
}

// The card-counting clause of a hint: whether the card can take the trick and which cards,
// higher than it, are played, known or still out; a trump lead counts the trumps still out.
inline std::string count_reason(const CardFacts& f) {
  const TrickRanking& r = *f.ranking;
  const std::string name = card_name(f.card);
  const uint8_t suit = r.effective_suit(f.card);
  if (!f.leading && f.has_best && !r.beats(f.card, f.best))
    return name + " cannot take the trick: " + card_name(f.best) + " on the table is higher";
  CardSet higher, trumps;
  for (Card c : f.deck) {
    if (r.effective_suit(c) == kTrumpSuit) trumps.add(c);
    if (c == f.card) continue;
    if (r.beats(c, f.card)) higher.add(c);
  }
  const CardSet out = higher - f.known - f.played, played = higher & f.played;
  std::string text;
  if (higher.empty()) {
    text = name + " takes the trick: no card is higher";
  } else if (out.empty()) {
    text = name + " takes the trick: " +
           (higher.size() == 1 ? "only " + card_list(higher) + " is higher, and it "
                               : "the cards higher (" + card_list(higher) + ") ") +
           (played == higher ? (higher.size() == 1 ? "has been played" : "have all been played")
                             : (higher.size() == 1 ? "is yours" : "are yours or played"));
  } else {
    const int out_trumps = (out & trumps).size();
    text = name + " can be beaten: " + std::to_string(out.size()) + " higher card" +
           (out.size() == 1 ? " is" : "s are") + " still out (" +
           (out.size() <= 5 ? card_list(out) : std::to_string(out_trumps) + " of them trumps") +
           ")";
    if (!played.empty()) text += "; " + card_list(played) + " already played";
  }
  if (f.leading && suit == kTrumpSuit) {
    const CardSet trumps_out = trumps - f.known - f.played;
    text += trumps_out.empty()
                ? "; it leads trump with no other trump out"
                : "; it leads trump to pull the last " + std::to_string(trumps_out.size()) + " (" +
                      card_list(trumps_out) + ")";
  }
  return text;
}

// The trick-taking games' hint: the expert's search, its facts put into words.
template <typename Rules>
void expert_hint(const typename Rules::State& s, int seat, const typename Rules::Action* legal,
                 int n, const Budget& budget, PortableRng& rng,
                 HintSearch<typename Rules::Action>* out) {
  SearchReport report;
  TrickFacts facts;
  expert_search<Rules>(s, seat, legal, n, budget, rng, &report, &facts);
  out->actions.assign(legal, legal + n);
  out->mean = report.mean;
  out->se = report.se;
  out->best = report.best;
  out->reason.clear();
  const std::string best = Rules::text(legal[report.best]);
  if (n == 1) {
    append(&out->reason, "%s is the only legal action", best.c_str());
    return;
  }
  const size_t b = size_t(report.best);
  CardFacts counted;
  if (Rules::in_play(s) && Rules::card_facts(Rules::view(s, seat), legal[b], &counted))
    out->reason = best + ": " + count_reason(counted) + "; it is";
  else
    out->reason = best + ":";
  append(&out->reason,
         " worth %+.2f points a hand to you against the others' mean [%+.2f, %+.2f] over "
         "%u deals played out",
         report.mean[b], report.mean[b] - 1.96 * report.se[b], report.mean[b] + 1.96 * report.se[b],
         report.deals);
  const int second = runner_up(*out);
  if (second >= 0)
    append(&out->reason, ", against %+.2f for %s, the next best", report.mean[size_t(second)],
           Rules::text(legal[second]).c_str());
  if (facts.wins_trick[b] >= 0)
    append(&out->reason,
           "; it takes this trick on %.0f%% of the deals, and you take %.1f of the hand's tricks "
           "on average",
           100 * facts.wins_trick[b], facts.tricks[b]);
  else
    append(&out->reason, "; you then take %.1f of the hand's tricks on average", facts.tricks[b]);
  if (second >= 0 && facts.wins_trick[b] >= 0 &&
      facts.wins_trick[size_t(second)] + 0.05 < facts.wins_trick[b])
    append(&out->reason, " (%s takes it on %.0f%%)", Rules::text(legal[second]).c_str(),
           100 * facts.wins_trick[size_t(second)]);
  if (facts.wins_trick[b] >= 0 && report.deals > 0) {
    // Which cards take the trick from it, the commonest first (at most two named).
    std::vector<std::pair<int, int>> takers;
    for (int c = 0; c < kCardCodes; ++c)
      if (facts.taken_by[b][size_t(c)] > 0) takers.emplace_back(facts.taken_by[b][size_t(c)], c);
    std::sort(takers.begin(), takers.end(), [](const auto& x, const auto& y) {
      return x.first != y.first ? x.first > y.first : x.second < y.second;
    });
    if (takers.empty()) {
      append(&out->reason, "; no other seat took this trick on any deal searched");
    } else {
      append(&out->reason, "; when it loses the trick, %s takes it (%.0f%% of the deals)",
             card_name(Card(uint8_t(takers[0].second))), 100.0 * takers[0].first / report.deals);
      if (takers.size() > 1)
        append(&out->reason, ", or %s (%.0f%%)", card_name(Card(uint8_t(takers[1].second))),
               100.0 * takers[1].first / report.deals);
    }
  }
  if (report.candidates > 0) {
    if (report.effective < 0.8 * report.candidates)
      append(&out->reason,
             "; the deals are weighted by how likely they make the others' decisions this hand "
             "(%.0f effective of %u drawn)",
             report.effective, report.candidates);
    else
      append(&out->reason,
             "; what the others did this hand barely changes which deals are likely (%.0f "
             "effective of %u drawn)",
             report.effective, report.candidates);
  }
}

}  // namespace deckhand::bots::detail
