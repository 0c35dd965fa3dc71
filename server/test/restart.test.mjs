// Lose nothing: a reconnect mid-trick (Colyseus reconnection), a seat taken back by its token
// after leaving, and a server SIGKILLed mid-hand and started again on the same database
// (SQLite, and PostgreSQL when services.sh started one): every client rejoins with its seat
// token and the hand goes on; each client's stream is the table's own, with no gap and no
// duplicate, and every accepted change is a row of the store.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, tempDb, freePort, Player, until, storedTable, deckhand, leaks, sleep, kept } from './helpers.mjs';

// A player's stream against the table's own, over the events the table keeps (events=deal).
function sameStream(p, table) {
  const want = kept(table, p.seat, p.firstSnapSeq);
  assert.ok(want.length > 0);
  assert.deepEqual(p.stream().filter((e) => e.seq >= want[0].seq), want, `seat ${p.seat}: the stream is the table's own`);
}

const servers = [];
after(async () => {
  for (const s of servers) await s.kill('SIGKILL');
});
const start = async (o) => {
  const s = await startServer(o);
  servers.push(s);
  return s;
};

const plays = (p) => p.stream().filter((e) => e.type === 'action' && /^play /.test(e.action)).length;

async function threeHumans(server) {
  const dh = await deckhand();
  const game = dh.games()[0];
  const ps = [0, 1, 2].map(() => new Player(server.url, { delayMs: 5 }));
  const seats = Array.from({ length: game.min_players }, (_, k) => (k < 3 ? 'human' : { bot: 'basic' }));
  const code = await ps[0].create({ name: 'a', game: game.name, options: { [game.limit_option]: 1 }, seats, players: game.min_players });
  await ps[1].join(code, { name: 'b' });
  await ps[2].join(code, { name: 'c' });
  return { dh, code, ps };
}

test('reconnect mid-trick (Colyseus reconnection): the seat waits, nobody stands in', async () => {
  const db = tempDb();
  const server = await start({ db });
  const { dh, code, ps } = await threeHumans(server);
  const p = ps[1];
  await until('a trick under way', () => plays(p) >= 2);
  // A dropped connection (not a leave): the seat waits for the same client.
  const token = p.room.reconnectionToken;
  p.room.connection.close();
  await sleep(100);
  p.attach(await p.client.reconnect(token));
  await until('the game to end', () => ps.every((x) => x.over), 60000);
  const table = dh.Table.deserialize((await storedTable(db, code)).image);
  for (const x of ps) {
    sameStream(x, table);
    assert.deepEqual(leaks(table, x), []);
  }
  assert.ok(!kept(table, null).some((e) => e.type === 'action' && e.by === 'stand-in'), 'nobody was stood in for');
  table.free();
  for (const x of ps) await x.leave();
  await server.kill('SIGTERM');
});

test('a reload: the seat token takes the seat back at once from the dropped connection', async () => {
  const db = tempDb();
  const server = await start({ db });
  const { dh, code, ps } = await threeHumans(server);
  const p = ps[1];
  await until('a trick under way', () => plays(p) >= 2);
  const oldToken = p.room.reconnectionToken;
  p.room.connection.close(); // no leave: the page went away
  await sleep(50);
  const fresh = new Player(server.url, { delayMs: 5 });
  await fresh.join(code, { seatToken: p.token });
  assert.equal(fresh.seat, 1);
  // The old connection cannot come back into the seat now.
  const again = await p.client.reconnect(oldToken).catch(() => null);
  if (again) {
    let code = null;
    again.onLeave((c) => (code = c));
    await until('the old connection to be sent away', () => code !== null, 5000);
    assert.equal(code, 4409);
  }
  const players = [ps[0], fresh, ps[2]];
  await until('the game to end', () => players.every((x) => x.over), 60000);
  const table = dh.Table.deserialize((await storedTable(db, code)).image);
  assert.ok(!kept(table, null).some((e) => e.type === 'action' && e.by === 'stand-in'), 'nobody was stood in for');
  for (const x of players) assert.deepEqual(leaks(table, x), []);
  table.free();
  for (const x of players) await x.leave();
  await server.kill('SIGTERM');
});

test('a seat left is played by its stand-in, and taken back by its token', async () => {
  const db = tempDb();
  const server = await start({ db });
  const { code, ps } = await threeHumans(server);
  const p = ps[2];
  const token = p.token;
  assert.ok(token && token.length >= 32);
  await until('a trick under way', () => plays(p) >= 1);
  await p.leave();
  await until('a stand-in move', () => ps[0].stream().some((e) => e.type === 'action' && e.by === 'stand-in'));
  const back = new Player(server.url);
  await back.join(code, { seatToken: token });
  assert.equal(back.seat, 2);
  assert.equal(back.messages.find(([t]) => t === 'welcome')[1].token, undefined, 'the token is never sent again');
  await until('the game to end', () => ps[0].over && ps[1].over && back.over, 60000);
  for (const x of [ps[0], ps[1], back]) await x.leave();
  await server.kill('SIGTERM');
});

async function killAndRestart(db) {
  const port = await freePort();
  let server = await start({ db, port });
  const { dh, code, ps } = await threeHumans(server);
  await until('a trick under way', () => plays(ps[0]) >= 4);
  await server.kill('SIGKILL');
  for (const p of ps) p.room = null;
  const before = ps.map((p) => p.lastSeq);
  server = await start({ db, port });
  assert.match(server.output(), /1 table\(s\) restored/);
  for (const p of ps) {
    p.client = new (p.client.constructor)(server.url);
    await p.join(code, { seatToken: p.token });
  }
  assert.deepEqual(ps.map((p) => p.seat), [0, 1, 2]);
  await until('the game to end after the restart', () => ps.every((p) => p.over), 60000);
  const stored = await storedTable(db, code);
  const table = dh.Table.deserialize(stored.image);
  assert.ok(table.isOver);
  for (const p of ps) {
    // Before and after the kill, one stream: nothing lost, nothing twice, nothing missed.
    sameStream(p, table);
    assert.deepEqual(leaks(table, p), []);
  }
  assert.ok(before.every((s, k) => ps[k].lastSeq > s));
  assert.ok(!kept(table, null).some((e) => e.type === 'action' && e.by === 'stand-in'), 'the hand went on as if nothing happened');
  // Every accepted change is one row, in seq order, ending at the table's seq.
  const { openStore } = await import('../dist/store/open.js');
  const store = await openStore(db);
  const rows = await store.changes(code);
  await store.close();
  assert.equal(rows.at(-1).seq, table.seq);
  assert.ok(rows.every((r, i) => i === 0 || r.seq > rows[i - 1].seq));
  const acts = rows.filter((r) => r.kind === 'act').length;
  // (a game of one deal: the table keeps every action of it)
  assert.equal(acts, kept(table, null).filter((e) => e.type === 'action' && e.by === 'human').length, 'one row per human action');
  table.free();
  for (const p of ps) await p.leave();
  await server.kill('SIGTERM');
}

test('SIGKILL mid-hand and restart on SQLite: every client rejoins by token and the hand goes on', () => killAndRestart(tempDb()));

const pg = process.env.DECKHAND_TEST_PG;
test('SIGKILL mid-hand and restart on PostgreSQL', { skip: !pg && process.env.DECKHAND_TEST_REQUIRE_PG !== '1' && 'DECKHAND_TEST_PG not set' }, async () => {
  assert.ok(pg, 'DECKHAND_TEST_PG is not set: services.sh did not start PostgreSQL');
  const { default: pgLib } = await import('pg');
  const name = `server_restart_${process.pid}`;
  const c = new pgLib.Client({ connectionString: pg });
  await c.connect();
  await c.query(`DROP DATABASE IF EXISTS ${name}`);
  await c.query(`CREATE DATABASE ${name}`);
  await c.end();
  const own = new URL(pg);
  own.pathname = `/${name}`;
  await killAndRestart(own.toString());
});

test('a player who never answers is played by the stand-in after decisionMs: the table never stalls', async () => {
  const db = tempDb();
  const server = await start({ db });
  const dh = await deckhand();
  const game = dh.games()[0];
  const seats = Array.from({ length: game.min_players }, (_, k) => (k < 2 ? 'human' : { bot: 'basic' }));
  const a = new Player(server.url);
  const idle = new Player(server.url, { autoplay: false });
  const code = await a.create({ name: 'a', game: game.name, seats, players: game.min_players, options: { [game.limit_option]: 1 }, table: { decisionMs: 150 } });
  await idle.join(code, { name: 'idle' });
  await until('the game to end', () => a.over && idle.over, 60000);
  const s = idle.stream();
  assert.ok(s.some((e) => e.type === 'timeout' && e.seat === idle.seat));
  assert.ok(s.some((e) => e.type === 'action' && e.seat === idle.seat && e.by === 'stand-in'));
  assert.ok(idle.messages.some(([t, m]) => t === 'turn' && m.deadlineMs !== null), 'turns carry the deadline');
  await a.leave();
  await idle.leave();
  await server.kill('SIGTERM');
});

test('SIGTERM keeps every table: started again, it resumes', async () => {
  const db = tempDb();
  const port = await freePort();
  let server = await start({ db, port });
  const dh = await deckhand();
  const game = dh.games()[0];
  const a = new Player(server.url, { autoplay: false });
  const code = await a.create({ name: 'a', game: game.name, seats: Array.from({ length: game.min_players }, (_, k) => (k ? { bot: 'basic' } : 'human')), players: game.min_players });
  await until('a turn', () => a.turn?.legal.length);
  await server.kill('SIGTERM');
  server = await start({ db, port });
  assert.match(server.output(), /1 table\(s\) restored/);
  const b = new Player(server.url, { autoplay: false });
  await b.join(code, { seatToken: a.token });
  assert.equal(b.seat, a.seat);
  assert.equal(b.snapshot.seq, a.lastSeq);
  await b.leave();
  await server.kill('SIGTERM');
});

// T6: a seat offered a discard may answer before the seats ahead of it; its answer waits for
// them. The answer is a change (an `answered` event, told to the seat first): saved before the
// seat hears of it, so a server killed then keeps it.
test('an offer answered ahead of its turn survives SIGKILL: its answer takes effect after the restart', async () => {
  const db = tempDb();
  const port = await freePort();
  let server = await start({ db, port });
  const dh = await deckhand();
  const ps = [0, 1, 2].map(() => new Player(server.url, { autoplay: false }));
  const code = await ps[0].create({ name: 'a', game: 'toonerville', seats: ['human', 'human', 'human'], players: 3, table: { offerMs: 600_000 } });
  await ps[1].join(code, { name: 'b' });
  await ps[2].join(code, { name: 'c' });
  // The seat to act declines the discard: the offer opens to the other two, in T6's order.
  await until('the first turn', () => ps.find((p) => p.turn?.legal.includes('draw')));
  // (the leak check takes the cards face up since the deal from a spectator's snapshot)
  const watcher = new Player(server.url, { autoplay: false });
  await watcher.join(code, { spectate: true });
  const drawer = ps.find((p) => p.turn.legal.includes('draw'));
  drawer.send('act', { action: 'draw' });
  await until('the offer', () => ps.some((p) => p.turn?.mayAct.length === 2));
  const order = ps.find((p) => p.turn?.mayAct.length === 2).turn.mayAct;
  const early = ps[order[1]];
  const ahead = ps[order[0]];
  await until('the later seat may answer', () => early.turn?.legal.includes('buy'));
  early.send('act', { action: 'buy' });
  const told = await until('its answer, told to it', () => early.events.find((e) => e.type === 'answered'));
  assert.deepEqual([told.seat, told.action], [early.seat, 'buy']);
  await until('the others hear that it answered', () => ahead.events.some((e) => e.type === 'answered'));
  const public_ = ahead.events.find((e) => e.type === 'answered');
  assert.equal(public_.action, undefined, 'what it answered is not told before its turn');
  await server.kill('SIGKILL');
  for (const p of [...ps, watcher]) p.room = null;
  server = await start({ db, port });
  assert.match(server.output(), /1 table\(s\) restored/);
  for (const p of ps) {
    p.client = new (p.client.constructor)(server.url);
    await p.join(code, { seatToken: p.token });
  }
  // Restored with the answer: only the seat ahead may answer still.
  assert.deepEqual(early.snapshot.table.may_act, [ahead.seat]);
  await until('the seat ahead may answer', () => ahead.turn?.legal.includes('pass'));
  ahead.send('act', { action: 'pass' });
  const bought = await until('the early answer takes effect', () =>
    early.events.find((e) => e.type === 'action' && e.seat === early.seat && e.action === 'buy'),
  );
  assert.equal(bought.by, 'human');
  // One `act` row per answer, each in seq order.
  const { openStore } = await import('../dist/store/open.js');
  const store = await openStore(db);
  const rows = (await store.changes(code)).filter((r) => r.kind === 'act');
  await store.close();
  assert.deepEqual(rows.map((r) => [r.seat, r.detail]), [[drawer.seat, 'draw'], [early.seat, 'buy'], [ahead.seat, 'pass']]);
  const table = dh.Table.deserialize((await storedTable(db, code)).image);
  for (const p of ps) assert.deepEqual(leaks(table, p, watcher), []);
  table.free();
  for (const p of ps) await p.leave();
  await server.kill('SIGTERM');
});
