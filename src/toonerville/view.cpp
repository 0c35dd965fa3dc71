// Toonerville views (T14): what one seat sees, as a value, as text and as JSON. Another
// seat's hand shows only its size, the stock only its size (never its order); the melds, the
// whole discard pile, buys, who is down and the scores are public.
#include <cstring>

#include "../common/text.hpp"
#include "deckhand/rng.hpp"
#include "internal.hpp"

namespace deckhand::toonerville {

View view(const State& s, int seat) {
  View v{};
  const int n = players(s);
  const bool seated = seat >= 0 && seat < n;
  std::memcpy(v.scores, s.scores, sizeof v.scores);
  v.last = s.last;
  v.options = s.options;
  if (seated) v.hand = s.hands[seat];
  for (int p = 0; p < n; ++p) v.hand_sizes[p] = uint16_t(s.hands[p].total());
  v.stock_count = s.stock_count;
  v.pile_count = s.pile_count;
  // Only the cards and melds there are (the rest stays zero, as in the state): the bots'
  // playouts take a view at every decision, where copying the whole arrays cost a tenth of
  // `strong`'s time (docs/performance.md).
  for (int i = 0; i < s.pile_count; ++i) v.pile[i] = s.pile[i];
  for (int m = 0; m < s.meld_count; ++m) v.melds[m] = s.melds[m];
  std::memcpy(v.meld_owner, s.meld_owner, size_t(s.meld_count) * sizeof v.meld_owner[0]);
  v.meld_count = s.meld_count;
  v.seat = seated ? uint8_t(seat) : kNoSeat;
  v.round = s.round;
  v.phase = s.phase;
  v.dealer = s.dealer;
  v.to_act = s.to_act;
  v.down = s.down;
  v.bought = s.bought;
  v.taken_face = s.taken_face;
  v.rooks_owed = s.rooks_owed;
  v.winners = s.winners;
  v.pending_draw = s.pending_draw;
  std::memcpy(v.buys, s.buys, sizeof v.buys);
  return v;
}

namespace {

void faces_json(text::Json& j, const FaceCounts& cards) {
  j.begin_array();
  for (int f = 0; f < kRookFaces; ++f)
    for (int k = 0; k < cards.n[f]; ++k) j.value(rook_face_name(RookFace(f)));
  j.end_array();
}

// The hand as players hold it: by colour with black and red, green and yellow apart (black,
// red, green, yellow), low to high within a colour as runs are laid (T4), the Rook last.
void hand_sorted_json(text::Json& j, const FaceCounts& cards) {
  static constexpr int kColours[] = {int(RookColour::black), int(RookColour::red),
                                     int(RookColour::green), int(RookColour::yellow)};
  j.begin_array();
  for (int colour : kColours)
    for (int number = 1; number <= kRookNumbers; ++number) {
      const RookFace f = rook_face(colour, number);
      for (int k = 0; k < cards.n[f]; ++k) j.value(rook_face_name(f));
    }
  for (int k = 0; k < cards.n[kRook]; ++k) j.value(rook_face_name(kRook));
  j.end_array();
}

template <typename T>
void array_json(text::Json& j, const T* values, int n) {
  j.begin_array();
  for (int i = 0; i < n; ++i) j.value(int64_t(values[i]));
  j.end_array();
}

}  // namespace

std::string result_json(const RoundResult& r, int n) {
  if (r.round == 0) return "null";
  text::Json j;
  j.begin_object();
  j.key("round").value(int(r.round));
  j.key("went_out").seat(r.went_out);
  j.key("down").begin_array();
  for (int p = 0; p < n; ++p)
    if (r.down >> p & 1) j.value(p);
  j.end_array();
  j.key("buys");
  array_json(j, r.buys, n);
  j.key("reshuffles").value(int(r.reshuffles));
  j.key("penalty_points");
  array_json(j, r.deltas, n);
  j.key("deltas");
  array_json(j, r.deltas, n);
  j.end_object();
  return j.take();
}

std::string view_json(const View& v) {
  const int n = v.options.players;
  text::Json j;
  j.begin_object();
  j.key("game").value("toonerville");
  j.key("players").value(n);
  j.key("seat").seat(v.seat);
  j.key("round").value(int(v.round));
  j.key("phase").value(phase_name(v.phase));
  const Contract c = contract_for_round(v.round);
  j.key("contract").begin_object().key("runs").value(int(c.runs)).key("sets").value(int(c.sets));
  j.end_object();
  j.key("dealer").value(int(v.dealer));
  j.key("to_act").seat(v.to_act);
  // T6: the seat that declined the top discard and the seat it is offered to now (null after
  // a buy, while the draw waits for a reshuffle).
  j.key("declined_by").seat(v.pending_draw ? v.pending_draw - 1 : kNoSeat);
  j.key("offered_to").seat(v.pending_draw ? v.to_act : kNoSeat);
  j.key("hand");
  faces_json(j, v.hand);
  j.key("hand_sorted");
  hand_sorted_json(j, v.hand);
  j.key("hand_sizes");
  array_json(j, v.hand_sizes, n);
  j.key("stock_count").value(int(v.stock_count));
  j.key("discards").begin_array();
  for (int i = 0; i < v.pile_count; ++i) j.value(rook_face_name(v.pile[i]));
  j.end_array();
  j.key("melds").begin_array();
  for (int m = 0; m < v.meld_count; ++m) {
    j.begin_object();
    j.key("id").value(m);
    j.key("owner").value(int(v.meld_owner[m]));
    j.key("kind").value(v.melds[m].is_run() ? "run" : "set");
    j.key("cards").value(format_meld(v.melds[m]));
    j.end_object();
  }
  j.end_array();
  j.key("down").begin_array();
  for (int p = 0; p < n; ++p)
    if (v.down >> p & 1) j.value(p);
  j.end_array();
  j.key("buys");
  array_json(j, v.buys, n);
  j.key("bought_this_turn").value(v.bought != 0);
  j.key("taken");
  if (v.taken_face == kNoRookFace)
    j.null();
  else
    j.value(rook_face_name(v.taken_face));
  j.key("rooks_owed").value(int(v.rooks_owed));
  j.key("scores");
  array_json(j, v.scores, n);
  j.key("last_round").raw(result_json(v.last, n));
  j.key("over").value(v.phase == Phase::over);
  j.key("winners").begin_array();
  for (int p = 0; p < n; ++p)
    if (v.winners >> p & 1) j.value(p);
  j.end_array();
  j.end_object();
  return j.take();
}

std::string view_text(const View& v) {
  const int n = v.options.players;
  std::string out;
  auto line = [&](const std::string& s) { out += s + '\n'; };
  line("Toonerville Rook — seat " +
       (v.seat == kNoSeat ? std::string("(spectator)") : std::to_string(v.seat)) + ", round " +
       std::to_string(v.round) + " (" + format_contract(contract_for_round(v.round)) + "), phase " +
       phase_name(v.phase));
  std::string scores = "scores:";
  for (int p = 0; p < n; ++p) scores += " " + std::to_string(v.scores[p]);
  line(scores);
  line("dealer: seat " + std::to_string(v.dealer) +
       (v.to_act == kNoSeat ? std::string("; nobody to act")
                            : "; seat " + std::to_string(v.to_act) + " to act"));
  if (v.pending_draw)
    line("seat " + std::to_string(v.pending_draw - 1) + " declined the top discard; " +
         (v.to_act == kNoSeat
              ? std::string("its draw waits for a reshuffle (T13)")
              : "it is offered to seat " + std::to_string(v.to_act) + " (buy or pass, T6)"));
  char buf[kMaxCards * 5];
  format_rook_faces(v.hand, buf, sizeof buf);
  line(std::string("your hand: ") + (v.hand.empty() ? "(empty)" : buf));
  std::string sizes = "cards in hand:";
  for (int p = 0; p < n; ++p)
    sizes += " " + std::to_string(p) + ":" + std::to_string(v.hand_sizes[p]) +
             (v.down >> p & 1 ? "(down)" : "");
  line(sizes + "; stock " + std::to_string(v.stock_count));
  if (v.pile_count)
    line(std::string("discard pile top: ") + rook_face_name(v.pile[v.pile_count - 1]) + " (" +
         std::to_string(v.pile_count) + (v.pile_count == 1 ? " card)" : " cards)"));
  for (int m = 0; m < v.meld_count; ++m)
    line("meld " + std::to_string(m) + " (seat " + std::to_string(v.meld_owner[m]) +
         "): " + format_meld(v.melds[m]));
  std::string buys = "buys this round:";
  for (int p = 0; p < n; ++p) buys += " " + std::to_string(v.buys[p]);
  line(buys);
  if (v.rooks_owed) line("a Rook taken by a swap must be played this turn");
  if (v.last.round) {
    std::string d = "round " + std::to_string(v.last.round) + " penalty points:";
    for (int p = 0; p < n; ++p) d += " " + std::to_string(v.last.deltas[p]);
    if (v.last.went_out != kNoSeat) d += " (seat " + std::to_string(v.last.went_out) + " went out)";
    line(d);
  }
  if (v.phase == Phase::over) {
    std::string w = "game over; winners:";
    for (int p = 0; p < n; ++p)
      if (v.winners >> p & 1) w += " seat " + std::to_string(p);
    line(w);
  }
  return out;
}

bool detail::swap_hidden(const State& s, int seat, uint64_t pick, State* out) {
  const int n = players(s);
  if ((s.phase != Phase::draw && s.phase != Phase::play) || s.stock_count < 2 || n < 2)
    return false;
  PortableRng rng(pick);
  const int watcher = seat < 0 ? 0 : seat;
  const int other = (watcher + 1 + int(rng.bounded(uint64_t(n - 1)))) % n;
  if (s.hands[other].empty()) return false;
  State hidden = s;
  std::swap(hidden.stock[0], hidden.stock[hidden.stock_count - 1]);
  int f = 0;
  while (!hidden.hands[other].count(RookFace(f))) ++f;
  const RookFace from_stock = hidden.stock[0];
  hidden.hands[other].remove(RookFace(f));
  hidden.hands[other].add(from_stock);
  hidden.stock[0] = RookFace(f);
  *out = hidden;
  return true;
}

}  // namespace deckhand::toonerville
