// Sheepshead's extensions (src/common/games.hpp, GameExtensions): its bots at every level,
// its consistent deals, its open-hand solver and its reinforcement-learning encoder, hung on the
// game's descriptor (game.cpp).
#include "../bots/game_bot.hpp"
#include "../common/games.hpp"
#include "../rl/rl.hpp"
#include "../solve/solver.hpp"
#include "../table/card_news.hpp"
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

namespace {

// S13: the bury and the unknown are the picker's alone until the hand is over; the unknown is
// played face down. (ActionCode: arg = first card, cards[0] = second; kinds as ActionKind.)
bool table_public_text(const void* before, const ActionCode& action, std::string* out) {
  const auto& s = *static_cast<const State*>(before);
  switch (ActionKind(action.kind)) {
    case ActionKind::bury:
      *out = "bury";
      return true;
    case ActionKind::call:
      if (action.count == 0 || action.cards[0] == kNoCard) return false;
      *out = std::string("call ") + card_name(Card(action.arg)) + " unknown";
      return true;
    case ActionKind::play:
      if (s.unknown == kNoCard || action.arg != s.unknown) return false;
      *out = "play face-down";
      return true;
    default:
      return false;
  }
}

}  // namespace

// A table tells the picker the blind it took (S5).
const TableHooks kTableHooks{sizeof(State), &table_public_text,
                             &table_detail::received_cardsets<State, kPlayers>,
                             &table_detail::hand_cardset<State>};

const GameExtensions& extensions() {
  static const GameExtensions extensions{
      &bots::detail::make_game_bot<bots::detail::SheepsheadPolicy>,
      &bots::detail::sample_image<bots::detail::SheepsheadSampler, State, kSerializedSize>,
      &solve::detail::card_values_of<State>,
      &rl::kSheepsheadEncoder,
      &kTableHooks,
  };
  return extensions;
}

}  // namespace deckhand::sheepshead
