// Toonerville Rook's plug-in for the command-line tool: its bot, narration and help.
#include <fmt/core.h>

#include "cli_util.hpp"
#include "deckhand/bots.hpp"
#include "deckhand/toonerville.hpp"
#include "deckhand/toonerville_bots.hpp"
#include "plugin.hpp"

namespace deckhand::cli {

namespace tv = toonerville;

namespace {

tv::Action pure(const Game& game, const ActionCode& code) {
  return pure_action<tv::Action>(game, code, tv::parse_action);
}

// simulate and demo: the basic bot of the seat to act (T6: offered the discard, buy or pass).
bool choose(const Game& game, int seat, PortableRng& rng, ActionCode* out) {
  tv::Action a;
  return seat == game.to_act() && bots::toonerville_bot_table(state_of<tv::State>(game), rng, &a) &&
         to_code(game, a, tv::format_action, out);
}

std::string hand_text(const FaceCounts& hand) {
  char buf[tv::kMaxCards * 5];
  format_rook_faces(hand, buf, sizeof buf);
  return hand.empty() ? std::string("(nothing)") : std::string(buf);
}

std::string deal_line(const Game& game) {
  const tv::State& s = state_of<tv::State>(game);
  return fmt::format("Round {} — contract {}, {} cards each — seat {} deals; upcard {}", s.round,
                     tv::format_contract(tv::contract(s)), tv::deal_size(s.round, s.options),
                     s.dealer, rook_face_name(s.pile[0]));
}

// A round that ended on a discard with nobody out reached max_turns (T13); an empty stock
// ends a round on a draw.
bool ended_by_turn_limit(const tv::Action& a, const tv::State& after) {
  return a.kind == tv::ActionKind::discard && after.last.went_out == tv::kNoSeat;
}

void print_round_result(const tv::State& before, const tv::State& s, const tv::Action& a) {
  const tv::RoundResult& r = s.last;
  const int n = tv::players(s);
  if (r.went_out != tv::kNoSeat)
    fmt::print("  seat {} goes out\n", r.went_out);
  else if (ended_by_turn_limit(a, s))
    fmt::print("  turn {} has ended (max_turns): the round ends and everyone scores (T13)\n",
               s.options.max_turns);
  else
    fmt::print("  no card is left to draw: the round ends and everyone scores (T13)\n");
  for (int p = 0; p < n; ++p)
    if (p != r.went_out)
      fmt::print("  seat {} is left with {} = {} penalty points\n", p, hand_text(before.hands[p]),
                 r.deltas[p]);
  // The round's last turn ended with this action (a discard, or going out), unless a draw
  // found nothing left to draw (T13).
  fmt::print("  ({} turns in the round)\n",
             int64_t(before.turns) + (a.kind != tv::ActionKind::draw));
}

// The card a seat drew: what its hand gained (T5).
std::string drawn_card(const tv::State& before, const tv::State& after, int seat) {
  for (int f = 0; f < kRookFaces; ++f)
    if (after.hands[seat].count(RookFace(f)) > before.hands[seat].count(RookFace(f)))
      return rook_face_name(RookFace(f));
  return "?";
}

// Buys, going down, lay-offs, swaps, reshuffles, going out and the round's score; draws and
// discards only when verbose, and the viewer's own draw always (with the card drawn).
void narrate(const Game& before_game, const Game& after_game, const ActionCode& code,
             const Narration& how) {
  using tv::ActionKind;
  const tv::State& before = state_of<tv::State>(before_game);
  const tv::State& after = state_of<tv::State>(after_game);
  const tv::Action a = pure(before_game, code);
  // The seat whose turn it is drew now: at once, or when the offer of the discard ended.
  const int turn = tv::turn_seat(before);
  const bool drew = before.phase == tv::Phase::draw && after.phase == tv::Phase::play &&
                    a.kind != ActionKind::take && after.hands_scored == before.hands_scored;
  if (after.reshuffles > before.reshuffles && after.hands_scored == before.hands_scored)
    fmt::print(
        "  the stock is empty: the discards below the top are shuffled into a new stock "
        "of {} cards\n",
        after.stock_count + (a.kind == ActionKind::buy ? 1 : 0) + (drew ? 1 : 0));
  auto tell_draw = [&] {
    if (!drew) return;
    if (turn == how.viewer)
      fmt::print("  you draw {}\n", drawn_card(before, after, turn));
    else if (how.verbose)
      fmt::print("  seat {} draws\n", turn);
  };
  switch (a.kind) {
    case ActionKind::buy:
      fmt::print("  seat {} buys {} and takes a penalty card; seat {} draws from the stock\n",
                 a.seat, rook_face_name(before.pile[before.pile_count - 1]), turn);
      if (turn == how.viewer && drew)
        fmt::print("  you draw {}\n", drawn_card(before, after, turn));
      break;
    case ActionKind::pass:
      if (how.verbose) fmt::print("  seat {} passes\n", a.seat);
      tell_draw();
      break;
    case ActionKind::down: {
      std::string melds;
      for (int m = before.meld_count; m < after.meld_count; ++m)
        melds += fmt::format("{}[{}] {}", m > before.meld_count ? "  " : "", m,
                             tv::format_meld(after.melds[m]));
      if (after.hands_scored != before.hands_scored)  // out at once: the table is cleared
        melds = tv::format_action(a).substr(5);
      fmt::print("  seat {} goes down: {}\n", a.seat, melds);
      break;
    }
    case ActionKind::layoff:
    case ActionKind::swap:
      fmt::print("  seat {} {}\n", a.seat, tv::format_action(a));
      break;
    case ActionKind::draw:
      if (tv::offering(after))
        fmt::print("  seat {} draws instead of taking the {}: it is offered to the others\n",
                   a.seat, rook_face_name(before.pile[before.pile_count - 1]));
      else
        tell_draw();
      break;
    case ActionKind::take:
      if (how.verbose || a.seat == how.viewer)
        fmt::print("  seat {} takes the discard {}\n", a.seat,
                   rook_face_name(before.pile[before.pile_count - 1]));
      break;
    case ActionKind::discard:
      if (how.verbose || a.seat == how.viewer || after.hands_scored != before.hands_scored)
        fmt::print("  seat {} discards {}\n", a.seat, tv::format_action(a).substr(8));
      break;
  }
  if (after.hands_scored != before.hands_scored) print_round_result(before, after, a);
}

// T6: the human offered the discard another seat declined.
std::string prompt_note(const Game& game, int seat) {
  const tv::State& s = state_of<tv::State>(game);
  if (!tv::offering(s) || s.to_act != seat) return "";
  return fmt::format("seat {} draws instead of taking the {}: buy it? (buy, or pass)\n",
                     tv::turn_seat(s), rook_face_name(s.pile[s.pile_count - 1]));
}

bool ended_by_limit(const Game& after_game, const ActionCode& last) {
  return ended_by_turn_limit(pure(after_game, last), state_of<tv::State>(after_game));
}

const GamePlugin kPlugin{
    .game = "toonerville",
    .hand_word = "round",
    .help =
        "take (the discard), draw, buy or pass (another seat's discard, when offered), 'down "
        "5R 6R 7R 8R | "
        "9B 9G ROOK', 'layoff 2 9R' (a Rook on a run as ROOK=<number>), 'swap 2 7R', 'discard 14Y' "
        "(or just the card, when discarding is all you may do)",
    .choose = choose,
    .deal_line = deal_line,
    .narrate = narrate,
    .hand_note = nullptr,
    .prompt_note = prompt_note,
    .ended_by_limit = ended_by_limit,
    .demo_option = "",
    .demo_players = 4,
    .whole_game_deals = true,
    .solve = nullptr,
};

}  // namespace

const GamePlugin& toonerville_plugin() {
  return kPlugin;
}

}  // namespace deckhand::cli
