// Toonerville melds: building and checking runs and sets (rules T4), their text form,
// laying off (T8), the Rook swap on a run (T9), and the lay-off finder.
#include <bit>
#include <cctype>
#include <cstring>

#include "../common/text.hpp"
#include "deckhand/toonerville_melds.hpp"

namespace deckhand::toonerville {

namespace {

// The run the faces make, or the first reason they do not (T4).
Reason check_run(const RookFace* faces, int count, Meld* out, Error* err) {
  if (count < kMinRun)
    return fail(err, Reason::meld_too_short, "a run needs %d or more cards, not %d", kMinRun,
                count);
  int first = -1;
  for (int i = 0; i < count; ++i) {
    if (is_rook(faces[i])) continue;
    if (first < 0) {
      first = i;
    } else if (face_colour(faces[i]) != face_colour(faces[first])) {
      return fail(err, Reason::not_a_run, "%s and %s are not one colour",
                  rook_face_name(faces[first]), rook_face_name(faces[i]));
    }
  }
  if (first < 0) return fail(err, Reason::no_natural_card, "only Rooks");
  // The first natural card fixes every position's number, the Rooks' included (T4).
  const int low = face_number(faces[first]) - first;
  for (int i = first + 1; i < count; ++i) {
    if (is_rook(faces[i])) continue;
    const int expected = low + i;
    const int got = face_number(faces[i]);
    if (got == expected) continue;
    if (expected > kRookNumbers && got == expected - kRookNumbers)
      return fail(err, Reason::run_wraps, "%s follows %d: nothing wraps past 14",
                  rook_face_name(faces[i]), expected - 1);
    return fail(err, Reason::not_a_run, "%s where the run needs %d", rook_face_name(faces[i]),
                expected);
  }
  if (low < 1)
    return fail(err, Reason::run_wraps, "the run would start at %d: 1 is the lowest number", low);
  if (low + count - 1 > kRookNumbers)
    return fail(err, Reason::run_wraps, "the run would end at %d: 14 is the highest number",
                low + count - 1);
  Meld m;
  m.kind = MeldKind::run;
  m.colour = uint8_t(face_colour(faces[first]));
  m.low = uint8_t(low);
  m.high = uint8_t(low + count - 1);
  for (int i = 0; i < count; ++i) {
    if (!is_rook(faces[i])) continue;
    m.rooks_at = uint16_t(m.rooks_at | (1u << (low + i - 1)));
    ++m.rooks;
  }
  *out = m;
  return Reason::ok;
}

Reason check_set(const RookFace* faces, int count, Meld* out, Error* err) {
  if (count < kMinSet)
    return fail(err, Reason::meld_too_short, "a set needs %d or more cards, not %d", kMinSet,
                count);
  Meld m;
  m.kind = MeldKind::set;
  int number = 0;
  for (int i = 0; i < count; ++i) {
    if (is_rook(faces[i])) {
      ++m.rooks;
      continue;
    }
    if (number == 0) number = face_number(faces[i]);
    if (face_number(faces[i]) != number)
      return fail(err, Reason::not_a_set, "%s is not a %d", rook_face_name(faces[i]), number);
    ++m.naturals[face_colour(faces[i])];
  }
  if (number == 0) return fail(err, Reason::no_natural_card, "only Rooks");
  m.low = m.high = uint8_t(number);
  *out = m;
  return Reason::ok;
}

bool same_number(const RookFace* faces, int count) {
  int number = 0;
  for (int i = 0; i < count; ++i) {
    if (is_rook(faces[i])) continue;
    if (number == 0) number = face_number(faces[i]);
    if (face_number(faces[i]) != number) return false;
  }
  return true;
}

bool same_colour(const RookFace* faces, int count) {
  int colour = -1;
  for (int i = 0; i < count; ++i) {
    if (is_rook(faces[i])) continue;
    if (colour < 0) colour = face_colour(faces[i]);
    if (face_colour(faces[i]) != colour) return false;
  }
  return true;
}

int natural_count(const Meld& m) {
  return m.size() - m.rooks;
}

bool word_is(std::string_view word, const char* lower) {
  if (word.size() != std::strlen(lower)) return false;
  for (size_t i = 0; i < word.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(word[i])) != lower[i]) return false;
  return true;
}

}  // namespace

Reason make_meld(const RookFace* faces, int count, MeldKind want, Meld* out, Error* err) {
  int naturals = 0;
  for (int i = 0; i < count; ++i) {
    if (!valid_rook_face(faces[i]))
      return fail(err, Reason::invalid_card, "face code %d is not a Rook card", faces[i]);
    naturals += !is_rook(faces[i]);
  }
  if (count > 0 && naturals == 0)
    return fail(err, Reason::no_natural_card, "%d Rooks and no natural card", count);
  if (want == MeldKind::run) return check_run(faces, count, out, err);
  if (want == MeldKind::set) return check_set(faces, count, out, err);
  Meld run, set;
  const bool is_run = check_run(faces, count, &run, nullptr) == Reason::ok;
  const bool is_set = check_set(faces, count, &set, nullptr) == Reason::ok;
  if (is_run && is_set)
    return fail(err, Reason::ambiguous_meld, "one natural card and %d Rooks: write run or set",
                count - 1);
  if (is_run || is_set) {
    *out = is_run ? run : set;
    return Reason::ok;
  }
  // Neither: explain with the kind the cards look like (naturals of one number: a set).
  const bool looks_like_set = same_number(faces, count)
                                  ? naturals > 1 || count < kMinRun
                                  : count < kMinRun && !same_colour(faces, count);
  return looks_like_set ? check_set(faces, count, out, err) : check_run(faces, count, out, err);
}

bool meld_is_valid(const Meld& m) {
  if (m.reserved) return false;
  if (m.is_run()) {
    if (m.low < 1 || m.high > kRookNumbers || m.high < m.low + kMinRun - 1) return false;
    const int size = m.high - m.low + 1;
    const uint16_t span = uint16_t(((1u << size) - 1) << (m.low - 1));
    return m.colour < kRookColours && (m.rooks_at & ~span) == 0 &&
           m.rooks == std::popcount(unsigned(m.rooks_at)) && m.rooks < size && !m.naturals[0] &&
           !m.naturals[1] && !m.naturals[2] && !m.naturals[3];
  }
  if (m.is_set()) {
    const int naturals = m.naturals[0] + m.naturals[1] + m.naturals[2] + m.naturals[3];
    return m.colour == 0 && m.low >= 1 && m.low <= kRookNumbers && m.high == m.low &&
           m.rooks_at == 0 && naturals >= 1 && naturals + m.rooks >= kMinSet;
  }
  return false;
}

int meld_faces(const Meld& meld, RookFace* out) {
  int n = 0;
  if (meld.is_run()) {
    for (int number = meld.low; number <= meld.high; ++number)
      out[n++] = rook_at(meld, number) ? kRook : rook_face(meld.colour, number);
  } else if (meld.is_set()) {
    for (int c = 0; c < kRookColours; ++c)
      for (int k = 0; k < meld.naturals[c]; ++k) out[n++] = rook_face(c, meld.low);
    for (int k = 0; k < meld.rooks; ++k) out[n++] = kRook;
  }
  return n;
}

void add_meld_cards(const Meld& meld, FaceCounts* out) {
  if (meld.is_run()) {
    for (int number = meld.low; number <= meld.high; ++number)
      out->add(rook_at(meld, number) ? kRook : rook_face(meld.colour, number));
  } else if (meld.is_set()) {
    for (int c = 0; c < kRookColours; ++c) out->add(rook_face(c, meld.low), meld.naturals[c]);
    out->add(kRook, meld.rooks);
  }
}

std::string format_meld(const Meld& meld) {
  RookFace faces[256];
  const int n = meld_faces(meld, faces);
  std::string text;
  // One natural card and Rooks read as a run and as a set: name the kind (see header).
  if (n > 0 && natural_count(meld) == 1) {
    Meld other;
    const MeldKind other_kind = meld.is_run() ? MeldKind::set : MeldKind::run;
    if (make_meld(faces, n, other_kind, &other, nullptr) == Reason::ok)
      text = meld.is_run() ? "run " : "set ";
  }
  for (int i = 0; i < n; ++i) {
    if (i) text += ' ';
    text += rook_face_name(faces[i]);
  }
  return text;
}

Reason parse_meld(std::string_view text, MeldKind want, Meld* out, Error* err) {
  constexpr int kMaxWords = 64;
  RookFace faces[kMaxWords];
  int n = 0;
  bool first_word = true;
  size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    size_t j = i;
    while (j < text.size() && !std::isspace(static_cast<unsigned char>(text[j]))) ++j;
    if (j == i) break;
    const std::string_view word = text.substr(i, j - i);
    i = j;
    if (first_word && (word_is(word, "run") || word_is(word, "set"))) {
      want = word_is(word, "run") ? MeldKind::run : MeldKind::set;
      first_word = false;
      continue;
    }
    first_word = false;
    if (n == kMaxWords)
      return fail(err, Reason::malformed_action, "a meld of more than %d cards", kMaxWords);
    if (!parse_rook_face(word, &faces[n]))
      return fail(err, Reason::invalid_card, "%s is not a Rook card", text::quote(word).c_str());
    ++n;
  }
  return make_meld(faces, n, want, out, err);
}

bool can_lay_off(const Meld& meld, RookFace face, RunEnd end) {
  if (!valid_rook_face(face)) return false;
  if (meld.is_set()) return is_rook(face) || face_number(face) == meld.low;
  if (!meld.is_run()) return false;
  const bool low_open = meld.low > 1, high_open = meld.high < kRookNumbers;
  if (is_rook(face)) {
    if (end == RunEnd::low) return low_open;
    if (end == RunEnd::high) return high_open;
    return low_open || high_open;
  }
  if (face_colour(face) != meld.colour) return false;
  const int number = face_number(face);
  if (number == meld.low - 1 && end != RunEnd::high) return true;
  if (number == meld.high + 1 && end != RunEnd::low) return true;
  return false;
}

Reason lay_off(Meld* meld, RookFace face, RunEnd end, Error* err) {
  if (!can_lay_off(*meld, face, end)) {
    if (!meld->is_run() && !meld->is_set())
      return fail(err, Reason::cannot_lay_off, "there is no meld");
    if (meld->is_set())
      return fail(err, Reason::cannot_lay_off, "%s does not go on a set of %ds",
                  rook_face_name(face), meld->low);
    return fail(err, Reason::cannot_lay_off, "%s does not extend the run %s%s",
                rook_face_name(face), format_meld(*meld).c_str(),
                end == RunEnd::low    ? " at its low end"
                : end == RunEnd::high ? " at its high end"
                                      : "");
  }
  if (meld->is_set()) {
    if (is_rook(face))
      ++meld->rooks;
    else
      ++meld->naturals[face_colour(face)];
    return Reason::ok;
  }
  bool at_low;
  if (is_rook(face))
    at_low = end == RunEnd::low || (end == RunEnd::any && meld->high == kRookNumbers);
  else
    at_low = face_number(face) == meld->low - 1;
  const int number = at_low ? meld->low - 1 : meld->high + 1;
  if (at_low)
    --meld->low;
  else
    ++meld->high;
  if (is_rook(face)) {
    meld->rooks_at = uint16_t(meld->rooks_at | (1u << (number - 1)));
    ++meld->rooks;
  }
  return Reason::ok;
}

bool can_swap_rook(const Meld& meld, RookFace natural) {
  return valid_rook_face(natural) && !is_rook(natural) && meld.is_run() &&
         face_colour(natural) == meld.colour && rook_at(meld, face_number(natural));
}

Reason swap_rook(Meld* meld, RookFace natural, Error* err) {
  if (!can_swap_rook(*meld, natural)) {
    if (meld->is_set())
      return fail(err, Reason::no_rook_to_swap, "a Rook in a set is never taken (T9)");
    return fail(err, Reason::no_rook_to_swap, "no Rook stands for %s in %s",
                rook_face_name(natural), format_meld(*meld).c_str());
  }
  meld->rooks_at = uint16_t(meld->rooks_at & ~(1u << (face_number(natural) - 1)));
  --meld->rooks;
  return Reason::ok;
}

namespace {
// The faces `meld` takes (can_lay_off as a mask, bit f for face f): a set its number's four
// and the Rook; a run the card below and above it in its colour, and the Rook while an end
// is open.
uint64_t lay_off_faces(const Meld& meld) {
  constexpr uint64_t kRookBit = uint64_t(1) << kRook;
  auto face = [](int colour, int number) {  // nothing for numbers or colours out of range
    const bool valid = colour < kRookColours && number >= 1 && number <= kRookNumbers;
    return valid ? uint64_t(1) << rook_face(colour, number) : 0;
  };
  uint64_t t = 0;
  if (meld.is_set()) {
    t = kRookBit;
    for (int c = 0; c < kRookColours; ++c) t |= face(c, meld.low);
  } else if (meld.is_run()) {
    if (meld.low > 1) t |= kRookBit | face(meld.colour, meld.low - 1);
    if (meld.high < kRookNumbers) t |= kRookBit | face(meld.colour, meld.high + 1);
  }
  return t;
}
}  // namespace

int find_lay_offs(const FaceCounts& hand, const Meld* melds, int meld_count, LayOff* out,
                  int capacity) {
  uint64_t any = 0;
  for (int m = 0; m < meld_count; ++m) any |= lay_off_faces(melds[m]);
  int n = 0;
  auto emit = [&](RookFace f, int m, RunEnd end) {
    if (n < capacity) out[n] = LayOff{f, uint8_t(m), end};
    ++n;
  };
  for (uint64_t faces = hand.held() & any; faces; faces &= faces - 1) {
    const RookFace face = RookFace(std::countr_zero(faces));
    for (int m = 0; m < meld_count; ++m) {
      const Meld& meld = melds[m];
      if (!((lay_off_faces(meld) >> face) & 1)) continue;
      if (meld.is_set()) {
        emit(face, m, RunEnd::any);
      } else if (is_rook(face)) {
        if (meld.low > 1) emit(face, m, RunEnd::low);
        if (meld.high < kRookNumbers) emit(face, m, RunEnd::high);
      } else {
        emit(face, m, face_number(face) == meld.low - 1 ? RunEnd::low : RunEnd::high);
      }
    }
  }
  return n;
}

}  // namespace deckhand::toonerville
