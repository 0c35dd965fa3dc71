// Fair deals through the server: every table is fair (a secret of its own, kept in the
// database); before each deal every client gets its commitment, each seated client's nonce
// is mixed in, after the hand the seed is revealed, and the record carries them all and
// replays (the reader verifies every commitment against its reveal and the deal). The tables
// keep only their last two deals' events (events=deal): the finished game's record has every
// deal's lines all the same (the server stores them as they happen).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, tempDb, Player, until, storedTable, deckhand } from './helpers.mjs';

let server, db, dh;
before(async () => {
  db = tempDb();
  server = await startServer({ db });
  dh = await deckhand();
});
after(async () => server?.kill('SIGTERM'));

test('every deal is committed before it is dealt, takes each human seat\'s nonce, and is revealed after', async () => {
  for (const game of dh.games()) {
    const players = game.min_players;
    const seats = Array.from({ length: players }, (_, k) => (k < 2 ? 'human' : { bot: 'basic' }));
    const ps = [new Player(server.url), new Player(server.url)];
    const code = await ps[0].create({ name: 'a', game: game.name, players, seats, options: { [game.limit_option]: 4 }, table: { dealMs: 0, nonceMs: 5000, botMs: 0 } });
    // a spectator from the start: the public stream, every deal of it
    const watcher = new Player(server.url, { autoplay: false });
    await watcher.join(code, { spectate: true });
    await ps[1].join(code, { name: 'b' });
    await until(`${game.name} to end`, () => ps.every((p) => p.over) && watcher.over, 60000);
    const table = dh.Table.deserialize((await storedTable(db, code)).image);
    const pub = watcher.stream();
    const deals = pub.filter((e) => e.type === 'deal');
    assert.ok(deals.length >= 3, `${game.name}: three deals or more`);
    for (const d of deals) {
      const commit = pub.find((e) => e.type === 'commit' && e.deal === d.deal);
      assert.ok(commit && commit.seq < d.seq, `${game.name} deal ${d.deal}: committed before it was dealt`);
      assert.match(commit.commitment, /^[0-9a-f]{64}$/);
      const nonces = pub.filter((e) => e.type === 'nonce' && e.seq > commit.seq && e.seq < d.seq);
      assert.deepEqual(nonces.map((e) => e.seat).sort(), [0, 1], `${game.name} deal ${d.deal}: both humans' nonces, no bot's`);
      const reveal = pub.find((e) => e.type === 'reveal' && e.deal === d.deal);
      assert.ok(reveal && reveal.seq > d.seq, `${game.name} deal ${d.deal}: revealed after`);
    }
    // Every client heard the commitment of each deal before that deal: in its events, or in
    // the snapshot it joined with (its nonce window).
    for (const p of ps) {
      const s = p.stream();
      const joined = p.messages.find(([t]) => t === 'snapshot')[1].table.nonce_window;
      for (const d of s.filter((e) => e.type === 'deal'))
        assert.ok(s.some((e) => e.type === 'commit' && e.deal === d.deal && e.seq < d.seq) || joined?.deal === d.deal, `seat ${p.seat}, deal ${d.deal}`);
    }
    // The table keeps the last deals' lines; the record the server keeps has every deal's.
    assert.ok(dh.replay(table.record()).fair.committed < deals.length, 'the table itself no longer has the first deals\' lines');
    const record = (await (await fetch(`${server.url}/history/${code}`)).json()).record;
    const replayed = dh.replay(record);
    assert.ok(replayed.ok, JSON.stringify(replayed));
    assert.deepEqual(replayed.fair, { committed: deals.length, revealed: deals.length }, `${game.name}: every deal committed and revealed in the record`);
    // A record whose reveal was changed does not replay.
    const line = record.split('\n').findIndex((l) => /reveal/.test(l) && !l.startsWith('#'));
    assert.ok(line >= 0, 'the record carries the reveals');
    const lines = record.split('\n');
    lines[line] = lines[line].replace(/[0-9a-f](?=[0-9a-f]*$)/, (c) => (c === '0' ? '1' : '0'));
    assert.equal(dh.replay(lines.join('\n')).ok, false, 'a changed reveal is refused');
    for (const p of [...ps, watcher]) await p.leave();
    table.free();
  }
});
