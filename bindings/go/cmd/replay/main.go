// Command replay prints exactly what `deckhand replay FILE` prints on standard output and
// exits with its exit code (docs/cli.md), through the Go binding.
package main

import (
	"fmt"
	"os"

	"github.com/deckhand/deckhand-go/internal/replaycli"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: replay FILE   (- reads standard input)")
		os.Exit(2)
	}
	out, code := replaycli.Replay(os.Args[1])
	fmt.Print(out)
	os.Exit(code)
}
