// How long a searching bot takes to decide in the npm package under Node: `expert` (or the
// level given as the first argument) in seat 0 against `basic` bots, every decision of that
// seat timed with process.cpuUsage (CPU time, so other work on the machine does not count).
// Issue 25's budget is a median of 300 ms here; docs/bots.md gives the figures. Prints the
// median, 90th percentile and maximum per game and player count.
import { load } from "../dist/index.mjs";

const dh = await load();
const level = process.argv[2] ?? "expert";
const HANDS = Number(process.argv[3] ?? 20);

function cpuMs(since) {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
}

function quantile(sorted, q) {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

for (const info of dh.games()) {
  const counts = info.min_players === info.max_players ? [info.min_players]
    : [info.min_players, info.max_players];
  for (const players of counts) {
    const game = new dh.Game(info.name, { players, options: [`${info.limit_option}=500`] });
    const searcher = new dh.Bot(info.name, { level, seed: 1 });
    const others = new dh.Bot(info.name, { level: "basic", seed: 2 });
    const times = [];
    let hands = 0, seed = 1;
    while (hands < HANDS && !game.isOver) {
      if (game.awaitingDeal) {
        game.deal(seed++);
        ++hands;
        continue;
      }
      const seat = game.toAct;
      if (seat === 0) {
        const start = process.cpuUsage();
        const action = searcher.choose(game, 0);
        times.push(cpuMs(start));
        game.apply(0, action);
      } else {
        game.apply(seat, others.choose(game, seat));
      }
    }
    times.sort((a, b) => a - b);
    console.log(`${level} ${info.name.padEnd(12)} ${players} players: ${times.length} decisions, ` +
      `median ${quantile(times, 0.5).toFixed(2)} ms, 90th percentile ` +
      `${quantile(times, 0.9).toFixed(2)} ms, max ${times[times.length - 1].toFixed(2)} ms`);
    searcher.free();
    others.free();
    game.free();
  }
}
