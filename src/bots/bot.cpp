// deckhand::bots::Bot over deckhand::Game (include/deckhand/bots.hpp): reads the game's own
// state, takes only the deciding seat's view of it, and answers with an action code.
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "../common/text.hpp"
#include "deckhand/bots.hpp"
#include "strong.hpp"

namespace deckhand::bots {

namespace {

namespace ge = ghost_euchre;
namespace sh = sheepshead;
namespace tv = toonerville;

// What a level decides for one game, given the game's state and a seat; false when the seat
// has nothing to do now. Each reads the seat's view only (the state is used for the legal
// actions and the view, which the seat could compute itself).
template <typename State>
struct Policy;

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
               : Rules::basic(Rules::view(s, seat), legal.data(), n, rng);
    return true;
  }
  static std::string text(const Action& a) { return Rules::text(a); }
};

template <>
struct Policy<ge::State> : TrickTakingPolicy<detail::EuchreRules> {};
template <>
struct Policy<sh::State> : TrickTakingPolicy<detail::SheepsheadRules> {};

template <>
struct Policy<tv::State> {
  using State = tv::State;
  using Action = tv::Action;
  static constexpr const char* kName = "toonerville";
  static bool decide(const State& s, int seat, Level level, const Budget& budget, PortableRng& rng,
                     std::unique_ptr<solve::Solver>& /*solver: trick-taking games only*/,
                     std::vector<Action>& legal, Action* out) {
    if (tv::to_act(s) != seat) {
      // T6: another seat may buy the top discard before the seat to act draws.
      if (s.phase != tv::Phase::draw || !(tv::buyers(s) >> seat & 1)) return false;
      const bool wants = level == Level::random ? rng.bounded(2) == 0
                                                : toonerville_bot_wants_buy(tv::view(s, seat));
      if (wants) *out = tv::buy_action(seat);
      return wants;
    }
    // The seat's own actions come first in the list; other seats' buys follow.
    legal.resize(tv::kMaxLegalActions);
    int n = tv::legal_actions(s, legal.data());
    while (n > 0 && legal[size_t(n) - 1].seat != seat) --n;
    if (n == 0) return false;  // the stock needs a reshuffle the record must give (T13)
    if (level == Level::random) {
      *out = legal[rng.bounded(uint64_t(n))];
    } else if (level == Level::strong &&
               detail::strong_toonerville(s, seat, legal.data(), n, budget, rng, out)) {
      // searched: the take-or-draw choice or the discard
    } else if (s.phase == tv::Phase::draw) {
      const bool take = !s.bought && s.pile_count && toonerville_bot_wants_take(tv::view(s, seat));
      *out = legal[0];
      for (int i = 0; i < n; ++i)
        if (legal[i].kind == (take ? tv::ActionKind::take : tv::ActionKind::draw)) *out = legal[i];
    } else {
      *out = toonerville_bot(tv::view(s, seat), legal.data(), n, rng);
    }
    return true;
  }
  static std::string text(const Action& a) { return tv::format_action(a); }
};

template <typename State>
class GameBot final : public Bot {
 public:
  GameBot(Level level, uint64_t seed, Budget budget) : level_(level), rng_(seed), budget_(budget) {}

  const char* game_name() const override { return Policy<State>::kName; }
  Level level() const override { return level_; }

  Reason choose(const Game& game, int seat, ActionCode* out, Error* err) override {
    if (std::strcmp(game.name(), Policy<State>::kName) != 0)
      return fail(err, Reason::unknown_game, "this bot plays %s, not %s", Policy<State>::kName,
                  game.name());
    if (seat < 0 || seat >= game.players())
      return fail(err, Reason::bad_seat, "seat %d is not a seat of this %d-player game", seat,
                  game.players());
    if (game.over()) return fail(err, Reason::game_over, "the game is over");
    if (game.awaiting_deal())
      return fail(err, Reason::wrong_phase, "the game is waiting for a deal, not for seat %d",
                  seat);
    const State& s = *static_cast<const State*>(game.state_data());
    typename Policy<State>::Action a;
    if (!Policy<State>::decide(s, seat, level_, budget_, rng_, solver_, legal_, &a)) {
      if (game.to_act() == seat)
        return fail(err, Reason::wrong_phase,
                    "seat %d has no action it can take (a reshuffle must be given first)", seat);
      return fail(err, Reason::wrong_seat,
                  "seat %d has nothing to do now: seat %d is to act and seat %d does not buy", seat,
                  game.to_act(), seat);
    }
    // Through the action text: the game's own conversion, and the code the C ABI expects.
    return game.parse_action(a.seat, Policy<State>::text(a), out, err);
  }

 private:
  Level level_;
  PortableRng rng_;
  [[maybe_unused]] Budget budget_;                     // for the levels that search
  std::vector<typename Policy<State>::Action> legal_;  // reused between decisions
  std::unique_ptr<solve::Solver> solver_;  // strong's card play: made once, its table kept
};

}  // namespace

std::unique_ptr<Bot> make_bot(std::string_view game, std::string_view level, uint64_t seed,
                              const OptionList& options, Error* err) {
  const GameSpec* spec = find_game_spec(game);
  if (!spec) {
    fail(err, Reason::unknown_game, "no game named %s (ghost-euchre, sheepshead, toonerville)",
         text::quote(game).c_str());
    return nullptr;
  }
  Level lv;
  if (text::iequals(text::trim(level), "random")) {
    lv = Level::random;
  } else if (text::iequals(text::trim(level), "basic")) {
    lv = Level::basic;
  } else if (text::iequals(text::trim(level), "strong")) {
    lv = Level::strong;
  } else {
    fail(err, Reason::bad_option, "no bot level %s (random, basic, strong)",
         text::quote(level).c_str());
    return nullptr;
  }
  Budget budget;
  bool seen_samples = false, seen_time = false;
  for (const auto& [key, value] : options) {
    const std::string_view k = text::trim(key);
    int64_t n = 0;
    const bool samples = text::iequals(k, "samples"), time = text::iequals(k, "time_ms");
    if (!samples && !time) {
      fail(err, Reason::bad_option, "a bot has no option %s (samples, time_ms)",
           text::quote(key).c_str());
      return nullptr;
    }
    if ((samples && seen_samples) || (time && seen_time)) {
      fail(err, Reason::bad_option, "bot option %s given twice", text::quote(key).c_str());
      return nullptr;
    }
    if (!text::parse_int(text::trim(value), samples ? 1 : 0, 1000000, &n)) {
      fail(err, Reason::bad_option, "bot option %s=%s: expected a whole number %s",
           text::quote(key).c_str(), text::quote(value).c_str(),
           samples ? "1..1000000" : "0..1000000");
      return nullptr;
    }
    (samples ? seen_samples : seen_time) = true;
    (samples ? budget.samples : budget.time_ms) = uint32_t(n);
  }
  if (std::strcmp(spec->name, "ghost-euchre") == 0)
    return std::make_unique<GameBot<ge::State>>(lv, seed, budget);
  if (std::strcmp(spec->name, "sheepshead") == 0)
    return std::make_unique<GameBot<sh::State>>(lv, seed, budget);
  return std::make_unique<GameBot<tv::State>>(lv, seed, budget);
}

}  // namespace deckhand::bots
