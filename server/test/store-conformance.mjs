// The Store conformance suite: every method of server/src/store/store.ts, run against each
// store (test/store.test.mjs runs it on SQLite, and on PostgreSQL when a server is up).
//
// storeSuite(name, { open, reset }) where open() returns a fresh, initialised store on the
// same database each call (so close + open again is a reopen) and reset() empties the database.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';

const hash = (s) => createHash('sha256').update(s).digest('hex');
const img = (s) => new TextEncoder().encode(s);
const txt = (u) => new TextDecoder().decode(u);

let serial = 0;
export function info(over = {}) {
  serial++;
  return {
    code: `T${process.pid}x${serial}`,
    game: 'game-a',
    players: 4,
    settings: { seats: ['human', 'human', 'bot:1', 'bot:2'], target: 10 },
    listed: true,
    createdAtMs: 1_700_000_000_000 + serial,
    ...over,
  };
}
const change = (seq, over = {}) => ({ seq, kind: 'act', seat: 0, detail: `play ${seq}`, atMs: 1000 + seq, ...over });
const finished = (code, over = {}) => ({
  code,
  game: 'game-a',
  record: `{"record":"${code}"}`,
  scores: [10, -3, 4, 0],
  names: ['ann', 'bob', 'bot', 'bot'],
  finishedAtMs: 2_000_000_000_000 + serial++,
  ...over,
});

// Rejects with a StoreError whose message matches `re`.
async function refused(p, re) {
  await assert.rejects(p, (e) => {
    assert.equal(e.name, 'StoreError', `expected a StoreError, got ${e.name}: ${e.message}`);
    assert.match(e.message, re);
    return true;
  });
}

export function storeSuite(name, { open, reset }) {
  test(`${name}: init is idempotent and two stores share one database`, async () => {
    await reset();
    const a = await open();
    await a.init();
    const b = await open();
    const t = info();
    await a.createTable(t, img('image-0'), 0);
    assert.equal((await b.loadTable(t.code)).seq, 0);
    await a.close();
    await b.close();
  });

  test(`${name}: createTable, loadTable, setSeat round trip`, async () => {
    const s = await open();
    const t = info({ listed: false });
    await s.createTable(t, img('image-0'), 3);
    assert.equal(await s.loadTable('NoSuchTable'), null);
    let st = await s.loadTable(t.code);
    assert.deepEqual(st.info, t);
    assert.equal(txt(st.image), 'image-0');
    assert.ok(st.image instanceof Uint8Array);
    assert.equal(st.seq, 3);
    assert.deepEqual(st.seats, []);
    assert.equal(st.owner, null);
    await s.setSeat(t.code, { seat: 1, name: 'bob', tokenHash: hash('b') });
    await s.setSeat(t.code, { seat: 0, name: 'ann', tokenHash: hash('a') });
    await s.setSeat(t.code, { seat: 1, name: 'bea', tokenHash: hash('b2') }); // replaces seat 1
    st = await s.loadTable(t.code);
    assert.deepEqual(st.seats, [
      { seat: 0, name: 'ann', tokenHash: hash('a') },
      { seat: 1, name: 'bea', tokenHash: hash('b2') },
    ]);
    await refused(s.createTable(t, img('again'), 0), /already exists/);
    assert.equal(txt((await s.loadTable(t.code)).image), 'image-0');
    await s.close();
  });

  test(`${name}: saveChange keeps every change and the latest image`, async () => {
    const s = await open();
    const t = info();
    await s.createTable(t, img('i0'), 0);
    await s.saveChange(t.code, change(1), img('i1'));
    await s.saveChange(t.code, change(2, { kind: 'tick', seat: null, detail: '' }), img('i2'));
    await s.saveChange(t.code, change(5, { seat: 3, fair: 'reveal 1 5 ab\ncommit 2 cd' }), img('i5')); // a change may advance seq by several
    const st = await s.loadTable(t.code);
    assert.equal(st.seq, 5);
    assert.equal(txt(st.image), 'i5');
    // the fair lines a change made come back with it
    assert.deepEqual(await s.changes(t.code), [change(1), change(2, { kind: 'tick', seat: null, detail: '' }), change(5, { seat: 3, fair: 'reveal 1 5 ab\ncommit 2 cd' })]);
    await refused(s.saveChange(t.code, change(6, { fair: 7 }), img('x')), /change fair must be a string/);
    // A stale or repeated seq is refused and changes nothing (a second writer, a replayed message).
    await refused(s.saveChange(t.code, change(5), img('dup')), /seq 5 .* not after its stored seq 5/);
    await refused(s.saveChange(t.code, change(4), img('old')), /not after/);
    await refused(s.saveChange(t.code, change(6, { seat: 4 }), img('x')), /seat 4 is not a seat/);
    await refused(s.saveChange('NoSuchTable', change(1), img('x')), /no table NoSuchTable/);
    assert.equal((await s.changes(t.code)).length, 3);
    assert.equal(txt((await s.loadTable(t.code)).image), 'i5');
    await refused(s.changes('NoSuchTable'), /no table/);
    await s.close();
  });

  test(`${name}: finishTable, history lists, open and unfinished lists`, async () => {
    await reset();
    const s = await open();
    const a = info({ listed: true });
    const b = info({ listed: false });
    const c = info({ listed: true });
    for (const t of [a, b, c]) await s.createTable(t, img(`${t.code}-0`), 0);
    assert.deepEqual((await s.listOpen(10)).map((t) => t.code), [c.code, a.code]); // newest first
    assert.deepEqual((await s.listOpen(1)).map((t) => t.code), [c.code]);
    assert.deepEqual((await s.listUnfinished()).map((t) => t.info.code).sort(), [a.code, b.code, c.code].sort());
    assert.equal(await s.historyOfTable(a.code), null);

    const fa = finished(a.code);
    await s.finishTable(fa, img('a-final'));
    const fc = finished(c.code, { names: ['bob', 'cy', 'cy', 'bot'], scores: [1, 2, 3, 4.5], abandoned: true });
    await s.finishTable(fc, img('c-final'));
    assert.deepEqual(await s.historyOfTable(a.code), fa);
    assert.deepEqual((await s.historyOfPlayer('bob', 10)).map((g) => g.code), [c.code, a.code]);
    assert.deepEqual((await s.historyOfPlayer('bob', 1)).map((g) => g.code), [c.code]);
    assert.deepEqual(await s.historyOfPlayer('cy', 10), [fc]); // two seats, one game; abandoned kept
    assert.equal((await s.historyOfTable(a.code)).abandoned, undefined);
    assert.deepEqual(await s.historyOfPlayer('nobody', 10), []);
    assert.deepEqual((await s.listOpen(10)).map((t) => t.code), []);
    assert.deepEqual((await s.listUnfinished()).map((t) => t.info.code), [b.code]);
    assert.equal(txt((await s.loadTable(a.code)).image), 'a-final');

    await refused(s.finishTable(fa, img('again')), /already finished/);
    await refused(s.saveChange(a.code, change(1), img('late')), /finished/);
    await refused(s.finishTable(finished(b.code, { game: 'game-b' }), img('x')), /plays game-a, not game-b/);
    await refused(s.finishTable(finished('NoSuchTable'), img('x')), /no table/);
    await refused(s.finishTable(finished(b.code, { abandoned: 'yes' }), img('x')), /abandoned must be true or false/);
    assert.equal(await s.historyOfTable(b.code), null);
    await s.close();
  });

  test(`${name}: leases — two owners, expiry, renew, release`, async () => {
    const s = await open();
    const t = info();
    const u = info();
    await s.createTable(t, img('i'), 0);
    await s.createTable(u, img('i'), 0);
    const now = 1_000_000;
    assert.equal(await s.claim(t.code, 'p1', now, 1000), true);
    assert.equal((await s.loadTable(t.code)).owner, 'p1');
    assert.equal(await s.claim(t.code, 'p1', now + 10, 1000), true); // the owner again: yes
    assert.equal(await s.claim(t.code, 'p2', now + 500, 1000), false); // live lease: no
    assert.equal(await s.claim(u.code, 'p1', now, 1000), true);
    // renew extends every lease of p1 (t and u) from the time of renewal
    await s.renew('p1', now + 900);
    assert.equal(await s.claim(t.code, 'p2', now + 1500, 1000), false);
    assert.equal(await s.claim(u.code, 'p2', now + 1899, 1000), false);
    // renew by someone else changes nothing
    await s.renew('p2', now + 1900);
    // expiry: past the renewed lease p2 takes both
    assert.equal(await s.claim(t.code, 'p2', now + 1910, 1000), true);
    assert.equal((await s.loadTable(t.code)).owner, 'p2');
    // p1 renewing late does not take t back, and release by p1 does not free it
    await s.renew('p1', now + 1920);
    await s.release(t.code, 'p1');
    assert.equal((await s.loadTable(t.code)).owner, 'p2');
    assert.equal(await s.claim(t.code, 'p1', now + 1930, 1000), false);
    // p1 still holds u (renewed at 1920, no one claimed it)
    assert.equal(await s.claim(u.code, 'p2', now + 2500, 1000), false);
    // release frees at once
    await s.release(t.code, 'p2');
    assert.equal((await s.loadTable(t.code)).owner, null);
    assert.equal(await s.claim(t.code, 'p1', now + 1940, 1000), true);
    // finished tables are not hosted
    await s.finishTable(finished(t.code), img('f'));
    assert.equal((await s.loadTable(t.code)).owner, null);
    assert.equal(await s.claim(t.code, 'p1', now + 2000, 1000), false);
    await refused(s.claim('NoSuchTable', 'p1', now, 1000), /no table/);
    await refused(s.claim(u.code, '', now, 1000), /owner must not be empty/);
    await refused(s.claim(u.code, 'p1', now, 0), /leaseMs is 0/);
    await s.close();
  });

  test(`${name}: orphans lists the unfinished tables without a live lease`, async () => {
    await reset();
    const s = await open();
    const [a, b, c] = [info(), info(), info()];
    for (const t of [a, b, c]) await s.createTable(t, img('i'), 0);
    const now = 5_000_000;
    assert.equal(await s.claim(a.code, 'p1', now, 1000), true);
    assert.deepEqual(await s.orphans(now + 10, 100), [b.code, c.code]);
    assert.deepEqual(await s.orphans(now + 1000, 100), [a.code, b.code, c.code]); // expired
    assert.deepEqual(await s.orphans(now + 1000, 2), [a.code, b.code]);
    await s.finishTable(finished(b.code), img('f'));
    assert.deepEqual(await s.orphans(now + 1000, 100), [a.code, c.code]);
    await refused(s.orphans(now, 0), /limit is 0/);
    await s.close();
  });

  test(`${name}: actFor — new tables belong to their creator, other owners' tables refuse writes`, async () => {
    const a = await open();
    const b = await open();
    const loose = await open(); // no actFor: one process, no checks
    a.actFor('p1', 60_000);
    b.actFor('p2', 60_000);
    const t = info();
    await a.createTable(t, img('i0'), 0);
    assert.equal((await b.loadTable(t.code)).owner, 'p1');
    assert.equal(await b.claim(t.code, 'p2', Date.now(), 60_000), false); // p1's lease is live from creation
    assert.ok(!(await b.orphans(Date.now(), 10000)).includes(t.code));
    await refused(b.saveChange(t.code, change(1), img('b1')), /table .* is hosted by p1, not by p2/);
    await refused(b.setSeat(t.code, { seat: 0, name: 'x', tokenHash: hash('x') }), /hosted by p1/);
    await refused(b.finishTable(finished(t.code), img('f')), /hosted by p1/);
    await a.saveChange(t.code, change(1), img('a1'));
    await a.setSeat(t.code, { seat: 0, name: 'ann', tokenHash: hash('a') });
    // p1 stops renewing; after the lease p2 takes the table over and p1 can write no more
    assert.equal(await b.claim(t.code, 'p2', Date.now() + 61_000, 60_000), true);
    await refused(a.saveChange(t.code, change(2), img('a2')), /hosted by p2, not by p1/);
    await b.saveChange(t.code, change(2), img('b2'));
    await loose.saveChange(t.code, change(3), img('l3'));
    const st = await a.loadTable(t.code);
    assert.equal(txt(st.image), 'l3');
    assert.deepEqual((await a.changes(t.code)).map((r) => r.seq), [1, 2, 3]);
    await refused(Promise.resolve().then(() => a.actFor('', 10)), /owner must not be empty/);
    await refused(Promise.resolve().then(() => a.actFor('p1', 0)), /leaseMs is 0/);
    for (const s of [a, b, loose]) await s.close();
  });

  test(`${name}: two owners race for one table: exactly one wins`, async () => {
    const a = await open();
    const b = await open();
    for (let i = 0; i < 20; i++) {
      const t = info();
      await a.createTable(t, img('i'), 0);
      const wins = await Promise.all([a.claim(t.code, 'pa', 5000, 1000), b.claim(t.code, 'pb', 5000, 1000)]);
      assert.equal(wins.filter(Boolean).length, 1, `claims ${wins}`);
      assert.equal((await a.loadTable(t.code)).owner, wins[0] ? 'pa' : 'pb');
    }
    await a.close();
    await b.close();
  });

  test(`${name}: concurrent saveChange calls apply in call order, per table`, async () => {
    const s = await open();
    const tables = [info(), info(), info()];
    for (const t of tables) await s.createTable(t, img('i0'), 0);
    const n = 60;
    const calls = [];
    for (let seq = 1; seq <= n; seq++)
      for (const t of tables) calls.push(s.saveChange(t.code, change(seq, { detail: `${t.code}:${seq}` }), img(`i${seq}`)));
    await Promise.all(calls);
    for (const t of tables) {
      const rows = await s.changes(t.code);
      assert.deepEqual(rows.map((r) => r.seq), Array.from({ length: n }, (_, i) => i + 1));
      assert.ok(rows.every((r) => r.detail === `${t.code}:${r.seq}`));
      const st = await s.loadTable(t.code);
      assert.equal(st.seq, n);
      assert.equal(txt(st.image), `i${n}`);
    }
    await s.close();
  });

  test(`${name}: a refused call among calls made together changes nothing and harms none`, async () => {
    const s = await open();
    const t = info();
    await s.createTable(t, img('i0'), 0);
    const r = await Promise.allSettled([
      s.saveChange(t.code, change(1), img('i1')),
      s.saveChange(t.code, change(1, { detail: 'again' }), img('bad')), // refused: seq 1 again
      s.setSeat(t.code, { seat: 1, name: 'bob', tokenHash: hash('b') }),
      s.saveChange('NoSuchTable', change(1), img('x')), // refused
      s.saveChange(t.code, change(2), img('i2')),
      s.loadTable(t.code),
    ]);
    assert.deepEqual(r.map((x) => x.status), ['fulfilled', 'rejected', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    assert.match(r[1].reason.message, /not after its stored seq 1/);
    assert.equal(r[5].value.seq, 2, 'a read sees the writes called before it');
    assert.equal(txt(r[5].value.image), 'i2');
    assert.deepEqual(await s.changes(t.code), [change(1), change(2)]);
    assert.equal((await s.loadTable(t.code)).seats.length, 1);
    await s.close();
  });

  test(`${name}: two writers on one table and seq: exactly one change is kept`, async () => {
    const a = await open();
    const b = await open();
    const t = info();
    await a.createTable(t, img('i0'), 0);
    for (let seq = 1; seq <= 20; seq++) {
      const r = await Promise.allSettled([
        a.saveChange(t.code, change(seq, { detail: 'from a' }), img(`a${seq}`)),
        b.saveChange(t.code, change(seq, { detail: 'from b' }), img(`b${seq}`)),
      ]);
      const ok = r.filter((x) => x.status === 'fulfilled').length;
      assert.equal(ok, 1, JSON.stringify(r.map((x) => x.reason?.message ?? 'ok')));
      const loser = r.find((x) => x.status === 'rejected').reason;
      assert.equal(loser.name, 'StoreError', loser.message);
      const st = await a.loadTable(t.code);
      const kept = (await a.changes(t.code)).at(-1);
      assert.equal(kept.seq, seq);
      assert.equal(txt(st.image), `${kept.detail.at(-1)}${seq}`); // the image of the change kept
    }
    await a.close();
    await b.close();
  });

  test(`${name}: everything survives close and reopen`, async () => {
    const s = await open();
    const t = info();
    await s.createTable(t, img('i0'), 0);
    await s.setSeat(t.code, { seat: 2, name: 'cy', tokenHash: hash('c') });
    await s.saveChange(t.code, change(1), img('i1'));
    await s.claim(t.code, 'p1', 10, 1000);
    const u = info();
    await s.createTable(u, img('u0'), 0);
    const fu = finished(u.code);
    await s.finishTable(fu, img('u-final'));
    await s.close();
    await refused(s.loadTable(t.code), /not open|closed/);
    const r = await open();
    const st = await r.loadTable(t.code);
    assert.deepEqual(st.info, t);
    assert.equal(st.seq, 1);
    assert.equal(txt(st.image), 'i1');
    assert.deepEqual(st.seats, [{ seat: 2, name: 'cy', tokenHash: hash('c') }]);
    assert.equal(st.owner, 'p1');
    assert.deepEqual(await r.changes(t.code), [change(1)]);
    assert.deepEqual(await r.historyOfTable(u.code), fu);
    assert.deepEqual((await r.historyOfPlayer('ann', 100)).map((g) => g.code).includes(u.code), true);
    await r.close();
  });

  test(`${name}: bad input is refused with a clear error and changes nothing`, async () => {
    const s = await open();
    const t = info();
    await s.createTable(t, img('i0'), 0);
    const bad = [
      [() => s.createTable(info({ code: '' }), img('i'), 0), /table code must not be empty/],
      [() => s.createTable(info({ code: 'a b' }), img('i'), 0), /may only hold letters/],
      [() => s.createTable(info({ code: 'x'.repeat(65) }), img('i'), 0), /limit is 64/],
      [() => s.createTable(info({ code: 42 }), img('i'), 0), /table code must be a string/],
      [() => s.createTable(info({ game: '' }), img('i'), 0), /game must not be empty/],
      [() => s.createTable(info({ players: 0 }), img('i'), 0), /players is 0/],
      [() => s.createTable(info({ players: 2.5 }), img('i'), 0), /players must be an integer/],
      [() => s.createTable(info({ listed: 'yes' }), img('i'), 0), /listed must be true or false/],
      [() => s.createTable(info({ settings: undefined }), img('i'), 0), /settings is not JSON/],
      [() => s.createTable(info({ settings: { n: 1n } }), img('i'), 0), /settings is not JSON/],
      [() => s.createTable(info(), 'not bytes', 0), /image must be a Uint8Array/],
      [() => s.createTable(info(), new Uint8Array(0), 0), /image is empty/],
      [() => s.createTable(info(), img('i'), -1), /seq is -1/],
      [() => s.createTable(null, img('i'), 0), /table info must be an object/],
      [() => s.saveChange(t.code, change(0), img('i')), /change seq is 0/],
      [() => s.saveChange(t.code, change(1, { kind: '' }), img('i')), /change kind must not be empty/],
      [() => s.saveChange(t.code, change(1, { seat: -1 }), img('i')), /change seat is -1/],
      [() => s.saveChange(t.code, change(1, { detail: null }), img('i')), /change detail must be a string/],
      [() => s.saveChange(t.code, change(1, { detail: 'a\u0000b' }), img('i')), /NUL/],
      [() => s.saveChange(t.code, change(1, { detail: 'x'.repeat((1 << 20) + 1) }), img('i')), /change detail is 1048577 characters/],
      [() => s.saveChange(t.code, change(1), null), /image must be a Uint8Array/],
      [() => s.saveChange(t.code, null, img('i')), /change must be an object/],
      [() => s.setSeat(t.code, { seat: 4, name: 'z', tokenHash: hash('z') }), /seat is 4, outside 0..3/],
      [() => s.setSeat(t.code, { seat: 0, name: 'z', tokenHash: 'abc' }), /tokenHash must be 64/],
      [() => s.setSeat(t.code, { seat: 0, name: 'z', tokenHash: hash('z').toUpperCase() }), /tokenHash must be 64/],
      [() => s.setSeat('NoSuchTable', { seat: 0, name: 'z', tokenHash: hash('z') }), /no table/],
      [() => s.finishTable(finished(t.code, { scores: [1, NaN] }), img('f')), /scores must be an array of finite numbers/],
      [() => s.finishTable(finished(t.code, { names: [1] }), img('f')), /names must be an array of strings/],
      [() => s.finishTable(finished(t.code, { record: '' }), img('f')), /record must not be empty/],
      [() => s.historyOfPlayer('', 10), /player name must not be empty/],
      [() => s.historyOfPlayer('ann', 0), /limit is 0/],
      [() => s.listOpen(-5), /limit is -5/],
      [() => s.claim(t.code, 'p', -1, 1000), /nowMs is -1/],
      [() => s.renew(42, 0), /owner must be a string/],
      [() => s.release('', 'p'), /table code must not be empty/],
      [() => s.loadTable("x'; DROP TABLE tables; --"), /may only hold letters/],
    ];
    for (const [call, re] of bad) await refused(call(), re);
    const st = await s.loadTable(t.code);
    assert.equal(st.seq, 0);
    assert.equal(txt(st.image), 'i0');
    assert.deepEqual(st.seats, []);
    assert.deepEqual(await s.changes(t.code), []);
    assert.equal(await s.historyOfTable(t.code), null);
    await s.close();
  });
}
