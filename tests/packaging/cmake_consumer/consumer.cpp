// Uses the installed C++ API from the static library: deals seed 1, applies a legal action,
// and checks that an action out of turn is refused and leaves the state untouched; then
// the C ABI, which the static library carries too. Exits non-zero on any failure.
#include <cstdio>
#include <cstring>

#include "deckhand.h"
#include "deckhand/ghost_euchre.hpp"

namespace ge = deckhand::ghost_euchre;
using deckhand::Reason;

namespace {

bool fails(const char* what, Reason got, Reason want, const deckhand::Error& err) {
  if (got == want) return false;
  std::fprintf(stderr, "consumer_cpp: %s gave %s, expected %s (%s)\n", what,
               deckhand::reason_name(got), deckhand::reason_name(want), err.message);
  return true;
}

bool play_cpp() {
  deckhand::Error err;
  ge::State state = ge::new_game();
  if (fails("deal_seed", ge::deal_seed(state, 1, &state, &err), Reason::ok, err)) return false;
  ge::Action legal[ge::kMaxLegalActions];
  const int count = ge::legal_actions(state, legal);
  if (count <= 0 || legal[0].seat != state.to_act) {
    std::fprintf(stderr, "consumer_cpp: %d legal actions after the deal\n", count);
    return false;
  }
  if (fails("advance", ge::advance(&state, legal[0], &err), Reason::ok, err)) return false;

  ge::Action out_of_turn = legal[0];
  out_of_turn.seat = uint8_t((state.to_act + 1) % ge::kPlayers);
  const ge::State before = state;
  if (fails("advance out of turn", ge::advance(&state, out_of_turn, &err), Reason::wrong_seat, err))
    return false;
  if (std::memcmp(&before, &state, sizeof state) != 0) {
    std::fprintf(stderr, "consumer_cpp: a refused action changed the state\n");
    return false;
  }
  return true;
}

bool play_c_abi() {
  dh_game* game = nullptr;
  if (dh_game_new(&game, "ghost-euchre", nullptr, 0, 0, 0, nullptr) != DH_OK) return false;
  const int status = dh_game_deal_seed(game, 1, nullptr);
  dh_game_free(game);
  if (status != DH_OK)
    std::fprintf(stderr, "consumer_cpp: dh_game_deal_seed: %s\n", dh_status_name(status));
  return status == DH_OK;
}

}  // namespace

int main() {
  if (!play_cpp() || !play_c_abi()) return 1;
  std::printf("consumer_cpp: ok (deckhand %s)\n", dh_version());
  return 0;
}
