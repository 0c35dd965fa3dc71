// deckhand — bots: players for every game that decide from one seat's view alone (G11, S13,
// T14), as a player at the table would. docs/bots.md describes the levels.
//
// Two layers:
//   - the heuristic policies of each game over its own View and legal actions (the `basic`
//     level; the command-line tool, the property tests and the benchmarks use them directly);
//   - Bot, one interface over every game and level behind deckhand::Game, for the C ABI
//     (dh_bot_*), the bindings and `deckhand arena`.
#pragma once

#include <cstdint>
#include <memory>
#include <string_view>

#include "deckhand/error.hpp"
#include "deckhand/game.hpp"
#include "deckhand/ghost_euchre.hpp"
#include "deckhand/rng.hpp"
#include "deckhand/sheepshead.hpp"
#include "deckhand/toonerville.hpp"

namespace deckhand::bots {

// --- The heuristic policies (level `basic`) ---

// Ghost Hand Euchre: bids on trump length and high cards, swaps a hopeless hand for the
// ghost, names its longest strong suit, wins tricks as cheaply as it can and otherwise
// throws its lowest card.
ghost_euchre::Action euchre_bot(const ghost_euchre::View& view, const ghost_euchre::Action* legal,
                                int count, PortableRng& rng);

// Expected tricks of a six-card hand if `trump` were trump (a rough table heuristic).
double euchre_hand_strength(CardSet hand, Suit trump);

// Sheepshead: picks with four trumps (or three and a queen), buries high fail cards while
// keeping a call open, calls an ace when it can, and plays to win tricks cheaply, otherwise
// giving points to a winning partner and nothing to the other side.
sheepshead::Action sheepshead_bot(const sheepshead::View& view, const sheepshead::Action* legal,
                                  int count, PortableRng& rng);

// Toonerville Rook: goes down as soon as the contract finder says it can (T7; the whole hand
// in round 11), lays off and swaps Rooks when down, takes a discard that fits its hand, and
// otherwise discards the card least likely to help the round's contract, high penalty points
// first. For the play phase (meld, lay off, swap, discard).
toonerville::Action toonerville_bot(const toonerville::View& view, const toonerville::Action* legal,
                                    int count, PortableRng& rng);

// How readily the basic bot discards `face` from the hand of `view`: the lowest key goes first
// (the least useful card for the round's contract, high penalty points first).
int toonerville_discard_key(const toonerville::View& view, RookFace face);

// Whether the seat to act of `view` takes the top discard in the draw phase (T5).
bool toonerville_bot_wants_take(const toonerville::View& view);

// Whether the seat of `view` wants to buy the top discard now (T6): it is not down, the card
// fits its hand well, and it has bought fewer than three times this round.
bool toonerville_bot_wants_buy(const toonerville::View& view);

// The table's next action when bots hold every seat: the seat to act's bot chooses, from its
// own view only: in the draw phase take the discard if it wants it, else draw; offered a
// declined discard (T6), buy it if it wants it, else pass; in the play phase meld, lay off,
// swap and discard. False when no seat acts.
bool toonerville_bot_table(const toonerville::State& state, PortableRng& rng,
                           toonerville::Action* out);

// --- One interface over every game and level ---

enum class Level : uint8_t {
  random = 0,  // a uniformly random legal action (an offered Toonerville discard: buy or pass)
  basic = 1,   // the heuristic policies above
  strong = 2,  // perfect-information Monte Carlo over consistent deals (docs/bots.md)
};

// Budget options every level takes (`samples=N`, `time_ms=N`); levels that do not search
// ignore them. `strong` searches `samples` consistent deals per decision (default: per game,
// docs/bots.md), stopping early once `time_ms` has passed (which makes it depend on the
// machine's speed: without time_ms a bot is deterministic for its seed).
struct Budget {
  uint32_t samples = 0;  // 0: the level's default
  uint32_t time_ms = 0;  // 0: no time limit
};

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
};

// A bot for the game of that name (matched as make_game does) at level "random", "basic" or
// "strong" (case-insensitive), its generator seeded with `seed`, with options `samples=N` and
// `time_ms=N`. Null, and *err filled (unknown_game, bad_option), on bad input.
std::unique_ptr<Bot> make_bot(std::string_view game, std::string_view level, uint64_t seed,
                              const OptionList& options, Error* err);

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
