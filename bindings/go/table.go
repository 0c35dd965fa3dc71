package deckhand

/*
#include <stdlib.h>
#include "deckhand.h"
*/
import "C"

import (
	"runtime"
	"unsafe"
)

// Holder is who holds a seat of a table.
type Holder int

// The holders (deckhand.h's DH_SEAT_*).
const (
	HolderEmpty Holder = C.DH_SEAT_EMPTY // nobody yet: the first deal waits until every seat is held
	HolderHuman Holder = C.DH_SEAT_HUMAN // a connected human
	HolderAway  Holder = C.DH_SEAT_AWAY  // a human who left: a stand-in moves for it until it returns
	HolderBot   Holder = C.DH_SEAT_BOT   // a bot
)

func (h Holder) String() string {
	switch h {
	case HolderEmpty:
		return "empty"
	case HolderHuman:
		return "human"
	case HolderAway:
		return "away"
	case HolderBot:
		return "bot"
	}
	return "holder(" + itoa(int(h)) + ")"
}

// Table is a game plus its seats, clocks, stand-ins and events (docs/tables.md). It reads no
// clock and starts no goroutine: every call that can change it takes the caller's clock
// nowMs, and Tick makes every move due by then. Every method that fails returns an error and
// leaves the table unchanged. Close frees it; a finalizer frees a table never closed. A
// table is used by one goroutine at a time.
type Table struct {
	h *C.dh_table
}

func adoptTable(h *C.dh_table) *Table {
	t := &Table{h: h}
	runtime.SetFinalizer(t, (*Table).Close)
	return t
}

// Close frees the table's handle (a second Close does nothing).
func (t *Table) Close() {
	if t.h != nil {
		C.dh_table_free(t.h)
		t.h = nil
	}
	runtime.SetFinalizer(t, nil)
}

// NewTable makes a table of name for players (0: the game's default) with the game's options
// (as NewGame takes them) and the table's own tableOptions, "key=value" strings
// (docs/tables.md: decision_ms, bank_ms, bot_ms, offer_ms, deal_ms, standin, events). Its
// deals are derived from seed.
func NewTable(name string, players int, options, tableOptions []string, seed uint64) (*Table, error) {
	cname, err := cText(name, "name")
	if err != nil {
		return nil, err
	}
	defer C.free(unsafe.Pointer(cname))
	cplayers, err := int32Arg(players, "players")
	if err != nil {
		return nil, err
	}
	opts, err := newTextList(options, "options")
	if err != nil {
		return nil, err
	}
	defer opts.free()
	topts, err := newTextList(tableOptions, "table_options")
	if err != nil {
		return nil, err
	}
	defer topts.free()
	var h *C.dh_table
	e := newError()
	status := C.dh_table_new(&h, cname, cplayers, opts.array, opts.len(), topts.array, topts.len(),
		C.uint64_t(seed), &e)
	if err := fromC(status, &e); err != nil {
		return nil, err
	}
	return adoptTable(h), nil
}

// Clone is an independent copy (dh_table_clone).
func (t *Table) Clone() (*Table, error) {
	defer runtime.KeepAlive(t)
	var h *C.dh_table
	e := newError()
	if err := fromC(C.dh_table_clone(&h, t.h, &e), &e); err != nil {
		return nil, err
	}
	return adoptTable(h), nil
}

// Serialize is the whole table as checksummed bytes, the same on every platform.
func (t *Table) Serialize() []byte {
	defer runtime.KeepAlive(t)
	b, _ := readBytes(func(n *C.size_t, buf *C.uint8_t, capacity C.size_t, _ *C.dh_error) C.int {
		return C.dh_table_serialize(n, buf, capacity, t.h)
	})
	return b
}

// DeserializeTable restores Serialize's bytes (ErrCorrupt for anything else).
func DeserializeTable(data []byte) (*Table, error) {
	var h *C.dh_table
	e := newError()
	if err := fromC(C.dh_table_deserialize(&h, bytesPtr(data), C.size_t(len(data)), &e), &e); err != nil {
		return nil, err
	}
	return adoptTable(h), nil
}

// SeatHuman seats a human in an empty seat, or its own seat back after leaving.
func (t *Table) SeatHuman(seat int) error {
	defer runtime.KeepAlive(t)
	cseat, err := int32Arg(seat, "seat")
	if err != nil {
		return err
	}
	e := newError()
	return fromC(C.dh_table_seat_human(t.h, cseat, &e), &e)
}

// SeatBot seats a bot of level (see Levels) in an empty or away seat.
func (t *Table) SeatBot(seat int, level string) error {
	defer runtime.KeepAlive(t)
	cseat, err := int32Arg(seat, "seat")
	if err != nil {
		return err
	}
	clevel, err := cText(level, "level")
	if err != nil {
		return err
	}
	defer C.free(unsafe.Pointer(clevel))
	e := newError()
	return fromC(C.dh_table_seat_bot(t.h, cseat, clevel, &e), &e)
}

// Leave makes the human at seat leave at nowMs; a stand-in moves for it until it returns.
func (t *Table) Leave(seat int, nowMs int64) error {
	defer runtime.KeepAlive(t)
	cseat, err := int32Arg(seat, "seat")
	if err != nil {
		return err
	}
	e := newError()
	return fromC(C.dh_table_leave(t.h, cseat, C.int64_t(nowMs), &e), &e)
}

// Act is seat, held by a human, doing action text at nowMs, after the moves due by then.
func (t *Table) Act(seat int, text string, nowMs int64) error {
	defer runtime.KeepAlive(t)
	cseat, err := int32Arg(seat, "seat")
	if err != nil {
		return err
	}
	ctext, err := cText(text, "text")
	if err != nil {
		return err
	}
	defer C.free(unsafe.Pointer(ctext))
	e := newError()
	return fromC(C.dh_table_act(t.h, cseat, ctext, C.int64_t(nowMs), &e), &e)
}

// Nonce is seat, held by a human, sending its nonce (16 to 128 hex digits) for the deal whose
// commitment is open, at nowMs (fair deals: docs/tables.md#fair-deals).
func (t *Table) Nonce(seat int, hex string, nowMs int64) error {
	defer runtime.KeepAlive(t)
	cseat, err := int32Arg(seat, "seat")
	if err != nil {
		return err
	}
	chex, err := cText(hex, "nonce")
	if err != nil {
		return err
	}
	defer C.free(unsafe.Pointer(chex))
	e := newError()
	return fromC(C.dh_table_nonce(t.h, cseat, chex, C.int64_t(nowMs), &e), &e)
}

// Tick makes every move due by nowMs (bots, stand-ins, timeouts, deals).
func (t *Table) Tick(nowMs int64) error {
	defer runtime.KeepAlive(t)
	e := newError()
	return fromC(C.dh_table_tick(t.h, C.int64_t(nowMs), &e), &e)
}

// Players is the number of seats.
func (t *Table) Players() int {
	defer runtime.KeepAlive(t)
	var v C.int32_t
	C.dh_table_players(&v, t.h)
	return int(v)
}

// Holder is who holds seat (ErrInvalidArgument for a seat the table does not have).
func (t *Table) Holder(seat int) (Holder, error) {
	defer runtime.KeepAlive(t)
	cseat, err := int32Arg(seat, "seat")
	if err != nil {
		return 0, err
	}
	var v C.int32_t
	if err := bare(C.dh_table_holder(&v, t.h, cseat)); err != nil {
		return 0, err
	}
	return Holder(v), nil
}

// ToAct is the seat that decides now; ok is false before the first deal, between hands and
// when over.
func (t *Table) ToAct() (seat int, ok bool) {
	defer runtime.KeepAlive(t)
	var v C.int32_t
	C.dh_table_to_act(&v, t.h)
	return int(v), v >= 0
}

// MayAct are the seats that may act now, in the rules' order.
func (t *Table) MayAct() []int {
	defer runtime.KeepAlive(t)
	s, _ := readInt32s(func(n *C.size_t, items *C.int32_t, capacity C.size_t) C.int {
		return C.dh_table_may_act(n, items, capacity, t.h)
	})
	return s
}

// DeadlineMs is the deadline of the seat to act; ok is false when there is none.
func (t *Table) DeadlineMs() (ms int64, ok bool) {
	defer runtime.KeepAlive(t)
	var v C.int64_t
	C.dh_table_deadline_ms(&v, t.h)
	return int64(v), v >= 0
}

// NextDueMs is when the next move is due with no call (what a server sets its timer to); ok
// is false when nothing is due.
func (t *Table) NextDueMs() (ms int64, ok bool) {
	defer runtime.KeepAlive(t)
	var v C.int64_t
	C.dh_table_next_due_ms(&v, t.h)
	return int64(v), v >= 0
}

// IsOver is true when the table's game has ended.
func (t *Table) IsOver() bool {
	defer runtime.KeepAlive(t)
	var v C.int32_t
	C.dh_table_is_over(&v, t.h)
	return v != 0
}

// Scores are the running totals per seat.
func (t *Table) Scores() []int64 {
	defer runtime.KeepAlive(t)
	s, _ := readInt64s(func(n *C.size_t, items *C.int64_t, capacity C.size_t) C.int {
		return C.dh_table_scores(n, items, capacity, t.h)
	})
	return s
}

// Seq is the sequence number of the latest change (0 before any).
func (t *Table) Seq() uint64 {
	defer runtime.KeepAlive(t)
	var v C.uint64_t
	C.dh_table_seq(&v, t.h)
	return uint64(v)
}

// LegalActions are the action texts seat (Spectator: a spectator) may take now.
func (t *Table) LegalActions(seat int) ([]string, error) {
	defer runtime.KeepAlive(t)
	cseat, err := seatOrSpectator(seat)
	if err != nil {
		return nil, err
	}
	s, err := readText(func(n *C.size_t, buf *C.char, capacity C.size_t, _ *C.dh_error) C.int {
		return C.dh_table_legal_actions_text(n, buf, capacity, t.h, cseat)
	})
	if err != nil {
		return nil, err
	}
	return lines(s), nil
}

// EventsJSON are the events after since as seat (Spectator: a spectator) may see them: a JSON
// array (docs/tables.md).
func (t *Table) EventsJSON(seat int, since uint64) (string, error) {
	defer runtime.KeepAlive(t)
	cseat, err := seatOrSpectator(seat)
	if err != nil {
		return "", err
	}
	return readText(func(n *C.size_t, buf *C.char, capacity C.size_t, e *C.dh_error) C.int {
		return C.dh_table_events_json(n, buf, capacity, t.h, cseat, C.uint64_t(since), e)
	})
}

// SnapshotJSON is {"seq": N, "view": ..., "table": {...}} for seat (Spectator: a spectator).
func (t *Table) SnapshotJSON(seat int) (string, error) {
	defer runtime.KeepAlive(t)
	cseat, err := seatOrSpectator(seat)
	if err != nil {
		return "", err
	}
	return readText(func(n *C.size_t, buf *C.char, capacity C.size_t, e *C.dh_error) C.int {
		return C.dh_table_snapshot_json(n, buf, capacity, t.h, cseat, e)
	})
}

// Record is the game's record with the table's events as comment lines.
func (t *Table) Record() (string, error) {
	defer runtime.KeepAlive(t)
	return readText(func(n *C.size_t, buf *C.char, capacity C.size_t, e *C.dh_error) C.int {
		return C.dh_table_record(n, buf, capacity, t.h, e)
	})
}

// Game is a copy of the table's whole game (for the host, never for a client).
func (t *Table) Game() (*Game, error) {
	defer runtime.KeepAlive(t)
	var h *C.dh_game
	e := newError()
	if err := fromC(C.dh_table_game(&h, t.h, &e), &e); err != nil {
		return nil, err
	}
	return adoptGame(h), nil
}
