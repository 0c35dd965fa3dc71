// Ghost Hand Euchre's plug-in for the command-line tool: its bot, narration and help.
#include <fmt/core.h>

#include "cli_util.hpp"
#include "deckhand/bots.hpp"
#include "deckhand/ghost_euchre.hpp"
#include "deckhand/ghost_euchre_bots.hpp"
#include "deckhand/ghost_euchre_solve.hpp"
#include "deckhand/solve.hpp"
#include "plugin.hpp"

namespace deckhand::cli {

namespace ge = ghost_euchre;

namespace {

ge::Action pure(const Game& game, const ActionCode& code) {
  return pure_action<ge::Action>(game, code, ge::parse_action);
}

bool choose(const Game& game, int seat, PortableRng& rng, ActionCode* out) {
  return seat_to_act_bot<ge::State, ge::Action, ge::kMaxLegalActions>(
      game, seat, rng, out, ge::legal_actions, ge::view, bots::euchre_bot, ge::format_action);
}

std::string deal_line(const Game& game) {
  const ge::State& s = state_of<ge::State>(game);
  return fmt::format("Hand {} — seat {} deals", s.hand_number, s.dealer);
}

void narrate(const Game& before_game, const Game& after_game, const ActionCode& code,
             const Narration& how) {
  using ge::ActionKind;
  const ge::State& before = state_of<ge::State>(before_game);
  const ge::State& after = state_of<ge::State>(after_game);
  const ge::Action a = pure(before_game, code);
  if (a.kind == ActionKind::swap) {
    fmt::print("  seat {} swaps its hand for the {} hand\n", a.seat,
               before.spare_owner == ge::kNoSeat ? "ghost" : "dead");
  } else if (a.kind == ActionKind::pass) {
    fmt::print("  seat {} passes\n", a.seat);
  } else if (a.kind == ActionKind::bid) {
    fmt::print("  seat {} bids {}\n", a.seat,
               a.arg == ge::kMoon ? std::string("moon") : std::to_string(a.arg));
  } else if (a.kind == ActionKind::trump) {
    fmt::print("  seat {} names {} trump and leads\n", a.seat, suit_word(Suit(a.arg)));
    if (how.show_hands)
      for (int p = 0; p < ge::kPlayers; ++p)
        fmt::print("    seat {} holds {}\n", p, cards_text(after.hands[p]));
  }
  if (before.phase == ge::Phase::bidding && after.phase == ge::Phase::deal)
    fmt::print("  everyone passed: the hand is thrown in and the deal passes to seat {}\n",
               after.dealer);
  if (a.kind == ActionKind::play && after.tricks_done != before.tricks_done) {
    const int t = before.tricks_done;
    const int leader = before.leaders[t];
    std::string line = fmt::format("  trick {}:", t + 1);
    for (int i = 0; i < ge::kPlayers; ++i) {
      const int p = (leader + i) % ge::kPlayers;
      const uint8_t c = p == a.seat ? a.arg : before.played[t][p];
      line += fmt::format(" {}:{}", p, card_name(Card(c)));
    }
    int winner = 0;
    for (int p = 0; p < ge::kPlayers; ++p)
      if (after.tricks_won[p] != before.tricks_won[p]) winner = p;
    fmt::print("{}  — seat {} takes it\n", line, winner);
  }
  if (after.hands_scored != before.hands_scored) {
    const ge::HandResult& r = after.last;
    fmt::print("  hand over: tricks {}/{}/{}; declarer seat {} bid {} and {}\n", r.tricks[0],
               r.tricks[1], r.tricks[2], r.declarer,
               r.bid == ge::kMoon ? std::string("moon") : std::to_string(r.bid),
               r.made ? "made it" : "was set");
    for (int p = 0; p < ge::kPlayers; ++p)
      if (r.reneges[p])
        fmt::print("  seat {} reneged {} time(s): {} points\n", p, r.reneges[p],
                   r.renege_penalty[p]);
    if (after.tiebreak && after.phase != ge::Phase::over)
      fmt::print("  a tie at the target: a tie-break hand follows (G10)\n");
  }
}

// A game that ends at max_hands (G10) rather than at the target.
bool ended_by_limit(const Game& after_game, const ActionCode&) {
  const ge::State& s = state_of<ge::State>(after_game);
  return ge::is_over(s) && s.options.max_hands && s.hands_scored == s.options.max_hands;
}

// The open-hand solver's values for the seat to act (deckhand analyze).
Reason solve(solve::Solver& solver, const Game& game, solve::CardValue* values, int* count,
             int* trick, Error* err) {
  const auto& s = state_of<ge::State>(game);
  *trick = s.tricks_done + 1;
  return solver.card_values(s, values, count, err);
}

const GamePlugin kPlugin{
    .game = "ghost-euchre",
    .hand_word = "hand",
    .help =
        "swap (take the ghost hand), pass, bid 3|4|5|moon, trump C|D|H|S, play <card> (or just the "
        "card, as 'JS')",
    .choose = choose,
    .deal_line = deal_line,
    .narrate = narrate,
    .hand_note = nullptr,
    .prompt_note = nullptr,
    .ended_by_limit = ended_by_limit,
    .demo_option = "",
    .demo_players = 0,
    .whole_game_deals = false,
    .solve = solve,
};

}  // namespace

const GamePlugin& euchre_plugin() {
  return kPlugin;
}

}  // namespace deckhand::cli
