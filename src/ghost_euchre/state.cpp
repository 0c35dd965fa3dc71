// Ghost Hand Euchre: a new game, options, the invariant checker and serialization.
#include <algorithm>
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
  // rule-book order: swaps, all_pass, renege, declarer_scores, moon_set (G4–G9), then
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

namespace {

using Broken = const char*;  // what a check found broken, or nullptr

// G3–G5: replays the auction log from the dealer's left and compares what it implies (who
// speaks, the high bid and declarer, swaps, the dead hand's owner) with the stored fields.
Broken check_auction(const State& s) {
  const Options& o = s.options;
  int seat = detail::next_seat(s.dealer), speakers = 0, high = 0, declarer = kNoSeat;
  int owner = kNoSeat, swapped_now = 0;
  unsigned swapped = 0;
  bool ended = false;
  for (int i = 0; i < s.auction_len; ++i) {
    const int who = s.auction[i] >> 4, what = s.auction[i] & 15;
    if (ended || who != seat) return "the auction log does not follow the seats in turn";
    if (what == kAuctionSwap) {
      if (swapped_now || (o.swaps == Swaps::one ? swapped != 0 : (swapped >> who) & 1))
        return "the auction log holds a swap G4 does not allow";
      swapped |= detail::seat_bit(who);
      owner = who;
      swapped_now = 1;
      continue;
    }
    if (what == kAuctionPass) {
      if (o.all_pass == AllPass::stick_dealer && who == s.dealer && high == 0)
        return "the auction log holds a pass by the stuck dealer (G5)";
    } else {
      if (what <= high) return "the auction log holds a bid not higher than the last (G3)";
      high = what;
      declarer = who;
    }
    swapped_now = 0;
    seat = detail::next_seat(who);
    ++speakers;
    ended = high == kMoon || speakers == kPlayers;
  }
  for (int i = s.auction_len; i < 6; ++i)
    if (s.auction[i]) return "auction entries beyond its length are not zero";
  if (s.speakers != speakers || s.high_bid != high || s.declarer != declarer ||
      s.swapped_mask != swapped || s.spare_owner != owner || s.swapped_now != swapped_now)
    return "the auction fields are not what the auction log gives";
  if (s.phase == Phase::bidding) {
    if (ended) return "bidding after the auction ended";
    if (s.to_act != seat) return "wrong seat to speak";
  } else {
    if (!ended || high == 0) return "the auction has not named a declarer";
    if (s.phase == Phase::trump && s.to_act != declarer) return "the declarer must name trump";
  }
  return nullptr;
}

// G6–G8: replays the tricks — the declarer leads the first, the winner of each the next —
// and compares who led, the tricks each seat won, the reneges (each play checked against
// the hand the seat held then) and who is to act with the stored fields.
Broken check_tricks(const State& s) {
  const int full = s.tricks_done;
  uint8_t tricks[kPlayers] = {}, reneges[kPlayers] = {};
  const bool playing = s.phase == Phase::play;
  int leader = full || playing ? s.declarer : kNoSeat;
  for (int t = 0; t < kTricks; ++t) {
    const int cards = t < full ? kPlayers : t == full && playing ? s.in_trick : 0;
    if (s.leaders[t] != (t < full || (t == full && playing) ? leader : kNoSeat))
      return "a trick's leader is not the winner of the trick before (G7)";
    for (int i = 0; i < kPlayers; ++i)
      if ((s.played[t][(leader + i) % kPlayers] != kNoCard) != (i < cards))
        return "the cards of a trick are not from its leader onwards in turn";
    if (cards == 0) {
      leader = kNoSeat;
      continue;
    }
    if (t < full) {
      leader = detail::trick_winner(s, t);
      tricks[leader]++;
    }
  }
  if (std::memcmp(tricks, s.tricks_won, sizeof tricks) != 0)
    return "tricks won are not what the tricks played give (G7)";
  // Backwards from the current trick, each seat's hand grows back to what it held when it
  // played to trick t: a play reneges when that hand could follow the card led.
  CardSet held[kPlayers] = {s.hands[0], s.hands[1], s.hands[2]};
  for (int t = full < kTricks ? full : kTricks - 1; t >= 0; --t) {
    if (s.leaders[t] == kNoSeat) continue;
    const TrickRanking& ranking = ranking_for(Suit(s.trump));
    const Card led(s.played[t][s.leaders[t]]);
    for (int p = 0; p < kPlayers; ++p) {
      if (s.played[t][p] == kNoCard) continue;
      const Card card(s.played[t][p]);
      held[p].add(card);
      reneges[p] += p != s.leaders[t] && ranking.reneges(held[p], led, card);
    }
  }
  if (std::memcmp(reneges, s.reneges, sizeof reneges) != 0 ||
      (s.options.renege == Renege::reject && (reneges[0] | reneges[1] | reneges[2])))
    return "reneges are not what the tricks played give (G8)";
  if (playing && s.to_act != (s.leaders[full] + s.in_trick) % kPlayers)
    return "wrong seat to act in the trick";
  return nullptr;
}

// G9: the last scored hand's result is one the rules give: its tricks add up to a hand and
// its score changes follow from its bid, tricks and reneges.
Broken check_last(const State& s) {
  const HandResult& r = s.last;
  if ((r.declarer == kNoSeat) != (s.hands_scored == 0)) return "a last hand without a scored hand";
  if (r.declarer == kNoSeat) {
    HandResult none{};
    none.declarer = kNoSeat;
    return std::memcmp(&r, &none, sizeof r) ? "a last hand result before any scored hand" : nullptr;
  }
  if (r.declarer >= kPlayers || r.bid < 3 || r.bid > kMoon) return "last hand result out of range";
  HandResult expected = r;
  int tricks = 0;
  for (int p = 0; p < kPlayers; ++p) {
    if (r.reneges[p] > kTricks) return "last hand result out of range";
    tricks += r.tricks[p];
  }
  if (tricks != kTricks) return "the last hand's tricks do not add up to six";
  detail::settle_result(s.options, &expected);
  if (std::memcmp(&expected, &r, sizeof r) != 0)
    return "the last hand's score changes are not what its bid, tricks and reneges give (G9)";
  return nullptr;
}

Broken check_state(const State& s) {
  const Options& o = s.options;
  if (uint8_t(o.swaps) > 1 || uint8_t(o.all_pass) > 1 || uint8_t(o.renege) > 1 ||
      uint8_t(o.declarer_scores) > 1 || uint8_t(o.moon_set) > 1 || uint8_t(o.tiebreak) > 1 ||
      o.target < 1 || o.target > 10000 || o.max_hands > deckhand::detail::kMaxPlayLimit)
    return "options out of range";
  if (uint8_t(s.phase) > uint8_t(Phase::over)) return "unknown phase";
  if (s.dealer >= kPlayers || s.first_dealer >= kPlayers) return "dealer seat out of range";
  if (s.reserved[0] | s.reserved[1] | s.reserved[2] | s.reserved[3])
    return "reserved bytes not zero";
  if (s.hands_scored > s.hand_number) return "more hands scored than dealt";
  for (int32_t score : s.scores)
    if (!deckhand::detail::score_in_range(score)) return "a score beyond the score limit";
  if (s.tiebreak > 1) return "tie-break flag out of range";
  const bool over = s.phase == Phase::over;
  if (o.max_hands && (s.hands_scored > o.max_hands || (s.hands_scored == o.max_hands && !over)))
    return "play went on past max_hands (G10)";
  if (over) {
    // G10: one seat alone on top at the target or above, or, when the game ends at
    // max_hands, every seat with the highest total.
    const int32_t top = *std::max_element(s.scores, s.scores + kPlayers);
    unsigned highest = 0;
    for (int p = 0; p < kPlayers; ++p)
      if (s.scores[p] == top) highest |= 1u << p;
    const bool by_target = std::has_single_bit(highest) && top >= o.target;
    const bool at_limit = o.max_hands && s.hands_scored == o.max_hands;
    if (s.winners != highest || !(by_target || at_limit))
      return "the winners are not one seat alone on top at the target, nor the highest totals "
             "at max_hands (G10)";
  } else if (s.winners != 0) {
    return "winners before the game is over";
  }
  if (Broken b = check_last(s)) return b;
  // Fields that index arrays or name cards, in every phase (views read them between hands).
  if (s.auction_len > 6 || s.speakers > kPlayers || s.tricks_done > kTricks ||
      s.in_trick >= kPlayers || (s.trump >= kSuitCount && s.trump != kNoSeat) ||
      (s.declarer >= kPlayers && s.declarer != kNoSeat) ||
      (s.spare_owner >= kPlayers && s.spare_owner != kNoSeat) || s.high_bid > kMoon ||
      s.swapped_mask > 7 || s.swapped_now > 1)
    return "a counter, seat or suit field is out of range";
  for (int i = 0; i < s.auction_len; ++i)
    if ((s.auction[i] >> 4) >= kPlayers ||
        ((s.auction[i] & 15) != kAuctionPass && (s.auction[i] & 15) != kAuctionSwap &&
         ((s.auction[i] & 15) < 3 || (s.auction[i] & 15) > kMoon)))
      return "an auction entry is out of range";
  for (int t = 0; t < kTricks; ++t) {
    if (s.leaders[t] >= kPlayers && s.leaders[t] != kNoSeat)
      return "a trick leader is out of range";
    for (int p = 0; p < kPlayers; ++p)
      if (s.played[t][p] != kNoCard && !kEuchreDeck.has(Card(s.played[t][p])))
        return "a played card is not a Euchre card";
  }
  for (int p = 0; p < kPlayers; ++p)
    if (s.tricks_won[p] > kTricks || s.reneges[p] > kTricks)
      return "a seat's tricks or reneges out of range";
  if (s.phase == Phase::deal || over) {
    if (s.to_act != kNoSeat) return "a seat acts between hands";
    if (!(s.hands[0] | s.hands[1] | s.hands[2] | s.spare).empty())
      return "cards in hand between hands";
    // Between hands the tables keep the last hand played out (a scored hand: six tricks),
    // or nothing (a new game, a thrown-in deal).
    if (s.in_trick || (s.tricks_done != 0 && s.tricks_done != kTricks))
      return "a hand left half played";
    if (s.tricks_done == kTricks) {
      if (s.hands_scored == 0 || s.declarer >= kPlayers || s.trump >= kSuitCount)
        return "a hand played out but not scored";
      const HandResult& r = s.last;
      if (r.declarer != s.declarer || r.bid != s.high_bid ||
          std::memcmp(r.tricks, s.tricks_won, sizeof r.tricks) != 0 ||
          std::memcmp(r.reneges, s.reneges, sizeof r.reneges) != 0)
        return "the last hand result is not the hand on the table";
      CardSet played;
      for (int t = 0; t < kTricks; ++t)
        for (int p = 0; p < kPlayers; ++p) {
          if (s.played[t][p] == kNoCard) return "a hand played out with a trick short of a card";
          played.add(Card(s.played[t][p]));
        }
      if (played.size() != kTricks * kPlayers) return "a card played twice";
    }
    return check_tricks(s);
  }
  // A hand is in progress.
  if (s.to_act >= kPlayers) return "no seat to act during a hand";
  if (s.hand_number == 0) return "a hand in progress before any deal";
  if (s.hands_scored == s.hand_number && s.hand_number != UINT32_MAX)
    return "a hand in progress already counted as scored";
  if (Broken b = check_auction(s)) return b;
  if ((s.phase == Phase::play) != (s.trump != kNoSeat)) return "trump inconsistent with phase";
  // Card conservation: hands, the spare hand and this hand's played cards are 24 distinct
  // cards, and each seat holds six less what it has played.
  CardSet all = s.spare;
  int count = s.spare.size();
  for (int p = 0; p < kPlayers; ++p) {
    int held = s.hands[p].size();
    for (int t = 0; t < kTricks; ++t)
      if (s.played[t][p] != kNoCard) {
        all.add(Card(s.played[t][p]));
        ++held;
      }
    if (held != kHandSize) return "a hand lost or gained cards";
    all |= s.hands[p];
    count += held;
  }
  if (count != 24 || all != kEuchreDeck) return "the 24 cards are not each in exactly one place";
  if (s.spare.size() != kHandSize) return "the ghost or dead hand does not hold 6 cards";
  if (s.phase != Phase::play && (s.tricks_done || s.in_trick)) return "play before trump is named";
  return check_tricks(s);
}

}  // namespace

Reason check_invariants(const State& s, Error* err) {
  if (Broken b = check_state(s)) return fail(err, Reason::corrupt_state, "invariant broken: %s", b);
  return Reason::ok;
}

namespace {
constexpr uint32_t kFormatVersion = 2;  // 2: Options gained max_hands (G10)
static_assert(kSerializedSize == deckhand::detail::kImageSize<State>);

// The multi-byte fields of a state, swapped between native and little-endian order for its
// image (big-endian machines only; every other field is one byte).
void image_byte_order(State* s) {
  using deckhand::detail::swap_field;
  using deckhand::detail::swap_fields;
  swap_fields(s->scores, s->hand_number, s->hands_scored, s->last.deltas, s->last.renege_penalty,
              s->options.target, s->options.max_hands);
  swap_field(s->hands);
  swap_field(s->spare);
}
}  // namespace

size_t serialize(const State& s, uint8_t* buf, size_t cap) {
  return deckhand::detail::write_image(s, detail::kImageTag, kFormatVersion, &image_byte_order, buf,
                                       cap);
}

Reason deserialize(const uint8_t* buf, size_t len, State* out, Error* err) {
  return deckhand::detail::read_image(buf, len, detail::kImageTag, kFormatVersion,
                                      &image_byte_order, "ghost-euchre", &check_invariants, out,
                                      err);
}

}  // namespace deckhand::ghost_euchre
