// deckhand — bots: players for every game that decide from one seat's view alone (G11, S13,
// T14), as a player at the table would. docs/bots.md describes the levels.
//
// Bot, one interface over every game and level behind deckhand::Game, for the C ABI
// (dh_bot_*), the bindings and `deckhand arena`. Each game's heuristic policies over its own
// View and legal actions (the `basic` level, which the command-line tool, the property tests
// and the benchmarks use directly) are in the game's own header, deckhand/<game>_bots.hpp.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "deckhand/error.hpp"
#include "deckhand/game.hpp"
#include "deckhand/rng.hpp"

namespace deckhand::bots {

// --- One interface over every game and level ---

enum class Level : uint8_t {
  random = 0,  // a uniformly random legal action (an offered Toonerville discard: buy or pass)
  basic = 1,   // the heuristic policies above
  strong = 2,  // perfect-information Monte Carlo over consistent deals (docs/bots.md)
  expert = 3,  // strong's search over deals weighted by what the others did (inference)
};

// Budget options every level takes (`samples=N`, `time_ms=N`); levels that do not search
// ignore them. `strong` searches `samples` consistent deals per decision (default: per game,
// docs/bots.md), stopping early once `time_ms` has passed (which makes it depend on the
// machine's speed: without time_ms a bot is deterministic for its seed).
struct Budget {
  uint32_t samples = 0;  // 0: the level's default
  uint32_t time_ms = 0;  // 0: no time limit
  // The heuristic levels' human side (docs/bots.md, "The ladder"): the share of decisions,
  // in percent, taken on a lapse of memory (the seat decides from its view as it misremembers
  // it: the game's `lapse` hook), and a persona (0: none; k: the game's k-th persona, a habit
  // or convention its play follows). Levels 1 and 2 set the lapse; options `lapse=N`, `persona=`.
  uint8_t lapse_percent = 0;
  uint8_t persona = 0;
  // The searching levels' human side: the share of decisions, in percent, taken on habit (the
  // `basic` choice, unsearched), as a player who thinks hard only now and then. Level 4 sets it;
  // option `habit=N`.
  uint8_t habit_percent = 0;
};

// A hint (Bot::hint): the action the search prefers for the seat, every legal action's value
// as the search measured it, and the reason in words, built from what the search saw.
struct HintAlternative {
  ActionCode action;
  std::string text;  // the action's text, as Game::format_action writes it
  double value = 0;  // the mean over the deals searched (the game's points; docs/bots.md)
  double low = 0;    // its 95% interval (normal approximation over the deals)
  double high = 0;
};
struct Hint {
  ActionCode action;
  std::string text;
  std::vector<HintAlternative> alternatives;  // every legal action, in legal-action order
  std::string reason;
};
// {"action": text, "alternatives": [{"action", "value", "ci95": [low, high]}], "reason"}.
std::string hint_json(const Hint& hint);

class Bot {
 public:
  virtual ~Bot() = default;
  virtual const char* game_name() const = 0;  // "ghost-euchre"
  virtual Level level() const = 0;

  // What `seat`, the seat to act, does now, decided from its view of `game` alone: one of its
  // legal actions (in Toonerville, offered a declined discard, `buy` or `pass`, T6).
  // Another seat gets Reason::wrong_seat; a game waiting for a deal or a reshuffle
  // wrong_phase, a game that is over game_over, a seat out of range bad_seat, a game of
  // another kind than the bot's unknown_game. *out is written only on success.
  // Deterministic: the same seed and the same calls give the same actions.
  virtual Reason choose(const Game& game, int seat, ActionCode* out, Error* err) = 0;

  // What the seat to act should do and why: the expert's search (whatever the bot's level),
  // within the bot's budget, from the seat's view alone; refusals as choose. It draws from the
  // bot's generator, so it changes the bot's later choices as a choose would.
  virtual Reason hint(const Game& game, int seat, Hint* out, Error* err) = 0;
};

// A bot for the game of that name (matched as make_game does) at level "random", "basic",
// "strong" or "expert" (case-insensitive), or a rung of the ladder "1" to "5" (1: beginner,
// 2: casual, 3: basic, 4: strong on habit half the time, 5: expert; docs/bots.md), its
// generator seeded with `seed`, with options `samples=N` and `time_ms=N` (every level),
// `lapse=N` and `persona=NAME` (the heuristic levels 1 to 3 and basic; the game's personas,
// game_personas), `habit=N` (the searching levels 4, 5, strong and expert). Null, and *err
// filled (unknown_game, bad_option), on bad input.
std::unique_ptr<Bot> make_bot(std::string_view game, std::string_view level, uint64_t seed,
                              const OptionList& options, Error* err);

// The ladder's rungs in order, weakest first ("1" ... "5"), and the personas the game's bots
// take (`persona=NAME`; empty for a game without conventions to follow).
inline constexpr const char* kLadder[] = {"1", "2", "3", "4", "5"};
std::vector<std::string> game_personas(std::string_view game);

// --- Deals consistent with a seat's view ---

// A complete game that `seat` cannot tell from `game`: the same view (so the same scores,
// table, own cards and everything played), its hidden cards drawn uniformly from every
// placement that matches what the seat has seen (docs/bots.md: hand sizes, the cards it
// holds, was shown or gave away, suits others showed they lack by not following, S7's called
// card and hold card). A new game with history=off, since the true history would tell the
// hidden cards; the same seed gives the same sample. bad_seat for a seat out of range.
Reason sample_consistent(const Game& game, int seat, uint64_t seed, std::unique_ptr<Game>* out,
                         Error* err);

}  // namespace deckhand::bots
