// `deckhand analyze RECORD [--seat S] [--json]`: for every card played in a record of a game
// with an open-hand solver (GamePlugin::solve; by one seat, or by all), the value of the card
// played against the best card, both from the open-hand solver (deckhand/solve.hpp) at that
// decision: a record holds every hand, so each decision is solved with all cards known.
#include "analyze.hpp"

#include <fmt/core.h>

#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "cli_util.hpp"
#include "deckhand/game.hpp"
#include "deckhand/solve.hpp"
#include "plugin.hpp"

namespace deckhand::cli {

namespace {

int analyze_usage(const std::string& why) {
  fmt::print(
      stderr,
      "deckhand: {}\nusage: deckhand analyze RECORD [--seat S] [--json]\n"
      "  every card play of the record (of seat S, or of every seat) valued by the open-hand\n"
      "  solver against the best card ({}; RECORD - = stdin)\n",
      why, solvable_games("and"));
  return 2;
}

struct Decision {
  int line = 0;  // 1-based line of the play in the record
  int hand = 0;  // scored hands before it, plus one
  int trick = 0;
  int seat = 0;
  Card played;
  int value = 0;
  int best_value = 0;
  std::vector<Card> best;  // every card of the best value
};

// Steps through a record that replays whole: the game before any line, moves applied one by
// one, and a deal (or anything else) replayed with the lines before it.
class Stepper {
 public:
  explicit Stepper(std::string_view record) : record_(record) {
    for (size_t pos = 0; pos < record.size();) {
      size_t end = record.find('\n', pos);
      if (end == std::string_view::npos) end = record.size();
      ends_.push_back(end);
      pos = end + 1;
    }
  }
  size_t lines() const { return ends_.size(); }
  std::string_view line(size_t i) const {
    const size_t begin = i == 0 ? 0 : ends_[i - 1] + 1;
    return trim(record_.substr(begin, ends_[i] - begin));
  }
  // The game before line i (0-based), or null before the first deal.
  const Game* before(size_t i) {
    for (; applied_ < i; ++applied_) {
      const std::string_view l = line(applied_);
      const auto words = split_words(l);
      int64_t seat;
      if (game_ && words.size() >= 2 && parse_int(words[0], 0, 63, &seat)) {
        if (game_->apply_text(int(seat), trim(l.substr(words[0].size())), nullptr) != Reason::ok)
          return nullptr;
      } else if (!words.empty() && l[0] != '#' && game_started(words[0])) {
        ReplayResult r = replay_record(record_.substr(0, ends_[applied_]));
        if (!r.ok) return nullptr;
        game_ = std::move(r.final_game);
      }
    }
    return game_.get();
  }

 private:
  static bool game_started(std::string_view word) {
    return iequals(word, "deal") || iequals(word, "reshuffle");
  }
  std::string_view record_;
  std::vector<size_t> ends_;  // end of each line
  size_t applied_ = 0;
  std::unique_ptr<Game> game_;
};

// One seat's decisions in sum.
struct SeatTally {
  int plays = 0, below_best = 0, points_lost = 0;
};
SeatTally tally(const std::vector<Decision>& decisions, int seat) {
  SeatTally t;
  for (const Decision& d : decisions)
    if (d.seat == seat)
      ++t.plays, t.below_best += d.value < d.best_value, t.points_lost += d.best_value - d.value;
  return t;
}

void print_text(const std::vector<Decision>& decisions, int players) {
  for (const Decision& d : decisions) {
    std::string best;
    for (Card c : d.best) best += std::string(best.empty() ? "" : " ") + card_name(c);
    const int loss = d.best_value - d.value;
    fmt::print("line {}: hand {} trick {} seat {} played {} {:+d}, best {:+d} ({}){}\n", d.line,
               d.hand, d.trick, d.seat, card_name(d.played), d.value, d.best_value, best,
               loss ? fmt::format(": loses {}", loss) : "");
  }
  for (int seat = 0; seat < players; ++seat)
    if (const SeatTally t = tally(decisions, seat); t.plays)
      fmt::print("seat {}: {} plays, {} below the best, {} points lost\n", seat, t.plays,
                 t.below_best, t.points_lost);
}

void print_json(const std::string& game, const std::vector<Decision>& decisions, int players) {
  auto card_json = [](Card c) { return json_string(card_name(c)); };
  const std::string decisions_json = json_array(decisions, [&](const Decision& d) {
    return fmt::format(
        "{{\"line\": {}, \"hand\": {}, \"trick\": {}, \"seat\": {}, \"played\": {}, "
        "\"value\": {}, \"best\": {}, \"best_value\": {}, \"loss\": {}}}",
        d.line, d.hand, d.trick, d.seat, card_json(d.played), d.value,
        json_array(d.best, card_json), d.best_value, d.best_value - d.value);
  });
  std::vector<std::string> seats;
  for (int seat = 0; seat < players; ++seat)
    if (const SeatTally t = tally(decisions, seat); t.plays)
      seats.push_back(
          fmt::format("{{\"seat\": {}, \"plays\": {}, \"below_best\": {}, \"points_lost\": {}}}",
                      seat, t.plays, t.below_best, t.points_lost));
  fmt::print("{{\"ok\": true, \"game\": {}, \"decisions\": {}, \"seats\": {}}}\n",
             json_string(game), decisions_json,
             json_array(seats, [](const std::string& s) { return s; }));
}

}  // namespace

int cmd_analyze(int argc, char** argv) {
  std::string path;
  int64_t only_seat = -1;
  bool json = false, have_path = false;
  for (int i = 2; i < argc; ++i) {
    const std::string_view a = argv[i];
    if (a == "--json") {
      json = true;
    } else if (a == "--seat") {
      if (i + 1 >= argc) return analyze_usage("--seat needs a value");
      if (!parse_int(argv[++i], 0, 4, &only_seat))
        return analyze_usage("--seat takes a seat from 0 to 4");
    } else if (a.size() > 2 && a.rfind("--", 0) == 0) {
      return analyze_usage(std::string("unknown flag ") + quote(a));
    } else if (have_path) {
      return analyze_usage("analyze takes one RECORD");
    } else {
      path = a, have_path = true;
    }
  }
  if (!have_path) return analyze_usage("analyze takes one RECORD");

  std::string record, why;
  if (read_input(path, &record, &why) != ReadStatus::ok) {
    fmt::print(stderr, "deckhand: {}\n", why);
    return 2;
  }
  const ReplayResult whole = replay_record(record);
  if (!whole.ok) {
    fmt::print("{}\n", replay_json(whole));
    return 1;
  }
  const GamePlugin* plugin = find_plugin(whole.game);
  if (!plugin || !plugin->solve) {
    fmt::print(stderr, "deckhand: analyze solves card play: {}, not {}\n", solvable_games("and"),
               whole.game);
    return 2;
  }
  const int players = whole.final_game->players();
  if (only_seat >= players) {
    fmt::print(stderr, "deckhand: seat {} does not exist in a {}-player game\n", only_seat,
               players);
    return 2;
  }

  solve::Solver solver;
  Stepper stepper(record);
  std::vector<Decision> decisions;
  for (size_t i = 0; i < stepper.lines(); ++i) {
    const std::string_view line = stepper.line(i);
    const auto words = split_words(line);
    int64_t seat;
    if (words.size() < 2 || !iequals(words[1], "play") || !parse_int(words[0], 0, 63, &seat) ||
        (only_seat >= 0 && seat != only_seat))
      continue;
    const Game* game = stepper.before(i);
    ActionCode played;
    if (!game || game->parse_action(int(seat), trim(line.substr(words[0].size())), &played,
                                    nullptr) != Reason::ok) {
      fmt::print(stderr, "deckhand: internal error: line {} does not replay\n", i + 1);
      return 1;
    }
    Decision d;
    solve::CardValue values[solve::kMaxPlays];
    ActionCode legal[solve::kMaxPlays];
    int count = 0;
    Error err;
    if (plugin->solve(solver, *game, values, &count, &d.trick, &err) != Reason::ok ||
        game->legal_actions(legal, solve::kMaxPlays) != size_t(count)) {
      fmt::print(stderr, "deckhand: internal error at line {}: {}\n", i + 1, err.message);
      return 1;
    }
    d.line = int(i + 1);
    d.hand = int(game->hands_scored()) + 1;
    d.seat = int(seat);
    d.best_value = values[0].value;
    for (int k = 0; k < count; ++k) {
      if (legal[k] == played) d.played = values[k].card, d.value = values[k].value;
      if (values[k].value > d.best_value) d.best_value = values[k].value;
    }
    for (int k = 0; k < count; ++k)
      if (values[k].value == d.best_value) d.best.push_back(values[k].card);
    decisions.push_back(std::move(d));
  }
  if (json)
    print_json(whole.game, decisions, players);
  else
    print_text(decisions, players);
  return 0;
}

}  // namespace deckhand::cli
