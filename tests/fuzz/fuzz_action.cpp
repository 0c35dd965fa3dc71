// Fuzz target: action text against games in every phase. The first byte picks a seed and how
// far to play; the rest is lines of "<seat> <action>" text, applied in turn.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "deckhand/ghost_euchre.hpp"

using namespace deckhand;
using namespace deckhand::ghost_euchre;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  State s = new_game();
  if (deal_seed(s, data[0] % 16, &s, nullptr) != Reason::ok) __builtin_trap();
  Action legal[kMaxLegalActions];
  for (int steps = data[0] / 16; steps > 0 && s.phase != Phase::deal; --steps) {
    legal_actions(s, legal);
    if (advance(&s, legal[0], nullptr) != Reason::ok) __builtin_trap();
  }
  std::string_view rest(reinterpret_cast<const char*>(data + 1), size - 1);
  while (!rest.empty()) {
    const size_t nl = rest.find('\n');
    const std::string_view line = rest.substr(0, nl);
    rest = nl == std::string_view::npos ? std::string_view() : rest.substr(nl + 1);
    if (line.empty()) continue;
    const int seat = (line[0] - '0');
    Action a;
    Error err;
    if (parse_action(line.substr(1), seat, &a, &err) != Reason::ok) {
      if (err.reason == Reason::ok || std::strlen(err.message) == 0) __builtin_trap();
      continue;
    }
    // Canonical text parses back to the same action.
    Action again;
    if (parse_action(format_action(a), seat, &again, nullptr) != Reason::ok || !(again == a))
      __builtin_trap();
    const State before = s;
    if (advance(&s, a, &err) != Reason::ok) {
      if (std::memcmp(&before, &s, sizeof s) != 0) __builtin_trap();  // a refusal changes nothing
    } else if (check_invariants(s, nullptr) != Reason::ok) {
      __builtin_trap();
    }
  }
  return 0;
}
