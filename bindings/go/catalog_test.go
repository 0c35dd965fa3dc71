package deckhand_test

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	deckhand "github.com/deckhand/deckhand-go"
)

func TestEveryGameHasPlayersOptionsPhasesAndActionKinds(t *testing.T) {
	games := deckhand.Games()
	if len(games) == 0 {
		t.Fatal("no games")
	}
	for i, g := range games {
		if g.Index != i || g.Name == "" || g.Description == "" {
			t.Errorf("%d: %+v", i, g)
		}
		if g.MinPlayers < 1 || g.MinPlayers > g.MaxPlayers {
			t.Errorf("%s: players %d..%d", g.Name, g.MinPlayers, g.MaxPlayers)
		}
		if len(g.Options) == 0 || len(g.Phases) == 0 || len(g.ActionKinds) == 0 {
			t.Errorf("%s: %+v", g.Name, g)
		}
		engine, limit := false, false
		for _, o := range g.Options {
			engine = engine || o.Rule == "engine"
			limit = limit || o.Name == g.LimitOption
		}
		if !engine || !limit || g.UnattendedLimit <= 0 {
			t.Errorf("%s: engine option %v, limit option %q %v", g.Name, engine, g.LimitOption, limit)
		}
		game, err := deckhand.NewGame(g.Name, g.MinPlayers, nil)
		if err != nil {
			t.Fatal(err)
		}
		if game.Name() != g.Name {
			t.Errorf("%s: a game named %s", g.Name, game.Name())
		}
		found := false
		for _, p := range g.Phases {
			found = found || p == game.Phase()
		}
		if !found {
			t.Errorf("%s: phase %q not in %v", g.Name, game.Phase(), g.Phases)
		}
		game.Close()
		same, err := deckhand.FindGame("  " + strings.ToUpper(g.Name) + " ")
		if err != nil || !reflect.DeepEqual(same, g) {
			t.Errorf("%s: FindGame gave %+v, %v", g.Name, same, err)
		}
	}
}

func TestTheJSONDocumentSaysTheSame(t *testing.T) {
	doc := mustJSON(t, deckhand.CatalogJSON()).(map[string]any)
	listed := doc["games"].([]any)
	games := deckhand.Games()
	if len(listed) != len(games) {
		t.Fatalf("%d games in the JSON, %d in the catalog", len(listed), len(games))
	}
	for i, j := range listed {
		g := j.(map[string]any)
		if g["name"] != games[i].Name || int(g["min_players"].(float64)) != games[i].MinPlayers ||
			int(g["max_players"].(float64)) != games[i].MaxPlayers {
			t.Errorf("%v vs %+v", g, games[i])
		}
		var phases []string
		for _, p := range g["phases"].([]any) {
			phases = append(phases, p.(string))
		}
		if !reflect.DeepEqual(phases, games[i].Phases) {
			t.Errorf("%s: phases %v vs %v", games[i].Name, phases, games[i].Phases)
		}
		if len(g["options"].([]any)) != len(games[i].Options) ||
			len(g["action_kinds"].([]any)) != len(games[i].ActionKinds) {
			t.Errorf("%s: options or action kinds differ", games[i].Name)
		}
	}
}

func TestAnUnknownGameIsRefusedByName(t *testing.T) {
	_, err := deckhand.FindGame("no such game")
	if !errors.Is(err, deckhand.ErrUnknownGame) || !strings.Contains(err.Error(), "no such game") {
		t.Errorf("%v", err)
	}
	_, err = deckhand.NewGame("no such game", 0, nil)
	var e *deckhand.Error
	if !errors.As(err, &e) || e.Status != deckhand.ErrUnknownGame || e.Reason == "" ||
		e.Status.Name() != "DH_E_UNKNOWN_GAME" {
		t.Errorf("%#v", err)
	}
	if strings.Count(deckhand.Version(), ".") != 2 {
		t.Errorf("version %q", deckhand.Version())
	}
}

// With DECKHAND_LIB_DIR set (make go-test sets it), the library in this process is that
// directory's: CGO_LDFLAGS put it before cgo.go's default.
func TestTheLibraryComesFromDeckhandLibDir(t *testing.T) {
	dir := os.Getenv("DECKHAND_LIB_DIR")
	if dir == "" {
		t.Skip("DECKHAND_LIB_DIR is not set")
	}
	want, err := filepath.EvalSymlinks(dir)
	if err != nil {
		t.Fatal(err)
	}
	maps, err := os.ReadFile("/proc/self/maps")
	if err != nil {
		t.Skip("no /proc/self/maps: ", err)
	}
	for _, line := range strings.Split(string(maps), "\n") {
		if i := strings.Index(line, "/libdeckhand.so"); i >= 0 {
			fields := strings.Fields(line)
			got, _ := filepath.EvalSymlinks(filepath.Dir(fields[len(fields)-1]))
			if got != want {
				t.Fatalf("libdeckhand.so from %s, DECKHAND_LIB_DIR is %s", got, want)
			}
			return
		}
	}
	t.Fatal("no libdeckhand.so in /proc/self/maps")
}
