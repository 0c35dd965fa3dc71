// Package playall plays one whole game of every game of the catalog with the library's bots
// (the example program cmd/playall, and the tests).
package playall

import deckhand "github.com/deckhand/deckhand-go"

// Played is one finished game.
type Played struct {
	Name    string
	Scores  []int64
	Winners []int
	Actions int
	Record  string
}

// Play is a whole game of name for players (with options) played by bots of level.
func Play(name string, players int, options []string, level string, seed uint64) (Played, error) {
	game, err := deckhand.NewGame(name, players, options)
	if err != nil {
		return Played{}, err
	}
	defer game.Close()
	bots := make([]*deckhand.Bot, players)
	for s := range bots {
		if bots[s], err = deckhand.NewBot(name, level, seed+uint64(s), nil); err != nil {
			return Played{}, err
		}
		defer bots[s].Close()
	}
	deals, actions := uint64(0), 0
	for !game.IsOver() {
		if game.AwaitingDeal() {
			deals++
			if err := game.Deal(seed*1000 + deals); err != nil {
				return Played{}, err
			}
			continue
		}
		seat, action, err := deckhand.NextMove(game, bots)
		if err != nil {
			return Played{}, err
		}
		if err := game.Apply(seat, action); err != nil {
			return Played{}, err
		}
		actions++
	}
	record, err := game.Record()
	if err != nil {
		return Played{}, err
	}
	return Played{game.Name(), game.Scores(), game.Winners(), actions, record}, nil
}

// PlayAll plays every game of the catalog once (by its fewest players, "basic" bots, its
// unattended options).
func PlayAll(seed uint64) ([]Played, error) {
	var out []Played
	for _, info := range deckhand.Games() {
		p, err := Play(info.Name, info.MinPlayers, info.UnattendedOptions(), "basic", seed)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}
