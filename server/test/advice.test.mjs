// hint and review (docs/server.md "Messages to the server"): each for the asking seat only.
// A hint is the library bot's (Bot.hint) for a seat that may act now; a review is the asking
// seat's own card plays in the last hand that is over against the open-hand best (the solver
// sees every hand: never a hand still being played, never another seat's plays).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, tempDb, Player, until, storedTable, deckhand, sleep } from './helpers.mjs';

let server, db, dh, game;
before(async () => {
  db = tempDb();
  server = await startServer({ db });
  dh = await deckhand();
  // a game of fixed seats with an open-hand solver (solve() is Unsupported without one)
  game = dh.games().find((g) => {
    if (g.min_players !== g.max_players) return false;
    const probe = new dh.Game(g.name);
    probe.deal(1);
    try {
      probe.solve();
      return true;
    } catch (e) {
      return !(e instanceof dh.Unsupported);
    } finally {
      probe.free();
    }
  });
});
after(async () => server?.kill('SIGKILL'));

// The next message of `type` (or an error) the player gets after `from` messages.
const reply = (p, from, type) =>
  until(`a ${type} or an error`, () => p.messages.slice(from).find(([t]) => t === type || t === 'error'));

async function ask(p, type, payload) {
  const from = p.messages.length;
  p.send(type, payload);
  return reply(p, from, type);
}

test('hint: the library bot\'s hint for the seat to act only; review: only a finished hand, only your own plays', async () => {
  const n = game.min_players;
  const seats = Array.from({ length: n }, () => 'human');
  const ps = seats.map(() => new Player(server.url, { autoplay: false }));
  // two hands, the second dealt at once: a review during it is of the first
  const code = await ps[0].create({ name: 'a', game: game.name, seats, options: { [game.limit_option]: 2 }, table: { dealMs: 0 } });
  for (let k = 1; k < n; ++k) await ps[k].join(code, { name: `p${k}` });
  const watcher = new Player(server.url, { autoplay: false });
  await watcher.join(code, { spectate: true });
  await until('a seat to act', () => ps.some((p) => p.turn?.legal.length));
  const toAct = () => ps.find((p) => p.turn?.legal.length);
  const seq = (await storedTable(db, code)).seq;

  // Out of turn, for another seat, as a spectator: refused in words, nothing changes.
  const other = ps.find((p) => !p.turn?.legal.length);
  let [type, msg] = await ask(other, 'hint', { id: 'h1' });
  assert.equal(type, 'error');
  assert.equal(msg.code, 'not_your_turn');
  assert.equal(msg.id, 'h1');
  assert.match(msg.message, new RegExp(`^hint: seat ${other.seat} may not act now \\(seat ${toAct().seat} is to act\\)`));
  [type, msg] = await ask(other, 'hint', { seat: toAct().seat });
  assert.equal(msg.code, 'bad_message');
  assert.match(msg.message, /hint: unknown field "seat"/);
  [type, msg] = await ask(watcher, 'hint', {});
  assert.equal(msg.code, 'spectator');
  [type, msg] = await ask(toAct(), 'review', { id: 2 });
  assert.equal(type, 'error');
  assert.equal(msg.code, 'no_hand');
  assert.match(msg.message, /no hand is over yet/);

  // The seat to act gets the hint: one of its legal actions, every legal action valued.
  const p = toAct();
  [type, msg] = await ask(p, 'hint', { id: 3 });
  assert.equal(type, 'hint', JSON.stringify(msg));
  assert.equal(msg.id, 3);
  assert.ok(p.turn.legal.includes(msg.action), `${msg.action} in ${p.turn.legal}`);
  assert.deepEqual(msg.alternatives.map((a) => a.action).sort(), [...p.turn.legal].sort());
  assert.ok(msg.reason.length > 10);
  // asked again at the same point: the same answer
  const [, again] = await ask(p, 'hint', {});
  assert.equal(again.action, msg.action);
  assert.equal(again.reason, msg.reason);
  await sleep(50);
  assert.equal((await storedTable(db, code)).seq, seq, 'a hint changes nothing');

  // Play the first hand (the last action of each turn, a bid rather than a pass), asking for
  // reviews mid-hand: still refused.
  const deals = () => ps[0].events.filter((e) => e.type === 'deal').length;
  let asked = false;
  while (deals() < 2) {
    const q = toAct();
    if (!q) {
      await sleep(10);
      continue;
    }
    const before = q.turn.seq;
    if (!asked && q.events.some((e) => e.type === 'action' && /^play /.test(e.action))) {
      [type, msg] = await ask(q, 'review', {});
      assert.equal(msg.code, 'no_hand', 'mid-hand: no review');
      asked = true;
    }
    q.send('act', { action: q.turn.legal.at(-1) });
    await until('the move', () => q.turn.seq !== before || deals() >= 2);
  }
  assert.ok(asked);
  await until('the second deal for everyone', () => ps.every((x) => x.events.filter((e) => e.type === 'deal').length >= 2));
  // Each seat's review, during the second hand, is of the first hand and of its plays only.
  const first = ps[0].events.findIndex((e) => e.type === 'deal');
  const second = ps[0].events.findLastIndex((e) => e.type === 'deal');
  const handOne = ps[0].events.slice(first, second).filter((e) => e.type === 'action' && /^play /.test(e.action));
  assert.ok(handOne.length > 0, 'cards were played in the first hand');
  for (const x of ps) {
    [type, msg] = await ask(x, 'review', { id: `r${x.seat}` });
    assert.equal(type, 'review', JSON.stringify(msg));
    assert.equal(msg.id, `r${x.seat}`);
    assert.equal(msg.hand, 1);
    assert.deepEqual(msg.plays.map((r) => r.action), handOne.filter((e) => e.seat === x.seat).map((e) => e.action));
    for (const r of msg.plays) {
      assert.ok(r.best.includes(r.action) === (r.loss === 0), JSON.stringify(r));
      assert.equal(r.loss, r.bestValue - r.value);
      assert.ok(r.loss >= 0);
    }
  }
  [type, msg] = await ask(watcher, 'review', {});
  assert.equal(msg.code, 'spectator');
  for (const x of [...ps, watcher]) await x.leave();
});

// A game without an open-hand solver has no review: the refusal is `unsupported`, in the
// library's words, for a hand that is over (the game, one round long, played to its end by one
// human seat and bots), and nothing changes.
test('review: a game without a solver is refused as unsupported, in words', async () => {
  const unsolved = dh.games().find((g) => {
    const probe = new dh.Game(g.name, { players: g.min_players });
    probe.deal(1);
    try {
      probe.solve();
      return false;
    } catch (e) {
      return e instanceof dh.Unsupported;
    } finally {
      probe.free();
    }
  });
  assert.ok(unsolved, 'a game of the catalog has no solver');
  const seats = Array.from({ length: unsolved.min_players }, (_, k) => (k ? { bot: 'random' } : 'human'));
  const p = new Player(server.url); // plays every turn of its seat
  const code = await p.create({ name: 'a', game: unsolved.name, players: unsolved.min_players, seats,
    options: { [unsolved.limit_option]: 1 }, table: { botMs: 0, dealMs: 0 } });
  await until(`${unsolved.name} to end`, () => p.over, 60000);
  const seq = (await storedTable(db, code)).seq;
  // (the autoplay's quick answers may have spent the seat's message budget: wait for it)
  let type, msg;
  for (let i = 0; i < 20; ++i) {
    [type, msg] = await ask(p, 'review', { id: 'r' });
    if (msg.code !== 'rate_limited') break;
    await sleep(300);
  }
  assert.equal(type, 'error', JSON.stringify(msg));
  assert.equal(msg.code, 'unsupported');
  assert.equal(msg.id, 'r');
  // the library's own message, after the request's name: it names the game and says why
  const probe = new dh.Game(unsolved.name, { players: unsolved.min_players });
  probe.deal(1);
  const words = (() => {
    try {
      probe.solve();
    } catch (e) {
      return e.message;
    } finally {
      probe.free();
    }
  })();
  assert.equal(msg.message, `review: ${words}`);
  assert.match(msg.message, new RegExp(`${unsolved.name} has no open-hand solver`));
  await sleep(50);
  assert.equal((await storedTable(db, code)).seq, seq, 'a refused review changes nothing');
  await p.leave();
});
