// What a saveChange costs on each store: one writer awaiting each save (latency), and T tables
// with one save in flight each (throughput), with table images of 8 KiB (a table image is
// 2-17 KiB over a game). Run: node bench/store-bench.mjs [postgres://...]
//   (test/services.sh run node bench/store-bench.mjs "$DECKHAND_TEST_PG" for PostgreSQL)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, loadavg } from 'node:os';
import { join } from 'node:path';
import { SqliteStore } from '../dist/store/sqlite.js';
import { openStore } from '../dist/store/open.js';

const dir = mkdtempSync(join(tmpdir(), 'deckhand-store-bench-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
const image = new Uint8Array(8192).map((_, i) => (i * 31) & 255);
const pct = (xs, p) => xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
let serial = 0;

async function run(name, store) {
  const mk = async () => {
    const code = `B${process.pid}x${++serial}`;
    await store.createTable({ code, game: 'g', players: 4, settings: {}, listed: false, createdAtMs: 1 }, image, 0);
    return code;
  };
  // latency: one writer
  const code = await mk();
  const lat = [];
  const n = 400;
  for (let seq = 1; seq <= n; seq++) {
    const t0 = process.hrtime.bigint();
    await store.saveChange(code, { seq, kind: 'act', seat: seq % 4, detail: 'play x', atMs: seq }, image);
    lat.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  // throughput: 100 tables, one save in flight each
  const codes = [];
  for (let i = 0; i < 100; i++) codes.push(await mk());
  const per = 20;
  const t0 = process.hrtime.bigint();
  await Promise.all(
    codes.map(async (c) => {
      for (let seq = 1; seq <= per; seq++)
        await store.saveChange(c, { seq, kind: 'act', seat: 0, detail: 'play x', atMs: seq }, image);
    }),
  );
  const secs = Number(process.hrtime.bigint() - t0) / 1e9;
  console.log(
    `${name.padEnd(22)} one writer: p50 ${pct(lat, 50).toFixed(2)} ms, p99 ${pct(lat, 99).toFixed(2)} ms; ` +
      `100 tables: ${Math.round((codes.length * per) / secs)} saves/s; load ${loadavg()[0].toFixed(2)}`,
  );
  await store.close();
}

for (const sync of ['FULL', 'NORMAL']) {
  const s = new SqliteStore(join(dir, `bench-${sync}.sqlite`), sync);
  await s.init();
  await run(`sqlite synchronous=${sync}`, s);
}
if (process.argv[2]) await run('postgres', await openStore(process.argv[2]));
