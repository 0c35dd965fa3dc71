"""The shared table of hostile calls (tests/hostile/cases.json, docs/hostile-input.md) run
against the Python package: each case's setup is built, the call made, the outcome checked,
and for a refused call the setup game's serialize() bytes and record() text must be
byte-identical before and after."""

import json
import os

import pytest

import deckhand
from deckhand import Bot, DeckhandError, Game

HERE = os.path.dirname(os.path.abspath(__file__))
TABLE = os.path.join(os.path.dirname(os.path.dirname(HERE)), "tests", "hostile", "cases.json")

with open(TABLE, encoding="utf-8") as f:
    SPEC = json.load(f)

OMIT = object()  # an argument left out ({"undefined": true} with "omit_ok")


def runs_here(case):
    only = case.get("only")
    return only is None or "python" in only


CASES = [c for c in SPEC["cases"] if runs_here(c)]


def build_setup(name):
    s = SPEC["setups"][name]
    g = Game(s["game"], players=s.get("players"), options=s.get("options"))
    if "deal" in s:
        g.deal(seed=s["deal"])
    return g


def decode(value, case, game):
    """A table value as the Python value it encodes (the table's "encoding" section)."""
    if isinstance(value, list):
        return [decode(v, case, game) for v in value]
    if not isinstance(value, dict):
        return value
    if "int" in value:
        return int(value["int"])
    if "float" in value:
        return float(value["float"])
    if "undefined" in value:
        if not case.get("omit_ok"):
            pytest.skip("JS undefined: Python has no such value and the case is not omit_ok")
        return OMIT
    if "repeat" in value:
        return value["repeat"] * value["times"]
    if "repeat_list" in value:
        return [decode(value["repeat_list"], case, game)] * value["times"]
    if "numbered_list" in value:
        return [value["numbered_list"].replace("{}", str(i)) for i in range(value["times"])]
    if "bytes_hex" in value:
        return bytes.fromhex(value["bytes_hex"])
    if "image" in value:
        image = bytearray(game.serialize())
        if "flip" in value:
            offset, xor = value["flip"]
            image[offset] ^= xor
        if "truncate" in value:
            image = image[:value["truncate"]]
        return bytes(image)
    if "object" in value:
        assert value["object"] == "game", value
        return game
    return {k: decode(v, case, game) for k, v in value.items()}


def make_call(game, call, args):
    args = [a for a in args if a is not OMIT]
    if call == "new_game":
        name, players, options = args
        return Game(name, players=players, options=options)
    if call == "deal":
        return game.deal(seed=args[0])
    if call == "deal_cards":
        return game.deal(cards=args[0])
    if call == "deserialize":
        return Game.deserialize(*args)
    if call == "from_record":
        return Game.from_record(*args)
    if call == "bot_new":
        name, level, seed = args
        return Bot(name, level=level, seed=seed)
    if call == "bot_choose":
        return Bot(game.name).choose(game, *args)
    return getattr(game, call)(*args)


def snapshot(game):
    return game.serialize(), game.record() if game.keeps_history else None


def check_outcome(expect, outcome):
    """Raises AssertionError unless `outcome` (the value returned or the exception raised)
    is what `expect` documents."""
    if expect == "ok":
        assert not isinstance(outcome, BaseException), f"expected success, got {outcome!r}"
        return
    assert isinstance(outcome, BaseException), f"expected a refusal ({expect}), got {outcome!r}"
    if expect == "type":
        assert type(outcome) is TypeError, f"expected TypeError, got {outcome!r}"
    elif expect == "value":
        # The binding's own refusal: a plain ValueError (not OverflowError, not a DeckhandError
        # from the library, which would mean the value reached the C call).
        assert type(outcome) is ValueError, f"expected ValueError, got {outcome!r}"
    elif expect == "error":
        assert isinstance(outcome, DeckhandError), f"expected a DeckhandError, got {outcome!r}"
    elif expect.startswith("error:"):
        status = expect.split(":", 1)[1]
        assert isinstance(outcome, DeckhandError), f"expected {status}, got {outcome!r}"
        assert outcome.status_name == status, f"expected {status}, got {outcome!r}"
    else:
        raise AssertionError(f"unknown expectation {expect!r}")


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_hostile_case(case):
    game = build_setup(case["setup"])
    args = decode(case["args"], case, game)
    before = snapshot(game)
    try:
        outcome = make_call(game, case["call"], args)
    except Exception as e:  # noqa: BLE001 — the outcome is checked below
        outcome = e
    check_outcome(case["expect"], outcome)
    if case["expect"] != "ok":
        assert snapshot(game) == before, "a refused call changed the game"


def test_table_is_well_formed():
    ids = [c["id"] for c in SPEC["cases"]]
    assert len(ids) == len(set(ids)), "case ids must be unique"
    expects = {"ok", "type", "value", "error"}
    for c in SPEC["cases"]:
        assert c["setup"] in SPEC["setups"], c["id"]
        assert (c["call"] in SPEC["calls"] or c["call"] == "deal_cards"
                or hasattr(Game, c["call"])), c["id"]
        assert c["expect"] in expects or c["expect"].startswith("error:DH_E_"), c["id"]
    # Control cases keep a runner that refuses everything from passing.
    assert sum(c["expect"] == "ok" for c in CASES) >= 3


def test_counts_reported():
    refused = [c for c in CASES if c["expect"] != "ok"]
    assert len(refused) + sum(c["expect"] == "ok" for c in CASES) == len(CASES)
    assert deckhand.__version__
