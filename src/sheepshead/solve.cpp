// Sheepshead's open-hand solver (deckhand/solve.hpp): the position type for the
// search in src/solve/search.hpp, and Solver::card_values. The positions are the game's own
// State, changed in place by the play fields alone (no validation, no scoring): the rules of
// what may be played, who wins a trick and its card points are the game's own functions.
#include "../solve/solver.hpp"
#include "deckhand/sheepshead_solve.hpp"
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
constexpr uint64_t kSheepsheadTag = uint64_t(2) << 62;
using detail::kUnknownSlot;

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

}  // namespace

template <>
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
