// deckhand — Sheepshead, 5-handed, called ace: docs/rules/sheepshead.md (S1–S15) with every option:
//   no_pick=leaster|doubler|forced (S5, S14), unknown=on|off (S7),
//   double_on_bump=off|on (S11), leaster_blind=last_trick|none (S14), hands=N (S15).
//
// hands=N (0..1000000) ends the game after N scored hands (thrown-in doubler hands do not
// count), the highest total winning (ties share). The default, 0, is an endless session, as
// at the table (S15: a Sheepshead game has no natural end): such a game is never over, so
// automated play must set hands.
//
// The state is one trivially copyable value for the whole session. Transitions are pure (the
// next state in *out, or a reason and message with *out untouched); `advance` changes a state
// in place only when the action is legal.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>

#include "deckhand/cards.hpp"
#include "deckhand/error.hpp"
#include "deckhand/trick.hpp"

namespace deckhand::sheepshead {

inline constexpr int kPlayers = 5;
inline constexpr int kHandSize = 6;
inline constexpr int kTricks = 6;
inline constexpr uint8_t kNoSeat = 0xFF;
inline constexpr int kMaxLegalActions = 64;

enum class NoPick : uint8_t { leaster = 0, doubler = 1, forced = 2 };
enum class Unknown : uint8_t { on = 0, off = 1 };
enum class DoubleOnBump : uint8_t { off = 0, on = 1 };
enum class LeasterBlind : uint8_t { last_trick = 0, none = 1 };

struct Options {
  NoPick no_pick = NoPick::leaster;
  Unknown unknown = Unknown::on;
  DoubleOnBump double_on_bump = DoubleOnBump::off;
  LeasterBlind leaster_blind = LeasterBlind::last_trick;
  uint32_t hands = 0;  // scored hands before the game ends; 0 = an endless session (S15)
  friend bool operator==(const Options&, const Options&) = default;
};

Reason set_option(Options* options, std::string_view key, std::string_view value, Error* err);
// Every option as "key=value", in rule-book order; *count receives 5.
void option_strings(const Options& options, std::string out[5], int* count);

enum class Phase : uint8_t {
  deal = 0,     // waiting for a deal
  picking = 1,  // S4
  burying = 2,  // S6
  calling = 3,  // S7
  play = 4,     // S8, S9 (also the leaster, S14)
  over = 5,     // S15
};

// How the hand is being played.
enum class Contract : uint8_t {
  none = 0,     // not decided yet
  called = 1,   // the picker called an ace (or a ten) and has a secret partner
  alone = 2,    // the picker plays alone
  leaster = 3,  // nobody picked (S14)
};

// An action is four bytes: seat, kind, and two card arguments —
//   pick, pass, alone: a = b = kNoCard;
//   bury: a and b are the two cards buried (a < b);
//   call: a is the called card, b the unknown card or kNoCard;
//   play: a is the card.
enum class ActionKind : uint8_t { pick = 0, pass = 1, bury = 2, call = 3, alone = 4, play = 5 };
struct Action {
  uint8_t seat = 0;
  ActionKind kind = ActionKind::pass;
  uint8_t a = kNoCard;
  uint8_t b = kNoCard;
  friend bool operator==(const Action&, const Action&) = default;
};

// The itemised result of a scored hand (S10–S14).
struct HandResult {
  int32_t deltas[kPlayers];    // score change per seat; they sum to zero
  uint8_t points[kPlayers];    // card points each seat took in tricks (unknown included)
  uint8_t tricks[kPlayers];    // tricks each seat took
  Contract contract;           // Contract::none before the first scored hand
  uint8_t picker;              // kNoSeat in a leaster
  uint8_t partner;             // kNoSeat when alone, in a leaster, or none
  uint8_t called;              // called card, or kNoCard
  uint8_t unknown;             // the unknown card, or kNoCard
  uint8_t bury_points;         // card points of the bury
  uint8_t picker_side_points;  // tricks + bury (S10); 0 in the no-trick case (S12)
  uint8_t picker_side_tricks;
  uint8_t multiplier;      // m of S10: 1, 2 or 3 (leaster: 1)
  uint8_t doubled;         // 2 when a pending doubler applied (S5), else 1
  uint8_t bumped;          // 2 when double_on_bump doubled a loss (S11), else 1
  uint8_t won;             // 1 if the picker's side won (called/alone)
  uint8_t leaster_winner;  // kNoSeat when none (tie) or not a leaster
  uint8_t blind_points;    // leaster: blind points added to the last trick's winner
  uint8_t hand_number;     // low byte of the hand's number
  uint8_t reserved[3];
};

struct State {
  int32_t scores[kPlayers];
  uint32_t hand_number;   // deals so far (thrown-in doublers included)
  uint32_t hands_scored;  // hands played out and scored (S15)
  CardSet hands[kPlayers];
  CardSet blind;     // the two blind cards until picked (then empty); in a leaster,
                     // set aside until the last trick (S14)
  CardSet bury;      // the picker's two buried cards
  CardSet playable;  // derived: what the seat to act may play now (see unknown_playable);
                     // kept so that each play computes S8's rules once, not twice
  HandResult last;
  Options options;
  Phase phase;
  Contract contract;
  uint8_t dealer;  // dealer of the current hand, or of the next deal in Phase::deal
  uint8_t to_act;  // kNoSeat between hands and when the game is over
  uint8_t first_dealer;
  uint8_t passes;          // seats that have passed in the picking round
  uint8_t picker;          // kNoSeat until someone picks
  uint8_t called;          // called card, or kNoCard
  uint8_t partner;         // holder of the called card (secret, S13), or kNoSeat
  uint8_t unknown;         // the unknown card set aside (S7), or kNoCard
  uint8_t called_led;      // 1 once the called suit has been led (S8)
  uint8_t unknown_played;  // trick index + 1 in which the unknown was played, 0 if not yet
  uint8_t reserved_byte;   // zero; keeps the layout free of padding
  uint8_t doubled;         // 1 when this hand's stakes are doubled
  uint8_t tricks_done;
  uint8_t in_trick;
  uint8_t leaders[kTricks];
  uint8_t played[kTricks][kPlayers];  // card code each seat played to each trick, or kNoCard
  uint8_t trick_winners[kTricks];     // kNoSeat while a trick is incomplete
  uint8_t points[kPlayers];           // card points taken this hand
  uint8_t tricks_won[kPlayers];
  uint8_t winners;            // bit s: seat s won (Phase::over)
  uint8_t unknown_playable;   // derived: 1 when the seat to act may play the unknown now
  uint16_t pending_doublers;  // doubled hands still to come (S5)
};
static_assert(std::is_trivially_copyable_v<State>);
static_assert(std::has_unique_object_representations_v<State>, "State must have no padding");

State new_game(const Options& options = {}, int first_dealer = 0);

// Chance: deal from a seed with S3's pattern (three to each player from the dealer's left,
// two to the blind, three more to each), or the given cards.
[[nodiscard]] Reason deal_seed(const State& s, uint64_t seed, State* out, Error* err);
[[nodiscard]] Reason deal_cards(const State& s, const CardSet hands[kPlayers], CardSet blind,
                                State* out, Error* err);

// The rule transitions.
[[nodiscard]] Reason pick(const State& s, int seat, State* out, Error* err);
[[nodiscard]] Reason pass(const State& s, int seat, State* out, Error* err);
[[nodiscard]] Reason bury(const State& s, int seat, Card first, Card second, State* out,
                          Error* err);
// `unknown` is an invalid Card() for a plain ace or ten call.
[[nodiscard]] Reason call(const State& s, int seat, Card called, Card unknown, State* out,
                          Error* err);
[[nodiscard]] Reason go_alone(const State& s, int seat, State* out, Error* err);
[[nodiscard]] Reason play(const State& s, int seat, Card card, State* out, Error* err);

[[nodiscard]] Reason apply(const State& s, Action a, State* out, Error* err);
[[nodiscard]] Reason advance(State* s, Action a, Error* err);
Reason check(const State& s, Action a, Error* err);

// Legal actions of the seat to act into out[0..return) (capacity kMaxLegalActions).
int legal_actions(const State& s, Action* out);

// Queries.
inline int to_act(const State& s) {
  return s.to_act == kNoSeat ? -1 : s.to_act;
}
inline bool is_over(const State& s) {
  return s.phase == Phase::over;
}
const TrickRanking& ranking();  // S2: one fixed trump suit
int card_points(Card c);        // S1
int points_of(CardSet cards);
Card led_card(const State& s);  // the card led to the current trick, or invalid
// The effective suit led to the current trick (0..3 or kTrumpSuit), or -1 before the lead.
// A led unknown counts as the called suit, whatever its own card (S7).
int led_suit(const State& s);
// Whether the card in play position is the unknown, played face down (S7).
bool is_unknown_play(const State& s, int trick, int seat);

// Notation: `pick`, `pass`, `bury <c> <c>`, `call <c>`, `call <c> unknown <c>`, `alone`,
// `play <c>`; deals as `0: …; 1: …; 2: …; 3: …; 4: …; blind: c c`.
std::string format_action(Action a);
[[nodiscard]] Reason parse_action(std::string_view text, int seat, Action* out, Error* err);
std::string format_deal(const CardSet hands[kPlayers], CardSet blind);
[[nodiscard]] Reason parse_deal(std::string_view text, CardSet hands[kPlayers], CardSet* blind,
                                Error* err);

// S13: what one seat sees. Hidden cards are absent, the unknown shows as face down, and the
// partner is named only once the called card has been played (or to the partner itself).
struct View {
  int32_t scores[kPlayers];
  uint32_t hand_number;
  CardSet hand;
  CardSet blind;  // to the picker only (and to everyone once the hand is over)
  CardSet bury;   // to the picker only (and to everyone once the hand is over)
  HandResult last;
  Options options;
  Phase phase;
  Contract contract;
  uint8_t seat;
  uint8_t dealer;
  uint8_t to_act;
  uint8_t passes;
  uint8_t picker;
  uint8_t called;
  uint8_t partner;  // kNoSeat while secret to this seat
  uint8_t unknown;  // to the picker only, or kNoCard
  uint8_t called_led;
  uint8_t tricks_done;
  uint8_t in_trick;
  uint8_t leaders[kTricks];
  uint8_t played[kTricks][kPlayers];  // the unknown shows as kFaceDown to the others
  uint8_t trick_winners[kTricks];
  uint8_t tricks_won[kPlayers];
  uint8_t doubled;
  uint8_t winners;
  uint8_t reserved[4];
  uint16_t pending_doublers;
};
static_assert(std::has_unique_object_representations_v<View>, "View must have no padding");
inline constexpr uint8_t kFaceDown = 0xFE;

View view(const State& s, int seat);
std::string view_text(const View& v);
std::string view_json(const View& v);
std::string result_json(const HandResult& r);

inline constexpr size_t kSerializedSize = sizeof(State) + 16;
size_t serialize(const State& s, uint8_t* buf, size_t cap);
[[nodiscard]] Reason deserialize(const uint8_t* buf, size_t len, State* out, Error* err);

Reason check_invariants(const State& s, Error* err);

}  // namespace deckhand::sheepshead
