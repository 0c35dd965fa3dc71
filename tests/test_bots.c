/*
 * test_bots.c — bots through the C ABI (dh_bot_*, experimental tier), from plain C99: whole
 * games of every game of the catalog and player count between bots of every level, dealt by
 * seed, with each game's play limit (the catalog's, at most 20). Checks that
 *   - every action a bot chooses (levels random, basic, strong and expert) is legal
 * (dh_game_is_legal) and applies;
 *   - a bot answers only for the seat to act, Toonerville's buys included (T6: the seat
 *     offered a declined discard answers "buy" or "pass");
 *   - a seat that is not to act (and does not buy) gets DH_E_WRONG_SEAT, a game waiting for a
 *     deal DH_E_WRONG_PHASE, a game over DH_E_GAME_OVER;
 *   - every game ends within its limit;
 *   - the same seeds give the same game (a hash of every action and the final scores), and
 *     other bot seeds a different one for random bots;
 *   - bad arguments are refused with their status.
 *
 *   test_bots [GAME | GAME:PLAYERS]...   only those games; default: every one
 */
#define DH_EXPERIMENTAL
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "c_check.h"
#include "deckhand.h"

static long g_buys = 0; /* buys of a discard applied (Toonerville, T6) */

enum { kMaxSeats = 16 };

/* A game and player count of the catalog, with its play limit set so that every game ends:
 * the catalog's value for unattended play, at most kMaxLimit. */
typedef struct config {
  const char* game;
  int32_t players;
  char limit[64];
} config;
/* Games per configuration and the most hands or turns the limit allows (strong bots take a
 * while in the Debug build), and the actions past which a game never ends. */
enum { kGamesPerConfig = 4, kMaxLimit = 20 };
static const long kMaxActions = 1000000;

/* Seat s of game g gets this level: every level meets every other. */
static const char* level_of(int g, int s) {
  static const char* const levels[] = {"basic", "random", "strong", "expert"};
  return levels[(g + s) % 4];
}
/* A small budget for "strong" and "expert", so that the Debug build plays quickly. */
static const char* const k_strong_options[] = {"samples=2"};

static uint64_t fnv(uint64_t h, const void* bytes, size_t n) {
  const unsigned char* p = (const unsigned char*)bytes;
  size_t i;
  for (i = 0; i < n; ++i) h = (h ^ p[i]) * 0x100000001B3ull;
  return h;
}

/* A deal consistent with the seat's view shows it the same view (the whole check is in
 * test_consistent.cpp; this one is the C ABI's). */
static int check_consistent_deal(const dh_game* g, int32_t seat, uint64_t seed) {
  static char truth[1 << 15], sampled[1 << 15];
  dh_error err = DH_ERROR_INIT;
  dh_game* sample = NULL;
  size_t len = 0;
  int32_t history = 1;
  int ok;
  if (!CHECK(dh_game_sample_consistent(&sample, g, seat, seed, &err) == DH_OK)) {
    printf("      %s\n", err.message);
    return 0;
  }
  ok = CHECK(dh_game_view_json(&len, truth, sizeof truth, g, seat) == DH_OK) &&
       CHECK(dh_game_view_json(&len, sampled, sizeof sampled, sample, seat) == DH_OK) &&
       CHECK(strcmp(truth, sampled) == 0) &&
       CHECK(dh_game_keeps_history(&history, sample) == DH_OK && history == 0);
  dh_game_free(sample);
  return ok;
}

/* Applies a bot's action after checking that it is legal; 0 on failure. */
/* Whether `a` is a buy of a discard (Toonerville's T6), told by its text: no game named. */
static int is_buy(const dh_game* g, const dh_action* a) {
  char text[64];
  size_t len = 0;
  return dh_game_format_action(&len, text, sizeof text, g, a) == DH_OK && strcmp(text, "buy") == 0;
}

static int apply_checked(dh_game* g, const dh_action* a, const config* c) {
  dh_error err = DH_ERROR_INIT;
  char text[256];
  size_t len = 0;
  if (dh_game_is_legal(g, a, &err) != DH_OK) {
    dh_game_format_action(&len, text, sizeof text, g, a);
    printf("      %s: a bot chose an illegal action %s: %s\n", c->game, text, err.message);
    return CHECK(0);
  }
  return CHECK(dh_game_apply(g, a, &err) == DH_OK);
}

/* Plays one game between `bots` (one per seat) to its end, dealing hand d from seed
 * deal_seed + d. Returns the hash of every action and the final scores, or 0 on failure. */
static uint64_t play_game(dh_game* g, dh_bot** bots, const config* c, uint64_t deal_seed) {
  dh_error err = DH_ERROR_INIT;
  uint64_t h = 0xCBF29CE484222325ull, deals = 0;
  long actions = 0;
  int64_t scores[kMaxSeats];
  size_t n = 0;
  dh_action a;
  for (;;) {
    int32_t over = 0, awaiting = 0, seat = -1;
    const char* phase = "";
    dh_game_is_over(&over, g);
    if (over) break;
    dh_game_awaiting_deal(&awaiting, g);
    if (awaiting) {
      if (deals == 0 && !CHECK(dh_bot_choose(&a, bots[0], g, 0, &err) == DH_E_WRONG_PHASE))
        return 0;
      if (!CHECK(dh_game_deal_seed(g, deal_seed + deals++, &err) == DH_OK)) return 0;
      continue;
    }
    if (++actions > kMaxActions) {
      printf("FAIL: %s (%d players): a game did not end within %ld actions\n", c->game, c->players,
             kMaxActions);
      ++g_failed;
      return 0;
    }
    dh_game_to_act(&seat, g);
    if (actions % 11 == 0 &&
        !check_consistent_deal(g, (seat + actions / 11) % c->players, (uint64_t)actions))
      return 0;
    if (!CHECK(dh_bot_choose(&a, bots[seat], g, seat, &err) == DH_OK)) {
      printf("      %s: %s\n", c->game, err.message);
      return 0;
    }
    if (!CHECK(a.seat == seat)) return 0;
    if (is_buy(g, &a)) {
      ++g_buys; /* T6: the seat offered the discard bought it */
    } else if (actions % 7 == 0 && (dh_game_phase(&phase, g), strcmp(phase, "draw") != 0)) {
      /* Another seat, not to act, has nothing to do. */
      const int32_t other = (seat + 1) % c->players;
      if (!CHECK(dh_bot_choose(&a, bots[other], g, other, &err) == DH_E_WRONG_SEAT)) return 0;
      if (!CHECK(dh_bot_choose(&a, bots[seat], g, seat, &err) == DH_OK)) return 0;
    }
    h = fnv(h, &a, sizeof a);
    if (!apply_checked(g, &a, c)) return 0;
  }
  if (!CHECK(dh_bot_choose(&a, bots[0], g, 0, &err) == DH_E_GAME_OVER)) return 0;
  if (!CHECK(dh_game_scores(&n, scores, kMaxSeats, g) == DH_OK)) return 0;
  return fnv(h, scores, n * sizeof scores[0]);
}

/* Plays the config's games with bots seeded from bot_seed; the hash of them all, 0 on failure. */
static uint64_t play_config(const config* c, uint64_t bot_seed) {
  dh_error err = DH_ERROR_INIT;
  dh_game* g = NULL;
  dh_bot* bots[kMaxSeats] = {NULL};
  const char* options[1];
  uint64_t h = 0;
  int i, s;
  options[0] = c->limit;
  if (!CHECK(dh_game_new(&g, c->game, options, 1, c->players, 0, &err) == DH_OK)) return 0;
  for (i = 0; i < kGamesPerConfig && h != 1; ++i) {
    uint64_t game_hash;
    for (s = 0; s < c->players; ++s) {
      dh_bot_free(bots[s]);
      bots[s] = NULL;
      const char* level = level_of(i, s);
      const size_t n_options = strcmp(level, "strong") == 0 || strcmp(level, "expert") == 0;
      if (!CHECK(dh_bot_new(&bots[s], c->game, level, bot_seed + (uint64_t)(10 * i + s),
                            n_options ? k_strong_options : NULL, n_options, &err) == DH_OK)) {
        printf("      %s\n", err.message);
        h = 1;
      }
    }
    if (h == 1) break;
    if (i && !CHECK(dh_game_reset(g, &err) == DH_OK)) break;
    game_hash = play_game(g, bots, c, 1000u * (uint64_t)i);
    if (!game_hash) {
      h = 0;
      break;
    }
    h = fnv(h ^ game_hash, &i, sizeof i);
  }
  for (s = 0; s < kMaxSeats; ++s) dh_bot_free(bots[s]);
  dh_game_free(g);
  return h == 1 ? 0 : h;
}

static void run_config(const config* c) {
  const long buys_before = g_buys;
  const uint64_t first = play_config(c, 7), again = play_config(c, 7), other = play_config(c, 8);
  printf(
      "%s (%d players, %s): %d games between basic, random, strong and expert bots, hash %016llx, "
      "%ld "
      "buys\n",
      c->game, c->players, c->limit, kGamesPerConfig, (unsigned long long)first,
      g_buys - buys_before);
  fflush(stdout);
  CHECK(first != 0);
  CHECK(first == again); /* the same seeds: the same games */
  CHECK(other != first); /* random bots with other seeds play other games */
}

/* Bad input: every refusal names its status, and nothing is created. */
static void check_refusals(void) {
  dh_error err = DH_ERROR_INIT;
  dh_bot* bot = (dh_bot*)&err; /* set to NULL by a refusal */
  dh_game* g = NULL;
  dh_action a;
  const char* good[2] = {"samples=10", "time_ms=0"};
  const char* bad_key[1] = {"depth=3"};
  const char* bad_value[1] = {"samples=0"};
  const char* twice[2] = {"samples=3", "samples=4"};
  const char* not_kv[1] = {"samples"};
  CHECK(dh_bot_new(&bot, "chess", "basic", 0, NULL, 0, &err) == DH_E_UNKNOWN_GAME && !bot);
  CHECK(dh_bot_new(&bot, "sheepshead", "grandmaster", 0, NULL, 0, &err) == DH_E_BAD_OPTION);
  CHECK(strstr(err.message, "grandmaster") != NULL);
  CHECK(dh_bot_new(&bot, "sheepshead", "basic", 0, bad_key, 1, &err) == DH_E_BAD_OPTION);
  CHECK(strstr(err.message, "depth") != NULL);
  CHECK(dh_bot_new(&bot, "sheepshead", "basic", 0, bad_value, 1, &err) == DH_E_BAD_OPTION);
  CHECK(dh_bot_new(&bot, "sheepshead", "basic", 0, twice, 2, &err) == DH_E_BAD_OPTION);
  CHECK(dh_bot_new(&bot, "sheepshead", "basic", 0, not_kv, 1, &err) == DH_E_BAD_OPTION);
  CHECK(dh_bot_new(&bot, "sheepshead", NULL, 0, NULL, 0, &err) == DH_E_NULL_ARGUMENT);
  CHECK(dh_bot_new(&bot, " Sheepshead ", "BASIC", 0, good, 2, &err) == DH_OK && bot);
  CHECK(dh_game_new(&g, "ghost-euchre", NULL, 0, 0, 0, &err) == DH_OK);
  CHECK(dh_game_deal_seed(g, 1, &err) == DH_OK);
  CHECK(dh_bot_choose(&a, bot, g, 0, &err) == DH_E_UNKNOWN_GAME); /* a sheepshead bot */
  dh_bot_free(bot);
  CHECK(dh_bot_new(&bot, "ghost-euchre", "basic", 0, NULL, 0, &err) == DH_OK);
  CHECK(dh_bot_choose(&a, bot, g, 3, &err) == DH_E_INVALID_ARGUMENT);
  CHECK(dh_bot_choose(&a, bot, g, -1, &err) == DH_E_INVALID_ARGUMENT);
  CHECK(dh_bot_choose(NULL, bot, g, 0, &err) == DH_E_NULL_ARGUMENT);
  CHECK(dh_bot_choose(&a, NULL, g, 0, &err) == DH_E_NULL_ARGUMENT);
  CHECK(dh_bot_choose(&a, bot, NULL, 0, &err) == DH_E_NULL_ARGUMENT);
  {
    dh_game* sample = (dh_game*)&err;
    CHECK(dh_game_sample_consistent(&sample, g, 3, 1, &err) == DH_E_INVALID_ARGUMENT && !sample);
    CHECK(dh_game_sample_consistent(&sample, NULL, 0, 1, &err) == DH_E_NULL_ARGUMENT);
    CHECK(dh_game_sample_consistent(NULL, g, 0, 1, &err) == DH_E_NULL_ARGUMENT);
  }
  dh_bot_free(bot);
  dh_bot_free(NULL);
  dh_game_free(g);
}

/* dh_bot_hint_json: the buffer protocol (a NULL buffer gets the size, the same call again the
 * text, the search not repeated: the bot's generator is where one hint left it), the JSON's
 * keys, and the refusals (another seat). */
static void check_hint(void) {
  dh_error err = DH_ERROR_INIT;
  dh_game* g = NULL;
  dh_bot* bot = NULL;
  dh_bot* twin = NULL;
  const char* options[1] = {"samples=3"};
  char buf[8192], other[8192];
  size_t need = 0, again = 0;
  int32_t seat = -1;
  if (!CHECK(dh_game_new(&g, "ghost-euchre", NULL, 0, 0, 0, &err) == DH_OK)) return;
  CHECK(dh_game_deal_seed(g, 8, &err) == DH_OK);
  CHECK(dh_game_to_act(&seat, g) == DH_OK);
  CHECK(dh_bot_new(&bot, "ghost-euchre", "expert", 3, options, 1, &err) == DH_OK);
  CHECK(dh_bot_new(&twin, "ghost-euchre", "expert", 3, options, 1, &err) == DH_OK);
  CHECK(dh_bot_hint_json(&need, NULL, 0, bot, g, seat, &err) == DH_E_BUFFER_TOO_SMALL);
  CHECK(need > 1 && need < sizeof buf);
  CHECK(dh_bot_hint_json(&again, buf, sizeof buf, bot, g, seat, &err) == DH_OK && again == need);
  CHECK(strncmp(buf, "{\"action\": ", 11) == 0);
  CHECK(strstr(buf, "\"alternatives\": [") != NULL && strstr(buf, "\"ci95\": [") != NULL);
  CHECK(strstr(buf, "\"reason\": ") != NULL && strstr(buf, "deals") != NULL);
  /* a twin bot asked once gives the same text: the first bot searched once, not twice */
  CHECK(dh_bot_hint_json(&again, other, sizeof other, twin, g, seat, &err) == DH_OK);
  CHECK(strcmp(buf, other) == 0);
  CHECK(dh_bot_hint_json(&again, buf, sizeof buf, bot, g, (seat + 1) % 3, &err) == DH_E_WRONG_SEAT);
  CHECK(dh_bot_hint_json(NULL, buf, sizeof buf, bot, g, seat, &err) == DH_E_NULL_ARGUMENT);
  dh_bot_free(bot);
  dh_bot_free(twin);
  dh_game_free(g);
}

int main(int argc, char** argv) {
  size_t g;
  check_refusals();
  check_hint();
  for (g = 0; g < catalog_games(); ++g) {
    const dh_game_info info = catalog_game(g);
    config c;
    c.game = info.name;
    snprintf(c.limit, sizeof c.limit, "%s=%d", info.limit_option,
             info.unattended_limit < kMaxLimit ? (int)info.unattended_limit : (int)kMaxLimit);
    for (c.players = info.min_players; c.players <= info.max_players; ++c.players)
      if (c.players <= kMaxSeats && check_selected(c.game, c.players, argc, argv)) run_config(&c);
  }
  return check_summary();
}
