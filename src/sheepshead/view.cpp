// Sheepshead views (S13): what one seat sees, as a value, as text and as JSON.
#include <cstring>

#include "../common/text.hpp"
#include "deckhand/rng.hpp"
#include "internal.hpp"

namespace deckhand::sheepshead {

View view(const State& s, int seat) {
  View v{};
  const bool seated = seat >= 0 && seat < kPlayers;
  const bool hand_over = s.phase == Phase::deal || s.phase == Phase::over;  // everything shows
  const bool is_picker = seated && seat == s.picker;
  std::memcpy(v.scores, s.scores, sizeof v.scores);
  v.hand_number = s.hand_number;
  v.hand = seated ? s.hands[seat] : CardSet();
  v.blind = is_picker || hand_over ? s.blind : CardSet();
  v.bury = is_picker || hand_over ? s.bury : CardSet();
  v.last = s.last;
  v.options = s.options;
  v.phase = s.phase;
  v.contract = s.contract;
  v.seat = seated ? uint8_t(seat) : kNoSeat;
  v.dealer = s.dealer;
  v.to_act = s.to_act;
  v.passes = s.passes;
  v.picker = s.picker;
  v.called = s.called;
  // The partner is secret until the called card is played (S13); the partner knows itself.
  bool called_played = false;
  for (int t = 0; t < kTricks && s.partner != kNoSeat; ++t)
    called_played |= s.played[t][s.partner] == s.called;
  v.partner = called_played || hand_over || (seated && seat == s.partner) ? s.partner : kNoSeat;
  v.unknown = is_picker || hand_over ? s.unknown : kNoCard;
  v.called_led = s.called_led;
  v.tricks_done = s.tricks_done;
  v.in_trick = s.in_trick;
  std::memcpy(v.leaders, s.leaders, sizeof v.leaders);
  std::memcpy(v.played, s.played, sizeof v.played);
  if (s.unknown_played && !is_picker && !hand_over)
    v.played[s.unknown_played - 1][s.picker] = kFaceDown;
  std::memcpy(v.trick_winners, s.trick_winners, sizeof v.trick_winners);
  std::memcpy(v.tricks_won, s.tricks_won, sizeof v.tricks_won);
  v.doubled = s.doubled;
  v.pending_doublers = s.pending_doublers;
  v.winners = s.winners;
  return v;
}

namespace {

void cards_json(text::Json& j, CardSet set) {
  j.begin_array();
  for (Card c : set) j.value(card_name(c));
  j.end_array();
}

void card_or_null(text::Json& j, uint8_t code) {
  if (code == kNoCard)
    j.null();
  else if (code == kFaceDown)
    j.value("unknown");
  else
    j.value(card_name(Card(code)));
}

template <typename T>
void array_json(text::Json& j, const T* values, int n) {
  j.begin_array();
  for (int i = 0; i < n; ++i) j.value(int64_t(values[i]));
  j.end_array();
}

int shown_tricks(const View& v) {
  return v.tricks_done + (v.phase == Phase::play ? 1 : 0);
}

// The hand as players hold it: the trumps together, high to low (queens, jacks, then the
// diamonds, S2), then the fail suits clubs, hearts, spades (black and red alternating), each
// high to low.
void hand_sorted_json(text::Json& j, CardSet hand) {
  const TrickRanking& r = ranking();
  static constexpr uint8_t kOrder[] = {kTrumpSuit, uint8_t(Suit::clubs), uint8_t(Suit::hearts),
                                       uint8_t(Suit::spades), uint8_t(Suit::diamonds)};
  j.begin_array();
  for (uint8_t suit : kOrder) {
    CardSet cards = hand & r.suit_cards[suit];
    while (!cards.empty()) {
      Card best = cards.lowest();
      for (Card c : cards)
        if (r.power[c.code] > r.power[best.code]) best = c;
      j.value(card_name(best));
      cards.remove(best);
    }
  }
  j.end_array();
}

// S9, S13: the card points in the tricks each seat has taken so far, as this seat sees them
// (a card played face down counts once it shows, at the end of the hand). The bury and a
// leaster's blind are not in them (last_hand itemises those).
void points_taken_json(text::Json& j, const View& v) {
  int points[kPlayers] = {};
  for (int t = 0; t < shown_tricks(v) && t < kTricks; ++t) {
    if (v.leaders[t] == kNoSeat || v.trick_winners[t] == kNoSeat) continue;
    for (int p = 0; p < kPlayers; ++p)
      points[v.trick_winners[t]] += card_points(Card(v.played[t][p]));
  }
  array_json(j, points, kPlayers);
}

}  // namespace

std::string result_json(const HandResult& r) {
  if (r.contract == Contract::none) return "null";
  text::Json j;
  j.begin_object();
  j.key("contract").value(detail::contract_name(r.contract));
  j.key("picker").seat(r.picker);
  j.key("partner").seat(r.partner);
  j.key("called");
  card_or_null(j, r.called);
  j.key("unknown");
  card_or_null(j, r.unknown);
  j.key("bury_points").value(int(r.bury_points));
  j.key("picker_side_points").value(int(r.picker_side_points));
  j.key("picker_side_tricks").value(int(r.picker_side_tricks));
  j.key("won").value(r.won != 0);
  j.key("multiplier").value(int(r.multiplier));
  j.key("doubled").value(int(r.doubled));
  j.key("bumped").value(int(r.bumped));
  j.key("leaster_winner").seat(r.leaster_winner);
  j.key("blind_points").value(int(r.blind_points));
  j.key("points");
  array_json(j, r.points, kPlayers);
  j.key("tricks");
  array_json(j, r.tricks, kPlayers);
  j.key("deltas");
  array_json(j, r.deltas, kPlayers);
  j.end_object();
  return j.take();
}

std::string view_json(const View& v) {
  text::Json j;
  j.begin_object();
  j.key("game").value("sheepshead");
  j.key("seat").seat(v.seat);
  j.key("phase").value(detail::phase_name(v.phase));
  j.key("contract").value(detail::contract_name(v.contract));
  j.key("hand_number").value(int64_t(v.hand_number));
  j.key("dealer").value(int(v.dealer));
  j.key("to_act").seat(v.to_act);
  j.key("hand");
  cards_json(j, v.hand);
  j.key("hand_sorted");
  hand_sorted_json(j, v.hand);
  j.key("passes").value(int(v.passes));
  j.key("picker").seat(v.picker);
  j.key("blind");
  if (v.blind.empty())
    j.null();
  else
    cards_json(j, v.blind);
  j.key("bury");
  if (v.bury.empty())
    j.null();
  else
    cards_json(j, v.bury);
  j.key("called");
  card_or_null(j, v.called);
  j.key("partner").seat(v.partner);
  j.key("unknown");
  card_or_null(j, v.unknown);
  j.key("tricks").begin_array();
  for (int t = 0; t < shown_tricks(v) && t < kTricks; ++t) {
    if (v.leaders[t] == kNoSeat) continue;
    j.begin_object();
    j.key("leader").value(int(v.leaders[t]));
    j.key("winner").seat(v.trick_winners[t]);
    j.key("cards").begin_array();
    for (int p = 0; p < kPlayers; ++p) card_or_null(j, v.played[t][p]);
    j.end_array();
    j.end_object();
  }
  j.end_array();
  j.key("tricks_won");
  array_json(j, v.tricks_won, kPlayers);
  j.key("points_taken");
  points_taken_json(j, v);
  j.key("scores");
  array_json(j, v.scores, kPlayers);
  j.key("doubled").value(v.doubled != 0);
  j.key("pending_doublers").value(int(v.pending_doublers));
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
  auto line = [&](const std::string& s) { out += s + '\n'; };
  auto card_text = [](uint8_t code) -> std::string {
    return code == kFaceDown ? "??" : code == kNoCard ? "--" : card_name(Card(code));
  };
  line("Sheepshead — seat " +
       (v.seat == kNoSeat ? std::string("(spectator)") : std::to_string(v.seat)) + ", hand " +
       std::to_string(v.hand_number) + ", phase " + detail::phase_name(v.phase) +
       (v.doubled ? " (doubled)" : ""));
  std::string scores = "scores:";
  for (int p = 0; p < kPlayers; ++p) scores += " " + std::to_string(v.scores[p]);
  line(scores);
  line("dealer: seat " + std::to_string(v.dealer) +
       (v.to_act == kNoSeat ? std::string("; nobody to act")
                            : "; seat " + std::to_string(v.to_act) + " to act"));
  format_cards(v.hand, buf);
  line(std::string("your hand: ") + (v.hand.empty() ? "(empty)" : buf));
  if (v.contract == Contract::leaster) line("leaster: everyone for themselves, fewest points wins");
  if (v.picker != kNoSeat) {
    std::string p = "picker: seat " + std::to_string(v.picker);
    if (v.contract == Contract::alone) p += ", alone";
    if (v.called != kNoCard) p += std::string(", called ") + card_name(Card(v.called));
    if (v.partner != kNoSeat) p += ", partner seat " + std::to_string(v.partner);
    line(p);
  }
  if (!v.blind.empty()) format_cards(v.blind, buf), line(std::string("blind: ") + buf);
  if (!v.bury.empty()) format_cards(v.bury, buf), line(std::string("bury: ") + buf);
  if (v.unknown != kNoCard) line(std::string("unknown: ") + card_name(Card(v.unknown)));
  for (int t = 0; t < shown_tricks(v) && t < kTricks; ++t) {
    if (v.leaders[t] == kNoSeat) continue;
    std::string tr = "trick " + std::to_string(t + 1) + ":";
    for (int i = 0; i < kPlayers; ++i) {
      const int p = (v.leaders[t] + i) % kPlayers;
      if (v.played[t][p] != kNoCard)
        tr += " " + std::to_string(p) + ":" + card_text(v.played[t][p]);
    }
    if (v.trick_winners[t] != kNoSeat) tr += "  -> seat " + std::to_string(v.trick_winners[t]);
    line(tr);
  }
  if (v.last.contract != Contract::none) {
    std::string d =
        "last hand (" + std::string(detail::contract_name(v.last.contract)) + "): deltas";
    for (int p = 0; p < kPlayers; ++p) d += " " + std::to_string(v.last.deltas[p]);
    line(d);
  }
  if (v.phase == Phase::over) {
    std::string w = "game over; winners:";
    for (int p = 0; p < kPlayers; ++p)
      if (v.winners >> p & 1) w += " seat " + std::to_string(p);
    line(w);
  }
  return out;
}

bool detail::swap_hidden(const State& s, int seat, uint64_t pick, State* out) {
  State c = s;
  CardSet* sets[kPlayers + 4];
  int n = 0;
  CardSet unknown_set;  // the unknown, set aside or played face down
  bool unknown_holder = false;
  const bool hand_over = s.phase == Phase::deal || s.phase == Phase::over;
  const bool is_picker = seat >= 0 && seat == s.picker;
  for (int p = 0; p < kPlayers; ++p)
    if (p != seat && !c.hands[p].empty()) sets[n++] = &c.hands[p];
  if (!hand_over && s.picker == kNoSeat && !c.blind.empty())
    sets[n++] = &c.blind;  // picking, or a leaster
  if (!hand_over && !is_picker && !c.bury.empty()) sets[n++] = &c.bury;
  if (!hand_over && !is_picker && s.unknown != kNoCard) {
    unknown_set = CardSet::of(Card(s.unknown));
    sets[n++] = &unknown_set;
    unknown_holder = true;
  }
  if (n < 2) return false;
  PortableRng rng(pick);
  const int i = int(rng.bounded(uint64_t(n)));
  int j = int(rng.bounded(uint64_t(n - 1)));
  if (j >= i) ++j;
  const Card a = sets[i]->nth(int(rng.bounded(uint64_t(sets[i]->size()))));
  const Card b = sets[j]->nth(int(rng.bounded(uint64_t(sets[j]->size()))));
  sets[i]->remove(a), sets[i]->add(b);
  sets[j]->remove(b), sets[j]->add(a);
  if (unknown_holder && unknown_set.lowest().code != s.unknown) {  // the unknown itself moved
    c.unknown = unknown_set.lowest().code;
    for (int t = 0; t < kTricks; ++t)
      if (c.played[t][c.picker] == s.unknown) c.played[t][c.picker] = c.unknown;  // face down
  }
  if (s.picker != kNoSeat) {  // the blind as the picker took it
    if (s.blind.has(a))
      c.blind.remove(a), c.blind.add(b);
    else if (s.blind.has(b))
      c.blind.remove(b), c.blind.add(a);
  }
  if (s.called != kNoCard)
    for (int p = 0; p < kPlayers; ++p)
      if (c.hands[p].has(Card(s.called))) c.partner = uint8_t(p);
  *out = c;
  return true;
}

}  // namespace deckhand::sheepshead
