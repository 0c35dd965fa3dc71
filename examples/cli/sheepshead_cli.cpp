// Sheepshead in the command-line tool: bot games, narration, play in the terminal.
#include <fmt/core.h>

#include <chrono>
#include <iostream>

#include "cli_util.hpp"
#include "deckhand/bots.hpp"
#include "deckhand/sheepshead.hpp"

namespace deckhand::cli {

namespace sh = sheepshead;

namespace {

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
  } else {
    fmt::print("  bury {} ({} points){}\n", cards_text(s.bury), r.bury_points,
               r.unknown != kNoCard
                   ? fmt::format("; the unknown was {}", card_name(Card(r.unknown)))
                   : "");
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
  fmt::print("  hand score {:+d} / {:+d} / {:+d} / {:+d} / {:+d}   totals {} / {} / {} / {} / {}\n",
             r.deltas[0], r.deltas[1], r.deltas[2], r.deltas[3], r.deltas[4], s.scores[0],
             s.scores[1], s.scores[2], s.scores[3], s.scores[4]);
}

// Narrates one transition, comparing the state before and after it.
void narrate(const sh::State& before, const sh::State& after, const sh::Action& a) {
  using sh::ActionKind;
  switch (a.kind) {
    case ActionKind::pick:
      fmt::print("  seat {} picks up the blind\n", a.seat);
      break;
    case ActionKind::pass:
      fmt::print("  seat {} passes\n", a.seat);
      break;
    case ActionKind::bury:
      fmt::print("  seat {} buries two cards\n", a.seat);
      break;
    case ActionKind::alone:
      fmt::print("  seat {} goes alone\n", a.seat);
      break;
    case ActionKind::call:
      fmt::print("  seat {} calls {}{}\n", a.seat, card_name(Card(a.a)),
                 a.b != kNoCard ? " and sets an unknown card aside" : "");
      break;
    case ActionKind::play:
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
    fmt::print("{}  -> seat {} takes {} points\n", line, w, after.points[w] - before.points[w]);
    for (int p = 0; p < sh::kPlayers; ++p)
      if (after.contract == sh::Contract::called && p == after.partner &&
          after.played[t][p] == after.called)
        fmt::print("  {} is played: seat {} is the partner\n", card_name(Card(after.called)), p);
  }
  if (after.hands_scored != before.hands_scored) print_result(after);
  if (after.phase == sh::Phase::over && before.phase != sh::Phase::over)
    fmt::print("\nGAME OVER after {} hands: {} win(s)\n", after.hands_scored,
               seat_list(after.winners, sh::kPlayers));
}

struct Run {
  int64_t hands = 0, deals = 0, actions = 0, called_hands = 0;
  uint8_t winners = 0;
};

Run play_bots(const sh::Options& options, PortableRng& rng, Game* game, bool narrated) {
  sh::State s = sh::new_game(options);
  Run run;
  sh::Action legal[sh::kMaxLegalActions];
  while (!sh::is_over(s)) {
    if (s.phase == sh::Phase::deal) {
      const uint64_t seed = rng.next() >> 16;
      if (sh::deal_seed(s, seed, &s, nullptr) != Reason::ok) break;
      if (game && game->deal_seed(seed, nullptr) != Reason::ok) break;
      ++run.deals;
      if (narrated)
        fmt::print("\nHand {} — seat {} deals (seed {}){}\n", s.hand_number, s.dealer, seed,
                   s.doubled ? ", stakes doubled" : "");
      continue;
    }
    const int n = sh::legal_actions(s, legal);
    const sh::Action a = bots::sheepshead_bot(sh::view(s, s.to_act), legal, n, rng);
    const sh::State before = s;
    if (sh::advance(&s, a, nullptr) != Reason::ok) break;
    if (game) {
      ActionCode code;
      code.seat = a.seat, code.kind = uint8_t(a.kind), code.arg = a.a;
      if (a.b != kNoCard) code.count = 1, code.cards[0] = a.b;
      if (game->apply(code, nullptr) != Reason::ok) break;
    }
    ++run.actions;
    if (s.hands_scored != before.hands_scored) {
      ++run.hands;
      run.called_hands += s.last.contract == sh::Contract::called;
    }
    if (narrated) narrate(before, s, a);
  }
  run.winners = s.winners;
  return run;
}

}  // namespace

// S15: hands=0, the default, is an endless session; simulate and play are 10-hand games.
constexpr uint32_t kBotHands = 10;

int sheepshead_simulate(int64_t games, uint64_t seed, const OptionList& given, bool quiet) {
  sh::Options options;
  if (!simulate_options(given, "hands", &sh::Options::hands, kBotHands, &sh::set_option, &options))
    return 2;
  PortableRng rng(seed);
  int64_t wins[sh::kPlayers] = {}, hands = 0, actions = 0;
  const auto start = std::chrono::steady_clock::now();
  for (int64_t g = 0; g < games; ++g) {
    const Run run = play_bots(options, rng, nullptr, false);
    hands += run.hands, actions += run.actions;
    for (int p = 0; p < sh::kPlayers; ++p) wins[p] += run.winners >> p & 1;
  }
  const double secs =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (!quiet) {
    fmt::print("{} games of sheepshead by bots (seed {}), {}\n", games, seed,
               limit_note(given, "hands", options.hands));
    fmt::print("wins by seat (ties share): {} / {} / {} / {} / {}\n", wins[0], wins[1], wins[2],
               wins[3], wins[4]);
    fmt::print("hands scored: {}, actions: {}\n", hands, actions);
  }
  fmt::print(
      "{:.3f} s: {:.0f} games/s, {:.0f} hands/s, {:.0f} actions/s (bots' thinking included)\n",
      secs, double(games) / secs, double(hands) / secs, double(actions) / secs);
  return 0;
}

int sheepshead_play(uint64_t seed, int human) {
  PortableRng rng(seed);
  sh::Options options;
  options.hands = kBotHands;
  sh::State s = sh::new_game(options);
  sh::Action legal[sh::kMaxLegalActions];
  fmt::print(
      "Sheepshead: you are seat {}; bots play the other four. Ten hands.\n"
      "Type an action (pick, pass, 'bury 7C 8C', 'call AH', alone, 'play QC'), 'legal', 'help' or "
      "'quit'.\n",
      human);
  while (!sh::is_over(s)) {
    if (s.phase == sh::Phase::deal) {
      if (sh::deal_seed(s, rng.next() >> 16, &s, nullptr) != Reason::ok) return 1;
      fmt::print("\nHand {} — seat {} deals.\n", s.hand_number, s.dealer);
      continue;
    }
    const int n = sh::legal_actions(s, legal);
    sh::Action a;
    if (s.to_act == human) {
      fmt::print("\n{}", sh::view_text(sh::view(s, human)));
      std::string options_text;
      for (int i = 0; i < n && i < 12; ++i)
        options_text += (i ? " | " : "") + sh::format_action(legal[i]);
      if (n > 12) options_text += fmt::format(" | ... ({} in all)", n);
      std::string line;
      const HumanInput in = read_human_action(
          options_text, "pick, pass, bury <c> <c>, call <c>, call <c> unknown <c>, alone, play <c>",
          &line);
      if (in == HumanInput::quit) return 0;
      if (in == HumanInput::again) continue;
      Error err;
      if (sh::parse_action(line, human, &a, &err) != Reason::ok ||
          sh::check(s, a, &err) != Reason::ok) {
        fmt::print("refused — {}\n", err.message);
        continue;
      }
    } else {
      a = bots::sheepshead_bot(sh::view(s, s.to_act), legal, n, rng);
    }
    const sh::State before = s;
    if (sh::advance(&s, a, nullptr) != Reason::ok) return 1;
    narrate(before, s, a);
  }
  return 0;
}

int sheepshead_demo(uint64_t seed, const std::string& out_dir) {
  sh::Options options;
  options.hands = 6;
  // The first game from `seed` on that has a called-ace hand, to show the whole flow.
  uint64_t game_seed = seed;
  for (;; ++game_seed) {
    PortableRng probe(game_seed);
    if (play_bots(options, probe, nullptr, false).called_hands > 0) break;
  }
  fmt::print("=== Sheepshead: five bots play six hands (seed {}) ===\n", game_seed);
  auto game = make_game("sheepshead", {{"hands", "6"}}, 0, 0, nullptr);
  PortableRng rng(game_seed);
  const Run run = play_bots(options, rng, game.get(), true);
  if (!game->over()) {
    fmt::print(stderr, "deckhand: the demo game did not finish\n");
    return 1;
  }
  fmt::print("\n{} deals, {} scored hands ({} called), {} actions.\n", run.deals, run.hands,
             run.called_hands, run.actions);
  return write_and_replay(*game, out_dir);
}

}  // namespace deckhand::cli
