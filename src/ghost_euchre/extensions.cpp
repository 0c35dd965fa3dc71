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
  // The expert's deals searched (expert_search.hpp): 512 measured no better than 128 over
  // 2,000 deals (docs/bots.md, "expert").
  static constexpr uint32_t kExpertSamples = 128;
  static int to_act(const State& s) { return ghost_euchre::to_act(s); }
  static int legal(const State& s, Action* out) { return ghost_euchre::legal_actions(s, out); }
  static View view(const State& s, int seat) { return ghost_euchre::view(s, seat); }
  static Reason advance(State* s, Action a) { return ghost_euchre::advance(s, a, nullptr); }
  static bool in_play(const State& s) { return s.phase == ghost_euchre::Phase::play; }
  static Action basic(const View& v, const Action* legal, int n, PortableRng& rng) {
    return euchre_bot(v, legal, n, rng);
  }
  // What card counting says of a card to play (the hint's reason, expert_search.hpp).
  static bool card_facts(const View& v, const Action& a, CardFacts* out) {
    namespace ge = ghost_euchre;
    if (v.phase != ge::Phase::play || a.kind != ge::ActionKind::play) return false;
    CardFacts f;
    f.ranking = &ge::ranking_for(Suit(v.trump));
    f.deck = kEuchreDeck;
    f.known = v.hand | v.dead_hand;
    f.card = Card(a.arg);
    f.leading = v.in_trick == 0;
    for (int t = 0; t <= v.tricks_done && t < ge::kTricks; ++t) {
      const int count = t < v.tricks_done ? ge::kPlayers : v.in_trick;
      for (int i = 0; i < count; ++i) {
        const uint8_t code = v.played[t][(v.leaders[t] + i) % ge::kPlayers];
        if (code == kNoCard) continue;
        f.played.add(Card(code));
        if (t == v.tricks_done && (!f.has_best || f.ranking->beats(Card(code), f.best)))
          f.best = Card(code), f.has_best = true;
      }
    }
    *out = f;
    return true;
  }
  // A lapse (the ladder's levels 1 and 2): bids on hope, forgets the trick's later cards.
  static Action lapse(const View& v, const Action* legal, int n, PortableRng& rng) {
    return euchre_lapse(v, legal, n, rng);
  }
  // No personas: the game has no partnership conventions to follow.
  static Action persona(const View&, const Action*, int, int, Action chosen) { return chosen; }
  static bool sample(const Sampler& sampler, PortableRng& rng, State* out) {
    sampler.sample(rng, out);
    return true;
  }
  static std::string text(const Action& a) { return ghost_euchre::format_action(a); }

  // The expert's inference (src/bots/expert_search.hpp): the sampled deal as dealt (the hands
  // now, the cards each seat played, and the swaps undone, last first: a swapper's hand before
  // its swap is the dead hand after it)...
  static bool hand_start(const State& world, State* out) {
    namespace ge = ghost_euchre;
    if (world.phase == ge::Phase::deal || world.phase == ge::Phase::over) return false;
    CardSet hands[kPlayers];
    for (int p = 0; p < kPlayers; ++p) {
      hands[p] = world.hands[p];
      for (int t = 0; t < ge::kTricks; ++t)
        if (world.played[t][p] != kNoCard) hands[p].add(Card(world.played[t][p]));
    }
    CardSet dead = world.spare;
    for (int i = world.auction_len - 1; i >= 0; --i)
      if ((world.auction[i] & 15) == ge::kAuctionSwap)
        std::swap(hands[world.auction[i] >> 4], dead);
    // A new game of the same options and dealer, dealt these hands (the scores so far do not
    // change the basic policy's decisions).
    const State t = ge::new_game(world.options, world.dealer);
    return ge::deal_cards(t, hands, dead, out, nullptr) == Reason::ok;
  }
  // ... and the hand's public record replayed on it: the auction (swaps, passes, bids), the
  // trump named, the leads of the first kInferTricks tricks (the follows are not scored: the
  // sampler already keeps the voids they show).
  static constexpr int kInferTricks = 2;
  static bool logged_action(const State& t, const State& world, Action* a, bool* scored) {
    namespace ge = ghost_euchre;
    const int p = ge::to_act(t);
    if (p < 0) return false;
    *scored = true;
    if (t.phase == ge::Phase::bidding) {
      if (t.auction_len >= world.auction_len) return false;
      const uint8_t e = world.auction[t.auction_len];
      const uint8_t what = e & 15;
      *a = Action{uint8_t(e >> 4),
                  what == ge::kAuctionSwap   ? ge::ActionKind::swap
                  : what == ge::kAuctionPass ? ge::ActionKind::pass
                                             : ge::ActionKind::bid,
                  uint8_t(what == ge::kAuctionSwap || what == ge::kAuctionPass ? 0 : what), 0};
      return true;
    }
    if (t.phase == ge::Phase::trump) {
      if (world.trump == ge::kNoSeat) return false;
      *a = Action{uint8_t(p), ge::ActionKind::trump, world.trump, 0};
      return true;
    }
    if (t.phase != ge::Phase::play || t.tricks_done >= kInferTricks) return false;
    const uint8_t card = world.played[t.tricks_done][p];
    if (card == kNoCard) return false;
    *scored = t.in_trick == 0;
    *a = Action{uint8_t(p), ge::ActionKind::play, card, 0};
    return true;
  }
};

using EuchrePolicy = TrickTakingPolicy<EuchreRules>;

}  // namespace

double euchre_inference_weight(const ghost_euchre::State& world, int seat) {
  return inference_weight<EuchreRules>(world, seat);
}

}  // namespace deckhand::bots::detail

namespace deckhand::ghost_euchre {

namespace {

std::string hand_json(const HandResult& r, int) {
  return result_json(r);
}
using Saved = table_detail::SavedResult<State, &hand_json>;

}  // namespace

// A table tells the swapper the ghost hand it took (G4); every action's text is public (G11).
// The hooks keep and compare nothing of the state but the hands.
const TableHooks kTableHooks = table_detail::cardset_hooks<State, kPlayers, &ghost_euchre::to_act,
                                                           &ghost_euchre::is_over, Saved>(nullptr);

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
