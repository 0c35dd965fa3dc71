"""The Python programs in examples/python run as users run them, for every game of the
catalog at every player count it allows, and do what they say."""
import pathlib
import subprocess
import sys

import pytest

import deckhand

EXAMPLES = pathlib.Path(__file__).resolve().parents[2] / "examples" / "python"
CASES = [(g["name"], players) for g in deckhand.games()
         for players in range(g["min_players"], g["max_players"] + 1)]


def test_examples_exist():
    assert sorted(p.name for p in EXAMPLES.glob("*.py")) == ["bots_play_a_hand.py"]


@pytest.mark.parametrize("name,players", CASES)
def test_bots_play_a_hand(name, players):
    out = subprocess.run([sys.executable, str(EXAMPLES / "bots_play_a_hand.py"), name,
                          str(players)], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert any(line.startswith("seat ") for line in lines)
    assert lines[-2].startswith("this hand: [") and lines[-1].startswith(
        "the record replays: True scores [")
