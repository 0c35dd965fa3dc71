package deckhand

/*
#include <stdlib.h>
#include "deckhand.h"
*/
import "C"

import "unsafe"

// OptionInfo is one option of a game (docs/rules.md).
type OptionInfo struct {
	Name        string // "renege"-style
	Values      string // "a|b", "1..10000" (whole numbers in that range), or both
	Default     string
	Rule        string // the rule it varies ("engine" for history)
	Description string
}

// ActionKind is one kind of action of a game.
type ActionKind struct {
	Code   int // dh_action.kind
	Name   string
	Syntax string // its action text
}

// GameInfo is one game of the catalog.
type GameInfo struct {
	Index       int // in the catalog's fixed order
	Name        string
	Description string
	MinPlayers  int
	MaxPlayers  int
	Options     []OptionInfo // its own, then the engine's (history)
	Phases      []string     // the values Game.Phase returns
	ActionKinds []ActionKind
	// LimitOption bounds the game's length ("" when none); unattended play sets it to
	// UnattendedLimit.
	LimitOption     string
	UnattendedLimit int
	LowerIsBetter   bool // the lowest total wins
}

// UnattendedOptions are the options unattended play (bots, tests) gives the game: its limit
// option set to the catalog's unattended limit.
func (g GameInfo) UnattendedOptions() []string {
	if g.LimitOption == "" {
		return nil
	}
	return []string{g.LimitOption + "=" + itoa(g.UnattendedLimit)}
}

// Games is every game of the library, in the catalog's order.
func Games() []GameInfo {
	var count C.size_t
	C.dh_catalog_game_count(&count)
	out := make([]GameInfo, 0, int(count))
	for i := 0; i < int(count); i++ {
		g, err := gameAt(C.size_t(i))
		if err != nil {
			panic("deckhand: the catalog refused its own index: " + err.Error())
		}
		out = append(out, g)
	}
	return out
}

// FindGame is the game of that name (ASCII case and surrounding spaces ignored, as NewGame
// matches names); ErrUnknownGame when there is none.
func FindGame(name string) (GameInfo, error) {
	cname, err := cText(name, "name")
	if err != nil {
		return GameInfo{}, err
	}
	defer C.free(unsafe.Pointer(cname))
	var index C.size_t
	if status := C.dh_catalog_find_game(&index, cname); status != C.DH_OK {
		return GameInfo{}, &Error{Status: Status(status), Reason: "unknown_game",
			Message: "unknown_game: no game named " + quoteGo(name)}
	}
	return gameAt(index)
}

func quoteGo(s string) string { return "'" + s + "'" }

func gameAt(index C.size_t) (GameInfo, error) {
	var info C.dh_game_info
	info.size = C.uint32_t(C.sizeof_dh_game_info)
	if status := C.dh_catalog_game(&info, index); status != C.DH_OK {
		return GameInfo{}, bare(status)
	}
	g := GameInfo{
		Index:           int(index),
		Name:            goText(info.name),
		Description:     goText(info.description),
		MinPlayers:      int(info.min_players),
		MaxPlayers:      int(info.max_players),
		LimitOption:     goText(info.limit_option),
		UnattendedLimit: int(info.unattended_limit),
		LowerIsBetter:   info.lower_is_better != 0,
	}
	for o := 0; o < int(info.option_count); o++ {
		var oi C.dh_option_info
		oi.size = C.uint32_t(C.sizeof_dh_option_info)
		if status := C.dh_catalog_option(&oi, index, C.size_t(o)); status != C.DH_OK {
			return GameInfo{}, bare(status)
		}
		g.Options = append(g.Options, OptionInfo{goText(oi.name), goText(oi.values),
			goText(oi.default_value), goText(oi.rule), goText(oi.description)})
	}
	for p := 0; p < int(info.phase_count); p++ {
		var name *C.char
		if status := C.dh_catalog_phase(&name, index, C.size_t(p)); status != C.DH_OK {
			return GameInfo{}, bare(status)
		}
		g.Phases = append(g.Phases, goText(name))
	}
	for k := 0; k < int(info.action_kind_count); k++ {
		var ki C.dh_action_kind_info
		ki.size = C.uint32_t(C.sizeof_dh_action_kind_info)
		if status := C.dh_catalog_action_kind(&ki, index, C.size_t(k)); status != C.DH_OK {
			return GameInfo{}, bare(status)
		}
		g.ActionKinds = append(g.ActionKinds, ActionKind{int(ki.kind), goText(ki.name), goText(ki.syntax)})
	}
	return g, nil
}

func goText(p *C.char) string {
	if p == nil {
		return ""
	}
	return C.GoString(p)
}

// CatalogJSON is the whole catalog as the JSON document of `deckhand games --json`.
func CatalogJSON() string {
	s, err := readText(func(n *C.size_t, buf *C.char, capacity C.size_t, _ *C.dh_error) C.int {
		return C.dh_catalog_json(n, buf, capacity)
	})
	if err != nil {
		panic("deckhand: dh_catalog_json: " + err.Error())
	}
	return s
}

// Version is the library's version ("0.2.0").
func Version() string { return C.GoString(C.dh_version()) }
