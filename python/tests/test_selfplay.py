"""deckhand.Bot and deckhand.selfplay in this process: seeds, seatings, statistics, records,
errors (the clusters are in test_distributed.py)."""

import json
import os
import re
import subprocess
import sys

import pytest

import deckhand
from deckhand import bots, distributed, selfplay
from conftest import GAMES, fewest_players

EUCHRE = dict(game="ghost-euchre", seats="random,random,random",
              options={"max_hands": 3})


def run(**kw):
    args = dict(EUCHRE, games=12, seed=5, chunk=6, workers=0)
    args.update(kw)
    return distributed.run(**args)


def test_derive_seed_is_splitmix64():
    # derive_seed(s, i) is SplitMix64's output after i + 1 steps from state s: its first
    # outputs from state 0 are the published ones.
    assert selfplay.derive_seed(0, 0) == 0xE220A8397B1DCDAF
    assert selfplay.derive_seed(0, 1) == 0x6E789E6AA1B965F4
    assert selfplay.chunk_seed(0, 0) == 0xE220A8397B1DCDAF
    assert selfplay.derive_seed(2**64 - 1, 3) < 2**64


def test_bot_chooses_legal_actions_the_same_for_the_same_seed():
    def play(seed):
        g = deckhand.Game("sheepshead", options={"hands": 1})
        bot = deckhand.Bot("sheepshead", "random", seed=seed)
        g.deal(seed=3)
        chosen = []
        while not g.is_over:
            action = bot.choose(g)
            assert g.is_legal(g.to_act, action)
            g.apply(g.to_act, action)
            chosen.append(action)
        return chosen
    assert play(1) == play(1)
    assert play(1) != play(2)


def test_bot_refuses_what_it_cannot_decide():
    g = deckhand.Game("ghost-euchre")
    bot = bots.Bot("ghost-euchre", "random")
    with pytest.raises(deckhand.WrongPhase):
        bot.choose(g)  # awaiting the deal
    g.deal(seed=1)
    assert bot.choose(g, (g.to_act + 1) % 3) is None  # not its turn
    with pytest.raises(deckhand.UnknownGame):
        bots.Bot("sheepshead", "random").choose(g)
    with pytest.raises(deckhand.UnknownGame):
        bots.Bot("canasta", "random")
    with pytest.raises(deckhand.BadOption):
        bots.Bot("ghost-euchre", "grandmaster")


def test_toonerville_buys_follow_T6():
    # The seat to act draws; the discard is offered in the state, nearest seat first, and
    # next_move asks the bot of whoever is to act (T6).
    g = deckhand.Game("toonerville", players=3, options={"history": "off"})

    class Fixed:
        def __init__(self, answer):
            self.answer = answer

        def choose(self, game, seat=None):
            return self.answer

    g.deal(seed=1)
    assert g.to_act == 1
    table = [Fixed("buy"), Fixed("draw"), Fixed("pass")]
    assert bots.next_move(g, table) == (1, "draw")
    g.apply(1, "draw")
    assert bots.next_move(g, table) == (2, "pass")  # seat 2, nearest after seat 1, first
    g.apply(2, "pass")
    assert bots.next_move(g, table) == (0, "buy")
    g.apply(0, "buy")
    assert g.to_act == 1 and g.phase == "play"  # seat 1 drew at once


def test_a_deal_is_played_once_per_seating_with_seats_rotated(tmp_path):
    run(games=6, chunk=6, records=str(tmp_path), seats="random,random:samples=2,random")
    first_deals = []
    seatings = []
    for number in range(6):
        text = (tmp_path / selfplay.record_name({"games": 6}, number)).read_text()
        first_deals.append(next(line for line in text.splitlines() if line.startswith("deal ")))
        seatings.append(re.search(r"seats (.*)", text).group(1))
    # games 0-2 are one deal in three seatings, 3-5 the next deal
    assert first_deals[0] == first_deals[1] == first_deals[2] != first_deals[3]
    assert first_deals[3] == first_deals[4] == first_deals[5]
    assert seatings[:3] == ["0=random 1=random:samples=2 2=random",
                            "0=random:samples=2 1=random 2=random",
                            "0=random 1=random 2=random:samples=2"]


def test_records_are_every_game_whole_and_replay(tmp_path):
    seats = ["random", "random:samples=2", "random:samples=3"]
    result = run(records=str(tmp_path), seats=seats)
    names = sorted(os.listdir(tmp_path))
    assert names == [f"game-{n:06d}.rec" for n in range(12)]
    total_hands = 0
    scores = dict.fromkeys(seats, 0)
    for name in names:
        text = (tmp_path / name).read_text()
        replayed = deckhand.replay(text)
        assert replayed["ok"] and replayed["over"]
        total_hands += len(replayed["hands"])
        # each seat's score goes to the bot the record says played it
        at_seat = re.search(r"seats (.*)", text).group(1).split()
        for seat_bot, score in zip(at_seat, replayed["scores"]):
            scores[seat_bot.split("=", 1)[1]] += score
    assert [s["score"] for s in result["seats"]] == [scores[b] for b in seats]
    assert total_hands <= result["hands"]  # thrown-in hands (G5) are dealt but not scored
    # a second run over the same directory writes the same bytes
    before = {n: (tmp_path / n).read_bytes() for n in names}
    run(records=str(tmp_path), seats=seats)
    assert {n: (tmp_path / n).read_bytes() for n in names} == before


def test_toonerville_games_end_and_record_buys(tmp_path):
    result = distributed.run("toonerville", 3, "random,random,random", players=3, seed=2,
                             options={"max_turns": 12}, chunk=3, workers=0,
                             records=str(tmp_path))
    assert result["games"] == 3 and result["hands"] == 3 * 11
    text = "".join(p.read_text() for p in tmp_path.iterdir())
    assert re.search(r"^\d buy$", text, re.M)
    assert all(deckhand.replay(p.read_text())["ok"] for p in tmp_path.iterdir())


def test_results_add_up():
    result = run(game="sheepshead", seats="random,random:samples=2,random,random,random",
                 games=10, chunk=5, options={"hands": 2})
    seats, by_bot = result["seats"], {b["bot"]: b for b in result["bots"]}
    assert [s["games"] for s in seats] == [10] * 5
    assert sum(s["score"] for s in seats) == 0  # Sheepshead is zero-sum (S15)
    assert by_bot["random"]["seats"] == [0, 2, 3, 4]
    assert by_bot["random"]["games"] == 40
    assert by_bot["random"]["score"] == -by_bot["random:samples=2"]["score"]
    assert result["hands"] == 20 and seats[0]["hands"] == 20
    assert result["actions"] == sum(s["actions"] for s in seats)


def test_chunks_are_pure_and_merge_in_any_order():
    spec = selfplay.make_spec(**EUCHRE, games=12, seed=5, chunk=3)
    parts = [selfplay.play_chunk(spec, i) for i in range(4)]
    again = selfplay.play_chunk(spec, 2)
    assert strip_seconds(again) == strip_seconds(parts[2])
    forward, backward = selfplay.new_totals(spec), selfplay.new_totals(spec)
    for p in parts:
        selfplay.merge(forward, p)
    for p in reversed(parts):
        selfplay.merge(backward, p)
    assert (selfplay.strip_timing(selfplay.summarize(spec, forward))
            == selfplay.strip_timing(selfplay.summarize(spec, backward)))


def strip_seconds(part):
    out = json.loads(json.dumps(part))
    out.pop("seconds")
    for stats in out["entrants"] + list(out["bots"].values()):
        stats.pop("seconds")
    return out


def test_interval_is_the_ratio_estimator_over_deals():
    stats = dict.fromkeys(selfplay.COUNTS, 0)
    # two deals: scores 1 and 3 over one hand each
    stats.update(hands=2, score=4, deals=2, sx2=1 + 9, sxh=1 + 3, sh2=2)
    mean, ci = selfplay._interval(stats)
    assert mean == 2 and ci == pytest.approx([2 - selfplay.Z95, 2 + selfplay.Z95])
    stats.update(deals=1)
    assert selfplay._interval(stats)[1] is None


def test_same_seed_same_result_other_seed_another():
    a, b, c = run(), run(), run(seed=6)
    assert selfplay.strip_timing(a) == selfplay.strip_timing(b)
    assert selfplay.strip_timing(a) != selfplay.strip_timing(c)


@pytest.mark.parametrize("kw, message", [
    (dict(seats="random,random"), "2 seats given"),
    (dict(chunk=4), "multiple of 3"),
    (dict(games=0), "at least 1"),
    (dict(options={"max_hands": 0}), "unbounded"),
    (dict(options={"history": "off"}, records="/nonexistent/x"), "history=off"),
    (dict(game="toonerville"), "needs players"),
    (dict(game="toonerville", players=6), "3-5 players"),
    (dict(game="bridge"), "unknown game"),
    (dict(seed=-1), "seed"),
    (dict(seats="random,random,random:samples"), "not key=value"),
    (dict(seats="random,random,random:time_ms=50"), "speed of the machine"),
])
def test_bad_runs_are_refused_with_a_reason(kw, message):
    with pytest.raises(ValueError, match=message):
        run(**kw)


def test_workers_with_a_scheduler_is_refused():
    with pytest.raises(ValueError, match="workers sizes a local cluster"):
        run(scheduler="tcp://127.0.0.1:1", workers=2)


def test_a_worker_with_another_deckhand_refuses_its_chunk():
    spec = dict(selfplay.make_spec(**EUCHRE, games=3), version="0.0.1")
    with pytest.raises(RuntimeError, match="install the same version everywhere"):
        selfplay.play_chunk(spec, 0)


def test_bad_bot_or_option_is_the_library_error():
    with pytest.raises(deckhand.BadOption):
        run(seats="random,random,genius")
    with pytest.raises(deckhand.BadOption):
        run(options={"colour": "blue"})


def test_command_prints_a_table_and_json_and_refuses_bad_input():
    base = [sys.executable, "-m", "deckhand.selfplay", "--game", "ghost-euchre", "--games", "6",
            "--seats", "random,random,random", "--option", "max_hands=2", "--workers", "0"]
    table = subprocess.run(base, capture_output=True, text=True, check=True).stdout
    assert "per seat" in table and "per bot" in table and "95% CI" in table
    out = subprocess.run(base + ["--json"], capture_output=True, text=True, check=True).stdout
    result = json.loads(out)
    assert result["games"] == 6 and result["options"] == ["max_hands=2", "history=off"]
    assert (selfplay.strip_timing(result)
            == selfplay.strip_timing(run(games=6, seed=0, chunk=60,
                                         options=["max_hands=2"])))
    bad = subprocess.run(base + ["--chunk", "4"], capture_output=True, text=True)
    assert bad.returncode == 2 and "selfplay: error: chunk 4" in bad.stderr


def test_progress_goes_to_stderr_when_asked_and_to_a_function(capsys):
    run(progress=True)
    err = capsys.readouterr().err
    assert "12/12 games" in err and err.endswith("\n")
    run()  # not a terminal: nothing
    assert capsys.readouterr().err == ""
    seen = []
    run(progress=lambda done, total: seen.append((done, total)))
    assert seen == [(6, 12), (12, 12)]


@pytest.mark.skipif(not bots.NATIVE, reason="the library has no bots (dh_bot_new)")
@pytest.mark.parametrize("game", GAMES)
def test_basic_beats_random_in_every_seating(game):
    players = fewest_players(game)
    seats = ",".join(["basic"] + ["random"] * (players - 1))
    # The results credit each bot with the seats it held: the heuristic bot, whichever
    # entry it is, comes out ahead of random play.
    result = distributed.run(game, 6 * players, seats, players=players, seed=3, workers=0,
                             chunk=2 * players)
    rows = {row["bot"]: row for row in result["bots"]}
    basic, random_ = rows["basic"], rows["random"]
    better = (lambda a, b: a < b) if result["lower_is_better"] else (lambda a, b: a > b)
    assert better(basic["score_per_hand"], random_["score_per_hand"])
    assert basic["wins"] > random_["wins"] / len(random_["seats"])
