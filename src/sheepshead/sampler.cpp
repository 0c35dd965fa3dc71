// Sheepshead's consistent deals (bots.hpp, src/bots/consistent.hpp): what a seat knows
// of the hidden cards, and a uniform draw of them.
#include <algorithm>

#include "bots.hpp"
#include "internal.hpp"

namespace deckhand::bots::detail {

// --- Sheepshead (S6 bury, S7 calls and the unknown, S8 called suit, S9 following suit) ---

namespace {
constexpr int kBlind = sheepshead::kPlayers, kBury = kBlind + 1, kUnknown = kBlind + 2;
}  // namespace

bool SheepsheadSampler::init(const sheepshead::State& s, int seat) {
  namespace sh = sheepshead;
  if (seat < 0 || seat >= sh::kPlayers) return false;
  base_ = s;
  std::fill(std::begin(holder_of_), std::end(holder_of_), -1);
  check_hold_ = false;
  const bool dealt = s.phase == sh::Phase::picking || s.phase == sh::Phase::burying ||
                     s.phase == sh::Phase::calling || s.phase == sh::Phase::play;
  const bool picker = s.picker == seat;
  const TrickRanking& r = sh::ranking();
  CardSet holding[sh::kPlayers + 3];
  for (int p = 0; p < sh::kPlayers; ++p) holding[p] = s.hands[p];
  // The blind is hidden until picked (a leaster's until the end); once picked, s.blind only
  // remembers which of the picker's cards it was (sample() draws that afresh).
  holding[kBlind] = s.picker == sh::kNoSeat ? s.blind : CardSet();
  holding[kBury] = picker ? CardSet() : s.bury;
  holding[kUnknown] = !picker && s.unknown != kNoCard ? CardSet::of(Card(s.unknown)) : CardSet();
  int holders = 0;
  for (int h = 0; h < sh::kPlayers + 3; ++h)
    if (dealt && h != seat && !holding[h].empty()) holder_of_[h] = holders++;
  const uint8_t csuit = s.called != kNoCard ? r.effective_suit(Card(s.called)) : 0xFF;
  // S9: a seat that did not follow the suit led has none of it; the unknown, played face
  // down, follows nothing and counts as the called suit when it leads (S7).
  uint8_t voids[sh::kPlayers + 3] = {};
  if (s.phase == sh::Phase::play) {
    for (int t = 0; t <= s.tricks_done && t < sh::kTricks; ++t) {
      const int leader = s.leaders[t];
      const bool unknown_in_trick = s.unknown_played == t + 1;
      if (s.played[t][leader] == kNoCard) continue;
      const uint8_t led = unknown_in_trick && leader == s.picker
                              ? csuit
                              : r.effective_suit(Card(s.played[t][leader]));
      for (int p = 0; p < sh::kPlayers; ++p) {
        const uint8_t c = s.played[t][p];
        if (c == kNoCard || p == leader || (unknown_in_trick && p == s.picker)) continue;
        if (r.effective_suit(Card(c)) != led) voids[p] = uint8_t(voids[p] | 1u << led);
      }
    }
  }
  if (s.unknown != kNoCard && s.picker != sh::kNoSeat) {
    // S7: an unknown is called only when the picker holds no card of the called suit, the
    // unknown included.
    voids[s.picker] = uint8_t(voids[s.picker] | 1u << csuit);
    voids[kUnknown] = uint8_t(voids[kUnknown] | 1u << csuit);
  }
  // S7: the called card lies in a hand other than the picker's (the partner's).
  const bool called_hidden = s.contract == sh::Contract::called && s.called != kNoCard;
  // S8: once the called suit is led the partner plays the called card to that trick, so a
  // seat that has played to it without that card is not the partner.
  uint32_t partner_holders = 0;
  for (int p = 0; p < sh::kPlayers; ++p)
    if (holder_of_[p] >= 0 && p != s.picker &&
        !(s.called_led && s.played[s.called_led - 1][p] != kNoCard))
      partner_holders |= 1u << holder_of_[p];
  deal_.reset(holders);
  CardSet hidden;  // in card order, as for Ghost Hand Euchre
  for (int h = 0; h < sh::kPlayers + 3; ++h) {
    if (holder_of_[h] < 0) continue;
    deal_.set_need(holder_of_[h], holding[h].size());
    hidden |= holding[h];
  }
  for (Card c : hidden) {
    uint32_t allowed = 0;
    for (int g = 0; g < sh::kPlayers + 3; ++g)
      if (holder_of_[g] >= 0 && !(voids[g] >> r.effective_suit(c) & 1))
        allowed |= 1u << holder_of_[g];
    if (called_hidden && c.code == s.called) allowed &= partner_holders;
    deal_.add_card(c.code, allowed);
  }
  // S8: until the called suit is led the picker keeps a hold card (plain calls).
  // (At the last trick the picker may have played it already.)
  check_hold_ = called_hidden && s.unknown == kNoCard && !s.called_led && !picker &&
                holder_of_[s.picker] >= 0 && s.phase == sh::Phase::play &&
                (s.tricks_done < sh::kTricks - 1 || s.played[s.tricks_done][s.picker] == kNoCard);
  return deal_.prepare();
}

bool SheepsheadSampler::holds_hold_card(const sheepshead::State& s) const {
  const Card called(s.called);
  const CardSet hold =
      called.rank() == Rank::ten
          ? CardSet::of(Card(Rank::ace, called.suit()))
          : sheepshead::ranking().suit_cards[sheepshead::ranking().effective_suit(called)];
  return !(s.hands[s.picker] & hold).empty();
}

bool SheepsheadSampler::sample(PortableRng& rng, sheepshead::State* out) const {
  namespace sh = sheepshead;
  for (int attempt = 0; attempt < 10000; ++attempt) {
    CardSet dealt[HiddenDeal::kMaxHolders];
    deal_.sample(rng, dealt);
    *out = base_;
    for (int p = 0; p < sh::kPlayers; ++p)
      if (holder_of_[p] >= 0) out->hands[p] = dealt[holder_of_[p]];
    if (holder_of_[kBlind] >= 0) out->blind = dealt[holder_of_[kBlind]];
    if (holder_of_[kBury] >= 0) out->bury = dealt[holder_of_[kBury]];
    if (holder_of_[kUnknown] >= 0) {
      const Card unknown = dealt[holder_of_[kUnknown]].lowest();
      if (base_.unknown_played) {
        // The face-down card already played: its points went to the trick's winner.
        const int t = base_.unknown_played - 1;
        out->played[t][base_.picker] = unknown.code;
        if (t < base_.tricks_done) {
          const int w = base_.trick_winners[t];
          out->points[w] = uint8_t(out->points[w] + sh::card_points(unknown) -
                                   sh::card_points(Card(base_.unknown)));
        }
      }
      out->unknown = unknown.code;
    }
    if (check_hold_ && !holds_hold_card(*out)) continue;
    if (base_.contract == sh::Contract::called && base_.called != kNoCard)
      for (int p = 0; p < sh::kPlayers; ++p)
        if (out->hands[p].has(Card(base_.called))) out->partner = uint8_t(p);  // S7: secret
    if (base_.picker != sh::kNoSeat && holder_of_[base_.picker] >= 0 && !base_.blind.empty()) {
      // The blind the picker took: any two of the eight cards it held after picking.
      CardSet eight = out->hands[base_.picker] | out->bury;
      if (out->unknown != kNoCard) eight.add(Card(out->unknown));
      for (int t = 0; t < sh::kTricks; ++t)
        if (base_.played[t][base_.picker] != kNoCard && !sh::is_unknown_play(*out, t, base_.picker))
          eight.add(Card(base_.played[t][base_.picker]));
      out->blind = CardSet();
      while (out->blind.size() < 2)
        out->blind.add(eight.nth(int(rng.bounded(uint64_t(eight.size())))));
    }
    sh::detail::refresh_playable(out);
    return true;
  }
  return false;
}

}  // namespace deckhand::bots::detail
