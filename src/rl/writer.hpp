// Observation writing helpers for the encoders (internal header).
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>

#include "deckhand/cards.hpp"

namespace deckhand::rl {

// Row r holds bit k of r as the float 0 or 1, for the 256 masks of a suit's 8 ranks.
struct RankRows {
  float row[256][kRankCount];
  constexpr RankRows() : row() {
    for (int r = 0; r < 256; ++r)
      for (int k = 0; k < kRankCount; ++k) row[r][k] = float((r >> k) & 1);
  }
};
inline constexpr RankRows kRankRows;

// The decks as rank masks for Writer::cards: 9..A (a euchre deck), 7..A (a piquet deck).
inline constexpr uint8_t kNineToAceRanks = 0xFC;
inline constexpr uint8_t kPiquetRanks = 0xFF;

// Writes an observation front to back; each field is a block of floats at a fixed offset.
class Writer {
 public:
  explicit Writer(float* out) : out_(out) {}
  // `n` floats, one of them (index i) set to 1 when 0 <= i < n.
  void one_hot(int n, int i) {
    for (int k = 0; k < n; ++k) out_[pos_ + k] = 0.0f;
    if (i >= 0 && i < n) out_[pos_ + i] = 1.0f;
    pos_ += n;
  }
  void value(float v) { out_[pos_++] = v; }
  // `n` floats set to 0, returned for the caller to fill the few that are not.
  float* zeros(int n) {
    float* block = out_ + pos_;
    std::memset(block, 0, sizeof(float) * size_t(n));
    pos_ += n;
    return block;
  }
  // One float per card of `deck` (in code order): 1 for the cards of `cards`.
  // One float per card of the deck's suits, in code order: `ranks` (a mask of the ranks the
  // deck has, the same in every suit) says which. Each suit is one table row, copied whole:
  // a branch or a conversion per card costs more than the rest of an observation.
  void cards(uint8_t ranks, CardSet cards) {
    const int width = std::popcount(ranks);
    const int low = std::countr_zero(ranks);
    for (int suit = 0; suit < kSuitCount; ++suit) {
      const uint32_t row = (cards.bits() >> (suit * kRankCount + low)) & ((1u << width) - 1);
      std::memcpy(out_ + pos_, kRankRows.row[row], sizeof(float) * size_t(width));
      pos_ += width;
    }
  }
  int position() const { return pos_; }

 private:
  float* out_;
  int pos_ = 0;
};

// A seat counted from `seat` (0 = itself, 1 = the next to its left, ...); -1 for none.
inline int relative(uint8_t other, int seat, int players) {
  return other >= players ? -1 : (other - seat + players) % players;
}

// The plays of a trick-taking hand as seen by `seat`: the cards of the trick in progress and
// of the completed tricks, per relative seat. Codes that are not cards (none yet, or
// Sheepshead's face-down unknown) are left to `other(in_progress, relative seat, code)`.
template <int Players, int Tricks, typename Other>
void split_plays(const uint8_t (&played)[Tricks][Players], int tricks_done, int seat,
                 CardSet (&in_progress)[Players], CardSet (&completed)[Players], Other&& other) {
  for (int t = 0; t <= tricks_done && t < Tricks; ++t)
    for (int s = 0; s < Players; ++s) {
      const uint8_t code = played[t][s];
      const int r = relative(uint8_t(s), seat, Players);
      if (Card(code).valid())
        (t == tricks_done ? in_progress : completed)[r].add(Card(code));
      else
        other(t == tricks_done, r, code);
    }
}

}  // namespace deckhand::rl
