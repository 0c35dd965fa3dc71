// Long tables (issue 22): the server's tables keep only the current and the previous deal's
// events (events=deal), so a table's saved image stays bounded however long the game; a client
// that has fallen behind further than that gets a fresh snapshot and then an intact stream; a
// finished game's record still has every deal's fair lines and replays. Then the abandoned
// tables and the per-address create limit.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, tempDb, freePort, Player, until, storedTable, deckhand, sleep } from './helpers.mjs';

const servers = [];
after(async () => {
  for (const s of servers) await s.kill('SIGKILL');
});
const start = async (o) => {
  const s = await startServer(o);
  servers.push(s);
  return s;
};
const history = async (server, code) => (await fetch(`${server.url}/history/${code}`)).json();

// A table of bots watched by its creator (a spectator); resolves when the game is over.
async function botTable(server, game, hands, table) {
  const w = new Player(server.url, { autoplay: false });
  const seats = Array.from({ length: game.min_players }, () => ({ bot: 'basic' }));
  // the hands limit, not a score, ends the game
  const options = { [game.limit_option]: hands, ...(game.options.some((o) => o.name === 'target') ? { target: 10000 } : {}) };
  const code = await w.create({ spectate: true, game: game.name, players: game.min_players, seats, options, table });
  return { w, code };
}

test('the saved image stays bounded: 30 deals take about the room of 2 (events=all: many times it)', async () => {
  const dh = await deckhand();
  const game = dh.games()[0];
  const sizes = {};
  for (const events of ['deal', 'all']) {
    const db = tempDb();
    const server = await start({ db, args: events === 'all' ? ['--events', 'all'] : [] });
    for (const hands of [2, 30]) {
      const { w, code } = await botTable(server, game, hands, { botMs: 0, dealMs: 0 });
      await until(`${hands} hands`, () => w.over, 30000);
      const stored = await storedTable(db, code);
      const t = dh.Table.deserialize(stored.image);
      assert.ok(t.isOver);
      assert.ok(dh.replay(t.record()).hands.length >= hands); // a tie may add a hand
      const tg = t.game();
      sizes[`${events}${hands}`] = stored.image.length;
      // the table's own part (events, seats, clocks): the image less the game's (whose history,
      // the record's moves, grows with the game whatever the events option)
      sizes[`${events}${hands}table`] = stored.image.length - tg.serialize().length;
      tg.free();
      t.free();
      await w.leave();
    }
    await server.kill('SIGTERM');
  }
  const say = JSON.stringify(sizes);
  // events=deal keeps the previous and the current deal, whose events vary with the (random)
  // deals: two such windows differ by up to one deal's events. So the yardstick is what
  // events=all's table part gains over the same 28 deals: a part that grew with the deals by
  // even a tenth of what every deal's events take would be caught.
  const grewDeal = sizes.deal30table - sizes.deal2table;
  const grewAll = sizes.all30table - sizes.all2table;
  assert.ok(grewAll > 5 * sizes.all2table, `events=all: the table's part grows with the deals: ${say}`);
  assert.ok(grewDeal < grewAll / 10, `events=deal: the table's part grows with the deals: ${say}`);
  assert.ok(sizes.deal30 * 3 < sizes.all30, say);
});

test('a client fallen behind by more than a deal gets a snapshot, then an intact stream; the record has every deal', async () => {
  const dh = await deckhand();
  const game = dh.games()[0];
  const db = tempDb();
  const server = await start({ db });
  const { w, code } = await botTable(server, game, 12, { botMs: 4, dealMs: 0 });
  const lagger = new Player(server.url, { autoplay: false });
  await lagger.join(code, { spectate: true });
  const dealsSeen = (p) => p.events.filter((e) => e.type === 'deal').length;
  await until('four deals', () => dealsSeen(lagger) >= 4, 30000);
  // It asks for everything since it joined: more than the table keeps now.
  const from = lagger.firstSnapSeq;
  lagger.messages.length = 0;
  lagger.bySeq.clear();
  lagger.events.length = 0;
  lagger.send('sync', { since: from });
  await until('a fresh snapshot', () => lagger.messages.some(([t]) => t === 'snapshot'), 10000);
  assert.ok(lagger.messages.find(([t]) => t === 'snapshot')[1].seq > from, 'the snapshot is the table now');
  await until('the game to end', () => w.over && lagger.over, 60000);
  // (the test's Player answers a snapshot past its last event with a sync of its own: the last
  // snapshot is the one the stream goes on from)
  const snap = lagger.messages.filter(([t]) => t === 'snapshot').at(-1)[1];
  // Everything after the snapshot: no gap, nothing twice, and the same public stream the
  // spectator that never fell behind got.
  const after = [...lagger.bySeq.values()].filter((e) => e.seq > snap.seq).sort((x, y) => x.seq - y.seq);
  assert.ok(after.every((e, i) => e.seq === snap.seq + 1 + i), `no gap after the snapshot at ${snap.seq}: ${after.slice(0, 5).map((e) => e.seq)} ${JSON.stringify(lagger.messages.map(([t, m]) => [t, m.seq ?? m.events?.map((e) => e.seq)]).slice(0, 12))}`);
  assert.equal(after[0].seq, snap.seq + 1, 'the stream goes on right after the snapshot');
  assert.deepEqual(after, w.stream().filter((e) => e.seq > snap.seq));
  assert.ok(after.filter((e) => e.type === 'deal').length >= 2, 'deals after the snapshot');
  assert.deepEqual(lagger.errors, []);
  // The finished record: every deal committed and revealed, as the reader checks them.
  const deals = w.stream().filter((e) => e.type === 'deal').length;
  const hist = await history(server, code);
  const replayed = dh.replay(hist.record);
  assert.ok(replayed.ok, JSON.stringify(replayed));
  assert.ok(replayed.hands.length >= 12); // (a deal thrown in is no hand)
  // (the spectator may have joined after the first deal: the record's deal lines are all of them)
  const dealLines = hist.record.split('\n').filter((l) => /^deal /.test(l)).length;
  assert.ok(dealLines >= deals);
  assert.deepEqual(replayed.fair, { committed: dealLines, revealed: dealLines });
  await w.leave();
  await lagger.leave();
  await server.kill('SIGTERM');
});

test('a change that spans several deals: each client is pushed a snapshot instead of events it can no longer get', async () => {
  const dh = await deckhand();
  const game = dh.games()[0];
  const db = tempDb();
  const server = await start({ db });
  const seats = Array.from({ length: game.min_players }, (_, k) => (k === 0 ? 'human' : { bot: 'basic' }));
  const w = new Player(server.url, { autoplay: false });
  const code = await w.create({ spectate: true, game: game.name, players: game.min_players, seats, options: { [game.limit_option]: 6 }, table: { botMs: 0, dealMs: 0, nonceMs: 0, standin: 'quickest' } });
  const p = new Player(server.url, { autoplay: false });
  await p.join(code, { name: 'p' });
  await until('the first turn', () => p.turn?.legal.length);
  await until('the spectator to see it', () => w.turn?.seq === p.turn.seq);
  const before = w.messages.length;
  // The human leaves: its stand-in and the bots play the rest of the game in one go (no delays).
  await p.leave();
  await until('the game to end', () => w.over, 30000);
  const snaps = w.messages.slice(before).filter(([t]) => t === 'snapshot').map(([, s]) => s);
  // (the test's Player answers a snapshot past its last event with a sync, which gets a
  // snapshot again: the events are gone)
  assert.ok(snaps.length >= 1, 'a snapshot pushed when the events were gone');
  assert.ok(snaps.every((x) => x.table.over));
  assert.ok(!w.messages.slice(before).some(([t, m]) => t === 'events' && m.events.some((e) => e.type === 'deal')), 'no events it could not have in full');
  assert.deepEqual(w.errors, []);
  // The record of that game still replays (the deals whose fair lines went by in that one
  // change are the ones it cannot show).
  const hist = await history(server, code);
  assert.ok(dh.replay(hist.record).ok);
  await w.leave();
  await server.kill('SIGTERM');
});

test('abandoned tables: no human seat connected for --abandon-ms closes the table, keeps its record, and no restart restores it', async () => {
  const dh = await deckhand();
  const game = dh.games()[0];
  const db = tempDb();
  const port = await freePort();
  let server = await start({ db, port, args: ['--abandon-ms', '400'] });
  const seats = Array.from({ length: game.min_players }, (_, k) => (k === 0 ? 'human' : { bot: 'basic' }));
  const make = async () => {
    const p = new Player(server.url, { autoplay: false });
    const code = await p.create({ name: 'ann', game: game.name, players: game.min_players, seats, options: { [game.limit_option]: 5 } });
    await until('a turn', () => p.turn?.legal.length);
    return { p, code };
  };
  const gone = await make();
  const kept = await make();
  const token = gone.p.token;
  gone.p.room.connection.close(); // dropped, not left: it counts as not connected all the same
  await sleep(1200);
  // The table nobody is at is over for the server: closed, its record kept, marked abandoned.
  const hist = await history(server, gone.code);
  assert.equal(hist.abandoned, true);
  assert.ok(dh.replay(hist.record).ok);
  assert.ok(/abandoned/.test(server.output()));
  const mine = await (await fetch(`${server.url}/history?player=ann`)).json();
  assert.ok(mine.games.some((g) => g.code === gone.code && g.abandoned));
  const back = new Player(server.url, { autoplay: false });
  await assert.rejects(back.join(gone.code, { seatToken: token }));
  // The table whose player is connected stays.
  assert.equal(kept.p.closed, null);
  assert.equal((await history(server, kept.code)).error, `no finished game ${kept.code}`);
  // A restart restores the other table only.
  await server.kill('SIGKILL');
  server = await start({ db, port, args: ['--abandon-ms', '400'] });
  assert.match(server.output(), /1 table\(s\) restored/);
  const stored = await storedTable(db, gone.code);
  assert.ok(stored, 'the abandoned table is still in the store');
  await server.kill('SIGTERM');
});

test('creating tables is limited per address (--create-limit): the refusal names the limit', async () => {
  const dh = await deckhand();
  const game = dh.games()[0];
  const server = await start({ db: tempDb(), args: ['--create-limit', '3'] });
  const seats = Array.from({ length: game.min_players }, (_, k) => (k === 0 ? 'human' : { bot: 'basic' }));
  const ps = [];
  for (let i = 0; i < 3; ++i) {
    const p = new Player(server.url, { autoplay: false });
    await p.create({ name: `p${i}`, game: game.name, players: game.min_players, seats });
    ps.push(p);
  }
  const fourth = new Player(server.url, { autoplay: false });
  await assert.rejects(fourth.create({ name: 'p3', game: game.name, players: game.min_players, seats }), (e) => {
    assert.match(e.message, /create limit: at most 3 tables a minute from one address \(--create-limit\); try again in \d+ s/);
    return true;
  });
  // Joining is not creating.
  const watcher = new Player(server.url, { autoplay: false });
  await watcher.join(ps[0].code, { spectate: true });
  assert.equal(watcher.seat, null);
  for (const p of [...ps, watcher]) await p.leave();
  await server.kill('SIGTERM');
});
