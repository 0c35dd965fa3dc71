// The `strong` level's search (internal header; src/bots/strong.cpp).
#pragma once

#include <cstddef>
#include <cstdint>

#include "deckhand/bots.hpp"

namespace deckhand::bots::detail {

// Deals searched per decision when the bot's options give no `samples` (docs/bots.md: chosen
// for a median decision under 50 ms in the release build).
struct DefaultSamples {
  uint32_t ghost_euchre;
  uint32_t sheepshead;
  uint32_t toonerville;
};
inline constexpr DefaultSamples kDefaultSamples{128, 48, 8};
// Toonerville: the discards searched, the basic bot's first choices.
inline constexpr size_t kToonervilleDiscards = 3;

ghost_euchre::Action strong_euchre(const ghost_euchre::State& s, int seat,
                                   const ghost_euchre::Action* legal, int n, const Budget& budget,
                                   PortableRng& rng);
sheepshead::Action strong_sheepshead(const sheepshead::State& s, int seat,
                                     const sheepshead::Action* legal, int n, const Budget& budget,
                                     PortableRng& rng);
// The take-or-draw choice and the discard; false when the decision is not one of them (the
// basic bot decides it).
bool strong_toonerville(const toonerville::State& s, int seat, const toonerville::Action* legal,
                        int n, const Budget& budget, PortableRng& rng, toonerville::Action* out);

}  // namespace deckhand::bots::detail
