// Checks of the arguments every public method passes to the C ABI (issue 28), made before
// any C call, so a refused call changes nothing. They throw what C# callers expect:
// ArgumentNullException for null, ArgumentOutOfRangeException for a number out of range,
// ArgumentException for text the C ABI cannot take (a NUL, a lone surrogate). Each names
// the parameter.
using System;
using System.Collections.Generic;

namespace Deckhand
{
    internal static class Args
    {
        internal static int Seat(int seat, string name = "seat")
        {
            if (seat < 0)
                throw new ArgumentOutOfRangeException(name, seat, name + ": a seat is 0 or more, not " + seat);
            return seat;
        }

        /// A seat or null (a spectator): -1 for null.
        internal static int OptionalSeat(int? seat, string name = "seat")
        {
            return seat.HasValue ? Seat(seat.Value, name) : -1;
        }

        internal static int Index(int index, string name = "index")
        {
            if (index < 0)
                throw new ArgumentOutOfRangeException(name, index, name + ": an index is 0 or more, not " + index);
            return index;
        }

        internal static int Players(int players)
        {
            if (players < 0)
                throw new ArgumentOutOfRangeException("players", players,
                                                      "players: 0 (the game's default) or more, not " + players);
            return players;
        }

        internal static long NonNegative(long value, string name)
        {
            if (value < 0)
                throw new ArgumentOutOfRangeException(name, value, name + ": 0 or more, not " + value);
            return value;
        }

        /// `value` as NUL-terminated UTF-8: not null, no NUL, no lone surrogate.
        internal static byte[] Text(string value, string name)
        {
            if (value == null) throw new ArgumentNullException(name);
            int nul = value.IndexOf('\0');
            if (nul >= 0)
                throw new ArgumentException(name + ": contains a NUL character (at " + nul + ")", name);
            for (int i = 0; i < value.Length; ++i)
            {
                char c = value[i];
                if (char.IsHighSurrogate(c) && i + 1 < value.Length && char.IsLowSurrogate(value[i + 1]))
                    ++i;
                else if (char.IsSurrogate(c))
                    throw new ArgumentException(name + ": not encodable as UTF-8 (a lone surrogate at " + i + ")", name);
            }
            return Native.Utf8(value);
        }

        internal static byte[] Data(byte[] value, string name)
        {
            if (value == null) throw new ArgumentNullException(name);
            return value;
        }

        /// Options as "key=value" strings, each checked as Text.
        internal static string[] Options(IEnumerable<string> options, string name = "options")
        {
            if (options == null) return new string[0];
            var list = new List<string>(options);
            for (int i = 0; i < list.Count; ++i)
            {
                if (list[i] == null) throw new ArgumentNullException(name, name + "[" + i + "] is null");
                Text(list[i], name + "[" + i + "]");
            }
            return list.ToArray();
        }
    }
}
