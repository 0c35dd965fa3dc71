// Deckhand.Catalog: every game, option, phase and action kind the library has
// (dh_catalog_*). A program builds its menus and forms from it; this binding names no game.
using System;
using System.Collections.Generic;
using System.Collections.ObjectModel;

namespace Deckhand
{
    public sealed class OptionInfo
    {
        public string Name { get; internal set; }
        /// "reject|penalize"; "1..10000" = whole numbers in that range; "unlimited|1..1000".
        public string Values { get; internal set; }
        public string Default { get; internal set; }
        /// The rule it varies ("G8"; "engine" for history).
        public string Rule { get; internal set; }
        public string Description { get; internal set; }
    }

    public sealed class ActionKindInfo
    {
        /// The action's kind code (dh_action.kind).
        public int Code { get; internal set; }
        public string Name { get; internal set; }
        /// Its action text ("bid 3|4|5|moon").
        public string Syntax { get; internal set; }
    }

    public sealed class GameInfo
    {
        public string Name { get; internal set; }
        public string Description { get; internal set; }
        public int MinPlayers { get; internal set; }
        public int MaxPlayers { get; internal set; }
        public IReadOnlyList<OptionInfo> Options { get; internal set; }
        public IReadOnlyList<string> Phases { get; internal set; }
        public IReadOnlyList<ActionKindInfo> ActionKinds { get; internal set; }
        /// The option that bounds a game's length (null when none), and the value unattended
        /// play gives it ("max_hands=100").
        public string LimitOption { get; internal set; }
        public int UnattendedLimit { get; internal set; }
        /// True where the lowest total wins.
        public bool LowerIsBetter { get; internal set; }

        /// The option "LimitOption=UnattendedLimit" that unattended play (bots, tests) sets
        /// so that a game ends, or null when the game has no such option.
        public string UnattendedOption
        {
            get { return string.IsNullOrEmpty(LimitOption) ? null : LimitOption + "=" + UnattendedLimit; }
        }

        public override string ToString() { return Name; }
    }

    public static class Catalog
    {
        static IReadOnlyList<GameInfo> games;
        static readonly object gate = new object();

        /// Every game, in the library's fixed order.
        public static IReadOnlyList<GameInfo> Games
        {
            get
            {
                lock (gate)
                {
                    if (games == null) games = Load();
                    return games;
                }
            }
        }

        /// The game of that name (ASCII case and surrounding spaces ignored), or null.
        public static GameInfo Find(string name)
        {
            byte[] text = Args.Text(name, "name");
            UIntPtr index;
            int status = Native.dh_catalog_find_game(out index, text);
            if (status == (int)Status.UnknownGame) return null;
            Native.Check(status);
            return Games[(int)index.ToUInt64()];
        }

        /// All of it as one JSON document (`deckhand games --json`).
        public static string Json()
        {
            return Native.ReadText((out UIntPtr n, byte[] b, UIntPtr c) => Native.dh_catalog_json(out n, b, c));
        }

        static IReadOnlyList<GameInfo> Load()
        {
            UIntPtr count;
            Native.Check(Native.dh_catalog_game_count(out count));
            var list = new List<GameInfo>();
            for (ulong i = 0; i < count.ToUInt64(); ++i)
            {
                var gi = new Native.GameInfo();
                gi.size = (uint)System.Runtime.InteropServices.Marshal.SizeOf(typeof(Native.GameInfo));
                Native.Check(Native.dh_catalog_game(ref gi, (UIntPtr)i));
                var options = new List<OptionInfo>();
                for (int k = 0; k < gi.option_count; ++k)
                {
                    var oi = new Native.OptionInfo();
                    oi.size = (uint)System.Runtime.InteropServices.Marshal.SizeOf(typeof(Native.OptionInfo));
                    Native.Check(Native.dh_catalog_option(ref oi, (UIntPtr)i, (UIntPtr)k));
                    options.Add(new OptionInfo
                    {
                        Name = Native.FromUtf8(oi.name),
                        Values = Native.FromUtf8(oi.values),
                        Default = Native.FromUtf8(oi.default_value),
                        Rule = Native.FromUtf8(oi.rule),
                        Description = Native.FromUtf8(oi.description),
                    });
                }
                var phases = new List<string>();
                for (int k = 0; k < gi.phase_count; ++k)
                {
                    IntPtr p;
                    Native.Check(Native.dh_catalog_phase(out p, (UIntPtr)i, (UIntPtr)k));
                    phases.Add(Native.FromUtf8(p));
                }
                var kinds = new List<ActionKindInfo>();
                for (int k = 0; k < gi.action_kind_count; ++k)
                {
                    var ai = new Native.ActionKindInfo();
                    ai.size = (uint)System.Runtime.InteropServices.Marshal.SizeOf(typeof(Native.ActionKindInfo));
                    Native.Check(Native.dh_catalog_action_kind(ref ai, (UIntPtr)i, (UIntPtr)k));
                    kinds.Add(new ActionKindInfo
                    {
                        Code = ai.kind,
                        Name = Native.FromUtf8(ai.name),
                        Syntax = Native.FromUtf8(ai.syntax),
                    });
                }
                list.Add(new GameInfo
                {
                    Name = Native.FromUtf8(gi.name),
                    Description = Native.FromUtf8(gi.description),
                    MinPlayers = gi.min_players,
                    MaxPlayers = gi.max_players,
                    Options = new ReadOnlyCollection<OptionInfo>(options),
                    Phases = new ReadOnlyCollection<string>(phases),
                    ActionKinds = new ReadOnlyCollection<ActionKindInfo>(kinds),
                    LimitOption = Native.FromUtf8(gi.limit_option),
                    UnattendedLimit = gi.unattended_limit,
                    LowerIsBetter = gi.lower_is_better != 0,
                });
            }
            return new ReadOnlyCollection<GameInfo>(list);
        }
    }

    /// The library in use.
    public static class Library
    {
        /// Its version ("0.2.0").
        public static string Version { get { return Native.FromUtf8(Native.dh_version()); } }
        /// major * 10000 + minor * 100 + patch.
        public static int VersionNumber { get { return Native.dh_version_number(); } }
    }

    /// `deckhand replay`: the JSON result of replaying a record (docs/cli.md).
    public static class Replay
    {
        /// The JSON `deckhand replay FILE` prints for this record (read "ok" in it).
        public static string Json(string record)
        {
            byte[] text = Args.Text(record, "record");
            return Native.ReadText((out UIntPtr n, byte[] b, UIntPtr c) => Native.dh_record_replay_json(out n, b, c, text));
        }

        /// The same for a record's raw bytes, NUL bytes and all (a file's, which need not be
        /// valid UTF-8), as UTF-8 bytes: what `deckhand replay FILE` prints for a file of
        /// these bytes.
        public static byte[] JsonBytes(byte[] record)
        {
            Args.Data(record, "record");
            byte[] json = Native.ReadTextBytes((out UIntPtr n, byte[] b, UIntPtr c) =>
                Native.dh_record_replay_json_n(out n, b, c, record.Length == 0 ? null : record, (UIntPtr)(uint)record.Length));
            var cut = new byte[json.Length - 1];
            Buffer.BlockCopy(json, 0, cut, 0, cut.Length);
            return cut;
        }

        /// Text quoted as the library and the `deckhand` tool quote input in their messages:
        /// in apostrophes, control characters and bytes that are not UTF-8 escaped visibly,
        /// cut after 96 bytes with "..." (for a program that names a file as the tool does).
        public static string Quote(byte[] text)
        {
            Args.Data(text, "text");
            return Native.ReadText((out UIntPtr n, byte[] b, UIntPtr c) =>
                Native.dh_quote(out n, b, c, text.Length == 0 ? null : text, (UIntPtr)(uint)text.Length));
        }

        /// Replays a record into a new game (Game.FromRecord).
        public static Game Game(string record) { return Deckhand.Game.FromRecord(record); }
    }
}
