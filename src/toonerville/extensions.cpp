// Toonerville Rook's extensions (src/common/games.hpp, GameExtensions): its bots at every level,
// its consistent deals, its reinforcement-learning encoder, hung on the
// game's descriptor (game.cpp).
#include "../bots/game_bot.hpp"
#include "../common/games.hpp"
#include "../rl/rl.hpp"
#include "bots.hpp"
#include "deckhand/solve.hpp"
#include "deckhand/toonerville_bots.hpp"

namespace deckhand::rl {
extern const Encoder kToonervilleEncoder;
}

namespace deckhand::bots::detail {
namespace {

namespace tv = toonerville;

// What the bots need of the game (src/bots/game_bot.hpp).
struct ToonervillePolicy {
  using State = tv::State;
  using Action = tv::Action;
  static constexpr const char* kName = "toonerville";
  static bool decide(const State& s, int seat, Level level, const Budget& budget, PortableRng& rng,
                     std::unique_ptr<solve::Solver>& /*solver: trick-taking games only*/,
                     std::vector<Action>& legal, Action* out) {
    if (tv::to_act(s) != seat) return false;
    legal.resize(tv::kMaxLegalActions);
    const int n = tv::legal_actions(s, legal.data());
    if (n == 0) return false;  // the stock needs a reshuffle the record must give (T13)
    if (level == Level::random) {
      *out = legal[rng.bounded(uint64_t(n))];
    } else if (level == Level::strong &&
               detail::strong_toonerville(s, seat, legal.data(), n, budget, rng, out)) {
      // searched: the take-or-draw choice or the discard
    } else if (tv::offering(s)) {  // T6: offered the declined discard
      *out = toonerville_bot_wants_buy(tv::view(s, seat)) ? tv::buy_action(seat)
                                                          : tv::pass_action(seat);
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

}  // namespace
}  // namespace deckhand::bots::detail

namespace deckhand::toonerville {

namespace {}  // namespace

const GameExtensions& extensions() {
  static const GameExtensions extensions{
      &bots::detail::make_game_bot<bots::detail::ToonervillePolicy>,
      &bots::detail::sample_image<bots::detail::ToonervilleSampler, State, kSerializedSize>,
      nullptr,  // no open-hand solver: not a trick-taking game
      &rl::kToonervilleEncoder,
  };
  return extensions;
}

}  // namespace deckhand::toonerville
