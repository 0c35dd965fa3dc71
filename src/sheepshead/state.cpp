// Sheepshead: a new game, options, the invariant checker and serialization.
#include <algorithm>
#include <bit>
#include <cstring>

#include "../common/state_image.hpp"
#include "../common/text.hpp"
#include "internal.hpp"

namespace deckhand::sheepshead {

using text::iequals;

State new_game(const Options& options, int first_dealer) {
  State s{};
  s.options = options;
  s.phase = Phase::deal;
  s.first_dealer = s.dealer =
      uint8_t(first_dealer >= 0 && first_dealer < kPlayers ? first_dealer : 0);
  s.to_act = s.picker = s.partner = kNoSeat;
  s.called = s.unknown = kNoCard;
  s.last.picker = s.last.partner = s.last.leaster_winner = kNoSeat;
  s.last.called = s.last.unknown = kNoCard;
  std::memset(s.leaders, kNoSeat, sizeof s.leaders);
  std::memset(s.played, kNoCard, sizeof s.played);
  std::memset(s.trick_winners, kNoSeat, sizeof s.trick_winners);
  return s;
}

Reason set_option(Options* o, std::string_view key, std::string_view value, Error* err) {
  auto choose = [&](const char* name, std::initializer_list<const char*> values,
                    uint8_t* field) -> Reason {
    uint8_t i = 0;
    for (const char* v : values) {
      if (iequals(value, v)) {
        *field = i;
        return Reason::ok;
      }
      ++i;
    }
    return fail(err, Reason::bad_option, "option %s does not take %s", name,
                text::quote(value).c_str());
  };
  if (iequals(key, "no_pick"))
    return choose("no_pick", {"leaster", "doubler", "forced"},
                  reinterpret_cast<uint8_t*>(&o->no_pick));
  if (iequals(key, "unknown"))
    return choose("unknown", {"on", "off"}, reinterpret_cast<uint8_t*>(&o->unknown));
  if (iequals(key, "double_on_bump"))
    return choose("double_on_bump", {"off", "on"}, reinterpret_cast<uint8_t*>(&o->double_on_bump));
  if (iequals(key, "leaster_blind"))
    return choose("leaster_blind", {"last_trick", "none"},
                  reinterpret_cast<uint8_t*>(&o->leaster_blind));
  if (iequals(key, "hands"))
    return deckhand::detail::parse_play_limit("hands", value, &o->hands, err);
  return fail(err, Reason::bad_option, "sheepshead has no option %s", text::quote(key).c_str());
}

void option_strings(const Options& o, std::string out[5], int* count) {
  static const char* const no_pick[] = {"leaster", "doubler", "forced"};
  out[0] = std::string("no_pick=") + no_pick[uint8_t(o.no_pick) % 3];
  out[1] = std::string("unknown=") + (o.unknown == Unknown::on ? "on" : "off");
  out[2] = std::string("double_on_bump=") + (o.double_on_bump == DoubleOnBump::on ? "on" : "off");
  out[3] = std::string("leaster_blind=") +
           (o.leaster_blind == LeasterBlind::last_trick ? "last_trick" : "none");
  out[4] = "hands=" + std::to_string(o.hands);
  *count = 5;
}

namespace detail {
const char* phase_name(Phase p) {
  switch (p) {
    case Phase::deal:
      return "deal";
    case Phase::picking:
      return "picking";
    case Phase::burying:
      return "burying";
    case Phase::calling:
      return "calling";
    case Phase::play:
      return "play";
    case Phase::over:
      return "over";
  }
  return "unknown";
}
const char* contract_name(Contract c) {
  switch (c) {
    case Contract::none:
      return "none";
    case Contract::called:
      return "called";
    case Contract::alone:
      return "alone";
    case Contract::leaster:
      return "leaster";
  }
  return "unknown";
}
}  // namespace detail

namespace {

using Broken = const char*;  // what a check found broken, or nullptr

bool seat_or_none(uint8_t v) {
  return v < kPlayers || v == kNoSeat;
}
bool card_or_none(uint8_t v) {
  return v < 32 || v == kNoCard;
}

// S4–S7, S14: how the hand is played (picker, bury, call, partner, unknown) agrees with the
// picking round and the cards. `dealer` is the hand's dealer.
Broken check_contract(const State& s, int dealer) {
  if (s.blind.size() != 2) return "the blind is not two cards";
  if (s.contract == Contract::leaster) {
    if (s.options.no_pick != NoPick::leaster || s.passes != kPlayers)
      return "a leaster without five passes under no_pick=leaster (S14)";
    if (s.picker != kNoSeat || s.partner != kNoSeat || s.called != kNoCard ||
        s.unknown != kNoCard || !s.bury.empty())
      return "a picker, call or bury in a leaster";
    return nullptr;
  }
  if (s.contract != Contract::called && s.contract != Contract::alone)
    return "play without a contract";
  if (s.picker >= kPlayers || s.passes != (s.picker - dealer - 1 + 2 * kPlayers) % kPlayers)
    return "the picker is not the seat after the passes (S4)";
  if (s.bury.size() != 2) return "the bury is not two cards (S6)";
  if (s.contract == Contract::alone) {
    if (s.partner != kNoSeat || s.called != kNoCard || s.unknown != kNoCard)
      return "a call or partner when the picker plays alone";
    return nullptr;
  }
  const Card called(s.called);
  if (s.called == kNoCard || ranking().effective_suit(called) == kTrumpSuit ||
      (called.rank() != Rank::ace && called.rank() != Rank::ten))
    return "the called card is not a fail ace or ten (S7)";
  if (s.unknown != kNoCard && (s.options.unknown == Unknown::off || called.rank() != Rank::ace))
    return "an unknown card S7 does not allow";
  int holder = kNoSeat;
  for (int p = 0; p < kPlayers; ++p) {
    bool holds = s.hands[p].has(called);
    for (int t = 0; t < kTricks; ++t) holds |= s.played[t][p] == s.called;
    if (holds) holder = p;
  }
  if (s.partner != holder || holder == s.picker)
    return "the partner is not the holder of the called card (S7)";
  return nullptr;
}

// S8, S9, S14: replays the tricks — left of the dealer leads the first, the winner of each
// the next — and compares leaders, trick winners, card points, tricks won, when the called
// suit was first led, when the unknown was played and who is to act with the stored fields.
Broken check_tricks(const State& s, int dealer) {
  const bool playing = s.phase == Phase::play;
  const int full = s.tricks_done;
  uint8_t points[kPlayers] = {}, tricks[kPlayers] = {};
  int leader = full || playing ? detail::next_seat(dealer) : kNoSeat;
  int called_led = 0, unknown_played = 0;
  for (int t = 0; t < kTricks; ++t) {
    const int cards = t < full ? kPlayers : t == full && playing ? s.in_trick : 0;
    const bool led = t < full || (t == full && playing);
    if (s.leaders[t] != (led ? leader : kNoSeat))
      return "a trick's leader is not the winner of the trick before (S9)";
    for (int i = 0; i < kPlayers; ++i)
      if ((s.played[t][(leader + i) % kPlayers] != kNoCard) != (i < cards))
        return "the cards of a trick are not from its leader onwards in turn";
    if (s.unknown != kNoCard && cards && s.played[t][s.picker] == s.unknown) unknown_played = t + 1;
    if (cards && s.contract == Contract::called && !called_led) {
      const uint8_t lead = s.played[t][leader];
      if ((leader == s.picker && lead == s.unknown) ||
          ranking().effective_suit(Card(lead)) == detail::called_suit(s))
        called_led = t + 1;
    }
    if (t >= full) {
      if (s.trick_winners[t] != kNoSeat) return "a winner of a trick not yet complete";
      leader = kNoSeat;
      continue;
    }
    if ((s.unknown_played == t + 1) != (unknown_played == t + 1))  // before the winner uses it
      return "the unknown is not where it was played";
    leader = detail::trick_winner(s, t);
    if (s.trick_winners[t] != leader) return "a trick's winner is not who took it (S9)";
    points[leader] = uint8_t(points[leader] + detail::trick_points(s, t));
    tricks[leader]++;
  }
  if (s.unknown_played != unknown_played) return "the unknown is not where it was played";
  if (s.called_led != called_led) return "the called suit was first led elsewhere (S8)";
  if (s.contract == Contract::called) {
    // A called hand always has its partner (the holder of the called card, S7); a crafted
    // image between hands reaches here before check_contract (fuzz_image found partner 255).
    if (s.partner >= kPlayers || s.picker >= kPlayers) return "a called hand without its seats";
    // S8: the partner plays the called card to the first trick of the called suit, or last.
    int called_at = -1;
    for (int t = 0; t < kTricks; ++t)
      if (s.played[t][s.partner] == s.called) called_at = t;
    const bool pending = called_at < 0 && (!called_led || (called_led == full + 1 && playing));
    if (!pending && called_at != (called_led ? called_led - 1 : kTricks - 1))
      return "the called card was not played when S8 requires";
    // S7: an unknown is marked only by a picker holding no card of the called suit.
    if (s.unknown != kNoCard) {
      CardSet owned = s.hands[s.picker];
      for (int t = 0; t < kTricks; ++t)
        if (s.played[t][s.picker] != kNoCard) owned.add(Card(s.played[t][s.picker]));
      if (!(owned & ranking().suit_cards[detail::called_suit(s)]).empty())
        return "an unknown call by a picker holding the called suit (S7)";
    }
  }
  // S14: a scored leaster gives the blind to the last trick's winner.
  if (full == kTricks && s.contract == Contract::leaster &&
      s.options.leaster_blind == LeasterBlind::last_trick)
    points[s.trick_winners[kTricks - 1]] =
        uint8_t(points[s.trick_winners[kTricks - 1]] + points_of(s.blind));
  if (std::memcmp(points, s.points, sizeof points) != 0 ||
      std::memcmp(tricks, s.tricks_won, sizeof tricks) != 0)
    return "card points or tricks won are not what the tricks played give (S1, S9)";
  if (playing && s.to_act != (s.leaders[full] + s.in_trick) % kPlayers)
    return "wrong seat to act in the trick";
  return nullptr;
}

// Card conservation: hands, the blind (until picked, or set aside in a leaster), the bury,
// the unknown set aside and the played cards are the 32 cards, each once; each seat holds
// six cards less what it has played (the picker eight while burying, and its unknown aside
// counts as held).
Broken check_cards(const State& s) {
  const bool picked = s.picker != kNoSeat;
  const bool unknown_aside = s.unknown != kNoCard && !s.unknown_played;
  CardSet all = s.bury;
  int count = s.bury.size();
  if (!picked) all |= s.blind, count += s.blind.size();
  if (unknown_aside) all.add(Card(s.unknown));  // counted as held by the picker
  for (int p = 0; p < kPlayers; ++p) {
    int held = s.hands[p].size() + (p == s.picker && unknown_aside);
    for (int t = 0; t < kTricks; ++t)
      if (s.played[t][p] != kNoCard) all.add(Card(s.played[t][p])), ++held;
    const bool between = s.phase == Phase::deal || s.phase == Phase::over;
    const int expected = between ? (s.tricks_done ? kHandSize : 0)
                                 : kHandSize + 2 * (p == s.picker && s.phase == Phase::burying);
    if (held != expected) return "a hand lost or gained cards";
    all |= s.hands[p];
    count += held;
  }
  if (count != 32 || all != kPiquetDeck) return "the 32 cards are not each in exactly one place";
  return nullptr;
}

// S10–S14: the last scored hand's result is the one its contract, seats, card points,
// tricks, bury and doubling give (settle_result, as scoring computes it).
Broken check_last(const State& s) {
  const HandResult& r = s.last;
  if ((r.contract == Contract::none) != (s.hands_scored == 0))
    return "a last hand result without a scored hand";
  if (r.contract == Contract::none) {
    const HandResult none = new_game().last;
    return std::memcmp(&r, &none, sizeof r) ? "a last hand result before any scored hand" : nullptr;
  }
  const bool picked = r.contract != Contract::leaster;
  if (uint8_t(r.contract) > uint8_t(Contract::leaster) || !card_or_none(r.called) ||
      !card_or_none(r.unknown) || (r.doubled != 1 && r.doubled != 2) ||
      (picked ? r.picker >= kPlayers : r.picker != kNoSeat) ||
      (r.contract == Contract::called ? r.partner >= kPlayers || r.partner == r.picker
                                      : r.partner != kNoSeat))
    return "last hand result out of range";
  int tricks = 0;
  for (uint8_t t : r.tricks) tricks += t;
  if (tricks != kTricks) return "the last hand's tricks do not add up to six";
  HandResult expected = r;
  detail::settle_result(s.options, &expected);
  if (std::memcmp(&expected, &r, sizeof r) != 0)
    return "the last hand's result is not what its contract and cards give (S10-S14)";
  return nullptr;
}

Broken check_state(const State& s) {
  const Options& o = s.options;
  if (uint8_t(o.no_pick) > 2 || uint8_t(o.unknown) > 1 || uint8_t(o.double_on_bump) > 1 ||
      uint8_t(o.leaster_blind) > 1 || o.hands > deckhand::detail::kMaxPlayLimit)
    return "options out of range";
  if (uint8_t(s.phase) > uint8_t(Phase::over) || uint8_t(s.contract) > uint8_t(Contract::leaster))
    return "unknown phase or contract";
  if (s.dealer >= kPlayers || s.first_dealer >= kPlayers) return "dealer seat out of range";
  if (s.reserved_byte | s.last.reserved[0] | s.last.reserved[1] | s.last.reserved[2])
    return "reserved bytes not zero";
  if (s.hands_scored > s.hand_number) return "more hands scored than dealt";
  int64_t total = 0;
  for (int32_t v : s.scores) {
    if (!deckhand::detail::score_in_range(v)) return "a score beyond the score limit";
    total += v;
  }
  if (total != 0) return "scores do not sum to zero (S15)";
  const bool over = s.phase == Phase::over;
  if (over != (o.hands != 0 && s.hands_scored >= o.hands))
    return "the game is over exactly after `hands` scored hands (S15)";
  uint8_t top = 0;  // S15: the highest totals win
  for (int p = 0; p < kPlayers; ++p)
    if (s.scores[p] == *std::max_element(s.scores, s.scores + kPlayers)) top |= detail::seat_bit(p);
  if (s.winners != (over ? top : 0)) return "winners are not the top scores at the game's end";
  if (s.pending_doublers && o.no_pick != NoPick::doubler)
    return "pending doublers without no_pick=doubler (S5)";
  if (Broken b = check_last(s)) return b;
  // Fields that index arrays or name cards: a crafted image must not reach out of bounds
  // (view() indexes played[unknown_played - 1][picker] and played[t][partner]).
  if (!seat_or_none(s.picker) || !seat_or_none(s.partner) || !card_or_none(s.called) ||
      !card_or_none(s.unknown) || s.unknown_played > kTricks || s.called_led > kTricks ||
      s.tricks_done > kTricks || s.in_trick >= kPlayers || s.passes > kPlayers ||
      ((s.unknown != kNoCard || s.unknown_played) && (s.picker == kNoSeat || s.unknown == kNoCard)))
    return "seat, card or trick field out of range";
  for (int t = 0; t < kTricks; ++t) {
    if (!seat_or_none(s.leaders[t]) || !seat_or_none(s.trick_winners[t]))
      return "trick seat out of range";
    for (int p = 0; p < kPlayers; ++p)
      if (!card_or_none(s.played[t][p])) return "played card out of range";
  }
  if (s.doubled > 1 || (s.doubled && s.pending_doublers == 0))
    return "doubled hand without a doubler";
  if (s.phase != Phase::play && (!s.playable.empty() || s.unknown_playable))
    return "a playable set outside the play phase";
  if (s.phase == Phase::deal || over) {
    if (s.to_act != kNoSeat) return "a seat acts between hands";
    for (CardSet h : s.hands)
      if (!h.empty()) return "cards in hand between hands";
    // Between hands the tables keep the last hand played out (a scored hand: six tricks),
    // or nothing (a new game, a thrown-in doubler).
    if (s.in_trick || (s.tricks_done != 0 && s.tricks_done != kTricks))
      return "a hand left half played";
    if (s.tricks_done == 0) {
      if (Broken b = check_tricks(s, s.dealer)) return b;
      return nullptr;
    }
    const int dealer = (s.dealer + kPlayers - 1) % kPlayers;  // the hand's dealer
    if (s.hands_scored == 0) return "a hand played out but not scored";
    if (Broken b = check_contract(s, dealer)) return b;
    if (Broken b = check_cards(s)) return b;
    if (Broken b = check_tricks(s, dealer)) return b;
    if (std::memcmp(s.points, s.last.points, sizeof s.points) != 0 ||
        std::memcmp(s.tricks_won, s.last.tricks, sizeof s.tricks_won) != 0 ||
        s.last.hand_number != uint8_t(s.hand_number) || s.last.contract != s.contract)
      return "the last hand result is not the hand on the table";
    return nullptr;
  }
  if (s.to_act >= kPlayers || s.hand_number == 0) return "no seat to act during a hand";
  if (s.hands_scored == s.hand_number && s.hand_number != UINT32_MAX)
    return "a hand in progress already counted as scored";
  if (s.doubled != (s.pending_doublers > 0)) return "a hand's stakes disagree with the doublers";
  // Before the play the trick counters are zero: check_tricks replays only the tricks they
  // name, and play would index a trick by them (issue 28: in_trick 1 while picking).
  if (s.phase != Phase::play && (s.tricks_done != 0 || s.in_trick != 0))
    return "trick counters set before the play";
  if (Broken b = check_cards(s)) return b;
  if (s.phase == Phase::picking) {
    if (s.contract != Contract::none || s.picker != kNoSeat || s.partner != kNoSeat ||
        s.called != kNoCard || !s.bury.empty() || s.passes >= kPlayers)
      return "a picker, call or bury before anyone picked";
    if (s.to_act != (s.dealer + 1 + s.passes) % kPlayers) return "wrong seat to pick";
  } else if (s.phase == Phase::burying || s.phase == Phase::calling) {
    if (s.contract != Contract::none || s.picker >= kPlayers || s.partner != kNoSeat ||
        s.called != kNoCard || s.unknown != kNoCard)
      return "a contract before the picker called";
    if (s.passes != (s.picker - s.dealer - 1 + 2 * kPlayers) % kPlayers)
      return "the picker is not the seat after the passes (S4)";
    if (s.to_act != s.picker) return "the picker must act";
    if (s.blind.size() != 2) return "the blind is not two cards";
    if (s.phase == Phase::burying ? !s.bury.empty() || !(s.blind - s.hands[s.picker]).empty()
                                  : s.bury.size() != 2)
      return "bury and phase disagree";
  } else {
    if (s.tricks_done >= kTricks) return "play after the last trick";
    if (Broken b = check_contract(s, s.dealer)) return b;
  }
  if (Broken b = check_tricks(s, s.dealer)) return b;
  if (s.phase == Phase::play) {
    const detail::Playable p = detail::playable(s, s.to_act);
    if (p.cards != s.playable || p.unknown != (s.unknown_playable != 0))
      return "the stored playable set is not what S8 and S9 allow";
    if (p.cards.empty() && !p.unknown) return "the seat to act has no card it may play";
  }
  return nullptr;
}

}  // namespace

Reason check_invariants(const State& s, Error* err) {
  if (Broken b = check_state(s)) return fail(err, Reason::corrupt_state, "invariant broken: %s", b);
  return Reason::ok;
}

namespace {
constexpr uint32_t kFormatVersion = 1;
static_assert(kSerializedSize == deckhand::detail::kImageSize<State>);

// The multi-byte fields of a state, swapped between native and little-endian order for its
// image (big-endian machines only; every other field is one byte).
void image_byte_order(State* s) {
  using deckhand::detail::swap_field;
  using deckhand::detail::swap_fields;
  swap_fields(s->scores, s->hand_number, s->hands_scored, s->last.deltas, s->options.hands,
              s->pending_doublers);
  swap_field(s->hands);
  swap_field(s->blind);
  swap_field(s->bury);
  swap_field(s->playable);
}
}  // namespace

size_t serialize(const State& s, uint8_t* buf, size_t cap) {
  return deckhand::detail::write_image(s, detail::kImageTag, kFormatVersion, &image_byte_order, buf,
                                       cap);
}

Reason deserialize(const uint8_t* buf, size_t len, State* out, Error* err) {
  return deckhand::detail::read_image(buf, len, detail::kImageTag, kFormatVersion,
                                      &image_byte_order, "sheepshead", &check_invariants, out, err);
}

}  // namespace deckhand::sheepshead
