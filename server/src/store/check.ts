// Input checks shared by the SQLite and PostgreSQL stores: bad input is refused with a
// StoreError naming what was wrong, before anything is written.
import type { ChangeRow, FinishedGame, SeatRow, TableInfo } from './store.js';

export class StoreError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StoreError';
  }
}

export const MAX_CODE = 64;
export const MAX_NAME = 200;
export const MAX_TEXT = 1 << 20; // details, records and settings: 1 MiB each
export const MAX_IMAGE = 16 << 20;

function fail(what: string): never {
  throw new StoreError(what);
}

export function checkText(what: string, v: unknown, max: number, allowEmpty = false): string {
  if (typeof v !== 'string') fail(`${what} must be a string, got ${typeof v}`);
  if (!allowEmpty && v.length === 0) fail(`${what} must not be empty`);
  if (v.length > max) fail(`${what} is ${v.length} characters, the limit is ${max}`);
  if (v.includes('\u0000')) fail(`${what} contains a NUL character`);
  return v;
}

export function checkCode(code: unknown): string {
  checkText('table code', code, MAX_CODE);
  if (!/^[A-Za-z0-9_-]+$/.test(code as string))
    fail(`table code ${JSON.stringify(code)} may only hold letters, digits, '_' and '-'`);
  return code as string;
}

export function checkInt(what: string, v: unknown, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (typeof v !== 'number' || !Number.isInteger(v)) fail(`${what} must be an integer, got ${JSON.stringify(v)}`);
  if (v < min || v > max) fail(`${what} is ${v}, outside ${min}..${max}`);
  return v;
}

export function checkImage(image: unknown): Uint8Array {
  if (!(image instanceof Uint8Array)) fail('table image must be a Uint8Array');
  if (image.length === 0) fail('table image is empty');
  if (image.length > MAX_IMAGE) fail(`table image is ${image.length} bytes, the limit is ${MAX_IMAGE}`);
  return image;
}

export function checkJson(what: string, v: unknown): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(v);
  } catch (e) {
    fail(`${what} is not JSON: ${(e as Error).message}`);
  }
  if (text === undefined) fail(`${what} is not JSON (undefined or a function)`);
  if (text.length > MAX_TEXT) fail(`${what} is ${text.length} characters as JSON, the limit is ${MAX_TEXT}`);
  return text;
}

export function checkInfo(info: TableInfo): { settings: string } {
  if (typeof info !== 'object' || info === null) fail('table info must be an object');
  checkCode(info.code);
  checkText('game', info.game, MAX_NAME);
  checkInt('players', info.players, 1, 64);
  if (typeof info.listed !== 'boolean') fail('listed must be true or false');
  checkInt('createdAtMs', info.createdAtMs, 0);
  return { settings: checkJson('settings', info.settings) };
}

export function checkSeat(seat: SeatRow, players: number): void {
  if (typeof seat !== 'object' || seat === null) fail('seat must be an object');
  checkInt('seat', seat.seat, 0, players - 1);
  checkText('seat name', seat.name, MAX_NAME, true);
  if (typeof seat.tokenHash !== 'string' || !/^[0-9a-f]{64}$/.test(seat.tokenHash))
    fail('seat tokenHash must be 64 lower-case hex digits (SHA-256)');
}

export function checkChange(change: ChangeRow): void {
  if (typeof change !== 'object' || change === null) fail('change must be an object');
  checkInt('change seq', change.seq, 1);
  checkText('change kind', change.kind, 32);
  if (change.seat !== null) checkInt('change seat', change.seat, 0, 63);
  checkText('change detail', change.detail, MAX_TEXT, true);
  checkInt('change atMs', change.atMs, 0);
  if (change.fair !== undefined) checkText('change fair', change.fair, MAX_TEXT, true);
}

export function checkFinished(game: FinishedGame): { scores: string; names: string } {
  if (typeof game !== 'object' || game === null) fail('finished game must be an object');
  checkCode(game.code);
  checkText('game', game.game, MAX_NAME);
  checkText('record', game.record, MAX_TEXT);
  if (!Array.isArray(game.scores) || !game.scores.every((s) => typeof s === 'number' && Number.isFinite(s)))
    fail('scores must be an array of finite numbers');
  if (!Array.isArray(game.names) || !game.names.every((n) => typeof n === 'string' && n.length <= MAX_NAME))
    fail(`names must be an array of strings of at most ${MAX_NAME} characters`);
  checkInt('finishedAtMs', game.finishedAtMs, 0);
  if (game.abandoned !== undefined && typeof game.abandoned !== 'boolean') fail('abandoned must be true or false');
  return { scores: JSON.stringify(game.scores), names: JSON.stringify(game.names) };
}

export function checkOwner(owner: unknown): string {
  return checkText('owner', owner, MAX_NAME);
}

export function checkLimit(limit: unknown): number {
  return checkInt('limit', limit, 1, 10000);
}
