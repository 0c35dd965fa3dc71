// Sheepshead's plug-in for the command-line tool: its bot, narration and help.
#include <fmt/core.h>

#include "cli_util.hpp"
#include "deckhand/bots.hpp"
#include "deckhand/sheepshead.hpp"
#include "deckhand/sheepshead_bots.hpp"
#include "deckhand/sheepshead_solve.hpp"
#include "deckhand/solve.hpp"
#include "plugin.hpp"

namespace deckhand::cli {

namespace sh = sheepshead;

namespace {

sh::Action pure(const Game& game, const ActionCode& code) {
  return pure_action<sh::Action>(game, code, sh::parse_action);
}

bool choose(const Game& game, int seat, PortableRng& rng, ActionCode* out) {
  return seat_to_act_bot<sh::State, sh::Action, sh::kMaxLegalActions>(
      game, seat, rng, out, sh::legal_actions, sh::view, bots::sheepshead_bot, sh::format_action);
}

std::string deal_line(const Game& game) {
  const sh::State& s = state_of<sh::State>(game);
  return fmt::format("Hand {} — seat {} deals{}", s.hand_number, s.dealer,
                     s.doubled ? ", stakes doubled" : "");
}

std::string card_or_face_down(const sh::State& s, int t, int p) {
  return sh::is_unknown_play(s, t, p) ? std::string("??")
                                      : std::string(card_name(Card(s.played[t][p])));
}

void print_result(const sh::State& s) {
  const sh::HandResult& r = s.last;
  if (r.contract == sh::Contract::leaster) {
    fmt::print(
        "  leaster: points {} / {} / {} / {} / {}{}; ", r.points[0], r.points[1], r.points[2],
        r.points[3], r.points[4],
        r.blind_points ? fmt::format(" (blind's {} to the last trick)", r.blind_points) : "");
    if (r.leaster_winner == sh::kNoSeat)
      fmt::print("a tie for fewest: no score changes\n");
    else
      fmt::print("seat {} wins with the fewest points\n", r.leaster_winner);
    return;
  }
  fmt::print(
      "  bury {} ({} points){}\n", cards_text(s.bury), r.bury_points,
      r.unknown != kNoCard ? fmt::format("; the unknown was {}", card_name(Card(r.unknown))) : "");
  const char* how = r.picker_side_tricks == 0             ? "no-trick loss"
                    : r.picker_side_tricks == sh::kTricks ? "win, every trick"
                    : r.won ? (r.multiplier == 2 ? "win, schneider" : "win")
                            : (r.multiplier == 2 ? "loss, schneidered" : "loss");
  fmt::print("  picker seat {}{}: {} points in {} tricks — {} (x{}{}{})\n", r.picker,
             r.partner != sh::kNoSeat ? fmt::format(" with partner seat {}", r.partner)
                                      : std::string(" alone"),
             r.picker_side_points, r.picker_side_tricks, how, r.multiplier,
             r.doubled > 1 ? ", doubled" : "", r.bumped > 1 ? ", bumped" : "");
}

// The tricks and card points each seat has taken this hand (S1, S9), from the viewer's view
// (a face-down unknown card counts 0 until it is shown), or the whole state for no viewer.
std::string taken_so_far(const sh::State& s, int viewer) {
  int tricks[sh::kPlayers] = {}, points[sh::kPlayers] = {};
  if (viewer < 0) {
    for (int t = 0; t < s.tricks_done; ++t) ++tricks[s.trick_winners[t]];
    for (int p = 0; p < sh::kPlayers; ++p) points[p] = s.points[p];
  } else {
    const sh::View v = sh::view(s, viewer);
    for (int t = 0; t < v.tricks_done; ++t) {
      ++tricks[v.trick_winners[t]];
      for (int p = 0; p < sh::kPlayers; ++p)
        if (v.played[t][p] < 32)
          points[v.trick_winners[t]] += sh::card_points(Card(v.played[t][p]));
    }
  }
  std::string line;
  for (int p = 0; p < sh::kPlayers; ++p)
    line += fmt::format("{}{} {}/{}", p ? ", " : "", who(p, viewer), tricks[p], points[p]);
  return "tricks/card points so far: " + line;
}

void narrate(const Game& before_game, const Game& after_game, const ActionCode& code,
             const Narration& how) {
  using sh::ActionKind;
  const sh::State& before = state_of<sh::State>(before_game);
  const sh::State& after = state_of<sh::State>(after_game);
  const sh::Action a = pure(before_game, code);
  const int me = how.viewer;
  const std::string seat = who(a.seat, me);
  switch (a.kind) {
    case ActionKind::pick:
      fmt::print("  {} {} up the blind\n", seat, verb(a.seat, me, "pick", "picks"));
      break;
    case ActionKind::pass:
      fmt::print("  {} {}\n", seat, verb(a.seat, me, "pass", "passes"));
      break;
    case ActionKind::bury:
      if (a.seat == me)
        fmt::print("  you bury {} {}\n", card_name(Card(a.a)), card_name(Card(a.b)));
      else
        fmt::print("  seat {} buries two cards\n", a.seat);
      break;
    case ActionKind::alone:
      fmt::print("  {} {} alone\n", seat, verb(a.seat, me, "go", "goes"));
      break;
    case ActionKind::call:
      fmt::print("  {} {} {}{}\n", seat, verb(a.seat, me, "call", "calls"), card_name(Card(a.a)),
                 a.b != kNoCard ? " and sets an unknown card aside" : "");
      break;
    case ActionKind::play:
      if (how.verbose)
        fmt::print("  {} {} {}\n", seat, verb(a.seat, me, "play", "plays"),
                   sh::is_unknown_play(after, before.tricks_done, a.seat) && a.seat != me
                       ? std::string("a card face down")
                       : std::string(card_name(Card(a.a))));
      break;
  }
  if (before.phase == sh::Phase::picking && after.contract == sh::Contract::leaster)
    fmt::print("  nobody picked: a leaster, everyone for themselves\n");
  if (before.phase == sh::Phase::picking && after.phase == sh::Phase::deal)
    fmt::print("  nobody picked: a doubler — thrown in, the next hand is doubled\n");
  if (a.kind == ActionKind::play && after.tricks_done != before.tricks_done) {
    const int t = before.tricks_done;
    std::string line = fmt::format("  trick {}:", t + 1);
    for (int i = 0; i < sh::kPlayers; ++i) {
      const int p = (after.leaders[t] + i) % sh::kPlayers;
      line += fmt::format(" {}:{}", p, card_or_face_down(after, t, p));
    }
    const int w = after.trick_winners[t];
    fmt::print("{}  — {} {} {} points\n", line, who(w, me), verb(w, me, "take", "takes"),
               after.points[w] - before.points[w]);
    if (after.hands_scored == before.hands_scored) fmt::print("  {}\n", taken_so_far(after, me));
    for (int p = 0; p < sh::kPlayers; ++p)
      if (after.contract == sh::Contract::called && p == after.partner &&
          after.played[t][p] == after.called)
        fmt::print("  {} is played: {} {} the partner\n", card_name(Card(after.called)), who(p, me),
                   verb(p, me, "are", "is"));
  }
  if (after.hands_scored != before.hands_scored) print_result(after);
}

// S2, S1: the seat's hand with its trumps marked and each card's points, and the points the
// seat has taken this hand.
std::string hand_note(const Game& game, int seat) {
  const sh::State& s = state_of<sh::State>(game);
  if (s.phase == sh::Phase::deal || s.phase == sh::Phase::over) return "";
  const sh::View v = sh::view(s, seat);
  std::string trumps, fail;
  for (int i = 0; i < v.hand.size(); ++i) {
    const Card c = v.hand.nth(i);
    const std::string card =
        fmt::format("{}{}", card_name(c),
                    sh::card_points(c) ? fmt::format("({})", sh::card_points(c)) : std::string());
    std::string& to = sh::ranking().suit_of[c.code] == kTrumpSuit ? trumps : fail;
    to += (to.empty() ? "" : " ") + card;
  }
  int taken = 0;  // from the tricks as the seat saw them (a face-down unknown counts 0)
  for (int t = 0; t < v.tricks_done; ++t)
    if (v.trick_winners[t] == seat)
      for (int p = 0; p < sh::kPlayers; ++p)
        if (v.played[t][p] < 32) taken += sh::card_points(Card(v.played[t][p]));
  return fmt::format(
      "trumps: {}   other: {}   (card points in brackets; you have taken {})\n{}",
      trumps.empty() ? "none" : trumps, fail.empty() ? "none" : fail, taken,
      s.phase == sh::Phase::play && v.tricks_done ? taken_so_far(s, seat) + "\n" : std::string());
}

// A card alone is a card played (S8), or the card called (S7).
int card_kind(const Game& game) {
  const sh::Phase phase = state_of<sh::State>(game).phase;
  return phase == sh::Phase::play      ? int(sh::ActionKind::play)
         : phase == sh::Phase::calling ? int(sh::ActionKind::call)
         : phase == sh::Phase::burying ? int(sh::ActionKind::bury)
                                       : -1;
}

// The open-hand solver's values for the seat to act (deckhand analyze).
Reason solve(solve::Solver& solver, const Game& game, solve::CardValue* values, int* count,
             int* trick, Error* err) {
  const auto& s = state_of<sh::State>(game);
  *trick = s.tricks_done + 1;
  return solver.card_values(s, values, count, err);
}

const GamePlugin kPlugin{
    .game = "sheepshead",
    .hand_word = "hand",
    .help =
        "pick, pass, bury <card> <card>, call <card>, call <card> unknown <card>, alone, play "
        "<card> "
        "(or just the card, as 'QC')",
    .choose = choose,
    .deal_line = deal_line,
    .narrate = narrate,
    .hand_note = hand_note,
    .prompt_note = nullptr,
    .card_kind = card_kind,
    .offer = nullptr,
    .ended_by_limit = nullptr,
    .demo_option = "hands=6",
    .demo_players = 0,
    .whole_game_deals = false,
    .solve = solve,
};

}  // namespace

const GamePlugin& sheepshead_plugin() {
  return kPlugin;
}

}  // namespace deckhand::cli
