// Toonerville Rook's pieces of the bots (internal header): the consistent-deal sampler
// (sampler.cpp) and the strong search (strong.cpp), hung on the game's descriptor by
// extensions.cpp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "../bots/consistent.hpp"
#include "../bots/expert_search.hpp"
#include "deckhand/bots.hpp"
#include "deckhand/toonerville.hpp"
#include "deckhand/toonerville_bots.hpp"

namespace deckhand::bots::detail {

class ToonervilleSampler {
 public:
  bool init(const toonerville::State& s, int seat);
  void sample(PortableRng& rng, toonerville::State* out) const;

 private:
  toonerville::State base_{};
  int seat_ = 0;
  FaceCounts known_;            // cards of the seat to act that the seat saw it take
  std::vector<RookFace> pool_;  // the other faces of other hands, and the stock
};

// Deals searched per decision when the bot's options give no `samples` (docs/bots.md: chosen
// for a median decision under 50 ms in the release build).
inline constexpr uint32_t kToonervilleDefaultSamples = 16;
// The discards searched, the basic bot's first choices (and the card worth the most penalty
// points).
inline constexpr size_t kToonervilleDiscards = 3;
// A decision whose best choice leads the basic one on the mean but not by two standard errors
// draws more deals, up to this many times the samples.
inline constexpr uint32_t kToonervilleMoreSamples = 3;

// The choices strong_toonerville compares for the seat to act, the basic bot's own first: take
// or draw; or the basic bot's first kToonervilleDiscards discards and the discard worth the
// most penalty points (T12). Empty when the seat may go down, lay off or swap (the basic bot
// does).
std::vector<toonerville::Action> toonerville_candidates(const toonerville::State& s, int seat,
                                                        const toonerville::Action* legal, int n);

// toonerville_bot_table (deckhand/toonerville_bots.hpp) with the legal actions listed into the
// caller's `legal` (room for toonerville::kMaxLegalActions, 48 KB): the rollouts keep theirs
// on the heap, off the thread's stack (docs/performance.md, "Stack").
bool toonerville_bot_table(const toonerville::State& s, PortableRng& rng,
                           toonerville::Action* legal, toonerville::Action* out);

// Plays the round out from `w` with the basic bots (toonerville_bot_table); minus the penalty
// points `seat` scores in it (T12: fewer is better). A round still going after 2,000 actions
// counts the seat's hand as it stands. `legal`: scratch for kMaxLegalActions actions.
double toonerville_rollout(toonerville::State* w, int seat, PortableRng& rng,
                           toonerville::Action* legal);
// The same with scratch of its own (on the heap).
double toonerville_rollout(toonerville::State* w, int seat, PortableRng& rng);

// The strong level's take-or-draw choice and discard (strong.cpp); false when the decision is
// not one of them (the basic bot decides it).
// With `expert`, also the buys (buy or pass), and going down, laying off or swapping now
// against the basic bot's discard (toonerville_expert_candidates).
bool strong_toonerville(const toonerville::State& s, int seat, const toonerville::Action* legal,
                        int n, const Budget& budget, PortableRng& rng, toonerville::Action* out,
                        bool expert = false);

// The expert level's choices: the basic bot's first, then buy against pass when offered a
// discard; going down, laying off or swapping (the basic choice) against the basic discard;
// otherwise toonerville_candidates.
std::vector<toonerville::Action> toonerville_expert_candidates(const toonerville::State& s,
                                                               int seat,
                                                               const toonerville::Action* legal,
                                                               int n);

// Where the seat's view (T14) puts the copies of some faces (counting.cpp): natural cards of
// those faces, or Rooks when the faces include the Rook. held + pile + melds + top + out() =
// copies.
struct CopiesSeen {
  int copies = 0;  // in the game's decks: one deck per player (T1)
  int held = 0;    // in the seat's hand
  int pile = 0;    // in the discard pile below its top (dead until a reshuffle, T13)
  int melds = 0;   // in the melds on the table (a Rook standing in a run is a Rook)
  int top = 0;     // the pile's top card (0 or 1)
  int out() const { return copies - held - pile - melds - top; }  // other hands or the stock
};
// `faces`: bit f for face f (one face, or the four colours of a number).
CopiesSeen copies_seen(const toonerville::View& v, uint64_t faces);

// A hint's card-counting clause for action `a` of the seat whose view `v` is, from the view
// alone: for a discard, the card's set counts (the copies of its number held, gone in the pile
// below its top or in melds, on the top, still out) or, when the contract and the hand point
// to a run, its neighbours' in its colour; the melds on the table that take it, and who is
// down; its penalty points held at the round's end (T12). For take, buy, pass and draw the
// same counts for the pile's top (a seat that is down: the melds that take it), and the stock;
// for a lay-off or a swap the meld and what it takes out of the hand; for going down the cards
// laid and kept. Never empty.
std::string toonerville_count_reason(const toonerville::View& v, const toonerville::Action& a);

// A hint (Bot::hint): every legal action played out to the end of the round on the same
// consistent deals, valued by minus the seat's penalty points in the round.
void toonerville_hint(const toonerville::State& s, int seat, const toonerville::Action* legal,
                      int n, const Budget& budget, PortableRng& rng,
                      HintSearch<toonerville::Action>* out);

}  // namespace deckhand::bots::detail
