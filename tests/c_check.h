/* What the C99 tests of the C ABI share: CHECK, which counts and reports each check, the
 * closing summary, the GAME or GAME:PLAYERS selection of a test's configurations from its
 * arguments, and the games from the catalog (a test lists no games of its own, so a new game
 * is tested without an edit here). Each test is one C file with its own main; this header is
 * included once. */
#ifndef DECKHAND_TESTS_C_CHECK_H
#define DECKHAND_TESTS_C_CHECK_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "deckhand.h"

static int g_passed = 0;
static int g_failed = 0;

static inline int check_(int ok, const char* what, int line) {
  if (ok) {
    ++g_passed;
  } else {
    ++g_failed;
    printf("FAIL (line %d): %s\n", line, what);
    fflush(stdout);
  }
  return ok;
}
#define CHECK(c) check_((c) ? 1 : 0, #c, __LINE__)

/* Prints the counts; the exit status of main. */
static inline int check_summary(void) {
  printf("%d passed, %d failed\n", g_passed, g_failed);
  return g_failed ? 1 : 0;
}

/* Whether the game `game` with `players` is named by one of the arguments, "GAME" or
 * "GAME:PLAYERS" (no arguments: every game). */
static inline int check_selected(const char* game, int32_t players, int argc, char** argv) {
  int i;
  if (argc < 2) return 1;
  for (i = 1; i < argc; ++i) {
    const char* colon = strchr(argv[i], ':');
    const size_t len = colon ? (size_t)(colon - argv[i]) : strlen(argv[i]);
    if (strlen(game) == len && strncmp(argv[i], game, len) == 0 &&
        (!colon || atoi(colon + 1) == players))
      return 1;
  }
  return 0;
}

/* The number of games the library has. */
static inline size_t catalog_games(void) {
  size_t n = 0;
  if (dh_catalog_game_count(&n) != DH_OK || n == 0) {
    printf("FAIL: the catalog lists no games\n");
    exit(1);
  }
  return n;
}

/* Game `index` (0 .. catalog_games()-1) of the catalog, every field filled. */
static inline dh_game_info catalog_game(size_t index) {
  dh_game_info info = DH_GAME_INFO_INIT;
  if (dh_catalog_game(&info, index) != DH_OK) {
    printf("FAIL: no game %lu in the catalog\n", (unsigned long)index);
    exit(1);
  }
  return info;
}

/* "limit_option=unattended_limit" of a game into buf: the option unattended play sets. */
static inline const char* unattended_option(char* buf, size_t cap, const dh_game_info* info) {
  snprintf(buf, cap, "%s=%d", info->limit_option, (int)info->unattended_limit);
  return buf;
}

#endif
