package record_test

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/checkers"
	"github.com/kalahlab/kalahlab/core/kalah"
	"github.com/kalahlab/kalahlab/core/ludo"
	"github.com/kalahlab/kalahlab/core/record"
)

func newGame(t testing.TB, def core.Def, set map[string]any) (core.Game, core.Params) {
	t.Helper()
	p, err := core.Apply(def.Params, core.Defaults(def.Params), set)
	require.NoError(t, err)
	g, err := def.New(def.Name, p)
	require.NoError(t, err)
	return g, p
}

// playout plays a seeded random game (dice included) and records it.
func playout(t testing.TB, def core.Def, set map[string]any, seed uint64, maxPlies int) (*record.Game, core.State) {
	t.Helper()
	g, p := newGame(t, def, set)
	r := rand.New(rand.NewPCG(seed, 2))
	st := g.NewState()
	rec := &record.Game{Variant: def.Name, Name: g.Name(), Knobs: map[string]any(p), Seed: seed}
	for range g.NumPlayers() {
		rec.Players = append(rec.Players, "random")
	}
	for ply := 0; ply < maxPlies && st.ToMove() != core.Terminal; ply++ {
		var m core.Move
		if st.ToMove() == core.Chance {
			m = core.SampleOutcome(r, st.ChanceOutcomes(nil))
		} else {
			moves := st.LegalMoves(nil)
			m = moves[r.IntN(len(moves))]
		}
		rec.Moves = append(rec.Moves, st.MoveString(m))
		st.Play(m)
	}
	rec.Position = st.String()
	rec.Result = record.ResultOf(st)
	return rec, st
}

func TestRoundTrip(t *testing.T) {
	for _, tc := range []struct {
		name  string
		def   core.Def
		set   map[string]any
		plies int
	}{
		{"kalah finished", kalah.Def, map[string]any{"houses": 5, "seeds": 3}, 1000},
		{"kalah unfinished", kalah.Def, nil, 7},
		{"kalah pie", kalah.Def, map[string]any{"pie_rule": true}, 1000},
		{"ludo with dice", ludo.Def, nil, 300},
		{"ludo two players", ludo.Def, map[string]any{"players": 2}, 100000},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec, want := playout(t, tc.def, tc.set, 7, tc.plies)
			dir := t.TempDir()
			path := filepath.Join(dir, "game.json")
			require.NoError(t, record.WriteFile(path, rec))
			got, err := record.ReadFile(path)
			require.NoError(t, err)
			assert.Equal(t, record.Format, got.Format)
			assert.Equal(t, record.Version, got.Version)
			assert.Equal(t, rec.Moves, got.Moves)
			assert.Equal(t, rec.Players, got.Players)
			assert.Equal(t, rec.Result, got.Result)
			for k, v := range rec.Knobs {
				assert.Equal(t, v, got.Knobs[k], k)
			}
			g, _ := newGame(t, tc.def, got.Knobs)
			st, moves, err := got.Replay(g)
			require.NoError(t, err)
			assert.Len(t, moves, len(rec.Moves))
			assert.Equal(t, want.String(), st.String())
			assert.Equal(t, want.ToMove(), st.ToMove())

			// Written again, it is the same bytes.
			var a, b bytes.Buffer
			require.NoError(t, record.Write(&a, rec))
			require.NoError(t, record.Write(&b, got))
			assert.Equal(t, a.String(), b.String())
		})
	}
}

func TestReplayErrors(t *testing.T) {
	g, p := newGame(t, kalah.Def, nil)
	base := record.Game{Format: record.Format, Version: 1, Variant: "kalah", Knobs: p, Players: []string{"human", "human"}}
	for _, tc := range []struct {
		name  string
		moves []string
		pos   string
		index int // 0: not a MoveError
		want  string
	}{
		{"illegal", []string{"3", "3"}, "", 2, `move 2 ("3"): `},
		{"out of range", []string{"9"}, "", 1, "1..6"},
		{"wrong position", []string{"1"}, "4,4,4,4,4,4,[0],4,4,4,4,4,4,[0] s", 0, "the moves lead to"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := base
			rec.Moves, rec.Position = tc.moves, tc.pos
			_, _, err := rec.Replay(g)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
			var me *record.MoveError
			if tc.index == 0 {
				assert.False(t, errors.As(err, &me))
				return
			}
			require.ErrorAs(t, err, &me)
			assert.Equal(t, tc.index, me.Index)
		})
	}
	rec := base
	rec.Players = []string{"human"}
	_, _, err := rec.Replay(g)
	assert.ErrorContains(t, err, "1 players for kalah, which has 2 seats")

	// A move after the end.
	done, st := playout(t, kalah.Def, nil, 3, 1000)
	require.Equal(t, core.Terminal, st.ToMove())
	done.Moves = append(done.Moves, "1")
	done.Position = ""
	_, _, err = done.Replay(g)
	var me *record.MoveError
	require.ErrorAs(t, err, &me)
	assert.Equal(t, len(done.Moves), me.Index)
	assert.Contains(t, err.Error(), "already over")
}

// TestStart: a record of a game set up elsewhere than the start replays from Start, and
// a Start the game cannot read is an error naming it.
func TestStart(t *testing.T) {
	g, p := newGame(t, checkers.Def, nil)
	rec := &record.Game{Variant: "checkers", Knobs: p, Players: []string{"human", "human"},
		Start: "W:W18,24:B15,K22", Moves: []string{"18x11", "22-17"}}
	data, err := record.Marshal(rec)
	require.NoError(t, err)
	assert.Contains(t, string(data), `"start": "W:W18,24:B15,K22"`)
	got, err := record.Parse(data)
	require.NoError(t, err)
	st, moves, err := got.Replay(g)
	require.NoError(t, err)
	assert.Len(t, moves, 2)
	assert.Equal(t, "W:W11,24:BK17 quiet=1", st.String())

	got.Start = "X:W1"
	_, _, err = got.Replay(g)
	assert.ErrorContains(t, err, "game record: start: checkers position")
}

func TestParseErrors(t *testing.T) {
	good := `{"format": "kalahlab-game", "version": 1, "variant": "kalah", "knobs": {"houses": 4}, "seed": 1, "players": ["human", "random"], "moves": ["1"]}`
	rec, err := record.Parse([]byte(good))
	require.NoError(t, err)
	assert.Equal(t, 4, rec.Knobs["houses"])
	for _, tc := range []struct {
		name, text, want string
	}{
		{"empty", ``, "empty"},
		{"truncated", `{"format": "kalahlab-game",`, "ends early"},
		{"syntax", "{\n  \"format\": kalahlab\n}", "line 2, column"},
		{"type", `{"format": "kalahlab-game", "version": "one"}`, "line 1, column"},
		{"unknown field", strings.Replace(good, `"seed"`, `"sede"`, 1), `unknown field "sede"`},
		{"format", strings.Replace(good, "kalahlab-game", "chess-pgn", 1), `format "chess-pgn"`},
		{"newer", strings.Replace(good, `"version": 1`, `"version": 2`, 1), "newer than this kalahlab reads"},
		{"no variant", strings.Replace(good, `"variant": "kalah"`, `"variant": " "`, 1), "variant is missing"},
		{"no players", strings.Replace(good, `["human", "random"]`, `[]`, 1), "players is empty"},
		{"empty player", strings.Replace(good, `"human"`, `""`, 1), "players[0] is empty"},
		{"empty move", strings.Replace(good, `["1"]`, `["1", ""]`, 1), "move 2 is empty"},
		{"knob object", strings.Replace(good, `{"houses": 4}`, `{"houses": {"n": 4}}`, 1), "knob houses"},
		{"bad hash", strings.Replace(good, `"seed"`, `"hash": "xyz", "seed"`, 1), "64 hex digits"},
		{"edited script", strings.Replace(good, `"seed"`, `"script": {"path": "a.lua", "sha256": "`+record.SHA256("x")+`", "source": "y"}, "seed"`, 1), "does not match"},
		{"result", strings.Replace(good, `"moves"`, `"result": {"returns": [1], "winner": 1}, "moves"`, 1), "1 values for 2 players"},
		{"winner", strings.Replace(good, `"moves"`, `"result": {"returns": [1, -1], "winner": 3}, "moves"`, 1), "result.winner 3"},
		{"two documents", good + good, "more than one JSON document"},
		{"variant twice", strings.Replace(good, `"seed"`, `"variant": "kalah/pie", "seed"`, 1), `line 1, column 87: key "variant" appears twice in the record (first at line 1, column 43): a record gives each key once`},
		{"a key twice in another case", strings.Replace(good, `"seed"`, `"Variant": "kalah", "seed"`, 1), `key "Variant" repeats "variant" in the record (at line 1, column 43; keys match without regard to case)`},
		{"a knob twice", strings.Replace(good, `{"houses": 4}`, `{"houses": 4, "seeds": 3, "houses": 5}`, 1), `key "houses" appears twice in knobs`},
		{"a script key twice", strings.Replace(good, `"seed"`, `"script": {"path": "a.lua", "path": "/etc/b.lua", "sha256": "`+record.SHA256("x")+`", "source": "x"}, "seed"`, 1), `key "path" appears twice in script`},
		{"a result key twice", strings.Replace(good, `"moves"`, `"result": {"returns": [1, -1], "winner": 1, "winner": 2}, "moves"`, 1), `key "winner" appears twice in result`},
		{"twice on other lines", strings.Replace(good, `, "seed"`, ",\n  \"seed\": 2,\n  \"seed\"", 1), `line 3, column 3: key "seed" appears twice in the record (first at line 2, column 3)`},
		{"an escaped key", strings.Replace(good, `"seed"`, `"\u0076ariant": "x", "seed"`, 1), `key "variant" appears twice`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := record.Parse([]byte(tc.text))
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
	_, err = record.ReadFile(filepath.Join(t.TempDir(), "missing.json"))
	assert.ErrorContains(t, err, "missing.json")
	big := filepath.Join(t.TempDir(), "big.json")
	require.NoError(t, os.WriteFile(big, bytes.Repeat([]byte(" "), record.MaxSize+2), 0o644))
	_, err = record.ReadFile(big)
	assert.ErrorContains(t, err, "larger than")
}

func TestMarshalChecks(t *testing.T) {
	_, err := record.Marshal(&record.Game{Variant: "kalah"})
	assert.ErrorContains(t, err, "players is empty")
	data, err := record.Marshal(&record.Game{Variant: "kalah", Players: []string{"human", "human"}})
	require.NoError(t, err)
	assert.Contains(t, string(data), `"format": "kalahlab-game"`)
	assert.Contains(t, string(data), `"moves": []`)
}

// FuzzParse: Parse never panics, and whatever it accepts writes out and reads back the
// same.
func FuzzParse(f *testing.F) {
	rec, _ := playout(f, kalah.Def, map[string]any{"houses": 4, "seeds": 3}, 1, 1000)
	data, err := record.Marshal(rec)
	require.NoError(f, err)
	f.Add(data)
	f.Add([]byte(`{"format":"kalahlab-game","version":1,"variant":"kalah","knobs":{"houses":4.5,"x":"y","b":true},"seed":18446744073709551615,"players":["human"],"moves":["1"]}`))
	f.Add([]byte(`{"format":"kalahlab-game","version":1,"variant":"a.lua","script":{"path":"a.lua","sha256":"` + record.SHA256("") + `","source":""},"knobs":{},"seed":0,"players":["a","b"],"moves":[],"result":{"returns":[0,0],"winner":0}}`))
	f.Add([]byte(`{"knobs": {"n": 1e400}}`))
	f.Add([]byte(`[]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := record.Parse(data)
		if err != nil {
			return
		}
		out, err := record.Marshal(g)
		require.NoError(t, err, "a parsed record marshals")
		again, err := record.Parse(out)
		require.NoError(t, err, "a written record parses: %s", out)
		out2, err := record.Marshal(again)
		require.NoError(t, err)
		assert.Equal(t, string(out), string(out2))
	})
}

// FuzzDuplicateKey: a record with one of its keys given a second time, with any value,
// in any case, at the top or in an object inside it, is refused; a second copy of the
// same value is refused for being a duplicate, naming the key.
func FuzzDuplicateKey(f *testing.F) {
	good := `{"format": "kalahlab-game", "version": 1, "variant": "kalah", "knobs": {"houses": 4, "seeds": 3}, "seed": 1, "players": ["human", "random"], "moves": ["1"], "result": {"returns": [1, -1], "winner": 1}}`
	_, err := record.Parse([]byte(good))
	require.NoError(f, err)
	type key struct{ object, name, value string }
	keys := []key{
		{"{", "format", `"kalahlab-game"`}, {"{", "version", `1`}, {"{", "variant", `"kalah"`}, {"{", "knobs", `{"houses": 4, "seeds": 3}`},
		{"{", "seed", `1`}, {"{", "players", `["human", "random"]`}, {"{", "moves", `["1"]`},
		{`"knobs": {`, "houses", `4`}, {`"knobs": {`, "seeds", `3`}, {`"result": {`, "returns", `[1, -1]`}, {`"result": {`, "winner", `1`},
	}
	for i := range keys {
		f.Add(uint8(i), false, false, "")
		f.Add(uint8(i), true, true, `"x"`)
	}
	f.Fuzz(func(t *testing.T, which uint8, upper, own bool, value string) {
		k := keys[int(which)%len(keys)]
		name := k.name
		if upper {
			name = strings.ToUpper(name[:1]) + name[1:]
		}
		if !own {
			value = k.value
		}
		at := strings.Index(good, k.object) + len(k.object) // just inside the object
		text := good[:at] + `"` + name + `": ` + value + `, ` + good[at:]
		_, err := record.Parse([]byte(text))
		require.Error(t, err, "%s", text)
		if !own {
			assert.Contains(t, err.Error(), fmt.Sprintf("%q", name))
			assert.Contains(t, err.Error(), "a record gives each key once")
		}
	})
}
