// Fuzz target: deserialization. The input is tried as raw bytes, and also as a damage mask
// over a real serialized game (first byte: which game and how far), so the fuzzer reaches the
// checks behind the checksum. Anything accepted must be a valid state.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "deckhand/game.hpp"

using namespace deckhand;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  // Any game's bytes (the image's tag picks the game of the catalog): what is accepted passes
  // the game's check_invariants, shows every seat a view and reads back.
  if (auto g = deserialize_game(data, size, nullptr)) {
    for (int seat = -1; seat < g->players(); ++seat) (void)g->view_json(seat);
    if (deserialize_game(g->serialize().data(), g->serialize().size(), nullptr) == nullptr)
      __builtin_trap();
  }
  if (size == 0) return 0;
  // A real game (first byte: bits 0-1 pick the game of the catalog and bit 2 its player
  // count), damaged by the rest of the input.
  const GameSpec& spec = game_specs()[size_t(data[0] & 3) % game_specs().size()];
  const int players =
      spec.min_players + (data[0] >> 2 & 1) % (spec.max_players - spec.min_players + 1);
  auto game = make_game(spec.name, {}, players, 0, nullptr);
  game->deal_seed(data[0], nullptr);
  std::vector<ActionCode> legal(4096);
  for (int i = 0; i < data[0] % 40 && game->legal_actions(legal.data(), legal.size()) > 0; ++i)
    game->apply(legal[0], nullptr);
  std::vector<uint8_t> bytes = game->serialize();
  for (size_t i = 1; i < size && i - 1 < bytes.size(); ++i) bytes[i - 1] ^= data[i];
  if (auto back = deserialize_game(bytes.data(), bytes.size(), nullptr)) {
    if (back->serialize() != bytes) __builtin_trap();
  }
  return 0;
}
