// The game-independent part of the open-hand solvers (internal header): the transposition
// table, the merging of equivalent cards, move ordering and the alpha-beta search itself.
//
// A game plugs in with a Node type, a copyable position in the play phase, providing:
//   over(), leaf()           — all tricks played; the value then (a small ordinal)
//   last_trick()             — in the last trick, where every play is forced
//   lower(), upper()         — bounds on the value from what is already decided
//   trick_start()            — at a trick boundary, where the table is used
//   hand(s), exact_cards(),  — for the table key: each seat's cards, the cards that are keyed
//     context()                by identity (the rest by relative rank), and everything else
//                              the value depends on, in one word
//   cards_left()             — cards still to be played (replacement depth)
//   to_act(), maximizing(s)  — the seat to act; whether seat s plays for a high value
//   playable(&unknown)       — the cards it may play (and whether Sheepshead's unknown too)
//   live(), unmergeable()    — cards in hands or in the current trick; cards never merged
//   ranking(), points(c)     — effective suits and powers; card points (0 in Euchre)
//   trick_best(&seat)        — the card winning the current trick so far (in_trick > 0)
//   play(move)               — plays one move in place
#pragma once

#include <algorithm>
#include <cassert>
#include <cstdint>
#include <vector>

#include "deckhand/cards.hpp"
#include "deckhand/trick.hpp"

namespace deckhand::solve::detail {

// A position at a trick boundary up to renaming the cards: for each effective suit, the owner
// and card-point class of each card still held, from the highest power down (cards in
// `exact_cards` are left to the context instead), and the context word. Two positions with
// the same key are the same game with cards renamed within suits, so they have the same value
// (the relative ranks of bridge double-dummy solvers). Compared whole, so two positions that
// differ never share an entry.
struct Key {
  uint64_t w[4] = {};
  friend bool operator==(const Key&, const Key&) = default;
  uint64_t hash() const {
    uint64_t h = w[0] * 0x9E3779B97F4A7C15ull;
    h ^= (w[1] + 0x632BE59BD9B4E019ull) * 0xC2B2AE3D27D4EB4Full;
    h ^= (w[2] + 0x85EBCA77C2B2AE63ull) * 0x165667B19E3779F9ull;
    h ^= (w[3] + 0x27D4EB2F165667C5ull) * 0x9E3779B97F4A7C15ull;
    return h ^ (h >> 29);
  }
};

// Writes fields of a few bits each into the first three words of a key.
class KeyWriter {
 public:
  explicit KeyWriter(Key* k) : k_(k) {}
  // At most 25 cards are held at a trick boundary below the root (Sheepshead after one
  // trick): 25 counts' bits plus 25 cards of 6 bits fit in the 192 bits.
  void put(uint64_t value, int bits) {
    assert(pos_ + bits <= 192);
    if (bits == 0) return;
    const int word = pos_ >> 6, shift = pos_ & 63;
    k_->w[word] |= value << shift;
    if (shift + bits > 64) k_->w[word + 1] |= value >> (64 - shift);
    pos_ += bits;
  }

 private:
  Key* k_;
  int pos_ = 0;
};

struct Entry {
  Key key;
  int8_t lower = 0, upper = 0;
  uint8_t best = kNoCard;  // the move that gave the bound, tried first next time (see encode)
  uint8_t depth = 0;       // cards left; 0 marks an empty slot
};

// Two-entry buckets: a new position replaces the entry with fewer cards left (a smaller
// subtree, cheaper to search again).
class Table {
 public:
  // bits 0: no table at all (every probe misses), for checking the table itself.
  explicit Table(int bits)
      : entries_(bits ? size_t(2) << bits : 0), mask_((uint64_t(1) << bits) - 1) {}
  const Entry* probe(const Key& k) const {
    if (entries_.empty()) return nullptr;
    const Entry* b = &entries_[(k.hash() & mask_) * 2];
    if (b[0].depth && b[0].key == k) return &b[0];
    if (b[1].depth && b[1].key == k) return &b[1];
    return nullptr;
  }
  void store(const Key& k, int lower, int upper, uint8_t best, int depth) {
    if (entries_.empty()) return;
    Entry* b = &entries_[(k.hash() & mask_) * 2];
    Entry* e = b[0].depth && b[0].key == k   ? &b[0]
               : b[1].depth && b[1].key == k ? &b[1]
               : b[0].depth <= b[1].depth    ? &b[0]
                                             : &b[1];
    e->key = k;
    e->lower = int8_t(lower);
    e->upper = int8_t(upper);
    e->best = best;
    e->depth = uint8_t(depth);
  }
  void clear() { std::fill(entries_.begin(), entries_.end(), Entry()); }

 private:
  std::vector<Entry> entries_;
  uint64_t mask_;
};

struct Move {
  uint8_t card = kNoCard;
  uint8_t unknown = 0;  // Sheepshead: the picker's unknown, played face down
};

// The cards of each effective suit from the lowest power up, for merging.
struct SuitOrder {
  uint8_t cards[5][16] = {};
  uint8_t count[5] = {};
  explicit SuitOrder(const TrickRanking& r) {
    for (int es = 0; es < 5; ++es) {
      for (Card c : r.suit_cards[es]) cards[es][count[es]++] = c.code;
      std::sort(cards[es], cards[es] + count[es],
                [&](uint8_t a, uint8_t b) { return r.power[a] < r.power[b]; });
    }
  }
};

// One representative of each class of equivalent cards in `playable`: two cards are
// equivalent when they share an effective suit and card points and every card ranked between
// them has left play (is in no hand and not in the current trick). Playing either leads to
// positions that differ only by swapping the two, so they have the same value.
// rep_of (optional) receives each playable card's representative.
inline CardSet representatives(CardSet playable, CardSet live, CardSet unmergeable,
                               const SuitOrder& order, const int8_t* points,
                               uint8_t* rep_of = nullptr) {
  CardSet reps;
  for (int es = 0; es < 5; ++es) {
    int prev = -1;  // the representative the next card may join, or -1
    for (int i = 0; i < order.count[es]; ++i) {
      const Card c(order.cards[es][i]);
      if (playable.has(c)) {
        if (prev >= 0 && points[prev] == points[c.code] && !unmergeable.has(c)) {
          if (rep_of) rep_of[c.code] = uint8_t(prev);
          continue;
        }
        reps.add(c);
        if (rep_of) rep_of[c.code] = c.code;
        prev = unmergeable.has(c) ? -1 : c.code;
      } else if (live.has(c)) {
        prev = -1;  // a card still in play separates the two
      }
    }
  }
  return reps;
}

template <typename Node>
class Search {
 public:
  static constexpr int kInfinity = 1000;

  // node_end: the value of *nodes at which the search gives up (see out_of_nodes).
  Search(Table* table, const SuitOrder* order, const int8_t* points, uint64_t* nodes,
         uint64_t* hits, uint64_t node_end = UINT64_MAX)
      : table_(table),
        order_(order),
        points_(points),
        nodes_(nodes),
        hits_(hits),
        node_end_(node_end) {
    // Card points as a small class for the key: 0 (no points anywhere: Euchre) or 3 bits.
    int8_t seen[32], distinct = 0;
    for (int c = 0; c < 32; ++c) {
      int i = 0;
      while (i < distinct && seen[i] != points[c]) ++i;
      if (i == distinct) seen[distinct++] = points[c];
      points_class_[c] = uint8_t(i);
    }
    class_bits_ = distinct > 1 ? 3 : 0;
  }

  // The minimax value of `n` within a fail-soft window: exact when it lies strictly inside
  // (alpha, beta), otherwise a bound on the side of the window it fell.
  int value(const Node& n, int alpha, int beta) {
    if (++*nodes_ > node_end_) out_of_nodes_ = true;
    if (out_of_nodes_) return 0;  // meaningless; the caller checks out_of_nodes()
    if (n.last_trick()) return played_out(n);
    int lo = n.lower(), hi = n.upper();
    uint8_t table_move = kNoCard;
    const bool boundary = n.trick_start();
    Key key;
    uint8_t keyed[32];  // the cards in key order
    if (boundary) {
      key = position_key(n, keyed);
      if (const Entry* e = table_->probe(key)) {
        ++*hits_;
        lo = std::max(lo, int(e->lower));
        hi = std::min(hi, int(e->upper));
        table_move = e->best & 0x80 ? uint8_t(e->best & 0x7F) : keyed[e->best];
      }
    }
    if (lo >= beta || lo == hi) return lo;
    if (hi <= alpha) return hi;
    int a = std::max(alpha, lo), b = std::min(beta, hi);

    Move moves[kMaxMoves];
    const int count = ordered_moves(n, table_move, moves);
    const bool maximizing = n.maximizing(n.to_act());
    int best = maximizing ? -kInfinity : kInfinity;
    uint8_t best_card = kNoCard;
    for (int i = 0; i < count; ++i) {
      Node child = n;
      child.play(moves[i]);
      const int v = value(child, a, b);
      if (maximizing ? v > best : v < best) best = v, best_card = moves[i].card;
      if (maximizing)
        a = std::max(a, best);
      else
        b = std::min(b, best);
      if (a >= b || out_of_nodes_) break;
    }
    if (out_of_nodes_) return best;  // unproven: nothing goes into the table
    if (boundary) {
      const int wa = std::max(alpha, lo), wb = std::min(beta, hi);
      const int new_lower = best > wa ? best : lo;  // failed low: only the old lower bound
      const int new_upper = best < wb ? best : hi;  // failed high: only the old upper bound
      // The best move by its place in the key order, which renaming preserves.
      uint8_t stored_move = uint8_t(0x80 | best_card);
      for (int i = 0; i < 32 && keyed[i] != kNoCard; ++i)
        if (keyed[i] == best_card) stored_move = uint8_t(i);
      table_->store(key, std::max(lo, new_lower), std::min(hi, new_upper), stored_move,
                    n.cards_left());
    }
    return best;
  }

  // The exact value of `n` by null-window searches converging from `guess` (MTD(f)): each
  // search proves one bound, and the table keeps what the earlier ones proved.
  int exact(const Node& n, int guess) {
    int lower = n.lower(), upper = n.upper();
    int g = std::clamp(guess, lower, upper);
    while (lower < upper && !out_of_nodes_) {
      const int beta = g == lower ? g + 1 : g;
      g = value(n, beta - 1, beta);
      if (g < beta)
        upper = g;
      else
        lower = g;
    }
    return lower;
  }

  static constexpr int kMaxMoves = 8;

  // True once the search has visited its node budget: the values it returned since are
  // meaningless (the table holds only what was proved before).
  bool out_of_nodes() const { return out_of_nodes_; }

  // See Key. keyed[] receives the cards in key order, ended by kNoCard.
  Key position_key(const Node& n, uint8_t* keyed) const {
    Key k;
    k.w[3] = n.context();
    uint8_t owner[32];
    CardSet held;
    for (int p = 0; p < Node::kSeats; ++p)
      for (Card c : n.hand(p)) owner[c.code] = uint8_t(p), held.add(c);
    held = held - n.exact_cards();
    const TrickRanking& r = n.ranking();
    KeyWriter w(&k);
    for (int es = 0; es < 5; ++es) w.put(uint64_t((held & r.suit_cards[es]).size()), 5);
    int count = 0;
    for (int es = 0; es < 5; ++es) {
      for (int i = order_->count[es] - 1; i >= 0; --i) {
        const uint8_t c = order_->cards[es][i];
        if (!held.has(Card(c))) continue;
        w.put(owner[c], kOwnerBits);
        w.put(points_class_[c], class_bits_);
        keyed[count++] = c;
      }
    }
    keyed[count] = kNoCard;
    return k;
  }

  // The last trick: every seat has one card (or the unknown) left, so it plays itself.
  static int played_out(const Node& n) {
    Node end = n;
    while (!end.over()) {
      bool unknown = false;
      const CardSet cards = end.playable(&unknown);
      end.play(cards.empty() ? Move{end.unknown_card(), 1} : Move{cards.lowest().code, 0});
    }
    return end.leaf();
  }

  // The representatives of the playable cards, best first by cheap rules of thumb: the table's
  // move; on a lead, trump first for the side that wants a high value and plain suits first
  // for the other, high cards first; following, the cheapest card that takes the trick from
  // an opponent (points first), points onto a partner's winner, otherwise the lowest card.
  int ordered_moves(const Node& n, uint8_t table_move, Move* out) const {
    bool unknown = false;
    const CardSet playable = n.playable(&unknown);
    const CardSet reps = representatives(playable, n.live(), n.unmergeable(), *order_, points_);
    const TrickRanking& r = n.ranking();
    int scores[kMaxMoves];
    int count = 0;
    Card best;
    bool partner_winning = false;
    if (!n.trick_start()) {
      int best_seat = 0;
      best = n.trick_best(&best_seat);
      partner_winning = n.maximizing(best_seat) == n.maximizing(n.to_act());
    }
    const bool leader_max = n.maximizing(n.to_act());
    for (Card c : reps) {
      int score;
      if (n.trick_start())
        score = r.power[c.code] + ((r.effective_suit(c) == kTrumpSuit) == leader_max ? 16 : 0);
      else if (!best.valid() || r.beats(c, best))
        score =
            partner_winning ? -100 - r.power[c.code] : 200 - r.power[c.code] + 2 * points_[c.code];
      else
        score = partner_winning ? 8 * points_[c.code] - r.power[c.code]
                                : -8 * points_[c.code] - r.power[c.code];
      if (c.code == table_move) score = 10000;
      int i = count++;
      for (; i > 0 && scores[i - 1] < score; --i) out[i] = out[i - 1], scores[i] = scores[i - 1];
      out[i] = Move{c.code, 0};
      scores[i] = score;
    }
    if (unknown) out[count++] = Move{n.unknown_card(), 1};
    return count;
  }

 private:
  Table* table_;
  const SuitOrder* order_;
  const int8_t* points_;
  uint64_t* nodes_;
  uint64_t* hits_;
  uint64_t node_end_;
  bool out_of_nodes_ = false;
  static constexpr int kOwnerBits = Node::kSeats <= 4 ? 2 : 3;
  uint8_t points_class_[32];
  int class_bits_;
};

}  // namespace deckhand::solve::detail
