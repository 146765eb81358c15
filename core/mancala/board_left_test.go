package mancala_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/core/coretest"
	"github.com/kalahlab/kalahlab/core/mancala"
)

// leftGame is a game on TwoRowsLeft(houses, seeds) sown dir into the own store, with
// Congkak's capture (own empty house, the opposite with the last seed) and no relay.
func leftGame(t testing.TB, houses, seeds int, dir mancala.Direction) *mancala.Game {
	return newGame(t, "left", mancala.Rules{
		Board:  mancala.TwoRowsLeft(houses, seeds),
		Sowing: mancala.Sowing{Direction: dir, Stores: mancala.OwnStore},
		Captures: []mancala.Capture{{
			Side: mancala.OwnSide, EmptyBefore: true, Take: mancala.TakeOpposite, WithLast: true,
		}},
		End: mancala.End{When: mancala.EitherSideEmpty, Remaining: mancala.ToOwner, Repeats: 3, OnRepeat: mancala.Split},
	})
}

// TestTwoRowsLeftLayout pins the board: TwoRows's pit order with the stores at the
// other ends, and each track anticlockwise from the house next to the own store.
func TestTwoRowsLeftLayout(t *testing.T) {
	tests := []struct {
		houses         int
		south, north   []int // the tracks
		southH, northH []int // the houses by number, as the compiled game lists them
	}{
		{1, []int{0, 3, 2, 1}, []int{2, 1, 0, 3}, []int{0}, []int{2}},
		{3, []int{0, 1, 2, 7, 4, 5, 6, 3}, []int{4, 5, 6, 3, 0, 1, 2, 7}, []int{0, 1, 2}, []int{4, 5, 6}},
		{7, []int{0, 1, 2, 3, 4, 5, 6, 15, 8, 9, 10, 11, 12, 13, 14, 7},
			[]int{8, 9, 10, 11, 12, 13, 14, 7, 0, 1, 2, 3, 4, 5, 6, 15},
			[]int{0, 1, 2, 3, 4, 5, 6}, []int{8, 9, 10, 11, 12, 13, 14}},
	}
	for _, tc := range tests {
		t.Run(strings.Repeat("h", tc.houses), func(t *testing.T) {
			h := tc.houses
			b := mancala.TwoRowsLeft(h, 4)
			require.NoError(t, b.Validate())
			right := mancala.TwoRows(h, 4)
			require.Len(t, b.Pits, len(right.Pits))
			for p, pit := range b.Pits {
				want := right.Pits[p]
				switch p {
				case h:
					want.Col = -1 // South's store at South's left
				case 2*h + 1:
					want.Col = h // North's at North's left, the right as we look
				}
				assert.Equal(t, want, pit, "pit %d", p)
			}
			assert.Equal(t, tc.south, b.Tracks[0])
			assert.Equal(t, tc.north, b.Tracks[1])
			g := leftGame(t, h, 4, mancala.Clockwise)
			assert.Equal(t, tc.southH, g.Houses(0))
			assert.Equal(t, tc.northH, g.Houses(1))
			assert.Equal(t, h, g.Store(0))
			assert.Equal(t, 2*h+1, g.Store(1))
			s := g.Start()
			for p := 0; p < h; p++ {
				assert.Equal(t, 2*h-p, s.Opposite(p), "opposite of pit %d", p)
				assert.Equal(t, p, s.Opposite(2*h-p), "opposite of pit %d", 2*h-p)
			}
		})
	}
	assert.Error(t, func() error { b := mancala.TwoRowsLeft(0, 4); return b.Validate() }(), "no houses: an error, not a panic")
	assert.Error(t, func() error { b := mancala.TwoRowsLeft(-2, 4); return b.Validate() }())
}

// TestTwoRowsLeftLaps: with the stores at the left, a clockwise lap goes own row, own
// store, opponent's row (the opponent's store skipped), and an anticlockwise one
// reaches the own store only after the opponent's row; captures take the house above
// or below.
func TestTwoRowsLeftLaps(t *testing.T) {
	cw := leftGame(t, 3, 0, mancala.Clockwise)
	acw := leftGame(t, 3, 0, mancala.Anticlockwise)
	chosen := leftGame(t, 3, 0, mancala.Chosen)
	tests := []struct {
		name       string
		game       *mancala.Game
		from, play string
		want       string
	}{
		{"clockwise/south-own-row-store-opponent-row", cw, "0,6,1,[0],1,1,1,[0] s", "2",
			"1,0,2,[1],2,2,2,[0] n"},
		{"clockwise/south-skips-north-store", cw, "0,0,8,[0],1,1,1,[0] s", "3",
			"1,2,1,[1],2,2,2,[0] n"},
		{"clockwise/north-own-store-then-south-row", cw, "1,1,1,[0],4,1,0,[0] n", "1",
			"2,2,2,[0],0,1,0,[1] s"},
		{"clockwise/north-skips-south-store", cw, "1,0,0,[0],1,1,8,[0] n", "3",
			"2,1,1,[0],2,3,1,[1] s"},
		{"clockwise/capture-opposite", cw, "0,0,2,[0],1,2,3,[0] s", "3",
			"0,1,0,[4],1,2,0,[0] n"},
		{"clockwise/north-capture-opposite", cw, "1,2,3,[0],0,0,2,[0] n", "3",
			"1,2,0,[0],0,1,0,[4] s"},
		{"anticlockwise/opponent-row-before-own-store", acw, "6,0,0,[0],1,1,1,[0] s", "1",
			"0,1,1,[1],2,2,2,[0] n"},
		{"chosen/L-is-clockwise", chosen, "0,6,1,[0],1,1,1,[0] s", "2L",
			"1,0,2,[1],2,2,2,[0] n"},
		{"chosen/R-is-anticlockwise", chosen, "1,2,0,[0],1,1,1,[0] s", "2R",
			"1,0,1,[0],2,1,1,[0] n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, err := tc.game.Parse(tc.from)
			require.NoError(t, err)
			for _, text := range strings.Fields(tc.play) {
				m, err := s.ParseMove(text)
				require.NoError(t, err, text)
				s.Play(m)
			}
			assert.Equal(t, tc.want, s.String())
			require.NoError(t, conserved(s))
		})
	}
}

// TestTwoRowsLeftCongkak: Congkak on the sources' own board (the board of
// config/examples/mancala/congkak-left.lua) is the catalogue's mirrored Congkak move for
// move, house k there being house h+1-k here.
func TestTwoRowsLeftCongkak(t *testing.T) {
	r := mancala.Congkak(1000)
	r.Board = mancala.TwoRowsLeft(7, 7)
	r.Sowing.Direction = mancala.Clockwise
	g := newGame(t, "congkak-left", r)
	mirror := newGame(t, "congkak", mancala.Congkak(1000))
	s := g.Start()
	m, err := s.ParseMove("6")
	require.NoError(t, err)
	s.Play(m)
	assert.Equal(t, "8,8,8,8,8,0,8,[10],8,0,8,8,8,8,0,[0] n", s.String(), "salvi.chaosnet.org's first move")

	// Random games: the same moves, mirrored, give the mirrored positions.
	mirrorString := func(text string) string {
		f := strings.Split(strings.Fields(text)[0], ",")
		out := make([]string, 0, len(f))
		for _, half := range [][]string{f[:8], f[8:]} {
			for k := 6; k >= 0; k-- {
				out = append(out, half[k])
			}
			out = append(out, half[7])
		}
		return strings.Join(out, ",") + " " + strings.Join(strings.Fields(text)[1:], " ")
	}
	a, b := g.Start(), mirror.Start()
	for ply := 0; ply < 300 && !a.Over(); ply++ {
		moves := a.LegalMoves(nil)
		require.NotEmpty(t, moves)
		m := moves[(ply*7)%len(moves)]
		text := a.MoveString(m)
		mm, err := b.ParseMove(string(rune('0' + 8 - (text[0] - '0'))))
		require.NoError(t, err)
		a.Play(m)
		b.Play(mm)
		require.Equal(t, mirrorString(b.String()), a.String(), "ply %d, move %s", ply, text)
	}
}

// TestTwoRowsLeftRoundTrip: position strings read back as written, with the same hash.
func TestTwoRowsLeftRoundTrip(t *testing.T) {
	gs := map[string]*mancala.Game{
		"clockwise":     leftGame(t, 3, 0, mancala.Clockwise),
		"anticlockwise": leftGame(t, 3, 0, mancala.Anticlockwise),
		"chosen":        leftGame(t, 3, 0, mancala.Chosen),
	}
	for _, text := range []string{
		"0,6,1,[0],1,1,1,[0] s",
		"1,2,3,[4],5,6,7,[8] n",
		"0,0,0,[10],0,0,0,[5] -",
	} {
		t.Run(text, func(t *testing.T) {
			for name, g := range gs {
				s, err := g.Parse(text)
				require.NoError(t, err, name)
				assert.Equal(t, text, s.String(), name)
			}
			checkParsed(t, gs, text, true)
		})
	}
	g := leftGame(t, 6, 4, mancala.Clockwise)
	assert.Equal(t, "4,4,4,4,4,4,[0],4,4,4,4,4,4,[0] s", g.Start().String())
}

func FuzzTwoRowsLeftParse(f *testing.F) {
	for _, seed := range []string{"0,6,1,[0],1,1,1,[0] s", "1,2,3,[4],5,6,7,[8] n", "0,0,0,[10],0,0,0,[5] -"} {
		f.Add(seed)
	}
	gs := map[string]*mancala.Game{
		"clockwise": leftGame(f, 3, 0, mancala.Clockwise),
		"chosen":    leftGame(f, 3, 0, mancala.Chosen),
	}
	f.Fuzz(func(t *testing.T, text string) { checkParsed(t, gs, text, true) })
}

func TestTwoRowsLeftContract(t *testing.T) {
	for _, tc := range []struct {
		name   string
		houses int
		dir    mancala.Direction
	}{
		{"clockwise-1", 1, mancala.Clockwise},
		{"clockwise-6", 6, mancala.Clockwise},
		{"anticlockwise-7", 7, mancala.Anticlockwise},
		{"chosen-5", 5, mancala.Chosen},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			g := leftGame(t, tc.houses, 4, tc.dir)
			coretest.RandomSim(t, g, coretest.Options{Games: 30, Invariant: conserved, MaxPlies: 3000})
		})
	}
}
