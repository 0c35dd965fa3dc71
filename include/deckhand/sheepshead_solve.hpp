// deckhand — Sheepshead's open-hand solver: Solver::card_values for its State (deckhand/solve.hpp
// says what it gives; docs/bots.md, "Open-hand solvers").
#pragma once

#include "deckhand/sheepshead.hpp"
#include "deckhand/solve.hpp"

namespace deckhand::solve {

template <>
Reason Solver::card_values(const sheepshead::State& s, CardValue* out, int* count, Error* err);

}  // namespace deckhand::solve
