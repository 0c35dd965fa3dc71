// deckhand — tables: a game plus its seats, clocks, stand-in bots and per-seat event streams,
// the layer every multiplayer app needs (docs/tables.md).
//
// A Table is a pure value: it reads no clock and starts no thread. Every call that can change
// it takes the caller's clock, `now_ms` (any epoch, never going backwards), and `tick(now_ms)`
// makes every move that is due by then: a bot's move after its thinking delay, a stand-in's
// move for a seat whose time ran out or whose human left, the next deal. A move made by
// `tick` is made at the time it was due, not at `now_ms`, so the same calls give the same
// table however often the caller ticks.
//
// Every change gets a sequence number. `events_json(seat, since)` is what that seat may see of
// every change after `since` (never a card the seat may not see: G11, S13, T14); seat -1 is a
// spectator. `snapshot_json(seat)` is {"seq", "view", "table"}: a client that reconnects asks
// for it, then for the events after its seq, and has everything.
//
// Every call that fails returns a Reason and fills *err. A call refused for its arguments (a
// seat out of range, a time going backwards, a seat no human holds, a bad option) leaves the
// table exactly as it was; an act refused by the rules leaves it as tick(now_ms) would (the
// moves due by then are made first, and the refused action changes nothing).
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "deckhand/error.hpp"
#include "deckhand/game.hpp"

namespace deckhand {

// The table's own options (key=value, matched as game options are), beside the game's:
//   decision_ms=N   time per decision, 0 (default) for no clock (1..86400000)
//   bank_ms=N       each seat's time bank, spent once a decision's own time is up (default 0)
//   bot_ms=N        a bot's or stand-in's thinking delay before it moves (default 0)
//   offer_ms=N      how long the seats offered a discard may answer at once (T6; default 3000)
//   deal_ms=N       the pause after a hand is scored before the next deal (default 0)
//   standin=LEVEL   who moves for a seat that timed out or left: random|basic|strong|expert (a
//                   bot of that level) or quickest (the first legal action); default basic
//   events=all|deal which events are kept: all (default), or those of the current and the
//                   previous deal (long-running tables; a game with history=off implies deal)
//   fair_secret=HEX 64 hex digits: fair deals (docs/tables.md#fair-deals): each deal's seed is
//                   committed before the deal, mixed with the seats' nonces, revealed after it
//   nonce_ms=N      fair deals: how long the seats may send their nonces (default 2000)
struct TableOptionSpec {
  const char* name;
  const char* values;
  const char* default_value;
  const char* description;
};
std::span<const TableOptionSpec> table_option_specs();

// Who holds a seat.
enum class SeatHolder : uint8_t {
  empty = 0,  // nobody yet: the table waits for every seat to be held before the first deal
  human = 1,  // a connected human
  away = 2,   // a human who left: a stand-in moves for it until it returns (seat_human)
  bot = 3,    // a bot of a level
};
const char* seat_holder_name(SeatHolder h);  // "empty", "human", "away", "bot"

class Table {
 public:
  // A table for `players` (0: the game's default) of game `name` with the game's `options`
  // and the table's `table_options`; its deals are derived from `seed`. Null, *err filled, on
  // bad input (unknown_game, bad_option, bad_player_count).
  static std::unique_ptr<Table> create(std::string_view name, int players,
                                       const OptionList& options, const OptionList& table_options,
                                       uint64_t seed, Error* err);
  // Restores serialize()'s bytes (corrupt_state for anything else).
  static std::unique_ptr<Table> deserialize(const uint8_t* bytes, size_t len, Error* err);

  Table(const Table& other);
  Table& operator=(const Table& other);
  ~Table();

  // --- Seats (no time: they take effect at the table's latest time) ---
  // A human takes `seat`: an empty seat, or its own seat back after leaving (seat_taken for a
  // seat a human or bot holds). Once every seat is held the first hand is dealt.
  Reason seat_human(int seat, Error* err);
  // A bot of `level` (random|basic|strong|expert) takes an empty or away seat.
  Reason seat_bot(int seat, std::string_view level, Error* err);
  // The human at `seat` leaves (not_seated when no human holds it); a stand-in moves for the
  // seat from now on, after the thinking delay, until the human takes the seat back.
  Reason leave(int seat, int64_t now_ms, Error* err);

  // --- Play ---
  // `seat` does `action` (text, as Game::apply_text takes it) at `now_ms`. Refused as the game
  // refuses it (wrong_seat, illegal moves with their reasons, game_over), or with
  // time_backwards, not_started, not_seated (the seat is not held by a human). During an offer
  // (T6) every seat that may still answer it may answer at once, once (wrong_phase for a second
  // answer); the answers are applied in the rules' order. Moves that are due by `now_ms` are made
  // first, as tick does.
  Reason act(int seat, std::string_view action, int64_t now_ms, Error* err);
  // Fair deals (fair_secret): `seat`'s nonce for the deal now committed, 16 to 128 hex digits
  // (an even number), from a seat a human holds (present or away) while the window is open.
  // Refused with malformed_action (not hex), not_seated (a bot's or empty seat), not_started,
  // wrong_phase (a table without fair_secret, no deal waiting for nonces, a second nonce); the
  // moves due by `now_ms` are made first, as tick does. The deal is made once every human seat
  // has sent one, or when the window ends.
  Reason nonce(int seat, std::string_view hex, int64_t now_ms, Error* err);
  // Makes every move due by `now_ms` (time_backwards only).
  Reason tick(int64_t now_ms, Error* err);

  // --- Queries ---
  const Game& game() const;
  int players() const;
  SeatHolder holder(int seat) const;
  bool started() const;  // every seat has been held once: the first hand is dealt
  // The seat that decides now (-1: nobody: before the start, between hands, when over).
  int to_act() const;
  // The seats that may act now: to_act, or during an offer every seat that may still answer
  // (has not answered yet).
  std::vector<int> may_act() const;
  // What `seat` (-1: a spectator) may do now, as action texts (empty when nothing).
  std::vector<std::string> legal_actions_text(int seat) const;
  // When the next move is due without a call (a bot's move, a timeout, a deal), or -1 when
  // nothing is due: what a server sets its timer to.
  int64_t next_due_ms() const;
  // The deadline of the decision of the seat to act (its time and bank), or -1 (no clock,
  // nobody to act, or a bot).
  int64_t deadline_ms() const;
  int64_t bank_ms(int seat) const;  // what is left of the seat's time bank
  int64_t now_ms() const;           // the latest time the table was given
  bool is_over() const;
  std::vector<int64_t> scores() const;
  uint64_t seq() const;        // the sequence number of the latest change (0: none yet)
  uint64_t first_seq() const;  // the oldest event still kept (events=deal drops older ones)

  // The events after `since` as a JSON array of objects (docs/tables.md), as `seat` may see
  // them (-1: a spectator). bad_seat; events_dropped when `since` is older than the events
  // kept (first_seq() - 1): take a snapshot instead.
  Reason events_json(int seat, uint64_t since, std::string* out, Error* err) const;
  // {"seq": N, "view": <Game::view_json(seat)>, "table": {seats, to_act, may_act, deadlines}}.
  Reason snapshot_json(int seat, std::string* out, Error* err) const;
  // The game's record with the table's own events (joins, leaves, timeouts, stand-in moves)
  // as comment lines a replay ignores; no_history for a game with history=off.
  Reason write_record(std::string* out, Error* err) const;

  // The whole table (game, seats, clocks, events, pending answers), checksummed; the same
  // bytes on every platform.
  std::vector<uint8_t> serialize() const;

  struct Impl;

 private:
  explicit Table(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
  friend struct TableAccess;
};

}  // namespace deckhand
