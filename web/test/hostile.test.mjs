// The shared table of hostile calls (tests/hostile/cases.json; docs/hostile-input.md), run
// against the npm package: one test per case. Each builds its setup game, makes the call and
// checks the outcome ("type" a TypeError, "value" a RangeError, "error:<STATUS>" the
// DeckhandError subclass of that status, "ok" success), and after every refused call that
// the setup game's serialize() bytes and record() text are what they were before.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

import * as esm from "../dist/index.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const table = JSON.parse(readFileSync(resolve(root, "tests/hostile/cases.json"), "utf8"));
const dh = await esm.load();

function makeSetup(name) {
  const setup = table.setups[name];
  if (!setup) throw new Error(`no setup ${name}`);
  const game = new dh.Game(setup.game, setup.players == null ? undefined
    : { players: setup.players });
  if (setup.deal != null) game.deal({ seed: setup.deal });
  return game;
}

const hexBytes = (hex) => Uint8Array.from(hex.match(/../g) ?? [], (pair) => parseInt(pair, 16));
const FLOATS = { nan: NaN, inf: Infinity, "-inf": -Infinity };

// A value of the table's encoding ("encoding" in cases.json) as a JS value.
function decode(value, game) {
  if (Array.isArray(value)) return value.map((item) => decode(item, game));
  if (value === null || typeof value !== "object") return value;
  if ("int" in value) return Number(value.int);
  if ("float" in value) return value.float in FLOATS ? FLOATS[value.float] : Number(value.float);
  if ("undefined" in value) return undefined;
  if ("repeat" in value) return value.repeat.repeat(value.times);
  if ("repeat_list" in value) return new Array(value.times).fill(decode(value.repeat_list, game));
  if ("numbered_list" in value)
    return Array.from({ length: value.times }, (_, i) => value.numbered_list.replace("{}", String(i)));
  if ("bytes_hex" in value) return hexBytes(value.bytes_hex);
  if ("object" in value) {
    assert.equal(value.object, "game");
    return game;
  }
  if ("image" in value) {
    assert.equal(value.image, "setup");
    const bytes = game.serialize();
    if (value.flip) {
      const [offset, xor] = value.flip;
      bytes[offset < 0 ? bytes.length + offset : offset] ^= xor;
      return bytes;
    }
    if (value.truncate != null) return bytes.slice(0, value.truncate);
    throw new Error(`an image without flip or truncate: ${JSON.stringify(value)}`);
  }
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, decode(v, game)]));
}

const camel = (name) => name.replace(/_([a-z])/g, (_, c) => c.toUpperCase());
// Frees what a call made (a Game or a Bot), so that the table leaves the module as it was.
const freeResult = (result) => { if (result && typeof result.free === "function") result.free(); };

// Makes the case's call ("calls" in cases.json) on `game`; returns what it made.
function call(kind, args, game) {
  switch (kind) {
    case "new_game": {
      const [name, players, options] = args;
      return new dh.Game(name, { players, options });
    }
    case "deal": return game.deal({ seed: args[0] });
    case "deal_cards": return game.deal({ cards: args[0] });
    case "deserialize": return dh.Game.deserialize(args[0]);
    case "from_record": return dh.Game.fromRecord(args[0]);
    case "bot_new": {
      const [gameName, level, seed] = args;
      return new dh.Bot(gameName, { level, seed });
    }
    case "bot_choose": {
      const bot = new dh.Bot(game.name);
      try {
        return bot.choose(game, args[0]);
      } finally {
        bot.free();
      }
    }
    default: {
      const method = game[camel(kind)];
      if (typeof method !== "function") throw new Error(`no method ${camel(kind)} for ${kind}`);
      return method.apply(game, args);
    }
  }
}

// The setup game as bytes and record text (or the record's refusal: history=off).
function snapshot(game) {
  let record;
  try {
    record = game.record();
  } catch (e) {
    record = `${e.name}: ${e.message}`;
  }
  return { bytes: Buffer.from(game.serialize()).toString("hex"), record };
}

function checkOutcome(expect, error, id) {
  if (expect === "ok") {
    assert.equal(error, null, `${id}: expected success, got ${error}`);
    return;
  }
  assert.ok(error !== null, `${id}: expected ${expect}, the call succeeded`);
  if (expect === "type" || expect === "value") {
    const cls = expect === "type" ? TypeError : RangeError;
    assert.ok(error instanceof cls && !(error instanceof dh.DeckhandError),
      `${id}: expected a ${cls.name}, got ${error?.constructor?.name}: ${error?.message}`);
    assert.match(error.message, /\S/, `${id}: an empty message`);
  } else if (expect === "error") {
    assert.ok(error instanceof dh.DeckhandError,
      `${id}: expected a DeckhandError, got ${error?.constructor?.name}: ${error?.message}`);
  } else if (expect.startsWith("error:")) {
    const status = expect.slice("error:".length);
    assert.ok(error instanceof dh.DeckhandError && error.statusName === status,
      `${id}: expected ${status}, got ${error?.constructor?.name} ` +
      `${error?.statusName ?? ""}: ${error?.message}`);
  } else {
    throw new Error(`${id}: unknown expectation ${expect}`);
  }
}

const ids = new Set();
for (const c of table.cases) {
  assert.ok(!ids.has(c.id), `case id ${c.id} twice`);
  ids.add(c.id);
  const skip = c.only && !c.only.includes("js") ? `only ${c.only.join(", ")}` : false;
  test(`${c.id}: ${c.call} -> ${c.expect}`, { skip }, () => {
    const game = makeSetup(c.setup);
    try {
      const args = decode(c.args, game);
      const before = snapshot(game);
      let error = null;
      try {
        const result = call(c.call, args, game);
        if (result !== game) freeResult(result);
      } catch (e) {
        error = e;
      }
      checkOutcome(c.expect, error, c.id);
      if (error !== null) {
        const after = snapshot(game);
        assert.equal(after.bytes, before.bytes, `${c.id}: the refused call changed the bytes`);
        assert.equal(after.record, before.record, `${c.id}: the refused call changed the record`);
      }
    } finally {
      game.free();
    }
  });
}

// The table leaves nothing behind: after every case and its frees, the module does not grow
// when the whole table runs again.
test("the table run again leaves the module's memory as it was", () => {
  const runAll = () => {
    for (const c of table.cases) {
      if (c.only && !c.only.includes("js")) continue;
      const game = makeSetup(c.setup);
      try {
        const result = call(c.call, decode(c.args, game), game);
        if (result !== game) freeResult(result);
      } catch {
        // the outcomes are checked above
      } finally {
        game.free();
      }
    }
  };
  runAll();
  const bytes = dh.memoryBytes();
  for (let i = 0; i < 3; ++i) runAll();
  assert.equal(dh.memoryBytes(), bytes);
});
