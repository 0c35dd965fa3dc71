// Fair deals through the server: every table is fair (a secret of its own, kept in the
// database); before each deal every client gets its commitment, each seated client's nonce
// is mixed in, after the hand the seed is revealed, and the record carries them all and
// replays (the reader verifies every commitment against its reveal and the deal).
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
    const code = await ps[0].create({ name: 'a', game: game.name, players, seats, options: { [game.limit_option]: 2 }, table: { dealMs: 0, nonceMs: 5000 } });
    await ps[1].join(code, { name: 'b' });
    await until(`${game.name} to end`, () => ps.every((p) => p.over), 60000);
    const table = dh.Table.deserialize((await storedTable(db, code)).image);
    const pub = table.events(null);
    const deals = pub.filter((e) => e.type === 'deal');
    assert.ok(deals.length >= 2, `${game.name}: two deals`);
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
    const record = table.record();
    const replayed = dh.replay(record);
    assert.ok(replayed.ok, JSON.stringify(replayed));
    // A record whose reveal was changed does not replay.
    const line = record.split('\n').findIndex((l) => /reveal/.test(l) && !l.startsWith('#'));
    assert.ok(line >= 0, 'the record carries the reveals');
    const lines = record.split('\n');
    lines[line] = lines[line].replace(/[0-9a-f](?=[0-9a-f]*$)/, (c) => (c === '0' ? '1' : '0'));
    assert.equal(dh.replay(lines.join('\n')).ok, false, 'a changed reveal is refused');
    for (const p of ps) await p.leave();
    table.free();
  }
});
