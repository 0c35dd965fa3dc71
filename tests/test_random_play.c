/*
 * test_random_play.c — unattended play ends (issue 9): through the C ABI, from plain C99,
 * random games of every game of the catalog at every player count, played by uniformly
 * random legal actions (dh_game_apply_legal), dealt by seed whenever a deal is awaited, with
 * each game's play limit (dh_game_info.limit_option) at the catalog's value for unattended
 * play (unattended_limit). Without it random play never ends: Euchre totals drift below
 * zero, a Sheepshead session is endless, a Toonerville round goes on while nobody goes down.
 *
 *   test_random_play [GAME | GAME:PLAYERS | PART/PARTS]...   default: every configuration
 *
 * PART/PARTS (1/3, 2/3, ...) runs every PARTS-th configuration from the PART-th, in catalog
 * order, so that ctest can run the parts side by side. A game that has not ended within
 * far more actions and deals than any limit allows counts as never ending. Prints one line
 * per game and player count, each failure with its line, and ends with "N passed, N failed";
 * exits non-zero when any check failed.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "c_check.h"
#include "deckhand.h"

static uint64_t g_rng = 0x9E3779B97F4A7C15ull;
static uint64_t rnd(void) {
  g_rng ^= g_rng << 13;
  g_rng ^= g_rng >> 7;
  g_rng ^= g_rng << 17;
  return g_rng;
}
/* Uniform in [0, n) for n >= 1, by rejection (no modulo bias). */
static size_t uniform(size_t n) {
  const uint64_t limit = UINT64_MAX - UINT64_MAX % n;
  uint64_t r;
  do r = rnd();
  while (r >= limit);
  return (size_t)(r % n);
}

enum { kGames = 200 };
/* Ceilings no game that keeps to its limit comes near: a game past them never ends. */
static const long kMaxDeals = 100000;
static const long kMaxActions = 2000000;

/* One game and player count with its limit. */
typedef struct config {
  const char* game;
  int32_t players;
  char limit[64]; /* the option string */
} config;

/* Plays one game to its end: 1 if it ended within the ceilings, 0 if not, -1 if a call
 * failed. Adds its actions and deals to *actions and *deals. */
static int play_to_end(dh_game* g, const config* c, long* actions, long* deals) {
  dh_error err;
  long a = 0, d = 0;
  int ended = 0;
  while (a <= kMaxActions && d <= kMaxDeals) {
    int32_t over = 0, awaiting = 0;
    size_t n = 0;
    if (dh_game_is_over(&over, g) != DH_OK || dh_game_awaiting_deal(&awaiting, g) != DH_OK)
      return -1;
    if (over) {
      ended = 1;
      break;
    }
    if (awaiting) {
      ++d;
      if (dh_game_deal_seed(g, rnd(), &err) != DH_OK) return -1;
      continue;
    }
    ++a;
    if (dh_game_legal_count(&n, g) != DH_OK || n == 0) return -1;
    if (dh_game_apply_legal(NULL, g, uniform(n), &err) != DH_OK) {
      printf("      %s: %s\n", c->game, err.message);
      return -1;
    }
  }
  *actions += a;
  *deals += d;
  return ended;
}

static void run_config(const config* c) {
  dh_game* g = NULL;
  dh_error err;
  const char* options[1];
  long actions = 0, deals = 0, ended = 0, g_index;
  options[0] = c->limit;
  if (!CHECK(dh_game_new(&g, c->game, options, 1, c->players, 0, &err) == DH_OK)) {
    printf("      %s: %s\n", c->game, err.message);
    return;
  }
  for (g_index = 0; g_index < kGames; ++g_index) {
    int32_t seats[64];
    size_t winners = 0;
    if (g_index && !CHECK(dh_game_reset(g, &err) == DH_OK)) break;
    const int result = play_to_end(g, c, &actions, &deals);
    if (!CHECK(result >= 0)) break;
    if (!result) {
      printf("FAIL: %s, %d players, %s: game %ld did not end within %ld deals and %ld actions\n",
             c->game, c->players, c->limit, g_index, kMaxDeals, kMaxActions);
      ++g_failed;
      break;
    }
    ++ended;
    /* An ended game has winners (ties share). */
    CHECK(dh_game_winners(&winners, seats, 64, g) == DH_OK && winners >= 1);
  }
  printf("%s (%d players, %s): %ld of %d random games ended; %ld deals, %ld actions\n", c->game,
         c->players, c->limit, ended, kGames, deals, actions);
  fflush(stdout);
  CHECK(ended == kGames);
  dh_game_free(g);
}

/* Whether configuration `index` belongs to a PART/PARTS argument, or any when none is given;
 * the other arguments select by game (check_selected). */
static int in_part(size_t index, int argc, char** argv) {
  int i, parted = 0;
  for (i = 1; i < argc; ++i) {
    unsigned part = 0, parts = 0;
    if (sscanf(argv[i], "%u/%u", &part, &parts) != 2 || part < 1 || part > parts) continue;
    parted = 1;
    if (index % parts == part - 1) return 1;
  }
  return !parted;
}

static int has_game_argument(int argc, char** argv) {
  int i;
  for (i = 1; i < argc; ++i)
    if (!strchr(argv[i], '/')) return 1;
  return 0;
}

int main(int argc, char** argv) {
  size_t g, index = 0, ran = 0;
  const size_t games = catalog_games();
  const int by_game = has_game_argument(argc, argv);
  for (g = 0; g < games; ++g) {
    const dh_game_info info = catalog_game(g);
    config c;
    c.game = info.name;
    unattended_option(c.limit, sizeof c.limit, &info);
    for (c.players = info.min_players; c.players <= info.max_players; ++c.players, ++index) {
      if (!in_part(index, argc, argv)) continue;
      if (by_game && !check_selected(c.game, c.players, argc, argv)) continue;
      run_config(&c);
      ++ran;
    }
  }
  if (!ran) {
    printf("no game matches the arguments (dh_catalog_game lists the games)\n");
    return 2;
  }
  return check_summary();
}
