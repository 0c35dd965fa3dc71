// deckhand.h compiled as strict C++ (-Wall -Wextra -pedantic -Werror), with a small real use:
// create a game, deal, list and apply actions (as text and as structs), read the view, free.
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "deckhand.h"

namespace {

int failures = 0;

void check(bool ok, const char* what) {
  if (!ok) {
    std::printf("FAIL: %s\n", what);
    ++failures;
  }
}

}  // namespace

int main() {
  check(dh_version_number() == DH_VERSION_NUMBER, "dh_version_number() == DH_VERSION_NUMBER");
  check(std::strcmp(dh_status_name(DH_E_ILLEGAL), "DH_E_ILLEGAL") == 0, "dh_status_name");

  const char* const options[] = {"renege=penalize", "target=10"};
  dh_game* game = nullptr;
  dh_error err{};
  check(dh_game_new(&game, "ghost-euchre", options, 2, 0, 0, &err) == DH_OK && game != nullptr,
        "dh_game_new");
  if (!game) return 1;

  check(dh_game_deal_seed(game, 42, &err) == DH_OK, "dh_game_deal_seed");
  int32_t seat = -1;
  check(dh_game_to_act(&seat, game) == DH_OK && seat == 1, "seat 1 speaks first after dealer 0");
  check(dh_game_apply_text(game, seat, "pass", &err) == DH_OK, "apply_text pass");
  check(dh_game_apply_text(game, 0, "pass", &err) == DH_E_WRONG_SEAT &&
            std::strcmp(err.code, "wrong_seat") == 0,
        "wrong seat refused");

  // Play the game to its end with the first legal action, except a bid of 3 over passing.
  uint64_t next_seed = 43;
  int steps = 0;
  for (int32_t over = 0; dh_game_is_over(&over, game) == DH_OK && !over && steps < 100000;
       ++steps) {
    int32_t awaiting = 0;
    dh_game_awaiting_deal(&awaiting, game);
    if (awaiting) {
      check(dh_game_deal_seed(game, next_seed++, nullptr) == DH_OK, "deal");
      continue;
    }
    size_t n = 0;
    check(dh_game_legal_actions(&n, nullptr, 0, game) == DH_E_BUFFER_TOO_SMALL && n > 0,
          "legal_actions size");
    std::vector<dh_action> actions(n);
    check(dh_game_legal_actions(&n, actions.data(), actions.size(), game) == DH_OK,
          "legal_actions");
    size_t pick = 0;
    for (size_t i = 0; i < n; ++i)
      if (actions[i].kind == 2 && actions[i].arg == 3) pick = i;
    check(dh_game_apply(game, &actions[pick], &err) == DH_OK, "apply");
  }
  int32_t over = 0;
  check(dh_game_is_over(&over, game) == DH_OK && over == 1, "the game ends");

  size_t len = 0;
  check(dh_game_view_json(&len, nullptr, 0, game, 0) == DH_E_BUFFER_TOO_SMALL && len > 0,
        "view size");
  std::string view(len, '\0');
  check(dh_game_view_json(&len, view.data(), view.size(), game, 0) == DH_OK, "view_json");
  check(view.find("\"over\": true") != std::string::npos, "the view says over");

  int32_t winners[3] = {-1, -1, -1};
  size_t n_winners = 0;
  check(dh_game_winners(&n_winners, winners, 3, game) == DH_OK && n_winners == 1, "one winner");

  dh_game_free(game);
  dh_game_free(nullptr);
  std::printf("test_header_cxx: %d failures\n", failures);
  return failures == 0 ? 0 : 1;
}
