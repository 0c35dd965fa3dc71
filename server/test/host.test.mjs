// TableHost (server/src/scale/host.ts) on two processes' worth of stores over one SQLite file,
// with a clock the test moves: exactly one host per table, takeover after the lease, fencing
// of the process that lost its lease, reclaim by the same owner after a restart.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../dist/store/open.js';
import { TableHost } from '../dist/scale/host.js';

const dir = mkdtempSync(join(tmpdir(), 'deckhand-host-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
const img = (s) => new TextEncoder().encode(s);
const url = join(dir, 'host.sqlite');

async function proc(owner, clock, leaseMs = 1000) {
  const store = await openStore(url);
  const hosted = [];
  const dropped = [];
  const host = new TableHost({
    store,
    owner,
    leaseMs,
    renewMs: 1e9, // the test renews by hand
    sweepMs: 1e9,
    now: () => clock.t,
    host: async (code) => {
      const t = await store.loadTable(code);
      assert.ok(t, `table ${code} is in the store`);
      hosted.push(code);
    },
    drop: async (code) => void dropped.push(code),
    log: () => {},
  });
  return { store, host, hosted, dropped };
}

const info = (code) => ({ code, game: 'game-a', players: 2, settings: {}, listed: true, createdAtMs: 1 });
const change = (seq) => ({ seq, kind: 'act', seat: 0, detail: `d${seq}`, atMs: seq });

test('tables move to another process only after their lease, and the old one is fenced', async () => {
  const clock = { t: Date.now() };
  const a = await proc('host-a:1', clock);
  const b = await proc('host-b:1', clock);
  await a.host.start();
  await b.host.start();
  for (const code of ['Ta', 'Tb', 'Tc']) {
    await a.store.createTable(info(code), img('i'), 0);
    a.host.adopt(code);
  }
  await a.store.saveChange('Ta', change(1), img('a1'));
  assert.equal(await b.host.sweep(), 0, 'B takes nothing while A holds live leases');
  clock.t += 700;
  await a.host['renew']();
  clock.t += 700; // 1400 ms after creation, 700 after the renewal
  assert.equal(await b.host.sweep(), 0, 'renewed leases stay with A');
  // A dies (no more renewals); after the lease B takes every table, once
  clock.t += 1000;
  assert.equal(await b.host.sweep(), 3);
  assert.deepEqual(b.hosted.sort(), ['Ta', 'Tb', 'Tc']);
  assert.equal(await b.host.sweep(), 0, 'nothing twice');
  assert.equal((await b.store.loadTable('Ta')).owner, 'host-b:1');
  // A (paused, not dead) tries to write: refused, and it drops the table
  await assert.rejects(a.store.saveChange('Ta', change(2), img('a2')), /hosted by host-b:1/);
  await a.host.lost('Ta', 'refused');
  assert.deepEqual(a.dropped, ['Ta']);
  await b.store.saveChange('Ta', change(2), img('b2'));
  // B shuts down gracefully: its tables are free at once, and a restarted A takes them
  await b.host.stop(true);
  const a2 = await proc('host-a:1', clock);
  assert.equal(await a2.host.start(), 3);
  await a2.store.saveChange('Ta', change(3), img('a3'));
  assert.deepEqual((await a2.store.changes('Ta')).map((c) => c.detail), ['d1', 'd2', 'd3']);
  for (const p of [a, b, a2]) {
    await p.host.stop(false);
    await p.store.close();
  }
});

test('a server killed and started again reclaims its own tables at once', async () => {
  const clock = { t: Date.now() };
  const a = await proc('host-r:1', clock);
  await a.host.start();
  await a.store.createTable(info('Tr'), img('i'), 0);
  a.host.adopt('Tr');
  await a.host.stop(false); // killed: nothing released
  await a.store.close();
  const other = await proc('host-o:1', clock);
  assert.equal(await other.host.start(), 0, 'the lease is live: nobody else takes it');
  const again = await proc('host-r:1', clock);
  assert.equal(await again.host.start(), 1, 'its own owner name takes it back before the lease ends');
  assert.deepEqual(again.hosted, ['Tr']);
  for (const p of [other, again]) {
    await p.host.stop(false);
    await p.store.close();
  }
});

test('a host that cannot renew for a whole lease drops every table', async () => {
  const clock = { t: Date.now() };
  const a = await proc('host-d:1', clock);
  await a.host.start();
  await a.store.createTable(info('Td'), img('i'), 0);
  a.host.adopt('Td');
  const renew = a.store.renew;
  a.store.renew = async () => {
    throw new Error('database unreachable');
  };
  clock.t += 500;
  await a.host['renew']();
  assert.deepEqual(a.dropped, [], 'not yet: half a lease');
  clock.t += 600;
  await a.host['renew']();
  assert.deepEqual(a.dropped, ['Td']);
  assert.equal(a.host.isHosted('Td'), false);
  a.store.renew = renew;
  await a.host.stop(false);
  await a.store.close();
});
