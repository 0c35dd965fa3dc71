// Toonerville Rook in the command-line tool: bot games, narration, play in the terminal.
#include <fmt/core.h>

#include <algorithm>
#include <bit>
#include <chrono>
#include <iostream>

#include "cli_util.hpp"
#include "deckhand/bots.hpp"
#include "deckhand/toonerville.hpp"

namespace deckhand::cli {

namespace tv = toonerville;

namespace {

std::string hand_text(const FaceCounts& hand) {
  char buf[tv::kMaxCards * 5];
  format_rook_faces(hand, buf, sizeof buf);
  return hand.empty() ? std::string("(nothing)") : std::string(buf);
}

// A round that ended on a discard with nobody out reached max_turns (T13); an empty stock ends
// a round on a draw.
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
  std::string deltas, totals;
  for (int p = 0; p < n; ++p) {
    deltas += fmt::format("{}{}", p ? " / " : "", r.deltas[p]);
    totals += fmt::format("{}{}", p ? " / " : "", s.scores[p]);
  }
  fmt::print("  round {} penalty points {}   totals {}\n", r.round, deltas, totals);
}

// Narrates the events a reader of the table cares about: buys, going down, lay-offs, swaps,
// reshuffles, going out and the round's score (draws and discards only in `verbose`).
void narrate(const tv::State& before, const tv::State& after, const tv::Action& a, bool verbose) {
  using tv::ActionKind;
  if (after.reshuffles > before.reshuffles && after.hands_scored == before.hands_scored)
    fmt::print(
        "  the stock is empty: the discards below the top are shuffled into a new stock "
        "of {} cards\n",
        after.stock_count + (a.kind == ActionKind::buy ? 1 : 0) +
            (a.kind == ActionKind::draw ? 1 : 0));
  switch (a.kind) {
    case ActionKind::buy:
      fmt::print("  seat {} buys {} and takes a penalty card; seat {} draws from the stock\n",
                 a.seat, rook_face_name(before.pile[before.pile_count - 1]), before.to_act);
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
    case ActionKind::take:
    case ActionKind::draw:
    case ActionKind::discard:
      if (verbose || (a.kind == ActionKind::discard && after.hands_scored != before.hands_scored))
        fmt::print("  seat {} {}\n", a.seat, tv::format_action(a));
      break;
  }
  if (after.hands_scored != before.hands_scored) print_round_result(before, after, a);
  if (after.phase == tv::Phase::over && before.phase != tv::Phase::over)
    fmt::print("\nGAME OVER after 11 rounds: {} win{} with the fewest penalty points\n",
               seat_list(after.winners, tv::players(after)),
               std::popcount(unsigned(after.winners)) == 1 ? "s" : "");
}

struct Run {
  int64_t rounds = 0, actions = 0, buys = 0, downs = 0, layoffs = 0;
  int64_t cut_short = 0;  // rounds ended by max_turns (T13)
  int64_t longest = 0;    // turns in the longest round
  uint8_t winners = 0;
};

// simulate's and the demo's limit: the rules allow a round that never ends (nobody goes out,
// and T13 ends a round only when no card is left to draw), so bots play with max_turns (T13).
constexpr uint32_t kBotMaxTurns = 1000;

Run play_bots(const tv::Options& options, PortableRng& rng, Game* game, bool narrated) {
  tv::State s = tv::new_game(options);
  Run run;
  while (!tv::is_over(s)) {
    if (s.phase == tv::Phase::deal) {
      const uint64_t seed = rng.next() >> 16;
      if (tv::deal_seed(s, seed, &s, nullptr) != Reason::ok) break;
      if (game && game->deal_seed(seed, nullptr) != Reason::ok) break;
      if (narrated)
        fmt::print("\nRound {} — contract {}, {} cards each — seat {} deals (seed {}); upcard {}\n",
                   s.round, tv::format_contract(tv::contract(s)), tv::deal_size(s.round, s.options),
                   s.dealer, seed, rook_face_name(s.pile[0]));
      continue;
    }
    tv::Action a;
    if (!bots::toonerville_bot_table(s, rng, &a)) break;
    const tv::State before = s;
    if (tv::advance(&s, a, nullptr) != Reason::ok) break;
    if (game && game->apply_text(a.seat, tv::format_action(a), nullptr) != Reason::ok) break;
    ++run.actions;
    run.buys += a.kind == tv::ActionKind::buy;
    run.downs += a.kind == tv::ActionKind::down;
    run.layoffs += a.kind == tv::ActionKind::layoff;
    if (narrated) narrate(before, s, a, false);
    if (s.hands_scored == before.hands_scored) continue;
    // The round's last turn ended with this action (a discard, or going out), unless a draw
    // found nothing left to draw (T13).
    const int64_t turns = int64_t(before.turns) + (a.kind != tv::ActionKind::draw);
    if (narrated) fmt::print("  ({} turns in the round)\n", turns);
    ++run.rounds;
    run.longest = std::max(run.longest, turns);
    run.cut_short += ended_by_turn_limit(a, s);
  }
  run.winners = s.winners;
  return run;
}

}  // namespace

int toonerville_simulate(int64_t games, uint64_t seed, int players, const OptionList& given,
                         bool quiet) {
  tv::Options options;
  if (!simulate_options(given, "max_turns", &tv::Options::max_turns, kBotMaxTurns, &tv::set_option,
                        &options))
    return 2;
  options.players = uint8_t(players);
  PortableRng rng(seed);
  int64_t wins[tv::kMaxPlayers] = {}, rounds = 0, actions = 0, buys = 0, cut_short = 0, longest = 0;
  const auto start = std::chrono::steady_clock::now();
  for (int64_t g = 0; g < games; ++g) {
    const Run run = play_bots(options, rng, nullptr, false);
    rounds += run.rounds, actions += run.actions, buys += run.buys, cut_short += run.cut_short;
    longest = std::max(longest, run.longest);
    for (int p = 0; p < players; ++p) wins[p] += run.winners >> p & 1;
  }
  const double secs =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (!quiet) {
    fmt::print("{} games of toonerville ({} players, 11 rounds each) by bots (seed {}), {}\n",
               games, players, seed, limit_note(given, "max_turns", options.max_turns));
    std::string w;
    for (int p = 0; p < players; ++p) w += fmt::format("{}{}", p ? " / " : "", wins[p]);
    fmt::print("wins by seat (ties share): {}\n", w);
    fmt::print("rounds: {}, actions: {}, buys: {}\n", rounds, actions, buys);
    fmt::print("rounds ended by max_turns: {}; the longest round: {} turns\n", cut_short, longest);
  }
  fmt::print(
      "{:.3f} s: {:.0f} games/s, {:.0f} rounds/s, {:.0f} actions/s (bots' thinking included)\n",
      secs, double(games) / secs, double(rounds) / secs, double(actions) / secs);
  return 0;
}

int toonerville_play(uint64_t seed, int players, int human) {
  if (human >= players) {
    fmt::print(stderr, "deckhand: seat {} does not exist in a {}-player game\n", human, players);
    return 2;
  }
  PortableRng rng(seed);
  tv::Options options;
  options.players = uint8_t(players);
  tv::State s = tv::new_game(options);
  tv::Action legal[tv::kMaxLegalActions];
  fmt::print(
      "Toonerville Rook: you are seat {}; bots play the other {}. Eleven rounds.\n"
      "Type an action (take, draw, buy, 'down 5R 6R 7R 8R | 9B 9G ROOK', 'layoff 2 9R',\n"
      "'swap 2 7R', 'discard 14Y'), 'legal', 'help' or 'quit'. Others may buy when you draw.\n",
      human, players - 1);
  while (!tv::is_over(s)) {
    if (s.phase == tv::Phase::deal) {
      if (tv::deal_seed(s, rng.next() >> 16, &s, nullptr) != Reason::ok) return 1;
      fmt::print("\nRound {} — contract {} — seat {} deals.\n", s.round,
                 tv::format_contract(tv::contract(s)), s.dealer);
      continue;
    }
    tv::Action a;
    const bool draw_phase = s.phase == tv::Phase::draw;
    // The human may buy when another seat is to draw; the bots decide first for their turn.
    if (s.to_act == human || (draw_phase && (tv::buyers(s) >> human & 1))) {
      const int n = tv::legal_actions(s, legal);
      fmt::print("\n{}", tv::view_text(tv::view(s, human)));
      std::string options_text;
      int shown = 0;
      for (int i = 0; i < n; ++i) {
        if (legal[i].seat != human) continue;
        if (shown++ < 14) options_text += (shown > 1 ? " | " : "") + tv::format_action(legal[i]);
      }
      if (shown > 14) options_text += fmt::format(" | ... ({} in all)", shown);
      if (s.to_act != human)
        options_text += " | pass (let seat " + std::to_string(s.to_act) + " play)";
      std::string line;
      const HumanInput in = read_human_action(
          options_text,
          "take, draw, buy, down <meld> | <meld> ..., layoff <meld-id> <cards>, swap <meld-id> "
          "<card>, discard <card>, pass (let the seat to act play); a Rook laid off on a run as "
          "ROOK=<number>",
          &line);
      if (in == HumanInput::quit) return 0;
      if (in == HumanInput::again) continue;
      if (s.to_act != human && line == "pass") {
        if (!bots::toonerville_bot_table(s, rng, &a)) return 1;
        if (a.kind == tv::ActionKind::buy && a.seat == human) a = tv::draw_action(s.to_act);
      } else {
        Error err;
        if (tv::parse_action(line, human, &a, &err) != Reason::ok ||
            tv::check(s, a, &err) != Reason::ok) {
          fmt::print("refused — {}\n", err.message);
          continue;
        }
      }
    } else if (!bots::toonerville_bot_table(s, rng, &a)) {
      return 1;
    }
    const tv::State before = s;
    if (tv::advance(&s, a, nullptr) != Reason::ok) return 1;
    narrate(before, s, a, true);
  }
  return 0;
}

int toonerville_demo(uint64_t seed, const std::string& out_dir) {
  constexpr int kPlayers = 4;
  tv::Options options;
  options.players = kPlayers;
  options.max_turns = kBotMaxTurns;
  fmt::print(
      "=== Toonerville Rook: four bots play the eleven rounds (seed {}) ===\n"
      "(draws and discards are not shown; buys, going down, lay-offs, Rook swaps, reshuffles\n"
      "and each round's penalty points are)\n",
      seed);
  auto game =
      make_game("toonerville", {{"max_turns", std::to_string(kBotMaxTurns)}}, kPlayers, 0, nullptr);
  PortableRng rng(seed);
  const Run run = play_bots(options, rng, game.get(), true);
  if (!game->over()) {
    fmt::print(stderr, "deckhand: the demo game did not finish\n");
    return 1;
  }
  fmt::print("\n{} rounds, {} actions: {} buys, {} contracts laid down, {} lay-offs.\n", run.rounds,
             run.actions, run.buys, run.downs, run.layoffs);
  return write_and_replay(*game, out_dir);
}

}  // namespace deckhand::cli
