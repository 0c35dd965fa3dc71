"""deckhand.Game: one game behind a C ABI handle, with Python values in and out."""

import ctypes
import json
import warnings
from ctypes import byref, c_char_p, c_int32, c_int64, c_size_t, c_void_p

from . import _args as A
from . import _native as N
from ._args import option_strings  # noqa: F401 (environment and selfplay use it from here)
from ._native import lib


class Game:
    """One game of "ghost-euchre", "sheepshead" or "toonerville".

    Every method that fails raises a DeckhandError subclass and leaves the game unchanged.
    """

    # _err and _count are the handle's own output cells, passed by reference on the hot
    # calls (apply, apply_legal, legal_count) instead of new ctypes objects each time.
    __slots__ = ("_h", "_err", "_err_ref", "_count", "_count_ref", "__weakref__")

    def __init__(self, name, players=None, options=None, first_dealer=0):
        name = A.text(name, "name")
        players = 0 if players is None else A.integer(players, "players", 0, A.INT32[1])
        first_dealer = A.seat(first_dealer, "first_dealer")
        opts = A.option_bytes(options)
        arr = (c_char_p * max(len(opts), 1))(*opts)
        handle = c_void_p()
        N.call_err(lib.dh_game_new, byref(handle), name, arr, len(opts), players, first_dealer)
        self._own(handle)

    def _own(self, handle):
        self._h = handle
        self._err = N.new_error()
        self._err_ref = byref(self._err)
        self._count = c_size_t()
        self._count_ref = byref(self._count)

    @classmethod
    def _adopt(cls, handle):
        g = cls.__new__(cls)
        g._own(handle)
        return g

    def __del__(self):
        h = getattr(self, "_h", None)
        if h is not None and h.value:
            lib.dh_game_free(h)
            self._h = None

    # ---- construction from data ----
    @classmethod
    def from_record(cls, text):
        """Replays a record (docs/records.md) into a new game; a refused line raises
        its error class with .line set."""
        handle = c_void_p()
        N.call_err(lib.dh_record_replay, byref(handle), A.text(text, "text"))
        return cls._adopt(handle)

    @classmethod
    def deserialize(cls, data):
        """Restores bytes from serialize() (any game; the bytes say which)."""
        data = A.data(data, "data")
        handle = c_void_p()
        N.call_err(lib.dh_game_deserialize, byref(handle), data, len(data))
        return cls._adopt(handle)

    def serialize(self):
        """The whole game as checksummed bytes, the same on every platform."""
        return N.read_bytes(lib.dh_game_serialize, self._h)

    def copy(self):
        handle = c_void_p()
        N.call_err(lib.dh_game_clone, byref(handle), self._h)
        return Game._adopt(handle)

    __copy__ = copy

    def __deepcopy__(self, memo):
        return self.copy()

    def __reduce__(self):
        return (Game.deserialize, (self.serialize(),))

    def reset(self):
        """Back to a new game with the same options and first dealer."""
        N.call_err(lib.dh_game_reset, self._h)

    # ---- chance ----
    def deal(self, seed=None, cards=None):
        """Deals the next hand from a seed (docs/deals.md) or from explicit
        cards written as in a record ("0: 9C TC ...; 1: ...; ...")."""
        self._chance("deal", lib.dh_game_deal_seed, seed, lib.dh_game_deal_text, "cards", cards)

    def reshuffle(self, seed=None, stock=None):
        """Toonerville (T13): a reshuffle of an explicitly dealt round, from a seed or as the
        new stock text ("stock: c c ...")."""
        self._chance("reshuffle", lib.dh_game_reshuffle_seed, seed, lib.dh_game_reshuffle_text,
                     "stock", stock)

    def _chance(self, what, seed_fn, seed, text_fn, text_name, text):
        if (seed is None) == (text is None):
            raise TypeError(f"{what}: give exactly one of seed= or {text_name}=")
        if seed is not None:
            N.call_err(seed_fn, self._h, A.uint64(seed, "seed"))
        else:
            N.call_err(text_fn, self._h, A.text(text, text_name))

    @property
    def needs_reshuffle(self):
        return self._flag(lib.dh_game_needs_reshuffle)

    def buy_winner(self, seats):
        """Deprecated: Toonerville's offer of a declined discard (T6) is in the game's state
        now (the seat offered it is to_act, with "buy" and "pass"). Of the seats asking to
        buy, the one whose buy the game accepts now, nearest after the seat to act, or
        None."""
        warnings.warn("Game.buy_winner is deprecated: the game offers the discard itself; "
                      "use to_act and legal_actions() (buy or pass)", DeprecationWarning,
                      stacklevel=2)
        if isinstance(seats, (str, bytes, bytearray)) or not hasattr(seats, "__iter__"):
            raise TypeError(f"seats: a list of seats, not {type(seats).__name__}")
        mask = 0
        for i, s in enumerate(list(seats)):
            mask |= 1 << A.integer(s, f"seats[{i}]", 0, 31)
        out = c_int32()
        N.check(lib.dh_game_buy_winner(byref(out), self._h, mask))
        return None if out.value < 0 else out.value

    # ---- actions ----
    def apply(self, seat, action):
        """Applies one action text ("bid 4", "play JS") for `seat`."""
        status = _apply_text(self._h, A.seat(seat), A.text(action, "action"),
                             self._err_ref)
        if status:
            N.raise_for(status, self._err)

    def check(self, seat, action):
        """Raises the error `action` would be refused with now; changes nothing."""
        N.call_err(lib.dh_game_is_legal_text, self._h, A.seat(seat),
                   A.text(action, "action"))

    def is_legal(self, seat, action):
        """True when `seat` may take `action` now. False for any refusal by the rules or the
        turn (illegal, wrong seat, wrong phase, game over); malformed text raises
        ParseError and a seat out of range InvalidArgument."""
        seat, action = A.seat(seat), A.text(action, "action")
        err = N.new_error()
        status = lib.dh_game_is_legal_text(self._h, seat, action, byref(err))
        if status == N.DH_OK:
            return True
        if status in (-7, -8, -9, -10):
            return False
        N.raise_for(status, err)

    def legal_actions(self):
        """Action texts the seat to act may take (Toonerville, offered a declined discard:
        "buy" and "pass"), in the library's order; [] when no seat acts."""
        return N.read_text(lib.dh_game_legal_actions_text, self._h).splitlines()

    def legal_moves(self):
        """The legal actions of the seat to act as (seat, text) pairs."""
        codes = N.read_array(lib.dh_game_legal_actions, N.DhAction, self._h)
        return [(a.seat, N.read_text(lib.dh_game_format_action, self._h, byref(a)))
                for a in codes]

    @property
    def legal_count(self):
        N.check(_legal_count(self._count_ref, self._h))
        return self._count.value

    def apply_legal(self, index):
        """Applies the index-th legal action (legal_actions() order); returns how many legal
        actions there are after it."""
        status = _apply_legal(self._count_ref, self._h, A.index(index),
                              self._err_ref)
        if status:
            N.raise_for(status, self._err)
        return self._count.value

    # ---- reinforcement learning (docs/observations.md; needs numpy) ----
    # Experimental, like the C ABI's dh_rl_* they call: the layouts may change in any release
    # (docs/python.md).
    def observe(self, seat, offer=-1):
        """The observation of `seat`: a float32 array built from its view alone. `offer`:
        Toonerville's seat offered the buy now (-1: none; see decider)."""
        seat, offer = A.seat(seat), A.offer(offer)
        import numpy as np
        size = self.rl_spec()[0]
        obs = np.empty(size, dtype=np.float32)
        N.check(lib.dh_rl_observe_offer(obs.ctypes.data_as(c_void_p), size, self._h, seat,
                                        offer))
        return obs

    def action_mask(self):
        """int8 array over the game's action indices: 1 where the seat to act may act
        (Toonerville: its choices with no buy offered)."""
        import numpy as np
        size = self.rl_spec()[1]
        mask = np.zeros(size, dtype=np.int8)
        count = c_size_t()
        N.check(lib.dh_rl_action_mask(byref(count), mask.ctypes.data_as(c_void_p), size,
                                      self._h))
        return mask

    def apply_index(self, index):
        """Applies the action of that index for the seat to act (Toonerville: choice
        `index` with no buy offered, so `draw` draws at once)."""
        status = _apply_index(self._h, A.index(index), self._err_ref)
        if status:
            N.raise_for(status, self._err)

    def legal_indices(self):
        """{action index: (seat, action text)} for the legal actions now: what each index
        of the mask means (Toonerville: others' buys and actions past the cap have none)."""
        indices = N.read_array(lib.dh_rl_legal_indices, c_int32, self._h)
        return {i: move for i, move in zip(indices, self.legal_moves()) if i >= 0}

    def rl_spec(self):
        """(observation size, action index count, features per action: 0 but for
        Toonerville); Unsupported for a game without encoders."""
        spec = N.DhRlSpec()
        spec.size = ctypes.sizeof(N.DhRlSpec)
        status = lib.dh_rl_spec_of(byref(spec), self._h)
        if status != N.DH_OK:
            N.raise_for(status)
        return spec.observation_size, spec.action_space_size, spec.action_feature_size

    def reward_sign(self):
        """Rewards are score changes times this: -1 where the lowest total wins (the
        catalog's lower_is_better), else 1. Unsupported for a game without encoders."""
        spec = N.DhRlSpec()
        spec.size = ctypes.sizeof(N.DhRlSpec)
        status = lib.dh_rl_spec_of(byref(spec), self._h)
        if status != N.DH_OK:
            N.raise_for(status)
        return spec.reward_sign

    def decider(self, offer=-1):
        """The seat that decides now: the seat to act, or the seat offered the buy
        (Toonerville, T6: docs/observations.md); None when no seat acts."""
        offer = A.offer(offer)
        seat = c_int32()
        N.check(lib.dh_rl_agent(byref(seat), self._h, offer))
        return None if seat.value < 0 else seat.value

    def choices(self, offer=-1):
        """(mask, features) of the deciding seat: int8 mask over the action indices and,
        for Toonerville, float32 features [action indices, features per action] (None
        for the other games)."""
        offer = A.offer(offer)
        import numpy as np
        _, size, feature_size = self.rl_spec()
        mask = np.zeros(size, dtype=np.int8)
        features = np.zeros((size, feature_size), dtype=np.float32) if feature_size else None
        count = c_size_t()
        N.check(lib.dh_rl_choices(
            byref(count), mask.ctypes.data_as(c_void_p), size,
            None if features is None else features.ctypes.data_as(c_void_p),
            0 if features is None else features.size, self._h, offer))
        return mask, features

    def apply_choice(self, index, offer=-1):
        """Applies choice `index` of the deciding seat; returns the next decision's offer
        (-1, or the seat the buy is offered to next)."""
        index = A.index(index)
        cell = c_int32(A.offer(offer))
        N.call_err(lib.dh_rl_apply_choice, self._h, byref(cell), index)
        return cell.value

    # ---- queries ----
    def _out(self, fn, ctype):
        """Calls fn(&out, game) and returns out's value."""
        out = ctype()
        N.check(fn(byref(out), self._h))
        return out.value

    def _flag(self, fn):
        return bool(self._out(fn, c_int32))

    @property
    def name(self):
        return self._out(lib.dh_game_name, c_char_p).decode()

    @property
    def players(self):
        return self._out(lib.dh_game_players, c_int32)

    @property
    def to_act(self):
        """The seat to act, or None (awaiting a deal, or the game is over)."""
        seat = self._out(lib.dh_game_to_act, c_int32)
        return None if seat < 0 else seat

    @property
    def awaiting_deal(self):
        return self._flag(lib.dh_game_awaiting_deal)

    @property
    def is_over(self):
        return self._flag(lib.dh_game_is_over)

    @property
    def keeps_history(self):
        return self._flag(lib.dh_game_keeps_history)

    @property
    def phase(self):
        return self._out(lib.dh_game_phase, c_char_p).decode()

    @property
    def scores(self):
        return N.read_array(lib.dh_game_scores, c_int64, self._h)

    @property
    def winners(self):
        return N.read_array(lib.dh_game_winners, c_int32, self._h)

    @property
    def last_deltas(self):
        """Score changes of the last scored hand per seat ([] before the first)."""
        return N.read_array(lib.dh_game_last_deltas, c_int64, self._h)

    def last_hand(self):
        """The itemised result of the last scored hand as a dict (None before the first)."""
        return json.loads(N.read_text(lib.dh_game_last_hand_json, self._h))

    def view(self, seat=None):
        """What `seat` sees as a dict (rules G11, S13); None is a spectator."""
        return json.loads(N.read_text(lib.dh_game_view_json, self._h, _seat(seat)))

    def view_text(self, seat=None):
        return N.read_text(lib.dh_game_view_text, self._h, _seat(seat))

    def record(self):
        """The game as a record; Unsupported for a history=off game."""
        need = c_size_t()
        status = lib.dh_game_record(byref(need), None, 0, self._h)
        if status not in (N.DH_OK, N.DH_E_BUFFER_TOO_SMALL):
            N.raise_for(status, _record_error(status))
        return N.read_text(lib.dh_game_record, self._h)

    def __repr__(self):
        return (f"<deckhand.Game {self.name} players={self.players} phase={self.phase} "
                f"to_act={self.to_act} scores={self.scores}>")


_apply_text = lib.dh_game_apply_text
_apply_legal = lib.dh_game_apply_legal
_apply_index = lib.dh_rl_apply_index
_legal_count = lib.dh_game_legal_count


_seat = A.optional_seat


def _record_error(status):
    err = N.new_error()
    err.status = status
    err.code = b"no_history" if status == -14 else b""
    err.message = (b"no_history: the game was created with history=off and keeps no record"
                   if status == -14 else N.status_name(status).encode())
    return err


def replay(text):
    """The JSON result of `deckhand replay` for a record, as a dict (read "ok")."""
    return json.loads(N.read_text(lib.dh_record_replay_json, A.text(text, "text")))


def games():
    """Every game this library has: a list of dicts with name, min_players, max_players,
    description, options (name, values, default, rule, description), phases,
    action_kinds (code, name, syntax, prompt), limit_option (the option that bounds a game's
    length), unattended_limit (its value for unattended play) and lower_is_better (True
    where the lowest total wins), as `deckhand games --json` prints them."""
    return json.loads(N.read_text(lib.dh_catalog_json))["games"]


def game_info(name):
    """The games() entry of the game of that name (matched as Game matches it: ASCII case
    and surrounding spaces ignored), or None."""
    A.text(name, "name")
    wanted = name.strip().lower()
    return next((g for g in games() if g["name"] == wanted), None)
