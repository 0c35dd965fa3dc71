package deckhand_test

// The shared table of hostile calls (tests/hostile/cases.json, docs/hostile-input.md) run
// against the Go binding: each case's setup is built, its arguments converted to the Go
// parameter types, the call made and the outcome checked; for a refused call the setup
// game's Serialize() bytes and Record() text must be byte-identical before and after.
//
// What Go cannot express is skipped, each with its reason: a wrong type (text for a seat, a
// list for text, bytes for a string, ...) does not compile; a float is never taken where an
// integer is; -1 or 2**64 has no uint64 (seeds); an integer past int64 has no int; JS
// undefined has no Go value; the deprecated dh_game_buy_winner is not bound. Values Go can
// write but the C type cannot hold — a negative seat or index, one past math.MaxInt32, a NUL
// in text, text that is not valid UTF-8 (a lone surrogate, written as its WTF-8 bytes) — are
// the binding's to refuse: `expect: value` means an *Error with Status ErrValue, made before
// any C call.

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	deckhand "github.com/deckhand/deckhand-go"
)

type hostileCase struct {
	ID     string            `json:"id"`
	Setup  string            `json:"setup"`
	Call   string            `json:"call"`
	Args   []json.RawMessage `json:"args"`
	Expect string            `json:"expect"`
	Only   []string          `json:"only"`
}

type hostileSpec struct {
	Setups map[string]struct {
		Game    string `json:"game"`
		Players int    `json:"players"`
		Deal    *int64 `json:"deal"`
	} `json:"setups"`
	Cases []hostileCase `json:"cases"`
}

// skip is why Go cannot express a case.
type skip string

func kindOf(raw json.RawMessage) string {
	s := bytes.TrimSpace(raw)
	switch {
	case len(s) == 0:
		return "nothing"
	case s[0] == '"':
		return "text"
	case s[0] == '[':
		return "a list"
	case s[0] == 't' || s[0] == 'f':
		return "a bool"
	case s[0] == 'n':
		return "null"
	case s[0] == '{':
		var m map[string]json.RawMessage
		json.Unmarshal(s, &m)
		for _, k := range []string{"bytes_hex", "object", "float", "int", "undefined", "repeat"} {
			if _, ok := m[k]; ok {
				return k
			}
		}
		return "an object"
	}
	return "a number"
}

func object(raw json.RawMessage) map[string]json.RawMessage {
	var m map[string]json.RawMessage
	if bytes.HasPrefix(bytes.TrimSpace(raw), []byte("{")) {
		json.Unmarshal(raw, &m)
	}
	return m
}

func bigInt(raw json.RawMessage) (*big.Int, *skip) {
	text := string(bytes.TrimSpace(raw))
	if m := object(raw); m != nil {
		switch {
		case m["int"] != nil:
			json.Unmarshal(m["int"], &text)
		case m["float"] != nil:
			var f string
			json.Unmarshal(m["float"], &f)
			s := skip("the float " + f + ": Go takes no float where an integer is (no implicit conversion)")
			return nil, &s
		case m["undefined"] != nil:
			s := skip("JS undefined: Go has no such value (an argument cannot be left out)")
			return nil, &s
		default:
			s := skip(kindOf(raw) + " where an integer is expected does not compile in Go")
			return nil, &s
		}
	} else if kindOf(raw) != "a number" {
		s := skip(kindOf(raw) + " where an integer is expected does not compile in Go")
		return nil, &s
	}
	if strings.ContainsAny(text, ".eE") {
		s := skip("the float " + text + ": Go takes no float where an integer is")
		return nil, &s
	}
	n, ok := new(big.Int).SetString(text, 10)
	if !ok {
		panic("not an integer: " + text)
	}
	return n, nil
}

func intArg(raw json.RawMessage) (int, *skip) {
	n, s := bigInt(raw)
	if s != nil {
		return 0, s
	}
	if !n.IsInt64() {
		s := skip(n.String() + " has no int (64 bits): it cannot be written in Go")
		return 0, &s
	}
	return int(n.Int64()), nil
}

func uint64Arg(raw json.RawMessage) (uint64, *skip) {
	n, s := bigInt(raw)
	if s != nil {
		return 0, s
	}
	if !n.IsUint64() {
		s := skip(n.String() + " has no uint64: it cannot be written as a seed in Go")
		return 0, &s
	}
	return n.Uint64(), nil
}

// jsonText decodes a JSON string as Go string bytes, a lone surrogate as its WTF-8 bytes
// (what a Go string read from such bytes holds: not valid UTF-8).
func jsonText(raw json.RawMessage) string {
	s := string(bytes.TrimSpace(raw))
	s = s[1 : len(s)-1]
	var out []byte
	for i := 0; i < len(s); {
		c := s[i]
		if c != '\\' {
			out = append(out, c)
			i++
			continue
		}
		e := s[i+1]
		i += 2
		switch e {
		case 'n':
			out = append(out, '\n')
		case 't':
			out = append(out, '\t')
		case 'r':
			out = append(out, '\r')
		case 'b':
			out = append(out, '\b')
		case 'f':
			out = append(out, '\f')
		case 'u':
			u, _ := strconv.ParseUint(s[i:i+4], 16, 16)
			i += 4
			r := rune(u)
			if utf16.IsSurrogate(r) && i+6 <= len(s) && s[i] == '\\' && s[i+1] == 'u' {
				if u2, err := strconv.ParseUint(s[i+2:i+6], 16, 16); err == nil {
					if pair := utf16.DecodeRune(r, rune(u2)); pair != utf8.RuneError {
						out = utf8.AppendRune(out, pair)
						i += 6
						continue
					}
				}
			}
			if utf16.IsSurrogate(r) { // lone: its three WTF-8 bytes
				out = append(out, byte(0xE0|r>>12), byte(0x80|(r>>6)&0x3F), byte(0x80|r&0x3F))
			} else {
				out = utf8.AppendRune(out, r)
			}
		default:
			out = append(out, e)
		}
	}
	return string(out)
}

func textArg(raw json.RawMessage) (string, *skip) {
	if kindOf(raw) == "text" {
		return jsonText(raw), nil
	}
	if m := object(raw); m != nil && m["repeat"] != nil {
		var times int
		json.Unmarshal(m["times"], &times)
		return strings.Repeat(jsonText(m["repeat"]), times), nil
	}
	s := skip(kindOf(raw) + " where text is expected does not compile in Go")
	return "", &s
}

func bytesArg(raw json.RawMessage, game *deckhand.Game) ([]byte, *skip) {
	m := object(raw)
	if m != nil && m["bytes_hex"] != nil {
		b, _ := hex.DecodeString(jsonText(m["bytes_hex"]))
		return b, nil
	}
	if m != nil && m["image"] != nil {
		image := game.Serialize()
		if m["flip"] != nil {
			var flip [2]int
			json.Unmarshal(m["flip"], &flip)
			at := flip[0]
			if at < 0 {
				at += len(image)
			}
			image[at] ^= byte(flip[1])
		}
		if m["truncate"] != nil {
			var n int
			json.Unmarshal(m["truncate"], &n)
			image = image[:n]
		}
		return image, nil
	}
	s := skip(kindOf(raw) + " where bytes are expected does not compile in Go")
	return nil, &s
}

// optionsArg is options as []string of "key=value": null, a list of text, or an object of
// text or number values (in the order written).
func optionsArg(raw json.RawMessage) ([]string, *skip) {
	switch kindOf(raw) {
	case "null":
		return nil, nil
	case "a list":
		var items []json.RawMessage
		json.Unmarshal(raw, &items)
		var out []string
		for _, it := range items {
			s, sk := textArg(it)
			if sk != nil {
				return nil, sk
			}
			out = append(out, s)
		}
		return out, nil
	case "an object":
		m := object(raw)
		var times int
		json.Unmarshal(m["times"], &times)
		if m["repeat_list"] != nil {
			one, sk := textArg(m["repeat_list"])
			if sk != nil {
				return nil, sk
			}
			out := make([]string, times)
			for i := range out {
				out[i] = one
			}
			return out, nil
		}
		if m["numbered_list"] != nil {
			pattern := jsonText(m["numbered_list"])
			out := make([]string, times)
			for i := range out {
				out[i] = strings.ReplaceAll(pattern, "{}", strconv.Itoa(i))
			}
			return out, nil
		}
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.Token() // {
		var out []string
		for dec.More() {
			key, _ := dec.Token()
			var value json.RawMessage
			dec.Decode(&value)
			switch kindOf(value) {
			case "text":
				out = append(out, fmt.Sprintf("%s=%s", key, jsonText(value)))
			case "a number":
				out = append(out, fmt.Sprintf("%s=%s", key, value))
			default:
				s := skip("an option value that is " + kindOf(value) + ": does not compile in Go")
				return nil, &s
			}
		}
		return out, nil
	}
	s := skip("options that are " + kindOf(raw) + ": not a []string, does not compile in Go")
	return nil, &s
}

// hostileCall makes the case's call: its error (nil for success), or why Go cannot express it.
func hostileCall(c hostileCase, game *deckhand.Game) (err error, why *skip) {
	a := c.Args
	switch c.Call {
	case "new_game":
		name, s1 := textArg(a[0])
		players := 0
		var s2 *skip
		if kindOf(a[1]) != "null" {
			players, s2 = intArg(a[1])
		}
		options, s3 := optionsArg(a[2])
		if s := first(s1, s2, s3); s != nil {
			return nil, s
		}
		g, err := deckhand.NewGame(name, players, options)
		if err == nil {
			g.Close()
		}
		return err, nil
	case "view", "view_text":
		seat := deckhand.Spectator
		var s *skip
		if kindOf(a[0]) != "null" {
			seat, s = intArg(a[0])
		}
		if s != nil {
			return nil, s
		}
		if c.Call == "view" {
			_, err = game.ViewJSON(seat)
		} else {
			_, err = game.ViewText(seat)
		}
		return err, nil
	case "apply", "check", "is_legal":
		seat, s1 := intArg(a[0])
		action, s2 := textArg(a[1])
		if s := first(s1, s2); s != nil {
			return nil, s
		}
		switch c.Call {
		case "apply":
			return game.Apply(seat, action), nil
		case "check":
			return game.Check(seat, action), nil
		}
		_, err := game.IsLegal(seat, action)
		return err, nil
	case "apply_legal":
		index, s := intArg(a[0])
		if s != nil {
			return nil, s
		}
		_, err := game.ApplyLegal(index)
		return err, nil
	case "deal":
		seed, s := uint64Arg(a[0])
		if s != nil {
			return nil, s
		}
		return game.Deal(seed), nil
	case "deal_cards":
		cards, s := textArg(a[0])
		if s != nil {
			return nil, s
		}
		return game.DealCards(cards), nil
	case "deserialize":
		data, s := bytesArg(a[0], game)
		if s != nil {
			return nil, s
		}
		g, err := deckhand.Deserialize(data)
		if err == nil {
			g.Close()
		}
		return err, nil
	case "from_record":
		text, s := textArg(a[0])
		if s != nil {
			return nil, s
		}
		g, err := deckhand.FromRecord(text)
		if err == nil {
			g.Close()
		}
		return err, nil
	case "bot_new":
		name, s1 := textArg(a[0])
		level, s2 := textArg(a[1])
		seed, s3 := uint64Arg(a[2])
		if s := first(s1, s2, s3); s != nil {
			return nil, s
		}
		b, err := deckhand.NewBot(name, level, seed, nil)
		if err == nil {
			b.Close()
		}
		return err, nil
	case "bot_choose":
		seat, s := intArg(a[0])
		if s != nil {
			return nil, s
		}
		b, err := deckhand.NewBot(game.Name(), "basic", 0, nil)
		if err != nil {
			panic(err)
		}
		defer b.Close()
		_, err = b.Choose(game, seat)
		return err, nil
	case "buy_winner":
		s := skip("the deprecated dh_game_buy_winner is not bound (the game offers the discard itself: ToAct and LegalActions)")
		return nil, &s
	}
	panic("a call this runner does not know: " + c.Call + " (add it)")
}

func first(skips ...*skip) *skip {
	for _, s := range skips {
		if s != nil {
			return s
		}
	}
	return nil
}

func checkOutcome(expect string, err error) string {
	var e *deckhand.Error
	switch {
	case expect == "ok" && err == nil:
		return ""
	case expect == "ok":
		return fmt.Sprintf("expected success, got %v", err)
	case err == nil:
		return fmt.Sprintf("expected a refusal (%s), got success", expect)
	case !errors.As(err, &e):
		return fmt.Sprintf("not a *deckhand.Error: %#v", err)
	case expect == "type":
		return fmt.Sprintf("a type case reached a call: %v", err)
	case expect == "value" && e.Status == deckhand.ErrValue:
		return ""
	case expect == "error" && e.Status.IsLibrary():
		return ""
	case strings.TrimPrefix(expect, "error:") == e.Status.Name():
		return ""
	}
	return fmt.Sprintf("expected %s, got %v (%s)", expect, err, e.Status.Name())
}

func gameState(g *deckhand.Game) ([]byte, string) {
	r := ""
	if g.KeepsHistory() {
		r, _ = g.Record()
	}
	return g.Serialize(), r
}

func TestHostileInputSuite(t *testing.T) {
	text, err := os.ReadFile(filepath.Join(root(t), "tests", "hostile", "cases.json"))
	if err != nil {
		t.Fatal(err)
	}
	var spec hostileSpec
	if err := json.Unmarshal(text, &spec); err != nil {
		t.Fatal(err)
	}
	ran, skipped, controls := 0, 0, 0
	for _, c := range spec.Cases {
		if c.Only != nil && !contains(c.Only, "go") {
			continue
		}
		c := c
		t.Run(c.ID, func(t *testing.T) {
			s := spec.Setups[c.Setup]
			game, err := deckhand.NewGame(s.Game, s.Players, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer game.Close()
			if s.Deal != nil {
				if err := game.Deal(uint64(*s.Deal)); err != nil {
					t.Fatal(err)
				}
			}
			image, record := gameState(game)
			err, why := hostileCall(c, game)
			if why != nil {
				skipped++
				t.Skip(string(*why))
			}
			ran++
			if c.Expect == "ok" {
				controls++
			}
			if msg := checkOutcome(c.Expect, err); msg != "" {
				t.Error(msg)
			}
			if c.Expect != "ok" {
				image2, record2 := gameState(game)
				if !bytes.Equal(image, image2) || record != record2 {
					t.Error("a refused call changed the game")
				}
			}
		})
	}
	t.Logf("hostile cases: %d run, %d skipped", ran, skipped)
	if controls < 3 || ran < 30 {
		t.Errorf("only %d cases ran (%d controls)", ran, controls)
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
