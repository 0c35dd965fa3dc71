// How long a `hint` holds a table's room (server/src/room.ts `advise`): the room copies the
// table's game, asks the expert bot's hint with HINT_BUDGET and frees the copy, on the room's
// thread, so nothing else of that room (nor of the process) runs meanwhile. This times exactly
// those calls for a sample of positions of each game of the catalog: tables of basic bots
// played from seeded deals, a position taken every few decisions, the hint asked for the seat
// to act there; each game with its fewest and its most players. Run (after `make server`): node bench/hint-bench.mjs [positions per game, 40]
import { loadavg } from 'node:os';
import { load } from 'deckhand';
import { HINT_BUDGET } from '../dist/room.js';

const dh = await load();
const perGame = Number(process.argv[2] ?? 40);
const pct = (xs, p) => xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const load0 = loadavg()[0];

console.log(`hint budget: ${HINT_BUDGET.samples} deals, ${HINT_BUDGET.timeMs} ms; ${perGame} positions per game`);
// each game with its fewest and its most players
const runs = dh.games().flatMap((info) => [...new Set([info.min_players, info.max_players])].map((players) => ({ info, players })));
for (const { info, players } of runs) {
  // the room's hint bot: made once per room, then asked at each hint
  const bot = new dh.Bot(info.name, { level: 'expert', seed: 1, samples: HINT_BUDGET.samples, timeMs: HINT_BUDGET.timeMs });
  const times = [];
  const choices = []; // the hints where the seat had more than one legal action
  for (let seed = 1; times.length < perGame; ++seed) {
    const table = new dh.Table(info.name, { players, seed, botMs: 1, dealMs: 1 });
    for (let s = 0; s < players; ++s) table.seatBot(s, 'basic');
    let now = 0;
    // a position every 5 moves of the hand, for the seat to act there
    for (let moves = 0; !table.isOver && moves < 400 && times.length < perGame; ++moves) {
      table.tick((now += 1));
      if (moves % 5 !== 2 || table.toAct === null) continue;
      const t0 = process.hrtime.bigint();
      const game = table.game();
      let legal;
      try {
        legal = bot.hint(game, table.toAct).alternatives.length;
      } finally {
        game.free();
      }
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      times.push(ms);
      if (legal > 1) choices.push(ms);
    }
    table.free();
  }
  bot.free();
  const f = (x) => `${x.toFixed(1)} ms`;
  const line = (xs) => `median ${f(pct(xs, 50))}, p95 ${f(pct(xs, 95))}, max ${f(Math.max(...xs))} (${xs.length} hints)`;
  console.log(`${info.name.padEnd(14)} ${players} players: ${line(times)}; with a choice: ${line(choices)}`);
}
console.log(`load average ${load0.toFixed(2)} -> ${loadavg()[0].toFixed(2)}; node ${process.version}`);
