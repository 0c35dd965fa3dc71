// Fuzz target: action text against games in every phase. The first byte picks the game (bit
// 0 sheepshead, else bit 3 toonerville, else ghost-euchre), a seed and how far to play; the
// rest is lines of "<seat> <action>" text, applied in turn. One body serves every game: its
// functions are found through its types' namespace.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "deckhand/ghost_euchre.hpp"
#include "deckhand/sheepshead.hpp"
#include "deckhand/toonerville.hpp"

using deckhand::Error;
using deckhand::Reason;

namespace {

template <typename State, typename Action, int kMaxLegal>
void fuzz_game(State s, const uint8_t* data, size_t size) {
  if (deal_seed(s, data[0] >> 1 & 3, &s, nullptr) != Reason::ok) __builtin_trap();
  std::vector<Action> storage(kMaxLegal);
  Action* legal = storage.data();
  for (int steps = data[0] >> 4; steps > 0 && legal_actions(s, legal) > 0; --steps)
    if (advance(&s, legal[0], nullptr) != Reason::ok) __builtin_trap();
  std::string_view rest(reinterpret_cast<const char*>(data + 1), size - 1);
  while (!rest.empty()) {
    const size_t nl = rest.find('\n');
    const std::string_view line = rest.substr(0, nl);
    rest = nl == std::string_view::npos ? std::string_view() : rest.substr(nl + 1);
    if (line.empty()) continue;
    const int seat = line[0] - '0';
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
      if (err.reason == Reason::ok) __builtin_trap();
    } else if (check_invariants(s, nullptr) != Reason::ok) {
      __builtin_trap();
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  namespace tv = deckhand::toonerville;
  if (data[0] & 1) {
    fuzz_game<deckhand::sheepshead::State, deckhand::sheepshead::Action, 64>(
        deckhand::sheepshead::new_game(), data, size);
  } else if (data[0] & 8) {
    tv::Options o;
    o.players = uint8_t(3 + (data[0] >> 1 & 3) % 3);
    fuzz_game<tv::State, tv::Action, tv::kMaxLegalActions>(tv::new_game(o), data, size);
  } else {
    fuzz_game<deckhand::ghost_euchre::State, deckhand::ghost_euchre::Action, 64>(
        deckhand::ghost_euchre::new_game(), data, size);
  }
  return 0;
}
