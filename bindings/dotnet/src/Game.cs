// Deckhand.Game: one game behind a C ABI handle (dh_game_*).
using System;
using System.Collections.Generic;

namespace Deckhand
{
    /// A legal move: the seat that makes it and its action text.
    public struct Move
    {
        public int Seat { get; private set; }
        public string Action { get; private set; }
        public Move(int seat, string action) : this()
        {
            Seat = seat;
            Action = action;
        }
        public override string ToString() { return Seat + ": " + Action; }
    }

    /// One game of any game the catalog lists. Every method that fails throws a
    /// DeckhandException subclass (or an ArgumentException for an argument checked before the
    /// call) and leaves the game unchanged. Dispose it when done (a finalizer frees it
    /// otherwise); one Game must not be used from two threads at once.
    public sealed class Game : IDisposable
    {
        readonly GameHandle h;

        /// A new game of `name` (as Catalog lists it) for `players` (0: the game's default)
        /// with `options` as "key=value" strings (Catalog's options), first dealer a seat.
        public Game(string name, int players = 0, IEnumerable<string> options = null, int firstDealer = 0)
        {
            byte[] cname = Args.Text(name, "name");
            Args.Players(players);
            Args.Seat(firstDealer, "firstDealer");
            string[] opts = Args.Options(options);
            IntPtr[] ptrs = Native.CStrings(opts);
            try
            {
                byte[] err = Native.NewError();
                Native.Check(Native.dh_game_new(out h, cname, ptrs, (UIntPtr)opts.Length, players, firstDealer, err), err);
            }
            finally
            {
                Native.FreeAll(ptrs);
            }
        }

        /// The same as the constructor.
        public static Game Create(string name, int players = 0, IEnumerable<string> options = null, int firstDealer = 0)
        {
            return new Game(name, players, options, firstDealer);
        }

        internal Game(GameHandle handle) { h = handle; }

        internal GameHandle Handle
        {
            get
            {
                if (h.IsClosed) throw new ObjectDisposedException("Deckhand.Game");
                return h;
            }
        }

        public void Dispose() { h.Dispose(); }

        // ---- construction from data ----

        /// Replays a record (docs/records.md) into a new game; a refused line throws its
        /// exception with Line set.
        public static Game FromRecord(string record)
        {
            byte[] text = Args.Text(record, "record");
            byte[] err = Native.NewError();
            GameHandle g;
            Native.Check(Native.dh_record_replay(out g, text, err), err);
            return new Game(g);
        }

        /// Restores bytes from Serialize() (any game: the bytes say which).
        public static Game Deserialize(byte[] data)
        {
            Args.Data(data, "data");
            byte[] err = Native.NewError();
            GameHandle g;
            Native.Check(Native.dh_game_deserialize(out g, data, (UIntPtr)data.Length, err), err);
            return new Game(g);
        }

        /// Restores bytes of this game's own kind into this handle, reusing its memory.
        public void DeserializeInto(byte[] data)
        {
            Args.Data(data, "data");
            byte[] err = Native.NewError();
            Native.Check(Native.dh_game_deserialize_into(Handle, data, (UIntPtr)data.Length, err), err);
        }

        /// The whole game as checksummed bytes, the same on every platform.
        public byte[] Serialize()
        {
            GameHandle g = Handle;
            return Native.ReadBytes((out UIntPtr n, byte[] b, UIntPtr c) => Native.dh_game_serialize(out n, b, c, g));
        }

        /// An independent copy (dh_game_clone).
        public Game Copy()
        {
            byte[] err = Native.NewError();
            GameHandle g;
            Native.Check(Native.dh_game_clone(out g, Handle, err), err);
            return new Game(g);
        }

        /// Makes this game a copy of `source` (any game), reusing this handle's memory.
        public void CopyFrom(Game source)
        {
            if (source == null) throw new ArgumentNullException("source");
            byte[] err = Native.NewError();
            Native.Check(Native.dh_game_copy(Handle, source.Handle, err), err);
        }

        /// Back to a new game with the same options and first dealer.
        public void Reset()
        {
            byte[] err = Native.NewError();
            Native.Check(Native.dh_game_reset(Handle, err), err);
        }

        // ---- chance ----

        /// Deals the next hand from a seed (docs/deals.md).
        public void Deal(ulong seed)
        {
            byte[] err = Native.NewError();
            Native.Check(Native.dh_game_deal_seed(Handle, seed, err), err);
        }

        /// Deals the next hand from explicit cards written as in a record.
        public void DealCards(string cards)
        {
            byte[] text = Args.Text(cards, "cards");
            byte[] err = Native.NewError();
            Native.Check(Native.dh_game_deal_text(Handle, text, err), err);
        }

        /// A reshuffle of an explicitly dealt round, from a seed (see NeedsReshuffle).
        public void Reshuffle(ulong seed)
        {
            byte[] err = Native.NewError();
            Native.Check(Native.dh_game_reshuffle_seed(Handle, seed, err), err);
        }

        /// A reshuffle given as the new stock text ("stock: c c ...").
        public void ReshuffleStock(string stock)
        {
            byte[] text = Args.Text(stock, "stock");
            byte[] err = Native.NewError();
            Native.Check(Native.dh_game_reshuffle_text(Handle, text, err), err);
        }

        public bool NeedsReshuffle { get { return Flag(Native.dh_game_needs_reshuffle); } }

        /// Deprecated in the C ABI: of the seats asking to buy (0..31), the one whose buy the
        /// game accepts now, or null. The game offers a declined discard itself now: use
        /// ToAct and LegalActions (buy or pass).
        [Obsolete("the game offers the discard itself: use ToAct and LegalActions (buy or pass)")]
        public int? BuyWinner(IEnumerable<int> seats)
        {
            if (seats == null) throw new ArgumentNullException("seats");
            uint mask = 0;
            int i = 0;
            foreach (int s in seats)
            {
                if (s < 0 || s > 31)
                    throw new ArgumentOutOfRangeException("seats", s, "seats[" + i + "]: a seat 0..31, not " + s);
                mask |= 1u << s;
                ++i;
            }
            int seat;
            Native.Check(Native.dh_game_buy_winner(out seat, Handle, mask));
            return seat < 0 ? (int?)null : seat;
        }

        // ---- actions ----

        /// Applies one action text ("bid 4", "play JS") for `seat`.
        public void Apply(int seat, string action)
        {
            Args.Seat(seat);
            byte[] text = Args.Text(action, "action");
            byte[] err = Native.NewError();
            Native.Check(Native.dh_game_apply_text(Handle, seat, text, err), err);
        }

        /// Throws the exception `action` would be refused with now; changes nothing.
        public void Check(int seat, string action)
        {
            Args.Seat(seat);
            byte[] text = Args.Text(action, "action");
            byte[] err = Native.NewError();
            Native.Check(Native.dh_game_is_legal_text(Handle, seat, text, err), err);
        }

        /// True when `seat` may take `action` now; false for a refusal by the rules or the
        /// turn (illegal, wrong seat, wrong phase, game over). Malformed text throws
        /// ParseException, a seat out of range InvalidArgumentException.
        public bool IsLegal(int seat, string action)
        {
            Args.Seat(seat);
            byte[] text = Args.Text(action, "action");
            byte[] err = Native.NewError();
            int status = Native.dh_game_is_legal_text(Handle, seat, text, err);
            if (status == Native.OK) return true;
            var s = (Status)status;
            if (s == Status.Illegal || s == Status.WrongSeat || s == Status.WrongPhase || s == Status.GameOver)
                return false;
            throw Native.Error(status, err);
        }

        /// The action texts the seat to act may take, in the library's order; empty when no
        /// seat acts.
        public string[] LegalActions()
        {
            GameHandle g = Handle;
            string text = Native.ReadText((out UIntPtr n, byte[] b, UIntPtr c) => Native.dh_game_legal_actions_text(out n, b, c, g));
            return Lines(text);
        }

        /// The legal actions of the seat to act as (seat, text) moves.
        public Move[] LegalMoves()
        {
            GameHandle g = Handle;
            UIntPtr count;
            int status = Native.dh_game_legal_actions(out count, null, UIntPtr.Zero, g);
            if (status != Native.OK && status != Native.BufferTooSmall) Native.Check(status);
            int n = (int)count.ToUInt64();
            var actions = new byte[Math.Max(n, 1) * Native.ActionSize];
            Native.Check(Native.dh_game_legal_actions(out count, actions, (UIntPtr)n, g));
            var moves = new Move[n];
            var one = new byte[Native.ActionSize];
            for (int i = 0; i < n; ++i)
            {
                Buffer.BlockCopy(actions, i * Native.ActionSize, one, 0, Native.ActionSize);
                moves[i] = new Move(one[0], FormatAction(g, one));
            }
            return moves;
        }

        internal static string FormatAction(GameHandle g, byte[] action)
        {
            return Native.ReadText((out UIntPtr n, byte[] b, UIntPtr c) => Native.dh_game_format_action(out n, b, c, g, action));
        }

        /// The number of legal actions of the seat to act.
        public int LegalCount
        {
            get
            {
                UIntPtr n;
                Native.Check(Native.dh_game_legal_count(out n, Handle));
                return (int)n.ToUInt64();
            }
        }

        /// Applies the index-th legal action (LegalActions order); returns how many legal
        /// actions there are after it.
        public int ApplyLegal(int index)
        {
            Args.Index(index);
            byte[] err = Native.NewError();
            UIntPtr n;
            Native.Check(Native.dh_game_apply_legal(out n, Handle, (UIntPtr)(uint)index, err), err);
            return (int)n.ToUInt64();
        }

        /// Plays uniformly random legal actions (seeded) until the game is over or
        /// `maxActions` were applied; returns how many were applied.
        public long RandomPlayout(ulong seed, long maxActions)
        {
            Args.NonNegative(maxActions, "maxActions");
            byte[] err = Native.NewError();
            UIntPtr n;
            // size_t is 32 bits in a 32-bit process: a larger limit is the most it holds
            // (no game lasts 2^32 actions), never an OverflowException.
            UIntPtr limit = UIntPtr.Size >= 8 || (ulong)maxActions <= uint.MaxValue
                ? (UIntPtr)(ulong)maxActions : (UIntPtr)uint.MaxValue;
            Native.Check(Native.dh_game_random_playout(out n, Handle, seed, limit, err), err);
            return (long)n.ToUInt64();
        }

        /// A deal consistent with what `seat` has seen (a new history=off game), for search
        /// bots of your own.
        public Game SampleConsistent(int seat, ulong seed)
        {
            Args.Seat(seat);
            byte[] err = Native.NewError();
            GameHandle g;
            Native.Check(Native.dh_game_sample_consistent(out g, Handle, seat, seed, err), err);
            return new Game(g);
        }

        // ---- queries ----

        delegate int IntFn(out int value, GameHandle game);

        int Int(IntFn fn)
        {
            int value;
            Native.Check(fn(out value, Handle));
            return value;
        }

        bool Flag(IntFn fn) { return Int(fn) != 0; }

        public string Name
        {
            get
            {
                IntPtr p;
                Native.Check(Native.dh_game_name(out p, Handle));
                return Native.FromUtf8(p);
            }
        }

        public int Players { get { return Int(Native.dh_game_players); } }

        /// The seat to act, or null (awaiting a deal, or the game is over).
        public int? ToAct
        {
            get
            {
                int seat = Int(Native.dh_game_to_act);
                return seat < 0 ? (int?)null : seat;
            }
        }

        public bool AwaitingDeal { get { return Flag(Native.dh_game_awaiting_deal); } }
        public bool IsOver { get { return Flag(Native.dh_game_is_over); } }
        public bool KeepsHistory { get { return Flag(Native.dh_game_keeps_history); } }

        public string Phase
        {
            get
            {
                IntPtr p;
                Native.Check(Native.dh_game_phase(out p, Handle));
                return Native.FromUtf8(p);
            }
        }

        /// Running totals per seat.
        public long[] Scores
        {
            get
            {
                GameHandle g = Handle;
                return Native.ReadArray<long>((out UIntPtr n, long[] a, UIntPtr c) => Native.dh_game_scores(out n, a, c, g));
            }
        }

        /// Winning seats (empty while the game goes on).
        public int[] Winners
        {
            get
            {
                GameHandle g = Handle;
                return Native.ReadArray<int>((out UIntPtr n, int[] a, UIntPtr c) => Native.dh_game_winners(out n, a, c, g));
            }
        }

        /// Score changes of the last scored hand per seat (empty before the first).
        public long[] LastDeltas
        {
            get
            {
                GameHandle g = Handle;
                return Native.ReadArray<long>((out UIntPtr n, long[] a, UIntPtr c) => Native.dh_game_last_deltas(out n, a, c, g));
            }
        }

        /// The itemised result of the last scored hand as JSON ("null" before the first).
        public string LastHandJson()
        {
            GameHandle g = Handle;
            return Native.ReadText((out UIntPtr n, byte[] b, UIntPtr c) => Native.dh_game_last_hand_json(out n, b, c, g));
        }

        /// What `seat` sees as JSON (rules G11, S13); null is a spectator.
        public string ViewJson(int? seat = null)
        {
            int s = Args.OptionalSeat(seat);
            GameHandle g = Handle;
            return Native.ReadText((out UIntPtr n, byte[] b, UIntPtr c) => Native.dh_game_view_json(out n, b, c, g, s));
        }

        /// What `seat` sees as readable text; null is a spectator.
        public string ViewText(int? seat = null)
        {
            int s = Args.OptionalSeat(seat);
            GameHandle g = Handle;
            return Native.ReadText((out UIntPtr n, byte[] b, UIntPtr c) => Native.dh_game_view_text(out n, b, c, g, s));
        }

        /// The game as a record (docs/records.md); UnsupportedException for a history=off game.
        public string Record()
        {
            GameHandle g = Handle;
            UIntPtr need;
            int status = Native.dh_game_record(out need, null, UIntPtr.Zero, g);
            if (status == (int)Status.Unsupported)
                throw new UnsupportedException(Status.Unsupported, Native.StatusName(status), "no_history", 0,
                                               "no_history: the game was created with history=off and keeps no record", 0);
            return Native.ReadText((out UIntPtr n, byte[] b, UIntPtr c) => Native.dh_game_record(out n, b, c, g));
        }

        public override string ToString()
        {
            return "<Deckhand.Game " + Name + " players=" + Players + " phase=" + Phase + ">";
        }

        internal static string[] Lines(string text)
        {
            if (text.Length == 0) return new string[0];
            if (text.EndsWith("\n")) text = text.Substring(0, text.Length - 1);
            return text.Split('\n');
        }
    }
}
