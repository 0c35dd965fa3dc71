// Deals consistent with a seat's view (consistent.hpp): the exact uniform assignment of hidden
// cards, and bots::sample_consistent over deckhand::Game through the game's own sampler
// (GameExtensions::sample_consistent, src/<game>/sampler.cpp).
#include "consistent.hpp"

#include <algorithm>
#include <cstring>

#include "../common/endian.hpp"
#include "../common/games.hpp"
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

}  // namespace detail

Reason sample_consistent(const Game& game, int seat, uint64_t seed, std::unique_ptr<Game>* out,
                         Error* err) {
  if (seat < 0 || seat >= game.players())
    return fail(err, Reason::bad_seat, "seat %d is not a seat of this %d-player game", seat,
                game.players());
  const GameExtensions& extensions = extensions_of(game);
  if (!extensions.sample_consistent)
    return fail(err, Reason::unknown_game, "%s has no consistent-deal sampler", game.name());
  PortableRng rng(seed);
  std::vector<uint8_t> image;
  if (!extensions.sample_consistent(game, seat, rng, &image))
    return fail(err, Reason::internal_error, "no deal is consistent with seat %d's view", seat);
  // A history=off game holding the sampled state (a state image alone: the history of the
  // true game would tell the hidden cards).
  image.resize(image.size() + 4);
  deckhand::detail::store_le32(image.data() + image.size() - 4, 0xFFFFFFFF);
  Error inner;
  std::unique_ptr<Game> made = deserialize_game(image.data(), image.size(), &inner);
  if (!made)
    return fail(err, Reason::internal_error, "a sampled deal broke an invariant: %s",
                inner.message);
  *out = std::move(made);
  return Reason::ok;
}

}  // namespace deckhand::bots
