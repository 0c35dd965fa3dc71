package deckhand

/*
#include "deckhand.h"
*/
import "C"

import "fmt"

// Status is the status of a refusal: a C ABI status (DH_E_*, negative, fixed values), or
// ErrValue for a value the binding refused before any C call. A Status is an error, so
// errors.Is(err, deckhand.ErrIllegal) tells a refusal's status.
type Status int32

// The statuses. ErrValue is the binding's own: a value the C type cannot hold (a seat or
// index that is negative or past math.MaxInt32, text with a NUL or not valid UTF-8); the
// others are deckhand.h's DH_E_* codes.
const (
	ErrValue           Status = 1
	ErrNullArgument    Status = C.DH_E_NULL_ARGUMENT
	ErrInvalidArgument Status = C.DH_E_INVALID_ARGUMENT
	ErrBufferTooSmall  Status = C.DH_E_BUFFER_TOO_SMALL
	ErrUnknownGame     Status = C.DH_E_UNKNOWN_GAME
	ErrBadOption       Status = C.DH_E_BAD_OPTION
	ErrParse           Status = C.DH_E_PARSE
	ErrIllegal         Status = C.DH_E_ILLEGAL
	ErrWrongSeat       Status = C.DH_E_WRONG_SEAT
	ErrWrongPhase      Status = C.DH_E_WRONG_PHASE
	ErrGameOver        Status = C.DH_E_GAME_OVER
	ErrCorrupt         Status = C.DH_E_CORRUPT
	ErrRecord          Status = C.DH_E_RECORD
	ErrInternal        Status = C.DH_E_INTERNAL
	ErrUnsupported     Status = C.DH_E_UNSUPPORTED
)

// Name is the library's name of the status ("DH_E_ILLEGAL"), or "VALUE" for ErrValue.
func (s Status) Name() string {
	if s == ErrValue {
		return "VALUE"
	}
	return C.GoString(C.dh_status_name(C.int(s)))
}

// Error makes a Status an error (its name).
func (s Status) Error() string { return s.Name() }

// IsLibrary is true for a status the library returned (not ErrValue).
func (s Status) IsLibrary() bool { return s < 0 }

// Error is a refused call: what the library wrote into its dh_error, or the binding's own
// refusal (Status ErrValue).
type Error struct {
	Status       Status // the C ABI status, or ErrValue
	Reason       string // the rule-level reason ("must_follow_suit"; "" when none)
	ReasonNumber int    // its stable number (docs/reasons.md), 0 when none
	Message      string // a readable message naming the card, seat or rule
	Line         int    // for records: the 1-based line refused, else 0
}

func (e *Error) Error() string { return fmt.Sprintf("%s (%s)", e.Message, e.Status.Name()) }

// Unwrap gives the Status, so that errors.Is(err, deckhand.ErrWrongSeat) works.
func (e *Error) Unwrap() error { return e.Status }

func newError() C.dh_error {
	var err C.dh_error
	err.size = C.uint32_t(C.sizeof_dh_error)
	return err
}

func fromC(status C.int, err *C.dh_error) error {
	if status == C.DH_OK {
		return nil
	}
	if err == nil || err.status != C.int32_t(status) {
		return bare(status)
	}
	return &Error{
		Status:       Status(status),
		Reason:       C.GoString(&err.code[0]),
		ReasonNumber: int(err.reason),
		Message:      C.GoString(&err.message[0]),
		Line:         int(err.line),
	}
}

func bare(status C.int) error {
	if status == C.DH_OK {
		return nil
	}
	s := Status(status)
	return &Error{Status: s, Message: s.Name()}
}

// nilError is the library's null_argument for a nil Go pointer, refused before any C call.
func nilError(what string) error {
	return &Error{Status: ErrNullArgument, Reason: "null_argument", Message: "null_argument: " + what + " is nil"}
}

func valueError(reason, format string, args ...any) error {
	return &Error{Status: ErrValue, Reason: reason, Message: fmt.Sprintf(format, args...)}
}
