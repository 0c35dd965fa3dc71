// Toonerville Rook cards, melds and the contract finder: rules T1 (faces, decks,
// notation), T2/T7 (contracts), T4 (runs and sets), T8 (laying off), T9 (the Rook swap on a
// run), T11 (the whole hand in round 11), T12 (penalty points). The finder is checked against
// an exhaustive brute-force search on random hands.
#include <doctest/doctest.h>

#include <algorithm>
#include <iterator>
#include <string>
#include <vector>

#include "deckhand/error.hpp"
#include "deckhand/rng.hpp"
#include "deckhand/rook_cards.hpp"
#include "deckhand/toonerville.hpp"
#include "deckhand/toonerville_bots.hpp"
#include "deckhand/toonerville_melds.hpp"
#include "toonerville/internal.hpp"

using namespace deckhand;
using namespace deckhand::toonerville;

namespace {

RookFace face(const char* text) {
  RookFace f = kNoRookFace;
  REQUIRE(parse_rook_face(text, &f));
  return f;
}

FaceCounts hand_of(const std::string& text) {
  FaceCounts h;
  REQUIRE(parse_rook_faces(text, &h));
  return h;
}

Meld meld_of(const char* text, MeldKind want = MeldKind::none) {
  Meld m;
  Error err;
  INFO(text);
  REQUIRE(parse_meld(text, want, &m, &err) == Reason::ok);
  return m;
}

Reason meld_reason(const char* text, MeldKind want = MeldKind::none) {
  Meld m;
  Error err;
  const Reason r = parse_meld(text, want, &m, &err);
  if (r != Reason::ok) CHECK(std::string(err.message).rfind(reason_name(r), 0) == 0);
  return r;
}

// An arrangement is valid for `hand` and `contract`: the contract's runs then sets, each a
// legal meld by T4 (checked here directly, not through make_meld), and the melds plus the
// leftover are exactly the hand.
void check_arrangement(const FaceCounts& hand, Contract contract, const Arrangement& a) {
  REQUIRE(a.count == contract.runs + contract.sets);
  FaceCounts all = a.leftover;
  for (int i = 0; i < a.count; ++i) {
    const Meld& m = a.melds[i];
    RookFace faces[64];
    const int n = meld_faces(m, faces);
    int naturals = 0;
    for (int j = 0; j < n; ++j) naturals += !is_rook(faces[j]);
    CHECK(naturals >= 1);
    if (i < contract.runs) {
      REQUIRE(m.is_run());
      CHECK(n >= 4);
      CHECK(m.low >= 1);
      CHECK(m.high <= 14);
      for (int j = 0; j < n; ++j)
        if (!is_rook(faces[j])) {
          CHECK(face_colour(faces[j]) == m.colour);
          CHECK(face_number(faces[j]) == m.low + j);
        }
    } else {
      REQUIRE(m.is_set());
      CHECK(n >= 3);
      for (int j = 0; j < n; ++j)
        if (!is_rook(faces[j])) CHECK(face_number(faces[j]) == m.low);
    }
    add_meld_cards(m, &all);
  }
  CHECK(all == hand);
  CHECK(a.leftover_points == penalty_points(a.leftover));
}

// ---- brute force ---------------------------------------------------------------------------
// Every assignment of the hand's natural cards to the contract's meld slots or to the hand
// (identical cards and empty slots taken in a fixed order, so each arrangement is visited
// once), with the Rooks placed exactly at the end: each run needs max(4, span) - naturals,
// each set max(0, 3 - naturals), and spare Rooks go to a set or to run ends up to 14.
// Cards go in ascending number, so two sound cuts apply: the Rooks already needed (gaps
// inside runs, finished sets short of 3) never shrink, and the points already left in hand
// never shrink (branch and bound).
struct Brute {
  int runs, sets, rooks;
  std::vector<RookFace> cards;  // natural cards, one entry per copy, by number then colour
  int run_colour[4], set_number[5];
  uint16_t run_numbers[4];
  int set_count[5];
  int best;

  int solve(const FaceCounts& hand, Contract c) {
    runs = c.runs;
    sets = c.sets;
    rooks = hand.rooks();
    cards.clear();
    for (int number = 1; number <= 14; ++number)
      for (int colour = 0; colour < 4; ++colour)
        for (int k = 0; k < hand.n[rook_face(colour, number)]; ++k)
          cards.push_back(rook_face(colour, number));
    for (int i = 0; i < 4; ++i) run_colour[i] = -1, run_numbers[i] = 0;
    for (int i = 0; i < 5; ++i) set_number[i] = -1, set_count[i] = 0;
    best = 1 << 30;
    go(0, 0, 0);
    return best;  // 1 << 30 when impossible
  }

  // Rooks that the slots need whatever comes next (cards of number `next` and above).
  int rooks_needed(int next) const {
    int need = 0;
    for (int r = 0; r < runs; ++r) {
      if (run_colour[r] < 0) continue;
      const int hi = 31 - __builtin_clz(run_numbers[r]), lo = __builtin_ctz(run_numbers[r]);
      need += hi - lo + 1 - __builtin_popcount(run_numbers[r]);
    }
    for (int s = 0; s < sets; ++s)
      if (set_number[s] >= 0 && set_number[s] < next) need += std::max(0, 3 - set_count[s]);
    return need;
  }

  // min_dest: identical copies take destinations in nondecreasing order.
  void go(size_t i, int left, int min_dest) {
    if (left >= best) return;
    int empty = 0;
    for (int r = 0; r < runs; ++r) empty += run_colour[r] < 0;
    for (int s = 0; s < sets; ++s) empty += set_number[s] < 0;
    if (empty > int(cards.size() - i)) return;
    if (rooks_needed(i < cards.size() ? face_number(cards[i]) : 15) > rooks) return;
    if (i == cards.size()) return leaf(left);
    const RookFace f = cards[i];
    const bool same_as_prev = i > 0 && cards[i - 1] == f;
    const int lo = same_as_prev ? min_dest : 0;
    const int colour = face_colour(f), number = face_number(f);
    // destination 0: the hand; 1..runs: run slots; runs+1..: set slots
    if (lo == 0) go(i + 1, left + penalty_points(f), 0);
    bool empty_run_tried = false;
    for (int r = 0; r < runs; ++r) {
      if (1 + r < lo) continue;
      if (run_colour[r] < 0) {
        if (empty_run_tried) continue;
        empty_run_tried = true;
        run_colour[r] = colour;
        run_numbers[r] = uint16_t(1u << number);
        go(i + 1, left, 1 + r);
        run_colour[r] = -1;
        run_numbers[r] = 0;
      } else if (run_colour[r] == colour && !(run_numbers[r] & (1u << number))) {
        run_numbers[r] = uint16_t(run_numbers[r] | (1u << number));
        go(i + 1, left, 1 + r);
        run_numbers[r] = uint16_t(run_numbers[r] & ~(1u << number));
      }
    }
    bool empty_set_tried = false;
    for (int s = 0; s < sets; ++s) {
      if (1 + runs + s < lo) continue;
      if (set_number[s] < 0) {
        if (empty_set_tried) continue;
        empty_set_tried = true;
        set_number[s] = number;
        set_count[s] = 1;
        go(i + 1, left, 1 + runs + s);
        set_number[s] = -1;
        set_count[s] = 0;
      } else if (set_number[s] == number) {
        ++set_count[s];
        go(i + 1, left, 1 + runs + s);
        --set_count[s];
      }
    }
  }

  void leaf(int left) {
    int need = 0, room = 0;
    for (int r = 0; r < runs; ++r) {
      if (run_colour[r] < 0) return;
      const int hi = 31 - __builtin_clz(run_numbers[r]), lo = __builtin_ctz(run_numbers[r]);
      const int len = std::max(4, hi - lo + 1);
      need += len - __builtin_popcount(run_numbers[r]);
      room += 14 - len;
    }
    for (int s = 0; s < sets; ++s) {
      if (set_number[s] < 0) return;
      need += std::max(0, 3 - set_count[s]);
    }
    if (need > rooks) return;
    const int spare = rooks - need;
    const int unplaced = sets > 0 ? 0 : std::max(0, spare - room);
    best = std::min(best, left + 25 * unplaced);
  }
};

// A random hand of `size` cards from `decks` shuffled decks; with `narrow`, from a deck cut
// down to two colours and seven numbers plus extra Rooks, where melds are common.
FaceCounts random_hand(PortableRng& rng, int size, bool narrow) {
  std::vector<RookFace> deck;
  if (narrow) {
    const int c1 = int(rng.bounded(4)), c2 = int(rng.bounded(4));
    const int low = 1 + int(rng.bounded(8));
    for (int copy = 0; copy < 2; ++copy)
      for (int n = low; n < low + 7; ++n) {
        deck.push_back(rook_face(c1, n));
        deck.push_back(rook_face(c2, n));
      }
    for (int k = 0; k < 4; ++k) deck.push_back(kRook);
  } else {
    const int decks = 3 + int(rng.bounded(3));
    deck.resize(size_t(57 * decks));
    canonical_rook_deck(decks, deck.data());
  }
  rng.shuffle(deck.data(), int(deck.size()));
  FaceCounts h;
  for (int i = 0; i < size && i < int(deck.size()); ++i) h.add(deck[size_t(i)]);
  return h;
}

}  // namespace

// ---- T1, T12: faces, decks, notation, points ------------------------------------------------

TEST_CASE("T1: Rook faces are colour * 14 + number - 1, and the Rook is 56") {
  CHECK(rook_face(0, 1) == 0);
  CHECK(rook_face(3, 14) == 55);
  CHECK(face("1B") == 0);
  CHECK(face("14Y") == 55);
  CHECK(face("5R") == rook_face(2, 5));
  CHECK(face("ROOK") == kRook);
  CHECK(face_colour(face("9G")) == 1);
  CHECK(face_number(face("9G")) == 9);
}

TEST_CASE("T1 / Card notation: number then colour, case-insensitive in, upper case out") {
  CHECK(face("5r") == face("5R"));
  CHECK(face("14g") == rook_face(1, 14));
  CHECK(face("rook") == kRook);
  CHECK(face("Rook") == kRook);
  CHECK(std::string(rook_face_name(face("10y"))) == "10Y");
  CHECK(std::string(rook_face_name(face("1b"))) == "1B");
  CHECK(std::string(rook_face_name(kRook)) == "ROOK");
  CHECK(std::string(rook_face_name(kNoRookFace)) == "??");
  RookFace untouched = 7;
  for (const char* bad : {"", "0R", "15B", "5X", "05R", "R5", "ROOKS", "ROO", "5", "-1R", "1 R"})
    CHECK_MESSAGE(!parse_rook_face(bad, &untouched), bad);
  CHECK(untouched == 7);
  for (int f = 0; f < kRookFaces; ++f) CHECK(face(rook_face_name(RookFace(f))) == f);
}

TEST_CASE("T1: one 57-card deck per player; the canonical order is B G R Y 1..14, ROOK") {
  for (int decks = kMinRookDecks; decks <= kMaxRookDecks; ++decks) {
    std::vector<RookFace> deck(size_t(kRookDeckSize * decks));
    canonical_rook_deck(decks, deck.data());
    CHECK(deck.size() == size_t(57 * decks));  // 171, 228, 285
    CHECK(std::string(rook_face_name(deck[0])) == "1B");
    CHECK(std::string(rook_face_name(deck[13])) == "14B");
    CHECK(std::string(rook_face_name(deck[14])) == "1G");
    CHECK(std::string(rook_face_name(deck[55])) == "14Y");
    CHECK(deck[56] == kRook);
    CHECK(std::string(rook_face_name(deck[57])) == "1B");
    // The portable shuffle permutes it: every face still `decks` times.
    PortableRng rng(42);
    rng.shuffle(deck.data(), int(deck.size()));
    FaceCounts counts;
    for (RookFace f : deck) counts.add(f);
    for (int f = 0; f < kRookFaces; ++f) CHECK(counts.count(RookFace(f)) == decks);
    CHECK(counts.total() == 57 * decks);
  }
}

TEST_CASE("T1: identical cards are interchangeable: a hand is counts per face") {
  FaceCounts h = hand_of("5R 5r 5R rook 14G");
  CHECK(h.count(face("5R")) == 3);
  CHECK(h.rooks() == 1);
  CHECK(h.total() == 5);
  CHECK(h.remove(face("5R"), 2));
  CHECK(!h.remove(face("5R"), 2));
  CHECK(h.count(face("5R")) == 1);
  CHECK(h.contains(hand_of("5R 14G")));
  CHECK(!h.contains(hand_of("5R 5R")));
  char buf[64];
  CHECK(format_rook_faces(hand_of("ROOK 5R 1B 5R"), buf, sizeof buf) == 13);
  CHECK(std::string(buf) == "1B 5R 5R ROOK");
  CHECK(format_rook_faces(hand_of("ROOK 5R 1B 5R"), buf, 8) == -1);
  FaceCounts partial;
  CHECK(!parse_rook_faces("5R 16R", &partial));
}

TEST_CASE("T12: penalty points 1-9 are 5, 10-14 are 10, the Rook 25") {
  CHECK(penalty_points(face("1B")) == 5);
  CHECK(penalty_points(face("9Y")) == 5);
  CHECK(penalty_points(face("10R")) == 10);
  CHECK(penalty_points(face("14G")) == 10);
  CHECK(penalty_points(kRook) == 25);
  CHECK(penalty_points(hand_of("1B 9Y 10R 14G ROOK ROOK")) == 5 + 5 + 10 + 10 + 50);
  CHECK(penalty_points(FaceCounts{}) == 0);
}

// ---- T4: melds ---------------------------------------------------------------------------

TEST_CASE("T4: a run is four or more cards of one colour in consecutive numbers") {
  const Meld m = meld_of("5R 6R 7R 8R");
  CHECK(m.is_run());
  CHECK(m.colour == 2);
  CHECK(m.low == 5);
  CHECK(m.high == 8);
  CHECK(m.size() == 4);
  CHECK(m.rooks == 0);
  CHECK(meld_of("1B 2B 3B 4B").low == 1);
  CHECK(meld_of("11Y 12Y 13Y 14Y").high == 14);
  CHECK(meld_of("1G 2G 3G 4G 5G 6G 7G 8G 9G 10G 11G 12G 13G 14G").size() == 14);
  CHECK(meld_reason("5R 6R 7R") == Reason::meld_too_short);
  CHECK(meld_reason("5R 6R 7R", MeldKind::run) == Reason::meld_too_short);
  CHECK(meld_reason("5R 6B 7R 8R") == Reason::not_a_run);
  CHECK(meld_reason("5R 6R 8R 9R") == Reason::not_a_run);
  CHECK(meld_reason("8R 7R 6R 5R") == Reason::not_a_run);
}

TEST_CASE("T4: 1 is low only and nothing wraps past 14 (run_wraps)") {
  CHECK(meld_reason("13R 14R 1R 2R") == Reason::run_wraps);
  CHECK(meld_reason("14R 1R 2R 3R") == Reason::run_wraps);
  CHECK(meld_reason("12R 13R 14R ROOK") == Reason::run_wraps);
  CHECK(meld_reason("ROOK 1R 2R 3R") == Reason::run_wraps);
  CHECK(meld_reason("ROOK ROOK 2B 3B") == Reason::run_wraps);
}

TEST_CASE("T4: a set is three or more cards of one number, any colours") {
  const Meld m = meld_of("7B 7R 7G");
  CHECK(m.is_set());
  CHECK(m.low == 7);
  CHECK(m.naturals[0] == 1);
  CHECK(m.naturals[1] == 1);
  CHECK(m.naturals[2] == 1);
  CHECK(meld_of("7R 7R 7R").naturals[2] == 3);  // several decks: repeated faces
  CHECK(meld_of("7R 7R 7R 7B 7Y 7G ROOK").size() == 7);
  CHECK(meld_reason("7B 7R") == Reason::meld_too_short);
  CHECK(meld_reason("7B 8B 7R") == Reason::not_a_set);
  CHECK(meld_reason("7B 7R 8R", MeldKind::set) == Reason::not_a_set);
}

TEST_CASE("T4: the Rook is wild; a meld needs a natural card; a run's Rook is fixed") {
  const Meld run = meld_of("5R ROOK 7R 8R");
  CHECK(run.is_run());
  CHECK(rook_at(run, 6));
  CHECK(!rook_at(run, 5));
  CHECK(run.rooks == 1);
  CHECK(run.rooks_at == (1u << 5));
  const Meld edge = meld_of("ROOK ROOK 3B 4B");
  CHECK(edge.low == 1);
  CHECK(rook_at(edge, 1));
  CHECK(rook_at(edge, 2));
  const Meld set = meld_of("9Y ROOK ROOK");
  CHECK(set.is_set());
  CHECK(set.rooks == 2);
  CHECK(meld_reason("ROOK ROOK ROOK ROOK") == Reason::no_natural_card);
  CHECK(meld_reason("ROOK ROOK ROOK") == Reason::no_natural_card);
  CHECK(meld_reason("ROOK ROOK ROOK ROOK", MeldKind::run) == Reason::no_natural_card);
  CHECK(meld_reason("5Q 6R 7R 8R") == Reason::invalid_card);
  // The Rook keeps the number its place gave it: laying off at the ends does not move it.
  Meld grown = run;
  REQUIRE(lay_off(&grown, face("9R"), RunEnd::any, nullptr) == Reason::ok);
  REQUIRE(lay_off(&grown, face("4R"), RunEnd::any, nullptr) == Reason::ok);
  CHECK(rook_at(grown, 6));
  CHECK(format_meld(grown) == "4R 5R ROOK 7R 8R 9R");
}

TEST_CASE("T4: one natural card and Rooks read both ways: ambiguous_meld unless named") {
  CHECK(meld_reason("5R ROOK ROOK ROOK") == Reason::ambiguous_meld);
  const Meld run = meld_of("5R ROOK ROOK ROOK", MeldKind::run);
  const Meld set = meld_of("5R ROOK ROOK ROOK", MeldKind::set);
  CHECK(run.is_run());
  CHECK(run.high == 8);
  CHECK(set.is_set());
  CHECK(format_meld(run) == "run 5R ROOK ROOK ROOK");
  CHECK(format_meld(set) == "set 5R ROOK ROOK ROOK");
  CHECK(meld_of("run 5R ROOK ROOK ROOK") == run);
  CHECK(meld_of("SET 5r rook rook rook") == set);
  // Three cards cannot be a run: no ambiguity, no prefix.
  CHECK(format_meld(meld_of("5R ROOK ROOK")) == "5R ROOK ROOK");
}

TEST_CASE("T4: format_meld and parse_meld round trip") {
  for (const char* text :
       {"5R 6R ROOK 8R", "1B 2B 3B 4B 5B", "ROOK 12G 13G 14G", "7B 7R 7R ROOK", "10B 10G 10Y",
        "run ROOK ROOK 9Y ROOK", "3G ROOK ROOK", "set 3G ROOK ROOK ROOK ROOK"}) {
    const Meld m = meld_of(text);
    CHECK(format_meld(m) == text);
    CHECK(meld_of(format_meld(m).c_str()) == m);
  }
  // A set is written in colour order, Rooks last.
  CHECK(format_meld(meld_of("ROOK 7Y 7B 7R")) == "7B 7R 7Y ROOK");
}

// ---- T8, T9: laying off and the Rook swap ----------------------------------------------------

TEST_CASE("T8: a run takes its colour's next card at either end, up to 14 and down to 1") {
  const Meld run = meld_of("5R 6R 7R 8R");
  CHECK(can_lay_off(run, face("4R")));
  CHECK(can_lay_off(run, face("9R")));
  CHECK(can_lay_off(run, face("4R"), RunEnd::low));
  CHECK(!can_lay_off(run, face("4R"), RunEnd::high));
  CHECK(!can_lay_off(run, face("3R")));
  CHECK(!can_lay_off(run, face("9B")));
  CHECK(!can_lay_off(run, face("6R")));
  Meld m = run;
  CHECK(lay_off(&m, face("9R"), RunEnd::any, nullptr) == Reason::ok);
  CHECK(m.high == 9);
  Error err;
  CHECK(lay_off(&m, face("3R"), RunEnd::any, &err) == Reason::cannot_lay_off);
  CHECK(std::string(err.message).rfind("cannot_lay_off: 3R", 0) == 0);
  CHECK(m.high == 9);
  CHECK(m.low == 5);
  // Up to 14 and down to 1, no further.
  Meld top = meld_of("11G 12G 13G 14G");
  CHECK(!can_lay_off(top, kRook, RunEnd::high));
  CHECK(can_lay_off(top, kRook, RunEnd::low));
  CHECK(lay_off(&top, kRook, RunEnd::any, nullptr) == Reason::ok);  // any: the open end
  CHECK(rook_at(top, 10));
  Meld bottom = meld_of("1Y 2Y 3Y 4Y");
  CHECK(!can_lay_off(bottom, kRook, RunEnd::low));
  CHECK(lay_off(&bottom, kRook, RunEnd::low, nullptr) == Reason::cannot_lay_off);
  CHECK(lay_off(&bottom, kRook, RunEnd::any, nullptr) == Reason::ok);
  CHECK(rook_at(bottom, 5));
  Meld full = meld_of("1G 2G 3G 4G 5G 6G 7G 8G 9G 10G 11G 12G 13G 14G");
  CHECK(!can_lay_off(full, kRook));
}

TEST_CASE("T8: the Rook laid off to a run says which end, and stands for that number") {
  Meld m = meld_of("5R 6R 7R 8R");
  CHECK(lay_off(&m, kRook, RunEnd::low, nullptr) == Reason::ok);
  CHECK(rook_at(m, 4));
  CHECK(lay_off(&m, kRook, RunEnd::high, nullptr) == Reason::ok);
  CHECK(rook_at(m, 9));
  CHECK(format_meld(m) == "ROOK 5R 6R 7R 8R ROOK");
  CHECK(m.rooks == 2);
  // The next natural card goes beyond the Rooks.
  CHECK(can_lay_off(m, face("3R")));
  CHECK(can_lay_off(m, face("10R")));
  CHECK(!can_lay_off(m, face("4R")));
}

TEST_CASE("T8: a set takes any card of its number, and the Rook") {
  Meld m = meld_of("7B 7R 7G");
  CHECK(can_lay_off(m, face("7Y")));
  CHECK(can_lay_off(m, face("7B")));
  CHECK(can_lay_off(m, kRook));
  CHECK(!can_lay_off(m, face("8Y")));
  CHECK(lay_off(&m, face("7Y"), RunEnd::any, nullptr) == Reason::ok);
  CHECK(lay_off(&m, kRook, RunEnd::any, nullptr) == Reason::ok);
  CHECK(lay_off(&m, face("8Y"), RunEnd::any, nullptr) == Reason::cannot_lay_off);
  CHECK(m.size() == 5);
  CHECK(format_meld(m) == "7B 7G 7R 7Y ROOK");
}

TEST_CASE("T8: the lay-off finder lists every card, meld and end") {
  const Meld table[] = {meld_of("5R 6R 7R 8R"), meld_of("7B 7G 7Y"), meld_of("11G 12G 13G 14G")};
  const FaceCounts hand = hand_of("4R 9R 7R ROOK 2B 10G 10G");
  LayOff out[32];
  const int n = find_lay_offs(hand, table, 3, out, 32);
  std::vector<std::string> got;
  for (int i = 0; i < n; ++i)
    got.push_back(std::string(rook_face_name(out[i].face)) + "@" + std::to_string(out[i].meld) +
                  (out[i].end == RunEnd::low    ? "L"
                   : out[i].end == RunEnd::high ? "H"
                                                : ""));
  const std::vector<std::string> want = {"10G@2L",  "4R@0L",   "7R@1",   "9R@0H",
                                         "ROOK@0L", "ROOK@0H", "ROOK@1", "ROOK@2L"};
  CHECK(got == want);
  CHECK(find_lay_offs(hand, table, 3, out, 2) == n);  // the count even when it does not fit
  CHECK(find_lay_offs(hand_of("2B 3Y"), table, 3, out, 32) == 0);
}

TEST_CASE("T9: the natural card a run's Rook stands for takes its place; never in a set") {
  Meld run = meld_of("5R ROOK 7R 8R");
  CHECK(can_swap_rook(run, face("6R")));
  CHECK(!can_swap_rook(run, face("6B")));
  CHECK(!can_swap_rook(run, face("5R")));
  Error err;
  CHECK(swap_rook(&run, face("6B"), &err) == Reason::no_rook_to_swap);
  CHECK(swap_rook(&run, face("6R"), nullptr) == Reason::ok);
  CHECK(format_meld(run) == "5R 6R 7R 8R");
  CHECK(run.rooks == 0);
  Meld set = meld_of("7B 7R ROOK");
  CHECK(!can_swap_rook(set, face("7G")));
  CHECK(swap_rook(&set, face("7G"), &err) == Reason::no_rook_to_swap);
}

// ---- T2, T7: contracts -------------------------------------------------------------------

TEST_CASE("T2: the contracts of rounds 1 to 11") {
  const Contract want[] = {{0, 2}, {1, 1}, {2, 0}, {0, 3}, {1, 2}, {2, 1},
                           {0, 4}, {3, 0}, {0, 5}, {4, 0}, {2, 2}};
  for (int round = 1; round <= 11; ++round) CHECK(contract_for_round(round) == want[round - 1]);
  CHECK(contract_for_round(0) == Contract{});
  CHECK(contract_for_round(12) == Contract{});
}

namespace {
// Minimal melds for the contracts, runs then sets, from cards that cannot be rearranged into
// anything more; `longer` adds a card to each.
const char* kRuns[] = {"1B 2B 3B 4B", "6G 7G 8G 9G", "10R 11R 12R 13R", "3Y 4Y 5Y 6Y"};
const char* kLongerRuns[] = {"1B 2B 3B 4B 5B", "6G 7G 8G 9G 10G", "9R 10R 11R 12R 13R",
                             "3Y 4Y 5Y 6Y 7Y"};
const char* kSets[] = {"2G 2R 2Y", "5B 5R 5G", "8B 8R 8Y", "11B 11Y 11G", "14B 14G 14Y"};
const char* kLongerSets[] = {"2G 2R 2Y 2B", "5B 5R 5G 5Y", "8B 8R 8Y 8G", "11B 11Y 11G 11R",
                             "14B 14G 14Y 14R"};

std::string contract_hand(Contract c, bool longer, int drop_last) {
  std::string text;
  for (int r = 0; r < c.runs; ++r) text += std::string(longer ? kLongerRuns[r] : kRuns[r]) + " ";
  for (int s = 0; s < c.sets; ++s) text += std::string(longer ? kLongerSets[s] : kSets[s]) + " ";
  // Drop the last `drop_last` cards: the last meld is one card short.
  for (int i = 0; i < drop_last; ++i) {
    while (!text.empty() && text.back() == ' ') text.pop_back();
    text.erase(text.find_last_of(' ') + 1);
  }
  return text;
}
}  // namespace

TEST_CASE("T2/T7: each contract is laid down with minimal and longer melds, and refused short") {
  for (int round = 1; round <= 11; ++round) {
    const Contract c = contract_for_round(round);
    CAPTURE(round);
    for (bool longer : {false, true}) {
      const FaceCounts hand = hand_of(contract_hand(c, longer, 0) + "9Y 13G");
      Arrangement a;
      REQUIRE(find_contract(hand, c, &a));
      check_arrangement(hand, c, a);
      CHECK(a.leftover == hand_of("9Y 13G"));  // every meld card used, longer melds whole
      CHECK(a.leftover_points == 15);
    }
    // One card short of the last meld: refused, even with junk cards.
    const FaceCounts short_hand = hand_of(contract_hand(c, false, 1) + "9Y 13G");
    CHECK(!find_contract(short_hand, c, nullptr));
    // With a Rook in place of the missing card it is accepted, the Rook used.
    const FaceCounts with_rook = hand_of(contract_hand(c, false, 1) + "ROOK");
    Arrangement a;
    REQUIRE(find_contract(with_rook, c, &a));
    check_arrangement(with_rook, c, a);
    CHECK(a.leftover.empty());
  }
}

TEST_CASE("T7: two sets of one number or two runs of one colour are allowed") {
  Arrangement a;
  const FaceCounts sets = hand_of("7B 7G 7R 7B 7G 7R");
  REQUIRE(find_contract(sets, Contract{0, 2}, &a));
  check_arrangement(sets, Contract{0, 2}, a);
  CHECK(a.melds[0].low == 7);
  CHECK(a.melds[1].low == 7);
  const FaceCounts runs = hand_of("5R 6R 7R 8R 5R 6R 7R 8R");
  REQUIRE(find_contract(runs, Contract{2, 0}, &a));
  check_arrangement(runs, Contract{2, 0}, a);
  CHECK(a.leftover.empty());
  // A single run of 8 is one run, not two.
  CHECK(!find_contract(hand_of("1R 2R 3R 4R 5R 6R 7R"), Contract{2, 0}, nullptr));
  CHECK(find_contract(hand_of("1R 2R 3R 4R 5R 6R 7R 8R"), Contract{2, 0}, nullptr));
}

TEST_CASE("T7: the finder leaves the fewest points: Rooks fill gaps, high cards go first") {
  Arrangement a;
  // 2 runs: the Rook fills 5B so both runs can be made.
  const FaceCounts h = hand_of("1B 2B 3B 4B 6B 7B 8B ROOK 10Y");
  REQUIRE(find_contract(h, Contract{2, 0}, &a));
  check_arrangement(h, Contract{2, 0}, a);
  CHECK(a.leftover == hand_of("10Y"));
  CHECK(!find_contract(hand_of("1B 2B 3B 4B 6B 7B 8B 10B"), Contract{2, 0}, nullptr));
  // 1 run 1 set: 6R goes to the set of 6s with 6B 6G; the run 5R ROOK 7R 8R takes the Rook.
  const FaceCounts h2 = hand_of("5R 6R 7R 8R 6B 6G ROOK");
  REQUIRE(find_contract(h2, Contract{1, 1}, &a));
  check_arrangement(h2, Contract{1, 1}, a);
  CHECK(a.leftover.empty());
  // Spare Rooks go onto a meld, never left in hand.
  const FaceCounts h3 = hand_of("9B 9G 9R 3Y 3G 3B ROOK ROOK ROOK");
  REQUIRE(find_contract(h3, Contract{0, 2}, &a));
  check_arrangement(h3, Contract{0, 2}, a);
  CHECK(a.leftover.empty());
  // Unsupported contracts.
  CHECK(!find_contract(h3, Contract{0, 0}, nullptr));
  CHECK(!find_contract(h3, Contract{5, 0}, nullptr));
  CHECK(!find_contract(h3, Contract{0, 6}, nullptr));
}

TEST_CASE("T11: round 11 goes out with the whole hand as exactly two runs and two sets") {
  const FaceCounts hand = hand_of("1B 2B 3B 4B 5B 9G 10G 11G 12G 7R 7Y 7B 13Y 13R ROOK");
  Arrangement a;
  REQUIRE(find_whole_hand(hand, &a));
  check_arrangement(hand, Contract{2, 2}, a);
  CHECK(a.leftover.empty());
  CHECK(a.leftover_points == 0);
  // One card that fits nowhere: the contract can be laid down, the whole hand cannot.
  const FaceCounts extra = hand_of("1B 2B 3B 4B 5B 9G 10G 11G 12G 7R 7Y 7B 13Y 13R ROOK 2G");
  CHECK(!find_whole_hand(extra, &a));
  REQUIRE(find_contract(extra, Contract{2, 2}, &a));
  CHECK(a.leftover == hand_of("2G"));
  // A card that extends a meld is fine; so is a spare Rook.
  CHECK(find_whole_hand(hand_of("1B 2B 3B 4B 5B 9G 10G 11G 12G 7R 7Y 7B 13Y 13R ROOK 6B ROOK"),
                        nullptr));
  // Three runs and one set is not two and two.
  CHECK(!find_whole_hand(hand_of("1B 2B 3B 4B 1G 2G 3G 4G 1R 2R 3R 4R 9B 9G 9R"), nullptr));
}

// ---- the finder against brute force -----------------------------------------------------------

TEST_CASE("T2/T7/T12: the contract finder agrees with brute force on 22,000 random hands") {
  PortableRng rng(20260611);
  Brute brute;
  int feasible = 0, checked = 0, rejected = 0;
  for (int i = 0; i < 22000; ++i) {
    const int round = 1 + i % 11;
    const Contract c = contract_for_round(round);
    const int deal = round == 9 ? 15 : round == 10 ? 16 : round == 11 ? 14 : 12;
    const int size = deal + int(rng.bounded(3));  // after a draw and a buy or two
    const FaceCounts hand = random_hand(rng, size, i % 2 == 1);
    const int want = brute.solve(hand, c);
    Arrangement a;
    const bool found = find_contract(hand, c, &a);
    CAPTURE(round);
    CAPTURE(i);
    REQUIRE(found == (want < (1 << 30)));
    // The engine's pre-filter (legal_actions skips the finder when it says no) is a
    // necessary condition: it never rejects a hand that can go down, or go out in round 11.
    if (found) REQUIRE(detail::may_meet_contract(hand, c, false));
    if (round == 11 && want == 0) REQUIRE(detail::may_meet_contract(hand, c, true));
    rejected += !detail::may_meet_contract(hand, c, round == 11);
    ++checked;
    // The finder the legal actions use: the same answer, any valid arrangement; and the
    // depth-first search alone (what it falls back on), the same.
    Arrangement any;
    REQUIRE(find_any_contract(hand, c, &any) == found);
    REQUIRE(detail::find_any_by_search(hand, c, nullptr) == found);
    if (found) {
      check_arrangement(hand, c, any);
      CHECK(any.leftover_points >= want);
    }
    if (!found) continue;
    ++feasible;
    REQUIRE(a.leftover_points == want);
    check_arrangement(hand, c, a);
    if (round == 11) CHECK(find_whole_hand(hand, nullptr) == (want == 0));
  }
  CHECK(checked == 22000);
  CHECK(feasible > 3000);  // the narrow hands make most contracts reachable
  MESSAGE("feasible: " << feasible << " of " << checked << "; pre-filter rejected " << rejected);
}

// ---- the quick paths against the exact sweep --------------------------------------------------

namespace {

// A hand that is, by construction, two runs and two sets and nothing else (T11): runs of 4-6
// cards and sets of 3-5, each with some Rooks standing in and at least one natural card.
FaceCounts planted_whole_hand(PortableRng& rng) {
  FaceCounts h;
  for (int r = 0; r < 2; ++r) {
    const int colour = int(rng.bounded(4)), length = 4 + int(rng.bounded(3));
    const int low = 1 + int(rng.bounded(uint32_t(kRookNumbers - length + 1)));
    const int keep = int(rng.bounded(uint32_t(length)));  // always natural
    for (int i = 0; i < length; ++i)
      h.add(i != keep && rng.bounded(4) == 0 ? kRook : rook_face(colour, low + i));
  }
  for (int s = 0; s < 2; ++s) {
    const int number = 1 + int(rng.bounded(kRookNumbers)), size = 3 + int(rng.bounded(3));
    for (int i = 0; i < size; ++i)
      h.add(i > 0 && rng.bounded(4) == 0 ? kRook : rook_face(int(rng.bounded(4)), number));
  }
  return h;
}

}  // namespace

TEST_CASE("T11: the round-11 pre-filter never rejects a hand that can go out (planted hands)") {
  PortableRng rng(20261129);
  int out = 0, near_misses = 0;
  for (int i = 0; i < 4000; ++i) {
    FaceCounts hand = planted_whole_hand(rng);
    CAPTURE(i);
    REQUIRE(find_whole_hand(hand, nullptr));
    REQUIRE(detail::may_meet_contract(hand, Contract{2, 2}, true));
    ++out;
    // One card more or less: whenever the hand can still go out, the pre-filter agrees.
    FaceCounts changed = hand;
    const RookFace f = RookFace(rng.bounded(kRookFaces));
    if (i % 2 == 0 || !changed.remove(f)) changed.add(f);
    if (find_whole_hand(changed, nullptr)) {
      REQUIRE(detail::may_meet_contract(changed, Contract{2, 2}, true));
      ++near_misses;
    }
  }
  CHECK(out == 4000);
  MESSAGE("near misses that can still go out: " << near_misses);
}

TEST_CASE("T7: minimal melds agree with the depth-first search on 30,000 more hands") {
  // find_any_contract answers most hands by minimal melds (at most two Rooks) and the rest
  // by the depth-first search over the sweep's transitions, which decides alone here
  // (detail::find_any_by_search; checked against brute force above, as find_contract is).
  PortableRng rng(20261130);
  int feasible = 0, with_rooks = 0;
  for (int i = 0; i < 30000; ++i) {
    const int round = 1 + i % 10;
    const Contract c = contract_for_round(round);
    const int deal = round == 9 ? 15 : round == 10 ? 16 : 12;
    FaceCounts hand = random_hand(rng, deal + int(rng.bounded(4)), i % 3 != 0);
    if (i % 5 == 0) hand.add(kRook, 1 + int(rng.bounded(2)));
    with_rooks += hand.rooks() > 0;
    CAPTURE(round);
    CAPTURE(i);
    Arrangement any, searched;
    const bool found = detail::find_any_by_search(hand, c, &searched);
    REQUIRE(find_any_contract(hand, c, &any) == found);
    REQUIRE(find_contract(hand, c, nullptr) == found);
    if (!found) continue;
    ++feasible;
    check_arrangement(hand, c, any);
    check_arrangement(hand, c, searched);
  }
  CHECK(feasible > 5000);
  CHECK(with_rooks > 5000);
  MESSAGE("feasible: " << feasible << " of 30000");
}

TEST_CASE("T7/T12: the bounded finder gives find_contract's points whenever they are within") {
  // detail::cheapest_points_within serves the basic bot's round-11 comparisons: it must say
  // exactly what find_contract says about the points, for every bound, and -1 above it. The
  // bounded answers are asked first: find_contract remembers its answers, and the bounded
  // finder answers from that memory when it can.
  PortableRng rng(20261206);
  int within = 0, beyond = 0;
  for (int i = 0; i < 4000; ++i) {
    const int round = 1 + i % 11;
    const Contract c = contract_for_round(round);
    FaceCounts hand = random_hand(rng, 11 + int(rng.bounded(6)), i % 3 != 0);
    if (i % 5 == 0) hand.add(kRook, 1 + int(rng.bounded(3)));
    const int bounds[] = {-1, 0, 5, 10, 15, 20, 25, 30, 40, 50, 60, 80, 100, 0xFFFF, 1 << 20};
    int answers[std::size(bounds)];
    for (size_t b = 0; b < std::size(bounds); ++b) {
      Arrangement first;
      answers[b] = detail::cheapest_points_within(hand, c, bounds[b], &first);
      if (answers[b] >= 0) {  // computed (not yet remembered): an arrangement leaving them
        check_arrangement(hand, c, first);
        CHECK(first.leftover_points == answers[b]);
      }
    }
    Arrangement cheapest;
    const bool found = find_contract(hand, c, &cheapest);
    const int points = found ? cheapest.leftover_points : -1;
    for (size_t b = 0; b < std::size(bounds); ++b) {
      CAPTURE(round);
      CAPTURE(i);
      CAPTURE(bounds[b]);
      CHECK(answers[b] == (found && points <= bounds[b] ? points : -1));
      Arrangement again;  // asked again, now remembered, with an arrangement leaving them
      CHECK(detail::cheapest_points_within(hand, c, bounds[b], &again) == answers[b]);
      if (answers[b] >= 0) {
        check_arrangement(hand, c, again);
        CHECK(again.leftover_points == answers[b]);
      }
      (answers[b] >= 0 ? within : beyond) += 1;
    }
  }
  CHECK(within > 5000);
  CHECK(beyond > 5000);
}

TEST_CASE("T7/T12: find_contract's memo answers as the finder does, hit or evicted") {
  // find_contract remembers recent answers (4,096 slots per thread); 6,000 hands asked twice
  // in turn, the second pass after most slots were taken by others, and a third time at once.
  PortableRng rng(20261207);
  std::vector<std::pair<FaceCounts, Contract>> asked;
  for (int i = 0; i < 6000; ++i) {
    FaceCounts hand = random_hand(rng, 11 + int(rng.bounded(6)), i % 3 != 0);
    if (i % 7 == 0) hand.add(kRook, 1 + int(rng.bounded(2)));
    asked.push_back({hand, contract_for_round(1 + i % 11)});
  }
  int found = 0;
  for (int pass = 0; pass < 2; ++pass) {
    for (const auto& [hand, c] : asked) {
      Arrangement direct, first, again;
      const bool expected = detail::find_contract_unmemoised(hand, c, &direct);
      REQUIRE(find_contract(hand, c, &first) == expected);
      REQUIRE(find_contract(hand, c, &again) == expected);
      found += expected;
      if (!expected) continue;
      for (const Arrangement* a : {&first, &again}) {
        CHECK(a->leftover_points == direct.leftover_points);
        CHECK(a->count == direct.count);
        CHECK(a->leftover == direct.leftover);
      }
    }
  }
  CHECK(found > 2000);
}

TEST_CASE(
    "T11/T12: the basic bot's round-11 discard keys are the finder's points without the card") {
  // The basic bot keys a round-11 discard by the points the hand without the card leaves
  // (x 100, minus the card's points), and answers most keys from the whole hand's best
  // arrangement without a search (src/toonerville/bot.cpp): every key against the finder
  // asked directly, without its memo.
  PortableRng rng(20261208);
  const Contract c = contract_for_round(kRounds);
  View v{};
  v.round = kRounds;
  v.seat = 0;
  int arranged = 0, unarranged = 0;
  for (int i = 0; i < 3000; ++i) {
    v.hand = random_hand(rng, 15 + int(rng.bounded(3)), i % 4 != 0);
    for (int f = 0; f < kRookFaces; ++f) {
      if (!v.hand.n[f]) continue;
      FaceCounts rest = v.hand;
      rest.remove(RookFace(f));
      Arrangement direct;
      const int key = bots::toonerville_discard_key(v, RookFace(f));
      CAPTURE(i);
      CAPTURE(f);
      if (detail::find_contract_unmemoised(rest, c, &direct)) {
        CHECK(key == direct.leftover_points * 100 - penalty_points(RookFace(f)));
        ++arranged;
      } else {
        CHECK(key >= 100000 - penalty_points(RookFace(f)));  // above every arrangement's key
        ++unarranged;
      }
    }
  }
  MESSAGE("discard keys with an arrangement: " << arranged << ", without: " << unarranged);
  CHECK(arranged > 5000);
  CHECK(unarranged > 5000);
}

TEST_CASE("T1: FaceCounts::held() marks exactly the faces held") {
  PortableRng rng(7);
  for (int i = 0; i < 2000; ++i) {
    FaceCounts h;
    const int cards = int(rng.bounded(40));
    for (int k = 0; k < cards; ++k)
      h.add(RookFace(rng.bounded(kRookFaces)), 1 + int(rng.bounded(5)));
    uint64_t want = 0;
    for (int f = 0; f < kRookFaces; ++f)
      if (h.n[f]) want |= uint64_t(1) << f;
    REQUIRE(h.held() == want);
  }
  FaceCounts all;
  for (int f = 0; f < kRookFaces; ++f) all.add(RookFace(f), 255);
  CHECK(all.held() == (uint64_t(1) << kRookFaces) - 1);
}

TEST_CASE("T7/T12: big hands with many Rooks: find_contract's arrangement is valid and no worse") {
  // Hands of 18-26 cards with up to five Rooks (a player who bought often) make the sweep's
  // columns wide (hundreds of states), past the brute force's reach: the cheapest
  // arrangement must still be valid, agree with find_any_contract on feasibility, and leave
  // no more points than its arrangement or minimal melds with lay-offs would.
  PortableRng rng(20261201);
  int feasible = 0;
  for (int i = 0; i < 3000; ++i) {
    const int round = 1 + i % 10;
    const Contract c = contract_for_round(round);
    std::vector<RookFace> deck(size_t(kRookDeckSize * 5));
    canonical_rook_deck(5, deck.data());
    rng.shuffle(deck.data(), int(deck.size()));
    FaceCounts hand;
    const int size = 18 + int(rng.bounded(9));
    for (int k = 0; k < size; ++k) hand.add(deck[size_t(k)]);
    hand.n[kRook] = uint8_t(std::min(5, hand.rooks() + int(rng.bounded(5))));
    CAPTURE(round);
    CAPTURE(i);
    Arrangement best, any;
    const bool found = find_contract(hand, c, &best);
    REQUIRE(find_any_contract(hand, c, &any) == found);
    if (!found) continue;
    ++feasible;
    check_arrangement(hand, c, best);
    check_arrangement(hand, c, any);
    CHECK(best.leftover_points <= any.leftover_points);
  }
  CHECK(feasible > 1000);
}

TEST_CASE("T4/T7: minimal melds on the edge cases of their argument") {
  // Each hand against brute force, through all three finders.
  Brute brute;
  struct Edge {
    const char* hand;
    Contract contract;
    bool can;
  } edges[] = {
      // A second set of one number takes a natural card from the first: three Rooks.
      {"5B 5G 5R ROOK ROOK", {0, 2}, false},
      {"5B 5G 5R ROOK ROOK ROOK", {0, 2}, true},
      {"5B 5G 5R 9Y ROOK ROOK", {0, 2}, true},     // 5 5 5 + 9 R R
      {"5B 5G 5R 5Y 9Y ROOK ROOK", {0, 2}, true},  // 5 5 R + 5 5 R
      // Two runs over the same numbers of one colour need each card twice, or Rooks.
      {"3R 4R 5R 6R 3R 4R 5R ROOK", {2, 0}, true},
      {"3R 4R 5R 6R 3R 4R ROOK 9G", {2, 0}, false},
      {"3R 4R 5R 6R 3R 4R ROOK ROOK", {2, 0}, true},
      // A run takes the card a set would want; a Rook stands in for it in the run.
      {"3R 4R 5R 6R 6B 6G ROOK", {1, 1}, true},
      {"3R 4R 5R 6R 6B 9G", {1, 1}, false},
      // Runs end at 14 and start at 1; nothing wraps.
      {"11Y 12Y 13Y 14Y 1Y 2Y 3Y", {1, 0}, true},
      {"13Y 14Y 1Y 2Y 8B 8G 8R", {1, 1}, false},
      {"13Y 14Y 1Y 2Y ROOK ROOK", {1, 0}, true},  // 13 14 + two Rooks below: 11-14
      // Four runs with two Rooks, two of them in one window.
      {"1B 2B 3B 4B 5G 6G 7G 8G 9R 10R 11R 12R 1Y 4Y ROOK ROOK", {4, 0}, true},
      {"1B 2B 3B 4B 5G 6G 7G 8G 9R 10R 11R 12R 1Y 5Y ROOK ROOK", {4, 0}, false},
  };
  for (const Edge& e : edges) {
    const std::string text = e.hand;
    CAPTURE(text);
    const FaceCounts hand = hand_of(e.hand);
    REQUIRE((brute.solve(hand, e.contract) < (1 << 30)) == e.can);
    Arrangement a;
    CHECK(find_any_contract(hand, e.contract, &a) == e.can);
    if (e.can) check_arrangement(hand, e.contract, a);
    CHECK(detail::find_any_by_search(hand, e.contract, nullptr) == e.can);
    CHECK(find_contract(hand, e.contract, nullptr) == e.can);
  }
}

TEST_CASE("T4/T7: with many Rooks, no run of Rooks alone (review regression)") {
  // find_contract's bound came from minimal melds tried with three or more Rooks, where a
  // later window could find its natural cards taken by earlier ones and be all Rooks.
  Brute brute;
  struct Case {
    const char* hand;
    Contract contract;
  } cases[] = {
      {"1R 2R 3R 4R 5R 6R 7R 8R ROOK ROOK ROOK ROOK", {2, 0}},
      {"1B 2B 3B 4B 7B 8B 9B 10B ROOK ROOK ROOK ROOK ROOK", {3, 0}},
      {"1R 2R 4R 5R 5R 5R ROOK ROOK ROOK ROOK ROOK", {2, 1}},
      {"1B 2B 4B 5B 6B 6B 6B 7B 7B 7B ROOK ROOK ROOK ROOK ROOK", {2, 2}},
      {"1R 1R 1R 2R 2R 2R 3R 3R 3R 4R 4R 4R ROOK ROOK ROOK ROOK ROOK", {4, 0}},
      {"5R ROOK ROOK ROOK ROOK ROOK ROOK ROOK", {2, 0}},  // one natural card, two runs: no
  };
  for (const Case& c : cases) {
    const std::string text = c.hand;
    CAPTURE(text);
    const FaceCounts hand = hand_of(c.hand);
    const int want = brute.solve(hand, c.contract);
    Arrangement best, any;
    REQUIRE(find_contract(hand, c.contract, &best) == (want < (1 << 30)));
    REQUIRE(find_any_contract(hand, c.contract, &any) == (want < (1 << 30)));
    if (want >= (1 << 30)) continue;
    check_arrangement(hand, c.contract, best);
    check_arrangement(hand, c.contract, any);
    CHECK(best.leftover_points == want);
  }
}
