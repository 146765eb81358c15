package solve

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/kalah"
	"github.com/kalahlab/kalahlab/core/mancala"
)

func newMancala(t *testing.T, r mancala.Rules) *mancala.Game {
	t.Helper()
	g, err := mancala.New("test", r)
	require.NoError(t, err)
	return g
}

// TestSolveMethods: by default a mancala game whose cycles score alike is proved by
// retrograde analysis, other games by the search; the method can be forced, and a bad
// one is refused.
func TestSolveMethods(t *testing.T) {
	ctx := context.Background()
	tuweisat := newMancala(t, mancala.UmElTuweisat(0))
	small := mancala.Ayoayo(0)
	small.Board = mancala.TwoRows(3, 2)
	smallG := newMancala(t, small)
	oware := mancala.Oware(0)
	oware.Board = mancala.TwoRows(2, 2)
	kalahG, err := kalah.New("kalah", kalah.Rules{Rows: 2, Houses: 3, Seeds: 2, EmptyCapture: true, StoreSowing: true})
	require.NoError(t, err)
	cases := []struct {
		name   string
		s      core.State
		method string
		want   string // the Method of the solution, or "error: ..." text
	}{
		{"tuweisat/auto", tuweisat.NewState(), "", MethodRetrograde},
		{"ayoayo/search", smallG.NewState(), MethodSearch, MethodSearch},
		{"ayoayo/retrograde", smallG.NewState(), MethodRetrograde, MethodRetrograde},
		{"oware/auto: cycles go to their owners", newMancala(t, oware).NewState(), "", MethodSearch},
		{"oware/retrograde", newMancala(t, oware).NewState(), MethodRetrograde, "error: a cycle's outcome depends on the position it stops at"},
		{"kalah/auto", kalahG.NewState(), MethodAuto, "kalah"},
		{"kalah/retrograde", kalahG.NewState(), MethodRetrograde, "error: solve: retrograde analysis solves only games of the mancala base game (the variants mancala and mancala/...), not this game's: the search solves it"},
		{"bad method", kalahG.NewState(), "magic", `error: method "magic": want one of [auto search retrograde]`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			sol, err := Solve(ctx, tc.s, Options{Method: tc.method, Threads: 1, TTMB: 16})
			if len(tc.want) > 6 && tc.want[:6] == "error:" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tc.want[7:])
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, sol.Method)
			assert.NotEmpty(t, sol.PV)
		})
	}
	// The two methods agree where both finish.
	a, err := Solve(ctx, smallG.NewState(), Options{Method: MethodSearch, TTMB: 16})
	require.NoError(t, err)
	b, err := Solve(ctx, smallG.NewState(), Options{Method: MethodRetrograde})
	require.NoError(t, err)
	assert.Equal(t, a.Margin, b.Margin)
	assert.Equal(t, a.Result, b.Result)
}

// TestSolveRetrogradeLimits: too many positions falls back to the search by default
// (saying so in the log) and is a give-up when the analysis was asked for.
func TestSolveRetrogradeLimits(t *testing.T) {
	g := newMancala(t, mancala.UmElTuweisat(0))
	_, err := Solve(context.Background(), g.NewState(), Options{Method: MethodRetrograde, MaxPositions: 1000})
	require.ErrorIs(t, err, ErrGaveUp)
	assert.Contains(t, err.Error(), "more than 1000")
	var log testLog
	_, err = Solve(context.Background(), g.NewState(), Options{MaxPositions: 1000, Nodes: 20000, Threads: 1, TTMB: 16, Log: &log})
	require.ErrorIs(t, err, ErrGaveUp) // the search gives up too, within its nodes
	assert.Contains(t, string(log), "searching instead")
}

type testLog []byte

func (l *testLog) Write(p []byte) (int, error) { *l = append(*l, p...); return len(p), nil }
