"""deckhand.Bot: the library's bots (dh_bot_*, stable in deckhand.h), and next_move(),
which asks the bot of the seat to act for the next action (Toonerville's buys, T6,
included).

A bot decides from its seat's view alone. When the library has no dh_bot_* functions (one
built before they existed), the level "random" is played here in Python, over
legal_moves(), and the other levels are refused.
"""

import json
import random
from ctypes import POINTER, byref, c_char_p, c_int, c_int32, c_size_t, c_uint64, c_void_p

from . import _args as A
from . import _native as N
from .errors import BadOption, GameOver, InvalidArgument, UnknownGame, WrongPhase
from ._native import lib

DH_E_WRONG_SEAT = -8

NATIVE = hasattr(lib, "dh_bot_new")
if NATIVE:
    lib.dh_bot_new.restype = c_int
    lib.dh_bot_new.argtypes = [POINTER(c_void_p), c_char_p, c_char_p, c_uint64,
                               POINTER(c_char_p), c_size_t, POINTER(N.DhError)]
    lib.dh_bot_free.restype = None
    lib.dh_bot_free.argtypes = [c_void_p]
    lib.dh_bot_choose.restype = c_int
    lib.dh_bot_choose.argtypes = [POINTER(N.DhAction), c_void_p, c_void_p, c_int32,
                                  POINTER(N.DhError)]
HINTS = NATIVE and hasattr(lib, "dh_bot_hint_json")
if HINTS:
    lib.dh_bot_hint_json.restype = c_int
    lib.dh_bot_hint_json.argtypes = [POINTER(c_size_t), c_char_p, c_size_t, c_void_p, c_void_p,
                                     c_int32, POINTER(N.DhError)]


class Bot(A.NotCopyable):
    """A bot of `level` ("random", "basic", "strong", "expert", or the ladder's "1" to "5",
    as text: docs/bots.md; a number is a TypeError, as for every text argument) for `game_name`, its choices drawn from a generator seeded
    with `seed`: the same seed and the same games give the same choices. `options` are the
    levels' budgets (samples=N, time_ms=N; levels that do not search ignore them) and, for the
    heuristic levels (1, 2, 3, basic), lapse=N and persona=NAME; for the searching levels (4, 5,
    strong, expert), habit=N, the percent of decisions taken on habit (basic's choice, unsearched;
    level 4's is 50). One bot may play several seats.
    """

    __slots__ = ("game_name", "level", "seed", "options", "_h", "_rng", "__weakref__")

    def __init__(self, game_name, level="basic", seed=0, **options):
        self._h = None
        self._rng = None
        A.text(game_name, "game_name")
        A.text(level, "level")
        self.game_name = game_name
        self.level = level
        self.seed = A.uint64(seed, "seed")
        self.options = dict(options)
        opts = A.option_bytes(self.options, "options")
        if NATIVE:
            arr = (c_char_p * max(len(opts), 1))(*opts)
            handle = c_void_p()
            N.call_err(lib.dh_bot_new, byref(handle), self.game_name.encode(),
                       self.level.encode(), self.seed, arr, len(opts))
            self._h = handle
            return
        names = {g["name"] for g in _catalog()}
        if self.game_name.lower() not in names:
            raise UnknownGame(-4, "DH_E_UNKNOWN_GAME", "unknown_game", 0,
                              f"unknown_game: no game named {self.game_name!r} "
                              f"(games: {', '.join(sorted(names))})", 0)
        if self.level != "random":
            raise BadOption(-5, "DH_E_BAD_OPTION", "unknown_level", 0,
                            f"unknown_level: this library has no bots (no dh_bot_new); "
                            f"only 'random' is played, in Python, not {self.level!r}", 0)
        self.game_name = self.game_name.lower()
        self._rng = random.Random(self.seed)

    def __del__(self):
        h = getattr(self, "_h", None)
        if h is not None and h.value:
            lib.dh_bot_free(h)
            self._h = None

    def __repr__(self):
        return f"<deckhand.Bot {self.game_name} {self.level} seed={self.seed}>"

    def choose(self, game, seat=None):
        """What `seat` (default: the seat to act) does now in `game`, as action text to
        apply with game.apply(seat, text): one of the seat to act's legal actions
        (Toonerville, offered a declined discard, T6: "buy" or "pass"); None for another
        seat. A game waiting for a deal or a reshuffle raises WrongPhase, a game that is
        over GameOver, a game of another kind UnknownGame."""
        seat = _deciding_seat(game, seat)
        if self._h is not None:
            return self._choose_native(game, seat)
        return self._choose_random(game, seat)

    def hint(self, game, seat=None):
        """What `seat` (default: the seat to act) should do now in `game`, and why: a dict
        with "action" (action text), "alternatives" (every legal action: a dict of "action",
        "value" and "ci95", [low, high], the value's 95% interval; higher is better) and
        "reason" (words built from what the search saw). The expert's search whatever this
        bot's level, within its budget (docs/bots.md, "Hints"); it draws from the bot's
        generator. Refusals as choose, and another seat than the seat to act raises
        WrongSeat."""
        seat = _deciding_seat(game, seat)
        if not HINTS:
            raise BadOption(-5, "DH_E_BAD_OPTION", "no_hints", 0,
                            "no_hints: this library has no dh_bot_hint_json", 0)
        return json.loads(N.read_text_err(lib.dh_bot_hint_json, self._h, game._h, seat))

    def _choose_native(self, game, seat):
        out = N.DhAction()
        err = N.new_error()
        status = lib.dh_bot_choose(byref(out), self._h, game._h, seat, byref(err))
        if status == DH_E_WRONG_SEAT and seat != game.to_act:
            return None
        N.check(status, err)
        return N.read_text(lib.dh_game_format_action, game._h, byref(out))

    def _choose_random(self, game, seat):
        if game.name != self.game_name:
            raise UnknownGame(-4, "DH_E_UNKNOWN_GAME", "wrong_game", 0,
                              f"wrong_game: a {self.game_name} bot asked about a "
                              f"{game.name} game", 0)
        if not 0 <= seat < game.players:
            raise InvalidArgument(-2, "DH_E_INVALID_ARGUMENT", "bad_seat", 0,
                                  f"bad_seat: seat {seat} of a {game.players}-player game", 0)
        to_act = game.to_act
        if to_act is None:
            _no_decision(game)
        if seat != to_act:
            return None
        return self._rng.choice(game.legal_actions())


_NO_COPY = ("cannot copy or pickle a deckhand.Bot: its state is a C handle the library "
            "cannot clone; make another Bot(game_name, level, seed, **options) instead")
Bot._no_copy = _NO_COPY


def _deciding_seat(game, seat):
    """The checked seat for choose and hint: `seat`, or the game's seat to act when None."""
    from .game import Game
    if not isinstance(game, Game):
        raise TypeError(f"game: a deckhand.Game, not {type(game).__name__}")
    if seat is None:
        seat = game.to_act
        if seat is None:
            _no_decision(game)
    return A.seat(seat)


def _no_decision(game):
    if game.is_over:
        raise GameOver(-10, "DH_E_GAME_OVER", "game_over", 0, "game_over: the game has ended", 0)
    if game.needs_reshuffle:
        raise WrongPhase(-9, "DH_E_WRONG_PHASE", "reshuffle_needed", 0,
                         "reshuffle_needed: nobody acts until the reshuffle is given (T13)", 0)
    raise WrongPhase(-9, "DH_E_WRONG_PHASE", "awaiting_deal", 0,
                     "awaiting_deal: nobody acts until the next deal", 0)


def next_move(game, bots):
    """The next (seat, action text) of `game`: the seat to act's, `bots[s]` deciding for
    seat s (Toonerville's buys, T6, are the game's own decisions: the seat offered a
    declined discard is the seat to act)."""
    seat = game.to_act
    if seat is None:
        _no_decision(game)
    return seat, bots[seat].choose(game, seat)


_catalog_cache = []


def _catalog():
    if not _catalog_cache:
        from .game import games
        _catalog_cache.extend(games())
    return _catalog_cache


__all__ = ["Bot", "next_move", "NATIVE"]
