// deckhand — French-suited cards and card sets, shared by the trick-taking games.
//
// A card is one byte: suit * 8 + rank, with ranks 7 8 9 T J Q K A (0..7) and suits C D H S
// (0..3), so the 32-card Sheepshead deck is 0..31 and the 24-card Euchre deck is the subset
// with rank >= 9. A card set is a 32-bit mask with bit `card` set for each card it holds.
// Notation (docs/rules.md "Card notation"): rank then suit, "10" accepted for "T", input
// case-insensitive, output upper case.
#pragma once

#include <bit>
#include <cstdint>
#include <string_view>

namespace deckhand {

enum class Suit : uint8_t { clubs = 0, diamonds = 1, hearts = 2, spades = 3 };
enum class Rank : uint8_t { seven = 0, eight, nine, ten, jack, queen, king, ace };

inline constexpr int kSuitCount = 4;
inline constexpr int kRankCount = 8;
inline constexpr uint8_t kNoCard = 0xFF;

struct Card {
  uint8_t code = kNoCard;  // suit * 8 + rank, or kNoCard

  constexpr Card() = default;
  constexpr explicit Card(uint8_t c) : code(c) {}
  constexpr Card(Rank r, Suit s) : code(uint8_t(uint8_t(s) * 8 + uint8_t(r))) {}
  constexpr Suit suit() const { return Suit(code >> 3); }
  constexpr Rank rank() const { return Rank(code & 7); }
  constexpr bool valid() const { return code < 32; }
  friend constexpr bool operator==(Card a, Card b) = default;
};

// A set of French cards as a bitmask; iteration goes from the lowest code up.
class CardSet {
 public:
  constexpr CardSet() = default;
  constexpr explicit CardSet(uint32_t bits) : bits_(bits) {}
  static constexpr CardSet of(Card c) { return CardSet(uint32_t(1) << c.code); }
  static constexpr CardSet suit(Suit s) { return CardSet(uint32_t(0xFF) << (uint8_t(s) * 8)); }
  // Every card of rank r, in all four suits.
  static constexpr CardSet rank(Rank r) { return CardSet(uint32_t(0x01010101u) << uint8_t(r)); }

  constexpr uint32_t bits() const { return bits_; }
  constexpr bool empty() const { return bits_ == 0; }
  constexpr int size() const { return std::popcount(bits_); }
  // Exactly one card: cheaper than size() == 1 where popcount is not an instruction.
  constexpr bool single() const { return bits_ != 0 && (bits_ & (bits_ - 1)) == 0; }
  constexpr bool has(Card c) const { return c.valid() && ((bits_ >> c.code) & 1u); }
  constexpr void add(Card c) { bits_ |= uint32_t(1) << c.code; }
  constexpr void remove(Card c) { bits_ &= ~(uint32_t(1) << c.code); }
  constexpr Card lowest() const { return Card(uint8_t(std::countr_zero(bits_))); }
  constexpr Card highest() const { return Card(uint8_t(31 - std::countl_zero(bits_))); }
  constexpr Card pop_lowest() {
    Card c = lowest();
    bits_ &= bits_ - 1;
    return c;
  }
  // The index-th card (0-based) from the lowest code up; the set must hold more than index.
  Card nth(int index) const;

  constexpr CardSet operator|(CardSet o) const { return CardSet(bits_ | o.bits_); }
  constexpr CardSet operator&(CardSet o) const { return CardSet(bits_ & o.bits_); }
  constexpr CardSet operator-(CardSet o) const { return CardSet(bits_ & ~o.bits_); }
  constexpr CardSet& operator|=(CardSet o) {
    bits_ |= o.bits_;
    return *this;
  }
  constexpr CardSet& operator&=(CardSet o) {
    bits_ &= o.bits_;
    return *this;
  }
  friend constexpr bool operator==(CardSet a, CardSet b) = default;

  class iterator {
   public:
    constexpr explicit iterator(uint32_t b) : b_(b) {}
    constexpr Card operator*() const { return Card(uint8_t(std::countr_zero(b_))); }
    constexpr iterator& operator++() {
      b_ &= b_ - 1;
      return *this;
    }
    constexpr bool operator!=(const iterator& o) const { return b_ != o.b_; }

   private:
    uint32_t b_;
  };
  constexpr iterator begin() const { return iterator(bits_); }
  constexpr iterator end() const { return iterator(0); }

 private:
  uint32_t bits_ = 0;
};

inline constexpr CardSet kEuchreDeck{0xFCFCFCFCu};  // 9..A in each suit
inline constexpr CardSet kPiquetDeck{0xFFFFFFFFu};  // 7..A in each suit (Sheepshead)

// Notation. parse_card accepts "9h", "10D", "td", "AS" (case-insensitive, no spaces).
// Returns false (and leaves *out alone) on anything else.
bool parse_card(std::string_view text, Card* out);
// Canonical two-character form ("TD"), NUL-terminated; "??" for an invalid card.
const char* card_name(Card c);
char suit_letter(Suit s);
bool parse_suit(std::string_view text, Suit* out);
const char* suit_word(Suit s);  // "clubs", "diamonds", ...

// Writes the cards of `set` in canonical notation separated by single spaces, in code
// order (suits C D H S, ranks low to high within a suit), NUL-terminated; returns the
// length written. The buffer must hold 3 * 32 bytes.
int format_cards(CardSet set, char* buf);

}  // namespace deckhand
