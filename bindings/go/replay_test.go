package deckhand_test

import (
	"errors"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/deckhand/deckhand-go/internal/replaycli"
)

func cliReplay(t *testing.T, path string) (string, int) {
	cmd := exec.Command(cli(t), "replay", path)
	out, err := cmd.Output()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatalf("%s: %v (run `make native`)", cli(t), err)
	}
	return string(out), cmd.ProcessState.ExitCode()
}

// The replay program agrees with `deckhand replay FILE` (the CLI of `make native`): the same
// standard output byte for byte and the same exit code, on every record under tests/.
func TestEveryRecordReplaysAsTheCLIReplaysIt(t *testing.T) {
	codes := map[int]bool{}
	recs := records(t)
	for _, path := range recs {
		out, code := replaycli.Replay(path)
		want, wantCode := cliReplay(t, path)
		if out != want || code != wantCode {
			t.Errorf("%s:\n ours   %d %q\n theirs %d %q", path, code, out, wantCode, want)
		}
		codes[code] = true
	}
	if !codes[0] || !codes[1] || len(recs) < 30 {
		t.Errorf("exit codes %v over %d records", codes, len(recs))
	}
}

func TestUnreadableInputsAreReportedAsTheCLIReportsThem(t *testing.T) {
	dir := filepath.Join(root(t), "tests")
	for _, path := range []string{dir, filepath.Join(dir, "no such record.rec")} {
		out, code := replaycli.Replay(path)
		want, wantCode := cliReplay(t, path)
		if out != want || code != wantCode || code != 2 {
			t.Errorf("%s:\n ours   %d %q\n theirs %d %q", path, code, out, wantCode, want)
		}
	}
}

func TestTheReplayScriptRunsTheProgram(t *testing.T) {
	record := records(t)[0]
	cmd := exec.Command(filepath.Join(root(t), "bindings", "go", "replay"), record)
	out, err := cmd.Output()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatal(err)
	}
	want, wantCode := cliReplay(t, record)
	if string(out) != want || cmd.ProcessState.ExitCode() != wantCode {
		t.Errorf("%q %d vs %q %d", out, cmd.ProcessState.ExitCode(), want, wantCode)
	}
}

// The shared fixture tests/replay/compare.sh: awkward names (long, control and C1
// characters, apostrophes, bytes that are not UTF-8), a FIFO, a symlink loop, a path through
// a file, records holding NUL bytes, CRLF lines... through cmd/replay and the CLI: the same
// stdout bytes and exit code.
func TestTheSharedReplayCasesMatchTheCLI(t *testing.T) {
	program := filepath.Join(t.TempDir(), "replay")
	build := exec.Command("go", "build", "-o", program, "./cmd/replay")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build ./cmd/replay: %v\n%s", err, out)
	}
	cmd := exec.Command("bash", filepath.Join(root(t), "tests", "replay", "compare.sh"), cli(t), program)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
}
