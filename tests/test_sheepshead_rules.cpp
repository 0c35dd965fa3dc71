#include <doctest/doctest.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "deckhand/rng.hpp"
#include "deckhand/sheepshead.hpp"
#include "test_support.hpp"

// Sheepshead, one or more test cases per rule of docs/rules/sheepshead.md (S1–S15) and per option
// value. Every deal is explicit (or seeded, for S3), so every test is deterministic. The first
// dealer is seat 0 unless a test says otherwise: seat 1 picks first and leads the first trick.
//
// Card points for the comments: A 11, T 10, K 4, Q 3, J 2, 9 8 7 0 (S1).

using namespace deckhand;
using namespace deckhand::sheepshead;

// Phases and contracts print by name in failed checks (reasons: test_support.hpp).
namespace deckhand::sheepshead {
doctest::String toString(Phase p) {
  static const char* const names[] = {"deal", "picking", "burying", "calling", "play", "over"};
  return uint8_t(p) < 6 ? names[uint8_t(p)] : "?";
}
doctest::String toString(Contract c) {
  static const char* const names[] = {"none", "called", "alone", "leaster"};
  return uint8_t(c) < 4 ? names[uint8_t(c)] : "?";
}
}  // namespace deckhand::sheepshead

namespace {

// ---------------------------------------------------------------------------------------
// Hand-built deals (dealer 0, so seat 1 picks first and leads).

// S2 and S9, played as a leaster (everyone passes). Seat 2 holds QH and clubs but no heart;
// seat 3 holds JH 9H and one spade, 7S (JS is trump); seat 4 holds JC and one club.
constexpr const char* kDealFollow =
    "0: AH TH AC 8S AD JD; 1: 7H 8H AS TS KS 9S; 2: QH TC KC 9C 8D 7C; 3: JH 9H QC JS 7S 7D; "
    "4: KH JC QS QD TD 8C; blind: KD 9D";

// S8 with a called ace. Seat 1 passes and seat 2 picks; seat 1 holds the called AH (with KH)
// and leads. Seat 2 holds QC QS 9H 7S 8S 9S + blind KS 8H: burying KS 8H leaves 9H as its only
// heart (the hold card); burying KS 9S leaves 9H 8H.
constexpr const char* kDealPartner =
    "0: 7H QD JS JH TD KD; 1: AH KH AC TC 7C 8D; 2: QC QS 9H 7S 8S 9S; 3: KC 9C 8C TH 7D JD; "
    "4: AS TS QH JC AD 9D; blind: KS 8H";

// S7 and S8 with a called ten. Seat 1 picks and owns all three fail aces; seat 3 holds TH.
constexpr const char* kDealTen =
    "0: AD TD KD 9D 8D 7D; 1: AC AS AH KH 7C 7S; 2: QC QS QH QD JC JS; 3: TH 9H 8H 7H JH JD; "
    "4: TC KC 9C TS KS 9S; blind: 8C 8S";

// S7 and S8 with the unknown. Seat 1 picks: AC TC KC 9C 8C 7D + blind 7H 7S. Burying 7H 7S
// leaves only clubs (their ace owned) and 7D: no plain call, so `call AH unknown 7D`. Seat 2
// holds AH (and 8H); every defender holds one heart.
constexpr const char* kDealUnknown =
    "0: 9H AD TD KD 9D 8D; 1: AC TC KC 9C 8C 7D; 2: AH 8H QS JS AS TS; 3: KH 7C KS 9S QH JH; "
    "4: TH QC 8S QD JC JD; blind: 7H 7S";

// kDealUnknown, `call AH unknown 7D`, and hearts are never led: AH and the unknown go to the
// last trick, which is led with a trump.
//   t1: 1:AC 2:8H 3:7C 4:TH 0:9H -> seat 1, 21      t4: 2:AS 3:9S 4:8S 0:KD 1:KC -> seat 0, 19
//   t2: 1:8C 2:JS 3:KH 4:QC 0:8D -> seat 4, 9       t5: 0:TD 1:TC 2:TS 3:JH 4:JC -> seat 4, 34
//   t3: 4:QD 0:9D 1:9C 2:QS 3:QH -> seat 2, 9       t6: 4:JD 0:AD 1:7D(unknown) 2:AH 3:KS -> seat
//   4, 28
// Picker's side: 21 + 9 + bury 0 = 30 in two tricks: a schneidered loss.
constexpr const char* kNeverLedFirst5 =
    "AC 8H 7C TH 9H  8C JS KH QC 8D  QD 9D 9C QS QH  AS 9S 8S KD KC  TD TC TS JH JC";

// ---------------------------------------------------------------------------------------
// Whole hands for scoring (S10–S12). Seat 1 (left of the dealer) picks at once, buries, calls
// (or goes alone) and the cards are played in order, tricks separated by two spaces. The
// per-trick comments give the cards in play order (seat:card), then the trick's winner and
// its card points.

struct Scenario {
  const char* deal;
  const char* bury;
  const char* call;  // "call XX" or "alone"
  const char* script;
};

// Alone, 60: picker 27 + 19 + 3 = 49 in tricks, bury AC 8H 11.
//   t1: 1:9S 2:TC 3:KS 4:7S 0:TS -> 0, 24   t4: 1:JD 2:8D 3:JC 4:7D 0:QC -> 0, 7
//   t2: 0:AH 1:9H 2:KD 3:TH 4:KH -> 2, 29   t5: 0:AS 1:JS 2:JH 3:KC 4:7H -> 1, 19
//   t3: 2:AD 3:QD 4:TD 0:9D 1:QH -> 1, 27   t6: 1:QS 2:9C 3:7C 4:8C 0:8S -> 1, 3
const Scenario kAlone60 = {
    "0: QC 9D AH 8S TS AS; 1: AC 9H QH 9S JS QS; 2: 9C TC 8D KD AD JH; 3: 7C JC KC QD TH KS; "
    "4: 8C 7D TD 7H KH 7S; blind: JD 8H",
    "bury AC 8H", "alone",
    "9S TC KS 7S TS  AH 9H KD TH KH  AD QD TD 9D QH  JD 8D JC 7D QC  AS JS JH KC 7H  QS 9C 7C 8C "
    "8S"};

// Alone, 61: picker 21 + 16 + 20 = 57 in tricks, bury 9S KD 4.
//   t1: 1:KS 2:AS 3:QC 4:8D 0:JC -> 3, 20   t4: 1:QH 2:AD 3:9H 4:JD 0:9D -> 1, 16
//   t2: 3:KH 4:7H 0:JH 1:TS 2:AH -> 0, 27   t5: 1:8S 2:7S 3:8C 4:TH 0:TC -> 1, 20
//   t3: 0:AC 1:TD 2:9C 3:7C 4:7D -> 1, 21   t6: 1:QD 2:QS 3:8H 4:JS 0:KC -> 2, 12
const Scenario kAlone61 = {
    "0: TC JC KC AC 9D JH; 1: TD QD KD 9S TS KS; 2: 9C AD AH 7S QS AS; 3: 7C 8C QC 8H 9H KH; "
    "4: 7D 8D JD 7H TH JS; blind: QH 8S",
    "bury 9S KD", "alone",
    "KS AS QC 8D JC  KH 7H JH TS AH  AC TD 9C 7C 7D  QH AD 9H JD 9D  8S 7S 8C TH TC  QD QS 8H JS "
    "KC"};

// Alone, 90: picker 16 + 18 + 14 + 32 = 80 in tricks, bury TH 8H 10.
//   t1: 1:JH 2:KD 3:9D 4:8D 0:TD -> 1, 16   t4: 3:JC 4:AS 0:JD 1:QC 2:9S -> 1, 18
//   t2: 1:JS 2:7D 3:AD 4:KC 0:QH -> 0, 20   t5: 1:QS 2:KH 3:QD 4:7H 0:KS -> 1, 14
//   t3: 0:9C 1:8C 2:7C 3:TC 4:9H -> 3, 10   t6: 1:TS 2:AC 3:AH 4:8S 0:7S -> 1, 32
const Scenario kAlone90 = {
    "0: 9C TD JD QH 7S KS; 1: QC 8H TH JH TS QS; 2: 7C AC 7D KD KH 9S; 3: TC JC 9D QD AD AH; "
    "4: KC 8D 7H 9H 8S AS; blind: 8C JS",
    "bury TH 8H", "alone",
    "JH KD 9D 8D TD  JS 7D AD KC QH  9C 8C 7C TC 9H  JC AS JD QC 9S  QS KH QD 7H KS  TS AC AH 8S "
    "7S"};

// Alone, 91: picker 9 + 19 + 15 + 7 + 31 = 81 in tricks, bury 8C TS 10.
//   t1: 1:QD 2:JH 3:JD 4:JC 0:9D -> 1, 9    t4: 3:9H 4:KH 0:AH 1:7D 2:8S -> 1, 15
//   t2: 1:QC 2:AD 3:JS 4:QH 0:7S -> 1, 19   t5: 1:QS 2:9C 3:7H 4:8D 0:KC -> 1, 7
//   t3: 1:AS 2:9S 3:KD 4:TH 0:KS -> 3, 29   t6: 1:TD 2:TC 3:7C 4:8H 0:AC -> 1, 31
const Scenario kAlone91 = {
    "0: KC AC 9D AH 7S KS; 1: 8C 7D TD QD TS AS; 2: 9C TC AD JH 8S 9S; 3: 7C JD KD 7H 9H JS; "
    "4: JC 8D 8H TH QH KH; blind: QC QS",
    "bury 8C TS", "alone",
    "QD JH JD JC 9D  QC AD JS QH 7S  AS 9S KD TH KS  9H KH AH 7D 8S  QS 9C 7H 8D KC  TD TC 7C 8H "
    "AC"};

// Alone, 30: picker 19 in one trick, bury AD 8H 11.
//   t1: 1:KC 2:9C 3:7C 4:8D 0:JH -> 0, 6    t4: 0:7H 1:9H 2:AC 3:AH 4:JS -> 4, 24
//   t2: 0:KD 1:QC 2:JC 3:7D 4:TD -> 1, 19   t5: 4:QS 0:QD 1:TC 2:9D 3:8C -> 4, 16
//   t3: 1:8S 2:7S 3:9S 4:KS 0:JD -> 0, 6    t6: 4:QH 0:KH 1:AS 2:TS 3:TH -> 4, 38
const Scenario kAlone30 = {
    "0: JD QD KD 7H JH KH; 1: QC KC AD 9H 8S AS; 2: 9C JC AC 9D 7S TS; 3: 7C 8C 7D TH AH 9S; "
    "4: 8D TD QH JS QS KS; blind: TC 8H",
    "bury AD 8H", "alone",
    "KC 9C 7C 8D JH  KD QC JC 7D TD  8S 7S 9S KS JD  7H 9H AC AH JS  QS QD TC 9D 8C  QH KH AS TS "
    "TH"};

// Alone, 31: picker 27 in one trick, bury 8C KH 4.
//   t1: 1:JD 2:AD 3:TD 4:9D 0:KD -> 1, 27   t4: 3:QC 4:QS 0:AH 1:JS 2:QH -> 3, 22
//   t2: 1:9S 2:AS 3:TS 4:8S 0:KS -> 2, 25   t5: 3:JC 4:8D 0:KC 1:TH 2:QD -> 2, 19
//   t3: 2:7C 3:JH 4:7D 0:TC 1:AC -> 3, 23   t6: 2:7H 3:8H 4:9H 0:7S 1:9C -> 4, 0
const Scenario kAlone31 = {
    "0: TC KC KD AH 7S KS; 1: 9C AC TH KH 9S JS; 2: 7C QD AD 7H QH AS; 3: JC QC TD 8H JH TS; "
    "4: 7D 8D 9D 9H 8S QS; blind: 8C JD",
    "bury 8C KH", "alone",
    "JD AD TD 9D KD  9S AS TS 8S KS  7C JH 7D TC AC  QC QS AH JS QH  JC 8D KC TH QD  7H 8H 9H 7S "
    "9C"};

// Alone, every trick: 106 in tricks, bury QD AD 14.
//   t1: 1:QS 2:JH 3:JS 4:KD 0:7D -> 1, 11   t4: 1:AH 2:8C 3:KH 4:KC 0:8H -> 1, 19
//   t2: 1:QH 2:7H 3:JC 4:9D 0:TD -> 1, 15   t5: 1:QC 2:7C 3:7S 4:8S 0:TH -> 1, 13
//   t3: 1:JD 2:9C 3:AC 4:TC 0:TS -> 1, 33   t6: 1:8D 2:KS 3:9S 4:AS 0:9H -> 1, 15
const Scenario kAloneAll = {
    "0: 7D TD 8H 9H TH TS; 1: QC 8D JD QD QH AH; 2: 7C 8C 9C 7H JH KS; 3: JC AC KH 7S 9S JS; "
    "4: TC KC 9D KD 8S AS; blind: AD QS",
    "bury QD AD", "alone",
    "QS JH JS KD 7D  QH 7H JC 9D TD  JD 9C AC TC TS  AH 8C KH KC 8H  QC 7C 7S 8S TH  8D KS 9S AS "
    "9H"};

// Alone, 120 card points but one trick lost: seat 2 wins the first trick, worth 0, and the
// picker's five top trumps take the rest. 99 in tricks, bury AH TH 21.
//   t1: 1:7C 2:9C 3:8C 4:7S 0:8S -> 2, 0    t4: 1:QH 2:JH 3:TD 4:TS 0:9H -> 1, 25
//   t2: 2:AC 3:KD 4:AS 0:KH 1:QC -> 1, 33   t5: 1:QD 2:TC 3:9D 4:KS 0:8H -> 1, 17
//   t3: 1:QS 2:JS 3:AD 4:7D 0:JD -> 1, 18   t6: 1:JC 2:KC 3:8D 4:9S 0:7H -> 1, 6
const Scenario kAlone120LostTrick = {
    "0: 8S KH 9H 8H 7H JD; 1: 7C QC QS QH QD JC; 2: 9C AC TC KC JS JH; 3: 8C AD TD KD 9D 8D; "
    "4: 7S 7D AS TS KS 9S; blind: AH TH",
    "bury AH TH", "alone",
    "7C 9C 8C 7S 8S  AC KD AS KH QC  QS JS AD 7D JD  QH JH TD TS 9H  QD TC 9D KS 8H  JC KC 8D 9S "
    "7H"};

// Alone, no trick: seat 0 takes four tricks, seats 2 and 4 one each, the picker none; the
// bury JC 8C (2) does not count (S12).
//   t1: 1:8S 2:AH 3:9S 4:KS 0:TS -> 0, 25   t4: 4:JH 0:JS 1:KD 2:KH 3:TD -> 0, 22
//   t2: 0:QD 1:8D 2:QH 3:JD 4:AD -> 2, 19   t5: 0:QC 1:TC 2:7H 3:9H 4:9C -> 0, 13
//   t3: 2:TH 3:8H 4:QS 0:7D 1:7S -> 4, 13   t6: 0:9D 1:AS 2:7C 3:KC 4:AC -> 0, 26
const Scenario kAloneNoTrick = {
    "0: QC 7D 9D QD TS JS; 1: 8C TC 8D KD 7S 8S; 2: 7C 7H TH QH KH AH; 3: KC TD JD 8H 9H 9S; "
    "4: 9C AC AD JH QS KS; blind: JC AS",
    "bury JC 8C", "alone",
    "8S AH 9S KS TS  QD 8D QH JD AD  TH 8H QS 7D 7S  JH JS KD KH TD  QC TC 7H 9H 9C  9D AS 7C KC "
    "AC"};

// Called AC (seat 2): 72 = picker 13 + 6, partner 14 + 28, bury AH 7S 11. A win.
//   t1: 1:8C 2:AC 3:9C 4:AD 0:KC -> 4, 26   t4: 3:7C 4:9D 0:TC 1:QD 2:8D -> 1, 13
//   t2: 4:7H 0:8H 1:9H 2:TH 3:KH -> 2, 14   t5: 1:KS 2:QS 3:8S 4:TS 0:AS -> 2, 28
//   t3: 2:QH 3:QC 4:KD 0:JC 1:TD -> 3, 22   t6: 2:JH 3:7D 4:JD 0:9S 1:JS -> 1, 6
const Scenario kCalledWin = {
    "0: TC JC KC 8H 9S AS; 1: 8C QD AH 7S JS KS; 2: AC 8D TH JH QH QS; 3: 7C 9C QC 7D KH 8S; "
    "4: 9D JD KD AD 7H TS; blind: TD 9H",
    "bury AH 7S", "call AC",
    "8C AC 9C AD KC  7H 8H 9H TH KH  QH QC KD JC TD  7C 9D TC QD 8D  KS QS 8S TS AS  JH 7D JD 9S "
    "JS"};

// Called AC (seat 3): 100 = picker 29 + 25 + 15 + 12, partner 19, bury 7D 9D 0. Schneider.
//   t1: 1:AD 2:QC 3:KD 4:JD 0:8D -> 2, 20   t4: 1:AH 2:KH 3:7C 4:7S 0:9H -> 1, 15
//   t2: 2:QH 3:JS 4:AS 0:TD 1:QS -> 1, 29   t5: 1:KC 2:9C 3:AC 4:8C 0:KS -> 3, 19
//   t3: 1:QD 2:TH 3:TC 4:7H 0:JC -> 1, 25   t6: 3:8S 4:9S 0:TS 1:JH 2:8H -> 1, 12
const Scenario kCalledSchneider = {
    "0: JC 8D TD 9H TS KS; 1: 7D 9D AD JH AH QS; 2: 9C QC 8H TH QH KH; 3: 7C TC AC KD 8S JS; "
    "4: 8C JD 7H 7S 9S AS; blind: KC QD",
    "bury 7D 9D", "call AC",
    "AD QC KD JD 8D  QH JS AS TD QS  QD TH TC 7H JC  AH KH 7C 7S 9H  KC 9C AC 8C KS  8S 9S TS JH "
    "8H"};

// Called AC (seat 2): 39 = picker 18, partner 17, bury 9S KH 4. A loss.
//   t1: 1:7H 2:9C 3:TH 4:8H 0:AH -> 0, 21   t4: 0:JD 1:TD 2:9D 3:7D 4:QS -> 4, 15
//   t2: 0:8S 1:QD 2:KS 3:AS 4:7S -> 1, 18   t5: 4:8D 0:JH 1:KC 2:AD 3:JC -> 3, 19
//   t3: 1:7C 2:AC 3:TC 4:JS 0:QC -> 0, 26   t6: 3:TS 4:KD 0:9H 1:8C 2:QH -> 2, 17
const Scenario kCalledLoss = {
    "0: QC JD 9H JH AH 8S; 1: 7C 8C QD 7H KH 9S; 2: 9C AC 9D AD QH KS; 3: TC JC 7D TH TS AS; "
    "4: 8D KD 8H 7S JS QS; blind: KC TD",
    "bury 9S KH", "call AC",
    "7H 9C TH 8H AH  8S QD KS AS 7S  7C AC TC JS QC  JD TD 9D 7D QS  8D JH KC AD JC  TS KD 9H 8C "
    "QH"};

// Called AC (seat 4): 19 = picker 15, partner nothing, bury 8D KD 4. Schneidered.
//   t1: 1:9H 2:KH 3:TS 4:AH 0:TD -> 0, 35   t4: 0:8S 1:AS 2:7S 3:KS 4:9S -> 1, 15
//   t2: 0:7C 1:KC 2:7D 3:8C 4:AC -> 2, 15   t5: 1:TH 2:7H 3:JH 4:9D 0:9C -> 3, 12
//   t3: 2:QD 3:AD 4:JD 0:QH 1:JS -> 0, 21   t6: 3:QC 4:TC 0:QS 1:JC 2:8H -> 3, 18
const Scenario kCalledSchneidered = {
    "0: 7C 9C TD QH 8S QS; 1: JC KC KD 9H JS AS; 2: 7D QD 7H 8H KH 7S; 3: 8C QC AD JH TS KS; "
    "4: TC AC 9D JD AH 9S; blind: 8D TH",
    "bury 8D KD", "call AC",
    "9H KH TS AH TD  7C KC 7D 8C AC  QD AD JD QH JS  8S AS 7S KS 9S  TH 7H JH 9D 9C  QC TC QS JC "
    "8H"};

// Called AH (seat 0): the partner takes every trick (107), bury AC JH 13.
//   t1: 1:JC 2:8D 3:KD 4:7D 0:QC -> 0, 9    t4: 0:AH 1:TH 2:7H 3:TC 4:KH -> 0, 35
//   t2: 0:QH 1:JD 2:QD 3:TD 4:AD -> 0, 29   t5: 0:JS 1:7C 2:KC 3:8C 4:9S -> 0, 6
//   t3: 0:9D 1:AS 2:KS 3:8H 4:9C -> 0, 15   t6: 0:QS 1:TS 2:9H 3:7S 4:8S -> 0, 13
const Scenario kCalledAll = {
    "0: QC 9D QH AH JS QS; 1: 7C JC AC TH TS AS; 2: KC 8D QD 7H 9H KS; 3: 8C TC TD KD 8H 7S; "
    "4: 9C 7D AD KH 8S 9S; blind: JD JH",
    "bury AC JH", "call AH",
    "JC 8D KD 7D QC  QH JD QD TD AD  9D AS KS 8H 9C  AH TH 7H TC KH  JS 7C KC 8C 9S  QS TS 9H 7S "
    "8S"};

// Called AH (seat 4): seat 2 takes every trick; bury 7D KS 4 does not count (S12).
//   t1: 1:JS 2:QC 3:JH 4:QD 0:TD -> 2, 20   t4: 2:QS 3:KH 4:7S 0:8H 1:JD -> 2, 9
//   t2: 2:JC 3:AD 4:TH 0:9D 1:8D -> 2, 23   t5: 2:QH 3:AS 4:TS 0:9S 1:KD -> 2, 28
//   t3: 2:AC 3:9C 4:8C 0:KC 1:7C -> 2, 15   t6: 2:TC 3:8S 4:AH 0:9H 1:7H -> 2, 21
const Scenario kCalledNoTrick = {
    "0: KC 9D TD 8H 9H 9S; 1: 7C 7D JD KD JS KS; 2: TC JC QC AC QH QS; 3: 9C AD JH KH 8S AS; "
    "4: 8C QD TH AH 7S TS; blind: 8D 7H",
    "bury 7D KS", "call AH",
    "JS QC JH QD TD  JC AD TH 9D 8D  AC 9C 8C KC 7C  QS KH 7S 8H JD  QH AS TS 9S KD  TC 8S AH 9H "
    "7H"};

// Leasters (S14), everyone passing with dealer 0.
// Raw points [18, 17, 0, 36, 35], tricks [1, 1, 0, 2, 2]; seat 1 takes the last trick and the
// blind KD TH (14) with it.
//   t1: 1:9D 2:AS 3:QC 4:JS 0:TD -> 3, 26   t4: 4:9C 0:8C 1:7C 2:TC 3:7D -> 3, 10
//   t2: 3:AD 4:JD 0:QH 1:JH 2:7S -> 0, 18   t5: 3:9H 4:QS 0:KH 1:8D 2:AH -> 4, 18
//   t3: 0:KS 1:9S 2:TS 3:7H 4:QD -> 4, 17   t6: 4:KC 0:8S 1:JC 2:AC 3:8H -> 1, 17
constexpr const char* kLeasterDeal =
    "0: 8C TD QH KH 8S KS; 1: 7C JC 8D 9D JH 9S; 2: TC AC AH 7S TS AS; 3: QC 7D AD 7H 8H 9H; "
    "4: 9C KC JD QD JS QS; blind: KD TH";
constexpr const char* kLeasterScript =
    "9D AS QC JS TD  AD JD QH JH 7S  KS 9S TS 7H QD  9C 8C 7C TC 7D  9H QS KH 8D AH  KC 8S JC AC "
    "8H";

// Raw points [5, 18, 58, 26, 0], tricks [1, 1, 3, 1, 0]; seat 0 takes the last trick and the
// blind JS AS (13): 18 and 18 tie for fewest.
//   t1: 1:QD 2:QH 3:7D 4:JH 0:8D -> 2, 8    t4: 3:8H 4:TH 0:7H 1:KH 2:AH -> 2, 25
//   t2: 2:7S 3:9S 4:TS 0:KS 1:KD -> 1, 18   t5: 2:AC 3:TC 4:KC 0:8C 1:9C -> 2, 25
//   t3: 1:TD 2:AD 3:QS 4:JD 0:9D -> 3, 26   t6: 2:7C 3:9H 4:8S 0:QC 1:JC -> 0, 5
constexpr const char* kLeasterTieDeal =
    "0: 8C QC 8D 9D 7H KS; 1: 9C JC TD QD KD KH; 2: 7C AC AD QH AH 7S; 3: TC 7D 8H 9H 9S QS; "
    "4: KC JD TH JH 8S TS; blind: JS AS";
constexpr const char* kLeasterTieScript =
    "QD QH 7D JH 8D  7S 9S TS KS KD  TD AD QS JD 9D  8H TH 7H KH AH  AC TC KC 8C 9C  7C 9H 8S QC "
    "JC";

// Seat 1 holds the six top trumps and takes every trick (and the blind AD 7D, 11).
constexpr const char* kLeasterOneDeal =
    "0: AH TH KH 9H 8H 7H; 1: QC QS QH QD JC JS; 2: JH JD 8D TD KD 9D; 3: AC TC KC 9C 8C 7C; "
    "4: AS TS KS 9S 8S 7S; blind: AD 7D";
constexpr const char* kLeasterOneScript =
    "QC 9D 7C 7S 7H  QS KD 8C 8S 8H  QH TD 9C 9S 9H  QD 8D KC KS KH  JC JD TC TS TH  JS JH AC AS "
    "AH";

// ---------------------------------------------------------------------------------------
// Helpers.

using testing::card;
using testing::cards;
using testing::set_opt;
using testing::words;
Options with(std::string_view key, std::string_view value, Options o = {}) {
  return testing::with(key, value, o);
}

// Deals `text` turned by `shift` seats: the text's seat p goes to seat (p + shift) mod 5.
void deal_turned(State& s, const char* text, int shift) {
  CardSet hands[kPlayers], turned[kPlayers], blind;
  Error err;
  INFO(err.message);
  REQUIRE(parse_deal(text, hands, &blind, &err) == Reason::ok);
  for (int p = 0; p < kPlayers; ++p) turned[(p + shift) % kPlayers] = hands[p];
  REQUIRE(deal_cards(s, turned, blind, &s, &err) == Reason::ok);
}

// A new game with `text` dealt as written (dealer 0).
State dealt(const char* text, const Options& o = {}) {
  State s = new_game(o, 0);
  deal_turned(s, text, 0);
  return s;
}

// Applies an action given as text; it must be legal.
void act(State& s, int seat, std::string_view text) {
  Action a;
  Error err;
  INFO("seat " << seat << ": " << std::string(text) << " -> " << err.message);
  REQUIRE(parse_action(text, seat, &a, &err) == Reason::ok);
  REQUIRE(apply(s, a, &s, &err) == Reason::ok);
}

// Plays the cards in order, each by the seat to act (the unknown is played by its card).
void play_cards(State& s, std::string_view script) {
  for (std::string_view w : words(script)) act(s, to_act(s), "play " + std::string(w));
}

// Seats pass until `picker` is to act, which picks.
void pick_at(State& s, int picker) {
  while (s.phase == Phase::picking && to_act(s) != picker) act(s, to_act(s), "pass");
  act(s, picker, "pick");
}

// Everyone passes (a leaster, a thrown-in doubler).
void all_pass(State& s) {
  for (int i = 0; i < kPlayers; ++i) act(s, to_act(s), "pass");
}

// Plays a scenario from Phase::deal; the deal is turned so that its seat 1 sits left of the
// current dealer (and picks at once).
void play_scenario(State& s, const Scenario& sc) {
  REQUIRE(s.phase == Phase::deal);
  deal_turned(s, sc.deal, s.dealer);
  const int picker = to_act(s);
  act(s, picker, "pick");
  act(s, picker, sc.bury);
  act(s, picker, sc.call);
  play_cards(s, sc.script);
  REQUIRE((s.phase == Phase::deal || s.phase == Phase::over));
}

// The action must be refused with `expected` everywhere, changing nothing (test_support.hpp).
std::string refused(const State& s, Action a, Reason expected) {
  return deckhand::testing::expect_refused(s, a, expected);
}

std::string refused(const State& s, int seat, std::string_view text, Reason expected) {
  Action a;
  Error err;
  INFO(std::string(text) << " -> " << err.message);
  REQUIRE(parse_action(text, seat, &a, &err) == Reason::ok);
  return refused(s, a, expected);
}

bool contains(const std::string& haystack, std::string_view needle) {
  return haystack.find(needle) != std::string::npos;
}

using Strings = std::vector<std::string>;
using Ints = std::vector<int>;

// The legal actions of the seat to act, in canonical text.
Strings legal(const State& s) {
  Action buf[kMaxLegalActions];
  const int n = legal_actions(s, buf);
  REQUIRE(n <= kMaxLegalActions);
  Strings out;
  for (int i = 0; i < n; ++i) out.push_back(format_action(buf[i]));
  return out;
}

// "play X" for each card, in code order (the order legal_actions lists them).
Strings plays(std::string_view text) {
  Strings out;
  for (Card c : cards(text)) out.push_back(std::string("play ") + card_name(c));
  return out;
}

Ints deltas(const HandResult& r) {
  return Ints(r.deltas, r.deltas + kPlayers);
}
Ints scores(const State& s) {
  return Ints(s.scores, s.scores + kPlayers);
}
Ints result_points(const HandResult& r) {
  return Ints(r.points, r.points + kPlayers);
}
Ints result_tricks(const HandResult& r) {
  return Ints(r.tricks, r.tricks + kPlayers);
}

int sum(const Ints& v) {
  int total = 0;
  for (int x : v) total += x;
  return total;
}

}  // namespace

// =======================================================================================
// Options

TEST_CASE("Options: the defaults are the rule book's") {
  const Options o;
  CHECK(o.no_pick == NoPick::leaster);
  CHECK(o.unknown == Unknown::on);
  CHECK(o.double_on_bump == DoubleOnBump::off);
  CHECK(o.leaster_blind == LeasterBlind::last_trick);
  CHECK(o.hands == 0);
  std::string out[5];
  int count = 0;
  option_strings(o, out, &count);
  REQUIRE(count == 5);
  CHECK(Strings(out, out + 5) == Strings{"no_pick=leaster", "unknown=on", "double_on_bump=off",
                                         "leaster_blind=last_trick", "hands=0"});
}

TEST_CASE(
    "Options: set_option takes every value and refuses unknown keys and values (bad_option)") {
  Options o;
  CHECK(set_opt(&o, "no_pick", "doubler"));
  CHECK(o.no_pick == NoPick::doubler);
  CHECK(set_opt(&o, "no_pick", "forced"));
  CHECK(o.no_pick == NoPick::forced);
  CHECK(set_opt(&o, "no_pick", "leaster"));
  CHECK(o.no_pick == NoPick::leaster);
  CHECK(set_opt(&o, "unknown", "off"));
  CHECK(o.unknown == Unknown::off);
  CHECK(set_opt(&o, "unknown", "on"));
  CHECK(o.unknown == Unknown::on);
  CHECK(set_opt(&o, "double_on_bump", "on"));
  CHECK(o.double_on_bump == DoubleOnBump::on);
  CHECK(set_opt(&o, "double_on_bump", "off"));
  CHECK(o.double_on_bump == DoubleOnBump::off);
  CHECK(set_opt(&o, "leaster_blind", "none"));
  CHECK(o.leaster_blind == LeasterBlind::none);
  CHECK(set_opt(&o, "leaster_blind", "last_trick"));
  CHECK(o.leaster_blind == LeasterBlind::last_trick);
  CHECK(set_opt(&o, "hands", "12"));
  CHECK(o.hands == 12);
  CHECK(set_opt(&o, "hands", "0"));
  CHECK(o.hands == 0);
  // Keys and values are case-insensitive.
  CHECK(set_opt(&o, "No_Pick", "DOUBLER"));
  CHECK(o.no_pick == NoPick::doubler);

  Options all;
  all.no_pick = NoPick::forced;
  all.unknown = Unknown::off;
  all.double_on_bump = DoubleOnBump::on;
  all.leaster_blind = LeasterBlind::none;
  all.hands = 7;
  std::string out[5];
  int count = 0;
  option_strings(all, out, &count);
  REQUIRE(count == 5);
  CHECK(Strings(out, out + 5) == Strings{"no_pick=forced", "unknown=off", "double_on_bump=on",
                                         "leaster_blind=none", "hands=7"});
  option_strings(with("no_pick", "doubler"), out, &count);
  CHECK(std::string(out[0]) == "no_pick=doubler");

  const Options before = o;
  const std::pair<const char*, const char*> bad[] = {{"no_pick", "pass"},
                                                     {"no_pick", ""},
                                                     {"unknown", "yes"},
                                                     {"double_on_bump", "1"},
                                                     {"leaster_blind", "dealer"},
                                                     {"hands", "-1"},
                                                     {"hands", "abc"},
                                                     {"hands", "1000001"},
                                                     {"hands", ""},
                                                     {"target", "32"},
                                                     {"", ""},
                                                     {"nopick", "leaster"}};
  for (const auto& option : bad) {
    INFO(option.first << "=" << option.second);
    Error err;
    CHECK(set_option(&o, option.first, option.second, &err) == Reason::bad_option);
    CHECK(err.reason == Reason::bad_option);
    CHECK(o == before);
  }
}

// =======================================================================================
// S1 Deck

TEST_CASE("S1: card points are A 11, T 10, K 4, Q 3, J 2, 9 8 7 0; 120 in all") {
  const struct {
    char rank;
    int points;
  } table[] = {{'A', 11}, {'T', 10}, {'K', 4}, {'Q', 3}, {'J', 2}, {'9', 0}, {'8', 0}, {'7', 0}};
  for (const auto& row : table)
    for (char suit : std::string("CDHS")) {
      INFO(row.rank << suit);
      CHECK(card_points(card(std::string{row.rank, suit})) == row.points);
    }
  CHECK(points_of(kPiquetDeck) == 120);
  CHECK(kPiquetDeck.size() == 32);
  CHECK(points_of(cards("AC TD KH QS JC 9D 8H 7S")) == 30);
  CHECK(card_points(Card()) == 0);
}

TEST_CASE("S1: every card point of a played hand is accounted for (tricks + bury = 120)") {
  for (const Scenario* sc : {&kAlone60, &kAlone91, &kCalledWin, &kCalledNoTrick}) {
    State s = new_game();
    play_scenario(s, *sc);
    CHECK(sum(result_points(s.last)) + s.last.bury_points == 120);
    CHECK(sum(result_tricks(s.last)) == kTricks);
  }
  // A leaster: the blind's points go with the last trick.
  State s = dealt(kLeasterDeal);
  all_pass(s);
  play_cards(s, kLeasterScript);
  CHECK(sum(result_points(s.last)) == 120);
}

// =======================================================================================
// S2 Trumps and fail

TEST_CASE("S2: trump is QC QS QH QD JC JS JH JD AD TD KD 9D 8D 7D, high to low") {
  const TrickRanking& r = ranking();
  const auto trumps = words("QC QS QH QD JC JS JH JD AD TD KD 9D 8D 7D");
  REQUIRE(trumps.size() == 14);
  CHECK(r.suit_cards[kTrumpSuit].size() == 14);
  for (size_t i = 0; i < trumps.size(); ++i) {
    INFO(std::string(trumps[i]));
    CHECK(r.effective_suit(card(trumps[i])) == kTrumpSuit);
    CHECK(r.suit_cards[kTrumpSuit].has(card(trumps[i])));
    for (size_t j = i + 1; j < trumps.size(); ++j) {
      CHECK(r.beats(card(trumps[i]), card(trumps[j])));
      CHECK(!r.beats(card(trumps[j]), card(trumps[i])));
    }
  }
  // JC above JS (the standard order, not the source's).
  CHECK(r.beats(card("JC"), card("JS")));
  CHECK(!r.beats(card("JS"), card("JC")));
  // The lowest trump beats the highest fail card.
  for (const char* ace : {"AC", "AS", "AH"}) CHECK(r.beats(card("7D"), card(ace)));
}

TEST_CASE(
    "S2: the fail suits are A T K 9 8 7 of clubs, spades and hearts; Q and J are never fail") {
  const TrickRanking& r = ranking();
  for (char suit : std::string("CSH")) {
    INFO("suit " << suit);
    const Suit s = card(std::string{'A', suit}).suit();
    const char order[] = "ATK987";
    for (int i = 0; i < 6; ++i) {
      const Card hi = card(std::string{order[i], suit});
      CHECK(r.effective_suit(hi) == uint8_t(s));
      for (int j = i + 1; j < 6; ++j) {
        const Card lo = card(std::string{order[j], suit});
        CHECK(r.beats(hi, lo));
        CHECK(!r.beats(lo, hi));
      }
    }
    CHECK(r.suit_cards[uint8_t(s)].size() == 6);
    CHECK(r.effective_suit(card(std::string{'Q', suit})) == kTrumpSuit);
    CHECK(r.effective_suit(card(std::string{'J', suit})) == kTrumpSuit);
    CHECK(!r.suit_cards[uint8_t(s)].has(card(std::string{'Q', suit})));
    CHECK(!r.suit_cards[uint8_t(s)].has(card(std::string{'J', suit})));
  }
  // Diamonds are all trump: no diamond fail suit.
  CHECK(r.suit_cards[uint8_t(Suit::diamonds)].empty());
}

TEST_CASE("S2: a queen is never fail: QH does not follow a heart lead") {
  // A leaster; seat 1 leads 7H.
  State s = dealt(kDealFollow);
  all_pass(s);
  REQUIRE(s.contract == Contract::leaster);
  act(s, 1, "play 7H");
  // Seat 2 holds QH and five clubs, no heart: everything is playable, a club included.
  CHECK(legal(s) == plays("QH TC KC 9C 8D 7C"));

  SUBCASE("holding QH and clubs on a heart lead, a club is legal") {
    act(s, 2, "play 7C");
    // Seat 3 holds JH and 9H: the jack is trump, so the 9H must be played.
    CHECK(legal(s) == plays("9H"));
    CHECK(contains(refused(s, 3, "play JH", Reason::must_follow_suit), "9H held, hearts led"));
    act(s, 3, "play 9H");
    act(s, 4, "play KH");
    act(s, 0, "play AH");
    CHECK(s.trick_winners[0] == 0);  // AH: highest heart, no trump played
    CHECK(s.points[0] == 15);
  }
  SUBCASE("QH played to a heart lead is a trump and wins") {
    act(s, 2, "play QH");
    act(s, 3, "play 9H");
    act(s, 4, "play KH");
    act(s, 0, "play AH");
    CHECK(s.trick_winners[0] == 2);
    CHECK(s.points[2] == 18);  // 7H 0 + QH 3 + 9H 0 + KH 4 + AH 11
    CHECK(to_act(s) == 2);
  }
}

TEST_CASE("S2: the jack of clubs beats the jack of spades in play") {
  State s = dealt(kDealFollow);
  all_pass(s);
  play_cards(s, "7H 7C 9H KH AH");  // seat 0 wins
  REQUIRE(to_act(s) == 0);
  act(s, 0, "play JD");
  act(s, 1, "play AS");  // void in trump
  act(s, 2, "play 8D");
  act(s, 3, "play JS");
  act(s, 4, "play JC");
  CHECK(s.trick_winners[1] == 4);
  CHECK(s.points[4] == 17);  // JD 2 + AS 11 + 8D 0 + JS 2 + JC 2
}

// =======================================================================================
// S3 Deal

TEST_CASE(
    "S3: a seeded deal gives 3 to each player from the dealer's left, 2 to the blind, 3 more "
    "each") {
  // The canonical deck: C D H S, each 7 8 9 T J Q K A, codes 0..31.
  Card canonical[32];
  int n = 0;
  for (char suit : std::string("CDHS"))
    for (char rank : std::string("789TJQKA")) canonical[n++] = card(std::string{rank, suit});
  REQUIRE(n == 32);
  for (int i = 0; i < 32; ++i) CHECK(canonical[i].code == i);

  for (uint64_t seed : {uint64_t(0), uint64_t(1), uint64_t(42), uint64_t(0x0123456789ABCDEFull)}) {
    Card deck[32];
    std::memcpy(deck, canonical, sizeof deck);
    PortableRng rng(seed);
    rng.shuffle(deck, 32);
    for (int dealer = 0; dealer < kPlayers; ++dealer) {
      INFO("seed " << seed << ", dealer " << dealer);
      CardSet expected[kPlayers], blind;
      for (int k = 0; k < 32; ++k) {
        if (k < 15)
          expected[(dealer + 1 + k / 3) % kPlayers].add(deck[k]);
        else if (k < 17)
          blind.add(deck[k]);
        else
          expected[(dealer + 1 + (k - 17) / 3) % kPlayers].add(deck[k]);
      }
      State s;
      Error err;
      REQUIRE(deal_seed(new_game({}, dealer), seed, &s, &err) == Reason::ok);
      CardSet all = s.blind;
      for (int p = 0; p < kPlayers; ++p) {
        CHECK(s.hands[p].size() == kHandSize);
        CHECK(s.hands[p] == expected[p]);
        all |= s.hands[p];
      }
      CHECK(s.blind.size() == 2);
      CHECK(s.blind == blind);
      CHECK(all == kPiquetDeck);
      CHECK(s.phase == Phase::picking);
      CHECK(to_act(s) == (dealer + 1) % kPlayers);
      CHECK(s.hand_number == 1);
    }
  }
}

TEST_CASE("S3: an explicit deal gives six cards to each seat and two to the blind") {
  State s = dealt(kDealUnknown);
  CHECK(s.hands[1] == cards("AC TC KC 9C 8C 7D"));
  CHECK(s.hands[2] == cards("AH 8H QS JS AS TS"));
  CHECK(s.blind == cards("7H 7S"));
  CHECK(s.phase == Phase::picking);
  CHECK(s.dealer == 0);
  CHECK(to_act(s) == 1);
  CardSet hands[kPlayers], blind;
  Error err;
  REQUIRE(parse_deal(format_deal(s.hands, s.blind), hands, &blind, &err) == Reason::ok);
  for (int p = 0; p < kPlayers; ++p) CHECK(hands[p] == s.hands[p]);
  CHECK(blind == s.blind);
}

// =======================================================================================
// S4 Picking

TEST_CASE("S4: picking starts left of the dealer and ends with the dealer") {
  for (int dealer = 0; dealer < kPlayers; ++dealer) {
    INFO("dealer " << dealer);
    State s = new_game({}, dealer);
    deal_turned(s, kDealFollow, dealer);
    CHECK(to_act(s) == (dealer + 1) % kPlayers);
    CHECK(legal(s) == Strings{"pick", "pass"});
    refused(s, dealer, "pass", Reason::wrong_seat);
    refused(s, (dealer + 2) % kPlayers, "pick", Reason::wrong_seat);
    for (int i = 1; i <= 4; ++i) {
      CHECK(to_act(s) == (dealer + i) % kPlayers);
      act(s, (dealer + i) % kPlayers, "pass");
      CHECK(s.passes == i);
    }
    // The dealer speaks last and may pick.
    CHECK(to_act(s) == dealer);
    act(s, dealer, "pick");
    CHECK(s.picker == dealer);
    CHECK(s.phase == Phase::burying);
    CHECK(s.hands[dealer].size() == 8);
  }
}

TEST_CASE("S4: the first to pick becomes the picker and picking ends there") {
  State s = dealt(kDealFollow);
  act(s, 1, "pass");
  act(s, 2, "pass");
  act(s, 3, "pick");
  CHECK(s.picker == 3);
  CHECK(s.phase == Phase::burying);
  CHECK(to_act(s) == 3);
  CHECK(s.contract == Contract::none);
  // The blind joins the picker's hand.
  CHECK(s.hands[3] == cards("JH 9H QC JS 7S 7D KD 9D"));
  // Seats 4 and 0 never speak.
  refused(s, 4, "pick", Reason::wrong_phase);
  refused(s, 4, "pass", Reason::wrong_phase);
  refused(s, 0, "pick", Reason::wrong_phase);
  refused(s, 3, "pick", Reason::wrong_phase);
  CHECK(legal(s).size() == 28);  // any two of eight to bury
}

// =======================================================================================
// S5 Nobody picks

TEST_CASE("S5 no_pick=leaster (default): when all pass, a leaster is played at once") {
  State s = dealt(kDealFollow);
  for (int seat : {1, 2, 3, 4}) act(s, seat, "pass");
  CHECK(legal(s) == Strings{"pick", "pass"});  // the dealer may pass
  act(s, 0, "pass");
  CHECK(s.phase == Phase::play);
  CHECK(s.contract == Contract::leaster);
  CHECK(s.picker == kNoSeat);
  CHECK(to_act(s) == 1);             // S14: left of the dealer leads
  CHECK(s.blind == cards("KD 9D"));  // set aside until the last trick
  for (int p = 0; p < kPlayers; ++p) CHECK(s.hands[p].size() == kHandSize);
  CHECK(s.pending_doublers == 0);
  CHECK(s.hand_number == 1);
}

TEST_CASE(
    "S5 no_pick=doubler: the hand is thrown in, the next dealer deals and its stakes are doubled") {
  const Options o = with("no_pick", "doubler");
  State s = new_game(o, 4);  // so that the doubled hand is dealt by seat 0
  deal_turned(s, kDealFollow, 4);
  all_pass(s);
  CHECK(s.phase == Phase::deal);
  CHECK(to_act(s) == -1);
  CHECK(s.dealer == 0);
  CHECK(s.pending_doublers == 1);
  CHECK(s.hand_number == 1);
  CHECK(s.hands_scored == 0);
  CHECK(scores(s) == Ints{0, 0, 0, 0, 0});
  for (int p = 0; p < kPlayers; ++p) CHECK(s.hands[p].empty());
  CHECK(s.last.contract == Contract::none);  // nothing scored

  // Alone, 61: a single win (4/-1) doubled.
  play_scenario(s, kAlone61);
  CHECK(s.last.doubled == 2);
  CHECK(s.last.multiplier == 1);
  CHECK(s.last.won == 1);
  CHECK(deltas(s.last) == Ints{-2, 8, -2, -2, -2});
  CHECK(s.pending_doublers == 0);
  CHECK(s.hand_number == 2);
  CHECK(s.hands_scored == 1);

  // The hand after is not doubled.
  CHECK(s.dealer == 1);
  play_scenario(s, kAlone61);  // turned: seat 2 picks
  CHECK(s.last.doubled == 1);
  CHECK(deltas(s.last) == Ints{-1, -1, 4, -1, -1});
  CHECK(scores(s) == Ints{-3, 7, 2, -3, -3});
}

TEST_CASE(
    "S5 no_pick=doubler: doublers do not stack; two in a row double the next two hands, each x2") {
  const Options o = with("no_pick", "doubler");
  State s = new_game(o, 3);
  deal_turned(s, kDealFollow, 3);
  all_pass(s);
  CHECK(s.pending_doublers == 1);
  deal_turned(s, kDealFollow, 4);
  CHECK(s.doubled == 1);  // this hand would have been doubled; it is thrown in too
  all_pass(s);
  CHECK(s.pending_doublers == 2);
  CHECK(s.dealer == 0);
  CHECK(s.hands_scored == 0);

  play_scenario(s, kAlone61);  // dealer 0, seat 1 alone
  CHECK(s.last.doubled == 2);
  CHECK(deltas(s.last) == Ints{-2, 8, -2, -2, -2});  // x2, not x4
  CHECK(s.pending_doublers == 1);

  play_scenario(s, kAlone61);  // dealer 1, seat 2 alone
  CHECK(s.last.doubled == 2);
  CHECK(deltas(s.last) == Ints{-2, -2, 8, -2, -2});
  CHECK(s.pending_doublers == 0);

  play_scenario(s, kAlone61);  // dealer 2, seat 3 alone: no longer doubled
  CHECK(s.last.doubled == 1);
  CHECK(deltas(s.last) == Ints{-1, -1, -1, 4, -1});
  CHECK(s.hand_number == 5);
  CHECK(s.hands_scored == 3);
}

TEST_CASE("S5 no_pick=forced: the dealer may not pass when everyone else has (dealer_must_pick)") {
  const Options o = with("no_pick", "forced");
  State s = dealt(kDealFollow, o);
  for (int seat : {1, 2, 3, 4}) {
    CHECK(legal(s) == Strings{"pick", "pass"});
    act(s, seat, "pass");
  }
  CHECK(to_act(s) == 0);
  CHECK(legal(s) == Strings{"pick"});
  CHECK(contains(refused(s, 0, "pass", Reason::dealer_must_pick), "must pick"));
  act(s, 0, "pick");
  CHECK(s.picker == 0);
  CHECK(s.phase == Phase::burying);
  CHECK(s.hands[0] == cards("AH TH AC 8S AD JD KD 9D"));
}

// =======================================================================================
// S6 Burying

TEST_CASE("S6: the picker buries any two of its eight cards, the blind's or its own") {
  State s = dealt(kDealUnknown);
  act(s, 1, "pick");
  CHECK(s.hands[1] == cards("AC TC KC 9C 8C 7D 7H 7S"));
  CHECK(legal(s).size() == 28);
  refused(s, 1, "bury AC AH", Reason::card_not_held);
  refused(s, 2, "bury 7H 7S", Reason::wrong_seat);
  refused(s, Action{1, ActionKind::bury, card("AC").code, card("AC").code},
          Reason::malformed_action);
  refused(s, 1, "call AH unknown 7D", Reason::wrong_phase);
  refused(s, 1, "play AC", Reason::wrong_phase);

  SUBCASE("an ace and a trump from its own hand") {
    act(s, 1, "bury AC 7D");
    CHECK(s.bury == cards("AC 7D"));
    CHECK(s.hands[1] == cards("TC KC 9C 8C 7H 7S"));
    CHECK(s.phase == Phase::calling);
    CHECK(to_act(s) == 1);
  }
  SUBCASE("the blind itself") {
    act(s, 1, "bury 7S 7H");
    CHECK(s.bury == cards("7H 7S"));
    CHECK(s.hands[1] == cards("AC TC KC 9C 8C 7D"));
  }
}

TEST_CASE("S6: bury points count for the picker's side") {
  // Alone, 61: 57 card points in tricks and 4 (9S KD) in the bury make a win.
  State s = new_game();
  play_scenario(s, kAlone61);
  CHECK(s.last.bury_points == 4);
  CHECK(s.last.points[1] == 57);
  CHECK(s.last.picker_side_points == 61);
  CHECK(s.last.won == 1);
  CHECK(deltas(s.last) == Ints{-1, 4, -1, -1, -1});
}

TEST_CASE("S6: the call is checked against the six cards left, so a bury can narrow the calls") {
  SUBCASE("burying the only heart rules out calling AH (no_hold_card)") {
    State s = dealt(kDealPartner);
    pick_at(s, 2);
    act(s, 2, "bury 9H 8H");  // QC QS 7S 8S 9S KS left
    CHECK(legal(s) == Strings{"call AS", "alone"});
    CHECK(contains(refused(s, 2, "call AH", Reason::no_hold_card), "hearts"));
  }
  SUBCASE("keeping a heart, AH and AS can be called") {
    State s = dealt(kDealPartner);
    pick_at(s, 2);
    act(s, 2, "bury KS 8H");
    CHECK(legal(s) == Strings{"call AH", "call AS", "alone"});
  }
  SUBCASE("burying the hearts and spades leaves alone or an unknown call") {
    State s = dealt(kDealUnknown);
    act(s, 1, "pick");
    act(s, 1, "bury 7H 7S");  // clubs (AC owned) and 7D left
    Strings expected;
    for (const char* ace : {"AH", "AS"})
      for (const char* u : {"8C", "9C", "TC", "KC", "AC", "7D"})
        expected.push_back(std::string("call ") + ace + " unknown " + u);
    expected.push_back("alone");
    CHECK(legal(s) == expected);
  }
  SUBCASE("burying clubs instead keeps the plain calls") {
    State s = dealt(kDealUnknown);
    act(s, 1, "pick");
    act(s, 1, "bury 9C 8C");  // AC TC KC 7D 7H 7S left
    CHECK(legal(s) == Strings{"call AH", "call AS", "alone"});
  }
}

// =======================================================================================
// S7 Calling a partner

TEST_CASE("S7: an ace call needs a hold card; the holder of the called ace is the secret partner") {
  State s = dealt(kDealPartner);
  pick_at(s, 2);
  act(s, 2, "bury KS 8H");  // QC QS 9H 7S 8S 9S
  CHECK(contains(refused(s, 2, "call AC", Reason::no_hold_card), "clubs"));
  refused(s, 1, "call AH", Reason::wrong_seat);
  act(s, 2, "call AH");
  CHECK(s.contract == Contract::called);
  CHECK(s.called == card("AH").code);
  CHECK(s.partner == 1);
  CHECK(s.unknown == kNoCard);
  CHECK(s.phase == Phase::play);
  CHECK(to_act(s) == 1);  // S9: left of the dealer leads, whoever picked
}

TEST_CASE("S7: the picker may not call a card it owns, in hand or buried (cannot_call_own_card)") {
  // Seat 0 (the dealer) picks: AH TH AC 8S AD JD + KD 9D.
  State s = dealt(kDealFollow);
  pick_at(s, 0);
  SUBCASE("in hand") {
    act(s, 0, "bury KD 9D");
    CHECK(contains(refused(s, 0, "call AH", Reason::cannot_call_own_card), "in hand"));
    CHECK(contains(refused(s, 0, "call AC", Reason::cannot_call_own_card), "in hand"));
    refused(s, 0, "call TH", Reason::cannot_call_own_card);
    CHECK(legal(s) == Strings{"call AS", "alone"});
  }
  SUBCASE("buried") {
    act(s, 0, "bury AC 8S");  // AH TH AD JD KD 9D left: no fail card but hearts
    CHECK(contains(refused(s, 0, "call AC", Reason::cannot_call_own_card), "buried"));
    // No plain call (hearts' ace owned): only AS with an unknown, never the buried AC.
    refused(s, 0, "call AC unknown 9D", Reason::cannot_call_own_card);
    Strings expected;
    for (const char* u : {"9D", "JD", "KD", "AD", "TH", "AH"})
      expected.push_back(std::string("call AS unknown ") + u);
    expected.push_back("alone");
    CHECK(legal(s) == expected);
  }
}

TEST_CASE(
    "S7: a ten is called only by a picker owning all three fail aces, holding that suit's ace") {
  SUBCASE("all three aces: the tens are the calls") {
    State s = dealt(kDealTen);
    act(s, 1, "pick");
    act(s, 1, "bury 8C 8S");  // AC AS AH KH 7C 7S
    CHECK(legal(s) == Strings{"call TC", "call TH", "call TS", "alone"});
    refused(s, 1, "call AH", Reason::cannot_call_own_card);
    refused(s, 1, "call AS", Reason::cannot_call_own_card);
    act(s, 1, "call TH");
    CHECK(s.called == card("TH").code);
    CHECK(s.partner == 3);
    CHECK(s.contract == Contract::called);
  }
  SUBCASE("an ace in the bury still counts as owned, but is no hold card for its ten") {
    State s = dealt(kDealTen);
    act(s, 1, "pick");
    act(s, 1, "bury AH 8C");  // AC AS KH 7C 7S 8S
    CHECK(legal(s) == Strings{"call TC", "call TS", "alone"});
    CHECK(contains(refused(s, 1, "call TH", Reason::no_hold_card), "ace of hearts"));
    refused(s, 1, "call AH", Reason::cannot_call_own_card);
  }
  SUBCASE("without all three aces, no ten (ten_call_needs_all_aces)") {
    State s = dealt(kDealPartner);
    pick_at(s, 2);
    act(s, 2, "bury KS 8H");
    refused(s, 2, "call TH", Reason::ten_call_needs_all_aces);
    refused(s, 2, "call TS", Reason::ten_call_needs_all_aces);
    State u = dealt(kDealUnknown);
    act(u, 1, "pick");
    act(u, 1, "bury 7H 7S");  // owns AC only
    refused(u, 1, "call TH", Reason::ten_call_needs_all_aces);
  }
}

TEST_CASE("S7: only a fail ace or ten may be called (not_callable)") {
  State s = dealt(kDealPartner);
  pick_at(s, 2);
  act(s, 2, "bury KS 8H");
  for (const char* c : {"QH", "JH", "AD", "TD", "QC", "KH", "9S", "7H", "KS"}) {
    INFO(c);
    refused(s, 2, std::string("call ") + c, Reason::not_callable);
  }
  refused(s, Action{2, ActionKind::call, 40, kNoCard}, Reason::not_callable);
}

TEST_CASE("S7: going alone is always allowed") {
  SUBCASE("even with a plain call open") {
    State s = dealt(kDealPartner);
    pick_at(s, 2);
    act(s, 2, "bury KS 8H");
    CHECK(legal(s).back() == "alone");
    act(s, 2, "alone");
    CHECK(s.contract == Contract::alone);
    CHECK(s.called == kNoCard);
    CHECK(s.partner == kNoSeat);
    CHECK(s.phase == Phase::play);
    CHECK(to_act(s) == 1);
    // Alone, nobody is held back: seat 1 may lead KH or AH.
    CHECK(legal(s) == plays("AH KH AC TC 7C 8D"));
  }
  SUBCASE("with the unknown off and no plain call") {
    State s = dealt(kDealUnknown, with("unknown", "off"));
    act(s, 1, "pick");
    act(s, 1, "bury 7H 7S");
    CHECK(legal(s) == Strings{"alone"});
    act(s, 1, "alone");
    CHECK(s.contract == Contract::alone);
  }
}

TEST_CASE(
    "S7 unknown=on (default): with no plain call, call an ace of a suit not held and mark an "
    "unknown") {
  State s = dealt(kDealUnknown);
  act(s, 1, "pick");
  act(s, 1, "bury 7H 7S");  // AC TC KC 9C 8C 7D
  CHECK(contains(refused(s, 1, "call AH", Reason::no_hold_card), "hearts"));
  refused(s, 1, "call AS", Reason::no_hold_card);
  refused(s, 1, "call AC", Reason::cannot_call_own_card);
  refused(s, 1, "call AH unknown QC", Reason::card_not_held);
  refused(s, 1, "call TH unknown 7D", Reason::unknown_not_allowed);  // only an ace
  act(s, 1, "call AH unknown 7D");
  CHECK(s.called == card("AH").code);
  CHECK(s.partner == 2);
  CHECK(s.unknown == card("7D").code);
  CHECK(s.unknown_played == 0);
  // Set aside face down: no longer in the hand.
  CHECK(s.hands[1] == cards("AC TC KC 9C 8C"));
  CHECK(s.contract == Contract::called);
  // The picker may lead the unknown (it leads hearts) or any card.
  Strings expected = plays("AC TC KC 9C 8C");
  expected.push_back("play 7D");
  CHECK(legal(s) == expected);
}

TEST_CASE("S7: the unknown is allowed only when no plain call is (unknown_not_allowed)") {
  State s = dealt(kDealUnknown);
  act(s, 1, "pick");
  act(s, 1, "bury 9C 8C");  // AC TC KC 7D 7H 7S: AH and AS can be called plainly
  CHECK(contains(refused(s, 1, "call AH unknown 7D", Reason::unknown_not_allowed), "plain call"));
  refused(s, 1, "call AS unknown TC", Reason::unknown_not_allowed);
  act(s, 1, "call AH");
  CHECK(s.unknown == kNoCard);
}

TEST_CASE("S7 unknown=off: no unknown call, alone is the only choice without a plain call") {
  State s = dealt(kDealUnknown, with("unknown", "off"));
  act(s, 1, "pick");
  act(s, 1, "bury 7H 7S");
  CHECK(contains(refused(s, 1, "call AH unknown 7D", Reason::unknown_not_allowed), "unknown=off"));
  refused(s, 1, "call AH", Reason::no_hold_card);
  CHECK(legal(s) == Strings{"alone"});
}

TEST_CASE("S7: the set-aside unknown does not count as held for following suit") {
  State s = dealt(kDealUnknown);
  act(s, 1, "pick");
  act(s, 1, "bury 7H 7S");
  act(s, 1, "call AH unknown 7D");
  play_cards(s, "AC JS 7C QC 8D");  // seat 4 trumps: 16
  REQUIRE(to_act(s) == 4);
  act(s, 4, "play QD");
  act(s, 0, "play 9D");
  // A trump is led; the picker's only trump is the unknown 7D, set aside: any club goes, and
  // the unknown is held back.
  CHECK(legal(s) == plays("TC KC 9C 8C"));
  CHECK(contains(refused(s, 1, "play 7D", Reason::unknown_held_back), "7D"));
  act(s, 1, "play 8C");
  CHECK(s.unknown_played == 0);
}

TEST_CASE(
    "S7: played, the unknown is a card of the called suit that cannot win; its points go to the "
    "winner") {
  SUBCASE("led, the unknown leads the called suit: the others follow hearts and AH wins") {
    State s = dealt(kDealUnknown);
    act(s, 1, "pick");
    act(s, 1, "bury 7H 7S");
    act(s, 1, "call AH unknown TC");  // a ten as the unknown: 10 points
    CHECK(s.hands[1] == cards("AC KC 9C 8C 7D"));
    act(s, 1, "play TC");
    CHECK(s.unknown_played == 1);
    CHECK(is_unknown_play(s, 0, 1));
    CHECK(s.called_led == 1);
    // The partner must play the called ace.
    CHECK(legal(s) == plays("AH"));
    refused(s, 2, "play 8H", Reason::must_play_called_card);
    act(s, 2, "play AH");
    // Seat 3 holds KH and the 7C: the lead is hearts, not clubs.
    CHECK(legal(s) == plays("KH"));
    CHECK(contains(refused(s, 3, "play 7C", Reason::must_follow_suit), "hearts led"));
    act(s, 3, "play KH");
    act(s, 4, "play TH");
    act(s, 0, "play 9H");
    CHECK(s.trick_winners[0] == 2);
    CHECK(s.points[2] == 35);  // TC 10 + AH 11 + KH 4 + TH 10 + 9H 0
    CHECK(s.points[1] == 0);
    CHECK(s.tricks_won[1] == 0);
    CHECK(to_act(s) == 2);
    // The picker can no longer play it.
    State t = s;
    play_cards(t, "AS 9S 8S AD");
    refused(t, 1, "play TC", Reason::card_not_held);
  }
  SUBCASE("played to a heart lead, a trump unknown does not win") {
    State s = dealt(kDealUnknown);
    act(s, 1, "pick");
    act(s, 1, "bury 7H 7S");
    act(s, 1, "call AH unknown 7D");
    play_cards(s, "AC JS 7C QC 8D  QD 9D 8C QS QH");  // seat 4, then seat 2 (QS)
    REQUIRE(to_act(s) == 2);
    play_cards(s, "AH KH TH 9H");
    CHECK(legal(s) == Strings{"play 7D"});
    act(s, 1, "play 7D");
    CHECK(s.trick_winners[2] == 2);  // AH, though 7D is a trump by its face
    CHECK(s.points[2] == 9 + 25);
    CHECK(s.tricks_won[1] == 0);
  }
}

// =======================================================================================
// S8 Called-suit obligations

TEST_CASE(
    "S8: the partner leading the called suit must lead the called card (must_lead_called_card)") {
  State s = dealt(kDealPartner);
  pick_at(s, 2);
  act(s, 2, "bury KS 8H");
  act(s, 2, "call AH");
  REQUIRE(to_act(s) == 1);
  CHECK(legal(s) == plays("AH AC TC 7C 8D"));
  CHECK(contains(refused(s, 1, "play KH", Reason::must_lead_called_card), "AH"));
  SUBCASE("leading the called ace is a lead of the called suit") {
    act(s, 1, "play AH");
    CHECK(s.called_led == 1);
    // The picker follows hearts as usual.
    CHECK(legal(s) == plays("9H"));
  }
}

TEST_CASE("S8: the picker may not throw its last card of the called suit (must_keep_hold_card)") {
  SUBCASE("one heart: it is kept") {
    State s = dealt(kDealPartner);
    pick_at(s, 2);
    act(s, 2, "bury KS 8H");  // QC QS 9H 7S 8S 9S
    act(s, 2, "call AH");
    act(s, 1, "play AC");
    // Void in clubs: anything but the 9H.
    CHECK(legal(s) == plays("QC QS 7S 8S 9S"));
    CHECK(contains(refused(s, 2, "play 9H", Reason::must_keep_hold_card), "9H"));
  }
  SUBCASE("two hearts: one may go") {
    State s = dealt(kDealPartner);
    pick_at(s, 2);
    act(s, 2, "bury KS 9S");  // QC QS 9H 8H 7S 8S
    act(s, 2, "call AH");
    act(s, 1, "play AC");
    CHECK(legal(s) == plays("QC QS 9H 8H 7S 8S"));
    act(s, 2, "play 9H");
    CHECK(s.called_led == 0);  // a discard is no lead
  }
}

TEST_CASE(
    "S8: with a called ten the picker must keep that suit's ace, and the partner holds back the "
    "ten") {
  State s = dealt(kDealTen);
  act(s, 1, "pick");
  act(s, 1, "bury 8C 8S");
  act(s, 1, "call TH");
  act(s, 1, "play 7C");
  act(s, 2, "play QC");
  // The partner (seat 3) is void in clubs but may not play the TH.
  CHECK(legal(s) == plays("7H 8H 9H JH JD"));
  refused(s, 3, "play TH", Reason::called_card_held_back);
  play_cards(s, "JH 9C 7D");  // seat 2 wins with QC
  REQUIRE(to_act(s) == 2);
  play_cards(s, "QS JD TC 8D");
  // A trump is led and the picker has none: the KH may go, the AH may not.
  CHECK(legal(s) == plays("AC KH AS 7S"));
  CHECK(contains(refused(s, 1, "play AH", Reason::must_keep_hold_card), "AH"));
  act(s, 1, "play KH");
  CHECK(s.trick_winners[1] == 2);
  CHECK(s.points[2] == 5 + 19);
}

TEST_CASE(
    "S8: the partner may not play the called card before the called suit is led, even when void") {
  State s = dealt(kDealPartner);
  pick_at(s, 2);
  act(s, 2, "bury KS 8H");
  act(s, 2, "call AH");
  play_cards(s, "AC QC 9C 9D QD");  // seat 2 wins with QC
  REQUIRE(to_act(s) == 2);
  play_cards(s, "7S 8C AS JS");
  REQUIRE(to_act(s) == 1);
  // Spades led; the partner (AH KH TC 7C 8D) is void.
  CHECK(legal(s) == plays("KH TC 7C 8D"));
  CHECK(contains(refused(s, 1, "play AH", Reason::called_card_held_back), "AH"));
  act(s, 1, "play 7C");
  CHECK(s.trick_winners[1] == 0);  // JS
}

TEST_CASE("S8: when the called suit is first led the partner must play the called card") {
  State s = dealt(kDealPartner);
  pick_at(s, 2);
  act(s, 2, "bury KS 8H");
  act(s, 2, "call AH");
  play_cards(s, "AC QC 9C 9D QD  7S 8C AS JS 7C");
  REQUIRE(to_act(s) == 0);
  // The partner is not known to the others yet.
  CHECK(view(s, 0).partner == kNoSeat);
  act(s, 0, "play 7H");
  CHECK(s.called_led == 3);
  CHECK(legal(s) == plays("AH"));
  CHECK(contains(refused(s, 1, "play KH", Reason::must_play_called_card), "AH"));
  act(s, 1, "play AH");
  CHECK(view(s, 0).partner == 1);
  // The picker follows suit as usual.
  CHECK(legal(s) == plays("9H"));
  play_cards(s, "9H TH QH");
  CHECK(s.trick_winners[2] == 4);
  CHECK(s.points[4] == 24);  // 7H 0 + AH 11 + 9H 0 + TH 10 + QH 3
  // Once the suit has been led the obligations end: the partner may play KH anywhere.
  REQUIRE(to_act(s) == 4);
  act(s, 4, "play JC");
  act(s, 0, "play TD");
  act(s, 1, "play 8D");  // must follow trump
  act(s, 2, "play QS");
  act(s, 3, "play JD");
}

TEST_CASE(
    "S8: a picker with an unknown must play it when the called suit is first led "
    "(must_play_unknown)") {
  State s = dealt(kDealUnknown);
  act(s, 1, "pick");
  act(s, 1, "bury 7H 7S");
  act(s, 1, "call AH unknown 7D");
  play_cards(s, "AC JS 7C QC 8D  QD 9D 8C QS QH");
  REQUIRE(to_act(s) == 2);
  // The partner leads; a heart lead must be the AH.
  CHECK(legal(s) == plays("AH AS TS"));
  refused(s, 2, "play 8H", Reason::must_lead_called_card);
  play_cards(s, "AH KH TH 9H");
  REQUIRE(to_act(s) == 1);
  CHECK(legal(s) == Strings{"play 7D"});
  CHECK(contains(refused(s, 1, "play 9C", Reason::must_play_unknown), "7D"));
  refused(s, 1, "play KC", Reason::must_play_unknown);
  act(s, 1, "play 7D");
  CHECK(s.unknown_played == 3);
}

TEST_CASE(
    "S8: if the called suit is never led, the called card and the unknown go to the last trick") {
  State s = dealt(kDealUnknown);
  act(s, 1, "pick");
  act(s, 1, "bury 7H 7S");
  act(s, 1, "call AH unknown 7D");
  // Tricks 1-4, then trick 5 with a trump lead: the partner still may not play AH.
  play_cards(s, std::string(kNeverLedFirst5).substr(0, std::string(kNeverLedFirst5).rfind("  ")));
  REQUIRE(s.tricks_done == 4);
  REQUIRE(to_act(s) == 0);
  play_cards(s, "TD TC");
  CHECK(legal(s) == plays("TS"));
  refused(s, 2, "play AH", Reason::called_card_held_back);
  play_cards(s, "TS JH JC");
  CHECK(s.called_led == 0);
  REQUIRE(s.tricks_done == 5);
  CHECK(s.hands[2] == cards("AH"));
  CHECK(s.hands[1].empty());
  CHECK(s.unknown_played == 0);
  // The last trick, led with a trump: the constraints are moot.
  REQUIRE(to_act(s) == 4);
  act(s, 4, "play JD");
  act(s, 0, "play AD");
  CHECK(legal(s) == Strings{"play 7D"});
  act(s, 1, "play 7D");
  CHECK(legal(s) == plays("AH"));
  act(s, 2, "play AH");
  act(s, 3, "play KS");
  // Scored: picker 21 + partner 9 + bury 0 = 30 in two tricks: schneidered, -4/-2/+2.
  CHECK(s.phase == Phase::deal);
  CHECK(s.trick_winners[5] == 4);  // JD; the unknown cannot win
  CHECK(s.last.points[2] == 9);
  CHECK(s.last.points[1] == 21);
  CHECK(s.last.picker_side_points == 30);
  CHECK(s.last.picker_side_tricks == 2);
  CHECK(s.last.partner == 2);
  CHECK(s.last.unknown == card("7D").code);
  CHECK(s.last.won == 0);
  CHECK(s.last.multiplier == 2);
  CHECK(deltas(s.last) == Ints{2, -4, -2, 2, 2});
}

// =======================================================================================
// S9 Play

TEST_CASE("S9: the player left of the dealer leads the first trick, whoever picked") {
  for (int dealer = 0; dealer < kPlayers; ++dealer) {
    INFO("dealer " << dealer);
    State s = new_game({}, dealer);
    deal_turned(s, kDealPartner, dealer);
    pick_at(s, (dealer + 2) % kPlayers);
    act(s, (dealer + 2) % kPlayers, "bury KS 8H");
    act(s, (dealer + 2) % kPlayers, "call AH");
    CHECK(to_act(s) == (dealer + 1) % kPlayers);
    CHECK(s.leaders[0] == (dealer + 1) % kPlayers);
  }
}

TEST_CASE("S9: players must follow the suit led, and trump counts as a suit (must_follow_suit)") {
  State s = dealt(kDealFollow);
  all_pass(s);
  play_cards(s, "7H 7C 9H KH AH");
  REQUIRE(to_act(s) == 0);
  act(s, 0, "play JD");
  // Seat 1 has no trump: anything goes.
  CHECK(legal(s) == plays("8H AS TS KS 9S"));
  act(s, 1, "play AS");
  // Seat 2 holds QH and 8D, both trump; there is no duty to overtrump.
  CHECK(legal(s) == plays("QH 8D"));
  CHECK(contains(refused(s, 2, "play TC", Reason::must_follow_suit), "trump led"));
  act(s, 2, "play 8D");
  // Seat 3: the 7D is a trump (diamonds are trump), the 7S is not.
  CHECK(legal(s) == plays("JH QC JS 7D"));
  refused(s, 3, "play 7S", Reason::must_follow_suit);
  act(s, 3, "play 7D");
  CHECK(legal(s) == plays("JC QS QD TD"));
  refused(s, 4, "play 8C", Reason::must_follow_suit);
  act(s, 4, "play TD");
  CHECK(s.trick_winners[1] == 0);  // JD beats TD, 8D, 7D
  CHECK(s.points[0] == 15 + 23);   // JD 2 + AS 11 + 8D 0 + 7D 0 + TD 10
  CHECK(to_act(s) == 0);           // the winner leads the next trick
  CHECK(s.leaders[2] == 0);
}

TEST_CASE("S9: no duty to trump; without a trump the highest card of the suit led wins") {
  State s = dealt(kDealFollow);
  all_pass(s);
  play_cards(s, "7H 7C 9H KH AH");
  act(s, 0, "play 8S");
  CHECK(legal(s) == plays("AS TS KS 9S"));
  CHECK(contains(refused(s, 1, "play 8H", Reason::must_follow_suit), "spades led"));
  act(s, 1, "play TS");
  // Seat 2 is void in spades and holds trumps (QH 8D): it may throw a club.
  CHECK(legal(s) == plays("QH TC KC 9C 8D"));
  act(s, 2, "play 9C");
  // Seat 3's JS is a trump, not a spade: the 7S must be played.
  CHECK(legal(s) == plays("7S"));
  CHECK(contains(refused(s, 3, "play JS", Reason::must_follow_suit), "7S held, spades led"));
  act(s, 3, "play 7S");
  act(s, 4, "play 8C");
  CHECK(s.trick_winners[1] == 1);  // TS: the highest spade (A T K order; no trump played)
  CHECK(s.points[1] == 10);
  CHECK(to_act(s) == 1);
}

TEST_CASE("S9: a trump beats any fail card, and the highest trump wins") {
  State s = dealt(kDealFollow);
  all_pass(s);
  play_cards(s, "7H 7C 9H KH AH");
  play_cards(s, "8S TS 9C 7S");
  act(s, 4, "play QD");  // void in spades: a trump wins
  CHECK(s.trick_winners[1] == 4);
  CHECK(s.points[4] == 13);  // TS 10 + QD 3
}

// =======================================================================================
// S10 Result of a called or alone hand

TEST_CASE(
    "S10: the result table, alone: 60-60 loses, 61 wins, 91 schneider, 30 schneidered, every "
    "trick, no trick") {
  const struct {
    const char* name;
    const Scenario* sc;
    int side_points, side_tricks, bury_points, won, multiplier;
    Ints deltas;
  } rows[] = {
      {"60 (60-60): loss", &kAlone60, 60, 3, 11, 0, 1, {1, -4, 1, 1, 1}},
      {"61: win", &kAlone61, 61, 3, 4, 1, 1, {-1, 4, -1, -1, -1}},
      {"90: win", &kAlone90, 90, 4, 10, 1, 1, {-1, 4, -1, -1, -1}},
      {"91: schneider win", &kAlone91, 91, 5, 10, 1, 2, {-2, 8, -2, -2, -2}},
      {"31: loss", &kAlone31, 31, 1, 4, 0, 1, {1, -4, 1, 1, 1}},
      {"30: schneidered", &kAlone30, 30, 1, 11, 0, 2, {2, -8, 2, 2, 2}},
      {"every trick", &kAloneAll, 120, 6, 14, 1, 3, {-3, 12, -3, -3, -3}},
      {"120 points, a zero-point trick lost",
       &kAlone120LostTrick,
       120,
       5,
       21,
       1,
       2,
       {-2, 8, -2, -2, -2}},
      {"no trick", &kAloneNoTrick, 0, 0, 2, 0, 3, {3, -12, 3, 3, 3}},
  };
  for (const auto& row : rows) {
    INFO(row.name);
    State s = new_game();
    play_scenario(s, *row.sc);
    const HandResult& r = s.last;
    CHECK(r.contract == Contract::alone);
    CHECK(r.picker == 1);
    CHECK(r.partner == kNoSeat);
    CHECK(r.called == kNoCard);
    CHECK(int(r.picker_side_points) == row.side_points);
    CHECK(int(r.picker_side_tricks) == row.side_tricks);
    CHECK(int(r.tricks[1]) == row.side_tricks);
    CHECK(int(r.bury_points) == row.bury_points);
    CHECK(int(r.won) == row.won);
    CHECK(int(r.multiplier) == row.multiplier);
    CHECK(r.doubled == 1);
    CHECK(r.bumped == 1);
    CHECK(r.leaster_winner == kNoSeat);
    CHECK(deltas(r) == row.deltas);
    CHECK(scores(s) == row.deltas);
    CHECK(sum(deltas(r)) == 0);
    CHECK(r.hand_number == 1);
    CHECK(s.hands_scored == 1);
    CHECK(s.phase == Phase::deal);
    CHECK(s.dealer == 1);  // the deal passes left
    CHECK(to_act(s) == -1);
  }
}

TEST_CASE(
    "S10: with a partner, the side's points are the picker's and the partner's tricks plus the "
    "bury") {
  State s = new_game();
  play_scenario(s, kCalledWin);
  const HandResult& r = s.last;
  CHECK(r.contract == Contract::called);
  CHECK(r.partner == 2);
  CHECK(r.called == card("AC").code);
  CHECK(result_points(r) == Ints{0, 19, 42, 22, 26});
  CHECK(r.bury_points == 11);
  CHECK(r.picker_side_points == 72);  // 19 + 42 + 11
  CHECK(r.picker_side_tricks == 4);
  CHECK(r.won == 1);
  CHECK(r.multiplier == 1);
}

// =======================================================================================
// S11 Stakes

TEST_CASE(
    "S11: with a partner the side pays or receives 2:1 - win 2/1/-1, 4/2/-2, loss -2/-1/+1, "
    "-4/-2/+2, all 6/3/-3") {
  const struct {
    const char* name;
    const Scenario* sc;
    int partner, side_points, won, multiplier;
    Ints deltas;
  } rows[] = {
      {"win", &kCalledWin, 2, 72, 1, 1, {-1, 2, 1, -1, -1}},
      {"schneider win", &kCalledSchneider, 3, 100, 1, 2, {-2, 4, -2, 2, -2}},
      {"loss", &kCalledLoss, 2, 39, 0, 1, {1, -2, -1, 1, 1}},
      {"schneidered", &kCalledSchneidered, 4, 19, 0, 2, {2, -4, 2, 2, -2}},
      {"every trick", &kCalledAll, 0, 120, 1, 3, {3, 6, -3, -3, -3}},
  };
  for (const auto& row : rows) {
    INFO(row.name);
    State s = new_game();
    play_scenario(s, *row.sc);
    const HandResult& r = s.last;
    CHECK(int(r.partner) == row.partner);
    CHECK(int(r.picker_side_points) == row.side_points);
    CHECK(int(r.won) == row.won);
    CHECK(int(r.multiplier) == row.multiplier);
    CHECK(r.bumped == 1);
    CHECK(deltas(r) == row.deltas);
    CHECK(r.deltas[1] == 2 * r.deltas[row.partner]);
  }
}

TEST_CASE("S11: alone, the picker pays or receives all four defenders' stakes") {
  for (const Scenario* sc : {&kAlone61, &kAlone91, &kAlone60, &kAlone30, &kAloneAll}) {
    State s = new_game();
    play_scenario(s, *sc);
    const int each = s.last.deltas[0];
    CHECK(each == -int(s.last.multiplier) * (s.last.won ? 1 : -1));
    for (int p : {0, 2, 3, 4}) CHECK(s.last.deltas[p] == each);
    CHECK(s.last.deltas[1] == -4 * each);
  }
}

TEST_CASE("S11 double_on_bump=off (default): a loss is not doubled") {
  State s = new_game();
  play_scenario(s, kCalledSchneidered);
  CHECK(s.last.bumped == 1);
  CHECK(deltas(s.last) == Ints{2, -4, 2, 2, -2});
}

TEST_CASE("S11 double_on_bump=on: a loss by the picker's side is doubled, a win is not") {
  const Options o = with("double_on_bump", "on");
  const struct {
    const char* name;
    const Scenario* sc;
    int bumped;
    Ints deltas;
  } rows[] = {
      {"called loss", &kCalledLoss, 2, {2, -4, -2, 2, 2}},
      {"called schneidered", &kCalledSchneidered, 2, {4, -8, 4, 4, -4}},
      {"alone schneidered", &kAlone30, 2, {4, -16, 4, 4, 4}},
      {"alone 60-60", &kAlone60, 2, {2, -8, 2, 2, 2}},
      {"called no trick", &kCalledNoTrick, 2, {6, -18, 6, 6, 0}},
      {"called win", &kCalledWin, 1, {-1, 2, 1, -1, -1}},
      {"alone schneider win", &kAlone91, 1, {-2, 8, -2, -2, -2}},
  };
  for (const auto& row : rows) {
    INFO(row.name);
    State s = new_game(o);
    play_scenario(s, *row.sc);
    CHECK(int(s.last.bumped) == row.bumped);
    CHECK(s.last.doubled == 1);
    CHECK(deltas(s.last) == row.deltas);
  }
}

TEST_CASE("S11: a pending doubler multiplies the stakes, and with the bump a loss is x4") {
  SUBCASE("doubler, a schneider win with a partner: 8/4/-4") {
    State s = new_game(with("no_pick", "doubler"), 4);
    deal_turned(s, kDealFollow, 4);
    all_pass(s);
    play_scenario(s, kCalledSchneider);
    CHECK(s.last.doubled == 2);
    CHECK(s.last.bumped == 1);
    CHECK(deltas(s.last) == Ints{-4, 8, -4, 4, -4});
  }
  SUBCASE("doubler and bump, a loss with a partner: -8/-4/+4") {
    State s = new_game(with("double_on_bump", "on", with("no_pick", "doubler")), 4);
    deal_turned(s, kDealFollow, 4);
    all_pass(s);
    play_scenario(s, kCalledLoss);
    CHECK(s.last.doubled == 2);
    CHECK(s.last.bumped == 2);
    CHECK(s.last.multiplier == 1);
    CHECK(deltas(s.last) == Ints{4, -8, -4, 4, 4});
  }
  SUBCASE("doubler and bump, no trick alone: -48/+12") {
    State s = new_game(with("double_on_bump", "on", with("no_pick", "doubler")), 4);
    deal_turned(s, kDealFollow, 4);
    all_pass(s);
    play_scenario(s, kAloneNoTrick);
    CHECK(deltas(s.last) == Ints{12, -48, 12, 12, 12});
  }
}

// =======================================================================================
// S12 No-trick loss

TEST_CASE(
    "S12: with a partner and no trick, the picker alone pays 3 to each defender: -9/+3, partner "
    "0") {
  State s = new_game();
  play_scenario(s, kCalledNoTrick);
  const HandResult& r = s.last;
  CHECK(r.partner == 4);
  CHECK(r.picker_side_tricks == 0);
  CHECK(r.bury_points == 4);
  CHECK(r.picker_side_points == 0);  // the bury does not count
  CHECK(r.won == 0);
  CHECK(r.multiplier == 3);
  CHECK(deltas(r) == Ints{3, -9, 3, 3, 0});
  CHECK(result_tricks(r) == Ints{0, 0, 6, 0, 0});
}

TEST_CASE("S12: alone with no trick: -12/+3, the bury not counted") {
  State s = new_game();
  play_scenario(s, kAloneNoTrick);
  CHECK(s.last.bury_points == 2);
  CHECK(s.last.picker_side_points == 0);
  CHECK(s.last.multiplier == 3);
  CHECK(deltas(s.last) == Ints{3, -12, 3, 3, 3});
}

// =======================================================================================
// S13 What each player sees

TEST_CASE(
    "S13: each seat sees its own hand; only the picker sees the blind, the bury and the unknown") {
  State s = dealt(kDealUnknown);
  for (int p = 0; p < kPlayers; ++p) {
    const View v = view(s, p);
    CHECK(v.hand == s.hands[p]);
    CHECK(v.blind.empty());
    CHECK(v.bury.empty());
    CHECK(v.picker == kNoSeat);
    CHECK(v.seat == p);
  }
  act(s, 1, "pick");
  CHECK(view(s, 1).blind == cards("7H 7S"));
  CHECK(view(s, 1).hand.size() == 8);
  for (int p : {0, 2, 3, 4}) {
    CHECK(view(s, p).blind.empty());
    CHECK(view(s, p).picker == 1);  // who picked is public
  }
  act(s, 1, "bury 7H 7S");
  CHECK(view(s, 1).bury == cards("7H 7S"));
  for (int p : {0, 2, 3, 4}) CHECK(view(s, p).bury.empty());
  act(s, 1, "call AH unknown 7D");
  CHECK(view(s, 1).unknown == card("7D").code);
  CHECK(view(s, 1).hand == cards("AC TC KC 9C 8C"));
  for (int p = 0; p < kPlayers; ++p) {
    CHECK(view(s, p).called == card("AH").code);  // the called card is public
    if (p != 1) {
      CHECK(view(s, p).unknown == kNoCard);
      CHECK(view(s, p).blind.empty());
      CHECK(view(s, p).bury.empty());
    }
  }
  const std::string json = view_json(view(s, 3));
  CHECK(contains(json, "\"blind\": null"));
  CHECK(contains(json, "\"bury\": null"));
  CHECK(contains(json, "\"unknown\": null"));
  CHECK(!contains(view_json(view(s, 1)), "\"unknown\": null"));
}

TEST_CASE(
    "S13: nobody learns the partner until the called card is played; the unknown is face down") {
  State s = dealt(kDealUnknown);
  act(s, 1, "pick");
  act(s, 1, "bury 7H 7S");
  act(s, 1, "call AH unknown 7D");
  auto partner_hidden = [&] {
    for (int p : {0, 1, 3, 4}) CHECK(view(s, p).partner == kNoSeat);  // the picker too
    CHECK(view(s, 2).partner == 2);                                   // the partner knows
  };
  partner_hidden();
  for (std::string_view w : words(kNeverLedFirst5)) {
    act(s, to_act(s), "play " + std::string(w));
    partner_hidden();
  }
  play_cards(s, "JD AD 7D");
  partner_hidden();
  // The unknown shows face down to everyone but the picker.
  for (int p : {0, 2, 3, 4}) CHECK(view(s, p).played[5][1] == kFaceDown);
  CHECK(view(s, 1).played[5][1] == card("7D").code);
  CHECK(contains(view_json(view(s, 0)), "\"AD\", \"unknown\", null, null, \"JD\""));
  CHECK(contains(view_text(view(s, 0)), "1:??"));
  CHECK(!contains(view_json(view(s, 0)), "7D"));
  // Every other card played, and each trick's winner, is public.
  for (int p = 0; p < kPlayers; ++p) {
    const View v = view(s, p);
    for (int t = 0; t < 5; ++t) {
      CHECK(v.trick_winners[t] == s.trick_winners[t]);
      for (int q = 0; q < kPlayers; ++q) CHECK(v.played[t][q] == s.played[t][q]);
    }
  }
  act(s, 2, "play AH");
  for (int p = 0; p < kPlayers; ++p) CHECK(view(s, p).partner == 2);
  act(s, 3, "play KS");
  // At the end of the hand everything shows.
  REQUIRE(s.phase == Phase::deal);
  for (int p = 0; p < kPlayers; ++p) {
    const View v = view(s, p);
    CHECK(v.blind == cards("7H 7S"));
    CHECK(v.bury == cards("7H 7S"));
    CHECK(v.unknown == card("7D").code);
    CHECK(v.partner == 2);
    CHECK(v.played[5][1] == card("7D").code);
    CHECK(v.last.picker_side_points == 30);
    CHECK(deltas(v.last) == Ints{2, -4, -2, 2, 2});
    CHECK(Ints(v.scores, v.scores + kPlayers) == Ints{2, -4, -2, 2, 2});
  }
}

TEST_CASE("S2: a view's hand_sorted holds the trumps together high to low, then C, H, S") {
  const State s = dealt(kDealFollow);
  CHECK(contains(view_json(view(s, 0)),
                 "\"hand_sorted\": [\"JD\", \"AD\", \"AC\", \"AH\", \"TH\", \"8S\"]"));
  CHECK(contains(view_json(view(s, 3)),
                 "\"hand_sorted\": [\"QC\", \"JS\", \"JH\", \"7D\", \"9H\", \"7S\"]"));
  CHECK(contains(view_json(view(s, 4)),
                 "\"hand_sorted\": [\"QS\", \"QD\", \"JC\", \"TD\", \"8C\", \"KH\"]"));
  CHECK(contains(view_json(view(s, -1)), "\"hand_sorted\": []"));
}

TEST_CASE("S9, S13: points_taken: each seat's card points in the tricks it took, as all see them") {
  State s = dealt(kDealUnknown);
  act(s, 1, "pick");
  act(s, 1, "bury 7H 7S");
  act(s, 1, "call AH unknown 7D");
  for (int p = -1; p < kPlayers; ++p)
    CHECK(contains(view_json(view(s, p)), "\"points_taken\": [0, 0, 0, 0, 0]"));
  play_cards(s, "AC 8H 7C TH 9H");  // seat 1 takes 21
  for (int p = -1; p < kPlayers; ++p)
    CHECK(contains(view_json(view(s, p)), "\"points_taken\": [0, 21, 0, 0, 0]"));
  play_cards(s, std::string(kNeverLedFirst5).substr(std::string("AC 8H 7C TH 9H  ").size()));
  play_cards(s, "JD AD 7D");  // the unknown face down in the last trick, not yet taken
  const std::string mid = view_json(view(s, 0));
  for (int p = -1; p < kPlayers; ++p)
    CHECK(contains(view_json(view(s, p)), mid.substr(mid.find("\"points_taken\""), 40)));
  act(s, 2, "play AH");
  act(s, 3, "play KS");
  REQUIRE(s.phase == Phase::deal);
  // The hand over: the tricks' points are the result's (the unknown counted, now shown).
  std::string expected = "\"points_taken\": [";
  for (int p = 0; p < kPlayers; ++p) expected += (p ? ", " : "") + std::to_string(s.last.points[p]);
  for (int p = -1; p < kPlayers; ++p) CHECK(contains(view_json(view(s, p)), expected + "]"));
}

TEST_CASE("S13: in a leaster the blind is seen by nobody until the hand is over") {
  State s = dealt(kLeasterDeal);
  all_pass(s);
  for (int p = 0; p < kPlayers; ++p) CHECK(view(s, p).blind.empty());
  play_cards(s, kLeasterScript);
  for (int p = 0; p < kPlayers; ++p) CHECK(view(s, p).blind == cards("KD TH"));
}

// =======================================================================================
// S14 Leaster

TEST_CASE(
    "S14 leaster_blind=last_trick (default): the fewest points among trick-takers wins, +4/-1") {
  State s = dealt(kLeasterDeal);
  all_pass(s);
  CHECK(to_act(s) == 1);
  play_cards(s, kLeasterScript);
  const HandResult& r = s.last;
  CHECK(r.contract == Contract::leaster);
  CHECK(r.picker == kNoSeat);
  CHECK(r.partner == kNoSeat);
  CHECK(r.multiplier == 1);
  CHECK(result_tricks(r) == Ints{1, 1, 0, 2, 2});
  CHECK(r.blind_points == 14);  // KD TH, to seat 1 with the last trick
  CHECK(result_points(r) == Ints{18, 31, 0, 36, 35});
  CHECK(r.leaster_winner == 0);  // seat 2 has 0 points but took no trick
  CHECK(deltas(r) == Ints{4, -1, -1, -1, -1});
  CHECK(scores(s) == Ints{4, -1, -1, -1, -1});
  CHECK(s.hands_scored == 1);
  CHECK(s.dealer == 1);
}

TEST_CASE("S14 leaster_blind=none: the blind is not counted") {
  State s = dealt(kLeasterDeal, with("leaster_blind", "none"));
  all_pass(s);
  play_cards(s, kLeasterScript);
  CHECK(s.last.blind_points == 0);
  CHECK(result_points(s.last) == Ints{18, 17, 0, 36, 35});
  CHECK(s.last.leaster_winner == 1);
  CHECK(deltas(s.last) == Ints{-1, 4, -1, -1, -1});
}

TEST_CASE("S14: a tie for fewest points pays nothing") {
  State s = dealt(kLeasterTieDeal);
  all_pass(s);
  play_cards(s, kLeasterTieScript);
  CHECK(s.last.blind_points == 13);
  CHECK(result_points(s.last) == Ints{18, 18, 58, 26, 0});
  CHECK(s.last.leaster_winner == kNoSeat);
  CHECK(deltas(s.last) == Ints{0, 0, 0, 0, 0});
  CHECK(scores(s) == Ints{0, 0, 0, 0, 0});
  CHECK(s.hands_scored == 1);  // scored, with no score changes
  CHECK(s.last.contract == Contract::leaster);

  // Without the blind there is no tie: seat 0 has 5.
  State n = dealt(kLeasterTieDeal, with("leaster_blind", "none"));
  all_pass(n);
  play_cards(n, kLeasterTieScript);
  CHECK(n.last.leaster_winner == 0);
  CHECK(deltas(n.last) == Ints{4, -1, -1, -1, -1});
}

TEST_CASE("S14: if only one player took tricks, that player wins") {
  State s = dealt(kLeasterOneDeal);
  all_pass(s);
  play_cards(s, kLeasterOneScript);
  CHECK(result_tricks(s.last) == Ints{0, 6, 0, 0, 0});
  CHECK(s.last.blind_points == 11);
  CHECK(result_points(s.last) == Ints{0, 120, 0, 0, 0});
  CHECK(s.last.leaster_winner == 1);
  CHECK(deltas(s.last) == Ints{-1, 4, -1, -1, -1});
}

TEST_CASE(
    "S14: in a leaster there are no called-suit obligations and the left of the dealer leads") {
  State s = new_game({}, 3);
  deal_turned(s, kLeasterDeal, 3);
  all_pass(s);
  CHECK(to_act(s) == 4);
  CHECK(s.contract == Contract::leaster);
  CHECK(s.called == kNoCard);
  play_cards(s, kLeasterScript);
  CHECK(s.last.leaster_winner == 3);  // seat 0 of the text, turned by 3
  CHECK(deltas(s.last) == Ints{-1, -1, -1, 4, -1});
}

// =======================================================================================
// S15 Scores

TEST_CASE("S15: scores are cumulative and zero-sum; the deal passes left after every hand") {
  State s = new_game();
  Ints total(kPlayers, 0);
  auto add = [&](const Ints& d) {
    CHECK(sum(d) == 0);
    for (int p = 0; p < kPlayers; ++p) total[p] += d[p];
    CHECK(scores(s) == total);
    CHECK(sum(scores(s)) == 0);
  };
  play_scenario(s, kAlone61);  // dealer 0: seat 1 alone wins
  CHECK(deltas(s.last) == Ints{-1, 4, -1, -1, -1});
  add(deltas(s.last));
  CHECK(s.dealer == 1);
  play_scenario(s, kCalledLoss);  // dealer 1: seat 2 picks, calls AC held by seat 3
  CHECK(s.last.picker == 2);
  CHECK(s.last.partner == 3);
  CHECK(deltas(s.last) == Ints{1, 1, -2, -1, 1});
  add(deltas(s.last));
  CHECK(s.dealer == 2);
  deal_turned(s, kLeasterDeal, 2);  // dealer 2: a leaster
  all_pass(s);
  play_cards(s, kLeasterScript);
  CHECK(deltas(s.last) == Ints{-1, -1, 4, -1, -1});
  add(deltas(s.last));
  CHECK(scores(s) == Ints{-1, 4, 1, -3, -1});
  CHECK(s.hands_scored == 3);
  CHECK(s.hand_number == 3);
  CHECK(s.dealer == 3);
  CHECK(!is_over(s));  // hands=0: no natural end
}

TEST_CASE("S15 hands=N: the game ends after N scored hands and the highest total wins") {
  State s = new_game(with("hands", "2"));
  play_scenario(s, kAlone61);
  CHECK(!is_over(s));
  CHECK(s.phase == Phase::deal);
  CHECK(s.winners == 0);
  play_scenario(s, kAlone61);  // seat 2 alone wins
  CHECK(scores(s) == Ints{-2, 3, 3, -2, -2});
  CHECK(is_over(s));
  CHECK(s.phase == Phase::over);
  CHECK(to_act(s) == -1);
  CHECK(s.winners == ((1u << 1) | (1u << 2)));  // ties share
  CHECK(view(s, 0).winners == s.winners);
  CHECK(contains(view_json(view(s, 0)), "\"winners\": [1, 2]"));
  // Nothing more happens.
  CardSet hands[kPlayers], blind;
  Error err;
  REQUIRE(parse_deal(kDealFollow, hands, &blind, &err) == Reason::ok);
  State out = s;
  CHECK(deal_cards(s, hands, blind, &out, &err) == Reason::game_over);
  CHECK(std::memcmp(&out, &s, sizeof s) == 0);
  CHECK(deal_seed(s, 7, &out, &err) == Reason::game_over);
  refused(s, 1, "pick", Reason::game_over);
  refused(s, 1, "play AC", Reason::game_over);
  CHECK(legal(s).empty());
}

TEST_CASE("S15 hands=1: a single winner; a tie shares the win") {
  SUBCASE("one winner") {
    State s = new_game(with("hands", "1"));
    play_scenario(s, kCalledWin);
    CHECK(is_over(s));
    CHECK(s.winners == (1u << 1));
  }
  SUBCASE("everyone tied at zero after a leaster tie") {
    State s = dealt(kLeasterTieDeal, with("hands", "1"));
    all_pass(s);
    play_cards(s, kLeasterTieScript);
    CHECK(is_over(s));
    CHECK(s.winners == 0x1F);
  }
}

TEST_CASE("S15 hands=N: a thrown-in doubler is not a scored hand") {
  State s = new_game(with("hands", "1", with("no_pick", "doubler")), 4);
  deal_turned(s, kDealFollow, 4);
  all_pass(s);
  CHECK(!is_over(s));
  CHECK(s.hands_scored == 0);
  play_scenario(s, kAlone61);
  CHECK(is_over(s));
  CHECK(s.hands_scored == 1);
  CHECK(s.hand_number == 2);
  CHECK(s.winners == (1u << 1));
}

// =======================================================================================
// Refusals: the state is untouched and the reason given

TEST_CASE("Refusals: wrong_seat, wrong_phase and bad_seat") {
  State s = dealt(kDealPartner);
  refused(s, 2, "pick", Reason::wrong_seat);
  refused(s, 1, "play AH", Reason::wrong_phase);
  refused(s, 1, "bury AH KH", Reason::wrong_phase);
  refused(s, 1, "alone", Reason::wrong_phase);
  refused(s, Action{7, ActionKind::pass, kNoCard, kNoCard}, Reason::bad_seat);
  CardSet hands[kPlayers], blind;
  Error err;
  REQUIRE(parse_deal(kDealFollow, hands, &blind, &err) == Reason::ok);
  State out = s;
  CHECK(deal_cards(s, hands, blind, &out, &err) == Reason::wrong_phase);
  CHECK(std::memcmp(&out, &s, sizeof s) == 0);
  CHECK(deal_seed(s, 3, &out, &err) == Reason::wrong_phase);
  CHECK(std::memcmp(&out, &s, sizeof s) == 0);

  pick_at(s, 2);
  act(s, 2, "bury KS 8H");
  refused(s, 2, "pick", Reason::wrong_phase);
  refused(s, 2, "bury QC QS", Reason::wrong_phase);
  act(s, 2, "call AH");
  refused(s, 2, "call AS", Reason::wrong_phase);
  refused(s, 2, "play QC", Reason::wrong_seat);
  refused(s, 3, "play KC", Reason::wrong_seat);

  // Between hands nobody acts.
  State d = new_game();
  refused(d, 1, "pick", Reason::wrong_phase);
  CHECK(legal(d).empty());
}

TEST_CASE("Refusals: card_not_held, invalid_card and malformed actions") {
  State s = dealt(kDealPartner);
  pick_at(s, 2);
  act(s, 2, "bury KS 8H");
  act(s, 2, "call AH");
  refused(s, 1, "play QC", Reason::card_not_held);
  refused(s, Action{1, ActionKind::play, 40, kNoCard}, Reason::invalid_card);
  refused(s, Action{1, ActionKind::play, card("AC").code, card("TC").code},
          Reason::malformed_action);
  refused(s, Action{1, ActionKind::pass, card("AC").code, kNoCard}, Reason::malformed_action);
  refused(s, Action{1, ActionKind(9), kNoCard, kNoCard}, Reason::malformed_action);

  Action a;
  Error err;
  CHECK(parse_action("play", 1, &a, &err) == Reason::malformed_action);
  CHECK(parse_action("play 1H", 1, &a, &err) == Reason::invalid_card);
  CHECK(parse_action("bury AC AC", 1, &a, &err) == Reason::malformed_action);
  CHECK(parse_action("call AH unknown", 1, &a, &err) == Reason::malformed_action);
  CHECK(parse_action("call AH known 7D", 1, &a, &err) == Reason::malformed_action);
  CHECK(parse_action("shoot", 1, &a, &err) == Reason::malformed_action);
  CHECK(parse_action("PLAY 10c", 1, &a, &err) == Reason::ok);
  CHECK(format_action(a) == "play TC");
  CHECK(parse_action("bury 9S 7C", 1, &a, &err) == Reason::ok);
  CHECK(format_action(a) == "bury 7C 9S");
  CHECK(parse_action("call ah unknown 7d", 1, &a, &err) == Reason::ok);
  CHECK(format_action(a) == "call AH unknown 7D");
}

TEST_CASE("Refusals: malformed deals (malformed_deal)") {
  CardSet hands[kPlayers], blind;
  Error err;
  CHECK(parse_deal("0: AC; 1: TC", hands, &blind, &err) == Reason::malformed_deal);
  CHECK(parse_deal("0: AC AC", hands, &blind, &err) == Reason::malformed_deal);
  CHECK(parse_deal("0: 9X; 1: ; 2: ; 3: ; 4: ; blind: ", hands, &blind, &err) ==
        Reason::malformed_deal);
  REQUIRE(parse_deal(kDealFollow, hands, &blind, &err) == Reason::ok);
  const State s = new_game();
  State out = s;
  // Seven cards to seat 0 and one to the blind.
  CardSet bad[kPlayers];
  std::copy(hands, hands + kPlayers, bad);
  bad[0].add(blind.lowest());
  CardSet short_blind = blind;
  short_blind.remove(blind.lowest());
  CHECK(deal_cards(s, bad, short_blind, &out, &err) == Reason::malformed_deal);
  CHECK(std::memcmp(&out, &s, sizeof s) == 0);
  // A card dealt twice.
  CardSet twice[kPlayers];
  std::copy(hands, hands + kPlayers, twice);
  twice[1] = hands[0];
  CHECK(deal_cards(s, twice, blind, &out, &err) == Reason::malformed_deal);
  CHECK(std::memcmp(&out, &s, sizeof s) == 0);
}

TEST_CASE(
    "S5 no_pick=doubler: the count of pending doublers is capped with a reason (doubler_limit)") {
  State s = new_game(with("no_pick", "doubler"), 4);
  s.pending_doublers = UINT16_MAX;  // as many as the state can count
  deal_turned(s, kDealFollow, 4);
  for (int i = 0; i < kPlayers - 1; ++i) act(s, to_act(s), "pass");
  // The dealer's pass would throw in one more doubler than can be counted: refused, unchanged,
  // and not listed (the fuzzer found the list offering it).
  refused(s, to_act(s), "pass", Reason::doubler_limit);
  CHECK(legal(s) == Strings{"pick"});
  act(s, to_act(s), "pick");
  CHECK(s.pending_doublers == UINT16_MAX);
}
