/*
 * test_small_stack.c — the library runs in threads with small stacks (docs/performance.md,
 * "Stack"): whole bot games of every game of the catalog and player count, with every seat at
 * one level (random, basic, strong with 4 deals a decision) and with the levels mixed, the
 * open-hand solver (dh_solve_card_values) on every play it answers and a consistent deal
 * (dh_game_sample_consistent) every few actions, each run in a thread made with
 * pthread_attr_setstacksize(kStackBytes). An overflow crashes the test (the stack's guard
 * page); a thread that cannot be made with that size fails it. Each thread paints its unused
 * stack first and, after its games, finds the deepest byte they wrote: the stack used, printed,
 * which must stay within kBudgetBytes (half of kStackBytes), so that a regression fails here
 * before embedders' threads overflow.
 *
 *   test_small_stack [GAME | GAME:PLAYERS]...     only those games; default: every one
 *   test_small_stack --stack=BYTES [GAME...]      another stack size (to find the least, or to
 *                                                 measure a library that needs more)
 */
#define DH_EXPERIMENTAL
#define _GNU_SOURCE /* pthread_getattr_np: the thread's own stack */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "c_check.h"
#include "deckhand.h"

/* The stack every run gets: what docs/performance.md promises embedders. */
enum { kStackBytes = 256 * 1024 };
static size_t g_stack_bytes = kStackBytes;
/* The most a run may use (the deepest measured is 35 KB), and the paint of unused stack. */
enum { kBudgetBytes = 128 * 1024, kPaint = 0xA5 };

/* The play limit of each game (the catalog's unit: hands or turns), and games per run. */
enum { kMaxSeats = 16, kHands = 2, kGames = 1 };
static const long kMaxActions = 200000;

typedef struct run {
  const char* game;
  int32_t players;
  const char* level; /* every seat's level, or "mixed": seat s of game i gets levels[(i+s)%3] */
  char limit[64];
  int ok;
  long actions, solved, sampled;
  size_t stack_used; /* bytes from the stack's top to the deepest byte written */
} run;

static const char* const k_levels[] = {"random", "basic", "strong"};
/* The strong bots' budget: fewer deals than the default (the sanitizer build is slow), each
 * searched as deep as with the default (the depth is the hand's, not the budget's). */
static const char* const k_strong_options[] = {"samples=4"};

static const char* level_of(const run* r, int game, int seat) {
  return strcmp(r->level, "mixed") == 0 ? k_levels[(game + seat) % 3] : r->level;
}

/* The solver's values of every play it answers (games without a solver say so and are
 * skipped: DH_E_UNSUPPORTED; outside the play DH_E_WRONG_PHASE). */
static int solve_here(run* r, const dh_game* g) {
  dh_action actions[64];
  int64_t values[64];
  size_t n = 0;
  dh_error err = DH_ERROR_INIT;
  const int status = dh_solve_card_values(&n, actions, values, 64, g, &err);
  if (status == DH_OK) {
    ++r->solved;
    return 1;
  }
  if (status == DH_E_UNSUPPORTED || status == DH_E_WRONG_PHASE) return 1;
  printf("      %s: dh_solve_card_values: %s\n", r->game, err.message);
  return CHECK(0);
}

static int sample_here(run* r, const dh_game* g, int32_t seat, uint64_t seed) {
  dh_game* sample = NULL;
  dh_error err = DH_ERROR_INIT;
  if (!CHECK(dh_game_sample_consistent(&sample, g, seat, seed, &err) == DH_OK)) {
    printf("      %s: dh_game_sample_consistent: %s\n", r->game, err.message);
    return 0;
  }
  ++r->sampled;
  dh_game_free(sample);
  return 1;
}

static int play_game(run* r, dh_game* g, dh_bot** bots, uint64_t deal_seed) {
  dh_error err = DH_ERROR_INIT;
  uint64_t deals = 0;
  long actions = 0;
  dh_action a;
  for (;;) {
    int32_t over = 0, awaiting = 0, seat = -1;
    dh_game_is_over(&over, g);
    if (over) return 1;
    dh_game_awaiting_deal(&awaiting, g);
    if (awaiting) {
      if (!CHECK(dh_game_deal_seed(g, deal_seed + deals++, &err) == DH_OK)) return 0;
      continue;
    }
    if (!CHECK(++actions <= kMaxActions)) return 0;
    dh_game_to_act(&seat, g);
    if (!solve_here(r, g)) return 0;
    if (actions % 5 == 0 &&
        !sample_here(r, g, (seat + (int32_t)actions) % r->players, (uint64_t)actions))
      return 0;
    if (!CHECK(dh_bot_choose(&a, bots[seat], g, seat, &err) == DH_OK) ||
        !CHECK(dh_game_apply(g, &a, &err) == DH_OK)) {
      printf("      %s: %s\n", r->game, err.message);
      return 0;
    }
    ++r->actions;
  }
}

static void* run_games(void* arg) {
  run* r = (run*)arg;
  dh_error err = DH_ERROR_INIT;
  dh_game* g = NULL;
  dh_bot* bots[kMaxSeats] = {NULL};
  const char* options[1];
  int i, s;
  options[0] = r->limit;
  r->ok = CHECK(dh_game_new(&g, r->game, options, 1, r->players, 0, &err) == DH_OK);
  for (i = 0; r->ok && i < kGames; ++i) {
    for (s = 0; r->ok && s < r->players; ++s) {
      dh_bot_free(bots[s]);
      bots[s] = NULL;
      const char* level = level_of(r, i, s);
      const size_t n_options = strcmp(level, "strong") == 0 ? 1 : 0;
      r->ok = CHECK(dh_bot_new(&bots[s], r->game, level, (uint64_t)(10 * i + s),
                               n_options ? k_strong_options : NULL, n_options, &err) == DH_OK);
    }
    if (r->ok && i) r->ok = CHECK(dh_game_reset(g, &err) == DH_OK);
    if (r->ok) r->ok = play_game(r, g, bots, 1000u * (uint64_t)i + 1);
  }
  for (s = 0; s < kMaxSeats; ++s) dh_bot_free(bots[s]);
  dh_game_free(g);
  return NULL;
}

/* The thread: paints its stack from the bottom to 4 KiB below here, plays r's games, then
 * finds the deepest byte they wrote. */
static void* painted_thread(void* arg) {
  run* r = (run*)arg;
  volatile unsigned char here = 0;
  const uintptr_t sp = (uintptr_t)&here;
  unsigned char* low = NULL;
  void* addr = NULL;
  size_t size = 0, painted = 0, i;
  pthread_attr_t attr;
  if (pthread_getattr_np(pthread_self(), &attr) == 0) {
    if (pthread_attr_getstack(&attr, &addr, &size) == 0) low = (unsigned char*)addr;
    pthread_attr_destroy(&attr);
  }
  if (low && sp - (uintptr_t)low > 8192) painted = (size_t)(sp - 4096 - (uintptr_t)low);
  if (painted) memset(low, kPaint, painted);
  run_games(r);
  if (painted) {
    for (i = 0; i < painted && low[i] == kPaint; ++i) {
    }
    r->stack_used = size - i;
  }
  return NULL;
}

/* Runs r in a thread with a g_stack_bytes stack (the default guard page below it). */
static void run_in_thread(run* r) {
  pthread_attr_t attr;
  pthread_t thread;
  int status;
  if (!CHECK(pthread_attr_init(&attr) == 0)) return;
  CHECK(pthread_attr_setstacksize(&attr, g_stack_bytes) == 0);
  status = pthread_create(&thread, &attr, painted_thread, r);
  if (!CHECK(status == 0)) {
    printf("      %s: pthread_create with a %lu-byte stack: error %d\n", r->game,
           (unsigned long)g_stack_bytes, status);
    r->ok = 0;
  } else {
    CHECK(pthread_join(thread, NULL) == 0);
  }
  pthread_attr_destroy(&attr);
}

int main(int argc, char** argv) {
  size_t gi, most = 0;
  int l;
  if (argc > 1 && strncmp(argv[1], "--stack=", 8) == 0) {
    g_stack_bytes = (size_t)strtoul(argv[1] + 8, NULL, 10);
    --argc;
    ++argv;
  }
  for (gi = 0; gi < catalog_games(); ++gi) {
    const dh_game_info info = catalog_game(gi);
    run r;
    memset(&r, 0, sizeof r);
    r.game = info.name;
    snprintf(r.limit, sizeof r.limit, "%s=%d", info.limit_option,
             info.unattended_limit < kHands ? (int)info.unattended_limit : (int)kHands);
    for (r.players = info.min_players; r.players <= info.max_players; ++r.players) {
      if (r.players > kMaxSeats || !check_selected(r.game, r.players, argc, argv)) continue;
      for (l = 0; l <= 3; ++l) {
        r.level = l < 3 ? k_levels[l] : "mixed";
        r.actions = r.solved = r.sampled = 0;
        r.stack_used = 0;
        run_in_thread(&r);
        CHECK(r.ok);
        CHECK(r.stack_used <= kBudgetBytes);
        if (r.stack_used > most) most = r.stack_used;
        printf(
            "%s (%d players, %s, %s bots): %ld actions, %ld solves, %ld consistent deals in a "
            "%lu-byte stack, %lu bytes used: %s\n",
            r.game, r.players, r.limit, r.level, r.actions, r.solved, r.sampled,
            (unsigned long)g_stack_bytes, (unsigned long)r.stack_used, r.ok ? "ok" : "FAILED");
        fflush(stdout);
      }
    }
  }
  printf("most stack used: %lu bytes (budget %d)\n", (unsigned long)most, kBudgetBytes);
  return check_summary();
}
