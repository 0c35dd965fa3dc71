import os
import random

import pytest

import deckhand

# The games and their facts come from the library's catalog: a new game is tested with no
# edit here.
CATALOG = {g["name"]: g for g in deckhand.games()}
GAMES = tuple(CATALOG)


def short(name, limit=2):
    """Options that bound a game for tests: its play limit (the catalog's limit_option)."""
    return {CATALOG[name]["limit_option"]: limit}


def fewest_players(name):
    return CATALOG[name]["min_players"]


def table_size(name):
    """4 players where the game allows it, else the nearest count (as `deckhand simulate`)."""
    return min(max(4, CATALOG[name]["min_players"]), CATALOG[name]["max_players"])


def random_game(name, seed, max_actions=400, players=None, options=None):
    """A game played by uniformly random legal actions (seeded deals) for up to max_actions
    actions, or to its end."""
    rng = random.Random(seed)
    g = deckhand.Game(name, players=players or fewest_players(name),
                      options=short(name) if options is None else options,
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
