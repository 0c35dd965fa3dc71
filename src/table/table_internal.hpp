// Table internals for the library's own tests (internal header).
#pragma once

#include <memory>

#include "deckhand/table.hpp"

namespace deckhand {

// Replaces the table's game with `game` (of the same kind and players), as the leak test
// does with a game whose hidden cards were exchanged; false, nothing changed, otherwise.
bool detail_table_replace_game(Table& table, std::unique_ptr<Game> game);

}  // namespace deckhand
