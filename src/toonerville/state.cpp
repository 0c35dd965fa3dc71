// Toonerville: a new game, options, deal sizes, the invariant checker and serialization.
#include <algorithm>
#include <cstring>

#include "../common/state_image.hpp"
#include "../common/text.hpp"
#include "internal.hpp"

namespace deckhand::toonerville {

using text::iequals;

State new_game(const Options& options, int first_dealer) {
  State s{};
  s.options = options;
  if (s.options.players < kMinPlayers || s.options.players > kMaxPlayers) s.options.players = 3;
  s.phase = Phase::deal;
  s.first_dealer = s.dealer =
      uint8_t(first_dealer >= 0 && first_dealer < s.options.players ? first_dealer : 0);
  s.to_act = kNoSeat;
  s.taken_face = kNoRookFace;
  s.last.went_out = kNoSeat;
  return s;
}

int deal_size(int round, const Options& options) {
  if (round == kRounds) return options.round11_deal;
  if (round == 9) return 15;
  if (round == 10) return 16;
  return 12;
}

Reason set_option(Options* o, std::string_view key, std::string_view value, Error* err) {
  auto bad = [&](const char* expected) {
    return fail(err, Reason::bad_option, "option %s takes %s, not %s", text::quote(key).c_str(),
                expected, text::quote(value).c_str());
  };
  if (iequals(key, "round11_deal")) {
    if (value == "14" || value == "12") {
      o->round11_deal = uint8_t(value == "14" ? 14 : 12);
      return Reason::ok;
    }
    return bad("14 or 12");
  }
  if (iequals(key, "rook_swap")) {
    if (iequals(value, "table"))
      o->rook_swap = RookSwap::table;
    else if (iequals(value, "new_meld"))
      o->rook_swap = RookSwap::new_meld;
    else
      return bad("table or new_meld");
    return Reason::ok;
  }
  if (iequals(key, "max_buys")) {
    int64_t n;
    if (iequals(value, "unlimited")) {
      o->max_buys = 0;
      return Reason::ok;
    }
    if (!text::parse_int(value, 1, kMaxBuysPerRound, &n))
      return bad("unlimited or a number from 1 to 255");
    o->max_buys = uint16_t(n);
    return Reason::ok;
  }
  if (iequals(key, "max_turns"))
    return deckhand::detail::parse_play_limit("max_turns", value, &o->max_turns, err);
  return fail(err, Reason::bad_option, "toonerville has no option %s", text::quote(key).c_str());
}

void option_strings(const Options& o, std::string out[kOptionCount], int* count) {
  out[0] = "round11_deal=" + std::to_string(o.round11_deal);
  out[1] = "max_buys=" + (o.max_buys ? std::to_string(o.max_buys) : std::string("unlimited"));
  out[2] = std::string("rook_swap=") + (o.rook_swap == RookSwap::table ? "table" : "new_meld");
  out[3] = "max_turns=" + std::to_string(o.max_turns);
  *count = kOptionCount;
}

const char* phase_name(Phase p) {
  switch (p) {
    case Phase::deal:
      return "deal";
    case Phase::draw:
      return "draw";
    case Phase::play:
      return "play";
    case Phase::over:
      return "over";
  }
  return "unknown";
}

namespace {
template <typename T, size_t N>
bool all_zero_from(const T (&a)[N], size_t from) {
  for (size_t i = from; i < N; ++i)
    if (!(a[i] == T{})) return false;
  return true;
}
}  // namespace

Reason check_invariants(const State& s, Error* err) {
  auto broken = [&](const char* what) {
    return fail(err, Reason::corrupt_state, "invariant broken: %s", what);
  };
  const Options& o = s.options;
  const int n = o.players;
  if (n < kMinPlayers || n > kMaxPlayers) return broken("player count out of range");
  if ((o.round11_deal != 12 && o.round11_deal != 14) || uint8_t(o.rook_swap) > 1 ||
      o.max_buys > kMaxBuysPerRound || o.reserved || o.reserved2 ||
      o.max_turns > deckhand::detail::kMaxPlayLimit)
    return broken("options out of range");
  if (uint8_t(s.phase) > uint8_t(Phase::over) || s.round > kRounds)
    return broken("unknown phase or round");
  if (s.dealer >= n || s.first_dealer >= n) return broken("dealer seat out of range");
  if (s.reserved[0] | s.reserved[1] | s.reserved[2] | s.reserved[3] | s.reserved[4] |
      s.last.reserved[0] | s.last.reserved[1] | s.last.reserved[2])
    return broken("reserved bytes not zero");
  if (s.last.round > kRounds || (s.last.went_out >= n && s.last.went_out != kNoSeat))
    return broken("last round out of range");
  for (int p = n; p < kMaxPlayers; ++p)
    if (s.scores[p] || s.buys[p] || s.last.deltas[p] || s.last.buys[p] || !s.hands[p].empty())
      return broken("a seat beyond the player count is used");
  for (int p = 0; p < n; ++p)
    if (s.scores[p] < 0) return broken("negative score");
  if ((s.phase == Phase::over) != (s.winners != 0) || s.winners >> n)
    return broken("winners set exactly when over");
  const bool between = s.phase == Phase::deal || s.phase == Phase::over;
  if (s.hands_scored != uint32_t(between ? s.round : s.round - 1))
    return broken("rounds scored do not match the round");
  if ((s.phase == Phase::over) != (s.round == kRounds && between))
    return broken("the game is over exactly after round 11");
  for (int p = 0; p < n; ++p)  // a round costs at most every card as a Rook
    if (s.scores[p] > int64_t(s.hands_scored) * kMaxCards * 25) return broken("score out of range");
  if (between ? s.turns != 0 : o.max_turns && s.turns >= o.max_turns)
    return broken("turn count past max_turns, or kept between rounds (T13)");
  // T3: the deal passes left after every round.
  if (s.dealer != (s.first_dealer + s.hands_scored) % unsigned(n))
    return broken("the dealer is not the first dealer moved on once per round");
  // T12: the last round's result is the round before this one (or the one just scored), its
  // penalties are within the scores, and whoever went out was down and pays nothing.
  const RoundResult& r = s.last;
  if (r.round != s.hands_scored) return broken("the last round result is not the last round");
  if (r.round == 0 && r.went_out != kNoSeat) return broken("a last round before any round");
  if ((r.down >> n) || (r.went_out != kNoSeat && !((r.down >> r.went_out) & 1)))
    return broken("the last round's seats down out of range, or out without being down (T10)");
  for (int p = 0; p < n; ++p)
    if (r.deltas[p] < 0 || r.deltas[p] > kMaxCards * 25 || r.deltas[p] > s.scores[p] ||
        (p == r.went_out && r.deltas[p] != 0) || (o.max_buys && r.buys[p] > o.max_buys))
      return broken("the last round's penalties or buys out of range");
  if (s.phase == Phase::over) {  // T12: the lowest totals win
    uint8_t lowest = 0;
    for (int p = 0; p < n; ++p)
      if (s.scores[p] == *std::min_element(s.scores, s.scores + n)) lowest |= uint8_t(1u << p);
    if (s.winners != lowest) return broken("winners are not the lowest totals (T12)");
  }
  if (between) {
    if (s.to_act != kNoSeat || s.stock_count || s.pile_count || s.meld_count || s.down ||
        s.bought || s.rooks_owed || s.has_rng || s.reshuffles || s.pending_draw ||
        s.taken_face != kNoRookFace)
      return broken("a round's state between rounds");
    for (int p = 0; p < kMaxPlayers; ++p)
      if (!s.hands[p].empty() || s.buys[p]) return broken("cards in hand between rounds");
    if (!all_zero_from(s.stock, 0) || !all_zero_from(s.pile, 0) || !all_zero_from(s.melds, 0) ||
        !all_zero_from(s.meld_owner, 0) || !all_zero_from(s.rng, 0))
      return broken("table not cleared between rounds");
    return Reason::ok;
  }
  if (s.pending_draw) {
    // T6: the draw of the seat whose turn it is waits on the offer of the discard (to_act is
    // another seat, nobody has bought) or, after a buy, on the record's reshuffle (T13).
    const int turn = s.pending_draw - 1;
    if (turn >= n || s.phase != Phase::draw) return broken("a waiting draw outside the draw phase");
    if (s.to_act == kNoSeat ? !s.bought || s.stock_count || s.has_rng || s.pile_count < 2
                            : s.bought || s.to_act >= n || s.to_act == turn || !s.pile_count ||
                                  (!s.stock_count && !s.has_rng))
      return broken("an offer of the discard that T6 would not make");
  }
  const int deciding = s.to_act == kNoSeat && s.pending_draw ? s.pending_draw - 1 : s.to_act;
  if (s.round < 1 || deciding >= n) return broken("no seat to act during a round");
  if (s.stock_count > kMaxCards || s.pile_count > kMaxCards || s.meld_count > kMaxTableMelds)
    return broken("pile, stock or meld count out of range");
  if (!all_zero_from(s.stock, s.stock_count) || !all_zero_from(s.pile, s.pile_count) ||
      !all_zero_from(s.melds, s.meld_count) || !all_zero_from(s.meld_owner, s.meld_count))
    return broken("entries beyond a count are not zero");
  // A generator of four zero words only ever gives zeros (the shuffle would never end).
  if (s.has_rng > 1 || (!s.has_rng) != all_zero_from(s.rng, 0))
    return broken("generator flag and words disagree");
  if (s.bought > 1 || (s.down >> n)) return broken("flags out of range");
  if (s.phase == Phase::draw && (s.taken_face != kNoRookFace || s.rooks_owed))
    return broken("a taken card or owed Rook before the draw");
  if (s.taken_face != kNoRookFace && !valid_rook_face(s.taken_face))
    return broken("taken face out of range");
  if (s.rooks_owed > s.hands[deciding].rooks()) return broken("more Rooks owed than held");
  if (o.max_buys)
    for (int p = 0; p < n; ++p)
      if (s.buys[p] > o.max_buys) return broken("more buys than max_buys");
  // Card conservation: hands, stock, pile and melds hold each face exactly n times (T1).
  FaceCounts all;
  for (int p = 0; p < n; ++p) {
    for (int f = 0; f < kRookFaces; ++f) {
      if (s.hands[p].n[f] > n) return broken("a hand holds more copies of a face than exist");
      all.n[f] = uint8_t(all.n[f] + s.hands[p].n[f]);
    }
  }
  for (int i = 0; i < s.stock_count; ++i) {
    if (!valid_rook_face(s.stock[i])) return broken("stock card out of range");
    if (all.n[s.stock[i]]++ > n) return broken("too many copies of a face");
  }
  for (int i = 0; i < s.pile_count; ++i) {
    if (!valid_rook_face(s.pile[i])) return broken("discard out of range");
    if (all.n[s.pile[i]]++ > n) return broken("too many copies of a face");
  }
  uint8_t owners_down = 0;
  for (int m = 0; m < s.meld_count; ++m) {
    if (!meld_is_valid(s.melds[m])) return broken("a meld on the table is not a valid run or set");
    if (s.meld_owner[m] >= n) return broken("meld owner out of range");
    owners_down = uint8_t(owners_down | (1u << s.meld_owner[m]));
    FaceCounts cards;
    add_meld_cards(s.melds[m], &cards);
    for (int f = 0; f < kRookFaces; ++f) {
      if (all.n[f] + cards.n[f] > n) return broken("too many copies of a face");
      all.n[f] = uint8_t(all.n[f] + cards.n[f]);
    }
  }
  for (int f = 0; f < kRookFaces; ++f)
    if (all.n[f] != n) return broken("the cards of the decks are not each in exactly one place");
  if (owners_down != s.down) return broken("the seats down are not the owners of the melds");
  if (s.round == kRounds && s.meld_count) return broken("melds on the table in round 11");
  for (int p = 0; p < n; ++p)
    if (s.hands[p].empty()) return broken("an empty hand during a round");
  return Reason::ok;
}

namespace {
constexpr uint32_t kFormatVersion = 2;  // 2: max_turns and the turn count (T13)
static_assert(kSerializedSize == deckhand::detail::kImageSize<State>);

// The multi-byte fields of a state, swapped between native and little-endian order for its
// image (big-endian machines only; every other field is one byte).
void image_byte_order(State* s) {
  using deckhand::detail::swap_field;
  using deckhand::detail::swap_fields;
  swap_fields(s->rng, s->scores, s->hands_scored, s->turns, s->last.deltas, s->options.max_buys,
              s->options.reserved2, s->options.max_turns, s->stock_count, s->pile_count);
  for (Meld& m : s->melds) swap_field(m.rooks_at);
}
}  // namespace

size_t serialize(const State& s, uint8_t* buf, size_t cap) {
  return deckhand::detail::write_image(s, detail::kImageTag, kFormatVersion, &image_byte_order, buf,
                                       cap);
}

Reason deserialize(const uint8_t* buf, size_t len, State* out, Error* err) {
  return deckhand::detail::read_image(buf, len, detail::kImageTag, kFormatVersion,
                                      &image_byte_order, "toonerville", &check_invariants, out,
                                      err);
}

}  // namespace deckhand::toonerville
