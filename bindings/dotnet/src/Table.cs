// Deckhand.Table: a game plus its seats, clocks, stand-ins and per-seat event streams
// (docs/tables.md), behind a C ABI handle (dh_table_*). A table reads no clock: each call
// that can change it takes the caller's time nowMs (any epoch, never going backwards).
using System;
using System.Collections.Generic;

namespace Deckhand
{
    /// Who holds a seat.
    public enum SeatHolder
    {
        Empty = 0,
        Human = 1,
        Away = 2,
        Bot = 3,
    }

    public sealed class Table : IDisposable
    {
        readonly TableHandle h;

        /// A table of game `name` for `players` (0: the game's default) with the game's
        /// `options` ("key=value") and the table's own options (null: the table's default):
        /// decisionMs, bankMs, botMs, offerMs, dealMs in milliseconds; standin "random",
        /// "basic", "strong" or "quickest"; events "all" or "deal". Deals derive from `seed`.
        public Table(string name, int players = 0, IEnumerable<string> options = null, ulong seed = 0,
                     long? decisionMs = null, long? bankMs = null, long? botMs = null, long? offerMs = null,
                     long? dealMs = null, string standin = null, string events = null)
        {
            byte[] cname = Args.Text(name, "name");
            Args.Players(players);
            string[] opts = Args.Options(options);
            var table = new List<string>();
            AddTime(table, "decision_ms", "decisionMs", decisionMs);
            AddTime(table, "bank_ms", "bankMs", bankMs);
            AddTime(table, "bot_ms", "botMs", botMs);
            AddTime(table, "offer_ms", "offerMs", offerMs);
            AddTime(table, "deal_ms", "dealMs", dealMs);
            if (standin != null) table.Add("standin=" + Check(standin, "standin"));
            if (events != null) table.Add("events=" + Check(events, "events"));
            IntPtr[] ptrs = Native.CStrings(opts);
            IntPtr[] tptrs = null;
            try
            {
                tptrs = Native.CStrings(table.ToArray());
                byte[] err = Native.NewError();
                Native.Check(Native.dh_table_new(out h, cname, players, ptrs, (UIntPtr)opts.Length, tptrs,
                                                 (UIntPtr)table.Count, seed, err), err);
            }
            finally
            {
                Native.FreeAll(ptrs);
                if (tptrs != null) Native.FreeAll(tptrs);
            }
        }

        static void AddTime(List<string> table, string key, string name, long? value)
        {
            if (value.HasValue) table.Add(key + "=" + Args.NonNegative(value.Value, name));
        }

        static string Check(string value, string name)
        {
            Args.Text(value, name);
            return value;
        }

        Table(TableHandle handle) { h = handle; }

        TableHandle Handle
        {
            get
            {
                if (h.IsClosed) throw new ObjectDisposedException("Deckhand.Table");
                return h;
            }
        }

        public void Dispose() { h.Dispose(); }

        // ---- persistence and copies ----

        /// The whole table as checksummed bytes, the same on every platform.
        public byte[] Serialize()
        {
            TableHandle t = Handle;
            return Native.ReadBytes((out UIntPtr n, byte[] b, UIntPtr c) => Native.dh_table_serialize(out n, b, c, t));
        }

        /// Restores Serialize()'s bytes (CorruptDataException for anything else).
        public static Table Deserialize(byte[] data)
        {
            Args.Data(data, "data");
            byte[] err = Native.NewError();
            TableHandle t;
            Native.Check(Native.dh_table_deserialize(out t, data, (UIntPtr)data.Length, err), err);
            return new Table(t);
        }

        /// An independent copy (dh_table_clone).
        public Table Copy()
        {
            byte[] err = Native.NewError();
            TableHandle t;
            Native.Check(Native.dh_table_clone(out t, Handle, err), err);
            return new Table(t);
        }

        // ---- seats ----

        /// A human takes an empty seat, or its own seat back after leaving.
        public void SeatHuman(int seat)
        {
            Args.Seat(seat);
            byte[] err = Native.NewError();
            Native.Check(Native.dh_table_seat_human(Handle, seat, err), err);
        }

        /// A bot of `level` (Bot.Levels) takes an empty or away seat.
        public void SeatBot(int seat, string level = "basic")
        {
            Args.Seat(seat);
            byte[] clevel = Args.Text(level, "level");
            byte[] err = Native.NewError();
            Native.Check(Native.dh_table_seat_bot(Handle, seat, clevel, err), err);
        }

        /// The human at `seat` leaves at `nowMs`; a stand-in moves for it until it returns.
        public void Leave(int seat, long nowMs)
        {
            Args.Seat(seat);
            byte[] err = Native.NewError();
            Native.Check(Native.dh_table_leave(Handle, seat, nowMs, err), err);
        }

        // ---- play ----

        /// `seat`, held by a human, does `action` at `nowMs`, after the moves due by then.
        public void Act(int seat, string action, long nowMs)
        {
            Args.Seat(seat);
            byte[] text = Args.Text(action, "action");
            byte[] err = Native.NewError();
            Native.Check(Native.dh_table_act(Handle, seat, text, nowMs, err), err);
        }

        /// Fair deals (docs/tables.md#fair-deals): `seat`, held by a human, sends its nonce
        /// (16 to 128 hex digits) for the deal whose commitment is open, at `nowMs`.
        public void Nonce(int seat, string hex, long nowMs)
        {
            Args.Seat(seat);
            byte[] text = Args.Text(hex, "nonce");
            byte[] err = Native.NewError();
            Native.Check(Native.dh_table_nonce(Handle, seat, text, nowMs, err), err);
        }

        /// Makes every move due by `nowMs` (bots, stand-ins, timeouts, deals).
        public void Tick(long nowMs)
        {
            byte[] err = Native.NewError();
            Native.Check(Native.dh_table_tick(Handle, nowMs, err), err);
        }

        // ---- queries ----

        public int Players
        {
            get
            {
                int n;
                Native.Check(Native.dh_table_players(out n, Handle));
                return n;
            }
        }

        public SeatHolder Holder(int seat)
        {
            Args.Seat(seat);
            int holder;
            Native.Check(Native.dh_table_holder(out holder, Handle, seat));
            return (SeatHolder)holder;
        }

        /// The seat that decides now, or null (before the first deal, between hands, over).
        public int? ToAct
        {
            get
            {
                int seat;
                Native.Check(Native.dh_table_to_act(out seat, Handle));
                return seat < 0 ? (int?)null : seat;
            }
        }

        /// The seats that may act now (during an offer, every seat that may still answer).
        public int[] MayAct
        {
            get
            {
                TableHandle t = Handle;
                return Native.ReadArray<int>((out UIntPtr n, int[] a, UIntPtr c) => Native.dh_table_may_act(out n, a, c, t));
            }
        }

        /// The deadline of the seat to act, or null.
        public long? DeadlineMs
        {
            get
            {
                long ms;
                Native.Check(Native.dh_table_deadline_ms(out ms, Handle));
                return ms < 0 ? (long?)null : ms;
            }
        }

        /// When the next move is due with no call, or null: what a server sets its timer to.
        public long? NextDueMs
        {
            get
            {
                long ms;
                Native.Check(Native.dh_table_next_due_ms(out ms, Handle));
                return ms < 0 ? (long?)null : ms;
            }
        }

        public bool IsOver
        {
            get
            {
                int flag;
                Native.Check(Native.dh_table_is_over(out flag, Handle));
                return flag != 0;
            }
        }

        public long[] Scores
        {
            get
            {
                TableHandle t = Handle;
                return Native.ReadArray<long>((out UIntPtr n, long[] a, UIntPtr c) => Native.dh_table_scores(out n, a, c, t));
            }
        }

        /// The sequence number of the latest change (0 before any).
        public ulong Seq
        {
            get
            {
                ulong seq;
                Native.Check(Native.dh_table_seq(out seq, Handle));
                return seq;
            }
        }

        /// The action texts `seat` (null: a spectator) may take now.
        public string[] LegalActions(int? seat)
        {
            int s = Args.OptionalSeat(seat);
            TableHandle t = Handle;
            return Game.Lines(Native.ReadText((out UIntPtr n, byte[] b, UIntPtr c) =>
                                                  Native.dh_table_legal_actions_text(out n, b, c, t, s)));
        }

        /// The events after `since` as `seat` (null: a spectator) may see them, a JSON array
        /// (docs/tables.md); InvalidArgumentException (events_dropped) when `since` is older
        /// than the events kept.
        public string EventsJson(int? seat, ulong since = 0)
        {
            int s = Args.OptionalSeat(seat);
            TableHandle t = Handle;
            return Native.ReadTextErr((out UIntPtr n, byte[] b, UIntPtr c, byte[] e) =>
                                          Native.dh_table_events_json(out n, b, c, t, s, since, e));
        }

        /// {"seq": N, "view": ..., "table": {...}}: what a client that reconnects takes.
        public string SnapshotJson(int? seat)
        {
            int s = Args.OptionalSeat(seat);
            TableHandle t = Handle;
            return Native.ReadTextErr((out UIntPtr n, byte[] b, UIntPtr c, byte[] e) =>
                                          Native.dh_table_snapshot_json(out n, b, c, t, s, e));
        }

        /// The game's record with the table's events as comment lines.
        public string Record()
        {
            TableHandle t = Handle;
            return Native.ReadTextErr((out UIntPtr n, byte[] b, UIntPtr c, byte[] e) => Native.dh_table_record(out n, b, c, t, e));
        }

        /// A copy of the table's whole game (for the host, never for a client).
        public Game CopyGame()
        {
            byte[] err = Native.NewError();
            GameHandle g;
            Native.Check(Native.dh_table_game(out g, Handle, err), err);
            return new Game(g);
        }
    }
}
