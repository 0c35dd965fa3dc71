// A hand's review, as `deckhand analyze` does it (docs/cli.md): each card a seat played in the
// last hand of a record, set against the open-hand solver's best (Game.solve, every hand
// known). Only games with a solver (solve() throws Unsupported otherwise: null then).

// The record's lines from the last deal on, each play of `seat` solved from the position
// before it. onProgress(done, total) after each; resolves to
// [{ action, value, best: [actions], bestValue, loss }] or null when the game has no solver.
export async function reviewHand(dh, record, seat, onProgress = () => {}) {
  const lines = record.replace(/\n$/, "").split("\n");
  const start = lines.findLastIndex((line) => line.startsWith("deal "));
  if (start < 0) return [];
  const plays = [];
  for (let i = start + 1; i < lines.length; ++i) {
    const m = /^(\d+) (.+)$/.exec(lines[i]);
    if (m && Number(m[1]) === seat) plays.push({ index: i, action: m[2] });
  }
  const out = [];
  let done = 0;
  for (const play of plays) {
    const game = dh.Game.fromRecord(lines.slice(0, play.index).join("\n") + "\n");
    try {
      let values;
      try {
        values = game.solve();
      } catch (error) {
        if (error instanceof dh.Unsupported) return null; // no solver for this game
        if (error instanceof dh.WrongPhase) continue; // bidding and the like: not card play
        throw error;
      }
      const mine = values.find((v) => v.action === play.action);
      if (!mine) continue;
      const bestValue = Math.max(...values.map((v) => v.value));
      out.push({
        action: play.action, value: mine.value, bestValue, loss: bestValue - mine.value,
        best: values.filter((v) => v.value === bestValue).map((v) => v.action),
      });
    } finally {
      game.free();
      onProgress(++done, plays.length);
      await new Promise((r) => setTimeout(r, 0)); // let the page draw between solves
    }
  }
  return out;
}
