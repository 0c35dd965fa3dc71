// Toonerville Rook's card counting for hints (docs/bots.md, "Hints"): the clause of a hint's
// reason that says, from the seat's view alone (T14), where the copies of the card an action
// concerns are — and of its neighbours in its colour when the contract wants runs — whether a
// meld on the table takes it, and what it costs held at the round's end (T12).
#include <algorithm>
#include <bit>
#include <string>

#include "bots.hpp"
#include "internal.hpp"

namespace deckhand::bots::detail {

namespace tv = toonerville;

namespace {

constexpr uint64_t face_bit(RookFace f) {
  return uint64_t(1) << f;
}

uint64_t number_faces(int number) {
  uint64_t faces = 0;
  for (int c = 0; c < kRookColours; ++c) faces |= face_bit(rook_face(c, number));
  return faces;
}

const char* const kColourNames[kRookColours] = {"black", "green", "red", "yellow"};

std::string count_of(int k, const char* one, const char* many) {
  return std::to_string(k) + " " + (k == 1 ? one : many);
}

// "seat 1's set of 7s (meld 0)", "your run 3R-6R (meld 2)"; an id past the table's melds (an
// action checked against another state) as "meld 9, not on the table".
std::string meld_name(const tv::View& v, int m) {
  if (m >= v.meld_count) return "meld " + std::to_string(m) + ", not on the table";
  const tv::Meld& meld = v.melds[m];
  std::string text = v.meld_owner[m] == v.seat
                         ? std::string("your")
                         : "seat " + std::to_string(int(v.meld_owner[m])) + "'s";
  if (meld.is_set())
    text += " set of " + std::to_string(int(meld.low)) + "s";
  else
    text += std::string(" run ") + rook_face_name(rook_face(meld.colour, meld.low)) + "-" +
            rook_face_name(rook_face(meld.colour, meld.high));
  return text + " (meld " + std::to_string(m) + ")";
}

int other_seats_down(const tv::View& v) {
  const unsigned mine = v.seat == tv::kNoSeat ? 0u : 1u << v.seat;
  return std::popcount(unsigned(v.down) & ~mine);
}

bool seat_is_down(const tv::View& v) {
  return v.seat != tv::kNoSeat && ((v.down >> v.seat) & 1);
}

// "none are", "1 is", "3 are".
std::string are(int k) {
  return k == 0 ? "none are" : std::to_string(k) + (k == 1 ? " is" : " are");
}

// "3 are gone (2 buried in the pile, 1 in melds)".
std::string gone_text(const CopiesSeen& c) {
  std::string text = are(c.pile + c.melds) + " gone";
  if (c.pile && c.melds)
    text += " (" + std::to_string(c.pile) + " buried in the pile, " + std::to_string(c.melds) +
            " in melds)";
  else if (c.pile)
    text += " (buried in the pile)";
  else if (c.melds)
    text += " (in melds)";
  return text;
}

// Whether the card's set counts (its number) or run counts (its neighbours) say more: the
// contract's kind when it has one kind, else whichever the hand holds more of, sets on a tie.
// `in_hand`: the card itself is in the hand (a discard), not counted as support.
bool counts_for_set(const tv::View& v, RookFace face, bool in_hand) {
  const tv::Contract c = tv::contract_for_round(v.round);
  if (c.runs == 0) return true;
  if (c.sets == 0) return false;
  const int number = face_number(face), colour = face_colour(face);
  int same = -int(in_hand), neighbours = 0;
  for (int k = 0; k < kRookColours; ++k) same += v.hand.count(rook_face(k, number));
  for (int d : {-1, 1})
    if (number + d >= 1 && number + d <= kRookNumbers)
      neighbours += v.hand.count(rook_face(colour, number + d));
  return same >= neighbours;
}

// "of the 12 natural 7s you hold 2 with it, 3 are gone (...), 1 is on the pile's top and 6
// are still out" (the Rooks for a Rook). `on_top`: the card is the pile's top (taken, bought,
// passed or drawn past): "of the 11 other natural 7s you hold 1, ...".
std::string group_text(const tv::View& v, RookFace face, bool on_top) {
  const bool rook = is_rook(face);
  const CopiesSeen c = copies_seen(v, rook ? face_bit(kRook) : number_faces(face_number(face)));
  std::string text =
      "of the " + std::to_string(c.copies - c.top * on_top) + (on_top ? " other" : "") +
      (rook ? " Rooks" : " natural " + std::to_string(face_number(face)) + "s") + " you hold " +
      std::to_string(c.held) + (on_top ? "" : " with it") + ", " + gone_text(c);
  if (!on_top && c.top) text += ", 1 is on the pile's top";
  return text + " and " + are(c.out()) + " still out";
}

// "for a red run (3 copies of each): 6R 1 yours, 1 gone, 1 still out, and 8R 0 yours, 2 gone,
// 1 still out".
std::string run_text(const tv::View& v, RookFace face, bool on_top) {
  const int number = face_number(face), colour = face_colour(face);
  std::string text = std::string("for a ") + kColourNames[colour] + " run (" +
                     std::to_string(int(v.options.players)) + " copies of each): ";
  bool first = true;
  for (int d : {-1, 1}) {
    if (number + d < 1 || number + d > kRookNumbers) continue;
    const RookFace n = rook_face(colour, number + d);
    const CopiesSeen c = copies_seen(v, face_bit(n));
    text += std::string(first ? "" : ", and ") + rook_face_name(n) + " " + std::to_string(c.held) +
            " yours, " + std::to_string(c.pile + c.melds) + " gone, ";
    if (!on_top && c.top) text += "1 on the pile's top, ";
    text += std::to_string(c.out()) + " still out";
    first = false;
  }
  return text;
}

// What the seat's hand makes of `face` (a discard, or the pile's top): its set or run counts.
std::string counts_text(const tv::View& v, RookFace face, bool on_top) {
  return is_rook(face) || counts_for_set(v, face, !on_top) ? group_text(v, face, on_top)
                                                           : run_text(v, face, on_top);
}

// The melds on the table that take `face` (T8): "it can be laid off on seat 1's set of 7s
// (meld 0)", and, for a card the seat gives up (`discarded`), who else is down to do it; or
// "no meld on the table takes it".
std::string lay_off_text(const tv::View& v, RookFace face, bool discarded) {
  int takers = 0;
  std::string named;
  for (int m = 0; m < v.meld_count; ++m) {
    if (!tv::can_lay_off(v.melds[m], face)) continue;
    if (takers < 2) named += (takers ? " or " : "") + meld_name(v, m);
    ++takers;
  }
  if (takers == 0) return v.meld_count ? "no meld on the table takes it" : "no meld is down yet";
  std::string text = "it can be laid off on " + named;
  if (takers > 2) text += " (and " + count_of(takers - 2, "more meld", "more melds") + ")";
  if (!discarded) return text;
  const int others = other_seats_down(v);
  return text + (others ? ", and " + count_of(others, "other seat is", "other seats are") + " down"
                        : ", but no other seat is down");
}

// The card an action about the pile's top concerns, counted: "7R is on the pile; of the 12
// ...", or, for a seat that is down, where it can be laid off.
std::string top_text(const tv::View& v) {
  const RookFace top = v.pile[v.pile_count - 1];
  return std::string(rook_face_name(top)) + " is on the pile; " +
         (seat_is_down(v) ? lay_off_text(v, top, false) : counts_text(v, top, true));
}

std::string stock_text(const tv::View& v) {
  const int down = std::popcount(unsigned(v.down));
  return count_of(v.stock_count, "card", "cards") + " in the stock, " +
         (down ? count_of(down, "seat", "seats") + " of " + std::to_string(int(v.options.players)) +
                     " down"
               : std::string("nobody down"));
}

}  // namespace

CopiesSeen copies_seen(const tv::View& v, uint64_t faces) {
  CopiesSeen c;
  c.copies = std::popcount(faces) * v.options.players;
  const auto in = [&](RookFace f) { return f <= kRook && ((faces >> f) & 1); };
  for (int f = 0; f < kRookFaces; ++f)
    if (in(RookFace(f))) c.held += v.hand.count(RookFace(f));
  for (int i = 0; i + 1 < v.pile_count; ++i) c.pile += in(v.pile[i]);
  if (v.pile_count) c.top = in(v.pile[v.pile_count - 1]);
  FaceCounts table;
  for (int m = 0; m < v.meld_count; ++m) tv::add_meld_cards(v.melds[m], &table);
  for (int f = 0; f < kRookFaces; ++f)
    if (in(RookFace(f))) c.melds += table.count(RookFace(f));
  return c;
}

std::string toonerville_count_reason(const tv::View& v, const tv::Action& a) {
  const bool has_top = v.pile_count > 0;
  switch (a.kind) {
    case tv::ActionKind::discard: {
      const RookFace face = a.bytes[0];
      // A seat that is down makes no new meld (T7): only the lay-offs count for it.
      const std::string text = seat_is_down(v) ? "" : counts_text(v, face, false) + "; ";
      return text + lay_off_text(v, face, true) + "; held at the round's end it costs you " +
             std::to_string(penalty_points(face)) + " penalty points";
    }
    case tv::ActionKind::take:
      return has_top ? top_text(v) : stock_text(v);
    case tv::ActionKind::buy:
    case tv::ActionKind::pass:
      return (has_top ? top_text(v) + "; " : std::string()) +
             "a buy brings the stock's top card with it (" + stock_text(v) + ")";
    case tv::ActionKind::draw:
      return (has_top && !v.bought ? top_text(v) + "; " : std::string()) + stock_text(v);
    case tv::ActionKind::layoff: {
      FaceCounts laid;
      std::string names;
      for (int i = 0; i < a.count && i < tv::kActionBytes; ++i) {
        tv::detail::LayoffCard card;
        if (!tv::detail::decode_layoff_card(a.bytes[i], &card)) continue;
        laid.add(card.face);
        names += std::string(i ? " " : "") + rook_face_name(card.face);
      }
      const int left = v.hand.total() - laid.total();
      std::string text = names + (laid.total() == 1 ? " goes" : " go") + " on " +
                         meld_name(v, a.target) + ": " + std::to_string(penalty_points(laid)) +
                         " penalty points out of your hand";
      return text + (left > 0 ? ", " + count_of(left, "card", "cards") + " left in it"
                              : ", and you go out");
    }
    case tv::ActionKind::swap:
      return std::string(rook_face_name(a.bytes[0])) + " takes the Rook's place in " +
             meld_name(v, a.target) +
             "; the Rook (25 penalty points) must go to the table this turn";
    case tv::ActionKind::down: {
      FaceCounts used;
      for (int i = 0; i < a.target && i < tv::kMaxContractMelds; ++i) {
        tv::Meld m;
        if (tv::unpack_meld(a.bytes + 4 * i, &m, nullptr) == Reason::ok)
          tv::add_meld_cards(m, &used);
      }
      FaceCounts kept = v.hand;
      for (int f = 0; f < kRookFaces; ++f)
        kept.remove(RookFace(f), std::min(kept.count(RookFace(f)), used.count(RookFace(f))));
      const int others = other_seats_down(v);
      std::string text = "you lay " + tv::format_contract(tv::contract_for_round(v.round)) +
                         " down with " + count_of(used.total(), "card", "cards");
      text += kept.empty() ? " and go out"
                           : ", keeping " + count_of(kept.total(), "card", "cards") + " worth " +
                                 std::to_string(penalty_points(kept)) + " penalty points";
      return text + "; " +
             (others ? count_of(others, "other seat is", "other seats are") + " down"
                     : std::string("no other seat is down"));
    }
  }
  return stock_text(v);
}

}  // namespace deckhand::bots::detail
