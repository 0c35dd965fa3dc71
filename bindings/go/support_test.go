package deckhand_test

import (
	"encoding/json"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"testing"

	deckhand "github.com/deckhand/deckhand-go"
)

// root is the repository's root (bindings/go/../..).
func root(t testing.TB) string {
	_, file, _, _ := runtime.Caller(0)
	dir, err := filepath.Abs(filepath.Join(filepath.Dir(file), "..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// cli is the deckhand tool of `make native` (DECKHAND_CLI overrides it).
func cli(t testing.TB) string {
	if p := os.Getenv("DECKHAND_CLI"); p != "" {
		return p
	}
	return filepath.Join(root(t), "build", "python", "deckhand")
}

// records are the records (.rec) git knows under tests/; outside a git checkout (a source
// archive, no git), every .rec found under tests/.
func records(t testing.TB) []string {
	var recs []string
	cmd := exec.Command("git", "ls-files", "tests")
	cmd.Dir = root(t)
	if out, err := cmd.Output(); err == nil {
		for _, l := range strings.Split(string(out), "\n") {
			if strings.HasSuffix(l, ".rec") {
				recs = append(recs, filepath.Join(root(t), l))
			}
		}
	}
	if len(recs) == 0 {
		err := filepath.WalkDir(filepath.Join(root(t), "tests"), func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(p, ".rec") {
				recs = append(recs, p)
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		sort.Strings(recs)
	}
	if len(recs) == 0 {
		t.Fatal("no records under tests/")
	}
	return recs
}

func mustJSON(t testing.TB, text string) any {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(text), &v); err != nil {
		t.Fatalf("not JSON: %v: %q", err, text)
	}
	return v
}

func limitOptions(info deckhand.GameInfo, limit int) []string {
	return []string{info.LimitOption + "=" + strconv.Itoa(limit)}
}
