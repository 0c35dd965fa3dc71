// Compiled by tsc (make web), never run: the package's types describe its API as the tests
// and docs/web.md use it. A wrong type here, or in dist/index.d.ts, fails the build.
import { load, DeckhandError, IllegalAction, type Game, type ReplayResult } from "deckhand";

const dh = await load();
const game: Game = new dh.Game("toonerville", { players: 4, options: { max_turns: 40 } });
game.deal({ seed: 1n });
game.deal(7);
const seat: number | null = game.toAct;
const actions: string[] = game.legalActions();
const moves: { seat: number; action: string }[] = game.legalMoves();
try {
  game.apply(seat ?? 0, actions[0] ?? "draw");
} catch (e) {
  if (e instanceof IllegalAction || e instanceof dh.WrongSeat) console.log(e.reason, e.line);
  if (e instanceof DeckhandError) console.log(e.status, e.statusName, e.reasonNumber);
}
const played: number = game.randomPlayout(3, 1000);
const result: ReplayResult = dh.replay(game.record());
if (result.ok) console.log(result.hands.map((h) => h.deltas), result.to_act, played, moves);
else console.log(result.line, result.code, result.message);
const copy = dh.Game.deserialize(game.serialize());
console.log(copy.scores, copy.view(0).hand, game.viewText(), dh.games()[0].options[0].default);
copy.free();
const bot = new dh.Bot("sheepshead", { level: "strong", seed: 5n, samples: 8, timeMs: 100 });
const choice: string | null = bot.choose(game, 1);
const sample: Game = game.sampleConsistent(0, 9);
const values: { action: string; value: number }[] = sample.solve();
console.log(choice, values, bot.level, new dh.Bot("toonerville").choose(game));
bot.free();
sample.free();
const disposable: Disposable = game;
disposable[Symbol.dispose]();
const fromBytes: Game = dh.Game.deserialize([1, 2, 3]);
fromBytes[Symbol.dispose]();
const table = new dh.Table("sheepshead", { seed: 3n, decisionMs: 1000, standin: "basic", events: "all" });
table.seatHuman(0);
table.seatBot(1, "basic");
table.act(0, "pass", 10);
table.tick(20n);
const events: { seq: number; type: string }[] = table.events(null, 0);
const due: number | null = table.nextDueMs;
const snap = table.snapshot(0);
console.log(events, due, snap.seq, snap.table.may_act, table.holder(0), table.legalActions(null));
const restored = dh.Table.deserialize(table.serialize());
restored.game().free();
restored[Symbol.dispose]();
table.free();
