// The shared table of hostile calls (tests/hostile/cases.json, docs/hostile-input.md) run
// against the C# binding. Each case's setup is built, its arguments decoded into the C#
// values a caller could pass, the call made and the outcome checked; after a refused call
// the setup game's Serialize() bytes and Record() text must be byte-identical.
//
// C# is statically typed: a value that cannot be converted to the parameter's C# type
// without a cast of the caller's own (a string, bool, list or float for an int seat, a
// number above int.MaxValue for an int, a negative number for a ulong seed, bytes for a
// string) is refused by the compiler, so such a case cannot be expressed and is skipped
// with that reason. The expectations map as: "type" -> ArgumentNullException (null is the
// only value of a wrong kind C# lets through), "value" -> ArgumentException or
// ArgumentOutOfRangeException thrown by the binding before the C call, "error:STATUS" ->
// the DeckhandException subclass of that status.
using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Numerics;
using Deckhand;

static class HostileTests
{
    sealed class NotExpressible : Exception
    {
        public NotExpressible(string why) : base(why) { }
    }

    sealed class Omitted { }

    static JsonObject spec;

    static JsonObject Spec
    {
        get
        {
            if (spec == null)
                spec = (JsonObject)Json.Parse(File.ReadAllText(Path.Combine(Runner.Root, "tests", "hostile", "cases.json")));
            return spec;
        }
    }

    static Game Setup(string name)
    {
        var s = (JsonObject)((JsonObject)Spec["setups"])[name];
        int players = s.Has("players") ? int.Parse(((JsonNumber)s["players"]).Text) : 0;
        var g = new Game((string)s["game"], players, s.Has("options") ? Strings(s["options"], "options") : null);
        if (s.Has("deal")) g.Deal(ulong.Parse(((JsonNumber)s["deal"]).Text));
        return g;
    }

    /// A table value as the C# value it encodes (the table's "encoding" section).
    static object Decode(object value, JsonObject c, Game game)
    {
        var list = value as List<object>;
        if (list != null) return list.Select(v => Decode(v, c, game)).ToList();
        var num = value as JsonNumber;
        if (num != null) return num.IsInteger ? (object)BigInteger.Parse(num.Text) : num.Double;
        var obj = value as JsonObject;
        if (obj == null) return value;
        if (obj.Has("int")) return BigInteger.Parse((string)obj["int"]);
        if (obj.Has("float"))
        {
            string f = (string)obj["float"];
            if (f == "nan") return double.NaN;
            if (f == "inf") return double.PositiveInfinity;
            if (f == "-inf") return double.NegativeInfinity;
            return double.Parse(f, System.Globalization.CultureInfo.InvariantCulture);
        }
        if (obj.Has("undefined"))
        {
            if (!(c.Get("omit_ok") is bool && (bool)c["omit_ok"]))
                throw new NotExpressible("JS undefined: C# has no such value and the case is not omit_ok");
            return new Omitted();
        }
        if (obj.Has("repeat"))
            return string.Concat(Enumerable.Repeat((string)obj["repeat"], Int(obj["times"])));
        if (obj.Has("repeat_list"))
            return Enumerable.Repeat(Decode(obj["repeat_list"], c, game), Int(obj["times"])).ToList();
        if (obj.Has("numbered_list"))
        {
            string pattern = (string)obj["numbered_list"];
            return Enumerable.Range(0, Int(obj["times"])).Select(i => (object)pattern.Replace("{}", i.ToString())).ToList();
        }
        if (obj.Has("bytes_hex"))
        {
            string hex = (string)obj["bytes_hex"];
            var bytes = new byte[hex.Length / 2];
            for (int i = 0; i < bytes.Length; ++i) bytes[i] = Convert.ToByte(hex.Substring(2 * i, 2), 16);
            return bytes;
        }
        if (obj.Has("image"))
        {
            byte[] image = game.Serialize();
            if (obj.Has("flip"))
            {
                var flip = (List<object>)obj["flip"];
                int offset = Int(flip[0]);
                if (offset < 0) offset += image.Length;
                image[offset] ^= (byte)Int(flip[1]);
            }
            if (obj.Has("truncate")) image = image.Take(Int(obj["truncate"])).ToArray();
            return image;
        }
        if (obj.Has("object")) return game;
        var map = new JsonObject();
        foreach (var kv in obj) map.Add(new KeyValuePair<string, object>(kv.Key, Decode(kv.Value, c, game)));
        return map;
    }

    static int Int(object v) { return int.Parse(((JsonNumber)v).Text); }

    static string Describe(object v)
    {
        if (v == null) return "null";
        if (v is BigInteger) return "the integer " + v;
        if (v is double) return "the float " + v;
        if (v is string) return "a string";
        if (v is bool) return "a bool";
        if (v is byte[]) return "bytes";
        if (v is Game) return "a Game";
        if (v is JsonObject) return "an object";
        if (v is System.Collections.IList) return "a list";
        return v.GetType().Name;
    }

    // ---- conversions a C# caller's compiler allows (no cast of the caller's own) ----

    static int IntArg(object v, string name)
    {
        if (v is BigInteger)
        {
            var b = (BigInteger)v;
            if (b >= int.MinValue && b <= int.MaxValue) return (int)b;
        }
        throw new NotExpressible(name + " is a C# int: " + Describe(v) + " does not compile there");
    }

    static int? SeatArg(object v, string name)
    {
        if (v == null) return null;
        return IntArg(v, name);
    }

    static ulong SeedArg(object v, string name)
    {
        if (v is BigInteger)
        {
            var b = (BigInteger)v;
            if (b >= ulong.MinValue && b <= ulong.MaxValue) return (ulong)b;
        }
        throw new NotExpressible(name + " is a C# ulong: " + Describe(v) + " does not compile there");
    }

    static string StringArg(object v, string name)
    {
        if (v == null || v is string) return (string)v;
        throw new NotExpressible(name + " is a C# string: " + Describe(v) + " does not compile there");
    }

    static byte[] BytesArg(object v, string name)
    {
        if (v == null || v is byte[]) return (byte[])v;
        throw new NotExpressible(name + " is a C# byte[]: " + Describe(v) + " does not compile there");
    }

    /// Options: a list of "key=value" strings, or a JSON object written by a C# caller as
    /// "key=value" strings (its values strings or integers).
    static string[] Strings(object v, string name)
    {
        if (v == null) return null;
        var map = v as JsonObject;
        if (map != null)
            return map.Select(kv =>
            {
                object x = kv.Value is JsonNumber ? BigInteger.Parse(((JsonNumber)kv.Value).Text) : kv.Value;
                if (x is string || x is BigInteger) return kv.Key + "=" + x;
                throw new NotExpressible(name + " are C# strings: " + Describe(x) + " as an option's value does not compile");
            }).ToArray();
        var list = v as List<object>;
        if (list != null && list.All(x => x == null || x is string)) return list.Cast<string>().ToArray();
        throw new NotExpressible(name + " is a C# IEnumerable<string>: " + Describe(v) + " does not compile there");
    }

    static IEnumerable<int> SeatsArg(object v)
    {
        var list = v as List<object>;
        if (list == null) throw new NotExpressible("seats is a C# IEnumerable<int>: " + Describe(v) + " does not compile there");
        return list.Select(x => IntArg(x, "seats[i]")).ToList();
    }

    static object Call(Game game, string call, List<object> args)
    {
        args = args.Where(a => !(a is Omitted)).ToList();
        switch (call)
        {
            case "new_game":
                {
                    string name = StringArg(args[0], "name");
                    int players = args[1] == null ? 0 : IntArg(args[1], "players");
                    string[] options = Strings(args[2], "options");
                    using (new Game(name, players, options)) return null;
                }
            case "view": return game.ViewJson(SeatArg(args[0], "seat"));
            case "view_text": return game.ViewText(SeatArg(args[0], "seat"));
            case "apply":
                {
                    int seat = IntArg(args[0], "seat");
                    game.Apply(seat, StringArg(args[1], "action"));
                    return null;
                }
            case "check":
                {
                    int seat = IntArg(args[0], "seat");
                    game.Check(seat, StringArg(args[1], "action"));
                    return null;
                }
            case "is_legal":
                {
                    int seat = IntArg(args[0], "seat");
                    return game.IsLegal(seat, StringArg(args[1], "action"));
                }
            case "apply_legal": return game.ApplyLegal(IntArg(args[0], "index"));
            case "deal": game.Deal(SeedArg(args[0], "seed")); return null;
            case "deal_cards": game.DealCards(StringArg(args[0], "cards")); return null;
            case "reshuffle": game.Reshuffle(SeedArg(args[0], "seed")); return null;
            case "deserialize": using (Game.Deserialize(BytesArg(args[0], "data"))) return null;
            case "from_record": using (Game.FromRecord(StringArg(args[0], "record"))) return null;
#pragma warning disable 618  // BuyWinner is obsolete, and still checked
            case "buy_winner": return game.BuyWinner(SeatsArg(args[0]));
#pragma warning restore 618
            case "bot_new":
                {
                    string name = StringArg(args[0], "gameName");
                    string level = StringArg(args[1], "level");
                    using (new Bot(name, level, SeedArg(args[2], "seed"))) return null;
                }
            case "bot_choose":
                {
                    int? seat = SeatArg(args[0], "seat");
                    using (var bot = new Bot(game.Name)) return bot.Choose(game, seat);
                }
            default:
                throw new NotExpressible("the C# binding has no " + call + " (the experimental reinforcement-learning calls are Python's)");
        }
    }

    static string Outcome(string expect, Exception e)
    {
        if (expect == "ok") return e == null ? null : "expected success, got " + e.GetType().Name + ": " + e.Message;
        if (e == null) return "expected a refusal (" + expect + "), the call succeeded";
        if (expect == "type")
            return e is ArgumentNullException ? null : "expected ArgumentNullException, got " + e.GetType().Name + ": " + e.Message;
        if (expect == "value")
            return e is ArgumentException && !(e is ArgumentNullException) ? null
                : "expected ArgumentException, got " + e.GetType().Name + ": " + e.Message;
        var d = e as DeckhandException;
        if (expect == "error") return d != null ? null : "expected a DeckhandException, got " + e.GetType().Name;
        if (expect.StartsWith("error:"))
        {
            string status = expect.Substring(6);
            if (d == null) return "expected " + status + ", got " + e.GetType().Name + ": " + e.Message;
            if (d.StatusName != status) return "expected " + status + ", got " + d.StatusName + ": " + d.Message;
            if (string.IsNullOrEmpty(d.Message)) return "no message";
            return null;
        }
        return "unknown expectation " + expect;
    }

    [Test]
    public static void SharedHostileTable()
    {
        int ran = 0, skipped = 0, controls = 0;
        foreach (JsonObject c in ((List<object>)Spec["cases"]).Cast<JsonObject>())
        {
            string id = "hostile " + (string)c["id"];
            var only = c.Get("only") as List<object>;
            if (only != null && !only.Contains("dotnet"))
            {
                Runner.Skip(id, "only for " + string.Join(", ", only.Cast<string>()));
                ++skipped;
                continue;
            }
            string expect = (string)c["expect"];
            using (Game game = Setup((string)c["setup"]))
            {
                List<object> args;
                try
                {
                    args = (List<object>)Decode(c["args"], c, game);
                }
                catch (NotExpressible e)
                {
                    Runner.Skip(id, e.Message);
                    ++skipped;
                    continue;
                }
                byte[] before = game.Serialize();
                string record = game.KeepsHistory ? game.Record() : null;
                Exception thrown = null;
                try
                {
                    Call(game, (string)c["call"], args);
                }
                catch (NotExpressible e)
                {
                    Runner.Skip(id, e.Message);
                    ++skipped;
                    continue;
                }
                catch (Exception e)
                {
                    thrown = e;
                }
                string why = Outcome(expect, thrown);
                if (why == null && expect != "ok")
                {
                    if (!before.SequenceEqual(game.Serialize())) why = "a refused call changed the game's bytes";
                    else if (record != null && record != game.Record()) why = "a refused call changed the record";
                }
                if (expect == "ok") ++controls;
                ++ran;
                if (why == null) Runner.Pass(id);
                else Runner.Fail(id, why);
            }
        }
        Console.WriteLine("      hostile table: {0} cases run, {1} skipped (each with its reason; DECKHAND_TEST_VERBOSE=1 lists them)",
                          ran, skipped);
        Assert.True(controls >= 3, "the control cases ran");
    }
}
