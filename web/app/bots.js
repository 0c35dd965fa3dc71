// The table's bots: one library bot per seat (dh.Bot), each answering for its seat when it is
// the seat to act (docs/bots.md). No page code here: the Node tests import it too.

// The library's bot levels a seat may have (docs/bots.md), as a player reads them, weakest
// first: the lobby offers them and a bot's seat plate says them.
export const BOT_LEVELS = [
  ["1", "beginner"], ["2", "casual"], ["basic", "club player"], ["4", "strong"], ["5", "expert"],
  ["strong", "strong, always searching"], ["random", "random"],
];
const LEVEL_WORDS = new Map([...BOT_LEVELS, ["3", "club player"], ["expert", "expert"]]);
// A level in a player's words ("5": "expert"); an unknown one as it is.
export const levelWords = (level) => LEVEL_WORDS.get(level) ?? level;

// strong's budget in the browser: a few deals per decision, and a time cap, so that a
// decision stays well under a second on the page's one thread (the choices then depend a
// little on the machine's speed).
export const STRONG_BUDGET = { samples: 16, timeMs: 250 };

// A bot of `level` for every seat, each with its own seed drawn from `seed`; `budget` is
// strong's ({ samples, timeMs }).
export function makeBots(dh, gameName, players, level, seed, budget = STRONG_BUDGET) {
  return Array.from({ length: players }, (_, seat) =>
    new dh.Bot(gameName, { level, seed: (seed >>> 0) * 8 + seat, ...(level === "strong" ? budget : {}) }));
}

// The next move of the seat to act, `seat`, a bot's: { seat, action } to apply. Toonerville's
// buys (T6) are the game's own decisions: the seat offered a declined discard is the seat to
// act, its bot answering "buy" or "pass".
export function botMove(game, bots, seat) {
  return { seat, action: bots[seat].choose(game, seat) };
}
