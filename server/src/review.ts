// A finished hand's review for one seat, as `deckhand analyze` gives it (docs/cli.md) and the
// app's offline review does (web/app/review.js): each card the seat played in the hand set
// against the open-hand best (Game.solve, every hand known). The solver sees every hand, so a
// review is only ever of a hand that is over, and only of the asking seat's own plays.
import type { Deckhand, Game } from 'deckhand';

export interface ReviewedPlay {
  action: string;
  value: number; // the hand's score change for the seat if it plays this and all play best after
  best: string[]; // the plays of the best value
  bestValue: number;
  loss: number; // bestValue - value
}

export interface Review {
  hand: number; // 1-based: the game's hand (deal) reviewed
  plays: ReviewedPlay[];
}

// Thrown with a code the room sends on (its words are the message).
export class ReviewRefused extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

// `game` is the table's game now (a copy). The hand reviewed is the last one that is over:
// the current one if no hand is being played (between hands, the game over), else the one
// before it.
export function reviewLastHand(dh: Deckhand, game: Game, seat: number): Review {
  let record: string;
  try {
    record = game.record();
  } catch (e) {
    throw new ReviewRefused('no_history', `review: ${(e as Error).message}`);
  }
  const lines = record.replace(/\n$/, '').split('\n');
  const deals: number[] = [];
  lines.forEach((line, i) => {
    if (line.startsWith('deal ')) deals.push(i);
  });
  const inProgress = !game.awaitingDeal && !game.isOver;
  const k = deals.length - (inProgress ? 2 : 1); // index of the deal of the hand reviewed
  if (k < 0) throw new ReviewRefused('no_hand', 'review: no hand is over yet: a review is of a finished hand');
  const start = deals[k];
  const end = k + 1 < deals.length ? deals[k + 1] : lines.length;
  // A game without an open-hand solver is refused as such, whether or not the seat played in
  // the hand (the hand as dealt asked: its other refusals, a bidding phase, say nothing here).
  const dealt = dh.Game.fromRecord(lines.slice(0, start + 1).join('\n') + '\n');
  try {
    dealt.solve();
  } catch (e) {
    if (e instanceof dh.Unsupported) throw new ReviewRefused('unsupported', `review: ${(e as Error).message}`);
  } finally {
    dealt.free();
  }
  const plays: ReviewedPlay[] = [];
  for (let i = start + 1; i < end; ++i) {
    const m = /^(\d+) (.+)$/.exec(lines[i]);
    if (!m || Number(m[1]) !== seat) continue;
    const before = dh.Game.fromRecord(lines.slice(0, i).join('\n') + '\n');
    try {
      let values;
      try {
        values = before.solve();
      } catch (e) {
        if (e instanceof dh.WrongPhase) continue; // bidding, a bury: not card play
        throw e;
      }
      const mine = values.find((v) => v.action === m[2]);
      if (!mine) continue;
      const bestValue = Math.max(...values.map((v) => v.value));
      plays.push({
        action: m[2],
        value: mine.value,
        best: values.filter((v) => v.value === bestValue).map((v) => v.action),
        bestValue,
        loss: bestValue - mine.value,
      });
    } finally {
      before.free();
    }
  }
  return { hand: k + 1, plays };
}
