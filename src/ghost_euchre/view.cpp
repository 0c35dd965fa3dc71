// Ghost Hand Euchre views (G11): what one seat sees, as a value, as text and as JSON.
#include <cstring>

#include "../common/text.hpp"
#include "deckhand/rng.hpp"
#include "internal.hpp"

namespace deckhand::ghost_euchre {

View view(const State& s, int seat) {
  View v{};
  const bool seated = seat >= 0 && seat < kPlayers;
  std::memcpy(v.scores, s.scores, sizeof v.scores);
  v.hand_number = s.hand_number;
  v.hand = seated ? s.hands[seat] : CardSet();
  v.dead_hand = seated && s.spare_owner == seat ? s.spare : CardSet();  // G11
  v.last = s.last;
  v.options = s.options;
  v.phase = s.phase;
  v.seat = seated ? uint8_t(seat) : kNoSeat;
  v.dealer = s.dealer;
  v.to_act = s.to_act;
  v.spare_owner = s.spare_owner;
  v.auction_len = s.auction_len;
  std::memcpy(v.auction, s.auction, sizeof v.auction);
  v.high_bid = s.high_bid;
  v.declarer = s.declarer;
  v.trump = s.trump;
  v.tricks_done = s.tricks_done;
  v.in_trick = s.in_trick;
  std::memcpy(v.leaders, s.leaders, sizeof v.leaders);
  std::memcpy(v.played, s.played, sizeof v.played);
  std::memcpy(v.tricks_won, s.tricks_won, sizeof v.tricks_won);
  v.tiebreak = s.tiebreak;
  v.winners = s.winners;
  return v;
}

namespace {

std::string auction_entry(uint8_t e) {
  const int what = e & 15;
  if (what == kAuctionSwap) return "swap";
  if (what == kAuctionPass) return "pass";
  return std::string("bid ") + detail::bid_word(what);
}

void cards_json(text::Json& j, CardSet set) {
  j.begin_array();
  for (Card c : set) j.value(card_name(c));
  j.end_array();
}

// The hand as players hold it: once trump is named its cards together first, high to low
// (the bowers on top, G1), then the other suits with black and red alternating; before, the
// suits spades, hearts, clubs, diamonds. High to low within each suit.
void hand_sorted_json(text::Json& j, CardSet hand, uint8_t trump) {
  static constexpr uint8_t kCycle[] = {uint8_t(Suit::spades), uint8_t(Suit::hearts),
                                       uint8_t(Suit::clubs), uint8_t(Suit::diamonds)};
  const bool named = trump < kSuitCount;
  uint8_t order[kSuitCount + 1];
  int n = 0;
  int start = 0;
  if (named) {
    order[n++] = kTrumpSuit;
    while (kCycle[start] != trump) ++start;
    ++start;
  }
  for (int i = 0; i < kSuitCount; ++i) {
    const uint8_t suit = kCycle[(start + i) % kSuitCount];
    if (!named || suit != trump) order[n++] = suit;
  }
  const TrickRanking& r = ranking_for(named ? Suit(trump) : Suit::clubs);
  j.begin_array();
  for (int i = 0; i < n; ++i) {
    // Before trump is named every card sits in its printed suit, ordered by rank.
    CardSet cards = named ? hand & r.suit_cards[order[i]] : hand & CardSet::suit(Suit(order[i]));
    while (!cards.empty()) {
      Card best = cards.lowest();
      for (Card c : cards)
        if (named ? r.power[c.code] > r.power[best.code] : c.rank() > best.rank()) best = c;
      j.value(card_name(best));
      cards.remove(best);
    }
  }
  j.end_array();
}

// The finished tricks of the current (or last) hand, plus during play the current trick,
// even before its lead, so that its leader shows.
int visible_tricks(const View& v) {
  return v.tricks_done + (v.phase == Phase::play ? 1 : 0);
}

// The seat that won trick t, or -1 while it is incomplete (G7).
int trick_winner(const View& v, int t) {
  if (t >= v.tricks_done || v.trump >= kSuitCount) return -1;
  Card cards[kPlayers];
  for (int i = 0; i < kPlayers; ++i) cards[i] = Card(v.played[t][(v.leaders[t] + i) % kPlayers]);
  return (v.leaders[t] + ranking_for(Suit(v.trump)).winner(cards, kPlayers)) % kPlayers;
}

}  // namespace

std::string result_json(const HandResult& r) {
  text::Json j;
  if (r.declarer == kNoSeat) return "null";
  j.begin_object();
  j.key("declarer").value(int(r.declarer));
  j.key("bid").value(detail::bid_word(r.bid));
  j.key("made").value(r.made != 0);
  j.key("moon").value(r.bid == kMoon);
  j.key("tricks").begin_array();
  for (int p = 0; p < kPlayers; ++p) j.value(int(r.tricks[p]));
  j.end_array();
  j.key("reneges").begin_array();
  for (int p = 0; p < kPlayers; ++p) j.value(int(r.reneges[p]));
  j.end_array();
  j.key("renege_penalty").begin_array();
  for (int p = 0; p < kPlayers; ++p) j.value(int(r.renege_penalty[p]));
  j.end_array();
  j.key("deltas").begin_array();
  for (int p = 0; p < kPlayers; ++p) j.value(int(r.deltas[p]));
  j.end_array();
  j.end_object();
  return j.take();
}

std::string view_json(const View& v) {
  text::Json j;
  j.begin_object();
  j.key("game").value("ghost-euchre");
  j.key("seat").seat(v.seat);
  j.key("phase").value(detail::phase_name(v.phase));
  j.key("hand_number").value(int64_t(v.hand_number));
  j.key("dealer").value(int(v.dealer));
  j.key("to_act").seat(v.to_act);
  j.key("hand");
  cards_json(j, v.hand);
  j.key("hand_sorted");
  hand_sorted_json(j, v.hand, v.trump);
  j.key("dead_hand");
  if (v.spare_owner == v.seat && v.seat != kNoSeat)
    cards_json(j, v.dead_hand);
  else
    j.null();
  j.key("swapped").seat(v.spare_owner);
  j.key("auction").begin_array();
  for (int i = 0; i < v.auction_len; ++i) {
    j.begin_object();
    j.key("seat").value(v.auction[i] >> 4);
    j.key("action").value(auction_entry(v.auction[i]));
    j.end_object();
  }
  j.end_array();
  j.key("declarer").seat(v.declarer);
  j.key("bid");
  if (v.high_bid)
    j.value(detail::bid_word(v.high_bid));
  else
    j.null();
  j.key("trump");
  if (v.trump < kSuitCount)
    j.value(std::string(1, suit_letter(Suit(v.trump))));
  else
    j.null();
  j.key("tricks").begin_array();
  const int shown = v.phase == Phase::bidding || v.phase == Phase::trump ? 0 : visible_tricks(v);
  for (int t = 0; t < shown && t < kTricks; ++t) {
    if (v.leaders[t] == kNoSeat) continue;
    j.begin_object();
    j.key("leader").value(int(v.leaders[t]));
    j.key("winner").seat(trick_winner(v, t));
    j.key("cards").begin_array();
    for (int p = 0; p < kPlayers; ++p) {
      if (v.played[t][p] == kNoCard)
        j.null();
      else
        j.value(card_name(Card(v.played[t][p])));
    }
    j.end_array();
    j.end_object();
  }
  j.end_array();
  j.key("tricks_won").begin_array();
  for (int p = 0; p < kPlayers; ++p) j.value(int(v.tricks_won[p]));
  j.end_array();
  j.key("scores").begin_array();
  for (int p = 0; p < kPlayers; ++p) j.value(int64_t(v.scores[p]));
  j.end_array();
  j.key("tiebreak").value(v.tiebreak != 0);
  j.key("last_hand").raw(result_json(v.last));
  j.key("over").value(v.phase == Phase::over);
  j.key("winners").begin_array();
  for (int p = 0; p < kPlayers; ++p)
    if (v.winners >> p & 1) j.value(p);
  j.end_array();
  j.end_object();
  return j.take();
}

std::string view_text(const View& v) {
  std::string out;
  char buf[128];
  auto line = [&](const std::string& s) {
    out += s;
    out += '\n';
  };
  line("Ghost Hand Euchre — seat " +
       (v.seat == kNoSeat ? std::string("(spectator)") : std::to_string(v.seat)) + ", hand " +
       std::to_string(v.hand_number) + ", phase " + detail::phase_name(v.phase));
  line("scores: " + std::to_string(v.scores[0]) + " / " + std::to_string(v.scores[1]) + " / " +
       std::to_string(v.scores[2]) + (v.tiebreak ? "  (tie-break)" : ""));
  line("dealer: seat " + std::to_string(v.dealer) +
       (v.to_act == kNoSeat ? std::string("; nobody to act")
                            : "; seat " + std::to_string(v.to_act) + " to act"));
  format_cards(v.hand, buf);
  line(std::string("your hand: ") + (v.hand.empty() ? "(empty)" : buf));
  if (v.seat != kNoSeat && v.spare_owner == v.seat) {
    format_cards(v.dead_hand, buf);
    line(std::string("dead hand (you gave it up): ") + buf);
  }
  if (v.auction_len) {
    std::string a = "auction:";
    for (int i = 0; i < v.auction_len; ++i)
      a += " " + std::to_string(v.auction[i] >> 4) + ":" + auction_entry(v.auction[i]);
    line(a);
  }
  if (v.declarer != kNoSeat)
    line("declarer: seat " + std::to_string(v.declarer) + " bid " + detail::bid_word(v.high_bid) +
         (v.trump < kSuitCount ? std::string(", trump ") + suit_word(Suit(v.trump))
                               : std::string()));
  if (v.phase == Phase::play || v.phase == Phase::deal || v.phase == Phase::over) {
    const int shown = visible_tricks(v);
    for (int t = 0; t < shown && t < kTricks; ++t) {
      if (v.leaders[t] == kNoSeat) continue;
      std::string tr = "trick " + std::to_string(t + 1) + ":";
      for (int i = 0; i < kPlayers; ++i) {
        const int p = (v.leaders[t] + i) % kPlayers;
        if (v.played[t][p] != kNoCard)
          tr += " " + std::to_string(p) + ":" + card_name(Card(v.played[t][p]));
      }
      const int winner = trick_winner(v, t);
      if (winner >= 0) tr += "  -> seat " + std::to_string(winner);
      line(tr);
    }
  }
  if (v.last.declarer != kNoSeat)
    line("last hand: deltas " + std::to_string(v.last.deltas[0]) + " / " +
         std::to_string(v.last.deltas[1]) + " / " + std::to_string(v.last.deltas[2]) +
         " (declarer " + std::to_string(v.last.declarer) + " bid " + detail::bid_word(v.last.bid) +
         (v.last.made ? ", made)" : ", set)"));
  if (v.phase == Phase::over) {
    std::string w = "game over; winner:";
    for (int p = 0; p < kPlayers; ++p)
      if (v.winners >> p & 1) w += " seat " + std::to_string(p);
    line(w);
  }
  return out;
}

bool detail::swap_hidden(const State& s, int seat, uint64_t pick, State* out) {
  State copy = s;
  CardSet* holders[kPlayers + 1];
  int n = 0;
  for (int p = 0; p < kPlayers; ++p)
    if (p != seat && !copy.hands[p].empty()) holders[n++] = &copy.hands[p];
  if (copy.spare_owner != seat && !copy.spare.empty()) holders[n++] = &copy.spare;
  if (n < 2) return false;
  PortableRng rng(pick);
  const int i = int(rng.bounded(uint64_t(n)));
  int j = int(rng.bounded(uint64_t(n - 1)));
  if (j >= i) ++j;
  const Card a = holders[i]->nth(int(rng.bounded(uint64_t(holders[i]->size()))));
  const Card b = holders[j]->nth(int(rng.bounded(uint64_t(holders[j]->size()))));
  holders[i]->remove(a), holders[i]->add(b);
  holders[j]->remove(b), holders[j]->add(a);
  *out = copy;
  return true;
}

}  // namespace deckhand::ghost_euchre
