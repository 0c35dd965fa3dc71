// What clients send, checked before anything is done with it: every field's type, range and
// length, and no field we do not know. A failure throws an Error whose message starts with
// the field that was wrong (docs/server.md, "The protocol").
import type { GameInfo } from 'deckhand';

export class MessageError extends Error {
  constructor(
    message: string,
    readonly code = 'bad_message',
  ) {
    super(message);
  }
}

const fail = (m: string, code?: string): never => {
  throw new MessageError(m, code);
};

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const p = Object.getPrototypeOf(v);
  return p === Object.prototype || p === null;
}

function only(what: string, v: Record<string, unknown>, allowed: string[]): void {
  for (const k of Object.keys(v)) if (!allowed.includes(k)) fail(`${what}: unknown field ${JSON.stringify(k.slice(0, 40))} (allowed: ${allowed.join(', ')})`);
}

function text(what: string, v: unknown, min: number, max: number): string {
  if (typeof v !== 'string') fail(`${what}: a string expected, got ${v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v}`);
  const s = v as string;
  if (s.length < min || s.length > max) fail(`${what}: ${s.length} characters, ${min}..${max} allowed`);
  if (/[\u0000-\u001f\u007f]/.test(s)) fail(`${what}: control characters are not allowed`);
  return s;
}

function int(what: string, v: unknown, min: number, max: number): number {
  if (typeof v !== 'number' || !Number.isInteger(v)) fail(`${what}: an integer expected, got ${JSON.stringify(v)?.slice(0, 40)}`);
  const n = v as number;
  if (n < min || n > max) fail(`${what}: ${n} is outside ${min}..${max}`);
  return n;
}

export const NAME_MAX = 32;
// The library's bot levels (docs/bots.md): the named ones and the ladder's 1 (weakest) to 5.
const LEVELS = ['random', 'basic', 'strong', 'expert', '1', '2', '3', '4', '5'];
const STANDINS = [...LEVELS, 'quickest'];
const TABLE_MS: Record<string, number> = { decisionMs: 86_400_000, bankMs: 3_600_000, botMs: 3_600_000, offerMs: 3_600_000, dealMs: 3_600_000, nonceMs: 60_000 };

export interface CreateRequest {
  name?: string;
  game: string;
  players: number;
  options: Record<string, string | number | boolean>;
  seats: ('human' | { bot: string })[];
  table: Record<string, number | string>;
  listed: boolean;
  spectate: boolean;
}

export function checkCreate(o: unknown, catalog: GameInfo[]): CreateRequest {
  if (!isPlainObject(o)) fail('create: the options must be one JSON object');
  const v = o as Record<string, unknown>;
  only('create', v, ['name', 'game', 'players', 'options', 'seats', 'table', 'listed', 'spectate', 'views']);
  const gameName = text('game', v.game, 1, 64);
  const game = catalog.find((g) => g.name === gameName);
  if (!game) fail(`game: no game ${JSON.stringify(gameName)} (games: ${catalog.map((g) => g.name).join(', ')})`);
  const g = game as GameInfo;
  const players = v.players === undefined ? g.min_players : int('players', v.players, g.min_players, g.max_players);
  const options: Record<string, string | number | boolean> = {};
  if (v.options !== undefined) {
    if (!isPlainObject(v.options)) fail('options: an object of the game\'s options expected');
    for (const [k, x] of Object.entries(v.options as Record<string, unknown>)) {
      if (!g.options.some((opt) => opt.name === k)) fail(`options: ${g.name} has no option ${JSON.stringify(k.slice(0, 40))}`);
      if (typeof x === 'string') text(`options.${k}`, x, 0, 64);
      else if (typeof x === 'number') {
        if (!Number.isFinite(x)) fail(`options.${k}: a finite number expected`);
      } else if (typeof x !== 'boolean') fail(`options.${k}: a string, number or boolean expected`);
      options[k] = x as string | number | boolean;
    }
  }
  let seats: ('human' | { bot: string })[] = new Array(players).fill('human');
  if (v.seats !== undefined) {
    if (!Array.isArray(v.seats)) fail('seats: an array expected, one entry per seat');
    const a = v.seats as unknown[];
    if (a.length !== players) fail(`seats: ${a.length} entries, the table has ${players} seats`);
    seats = a.map((s, k) => {
      if (s === 'human') return 'human';
      if (isPlainObject(s)) {
        only(`seats[${k}]`, s, ['bot']);
        const level = text(`seats[${k}].bot`, s.bot, 1, 16);
        if (!LEVELS.includes(level)) fail(`seats[${k}].bot: ${JSON.stringify(level)} is not a level (${LEVELS.join(', ')})`);
        return { bot: level };
      }
      return fail(`seats[${k}]: "human" or {"bot": LEVEL} expected`);
    });
  }
  const table: Record<string, number | string> = {};
  if (v.table !== undefined) {
    if (!isPlainObject(v.table)) fail('table: an object of table options expected');
    for (const [k, x] of Object.entries(v.table as Record<string, unknown>)) {
      if (k === 'standin') {
        const s = text('table.standin', x, 1, 16);
        if (!STANDINS.includes(s)) fail(`table.standin: ${JSON.stringify(s)} is not one of ${STANDINS.join(', ')}`);
        table.standin = s;
      } else if (k in TABLE_MS) table[k] = int(`table.${k}`, x, 0, TABLE_MS[k]);
      else fail(`table: unknown field ${JSON.stringify(k.slice(0, 40))} (allowed: ${[...Object.keys(TABLE_MS), 'standin'].join(', ')})`);
    }
  }
  const listed = v.listed === undefined ? true : v.listed;
  if (typeof listed !== 'boolean') fail('listed: true or false expected');
  const spectate = v.spectate === undefined ? false : v.spectate;
  if (typeof spectate !== 'boolean') fail('spectate: true or false expected');
  if (!spectate && !seats.includes('human')) fail('seats: no human seat for the creator (or create with spectate: true)');
  const name = spectate && v.name === undefined ? undefined : text('name', v.name, 1, NAME_MAX);
  return { name, game: g.name, players, options, seats, table, listed: listed as boolean, spectate: spectate as boolean };
}

export interface JoinRequest {
  name?: string;
  seatToken?: string;
  spectate: boolean;
  // the client's own view and table in every turn (a client with no game to rebuild them, the web app)
  views: boolean;
}

export function checkJoin(o: unknown, creator = false): JoinRequest {
  if (o === undefined || o === null) o = {};
  if (!isPlainObject(o)) fail('join: the options must be one JSON object');
  const v = o as Record<string, unknown>;
  // A create's own join carries the create options: those fields were checked by checkCreate.
  if (!creator) only('join', v, ['name', 'seatToken', 'spectate', 'views']);
  const spectate = v.spectate === undefined ? false : v.spectate;
  if (typeof spectate !== 'boolean') fail('spectate: true or false expected');
  const views = v.views === undefined ? false : v.views;
  if (typeof views !== 'boolean') fail('views: true or false expected');
  const r: JoinRequest = { spectate: spectate as boolean, views: views as boolean };
  if (v.seatToken !== undefined) {
    r.seatToken = text('seatToken', v.seatToken, 1, 100);
    if (spectate) fail('spectate: a seat token takes a seat; leave out one of the two');
  }
  if (v.name !== undefined) r.name = text('name', v.name, 1, NAME_MAX);
  else if (!spectate && r.seatToken === undefined) fail(`name: 0 characters, 1..${NAME_MAX} allowed`);
  return r;
}

export type ClientMessage =
  | { type: 'act'; action: string; id?: number | string }
  | { type: 'nonce'; nonce: string; id?: number | string }
  | { type: 'sync'; since: number; id?: number | string }
  | { type: 'leave'; id?: number | string }
  | { type: 'hint'; id?: number | string }
  | { type: 'review'; id?: number | string };

const FIELDS: Record<string, string[]> = {
  act: ['action', 'id'],
  nonce: ['nonce', 'id'],
  sync: ['since', 'id'],
  leave: ['id'],
  hint: ['id'],
  review: ['id'],
};

export function checkMessage(type: unknown, payload: unknown): ClientMessage {
  if (typeof type !== 'string') fail(`the message type must be a string, got ${typeof type}`, 'unknown_type');
  const t = type as string;
  if (!(t in FIELDS)) fail(`no message type ${JSON.stringify(t.slice(0, 32))} (types: act, nonce, sync, leave, hint, review)`, 'unknown_type');
  if (payload === undefined && (t === 'leave' || t === 'hint' || t === 'review')) payload = {};
  if (!isPlainObject(payload)) fail(`${t}: the payload must be one JSON object`);
  const v = payload as Record<string, unknown>;
  only(t, v, FIELDS[t]);
  let id: number | string | undefined;
  if (v.id !== undefined) {
    if (typeof v.id === 'number') id = int(`${t}.id`, v.id, -(2 ** 53) + 1, 2 ** 53 - 1);
    else id = text(`${t}.id`, v.id, 0, 32);
  }
  const withId = <T extends object>(m: T) => (id === undefined ? m : { ...m, id });
  switch (t) {
    case 'act':
      return withId({ type: 'act', action: text('act.action', v.action, 1, 200) }) as ClientMessage;
    case 'nonce': {
      const n = text('nonce.nonce', v.nonce, 16, 128);
      if (!/^([0-9a-fA-F]{2})+$/.test(n)) fail('nonce.nonce: hex digits expected, an even number of them (16..128)');
      return withId({ type: 'nonce', nonce: n }) as ClientMessage;
    }
    case 'sync':
      return withId({ type: 'sync', since: int('sync.since', v.since, 0, Number.MAX_SAFE_INTEGER) }) as ClientMessage;
    case 'hint':
    case 'review':
      return withId({ type: t }) as ClientMessage;
    default:
      return withId({ type: 'leave' }) as ClientMessage;
  }
}
