// TableRoom: one Colyseus room is one table of the table layer (docs/tables.md). The room is
// transport, storage and security; the table decides everything about the game, and the
// room never names or types a game. The protocol is docs/server.md, "The protocol".
//
// Every operation on a table (a join, a message, a leave, the timer) runs in the room's queue,
// one at a time: it calls the table, saves the change (Store.saveChange with the new image)
// and only then pushes to each client what its seat may see (events(seat, lastSeq)). A client
// never hears of a change the database does not hold.
import { createHash, randomBytes } from 'node:crypto';
import { Room, ServerError, type Client } from '@colyseus/core';
import { decode } from '@colyseus/schema';
import { unpack } from '@colyseus/msgpackr';
import type { Deckhand, Table, GameInfo, TableEvent } from 'deckhand';
import type { Store, TableInfo, SeatRow, ChangeRow } from './store/store.js';
import type { TableHost } from './scale/host.js';
import { checkCreate, checkJoin, checkMessage, MessageError, type CreateRequest } from './check.js';
import { completeRecord, fairLines, LOST } from './fair-record.js';
import { reviewLastHand, ReviewRefused, type Review } from './review.js';

export const MAX_MESSAGE_BYTES = 2048; // a client message as received, before decoding
export const RECONNECT_SECONDS = 20; // Colyseus reconnection after a drop
export const RESTORE_GRACE_MS = 30_000; // after a restart, each human seat's time to come back
export const BUCKET = { capacity: 20, perSecond: 10, disconnectAfter: 50 };
export const HINT_BUDGET = { samples: 24, timeMs: 200 }; // the expert's search for a hint (docs/bots.md)

// What the process gives every room (main.ts sets it).
export interface ServerContext {
  dh: Deckhand;
  catalog: GameInfo[];
  store: Store;
  host: TableHost;
  restoring: Set<string>; // codes main.ts is recreating from the store (not a client's create)
  rooms: Map<string, TableRoom>;
  shuttingDown: boolean;
  fairDeals: boolean; // the table layer takes fairSecret (commitments, nonces, reveals)
  events: 'deal' | 'all'; // the tables' events option (--events; deal: the image stays small)
  abandonMs: number; // a table with no human seat connected this long is closed (0: never)
  log: (line: string) => void;
}
let ctx: ServerContext;
export function setContext(c: ServerContext): void {
  ctx = c;
}

const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export function newCode(): string {
  const b = randomBytes(8);
  let s = '';
  for (const x of b) s += ALPHABET[x & 31];
  return s;
}
export const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');

interface Conn {
  client: Client;
  seat: number | null;
  lastSeq: number;
  tokens: number;
  lastFill: number;
  limited: number; // refused for the rate in a row
  kicked?: boolean; // disconnected for flooding: no reconnection window
  dropped?: boolean; // in its reconnection window: not connected, its seat still its own
  views?: boolean; // asked for its view and table in every turn (join option views)
  superseded?: boolean; // its seat was taken back by its token from another connection
}

interface Settings {
  players: number;
  options: Record<string, string | number | boolean>;
  seats: ('human' | { bot: string })[];
  table: Record<string, number | string>;
  listed: boolean;
}

export class TableRoom extends Room {
  code = '';
  private table!: Table;
  private info!: TableInfo;
  private settings!: Settings;
  private names: string[] = [];
  private hashes: (string | null)[] = [];
  private seatConn: (string | null)[] = []; // sessionId holding each seat, connected or reconnecting
  private conns = new Map<string, Conn>();
  private queue: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  private graceTimer: NodeJS.Timeout | null = null;
  private lastNow = 0;
  private savedSeq = 0;
  private finished = false;
  private failed = false;
  private seatsSig = '';
  private secret: string | null = null; // fair deals: kept only in the database
  private fair = false; // the table has fair deals: each change's fair lines are stored
  private abandonTimer: NodeJS.Timeout | null = null;
  private abandoned = false;
  private creatorPending = false; // the create's own join is next (its options are the create's)

  // ---- creation and restore ----

  async onCreate(options: Record<string, unknown>): Promise<void> {
    const restore = options?.__restore;
    if (typeof restore === 'string' && ctx.restoring.has(restore)) {
      await this.restore(restore);
    } else {
      let req: CreateRequest;
      try {
        req = checkCreate(options, ctx.catalog);
      } catch (e) {
        throw new ServerError(4400, (e as Error).message);
      }
      await this.create(req);
    }
    this.roomId = this.code;
    this.autoDispose = false;
    this.maxClients = this.table.players + 50;
    ctx.rooms.set(this.code, this);
    this.onMessage('*', () => {}); // every message goes through onRaw below
    this.schedule();
    this.watchAbandon();
  }

  private async create(req: CreateRequest): Promise<void> {
    const { dh, store } = ctx;
    const seed = randomBytes(6).readUIntBE(0, 6);
    const topts: Record<string, unknown> = { ...req.table, seed, events: ctx.events, players: req.players };
    if (Object.keys(req.options).length) topts.options = req.options;
    if (ctx.fairDeals) {
      this.secret = randomBytes(32).toString('hex');
      topts.fairSecret = this.secret;
      this.fair = true;
    }
    let table: Table;
    try {
      table = new dh.Table(req.game, topts as never);
    } catch (e) {
      throw new ServerError(4400, `options: ${(e as Error).message}`);
    }
    this.table = table;
    this.settings = { players: table.players, options: req.options, seats: req.seats, table: req.table, listed: req.listed };
    this.names = new Array(table.players).fill('');
    this.hashes = new Array(table.players).fill(null);
    this.seatConn = new Array(table.players).fill(null);
    this.lastNow = Date.now();
    // The table's clock starts now: a table of bots alone (its creator watching) would otherwise
    // make every move due since time 0, the whole game, at its first tick.
    table.tick(this.lastNow);
    req.seats.forEach((s, k) => {
      if (s !== 'human') table.seatBot(k, s.bot as never);
    });
    const image = table.serialize();
    for (let attempt = 0; ; ++attempt) {
      this.code = newCode();
      this.info = { code: this.code, game: req.game, players: table.players, settings: this.settings, listed: req.listed, createdAtMs: this.lastNow };
      try {
        await store.createTable(this.info, image, table.seq);
        break;
      } catch (e) {
        if (attempt >= 4 || !/exist|unique|duplicate/i.test((e as Error).message)) throw e;
      }
    }
    this.savedSeq = table.seq;
    this.creatorPending = true;
    ctx.host.adopt(this.code);
  }

  private async restore(code: string): Promise<void> {
    const stored = await ctx.store.loadTable(code);
    if (!stored) throw new Error(`no table ${code} in the store`);
    this.code = code;
    this.info = stored.info;
    this.settings = stored.info.settings as Settings;
    this.table = ctx.dh.Table.deserialize(stored.image);
    this.savedSeq = stored.seq;
    this.fair = this.table.snapshot(null).table.nonce_window !== undefined;
    const n = this.table.players;
    this.names = new Array(n).fill('');
    this.hashes = new Array(n).fill(null);
    this.seatConn = new Array(n).fill(null);
    for (const s of stored.seats) {
      this.names[s.seat] = s.name;
      this.hashes[s.seat] = s.tokenHash;
    }
    this.lastNow = Math.max(Date.now(), Number(this.table.snapshot(null).table.now_ms) || 0);
    // Every human seat gets a grace period to come back before its stand-in plays.
    this.graceTimer = setTimeout(() => {
      this.graceTimer = null;
      void this.run(async () => {
        for (let k = 0; k < n; ++k)
          if (this.seatConn[k] === null && this.table.holder(k) === 'human' && !this.table.isOver) {
            this.table.leave(k, this.now());
            await this.commit('leave', k, 'not back after a restart');
          }
        this.push();
      });
    }, RESTORE_GRACE_MS);
  }

  // ---- the queue, the clock, saving and pushing ----

  private run<T>(fn: () => Promise<T>): Promise<T> {
    const p = this.queue.then(() => (this.failed ? Promise.reject(new Error('table unavailable')) : fn()));
    this.queue = p.catch(() => {});
    return p;
  }

  private now(): number {
    this.lastNow = Math.max(this.lastNow, Date.now());
    return this.lastNow;
  }

  // Saves the table when it changed (its seq moved) before anyone hears of it.
  private async commit(kind: string, seat: number | null, detail: string): Promise<void> {
    const t = this.table;
    if (t.seq === this.savedSeq) return;
    const image = t.serialize();
    const change: ChangeRow = { seq: t.seq, kind, seat, detail: detail.slice(0, 1000), atMs: this.lastNow };
    if (this.fair) {
      const lines = this.eventsFor(null, this.savedSeq, t.seq);
      const text = lines === null ? LOST : fairLines(lines);
      if (text) change.fair = text;
    }
    try {
      await ctx.store.saveChange(this.code, change, image);
      this.savedSeq = t.seq;
      if (t.isOver && !this.finished) {
        await ctx.store.finishTable(
          { code: this.code, game: this.info.game, record: await this.wholeRecord(), scores: t.scores, names: this.names, finishedAtMs: this.lastNow },
          image,
        );
        this.finished = true;
        this.stopAbandonTimer();
      }
    } catch (e) {
      await this.fail(e as Error);
      throw e;
    }
    if (this.finished && !this.autoDispose) {
      // The room closes when its last client leaves (now, when nobody is connected).
      this.autoDispose = true;
      void ctx.host.release(this.code);
      // (not while its creator's seat is reserved: a table of bots may be over before it joins)
      if (this.clients.length === 0 && !this.creatorPending) setTimeout(() => void this.disconnect(), 0);
    }
  }

  // A write failed: nobody heard of the change; the room closes without writing and the table
  // is hosted again from the store (the last saved image), by this process or another.
  private async fail(e: Error): Promise<void> {
    if (this.failed) return;
    this.failed = true;
    ctx.log(`table ${this.code}: saving failed (${e.message}); closing the room`);
    if (this.timer) clearTimeout(this.timer);
    if (/hosted by/.test(e.message)) {
      void ctx.host.lost(this.code, e.message);
    } else {
      setTimeout(() => {
        void this.disconnect(4500).then(() => ctx.host.release(this.code));
      }, 0);
    }
  }

  private seatsMessage() {
    const seats = [];
    for (let k = 0; k < this.table.players; ++k) {
      const holder = this.table.holder(k);
      const snapSeat = holder === 'bot' ? this.levelOf(k) : null;
      seats.push({ seat: k, name: this.names[k], holder, level: snapSeat, connected: this.isConnected(k) });
    }
    let spectators = 0;
    for (const c of this.conns.values()) if (c.seat === null) ++spectators;
    return { seats, spectators };
  }

  // A client holds the seat now (not one in its reconnection window).
  private isConnected(k: number): boolean {
    const id = this.seatConn[k];
    return id !== null && this.conns.get(id)?.dropped !== true;
  }

  private levelOf(k: number): string | null {
    const s = this.settings.seats[k];
    if (s && s !== 'human') return s.bot;
    return this.table.snapshot(null).table.seats[k]?.level ?? null;
  }

  // The turn as `seat` sees it; `base` is the part every seat shares (one per push).
  private turnFor(seat: number | null, base = this.turnBase(), views = false) {
    // view: the seat's view of the game now (what its snapshot's view would be), so that a
    // client draws the table after every change without a game of its own (the web app)
    const turn = { ...base, legal: seat !== null && base.mayAct.includes(seat) ? this.table.legalActions(seat) : [] };
    if (!views) return turn;
    // the seat's view and table now (its snapshot's), for a client that draws the table after
    // every change with no game of its own to rebuild them from the events (the web app)
    const snap = this.table.snapshot(seat);
    return { ...turn, view: snap.view, table: snap.table };
  }

  private turnBase() {
    const t = this.table;
    return { seq: this.savedSeq, toAct: t.toAct, mayAct: t.mayAct, deadlineMs: t.deadlineMs, nowMs: Date.now() };
  }

  // Sends each client the saved events after its last seq, the turn, and the seats if changed.
  private push(): void {
    const seats = this.seatsMessage();
    const sig = JSON.stringify(seats);
    const seatsChanged = sig !== this.seatsSig;
    this.seatsSig = sig;
    const base = this.turnBase();
    for (const c of this.conns.values()) {
      if (c.dropped) continue; // it gets a snapshot when it is back
      if (c.lastSeq >= this.savedSeq) {
        if (seatsChanged) c.client.send('seats', seats);
        continue;
      }
      this.catchUp(c);
      c.client.send('turn', this.turnFor(c.seat, base, c.views));
      if (seatsChanged) c.client.send('seats', seats);
    }
    this.schedule();
    this.watchAbandon();
  }

  // The saved events after `since` as `seat` sees them (up to `upTo`, the saved seq); null
  // when the table no longer keeps them (events=deal keeps the current and the previous deal).
  private eventsFor(seat: number | null, since: number, upTo = this.savedSeq): TableEvent[] | null {
    try {
      return this.table.events(seat, since).filter((e) => e.seq <= upTo);
    } catch (e) {
      if ((e as { reason?: string }).reason === 'events_dropped') return null;
      throw e;
    }
  }

  // Sends c the saved events after its last seq; when it has fallen behind further than the
  // events kept, a fresh snapshot instead (and it goes on from the snapshot's seq).
  private catchUp(c: Conn): void {
    const fresh = this.eventsFor(c.seat, c.lastSeq);
    if (fresh === null) {
      const snap = this.table.snapshot(c.seat);
      c.client.send('snapshot', snap);
      c.lastSeq = snap.seq;
      return;
    }
    if (fresh.length) {
      c.client.send('events', { events: fresh });
      c.lastSeq = fresh[fresh.length - 1].seq;
    }
  }

  // The finished (or abandoned) game's record: the table's, with the fair lines of the deals
  // it no longer keeps put back from the store (fair-record.ts). Checked by the reader: a record
  // the reader would refuse is never stored (the table's own is, and the log says why).
  private async wholeRecord(): Promise<string> {
    const own = this.table.record();
    if (!this.fair) return own;
    const stored = (await ctx.store.changes(this.code)).flatMap((c) => (c.fair ? [c.fair] : []));
    const whole = completeRecord(own, stored);
    if (whole === own) return own;
    const check = ctx.dh.replay(whole) as { ok: boolean; message?: string };
    if (check.ok) return whole;
    ctx.log(`table ${this.code}: the record with the stored fair lines does not replay (${check.message}); keeping the table's own`);
    return own;
  }

  // ---- abandoned tables ----

  private anyHumanConnected(): boolean {
    for (let k = 0; k < this.table.players; ++k) if (this.settings.seats[k] === 'human' && this.isConnected(k)) return true;
    return false;
  }

  private stopAbandonTimer(): void {
    if (this.abandonTimer) clearTimeout(this.abandonTimer);
    this.abandonTimer = null;
  }

  // Starts the abandon clock when no human seat is connected, stops it when one is.
  private watchAbandon(): void {
    if (this.finished || this.failed || ctx.abandonMs <= 0 || this.anyHumanConnected()) return this.stopAbandonTimer();
    if (this.abandonTimer) return;
    this.abandonTimer = setTimeout(() => {
      this.abandonTimer = null;
      void this.run(() => this.abandon()).catch((e) => ctx.log(`table ${this.code}: abandoning failed: ${(e as Error).message}`));
    }, ctx.abandonMs);
  }

  // Closes a table nobody plays: its record so far is kept (history, marked abandoned), it is
  // marked finished in the store so that no restart restores it, and the room closes.
  private async abandon(): Promise<void> {
    if (this.finished || this.failed || this.anyHumanConnected()) return;
    const t = this.table;
    const image = t.serialize();
    await ctx.store.finishTable(
      { code: this.code, game: this.info.game, record: await this.wholeRecord(), scores: t.scores, names: this.names, finishedAtMs: this.now(), abandoned: true },
      image,
    );
    this.finished = true;
    this.abandoned = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.graceTimer) clearTimeout(this.graceTimer);
    this.graceTimer = null;
    ctx.log(`table ${this.code}: abandoned (no human seat connected for ${ctx.abandonMs} ms)`);
    this.autoDispose = true;
    void ctx.host.release(this.code);
    setTimeout(() => void this.disconnect(4410), 0);
  }

  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.failed || this.finished || this.table.isOver) return;
    const due = this.table.nextDueMs;
    if (due === null) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.run(async () => {
        this.table.tick(this.now());
        await this.commit('tick', null, '');
        this.push();
      }).catch((e) => ctx.log(`table ${this.code}: tick failed: ${(e as Error).message}`));
    }, Math.max(0, Math.min(due - Date.now(), 2 ** 31 - 1)));
  }

  // Welcome, snapshot and turn for a client that (re)joined.
  private greet(c: Conn, token: string | null): void {
    const welcome: Record<string, unknown> = {
      code: this.code,
      seat: c.seat,
      game: this.info.game,
      players: this.table.players,
      settings: { options: this.settings.options, table: this.settings.table, listed: this.settings.listed },
      seats: this.seatsMessage().seats,
    };
    if (token) welcome.token = token;
    c.client.send('welcome', welcome);
    const snap = this.table.snapshot(c.seat);
    c.client.send('snapshot', snap);
    c.lastSeq = snap.seq;
    c.client.send('turn', this.turnFor(c.seat, undefined, c.views));
  }

  // ---- joins and leaves ----

  async onJoin(client: Client, options: Record<string, unknown>): Promise<void> {
    let req;
    try {
      req = checkJoin(options, this.creatorPending);
      this.creatorPending = false;
    } catch (e) {
      throw new ServerError(4400, (e as Error).message);
    }
    await this.run(async () => {
      if (this.abandoned) throw new ServerError(4410, `table ${this.code} was abandoned (no human seat connected for ${ctx.abandonMs} ms)`);
      const t = this.table;
      let seat: number | null = null;
      let token: string | null = null;
      if (req.seatToken !== undefined) {
        const h = sha256(req.seatToken);
        seat = this.hashes.indexOf(h);
        if (seat < 0) throw new ServerError(4403, 'bad seat token');
        if (this.isConnected(seat)) throw new ServerError(4409, `seat ${seat} is held by a connected player`);
        // A connection in its reconnection window (a reload, a lost network) gives way.
        const old = this.seatConn[seat];
        if (old !== null) {
          const oc = this.conns.get(old);
          if (oc) oc.superseded = true;
          this.conns.delete(old);
          this.seatConn[seat] = null;
        }
        if (t.holder(seat) !== 'human' && !t.isOver) {
          t.seatHuman(seat);
          await this.commit('seat', seat, 'back');
        }
      } else if (!req.spectate) {
        if (this.finished) throw new ServerError(4404, `table ${this.code} is over: join with spectate: true to watch`);
        for (let k = 0; k < t.players; ++k)
          if (this.settings.seats[k] === 'human' && this.hashes[k] === null && t.holder(k) === 'empty') {
            seat = k;
            break;
          }
        if (seat === null) throw new ServerError(4409, 'no free seat: join with spectate: true to watch');
        token = randomBytes(24).toString('base64url');
        const row: SeatRow = { seat, name: req.name ?? '', tokenHash: sha256(token) };
        await ctx.store.setSeat(this.code, row);
        this.names[seat] = row.name;
        this.hashes[seat] = row.tokenHash;
        t.seatHuman(seat);
        t.tick(this.now()); // the first deal when this was the last empty seat
        await this.commit('seat', seat, row.name);
      }
      if (seat !== null) this.seatConn[seat] = client.sessionId;
      const c: Conn = { client, seat, lastSeq: 0, tokens: BUCKET.capacity, lastFill: Date.now(), limited: 0, views: req.views };
      this.conns.set(client.sessionId, c);
      this.greet(c, token);
      this.push();
    });
  }

  async onLeave(client: Client, consented: boolean): Promise<void> {
    const c = this.conns.get(client.sessionId);
    if (!c) return;
    if (ctx.shuttingDown) return;
    if (!consented && !c.kicked && c.seat !== null && !this.finished && !this.failed) {
      c.dropped = true;
      void this.run(async () => this.push()); // the others see the seat disconnected
      try {
        const back = await this.allowReconnection(client, RECONNECT_SECONDS);
        await this.run(async () => {
          if (c.superseded) {
            back.leave(4409, 'the seat was taken back with its token on another connection');
            return;
          }
          c.dropped = false;
          c.client = back;
          c.tokens = BUCKET.capacity;
          this.greet(c, null);
          this.push();
        });
        return;
      } catch {
        // not back in time: the seat's stand-in plays
        if (c.superseded) return;
      }
    }
    await this.run(async () => {
      this.conns.delete(client.sessionId);
      const seat = c.seat;
      if (seat !== null && this.seatConn[seat] === client.sessionId) {
        this.seatConn[seat] = null;
        if (this.table.holder(seat) === 'human' && !this.table.isOver) {
          this.table.leave(seat, this.now());
          await this.commit('leave', seat, consented ? 'left' : 'lost');
        }
      }
      this.push();
    }).catch(() => {});
  }

  onDispose(): void {
    try {
      this.hintBot?.free();
    } catch {
      /* already freed */
    }
    if (this.timer) clearTimeout(this.timer);
    if (this.graceTimer) clearTimeout(this.graceTimer);
    this.stopAbandonTimer();
    if (ctx.rooms.get(this.code) === this) ctx.rooms.delete(this.code);
    try {
      this.table?.free();
    } catch {
      /* already freed */
    }
  }

  // Free human seats (GET /tables).
  freeSeats(): number {
    let n = 0;
    for (let k = 0; k < this.table.players; ++k) if (this.settings.seats[k] === 'human' && this.hashes[k] === null) ++n;
    return n;
  }

  // ---- messages ----

  // Every client message comes through here as received: size cap and rate limit before
  // anything is decoded, then our own decoding (a malformed one is refused, not a crash).
  _onMessage(client: Client, buffer: Buffer): void {
    if (buffer?.[0] !== 13 && buffer?.[0] !== 17) return (Room.prototype as any)._onMessage.call(this, client, buffer);
    const c = this.conns.get(client.sessionId);
    if (!c) return;
    // The token bucket.
    const t = Date.now();
    c.tokens = Math.min(BUCKET.capacity, c.tokens + ((t - c.lastFill) / 1000) * BUCKET.perSecond);
    c.lastFill = t;
    if (c.tokens < 1) {
      if (++c.limited >= BUCKET.disconnectAfter) {
        c.kicked = true;
        client.leave(4429, 'rate limit');
        return;
      }
      client.send('error', { type: null, code: 'rate_limited', message: `more than ${BUCKET.perSecond} messages a second: slow down` });
      return;
    }
    c.tokens -= 1;
    c.limited = 0;
    if (buffer.byteLength > MAX_MESSAGE_BYTES) {
      client.send('error', { type: null, code: 'too_large', message: `a message of ${buffer.byteLength} bytes: the limit is ${MAX_MESSAGE_BYTES}` });
      return;
    }
    if (buffer[0] === 17) {
      client.send('error', { type: null, code: 'bad_message', message: 'binary payloads are not accepted: send one JSON object' });
      return;
    }
    let type: unknown;
    let payload: unknown;
    try {
      const it = { offset: 1 };
      type = decode.stringCheck(buffer, it) ? decode.string(buffer, it) : decode.number(buffer, it);
      payload = buffer.byteLength > it.offset ? unpack(buffer.subarray(it.offset, buffer.byteLength)) : undefined;
    } catch (e) {
      client.send('error', { type: null, code: 'bad_message', message: `the message cannot be decoded: ${(e as Error).message}` });
      return;
    }
    let msg;
    try {
      msg = checkMessage(type, payload);
    } catch (e) {
      const me = e as MessageError;
      client.send('error', { type: typeof type === 'string' ? type.slice(0, 32) : null, code: me.code ?? 'bad_message', message: me.message });
      return;
    }
    void this.run(() => this.handle(c, msg)).catch((e) =>
      c.client.send('error', { type: msg.type, ...(msg.id !== undefined ? { id: msg.id } : {}), code: 'unavailable', message: (e as Error).message }),
    );
  }

  private async handle(c: Conn, msg: ReturnType<typeof checkMessage>): Promise<void> {
    const t = this.table;
    const err = (code: string, message: string, extra: Record<string, unknown> = {}) =>
      c.client.send('error', { type: msg.type, ...(msg.id !== undefined ? { id: msg.id } : {}), code, ...extra, message });
    if (msg.type === 'sync') {
      if (msg.since > this.savedSeq) return err('bad_message', `since ${msg.since} is after the table's seq ${this.savedSeq}`);
      const evs = this.eventsFor(c.seat, msg.since);
      if (evs === null) {
        // fallen behind further than the events kept: a fresh snapshot, then on from its seq
        const snap = t.snapshot(c.seat);
        c.client.send('snapshot', snap);
        c.lastSeq = snap.seq;
        return;
      }
      c.client.send('events', { events: evs });
      c.lastSeq = Math.max(c.lastSeq, evs.length ? evs[evs.length - 1].seq : msg.since);
      return;
    }
    if (c.seat === null) return err('spectator', `a spectator cannot ${msg.type}: join with a seat`);
    const seat = c.seat;
    if (this.seatConn[seat] !== c.client.sessionId) return err('not_seated', `seat ${seat} is not yours now`);
    if (msg.type === 'leave') {
      c.client.leave(4000);
      return;
    }
    if (msg.type === 'hint' || msg.type === 'review') return this.advise(c, seat, msg.type, msg.id, err);
    const now = this.now();
    try {
      if (msg.type === 'act') t.act(seat, msg.action, now);
      else {
        const nonce = (t as unknown as { nonce?: (s: number, h: string, n: number) => void }).nonce;
        if (typeof nonce !== 'function') {
          err('unknown_type', 'nonce: fair deals are not enabled on this server');
          return;
        }
        nonce.call(t, seat, msg.nonce, now);
      }
    } catch (e) {
      const d = e as { statusName?: string; reason?: string; message: string };
      await this.commit('tick', null, ''); // a refused act still made the moves due by now
      err(d.statusName ?? 'refused', d.message, { reason: d.reason ?? '' });
      this.push();
      return;
    }
    await this.commit(msg.type, seat, msg.type === 'act' ? msg.action : msg.nonce);
    this.push();
  }

  // ---- hints and reviews (docs/server.md "The protocol"): for the asking seat only ----

  private hintBot: import('deckhand').Bot | null = null;
  private hints = new Map<string, unknown>(); // `seat:seq` -> the hint given at that point
  private reviews = new Map<string, Review>(); // `seat:hand` -> its review

  // hint: the library bot's hint for the seat, only when it may act now. review: its own card
  // plays in the last hand that is over, against the open-hand best. Both answered once per
  // point (a second ask gets the same answer without searching again).
  private advise(
    c: Conn,
    seat: number,
    type: 'hint' | 'review',
    id: number | string | undefined,
    err: (code: string, message: string, extra?: Record<string, unknown>) => void,
  ): void {
    const t = this.table;
    const reply = (body: object) => c.client.send(type, { ...(id !== undefined ? { id } : {}), ...body });
    if (type === 'hint') {
      if (t.isOver) return err('DH_E_GAME_OVER', 'hint: the game is over');
      if (!t.mayAct.includes(seat))
        return err('not_your_turn', `hint: seat ${seat} may not act now (${t.toAct === null ? 'nobody is to act' : `seat ${t.toAct} is to act`}): a hint is for your own turn`);
      const key = `${seat}:${this.savedSeq}`;
      let hint = this.hints.get(key);
      if (hint === undefined) {
        const game = t.game();
        try {
          this.hintBot ??= new ctx.dh.Bot(this.info.game, { level: 'expert', seed: 1, samples: HINT_BUDGET.samples, timeMs: HINT_BUDGET.timeMs });
          hint = this.hintBot.hint(game, seat);
        } catch (e) {
          const d = e as { statusName?: string; reason?: string; message: string };
          return err(d.statusName ?? 'refused', `hint: ${d.message}`, { reason: d.reason ?? '' });
        } finally {
          game.free();
        }
        this.hints.clear();
        this.hints.set(key, hint);
      }
      return reply({ seq: this.savedSeq, ...(hint as object) });
    }
    const game = t.game();
    try {
      const hands = game.record().split('\n').filter((l) => l.startsWith('deal ')).length;
      const key = `${seat}:${hands}:${!game.awaitingDeal && !game.isOver}`;
      let review = this.reviews.get(key);
      if (!review) {
        review = reviewLastHand(ctx.dh, game, seat);
        this.reviews.set(key, review);
      }
      reply(review);
    } catch (e) {
      if (e instanceof ReviewRefused) return err(e.code, e.message);
      const d = e as { statusName?: string; message: string };
      return err(d.statusName ?? 'refused', `review: ${d.message}`);
    } finally {
      game.free();
    }
  }
}

