// A table of every game with bots and a scripted human at seat 0, played to its end on a
// clock the test keeps.
using System;
using System.Collections.Generic;
using System.Linq;
using Deckhand;

static class TableTests
{
    [Test]
    public static void BotsAndAScriptedHumanPlayATableToItsEnd()
    {
        foreach (GameInfo info in Catalog.Games)
        {
            int players = info.MinPlayers;
            using (var adviser = new Bot(info.Name, "basic", 99))
            using (var t = new Table(info.Name, players, Games.LimitOptions(info, 2), 42, botMs: 100, dealMs: 500))
            {
                Assert.Equal(players, t.Players, "players");
                t.SeatHuman(0);
                for (int s = 1; s < players; ++s) t.SeatBot(s, "basic");
                Assert.Equal(SeatHolder.Human, t.Holder(0), "seat 0");
                Assert.Equal(SeatHolder.Bot, t.Holder(players - 1), "a bot seat");
                long now = 0;
                int humanMoves = 0, steps = 0;
                ulong answeredAt = ulong.MaxValue;
                while (!t.IsOver)
                {
                    if (++steps > 100000) throw new Exception(info.Name + ": the table does not end");
                    // Seat 0 acts when it is to act, or answers an offer of a discard once (its
                    // answer waits for the seats before it: then the clock moves on).
                    if (t.MayAct.Contains(0) && (t.ToAct == 0 || t.Seq != answeredAt))
                    {
                        string[] legal = t.LegalActions(0);
                        Assert.True(legal.Length > 0, "the human has actions");
                        if (humanMoves == 0)
                        {
                            byte[] before = t.Serialize();
                            var junk = Assert.Throws<DeckhandException>(() => t.Act(0, "%% nothing %%", now), "junk");
                            Assert.True(junk.Reason.Length > 0 && junk.Message.Length > 0, "a reason and a message");
                            Assert.Throws<ArgumentException>(() => t.Act(0, legal[0] + "\0", now), "NUL");
                            if (players > 1)
                            {
                                var e = Assert.Throws<WrongSeatException>(() => t.Act(1, legal[0], now), "a bot's seat");
                                Assert.Equal("not_seated", e.Reason, "reason");
                            }
                            Assert.Bytes(before, t.Serialize(), "refused acts change nothing");
                        }
                        // The script: a basic bot's choice on a copy of the table's game when seat 0
                        // is to act (the first action alone can go round in circles), the first
                        // answer when it is offered a discard.
                        string action = legal[0];
                        if (t.ToAct == 0)
                            using (Game copy = t.CopyGame())
                                action = adviser.Choose(copy, 0);
                        t.Act(0, action, now);
                        answeredAt = t.Seq;
                        ++humanMoves;
                        continue;
                    }
                    long? due = t.NextDueMs;
                    Assert.True(due.HasValue, info.Name + ": something is due");
                    now = Math.Max(now, due.Value);
                    t.Tick(now);
                }
                Assert.True(humanMoves > 0, "the human played");
                Assert.True(t.ToAct == null && t.NextDueMs == null, "nothing is due after the end");
                Assert.Equal(players, t.Scores.Length, "scores");
                var events = (List<object>)Json.Parse(t.EventsJson(0));
                Assert.True(events.Count > 0, "events");
                Json.Parse(t.EventsJson(null, t.Seq - 1));
                var snapshot = (JsonObject)Json.Parse(t.SnapshotJson(0));
                Assert.Equal(t.Seq.ToString(), ((JsonNumber)snapshot["seq"]).Text, "snapshot seq");
                Assert.Throws<DeckhandException>(() => t.Tick(now - 1), "time going backwards");
                string record = t.Record();
                var replay = (JsonObject)Json.Parse(Replay.Json(record));
                Assert.Equal(true, (bool)replay["ok"], "the table's record replays");
                using (Game g = t.CopyGame())
                {
                    Assert.True(g.IsOver, "the table's game is over");
                    Assert.True(g.Scores.SequenceEqual(t.Scores), "the same scores");
                }
                byte[] image = t.Serialize();
                using (Table back = Table.Deserialize(image))
                    Assert.Bytes(image, back.Serialize(), "the table's image round-trips");
                using (Table copy = t.Copy())
                    Assert.Bytes(image, copy.Serialize(), "Copy");
                image[image.Length - 1] ^= 1;
                Assert.Throws<CorruptDataException>(() => Table.Deserialize(image), "a damaged image");
            }
        }
    }

    [Test]
    public static void SeatsAndClocks()
    {
        GameInfo info = Catalog.Games[0];
        using (var t = new Table(info.Name, info.MinPlayers, null, 7, decisionMs: 1000, bankMs: 0, botMs: 0, dealMs: 0, standin: "random"))
        {
            Assert.True(t.ToAct == null, "nobody acts before every seat is held");
            var unseated = Assert.Throws<WrongSeatException>(() => t.Act(0, "x", 0), "an empty seat");
            Assert.Equal("not_seated", unseated.Reason, "reason");
            t.SeatHuman(0);
            var early = Assert.Throws<WrongPhaseException>(() => t.Act(0, "x", 0), "before the first deal");
            Assert.Equal("not_started", early.Reason, "reason");
            for (int s = 1; s < info.MinPlayers; ++s) t.SeatHuman(s);
            var taken = Assert.Throws<InvalidArgumentException>(() => t.SeatHuman(0), "a taken seat");
            Assert.Equal("seat_taken", taken.Reason, "reason");
            t.Tick(0);
            Assert.True(t.ToAct.HasValue, "someone acts after the deal");
            Assert.True(t.DeadlineMs.HasValue, "with a clock");
            int seat = t.ToAct.Value;
            t.Leave(seat, 10);
            Assert.Equal(SeatHolder.Away, t.Holder(seat), "away");
            t.SeatHuman(seat);
            Assert.Equal(SeatHolder.Human, t.Holder(seat), "back");
            Assert.Throws<ArgumentOutOfRangeException>(() => t.Holder(-1), "seat -1");
            Assert.Throws<InvalidArgumentException>(() => t.Holder(info.MinPlayers), "seat past the table");
            ulong seq = t.Seq;
            t.Tick(5000);  // the clock runs out: the stand-in moves
            Assert.True(t.Seq > seq, "the stand-in moved");
        }
    }
}
