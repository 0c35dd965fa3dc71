// deckhand — Ghost Hand Euchre's open-hand solver: Solver::card_values for its State
// (deckhand/solve.hpp says what it gives; docs/bots.md, "Open-hand solvers").
#pragma once

#include "deckhand/ghost_euchre.hpp"
#include "deckhand/solve.hpp"

namespace deckhand::solve {

template <>
Reason Solver::card_values(const ghost_euchre::State& s, CardValue* out, int* count, Error* err);

}  // namespace deckhand::solve
