// Sheepshead: a new game, options, the invariant checker and serialization.
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

Reason check_invariants(const State& s, Error* err) {
  auto broken = [&](const char* what) {
    return fail(err, Reason::corrupt_state, "invariant broken: %s", what);
  };
  const Options& o = s.options;
  if (uint8_t(o.no_pick) > 2 || uint8_t(o.unknown) > 1 || uint8_t(o.double_on_bump) > 1 ||
      uint8_t(o.leaster_blind) > 1 || o.hands > deckhand::detail::kMaxPlayLimit)
    return broken("options out of range");
  if (uint8_t(s.phase) > uint8_t(Phase::over) || uint8_t(s.contract) > uint8_t(Contract::leaster))
    return broken("unknown phase or contract");
  if (s.dealer >= kPlayers || s.first_dealer >= kPlayers) return broken("dealer seat out of range");
  if (s.reserved_byte | s.last.reserved[0] | s.last.reserved[1] | s.last.reserved[2])
    return broken("reserved bytes not zero");
  if (s.hands_scored > s.hand_number) return broken("more hands scored than dealt");
  if ((s.phase == Phase::over) != (s.winners != 0) || s.winners > 31)
    return broken("winners set exactly when over");
  int64_t total = 0;
  for (int32_t v : s.scores) total += v;
  if (total != 0) return broken("scores do not sum to zero (S15)");
  // Fields that index arrays or name cards: a crafted image must not reach out of bounds
  // (view() indexes played[unknown_played - 1][picker] and played[t][partner]).
  auto seat_or_none = [](uint8_t v) { return v < kPlayers || v == kNoSeat; };
  auto card_or_none = [](uint8_t v) { return v < 32 || v == kNoCard; };
  if (!seat_or_none(s.picker) || !seat_or_none(s.partner) || !card_or_none(s.called) ||
      !card_or_none(s.unknown) || s.unknown_played > kTricks || s.called_led > kTricks ||
      ((s.unknown != kNoCard || s.unknown_played) && (s.picker == kNoSeat || s.unknown == kNoCard)))
    return broken("seat, card or trick field out of range");
  for (int t = 0; t < kTricks; ++t)
    if (!seat_or_none(s.leaders[t]) || !seat_or_none(s.trick_winners[t]))
      return broken("trick seat out of range");
  if (s.phase != Phase::play && (!s.playable.empty() || s.unknown_playable))
    return broken("a playable set outside the play phase");
  if (s.phase == Phase::deal || s.phase == Phase::over) {
    if (s.to_act != kNoSeat) return broken("a seat acts between hands");
    for (CardSet h : s.hands)
      if (!h.empty()) return broken("cards in hand between hands");
    return Reason::ok;
  }
  if (s.to_act >= kPlayers || s.hand_number == 0) return broken("no seat to act during a hand");
  if (s.passes > kPlayers) return broken("too many passes");
  if (s.doubled > 1 || (s.doubled && s.pending_doublers == 0))
    return broken("doubled hand without a doubler");
  // Card conservation: hands, the blind or bury, the unknown and the played cards are the
  // 32 cards, each once.
  const bool picked = s.picker != kNoSeat;
  if (picked != (s.phase != Phase::picking && s.contract != Contract::leaster))
    return broken("picker and phase disagree");
  if (picked && (s.picker >= kPlayers || s.blind.size() != 2)) return broken("picker out of range");
  CardSet all;
  int count = 0;
  auto place = [&](CardSet c) {
    all |= c;
    count += c.size();
  };
  for (CardSet h : s.hands) place(h);
  if (!picked) place(s.blind);
  place(s.bury);
  const bool unknown_aside = s.unknown != kNoCard && !s.unknown_played;
  if (unknown_aside) place(CardSet::of(Card(s.unknown)));
  if (s.tricks_done > kTricks || s.in_trick >= kPlayers)
    return broken("trick counters out of range");
  int played = 0;
  for (int t = 0; t < kTricks; ++t)
    for (int p = 0; p < kPlayers; ++p)
      if (s.played[t][p] != kNoCard) {
        if (s.played[t][p] >= 32) return broken("played card out of range");
        place(CardSet::of(Card(s.played[t][p])));
        ++played;
      }
  if (count != 32 || all != kPiquetDeck)
    return broken("the 32 cards are not each in exactly one place");
  if (played != s.tricks_done * kPlayers + s.in_trick)
    return broken("played cards do not match the trick count");
  // Phase-specific shape.
  if (s.phase == Phase::picking) {
    for (CardSet h : s.hands)
      if (h.size() != kHandSize) return broken("a hand is not six cards while picking");
    if (s.to_act != (s.dealer + 1 + s.passes) % kPlayers) return broken("wrong seat to pick");
  } else if (s.phase == Phase::burying || s.phase == Phase::calling) {
    if (s.to_act != s.picker) return broken("the picker must act");
    if (s.hands[s.picker].size() != (s.phase == Phase::burying ? 8 : 6))
      return broken("picker's hand size");
    if ((s.phase == Phase::burying) != s.bury.empty()) return broken("bury and phase disagree");
  } else {
    if (s.contract == Contract::none) return broken("play without a contract");
    if ((s.contract == Contract::called) != (s.called != kNoCard))
      return broken("called card and contract disagree");
    if (s.contract == Contract::called && s.partner >= kPlayers)
      return broken("called contract without a partner");
    if (s.leaders[s.tricks_done] >= kPlayers) return broken("current trick has no leader");
    if (s.to_act != (s.leaders[s.tricks_done] + s.in_trick) % kPlayers)
      return broken("wrong seat to act in the trick");
    int tricks = 0, points = 0;
    for (int p = 0; p < kPlayers; ++p) tricks += s.tricks_won[p], points += s.points[p];
    if (tricks != s.tricks_done) return broken("tricks won do not add up");
    if (points > 120) return broken("more than 120 card points taken");
    const detail::Playable p = detail::playable(s, s.to_act);
    if (p.cards != s.playable || p.unknown != (s.unknown_playable != 0))
      return broken("the stored playable set is not what S8 and S9 allow");
  }
  return Reason::ok;
}

namespace {
constexpr char kMagic[5] = "DHsh";
constexpr uint32_t kFormatVersion = 1;
static_assert(kSerializedSize == deckhand::detail::kImageSize<State>);
}  // namespace

size_t serialize(const State& s, uint8_t* buf, size_t cap) {
  return deckhand::detail::write_image(s, kMagic, kFormatVersion, buf, cap);
}

Reason deserialize(const uint8_t* buf, size_t len, State* out, Error* err) {
  return deckhand::detail::read_image(buf, len, kMagic, kFormatVersion, "sheepshead",
                                      &check_invariants, out, err);
}

}  // namespace deckhand::sheepshead
