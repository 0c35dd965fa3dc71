// The one game loop of `simulate`, `demo` and `play`, over deckhand::Game and a game's
// plug-in (plugin.hpp).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "deckhand/bots.hpp"
#include "deckhand/game.hpp"
#include "deckhand/rng.hpp"
#include "plugin.hpp"

namespace deckhand::cli {

// What one bot game did.
struct BotRun {
  int64_t deals = 0, hands = 0, actions = 0;
  int64_t limit_ends = 0;  // hands that ended at the play limit (GamePlugin::ended_by_limit)
};

// Bots play `game` to its end from the deals of `rng` (seeds of 48 bits keep records
// readable). With `narration`, every deal and action is told, and the scores after each hand.
// False if a bot had no action or the game refused one (a bug; said on stderr).
bool play_bots(const GamePlugin& plugin, Game& game, PortableRng& rng, const Narration* narration,
               BotRun* run);

// The score table after a scored hand, the same in every game.
void print_scores(const Game& game, const char* hand_word);
// "GAME OVER after 7 hands: seat 2 wins with 34" (the same in every game).
void print_game_over(const Game& game, const char* hand_word);

// `play`'s bots: the bot of `seat` for the decision at `position` (the game's history size),
// made afresh for each decision from a seed of the game's seed, the seat and the position, so
// that after an undo the same moves get the same answers from the bots and from hint.
using SeatBots = std::function<std::unique_ptr<bots::Bot>(int seat, uint64_t position)>;

// Which offers (GamePlugin::offer) `play` puts to the human: every one, only those that would
// help (the others are declined for it), or none (--offers, and the command `offers` at the
// prompt).
enum class Offers { ask, useful, never };
// "ask", "useful", "never"; and back (false for another word).
const char* offers_name(Offers offers);
bool parse_offers(std::string_view text, Offers* out);

// `play`: a human at `seat` against the library bots of `seat_bots` (the others play, the
// human's own seat's gives the hints; docs/cli.md: the commands help, legal, view, hint,
// undo, offers, save FILE, quit). `seed` makes the deals. `save_path` (optional) receives the
// record when the game ends or the human leaves. Returns the exit code.
int play_human(const GamePlugin& plugin, Game& game, int seat, uint64_t seed,
               const SeatBots& seat_bots, Offers offers, const std::string& save_path);

}  // namespace deckhand::cli
