// Deals consistent with a seat's view (internal header; the public entry point is
// bots::sample_consistent in include/deckhand/bots.hpp). docs/bots.md lists what each game's
// sampler takes into account.
//
// Each game's sampler reads the true state once (init) to learn what the seat knows: its own
// cards, the cards it has seen played, buried, swapped or melded, the suits others have shown
// they lack, and how many hidden cards each holder has. sample() then draws, uniformly over
// every assignment of the hidden cards that matches all of it, a complete state that differs
// from the true one in hidden cards only, so the seat's view of it is the same.
#pragma once

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "deckhand/ghost_euchre.hpp"
#include "deckhand/rng.hpp"
#include "deckhand/sheepshead.hpp"
#include "deckhand/toonerville.hpp"

namespace deckhand::bots::detail {

// Uniform assignment of hidden cards to holders (hands, the ghost hand, the blind, ...), each
// holder taking a fixed number, each card allowed only to some holders (a void excludes a
// hand from a suit). Cards with the same set of allowed holders are interchangeable, so the
// number of assignments is a sum over how many cards of each such class go to each holder,
// which a memoised recursion over the classes counts exactly; sampling walks the classes
// choosing each split with probability proportional to the assignments it leaves.
class HiddenDeal {
 public:
  static constexpr int kMaxHolders = 8;

  void reset(int holders);
  void set_need(int holder, int count) { need_[holder] = count; }
  // A hidden card (a card code) and the holders it may go to (bit h: holder h).
  void add_card(uint8_t card, uint32_t allowed);
  // Counts the assignments; false when there is none.
  bool prepare();
  // Draws one assignment: out[h] receives holder h's cards.
  void sample(PortableRng& rng, CardSet out[kMaxHolders]) const;
  double assignments() const { return total_; }

 private:
  struct Class {
    uint32_t allowed;
    std::vector<uint8_t> cards;
  };
  // Needs left per holder, four bits each.
  using Left = uint32_t;
  double count(size_t cls, Left left) const;
  // Calls f(split, weight) for every way to give the cards of class `cls` to its holders
  // within `left`; split[h] = cards to holder h, weight = the multinomial coefficient.
  template <typename F>
  void for_each_split(size_t cls, Left left, F&& f) const;

  int holders_ = 0;
  int need_[kMaxHolders] = {};
  std::vector<Class> classes_;
  double total_ = 0;
  mutable std::unordered_map<uint64_t, double> memo_;
};

class EuchreSampler {
 public:
  // False when the seat cannot be sampled for (no seat, or nothing consistent: a bug).
  bool init(const ghost_euchre::State& s, int seat);
  void sample(PortableRng& rng, ghost_euchre::State* out) const;

 private:
  ghost_euchre::State base_{};
  HiddenDeal deal_;
  int holder_of_[ghost_euchre::kPlayers + 1] = {};  // seats, then the spare; -1: known
};

class SheepsheadSampler {
 public:
  bool init(const sheepshead::State& s, int seat);
  // Draws until the picker's hold card is in its hand (S7, S8); false when none turns up.
  bool sample(PortableRng& rng, sheepshead::State* out) const;

 private:
  bool holds_hold_card(const sheepshead::State& s) const;
  sheepshead::State base_{};
  HiddenDeal deal_;
  // Holders: seats 0-4, then the blind, the bury and the unknown; -1: known to the seat.
  int holder_of_[sheepshead::kPlayers + 3] = {};
  bool check_hold_ = false;
};

class ToonervilleSampler {
 public:
  bool init(const toonerville::State& s, int seat);
  void sample(PortableRng& rng, toonerville::State* out) const;

 private:
  toonerville::State base_{};
  int seat_ = 0;
  FaceCounts known_;            // cards of the seat to act that the seat saw it take
  std::vector<RookFace> pool_;  // the other faces of other hands, and the stock
};

}  // namespace deckhand::bots::detail
