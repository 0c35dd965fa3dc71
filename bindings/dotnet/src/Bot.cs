// Deckhand.Bot: the library's bots (dh_bot_*). A bot decides from its seat's view alone.
using System;
using System.Collections.Generic;

namespace Deckhand
{
    public sealed class Bot : IDisposable
    {
        /// The levels the library's bots have (docs/bots.md): the named ones, weakest first,
        /// then the ladder's "1" (beginner) to "5" (expert).
        public static readonly IReadOnlyList<string> Levels =
            new System.Collections.ObjectModel.ReadOnlyCollection<string>(
                new[] { "random", "basic", "strong", "expert", "1", "2", "3", "4", "5" });

        readonly BotHandle h;

        public string GameName { get; private set; }
        public string Level { get; private set; }
        public ulong Seed { get; private set; }

        /// A bot of `level` for the game `gameName`, its choices drawn from a generator seeded
        /// with `seed` (the same seed and games give the same choices). `options`: the
        /// budget of "strong" and "expert" ("samples=N", "time_ms=N"; other levels ignore them),
        /// and the levels' other options of deckhand.h ("lapse=N", "persona=NAME", "habit=N").
        /// One bot may play several seats.
        public Bot(string gameName, string level = "basic", ulong seed = 0, IEnumerable<string> options = null)
        {
            byte[] cname = Args.Text(gameName, "gameName");
            byte[] clevel = Args.Text(level, "level");
            string[] opts = Args.Options(options);
            IntPtr[] ptrs = Native.CStrings(opts);
            try
            {
                byte[] err = Native.NewError();
                Native.Check(Native.dh_bot_new(out h, cname, clevel, seed, ptrs, (UIntPtr)opts.Length, err), err);
            }
            finally
            {
                Native.FreeAll(ptrs);
            }
            GameName = gameName;
            Level = level;
            Seed = seed;
        }

        public void Dispose() { h.Dispose(); }

        BotHandle Handle
        {
            get
            {
                if (h.IsClosed) throw new ObjectDisposedException("Deckhand.Bot");
                return h;
            }
        }

        /// What `seat` (null: the seat to act) does now in `game`, as action text for
        /// game.Apply(seat, text); null for a seat that is not to act. A game waiting for a
        /// deal or a reshuffle throws WrongPhaseException, a game that is over
        /// GameOverException, a game of another kind UnknownGameException.
        public string Choose(Game game, int? seat = null)
        {
            if (game == null) throw new ArgumentNullException("game");
            int s;
            if (seat.HasValue)
                s = Args.Seat(seat.Value);
            else
            {
                int? toAct = game.ToAct;
                if (!toAct.HasValue) throw NoDecision(game);
                s = toAct.Value;
            }
            var action = new byte[Native.ActionSize];
            byte[] err = Native.NewError();
            GameHandle g = game.Handle;
            int status = Native.dh_bot_choose(action, Handle, g, s, err);
            if (status == (int)Status.WrongSeat && game.ToAct != s) return null;
            Native.Check(status, err);
            return Game.FormatAction(g, action);
        }

        /// The next move of `game`: the seat to act's, bots[s] deciding for seat s.
        public static Move NextMove(Game game, IList<Bot> bots)
        {
            if (game == null) throw new ArgumentNullException("game");
            if (bots == null) throw new ArgumentNullException("bots");
            int? seat = game.ToAct;
            if (!seat.HasValue) throw NoDecision(game);
            if (seat.Value >= bots.Count)
                throw new ArgumentException("bots: no bot for seat " + seat.Value + " (" + bots.Count + " given)", "bots");
            if (bots[seat.Value] == null) throw new ArgumentNullException("bots", "bots[" + seat.Value + "] is null");
            return new Move(seat.Value, bots[seat.Value].Choose(game, seat.Value));
        }

        static DeckhandException NoDecision(Game game)
        {
            if (game.IsOver)
                return new GameOverException(Status.GameOver, "DH_E_GAME_OVER", "game_over", 0,
                                             "game_over: the game has ended", 0);
            if (game.NeedsReshuffle)
                return new WrongPhaseException(Status.WrongPhase, "DH_E_WRONG_PHASE", "reshuffle_needed", 0,
                                               "reshuffle_needed: nobody acts until the reshuffle is given (T13)", 0);
            return new WrongPhaseException(Status.WrongPhase, "DH_E_WRONG_PHASE", "awaiting_deal", 0,
                                           "awaiting_deal: nobody acts until the next deal", 0);
        }

        public override string ToString() { return "<Deckhand.Bot " + GameName + " " + Level + " seed=" + Seed + ">"; }
    }
}
