package deckhand

/*
#include <stdlib.h>
#include "deckhand.h"
*/
import "C"

import (
	"math"
	"strings"
	"unicode/utf8"
	"unsafe"
)

// Checks of the arguments passed to the C ABI (issue 28): a value the C type cannot hold is
// refused with ErrValue before any C call, so that a refused call changes nothing and no seat
// is wrapped into another one.

// Spectator is the seat of a spectator in views, events and snapshots.
const Spectator = -1

func int32Arg(v int, name string) (C.int32_t, error) {
	if v < 0 || v > math.MaxInt32 {
		return 0, valueError("out_of_range", "%s: %d is outside 0..%d", name, v, math.MaxInt32)
	}
	return C.int32_t(v), nil
}

func seatOrSpectator(v int) (C.int32_t, error) {
	if v == Spectator {
		return -1, nil
	}
	return int32Arg(v, "seat")
}

// cText is text as a C string (free it with C.free): no NUL, valid UTF-8.
func cText(s, name string) (*C.char, error) {
	if i := strings.IndexByte(s, 0); i >= 0 {
		return nil, valueError("nul_in_text", "%s: contains a NUL character (at %d)", name, i)
	}
	if !utf8.ValidString(s) {
		return nil, valueError("invalid_utf8", "%s: not valid UTF-8", name)
	}
	return C.CString(s), nil
}

// cTextList is a C array of C strings (free it with freeTextList).
type cTextList struct {
	items []*C.char
	array **C.char
}

func newTextList(values []string, name string) (*cTextList, error) {
	l := &cTextList{}
	for i, v := range values {
		c, err := cText(v, name+"["+itoa(i)+"]")
		if err != nil {
			l.free()
			return nil, err
		}
		l.items = append(l.items, c)
	}
	if len(l.items) > 0 {
		// The array lives in C memory: it holds C pointers only.
		size := C.size_t(len(l.items)) * C.size_t(unsafe.Sizeof((*C.char)(nil)))
		l.array = (**C.char)(C.malloc(size))
		copy(unsafe.Slice(l.array, len(l.items)), l.items)
	}
	return l, nil
}

func (l *cTextList) len() C.size_t { return C.size_t(len(l.items)) }

func (l *cTextList) free() {
	for _, c := range l.items {
		C.free(unsafe.Pointer(c))
	}
	if l.array != nil {
		C.free(unsafe.Pointer(l.array))
	}
	l.items, l.array = nil, nil
}

func itoa(i int) string {
	if i == 0 {
		return "0"
	}
	var b []byte
	for ; i > 0; i /= 10 {
		b = append([]byte{byte('0' + i%10)}, b...)
	}
	return string(b)
}

// noBytes is where an empty byte slice points: the C ABI takes NULL as a missing argument
// (DH_E_NULL_ARGUMENT), and empty bytes are bytes (DH_E_CORRUPT).
var noBytes [1]byte

// bytesPtr is a pointer to data's first byte (to noBytes when empty).
func bytesPtr(data []byte) *C.uint8_t {
	if len(data) == 0 {
		return (*C.uint8_t)(unsafe.Pointer(&noBytes[0]))
	}
	return (*C.uint8_t)(unsafe.Pointer(&data[0]))
}
