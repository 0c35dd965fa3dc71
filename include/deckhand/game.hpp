// deckhand — one interface over every game, for the C ABI, records, bindings and tools.
//
// A Game owns one game's state plus, unless it was created with the engine option
// `history=off`, the history of events that produced it (so it can write itself as a record).
// Every call that fails returns a Reason, fills *err, and leaves the game exactly as it was. The
// per-game headers (ghost_euchre.hpp, ...) are the fast, pure, allocation-free API; this one trades
// a virtual call for uniformity.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "deckhand/error.hpp"

namespace deckhand {

// A game-independent action, the same bytes as the C ABI's dh_action:
//   seat  — the acting seat;
//   kind  — the game's action kind (ghost-euchre: 0 swap, 1 pass, 2 bid, 3 trump, 4 play);
//   arg   — the kind's argument (a bid level, a suit, a card code);
//   count and cards[] — card lists for actions that carry several cards (unused by
//   ghost-euchre, which keeps count 0).
// The C ABI reads and writes dh_action arrays through this type (the same bytes, all of them
// unsigned char); may_alias tells GCC and Clang so.
#if defined(__GNUC__)
#define DECKHAND_MAY_ALIAS __attribute__((__may_alias__))
#else
#define DECKHAND_MAY_ALIAS
#endif
struct DECKHAND_MAY_ALIAS ActionCode {
  uint8_t seat = 0;
  uint8_t kind = 0;
  uint8_t arg = 0;
  uint8_t count = 0;
  uint8_t cards[28] = {};
  friend bool operator==(const ActionCode&, const ActionCode&) = default;
};
static_assert(sizeof(ActionCode) == 32);

using OptionList = std::vector<std::pair<std::string, std::string>>;

class Game {
 public:
  virtual ~Game() = default;

  virtual std::unique_ptr<Game> clone() const = 0;
  // Makes this game a copy of `other`, reusing this game's memory (no allocation when both
  // keep no history, or this one's history has room). False, and nothing changed, when
  // `other` is a different game: clone it instead.
  virtual bool copy_from(const Game& other) = 0;
  // A copy of the state alone, keeping no history (history=off): a cheap probe of what
  // follows from here, whatever the length of this game's history.
  virtual std::unique_ptr<Game> clone_without_history() const { return clone(); }
  virtual const char* name() const = 0;  // "ghost-euchre"
  virtual int players() const = 0;

  // Chance events.
  virtual Reason deal_seed(uint64_t seed, Error* err) = 0;
  virtual Reason deal_text(std::string_view cards, Error* err) = 0;
  // Toonerville's reshuffles of an explicitly dealt round (rules T13): a generator seed,
  // or the new stock as `stock: <cards top first> [...]`. Other games refuse them.
  virtual Reason reshuffle_seed(uint64_t seed, Error* err) = 0;
  virtual Reason reshuffle_text(std::string_view stock, Error* err) = 0;
  // True when the next draw needs a reshuffle the caller must give (T13).
  virtual bool needs_reshuffle() const = 0;

  // Player actions, as text ("bid 4") or as codes.
  virtual Reason apply_text(int seat, std::string_view action, Error* err) = 0;
  // One move line of a record (docs/records.md): as apply_text, except where the record's
  // notation says more than one action: Toonerville's `draw` line is the draw and every pass
  // of the offer it opens (T6), and `decline` the draw alone. On failure nothing changes.
  virtual Reason apply_record_text(int seat, std::string_view action, Error* err) = 0;
  virtual Reason apply(const ActionCode& action, Error* err) = 0;
  virtual Reason check(const ActionCode& action, Error* err) const = 0;
  virtual Reason check_text(int seat, std::string_view action, Error* err) const = 0;
  virtual Reason parse_action(int seat, std::string_view action, ActionCode* out,
                              Error* err) const = 0;
  // apply_text that also gives the action's code, as parse_action gives it (a table keeps the
  // code): one parse and one call. On failure nothing changes.
  // (Defined out of line: a caller's compiler then makes one indirect call, not a guess at this
  // default first.)
  virtual Reason apply_text_code(int seat, std::string_view action, ActionCode* out, Error* err);
  virtual std::string format_action(const ActionCode& action) const = 0;
  // Legal actions of the seat to act, into out[0..n); returns n. When n exceeds cap it
  // writes nothing and returns the number needed.
  virtual size_t legal_actions(ActionCode* out, size_t cap) const = 0;
  // Self-play fast path: the number of legal actions, and applying the index-th of them (in
  // legal_actions order) without converting actions to codes or text.
  virtual size_t legal_count() const = 0;
  virtual Reason apply_legal(size_t index, Error* err) = 0;

  // Queries.
  virtual int to_act() const = 0;  // -1 when no seat acts (awaiting a deal, or over)
  virtual bool awaiting_deal() const = 0;
  virtual bool over() const = 0;
  virtual const char* phase_name() const = 0;
  virtual std::vector<int64_t> scores() const = 0;
  virtual std::vector<int> winners() const = 0;
  virtual uint32_t hands_scored() const = 0;
  virtual std::vector<int64_t> last_deltas() const = 0;  // empty before the first scored hand
  virtual std::string last_hand_json() const = 0;        // "null" before the first scored hand
  virtual std::string view_json(int seat) const = 0;     // seat -1: a spectator
  virtual std::string view_text(int seat) const = 0;

  // False for a game created with `history=off`: it keeps no events, its memory stays
  // constant, and what needs the history (the record) is refused with Reason::no_history.
  virtual bool keeps_history() const = 0;

  // The game's own state value (ghost_euchre::State, sheepshead::State, ...; name() says
  // which), for code inside the library that reads it directly: the reinforcement-learning
  // encoders (src/rl/), which build observations from the game's per-seat view.
  virtual const void* state_data() const = 0;

  // Bytes of the whole game: the state and the history that produced it, or the state alone
  // for a game without history (both checksummed). Writes them to buf when cap is enough and
  // returns their size either way; restore with deserialize_game or load.
  virtual size_t serialize_into(uint8_t* buf, size_t cap) const = 0;
  std::vector<uint8_t> serialize() const {
    std::vector<uint8_t> bytes(serialize_into(nullptr, 0));
    serialize_into(bytes.data(), bytes.size());
    return bytes;
  }
  // Replaces this game with serialized bytes of the same game (any other game's bytes are
  // refused as corrupt_state), reusing its memory; on failure nothing changes.
  virtual Reason load(const uint8_t* bytes, size_t len, Error* err) = 0;
  // The game as a record (docs/records.md), replayable to this state; refused with
  // Reason::no_history for a game without history.
  virtual Reason write_record(std::string* out, Error* err) const = 0;
  // The number of events in the history (deals, actions, reshuffles), and write_record with
  // comment lines: each pair's text (one line, no newline) written as "# text" before the
  // history's event of that index (at the end for an index past the last), in order.
  virtual size_t history_size() const = 0;
  // Where history_size() is kept, for a caller that reads it after every action (a table):
  // valid, and always history_size() (0 without history), while this game lives.
  virtual const size_t* history_size_address() const = 0;
  virtual Reason write_record_with_comments(
      std::span<const std::pair<size_t, std::string>> comments, std::string* out,
      Error* err) const = 0;
  // The same, or an empty string for a game without history.
  std::string record() const {
    std::string out;
    (void)write_record(&out, nullptr);
    return out;
  }
  // Back to a new game with the same options and first dealer; keeps buffers.
  virtual void reset() = 0;
};

// --- Discovery: what games, options, phases and actions this build has ---

struct OptionSpec {
  const char* name;           // "renege"
  const char* values;         // the allowed values: "reject|penalize", "1..10000" (whole
                              // numbers in that range), "unlimited|1..1000"
  const char* default_value;  // "reject"
  const char* rule;           // the rule it varies ("G8"), or "engine"
  const char* description;    // one line
};
struct ActionKindSpec {
  int code;            // ActionCode::kind
  const char* name;    // "bid"
  const char* syntax;  // the action text: "bid 3|4|5|moon"
  // What the seat is asked to do, in players' words, to follow "Your turn: " in an app:
  // "pick up the blind". One source for every front end, so none types a game's words.
  const char* prompt;
};
struct GameSpec {
  const char* name;  // "ghost-euchre"
  int min_players;
  int max_players;
  const char* description;
  std::span<const OptionSpec> options;  // the game's own options; engine_options() apply too
  std::span<const char* const> phases;  // phase_name() values, in the game's order
  std::span<const ActionKindSpec> action_kinds;
  // The option that bounds how long a game can go on (G10 max_hands, S15 hands, T13
  // max_turns): with it unset, unattended play may never end. Tools that play bot or random
  // games set it to `unattended_limit` unless told otherwise.
  const char* limit_option;
  int unattended_limit;
  // True where the lowest total wins (penalty points): rankings and RL rewards turn round.
  bool lower_is_better;
};
// The games this build knows, in a fixed order.
const std::vector<GameSpec>& game_specs();
// The game of that name, matched as make_game does (case-insensitive, spaces around it
// ignored), or nullptr.
const GameSpec* find_game_spec(std::string_view name);
// The options every game takes besides its own (history=on|off).
std::span<const OptionSpec> engine_options();
// Everything above as one JSON document: {"games": [{"name", "min_players", "max_players",
// "description", "options": [{"name", "values", "default", "rule", "description"}],
// "phases": [...], "action_kinds": [{"code", "name", "syntax", "prompt"}], "limit_option",
// "unattended_limit", "lower_is_better"}]} (`deckhand games --json`).
std::string catalog_json();

// Creates a game by name with `key=value` options; players 0 means the game's default.
// Names, option names and option values are matched ignoring ASCII case and the spaces
// around them ("Ghost-Euchre", " renege = Penalize ").
// Besides its own options every game takes the engine option `history=on|off` (default on).
std::unique_ptr<Game> make_game(std::string_view name, const OptionList& options, int players,
                                int first_dealer, Error* err);
// Restores a game serialized by Game::serialize (any game; the bytes say which).
std::unique_ptr<Game> deserialize_game(const uint8_t* bytes, size_t len, Error* err);

// Splits "key=value"; false when there is no '=' or either side is empty.
bool split_option(std::string_view text, std::string* key, std::string* value);

// --- Records (docs/records.md) ---

struct ReplayResult {
  bool ok = false;
  int line = 0;  // 1-based line of the first refused line (ok == false)
  Error error;
  std::string game;
  std::vector<std::vector<int64_t>> hand_deltas;  // one entry per scored hand
  std::unique_ptr<Game> final_game;               // the game after the last accepted line
  // Fair deals (docs/records.md#fair-deals): the deals the record commits to, and those whose
  // reveal was checked against the commitment, the nonces and the deal's seed.
  uint64_t fair_committed = 0, fair_revealed = 0;
};

// Replays a record. On failure, result.line and result.error say where and why, and
// final_game (if the header was readable) holds the state before that line.
ReplayResult replay_record(std::string_view record);
// The JSON object of docs/cli.md for a replay result.
std::string replay_json(const ReplayResult& result);

}  // namespace deckhand
