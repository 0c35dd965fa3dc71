// Record notation shared by the games (internal header). Explicit deals as text: `0: <cards>; 1:
// <cards>; …; <extra>: <cards>`, every holder named once in any order, holders and cards
// case-insensitive.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "deckhand/cards.hpp"
#include "deckhand/error.hpp"

namespace deckhand::detail {

// Fills holdings[0..players) for the seats and holdings[players] for the extra holder
// ("ghost", "blind"); each card must belong to `deck`. Sizes are the game's to check.
Reason parse_holdings(std::string_view text, int players, const char* extra, CardSet deck,
                      CardSet* holdings, Error* err);
std::string format_holdings(const CardSet* holdings, int players, const char* extra);

// Action text: ok when `words` (the verb and its arguments) has exactly `n` words, else
// malformed_action naming the verb and the counts.
Reason expect_words(const std::vector<std::string_view>& words, size_t n, Error* err);

}  // namespace deckhand::detail
