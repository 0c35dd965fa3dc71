// Ghost Hand Euchre's pieces of the bots (internal header): the consistent-deal sampler
// (sampler.cpp), hung on the game's descriptor by extensions.cpp.
#pragma once

#include <cstdint>

#include "../bots/consistent.hpp"
#include "deckhand/bots.hpp"
#include "deckhand/ghost_euchre.hpp"

namespace deckhand::bots::detail {

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

// The expert's inference weight of the sampled deal `world` for `seat`
// (src/bots/expert_search.hpp): how likely the other seats' decisions this hand are on it under the
// softened basic policy.
double euchre_inference_weight(const ghost_euchre::State& world, int seat);

// A lapse of the ladder's levels 1 and 2 (bot.cpp): the bid on hope (a trick more than the
// hand holds), the card with the trick's later plays forgotten.
ghost_euchre::Action euchre_lapse(const ghost_euchre::View& v, const ghost_euchre::Action* legal,
                                  int count, PortableRng& rng);

}  // namespace deckhand::bots::detail
