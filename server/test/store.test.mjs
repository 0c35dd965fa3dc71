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
