// Package deckhand is a thin Go binding of deckhand's C ABI (capi/include/deckhand.h), an
// embeddable rules engine for card games. It knows no game: every game, option, phase and
// action kind comes from the library's catalog (Games).
//
// Errors are values: every call that can fail returns an error, a *Error with the C ABI's
// Status, the rule-level Reason and a readable Message; errors.Is(err, deckhand.ErrIllegal)
// and errors.As(err, &e) work. A refused call changes nothing.
//
// Memory: Game, Bot and Table hold C handles. Close frees one (call it, or defer it, as for a
// file); a runtime finalizer frees a handle that was never closed, as a safety net only: a
// server must not depend on the garbage collector to free what it makes.
//
// Goroutines: a handle is used by one goroutine at a time (even reading calls fill a cache
// inside a game); distinct handles may be used at once. Clone a game per goroutine.
package deckhand

// The library: build/python of the repository (`make native`) by default, as below. Another
// directory DIR (what DECKHAND_LIB_DIR names for the other bindings; make go-test and the
// replay script pass it so): CGO_LDFLAGS="-LDIR -Wl,-rpath,DIR", which the go tool puts before
// these flags, so the linker and the loader find DIR's libdeckhand.so first. cgo's #cgo lines
// cannot read an environment variable, and CGO_LDFLAGS is go's own way to add a library path.

/*
#cgo CFLAGS: -I${SRCDIR}/../../capi/include -I${SRCDIR}/../../build/python/generated/include
#cgo LDFLAGS: -L${SRCDIR}/../../build/python -ldeckhand -Wl,-rpath,${SRCDIR}/../../build/python
#include <stdlib.h>
#include "deckhand.h"
*/
import "C"
