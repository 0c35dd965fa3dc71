"""Throughput of the environments with the library's bots in the other seats (not a test:
`make python-bench-opponents`).

  VectorEnv(name, n, opponents=level, learner_seat="rotate"): the learner's actions drawn
             uniformly among legal_indices in numpy (as bench_env.py's "list"); every other
             seat's decisions made and applied by the library (dh_bot_choose, dh_game_apply)
             game by game inside step().
  env(...):  the AEC environment with the same bots, through agent_iter() and last().
Figures are the learner's decisions per second of the process's CPU time (one core), and the
seats' decisions (the learner's and the bots') per second, counted from the games' records.
"""

import argparse
import time

import numpy as np

import deckhand


def table_size(name):
    info = next(g for g in deckhand.games() if g["name"] == name)
    return min(max(4, info["min_players"]), info["max_players"])


def share(name, level, seed=5, decisions=400):
    """The learner's share of all decisions against these bots: one seeded game with a record
    kept (history on), its decisions counted by seat."""
    env = deckhand.env(name, players=table_size(name), opponents=level, options={"history": "on"},
                       opponent_options=budget(level))
    env.reset(seed=seed)
    rng = np.random.default_rng(0)
    mine = 0
    for _ in env.agent_iter(decisions):
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        mine += 1
    moves = [line for line in env.game.record().splitlines() if line[:1].isdigit()]
    return mine / max(len(moves), 1)


def budget(level):
    return {"samples": 20} if level == "strong" else None


def bench_vector(name, n, level, seconds):
    vec = deckhand.VectorEnv(name, n, players=table_size(name), seed=1, opponents=level,
                             learner_seat="rotate", opponent_options=budget(level))
    vec.reset()
    rng = np.random.default_rng(0)
    rows = np.arange(n)
    uniform = np.empty(n, dtype=np.float32)
    steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        rng.random(dtype=np.float32, out=uniform)
        positions = (uniform * vec.legal_counts).astype(np.int32)
        vec.step(vec.legal_indices[rows, positions])
        steps += n
    return steps / (time.process_time() - start)


def bench_aec(name, level, seconds):
    env = deckhand.env(name, players=table_size(name), opponents=level,
                       learner_seat="rotate", opponent_options=budget(level))
    env.reset(seed=1)
    rng = np.random.default_rng(0)
    steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for _ in env.agent_iter(200):
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
        if not env.agents:
            env.reset()
    return steps / (time.process_time() - start)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--games", default=",".join(g["name"] for g in deckhand.games()))
    parser.add_argument("--levels", default="random,basic,strong")
    parser.add_argument("--n", type=int, default=256)
    args = parser.parse_args()
    print(f"deckhand {deckhand.__version__} ({deckhand.__file__})")
    for name in args.games.split(","):
        for level in args.levels.split(","):
            n = args.n if level != "strong" else max(1, args.n // 16)
            rate = bench_vector(name, n, level, args.seconds)
            aec = bench_aec(name, level, args.seconds)
            part = share(name, level)
            print(f"{name:13} vs {level:7} VectorEnv n={n:4} {rate:9,.0f} learner steps/s "
                  f"({rate / part:9,.0f} decisions/s)   env {aec:8,.0f} learner steps/s   "
                  f"learner's share {part:.2f}")


if __name__ == "__main__":
    main()
