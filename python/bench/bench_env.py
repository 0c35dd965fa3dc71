"""Throughput of the Python bindings (not a test: `make python-bench`).

  VectorEnv: n games stepped by one C call per step, actions drawn uniformly among the legal
             ones in numpy, observations and masks returned every step; "mask": the mask
             times uniform noise, argmax per row; "list": a uniform position among each
             row's legal_counts in legal_indices (the same choice, at a cost that does not
             grow with the mask's width).
  Game:      one game through the plain API: apply_legal(random index), a seeded deal
             whenever one is due, reset when the game ends (history=off).
Figures are actions per second on one core: the process's CPU time, not the wall clock, so
that other work on a shared machine slows the figures less (it still costs them caches)."""

import argparse
import time

import numpy as np

import deckhand


def table_size(name):
    """4 players where the game allows it, else the nearest count (as `deckhand simulate`)."""
    info = next(g for g in deckhand.games() if g["name"] == name)
    return min(max(4, info["min_players"]), info["max_players"])


def bench_vector(name, n, seconds, by_list):
    vec = deckhand.VectorEnv(name, n, players=table_size(name), seed=1)
    obs, mask = vec.reset()
    rng = np.random.default_rng(0)
    noise = np.empty(mask.shape, dtype=np.float32)
    rows = np.arange(n)
    uniform = np.empty(n, dtype=np.float32)
    steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for _ in range(20):
            if by_list:
                rng.random(dtype=np.float32, out=uniform)
                positions = (uniform * vec.legal_counts).astype(np.int32)
                actions = vec.legal_indices[rows, positions]
            else:
                rng.random(dtype=np.float32, out=noise)
                np.multiply(noise, mask, out=noise)
                actions = noise.argmax(axis=1).astype(np.int32)
            obs, mask, rewards, terminated, truncated = vec.step(actions)
        steps += 20
    elapsed = time.process_time() - start
    return steps * n / elapsed


def bench_game(name, seconds):
    import random
    rng = random.Random(0)
    g = deckhand.Game(name, players=table_size(name), options={"history": "off"})
    deal_seed = 0
    actions = 0
    count = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for _ in range(1000):
            if count == 0:
                if g.is_over:
                    g.reset()
                deal_seed += 1
                g.deal(seed=deal_seed)
                count = g.legal_count
                continue
            count = g.apply_legal(int(rng.random() * count))
            actions += 1
    return actions / (time.process_time() - start)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--games", default=",".join(g["name"] for g in deckhand.games()))
    parser.add_argument("--n", type=int, nargs="*", default=[256, 1024])
    args = parser.parse_args()
    print(f"deckhand {deckhand.__version__} ({deckhand.__file__})")
    for name in args.games.split(","):
        for n in args.n:
            for by_list in (False, True):
                rate = bench_vector(name, n, args.seconds, by_list)
                how = "list" if by_list else "mask"
                print(f"VectorEnv {name:13} n={n:5} {how}  {rate / 1e6:6.2f} M actions/s")
        print(f"Game      {name:13}          {bench_game(name, args.seconds) / 1e3:6.0f} k actions/s")


if __name__ == "__main__":
    main()
