// The table hooks' shared part for games whose hands are card sets (internal header):
// Ghost Hand Euchre and Sheepshead. A seat's new cards are those in its hand after an action
// that were not before (the ghost hand after a swap, the blind after a pick).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>

#include "../common/games.hpp"
#include "deckhand/cards.hpp"

namespace deckhand::table_detail {

// CardBits of a card set: its four bytes.
inline void set_bits(int seat, CardSet set, CardBits* out) {
  out->seat = int8_t(seat);
  const uint32_t b = set.bits();
  std::memcpy(out->bytes, &b, sizeof b);
}

inline void name_cards(CardSet set, CardNews* out) {
  out->count = uint8_t(set.size());
  char buf[128];
  const int n = format_cards(set, buf);
  std::memcpy(out->cards, buf, size_t(n) < sizeof out->cards ? size_t(n) : sizeof out->cards - 1);
}

// TableHooks::name for set_bits.
inline void name_cardset(const CardBits& bits, CardNews* out) {
  uint32_t b;
  std::memcpy(&b, bits.bytes, sizeof b);
  *out = CardNews{};
  out->seat = bits.seat;
  name_cards(CardSet(b), out);
}

// TableHooks::status of a game without reshuffles or offers, which awaits a deal in its
// Phase::deal: its to_act and is_over as given.
template <typename State, int (*ToAct)(const State&), bool (*IsOver)(const State&)>
void plain_status(const void* state, TableStatus* out) {
  const auto& s = *static_cast<const State*>(state);
  out->to_act = int8_t(ToAct(s));
  out->over = IsOver(s);
  out->awaiting_deal = s.phase == decltype(s.phase)::deal;
  out->needs_reshuffle = false;
  out->offering = false;
  out->hands_scored = s.hands_scored;
}

// TableHooks::received for a game whose kept bytes are its hands (card sets), and whose status
// is Status: every seat tested at once, two at a time, then the hands copied whole (a few words:
// cheaper than finding what changed).
template <typename State, int Players, void (*Status)(const void*, TableStatus*)>
int received_cardsets(void* kept, const void* after, const ActionCode& action, CardBits out[2],
                      TableStatus* status);

// The same where some seat got cards (out of line: most actions give nobody a card, and the
// common path then calls nothing).
template <typename State, int Players, void (*Status)(const void*, TableStatus*)>
[[gnu::noinline]] int received_gains(State& b, const State& a, CardBits out[2],
                                     TableStatus* status) {
  int n = 0;
  for (int s = 0; s < Players && n < 2; ++s) {
    const CardSet gained(a.hands[s].bits() & ~b.hands[s].bits());
    if (!gained.empty()) set_bits(s, gained, &out[n++]);
  }
  std::memcpy(b.hands, a.hands, sizeof a.hands);
  Status(&a, status);
  return n;
}

template <typename State, int Players, void (*Status)(const void*, TableStatus*)>
int received_cardsets(void* kept, const void* after, const ActionCode&, CardBits out[2],
                      TableStatus* status) {
  auto& b = *static_cast<State*>(kept);
  const auto& a = *static_cast<const State*>(after);
  static_assert(sizeof a.hands == Players * sizeof(uint32_t));
  const auto* was = reinterpret_cast<const unsigned char*>(b.hands);
  const auto* is = reinterpret_cast<const unsigned char*>(a.hands);
  uint64_t any = 0;  // the cards some seat holds now and did not
  size_t i = 0;
  for (; i + 8 <= sizeof a.hands; i += 8) {
    uint64_t x, y;
    std::memcpy(&x, is + i, 8);
    std::memcpy(&y, was + i, 8);
    any |= x & ~y;
  }
  if (i < sizeof a.hands) {
    uint32_t x, y;
    std::memcpy(&x, is + i, 4);
    std::memcpy(&y, was + i, 4);
    any |= x & ~y;
  }
  if (any) return received_gains<State, Players, Status>(b, a, out, status);
  std::memcpy(b.hands, a.hands, sizeof a.hands);
  Status(after, status);
  return 0;
}

template <typename State>
void hand_cardset(const void* state, int seat, CardBits* out) {
  set_bits(seat, static_cast<const State*>(state)->hands[seat], out);
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

// The table hooks of a game whose hands are card sets (Ghost Hand Euchre, Sheepshead): news
// from the hands, kept and compared whole; its status from ToAct and IsOver; its hands' results
// as Saved (a SavedResult); public_text as given (null: every action's text is public).
template <typename State, int Players, int (*ToAct)(const State&), bool (*IsOver)(const State&),
          typename Saved>
constexpr TableHooks cardset_hooks(decltype(TableHooks::public_text) public_text) {
  constexpr auto status = &plain_status<State, ToAct, IsOver>;
  return TableHooks{sizeof(State),
                    public_text,
                    &received_cardsets<State, Players, status>,
                    &hand_cardset<State>,
                    &name_cardset,
                    status,
                    -1,
                    -1,
                    nullptr,
                    offsetof(State, hands),
                    sizeof(State::hands),
                    Saved::kSize,
                    &Saved::save,
                    &Saved::read};
}

}  // namespace deckhand::table_detail
