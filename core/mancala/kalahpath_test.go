package mancala_test

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/mancala"
)

// The Kalah path (kalahpath.go) held to the plain path: on every combination of
// Kalah's knobs, the plans with and without it play alike at every ply (position,
// hash, legal moves, scores), take moves back alike, and PlayRandom plays the game a
// loop of LegalMoves, IntN and Play plays.

// kalahKnobs lists Kalah's knob combinations: every boolean and enum knob, both row
// counts, the houses (1..8: 7 is the largest board of the path, 8 the first past it)
// and seeds turning with them, and a ply limit on some.
func kalahKnobs() []mancala.KalahOptions {
	var out []mancala.KalahOptions
	for bits := 0; bits < 1<<7; bits++ {
		o := mancala.KalahOptions{
			Houses: 1 + bits%8, Seeds: 1 + bits%5,
			EmptyCapture: bits&1 != 0, OriginSkip: bits&2 != 0, StoreSowing: bits&4 != 0,
			PieRule: bits&8 != 0, Rows: 2 + 2*(bits>>6&1), MaxPlies: []int{1000, 0, 25}[bits%3],
		}
		if bits&16 != 0 {
			o.EndRule = mancala.MoverCannotMove
		}
		if bits&32 != 0 {
			o.Remaining = mancala.Discard
		}
		if o.MaxPlies == 0 && !o.StoreSowing {
			o.MaxPlies = 300 // without store sowing a game can cycle
		}
		if o.Rows == 4 {
			o.Houses = min(o.Houses, 4)
		}
		out = append(out, o)
	}
	return out
}

func kalahGame(t testing.TB, o mancala.KalahOptions) *mancala.Game {
	t.Helper()
	r, err := mancala.Kalah(o)
	require.NoError(t, err)
	return newGame(t, fmt.Sprintf("kalah%+v", o), r)
}

// kalahPlans returns g's plan with the Kalah path and g's plans without it.
func kalahPlans(t *testing.T, g *mancala.Game) (fast *mancala.Game, plain []*mancala.Game) {
	names, gs := mancala.PathGames(g)
	for i, n := range names {
		if strings.HasSuffix(n, "/kalah") {
			fast = gs[i]
		} else {
			plain = append(plain, gs[i])
		}
	}
	require.NotNil(t, fast, "%s takes no Kalah path: %v", g.Name(), names)
	require.NotEmpty(t, plain)
	return fast, plain
}

func TestKalahPathAgrees(t *testing.T) {
	taken := 0
	for i, o := range kalahKnobs() {
		g := kalahGame(t, o)
		t.Run(fmt.Sprintf("knobs%03d", i), func(t *testing.T) {
			// The path is taken by two-row Kalah on boards of at most 16 pits.
			want := o.Rows == 2 && o.Houses <= 7
			require.Equal(t, want, strings.HasSuffix(mancala.PlanOf(g), "/kalah"), mancala.PlanOf(g))
			if !want {
				return
			}
			taken++
			playPaths(t, g, 4, 300, uint64(i))
		})
	}
	require.Greater(t, taken, 50)
}

// TestKalahPathUndo: Play and Undo on the Kalah path restore every position (perft
// counts, and the position and hash after each take-back on random games) as the
// plain path does, and Reset restores the plain start.
func TestKalahPathUndo(t *testing.T) {
	for i, o := range kalahKnobs() {
		if o.Rows != 2 || o.Houses > 7 {
			continue
		}
		g := kalahGame(t, o)
		fast, plain := kalahPlans(t, g)
		slow := plain[len(plain)-1]
		depth := 6
		if o.Houses > 4 {
			depth = 5
		}
		require.Equal(t, perftCounts(slow.Start(), depth), perftCounts(fast.Start(), depth), g.Name())
		rng := rand.New(rand.NewPCG(uint64(i), 3))
		a, b := fast.Start(), slow.Start()
		var ma, mb []core.Move
		for a.ToMove() != core.Terminal {
			ma, mb = a.LegalMoves(ma[:0]), b.LegalMoves(mb[:0])
			require.Equal(t, mb, ma)
			before, hash := a.String(), a.Hash()
			for _, m := range ma {
				a.Play(m)
				require.True(t, a.Undo())
				require.Equal(t, before, a.String(), "%s: after %s", g.Name(), a.MoveString(m))
				require.Equal(t, hash, a.Hash())
			}
			m := ma[rng.IntN(len(ma))]
			a.Play(m)
			b.Play(m)
			require.Equal(t, b.String(), a.String())
			require.Equal(t, b.Hash(), a.Hash())
			require.Equal(t, b.Scores(nil), a.Scores(nil))
		}
		require.Equal(t, b.Returns(nil), a.Returns(nil))
		for a.Undo() {
			require.True(t, b.Undo())
			require.Equal(t, b.String(), a.String())
		}
		require.False(t, b.Undo())
		require.Equal(t, g.Start().String(), a.String())
		// Reset (the Kalah path's start) after a game played out is the plain start.
		a.PlayRandom(rng)
		a.Reset()
		want := slow.Start()
		require.Equal(t, want.String(), a.String())
		require.Equal(t, want.Hash(), a.Hash())
		require.Equal(t, want.ToMove(), a.ToMove())
		require.Equal(t, want.LegalMoves(nil), a.LegalMoves(nil))
		require.False(t, a.Undo())
	}
}

// plainRandom plays s out as MCTS's plain rollout does (LegalMoves, IntN, Play) and
// returns the plies played.
func plainRandom(s *mancala.State, r *rand.Rand) int {
	plies := 0
	var moves []core.Move
	for s.ToMove() != core.Terminal {
		moves = s.LegalMoves(moves[:0])
		s.Play(moves[r.IntN(len(moves))])
		plies++
	}
	return plies
}

// TestPlayRandomAgrees: PlayRandom (the Kalah path's loop where a game takes it, the
// plain loop of Apply elsewhere) plays the game of the plain loop, from the start and
// from scrambled positions, on every game of the tests and every Kalah knob
// combination, with every plan.
func TestPlayRandomAgrees(t *testing.T) {
	all := digestGames(t)
	for i, o := range kalahKnobs() {
		all[fmt.Sprintf("kalah-knobs%03d", i)] = kalahGame(t, o)
	}
	for _, name := range slices.Sorted(maps.Keys(all)) {
		g := all[name]
		names, gs := mancala.PathGames(g)
		rng := rand.New(rand.NewPCG(uint64(len(name)), 9))
		for game := range 6 {
			text := g.Start().String()
			if game%2 == 1 {
				if s, ok := mancala.ScrambledStart(g, rng.IntN); ok {
					text = s
				}
			}
			seed := rng.Uint64()
			want, err := gs[0].Parse(text)
			require.NoError(t, err)
			plies := plainRandom(want, rand.New(rand.NewPCG(seed, 1)))
			for k, pg := range gs {
				s, err := pg.Parse(text)
				require.NoError(t, err)
				where := fmt.Sprintf("%s %s game %d from %s", name, names[k], game, text)
				require.Equal(t, plies, s.PlayRandom(rand.New(rand.NewPCG(seed, 1))), where)
				require.Equal(t, want.String(), s.String(), where)
				require.Equal(t, want.Hash(), s.Hash(), where)
				require.Equal(t, want.Returns(nil), s.Returns(nil), where)
				require.Equal(t, want.Scores(nil), s.Scores(nil), where)
			}
		}
	}
}
