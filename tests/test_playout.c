/*
 * test_playout.c — dh_game_random_playout (deckhand.h, experimental): many random legal
 * actions for one call, from plain C99. Checks its arguments, that it stops at the game's end
 * and at max_actions, that one seed gives one playout, that what it plays is legal (its record
 * replays to the same game), and that it gives an explicitly dealt Toonerville round the
 * reshuffle it waits for (T13). Ends with "N passed, N failed".
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* dh_game_random_playout is stable: no DH_EXPERIMENTAL */
#include "c_check.h"
#include "deckhand.h"

static dh_game* new_game(const char* name, const char* option, int32_t players) {
  dh_game* g = NULL;
  dh_error err = DH_ERROR_INIT;
  if (dh_game_new(&g, name, &option, option ? 1 : 0, players, 0, &err) != DH_OK)
    printf("cannot create %s: %s\n", name, err.message);
  return g;
}

/* The game's record, malloc'ed (NULL on failure). */
static char* record_of(const dh_game* g) {
  size_t len = 0;
  char* text;
  if (dh_game_record(&len, NULL, 0, g) != DH_E_BUFFER_TOO_SMALL) return NULL;
  text = malloc(len);
  if (text && dh_game_record(&len, text, len, g) != DH_OK) {
    free(text);
    return NULL;
  }
  return text;
}

static int32_t flag(int (*query)(int32_t*, const dh_game*), const dh_game* g) {
  int32_t value = -1;
  return query(&value, g) == DH_OK ? value : -1;
}

static void test_arguments(void) {
  dh_game* g = new_game("ghost-euchre", NULL, 0);
  dh_error err = DH_ERROR_INIT;
  size_t n = 99;
  CHECK(dh_game_random_playout(NULL, g, 1u, 10, &err) == DH_E_NULL_ARGUMENT &&
        strstr(err.message, "out_actions") != NULL);
  CHECK(dh_game_random_playout(&n, NULL, 1u, 10, &err) == DH_E_NULL_ARGUMENT &&
        strstr(err.message, "game") != NULL);
  CHECK(dh_game_random_playout(&n, NULL, 1u, 10, NULL) == DH_E_NULL_ARGUMENT);
  /* max_actions 0: nothing happens, not even the deal that is due */
  CHECK(dh_game_random_playout(&n, g, 1u, 0, &err) == DH_OK && n == 0);
  CHECK(flag(dh_game_awaiting_deal, g) == 1);
  dh_game_free(g);
}

/* G10: with max_hands set, random play ends; the playout stops there, and plays no more. */
static void test_plays_to_the_end(void) {
  dh_game* g = new_game("ghost-euchre", "max_hands=5", 0);
  dh_error err = DH_ERROR_INIT;
  size_t n = 0;
  CHECK(dh_game_random_playout(&n, g, 7u, 1000000, &err) == DH_OK);
  CHECK(n > 0 && flag(dh_game_is_over, g) == 1);
  CHECK(dh_game_random_playout(&n, g, 8u, 1000000, &err) == DH_OK && n == 0);
  dh_game_free(g);
}

/* S15: hands=0 is an endless session; max_actions bounds the playout exactly. */
static void test_stops_at_max_actions(void) {
  dh_game* g = new_game("sheepshead", "hands=0", 0);
  dh_error err = DH_ERROR_INIT;
  size_t n = 0;
  CHECK(dh_game_random_playout(&n, g, 3u, 5000, &err) == DH_OK && n == 5000);
  CHECK(flag(dh_game_is_over, g) == 0);
  dh_game_free(g);
}

/* One seed, one playout; another seed, another one. What was played is legal: the record
 * replays, to the same scores. */
static void test_seeded_and_legal(const char* name, const char* option, int32_t players) {
  dh_game* a = new_game(name, option, players);
  dh_game* b = new_game(name, option, players);
  dh_game* c = new_game(name, option, players);
  dh_game* replayed = NULL;
  dh_error err = DH_ERROR_INIT;
  size_t na = 0, nb = 0, nc = 0;
  char *ra, *rb, *rc;
  int64_t sa[5], sr[5];
  size_t count_a = 0, count_r = 0;
  printf("%s %s\n", name, option);
  CHECK(dh_game_random_playout(&na, a, 42u, 3000, &err) == DH_OK);
  CHECK(dh_game_random_playout(&nb, b, 42u, 3000, &err) == DH_OK);
  CHECK(dh_game_random_playout(&nc, c, 43u, 3000, &err) == DH_OK);
  ra = record_of(a);
  rb = record_of(b);
  rc = record_of(c);
  CHECK(ra && rb && rc);
  if (ra && rb && rc) {
    CHECK(na == nb && strcmp(ra, rb) == 0);
    CHECK(strcmp(ra, rc) != 0);
    CHECK(dh_record_replay(&replayed, ra, &err) == DH_OK);
    if (replayed) {
      CHECK(dh_game_scores(&count_a, sa, 5, a) == DH_OK);
      CHECK(dh_game_scores(&count_r, sr, 5, replayed) == DH_OK);
      CHECK(count_a == count_r && memcmp(sa, sr, count_a * sizeof sa[0]) == 0);
    }
  }
  free(ra);
  free(rb);
  free(rc);
  dh_game_free(replayed);
  dh_game_free(a);
  dh_game_free(b);
  dh_game_free(c);
}

/* T13: an explicitly dealt round whose stock is empty waits for a reshuffle; the playout
 * makes one from its generator and goes on (without it, the first draw is refused). */
static void test_toonerville_reshuffle(void) {
  dh_game* g = new_game("toonerville", NULL, 3);
  dh_error err = DH_ERROR_INIT;
  dh_action actions[512];
  size_t n = 0, k;
  int i;
  if (!g) return;
  CHECK(dh_game_deal_text(g,
                          "0: 1B 2B 3B 4B 5B 6B 7B 8B 9B 10B 11B 12B; "
                          "1: 1G 2G 3G 4G 5G 6G 7G 8G 9G 10G 11G 12G; "
                          "2: 1R 2R 3R 4R 5R 6R 7R 8R 9R 10R 11R 12R; upcard: 13B; stock: ...",
                          &err) == DH_OK);
  /* draw and discard until the stock is empty */
  for (i = 0; i < 1000 && flag(dh_game_needs_reshuffle, g) == 0; ++i) {
    int32_t seat = -1;
    dh_game_to_act(&seat, g);
    if (!CHECK(dh_game_apply_text(g, seat, "draw", &err) == DH_OK)) break;
    for (;;) { /* T6: every seat offered the discard passes */
      int32_t offered = -1;
      dh_game_to_act(&offered, g);
      if (offered == seat || offered < 0) break;
      if (!CHECK(dh_game_apply_text(g, offered, "pass", &err) == DH_OK)) break;
    }
    CHECK(dh_game_legal_actions(&n, actions, 512, g) == DH_OK);
    for (k = 0; k < n && actions[k].kind != 6; ++k) {
    }
    if (!CHECK(k < n && dh_game_apply(g, &actions[k], &err) == DH_OK)) break;
  }
  CHECK(flag(dh_game_needs_reshuffle, g) == 1);
  /* long enough to need a draw from the stock, which only a reshuffle refills */
  CHECK(dh_game_random_playout(&n, g, 5u, 2000, &err) == DH_OK && n == 2000);
  CHECK(flag(dh_game_needs_reshuffle, g) == 0);
  dh_game_free(g);
}

int main(void) {
  test_arguments();
  test_plays_to_the_end();
  test_stops_at_max_actions();
  test_seeded_and_legal("ghost-euchre", "max_hands=20", 0);
  test_seeded_and_legal("sheepshead", "hands=10", 0);
  test_seeded_and_legal("toonerville", "max_turns=200", 4);
  test_toonerville_reshuffle();
  return check_summary();
}
