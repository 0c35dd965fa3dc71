// The embedded store: one SQLite file through better-sqlite3 (the server's default).
//
// Durability: journal_mode=WAL with synchronous=FULL. In WAL mode, NORMAL skips the fsync at
// each commit (only checkpoints sync), so a commit survives a killed process but the last
// commits can roll back on a power cut or kernel crash; FULL syncs the WAL at every commit, so
// when saveChange resolves the change is on the disk and no client can hear of an action the
// database could still lose.
//
// Group commit: an fsync costs milliseconds (4 ms p50 on the test machine: 235 commits/s, each
// blocking the event loop, as better-sqlite3 is synchronous). So calls are queued and run
// together at the next turn of the event loop, in call order, inside one transaction: each
// call is atomic on its own (a SAVEPOINT, rolled back alone when it is refused), the batch is
// committed with one fsync, and only then does any of the calls resolve. Under load a batch
// holds every change that arrived during the previous fsync; docs/performance.md ("Server")
// has the figures. Reads go through the same queue, so a read sees every write called before it.
//
// A worker thread: better-sqlite3 waits for the fsync on the thread that commits, and a
// profile of the server at 100 tables showed its event loop blocked in COMMIT for 30% of the
// wall-clock time. So SqliteStore, the store the server uses, owns the database in a worker
// thread (sqlite-worker.ts running a SqliteDirectStore): the server's thread posts each turn's
// calls there in one message, in call order, and goes on serving other tables while the batch
// commits; a call resolves when the worker reports its batch committed.
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import type { ChangeRow, FinishedGame, SeatRow, Store, StoredTable, TableInfo } from './store.js';
import {
  StoreError,
  checkChange,
  checkCode,
  checkFinished,
  checkImage,
  checkInfo,
  checkInt,
  checkLimit,
  checkOwner,
  checkSeat,
  checkText,
  MAX_NAME,
} from './check.js';

const SCHEMA_VERSION = 2;
// Version 1 files get the columns version 2 added (fair lines per change, abandoned games).
const MIGRATE_1_TO_2 = `
ALTER TABLE changes ADD COLUMN fair TEXT;
ALTER TABLE finished ADD COLUMN abandoned INTEGER NOT NULL DEFAULT 0;
`;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS tables (
  code           TEXT PRIMARY KEY,
  game           TEXT NOT NULL,
  players        INTEGER NOT NULL,
  settings       TEXT NOT NULL,
  listed         INTEGER NOT NULL,
  created_at_ms  INTEGER NOT NULL,
  image          BLOB NOT NULL,
  seq            INTEGER NOT NULL,
  finished       INTEGER NOT NULL DEFAULT 0,
  owner          TEXT,
  lease_ms       INTEGER NOT NULL DEFAULT 0,
  lease_until_ms INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS tables_open ON tables (finished, listed, created_at_ms);
CREATE INDEX IF NOT EXISTS tables_owner ON tables (owner);
CREATE TABLE IF NOT EXISTS seats (
  code       TEXT NOT NULL REFERENCES tables (code),
  seat       INTEGER NOT NULL,
  name       TEXT NOT NULL,
  token_hash TEXT NOT NULL,
  PRIMARY KEY (code, seat)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS changes (
  code   TEXT NOT NULL REFERENCES tables (code),
  seq    INTEGER NOT NULL,
  kind   TEXT NOT NULL,
  seat   INTEGER,
  detail TEXT NOT NULL,
  at_ms  INTEGER NOT NULL,
  fair   TEXT,
  PRIMARY KEY (code, seq)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS finished (
  code           TEXT PRIMARY KEY REFERENCES tables (code),
  game           TEXT NOT NULL,
  record         TEXT NOT NULL,
  scores         TEXT NOT NULL,
  names          TEXT NOT NULL,
  finished_at_ms INTEGER NOT NULL,
  abandoned      INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS finished_players (
  name           TEXT NOT NULL,
  code           TEXT NOT NULL REFERENCES finished (code),
  finished_at_ms INTEGER NOT NULL,
  PRIMARY KEY (name, code)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS finished_players_recent ON finished_players (name, finished_at_ms);
`;

interface TableRow {
  code: string;
  game: string;
  players: number;
  settings: string;
  listed: number;
  created_at_ms: number;
  image: Buffer;
  seq: number;
  finished: number;
  owner: string | null;
}

interface FinishedRow {
  code: string;
  game: string;
  record: string;
  scores: string;
  names: string;
  finished_at_ms: number;
  abandoned: number;
}

function infoOf(r: TableRow): TableInfo {
  return {
    code: r.code,
    game: r.game,
    players: r.players,
    settings: JSON.parse(r.settings),
    listed: r.listed !== 0,
    createdAtMs: r.created_at_ms,
  };
}

function finishedOf(r: FinishedRow): FinishedGame {
  return {
    code: r.code,
    game: r.game,
    record: r.record,
    scores: JSON.parse(r.scores),
    names: JSON.parse(r.names),
    finishedAtMs: r.finished_at_ms,
    ...(r.abandoned ? { abandoned: true } : {}),
  };
}

// The store on the calling thread: every call's transaction, fsync included, runs on this
// thread's event loop. SqliteStore (below) runs one of these in a worker thread.
// The arguments both SQLite stores take, checked before anything is opened.
function checkSqliteArgs(path: string, synchronous: string): void {
  checkText('SQLite file path', path, 4096);
  if (synchronous !== 'FULL' && synchronous !== 'NORMAL') throw new StoreError(`synchronous must be FULL or NORMAL`);
}

export class SqliteDirectStore implements Store {
  readonly path: string;
  private db: Database.Database | null = null;
  private actor: { owner: string; leaseMs: number } | null = null;
  private queue: { fn: () => unknown; resolve: (v: unknown) => void; reject: (e: unknown) => void }[] = [];
  private scheduled = false;
  private statements = new Map<string, Database.Statement>();

  // synchronous: FULL (the default, see above); NORMAL only for measuring what FULL costs.
  constructor(
    path: string,
    private readonly synchronous: 'FULL' | 'NORMAL' = 'FULL',
  ) {
    checkSqliteArgs(path, synchronous);
    this.path = path;
  }

  private get d(): Database.Database {
    if (!this.db) throw new StoreError(`the SQLite store ${this.path} is not open (call init(), or it was closed)`);
    return this.db;
  }

  async init(): Promise<void> {
    if (this.db) return;
    let db: Database.Database;
    try {
      db = new Database(this.path);
    } catch (e) {
      throw new StoreError(`cannot open the SQLite file ${this.path}: ${(e as Error).message}`);
    }
    try {
      db.pragma('journal_mode = WAL');
      db.pragma(`synchronous = ${this.synchronous}`);
      db.pragma('foreign_keys = ON');
      db.pragma('busy_timeout = 5000');
      const version = db.pragma('user_version', { simple: true }) as number;
      if (version > SCHEMA_VERSION)
        throw new StoreError(`${this.path} has schema version ${version}, this server knows up to ${SCHEMA_VERSION}`);
      db.exec('BEGIN IMMEDIATE');
      try {
        if (version === 1) db.exec(MIGRATE_1_TO_2);
        db.exec(SCHEMA);
        db.pragma(`user_version = ${SCHEMA_VERSION}`);
        db.exec('COMMIT');
      } catch (e) {
        db.exec('ROLLBACK');
        throw e;
      }
    } catch (e) {
      db.close();
      if (e instanceof StoreError) throw e;
      throw new StoreError(`cannot set up the SQLite file ${this.path}: ${(e as Error).message}`);
    }
    this.db = db;
  }

  actFor(owner: string, leaseMs: number): void {
    checkOwner(owner);
    checkInt('leaseMs', leaseMs, 1, 24 * 3600 * 1000);
    this.actor = { owner, leaseMs };
  }

  // Refuses a write to a table another process hosts (after actFor).
  private guard(code: string, owner: string | null): void {
    if (this.actor && owner !== null && owner !== this.actor.owner)
      throw new StoreError(`table ${code} is hosted by ${owner}, not by ${this.actor.owner}; this process must stop hosting it`);
  }

  private st(sql: string): Database.Statement {
    let stmt = this.statements.get(sql);
    if (!stmt) this.statements.set(sql, (stmt = this.d.prepare(sql)));
    return stmt;
  }

  // Queues fn to run in the next batch; resolves with its result once the batch is committed.
  private run<T>(fn: () => T): Promise<T> {
    this.d; // refuses at once when closed
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ fn, resolve: resolve as (v: unknown) => void, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    const batch = this.queue;
    this.queue = [];
    if (batch.length === 0) return;
    const db = this.db;
    if (!db) {
      const e = new StoreError(`the SQLite store ${this.path} was closed`);
      for (const item of batch) item.reject(e);
      return;
    }
    const results: { ok: boolean; value: unknown }[] = [];
    try {
      db.exec('BEGIN IMMEDIATE');
    } catch (e) {
      const err = new StoreError(`SQLite ${this.path}: cannot begin a transaction: ${(e as Error).message}`);
      for (const item of batch) item.reject(err);
      return;
    }
    for (const item of batch) {
      db.exec('SAVEPOINT op');
      try {
        const value = item.fn();
        db.exec('RELEASE op');
        results.push({ ok: true, value });
      } catch (e) {
        db.exec('ROLLBACK TO op');
        db.exec('RELEASE op');
        results.push({
          ok: false,
          value: e instanceof StoreError ? e : new StoreError(`SQLite ${this.path}: ${(e as Error).message}`),
        });
      }
    }
    try {
      db.exec('COMMIT');
    } catch (e) {
      try {
        db.exec('ROLLBACK');
      } catch {}
      const err = new StoreError(`SQLite ${this.path}: commit failed, nothing of this batch was saved: ${(e as Error).message}`);
      for (const item of batch) item.reject(err);
      return;
    }
    batch.forEach((item, i) => (results[i].ok ? item.resolve(results[i].value) : item.reject(results[i].value)));
  }

  private tableRow(code: string): TableRow | undefined {
    return this.st('SELECT * FROM tables WHERE code = ?').get(code) as TableRow | undefined;
  }

  private mustTable(code: string): TableRow {
    const row = this.tableRow(code);
    if (!row) throw new StoreError(`no table ${code}`);
    return row;
  }

  async createTable(info: TableInfo, image: Uint8Array, seq: number): Promise<void> {
    const { settings } = checkInfo(info);
    checkImage(image);
    checkInt('seq', seq, 0);
    await this.run(() => {
      if (this.tableRow(info.code)) throw new StoreError(`table ${info.code} already exists`);
      this.st(
        `INSERT INTO tables (code, game, players, settings, listed, created_at_ms, image, seq, owner, lease_ms, lease_until_ms)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        info.code,
        info.game,
        info.players,
        settings,
        info.listed ? 1 : 0,
        info.createdAtMs,
        Buffer.from(image),
        seq,
        this.actor?.owner ?? null,
        this.actor?.leaseMs ?? 0,
        this.actor ? Date.now() + this.actor.leaseMs : 0,
      );
    });
  }

  async saveChange(code: string, change: ChangeRow, image: Uint8Array): Promise<void> {
    checkCode(code);
    checkChange(change);
    checkImage(image);
    await this.run(() => {
      const row = this.st('SELECT seq, finished, players, owner FROM tables WHERE code = ?').get(code) as
        | { seq: number; finished: number; players: number; owner: string | null }
        | undefined;
      if (!row) throw new StoreError(`no table ${code}`);
      this.guard(code, row.owner);
      if (row.finished) throw new StoreError(`table ${code} is finished; it takes no more changes`);
      if (change.seq <= row.seq)
        throw new StoreError(`change seq ${change.seq} for table ${code} is not after its stored seq ${row.seq}`);
      if (change.seat !== null && change.seat >= row.players)
        throw new StoreError(`change seat ${change.seat} is not a seat of table ${code} (${row.players} seats)`);
      this.st('INSERT INTO changes (code, seq, kind, seat, detail, at_ms, fair) VALUES (?, ?, ?, ?, ?, ?, ?)').run(
        code,
        change.seq,
        change.kind,
        change.seat,
        change.detail,
        change.atMs,
        change.fair || null,
      );
      this.st('UPDATE tables SET image = ?, seq = ? WHERE code = ?').run(Buffer.from(image), change.seq, code);
    });
  }

  async setSeat(code: string, seat: SeatRow): Promise<void> {
    checkCode(code);
    await this.run(() => {
      const row = this.mustTable(code);
      checkSeat(seat, row.players);
      this.guard(code, row.owner);
      this.st(
        `INSERT INTO seats (code, seat, name, token_hash) VALUES (?, ?, ?, ?)
         ON CONFLICT (code, seat) DO UPDATE SET name = excluded.name, token_hash = excluded.token_hash`,
      ).run(code, seat.seat, seat.name, seat.tokenHash);
    });
  }

  private stored(row: TableRow): StoredTable {
    const seats = this.st('SELECT seat, name, token_hash FROM seats WHERE code = ? ORDER BY seat').all(row.code) as { seat: number; name: string; token_hash: string }[];
    return {
      info: infoOf(row),
      image: new Uint8Array(row.image),
      seq: row.seq,
      seats: seats.map((s) => ({ seat: s.seat, name: s.name, tokenHash: s.token_hash })),
      owner: row.owner,
    };
  }

  async loadTable(code: string): Promise<StoredTable | null> {
    checkCode(code);
    return this.run(() => {
      const row = this.tableRow(code);
      return row ? this.stored(row) : null;
    });
  }

  async listUnfinished(): Promise<StoredTable[]> {
    return this.run(() => {
      const rows = this.st('SELECT * FROM tables WHERE finished = 0 ORDER BY created_at_ms, code').all() as TableRow[];
      return rows.map((r) => this.stored(r));
    });
  }

  async finishTable(game: FinishedGame, image: Uint8Array): Promise<void> {
    const { scores, names } = checkFinished(game);
    checkImage(image);
    await this.run(() => {
      const row = this.mustTable(game.code);
      if (row.finished) throw new StoreError(`table ${game.code} is already finished`);
      this.guard(game.code, row.owner);
      if (row.game !== game.game)
        throw new StoreError(`table ${game.code} plays ${row.game}, not ${game.game}`);
      this.st(
        'UPDATE tables SET finished = 1, image = ?, owner = NULL, lease_until_ms = 0 WHERE code = ?',
      ).run(Buffer.from(image), game.code);
      this.st(
        'INSERT INTO finished (code, game, record, scores, names, finished_at_ms, abandoned) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ).run(game.code, game.game, game.record, scores, names, game.finishedAtMs, game.abandoned ? 1 : 0);
      const add = this.st(
        'INSERT OR IGNORE INTO finished_players (name, code, finished_at_ms) VALUES (?, ?, ?)',
      );
      for (const name of new Set(game.names)) if (name !== '') add.run(name, game.code, game.finishedAtMs);
    });
  }

  async historyOfPlayer(name: string, limit: number): Promise<FinishedGame[]> {
    checkText('player name', name, MAX_NAME);
    checkLimit(limit);
    return this.run(() => {
      const rows = this.st(
        `SELECT f.* FROM finished_players p JOIN finished f ON f.code = p.code
         WHERE p.name = ? ORDER BY p.finished_at_ms DESC, p.code LIMIT ?`,
      ).all(name, limit) as FinishedRow[];
      return rows.map(finishedOf);
    });
  }

  async historyOfTable(code: string): Promise<FinishedGame | null> {
    checkCode(code);
    return this.run(() => {
      const row = this.st('SELECT * FROM finished WHERE code = ?').get(code) as FinishedRow | undefined;
      return row ? finishedOf(row) : null;
    });
  }

  async listOpen(limit: number): Promise<TableInfo[]> {
    checkLimit(limit);
    return this.run(() => {
      const rows = this.st(
        `SELECT code, game, players, settings, listed, created_at_ms FROM tables
         WHERE finished = 0 AND listed = 1 ORDER BY created_at_ms DESC, code LIMIT ?`,
      ).all(limit) as TableRow[];
      return rows.map(infoOf);
    });
  }

  async claim(code: string, owner: string, nowMs: number, leaseMs: number): Promise<boolean> {
    checkCode(code);
    checkOwner(owner);
    checkInt('nowMs', nowMs, 0);
    checkInt('leaseMs', leaseMs, 1, 24 * 3600 * 1000);
    return this.run(() => {
      const row = this.mustTable(code);
      if (row.finished) return false;
      const r = this.st(
        `UPDATE tables SET owner = ?, lease_ms = ?, lease_until_ms = ?
         WHERE code = ? AND finished = 0 AND (owner IS NULL OR owner = ? OR lease_until_ms <= ?)`,
      ).run(owner, leaseMs, nowMs + leaseMs, code, owner, nowMs);
      return r.changes === 1;
    });
  }

  async renew(owner: string, nowMs: number): Promise<void> {
    checkOwner(owner);
    checkInt('nowMs', nowMs, 0);
    await this.run(() =>
      this.st('UPDATE tables SET lease_until_ms = ? + lease_ms WHERE owner = ? AND finished = 0').run(nowMs, owner),
    );
  }

  async release(code: string, owner: string): Promise<void> {
    checkCode(code);
    checkOwner(owner);
    await this.run(() =>
      this.st('UPDATE tables SET owner = NULL, lease_until_ms = 0 WHERE code = ? AND owner = ?').run(code, owner),
    );
  }

  async orphans(nowMs: number, limit: number): Promise<string[]> {
    checkInt('nowMs', nowMs, 0);
    checkLimit(limit);
    return this.run(() => {
      const rows = this.st(
        `SELECT code FROM tables WHERE finished = 0 AND (owner IS NULL OR lease_until_ms <= ?)
         ORDER BY created_at_ms, code LIMIT ?`,
      ).all(nowMs, limit) as { code: string }[];
      return rows.map((r) => r.code);
    });
  }

  async changes(code: string): Promise<ChangeRow[]> {
    checkCode(code);
    return this.run(() => {
      this.mustTable(code);
      const rows = this.st('SELECT seq, kind, seat, detail, at_ms, fair FROM changes WHERE code = ? ORDER BY seq').all(code) as { seq: number; kind: string; seat: number | null; detail: string; at_ms: number; fair: string | null }[];
      return rows.map((r) => ({ seq: r.seq, kind: r.kind, seat: r.seat, detail: r.detail, atMs: r.at_ms, ...(r.fair ? { fair: r.fair } : {}) }));
    });
  }

  async close(): Promise<void> {
    if (!this.db) return;
    if (this.queue.length > 0) await this.run(() => undefined); // lets the calls made before close finish
    this.statements.clear();
    this.db.close();
    this.db = null;
  }
}

type Pending = { resolve: (v: unknown) => void; reject: (e: unknown) => void };
type Call = { id: number; method: string; args: unknown[] };

export class SqliteStore implements Store {
  readonly path: string;
  private worker: Worker | null = null;
  private pending = new Map<number, Pending>();
  private outbox: Call[] = [];
  private scheduled = false;
  private nextId = 1;
  private broken: StoreError | null = null;

  // synchronous: FULL (the default, see above); NORMAL only for measuring what FULL costs.
  constructor(
    path: string,
    private readonly synchronous: 'FULL' | 'NORMAL' = 'FULL',
  ) {
    checkSqliteArgs(path, synchronous);
    this.path = path;
  }

  async init(): Promise<void> {
    if (this.worker) return;
    const worker = new Worker(new URL('./sqlite-worker.js', import.meta.url), {
      workerData: { path: this.path, synchronous: this.synchronous },
    });
    await new Promise<void>((resolve, reject) => {
      const onMessage = (m: { type: string; error?: string }) => {
        if (m.type !== 'ready') return;
        worker.off('message', onMessage);
        worker.off('error', onError);
        if (m.error) {
          void worker.terminate();
          reject(new StoreError(m.error));
        } else resolve();
      };
      const onError = (e: Error) => reject(new StoreError(`the SQLite worker for ${this.path} failed: ${e.message}`));
      worker.on('message', onMessage);
      worker.once('error', onError);
    });
    worker.on('message', (m: { type: string; results?: { id: number; ok: boolean; value?: unknown; error?: string }[] }) => {
      if (m.type !== 'results' || !m.results) return;
      for (const r of m.results) {
        const p = this.pending.get(r.id);
        if (!p) continue;
        this.pending.delete(r.id);
        if (r.ok) p.resolve(r.value);
        else p.reject(new StoreError(r.error ?? 'the SQLite worker refused the call'));
      }
      if (this.pending.size === 0) worker.unref(); // an idle store keeps no process alive
    });
    worker.unref();
    const fail = (why: string) => {
      this.broken = new StoreError(`the SQLite worker for ${this.path} stopped: ${why}`);
      for (const p of this.pending.values()) p.reject(this.broken);
      this.pending.clear();
      this.worker = null;
    };
    worker.on('error', (e) => fail(e.message));
    worker.on('exit', (code) => {
      if (this.worker === worker) fail(`exit code ${code}`);
    });
    this.worker = worker;
  }

  private call<T>(method: string, args: unknown[]): Promise<T> {
    if (!this.worker) {
      return Promise.reject(this.broken ?? new StoreError(`the SQLite store ${this.path} is not open (call init(), or it was closed)`));
    }
    const id = this.nextId++;
    if (this.pending.size === 0) this.worker.ref();
    const p = new Promise<T>((resolve, reject) => this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject }));
    this.outbox.push({ id, method, args });
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.post());
    }
    return p;
  }

  // One message per turn of the event loop, the calls in order.
  private post(): void {
    this.scheduled = false;
    const calls = this.outbox;
    this.outbox = [];
    if (calls.length === 0) return;
    const worker = this.worker;
    if (!worker) {
      const e = this.broken ?? new StoreError(`the SQLite store ${this.path} was closed`);
      for (const c of calls) this.settle(c.id, e);
      return;
    }
    try {
      worker.postMessage({ type: 'calls', calls });
    } catch {
      // an argument that cannot be sent (a function, a symbol): find it, send the rest
      for (const c of calls) {
        try {
          worker.postMessage({ type: 'calls', calls: [c] });
        } catch (e) {
          this.settle(c.id, new StoreError(`${c.method}: an argument cannot be stored: ${(e as Error).message}`));
        }
      }
    }
  }

  private settle(id: number, e: StoreError): void {
    const p = this.pending.get(id);
    this.pending.delete(id);
    p?.reject(e);
  }

  actFor(owner: string, leaseMs: number): void {
    checkOwner(owner);
    checkInt('leaseMs', leaseMs, 1, 24 * 3600 * 1000);
    void this.call('actFor', [owner, leaseMs]).catch(() => {});
  }

  createTable(info: TableInfo, image: Uint8Array, seq: number): Promise<void> {
    return this.call('createTable', [info, image, seq]);
  }
  saveChange(code: string, change: ChangeRow, image: Uint8Array): Promise<void> {
    return this.call('saveChange', [code, change, image]);
  }
  setSeat(code: string, seat: SeatRow): Promise<void> {
    return this.call('setSeat', [code, seat]);
  }
  loadTable(code: string): Promise<StoredTable | null> {
    return this.call('loadTable', [code]);
  }
  listUnfinished(): Promise<StoredTable[]> {
    return this.call('listUnfinished', []);
  }
  finishTable(game: FinishedGame, image: Uint8Array): Promise<void> {
    return this.call('finishTable', [game, image]);
  }
  historyOfPlayer(name: string, limit: number): Promise<FinishedGame[]> {
    return this.call('historyOfPlayer', [name, limit]);
  }
  historyOfTable(code: string): Promise<FinishedGame | null> {
    return this.call('historyOfTable', [code]);
  }
  listOpen(limit: number): Promise<TableInfo[]> {
    return this.call('listOpen', [limit]);
  }
  claim(code: string, owner: string, nowMs: number, leaseMs: number): Promise<boolean> {
    return this.call('claim', [code, owner, nowMs, leaseMs]);
  }
  renew(owner: string, nowMs: number): Promise<void> {
    return this.call('renew', [owner, nowMs]);
  }
  release(code: string, owner: string): Promise<void> {
    return this.call('release', [code, owner]);
  }
  orphans(nowMs: number, limit: number): Promise<string[]> {
    return this.call('orphans', [nowMs, limit]);
  }
  changes(code: string): Promise<ChangeRow[]> {
    return this.call('changes', [code]);
  }

  async close(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    await this.call('close', []).catch(() => {});
    this.worker = null;
    await worker.terminate();
  }
}
