#!/usr/bin/env node
// The server's load generator: N concurrent tables of scripted colyseus.js clients over
// WebSockets on loopback, against one deckhand-server process it starts (or --connect URL).
// Bounded in tables and time: it stops by itself after --seconds.
//
//   node bench/load.mjs --tables 100 --seconds 60 [--game ghost-euchre] [--think-ms 1000]
//                       [--warmup 10] [--db FILE|postgres://...] [--json FILE]
//
// Every seat is a human client that, on a `turn` message listing legal actions for it, waits a
// think time (uniform in 0.5..1.5 x --think-ms) and sends a random legal action with an id.
// A table whose game ends is left and replaced by a new one, so N tables stay in play.
//
// Measures, over the window after the warm-up:
//   round trip   from sending `act` to receiving the `events` message holding that action (or,
//                for an offer answered ahead of its turn, its `answered` event)
//   CPU/action   the server process's user+system CPU time (/proc/PID/stat) / actions acked
//   memory/table (server RSS with the N tables seated - RSS before any table) / N
// and at the end, with the server stopped, checks every table's stored changes against what
// the clients were told: every acknowledged action stored once for its seat, in order (lost,
// duplicated; stored-but-unacknowledged actions in flight at the stop are counted apart).
import { Client } from 'colyseus.js';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../test/lib/servers.mjs';
import { cpuSeconds, rssBytes, loadAverage, percentile } from './procstat.mjs';
import { openStore } from '../dist/store/open.js';

function parseArgs(argv) {
  const o = { tables: 100, seconds: 60, game: 'ghost-euchre', thinkMs: 1000, warmup: 10, db: null, json: null, connect: null, concurrency: 20 };
  const num = (k, v, min, max) => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < min || n > max) throw new Error(`--${k} must be an integer in ${min}..${max}, got ${v}`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const v = argv[i + 1];
    switch (a) {
      case '--tables': o.tables = num('tables', v, 1, 5000); i++; break;
      case '--seconds': o.seconds = num('seconds', v, 5, 3600); i++; break;
      case '--warmup': o.warmup = num('warmup', v, 0, 600); i++; break;
      case '--think-ms': o.thinkMs = num('think-ms', v, 0, 60000); i++; break;
      case '--concurrency': o.concurrency = num('concurrency', v, 1, 200); i++; break;
      case '--game': o.game = v; i++; break;
      case '--db': o.db = v; i++; break;
      case '--json': o.json = v; i++; break;
      case '--connect': o.connect = v; i++; break;
      default: throw new Error(`unknown argument ${a} (see the head of bench/load.mjs)`);
    }
  }
  return o;
}

const opt = parseArgs(process.argv.slice(2));
const dir = mkdtempSync(join(tmpdir(), 'deckhand-load-'));
const db = opt.db ?? join(dir, 'load.db');
let server = null;
const deadline = Date.now() + (opt.seconds + opt.warmup + 600) * 1000; // a hard stop whatever happens
const hardStop = setTimeout(() => {
  console.error('load: hard time limit reached, stopping');
  server?.kill('SIGKILL');
  process.exit(2);
}, deadline - Date.now());
hardStop.unref();
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));

let rngState = 0x2026;
const rand = () => {
  rngState = (rngState * 1103515245 + 12345) & 0x7fffffff;
  return rngState / 0x80000000;
};

const stats = {
  sent: 0,
  acked: 0,
  refused: 0,
  refusedCodes: {},
  latencies: [],
  measuring: false,
  tablesCreated: 0,
  tablesFinished: 0,
  joinErrors: 0,
};
let acting = true;
const allTables = []; // every table made: { code, seats: [{ acked: [actions] , inflight }] }

// One seat's client.
class Seat {
  constructor(table, seat) {
    this.table = table;
    this.seat = seat;
    this.acked = [];
    this.pending = new Map(); // id -> { action, t0, measured }
    this.nextId = 1;
    this.answersWaiting = 0; // answers acknowledged by `answered`, not yet taken effect
    this.timer = null;
    this.room = null;
  }

  attach(room) {
    this.room = room;
    room.onMessage('turn', (m) => this.onTurn(m));
    room.onMessage('events', (m) => this.onEvents(m));
    room.onMessage('error', (m) => this.onError(m));
    this.welcomed = new Promise((resolve) =>
      room.onMessage('welcome', (m) => {
        if (typeof m.seat === 'number') this.seat = m.seat;
        resolve(m);
      }),
    );
    // a snapshot in play (a client fallen behind the events kept): only whether the game is over
    room.onMessage('snapshot', (m) => {
      if (m?.table?.over) this.table.over = true;
    });
    room.onMessage('seats', () => {});
    room.onMessage('*', () => {});
  }

  onTurn(m) {
    if (m.seq !== undefined) this.table.seq = Math.max(this.table.seq, m.seq);
    // A turn of ours again: an early answer of ours either took effect (its event came first)
    // or never will (a seat ahead bought the card).
    if (Array.isArray(m.legal) && m.legal.length > 0 && this.pending.size === 0) this.answersWaiting = 0;
    // Like a player who sees the turn change while thinking (an offer another seat closed),
    // think again about the new choices rather than send a stale one.
    if (this.timer && JSON.stringify(m.legal) !== this.timerFor) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (!acting || this.pending.size > 0 || this.timer) return;
    if (!Array.isArray(m.legal) || m.legal.length === 0) return;
    const legal = m.legal;
    this.timerFor = JSON.stringify(legal);
    const think = opt.thinkMs * (0.5 + rand());
    this.timer = setTimeout(() => {
      this.timer = null;
      if (!acting || !this.room) return;
      const action = legal[Math.floor(rand() * legal.length)];
      const id = this.nextId++;
      this.pending.set(id, { action, t0: performance.now(), measured: stats.measuring });
      stats.sent++;
      this.room.send('act', { action, id });
    }, think);
  }

  onEvents(m) {
    for (const e of m.events ?? []) {
      // An offer answered ahead of its turn (T6) is acknowledged by its `answered` event; its
      // `action` event comes when it takes effect and acknowledges nothing more.
      if (e.type === 'action' && e.seat === this.seat && this.answersWaiting > 0 && e.by === 'human') {
        this.answersWaiting--;
        continue;
      }
      const acknowledged = e.type === 'answered' || (e.type === 'action' && e.by !== 'stand-in' && e.by !== 'bot');
      if (acknowledged && e.seat === this.seat) {
        if (e.type === 'answered') this.answersWaiting++;
        // the oldest pending action of this seat is the one the server took
        const [id, p] = this.pending.entries().next().value ?? [];
        if (p === undefined) continue;
        this.pending.delete(id);
        this.acked.push(p.action);
        stats.acked++;
        if (p.measured && stats.measuring) {
          stats.latencies.push(performance.now() - p.t0);
          stats.windowAcked++;
        }
      }
      if (e.type === 'game_over' || e.type === 'over') this.table.over = true;
    }
  }

  onError(m) {
    if (m.type === 'act' && this.pending.has(m.id)) {
      this.pending.delete(m.id);
      stats.refused++;
      stats.refusedCodes[m.code] = (stats.refusedCodes[m.code] ?? 0) + 1;
    }
  }

  async close() {
    clearTimeout(this.timer);
    this.timer = null;
    const r = this.room;
    this.room = null;
    if (r) await r.leave(true).catch(() => {});
  }
}

class Table {
  constructor(url) {
    this.url = url;
    this.code = null;
    this.seats = [];
    this.seq = 0;
    this.over = false;
  }

  async open() {
    const creator = new Client(this.url);
    const room = await creator.create('table', { name: 'seat0', game: opt.game, listed: false });
    this.code = room.roomId;
    const s0 = new Seat(this, 0);
    s0.attach(room);
    this.seats.push(s0);
    const players = (await s0.welcomed).players;
    for (let k = 1; k < players; k++) {
      const c = new Client(this.url);
      const r = await c.joinById(this.code, { name: `seat${k}` });
      const s = new Seat(this, k);
      s.attach(r);
      this.seats.push(s);
    }
    stats.tablesCreated++;
    allTables.push(this);
  }

  async close() {
    await Promise.all(this.seats.map((s) => s.close()));
  }
}

async function pool(n, concurrency, fn) {
  let next = 0;
  const errors = [];
  await Promise.all(
    Array.from({ length: Math.min(n, concurrency) }, async () => {
      while (next < n) {
        const i = next++;
        try {
          await fn(i);
        } catch (e) {
          errors.push(e);
        }
      }
    }),
  );
  return errors;
}

function summary(label, extra = {}) {
  const lat = stats.latencies.slice().sort((a, b) => a - b);
  return {
    label,
    tables: opt.tables,
    game: opt.game,
    thinkMs: opt.thinkMs,
    windowSeconds: extra.windowSeconds,
    actionsAcked: stats.windowAcked,
    actionsPerSecond: extra.windowSeconds ? Math.round(stats.windowAcked / extra.windowSeconds) : null,
    p50ms: +percentile(lat, 50).toFixed(2),
    p99ms: +percentile(lat, 99).toFixed(2),
    maxms: +(lat.at(-1) ?? NaN).toFixed(2),
    ...extra,
  };
}

async function main() {
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  let url = opt.connect;
  if (!url) {
    // every table comes from this one address: no create limit
    server = await startServer(['--db', db, '--create-limit', '0']);
    url = server.url;
  }
  const pid = server?.pid;
  await new Promise((r) => setTimeout(r, 1000));
  const rss0 = pid ? rssBytes(pid) : NaN;
  console.log(`load: ${opt.tables} tables of ${opt.game} on ${url} (db ${opt.db ?? 'a temporary SQLite file'}); load ${loadAverage()}`);

  const t0 = Date.now();
  const errors = await pool(opt.tables, opt.concurrency, async () => {
    const t = new Table(url);
    await t.open();
  });
  stats.joinErrors += errors.length;
  if (errors.length) console.log(`load: ${errors.length} tables failed to open: ${errors[0].message}`);
  console.log(`load: ${stats.tablesCreated} tables seated in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  // replace finished tables so N stay in play
  const keeper = setInterval(() => {
    for (const t of allTables) {
      if (t.over && !t.replaced) {
        t.replaced = true;
        stats.tablesFinished++;
        t.close();
        if (acting) new Table(url).open().catch(() => stats.joinErrors++);
      }
    }
  }, 500);

  await new Promise((r) => setTimeout(r, opt.warmup * 1000));
  const rss1 = pid ? rssBytes(pid) : NaN;
  const cpu0 = pid ? cpuSeconds(pid) : NaN;
  const myCpu0 = process.cpuUsage();
  const load0 = loadAverage();
  stats.windowAcked = 0;
  stats.measuring = true;
  loopDelay.enable();
  const w0 = performance.now();
  // each minute of the window: the server's CPU per action acknowledged in it, and its RSS
  // (a soak shows whether the cost of an action grows as the games go on)
  const minutes = [];
  let mark = { cpu: cpu0, acked: 0 };
  const sampler = setInterval(() => {
    if (!pid) return;
    const cpu = cpuSeconds(pid);
    const acked = stats.windowAcked - mark.acked;
    minutes.push({ minute: minutes.length + 1, acked, cpuMsPerAction: +(((cpu - mark.cpu) / acked) * 1000).toFixed(3), rssMiB: +(rssBytes(pid) / 2 ** 20).toFixed(1) });
    mark = { cpu, acked: stats.windowAcked };
  }, 60_000);
  await new Promise((r) => setTimeout(r, opt.seconds * 1000));
  clearInterval(sampler);
  stats.measuring = false;
  const windowSeconds = (performance.now() - w0) / 1000;
  loopDelay.disable();
  const cpu1 = pid ? cpuSeconds(pid) : NaN;
  const myCpu = process.cpuUsage(myCpu0);
  const rss2 = pid ? rssBytes(pid) : NaN;
  const load1 = loadAverage();

  // stop acting, let in-flight actions land, leave
  acting = false;
  clearInterval(keeper);
  await new Promise((r) => setTimeout(r, 2000));
  const inflight = allTables.reduce((n, t) => n + t.seats.reduce((m, s) => m + s.pending.size, 0), 0);
  await pool(allTables.length, 50, (i) => allTables[i].close());
  if (server) {
    await server.kill('SIGTERM');
  }

  const serverCpu = cpu1 - cpu0;
  const result = summary('load', {
    windowSeconds: +windowSeconds.toFixed(1),
    serverCpuSeconds: +serverCpu.toFixed(2),
    serverCpuPerActionMs: +((serverCpu / stats.windowAcked) * 1000).toFixed(3),
    serverCorePercent: +((serverCpu / windowSeconds) * 100).toFixed(1),
    loadgenCpuPercent: +(((myCpu.user + myCpu.system) / 1e6 / windowSeconds) * 100).toFixed(1),
    loadgenLoopDelayP99ms: +(loopDelay.percentile(99) / 1e6).toFixed(1),
    rssBeforeMiB: +(rss0 / 2 ** 20).toFixed(1),
    rssSeatedMiB: +(rss1 / 2 ** 20).toFixed(1),
    rssEndMiB: +(rss2 / 2 ** 20).toFixed(1),
    memoryPerTableKiB: +((rss1 - rss0) / opt.tables / 1024).toFixed(1),
    refused: stats.refused,
    refusedCodes: stats.refusedCodes,
    tablesOpened: stats.tablesCreated,
    tablesFinished: stats.tablesFinished,
    openErrors: stats.joinErrors,
    inflightAtStop: inflight,
    loadAverageBefore: load0,
    loadAverageAfter: load1,
    ...(minutes.length ? { minutes } : {}),
  });

  // count against the store
  if (!opt.connect) {
    const store = await openStore(db);
    let checked = 0;
    let lost = 0;
    let duplicated = 0;
    let unacked = 0;
    let storedActs = 0;
    for (const t of allTables) {
      const rows = (await store.changes(t.code)).filter((r) => r.kind === 'act');
      storedActs += rows.length;
      for (const s of t.seats) {
        const stored = rows.filter((r) => r.seat === s.seat).map((r) => r.detail);
        let k = 0;
        while (k < s.acked.length && k < stored.length && stored[k] === s.acked[k]) k++;
        lost += s.acked.length - k;
        const extra = stored.length - k;
        const allowed = s.acked.length === k ? s.pending.size : 0;
        unacked += Math.min(extra, allowed);
        duplicated += Math.max(0, extra - allowed);
        checked += s.acked.length;
      }
    }
    // the saved table images (events=deal keeps them small): over the tables still in play at
    // the stop, and the largest of all
    const sizes = [];
    let largest = 0;
    for (const t of allTables) {
      const st = await store.loadTable(t.code);
      if (!st) continue;
      largest = Math.max(largest, st.image.length);
      if (!t.over) sizes.push(st.image.length);
    }
    await store.close();
    Object.assign(result, {
      actionsChecked: checked,
      storedActs,
      lost,
      duplicated,
      storedUnacknowledged: unacked,
      imageKiBInPlayMean: +(sizes.reduce((a, b) => a + b, 0) / Math.max(1, sizes.length) / 1024).toFixed(1),
      imageKiBLargest: +(largest / 1024).toFixed(1),
    });
  }
  console.log(JSON.stringify(result, null, 1));
  if (opt.json) writeFileSync(opt.json, JSON.stringify(result, null, 1) + '\n');
  clearTimeout(hardStop);
  process.exit(result.lost || result.duplicated ? 1 : 0);
}

main().catch((e) => {
  console.error(`load: ${e.stack ?? e}`);
  if (server) console.error(server.output().slice(-3000));
  server?.kill('SIGKILL');
  process.exit(1);
});
