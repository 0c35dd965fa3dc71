// Fuzz target: state images validated in full. The input is a real serialized state of any
// game (the magic says which) followed by choice bytes. The target rewrites the checksum, so
// the fuzzer's edits to the state bytes reach check_invariants; every image it accepts is
// then played on — a seeded deal whenever one is due, a legal action picked from the choice
// bytes otherwise, for a bounded number of steps. Debug builds assert the invariants after
// every transition; the target also checks them itself, and traps when the game cannot go
// on (no legal action for the seat to act, a legal action refused, an image that does not
// read back).
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "../../src/common/state_image.hpp"
#include "deckhand/ghost_euchre.hpp"
#include "deckhand/sheepshead.hpp"
#include "deckhand/toonerville.hpp"

using deckhand::Reason;

namespace {

// Few steps per input (issue 28: 100 steps, each with a full round trip of the image, ran
// at 9 executions per second): the fuzzer's edits to the image are what it explores; a
// bounded playout after each accepted one is enough to reach what the edit breaks.
constexpr int kMaxSteps = 12;

// The choice bytes, two at a time, then a generator seeded from them once they run out.
class Choices {
 public:
  Choices(const uint8_t* data, size_t size) : data_(data), size_(size) {
    for (size_t i = 0; i < size; ++i) state_ = (state_ ^ data[i]) * 0x100000001b3ull;
  }
  // One of n (n >= 1) choices, near uniform for the action lists of every game.
  uint32_t pick(uint32_t n) {
    if (pos_ + 2 <= size_) {
      const uint32_t v = uint32_t(data_[pos_] | data_[pos_ + 1] << 8);
      pos_ += 2;
      return v % n;
    }
    return uint32_t(next_random() % n);
  }
  uint64_t seed() { return pick(65536) | next_random() << 16; }

 private:
  uint64_t next_random() {
    state_ += 0x9e3779b97f4a7c15ull;  // splitmix64
    uint64_t z = state_;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  const uint8_t* data_;
  size_t size_;
  size_t pos_ = 0;
  uint64_t state_ = 0xcbf29ce484222325ull;
};

int seats(const deckhand::ghost_euchre::State&) {
  return deckhand::ghost_euchre::kPlayers;
}
int seats(const deckhand::sheepshead::State&) {
  return deckhand::sheepshead::kPlayers;
}
int seats(const deckhand::toonerville::State& s) {
  return players(s);
}

// Toonerville rounds dealt from a seed continue their generator; a reshuffle the caller must
// give only follows an explicit deal, which this target never makes. The other games have
// no reshuffles.
bool give_reshuffle(deckhand::toonerville::State* s, Choices& choices) {
  if (!needs_reshuffle(*s)) return false;
  if (reshuffle_seed(*s, choices.seed(), s, nullptr) != Reason::ok) __builtin_trap();
  return true;
}
template <typename State>
bool give_reshuffle(State*, Choices&) {
  return false;
}

template <typename State>
void check_accepted(const State& s) {
  if (check_invariants(s, nullptr) != Reason::ok) __builtin_trap();
  for (int seat = 0; seat < seats(s); ++seat) (void)view_json(view(s, seat));
  std::vector<uint8_t> bytes(sizeof(State) + 16);
  State back;
  if (serialize(s, bytes.data(), bytes.size()) != bytes.size() ||
      deserialize(bytes.data(), bytes.size(), &back, nullptr) != Reason::ok ||
      std::memcmp(&back, &s, sizeof s) != 0)
    __builtin_trap();
}

template <typename State, typename Action, int kMaxLegal>
void play_on(const uint8_t* data, size_t size) {
  constexpr size_t kImage = sizeof(State) + 16;
  if (size < kImage) return;
  std::vector<uint8_t> image(data, data + kImage);
  const uint64_t sum = deckhand::detail::image_checksum(image.data() + 8, sizeof(State));
  std::memcpy(image.data() + 8 + sizeof(State), &sum, 8);
  State s;
  if (deserialize(image.data(), image.size(), &s, nullptr) != Reason::ok) return;
  Choices choices(data + kImage, size - kImage);
  std::vector<Action> legal(kMaxLegal);
  check_accepted(s);
  for (int step = 0; step < kMaxSteps && !is_over(s); ++step) {
    if (check_invariants(s, nullptr) != Reason::ok) __builtin_trap();
    if (give_reshuffle(&s, choices)) continue;
    if (to_act(s) < 0) {  // between hands: the next deal is due
      if (deal_seed(s, choices.seed(), &s, nullptr) != Reason::ok) __builtin_trap();
      continue;
    }
    const int n = legal_actions(s, legal.data());
    if (n <= 0 || n > kMaxLegal) __builtin_trap();  // a seat acts but cannot
    if (advance(&s, legal[choices.pick(uint32_t(n))], nullptr) != Reason::ok) __builtin_trap();
  }
  check_accepted(s);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 4) return 0;
  namespace ge = deckhand::ghost_euchre;
  namespace sh = deckhand::sheepshead;
  namespace tv = deckhand::toonerville;
  if (std::memcmp(data, "DHge", 4) == 0)
    play_on<ge::State, ge::Action, ge::kMaxLegalActions>(data, size);
  else if (std::memcmp(data, "DHsh", 4) == 0)
    play_on<sh::State, sh::Action, sh::kMaxLegalActions>(data, size);
  else if (std::memcmp(data, "DHtr", 4) == 0)
    play_on<tv::State, tv::Action, tv::kMaxLegalActions>(data, size);
  return 0;
}
