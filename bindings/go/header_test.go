package deckhand_test

import (
	"encoding/json"
	"os/exec"
	"path/filepath"
	"testing"

	deckhand "github.com/deckhand/deckhand-go"
)

// cgo compiles the binding against capi/include/deckhand.h itself, so its declarations are
// the header's; this checks that every status of the header is a Status with its name, and
// that the statuses the binding exports are those.
func TestStatusesAreTheHeaders(t *testing.T) {
	out, err := exec.Command("python3", filepath.Join(root(t), "tests", "bindings", "deckhand_header.py")).Output()
	if err != nil {
		t.Fatalf("tests/bindings/deckhand_header.py (python3 with pycparser): %v", err)
	}
	var h struct {
		Statuses map[string]int `json:"statuses"`
	}
	if err := json.Unmarshal(out, &h); err != nil {
		t.Fatal(err)
	}
	exported := []deckhand.Status{deckhand.ErrNullArgument, deckhand.ErrInvalidArgument,
		deckhand.ErrBufferTooSmall, deckhand.ErrUnknownGame, deckhand.ErrBadOption, deckhand.ErrParse,
		deckhand.ErrIllegal, deckhand.ErrWrongSeat, deckhand.ErrWrongPhase, deckhand.ErrGameOver,
		deckhand.ErrCorrupt, deckhand.ErrRecord, deckhand.ErrInternal, deckhand.ErrUnsupported}
	if len(exported)+1 != len(h.Statuses) { // DH_OK is not an error
		t.Fatalf("%d statuses exported, the header has %d (and DH_OK)", len(exported), len(h.Statuses)-1)
	}
	for _, s := range exported {
		if v, ok := h.Statuses[s.Name()]; !ok || v != int(s) {
			t.Errorf("%s = %d: the header says %d (%v)", s.Name(), int(s), v, ok)
		}
	}
}
