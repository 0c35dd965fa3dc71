// Toonerville contract finder benchmarks (RULES.md T2, T7, T11): one find_contract call per
// iteration, cycling through a fixed list of hands.
//  - Hard: 16 and 17 cards for round 10's 4 runs, built from few colours and numbers with
//    2-4 Rooks, so many run splits compete (about half can lay the contract down).
//  - Planted: 16-17 cards holding four runs with Rooks standing in (all feasible).
//  - Hard2Runs2Sets: the hard hands asked for 2 runs and 2 sets.
//  - Typical: the round's deal plus one drawn card from shuffled 3-5 decks, all 11 rounds.
//  - WholeHand: round 11's T11 check on 15-card hands.
#include <cstdint>
#include <vector>

#include "bench_support.hpp"
#include "deckhand/rook_cards.hpp"
#include "deckhand/toonerville_melds.hpp"

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

void run_cases(benchmark::State& st, const std::vector<Case>& cases, bool whole_hand) {
  size_t i = 0;
  int64_t found = 0;
  const uint64_t allocs_before = bench::allocations();
  Arrangement a;
  for (auto _ : st) {
    const Case& c = cases[i];
    const bool ok =
        whole_hand ? find_whole_hand(c.hand, &a) : find_contract(c.hand, c.contract, &a);
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
  run_cases(st, cases, false);
}
void BM_ToonervilleContractPlanted(benchmark::State& st) {
  static const std::vector<Case> cases = planted_cases();
  run_cases(st, cases, false);
}
// The same hard hands asked for round 11's 2 runs and 2 sets (the most melds of mixed kind).
void BM_ToonervilleContractHard2Runs2Sets(benchmark::State& st) {
  static const std::vector<Case> cases = [] {
    std::vector<Case> out = hard_cases();
    for (Case& c : out) c.contract = Contract{2, 2};
    return out;
  }();
  run_cases(st, cases, false);
}
void BM_ToonervilleContractTypical(benchmark::State& st) {
  static const std::vector<Case> cases = typical_cases();
  run_cases(st, cases, false);
}
void BM_ToonervilleWholeHand(benchmark::State& st) {
  static const std::vector<Case> cases = [] {
    std::vector<Case> out = hard_cases();
    for (Case& c : out) c.contract = Contract{2, 2};
    return out;
  }();
  run_cases(st, cases, true);
}

BENCHMARK(BM_ToonervilleContractHard);
BENCHMARK(BM_ToonervilleContractPlanted);
BENCHMARK(BM_ToonervilleContractHard2Runs2Sets);
BENCHMARK(BM_ToonervilleContractTypical);
BENCHMARK(BM_ToonervilleWholeHand);

}  // namespace
