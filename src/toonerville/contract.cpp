// The contract finder (rules T2, T4, T7, T11, T12): can a hand lay down a contract of R
// runs and S sets, and which arrangement leaves the fewest penalty points in hand?
//
// The search is a dynamic programme that sweeps the numbers 1..14 once. Why this works:
//  - a set only ever holds cards of its number, so the set decisions for number k are local
//    to column k: once the runs have taken what they want from column k, either no set of
//    k is made (the rest of the column stays in hand) or s >= 1 sets are made and take the
//    whole rest of the column (a set has no maximum), topped up to 3 cards with Rooks;
//  - a run of one colour crosses the columns left to right; all the sweep must remember of
//    an open run is its colour and its length so far, capped at 4 (a run shorter than 4
//    when it ends is padded with Rooks at an end, which always fits inside 1..14);
//  - a run starts at a natural card (Rooks before it are padding or surplus) and, at each
//    number it passes, takes a natural card or a Rook;
//  - Rooks are a budget: the minimum each meld needs is spent in the sweep, and the rest
//    are placed at the end on a set (any set takes any number of them) or a run end. Every
//    Rook placed scores nothing, so the sweep minimises the natural cards left in hand.
// A state is (open runs as counts per colour and capped length, runs started, sets made,
// Rooks spent): 58 bits. Runs of one colour and length are interchangeable, which keeps
// the state count small (tens to a few hundred per column for 16-card hands). States that
// cannot finish the contract with the cards still to come are pruned. Each state keeps its
// cheapest predecessor and the index of the transition that reached it; the arrangement is
// rebuilt by replaying those transitions on explicit runs.
//
// find_any_contract, asked once a turn by the legal actions, first tries minimal melds (the
// MinimalMelds search below: exact for hands with at most two Rooks, which is nearly all) and
// runs a depth-first search over the sweep's transitions only for the rest; round 11's
// whole-hand question has cheap necessary tests (may_meet_contract) in front of it.
#include <algorithm>
#include <bit>
#include <cassert>
#include <cstring>
#include <memory>

#include "deckhand/toonerville_melds.hpp"
#include "internal.hpp"

namespace deckhand::toonerville {

Contract contract_for_round(int round) {
  static constexpr Contract kTable[kRounds] = {{0, 2}, {1, 1}, {2, 0}, {0, 3}, {1, 2}, {2, 1},
                                               {0, 4}, {3, 0}, {0, 5}, {4, 0}, {2, 2}};
  return round >= 1 && round <= kRounds ? kTable[round - 1] : Contract{};
}

std::string format_contract(Contract c) {
  std::string out;
  if (c.runs) out += std::to_string(c.runs) + (c.runs == 1 ? " run" : " runs");
  if (c.sets)
    out += (out.empty() ? "" : ", ") + std::to_string(c.sets) + (c.sets == 1 ? " set" : " sets");
  return out;
}

namespace {

constexpr int kLastNumber = kRookNumbers;
constexpr int kCloseStep = kRookNumbers + 1;  // the step after 14 that closes every run
constexpr int kMaxRookBudget = 15;            // 4 bits in the key; a hand holds at most 5
constexpr int kLayerCapacity = 8192;          // states kept per column
constexpr int kHashBits = 14;

// ---- state key -------------------------------------------------------------------------------
// bits 0..47: open runs per (colour c, capped length st: 0 = 1 card .. 3 = 4+), 3 bits at
// (c * 4 + st) * 3; 48..50 runs started; 51..53 sets made; 54..57 Rooks spent.
struct Key {
  uint8_t open[kRookColours][4];
  int started, sets, rooks;
};
// One colour's open runs as its 12 bits (at bit 12 * colour of the key).
uint16_t colour_key(const uint8_t open[4]) {
  return uint16_t(open[0] | open[1] << 3 | open[2] << 6 | open[3] << 9);
}
uint64_t encode(uint64_t runs, int started, int sets, int rooks) {
  return runs | uint64_t(started) << 48 | uint64_t(sets) << 51 | uint64_t(rooks) << 54;
}
Key decode(uint64_t key) {
  Key k;
  for (int c = 0; c < kRookColours; ++c)
    for (int st = 0; st < 4; ++st) k.open[c][st] = uint8_t((key >> ((c * 4 + st) * 3)) & 7);
  k.started = int((key >> 48) & 7);
  k.sets = int((key >> 51) & 7);
  k.rooks = int((key >> 54) & 15);
  return k;
}

struct Entry {
  uint64_t key;
  uint16_t cost;    // penalty points of natural cards left in hand so far
  uint16_t prev;    // index of the predecessor in the previous layer
  uint16_t choice;  // index of the transition from it (replayed to rebuild the melds)
};

// Everything a search needs, about 2.4 MB, one per thread on the heap, made at the thread's
// first search (no heap per call). Never a thread_local object itself: glibc carves the static
// TLS of a library loaded with the program out of every thread's stack, so 2.4 MB there would
// make every thread of the process need a 2.7 MB stack (docs/performance.md, "Stack").
struct Workspace {
  Entry layer[kCloseStep + 1][kLayerCapacity];
  int size[kCloseStep + 1];
  struct Slot {
    uint32_t stamp;
    uint16_t index;
  } slots[1 << kHashBits];
  uint32_t stamp = 0;
  bool dominated[kLayerCapacity];  // drop_dominated's marks
  // The depth-first search's memo of (number, state) pairs that cannot finish the contract.
  struct Failed {
    uint64_t key;
    uint32_t stamp;
    uint8_t k;
  } failed[1 << kHashBits];
  uint32_t search = 0;
};

// The hand as the sweep sees it.
struct Problem {
  uint8_t h[kCloseStep + 1][kRookColours];  // h[k][c]: natural cards of number k, colour c
  int nat_after[kCloseStep + 1];            // natural cards of numbers above k
  // Positions from k to the next natural card of colour c above k (99 if none): the Rooks a
  // run needs to bridge from k to it.
  uint8_t gap[kCloseStep + 1][kRookColours];
  int budget;  // Rooks available to the sweep
  int runs, sets;
  // Points of the natural cards above k that no meld of the contract can take (no window of
  // four numbers around them fills with the Rooks, no set of their number can be made): every
  // arrangement leaves them, so a state costing more than max_cost minus these is dropped.
  int lost_after[kCloseStep + 1];
  uint8_t pen[kCloseStep + 1];  // T12 points of a natural card at k (see find's `mirrored`)
};

// What one transition does at number k (replayed when rebuilding).
struct Decision {
  uint8_t close[kRookColours][4];  // open runs of (colour, length) that ended at k - 1
  uint8_t rook[kRookColours][4];   // ... that take a Rook at k
  uint8_t start[kRookColours];     // new runs starting with a natural card at k
  uint8_t rest[kRookColours];      // natural cards of (k, colour) the runs left
  uint8_t sets;                    // sets of number k made
};

// The transitions into each number, so that the arrangement found is rebuilt without
// replaying the columns: d[k][i] is the decision that made ws.layer[k][i] (the sweep's
// entries; the depth-first search keeps its path's entry at index 0).
struct PathDecisions {
  static constexpr int kCap = 256;  // entries per number recorded; beyond, rebuild replays
  Decision d[kCloseStep + 1][kCap];
  bool recorded[kCloseStep + 1];
};

PathDecisions& path_decisions() {
  thread_local std::unique_ptr<PathDecisions> pd;   // 160 KB: on the heap (see Workspace)
  if (!pd) pd = std::make_unique<PathDecisions>();  // value-initialised: zeroed
  return *pd;
}

constexpr int pen(int number) {
  return number >= 10 ? 10 : 5;
}

// Contracts the finders take: at most 4 runs and 5 sets, at least one meld.
constexpr bool supported(Contract c) {
  return c.runs <= kMaxContractRuns && c.sets <= kMaxContractSets && c.runs + c.sets > 0;
}

// Bits set among the low four (a table: no popcount instruction is assumed).
constexpr int bits4(unsigned x) {
  constexpr uint8_t kBits[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};
  return kBits[x & 0xFu];
}

// One colour's part of a transition at number k.
struct ColourOption {
  uint8_t out[4];    // its open runs after k, by capped length
  uint8_t close[4];  // runs of each length that ended at k - 1
  uint8_t rook[4];   // runs of each length that take a Rook at k
  uint8_t start;     // new runs starting at k
  uint8_t rest;      // natural cards of (k, colour) left for sets or the hand
  uint8_t rooks;     // Rooks spent: padding of ended runs, plus the Rooks taken at k
  // Derived once per option for the combinations (sets_stage):
  uint16_t key;   // `out` as the colour's 12 bits of the state key
  uint8_t need;   // cards its open runs still need to reach 4
  bool wasteful;  // leaves a natural card while one of its runs ends or takes a Rook
};
constexpr int kMaxColourOptions = 128;  // 4 open runs of 4 lengths: 3^4; fewer otherwise

// Enumerates the transitions out of one state at number k in a fixed order, calling
// emit(next_key, cost_delta, decision) for each one that survives pruning. Each colour's
// options are listed first (they depend only on that colour), then combined.
template <typename Emit>
class Stepper {
 public:
  // `slack`: the points the transitions may still leave in hand (see combine).
  Stepper(const Problem& p, int k, const Key& from, int slack, Emit& emit)
      : p_(p), k_(k), in_(from), slack_(slack), emit_(emit) {}

  void run() {
    // A colour with no card at k and no open run has one option, doing nothing: only the
    // others are listed and combined.
    static constexpr ColourOption kNothing{};
    active_count_ = 0;
    for (int c = 0; c < kRookColours; ++c) {
      if (p_.h[k_][c] == 0 && open_runs(c) == 0) {
        chosen_[c] = &kNothing;
        continue;
      }
      active_[active_count_++] = uint8_t(c);
      count_[c] = 0;
      std::memset(&cur_, 0, sizeof cur_);
      list_options(c, 0, 0, 0);
    }
    started_ = in_.started;
    rooks_ = in_.rooks;
    pool_ = 0;
    combine(0);
  }

 private:
  // Options of colour c: for each length st, x runs end, z take a Rook, the rest take a
  // natural card; then t new runs start.
  void list_options(int c, int st, int nat_used, int rooks) {
    const int h = p_.h[k_][c];
    if (st == 0 && h == 0 && open_runs(c) == 0) {  // the common case: nothing happens
      options_[c][count_[c]++] = ColourOption{};
      return;
    }
    if (st == 4) {
      const int avail = h - nat_used;
      const int max_new = k_ == kCloseStep ? 0 : std::min(avail, p_.runs - in_.started);
      // With no set left to make, the rest of the column stays in hand: then no run of
      // colour c may end or take a Rook here (see sets_stage).
      bool ends_or_rook = false;
      for (int j = 0; j < 4; ++j) ends_or_rook = ends_or_rook || cur_.close[j] || cur_.rook[j];
      const bool no_sets_left = in_.sets == p_.sets;
      for (int t = 0; t <= max_new; ++t) {
        if (no_sets_left && ends_or_rook && avail - t > 0 && k_ != kCloseStep) continue;
        assert(count_[c] < kMaxColourOptions);
        ColourOption& o = options_[c][count_[c]++];
        o = cur_;
        o.out[0] = uint8_t(o.out[0] + t);
        o.start = uint8_t(t);
        o.rest = uint8_t(avail - t);
        o.rooks = uint8_t(rooks);
        o.key = colour_key(o.out);
        o.need = uint8_t(3 * o.out[0] + 2 * o.out[1] + o.out[2]);
        o.wasteful = o.rest > 0 && ends_or_rook;
      }
      return;
    }
    const int a = in_.open[c][st];
    if (a == 0) return list_options(c, st + 1, nat_used, rooks);
    const int next = std::min(st + 1, 3);
    const int close_cost = 3 - st;  // Rooks that pad a run of st + 1 cards to 4
    const int max_keep = k_ == kCloseStep ? 0 : a;
    // A run takes a Rook at k only to reach a later natural card (else ending it now is as
    // good): each such run needs `bridge` Rooks to get there.
    const int bridge = k_ == kCloseStep ? 99 : p_.gap[k_][c];
    const int budget = p_.budget - in_.rooks;
    for (int x = a - max_keep; x <= a; ++x) {
      for (int z = 0; z <= a - x; ++z) {
        const int y = a - x - z;
        if (nat_used + y > h) continue;
        if (z > 0 && rooks + x * close_cost + z * bridge > budget) break;
        const int r = x * close_cost + z;
        if (rooks + r > budget) continue;
        cur_.out[next] = uint8_t(cur_.out[next] + y + z);
        cur_.close[st] = uint8_t(x);
        cur_.rook[st] = uint8_t(z);
        list_options(c, st + 1, nat_used + y, rooks + r);
        cur_.out[next] = uint8_t(cur_.out[next] - y - z);
      }
    }
    cur_.close[st] = cur_.rook[st] = 0;
  }

  int open_runs(int c) const {
    return in_.open[c][0] + in_.open[c][1] + in_.open[c][2] + in_.open[c][3];
  }

  // Chooses an option for each active colour from active_[a] on.
  void combine(int a) {
    if (a >= active_count_ || a >= kRookColours) return sets_stage();  // (at most 4)
    const int c = active_[a];
    // With no set left to make, what the runs leave of column k stays in hand: past the
    // slack, no transition of this combination is wanted.
    const bool no_sets_left = in_.sets == p_.sets;
    for (int i = 0; i < count_[c]; ++i) {
      const ColourOption& o = options_[c][i];
      if (rooks_ + o.rooks > p_.budget || started_ + o.start > p_.runs) continue;
      if (no_sets_left && p_.pen[k_] * (pool_ + o.rest) > slack_) continue;
      chosen_[c] = &o;
      rooks_ += o.rooks;
      started_ += o.start;
      pool_ += o.rest;
      combine(a + 1);
      pool_ -= o.rest;
      started_ -= o.start;
      rooks_ -= o.rooks;
    }
  }

  void sets_stage() {
    // The open runs as a key (encode's layout), what they still need (for the pruning
    // bound below), and whether a colour is wasteful.
    uint64_t runs_key = 0;
    int open_need = 0;
    bool wasteful = false;
    for (int c = 0; c < kRookColours; ++c) {
      runs_key |= uint64_t(chosen_[c]->key) << (12 * c);
      open_need += chosen_[c]->need;
      wasteful = wasteful || chosen_[c]->wasteful;
    }
    if (k_ == kCloseStep) {
      if (started_ != p_.runs || in_.sets != p_.sets) return;
      emit_(encode(runs_key, started_, in_.sets, rooks_), 0, decision(0));
      return;
    }
    // Exchange argument (`wasteful`): a natural card of (k, c) left in hand while a run of
    // colour c takes a Rook at k or ends at k - 1 is never better than the run taking that
    // card, so those transitions are skipped when column k makes no set (the rest stays in
    // hand).
    const int n = pool_;
    for (int s = wasteful ? 1 : 0; s <= p_.sets - in_.sets; ++s) {
      if (s > 0 && n < s) break;  // each set needs a natural card
      const int r = s == 0 ? 0 : std::max(0, 3 * s - n);
      if (rooks_ + r > p_.budget) break;
      const int sets = in_.sets + s;
      // Each meld still to make needs a natural card of a higher number; cards in all.
      const int melds_to_make = (p_.runs - started_) + (p_.sets - sets);
      if (melds_to_make > p_.nat_after[k_]) continue;
      const int cards_needed = open_need + 4 * (p_.runs - started_) + 3 * (p_.sets - sets);
      if (cards_needed > p_.nat_after[k_] + p_.budget - rooks_ - r) continue;
      emit_(encode(runs_key, started_, sets, rooks_ + r), s == 0 ? p_.pen[k_] * n : 0, decision(s));
    }
  }

  // The decision record, built only when the emitter wants it (replay).
  struct DecisionRef {
    const Stepper* self;
    int sets;
    Decision get() const {
      Decision d;
      for (int c = 0; c < kRookColours; ++c) {
        std::memcpy(d.close[c], self->chosen_[c]->close, 4);
        std::memcpy(d.rook[c], self->chosen_[c]->rook, 4);
        d.start[c] = self->chosen_[c]->start;
        d.rest[c] = self->chosen_[c]->rest;
      }
      d.sets = uint8_t(sets);
      return d;
    }
  };
  DecisionRef decision(int sets) const { return DecisionRef{this, sets}; }

  const Problem& p_;
  const int k_;
  const Key in_;
  const int slack_;
  Emit& emit_;
  ColourOption options_[kRookColours][kMaxColourOptions];
  int count_[kRookColours];
  ColourOption cur_;
  const ColourOption* chosen_[kRookColours];
  uint8_t active_[kRookColours];
  int active_count_ = 0;
  int started_ = 0, rooks_ = 0, pool_ = 0;
};

// The points the transitions out of `from` at number k may leave in hand and still finish
// within max_cost (see Problem::lost_after).
int slack(const Problem& p, int k, int max_cost, const Entry& from) {
  return max_cost - from.cost - p.lost_after[k];
}

Workspace& workspace() {
  thread_local std::unique_ptr<Workspace> ws;
  if (!ws) {
    // Only the stamps are read before they are written: the layers' 2 MB stay untouched.
    ws.reset(new Workspace);
    std::memset(ws->slots, 0, sizeof ws->slots);
    std::memset(ws->failed, 0, sizeof ws->failed);
  }
  return *ws;
}

// `mirrored`: the hand's numbers are 15 - n (the sweep runs from 14 down), points as of n.
void make_problem(const FaceCounts& hand, Contract contract, bool mirrored, Problem* p) {
  std::memset(p, 0, sizeof *p);
  for (int k = 1; k <= kLastNumber; ++k) p->pen[k] = uint8_t(pen(mirrored ? 15 - k : k));
  for (int c = 0; c < kRookColours; ++c)
    for (int k = 1; k <= kLastNumber; ++k) p->h[k][c] = hand.n[rook_face(c, k)];
  for (int k = kLastNumber; k >= 0; --k) {
    p->nat_after[k] = k == kLastNumber ? 0 : p->nat_after[k + 1];
    if (k < kLastNumber)
      for (int c = 0; c < kRookColours; ++c) p->nat_after[k] += p->h[k + 1][c];
  }
  for (int c = 0; c < kRookColours; ++c) {
    int next = 99;
    for (int k = kLastNumber; k >= 1; --k) {
      p->gap[k][c] = uint8_t(next == 99 ? 99 : next - k);
      if (p->h[k][c] > 0) next = k;
    }
  }
  p->budget = std::min(hand.rooks(), kMaxRookBudget);
  p->runs = contract.runs;
  p->sets = contract.sets;
  uint16_t present[kRookColours] = {};
  for (int c = 0; c < kRookColours; ++c)
    for (int k = 1; k <= kLastNumber; ++k)
      if (p->h[k][c]) present[c] = uint16_t(present[c] | 1u << (k - 1));
  for (int k = kLastNumber; k >= 1; --k) {
    int lost = 0, column = 0;
    for (int c = 0; c < kRookColours; ++c) column += p->h[k][c];
    const bool settable = p->sets > 0 && column + p->budget >= kMinSet;
    for (int c = 0; c < kRookColours && !settable; ++c) {
      if (!p->h[k][c]) continue;
      bool runnable = false;
      for (int low = std::max(1, k - 3); low <= std::min(k, kLastNumber - 3) && p->runs; ++low)
        runnable = runnable || bits4(present[c] >> (low - 1)) + p->budget >= kMinRun;
      if (!runnable) lost += p->pen[k] * p->h[k][c];
    }
    p->lost_after[k - 1] = p->lost_after[k] + lost;
  }
}

// Removes from ws.layer[k] (its `size` states, still in the hash) every state that spent
// more Rooks than another with the same runs and sets, at no lower cost: spare Rooks only
// widen what can follow (and are placed at the end), so it can do nothing the other cannot.
// Keeps the order and the recorded decisions; returns the new size.
int drop_dominated(Workspace& ws, int k, int size, PathDecisions* decided) {
  constexpr uint64_t kRookBits = uint64_t(15) << 54;
  Entry* layer = ws.layer[k];
  auto index_of = [&](uint64_t key) {
    for (uint32_t slot = uint32_t((key * 0x9E3779B97F4A7C15ull) >> (64 - kHashBits));;
         slot = (slot + 1) & ((1u << kHashBits) - 1)) {
      const auto& s = ws.slots[slot];
      if (s.stamp != ws.stamp) return -1;
      if (layer[s.index].key == key) return int(s.index);
    }
  };
  bool* dominated = ws.dominated;
  bool any = false;
  for (int j = 0; j < size; ++j) {
    const Entry& e = layer[j];
    dominated[j] = false;
    for (int rooks = 0; rooks < int((e.key & kRookBits) >> 54) && !dominated[j]; ++rooks) {
      const int other = index_of((e.key & ~kRookBits) | uint64_t(rooks) << 54);
      dominated[j] = other >= 0 && layer[other].cost <= e.cost;
    }
    any = any || dominated[j];
  }
  if (!any) return size;
  int kept = 0;
  for (int j = 0; j < size; ++j) {
    if (dominated[j]) continue;
    if (j < PathDecisions::kCap) decided->d[k][kept] = decided->d[k][j];
    layer[kept++] = layer[j];
  }
  return kept;
}

// Runs the sweep; returns the index of the best final state in ws.layer[kCloseStep], or -1.
// States leaving more than max_cost points in hand are dropped (T11 wants 0). The decision
// that made each of the first PathDecisions::kCap entries of a column is kept in *decided,
// so that rebuild() need not replay the columns.
int sweep(const Problem& p, Workspace& ws, int max_cost, PathDecisions* decided) {
  ws.layer[0][0] = Entry{0, 0, 0, 0};
  ws.size[0] = 1;
  for (int k = 1; k <= kCloseStep; ++k) {
    if (++ws.stamp == 0) {  // wrapped after 2^32 columns: forget every old stamp
      std::memset(ws.slots, 0, sizeof ws.slots);
      ws.stamp = 1;
    }
    Entry* next = ws.layer[k];
    int& size = ws.size[k];
    size = 0;
    bool overflow = false;
    for (int i = 0; i < ws.size[k - 1]; ++i) {
      const Entry& from = ws.layer[k - 1][i];
      int choice = 0;
      auto emit = [&](uint64_t key, int delta, const auto& decision) {
        const int cost = from.cost + delta;
        if (cost + p.lost_after[k] > max_cost) {
          ++choice;
          return;
        }
        uint64_t h = key * 0x9E3779B97F4A7C15ull;
        uint32_t slot = uint32_t(h >> (64 - kHashBits));
        for (;; slot = (slot + 1) & ((1u << kHashBits) - 1)) {
          auto& s = ws.slots[slot];
          if (s.stamp != ws.stamp) {
            if (size == kLayerCapacity) {
              overflow = true;
              break;
            }
            s.stamp = ws.stamp;
            s.index = uint16_t(size);
            if (size < PathDecisions::kCap) decided->d[k][size] = decision.get();
            next[size++] = Entry{key, uint16_t(cost), uint16_t(i), uint16_t(choice)};
            break;
          }
          Entry& e = next[s.index];
          if (e.key == key) {
            if (cost < e.cost) {
              e = Entry{key, uint16_t(cost), uint16_t(i), uint16_t(choice)};
              if (s.index < PathDecisions::kCap) decided->d[k][s.index] = decision.get();
            }
            break;
          }
        }
        ++choice;
      };
      Stepper<decltype(emit)> step(p, k, decode(from.key), slack(p, k, max_cost, from), emit);
      step.run();
    }
    // Every entry's decision is recorded only if all were (compaction moves them down).
    decided->recorded[k] = size <= PathDecisions::kCap;
    if (!overflow) size = drop_dominated(ws, k, size, decided);
    // Never expected (hands are small); refuse rather than answer wrongly.
    if (overflow) return -1;
    if (size == 0) return -1;
  }
  int best = -1;
  for (int i = 0; i < ws.size[kCloseStep]; ++i)
    if (best < 0 || ws.layer[kCloseStep][i].cost < ws.layer[kCloseStep][best].cost) best = i;
  return best;
}

// Depth-first search over the sweep's transitions, cheapest first at each number, stopping
// at the first state that closes every meld: an arrangement, not necessarily the cheapest.
// Children of the state at number k - 1 are stored in ws.layer[k] (whose entries keep their
// parent index and transition, as the sweep's do, so rebuild() works on the path found);
// states that cannot finish are remembered and never expanded again (whatever their cost:
// the search runs only unbounded or with max_cost 0, where every state kept costs 0).
// Returns the final index in ws.layer[kCloseStep], or -1.
class DepthFirst {
 public:
  DepthFirst(const Problem& p, Workspace& ws, int max_cost) : p_(p), ws_(ws), max_cost_(max_cost) {
    if (++ws_.search == 0) {
      std::memset(ws_.failed, 0, sizeof ws_.failed);
      ws_.search = 1;
    }
  }
  int run() {
    ws_.layer[0][0] = Entry{0, 0, 0, 0};
    return explore(1, 0) ? 0 : -1;
  }

 private:
  Workspace::Failed& slot(int k, uint64_t key) {
    uint32_t i = uint32_t(((key ^ uint64_t(k) << 58) * 0x9E3779B97F4A7C15ull) >> (64 - kHashBits));
    for (int probes = 0; probes < 8; ++probes, i = (i + 1) & ((1u << kHashBits) - 1)) {
      Workspace::Failed& f = ws_.failed[i];
      if (f.stamp != ws_.search || (f.key == key && f.k == k)) return f;
    }
    return ws_.failed[i];  // a full neighbourhood: overwrite (the memo only saves time)
  }
  bool failed(int k, uint64_t key) {
    const Workspace::Failed& f = slot(k, key);
    return f.stamp == ws_.search && f.key == key && f.k == k;
  }
  void mark_failed(int k, uint64_t key) {
    slot(k, key) = Workspace::Failed{key, ws_.search, uint8_t(k)};
  }

  // Expands ws.layer[k - 1][parent] into ws.layer[k] and searches below each child.
  bool explore(int k, int parent) {
    const int n = expand(k, parent);
    if (n < 0) return false;
    Entry* children = ws_.layer[k];
    Decision* decided = pd_.d[k];
    if (k == kCloseStep) return n > 0;  // children[0], the cheapest closing state, answers
    for (int i = 0; i < n; ++i) {
      if (failed(k, children[i].key)) continue;
      if (explore(k + 1, i)) {
        if (i != 0) {  // keep the path's entry (and its decision) at index 0
          children[0] = children[i];
          if (pd_.recorded[k]) decided[0] = decided[i];
          ws_.layer[k + 1][0].prev = 0;  // the path's next entry pointed at index i
        }
        return true;
      }
      mark_failed(k, children[i].key);
    }
    return false;
  }

  // The children of ws.layer[k - 1][parent] into ws.layer[k], cheapest first, their decisions
  // into pd_.d[k]; their number, or -1 when they do not fit. Never inlined: its Stepper (10 KB
  // of option tables) is gone before explore recurses, which keeps each level of the
  // recursion (up to 15 deep) a few dozen bytes instead of 11 KB.
  [[gnu::noinline]] int expand(int k, int parent) {
    const Entry from = ws_.layer[k - 1][parent];
    Entry* children = ws_.layer[k];
    Decision* decided = pd_.d[k];
    int n = 0, choice = 0;
    bool overflow = false;
    auto emit = [&](uint64_t key, int delta, const auto& decision) {
      const int cost = from.cost + delta;
      if (cost + p_.lost_after[k] <= max_cost_ && !failed(k, key)) {
        if (n < PathDecisions::kCap) decided[n] = decision.get();
        if (n < kLayerCapacity)
          children[n++] = Entry{key, uint16_t(cost), uint16_t(parent), uint16_t(choice)};
        else
          overflow = true;
      }
      ++choice;
    };
    Stepper<decltype(emit)> step(p_, k, decode(from.key), slack(p_, k, max_cost_, from), emit);
    step.run();
    if (overflow) return -1;
    pd_.recorded[k] = n <= PathDecisions::kCap;
    // Cheapest first (insertion sort: the lists are short); equal costs keep their order.
    for (int i = 1; i < n; ++i) {
      const Entry e = children[i];
      const bool keep = pd_.recorded[k];
      Decision de;
      if (keep) de = decided[i];
      int j = i;
      for (; j > 0 && children[j - 1].cost > e.cost; --j) {
        children[j] = children[j - 1];
        if (keep) decided[j] = decided[j - 1];
      }
      children[j] = e;
      if (keep) decided[j] = de;
    }
    return n;
  }

  const Problem& p_;
  Workspace& ws_;
  PathDecisions& pd_ = path_decisions();
  const int max_cost_;
};

// The transition `choice` out of `from` at number k.
Decision replay(const Problem& p, int k, const Entry& from, int max_cost, int choice) {
  Decision found{};
  int index = 0;
  auto emit = [&](uint64_t, int, const auto& d) {
    if (index++ == choice) found = d.get();
  };
  Stepper<decltype(emit)> step(p, k, decode(from.key), slack(p, k, max_cost, from), emit);
  step.run();
  return found;
}

struct BuildRun {
  uint8_t colour, low, high;
  uint16_t rooks_at;
  bool open;
  int status() const { return std::min(high - low + 1, 4) - 1; }
  void add_rook(int number) { rooks_at = uint16_t(rooks_at | (1u << (number - 1))); }
  void close() {
    open = false;
    while (high - low + 1 < kMinRun) {
      if (high < kRookNumbers)
        add_rook(++high);
      else
        add_rook(--low);
    }
  }
};

// Completes out->melds: places the Rooks they did not need on a set, else at run ends while
// there is room (every Rook placed is 25 points out of the hand), then counts what is left.
void finish_arrangement(const FaceCounts& hand, Arrangement* out) {
  int spent = 0;
  for (int i = 0; i < out->count; ++i) spent += out->melds[i].rooks;
  int spare = hand.rooks() - spent;
  for (int i = 0; i < out->count && spare > 0; ++i) {
    Meld& m = out->melds[i];
    if (m.is_set()) {
      m.rooks = uint8_t(m.rooks + spare);
      spare = 0;
    }
  }
  for (int i = 0; i < out->count && spare > 0; ++i) {
    Meld& m = out->melds[i];
    while (spare > 0 && m.is_run() && (m.low > 1 || m.high < kRookNumbers)) {
      lay_off(&m, kRook, RunEnd::any, nullptr);
      --spare;
    }
  }

  FaceCounts used;
  for (int i = 0; i < out->count; ++i) add_meld_cards(out->melds[i], &used);
  for (int f = 0; f < kRookFaces; ++f) {
    assert(hand.n[f] >= used.n[f]);
    out->leftover.n[f] = uint8_t(hand.n[f] - used.n[f]);
  }
  out->leftover_points = uint16_t(penalty_points(out->leftover));
}

// `decided`: the decisions the search recorded (where recorded[k]), or NULL.
void rebuild(const Problem& p, const FaceCounts& hand, const Workspace& ws, int best, int max_cost,
             const PathDecisions* decided, Arrangement* out) {
  int path[kCloseStep + 1];
  path[kCloseStep] = best;
  for (int k = kCloseStep; k >= 1; --k) path[k - 1] = ws.layer[k][path[k]].prev;

  BuildRun runs[kMaxContractRuns];
  int run_count = 0;
  Meld sets[kMaxContractSets];
  int set_count = 0;
  for (int k = 1; k <= kCloseStep; ++k) {
    const Decision d =
        decided && decided->recorded[k]
            ? decided->d[k][path[k]]
            : replay(p, k, ws.layer[k - 1][path[k - 1]], max_cost, ws.layer[k][path[k]].choice);
    for (int c = 0; c < kRookColours; ++c) {
      // The open runs of colour c by length, as they stood before number k.
      int by_status[4][kMaxContractRuns], counts[4] = {0, 0, 0, 0};
      for (int i = 0; i < run_count; ++i)
        if (runs[i].open && runs[i].colour == c) {
          const int st = runs[i].status();
          by_status[st][counts[st]++] = i;
        }
      for (int st = 0; st < 4; ++st) {
        for (int j = 0; j < counts[st]; ++j) {
          BuildRun& r = runs[by_status[st][j]];
          if (j < d.close[c][st]) {
            r.close();
          } else {
            r.high = uint8_t(k);
            if (j < d.close[c][st] + d.rook[c][st]) r.add_rook(k);
          }
        }
      }
      for (int t = 0; t < d.start[c]; ++t)
        runs[run_count++] = BuildRun{uint8_t(c), uint8_t(k), uint8_t(k), 0, true};
    }
    if (d.sets > 0) {
      // The rest of column k, dealt round the new sets so each gets a natural card, then
      // Rooks to make each three cards.
      int next = 0;
      for (int s = 0; s < d.sets; ++s) {
        sets[set_count + s] = Meld{};
        sets[set_count + s].kind = MeldKind::set;
        sets[set_count + s].low = sets[set_count + s].high = uint8_t(k);
      }
      for (int c = 0; c < kRookColours; ++c)
        for (int j = 0; j < d.rest[c]; ++j) {
          ++sets[set_count + next].naturals[c];
          next = (next + 1) % d.sets;
        }
      for (int s = 0; s < d.sets; ++s) {
        Meld& m = sets[set_count + s];
        m.rooks = uint8_t(std::max(0, kMinSet - m.size()));
      }
      set_count += d.sets;
    }
  }
  assert(run_count == p.runs && set_count == p.sets);

  out->count = 0;
  for (int i = 0; i < run_count; ++i) {
    Meld m;
    m.kind = MeldKind::run;
    m.colour = runs[i].colour;
    m.low = runs[i].low;
    m.high = runs[i].high;
    m.rooks_at = runs[i].rooks_at;
    m.rooks = uint8_t(std::popcount(unsigned(runs[i].rooks_at)));
    out->melds[out->count++] = m;
  }
  for (int i = 0; i < set_count; ++i) out->melds[out->count++] = sets[i];

  finish_arrangement(hand, out);
}

// ---- minimal melds: the quick answer for T7 (rounds 1-10) ------------------------------------
// Any arrangement trims to runs of exactly four and sets of exactly three, each keeping a
// natural card; the trimmed cards stay in hand, which T7 allows. So a hand can go down when
// some `runs` windows of four numbers in one colour and `sets` numbers have at most as many
// missing cards as the hand has Rooks, every meld holding a natural card. Given the windows,
// natural cards go to the runs first (in a run a card saves a Rook; moved to a set it saves
// at most one), and the sets are then best made greedily from what is left (each number's
// extra sets cost 0, 0, .., then 1 or 2, then 3 Rooks each: costs only grow).
// With at most two Rooks every window used has two natural cards, every set one of what the
// runs left, so the search over windows below is exact; with more Rooks a natural card may
// do better moved from a run to a set, and the sweep answers instead.
constexpr int kQuickMaxRooks = 2;

class MinimalMelds {
 public:
  MinimalMelds(const FaceCounts& hand, Contract contract)
      : rooks_(hand.rooks()), runs_(contract.runs), sets_(contract.sets) {
    const uint64_t held = hand.held();
    for (int c = 0; c < kRookColours; ++c) {
      const uint8_t* counts = hand.n + rook_face(c, 1);
      // Capped: no contract uses more than 15 cards of one face, and int8_t must hold them.
      for (int number = 1; number <= kRookNumbers; ++number)
        left_[c][number] = int8_t(std::min<int>(counts[number - 1], 15));
      const unsigned present = unsigned(held >> rook_face(c, 1)) & ((1u << kRookNumbers) - 1);
      present_[c] = uint16_t(present);
      if (runs_ == 0) continue;
      // A window can be in the contract only if the Rooks can fill what it misses: bit
      // low - 1 of `starts` for the window low..low + 3 holding 4 - rooks_ numbers or more.
      const unsigned a = present, b = present >> 1, c2 = present >> 2, d = present >> 3;
      const unsigned starts = (rooks_ == 0   ? a & b & c2 & d
                               : rooks_ == 1 ? (a & b & (c2 | d)) | (c2 & d & (a | b))
                               : rooks_ == 2 ? (a | b | c2 | d) & ~only_one(a, b, c2, d)
                                             : a | b | c2 | d) &
                              ((1u << (kRookNumbers - kMinRun + 1)) - 1);
      for (unsigned w = starts; w; w &= w - 1)
        windows_[window_count_++] = Window{uint8_t(c), uint8_t(std::countr_zero(w) + 1)};
    }
  }

  // Whether the search is exact (few enough Rooks).
  bool applies() const { return rooks_ <= kQuickMaxRooks; }

  // Whether the contract can be laid down; if so and `out` is not NULL, an arrangement.
  bool solve(Arrangement* out) {
    if (!choose_runs(0, 0, 0)) return false;
    if (out) build(out);
    return true;
  }

  // With more Rooks than applies() allows: some valid arrangement of minimal melds, or false
  // when none is met within `tries` windows tried (one may exist all the same).
  bool try_solve(Arrangement* out, int tries) {
    tries_left_ = tries;
    return solve(out);
  }

 private:
  struct Window {
    uint8_t colour, low;
  };

  // Bits set in exactly one of the four masks.
  static unsigned only_one(unsigned a, unsigned b, unsigned c, unsigned d) {
    return (a & ~b & ~c & ~d) | (~a & b & ~c & ~d) | (~a & ~b & c & ~d) | (~a & ~b & ~c & d);
  }

  // Chooses the runs from windows_[first..] (a multiset: the same window may serve twice).
  bool choose_runs(int first, int depth, int rooks_used) {
    if (depth == runs_ || depth == kMaxContractRuns) return sets_fit(rooks_used);  // runs_ <= 4
    for (int i = first; i < window_count_ && tries_left_ > 0; ++i) {
      --tries_left_;
      const Window w = windows_[i];
      const int filled = bits4(present_[w.colour] >> (w.low - 1));
      const int rooks = rooks_used + kMinRun - filled;
      // Each run needs a natural card of its own (the earlier windows may have taken them;
      // only with four Rooks or more could the budget allow a run of Rooks alone).
      if (rooks > rooks_ || filled == 0) continue;
      take(w, -1);
      chosen_[depth] = uint8_t(i);
      if (choose_runs(i, depth + 1, rooks)) return true;
      take(w, +1);
    }
    return false;
  }

  // Takes (-1) or gives back (+1) one card of each number of the window.
  void take(Window w, int delta) {
    for (int number = w.low; number < w.low + kMinRun; ++number) {
      int8_t& k = left_[w.colour][number];
      k = int8_t(k + delta);
      if (k > 0)
        present_[w.colour] = uint16_t(present_[w.colour] | 1u << (number - 1));
      else
        present_[w.colour] = uint16_t(present_[w.colour] & ~(1u << (number - 1)));
    }
  }

  int left_of_number(int number) const {
    int k = 0;
    for (int c = 0; c < kRookColours; ++c) k += std::max(0, int(left_[c][number]));
    return k;
  }

  // Can the cards the runs left make the sets with the Rooks still free?
  bool sets_fit(int rooks_used) const {
    if (sets_ == 0) return true;
    int free_sets = 0, short_one = 0, short_two = 0, spare = 0;
    for (int number = 1; number <= kRookNumbers; ++number) {
      const int k = left_of_number(number);
      free_sets += k / 3;
      short_one += k % 3 == 2;
      short_two += k % 3 == 1;
      spare += k - k / 3 - (k % 3 ? 1 : 0);  // natural cards for sets of one card and 2 Rooks
    }
    int need = sets_ - free_sets, rooks = rooks_used;
    for (const auto& [available, cost] : {std::pair{short_one, 1}, {short_two, 2}, {spare, 3}}) {
      if (need <= 0) break;
      const int made = std::min(need, available);
      need -= made;
      rooks += made * cost;
    }
    return need <= 0 && rooks <= rooks_;
  }

  // The arrangement: the chosen windows, replayed in order so that each takes a natural
  // card wherever one is left before it (as choose_runs counted), then the sets.
  void build(Arrangement* out) const {
    out->count = 0;
    int8_t have[kRookColours][kRookNumbers + 1];
    std::memcpy(have, left_, sizeof have);
    for (int d = 0; d < runs_; ++d) {
      const Window w = windows_[chosen_[d]];
      for (int number = w.low; number < w.low + kMinRun; ++number) ++have[w.colour][number];
    }
    for (int d = 0; d < runs_; ++d) {
      const Window w = windows_[chosen_[d]];
      Meld m;
      m.kind = MeldKind::run;
      m.colour = w.colour;
      m.low = w.low;
      m.high = uint8_t(w.low + kMinRun - 1);
      for (int number = w.low; number <= m.high; ++number) {
        if (have[w.colour][number] > 0) {
          --have[w.colour][number];
        } else {
          m.rooks_at = uint16_t(m.rooks_at | 1u << (number - 1));
          ++m.rooks;
        }
      }
      out->melds[out->count++] = m;
    }
    // How many sets of each number, in the order sets_fit counted them.
    int sets_of[kRookNumbers + 1] = {};
    int left[kRookNumbers + 1] = {};
    for (int number = 1; number <= kRookNumbers; ++number) left[number] = left_of_number(number);
    int need = sets_;
    for (int number = 1; number <= kRookNumbers && need; ++number) {
      sets_of[number] = std::min(need, left[number] / 3);
      need -= sets_of[number];
    }
    for (const int rest : {2, 1})
      for (int number = 1; number <= kRookNumbers && need; ++number)
        if (left[number] % 3 == rest) ++sets_of[number], --need;
    for (int number = 1; number <= kRookNumbers && need; ++number) {
      const int k = left[number];
      const int spare = std::min(need, k - k / 3 - (k % 3 ? 1 : 0));
      sets_of[number] += spare;
      need -= spare;
    }
    assert(need == 0);
    for (int number = 1; number <= kRookNumbers; ++number) {
      const int t = sets_of[number];
      if (t == 0) continue;
      // Dealt round the sets so each holds a natural card and none more than three.
      Meld* sets = out->melds + out->count;
      for (int i = 0; i < t; ++i) {
        sets[i] = Meld{};
        sets[i].kind = MeldKind::set;
        sets[i].low = sets[i].high = uint8_t(number);
      }
      int placed = 0;
      const int to_place = std::min(left[number], kMinSet * t);
      for (int c = 0; c < kRookColours; ++c)
        for (int j = 0; j < have[c][number] && placed < to_place; ++j, ++placed)
          ++sets[placed % t].naturals[c];
      for (int i = 0; i < t; ++i) sets[i].rooks = uint8_t(kMinSet - sets[i].size());
      out->count = uint8_t(out->count + t);
    }
  }

  int8_t left_[kRookColours][kRookNumbers + 1];  // natural cards not in a chosen run (< 0: short)
  uint16_t present_[kRookColours];               // bit number - 1: left_ > 0
  Window windows_[kRookColours * kRookNumbers];
  int window_count_ = 0;
  int tries_left_ = 1 << 30;  // try_solve's limit
  uint8_t chosen_[kMaxContractRuns] = {};
  const int rooks_, runs_, sets_;
};

}  // namespace

namespace {
bool find(const FaceCounts& hand, Contract contract, int max_cost, bool cheapest, Arrangement* out,
          bool mirrored = false) {
  if (!supported(contract)) return false;
  Problem p;
  make_problem(hand, contract, mirrored, &p);
  Workspace& ws = workspace();
  const int best =
      cheapest ? sweep(p, ws, max_cost, &path_decisions()) : DepthFirst(p, ws, max_cost).run();
  if (best < 0) return false;
  if (out) {
    rebuild(p, hand, ws, best, max_cost, &path_decisions(), out);
    // (Mirrored, the points are counted again once the melds are turned back.)
    assert(mirrored || out->leftover_points >= ws.layer[kCloseStep][best].cost);
  }
  return true;
}

// The hand with number n as 15 - n, and back.
FaceCounts mirror(const FaceCounts& hand) {
  FaceCounts out;
  for (int c = 0; c < kRookColours; ++c)
    for (int n = 1; n <= kRookNumbers; ++n)
      out.n[rook_face(c, kRookNumbers + 1 - n)] = hand.n[rook_face(c, n)];
  out.n[kRook] = hand.n[kRook];
  return out;
}
void mirror(Meld* m) {
  const int low = m->low, high = m->high;
  m->low = uint8_t(kRookNumbers + 1 - high);
  m->high = uint8_t(kRookNumbers + 1 - low);
  uint16_t rooks_at = 0;
  for (int n = 1; n <= kRookNumbers; ++n)
    if ((m->rooks_at >> (n - 1)) & 1) rooks_at = uint16_t(rooks_at | 1u << (kRookNumbers - n));
  m->rooks_at = rooks_at;
}

// The cheapest arrangement by the sweep over the mirrored hand.
bool find_mirrored(const FaceCounts& hand, Contract contract, int max_cost, Arrangement* out) {
  if (!find(mirror(hand), contract, max_cost, true, out, true)) return false;
  if (out) {
    for (int i = 0; i < out->count; ++i) mirror(&out->melds[i]);
    finish_arrangement(hand, out);
  }
  return true;
}

}  // namespace

namespace {

// The first arrangement that minimal melds meet, with what it leaves laid off on its own melds
// while any card fits: an upper bound on the fewest points. False when minimal melds find
// none; *exact then says whether that proves the hand cannot (at most two Rooks) or only that
// the tries ran out.
bool quick_arrangement(const FaceCounts& hand, Contract contract, Arrangement* quick, bool* exact) {
  MinimalMelds minimal(hand, contract);
  constexpr int kTries = 512;
  *exact = minimal.applies();
  if (*exact ? !minimal.solve(quick) : !minimal.try_solve(quick, kTries)) return false;
  finish_arrangement(hand, quick);
  for (bool laid = true; laid && quick->leftover_points > 0;) {
    LayOff offer;
    laid = find_lay_offs(quick->leftover, quick->melds, quick->count, &offer, 1) > 0;
    if (laid) {
      [[maybe_unused]] const Reason r =
          lay_off(&quick->melds[offer.meld], offer.face, offer.end, nullptr);
      assert(r == Reason::ok);
      quick->leftover.remove(offer.face);
      quick->leftover_points = uint16_t(penalty_points(quick->leftover));
    }
  }
  return true;
}

// The cheapest arrangement, computed (find_contract asks the memo below first).
bool compute_cheapest(const FaceCounts& hand, Contract contract, Arrangement* out) {
  if (!supported(contract)) return false;
  // With at most two Rooks, minimal melds (exact and fast) answer "no" at once, and their
  // arrangement bounds the fewest points from above: the sweep then drops every state that
  // costs more. With more Rooks, minimal melds met within a few hundred windows tried still
  // bound it.
  Arrangement quick;
  bool exact = false;
  if (!quick_arrangement(hand, contract, &quick, &exact)) {
    if (exact) return false;
    return find_mirrored(hand, contract, 0xFFFF, out);  // the sweep, unbounded
  }
  if (quick.leftover_points == 0) {  // nothing left: nothing is cheaper
    if (out) *out = quick;
    return true;
  }
  // The sweep runs from 14 down: the costlier high cards left in hand meet the bound first.
  if (find_mirrored(hand, contract, quick.leftover_points, out)) return true;
  assert(false && "the sweep finds at least the quick arrangement's cost");
  if (out) *out = quick;
  return true;
}

// Recent answers of find_contract, which is a pure function asked again and again for the
// same hands: a bot's round-11 discard keys ask it for the hand without each card, and its
// next take decision asks those hands again; a search plays every candidate from the same
// deal, so its playouts meet the same hands. Direct-mapped, one per thread on the heap
// (see Workspace), keyed by the whole hand and the contract.
struct CheapestMemo {
  static constexpr int kBits = 12;
  struct Slot {
    FaceCounts hand;
    Contract contract;
    bool used = false;
    bool found = false;
    Arrangement arrangement;
  };
  Slot slots[1 << kBits];

  static uint32_t slot_of(const FaceCounts& hand, Contract contract) {
    uint64_t words[(kRookFaces + 7) / 8] = {};
    std::memcpy(words, hand.n, sizeof hand.n);
    uint64_t h = 0x9E3779B97F4A7C15ull ^ (uint64_t(contract.runs) << 8 | contract.sets);
    for (const uint64_t w : words) h = (h ^ w) * 0xFF51AFD7ED558CCDull;
    return uint32_t((h ^ h >> 29) >> (64 - kBits));
  }
};

CheapestMemo& cheapest_memo() {
  thread_local std::unique_ptr<CheapestMemo> memo;
  if (!memo) memo.reset(new CheapestMemo);
  return *memo;
}

[[maybe_unused]] bool same_arrangement(const Arrangement& a, const Arrangement& b) {
  if (a.count != b.count || a.leftover_points != b.leftover_points || a.leftover != b.leftover)
    return false;
  for (int m = 0; m < a.count; ++m) {
    const Meld &x = a.melds[m], &y = b.melds[m];
    if (x.kind != y.kind || x.colour != y.colour || x.low != y.low || x.high != y.high ||
        x.rooks_at != y.rooks_at || x.rooks != y.rooks ||
        std::memcmp(x.naturals, y.naturals, sizeof x.naturals) != 0)
      return false;
  }
  return true;
}

}  // namespace

bool find_contract(const FaceCounts& hand, Contract contract, Arrangement* out) {
  CheapestMemo::Slot& slot = cheapest_memo().slots[CheapestMemo::slot_of(hand, contract)];
  if (!slot.used || slot.contract != contract || slot.hand != hand) {
    slot.found = compute_cheapest(hand, contract, &slot.arrangement);
    slot.hand = hand;
    slot.contract = contract;
    slot.used = true;
  } else {
#ifndef NDEBUG
    // The memo answers as the finder would: every 8th answer it gives is computed again (all
    // of them would make the debug and sanitizer test runs pay the finder twice per question;
    // tests/test_toonerville_melds.cpp compares every answer against the finder as well).
    thread_local unsigned hits = 0;
    if (++hits % 8 == 0) {
      Arrangement again;
      const bool found = compute_cheapest(hand, contract, &again);
      assert(found == slot.found);
      assert(!found || same_arrangement(again, slot.arrangement));
    }
#endif
  }
  if (slot.found && out) *out = slot.arrangement;
  return slot.found;
}

bool find_any_contract(const FaceCounts& hand, Contract contract, Arrangement* out) {
  if (supported(contract)) {
    MinimalMelds minimal(hand, contract);
    if (minimal.applies()) {
      if (!minimal.solve(out)) return false;
      if (out) finish_arrangement(hand, out);
      return true;
    }
  }
  return find(hand, contract, 0xFFFF, false, out);
}

bool find_whole_hand(const FaceCounts& hand, Arrangement* out) {
  // Cheap necessary tests first: they turn most hands away.
  if (!detail::may_meet_contract(hand, Contract{2, 2}, true)) return false;
  // Only arrangements that leave no natural card can do; spare Rooks always find a set. Any
  // such arrangement is as good as another (nothing is left), so the first one found serves.
  Arrangement a;
  if (!find(hand, Contract{2, 2}, 0, false, &a) || !a.leftover.empty()) return false;
  if (out) *out = a;
  return true;
}

}  // namespace deckhand::toonerville

namespace deckhand::toonerville::detail {

int cheapest_points_within(const FaceCounts& hand, Contract contract, int at_most,
                           Arrangement* out) {
  at_most = std::min(at_most, 0xFFFF);
  const CheapestMemo::Slot& slot = cheapest_memo().slots[CheapestMemo::slot_of(hand, contract)];
  if (slot.used && slot.contract == contract && slot.hand == hand) {
    if (!slot.found || slot.arrangement.leftover_points > at_most) return -1;
    if (out) *out = slot.arrangement;
    return slot.arrangement.leftover_points;
  }
  if (at_most < 0 || !supported(contract)) return -1;
  // As compute_cheapest, with the sweep bounded by at_most as well: states that cost more
  // are dropped at once, and a quick arrangement within the bound may still be beaten.
  Arrangement quick, best;
  bool exact = false;
  const Arrangement* found = nullptr;
  if (quick_arrangement(hand, contract, &quick, &exact)) {
    if (quick.leftover_points == 0)
      found = &quick;
    else if (find_mirrored(hand, contract, std::min<int>(quick.leftover_points, at_most), &best))
      found = &best;
  } else if (!exact && find_mirrored(hand, contract, at_most, &best)) {
    found = &best;
  }
  if (!found || found->leftover_points > at_most) return -1;
  if (out) *out = *found;
  return found->leftover_points;
}

bool find_contract_unmemoised(const FaceCounts& hand, Contract contract, Arrangement* out) {
  return compute_cheapest(hand, contract, out);
}

bool find_any_by_search(const FaceCounts& hand, Contract contract, Arrangement* out) {
  return find(hand, contract, 0xFFFF, false, out);
}

namespace {

// Bits set in a 16-bit mask (a table per nibble: no popcount instruction is assumed).
int bit_count(unsigned mask) {
  return bits4(mask) + bits4(mask >> 4) + bits4(mask >> 8) + bits4(mask >> 12);
}

// Whether the card of `number` in a colour whose present numbers are `present` (bit n-1)
// can be in a run: some four consecutive numbers around it hold, with the Rooks, four cards.
bool runnable(uint16_t present, int number, int rooks) {
  for (int low = std::max(1, number - 3); low <= std::min(number, kRookNumbers - 3); ++low)
    if (bits4(present >> (low - 1)) + rooks >= kMinRun) return true;
  return false;
}

// Most runs of one colour without Rooks: runs of exactly four cards placed greedily from the
// lowest number (optimal for intervals of one length), one copy of a number per run.
int most_runs_without_rooks(const uint8_t* copies) {
  uint8_t left[kRookNumbers + 1];
  std::memcpy(left, copies, sizeof left);
  int runs = 0;
  for (int low = 1; low + kMinRun - 1 <= kRookNumbers; ++low) {
    int k = left[low];
    for (int n = low + 1; n < low + kMinRun; ++n) k = std::min(k, int(left[n]));
    for (int n = low; n < low + kMinRun; ++n) left[n] = uint8_t(left[n] - k);
    runs += k;
  }
  return runs;
}

// T11's two runs and two sets with set numbers a <= b (a == b: two sets of one number), as
// far as cheap bounds tell: every natural card of another number is in a run, and there are
// two runs, so at most two colours hold such cards (one holding two copies of a number needs
// both runs); a colour with one run fills the gaps between its cards with Rooks; the sets
// need Rooks where their number has fewer than three cards each.
bool whole_hand_split_may_work(const uint8_t copies[kRookColours][kRookNumbers + 1],
                               const uint16_t present[kRookColours], const int* by_number,
                               int rooks, int a, int b) {
  if (by_number[a] < (a == b ? 2 : 1) || by_number[b] < 1) return false;
  int need = a == b ? std::max(0, 2 * kMinSet - by_number[a])
                    : std::max(0, kMinSet - by_number[a]) + std::max(0, kMinSet - by_number[b]);
  const uint16_t set_numbers = uint16_t((1u << (a - 1)) | (1u << (b - 1)));
  int needy = 0;
  bool two_runs_in_one_colour = false;
  uint16_t required[kRookColours];
  for (int c = 0; c < kRookColours; ++c) {
    required[c] = uint16_t(present[c] & ~set_numbers);
    if (!required[c]) continue;
    ++needy;
    for (int number = 1; number <= kRookNumbers; ++number) {
      if (!((required[c] >> (number - 1)) & 1)) continue;
      if (copies[c][number] >= 3) return false;
      two_runs_in_one_colour = two_runs_in_one_colour || copies[c][number] == 2;
    }
  }
  if (needy > 2 || (two_runs_in_one_colour && needy > 1)) return false;
  if (needy == 2) {  // one run in each of the two colours: it spans its required cards
    for (int c = 0; c < kRookColours; ++c) {
      if (!required[c]) continue;
      const int low = std::countr_zero(unsigned(required[c]));
      const int high = 31 - std::countl_zero(unsigned(required[c]));
      const unsigned span = ((2u << high) - 1) & ~((1u << low) - 1);
      need += (high - low + 1) - bit_count(present[c] & span);
    }
  }
  return need <= rooks;
}

// T11 with two runs and two sets: some choice of the set numbers passes the bounds above.
// Only choices that leave at most two colours' cards to the runs are tried: the colours
// cleared must hold at most two numbers between them, and those are the set numbers.
bool whole_hand_may_split(const uint8_t copies[kRookColours][kRookNumbers + 1],
                          const uint16_t present[kRookColours], const int* by_number, int rooks) {
  for (int runs_colours = 0; runs_colours < (1 << kRookColours); ++runs_colours) {
    if (bit_count(unsigned(runs_colours)) > 2) continue;
    uint16_t cleared = 0;
    for (int c = 0; c < kRookColours; ++c)
      if (!((runs_colours >> c) & 1)) cleared = uint16_t(cleared | present[c]);
    const int fixed = bit_count(cleared);
    if (fixed > 2) continue;
    const int first = fixed ? std::countr_zero(unsigned(cleared)) + 1 : 0;
    const int second = fixed == 2 ? 31 - std::countl_zero(unsigned(cleared)) + 1 : 0;
    for (int a = 1; a <= kRookNumbers; ++a)
      for (int b = a; b <= kRookNumbers; ++b) {
        if (fixed == 2 && (a != first || b != second)) continue;
        if (fixed == 1 && a != first && b != first) continue;
        if (whole_hand_split_may_work(copies, present, by_number, rooks, a, b)) return true;
      }
  }
  return false;
}

}  // namespace

// Each test ignores what the other kind of meld takes, so each is a necessary condition.
bool may_meet_contract(const FaceCounts& hand, Contract contract, bool whole_hand) {
  const int rooks = hand.rooks();
  const int total = hand.total();
  if (total < kMinRun * contract.runs + kMinSet * contract.sets) return false;
  int by_number[kRookNumbers + 1] = {};
  uint8_t copies[kRookColours][kRookNumbers + 1] = {};
  uint16_t present[kRookColours];
  const uint64_t held = hand.held();
  for (int c = 0; c < kRookColours; ++c) {
    std::memcpy(copies[c] + 1, hand.n + rook_face(c, 1), kRookNumbers);
    present[c] = uint16_t((held >> rook_face(c, 1)) & ((1u << kRookNumbers) - 1));
    for (int number = 1; number <= kRookNumbers; ++number) by_number[number] += copies[c][number];
  }
  // Round 11's strongest test first: it rejects most hands at once.
  if (whole_hand && contract.runs == 2 && contract.sets == 2 &&
      !whole_hand_may_split(copies, present, by_number, rooks))
    return false;
  if (contract.sets) {
    // Most sets, by the cheapest Rooks first: three naturals of a number make a set for free;
    // a pair makes one with a Rook, a single card with two; any natural beyond those makes
    // one more set with three Rooks (each set needs a natural card; costs only grow).
    int sets = 0, pairs = 0, singles = 0, spare_naturals = 0;
    for (int number = 1; number <= kRookNumbers; ++number) {
      const int k = by_number[number];
      sets += k / 3;
      pairs += k % 3 == 2;
      singles += k % 3 == 1;
      spare_naturals += k - k / 3 - (k % 3 ? 1 : 0);
    }
    int left = rooks;
    const int with_one = std::min(pairs, left);
    left -= with_one;
    const int with_two = std::min(singles, left / 2);
    left -= 2 * with_two;
    sets += with_one + with_two + std::min(spare_naturals, left / 3);
    if (sets < contract.sets) return false;
  }
  if (contract.runs) {
    // Most runs: exact per colour without Rooks; with one Rook, the best colour and number
    // for it; with more, four cards each (one natural at least) in a colour that has a window
    // of four numbers the Rooks can complete.
    int runs = 0, without[kRookColours] = {};
    if (rooks <= 1) {
      for (int c = 0; c < kRookColours; ++c)
        runs += without[c] = most_runs_without_rooks(copies[c]);
      // One Rook adds at most one run; try it only where it completes a window of four, and
      // only when the runs without it fall short.
      bool gained = false;
      for (int c = 0; c < kRookColours && rooks && runs < contract.runs && !gained; ++c)
        for (int number = 1; number <= kRookNumbers && !gained; ++number) {
          if (!runnable(present[c], number, 1)) continue;
          uint8_t with[kRookNumbers + 1];
          std::memcpy(with, copies[c], sizeof with);
          ++with[number];  // the Rook standing in at `number`
          gained = most_runs_without_rooks(with) > without[c];
        }
      runs += gained;
    }
    for (int c = 0; c < kRookColours && rooks > 1; ++c) {
      int cards = 0;
      bool window = false;
      for (int number = 1; number <= kRookNumbers; ++number) {
        cards += copies[c][number];
        window = window || (copies[c][number] && runnable(present[c], number, rooks));
      }
      if (window) runs += std::min(cards, (cards + rooks) / kMinRun);
    }
    if (runs < contract.runs) return false;
  }
  if (whole_hand) {
    // Every natural card is in a run or a set: a card no run can take is in one of the (at
    // most kMaxContractSets) sets, whose numbers need three cards each with the Rooks.
    int set_numbers = 0;
    for (int number = 1; number <= kRookNumbers; ++number) {
      bool must_set = false;
      for (int c = 0; c < kRookColours && !must_set; ++c)
        must_set =
            copies[c][number] && (contract.runs == 0 || !runnable(present[c], number, rooks));
      if (!must_set) continue;
      if (contract.sets == 0 || by_number[number] + rooks < kMinSet) return false;
      ++set_numbers;
    }
    if (set_numbers > contract.sets) return false;
  }
  return true;
}

}  // namespace deckhand::toonerville::detail
