package deckhand_test

import (
	"bytes"
	"errors"
	"runtime"
	"strings"
	"sync"
	"testing"

	deckhand "github.com/deckhand/deckhand-go"
	"github.com/deckhand/deckhand-go/internal/playall"
)

// playOut plays game to its end with bots, dealing from seeds, checking each step.
func playOut(t *testing.T, game *deckhand.Game, bots []*deckhand.Bot, seed uint64) int {
	t.Helper()
	actions, deal := 0, uint64(0)
	for !game.IsOver() {
		if game.AwaitingDeal() {
			if _, ok := game.ToAct(); ok {
				t.Fatal("a seat acts while a deal is due")
			}
			deal++
			if err := game.Deal(seed*7919 + deal); err != nil {
				t.Fatal(err)
			}
			continue
		}
		legal := game.LegalActions()
		if len(legal) != game.LegalCount() || len(legal) == 0 {
			t.Fatalf("%d legal actions, count %d", len(legal), game.LegalCount())
		}
		seat, action, err := deckhand.NextMove(game, bots)
		if err != nil {
			t.Fatal(err)
		}
		if ok, err := game.IsLegal(seat, action); !ok || err != nil {
			t.Fatalf("the bot's %q is not legal: %v", action, err)
		}
		if err := game.Apply(seat, action); err != nil {
			t.Fatal(err)
		}
		actions++
		if actions > 200000 {
			t.Fatal("no end")
		}
	}
	return actions
}

func TestWholeGamesOfEveryGameAndPlayerCountByBotsOfEachLevel(t *testing.T) {
	for _, info := range deckhand.Games() {
		for players := info.MinPlayers; players <= info.MaxPlayers; players++ {
			for i, level := range []string{"random", "basic"} {
				seed := uint64(players*10 + i)
				game, err := deckhand.NewGame(info.Name, players, limitOptions(info, 2))
				if err != nil {
					t.Fatal(err)
				}
				bots := make([]*deckhand.Bot, players)
				for s := range bots {
					if bots[s], err = deckhand.NewBot(info.Name, level, seed+uint64(s), nil); err != nil {
						t.Fatal(err)
					}
				}
				if playOut(t, game, bots, seed) == 0 || len(game.Winners()) == 0 ||
					len(game.Scores()) != players || game.Phase() != info.Phases[len(info.Phases)-1] {
					t.Errorf("%s %d %s: %v %v %s", info.Name, players, level, game.Scores(), game.Winners(), game.Phase())
				}
				record, err := game.Record()
				if err != nil {
					t.Fatal(err)
				}
				replayed, err := deckhand.FromRecord(record)
				if err != nil || !bytes.Equal(replayed.Serialize(), game.Serialize()) {
					t.Errorf("%s: the record does not replay to the game: %v", info.Name, err)
				}
				js, err := deckhand.ReplayJSON(record)
				if err != nil {
					t.Fatal(err)
				}
				doc := mustJSON(t, js).(map[string]any)
				if doc["ok"] != true || doc["over"] != true || len(doc["scores"].([]any)) != players {
					t.Errorf("%s: %s", info.Name, js)
				}
				replayed.Close()
				game.Close()
				for _, b := range bots {
					b.Close()
				}
			}
		}
	}
}

func TestAStrongBotPlaysAHandOfEveryGame(t *testing.T) {
	for _, info := range deckhand.Games() {
		game, _ := deckhand.NewGame(info.Name, info.MinPlayers, limitOptions(info, 1))
		defer game.Close()
		bots := make([]*deckhand.Bot, info.MinPlayers)
		for s := range bots {
			var err error
			if bots[s], err = deckhand.NewBot(info.Name, "strong", uint64(s), []string{"samples=4"}); err != nil {
				t.Fatal(err)
			}
			defer bots[s].Close()
		}
		if err := game.Deal(3); err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 40; i++ {
			if _, ok := game.ToAct(); !ok {
				break
			}
			seat, action, err := deckhand.NextMove(game, bots)
			if err != nil {
				t.Fatal(err)
			}
			if err := game.Apply(seat, action); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func TestTheExamplePlaysEveryGameWithTheLibrarysBots(t *testing.T) {
	played, err := playall.PlayAll(1)
	if err != nil {
		t.Fatal(err)
	}
	games := deckhand.Games()
	if len(played) != len(games) {
		t.Fatalf("%d played of %d", len(played), len(games))
	}
	for i, p := range played {
		if p.Name != games[i].Name || p.Actions == 0 || len(p.Winners) == 0 {
			t.Errorf("%+v", p)
		}
		g, err := deckhand.FromRecord(p.Record)
		if err != nil || !g.IsOver() {
			t.Errorf("%s: %v", p.Name, err)
		}
	}
}

func TestSerializeCloneCopyAndResetRoundTrip(t *testing.T) {
	for _, info := range deckhand.Games() {
		game, _ := deckhand.NewGame(info.Name, info.MaxPlayers, nil)
		defer game.Close()
		if err := game.Deal(5); err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 5; i++ {
			if game.LegalCount() > 1 {
				if _, err := game.ApplyLegal(1); err != nil {
					t.Fatal(err)
				}
			}
		}
		image := game.Serialize()
		restored, err := deckhand.Deserialize(image)
		if err != nil || !bytes.Equal(restored.Serialize(), image) {
			t.Fatalf("%s: %v", info.Name, err)
		}
		v1, _ := restored.ViewJSON(0)
		v2, _ := game.ViewJSON(0)
		if v1 != v2 {
			t.Errorf("%s: views differ", info.Name)
		}
		copy, _ := game.Clone()
		if _, err := copy.RandomPlayout(1, 1); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(game.Serialize(), image) {
			t.Errorf("%s: a clone's move changed the original", info.Name)
		}
		other, _ := deckhand.NewGame(info.Name, info.MaxPlayers, nil)
		if err := other.CopyFrom(game); err != nil || !bytes.Equal(other.Serialize(), image) {
			t.Errorf("%s: CopyFrom: %v", info.Name, err)
		}
		if err := other.DeserializeInto(copy.Serialize()); err != nil || !bytes.Equal(other.Serialize(), copy.Serialize()) {
			t.Errorf("%s: DeserializeInto: %v", info.Name, err)
		}
		if err := other.Reset(); err != nil || !other.AwaitingDeal() {
			t.Errorf("%s: Reset: %v", info.Name, err)
		}
		for s := 0; s < game.Players(); s++ {
			if v, err := game.ViewJSON(s); err != nil || !strings.HasPrefix(v, "{") {
				t.Errorf("%s: view of %d: %v", info.Name, s, err)
			}
			if v, err := game.ViewText(s); err != nil || v == "" {
				t.Errorf("%s: view text of %d: %v", info.Name, s, err)
			}
		}
		if v, err := game.ViewJSON(deckhand.Spectator); err != nil || !strings.HasPrefix(v, "{") {
			t.Errorf("%s: spectator: %v", info.Name, err)
		}
		if _, err := game.ViewJSON(game.Players()); !errors.Is(err, deckhand.ErrInvalidArgument) {
			t.Errorf("%s: a seat past the table: %v", info.Name, err)
		}
		moves := game.LegalMoves()
		texts := game.LegalActions()
		if len(moves) != len(texts) {
			t.Fatalf("%d moves, %d texts", len(moves), len(texts))
		}
		for i := range moves {
			if moves[i].Action != texts[i] {
				t.Errorf("%s: %v vs %v", info.Name, moves[i], texts[i])
			}
		}
		var history string
		for _, o := range info.Options {
			if o.Rule == "engine" {
				history = o.Name
			}
		}
		quiet, _ := deckhand.NewGame(info.Name, info.MinPlayers, []string{history + "=off"})
		quiet.Deal(1)
		if quiet.KeepsHistory() {
			t.Error("history=off keeps history")
		}
		var e *deckhand.Error
		if _, err := quiet.Record(); !errors.As(err, &e) || e.Status != deckhand.ErrUnsupported || e.Reason != "no_history" {
			t.Errorf("%s: %v", info.Name, err)
		}
		q2, err := deckhand.Deserialize(quiet.Serialize())
		if err != nil || !bytes.Equal(q2.Serialize(), quiet.Serialize()) {
			t.Errorf("%s: history=off image: %v", info.Name, err)
		}
		seat, _ := game.ToAct()
		if seat < 0 {
			seat = 0
		}
		sample, err := game.SampleConsistent(seat, 4)
		if err != nil || sample.Name() != game.Name() {
			t.Errorf("%s: sample: %v", info.Name, err)
		}
		if len(game.LastHandJSON()) < 4 {
			t.Error("last hand JSON")
		}
		for _, h := range []*deckhand.Game{restored, copy, other, quiet, q2, sample} {
			h.Close()
		}
	}
}

func TestRefusalsCarryStatusReasonAndMessageAndChangeNothing(t *testing.T) {
	for _, info := range deckhand.Games() {
		game, _ := deckhand.NewGame(info.Name, info.MinPlayers, nil)
		defer game.Close()
		if _, err := game.ApplyLegal(0); err == nil {
			t.Error("a move before the deal")
		}
		game.Deal(2)
		record, _ := game.Record()
		image := game.Serialize()
		seat, _ := game.ToAct()
		other := (seat + 1) % game.Players()
		legal := game.LegalActions()
		err := game.Apply(other, legal[0])
		var e *deckhand.Error
		if !errors.Is(err, deckhand.ErrWrongSeat) || !errors.As(err, &e) || e.Reason == "" ||
			!strings.Contains(e.Message, e.Reason) || e.ReasonNumber <= 0 {
			t.Errorf("%s: out of turn: %#v", info.Name, err)
		}
		if err := game.Apply(seat, "no such action at all"); !errors.Is(err, deckhand.ErrParse) {
			t.Errorf("%s: malformed: %v", info.Name, err)
		}
		if ok, err := game.IsLegal(other, legal[0]); ok || err != nil {
			t.Errorf("%s: IsLegal out of turn: %v %v", info.Name, ok, err)
		}
		if err := game.Check(seat, legal[0]); err != nil {
			t.Errorf("%s: Check: %v", info.Name, err)
		}
		_, err = game.ApplyLegal(len(legal))
		if !errors.As(err, &e) || e.Status != deckhand.ErrInvalidArgument || e.Reason != "bad_action_index" {
			t.Errorf("%s: past the list: %v", info.Name, err)
		}
		for _, bad := range []error{game.Apply(1<<32, legal[0]), game.Apply(-1, legal[0]),
			game.Apply(seat, "pass\x00x"), game.Apply(seat, "pass\xff")} {
			if !errors.Is(bad, deckhand.ErrValue) {
				t.Errorf("%s: not refused before the call: %v", info.Name, bad)
			}
		}
		if _, err := deckhand.NewGame(info.Name, info.MinPlayers, []string{"no_such_option=1"}); !errors.Is(err, deckhand.ErrBadOption) ||
			!strings.Contains(err.Error(), "no_such_option") {
			t.Errorf("%s: bad option: %v", info.Name, err)
		}
		if _, err := deckhand.NewBot(info.Name, "no-such-level", 0, nil); !errors.Is(err, deckhand.ErrBadOption) {
			t.Errorf("%s: bad level: %v", info.Name, err)
		}
		bot, _ := deckhand.NewBot(info.Name, "basic", 0, nil)
		if _, err := bot.Choose(game, other); !errors.Is(err, deckhand.ErrWrongSeat) {
			t.Errorf("%s: bot for another seat: %v", info.Name, err)
		}
		bot.Close()
		bot.Close() // a second Close does nothing
		after, _ := game.Record()
		if !bytes.Equal(game.Serialize(), image) || after != record {
			t.Errorf("%s: a refused call changed the game", info.Name)
		}
		_, err = deckhand.FromRecord(record + "this is not a line\n")
		if !errors.As(err, &e) || e.Line <= 0 {
			t.Errorf("%s: a bad record line: %#v", info.Name, err)
		}
		image[len(image)-1] ^= 1
		if _, err := deckhand.Deserialize(image); !errors.Is(err, deckhand.ErrCorrupt) {
			t.Errorf("%s: corrupt: %v", info.Name, err)
		}
	}
	games := deckhand.Games()
	if len(games) > 1 {
		g, _ := deckhand.NewGame(games[0].Name, games[0].MinPlayers, nil)
		g.Deal(1)
		bot, _ := deckhand.NewBot(games[1].Name, "basic", 0, nil)
		seat, _ := g.ToAct()
		if _, err := bot.Choose(g, seat); !errors.Is(err, deckhand.ErrUnknownGame) {
			t.Errorf("a bot of another game: %v", err)
		}
	}
}

func TestClosedHandlesRefuseCleanlyAndGoroutinesPlayAtOnce(t *testing.T) {
	info := deckhand.Games()[0]
	g, _ := deckhand.NewGame(info.Name, info.MinPlayers, nil)
	g.Close()
	if err := g.Deal(1); !errors.Is(err, deckhand.ErrNullArgument) {
		t.Errorf("a closed game: %v", err)
	}
	if g.Name() != "" || len(g.LegalActions()) != 0 || len(g.LegalMoves()) != 0 {
		t.Error("a closed game answers")
	}
	// nil pointers are refused with ErrNullArgument, never a panic.
	bot, _ := deckhand.NewBot(info.Name, "basic", 0, nil)
	defer bot.Close()
	if _, err := bot.Choose(nil, 0); !errors.Is(err, deckhand.ErrNullArgument) {
		t.Errorf("Choose(nil): %v", err)
	}
	var noBot *deckhand.Bot
	if _, err := noBot.Choose(g, 0); !errors.Is(err, deckhand.ErrNullArgument) {
		t.Errorf("a nil bot's Choose: %v", err)
	}
	if _, _, err := deckhand.NextMove(nil, []*deckhand.Bot{bot}); !errors.Is(err, deckhand.ErrNullArgument) {
		t.Errorf("NextMove(nil): %v", err)
	}
	// Handles never closed are freed by their finalizers (a safety net only).
	for i := 0; i < 2000; i++ {
		lost, _ := deckhand.NewGame(info.Name, info.MinPlayers, nil)
		lost.Deal(uint64(i))
	}
	runtime.GC()
	runtime.GC()
	// Distinct handles at once, one goroutine each.
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for _, info := range deckhand.Games() {
		for k := 0; k < 2; k++ {
			wg.Add(1)
			go func(info deckhand.GameInfo, seed uint64) {
				defer wg.Done()
				if _, err := playall.Play(info.Name, info.MinPlayers, limitOptions(info, 1), "basic", seed); err != nil {
					errs <- err
				}
			}(info, uint64(k))
		}
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}
