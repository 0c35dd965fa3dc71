// The package's Table (deckhand.h "Tables", docs/tables.md) in Node: whole games of every
// game with bots and scripted humans, clocks, leaving and returning, what spectators see,
// snapshots, serialization, refusals and hostile arguments. The games come from the
// catalog: no game is named here.
import { test } from "node:test";
import assert from "node:assert/strict";

import * as esm from "../dist/index.mjs";

const dh = await esm.load();
const CATALOG = dh.games();
const tableSize = (info) => Math.min(Math.max(4, info.min_players), info.max_players);
const limited = (info, n) => (info.limit_option ? { [info.limit_option]: n } : {});

// A table of `info` with bots in every seat but those in `humans`, humans there.
function makeTable(info, { humans = [0], seed = 7, ...rest } = {}) {
  const players = tableSize(info);
  const table = new dh.Table(info.name, { players, options: limited(info, 1), seed, ...rest });
  for (let s = 0; s < players; ++s) {
    if (humans.includes(s)) table.seatHuman(s);
    else table.seatBot(s, "basic");
  }
  return table;
}

// Plays on: humans in `humans` take a legal action (the pick-th, cycling) when they may
// act, else time goes to the next move due. Returns the clock; stops after maxSteps or
// when `until(table)` holds.
function drive(table, { now = 0, humans = [0], maxSteps = 20000, until = () => false,
  pick = 0 } = {}) {
  for (let step = 0; step < maxSteps && !table.isOver && !until(table); ++step) {
    const seat = table.mayAct.find((s) => humans.includes(s) && table.holder(s) === "human");
    if (seat !== undefined) {
      const legal = table.legalActions(seat);
      assert.ok(legal.length > 0, `seat ${seat} may act but has no legal action`);
      table.act(seat, legal[(pick + step) % legal.length], now);
      continue;
    }
    const due = table.nextDueMs;
    if (due === null) break;
    now = Math.max(now, due);
    table.tick(now);
  }
  return now;
}

function assertStream(events) {
  events.forEach((e, i) => {
    assert.equal(typeof e.seq, "number");
    assert.equal(typeof e.type, "string");
    if (i > 0) assert.equal(e.seq, events[i - 1].seq + 1);
  });
}

for (const info of CATALOG) {
  test(`${info.name}: a whole game with a scripted human and bots`, () => {
    const table = makeTable(info);
    assert.equal(table.players, tableSize(info));
    drive(table);
    assert.ok(table.isOver, "the game ended");
    assert.equal(table.toAct, null);
    assert.equal(table.scores.length, table.players);
    const events = table.events(0);
    assertStream(events);
    assert.equal(events.at(-1).type, "game_over");
    assert.equal(table.seq, events.at(-1).seq);
    assert.ok(events.some((e) => e.type === "deal"));
    assert.deepEqual(table.events(null).at(-1).scores, table.scores);
    const game = table.game();
    assert.ok(game.isOver);
    assert.deepEqual(game.scores, table.scores);
    assert.equal(typeof table.record(), "string");
  });

  test(`${info.name}: a table of humans who never act times out to the end`, () => {
    const table = makeTable(info, { humans: [...Array(tableSize(info)).keys()],
      decisionMs: 1000, bankMs: 0 });
    let now = 0;
    let steps = 0;
    while (!table.isOver && steps++ < 20000) {
      const due = table.nextDueMs;
      assert.notEqual(due, null, "a move is due");
      now = Math.max(now, due);
      table.tick(now);
    }
    assert.ok(table.isOver);
    const events = table.events(null);
    assert.ok(events.some((e) => e.type === "timeout"));
    const timeout = events.findIndex((e) => e.type === "timeout");
    assert.equal(events[timeout + 1].type, "action");
    assert.equal(events[timeout + 1].by, "stand-in");
  });

  test(`${info.name}: leave and return`, () => {
    const table = makeTable(info, { humans: [0, 1] });
    let now = drive(table, { humans: [0, 1], until: (t) => t.seq >= 3 });
    table.leave(0, now);
    assert.equal(table.holder(0), "away");
    now = drive(table, { now, humans: [1], until: (t) => t.seq >= 12 });
    table.seatHuman(0);
    assert.equal(table.holder(0), "human");
    const seats = table.events(null).filter((e) => e.type === "seat" && e.seat === 0);
    assert.deepEqual(seats.slice(-2).map((e) => e.holder), ["away", "human"]);
    assert.throws(() => table.leave(table.players - 1, now), dh.DeckhandError);
    drive(table, { now, humans: [0, 1] });
    assert.ok(table.isOver);
  });

  test(`${info.name}: a spectator's stream has no private cards`, () => {
    const table = makeTable(info, { humans: [] });
    drive(table, { humans: [] });
    const spectator = table.events(null);
    assertStream(spectator);
    for (const e of spectator) {
      assert.ok(!("hand" in e), `event ${e.seq} shows a hand`);
      if (e.type === "cards") assert.ok(!("cards" in e), `event ${e.seq} shows cards`);
    }
    for (let s = 0; s < table.players; ++s) {
      const own = table.events(s);
      assert.equal(own.length, spectator.length);
      for (const e of own) {
        if (e.type === "deal") assert.ok(Array.isArray(e.hand), "a seat sees its own hand");
        if (e.type === "cards" && e.seat !== s) assert.ok(!("cards" in e));
      }
    }
  });

  test(`${info.name}: snapshot + events(since) is the whole stream`, () => {
    const table = makeTable(info, { humans: [0] });
    let now = drive(table, { until: (t) => t.seq >= 6 });
    const snaps = [null, 0, 1].map((s) => [s, table.snapshot(s)]);
    now = drive(table, { now });
    for (const [seat, snap] of snaps) {
      assert.equal(typeof snap.seq, "number");
      assert.ok("view" in snap && "table" in snap);
      const all = table.events(seat);
      assert.deepEqual(table.events(seat, snap.seq), all.filter((e) => e.seq > snap.seq));
      assert.deepEqual(table.events(seat, 0), all);
    }
    const last = table.snapshot(0);
    assert.equal(last.seq, table.seq);
    assert.equal(last.table.over, true);
    assert.deepEqual(table.events(0, table.seq), []);
  });

  test(`${info.name}: serialize mid-game gives the same future; same seed, same bytes`, () => {
    const a = makeTable(info, { humans: [0], seed: 11, decisionMs: 5000 });
    let now = drive(a, { until: (t) => t.seq >= 8, pick: 1 });
    const b = dh.Table.deserialize(a.serialize());
    assert.deepEqual(b.serialize(), a.serialize());
    assert.deepEqual(b.snapshot(0), a.snapshot(0));
    drive(a, { now, pick: 1 });
    drive(b, { now, pick: 1 });
    assert.deepEqual(b.serialize(), a.serialize());
    assert.deepEqual(b.events(0), a.events(0));
    const c = makeTable(info, { humans: [0], seed: 11, decisionMs: 5000 });
    now = drive(c, { until: (t) => t.seq >= 8, pick: 1 });
    drive(c, { now, pick: 1 });
    assert.deepEqual(c.serialize(), a.serialize());
    assert.ok(a.serialize() instanceof Uint8Array);
  });
}

test("refusals throw the package's errors", () => {
  const info = CATALOG[0];
  const players = tableSize(info);
  const table = new dh.Table(info.name, { players, options: limited(info, 1), seed: 3 });
  assert.equal(table.holder(0), "empty");
  assert.equal(table.toAct, null);
  assert.equal(table.deadlineMs, null);
  table.seatHuman(0);
  // before the first deal
  assert.throws(() => table.act(0, "pass", 0), dh.WrongPhase);
  // an empty seat
  assert.throws(() => table.leave(1, 0), dh.WrongSeat);
  table.seatHuman(1);
  assert.throws(() => table.seatHuman(1), (e) => e instanceof dh.InvalidArgument &&
    e.reason === "seat_taken");
  for (let s = 2; s < players; ++s) table.seatBot(s, "basic");
  assert.throws(() => table.seatBot(2, "basic"), dh.InvalidArgument);
  table.tick(100);
  assert.throws(() => table.tick(99), (e) => e instanceof dh.InvalidArgument &&
    e.reason === "time_backwards" && e.reasonNumber === 90);
  let now = drive(table, { now: 100, humans: [0, 1], until: (t) => t.mayAct.some((s) => s < 2) });
  const waiting = [0, 1].find((s) => !table.mayAct.includes(s));
  if (waiting !== undefined) {
    const someLegal = table.legalActions(table.mayAct.find((s) => s < 2))[0];
    assert.throws(() => table.act(waiting, someLegal, now), dh.DeckhandError);
  }
  const seat = table.mayAct.find((s) => s < 2);
  assert.throws(() => table.act(seat, "no such action at all", now), dh.DeckhandError);
  now = drive(table, { now, humans: [0, 1] });
  assert.ok(table.isOver);
  assert.throws(() => table.act(0, "pass", now), dh.GameOver);
  assert.deepEqual(table.legalActions(0), []);
});

test("hostile arguments throw TypeError or RangeError and change nothing", () => {
  const info = CATALOG[0];
  assert.throws(() => new dh.Table(7), TypeError);
  assert.throws(() => new dh.Table(info.name, { nope: 1 }), TypeError);
  assert.throws(() => new dh.Table(info.name, { seed: -1 }), RangeError);
  assert.throws(() => new dh.Table(info.name, { seed: 2 ** 60 }), RangeError);
  assert.throws(() => new dh.Table(info.name, { seed: "1" }), TypeError);
  assert.throws(() => new dh.Table(info.name, { decisionMs: 1.5 }), RangeError);
  assert.throws(() => new dh.Table(info.name, { decisionMs: "1" }), TypeError);
  assert.throws(() => new dh.Table(info.name, { standin: "a\0b" }), RangeError);
  assert.throws(() => new dh.Table(info.name, { players: -1 }), RangeError);
  assert.throws(() => new dh.Table("no such game"), dh.UnknownGame);
  assert.throws(() => new dh.Table(info.name, { bankMs: -5 }), dh.DeckhandError);
  const table = new dh.Table(info.name, { seed: 1n << 63n });
  const before = table.serialize();
  for (const bad of [undefined, null, "0", 0.5, NaN, Infinity, -1, 2 ** 31, 1n]) {
    assert.throws(() => table.seatHuman(bad), (e) => e instanceof TypeError ||
      e instanceof RangeError, `seatHuman(${String(bad)})`);
  }
  for (const bad of [undefined, null, "0", 0.5, NaN, Infinity, 2 ** 53, 1n << 63n]) {
    assert.throws(() => table.tick(bad), (e) => e instanceof TypeError ||
      e instanceof RangeError, `tick(${String(bad)})`);
    assert.throws(() => table.leave(0, bad), (e) => e instanceof TypeError ||
      e instanceof RangeError);
  }
  assert.throws(() => table.act(0, "pass\0", 0), RangeError);
  assert.throws(() => table.act(0, 5, 0), TypeError);
  assert.throws(() => table.act(0, "\uD800", 0), RangeError);
  assert.throws(() => table.seatBot(0, 3), TypeError);
  assert.throws(() => table.events(0.5), RangeError);
  assert.throws(() => table.events(-2), RangeError);
  assert.throws(() => table.events(0, -1), RangeError);
  assert.throws(() => table.events(0, "1"), TypeError);
  assert.throws(() => table.snapshot("x"), TypeError);
  assert.throws(() => table.holder(undefined), TypeError);
  assert.throws(() => table.legalActions(1.5), RangeError);
  assert.throws(() => dh.Table.deserialize("bytes"), TypeError);
  assert.throws(() => dh.Table.deserialize(new Uint8Array([1, 2, 3])), dh.CorruptData);
  assert.deepEqual(table.serialize(), before);
  table.free();
  table.free();
  assert.throws(() => table.seq, TypeError);
  assert.throws(() => table.tick(0), TypeError);
});

test("clocks and kept events: deadlineMs with decisionMs, events=deal drops old events", () => {
  for (const info of CATALOG) {
    const table = makeTable(info, { humans: [...Array(tableSize(info)).keys()],
      decisionMs: 1000, bankMs: 0 });
    table.tick(10);
    if (table.toAct !== null) {
      assert.equal(typeof table.deadlineMs, "number");
      assert.equal(table.snapshot(null).table.deadline_ms, table.deadlineMs);
      assert.ok(table.nextDueMs !== null && table.nextDueMs <= table.deadlineMs);
    }
    table.free();
    const kept = makeTable(info, { humans: [], events: "deal" });
    drive(kept, { humans: [] });
    assert.ok(kept.isOver);
    let dropped = null;
    try {
      kept.events(null, 0);
    } catch (e) {
      dropped = e;
    }
    if (dropped) {
      assert.ok(dropped instanceof dh.InvalidArgument);
      assert.equal(dropped.reason, "events_dropped");
      assert.equal(dropped.reasonNumber, 94);
      const snap = kept.snapshot(null);
      assert.deepEqual(kept.events(null, snap.seq), []);
    }
    kept.free();
  }
});

test("fair deals: commit, a nonce from each human, the deal, the reveal; argument checks", () => {
  const secret = "00112233445566778899aabbccddeeff0123456789abcdeffedcba9876543210";
  for (const info of CATALOG) {
    const table = makeTable(info, { humans: [0, 1], fairSecret: secret, nonceMs: 500 });
    table.tick(10);
    const commit = table.events(null).find((e) => e.type === "commit");
    assert.equal(commit.deal, 1);
    assert.match(commit.commitment, /^[0-9a-f]{64}$/);
    const window = table.snapshot(0).table.nonce_window;
    assert.deepEqual(window, { deal: 1, commitment: commit.commitment, ends_ms: 500, sent: [] });
    const before = table.serialize();
    for (const bad of [undefined, null, 5, 5n, ["00"]]) {
      assert.throws(() => table.nonce(0, bad, 20), TypeError, `nonce(${String(bad)})`);
    }
    assert.throws(() => table.nonce(0, "0011223344556677\0", 20), RangeError);
    assert.throws(() => table.nonce(0.5, "0011223344556677", 20), RangeError);
    assert.throws(() => table.nonce(0, "0011223344556677", NaN), (e) => e instanceof TypeError ||
      e instanceof RangeError);
    assert.throws(() => table.nonce(0, "00112233", 20), (e) => e instanceof dh.ParseError &&
      e.reason === "malformed_action");
    assert.throws(() => table.nonce(2, "0011223344556677", 20), (e) => e instanceof dh.WrongSeat &&
      e.reason === "not_seated");
    assert.deepEqual(table.serialize(), before);
    table.nonce(0, "0011223344556677", 20);
    assert.throws(() => table.nonce(0, "0011223344556677", 21), dh.WrongPhase);
    assert.deepEqual(table.snapshot(null).table.nonce_window.sent, [0]);
    assert.ok(!table.events(null).some((e) => e.type === "deal"));
    table.nonce(1, "AABBCCDDEEFF00112233", 30);
    const after = table.events(1);
    assert.deepEqual(after.filter((e) => e.type === "nonce").map((e) => [e.seat, e.nonce]),
      [[0, "0011223344556677"], [1, "aabbccddeeff00112233"]]);
    assert.equal(after.find((e) => e.type === "deal").time_ms, 30);
    drive(table, { now: 30, humans: [0, 1] });
    assert.ok(table.isOver);
    const reveal = table.events(null).find((e) => e.type === "reveal");
    assert.equal(reveal.deal, 1);
    assert.match(reveal.seed, /^[0-9]+$/);
    assert.match(reveal.salt, /^[0-9a-f]{64}$/);
    const record = table.record();
    assert.match(record, /\ncommit 1 [0-9a-f]{64}\n/);
    assert.ok(!record.includes(secret) && !JSON.stringify(table.events(null)).includes(secret));
    table.free();
  }
  const info = CATALOG[0];
  assert.throws(() => new dh.Table(info.name, { fairSecret: 5 }), TypeError);
  assert.throws(() => new dh.Table(info.name, { fairSecret: "00" }), dh.BadOption);
  assert.throws(() => new dh.Table(info.name, { nonceMs: -1 }), (e) => e instanceof RangeError ||
    e instanceof dh.BadOption);
  const plain = makeTable(info, { humans: [0] });
  assert.throws(() => plain.nonce(0, "0011223344556677", 0), dh.WrongPhase);
  assert.equal(plain.snapshot(0).table.nonce_window, undefined);
});
