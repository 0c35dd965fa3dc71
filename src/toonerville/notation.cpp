// Toonerville notation (docs/toonerville.md): action text, packed melds, explicit deals and
// reshuffles as record lines.
#include <bit>
#include <cstring>

#include "../common/deal_text.hpp"
#include "../common/text.hpp"
#include "internal.hpp"

namespace deckhand::toonerville {

using text::iequals;

// ---- packed melds ----------------------------------------------------------------------------

void pack_meld(const Meld& m, uint8_t out[4]) {
  if (m.is_run()) {
    out[0] = uint8_t(0x10 | m.colour);
    out[1] = uint8_t(m.low | m.high << 4);
    out[2] = uint8_t(m.rooks_at & 0xFF);
    out[3] = uint8_t(m.rooks_at >> 8);
  } else {
    out[0] = uint8_t(0x20 | (m.rooks & 0x0F));
    out[1] = m.low;
    out[2] = uint8_t(m.naturals[0] | m.naturals[1] << 4);
    out[3] = uint8_t(m.naturals[2] | m.naturals[3] << 4);
  }
}

Reason unpack_meld(const uint8_t in[4], Meld* out, Error* err) {
  Meld m;
  const int kind = in[0] >> 4;
  if (kind == 1) {
    m.kind = MeldKind::run;
    m.colour = uint8_t(in[0] & 0x0F);
    m.low = uint8_t(in[1] & 0x0F);
    m.high = uint8_t(in[1] >> 4);
    m.rooks_at = uint16_t(in[2] | in[3] << 8);
    m.rooks = uint8_t(std::popcount(unsigned(m.rooks_at)));
  } else if (kind == 2) {
    m.kind = MeldKind::set;
    m.rooks = uint8_t(in[0] & 0x0F);
    m.low = m.high = in[1];
    m.naturals[0] = uint8_t(in[2] & 0x0F);
    m.naturals[1] = uint8_t(in[2] >> 4);
    m.naturals[2] = uint8_t(in[3] & 0x0F);
    m.naturals[3] = uint8_t(in[3] >> 4);
  } else {
    return fail(err, Reason::malformed_action, "packed meld kind %d is neither run (1) nor set (2)",
                kind);
  }
  if (!meld_is_valid(m)) {
    // Say why in T4's words by rebuilding the meld from its cards where that is possible.
    if (m.is_run() && (m.colour >= kRookColours || m.low < 1 || m.high > kRookNumbers ||
                       m.low > m.high || (m.rooks_at >> kRookNumbers)))
      return fail(err, Reason::malformed_action, "packed run bytes out of range");
    if (m.is_set() && (m.low < 1 || m.low > kRookNumbers))
      return fail(err, Reason::malformed_action, "packed set number %d out of range", m.low);
    RookFace faces[80];
    const int n = meld_faces(m, faces);
    Meld rebuilt;
    if (Reason r = make_meld(faces, n, m.kind, &rebuilt, err); r != Reason::ok) return r;
    return fail(err, Reason::malformed_action, "packed meld is malformed");
  }
  *out = m;
  return Reason::ok;
}

// ---- action builders -------------------------------------------------------------------------

Action swap_action(int seat, int meld, RookFace natural) {
  Action a = simple_action(seat, ActionKind::swap);
  a.target = uint8_t(meld);
  a.count = 1;
  a.bytes[0] = natural;
  return a;
}
Action layoff_action(int seat, int meld, RookFace face, int number_for_rook) {
  Action a = simple_action(seat, ActionKind::layoff);
  a.target = uint8_t(meld);
  a.count = 1;
  a.bytes[0] = is_rook(face) && number_for_rook >= 1 && number_for_rook <= kRookNumbers
                   ? uint8_t(kRookAt | number_for_rook)
                   : face;
  return a;
}
Action down_action(int seat, const Meld* melds, int count) {
  Action a = simple_action(seat, ActionKind::down);
  count = count < 0 ? 0 : count > kMaxContractMelds ? kMaxContractMelds : count;
  a.target = uint8_t(count);
  a.count = uint8_t(4 * count);
  for (int i = 0; i < count; ++i) pack_meld(melds[i], a.bytes + 4 * i);
  return a;
}

namespace detail {
bool decode_layoff_card(uint8_t byte, LayoffCard* out) {
  if (byte & kRookAt) {
    const int number = byte & 0x7F;
    if (number < 1 || number > kRookNumbers) return false;
    *out = LayoffCard{kRook, number};
    return true;
  }
  if (!valid_rook_face(byte)) return false;
  *out = LayoffCard{byte, 0};
  return true;
}
}  // namespace detail

// ---- action text -----------------------------------------------------------------------------

namespace {

std::string layoff_card_name(uint8_t byte) {
  detail::LayoffCard c;
  if (!detail::decode_layoff_card(byte, &c)) return "??";
  if (c.number) return "ROOK=" + std::to_string(c.number);
  return rook_face_name(c.face);
}

bool parse_layoff_card(std::string_view word, uint8_t* out) {
  const size_t eq = word.find('=');
  if (eq != std::string_view::npos) {
    int64_t number;
    if (!iequals(word.substr(0, eq), "rook") ||
        !text::parse_int(word.substr(eq + 1), 1, kRookNumbers, &number))
      return false;
    *out = uint8_t(kRookAt | number);
    return true;
  }
  RookFace f;
  if (!parse_rook_face(word, &f)) return false;
  *out = f;
  return true;
}

Reason parse_meld_id(std::string_view word, uint8_t* out, Error* err) {
  int64_t id;
  if (!text::parse_int(word, 0, kMaxTableMelds - 1, &id))
    return fail(err, Reason::no_such_meld, "%s is not a meld id (0-%d)", text::quote(word).c_str(),
                kMaxTableMelds - 1);
  *out = uint8_t(id);
  return Reason::ok;
}

Reason parse_face_word(std::string_view word, RookFace* out, Error* err) {
  if (!parse_rook_face(word, out))
    return fail(err, Reason::invalid_card, "%s is not a Rook card", text::quote(word).c_str());
  return Reason::ok;
}

}  // namespace

std::string format_action(const Action& a) {
  switch (a.kind) {
    case ActionKind::take:
      return "take";
    case ActionKind::draw:
      return "draw";
    case ActionKind::buy:
      return "buy";
    case ActionKind::pass:
      return "pass";
    case ActionKind::discard:
      return std::string("discard ") + rook_face_name(a.bytes[0]);
    case ActionKind::swap:
      return "swap " + std::to_string(a.target) + " " + rook_face_name(a.bytes[0]);
    case ActionKind::layoff: {
      std::string out = "layoff " + std::to_string(a.target);
      for (int i = 0; i < a.count && i < kActionBytes; ++i)
        out += " " + layoff_card_name(a.bytes[i]);
      return out;
    }
    case ActionKind::down: {
      std::string out = "down";
      for (int i = 0; i < a.target && i < kMaxContractMelds; ++i) {
        Meld m;
        if (unpack_meld(a.bytes + 4 * i, &m, nullptr) != Reason::ok) return "?";
        out += i ? " | " : " ";
        out += format_meld(m);
      }
      return out;
    }
  }
  return "?";
}

Reason parse_action(std::string_view action, int seat, Action* out, Error* err) {
  const auto words = text::split_words(action);
  if (words.empty()) return fail(err, Reason::malformed_action, "empty action");
  const std::string_view verb = words[0];
  Action a;
  a.seat = uint8_t(seat);
  if (iequals(verb, "take") || iequals(verb, "draw") || iequals(verb, "buy") ||
      iequals(verb, "pass")) {
    if (Reason r = deckhand::detail::expect_words(words, 1, err); r != Reason::ok) return r;
    a.kind = iequals(verb, "take")   ? ActionKind::take
             : iequals(verb, "draw") ? ActionKind::draw
             : iequals(verb, "buy")  ? ActionKind::buy
                                     : ActionKind::pass;
  } else if (iequals(verb, "discard")) {
    if (Reason r = deckhand::detail::expect_words(words, 2, err); r != Reason::ok) return r;
    a.kind = ActionKind::discard;
    a.count = 1;
    if (Reason r = parse_face_word(words[1], &a.bytes[0], err); r != Reason::ok) return r;
  } else if (iequals(verb, "swap")) {
    if (Reason r = deckhand::detail::expect_words(words, 3, err); r != Reason::ok) return r;
    a.kind = ActionKind::swap;
    a.count = 1;
    if (Reason r = parse_meld_id(words[1], &a.target, err); r != Reason::ok) return r;
    if (Reason r = parse_face_word(words[2], &a.bytes[0], err); r != Reason::ok) return r;
  } else if (iequals(verb, "layoff")) {
    if (words.size() < 3 || words.size() > 2 + size_t(kActionBytes))
      return fail(err, Reason::malformed_action, "'layoff <meld-id> <cards>' takes 1 to %d cards",
                  kActionBytes);
    a.kind = ActionKind::layoff;
    if (Reason r = parse_meld_id(words[1], &a.target, err); r != Reason::ok) return r;
    for (size_t i = 2; i < words.size(); ++i)
      if (!parse_layoff_card(words[i], &a.bytes[a.count++]))
        return fail(err, Reason::invalid_card, "%s is not a Rook card (or ROOK=<1-14>)",
                    text::quote(words[i]).c_str());
  } else if (iequals(verb, "down")) {
    a.kind = ActionKind::down;
    const auto parts = text::split_on(text::trim(action).substr(verb.size()), '|');
    if (parts.size() > size_t(kMaxContractMelds))
      return fail(err, Reason::contract_not_met, "%zu melds: no contract has more than %d",
                  parts.size(), kMaxContractMelds);
    for (std::string_view part : parts) {
      if (text::trim(part).empty())
        return fail(err, Reason::malformed_action, "'down <meld> | <meld> ...' has an empty meld");
      Meld m;
      if (Reason r = parse_meld(part, MeldKind::none, &m, err); r != Reason::ok) return r;
      pack_meld(m, a.bytes + 4 * a.target);
      Meld packed;  // the packed form holds up to 15 of each card: more is no real meld
      if (unpack_meld(a.bytes + 4 * a.target, &packed, nullptr) != Reason::ok || !(packed == m))
        return fail(err, Reason::malformed_action,
                    "%s holds more copies of a card than the %d decks have",
                    text::quote(part).c_str(), kMaxPlayers);
      ++a.target;
    }
    a.count = uint8_t(4 * a.target);
  } else {
    return fail(err, Reason::malformed_action,
                "%s is not a Toonerville action (take, draw, buy, pass, down, layoff, swap, "
                "discard)",
                text::quote(verb).c_str());
  }
  *out = a;
  return Reason::ok;
}

// ---- deals and reshuffles --------------------------------------------------------------------

namespace {

// Appends the faces of a card list to *out; `...` as the last word (when allowed) sets
// *completed. Each face may appear at most `limit` times in all of *seen.
Reason parse_card_list(std::string_view list, bool allow_rest, int limit, FaceCounts* seen,
                       std::string* out, bool* completed, Error* err) {
  const auto words = text::split_words(list);
  for (size_t i = 0; i < words.size(); ++i) {
    if (words[i] == "...") {
      if (!allow_rest || i + 1 != words.size())
        return fail(err, Reason::malformed_deal, "'...' may only end the stock");
      *completed = true;
      break;
    }
    RookFace f;
    if (!parse_rook_face(words[i], &f))
      return fail(err, Reason::malformed_deal, "%s is not a Rook card",
                  text::quote(words[i]).c_str());
    if (seen->count(f) >= limit)
      return fail(err, Reason::malformed_deal, "%s appears more than %d times", rook_face_name(f),
                  limit);
    seen->add(f);
    out->push_back(char(f));
  }
  return Reason::ok;
}

std::string faces_text(std::string_view faces) {
  std::string out;
  for (char c : faces) {
    if (!out.empty()) out += ' ';
    out += rook_face_name(RookFace(uint8_t(c)));
  }
  return out;
}

}  // namespace

Reason parse_deal(std::string_view deal, int n, std::string* bytes, Error* err) {
  std::string hands[kMaxPlayers], upcard, stock;
  bool named[kMaxPlayers + 2] = {};
  bool rest = false;
  FaceCounts seen;
  for (std::string_view part : text::split_on(deal, ';')) {
    const size_t colon = part.find(':');
    if (colon == std::string_view::npos)
      return fail(err, Reason::malformed_deal, "%s is not 'holder: cards'",
                  text::quote(text::trim(part)).c_str());
    const std::string_view holder = text::trim(part.substr(0, colon));
    int64_t h;
    if (iequals(holder, "upcard"))
      h = n;
    else if (iequals(holder, "stock"))
      h = n + 1;
    else if (!text::parse_int(holder, 0, n - 1, &h))
      return fail(err, Reason::malformed_deal, "unknown holder %s (0-%d, upcard or stock)",
                  text::quote(holder).c_str(), n - 1);
    if (named[h])
      return fail(err, Reason::malformed_deal, "holder %s is named twice",
                  text::quote(holder).c_str());
    named[h] = true;
    std::string* into = h < n ? &hands[h] : h == n ? &upcard : &stock;
    if (Reason r = parse_card_list(part.substr(colon + 1), h == n + 1, n, &seen, into, &rest, err);
        r != Reason::ok)
      return r;
  }
  for (int h = 0; h < n + 2; ++h)
    if (!named[h])
      return h < n ? fail(err, Reason::malformed_deal, "the deal does not name seat %d", h)
                   : fail(err, Reason::malformed_deal, "the deal does not name the %s",
                          h == n ? "upcard" : "stock");
  if (upcard.size() != 1)
    return fail(err, Reason::malformed_deal, "the upcard is one card, not %zu", upcard.size());
  for (int p = 1; p < n; ++p)
    if (hands[p].size() != hands[0].size())
      return fail(err, Reason::malformed_deal, "seat %d has %zu cards and seat 0 %zu", p,
                  hands[p].size(), hands[0].size());
  if (rest) {  // docs/toonerville.md: the remaining cards in canonical order, earliest entries
               // removed
    for (int copy = 0; copy < n; ++copy)
      for (int f = 0; f < kRookFaces; ++f)
        if (copy >= seen.count(RookFace(f))) stock.push_back(char(f));
  }
  bytes->clear();
  bytes->push_back(char(n));
  bytes->push_back(char(hands[0].size()));
  for (int p = 0; p < n; ++p) {  // a hand in canonical order: the order written is no part of it
    FaceCounts hand;
    for (char c : hands[p]) hand.add(RookFace(uint8_t(c)));
    for (int f = 0; f < kRookFaces; ++f) bytes->append(hand.n[f], char(f));
  }
  *bytes += upcard;
  *bytes += stock;
  return Reason::ok;
}

std::string format_deal(std::string_view bytes) {
  if (bytes.size() < 2) return "";
  const int n = uint8_t(bytes[0]), size = uint8_t(bytes[1]);
  if (bytes.size() < size_t(2 + n * size + 1)) return "";
  std::string out;
  for (int p = 0; p < n; ++p) {
    FaceCounts hand;
    for (int i = 0; i < size; ++i) hand.add(RookFace(uint8_t(bytes[2 + p * size + i])));
    char buf[kMaxCards * 5];
    format_rook_faces(hand, buf, sizeof buf);
    out += std::to_string(p) + ": " + buf + "; ";
  }
  out += "upcard: " + faces_text(bytes.substr(2 + n * size, 1));
  out += "; stock: " + faces_text(bytes.substr(3 + n * size));
  return out;
}

Reason deal_bytes(const State& s, std::string_view bytes, State* out, Error* err) {
  const int n = players(s);
  if (bytes.size() < 3 || uint8_t(bytes[0]) != n ||
      bytes.size() < size_t(3 + n * uint8_t(bytes[1])))
    return fail(err, Reason::malformed_deal, "the deal is not for %d players", n);
  const int size = uint8_t(bytes[1]);
  FaceCounts hands[kMaxPlayers];
  for (int p = 0; p < n; ++p)
    for (int i = 0; i < size; ++i) {
      const RookFace f = RookFace(uint8_t(bytes[2 + p * size + i]));
      if (!valid_rook_face(f)) return fail(err, Reason::malformed_deal, "not a Rook card");
      hands[p].add(f);
    }
  const char* rest = bytes.data() + 2 + n * size;
  const int stock = int(bytes.size()) - 3 - n * size;
  return deal_cards(s, hands, RookFace(uint8_t(rest[0])),
                    reinterpret_cast<const RookFace*>(rest + 1), stock, out, err);
}

Reason parse_reshuffle(const State& s, std::string_view text, std::string* faces, Error* err) {
  const std::string_view t = text::trim(text);
  const size_t colon = t.find(':');
  if (colon == std::string_view::npos || !iequals(text::trim(t.substr(0, colon)), "stock"))
    return fail(err, Reason::malformed_record,
                "a reshuffle is 'reshuffle seed <n>' or 'reshuffle stock: <cards>'");
  FaceCounts below_top, seen;
  for (int i = 0; i + 1 < s.pile_count; ++i) below_top.add(s.pile[i]);
  bool rest = false;
  faces->clear();
  if (Reason r = parse_card_list(t.substr(colon + 1), true, kMaxPlayers, &seen, faces, &rest, err);
      r != Reason::ok)
    return r;
  if (rest) {  // the rest of the discards below the top, in canonical deck order
    for (int copy = 0; copy < kMaxPlayers; ++copy)
      for (int f = 0; f < kRookFaces; ++f)
        if (copy >= seen.count(RookFace(f)) && copy < below_top.count(RookFace(f)))
          faces->push_back(char(f));
  }
  return Reason::ok;
}

std::string format_reshuffle(std::string_view faces) {
  return "stock: " + faces_text(faces);
}

}  // namespace deckhand::toonerville
