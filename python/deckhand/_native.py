"""The C ABI (capi/include/deckhand.h) through ctypes: the library, its signatures, errors.

The library is the copy inside this package unless the variable DECKHAND_LIBRARY names
another file.
"""

import ctypes
import os
from ctypes import (POINTER, Structure, byref, c_char, c_char_p, c_int, c_int32, c_int64,
                    c_size_t, c_uint8, c_uint32, c_uint64, c_void_p)

from .errors import error_for


class DhError(Structure):
    """dh_error: the caller sets `size` (deckhand.h), the library fills the rest."""
    _fields_ = [("size", c_uint32), ("status", c_int32), ("reason", c_int32),
                ("line", c_int32), ("code", c_char * 40), ("message", c_char * 200)]


class DhAction(Structure):
    _fields_ = [("seat", c_uint8), ("kind", c_uint8), ("arg", c_uint8), ("count", c_uint8),
                ("cards", c_uint8 * 28)]


class DhRlSpec(Structure):
    _fields_ = [("size", c_uint32), ("observation_size", c_int32),
                ("action_space_size", c_int32), ("action_feature_size", c_int32),
                ("reward_sign", c_int32)]


DH_OK = 0
DH_E_BUFFER_TOO_SMALL = -3


def _library_path():
    override = os.environ.get("DECKHAND_LIBRARY")
    if override:
        return override
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "libdeckhand.so")


def _load():
    path = _library_path()
    try:
        return ctypes.CDLL(path)
    except OSError as e:
        raise ImportError(f"deckhand: cannot load the library {path!r} ({e}); "
                          "set DECKHAND_LIBRARY to a libdeckhand.so") from None


lib = _load()
game_p = c_void_p
table_p = c_void_p
size_p = POINTER(c_size_t)
err_p = POINTER(DhError)

# name: (restype, argtypes)
_SIGNATURES = {
    "dh_version": (c_char_p, []),
    "dh_version_number": (c_int32, []),
    "dh_status_name": (c_char_p, [c_int]),
    "dh_catalog_json": (c_int, [size_p, c_char_p, c_size_t]),
    "dh_game_new": (c_int, [POINTER(game_p), c_char_p, POINTER(c_char_p), c_size_t, c_int32,
                            c_int32, err_p]),
    "dh_game_free": (None, [game_p]),
    "dh_game_clone": (c_int, [POINTER(game_p), game_p, err_p]),
    "dh_game_reset": (c_int, [game_p, err_p]),
    "dh_game_name": (c_int, [POINTER(c_char_p), game_p]),
    "dh_game_players": (c_int, [POINTER(c_int32), game_p]),
    "dh_game_deal_seed": (c_int, [game_p, c_uint64, err_p]),
    "dh_game_deal_text": (c_int, [game_p, c_char_p, err_p]),
    "dh_game_reshuffle_seed": (c_int, [game_p, c_uint64, err_p]),
    "dh_game_reshuffle_text": (c_int, [game_p, c_char_p, err_p]),
    "dh_game_needs_reshuffle": (c_int, [POINTER(c_int32), game_p]),
    "dh_game_buy_winner": (c_int, [POINTER(c_int32), game_p, c_uint32]),
    "dh_game_apply_text": (c_int, [game_p, c_int32, c_char_p, err_p]),
    "dh_game_is_legal_text": (c_int, [game_p, c_int32, c_char_p, err_p]),
    "dh_game_to_act": (c_int, [POINTER(c_int32), game_p]),
    "dh_game_awaiting_deal": (c_int, [POINTER(c_int32), game_p]),
    "dh_game_is_over": (c_int, [POINTER(c_int32), game_p]),
    "dh_game_phase": (c_int, [POINTER(c_char_p), game_p]),
    "dh_game_legal_actions_text": (c_int, [size_p, c_char_p, c_size_t, game_p]),
    "dh_game_legal_actions": (c_int, [size_p, POINTER(DhAction), c_size_t, game_p]),
    "dh_game_format_action": (c_int, [size_p, c_char_p, c_size_t, game_p, POINTER(DhAction)]),
    "dh_game_legal_count": (c_int, [size_p, game_p]),
    "dh_game_apply_legal": (c_int, [size_p, game_p, c_size_t, err_p]),
    "dh_game_view_text": (c_int, [size_p, c_char_p, c_size_t, game_p, c_int32]),
    "dh_game_view_json": (c_int, [size_p, c_char_p, c_size_t, game_p, c_int32]),
    "dh_game_scores": (c_int, [size_p, POINTER(c_int64), c_size_t, game_p]),
    "dh_game_winners": (c_int, [size_p, POINTER(c_int32), c_size_t, game_p]),
    "dh_game_last_deltas": (c_int, [size_p, POINTER(c_int64), c_size_t, game_p]),
    "dh_game_last_hand_json": (c_int, [size_p, c_char_p, c_size_t, game_p]),
    "dh_game_serialize": (c_int, [size_p, POINTER(c_uint8), c_size_t, game_p]),
    "dh_game_deserialize": (c_int, [POINTER(game_p), c_char_p, c_size_t, err_p]),
    "dh_game_keeps_history": (c_int, [POINTER(c_int32), game_p]),
    "dh_game_record": (c_int, [size_p, c_char_p, c_size_t, game_p]),
    "dh_record_replay": (c_int, [POINTER(game_p), c_char_p, err_p]),
    "dh_record_replay_json": (c_int, [size_p, c_char_p, c_size_t, c_char_p]),
    "dh_rl_spec_of": (c_int, [POINTER(DhRlSpec), game_p]),
    "dh_rl_observe": (c_int, [c_void_p, c_size_t, game_p, c_int32]),
    "dh_rl_action_mask": (c_int, [size_p, c_void_p, c_size_t, game_p]),
    "dh_rl_apply_index": (c_int, [game_p, c_int32, err_p]),
    "dh_rl_legal_indices": (c_int, [size_p, POINTER(c_int32), c_size_t, game_p]),
    "dh_rl_agent": (c_int, [POINTER(c_int32), game_p, c_int32]),
    "dh_rl_observe_offer": (c_int, [c_void_p, c_size_t, game_p, c_int32, c_int32]),
    "dh_rl_choices": (c_int, [size_p, c_void_p, c_size_t, c_void_p, c_size_t, game_p, c_int32]),
    "dh_rl_apply_choice": (c_int, [game_p, POINTER(c_int32), c_int32, err_p]),
    "dh_batch_features": (c_int, [POINTER(c_void_p), c_void_p]),
    "dh_batch_legal": (c_int, [POINTER(c_void_p), POINTER(c_void_p), c_void_p]),
    "dh_batch_new": (c_int, [POINTER(c_void_p), c_char_p, POINTER(c_char_p), c_size_t, c_int32,
                             c_size_t, c_uint32, err_p]),
    "dh_batch_free": (None, [c_void_p]),
    "dh_batch_game": (c_int, [POINTER(game_p), c_void_p, c_size_t]),
    "dh_batch_reset": (c_int, [c_void_p, c_uint64, c_void_p, c_void_p, c_void_p, err_p]),
    "dh_batch_step": (c_int, [c_void_p, c_void_p, c_void_p, c_void_p, c_void_p, c_void_p,
                              c_void_p, c_void_p, err_p]),
    "dh_game_apply": (c_int, [game_p, POINTER(DhAction), err_p]),
    # Tables (deckhand/table.py, docs/tables.md)
    "dh_table_new": (c_int, [POINTER(table_p), c_char_p, c_int32, POINTER(c_char_p), c_size_t,
                             POINTER(c_char_p), c_size_t, c_uint64, err_p]),
    "dh_table_free": (None, [table_p]),
    "dh_table_clone": (c_int, [POINTER(table_p), table_p, err_p]),
    "dh_table_seat_human": (c_int, [table_p, c_int32, err_p]),
    "dh_table_seat_bot": (c_int, [table_p, c_int32, c_char_p, err_p]),
    "dh_table_leave": (c_int, [table_p, c_int32, c_int64, err_p]),
    "dh_table_act": (c_int, [table_p, c_int32, c_char_p, c_int64, err_p]),
    "dh_table_nonce": (c_int, [table_p, c_int32, c_char_p, c_int64, err_p]),
    "dh_table_tick": (c_int, [table_p, c_int64, err_p]),
    "dh_table_players": (c_int, [POINTER(c_int32), table_p]),
    "dh_table_holder": (c_int, [POINTER(c_int32), table_p, c_int32]),
    "dh_table_to_act": (c_int, [POINTER(c_int32), table_p]),
    "dh_table_may_act": (c_int, [size_p, POINTER(c_int32), c_size_t, table_p]),
    "dh_table_deadline_ms": (c_int, [POINTER(c_int64), table_p]),
    "dh_table_next_due_ms": (c_int, [POINTER(c_int64), table_p]),
    "dh_table_is_over": (c_int, [POINTER(c_int32), table_p]),
    "dh_table_scores": (c_int, [size_p, POINTER(c_int64), c_size_t, table_p]),
    "dh_table_seq": (c_int, [POINTER(c_uint64), table_p]),
    "dh_table_legal_actions_text": (c_int, [size_p, c_char_p, c_size_t, table_p, c_int32]),
    "dh_table_events_json": (c_int, [size_p, c_char_p, c_size_t, table_p, c_int32, c_uint64,
                                     err_p]),
    "dh_table_snapshot_json": (c_int, [size_p, c_char_p, c_size_t, table_p, c_int32, err_p]),
    "dh_table_record": (c_int, [size_p, c_char_p, c_size_t, table_p, err_p]),
    "dh_table_game": (c_int, [POINTER(game_p), table_p, err_p]),
    "dh_table_serialize": (c_int, [size_p, POINTER(c_uint8), c_size_t, table_p]),
    "dh_table_deserialize": (c_int, [POINTER(table_p), c_char_p, c_size_t, err_p]),
}

# Newer than the rest: declared when the library has them (the package checks hasattr).
_OPTIONAL_SIGNATURES = {
    "dh_batch_seat_bots": (c_int, [c_void_p, POINTER(c_char_p), c_size_t, c_int32,
                                   POINTER(c_char_p), c_size_t, err_p]),
}

for _name, (_res, _args) in _SIGNATURES.items():
    _fn = getattr(lib, _name)
    _fn.restype = _res
    _fn.argtypes = _args
for _name, (_res, _args) in _OPTIONAL_SIGNATURES.items():
    if hasattr(lib, _name):
        _fn = getattr(lib, _name)
        _fn.restype = _res
        _fn.argtypes = _args


def new_error():
    err = DhError()
    err.size = ctypes.sizeof(DhError)
    return err


def status_name(status):
    return lib.dh_status_name(status).decode()


def raise_for(status, err=None):
    """Raises the exception class of `status` with what the library wrote into `err`."""
    if err is not None and err.status == status:
        raise error_for(status, status_name(status), err.code.decode(errors="replace"),
                        err.reason, err.message.decode(errors="replace"), err.line)
    raise error_for(status, status_name(status), "", 0, status_name(status), 0)


def check(status, err=None):
    if status != DH_OK:
        raise_for(status, err)


def call_err(fn, *args):
    """Calls a function whose last parameter is a dh_error*, raising on failure."""
    err = new_error()
    check(fn(*args, byref(err)), err)


def read_text(fn, *args):
    """Reads text through the (out_len, buf, cap, ...) convention: size first, then fill."""
    need = c_size_t(0)
    status = fn(byref(need), None, 0, *args)
    while True:
        if status not in (DH_OK, DH_E_BUFFER_TOO_SMALL):
            check(status)
        buf = ctypes.create_string_buffer(need.value)
        status = fn(byref(need), buf, need.value, *args)
        if status == DH_OK:
            return buf.value.decode()


def read_array(fn, ctype, *args):
    count = c_size_t(0)
    status = fn(byref(count), None, 0, *args)
    if status not in (DH_OK, DH_E_BUFFER_TOO_SMALL):
        check(status)
    arr = (ctype * max(count.value, 1))()
    check(fn(byref(count), arr, count.value, *args))
    return [arr[i] for i in range(count.value)]


def read_bytes(fn, *args):
    need = c_size_t(0)
    status = fn(byref(need), None, 0, *args)
    if status not in (DH_OK, DH_E_BUFFER_TOO_SMALL):
        check(status)
    buf = (c_uint8 * need.value)()
    check(fn(byref(need), buf, need.value, *args))
    return bytes(buf)


def read_text_err(fn, *args):
    """read_text for a function whose last parameter is a dh_error*: its refusal raises
    its class with the reason the library wrote."""
    need = c_size_t(0)
    err = new_error()
    status = fn(byref(need), None, 0, *args, byref(err))
    while True:
        if status not in (DH_OK, DH_E_BUFFER_TOO_SMALL):
            check(status, err)
        buf = ctypes.create_string_buffer(need.value)
        err = new_error()
        status = fn(byref(need), buf, need.value, *args, byref(err))
        if status == DH_OK:
            return buf.value.decode()
