// What the command-line tool needs from each game besides the generic deckhand::Game: its
// bots, its narration and its help. One plug-in per game (<game>_cli.cpp), listed in
// plugins.cpp; the game loop (game_loop.cpp) drives every game through deckhand::Game.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "deckhand/game.hpp"
#include "deckhand/rng.hpp"

namespace deckhand::solve {
class Solver;
struct CardValue;
}  // namespace deckhand::solve

namespace deckhand::cli {

// How much a narration tells.
struct Narration {
  int viewer = -1;          // the human's seat in `play` (its draws are shown), or -1
  bool show_hands = false;  // the demo: every hand when play starts
  bool verbose = false;     // every small step (draws, discards), not only the events
};

struct GamePlugin {
  const char* game;       // the catalog's name ("ghost-euchre")
  const char* hand_word;  // what a scored deal is called: "hand", "round"
  // Typing help for `play`: the actions with examples.
  const char* help;
  // `simulate` and `demo` play the games' basic heuristics (bots.hpp) directly (`play` uses
  // the library's Bot, bots::make_bot): the basic bot's action for `seat`, the seat to act
  // (false if it has none).
  bool (*choose)(const Game& game, int seat, PortableRng& rng, ActionCode* out);
  // The line announcing a deal just made ("Hand 2 — seat 1 deals").
  std::string (*deal_line)(const Game& game);
  // Narrates one action: `before` and `after` are the game on either side of it. The score
  // table after a scored hand is the loop's; the plug-in tells how the hand went.
  void (*narrate)(const Game& before, const Game& after, const ActionCode& action,
                  const Narration& how);
  // What the human at `seat` sees besides the view (Sheepshead: trumps marked, card points);
  // may be empty.
  std::string (*hand_note)(const Game& game, int seat);
  // A line before the human's prompt, or nullptr (Toonerville: the discard offered, T6, and
  // what it would do for the seat).
  std::string (*prompt_note)(const Game& game, int seat);
  // `play`: the action kind (ActionCode::kind, as the catalog's action_kinds list it) that a
  // card typed alone stands for now ("JC" for "play JC"), or -1 where a card alone means
  // nothing; nullptr: never.
  int (*card_kind)(const Game& game);
  // `play`: an offer the human at `seat` may turn down (Toonerville: a discard to buy, T6).
  // 0 when none is open to the seat now, 1 when taking it would not help the seat, 2 when it
  // would; *decline is then the action that turns it down. nullptr for a game without offers.
  int (*offer)(const Game& game, int seat, ActionCode* decline);
  // Whether the hand just scored by `last` ended at the game's play limit rather than by the
  // rules' own end (simulate counts them), or nullptr when the limit is the game's normal end.
  bool (*ended_by_limit)(const Game& after, const ActionCode& last);
  // The demo: an option for the game it shows ("hands=6", or "": the play limit at
  // GameSpec::unattended_limit), and its player count (0: the game's least).
  const char* demo_option;
  int demo_players;
  // `deckhand arena`: whether games are played whole (rounds that differ, as Toonerville's
  // contracts do; each hand of them is still a duplicate deal) rather than one hand at a
  // time. (Whether fewer points is better is the catalog's GameSpec::lower_is_better.)
  bool whole_game_deals;
  // `deckhand analyze`: the open-hand solver's values for the seat to act in `game` (in the
  // play), and the trick being played (from 1); nullptr for a game without a solver.
  Reason (*solve)(solve::Solver& solver, const Game& game, solve::CardValue* values, int* count,
                  int* trick, Error* err);
};

// Every plug-in, one per game of the catalog (plugins.cpp).
std::span<const GamePlugin* const> plugins();
// The plug-in of a catalog game name (as deckhand::find_game_spec matches it), or nullptr.
const GamePlugin* find_plugin(std::string_view game);
// The games `deckhand analyze` takes (a plug-in with `solve`), joined by `conjunction`:
// "ghost-euchre and sheepshead".
std::string solvable_games(std::string_view conjunction);

// The game's own state value (deckhand::Game::state_data), for plug-ins that read it through
// the game's public header: `const auto& s = state_of<ghost_euchre::State>(game);`.
template <typename State>
const State& state_of(const Game& game) {
  return *static_cast<const State*>(game.state_data());
}

// A bot's pure-API action as the generic code, through its text (the one form every game
// parses); false if the game does not take it.
template <typename Action, typename Format>
bool to_code(const Game& game, const Action& a, Format format, ActionCode* out) {
  return game.parse_action(a.seat, format(a), out, nullptr) == Reason::ok;
}

// The table's next action: the basic bot of the seat to act.
inline bool table_action(const GamePlugin& plugin, const Game& game, PortableRng& rng,
                         ActionCode* out) {
  return game.to_act() >= 0 && plugin.choose(game, game.to_act(), rng, out);
}

// An action code as the game's pure Action, through its text.
template <typename Action, typename Parse>
Action pure_action(const Game& game, const ActionCode& code, Parse parse) {
  Action a{};
  (void)parse(game.format_action(code), code.seat, &a, nullptr);
  return a;
}

// The bot of a game where only the seat to act acts: its choice among the legal actions, from
// that seat's view.
template <typename State, typename Action, int kMaxLegal, typename Legal, typename ViewOf,
          typename Bot, typename Format>
bool seat_to_act_bot(const Game& game, int seat, PortableRng& rng, ActionCode* out,
                     Legal legal_actions, ViewOf view, Bot bot, Format format) {
  const State& s = state_of<State>(game);
  if (seat != game.to_act()) return false;
  Action legal[kMaxLegal];
  const int n = legal_actions(s, legal);
  return n > 0 && to_code(game, bot(view(s, seat), legal, n, rng), format, out);
}

}  // namespace deckhand::cli
