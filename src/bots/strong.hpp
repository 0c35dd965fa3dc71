// The `strong` level's search (internal header; src/bots/strong.cpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "consistent.hpp"
#include "deckhand/bots.hpp"
#include "deckhand/solve.hpp"

namespace deckhand::bots::detail {

// Deals searched per decision when the bot's options give no `samples` (docs/bots.md: chosen
// for a median decision under 50 ms in the release build): Rules::kDefaultSamples below, and
// for Toonerville this.
inline constexpr uint32_t kToonervilleDefaultSamples = 16;
// Toonerville: the discards searched, the basic bot's first choices (and the card worth the
// most penalty points).
inline constexpr size_t kToonervilleDiscards = 3;
// Toonerville: a decision whose best choice leads the basic one on the mean but not by two
// standard errors draws more deals, up to this many times the samples.
inline constexpr uint32_t kToonervilleMoreSamples = 3;

// The card play's budget of solver positions (counted, not timed, so that a seed gives the
// same choices on any machine; about 7 million positions a second in the release build):
// a sample whose solve would take more than kSolveNodesPerSample is played out by rollouts
// instead, and once a decision has spent kSolveNodesPerDecision every further sample is.
// Only Sheepshead's first tricks come near them (docs/bots.md, "Speed").
inline constexpr uint64_t kSolveNodesPerSample = 50000;
inline constexpr uint64_t kSolveNodesPerDecision = 250000;

// What the bots need of a trick-taking game, the same for both.
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

// The strong choice among legal[0..n) for the seat to act (Rules: EuchreRules or
// SheepsheadRules). In the play, each sample is solved open-hand by `solver` (the bot's own,
// kept between decisions); other decisions, and samples over the node budget, are played out
// by rollouts.
template <typename Rules>
typename Rules::Action strong_trick_taking(const typename Rules::State& s, int seat,
                                           const typename Rules::Action* legal, int n,
                                           const Budget& budget, PortableRng& rng,
                                           solve::Solver& solver);

// The choices strong_toonerville compares for the seat to act, the basic bot's own first: take
// or draw; or the basic bot's first kToonervilleDiscards discards and the discard worth the
// most penalty points (T12). Empty when the seat may go down, lay off or swap (the basic bot
// does).
std::vector<toonerville::Action> toonerville_candidates(const toonerville::State& s, int seat,
                                                        const toonerville::Action* legal, int n);

// Plays the round out from `w` with the basic bots (toonerville_bot_table); minus the penalty
// points `seat` scores in it (T12: fewer is better). A round still going after 2,000 actions
// counts the seat's hand as it stands.
double toonerville_rollout(toonerville::State* w, int seat, PortableRng& rng);

// The take-or-draw choice and the discard; false when the decision is not one of them (the
// basic bot decides it).
bool strong_toonerville(const toonerville::State& s, int seat, const toonerville::Action* legal,
                        int n, const Budget& budget, PortableRng& rng, toonerville::Action* out);

}  // namespace deckhand::bots::detail
