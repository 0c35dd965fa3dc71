// The game-independent part of the open-hand solvers (internal header): the transposition
// table, the merging of equivalent cards, move ordering and the alpha-beta search itself.
//
// A game plugs in with a Node type, a copyable position in the play phase, providing:
//   over(), leaf()           — all tricks played; the value then (a small ordinal)
//   last_trick()             — in the last trick, where every play is forced
//   lower(), upper()         — bounds on the value from what is already decided
//   trick_start(), key()     — at a trick boundary, the position's exact table key
//   cards_left()             — cards still to be played (replacement depth)
//   to_act(), maximizing(s)  — the seat to act; whether seat s plays for a high value
//   playable(&unknown)       — the cards it may play (and whether Sheepshead's unknown too)
//   live(), unmergeable()    — cards in hands or in the current trick; cards never merged
//   ranking(), points(c)     — effective suits and powers; card points (0 in Euchre)
//   trick_best(&seat)        — the card winning the current trick so far (in_trick > 0)
//   play(move)               — plays one move in place
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "deckhand/cards.hpp"
#include "deckhand/trick.hpp"

namespace deckhand::solve::detail {

// The exact identity of a position at a trick boundary: hands, seat to lead, the hand's
// fixed context and whatever of the past the value depends on. Compared whole, so two
// positions never share an entry.
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

struct Entry {
  Key key;
  int8_t lower = 0, upper = 0;
  uint8_t best = kNoCard;  // the card that gave the bound, tried first next time
  uint8_t depth = 0;       // cards left; 0 marks an empty slot
};

// Two-entry buckets: a new position replaces the entry with fewer cards left (a smaller
// subtree, cheaper to search again).
class Table {
 public:
  explicit Table(int bits) : entries_(size_t(2) << bits), mask_((uint64_t(1) << bits) - 1) {}
  const Entry* probe(const Key& k) const {
    const Entry* b = &entries_[(k.hash() & mask_) * 2];
    if (b[0].depth && b[0].key == k) return &b[0];
    if (b[1].depth && b[1].key == k) return &b[1];
    return nullptr;
  }
  void store(const Key& k, int lower, int upper, uint8_t best, int depth) {
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

  Search(Table* table, const SuitOrder* order, const int8_t* points, uint64_t* nodes,
         uint64_t* hits)
      : table_(table), order_(order), points_(points), nodes_(nodes), hits_(hits) {}

  // The minimax value of `n` within a fail-soft window: exact when it lies strictly inside
  // (alpha, beta), otherwise a bound on the side of the window it fell.
  int value(const Node& n, int alpha, int beta) {
    ++*nodes_;
    if (n.last_trick()) return played_out(n);
    int lo = n.lower(), hi = n.upper();
    uint8_t table_move = kNoCard;
    const bool boundary = n.trick_start();
    Key key;
    if (boundary) {
      key = n.key();
      if (const Entry* e = table_->probe(key)) {
        ++*hits_;
        lo = std::max(lo, int(e->lower));
        hi = std::min(hi, int(e->upper));
        table_move = e->best;
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
      if (a >= b) break;
    }
    if (boundary) {
      const int wa = std::max(alpha, lo), wb = std::min(beta, hi);
      const int new_lower = best > wa ? best : lo;  // failed low: only the old lower bound
      const int new_upper = best < wb ? best : hi;  // failed high: only the old upper bound
      table_->store(key, std::max(lo, new_lower), std::min(hi, new_upper), best_card,
                    n.cards_left());
    }
    return best;
  }

  static constexpr int kMaxMoves = 8;

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
  // move; on a lead, high cards; following, the cheapest card that takes the trick from an
  // opponent, points onto a partner's winner, otherwise the lowest card.
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
};

}  // namespace deckhand::solve::detail
