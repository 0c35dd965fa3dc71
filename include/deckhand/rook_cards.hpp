// deckhand — Rook cards for Toonerville Rook: rules T1 (faces and decks), T12 (penalty
// points), "Card notation" (Rook cards) and "Portable deals" (the canonical Toonerville deck).
//
// A face is one byte: colour * 14 + (number - 1) for colours B G R Y (0..3) and numbers
// 1..14 (faces 0..55), and kRook = 56. Toonerville plays with one 57-card deck per player
// (3-5 decks), so a hand holds up to five copies of a face: it is a FaceCounts value (one
// count per face), not a bitmask. Identical cards are interchangeable (T1).
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>
#include <string_view>

namespace deckhand {

using RookFace = uint8_t;

enum class RookColour : uint8_t { black = 0, green = 1, red = 2, yellow = 3 };

inline constexpr int kRookColours = 4;
inline constexpr int kRookNumbers = 14;
inline constexpr int kRookFaces = 57;  // 56 coloured faces and the Rook
inline constexpr RookFace kRook = 56;
inline constexpr RookFace kNoRookFace = 0xFF;
inline constexpr int kRookDeckSize = 57;  // one deck
inline constexpr int kMinRookDecks = 3;
inline constexpr int kMaxRookDecks = 5;

// The face of `number` (1..14) in `colour` (0..3); no range check.
constexpr RookFace rook_face(int colour, int number) {
  return RookFace(colour * kRookNumbers + number - 1);
}
constexpr bool is_rook(RookFace f) {
  return f == kRook;
}
constexpr bool valid_rook_face(RookFace f) {
  return f <= kRook;
}
// Colour 0..3 and number 1..14 of a coloured face (meaningless for the Rook).
constexpr int face_colour(RookFace f) {
  return f / kRookNumbers;
}
constexpr int face_number(RookFace f) {
  return f % kRookNumbers + 1;
}

// T12: 1-9 score 5, 10-14 score 10, the Rook 25.
constexpr int penalty_points(RookFace f) {
  return is_rook(f) ? 25 : (face_number(f) >= 10 ? 10 : 5);
}

// A multiset of faces: how many copies of each face a hand (or any pile) holds.
struct FaceCounts {
  uint8_t n[kRookFaces] = {};

  constexpr int count(RookFace f) const { return n[f]; }
  constexpr int rooks() const { return n[kRook]; }
  constexpr void add(RookFace f, int k = 1) { n[f] = uint8_t(n[f] + k); }
  // Removes k copies; false (and nothing removed) when fewer are held.
  constexpr bool remove(RookFace f, int k = 1) {
    if (n[f] < k) return false;
    n[f] = uint8_t(n[f] - k);
    return true;
  }
  constexpr int total() const {
    int t = 0;
    for (uint8_t c : n) t += c;
    return t;
  }
  constexpr bool empty() const { return total() == 0; }
  // The faces held at least once, as bit f for face f.
  uint64_t held() const {
    uint64_t mask = 0;
    if constexpr (std::endian::native == std::endian::little) {
      // Eight counts at a time: each nonzero byte's top bit, gathered into one byte.
      constexpr uint64_t kLow7 = 0x7F7F7F7F7F7F7F7Full, kTop = 0x8080808080808080ull;
      for (int f = 0; f + 8 <= kRookFaces; f += 8) {
        uint64_t w;
        std::memcpy(&w, n + f, 8);
        const uint64_t nonzero = (((w & kLow7) + kLow7) | w) & kTop;
        mask |= ((nonzero >> 7) * 0x0102040810204080ull) >> 56 << f;
      }
      mask |= uint64_t(n[kRook] != 0) << kRook;  // the 57th
    } else {
      for (int f = 0; f < kRookFaces; ++f) mask |= uint64_t(n[f] != 0) << f;
    }
    return mask;
  }
  // True when every face of `other` is held at least as often here.
  constexpr bool contains(const FaceCounts& other) const {
    for (int f = 0; f < kRookFaces; ++f)
      if (other.n[f] > n[f]) return false;
    return true;
  }
  friend constexpr bool operator==(const FaceCounts&, const FaceCounts&) = default;
};

// T12: the penalty points of everything in `cards`.
int penalty_points(const FaceCounts& cards);

// Notation: number then colour ("5R", "14G", "1b"), or "ROOK"; case-insensitive, no spaces.
// Returns false (and leaves *out alone) on anything else.
bool parse_rook_face(std::string_view text, RookFace* out);
// Canonical upper-case form ("5R", "14G", "ROOK"); "??" for an invalid face.
const char* rook_face_name(RookFace f);
char rook_colour_letter(int colour);  // 'B' 'G' 'R' 'Y'

// Parses faces separated by white space into *out (added to what it holds); false on the
// first word that is not a face (*out then holds the faces before it).
bool parse_rook_faces(std::string_view text, FaceCounts* out);
// Writes the faces of `cards` in canonical deck order (B G R Y, 1..14, then ROOK), copies
// repeated, separated by single spaces, NUL-terminated; returns the length written, or -1
// (and writes "") when it would not fit in `capacity` bytes.
int format_rook_faces(const FaceCounts& cards, char* buf, int capacity);

// The canonical deck order for `decks` decks (docs/deals.md): for each copy,
// colours B G R Y each 1..14, then ROOK. Writes 57 * decks faces; the buffer must hold them.
// The portable shuffle (rng.hpp) is applied to this order.
void canonical_rook_deck(int decks, RookFace* out);

}  // namespace deckhand
