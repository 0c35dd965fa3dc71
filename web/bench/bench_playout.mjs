// Random playouts through the npm package in Node: the WebAssembly side of the comparison
// with web/bench/bench_native.c (make web-bench; docs/performance.md "WebAssembly"). The
// same work: history=off, no play limit, the game reset when it ends; first randomPlayout
// in calls of up to 100,000 actions (one JS-to-WebAssembly crossing for many actions), then
// one applyLegal per action from JavaScript. Prints actions per second.
import { load } from "../dist/index.mjs";

const dh = await load();
const SECONDS = 2;

function run(game, batched) {
  let actions = 0, seed = 1;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < SECONDS) {
    if (batched) {
      actions += game.randomPlayout(seed++, 100000);
    } else {
      for (let i = 0; i < 100000; ++i) {
        if (game.awaitingDeal) game.deal(seed++);
        if (game.isOver) break;
        game.applyLegal(Math.floor(Math.random() * game.legalCount));
        ++actions;
      }
    }
    if (game.isOver) game.reset();
    elapsed = (performance.now() - start) / 1000;
  }
  return actions / elapsed;
}

// Every game of the catalog, with no play limit, at 4 players where it allows them.
for (const info of dh.games()) {
  const name = info.name;
  const players = Math.min(Math.max(4, info.min_players), info.max_players);
  const game = new dh.Game(name, { players, options: [`${info.limit_option}=0`, "history=off"] });
  const batched = run(game, true), single = run(game, false);
  console.log(`wasm   ${name.padEnd(12)} playout ${(batched / 1e6).toFixed(2).padStart(6)} M actions/s, ` +
    `per action ${(single / 1e6).toFixed(2).padStart(6)} M actions/s`);
  game.free();
}
