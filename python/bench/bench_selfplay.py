"""Throughput of self-play (not a test: `make python-bench-selfplay`): one run in this process
(--workers 0), then on a local Dask cluster of 1 and of 2 worker processes, the same games
each time (their results are checked equal). Prints games and actions per second over the
whole run (the cluster's start included) and over the run after the cluster was ready, and
the chunks' own time summed over that (how many chunks ran at once, on average).
docs/distributed.md has the figures."""

import argparse
import os

import deckhand
from deckhand import Bot, DeckhandError, distributed, selfplay


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--game", default="sheepshead")
    p.add_argument("--players", type=int)
    p.add_argument("--seats", default=None, help="default: the best level the library has "
                                                 "in seat 0, random elsewhere")
    p.add_argument("--games", type=int, default=3000)
    p.add_argument("--chunk", type=int, default=60)
    p.add_argument("--workers", default="0,1,2")
    args = p.parse_args()
    info = next(g for g in deckhand.games() if g["name"] == args.game)
    players = args.players or info["min_players"]
    first = "basic" if _has_basic(args.game) else "random"
    seats = args.seats or ",".join([first] + ["random"] * (players - 1))
    print(f"{args.game}, seats {seats}, {args.games} games in chunks of {args.chunk}; "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    print(f"{'workers':>8} {'wall s':>8} {'setup s':>8} {'games/s':>9} {'actions/s':>10} "
          f"{'games/s ready':>14} {'chunk s / ready s':>18}")
    reference = None
    for workers in (int(w) for w in args.workers.split(",")):
        result = distributed.run(args.game, args.games, seats, players=args.players,
                                 workers=workers, chunk=args.chunk, progress=False)
        stripped = selfplay.strip_timing(result)
        if reference is None:
            reference = stripped
        assert stripped == reference, "results differ between worker counts"
        t = result["timing"]
        ready = t["wall_seconds"] - t["setup_seconds"]
        print(f"{workers:>8} {t['wall_seconds']:>8.2f} {t['setup_seconds']:>8.2f} "
              f"{t['games_per_second']:>9.1f} {t['actions_per_second']:>10,.0f} "
              f"{result['games'] / ready:>14.1f} {t['compute_seconds'] / ready:>18.2f}")


def _has_basic(game):
    try:
        Bot(game, "basic")
        return True
    except DeckhandError:
        return False


if __name__ == "__main__":
    main()
