// Sheepshead's extensions (src/common/games.hpp, GameExtensions): its bots at every level,
// its consistent deals, its open-hand solver and its reinforcement-learning encoder, hung on the
// game's descriptor (game.cpp).
#include "../bots/game_bot.hpp"
#include "../common/games.hpp"
#include "../rl/rl.hpp"
#include "../solve/solver.hpp"
#include "bots.hpp"
#include "deckhand/sheepshead_bots.hpp"
#include "deckhand/sheepshead_solve.hpp"

namespace deckhand::rl {
extern const Encoder kSheepsheadEncoder;
}

namespace deckhand::bots::detail {
namespace {

// What the bots need of the game (src/bots/game_bot.hpp, strong_search.hpp).
struct SheepsheadRules {
  using State = sheepshead::State;
  using Action = sheepshead::Action;
  using View = sheepshead::View;
  using Sampler = SheepsheadSampler;
  static constexpr const char* kName = "sheepshead";
  static constexpr int kPlayers = sheepshead::kPlayers;
  static constexpr int kMaxLegal = sheepshead::kMaxLegalActions;
  static constexpr uint32_t kDefaultSamples = 48;
  static int to_act(const State& s) { return sheepshead::to_act(s); }
  static int legal(const State& s, Action* out) { return sheepshead::legal_actions(s, out); }
  static View view(const State& s, int seat) { return sheepshead::view(s, seat); }
  static Reason advance(State* s, Action a) { return sheepshead::advance(s, a, nullptr); }
  static bool in_play(const State& s) { return s.phase == sheepshead::Phase::play; }
  static Action basic(const View& v, const Action* legal, int n, PortableRng& rng) {
    return sheepshead_bot(v, legal, n, rng);
  }
  static bool sample(const Sampler& sampler, PortableRng& rng, State* out) {
    return sampler.sample(rng, out);
  }
  static std::string text(const Action& a) { return sheepshead::format_action(a); }
};

using SheepsheadPolicy = TrickTakingPolicy<SheepsheadRules>;

}  // namespace
}  // namespace deckhand::bots::detail

namespace deckhand::sheepshead {

const GameExtensions& extensions() {
  static const GameExtensions extensions{
      &bots::detail::make_game_bot<bots::detail::SheepsheadPolicy>,
      &bots::detail::sample_image<bots::detail::SheepsheadSampler, State, kSerializedSize>,
      &solve::detail::card_values_of<State>,
      &rl::kSheepsheadEncoder,
  };
  return extensions;
}

}  // namespace deckhand::sheepshead
