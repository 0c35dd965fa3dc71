// deckhand::bots::Bot over a game's own state (internal header): GameBot<Policy> reads the
// game's state, takes only the deciding seat's view of it, and answers with an action code.
// Each game supplies its Policy (src/<game>/extensions.cpp); trick-taking games use
// TrickTakingPolicy over their bot traits (strong_search.hpp's Rules).
#pragma once

#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "deckhand/bots.hpp"
#include "deckhand/solve.hpp"
#include "expert_search.hpp"
#include "strong_search.hpp"

namespace deckhand::bots::detail {

// A Policy: the types State and Action, the game's name kName, the action's text, and
//   static bool decide(const State& s, int seat, Level level, const Budget& budget,
//                      PortableRng& rng, std::unique_ptr<solve::Solver>& solver,
//                      std::vector<Action>& legal, Action* out);
// what a level decides for the game given its state and a seat; false when the seat has
// nothing to do now. Each reads the seat's view only (the state is used for the legal
// actions and the view, which the seat could compute itself).

// The trick-taking games: only the seat to act has something to do.
template <typename Rules>
struct TrickTakingPolicy {
  using State = typename Rules::State;
  using Action = typename Rules::Action;
  static constexpr const char* kName = Rules::kName;
  static bool decide(const State& s, int seat, Level level, const Budget& budget, PortableRng& rng,
                     std::unique_ptr<solve::Solver>& solver, std::vector<Action>& legal,
                     Action* out) {
    if (Rules::to_act(s) != seat) return false;
    if (level == Level::strong && !solver) solver = std::make_unique<solve::Solver>();
    legal.resize(Rules::kMaxLegal);
    const int n = Rules::legal(s, legal.data());
    if (n == 0) return false;
    *out = level == Level::random ? legal[rng.bounded(uint64_t(n))]
           : level == Level::strong
               ? detail::strong_trick_taking<Rules>(s, seat, legal.data(), n, budget, rng, *solver)
           : level == Level::expert
               ? detail::expert_trick_taking<Rules>(s, seat, legal.data(), n, budget, rng)
               : heuristic(s, seat, budget, rng, legal.data(), n);
    return true;
  }
  // `basic` with the ladder's human side: on a lapse (lapse_percent of the decisions) the seat
  // makes the game's human mistake (Rules::lapse: a hope bid, a card played with the trick or
  // the partner forgotten), and its persona, if any, has the last word (Rules::persona). Without
  // either it draws nothing more than `basic` does.
  static Action heuristic(const State& s, int seat, const Budget& budget, PortableRng& rng,
                          const Action* legal, int n) {
    const typename Rules::View v = Rules::view(s, seat);
    const Action a = budget.lapse_percent && rng.bounded(100) < budget.lapse_percent
                         ? Rules::lapse(v, legal, n, rng)
                         : Rules::basic(v, legal, n, rng);
    return budget.persona ? Rules::persona(v, legal, n, budget.persona, a) : a;
  }
  static bool hint(const State& s, int seat, const Budget& budget, PortableRng& rng,
                   std::vector<Action>& legal, HintSearch<Action>* out) {
    if (Rules::to_act(s) != seat) return false;
    legal.resize(Rules::kMaxLegal);
    const int n = Rules::legal(s, legal.data());
    if (n == 0) return false;
    expert_hint<Rules>(s, seat, legal.data(), n, budget, rng, out);
    return true;
  }
  static std::string text(const Action& a) { return Rules::text(a); }
};

template <typename Policy>
class GameBot final : public Bot {
 public:
  using State = typename Policy::State;

  GameBot(Level level, uint64_t seed, Budget budget)
      : level_(level), rng_(seed), habit_rng_(seed ^ kHabitStream), budget_(budget) {}

  const char* game_name() const override { return Policy::kName; }
  Level level() const override { return level_; }

  Reason choose(const Game& game, int seat, ActionCode* out, Error* err) override {
    if (Reason r = refuse(game, seat, err); r != Reason::ok) return r;
    const State& s = *static_cast<const State*>(game.state_data());
    typename Policy::Action a;
    const PortableRng habit_before = habit_rng_;  // a refusal changes nothing
    if (!Policy::decide(s, seat, on_habit() ? Level::basic : level_, budget_, rng_, solver_, legal_,
                        &a)) {
      habit_rng_ = habit_before;
      return nothing_to_do(game, seat, err);
    }
    // Through the action text: the game's own conversion, and the code the C ABI expects.
    return game.parse_action(a.seat, Policy::text(a), out, err);
  }

  Reason hint(const Game& game, int seat, Hint* out, Error* err) override {
    if (Reason r = refuse(game, seat, err); r != Reason::ok) return r;
    const State& s = *static_cast<const State*>(game.state_data());
    HintSearch<typename Policy::Action> h;
    if (!Policy::hint(s, seat, budget_, rng_, legal_, &h)) return nothing_to_do(game, seat, err);
    Hint result;
    for (size_t i = 0; i < h.actions.size(); ++i) {
      HintAlternative alt;
      const typename Policy::Action& a = h.actions[i];
      if (Reason r = game.parse_action(a.seat, Policy::text(a), &alt.action, err); r != Reason::ok)
        return r;
      alt.text = game.format_action(alt.action);
      alt.value = h.mean[i];
      alt.low = h.mean[i] - 1.96 * h.se[i];
      alt.high = h.mean[i] + 1.96 * h.se[i];
      result.alternatives.push_back(std::move(alt));
    }
    result.action = result.alternatives[size_t(h.best)].action;
    result.text = result.alternatives[size_t(h.best)].text;
    result.reason = std::move(h.reason);
    *out = std::move(result);
    return Reason::ok;
  }

 private:
  Reason refuse(const Game& game, int seat, Error* err) const {
    if (std::strcmp(game.name(), Policy::kName) != 0)
      return fail(err, Reason::unknown_game, "this bot plays %s, not %s", Policy::kName,
                  game.name());
    if (seat < 0 || seat >= game.players())
      return fail(err, Reason::bad_seat, "seat %d is not a seat of this %d-player game", seat,
                  game.players());
    if (game.over()) return fail(err, Reason::game_over, "the game is over");
    if (game.awaiting_deal())
      return fail(err, Reason::wrong_phase, "the game is waiting for a deal, not for seat %d",
                  seat);
    if (game.to_act() < 0 && game.needs_reshuffle())
      return fail(err, Reason::wrong_phase,
                  "the game is waiting for a reshuffle (T13), not for seat %d", seat);
    return Reason::ok;
  }
  // A searching level's decision taken on habit (Budget::habit_percent) is `basic`'s choice. The
  // draw has a generator of its own, so the choices themselves use the same stream as `basic`'s
  // (habit=100 is `basic`, move for move) and a level without a habit chooses as it always has.
  bool on_habit() {
    return (level_ == Level::strong || level_ == Level::expert) && budget_.habit_percent &&
           habit_rng_.bounded(100) < budget_.habit_percent;
  }
  static constexpr uint64_t kHabitStream = 0x68616269742d3031ull;  // "habit-01"
  static Reason nothing_to_do(const Game& game, int seat, Error* err) {
    if (game.to_act() == seat)
      return fail(err, Reason::wrong_phase,
                  "seat %d has no action it can take (a reshuffle must be given first)", seat);
    return fail(err, Reason::wrong_seat, "seat %d has nothing to do now: seat %d is to act", seat,
                game.to_act());
  }

  Level level_;
  PortableRng rng_;
  PortableRng habit_rng_;
  Budget budget_;                               // for the levels that search
  std::vector<typename Policy::Action> legal_;  // reused between decisions
  std::unique_ptr<solve::Solver> solver_;       // strong's card play: made once, its table kept
};

// GameExtensions::make_bot of a game whose bots follow Policy.
template <typename Policy>
std::unique_ptr<Bot> make_game_bot(Level level, uint64_t seed, const Budget& budget) {
  return std::make_unique<GameBot<Policy>>(level, seed, budget);
}

}  // namespace deckhand::bots::detail
