// Rook card notation, penalty points and the canonical deck order (rules T1, T12,
// "Card notation", "Portable deals").
#include "deckhand/rook_cards.hpp"

#include <cctype>
#include <cstring>

namespace deckhand {

namespace {
constexpr char kColourLetters[] = "BGRY";

// 56 names of up to three characters plus NUL, and "ROOK", built at compile time.
struct NameTable {
  char names[kRookFaces][5];
  constexpr NameTable() : names() {
    for (int f = 0; f < kRook; ++f) {
      const int number = f % kRookNumbers + 1;
      int i = 0;
      if (number >= 10) names[f][i++] = '1';
      names[f][i++] = char('0' + number % 10);
      names[f][i++] = kColourLetters[f / kRookNumbers];
      names[f][i] = '\0';
    }
    names[kRook][0] = 'R';
    names[kRook][1] = 'O';
    names[kRook][2] = 'O';
    names[kRook][3] = 'K';
    names[kRook][4] = '\0';
  }
};
constexpr NameTable kNames;
}  // namespace

int penalty_points(const FaceCounts& cards) {
  int points = 0;
  for (int f = 0; f < kRookFaces; ++f) points += cards.n[f] * penalty_points(RookFace(f));
  return points;
}

char rook_colour_letter(int colour) {
  return kColourLetters[colour & 3];
}

bool parse_rook_face(std::string_view text, RookFace* out) {
  if (text.size() == 4) {
    bool rook = true;
    for (int i = 0; i < 4; ++i)
      rook = rook && std::toupper(static_cast<unsigned char>(text[size_t(i)])) == "ROOK"[i];
    if (rook) {
      *out = kRook;
      return true;
    }
    return false;
  }
  if (text.size() < 2 || text.size() > 3) return false;
  int number = 0;
  for (size_t i = 0; i + 1 < text.size(); ++i) {
    if (text[i] < '0' || text[i] > '9') return false;
    number = number * 10 + (text[i] - '0');
  }
  // No leading zero ("05R" is not notation) and numbers 1..14 only.
  if (text[0] == '0' || number < 1 || number > kRookNumbers) return false;
  const char up = char(std::toupper(static_cast<unsigned char>(text.back())));
  const char* hit = std::strchr(kColourLetters, up);
  if (up == '\0' || hit == nullptr) return false;
  *out = rook_face(int(hit - kColourLetters), number);
  return true;
}

const char* rook_face_name(RookFace f) {
  return valid_rook_face(f) ? kNames.names[f] : "??";
}

bool parse_rook_faces(std::string_view text, FaceCounts* out) {
  size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    size_t j = i;
    while (j < text.size() && !std::isspace(static_cast<unsigned char>(text[j]))) ++j;
    if (j == i) break;
    RookFace f;
    if (!parse_rook_face(text.substr(i, j - i), &f)) return false;
    out->add(f);
    i = j;
  }
  return true;
}

int format_rook_faces(const FaceCounts& cards, char* buf, int capacity) {
  int len = 0;
  for (int f = 0; f < kRookFaces; ++f) {
    const char* name = kNames.names[f];
    const int name_len = int(std::strlen(name));
    for (int k = 0; k < cards.n[f]; ++k) {
      // separator + name + final NUL must fit
      if (len + (len ? 1 : 0) + name_len + 1 > capacity) {
        if (capacity > 0) buf[0] = '\0';
        return -1;
      }
      if (len) buf[len++] = ' ';
      std::memcpy(buf + len, name, size_t(name_len));
      len += name_len;
    }
  }
  if (capacity > 0) buf[len] = '\0';
  return capacity > 0 ? len : -1;
}

void canonical_rook_deck(int decks, RookFace* out) {
  for (int d = 0; d < decks; ++d)
    for (int f = 0; f < kRookFaces; ++f) *out++ = RookFace(f);
}

}  // namespace deckhand
