// Toonerville contract finder benchmarks (rules T2, T7, T11): one find_contract call per
// iteration, cycling through a fixed list of hands. The finder is timed without the memo of
// recent answers that find_contract keeps (the lists are shorter than the memo, so every
// call after the first pass would be a lookup).
//  - Hard: 16 and 17 cards for round 10's 4 runs, built from few colours and numbers with
//    2-4 Rooks, so many run splits compete (about half can lay the contract down).
//  - Planted: 16-17 cards holding four runs with Rooks standing in (all feasible).
//  - Hard2Runs2Sets: the hard hands asked for 2 runs and 2 sets.
//  - Typical: the round's deal plus one drawn card from shuffled 3-5 decks, all 11 rounds.
//  - WholeHand: round 11's T11 check on 15-card hands.
//  - Any*: the same hands through find_any_contract (any arrangement: minimal melds, or the
//    first one a depth-first search finds), which the legal actions use.
// And the game (T1-T14):
//  - Engine (C++ and C ABI): the engine's own cost per action. Sixteen 4-player games between
//    the bots are recorded once, untimed; an iteration replays them all, asking for the legal
//    actions before every action, so the time per action is legal actions plus apply (plus
//    the C ABI's event history), the bots' thinking excluded.
//  - BotGame: whole 11-round games between the example bots (src/cli/toonerville_bot),
//    their thinking (views, the contract finder) included; through C++, and through the C ABI
//    with the bots deciding on a C++ copy of the game.
#include <cstdint>
#include <cstring>
#include <memory>
#include <vector>

#include "bench_support.hpp"
#include "deckhand/bots.hpp"
#include "deckhand/rook_cards.hpp"
#include "deckhand/toonerville.hpp"
#include "deckhand/toonerville_bots.hpp"
#include "deckhand/toonerville_melds.hpp"
#include "toonerville/internal.hpp"

namespace {

using namespace deckhand;
using namespace deckhand::toonerville;

struct Case {
  FaceCounts hand;
  Contract contract;
};

FaceCounts deal_from(std::vector<RookFace> deck, PortableRng& rng, int size) {
  rng.shuffle(deck.data(), int(deck.size()));
  FaceCounts h;
  for (int i = 0; i < size; ++i) h.add(deck[size_t(i)]);
  return h;
}

std::vector<Case> hard_cases() {
  PortableRng rng(7);
  std::vector<Case> cases;
  for (int i = 0; i < 256; ++i) {
    std::vector<RookFace> deck;
    const int colours = 2 + int(rng.bounded(2));
    const int low = 1 + int(rng.bounded(6));
    for (int copy = 0; copy < 2; ++copy)
      for (int c = 0; c < colours; ++c)
        for (int n = low; n < low + 9; ++n) deck.push_back(rook_face(c, n));
    const int rooks = 2 + int(rng.bounded(3));
    FaceCounts h = deal_from(deck, rng, 16 + int(rng.bounded(2)) - rooks);
    h.add(kRook, rooks);
    cases.push_back({h, Contract{4, 0}});
  }
  return cases;
}

// 4 runs planted in two colours (overlapping, so runs of one colour compete), then 2-3 of
// their cards replaced by Rooks and one or two loose cards added: 16-17 cards, all feasible.
std::vector<Case> planted_cases() {
  PortableRng rng(5);
  std::vector<Case> cases;
  for (int i = 0; i < 256; ++i) {
    std::vector<RookFace> cards;
    for (int r = 0; r < 4; ++r) {
      const int colour = int(rng.bounded(2));
      const int low = 1 + int(rng.bounded(8));
      for (int n = low; n < low + 4; ++n) cards.push_back(rook_face(colour, n));
    }
    rng.shuffle(cards.data(), int(cards.size()));
    const int rooks = 2 + int(rng.bounded(2));
    for (int k = 0; k < rooks; ++k) cards[size_t(k)] = kRook;
    for (int k = 0, extra = 1 + int(rng.bounded(2)); k < extra; ++k)
      cards.push_back(rook_face(int(rng.bounded(4)), 1 + int(rng.bounded(14))));
    FaceCounts h;
    for (RookFace f : cards) h.add(f);
    cases.push_back({h, Contract{4, 0}});
  }
  return cases;
}

std::vector<Case> typical_cases() {
  PortableRng rng(11);
  std::vector<Case> cases;
  for (int i = 0; i < 1100; ++i) {
    const int round = 1 + i % kRounds;
    const int deal = round == 9 ? 15 : round == 10 ? 16 : round == 11 ? 14 : 12;
    const int decks = 3 + int(rng.bounded(3));
    std::vector<RookFace> deck(size_t(kRookDeckSize * decks));
    canonical_rook_deck(decks, deck.data());
    cases.push_back({deal_from(deck, rng, deal + 1), contract_for_round(round)});
  }
  return cases;
}

enum class Finder { cheapest, any, whole_hand };

void run_cases(benchmark::State& st, const std::vector<Case>& cases, Finder finder) {
  size_t i = 0;
  int64_t found = 0;
  const uint64_t allocs_before = bench::allocations();
  Arrangement a;
  for (auto _ : st) {
    const Case& c = cases[i];
    const bool ok = finder == Finder::whole_hand ? find_whole_hand(c.hand, &a)
                    : finder == Finder::any
                        ? find_any_contract(c.hand, c.contract, &a)
                        : detail::find_contract_unmemoised(c.hand, c.contract, &a);
    found += ok;
    benchmark::DoNotOptimize(a);
    if (++i == cases.size()) i = 0;
  }
  const double calls = double(st.iterations());
  st.counters["found"] = benchmark::Counter(calls > 0 ? double(found) / calls : 0);
  st.counters["allocs/call"] =
      benchmark::Counter(calls > 0 ? double(bench::allocations() - allocs_before) / calls : 0);
}

void BM_ToonervilleContractHard(benchmark::State& st) {
  static const std::vector<Case> cases = hard_cases();
  run_cases(st, cases, Finder::cheapest);
}
void BM_ToonervilleContractPlanted(benchmark::State& st) {
  static const std::vector<Case> cases = planted_cases();
  run_cases(st, cases, Finder::cheapest);
}
// The same hard hands asked for round 11's 2 runs and 2 sets (the most melds of mixed kind).
void BM_ToonervilleContractHard2Runs2Sets(benchmark::State& st) {
  static const std::vector<Case> cases = [] {
    std::vector<Case> out = hard_cases();
    for (Case& c : out) c.contract = Contract{2, 2};
    return out;
  }();
  run_cases(st, cases, Finder::cheapest);
}
// The same hands through find_any_contract, the search behind the legal actions' `down`.
void BM_ToonervilleAnyHard(benchmark::State& st) {
  static const std::vector<Case> cases = hard_cases();
  run_cases(st, cases, Finder::any);
}
void BM_ToonervilleAnyPlanted(benchmark::State& st) {
  static const std::vector<Case> cases = planted_cases();
  run_cases(st, cases, Finder::any);
}
void BM_ToonervilleAnyHard2Runs2Sets(benchmark::State& st) {
  static const std::vector<Case> cases = [] {
    std::vector<Case> out = hard_cases();
    for (Case& c : out) c.contract = Contract{2, 2};
    return out;
  }();
  run_cases(st, cases, Finder::any);
}
void BM_ToonervilleAnyTypical(benchmark::State& st) {
  static const std::vector<Case> cases = typical_cases();
  run_cases(st, cases, Finder::any);
}
void BM_ToonervilleContractTypical(benchmark::State& st) {
  static const std::vector<Case> cases = typical_cases();
  run_cases(st, cases, Finder::cheapest);
}
void BM_ToonervilleWholeHand(benchmark::State& st) {
  static const std::vector<Case> cases = [] {
    std::vector<Case> out = hard_cases();
    for (Case& c : out) c.contract = Contract{2, 2};
    return out;
  }();
  run_cases(st, cases, Finder::whole_hand);
}

// ---- the game --------------------------------------------------------------------------------

constexpr int kBenchPlayers = 4;
constexpr int kRecordedGames = 16;

// Whole games between the bots, recorded once (untimed): each round's deal seed and actions.
struct RecordedGame {
  std::vector<uint64_t> seeds;  // one per round
  std::vector<Action> actions;  // every action, in order (deals are implied by the phase)
};

const std::vector<RecordedGame>& recorded_games() {
  static const std::vector<RecordedGame> games = [] {
    std::vector<RecordedGame> out;
    PortableRng rng(bench::kChoiceSeed);
    Options options;
    options.players = kBenchPlayers;
    uint64_t seed = 1;
    for (int g = 0; g < kRecordedGames; ++g) {
      RecordedGame game;
      State s = new_game(options);
      while (!is_over(s)) {
        if (s.phase == Phase::deal) {
          game.seeds.push_back(seed);
          if (deal_seed(s, seed++, &s, nullptr) != Reason::ok) return out;
          continue;
        }
        Action a;
        if (!deckhand::bots::toonerville_bot_table(s, rng, &a) ||
            advance(&s, a, nullptr) != Reason::ok)
          return out;
        game.actions.push_back(a);
      }
      out.push_back(std::move(game));
    }
    return out;
  }();
  return games;
}

// The engine's own cost: the recorded games replayed, each action preceded by the legal
// actions of its state (as a client or a bot would ask for them), through the C++ API.
void BM_ToonervilleEngineCpp(benchmark::State& st) {
  const auto& games = recorded_games();
  if (games.size() != size_t(kRecordedGames)) return st.SkipWithError("recording failed");
  Options options;
  options.players = kBenchPlayers;
  static Action legal[kMaxLegalActions];
  uint64_t actions = 0, listed = 0;
  const uint64_t allocs_before = bench::allocations();
  for (auto _ : st) {
    for (const RecordedGame& game : games) {
      State s = new_game(options);
      size_t round = 0;
      for (const Action& a : game.actions) {
        if (s.phase == Phase::deal && deal_seed(s, game.seeds[round++], &s, nullptr) != Reason::ok)
          return st.SkipWithError("deal refused");
        listed += uint64_t(legal_actions(s, legal));
        if (advance(&s, a, nullptr) != Reason::ok) return st.SkipWithError("action refused");
      }
      actions += game.actions.size();
    }
  }
  st.counters["ns/action"] =
      benchmark::Counter(double(actions), benchmark::Counter::kIsRate | benchmark::Counter::kInvert,
                         benchmark::Counter::OneK::kIs1000);
  st.counters["actions/game"] =
      benchmark::Counter(double(actions) / double(st.iterations()) / double(games.size()));
  st.counters["legal/action"] = benchmark::Counter(actions ? double(listed) / double(actions) : 0);
  st.counters["allocs/action"] = benchmark::Counter(
      actions ? double(bench::allocations() - allocs_before) / double(actions) : 0);
}

// The same through the C ABI: dh_game_legal_actions into a caller array, then dh_game_apply
// (the handle also keeps the event history for records and serialization).
void BM_ToonervilleEngineCApi(benchmark::State& st) {
  const auto& games = recorded_games();
  if (games.size() != size_t(kRecordedGames)) return st.SkipWithError("recording failed");
  dh_game* g = nullptr;
  if (dh_game_new(&g, "toonerville", nullptr, 0, kBenchPlayers, 0, nullptr) != DH_OK)
    return st.SkipWithError("dh_game_new failed");
  static dh_action legal[kMaxLegalActions];
  uint64_t actions = 0;
  for (auto _ : st) {
    for (const RecordedGame& game : games) {
      dh_game_reset(g, nullptr);
      size_t round = 0;
      int32_t awaiting = 0;
      for (const Action& a : game.actions) {
        if (dh_game_awaiting_deal(&awaiting, g) == DH_OK && awaiting &&
            dh_game_deal_seed(g, game.seeds[round++], nullptr) != DH_OK)
          return st.SkipWithError("deal refused");
        size_t n = 0;
        if (dh_game_legal_actions(&n, legal, kMaxLegalActions, g) != DH_OK)
          return st.SkipWithError("legal actions failed");
        dh_action c{};
        c.seat = a.seat, c.kind = uint8_t(a.kind), c.arg = a.target, c.count = a.count;
        std::memcpy(c.cards, a.bytes, sizeof a.bytes);
        if (dh_game_apply(g, &c, nullptr) != DH_OK) return st.SkipWithError("action refused");
      }
      actions += game.actions.size();
    }
  }
  dh_game_free(g);
  st.counters["ns/action"] =
      benchmark::Counter(double(actions), benchmark::Counter::kIsRate | benchmark::Counter::kInvert,
                         benchmark::Counter::OneK::kIs1000);
}

// Whole games between the bots; one iteration is one 11-round game.
template <bool kCApi>
void bot_games(benchmark::State& st) {
  PortableRng rng(bench::kChoiceSeed);
  Options options;
  options.players = kBenchPlayers;
  dh_game* game = nullptr;
  if (kCApi && dh_game_new(&game, "toonerville", nullptr, 0, kBenchPlayers, 0, nullptr) != DH_OK)
    return st.SkipWithError("dh_game_new failed");
  uint64_t seed = 1, rounds = 0, actions = 0;
  for (auto _ : st) {
    State s = new_game(options);
    if (kCApi) dh_game_reset(game, nullptr);
    while (!is_over(s)) {
      Action a;
      if (s.phase == Phase::deal) {
        if (deal_seed(s, seed, &s, nullptr) != Reason::ok ||
            (kCApi && dh_game_deal_seed(game, seed, nullptr) != DH_OK))
          return st.SkipWithError("deal refused");
        ++seed;
        continue;
      }
      if (!deckhand::bots::toonerville_bot_table(s, rng, &a) ||
          advance(&s, a, nullptr) != Reason::ok)
        return st.SkipWithError("the bots stopped");
      if (kCApi) {
        dh_action c{};
        c.seat = a.seat, c.kind = uint8_t(a.kind), c.arg = a.target, c.count = a.count;
        std::memcpy(c.cards, a.bytes, sizeof a.bytes);
        if (dh_game_apply(game, &c, nullptr) != DH_OK) return st.SkipWithError("C ABI refused");
      }
      ++actions;
    }
    rounds += s.hands_scored;
  }
  dh_game_free(game);
  st.counters["games/s"] = benchmark::Counter(double(st.iterations()), benchmark::Counter::kIsRate);
  st.counters["rounds/s"] = benchmark::Counter(double(rounds), benchmark::Counter::kIsRate);
  st.counters["actions/game"] =
      benchmark::Counter(st.iterations() ? double(actions) / double(st.iterations()) : 0);
}
void BM_ToonervilleBotGameCpp(benchmark::State& st) {
  bot_games<false>(st);
}
void BM_ToonervilleBotGameCApi(benchmark::State& st) {
  bot_games<true>(st);
}

void BM_ToonervilleSerializeRoundTrip(benchmark::State& st) {
  Options o;
  o.players = 5;
  State s = new_game(o);
  if (deal_seed(s, 7, &s, nullptr) != Reason::ok) return st.SkipWithError("deal refused");
  static uint8_t buffer[kSerializedSize];
  State back;
  for (auto _ : st) {
    const size_t len = serialize(s, buffer, sizeof buffer);
    if (deserialize(buffer, len, &back, nullptr) != Reason::ok)
      return st.SkipWithError("round trip failed");
    benchmark::DoNotOptimize(back);
  }
}

BENCHMARK(BM_ToonervilleEngineCpp)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ToonervilleEngineCApi)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ToonervilleBotGameCpp)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ToonervilleBotGameCApi)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ToonervilleSerializeRoundTrip);
BENCHMARK(BM_ToonervilleContractHard);
BENCHMARK(BM_ToonervilleContractPlanted);
BENCHMARK(BM_ToonervilleContractHard2Runs2Sets);
BENCHMARK(BM_ToonervilleContractTypical);
BENCHMARK(BM_ToonervilleWholeHand);
BENCHMARK(BM_ToonervilleAnyHard);
BENCHMARK(BM_ToonervilleAnyPlanted);
BENCHMARK(BM_ToonervilleAnyHard2Runs2Sets);
BENCHMARK(BM_ToonervilleAnyTypical);

}  // namespace
