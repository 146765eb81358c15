package variants

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/core/mancala"
)

// TestMancalaBoardStores: board.stores compiles to the Go board it names, with the
// houses and seeds knobs: "left" to mancala.TwoRowsLeft, "right" (and true) to TwoRows,
// "none" (and false) to WithoutStores(TwoRows).
func TestMancalaBoardStores(t *testing.T) {
	tests := []struct {
		name   string
		stores string // the Lua value
		knobs  map[string]any
		want   mancala.Board
		start  string
	}{
		{"left", `"left"`, nil, mancala.TwoRowsLeft(6, 4), "4,4,4,4,4,4,[0],4,4,4,4,4,4,[0] s"},
		{"left/knobs", `"left"`, map[string]any{"houses": 3, "seeds": 2}, mancala.TwoRowsLeft(3, 2), "2,2,2,[0],2,2,2,[0] s"},
		{"right", `"right"`, map[string]any{"houses": 3}, mancala.TwoRows(3, 4), "4,4,4,[0],4,4,4,[0] s"},
		{"true", `true`, nil, mancala.TwoRows(6, 4), ""},
		{"none", `"none"`, map[string]any{"houses": 2}, mancala.WithoutStores(mancala.TwoRows(2, 4)), "4,4,4,4,[0],[0] s"},
		{"false", `false`, nil, mancala.WithoutStores(mancala.TwoRows(6, 4)), ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			file := writeScript(t, t.TempDir(), "stores.lua", `return variant {
  extends = "mancala",
  board = { rows = 2, stores = `+tc.stores+` },
  sowing = { direction = "clockwise" },
}`)
			v, err := Lookup(file, Options{})
			require.NoError(t, err)
			if tc.knobs != nil {
				v, err = v.With(tc.knobs)
				require.NoError(t, err)
			}
			g, err := v.NewGame()
			require.NoError(t, err)
			mg, ok := g.(*mancala.Game)
			require.True(t, ok, "a descriptor-only variant is the plain core/mancala game, got %T", g)
			assert.Equal(t, tc.want, mg.Rules().Board)
			if tc.start != "" {
				assert.Equal(t, tc.start, g.NewState().String())
			}
		})
	}
}

// TestMancalaCongkakLeftExample: config/examples/mancala/congkak-left.lua is Congkak
// (core/mancala's constructor) on TwoRowsLeft, sown clockwise, and keeps the houses knob.
func TestMancalaCongkakLeftExample(t *testing.T) {
	v, err := Lookup(filepath.Join("..", "config", "examples", "mancala", "congkak-left.lua"), Options{})
	require.NoError(t, err)
	g, err := v.NewGame()
	require.NoError(t, err)
	want := mancala.Congkak(1000)
	want.Board = mancala.TwoRowsLeft(7, 7)
	want.Sowing.Direction = mancala.Clockwise
	assert.Equal(t, want, g.(*mancala.Game).Rules())

	small, err := v.With(map[string]any{"houses": 4, "seeds": 3})
	require.NoError(t, err)
	g, err = small.NewGame()
	require.NoError(t, err)
	assert.Equal(t, mancala.TwoRowsLeft(4, 3), g.(*mancala.Game).Rules().Board)
	s := g.NewState()
	m, err := s.ParseMove("3")
	require.NoError(t, err)
	s.Play(m)
	assert.Equal(t, "4,4,0,3,[1],3,3,3,3,[0] s", s.String(), "houses 2 and 1, then the own store: another turn")
}

// TestMancalaBoardStoresErrors: a bad board.stores is a load error naming the file, the
// line and the field, with what is allowed.
func TestMancalaBoardStoresErrors(t *testing.T) {
	const want = `want "right" (the default), "left" or "none"; true and false are "right" and "none"`
	tests := []struct {
		name, board, want string
	}{
		{"typo", `{ rows = 2,
    stores = "lfet" }`, `bad.lua:4: board.stores: got "lfet", did you mean "left"? (` + want + `)`},
		{"typo right", `{ rows = 2,
    stores = "rigth" }`, `bad.lua:4: board.stores: got "rigth", did you mean "right"?`},
		{"number", `{ rows = 2,
    stores = 2 }`, `bad.lua:4: board.stores: got 2, ` + want},
		{"unknown word", `{ rows = 2,
    stores = "middle" }`, `bad.lua:4: board.stores: got "middle", ` + want},
		{"left on four rows", `{ rows = 4,
    stores = "left" }`, `bad.lua:4: board.stores: "left" is a two-row board's layout; with rows = 4 leave stores out or set false`},
		{"left on one row", `{ rows = 1,
    stores = "left" }`, `bad.lua:4: board.stores: "left" is a two-row board's layout; with rows = 1`},
		{"left with pits", `{ rows = 2, houses = 1,
    stores = "left",
    pits = { { owner = 1, row = 2, col = 1 }, { owner = 2, row = 1, col = 1 } },
    tracks = { { 1, 2 }, { 2, 1 } } }`, `bad.lua:4: board.stores: a board that lists its pits has the stores it lists (a store at col 0 is at the left, at houses + 1 at the right)`},
		{"none with pits", `{ rows = 2, houses = 1,
    stores = "none",
    pits = { { owner = 1, row = 2, col = 1 }, { owner = 2, row = 1, col = 1 } },
    tracks = { { 1, 2 }, { 2, 1 } } }`, `bad.lua:4: board.stores: a board that lists its pits has the stores it lists`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			file := writeScript(t, t.TempDir(), "bad.lua", `return variant {
  extends = "mancala",
  board = `+tc.board+`,
}`)
			_, err := Lookup(file, Options{})
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
			assert.Contains(t, err.Error(), file)
		})
	}
}
