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

// The tricks each seat has taken this hand, as the viewer would say it (G7; from the view's
// trick counts, the same for every seat).
std::string tricks_so_far(const ge::State& s, int viewer) {
  const ge::View v = ge::view(s, viewer >= 0 ? viewer : 0);
  std::string line;
  for (int p = 0; p < ge::kPlayers; ++p)
    line += fmt::format("{}{} {}", p ? ", " : "", who(p, viewer), v.tricks_won[p]);
  return "tricks so far: " + line;
}

void narrate(const Game& before_game, const Game& after_game, const ActionCode& code,
             const Narration& how) {
  using ge::ActionKind;
  const ge::State& before = state_of<ge::State>(before_game);
  const ge::State& after = state_of<ge::State>(after_game);
  const ge::Action a = pure(before_game, code);
  const int me = how.viewer;
  const std::string seat = who(a.seat, me);
  if (a.kind == ActionKind::swap) {
    fmt::print("  {} {} {} hand for the {} hand\n", seat, verb(a.seat, me, "swap", "swaps"),
               verb(a.seat, me, "your", "its"),
               before.spare_owner == ge::kNoSeat ? "ghost" : "dead");
  } else if (a.kind == ActionKind::pass) {
    fmt::print("  {} {}\n", seat, verb(a.seat, me, "pass", "passes"));
  } else if (a.kind == ActionKind::bid) {
    fmt::print("  {} {} {}\n", seat, verb(a.seat, me, "bid", "bids"),
               a.arg == ge::kMoon ? std::string("moon") : std::to_string(a.arg));
  } else if (a.kind == ActionKind::trump) {
    fmt::print("  {} {} {} trump and {}\n", seat, verb(a.seat, me, "name", "names"),
               suit_word(Suit(a.arg)), verb(a.seat, me, "lead", "leads"));
    if (how.show_hands)
      for (int p = 0; p < ge::kPlayers; ++p)
        fmt::print("    seat {} holds {}\n", p, cards_text(after.hands[p]));
  } else if (a.kind == ActionKind::play && how.verbose) {
    fmt::print("  {} {} {}\n", seat, verb(a.seat, me, "play", "plays"), card_name(Card(a.arg)));
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
    fmt::print("{}  — {} {} it\n", line, who(winner, me), verb(winner, me, "take", "takes"));
    if (after.hands_scored == before.hands_scored) fmt::print("  {}\n", tricks_so_far(after, me));
  }
  if (after.hands_scored != before.hands_scored) {
    const ge::HandResult& r = after.last;
    const std::string bid = r.bid == ge::kMoon ? std::string("moon") : std::to_string(r.bid);
    if (r.declarer == me)
      fmt::print("  hand over: tricks {}/{}/{}; you declared {} and {}\n", r.tricks[0], r.tricks[1],
                 r.tricks[2], bid, r.made ? "made it" : "were set");
    else
      fmt::print("  hand over: tricks {}/{}/{}; declarer seat {} bid {} and {}\n", r.tricks[0],
                 r.tricks[1], r.tricks[2], r.declarer, bid, r.made ? "made it" : "was set");
    for (int p = 0; p < ge::kPlayers; ++p)
      if (r.reneges[p])
        fmt::print("  {} reneged {} time(s): {} points\n", who(p, me), r.reneges[p],
                   r.renege_penalty[p]);
    if (after.tiebreak && after.phase != ge::Phase::over)
      fmt::print("  a tie at the target: a tie-break hand follows (G10)\n");
  }
}

// The board's note in the play: the tricks so far.
std::string hand_note(const Game& game, int seat) {
  const ge::State& s = state_of<ge::State>(game);
  return s.phase == ge::Phase::play ? tricks_so_far(s, seat) + "\n" : "";
}

// A card alone is a card played (G7).
int card_kind(const Game& game) {
  return state_of<ge::State>(game).phase == ge::Phase::play ? int(ge::ActionKind::play) : -1;
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
    .hand_note = hand_note,
    .prompt_note = nullptr,
    .card_kind = card_kind,
    .offer = nullptr,
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
