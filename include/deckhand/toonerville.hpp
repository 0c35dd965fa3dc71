// deckhand — Toonerville Rook, 3-5 players, contract rummy with one Rook deck per player:
// docs/rules/toonerville.md (T1–T14) with every option:
//   round11_deal=14|12 (T2), max_buys=unlimited|N (T6), rook_swap=table|new_meld (T9),
//   max_turns=N (T13).
//
// A turn (T5) is one seat's turn: it begins when the seat to act takes the top discard or
// draws, and ends with its discard, or when the seat goes out (T10, T11). Buys by other seats
// (T6) are not turns, and neither is a draw that finds nothing left to draw (T13 ends the
// round there).
//
// One seat decides at a time (T6): when the seat whose turn it is draws instead of taking the
// top discard and other seats may buy it, the discard is offered to them one by one, nearest
// after that seat first; the offered seat is to_act with the actions `buy` and `pass`. The
// first buy, or the last pass, ends the offer and the draw is made at once (or, when the buy
// emptied the stock of an explicitly dealt round, as soon as the record's reshuffle comes:
// to_act is -1 until then). max_turns=N (0..1000000, default 0 = no limit) is for automated play,
// where a round has no natural end while nobody goes down: a round also ends when its N-th turn
// ends, scored as when nothing is left to draw (every hand scores, nobody went out, T13). A turn
// that ends by going out ends the round by T10 as usual.
//
// The whole eleven-round game is one trivially copyable value: hands as counts per face, the
// stock and the discard pile as ordered face arrays, the melds on the table with their
// owners, who is down, buys, round, dealer, scores and options. Transitions are pure (the
// next state in *out, or a reason and message with *out untouched); `advance` changes a state
// in place only when the action is legal. Melds, lay-offs, swaps and the contract finder are
// in toonerville_melds.hpp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>

#include "deckhand/error.hpp"
#include "deckhand/rook_cards.hpp"
#include "deckhand/toonerville_melds.hpp"

namespace deckhand::toonerville {

inline constexpr int kMinPlayers = kMinRookDecks;  // one deck per player (T1)
inline constexpr int kMaxPlayers = kMaxRookDecks;
inline constexpr int kMaxCards = kMaxPlayers * kRookDeckSize;           // 285
inline constexpr int kMaxTableMelds = kMaxPlayers * kMaxContractMelds;  // every seat down
inline constexpr uint8_t kNoSeat = 0xFF;
inline constexpr int kMaxLegalActions = 2048;
// Buys one seat may make in a round: counted in a byte, so also the most max_buys allows and
// the bound of an unlimited game (T6).
inline constexpr int kMaxBuysPerRound = 255;
inline constexpr int kActionBytes = 20;

enum class RookSwap : uint8_t { table = 0, new_meld = 1 };

struct Options {
  uint8_t players = 3;        // 3..5, fixed when the game is created (not an option string)
  uint8_t round11_deal = 14;  // 14 | 12 (T2)
  RookSwap rook_swap = RookSwap::table;
  uint8_t reserved = 0;
  uint16_t max_buys = 0;  // buys per player per round; 0 = unlimited (T6), at most 255
  uint16_t reserved2 = 0;
  uint32_t max_turns = 0;  // turns before a round ends unfinished; 0 = no limit (T13)
  friend bool operator==(const Options&, const Options&) = default;
};

Reason set_option(Options* options, std::string_view key, std::string_view value, Error* err);
// Every option as "key=value" (players excluded: it is the record's `players` header), in
// rule-book order; *count receives kOptionCount.
inline constexpr int kOptionCount = 4;
void option_strings(const Options& options, std::string out[kOptionCount], int* count);

// Cards dealt to each player in `round` (1..11) under `options` (T2).
int deal_size(int round, const Options& options);

enum class Phase : uint8_t {
  deal = 0,  // waiting for the next round's deal
  draw = 1,  // the seat to act takes the top discard or draws; the discard is offered (T5a, T6)
  play = 2,  // the seat to act melds, lays off, swaps, and discards (T5b-c, T7-T10)
  over = 3,  // after round 11
};

// An action is 24 bytes: seat, kind, target, count and a 20-byte payload (bytes past
// `count` are zero) —
//   take, draw, buy, pass: target = count = 0 (a buy's or pass's seat is the seat offered the
//            discard, T6);
//   discard: count = 1, bytes[0] = the face;
//   swap:    target = meld id, count = 1, bytes[0] = the natural face that takes the Rook's
//            place (T9);
//   layoff:  target = meld id, count = cards (1-20), bytes = the faces in the order laid, a
//            Rook on a run as kRookAt | number (the number it stands for), a plain kRook
//            letting the library choose the end (high unless the run reaches 14);
//   down:    target = melds (1-5), count = 4 * melds, bytes = the packed melds (pack_meld),
//            runs and sets in any order.
// The C ABI's dh_action carries the same fields: arg = target, cards = bytes.
enum class ActionKind : uint8_t {
  take = 0,
  draw = 1,
  buy = 2,
  down = 3,
  layoff = 4,
  swap = 5,
  discard = 6,
  pass = 7,  // an offered discard declined (T6); last, so that the other kinds keep their codes
};
inline constexpr uint8_t kRookAt = 0x80;
struct Action {
  uint8_t seat = 0;
  ActionKind kind = ActionKind::take;
  uint8_t target = 0;
  uint8_t count = 0;
  uint8_t bytes[kActionBytes] = {};
  friend bool operator==(const Action&, const Action&) = default;
};
static_assert(sizeof(Action) == 24 && std::has_unique_object_representations_v<Action>);

// A meld in 4 bytes (the down action's payload and the C ABI's dh_action cards):
//   run: byte 0 = 0x10 | colour, byte 1 = low | high << 4, bytes 2-3 = rooks_at (little end);
//   set: byte 0 = 0x20 | Rooks, byte 1 = number, byte 2 = B | G << 4, byte 3 = R | Y << 4
//        (natural cards per colour).
void pack_meld(const Meld& meld, uint8_t out[4]);
// Unpacks and checks T4 (meld_is_valid); refusals as make_meld, or malformed_action for
// bytes no meld has.
Reason unpack_meld(const uint8_t in[4], Meld* out, Error* err);

// Action builders (the simple ones inline: legal_actions lists them by the dozen).
constexpr Action simple_action(int seat, ActionKind kind) {
  Action a;
  a.seat = uint8_t(seat);
  a.kind = kind;
  return a;
}
constexpr Action take_action(int seat) {
  return simple_action(seat, ActionKind::take);
}
constexpr Action draw_action(int seat) {
  return simple_action(seat, ActionKind::draw);
}
constexpr Action buy_action(int seat) {
  return simple_action(seat, ActionKind::buy);
}
constexpr Action pass_action(int seat) {
  return simple_action(seat, ActionKind::pass);
}
constexpr Action discard_action(int seat, RookFace face) {
  Action a = simple_action(seat, ActionKind::discard);
  a.count = 1;
  a.bytes[0] = face;
  return a;
}
Action swap_action(int seat, int meld, RookFace natural);
// One card laid off; a Rook on a run stands for `number_for_rook` (0: the library's choice).
Action layoff_action(int seat, int meld, RookFace face, int number_for_rook = 0);
Action down_action(int seat, const Meld* melds, int count);

// The result of a scored round (T12).
struct RoundResult {
  int32_t deltas[kMaxPlayers];  // penalty points added to each seat (0 for the one out)
  uint8_t round;                // 1..11; 0 before the first scored round
  uint8_t went_out;             // the seat that went out, or kNoSeat (nothing left to draw, T13)
  uint8_t down;                 // bit s: seat s was down
  uint8_t reshuffles;           // T13 reshuffles in the round
  uint8_t buys[kMaxPlayers];    // buys per seat
  uint8_t reserved[3];
};

struct State {
  uint64_t rng[4];  // the round's generator after the deal or the last reshuffle (has_rng)
  int32_t scores[kMaxPlayers];
  uint32_t hands_scored;  // rounds scored
  uint32_t turns;         // turns (T5) ended this round, for max_turns (T13)
  RoundResult last;
  Options options;
  Meld melds[kMaxTableMelds];  // in the order laid down; a meld's id is its index
  FaceCounts hands[kMaxPlayers];
  RookFace stock[kMaxCards];  // stock[stock_count - 1] is the top
  RookFace pile[kMaxCards];   // the discard pile, oldest first; pile[pile_count - 1] is the top
  uint8_t meld_owner[kMaxTableMelds];
  uint8_t meld_count;
  uint8_t round;  // the round being played (1..11), or the last one dealt between rounds
  uint16_t stock_count;
  uint16_t pile_count;
  Phase phase;
  uint8_t dealer;  // dealer of the current round, or of the next deal in Phase::deal
  uint8_t first_dealer;
  uint8_t to_act;      // the seat that decides now: the seat whose turn it is, or the seat offered
                       // the discard (T6); kNoSeat between rounds, when over, and while the draw
                       // waits for a reshuffle the record must give (T13)
  uint8_t down;        // bit s: seat s is down this round (T7)
  uint8_t bought;      // 1 once someone bought this turn (T6)
  uint8_t taken_face;  // the face taken from the pile this turn, or kNoRookFace (T5)
  uint8_t rooks_owed;  // Rooks taken by swaps this turn and not yet played (T9)
  uint8_t has_rng;     // 1 when reshuffles continue a generator (seeded round or
                       // `reshuffle seed`), 0 when the record must give them (T13)
  uint8_t reshuffles;  // T13 reshuffles this round
  uint8_t winners;     // bit s: seat s won (Phase::over)
  uint8_t buys[kMaxPlayers];  // buys per seat this round
  // The seat whose turn it is plus one, while its draw waits on the offer of the discard or on
  // a reshuffle (T6, T13); 0 otherwise (so images written before the offer load unchanged).
  uint8_t pending_draw;
  uint8_t reserved[5];
};
static_assert(std::is_trivially_copyable_v<State>);
static_assert(std::has_unique_object_representations_v<State>, "State must have no padding");

inline int players(const State& s) {
  return s.options.players;
}

State new_game(const Options& options = {}, int first_dealer = 0);

// Chance: a seeded deal (T3's pattern from the portable shuffle of n decks), or explicit
// cards: each seat's hand, the upcard and the stock top first (every card of the n decks
// exactly once, hands of the round's size).
[[nodiscard]] Reason deal_seed(const State& s, uint64_t seed, State* out, Error* err);
[[nodiscard]] Reason deal_cards(const State& s, const FaceCounts* hands, RookFace upcard,
                                const RookFace* stock_top_first, int stock_count, State* out,
                                Error* err);
// T13 for a round dealt explicitly whose stock is empty, before the next draw (Phase::draw):
// a generator for this and later reshuffles of the round (made when a card is needed, as in
// a seeded round), or the new stock itself (top first: the discard pile except its top card,
// in any order, made now).
[[nodiscard]] Reason reshuffle_seed(const State& s, uint64_t seed, State* out, Error* err);
[[nodiscard]] Reason reshuffle_stock(const State& s, const RookFace* stock_top_first, int count,
                                     State* out, Error* err);

// The rule transitions (T5-T10). `buy` and `pass` answer the offer of the discard (T6): by
// the seat offered it. `buy` is also accepted, as records and callers before 0.3 made it, from
// any seat that may buy while the seat whose turn it is has neither taken nor drawn (a direct
// buy: that seat then must draw).
[[nodiscard]] Reason take(const State& s, int seat, State* out, Error* err);
[[nodiscard]] Reason draw(const State& s, int seat, State* out, Error* err);
[[nodiscard]] Reason buy(const State& s, int seat, State* out, Error* err);
[[nodiscard]] Reason pass(const State& s, int seat, State* out, Error* err);
[[nodiscard]] Reason go_down(const State& s, int seat, const Meld* melds, int count, State* out,
                             Error* err);
[[nodiscard]] Reason lay_off(const State& s, int seat, int meld, RookFace face, int number_for_rook,
                             State* out, Error* err);
[[nodiscard]] Reason swap_rook(const State& s, int seat, int meld, RookFace natural, State* out,
                               Error* err);
[[nodiscard]] Reason discard(const State& s, int seat, RookFace face, State* out, Error* err);

[[nodiscard]] Reason apply(const State& s, const Action& a, State* out, Error* err);
[[nodiscard]] Reason advance(State* s, const Action& a, Error* err);
Reason check(const State& s, const Action& a, Error* err);

// Legal actions of the seat to act now into out[0..return) (capacity kMaxLegalActions): in
// the draw phase `take` and `draw`, or `buy` and `pass` for the seat offered the discard
// (T6); none while a reshuffle is due (T13). A direct buy (see buy) is not listed. `down` is
// listed once, exactly when the contract can be laid down, as the arrangement
// find_any_contract gives (not necessarily the cheapest: find_contract gives that); any other
// valid arrangement applies too. Lay-offs are listed one card at a time, a Rook on a run
// once per open end.
int legal_actions(const State& s, Action* out);

// T6: the seats that may buy the top discard now (bit s), and the helper for simultaneous
// requests: of the seats in `requests`, the one nearest after the seat whose turn it is, or -1.
// buy_winner serves only the deprecated dh_game_buy_winner: the offer in the state asks the
// seats in this order itself.
uint8_t buyers(const State& s);
int buy_winner(const State& s, uint8_t requests);
// The seat whose turn it is (T5): to_act, or the seat whose draw waits on the offer or on a
// reshuffle; -1 between rounds.
inline int turn_seat(const State& s) {
  if (s.pending_draw) return s.pending_draw - 1;
  return s.to_act == kNoSeat ? -1 : s.to_act;
}
// True while the discard is offered (T6): to_act is the seat offered it.
inline bool offering(const State& s) {
  return s.pending_draw && s.to_act != kNoSeat;
}

// Queries.
inline int to_act(const State& s) {
  return s.to_act == kNoSeat ? -1 : s.to_act;
}
inline bool is_over(const State& s) {
  return s.phase == Phase::over;
}
inline Contract contract(const State& s) {
  return contract_for_round(s.round);
}
inline bool is_down(const State& s, int seat) {
  return (s.down >> seat) & 1;
}
// True when the next draw needs a reshuffle the record must give (explicit round, T13); only
// in the draw phase, where reshuffle lines belong. When the draw waits on it after a buy
// (pending_draw), nobody is to act: the reshuffle is the next event.
bool needs_reshuffle(const State& s);

// Notation (docs/toonerville.md): `take`, `draw`, `buy`, `pass`, `discard <card>`,
// `swap <meld-id> <card>`, `layoff <meld-id> <cards>` (a Rook on a run as `ROOK=<number>`),
// `down <meld> | <meld> …` (a run's cards in order, a Rook standing where it lies).
std::string format_action(const Action& a);
[[nodiscard]] Reason parse_action(std::string_view text, int seat, Action* out, Error* err);
// Deals: `0: <cards>; 1: …; upcard: <card>; stock: <cards top first> [...]`.
// The parsed deal is stored as bytes: players, hand size, then each seat's hand, the
// upcard and the stock top first (players * 57 faces).
[[nodiscard]] Reason parse_deal(std::string_view text, int players, std::string* bytes, Error* err);
std::string format_deal(std::string_view bytes);
[[nodiscard]] Reason deal_bytes(const State& s, std::string_view bytes, State* out, Error* err);
// `stock: <cards top first> [...]` of a reshuffle, completed from the pile except its top.
[[nodiscard]] Reason parse_reshuffle(const State& s, std::string_view text, std::string* faces,
                                     Error* err);
std::string format_reshuffle(std::string_view faces);

// T14: what one seat sees. Other hands show only their size; the stock only its size.
struct View {
  int32_t scores[kMaxPlayers];
  RoundResult last;
  Options options;
  uint16_t hand_sizes[kMaxPlayers];
  uint16_t stock_count;
  uint16_t pile_count;
  Meld melds[kMaxTableMelds];
  FaceCounts hand;           // this seat's hand (empty for a spectator)
  RookFace pile[kMaxCards];  // the whole discard pile, oldest first (everyone watched it)
  uint8_t meld_owner[kMaxTableMelds];
  uint8_t meld_count;
  uint8_t seat;  // kNoSeat for a spectator
  uint8_t round;
  Phase phase;
  uint8_t dealer;
  uint8_t to_act;
  uint8_t down;
  uint8_t bought;
  uint8_t taken_face;
  uint8_t rooks_owed;
  uint8_t winners;
  uint8_t buys[kMaxPlayers];
  uint8_t pending_draw;  // as State::pending_draw: the seat whose draw waits on the offer, + 1
  uint8_t reserved[2];
};
static_assert(std::has_unique_object_representations_v<View>, "View must have no padding");

View view(const State& s, int seat);
std::string view_text(const View& v);
std::string view_json(const View& v);
std::string result_json(const RoundResult& r, int players);

inline constexpr size_t kSerializedSize = sizeof(State) + 16;
size_t serialize(const State& s, uint8_t* buf, size_t cap);
[[nodiscard]] Reason deserialize(const uint8_t* buf, size_t len, State* out, Error* err);

Reason check_invariants(const State& s, Error* err);

const char* phase_name(Phase p);

}  // namespace deckhand::toonerville
