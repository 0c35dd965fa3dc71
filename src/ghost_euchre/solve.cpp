// Ghost Hand Euchre's open-hand solver (deckhand/solve.hpp): the position type for the
// search in src/solve/search.hpp, and Solver::card_values. The positions are the game's own
// State, changed in place by the play fields alone (no validation, no scoring): the rules of
// what may be played, who wins a trick and its card points are the game's own functions.
#include "../solve/solver.hpp"
#include "deckhand/ghost_euchre_solve.hpp"
#include "internal.hpp"

namespace deckhand::solve {

namespace {

using detail::best_in_trick;
using detail::check_play_phase;
using detail::Move;
using detail::representatives_of;
using detail::root_values;
using detail::RootPlay;
using detail::trick_cards;

// The key context tag of this game's positions (solver.hpp).
constexpr uint64_t kEuchreTag = uint64_t(1) << 62;

// Ghost Hand Euchre. The value is the root seat's tricks in the whole hand (G9 makes its
// score a non-decreasing function of them, so the minimax of the score is the score of the
// minimax of the tricks); the root seat maximises it, the other two minimise it.

namespace ge = ghost_euchre;

struct EuchreTables {
  detail::SuitOrder order[kSuitCount];
  int8_t points[32] = {};
  EuchreTables()
      : order{detail::SuitOrder(ge::ranking_for(Suit::clubs)),
              detail::SuitOrder(ge::ranking_for(Suit::diamonds)),
              detail::SuitOrder(ge::ranking_for(Suit::hearts)),
              detail::SuitOrder(ge::ranking_for(Suit::spades))} {}
};
const EuchreTables& euchre_tables() {
  static const EuchreTables tables;
  return tables;
}

class EuchreNode {
 public:
  static constexpr int kSeats = ge::kPlayers;
  EuchreNode(const ge::State& s, int root)
      : s_(s), ranking_(&ge::ranking_for(Suit(s.trump))), root_(root) {}

  bool over() const { return s_.tricks_done == ge::kTricks; }
  bool last_trick() const { return s_.tricks_done >= ge::kTricks - 1; }
  int leaf() const { return s_.tricks_won[root_]; }
  int lower() const { return s_.tricks_won[root_]; }
  int upper() const { return s_.tricks_won[root_] + ge::kTricks - s_.tricks_done; }
  bool trick_start() const { return s_.in_trick == 0; }
  // The key's context word: what the value depends on besides the cards' relative ranks.
  uint64_t context() const {
    return uint64_t(s_.to_act) | uint64_t(root_) << 2 | uint64_t(s_.tricks_won[root_]) << 4 |
           kEuchreTag;
  }
  CardSet exact_cards() const { return CardSet(); }
  CardSet hand(int seat) const { return s_.hands[seat]; }
  int cards_left() const { return s_.hands[0].size() + s_.hands[1].size() + s_.hands[2].size(); }
  int to_act() const { return s_.to_act; }
  bool maximizing(int seat) const { return seat == root_; }
  // G7: follow the effective suit led; inside the search nobody reneges.
  CardSet playable(bool* unknown) const {
    *unknown = false;
    const CardSet hand = s_.hands[s_.to_act];
    return s_.in_trick ? ranking_->playable(hand, ge::led_card(s_)) : hand;
  }
  CardSet live() const {
    return s_.hands[0] | s_.hands[1] | s_.hands[2] |
           trick_cards(s_.played[s_.tricks_done % ge::kTricks], ge::kPlayers);
  }
  CardSet unmergeable() const { return CardSet(); }
  const TrickRanking& ranking() const { return *ranking_; }
  uint8_t unknown_card() const { return kNoCard; }
  Card trick_best(int* seat) const {
    return best_in_trick(s_, ge::kPlayers, *ranking_, seat, [](int) { return false; });
  }
  void play(Move m) {
    const int seat = s_.to_act, t = s_.tricks_done;
    s_.hands[seat].remove(Card(m.card));
    s_.played[t][seat] = m.card;
    if (++s_.in_trick < ge::kPlayers) {
      s_.to_act = uint8_t(ge::detail::next_seat(seat));
      return;
    }
    const int winner = ge::detail::trick_winner(s_, t);
    s_.tricks_won[winner]++;
    s_.in_trick = 0;
    if (++s_.tricks_done < ge::kTricks) s_.leaders[s_.tricks_done] = uint8_t(winner);
    s_.to_act = uint8_t(winner);
  }

 private:
  ge::State s_;
  const TrickRanking* ranking_;
  int root_;
};

// G8–G9: the root seat's score change for the hand with `tricks` taken and `reneges` made.
int32_t euchre_score(const ge::State& s, int seat, int tricks, int reneges) {
  ge::HandResult r{};
  r.declarer = s.declarer;
  r.bid = s.high_bid;
  r.tricks[seat] = uint8_t(tricks);
  r.reneges[seat] = uint8_t(reneges);
  ge::detail::settle_result(s.options, &r);
  return r.deltas[seat];
}

}  // namespace

template <>
Reason Solver::card_values(const ge::State& s, CardValue* out, int* count, Error* err) {
  if (Reason r = check_play_phase(s, s.phase == ge::Phase::play, s.phase == ge::Phase::over,
                                  &ge::detail::phase_name, err);
      r != Reason::ok)
    return r;
  const EuchreTables& tables = euchre_tables();
  const detail::SuitOrder& order = tables.order[s.trump & 3];
  detail::Search<EuchreNode> search(table_.get(), &order, tables.points, &stats_.nodes,
                                    &stats_.table_hits, node_end());
  const int seat = s.to_act;
  const EuchreNode root(s, seat);
  ge::Action actions[ge::kMaxLegalActions];
  const int n = ge::legal_actions(s, actions);
  const Card led = ge::led_card(s);
  auto renege = [&](Card c) {  // G8 renege=penalize: legal, costs 2, and its own class
    return led.valid() && root.ranking().reneges(s.hands[seat], led, c);
  };
  uint8_t rep_of[32];
  representatives_of(root, order, tables.points, rep_of);
  *count = root_values(
      search, root, n, out,
      [&](int i) {
        const Card c(actions[i].arg);
        const uint8_t rep = renege(c) ? c.code : rep_of[c.code];
        return RootPlay{c, Move{rep, 0}, rep};
      },
      [&](int i, int tricks) {
        return euchre_score(s, seat, tricks, s.reneges[seat] + renege(Card(actions[i].arg)));
      });
  return Reason::ok;
}

}  // namespace deckhand::solve
