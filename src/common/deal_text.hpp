// Explicit deals as record text (internal header): `0: <cards>; 1: <cards>; …; <extra>: <cards>`,
// every holder named once in any order, holders and cards case-insensitive.
#pragma once

#include <string>
#include <string_view>

#include "deckhand/cards.hpp"
#include "deckhand/error.hpp"

namespace deckhand::detail {

// Fills holdings[0..players) for the seats and holdings[players] for the extra holder
// ("ghost", "blind"); each card must belong to `deck`. Sizes are the game's to check.
Reason parse_holdings(std::string_view text, int players, const char* extra, CardSet deck,
                      CardSet* holdings, Error* err);
std::string format_holdings(const CardSet* holdings, int players, const char* extra);

}  // namespace deckhand::detail
