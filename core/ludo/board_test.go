package ludo

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBoardValidateErrors names each way a board can fail to fit the rules.
func TestBoardValidateErrors(t *testing.T) {
	cases := []struct {
		name string
		edit func(b *Board, r *Rules)
		want string
	}{
		{"fits", func(*Board, *Rules) {}, ""},
		{"no rows", func(b *Board, _ *Rules) { b.Rows = 0 }, "grid 0x15: want 1..64 rows and columns"},
		{"too wide", func(b *Board, _ *Rules) { b.Cols = 65 }, "grid 15x65"},
		{"short track", func(b *Board, _ *Rules) { b.Track = b.Track[:50] }, "50 track cells for track_length 52"},
		{"too few seats", func(_ *Board, r *Rules) { r.Players = 5 }, "4 seats for 5 players (want 5..4 start squares)"},
		{"goal missing", func(b *Board, _ *Rules) { b.Goals = b.Goals[:3] }, "4 starts, 4 homes, 3 goals, 4 yards: want one each per seat"},
		{"track cell outside", func(b *Board, _ *Rules) { b.Track[3] = Cell{15, 0} }, "track square 4: cell (15,0) outside the 15x15 grid"},
		{"track cell twice", func(b *Board, _ *Rules) { b.Track[3] = b.Track[2] }, "track square 4: cell (11,6) is already track square 3"},
		{"start off the track", func(b *Board, _ *Rules) { b.Starts[2] = 52 }, "seat 3: start square 52 out of range 0..51"},
		{"start negative", func(b *Board, _ *Rules) { b.Starts[0] = -1 }, "seat 1: start square -1 out of range"},
		{"start shared", func(b *Board, _ *Rules) { b.Starts[1] = 0 }, "seat 2: start square 0 taken by another seat"},
		{"home too short", func(b *Board, _ *Rules) { b.Homes[1] = b.Homes[1][:4] }, "seat 2: 4 home cells for home_length 5"},
		{"yard too small", func(b *Board, _ *Rules) { b.Yards[3] = b.Yards[3][:2] }, "seat 4: 2 yard cells for 4 tokens"},
		{"home on the track", func(b *Board, _ *Rules) { b.Homes[0][2] = b.Track[0] }, "seat 1 home square 3: cell (13,6) is already track square 1"},
		{"goal on a home", func(b *Board, _ *Rules) { b.Goals[1] = b.Homes[0][0] }, "seat 2 goal: cell (13,7) is already seat 1 home square 1"},
		{"yard cell outside", func(b *Board, _ *Rules) { b.Yards[0][1] = Cell{-1, 2} }, "seat 1 yard cell 2: cell (-1,2) outside the 15x15 grid"},
		{"spare yard cells are not drawn", func(b *Board, r *Rules) { r.Tokens = 2; b.Yards[0][3] = Cell{-1, -1} }, ""},
		{"excluded on the track", func(b *Board, _ *Rules) { b.Excluded[0] = b.Track[5] }, "excluded: cell (8,5) is already track square 6"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b, ok := CrossBoard(52, 5)
			require.True(t, ok)
			r := DefaultRules()
			c.edit(b, &r)
			err := b.validate(r)
			if c.want == "" {
				require.NoError(t, err)
				return
			}
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
		})
	}
}
