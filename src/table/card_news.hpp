// The table hooks' shared part for games whose hands are card sets (internal header):
// Ghost Hand Euchre and Sheepshead. A seat's new cards are those in its hand after an action
// that were not before (the ghost hand after a swap, the blind after a pick).
#pragma once

#include <cstdint>
#include <cstring>
#include <string>

#include "../common/games.hpp"
#include "deckhand/cards.hpp"

namespace deckhand::table_detail {

inline void name_cards(CardSet set, CardNews* out) {
  out->count = uint8_t(set.size());
  char buf[128];
  const int n = format_cards(set, buf);
  std::memcpy(out->cards, buf, size_t(n) < sizeof out->cards ? size_t(n) : sizeof out->cards - 1);
}

// The seats that gained cards, named (out of line: most actions give nobody a card).
template <typename State, int Players>
[[gnu::noinline]] int name_gains(const State& b, const State& a, CardNews out[2]) {
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

template <typename State, int Players>
int received_cardsets(const void* before, const void* after, CardNews out[2]) {
  const auto& b = *static_cast<const State*>(before);
  const auto& a = *static_cast<const State*>(after);
  uint64_t any = 0;  // one test for all seats
  for (int s = 0; s < Players; ++s) any |= a.hands[s].bits() & ~b.hands[s].bits();
  return any ? name_gains<State, Players>(b, a, out) : 0;
}

template <typename State>
void hand_cardset(const void* state, int seat, CardNews* out) {
  *out = CardNews{};
  out->seat = int8_t(seat);
  name_cards(static_cast<const State*>(state)->hands[seat], out);
}

// A scored hand's result (TableHooks::result_size, save_result, hand_result) for a game whose
// state keeps its last scored hand in `last` (with the hand's `deltas`) and the seats' scores
// in `scores`; Json writes `last` for `players` seats as the game's last_hand_json does.
template <typename State, std::string (*Json)(const decltype(State::last)&, int)>
struct SavedResult {
  using Result = decltype(State::last);
  using Scores = decltype(State::scores);
  static constexpr size_t kSize = sizeof(Result) + sizeof(Scores);
  static void save(const void* state, void* out) {
    const auto& s = *static_cast<const State*>(state);
    std::memcpy(out, &s.last, sizeof(Result));
    std::memcpy(static_cast<char*>(out) + sizeof(Result), s.scores, sizeof(Scores));
  }
  static void read(const void* saved, int players, std::string* result, int64_t* deltas,
                   int64_t* scores) {
    Result last;
    Scores sc;
    std::memcpy(&last, saved, sizeof(Result));
    std::memcpy(sc, static_cast<const char*>(saved) + sizeof(Result), sizeof(Scores));
    *result = Json(last, players);
    for (int p = 0; p < players; ++p) {
      deltas[p] = last.deltas[p];
      scores[p] = sc[p];
    }
  }
};

}  // namespace deckhand::table_detail
