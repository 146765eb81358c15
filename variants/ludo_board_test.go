package variants

import (
	"errors"
	"io/fs"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/core/ludo"
	"github.com/kalahlab/kalahlab/scripts"
)

// Tests of the board table (ludo_board.go): the conversion of Lua's cells, layering,
// plain Go games without hooks, and the errors with the script's line.

// smallBoardLines are the keys of ludo/small-board's board, one a line, as boardScript
// writes them: rows on line 4, cols 5, track 6, starts 7, homes 8, goals 9, yards 10,
// excluded 11, and any other key on line 12.
var smallBoardLines = []struct{ key, value string }{
	{"rows", "8"},
	{"cols", "7"},
	{"track", "{ {8, 2}, {8, 1}, {7, 1}, {6, 1}, {5, 1}, {4, 1}, {3, 1}, {2, 1}, {1, 1}, {1, 2}, {1, 3}, {1, 4}, {1, 5}, {1, 6}, {1, 7}, {2, 7}, {3, 7}, {4, 7}, {5, 7}, {6, 7}, {7, 7}, {8, 7}, {8, 6}, {8, 5}, {8, 4}, {8, 3} }"},
	{"starts", "{ 1, 14 }"},
	{"homes", "{ { {7, 4}, {6, 4} }, { {2, 4}, {3, 4} } }"},
	{"goals", "{ {5, 4}, {4, 4} }"},
	{"yards", "{ { {5, 2}, {5, 3}, {6, 2}, {6, 3} }, { {2, 5}, {2, 6}, {3, 5}, {3, 6} } }"},
	{"excluded", "{ {2, 2} }"},
}

// boardScript returns a variant extending base with ludo/small-board's board table,
// some keys changed (an empty value leaves the key out; extra adds a key on line 12).
func boardScript(base string, change map[string]string, extra string) string {
	var b strings.Builder
	b.WriteString("return variant {\n  extends = \"" + base + "\",\n  board = {\n")
	for _, k := range smallBoardLines {
		v, ok := change[k.key]
		if !ok {
			v = k.value
		}
		if v == "" {
			b.WriteString("    -- no " + k.key + "\n")
			continue
		}
		b.WriteString("    " + k.key + " = " + v + ",\n")
	}
	b.WriteString("    " + extra + "\n  },\n}\n")
	return b.String()
}

// gc is a Go cell (0-based).
func gc(row, col int) ludo.Cell { return ludo.Cell{Row: row, Col: col} }

// TestLudoBoardTable: ludo/small-board plays on its own board, with Lua's {row, col}
// cells and start squares made 0-based, as plain Go (no Lua state), and draws it.
func TestLudoBoardTable(t *testing.T) {
	v, err := Lookup("ludo/small-board", Options{})
	require.NoError(t, err)
	assert.Empty(t, v.layers, "a board without hooks needs no Lua")
	g := newGame(t, "ludo/small-board", nil)
	r := ludoRules(t, g)
	assert.False(t, r.Hooks.Any())
	require.NotNil(t, r.Board)
	b := r.Board
	assert.Equal(t, 8, b.Rows)
	assert.Equal(t, 7, b.Cols)
	assert.Equal(t, gc(7, 1), b.Track[0], "{8, 2} is row 7, column 1 in Go")
	assert.Equal(t, gc(7, 2), b.Track[25])
	assert.Equal(t, []int{0, 13}, b.Starts, "starts 1 and 14 are track squares 0 and 13 in Go")
	assert.Equal(t, [][]ludo.Cell{{gc(6, 3), gc(5, 3)}, {gc(1, 3), gc(2, 3)}}, b.Homes)
	assert.Equal(t, []ludo.Cell{gc(4, 3), gc(3, 3)}, b.Goals)
	assert.Len(t, b.Excluded, 12)
	lg := g.(*ludo.Game)
	assert.Same(t, b, lg.Board())
	assert.Equal(t, byte('G'), lg.Letter(1), "a board of two seats: red and green")

	s, err := g.ParseState("R:3,0,0,27 G:12,0,0,0 G4")
	require.NoError(t, err)
	want := `  *  .  .  .  .  o  .
  .        :     Gb .
  .        :  Gc Gd .
  .                 .
  .     Rb          .
  .  Rc    Rd       .
  Ra       :        .
  .  o  .  Ga .  .  *
  R seat 1: yard 2, goal 0
  G seat 2: yard 3, goal 0  <- rolled 4, moves a
`
	assert.Equal(t, want, s.(*ludo.State).Render(false))

	// The board layers: a child without one keeps its parent's, a child with one
	// replaces it, a hooked child keeps it (with Lua), and house rules layer it too.
	dir := writeScripts(t, map[string]string{
		"keep.lua":   `return variant { extends = "ludo/small-board", params = { tokens = 6 } }`,
		"cross.lua":  `return variant { extends = "ludo/small-board", board = nil, params = { track_length = 52, home_length = 5 }, fields = {} }`,
		"other.lua":  boardScript("ludo/small-board", map[string]string{"excluded": "{ {2, 3} }"}, ""),
		"hooked.lua": "return variant {\n  extends = \"ludo/small-board\",\n  fields = { pit = { cells = { 5 } } },\n  hooks = { on_land = function(t, cell, kind) t:send_home(t:mover(), t:token()) end },\n}",
	})
	opt := Options{ScriptsDir: dir}
	game := func(name string) *ludo.Game {
		v, err := Lookup(name, opt)
		require.NoError(t, err, name)
		g, err := v.NewGame()
		require.NoError(t, err, name)
		return g.(*ludo.Game)
	}
	assert.Equal(t, b, game("keep").Board(), "no board: the parent's")
	assert.Equal(t, 6, game("keep").Rules().Tokens, "six tokens fit the yards of six cells")
	assert.Equal(t, []ludo.Cell{gc(1, 2)}, game("other").Board().Excluded, "a board replaces the parent's")
	assert.Equal(t, b, game("hooked").Board())
	assert.NotNil(t, game("hooked").Rules().Hooks.OnLand)
	_, err = Lookup("cross", opt)
	require.Error(t, err, "board = nil is no board: the parent's, which a 52-square track does not fit")
	assert.Contains(t, err.Error(), "cross.lua:1: scripts/ludo/small-board.lua:33: ludo: board: 26 track cells for track_length 52")
	hv, err := Lookup("ludo/small-board", opt)
	require.NoError(t, err)
	hv, err = hv.WithHouseRules([]string{"other"}, opt)
	require.NoError(t, err)
	hg, err := hv.NewGame()
	require.NoError(t, err)
	assert.Equal(t, []ludo.Cell{gc(1, 2)}, hg.(*ludo.Game).Board().Excluded, "the house rule's board")
	hv, err = Lookup("ludo/two-player", opt)
	require.NoError(t, err)
	_, err = hv.WithHouseRules([]string{"other"}, opt)
	assert.ErrorContains(t, err, "other.lua:6: ludo: board: 26 track cells for track_length 52", "a house rule's board must fit the knobs it lands on")

	// Knob overrides are checked against the board.
	_, err = v.With(map[string]any{"track_length": 24})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "scripts/ludo/small-board.lua:33: ludo: board: 26 track cells for track_length 24")
	_, err = v.With(map[string]any{"players": 3})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "scripts/ludo/small-board.lua:40: ludo: board: 2 seats for 3 players")
}

// TestLudoBoardErrors: a board table is checked in Go, with the script's line and a
// suggestion where one helps.
func TestLudoBoardErrors(t *testing.T) {
	for _, c := range []struct{ name, src, want string }{
		{"an unknown key", boardScript("ludo/small-board", nil, "trak = {},"),
			`bad.lua:12: board: key "trak" unknown, did you mean "track"? (want rows, cols, excluded, track, starts, homes, goals, yards)`},
		{"a cell off the grid", boardScript("ludo/small-board", map[string]string{"track": "{ {9, 2}, {8, 1} }"}, ""),
			`bad.lua:6: board: track square 1: cell {9, 2} is off the grid of 8 rows and 7 columns`},
		{"column 0", boardScript("ludo/small-board", map[string]string{"goals": "{ {5, 4}, {4, 0} }"}, ""),
			`bad.lua:9: board: goal of seat 2: cell {4, 0} is off the grid of 8 rows and 7 columns`},
		{"a track cell excluded", boardScript("ludo/small-board", map[string]string{"excluded": "{ {2, 2}, {8, 1} }"}, ""),
			`bad.lua:11: board: excluded cell 2: cell {8, 1} is already track square 2`},
		{"a home on the track", boardScript("ludo/small-board", map[string]string{"homes": "{ { {7, 4}, {8, 4} }, { {2, 4}, {3, 4} } }"}, ""),
			`bad.lua:8: board: seat 1 home square 2: cell {8, 4} is already track square 25`},
		{"one start for two players", boardScript("ludo/small-board", map[string]string{"starts": "{ 1 }"}, ""),
			`bad.lua:7: ludo: board: 1 seats for 2 players (want 2..4 start squares)`},
		{"a start off the track", boardScript("ludo/small-board", map[string]string{"starts": "{ 1, 27 }"}, ""),
			`bad.lua:7: board: starts: start 2 is square 27, but the board's track has 26 squares`},
		{"start 0", boardScript("ludo/small-board", map[string]string{"starts": "{ 0, 14 }"}, ""),
			`bad.lua:7: board: starts: start 1 is 0, want at least 1`},
		{"a start twice", boardScript("ludo/small-board", map[string]string{"starts": "{ 14, 14 }"}, ""),
			`bad.lua:7: board: starts: square 14 is the start of two seats`},
		{"a track for another track_length", boardScript("ludo/two-player", nil, ""),
			`bad.lua:6: ludo: board: 26 track cells for track_length 52`},
		{"homes for another home_length", "return variant {\n  extends = \"ludo/small-board\",\n  params = { home_length = 3 },\n}",
			`bad.lua:3: scripts/ludo/small-board.lua:`},
		{"too few yard cells", boardScript("ludo/small-board", map[string]string{"yards": "{ { {5, 2} }, { {2, 5} } }"}, ""),
			`bad.lua:10: ludo: board: seat 1: 1 yard cells for 4 tokens`},
		{"homes for one seat", boardScript("ludo/small-board", map[string]string{"homes": "{ { {7, 4}, {6, 4} } }"}, ""),
			`bad.lua:3: ludo: board: 2 starts, 1 homes, 2 goals, 2 yards: want one each per seat`},
		{"a cell not a pair", boardScript("ludo/small-board", map[string]string{"goals": "{ {5, 4}, 4 }"}, ""),
			`bad.lua:9: board: goals: cell 2 is a number, want a {row, col} pair such as {1, 2}`},
		{"a cell of three", boardScript("ludo/small-board", map[string]string{"goals": "{ {5, 4, 1}, {4, 4} }"}, ""),
			`bad.lua:9: board: goals: cell 1 is a table, want a {row, col} pair`},
		{"a fractional cell", boardScript("ludo/small-board", map[string]string{"goals": "{ {5, 4.5}, {4, 4} }"}, ""),
			`bad.lua:9: board: goals: cell 1 is {5, 4.5}, want a {row, col} pair of whole numbers`},
		{"a seat not a list", boardScript("ludo/small-board", map[string]string{"yards": "{ {5, 2}, {2, 5} }"}, ""),
			`bad.lua:10: board: yards: seat 1: cell 1 is a number, want a {row, col} pair`},
		{"rows not whole", boardScript("ludo/small-board", map[string]string{"rows": "7.5"}, ""),
			`bad.lua:4: board: rows: 7.5, want a whole number`},
		{"a huge grid", boardScript("ludo/small-board", map[string]string{"rows": "80"}, ""),
			`bad.lua:3: ludo: board: grid 80x7: want 1..64 rows and columns`},
		{"a key missing", boardScript("ludo/small-board", map[string]string{"yards": ""}, ""),
			`bad.lua:3: board: yards missing`},
		{"board not a table", "return variant {\n  extends = \"ludo\",\n  board = \"small\",\n}",
			`bad.lua:3: board is a string, want a table`},
		{"a list for board", "return variant {\n  extends = \"ludo\",\n  board = { 8, 7 },\n}",
			`bad.lua:3: board: want named keys`},
		{"board on kalah", boardScript("kalah", nil, ""),
			`bad.lua:3: kalah has no board table: board is for ludo`},
		{"a typo of board", "return variant {\n  extends = \"ludo\",\n  bord = {},\n}",
			`bad.lua:3: field "bord" unknown, did you mean "board"?`},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := LoadScript("bad.lua", []byte(c.src), Options{})
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
			var se *ScriptError
			assert.True(t, errors.As(err, &se), "%T", err)
		})
	}
	// The script's own board, changed only where allowed, loads.
	_, err := LoadScript("ok.lua", []byte(boardScript("ludo/small-board", nil, "")), Options{})
	require.NoError(t, err)
}

// TestLudoBoardReference: scripts/README.md and the editor annotations document every
// key of the board table.
func TestLudoBoardReference(t *testing.T) {
	readme, err := fs.ReadFile(scripts.FS, "README.md")
	require.NoError(t, err)
	types, err := fs.ReadFile(scripts.FS, "types/kalahlab.d.lua")
	require.NoError(t, err)
	doc := section(string(readme), "\n## The board (ludo)", "\n## ")
	require.NotEmpty(t, doc)
	class := section(string(types), "---@class LudoBoard", "\n\n")
	for _, k := range boardKeys {
		assert.Contains(t, doc, "| `"+k+"` |", "README documents board key %s", k)
		assert.Contains(t, class, "@field "+k, "annotations declare board key %s", k)
	}
	assert.Contains(t, section(string(types), "---@class VariantSpec", "\n\n"), "@field board? LudoBoard")
}
