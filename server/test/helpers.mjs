// Test helpers: server processes on 127.0.0.1 (started and stopped here) and players that are
// real colyseus.js clients, recording every message they receive.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { Client } from 'colyseus.js';

const here = path.dirname(fileURLToPath(import.meta.url));
export const BIN = path.join(here, '..', 'bin', 'deckhand-server.mjs');

export function tempDb() {
  return path.join(mkdtempSync(path.join(tmpdir(), 'deckhand-server-test-')), 'tables.db');
}

export async function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

// Starts `deckhand-server` and resolves once it listens.
export async function startServer({ db, port, args = [] }) {
  port ??= await freePort();
  const proc = spawn(process.execPath, [BIN, '--port', String(port), '--db', db, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  await new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`server did not start in 20 s:\n${out}`)), 20000);
    const on = (d) => {
      out += d;
      if (/listening on/.test(out)) {
        clearTimeout(t);
        resolve();
      }
    };
    proc.stdout.on('data', on);
    proc.stderr.on('data', on);
    proc.on('exit', (code) => reject(new Error(`server exited (${code}):\n${out}`)));
  });
  proc.stdout.on('data', (d) => (out += d));
  const server = {
    port,
    proc,
    url: `http://127.0.0.1:${port}`,
    output: () => out,
    async kill(signal = 'SIGKILL') {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      const done = new Promise((r) => proc.once('exit', r));
      proc.kill(signal);
      await done;
    },
  };
  return server;
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export async function until(what, fn, ms = 30000) {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

export const randomNonce = () => randomBytes(32).toString('hex');

// A player: one colyseus.js client. Records every message; with autoplay it answers every
// turn with a legal action (random but seeded by the test's choice) and every commit with a
// nonce.
export class Player {
  constructor(url, { autoplay = true, nonces = true, pick = (legal) => legal[Math.floor(Math.random() * legal.length)], delayMs = 0 } = {}) {
    this.nonces = nonces;
    this.url = url;
    this.client = new Client(url);
    this.autoplay = autoplay;
    this.pick = pick;
    this.delayMs = delayMs;
    this.messages = []; // [type, payload] for every message received, over every connection
    this.events = []; // the event stream as it arrived (deduplicated by seq)
    this.bySeq = new Map(); // every event received, by seq (after a rejoin, sync fills gaps)
    this.errors = [];
    this.seat = null;
    this.token = null;
    this.lastSeq = 0;
    this.turn = null;
    this.closed = null;
    this.acts = 0;
  }

  attach(room) {
    this.room = room;
    this.closed = null;
    room.onMessage('*', (type, payload) => this.receive(type, payload));
    room.onLeave((code) => (this.closed = code));
  }

  receive(type, payload) {
    this.messages.push([type, payload]);
    if (type === 'welcome') {
      this.seat = payload.seat;
      if (payload.token) this.token = payload.token;
      this.code = payload.code;
    } else if (type === 'snapshot') {
      this.snapshot = payload;
      this.firstSnapSeq ??= payload.seq;
      // After a rejoin: ask for what was missed between the last event we had and the snapshot.
      if (this.bySeq.size && payload.seq > this.lastSeq) this.send('sync', { since: this.lastSeq });
      this.lastSeq = Math.max(this.lastSeq, payload.seq);
      // A deal committed before we joined waits for our nonce too.
      const w = payload.table.nonce_window;
      if (w && this.nonces && this.seat !== null && !w.sent.includes(this.seat)) this.send('nonce', { nonce: randomNonce() });
      this.over = payload.table.over;
    } else if (type === 'events') {
      for (const e of payload.events) {
        this.bySeq.set(e.seq, e);
        if (e.seq <= this.lastSeq) continue;
        if (e.seq !== this.lastSeq + 1 && this.events.length) this.gap = `${this.lastSeq} -> ${e.seq}`;
        this.events.push(e);
        this.lastSeq = e.seq;
        if (e.type === 'game_over') this.over = true;
        // Fair deals: a fresh crypto-random nonce for each committed deal (autoplay or not).
        if (e.type === 'commit' && this.nonces && this.seat !== null) {
          this.nonceFor = e.deal;
          this.send('nonce', { nonce: randomNonce() });
        }
        if (e.type === 'nonce' && e.seat === this.seat) this.nonceFor = null;
        if (e.type === 'deal') this.nonceFor = null;
      }
    } else if (type === 'turn') {
      this.turn = payload;
      if (this.autoplay && payload.legal.length) {
        const seq = payload.seq;
        const go = () => {
          if (this.turn?.seq !== seq || !this.room) return;
          this.acts++;
          this.send('act', { action: this.pick(payload.legal, this) });
        };
        if (this.delayMs) setTimeout(go, this.delayMs);
        else go();
      }
    } else if (type === 'error') {
      this.errors.push(payload);
      if (this.autoplay && payload.type === 'act' && this.turn?.legal.length && this.errors.length < 50)
        this.send('act', { action: this.pick(this.turn.legal, this) });
      // Too fast (scripted players with instant bots can be): wait, then answer the turn.
      if (payload.code === 'rate_limited' && this.nonceFor)
        setTimeout(() => this.nonceFor && this.send('nonce', { nonce: randomNonce() }), 300);
      if (this.autoplay && payload.code === 'rate_limited')
        setTimeout(() => this.turn?.legal.length && this.send('act', { action: this.pick(this.turn.legal, this) }), 300);
    }
  }

  // Starts autoplay (and answers the turn it has).
  play() {
    this.autoplay = true;
    if (this.turn?.legal.length) {
      this.acts++;
      this.send('act', { action: this.pick(this.turn.legal, this) });
    }
  }

  // Every event received, in seq order; throws on a gap.
  stream() {
    const seqs = [...this.bySeq.keys()].sort((a, b) => a - b);
    for (let i = 1; i < seqs.length; ++i) if (seqs[i] !== seqs[i - 1] + 1) throw new Error(`seat ${this.seat}: a gap in the events, ${seqs[i - 1]} -> ${seqs[i]}`);
    return seqs.map((q) => this.bySeq.get(q));
  }

  send(type, payload) {
    try {
      this.room?.send(type, payload);
    } catch {
      /* a closed connection: the test sees it elsewhere */
    }
  }

  async create(options) {
    this.attach(await this.client.create('table', options));
    await until('welcome', () => this.code);
    return this.code;
  }

  async join(code, options) {
    this.attach(await this.client.joinById(code, options));
    await until('welcome', () => this.messages.some(([t]) => t === 'welcome'));
  }

  async leave() {
    if (this.room) await this.room.leave(true).catch(() => {});
    this.room = null;
  }
}

// The table as the server last saved it, from its database (SQLite file or PostgreSQL URL).
export async function storedTable(db, code) {
  const { openStore } = await import('../dist/store/open.js');
  const store = await openStore(db);
  try {
    return await store.loadTable(code);
  } finally {
    await store.close();
  }
}

// The first seq a table still keeps: 1 with events=all; with events=deal (the server's default)
// the first of the previous deal's events.
export function firstKept(table) {
  try {
    table.events(null, 0);
    return 1;
  } catch (e) {
    const m = /oldest kept is (\d+)/.exec(e.message);
    if (e.reason !== 'events_dropped' || !m) throw e;
    return Number(m[1]);
  }
}
// table.events(seat, since) of the events the table keeps (since raised to what it keeps).
export const kept = (table, seat, since = 0) => table.events(seat, Math.max(since, firstKept(table) - 1));

let dhPromise;
export const deckhand = () => (dhPromise ??= import('deckhand').then((m) => m.load()));

const tokensOf = (v, out = []) => {
  if (typeof v === 'string') out.push(...v.split(/[\s|,;:()[\]{}"]+/).filter(Boolean));
  else if (Array.isArray(v)) for (const x of v) tokensOf(x, out);
  else if (v && typeof v === 'object') for (const x of Object.values(v)) tokensOf(x, out);
  return out;
};

// The leak capture's check. `table` is the finished table (its own events per seat are the
// truth); `player` a Player that held seat player.seat (null: a spectator) and recorded every
// message it received. A card another seat holds privately (its dealt hand, cards it took,
// as the table's events for that seat say) may reach this player only once it is public
// (in the spectator stream) or the player's own stream has it, by the seq of the message.
// Returns the leaks found (empty: none).
//
// Cards public only through the game's view (a face-up card of the deal, say) are taken from
// `watcher`, a spectator that joined after the deal: its snapshot's cards count as public
// from the deal on.
export function leaks(table, player, watcher = null) {
  const n = table.players;
  const firstSeen = (events) => {
    const m = new Map();
    for (const e of events) for (const t of tokensOf(e)) if (!m.has(t)) m.set(t, e.seq);
    return m;
  };
  // With events=deal the truth is the events kept: messages from before them are not checked.
  const from0 = firstKept(table);
  const pub = firstSeen(kept(table, null));
  if (watcher?.snapshot) {
    const deals = kept(table, null).filter((e) => e.type === 'deal' && e.seq <= watcher.snapshot.seq);
    const from = deals.length ? deals.at(-1).seq : watcher.snapshot.seq;
    for (const t of tokensOf(watcher.snapshot.view)) if (!pub.has(t) || pub.get(t) > from) pub.set(t, from);
  }
  const own = player.seat === null ? new Map() : firstSeen(kept(table, player.seat));
  const secret = new Set(); // tokens some other seat held privately
  for (let k = 0; k < n; ++k) {
    if (k === player.seat) continue;
    for (const e of kept(table, k)) {
      if (Array.isArray(e.hand)) e.hand.forEach((c) => secret.add(c));
      if (Array.isArray(e.cards)) e.cards.forEach((c) => secret.add(c));
    }
  }
  const found = [];
  const check = (what, v, level) => {
    if (level < from0) return;
    for (const t of tokensOf(v)) {
      if (!secret.has(t)) continue;
      const okPub = pub.has(t) && pub.get(t) <= level;
      const okOwn = own.has(t) && own.get(t) <= level;
      if (!okPub && !okOwn) found.push(`${what} at seq ${level}: ${t} (${JSON.stringify(v).slice(0, 160)})`);
    }
  };
  let level = 0;
  for (const [type, payload] of player.messages) {
    if (type === 'events') for (const e of payload.events) check('event', e, e.seq);
    else {
      if (typeof payload?.seq === 'number') level = payload.seq;
      // A turn's legal actions are the seat's own (table.legalActions(seat)); they may name a
      // card the seat may ask for without holding it ("call AC"), so they are not scanned.
      check(type, type === 'turn' ? { ...payload, legal: [] } : payload, level);
    }
    if (type === 'events' && payload.events.length) level = Math.max(level, payload.events.at(-1).seq);
  }
  if (secret.size === 0) found.push('no private cards found: the check would see nothing');
  return found;
}
