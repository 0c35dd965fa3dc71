// Fuzz target: deserialization. The input is tried as raw bytes, and also as a damage mask
// over a real serialized game (first byte: which game), so the fuzzer reaches the checks
// behind the checksum. Anything accepted must be a valid state.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "deckhand/game.hpp"
#include "deckhand/ghost_euchre.hpp"

using namespace deckhand;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  ghost_euchre::State s;
  if (ghost_euchre::deserialize(data, size, &s, nullptr) == Reason::ok &&
      ghost_euchre::check_invariants(s, nullptr) != Reason::ok)
    __builtin_trap();
  if (auto g = deserialize_game(data, size, nullptr)) {
    if (deserialize_game(g->serialize().data(), g->serialize().size(), nullptr) == nullptr)
      __builtin_trap();
  }
  if (size == 0) return 0;
  auto game = make_game("ghost-euchre", {}, 0, 0, nullptr);
  game->deal_seed(data[0], nullptr);
  ActionCode legal[16];
  for (int i = 0; i < data[0] % 20 && game->legal_actions(legal, 16) > 0; ++i)
    game->apply(legal[0], nullptr);
  std::vector<uint8_t> bytes = game->serialize();
  for (size_t i = 1; i < size && i - 1 < bytes.size(); ++i) bytes[i - 1] ^= data[i];
  if (auto back = deserialize_game(bytes.data(), bytes.size(), nullptr)) {
    if (back->serialize() != bytes) __builtin_trap();
  }
  return 0;
}
