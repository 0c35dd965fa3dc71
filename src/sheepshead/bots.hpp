// Sheepshead's pieces of the bots (internal header): the consistent-deal sampler
// (sampler.cpp), hung on the game's descriptor by extensions.cpp.
#pragma once

#include <cstdint>

#include "../bots/consistent.hpp"
#include "deckhand/bots.hpp"
#include "deckhand/sheepshead.hpp"

namespace deckhand::bots::detail {

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

// The expert's inference weight of the sampled deal `world` for `seat`
// (src/bots/expert_search.hpp): how likely the other seats' decisions this hand are on it under the
// softened basic policy.
double sheepshead_inference_weight(const sheepshead::State& world, int seat);

// A lapse of the ladder's levels 1 and 2 (bot.cpp): picks on hope (three trumps, or two
// with a queen), leads its best card whatever its side, and follows having forgotten who its
// partner is and the trick's later cards.
sheepshead::Action sheepshead_lapse(const sheepshead::View& v, const sheepshead::Action* legal,
                                    int count, PortableRng& rng);

// The personas of the heuristic levels (bot.cpp): their names, null-terminated, and the card a
// persona (1-based) plays where `basic` chose `chosen`.
extern const char* const kSheepsheadPersonas[];
sheepshead::Action sheepshead_persona(const sheepshead::View& v, const sheepshead::Action* legal,
                                      int count, int persona, sheepshead::Action chosen);

}  // namespace deckhand::bots::detail
