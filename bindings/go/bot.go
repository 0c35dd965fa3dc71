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

// Levels are the bot levels deckhand.h documents: a uniformly random legal action, simple
// heuristics, sampling with open-hand solving (its budget: options "samples=N",
// "time_ms=N"), the same with inference; then the ladder's "1" (beginner) to "5" (expert).
var Levels = []string{"random", "basic", "strong", "expert", "1", "2", "3", "4", "5"}

// Bot is a bot of one game at one level, deciding from its seat's view alone
// (docs/bots.md). The same seed and the same calls give the same actions; one bot may play
// several seats. It cannot be copied (make another with the same arguments). Close frees it;
// a finalizer frees a bot never closed. A bot is used by one goroutine at a time.
type Bot struct {
	h *C.dh_bot
}

// NewBot makes a bot for gameName at level, its choices drawn from seed; options are the
// levels' budgets ("samples=N", "time_ms=N"). ErrUnknownGame, or ErrBadOption (also for an
// unknown level).
func NewBot(gameName, level string, seed uint64, options []string) (*Bot, error) {
	cname, err := cText(gameName, "game_name")
	if err != nil {
		return nil, err
	}
	defer C.free(unsafe.Pointer(cname))
	clevel, err := cText(level, "level")
	if err != nil {
		return nil, err
	}
	defer C.free(unsafe.Pointer(clevel))
	opts, err := newTextList(options, "options")
	if err != nil {
		return nil, err
	}
	defer opts.free()
	var h *C.dh_bot
	e := newError()
	if err := fromC(C.dh_bot_new(&h, cname, clevel, C.uint64_t(seed), opts.array, opts.len(), &e), &e); err != nil {
		return nil, err
	}
	b := &Bot{h: h}
	runtime.SetFinalizer(b, (*Bot).Close)
	return b, nil
}

// Close frees the bot's handle (a second Close does nothing).
func (b *Bot) Close() {
	if b.h != nil {
		C.dh_bot_free(b.h)
		b.h = nil
	}
	runtime.SetFinalizer(b, nil)
}

// Choose is what seat, the seat to act, does now in game, as action text for Game.Apply.
// Another seat: ErrWrongSeat; a game waiting for a deal or a reshuffle: ErrWrongPhase; a
// game that is over: ErrGameOver; a game of another kind: ErrUnknownGame.
func (b *Bot) Choose(game *Game, seat int) (string, error) {
	if b == nil {
		return "", nilError("bot")
	}
	if game == nil {
		return "", nilError("game")
	}
	defer runtime.KeepAlive(b)
	defer runtime.KeepAlive(game)
	cseat, err := int32Arg(seat, "seat")
	if err != nil {
		return "", err
	}
	var action C.dh_action
	e := newError()
	if err := fromC(C.dh_bot_choose(&action, b.h, game.h, cseat, &e), &e); err != nil {
		return "", err
	}
	return readText(func(n *C.size_t, buf *C.char, capacity C.size_t, _ *C.dh_error) C.int {
		return C.dh_game_format_action(n, buf, capacity, game.h, &action)
	})
}

// NextMove is the next (seat, action) of game: the seat to act's, bots[seat] deciding (fewer
// bots are used cyclically). A game where nobody acts: ErrWrongPhase (a deal or reshuffle is
// due) or ErrGameOver.
func NextMove(game *Game, bots []*Bot) (int, string, error) {
	if game == nil {
		return -1, "", nilError("game")
	}
	seat, ok := game.ToAct()
	if !ok {
		return -1, "", noDecision(game)
	}
	if len(bots) == 0 {
		return -1, "", valueError("no_bots", "bots: an empty list")
	}
	action, err := bots[seat%len(bots)].Choose(game, seat)
	return seat, action, err
}

func noDecision(game *Game) error {
	switch {
	case game.IsOver():
		return &Error{Status: ErrGameOver, Reason: "game_over", Message: "game_over: the game has ended"}
	case game.NeedsReshuffle():
		return &Error{Status: ErrWrongPhase, Reason: "reshuffle_needed",
			Message: "reshuffle_needed: nobody acts until the reshuffle is given (T13)"}
	}
	return &Error{Status: ErrWrongPhase, Reason: "awaiting_deal",
		Message: "awaiting_deal: nobody acts until the next deal"}
}
