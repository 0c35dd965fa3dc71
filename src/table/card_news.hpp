// The table hooks' shared part for games whose hands are card sets (internal header):
// Ghost Hand Euchre and Sheepshead. A seat's new cards are those in its hand after an action
// that were not before (the ghost hand after a swap, the blind after a pick).
#pragma once

#include <cstring>

#include "../common/games.hpp"
#include "deckhand/cards.hpp"

namespace deckhand::table_detail {

inline void name_cards(CardSet set, CardNews* out) {
  out->count = uint8_t(set.size());
  char buf[128];
  const int n = format_cards(set, buf);
  std::memcpy(out->cards, buf, size_t(n) < sizeof out->cards ? size_t(n) : sizeof out->cards - 1);
}

template <typename State, int Players>
int received_cardsets(const void* before, const void* after, CardNews out[2]) {
  const auto& b = *static_cast<const State*>(before);
  const auto& a = *static_cast<const State*>(after);
  int n = 0;
  for (int s = 0; s < Players && n < 2; ++s) {
    const CardSet gained(a.hands[s].bits() & ~b.hands[s].bits());
    if (gained.empty()) continue;
    out[n] = CardNews{};
    out[n].seat = int8_t(s);
    name_cards(gained, &out[n]);
    ++n;
  }
  return n;
}

template <typename State>
void hand_cardset(const void* state, int seat, CardNews* out) {
  *out = CardNews{};
  out->seat = int8_t(seat);
  name_cards(static_cast<const State*>(state)->hands[seat], out);
}

}  // namespace deckhand::table_detail
