/* The table calls of the C ABI (dh_table_*) from plain C99: a whole game of every game of the
 * catalog with a scripted human at seat 0 and bots elsewhere, every getter, the buffers'
 * size protocol, serialize/restore/clone, the record replaying, and each refusal with its
 * status and reason (bad arguments, NULLs, time going back, seats taken or not held). */
#include "c_check.h"

static int has_code(const dh_error* err, const char* code) {
  return strcmp(err->code, code) == 0;
}

/* The table's image; the caller frees it. */
static uint8_t* image_of(const dh_table* t, size_t* len) {
  uint8_t* bytes;
  CHECK(dh_table_serialize(len, NULL, 0, t) == DH_E_BUFFER_TOO_SMALL);
  bytes = (uint8_t*)malloc(*len);
  CHECK(dh_table_serialize(len, bytes, *len, t) == DH_OK);
  return bytes;
}

static int same_image(const dh_table* a, const dh_table* b) {
  size_t na = 0, nb = 0;
  uint8_t* ia = image_of(a, &na);
  uint8_t* ib = image_of(b, &nb);
  const int same = na == nb && memcmp(ia, ib, na) == 0;
  free(ia);
  free(ib);
  return same;
}

/* The events of `seat` after `since` into a new string (the caller frees it). */
static char* events_of(const dh_table* t, int32_t seat, uint64_t since) {
  size_t n = 0;
  char* s;
  dh_error err = DH_ERROR_INIT;
  CHECK(dh_table_events_json(&n, NULL, 0, t, seat, since, &err) == DH_E_BUFFER_TOO_SMALL);
  CHECK(has_code(&err, "buffer_too_small"));
  s = (char*)malloc(n);
  CHECK(dh_table_events_json(&n, s, n, t, seat, since, &err) == DH_OK);
  CHECK(err.status == DH_OK);
  return s;
}

static void refusals_before_the_deal(const dh_game_info* info) {
  dh_table* t = NULL;
  dh_error err = DH_ERROR_INIT;
  const char* bad_key[] = {"decision_sec=3"};
  const char* bad_value[] = {"standin=genius"};
  const char* bad_number[] = {"decision_ms=-5"};
  const char* bad_game_option[] = {"no_such_option=1"};
  int32_t flag = -1, holder = -1, seat = 7, seats[2];
  size_t n = 99;
  int64_t ms = 0;
  char text[8];

  CHECK(dh_table_new(&t, "no-such-game", 0, NULL, 0, NULL, 0, 1, &err) == DH_E_UNKNOWN_GAME);
  CHECK(t == NULL);
  CHECK(dh_table_new(&t, info->name, info->max_players + 1, NULL, 0, NULL, 0, 1, &err) ==
        DH_E_INVALID_ARGUMENT);
  CHECK(dh_table_new(&t, info->name, info->min_players, bad_game_option, 1, NULL, 0, 1, &err) ==
        DH_E_BAD_OPTION);
  CHECK(dh_table_new(&t, info->name, info->min_players, NULL, 0, bad_key, 1, 1, &err) ==
        DH_E_BAD_OPTION);
  CHECK(strstr(err.message, "decision_sec") != NULL);
  CHECK(dh_table_new(&t, info->name, info->min_players, NULL, 0, bad_value, 1, 1, &err) ==
        DH_E_BAD_OPTION);
  CHECK(strstr(err.message, "genius") != NULL);
  CHECK(dh_table_new(&t, info->name, info->min_players, NULL, 0, bad_number, 1, 1, &err) ==
        DH_E_BAD_OPTION);
  CHECK(dh_table_new(NULL, info->name, 0, NULL, 0, NULL, 0, 1, &err) == DH_E_NULL_ARGUMENT);
  CHECK(has_code(&err, "null_argument"));
  CHECK(dh_table_new(&t, NULL, 0, NULL, 0, NULL, 0, 1, &err) == DH_E_NULL_ARGUMENT);
  CHECK(t == NULL);

  CHECK(dh_table_new(&t, info->name, info->min_players, NULL, 0, NULL, 0, 1, &err) == DH_OK);
  CHECK(dh_table_players(&flag, t) == DH_OK && flag >= info->min_players);
  CHECK(dh_table_holder(&holder, t, 0) == DH_OK && holder == DH_SEAT_EMPTY);
  CHECK(dh_table_holder(&holder, t, -1) == DH_E_INVALID_ARGUMENT);
  CHECK(dh_table_to_act(&seat, t) == DH_OK && seat == -1);
  CHECK(dh_table_may_act(&n, seats, 2, t) == DH_OK && n == 0);
  CHECK(dh_table_deadline_ms(&ms, t) == DH_OK && ms == -1);
  CHECK(dh_table_next_due_ms(&ms, t) == DH_OK && ms == -1);
  CHECK(dh_table_legal_actions_text(&n, text, sizeof text, t, 0) == DH_OK && n == 1);
  CHECK(text[0] == '\0');

  CHECK(dh_table_seat_human(t, -1, &err) == DH_E_INVALID_ARGUMENT);
  CHECK(has_code(&err, "bad_seat"));
  CHECK(dh_table_seat_human(t, flag, &err) == DH_E_INVALID_ARGUMENT);
  CHECK(dh_table_seat_bot(t, 0, "genius", &err) == DH_E_BAD_OPTION);
  CHECK(strstr(err.message, "genius") != NULL);
  CHECK(dh_table_seat_bot(t, 0, NULL, &err) == DH_E_NULL_ARGUMENT);
  CHECK(dh_table_seat_human(NULL, 0, &err) == DH_E_NULL_ARGUMENT);
  CHECK(dh_table_seat_human(t, 0, &err) == DH_OK);
  CHECK(dh_table_seat_human(t, 0, &err) == DH_E_INVALID_ARGUMENT);
  CHECK(has_code(&err, "seat_taken"));
  CHECK(dh_table_seat_bot(t, 0, "basic", &err) == DH_E_INVALID_ARGUMENT);
  CHECK(dh_table_act(t, 0, "pass", 10, &err) == DH_E_WRONG_PHASE);
  CHECK(has_code(&err, "not_started"));
  CHECK(dh_table_act(t, 1, "pass", 10, &err) == DH_E_WRONG_SEAT);
  CHECK(has_code(&err, "not_seated"));
  CHECK(dh_table_act(t, 0, NULL, 10, &err) == DH_E_NULL_ARGUMENT);
  CHECK(dh_table_leave(t, 1, 10, &err) == DH_E_WRONG_SEAT);
  CHECK(dh_table_tick(t, 100, &err) == DH_OK);
  CHECK(dh_table_tick(t, 99, &err) == DH_E_INVALID_ARGUMENT);
  CHECK(has_code(&err, "time_backwards"));
  CHECK(dh_table_leave(t, 0, 50, &err) == DH_E_INVALID_ARGUMENT);
  CHECK(dh_table_tick(NULL, 100, &err) == DH_E_NULL_ARGUMENT);

  /* NULL handles and outputs of the getters. */
  CHECK(dh_table_players(NULL, t) == DH_E_NULL_ARGUMENT);
  CHECK(dh_table_holder(&holder, NULL, 0) == DH_E_NULL_ARGUMENT);
  CHECK(dh_table_to_act(NULL, t) == DH_E_NULL_ARGUMENT);
  CHECK(dh_table_may_act(NULL, seats, 2, t) == DH_E_NULL_ARGUMENT);
  CHECK(dh_table_deadline_ms(NULL, t) == DH_E_NULL_ARGUMENT);
  CHECK(dh_table_next_due_ms(&ms, NULL) == DH_E_NULL_ARGUMENT);
  CHECK(dh_table_is_over(NULL, t) == DH_E_NULL_ARGUMENT);
  CHECK(dh_table_scores(NULL, NULL, 0, t) == DH_E_NULL_ARGUMENT);
  CHECK(dh_table_seq(NULL, t) == DH_E_NULL_ARGUMENT);
  CHECK(dh_table_legal_actions_text(NULL, text, sizeof text, t, 0) == DH_E_NULL_ARGUMENT);
  CHECK(dh_table_events_json(NULL, text, sizeof text, t, 0, 0, &err) == DH_E_NULL_ARGUMENT);
  CHECK(dh_table_events_json(&n, text, sizeof text, NULL, 0, 0, &err) == DH_E_NULL_ARGUMENT);
  CHECK(dh_table_events_json(&n, NULL, 0, t, -2, 0, &err) == DH_E_INVALID_ARGUMENT);
  CHECK(has_code(&err, "bad_seat"));
  CHECK(dh_table_snapshot_json(NULL, text, sizeof text, t, 0, &err) == DH_E_NULL_ARGUMENT);
  CHECK(dh_table_snapshot_json(&n, text, sizeof text, NULL, 0, &err) == DH_E_NULL_ARGUMENT);
  CHECK(dh_table_snapshot_json(&n, NULL, 0, t, 9, &err) == DH_E_INVALID_ARGUMENT);
  CHECK(dh_table_record(NULL, text, sizeof text, t, &err) == DH_E_NULL_ARGUMENT);
  CHECK(dh_table_record(&n, text, sizeof text, NULL, &err) == DH_E_NULL_ARGUMENT);
  CHECK(dh_table_game(NULL, t, &err) == DH_E_NULL_ARGUMENT);
  CHECK(dh_table_serialize(NULL, NULL, 0, t) == DH_E_NULL_ARGUMENT);
  CHECK(dh_table_deserialize(NULL, (const uint8_t*)"x", 1, &err) == DH_E_NULL_ARGUMENT);
  CHECK(dh_table_clone(NULL, t, &err) == DH_E_NULL_ARGUMENT);
  dh_table_free(t);
  dh_table_free(NULL);
}

/* A whole game: seat 0 a scripted human (its first legal action each time), the others bots,
 * the clock moving on by a second each step. */
static void whole_game(const dh_game_info* info) {
  char limit[64];
  const char* options[1];
  const char* table_options[] = {"decision_ms=30000", "bot_ms=500", "deal_ms=1000",
                                 "standin=quickest"};
  dh_table *t = NULL, *copy = NULL, *restored = NULL;
  dh_error err = DH_ERROR_INIT;
  int32_t players = 0, seat, flag = 0, holder;
  int64_t now = 1000, ms, scores[8];
  uint64_t seq = 0, seen = 0;
  size_t n, len, steps = 0, human_moves = 0;
  char text[4096];
  char *stream, *spectator;
  uint8_t* bytes;
  dh_game* game = NULL;

  snprintf(limit, sizeof limit, "%s=3", info->limit_option); /* three hands, or turns a round */
  options[0] = limit;
  CHECK(dh_table_new(&t, info->name, info->max_players, options, 1, table_options, 4, 2026, &err) ==
        DH_OK);
  dh_table_players(&players, t);
  CHECK(dh_table_seat_human(t, 0, &err) == DH_OK);
  for (seat = 1; seat < players; ++seat)
    CHECK(dh_table_seat_bot(t, seat, seat % 2 ? "basic" : "random", &err) == DH_OK);
  CHECK(dh_table_holder(&holder, t, 1) == DH_OK && holder == DH_SEAT_BOT);
  CHECK(dh_table_seq(&seq, t) == DH_OK && seq > 0);

  while (!flag && steps++ < 200000) {
    int32_t may[8];
    int may_human = 0;
    size_t i;
    CHECK(dh_table_may_act(&n, may, 8, t) == DH_OK);
    for (i = 0; i < n; ++i) may_human |= may[i] == 0;
    if (may_human) {
      char *line, *newline;
      size_t lines = 0, pick;
      CHECK(dh_table_deadline_ms(&ms, t) == DH_OK);
      CHECK(dh_table_legal_actions_text(&len, text, 1, t, 0) == DH_E_BUFFER_TOO_SMALL);
      CHECK(dh_table_legal_actions_text(&len, text, sizeof text, t, 0) == DH_OK && len > 1);
      /* One of the legal actions, picked by a fixed sequence (the first alone may never end a
       * turn). */
      for (line = text; *line; ++line) lines += *line == '\n';
      pick = (human_moves * 2654435761u) % lines;
      for (line = text; pick > 0; --pick) line = strchr(line, '\n') + 1;
      newline = strchr(line, '\n');
      if (newline) *newline = '\0';
      if (!CHECK(dh_table_act(t, 0, line, now, &err) == DH_OK)) printf("  %s\n", err.message);
      ++human_moves;
      if (human_moves == 3) {
        /* A wrong move is refused and named; the human leaves, a stand-in plays, it returns. */
        CHECK(dh_table_act(t, 0, "no such action", now, &err) != DH_OK);
        CHECK(err.message[0] != '\0');
        CHECK(dh_table_leave(t, 0, now, &err) == DH_OK);
        CHECK(dh_table_holder(&holder, t, 0) == DH_OK && holder == DH_SEAT_AWAY);
        CHECK(dh_table_tick(t, now + 5000, &err) == DH_OK);
        now += 5000;
        CHECK(dh_table_seat_human(t, 0, &err) == DH_OK);
      }
    } else {
      CHECK(dh_table_next_due_ms(&ms, t) == DH_OK);
      CHECK(ms >= 0 || n == 0);
      now = ms > now ? ms : now + 1;
      CHECK(dh_table_tick(t, now, &err) == DH_OK);
    }
    if (steps % 50 == 0) {
      /* A client polling its events from where it left off. */
      dh_table_seq(&seq, t);
      stream = events_of(t, 0, seen);
      CHECK(stream[0] == '[');
      free(stream);
      seen = seq;
    }
    CHECK(dh_table_is_over(&flag, t) == DH_OK);
  }
  CHECK(flag == 1);
  CHECK(human_moves > 3);
  CHECK(dh_table_to_act(&seat, t) == DH_OK && seat == -1);
  CHECK(dh_table_scores(&n, scores, 1, t) == DH_E_BUFFER_TOO_SMALL && n == (size_t)players);
  CHECK(dh_table_scores(&n, scores, 8, t) == DH_OK);

  /* The human's stream holds its own hand; the spectator's is a different, public stream. */
  stream = events_of(t, 0, 0);
  spectator = events_of(t, -1, 0);
  CHECK(strstr(stream, "\"type\": \"game_over\"") != NULL);
  CHECK(strstr(stream, "\"hand\"") != NULL);
  CHECK(strstr(spectator, "\"hand\"") == NULL);
  free(stream);
  free(spectator);
  CHECK(dh_table_snapshot_json(&len, text, 4, t, 0, &err) == DH_E_BUFFER_TOO_SMALL);
  CHECK(has_code(&err, "buffer_too_small"));
  CHECK(dh_table_snapshot_json(&len, NULL, 0, t, -1, &err) == DH_E_BUFFER_TOO_SMALL);

  /* The record, with the table's comments, replays. */
  CHECK(dh_table_record(&len, NULL, 0, t, &err) == DH_E_BUFFER_TOO_SMALL);
  {
    char* record = (char*)malloc(len);
    dh_game* replayed = NULL;
    CHECK(dh_table_record(&len, record, len, t, &err) == DH_OK);
    CHECK(strstr(record, "table: seat 1 bot basic") != NULL);
    CHECK(strstr(record, "table: stand-in moves for seat 0") != NULL);
    CHECK(dh_record_replay(&replayed, record, &err) == DH_OK);
    CHECK(dh_game_is_over(&flag, replayed) == DH_OK && flag == 1);
    dh_game_free(replayed);
    free(record);
  }
  CHECK(dh_table_game(&game, t, &err) == DH_OK && game != NULL);
  CHECK(dh_game_is_over(&flag, game) == DH_OK && flag == 1);
  dh_game_free(game);

  /* Serialize, restore, clone: the same bytes; corrupt images refused. */
  bytes = image_of(t, &len);
  CHECK(dh_table_deserialize(&restored, bytes, len, &err) == DH_OK);
  CHECK(same_image(t, restored));
  CHECK(dh_table_clone(&copy, restored, &err) == DH_OK);
  CHECK(same_image(copy, t));
  bytes[len / 2] ^= 1;
  dh_table_free(restored);
  restored = NULL;
  CHECK(dh_table_deserialize(&restored, bytes, len, &err) == DH_E_CORRUPT);
  CHECK(restored == NULL && has_code(&err, "corrupt_state"));
  CHECK(dh_table_deserialize(&restored, bytes, 3, &err) == DH_E_CORRUPT);
  CHECK(dh_table_serialize(&n, bytes, 2, t) == DH_E_BUFFER_TOO_SMALL && n == len);
  free(bytes);
  dh_table_free(copy);
  dh_table_free(t);
}

/* events=deal keeps the current and the previous deal: older events are dropped and named. */
static void dropped_events(const dh_game_info* info) {
  char limit[64];
  const char* options[1];
  const char* table_options[] = {"events=deal"};
  dh_table* t = NULL;
  dh_error err = DH_ERROR_INIT;
  int32_t players = 0, seat;
  size_t n;
  char text[8];

  snprintf(limit, sizeof limit, "%s=4", info->limit_option);
  options[0] = limit;
  CHECK(dh_table_new(&t, info->name, info->min_players, options, 1, table_options, 1, 7, &err) ==
        DH_OK);
  dh_table_players(&players, t);
  for (seat = 0; seat < players; ++seat) CHECK(dh_table_seat_bot(t, seat, "random", &err) == DH_OK);
  CHECK(dh_table_tick(t, 1 << 30, &err) == DH_OK);
  CHECK(dh_table_events_json(&n, text, sizeof text, t, 0, 0, &err) == DH_E_INVALID_ARGUMENT);
  CHECK(has_code(&err, "events_dropped"));
  dh_table_free(t);
}

/* Fair deals: the commit event, a nonce from each human seat (refusals with their status and
 * reason first), the deal at once when both are in, the reveal after the hand, the record's
 * lines, and an image restored mid-window. */
static void fair_deals(const dh_game_info* info) {
  char limit[64];
  const char* options[1];
  const char* table_options[] = {
      "fair_secret=00112233445566778899aabbccddeeff0123456789abcdeffedcba9876543210",
      "nonce_ms=1000"};
  dh_table *t = NULL, *back = NULL;
  dh_error err = DH_ERROR_INIT;
  int32_t players = 0, seat, over = 0;
  int64_t now = 10;
  int steps = 0;
  size_t n = 0, len = 0;
  uint8_t* image;
  char *events, *record;

  snprintf(limit, sizeof limit, "%s=1", info->limit_option);
  options[0] = limit;
  CHECK(dh_table_new(&t, info->name, info->min_players, options, 1, table_options, 2, 7, &err) ==
        DH_OK);
  dh_table_players(&players, t);
  CHECK(dh_table_seat_human(t, 0, &err) == DH_OK);
  CHECK(dh_table_seat_human(t, 1, &err) == DH_OK);
  for (seat = 2; seat < players; ++seat) CHECK(dh_table_seat_bot(t, seat, "basic", &err) == DH_OK);
  CHECK(dh_table_tick(t, now, &err) == DH_OK);
  events = events_of(t, -1, 0);
  CHECK(strstr(events, "\"type\": \"commit\", \"deal\": 1, \"commitment\": \"") != NULL);
  CHECK(strstr(events, "\"type\": \"deal\"") == NULL);
  free(events);
  /* Refusals: each with its status and reason, the table unchanged. */
  image = image_of(t, &len);
  CHECK(dh_table_nonce(NULL, 0, "0123456789abcdef", now, &err) == DH_E_NULL_ARGUMENT);
  CHECK(dh_table_nonce(t, 0, NULL, now, &err) == DH_E_NULL_ARGUMENT);
  CHECK(dh_table_nonce(t, 0, "0123", now, &err) == DH_E_PARSE);
  CHECK(has_code(&err, "malformed_action"));
  CHECK(dh_table_nonce(t, 0, "0123456789abcdefx", now, &err) == DH_E_PARSE);
  CHECK(dh_table_nonce(t, 2, "0123456789abcdef", now, &err) == DH_E_WRONG_SEAT);
  CHECK(has_code(&err, "not_seated"));
  CHECK(dh_table_nonce(t, 7, "0123456789abcdef", now, &err) == DH_E_INVALID_ARGUMENT);
  CHECK(dh_table_nonce(t, 0, "0123456789abcdef", now - 1, &err) == DH_E_INVALID_ARGUMENT);
  CHECK(has_code(&err, "time_backwards"));
  {
    size_t len2 = 0;
    uint8_t* image2 = image_of(t, &len2);
    CHECK(len2 == len && memcmp(image, image2, len) == 0);
    free(image2);
  }
  free(image);
  CHECK(dh_table_nonce(t, 0, "0123456789ABCDEF", now + 5, &err) == DH_OK);
  CHECK(err.status == DH_OK);
  CHECK(dh_table_nonce(t, 0, "0123456789abcdef", now + 6, &err) == DH_E_WRONG_PHASE);
  /* Restored mid-window, the copy goes on as the table does. */
  image = image_of(t, &len);
  CHECK(dh_table_deserialize(&back, image, len, &err) == DH_OK);
  free(image);
  CHECK(dh_table_nonce(t, 1, "aabbccddeeff00112233", now + 7, &err) == DH_OK);
  CHECK(dh_table_nonce(back, 1, "aabbccddeeff00112233", now + 7, &err) == DH_OK);
  CHECK(same_image(t, back));
  now += 7;
  events = events_of(t, 1, 0);
  CHECK(strstr(events, "\"type\": \"nonce\", \"seat\": 0, \"nonce\": \"0123456789abcdef\"") !=
        NULL);
  CHECK(strstr(events, "\"type\": \"deal\"") != NULL);
  free(events);
  /* Play the hand out: the reveal follows its end; the record has the fair lines. */
  while (!over && ++steps < 100000) {
    int32_t to_act = -1;
    int64_t due = -1;
    char acts[4096];
    dh_table_is_over(&over, t);
    if (over) break;
    dh_table_to_act(&to_act, t);
    if ((to_act == 0 || to_act == 1) &&
        dh_table_legal_actions_text(&n, acts, sizeof acts, t, to_act) == DH_OK && n > 0) {
      char* end = strchr(acts, '\n');
      if (end) *end = '\0';
      now += 3;
      CHECK(dh_table_act(t, to_act, acts, now, &err) == DH_OK);
      continue;
    }
    /* Nonces for later deals (refused with wrong_phase while no window is open). */
    if (dh_table_nonce(t, 0, "00000000000000000000", now, &err) == DH_OK) continue;
    CHECK(err.status == DH_E_WRONG_PHASE);
    dh_table_next_due_ms(&due, t);
    if (due > now) now = due;
    CHECK(dh_table_tick(t, now, &err) == DH_OK);
  }
  CHECK(over);
  events = events_of(t, -1, 0);
  CHECK(strstr(events, "\"type\": \"reveal\", \"deal\": 1, \"seed\": \"") != NULL);
  CHECK(strstr(events, "0011223344556677") == NULL); /* the secret is nowhere */
  free(events);
  CHECK(dh_table_record(&n, NULL, 0, t, &err) == DH_E_BUFFER_TOO_SMALL);
  record = (char*)malloc(n);
  CHECK(dh_table_record(&n, record, n, t, &err) == DH_OK);
  CHECK(strstr(record, "\ncommit 1 ") != NULL);
  CHECK(strstr(record, "\nnonce 1 aabbccddeeff00112233\n") != NULL);
  CHECK(strstr(record, "\nreveal 1 ") != NULL);
  CHECK(strstr(record, "0011223344556677") == NULL);
  free(record);
  dh_table_free(back);
  dh_table_free(t);
}

int main(int argc, char** argv) {
  size_t i, games = catalog_games();
  for (i = 0; i < games; ++i) {
    const dh_game_info info = catalog_game(i);
    if (!check_selected(info.name, 0, argc, argv)) continue;
    printf("%s\n", info.name);
    refusals_before_the_deal(&info);
    whole_game(&info);
    dropped_events(&info);
    fair_deals(&info);
  }
  return check_summary();
}
