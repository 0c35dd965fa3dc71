// Open-hand solvers for the play of Ghost Hand Euchre (G7–G9) and Sheepshead (S8–S14): each
// game's position type for the search in search.hpp, and the value of each legal card at the
// root. The positions are the games' own States, changed in place by the play fields alone
// (no validation, no scoring): the rules of what may be played, who wins a trick and its
// card points are the games' own functions.
#include "deckhand/solve.hpp"

#include <algorithm>

#include "../ghost_euchre/internal.hpp"
#include "../sheepshead/internal.hpp"
#include "search.hpp"

namespace deckhand::solve {

class Solver::Table : public detail::Table {
 public:
  using detail::Table::Table;
};

namespace {

using detail::Move;

constexpr uint64_t kEuchreTag = uint64_t(1) << 62, kSheepsheadTag = uint64_t(2) << 62;

CardSet trick_cards(const uint8_t* played_in_trick, int players) {
  CardSet cards;
  for (int p = 0; p < players; ++p)
    if (played_in_trick[p] != kNoCard) cards.add(Card(played_in_trick[p]));
  return cards;
}

// The best card so far of the current trick, skipping plays `skip` says are not real
// contenders (Sheepshead's unknown); an invalid card when there is none.
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

// ---------------------------------------------------------------------------------------
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

// ---------------------------------------------------------------------------------------
// Sheepshead. Called or alone: the value is the picker's side's result class (0 no-trick
// loss, 1 schneidered, 2 loss, 3 win, 4 schneider, 5 no-trick win), which every seat's score
// follows (S10–S12); the picker's side maximises it. Leaster: the root seat's result
// (0 another seat wins, 1 no winner, 2 it wins, S14), which it maximises against the others.

namespace sh = sheepshead;

struct SheepsheadTables {
  detail::SuitOrder order{sh::ranking()};
  int8_t points[32] = {};
  SheepsheadTables() {
    for (int c = 0; c < 32; ++c) points[c] = int8_t(sh::card_points(Card(uint8_t(c))));
  }
};
const SheepsheadTables& sheepshead_tables() {
  static const SheepsheadTables tables;
  return tables;
}

// S10: the class of a side with tricks that holds `points`, short of taking every trick.
int class_by_points(int points) {
  return points >= 91 ? 4 : points >= 61 ? 3 : points >= 31 ? 2 : 1;
}

class SheepsheadNode {
 public:
  static constexpr int kSeats = sh::kPlayers;
  SheepsheadNode(const sh::State& s, int root) : s_(s), root_(root) {
    if (s.contract == sh::Contract::leaster) {
      blind_bonus_ =
          s.options.leaster_blind == sh::LeasterBlind::last_trick ? sh::points_of(s.blind) : 0;
    } else {
      side_ = uint8_t(1u << s.picker);
      if (s.contract == sh::Contract::called && s.partner != sh::kNoSeat)
        side_ |= uint8_t(1u << s.partner);
      bury_points_ = sh::points_of(s.bury);
      if (s.contract == sh::Contract::called)
        unmergeable_ = sh::ranking().suit_cards[sh::detail::called_suit(s)];
    }
  }

  bool leaster() const { return s_.contract == sh::Contract::leaster; }
  bool over() const { return s_.tricks_done == sh::kTricks; }
  bool last_trick() const { return s_.tricks_done >= sh::kTricks - 1; }
  int leaf() const {
    if (leaster()) return leaster_result();
    const int tricks = side_tricks();
    return tricks == 0 ? 0 : tricks == sh::kTricks ? 5 : class_by_points(side_points());
  }
  int lower() const {
    if (leaster()) return 0;
    return side_tricks() == 0 ? 0 : class_by_points(side_points());
  }
  int upper() const {
    if (leaster()) return 2;
    if (side_tricks() == s_.tricks_done) return 5;  // no defender trick yet
    int taken = 0;
    for (int p = 0; p < sh::kPlayers; ++p) taken += s_.points[p];
    return class_by_points(120 - taken + taken_by_side());  // every point still out
  }
  bool trick_start() const { return s_.in_trick == 0; }
  // The key's context word: what the value depends on besides the cards' relative ranks —
  // the seats, the call and the cards of the called suit exactly (S8 ties them to seats), and
  // the past the result depends on.
  uint64_t context() const {
    uint64_t c = uint64_t(s_.to_act) | uint64_t(s_.contract) << 3;
    if (leaster()) {
      c |= uint64_t(root_) << 5 | uint64_t(blind_bonus_) << 8;
      uint64_t seats = 0;  // a byte per seat: its points, and 0x80 once it has a trick
      for (int p = sh::kPlayers - 1; p >= 0; --p)
        seats = seats << 8 | s_.points[p] | (s_.tricks_won[p] ? 0x80u : 0u);
      return c | seats << 13 | kSheepsheadTag;
    }
    c |= uint64_t(s_.picker) << 5 | uint64_t(s_.partner & 7) << 8 | uint64_t(s_.called & 31) << 11 |
         uint64_t(s_.unknown & 63) << 16 | uint64_t(s_.called_led != 0) << 22 |
         uint64_t(s_.unknown_played != 0) << 23 | uint64_t(taken_by_side()) << 24 |
         uint64_t(side_tricks()) << 31;
    int shift = 34;  // the owner of each card of the called suit, 7 once played
    for (Card card : unmergeable_) {
      int owner = 7;
      for (int p = 0; p < sh::kPlayers; ++p)
        if (s_.hands[p].has(card)) owner = p;
      c |= uint64_t(owner) << shift;
      shift += 3;
    }
    return c | kSheepsheadTag;
  }
  CardSet exact_cards() const { return unmergeable_; }
  CardSet hand(int seat) const { return s_.hands[seat]; }
  int cards_left() const {
    int n = 0;
    for (CardSet h : s_.hands) n += h.size();
    return n;
  }
  int to_act() const { return s_.to_act; }
  bool maximizing(int seat) const { return leaster() ? seat == root_ : (side_ >> seat & 1) != 0; }
  CardSet playable(bool* unknown) const {
    const sh::detail::Playable p = sh::detail::playable(s_, s_.to_act);
    *unknown = p.unknown;
    return p.cards;
  }
  CardSet live() const {
    CardSet cards = trick_cards(s_.played[s_.tricks_done % sh::kTricks], sh::kPlayers);
    for (CardSet h : s_.hands) cards |= h;
    return cards;
  }
  CardSet unmergeable() const { return unmergeable_; }
  const TrickRanking& ranking() const { return sh::ranking(); }
  uint8_t unknown_card() const { return s_.unknown; }
  Card trick_best(int* seat) const {
    return best_in_trick(s_, sh::kPlayers, sh::ranking(), seat,
                         [&](int p) { return sh::is_unknown_play(s_, s_.tricks_done, p); });
  }
  // S7–S9 as sheepshead::play does them, without the checks.
  void play(Move m) {
    const int seat = s_.to_act, t = s_.tricks_done;
    if (m.unknown)
      s_.unknown_played = uint8_t(t + 1);
    else
      s_.hands[seat].remove(Card(m.card));
    s_.played[t][seat] = m.card;
    if (s_.in_trick == 0 && s_.contract == sh::Contract::called && !s_.called_led &&
        (m.unknown || sh::ranking().effective_suit(Card(m.card)) == sh::detail::called_suit(s_)))
      s_.called_led = uint8_t(t + 1);
    if (++s_.in_trick < sh::kPlayers) {
      s_.to_act = uint8_t(sh::detail::next_seat(seat));
      return;
    }
    const int winner = sh::detail::trick_winner(s_, t);
    s_.points[winner] = uint8_t(s_.points[winner] + sh::detail::trick_points(s_, t));
    s_.tricks_won[winner]++;
    s_.trick_winners[t] = uint8_t(winner);
    s_.in_trick = 0;
    if (++s_.tricks_done < sh::kTricks) s_.leaders[s_.tricks_done] = uint8_t(winner);
    s_.to_act = uint8_t(winner);
  }

 private:
  int side_tricks() const {
    int n = 0;
    for (int p = 0; p < sh::kPlayers; ++p)
      if (side_ >> p & 1) n += s_.tricks_won[p];
    return n;
  }
  int taken_by_side() const {
    int n = 0;
    for (int p = 0; p < sh::kPlayers; ++p)
      if (side_ >> p & 1) n += s_.points[p];
    return n;
  }
  int side_points() const { return taken_by_side() + bury_points_; }
  // S14 through the game's own scoring.
  int leaster_result() const {
    sh::HandResult r{};
    r.contract = sh::Contract::leaster;
    r.picker = r.partner = sh::kNoSeat;
    r.doubled = 1;
    for (int p = 0; p < sh::kPlayers; ++p) {
      r.points[p] = s_.points[p];
      r.tricks[p] = s_.tricks_won[p];
    }
    const int last = s_.trick_winners[sh::kTricks - 1];
    r.points[last] = uint8_t(r.points[last] + blind_bonus_);
    sh::detail::settle_result(s_.options, &r);
    return r.deltas[root_] > 0 ? 2 : r.deltas[root_] == 0 ? 1 : 0;
  }

  sh::State s_;
  int root_;
  uint8_t side_ = 0;  // bit s: seat s is on the picker's side
  int bury_points_ = 0;
  int blind_bonus_ = 0;  // leaster: the blind's points, to the last trick's winner (S14)
  CardSet unmergeable_;  // the called suit: S8 ties its cards to the partner and picker
};

// S10–S14: the score change of `seat` when the hand ends in result `ordinal` (see above),
// through the game's own scoring of a hand of that result.
int32_t sheepshead_score(const sh::State& s, int seat, int ordinal) {
  sh::HandResult r{};
  r.contract = s.contract;
  r.picker = s.picker;
  r.partner = s.contract == sh::Contract::called ? s.partner : sh::kNoSeat;
  r.doubled = s.doubled ? 2 : 1;
  if (s.contract == sh::Contract::leaster) {
    const int other = sh::detail::next_seat(seat);
    r.picker = r.partner = sh::kNoSeat;
    r.tricks[seat] = 1;
    r.tricks[other] = sh::kTricks - 1;
    r.points[seat] = uint8_t(ordinal == 0 ? 120 : 0);  // ordinal 1: both 0, a tie
    r.points[other] = uint8_t(ordinal == 2 ? 120 : 0);
  } else {
    int defender = 0;
    while (defender == s.picker || defender == r.partner) ++defender;
    static constexpr uint8_t kPoints[6] = {0, 30, 60, 61, 91, 120};
    const int picker_tricks = ordinal == 0 ? 0 : ordinal == 5 ? sh::kTricks : 1;
    r.tricks[s.picker] = uint8_t(picker_tricks);
    r.tricks[defender] = uint8_t(sh::kTricks - picker_tricks);
    r.points[s.picker] = kPoints[ordinal];
    r.points[defender] = uint8_t(120 - kPoints[ordinal]);
  }
  sh::detail::settle_result(s.options, &r);
  return r.deltas[seat];
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
constexpr int kUnknownSlot = 32;  // Sheepshead's unknown, a class of its own

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

}  // namespace

Solver::Solver(int table_bits)
    : table_(std::make_unique<Table>(table_bits <= 0 ? 0 : std::clamp(table_bits, 10, 26))) {}
Solver::~Solver() = default;

void Solver::clear_table() {
  table_->clear();
}

uint64_t Solver::node_end() const {
  return node_limit_ ? stats_.nodes + node_limit_ : UINT64_MAX;
}

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

Reason Solver::card_values(const sh::State& s, CardValue* out, int* count, Error* err) {
  if (Reason r = check_play_phase(s, s.phase == sh::Phase::play, s.phase == sh::Phase::over,
                                  &sh::detail::phase_name, err);
      r != Reason::ok)
    return r;
  const SheepsheadTables& tables = sheepshead_tables();
  detail::Search<SheepsheadNode> search(table_.get(), &tables.order, tables.points, &stats_.nodes,
                                        &stats_.table_hits, node_end());
  const int seat = s.to_act;
  const SheepsheadNode root(s, seat);
  sh::Action actions[sh::kMaxLegalActions];
  const int n = sh::legal_actions(s, actions);
  uint8_t rep_of[32];
  representatives_of(root, tables.order, tables.points, rep_of);
  *count = root_values(
      search, root, n, out,
      [&](int i) {
        const Card c(actions[i].a);
        if (seat == s.picker && c.code == s.unknown && !s.unknown_played)
          return RootPlay{c, Move{c.code, 1}, kUnknownSlot};
        return RootPlay{c, Move{rep_of[c.code], 0}, rep_of[c.code]};
      },
      [&](int, int result) { return sheepshead_score(s, seat, result); });
  return Reason::ok;
}

}  // namespace deckhand::solve
