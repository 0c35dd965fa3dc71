// Command playall plays one whole game of every game of the catalog with the library's bots
// ("basic" at every seat) and prints each result.
package main

import (
	"fmt"
	"os"

	"github.com/deckhand/deckhand-go/internal/playall"
)

func main() {
	played, err := playall.PlayAll(1)
	if err != nil {
		fmt.Fprintln(os.Stderr, "playall:", err)
		os.Exit(1)
	}
	for _, p := range played {
		fmt.Printf("%s: %d actions, scores %v, winners %v\n", p.Name, p.Actions, p.Scores, p.Winners)
	}
}
