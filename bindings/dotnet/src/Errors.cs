// Exceptions: one class per C ABI status (deckhand.h), all under DeckhandException. A call
// that throws one changed nothing: the game or table is exactly as before.
using System;

namespace Deckhand
{
    /// The C ABI's status codes (their values never change).
    public enum Status
    {
        Ok = 0,
        NullArgument = -1,
        InvalidArgument = -2,
        BufferTooSmall = -3,
        UnknownGame = -4,
        BadOption = -5,
        Parse = -6,
        Illegal = -7,
        WrongSeat = -8,
        WrongPhase = -9,
        GameOver = -10,
        Corrupt = -11,
        Record = -12,
        Internal = -13,
        Unsupported = -14,
    }

    /// A call the library refused. Status is the C ABI status, StatusName its name
    /// ("DH_E_ILLEGAL"), Reason the rule-level reason ("must_follow_suit", "" when none),
    /// ReasonNumber its stable number (docs/reasons.md), Message the library's readable
    /// message, Line for records the 1-based line refused (else 0).
    public class DeckhandException : Exception
    {
        public Status Status { get; private set; }
        public string StatusName { get; private set; }
        public string Reason { get; private set; }
        public int ReasonNumber { get; private set; }
        public int Line { get; private set; }

        public DeckhandException(Status status, string statusName, string reason, int reasonNumber,
                                 string message, int line)
            : base(message)
        {
            Status = status;
            StatusName = statusName;
            Reason = reason;
            ReasonNumber = reasonNumber;
            Line = line;
        }

        internal static DeckhandException For(int status, string name, string reason, int number,
                                              string message, int line)
        {
            var s = (Status)status;
            switch (s)
            {
                case Status.NullArgument: return new NullArgumentException(s, name, reason, number, message, line);
                case Status.InvalidArgument: return new InvalidArgumentException(s, name, reason, number, message, line);
                case Status.BufferTooSmall: return new BufferTooSmallException(s, name, reason, number, message, line);
                case Status.UnknownGame: return new UnknownGameException(s, name, reason, number, message, line);
                case Status.BadOption: return new BadOptionException(s, name, reason, number, message, line);
                case Status.Parse: return new ParseException(s, name, reason, number, message, line);
                case Status.Illegal: return new IllegalActionException(s, name, reason, number, message, line);
                case Status.WrongSeat: return new WrongSeatException(s, name, reason, number, message, line);
                case Status.WrongPhase: return new WrongPhaseException(s, name, reason, number, message, line);
                case Status.GameOver: return new GameOverException(s, name, reason, number, message, line);
                case Status.Corrupt: return new CorruptDataException(s, name, reason, number, message, line);
                case Status.Record: return new RecordException(s, name, reason, number, message, line);
                case Status.Internal: return new InternalErrorException(s, name, reason, number, message, line);
                case Status.Unsupported: return new UnsupportedException(s, name, reason, number, message, line);
                default: return new DeckhandException(s, name, reason, number, message, line);
            }
        }
    }

    /// DH_E_NULL_ARGUMENT (a bug in the binding if it ever shows).
    public class NullArgumentException : DeckhandException
    {
        internal NullArgumentException(Status s, string n, string r, int rn, string m, int l) : base(s, n, r, rn, m, l) { }
    }

    /// DH_E_INVALID_ARGUMENT: a seat, count or index out of range for this game.
    public class InvalidArgumentException : DeckhandException
    {
        internal InvalidArgumentException(Status s, string n, string r, int rn, string m, int l) : base(s, n, r, rn, m, l) { }
    }

    /// DH_E_BUFFER_TOO_SMALL (the binding sizes its buffers, so a bug if it shows).
    public class BufferTooSmallException : DeckhandException
    {
        internal BufferTooSmallException(Status s, string n, string r, int rn, string m, int l) : base(s, n, r, rn, m, l) { }
    }

    /// DH_E_UNKNOWN_GAME: no game of that name.
    public class UnknownGameException : DeckhandException
    {
        internal UnknownGameException(Status s, string n, string r, int rn, string m, int l) : base(s, n, r, rn, m, l) { }
    }

    /// DH_E_BAD_OPTION: unknown option, bad value, or a repeated option.
    public class BadOptionException : DeckhandException
    {
        internal BadOptionException(Status s, string n, string r, int rn, string m, int l) : base(s, n, r, rn, m, l) { }
    }

    /// DH_E_PARSE: malformed action, card or deal text.
    public class ParseException : DeckhandException
    {
        internal ParseException(Status s, string n, string r, int rn, string m, int l) : base(s, n, r, rn, m, l) { }
    }

    /// DH_E_ILLEGAL: a well-formed action the rules refuse now.
    public class IllegalActionException : DeckhandException
    {
        internal IllegalActionException(Status s, string n, string r, int rn, string m, int l) : base(s, n, r, rn, m, l) { }
    }

    /// DH_E_WRONG_SEAT: it is not this seat's turn.
    public class WrongSeatException : DeckhandException
    {
        internal WrongSeatException(Status s, string n, string r, int rn, string m, int l) : base(s, n, r, rn, m, l) { }
    }

    /// DH_E_WRONG_PHASE: the action does not belong to the current phase.
    public class WrongPhaseException : DeckhandException
    {
        internal WrongPhaseException(Status s, string n, string r, int rn, string m, int l) : base(s, n, r, rn, m, l) { }
    }

    /// DH_E_GAME_OVER: the game has ended.
    public class GameOverException : DeckhandException
    {
        internal GameOverException(Status s, string n, string r, int rn, string m, int l) : base(s, n, r, rn, m, l) { }
    }

    /// DH_E_CORRUPT: serialized bytes are damaged or inconsistent.
    public class CorruptDataException : DeckhandException
    {
        internal CorruptDataException(Status s, string n, string r, int rn, string m, int l) : base(s, n, r, rn, m, l) { }
    }

    /// DH_E_RECORD: a record line is malformed or a header misplaced (see Line).
    public class RecordException : DeckhandException
    {
        internal RecordException(Status s, string n, string r, int rn, string m, int l) : base(s, n, r, rn, m, l) { }
    }

    /// DH_E_INTERNAL: a bug or resource failure inside deckhand.
    public class InternalErrorException : DeckhandException
    {
        internal InternalErrorException(Status s, string n, string r, int rn, string m, int l) : base(s, n, r, rn, m, l) { }
    }

    /// DH_E_UNSUPPORTED: not possible for this game as created (history=off: no record).
    public class UnsupportedException : DeckhandException
    {
        internal UnsupportedException(Status s, string n, string r, int rn, string m, int l) : base(s, n, r, rn, m, l) { }
    }
}
