// The open-hand solver (deckhand/solve.hpp): its table and node budget. The positions and
// each game's card_values are the games' own (src/<game>/solve.cpp, over solver.hpp and
// search.hpp).
#include <algorithm>

#include "solver.hpp"

namespace deckhand::solve {

Solver::Solver(int table_bits)
    : table_(std::make_unique<Table>(table_bits <= 0 ? 0 : std::clamp(table_bits, 10, 26))) {}
Solver::~Solver() = default;

void Solver::clear_table() {
  table_->clear();
}

uint64_t Solver::node_end() const {
  return node_limit_ ? stats_.nodes + node_limit_ : UINT64_MAX;
}

}  // namespace deckhand::solve
