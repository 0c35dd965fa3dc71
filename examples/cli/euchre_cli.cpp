// Ghost Hand Euchre in the command-line tool: bot games, narration, play in the terminal.
#include <fmt/core.h>

#include <bit>
#include <chrono>
#include <iostream>

#include "cli_util.hpp"
#include "deckhand/bots.hpp"
#include "deckhand/ghost_euchre.hpp"

namespace deckhand::cli {

namespace ge = ghost_euchre;

namespace {

// Narrates one Ghost Hand Euchre transition, comparing the state before and after.
void narrate(const ge::State& before, const ge::State& after, const ge::Action& a,
             bool show_hands) {
  using ge::ActionKind;
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
    if (show_hands)
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
    fmt::print("{}  -> seat {} wins\n", line, winner);
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
    fmt::print("  hand score {:+d} / {:+d} / {:+d}   totals {} / {} / {}{}\n", r.deltas[0],
               r.deltas[1], r.deltas[2], after.scores[0], after.scores[1], after.scores[2],
               after.tiebreak && after.phase != ge::Phase::over ? "   (tie-break hand next)" : "");
  }
  if (after.phase == ge::Phase::over && before.phase != ge::Phase::over)
    fmt::print("\nGAME OVER after {} hands: {} wins with {} points (target {})\n",
               after.hands_scored, seat_list(after.winners, ge::kPlayers),
               after.scores[std::countr_zero(unsigned(after.winners))], after.options.target);
}

struct EuchreRun {
  int64_t hands = 0, deals = 0, actions = 0;
  uint8_t winners = 0;
};

// Plays one whole game between bots. `game` (optional) mirrors every event so that it can
// be written as a record; `narrated` prints the readable log.
// simulate's and the demo's limit: bots reach the target in a few dozen hands; the limit only
// guarantees the end (G10 max_hands).
constexpr uint32_t kBotMaxHands = 1000;

EuchreRun play_euchre_bots(const ge::Options& options, PortableRng& rng, Game* game,
                           bool narrated) {
  ge::State s = ge::new_game(options);
  EuchreRun run;
  ge::Action legal[ge::kMaxLegalActions];
  while (!ge::is_over(s)) {
    if (s.phase == ge::Phase::deal) {
      const uint64_t seed = rng.next() >> 16;  // short seeds keep records readable
      ge::State next;
      if (ge::deal_seed(s, seed, &next, nullptr) != Reason::ok) break;
      if (game && game->deal_seed(seed, nullptr) != Reason::ok) break;
      ++run.deals;
      if (narrated)
        fmt::print("\nHand {} — seat {} deals (seed {}). Scores {} / {} / {}\n", next.hand_number,
                   next.dealer, seed, next.scores[0], next.scores[1], next.scores[2]);
      s = next;
      continue;
    }
    const int n = ge::legal_actions(s, legal);
    const ge::Action a = bots::euchre_bot(ge::view(s, s.to_act), legal, n, rng);
    const ge::State before = s;
    if (ge::advance(&s, a, nullptr) != Reason::ok) break;
    if (game) {
      ActionCode code;
      code.seat = a.seat;
      code.kind = uint8_t(a.kind);
      code.arg = a.arg;
      if (game->apply(code, nullptr) != Reason::ok) break;
    }
    ++run.actions;
    if (s.hands_scored != before.hands_scored) ++run.hands;
    if (narrated) narrate(before, s, a, true);
  }
  run.winners = s.winners;
  return run;
}

}  // namespace

int euchre_simulate(int64_t games, uint64_t seed, const OptionList& given, bool quiet) {
  ge::Options options;
  if (!simulate_options(given, "max_hands", &ge::Options::max_hands, kBotMaxHands, &ge::set_option,
                        &options))
    return 2;
  PortableRng rng(seed);
  int64_t wins[ge::kPlayers] = {}, hands = 0, deals = 0, actions = 0, at_limit = 0;
  const auto start = std::chrono::steady_clock::now();
  for (int64_t g = 0; g < games; ++g) {
    const EuchreRun run = play_euchre_bots(options, rng, nullptr, false);
    hands += run.hands, deals += run.deals, actions += run.actions;
    at_limit += run.hands == int64_t(options.max_hands);
    for (int p = 0; p < ge::kPlayers; ++p) wins[p] += run.winners >> p & 1;
  }
  const double secs =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (!quiet) {
    fmt::print("{} games of ghost-euchre by bots (seed {}), target {}, {}\n", games, seed,
               options.target, limit_note(given, "max_hands", options.max_hands));
    fmt::print("wins by seat: {} / {} / {}\n", wins[0], wins[1], wins[2]);
    fmt::print("hands scored: {} ({:.1f} per game), deals: {}, actions: {}\n", hands,
               double(hands) / double(games), deals, actions);
    fmt::print("games that lasted all {} hands of max_hands: {}\n", options.max_hands, at_limit);
  }
  fmt::print(
      "{:.3f} s: {:.0f} games/s, {:.0f} hands/s, {:.0f} actions/s (bots' thinking included)\n",
      secs, double(games) / secs, double(hands) / secs, double(actions) / secs);
  return 0;
}

int euchre_play(uint64_t seed, int human) {
  if (human >= ge::kPlayers) {
    fmt::print(stderr, "deckhand: ghost-euchre has seats 0-2\n");
    return 2;
  }
  PortableRng rng(seed);
  ge::State s = ge::new_game();
  ge::Action legal[ge::kMaxLegalActions];
  fmt::print(
      "Ghost Hand Euchre: you are seat {}; bots play the other seats. First to 32.\n"
      "Type an action (e.g. 'bid 3', 'swap', 'trump H', 'play JS'), 'legal', 'view', 'help' or "
      "'quit'.\n",
      human);
  while (!ge::is_over(s)) {
    if (s.phase == ge::Phase::deal) {
      const uint64_t deal = rng.next() >> 16;
      if (ge::deal_seed(s, deal, &s, nullptr) != Reason::ok) return 1;
      fmt::print("\nHand {} — seat {} deals.\n", s.hand_number, s.dealer);
      continue;
    }
    const int n = ge::legal_actions(s, legal);
    ge::Action a;
    if (s.to_act == human) {
      fmt::print("\n{}", ge::view_text(ge::view(s, human)));
      std::string options;
      for (int i = 0; i < n; ++i) options += (i ? " | " : "") + ge::format_action(legal[i]);
      std::string line;
      const HumanInput in = read_human_action(
          options, "swap, pass, bid 3|4|5|moon, trump C|D|H|S, play <card>", &line);
      if (in == HumanInput::quit) return 0;
      if (in == HumanInput::again) continue;
      Error err;
      if (ge::parse_action(line, human, &a, &err) != Reason::ok ||
          ge::check(s, a, &err) != Reason::ok) {
        fmt::print("refused — {}\n", err.message);
        continue;
      }
    } else {
      a = bots::euchre_bot(ge::view(s, s.to_act), legal, n, rng);
    }
    const ge::State before = s;
    if (ge::advance(&s, a, nullptr) != Reason::ok) return 1;
    narrate(before, s, a, false);
  }
  return 0;
}

int euchre_demo(uint64_t seed, const std::string& out_dir) {
  fmt::print("=== Ghost Hand Euchre: three bots play to 32 (seed {}) ===\n", seed);
  ge::Options options;
  options.max_hands = kBotMaxHands;
  auto game =
      make_game("ghost-euchre", {{"max_hands", std::to_string(kBotMaxHands)}}, 0, 0, nullptr);
  PortableRng rng(seed);
  const EuchreRun run = play_euchre_bots(options, rng, game.get(), true);
  if (!game->over()) {
    fmt::print(stderr, "deckhand: the demo game did not finish\n");
    return 1;
  }
  fmt::print("\n{} deals, {} scored hands, {} actions.\n", run.deals, run.hands, run.actions);
  return write_and_replay(*game, out_dir);
}

}  // namespace deckhand::cli
