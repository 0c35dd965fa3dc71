// The JavaScript programs in examples/js run as users run them (node FILE GAME PLAYERS), with
// the package of make web, for every game of the catalog at every player count it allows.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

import * as esm from "../dist/index.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const examples = join(root, "examples/js");
const dh = await esm.load();

test("examples/js holds the programs tested here", () => {
  assert.deepEqual(readdirSync(examples).filter((f) => f.endsWith(".mjs")).sort(),
    ["bots_play_a_hand.mjs"]);
});

for (const game of dh.games()) {
  for (let players = game.min_players; players <= game.max_players; ++players) {
    test(`bots_play_a_hand.mjs plays a hand of ${game.name} with ${players} players`, () => {
      const out = execFileSync(process.execPath, [join(examples, "bots_play_a_hand.mjs"),
        game.name, String(players)], {
        encoding: "utf8",
        env: { ...process.env, DECKHAND_PACKAGE: join(root, "web/dist/index.cjs") },
      });
      const lines = out.trim().split("\n");
      assert.ok(lines.some((line) => line.startsWith("seat ")));
      assert.match(lines.at(-2), /^this hand: \[/);
      assert.match(lines.at(-1), /^the record replays: true scores \[/);
    });
  }
}
