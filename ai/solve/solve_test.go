package solve

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/ai/internal/aitest"
	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/kalah"
	"github.com/kalahlab/kalahlab/core/tictactoe"
)

func TestSolveKalahAgainstBruteForce(t *testing.T) {
	for _, p := range []core.Params{
		{"houses": 1, "seeds": 1}, {"houses": 2, "seeds": 2}, {"houses": 3, "seeds": 1},
		{"houses": 2, "seeds": 3}, {"houses": 3, "seeds": 2},
		{"houses": 2, "seeds": 2, "pie_rule": true}, {"houses": 3, "seeds": 1, "empty_capture": false},
		{"houses": 2, "seeds": 2, "rows": 4}, {"houses": 3, "seeds": 2, "end_rule": "mover_cannot_move", "remaining": "discard"},
	} {
		g, err := kalah.Def.New("kalah", p)
		require.NoError(t, err)
		s := g.NewState()
		want := aitest.BruteMargin(s, map[string]int{})
		sol, err := Solve(context.Background(), s, Options{TTMB: 4})
		require.NoError(t, err, "%v", p)
		assert.Equal(t, want, sol.Value, "%v", p)
		// The principal variation, played out, ends with the proved margin.
		c := s.Clone()
		for _, m := range sol.PV {
			c.Play(m)
		}
		if c.ToMove() == core.Terminal {
			sc := c.(core.Scorer).Scores(nil)
			assert.Equal(t, want, int(sc[0]-sc[1]), "%v: PV ends with another margin", p)
		}
		assert.Equal(t, sol.PV[0], sol.BestMove)
	}
}

func TestSolveMidgamePositions(t *testing.T) {
	// Random positions of Kalah(3,3) from either seat's turn: Solve's first-seat value
	// matches the brute force.
	g, err := kalah.Def.New("kalah", core.Params{"houses": 3, "seeds": 3})
	require.NoError(t, err)
	for i, s := range aitest.RandomPositions(g, 40, 21) {
		if i%4 != 0 {
			continue
		}
		want := aitest.BruteMargin(s, map[string]int{})
		if s.ToMove() == 1 {
			want = -want
		}
		sol, err := Solve(context.Background(), s, Options{TTMB: 4})
		require.NoError(t, err)
		assert.Equal(t, want, sol.Value, "%s", s)
	}
}

func TestSolveKalah43(t *testing.T) {
	g, _ := kalah.Def.New("kalah", core.Params{"houses": 4, "seeds": 3})
	sol, err := Solve(context.Background(), g.NewState(), Options{TTMB: 16})
	require.NoError(t, err)
	t.Logf("Kalah(4,3): %+d, best %d, %d nodes, %.2fs", sol.Value, sol.BestMove+1, sol.Nodes, sol.Seconds)
}

func TestSolveGivesUp(t *testing.T) {
	g, _ := kalah.Def.New("kalah", nil)
	_, err := Solve(context.Background(), g.NewState(), Options{TTMB: 1, Time: 50 * time.Millisecond})
	assert.ErrorContains(t, err, "gave up")
}

// bruteResult is an independent memoised full-width search of a game without scores:
// the mover's return under perfect play.
func bruteResult(s core.State, memo map[string]int) int {
	key := s.String()
	if v, ok := memo[key]; ok {
		return v
	}
	me := s.ToMove()
	best := -2
	for _, m := range s.LegalMoves(nil) {
		c := s.Clone()
		c.Play(m)
		var v int
		switch next := c.ToMove(); {
		case next == core.Terminal:
			v = int(c.Returns(nil)[me])
		case next == me:
			v = bruteResult(c, memo)
		default:
			v = -bruteResult(c, memo)
		}
		best = max(best, v)
	}
	memo[key] = best
	return best
}

// TestSolveMNK checks m,n,k values against the brute force and the published results
// (3,3,3 and 4,4,4 are draws; 3,4,3 and 4,4,3 first-player wins).
func TestSolveMNK(t *testing.T) {
	for _, tc := range []struct {
		params core.Params
		want   int // published value, or 2 to use the brute force only
	}{
		{core.Params{"rows": 3, "cols": 3, "k": 3}, 0},
		{core.Params{"rows": 3, "cols": 4, "k": 3}, 1},
		{core.Params{"rows": 3, "cols": 3, "k": 3, "misere": true}, 2},
		{core.Params{"rows": 3, "cols": 3, "k": 3, "full_board": "both_lose"}, 2},
		{core.Params{"rows": 4, "cols": 4, "k": 3, "gravity": true}, 2},
		{core.Params{"rows": 4, "cols": 4, "k": 3}, 1},
		{core.Params{"rows": 4, "cols": 4, "k": 4}, 0},
	} {
		g, err := tictactoe.Def.New("tictactoe", tc.params)
		require.NoError(t, err)
		sol, err := Solve(context.Background(), g.NewState(), Options{TTMB: 32})
		require.NoError(t, err, "%v", tc.params)
		if tc.want != 2 {
			assert.Equal(t, tc.want, sol.Value, "%v: published value", tc.params)
			continue
		}
		assert.Equal(t, bruteResult(g.NewState(), map[string]int{}), sol.Value, "%v", tc.params)
	}
}

// kalahHidden hides the concrete Kalah type, so Solve takes its generic path.
type kalahHidden struct{ *kalah.State }

func (h kalahHidden) Clone() core.State { return kalahHidden{h.State.Copy()} }

// TestKalahSolverMatchesGeneric is the differential test of the Kalah solver (store-free
// values, endgame database of every size) against the generic MTD(f) solver.
func TestKalahSolverMatchesGeneric(t *testing.T) {
	for _, p := range []core.Params{
		{"houses": 3, "seeds": 4}, {"houses": 4, "seeds": 3}, {"houses": 5, "seeds": 2},
		{"houses": 3, "seeds": 5}, {"houses": 2, "seeds": 8},
		{"houses": 3, "seeds": 3, "empty_capture": false}, {"houses": 3, "seeds": 3, "pie_rule": true},
		{"houses": 2, "seeds": 3, "rows": 4}, {"houses": 3, "seeds": 3, "remaining": "discard", "end_rule": "mover_cannot_move"},
		{"houses": 3, "seeds": 3, "origin_skip": true},
	} {
		g, err := kalah.Def.New("kalah", p)
		require.NoError(t, err)
		gen, err := Solve(context.Background(), kalahHidden{g.NewState().(*kalah.State)}, Options{TTMB: 16})
		require.NoError(t, err, "%v", p)
		for _, k := range []int{1, 6, 12, 40} {
			sol, err := Solve(context.Background(), g.NewState(), Options{DBSeeds: k, TTMB: 16, DBMB: 16})
			require.NoError(t, err)
			assert.Equal(t, gen.Value, sol.Value, "%v with endgames up to %d seeds", p, k)
		}
	}
}

// TestSolveETC: enhanced transposition cut-offs keep every value and save nodes on
// games whose move orders meet (m,n,k with and without gravity).
func TestSolveETC(t *testing.T) {
	for _, p := range []core.Params{
		{"rows": 3, "cols": 3, "k": 3}, {"rows": 4, "cols": 4, "k": 3}, {"rows": 3, "cols": 4, "k": 3, "misere": true},
		{"rows": 4, "cols": 4, "k": 3, "gravity": true},
	} {
		g, err := tictactoe.Def.New("tictactoe", p)
		require.NoError(t, err)
		with, err := Solve(context.Background(), g.NewState(), Options{TTMB: 8})
		require.NoError(t, err)
		without, err := Solve(context.Background(), g.NewState(), Options{TTMB: 8, noETC: true})
		require.NoError(t, err)
		assert.Equal(t, without.Value, with.Value, "%v", p)
		assert.Less(t, with.Nodes, without.Nodes, "%v", p)
	}
}
