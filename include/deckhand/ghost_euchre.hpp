// deckhand — Ghost Hand Euchre (3 players), docs/rules/ghost-euchre.md (G1–G11) with every option:
//   swaps=one|chain (G4), all_pass=redeal|stick_dealer (G5), renege=reject|penalize (G8),
//   declarer_scores=tricks|bid and moon_set=24|6 (G9), target=N,
//   tiebreak=extra_hand|highest and max_hands=N (G10).
//
// max_hands (0..1000000, default 0 = no limit) is for automated play, where totals can drift
// below zero and nobody ever reaches the target: the game also ends once that many hands have
// been scored (thrown-in deals do not count), and then every seat holding the highest total
// wins (ties share). The target rule is applied first, so it still ends a game earlier, with
// its own winner; a hand limit reached during tie-break hands ends the game too, the tied
// leaders sharing the win.
//
// The state is one trivially copyable value for the whole game. Transitions are pure: each
// takes a state and returns the next one in *out, or a reason (and a message in *err) and
// leaves *out untouched. The `advance` form changes a state in place only when the action is
// legal, for tight self-play loops.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>

#include "deckhand/cards.hpp"
#include "deckhand/error.hpp"
#include "deckhand/trick.hpp"

namespace deckhand::ghost_euchre {

inline constexpr int kPlayers = 3;
inline constexpr int kHandSize = 6;
inline constexpr int kTricks = 6;
inline constexpr uint8_t kNoSeat = 0xFF;
inline constexpr uint8_t kMoon = 6;  // the bid value stored for `moon`
inline constexpr int kMaxLegalActions = 8;
inline constexpr int kActionSpaceSize = 34;  // see action_from_index

enum class Swaps : uint8_t { one = 0, chain = 1 };
enum class AllPass : uint8_t { redeal = 0, stick_dealer = 1 };
enum class Renege : uint8_t { reject = 0, penalize = 1 };
enum class DeclarerScores : uint8_t { tricks = 0, bid = 1 };
enum class MoonSet : uint8_t { minus24 = 0, minus6 = 1 };
enum class Tiebreak : uint8_t { extra_hand = 0, highest = 1 };

struct Options {
  Swaps swaps = Swaps::one;
  AllPass all_pass = AllPass::redeal;
  Renege renege = Renege::reject;
  DeclarerScores declarer_scores = DeclarerScores::tricks;
  MoonSet moon_set = MoonSet::minus24;
  Tiebreak tiebreak = Tiebreak::extra_hand;
  int16_t target = 32;
  uint32_t max_hands = 0;  // scored hands before the game ends; 0 = no limit (G10)
  friend bool operator==(const Options&, const Options&) = default;
};

// Sets one option from its name and value (docs/rules/ghost-euchre.md) ("renege", "penalize").
Reason set_option(Options* options, std::string_view key, std::string_view value, Error* err);
// "swaps=one renege=penalize ..." — every option, in rule-book order, one `key=value` per
// entry; `count` receives the number of entries written (kOptionCount).
inline constexpr int kOptionCount = 8;
void option_strings(const Options& options, std::string out[kOptionCount], int* count);

enum class Phase : uint8_t {
  deal = 0,     // waiting for a deal (game start, after a scored or thrown-in hand)
  bidding = 1,  // G3–G5
  trump = 2,    // G6: the declarer names trump
  play = 3,     // G7
  over = 4,     // G10: the game has ended
};

// An action is four bytes: the acting seat, the kind, an argument whose meaning depends on
// the kind — bid: 3, 4, 5 or kMoon; trump: a Suit; play: a card code; swap and pass: 0 —
// and a zero byte that makes the action one 32-bit word (assembling three bytes through
// memory stalls the CPU on the self-play path).
enum class ActionKind : uint8_t { swap = 0, pass = 1, bid = 2, trump = 3, play = 4 };
struct Action {
  uint8_t seat = 0;
  ActionKind kind = ActionKind::pass;
  uint8_t arg = 0;
  uint8_t zero = 0;
  friend bool operator==(const Action&, const Action&) = default;
};

// One entry of the auction log: (seat << 4) | what, with what = 0 pass, 3..5 bid,
// 6 moon, 7 swap.
inline constexpr uint8_t kAuctionPass = 0;
inline constexpr uint8_t kAuctionSwap = 7;

// The itemised result of a scored hand (G9).
struct HandResult {
  int32_t deltas[kPlayers];          // score change per seat, penalties included
  int16_t renege_penalty[kPlayers];  // the part of each delta due to reneges (G8), <= 0
  uint8_t tricks[kPlayers];          // tricks taken
  uint8_t reneges[kPlayers];         // reneges detected (renege=penalize)
  uint8_t declarer;                  // kNoSeat when no hand has been scored yet
  uint8_t bid;                       // 3, 4, 5 or kMoon
  uint8_t made;                      // 1 if the declarer made the bid
  uint8_t hand_number;               // low byte of the scored hand's number
};

struct State {
  int32_t scores[kPlayers];
  uint32_t hand_number;   // deals so far, thrown-in deals included; the current one if dealt
  uint32_t hands_scored;  // hands played out and scored
  CardSet hands[kPlayers];
  CardSet spare;    // the ghost hand before any swap, the dead hand after (G4)
  HandResult last;  // the last scored hand
  Options options;
  Phase phase;
  uint8_t dealer;        // dealer of the current hand, or of the next deal in Phase::deal
  uint8_t to_act;        // kNoSeat between hands and when the game is over
  uint8_t spare_owner;   // seat that gave up the dead hand; kNoSeat while it is the ghost
  uint8_t swapped_mask;  // bit s: seat s swapped this deal
  uint8_t swapped_now;   // 1 while to_act has swapped and must still pass or bid
  uint8_t auction_len;
  uint8_t auction[6];        // the auction log (kAuction* entries), at most 3 bids + 3 swaps
  uint8_t high_bid;          // 0 while nobody has bid
  uint8_t declarer;          // kNoSeat while nobody has bid
  uint8_t speakers;          // seats that have passed or bid this deal
  uint8_t trump;             // a Suit, or kNoSeat before it is named
  uint8_t tricks_done;       // completed tricks this hand
  uint8_t in_trick;          // cards played to the current trick
  uint8_t leaders[kTricks];  // seat that led each trick
  uint8_t played[kTricks][kPlayers];  // card code each seat played to each trick, or kNoCard
  uint8_t tricks_won[kPlayers];
  uint8_t reneges[kPlayers];  // reneges this hand (renege=penalize)
  uint8_t tiebreak;           // 1 once tie-break hands have begun (G10, extra_hand)
  uint8_t winners;            // bit s: seat s won (Phase::over)
  uint8_t first_dealer;
  uint8_t reserved[4];  // zero; keeps the layout free of padding
};
static_assert(std::is_trivially_copyable_v<State>);
static_assert(std::has_unique_object_representations_v<State>, "State must have no padding");

// A new game waiting for its first deal.
State new_game(const Options& options = {}, int first_dealer = 0);

// Chance: deal from a seed with G2's pattern (seats d+1, d+2, d, ghost, six times).
[[nodiscard]] Reason deal_seed(const State& s, uint64_t seed, State* out, Error* err);
// Chance: deal the given cards (each holding 6 cards, 24 distinct Euchre cards in all).
[[nodiscard]] Reason deal_cards(const State& s, const CardSet hands[kPlayers], CardSet ghost,
                                State* out, Error* err);

// The rule transitions, named after the rules.
[[nodiscard]] Reason swap(const State& s, int seat, State* out, Error* err);
[[nodiscard]] Reason pass(const State& s, int seat, State* out, Error* err);
[[nodiscard]] Reason bid(const State& s, int seat, int level, State* out, Error* err);
[[nodiscard]] Reason name_trump(const State& s, int seat, Suit trump, State* out, Error* err);
[[nodiscard]] Reason play(const State& s, int seat, Card card, State* out, Error* err);

// Generic dispatch; `advance` changes *s only when the action is legal.
[[nodiscard]] Reason apply(const State& s, Action a, State* out, Error* err);
[[nodiscard]] Reason advance(State* s, Action a, Error* err);
// Whether `a` is legal now; the reason (and message in *err) when it is not.
Reason check(const State& s, Action a, Error* err);

// Legal actions for the seat to act, written to out[0..return) (capacity kMaxLegalActions);
// 0 when no seat acts (waiting for a deal, or over).
int legal_actions(const State& s, Action* out);

// The action space: every action of every seat maps to an index in [0, kActionSpaceSize)
// — swap, pass, bid 3, bid 4, bid 5, moon, trump C D H S, play of each of the 24 cards.
Action action_from_index(int index, int seat);

// Queries.
inline int to_act(const State& s) {
  return s.to_act == kNoSeat ? -1 : s.to_act;
}
inline bool is_over(const State& s) {
  return s.phase == Phase::over;
}
const TrickRanking& ranking_for(Suit trump);
// Effective suit of a card under the given trump (G1): kTrumpSuit for the bowers.
int effective_suit(Card c, Suit trump);
// The card led to the current trick, or an invalid card when none is.
Card led_card(const State& s);

// Text of an action in canonical notation ("bid moon", "play JS"); parse is
// case-insensitive and takes the acting seat separately.
std::string format_action(Action a);
[[nodiscard]] Reason parse_action(std::string_view text, int seat, Action* out, Error* err);
// "0: 9C TC JC QC KC AC; 1: ...; 2: ...; ghost: ..." and back.
std::string format_deal(const CardSet hands[kPlayers], CardSet ghost);
[[nodiscard]] Reason parse_deal(std::string_view text, CardSet hands[kPlayers], CardSet* ghost,
                                Error* err);

// G11: what one seat sees. Everything hidden from the seat is absent or zero, so two
// states that differ only in hidden cards give byte-identical views.
struct View {
  int32_t scores[kPlayers];
  uint32_t hand_number;
  CardSet hand;       // the seat's own cards
  CardSet dead_hand;  // the dead hand, only to the seat that gave it up
  HandResult last;
  Options options;
  Phase phase;
  uint8_t seat;
  uint8_t dealer;
  uint8_t to_act;
  uint8_t spare_owner;
  uint8_t auction_len;
  uint8_t auction[6];
  uint8_t high_bid;
  uint8_t declarer;
  uint8_t trump;
  uint8_t tricks_done;
  uint8_t in_trick;
  uint8_t leaders[kTricks];
  uint8_t played[kTricks][kPlayers];
  uint8_t tricks_won[kPlayers];
  uint8_t tiebreak;
  uint8_t winners;
  uint8_t reserved[2];
};
static_assert(std::has_unique_object_representations_v<View>, "View must have no padding");

View view(const State& s, int seat);
std::string view_text(const View& v);
std::string view_json(const View& v);
std::string result_json(const HandResult& r);

// Serialization: a fixed-size, checksummed little-endian image of the state.
inline constexpr size_t kSerializedSize = sizeof(State) + 16;
size_t serialize(const State& s, uint8_t* buf, size_t cap);  // bytes written, 0 if cap short
[[nodiscard]] Reason deserialize(const uint8_t* buf, size_t len, State* out, Error* err);

// Every structural invariant of a state (card conservation, phase bookkeeping, counters);
// ok or corrupt_state with a message naming the first broken one. Debug builds assert it
// after every transition; deserialize always runs it.
Reason check_invariants(const State& s, Error* err);

}  // namespace deckhand::ghost_euchre
