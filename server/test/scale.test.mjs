// Two server processes with Redis and PostgreSQL on loopback (issue 22, "Scale out"): a table
// created through one is joined through the other; the process hosting it is SIGKILLed and the
// table resumes on the other from PostgreSQL, under the same code, the clients rejoining with
// their seat tokens, nothing lost. Needs DECKHAND_TEST_PG and DECKHAND_TEST_REDIS
// (test/services.sh run ...); skipped without them unless DECKHAND_TEST_REQUIRE_PG=1.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from 'colyseus.js';
import { startServer, freePort } from './lib/servers.mjs';
import { openStore } from '../dist/store/open.js';

const pg = process.env.DECKHAND_TEST_PG;
const redis = process.env.DECKHAND_TEST_REDIS;
const required = process.env.DECKHAND_TEST_REQUIRE_PG === '1';
const LEASE_MS = 2000;

// A seated client: keeps what it was told, plays its legal actions when asked to.
class Player {
  constructor(name) {
    this.name = name;
    this.events = [];
    this.turn = null;
    this.seat = null;
    this.token = null;
    this.snapshotSeq = null;
    this.left = null;
  }

  attach(room) {
    this.room = room;
    this.left = null;
    this.welcomed = new Promise((resolve) => {
      room.onMessage('welcome', (m) => {
        this.seat = m.seat;
        if (m.token) this.token = m.token;
        resolve(m);
      });
    });
    room.onMessage('snapshot', (m) => (this.snapshotSeq = m.seq));
    room.onMessage('events', (m) => this.events.push(...m.events));
    room.onMessage('turn', (m) => (this.turn = m));
    room.onMessage('seats', () => {});
    room.onMessage('error', (m) => (this.lastError = m));
    room.onLeave((code) => (this.left = code));
    return this.welcomed;
  }

  lastSeq() {
    return this.events.length ? this.events.at(-1).seq : this.snapshotSeq;
  }

  myActions() {
    return this.events.filter((e) => e.type === 'action' && e.seat === this.seat && e.by === 'human').map((e) => e.action);
  }
}

async function until(what, fn, timeoutMs = 20000) {
  const t0 = Date.now();
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() - t0 > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

// Plays `n` actions of the human players (whoever may act), each acknowledged by an event.
async function play(players, n) {
  for (let i = 0; i < n; i++) {
    const p = await until('a human seat to act', () =>
      players.find((q) => q.turn && q.turn.legal.length > 0 && q.left === null),
    );
    const before = p.myActions().length;
    const action = p.turn.legal[0];
    p.turn = null;
    p.room.send('act', { action, id: i });
    await until(`action ${action} acknowledged`, () => p.myActions().length > before || p.lastError?.id === i);
    assert.equal(p.lastError?.id === i ? p.lastError : undefined, undefined, 'the action was refused');
  }
}

test('two processes: create on one, join on the other, SIGKILL the host, resume on the survivor', { skip: !(pg && redis) && !required && 'needs DECKHAND_TEST_PG and DECKHAND_TEST_REDIS (test/services.sh run)' }, async () => {
  assert.ok(pg && redis, 'DECKHAND_TEST_PG and DECKHAND_TEST_REDIS are set');
  const ports = [await freePort(), await freePort()];
  const args = (port) => ['--db', pg, '--redis', redis, '--public-address', `127.0.0.1:${port}`, '--lease-ms', String(LEASE_MS)];
  const servers = await Promise.all(ports.map((port) => startServer(args(port), { port })));
  const store = await openStore(pg);
  try {
    // Ann creates the table through process 0, Bob joins through process 1.
    const ann = new Player('Ann');
    const bob = new Player('Bob');
    const annRoom = await new Client(servers[0].url).create('table', {
      name: 'Ann',
      game: 'ghost-euchre',
      seats: ['human', 'human', { bot: 'basic' }],
      table: { botMs: 0, dealMs: 0 },
      listed: false,
    });
    await ann.attach(annRoom);
    const code = annRoom.roomId;
    assert.match(code, /^[2-9A-HJ-NP-Z]{8}$/);
    const bobRoom = await new Client(servers[1].url).joinById(code, { name: 'Bob' });
    await bob.attach(bobRoom);
    assert.equal(bobRoom.roomId, code);
    assert.deepEqual([ann.seat, bob.seat], [0, 1]);
    assert.ok(ann.token && bob.token);

    await play([ann, bob], 6);

    // Which process hosts it: the lease's owner in PostgreSQL (host:port).
    const owner = (await store.loadTable(code)).owner;
    const hostIndex = ports.findIndex((p) => owner?.endsWith(`:${p}`));
    assert.ok(hostIndex >= 0, `the table's owner ${owner} is one of the two processes (${ports})`);
    const survivor = servers[1 - hostIndex];
    const seqBefore = Math.max(ann.lastSeq(), bob.lastSeq());
    const actsBefore = [ann.myActions(), bob.myActions()];

    // SIGKILL the host: both clients lose the connection
    const t0 = Date.now();
    await servers[hostIndex].kill('SIGKILL');
    await until('both clients to notice', () => ann.left !== null && bob.left !== null);

    // Both rejoin by the code with their seat tokens through the survivor, once it hosts the table.
    for (const p of [ann, bob]) {
      const room = await until(
        `${p.name} to rejoin ${code} on the survivor`,
        async () => {
          try {
            return await new Client(survivor.url).joinById(code, { seatToken: p.token, name: p.name });
          } catch {
            return null;
          }
        },
        LEASE_MS * 10,
      );
      const seat = p.seat;
      p.events = [];
      await p.attach(room);
      assert.equal(p.seat, seat, `${p.name} has the same seat back`);
    }
    const resumedMs = Date.now() - t0;
    assert.equal((await store.loadTable(code)).owner, `${owner.slice(0, owner.lastIndexOf(':'))}:${ports[1 - hostIndex]}`);
    assert.equal(Math.min(ann.snapshotSeq, bob.snapshotSeq) >= seqBefore, true, 'the snapshot holds every event the clients had heard of');

    // the hand goes on
    await play([ann, bob], 6);
    const stored = (await store.changes(code)).filter((c) => c.kind === 'act');
    const storedBy = (seat) => stored.filter((c) => c.seat === seat).map((c) => c.detail);
    assert.deepEqual(storedBy(0), [...actsBefore[0], ...ann.myActions()]);
    assert.deepEqual(storedBy(1), [...actsBefore[1], ...bob.myActions()]);
    console.log(`# the table resumed on the survivor ${resumedMs} ms after the SIGKILL (lease ${LEASE_MS} ms)`);
    for (const p of [ann, bob]) await p.room.leave(true).catch(() => {});
  } catch (e) {
    for (const s of servers) console.error(`--- server ${s.port}\n${s.output().slice(-4000)}`);
    throw e;
  } finally {
    for (const s of servers) await s.kill('SIGKILL');
    await store.close();
  }
});
