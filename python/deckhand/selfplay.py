"""Self-play and tournaments: bots against each other over many games, cut into chunks that
run in this process or on a Dask cluster (deckhand.distributed) with identical results.

    python3 -m deckhand.selfplay --game ghost-euchre --games 9000 --seats basic,random,random

docs/distributed.md is the guide. The pieces here are pure: make_spec() checks and completes
a run's description, play_chunk(spec, index) plays one chunk (its games and seeds depend on
nothing else), merge() adds a chunk's totals to others (integers, so the order does not
matter) and summarize() turns the totals into the result.

Seeds (documented in docs/distributed.md, "Deterministic splitting"): chunk c of a run with
seed S has the seed derive_seed(S, c); deal j of that chunk (a group of `players` games, the
same cards played once per seating) has derive_seed(chunk seed, j); hand k of the deal is
dealt from derive_seed(deal seed, k); the bot of entrant e in seating r has the seed
derive_seed(deal seed, 2**32 + r * players + e). In seating r, table seat t is played by
entrant (t + r) % players, so over a deal every entrant holds every seat's cards.
"""

import argparse
import json
import math
import os
import sys
import time

from . import __version__
from . import _args as A
from .bots import Bot, next_move
from .game import Game, game_info, games as catalog, option_strings

MASK64 = (1 << 64) - 1
GOLDEN_GAMMA = 0x9E3779B97F4A7C15
BOT_SEED_BASE = 1 << 32
DEFAULT_CHUNK = 60  # games; a multiple of 3, 4 and 5, so whole deals for every table size
Z95 = 1.959963984540054

# Fields of a result that measure time, not play: strip_timing() removes them.
TIMING_FIELDS = ("seconds", "actions_per_second")
TIMING_BLOCK = "timing"


def derive_seed(seed, index):
    """A 64-bit seed from (seed, index): SplitMix64's finaliser applied to
    seed + (index + 1) * 0x9E3779B97F4A7C15 (mod 2**64). Different indices give unrelated
    seeds; the same pair always the same one, on every machine."""
    z = (int(seed) + (int(index) + 1) * GOLDEN_GAMMA) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def chunk_seed(seed, chunk):
    """The seed of chunk `chunk` of a run with seed `seed`."""
    return derive_seed(seed, chunk)


def parse_seat(text):
    """A seat's bot: "level" or "level:key=value:key=value" (the level's options, such as
    samples=200). Returns (level, options dict)."""
    level, *parts = str(text).strip().split(":")
    if not level:
        raise ValueError(f"seat {text!r}: no bot level (random, basic, ...)")
    options = {}
    for part in parts:
        key, sep, value = part.partition("=")
        if not sep or not key:
            raise ValueError(f"seat {text!r}: bot option {part!r} is not key=value")
        options[key] = value
    return level, options


def _option_dict(strings):
    out = {}
    for s in strings:
        key, sep, value = s.partition("=")
        if not sep or not key:
            raise ValueError(f"option {s!r} is not key=value")
        if key.lower() in out:
            raise ValueError(f"option {key!r} given twice")
        out[key.lower()] = value
    return out


def make_spec(game, games, seats, seed=0, players=None, options=None, chunk=None,
              records=False):
    """Checks a run's description and completes it (the game's canonical name, the table
    size, the bounding option and history=off unless records are kept). Returns a dict of
    plain values, the same everywhere it is sent. Bad input raises ValueError, or the
    library's error for an unknown game or a bad option."""
    known = {g["name"]: g for g in catalog()}
    A.text(game, "game")
    name = game.lower()
    if name not in known:
        raise ValueError(f"unknown game {game!r} (games: {', '.join(sorted(known))})")
    info = known[name]
    if players is None:
        if info["min_players"] != info["max_players"]:
            raise ValueError(f"{name} needs players ({info['min_players']}-"
                             f"{info['max_players']})")
        players = info["min_players"]
    players = A.integer(players, "players", 0, A.INT32[1])
    if not info["min_players"] <= players <= info["max_players"]:
        raise ValueError(f"{name} is for {info['min_players']}-{info['max_players']} players, "
                         f"not {players}")
    if isinstance(seats, str):
        seats = seats.split(",")
    if not isinstance(seats, (list, tuple)):
        raise TypeError(f"seats: a list of bot names or one comma-separated str, not "
                        f"{type(seats).__name__}")
    seats = [A.text(s, f"seats[{i}]") and s.strip() for i, s in enumerate(seats)]
    if len(seats) != players:
        raise ValueError(f"{len(seats)} seats given ({','.join(seats)}) for {players} players: "
                         "name one bot per seat")
    games = A.integer(games, "games", -A.UINT64[1], A.UINT64[1])
    if games < 1:
        raise ValueError(f"games must be at least 1, not {games}")
    seed = A.integer(seed, "seed", -A.UINT64[1], A.UINT64[1])
    if not 0 <= seed <= MASK64:
        raise ValueError(f"seed must be in 0..2**64-1, not {seed}")
    chunk = DEFAULT_CHUNK if chunk is None else A.integer(chunk, "chunk", -A.UINT64[1],
                                                          A.UINT64[1])
    if chunk < 1 or chunk % players:
        nearest = max(players, chunk // players * players)
        raise ValueError(f"chunk {chunk} must be a positive multiple of {players} (the games "
                         f"of one deal, once per seating): try {nearest}")

    strings = option_strings(options)
    given = _option_dict(strings)
    # A game of self-play must end: the game's play limit, at the catalog's value for
    # unattended play unless the run gives one.
    limit, default = info["limit_option"], info["unattended_limit"]
    if limit not in given:
        strings.append(f"{limit}={default}")
    elif given[limit] in ("0", ""):
        raise ValueError(f"{limit}={given[limit]} leaves {name} unbounded: self-play needs "
                         f"{limit} of at least 1 (the default is {default})")
    if "history" not in given:
        strings.append("history=on" if records else "history=off")
    elif records and given["history"].lower() in ("off", "false", "0", "no"):
        raise ValueError("records were asked for, but the options say history=off")
    Game(name, players=players, options=strings)  # the library's own check of the options

    for s in seats:
        level, bot_options = parse_seat(s)
        if bot_options.get("time_ms", "0") != "0":
            raise ValueError(f"seat {s!r}: time_ms makes a bot's choices depend on the speed "
                             "of the machine, and the results on where chunks ran; give "
                             "samples=N instead")
        Bot(name, level, 0, **bot_options)  # unknown levels and options refused here
    return {"version": __version__, "game": name, "players": players, "options": strings,
            "seats": seats, "seed": seed, "games": games, "chunk": chunk,
            "records": bool(records)}


def chunk_count(spec):
    return -(-spec["games"] // spec["chunk"])


def spec_key(spec):
    """A short digest naming a run's spec (Dask task keys)."""
    import hashlib
    return hashlib.sha1(json.dumps(spec, sort_keys=True).encode()).hexdigest()[:16]


# ---- statistics ----
# Per entrant (an entry of the seats list) and per bot (entrants with the same seat text):
# counts, and the sums over deals that the confidence interval needs. A deal (its games
# once per seating) is the unit of independence: x = the entrant's score summed over the
# deal's games, h = the hands it played in them.
COUNTS = ("games", "hands", "score", "wins", "actions", "deals", "sx2", "sxh", "sh2")


def _new_stats():
    stats = dict.fromkeys(COUNTS, 0)
    stats["seconds"] = 0.0
    return stats


def new_totals(spec):
    bots = {}
    for s in spec["seats"]:
        bots.setdefault(s, _new_stats())
    return {"chunks": 0, "games": 0, "hands": 0, "actions": 0, "seconds": 0.0,
            "entrants": [_new_stats() for _ in spec["seats"]], "bots": bots}


def merge(totals, part):
    """Adds a chunk's result (or other totals) to `totals`."""
    for key in ("chunks", "games", "hands", "actions", "seconds"):
        totals[key] += part[key]
    for mine, theirs in zip(totals["entrants"], part["entrants"]):
        _add_stats(mine, theirs)
    for name, theirs in part["bots"].items():
        _add_stats(totals["bots"][name], theirs)
    return totals


def _add_stats(mine, theirs):
    for key in COUNTS + ("seconds",):
        mine[key] += theirs[key]


def _close_deal(stats, x, h):
    stats["deals"] += 1
    stats["sx2"] += x * x
    stats["sxh"] += x * h
    stats["sh2"] += h * h


class _TimedBot:
    """A bot that adds the time it spends deciding to its entrant's seconds."""

    __slots__ = ("bot", "stats")

    def __init__(self, bot, stats):
        self.bot = bot
        self.stats = stats

    def choose(self, game, seat=None):
        start = time.perf_counter()
        try:
            return self.bot.choose(game, seat)
        finally:
            self.stats["seconds"] += time.perf_counter() - start


def play_chunk(spec, index):
    """Plays chunk `index` of the run `spec` (from make_spec) and returns its totals, with
    the records of its games when spec["records"]: a list of (game index, record text).
    Pure: the result depends on (spec, index) alone, so a chunk run twice (a worker lost
    mid-run) gives the same result."""
    if spec["version"] != __version__:
        raise RuntimeError(f"this worker has deckhand {__version__}, the run was made with "
                           f"{spec['version']}: install the same version everywhere")
    start = time.perf_counter()
    players, seats = spec["players"], spec["seats"]
    first = index * spec["chunk"]
    last = min(first + spec["chunk"], spec["games"])
    if not 0 <= first < last:
        raise ValueError(f"chunk {index} is outside the run ({chunk_count(spec)} chunks)")
    seed = chunk_seed(spec["seed"], index)
    part = new_totals(spec)
    entrants, by_bot = part["entrants"], part["bots"]
    levels = [parse_seat(s) for s in seats]
    records = []
    deal_x = [0] * players
    deal_h = 0
    for number in range(first, last):
        deal, seating = divmod(number - first, players)
        deal_seed = derive_seed(seed, deal)
        game = Game(spec["game"], players=players, options=spec["options"])
        bots = [_TimedBot(Bot(spec["game"], level, derive_seed(
                    deal_seed, BOT_SEED_BASE + seating * players + e), **options), entrants[e])
                for e, (level, options) in enumerate(levels)]
        at_seat = [(t + seating) % players for t in range(players)]  # table seat -> entrant
        table = [bots[e] for e in at_seat]
        hands = 0
        while not game.is_over:
            if game.awaiting_deal:
                game.deal(seed=derive_seed(deal_seed, hands))
                hands += 1
                continue
            seat, action = next_move(game, table)
            game.apply(seat, action)
            entrants[at_seat[seat]]["actions"] += 1
        scores, winners = game.scores, set(game.winners)
        for t, e in enumerate(at_seat):
            stats = entrants[e]
            stats["games"] += 1
            stats["hands"] += hands
            stats["score"] += scores[t]
            stats["wins"] += t in winners
            deal_x[e] += scores[t]
        deal_h += hands
        part["games"] += 1
        part["hands"] += hands
        if spec["records"]:
            records.append((number, _annotated_record(spec, index, number, seating, at_seat,
                                                      game.record())))
        if seating == players - 1 or number == last - 1:
            for e in range(players):
                _close_deal(entrants[e], deal_x[e], deal_h)
            for name in by_bot:
                mine = [e for e in range(players) if seats[e] == name]
                _close_deal(by_bot[name], sum(deal_x[e] for e in mine), deal_h * len(mine))
            deal_x = [0] * players
            deal_h = 0
    for e, name in enumerate(seats):
        stats = dict(entrants[e])
        for key in ("deals", "sx2", "sxh", "sh2"):
            stats[key] = 0  # a bot's deal sums were closed above, over all its entrants
        _add_stats(by_bot[name], stats)
    part["actions"] = sum(s["actions"] for s in entrants)
    part["chunks"] = 1
    part["seconds"] = time.perf_counter() - start
    part["records"] = records
    return part


def _annotated_record(spec, chunk, number, seating, at_seat, record):
    """The record with a comment after its first line: the game's place in the run and
    which bot played each table seat."""
    first_line, _, rest = record.partition("\n")
    seats = " ".join(f"{t}={spec['seats'][e]}" for t, e in enumerate(at_seat))
    note = (f"# deckhand.selfplay game {number} (chunk {chunk}, seating {seating}) of "
            f"{spec['games']}, seed {spec['seed']}; seats {seats}\n")
    return first_line + "\n" + note + rest


def record_name(spec, number):
    """The file name of game `number`'s record: game-<number>.rec, zero-padded so that the
    names sort in game order."""
    width = max(6, len(str(spec["games"] - 1)))
    return f"game-{number:0{width}d}.rec"


def write_records(spec, directory, records):
    """Writes records atomically (a temporary file renamed into place): a file is either
    absent or whole, and writing the same game again writes the same bytes."""
    for number, text in records:
        path = os.path.join(directory, record_name(spec, number))
        temporary = f"{path}.{os.getpid()}.tmp"
        with open(temporary, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(temporary, path)


# ---- the result ----
def _interval(stats):
    """The mean score per hand and its 95% confidence interval: a ratio estimator over
    deals (delta method), None when fewer than two deals were played."""
    n, hands = stats["deals"], stats["hands"]
    if hands == 0:
        return None, None
    mean = stats["score"] / hands
    if n < 2:
        return mean, None
    residual = stats["sx2"] - 2 * mean * stats["sxh"] + mean * mean * stats["sh2"]
    mean_h = hands / n
    half = Z95 * math.sqrt(max(residual, 0.0) / (n * (n - 1))) / mean_h
    return mean, [mean - half, mean + half]


def _public(stats):
    mean, ci = _interval(stats)
    out = {key: stats[key] for key in ("games", "hands", "score", "wins", "actions", "deals")}
    out["score_per_hand"] = mean
    out["ci95"] = ci
    out["seconds"] = stats["seconds"]
    out["actions_per_second"] = stats["actions"] / stats["seconds"] if stats["seconds"] else None
    return out


def summarize(spec, totals, wall_seconds=None, workers=None, scheduler=None):
    """The result of a run as a dict (what --json prints): the run's description, and per
    seat and per bot: games, hands, score, mean score per hand with a 95% interval, wins,
    actions; timing in "seconds"/"actions_per_second" fields and the "timing" block."""
    seats = []
    for e, name in enumerate(spec["seats"]):
        seats.append({"seat": e, "bot": name, **_public(totals["entrants"][e])})
    bots = []
    for name, stats in totals["bots"].items():
        bots.append({"bot": name, "seats": [e for e, s in enumerate(spec["seats"]) if s == name],
                     **_public(stats)})
    wall = wall_seconds if wall_seconds is not None else totals["seconds"]
    return {
        "game": spec["game"], "players": spec["players"], "options": spec["options"],
        "seed": spec["seed"], "games": totals["games"], "chunk": spec["chunk"],
        "chunks": totals["chunks"], "deals": -(-spec["games"] // spec["players"]),
        "whole_deals": spec["games"] % spec["players"] == 0,
        "hands": totals["hands"], "actions": totals["actions"],
        "lower_is_better": game_info(spec["game"])["lower_is_better"],
        "seats": seats, "bots": bots,
        TIMING_BLOCK: {"wall_seconds": wall, "compute_seconds": totals["seconds"],
                       "actions_per_second": totals["actions"] / wall if wall else None,
                       "games_per_second": totals["games"] / wall if wall else None,
                       "workers": workers, "scheduler": scheduler},
    }


def strip_timing(result):
    """The result without its timing fields: equal for equal runs anywhere."""
    out = {k: v for k, v in result.items() if k != TIMING_BLOCK}
    for key in ("seats", "bots"):
        out[key] = [{k: v for k, v in row.items() if k not in TIMING_FIELDS}
                    for row in result[key]]
    return out


def format_table(result):
    """The result as a readable table."""
    lines = [f"{result['game']}, {result['players']} players: {result['games']:,} games "
             f"({result['deals']:,} deals, seats rotated), {result['hands']:,} hands, "
             f"seed {result['seed']}",
             f"options: {' '.join(result['options'])}"]
    if not result["whole_deals"]:
        lines.append(f"note: {result['games']} games is not a multiple of "
                     f"{result['players']}: the last deal was not played in every seating")
    better = "lower" if result["lower_is_better"] else "higher"
    header = (f"{'':<9} {'bot':<16} {'games':>8} {'hands':>9} {'score/hand':>11} "
              f"{'95% CI':>19} {'wins':>7} {'win%':>6} {'actions/s':>10}")
    for title, rows, label in (("per seat", result["seats"], lambda r: f"{r['seat']}"),
                               ("per bot", result["bots"],
                                lambda r: ",".join(map(str, r["seats"])))):
        lines.append("")
        lines.append(f"{title} (score/hand: {better} is better)")
        lines.append(header)
        for r in rows:
            mean = "-" if r["score_per_hand"] is None else f"{r['score_per_hand']:.3f}"
            ci = "-" if r["ci95"] is None else f"[{r['ci95'][0]:.3f}, {r['ci95'][1]:.3f}]"
            rate = "-" if r["actions_per_second"] is None else f"{r['actions_per_second']:,.0f}"
            win = f"{100 * r['wins'] / r['games']:.1f}" if r["games"] else "-"
            lines.append(f"{label(r):<9} {r['bot']:<16} {r['games']:>8,} {r['hands']:>9,} "
                         f"{mean:>11} {ci:>19} {r['wins']:>7,} {win:>6} {rate:>10}")
    t = result[TIMING_BLOCK]
    where = (f"scheduler {t['scheduler']}" if t["scheduler"]
             else "in this process" if not t["workers"] else f"{t['workers']} local workers")
    rate = f"{t['actions_per_second']:,.0f}" if t["actions_per_second"] else "-"
    lines.append("")
    setup = t.get("setup_seconds")
    setup = f", {setup:.1f} s of it starting the cluster" if setup and setup >= 0.05 else ""
    lines.append(f"{result['actions']:,} actions in {t['wall_seconds']:.2f} s ({rate} "
                 f"actions/s, {where}{setup})")
    return "\n".join(lines)


# ---- the command ----
def _parser():
    p = argparse.ArgumentParser(
        prog="python3 -m deckhand.selfplay",
        description="Bots against each other over many games, in this process, on a local "
                    "Dask cluster or on an existing one (docs/distributed.md).")
    p.add_argument("--game", required=True,
                   help=f"one of {', '.join(g['name'] for g in catalog())}")
    p.add_argument("--players", type=int,
                   help="table size, for a game of several (deckhand.games() gives the range)")
    p.add_argument("--option", action="append", default=[], metavar="K=V",
                   help="a game option (repeatable), e.g. --option renege=penalize")
    p.add_argument("--games", type=int, required=True, help="how many games")
    p.add_argument("--seats", required=True,
                   help="one bot per seat, comma-separated: random, basic, ... "
                        "(options as basic:samples=100)")
    p.add_argument("--seed", type=int, default=0, help="the run's seed (default 0)")
    p.add_argument("--scheduler", help="address of an existing Dask scheduler "
                                       "(tcp://host:8786); default: a local cluster")
    p.add_argument("--workers", type=int, help="local worker processes (default: the CPUs "
                                               "this process may use); 0 runs in this process")
    p.add_argument("--chunk", type=int, help=f"games per task, a multiple of the players "
                                             f"(default {DEFAULT_CHUNK}); part of the results' "
                                             f"identity, like the seed")
    p.add_argument("--records", metavar="DIR", help="write every game's record into DIR")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument("--progress", action="store_true",
                   help="show progress on stderr even when it is not a terminal")
    return p


def main(argv=None):
    args = _parser().parse_args(argv)
    from . import distributed
    from .errors import DeckhandError
    try:
        result = distributed.run(args.game, args.games, args.seats, seed=args.seed,
                                 players=args.players, options=args.option,
                                 scheduler=args.scheduler, workers=args.workers,
                                 chunk=args.chunk, records=args.records,
                                 progress=True if args.progress else None)
    except (ValueError, DeckhandError, OSError, ImportError) as e:
        print(f"selfplay: error: {e}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print(format_table(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
