package deckhand_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	deckhand "github.com/deckhand/deckhand-go"
)

// The README's example runs as written: its go block becomes main.go of a module of its own
// that requires this one (by a replace directive to this folder), and `go run` runs it.
func TestTheReadmeExampleRunsAsWritten(t *testing.T) {
	here := filepath.Join(root(t), "bindings", "go")
	text, err := os.ReadFile(filepath.Join(here, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	blocks := regexp.MustCompile("(?s)```go\n(.*?)```").FindAllStringSubmatch(string(text), -1)
	if len(blocks) != 1 {
		t.Fatalf("%d go blocks in the README", len(blocks))
	}
	dir := t.TempDir()
	mod := "module readme\n\ngo 1.22\n\nrequire github.com/deckhand/deckhand-go v0.0.0\n\n" +
		"replace github.com/deckhand/deckhand-go => " + here + "\n"
	os.WriteFile(filepath.Join(dir, "go.mod"), []byte(mod), 0o644)
	os.WriteFile(filepath.Join(dir, "main.go"), []byte(blocks[0][1]), 0o644)
	cmd := exec.Command("go", "run", ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOPROXY=off")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	games := deckhand.Games()
	if len(lines) != len(games) {
		t.Fatalf("%d lines for %d games: %s", len(lines), len(games), out)
	}
	for i, g := range games {
		if !strings.HasPrefix(lines[i], g.Name+" scores [") || !strings.Contains(lines[i], "winners [") {
			t.Errorf("%q", lines[i])
		}
	}
}
