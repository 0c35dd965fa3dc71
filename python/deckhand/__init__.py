"""deckhand: rules engine for Ghost Hand Euchre, Sheepshead and Toonerville Rook.

The package carries libdeckhand.so and calls its C ABI through ctypes (DECKHAND_LIBRARY may
name another copy). docs/python.md is the guide.
"""

from ._native import lib as _lib
from .errors import (BadOption, BufferTooSmall, CorruptData, DeckhandError, GameOver,
                     IllegalAction, InternalError, InvalidArgument, NullArgument, ParseError,
                     RecordError, Unsupported, UnknownGame, WrongPhase, WrongSeat)
from .game import Game, games, replay

__version__ = _lib.dh_version().decode()

__all__ = [
    "__version__", "Game", "games", "replay", "DeckhandError", "NullArgument",
    "InvalidArgument", "BufferTooSmall", "UnknownGame", "BadOption", "ParseError",
    "IllegalAction", "WrongSeat", "WrongPhase", "GameOver", "CorruptData", "RecordError",
    "InternalError", "Unsupported",
]
