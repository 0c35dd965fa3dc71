/* Uses the installed C ABI: creates a Ghost Hand Euchre game, deals seed 1, passes, and
 * checks that a refused action is reported and changes nothing. Exits non-zero on any
 * failure. Also built with `pkg-config --cflags --libs deckhand` by the packaging test. */
#include <stdio.h>
#include <string.h>

#include "deckhand.h"

#define MAX_ACTIONS 16

static int expect_status(const char* what, int got, int want) {
  if (got == want) return 1;
  fprintf(stderr, "consumer_c: %s returned %s, expected %s\n", what, dh_status_name(got),
          dh_status_name(want));
  return 0;
}

static int play(dh_game* game) {
  dh_error err = DH_ERROR_INIT;
  dh_action legal[MAX_ACTIONS];
  size_t count = 0, i;
  int32_t seat = -1, next_seat = -1;
  const dh_action* pass = NULL;

  if (!expect_status("dh_game_deal_seed", dh_game_deal_seed(game, 1, &err), DH_OK)) return 0;
  if (!expect_status("dh_game_to_act", dh_game_to_act(&seat, game), DH_OK)) return 0;
  if (!expect_status("dh_game_legal_actions",
                     dh_game_legal_actions(&count, legal, MAX_ACTIONS, game), DH_OK))
    return 0;
  for (i = 0; i < count; ++i)
    if (legal[i].kind == 1 && legal[i].seat == seat) pass = &legal[i]; /* kind 1: pass */
  if (seat < 0 || !pass) {
    fprintf(stderr, "consumer_c: after the deal, seat %d has no pass among %u legal actions\n",
            (int)seat, (unsigned)count);
    return 0;
  }
  if (!expect_status("dh_game_apply(pass)", dh_game_apply(game, pass, &err), DH_OK)) return 0;
  if (!expect_status("dh_game_to_act", dh_game_to_act(&next_seat, game), DH_OK)) return 0;
  if (next_seat == seat) {
    fprintf(stderr, "consumer_c: seat %d is still to act after passing\n", (int)seat);
    return 0;
  }
  /* The same pass again is out of turn: refused with a reason, and nothing changes. */
  if (!expect_status("dh_game_apply(pass again)", dh_game_apply(game, pass, &err), DH_E_WRONG_SEAT))
    return 0;
  if (err.status != DH_E_WRONG_SEAT || strcmp(err.code, "wrong_seat") != 0) {
    fprintf(stderr, "consumer_c: refusal reported as %d/'%s'\n", (int)err.status, err.code);
    return 0;
  }
  if (!expect_status("dh_game_to_act", dh_game_to_act(&seat, game), DH_OK)) return 0;
  if (seat != next_seat) {
    fprintf(stderr, "consumer_c: a refused action moved the turn to seat %d\n", (int)seat);
    return 0;
  }
  return 1;
}

int main(void) {
  dh_game* game = NULL;
  dh_error err = DH_ERROR_INIT;
  int ok;

  if (dh_version_number() != DH_VERSION_NUMBER) {
    fprintf(stderr, "consumer_c: header version %d, library version %d\n", DH_VERSION_NUMBER,
            (int)dh_version_number());
    return 1;
  }
  if (!expect_status("dh_game_new", dh_game_new(&game, "ghost-euchre", NULL, 0, 0, 0, &err),
                     DH_OK)) {
    fprintf(stderr, "consumer_c: %s\n", err.message);
    return 1;
  }
  ok = play(game);
  dh_game_free(game);
  if (!ok) return 1;
  printf("consumer_c: ok (deckhand %s)\n", dh_version());
  return 0;
}
