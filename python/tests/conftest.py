import os
import random

import pytest

import deckhand

GAMES = ("ghost-euchre", "sheepshead", "toonerville")
# Options that bound a game for tests (docs/python.md "Episodes end").
SHORT = {"ghost-euchre": {"target": 5}, "sheepshead": {"hands": 2}, "toonerville": {}}
PLAYERS = {"ghost-euchre": None, "sheepshead": None, "toonerville": 3}


def random_game(name, seed, max_actions=400, players=None, options=None):
    """A game played by uniformly random legal actions (seeded deals) for up to max_actions
    actions, or to its end."""
    rng = random.Random(seed)
    g = deckhand.Game(name, players=players or PLAYERS[name],
                      options=SHORT[name] if options is None else options,
                      first_dealer=rng.randrange(3))
    actions = 0
    while not g.is_over and actions < max_actions:
        if g.awaiting_deal:
            g.deal(seed=rng.getrandbits(64))
            continue
        seat, action = rng.choice(g.legal_moves())
        g.apply(seat, action)
        actions += 1
    return g


def cli_path():
    """The deckhand tool of the same build as the library (make python builds it in
    build/python); None when it is not there."""
    path = os.environ.get("DECKHAND_CLI")
    if not path:
        root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
        path = os.path.join(root, "build", "python", "deckhand")
    return path if os.path.isfile(path) and os.access(path, os.X_OK) else None


@pytest.fixture
def cli():
    path = cli_path()
    if path is None:
        pytest.skip("no deckhand tool (make python builds it in build/python)")
    return path
