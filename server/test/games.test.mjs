// Whole games of every game of the catalog through one server process: 2 to 5 human clients
// (colyseus.js) and bots, a spectator, and the leak capture: every message each client got is
// recorded, its event stream must be exactly the table's own stream for its seat, and no card
// another seat holds privately reaches it before it is public.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, tempDb, Player, until, storedTable, deckhand, leaks } from './helpers.mjs';

let server, db, dh;
before(async () => {
  db = tempDb();
  // events=all: the leak capture's truth is every seat's whole stream, which only a table that
  // keeps every event has (the default, events=deal, keeps the last two deals: see long.test).
  server = await startServer({ db, args: ['--events', 'all'] });
  dh = await deckhand();
});
after(async () => server?.kill('SIGTERM'));

// One game per catalog entry, with as many humans as the brief asks (2..5, capped by seats).
async function wholeGame(game, humans, players) {
  const seats = Array.from({ length: players }, (_, k) => (k < humans ? 'human' : { bot: k % 2 ? 'basic' : 'random' }));
  // The humans start playing once the spectator is in (see leaks()).
  const ps = Array.from({ length: humans }, () => new Player(server.url, { autoplay: false }));
  const options = { [game.limit_option]: 1 };
  const code = await ps[0].create({ name: 'p0', game: game.name, players, options, seats, table: { botMs: 0, dealMs: 0 } });
  assert.match(code, /^[23456789A-HJ-NP-Z]{8}$/);
  for (let k = 1; k < humans; ++k) await ps[k].join(code, { name: `p${k}` });
  const watcher = new Player(server.url, { autoplay: false });
  await watcher.join(code, { spectate: true });
  for (const p of ps) p.play();
  assert.deepEqual(ps.map((p) => p.seat), [...Array(humans).keys()]);
  await until(`${game.name} to end`, () => ps.every((p) => p.over) && watcher.over, 60000);
  const stored = await storedTable(db, code);
  const table = dh.Table.deserialize(stored.image);
  assert.ok(table.isOver);
  for (const p of [...ps, watcher]) {
    assert.deepEqual(p.stream(), table.events(p.seat, p.firstSnapSeq), `seat ${p.seat}: the stream is the table's own`);
    assert.deepEqual(leaks(table, p, watcher), [], `seat ${p.seat}: nothing it may not see`);
    // Only the table's refusals of an action sent on a turn another seat's answer had already
    // changed (offers are answered at once); never an error of the server's own.
    // (and the rate limit's, which scripted players with instant bots can meet: they wait).
    assert.deepEqual(p.errors.filter((e) => !(e.type === 'act' && /^DH_E_/.test(e.code)) && e.code !== 'rate_limited'), []);
  }
  assert.ok(ps.reduce((n, p) => n + p.acts, 0) > 0, 'the humans played');
  // Every accepted change is a row, and the finished game keeps its record.
  const hist = await (await fetch(`${server.url}/history/${code}`)).json();
  assert.equal(hist.code, code);
  assert.equal(hist.record, table.record());
  const replayed = dh.replay(hist.record);
  assert.ok(replayed.ok, JSON.stringify(replayed));
  assert.deepEqual(replayed.scores, table.scores);
  const mine = await (await fetch(`${server.url}/history?player=p1`)).json();
  assert.ok(mine.games.some((g) => g.code === code));
  for (const p of [...ps, watcher]) await p.leave();
  table.free();
}

test('whole games of each game, 2-5 humans and bots, spectator, leak capture', async (t) => {
  const games = dh.games();
  let humans = 2;
  for (const game of games) {
    const players = game.max_players;
    const h = Math.min(players, humans);
    await t.test(`${game.name}: ${h} humans of ${players}`, () => wholeGame(game, h, players));
    humans = humans >= 5 ? 2 : humans + 1;
  }
  // And every game with all its seats human.
  for (const game of games) {
    const players = Math.min(game.max_players, 5);
    await t.test(`${game.name}: ${players} humans`, () => wholeGame(game, players, players));
  }
});

test('GET /tables lists open listed tables, not private ones', async () => {
  const game = dh.games()[0];
  const a = new Player(server.url, { autoplay: false });
  const b = new Player(server.url, { autoplay: false });
  const open = await a.create({ name: 'a', game: game.name });
  const hidden = await b.create({ name: 'b', game: game.name, listed: false });
  const list = await (await fetch(`${server.url}/tables`)).json();
  const row = list.tables.find((x) => x.code === open);
  assert.ok(row);
  assert.equal(row.game, game.name);
  assert.equal(row.free, game.min_players - 1);
  assert.ok(!list.tables.some((x) => x.code === hidden));
  // A full table is not listed.
  const others = [];
  for (let k = 1; k < game.min_players; ++k) {
    const p = new Player(server.url, { autoplay: false });
    await p.join(open, { name: `o${k}` });
    others.push(p);
  }
  const after = await (await fetch(`${server.url}/tables`)).json();
  assert.ok(!after.tables.some((x) => x.code === open));
  for (const p of others) await p.leave();
  await a.leave();
  await b.leave();
});
