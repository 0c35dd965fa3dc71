/*
 * bench_native.c — random playouts through the native C ABI, the baseline for the
 * WebAssembly figures of web/bench/bench_playout.mjs (docs/performance.md "WebAssembly").
 * The same work as there: each game of the catalog with history=off and no play limit (its
 * limit_option at 0), at 4 players where it allows them, reset when it ends, played by
 * dh_game_random_playout in calls of up to 100,000 actions for about two seconds; then the same
 * with one dh_game_apply_legal per action. Prints actions per second.
 */
#define _POSIX_C_SOURCE 199309L
#include <stdint.h>
#include <stdio.h>
#include <time.h>

#define DH_EXPERIMENTAL
#include "deckhand.h"

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* xorshift64: the per-action loop's choices (any uniform-enough choice will do here). */
static uint64_t g_state = 0x9E3779B97F4A7C15ull;
static size_t pick(size_t n) {
  g_state ^= g_state << 13;
  g_state ^= g_state >> 7;
  g_state ^= g_state << 17;
  return (size_t)(g_state % n);
}

/* Actions per second for `seconds`: batched (one call, many actions) or one call per action. */
static double run(dh_game* g, int batched, double seconds) {
  uint64_t actions = 0, seed = 1;
  const double start = now();
  double elapsed = 0;
  while (elapsed < seconds) {
    int32_t flag = 0;
    if (batched) {
      size_t n = 0;
      if (dh_game_random_playout(&n, g, seed++, 100000, NULL) != DH_OK) return -1;
      actions += n;
    } else {
      int i;
      for (i = 0; i < 100000; ++i) {
        size_t n = 0;
        dh_game_awaiting_deal(&flag, g);
        if (flag) dh_game_deal_seed(g, seed++, NULL);
        dh_game_is_over(&flag, g);
        if (flag) break;
        dh_game_legal_count(&n, g);
        if (n == 0 || dh_game_apply_legal(NULL, g, pick(n), NULL) != DH_OK) return -1;
        ++actions;
      }
    }
    dh_game_is_over(&flag, g);
    if (flag) dh_game_reset(g, NULL);
    elapsed = now() - start;
  }
  return (double)actions / elapsed;
}

int main(void) {
  size_t i, games = 0;
  if (dh_catalog_game_count(&games) != DH_OK) return 1;
  for (i = 0; i < games; ++i) { /* every game of the catalog */
    dh_game_info info = DH_GAME_INFO_INIT;
    char limit[64];
    const char* options[2];
    dh_game* g = NULL;
    int32_t players;
    if (dh_catalog_game(&info, i) != DH_OK) return 1;
    players = info.min_players > 4 ? info.min_players : info.max_players < 4 ? info.max_players : 4;
    snprintf(limit, sizeof limit, "%s=0", info.limit_option); /* no play limit */
    options[0] = limit;
    options[1] = "history=off";
    if (dh_game_new(&g, info.name, options, 2, players, 0, NULL) != DH_OK) return 1;
    printf("native %-12s playout %6.2f M actions/s, per action %6.2f M actions/s\n", info.name,
           run(g, 1, 2.0) / 1e6, run(g, 0, 2.0) / 1e6);
    dh_game_free(g);
  }
  return 0;
}
