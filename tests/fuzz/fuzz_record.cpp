// Fuzz target: the record reader and replay (any bytes as a record).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "deckhand/game.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const deckhand::ReplayResult r = deckhand::replay_record(text);
  const std::string json = deckhand::replay_json(r);
  if (r.ok) {
    // An accepted record writes itself back and replays to the same game.
    const deckhand::ReplayResult again = deckhand::replay_record(r.final_game->record());
    if (!again.ok || again.final_game->serialize() != r.final_game->serialize()) __builtin_trap();
  } else if (r.line < 1 || json.find("\"ok\": false") == std::string::npos) {
    __builtin_trap();
  }
  return 0;
}
