// The `strong` level's search (internal header; strong_search.hpp defines it).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "consistent.hpp"
#include "deckhand/bots.hpp"
#include "deckhand/solve.hpp"

namespace deckhand::bots::detail {

// The card play's budget of solver positions (counted, not timed, so that a seed gives the
// same choices on any machine; about 7 million positions a second in the release build):
// a sample whose solve would take more than kSolveNodesPerSample is played out by rollouts
// instead, and once a decision has spent kSolveNodesPerDecision every further sample is.
// Only Sheepshead's first tricks come near them (docs/bots.md, "Speed").
inline constexpr uint64_t kSolveNodesPerSample = 50000;
inline constexpr uint64_t kSolveNodesPerDecision = 250000;

// The strong choice among legal[0..n) for the seat to act (Rules: a trick-taking game's bot
// traits, strong_search.hpp). In the play, each sample is solved open-hand by `solver` (the bot's
// own, kept between decisions); other decisions, and samples over the node budget, are played out
// by rollouts.
template <typename Rules>
typename Rules::Action strong_trick_taking(const typename Rules::State& s, int seat,
                                           const typename Rules::Action* legal, int n,
                                           const Budget& budget, PortableRng& rng,
                                           solve::Solver& solver);

}  // namespace deckhand::bots::detail
