"""Exceptions: one class per C ABI status (deckhand.h), all under DeckhandError."""


class DeckhandError(Exception):
    """A call the library refused. The game it was made on is unchanged.

    status: the C ABI status (negative int), status_name its name ("DH_E_ILLEGAL"),
    reason: the rule-level reason ("must_follow_suit", "" when none), reason_number its
    stable number (docs/reasons.md), message: the library's readable message,
    line: for records, the 1-based line refused (else 0).
    """

    def __init__(self, status, status_name, reason, reason_number, message, line):
        super().__init__(message)
        self.status = status
        self.status_name = status_name
        self.reason = reason
        self.reason_number = reason_number
        self.message = message
        self.line = line

    def __reduce__(self):
        return (type(self), (self.status, self.status_name, self.reason, self.reason_number,
                             self.message, self.line))


class NullArgument(DeckhandError):
    """DH_E_NULL_ARGUMENT (a bug in the binding if it ever shows)."""


class InvalidArgument(DeckhandError, ValueError):
    """DH_E_INVALID_ARGUMENT: a seat, count or index out of range."""


class BufferTooSmall(DeckhandError):
    """DH_E_BUFFER_TOO_SMALL (the binding sizes its buffers, so a bug if it shows)."""


class UnknownGame(DeckhandError, ValueError):
    """DH_E_UNKNOWN_GAME: no game of that name."""


class BadOption(DeckhandError, ValueError):
    """DH_E_BAD_OPTION: unknown option, bad value, or a repeated option."""


class ParseError(DeckhandError, ValueError):
    """DH_E_PARSE: malformed action, card or deal text."""


class IllegalAction(DeckhandError):
    """DH_E_ILLEGAL: a well-formed action the rules refuse now."""


class WrongSeat(DeckhandError):
    """DH_E_WRONG_SEAT: it is not this seat's turn."""


class WrongPhase(DeckhandError):
    """DH_E_WRONG_PHASE: the action does not belong to the current phase."""


class GameOver(DeckhandError):
    """DH_E_GAME_OVER: the game has ended."""


class CorruptData(DeckhandError, ValueError):
    """DH_E_CORRUPT: serialized bytes are damaged or inconsistent."""


class RecordError(DeckhandError, ValueError):
    """DH_E_RECORD: a record line is malformed or a header misplaced (see .line)."""


class InternalError(DeckhandError):
    """DH_E_INTERNAL: a bug or resource failure inside deckhand."""


class Unsupported(DeckhandError):
    """DH_E_UNSUPPORTED: not possible for this game as created (history=off: no record)."""


STATUS_CLASSES = {
    -1: NullArgument, -2: InvalidArgument, -3: BufferTooSmall, -4: UnknownGame, -5: BadOption,
    -6: ParseError, -7: IllegalAction, -8: WrongSeat, -9: WrongPhase, -10: GameOver,
    -11: CorruptData, -12: RecordError, -13: InternalError, -14: Unsupported,
}


def error_for(status, status_name, reason, reason_number, message, line):
    cls = STATUS_CLASSES.get(status, DeckhandError)
    return cls(status, status_name, reason, reason_number, message, line)
