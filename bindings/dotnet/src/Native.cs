// The C ABI (capi/include/deckhand.h) through P/Invoke. Everything here is internal: users
// see Game, Table, Bot, Catalog and Replay. Strings go in as NUL-terminated UTF-8 byte
// arrays and come out through the (out_len, buf, cap) convention; dh_error and dh_action
// travel as byte arrays of their C size, so every call marshals blittable data only (what
// IL2CPP and AOT compilers handle best). No callback from the library into managed code
// exists.
using System;
using System.Runtime.InteropServices;
using System.Text;

namespace Deckhand
{
    internal static class Native
    {
        // "deckhand" resolves to libdeckhand.so (Linux, Android), libdeckhand.dylib (macOS)
        // and deckhand.dll (Windows); on iOS (and WebGL) Unity links the library statically
        // into the player, where IL2CPP needs "__Internal" (see the README).
#if (UNITY_IOS || UNITY_WEBGL) && !UNITY_EDITOR
        internal const string Lib = "__Internal";
#else
        internal const string Lib = "deckhand";
#endif

        internal const int OK = 0;
        internal const int BufferTooSmall = -3;

        // dh_error: size, status, reason, line (4 bytes each), code[40], message[200].
        internal const int ErrorSize = 256;
        // dh_action: seat, kind, arg, count, cards[28].
        internal const int ActionSize = 32;

        // Buffers the library writes are [Out] (the error [In, Out]: its size goes in): Mono and
        // .NET pin a blittable array and need neither, but a marshaller that copies (IL2CPP,
        // ahead-of-time builds) copies back only what is marked so.
        [DllImport(Lib)] internal static extern IntPtr dh_version();
        [DllImport(Lib)] internal static extern int dh_version_number();
        [DllImport(Lib)] internal static extern IntPtr dh_status_name(int status);

        // ---- catalog ----
        [DllImport(Lib)] internal static extern int dh_catalog_game_count(out UIntPtr count);
        [DllImport(Lib)] internal static extern int dh_catalog_game(ref GameInfo info, UIntPtr index);
        [DllImport(Lib)] internal static extern int dh_catalog_find_game(out UIntPtr index, byte[] name);
        [DllImport(Lib)] internal static extern int dh_catalog_option(ref OptionInfo info, UIntPtr game, UIntPtr index);
        [DllImport(Lib)] internal static extern int dh_catalog_phase(out IntPtr name, UIntPtr game, UIntPtr index);
        [DllImport(Lib)] internal static extern int dh_catalog_action_kind(ref ActionKindInfo info, UIntPtr game, UIntPtr index);
        [DllImport(Lib)] internal static extern int dh_catalog_json(out UIntPtr len, [Out] byte[] buf, UIntPtr cap);

        // ---- games ----
        [DllImport(Lib)] internal static extern int dh_game_new(out GameHandle game, byte[] name, IntPtr[] options, UIntPtr n, int players, int firstDealer, [In, Out] byte[] err);
        [DllImport(Lib)] internal static extern void dh_game_free(IntPtr game);
        [DllImport(Lib)] internal static extern int dh_game_clone(out GameHandle game, GameHandle src, [In, Out] byte[] err);
        [DllImport(Lib)] internal static extern int dh_game_reset(GameHandle game, [In, Out] byte[] err);
        [DllImport(Lib)] internal static extern int dh_game_copy(GameHandle dst, GameHandle src, [In, Out] byte[] err);
        [DllImport(Lib)] internal static extern int dh_game_name(out IntPtr name, GameHandle game);
        [DllImport(Lib)] internal static extern int dh_game_players(out int players, GameHandle game);
        [DllImport(Lib)] internal static extern int dh_game_deal_seed(GameHandle game, ulong seed, [In, Out] byte[] err);
        [DllImport(Lib)] internal static extern int dh_game_deal_text(GameHandle game, byte[] cards, [In, Out] byte[] err);
        [DllImport(Lib)] internal static extern int dh_game_reshuffle_seed(GameHandle game, ulong seed, [In, Out] byte[] err);
        [DllImport(Lib)] internal static extern int dh_game_reshuffle_text(GameHandle game, byte[] stock, [In, Out] byte[] err);
        [DllImport(Lib)] internal static extern int dh_game_needs_reshuffle(out int flag, GameHandle game);
        [DllImport(Lib)] internal static extern int dh_game_buy_winner(out int seat, GameHandle game, uint requests);
        [DllImport(Lib)] internal static extern int dh_game_apply_text(GameHandle game, int seat, byte[] action, [In, Out] byte[] err);
        [DllImport(Lib)] internal static extern int dh_game_is_legal_text(GameHandle game, int seat, byte[] action, [In, Out] byte[] err);
        [DllImport(Lib)] internal static extern int dh_game_to_act(out int seat, GameHandle game);
        [DllImport(Lib)] internal static extern int dh_game_awaiting_deal(out int flag, GameHandle game);
        [DllImport(Lib)] internal static extern int dh_game_is_over(out int flag, GameHandle game);
        [DllImport(Lib)] internal static extern int dh_game_phase(out IntPtr phase, GameHandle game);
        [DllImport(Lib)] internal static extern int dh_game_legal_actions(out UIntPtr count, [Out] byte[] actions, UIntPtr cap, GameHandle game);
        [DllImport(Lib)] internal static extern int dh_game_legal_actions_text(out UIntPtr len, [Out] byte[] buf, UIntPtr cap, GameHandle game);
        [DllImport(Lib)] internal static extern int dh_game_format_action(out UIntPtr len, [Out] byte[] buf, UIntPtr cap, GameHandle game, byte[] action);
        [DllImport(Lib)] internal static extern int dh_game_legal_count(out UIntPtr count, GameHandle game);
        [DllImport(Lib)] internal static extern int dh_game_apply_legal(out UIntPtr count, GameHandle game, UIntPtr index, [In, Out] byte[] err);
        [DllImport(Lib)] internal static extern int dh_game_view_text(out UIntPtr len, [Out] byte[] buf, UIntPtr cap, GameHandle game, int seat);
        [DllImport(Lib)] internal static extern int dh_game_view_json(out UIntPtr len, [Out] byte[] buf, UIntPtr cap, GameHandle game, int seat);
        [DllImport(Lib)] internal static extern int dh_game_scores(out UIntPtr count, [Out] long[] scores, UIntPtr cap, GameHandle game);
        [DllImport(Lib)] internal static extern int dh_game_winners(out UIntPtr count, [Out] int[] seats, UIntPtr cap, GameHandle game);
        [DllImport(Lib)] internal static extern int dh_game_last_deltas(out UIntPtr count, [Out] long[] deltas, UIntPtr cap, GameHandle game);
        [DllImport(Lib)] internal static extern int dh_game_last_hand_json(out UIntPtr len, [Out] byte[] buf, UIntPtr cap, GameHandle game);
        [DllImport(Lib)] internal static extern int dh_game_serialize(out UIntPtr len, [Out] byte[] buf, UIntPtr cap, GameHandle game);
        [DllImport(Lib)] internal static extern int dh_game_deserialize(out GameHandle game, byte[] bytes, UIntPtr len, [In, Out] byte[] err);
        [DllImport(Lib)] internal static extern int dh_game_deserialize_into(GameHandle game, byte[] bytes, UIntPtr len, [In, Out] byte[] err);
        [DllImport(Lib)] internal static extern int dh_game_keeps_history(out int flag, GameHandle game);
        [DllImport(Lib)] internal static extern int dh_game_record(out UIntPtr len, [Out] byte[] buf, UIntPtr cap, GameHandle game);
        [DllImport(Lib)] internal static extern int dh_record_replay(out GameHandle game, byte[] record, [In, Out] byte[] err);
        [DllImport(Lib)] internal static extern int dh_record_replay_json(out UIntPtr len, [Out] byte[] buf, UIntPtr cap, byte[] record);
        [DllImport(Lib)] internal static extern int dh_record_replay_json_n(out UIntPtr len, [Out] byte[] buf, UIntPtr cap, byte[] record, UIntPtr n);
        [DllImport(Lib)] internal static extern int dh_quote(out UIntPtr len, [Out] byte[] buf, UIntPtr cap, byte[] text, UIntPtr n);
        [DllImport(Lib)] internal static extern int dh_game_random_playout(out UIntPtr actions, GameHandle game, ulong seed, UIntPtr maxActions, [In, Out] byte[] err);
        [DllImport(Lib)] internal static extern int dh_game_sample_consistent(out GameHandle game, GameHandle src, int seat, ulong seed, [In, Out] byte[] err);

        // ---- bots ----
        [DllImport(Lib)] internal static extern int dh_bot_new(out BotHandle bot, byte[] game, byte[] level, ulong seed, IntPtr[] options, UIntPtr n, [In, Out] byte[] err);
        [DllImport(Lib)] internal static extern void dh_bot_free(IntPtr bot);
        [DllImport(Lib)] internal static extern int dh_bot_choose([Out] byte[] action, BotHandle bot, GameHandle game, int seat, [In, Out] byte[] err);

        // ---- tables ----
        [DllImport(Lib)] internal static extern int dh_table_new(out TableHandle table, byte[] name, int players, IntPtr[] options, UIntPtr n, IntPtr[] tableOptions, UIntPtr nTable, ulong seed, [In, Out] byte[] err);
        [DllImport(Lib)] internal static extern void dh_table_free(IntPtr table);
        [DllImport(Lib)] internal static extern int dh_table_clone(out TableHandle table, TableHandle src, [In, Out] byte[] err);
        [DllImport(Lib)] internal static extern int dh_table_seat_human(TableHandle table, int seat, [In, Out] byte[] err);
        [DllImport(Lib)] internal static extern int dh_table_seat_bot(TableHandle table, int seat, byte[] level, [In, Out] byte[] err);
        [DllImport(Lib)] internal static extern int dh_table_leave(TableHandle table, int seat, long nowMs, [In, Out] byte[] err);
        [DllImport(Lib)] internal static extern int dh_table_act(TableHandle table, int seat, byte[] action, long nowMs, [In, Out] byte[] err);
        [DllImport(Lib)] internal static extern int dh_table_nonce(TableHandle table, int seat, byte[] hex, long nowMs, [In, Out] byte[] err);
        [DllImport(Lib)] internal static extern int dh_table_tick(TableHandle table, long nowMs, [In, Out] byte[] err);
        [DllImport(Lib)] internal static extern int dh_table_players(out int players, TableHandle table);
        [DllImport(Lib)] internal static extern int dh_table_holder(out int holder, TableHandle table, int seat);
        [DllImport(Lib)] internal static extern int dh_table_to_act(out int seat, TableHandle table);
        [DllImport(Lib)] internal static extern int dh_table_may_act(out UIntPtr count, [Out] int[] seats, UIntPtr cap, TableHandle table);
        [DllImport(Lib)] internal static extern int dh_table_deadline_ms(out long ms, TableHandle table);
        [DllImport(Lib)] internal static extern int dh_table_next_due_ms(out long ms, TableHandle table);
        [DllImport(Lib)] internal static extern int dh_table_is_over(out int flag, TableHandle table);
        [DllImport(Lib)] internal static extern int dh_table_scores(out UIntPtr count, [Out] long[] scores, UIntPtr cap, TableHandle table);
        [DllImport(Lib)] internal static extern int dh_table_seq(out ulong seq, TableHandle table);
        [DllImport(Lib)] internal static extern int dh_table_legal_actions_text(out UIntPtr len, [Out] byte[] buf, UIntPtr cap, TableHandle table, int seat);
        [DllImport(Lib)] internal static extern int dh_table_events_json(out UIntPtr len, [Out] byte[] buf, UIntPtr cap, TableHandle table, int seat, ulong since, [In, Out] byte[] err);
        [DllImport(Lib)] internal static extern int dh_table_snapshot_json(out UIntPtr len, [Out] byte[] buf, UIntPtr cap, TableHandle table, int seat, [In, Out] byte[] err);
        [DllImport(Lib)] internal static extern int dh_table_record(out UIntPtr len, [Out] byte[] buf, UIntPtr cap, TableHandle table, [In, Out] byte[] err);
        [DllImport(Lib)] internal static extern int dh_table_game(out GameHandle game, TableHandle table, [In, Out] byte[] err);
        [DllImport(Lib)] internal static extern int dh_table_serialize(out UIntPtr len, [Out] byte[] buf, UIntPtr cap, TableHandle table);
        [DllImport(Lib)] internal static extern int dh_table_deserialize(out TableHandle table, byte[] bytes, UIntPtr len, [In, Out] byte[] err);

        // ---- structures of the catalog (pointer-sized fields: IntPtr) ----
        [StructLayout(LayoutKind.Sequential)]
        internal struct GameInfo
        {
            public uint size;
            public int min_players, max_players, option_count, phase_count, action_kind_count;
            public IntPtr name, description, limit_option;
            public int unattended_limit, lower_is_better;
        }

        [StructLayout(LayoutKind.Sequential)]
        internal struct OptionInfo
        {
            public uint size;
            public IntPtr name, values, default_value, rule, description;
        }

        [StructLayout(LayoutKind.Sequential)]
        internal struct ActionKindInfo
        {
            public uint size;
            public int kind;
            public IntPtr name, syntax;
        }

        // ---- helpers ----
        static readonly UTF8Encoding Strict = new UTF8Encoding(false, true);

        internal static byte[] NewError()
        {
            var err = new byte[ErrorSize];
            WriteUInt32(err, 0, ErrorSize);
            return err;
        }

        static void WriteUInt32(byte[] b, int at, uint v)
        {
            byte[] x = BitConverter.GetBytes(v);  // the machine's byte order, as C has it
            Buffer.BlockCopy(x, 0, b, at, 4);
        }

        internal static string StatusName(int status) { return FromUtf8(dh_status_name(status)); }

        /// The library's own text (catalog strings, names): NUL-terminated UTF-8.
        internal static string FromUtf8(IntPtr p)
        {
            if (p == IntPtr.Zero) return null;
            int n = 0;
            while (Marshal.ReadByte(p, n) != 0) ++n;
            var bytes = new byte[n];
            Marshal.Copy(p, bytes, 0, n);
            return Encoding.UTF8.GetString(bytes);
        }

        static string CText(byte[] b, int at, int max)
        {
            int n = 0;
            while (n < max && b[at + n] != 0) ++n;
            return Encoding.UTF8.GetString(b, at, n);
        }

        /// Throws the exception of `status`, with what the library wrote into `err`.
        internal static Exception Error(int status, byte[] err)
        {
            string name = StatusName(status);
            if (err != null && BitConverter.ToInt32(err, 4) == status)
                return DeckhandException.For(status, name, CText(err, 16, 40),
                                             BitConverter.ToInt32(err, 8), CText(err, 56, 200),
                                             BitConverter.ToInt32(err, 12));
            return DeckhandException.For(status, name, "", 0, name, 0);
        }

        internal static void Check(int status, byte[] err = null)
        {
            if (status != OK) throw Error(status, err);
        }

        internal static byte[] Utf8(string s)
        {
            var bytes = new byte[Strict.GetByteCount(s) + 1];
            Strict.GetBytes(s, 0, s.Length, bytes, 0);
            return bytes;
        }

        /// "key=value" strings as C strings in unmanaged memory; FreeAll when done.
        internal static IntPtr[] CStrings(string[] items)
        {
            var ptrs = new IntPtr[Math.Max(items.Length, 1)];
            try
            {
                for (int i = 0; i < items.Length; ++i)
                {
                    byte[] b = Utf8(items[i]);
                    ptrs[i] = Marshal.AllocHGlobal(b.Length);
                    Marshal.Copy(b, 0, ptrs[i], b.Length);
                }
            }
            catch
            {
                FreeAll(ptrs);
                throw;
            }
            return ptrs;
        }

        internal static void FreeAll(IntPtr[] ptrs)
        {
            for (int i = 0; i < ptrs.Length; ++i)
                if (ptrs[i] != IntPtr.Zero)
                {
                    Marshal.FreeHGlobal(ptrs[i]);
                    ptrs[i] = IntPtr.Zero;
                }
        }

        internal delegate int TextFn(out UIntPtr len, byte[] buf, UIntPtr cap);
        internal delegate int TextErrFn(out UIntPtr len, byte[] buf, UIntPtr cap, byte[] err);
        internal delegate int ArrayFn<T>(out UIntPtr count, T[] items, UIntPtr cap);

        /// Text through (out_len, buf, cap): the size first, then the text.
        internal static string ReadText(TextFn fn)
        {
            byte[] bytes = ReadTextBytes(fn);
            return Encoding.UTF8.GetString(bytes, 0, bytes.Length - 1);
        }

        /// The text's bytes with their terminating NUL.
        internal static byte[] ReadTextBytes(TextFn fn)
        {
            UIntPtr need;
            int status = fn(out need, null, UIntPtr.Zero);
            while (true)
            {
                if (status != OK && status != BufferTooSmall) Check(status);
                var buf = new byte[(int)need.ToUInt64()];
                status = fn(out need, buf, (UIntPtr)buf.Length);
                if (status == OK)
                {
                    int n = 0;
                    while (n < buf.Length && buf[n] != 0) ++n;
                    var bytes = new byte[n + 1];
                    Buffer.BlockCopy(buf, 0, bytes, 0, n);
                    return bytes;
                }
            }
        }

        internal static string ReadTextErr(TextErrFn fn)
        {
            UIntPtr need;
            byte[] err = NewError();
            int status = fn(out need, null, UIntPtr.Zero, err);
            while (true)
            {
                if (status != OK && status != BufferTooSmall) Check(status, err);
                var buf = new byte[(int)need.ToUInt64()];
                err = NewError();
                status = fn(out need, buf, (UIntPtr)buf.Length, err);
                if (status == OK)
                {
                    int n = 0;
                    while (n < buf.Length && buf[n] != 0) ++n;
                    return Encoding.UTF8.GetString(buf, 0, n);
                }
            }
        }

        /// Bytes (serialized images) through (out_len, buf, cap).
        internal static byte[] ReadBytes(TextFn fn)
        {
            UIntPtr need;
            int status = fn(out need, null, UIntPtr.Zero);
            while (true)
            {
                if (status != OK && status != BufferTooSmall) Check(status);
                var buf = new byte[(int)need.ToUInt64()];
                status = fn(out need, buf, (UIntPtr)buf.Length);
                if (status == OK) return buf;
            }
        }

        internal static T[] ReadArray<T>(ArrayFn<T> fn)
        {
            UIntPtr count;
            int status = fn(out count, null, UIntPtr.Zero);
            while (true)
            {
                if (status != OK && status != BufferTooSmall) Check(status);
                var items = new T[(int)count.ToUInt64()];
                status = fn(out count, items.Length == 0 ? null : items, (UIntPtr)items.Length);
                if (status == OK)
                {
                    if ((int)count.ToUInt64() == items.Length) return items;
                    var cut = new T[(int)count.ToUInt64()];
                    Array.Copy(items, cut, cut.Length);
                    return cut;
                }
            }
        }
    }
}
