// Deals consistent with a seat's view (consistent.hpp): the exact uniform assignment of hidden
// cards, each game's knowledge of a seat, and bots::sample_consistent over deckhand::Game.
#include "consistent.hpp"

#include <algorithm>
#include <cstring>

#include "../sheepshead/internal.hpp"
#include "deckhand/bots.hpp"

namespace deckhand::bots {

namespace detail {

namespace {

constexpr double kFactorial[33] = {
    1.0,
    1.0,
    2.0,
    6.0,
    24.0,
    120.0,
    720.0,
    5040.0,
    40320.0,
    362880.0,
    3628800.0,
    39916800.0,
    479001600.0,
    6227020800.0,
    87178291200.0,
    1307674368000.0,
    20922789888000.0,
    355687428096000.0,
    6402373705728000.0,
    121645100408832000.0,
    2432902008176640000.0,
    51090942171709440000.0,
    1124000727777607680000.0,
    25852016738884976640000.0,
    620448401733239439360000.0,
    15511210043330985984000000.0,
    403291461126605635584000000.0,
    10888869450418352160768000000.0,
    304888344611713860501504000000.0,
    8841761993739701954543616000000.0,
    265252859812191058636308480000000.0,
    8222838654177922817725562880000000.0,
    263130836933693530167218012160000000.0,
};

// Uniform in [0, 1).
double unit(PortableRng& rng) {
  return double(rng.next() >> 11) * 0x1.0p-53;
}

}  // namespace

void HiddenDeal::reset(int holders) {
  holders_ = holders;
  std::fill(std::begin(need_), std::end(need_), 0);
  classes_.clear();
  memo_.clear();
  total_ = 0;
}

void HiddenDeal::add_card(uint8_t card, uint32_t allowed) {
  for (Class& c : classes_)
    if (c.allowed == allowed) {
      c.cards.push_back(card);
      return;
    }
  classes_.push_back({allowed, {card}});
}

bool HiddenDeal::prepare() {
  size_t cards = 0, needed = 0;
  Left left = 0;
  for (const Class& c : classes_) cards += c.cards.size();
  for (int h = 0; h < holders_; ++h) {
    if (need_[h] < 0 || need_[h] > 15) return false;
    needed += size_t(need_[h]);
    left |= Left(need_[h]) << (4 * h);
  }
  memo_.clear();
  total_ = cards == needed && cards <= 32 ? count(0, left) : 0;
  return total_ > 0;
}

template <typename F>
void HiddenDeal::for_each_split(size_t cls, Left left, F&& f) const {
  const Class& c = classes_[cls];
  int split[kMaxHolders] = {};
  auto give = [&](auto& self, int h, int remaining, double weight) -> void {
    if (h == holders_) {
      if (remaining == 0) f(split, weight);
      return;
    }
    const int cap = (c.allowed >> h & 1) ? std::min(remaining, int(left >> (4 * h) & 15)) : 0;
    for (int d = 0; d <= cap; ++d) {
      split[h] = d;
      self(self, h + 1, remaining - d, weight / kFactorial[d]);
    }
    split[h] = 0;
  };
  give(give, 0, int(c.cards.size()), kFactorial[c.cards.size()]);
}

double HiddenDeal::count(size_t cls, Left left) const {
  if (cls == classes_.size()) return left == 0 ? 1.0 : 0.0;
  const uint64_t key = uint64_t(cls) << 32 | left;
  if (auto it = memo_.find(key); it != memo_.end()) return it->second;
  double sum = 0;
  for_each_split(cls, left, [&](const int* split, double weight) {
    Left rest = left;
    for (int h = 0; h < holders_; ++h) rest -= Left(split[h]) << (4 * h);
    sum += weight * count(cls + 1, rest);
  });
  memo_.emplace(key, sum);
  return sum;
}

void HiddenDeal::sample(PortableRng& rng, CardSet out[kMaxHolders]) const {
  for (int h = 0; h < kMaxHolders; ++h) out[h] = CardSet();
  Left left = 0;
  for (int h = 0; h < holders_; ++h) left |= Left(need_[h]) << (4 * h);
  for (size_t cls = 0; cls < classes_.size(); ++cls) {
    // The split of this class, drawn in proportion to the assignments it leaves.
    const double target = unit(rng) * count(cls, left);
    double running = 0;
    int chosen[kMaxHolders] = {};
    bool found = false;
    Left chosen_rest = left;
    for_each_split(cls, left, [&](const int* split, double weight) {
      if (found) return;
      Left rest = left;
      for (int h = 0; h < holders_; ++h) rest -= Left(split[h]) << (4 * h);
      const double w = weight * count(cls + 1, rest);
      if (w <= 0) return;
      std::copy(split, split + holders_, chosen);  // the last possible split, for rounding
      chosen_rest = rest;
      running += w;
      if (running > target) found = true;
    });
    std::vector<uint8_t> cards = classes_[cls].cards;
    rng.shuffle(cards.data(), int(cards.size()));
    size_t at = 0;
    for (int h = 0; h < holders_; ++h)
      for (int k = 0; k < chosen[h]; ++k) out[h].add(Card(cards[at++]));
    left = chosen_rest;
  }
}

// --- Ghost Hand Euchre (G4 swaps, G7 following suit, G11 what a seat sees) ---

bool EuchreSampler::init(const ghost_euchre::State& s, int seat) {
  namespace ge = ghost_euchre;
  if (seat < 0 || seat >= ge::kPlayers) return false;
  base_ = s;
  std::fill(std::begin(holder_of_), std::end(holder_of_), -1);
  const bool dealt =
      s.phase == ge::Phase::bidding || s.phase == ge::Phase::trump || s.phase == ge::Phase::play;
  // G4: the seat that gave up the dead hand knows it; in a chain of swaps, a seat whose old
  // hand the next swapper took knows that seat's hand.
  bool known[ge::kPlayers + 1] = {};
  known[seat] = true;
  known[ge::kPlayers] = s.spare_owner == seat;
  int previous_swapper = -1;
  for (int i = 0; i < s.auction_len; ++i) {
    if ((s.auction[i] & 15) != ge::kAuctionSwap) continue;
    const int swapper = s.auction[i] >> 4;
    if (previous_swapper == seat) known[swapper] = true;
    previous_swapper = swapper;
  }
  int holders = 0;
  CardSet holding[ge::kPlayers + 1];
  for (int p = 0; p < ge::kPlayers; ++p) holding[p] = s.hands[p];
  holding[ge::kPlayers] = s.spare;
  for (int h = 0; h <= ge::kPlayers; ++h)
    if (dealt && !known[h]) holder_of_[h] = holders++;
  // G7: a seat that did not follow the suit led has none of it (unless reneges are allowed).
  uint8_t voids[ge::kPlayers] = {};
  if (s.phase == ge::Phase::play && s.options.renege == ge::Renege::reject) {
    const TrickRanking& r = ge::ranking_for(Suit(s.trump));
    for (int t = 0; t <= s.tricks_done && t < ge::kTricks; ++t) {
      const uint8_t led = s.played[t][s.leaders[t]];
      if (led == kNoCard) continue;
      for (int p = 0; p < ge::kPlayers; ++p) {
        const uint8_t c = s.played[t][p];
        if (c != kNoCard && r.effective_suit(Card(c)) != r.effective_suit(Card(led)))
          voids[p] = uint8_t(voids[p] | 1u << r.effective_suit(Card(led)));
      }
    }
  }
  deal_.reset(holders);
  const TrickRanking& r = ge::ranking_for(Suit(s.trump < kSuitCount ? s.trump : 0));
  // The hidden cards in card order, not holder by holder: the draw must depend on what the
  // seat knows only, so that two states it cannot tell apart give the same samples.
  CardSet hidden;
  for (int h = 0; h <= ge::kPlayers; ++h) {
    if (holder_of_[h] < 0) continue;
    deal_.set_need(holder_of_[h], holding[h].size());
    hidden |= holding[h];
  }
  for (Card c : hidden) {
    uint32_t allowed = 0;
    for (int g = 0; g <= ge::kPlayers; ++g) {
      if (holder_of_[g] < 0) continue;
      const bool void_there =
          g < ge::kPlayers && s.trump < kSuitCount && (voids[g] >> r.effective_suit(c) & 1);
      if (!void_there) allowed |= 1u << holder_of_[g];
    }
    deal_.add_card(c.code, allowed);
  }
  return deal_.prepare();
}

namespace {

// G8 with renege=penalize: the reneges of this hand, which follow from where the cards were
// (each seat's holding is its hand now plus what it has played).
void count_reneges(ghost_euchre::State* s) {
  namespace ge = ghost_euchre;
  const TrickRanking& r = ge::ranking_for(Suit(s->trump));
  CardSet held[ge::kPlayers];
  for (int p = 0; p < ge::kPlayers; ++p) {
    held[p] = s->hands[p];
    s->reneges[p] = 0;
    for (int t = 0; t < ge::kTricks; ++t)
      if (s->played[t][p] != kNoCard) held[p].add(Card(s->played[t][p]));
  }
  for (int t = 0; t <= s->tricks_done && t < ge::kTricks; ++t) {
    const uint8_t led = s->played[t][s->leaders[t]];
    if (led == kNoCard) break;
    for (int i = 0; i < ge::kPlayers; ++i) {
      const int p = (s->leaders[t] + i) % ge::kPlayers;
      const uint8_t c = s->played[t][p];
      if (c == kNoCard) break;
      if (i > 0 && r.reneges(held[p], Card(led), Card(c))) ++s->reneges[p];
      held[p].remove(Card(c));
    }
  }
}

}  // namespace

void EuchreSampler::sample(PortableRng& rng, ghost_euchre::State* out) const {
  CardSet dealt[HiddenDeal::kMaxHolders];
  deal_.sample(rng, dealt);
  *out = base_;
  for (int p = 0; p < ghost_euchre::kPlayers; ++p)
    if (holder_of_[p] >= 0) out->hands[p] = dealt[holder_of_[p]];
  if (holder_of_[ghost_euchre::kPlayers] >= 0)
    out->spare = dealt[holder_of_[ghost_euchre::kPlayers]];
  if (base_.phase == ghost_euchre::Phase::play &&
      base_.options.renege == ghost_euchre::Renege::penalize)
    count_reneges(out);
}

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

// --- Toonerville Rook (T14: other hands show their size, the stock its size) ---

bool ToonervilleSampler::init(const toonerville::State& s, int seat) {
  namespace tv = toonerville;
  if (seat < 0 || seat >= tv::players(s)) return false;
  base_ = s;
  seat_ = seat;
  pool_.clear();
  if (s.phase != tv::Phase::draw && s.phase != tv::Phase::play) return true;
  // What everyone saw the seat to act take this turn stays in its hand: the Rooks it took by
  // swaps and must still play (T9), and the face it took from the pile (T5).
  known_ = FaceCounts();
  const int actor = tv::to_act(s);
  if (actor >= 0 && actor != seat) {
    known_.add(kRook, std::min<int>(s.rooks_owed, s.hands[actor].rooks()));
    if (s.taken_face != kNoRookFace &&
        s.hands[actor].count(s.taken_face) > known_.count(s.taken_face))
      known_.add(s.taken_face);
  }
  // The hidden faces in face order (as the trick-taking games do for cards).
  FaceCounts hidden;
  for (int p = 0; p < tv::players(s); ++p) {
    if (p == seat) continue;
    for (int f = 0; f < kRookFaces; ++f)
      hidden.add(RookFace(f), s.hands[p].n[f] - (p == actor ? known_.n[f] : 0));
  }
  for (int i = 0; i < s.stock_count; ++i) hidden.add(s.stock[i]);
  for (int f = 0; f < kRookFaces; ++f) pool_.insert(pool_.end(), hidden.n[f], RookFace(f));
  return true;
}

void ToonervilleSampler::sample(PortableRng& rng, toonerville::State* out) const {
  namespace tv = toonerville;
  *out = base_;
  if (pool_.empty()) return;
  std::vector<RookFace> faces = pool_;
  rng.shuffle(faces.data(), int(faces.size()));
  size_t at = 0;
  for (int p = 0; p < tv::players(base_); ++p) {
    if (p == seat_) continue;
    const bool actor = p == tv::to_act(base_);
    const int size = base_.hands[p].total() - (actor ? known_.total() : 0);
    out->hands[p] = actor ? known_ : FaceCounts();
    for (int k = 0; k < size; ++k) out->hands[p].add(faces[at++]);
  }
  std::copy(faces.begin() + std::ptrdiff_t(at), faces.end(), out->stock);
  // T13: later reshuffles are as unknown as the stock.
  if (base_.has_rng)
    for (uint64_t& word : out->rng) word = rng.next() | 1;
}

}  // namespace detail

namespace {

// A history=off game of the state's kind holding `state` (a state image alone: the history
// of the true game would tell the hidden cards).
template <typename State>
std::unique_ptr<Game> game_of(const State& state,
                              size_t (*serialize)(const State&, uint8_t*, size_t),
                              size_t image_size, Error* err) {
  std::vector<uint8_t> bytes(image_size + 4);
  serialize(state, bytes.data(), image_size);
  const uint32_t no_history = 0xFFFFFFFF;
  std::memcpy(bytes.data() + image_size, &no_history, 4);
  return deserialize_game(bytes.data(), bytes.size(), err);
}

}  // namespace

Reason sample_consistent(const Game& game, int seat, uint64_t seed, std::unique_ptr<Game>* out,
                         Error* err) {
  if (seat < 0 || seat >= game.players())
    return fail(err, Reason::bad_seat, "seat %d is not a seat of this %d-player game", seat,
                game.players());
  PortableRng rng(seed);
  std::unique_ptr<Game> made;
  Error inner;
  const std::string_view name = game.name();
  if (name == "ghost-euchre") {
    namespace ge = ghost_euchre;
    detail::EuchreSampler sampler;
    ge::State s;
    if (!sampler.init(*static_cast<const ge::State*>(game.state_data()), seat))
      return fail(err, Reason::internal_error, "no deal is consistent with seat %d's view", seat);
    sampler.sample(rng, &s);
    made = game_of<ge::State>(s, ge::serialize, ge::kSerializedSize, &inner);
  } else if (name == "sheepshead") {
    namespace sh = sheepshead;
    detail::SheepsheadSampler sampler;
    sh::State s;
    if (!sampler.init(*static_cast<const sh::State*>(game.state_data()), seat) ||
        !sampler.sample(rng, &s))
      return fail(err, Reason::internal_error, "no deal is consistent with seat %d's view", seat);
    made = game_of<sh::State>(s, sh::serialize, sh::kSerializedSize, &inner);
  } else {
    namespace tv = toonerville;
    detail::ToonervilleSampler sampler;
    tv::State s;
    if (!sampler.init(*static_cast<const tv::State*>(game.state_data()), seat))
      return fail(err, Reason::internal_error, "no deal is consistent with seat %d's view", seat);
    sampler.sample(rng, &s);
    made = game_of<tv::State>(s, tv::serialize, tv::kSerializedSize, &inner);
  }
  if (!made)
    return fail(err, Reason::internal_error, "a sampled deal broke an invariant: %s",
                inner.message);
  *out = std::move(made);
  return Reason::ok;
}

}  // namespace deckhand::bots
