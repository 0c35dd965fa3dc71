// deckhand — open-hand solvers for the play of the trick-taking games, Ghost Hand Euchre and
// Sheepshead (docs/bots.md, "Open-hand solvers"); each game's own header,
// deckhand/<game>_solve.hpp, declares its solver.
//
// Given a state in the play phase with every hand known, the solver gives each legal card of
// the seat to act its exact value under best play by all: the hand's score change for that
// seat (G9, S10–S14), penalties included. Sides:
//   - Ghost Hand Euchre: the seat to act against the other two (each seat scores for itself,
//     so the other two are assumed to play to minimise its score — for the declarer that is
//     also the defenders' common aim). With renege=penalize the seat's own reneges at this
//     decision are valued (2 points each, G8); after it every seat follows suit.
//   - Sheepshead, called or alone: the picker's side (picker and partner, who is known in the
//     full state) against the defenders, each side playing for its result class (S10: no-trick
//     loss < schneidered loss < loss < win < schneider < no-trick win).
//   - Sheepshead leaster: the seat to act against the other four (S14).
//
// Alpha-beta search with a transposition table at trick boundaries, move ordering, and
// merging of cards that are equivalent given what is still out (same effective suit, no live
// card between them, same card points). No allocation happens during a search: the table is
// allocated when the solver is made.
#pragma once

#include <cstdint>
#include <memory>

#include "deckhand/cards.hpp"
#include "deckhand/error.hpp"

namespace deckhand::solve {

// Legal plays at most: six cards in hand, or five and Sheepshead's unknown.
inline constexpr int kMaxPlays = 8;

// One legal play and its value. `card` is the card of the play action (for Sheepshead's
// unknown, the unknown's card code, as in legal_actions).
struct CardValue {
  Card card;
  int32_t value = 0;  // the hand's score change for the seat to act under best play
};

struct Stats {
  uint64_t nodes = 0;       // positions visited
  uint64_t table_hits = 0;  // transposition-table probes that found the position
};

class Solver {
 public:
  // A table of 2^table_bits two-entry buckets (40 bytes an entry: 2^16 buckets take 5 MB).
  // table_bits is clamped to 10..26; 0 (or less) means no table (far slower: for tests).
  explicit Solver(int table_bits = 16);
  ~Solver();
  Solver(const Solver&) = delete;
  Solver& operator=(const Solver&) = delete;

  // Every legal play of the seat to act, in legal_actions order, with its value; *count
  // receives the number written (at most kMaxPlays). Refuses (wrong_phase, game_over)
  // outside the play phase and changes nothing. With a node limit set (set_node_limit), a
  // call whose search would visit more positions than the limit gives up: it returns ok with
  // *count = 0 (the table keeps only what was proved).
  // Defined for the State of each game with a solver, declared in the game's own header
  // (deckhand/ghost_euchre_solve.hpp, deckhand/sheepshead_solve.hpp): include it to call this.
  template <typename State>
  [[nodiscard]] Reason card_values(const State& s, CardValue* out, int* count, Error* err);

  // At most `nodes` positions per card_values call (0: no limit, the default). Counted, not
  // timed, so that a caller's results do not depend on the machine's speed.
  void set_node_limit(uint64_t nodes) { node_limit_ = nodes; }

  const Stats& stats() const { return stats_; }
  void reset_stats() { stats_ = Stats(); }
  // Forgets every stored position (the table stays allocated).
  void clear_table();

  class Table;

 private:
  uint64_t node_end() const;  // the stats_.nodes at which the current call gives up

  std::unique_ptr<Table> table_;
  Stats stats_;
  uint64_t node_limit_ = 0;
};

}  // namespace deckhand::solve
