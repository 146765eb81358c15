package mancala

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/core"
)

// The move listing's shortcuts against the plain ways they replace, on the positions
// of random games (internal: they compare unexported steps).

// randomPositions plays games of g at random and calls visit on every position before
// its move.
func randomPositions(t *testing.T, g *Game, games int, visit func(s *State)) {
	t.Helper()
	rng := rand.New(rand.NewPCG(3, 5))
	var moves []core.Move
	for range games {
		s := g.Start()
		for s.ToMove() != core.Terminal {
			visit(s)
			moves = s.LegalMoves(moves[:0])
			require.NotEmpty(t, moves, "a game not over has a move")
			s.Play(moves[rng.IntN(len(moves))])
		}
	}
}

func compiled(t *testing.T, name string, r Rules, err error) *Game {
	t.Helper()
	require.NoError(t, err)
	g, err := New(name, r)
	require.NoError(t, err)
	return g
}

// TestFirstLapOK: Must's ReachOrEmpty worked out (firstLapOK) agrees with a trial of
// the first lap, for every house and direction, on plain laps with and without stores.
func TestFirstLapOK(t *testing.T) {
	dabuda := Dabuda(300)
	stores := Dabuda(300)
	stores.Board = TwoRows(4, 3)
	stores.Sowing.Stores = OwnStore
	stores.Opening = Opening{}
	chosen := Dabuda(300)
	chosen.Board = TwoRows(5, 2)
	chosen.Sowing.Direction = Chosen
	chosen.Opening = Opening{}
	fourRows := Hus(300) // a track on the mover's own rows: no lap reaches the opponent
	fourRows.Must = ReachOrEmpty
	tests := []struct {
		name string
		r    Rules
	}{
		{"dabuda", dabuda},
		{"four-rows", fourRows},
		{"own-store", stores},
		{"chosen-direction", chosen},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := compiled(t, tc.name, tc.r, nil)
			require.True(t, g.lapFast, "the shortcut applies to plain laps only")
			checked := 0
			check := func(s *State) {
				side := int(s.v.side)
				c := s.scratchState()
				for dir := 0; dir < g.dirs(); dir++ {
					for k, p := range g.houses[side] {
						if s.pits[p] == 0 {
							continue
						}
						m := core.Move(k) | core.Move(dir)*ClockwiseBit
						s.try(c, side, m, true)
						require.Equal(t, c.firstOK, s.firstLapOK(side, m), "%s: move %d", s, m)
						checked++
					}
				}
			}
			randomPositions(t, g, 60, func(s *State) {
				check(s)
				// The same with whole laps to sow: a house given a lap's worth more.
				w := s.Copy()
				for _, p := range g.houses[w.v.side] {
					w.pits[p] += uint16(len(g.lap[0][0]) * (1 + p%2))
				}
				check(w)
			})
			require.Greater(t, checked, 1000)
		})
	}
}

// targetsByTrial is the chosen-target listing the plain way: each capturing move
// followed by its targets, then everything sorted.
func targetsByTrial(s *State, dst []core.Move, n0, side int) []core.Move {
	c := s.scratchState()
	var out []core.Move
	out = append(out, dst[:n0]...)
	for _, m := range dst[n0:] {
		s.try(c, side, m, false)
		added := false
		if c.choseAt {
			for t, p := range s.g.houses[1-side] {
				if c.pits[p] > 0 && (c.marks == nil || c.marks[p] == 0) {
					out = append(out, m|core.Move(t+1)<<TargetShift)
					added = true
				}
			}
		}
		if !added {
			out = append(out, m)
		}
	}
	slices.Sort(out[n0:])
	return out
}

// TestTargets: targets lists what trying every move and sorting lists, with moves
// ahead of the listing (n0) left alone and the moves in any order.
func TestTargets(t *testing.T) {
	tshuba, wide := Tshuba(400), Tshuba(400)
	tshuba.Board, wide.Board = WithoutStores(FourRows(5, 2)), WithoutStores(FourRows(22, 2))
	tests := []struct {
		name string
		g    *Game
	}{
		{"tshuba", compiled(t, "tshuba", tshuba, nil)},
		{"tshuba-wide", compiled(t, "tshuba-wide", wide, nil)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			listed := 0
			randomPositions(t, tc.g, 40, func(s *State) {
				side := int(s.v.side)
				base := s.baseMoves(nil, side, false)
				for _, moves := range [][]core.Move{base, reversed(base)} {
					dst := append([]core.Move{Swap}, moves...)
					want := targetsByTrial(s, dst, 1, side)
					got := s.targets(slices.Clone(dst), 1, side)
					require.Equal(t, want, got, "%s", s)
					listed += len(got)
				}
			})
			require.Greater(t, listed, 500)
		})
	}
}

func reversed(m []core.Move) []core.Move {
	r := slices.Clone(m)
	slices.Reverse(r)
	return r
}

// TestSetupMoves: the setup moves are done, then every transfer in order.
func TestSetupMoves(t *testing.T) {
	g := compiled(t, "omweso", Omweso(3, 300), nil)
	s := g.Start()
	s.pits[g.houses[0][2]] = 0
	hs := g.houses[0]
	want := []core.Move{Done}
	for a, pa := range hs {
		for b := range hs {
			if s.pits[pa] > 0 && b != a {
				want = append(want, SetupBit|core.Move(a<<8|b))
			}
		}
	}
	require.Equal(t, want, s.setupMoves(nil, 0))
	require.Equal(t, append([]core.Move{7}, want...), s.setupMoves([]core.Move{7}, 0))
}

// TestAppendSowable: the branch-free listing and the appending one agree, and neither
// touches what dst already holds.
func TestAppendSowable(t *testing.T) {
	counts := []uint16{0, 3, 1, 2, 0, 5, 2, 1}
	tests := []struct {
		name string
		min  uint16
		want []core.Move
	}{
		{"one", 1, []core.Move{9, 1, 2, 3, 5, 6, 7}},
		{"two", 2, []core.Move{9, 1, 3, 5, 6}},
		{"none", 6, []core.Move{9}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tight := appendSowable([]core.Move{9}, counts, tc.min)
			roomy := appendSowable(append(make([]core.Move, 0, 16), 9), counts, tc.min)
			require.Equal(t, tc.want, tight)
			require.Equal(t, tc.want, roomy)
		})
	}
}
