// deckhand — the portable generator and shuffle of docs/deals.md.
//
// xoshiro256** seeded with the first four outputs of SplitMix64 started at the seed;
// bounded(n) is Lemire's multiply-and-reject on 64-bit outputs; the shuffle is
// Fisher–Yates from the last index down. Every platform and binding must produce the same
// sequence: docs/deals.md lists test vectors, and tests/test_common.cpp checks them.
#pragma once

#include <cstdint>
#include <utility>

namespace deckhand {

class PortableRng {
 public:
  PortableRng() = default;
  explicit PortableRng(uint64_t seed) {
    uint64_t sm = seed;
    for (auto& word : s_) word = splitmix64(sm);
  }

  static uint64_t splitmix64(uint64_t& state) {
    uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }

  uint64_t next() {
    const uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  // Uniform in [0, n), n > 0: Lemire's method, rejecting while the low half of the
  // 128-bit product is below (2^64 - n) mod n.
  uint64_t bounded(uint64_t n) {
    uint64_t high, low;
    multiply(next(), n, &high, &low);
    if (low < n) {
      const uint64_t threshold = (0 - n) % n;
      while (low < threshold) multiply(next(), n, &high, &low);
    }
    return high;
  }

  // The full 128-bit product a * b as two 64-bit halves.
  static void multiply(uint64_t a, uint64_t b, uint64_t* high, uint64_t* low) {
#if defined(__SIZEOF_INT128__)
    __extension__ typedef unsigned __int128 u128;
    const u128 m = u128(a) * b;
    *high = uint64_t(m >> 64);
    *low = uint64_t(m);
#else
    const uint64_t a_lo = a & 0xFFFFFFFFu, a_hi = a >> 32, b_lo = b & 0xFFFFFFFFu, b_hi = b >> 32;
    const uint64_t p0 = a_lo * b_lo, p1 = a_lo * b_hi, p2 = a_hi * b_lo, p3 = a_hi * b_hi;
    const uint64_t mid = (p0 >> 32) + (p1 & 0xFFFFFFFFu) + (p2 & 0xFFFFFFFFu);
    *high = p3 + (p1 >> 32) + (p2 >> 32) + (mid >> 32);
    *low = (mid << 32) | (p0 & 0xFFFFFFFFu);
#endif
  }

  // Fisher–Yates from the last index down; deck[0] ends up as the top card.
  template <typename T>
  void shuffle(T* deck, int count) {
    for (int i = count - 1; i >= 1; --i) {
      const int j = int(bounded(uint64_t(i) + 1));
      std::swap(deck[i], deck[j]);
    }
  }

  const uint64_t* state_words() const {
    return s_;
  }
  // Continues a generator from words saved with state_words() (Toonerville's reshuffles,
  // rules T13, continue the round's generator across transitions).
  static PortableRng from_state_words(const uint64_t words[4]) {
    PortableRng r;
    for (int i = 0; i < 4; ++i) r.s_[i] = words[i];
    return r;
  }

 private:
  static uint64_t rotl(uint64_t x, int k) {
    return (x << k) | (x >> (64 - k));
  }
  uint64_t s_[4] = {0, 0, 0, 0};
};

}  // namespace deckhand
