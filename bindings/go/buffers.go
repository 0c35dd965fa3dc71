package deckhand

/*
#include "deckhand.h"
*/
import "C"

import "unsafe"

// readText reads text through the (out_len, buf, cap, ...) convention: the size first, then
// the fill. f receives a dh_error to pass on (or ignore).
func readText(f func(n *C.size_t, buf *C.char, capacity C.size_t, err *C.dh_error) C.int) (string, error) {
	b, err := readBytes(func(n *C.size_t, buf *C.uint8_t, capacity C.size_t, e *C.dh_error) C.int {
		return f(n, (*C.char)(unsafe.Pointer(buf)), capacity, e)
	})
	if err != nil {
		return "", err
	}
	for i, c := range b {
		if c == 0 {
			return string(b[:i]), nil
		}
	}
	return string(b), nil
}

func readBytes(f func(n *C.size_t, buf *C.uint8_t, capacity C.size_t, err *C.dh_error) C.int) ([]byte, error) {
	var need C.size_t
	e := newError()
	status := f(&need, nil, 0, &e)
	for {
		if status != C.DH_OK && status != C.DH_E_BUFFER_TOO_SMALL {
			return nil, fromC(status, &e)
		}
		capacity := need
		buf := make([]byte, int(capacity)+1)
		e = newError()
		status = f(&need, (*C.uint8_t)(unsafe.Pointer(&buf[0])), capacity, &e)
		if status == C.DH_OK {
			if need < capacity {
				capacity = need
			}
			return buf[:capacity], nil
		}
	}
}

// readItems reads an array through the (out_count, items, cap) convention: the count first,
// then the fill (one spare item, so that the pointer is never nil).
func readItems[E any](f func(n *C.size_t, items *E, capacity C.size_t) C.int) ([]E, error) {
	var count C.size_t
	status := f(&count, nil, 0)
	for {
		if status != C.DH_OK && status != C.DH_E_BUFFER_TOO_SMALL {
			return nil, bare(status)
		}
		capacity := count
		items := make([]E, int(capacity)+1)
		status = f(&count, &items[0], capacity)
		if status == C.DH_OK {
			return items[:count], nil
		}
	}
}

func readInt64s(f func(n *C.size_t, items *C.int64_t, capacity C.size_t) C.int) ([]int64, error) {
	items, err := readItems(f)
	if err != nil {
		return nil, err
	}
	out := make([]int64, len(items))
	for i, v := range items {
		out[i] = int64(v)
	}
	return out, nil
}

func readInt32s(f func(n *C.size_t, items *C.int32_t, capacity C.size_t) C.int) ([]int, error) {
	items, err := readItems(f)
	if err != nil {
		return nil, err
	}
	out := make([]int, len(items))
	for i, v := range items {
		out[i] = int(v)
	}
	return out, nil
}
