// Embedding deckhand from C++: the pure, allocation-free API. A state is a value; every
// transition returns the next one or a reason with a readable message.
#include <cstdio>

#include "deckhand/ghost_euchre.hpp"

int main() {
  namespace ge = deckhand::ghost_euchre;
  ge::State s = ge::new_game();
  if (ge::deal_seed(s, 42, &s, nullptr) != deckhand::Reason::ok) return 1;

  deckhand::Error err;
  ge::Action bad{1, ge::ActionKind::play, 0};  // nobody plays during the auction
  if (ge::check(s, bad, &err) != deckhand::Reason::ok) std::printf("refused: %s\n", err.message);

  ge::Action legal[ge::kMaxLegalActions];
  while (s.phase != ge::Phase::deal) {
    const int n = ge::legal_actions(s, legal);
    const ge::Action a = legal[n - 1];  // always the last listed action
    std::printf("seat %d: %s\n", a.seat, ge::format_action(a).c_str());
    if (ge::advance(&s, a, &err) != deckhand::Reason::ok) return 1;
  }
  std::printf("deltas: %d %d %d\n", s.last.deltas[0], s.last.deltas[1], s.last.deltas[2]);
  return 0;
}
