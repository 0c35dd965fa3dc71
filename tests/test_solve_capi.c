/*
 * test_solve_capi.c — the experimental open-hand solver of the C ABI (dh_solve_card_values)
 * from plain C99, linked to the shared library: refusals, the buffer protocol, plays paired
 * with dh_game_legal_actions, and, where only the last trick's forced plays follow, each
 * play's value equal to the score change the hand then gives (rules G9, S10-S14).
 * Prints "N passed, N failed" and exits non-zero when any check failed.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* dh_solve_card_values is stable: no DH_EXPERIMENTAL */
#include "deckhand.h"

static int g_passed = 0;
static int g_failed = 0;

#define CHECK(cond)                                    \
  do {                                                 \
    if (cond) {                                        \
      ++g_passed;                                      \
    } else {                                           \
      ++g_failed;                                      \
      printf("FAILED line %d: %s\n", __LINE__, #cond); \
    }                                                  \
  } while (0)

/* Random legal actions from seed `seed` until the phase is "play" with `cards_left` cards
 * still to play in the hand (the hand's first play phase of a new game). */
static int play_to(dh_game* game, uint64_t seed, size_t cards_left, size_t cards_in_hand) {
  dh_action legal[64];
  size_t n, played = 0;
  uint64_t choice = seed * 2654435761u + 1;
  const char* phase;
  if (dh_game_deal_seed(game, seed, NULL) != DH_OK) return 0;
  for (;;) {
    if (dh_game_legal_actions(&n, legal, 64, game) != DH_OK || n == 0) return 0;
    if (dh_game_phase(&phase, game) != DH_OK) return 0;
    if (strcmp(phase, "play") == 0) {
      if (played + cards_left == cards_in_hand) return 1;
      ++played;
    }
    choice = choice * 6364136223846793005u + 1442695040888963407u;
    if (dh_game_apply(game, &legal[(choice >> 33) % n], NULL) != DH_OK) return 0;
  }
}

/* The last seat to play to the next-to-last trick: after its play every seat holds one card,
 * so the value of each of its plays is what the hand then scores. */
static void check_next_to_last_trick(const char* name, const char* option, int players) {
  int hand;
  for (hand = 1; hand <= 40; ++hand) {
    dh_game* game = NULL;
    dh_action actions[8], legal[64];
    int64_t values[8], deltas[8];
    size_t count = 0, n, n_deltas, i;
    int32_t seat = -1;
    dh_error err = DH_ERROR_INIT;
    CHECK(dh_game_new(&game, name, &option, 1, 0, 0, NULL) == DH_OK);
    CHECK(play_to(game, (uint64_t)hand, (size_t)players + 1, (size_t)players * 6));
    CHECK(dh_game_to_act(&seat, game) == DH_OK);
    CHECK(dh_solve_card_values(&count, actions, values, 8, game, &err) == DH_OK);
    CHECK(err.status == DH_OK);
    CHECK(dh_game_legal_actions(&n, legal, 64, game) == DH_OK);
    CHECK(count == n && count >= 1 && count <= 2);
    for (i = 0; i < count && i < n; ++i) {
      dh_game* after = NULL;
      CHECK(memcmp(&actions[i], &legal[i], sizeof legal[i]) == 0);
      CHECK(dh_game_clone(&after, game, NULL) == DH_OK);
      CHECK(dh_game_apply(after, &actions[i], NULL) == DH_OK);
      while (dh_game_legal_actions(&n_deltas, legal + 8, 56, after) == DH_OK && n_deltas == 1 &&
             dh_game_apply(after, &legal[8], NULL) == DH_OK) {
      }
      CHECK(dh_game_last_deltas(&n_deltas, deltas, 8, after) == DH_OK);
      CHECK(n_deltas == (size_t)players && seat >= 0 && values[i] == deltas[seat]);
      dh_game_free(after);
    }
    dh_game_free(game);
  }
}

int main(void) {
  dh_game* game = NULL;
  dh_action actions[8], legal[64];
  int64_t values[8];
  size_t count = 99, n, i;
  const char* option = "all_pass=stick_dealer";
  dh_error err = DH_ERROR_INIT;

  /* Refusals: no game, not a trick-taking game, not the play phase. */
  CHECK(dh_solve_card_values(&count, actions, values, 8, NULL, &err) == DH_E_NULL_ARGUMENT);
  CHECK(dh_game_new(&game, "toonerville", NULL, 0, 3, 0, NULL) == DH_OK);
  CHECK(dh_solve_card_values(&count, actions, values, 8, game, &err) == DH_E_UNSUPPORTED);
  CHECK(err.status == DH_E_UNSUPPORTED && strstr(err.message, "toonerville") != NULL);
  dh_game_free(game);
  CHECK(dh_game_new(&game, "ghost-euchre", NULL, 0, 0, 0, NULL) == DH_OK);
  CHECK(dh_solve_card_values(&count, actions, values, 8, game, &err) == DH_E_WRONG_PHASE);
  CHECK(strcmp(err.code, "wrong_phase") == 0 && count == 99);
  CHECK(dh_game_deal_seed(game, 7, NULL) == DH_OK);
  CHECK(dh_solve_card_values(&count, actions, values, 8, game, &err) == DH_E_WRONG_PHASE);

  /* The first lead: every legal play, in dh_game_legal_actions order. */
  dh_game_free(game);
  CHECK(dh_game_new(&game, "ghost-euchre", &option, 1, 0, 0, NULL) == DH_OK);
  CHECK(play_to(game, 7, 18, 18));
  CHECK(dh_solve_card_values(&count, NULL, NULL, 0, game, &err) == DH_E_BUFFER_TOO_SMALL);
  CHECK(count == 6);
  CHECK(dh_solve_card_values(&count, actions, values, 5, game, &err) == DH_E_BUFFER_TOO_SMALL);
  CHECK(dh_solve_card_values(&count, actions, values, 8, game, &err) == DH_OK);
  CHECK(dh_game_legal_actions(&n, legal, 64, game) == DH_OK);
  CHECK(count == n);
  for (i = 0; i < count && i < n; ++i) {
    CHECK(memcmp(&actions[i], &legal[i], sizeof legal[i]) == 0);
    CHECK(values[i] >= -24 && values[i] <= 24); /* G9: a hand's bounds */
  }
  dh_game_free(game);

  check_next_to_last_trick("ghost-euchre", "all_pass=stick_dealer", 3);
  check_next_to_last_trick("sheepshead", "double_on_bump=on", 5);

  printf("%d passed, %d failed\n", g_passed, g_failed);
  return g_failed == 0 ? 0 : 1;
}
