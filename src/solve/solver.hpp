// What the open-hand solvers of every trick-taking game share (internal header): the
// solver's table, the root's values searched once per class of equivalent plays, and small
// helpers of the positions. Each game's position type for the search in search.hpp and its
// Solver::card_values live in the game's own folder (src/<game>/solve.cpp). A position's key
// context carries its game's tag in the top two bits, so that games can share one table:
// 1 << 62 and 2 << 62 are taken (docs/adding-a-game.md).
#pragma once

#include "deckhand/game.hpp"
#include "deckhand/solve.hpp"
#include "search.hpp"

namespace deckhand::solve {

class Solver::Table : public detail::Table {
 public:
  using detail::Table::Table;
};

namespace detail {

inline CardSet trick_cards(const uint8_t* played_in_trick, int players) {
  CardSet cards;
  for (int p = 0; p < players; ++p)
    if (played_in_trick[p] != kNoCard) cards.add(Card(played_in_trick[p]));
  return cards;
}

// The best card so far of the current trick, skipping plays `skip` says are not real
// contenders (a card played face down); an invalid card when there is none.
template <typename State, typename Skip>
Card best_in_trick(const State& s, int players, const TrickRanking& r, int* seat, Skip skip) {
  const int t = s.tricks_done;
  Card best;
  for (int i = 0, p = s.leaders[t]; i < s.in_trick; ++i, p = (p + 1) % players) {
    const Card c(s.played[t][p]);
    if (skip(p)) continue;
    if (!best.valid() || r.beats(c, best)) best = c, *seat = p;
  }
  return best;
}

template <typename State, typename PhaseName>
Reason check_play_phase(const State& s, bool in_play, bool over, PhaseName phase_name, Error* err) {
  if (over) return fail(err, Reason::game_over, "the game is over: there is no play to solve");
  if (!in_play)
    return fail(err, Reason::wrong_phase,
                "the solver values plays: the hand is in the %s phase, not play",
                phase_name(s.phase));
  return Reason::ok;
}

// One legal play at the root: its card, the move that stands for it in the search and the
// slot of its class (plays of one class share one search).
struct RootPlay {
  Card card;
  Move move;
  int slot;
};
inline constexpr int kUnknownSlot = 32;  // a card played face down, a class of its own

// Each playable card's representative (see detail::representatives) into rep_of[32].
template <typename Node>
void representatives_of(const Node& root, const detail::SuitOrder& order, const int8_t* points,
                        uint8_t* rep_of) {
  bool unknown;
  detail::representatives(root.playable(&unknown), root.live(), root.unmergeable(), order, points,
                          rep_of);
}

// Values the n legal plays at the root into out[0..n), searching each class once:
// play(i) describes the i-th play, score(i, ordinal) turns its search value into points.
template <typename Node, typename Play, typename Score>
int root_values(detail::Search<Node>& search, const Node& root, int n, CardValue* out, Play play,
                Score score) {
  int8_t ordinal_of[kUnknownSlot + 1];
  for (int8_t& o : ordinal_of) o = -1;
  int guess = root.upper();
  for (int i = 0; i < n; ++i) {
    const RootPlay p = play(i);
    if (ordinal_of[p.slot] < 0) {
      Node child = root;
      child.play(p.move);
      ordinal_of[p.slot] = int8_t(search.exact(child, guess));
      if (search.out_of_nodes()) return 0;
      guess = ordinal_of[p.slot];
    }
    out[i].card = p.card;
    out[i].value = score(i, ordinal_of[p.slot]);
  }
  return n;
}

// GameExtensions::solve of a game whose Solver::card_values takes its State.
template <typename State>
Reason card_values_of(Solver& solver, const Game& game, CardValue* out, int* count, Error* err) {
  return solver.card_values(*static_cast<const State*>(game.state_data()), out, count, err);
}

}  // namespace detail

}  // namespace deckhand::solve
