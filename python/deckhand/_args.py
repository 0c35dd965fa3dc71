"""Checks of the arguments every public function passes to the C ABI (issue 28).

ctypes masks an integer to its C type (2**32 becomes seat 0) and a NUL ends a C string, so
each value is checked here, before any C call, and refused with TypeError (wrong type) or
ValueError (right type, value out of the C type's range or not representable). A refused
call reaches no C function, so it changes nothing. Errors name the argument.
"""

import operator
from collections.abc import Mapping

INT32 = (-(1 << 31), (1 << 31) - 1)
UINT32 = (0, (1 << 32) - 1)
UINT64 = (0, (1 << 64) - 1)
INT64 = (-(1 << 63), (1 << 63) - 1)
SIZE = (0, (1 << 64) - 1)
_INF = float("inf")


def integer(value, name, lo, hi):
    """`value` as a Python int in lo..hi: an int or an integer type with __index__ (numpy's
    int32, ...); not bool, not float, not text."""
    if type(value) is int and lo <= value <= hi:  # the common case, first
        return value
    if isinstance(value, bool):
        raise TypeError(f"{name}: an integer, not a bool ({value!r})")
    if isinstance(value, float):
        # NaN, inf and fractions are values no integer has (ValueError, like JS's
        # RangeError); an integral float is the wrong type: give an int.
        if value != value or value in (_INF, -_INF) or not value.is_integer():
            raise ValueError(f"{name}: an integer, not the float {value!r}")
        raise TypeError(f"{name}: an int, not the float {value!r}")
    try:
        number = operator.index(value)
    except TypeError:
        raise TypeError(f"{name}: an integer, not {type(value).__name__}") from None
    if not lo <= number <= hi:
        raise ValueError(f"{name}: {number} is outside {lo}..{hi}")
    return number


def int32(value, name):
    return integer(value, name, *INT32)


def uint32(value, name):
    return integer(value, name, *UINT32)


def uint64(value, name):
    return integer(value, name, *UINT64)


def int64(value, name):
    return integer(value, name, *INT64)


def time_ms(value, name="now_ms"):
    """A time in milliseconds (a table's clock, any epoch): int64."""
    return integer(value, name, *INT64)


def size(value, name):
    return integer(value, name, *SIZE)


def seat(value, name="seat"):
    """A seat (0.. the players - 1; the library refuses one past the table): int32, not
    negative."""
    return integer(value, name, 0, INT32[1])


def optional_seat(value, name="seat"):
    """A seat or None (a spectator): -1 for None."""
    return -1 if value is None else seat(value, name)


def offer(value, name="offer"):
    """The experimental calls' offer argument: -1 (Toonerville's offers are in the state; the
    library refuses any other value as bad_offer)."""
    return integer(value, name, -1, INT32[1])


def index(value, name="index"):
    """An index of a list (legal actions, action indices): int32, not negative."""
    return integer(value, name, 0, INT32[1])


def text(value, name):
    """`value` as UTF-8 bytes for a C string: a str with no NUL and no lone surrogate."""
    if type(value) is str and value.isascii() and "\0" not in value:  # the common case
        return value.encode()
    if not isinstance(value, str):
        raise TypeError(f"{name}: a str, not {type(value).__name__}")
    if "\0" in value:
        raise ValueError(f"{name}: contains a NUL character (at {value.index(chr(0))})")
    try:
        return value.encode("utf-8")
    except UnicodeEncodeError as e:
        raise ValueError(f"{name}: not encodable as UTF-8 ({e.reason} at {e.start})") from None


def data(value, name):
    """`value` as bytes: bytes, bytearray, memoryview or another buffer; not str."""
    if isinstance(value, str):
        raise TypeError(f"{name}: bytes, not str")
    if isinstance(value, (bytes, bytearray, memoryview)):
        return bytes(value)
    try:
        view = memoryview(value)
    except TypeError:
        raise TypeError(f"{name}: bytes, not {type(value).__name__}") from None
    return view.tobytes()


def option_value(value, name):
    """An option's value in a mapping: str, int (not bool-as-int: bools become on/off)."""
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, str):
        return value
    if isinstance(value, int) or (not isinstance(value, float) and hasattr(value, "__index__")):
        return str(operator.index(value))
    raise TypeError(f"{name}: a str, int or bool, not {type(value).__name__}")


def option_strings(options, name="options"):
    """Options as "key=value" str: from None, a mapping {key: value} (values str, int or
    bool), or a list/tuple of "key=value" strings. Each string is checked as text()."""
    if options is None:
        return []
    if isinstance(options, Mapping):
        out = []
        for key, value in options.items():
            if not isinstance(key, str):
                raise TypeError(f"{name}: keys are str, not {type(key).__name__}")
            out.append(f"{key}={option_value(value, f'{name}[{key!r}]')}")
    elif isinstance(options, (list, tuple)):
        out = []
        for i, o in enumerate(options):
            if not isinstance(o, str):
                raise TypeError(f"{name}[{i}]: a 'key=value' str, not {type(o).__name__}")
            out.append(o)
    else:
        raise TypeError(f"{name}: a dict or a list of 'key=value' strings, not "
                        f"{type(options).__name__}")
    for i, o in enumerate(out):
        text(o, f"{name}[{i}]")
    return out


def option_bytes(options, name="options"):
    return [text(o, f"{name}[{i}]") for i, o in enumerate(option_strings(options, name))]


class NotCopyable:
    """A base for objects whose state is a C handle the library cannot clone: a copy sharing
    the handle would free it twice (issue 28), so copies and pickles raise TypeError with
    the class's `_no_copy` message, which says what to do instead."""

    __slots__ = ()
    _no_copy = "cannot copy or pickle this object"

    def __copy__(self):
        raise TypeError(self._no_copy)

    def __deepcopy__(self, memo):
        raise TypeError(self._no_copy)

    def __reduce_ex__(self, protocol):
        raise TypeError(self._no_copy)
