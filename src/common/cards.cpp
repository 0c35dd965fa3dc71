// Card notation and card-set helpers (docs/rules.md "Card notation").
#include "deckhand/cards.hpp"

#include <cctype>

namespace deckhand {

namespace {
constexpr char kRankLetters[] = "789TJQKA";
constexpr char kSuitLetters[] = "CDHS";
constexpr const char* kSuitWords[] = {"clubs", "diamonds", "hearts", "spades"};

// 32 two-character names plus NUL, built once at compile time.
struct NameTable {
  char names[32][3];
  constexpr NameTable() : names() {
    for (int c = 0; c < 32; ++c) {
      names[c][0] = kRankLetters[c & 7];
      names[c][1] = kSuitLetters[c >> 3];
      names[c][2] = '\0';
    }
  }
};
constexpr NameTable kNames;

int rank_index(char ch) {
  const char up = char(std::toupper(static_cast<unsigned char>(ch)));
  for (int r = 0; r < kRankCount; ++r)
    if (kRankLetters[r] == up) return r;
  return -1;
}
}  // namespace

Card CardSet::nth(int index) const {
  uint32_t b = bits_;
  for (int i = 0; i < index; ++i) b &= b - 1;
  return Card(uint8_t(std::countr_zero(b)));
}

bool parse_suit(std::string_view text, Suit* out) {
  if (text.size() != 1) return false;
  const char up = char(std::toupper(static_cast<unsigned char>(text[0])));
  for (int s = 0; s < kSuitCount; ++s) {
    if (kSuitLetters[s] == up) {
      *out = Suit(s);
      return true;
    }
  }
  return false;
}

bool parse_card(std::string_view text, Card* out) {
  int rank = -1;
  std::string_view suit_part;
  if (text.size() == 2) {
    rank = rank_index(text[0]);
    suit_part = text.substr(1);
  } else if (text.size() == 3 && text[0] == '1' && text[1] == '0') {
    rank = int(Rank::ten);
    suit_part = text.substr(2);
  }
  Suit suit;
  if (rank < 0 || !parse_suit(suit_part, &suit)) return false;
  *out = Card(Rank(rank), suit);
  return true;
}

const char* card_name(Card c) {
  return c.valid() ? kNames.names[c.code] : "??";
}
char suit_letter(Suit s) {
  return kSuitLetters[uint8_t(s) & 3];
}
const char* suit_word(Suit s) {
  return kSuitWords[uint8_t(s) & 3];
}

int format_cards(CardSet set, char* buf) {
  int n = 0;
  for (Card c : set) {
    if (n) buf[n++] = ' ';
    buf[n++] = kNames.names[c.code][0];
    buf[n++] = kNames.names[c.code][1];
  }
  buf[n] = '\0';
  return n;
}

}  // namespace deckhand
