// The one game loop of simulate, demo and play (game_loop.hpp).
#include "game_loop.hpp"

#include <fmt/core.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <memory>
#include <stdexcept>
#include <vector>

#include "cli_util.hpp"

namespace deckhand::cli {

namespace {

uint32_t winner_mask(const Game& game) {
  uint32_t mask = 0;
  for (int w : game.winners()) mask |= 1u << w;
  return mask;
}

}  // namespace

void print_scores(const Game& game, const char* hand_word) {
  const std::vector<int64_t> deltas = game.last_deltas(), totals = game.scores();
  std::string seats, this_hand, sums;
  for (size_t p = 0; p < totals.size(); ++p) {
    seats += fmt::format("{:>8}", fmt::format("seat {}", p));
    this_hand += fmt::format("{:>8}", p < deltas.size() ? fmt::format("{:+d}", deltas[p]) : "");
    sums += fmt::format("{:>8}", totals[p]);
  }
  fmt::print("  {:<12}{}\n  {:<12}{}\n  {:<12}{}\n",
             fmt::format("{} {}", hand_word, game.hands_scored()), seats,
             "this " + std::string(hand_word), this_hand, "totals", sums);
}

void print_game_over(const Game& game, const char* hand_word) {
  const std::vector<int> winners = game.winners();
  const std::vector<int64_t> scores = game.scores();
  fmt::print("\nGAME OVER after {} {}s: {} {} with {}\n", game.hands_scored(), hand_word,
             seat_list(winner_mask(game), game.players()), winners.size() == 1 ? "wins" : "win",
             winners.empty() ? 0 : scores[size_t(winners[0])]);
}

bool play_bots(const GamePlugin& plugin, Game& game, PortableRng& rng, const Narration* narration,
               BotRun* run) {
  std::unique_ptr<Game> before = narration ? game.clone() : nullptr;
  Error err;
  while (!game.over()) {
    if (game.awaiting_deal()) {
      const uint64_t seed = rng.next() >> 16;  // short seeds keep records readable
      if (game.deal_seed(seed, &err) != Reason::ok) break;
      ++run->deals;
      if (narration) fmt::print("\n{} (seed {})\n", plugin.deal_line(game), seed);
      continue;
    }
    ActionCode a;
    if (!table_action(plugin, game, rng, &a)) {
      fmt::print(stderr, "deckhand: the {} bots found no action\n", plugin.game);
      return false;
    }
    if (narration) before->copy_from(game);
    const uint32_t scored = game.hands_scored();
    if (game.apply(a, &err) != Reason::ok) break;
    ++run->actions;
    if (narration) plugin.narrate(*before, game, a, *narration);
    if (game.hands_scored() == scored) continue;
    ++run->hands;
    if (plugin.ended_by_limit && plugin.ended_by_limit(game, a)) ++run->limit_ends;
    if (narration) print_scores(game, plugin.hand_word);
  }
  if (!game.over()) {
    fmt::print(stderr, "deckhand: the game refused a bot's move: {}\n", err.message);
    return false;
  }
  if (narration) print_game_over(game, plugin.hand_word);
  return true;
}

// ---- play ----------------------------------------------------------------------------------

namespace {

// std::getline, but a line longer than kInputCap ends the tool (main reports the exception and
// exits 2) instead of being read to its end.
bool read_line(std::string* line) {
  line->clear();
  for (int c = std::getc(stdin); c != EOF; c = std::getc(stdin)) {
    if (c == '\n') return true;
    if (line->size() == kInputCap)
      throw std::length_error(fmt::format(
          "input_too_large: a line of standard input is larger than {}, the most deckhand reads",
          kInputCapText));
    line->push_back(char(c));
  }
  return !line->empty();
}

std::string first_word(const std::string& text) {
  return text.substr(0, text.find(' '));
}

bool save_record(const Game& game, const std::string& path) {
  std::ofstream out(path, std::ios::binary);
  out << game.record();
  out.close();
  if (!out) {
    fmt::print("could not write {}\n", path);
    return false;
  }
  fmt::print("record saved to {} (replay it with: deckhand replay {})\n", path, path);
  return true;
}

// The prompt's list: all of it up to this many actions, then a count ('legal' shows all).
constexpr size_t kPromptList = 14;

class HumanTable {
 public:
  HumanTable(const GamePlugin& plugin, Game& game, int seat,
             std::vector<std::unique_ptr<bots::Bot>>& seat_bots, const std::string& save_path)
      : plugin_(plugin),
        game_(game),
        seat_(seat),
        bots_(seat_bots),
        save_path_(save_path),
        before_(game.clone()) {}

  int run(uint64_t seed) {
    PortableRng rng(seed);  // the deals
    Error err;
    while (!game_.over()) {
      if (game_.awaiting_deal()) {
        if (game_.deal_seed(rng.next() >> 16, &err) != Reason::ok) return fail(err);
        fmt::print("\n{}\n", plugin_.deal_line(game_));
        ++version_;
        continue;
      }
      mine_ = own_actions();
      if (game_.to_act() != seat_) {  // a bot's decision (T6: its buy or pass too)
        ActionCode a;
        if (ask_bot(game_.to_act(), &a, &err) != Reason::ok || !apply(a, &err)) return fail(err);
        continue;
      }
      if (mine_.size() == 1) {  // nothing to decide
        fmt::print("  (your only choice: {} — made for you)\n", game_.format_action(mine_[0]));
        if (!apply(mine_[0], &err)) return fail(err);
        continue;
      }
      if (snapshot_version_ != version_) {  // a new decision: undo comes back here
        decisions_.push_back(game_.clone());
        snapshot_version_ = version_;
      }
      if (shown_version_ != version_) show();
      if (listed_version_ != version_ || !last_line_empty_)
        prompt();
      else
        fmt::print("> ");  // an empty line: the prompt again, not the board nor the list
      std::fflush(stdout);
      listed_version_ = version_;
      std::string line;
      if (!read_line(&line)) {
        fmt::print("\n(end of input: leaving the game)\n");
        return leave();
      }
      const std::string cmd = std::string(trim(line));
      last_line_empty_ = cmd.empty();
      if (cmd.empty()) continue;
      if (cmd == "quit" || cmd == "exit") return leave();
      if (cmd == "help") {
        help();
      } else if (cmd == "legal") {
        for (const ActionCode& a : mine_) fmt::print("  {}\n", game_.format_action(a));
      } else if (cmd == "view") {
        show();
      } else if (cmd == "hint") {
        hint();
      } else if (cmd == "undo") {
        undo();
      } else if (first_word(cmd) == "save") {
        const std::string path = std::string(trim(cmd.substr(4)));
        if (path.empty() && save_path_.empty())
          fmt::print("save FILE: the file to write the record to\n");
        else
          save_record(game_, path.empty() ? save_path_ : path);
      } else {
        try_action(cmd);
      }
    }
    return leave();
  }

 private:
  std::vector<ActionCode> own_actions() const {
    std::vector<ActionCode> all(game_.legal_count()), mine;
    all.resize(game_.legal_actions(all.data(), all.size()));
    for (const ActionCode& a : all)
      if (a.seat == seat_) mine.push_back(a);
    return mine;
  }

  Reason ask_bot(int seat, ActionCode* out, Error* err) {
    // A strong bot may search for a while: say so on a terminal (the line is wiped after).
    const bool tell = bots_[size_t(seat)]->level() == bots::Level::strong && isatty(1);
    if (tell) {
      fmt::print("  (seat {} is thinking...)", seat);
      std::fflush(stdout);
    }
    const Reason r = bots_[size_t(seat)]->choose(game_, seat, out, err);
    if (tell) fmt::print("\r\033[K");
    return r;
  }

  // The human's own seat's bot, at the prompt (the human has something to do).
  void hint() {
    ActionCode a;
    Error err;
    const Reason r = ask_bot(seat_, &a, &err);
    if (r == Reason::ok)
      fmt::print("hint: {}\n", game_.format_action(a));
    else
      fmt::print("hint: none ({})\n", err.message);
  }

  bool apply(const ActionCode& a, Error* err) {
    before_->copy_from(game_);
    const uint32_t scored = game_.hands_scored();
    if (game_.apply(a, err) != Reason::ok) return false;
    ++version_;
    Narration how;
    how.viewer = seat_;
    how.verbose = true;  // at the table every move is seen
    plugin_.narrate(*before_, game_, a, how);
    if (game_.hands_scored() != scored) print_scores(game_, plugin_.hand_word);
    if (game_.over()) print_game_over(game_, plugin_.hand_word);
    return true;
  }

  // The action as typed; else, when all the seat may do is one kind of action ("play"), the
  // typed words as its argument ("TS" for "play TS").
  void try_action(const std::string& text) {
    Error err;
    ActionCode a;
    if (game_.parse_action(seat_, text, &a, &err) == Reason::ok &&
        game_.check(a, &err) == Reason::ok) {
      act(a);
      return;
    }
    const std::string kind = first_word(game_.format_action(mine_[0]));
    bool one_kind = kind != game_.format_action(mine_[0]);  // the kind takes an argument
    for (const ActionCode& m : mine_) one_kind &= first_word(game_.format_action(m)) == kind;
    Error prefixed_err;
    if (one_kind && first_word(text) != kind &&
        game_.parse_action(seat_, kind + " " + text, &a, &prefixed_err) == Reason::ok &&
        game_.check(a, &prefixed_err) == Reason::ok) {
      act(a);
      return;
    }
    fmt::print("refused — {}\n", err.message);
  }

  // The human's checked action.
  void act(const ActionCode& a) {
    Error err;
    if (!apply(a, &err)) fmt::print("refused — {}\n", err.message);
  }

  void undo() {
    if (decisions_.size() < 2) {
      fmt::print("nothing to undo: this is your first decision\n");
      return;
    }
    decisions_.pop_back();
    game_.copy_from(*decisions_.back());
    version_ += 1;
    snapshot_version_ = version_;
    fmt::print("undone: back to your previous decision\n");
  }

  void show() {
    fmt::print("\n{}", game_.view_text(seat_));
    if (plugin_.hand_note) fmt::print("{}", plugin_.hand_note(game_, seat_));
    shown_version_ = version_;
  }

  void prompt() const {
    std::string list;
    for (size_t i = 0; i < mine_.size() && i < kPromptList; ++i)
      list += (i ? " | " : "") + game_.format_action(mine_[i]);
    if (mine_.size() > kPromptList)
      list += fmt::format(" | ... ({} in all: 'legal' lists them)", mine_.size());
    if (plugin_.prompt_note) fmt::print("{}", plugin_.prompt_note(game_, seat_));
    fmt::print("legal: {}\n> ", list);
  }

  void help() const {
    fmt::print(
        "actions: {}\n"
        "commands: legal (every action you may take), view (the table again), hint (the bot's "
        "choice for you), undo (back to your previous decision), save FILE (the game's record), "
        "help, quit\n",
        plugin_.help);
  }

  int leave() {
    if (!save_path_.empty() && !save_record(game_, save_path_)) return 1;
    return 0;
  }

  int fail(const Error& err) {
    fmt::print(stderr, "deckhand: the game stopped: {}\n", err.message);
    return 1;
  }

  const GamePlugin& plugin_;
  Game& game_;
  const int seat_;
  std::vector<std::unique_ptr<bots::Bot>>& bots_;  // one per seat; the human's gives hints
  const std::string save_path_;
  std::unique_ptr<Game> before_;                  // the game before the last action
  std::vector<std::unique_ptr<Game>> decisions_;  // the game at each of the human's decisions
  std::vector<ActionCode> mine_;                  // what the human may do now
  uint64_t version_ = 1;                          // changes with every action, deal or undo
  uint64_t shown_version_ = 0, snapshot_version_ = 0, listed_version_ = 0;
  bool last_line_empty_ = false;
};

}  // namespace

int play_human(const GamePlugin& plugin, Game& game, int seat, uint64_t seed,
               std::vector<std::unique_ptr<bots::Bot>>& seat_bots, const std::string& save_path) {
  HumanTable table(plugin, game, seat, seat_bots, save_path);
  return table.run(seed);
}

}  // namespace deckhand::cli
