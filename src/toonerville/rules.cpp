// Toonerville transitions and legal actions: T3 (deal), T5 (a turn), T6 (buying), T7 (going
// down), T8 (laying off), T9 (the Rook swap), T10 (going out), T11 (round 11), T13 (the empty
// stock). Scoring (T12) is in scoring.cpp; melds and the contract finder in melds.cpp and
// contract.cpp.
#include <algorithm>
#include <bit>
#include <cstdio>
#include <cstring>

#include "../common/state_image.hpp"
#include "deckhand/rng.hpp"
#include "internal.hpp"

namespace deckhand::toonerville {

using detail::next_seat;

namespace {

Reason precheck(const State& s, int seat, Phase phase, const char* what, Error* err) {
  // While the discard is offered, or the draw waits for a reshuffle, nobody takes or draws.
  if (s.pending_draw && s.phase == phase && seat >= 0 && seat < players(s)) [[unlikely]] {
    if (s.to_act == kNoSeat)
      return fail(err, Reason::reshuffle_needed,
                  "seat %d's draw waits for the reshuffle the record must give (T13)",
                  s.pending_draw - 1);
    return fail(err, Reason::wrong_seat,
                "seat %d cannot %s: seat %d declined the top discard, now offered to seat %d, "
                "who buys or passes (T6)",
                seat, what, s.pending_draw - 1, s.to_act);
  }
  return deckhand::detail::turn_check(s, seat, phase, players(s), what, &phase_name, err);
}

// ---- the stock (T13) ---------------------------------------------------------------------

enum class Supply {
  ready,      // the stock has a card
  reshuffle,  // empty: the round's generator reshuffles the pile except its top
  record,     // empty: the record must give the reshuffle (explicit round)
  nothing,    // empty, and the pile holds at most its top card: no card is left
};

// Where the next stock card comes from, when the pile holds `pile` cards at that moment.
Supply supply(const State& s, int pile) {
  if (s.stock_count > 0) return Supply::ready;
  if (pile <= 1) return Supply::nothing;
  return s.has_rng ? Supply::reshuffle : Supply::record;
}

// The discard pile except its top becomes the stock: `top_first` gives its order, or the
// round's generator shuffles the cards taken oldest first (rules T13, "Portable deals").
void make_stock(State* s, const RookFace* top_first) {
  const int k = s->pile_count - 1;
  RookFace cards[kMaxCards];
  if (top_first) {
    std::memcpy(cards, top_first, size_t(k));
  } else {
    std::memcpy(cards, s->pile, size_t(k));
    PortableRng rng = PortableRng::from_state_words(s->rng);
    rng.shuffle(cards, k);
    std::memcpy(s->rng, rng.state_words(), sizeof s->rng);
  }
  for (int i = 0; i < k; ++i) s->stock[i] = cards[k - 1 - i];  // cards[0] is the top
  s->stock_count = uint16_t(k);
  s->pile[0] = s->pile[s->pile_count - 1];
  std::memset(s->pile + 1, 0, size_t(s->pile_count - 1));  // bytes past a count stay zero
  s->pile_count = 1;
  if (s->reshuffles < UINT8_MAX) ++s->reshuffles;
}

RookFace pop_stock(State* s) {
  if (s->stock_count == 0) make_stock(s, nullptr);
  const RookFace top = s->stock[--s->stock_count];
  s->stock[s->stock_count] = 0;
  return top;
}

RookFace pop_pile(State* s) {
  const RookFace top = s->pile[--s->pile_count];
  s->pile[s->pile_count] = 0;
  return top;
}

void start_round(State* s) {
  s->phase = Phase::draw;
  s->to_act = uint8_t(next_seat(*s, s->dealer));  // T3: left of the dealer plays first
  s->down = 0;
  s->bought = 0;
  s->pending_draw = 0;
  s->taken_face = kNoRookFace;
  s->rooks_owed = 0;
  s->meld_count = 0;
  s->reshuffles = 0;
  s->turns = 0;
  std::memset(s->buys, 0, sizeof s->buys);
}

void next_turn(State* s) {
  s->to_act = uint8_t(next_seat(*s, s->to_act));
  s->phase = Phase::draw;
  s->bought = 0;
  s->taken_face = kNoRookFace;
  s->rooks_owed = 0;
}

// A deal may start the next round only between rounds.
Reason deal_check(const State& s, Error* err) {
  return deckhand::detail::deal_allowed(s.phase == Phase::over, s.phase == Phase::deal,
                                        phase_name(s.phase), s.round, err);
}

const char* plural(int n, const char* one, const char* many) {
  return n == 1 ? one : many;
}

// ---- T7: what a contract needs ---------------------------------------------------------------

Reason contract_refusal(const State& s, int runs, int sets, Error* err) {
  const Contract c = contract(s);
  char missing[96] = "";
  if (runs < c.runs || sets < c.sets) {
    const int mr = c.runs > runs ? c.runs - runs : 0, ms = c.sets > sets ? c.sets - sets : 0;
    std::snprintf(missing, sizeof missing, "; missing %d %s%s%d %s", mr, plural(mr, "run", "runs"),
                  " and ", ms, plural(ms, "set", "sets"));
  }
  return fail(err, Reason::contract_not_met,
              "round %d needs exactly %d %s and %d %s; the melds are %d %s and %d %s%s", s.round,
              c.runs, plural(c.runs, "run", "runs"), c.sets, plural(c.sets, "set", "sets"), runs,
              plural(runs, "run", "runs"), sets, plural(sets, "set", "sets"), missing);
}

// The first face that `need` has more of than `hand`, or kNoRookFace.
RookFace first_short_face(const FaceCounts& hand, const FaceCounts& need) {
  for (int f = 0; f < kRookFaces; ++f)
    if (need.n[f] > hand.n[f]) return RookFace(f);
  return kNoRookFace;
}

Reason not_held(const State& s, int seat, const FaceCounts& need, Error* err) {
  const RookFace f = first_short_face(s.hands[seat], need);
  return fail(err, Reason::card_not_held, "seat %d holds %d %s, %d needed", seat,
              s.hands[seat].count(f), rook_face_name(f), need.count(f));
}

// T9: how many Rooks can still be laid off on `melds`: any number while there is a set, else
// the free ends of the runs (down to 1, up to 14).
constexpr int kRoomForAny = 1000;
int rook_room(const Meld* melds, int count, int target = -1, const Meld* replacing = nullptr) {
  int room = 0;
  for (int m = 0; m < count; ++m) {
    const Meld& meld = m == target ? *replacing : melds[m];
    if (meld.is_set()) return kRoomForAny;
    room += (meld.low - 1) + (kRookNumbers - meld.high);
  }
  return room;
}

// T9: after a swap that turns meld `target` into `swapped` and leaves the seat holding `hand`
// with `owed` Rooks to play, can the seat still play them all this turn? Down: the table has
// room for them (table mode). Not down: the contract can be laid down with them, or (table
// mode) laid down and the rest laid off on the table or the new melds.
bool rook_playable_after_swap(const State& s, int seat, int target, const Meld& swapped,
                              const FaceCounts& hand, int owed) {
  const int table_room = rook_room(s.melds, s.meld_count, target, &swapped);
  if (is_down(s, seat)) return table_room >= owed;
  Arrangement arr;
  const Contract c = contract(s);
  if (s.round == kRounds || !find_any_contract(hand, c, &arr)) return false;
  auto unplaced = [&] { return std::max(0, owed - (hand.rooks() - arr.leftover.rooks())); };
  // The cheapest arrangement places every Rook that fits anywhere (each is 25 points).
  if (unplaced() > 0) (void)find_contract(hand, c, &arr);
  if (unplaced() == 0) return true;
  if (s.options.rook_swap == RookSwap::new_meld) return false;
  return std::min(kRoomForAny, table_room + rook_room(arr.melds, arr.count)) >= unplaced();
}

// ---- the transitions, in place: each checks everything before it changes anything ----------

Reason do_take(State* s, int seat, Error* err) {
  if (Reason r = precheck(*s, seat, Phase::draw, "take the top discard", err); r != Reason::ok)
    return r;
  if (s->bought)
    return fail(err, Reason::must_draw_from_stock,
                "the top discard was bought: seat %d draws from the stock (T6)", seat);
  if (s->pile_count == 0)
    return fail(err, Reason::empty_discard_pile, "there is no discard to take");
  const RookFace top = pop_pile(s);
  s->hands[seat].add(top);
  s->taken_face = top;
  s->phase = Phase::play;
  return Reason::ok;
}

Reason buy_refusal(const State& s, int seat, Error* err);
int next_offered(const State& s, int after);

// The seat whose turn it is draws from the stock now (its supply is there: ready, or the
// round's generator reshuffles).
void draw_now(State* s, int seat) {
  s->hands[seat].add(pop_stock(s));
  s->taken_face = kNoRookFace;
  s->phase = Phase::play;
  s->to_act = uint8_t(seat);
  s->pending_draw = 0;
}

// The offer is over (a buy, or the last pass): the draw of the seat whose turn it is follows
// at once (T6), ends the round when nothing is left (T13), or waits for the record's reshuffle.
void finish_draw(State* s) {
  const int seat = s->pending_draw - 1;
  switch (supply(*s, s->pile_count)) {
    case Supply::nothing:
      s->pending_draw = 0;
      s->to_act = uint8_t(seat);
      detail::score_round(s, kNoSeat);
      return;
    case Supply::record:
      s->to_act = kNoSeat;  // chance is due: the reshuffle (T13)
      return;
    case Supply::ready:
    case Supply::reshuffle:
      draw_now(s, seat);
      return;
  }
}

Reason do_draw(State* s, int seat, Error* err) {
  if (Reason r = precheck(*s, seat, Phase::draw, "draw", err); r != Reason::ok) return r;
  switch (supply(*s, s->pile_count)) {
    case Supply::nothing:  // T13: no card is left to draw; the round ends at once
      detail::score_round(s, kNoSeat);
      return Reason::ok;
    case Supply::record:
      return fail(err, Reason::reshuffle_needed,
                  "the stock is empty: the record must give 'reshuffle seed N' or 'reshuffle "
                  "stock: ...' before this draw (T13)");
    case Supply::ready:
    case Supply::reshuffle:
      break;
  }
  if (!s->bought) {  // T6: the declined discard is offered first, nearest seat first
    s->pending_draw = uint8_t(seat + 1);
    const int offered = next_offered(*s, seat);
    if (offered >= 0) {
      s->to_act = uint8_t(offered);
      return Reason::ok;
    }
    s->pending_draw = 0;
  }
  draw_now(s, seat);
  return Reason::ok;
}

Reason buy_refusal(const State& s, int seat, Error* err) {
  if (s.phase == Phase::over) return fail(err, Reason::game_over, "the game is over");
  if (seat < 0 || seat >= players(s))
    return fail(err, Reason::bad_seat, "seat %d does not exist (seats 0-%d)", seat, players(s) - 1);
  if (s.phase != Phase::draw)
    return fail(err, Reason::cannot_buy,
                s.phase == Phase::play ? "seat %d may buy only before the current player draws (T6)"
                                       : "seat %d cannot buy between rounds (T6)",
                seat);
  if (seat == turn_seat(s))
    return fail(err, Reason::cannot_buy,
                "seat %d is the current player: it takes the top discard with 'take' (T6)", seat);
  if (s.bought)
    return fail(err, Reason::buy_limit, "one buy per turn: the discard was bought (T6)");
  if (s.options.max_buys && s.buys[seat] >= s.options.max_buys)
    return fail(err, Reason::buy_limit, "seat %d has made its %u %s this round (max_buys, T6)",
                seat, unsigned(s.options.max_buys), plural(s.options.max_buys, "buy", "buys"));
  // The library's own bound, where max_buys is unlimited: a seat's buys in a round are
  // counted in a byte (docs/rules/toonerville.md, T6).
  if (s.buys[seat] >= kMaxBuysPerRound)
    return fail(err, Reason::buy_limit,
                "seat %d has made %d buys this round, the most the library counts (T6)", seat,
                kMaxBuysPerRound);
  if (s.pile_count == 0) return fail(err, Reason::empty_discard_pile, "there is no discard to buy");
  switch (supply(s, s.pile_count - 1)) {
    case Supply::nothing:
      return fail(err, Reason::no_penalty_card,
                  "the stock is empty and no discard is left to reshuffle for the penalty card "
                  "(T13)");
    case Supply::record:
      return fail(err, Reason::reshuffle_needed,
                  "the stock is empty: the record must give the reshuffle before the buyer's "
                  "penalty card (T13)");
    default:
      return Reason::ok;
  }
}

// T6's order: the first seat after `after` (going round from the seat whose turn it is) that
// may buy, or -1 when the offer has gone round.
int next_offered(const State& s, int after) {
  const int n = players(s), turn = s.pending_draw - 1;
  for (int seat = (after + 1) % n; seat != turn; seat = (seat + 1) % n)
    if (buy_refusal(s, seat, nullptr) == Reason::ok) return seat;
  return -1;
}

// A seat answering the offer must be the one offered the discard now.
Reason offer_refusal(const State& s, int seat, const char* what, Error* err) {
  if (s.to_act == kNoSeat)
    return fail(err, Reason::reshuffle_needed,
                "seat %d's draw waits for the reshuffle the record must give (T13)",
                s.pending_draw - 1);
  if (seat != s.to_act)
    return fail(err, Reason::wrong_seat,
                "seat %d cannot %s: the discard is offered to seat %d first (T6)", seat, what,
                s.to_act);
  return Reason::ok;
}

Reason do_buy(State* s, int seat, Error* err) {
  if (Reason r = buy_refusal(*s, seat, err); r != Reason::ok) return r;
  if (s->pending_draw)
    if (Reason r = offer_refusal(*s, seat, "buy", err); r != Reason::ok) return r;
  s->hands[seat].add(pop_pile(s));
  s->hands[seat].add(pop_stock(s));  // the penalty card (T6), after a reshuffle if needed
  ++s->buys[seat];
  s->bought = 1;
  // Offered: the draw follows. A direct buy leaves the seat to act to draw.
  if (s->pending_draw) finish_draw(s);
  return Reason::ok;
}

Reason do_pass(State* s, int seat, Error* err) {
  if (s->phase == Phase::over) return fail(err, Reason::game_over, "the game is over");
  if (seat < 0 || seat >= players(*s))
    return fail(err, Reason::bad_seat, "seat %d does not exist (seats 0-%d)", seat,
                players(*s) - 1);
  if (s->phase != Phase::draw || !s->pending_draw)
    return fail(err, Reason::wrong_phase,
                "seat %d cannot pass: no discard is offered (T6; the seat to act takes or draws)",
                seat);
  if (Reason r = offer_refusal(*s, seat, "pass", err); r != Reason::ok) return r;
  const int offered = next_offered(*s, seat);
  if (offered >= 0)
    s->to_act = uint8_t(offered);
  else
    finish_draw(s);
  return Reason::ok;
}

// T10: a seat that is down and has emptied its hand goes out.
void maybe_go_out(State* s, int seat) {
  if (s->hands[seat].empty()) detail::score_round(s, seat);
}

Reason do_down(State* s, int seat, const Meld* melds, int count, Error* err) {
  if (Reason r = precheck(*s, seat, Phase::play, "go down", err); r != Reason::ok) return r;
  if (is_down(*s, seat))
    return fail(err, Reason::no_new_melds,
                "seat %d is already down: it may lay off, not make new melds (T7)", seat);
  int runs = 0, sets = 0;
  FaceCounts need;
  for (int i = 0; i < count; ++i) {
    if (!meld_is_valid(melds[i]))
      return fail(err, Reason::malformed_action, "meld %d is not a valid run or set", i + 1);
    runs += melds[i].is_run();
    sets += melds[i].is_set();
  }
  const Contract c = contract(*s);
  if (runs != c.runs || sets != c.sets) return contract_refusal(*s, runs, sets, err);
  for (int i = 0; i < count; ++i) add_meld_cards(melds[i], &need);
  if (!s->hands[seat].contains(need)) return not_held(*s, seat, need, err);
  if (s->round == kRounds) {
    const int left = s->hands[seat].total() - need.total();
    if (left > 0)
      return fail(err, Reason::round11_must_go_out_whole,
                  "round 11: the melds must take the whole hand with no discard; %d %s would be "
                  "left (T11)",
                  left, plural(left, "card", "cards"));
  }
  if (s->options.rook_swap == RookSwap::new_meld && need.rooks() < s->rooks_owed)
    return fail(err, Reason::rook_must_be_played,
                "rook_swap=new_meld: the Rook taken by the swap must be in these melds (T9)");
  if (const int still_owed = s->rooks_owed - need.rooks();
      still_owed > 0 && std::min(kRoomForAny, rook_room(s->melds, s->meld_count) +
                                                  rook_room(melds, count)) < still_owed)
    return fail(err, Reason::rook_must_be_played,
                "after these melds no place would be left for the Rook taken by the swap (T9)");
  for (int f = 0; f < kRookFaces; ++f)
    s->hands[seat].n[f] = uint8_t(s->hands[seat].n[f] - need.n[f]);
  for (int i = 0; i < count; ++i) {
    s->melds[s->meld_count] = melds[i];
    s->meld_owner[s->meld_count] = uint8_t(seat);
    ++s->meld_count;
  }
  s->down = uint8_t(s->down | (1u << seat));
  s->rooks_owed = uint8_t(std::max(0, s->rooks_owed - need.rooks()));
  maybe_go_out(s, seat);
  return Reason::ok;
}

Reason do_layoff(State* s, int seat, int target, const uint8_t* cards, int count, Error* err) {
  if (Reason r = precheck(*s, seat, Phase::play, "lay off", err); r != Reason::ok) return r;
  if (count < 1 || count > kActionBytes)
    return fail(err, Reason::malformed_action, "a lay-off takes 1 to %d cards, not %d",
                kActionBytes, count);
  if (target >= s->meld_count)
    return fail(err, Reason::no_such_meld, "there is no meld %d (%d on the table)", target,
                s->meld_count);
  if (!is_down(*s, seat))
    return fail(err, Reason::not_down,
                "seat %d is not down: it lays off only after going down (T8)", seat);
  Meld meld = s->melds[target];
  FaceCounts need;
  for (int i = 0; i < count; ++i) {
    detail::LayoffCard card;
    if (!detail::decode_layoff_card(cards[i], &card))
      return fail(err, Reason::invalid_card, "byte %d is not a Rook card", cards[i]);
    need.add(card.face);
    if (!s->hands[seat].contains(need)) return not_held(*s, seat, need, err);
    RunEnd end = RunEnd::any;
    if (card.number) {
      if (!meld.is_run())
        return fail(err, Reason::cannot_lay_off,
                    "ROOK=%d names a place in a run; meld %d is a set (write ROOK)", card.number,
                    target);
      end = card.number == meld.low - 1    ? RunEnd::low
            : card.number == meld.high + 1 ? RunEnd::high
                                           : RunEnd::any;
      if (end == RunEnd::any)
        return fail(err, Reason::cannot_lay_off, "ROOK=%d is not next to the run %s (T8)",
                    card.number, format_meld(meld).c_str());
    }
    if (Reason r = toonerville::lay_off(&meld, card.face, end, err); r != Reason::ok) return r;
  }
  if (const int still_owed = s->rooks_owed - need.rooks();
      still_owed > 0 && rook_room(s->melds, s->meld_count, target, &meld) < still_owed)
    return fail(err, Reason::rook_must_be_played,
                "this lay-off would leave no place for the Rook taken by the swap (T9)");
  for (int f = 0; f < kRookFaces; ++f)
    s->hands[seat].n[f] = uint8_t(s->hands[seat].n[f] - need.n[f]);
  s->melds[target] = meld;
  s->rooks_owed = uint8_t(std::max(0, s->rooks_owed - need.rooks()));
  maybe_go_out(s, seat);
  return Reason::ok;
}

Reason do_swap(State* s, int seat, int target, RookFace natural, Error* err) {
  if (Reason r = precheck(*s, seat, Phase::play, "swap a Rook", err); r != Reason::ok) return r;
  if (target >= s->meld_count)
    return fail(err, Reason::no_such_meld, "there is no meld %d (%d on the table)", target,
                s->meld_count);
  if (!valid_rook_face(natural) || is_rook(natural))
    return fail(err, Reason::invalid_card, "a swap gives a natural card for the Rook (T9)");
  const Meld& meld = s->melds[target];
  if (meld.is_set())
    return fail(err, Reason::rook_in_set_is_fixed,
                "meld %d is a set: a Rook in a set can never be taken (T9)", target);
  if (!s->hands[seat].count(natural))
    return fail(err, Reason::card_not_held, "seat %d does not hold %s", seat,
                rook_face_name(natural));
  if (!can_swap_rook(meld, natural))
    return fail(err, Reason::no_rook_to_swap, "no Rook stands for %s in meld %d (%s) (T9)",
                rook_face_name(natural), target, format_meld(meld).c_str());
  if (s->options.rook_swap == RookSwap::new_meld && is_down(*s, seat))
    return fail(err, Reason::rook_must_be_played,
                "rook_swap=new_meld: the Rook must go into a new meld, and seat %d is already "
                "down (T9)",
                seat);
  Meld swapped = meld;
  (void)toonerville::swap_rook(&swapped, natural, nullptr);
  FaceCounts hand = s->hands[seat];
  hand.remove(natural);
  hand.add(kRook);
  if (!rook_playable_after_swap(*s, seat, target, swapped, hand, s->rooks_owed + 1))
    return fail(err, Reason::rook_must_be_played,
                "seat %d could not play the Rook to the table this turn (T9)", seat);
  s->melds[target] = swapped;
  s->hands[seat] = hand;
  ++s->rooks_owed;
  return Reason::ok;
}

// Whether do_swap would accept the swap (for legal_actions, without a copy of the state).
bool swap_allowed(const State& s, int seat, int target, RookFace natural) {
  const Meld& meld = s.melds[target];
  if (!can_swap_rook(meld, natural) || !s.hands[seat].count(natural)) return false;
  if (s.options.rook_swap == RookSwap::new_meld && is_down(s, seat)) return false;
  Meld swapped = meld;
  (void)toonerville::swap_rook(&swapped, natural, nullptr);
  FaceCounts hand = s.hands[seat];
  hand.remove(natural);
  hand.add(kRook);
  return rook_playable_after_swap(s, seat, target, swapped, hand, s.rooks_owed + 1);
}

Reason do_discard(State* s, int seat, RookFace face, Error* err) {
  if (Reason r = precheck(*s, seat, Phase::play, "discard", err); r != Reason::ok) return r;
  if (!valid_rook_face(face)) return fail(err, Reason::invalid_card, "not a Rook card");
  FaceCounts& hand = s->hands[seat];
  if (!hand.count(face))
    return fail(err, Reason::card_not_held, "seat %d does not hold %s", seat, rook_face_name(face));
  if (s->rooks_owed)
    return fail(err, Reason::rook_must_be_played,
                "the Rook taken by the swap must be played to the table before the discard (T9)");
  if (face == s->taken_face && hand.count(face) != hand.total())
    return fail(err, Reason::cannot_discard_taken_card,
                "%s was just taken from the discard pile; discard another card (T5)",
                rook_face_name(face));
  hand.remove(face);
  s->pile[s->pile_count++] = face;
  if (hand.empty() && is_down(*s, seat)) {
    detail::score_round(s, seat);  // T10: out by discarding the last card
    return Reason::ok;
  }
  ++s->turns;
  if (s->options.max_turns && s->turns >= s->options.max_turns) {
    detail::score_round(s, kNoSeat);  // T13 max_turns: scored as when nothing is left to draw
    return Reason::ok;
  }
  next_turn(s);
  return Reason::ok;
}

Reason do_action(State* s, const Action& a, Error* err) {
  switch (a.kind) {
    case ActionKind::take:
      return do_take(s, a.seat, err);
    case ActionKind::draw:
      return do_draw(s, a.seat, err);
    case ActionKind::buy:
      return do_buy(s, a.seat, err);
    case ActionKind::pass:
      return do_pass(s, a.seat, err);
    case ActionKind::discard:
      return do_discard(s, a.seat, a.bytes[0], err);
    case ActionKind::swap:
      return do_swap(s, a.seat, a.target, a.bytes[0], err);
    case ActionKind::layoff:
      return do_layoff(s, a.seat, a.target, a.bytes, a.count, err);
    case ActionKind::down: {
      if (a.target < 1 || a.target > kMaxContractMelds || a.count != 4 * a.target)
        return fail(err, Reason::malformed_action, "a down action carries 1 to %d packed melds",
                    kMaxContractMelds);
      Meld melds[kMaxContractMelds];
      for (int i = 0; i < a.target; ++i)
        if (Reason r = unpack_meld(a.bytes + 4 * i, &melds[i], err); r != Reason::ok) return r;
      return do_down(s, a.seat, melds, a.target, err);
    }
  }
  return fail(err, Reason::malformed_action, "action kind %d is not a Toonerville action",
              int(a.kind));
}

Reason deal_into(State* s, const FaceCounts* hands, RookFace upcard,
                 const RookFace* stock_top_first, int stock_count, Error* err) {
  const int n = players(*s);
  const int round = s->round + 1;
  const int size = deal_size(round, s->options);
  if (stock_count != n * kRookDeckSize - n * size - 1 || stock_count < 0)
    return fail(err, Reason::malformed_deal, "the stock must hold %d cards, not %d",
                n * kRookDeckSize - n * size - 1, stock_count);
  FaceCounts all;
  for (int p = 0; p < n; ++p) {
    if (hands[p].total() != size)
      return fail(err, Reason::malformed_deal, "round %d deals %d cards; seat %d has %d", round,
                  size, p, hands[p].total());
    for (int f = 0; f < kRookFaces; ++f) all.add(RookFace(f), hands[p].n[f]);
  }
  if (!valid_rook_face(upcard))
    return fail(err, Reason::malformed_deal, "the upcard is not a card");
  all.add(upcard);
  for (int i = 0; i < stock_count; ++i) {
    if (!valid_rook_face(stock_top_first[i]))
      return fail(err, Reason::malformed_deal, "stock card %d is not a card", i + 1);
    all.add(stock_top_first[i]);
  }
  for (int f = 0; f < kRookFaces; ++f)
    if (all.n[f] != n)
      return fail(err, Reason::malformed_deal, "%s is dealt %d times; %d decks have %d",
                  rook_face_name(RookFace(f)), all.n[f], n, n);
  s->round = uint8_t(round);
  for (int p = 0; p < kMaxPlayers; ++p) s->hands[p] = p < n ? hands[p] : FaceCounts{};
  s->pile[0] = upcard;
  s->pile_count = 1;
  for (int i = 0; i < stock_count; ++i) s->stock[i] = stock_top_first[stock_count - 1 - i];
  s->stock_count = uint16_t(stock_count);
  start_round(s);
  return Reason::ok;
}

template <typename Step>
Reason pure(const State& s, State* out, Step step) {
  return deckhand::detail::pure_transition(s, out, &check_invariants, "toonerville", step);
}

}  // namespace

// ---- public transitions --------------------------------------------------------------------

Reason deal_seed(const State& s, uint64_t seed, State* out, Error* err) {
  if (Reason r = deal_check(s, err); r != Reason::ok) return r;
  return pure(s, out, [&](State* next) {
    const int n = players(*next);
    const int total = n * kRookDeckSize;
    RookFace deck[kMaxCards];
    canonical_rook_deck(n, deck);
    PortableRng rng(seed);
    rng.shuffle(deck, total);
    const int size = deal_size(next->round + 1, next->options);
    FaceCounts hands[kMaxPlayers];
    for (int i = 0; i < n * size; ++i) hands[(next->dealer + 1 + i) % n].add(deck[i]);  // T3
    Reason r =
        deal_into(next, hands, deck[n * size], deck + n * size + 1, total - n * size - 1, err);
    std::memcpy(next->rng, rng.state_words(), sizeof next->rng);
    next->has_rng = 1;
    return r;
  });
}

Reason deal_cards(const State& s, const FaceCounts* hands, RookFace upcard,
                  const RookFace* stock_top_first, int stock_count, State* out, Error* err) {
  if (Reason r = deal_check(s, err); r != Reason::ok) return r;
  return pure(s, out, [&](State* next) {
    Reason r = deal_into(next, hands, upcard, stock_top_first, stock_count, err);
    std::memset(next->rng, 0, sizeof next->rng);
    next->has_rng = 0;
    return r;
  });
}

namespace {
Reason reshuffle_check(const State& s, Error* err) {
  if (s.phase == Phase::over) return fail(err, Reason::game_over, "the game is over");
  if (s.phase == Phase::deal)
    return fail(err, Reason::wrong_phase, "no round is being played: nothing to reshuffle");
  if (s.phase != Phase::draw)
    return fail(err, Reason::wrong_phase,
                "a reshuffle comes before the next draw: seat %d is still playing its turn (T13)",
                s.to_act);
  if (s.has_rng)
    return fail(err, Reason::wrong_phase,
                "this round reshuffles with its own generator (a seeded deal or an earlier "
                "'reshuffle seed'); no reshuffle line is needed (T13)");
  if (s.stock_count)
    return fail(err, Reason::wrong_phase, "the stock still has %d %s: no reshuffle yet (T13)",
                s.stock_count, plural(s.stock_count, "card", "cards"));
  if (s.pile_count <= 1)
    return fail(err, Reason::wrong_phase,
                "the discard pile has no card below its top: nothing to reshuffle (T13)");
  return Reason::ok;
}
}  // namespace

Reason reshuffle_seed(const State& s, uint64_t seed, State* out, Error* err) {
  if (Reason r = reshuffle_check(s, err); r != Reason::ok) return r;
  return pure(s, out, [&](State* next) {
    PortableRng rng(seed);
    std::memcpy(next->rng, rng.state_words(), sizeof next->rng);
    next->has_rng = 1;  // the reshuffle itself happens when a card is needed
    if (next->pending_draw) draw_now(next, next->pending_draw - 1);  // the draw waited for it
    return Reason::ok;
  });
}

Reason reshuffle_stock(const State& s, const RookFace* stock_top_first, int count, State* out,
                       Error* err) {
  if (Reason r = reshuffle_check(s, err); r != Reason::ok) return r;
  FaceCounts want, given;
  for (int i = 0; i + 1 < s.pile_count; ++i) want.add(s.pile[i]);
  if (count != s.pile_count - 1)
    return fail(err, Reason::malformed_deal,
                "the new stock must be the %d discards below the top card, not %d cards",
                s.pile_count - 1, count);
  for (int i = 0; i < count; ++i) {
    if (!valid_rook_face(stock_top_first[i]))
      return fail(err, Reason::malformed_deal, "stock card %d is not a card", i + 1);
    given.add(stock_top_first[i]);
  }
  if (!(want == given)) {
    const RookFace f = first_short_face(want, given);
    const RookFace g = f == kNoRookFace ? first_short_face(given, want) : f;
    return fail(err, Reason::malformed_deal,
                "the new stock must be the discards below the top card: %s is there %d times, "
                "given %d",
                rook_face_name(g), want.count(g), given.count(g));
  }
  return pure(s, out, [&](State* next) {
    make_stock(next, stock_top_first);
    if (next->pending_draw) draw_now(next, next->pending_draw - 1);  // the draw waited for it
    return Reason::ok;
  });
}

Reason take(const State& s, int seat, State* out, Error* err) {
  return pure(s, out, [&](State* n) { return do_take(n, seat, err); });
}
Reason draw(const State& s, int seat, State* out, Error* err) {
  return pure(s, out, [&](State* n) { return do_draw(n, seat, err); });
}
Reason buy(const State& s, int seat, State* out, Error* err) {
  return pure(s, out, [&](State* n) { return do_buy(n, seat, err); });
}
Reason pass(const State& s, int seat, State* out, Error* err) {
  return pure(s, out, [&](State* n) { return do_pass(n, seat, err); });
}
Reason go_down(const State& s, int seat, const Meld* melds, int count, State* out, Error* err) {
  if (!melds || count < 1 || count > kMaxContractMelds)
    return fail(err, Reason::malformed_action, "going down takes 1 to %d melds", kMaxContractMelds);
  return pure(s, out, [&](State* n) { return do_down(n, seat, melds, count, err); });
}
Reason lay_off(const State& s, int seat, int meld, RookFace face, int number_for_rook, State* out,
               Error* err) {
  if (meld < 0 || meld > 255) return fail(err, Reason::no_such_meld, "there is no meld %d", meld);
  if (number_for_rook != 0 && (!is_rook(face) || number_for_rook < 1 || number_for_rook > 14))
    return fail(err, Reason::cannot_lay_off, "a number (%d) is given only for a Rook, 1 to 14",
                number_for_rook);
  const Action a = layoff_action(seat, meld, face, number_for_rook);
  return pure(s, out, [&](State* n) { return do_layoff(n, seat, a.target, a.bytes, 1, err); });
}
Reason swap_rook(const State& s, int seat, int meld, RookFace natural, State* out, Error* err) {
  if (meld < 0 || meld > 255) return fail(err, Reason::no_such_meld, "there is no meld %d", meld);
  return pure(s, out, [&](State* n) { return do_swap(n, seat, meld, natural, err); });
}
Reason discard(const State& s, int seat, RookFace face, State* out, Error* err) {
  return pure(s, out, [&](State* n) { return do_discard(n, seat, face, err); });
}

Reason apply(const State& s, const Action& a, State* out, Error* err) {
  return pure(s, out, [&](State* n) { return do_action(n, a, err); });
}

// Every step checks before it changes anything, so the state can be changed in place.
Reason advance(State* s, const Action& a, Error* err) {
  const Reason r = do_action(s, a, err);
  if (r == Reason::ok) deckhand::detail::debug_check(*s, &check_invariants, "toonerville");
  return r;
}

Reason check(const State& s, const Action& a, Error* err) {
  State scratch = s;
  return do_action(&scratch, a, err);
}

bool needs_reshuffle(const State& s) {
  return s.phase == Phase::draw && supply(s, s.pile_count) == Supply::record;
}

// ---- T6 buying -------------------------------------------------------------------------------

uint8_t buyers(const State& s) {
  uint8_t mask = 0;
  if (s.phase != Phase::draw) return 0;
  for (int p = 0; p < players(s); ++p)
    if (buy_refusal(s, p, nullptr) == Reason::ok) mask = uint8_t(mask | (1u << p));
  return mask;
}

int buy_winner(const State& s, uint8_t requests) {
  const int turn = turn_seat(s);
  if (turn < 0) return -1;
  const uint8_t eligible = uint8_t(requests & buyers(s));
  for (int k = 1; k < players(s); ++k) {
    const int seat = (turn + k) % players(s);
    if ((eligible >> seat) & 1) return seat;
  }
  return -1;
}

// ---- legal actions -------------------------------------------------------------------------

namespace {
// Writes an action with one face byte straight into the caller's array: building it apart
// and copying it made the compiler assemble it on the stack and stall reloading it.
void put_action(Action* slot, int seat, ActionKind kind, int count = 0, RookFace face = 0) {
  *slot = Action{};
  slot->seat = uint8_t(seat);
  slot->kind = kind;
  slot->count = uint8_t(count);
  slot->bytes[0] = face;
}
}  // namespace

int legal_actions(const State& s, Action* out) {
  int n = 0;
  if (s.phase == Phase::draw) {
    const int seat = s.to_act;
    if (s.pending_draw) {             // T6: the seat offered the discard buys it or passes
      if (seat == kNoSeat) return 0;  // the draw waits for a reshuffle (T13)
      put_action(&out[n++], seat, ActionKind::buy);
      put_action(&out[n++], seat, ActionKind::pass);
      return n;
    }
    if (!s.bought && s.pile_count) put_action(&out[n++], seat, ActionKind::take);
    if (supply(s, s.pile_count) != Supply::record) put_action(&out[n++], seat, ActionKind::draw);
    return n;
  }
  if (s.phase != Phase::play) return 0;
  const int seat = s.to_act;
  const FaceCounts& hand = s.hands[seat];
  const bool down = is_down(s, seat);
  if (!down) {
    const bool whole = s.round == kRounds;
    const Contract c = contract(s);
    Arrangement arr;
    if (whole ? find_whole_hand(hand, &arr) : find_any_contract(hand, c, &arr)) {
      // rook_swap=new_meld: a Rook taken by a swap must be in the melds (T9). The cheapest
      // arrangement places every Rook that fits anywhere, so it decides when the first
      // arrangement found falls short.
      auto rooks_placed = [&] { return hand.rooks() - arr.leftover.rooks(); };
      if (s.options.rook_swap == RookSwap::new_meld && rooks_placed() < s.rooks_owed && !whole)
        (void)find_contract(hand, c, &arr);
      if (s.options.rook_swap == RookSwap::table || rooks_placed() >= s.rooks_owed)
        out[n++] = down_action(seat, arr.melds, arr.count);
    }
  } else {
    LayOff offs[kMaxLegalActions];
    const int k = find_lay_offs(hand, s.melds, s.meld_count, offs, kMaxLegalActions / 2);
    for (int i = 0; i < k && i < kMaxLegalActions / 2; ++i) {
      const LayOff& o = offs[i];
      const Meld& m = s.melds[o.meld];
      int number = 0;
      if (is_rook(o.face) && m.is_run()) number = o.end == RunEnd::low ? m.low - 1 : m.high + 1;
      out[n++] = layoff_action(seat, o.meld, o.face, number);
    }
  }
  if (!(down && s.options.rook_swap == RookSwap::new_meld)) {
    for (int m = 0; m < s.meld_count; ++m) {
      const Meld& meld = s.melds[m];
      if (!meld.is_run() || !meld.rooks_at) continue;
      for (int number = meld.low; number <= meld.high; ++number) {
        const RookFace natural = rook_face(meld.colour, number);
        if (!rook_at(meld, number) || !hand.count(natural)) continue;
        if (swap_allowed(s, seat, m, natural)) out[n++] = swap_action(seat, m, natural);
      }
    }
  }
  if (s.rooks_owed) {  // rare: a lay-off or a down may leave no place for the Rook owed (T9)
    int kept = 0;
    for (int i = 0; i < n; ++i)
      if (out[i].kind == ActionKind::swap || check(s, out[i], nullptr) == Reason::ok)
        out[kept++] = out[i];
    n = kept;
  } else {
    const bool only_taken = s.taken_face != kNoRookFace && hand.count(s.taken_face) == hand.total();
    uint64_t faces = hand.held();
    if (s.taken_face != kNoRookFace && !only_taken) faces &= ~(uint64_t(1) << s.taken_face);
    for (; faces; faces &= faces - 1)
      put_action(&out[n++], seat, ActionKind::discard, 1, RookFace(std::countr_zero(faces)));
  }
  return n;
}

}  // namespace deckhand::toonerville
