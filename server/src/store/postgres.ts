// The PostgreSQL store (--db postgres://...): what several server processes share.
//
// Every write is one transaction on one pooled connection. Sessions run with
// synchronous_commit=on whatever the server's default, so a COMMIT returns only once the WAL
// is flushed: when saveChange resolves the change is on the database's disk. saveChange locks
// the table's row (SELECT ... FOR UPDATE) and accepts only a seq after the stored one, so two
// writers (a process that lost its lease and the one that took over) cannot both write the same
// step. Within one process, writes and reads of one table are queued so they run in the order
// they were called, as with SQLite. Leases are conditional UPDATEs: claim succeeds only when the
// row has no owner, the same owner, or an expired lease, and PostgreSQL re-checks that
// condition after waiting on a concurrent claim, so exactly one of two racing owners wins.
import pg from 'pg';
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

const SCHEMA = `
CREATE TABLE IF NOT EXISTS tables (
  code           TEXT PRIMARY KEY,
  game           TEXT NOT NULL,
  players        INTEGER NOT NULL,
  settings       JSON NOT NULL,
  listed         BOOLEAN NOT NULL,
  created_at_ms  BIGINT NOT NULL,
  image          BYTEA NOT NULL,
  seq            BIGINT NOT NULL,
  finished       BOOLEAN NOT NULL DEFAULT false,
  owner          TEXT,
  lease_ms       BIGINT NOT NULL DEFAULT 0,
  lease_until_ms BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS tables_open ON tables (created_at_ms) WHERE NOT finished AND listed;
CREATE INDEX IF NOT EXISTS tables_unfinished ON tables (created_at_ms) WHERE NOT finished;
CREATE INDEX IF NOT EXISTS tables_owner ON tables (owner) WHERE owner IS NOT NULL;
CREATE TABLE IF NOT EXISTS seats (
  code       TEXT NOT NULL REFERENCES tables (code),
  seat       INTEGER NOT NULL,
  name       TEXT NOT NULL,
  token_hash TEXT NOT NULL,
  PRIMARY KEY (code, seat)
);
CREATE TABLE IF NOT EXISTS changes (
  code   TEXT NOT NULL REFERENCES tables (code),
  seq    BIGINT NOT NULL,
  kind   TEXT NOT NULL,
  seat   INTEGER,
  detail TEXT NOT NULL,
  at_ms  BIGINT NOT NULL,
  PRIMARY KEY (code, seq)
);
CREATE TABLE IF NOT EXISTS finished (
  code           TEXT PRIMARY KEY REFERENCES tables (code),
  game           TEXT NOT NULL,
  record         TEXT NOT NULL,
  scores         JSONB NOT NULL,
  names          JSONB NOT NULL,
  finished_at_ms BIGINT NOT NULL
);
CREATE TABLE IF NOT EXISTS finished_players (
  name           TEXT NOT NULL,
  code           TEXT NOT NULL REFERENCES finished (code),
  finished_at_ms BIGINT NOT NULL,
  PRIMARY KEY (name, code)
);
CREATE INDEX IF NOT EXISTS finished_players_recent ON finished_players (name, finished_at_ms DESC);
ALTER TABLE changes ADD COLUMN IF NOT EXISTS fair TEXT;
ALTER TABLE finished ADD COLUMN IF NOT EXISTS abandoned BOOLEAN NOT NULL DEFAULT false;
`;

// A fixed key for pg_advisory_xact_lock, so processes starting together create the schema one
// at a time (CREATE ... IF NOT EXISTS alone can still collide on the catalog).
const SCHEMA_LOCK = 0x6465636b; // "deck"

// BIGINT (oid 20) as a JavaScript number: every value stored is a seq or milliseconds, far
// below 2^53.
const types = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === 20 ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

interface TableRow {
  code: string;
  game: string;
  players: number;
  settings: unknown;
  listed: boolean;
  created_at_ms: number;
  image: Buffer;
  seq: number;
  finished: boolean;
  owner: string | null;
}

interface FinishedRow {
  code: string;
  game: string;
  record: string;
  scores: number[];
  names: string[];
  finished_at_ms: number;
  abandoned: boolean;
}

function infoOf(r: TableRow): TableInfo {
  return {
    code: r.code,
    game: r.game,
    players: r.players,
    settings: r.settings,
    listed: r.listed,
    createdAtMs: r.created_at_ms,
  };
}

function finishedOf(r: FinishedRow): FinishedGame {
  return {
    code: r.code,
    game: r.game,
    record: r.record,
    scores: r.scores,
    names: r.names,
    finishedAtMs: r.finished_at_ms,
    ...(r.abandoned ? { abandoned: true } : {}),
  };
}

// The URL without its password, for messages.
export function redact(url: string): string {
  return url.replace(/^(postgres(?:ql)?:\/\/[^:@/]*):[^@/]*@/i, '$1:***@');
}

export class PostgresStore implements Store {
  readonly url: string;
  private pool: pg.Pool | null = null;
  private queues = new Map<string, Promise<unknown>>();
  private actor: { owner: string; leaseMs: number } | null = null;

  constructor(url: string, readonly poolSize = 10) {
    checkText('PostgreSQL URL', url, 4096);
    this.url = url;
  }

  private get p(): pg.Pool {
    if (!this.pool) throw new StoreError(`the PostgreSQL store ${redact(this.url)} is not open (call init(), or it was closed)`);
    return this.pool;
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

  private wrap(e: unknown): Error {
    if (e instanceof StoreError) return e;
    const err = e as Error & { code?: string };
    return new StoreError(`PostgreSQL (${redact(this.url)}): ${err.message}${err.code ? ` [${err.code}]` : ''}`);
  }

  // One transaction on one connection; rolled back when fn throws.
  private async tx<T>(fn: (c: pg.PoolClient) => Promise<T>): Promise<T> {
    let client: pg.PoolClient;
    try {
      client = await this.p.connect();
    } catch (e) {
      throw this.wrap(e);
    }
    try {
      await client.query('BEGIN');
      const out = await fn(client);
      await client.query('COMMIT');
      return out;
    } catch (e) {
      await client.query('ROLLBACK').catch(() => {});
      throw this.wrap(e);
    } finally {
      client.release();
    }
  }

  private async q<R extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<pg.QueryResult<R>> {
    const pool = this.p;
    try {
      return await pool.query<R>(text, values);
    } catch (e) {
      throw this.wrap(e);
    }
  }

  // Writes to one table run one after another, in call order.
  private serial<T>(code: string, fn: () => Promise<T>): Promise<T> {
    const before = this.queues.get(code) ?? Promise.resolve();
    const run = before.then(fn, fn);
    const tail = run.catch(() => {});
    this.queues.set(code, tail);
    tail.then(() => {
      if (this.queues.get(code) === tail) this.queues.delete(code);
    });
    return run;
  }

  async init(): Promise<void> {
    if (this.pool) return;
    const pool = new pg.Pool({
      connectionString: this.url,
      max: this.poolSize,
      types,
      options: '-c synchronous_commit=on',
      connectionTimeoutMillis: 10000,
    });
    // An idle connection that breaks (the database restarted) is dropped from the pool; the
    // next query opens a new one.
    pool.on('error', (e) => console.error(`deckhand store: PostgreSQL connection lost: ${e.message}`));
    this.pool = pool;
    try {
      await this.tx(async (c) => {
        await c.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
        await c.query(SCHEMA);
      });
    } catch (e) {
      this.pool = null;
      await pool.end().catch(() => {});
      throw new StoreError(`cannot set up PostgreSQL at ${redact(this.url)}: ${(e as Error).message}`);
    }
  }

  async createTable(info: TableInfo, image: Uint8Array, seq: number): Promise<void> {
    const { settings } = checkInfo(info);
    checkImage(image);
    checkInt('seq', seq, 0);
    this.p;
    await this.serial(info.code, () =>
      this.tx(async (c) => {
        const r = await c.query(
          `INSERT INTO tables (code, game, players, settings, listed, created_at_ms, image, seq, owner, lease_ms, lease_until_ms)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (code) DO NOTHING`,
          [
            info.code,
            info.game,
            info.players,
            settings,
            info.listed,
            info.createdAtMs,
            Buffer.from(image),
            seq,
            this.actor?.owner ?? null,
            this.actor?.leaseMs ?? 0,
            this.actor ? Date.now() + this.actor.leaseMs : 0,
          ],
        );
        if (r.rowCount !== 1) throw new StoreError(`table ${info.code} already exists`);
      }),
    );
  }

  async saveChange(code: string, change: ChangeRow, image: Uint8Array): Promise<void> {
    checkCode(code);
    checkChange(change);
    checkImage(image);
    this.p;
    await this.serial(code, () =>
      this.tx(async (c) => {
        const r = await c.query<{ seq: number; finished: boolean; players: number; owner: string | null }>(
          'SELECT seq, finished, players, owner FROM tables WHERE code = $1 FOR UPDATE',
          [code],
        );
        const row = r.rows[0];
        if (!row) throw new StoreError(`no table ${code}`);
        this.guard(code, row.owner);
        if (row.finished) throw new StoreError(`table ${code} is finished; it takes no more changes`);
        if (change.seq <= row.seq)
          throw new StoreError(`change seq ${change.seq} for table ${code} is not after its stored seq ${row.seq}`);
        if (change.seat !== null && change.seat >= row.players)
          throw new StoreError(`change seat ${change.seat} is not a seat of table ${code} (${row.players} seats)`);
        await c.query('INSERT INTO changes (code, seq, kind, seat, detail, at_ms, fair) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
          code,
          change.seq,
          change.kind,
          change.seat,
          change.detail,
          change.atMs,
          change.fair || null,
        ]);
        await c.query('UPDATE tables SET image = $1, seq = $2 WHERE code = $3', [Buffer.from(image), change.seq, code]);
      }),
    );
  }

  async setSeat(code: string, seat: SeatRow): Promise<void> {
    checkCode(code);
    this.p;
    await this.serial(code, () =>
      this.tx(async (c) => {
        const r = await c.query<{ players: number; owner: string | null }>(
          'SELECT players, owner FROM tables WHERE code = $1 FOR UPDATE',
          [code],
        );
        if (!r.rows[0]) throw new StoreError(`no table ${code}`);
        checkSeat(seat, r.rows[0].players);
        this.guard(code, r.rows[0].owner);
        await c.query(
          `INSERT INTO seats (code, seat, name, token_hash) VALUES ($1, $2, $3, $4)
           ON CONFLICT (code, seat) DO UPDATE SET name = excluded.name, token_hash = excluded.token_hash`,
          [code, seat.seat, seat.name, seat.tokenHash],
        );
      }),
    );
  }

  private async storedMany(c: pg.PoolClient, rows: TableRow[]): Promise<StoredTable[]> {
    if (rows.length === 0) return [];
    const seats = await c.query<{ code: string; seat: number; name: string; token_hash: string }>(
      'SELECT code, seat, name, token_hash FROM seats WHERE code = ANY($1) ORDER BY code, seat',
      [rows.map((r) => r.code)],
    );
    const byCode = new Map<string, SeatRow[]>();
    for (const s of seats.rows) {
      let list = byCode.get(s.code);
      if (!list) byCode.set(s.code, (list = []));
      list.push({ seat: s.seat, name: s.name, tokenHash: s.token_hash });
    }
    return rows.map((row) => ({
      info: infoOf(row),
      image: new Uint8Array(row.image),
      seq: row.seq,
      seats: byCode.get(row.code) ?? [],
      owner: row.owner,
    }));
  }

  async loadTable(code: string): Promise<StoredTable | null> {
    checkCode(code);
    this.p;
    // after the writes to this table called before it
    return this.serial(code, () =>
      this.tx(async (c) => {
        const r = await c.query<TableRow>('SELECT * FROM tables WHERE code = $1', [code]);
        return r.rows[0] ? (await this.storedMany(c, r.rows))[0] : null;
      }),
    );
  }

  async listUnfinished(): Promise<StoredTable[]> {
    return this.tx(async (c) => {
      await c.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
      const r = await c.query<TableRow>('SELECT * FROM tables WHERE NOT finished ORDER BY created_at_ms, code');
      return this.storedMany(c, r.rows);
    });
  }

  async finishTable(game: FinishedGame, image: Uint8Array): Promise<void> {
    const { scores, names } = checkFinished(game);
    checkImage(image);
    this.p;
    await this.serial(game.code, () =>
      this.tx(async (c) => {
        const r = await c.query<{ game: string; finished: boolean; owner: string | null }>(
          'SELECT game, finished, owner FROM tables WHERE code = $1 FOR UPDATE',
          [game.code],
        );
        const row = r.rows[0];
        if (!row) throw new StoreError(`no table ${game.code}`);
        if (row.finished) throw new StoreError(`table ${game.code} is already finished`);
        this.guard(game.code, row.owner);
        if (row.game !== game.game) throw new StoreError(`table ${game.code} plays ${row.game}, not ${game.game}`);
        await c.query('UPDATE tables SET finished = true, image = $1, owner = NULL, lease_until_ms = 0 WHERE code = $2', [
          Buffer.from(image),
          game.code,
        ]);
        await c.query(
          'INSERT INTO finished (code, game, record, scores, names, finished_at_ms, abandoned) VALUES ($1, $2, $3, $4, $5, $6, $7)',
          [game.code, game.game, game.record, scores, names, game.finishedAtMs, game.abandoned === true],
        );
        const players = [...new Set(game.names)].filter((n) => n !== '');
        if (players.length > 0)
          await c.query(
            `INSERT INTO finished_players (name, code, finished_at_ms)
             SELECT n, $2, $3 FROM unnest($1::text[]) AS n ON CONFLICT DO NOTHING`,
            [players, game.code, game.finishedAtMs],
          );
      }),
    );
  }

  async historyOfPlayer(name: string, limit: number): Promise<FinishedGame[]> {
    checkText('player name', name, MAX_NAME);
    checkLimit(limit);
    const r = await this.q<FinishedRow>(
      `SELECT f.* FROM finished_players p JOIN finished f ON f.code = p.code
       WHERE p.name = $1 ORDER BY p.finished_at_ms DESC, p.code LIMIT $2`,
      [name, limit],
    );
    return r.rows.map(finishedOf);
  }

  async historyOfTable(code: string): Promise<FinishedGame | null> {
    checkCode(code);
    const r = await this.q<FinishedRow>('SELECT * FROM finished WHERE code = $1', [code]);
    return r.rows[0] ? finishedOf(r.rows[0]) : null;
  }

  async listOpen(limit: number): Promise<TableInfo[]> {
    checkLimit(limit);
    const r = await this.q<TableRow>(
      `SELECT code, game, players, settings, listed, created_at_ms FROM tables
       WHERE NOT finished AND listed ORDER BY created_at_ms DESC, code LIMIT $1`,
      [limit],
    );
    return r.rows.map(infoOf);
  }

  async claim(code: string, owner: string, nowMs: number, leaseMs: number): Promise<boolean> {
    checkCode(code);
    checkOwner(owner);
    checkInt('nowMs', nowMs, 0);
    checkInt('leaseMs', leaseMs, 1, 24 * 3600 * 1000);
    const r = await this.q(
      `UPDATE tables SET owner = $2, lease_ms = $4, lease_until_ms = $3::bigint + $4::bigint
       WHERE code = $1 AND NOT finished AND (owner IS NULL OR owner = $2 OR lease_until_ms <= $3)`,
      [code, owner, nowMs, leaseMs],
    );
    if (r.rowCount === 1) return true;
    const exists = await this.q('SELECT 1 FROM tables WHERE code = $1', [code]);
    if (exists.rowCount === 0) throw new StoreError(`no table ${code}`);
    return false;
  }

  async renew(owner: string, nowMs: number): Promise<void> {
    checkOwner(owner);
    checkInt('nowMs', nowMs, 0);
    await this.q('UPDATE tables SET lease_until_ms = $2::bigint + lease_ms WHERE owner = $1 AND NOT finished', [
      owner,
      nowMs,
    ]);
  }

  async release(code: string, owner: string): Promise<void> {
    checkCode(code);
    checkOwner(owner);
    await this.q('UPDATE tables SET owner = NULL, lease_until_ms = 0 WHERE code = $1 AND owner = $2', [code, owner]);
  }

  async orphans(nowMs: number, limit: number): Promise<string[]> {
    checkInt('nowMs', nowMs, 0);
    checkLimit(limit);
    const r = await this.q<{ code: string }>(
      `SELECT code FROM tables WHERE NOT finished AND (owner IS NULL OR lease_until_ms <= $1)
       ORDER BY created_at_ms, code LIMIT $2`,
      [nowMs, limit],
    );
    return r.rows.map((x) => x.code);
  }

  async changes(code: string): Promise<ChangeRow[]> {
    checkCode(code);
    this.p;
    return this.serial(code, () => this.tx(async (c) => {
      const t = await c.query('SELECT 1 FROM tables WHERE code = $1', [code]);
      if (t.rowCount === 0) throw new StoreError(`no table ${code}`);
      const r = await c.query<{ seq: number; kind: string; seat: number | null; detail: string; at_ms: number; fair: string | null }>(
        'SELECT seq, kind, seat, detail, at_ms, fair FROM changes WHERE code = $1 ORDER BY seq',
        [code],
      );
      return r.rows.map((x) => ({ seq: x.seq, kind: x.kind, seat: x.seat, detail: x.detail, atMs: x.at_ms, ...(x.fair ? { fair: x.fair } : {}) }));
    }));
  }

  async close(): Promise<void> {
    const pool = this.pool;
    if (!pool) return;
    await Promise.allSettled([...this.queues.values()]);
    this.pool = null;
    await pool.end();
  }
}
