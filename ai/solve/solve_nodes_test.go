package solve

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/kalah"
	"github.com/kalahlab/kalahlab/core/tictactoe"
)

// TestSolveNodeBudget: a node budget (Options.Nodes) gives up with ErrGaveUp through
// Solve — in the Kalah solver (package kalahsolve, whose test of the same name checks
// its general search too) and in the generic solver — and with one thread the outcome
// repeats exactly: the same error, or the same value and node count. A budget of the
// nodes a solve took is enough; in the Kalah search, which checks every 4096 nodes,
// 4097 fewer is not.
func TestSolveNodeBudget(t *testing.T) {
	tests := []struct {
		name  string
		state func(t *testing.T) (core.State, Options)
		slack int64 // how far past the budget the search may go before it checks
	}{
		{"compact kalah", func(t *testing.T) (core.State, Options) {
			g, err := kalah.Def.New("kalah", core.Params{"houses": 4, "seeds": 3})
			require.NoError(t, err)
			return g.NewState(), Options{TTMB: 4, Threads: 1}
		}, 4096},
		{"generic (hooked m,n,k)", func(t *testing.T) (core.State, Options) {
			r := tictactoe.DefaultRules()
			r.Rows, r.Cols, r.K = 3, 4, 3
			r.Hooks.Winner = func(*tictactoe.State, int) (bool, int, bool, error) { return false, 0, false, nil }
			g, err := tictactoe.New("hooked", r)
			require.NoError(t, err)
			return g.NewState(), Options{TTMB: 1, Threads: 1}
		}, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, opt := tc.state(t)
			full, err := Solve(context.Background(), s, opt)
			require.NoError(t, err)
			require.Greater(t, full.Nodes, tc.slack+2000, "the test needs a solve of some size")

			opt.Nodes = full.Nodes // enough, and the same solve
			again, err := Solve(context.Background(), s, opt)
			require.NoError(t, err)
			assert.Equal(t, full.Value, again.Value)
			assert.Equal(t, full.Nodes, again.Nodes, "one thread: the same nodes every run")

			opt.Nodes = full.Nodes - tc.slack - 1
			_, err = Solve(context.Background(), s, opt)
			require.ErrorIs(t, err, ErrGaveUp)
			assert.ErrorContains(t, err, fmt.Sprintf("(budget %d nodes)", opt.Nodes))
			_, err2 := Solve(context.Background(), s, opt)
			require.Error(t, err2)
			assert.Equal(t, err.Error(), err2.Error(), "one thread: it gives up at the same node every run")

			opt.Nodes = 1000
			_, err = Solve(context.Background(), s, opt)
			require.ErrorIs(t, err, ErrGaveUp)
		})
	}
}
