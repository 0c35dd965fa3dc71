// The npm package in Node (make web-test; docs/web.md): both entry points load, replay
// prints what `deckhand replay` prints, refusals carry their status, reason and line, and
// memory errors and history=off behave as the C ABI says.
//
// DECKHAND_CLI names the native deckhand tool to compare with (make web-test builds one).
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

import * as esm from "../dist/index.mjs";
import { botMove, makeBots } from "../app/bots.js";
import { hasSolver } from "./support.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const require = createRequire(import.meta.url);
const cli = process.env.DECKHAND_CLI || join(root, "build/dev/deckhand");
const dh = await esm.load();

// The games and their facts come from the catalog: a new game is tested with no edit here.
const CATALOG = dh.games();
const infoOf = (name) => CATALOG.find((info) => info.name === name);
// 4 players where the game allows it, else the nearest count (as `deckhand simulate`).
const tableSize = (info) => Math.min(Math.max(4, info.min_players), info.max_players);
// The game's play limit at `n`: options that end it soon.
const limited = (info, n) => ({ [info.limit_option]: n });

// The CLI's stdout for a record, whatever its exit code (1 for a refused line).
function cliReplay(text) {
  try {
    return execFileSync(cli, ["replay", "-"], { input: text, encoding: "utf8" });
  } catch (e) {
    if (typeof e.stdout === "string" && e.stdout !== "") return e.stdout;
    throw e;
  }
}

// The error fn throws; fails when it throws none.
function refusal(fn) {
  try {
    fn();
  } catch (e) {
    return e;
  }
  assert.fail(`no refusal from ${fn}`);
}

// Records of whole games of each game (random play), to compare beyond the fixtures.
function playedRecords() {
  const records = [];
  const tables = CATALOG.flatMap((info) => [...new Set([info.min_players, info.max_players])]
    .map((players) => [info.name, players, limited(info, 4)]));
  for (const [name, players, options] of tables) {
    for (const seed of [1, 2]) {
      const game = new dh.Game(name, { players, options });
      game.randomPlayout(seed, 100000);
      records.push([`${name} ${players} seed ${seed}`, game.record()]);
      game.free();
    }
  }
  return records;
}

test("both entry points load the same API", async () => {
  const cjs = await require("../dist/index.cjs").load();
  assert.equal(cjs.version, dh.version);
  assert.match(dh.version, /^\d+\.\d+\.\d+$/);
  assert.deepEqual(cjs.games(), dh.games());
  assert.equal(await esm.load(), dh, "load() resolves to one API per process");
  assert.equal(dh.DeckhandError, esm.DeckhandError);
});

test("replay prints what `deckhand replay` prints, for every record fixture", () => {
  assert.ok(existsSync(cli), `${cli} missing: make web-test builds it (or set DECKHAND_CLI)`);
  const dir = join(root, "tests/cli");
  const fixtures = readdirSync(dir).filter((f) => f.endsWith(".rec"));
  assert.ok(fixtures.length >= 10, "the record fixtures of tests/cli");
  const refused = [];
  for (const file of fixtures) {
    const text = readFileSync(join(dir, file), "utf8");
    const expected = cliReplay(text);
    assert.equal(dh.replayJson(text) + "\n", expected, file);
    assert.deepEqual(dh.replay(text), JSON.parse(expected), file);
    if (!dh.replay(text).ok) refused.push(file);
  }
  assert.ok(refused.length >= 3, `refused records are among them (${refused})`);
});

test("replay prints what `deckhand replay` prints, for played games of every game", () => {
  for (const [what, record] of playedRecords()) {
    assert.equal(dh.replayJson(record) + "\n", cliReplay(record), what);
    // and a record cut inside its last hand
    const cut = record.split("\n").slice(0, -7).join("\n") + "\n";
    assert.equal(dh.replayJson(cut) + "\n", cliReplay(cut), `${what}, cut`);
  }
});

test("refusals carry status, reason, message and line; the game is unchanged", () => {
  const game = new dh.Game("ghost-euchre", { options: { max_hands: 3 } });
  game.deal({ seed: 42 });
  const seat = game.toAct;
  const before = game.serialize();
  const wrongPhase = refusal(() => game.apply(seat, "play AS"));
  assert.ok(wrongPhase instanceof dh.WrongPhase && wrongPhase instanceof dh.DeckhandError);
  assert.equal(wrongPhase.status, -9);
  assert.equal(wrongPhase.statusName, "DH_E_WRONG_PHASE");
  assert.equal(wrongPhase.reason, "wrong_phase");
  assert.match(wrongPhase.message, /^wrong_phase: /);
  assert.equal(wrongPhase.line, 0);
  const wrongSeat = refusal(() => game.apply((seat + 1) % 3, "pass"));
  assert.ok(wrongSeat instanceof dh.WrongSeat);
  assert.equal(wrongSeat.reason, "wrong_seat");
  assert.ok(refusal(() => game.apply(seat, "bid eleven")) instanceof dh.ParseError);
  assert.ok(refusal(() => game.apply(7, "pass")) instanceof dh.InvalidArgument);
  assert.deepEqual(game.serialize(), before, "refusals change nothing");
  assert.equal(game.isLegal(seat, "pass"), true);
  assert.equal(game.isLegal(seat, "play AS"), false);
  assert.throws(() => game.isLegal(seat, "fold"), dh.ParseError);
  assert.ok(refusal(() => new dh.Game("go-fish")) instanceof dh.UnknownGame);
  const badOption = refusal(() => new dh.Game("ghost-euchre", { options: { renege: "maybe" } }));
  assert.ok(badOption instanceof dh.BadOption);
  assert.match(badOption.message, /renege/);
  const noHistory = new dh.Game("sheepshead", { options: { history: false } });
  const unsupported = refusal(() => noHistory.record());
  assert.ok(unsupported instanceof dh.Unsupported);
  assert.equal(unsupported.reason, "no_history");
  noHistory.free();
  game.free();
});

test("a refused record line: the error's line is the one `deckhand replay` names", () => {
  for (const file of ["bad_card.rec", "renege.rec", "toonerville_refused.rec", "bad_magic.rec"]) {
    const text = readFileSync(join(root, "tests/cli", file), "utf8");
    const expected = JSON.parse(cliReplay(text));
    assert.equal(expected.ok, false, file);
    assert.throws(() => dh.Game.fromRecord(text), (e) => {
      assert.ok(e instanceof dh.DeckhandError, file);
      assert.equal(e.line, expected.line, file);
      assert.equal(e.reason, expected.code, file);
      assert.equal(e.message, expected.message, file);
      return true;
    });
  }
  // a planted error on a known line of a good record
  const lines = readFileSync(join(root, "tests/cli/one_hand.rec"), "utf8").split("\n");
  const at = lines.findIndex((l) => /^\d+ play /.test(l));
  assert.ok(at > 0, "one_hand.rec has a play line");
  lines[at] = lines[at].replace(/play \S+/, "play ZZ");
  assert.throws(() => dh.Game.fromRecord(lines.join("\n")),
    (e) => e instanceof dh.ParseError && e.line === at + 1);
});

test("games(): each game's play limit, its unattended value and which totals win", () => {
  for (const info of dh.games()) {
    assert.ok(info.options.some((o) => o.name === info.limit_option), info.name);
    assert.ok(Number.isInteger(info.unattended_limit) && info.unattended_limit >= 1, info.name);
    assert.equal(typeof info.lower_is_better, "boolean", info.name);
    const game = new dh.Game(info.name, { players: info.min_players,
      options: limited(info, info.unattended_limit) });
    assert.ok(game.record().includes(`option ${info.limit_option}=${info.unattended_limit}\n`));
    game.free();
  }
  // the rules' own facts: G10, S15, T13; Toonerville scores penalty points (T12)
  const facts = (info) => [info.limit_option, info.unattended_limit, info.lower_is_better];
  assert.deepEqual(facts(infoOf("ghost-euchre")), ["max_hands", 100, false]);
  assert.deepEqual(facts(infoOf("sheepshead")), ["hands", 5, false]);
  assert.deepEqual(facts(infoOf("toonerville")), ["max_turns", 300, true]);
});

test("games, views, records and bytes agree with each other", () => {
  const names = dh.games().map((g) => g.name);
  assert.equal(new Set(names).size, names.length);
  for (const info of dh.games()) {
    assert.ok(info.options.some((o) => o.name === "history" && o.rule === "engine"), info.name);
    const players = tableSize(info);
    const game = new dh.Game(info.name, { players, firstDealer: 1 });
    game.randomPlayout(11, 150);
    assert.ok(info.phases.includes(game.phase), `${info.name}: ${game.phase}`);
    const seat = game.toAct ?? 0;
    assert.equal(game.view(seat).seat, seat);
    assert.equal(game.view().seat, null, "a spectator");
    assert.deepEqual(game.view(null), game.view(-1));
    assert.match(game.viewText(seat), /\S/);
    const replayed = dh.Game.fromRecord(game.record());
    assert.deepEqual(replayed.serialize(), game.serialize(), info.name);
    const restored = dh.Game.deserialize(game.serialize());
    assert.equal(restored.record(), game.record());
    const moves = game.legalMoves();
    assert.deepEqual(moves.map((m) => m.action), game.legalActions());
    assert.equal(game.legalCount, moves.length);
    const copy = game.copy();
    copy.apply(moves[0].seat, moves[0].action);
    assert.notDeepEqual(copy.serialize(), game.serialize(), "a copy is its own game");
    for (const g of [replayed, restored, copy, game]) g.free();
  }
});

test("randomPlayout: one seed, one playout; it stops at the end and at maxActions", () => {
  const a = new dh.Game("ghost-euchre", { options: { max_hands: 6 } });
  const b = new dh.Game("ghost-euchre", { options: { max_hands: 6 } });
  const n = a.randomPlayout(2n ** 64n - 1n, 1e6);
  assert.throws(() => b.randomPlayout(-1, 1e6), RangeError, "a negative seed is refused");
  assert.throws(() => b.randomPlayout(2n ** 64n, 1e6), RangeError);
  assert.equal(b.randomPlayout(2n ** 64n - 1n, 1e6), n);
  assert.equal(a.record(), b.record());
  assert.ok(a.isOver && n > 0);
  assert.equal(a.randomPlayout(5, 1e6), 0);
  const endless = new dh.Game("sheepshead", { options: { hands: 0 } });
  assert.equal(endless.randomPlayout(5, 777), 777);
  assert.throws(() => endless.randomPlayout(1.5, 10), RangeError);
  assert.throws(() => endless.randomPlayout(5, -1), RangeError);
  assert.throws(() => endless.randomPlayout(5), TypeError, "maxActions is required");
  for (const g of [a, b, endless]) g.free();
});

// Plays `actions` random actions (the game reset when it ends), in playouts.
function play(game, actions) {
  let seed = 1;
  while (actions > 0) {
    actions -= game.randomPlayout(seed++, Math.min(actions, 100000));
    if (game.isOver) game.reset();
  }
}

test("history=off: a long run keeps the module's memory flat (and history=on grows it)", () => {
  for (const info of CATALOG) {
    const name = info.name;
    const game = new dh.Game(name, { players: tableSize(info),
      options: [`${info.limit_option}=0`, "history=off"] });
    play(game, 20000); // warm up: every buffer at its size
    const before = dh.memoryBytes();
    play(game, 1000000);
    assert.equal(dh.memoryBytes(), before, `${name}: the memory grew with history=off`);
    game.free();
  }
  // the control: the same measurement sees a history grow
  const before = dh.memoryBytes();
  const kept = new dh.Game("sheepshead", { options: ["hands=0"] });
  play(kept, 1000000);
  assert.ok(dh.memoryBytes() > before, "history=on must grow the memory");
  kept.free();
});

test("out of memory is an InternalError, and the module goes on working", () => {
  const game = new dh.Game("sheepshead", { options: ["hands=0"] });
  play(game, 2000000); // a history of some tens of MB
  const copies = [];
  let error = null;
  try {
    for (let i = 0; i < 1000; ++i) copies.push(game.copy());
  } catch (e) {
    error = e;
  }
  for (const copy of copies) copy.free();
  assert.ok(error instanceof dh.InternalError, `copies until the memory is full: ${error}`);
  assert.equal(error.reason, "internal_error");
  assert.match(error.message, /out of memory/);
  assert.ok(copies.length > 3);
  // the game that was being copied is intact, and the freed memory is usable again
  assert.deepEqual(dh.replay(game.record()).ok, true);
  const again = game.copy();
  assert.equal(again.randomPlayout(3, 1000), 1000);
  again.free();
  game.free();
});

// ---- Bots, consistent deals and the open-hand solver (experimental; docs/bots.md) ----------

// A whole game of bots at `level`, with the buy protocol of the app (web/app/bots.js), checking
// every answer: the seat to act's is legal, every other seat's is null but a Toonerville
// "buy" the rules allow (T6). Returns the record and the buys made.
function botGame(name, players, options, level, seed) {
  const game = new dh.Game(name, { players, options });
  // strong by samples alone (a time limit would make its choices depend on the load)
  const bots = makeBots(dh, name, game.players, level, seed, { samples: 4 });
  let buys = 0;
  for (let deal = 1; !game.isOver; ) {
    if (game.awaitingDeal) {
      game.deal({ seed: seed * 1000 + deal++ });
      continue;
    }
    const seat = game.toAct;
    for (let other = 0; other < game.players; ++other)  // only the seat to act answers
      if (other !== seat) assert.equal(bots[other].choose(game, other), null, `${name}: ${other}`);
    const move = botMove(game, bots, seat);
    assert.ok(game.isLegal(move.seat, move.action), `${name}: ${move.seat} ${move.action}`);
    if (move.action === "buy") ++buys;
    game.apply(move.seat, move.action);
  }
  const record = game.record();
  for (const bot of bots) bot.free();
  game.free();
  return { record, buys };
}

const BOT_GAMES = CATALOG.map((info) => [info.name, info.min_players, limited(info, 1)]);

test("Bot: every level chooses only legal actions, and one seed gives one game", () => {
  for (const [name, players, options] of BOT_GAMES) {
    for (const level of ["random", "basic", "strong"]) {
      const one = botGame(name, players, options, level, 3);
      assert.equal(botGame(name, players, options, level, 3).record, one.record,
        `${name} ${level}: the same seeds, the same game`);
    }
    assert.notEqual(botGame(name, players, options, "random", 4).record,
      botGame(name, players, options, "random", 3).record, `${name}: another seed, another game`);
  }
});

test("Bot: Toonerville's buys are the game's decisions (T6): the seat offered buys or passes", () => {
  let buys = 0;
  for (const players of [3, 4, 5]) {
    for (const seed of [1, 2]) {
      const result = botGame("toonerville", players, { max_turns: 60 }, "basic", seed);
      buys += result.buys;
      assert.equal((result.record.match(/^\d+ buy$/gm) ?? []).length, result.buys);
      assert.equal((result.record.match(/ pass$/gm) ?? []).length, 0, "passes are not written");
    }
  }
  assert.ok(buys > 0, "the basic bots buy cards that fit");
  // a draw offers the discard nearest seat first; after a buy the drawer has drawn
  const game = new dh.Game("toonerville", { players: 4 });
  const bots = makeBots(dh, "toonerville", 4, "basic", 7);
  let drawer = null;
  for (let step = 0; step < 2000 && !game.isOver; ++step) {
    if (game.awaitingDeal) {
      game.deal({ seed: step });
      continue;
    }
    const seat = game.toAct;
    const move = botMove(game, bots, seat);
    if (move.action === "draw") drawer = seat;
    if (move.action === "buy" || move.action === "pass")
      assert.deepEqual(game.legalActions(), ["buy", "pass"]);
    game.apply(move.seat, move.action);
    if (move.action === "buy") {
      assert.equal(game.toAct, drawer);
      assert.equal(game.phase, "play");
      break;
    }
  }
  for (const bot of bots) bot.free();
  game.free();
});

test("Bot: hint values every legal action and says why", () => {
  const game = new dh.Game("ghost-euchre");
  game.deal({ seed: 8 });
  const bot = new dh.Bot("ghost-euchre", { level: "expert", seed: 7, samples: 4 });
  const hint = bot.hint(game);
  assert.deepEqual(Object.keys(hint).sort(), ["action", "alternatives", "reason"]);
  assert.deepEqual(hint.alternatives.map((a) => a.action), game.legalActions());
  for (const a of hint.alternatives) assert.ok(a.ci95[0] <= a.value && a.value <= a.ci95[1]);
  assert.ok(hint.reason.startsWith(hint.action) && hint.reason.includes("the next best"));
  const twin = new dh.Bot("ghost-euchre", { level: "expert", seed: 7, samples: 4 });
  assert.deepEqual(twin.hint(game), hint);
  assert.throws(() => bot.hint(game, (game.toAct + 1) % 3), dh.WrongSeat);
  bot.free();
  twin.free();
  game.free();
});

test("Bot: the ladder's lapses and personas, as Python and the C ABI take them", () => {
  // the library's own refusals, with its words
  const persona = refusal(() => new dh.Bot("sheepshead", { level: "2", persona: "bogus" }));
  assert.ok(persona instanceof dh.BadOption);
  assert.match(persona.message, /schmearer, miser, fail-leader, called-suit-leader/);
  assert.match(refusal(() => new dh.Bot("sheepshead", { level: "4", lapse: 10 })).message, /heuristic levels/);
  assert.ok(refusal(() => new dh.Bot("sheepshead", { level: "basic", lapse: 101 })) instanceof dh.BadOption);
  assert.throws(() => new dh.Bot("sheepshead", { lapse: "10" }), TypeError);
  assert.throws(() => new dh.Bot("sheepshead", { lapse: 2.5 }), RangeError);
  assert.throws(() => new dh.Bot("sheepshead", { persona: 3 }), TypeError);
  // A bot on a lapse at every decision plays other moves than the same bot without lapses,
  // each legal and the same for a seed.
  const moves = (settings) => {
    const bot = new dh.Bot("sheepshead", { level: "basic", seed: 5, ...settings });
    const out = [];
    for (let deal = 1; deal <= 6; ++deal) {
      const game = new dh.Game("sheepshead");
      game.deal(deal);
      while (game.toAct !== null && !game.awaitingDeal && !game.isOver) {
        const action = bot.choose(game);
        assert.ok(game.isLegal(game.toAct, action));
        out.push(action);
        game.apply(game.toAct, action);
      }
      game.free();
    }
    bot.free();
    return out;
  };
  const steady = moves({ lapse: 0 });
  const lapsing = moves({ lapse: 100, persona: "schmearer" });
  assert.deepEqual(moves({ lapse: 100, persona: "schmearer" }), lapsing, "the same for a seed");
  assert.ok(steady.some((a, i) => a !== lapsing[i]), "lapses change some decisions");
});

test("Bot: the searching levels' habit, as Python and the C ABI take it", () => {
  assert.match(refusal(() => new dh.Bot("sheepshead", { level: "basic", habit: 10 })).message, /searching levels/);
  assert.match(refusal(() => new dh.Bot("ghost-euchre", { level: "4", habit: 101 })).message, /0\.\.100/);
  assert.throws(() => new dh.Bot("ghost-euchre", { level: "4", habit: "50" }), TypeError);
  assert.throws(() => new dh.Bot("ghost-euchre", { level: "4", habit: 0.5 }), RangeError);
  // habit=100 is basic's play, move for move; level 4 is strong with habit=50.
  const moves = (settings) => {
    const bot = new dh.Bot("ghost-euchre", { seed: 9, samples: 2, ...settings });
    const game = new dh.Game("ghost-euchre");
    game.deal(4);
    const out = [];
    while (game.toAct !== null && !game.awaitingDeal && !game.isOver && out.length < 30) {
      out.push(bot.choose(game));
      game.apply(game.toAct, out[out.length - 1]);
    }
    game.free();
    bot.free();
    return out;
  };
  assert.deepEqual(moves({ level: "expert", habit: 100 }), moves({ level: "basic" }));
  assert.deepEqual(moves({ level: "4" }), moves({ level: "strong", habit: 50 }));
  assert.notDeepEqual(moves({ level: "4" }), moves({ level: "strong" }));
});

test("Bot: refusals name what was wrong", () => {
  assert.throws(() => new dh.Bot("go-fish"), dh.UnknownGame);
  const level = refusal(() => new dh.Bot("sheepshead", { level: "grandmaster" }));
  assert.ok(level instanceof dh.BadOption);
  assert.match(level.message, /grandmaster/);
  assert.throws(() => new dh.Bot("sheepshead", { level: "strong", samples: 0 }), dh.BadOption);
  assert.throws(() => new dh.Bot("sheepshead", { level: "strong", timeMs: -1 }), dh.BadOption);
  const bot = new dh.Bot("ghost-euchre", { level: "basic", seed: 1 });
  const game = new dh.Game("ghost-euchre", { options: { max_hands: 1 } });
  assert.throws(() => bot.choose(game, 0), dh.WrongPhase, "a deal is due");
  game.deal(5);
  const seat = game.toAct;
  assert.equal(bot.choose(game, (seat + 1) % 3), null, "not its turn: nothing to do");
  assert.ok(game.isLegal(seat, bot.choose(game)), "without a seat: the seat to act's choice");
  assert.throws(() => bot.choose(game, 3), dh.InvalidArgument);
  const other = new dh.Game("sheepshead");
  other.deal(1);
  assert.throws(() => bot.choose(other), dh.UnknownGame);
  assert.throws(() => bot.choose("ghost-euchre"), TypeError);
  game.randomPlayout(1, 1e6);
  assert.throws(() => bot.choose(game, 0), dh.GameOver);
  bot.free();
  bot.free(); // twice is harmless
  assert.throws(() => bot.choose(game, 0), TypeError, "a freed bot");
  other.free();
  game.free();
});

// Games of each kind at several points of their first hand (dealt, some actions in).
function positions() {
  const found = [];
  for (const info of CATALOG) {
    const [name, players] = [info.name, tableSize(info)];
    for (const steps of [0, 6, 14, 25]) {
      const game = new dh.Game(name, { players });
      game.deal(steps + 1);
      game.randomPlayout(steps, steps);
      if (!game.awaitingDeal && !game.isOver) found.push(game);
      else game.free();
    }
  }
  return found;
}

test("sampleConsistent: the seat's view is the game's, the hidden cards move, seeded", () => {
  for (const game of positions()) {
    let moved = false;
    for (let seat = 0; seat < game.players; ++seat) {
      for (const seed of [1, 2, 3]) {
        const sample = game.sampleConsistent(seat, seed);
        const what = `${game.name} seat ${seat} seed ${seed}`;
        assert.deepEqual(sample.view(seat), game.view(seat), what);
        assert.equal(sample.keepsHistory, false);
        assert.deepEqual(game.sampleConsistent(seat, seed).serialize(), sample.serialize(), what);
        if (JSON.stringify(sample.view(null)) !== JSON.stringify(game.view(null)) ||
            JSON.stringify(sample.view((seat + 1) % game.players)) !==
            JSON.stringify(game.view((seat + 1) % game.players))) moved = true;
        sample.free();
      }
    }
    assert.ok(moved, `${game.name}: the samples place hidden cards elsewhere`);
    assert.throws(() => game.sampleConsistent(game.players, 1), dh.InvalidArgument);
    game.free();
  }
});

test("solve: the open-hand values of the legal plays (GE, SH); Unsupported for Toonerville", () => {
  const solvable = CATALOG.filter((info) => hasSolver(dh, info));
  assert.ok(solvable.length > 0);
  const deals = solvable.flatMap((info, i) => [[info, 2 * i + 1], [info, 2 * i + 2]]);
  for (const [info, seed] of deals) {
    const name = info.name;
    const game = new dh.Game(name, { players: info.min_players, options: limited(info, 1) });
    game.deal(seed);
    const bot = new dh.Bot(name, { level: "basic", seed });
    // to the play; a deal every seat passed is thrown in, and the next is dealt
    for (let next = seed; game.phase !== "play";) {
      if (game.awaitingDeal) game.deal(next += 100);
      else game.apply(game.toAct, bot.choose(game));
    }
    const values = game.solve();
    assert.deepEqual(values.map((v) => v.action), game.legalActions(), name);
    assert.ok(values.every((v) => Number.isInteger(v.value)), name);
    // the last play of the hand: its value is the score change it brings
    while (game.lastDeltas.length === 0) {
      const seat = game.toAct;
      const solved = game.solve();
      const choice = bot.choose(game);
      game.apply(seat, choice);
      if (game.lastDeltas.length) {
        assert.equal(solved.length, 1);
        assert.equal(solved[0].value, game.lastDeltas[seat], `${name}: the last card's value`);
      }
    }
    assert.throws(() => game.solve(), (e) => e instanceof dh.GameOver || e instanceof dh.WrongPhase);
    bot.free();
    game.free();
  }
  const bidding = new dh.Game("ghost-euchre");
  bidding.deal(1);
  assert.throws(() => bidding.solve(), dh.WrongPhase);
  bidding.free();
  const rook = new dh.Game("toonerville", { players: 3 });
  rook.deal(1);
  const unsupported = refusal(() => rook.solve());
  assert.ok(unsupported instanceof dh.Unsupported);
  assert.match(unsupported.message, /toonerville/);
  rook.free();
});

// Issue 28, item 5: the reproducers of the coercions `|0` and `>>>0` made, kept. Each refusal
// is a TypeError (wrong type) or a RangeError (out of range, not representable) naming the
// argument, thrown before any call into the module: the game stays byte-identical.
test("hostile arguments: refused by type and range before the module sees them", () => {
  const game = new dh.Game("ghost-euchre");
  game.deal({ seed: 7 });
  const toon = new dh.Game("toonerville", { players: 4 });
  toon.deal({ seed: 5 });
  const before = [game.serialize(), toon.serialize()];
  const refused = (fn, cls, name) => {
    const e = refusal(fn);
    assert.ok(e instanceof cls && !(e instanceof dh.DeckhandError),
      `${fn}: ${e?.constructor?.name}: ${e?.message}`);
    assert.ok(e.message.startsWith(`${name}`), `${fn}: "${e.message}" names ${name}`);
  };
  // applyLegal(undefined) played index 0; 2^32 + k played index k
  refused(() => game.applyLegal(undefined), TypeError, "index");
  refused(() => game.applyLegal(NaN), RangeError, "index");
  refused(() => game.applyLegal(1.5), RangeError, "index");
  refused(() => game.applyLegal(2 ** 32), RangeError, "index");
  refused(() => game.applyLegal(-1), RangeError, "index");
  refused(() => game.applyLegal("0"), TypeError, "index");
  refused(() => game.applyLegal(0n), TypeError, "index");
  // a seat of 2^32 + k was seat k: its private hand, its moves
  const hand0 = game.view(0).hand;
  refused(() => game.view(2 ** 32), RangeError, "seat");
  refused(() => game.viewText(2 ** 32 + 1), RangeError, "seat");
  refused(() => game.view(-2), RangeError, "seat");
  refused(() => game.view(true), TypeError, "seat");
  assert.deepEqual(game.view(undefined), game.view(-1), "undefined and -1: a spectator");
  assert.deepEqual(game.view(0).hand, hand0);
  const seat = game.toAct;
  refused(() => game.apply(2 ** 32 + seat, "pass"), RangeError, "seat");
  refused(() => game.apply(undefined, "pass"), TypeError, "seat");
  refused(() => game.apply(seat + 0.5, "pass"), RangeError, "seat");
  refused(() => game.check(-1, "pass"), RangeError, "seat");
  refused(() => game.isLegal(Infinity, "pass"), RangeError, "seat");
  // text was cut at a NUL ("pass\0bid 4" passed); lone surrogates became U+FFFD
  refused(() => game.apply(seat, "pass\0bid 4"), RangeError, "action");
  refused(() => game.isLegal(seat, "pass\ud800"), RangeError, "action");
  refused(() => game.apply(seat, { toString: () => "pass" }), TypeError, "action");
  refused(() => dh.Game.fromRecord("game ghost-euchre\0"), RangeError, "text");
  refused(() => dh.replay("\udc00"), RangeError, "text");
  refused(() => dh.replayJson(5), TypeError, "text");
  refused(() => new dh.Game("ghost-euchre\0x"), RangeError, "name");
  refused(() => new dh.Game(7), TypeError, "name");
  // buyWinner([33]) picked seat 1 (1 << 33 is 1 << 1)
  refused(() => toon.buyWinner([33]), RangeError, "seats[0]");
  refused(() => toon.buyWinner([1, 4]), RangeError, "seats[1]");
  refused(() => toon.buyWinner([1.5]), RangeError, "seats[0]");
  refused(() => toon.buyWinner(3), TypeError, "seats");
  refused(() => toon.buyWinner("12"), TypeError, "seats");
  // options: 12345 was ignored
  refused(() => new dh.Game("ghost-euchre", { options: 12345 }), TypeError, "options");
  refused(() => new dh.Game("ghost-euchre", { options: "renege=penalize" }), TypeError,
    "options");
  refused(() => new dh.Game("ghost-euchre", { options: new Map() }), TypeError, "options");
  refused(() => new dh.Game("ghost-euchre", { options: [1] }), TypeError, "options[0]");
  refused(() => new dh.Game("ghost-euchre", { options: { renege: {} } }), TypeError,
    "options.renege");
  refused(() => new dh.Game("ghost-euchre", { options: { max_hands: NaN } }), RangeError,
    "options.max_hands");
  refused(() => new dh.Game("ghost-euchre", { options: { max_hands: 2.5 } }), RangeError,
    "options.max_hands");
  refused(() => new dh.Game("ghost-euchre", { options: ["renege=penalize\0"] }), RangeError,
    "options[0]");
  // the settings: an object of known keys (a misspelt one was ignored)
  refused(() => new dh.Game("toonerville", 4), TypeError, "settings");
  refused(() => new dh.Game("toonerville", { player: 4 }), TypeError, "settings");
  refused(() => new dh.Game("toonerville", { players: 2 ** 32 + 4 }), RangeError, "players");
  refused(() => new dh.Game("toonerville", { players: 4, firstDealer: -1 }), RangeError,
    "firstDealer");
  // seeds: 0 to 2^64 - 1, numbers up to 2^53 - 1 (beyond, numbers round), no modulo
  const fresh = new dh.Game("ghost-euchre");
  const freshBytes = fresh.serialize();
  refused(() => fresh.deal(-1), RangeError, "seed");
  refused(() => fresh.deal({ seed: -1n }), RangeError, "seed");
  refused(() => fresh.deal(2n ** 64n), RangeError, "seed");
  refused(() => fresh.deal(2 ** 53), RangeError, "seed");
  refused(() => fresh.deal(NaN), RangeError, "seed");
  refused(() => fresh.deal("7"), TypeError, "deal");
  refused(() => fresh.deal(null), TypeError, "deal");
  refused(() => fresh.deal(), TypeError, "deal");
  refused(() => fresh.deal({ seed: 1, cards: "0: 9C" }), TypeError, "deal");
  refused(() => fresh.deal({ seed: 1, shuffle: true }), TypeError, "deal");
  refused(() => fresh.deal({ cards: 5 }), TypeError, "cards");
  refused(() => fresh.randomPlayout(1, 2 ** 32), RangeError, "maxActions");
  refused(() => fresh.sampleConsistent(0, -1), RangeError, "seed");
  refused(() => game.sampleConsistent(2 ** 32, 1), RangeError, "seat");
  assert.deepEqual(fresh.serialize(), freshBytes);
  // bytes: a Uint8Array, an ArrayBuffer or an array of bytes
  refused(() => dh.Game.deserialize("not bytes"), TypeError, "bytes");
  refused(() => dh.Game.deserialize(42), TypeError, "bytes");
  refused(() => dh.Game.deserialize([1, 256]), RangeError, "bytes[1]");
  refused(() => dh.Game.deserialize(new Int8Array(4)), TypeError, "bytes");
  for (const bytes of [before[0], Array.from(before[0]), before[0].slice().buffer]) {
    const back = dh.Game.deserialize(bytes);
    assert.deepEqual(back.serialize(), before[0]);
    back.free();
  }
  // bots
  refused(() => new dh.Bot("ghost-euchre", { levle: "strong" }), TypeError, "settings");
  refused(() => new dh.Bot("ghost-euchre", { seed: -1 }), RangeError, "seed");
  refused(() => new dh.Bot("ghost-euchre", { level: 3 }), TypeError, "level");
  refused(() => new dh.Bot("ghost-euchre", { samples: "16" }), TypeError, "samples");
  refused(() => new dh.Bot("ghost-euchre", { timeMs: 0.5 }), RangeError, "timeMs");
  refused(() => new dh.Bot(undefined), TypeError, "gameName");
  const bot = new dh.Bot("ghost-euchre");
  refused(() => bot.choose(game, 2 ** 32), RangeError, "seat");
  refused(() => bot.choose(game, NaN), RangeError, "seat");
  refused(() => bot.choose(game, "0"), TypeError, "seat");
  refused(() => bot.choose({}, 0), TypeError, "game");
  assert.ok(game.legalActions().includes(bot.choose(game)), "a control: the bot still chooses");
  bot.free();
  // nothing changed; and the checks let the right values through
  assert.deepEqual([game.serialize(), toon.serialize()], before);
  assert.equal(typeof game.applyLegal(0), "number");
  const big = new dh.Game("ghost-euchre");
  big.deal(2 ** 53 - 1);
  big.free();
  for (const g of [game, toon, fresh]) g.free();
});

// Issue 28, item 6: games are freed deterministically. A synchronous loop never lets the
// FinalizationRegistry run, so unfreed five-player Toonerville games filled the 2 GiB module
// after ~34,000; freed ones (free() or Symbol.dispose) leave the module's memory flat.
test("games freed in a loop (free() or Symbol.dispose) keep the module's memory flat", () => {
  assert.equal(typeof Symbol.dispose, "symbol", "this Node has Symbol.dispose");
  const round = (n, seed) => {
    for (let i = 0; i < n; ++i) {
      const game = new dh.Game("toonerville", { players: 5 });
      game.randomPlayout(seed + i, 200);
      const copy = game.copy();
      const bot = new dh.Bot("toonerville", { seed: i });
      if (!copy.isOver && !copy.awaitingDeal) bot.choose(copy);
      if (i % 2) {
        game.free();
        copy.free();
        bot.free();
      } else {
        game[Symbol.dispose]();
        copy[Symbol.dispose]();
        bot[Symbol.dispose]();
      }
    }
  };
  round(200, 1); // the allocator's first growth
  const bytes = dh.memoryBytes();
  round(3000, 1000);
  assert.equal(dh.memoryBytes(), bytes, "3,000 games and copies, freed, grow nothing");
});

test("a freed Game or Bot refuses every use with a TypeError saying so", () => {
  const game = new dh.Game("ghost-euchre");
  game.deal(3);
  const other = game.copy();
  game.free();
  for (const use of [() => game.toAct, () => game.serialize(), () => game.record(),
    () => game.apply(0, "pass"), () => game.applyLegal(0), () => game.copy(),
    () => game.view(0), () => game.legalActions(), () => game.deal(1), () => game.buyWinner([]),
    () => game.randomPlayout(1, 10), () => game.sampleConsistent(0, 1), () => game.solve()]) {
    assert.throws(use, (e) => e instanceof TypeError && /freed/.test(e.message), `${use}`);
  }
  game.free(); // again: nothing
  game[Symbol.dispose]();
  const bot = new dh.Bot("ghost-euchre");
  assert.throws(() => bot.choose(game), /Game was freed/);
  bot[Symbol.dispose]();
  assert.throws(() => bot.choose(other), (e) => e instanceof TypeError && /Bot was freed/.test(e.message));
  bot.free();
  assert.equal(typeof other.legalCount, "number", "the copy lives on");
  // a handle is never taken from an object that is not a Game or Bot
  assert.throws(() => dh.Game.prototype.free.call({ _h: 8 }), /not a Game/);
  assert.throws(() => dh.Game.prototype.apply.call({ _h: 8 }, 0, "pass"), /not a Game/);
  assert.throws(() => dh.Game.prototype.serialize.call({ _h: 8 }), /not a Game/);
  assert.throws(() => Object.getOwnPropertyDescriptor(dh.Game.prototype, "toAct").get
    .call({ _h: 8 }), TypeError);
  assert.throws(() => dh.Bot.prototype.choose.call({ _h: 8 }, other), /not a Bot/);
  assert.doesNotThrow(() => new dh.Bot("ghost-euchre", { level: null, seed: null }).free());
  other.free();
});
