// Library bots play one hand of any game in Node, then the record of it is replayed.
// Run (after `make web`): node examples/js/bots_play_a_hand.mjs [GAME] [PLAYERS]
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const { load } = require(process.env.DECKHAND_PACKAGE ?? "deckhand");

const dh = await load();
const name = process.argv[2] ?? "sheepshead";
const players = process.argv[3] ? Number(process.argv[3]) : undefined;
const game = new dh.Game(name, { players });
const bots = Array.from({ length: game.players }, (_, seat) => new dh.Bot(name, { level: "basic", seed: seat }));

game.deal({ seed: 2026 });
while (game.lastDeltas.length === 0 && !game.isOver) {
  if (game.awaitingDeal) {  // a thrown-in deal: deal again
    game.deal({ seed: game.record().length });
    continue;
  }
  const seat = game.toAct;
  const action = bots[seat].choose(game, seat);
  console.log(`seat ${seat}: ${action}`);
  game.apply(seat, action);
}

console.log("this hand:", game.lastDeltas, "totals:", game.scores);
const result = dh.replay(game.record());  // the JSON `deckhand replay` prints, as an object
console.log("the record replays:", result.ok, "scores", result.scores);
for (const bot of bots) bot.free();
game.free();
