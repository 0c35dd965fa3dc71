// Sheepshead's extensions (src/common/games.hpp, GameExtensions): its bots at every level,
// its consistent deals, its open-hand solver and its reinforcement-learning encoder, hung on the
// game's descriptor (game.cpp).
#include <cstdio>
#include <cstring>
#include <string_view>

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
  // The expert's deals searched (expert_search.hpp): four times strong's, +0.08 a hand over 48
  // in 1,000 deals (docs/bots.md, "expert"), at a median of 1.4 ms a decision.
  static constexpr uint32_t kExpertSamples = 192;
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
  // What card counting says of a card to play (the hint's reason, expert_search.hpp). The
  // unknown, played face down, is no card the others have seen.
  static bool card_facts(const View& v, const Action& a, CardFacts* out) {
    namespace sh = sheepshead;
    if (v.phase != sh::Phase::play || a.kind != sh::ActionKind::play) return false;
    CardFacts f;
    f.ranking = &sh::ranking();
    f.deck = kPiquetDeck;
    f.known = v.hand | v.blind | v.bury;
    f.card = Card(a.a);
    f.leading = v.in_trick == 0;
    for (int t = 0; t <= v.tricks_done && t < sh::kTricks; ++t) {
      const int count = t < v.tricks_done ? sh::kPlayers : v.in_trick;
      for (int i = 0; i < count; ++i) {
        const int p = (v.leaders[t] + i) % sh::kPlayers;
        const uint8_t code = v.played[t][p];
        if (code == kNoCard || code == sh::kFaceDown) continue;
        f.played.add(Card(code));
        if (p == v.picker && code == v.unknown) continue;  // the unknown takes no trick
        if (t == v.tricks_done && (!f.has_best || f.ranking->beats(Card(code), f.best)))
          f.best = Card(code), f.has_best = true;
      }
    }
    *out = f;
    return true;
  }
  // A lapse (the ladder's levels 1 and 2): picks on hope, forgets its partner and the
  // trick's later cards.
  static Action lapse(const View& v, const Action* legal, int n, PortableRng& rng) {
    return sheepshead_lapse(v, legal, n, rng);
  }
  static Action persona(const View& v, const Action* legal, int n, int persona, Action chosen) {
    return sheepshead_persona(v, legal, n, persona, chosen);
  }
  static std::string text(const Action& a) { return sheepshead::format_action(a); }

  // The expert's inference (src/bots/expert_search.hpp): the sampled deal as dealt. Each
  // seat's hand now and the cards it played; the picker's eight cards (hand, bury, unknown,
  // plays) are the rest of the deck, and which two of them were the blind does not matter to
  // the decisions scored (the picker's own pick is not scored; its bury and call read all
  // eight, or the six kept), so the first two of the eight not buried are taken for it...
  static bool hand_start(const State& world, State* out) {
    namespace sh = sheepshead;
    if (world.phase == sh::Phase::deal || world.phase == sh::Phase::over) return false;
    CardSet hands[kPlayers], others;
    for (int p = 0; p < kPlayers; ++p) {
      if (p == world.picker) continue;
      hands[p] = world.hands[p];
      for (int t = 0; t < sh::kTricks; ++t)
        if (world.played[t][p] != kNoCard) hands[p].add(Card(world.played[t][p]));
      others |= hands[p];
    }
    CardSet blind = world.blind;
    if (world.picker != sh::kNoSeat) {
      const CardSet eight = kPiquetDeck - others;
      if (eight.size() != 8) return false;
      blind = CardSet();
      for (Card c : eight - world.bury)
        if (blind.size() < 2) blind.add(c);
      hands[world.picker] = eight - blind;
    }
    // A new game of the same options and dealer, dealt these hands (the scores so far do not
    // change the basic policy's decisions).
    const State t = sh::new_game(world.options, world.dealer);
    return sh::deal_cards(t, hands, blind, out, nullptr) == Reason::ok;
  }
  // ... and the hand's public record replayed on it: the passes (scored) and the pick (not),
  // the bury and the call (scored, for a seat other than the picker), the leads of the first
  // kInferTricks tricks (the follows are not scored: the sampler keeps the voids they show).
  static constexpr int kInferTricks = 2;
  static bool logged_action(const State& t, const State& world, Action* a, bool* scored) {
    namespace sh = sheepshead;
    const int p = sh::to_act(t);
    if (p < 0) return false;
    *scored = true;
    switch (t.phase) {
      case sh::Phase::picking:
        if (p == world.picker) {
          *scored = false;
          *a = Action{uint8_t(p), sh::ActionKind::pick, kNoCard, kNoCard};
          return true;
        }
        if (t.passes >= world.passes) return false;
        *a = Action{uint8_t(p), sh::ActionKind::pass, kNoCard, kNoCard};
        return true;
      case sh::Phase::burying: {
        if (world.bury.size() != 2) return false;
        const Card low = world.bury.lowest();
        *a = Action{uint8_t(p), sh::ActionKind::bury, low.code,
                    (world.bury - CardSet::of(low)).lowest().code};
        return true;
      }
      case sh::Phase::calling:
        if (world.contract == sh::Contract::alone) {
          *a = Action{uint8_t(p), sh::ActionKind::alone, kNoCard, kNoCard};
          return true;
        }
        if (world.contract != sh::Contract::called) return false;
        *a = Action{uint8_t(p), sh::ActionKind::call, world.called, world.unknown};
        return true;
      case sh::Phase::play: {
        if (t.tricks_done >= kInferTricks) return false;
        const uint8_t card = world.played[t.tricks_done][p];
        if (card == kNoCard) return false;
        *scored = t.in_trick == 0;
        *a = Action{uint8_t(p), sh::ActionKind::play, card, kNoCard};
        return true;
      }
      default:
        return false;
    }
  }
};

using SheepsheadPolicy = TrickTakingPolicy<SheepsheadRules>;

}  // namespace

double sheepshead_inference_weight(const sheepshead::State& world, int seat) {
  return inference_weight<SheepsheadRules>(world, seat);
}

}  // namespace deckhand::bots::detail

namespace deckhand::sheepshead {

namespace {

// S13: the bury and the unknown are the picker's alone until the hand is over; the unknown is
// played face down. (ActionCode: arg = first card, cards[0] = second; kinds as ActionKind.)
// The unknown card, set by the call, stays in the state until the next deal, so the state after
// a play still names it.
size_t table_public_text(const void* after, const ActionCode& action, char* out) {
  const auto& s = *static_cast<const State*>(after);
  std::string_view text;
  char call[TableHooks::kPublicTextMax];
  switch (ActionKind(action.kind)) {
    case ActionKind::bury:
      text = "bury";
      break;
    case ActionKind::call: {
      if (action.count == 0 || action.cards[0] == kNoCard) return 0;
      const int n =
          std::snprintf(call, sizeof call, "call %s unknown", card_name(Card(action.arg)));
      text = std::string_view(call, size_t(n));
      break;
    }
    case ActionKind::play:
      if (s.unknown == kNoCard || action.arg != s.unknown) return 0;
      text = "play face-down";
      break;
    default:
      return 0;
  }
  std::memcpy(out, text.data(), text.size());
  return text.size();
}

std::string hand_json(const HandResult& r, int) {
  return result_json(r);
}
using Saved = table_detail::SavedResult<State, &hand_json>;

}  // namespace

// A table tells the picker the blind it took (S5). The hooks keep and compare nothing of the
// state but the hands.
const TableHooks kTableHooks =
    table_detail::cardset_hooks<State, kPlayers, &sheepshead::to_act, &sheepshead::is_over, Saved>(
        &table_public_text);

const GameExtensions& extensions() {
  static const GameExtensions extensions{
      &bots::detail::make_game_bot<bots::detail::SheepsheadPolicy>,
      &bots::detail::sample_image<bots::detail::SheepsheadSampler, State, kSerializedSize>,
      &solve::detail::card_values_of<State>,
      &rl::kSheepsheadEncoder,
      &kTableHooks,
      bots::detail::kSheepsheadPersonas,
  };
  return extensions;
}

}  // namespace deckhand::sheepshead
