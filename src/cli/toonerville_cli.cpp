// Toonerville Rook's plug-in for the command-line tool: its bot, narration and help.
#include <fmt/core.h>

#include <algorithm>

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

void print_round_result(const tv::State& before, const tv::State& s, const tv::Action& a,
                        int viewer) {
  const tv::RoundResult& r = s.last;
  const int n = tv::players(s);
  if (r.went_out != tv::kNoSeat)
    fmt::print("  {} {} out\n", who(r.went_out, viewer), verb(r.went_out, viewer, "go", "goes"));
  else if (ended_by_turn_limit(a, s))
    fmt::print("  turn {} has ended (max_turns): the round ends and everyone scores (T13)\n",
               s.options.max_turns);
  else
    fmt::print("  no card is left to draw: the round ends and everyone scores (T13)\n");
  for (int p = 0; p < n; ++p)
    if (p != r.went_out)
      fmt::print("  {} {} left with {} = {} penalty points\n", who(p, viewer),
                 verb(p, viewer, "are", "is"), hand_text(before.hands[p]), r.deltas[p]);
  // The round's last turn ended with this action (a discard, or going out), unless a draw
  // found nothing left to draw (T13).
  fmt::print("  ({} turns in the round)\n",
             int64_t(before.turns) + (a.kind != tv::ActionKind::draw));
}

// The card a seat drew: what its hand gained (T5), besides one `known` card (a buy's discard).
std::string drawn_card(const tv::State& before, const tv::State& after, int seat,
                       RookFace known = kNoRookFace) {
  for (int f = 0; f < kRookFaces; ++f)
    if (after.hands[seat].count(RookFace(f)) > before.hands[seat].count(RookFace(f)) + (f == known))
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
  const int me = how.viewer;
  auto tell_draw = [&] {
    if (!drew) return;
    if (turn == me)
      fmt::print("  you draw {}\n", drawn_card(before, after, turn));
    else if (how.verbose)
      fmt::print("  seat {} draws\n", turn);
  };
  switch (a.kind) {
    case ActionKind::buy:
      if (a.seat == me)  // the penalty card is the buyer's to see
        fmt::print("  you buy {} and take a penalty card, {}; seat {} draws from the stock\n",
                   rook_face_name(before.pile[before.pile_count - 1]),
                   drawn_card(before, after, a.seat, before.pile[before.pile_count - 1]), turn);
      else
        fmt::print("  seat {} buys {} and takes a penalty card; {} {} from the stock\n", a.seat,
                   rook_face_name(before.pile[before.pile_count - 1]), who(turn, me),
                   verb(turn, me, "draw", "draws"));
      if (turn == me && drew) fmt::print("  you draw {}\n", drawn_card(before, after, turn));
      break;
    case ActionKind::pass:
      if (how.verbose) fmt::print("  {} {}\n", who(a.seat, me), verb(a.seat, me, "pass", "passes"));
      tell_draw();
      break;
    case ActionKind::down: {
      std::string melds;
      for (int m = before.meld_count; m < after.meld_count; ++m)
        melds += fmt::format("{}[{}] {}", m > before.meld_count ? "  " : "", m,
                             tv::format_meld(after.melds[m]));
      if (after.hands_scored != before.hands_scored)  // out at once: the table is cleared
        melds = tv::format_action(a).substr(5);
      fmt::print("  {} {} down: {}\n", who(a.seat, me), verb(a.seat, me, "go", "goes"), melds);
      break;
    }
    case ActionKind::layoff:
    case ActionKind::swap:
      fmt::print("  {} {}\n", who(a.seat, me), tv::format_action(a));
      break;
    case ActionKind::draw:
      if (tv::offering(after))
        fmt::print("  {} {} instead of taking the {}: it is offered to the others\n",
                   who(a.seat, me), verb(a.seat, me, "draw", "draws"),
                   rook_face_name(before.pile[before.pile_count - 1]));
      else
        tell_draw();
      break;
    case ActionKind::take:
      if (how.verbose || a.seat == me)
        fmt::print("  {} {} the discard {}\n", who(a.seat, me), verb(a.seat, me, "take", "takes"),
                   rook_face_name(before.pile[before.pile_count - 1]));
      break;
    case ActionKind::discard:
      if (how.verbose || a.seat == me || after.hands_scored != before.hands_scored)
        fmt::print("  {} {} {}\n", who(a.seat, me), verb(a.seat, me, "discard", "discards"),
                   tv::format_action(a).substr(8));
      break;
  }
  if (after.hands_scored != before.hands_scored) print_round_result(before, after, a, me);
}

// T12: what the hand would cost now, beside the view.
std::string hand_note(const Game& game, int seat) {
  const tv::State& s = state_of<tv::State>(game);
  if (s.phase == tv::Phase::deal || s.phase == tv::Phase::over) return "";
  return fmt::format("penalty points in your hand: {} (T12)\n", penalty_points(s.hands[seat]));
}

const char* const kColourWords[] = {"black", "green", "red", "yellow"};

// What the top discard would do for `seat`'s hand now (T6; a buy also brings a penalty card
// from the stock, which this does not count on), as a sentence: "It completes your
// contract...", "It makes a set of 6s with your 6B 6R...", "It is of no use to you: ...".
// 2 when it would help, 1 when not (a card that only pairs one of yours, or fits a run beside
// one card, is of little use).
int buy_value(const tv::State& s, int seat, std::string* what) {
  const RookFace f = s.pile[s.pile_count - 1];
  const FaceCounts& hand = s.hands[seat];
  FaceCounts with = hand;
  with.add(f);
  const tv::Contract c = tv::contract(s);
  const std::string contract = tv::format_contract(c);
  // T11: in the last round the contract is the whole hand (and the penalty card must fit too).
  auto makes = [&](const FaceCounts& cards) {
    return s.round == tv::kRounds ? tv::find_whole_hand(cards, nullptr)
                                  : tv::find_contract(cards, c, nullptr);
  };
  if (makes(hand)) {
    *what = fmt::format(
        "It is of no use to you: you can go down with {} already, and it adds {} penalty points",
        contract, penalty_points(f));
    return 1;
  }
  if (makes(with)) {
    *what = fmt::format("It completes your contract ({}): with it you can go down{}", contract,
                        s.round == tv::kRounds ? ", if the penalty card fits too (T11)" : "");
    return 2;
  }
  if (is_rook(f)) {
    *what = fmt::format("The Rook is wild: it fits any meld of your contract ({})", contract);
    return 2;
  }
  std::string same, near;  // cards of its number (a set, T4), of its colour near it (a run)
  int sames = 0, nears = 0;
  if (c.sets)
    for (int colour = 0; colour < kRookColours; ++colour)
      for (int i = 0; i < hand.count(rook_face(colour, face_number(f))); ++i, ++sames)
        same += fmt::format(" {}", rook_face_name(rook_face(colour, face_number(f))));
  if (c.runs && !hand.count(f))
    for (int n = std::max(1, face_number(f) - 3); n <= std::min(14, face_number(f) + 3); ++n)
      if (n != face_number(f) && hand.count(rook_face(face_colour(f), n)))
        near += fmt::format(" {}", rook_face_name(rook_face(face_colour(f), n))), ++nears;
  std::string fits;
  if (sames >= 2) fits = fmt::format("makes a set of {}s with your{}", face_number(f), same);
  if (nears >= 2)
    fits += fmt::format("{}fits a run in {} with your{}", fits.empty() ? "" : "; it ",
                        kColourWords[face_colour(f)], near);
  if (!fits.empty()) {
    *what = fmt::format("It {} (contract: {})", fits, contract);
    return 2;
  }
  std::string little;
  if (sames == 1) little = fmt::format("it would only pair your{} (a set needs three)", same);
  if (nears == 1)
    little += fmt::format("{}it would only sit beside your{} (a run needs four)",
                          little.empty() ? "" : "; ", near);
  if (little.empty())
    little = c.runs && c.sets ? "no card of its number, none of its colour near it"
             : c.sets         ? "no card of its number"
                              : "none of its colour near it";
  *what = fmt::format("It is of {} use to you: {} (contract: {})", sames + nears ? "little" : "no",
                      little, contract);
  return 1;
}

bool may_buy_now(const Game& game, int seat) {
  const tv::State& s = state_of<tv::State>(game);
  return tv::offering(s) && s.to_act == seat && ((tv::buyers(s) >> seat) & 1);
}

// T6: the human offered the discard another seat declined, when it may buy it, and what the
// card would do for its hand.
std::string prompt_note(const Game& game, int seat) {
  if (!may_buy_now(game, seat)) return "";
  const tv::State& s = state_of<tv::State>(game);
  std::string what;
  buy_value(s, seat, &what);
  return fmt::format(
      "seat {} draws instead of taking the {}: buy it? {}.\n(buy: it and a penalty card from "
      "the stock; pass; 'offers useful' or 'offers never' asks less)\n",
      tv::turn_seat(s), rook_face_name(s.pile[s.pile_count - 1]), what);
}

int offer(const Game& game, int seat, ActionCode* decline) {
  if (!may_buy_now(game, seat)) return 0;
  std::string what;
  const int value = buy_value(state_of<tv::State>(game), seat, &what);
  return to_code(game, tv::pass_action(seat), tv::format_action, decline) ? value : 0;
}

// A card alone is a discard in the play phase (T5c).
int card_kind(const Game& game) {
  return state_of<tv::State>(game).phase == tv::Phase::play ? int(tv::ActionKind::discard) : -1;
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
        "(or just the card, '14Y')",
    .choose = choose,
    .deal_line = deal_line,
    .narrate = narrate,
    .hand_note = hand_note,
    .prompt_note = prompt_note,
    .card_kind = card_kind,
    .offer = offer,
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
