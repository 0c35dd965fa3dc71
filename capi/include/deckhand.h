/*
 * deckhand.h — the stable C ABI of deckhand, an embeddable rules engine for Ghost Hand
 * Euchre, Sheepshead and Toonerville Rook. This header is the whole contract.
 *
 * Conventions
 *   - Every function returns an int status: DH_OK (0) or one of the negative DH_E_* codes
 *     below, whose values never change. dh_status_name() and dh_status_message() describe
 *     them.
 *   - Outputs come first. A function that creates a handle sets *out to NULL on failure.
 *   - Text is UTF-8 and NUL-terminated. Text and arrays are written to caller buffers with a
 *     capacity; when the capacity is too small the function returns DH_E_BUFFER_TOO_SMALL,
 *     stores the size needed (for text: including the terminating NUL) in *out_len or
 *     *out_count, and writes nothing else.
 *   - Most functions take an optional `dh_error *err` as their last parameter. When it is
 *     not NULL it receives the status, the rule-level reason (e.g. "must_follow_suit") and a
 *     readable message naming the card, seat or rule. There is no global error state. Its
 *     `size` must be set first (dh_error err = DH_ERROR_INIT;), so that later versions can
 *     add fields to it.
 *   - A call that fails changes nothing: the game handle is exactly as before.
 *   - Free functions accept NULL.
 *   - Threads: there is no mutable global state, so distinct handles may be used from
 *     different threads at once. One handle must not be used from two threads at the same
 *     time, not even by calls that take a `const dh_game *`: those fill a cache of legal
 *     actions inside the handle. Clone or copy it (dh_game_clone, dh_game_copy) per thread.
 *     Stack: every call, bots (dh_bot_choose, every level) and solvers included, runs in a
 *     thread with a 256 KiB stack (tests/test_small_stack.c checks it; the deepest measured
 *     is 35 KB); the library keeps only a few bytes of thread-local storage, and a
 *     thread's search scratch (Toonerville's meld search: 2.4 MB; the solver: 5 MB) is on the
 *     heap, made at the thread's first call and freed when the thread ends.
 *   - ABI policy (docs/abi.md): releases with the same DH_VERSION_MAJOR are ABI compatible
 *     (during 0.x, the same DH_VERSION_MAJOR and DH_VERSION_MINOR); later releases only add
 *     functions, status codes, reasons, enum values and fields at the end of dh_error.
 *   - Tiers: the functions declared below are stable. Those declared only when DH_EXPERIMENTAL
 *     is defined before this header is included may change or go in any release; functions
 *     marked DH_DEPRECATED(msg) keep working until the next major version, and the message
 *     names what replaces them.
 */
#ifndef DECKHAND_H
#define DECKHAND_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* DH_VERSION_MAJOR, DH_VERSION_MINOR, DH_VERSION_PATCH and DH_VERSION_STRING ("0.2.0"),
 * generated from the build's one version. */
#include "deckhand_version.h"
/* (major * 10000 + minor * 100 + patch), comparable with dh_version_number(). */
#define DH_VERSION_NUMBER (DH_VERSION_MAJOR * 10000 + DH_VERSION_MINOR * 100 + DH_VERSION_PATCH)

#if defined(DH_STATIC)
#define DH_API
#elif defined(_WIN32)
#ifdef DH_BUILDING_LIBRARY
#define DH_API __declspec(dllexport)
#else
#define DH_API __declspec(dllimport)
#endif
#elif defined(__GNUC__)
#define DH_API __attribute__((visibility("default")))
#else
#define DH_API
#endif

/* Marks a function that still works but will go in the next major version; compilers warn
 * where it is used (define DH_DISABLE_DEPRECATION_WARNINGS to silence them). */
#if defined(DH_DISABLE_DEPRECATION_WARNINGS)
#define DH_DEPRECATED(message)
#elif defined(__cplusplus) && __cplusplus >= 201402L
#define DH_DEPRECATED(message) [[deprecated(message)]]
#elif defined(__GNUC__) || defined(__clang__)
#define DH_DEPRECATED(message) __attribute__((deprecated(message)))
#elif defined(_MSC_VER)
#define DH_DEPRECATED(message) __declspec(deprecated(message))
#else
#define DH_DEPRECATED(message)
#endif

/* ---- Status codes (fixed values) ---------------------------------------------------- */
#define DH_OK 0
#define DH_E_NULL_ARGUMENT (-1)    /* a required pointer was NULL */
#define DH_E_INVALID_ARGUMENT (-2) /* a value is out of range (seat, count, ...) */
#define DH_E_BUFFER_TOO_SMALL (-3) /* see *out_len / *out_count for the size needed */
#define DH_E_UNKNOWN_GAME (-4)     /* no game of that name */
#define DH_E_BAD_OPTION (-5)       /* unknown option, bad value, or a repeated option */
#define DH_E_PARSE (-6)            /* malformed action, card or deal text */
#define DH_E_ILLEGAL (-7)          /* a well-formed action the rules refuse now */
#define DH_E_WRONG_SEAT (-8)       /* it is not this seat's turn */
#define DH_E_WRONG_PHASE (-9)      /* the action does not belong to the current phase */
#define DH_E_GAME_OVER (-10)       /* the game has ended */
#define DH_E_CORRUPT (-11)         /* serialized bytes are damaged or inconsistent */
#define DH_E_RECORD (-12)      /* a record line is malformed or a header misplaced (err->line) */
#define DH_E_INTERNAL (-13)    /* a bug or resource failure inside deckhand */
#define DH_E_UNSUPPORTED (-14) /* not possible for the game as created (history=off: no record) */

/* ---- Versions ----------------------------------------------------------------------- */
DH_API const char* dh_version(void);    /* DH_VERSION_STRING of the library in use */
DH_API int32_t dh_version_number(void); /* DH_VERSION_NUMBER of the library in use */

/* "DH_E_ILLEGAL"-style name, or "DH_E_UNKNOWN_STATUS". Never NULL. */
DH_API const char* dh_status_name(int status);
/* One-line English description of a status. Never NULL. */
DH_API const char* dh_status_message(int status);

/* ---- Errors ------------------------------------------------------------------------- */
/* A structure that can grow: the caller sets `size` to sizeof(dh_error) as its header knows
 * it, and the library writes only the fields that lie wholly within `size` bytes. A program
 * built against this header keeps working with a later library whose dh_error has more
 * fields, and a later program with this library (the fields it adds stay as it set them).
 * A size of 0 (a zeroed dh_error, `dh_error err = {0};`) stands for the fields below, the
 * first layout with a size (0.2.0); later versions keep that meaning. */
/* On success a call that takes one writes status, reason and line 0, code "ok" and message
 * "" (their first bytes only: what lies past a text's terminating NUL is left as it was); on
 * failure, all of the fields below. So an error object costs a few stores per successful
 * call, and nothing of an earlier refusal shows after a success. */
typedef struct dh_error {
  uint32_t size;     /* set by the caller: sizeof(dh_error) (DH_ERROR_INIT does it) */
  int32_t status;    /* the returned status */
  int32_t reason;    /* stable reason number (docs/reasons.md), 0 when none */
  int32_t line;      /* for records: 1-based line of the first refused line; else 0 */
  char code[40];     /* reason name, e.g. "must_follow_suit" */
  char message[200]; /* e.g. "must_follow_suit: 9H held, hearts led (...)" */
} dh_error;
/* dh_error err = DH_ERROR_INIT; */
/* clang-format off */
#define DH_ERROR_INIT {sizeof(dh_error), 0, 0, 0, {0}, {0}}
/* clang-format on */

/* ---- Discovery ---------------------------------------------------------------------- */
/* What games, options, phases and action kinds this library has, for programs that build
 * their menus, option forms or bindings from it (`deckhand games` prints the same).
 * Structures are filled like dh_error: the caller sets `size` (the *_INIT macros do), the
 * library writes the fields within it, and a size of 0 stands for the first layout (for
 * dh_game_info: up to `description`). Strings are the library's own, valid for as long as
 * it is loaded.
 * Matching rules, everywhere a name is given: game names, option names and option values are
 * compared ignoring ASCII case and the spaces around them ("Ghost-Euchre", " Renege = reject
 * "); an option given twice is refused. */
typedef struct dh_game_info {
  uint32_t size;
  int32_t min_players;
  int32_t max_players;
  int32_t option_count;      /* its own options, then the engine's (history) */
  int32_t phase_count;       /* the values dh_game_phase() returns */
  int32_t action_kind_count; /* dh_action kinds */
  const char* name;          /* "ghost-euchre" */
  const char* description;   /* one line */
  /* Added after the first layout (a size of 0 does not reach them). The option that bounds
   * a game's length ("max_hands"): left unset, play by bots or at random may never end.
   * Tools that play unattended set it to unattended_limit unless told otherwise
   * ("max_hands=100"). */
  const char* limit_option;
  int32_t unattended_limit;
  int32_t lower_is_better; /* 1 where the lowest total wins (penalty points), else 0 */
} dh_game_info;
/* clang-format off */
#define DH_GAME_INFO_INIT {sizeof(dh_game_info), 0, 0, 0, 0, 0, NULL, NULL, NULL, 0, 0}
/* clang-format on */

typedef struct dh_option_info {
  uint32_t size;
  const char* name;          /* "renege" */
  const char* values;        /* "reject|penalize"; "1..10000" = whole numbers in that range;
                                "unlimited|1..1000" = either */
  const char* default_value; /* "reject" */
  const char* rule;          /* the rule it varies, e.g. "G8"; "engine" for history */
  const char* description;   /* one line */
} dh_option_info;
/* clang-format off */
#define DH_OPTION_INFO_INIT {sizeof(dh_option_info), NULL, NULL, NULL, NULL, NULL}
/* clang-format on */

typedef struct dh_action_kind_info {
  uint32_t size;
  int32_t kind;       /* dh_action.kind */
  const char* name;   /* "bid" */
  const char* syntax; /* its action text: "bid 3|4|5|moon" */
} dh_action_kind_info;
/* clang-format off */
#define DH_ACTION_KIND_INFO_INIT {sizeof(dh_action_kind_info), 0, NULL, NULL}
/* clang-format on */

/* The number of games; game `index` (0 .. count-1, a fixed order); the index of the game of
 * that name (DH_E_UNKNOWN_GAME when there is none). */
DH_API int dh_catalog_game_count(size_t* out_count);
DH_API int dh_catalog_game(dh_game_info* out, size_t index);
DH_API int dh_catalog_find_game(size_t* out_index, const char* name);
/* Option, phase and action kind `index` of game `game_index`; DH_E_INVALID_ARGUMENT past the
 * counts in dh_game_info. */
DH_API int dh_catalog_option(dh_option_info* out, size_t game_index, size_t index);
DH_API int dh_catalog_phase(const char** out_name, size_t game_index, size_t index);
DH_API int dh_catalog_action_kind(dh_action_kind_info* out, size_t game_index, size_t index);
/* All of it as one JSON document (docs/cli.md, `deckhand games --json`). */
DH_API int dh_catalog_json(size_t* out_len, char* buf, size_t cap);

/* ---- Actions ------------------------------------------------------------------------ */
/* An action as plain bytes (32 in all). `kind` and `arg` depend on the game; French card
 * code = suit * 8 + rank, ranks 7 8 9 T J Q K A = 0..7, suits C D H S = 0..3.
 *   ghost-euchre: kind 0 swap, 1 pass, 2 bid (arg 3, 4, 5, or 6 = moon),
 *                 3 trump (arg 0 C, 1 D, 2 H, 3 S), 4 play (arg = card); count 0.
 *   sheepshead:   kind 0 pick, 1 pass, 2 bury, 3 call, 4 alone, 5 play; arg = the (first)
 *                 card, 0xFF for none; count 1 and cards[0] = the second card of a bury
 *                 (higher code) or the unknown card of a call, else count 0.
 *   toonerville:  Rook face code = colour * 14 + number - 1 (colours B G R Y = 0..3, numbers
 *                 1..14), 56 = the Rook. kind 0 take, 1 draw, 2 buy, 3 down, 4 layoff,
 *                 5 swap, 6 discard, 7 pass (buy and pass: the seat offered the discard,
 *                 T6; a buy may also come, as in earlier releases, from any seat that may
 *                 buy before the seat to act draws).
 *                 take, draw, buy, pass: arg 0, count 0.
 *                 discard: count 1, cards[0] = the face.
 *                 swap: arg = meld id, count 1, cards[0] = the natural face that replaces the
 *                   Rook standing for it in that run.
 *                 layoff: arg = meld id, count = cards (1-20), cards[] = faces in the order
 *                   laid; a Rook laid on a run as 0x80 | number (the number it stands for);
 *                   56 alone lets the library choose the end.
 *                 down: arg = melds (1-5), count = 4 * melds, cards[] = 4 bytes per meld:
 *                   run: 0x10 | colour, low | high << 4, the Rook positions as a 14-bit
 *                   mask (bit n-1 = the card at number n is a Rook), low byte first;
 *                   set: 0x20 | Rooks, number, B | G << 4, R | Y << 4 (natural cards of
 *                   each colour).
 *                 Meld ids number the melds on the table from 0 in the order laid down.
 * Unused bytes must be zero. dh_game_parse_action and dh_game_format_action convert to
 * and from the record text, which is usually simpler. */
typedef struct dh_action {
  uint8_t seat;
  uint8_t kind;
  uint8_t arg;
  uint8_t count;
  uint8_t cards[28];
} dh_action;

/* ---- Games -------------------------------------------------------------------------- */
typedef struct dh_game dh_game;

/* Creates a game. `name`: "ghost-euchre", "sheepshead" or "toonerville". `options`:
 * `n_options` strings "key=value" with names and values from docs/rules.md (NULL when n_options is
 * 0). `players`: 3 to 5 for toonerville (required); 0 (or the fixed count) for the others.
 * `first_dealer`: a seat.
 * Limits for unattended play: each game's dh_game_info names the option that bounds its
 * length (limit_option) and the value unattended play gives it (unattended_limit); left
 * unset it is 0, no limit (a sheepshead game with hands=0 is an endless session).
 * Every game also takes the engine option "history=on|off" (default on). With history=off
 * the game keeps no history of its events: its memory stays the same however long it runs,
 * dh_game_serialize writes the state alone, and dh_game_record returns DH_E_UNSUPPORTED. */
DH_API int dh_game_new(dh_game** out, const char* name, const char* const* options,
                       size_t n_options, int32_t players, int32_t first_dealer, dh_error* err);
DH_API void dh_game_free(dh_game* game);
DH_API int dh_game_clone(dh_game** out, const dh_game* game, dh_error* err);
/* Back to a new game with the same options and first dealer (keeps its memory). */
DH_API int dh_game_reset(dh_game* game, dh_error* err);

/* The game's name ("ghost-euchre", "sheepshead", "toonerville") and number of players. */
DH_API int dh_game_name(const char** out_name, const dh_game* game);
DH_API int dh_game_players(int32_t* out_players, const dh_game* game);

/* Chance: deal from a seed (docs/deals.md) or from explicit cards, written as in
 * a record: "0: 9C TC JC QC KC AC; 1: ...; 2: ...; ghost: ..." (ghost-euchre) or
 * "0: ...; 1: ...; 2: ...; 3: ...; 4: ...; blind: c c" (sheepshead) or
 * "0: ...; 1: ...; 2: ...; upcard: c; stock: c c ... [...]" (toonerville: the stock top
 * first; a trailing "..." completes it with the remaining cards in canonical order). */
DH_API int dh_game_deal_seed(dh_game* game, uint64_t seed, dh_error* err);
DH_API int dh_game_deal_text(dh_game* game, const char* cards, dh_error* err);

/* Toonerville (rules T13): a round dealt with explicit cards cannot reshuffle by itself.
 * When its stock is empty and a card is needed, dh_game_needs_reshuffle sets *out to 1 and
 * draws are refused (reason "reshuffle_needed") until one of these is given: a generator
 * seed for this and every later reshuffle of the round (made when a card is needed), or the
 * new stock, top first, as "stock: c c ... [...]" (exactly the discards below the top card;
 * made at once). Other games refuse both with DH_E_WRONG_PHASE. */
DH_API int dh_game_reshuffle_seed(dh_game* game, uint64_t seed, dh_error* err);
DH_API int dh_game_reshuffle_text(dh_game* game, const char* stock, dh_error* err);
DH_API int dh_game_needs_reshuffle(int32_t* out, const dh_game* game);

/* Deprecated: Toonerville's buy (T6) is decided in the game itself now. When the seat to act
 * draws instead of taking the top discard, the discard is offered to each seat that may buy,
 * nearest after it first: that seat is dh_game_to_act, with the legal actions "buy" and
 * "pass"; the first buy, or the last pass, is followed by the draw.
 * This function still gives, of the seats that ask (bit s = seat s), the one whose "buy" the
 * game would accept now, nearest after the seat to act (during an offer, only the seat
 * offered the discard), or -1 when none; other games: always -1. A bit set for a seat the
 * game does not have: DH_E_INVALID_ARGUMENT, *out_seat not written. */
DH_DEPRECATED(
    "the state offers the discard itself: use dh_game_to_act and the legal actions "
    "(buy or pass)")
DH_API int dh_game_buy_winner(int32_t* out_seat, const dh_game* game, uint32_t requests);

/* Player actions, as text ("bid 4", "play JS") for `seat`, or as a dh_action. */
DH_API int dh_game_apply_text(dh_game* game, int32_t seat, const char* action, dh_error* err);
DH_API int dh_game_apply(dh_game* game, const dh_action* action, dh_error* err);
/* DH_OK if the action is legal now; otherwise the status and reason it would be refused
 * with. Changes nothing. */
DH_API int dh_game_is_legal(const dh_game* game, const dh_action* action, dh_error* err);
DH_API int dh_game_is_legal_text(const dh_game* game, int32_t seat, const char* action,
                                 dh_error* err);
/* Text <-> struct for one action. */
DH_API int dh_game_parse_action(dh_action* out, const dh_game* game, int32_t seat,
                                const char* action, dh_error* err);
DH_API int dh_game_format_action(size_t* out_len, char* buf, size_t cap, const dh_game* game,
                                 const dh_action* action);

/* The seat to act (-1 when none: waiting for a deal, or the game is over). */
DH_API int dh_game_to_act(int32_t* out_seat, const dh_game* game);
/* 1 when the next event must be a deal, else 0. */
DH_API int dh_game_awaiting_deal(int32_t* out_flag, const dh_game* game);
/* 1 when the game is over, else 0. */
DH_API int dh_game_is_over(int32_t* out_flag, const dh_game* game);
/* Current phase name: ghost-euchre "deal", "bidding", "trump", "play", "over";
 * sheepshead "deal", "picking", "burying", "calling", "play", "over";
 * toonerville "deal", "draw" (take or draw; then the declined discard offered, buy or pass),
 * "play" (meld, lay off, swap, discard), "over". */
DH_API int dh_game_phase(const char** out_phase, const dh_game* game);

/* Legal actions of the seat to act, into actions[0..cap); *out_count = how many there are.
 * Toonerville: in the draw phase "take" and "draw", or, for the seat offered a declined
 * discard (T6), "buy" and "pass"; none while a reshuffle is due (dh_game_to_act is -1 and
 * dh_game_needs_reshuffle 1). Its "down" is listed once, as one valid arrangement of the
 * contract (any other valid arrangement is accepted too); lists can run to hundreds. */
DH_API int dh_game_legal_actions(size_t* out_count, dh_action* actions, size_t cap,
                                 const dh_game* game);
/* The same as text, one action per line ("pass\nbid 3\n..."). */
DH_API int dh_game_legal_actions_text(size_t* out_len, char* buf, size_t cap, const dh_game* game);

/* Self-play fast path: the number of legal actions of the seat to act, and applying the
 * index-th of them (in dh_game_legal_actions order; DH_E_INVALID_ARGUMENT, reason
 * "bad_action_index", when there is none). No action structs or text are built.
 * dh_game_apply_legal also writes the number of legal actions after the move to
 * *out_count (NULL is allowed; 0 when no seat acts), so a playout needs one call per move. */
DH_API int dh_game_legal_count(size_t* out_count, const dh_game* game);
DH_API int dh_game_apply_legal(size_t* out_count, dh_game* game, size_t index, dh_error* err);

/* What `seat` sees (rules G11, S13); seat -1 is a spectator. */
DH_API int dh_game_view_text(size_t* out_len, char* buf, size_t cap, const dh_game* game,
                             int32_t seat);
DH_API int dh_game_view_json(size_t* out_len, char* buf, size_t cap, const dh_game* game,
                             int32_t seat);

/* Running totals per seat into scores[0..cap); *out_count = players. */
DH_API int dh_game_scores(size_t* out_count, int64_t* scores, size_t cap, const dh_game* game);
/* Winning seats (empty while the game goes on). */
DH_API int dh_game_winners(size_t* out_count, int32_t* seats, size_t cap, const dh_game* game);
/* Score changes of the last scored hand per seat (*out_count 0 before the first). */
DH_API int dh_game_last_deltas(size_t* out_count, int64_t* deltas, size_t cap, const dh_game* game);
/* The itemised result of the last scored hand as JSON ("null" before the first). */
DH_API int dh_game_last_hand_json(size_t* out_len, char* buf, size_t cap, const dh_game* game);

/* The whole game as checksummed bytes, and back: the state and the history that produced it
 * (restoring replays the history and checks it gives that state), or for a history=off game
 * the state alone (restoring checks every invariant of the state). The bytes are the same on
 * every platform. */
DH_API int dh_game_serialize(size_t* out_len, uint8_t* buf, size_t cap, const dh_game* game);
DH_API int dh_game_deserialize(dh_game** out, const uint8_t* bytes, size_t len, dh_error* err);
/* 1 when the game keeps its history (history=on, the default), else 0. */
DH_API int dh_game_keeps_history(int32_t* out_flag, const dh_game* game);

/* The game as a record (text), and replaying a record. dh_game_record returns
 * DH_E_UNSUPPORTED for a history=off game. */
DH_API int dh_game_record(size_t* out_len, char* buf, size_t cap, const dh_game* game);
/* Replays a record into a new game. On a refused or malformed line, returns its status,
 * sets err->line to the 1-based number of that line, and sets *out to NULL. */
DH_API int dh_record_replay(dh_game** out, const char* record, dh_error* err);
/* The JSON result of `deckhand replay` for a record (docs/cli.md). Returns DH_OK whenever the
 * JSON was written, whether the record was accepted or not: read "ok" in the JSON. */
DH_API int dh_record_replay_json(size_t* out_len, char* buf, size_t cap, const char* record);
/* The same JSON for the `len` bytes at `record`, which may hold NUL bytes (record may be NULL
 * when len is 0): what `deckhand replay FILE` prints for a file of those bytes. A record cut
 * at its first NUL (dh_record_replay_json) can replay where the whole file is refused. */
DH_API int dh_record_replay_json_n(size_t* out_len, char* buf, size_t cap, const char* record,
                                   size_t len);
/* The `len` bytes at `text` as the library and the `deckhand` tool quote input in messages:
 * in apostrophes, control characters, backslash and apostrophe escaped (\n, \x1b, \u0085,
 * \'), each byte that is not UTF-8 as \xHH, cut after 96 bytes with "..." after the closing
 * apostrophe. Valid UTF-8 whatever the input (text may be NULL when len is 0). For the
 * bindings' replay programs, whose messages name a file as the tool does. */
DH_API int dh_quote(size_t* out_len, char* buf, size_t cap, const char* text, size_t len);

/* ---- Copies into an existing handle ---------------------------------------------------- */

/* Makes `dst` a copy of `src` (any game), reusing dst's memory: no allocation when both are
 * the same game and dst's buffers have room for src's history and explicit deals (always,
 * with history=off). For search bots that copy states millions of times. On failure dst is
 * unchanged. */
DH_API int dh_game_copy(dh_game* dst, const dh_game* src, dh_error* err);

/* Restores bytes of the handle's own game into it, reusing its memory (no allocation for
 * history=off bytes). Bytes of another game are refused (DH_E_CORRUPT); on any failure the
 * handle is unchanged. */
DH_API int dh_game_deserialize_into(dh_game* game, const uint8_t* bytes, size_t len, dh_error* err);

/* ---- Open-hand solver ---------------------------------------------------------------- */
/* docs/bots.md, "Open-hand solvers". */

/* The exact value of each legal play of the seat to act, with every hand known (the game's
 * full state: for a seat's own view, solve deals consistent with it): actions[i] is the i-th
 * legal play, in dh_game_legal_actions order, and values[i] the hand's score change for that
 * seat if it plays it and everyone then plays best (rules G9, S10-S14; sides as docs/bots.md
 * states). *out_count receives the number of plays; DH_E_BUFFER_TOO_SMALL when cap is less
 * or actions or values is NULL. Ghost-euchre and sheepshead only: toonerville is refused with
 * DH_E_UNSUPPORTED; a game outside its play phase with DH_E_WRONG_PHASE (DH_E_GAME_OVER once
 * over). Each thread keeps one solver, with a 5 MB table, made at its first call. */
DH_API int dh_solve_card_values(size_t* out_count, dh_action* actions, int64_t* values, size_t cap,
                                const dh_game* game, dh_error* err);

/* ---- Experimental: reinforcement learning (observations, action indices, batches) ------ */
/* Declared only with DH_EXPERIMENTAL defined, and always exported: the layouts may still
 * change (docs/observations.md is their contract for each release).
 * Fixed-shape observations of what one seat sees (seat-relative: block k of a per-seat
 * field is the seat k places to its left), a fixed index for every action of the game, and
 * a batch of games stepped together by one call. docs/observations.md gives every layout.
 * Every game has them (Toonerville: a listed game, see dh_rl_choices). */
#ifdef DH_EXPERIMENTAL
typedef struct dh_rl_spec {
  uint32_t size;               /* set by the caller (DH_RL_SPEC_INIT), as for dh_error */
  int32_t observation_size;    /* floats in one observation */
  int32_t action_space_size;   /* action indices 0 .. action_space_size-1 (mask bytes) */
  int32_t action_feature_size; /* floats per choice of a listed game (toonerville), else 0 */
  /* Added after the first layout (a size of 0 does not reach it). Rewards are score
   * changes times this: -1 where the lowest total wins (dh_game_info.lower_is_better), else
   * 1. */
  int32_t reward_sign;
} dh_rl_spec;
/* clang-format off */
#define DH_RL_SPEC_INIT {sizeof(dh_rl_spec), 0, 0, 0, 0}
/* clang-format on */

DH_API int dh_rl_spec_of(dh_rl_spec* out, const dh_game* game);
/* The observation of `seat` (built from its view alone, rules G11, S13) into
 * obs[0 .. observation_size); DH_E_BUFFER_TOO_SMALL when cap is less. */
DH_API int dh_rl_observe(float* obs, size_t cap, const dh_game* game, int32_t seat);
/* mask[i] = 1 when the seat to act may take the action of index i now, else 0, for
 * i < action_space_size (cap must be at least that); *out_count = the legal actions. */
DH_API int dh_rl_action_mask(size_t* out_count, uint8_t* mask, size_t cap, const dh_game* game);
/* Applies the action of that index for the seat to act; DH_E_INVALID_ARGUMENT, reason
 * "bad_action_index", when no legal action has it (nothing changes). */
DH_API int dh_rl_apply_index(dh_game* game, int32_t index, dh_error* err);
/* The index of each legal action, in dh_game_legal_actions order (what an index means). */
DH_API int dh_rl_legal_indices(size_t* out_count, int32_t* indices, size_t cap,
                               const dh_game* game);

/* Decisions, for every game with an encoder. Toonerville is a listed game: an action index
 * is a position in an ordered list of the deciding seat's actions (at most
 * action_space_size = 64 of them, docs/observations.md says in what order), and each has
 * action_feature_size floats. Its buy (T6) is in the game's state: the seat offered a
 * declined discard is the game's seat to act, choosing "buy" or "pass". `offer` must be -1
 * (it stays for these experimental calls' signatures; any other value is
 * DH_E_INVALID_ARGUMENT, reason "bad_offer"), and the calls equal dh_rl_observe,
 * dh_rl_action_mask and dh_rl_apply_index for the other games. */
/* The seat that decides now: dh_game_to_act (-1 when none). */
DH_API int dh_rl_agent(int32_t* out_seat, const dh_game* game, int32_t offer);
/* `seat`'s observation, which shows the seat the discard is offered to. */
DH_API int dh_rl_observe_offer(float* obs, size_t cap, const dh_game* game, int32_t seat,
                               int32_t offer);
/* The deciding seat's choices: mask[i] = 1 for i < *out_count, and for toonerville the
 * features of choice i in features[i * action_feature_size ..] (zeros past the count;
 * mask_cap >= action_space_size, features_cap >= action_space_size * action_feature_size). */
DH_API int dh_rl_choices(size_t* out_count, uint8_t* mask, size_t mask_cap, float* features,
                         size_t features_cap, const dh_game* game, int32_t offer);
/* Applies choice `index` of the deciding seat; *offer is set to -1. Refused (nothing
 * changes): DH_E_INVALID_ARGUMENT with reason "bad_action_index" or "bad_offer". */
DH_API int dh_rl_apply_choice(dh_game* game, int32_t* offer, int32_t index, dh_error* err);

/* n games of one kind (each made as dh_game_new makes it, with history=off added: a
 * history option is refused), stepped together. Game i of a batch reset with seed s deals
 * its hands from seeds x1, x2, ...: the outputs of SplitMix64 started at s + i (docs/
 * observations.md), continuing across its episodes. A game that ends, or that has taken
 * max_steps actions in its episode (0: no limit), starts again and is dealt at once. */
typedef struct dh_batch dh_batch;
DH_API int dh_batch_new(dh_batch** out, const char* name, const char* const* options,
                        size_t n_options, int32_t players, size_t n, uint32_t max_steps,
                        dh_error* err);
DH_API void dh_batch_free(dh_batch* batch);
/* A listed game's (toonerville's) batch: the action features of every game's decision,
 * float[n][action_space_size][action_feature_size], owned by the batch and written again by
 * each dh_batch_reset and dh_batch_step (its to_act and observations are the deciding
 * seat's, the seat offered the discard during an offer). DH_E_UNSUPPORTED for other games. */
DH_API int dh_batch_features(const float** out, const dh_batch* batch);
/* Every game's legal action indices, owned by the batch and written again by each
 * dh_batch_reset and dh_batch_step: row i of int32[n][action_space_size] holds counts[i]
 * indices (the rest of the row is stale), so that a uniform random choice costs the same
 * however wide the mask is. */
DH_API int dh_batch_legal(const int32_t** out_indices, const int32_t** out_counts,
                          const dh_batch* batch);
/* Game `index` of the batch (owned by it; for its views, specs and scores). */
DH_API int dh_batch_game(const dh_game** out, const dh_batch* batch, size_t index);
/* Every game new and dealt. Writes, for each game i: obs[i * observation_size ..] (of its
 * seat to act), mask[i * action_space_size ..] and to_act[i] (to_act may be NULL). */
DH_API int dh_batch_reset(dh_batch* batch, uint64_t seed, float* obs, uint8_t* mask,
                          int32_t* to_act, dh_error* err);
/* One action index per game, for its seat to act. Writes obs, mask and to_act as
 * dh_batch_reset does (for a game that ended or was cut: its new episode's), rewards[i *
 * players + s] (seat s's score change from a hand this step scored, else 0), terminated[i]
 * (game i ended) and truncated[i] (it reached max_steps). When an index is not legal in its
 * game, no game moves: DH_E_INVALID_ARGUMENT, reason "bad_action_index", err->line = that
 * game's number + 1. */
DH_API int dh_batch_step(dh_batch* batch, const int32_t* actions, float* obs, uint8_t* mask,
                         float* rewards, uint8_t* terminated, uint8_t* truncated, int32_t* to_act,
                         dh_error* err);

/* Seats the library's bots (as dh_bot_new makes them, with `options`) in every seat but each
 * game's learner, from the next dh_batch_reset on: levels[k-1] sits k seats to the learner's
 * left (n_levels = players - 1). learner_seat is the learner's seat, or -1: game i's episode
 * e puts it in seat (i + e) % players. Reset and step then play the bots' decisions up to each
 * learner's next one: obs, mask, features, legal indices and to_act are the learner's (to_act
 * is its seat), max_steps counts its steps, and rewards[i * players + s] is 0 but for s = the
 * learner: its score change (times the reward sign) since game i's previous step (for an
 * episode's first step, since the episode's start). The bot k seats to the learner's left of
 * game i, in a batch reset with seed s, is seeded with the first SplitMix64 output from
 * state (s + i) ^ (k * 0xD1B54A32D192ED03). DH_E_BAD_OPTION for an unknown level or option or
 * a wrong count of levels, DH_E_INVALID_ARGUMENT for a learner seat out of range (nothing
 * changes). */
DH_API int dh_batch_seat_bots(dh_batch* batch, const char* const* levels, size_t n_levels,
                              int32_t learner_seat, const char* const* options, size_t n_options,
                              dh_error* err);

#endif /* DH_EXPERIMENTAL */

/* ---- Batched random playouts ------------------------------------------------------------ */
/* Plays uniformly random legal actions (each drawn as dh_game_apply_legal's index from the
 * generator of docs/deals.md seeded with `seed`) until the game is over or `max_actions`
 * actions have been applied. A deal that is due is made from a seed drawn from the same
 * generator, and so is the reshuffle an explicitly dealt Toonerville round asks for (T13):
 * the same game and seed give the same playout. *out_actions = the actions applied (deals
 * and reshuffles not counted). One call serves many actions, for playout bots and for
 * bindings where each call costs (WebAssembly from JavaScript). Give max_actions a bound:
 * a sheepshead game with hands=0 never ends. Unlike other calls, one that fails midway (out
 * of memory) keeps the actions applied before the failure, counted in *out_actions. */
DH_API int dh_game_random_playout(size_t* out_actions, dh_game* game, uint64_t seed,
                                  size_t max_actions, dh_error* err);

/* ---- Bots and consistent deals ---------------------------------------------------------- */
/* A bot plays one game for any seat, deciding from that seat's view alone (rules G11, S13,
 * T14), as a player at the table would; docs/bots.md describes the levels. */
typedef struct dh_bot dh_bot;

/* A bot for `game_name` ("ghost-euchre", "sheepshead", "toonerville", matched as dh_game_new
 * matches them) at `level` "random" (a uniformly random legal action), "basic" (simple
 * heuristics) or "strong" (it samples deals consistent with its view, solves the card play
 * of ghost-euchre and sheepshead open-hand on each, and plays the other choices out with the
 * basic bots) or "expert" (the same, its deals weighted by how likely they make the other
 * seats' bids, picks, calls and first leads, every choice played out; docs/bots.md), its
 * choices drawn from a generator seeded with `seed`. `options`: `n_options`
 * strings "samples=N" (1..1000000: deals per decision) and "time_ms=N" (0..1000000: stop
 * sampling after that long; 0 = no limit; with a limit the choices depend on the machine's
 * speed), the budget of "strong" and "expert" (other levels accept and ignore them). The
 * ladder's levels "1" to "5" (docs/bots.md): 1 and 2 are "basic" with human lapses (a hope
 * bid or pick, a card played with the trick or the partner forgotten), 3 "basic", 4 "strong"
 * on habit half the time, 5 "expert". The heuristic levels (1, 2, 3, basic) also take
 * "lapse=N" (0..100: the percent of decisions taken on a lapse) and "persona=NAME" (a game's
 * convention, e.g. sheepshead's schmearer, miser, fail-leader, called-suit-leader); the
 * searching levels (4, 5, strong, expert) "habit=N" (0..100: the percent of decisions taken as
 * "basic" takes them, unsearched; level 4's is 50).
 * DH_E_UNKNOWN_GAME, DH_E_BAD_OPTION (also for an unknown level) on bad input. */
DH_API int dh_bot_new(dh_bot** out, const char* game_name, const char* level, uint64_t seed,
                      const char* const* options, size_t n_options, dh_error* err);
DH_API void dh_bot_free(dh_bot* bot);

/* What `seat`, the seat to act, does now in `game`, into *out (apply it with
 * dh_game_apply): one of its legal actions (toonerville, offered a declined discard, T6:
 * "buy" or "pass"). Any other seat gets DH_E_WRONG_SEAT and *out is not written; a game
 * waiting for a deal or a reshuffle DH_E_WRONG_PHASE (also a seat to act that can do nothing
 * until a reshuffle is given, T13); a game that is over DH_E_GAME_OVER; a game of another
 * kind DH_E_UNKNOWN_GAME; a seat out of range DH_E_INVALID_ARGUMENT. The same seed and the
 * same calls give the same actions. One bot may serve several seats: a table of bots asks
 * the bot of dh_game_to_act and applies its answer, in every game. */
DH_API int dh_bot_choose(dh_action* out, dh_bot* bot, const dh_game* game, int32_t seat,
                         dh_error* err);

/* Experimental: hints. Declared only with DH_EXPERIMENTAL defined, and always exported: the
 * reason's wording and the values' scale may still change (docs/bots.md, "Hints"). */
#ifdef DH_EXPERIMENTAL
/* A hint for `seat`, the seat to act: the expert's search (docs/bots.md,
 * "Hints"), whatever the bot's level, within the bot's budget, from the seat's view alone,
 * as JSON: {"action": text, "alternatives": [{"action": text, "value": number, "ci95": [low,
 * high]}, ...every legal action], "reason": text}. Values are the mean over the deals searched
 * of the seat's score change in the hand minus the others' mean (Toonerville: minus the
 * seat's penalty points in the round), higher is better. Buffer protocol: *out_len is the size
 * needed with the NUL; a short buffer (or NULL) gets DH_E_BUFFER_TOO_SMALL, and the hint is
 * kept, so that the call again for the same game and seat returns the same text without
 * searching again. Refusals as dh_bot_choose. It draws from the bot's generator. */
DH_API int dh_bot_hint_json(size_t* out_len, char* buf, size_t cap, dh_bot* bot,
                            const dh_game* game, int32_t seat, dh_error* err);
#endif /* DH_EXPERIMENTAL */

/* A deal consistent with what `seat` has seen: a new game (history=off) whose view for that
 * seat is the same as `game`'s, its hidden cards (other hands, the ghost or dead hand, the
 * blind, the bury, the unknown, the stock) drawn uniformly from every placement that matches
 * the seat's knowledge: hand sizes, the cards it holds, was shown or gave away, and suits
 * others showed they lack by not following (docs/bots.md lists each game's). For search bots
 * and AIs of your own: play it out or solve it open-hand. The same seed gives the same deal.
 * DH_E_INVALID_ARGUMENT for a seat out of range. */
DH_API int dh_game_sample_consistent(dh_game** out, const dh_game* game, int32_t seat,
                                     uint64_t seed, dh_error* err);

/* ---- Tables (docs/tables.md) ----------------------------------------------------------- */
/* A table is a game plus its seats: who holds each (nobody, a human, a human who left, a bot),
 * the clocks, stand-in bots, and what each seat is told of every change. It reads no clock
 * and starts no thread: every call that can change it takes the caller's clock `now_ms` (any
 * epoch; never earlier than a time it was given before: DH_E_INVALID_ARGUMENT, reason
 * time_backwards), and dh_table_tick makes every move that is due by then (a bot's move after
 * its thinking delay, a stand-in's move for a seat whose time ran out or whose human left, the
 * next deal), each at the time it was due. The table deals by itself, each deal's seed
 * derived from the table's seed. A handle is used from one thread at a time. */
typedef struct dh_table dh_table;

/* Who holds a seat (dh_table_holder). */
#define DH_SEAT_EMPTY 0 /* nobody yet: the first deal waits until every seat is held */
#define DH_SEAT_HUMAN 1 /* a connected human */
#define DH_SEAT_AWAY 2  /* a human who left: a stand-in moves for it until it returns */
#define DH_SEAT_BOT 3   /* a bot */

/* A table of `name` for `players` (0: the game's default) with the game's `options` (as
 * dh_game_new takes them) and the table's own `table_options`, `n_table_options` strings
 * "key=value" (docs/tables.md): decision_ms (time per decision, 0 = no clock), bank_ms (each
 * seat's time bank), bot_ms (a bot's thinking delay), offer_ms (how long the seats offered a
 * discard may answer, T6), deal_ms (the pause before the next deal), standin
 * (random|basic|strong|expert|quickest: who moves for a seat that timed out or left), events
 * (all|deal: which events are kept), fair_secret (64 hex digits: fair deals, below) and
 * nonce_ms (fair deals: how long the seats may send nonces, default 2000).
 * DH_E_UNKNOWN_GAME, DH_E_BAD_OPTION, DH_E_INVALID_ARGUMENT (players) on bad input. */
DH_API int dh_table_new(dh_table** out, const char* name, int32_t players,
                        const char* const* options, size_t n_options,
                        const char* const* table_options, size_t n_table_options, uint64_t seed,
                        dh_error* err);
DH_API void dh_table_free(dh_table* table);
DH_API int dh_table_clone(dh_table** out, const dh_table* table, dh_error* err);

/* A human takes an empty seat, or its own seat back after leaving (DH_E_INVALID_ARGUMENT,
 * reason seat_taken, for a seat a human or bot holds). Once every seat is held, the first
 * hand is dealt. */
DH_API int dh_table_seat_human(dh_table* table, int32_t seat, dh_error* err);
/* A bot of `level` ("random", "basic", "strong", "expert", or the ladder's "1" to "5") takes an
 * empty or away seat. */
DH_API int dh_table_seat_bot(dh_table* table, int32_t seat, const char* level, dh_error* err);
/* The human at `seat` leaves (DH_E_WRONG_SEAT, reason not_seated, when no human holds it). */
DH_API int dh_table_leave(dh_table* table, int32_t seat, int64_t now_ms, dh_error* err);
/* `seat`, held by a human, does `action` (text, as dh_game_apply_text takes it) at `now_ms`,
 * after the moves due by then are made. Refused as dh_game_apply_text refuses it, or with
 * DH_E_WRONG_PHASE (reason not_started) before the first deal, DH_E_WRONG_SEAT (not_seated)
 * for a seat no human holds. During an offer of a discard (T6) every seat that may still
 * answer may answer at once, once (DH_E_WRONG_PHASE for a second answer); the table applies
 * the answers in the rules' order. */
DH_API int dh_table_act(dh_table* table, int32_t seat, const char* action, int64_t now_ms,
                        dh_error* err);
/* Fair deals (a table with fair_secret; docs/tables.md#fair-deals): before each deal the table
 * publishes a commitment to the deal's seed (a "commit" event) and waits up to nonce_ms for a
 * nonce from every seat a human holds; the deal's seed mixes them in, and after the hand a
 * "reveal" event lets anyone check it. `hex` is `seat`'s nonce for the deal now committed,
 * 16 to 128 hex digits (an even number), sent at `now_ms` after the moves due by then are
 * made; once every human seat has sent one the deal is made. Refused with DH_E_PARSE (reason
 * malformed_action) for anything but such hex, DH_E_WRONG_SEAT (not_seated) for a seat no human
 * holds (present or away), DH_E_WRONG_PHASE (not_started before the first deal; wrong_phase for
 * a table without fair_secret, when no deal waits for nonces, for a second nonce), and
 * DH_E_INVALID_ARGUMENT (bad_seat, time_backwards). */
DH_API int dh_table_nonce(dh_table* table, int32_t seat, const char* hex, int64_t now_ms,
                          dh_error* err);
/* Makes every move due by `now_ms`. */
DH_API int dh_table_tick(dh_table* table, int64_t now_ms, dh_error* err);

DH_API int dh_table_players(int32_t* out_players, const dh_table* table);
DH_API int dh_table_holder(int32_t* out_holder, const dh_table* table, int32_t seat);
/* The seat that decides now, or -1 (before the first deal, between hands, when over). */
DH_API int dh_table_to_act(int32_t* out_seat, const dh_table* table);
/* The seats that may act now: the seat to act, or during an offer every seat that may still
 * answer it (that has not answered yet), in the rules' order. */
DH_API int dh_table_may_act(size_t* out_count, int32_t* seats, size_t cap, const dh_table* table);
/* The deadline of the seat to act (its decision time and bank), or -1. */
DH_API int dh_table_deadline_ms(int64_t* out_ms, const dh_table* table);
/* When the next move is due with no call (a bot's move, a timeout, a deal), or -1: what a
 * server sets its timer to before it calls dh_table_tick. */
DH_API int dh_table_next_due_ms(int64_t* out_ms, const dh_table* table);
DH_API int dh_table_is_over(int32_t* out_flag, const dh_table* table);
DH_API int dh_table_scores(size_t* out_count, int64_t* scores, size_t cap, const dh_table* table);
/* The sequence number of the latest change (0 before any). */
DH_API int dh_table_seq(uint64_t* out_seq, const dh_table* table);
/* What `seat` (-1: a spectator) may do now, one action per line (empty when it may do
 * nothing). */
DH_API int dh_table_legal_actions_text(size_t* out_len, char* buf, size_t cap,
                                       const dh_table* table, int32_t seat);
/* The events after `since` as `seat` (-1: a spectator) may see them: a JSON array
 * (docs/tables.md). DH_E_INVALID_ARGUMENT, reason events_dropped, when `since` is older than
 * the events kept (table option events=deal): take a snapshot. */
DH_API int dh_table_events_json(size_t* out_len, char* buf, size_t cap, const dh_table* table,
                                int32_t seat, uint64_t since, dh_error* err);
/* {"seq": N, "view": <dh_game_view_json of the seat>, "table": {...}}: a client that
 * reconnects takes it, then the events after its seq. */
DH_API int dh_table_snapshot_json(size_t* out_len, char* buf, size_t cap, const dh_table* table,
                                  int32_t seat, dh_error* err);
/* The game's record with the table's own events as comment lines (DH_E_UNSUPPORTED for a
 * game with history=off). */
DH_API int dh_table_record(size_t* out_len, char* buf, size_t cap, const dh_table* table,
                           dh_error* err);
/* A copy of the table's game (the whole game: for the host, never for a client). */
DH_API int dh_table_game(dh_game** out, const dh_table* table, dh_error* err);
/* The whole table, checksummed, the same bytes on every platform. */
DH_API int dh_table_serialize(size_t* out_len, uint8_t* buf, size_t cap, const dh_table* table);
DH_API int dh_table_deserialize(dh_table** out, const uint8_t* bytes, size_t len, dh_error* err);

#ifdef __cplusplus
}
#endif

#endif /* DECKHAND_H */
