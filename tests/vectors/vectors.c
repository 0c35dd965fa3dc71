/* The shared test vectors (docs/install.md "Platforms"): what deckhand promises is the same
 * on every platform, written game-blind from the catalog, through the C ABI only.
 *
 *   vectors write DIR   writes the files into DIR (which must exist)
 *   vectors check DIR   compares them with DIR's files byte for byte (exit 1 naming each file
 *                       that differs, and where)
 *
 * The files: catalog.json; per game of the catalog, per seed: the deal (every seat's view
 * JSON after dealing from the seed), the game after a random playout of up to kPlayout
 * actions from that seed (its serialized image with history and without, as hex; its record;
 * every seat's and the spectator's view JSON; the last hand's JSON); and a scripted table
 * (seat 0 a human who always takes the first legal action, the others basic bots, on a
 * scripted clock): its dh_table_serialize image, as hex, and its record. The committed
 * expected files are tests/vectors/expected; every target (x86-64, ARM64, s390x, Windows,
 * WebAssembly) compares with them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "deckhand.h"

enum { kPlayout = 160, kTableSteps = 60 };
static const uint64_t kSeeds[] = {1u, 2026u, 0x9E3779B97F4A7C15ull};

static const char* g_dir;
static int g_check;
static int g_files, g_differ;

static void die(const char* what, int status, const dh_error* err) {
  fprintf(stderr, "vectors: %s failed: %s%s%s\n", what, dh_status_name(status), err ? ": " : "",
          err ? err->message : "");
  exit(2);
}
#define OK(call, err)                               \
  do {                                              \
    int status_ = (call);                           \
    if (status_ != DH_OK) die(#call, status_, err); \
  } while (0)

/* Writes or checks one file of `n` bytes. */
static void emit(const char* name, const char* bytes, size_t n) {
  char path[1024];
  snprintf(path, sizeof path, "%s/%s", g_dir, name);
  ++g_files;
  if (!g_check) {
    FILE* f = fopen(path, "wb");
    if (!f || fwrite(bytes, 1, n, f) != n || fclose(f) != 0) {
      fprintf(stderr, "vectors: cannot write %s\n", path);
      exit(2);
    }
    return;
  }
  FILE* f = fopen(path, "rb");
  if (!f) {
    printf("MISSING %s\n", name);
    ++g_differ;
    return;
  }
  size_t at = 0;
  int c;
  while ((c = fgetc(f)) != EOF) {
    if (at >= n || (unsigned char)bytes[at] != (unsigned char)c) break;
    ++at;
  }
  const int longer = c != EOF;
  fclose(f);
  if (longer || at != n) {
    printf("DIFFERS %s at byte %lu (%lu bytes made here)\n", name, (unsigned long)at,
           (unsigned long)n);
    ++g_differ;
  }
}

/* Bytes as lowercase hex, 32 bytes a line. */
static void emit_hex(const char* name, const uint8_t* bytes, size_t n) {
  char* text = malloc(n * 2 + n / 32 + 2);
  size_t k = 0;
  for (size_t i = 0; i < n; ++i) {
    k += (size_t)sprintf(text + k, "%02x", bytes[i]);
    if (i % 32 == 31 || i + 1 == n) text[k++] = '\n';
  }
  emit(name, text, k);
  free(text);
}

/* A text of the C ABI's (out_len, buf, cap) shape, malloc'ed (the first call asks the size,
 * the NUL included); *len is its length without the NUL. */
typedef int (*text_of_game)(size_t*, char*, size_t, const dh_game*);
static char* game_text(text_of_game f, const dh_game* g, size_t* len, const char* what) {
  f(len, NULL, 0, g);
  char* buf = malloc(*len);
  int status = f(len, buf, *len, g);
  if (status != DH_OK) die(what, status, NULL);
  --*len;
  return buf;
}

static char* view_json(const dh_game* g, int32_t seat, size_t* len) {
  dh_game_view_json(len, NULL, 0, g, seat);
  char* buf = malloc(*len);
  OK(dh_game_view_json(len, buf, *len, g, seat), NULL);
  --*len;
  return buf;
}

/* Every seat's view and the spectator's, one JSON per line. */
static void emit_views(const char* name, const dh_game* g) {
  int32_t players;
  OK(dh_game_players(&players, g), NULL);
  size_t cap = 1024, n = 0;
  char* all = malloc(cap);
  for (int32_t seat = -1; seat < players; ++seat) {
    size_t len;
    char* v = view_json(g, seat, &len);
    while (n + len + 2 > cap) all = realloc(all, cap *= 2);
    memcpy(all + n, v, len);
    n += len;
    all[n++] = '\n';
    free(v);
  }
  emit(name, all, n);
  free(all);
}

static void emit_serialized(const char* name, const dh_game* g) {
  size_t len;
  dh_game_serialize(&len, NULL, 0, g);
  uint8_t* bytes = malloc(len);
  OK(dh_game_serialize(&len, bytes, len, g), NULL);
  emit_hex(name, bytes, len);
  /* The image restores to a game that serializes to the same bytes. */
  dh_game* back = NULL;
  dh_error err = DH_ERROR_INIT;
  OK(dh_game_deserialize(&back, bytes, len, &err), &err);
  size_t len2;
  dh_game_serialize(&len2, NULL, 0, back);
  uint8_t* again = malloc(len2);
  OK(dh_game_serialize(&len2, again, len2, back), NULL);
  if (len2 != len || memcmp(bytes, again, len) != 0) {
    printf("ROUNDTRIP %s: the restored game serializes differently\n", name);
    ++g_differ;
  }
  free(again);
  dh_game_free(back);
  free(bytes);
}

/* The game's own options that bound its length, as the catalog says, and history. */
static void options_of(const dh_game_info* info, const char* history, char* limit, size_t cap,
                       const char* opts[2], size_t* n) {
  *n = 0;
  if (info->limit_option && info->unattended_limit > 0) {
    snprintf(limit, cap, "%s=%d", info->limit_option, (int)info->unattended_limit);
    opts[(*n)++] = limit;
  }
  if (history) opts[(*n)++] = history;
}

static void game_vectors(const dh_game_info* info, uint64_t seed) {
  char name[256], limit[128];
  const char* opts[2];
  size_t n_opts;
  dh_error err = DH_ERROR_INIT;
  for (int history = 1; history >= 0; --history) {
    options_of(info, history ? NULL : "history=off", limit, sizeof limit, opts, &n_opts);
    dh_game* g = NULL;
    OK(dh_game_new(&g, info->name, opts, n_opts, info->min_players, 0, &err), &err);
    OK(dh_game_deal_seed(g, seed, &err), &err);
    const char* tag = history ? "" : ".nohistory";
    if (history) {
      snprintf(name, sizeof name, "%s-%llu.deal.json", info->name, (unsigned long long)seed);
      emit_views(name, g);
      snprintf(name, sizeof name, "%s-%llu.deal.hex", info->name, (unsigned long long)seed);
      emit_serialized(name, g);
    }
    size_t done = 0;
    OK(dh_game_random_playout(&done, g, seed ^ 0x5DEECE66Dull, kPlayout, &err), &err);
    snprintf(name, sizeof name, "%s-%llu.game%s.hex", info->name, (unsigned long long)seed, tag);
    emit_serialized(name, g);
    if (!history) {
      dh_game_free(g);
      continue;
    }
    size_t len;
    char* text = game_text(dh_game_record, g, &len, "dh_game_record");
    snprintf(name, sizeof name, "%s-%llu.rec", info->name, (unsigned long long)seed);
    emit(name, text, len);
    free(text);
    text = game_text(dh_game_last_hand_json, g, &len, "dh_game_last_hand_json");
    snprintf(name, sizeof name, "%s-%llu.last.json", info->name, (unsigned long long)seed);
    emit(name, text, len);
    free(text);
    snprintf(name, sizeof name, "%s-%llu.view.json", info->name, (unsigned long long)seed);
    emit_views(name, g);
    dh_game_free(g);
  }
}

/* A table: seat 0 a human taking the first legal action, the others basic bots. */
static void table_vectors(const dh_game_info* info, uint64_t seed) {
  char name[256], limit[128];
  const char* opts[2];
  size_t n_opts;
  options_of(info, NULL, limit, sizeof limit, opts, &n_opts);
  const char* topts[] = {"bot_ms=100", "deal_ms=500", "decision_ms=0"};
  dh_error err = DH_ERROR_INIT;
  dh_table* t = NULL;
  OK(dh_table_new(&t, info->name, info->min_players, opts, n_opts, topts, 3, seed, &err), &err);
  int32_t players;
  OK(dh_table_players(&players, t), NULL);
  OK(dh_table_seat_human(t, 0, &err), &err);
  for (int32_t s = 1; s < players; ++s) OK(dh_table_seat_bot(t, s, "basic", &err), &err);
  int64_t now = 0;
  char buf[1 << 16];
  for (int step = 0; step < kTableSteps; ++step) {
    now += 250;
    OK(dh_table_tick(t, now, &err), &err);
    int32_t over;
    OK(dh_table_is_over(&over, t), NULL);
    if (over) break;
    size_t len;
    OK(dh_table_legal_actions_text(&len, buf, sizeof buf, t, 0), NULL);
    if (len <= 1) continue; /* the NUL alone: seat 0 may do nothing now */
    char* eol = strchr(buf, '\n');
    if (eol) *eol = '\0';
    OK(dh_table_act(t, 0, buf, now, &err), &err);
  }
  size_t len;
  dh_table_serialize(&len, NULL, 0, t);
  uint8_t* bytes = malloc(len);
  OK(dh_table_serialize(&len, bytes, len, t), NULL);
  snprintf(name, sizeof name, "%s-%llu.table.hex", info->name, (unsigned long long)seed);
  emit_hex(name, bytes, len);
  free(bytes);
  dh_table_record(&len, NULL, 0, t, &err);
  char* rec = malloc(len);
  OK(dh_table_record(&len, rec, len, t, &err), &err);
  snprintf(name, sizeof name, "%s-%llu.table.rec", info->name, (unsigned long long)seed);
  emit(name, rec, len - 1);
  free(rec);
  dh_table_free(t);
}

int main(int argc, char** argv) {
  if (argc != 3 || (strcmp(argv[1], "write") != 0 && strcmp(argv[1], "check") != 0)) {
    fprintf(stderr, "usage: vectors write|check DIR\n");
    return 2;
  }
  g_check = strcmp(argv[1], "check") == 0;
  g_dir = argv[2];
  size_t len;
  dh_catalog_json(&len, NULL, 0);
  char* catalog = malloc(len);
  OK(dh_catalog_json(&len, catalog, len), NULL);
  emit("catalog.json", catalog, len - 1);
  free(catalog);
  size_t games;
  OK(dh_catalog_game_count(&games), NULL);
  for (size_t i = 0; i < games; ++i) {
    dh_game_info info = DH_GAME_INFO_INIT;
    OK(dh_catalog_game(&info, i), NULL);
    for (size_t k = 0; k < sizeof kSeeds / sizeof kSeeds[0]; ++k) game_vectors(&info, kSeeds[k]);
    table_vectors(&info, kSeeds[1]);
  }
  if (g_check) {
    printf("vectors: %d files, %d differ from %s\n", g_files, g_differ, g_dir);
    return g_differ ? 1 : 0;
  }
  printf("vectors: wrote %d files into %s\n", g_files, g_dir);
  return 0;
}
