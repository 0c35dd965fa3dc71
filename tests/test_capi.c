/*
 * test_capi.c — the C ABI (deckhand.h) from plain C99, linked to the shared library.
 *
 * Prints each group of checks as it runs, every failure with its line, and ends with
 * "N passed, N failed". Exits non-zero when any check failed.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DH_EXPERIMENTAL /* dh_game_copy, dh_game_deserialize_into */
#include "deckhand.h"

/* The deprecated dh_game_buy_winner is still tested (it works during 0.x), without its warning. */
#if defined(__GNUC__)
#define DH_IGNORE_DEPRECATED_BEGIN \
  _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wdeprecated-declarations\"")
#define DH_IGNORE_DEPRECATED_END _Pragma("GCC diagnostic pop")
#else
#define DH_IGNORE_DEPRECATED_BEGIN
#define DH_IGNORE_DEPRECATED_END
#endif

static int g_passed = 0;
static int g_failed = 0;
static int g_section_failed = 0;
static int g_section_passed = 0;
static const char* g_section = "";

static void section_end(void) {
  if (g_section[0])
    printf("   %d checks, %d failed\n", g_section_passed + g_section_failed, g_section_failed);
}

static void section(const char* name) {
  section_end();
  g_section = name;
  g_section_passed = g_section_failed = 0;
  printf("-- checking %s\n", name);
  fflush(stdout);
}

static int check_(int ok, const char* what, int line) {
  if (ok) {
    ++g_passed;
    ++g_section_passed;
  } else {
    ++g_failed;
    ++g_section_failed;
    printf("FAIL (line %d): %s\n", line, what);
    fflush(stdout);
  }
  return ok;
}
#define CHECK(c) check_((c) ? 1 : 0, #c, __LINE__)
/* A check with a printed context when it fails. */
#define CHECK_MSG(c, ...)  \
  do {                     \
    if (!CHECK(c)) {       \
      printf("      ");    \
      printf(__VA_ARGS__); \
      printf("\n");        \
    }                      \
  } while (0)

/* ---- helpers -------------------------------------------------------------------------- */

static uint64_t g_rng = 0x243F6A8885A308D3ull;
static uint64_t rnd(void) {
  g_rng ^= g_rng << 13;
  g_rng ^= g_rng >> 7;
  g_rng ^= g_rng << 17;
  return g_rng;
}

static void* xmalloc(size_t n) {
  void* p = malloc(n ? n : 1);
  if (!p) {
    printf("out of memory\n");
    exit(2);
  }
  return p;
}

typedef struct bytes_t {
  uint8_t* p;
  size_t n;
} bytes_t;

static bytes_t ser(const dh_game* g) {
  bytes_t b;
  size_t need = 0;
  int rc = dh_game_serialize(&need, NULL, 0, g);
  CHECK(rc == DH_E_BUFFER_TOO_SMALL);
  b.p = (uint8_t*)xmalloc(need);
  b.n = 0;
  rc = dh_game_serialize(&b.n, b.p, need, g);
  CHECK(rc == DH_OK && b.n == need);
  return b;
}

static int starts_with(const char* s, const char* prefix) {
  return strncmp(s, prefix, strlen(prefix)) == 0;
}

static int same_bytes(bytes_t a, bytes_t b) {
  return a.n == b.n && memcmp(a.p, b.p, a.n) == 0;
}

typedef int (*text_fn)(size_t*, char*, size_t, const dh_game*);

/* The whole text of a buffer-writing function, malloc'd. */
static char* get_text(text_fn fn, const dh_game* g) {
  size_t need = 0, len = 0;
  char* buf;
  int rc = fn(&need, NULL, 0, g);
  CHECK(rc == DH_E_BUFFER_TOO_SMALL && need >= 1);
  buf = (char*)xmalloc(need);
  rc = fn(&len, buf, need, g);
  CHECK(rc == DH_OK && len == need && strlen(buf) + 1 == need);
  return buf;
}

static char* view_json(const dh_game* g, int32_t seat) {
  size_t need = 0, len = 0;
  char* buf;
  int rc = dh_game_view_json(&need, NULL, 0, g, seat);
  CHECK(rc == DH_E_BUFFER_TOO_SMALL);
  buf = (char*)xmalloc(need);
  rc = dh_game_view_json(&len, buf, need, g, seat);
  CHECK(rc == DH_OK && len == need);
  return buf;
}

static char* view_text(const dh_game* g, int32_t seat) {
  size_t need = 0, len = 0;
  char* buf;
  int rc = dh_game_view_text(&need, NULL, 0, g, seat);
  CHECK(rc == DH_E_BUFFER_TOO_SMALL);
  buf = (char*)xmalloc(need);
  rc = dh_game_view_text(&len, buf, need, g, seat);
  CHECK(rc == DH_OK && len == need);
  return buf;
}

static char* format_action(const dh_game* g, const dh_action* a) {
  size_t need = 0, len = 0;
  char* buf;
  int rc = dh_game_format_action(&need, NULL, 0, g, a);
  CHECK(rc == DH_E_BUFFER_TOO_SMALL);
  buf = (char*)xmalloc(need);
  rc = dh_game_format_action(&len, buf, need, g, a);
  CHECK(rc == DH_OK && len == need);
  return buf;
}

static char* record_of(const dh_game* g) {
  return get_text(dh_game_record, g);
}

/* The record replays to a game whose serialized bytes are `want`. */
static void check_replays_to(const char* record, bytes_t want) {
  dh_game* r = NULL;
  dh_error err = DH_ERROR_INIT;
  bytes_t got;
  CHECK_MSG(dh_record_replay(&r, record, &err) == DH_OK && r != NULL, "replay: %s (line %d)",
            err.message, (int)err.line);
  if (!r) return;
  got = ser(r);
  CHECK(same_bytes(want, got));
  free(got.p);
  dh_game_free(r);
}

static char* replay_json(const char* record) {
  size_t need = 0, len = 0;
  char* buf;
  int rc = dh_record_replay_json(&need, NULL, 0, record);
  CHECK(rc == DH_E_BUFFER_TOO_SMALL);
  buf = (char*)xmalloc(need);
  rc = dh_record_replay_json(&len, buf, need, record);
  CHECK(rc == DH_OK && len == need);
  return buf;
}

static int32_t to_act(const dh_game* g) {
  int32_t s = -2;
  CHECK(dh_game_to_act(&s, g) == DH_OK);
  return s;
}

static int is_over(const dh_game* g) {
  int32_t f = -1;
  CHECK(dh_game_is_over(&f, g) == DH_OK);
  return f == 1;
}

/* The games come from the catalog, so that a new game is tested with no edit here. */
static size_t catalog_games(void) {
  size_t n = 0;
  if (dh_catalog_game_count(&n) != DH_OK || n == 0) {
    printf("FAIL: the catalog lists no games\n");
    exit(1);
  }
  return n;
}
static dh_game_info catalog_game(size_t index) {
  dh_game_info info = DH_GAME_INFO_INIT;
  if (dh_catalog_game(&info, index) != DH_OK) {
    printf("FAIL: no game %lu in the catalog\n", (unsigned long)index);
    exit(1);
  }
  return info;
}

static int awaiting_deal(const dh_game* g) {
  int32_t f = -1;
  CHECK(dh_game_awaiting_deal(&f, g) == DH_OK);
  return f == 1;
}

static const char* phase(const dh_game* g) {
  const char* p = NULL;
  CHECK(dh_game_phase(&p, g) == DH_OK && p != NULL);
  return p ? p : "";
}

static dh_game* new_game(const char* const* options, size_t n, int32_t dealer) {
  dh_game* g = NULL;
  dh_error err = DH_ERROR_INIT;
  int rc = dh_game_new(&g, "ghost-euchre", options, n, 0, dealer, &err);
  CHECK_MSG(rc == DH_OK && g != NULL, "dh_game_new: %s", err.message);
  if (!g) exit(2);
  return g;
}

static int apply_ok(dh_game* g, int32_t seat, const char* text) {
  dh_error err = DH_ERROR_INIT;
  int rc = dh_game_apply_text(g, seat, text, &err);
  CHECK_MSG(rc == DH_OK, "seat %d '%s': %s", (int)seat, text, err.message);
  return rc == DH_OK;
}

/* A dealer-0 deal where each holder has one suit. */
static const char* const kDeal =
    "0: 9C TC JC QC KC AC; 1: 9D TD JD QD KD AD; 2: 9H TH JH QH KH AH; ghost: 9S TS JS QS KS AS";

/* ---- reading cards out of view JSON ---------------------------------------------------- */

static const char* const kCardNames[24] = {"9C", "TC", "JC", "QC", "KC", "AC", "9D", "TD",
                                           "JD", "QD", "KD", "AD", "9H", "TH", "JH", "QH",
                                           "KH", "AH", "9S", "TS", "JS", "QS", "KS", "AS"};

static int card_in(const char* json, const char* card) {
  char quoted[8];
  sprintf(quoted, "\"%s\"", card);
  return strstr(json, quoted) != NULL;
}

/* The cards of the "hand" (or "dead_hand") array of a view JSON, as a 24-bit mask. */
static uint32_t cards_of(const char* json, const char* key) {
  char pattern[32];
  const char *p, *end;
  uint32_t mask = 0;
  int c;
  sprintf(pattern, "\"%s\": [", key);
  p = strstr(json, pattern);
  if (!p) return 0;
  p += strlen(pattern);
  end = strchr(p, ']');
  if (!end) return 0;
  for (c = 0; c < 24; ++c) {
    char quoted[8];
    const char* hit;
    sprintf(quoted, "\"%s\"", kCardNames[c]);
    hit = strstr(p, quoted);
    if (hit && hit < end) mask |= 1u << c;
  }
  return mask;
}

static int popcount24(uint32_t m) {
  int n = 0;
  while (m) {
    n += (int)(m & 1u);
    m >>= 1;
  }
  return n;
}

/* ---- a simple policy that follows suit ------------------------------------------------------- */

static int suit_of_letter(char c) {
  switch (c) {
    case 'C':
      return 0;
    case 'D':
      return 1;
    case 'H':
      return 2;
    case 'S':
      return 3;
    default:
      return -1;
  }
}

static int rank_of_letter(char c) {
  static const char ranks[] = "789TJQKA";
  const char* p = c ? strchr(ranks, c) : NULL;
  return p ? (int)(p - ranks) : -1;
}

/* G1: the left bower (the jack of trump's colour) belongs to trump. */
static int effective_suit(int code, int trump) {
  const int suit = code / 8, rank = code % 8;
  return (rank == 4 && suit == (trump ^ 3)) ? trump : suit;
}

/* The trump and the effective suit led to the current trick, read from the view of `seat`;
 * *led is -1 when the seat leads. Returns 0 when there is no trump yet. */
static int read_trick(const dh_game* g, int32_t seat, int* trump, int* led) {
  char* v = view_json(g, seat);
  const char *p = strstr(v, "\"trump\": \""), *q = v, *last = NULL;
  int i, leader;
  *trump = *led = -1;
  if (p) *trump = suit_of_letter(p[10]);
  while ((q = strstr(q, "{\"leader\": ")) != NULL) last = q++;
  if (last && *trump >= 0 && (q = strstr(last, "\"cards\": [")) != NULL) {
    leader = last[11] - '0';
    q += 10;
    for (i = 0; i < 3; ++i) {
      while (*q == ' ' || *q == ',') ++q;
      if (*q == '"' && i == leader && rank_of_letter(q[1]) >= 0 && suit_of_letter(q[2]) >= 0)
        *led = effective_suit(suit_of_letter(q[2]) * 8 + rank_of_letter(q[1]), *trump);
      q += 4; /* "XX" or null */
    }
  }
  free(v);
  return *trump >= 0;
}

/* In the play phase, an index among the listed plays that follow suit (when any does), so
 * that renege=penalize games, where every held card is listed, renege only now and then.
 * With renege=reject, checks that every listed play follows suit when one can. */
static size_t follow_suit_choice(const dh_game* g, const dh_action* acts, size_t n, uint64_t r,
                                 int reject) {
  int trump, led, follows = 0;
  size_t k, pick;
  if (n == 0 || acts[0].kind != 4 || !read_trick(g, acts[0].seat, &trump, &led) || led < 0)
    return (size_t)(r % n);
  for (k = 0; k < n; ++k) follows += effective_suit(acts[k].arg, trump) == led;
  if (reject && follows)
    CHECK_MSG(follows == (int)n, "%d of %u listed plays follow suit", follows, (unsigned)n);
  if (follows == 0 || (r >> 20) % 25 == 0) return (size_t)(r % n); /* sometimes a renege */
  pick = (size_t)(r % (uint64_t)follows);
  for (k = 0; k < n; ++k)
    if (effective_suit(acts[k].arg, trump) == led && pick-- == 0) return k;
  return 0;
}

/* A simple deterministic policy (r: a random word), good enough for games to reach their
 * target: mostly pass or bid 3, rarely higher or moon; trump is the longest suit held; plays
 * follow suit. */
static size_t choose_action(const dh_game* g, const dh_action* acts, size_t n, uint64_t r,
                            int reject) {
  size_t k;
  if (n == 0) return 0;
  if (acts[0].kind <= 2) { /* bidding */
    const unsigned roll = (unsigned)((r >> 8) % 100);
    const int want_kind = roll < 15 ? 0 : roll < 60 ? 1 : 2;
    const int want_arg = roll < 90 ? 3 : roll < 96 ? 4 : roll < 99 ? 5 : 6;
    for (k = 0; k < n; ++k)
      if (acts[k].kind == want_kind && (want_kind != 2 || acts[k].arg == want_arg)) return k;
    for (k = 0; k < n; ++k)
      if (acts[k].kind == 1) return k;
    for (k = 0; k < n; ++k)
      if (acts[k].kind == 2) return k;
    return 0;
  }
  if (acts[0].kind == 3) { /* trump */
    char* v = view_json(g, acts[0].seat);
    const uint32_t hand = cards_of(v, "hand");
    int count[4] = {0, 0, 0, 0}, best = 0, c;
    free(v);
    for (c = 0; c < 24; ++c)
      if (hand >> c & 1u) ++count[c / 6];
    for (c = 1; c < 4; ++c)
      if (count[c] > count[best]) best = c;
    if ((r >> 16) % 10 == 0) return (size_t)(r % n);
    for (k = 0; k < n; ++k)
      if (acts[k].arg == best) return k;
    return 0;
  }
  return follow_suit_choice(g, acts, n, r, reject);
}

/* ---- versions and statuses -------------------------------------------------------------- */

static void test_versions(void) {
  char expect[32];
  section("versions: DH_VERSION_* vs dh_version_number() and dh_version()");
  CHECK(DH_VERSION_NUMBER == DH_VERSION_MAJOR * 10000 + DH_VERSION_MINOR * 100 + DH_VERSION_PATCH);
  CHECK(dh_version_number() == DH_VERSION_NUMBER);
  CHECK(dh_version() != NULL);
  sprintf(expect, "%d.%d.%d", DH_VERSION_MAJOR, DH_VERSION_MINOR, DH_VERSION_PATCH);
  CHECK_MSG(strcmp(dh_version(), expect) == 0, "dh_version() = %s, header says %s", dh_version(),
            expect);
  CHECK(strcmp(dh_version(), DH_VERSION_STRING) == 0);
}

/* dh_error can grow (deckhand.h): the library writes only the fields within err->size. */
static void test_error_sizes(void) {
  struct newer {
    dh_error known;
    char later_fields[64];
  } big;
  dh_error e;
  dh_game* g = NULL;
  size_t i;
  int untouched = 1;
  section("dh_error: fields written only within err->size (older and newer callers)");
  /* size 0 (a zeroed dh_error) stands for the first layout with a size: all of it */
  memset(&e, 0xAB, sizeof e);
  e.size = 0;
  CHECK(dh_game_new(&g, "no-such-game", NULL, 0, 0, 0, &e) == DH_E_UNKNOWN_GAME && g == NULL);
  CHECK(e.status == DH_E_UNKNOWN_GAME && strcmp(e.code, "unknown_game") == 0 &&
        strstr(e.message, "no-such-game") != NULL);
  /* an older, smaller dh_error that ended before `code`: its fields only */
  memset(&e, 0xAB, sizeof e);
  e.size = (uint32_t)offsetof(dh_error, code);
  CHECK(dh_game_new(&g, "no-such-game", NULL, 0, 0, 0, &e) == DH_E_UNKNOWN_GAME);
  CHECK(e.status == DH_E_UNKNOWN_GAME && e.reason != 0 && e.line == 0);
  untouched = 1;
  for (i = offsetof(dh_error, code); i < sizeof e; ++i) untouched &= ((uint8_t*)&e)[i] == 0xAB;
  CHECK(untouched);
  /* a newer, larger one: every field this library knows, nothing past them */
  memset(&big, 0xAB, sizeof big);
  big.known.size = (uint32_t)sizeof big;
  CHECK(dh_game_new(&g, "no-such-game", NULL, 0, 0, 0, &big.known) == DH_E_UNKNOWN_GAME);
  CHECK(big.known.status == DH_E_UNKNOWN_GAME && strcmp(big.known.code, "unknown_game") == 0 &&
        strstr(big.known.message, "no-such-game") != NULL);
  untouched = 1;
  for (i = 0; i < sizeof big.later_fields; ++i) untouched &= (uint8_t)big.later_fields[i] == 0xAB;
  CHECK(untouched);
  /* the initializer */
  {
    dh_error init = DH_ERROR_INIT;
    CHECK(init.size == sizeof(dh_error) && init.status == 0 && init.code[0] == '\0');
  }
}

static void test_statuses(void) {
  static const struct {
    int code;
    const char* name;
  } kCodes[] = {
      {DH_OK, "DH_OK"},
      {DH_E_NULL_ARGUMENT, "DH_E_NULL_ARGUMENT"},
      {DH_E_INVALID_ARGUMENT, "DH_E_INVALID_ARGUMENT"},
      {DH_E_BUFFER_TOO_SMALL, "DH_E_BUFFER_TOO_SMALL"},
      {DH_E_UNKNOWN_GAME, "DH_E_UNKNOWN_GAME"},
      {DH_E_BAD_OPTION, "DH_E_BAD_OPTION"},
      {DH_E_PARSE, "DH_E_PARSE"},
      {DH_E_ILLEGAL, "DH_E_ILLEGAL"},
      {DH_E_WRONG_SEAT, "DH_E_WRONG_SEAT"},
      {DH_E_WRONG_PHASE, "DH_E_WRONG_PHASE"},
      {DH_E_GAME_OVER, "DH_E_GAME_OVER"},
      {DH_E_CORRUPT, "DH_E_CORRUPT"},
      {DH_E_RECORD, "DH_E_RECORD"},
      {DH_E_INTERNAL, "DH_E_INTERNAL"},
      {DH_E_UNSUPPORTED, "DH_E_UNSUPPORTED"},
  };
  static const int kUnknown[] = {1, 5, -15, -100, 1000, -2147483647 - 1, 2147483647};
  size_t i, j;
  section("status codes: fixed values, dh_status_name and dh_status_message");
  for (i = 0; i < sizeof kCodes / sizeof kCodes[0]; ++i) {
    CHECK(kCodes[i].code == -(int)i); /* 0, -1, ..., -14: fixed values */
    CHECK_MSG(strcmp(dh_status_name(kCodes[i].code), kCodes[i].name) == 0, "%d -> %s",
              kCodes[i].code, dh_status_name(kCodes[i].code));
    CHECK(dh_status_message(kCodes[i].code) != NULL &&
          dh_status_message(kCodes[i].code)[0] != '\0');
    for (j = 0; j < i; ++j)
      CHECK(strcmp(dh_status_message(kCodes[i].code), dh_status_message(kCodes[j].code)) != 0);
  }
  for (i = 0; i < sizeof kUnknown / sizeof kUnknown[0]; ++i) {
    CHECK(strcmp(dh_status_name(kUnknown[i]), "DH_E_UNKNOWN_STATUS") == 0);
    CHECK(dh_status_message(kUnknown[i]) != NULL && dh_status_message(kUnknown[i])[0] != '\0');
  }
}

/* ---- creating games ----------------------------------------------------------------------- */

static void expect_new_fails(const char* name, const char* const* options, size_t n,
                             int32_t players, int32_t dealer, int status, const char* code) {
  dh_game* g = (dh_game*)&g_rng; /* a non-NULL sentinel that must be replaced by NULL */
  dh_error err = DH_ERROR_INIT;
  int rc;
  memset(&err, 0x5A, sizeof err);
  rc = dh_game_new(&g, name, options, n, players, dealer, &err);
  CHECK_MSG(rc == status, "dh_game_new(%s): %s, expected %s", name ? name : "NULL",
            dh_status_name(rc), dh_status_name(status));
  CHECK(g == NULL);
  CHECK(err.status == status);
  CHECK_MSG(strcmp(err.code, code) == 0, "code %s, expected %s", err.code, code);
  CHECK(err.message[0] != '\0' && memchr(err.message, 0, sizeof err.message) != NULL);
  if (rc == DH_OK) dh_game_free(g);
}

static void test_create(void) {
  static const char* const all[] = {
      "swaps=chain", "all_pass=stick_dealer", "renege=penalize", "declarer_scores=bid",
      "moon_set=6",  "tiebreak=highest",      "target=20"};
  static const char* const bad_value[] = {"renege=sometimes"};
  static const char* const bad_key[] = {"colour=red"};
  static const char* const no_eq[] = {"renege"};
  static const char* const empty_value[] = {"renege="};
  static const char* const repeated[] = {"renege=penalize", "target=20", "renege=reject"};
  static const char* const repeated_case[] = {"renege=penalize", "RENEGE=penalize"};
  static const char* const bad_target[] = {"target=0"};
  dh_game* g = NULL;
  dh_error err = DH_ERROR_INIT;
  const char* name = NULL;
  int32_t players = 0;
  char* rec;
  section("dh_game_new: options, unknown game, bad and repeated options");
  CHECK(dh_game_new(&g, "ghost-euchre", all, 7, 0, 0, &err) == DH_OK && g != NULL);
  CHECK(err.status == DH_OK);
  CHECK(dh_game_name(&name, g) == DH_OK && name && strcmp(name, "ghost-euchre") == 0);
  CHECK(dh_game_players(&players, g) == DH_OK && players == 3);
  CHECK(awaiting_deal(g) && !is_over(g) && to_act(g) == -1);
  CHECK(strcmp(phase(g), "deal") == 0);
  rec = record_of(g);
  CHECK_MSG(strstr(rec, "option renege=penalize\n") && strstr(rec, "option swaps=chain\n") &&
                strstr(rec, "option all_pass=stick_dealer\n") &&
                strstr(rec, "option target=20\n") && strstr(rec, "option tiebreak=highest\n") &&
                strstr(rec, "option moon_set=6\n") && strstr(rec, "option declarer_scores=bid\n"),
            "record: %s", rec);
  free(rec);
  dh_game_free(g);

  /* Defaults, explicit player count, a different first dealer, a case-insensitive name. */
  g = NULL;
  CHECK(dh_game_new(&g, "ghost-euchre", NULL, 0, 3, 2, NULL) == DH_OK && g != NULL);
  CHECK(dh_game_deal_seed(g, 1, NULL) == DH_OK && to_act(g) == 0); /* left of dealer 2 */
  dh_game_free(g);
  g = NULL;
  CHECK(dh_game_new(&g, "Ghost-Euchre", NULL, 0, 0, 0, NULL) == DH_OK && g != NULL);
  dh_game_free(g);

  expect_new_fails("bridge", NULL, 0, 0, 0, DH_E_UNKNOWN_GAME, "unknown_game");
  expect_new_fails("", NULL, 0, 0, 0, DH_E_UNKNOWN_GAME, "unknown_game");
  expect_new_fails("ghost-euchre", bad_value, 1, 0, 0, DH_E_BAD_OPTION, "bad_option");
  expect_new_fails("ghost-euchre", bad_key, 1, 0, 0, DH_E_BAD_OPTION, "bad_option");
  expect_new_fails("ghost-euchre", no_eq, 1, 0, 0, DH_E_BAD_OPTION, "bad_option");
  expect_new_fails("ghost-euchre", empty_value, 1, 0, 0, DH_E_BAD_OPTION, "bad_option");
  expect_new_fails("ghost-euchre", repeated, 3, 0, 0, DH_E_BAD_OPTION, "bad_option");
  expect_new_fails("ghost-euchre", repeated_case, 2, 0, 0, DH_E_BAD_OPTION, "bad_option");
  expect_new_fails("ghost-euchre", bad_target, 1, 0, 0, DH_E_BAD_OPTION, "bad_option");
  expect_new_fails("ghost-euchre", NULL, 0, 4, 0, DH_E_INVALID_ARGUMENT, "bad_player_count");
  expect_new_fails("ghost-euchre", NULL, 0, -1, 0, DH_E_INVALID_ARGUMENT, "bad_player_count");
  expect_new_fails("ghost-euchre", NULL, 0, 0, 3, DH_E_INVALID_ARGUMENT, "bad_seat");
  expect_new_fails("ghost-euchre", NULL, 0, 0, -1, DH_E_INVALID_ARGUMENT, "bad_seat");
}

/* ---- playing whole games ------------------------------------------------------------------ */

static const char* const kOptionSets[][7] = {
    {NULL},
    {"renege=penalize", NULL},
    {"swaps=chain", "all_pass=stick_dealer", NULL},
    {"declarer_scores=bid", "moon_set=6", "tiebreak=highest", "target=20", NULL},
    {"renege=penalize", "swaps=chain", "tiebreak=highest", "target=16", NULL},
};
static const int64_t kTargets[] = {32, 32, 32, 20, 16};

static size_t count_options(const char* const* opts) {
  size_t n = 0;
  while (opts[n]) ++n;
  return n;
}

/* Returns the i-th line of a "a\nb\n" list, copied into out. */
static int nth_line(const char* text, size_t i, char* out, size_t cap) {
  const char* p = text;
  const char* nl;
  size_t len;
  while (i > 0) {
    nl = strchr(p, '\n');
    if (!nl) return 0;
    p = nl + 1;
    --i;
  }
  nl = strchr(p, '\n');
  if (!nl) return 0;
  len = (size_t)(nl - p);
  if (len + 1 > cap) return 0;
  memcpy(out, p, len);
  out[len] = '\0';
  return 1;
}

/* Plays one whole game; returns the number of actions. */
static long play_game(int index, uint64_t seed) {
  const char* const* opts = kOptionSets[index % 5];
  const int64_t target = kTargets[index % 5];
  dh_game* g = new_game(opts, count_options(opts), (int32_t)(index % 3));
  const int penalize = index % 5 == 1 || index % 5 == 4;
  dh_action acts[64];
  size_t n = 0, k;
  int64_t scores[3], deltas[3], sum[3] = {0, 0, 0};
  int32_t winners[3];
  size_t n_scores = 0, n_deltas = 0, n_winners = 0;
  uint64_t deal = seed * 1000u;
  long steps = 0;
  int scored = 0, first_hand = 1;
  char *legal_text, *fmt, *json, *rec;
  char line[64], dl[128];
  dh_error err = DH_ERROR_INIT;
  uint64_t x = seed * 0x9E3779B97F4A7C15ull + 7u;

  while (!is_over(g)) {
    if (++steps > 200000) {
      CHECK_MSG(0, "game %d did not end", index);
      break;
    }
    if (awaiting_deal(g)) {
      CHECK(to_act(g) == -1);
      CHECK(dh_game_legal_actions(&n, NULL, 0, g) == DH_OK && n == 0);
      /* last_deltas are empty before the first scored hand */
      if (first_hand) CHECK(dh_game_last_deltas(&n_deltas, NULL, 0, g) == DH_OK && n_deltas == 0);
      CHECK(dh_game_deal_seed(g, deal++, &err) == DH_OK);
      first_hand = 0;
      continue;
    }
    CHECK(dh_game_legal_actions(&n, acts, 64, g) == DH_OK);
    if (!CHECK(n > 0 && n <= 64)) break;
    legal_text = get_text(dh_game_legal_actions_text, g);
    for (k = 0; k < n; ++k) {
      int rc = (k & 1) ? dh_game_is_legal(g, &acts[k], NULL) : dh_game_is_legal(g, &acts[k], &err);
      CHECK(acts[k].seat == (uint8_t)to_act(g));
      CHECK_MSG(rc == DH_OK, "listed action %u refused: %s", (unsigned)k,
                (k & 1) ? "" : err.message);
      if (!(k & 1)) CHECK(err.status == DH_OK && strcmp(err.code, "ok") == 0);
      /* the text list is the formatted struct list, in order */
      if (steps % 7 == 0) {
        fmt = format_action(g, &acts[k]);
        CHECK(nth_line(legal_text, k, line, sizeof line) && strcmp(line, fmt) == 0);
        CHECK(dh_game_is_legal_text(g, acts[k].seat, fmt, NULL) == DH_OK);
        free(fmt);
      }
    }
    /* a simple deterministic choice (choose_action) */
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    k = choose_action(g, acts, n, x, !penalize);
    {
      const int in_play = strcmp(phase(g), "play") == 0;
      int rc;
      if (steps % 3 == 0) {
        CHECK(nth_line(legal_text, k, line, sizeof line));
        rc = dh_game_apply_text(g, acts[k].seat, line, &err);
      } else if (steps % 3 == 1) {
        fmt = format_action(g, &acts[k]);
        rc = dh_game_apply_text(g, acts[k].seat, fmt, NULL);
        free(fmt);
      } else {
        rc = dh_game_apply(g, &acts[k], (steps & 4) ? &err : NULL);
      }
      CHECK_MSG(rc == DH_OK, "apply refused: %s", dh_status_name(rc));
      if (in_play && strcmp(phase(g), "play") != 0) { /* a hand was scored */
        ++scored;
        CHECK(dh_game_last_deltas(&n_deltas, deltas, 3, g) == DH_OK && n_deltas == 3);
        for (k = 0; k < 3; ++k) sum[k] += deltas[k];
        json = get_text(dh_game_last_hand_json, g);
        sprintf(dl, "\"deltas\": [%lld, %lld, %lld]", (long long)deltas[0], (long long)deltas[1],
                (long long)deltas[2]);
        CHECK_MSG(strstr(json, dl) != NULL, "%s not in %s", dl, json);
        free(json);
      }
    }
    free(legal_text);
  }
  /* The end: over, one winner at or above the target and strictly highest, scores = sum of deltas.
   */
  CHECK(is_over(g));
  CHECK(strcmp(phase(g), "over") == 0);
  CHECK(to_act(g) == -1);
  CHECK(!awaiting_deal(g));
  CHECK(scored > 0);
  CHECK(dh_game_legal_actions(&n, acts, 64, g) == DH_OK && n == 0);
  CHECK(dh_game_scores(&n_scores, scores, 3, g) == DH_OK && n_scores == 3);
  CHECK(dh_game_winners(&n_winners, winners, 3, g) == DH_OK);
  CHECK_MSG(n_winners == 1, "%u winners", (unsigned)n_winners);
  if (n_winners == 1 && winners[0] >= 0 && winners[0] < 3) {
    const int w = winners[0];
    CHECK(scores[w] >= target);
    for (k = 0; k < 3; ++k)
      if ((int)k != w) CHECK(scores[w] > scores[k]);
  }
  for (k = 0; k < 3; ++k) CHECK(scores[k] == sum[k]);
  json = get_text(dh_game_last_hand_json, g);
  CHECK(starts_with(json, "{\"declarer\": "));
  free(json);
  /* after the end: deals and moves are refused with DH_E_GAME_OVER */
  CHECK(dh_game_deal_seed(g, 1, &err) == DH_E_GAME_OVER && strcmp(err.code, "game_over") == 0);
  CHECK(dh_game_apply_text(g, 0, "pass", &err) == DH_E_GAME_OVER);
  CHECK(dh_game_deal_text(g, kDeal, &err) == DH_E_GAME_OVER);
  /* the record replays to the same bytes (a sample of the games, to stay fast) */
  if (index % 4 == 0) {
    bytes_t a = ser(g);
    rec = record_of(g);
    check_replays_to(rec, a);
    json = replay_json(rec);
    CHECK(
        starts_with(json, "{\"ok\": true, \"game\": \"ghost-euchre\", \"hands\": [{\"deltas\": ["));
    CHECK(strstr(json, "\"over\": true") != NULL && strstr(json, "\"to_act\": null}") != NULL);
    free(json);
    free(rec);
    free(a.p);
  }
  dh_game_free(g);
  return steps;
}

static void test_full_games(void) {
  int i;
  long actions = 0;
  section("200 whole games through dh_game_deal_seed / legal_actions / apply / apply_text");
  for (i = 0; i < 200; ++i) actions += play_game(i, (uint64_t)i + 1u);
  printf("   %ld steps in 200 games\n", actions);
}

/* ---- refusals ----------------------------------------------------------------------------- */

static void expect_refused(dh_game* g, int32_t seat, const char* text, int status,
                           const char* code) {
  bytes_t before = ser(g), after;
  dh_error err = DH_ERROR_INIT, err2 = DH_ERROR_INIT;
  dh_action a;
  int rc;
  memset(&err, 0x5A, sizeof err);
  rc = dh_game_apply_text(g, seat, text, &err);
  CHECK_MSG(rc == status, "seat %d '%s': %s, expected %s", (int)seat, text, dh_status_name(rc),
            dh_status_name(status));
  CHECK(err.status == rc);
  CHECK_MSG(strcmp(err.code, code) == 0, "seat %d '%s': code %s, expected %s", (int)seat, text,
            err.code, code);
  CHECK(err.reason != 0);
  CHECK(err.line == 0);
  CHECK(err.message[0] != '\0');
  /* the message starts with the reason name */
  CHECK(strncmp(err.message, code, strlen(code)) == 0);
  after = ser(g);
  CHECK_MSG(same_bytes(before, after), "'%s' changed the game", text);
  free(after.p);
  /* is_legal_text says the same, and changes nothing either */
  rc = dh_game_is_legal_text(g, seat, text, &err2);
  CHECK(rc == status && strcmp(err2.code, code) == 0 && err2.reason == err.reason);
  /* the struct form too, when the text parses */
  if (dh_game_parse_action(&a, g, seat, text, NULL) == DH_OK) {
    CHECK(dh_game_is_legal(g, &a, &err2) == status && strcmp(err2.code, code) == 0);
    CHECK(dh_game_apply(g, &a, &err2) == status && strcmp(err2.code, code) == 0);
    CHECK(dh_game_apply(g, &a, NULL) == status);
  }
  after = ser(g);
  CHECK(same_bytes(before, after));
  free(after.p);
  free(before.p);
  printf("   refused seat %d '%s': %s %s\n", (int)seat, text, dh_status_name(status), code);
}

static void expect_deal_refused(dh_game* g, const char* deal, int status, const char* code) {
  bytes_t before = ser(g), after;
  dh_error err = DH_ERROR_INIT;
  int rc = deal ? dh_game_deal_text(g, deal, &err) : dh_game_deal_seed(g, 99, &err);
  CHECK_MSG(rc == status, "deal '%s': %s", deal ? deal : "seed", dh_status_name(rc));
  CHECK(err.status == status);
  CHECK_MSG(strcmp(err.code, code) == 0, "deal: code %s, expected %s", err.code, code);
  after = ser(g);
  CHECK(same_bytes(before, after));
  free(after.p);
  free(before.p);
}

static void test_refusals(void) {
  static const char* const penalize[] = {"renege=penalize"};
  static const char* const stick[] = {"all_pass=stick_dealer"};
  dh_game* g = new_game(NULL, 0, 0);
  section("refusals: each with its status and reason, the game unchanged");

  /* malformed deals, before any deal */
  expect_deal_refused(g, "garbage", DH_E_PARSE, "malformed_deal");
  expect_deal_refused(g, "", DH_E_PARSE, "malformed_deal");
  expect_deal_refused(g, "0: 9C TC JC QC KC AC; 1: 9D TD JD QD KD AD; 2: 9H TH JH QH KH AH",
                      DH_E_PARSE, "malformed_deal");
  expect_deal_refused(
      g,
      "0: 9C TC JC QC KC AC; 1: 9D TD JD QD KD AD; 2: 9H TH JH QH KH AH; ghost: 9S TS JS QS KS AC",
      DH_E_PARSE, "malformed_deal");
  expect_deal_refused(
      g,
      "0: 9C TC JC QC KC; 1: 9D TD JD QD KD AD; 2: 9H TH JH QH KH AH; ghost: 9S TS JS QS KS AS AC",
      DH_E_PARSE, "malformed_deal");
  expect_deal_refused(
      g,
      "0: 7C TC JC QC KC AC; 1: 9D TD JD QD KD AD; 2: 9H TH JH QH KH AH; ghost: 9S TS JS QS KS AS",
      DH_E_PARSE, "malformed_deal");
  expect_deal_refused(
      g,
      "0: 9C TC JC QC KC AC; 0: 9D TD JD QD KD AD; 2: 9H TH JH QH KH AH; ghost: 9S TS JS QS KS AS",
      DH_E_PARSE, "malformed_deal");
  /* a move before any deal */
  expect_refused(g, 1, "pass", DH_E_WRONG_PHASE, "wrong_phase");

  CHECK(dh_game_deal_text(g, kDeal, NULL) == DH_OK);
  CHECK(to_act(g) == 1 && strcmp(phase(g), "bidding") == 0);
  /* deal while a hand is on */
  expect_deal_refused(g, NULL, DH_E_WRONG_PHASE, "wrong_phase");
  expect_deal_refused(g, kDeal, DH_E_WRONG_PHASE, "wrong_phase");
  /* wrong seat, wrong phase, malformed text, seat out of range */
  expect_refused(g, 2, "pass", DH_E_WRONG_SEAT, "wrong_seat");
  expect_refused(g, 0, "bid 3", DH_E_WRONG_SEAT, "wrong_seat");
  expect_refused(g, 1, "play 9D", DH_E_WRONG_PHASE, "wrong_phase");
  expect_refused(g, 1, "trump H", DH_E_WRONG_PHASE, "wrong_phase");
  expect_refused(g, 1, "dance", DH_E_PARSE, "malformed_action");
  expect_refused(g, 1, "", DH_E_PARSE, "malformed_action");
  expect_refused(g, 1, "bid", DH_E_PARSE, "malformed_action");
  expect_refused(g, 1, "bid three", DH_E_PARSE, "malformed_action");
  expect_refused(g, 1, "pass pass", DH_E_PARSE, "malformed_action");
  expect_refused(g, 1, "bid 6", DH_E_PARSE, "invalid_bid");
  expect_refused(g, 1, "bid 2", DH_E_PARSE, "invalid_bid");
  expect_refused(g, 1, "play XX", DH_E_PARSE, "invalid_card");
  expect_refused(g, 3, "pass", DH_E_INVALID_ARGUMENT, "bad_seat");
  expect_refused(g, -1, "pass", DH_E_INVALID_ARGUMENT, "bad_seat");
  expect_refused(g, 1000000, "pass", DH_E_INVALID_ARGUMENT, "bad_seat");
  /* bids must go up; one swap per deal */
  CHECK(apply_ok(g, 1, "bid 4"));
  expect_refused(g, 2, "bid 3", DH_E_ILLEGAL, "bid_not_higher");
  expect_refused(g, 2, "bid 4", DH_E_ILLEGAL, "bid_not_higher");
  CHECK(apply_ok(g, 2, "SWAP"));
  expect_refused(g, 2, "swap", DH_E_ILLEGAL, "second_swap");
  CHECK(apply_ok(g, 2, "pass"));
  expect_refused(g, 0, "swap", DH_E_ILLEGAL, "second_swap");
  CHECK(apply_ok(g, 0, "pass"));
  CHECK(to_act(g) == 1 && strcmp(phase(g), "trump") == 0);
  expect_refused(g, 1, "pass", DH_E_WRONG_PHASE, "wrong_phase");
  expect_refused(g, 1, "trump X", DH_E_PARSE, "malformed_action");
  CHECK(apply_ok(g, 1, "trump d"));
  /* card not held; must follow suit (seat 2 swapped and now holds the spades) */
  expect_refused(g, 1, "play 9C", DH_E_ILLEGAL, "card_not_held");
  expect_refused(g, 1, "play AS", DH_E_ILLEGAL, "card_not_held");
  CHECK(apply_ok(g, 1, "play AD"));
  expect_refused(g, 1, "play KD", DH_E_WRONG_SEAT, "wrong_seat");
  expect_refused(g, 2, "play 9H", DH_E_ILLEGAL, "card_not_held");
  CHECK(apply_ok(g, 2, "play 9S"));
  expect_deal_refused(g, NULL, DH_E_WRONG_PHASE, "wrong_phase");
  dh_game_free(g);

  /* must_follow_suit with renege=reject: seat 2 holds the left bower JH under diamonds */
  g = new_game(NULL, 0, 0);
  CHECK(dh_game_deal_text(g, kDeal, NULL) == DH_OK);
  CHECK(apply_ok(g, 1, "bid 3") && apply_ok(g, 2, "pass") && apply_ok(g, 0, "pass") &&
        apply_ok(g, 1, "trump D"));
  CHECK(apply_ok(g, 1, "play JD"));
  expect_refused(g, 2, "play 9H", DH_E_ILLEGAL, "must_follow_suit");
  CHECK(apply_ok(g, 2, "play jh"));
  dh_game_free(g);
  /* the same play stands with renege=penalize */
  g = new_game(penalize, 1, 0);
  CHECK(dh_game_deal_text(g, kDeal, NULL) == DH_OK);
  CHECK(apply_ok(g, 1, "bid 3") && apply_ok(g, 2, "pass") && apply_ok(g, 0, "pass") &&
        apply_ok(g, 1, "trump D"));
  CHECK(apply_ok(g, 1, "play JD") && apply_ok(g, 2, "play 9H"));
  dh_game_free(g);
  /* stick the dealer */
  g = new_game(stick, 1, 0);
  CHECK(dh_game_deal_seed(g, 5, NULL) == DH_OK);
  CHECK(apply_ok(g, 1, "pass") && apply_ok(g, 2, "pass"));
  expect_refused(g, 0, "pass", DH_E_ILLEGAL, "dealer_must_bid");
  CHECK(apply_ok(g, 0, "bid 3"));
  dh_game_free(g);
}

/* ---- NULL arguments ---------------------------------------------------------------------------
 */

static void expect_null(int rc, const dh_error* err, const char* what) {
  CHECK_MSG(rc == DH_E_NULL_ARGUMENT, "%s: %s", what, dh_status_name(rc));
  if (err) {
    CHECK_MSG(err->status == DH_E_NULL_ARGUMENT && strcmp(err->code, "null_argument") == 0,
              "%s: err %s", what, err->code);
  }
}

static void test_null_arguments(void) {
  static const char* const opts_with_null[] = {"renege=penalize", NULL};
  dh_game* g = new_game(NULL, 0, 0);
  dh_game* out = (dh_game*)&g_rng;
  dh_error err = DH_ERROR_INIT;
  dh_action a;
  size_t len = 0;
  int32_t i32 = 0;
  int64_t i64[3];
  int32_t seats[3];
  const char* str = "x";
  char buf[64];
  uint8_t bytes[16];
  bytes_t b;
  section("NULL for every pointer parameter: DH_E_NULL_ARGUMENT, no crash");
  memset(&a, 0, sizeof a);
  a.kind = 1;
  a.seat = 1;
  CHECK(dh_game_deal_seed(g, 3, NULL) == DH_OK);
  b = ser(g);

  dh_game_free(NULL);
  expect_null(dh_game_new(NULL, "ghost-euchre", NULL, 0, 0, 0, &err), &err, "new out");
  out = (dh_game*)&g_rng;
  expect_null(dh_game_new(&out, NULL, NULL, 0, 0, 0, &err), &err, "new name");
  CHECK(out == NULL);
  out = (dh_game*)&g_rng;
  expect_null(dh_game_new(&out, "ghost-euchre", NULL, 2, 0, 0, &err), &err, "new options");
  CHECK(out == NULL);
  out = (dh_game*)&g_rng;
  expect_null(dh_game_new(&out, "ghost-euchre", opts_with_null, 2, 0, 0, &err), &err,
              "new option string");
  CHECK(out == NULL);
  expect_null(dh_game_new(&out, NULL, NULL, 0, 0, 0, NULL), NULL, "new name, no err");

  expect_null(dh_game_clone(NULL, g, &err), &err, "clone out");
  out = (dh_game*)&g_rng;
  expect_null(dh_game_clone(&out, NULL, &err), &err, "clone game");
  CHECK(out == NULL);
  expect_null(dh_game_reset(NULL, &err), &err, "reset");
  expect_null(dh_game_reset(NULL, NULL), NULL, "reset no err");
  expect_null(dh_game_name(NULL, g), NULL, "name out");
  str = "x";
  expect_null(dh_game_name(&str, NULL), NULL, "name game");
  CHECK(str == NULL);
  expect_null(dh_game_players(NULL, g), NULL, "players out");
  expect_null(dh_game_players(&i32, NULL), NULL, "players game");
  expect_null(dh_game_deal_seed(NULL, 1, &err), &err, "deal_seed");
  expect_null(dh_game_deal_text(NULL, kDeal, &err), &err, "deal_text game");
  expect_null(dh_game_deal_text(g, NULL, &err), &err, "deal_text cards");
  expect_null(dh_game_apply_text(NULL, 1, "pass", &err), &err, "apply_text game");
  expect_null(dh_game_apply_text(g, 1, NULL, &err), &err, "apply_text action");
  expect_null(dh_game_apply(NULL, &a, &err), &err, "apply game");
  expect_null(dh_game_apply(g, NULL, &err), &err, "apply action");
  expect_null(dh_game_apply(g, NULL, NULL), NULL, "apply action, no err");
  expect_null(dh_game_is_legal(NULL, &a, &err), &err, "is_legal game");
  expect_null(dh_game_is_legal(g, NULL, &err), &err, "is_legal action");
  expect_null(dh_game_is_legal_text(NULL, 1, "pass", &err), &err, "is_legal_text game");
  expect_null(dh_game_is_legal_text(g, 1, NULL, &err), &err, "is_legal_text action");
  expect_null(dh_game_parse_action(NULL, g, 1, "pass", &err), &err, "parse_action out");
  expect_null(dh_game_parse_action(&a, NULL, 1, "pass", &err), &err, "parse_action game");
  expect_null(dh_game_parse_action(&a, g, 1, NULL, &err), &err, "parse_action text");
  expect_null(dh_game_format_action(NULL, buf, sizeof buf, g, &a), NULL, "format_action out_len");
  expect_null(dh_game_format_action(&len, buf, sizeof buf, NULL, &a), NULL, "format_action game");
  expect_null(dh_game_format_action(&len, buf, sizeof buf, g, NULL), NULL, "format_action action");
  expect_null(dh_game_to_act(NULL, g), NULL, "to_act out");
  expect_null(dh_game_to_act(&i32, NULL), NULL, "to_act game");
  expect_null(dh_game_awaiting_deal(NULL, g), NULL, "awaiting_deal out");
  expect_null(dh_game_awaiting_deal(&i32, NULL), NULL, "awaiting_deal game");
  expect_null(dh_game_is_over(NULL, g), NULL, "is_over out");
  expect_null(dh_game_is_over(&i32, NULL), NULL, "is_over game");
  expect_null(dh_game_phase(NULL, g), NULL, "phase out");
  str = "x";
  expect_null(dh_game_phase(&str, NULL), NULL, "phase game");
  CHECK(str == NULL);
  expect_null(dh_game_legal_actions(NULL, &a, 1, g), NULL, "legal_actions out");
  expect_null(dh_game_legal_actions(&len, &a, 1, NULL), NULL, "legal_actions game");
  expect_null(dh_game_legal_actions_text(NULL, buf, sizeof buf, g), NULL, "legal_actions_text out");
  expect_null(dh_game_legal_actions_text(&len, buf, sizeof buf, NULL), NULL,
              "legal_actions_text game");
  expect_null(dh_game_view_text(NULL, buf, sizeof buf, g, 0), NULL, "view_text out");
  expect_null(dh_game_view_text(&len, buf, sizeof buf, NULL, 0), NULL, "view_text game");
  expect_null(dh_game_view_json(NULL, buf, sizeof buf, g, 0), NULL, "view_json out");
  expect_null(dh_game_view_json(&len, buf, sizeof buf, NULL, 0), NULL, "view_json game");
  expect_null(dh_game_scores(NULL, i64, 3, g), NULL, "scores out");
  expect_null(dh_game_scores(&len, i64, 3, NULL), NULL, "scores game");
  expect_null(dh_game_winners(NULL, seats, 3, g), NULL, "winners out");
  expect_null(dh_game_winners(&len, seats, 3, NULL), NULL, "winners game");
  expect_null(dh_game_last_deltas(NULL, i64, 3, g), NULL, "last_deltas out");
  expect_null(dh_game_last_deltas(&len, i64, 3, NULL), NULL, "last_deltas game");
  expect_null(dh_game_last_hand_json(NULL, buf, sizeof buf, g), NULL, "last_hand_json out");
  expect_null(dh_game_last_hand_json(&len, buf, sizeof buf, NULL), NULL, "last_hand_json game");
  expect_null(dh_game_serialize(NULL, bytes, sizeof bytes, g), NULL, "serialize out");
  expect_null(dh_game_serialize(&len, bytes, sizeof bytes, NULL), NULL, "serialize game");
  expect_null(dh_game_deserialize(NULL, b.p, b.n, &err), &err, "deserialize out");
  out = (dh_game*)&g_rng;
  expect_null(dh_game_deserialize(&out, NULL, b.n, &err), &err, "deserialize bytes");
  CHECK(out == NULL);
  expect_null(dh_game_record(NULL, buf, sizeof buf, g), NULL, "record out");
  expect_null(dh_game_record(&len, buf, sizeof buf, NULL), NULL, "record game");
  expect_null(dh_record_replay(NULL, "deckhand 1\ngame ghost-euchre\n", &err), &err, "replay out");
  out = (dh_game*)&g_rng;
  expect_null(dh_record_replay(&out, NULL, &err), &err, "replay record");
  CHECK(out == NULL);
  expect_null(dh_record_replay_json(NULL, buf, sizeof buf, "deckhand 1\n"), NULL,
              "replay_json out");
  expect_null(dh_record_replay_json(&len, buf, sizeof buf, NULL), NULL, "replay_json record");

  /* None of that touched the game. */
  {
    bytes_t after = ser(g);
    CHECK(same_bytes(b, after));
    free(after.p);
  }
  /* err may always be NULL */
  CHECK(dh_game_apply_text(g, 2, "pass", NULL) == DH_E_WRONG_SEAT);
  CHECK(dh_game_is_legal_text(g, 1, "pass", NULL) == DH_OK);
  CHECK(dh_game_parse_action(&a, g, 1, "bid moon", NULL) == DH_OK && a.kind == 2 && a.arg == 6 &&
        a.seat == 1);
  CHECK(dh_game_parse_action(&a, g, 2, "Play js", NULL) == DH_OK && a.kind == 4 &&
        a.arg == 3 * 8 + 4 && a.seat == 2 && a.count == 0);
  CHECK(dh_game_parse_action(&a, g, 0, "trump h", NULL) == DH_OK && a.kind == 3 && a.arg == 2);
  CHECK(dh_game_parse_action(&a, g, 0, "bogus", NULL) == DH_E_PARSE);
  free(b.p);
  dh_game_free(g);
}

/* ---- garbage actions ---------------------------------------------------------------------- */

static void expect_garbage_refused(dh_game* g, const dh_action* a, int status, const char* code) {
  bytes_t before = ser(g), after;
  dh_error err = DH_ERROR_INIT;
  int rc = dh_game_apply(g, a, &err);
  CHECK_MSG(rc == status, "kind %d seat %d arg %d count %d: %s, expected %s", a->kind, a->seat,
            a->arg, a->count, dh_status_name(rc), dh_status_name(status));
  CHECK_MSG(strcmp(err.code, code) == 0, "code %s, expected %s", err.code, code);
  CHECK(dh_game_is_legal(g, a, NULL) == status);
  CHECK(dh_game_apply(g, a, NULL) == status);
  after = ser(g);
  CHECK(same_bytes(before, after));
  free(after.p);
  free(before.p);
}

static int in_list(const dh_action* a, const dh_action* list, size_t n) {
  size_t i;
  for (i = 0; i < n; ++i)
    if (memcmp(&list[i], a, sizeof *a) == 0) return 1; /* every byte: unused ones are zero */
  return 0;
}

/* deckhand.h: unused bytes must be zero, in every game. A legal action with one stray byte
 * anywhere past what its kind uses is refused, and the game is unchanged. */
static void test_unused_bytes(void) {
  size_t gi;
  section("unused dh_action bytes must be zero, in every game");
  for (gi = 0; gi < catalog_games(); ++gi) {
    const dh_game_info info = catalog_game(gi);
    dh_game* g = NULL;
    dh_action list[512];
    size_t n = 0, i, k;
    uint64_t deal = 1;
    int tried = 0;
    CHECK(dh_game_new(&g, info.name, NULL, 0, info.min_players, 0, NULL) == DH_OK);
    for (k = 0; k < 60 && g; ++k) {
      if (awaiting_deal(g)) {
        CHECK(dh_game_deal_seed(g, deal++, NULL) == DH_OK);
        continue;
      }
      if (dh_game_legal_actions(&n, list, 512, g) != DH_OK || n == 0) break;
      for (i = 0; i < n; ++i) {
        dh_action junk = list[i];
        size_t at = 4 + (size_t)junk.count + (size_t)(rnd() % (28 - junk.count));
        ((uint8_t*)&junk)[at] = (uint8_t)(1 + rnd() % 255);
        expect_garbage_refused(g, &junk, DH_E_PARSE, "malformed_action");
        ++tried;
      }
      CHECK(dh_game_apply(g, &list[k % n], NULL) == DH_OK);
    }
    CHECK(tried > 50);
    dh_game_free(g);
  }
  {
    /* sheepshead: "no second card" is count 0, never count 1 with 0xFF in cards[0] */
    dh_game* g = NULL;
    dh_action list[64], twin;
    size_t n = 0, i;
    CHECK(dh_game_new(&g, "sheepshead", NULL, 0, 0, 0, NULL) == DH_OK);
    CHECK(dh_game_deal_seed(g, 3, NULL) == DH_OK);
    CHECK(dh_game_legal_actions(&n, list, 64, g) == DH_OK && n > 0);
    twin = list[n - 1]; /* pass */
    CHECK(twin.count == 0);
    twin.count = 1;
    twin.cards[0] = 0xFF;
    expect_garbage_refused(g, &twin, DH_E_PARSE, "malformed_action");
    /* nor count 0 with a card in cards[0]: every listed action, one card byte set */
    for (i = 0; i < n; ++i) {
      if (list[i].count != 0) continue;
      twin = list[i];
      twin.cards[0] = 5;
      expect_garbage_refused(g, &twin, DH_E_PARSE, "malformed_action");
    }
    dh_game_free(g);
  }
}

/* dh_game_apply recognises an action of the array dh_game_legal_actions filled last by its
 * place and skips the checks (src/common/game_adapter.hpp, find_listed). Whatever is in that
 * array, the answer must be the one the full checks give a copy of the same bytes held
 * elsewhere: entries edited in place (a stray byte, a changed card, another entry's code) and
 * entries of a list made stale by the last action are judged by their bytes. */
static void test_listed_in_place(void) {
  size_t gi;
  section("dh_game_apply on the listed array edited in place = on a copy of the bytes");
  for (gi = 0; gi < catalog_games(); ++gi) {
    const dh_game_info info = catalog_game(gi);
    dh_game *g = NULL, *twin = NULL;
    dh_action list[512], held;
    size_t n = 0, step;
    uint64_t deal = 11;
    int stale = 0, edited = 0, applied = 0;
    CHECK(dh_game_new(&g, info.name, NULL, 0, info.min_players, 0, NULL) == DH_OK);
    CHECK(dh_game_new(&twin, info.name, NULL, 0, info.min_players, 0, NULL) == DH_OK);
    for (step = 0; step < 400 && g && twin; ++step) {
      size_t i, j;
      int how = (int)(rnd() % 4), rc, rc_twin;
      bytes_t a, b;
      if (awaiting_deal(g)) {
        CHECK(dh_game_deal_seed(g, deal++, NULL) == DH_OK);
        continue;
      }
      /* how 3: keep the list of the previous step (stale once an action was applied) */
      if (how != 3 || n == 0) {
        if (dh_game_legal_actions(&n, list, 512, g) != DH_OK || n == 0) break;
      } else {
        ++stale;
      }
      i = (size_t)(rnd() % n);
      j = (size_t)(rnd() % n);
      if (how == 0) { /* a stray byte past what the kind uses */
        ((uint8_t*)&list[i])[4 + (size_t)list[i].count + (size_t)(rnd() % (28 - list[i].count))] ^=
            (uint8_t)(1 + rnd() % 255);
        ++edited;
      } else if (how == 1) { /* another entry's code in this place */
        list[i] = list[j];
        ++edited;
      } else if (how == 2) { /* another card or argument */
        list[i].arg = (uint8_t)(list[i].arg + 1 + rnd() % 3);
        ++edited;
      }
      held = list[i];
      CHECK(dh_game_copy(twin, g, NULL) == DH_OK);
      rc = dh_game_apply(g, &list[i], NULL);
      rc_twin = dh_game_apply(twin, &held, NULL);
      CHECK_MSG(rc == rc_twin, "%s step %zu (edit %d): %s in place, %s for a copy", info.name, step,
                how, dh_status_name(rc), dh_status_name(rc_twin));
      a = ser(g);
      b = ser(twin);
      CHECK(same_bytes(a, b));
      free(a.p);
      free(b.p);
      if (rc == DH_OK) ++applied;
      if (rc != DH_OK || how == 2) {
        /* the edit was refused (or may have been): go on with a legal entry */
        CHECK(dh_game_legal_actions(&n, list, 512, g) == DH_OK);
        if (n > 0 && rc != DH_OK) CHECK(dh_game_apply(g, &list[rnd() % n], NULL) == DH_OK);
        n = 0;
      }
    }
    CHECK(stale > 20 && edited > 100 && applied > 100);
    dh_game_free(twin);
    dh_game_free(g);
  }
}

/* dh_game_apply with a dh_error takes the same fast path as without one (deckhand.h, dh_error):
 * a success writes status, reason and line 0, code "ok" and message "", whatever an earlier
 * refusal left there; a refusal fills every field, as dh_game_is_legal reports the same code,
 * and changes nothing. Listed entries in place, edited entries and stale lists, each game. */
static void set_stale(dh_error* e) {
  e->status = 1;
  e->reason = 99;
  e->line = 7;
  strcpy(e->code, "stale_code");
  strcpy(e->message, "stale_code: a message from an earlier call");
}

static void test_apply_error_object(void) {
  size_t gi, games = 0;
  section("dh_game_apply's dh_error: written on success and on every refusal, never stale");
  CHECK(dh_catalog_game_count(&games) == DH_OK && games >= 3);
  for (gi = 0; gi < games; ++gi) { /* every game of the catalog, at its fewest players */
    dh_game_info info = DH_GAME_INFO_INIT;
    const char* name;
    dh_game *g = NULL, *twin = NULL;
    dh_action list[512], held;
    size_t n = 0, step;
    uint64_t deal = 5;
    int refused = 0, applied = 0;
    CHECK(dh_catalog_game(&info, gi) == DH_OK);
    name = info.name;
    CHECK(dh_game_new(&g, name, NULL, 0, info.min_players, 0, NULL) == DH_OK);
    CHECK(dh_game_new(&twin, name, NULL, 0, info.min_players, 0, NULL) == DH_OK);
    for (step = 0; step < 300 && g && twin; ++step) {
      dh_error err = DH_ERROR_INIT, check_err = DH_ERROR_INIT;
      size_t i;
      int rc, rc_twin, rc_check;
      bytes_t before, after;
      if (awaiting_deal(g)) {
        CHECK(dh_game_deal_seed(g, deal++, NULL) == DH_OK);
        continue;
      }
      if (step % 3 != 2 || n == 0) /* step % 3 == 2: the previous (stale) list */
        if (dh_game_legal_actions(&n, list, 512, g) != DH_OK || n == 0) break;
      i = (size_t)(rnd() % n);
      if (step % 5 == 1) list[i].arg = (uint8_t)(list[i].arg + 1); /* edited in place */
      held = list[i];
      CHECK(dh_game_copy(twin, g, NULL) == DH_OK);
      rc_check = dh_game_is_legal(g, &held, &check_err);
      before = ser(g);
      set_stale(&err);
      rc = dh_game_apply(g, &list[i], &err);
      rc_twin = dh_game_apply(twin, &held, NULL);
      CHECK_MSG(rc == rc_twin && rc == rc_check,
                "%s step %zu: %s with a dh_error, %s without, %s checked", name, step,
                dh_status_name(rc), dh_status_name(rc_twin), dh_status_name(rc_check));
      CHECK(err.size == sizeof err && err.status == rc);
      if (rc == DH_OK) {
        ++applied;
        CHECK(err.reason == 0 && err.line == 0 && strcmp(err.code, "ok") == 0 &&
              err.message[0] == '\0');
      } else {
        ++refused;
        after = ser(g);
        CHECK(same_bytes(before, after)); /* a refusal changes nothing */
        free(after.p);
        CHECK_MSG(err.reason == check_err.reason && strcmp(err.code, check_err.code) == 0 &&
                      err.line == 0 && starts_with(err.message, err.code) &&
                      strlen(err.message) > strlen(err.code) + 2,
                  "%s step %zu: %s / %s, checked %s", name, step, err.code, err.message,
                  check_err.code);
        n = 0; /* a fresh list next */
      }
      free(before.p);
    }
    CHECK(refused > 20 && applied > 100);
    dh_game_free(twin);
    dh_game_free(g);
  }
  {
    /* an older caller's smaller dh_error (ending before `code`): a success writes its fields
     * only, as a refusal does */
    dh_game* g = new_game(NULL, 0, 0);
    dh_action list[64];
    size_t n = 0, i;
    int untouched = 1;
    dh_error e;
    memset(&e, 0xAB, sizeof e);
    e.size = (uint32_t)offsetof(dh_error, code);
    CHECK(dh_game_deal_seed(g, 1, NULL) == DH_OK);
    CHECK(dh_game_legal_actions(&n, list, 64, g) == DH_OK && n > 0);
    CHECK(dh_game_apply(g, &list[0], &e) == DH_OK);
    CHECK(e.status == DH_OK && e.reason == 0 && e.line == 0);
    for (i = offsetof(dh_error, code); i < sizeof e; ++i) untouched &= ((uint8_t*)&e)[i] == 0xAB;
    CHECK(untouched);
    /* a zeroed one (size 0) is the whole first layout */
    memset(&e, 0, sizeof e);
    set_stale(&e);
    e.size = 0;
    CHECK(dh_game_legal_actions(&n, list, 64, g) == DH_OK && n > 0);
    CHECK(dh_game_apply(g, &list[0], &e) == DH_OK);
    CHECK(e.status == DH_OK && e.reason == 0 && strcmp(e.code, "ok") == 0 && e.message[0] == '\0');
    dh_game_free(g);
  }
}

static void test_garbage_actions(void) {
  dh_game* g = new_game(NULL, 0, 0);
  dh_action a, list[64];
  size_t n, i, len;
  int round, accepted = 0;
  char buf[64];
  section("garbage dh_action structs: refused with a status, no crash, game unchanged");

  /* Specific garbage in the bidding phase (seat 1 to act). */
  CHECK(dh_game_deal_text(g, kDeal, NULL) == DH_OK);
  memset(&a, 0, sizeof a);
  a.kind = 200;
  a.seat = 77;
  expect_garbage_refused(g, &a, DH_E_PARSE, "malformed_action");
  a.kind = 200;
  a.seat = 1;
  expect_garbage_refused(g, &a, DH_E_PARSE, "malformed_action");
  a.kind = 5;
  expect_garbage_refused(g, &a, DH_E_PARSE, "malformed_action");
  a.kind = 1; /* pass, but with cards */
  a.count = 3;
  expect_garbage_refused(g, &a, DH_E_PARSE, "malformed_action");
  a.count = 255;
  expect_garbage_refused(g, &a, DH_E_PARSE, "malformed_action");
  a.count = 0;
  a.arg = 5; /* pass and swap take no argument */
  expect_garbage_refused(g, &a, DH_E_PARSE, "malformed_action");
  a.kind = 0;
  expect_garbage_refused(g, &a, DH_E_PARSE, "malformed_action");
  a.kind = 1;
  a.arg = 0;
  a.seat = 77;
  expect_garbage_refused(g, &a, DH_E_INVALID_ARGUMENT, "bad_seat");
  a.seat = 3;
  expect_garbage_refused(g, &a, DH_E_INVALID_ARGUMENT, "bad_seat");
  a.seat = 1;
  a.kind = 2;
  a.arg = 2;
  expect_garbage_refused(g, &a, DH_E_PARSE, "invalid_bid");
  a.arg = 7;
  expect_garbage_refused(g, &a, DH_E_PARSE, "invalid_bid");
  a.arg = 255;
  expect_garbage_refused(g, &a, DH_E_PARSE, "invalid_bid");
  a.kind = 4;
  a.arg = 200;
  expect_garbage_refused(g, &a, DH_E_WRONG_PHASE, "wrong_phase");
  CHECK(apply_ok(g, 1, "bid 3") && apply_ok(g, 2, "pass") && apply_ok(g, 0, "pass"));
  a.kind = 3;
  a.arg = 4;
  expect_garbage_refused(g, &a, DH_E_PARSE, "malformed_action");
  a.arg = 255;
  expect_garbage_refused(g, &a, DH_E_PARSE, "malformed_action");
  CHECK(apply_ok(g, 1, "trump S"));
  a.kind = 4;
  a.arg = 200;
  expect_garbage_refused(g, &a, DH_E_PARSE, "invalid_card");
  a.arg = 255;
  expect_garbage_refused(g, &a, DH_E_PARSE, "invalid_card");
  a.arg = 0; /* 7C: not a Euchre card */
  expect_garbage_refused(g, &a, DH_E_PARSE, "invalid_card");
  a.arg = 1 * 8 + 2; /* 9D, held */
  a.seat = 2;
  expect_garbage_refused(g, &a, DH_E_WRONG_SEAT, "wrong_seat");

  /* format_action of garbage: a status, no crash */
  a.kind = 200;
  CHECK(dh_game_format_action(&len, buf, sizeof buf, g, &a) == DH_E_INVALID_ARGUMENT);
  a.kind = 4;
  a.arg = 255; /* not a card */
  CHECK(dh_game_format_action(&len, buf, sizeof buf, g, &a) == DH_E_INVALID_ARGUMENT);
  a.arg = 0; /* 7C: not a Euchre card */
  CHECK(dh_game_format_action(&len, buf, sizeof buf, g, &a) == DH_E_INVALID_ARGUMENT);
  a.kind = 2; /* bid 0 */
  CHECK(dh_game_format_action(&len, buf, sizeof buf, g, &a) == DH_E_INVALID_ARGUMENT);
  a.kind = 3;
  a.arg = 4; /* no fifth suit */
  CHECK(dh_game_format_action(&len, buf, sizeof buf, g, &a) == DH_E_INVALID_ARGUMENT);
  a.kind = 1;
  a.arg = 9; /* pass with an argument */
  CHECK(dh_game_format_action(&len, buf, sizeof buf, g, &a) == DH_E_INVALID_ARGUMENT);
  a.arg = 0;
  a.seat = 2;
  CHECK(dh_game_format_action(&len, buf, sizeof buf, g, &a) == DH_OK && strcmp(buf, "pass") == 0);
  a.kind = 4;
  a.arg = 3 * 8 + 4;
  CHECK(dh_game_format_action(&len, buf, sizeof buf, g, &a) == DH_OK &&
        strcmp(buf, "play JS") == 0);
  a.kind = 2;
  a.arg = 6;
  CHECK(dh_game_format_action(&len, buf, sizeof buf, g, &a) == DH_OK &&
        strcmp(buf, "bid moon") == 0);

  /* Random bytes in every phase: refused unless they spell a listed legal action. */
  dh_game_free(g);
  g = new_game(NULL, 0, 0);
  for (round = 0; round < 3000; ++round) {
    uint8_t* p = (uint8_t*)&a;
    bytes_t before, after;
    int rc, legal_rc;
    if (round % 50 == 0) {
      /* advance the game a little so that every phase is visited */
      if (awaiting_deal(g))
        CHECK(dh_game_deal_seed(g, (uint64_t)round, NULL) == DH_OK);
      else if (!is_over(g) && dh_game_legal_actions(&n, list, 64, g) == DH_OK && n > 0)
        CHECK(dh_game_apply(g, &list[(size_t)round % n], NULL) == DH_OK);
    }
    for (i = 0; i < sizeof a; ++i) p[i] = (uint8_t)rnd();
    /* mostly small kinds and seats, so that the deeper checks are reached too */
    if (round % 2) {
      a.kind = (uint8_t)(a.kind % 6);
      a.seat = (uint8_t)(a.seat % 4);
      if (round % 4 == 1) a.count = 0;
      if (round % 8 == 1) a.arg = (uint8_t)(a.arg % 34);
    }
    CHECK(dh_game_legal_actions(&n, list, 64, g) == DH_OK);
    before = ser(g);
    legal_rc = dh_game_is_legal(g, &a, NULL);
    CHECK_MSG((legal_rc == DH_OK) == in_list(&a, list, n),
              "phase %s seat %d kind %d arg %d count %d: %s, %u listed", phase(g), a.seat, a.kind,
              a.arg, a.count, dh_status_name(legal_rc), (unsigned)n);
    rc = dh_game_apply(g, &a, NULL);
    CHECK(rc == legal_rc);
    CHECK(rc <= 0 && rc >= DH_E_INTERNAL && rc != DH_E_INTERNAL);
    (void)dh_game_format_action(&len, buf, sizeof buf, g, &a);
    after = ser(g);
    if (rc == DH_OK)
      ++accepted;
    else
      CHECK(same_bytes(before, after));
    free(before.p);
    free(after.p);
  }
  printf("   3000 random actions, %d happened to be legal\n", accepted);
  dh_game_free(g);
}

/* Advances with a deterministic choice; returns 0 when the game is over. */
static int step(dh_game* g, uint64_t* deal, size_t choice) {
  dh_action acts[64];
  size_t n = 0;
  if (is_over(g)) return 0;
  if (awaiting_deal(g)) return dh_game_deal_seed(g, (*deal)++, NULL) == DH_OK;
  if (dh_game_legal_actions(&n, acts, 64, g) != DH_OK || n == 0) return 0;
  choice = choose_action(g, acts, n, (uint64_t)choice * 0x9E3779B97F4A7C15ull, 0);
  return dh_game_apply(g, &acts[choice], NULL) == DH_OK;
}

/* ---- buffers ------------------------------------------------------------------------------ */

/* A text function: NULL/0 and need-1 give BUFFER_TOO_SMALL and the size, untouched buffer;
 * then exactly `need` works. */
static void check_text_buffer(text_fn fn, const dh_game* g, const char* what) {
  size_t need = 0, len = 0, i;
  char* buf;
  int rc = fn(&need, NULL, 0, g), untouched = 1;
  CHECK_MSG(rc == DH_E_BUFFER_TOO_SMALL && need >= 1, "%s: %s", what, dh_status_name(rc));
  buf = (char*)xmalloc(need + 8);
  memset(buf, 0xAB, need + 8);
  len = 0;
  CHECK(fn(&len, buf, 0, g) == DH_E_BUFFER_TOO_SMALL && len == need);
  len = 0;
  rc = fn(&len, buf, need - 1, g);
  CHECK_MSG(rc == DH_E_BUFFER_TOO_SMALL && len == need, "%s: cap need-1 gave %s, len %u", what,
            dh_status_name(rc), (unsigned)len);
  for (i = 0; i < need + 8; ++i) untouched &= (unsigned char)buf[i] == 0xAB;
  CHECK_MSG(untouched, "%s wrote into a too-small buffer", what);
  len = 0;
  CHECK(fn(&len, buf, need, g) == DH_OK && len == need && buf[need - 1] == '\0' &&
        strlen(buf) == need - 1);
  CHECK((unsigned char)buf[need] == 0xAB);
  len = 0;
  CHECK(fn(&len, buf, need + 8, g) == DH_OK && len == need);
  free(buf);
}

static void check_json_buffer(int (*fn)(size_t*, char*, size_t, const dh_game*, int32_t),
                              const dh_game* g, int32_t seat) {
  size_t need = 0, len = 0;
  char* buf;
  CHECK(fn(&need, NULL, 0, g, seat) == DH_E_BUFFER_TOO_SMALL);
  buf = (char*)xmalloc(need);
  memset(buf, 0xAB, need);
  CHECK(fn(&len, buf, need - 1, g, seat) == DH_E_BUFFER_TOO_SMALL && len == need);
  CHECK((unsigned char)buf[0] == 0xAB);
  CHECK(fn(&len, buf, need, g, seat) == DH_OK && len == need && strlen(buf) + 1 == need);
  free(buf);
  CHECK(fn(&len, NULL, 0, g, 3) == DH_E_INVALID_ARGUMENT);
  CHECK(fn(&len, NULL, 0, g, -2) == DH_E_INVALID_ARGUMENT);
}

static void test_buffers(void) {
  dh_game* g = new_game(NULL, 0, 0);
  dh_action acts[64], one;
  int64_t scores[3] = {7, 7, 7};
  int32_t winners[3] = {9, 9, 9};
  size_t n = 0, need = 0, len = 0;
  uint8_t* bytes;
  char rec_buf[8];
  int32_t seat;
  section(
      "buffers: too small gives DH_E_BUFFER_TOO_SMALL and the size needed, then that size works");

  /* before the first deal */
  CHECK(dh_game_legal_actions(&n, NULL, 0, g) == DH_OK && n == 0);
  CHECK(dh_game_last_deltas(&n, NULL, 0, g) == DH_OK && n == 0);
  CHECK(dh_game_winners(&n, NULL, 0, g) == DH_OK && n == 0);
  {
    char* j = get_text(dh_game_last_hand_json, g);
    CHECK(strcmp(j, "null") == 0);
    free(j);
  }
  CHECK(dh_game_deal_seed(g, 8, NULL) == DH_OK);
  check_text_buffer(dh_game_legal_actions_text, g, "legal_actions_text");
  check_text_buffer(dh_game_last_hand_json, g, "last_hand_json");
  check_text_buffer(dh_game_record, g, "record");
  for (seat = -1; seat < 3; ++seat) {
    check_json_buffer(dh_game_view_json, g, seat);
    check_json_buffer(dh_game_view_text, g, seat);
  }
  /* legal actions */
  CHECK(dh_game_legal_actions(&need, NULL, 0, g) == DH_E_BUFFER_TOO_SMALL && need >= 2);
  memset(acts, 0xCD, sizeof acts);
  CHECK(dh_game_legal_actions(&n, acts, need - 1, g) == DH_E_BUFFER_TOO_SMALL && n == need);
  CHECK(acts[0].kind == 0xCD);
  CHECK(dh_game_legal_actions(&n, acts, need, g) == DH_OK && n == need);
  CHECK(dh_game_legal_actions(&n, &one, 1, g) == DH_E_BUFFER_TOO_SMALL && n == need);
  /* format_action */
  {
    char small[4];
    CHECK(dh_game_format_action(&len, NULL, 0, g, &acts[0]) == DH_E_BUFFER_TOO_SMALL && len >= 5);
    need = len;
    memset(small, 0x11, sizeof small);
    CHECK(dh_game_format_action(&len, small, sizeof small, g, &acts[0]) == DH_E_BUFFER_TOO_SMALL &&
          len == need);
    CHECK(small[0] == 0x11);
  }
  /* scores, winners, deltas */
  CHECK(dh_game_scores(&n, scores, 2, g) == DH_E_BUFFER_TOO_SMALL && n == 3);
  CHECK(scores[0] == 7 && scores[1] == 7);
  CHECK(dh_game_scores(&n, NULL, 0, g) == DH_E_BUFFER_TOO_SMALL && n == 3);
  CHECK(dh_game_scores(&n, scores, 3, g) == DH_OK && n == 3 && scores[0] == 0 && scores[1] == 0 &&
        scores[2] == 0);
  /* serialize */
  CHECK(dh_game_serialize(&need, NULL, 0, g) == DH_E_BUFFER_TOO_SMALL && need > 0);
  bytes = (uint8_t*)xmalloc(need);
  memset(bytes, 0xEE, need);
  CHECK(dh_game_serialize(&len, bytes, need - 1, g) == DH_E_BUFFER_TOO_SMALL && len == need);
  CHECK(bytes[0] == 0xEE);
  CHECK(dh_game_serialize(&len, bytes, need, g) == DH_OK && len == need);
  free(bytes);
  /* the replay JSON */
  CHECK(dh_record_replay_json(&need, NULL, 0, "deckhand 1\ngame ghost-euchre\n") ==
        DH_E_BUFFER_TOO_SMALL);
  memset(rec_buf, 0x22, sizeof rec_buf);
  CHECK(dh_record_replay_json(&len, rec_buf, sizeof rec_buf, "deckhand 1\ngame ghost-euchre\n") ==
            DH_E_BUFFER_TOO_SMALL &&
        len == need && rec_buf[0] == 0x22);

  /* a finished game: winners and last deltas */
  dh_game_free(g);
  {
    static const char* const quick[] = {"target=5"};
    uint64_t deal = 1;
    size_t choice = 0;
    g = new_game(quick, 1, 0);
    while (step(g, &deal, choice++) && deal < 1000) {
    }
  }
  CHECK(is_over(g));
  CHECK(dh_game_winners(&n, NULL, 0, g) == DH_E_BUFFER_TOO_SMALL && n == 1);
  CHECK(dh_game_winners(&n, winners, 0, g) == DH_E_BUFFER_TOO_SMALL && n == 1 && winners[0] == 9);
  CHECK(dh_game_winners(&n, winners, 1, g) == DH_OK && n == 1 && winners[0] >= 0 && winners[0] < 3);
  CHECK(dh_game_last_deltas(&n, scores, 2, g) == DH_E_BUFFER_TOO_SMALL && n == 3);
  CHECK(dh_game_last_deltas(&n, scores, 3, g) == DH_OK && n == 3);
  check_text_buffer(dh_game_last_hand_json, g, "last_hand_json (over)");
  check_text_buffer(dh_game_record, g, "record (over)");
  CHECK(dh_game_legal_actions(&n, NULL, 0, g) == DH_OK && n == 0);
  {
    char* t = get_text(dh_game_legal_actions_text, g);
    CHECK(strcmp(t, "") == 0);
    free(t);
  }
  dh_game_free(g);
}

/* ---- serialization, clone, records -------------------------------------------------------- */

static void check_round_trip(const dh_game* g) {
  bytes_t a = ser(g), b;
  dh_game* copy = NULL;
  dh_error err = DH_ERROR_INIT;
  int32_t seat;
  CHECK_MSG(dh_game_deserialize(&copy, a.p, a.n, &err) == DH_OK && copy != NULL, "deserialize: %s",
            err.message);
  if (!copy) {
    free(a.p);
    return;
  }
  b = ser(copy);
  CHECK(same_bytes(a, b));
  for (seat = -1; seat < 3; ++seat) {
    char *v1 = view_json(g, seat), *v2 = view_json(copy, seat);
    char *t1 = view_text(g, seat), *t2 = view_text(copy, seat);
    CHECK(strcmp(v1, v2) == 0);
    CHECK(strcmp(t1, t2) == 0);
    free(v1);
    free(v2);
    free(t1);
    free(t2);
  }
  {
    char *r1 = record_of(g), *r2 = record_of(copy);
    CHECK(strcmp(r1, r2) == 0);
    free(r1);
    free(r2);
  }
  free(a.p);
  free(b.p);
  dh_game_free(copy);
}

static void test_serialize_round_trip(void) {
  static const char* const opts[] = {"renege=penalize", "swaps=chain", "target=12"};
  dh_game* g = new_game(opts, 3, 1);
  uint64_t deal = 5;
  int i = 0;
  section("serialize -> deserialize -> serialize: same bytes, same views, same record");
  check_round_trip(g);
  while (i < 600 && step(g, &deal, (size_t)rnd())) {
    if (i++ % 3 == 0) check_round_trip(g);
  }
  check_round_trip(g);
  printf("   %d states checked\n", i / 3 + 2);
  dh_game_free(g);
}

static void expect_corrupt(const uint8_t* p, size_t n, int* bad) {
  dh_game* out = (dh_game*)&g_rng;
  dh_error err = DH_ERROR_INIT;
  int rc = dh_game_deserialize(&out, p, n, &err);
  if (rc != DH_E_CORRUPT || out != NULL || strcmp(err.code, "corrupt_state") != 0) {
    ++*bad;
    if (rc == DH_OK && out != NULL && out != (dh_game*)&g_rng) dh_game_free(out);
    CHECK(rc == DH_E_CORRUPT);
    CHECK(out == NULL);
  } else {
    CHECK(1);
  }
}

static void test_corrupt_bytes(void) {
  dh_game* g = new_game(NULL, 0, 0);
  bytes_t b;
  uint8_t *copy, *junk;
  size_t i, len;
  int bad = 0, round, m;
  static const uint8_t masks[] = {0xFF, 0x01, 0x80, 0x10};
  uint64_t deal = 100;
  section("dh_game_deserialize of damaged bytes: DH_E_CORRUPT, *out NULL, no crash");
  /* a history with a thrown-in deal, a finished hand and a hand in play */
  CHECK(dh_game_deal_seed(g, 11, NULL) == DH_OK);
  CHECK(apply_ok(g, 1, "pass") && apply_ok(g, 2, "pass") && apply_ok(g, 0, "pass"));
  CHECK(dh_game_deal_text(g, kDeal, NULL) == DH_OK); /* dealer 1 now: seat 2 first */
  CHECK(apply_ok(g, 2, "swap") && apply_ok(g, 2, "bid 3") && apply_ok(g, 0, "pass") &&
        apply_ok(g, 1, "pass"));
  while (!awaiting_deal(g)) CHECK(step(g, &deal, 0));
  CHECK(dh_game_deal_seed(g, 12, NULL) == DH_OK);
  for (i = 0; i < 8; ++i) CHECK(step(g, &deal, i));
  b = ser(g);
  printf("   %u serialized bytes\n", (unsigned)b.n);
  copy = (uint8_t*)xmalloc(b.n + 64);

  /* every byte flipped, with several masks */
  for (i = 0; i < b.n; ++i) {
    for (m = 0; m < 4; ++m) {
      memcpy(copy, b.p, b.n);
      copy[i] ^= masks[m];
      {
        const int was = bad;
        expect_corrupt(copy, b.n, &bad);
        if (bad != was && bad <= 5)
          printf("      accepted: byte %u ^ 0x%02x\n", (unsigned)i, masks[m]);
      }
    }
  }
  CHECK_MSG(bad == 0, "%d single-byte corruptions were not detected", bad);
  bad = 0;
  /* every truncation, and extension */
  for (len = 0; len < b.n; ++len) {
    memcpy(copy, b.p, b.n);
    expect_corrupt(copy, len, &bad);
  }
  memcpy(copy, b.p, b.n);
  memset(copy + b.n, 0, 64);
  expect_corrupt(copy, b.n + 1, &bad);
  expect_corrupt(copy, b.n + 32, &bad);
  memcpy(copy + b.n, copy + b.n - 32, 32); /* a repeated last event */
  expect_corrupt(copy, b.n + 32, &bad);
  CHECK_MSG(bad == 0, "%d truncations or extensions were not detected", bad);
  bad = 0;
  /* random garbage, with and without a valid-looking prefix */
  junk = (uint8_t*)xmalloc(4096);
  for (round = 0; round < 2000; ++round) {
    size_t n = (size_t)(rnd() % 1200);
    for (i = 0; i < n; ++i) junk[i] = (uint8_t)rnd();
    if (round % 2 && n >= 8) memcpy(junk, b.p, n < b.n ? n / 2 : b.n / 2);
    expect_corrupt(junk, n, &bad);
  }
  CHECK_MSG(bad == 0, "%d garbage blobs were accepted", bad);
  /* the original still deserializes */
  {
    dh_game* ok = NULL;
    CHECK(dh_game_deserialize(&ok, b.p, b.n, NULL) == DH_OK && ok != NULL);
    dh_game_free(ok);
  }
  free(junk);
  free(copy);
  free(b.p);
  dh_game_free(g);
}

static void test_clone_and_reset(void) {
  static const char* const opts[] = {"renege=penalize"};
  dh_game *g = new_game(opts, 1, 2), *c = NULL, *fresh = new_game(opts, 1, 2);
  bytes_t before, after, cb, fb;
  dh_error err = DH_ERROR_INIT;
  uint64_t deal = 3;
  int i;
  section("dh_game_clone is independent; dh_game_reset returns to a new game");
  for (i = 0; i < 10; ++i) CHECK(step(g, &deal, (size_t)i));
  before = ser(g);
  CHECK(dh_game_clone(&c, g, &err) == DH_OK && c != NULL);
  cb = ser(c);
  CHECK(same_bytes(before, cb));
  free(cb.p);
  for (i = 0; i < 5; ++i) CHECK(step(c, &deal, (size_t)i + 1));
  after = ser(g);
  CHECK(same_bytes(before, after));
  free(after.p);
  cb = ser(c);
  CHECK(!same_bytes(before, cb));
  free(cb.p);
  /* the original can go first */
  dh_game_free(g);
  CHECK(step(c, &deal, 0));
  /* reset: the same bytes as a new game with the same options and first dealer */
  CHECK(dh_game_reset(c, &err) == DH_OK);
  cb = ser(c);
  fb = ser(fresh);
  CHECK(same_bytes(cb, fb));
  free(cb.p);
  free(fb.p);
  free(before.p);
  dh_game_free(c);
  dh_game_free(fresh);
}

/* Records with NUL bytes (dh_record_replay_json_n) and the tool's quoting (dh_quote): what the
 * bindings' replay programs print, byte for byte the same as `deckhand replay FILE`. */
static char* replay_json_n(const char* record, size_t n) {
  size_t need = 0, len = 0;
  char* buf;
  CHECK(dh_record_replay_json_n(&need, NULL, 0, record, n) == DH_E_BUFFER_TOO_SMALL);
  buf = (char*)xmalloc(need);
  CHECK(dh_record_replay_json_n(&len, buf, need, record, n) == DH_OK && len == need);
  CHECK(strlen(buf) + 1 == need);
  return buf;
}

static int quotes_as(const char* text, size_t n, const char* want) {
  char buf[128];
  size_t need = 0;
  if (dh_quote(&need, NULL, 0, text, n) != DH_E_BUFFER_TOO_SMALL || need != strlen(want) + 1)
    return 0;
  if (dh_quote(&need, buf, sizeof buf, text, n) != DH_OK) return 0;
  return strcmp(buf, want) == 0;
}

static void test_replay_json_n(void) {
  dh_game* g = new_game(NULL, 0, 1);
  uint64_t deal = 5;
  char *rec, *with_nul, *a, *b;
  char long_text[200], want_long[120];
  size_t n, len = 0;
  int i;
  section("dh_record_replay_json_n (records holding NUL) and dh_quote (the tool's quoting)");
  for (i = 0; i < 12; ++i) CHECK(step(g, &deal, (size_t)i * 3u));
  rec = record_of(g);
  n = strlen(rec);
  a = replay_json(rec);
  b = replay_json_n(rec, n);
  CHECK(strcmp(a, b) == 0 && starts_with(a, "{\"ok\": true"));
  free(b);
  /* A NUL after the first line: the tool reads it as part of line 2 and refuses the record;
   * dh_record_replay_json sees only the first line. */
  with_nul = (char*)xmalloc(n + 2);
  memcpy(with_nul, rec, 11); /* "deckhand 1\n" */
  with_nul[11] = '\0';
  memcpy(with_nul + 12, rec + 11, n - 11 + 1);
  b = replay_json_n(with_nul, n + 1);
  CHECK_MSG(starts_with(b, "{\"ok\": false, \"line\": 2, \"code\": \"bad_header\""), "%s", b);
  free(b);
  b = replay_json_n(NULL, 0); /* an empty file */
  free(a);
  a = replay_json("");
  CHECK(strcmp(a, b) == 0);
  free(a);
  free(b);
  CHECK(dh_record_replay_json_n(NULL, NULL, 0, rec, n) == DH_E_NULL_ARGUMENT);
  CHECK(dh_record_replay_json_n(&len, NULL, 0, NULL, 1) == DH_E_NULL_ARGUMENT);

  CHECK(quotes_as("", 0, "''"));
  CHECK(quotes_as(NULL, 0, "''"));
  CHECK(quotes_as("a b.rec", 7, "'a b.rec'"));
  CHECK(quotes_as("it's\\", 5, "'it\\'s\\\\'"));
  CHECK(quotes_as("\n\t\r\x1b\x7f", 5, "'\\n\\t\\r\\x1b\\x7f'"));
  CHECK(quotes_as("a\0b", 3, "'a\\x00b'"));
  CHECK(quotes_as("\xc2\x85", 2, "'\\u0085'"));
  CHECK(quotes_as("\xff\xc3\xa9", 3, "'\\xff\xc3\xa9'"));
  memset(long_text, 'x', sizeof long_text);
  want_long[0] = '\'';
  memset(want_long + 1, 'x', 96);
  memcpy(want_long + 97, "'...", 5);
  CHECK(quotes_as(long_text, sizeof long_text, want_long));
  CHECK(dh_quote(NULL, NULL, 0, "a", 1) == DH_E_NULL_ARGUMENT);
  CHECK(dh_quote(&len, NULL, 0, NULL, 1) == DH_E_NULL_ARGUMENT);
  free(with_nul);
  free(rec);
  dh_game_free(g);
}

static void test_records(void) {
  dh_game *g = new_game(NULL, 0, 1), *r = NULL;
  bytes_t a, b;
  dh_error err = DH_ERROR_INIT;
  char *rec, *json;
  uint64_t deal = 21;
  int i;
  section("dh_game_record -> dh_record_replay: same bytes; refused records report their line");
  for (i = 0; i < 60; ++i) CHECK(step(g, &deal, (size_t)i * 7u));
  rec = record_of(g);
  CHECK(starts_with(rec, "deckhand 1\ngame ghost-euchre\n"));
  CHECK(dh_record_replay(&r, rec, &err) == DH_OK && r != NULL && err.status == DH_OK);
  if (r) {
    a = ser(g);
    b = ser(r);
    CHECK(same_bytes(a, b));
    free(a.p);
    free(b.p);
    dh_game_free(r);
  }
  free(rec);
  dh_game_free(g);

  /* a refused move: its status, reason and line; *out is NULL (a failed call creates nothing) */
  r = (dh_game*)&g_rng;
  CHECK(dh_record_replay(&r, "deckhand 1\ngame ghost-euchre\ndeal seed 1\n2 pass\n1 pass\n",
                         &err) == DH_E_WRONG_SEAT);
  CHECK(err.status == DH_E_WRONG_SEAT && err.line == 4 && strcmp(err.code, "wrong_seat") == 0);
  CHECK(r == NULL);
  /* a refused header: DH_E_RECORD, *out NULL */
  r = (dh_game*)&g_rng;
  CHECK(dh_record_replay(&r, "deckhand 2\ngame ghost-euchre\n", &err) == DH_E_RECORD);
  CHECK(r == NULL && err.line == 1 && strcmp(err.code, "bad_header") == 0);
  r = (dh_game*)&g_rng;
  CHECK(dh_record_replay(&r, "deckhand 1\ngame chess\n", &err) == DH_E_UNKNOWN_GAME);
  CHECK(r == NULL && err.line == 2 && strcmp(err.code, "unknown_game") == 0);
  r = (dh_game*)&g_rng;
  CHECK(dh_record_replay(&r, "deckhand 1\ngame ghost-euchre\noption renege=maybe\n", &err) ==
        DH_E_BAD_OPTION);
  CHECK(r == NULL && err.line == 3 && strcmp(err.code, "bad_option") == 0);
  r = (dh_game*)&g_rng;
  CHECK(dh_record_replay(&r, "deckhand 1\ngame ghost-euchre\ndeal seed x\n", &err) == DH_E_RECORD);
  CHECK(r == NULL && err.line == 3 && strcmp(err.code, "malformed_record") == 0);

  /* the replay JSON */
  json = replay_json("deckhand 1\ngame ghost-euchre\n# c\ndeal seed 1\n2 pass\n");
  CHECK_MSG(
      starts_with(
          json,
          "{\"ok\": false, \"line\": 5, \"code\": \"wrong_seat\", \"message\": \"wrong_seat: "),
      "%s", json);
  free(json);
  json = replay_json("not a record");
  CHECK_MSG(
      starts_with(
          json,
          "{\"ok\": false, \"line\": 1, \"code\": \"bad_header\", \"message\": \"bad_header: "),
      "%s", json);
  free(json);
  json = replay_json("");
  CHECK(strstr(json, "\"ok\": false") != NULL && strstr(json, "\"line\": 1") != NULL);
  free(json);
  json = replay_json("deckhand 1\ngame ghost-euchre\ndeal seed 1\n1 pass\n");
  CHECK_MSG(
      strcmp(json,
             "{\"ok\": true, \"game\": \"ghost-euchre\", \"hands\": [], \"scores\": [0, 0, 0], "
             "\"over\": false, \"winners\": [], \"to_act\": 2}") == 0,
      "%s", json);
  free(json);
}

/* ---- views hide other hands ---------------------------------------------------------------- */

static void check_views_hide(const dh_game* g, const char* when) {
  char* views[4];
  uint32_t hand[3], dead[3], all = 0;
  int k, j, c;
  for (k = 0; k < 3; ++k) {
    views[k] = view_json(g, k);
    hand[k] = cards_of(views[k], "hand");
    dead[k] = cards_of(views[k], "dead_hand");
    CHECK_MSG(popcount24(hand[k]) == 6, "%s: seat %d sees %d cards in hand", when, k,
              popcount24(hand[k]));
    CHECK((hand[k] & all) == 0);
    all |= hand[k];
  }
  views[3] = view_json(g, -1);
  for (k = 0; k < 4; ++k) {
    int seen = 0;
    for (c = 0; c < 24; ++c) seen += card_in(views[k], kCardNames[c]);
    if (k == 3) {
      CHECK_MSG(seen == 0, "%s: the spectator sees %d cards", when, seen);
      continue;
    }
    /* exactly its own hand, plus the dead hand it gave up */
    CHECK_MSG(seen == popcount24(hand[k] | dead[k]), "%s: seat %d sees %d cards", when, k, seen);
    for (j = 0; j < 3; ++j) {
      if (j == k) continue;
      for (c = 0; c < 24; ++c) {
        if ((hand[j] | dead[j]) >> c & 1u) {
          CHECK_MSG(!card_in(views[k], kCardNames[c]), "%s: seat %d's view shows %s of seat %d",
                    when, k, kCardNames[c], j);
        }
      }
    }
  }
  for (k = 0; k < 4; ++k) free(views[k]);
}

static void test_views(void) {
  uint64_t seed;
  section("views: in the bidding phase no seat sees another seat's, the ghost or the dead hand");
  for (seed = 1; seed <= 30; ++seed) {
    static const char* const chain[] = {"swaps=chain"};
    dh_game* g = new_game(seed % 2 ? chain : NULL, seed % 2, (int32_t)(seed % 3));
    int32_t s;
    CHECK(dh_game_deal_seed(g, seed, NULL) == DH_OK);
    check_views_hide(g, "after the deal");
    s = to_act(g);
    CHECK(dh_game_apply_text(g, s, "swap", NULL) == DH_OK);
    check_views_hide(g, "after a swap");
    CHECK(dh_game_apply_text(g, s, "pass", NULL) == DH_OK);
    s = to_act(g);
    if (seed % 2) {
      CHECK(dh_game_apply_text(g, s, "swap", NULL) == DH_OK); /* chain: the next seat swaps too */
      check_views_hide(g, "after a second (chain) swap");
    }
    CHECK(dh_game_apply_text(g, s, "pass", NULL) == DH_OK);
    check_views_hide(g, "later in the bidding");
    dh_game_free(g);
  }
}

/* The self-play fast path: dh_game_legal_count and dh_game_apply_legal agree with
 * dh_game_legal_actions and dh_game_apply, and an index past the list is refused. */
static void test_apply_legal(void) {
  dh_game *by_index = NULL, *by_struct = NULL;
  dh_error err = DH_ERROR_INIT;
  int hands = 0;
  section("dh_game_legal_count and dh_game_apply_legal against the struct path");
  CHECK(dh_game_new(&by_index, "ghost-euchre", NULL, 0, 0, 0, &err) == DH_OK);
  CHECK(dh_game_new(&by_struct, "ghost-euchre", NULL, 0, 0, 0, &err) == DH_OK);
  CHECK(dh_game_legal_count(NULL, by_index) == DH_E_NULL_ARGUMENT);
  CHECK(dh_game_apply_legal(NULL, NULL, 0, &err) == DH_E_NULL_ARGUMENT);
  while (hands < 40) {
    size_t count = 0, n = 0, k;
    dh_action legal[64];
    int32_t waiting = 0;
    dh_game_awaiting_deal(&waiting, by_index);
    if (waiting) {
      CHECK(dh_game_deal_seed(by_index, (uint64_t)hands, &err) == DH_OK);
      CHECK(dh_game_deal_seed(by_struct, (uint64_t)hands, &err) == DH_OK);
      ++hands;
      continue;
    }
    CHECK(dh_game_legal_count(&count, by_index) == DH_OK);
    CHECK(dh_game_legal_actions(&n, legal, 64, by_struct) == DH_OK);
    CHECK(count == n);
    if (n == 0) break; /* the game is over */
    CHECK(dh_game_apply_legal(NULL, by_index, n, &err) == DH_E_INVALID_ARGUMENT);
    CHECK(strcmp(err.code, "bad_action_index") == 0);
    k = (size_t)hands % n;
    CHECK(dh_game_apply_legal(&count, by_index, k, &err) == DH_OK);
    CHECK(dh_game_apply(by_struct, &legal[k], &err) == DH_OK);
    CHECK(dh_game_legal_actions(&n, legal, 64, by_struct) == DH_OK);
    CHECK(count == n);
  }
  {
    size_t a = 0, b = 0;
    char ra[65536], rb[65536];
    CHECK(dh_game_record(&a, ra, sizeof ra, by_index) == DH_OK);
    CHECK(dh_game_record(&b, rb, sizeof rb, by_struct) == DH_OK);
    CHECK(a == b && strcmp(ra, rb) == 0);
  }
  dh_game_free(by_index);
  dh_game_free(by_struct);
}

/* ---- Sheepshead through the C ABI ------------------------------------------------------ */

/* Option sets for the sheepshead games: every game ends after five scored hands (S15). */
static const char* const kSheepOptions[][4] = {
    {"hands=5", NULL, NULL, NULL},
    {"hands=5", "no_pick=doubler", NULL, NULL},
    {"hands=5", "no_pick=forced", "unknown=off", NULL},
    {"hands=5", "double_on_bump=on", "leaster_blind=none", NULL},
};

/* A dealer-0 sheepshead deal, as a record writes it. */
static const char* const kSheepDeal =
    "0: AH TH KH 9H 8D 7D; 1: QC QS JD 9D 7C 7H; 2: AC TC JC AD 8H 9S; 3: QH QD JS KC 9C 8C; "
    "4: AS TS KS JH TD KD; blind: 8S 7S";

/* Plays one whole sheepshead game through the C ABI; returns the number of steps. */
static long play_sheepshead_game(int index, uint64_t seed) {
  const char* const* opts = kSheepOptions[index % 4];
  dh_game *g = NULL, *r = NULL;
  dh_action acts[64], bad;
  size_t n = 0, k, count = 0;
  int64_t scores[5], deltas[5], sum[5] = {0, 0, 0, 0, 0}, top;
  int32_t winners[5], players = 0, seat;
  size_t n_scores = 0, n_deltas = 0, n_winners = 0;
  uint64_t deal = seed * 1000u, x = seed * 0x9E3779B97F4A7C15ull + 11u;
  long steps = 0;
  int scored = 0, in_play, rc, w;
  const char* name = NULL;
  char *json, *rec, *fmt;
  char dl[160];
  dh_error err = DH_ERROR_INIT;
  bytes_t a, b;

  rc = dh_game_new(&g, "sheepshead", opts, count_options(opts), index % 2 ? 5 : 0,
                   (int32_t)(index % 5), &err);
  CHECK_MSG(rc == DH_OK && g != NULL, "dh_game_new(sheepshead): %s", err.message);
  if (!g) return 0;
  CHECK(dh_game_name(&name, g) == DH_OK && name && strcmp(name, "sheepshead") == 0);
  CHECK(dh_game_players(&players, g) == DH_OK && players == 5);

  while (!is_over(g)) {
    if (++steps > 20000) {
      CHECK_MSG(0, "sheepshead game %d did not end", index);
      break;
    }
    if (awaiting_deal(g)) {
      CHECK(to_act(g) == -1);
      CHECK(dh_game_legal_count(&n, g) == DH_OK && n == 0);
      /* now and then the explicit deal (the dealer varies: the text names seats, not turns) */
      if (steps % 5 == 0)
        CHECK_MSG(dh_game_deal_text(g, kSheepDeal, &err) == DH_OK, "%s", err.message);
      else
        CHECK(dh_game_deal_seed(g, deal++, &err) == DH_OK);
      /* a second deal is refused while the hand runs */
      CHECK(dh_game_deal_seed(g, 1, &err) == DH_E_WRONG_PHASE &&
            strcmp(err.code, "wrong_phase") == 0);
      continue;
    }
    seat = to_act(g);
    CHECK(seat >= 0 && seat < 5);
    CHECK(dh_game_legal_actions(&n, acts, 64, g) == DH_OK);
    if (!CHECK(n > 0 && n <= 64)) break;
    for (k = 0; k < n; ++k) {
      CHECK(acts[k].seat == (uint8_t)seat && acts[k].kind <= 5);
      if (steps % 4 == 0) CHECK(dh_game_is_legal(g, &acts[k], NULL) == DH_OK);
    }
    /* a listed action by the next seat is out of turn; a play of a card nobody listed is refused */
    bad = acts[0];
    bad.seat = (uint8_t)((seat + 1) % 5);
    CHECK(dh_game_is_legal(g, &bad, &err) == DH_E_WRONG_SEAT &&
          strcmp(err.code, "wrong_seat") == 0);
    memset(&bad, 0, sizeof bad);
    bad.seat = (uint8_t)seat;
    bad.kind = 5;
    for (bad.arg = 0; bad.arg < 32; ++bad.arg) {
      int listed = 0;
      for (k = 0; k < n; ++k) listed |= acts[k].kind == 5 && acts[k].arg == bad.arg;
      if (!listed) break;
    }
    if (bad.arg < 32) {
      rc = dh_game_is_legal(g, &bad, &err);
      CHECK_MSG(rc == DH_E_ILLEGAL || rc == DH_E_WRONG_PHASE, "%s", dh_status_name(rc));
    }
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    k = (size_t)(x % n);
    in_play = strcmp(phase(g), "play") == 0;
    if (steps % 3 == 0) {
      fmt = format_action(g, &acts[k]);
      rc = dh_game_apply_text(g, seat, fmt, &err);
      free(fmt);
    } else if (steps % 3 == 1) {
      rc = dh_game_apply(g, &acts[k], &err);
    } else {
      count = 99;
      rc = dh_game_apply_legal(&count, g, k, &err);
      if (rc == DH_OK) CHECK(dh_game_legal_count(&n, g) == DH_OK && n == count);
    }
    CHECK_MSG(rc == DH_OK, "apply refused: %s (%s)", dh_status_name(rc), err.message);
    if (rc != DH_OK) break;
    if (in_play && strcmp(phase(g), "play") != 0) { /* a hand was scored */
      ++scored;
      CHECK(dh_game_last_deltas(&n_deltas, deltas, 5, g) == DH_OK && n_deltas == 5);
      top = 0;
      for (k = 0; k < 5; ++k) sum[k] += deltas[k], top += deltas[k];
      CHECK(top == 0); /* zero-sum (S15) */
      json = get_text(dh_game_last_hand_json, g);
      sprintf(dl, "\"deltas\": [%lld, %lld, %lld, %lld, %lld]", (long long)deltas[0],
              (long long)deltas[1], (long long)deltas[2], (long long)deltas[3],
              (long long)deltas[4]);
      CHECK_MSG(strstr(json, dl) != NULL, "%s not in %s", dl, json);
      CHECK(starts_with(json, "{\"contract\": "));
      free(json);
    }
  }
  CHECK(is_over(g));
  CHECK(strcmp(phase(g), "over") == 0);
  CHECK(to_act(g) == -1);
  CHECK(scored == 5);
  CHECK(dh_game_legal_actions(&n, acts, 64, g) == DH_OK && n == 0);
  CHECK(dh_game_scores(&n_scores, scores, 5, g) == DH_OK && n_scores == 5);
  CHECK(dh_game_winners(&n_winners, winners, 5, g) == DH_OK && n_winners >= 1 && n_winners <= 5);
  top = scores[0];
  for (k = 0; k < 5; ++k) {
    CHECK(scores[k] == sum[k]);
    if (scores[k] > top) top = scores[k];
  }
  for (k = 0; k < n_winners && k < 5; ++k) {
    w = winners[k];
    CHECK(w >= 0 && w < 5 && scores[w] == top); /* the highest total wins, ties share (S15) */
  }
  CHECK(dh_game_deal_seed(g, 1, &err) == DH_E_GAME_OVER && strcmp(err.code, "game_over") == 0);
  CHECK(dh_game_apply_text(g, 0, "pass", &err) == DH_E_GAME_OVER);
  /* the record replays to the same bytes; the bytes restore the same game */
  a = ser(g);
  rec = record_of(g);
  CHECK(starts_with(rec, "deckhand 1\ngame sheepshead\n"));
  check_replays_to(rec, a);
  json = replay_json(rec);
  CHECK(starts_with(json, "{\"ok\": true, \"game\": \"sheepshead\", \"hands\": [{\"deltas\": ["));
  CHECK(strstr(json, "\"over\": true") != NULL && strstr(json, "\"to_act\": null}") != NULL);
  free(json);
  CHECK_MSG(dh_game_deserialize(&r, a.p, a.n, &err) == DH_OK && r != NULL, "deserialize: %s",
            err.message);
  if (r) {
    b = ser(r);
    CHECK(same_bytes(a, b));
    free(b.p);
    dh_game_free(r);
  }
  free(rec);
  free(a.p);
  dh_game_free(g);
  return steps;
}

static void test_sheepshead_games(void) {
  int i;
  long steps = 0;
  section(
      "50 whole sheepshead games (hands=5) through deal / legal_actions / apply / apply_text / "
      "apply_legal");
  for (i = 0; i < 50; ++i) steps += play_sheepshead_game(i, (uint64_t)i + 101u);
  printf("   %ld steps in 50 sheepshead games\n", steps);
}

/* ---- Toonerville through the C ABI ------------------------------------------------------ */

/* Prefers going down, then a lay-off, then a swap; in the draw phase mostly draws, now and
 * then takes or buys; otherwise a random discard. */
static size_t toonerville_choice(const dh_action* acts, size_t n, uint64_t r) {
  size_t k, best = n;
  int rank, best_rank = 99;
  for (k = 0; k < n; ++k) {
    switch (acts[k].kind) {
      case 3:
        rank = 0;
        break; /* down */
      case 4:
        rank = 1;
        break; /* layoff */
      case 5:
        rank = 2;
        break; /* swap */
      case 1:
        rank = (r % 5 == 0) ? 9 : 3;
        break; /* draw */
      case 0:
        rank = (r % 5 == 0) ? 4 : 8;
        break; /* take */
      case 2:
        rank = (r % 17 == 0) ? 2 : 10;
        break; /* buy, rarely */
      case 7:
        rank = 3;
        break; /* pass, offered the discard (T6) */
      default:
        rank = 5;
        break; /* discard */
    }
    if (rank < best_rank) best_rank = rank, best = k;
  }
  if (best_rank == 5) { /* a random discard */
    size_t discards = 0, pick;
    for (k = 0; k < n; ++k) discards += acts[k].kind == 6;
    pick = (size_t)((r >> 8) % discards);
    for (k = 0; k < n; ++k)
      if (acts[k].kind == 6 && pick-- == 0) return k;
  }
  return best;
}

static dh_action g_tv_acts[2048];

/* Plays the first `rounds` rounds of a toonerville game of `players` players. */
static void play_toonerville_rounds(int32_t players, int rounds, uint64_t seed) {
  const char* opts[] = {"max_buys=2", "rook_swap=new_meld"};
  dh_game *g = NULL, *r = NULL;
  dh_error err = DH_ERROR_INIT;
  size_t n = 0, k, n_scores = 0, n_deltas = 0;
  int64_t scores[5], deltas[5], sum[5] = {0, 0, 0, 0, 0};
  int32_t p = 0, seat, needs = -1;
  long steps = 0;
  int scored = 0, rc;
  uint64_t x = seed * 0x9E3779B97F4A7C15ull + 7u;
  char* text;
  char* rec;
  bytes_t a;

  rc = dh_game_new(&g, "toonerville", opts, 2, players, (int32_t)(seed % (uint64_t)players), &err);
  CHECK_MSG(rc == DH_OK && g != NULL, "dh_game_new(toonerville, %d): %s", (int)players,
            err.message);
  if (!g) return;
  CHECK(dh_game_players(&p, g) == DH_OK && p == players);
  while (scored < rounds) {
    if (++steps > 200000) {
      CHECK_MSG(0, "toonerville rounds did not end (%d players)", (int)players);
      break;
    }
    if (awaiting_deal(g)) {
      CHECK(dh_game_deal_seed(g, seed * 100u + (uint64_t)scored, &err) == DH_OK);
      continue;
    }
    CHECK(dh_game_needs_reshuffle(&needs, g) == DH_OK && needs == 0); /* seeded rounds */
    seat = to_act(g);
    CHECK(seat >= 0 && seat < players);
    rc = dh_game_legal_actions(&n, g_tv_acts, 2048, g);
    if (!CHECK(rc == DH_OK && n > 0)) break;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    k = toonerville_choice(g_tv_acts, n, x);
    CHECK(g_tv_acts[k].seat == (uint8_t)seat || g_tv_acts[k].kind == 2);
    if (steps % 2 == 0) {
      text = format_action(g, &g_tv_acts[k]);
      rc = dh_game_apply_text(g, g_tv_acts[k].seat, text, &err);
      free(text);
    } else {
      rc = dh_game_apply(g, &g_tv_acts[k], &err);
    }
    CHECK_MSG(rc == DH_OK, "apply refused: %s (%s)", dh_status_name(rc), err.message);
    if (rc != DH_OK) break;
    if (awaiting_deal(g)) { /* a round was scored: penalty points (T12) */
      ++scored;
      CHECK(dh_game_last_deltas(&n_deltas, deltas, 5, g) == DH_OK && n_deltas == (size_t)players);
      for (k = 0; k < (size_t)players; ++k) {
        CHECK(deltas[k] >= 0 && deltas[k] % 5 == 0);
        sum[k] += deltas[k];
      }
    }
  }
  CHECK(dh_game_scores(&n_scores, scores, 5, g) == DH_OK && n_scores == (size_t)players);
  for (k = 0; k < (size_t)players && k < n_scores; ++k) CHECK(scores[k] == sum[k]);
  a = ser(g);
  rec = record_of(g);
  CHECK(starts_with(rec, "deckhand 1\ngame toonerville\nplayers "));
  check_replays_to(rec, a);
  CHECK_MSG(dh_game_deserialize(&r, a.p, a.n, &err) == DH_OK && r != NULL, "deserialize: %s",
            err.message);
  dh_game_free(r);
  free(rec);
  free(a.p);
  dh_game_free(g);
}

/* An explicit round whose stock runs out: the reshuffle must be given (T13). */
static void test_toonerville_reshuffle_and_buys(void) {
  dh_game* g = NULL;
  dh_error err = DH_ERROR_INIT;
  int32_t needs = -1, winner = -2;
  char deal[4096];
  int i;
  /* 3 players dealt explicitly (12 cards each, the upcard, the rest of the stock in canonical
   * order); then draws and discards until the stock is empty. */
  CHECK(dh_game_new(&g, "toonerville", NULL, 0, 3, 0, &err) == DH_OK);
  if (!g) return;
  strcpy(deal,
         "0: 1B 2B 3B 4B 5B 6B 7B 8B 9B 10B 11B 12B; 1: 1G 2G 3G 4G 5G 6G 7G 8G 9G 10G 11G 12G; "
         "2: 1R 2R 3R 4R 5R 6R 7R 8R 9R 10R 11R 12R; upcard: 13B; stock: ...");
  CHECK_MSG(dh_game_deal_text(g, deal, &err) == DH_OK, "%s", err.message);
  /* T6, the deprecated helper: seats 2 and 0 ask to buy while seat 1 is to draw: seat 2 is
   * nearer after seat 1. It keeps working during 0.x (compiled without the warning here). */
  DH_IGNORE_DEPRECATED_BEGIN
  CHECK(dh_game_buy_winner(&winner, g, 0x5u) == DH_OK && winner == 2);
  CHECK(dh_game_buy_winner(&winner, g, 0x2u) == DH_OK && winner == -1); /* seat 1 is to act */
  CHECK(dh_game_buy_winner(NULL, g, 1u) == DH_E_NULL_ARGUMENT);
  /* a bit for a seat a 3-player game does not have is refused, not dropped */
  winner = 99;
  CHECK(dh_game_buy_winner(&winner, g, 0x9u) == DH_E_INVALID_ARGUMENT && winner == 99);
  CHECK(dh_game_buy_winner(&winner, g, 0x80000000u) == DH_E_INVALID_ARGUMENT);
  DH_IGNORE_DEPRECATED_END
  /* The offer in the state: seat 1 draws; seat 2, then seat 0, is to act with buy and pass. */
  {
    size_t n = 0;
    CHECK(apply_ok(g, 1, "draw"));
    CHECK(to_act(g) == 2);
    CHECK(dh_game_legal_actions(&n, g_tv_acts, 2048, g) == DH_OK && n == 2);
    CHECK(g_tv_acts[0].kind == 2 && g_tv_acts[0].seat == 2);
    CHECK(g_tv_acts[1].kind == 7 && g_tv_acts[1].seat == 2);
    DH_IGNORE_DEPRECATED_BEGIN
    CHECK(dh_game_buy_winner(&winner, g, 0x5u) == DH_OK && winner == 2);
    CHECK(dh_game_buy_winner(&winner, g, 0x1u) == DH_OK && winner == -1); /* not offered yet */
    DH_IGNORE_DEPRECATED_END
    CHECK(dh_game_apply_text(g, 0, "buy", &err) == DH_E_WRONG_SEAT);
    CHECK(apply_ok(g, 2, "pass"));
    CHECK(to_act(g) == 0);
    CHECK(apply_ok(g, 0, "pass"));
    CHECK(to_act(g) == 1); /* seat 1 drew: its turn goes on */
    CHECK(dh_game_legal_actions(&n, g_tv_acts, 2048, g) == DH_OK);
    CHECK(n > 0 && g_tv_acts[n - 1].kind == 6);
    CHECK(dh_game_apply(g, &g_tv_acts[n - 1], &err) == DH_OK);
  }
  CHECK(dh_game_needs_reshuffle(NULL, g) == DH_E_NULL_ARGUMENT);
  CHECK(dh_game_needs_reshuffle(&needs, NULL) == DH_E_NULL_ARGUMENT);
  CHECK(dh_game_reshuffle_seed(NULL, 1u, &err) == DH_E_NULL_ARGUMENT);
  CHECK(dh_game_reshuffle_text(g, NULL, &err) == DH_E_NULL_ARGUMENT);
  /* the stock is not empty: no reshuffle yet */
  CHECK(dh_game_reshuffle_seed(g, 5u, &err) == DH_E_WRONG_PHASE &&
        strcmp(err.code, "wrong_phase") == 0);
  /* draw and discard the drawn card until the stock is empty (171 - 37 - 1 = 133 cards) */
  for (i = 0; i < 133; ++i) {
    size_t n = 0, k;
    int32_t seat = to_act(g);
    char* text;
    CHECK(apply_ok(g, seat, "draw"));
    while (to_act(g) != seat) CHECK(apply_ok(g, to_act(g), "pass")); /* nobody buys (T6) */
    CHECK(dh_game_legal_actions(&n, g_tv_acts, 2048, g) == DH_OK);
    for (k = 0; k < n && g_tv_acts[k].kind != 6; ++k) {
    }
    if (!CHECK(k < n)) break;
    text = format_action(g, &g_tv_acts[n - 1]);
    CHECK(dh_game_apply_text(g, seat, text, &err) == DH_OK);
    free(text);
  }
  CHECK(dh_game_needs_reshuffle(&needs, g) == DH_OK && needs == 1);
  CHECK(dh_game_apply_text(g, to_act(g), "draw", &err) == DH_E_ILLEGAL &&
        strcmp(err.code, "reshuffle_needed") == 0);
  CHECK(dh_game_reshuffle_text(g, "stock: 1B", &err) == DH_E_PARSE &&
        strcmp(err.code, "malformed_deal") == 0);
  CHECK_MSG(dh_game_reshuffle_seed(g, 77u, &err) == DH_OK, "%s", err.message);
  CHECK(dh_game_needs_reshuffle(&needs, g) == DH_OK && needs == 0);
  CHECK(apply_ok(g, to_act(g), "draw"));
  dh_game_free(g);
  /* other games refuse reshuffles */
  g = new_game(NULL, 0, 0);
  CHECK(dh_game_reshuffle_seed(g, 1u, &err) == DH_E_WRONG_PHASE);
  DH_IGNORE_DEPRECATED_BEGIN
  CHECK(dh_game_buy_winner(&winner, g, 7u) == DH_OK && winner == -1);
  DH_IGNORE_DEPRECATED_END
  dh_game_free(g);
}

static void test_toonerville(void) {
  dh_game* g = NULL;
  dh_error err = DH_ERROR_INIT;
  section("toonerville: 3, 4 and 5 players, rounds through the C ABI, reshuffles, buys");
  CHECK(dh_game_new(&g, "toonerville", NULL, 0, 0, 0, &err) == DH_E_INVALID_ARGUMENT &&
        strcmp(err.code, "bad_player_count") == 0 && g == NULL);
  CHECK(dh_game_new(&g, "toonerville", NULL, 0, 6, 0, &err) == DH_E_INVALID_ARGUMENT && g == NULL);
  play_toonerville_rounds(3, 3, 1u);
  play_toonerville_rounds(4, 3, 2u);
  play_toonerville_rounds(5, 3, 3u);
  test_toonerville_reshuffle_and_buys();
}

/* ---- history=off, dh_game_copy, dh_game_deserialize_into ------------------------------ */

/* One move of any game: a seeded deal when one is due, else the legal action `pick` picks
 * (modulo the count). False when the game is over. */
static int step_any(dh_game* g, uint64_t* deal, size_t pick) {
  int32_t over = 0, awaiting = 0;
  size_t n = 0;
  dh_game_is_over(&over, g);
  if (over) return 0;
  dh_game_awaiting_deal(&awaiting, g);
  if (awaiting) return dh_game_deal_seed(g, (*deal)++, NULL) == DH_OK;
  if (dh_game_legal_count(&n, g) != DH_OK || n == 0) return 0;
  return dh_game_apply_legal(NULL, g, pick % n, NULL) == DH_OK;
}

static dh_game* new_named(const char* name, const char* const* opts, size_t n, int32_t players) {
  dh_game* g = NULL;
  dh_error err = DH_ERROR_INIT;
  int rc = dh_game_new(&g, name, opts, n, players, 0, &err);
  CHECK_MSG(rc == DH_OK && g != NULL, "%s: %s", name, err.message);
  return g;
}

static int same_views(const dh_game* a, const dh_game* b) {
  int32_t players = 0, seat;
  int same = 1;
  dh_game_players(&players, a);
  for (seat = -1; seat < players; ++seat) {
    char *v1 = view_json(a, seat), *v2 = view_json(b, seat);
    same = same && strcmp(v1, v2) == 0;
    free(v1);
    free(v2);
  }
  return same;
}

static void test_history_off(void) {
  size_t gi;
  section("history=off: the same play, no record, serialized state alone, copies and restores");
  {
    static const char* const bad[] = {"history=maybe"};
    static const char* const twice[] = {"history=on", "HISTORY=off"};
    static const char* const cased[] = {" History = OFF "};
    dh_game* g = NULL;
    dh_error err = DH_ERROR_INIT;
    int32_t flag = -1;
    CHECK(dh_game_new(&g, "sheepshead", bad, 1, 0, 0, &err) == DH_E_BAD_OPTION && g == NULL);
    CHECK(strcmp(err.code, "bad_option") == 0 && strstr(err.message, "history") != NULL &&
          strstr(err.message, "maybe") != NULL);
    CHECK(dh_game_new(&g, "sheepshead", twice, 2, 0, 0, &err) == DH_E_BAD_OPTION && g == NULL);
    CHECK(dh_game_new(&g, "sheepshead", cased, 1, 0, 0, &err) == DH_OK && g != NULL);
    CHECK(dh_game_keeps_history(&flag, g) == DH_OK && flag == 0);
    dh_game_free(g);
    g = new_named("toonerville", NULL, 0, 3);
    CHECK(dh_game_keeps_history(&flag, g) == DH_OK && flag == 1);
    CHECK(dh_game_keeps_history(NULL, g) == DH_E_NULL_ARGUMENT);
    dh_game_free(g);
  }
  for (gi = 0; gi < catalog_games(); ++gi) {
    static const char* const off[] = {"history=off"};
    const dh_game_info info = catalog_game(gi);
    const dh_game_info another = catalog_game((gi + 1) % catalog_games());
    /* a game of several player counts at one above its least, to use the range */
    const int32_t players = info.min_players + (info.max_players > info.min_players);
    dh_game* on_game = new_named(info.name, NULL, 0, players);
    dh_game* off_game = new_named(info.name, off, 1, players);
    dh_game* copy = new_named(info.name, off, 1, players);
    dh_game* restored = new_named(info.name, off, 1, players);
    dh_game* other = new_named(another.name, NULL, 0, another.min_players);
    uint64_t deal_on = 11, deal_off = 11;
    size_t first_size = 0, need = 0;
    int i, moves = 0, agree = 1, restores_ok = 1;
    bytes_t b = ser(off_game);
    first_size = b.n;
    free(b.p);
    for (i = 0; i < 3000; ++i) {
      const size_t pick = (size_t)rnd();
      const int a = step_any(on_game, &deal_on, pick), c = step_any(off_game, &deal_off, pick);
      CHECK(a == c);
      if (!a) break;
      ++moves;
      if (i % 97 == 0) {
        bytes_t x = ser(off_game), y, z;
        dh_error err = DH_ERROR_INIT;
        agree = agree && x.n == first_size && same_views(on_game, off_game);
        /* copy into an existing handle, and restore into one: the same game */
        CHECK(dh_game_copy(copy, off_game, &err) == DH_OK);
        y = ser(copy);
        CHECK(dh_game_deserialize_into(restored, x.p, x.n, &err) == DH_OK);
        z = ser(restored);
        restores_ok =
            restores_ok && same_bytes(x, y) && same_bytes(x, z) && same_views(off_game, restored);
        /* a damaged byte, or another game's bytes: refused, the handle unchanged */
        x.p[x.n / 2] ^= 0x40;
        CHECK(dh_game_deserialize_into(restored, x.p, x.n, &err) == DH_E_CORRUPT);
        free(z.p);
        z = ser(restored);
        CHECK(same_bytes(y, z));
        free(x.p);
        x = ser(other);
        CHECK(dh_game_deserialize_into(restored, x.p, x.n, &err) == DH_E_CORRUPT);
        CHECK(strcmp(err.code, "corrupt_state") == 0);
        free(x.p);
        free(y.p);
        free(z.p);
      }
    }
    CHECK_MSG(agree, "%s: history=off plays, views and serializes (%zu bytes) like history=on",
              info.name, first_size);
    CHECK_MSG(restores_ok, "%s: dh_game_copy and dh_game_deserialize_into reproduce the game",
              info.name);
    CHECK(moves > 100);
    /* the record needs the history */
    CHECK(dh_game_record(&need, NULL, 0, off_game) == DH_E_UNSUPPORTED);
    CHECK(strcmp(dh_status_name(DH_E_UNSUPPORTED), "DH_E_UNSUPPORTED") == 0);
    /* serialized with history the game is far larger; the state alone restores */
    {
      bytes_t with = ser(on_game), without = ser(off_game);
      dh_game* back = NULL;
      dh_error err = DH_ERROR_INIT;
      int32_t flag = 1;
      CHECK(with.n > without.n);
      CHECK(dh_game_deserialize(&back, without.p, without.n, &err) == DH_OK && back != NULL);
      CHECK(dh_game_keeps_history(&flag, back) == DH_OK && flag == 0);
      CHECK(same_views(back, on_game));
      /* restoring bytes with history into a history=off handle gives a game with history */
      CHECK(dh_game_deserialize_into(back, with.p, with.n, &err) == DH_OK);
      CHECK(dh_game_keeps_history(&flag, back) == DH_OK && flag == 1);
      free(without.p);
      without = ser(back);
      CHECK(same_bytes(with, without));
      dh_game_free(back);
      free(with.p);
      free(without.p);
    }
    /* dh_game_copy across games makes dst the other game */
    {
      const char* name = NULL;
      dh_error err = DH_ERROR_INIT;
      bytes_t x = ser(other), y;
      CHECK(dh_game_copy(copy, other, &err) == DH_OK);
      CHECK(dh_game_name(&name, copy) == DH_OK && strcmp(name, another.name) == 0);
      y = ser(copy);
      CHECK(same_bytes(x, y));
      free(x.p);
      free(y.p);
      CHECK(dh_game_copy(NULL, other, &err) == DH_E_NULL_ARGUMENT);
      CHECK(dh_game_copy(copy, NULL, &err) == DH_E_NULL_ARGUMENT);
      CHECK(dh_game_deserialize_into(copy, NULL, 0, &err) == DH_E_NULL_ARGUMENT);
    }
    dh_game_free(on_game);
    dh_game_free(off_game);
    dh_game_free(copy);
    dh_game_free(restored);
    dh_game_free(other);
  }
  /* a record may ask for history=off: it replays all the same */
  {
    dh_game* g = NULL;
    dh_error err = DH_ERROR_INIT;
    int32_t flag = 1;
    const char* rec = "deckhand 1\ngame ghost-euchre\noption history=off\ndeal seed 4\n1 pass\n";
    CHECK_MSG(dh_record_replay(&g, rec, &err) == DH_OK && g != NULL, "%s", err.message);
    CHECK(dh_game_keeps_history(&flag, g) == DH_OK && flag == 0);
    dh_game_free(g);
  }
}

/* Discovery: the catalog through the C ABI. */
static void test_catalog(void) {
  size_t games = 0, g, i, index = 99, len = 0;
  char* json;
  section("discovery: dh_catalog_* lists games, options, phases and action kinds");
  CHECK(dh_catalog_game_count(&games) == DH_OK && games >= 1);
  CHECK(dh_catalog_game_count(NULL) == DH_E_NULL_ARGUMENT);
  for (g = 0; g < games; ++g) {
    dh_game_info info = DH_GAME_INFO_INIT;
    dh_game* game = NULL;
    int32_t seen_history = 0;
    CHECK(dh_catalog_game(&info, g) == DH_OK && info.name != NULL && info.description != NULL);
    CHECK(info.size == sizeof info);
    CHECK(dh_catalog_find_game(&index, info.name) == DH_OK && index == g);
    CHECK(info.min_players >= 1 && info.min_players <= info.max_players);
    /* the play limit is one of the game's options, and its unattended value is accepted */
    CHECK(info.limit_option != NULL && info.unattended_limit >= 1);
    CHECK(info.lower_is_better == 0 || info.lower_is_better == 1);
    {
      char limit[96];
      const char* opts[1];
      int32_t named = 0;
      for (i = 0; i < (size_t)info.option_count; ++i) {
        dh_option_info o = DH_OPTION_INFO_INIT;
        named |= dh_catalog_option(&o, g, i) == DH_OK && strcmp(o.name, info.limit_option) == 0;
      }
      CHECK_MSG(named, "%s: limit_option %s is one of its options", info.name, info.limit_option);
      snprintf(limit, sizeof limit, "%s=%d", info.limit_option, (int)info.unattended_limit);
      opts[0] = limit;
      CHECK_MSG(dh_game_new(&game, info.name, opts, 1, info.min_players, 0, NULL) == DH_OK,
                "%s: %s", info.name, limit);
      dh_game_free(game);
      game = NULL;
    }
    /* every option's default is accepted by dh_game_new */
    for (i = 0; i < (size_t)info.option_count; ++i) {
      dh_option_info o = DH_OPTION_INFO_INIT;
      char option[96];
      const char* opts[1];
      CHECK(dh_catalog_option(&o, g, i) == DH_OK && o.name && o.values && o.default_value &&
            o.rule && o.description);
      snprintf(option, sizeof option, "%s=%s", o.name, o.default_value);
      opts[0] = option;
      CHECK_MSG(dh_game_new(&game, info.name, opts, 1, info.min_players, 0, NULL) == DH_OK,
                "%s: %s", info.name, option);
      dh_game_free(game);
      game = NULL;
      seen_history |= strcmp(o.name, "history") == 0;
    }
    CHECK(seen_history);
    {
      dh_option_info o = DH_OPTION_INFO_INIT;
      CHECK(dh_catalog_option(&o, g, (size_t)info.option_count) == DH_E_INVALID_ARGUMENT);
    }
    /* the phase of a new game is the catalog's first */
    {
      const char *first = NULL, *now = NULL;
      CHECK(dh_catalog_phase(&first, g, 0) == DH_OK && first != NULL);
      CHECK(dh_game_new(&game, info.name, NULL, 0, info.min_players, 0, NULL) == DH_OK);
      CHECK(dh_game_phase(&now, game) == DH_OK && strcmp(now, first) == 0);
      dh_game_free(game);
      CHECK(dh_catalog_phase(&first, g, (size_t)info.phase_count) == DH_E_INVALID_ARGUMENT &&
            first == NULL);
    }
    for (i = 0; i < (size_t)info.action_kind_count; ++i) {
      dh_action_kind_info k = DH_ACTION_KIND_INFO_INIT;
      CHECK(dh_catalog_action_kind(&k, g, i) == DH_OK && k.kind == (int32_t)i && k.name &&
            starts_with(k.syntax, k.name));
    }
  }
  /* matching rules, unknown names, out of range, NULLs */
  CHECK(dh_catalog_find_game(&index, " SheepsHead ") == DH_OK && index == 1);
  CHECK(dh_catalog_find_game(&index, "sheeps head") == DH_E_UNKNOWN_GAME);
  CHECK(dh_catalog_find_game(NULL, "sheepshead") == DH_E_NULL_ARGUMENT);
  {
    dh_game_info info = DH_GAME_INFO_INIT;
    dh_game_info zero;
    struct older {
      uint32_t size;
      int32_t min_players;
    } small;
    CHECK(dh_catalog_game(&info, games) == DH_E_INVALID_ARGUMENT);
    CHECK(dh_catalog_game(NULL, 0) == DH_E_NULL_ARGUMENT);
    /* size 0 is the first layout, up to description: the fields added later stay as they
       were; a smaller struct gets only what fits */
    memset(&zero, 0xAB, sizeof zero);
    zero.size = 0;
    CHECK(dh_catalog_game(&zero, 2) == DH_OK && zero.max_players == 5 && zero.name != NULL &&
          zero.description != NULL && zero.size == 0);
    CHECK(((const uint8_t*)&zero.limit_option)[0] == 0xAB &&
          zero.unattended_limit == (int32_t)0xABABABAB &&
          zero.lower_is_better == (int32_t)0xABABABAB);
    small.size = (uint32_t)sizeof small;
    small.min_players = -1;
    CHECK(dh_catalog_game((dh_game_info*)&small, 2) == DH_OK && small.min_players == 3 &&
          small.size == sizeof small);
  }
  {
    /* a caller built against the first layout (its size ends at description) is given no
       more; one that ends inside the new fields gets the whole ones */
    dh_game_info info;
    memset(&info, 0xAB, sizeof info);
    info.size = (uint32_t)(offsetof(dh_game_info, description) + sizeof info.description);
    CHECK(dh_catalog_game(&info, 2) == DH_OK && info.description != NULL);
    CHECK(((const uint8_t*)&info.limit_option)[0] == 0xAB &&
          info.unattended_limit == (int32_t)0xABABABAB &&
          info.lower_is_better == (int32_t)0xABABABAB);
    info.size = (uint32_t)(offsetof(dh_game_info, unattended_limit) + sizeof info.unattended_limit);
    CHECK(dh_catalog_game(&info, 2) == DH_OK && info.limit_option != NULL &&
          info.unattended_limit >= 1 && info.lower_is_better == (int32_t)0xABABABAB);
  }
  {
    /* the facts of the games as published (a test of their rules: G10, S15, T12, T13) */
    dh_game_info info = DH_GAME_INFO_INIT;
    CHECK(dh_catalog_find_game(&index, "ghost-euchre") == DH_OK &&
          dh_catalog_game(&info, index) == DH_OK && strcmp(info.limit_option, "max_hands") == 0 &&
          info.unattended_limit == 100 && info.lower_is_better == 0);
    CHECK(dh_catalog_find_game(&index, "sheepshead") == DH_OK &&
          dh_catalog_game(&info, index) == DH_OK && strcmp(info.limit_option, "hands") == 0 &&
          info.unattended_limit == 5 && info.lower_is_better == 0);
    CHECK(dh_catalog_find_game(&index, "toonerville") == DH_OK &&
          dh_catalog_game(&info, index) == DH_OK && strcmp(info.limit_option, "max_turns") == 0 &&
          info.unattended_limit == 300 && info.lower_is_better == 1);
  }
  {
    /* a size that ends inside a field: that field is not written, not even in part */
    dh_option_info o;
    memset(&o, 0xAB, sizeof o);
    o.size = (uint32_t)(offsetof(dh_option_info, name) + 4);
    CHECK(dh_catalog_option(&o, 0, 0) == DH_OK);
    CHECK(((const uint8_t*)&o.name)[0] == 0xAB && ((const uint8_t*)&o.name)[3] == 0xAB);
    o.size = (uint32_t)(offsetof(dh_option_info, values) + sizeof o.values);
    CHECK(dh_catalog_option(&o, 0, 0) == DH_OK && strcmp(o.name, "swaps") == 0 &&
          strcmp(o.values, "one|chain") == 0);
    CHECK(((const uint8_t*)&o.default_value)[0] == 0xAB);
  }
  json = (char*)xmalloc(1);
  CHECK(dh_catalog_json(&len, NULL, 0) == DH_E_BUFFER_TOO_SMALL && len > 100);
  free(json);
  json = (char*)xmalloc(len);
  CHECK(dh_catalog_json(&len, json, len) == DH_OK && strstr(json, "\"toonerville\"") &&
        strstr(json, "\"max_buys\"") && strstr(json, "\"history\""));
  CHECK(strstr(json,
               "\"limit_option\": \"max_turns\", \"unattended_limit\": 300, "
               "\"lower_is_better\": true") != NULL);
  free(json);
}

int main(void) {
  printf("deckhand C ABI test, library %s (header %d.%d.%d)\n", dh_version(), DH_VERSION_MAJOR,
         DH_VERSION_MINOR, DH_VERSION_PATCH);
  test_versions();
  test_error_sizes();
  test_catalog();
  test_statuses();
  test_create();
  test_refusals();
  test_null_arguments();
  test_garbage_actions();
  test_unused_bytes();
  test_listed_in_place();
  test_apply_error_object();
  test_buffers();
  test_serialize_round_trip();
  test_corrupt_bytes();
  test_clone_and_reset();
  test_records();
  test_replay_json_n();
  test_views();
  test_full_games();
  test_apply_legal();
  test_sheepshead_games();
  test_toonerville();
  test_history_off();
  section_end();
  printf("%d passed, %d failed\n", g_passed, g_failed);
  return g_failed == 0 ? 0 : 1;
}
