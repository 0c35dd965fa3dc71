// Ghost Hand Euchre's extensions (src/common/games.hpp, GameExtensions): its bots at every level,
// its consistent deals, its open-hand solver and its reinforcement-learning encoder, hung on the
// game's descriptor (game.cpp).
#include <cstddef>

#include "../bots/game_bot.hpp"
#include "../common/games.hpp"
#include "../rl/rl.hpp"
#include "../solve/solver.hpp"
#include "../table/card_news.hpp"
#include "bots.hpp"
#include "deckhand/ghost_euchre_bots.hpp"
#include "deckhand/ghost_euchre_solve.hpp"

namespace deckhand::rl {
extern const Encoder kGhostEuchreEncoder;
}

namespace deckhand::bots::detail {
namespace {

// What the bots need of the game (src/bots/game_bot.hpp, strong_search.hpp).
struct EuchreRules {
  using State = ghost_euchre::State;
  using Action = ghost_euchre::Action;
  using View = ghost_euchre::View;
  using Sampler = EuchreSampler;
  static constexpr const char* kName = "ghost-euchre";
  static constexpr int kPlayers = ghost_euchre::kPlayers;
  static constexpr int kMaxLegal = ghost_euchre::kMaxLegalActions;
  static constexpr uint32_t kDefaultSamples = 128;
  static int to_act(const State& s) { return ghost_euchre::to_act(s); }
  static int legal(const State& s, Action* out) { return ghost_euchre::legal_actions(s, out); }
  static View view(const State& s, int seat) { return ghost_euchre::view(s, seat); }
  static Reason advance(State* s, Action a) { return ghost_euchre::advance(s, a, nullptr); }
  static bool in_play(const State& s) { return s.phase == ghost_euchre::Phase::play; }
  static Action basic(const View& v, const Action* legal, int n, PortableRng& rng) {
    return euchre_bot(v, legal, n, rng);
  }
  static bool sample(const Sampler& sampler, PortableRng& rng, State* out) {
    sampler.sample(rng, out);
    return true;
  }
  static std::string text(const Action& a) { return ghost_euchre::format_action(a); }
};

using EuchrePolicy = TrickTakingPolicy<EuchreRules>;

}  // namespace
}  // namespace deckhand::bots::detail

namespace deckhand::ghost_euchre {

// A table tells the swapper the ghost hand it took (G4); every action's text is public (G11).
// The hooks read nothing of the state before an action but the hands.
const TableHooks kTableHooks{sizeof(State),
                             nullptr,
                             &table_detail::received_cardsets<State, kPlayers>,
                             &table_detail::hand_cardset<State>,
                             -1,
                             -1,
                             nullptr,
                             offsetof(State, hands),
                             sizeof(State::hands)};

const GameExtensions& extensions() {
  static const GameExtensions extensions{
      &bots::detail::make_game_bot<bots::detail::EuchrePolicy>,
      &bots::detail::sample_image<bots::detail::EuchreSampler, State, kSerializedSize>,
      &solve::detail::card_values_of<State>,
      &rl::kGhostEuchreEncoder,
      &kTableHooks,
  };
  return extensions;
}

}  // namespace deckhand::ghost_euchre
