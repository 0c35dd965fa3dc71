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
  HumanTable(const GamePlugin& plugin, Game& game, int seat, const SeatBots& seat_bots,
             Offers offers, const std::string& save_path)
      : plugin_(plugin),
        game_(game),
        seat_(seat),
        bots_(seat_bots),
        offers_(offers),
        save_path_(save_path),
        before_(game.clone()) {}

  int run(uint64_t seed) {
    rng_ = PortableRng(seed);  // the deals
    Error err;
    while (!game_.over()) {
      if (game_.awaiting_deal()) {
        if (game_.deal_seed(rng_.next() >> 16, &err) != Reason::ok) return fail(err);
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
      if (ActionCode decline; declined_for_you(&decline)) {
        if (!apply(decline, &err)) return fail(err);
        continue;
      }
      if (snapshot_version_ != version_) {  // a new decision: undo comes back here
        decisions_.push_back({game_.clone(), rng_});
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
      } else if (first_word(cmd) == "offers") {
        set_offers(trim(cmd.substr(6)));
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
    // The seat's bot for this position (SeatBots): the same position, the same answer.
    const std::unique_ptr<bots::Bot> bot = bots_(seat, uint64_t(game_.history_size()));
    // A strong or expert bot may search for a while: say so on a terminal (the line is wiped
    // after).
    const bool tell = bot->level() >= bots::Level::strong && isatty(1);
    if (tell) {
      fmt::print("  (seat {} is thinking...)", seat);
      std::fflush(stdout);
    }
    const Reason r = bot->choose(game_, seat, out, err);
    if (tell) fmt::print("\r\033[K");
    return r;
  }

  // The human's own seat's bot, at the prompt (the human has something to do). An expert bot
  // explains its hint: the reason, and every legal action's value with its 95% interval.
  void hint() {
    ActionCode a;
    Error err;
    const std::unique_ptr<bots::Bot> bot = bots_(seat_, uint64_t(game_.history_size()));
    if (bot->level() == bots::Level::expert) {
      bots::Hint h;
      if (bot->hint(game_, seat_, &h, &err) != Reason::ok) {
        fmt::print("hint: none ({})\n", err.message);
        return;
      }
      fmt::print("hint: {}\n  why: {}\n", h.text, h.reason);
      for (const bots::HintAlternative& alt : h.alternatives)
        fmt::print("  {:<24} {:+8.2f}  [{:+.2f}, {:+.2f}]\n", alt.text, alt.value, alt.low,
                   alt.high);
      return;
    }
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

  // The action as typed; else a card alone as the card action of the phase (the plug-in's
  // card_kind: "JC" for "play JC"), or, when all the seat may do is one kind of action with an
  // argument, the typed words as its argument ("H" for "trump H"). A move so read that the
  // rules refuse gets their reason.
  void try_action(const std::string& text) {
    Error err;
    ActionCode a;
    if (game_.parse_action(seat_, text, &a, &err) == Reason::ok) {
      if (game_.check(a, &err) == Reason::ok)
        act(a);
      else
        fmt::print("refused — {}\n", err.message);
      return;
    }
    if (!is_kind_name(first_word(text)))
      for (const std::string& kind : {card_kind_name(), only_kind_name()}) {
        Error kind_err;
        if (kind.empty() ||
            game_.parse_action(seat_, kind + " " + text, &a, &kind_err) != Reason::ok)
          continue;
        if (game_.check(a, &kind_err) == Reason::ok)
          act(a);
        else
          fmt::print("refused — {}\n", kind_err.message);
        return;
      }
    fmt::print("refused — {}\n", err.message);
  }

  // The kind of every action the seat may take now when they are all one kind with an
  // argument ("trump"), or "".
  std::string only_kind_name() const {
    const std::string kind = first_word(game_.format_action(mine_[0]));
    bool one_kind = kind != game_.format_action(mine_[0]);  // the kind takes an argument
    for (const ActionCode& m : mine_) one_kind &= first_word(game_.format_action(m)) == kind;
    return one_kind ? kind : "";
  }

  // The catalog's name of the plug-in's card action now ("play"), or "".
  std::string card_kind_name() const {
    const int code = plugin_.card_kind ? plugin_.card_kind(game_) : -1;
    if (const GameSpec* spec = find_game_spec(game_.name()); spec && code >= 0)
      for (const ActionKindSpec& k : spec->action_kinds)
        if (k.code == code) return k.name;
    return "";
  }

  bool is_kind_name(const std::string& word) const {
    if (const GameSpec* spec = find_game_spec(game_.name()))
      for (const ActionKindSpec& k : spec->action_kinds)
        if (iequals(word, k.name)) return true;
    return false;
  }

  // An offer the setting turns down for the human (Offers): said, and *decline to apply.
  bool declined_for_you(ActionCode* decline) const {
    if (offers_ == Offers::ask || !plugin_.offer) return false;
    const int offer = plugin_.offer(game_, seat_, decline);
    if (offer == 0 || (offer == 2 && offers_ == Offers::useful)) return false;
    fmt::print("  (offers {}: {} for you{}; 'offers ask' asks again)\n", offers_name(offers_),
               game_.format_action(*decline),
               offers_ == Offers::useful ? ", as it would not help you" : "");
    return true;
  }

  void set_offers(std::string_view word) {
    Offers offers;
    if (!parse_offers(word, &offers)) {
      fmt::print(
          "offers: ask (every offer, the default), useful (only those that help you) or "
          "never; now {}\n",
          offers_name(offers_));
      return;
    }
    offers_ = offers;
    fmt::print("offers: {}\n", offers_name(offers_));
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
    game_.copy_from(*decisions_.back().game);
    rng_ = decisions_.back().deals;
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
        "choice for you), undo (back to your previous decision), {}save FILE (the game's record), "
        "help, quit\n",
        plugin_.help,
        plugin_.offer ? "offers ask|useful|never (which offers you are asked about), " : "");
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
  const SeatBots& bots_;  // every seat's; the human's gives hints
  Offers offers_;
  const std::string save_path_;
  PortableRng rng_;               // the deals
  std::unique_ptr<Game> before_;  // the game before the last action
  struct Decision {
    std::unique_ptr<Game> game;
    PortableRng deals;
  };
  std::vector<Decision> decisions_;  // the game and the deals at each of the human's decisions
  std::vector<ActionCode> mine_;     // what the human may do now
  uint64_t version_ = 1;             // changes with every action, deal or undo
  uint64_t shown_version_ = 0, snapshot_version_ = 0, listed_version_ = 0;
  bool last_line_empty_ = false;
};

}  // namespace

const char* offers_name(Offers offers) {
  return offers == Offers::ask ? "ask" : offers == Offers::useful ? "useful" : "never";
}

bool parse_offers(std::string_view text, Offers* out) {
  for (Offers o : {Offers::ask, Offers::useful, Offers::never})
    if (iequals(trim(text), offers_name(o))) return *out = o, true;
  return false;
}

int play_human(const GamePlugin& plugin, Game& game, int seat, uint64_t seed,
               const SeatBots& seat_bots, Offers offers, const std::string& save_path) {
  HumanTable table(plugin, game, seat, seat_bots, offers, save_path);
  return table.run(seed);
}

}  // namespace deckhand::cli
