// The embedded store: one SQLite file through better-sqlite3 (the server's default).
//
// Durability: journal_mode=WAL with synchronous=FULL. In WAL mode, NORMAL skips the fsync at
// each commit (only checkpoints sync), so a commit survives a killed process but the last
// commits can roll back on a power cut or kernel crash; FULL syncs the WAL at every commit, so
// when saveChange resolves the change is on the disk and no client can hear of an action the
// database could still lose. The price is one fsync per accepted change (docs/performance.md,
// "Server", measures it).
//
// better-sqlite3 is synchronous: each method runs its whole transaction before it returns, so
// changes to one table are applied in the order they are called, and no two interleave.
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

const SCHEMA_VERSION = 1;

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
  PRIMARY KEY (code, seq)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS finished (
  code           TEXT PRIMARY KEY REFERENCES tables (code),
  game           TEXT NOT NULL,
  record         TEXT NOT NULL,
  scores         TEXT NOT NULL,
  names          TEXT NOT NULL,
  finished_at_ms INTEGER NOT NULL
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
  };
}

export class SqliteStore implements Store {
  readonly path: string;
  private db: Database.Database | null = null;
  private actor: { owner: string; leaseMs: number } | null = null;

  constructor(path: string) {
    checkText('SQLite file path', path, 4096);
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
      db.pragma('synchronous = FULL');
      db.pragma('foreign_keys = ON');
      db.pragma('busy_timeout = 5000');
      const version = db.pragma('user_version', { simple: true }) as number;
      if (version > SCHEMA_VERSION)
        throw new StoreError(`${this.path} has schema version ${version}, this server knows up to ${SCHEMA_VERSION}`);
      db.exec('BEGIN IMMEDIATE');
      try {
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

  private tableRow(code: string): TableRow | undefined {
    return this.d.prepare('SELECT * FROM tables WHERE code = ?').get(code) as TableRow | undefined;
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
    const d = this.d;
    d.transaction(() => {
      if (this.tableRow(info.code)) throw new StoreError(`table ${info.code} already exists`);
      d.prepare(
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
    }).immediate();
  }

  async saveChange(code: string, change: ChangeRow, image: Uint8Array): Promise<void> {
    checkCode(code);
    checkChange(change);
    checkImage(image);
    const d = this.d;
    d.transaction(() => {
      const row = d.prepare('SELECT seq, finished, players, owner FROM tables WHERE code = ?').get(code) as
        | { seq: number; finished: number; players: number; owner: string | null }
        | undefined;
      if (!row) throw new StoreError(`no table ${code}`);
      this.guard(code, row.owner);
      if (row.finished) throw new StoreError(`table ${code} is finished; it takes no more changes`);
      if (change.seq <= row.seq)
        throw new StoreError(`change seq ${change.seq} for table ${code} is not after its stored seq ${row.seq}`);
      if (change.seat !== null && change.seat >= row.players)
        throw new StoreError(`change seat ${change.seat} is not a seat of table ${code} (${row.players} seats)`);
      d.prepare('INSERT INTO changes (code, seq, kind, seat, detail, at_ms) VALUES (?, ?, ?, ?, ?, ?)').run(
        code,
        change.seq,
        change.kind,
        change.seat,
        change.detail,
        change.atMs,
      );
      d.prepare('UPDATE tables SET image = ?, seq = ? WHERE code = ?').run(Buffer.from(image), change.seq, code);
    }).immediate();
  }

  async setSeat(code: string, seat: SeatRow): Promise<void> {
    checkCode(code);
    const d = this.d;
    d.transaction(() => {
      const row = this.mustTable(code);
      checkSeat(seat, row.players);
      this.guard(code, row.owner);
      d.prepare(
        `INSERT INTO seats (code, seat, name, token_hash) VALUES (?, ?, ?, ?)
         ON CONFLICT (code, seat) DO UPDATE SET name = excluded.name, token_hash = excluded.token_hash`,
      ).run(code, seat.seat, seat.name, seat.tokenHash);
    }).immediate();
  }

  private stored(row: TableRow): StoredTable {
    const seats = this.d
      .prepare('SELECT seat, name, token_hash FROM seats WHERE code = ? ORDER BY seat')
      .all(row.code) as { seat: number; name: string; token_hash: string }[];
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
    const d = this.d;
    return d.transaction(() => {
      const row = this.tableRow(code);
      return row ? this.stored(row) : null;
    })();
  }

  async listUnfinished(): Promise<StoredTable[]> {
    const d = this.d;
    return d.transaction(() => {
      const rows = d.prepare('SELECT * FROM tables WHERE finished = 0 ORDER BY created_at_ms, code').all() as TableRow[];
      return rows.map((r) => this.stored(r));
    })();
  }

  async finishTable(game: FinishedGame, image: Uint8Array): Promise<void> {
    const { scores, names } = checkFinished(game);
    checkImage(image);
    const d = this.d;
    d.transaction(() => {
      const row = this.mustTable(game.code);
      if (row.finished) throw new StoreError(`table ${game.code} is already finished`);
      this.guard(game.code, row.owner);
      if (row.game !== game.game)
        throw new StoreError(`table ${game.code} plays ${row.game}, not ${game.game}`);
      d.prepare(
        'UPDATE tables SET finished = 1, image = ?, owner = NULL, lease_until_ms = 0 WHERE code = ?',
      ).run(Buffer.from(image), game.code);
      d.prepare(
        'INSERT INTO finished (code, game, record, scores, names, finished_at_ms) VALUES (?, ?, ?, ?, ?, ?)',
      ).run(game.code, game.game, game.record, scores, names, game.finishedAtMs);
      const add = d.prepare(
        'INSERT OR IGNORE INTO finished_players (name, code, finished_at_ms) VALUES (?, ?, ?)',
      );
      for (const name of new Set(game.names)) if (name !== '') add.run(name, game.code, game.finishedAtMs);
    }).immediate();
  }

  async historyOfPlayer(name: string, limit: number): Promise<FinishedGame[]> {
    checkText('player name', name, MAX_NAME);
    checkLimit(limit);
    const rows = this.d
      .prepare(
        `SELECT f.* FROM finished_players p JOIN finished f ON f.code = p.code
         WHERE p.name = ? ORDER BY p.finished_at_ms DESC, p.code LIMIT ?`,
      )
      .all(name, limit) as FinishedRow[];
    return rows.map(finishedOf);
  }

  async historyOfTable(code: string): Promise<FinishedGame | null> {
    checkCode(code);
    const row = this.d.prepare('SELECT * FROM finished WHERE code = ?').get(code) as FinishedRow | undefined;
    return row ? finishedOf(row) : null;
  }

  async listOpen(limit: number): Promise<TableInfo[]> {
    checkLimit(limit);
    const rows = this.d
      .prepare(
        `SELECT code, game, players, settings, listed, created_at_ms FROM tables
         WHERE finished = 0 AND listed = 1 ORDER BY created_at_ms DESC, code LIMIT ?`,
      )
      .all(limit) as TableRow[];
    return rows.map(infoOf);
  }

  async claim(code: string, owner: string, nowMs: number, leaseMs: number): Promise<boolean> {
    checkCode(code);
    checkOwner(owner);
    checkInt('nowMs', nowMs, 0);
    checkInt('leaseMs', leaseMs, 1, 24 * 3600 * 1000);
    const d = this.d;
    return d.transaction(() => {
      const row = this.mustTable(code);
      if (row.finished) return false;
      const r = d
        .prepare(
          `UPDATE tables SET owner = ?, lease_ms = ?, lease_until_ms = ?
           WHERE code = ? AND finished = 0 AND (owner IS NULL OR owner = ? OR lease_until_ms <= ?)`,
        )
        .run(owner, leaseMs, nowMs + leaseMs, code, owner, nowMs);
      return r.changes === 1;
    }).immediate();
  }

  async renew(owner: string, nowMs: number): Promise<void> {
    checkOwner(owner);
    checkInt('nowMs', nowMs, 0);
    this.d
      .prepare('UPDATE tables SET lease_until_ms = ? + lease_ms WHERE owner = ? AND finished = 0')
      .run(nowMs, owner);
  }

  async release(code: string, owner: string): Promise<void> {
    checkCode(code);
    checkOwner(owner);
    this.d.prepare('UPDATE tables SET owner = NULL, lease_until_ms = 0 WHERE code = ? AND owner = ?').run(code, owner);
  }

  async orphans(nowMs: number, limit: number): Promise<string[]> {
    checkInt('nowMs', nowMs, 0);
    checkLimit(limit);
    const rows = this.d
      .prepare(
        `SELECT code FROM tables WHERE finished = 0 AND (owner IS NULL OR lease_until_ms <= ?)
         ORDER BY created_at_ms, code LIMIT ?`,
      )
      .all(nowMs, limit) as { code: string }[];
    return rows.map((r) => r.code);
  }

  async changes(code: string): Promise<ChangeRow[]> {
    checkCode(code);
    const d = this.d;
    return d.transaction(() => {
      this.mustTable(code);
      const rows = d
        .prepare('SELECT seq, kind, seat, detail, at_ms FROM changes WHERE code = ? ORDER BY seq')
        .all(code) as { seq: number; kind: string; seat: number | null; detail: string; at_ms: number }[];
      return rows.map((r) => ({ seq: r.seq, kind: r.kind, seat: r.seat, detail: r.detail, atMs: r.at_ms }));
    })();
  }

  async close(): Promise<void> {
    if (this.db) {
      this.db.close();
      this.db = null;
    }
  }
}
