// The table's bots: one library bot per seat (dh.Bot), and Toonerville's buy protocol (T6;
// docs/bots.md). No page code here: the Node tests import it too.

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

// The seats other than `drawer` whose bots buy the top discard now (T6), nearest after the
// drawer first; `skip` (the human seat) is left out: the page asks the human itself.
export function botBuyers(game, bots, drawer, skip = null) {
  const buyers = [];
  for (let step = 1; step < game.players; ++step) {
    const seat = (drawer + step) % game.players;
    if (seat !== skip && bots[seat].choose(game, seat) === "buy") buyers.push(seat);
  }
  return buyers;
}

// A "draw" by the seat to act, with the buyers' answers gathered: the move to apply first,
// the winning buyer's "buy" (the drawer then draws) or the draw itself.
export function resolveDraw(game, drawer, buyers) {
  const winner = game.buyWinner(buyers);
  return winner == null ? { seat: drawer, action: "draw" } : { seat: winner, action: "buy" };
}

// The next move of the seat to act, `seat`, a bot's: { seat, action } to apply. A Toonerville
// "draw" runs the buy protocol first, so the move may be a buyer's "buy" (the drawer is then
// asked again). When the human seat `human` may buy, its answer is needed first: the result
// is then { offer: { drawer, buyers } }, the bots' buyers gathered, for resolveDraw once the
// human has answered.
export function botMove(game, bots, seat, human = null) {
  const action = bots[seat].choose(game, seat);
  if (game.name !== "toonerville" || action !== "draw") return { seat, action };
  const buyers = botBuyers(game, bots, seat, human);
  if (human != null && human !== seat && game.isLegal(human, "buy"))
    return { offer: { drawer: seat, buyers } };
  return resolveDraw(game, seat, buyers);
}
