// Fuzz target: state images validated in full. The input is a real serialized state of any
// game of the catalog (the magic says which; the target learns each game's from the catalog)
// followed by choice bytes. The target rewrites the checksum, so the fuzzer's edits to the
// state bytes reach the game's check_invariants (deserialize_game refuses what it refuses);
// every image it accepts is then played on through the Game interface — a seeded deal or
// reshuffle whenever one is due, a legal action picked from the choice bytes otherwise, for a
// bounded number of steps. Debug builds assert the invariants after every transition; the
// target traps when the game cannot go on (no legal action for the seat to act, a legal
// action refused, an image that does not read back).
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <vector>

#include "../../src/common/state_image.hpp"
#include "deckhand/game.hpp"

using deckhand::Game;
using deckhand::Reason;

namespace {

// A hand's worth of steps: enough to reach play from any phase an image is in, few enough
// that the fuzzer runs hundreds of inputs a second (100 steps, with the full check after
// each, gave 9-17 a second under ASan). Debug builds still assert the invariants after every
// transition; the full check (views, image round trip) runs at the start and the end.
constexpr int kMaxSteps = 24;

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

// The image of each game of the catalog, learned from a new game of it without history: its
// serialization is the state image (the tag, its first 4 bytes, a version, the state, the
// checksum) and 4 bytes that say there is no history.
struct ImageKind {
  std::vector<uint8_t> tag, no_history;
  size_t length;  // of the state image
};
const std::vector<ImageKind>& image_kinds() {
  static const std::vector<ImageKind> kinds = [] {
    std::vector<ImageKind> out;
    for (const deckhand::GameSpec& spec : deckhand::game_specs()) {
      auto game =
          deckhand::make_game(spec.name, {{"history", "off"}}, spec.min_players, 0, nullptr);
      if (!game) __builtin_trap();
      const std::vector<uint8_t> bytes = game->serialize();
      out.push_back({std::vector<uint8_t>(bytes.begin(), bytes.begin() + 4),
                     std::vector<uint8_t>(bytes.end() - 4, bytes.end()), bytes.size() - 4});
    }
    return out;
  }();
  return kinds;
}

// An accepted game shows every seat a view and reads back from its bytes unchanged.
void check_accepted(const Game& game) {
  for (int seat = -1; seat < game.players(); ++seat) (void)game.view_json(seat);
  const std::vector<uint8_t> bytes = game.serialize();
  const std::unique_ptr<Game> back =
      deckhand::deserialize_game(bytes.data(), bytes.size(), nullptr);
  if (!back || back->serialize() != bytes) __builtin_trap();
}

void play_on(const uint8_t* data, size_t size, const ImageKind& kind) {
  const size_t image_length = kind.length;
  if (size < image_length) return;
  std::vector<uint8_t> image(data, data + image_length);
  const size_t state_size = image_length - 16;
  const uint64_t sum = deckhand::detail::image_checksum(image.data() + 8, state_size);
  std::memcpy(image.data() + 8 + state_size, &sum, 8);
  image.insert(image.end(), kind.no_history.begin(), kind.no_history.end());
  std::unique_ptr<Game> game = deckhand::deserialize_game(image.data(), image.size(), nullptr);
  if (!game) return;
  Choices choices(data + image_length, size - image_length);
  check_accepted(*game);
  for (int step = 0; step < kMaxSteps && !game->over(); ++step) {
    if (game->needs_reshuffle()) {  // a round dealt from a seed continues its generator
      if (game->reshuffle_seed(choices.seed(), nullptr) != Reason::ok) __builtin_trap();
      continue;
    }
    if (game->awaiting_deal()) {  // between hands: the next deal is due
      if (game->deal_seed(choices.seed(), nullptr) != Reason::ok) __builtin_trap();
      continue;
    }
    const size_t n = game->legal_count();
    if (n == 0 || game->to_act() < 0) __builtin_trap();  // a seat acts but cannot
    if (game->apply_legal(choices.pick(uint32_t(n)), nullptr) != Reason::ok) __builtin_trap();
  }
  check_accepted(*game);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 4) return 0;
  for (const ImageKind& kind : image_kinds())
    if (std::memcmp(data, kind.tag.data(), 4) == 0) {
      play_on(data, size, kind);
      break;
    }
  return 0;
}
