package deckhand_test

import (
	"bytes"
	"errors"
	"testing"

	deckhand "github.com/deckhand/deckhand-go"
)

func newTable(t *testing.T, info deckhand.GameInfo, seed uint64, tableOptions []string) *deckhand.Table {
	t.Helper()
	tb, err := deckhand.NewTable(info.Name, info.MinPlayers, limitOptions(info, 1), tableOptions, seed)
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

// drive plays: ticks, lets the scripted humans act (a varied legal action), else jumps to
// the next due time. It returns the time reached.
func drive(t *testing.T, tb *deckhand.Table, now int64) int64 {
	t.Helper()
	for step := 0; step < 50000; step++ {
		if err := tb.Tick(now); err != nil {
			t.Fatal(err)
		}
		if tb.IsOver() {
			return now
		}
		acted := false
		for _, s := range tb.MayAct() {
			if h, _ := tb.Holder(s); h == deckhand.HolderHuman {
				actions, err := tb.LegalActions(s)
				if err != nil || len(actions) == 0 {
					t.Fatalf("seat %d may act but has no legal action: %v", s, err)
				}
				if err := tb.Act(s, actions[int(tb.Seq()*7919)%len(actions)], now); err != nil {
					t.Fatal(err)
				}
				acted = true
				break
			}
		}
		if acted {
			now += 5
			continue
		}
		due, ok := tb.NextDueMs()
		if !ok {
			t.Fatal("stuck: nobody acts and nothing is due")
		}
		if due <= now {
			due = now + 1
		}
		now = due
	}
	t.Fatal("no end")
	return now
}

func eventTypes(t *testing.T, js string) []string {
	var types []string
	for _, e := range mustJSON(t, js).([]any) {
		types = append(types, e.(map[string]any)["type"].(string))
	}
	return types
}

func TestWholeGameOfEveryGameWithBotsAndAScriptedHuman(t *testing.T) {
	for _, info := range deckhand.Games() {
		tb := newTable(t, info, 7, []string{"bot_ms=10"})
		if h, _ := tb.Holder(0); h != deckhand.HolderEmpty || tb.Players() != info.MinPlayers {
			t.Fatalf("%s: a new table: %v", info.Name, h)
		}
		if err := tb.SeatHuman(0); err != nil {
			t.Fatal(err)
		}
		for s := 1; s < tb.Players(); s++ {
			if err := tb.SeatBot(s, "basic"); err != nil {
				t.Fatal(err)
			}
		}
		drive(t, tb, 0)
		if _, ok := tb.ToAct(); ok || !tb.IsOver() || len(tb.MayAct()) != 0 {
			t.Errorf("%s: not over", info.Name)
		}
		g, err := tb.Game()
		if err != nil || !g.IsOver() || len(g.Scores()) != len(tb.Scores()) {
			t.Errorf("%s: the table's game: %v", info.Name, err)
		}
		for v := deckhand.Spectator; v < tb.Players(); v++ {
			js, err := tb.EventsJSON(v, 0)
			if err != nil {
				t.Fatal(err)
			}
			events := mustJSON(t, js).([]any)
			if uint64(len(events)) != tb.Seq() {
				t.Errorf("%s: %d events, seq %d", info.Name, len(events), tb.Seq())
			}
			types := eventTypes(t, js)
			if types[len(types)-1] != "game_over" {
				t.Errorf("%s: the last event is %s", info.Name, types[len(types)-1])
			}
			snap, err := tb.SnapshotJSON(v)
			if err != nil || uint64(mustJSON(t, snap).(map[string]any)["seq"].(float64)) != tb.Seq() {
				t.Errorf("%s: snapshot: %v", info.Name, err)
			}
		}
		record, err := tb.Record()
		if err != nil {
			t.Fatal(err)
		}
		if r, err := deckhand.FromRecord(record); err != nil || !r.IsOver() {
			t.Errorf("%s: the table's record: %v", info.Name, err)
		}
		tb.Close()
	}
}

func TestTimeoutsLeaveReturnPersistenceAndCopies(t *testing.T) {
	for _, info := range deckhand.Games() {
		tb := newTable(t, info, 11, []string{"decision_ms=1000", "standin=basic"})
		defer tb.Close()
		for s := 0; s < tb.Players(); s++ {
			tb.SeatHuman(s)
		}
		now := int64(0)
		tb.Tick(now)
		for i := 0; i < 20 && !tb.IsOver(); i++ {
			now += 1001
			if err := tb.Tick(now); err != nil {
				t.Fatal(err)
			}
		}
		js, _ := tb.EventsJSON(deckhand.Spectator, 0)
		timeout := false
		for _, ty := range eventTypes(t, js) {
			timeout = timeout || ty == "timeout"
		}
		if !timeout {
			t.Errorf("%s: no timeout", info.Name)
		}
		image := tb.Serialize()
		restored, err := deckhand.DeserializeTable(image)
		if err != nil || !bytes.Equal(restored.Serialize(), image) {
			t.Fatalf("%s: %v", info.Name, err)
		}
		copy, _ := tb.Clone()
		if err := tb.Leave(0, now); err != nil {
			t.Fatal(err)
		}
		if h, _ := tb.Holder(0); h != deckhand.HolderAway {
			t.Errorf("%s: left: %v", info.Name, h)
		}
		if h, _ := copy.Holder(0); h != deckhand.HolderHuman {
			t.Errorf("%s: the copy changed: %v", info.Name, h)
		}
		tb.SeatHuman(0)
		drive(t, restored, now)
		drive(t, copy, now)
		if !bytes.Equal(restored.Serialize(), copy.Serialize()) {
			t.Errorf("%s: a restored table and a copy have different futures", info.Name)
		}
		if _, err := deckhand.DeserializeTable(image[:10]); !errors.Is(err, deckhand.ErrCorrupt) {
			t.Errorf("%s: %v", info.Name, err)
		}
		restored.Close()
		copy.Close()
	}
}

func TestTableRefusalsNameTheirReasonAndChangeNothing(t *testing.T) {
	info := deckhand.Games()[0]
	tb := newTable(t, info, 3, nil)
	defer tb.Close()
	var e *deckhand.Error
	if err := tb.Act(0, "anything", 0); !errors.As(err, &e) || e.Status != deckhand.ErrWrongSeat || e.Reason != "not_seated" {
		t.Errorf("%v", err)
	}
	tb.SeatHuman(0)
	if err := tb.Act(0, "anything", 0); !errors.As(err, &e) || e.Status != deckhand.ErrWrongPhase || e.Reason != "not_started" {
		t.Errorf("%v", err)
	}
	if err := tb.SeatHuman(0); !errors.As(err, &e) || e.Reason != "seat_taken" {
		t.Errorf("%v", err)
	}
	for s := 1; s < tb.Players(); s++ {
		tb.SeatBot(s, "random")
	}
	tb.Tick(100)
	image := tb.Serialize()
	if err := tb.Tick(50); !errors.As(err, &e) || e.Reason != "time_backwards" || e.ReasonNumber != 90 {
		t.Errorf("%v", err)
	}
	for _, err := range []error{tb.SeatHuman(1 << 40), tb.SeatHuman(-1), tb.Act(0, "x\x00y", 200)} {
		if !errors.Is(err, deckhand.ErrValue) {
			t.Errorf("not refused before the call: %v", err)
		}
	}
	if !bytes.Equal(tb.Serialize(), image) {
		t.Error("a refused call changed the table")
	}
	if _, err := deckhand.NewTable(info.Name, 0, nil, []string{"no_such_option=1"}, 0); !errors.Is(err, deckhand.ErrBadOption) {
		t.Errorf("%v", err)
	}
	if _, err := deckhand.NewTable("no such game", 0, nil, nil, 0); !errors.Is(err, deckhand.ErrUnknownGame) {
		t.Errorf("%v", err)
	}
	if _, err := tb.Holder(tb.Players()); !errors.Is(err, deckhand.ErrInvalidArgument) {
		t.Errorf("%v", err)
	}
}
