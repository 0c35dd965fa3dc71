// Toonerville Rook's pieces of the bots (internal header): the consistent-deal sampler
// (sampler.cpp) and the strong search (strong.cpp), hung on the game's descriptor by
// extensions.cpp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "../bots/consistent.hpp"
#include "deckhand/bots.hpp"
#include "deckhand/toonerville.hpp"

namespace deckhand::bots::detail {

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

// Deals searched per decision when the bot's options give no `samples` (docs/bots.md: chosen
// for a median decision under 50 ms in the release build).
inline constexpr uint32_t kToonervilleDefaultSamples = 8;
// The discards searched, the basic bot's first choices.
inline constexpr size_t kToonervilleDiscards = 3;

// The strong level's take-or-draw choice and discard (strong.cpp); false when the decision is
// not one of them (the basic bot decides it).
bool strong_toonerville(const toonerville::State& s, int seat, const toonerville::Action* legal,
                        int n, const Budget& budget, PortableRng& rng, toonerville::Action* out);

}  // namespace deckhand::bots::detail
