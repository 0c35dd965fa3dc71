// Deals consistent with a seat's view (bots::sample_consistent, src/bots/consistent.hpp):
//   - in bot games of every game, at every few decisions and for every seat, each sample shows
//     that seat exactly its view (view JSON), the seat to act the same legal actions, and the
//     cards played were legal plays from the sampled hands (G7, S9: an oracle written here,
//     replaying the tricks, apart from the sampler's own bookkeeping of voids);
//   - on small endings the samples are uniform over every consistent placement, enumerated
//     here by brute force (a chi-square test with a fixed seed).
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <string>
#include <type_traits>
#include <vector>

#include "bots/consistent.hpp"
#include "bots/strong.hpp"
#include "deckhand/bots.hpp"
#include "deckhand/game.hpp"
#include "deckhand/ghost_euchre_solve.hpp"
#include "deckhand/sheepshead_solve.hpp"
#include "deckhand/solve.hpp"
#include "ghost_euchre/bots.hpp"
#include "sheepshead/bots.hpp"
#include "sheepshead/internal.hpp"
#include "toonerville/bots.hpp"

using namespace deckhand;
namespace ge = deckhand::ghost_euchre;
namespace sh = deckhand::sheepshead;

namespace {

// G7 / S9 oracle: given each seat's hand now, were the cards played this hand legal as to
// following suit? Each seat's holding at the start of play is its hand plus what it played.
bool euchre_plays_legal(const ge::State& s) {
  if (s.phase != ge::Phase::play || s.options.renege != ge::Renege::reject) return true;
  const TrickRanking& r = ge::ranking_for(Suit(s.trump));
  CardSet holding[ge::kPlayers];
  for (int p = 0; p < ge::kPlayers; ++p) {
    holding[p] = s.hands[p];
    for (int t = 0; t <= s.tricks_done && t < ge::kTricks; ++t)
      if (s.played[t][p] != kNoCard) holding[p].add(Card(s.played[t][p]));
  }
  for (int t = 0; t <= s.tricks_done && t < ge::kTricks; ++t) {
    const int leader = s.leaders[t];
    if (s.played[t][leader] == kNoCard) break;
    const Card led(s.played[t][leader]);
    for (int i = 0; i < ge::kPlayers; ++i) {
      const int p = (leader + i) % ge::kPlayers;
      if (s.played[t][p] == kNoCard) break;
      const Card c(s.played[t][p]);
      if (r.reneges(holding[p], led, c)) return false;
      holding[p].remove(c);
    }
  }
  return true;
}

bool sheepshead_plays_legal(const sh::State& s) {
  if (s.phase != sh::Phase::play) return true;
  const TrickRanking& r = sh::ranking();
  CardSet holding[sh::kPlayers];
  for (int p = 0; p < sh::kPlayers; ++p) {
    holding[p] = s.hands[p];
    for (int t = 0; t <= s.tricks_done && t < sh::kTricks; ++t)
      if (s.played[t][p] != kNoCard && !sh::is_unknown_play(s, t, p))
        holding[p].add(Card(s.played[t][p]));
  }
  const int called_suit = s.called != kNoCard ? r.effective_suit(Card(s.called)) : -1;
  for (int t = 0; t <= s.tricks_done && t < sh::kTricks; ++t) {
    const int leader = s.leaders[t];
    if (s.played[t][leader] == kNoCard) break;
    const int led = sh::is_unknown_play(s, t, leader) ? called_suit
                                                      : r.effective_suit(Card(s.played[t][leader]));
    for (int i = 0; i < sh::kPlayers; ++i) {
      const int p = (leader + i) % sh::kPlayers;
      if (s.played[t][p] == kNoCard) break;
      if (sh::is_unknown_play(s, t, p)) continue;
      const Card c(s.played[t][p]);
      if (i > 0 && r.effective_suit(c) != led && !(holding[p] & r.suit_cards[led]).empty())
        return false;
      // S8: before the called suit is led the picker keeps its last hold card.
      if (i > 0 && p == s.picker && called_suit >= 0 && s.unknown == kNoCard &&
          t < sh::kTricks - 1 && (s.called_led == 0 || t + 1 < s.called_led)) {
        const Card called(s.called);
        const CardSet hold = called.rank() == Rank::ten
                                 ? CardSet::of(Card(Rank::ace, called.suit()))
                                 : holding[p] & r.suit_cards[called_suit];
        if (hold.has(c) && hold.single()) return false;
      }
      holding[p].remove(c);
    }
  }
  // S7: the called card, unplayed, is in a hand other than the picker's.
  if (s.contract == sh::Contract::called && s.called != kNoCard) {
    bool seen = false;
    for (int p = 0; p < sh::kPlayers; ++p) seen |= p != s.picker && s.hands[p].has(Card(s.called));
    for (int t = 0; t < sh::kTricks; ++t)
      for (int p = 0; p < sh::kPlayers; ++p) seen |= s.played[t][p] == s.called;
    if (!seen) return false;
    // S8: the partner plays the called card to the trick that first leads the called suit.
    for (int p = 0; s.called_led && p < sh::kPlayers; ++p)
      if (s.played[s.called_led - 1][p] != kNoCard && s.hands[p].has(Card(s.called))) return false;
  }
  return true;
}

// Plays a game between basic and random bots, calling visit(game) before every decision.
void play_bot_game(Game& game, uint64_t seed, int hands,
                   const std::function<void(const Game&)>& visit) {
  std::vector<std::unique_ptr<bots::Bot>> table;
  for (int p = 0; p < game.players(); ++p)
    table.push_back(
        bots::make_bot(game.name(), p % 2 ? "random" : "basic", seed + uint64_t(p), {}, nullptr));
  uint64_t deal = seed * 1000;
  int dealt = 0;
  for (int steps = 0; steps < 20000 && !game.over(); ++steps) {
    if (game.awaiting_deal()) {
      if (dealt++ == hands) return;
      REQUIRE(game.deal_seed(deal++, nullptr) == Reason::ok);
      continue;
    }
    visit(game);
    const int seat = game.to_act();
    ActionCode a;
    REQUIRE(table[size_t(seat)]->choose(game, seat, &a, nullptr) == Reason::ok);
    REQUIRE(game.apply(a, nullptr) == Reason::ok);
  }
}

// `extra` checks a game's own facts on each sample (nothing when empty).
void check_views(const char* name, int players, int hands, const OptionList& options = {},
                 const std::function<void(const Game& sample)>& extra = {}) {
  auto game = make_game(name, options, players, 0, nullptr);
  REQUIRE(game);
  int samples = 0, differing = 0, decisions = 0;
  play_bot_game(*game, 11, hands, [&](const Game& g) {
    if (decisions++ % 3) return;
    std::vector<ActionCode> legal(g.legal_actions(nullptr, 0));
    legal.resize(g.legal_actions(legal.data(), legal.size()));
    for (int seat = 0; seat < g.players(); ++seat) {
      for (uint64_t k = 0; k < 3; ++k) {
        std::unique_ptr<Game> sample;
        Error err;
        REQUIRE_MESSAGE(bots::sample_consistent(g, seat, uint64_t(decisions) * 10 + k, &sample,
                                                &err) == Reason::ok,
                        err.message);
        ++samples;
        CHECK(!sample->keeps_history());
        CHECK(sample->view_json(seat) == g.view_json(seat));
        CHECK(sample->to_act() == g.to_act());
        if (seat == g.to_act()) {
          std::vector<ActionCode> again(sample->legal_actions(nullptr, 0));
          again.resize(sample->legal_actions(again.data(), again.size()));
          CHECK(again == legal);
        }
        if (extra) extra(*sample);
        differing +=
            sample->view_json(-1) != g.view_json(-1) || sample->serialize() != g.serialize();
      }
    }
  });
  INFO(name, ": ", samples, " samples");
  CHECK(samples > 100);
  CHECK(differing > samples / 2);  // the hidden cards do move
}

// Every way to give `pool` to holders of the given sizes, as one CardSet per holder.
void each_placement(CardSet pool, const std::vector<int>& sizes, std::vector<CardSet>& current,
                    const std::function<void(const std::vector<CardSet>&)>& f) {
  const size_t h = current.size();
  if (h == sizes.size()) {
    if (pool.empty()) f(current);
    return;
  }
  std::vector<Card> cards;
  for (Card c : pool) cards.push_back(c);
  const int n = int(cards.size()), k = sizes[h];
  if (k > n) return;
  std::vector<int> pick(static_cast<size_t>(k));
  std::function<void(int, int)> choose = [&](int from, int depth) {
    if (depth == k) {
      CardSet chosen;
      for (int i : pick) chosen.add(cards[size_t(i)]);
      current.push_back(chosen);
      each_placement(pool - chosen, sizes, current, f);
      current.pop_back();
      return;
    }
    for (int i = from; i < n; ++i) {
      pick[size_t(depth)] = i;
      choose(i + 1, depth + 1);
    }
  };
  choose(0, 0);
}

// Chi-square of `counts` against equal expectations, and the 0.1% critical value for its
// degrees of freedom (Wilson-Hilferty).
void check_uniform(const std::map<std::vector<uint32_t>, int>& counts, size_t cells, int draws) {
  REQUIRE(cells > 1);
  const double expected = double(draws) / double(cells);
  double chi2 = 0;
  for (const auto& [key, n] : counts) chi2 += (n - expected) * (n - expected) / expected;
  chi2 += double(cells - counts.size()) * expected;  // cells never drawn
  const double df = double(cells - 1), z = 3.09;
  const double critical = df * std::pow(1 - 2 / (9 * df) + z * std::sqrt(2 / (9 * df)), 3);
  INFO("chi-square ", chi2, " over ", cells, " placements, critical ", critical);
  CHECK(counts.size() == cells);  // every consistent placement turns up
  CHECK(chi2 < critical);
}

}  // namespace

TEST_CASE("consistent deals: every sample shows the seat its own view (G11, S13, T14)") {
  // Every game of the catalog at its fewest and most players, two hands each.
  for (const GameSpec& spec : game_specs()) {
    check_views(spec.name, spec.min_players, 2);
    if (spec.max_players != spec.min_players) check_views(spec.name, spec.max_players, 2);
  }
}

TEST_CASE("consistent deals: Ghost Hand Euchre's samples are deals its past plays fit (G7)") {
  const auto plays_legal = [](const Game& sample) {
    CHECK(euchre_plays_legal(*static_cast<const ge::State*>(sample.state_data())));
  };
  check_views("ghost-euchre", 3, 6, {}, plays_legal);
  check_views("ghost-euchre", 3, 6, {{"renege", "penalize"}, {"swaps", "chain"}}, plays_legal);
}

TEST_CASE("consistent deals: Sheepshead's samples are deals its past plays fit (S7-S9)") {
  check_views("sheepshead", 5, 4, {}, [](const Game& sample) {
    CHECK(sheepshead_plays_legal(*static_cast<const sh::State*>(sample.state_data())));
  });
}

TEST_CASE("consistent deals: uniform over the placements a brute force finds (G7)") {
  // A Ghost Hand Euchre ending where someone has shown a void: the two other hands and the
  // ghost or dead hand, enumerated, kept when the plays were legal from them.
  auto game = make_game("ghost-euchre", {}, 0, 0, nullptr);
  int cases = 0;
  for (uint64_t seed = 1; seed < 200 && cases < 2; ++seed) {
    game->reset();
    bool done = false;
    play_bot_game(*game, seed, 1, [&](const Game& g) {
      const auto& s = *static_cast<const ge::State*>(g.state_data());
      if (done || s.phase != ge::Phase::play || s.tricks_done < 4) return;
      const int seat = s.to_act;
      std::vector<int> holder;  // seats, then 3 = the spare
      std::vector<int> sizes;
      CardSet pool;
      for (int h = 0; h <= ge::kPlayers; ++h) {
        if (h == seat || (h == ge::kPlayers && s.spare_owner == seat)) continue;
        const CardSet cards = h < ge::kPlayers ? s.hands[h] : s.spare;
        holder.push_back(h), sizes.push_back(cards.size()), pool |= cards;
      }
      size_t all = 0, cells = 0;
      std::map<std::vector<uint32_t>, int> counts;
      std::map<std::vector<uint32_t>, bool> consistent;
      std::vector<CardSet> current;
      each_placement(pool, sizes, current, [&](const std::vector<CardSet>& placed) {
        ge::State t = s;
        for (size_t i = 0; i < holder.size(); ++i)
          (holder[i] < ge::kPlayers ? t.hands[holder[i]] : t.spare) = placed[i];
        std::vector<uint32_t> key;
        for (CardSet c : placed) key.push_back(c.bits());
        ++all;
        if (euchre_plays_legal(t)) consistent[key] = true, ++cells;
      });
      if (cells == all || cells < 3) return;  // no void narrows this one
      done = true;
      ++cases;
      bots::detail::EuchreSampler sampler;
      REQUIRE(sampler.init(s, seat));
      PortableRng rng(seed);
      const int draws = int(cells) * 60;
      for (int i = 0; i < draws; ++i) {
        ge::State t;
        sampler.sample(rng, &t);
        std::vector<uint32_t> key;
        for (int h : holder) key.push_back((h < ge::kPlayers ? t.hands[h] : t.spare).bits());
        REQUIRE(consistent.count(key));
        ++counts[key];
      }
      check_uniform(counts, cells, draws);
    });
  }
  CHECK(cases == 2);
}

TEST_CASE("consistent deals: uniform over the placements a brute force finds (S7, S8, S9)") {
  // Sheepshead endings (the last trick) seen by the seat to act: the other hands, the bury,
  // the blind and the unknown, enumerated, kept when the plays were legal from them.
  auto game = make_game("sheepshead", {}, 0, 0, nullptr);
  int cases = 0;
  for (uint64_t seed = 1; seed < 100 && cases < 3; ++seed) {
    game->reset();
    bool done = false;
    play_bot_game(*game, seed, 1, [&](const Game& g) {
      const auto& s = *static_cast<const sh::State*>(g.state_data());
      if (done || s.phase != sh::Phase::play || s.tricks_done < sh::kTricks - 1) return;
      const int seat = s.to_act;
      const bool picker = seat == s.picker;
      // Holders: seats 0-4, 5 the blind, 6 the bury, 7 the unknown.
      std::vector<int> holder, sizes;
      CardSet pool;
      auto cards_of = [&](const sh::State& t, int h) {
        if (h < sh::kPlayers) return t.hands[h];
        if (h == 5) return t.blind;
        if (h == 6) return t.bury;
        return t.unknown != kNoCard ? CardSet::of(Card(t.unknown)) : CardSet();
      };
      for (int h = 0; h < 8; ++h) {
        if (h == seat || (picker && h >= 6) || (h == 5 && s.picker != sh::kNoSeat)) continue;
        const CardSet cards = cards_of(s, h);
        if (cards.empty()) continue;
        holder.push_back(h), sizes.push_back(cards.size()), pool |= cards;
      }
      size_t cells = 0;
      std::map<std::vector<uint32_t>, bool> consistent;
      std::vector<CardSet> current;
      each_placement(pool, sizes, current, [&](const std::vector<CardSet>& placed) {
        sh::State t = s;
        for (size_t i = 0; i < holder.size(); ++i) {
          const int h = holder[i];
          if (h < sh::kPlayers) t.hands[h] = placed[i];
          if (h == 5) t.blind = placed[i];
          if (h == 6) t.bury = placed[i];
          if (h == 7) {
            t.unknown = placed[i].lowest().code;
            if (s.unknown_played) t.played[s.unknown_played - 1][s.picker] = t.unknown;
          }
        }
        // S7: an unknown is called only without a card of the called suit, itself included.
        if (s.unknown != kNoCard && sh::ranking().effective_suit(Card(t.unknown)) ==
                                        sh::ranking().effective_suit(Card(s.called)))
          return;
        std::vector<uint32_t> key;
        for (CardSet c : placed) key.push_back(c.bits());
        if (sheepshead_plays_legal(t)) consistent[key] = true, ++cells;
      });
      if (cells < 3) return;
      done = true;
      ++cases;
      bots::detail::SheepsheadSampler sampler;
      REQUIRE(sampler.init(s, seat));
      PortableRng rng(seed);
      const int draws = int(cells) * 60;
      std::map<std::vector<uint32_t>, int> counts;
      for (int i = 0; i < draws; ++i) {
        sh::State t;
        REQUIRE(sampler.sample(rng, &t));
        std::vector<uint32_t> key;
        for (int h : holder) key.push_back(cards_of(t, h).bits());
        REQUIRE(consistent.count(key));
        ++counts[key];
      }
      check_uniform(counts, cells, draws);
    });
  }
  CHECK(cases == 3);
}

TEST_CASE("bots decide from their seat's view alone: the same choice on a consistent deal") {
  // A bot with a given seed chooses the same on the true game and on any game its seat cannot
  // tell from it (a consistent sample): nothing hidden reaches its decision.
  for (const GameSpec& spec : game_specs()) {
    const char* name = spec.name;
    auto game = make_game(name, {}, spec.min_players, 0, nullptr);
    int compared = 0, decisions = 0;
    play_bot_game(*game, 5, 2, [&](const Game& g) {
      if (decisions++ % 4) return;
      const int seat = g.to_act();
      std::unique_ptr<Game> sample;
      REQUIRE(bots::sample_consistent(g, seat, uint64_t(decisions), &sample, nullptr) ==
              Reason::ok);
      for (const char* level : {"basic", "strong"}) {
        auto on_truth = bots::make_bot(name, level, 77, {{"samples", "3"}}, nullptr);
        auto on_sample = bots::make_bot(name, level, 77, {{"samples", "3"}}, nullptr);
        ActionCode a, b;
        REQUIRE(on_truth->choose(g, seat, &a, nullptr) == Reason::ok);
        REQUIRE(on_sample->choose(*sample, seat, &b, nullptr) == Reason::ok);
        INFO(std::string(name), " ", std::string(level), ": ", g.format_action(a), " / ",
             g.format_action(b));
        CHECK(a == b);
        ++compared;
      }
    });
    INFO(std::string(name));
    CHECK(compared > 20);
  }
}

namespace {

// What `strong` should play at a play decision of Ghost Hand Euchre or Sheepshead with
// samples=2 and a fresh bot of seed `seed`: the legal card (legal_actions order, the first
// among equals) with the largest sum of open-hand values over the same two consistent
// samples the bot draws (its generator: a sample, then a rollout seed, per sample). False
// when a sample's solve is over the bot's node budget (the bot plays that sample out).
template <typename Sampler, typename State, typename Action>
bool solved_choice(const State& s, int seat, uint64_t seed,
                   int (*legal_actions)(const State&, Action*), Action* out) {
  Sampler sampler;
  REQUIRE(sampler.init(s, seat));
  PortableRng rng(seed);
  solve::Solver solver(12);
  solver.set_node_limit(bots::detail::kSolveNodesPerSample);
  Action legal[64];
  const int n = legal_actions(s, legal);
  std::vector<int64_t> total(size_t(n), 0);
  for (int k = 0; k < 2; ++k) {
    State world;
    if constexpr (std::is_same_v<Sampler, bots::detail::SheepsheadSampler>)
      REQUIRE(sampler.sample(rng, &world));
    else
      sampler.sample(rng, &world);
    (void)rng.next();  // the sample's rollout seed
    solve::CardValue values[solve::kMaxPlays];
    int count = 0;
    REQUIRE(solver.card_values(world, values, &count, nullptr) == Reason::ok);
    if (count == 0) return false;
    REQUIRE(count == n);
    for (int i = 0; i < n; ++i) total[size_t(i)] += values[i].value;
  }
  *out = legal[std::max_element(total.begin(), total.end()) - total.begin()];
  return true;
}

}  // namespace

namespace {

// `expected`: what strong with samples=2 and a fresh bot of that seed plays for the seat to
// act, false when there is nothing to compare (not the play, or one legal card).
using SolvedChoice = std::function<bool(const Game& g, int seat, uint64_t seed, std::string*)>;
void check_strong_plays_best(const char* name, const SolvedChoice& expected_choice) {
  auto game = make_game(name, {}, 0, 0, nullptr);
  int compared = 0, decisions = 0;
  play_bot_game(*game, 9, 3, [&](const Game& g) {
    const int seat = g.to_act();
    const uint64_t seed = 500 + uint64_t(decisions++);
    std::string expected;
    if (!expected_choice(g, seat, seed, &expected)) return;
    auto bot = bots::make_bot(name, "strong", seed, {{"samples", "2"}}, nullptr);
    ActionCode a;
    REQUIRE(bot->choose(g, seat, &a, nullptr) == Reason::ok);
    INFO(std::string(name), " decision ", decisions);
    CHECK(g.format_action(a) == expected);
    ++compared;
  });
  INFO(std::string(name));
  CHECK(compared > 20);
}

}  // namespace

TEST_CASE("Ghost Hand Euchre strong plays the card with the best summed open-hand value (G7)") {
  check_strong_plays_best(
      "ghost-euchre", [](const Game& g, int seat, uint64_t seed, std::string* expected) {
        const auto& s = *static_cast<const ge::State*>(g.state_data());
        ge::Action best;
        if (s.phase != ge::Phase::play || g.legal_count() < 2 ||
            !solved_choice<bots::detail::EuchreSampler>(s, seat, seed, &ge::legal_actions, &best))
          return false;
        *expected = ge::format_action(best);
        return true;
      });
}

TEST_CASE("Sheepshead strong plays the card with the best summed open-hand value (S9)") {
  check_strong_plays_best("sheepshead", [](const Game& g, int seat, uint64_t seed,
                                           std::string* expected) {
    const auto& s = *static_cast<const sh::State*>(g.state_data());
    sh::Action best;
    if (s.phase != sh::Phase::play || g.legal_count() < 2 ||
        !solved_choice<bots::detail::SheepsheadSampler>(s, seat, seed, &sh::legal_actions, &best))
      return false;
    *expected = sh::format_action(best);
    return true;
  });
}

namespace {

namespace tv = deckhand::toonerville;

// What Toonerville's `strong` should play with samples=2 and a fresh bot of seed `seed`: its
// candidates (bots::detail::toonerville_candidates, the basic bot's choice first), each played
// out on the same deals its generator draws (a deal, then a rollout seed, per deal) and valued
// by the seat's penalty points (T12); the basic choice unless another's mean gain over it on
// those deals exceeds two standard errors, checked after each deal; two deals, and up to six
// while another leads on the mean without that margin. False when there is nothing to compare.
bool toonerville_searched_choice(const tv::State& s, int seat, uint64_t seed, tv::Action* out) {
  tv::Action legal[tv::kMaxLegalActions];
  int n = tv::legal_actions(s, legal);
  while (n > 0 && legal[n - 1].seat != seat) --n;  // the seat's own actions, not others' buys
  const std::vector<tv::Action> choices = bots::detail::toonerville_candidates(s, seat, legal, n);
  if (choices.size() < 2) return false;
  for (const tv::Action& c : choices) CHECK(std::find(legal, legal + n, c) != legal + n);
  bots::detail::ToonervilleSampler sampler;
  REQUIRE(sampler.init(s, seat));
  PortableRng rng(seed);
  std::vector<std::vector<double>> gain(choices.size());  // over choices[0], deal by deal
  size_t pick = 0;
  for (int k = 0; k < 6; ++k) {
    if (k >= 2) {
      bool leads = false;
      for (size_t i = 1; i < choices.size(); ++i) {
        double sum = 0;
        for (double g : gain[i]) sum += g;
        leads = leads || sum > 0;
      }
      if (pick != 0 || !leads) break;
    }
    tv::State world;
    sampler.sample(rng, &world);
    const uint64_t rollout_seed = rng.next();
    std::vector<double> value;
    for (const tv::Action& c : choices) {
      tv::State w = world;
      REQUIRE(tv::advance(&w, c, nullptr) == Reason::ok);
      PortableRng r(rollout_seed);
      value.push_back(bots::detail::toonerville_rollout(&w, seat, r));
    }
    pick = 0;
    double pick_mean = 0;
    for (size_t i = 1; i < choices.size(); ++i) {
      gain[i].push_back(value[i] - value[0]);
      if (k == 0) continue;
      const double m = double(gain[i].size());
      double mean = 0, var = 0;
      for (double g : gain[i]) mean += g / m;
      for (double g : gain[i]) var += (g - mean) * (g - mean) / (m - 1);
      if (mean > 2 * std::sqrt(var / m) && mean > pick_mean) pick = i, pick_mean = mean;
    }
  }
  *out = choices[pick];
  return true;
}

}  // namespace

TEST_CASE("Toonerville strong plays the best of its candidates on the deals it draws (T5, T12)") {
  auto game = make_game("toonerville", {}, 3, 0, nullptr);
  int compared = 0, departed = 0, decisions = 0;
  play_bot_game(*game, 13, 2, [&](const Game& g) {
    const int seat = g.to_act();
    const uint64_t seed = 900 + uint64_t(decisions++);
    const auto& s = *static_cast<const tv::State*>(g.state_data());
    tv::Action expected;
    if (!toonerville_searched_choice(s, seat, seed, &expected)) return;
    auto bot = bots::make_bot("toonerville", "strong", seed, {{"samples", "2"}}, nullptr);
    ActionCode a;
    REQUIRE(bot->choose(g, seat, &a, nullptr) == Reason::ok);
    INFO("decision ", decisions, ": ", tv::format_action(expected));
    CHECK(g.format_action(a) == tv::format_action(expected));
    ++compared;
    tv::Action legal[tv::kMaxLegalActions];
    const int n = tv::legal_actions(s, legal);
    departed += tv::format_action(expected) !=
                tv::format_action(bots::detail::toonerville_candidates(s, seat, legal, n)[0]);
  });
  CHECK(compared > 20);
  CHECK(departed > 0);  // some decisions leave the basic bot's choice
  MESSAGE("compared ", compared, ", left the basic choice ", departed);
}
