/*
 * test_capi_memory.c — a game created with history=off runs in constant memory (issue:
 * unattended play). Each game plays a configuration that never ends by itself under uniform
 * random play (no limits set), through the C ABI's self-play path, and the process's
 * resident memory may not grow by more than a few MB. A control run with history=on must
 * grow, or the measurement proves nothing.
 *
 * DECKHAND_MEMORY_ACTIONS sets the actions per game (default 1,000,000; the benchmark's
 * figure is for 10,000,000). Ends with "N passed, N failed".
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "deckhand.h"

static int g_passed = 0, g_failed = 0;

static void check(int ok, const char* what) {
  if (ok) {
    ++g_passed;
  } else {
    ++g_failed;
    printf("FAIL: %s\n", what);
  }
}

/* Resident memory of this process in bytes (Linux /proc/self/statm), or 0 if unknown. */
static uint64_t resident_bytes(void) {
  unsigned long size = 0, resident = 0;
  FILE* f = fopen("/proc/self/statm", "r");
  if (!f) return 0;
  if (fscanf(f, "%lu %lu", &size, &resident) != 2) resident = 0;
  fclose(f);
  return (uint64_t)resident * 4096u;
}

/* Plays `actions` uniformly random legal actions (dealing from seeds 1, 2, ... when a deal is
 * due; a game that ends is reset) and returns the growth of resident memory in bytes from
 * after a warm-up to the end. -1 on an engine error. */
static int64_t play(const char* name, int32_t players, const char* option, uint64_t actions) {
  dh_game* g = NULL;
  dh_error err = DH_ERROR_INIT;
  const char* opts[1];
  uint64_t rng = 0x9E3779B97F4A7C15ull, seed = 1, done = 0, start = 0, end = 0;
  opts[0] = option;
  if (dh_game_new(&g, name, opts, option ? 1 : 0, players, 0, &err) != DH_OK) {
    printf("%s: %s\n", name, err.message);
    return -1;
  }
  while (done < actions) {
    size_t n = 0;
    int32_t awaiting = 0, over = 0;
    if (done == 10000 && start == 0) start = resident_bytes();
    dh_game_is_over(&over, g);
    if (over) {
      dh_game_reset(g, NULL);
      continue;
    }
    dh_game_awaiting_deal(&awaiting, g);
    if (awaiting) {
      if (dh_game_deal_seed(g, seed++, &err) != DH_OK) break;
      continue;
    }
    if (dh_game_legal_count(&n, g) != DH_OK || n == 0) break;
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    if (dh_game_apply_legal(NULL, g, (size_t)(rng % n), &err) != DH_OK) break;
    ++done;
  }
  end = resident_bytes(); /* before the game's memory is freed */
  dh_game_free(g);
  if (done < actions) {
    printf("%s: stopped after %llu actions\n", name, (unsigned long long)done);
    return -1;
  }
  return (int64_t)end - (int64_t)start;
}

int main(void) {
  const char* env = getenv("DECKHAND_MEMORY_ACTIONS");
  const uint64_t actions = env ? strtoull(env, NULL, 10) : 1000000u;
  const int64_t kFlat = 4 << 20; /* a few MB: allocator noise, never one byte per action */
  char what[200];
  size_t i, games = 0;
  if (dh_catalog_game_count(&games) != DH_OK) return 1;
  if (resident_bytes() == 0) {
    printf("no /proc/self/statm: cannot measure memory here\n0 passed, 0 failed\n");
    return 0;
  }
  /* every game of the catalog at its fewest and its most players */
  for (i = 0; i < 2 * games; ++i) {
    dh_game_info info = DH_GAME_INFO_INIT;
    int32_t players;
    int64_t grown;
    if (dh_catalog_game(&info, i / 2) != DH_OK) return 1;
    players = i % 2 ? info.max_players : info.min_players;
    if (i % 2 && players == info.min_players) continue;
    grown = play(info.name, players, "history=off", actions);
    snprintf(what, sizeof what, "%s (%d players), history=off, %llu actions: grew %lld bytes",
             info.name, (int)players, (unsigned long long)actions, (long long)grown);
    printf("%s\n", what);
    check(grown >= 0 && grown < kFlat, what);
  }
  {
    /* the control: with its history a game grows by at least its events' bytes */
    const int64_t grown = play("sheepshead", 0, NULL, actions);
    snprintf(what, sizeof what, "control: sheepshead, history=on, %llu actions: grew %lld bytes",
             (unsigned long long)actions, (long long)grown);
    printf("%s\n", what);
    check(grown > (int64_t)(actions * 8), what);
  }
  printf("%d passed, %d failed\n", g_passed, g_failed);
  return g_failed == 0 ? 0 : 1;
}
