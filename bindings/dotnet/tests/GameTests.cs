// The catalog, whole games of every game the catalog lists played by the library's bots,
// refusals with their reasons, copies and images. No game is named: the games, their
// options and limits come from the catalog.
using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using Deckhand;

static class Games
{
    /// "limit_option=N" with N = `want` kept inside the option's range, or null.
    public static string Limit(GameInfo info, int want)
    {
        if (string.IsNullOrEmpty(info.LimitOption)) return null;
        OptionInfo opt = info.Options.First(o => o.Name == info.LimitOption);
        foreach (string part in opt.Values.Split('|'))
        {
            int dots = part.IndexOf("..", StringComparison.Ordinal);
            if (dots < 0) continue;
            long lo = long.Parse(part.Substring(0, dots), CultureInfo.InvariantCulture);
            long hi = long.Parse(part.Substring(dots + 2), CultureInfo.InvariantCulture);
            long n = Math.Max(lo == 0 ? 1 : lo, Math.Min(hi, want));
            return info.LimitOption + "=" + n;
        }
        return info.UnattendedOption;
    }

    public static string[] LimitOptions(GameInfo info, int want)
    {
        string limit = Limit(info, want);
        return limit == null ? new string[0] : new[] { limit };
    }

    /// Plays `g` to its end with `bots`, dealing and reshuffling from seeds; returns the
    /// number of actions.
    public static int PlayOut(Game g, IList<Bot> bots, ulong seed, int maxActions = 200000)
    {
        int actions = 0;
        ulong chance = seed;
        while (!g.IsOver)
        {
            if (g.AwaitingDeal) g.Deal(++chance);
            else if (g.NeedsReshuffle) g.Reshuffle(++chance);
            else
            {
                Move m = Bot.NextMove(g, bots);
                Assert.True(m.Action != null, "the bot of the seat to act chooses");
                g.Apply(m.Seat, m.Action);
                if (++actions > maxActions) throw new Exception(g.Name + ": no end after " + maxActions + " actions");
            }
        }
        return actions;
    }

    public static Bot[] Bots(GameInfo info, int players, string level, ulong seed)
    {
        var bots = new Bot[players];
        for (int s = 0; s < players; ++s) bots[s] = new Bot(info.Name, level, seed + (ulong)s);
        return bots;
    }
}

static class CatalogTests
{
    [Test]
    public static void ListsGamesWithTheirFacts()
    {
        Assert.True(Catalog.Games.Count > 0, "the catalog lists games");
        string json = Catalog.Json();
        var parsed = (JsonObject)Json.Parse(json);
        var listed = (List<object>)parsed["games"];
        Assert.Equal(Catalog.Games.Count, listed.Count, "games in Catalog.Json()");
        for (int i = 0; i < Catalog.Games.Count; ++i)
        {
            GameInfo g = Catalog.Games[i];
            var j = (JsonObject)listed[i];
            Assert.Equal((string)j["name"], g.Name, "name");
            Assert.Equal((string)j["description"], g.Description, "description");
            Assert.Equal(((JsonNumber)j["min_players"]).Text, g.MinPlayers.ToString(), "min_players");
            Assert.Equal(((JsonNumber)j["max_players"]).Text, g.MaxPlayers.ToString(), "max_players");
            Assert.True(g.MinPlayers >= 1 && g.MinPlayers <= g.MaxPlayers, g.Name + ": players");
            var options = (List<object>)j["options"];
            Assert.Equal(options.Count, g.Options.Count, g.Name + ": options");
            for (int k = 0; k < options.Count; ++k)
            {
                var o = (JsonObject)options[k];
                Assert.Equal((string)o["name"], g.Options[k].Name, "option name");
                Assert.Equal((string)o["values"], g.Options[k].Values, "option values");
                Assert.Equal((string)o["default"], g.Options[k].Default, "option default");
                Assert.Equal((string)o["rule"], g.Options[k].Rule, "option rule");
            }
            var phases = (List<object>)j["phases"];
            Assert.True(phases.Cast<string>().SequenceEqual(g.Phases), g.Name + ": phases");
            var kinds = (List<object>)j["action_kinds"];
            Assert.Equal(kinds.Count, g.ActionKinds.Count, g.Name + ": action kinds");
            for (int k = 0; k < kinds.Count; ++k)
            {
                var a = (JsonObject)kinds[k];
                Assert.Equal((string)a["name"], g.ActionKinds[k].Name, "kind name");
                Assert.Equal((string)a["syntax"], g.ActionKinds[k].Syntax, "kind syntax");
                Assert.Equal(((JsonNumber)a["code"]).Text, g.ActionKinds[k].Code.ToString(), "kind code");
            }
            Assert.Equal((bool)j["lower_is_better"], g.LowerIsBetter, "lower_is_better");
            Assert.Equal(((JsonNumber)j["unattended_limit"]).Text, g.UnattendedLimit.ToString(), "unattended_limit");
        }
    }

    [Test]
    public static void FindsByNameIgnoringCaseAndSpaces()
    {
        foreach (GameInfo g in Catalog.Games)
        {
            Assert.True(Catalog.Find(g.Name) == g, "Find(" + g.Name + ")");
            Assert.True(Catalog.Find("  " + g.Name.ToUpperInvariant() + " ") == g, "Find ignores case and spaces");
        }
        Assert.True(Catalog.Find("no such game") == null, "an unknown name finds null");
        Assert.Throws<ArgumentNullException>(() => Catalog.Find(null), "Find(null)");
        Assert.Throws<ArgumentException>(() => Catalog.Find(Catalog.Games[0].Name + "\0"), "a NUL");
    }

    [Test]
    public static void NewGamesMatchTheCatalog()
    {
        foreach (GameInfo info in Catalog.Games)
            for (int p = info.MinPlayers; p <= info.MaxPlayers; ++p)
                using (var g = new Game(info.Name, p))
                {
                    Assert.Equal(info.Name, g.Name, "name");
                    Assert.Equal(p, g.Players, "players");
                    Assert.True(info.Phases.Contains(g.Phase), info.Name + ": phase " + g.Phase + " is listed");
                    Assert.True(g.AwaitingDeal && g.ToAct == null && !g.IsOver, "a new game waits for a deal");
                    Assert.Equal(p, g.Scores.Length, "scores");
                    Assert.Equal(0, g.Winners.Length, "no winners yet");
                    Assert.Equal(0, g.LastDeltas.Length, "no hand scored yet");
                    Assert.Equal("null", g.LastHandJson(), "no hand scored yet");
                    Assert.True(g.KeepsHistory, "history is on by default");
                }
    }

    [Test]
    public static void Version()
    {
        string v = Library.Version;
        string[] parts = v.Split('.');
        Assert.Equal(3, parts.Length, "version " + v);
        int number = int.Parse(parts[0]) * 10000 + int.Parse(parts[1]) * 100 + int.Parse(parts[2]);
        Assert.Equal(number, Library.VersionNumber, "version number");
    }
}

static class WholeGameTests
{
    /// A whole game of every game and player count, random bots and basic bots, then its
    /// record, replay, image and copies agree.
    [Test]
    public static void EveryGamePlayedByBots()
    {
        ulong seed = 1;
        foreach (GameInfo info in Catalog.Games)
            for (int p = info.MinPlayers; p <= info.MaxPlayers; ++p)
                foreach (string level in new[] { "random", "basic" })
                    for (int round = 0; round < 3; ++round)
                        PlayOneGame(info, p, level, seed += 10);
    }

    static void PlayOneGame(GameInfo info, int p, string level, ulong seed)
    {
        string what = info.Name + " " + p + "p " + level + " seed " + seed;
        using (var g = new Game(info.Name, p, Games.LimitOptions(info, 3)))
        {
            Bot[] bots = Games.Bots(info, p, level, seed);
            int actions = Games.PlayOut(g, bots, seed);
            Assert.True(actions > 0, what + ": actions were played");
            Assert.True(g.IsOver && g.ToAct == null, what + ": over");
            Assert.True(g.Winners.Length > 0, what + ": winners");
            Assert.Equal(p, g.Scores.Length, what + ": scores");
            Assert.True(info.Phases.Contains(g.Phase), what + ": its phase is listed");
            Json.Parse(g.ViewJson());
            for (int s = 0; s < p; ++s) Json.Parse(g.ViewJson(s));
            Assert.True(g.ViewText(0).Length > 0, "view text");
            Json.Parse(g.LastHandJson());

            string record = g.Record();
            var replay = (JsonObject)Json.Parse(Replay.Json(record));
            Assert.Equal(true, (bool)replay["ok"], what + ": its record replays");
            byte[] image = g.Serialize();
            using (var back = Game.FromRecord(record))
                Assert.Bytes(image, back.Serialize(), what + ": the record gives the same game");
            using (var back = Game.Deserialize(image))
            {
                Assert.Bytes(image, back.Serialize(), what + ": the image round-trips");
                Assert.Equal(record, back.Record(), what + ": the same record");
            }
            using (var copy = g.Copy())
                Assert.Bytes(image, copy.Serialize(), what + ": Copy");
            foreach (Bot b in bots) b.Dispose();
        }
    }

    /// One game of each at the catalog's unattended limit (its whole length when played
    /// unattended), random bots, with a different seed per game.
    [Test]
    public static void EveryGameAtItsUnattendedLimit()
    {
        ulong seed = 1000;
        foreach (GameInfo info in Catalog.Games)
        {
            string[] options = info.UnattendedOption == null ? null : new[] { info.UnattendedOption };
            using (var g = new Game(info.Name, info.MaxPlayers, options))
            {
                Bot[] bots = Games.Bots(info, info.MaxPlayers, "random", seed += 10);
                Games.PlayOut(g, bots, seed, 10000000);
                Assert.True(g.IsOver && g.Winners.Length > 0, info.Name + ": over, with winners");
                var replay = (JsonObject)Json.Parse(Replay.Json(g.Record()));
                Assert.Equal(true, (bool)replay["ok"], info.Name + ": its record replays");
                foreach (Bot b in bots) b.Dispose();
            }
        }
    }

    [Test]
    public static void PlayoutsResetsAndCopies()
    {
        foreach (GameInfo info in Catalog.Games)
            using (var g = new Game(info.Name, info.MinPlayers, Games.LimitOptions(info, 2)))
            using (var h = new Game(info.Name, info.MinPlayers, Games.LimitOptions(info, 2)))
            {
                long n = g.RandomPlayout(7, 1000000);
                Assert.True(n > 0 && g.IsOver, info.Name + ": a random playout ends");
                h.CopyFrom(g);
                Assert.Bytes(g.Serialize(), h.Serialize(), "CopyFrom");
                g.Reset();
                Assert.True(g.AwaitingDeal && !g.IsOver, "Reset");
                g.DeserializeInto(h.Serialize());
                Assert.Bytes(h.Serialize(), g.Serialize(), "DeserializeInto");
            }
    }

    [Test]
    public static void LegalMovesAgreeWithLegalActions()
    {
        foreach (GameInfo info in Catalog.Games)
            using (var g = new Game(info.Name, info.MaxPlayers, Games.LimitOptions(info, 1)))
            {
                int steps = 0;
                g.Deal(3);
                while (!g.IsOver && steps++ < 400)
                {
                    if (g.AwaitingDeal) { g.Deal((ulong)steps); continue; }
                    if (g.NeedsReshuffle) { g.Reshuffle((ulong)steps); continue; }
                    string[] texts = g.LegalActions();
                    Move[] moves = g.LegalMoves();
                    Assert.Equal(texts.Length, moves.Length, "moves");
                    Assert.Equal(texts.Length, g.LegalCount, "LegalCount");
                    for (int i = 0; i < texts.Length; ++i)
                    {
                        Assert.Equal(texts[i], moves[i].Action, "move text");
                        Assert.Equal(g.ToAct.Value, moves[i].Seat, "move seat");
                        Assert.True(g.IsLegal(moves[i].Seat, texts[i]), "legal");
                    }
                    g.ApplyLegal(steps % texts.Length);
                }
            }
    }

    [Test]
    public static void StrongBotChoosesALegalAction()
    {
        foreach (GameInfo info in Catalog.Games)
            using (var g = new Game(info.Name, info.MinPlayers))
            using (var bot = new Bot(info.Name, "strong", 5, new[] { "samples=2" }))
            {
                g.Deal(9);
                string action = bot.Choose(g);
                Assert.True(g.LegalActions().Contains(action), info.Name + ": the strong bot's choice is legal");
                int other = (g.ToAct.Value + 1) % g.Players;
                Assert.True(bot.Choose(g, other) == null, "a seat not to act gets null");
            }
        Assert.Equal(9, Bot.Levels.Count, "levels");
    }
}

static class ErrorTests
{
    static void Unchanged(Game g, Action refused, string what)
    {
        byte[] before = g.Serialize();
        string record = g.KeepsHistory ? g.Record() : null;
        try
        {
            refused();
        }
        finally
        {
            Assert.Bytes(before, g.Serialize(), what + ": the game is unchanged");
            if (record != null) Assert.Equal(record, g.Record(), what + ": the record is unchanged");
        }
    }

    static void HasReason(DeckhandException e, Status status, string what)
    {
        Assert.Equal(status, e.Status, what + ": status");
        Assert.Equal("DH_E_" + ToSnake(status.ToString()), e.StatusName, what + ": status name");
        Assert.True(!string.IsNullOrEmpty(e.Reason), what + ": a reason (" + e.Message + ")");
        Assert.True(e.Message.Length > 0, what + ": a message");
    }

    static string ToSnake(string s)
    {
        var sb = new System.Text.StringBuilder();
        foreach (char c in s)
        {
            if (char.IsUpper(c) && sb.Length > 0) sb.Append('_');
            sb.Append(char.ToUpperInvariant(c));
        }
        return sb.ToString();
    }

    [Test]
    public static void CreationRefusals()
    {
        var e = Assert.Throws<UnknownGameException>(() => new Game("no such game"), "unknown game");
        HasReason(e, Status.UnknownGame, "unknown game");
        Assert.True(e is DeckhandException, "a DeckhandException");
        GameInfo info = Catalog.Games[0];
        var b = Assert.Throws<BadOptionException>(() => new Game(info.Name, 0, new[] { "no_such_option=1" }), "bad option");
        HasReason(b, Status.BadOption, "bad option");
        Assert.Throws<InvalidArgumentException>(() => new Game(info.Name, info.MaxPlayers + 1), "players");
        Assert.Throws<ArgumentOutOfRangeException>(() => new Game(info.Name, -1), "players -1");
        Assert.Throws<ArgumentOutOfRangeException>(() => new Game(info.Name, 0, null, -1), "first dealer -1");
        Assert.Throws<ArgumentNullException>(() => new Game(null), "name null");
        Assert.Throws<ArgumentNullException>(() => new Game(info.Name, 0, new string[] { null }), "option null");
        Assert.Throws<ArgumentException>(() => new Game(info.Name + "\0"), "NUL");
        Assert.Throws<ArgumentException>(() => new Game(info.Name, 0, new[] { "history=o\0ff" }), "NUL in an option");
        Assert.Throws<ArgumentException>(() => new Game(info.Name + "\ud800"), "lone surrogate");
        Assert.Throws<BadOptionException>(() => new Bot(info.Name, "no such level"), "bot level");
        Assert.Throws<UnknownGameException>(() => new Bot("no such game"), "bot game");
        Assert.Throws<ArgumentNullException>(() => new Bot(info.Name, null), "bot level null");
        Assert.Throws<BadOptionException>(() => new Table(info.Name, 0, null, 0, null, null, null, null, null, "nobody"), "standin");
        Assert.Throws<ArgumentOutOfRangeException>(() => new Table(info.Name, 0, null, 0, -5), "decisionMs");
    }

    [Test]
    public static void PlayRefusalsCarryReasonsAndChangeNothing()
    {
        bool illegal = false;
        foreach (GameInfo info in Catalog.Games)
            using (var g = new Game(info.Name, info.MinPlayers, Games.LimitOptions(info, 2)))
            {
                var seen = new HashSet<string>();
                using (var probe = new Game(info.Name, info.MinPlayers, Games.LimitOptions(info, 2)))
                {
                    Bot[] bots = Games.Bots(info, info.MinPlayers, "random", 3);
                    int steps = 0;
                    while (!probe.IsOver && steps++ < 3000)
                    {
                        if (probe.AwaitingDeal) { probe.Deal((ulong)steps); continue; }
                        if (probe.NeedsReshuffle) { probe.Reshuffle((ulong)steps); continue; }
                        foreach (string a in probe.LegalActions()) seen.Add(a);
                        Move m = Bot.NextMove(probe, bots);
                        probe.Apply(m.Seat, m.Action);
                    }
                }
                var nobody = Assert.Throws<DeckhandException>(() => g.Apply(0, seen.First()), "before the deal");
                Assert.True(nobody.Message.Length > 0, "a message");
                g.Deal(21);
                int refusals = 0;
                for (int step = 0; step < 60 && !g.IsOver; ++step)
                {
                    if (g.AwaitingDeal) { g.Deal((ulong)step); continue; }
                    if (g.NeedsReshuffle) { g.Reshuffle((ulong)step); continue; }
                    int seat = g.ToAct.Value;
                    string[] legal = g.LegalActions();
                    string what = info.Name + " " + g.Phase;
                    int other = (seat + 1) % g.Players;
                    Unchanged(g, () => HasReason(Assert.Throws<WrongSeatException>(() => g.Apply(other, legal[0]), what + " wrong seat"),
                                                 Status.WrongSeat, what), what);
                    Unchanged(g, () => Assert.Throws<ParseException>(() => g.Apply(seat, "%% not an action %%"), what + " parse"), what);
                    Unchanged(g, () => Assert.Throws<InvalidArgumentException>(() => g.Apply(g.Players, legal[0]), what + " seat past the table"), what);
                    Unchanged(g, () => Assert.Throws<ArgumentOutOfRangeException>(() => g.Apply(-1, legal[0]), what + " seat -1"), what);
                    Unchanged(g, () => Assert.Throws<ArgumentException>(() => g.Apply(seat, legal[0] + "\0"), what + " NUL"), what);
                    Unchanged(g, () => Assert.Throws<ArgumentNullException>(() => g.Apply(seat, null), what + " null"), what);
                    Unchanged(g, () => Assert.Throws<InvalidArgumentException>(() => g.ApplyLegal(legal.Length), what + " index"), what);
                    Unchanged(g, () => Assert.Throws<ArgumentOutOfRangeException>(() => g.ApplyLegal(-1), what + " index -1"), what);
                    Unchanged(g, () => Assert.Throws<InvalidArgumentException>(() => g.ViewJson(g.Players), what + " view"), what);
                    Unchanged(g, () => Assert.Throws<ArgumentOutOfRangeException>(() => g.ViewJson(-1), what + " view -1"), what);
                    foreach (string text in seen)
                    {
                        if (legal.Contains(text) || g.IsLegal(seat, text)) continue;
                        string t = text;
                        Unchanged(g, () =>
                        {
                            var e = Assert.Throws<DeckhandException>(() => g.Apply(seat, t), what + " " + t);
                            Assert.True(e.Status == Status.Illegal || e.Status == Status.WrongPhase || e.Status == Status.Parse ||
                                        e.Status == Status.WrongSeat,
                                        what + " " + t + ": refused by the rules (" + e.StatusName + ")");
                            HasReason(e, e.Status, what + " " + t);
                            var c = Assert.Throws<DeckhandException>(() => g.Check(seat, t), "Check");
                            Assert.Equal(e.Status, c.Status, "Check gives the same status");
                            Assert.Equal(e.Reason, c.Reason, "Check gives the same reason");
                            if (e.Status == Status.Illegal) illegal = true;
                        }, what);
                        if (++refusals % 7 == 0) break;
                    }
                    g.ApplyLegal(step % legal.Length);
                }
                Assert.True(refusals > 0, info.Name + ": refused actions were found");
            }
        Assert.True(illegal, "some game refused an action as illegal");
    }

    [Test]
    public static void DataRefusals()
    {
        GameInfo info = Catalog.Games[Catalog.Games.Count - 1];
        using (var g = new Game(info.Name, info.MinPlayers))
        {
            g.Deal(4);
            byte[] image = g.Serialize();
            image[image.Length / 2] ^= 0x40;
            HasReason(Assert.Throws<CorruptDataException>(() => Game.Deserialize(image), "flipped byte"), Status.Corrupt, "image");
            Assert.Throws<CorruptDataException>(() => Game.Deserialize(new byte[0]), "empty image");
            Assert.Throws<ArgumentNullException>(() => Game.Deserialize(null), "null image");
            Unchanged(g, () => Assert.Throws<CorruptDataException>(() => g.DeserializeInto(image), "DeserializeInto"), "DeserializeInto");
            var r = Assert.Throws<RecordException>(() => Game.FromRecord("this is not a record"), "record");
            Assert.True(r.Line >= 1, "the refused line");
            HasReason(r, Status.Record, "record");
            Unchanged(g, () => Assert.Throws<WrongPhaseException>(() => g.Deal(5), "a second deal"), "deal");
            Unchanged(g, () => Assert.Throws<ArgumentException>(() => g.DealCards("0: \0"), "NUL in cards"), "cards");
        }
        using (var g = new Game(info.Name, info.MinPlayers, new[] { "history=off" }))
        {
            Assert.True(!g.KeepsHistory, "history=off");
            var u = Assert.Throws<UnsupportedException>(() => g.Record(), "no record");
            Assert.Equal("no_history", u.Reason, "reason");
        }
        var d = new Game(info.Name, info.MinPlayers);
        d.Dispose();
        d.Dispose();
        Assert.Throws<ObjectDisposedException>(() => d.Serialize(), "a disposed game");
        Assert.Throws<ObjectDisposedException>(() => { var x = d.ToAct; }, "a disposed game");
    }

    [Test]
    public static void BotRefusals()
    {
        GameInfo info = Catalog.Games[0];
        GameInfo other = Catalog.Games[Catalog.Games.Count - 1];
        using (var bot = new Bot(info.Name))
        using (var g = new Game(info.Name, info.MinPlayers))
        {
            Assert.Throws<WrongPhaseException>(() => bot.Choose(g), "before the deal");
            g.Deal(1);
            Assert.Throws<InvalidArgumentException>(() => bot.Choose(g, g.Players), "seat past the table");
            Assert.Throws<ArgumentOutOfRangeException>(() => bot.Choose(g, -1), "seat -1");
            Assert.Throws<ArgumentNullException>(() => bot.Choose(null), "no game");
            if (other.Name != info.Name)
                using (var h = new Game(other.Name, other.MinPlayers))
                {
                    h.Deal(1);
                    Assert.Throws<UnknownGameException>(() => bot.Choose(h), "a game of another kind");
                }
        }
    }
}

/// Values at the ends of C#'s own types, which the shared hostile table (written for
/// dynamic languages) does not reach: each is refused by the binding or the library, and
/// nothing changes.
static class EdgeTests
{
    [Test]
    public static void ExtremeNumbersAreRefusedCleanly()
    {
        foreach (GameInfo info in Catalog.Games)
            using (var g = new Game(info.Name, info.MinPlayers))
            {
                g.Deal(ulong.MaxValue);
                byte[] before = g.Serialize();
                string legal = g.LegalActions()[0];
                Assert.Throws<InvalidArgumentException>(() => g.Apply(int.MaxValue, legal), "seat int.MaxValue");
                Assert.Throws<ArgumentOutOfRangeException>(() => g.Apply(int.MinValue, legal), "seat int.MinValue");
                Assert.Throws<InvalidArgumentException>(() => g.ApplyLegal(int.MaxValue), "index int.MaxValue");
                Assert.Throws<InvalidArgumentException>(() => g.ViewJson(int.MaxValue), "view int.MaxValue");
                Assert.Throws<InvalidArgumentException>(() => g.SampleConsistent(int.MaxValue, 1), "sample int.MaxValue");
                Assert.Throws<ArgumentOutOfRangeException>(() => g.RandomPlayout(1, long.MinValue), "max actions");
                Assert.Throws<ParseException>(() => g.Apply(g.ToAct.Value, new string('x', 1 << 20)), "a huge action");
                Assert.Throws<ParseException>(() => g.Apply(g.ToAct.Value, "\u00e9\U0001F0A1"), "non-ASCII text");
#pragma warning disable 618
                Assert.Throws<ArgumentOutOfRangeException>(() => g.BuyWinner(new[] { 32 }), "buy seat 32");
                Assert.Throws<ArgumentNullException>(() => g.BuyWinner(null), "buy null");
#pragma warning restore 618
                Assert.Bytes(before, g.Serialize(), info.Name + ": nothing changed");
                Assert.Throws<InvalidArgumentException>(() => new Game(info.Name, int.MaxValue), "players int.MaxValue");
                Assert.Throws<InvalidArgumentException>(() => new Game(info.Name, 0, null, int.MaxValue), "dealer int.MaxValue");
            }
        GameInfo first = Catalog.Games[0];
        Assert.Throws<BadOptionException>(() => new Table(first.Name, 0, null, 0, decisionMs: long.MaxValue), "decisionMs");
        using (var t = new Table(first.Name, 0, null, ulong.MaxValue))
        {
            t.Tick(long.MaxValue);
            var back = Assert.Throws<InvalidArgumentException>(() => t.Tick(long.MinValue), "time going backwards");
            Assert.Equal("time_backwards", back.Reason, "reason");
            Assert.Throws<ArgumentOutOfRangeException>(() => t.SeatHuman(int.MinValue), "seat int.MinValue");
            Assert.Throws<InvalidArgumentException>(() => t.SeatBot(int.MaxValue), "seat int.MaxValue");
            Assert.Throws<ArgumentOutOfRangeException>(() => t.LegalActions(-1), "seat -1 (null is the spectator)");
            Assert.Equal(0, t.LegalActions(null).Length, "a spectator does nothing");
        }
    }

    [Test]
    public static void DisposedObjectsRefuseUse()
    {
        GameInfo info = Catalog.Games[0];
        var t = new Table(info.Name);
        t.Dispose();
        Assert.Throws<ObjectDisposedException>(() => t.Tick(0), "a disposed table");
        var b = new Bot(info.Name);
        b.Dispose();
        using (var g = new Game(info.Name))
        {
            g.Deal(1);
            Assert.Throws<ObjectDisposedException>(() => b.Choose(g), "a disposed bot");
            var copy = g.Copy();
            g.Dispose();
            Assert.True(copy.LegalActions().Length > 0, "a copy lives on after its source is disposed");
            copy.Dispose();
        }
    }
}
