// Seats are private: every hostile case gets an error naming what was wrong and changes
// nothing (the stored table's seq stays where it was).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, tempDb, Player, until, storedTable, deckhand, sleep } from './helpers.mjs';

let server, db, dh, code, ps, watcher, game;
before(async () => {
  db = tempDb();
  server = await startServer({ db });
  dh = await deckhand();
  game = dh.games()[0];
  const seats = Array.from({ length: game.min_players }, () => 'human');
  ps = seats.map(() => new Player(server.url, { autoplay: false }));
  code = await ps[0].create({ name: 'a', game: game.name, seats, players: game.min_players });
  for (let k = 1; k < ps.length; ++k) await ps[k].join(code, { name: `p${k}` });
  watcher = new Player(server.url, { autoplay: false });
  await watcher.join(code, { spectate: true });
  await until('a seat to act', () => ps.some((p) => p.turn?.legal.length));
});
after(async () => server?.kill('SIGKILL'));

const seqNow = async () => (await storedTable(db, code)).seq;
const toAct = () => ps.find((p) => p.turn?.legal.length);
const notToAct = () => ps.find((p) => !p.turn?.legal.length);

// Sends, waits for the error reply, and checks nothing changed.
async function refused(p, send, code, match) {
  const seq = await seqNow();
  const n = p.errors.length;
  send();
  const err = await until(`an error ${code}`, () => p.errors[n]);
  assert.equal(err.code, code, JSON.stringify(err));
  if (match) assert.match(err.message, match);
  await sleep(50);
  assert.equal(await seqNow(), seq, 'nothing changed');
  return err;
}

async function joinRefused(options, status, match) {
  const p = new Player(server.url, { autoplay: false });
  await assert.rejects(p.join(code, options), (e) => {
    assert.equal(e.code, status, e.message);
    if (match) assert.match(e.message, match);
    return true;
  });
}

test('no token: a spectator cannot act; a full table gives no seat', async () => {
  const legal = toAct().turn.legal[0];
  await refused(watcher, () => watcher.send('act', { action: legal }), 'spectator');
  await joinRefused({ name: 'x' }, 4409, /no free seat/);
  await joinRefused({}, 4400, /name/);
  await joinRefused({ name: 'x', seat: 1 }, 4400, /join: unknown field "seat"/);
});

test('wrong token and taking a connected seat are refused', async () => {
  await joinRefused({ seatToken: 'not-a-token' }, 4403, /bad seat token/);
  await joinRefused({ seatToken: ps[0].token.slice(0, -1) + (ps[0].token.endsWith('A') ? 'B' : 'A') }, 4403, /bad seat token/);
  await joinRefused({ seatToken: ps[1].token }, 4409, /held by a connected player/);
  await joinRefused({ seatToken: ps[0].token, spectate: true }, 4400, /spectate/);
});

test('acting for another seat and out of turn', async () => {
  const p = notToAct();
  const other = toAct();
  await refused(p, () => p.send('act', { action: other.turn.legal[0], seat: other.seat }), 'bad_message', /unknown field "seat"/);
  const err = await refused(p, () => p.send('act', { action: other.turn.legal[0] }), 'DH_E_WRONG_SEAT');
  assert.ok(err.message.length > 0);
});

test('an illegal action gets the library\'s code, reason and message', async () => {
  const p = toAct();
  const err = await refused(p, () => p.send('act', { action: 'play ZZ', id: 7 }), 'DH_E_PARSE');
  assert.equal(err.id, 7);
  assert.equal(err.type, 'act');
});

test('malformed messages', async () => {
  const p = toAct();
  await refused(p, () => p.send('act', 'play'), 'bad_message', /one JSON object/);
  await refused(p, () => p.send('act', [1, 2]), 'bad_message', /one JSON object/);
  await refused(p, () => p.send('act', { action: 5 }), 'bad_message', /act.action: a string/);
  await refused(p, () => p.send('act', {}), 'bad_message', /act.action/);
  await refused(p, () => p.send('act', { action: 'x\u0000' }), 'bad_message', /control characters/);
  await refused(p, () => p.send('hello', {}), 'unknown_type', /no message type "hello"/);
  await refused(p, () => p.send(3, {}), 'unknown_type', /must be a string/);
  await refused(p, () => p.send('nonce', { nonce: 'xyz' }), 'bad_message', /16\.\.128/);
  await refused(p, () => p.send('nonce', { nonce: 'g'.repeat(64) }), 'bad_message', /hex digits/);
  await refused(p, () => p.send('sync', { since: -1 }), 'bad_message', /since/);
  await refused(p, () => p.room.sendBytes('act', new Uint8Array([1, 2, 3])), 'bad_message', /binary/);
  // Bytes that are not msgpack after a valid type.
  await refused(p, () => p.room.connection.send(new Uint8Array([13, 0xa3, 0x61, 0x63, 0x74, 0xdb, 0xff, 0xff])), 'bad_message', /decoded/);
});

test('oversized messages', async () => {
  const p = toAct();
  await refused(p, () => p.send('act', { action: 'x'.repeat(5000) }), 'too_large', /2048/);
  await refused(p, () => p.send('act', { action: 'x'.repeat(300) }), 'bad_message', /300 characters/);
});

test('a bad create is refused naming the field', async () => {
  const c = new Player(server.url, { autoplay: false });
  const bad = [
    [{ name: 'a', game: 'nope' }, /game: no game "nope"/],
    [{ name: 'a', game: game.name, players: 99 }, /players: 99 is outside/],
    [{ name: 'a', game: game.name, seats: ['human'] }, /seats: 1 entries/],
    [{ name: 'a', game: game.name, options: { nope: 1 } }, /options: .* has no option "nope"/],
    [{ name: 'a', game: game.name, table: { decisionMs: -5 } }, /table.decisionMs: -5 is outside/],
    [{ name: 'a', game: game.name, seed: 4 }, /create: unknown field "seed"/],
    [{ name: '', game: game.name }, /name: 0 characters/],
    [{ name: 'a', game: game.name, seats: Array.from({ length: game.min_players }, (_, k) => (k ? { bot: '6' } : 'human')) },
      /seats\[1\]\.bot: "6" is not a level \(random, basic, strong, expert, 1, 2, 3, 4, 5\)/],
    [{ name: 'a', game: game.name, table: { standin: 'genius' } }, /table\.standin: "genius" is not one of .*expert, 1, 2, 3, 4, 5, quickest/],
  ];
  for (const [opts, re] of bad)
    await assert.rejects(c.client.create('table', opts), (e) => {
      assert.equal(e.code, 4400);
      assert.match(e.message, re);
      return true;
    });
});

test('every level of the library seats a bot and stands in (expert, the ladder 1 to 5)', async () => {
  const levels = ['expert', '1', '4', '5', '2'];
  const seats = Array.from({ length: game.min_players }, (_, k) => (k ? { bot: levels[k - 1] } : 'human'));
  const host = new Player(server.url, { autoplay: false });
  const table = await host.create({ name: 'h', game: game.name, seats, players: game.min_players, table: { standin: '5' } });
  const seatList = await until('the seats', () => host.messages.findLast(([t]) => t === 'seats')?.[1]?.seats);
  for (let k = 1; k < game.min_players; ++k) assert.equal(seatList[k].level, levels[k - 1], JSON.stringify(seatList[k]));
  host.play();
  await until('the bots played', () => host.events.filter((e) => e.type === 'action' && e.seat !== 0).length >= 2);
  await host.leave();
  assert.ok((await storedTable(db, table)).seq > 0);
});

test('flooding: rate-limited, then disconnected', async () => {
  const p = notToAct();
  const seq = await seqNow();
  for (let i = 0; i < 200; ++i) p.send('sync', { since: 0 });
  await until('the disconnection', () => p.closed !== null);
  assert.equal(p.closed, 4429);
  assert.ok(p.errors.some((e) => e.code === 'rate_limited'));
  // The flood changed nothing; the disconnection left the seat to its stand-in (one change).
  await sleep(100);
  const { openStore } = await import('../dist/store/open.js');
  const store = await openStore(db);
  const rows = (await store.changes(code)).filter((r) => r.seq > seq);
  await store.close();
  assert.deepEqual(rows.map((r) => [r.kind, r.seat]), [['leave', p.seat]]);
  // The seat is the player's still: its token takes it back.
  await sleep(100);
  const back = new Player(server.url, { autoplay: false });
  await back.join(code, { seatToken: p.token });
  assert.equal(back.seat, p.seat);
});
