"""deckhand.Game: play, records, replay, round trips and discovery."""

import copy
import json
import os
import pickle
import re
import subprocess

import pytest
from hypothesis import given, settings, strategies as st

import deckhand
from conftest import GAMES, random_game

seeds = st.integers(min_value=0, max_value=2**64 - 1)


def test_installed_wheel_is_the_one_imported():
    # make python-test installs the wheel into a fresh venv: the package must come from it,
    # with the library inside it, and nothing built at install time.
    if not os.environ.get("DECKHAND_EXPECT_INSTALLED"):
        pytest.skip("not run from make python-test")
    assert "site-packages" in deckhand.__file__
    assert os.path.isfile(os.path.join(os.path.dirname(deckhand.__file__), "libdeckhand.so"))


def test_version_is_the_library_version():
    assert re.fullmatch(r"\d+\.\d+\.\d+", deckhand.__version__)
    assert deckhand.__version__ == deckhand._lib.dh_version().decode()


def test_games_lists_every_game_with_options_phases_and_kinds():
    catalog = {g["name"]: g for g in deckhand.games()}
    assert set(catalog) == set(GAMES)
    euchre = catalog["ghost-euchre"]
    assert (euchre["min_players"], euchre["max_players"]) == (3, 3)
    renege = next(o for o in euchre["options"] if o["name"] == "renege")
    assert renege["values"] == "reject|penalize" and renege["rule"] == "G8"
    assert any(o["name"] == "history" for o in euchre["options"])
    assert "bidding" in euchre["phases"]
    assert (catalog["toonerville"]["min_players"], catalog["toonerville"]["max_players"]) == (3, 5)


def test_games_publish_the_play_limit_and_which_totals_win():
    for info in deckhand.games():
        assert info["limit_option"] in [o["name"] for o in info["options"]]
        assert type(info["unattended_limit"]) is int and info["unattended_limit"] >= 1
        assert type(info["lower_is_better"]) is bool
        g = deckhand.Game(info["name"], players=info["min_players"],
                          options={info["limit_option"]: info["unattended_limit"]})
        assert g.reward_sign() == (-1 if info["lower_is_better"] else 1)
        assert deckhand.game.game_info(f" {info['name'].upper()} ") == info
    catalog = {g["name"]: g for g in deckhand.games()}
    facts = {n: (g["limit_option"], g["unattended_limit"], g["lower_is_better"])
             for n, g in catalog.items()}
    # The rules' own facts: G10, S15, T13; Toonerville scores penalty points (T12).
    assert facts["ghost-euchre"] == ("max_hands", 100, False)
    assert facts["sheepshead"] == ("hands", 5, False)
    assert facts["toonerville"] == ("max_turns", 300, True)
    assert deckhand.game.game_info("no-such-game") is None


def test_a_hand_of_ghost_euchre_by_text():
    g = deckhand.Game("ghost-euchre")
    assert (g.name, g.players, g.phase, g.to_act, g.awaiting_deal) == (
        "ghost-euchre", 3, "deal", None, True)
    g.deal(cards="0: 9C TC JC QC KC AC; 1: 9D TD JD QD KD AD; 2: 9H TH JH QH KH AH; "
                 "ghost: 9S TS JS QS KS AS")
    assert g.phase == "bidding" and g.to_act == 1
    assert g.legal_actions() == ["swap", "pass", "bid 3", "bid 4", "bid 5", "bid moon"]
    assert g.is_legal(1, "bid 3") and not g.is_legal(0, "bid 3")
    g.apply(1, "bid 3")
    assert g.view(1)["hand"] == ["9D", "TD", "JD", "QD", "KD", "AD"]
    assert "AD" in g.view_text(1)
    assert g.scores == [0, 0, 0] and g.winners == [] and g.last_deltas == []
    assert g.last_hand() is None


def test_options_as_dict_or_strings_are_the_same_game():
    a = deckhand.Game("ghost-euchre", options={"renege": "penalize", "target": 10})
    b = deckhand.Game("ghost-euchre", options=["renege=penalize", "target=10"])
    assert a.serialize() == b.serialize()
    off = deckhand.Game("sheepshead", options={"history": False})
    assert not off.keeps_history


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=8, deadline=None)
@given(seed=seeds)
def test_random_games_replay_to_the_same_game(name, seed):
    g = random_game(name, seed)
    record = g.record()
    result = deckhand.replay(record)
    assert result["ok"] is True and result["game"] == name
    again = deckhand.Game.from_record(record)
    assert again.serialize() == g.serialize()
    assert again.record() == record
    assert again.scores == g.scores


@pytest.mark.parametrize("name", GAMES)
def test_replay_json_is_what_the_cli_prints(name, cli, tmp_path):
    for seed in range(4):
        record = random_game(name, seed).record()
        path = tmp_path / f"{name}-{seed}.rec"
        path.write_text(record)
        out = subprocess.run([cli, "replay", str(path)], capture_output=True, text=True)
        assert out.returncode == 0, out.stderr
        assert json.loads(out.stdout) == deckhand.replay(record)
    # A refused record: the same refusal JSON, and exit 1 from the tool.
    bad = record.rstrip("\n") + "\n0 play ZZ\n"
    path.write_text(bad)
    out = subprocess.run([cli, "replay", str(path)], capture_output=True, text=True)
    assert out.returncode == 1
    assert json.loads(out.stdout) == deckhand.replay(bad)
    assert deckhand.replay(bad)["ok"] is False


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=5, deadline=None)
@given(seed=seeds)
def test_serialize_copy_and_pickle_round_trip(name, seed):
    g = random_game(name, seed, max_actions=60)
    data = g.serialize()
    for twin in (deckhand.Game.deserialize(data), copy.copy(g), copy.deepcopy(g),
                 pickle.loads(pickle.dumps(g))):
        assert twin.serialize() == data
        assert twin.legal_moves() == g.legal_moves()
        assert twin.view(0) == g.view(0)
    # The copy is independent: moving it leaves the original alone.
    twin = copy.copy(g)
    if twin.legal_count:
        twin.apply_legal(0)
        assert g.serialize() == data


def test_history_off_games_serialize_but_keep_no_record():
    g = deckhand.Game("ghost-euchre", options={"history": "off"})
    g.deal(seed=3)
    g.apply_legal(0)
    with pytest.raises(deckhand.Unsupported) as e:
        g.record()
    assert e.value.reason == "no_history"
    assert deckhand.Game.deserialize(g.serialize()).serialize() == g.serialize()


def test_games_end_with_their_limits():
    for name in GAMES:
        g = random_game(name, 11, max_actions=100000)
        assert g.is_over and g.phase == "over" and g.winners and g.to_act is None
        assert g.legal_actions() == [] and g.legal_count == 0


def test_apply_legal_follows_the_legal_order():
    g = deckhand.Game("sheepshead")
    g.deal(seed=5)
    twin = g.copy()
    seat, text = g.legal_moves()[1]
    g.apply(seat, text)
    twin.apply_legal(1)
    assert twin.serialize() == g.serialize()


def test_toonerville_offers_the_declined_discard_nearest_seat_first():
    # T6: the seat to act's draw offers the discard to each other seat in turn, nearest
    # first; the seat offered it is to_act with exactly buy and pass.
    g = deckhand.Game("toonerville", players=4)
    g.deal(seed=9)
    turn = g.to_act
    assert g.legal_actions() == ["take", "draw"]
    g.apply(turn, "draw")
    asked = []
    while g.to_act != turn:
        asked.append(g.to_act)
        assert g.legal_moves() == [(g.to_act, "buy"), (g.to_act, "pass")]
        g.apply(g.to_act, "pass")
    assert asked == [(turn + k) % 4 for k in (1, 2, 3)]
    assert g.phase == "play"
    # The first buy ends the offer, and the seat to act has drawn.
    g = deckhand.Game("toonerville", players=4)
    g.deal(seed=9)
    g.apply(turn, "draw")
    buyer = g.to_act
    g.apply(buyer, "buy")
    assert g.to_act == turn and g.phase == "play"
    assert "buy" in g.record() and "pass" not in g.record()


def test_buy_winner_is_deprecated_and_still_works():
    g = deckhand.Game("ghost-euchre")
    g.deal(seed=1)
    with pytest.warns(DeprecationWarning):
        assert g.buy_winner([0, 1, 2]) is None
    g = deckhand.Game("toonerville", players=3)
    g.deal(seed=5)
    with pytest.warns(DeprecationWarning):
        assert g.buy_winner([0, 2]) == (g.to_act + 1) % 3
