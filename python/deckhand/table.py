"""deckhand.Table: a game plus its seats, clocks, stand-ins and per-seat event streams
(docs/tables.md), behind a C ABI handle (dh_table_*).

A table reads no clock: every call that can change it takes the caller's time `now_ms` (an
int, any epoch, never going backwards). Every method that fails raises a DeckhandError
subclass (as Game.apply does) and leaves the table unchanged.
"""

import json
from ctypes import byref, c_char_p, c_int32, c_int64, c_uint64, c_void_p

from . import _args as A
from . import _native as N
from ._native import lib
from .game import Game

HOLDERS = ("empty", "human", "away", "bot")

# Table options given as keyword arguments: (keyword, how it is checked).
_TIME_OPTIONS = ("decision_ms", "bank_ms", "bot_ms", "offer_ms", "deal_ms", "nonce_ms")
_TEXT_OPTIONS = ("standin", "events", "fair_secret")


class Table:
    """A table of game `name` for `players` (None: the game's default) with the game's
    `options` (as Game takes them) and the table's own options (decision_ms, bank_ms,
    bot_ms, offer_ms, deal_ms: ints in milliseconds; standin: "random", "basic", "strong",
    "expert" or "quickest"; events: "all" or "deal"; fair_secret: 64 hex digits for fair deals, each
    deal's seed committed before it and revealed after it, and nonce_ms: how long the seats
    may send their nonces (Table.nonce); None: the table's default). Its deals are derived
    from `seed`, or with fair_secret from the secret and the seats' nonces."""

    __slots__ = ("_h", "__weakref__")

    def __init__(self, name, players=None, options=None, seed=0, decision_ms=None,
                 bank_ms=None, bot_ms=None, offer_ms=None, deal_ms=None, standin=None,
                 events=None, fair_secret=None, nonce_ms=None):
        self._h = None
        name = A.text(name, "name")
        players = 0 if players is None else A.integer(players, "players", 0, A.INT32[1])
        seed = A.uint64(seed, "seed")
        opts = A.option_bytes(options)
        given = dict(decision_ms=decision_ms, bank_ms=bank_ms, bot_ms=bot_ms,
                     offer_ms=offer_ms, deal_ms=deal_ms, standin=standin, events=events,
                     fair_secret=fair_secret, nonce_ms=nonce_ms)
        table_opts = []
        for key in _TIME_OPTIONS + _TEXT_OPTIONS:
            value = given[key]
            if value is None:
                continue
            if key in _TIME_OPTIONS:
                value = str(A.integer(value, key, 0, A.INT64[1]))
            else:
                A.text(value, key)
            table_opts.append(A.text(f"{key}={value}", key))
        arr = (c_char_p * max(len(opts), 1))(*opts)
        tarr = (c_char_p * max(len(table_opts), 1))(*table_opts)
        handle = c_void_p()
        N.call_err(lib.dh_table_new, byref(handle), name, players, arr, len(opts), tarr,
                   len(table_opts), seed)
        self._h = handle

    @classmethod
    def _adopt(cls, handle):
        t = cls.__new__(cls)
        t._h = handle
        return t

    def __del__(self):
        h = getattr(self, "_h", None)
        if h is not None and h.value:
            lib.dh_table_free(h)
            self._h = None

    # ---- persistence and copies ----
    def serialize(self):
        """The whole table (game, seats, clocks, events, pending answers) as checksummed
        bytes, the same on every platform."""
        return N.read_bytes(lib.dh_table_serialize, self._h)

    @classmethod
    def deserialize(cls, data):
        """Restores serialize()'s bytes (CorruptData for anything else)."""
        data = A.data(data, "data")
        handle = c_void_p()
        N.call_err(lib.dh_table_deserialize, byref(handle), data, len(data))
        return cls._adopt(handle)

    def copy(self):
        """An independent copy (dh_table_clone)."""
        handle = c_void_p()
        N.call_err(lib.dh_table_clone, byref(handle), self._h)
        return Table._adopt(handle)

    __copy__ = copy

    def __deepcopy__(self, memo):
        return self.copy()

    def __reduce__(self):
        return (Table.deserialize, (self.serialize(),))

    # ---- seats ----
    def seat_human(self, seat):
        """A human takes an empty seat, or its own seat back after leaving (InvalidArgument,
        reason seat_taken, for a seat a human or a bot holds)."""
        N.call_err(lib.dh_table_seat_human, self._h, A.seat(seat))

    def seat_bot(self, seat, level="basic"):
        """A bot of `level` ("random", "basic", "strong", "expert", or the ladder's "1" to "5")
        takes an empty or away seat."""
        N.call_err(lib.dh_table_seat_bot, self._h, A.seat(seat), A.text(level, "level"))

    def leave(self, seat, now_ms):
        """The human at `seat` leaves at `now_ms` (WrongSeat, reason not_seated, when no
        human holds it); a stand-in moves for it until it returns (seat_human)."""
        N.call_err(lib.dh_table_leave, self._h, A.seat(seat), A.time_ms(now_ms))

    # ---- play ----
    def act(self, seat, text, now_ms):
        """`seat`, held by a human, does action `text` at `now_ms`, after the moves due by
        then. Refused as Game.apply refuses it, or WrongPhase (not_started), WrongSeat
        (not_seated), InvalidArgument (time_backwards)."""
        N.call_err(lib.dh_table_act, self._h, A.seat(seat), A.text(text, "text"),
                   A.time_ms(now_ms))

    def nonce(self, seat, nonce, now_ms):
        """Fair deals (fair_secret): `seat`'s nonce, 16 to 128 hex digits (a str), for the
        deal committed now, at `now_ms` after the moves due by then. ParseError
        (malformed_action) for anything but such hex, WrongSeat (not_seated) for a seat no
        human holds, WrongPhase (not_started; wrong_phase without fair_secret, when no deal
        waits for nonces, for a second nonce), InvalidArgument (bad_seat, time_backwards)."""
        N.call_err(lib.dh_table_nonce, self._h, A.seat(seat), A.text(nonce, "nonce"),
                   A.time_ms(now_ms))

    def tick(self, now_ms):
        """Makes every move due by `now_ms` (bots, stand-ins, timeouts, deals)."""
        N.call_err(lib.dh_table_tick, self._h, A.time_ms(now_ms))

    # ---- queries ----
    def _out(self, fn, ctype):
        out = ctype()
        N.check(fn(byref(out), self._h))
        return out.value

    @property
    def players(self):
        return self._out(lib.dh_table_players, c_int32)

    def holder(self, seat):
        """Who holds `seat`: "empty", "human", "away" or "bot"."""
        out = c_int32()
        N.check(lib.dh_table_holder(byref(out), self._h, A.seat(seat)))
        return HOLDERS[out.value] if 0 <= out.value < len(HOLDERS) else str(out.value)

    @property
    def to_act(self):
        """The seat that decides now, or None (before the first deal, between hands, over)."""
        seat = self._out(lib.dh_table_to_act, c_int32)
        return None if seat < 0 else seat

    @property
    def may_act(self):
        """The seats that may act now: [to_act], or during an offer (T6) every seat that may
        still answer it, in the rules' order."""
        return N.read_array(lib.dh_table_may_act, c_int32, self._h)

    @property
    def deadline_ms(self):
        """The deadline of the seat to act, or None (no clock, nobody to act, a bot)."""
        ms = self._out(lib.dh_table_deadline_ms, c_int64)
        return None if ms < 0 else ms

    @property
    def next_due_ms(self):
        """When the next move is due with no call (a bot, a timeout, a deal), or None: what a
        server sets its timer to before it calls tick."""
        ms = self._out(lib.dh_table_next_due_ms, c_int64)
        return None if ms < 0 else ms

    @property
    def is_over(self):
        return bool(self._out(lib.dh_table_is_over, c_int32))

    @property
    def scores(self):
        return N.read_array(lib.dh_table_scores, c_int64, self._h)

    @property
    def seq(self):
        """The sequence number of the latest change (0 before any)."""
        return self._out(lib.dh_table_seq, c_uint64)

    def legal_actions(self, seat):
        """The action texts `seat` (None: a spectator) may take now; [] when none."""
        return N.read_text(lib.dh_table_legal_actions_text, self._h,
                           A.optional_seat(seat)).splitlines()

    def events(self, seat, since=0):
        """The events after `since` as `seat` (None: a spectator) may see them: a list of
        dicts, each with "seq", "time_ms" and "type" (docs/tables.md). InvalidArgument
        (events_dropped) when `since` is older than the events kept: take a snapshot."""
        return json.loads(N.read_text_err(lib.dh_table_events_json, self._h,
                                          A.optional_seat(seat), A.uint64(since, "since")))

    def snapshot(self, seat):
        """{"seq": N, "view": <Game.view(seat)>, "table": {...}}: what a client that
        reconnects takes, before the events after its seq."""
        return json.loads(N.read_text_err(lib.dh_table_snapshot_json, self._h,
                                          A.optional_seat(seat)))

    def record(self):
        """The game's record with the table's own events as comment lines a replay ignores
        (Unsupported for a history=off game)."""
        return N.read_text_err(lib.dh_table_record, self._h)

    def game(self):
        """A copy of the table's whole game (for the host, never for a client)."""
        handle = c_void_p()
        N.call_err(lib.dh_table_game, byref(handle), self._h)
        return Game._adopt(handle)

    def __repr__(self):
        return (f"<deckhand.Table players={self.players} seq={self.seq} to_act={self.to_act} "
                f"over={self.is_over} scores={self.scores}>")
