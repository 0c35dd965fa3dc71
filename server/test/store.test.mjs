// Runs the Store conformance suite on SQLite (a file in a temporary directory), and on
// PostgreSQL when DECKHAND_TEST_PG names a server (test/services.sh starts one; make
// server-test sets DECKHAND_TEST_REQUIRE_PG=1 so a missing server fails instead of skipping).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { openStore } from '../dist/store/open.js';
import { SqliteDirectStore } from '../dist/store/sqlite.js';
import { storeSuite } from './store-conformance.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'deckhand-store-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
const sqliteFile = join(dir, 'tables.sqlite');

storeSuite('sqlite', {
  open: () => openStore(sqliteFile),
  reset: async () => {
    for (const f of ['', '-wal', '-shm']) rmSync(sqliteFile + f, { force: true });
  },
});

// The suite drops its tables between tests, so it gets a database of its own on the server
// (other test files use the server's database at the same time).
async function ownDatabase(url) {
  const { default: pgLib } = await import('pg');
  const name = `conformance_${process.pid}`;
  const c = new pgLib.Client({ connectionString: url });
  await c.connect();
  await c.query(`DROP DATABASE IF EXISTS ${name}`);
  await c.query(`CREATE DATABASE ${name}`);
  await c.end();
  const own = new URL(url);
  own.pathname = `/${name}`;
  return own.toString();
}
// The same store on the calling thread (what the worker runs).
const directFile = join(dir, 'direct.sqlite');
storeSuite('sqlite-direct', {
  open: async () => {
    const s = new SqliteDirectStore(directFile);
    await s.init();
    return s;
  },
  reset: async () => {
    for (const f of ['', '-wal', '-shm']) rmSync(directFile + f, { force: true });
  },
});

const pg = process.env.DECKHAND_TEST_PG ? await ownDatabase(process.env.DECKHAND_TEST_PG) : undefined;
if (!pg && process.env.DECKHAND_TEST_REQUIRE_PG === '1')
  test('postgres: DECKHAND_TEST_PG is set', () => assert.fail('DECKHAND_TEST_PG is not set: test/services.sh start did not run'));
if (pg) {
  storeSuite('postgres', {
    open: () => openStore(pg),
    reset: async () => {
      const { default: pgLib } = await import('pg');
      const c = new pgLib.Client({ connectionString: pg });
      await c.connect();
      await c.query('DROP TABLE IF EXISTS finished_players, finished, changes, seats, tables CASCADE');
      await c.end();
    },
  });
}

// Durable before it resolves: a writer process is SIGKILLed while saving; every change it
// had been told was saved must be in the database afterwards.
function killedWriter(url, code) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(here, 'store-writer.mjs'), url, code], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    let acked = 0;
    child.stdout.on('data', (d) => {
      out += d;
      const lines = out.split('\n');
      out = lines.pop();
      for (const l of lines) if (/^\d+$/.test(l)) acked = Number(l);
      if (acked >= 150) child.kill('SIGKILL');
    });
    child.on('exit', (codeOut, signal) => {
      if (signal !== 'SIGKILL') reject(new Error(`writer exited ${codeOut} ${signal} before it was killed`));
      else resolve(acked);
    });
  });
}

for (const [name, url] of [['sqlite', sqliteFile], ...(pg ? [['postgres', pg]] : [])]) {
  test(`${name}: every change acknowledged before SIGKILL is stored`, async () => {
    const code = `K${process.pid}${name}`;
    const acked = await killedWriter(url, code);
    assert.ok(acked >= 150);
    const s = await openStore(url);
    const rows = await s.changes(code);
    const st = await s.loadTable(code);
    // every acknowledged change is there, in order, with no gap; at most one more (saved, not yet printed)
    assert.ok(rows.length >= acked && rows.length <= acked + 1, `acked ${acked}, stored ${rows.length}`);
    assert.deepEqual(rows.map((r) => r.seq), Array.from({ length: rows.length }, (_, i) => i + 1));
    assert.equal(st.seq, rows.length);
    assert.ok(new TextDecoder().decode(st.image).startsWith(`image ${rows.length} `));
    await s.close();
  });
}

test('openStore: URLs it cannot use are refused by name', async () => {
  await assert.rejects(openStore(''), /a file path or a postgres:\/\/ URL/);
  await assert.rejects(openStore('mysql://u:secret@host/db'), (e) => {
    assert.match(e.message, /unsupported database URL mysql:\/\/\*\*\*@host\/db/);
    assert.doesNotMatch(e.message, /secret/);
    return true;
  });
  await assert.rejects(openStore('postgres://u:secret@127.0.0.1:1/db'), (e) => {
    assert.equal(e.name, 'StoreError');
    assert.match(e.message, /cannot set up PostgreSQL at postgres:\/\/u:\*\*\*@127\.0\.0\.1:1\/db: .*ECONNREFUSED/);
    assert.doesNotMatch(e.message, /secret/);
    return true;
  });
  await assert.rejects(openStore(join(dir, 'no-such-dir', 'x.sqlite')), /cannot open the SQLite file/);
  const m = await openStore(':memory:');
  assert.deepEqual(await m.listOpen(5), []);
  await m.close();
});

// A file written by a server of schema version 1 (no fair lines, no abandoned games) opens in
// this one: the two columns are added, its tables and changes stay, and the new fields work.
test('sqlite: a schema version 1 file gets the version 2 columns and keeps its rows', async () => {
  const { default: Database } = await import('better-sqlite3');
  const file = join(dir, 'v1.sqlite');
  const db = new Database(file);
  db.exec(`
    CREATE TABLE tables (code TEXT PRIMARY KEY, game TEXT NOT NULL, players INTEGER NOT NULL, settings TEXT NOT NULL,
      listed INTEGER NOT NULL, created_at_ms INTEGER NOT NULL, image BLOB NOT NULL, seq INTEGER NOT NULL,
      finished INTEGER NOT NULL DEFAULT 0, owner TEXT, lease_ms INTEGER NOT NULL DEFAULT 0, lease_until_ms INTEGER NOT NULL DEFAULT 0);
    CREATE TABLE seats (code TEXT NOT NULL REFERENCES tables (code), seat INTEGER NOT NULL, name TEXT NOT NULL,
      token_hash TEXT NOT NULL, PRIMARY KEY (code, seat)) WITHOUT ROWID;
    CREATE TABLE changes (code TEXT NOT NULL REFERENCES tables (code), seq INTEGER NOT NULL, kind TEXT NOT NULL, seat INTEGER,
      detail TEXT NOT NULL, at_ms INTEGER NOT NULL, PRIMARY KEY (code, seq)) WITHOUT ROWID;
    CREATE TABLE finished (code TEXT PRIMARY KEY REFERENCES tables (code), game TEXT NOT NULL, record TEXT NOT NULL,
      scores TEXT NOT NULL, names TEXT NOT NULL, finished_at_ms INTEGER NOT NULL);
    CREATE TABLE finished_players (name TEXT NOT NULL, code TEXT NOT NULL REFERENCES finished (code),
      finished_at_ms INTEGER NOT NULL, PRIMARY KEY (name, code)) WITHOUT ROWID;
    INSERT INTO tables (code, game, players, settings, listed, created_at_ms, image, seq) VALUES ('OLD1', 'g', 3, '{}', 1, 1, x'01', 1);
    INSERT INTO changes VALUES ('OLD1', 1, 'act', 0, 'pass', 5);
    PRAGMA user_version = 1;
  `);
  db.close();
  const s = new SqliteDirectStore(file);
  await s.init();
  await s.saveChange('OLD1', { seq: 2, kind: 'act', seat: 1, detail: 'pass', atMs: 6, fair: 'commit 2 ab' }, new Uint8Array([2]));
  assert.deepEqual(await s.changes('OLD1'), [
    { seq: 1, kind: 'act', seat: 0, detail: 'pass', atMs: 5 },
    { seq: 2, kind: 'act', seat: 1, detail: 'pass', atMs: 6, fair: 'commit 2 ab' },
  ]);
  const game = { code: 'OLD1', game: 'g', record: 'r', scores: [0, 0, 0], names: ['a', '', ''], finishedAtMs: 9, abandoned: true };
  await s.finishTable(game, new Uint8Array([3]));
  assert.deepEqual(await s.historyOfTable('OLD1'), game);
  await s.close();
  // and opens again (version 2 now: no second ALTER)
  const again = new SqliteDirectStore(file);
  await again.init();
  assert.equal((await again.changes('OLD1')).length, 2);
  await again.close();
});
