// Ghost Hand Euchre: a new game, options, the invariant checker and serialization.
#include <bit>
#include <cstring>

#include "../common/state_image.hpp"
#include "../common/text.hpp"
#include "internal.hpp"

namespace deckhand::ghost_euchre {

using text::iequals;

State new_game(const Options& options, int first_dealer) {
  State s{};  // no padding, so value-initialising fixes every byte
  s.options = options;
  s.phase = Phase::deal;
  s.first_dealer = s.dealer =
      uint8_t(first_dealer >= 0 && first_dealer < kPlayers ? first_dealer : 0);
  s.to_act = s.spare_owner = s.declarer = s.trump = kNoSeat;
  s.last.declarer = kNoSeat;
  std::memset(s.leaders, kNoSeat, sizeof s.leaders);
  std::memset(s.played, kNoCard, sizeof s.played);
  return s;
}

namespace {
struct Choice {
  const char* key;
  const char* values[2];
};
constexpr Choice kChoices[] = {
    {"swaps", {"one", "chain"}},        {"all_pass", {"redeal", "stick_dealer"}},
    {"renege", {"reject", "penalize"}}, {"declarer_scores", {"tricks", "bid"}},
    {"moon_set", {"24", "6"}},          {"tiebreak", {"extra_hand", "highest"}},
};
uint8_t* choice_field(Options* o, int i) {
  uint8_t* fields[] = {
      reinterpret_cast<uint8_t*>(&o->swaps),    reinterpret_cast<uint8_t*>(&o->all_pass),
      reinterpret_cast<uint8_t*>(&o->renege),   reinterpret_cast<uint8_t*>(&o->declarer_scores),
      reinterpret_cast<uint8_t*>(&o->moon_set), reinterpret_cast<uint8_t*>(&o->tiebreak)};
  return fields[i];
}
}  // namespace

Reason set_option(Options* options, std::string_view key, std::string_view value, Error* err) {
  for (int i = 0; i < 6; ++i) {
    if (!iequals(key, kChoices[i].key)) continue;
    for (uint8_t v = 0; v < 2; ++v) {
      if (iequals(value, kChoices[i].values[v])) {
        *choice_field(options, i) = v;
        return Reason::ok;
      }
    }
    return fail(err, Reason::bad_option, "option %s takes %s or %s, not %s", kChoices[i].key,
                kChoices[i].values[0], kChoices[i].values[1], text::quote(value).c_str());
  }
  if (iequals(key, "target")) {
    int64_t t;
    if (!text::parse_int(value, 1, 10000, &t))
      return fail(err, Reason::bad_option,
                  "option target takes a whole number from 1 to 10000, not %s",
                  text::quote(value).c_str());
    options->target = int16_t(t);
    return Reason::ok;
  }
  if (iequals(key, "max_hands"))
    return deckhand::detail::parse_play_limit("max_hands", value, &options->max_hands, err);
  return fail(err, Reason::bad_option, "ghost-euchre has no option %s", text::quote(key).c_str());
}

void option_strings(const Options& options, std::string out[kOptionCount], int* count) {
  Options copy = options;
  int n = 0;
  // RULES.md order: swaps, all_pass, renege, declarer_scores, moon_set (G4–G9), then
  // target, tiebreak and max_hands (G10).
  for (int i = 0; i < 6; ++i) {
    if (i == 5) out[n++] = "target=" + std::to_string(options.target);
    out[n++] = std::string(kChoices[i].key) + "=" + kChoices[i].values[*choice_field(&copy, i) & 1];
  }
  out[n++] = "max_hands=" + std::to_string(options.max_hands);
  *count = n;
}

namespace detail {
const char* phase_name(Phase p) {
  switch (p) {
    case Phase::deal:
      return "deal";
    case Phase::bidding:
      return "bidding";
    case Phase::trump:
      return "trump";
    case Phase::play:
      return "play";
    case Phase::over:
      return "over";
  }
  return "unknown";
}
const char* bid_word(int level) {
  static const char* const words[] = {"none", "1", "2", "3", "4", "5", "moon"};
  return level >= 0 && level <= kMoon ? words[level] : "?";
}
}  // namespace detail

Reason check_invariants(const State& s, Error* err) {
  auto broken = [&](const char* what) {
    return fail(err, Reason::corrupt_state, "invariant broken: %s", what);
  };
  const Options& o = s.options;
  if (uint8_t(o.swaps) > 1 || uint8_t(o.all_pass) > 1 || uint8_t(o.renege) > 1 ||
      uint8_t(o.declarer_scores) > 1 || uint8_t(o.moon_set) > 1 || uint8_t(o.tiebreak) > 1 ||
      o.target < 1 || o.target > 10000 || o.max_hands > deckhand::detail::kMaxPlayLimit)
    return broken("options out of range");
  if (uint8_t(s.phase) > uint8_t(Phase::over)) return broken("unknown phase");
  if (s.dealer >= kPlayers || s.first_dealer >= kPlayers) return broken("dealer seat out of range");
  if (s.reserved[0] | s.reserved[1] | s.reserved[2] | s.reserved[3])
    return broken("reserved bytes not zero");
  if (s.hands_scored > s.hand_number) return broken("more hands scored than dealt");
  const bool over = s.phase == Phase::over;
  if (o.max_hands && (s.hands_scored > o.max_hands || (s.hands_scored == o.max_hands && !over)))
    return broken("play went on past max_hands (G10)");
  if (over != (s.winners != 0) || s.winners > 7)
    return broken("winners set exactly when the game is over");
  if (s.last.declarer != kNoSeat &&
      (s.last.declarer >= kPlayers || s.last.bid < 3 || s.last.bid > kMoon))
    return broken("last hand result out of range");
  // Fields that index arrays or name cards, in every phase (views read them between hands).
  if (s.auction_len > 6 || s.speakers > kPlayers || s.tricks_done > kTricks ||
      s.in_trick >= kPlayers || (s.trump >= kSuitCount && s.trump != kNoSeat) ||
      (s.declarer >= kPlayers && s.declarer != kNoSeat) ||
      (s.spare_owner >= kPlayers && s.spare_owner != kNoSeat) || s.high_bid > kMoon)
    return broken("a counter, seat or suit field is out of range");
  for (int i = 0; i < s.auction_len; ++i)
    if ((s.auction[i] >> 4) >= kPlayers ||
        ((s.auction[i] & 15) != kAuctionPass && (s.auction[i] & 15) != kAuctionSwap &&
         ((s.auction[i] & 15) < 3 || (s.auction[i] & 15) > kMoon)))
      return broken("an auction entry is out of range");
  for (int t = 0; t < kTricks; ++t) {
    if (s.leaders[t] >= kPlayers && s.leaders[t] != kNoSeat)
      return broken("a trick leader is out of range");
    int cards = 0;
    for (int p = 0; p < kPlayers; ++p) {
      if (s.played[t][p] == kNoCard) continue;
      if (!kEuchreDeck.has(Card(s.played[t][p])))
        return broken("a played card is not a Euchre card");
      ++cards;
    }
    if (t < s.tricks_done && (cards != kPlayers || s.leaders[t] == kNoSeat || s.trump == kNoSeat))
      return broken("a finished trick is not three cards under a trump");
    if (t > s.tricks_done && cards != 0) return broken("cards in a trick not yet played");
  }
  if (s.phase == Phase::deal || over) {
    if (s.to_act != kNoSeat) return broken("a seat acts between hands");
    if (!(s.hands[0] | s.hands[1] | s.hands[2] | s.spare).empty())
      return broken("cards in hand between hands");
    return Reason::ok;
  }
  // A hand is in progress.
  if (s.to_act >= kPlayers) return broken("no seat to act during a hand");
  if (s.hand_number == 0) return broken("a hand in progress before any deal");
  if (s.auction_len > 6 || s.speakers > kPlayers) return broken("auction counters out of range");
  if ((s.high_bid == 0) != (s.declarer == kNoSeat) ||
      (s.high_bid != 0 && (s.high_bid < 3 || s.high_bid > kMoon)) ||
      (s.declarer != kNoSeat && s.declarer >= kPlayers))
    return broken("high bid and declarer disagree");
  if (s.swapped_mask > 7 ||
      std::popcount(unsigned(s.swapped_mask)) > (o.swaps == Swaps::one ? 1 : 3))
    return broken("too many swaps");
  if ((s.swapped_mask == 0) != (s.spare_owner == kNoSeat))
    return broken("dead hand owner without a swap");
  if (s.swapped_now > 1 || (s.swapped_now && s.phase != Phase::bidding))
    return broken("swap flag outside bidding");
  // Card conservation: hands, the spare hand and this hand's played cards are 24 distinct cards.
  CardSet all;
  int count = 0;
  for (int p = 0; p < kPlayers; ++p) {
    all |= s.hands[p];
    count += s.hands[p].size();
  }
  all |= s.spare;
  count += s.spare.size();
  int played_count = 0;
  if (s.tricks_done > kTricks || s.in_trick >= kPlayers)
    return broken("trick counters out of range");
  const int full = s.tricks_done;
  for (int t = 0; t < kTricks; ++t) {
    for (int p = 0; p < kPlayers; ++p) {
      const uint8_t c = s.played[t][p];
      if (c == kNoCard) continue;
      if (!kEuchreDeck.has(Card(c))) return broken("played card is not a Euchre card");
      all.add(Card(c));
      ++count;
      ++played_count;
    }
  }
  if (count != 24 || all != kEuchreDeck)
    return broken("the 24 cards are not each in exactly one place");
  if (played_count != full * kPlayers + s.in_trick)
    return broken("played cards do not match the trick count");
  if (s.spare.size() != kHandSize) return broken("the ghost or dead hand does not hold 6 cards");
  int tricks = 0;
  for (int p = 0; p < kPlayers; ++p) {
    int played_by_p = 0;
    for (int t = 0; t < kTricks; ++t) played_by_p += s.played[t][p] != kNoCard;
    if (s.hands[p].size() + played_by_p != kHandSize) return broken("a hand lost or gained cards");
    tricks += s.tricks_won[p];
  }
  if (tricks != full) return broken("tricks won do not add up to tricks played");
  if (s.phase == Phase::bidding) {
    if (s.trump != kNoSeat || full != 0 || played_count != 0)
      return broken("play before the auction ended");
  } else {
    if (s.declarer == kNoSeat) return broken("no declarer after the auction");
    if (s.phase == Phase::play ? s.trump >= kSuitCount : s.trump != kNoSeat)
      return broken("trump inconsistent with phase");
    if (s.phase == Phase::play) {
      if (s.leaders[full] >= kPlayers) return broken("current trick has no leader");
      if (s.to_act != (s.leaders[full] + s.in_trick) % kPlayers)
        return broken("wrong seat to act in the trick");
    }
  }
  return Reason::ok;
}

namespace {
constexpr char kMagic[5] = "DHge";
constexpr uint32_t kFormatVersion = 2;  // 2: Options gained max_hands (G10)
static_assert(kSerializedSize == deckhand::detail::kImageSize<State>);
}  // namespace

size_t serialize(const State& s, uint8_t* buf, size_t cap) {
  return deckhand::detail::write_image(s, kMagic, kFormatVersion, buf, cap);
}

Reason deserialize(const uint8_t* buf, size_t len, State* out, Error* err) {
  return deckhand::detail::read_image(buf, len, kMagic, kFormatVersion, "ghost-euchre",
                                      &check_invariants, out, err);
}

}  // namespace deckhand::ghost_euchre
