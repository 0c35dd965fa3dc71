package deckhand

/*
#include <stdlib.h>
#include "deckhand.h"
*/
import "C"

import (
	"errors"
	"runtime"
	"strings"
	"unsafe"
)

// Game is one game of the library (a name from Games). Every method that fails returns an
// error and leaves the game unchanged. Close frees it; a finalizer frees a game never closed.
// A game is used by one goroutine at a time.
type Game struct {
	h *C.dh_game
}

func adoptGame(h *C.dh_game) *Game {
	g := &Game{h: h}
	runtime.SetFinalizer(g, (*Game).Close)
	return g
}

// Close frees the game's handle (a second Close does nothing). A closed game's methods
// return ErrNullArgument (or zero values).
func (g *Game) Close() {
	if g.h != nil {
		C.dh_game_free(g.h)
		g.h = nil
	}
	runtime.SetFinalizer(g, nil)
}

// NewGame makes a game of name for players (0: the game's default) with options as
// "key=value" strings (docs/rules.md; the catalog lists each game's); seat 0 deals first.
func NewGame(name string, players int, options []string) (*Game, error) {
	return NewGameWithDealer(name, players, options, 0)
}

// NewGameWithDealer is NewGame with the seat that deals first.
func NewGameWithDealer(name string, players int, options []string, firstDealer int) (*Game, error) {
	cname, err := cText(name, "name")
	if err != nil {
		return nil, err
	}
	defer C.free(unsafe.Pointer(cname))
	cplayers, err := int32Arg(players, "players")
	if err != nil {
		return nil, err
	}
	cdealer, err := int32Arg(firstDealer, "first_dealer")
	if err != nil {
		return nil, err
	}
	opts, err := newTextList(options, "options")
	if err != nil {
		return nil, err
	}
	defer opts.free()
	var h *C.dh_game
	e := newError()
	if err := fromC(C.dh_game_new(&h, cname, opts.array, opts.len(), cplayers, cdealer, &e), &e); err != nil {
		return nil, err
	}
	return adoptGame(h), nil
}

// FromRecord replays a record (docs/records.md) into a new game; a refused line gives its
// error with Line set.
func FromRecord(text string) (*Game, error) {
	ctext, err := cText(text, "text")
	if err != nil {
		return nil, err
	}
	defer C.free(unsafe.Pointer(ctext))
	var h *C.dh_game
	e := newError()
	if err := fromC(C.dh_record_replay(&h, ctext, &e), &e); err != nil {
		return nil, err
	}
	return adoptGame(h), nil
}

// Deserialize restores bytes of Serialize (any game: the bytes say which).
func Deserialize(data []byte) (*Game, error) {
	var h *C.dh_game
	e := newError()
	if err := fromC(C.dh_game_deserialize(&h, bytesPtr(data), C.size_t(len(data)), &e), &e); err != nil {
		return nil, err
	}
	return adoptGame(h), nil
}

// Serialize is the whole game as checksummed bytes, the same on every platform.
func (g *Game) Serialize() []byte {
	defer runtime.KeepAlive(g)
	b, _ := readBytes(func(n *C.size_t, buf *C.uint8_t, capacity C.size_t, _ *C.dh_error) C.int {
		return C.dh_game_serialize(n, buf, capacity, g.h)
	})
	return b
}

// DeserializeInto restores data (of this game's kind) into this game, reusing its memory.
func (g *Game) DeserializeInto(data []byte) error {
	defer runtime.KeepAlive(g)
	e := newError()
	return fromC(C.dh_game_deserialize_into(g.h, bytesPtr(data), C.size_t(len(data)), &e), &e)
}

// Clone is an independent copy (dh_game_clone).
func (g *Game) Clone() (*Game, error) {
	defer runtime.KeepAlive(g)
	var h *C.dh_game
	e := newError()
	if err := fromC(C.dh_game_clone(&h, g.h, &e), &e); err != nil {
		return nil, err
	}
	return adoptGame(h), nil
}

// CopyFrom makes this game a copy of src, reusing its memory (dh_game_copy).
func (g *Game) CopyFrom(src *Game) error {
	defer runtime.KeepAlive(g)
	defer runtime.KeepAlive(src)
	e := newError()
	return fromC(C.dh_game_copy(g.h, src.h, &e), &e)
}

// Reset goes back to a new game with the same options and first dealer.
func (g *Game) Reset() error {
	defer runtime.KeepAlive(g)
	e := newError()
	return fromC(C.dh_game_reset(g.h, &e), &e)
}

// Deal deals the next hand from a seed (docs/deals.md).
func (g *Game) Deal(seed uint64) error {
	defer runtime.KeepAlive(g)
	e := newError()
	return fromC(C.dh_game_deal_seed(g.h, C.uint64_t(seed), &e), &e)
}

func (g *Game) withText(text, name string, f func(*C.char, *C.dh_error) C.int) error {
	defer runtime.KeepAlive(g)
	ctext, err := cText(text, name)
	if err != nil {
		return err
	}
	defer C.free(unsafe.Pointer(ctext))
	e := newError()
	return fromC(f(ctext, &e), &e)
}

// DealCards deals the next hand from explicit cards written as in a record.
func (g *Game) DealCards(cards string) error {
	return g.withText(cards, "cards", func(t *C.char, e *C.dh_error) C.int { return C.dh_game_deal_text(g.h, t, e) })
}

// Reshuffle gives a reshuffle of an explicitly dealt round (rules T13) from a seed.
func (g *Game) Reshuffle(seed uint64) error {
	defer runtime.KeepAlive(g)
	e := newError()
	return fromC(C.dh_game_reshuffle_seed(g.h, C.uint64_t(seed), &e), &e)
}

// ReshuffleStock gives a reshuffle as the new stock text ("stock: c c ...").
func (g *Game) ReshuffleStock(stock string) error {
	return g.withText(stock, "stock", func(t *C.char, e *C.dh_error) C.int { return C.dh_game_reshuffle_text(g.h, t, e) })
}

// NeedsReshuffle is true when a reshuffle must be given before play goes on.
func (g *Game) NeedsReshuffle() bool {
	defer runtime.KeepAlive(g)
	var v C.int32_t
	C.dh_game_needs_reshuffle(&v, g.h)
	return v != 0
}

// Apply applies one action text ("bid 4", "play JS") for seat.
func (g *Game) Apply(seat int, action string) error {
	cseat, err := int32Arg(seat, "seat")
	if err != nil {
		return err
	}
	return g.withText(action, "action", func(t *C.char, e *C.dh_error) C.int {
		return C.dh_game_apply_text(g.h, cseat, t, e)
	})
}

// Check is the error action would be refused with now (nil when it is legal); it changes
// nothing.
func (g *Game) Check(seat int, action string) error {
	cseat, err := int32Arg(seat, "seat")
	if err != nil {
		return err
	}
	return g.withText(action, "action", func(t *C.char, e *C.dh_error) C.int {
		return C.dh_game_is_legal_text(g.h, cseat, t, e)
	})
}

// IsLegal is true when seat may take action now, false for a refusal by the rules or the
// turn (illegal, wrong seat, wrong phase, game over); malformed text is an error (ErrParse),
// and so is a seat out of range.
func (g *Game) IsLegal(seat int, action string) (bool, error) {
	err := g.Check(seat, action)
	switch {
	case err == nil:
		return true, nil
	case errors.Is(err, ErrIllegal), errors.Is(err, ErrWrongSeat), errors.Is(err, ErrWrongPhase),
		errors.Is(err, ErrGameOver):
		return false, nil
	}
	return false, err
}

// LegalActions are the action texts the seat to act may take, in the library's order (none
// when no seat acts).
func (g *Game) LegalActions() []string {
	defer runtime.KeepAlive(g)
	s, _ := readText(func(n *C.size_t, buf *C.char, capacity C.size_t, _ *C.dh_error) C.int {
		return C.dh_game_legal_actions_text(n, buf, capacity, g.h)
	})
	return lines(s)
}

func lines(s string) []string {
	s = strings.TrimSuffix(s, "\n")
	if s == "" {
		return []string{}
	}
	return strings.Split(s, "\n")
}

// Move is a legal action as (seat, text).
type Move struct {
	Seat   int
	Action string
}

// LegalMoves are the legal actions of the seat to act as moves (none for a closed game, or
// if the library fails: every status is read, no move is made up).
func (g *Game) LegalMoves() []Move {
	defer runtime.KeepAlive(g)
	var count C.size_t
	status := C.dh_game_legal_actions(&count, nil, 0, g.h)
	var actions []C.dh_action
	for status == C.DH_E_BUFFER_TOO_SMALL || (status == C.DH_OK && actions == nil) {
		actions = make([]C.dh_action, int(count)+1)
		status = C.dh_game_legal_actions(&count, &actions[0], C.size_t(len(actions)), g.h)
	}
	if status != C.DH_OK {
		return []Move{}
	}
	moves := make([]Move, 0, int(count))
	for i := 0; i < int(count); i++ {
		a := actions[i]
		text, err := readText(func(n *C.size_t, buf *C.char, capacity C.size_t, _ *C.dh_error) C.int {
			return C.dh_game_format_action(n, buf, capacity, g.h, &a)
		})
		if err != nil {
			return []Move{}
		}
		moves = append(moves, Move{int(a.seat), text})
	}
	return moves
}

// LegalCount is how many legal actions the seat to act has.
func (g *Game) LegalCount() int {
	defer runtime.KeepAlive(g)
	var n C.size_t
	C.dh_game_legal_count(&n, g.h)
	return int(n)
}

// ApplyLegal applies the index-th legal action (LegalActions order); it returns how many
// legal actions there are after it.
func (g *Game) ApplyLegal(index int) (int, error) {
	defer runtime.KeepAlive(g)
	cindex, err := int32Arg(index, "index")
	if err != nil {
		return 0, err
	}
	var n C.size_t
	e := newError()
	if err := fromC(C.dh_game_apply_legal(&n, g.h, C.size_t(cindex), &e), &e); err != nil {
		return 0, err
	}
	return int(n), nil
}

// RandomPlayout plays uniformly random legal actions (deals included) from seed until the
// game is over or maxActions were applied; it returns the actions applied.
func (g *Game) RandomPlayout(seed uint64, maxActions int) (int, error) {
	defer runtime.KeepAlive(g)
	if maxActions < 0 {
		return 0, valueError("out_of_range", "maxActions: %d is negative", maxActions)
	}
	var n C.size_t
	e := newError()
	if err := fromC(C.dh_game_random_playout(&n, g.h, C.uint64_t(seed), C.size_t(maxActions), &e), &e); err != nil {
		return int(n), err
	}
	return int(n), nil
}

// SampleConsistent is a deal consistent with what seat has seen (a new game, history=off).
func (g *Game) SampleConsistent(seat int, seed uint64) (*Game, error) {
	defer runtime.KeepAlive(g)
	cseat, err := int32Arg(seat, "seat")
	if err != nil {
		return nil, err
	}
	var h *C.dh_game
	e := newError()
	if err := fromC(C.dh_game_sample_consistent(&h, g.h, cseat, C.uint64_t(seed), &e), &e); err != nil {
		return nil, err
	}
	return adoptGame(h), nil
}

func (g *Game) int32Out(f func(*C.int32_t, *C.dh_game) C.int) int {
	defer runtime.KeepAlive(g)
	var v C.int32_t
	f(&v, g.h)
	return int(v)
}

// Name is the game's name, as the catalog has it.
func (g *Game) Name() string {
	defer runtime.KeepAlive(g)
	var p *C.char
	C.dh_game_name(&p, g.h)
	return goText(p)
}

// Players is the number of players.
func (g *Game) Players() int {
	return g.int32Out(func(v *C.int32_t, h *C.dh_game) C.int { return C.dh_game_players(v, h) })
}

// ToAct is the seat to act; ok is false when none (awaiting a deal, or the game is over).
func (g *Game) ToAct() (seat int, ok bool) {
	seat = g.int32Out(func(v *C.int32_t, h *C.dh_game) C.int { return C.dh_game_to_act(v, h) })
	return seat, seat >= 0
}

// AwaitingDeal is true when the next event must be a deal.
func (g *Game) AwaitingDeal() bool {
	return g.int32Out(func(v *C.int32_t, h *C.dh_game) C.int { return C.dh_game_awaiting_deal(v, h) }) != 0
}

// IsOver is true when the game has ended.
func (g *Game) IsOver() bool {
	return g.int32Out(func(v *C.int32_t, h *C.dh_game) C.int { return C.dh_game_is_over(v, h) }) != 0
}

// KeepsHistory is true for a game with history=on (the default).
func (g *Game) KeepsHistory() bool {
	return g.int32Out(func(v *C.int32_t, h *C.dh_game) C.int { return C.dh_game_keeps_history(v, h) }) != 0
}

// Phase is the current phase's name (one of the catalog's phases).
func (g *Game) Phase() string {
	defer runtime.KeepAlive(g)
	var p *C.char
	C.dh_game_phase(&p, g.h)
	return goText(p)
}

// Scores are the running totals per seat.
func (g *Game) Scores() []int64 {
	defer runtime.KeepAlive(g)
	s, _ := readInt64s(func(n *C.size_t, items *C.int64_t, capacity C.size_t) C.int {
		return C.dh_game_scores(n, items, capacity, g.h)
	})
	return s
}

// Winners are the winning seats (none while the game goes on).
func (g *Game) Winners() []int {
	defer runtime.KeepAlive(g)
	s, _ := readInt32s(func(n *C.size_t, items *C.int32_t, capacity C.size_t) C.int {
		return C.dh_game_winners(n, items, capacity, g.h)
	})
	return s
}

// LastDeltas are the score changes of the last scored hand per seat (none before the first).
func (g *Game) LastDeltas() []int64 {
	defer runtime.KeepAlive(g)
	s, _ := readInt64s(func(n *C.size_t, items *C.int64_t, capacity C.size_t) C.int {
		return C.dh_game_last_deltas(n, items, capacity, g.h)
	})
	return s
}

// LastHandJSON is the itemised result of the last scored hand as JSON ("null" before the
// first).
func (g *Game) LastHandJSON() string {
	defer runtime.KeepAlive(g)
	s, _ := readText(func(n *C.size_t, buf *C.char, capacity C.size_t, _ *C.dh_error) C.int {
		return C.dh_game_last_hand_json(n, buf, capacity, g.h)
	})
	return s
}

// ViewJSON is what seat sees as JSON (rules G11, S13); Spectator (-1) is a spectator.
func (g *Game) ViewJSON(seat int) (string, error) {
	defer runtime.KeepAlive(g)
	cseat, err := seatOrSpectator(seat)
	if err != nil {
		return "", err
	}
	return readText(func(n *C.size_t, buf *C.char, capacity C.size_t, _ *C.dh_error) C.int {
		return C.dh_game_view_json(n, buf, capacity, g.h, cseat)
	})
}

// ViewText is what seat sees as text; Spectator (-1) is a spectator.
func (g *Game) ViewText(seat int) (string, error) {
	defer runtime.KeepAlive(g)
	cseat, err := seatOrSpectator(seat)
	if err != nil {
		return "", err
	}
	return readText(func(n *C.size_t, buf *C.char, capacity C.size_t, _ *C.dh_error) C.int {
		return C.dh_game_view_text(n, buf, capacity, g.h, cseat)
	})
}

// Record is the game as a record (docs/records.md); ErrUnsupported for a history=off game.
func (g *Game) Record() (string, error) {
	defer runtime.KeepAlive(g)
	s, err := readText(func(n *C.size_t, buf *C.char, capacity C.size_t, _ *C.dh_error) C.int {
		return C.dh_game_record(n, buf, capacity, g.h)
	})
	if errors.Is(err, ErrUnsupported) {
		return "", &Error{Status: ErrUnsupported, Reason: "no_history",
			Message: "no_history: the game was created with history=off and keeps no record"}
	}
	return s, err
}

// ReplayJSON is the JSON result of `deckhand replay` for a record (docs/cli.md), without its
// final newline: nil error whenever the JSON was written, whether the record was accepted or
// not (read "ok" in it).
func ReplayJSON(record string) (string, error) {
	crecord, err := cText(record, "record")
	if err != nil {
		return "", err
	}
	defer C.free(unsafe.Pointer(crecord))
	return readText(func(n *C.size_t, buf *C.char, capacity C.size_t, _ *C.dh_error) C.int {
		return C.dh_record_replay_json(n, buf, capacity, crecord)
	})
}

// ReplayJSONBytes is ReplayJSON of a record read as bytes, NUL bytes and all (a file that may
// not be UTF-8: the library reports what it cannot read): what `deckhand replay FILE` prints
// for a file of these bytes.
func ReplayJSONBytes(record []byte) (string, error) {
	crecord := C.CBytes(record) // a copy in C memory: cgo's pointer rules
	defer C.free(crecord)
	return readText(func(n *C.size_t, buf *C.char, capacity C.size_t, _ *C.dh_error) C.int {
		return C.dh_record_replay_json_n(n, buf, capacity, (*C.char)(crecord), C.size_t(len(record)))
	})
}

// Quote is text quoted as the library and the `deckhand` tool quote input in their messages:
// in apostrophes, control characters and bytes that are not UTF-8 escaped visibly, cut after
// 96 bytes with "..." (for a program that names a file as the tool does).
func Quote(text []byte) string {
	ctext := C.CBytes(text)
	defer C.free(ctext)
	out, err := readText(func(n *C.size_t, buf *C.char, capacity C.size_t, _ *C.dh_error) C.int {
		return C.dh_quote(n, buf, capacity, (*C.char)(ctext), C.size_t(len(text)))
	})
	if err != nil {
		panic(err) // only a failed allocation
	}
	return out
}
