// Types of the deckhand package (docs/web.md). The API mirrors the Python package's.
// Game and Bot are Disposable (`using`); Symbol.dispose's type comes from this lib.
/// <reference lib="esnext.disposable" />

/** A call the library refused; the game it was made on is unchanged. (An argument of the
 * wrong type throws a TypeError, one out of range or not representable a RangeError, both
 * before the library is called: see docs/web.md "Arguments".) */
export class DeckhandError extends Error {
  /** The C ABI status, a negative number (DH_E_ILLEGAL = -7, ...). */
  readonly status: number;
  /** Its name, "DH_E_ILLEGAL". */
  readonly statusName: string;
  /** The rule-level reason, "must_follow_suit"; "" when none (docs/reasons.md). */
  readonly reason: string;
  /** The reason's stable number, 0 when none. */
  readonly reasonNumber: number;
  /** For records: the 1-based line refused; else 0. */
  readonly line: number;
}
/** DH_E_NULL_ARGUMENT (a bug in the binding if it ever shows). */
export class NullArgument extends DeckhandError {}
/** DH_E_INVALID_ARGUMENT: a seat, count or index out of range. */
export class InvalidArgument extends DeckhandError {}
/** DH_E_BUFFER_TOO_SMALL (the binding sizes its buffers, so a bug if it shows). */
export class BufferTooSmall extends DeckhandError {}
/** DH_E_UNKNOWN_GAME: no game of that name. */
export class UnknownGame extends DeckhandError {}
/** DH_E_BAD_OPTION: unknown option, bad value, or a repeated option. */
export class BadOption extends DeckhandError {}
/** DH_E_PARSE: malformed action, card or deal text. */
export class ParseError extends DeckhandError {}
/** DH_E_ILLEGAL: a well-formed action the rules refuse now. */
export class IllegalAction extends DeckhandError {}
/** DH_E_WRONG_SEAT: it is not this seat's turn. */
export class WrongSeat extends DeckhandError {}
/** DH_E_WRONG_PHASE: the action does not belong to the current phase. */
export class WrongPhase extends DeckhandError {}
/** DH_E_GAME_OVER: the game has ended. */
export class GameOver extends DeckhandError {}
/** DH_E_CORRUPT: serialized bytes are damaged or inconsistent. */
export class CorruptData extends DeckhandError {}
/** DH_E_RECORD: a record line is malformed or a header misplaced (see .line). */
export class RecordError extends DeckhandError {}
/** DH_E_INTERNAL: a bug or resource failure (out of memory) inside deckhand. */
export class InternalError extends DeckhandError {}
/** DH_E_UNSUPPORTED: not possible for this game as created (history=off: no record). */
export class Unsupported extends DeckhandError {}

/** A game's name, as games() lists them ("ghost-euchre"). */
export type GameName = string;
/** Options as an object ({ renege: "penalize", max_hands: 5, history: false }) or as
 * "key=value" strings. */
export type Options = Record<string, string | number | boolean> | readonly string[];
/** A generator seed (docs/deals.md): a whole number from 0 to 2^53 - 1, or a bigint from 0n
 * to 2^64 - 1; anything else throws (TypeError, RangeError). */
export type Seed = number | bigint;

/** The settings of new Game(): an object of these keys only (another key is a TypeError). */
export interface GameOptions {
  /** 3 to 5 for toonerville (required); 0 or omitted for the others. */
  players?: number;
  options?: Options | null;
  firstDealer?: number;
}

export interface Move {
  seat: number;
  action: string;
}

/** One game of "ghost-euchre", "sheepshead" or "toonerville". Every method that fails throws
 * a DeckhandError subclass (or a TypeError/RangeError for a bad argument) and leaves the game
 * unchanged. Seats are whole numbers from 0 (a number, not a string or bigint). Free a game
 * with free() (or `using`) when done: required for games made in a loop. */
export interface Game extends Disposable {
  readonly name: string;
  readonly players: number;
  /** The seat to act, or null (awaiting a deal, or the game is over). */
  readonly toAct: number | null;
  readonly awaitingDeal: boolean;
  readonly isOver: boolean;
  readonly keepsHistory: boolean;
  /** "deal", "bidding", "play", "over", ... (deckhand.h: dh_game_phase). */
  readonly phase: string;
  /** Running totals per seat. */
  readonly scores: number[];
  /** Winning seats; empty while the game goes on. */
  readonly winners: number[];
  /** Score changes of the last scored hand per seat ([] before the first). */
  readonly lastDeltas: number[];
  /** Toonerville (T13): an explicitly dealt round waits for a reshuffle. */
  readonly needsReshuffle: boolean;
  /** The number of legal actions of the seat to act. */
  readonly legalCount: number;

  /** Deals the next hand from a seed, or from cards written as in a record. */
  deal(how: Seed | { seed: Seed } | { cards: string }): void;
  /** Toonerville (T13): the reshuffle of an explicitly dealt round. */
  reshuffle(how: Seed | { seed: Seed } | { stock: string }): void;
  /** @deprecated Toonerville's offer of a declined discard (T6) is in the game's state: the
   * seat offered it is toAct, with "buy" and "pass". Of the seats asking to buy, the one whose
   * buy the game accepts now; a seat the game does not have is a RangeError. */
  buyWinner(seats: Iterable<number>): number | null;

  /** Applies one action text ("bid 4", "play JS") for `seat`; throws the refusal. */
  apply(seat: number, action: string): void;
  /** Throws the error `action` would be refused with now; changes nothing. */
  check(seat: number, action: string): void;
  /** True when `seat` may take `action` now; false when the rules or the turn refuse it. */
  isLegal(seat: number, action: string): boolean;
  /** Action texts the seat to act may take (Toonerville, offered a discard: buy, pass). */
  legalActions(): string[];
  /** The legal actions with the seat each belongs to. */
  legalMoves(): Move[];
  /** Applies the index-th legal action; returns the number of legal actions after it. */
  applyLegal(index: number): number;
  /** Uniformly random legal actions in one call until the game is over or
   * maxActions were applied (deals and reshuffles from seeds drawn from `seed`); returns
   * the actions applied. */
  randomPlayout(seed: Seed, maxActions: number): number;

  /** What `seat` sees (G11, S13, T14); null or -1: a spectator. Fields: docs/cli.md "view". */
  view(seat?: number | null): Record<string, any>;
  viewText(seat?: number | null): string;
  /** The itemised result of the last scored hand (null before the first). */
  lastHand(): Record<string, any> | null;
  /** A deal consistent with what `seat` has seen (docs/bots.md), as a new
   * history=off game whose view for that seat equals this game's; the hidden cards placed
   * uniformly at random. The same seed gives the same deal. */
  sampleConsistent(seat: number, seed: Seed): Game;
  /** The open-hand value of each legal play of the seat to act (every hand
   * known), in legalActions() order: the hand's score change for that seat under best play
   * by all. Ghost Hand Euchre and Sheepshead in the play phase; Unsupported for Toonerville,
   * WrongPhase outside the play. */
  solve(): CardValue[];
  /** The game as a record (docs/records.md); Unsupported for a history=off game. */
  record(): string;
  /** The whole game as checksummed bytes, the same on every platform. */
  serialize(): Uint8Array;
  copy(): Game;
  /** Back to a new game with the same options and first dealer. */
  reset(): void;
  /** Releases the game's memory in the module now (otherwise when it is collected, which a
   * synchronous loop never lets happen: free the games made in one). Afterwards every
   * member throws a TypeError; free() again does nothing. */
  free(): void;
  /** free(): `using game = new dh.Game(...)` frees it at the end of the block. */
  [Symbol.dispose](): void;
}

export interface GameConstructor {
  new (name: GameName, options?: GameOptions): Game;
  /** Replays a record into a new game; a refused line throws with .line set. Text with a
   * NUL or a lone surrogate is a RangeError. */
  fromRecord(text: string): Game;
  /** Restores bytes from serialize(): a Uint8Array, an ArrayBuffer or an array of bytes. */
  deserialize(bytes: Uint8Array | ArrayBuffer | readonly number[]): Game;
  readonly prototype: Game;
}

/** One legal play and its open-hand value (Game.solve). */
export interface CardValue {
  action: string;
  value: number;
}

/** One legal action of a hint, with its value (higher is better) and 95% interval. */
export interface HintAlternative {
  action: string;
  value: number;
  ci95: [number, number];
}

/** Bot.hint(): the action the expert's search prefers, every legal action's value, and why. */
export interface Hint {
  action: string;
  alternatives: HintAlternative[];
  reason: string;
}

export type BotLevel = "random" | "basic" | "strong" | "expert" | "1" | "2" | "3" | "4" | "5";

/** The settings of new Bot(): an object of these keys only (another key is a TypeError). */
export interface BotOptions {
  /** "random", "basic" (heuristics, the default), "strong" (samples consistent deals and
   * solves or plays them out) or "expert" (weighs the deals by what the others bid, picked
   * and led; docs/bots.md), or the ladder's "1" (weakest) to "5": 1 and 2 are "basic" with
   * human lapses, 3 "basic", 4 "strong" on habit half the time, 5 "expert". */
  level?: BotLevel;
  /** Its choices' generator seed: the same seed and calls give the same choices. */
  seed?: Seed;
  /** strong's and expert's budget: consistent deals per decision (1 to 1,000,000). */
  samples?: number;
  /** strong's and expert's budget: stop sampling after this many ms (0: no limit); the choices then
   * depend on the machine's speed. */
  timeMs?: number;
  /** The heuristic levels' (1, 2, 3, basic) share of decisions taken on a human lapse, in
   * percent (0 to 100; overrides the level's own): forgetting what was played, playing on
   * habit (docs/bots.md). */
  lapse?: number;
  /** The heuristic levels' persona, where the game has conventions (Sheepshead: "schmearer",
   * "miser", "fail-leader", "called-suit-leader"); a game without them refuses any. */
  persona?: string;
  /** The searching levels' (4, 5, strong, expert) share of decisions taken on habit, in percent
   * (0 to 100; level 4's is 50): basic's choice, unsearched (docs/bots.md). */
  habit?: number;
}

/** A bot of the library for one game, deciding for any seat from that seat's
 * view alone. Free it with free() or `using` (the collector frees a forgotten one, but not
 * inside a synchronous loop). */
export interface Bot extends Disposable {
  readonly level: string;
  /** What `seat` (default: the seat to act) does now: an action text to apply for it, or null
   * for a seat that is not to act. Toonerville (T6): offered a declined discard, "buy" or
   * "pass". Throws WrongPhase while a deal or a reshuffle is due, GameOver at the end,
   * UnknownGame for a game of another kind. */
  choose(game: Game, seat?: number | null): string | null;
  /** What the seat (the seat to act when omitted) should do and why: the expert's search
   * whatever the level, within the bot's budget. Another seat throws WrongSeat. */
  hint(game: Game, seat?: number | null): Hint;
  /** Releases the bot's memory in the module now (otherwise when it is collected);
   * choose() then throws a TypeError. */
  free(): void;
  /** free(), for `using`. */
  [Symbol.dispose](): void;
}

export interface BotConstructor {
  new (gameName: GameName, options?: BotOptions): Bot;
  readonly prototype: Bot;
}

/** `deckhand replay`'s JSON (docs/cli.md). */
export type ReplayResult =
  | {
      ok: true;
      game: string;
      hands: { deltas: number[] }[];
      scores: number[];
      over: boolean;
      winners: number[];
      to_act: number | null;
    }
  | { ok: false; line: number; code: string; message: string };

export interface OptionInfo {
  name: string;
  /** "reject|penalize"; "1..10000"; "unlimited|1..1000". */
  values: string;
  default: string;
  /** The rule it varies ("G8"), or "engine". */
  rule: string;
  description: string;
}

export interface GameInfo {
  name: string;
  min_players: number;
  max_players: number;
  description: string;
  options: OptionInfo[];
  phases: string[];
  action_kinds: { code: number; name: string; syntax: string; prompt: string }[];
  /** The option that bounds a game's length ("max_hands"): unset, unattended play may never end. */
  limit_option: string;
  /** Its value for unattended play (bots, random play), as the library's own tools set it. */
  unattended_limit: number;
  /** True where the lowest total wins (penalty points). */
  lower_is_better: boolean;
}

export type Holder = "empty" | "human" | "away" | "bot";
/** A table clock in ms (any epoch): a safe-integer number or a bigint. */
export type NowMs = number | bigint;

export interface TableOptions {
  players?: number;
  options?: Options;
  seed?: Seed;
  decisionMs?: number;
  bankMs?: number;
  botMs?: number;
  offerMs?: number;
  dealMs?: number;
  standin?: BotLevel | "quickest";
  events?: "all" | "deal";
  /** Fair deals: the server's secret, 64 hex digits (docs/tables.md#fair-deals). */
  fairSecret?: string;
  /** Fair deals: how long the seats may send their nonces (default 2000). */
  nonceMs?: number;
}

/** One event of a table's stream (docs/tables.md). */
export interface TableEvent {
  seq: number;
  time_ms: number;
  type: string;
  [key: string]: unknown;
}

export interface TableSnapshot {
  seq: number;
  view: unknown;
  table: {
    players: number;
    seats: { holder: Holder; level: string | null; bank_ms: number }[];
    started: boolean;
    to_act: number;
    may_act: number[];
    deadline_ms: number;
    next_due_ms: number;
    now_ms: number;
    over: boolean;
    scores: number[];
    /** Fair tables only: the deal waiting for nonces, or null. */
    nonce_window?: { deal: number; commitment: string; ends_ms: number; sent: number[] } | null;
    /** Fair tables only: the commitment of the deal in play until its reveal, or null. */
    deal_commitment?: { deal: number; commitment: string } | null;
  };
}

export interface Table extends Disposable {
  seatHuman(seat: number): void;
  seatBot(seat: number, level?: BotLevel): void;
  leave(seat: number, nowMs: NowMs): void;
  act(seat: number, action: string, nowMs: NowMs): void;
  /** Fair deals: `seat`'s nonce (16 to 128 hex digits) for the deal committed now. */
  nonce(seat: number, nonce: string, nowMs: NowMs): void;
  tick(nowMs: NowMs): void;
  /** The events after `since` as `seat` (null: a spectator) sees them. */
  events(seat?: number | null, since?: Seed): TableEvent[];
  snapshot(seat?: number | null): TableSnapshot;
  readonly toAct: number | null;
  readonly deadlineMs: number | null;
  readonly nextDueMs: number | null;
  readonly mayAct: number[];
  readonly isOver: boolean;
  readonly scores: number[];
  readonly seq: number;
  readonly players: number;
  holder(seat: number): Holder;
  legalActions(seat?: number | null): string[];
  /** A copy of the table's whole game. */
  game(): Game;
  record(): string;
  serialize(): Uint8Array;
  copy(): Table;
  free(): void;
}

export interface TableConstructor {
  new (name: GameName, settings?: TableOptions): Table;
  deserialize(bytes: Uint8Array | ArrayBuffer | readonly number[]): Table;
}

export interface Deckhand {
  Table: TableConstructor;
  Game: GameConstructor;
  /** The library's bots (dh_bot_new, dh_bot_choose). */
  Bot: BotConstructor;
  /** `deckhand replay`'s result for a record, parsed (read .ok). */
  replay(text: string): ReplayResult;
  /** The same as the exact text `deckhand replay` prints (without its newline). */
  replayJson(text: string): string;
  /** Every game of the library, as `deckhand games --json` lists them. */
  games(): GameInfo[];
  /** The library's version, "0.2.0". */
  readonly version: string;
  /** The WebAssembly memory's size in bytes (it grows, never shrinks). */
  memoryBytes(): number;
  DeckhandError: typeof DeckhandError;
  NullArgument: typeof NullArgument;
  InvalidArgument: typeof InvalidArgument;
  BufferTooSmall: typeof BufferTooSmall;
  UnknownGame: typeof UnknownGame;
  BadOption: typeof BadOption;
  ParseError: typeof ParseError;
  IllegalAction: typeof IllegalAction;
  WrongSeat: typeof WrongSeat;
  WrongPhase: typeof WrongPhase;
  GameOver: typeof GameOver;
  CorruptData: typeof CorruptData;
  RecordError: typeof RecordError;
  InternalError: typeof InternalError;
  Unsupported: typeof Unsupported;
}

/** Resolves to the API once the WebAssembly module is ready (the same one on every call). */
export function load(): Promise<Deckhand>;
