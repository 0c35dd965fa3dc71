/*
 * test_random_play.c — unattended play ends (issue 9): through the C ABI, from plain C99,
 * 1,000 games of every game and player count played by uniformly random legal actions
 * (dh_game_apply_legal), dealt by seed whenever a deal is awaited, with the play limits set:
 * ghost-euchre max_hands (rules G10), sheepshead hands (S15), toonerville max_turns (T13).
 * Without them random play never ends: Euchre totals drift below zero, a Sheepshead session
 * is endless, a Toonerville round goes on while nobody goes down.
 *
 *   test_random_play [GAME | GAME:PLAYERS]...   only those games; default: every one
 *
 * A game that has not ended within far more actions and deals than its limits allow counts
 * as never ending. Prints one line per game and player count, each failure with its line,
 * and ends with "N passed, N failed"; exits non-zero when any check failed.
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

enum { kGames = 1000 };

/* One game and player count with its limit, and generous ceilings on a game that keeps to
 * its limit: a game past them is taken for one that never ends. */
typedef struct config {
  const char* game;
  int32_t players;
  const char* rule;  /* the rule that sets the limit */
  const char* limit; /* the option string */
  long max_deals;
  long max_actions_per_deal;
} config;

/* Limits small enough for the whole run to take seconds in the Debug and sanitizer builds.
 * Ghost-euchre: 20 scored hands; random play throws in far fewer deals than 2,000, and a deal
 *   is at most 6 bids, passes and swaps, a trump and 18 cards.
 * Sheepshead: 10 hands; no_pick=leaster (the default) never throws a hand in, and a hand is
 *   at most 5 picks or passes, a bury, a call and 30 cards.
 * Toonerville: 30 turns a round, 11 rounds; a turn is a take or draw, at most one buy, a
 *   discard, and melds, lay-offs and swaps (a swap's Rook must be laid down or off in the same
 *   turn), each of which empties the hand by a card or more; no hand passes 100 cards. */
static const config k_configs[] = {
    {"ghost-euchre", 3, "G10", "max_hands=20", 2000, 25},
    {"sheepshead", 5, "S15", "hands=10", 10, 37},
    {"toonerville", 3, "T13", "max_turns=30", 11, 30 * 203},
    {"toonerville", 4, "T13", "max_turns=30", 11, 30 * 203},
    {"toonerville", 5, "T13", "max_turns=30", 11, 30 * 203},
};

/* Plays one game to its end: 1 if it ended within the ceilings, 0 if not, -1 if a call
 * failed. Adds its actions and deals to *actions and *deals. */
static int play_to_end(dh_game* g, const config* c, long* actions, long* deals) {
  dh_error err;
  const long max_actions = c->max_deals * c->max_actions_per_deal;
  long a = 0, d = 0;
  int ended = 0;
  while (a <= max_actions && d <= c->max_deals) {
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
    int32_t seats[5];
    size_t winners = 0;
    if (g_index && !CHECK(dh_game_reset(g, &err) == DH_OK)) break;
    const int result = play_to_end(g, c, &actions, &deals);
    if (!CHECK(result >= 0)) break;
    if (!result) {
      printf("FAIL: %s, %d players, %s %s: game %ld did not end within %ld deals and %ld actions\n",
             c->game, c->players, c->rule, c->limit, g_index, c->max_deals,
             c->max_deals * c->max_actions_per_deal);
      ++g_failed;
      break;
    }
    ++ended;
    /* An ended game has winners (ties share). */
    CHECK(dh_game_winners(&winners, seats, 5, g) == DH_OK && winners >= 1);
  }
  printf("%s %s (%d players, %s): %ld of %d random games ended; %ld deals, %ld actions\n", c->rule,
         c->game, c->players, c->limit, ended, kGames, deals, actions);
  fflush(stdout);
  CHECK(ended == kGames);
  dh_game_free(g);
}

int main(int argc, char** argv) {
  size_t i, ran = 0;
  for (i = 0; i < sizeof k_configs / sizeof k_configs[0]; ++i) {
    if (!check_selected(k_configs[i].game, k_configs[i].players, argc, argv)) continue;
    run_config(&k_configs[i]);
    ++ran;
  }
  if (!ran) {
    printf("no game matches the arguments (ghost-euchre, sheepshead, toonerville:3|4|5)\n");
    return 2;
  }
  return check_summary();
}
