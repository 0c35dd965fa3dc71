"""deckhand: rules engine for Ghost Hand Euchre, Sheepshead and Toonerville Rook.

The package carries libdeckhand.so and calls its C ABI through ctypes (DECKHAND_LIBRARY may
name another copy). docs/python.md is the guide.
"""

from ._native import lib as _lib
from .errors import (BadOption, BufferTooSmall, CorruptData, DeckhandError, GameOver,
                     IllegalAction, InternalError, InvalidArgument, NullArgument, ParseError,
                     RecordError, Unsupported, UnknownGame, WrongPhase, WrongSeat)
from .bots import Bot
from .game import Game, games, replay
from .table import Table

__version__ = _lib.dh_version().decode()

__all__ = [
    "__version__", "Game", "Table", "Bot", "games", "replay", "DeckhandError", "NullArgument",
    "InvalidArgument", "BufferTooSmall", "UnknownGame", "BadOption", "ParseError",
    "IllegalAction", "WrongSeat", "WrongPhase", "GameOver", "CorruptData", "RecordError",
    "InternalError", "Unsupported", "env", "VectorEnv", "DeckhandEnv",
]


def env(name, players=None, options=None, max_steps=None, render_mode=None, opponents=None,
        learner_seat=None, opponent_options=None):
    """The reinforcement-learning environment of a game (PettingZoo's AEC API; needs numpy);
    with opponents, the library's bots play every seat but the learner's. docs/python.md."""
    from .environment import env as make_env
    return make_env(name, players=players, options=options, max_steps=max_steps,
                    render_mode=render_mode, opponents=opponents, learner_seat=learner_seat,
                    opponent_options=opponent_options)


def __getattr__(attr):
    # VectorEnv and DeckhandEnv need numpy: imported when first asked for.
    if attr in ("VectorEnv", "DeckhandEnv"):
        from . import environment
        return getattr(environment, attr)
    raise AttributeError(f"module 'deckhand' has no attribute {attr!r}")
