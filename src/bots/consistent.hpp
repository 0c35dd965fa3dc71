// Deals consistent with a seat's view (internal header; the public entry point is
// bots::sample_consistent in include/deckhand/bots.hpp). docs/bots.md lists what each game's
// sampler (src/<game>/sampler.cpp) takes into account.
//
// Each game's sampler reads the true state once (init) to learn what the seat knows: its own
// cards, the cards it has seen played, buried, swapped or melded, the suits others have shown
// they lack, and how many hidden cards each holder has. sample() then draws, uniformly over
// every assignment of the hidden cards that matches all of it, a complete state that differs
// from the true one in hidden cards only, so the seat's view of it is the same.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <unordered_map>
#include <vector>

#include "deckhand/cards.hpp"
#include "deckhand/game.hpp"
#include "deckhand/rng.hpp"

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

// GameExtensions::sample_consistent of a game whose Sampler has init(state, seat) -> bool and
// sample(rng, &state) (-> bool when a draw can fail): the sampled state's image.
template <typename Sampler, typename State, size_t kImageSize>
bool sample_image(const Game& game, int seat, PortableRng& rng, std::vector<uint8_t>* image) {
  Sampler sampler;
  State s;
  if (!sampler.init(*static_cast<const State*>(game.state_data()), seat)) return false;
  if constexpr (std::is_void_v<decltype(sampler.sample(rng, &s))>)
    sampler.sample(rng, &s);
  else if (!sampler.sample(rng, &s))
    return false;
  image->resize(kImageSize);
  serialize(s, image->data(), kImageSize);  // the game's own, found by argument
  return true;
}

}  // namespace deckhand::bots::detail
