// Package replaycli is the replay program's work: what `deckhand replay FILE` prints on
// standard output (one line of JSON, docs/cli.md) and its exit code, through the binding.
package replaycli

// #include <string.h>
import "C"

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"
	"syscall"

	deckhand "github.com/deckhand/deckhand-go"
)

// inputCap is what the CLI reads at most (64 MiB).
const inputCap = 64 << 20

// Replay is the standard output and the exit code of `deckhand replay path`: 0 when every
// line of the record is legal, 1 when a line is refused, 2 when the file cannot be read.
func Replay(path string) (string, int) {
	record, code, message := readInput(path)
	if code != "" {
		return fmt.Sprintf("{\"ok\": false, \"line\": 0, \"code\": %s, \"message\": %s}\n",
			jsonString(code), jsonString(code+": "+message)), 2
	}
	out, err := deckhand.ReplayJSONBytes(record)
	if err != nil {
		fmt.Fprintln(os.Stderr, "replay:", err)
		return "", 1
	}
	if strings.HasPrefix(out, "{\"ok\": true") {
		return out + "\n", 0
	}
	return out + "\n", 1
}

func readInput(path string) ([]byte, string, string) {
	name := "standard input"
	var r io.Reader = os.Stdin
	if path != "-" {
		name = deckhand.Quote([]byte(path)) // the path's bytes as they are, any name
		info, err := os.Stat(path)
		if err != nil {
			return nil, "unreadable_input", "cannot read " + name + ": " + osMessage(err)
		}
		if !info.Mode().IsRegular() {
			return nil, "unreadable_input", "cannot read " + name + ": not a regular file"
		}
		f, err := os.Open(path)
		if err != nil {
			return nil, "unreadable_input", "cannot read " + name + ": " + osMessage(err)
		}
		defer f.Close()
		r = f
	}
	data, err := io.ReadAll(io.LimitReader(r, inputCap+1))
	if len(data) > inputCap {
		return nil, "input_too_large", name + " is larger than 64 MiB, the most deckhand reads"
	}
	if err != nil {
		return nil, "unreadable_input", "reading " + name + " failed"
	}
	return data, "", ""
}

// osMessage is the operating system's message of err: the C library's strerror, as the
// tool writes it (Go's own texts differ in case).
func osMessage(err error) string {
	var errno syscall.Errno
	if errors.As(err, &errno) {
		return C.GoString(C.strerror(C.int(errno)))
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// jsonString is s as a JSON string as the tool writes one (s is valid UTF-8 here: a quoted
// name has no control characters left).
func jsonString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, c := range s {
		switch {
		case c == '"':
			b.WriteString(`\"`)
		case c == '\\':
			b.WriteString(`\\`)
		case c == '\n':
			b.WriteString(`\n`)
		case c == '\t':
			b.WriteString(`\t`)
		case c == '\r':
			b.WriteString(`\r`)
		case c < 0x20:
			fmt.Fprintf(&b, `\u%04x`, c)
		default:
			b.WriteRune(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}
