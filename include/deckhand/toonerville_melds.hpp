// deckhand — Toonerville Rook melds and the contract finder: rules T4 (runs, sets, the
// wild Rook), T2/T7 (the contract of each round, laid down as exactly its runs and sets,
// each possibly longer), T8 (laying off), T9 (the Rook swap on a meld), T11 (round 11: the
// whole hand as two runs and two sets), T12 (penalty points of what is left in hand).
//
// The game itself (turns, buying, going down, scoring) is built on these pieces; nothing
// here knows about seats or the table beyond a list of melds.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>

#include "deckhand/error.hpp"
#include "deckhand/rook_cards.hpp"

namespace deckhand::toonerville {

enum class MeldKind : uint8_t { none = 0, run = 1, set = 2 };

// A meld on the table, 12 bytes, trivially copyable, no padding:
//   byte  0     kind      MeldKind
//   byte  1     colour    run: 0..3 (B G R Y); set: 0
//   byte  2     low       run: its lowest number (1..14); set: its number
//   byte  3     high      run: its highest number (low + 3 .. 14); set: its number
//   bytes 4-5   rooks_at  run: bit (n - 1) set when the card at number n is a Rook, which
//                         stands for n from the moment it is placed (T4); set: 0
//   bytes 6-9   naturals  set: natural cards of each colour B G R Y; run: 0
//   byte  10    rooks     Rooks in the meld (both kinds; a run's is popcount(rooks_at))
//   byte  11    reserved  0
// A run's natural cards are its numbers low..high without the Rook positions, one each.
struct Meld {
  MeldKind kind = MeldKind::none;
  uint8_t colour = 0;
  uint8_t low = 0;
  uint8_t high = 0;
  uint16_t rooks_at = 0;
  uint8_t naturals[kRookColours] = {};
  uint8_t rooks = 0;
  uint8_t reserved = 0;

  constexpr bool is_run() const { return kind == MeldKind::run; }
  constexpr bool is_set() const { return kind == MeldKind::set; }
  // Cards in the meld.
  constexpr int size() const {
    if (kind == MeldKind::run) return high - low + 1;
    return naturals[0] + naturals[1] + naturals[2] + naturals[3] + rooks;
  }
  friend constexpr bool operator==(const Meld&, const Meld&) = default;
};
static_assert(sizeof(Meld) == 12 && std::is_trivially_copyable_v<Meld>);

inline constexpr int kMinRun = 4;
inline constexpr int kMinSet = 3;

// Builds a meld from faces in the order they lie on the table (a run low to high; a set in
// any order) and checks T4. `want` is run, set, or none for "whichever the cards make": a
// list that is both (one natural card and Rooks, e.g. "5R ROOK ROOK ROOK") is then refused
// as ambiguous_meld. Refusals: meld_too_short, not_a_run, run_wraps, not_a_set,
// no_natural_card, invalid_card. *out is written only on success.
Reason make_meld(const RookFace* faces, int count, MeldKind want, Meld* out, Error* err);

// The meld's cards in table order (a run low to high, the Rook where it stands; a set by
// colour B G R Y, then its Rooks) into out[] (room for meld.size()); returns the count.
int meld_faces(const Meld& meld, RookFace* out);
// The meld's cards as a multiset (added to *out).
void add_meld_cards(const Meld& meld, FaceCounts* out);
// The number a run's card at `number` stands for is `number`; true if it is a Rook.
constexpr bool rook_at(const Meld& run, int number) {
  return run.is_run() && number >= run.low && number <= run.high &&
         ((run.rooks_at >> (number - 1)) & 1u);
}

// T4 on a meld value: true exactly when make_meld could have built it (the invariant
// checker and unpacked actions use it).
bool meld_is_valid(const Meld& meld);

// Text: the cards in table order separated by spaces, e.g. "5R 6R ROOK 8R" (the Rook's
// value is its position) or "7B 7R 7R ROOK". A meld that would read both ways (exactly one
// natural card) is prefixed with its kind, "run 5R ROOK ROOK ROOK" / "set 5R ROOK ROOK ROOK",
// so parse_meld(format_meld(m), none) == m for every meld.
std::string format_meld(const Meld& meld);
// Parses the form above; an optional leading "run" or "set" (case-insensitive) overrides
// `want`. Refusals as make_meld, plus invalid_card for a word that is not a face.
Reason parse_meld(std::string_view text, MeldKind want, Meld* out, Error* err);

// T8. Which end of a run a card goes to. A natural card has only one possible end; a Rook
// laid off to a run must say which (its number is then fixed, T4). `any` lets the library
// choose: a natural card's own end; a Rook's high end when it is below 14, else low.
enum class RunEnd : uint8_t { any = 0, low = 1, high = 2 };

// True if `face` can be laid off on `meld` (at `end`, for a run). A set takes any card of
// its number and the Rook; a run takes its colour's number low - 1 (down to 1) or high + 1
// (up to 14), or a Rook at either end while that end is inside 1..14.
bool can_lay_off(const Meld& meld, RookFace face, RunEnd end = RunEnd::any);
// Lays the card off (meld changed only on success); refusal: cannot_lay_off.
Reason lay_off(Meld* meld, RookFace face, RunEnd end, Error* err);

// T9 on the meld alone: a natural card equal to what a Rook in a run stands for replaces
// it, and the Rook comes back to the hand (the game enforces where it must then go).
// A Rook in a set is never taken. Refusal: no_rook_to_swap.
bool can_swap_rook(const Meld& meld, RookFace natural);
Reason swap_rook(Meld* meld, RookFace natural, Error* err);

// ---- T2 contracts and the contract finder ---------------------------------------------------

struct Contract {
  uint8_t runs = 0;
  uint8_t sets = 0;
  friend constexpr bool operator==(const Contract&, const Contract&) = default;
};
inline constexpr int kRounds = 11;
inline constexpr int kMaxContractRuns = 4;  // round 10
inline constexpr int kMaxContractSets = 5;  // round 9
inline constexpr int kMaxContractMelds = 5;
// T2's table; round is 1..11 (anything else gives {0, 0}).
Contract contract_for_round(int round);
// "2 runs, 1 set", "4 sets", "1 run, 1 set".
std::string format_contract(Contract contract);

// One way to lay a contract down: its melds (runs first, then sets) and what stays in hand.
struct Arrangement {
  Meld melds[kMaxContractMelds];
  uint8_t count = 0;             // melds used: contract runs + sets
  uint16_t leftover_points = 0;  // T12 points of `leftover`
  FaceCounts leftover;           // the hand minus every meld's cards
};

// Can `hand` lay down `contract` now (T7)? If so, and `out` is not NULL, writes an
// arrangement leaving the fewest penalty points (T12) in hand: melds as long as helps, two
// sets of a number or two runs of a colour where that helps, every Rook placed whenever a
// set or a run shorter than 1..14 can take it. Contracts of at most 4 runs and 5 sets with
// at least one meld; anything else returns false. Answers are remembered per thread (a
// direct-mapped memo of 4,096 recent hands, about 750 KB allocated at the thread's first
// call), since bots and hints ask for the same hands again; no other heap allocation.
// Exactness note: leftover Rooks are always placed when the contract has a set (any set
// takes them); with runs only they go to run ends, which can run out of room only when a
// hand of 28 or more cards fills whole runs 1..14; the arrangement is then still valid, and
// its leftover Rooks are counted, but may not be the fewest possible.
bool find_contract(const FaceCounts& hand, Contract contract, Arrangement* out);

// The same question, answered by any arrangement rather than the cheapest: exactly as often
// true as find_contract, and much faster. A hand with at most two Rooks gets minimal melds
// (runs of exactly four, sets of exactly three; spare Rooks on a set or at run ends) from an
// exact search over run windows (tens of nanoseconds on typical hands); others the first
// arrangement a depth-first search meets. The engine's legal actions list this arrangement;
// bots and hints want find_contract.
bool find_any_contract(const FaceCounts& hand, Contract contract, Arrangement* out);

// T11: the entire hand as exactly two runs and two sets, no card left over. False if the
// hand cannot; otherwise *out (if not NULL) holds the four melds and an empty leftover.
bool find_whole_hand(const FaceCounts& hand, Arrangement* out);

// T8 for a player who is down: every single card of `hand` that can be laid off on one of
// `melds` now, as (face, meld index, end). A Rook on a run gives one entry per open end;
// natural cards on runs name their end; entries on sets have end `any`. Faces in deck
// order, then meld order. Writes at most `capacity` entries; returns how many exist.
struct LayOff {  // a plain aggregate: arrays of it are not zeroed (legal_actions' hot path)
  RookFace face;
  uint8_t meld;
  RunEnd end;
  friend constexpr bool operator==(const LayOff&, const LayOff&) = default;
};
int find_lay_offs(const FaceCounts& hand, const Meld* melds, int meld_count, LayOff* out,
                  int capacity);

}  // namespace deckhand::toonerville
