package kalahsolve

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/kalah"
)

// TestSolveNodeBudget: a node budget (Config.Nodes) gives up with ErrGaveUp in both
// searches, the compact one and the general one, and with one thread the outcome
// repeats exactly: the same error, or the same value and node count. A budget of the
// nodes a solve took is enough; 4097 fewer is not (the searches check every 4096
// nodes). Package ai/solve's test of the same name checks the generic solver.
func TestSolveNodeBudget(t *testing.T) {
	for _, tc := range []struct {
		name      string
		noCompact bool
	}{{"compact kalah", false}, {"general kalah", true}} {
		t.Run(tc.name, func(t *testing.T) {
			g, err := kalah.Def.New("kalah", core.Params{"houses": 4, "seeds": 3})
			require.NoError(t, err)
			s := g.NewState()
			cfg := Config{TTMB: 4, Threads: 1, noCompact: tc.noCompact}
			const slack = 4096 // how far past the budget the search may go before it checks
			full, err := solvePos(context.Background(), s, cfg)
			require.NoError(t, err)
			require.Greater(t, full.Nodes, int64(slack+2000), "the test needs a solve of some size")

			cfg.Nodes = full.Nodes // enough, and the same solve
			again, err := solvePos(context.Background(), s, cfg)
			require.NoError(t, err)
			assert.Equal(t, full.Value, again.Value)
			assert.Equal(t, full.Nodes, again.Nodes, "one thread: the same nodes every run")

			cfg.Nodes = full.Nodes - slack - 1
			_, err = solvePos(context.Background(), s, cfg)
			require.ErrorIs(t, err, ErrGaveUp)
			assert.ErrorContains(t, err, fmt.Sprintf("(budget %d nodes)", cfg.Nodes))
			_, err2 := solvePos(context.Background(), s, cfg)
			require.Error(t, err2)
			assert.Equal(t, err.Error(), err2.Error(), "one thread: it gives up at the same node every run")

			cfg.Nodes = 1000
			_, err = solvePos(context.Background(), s, cfg)
			require.ErrorIs(t, err, ErrGaveUp)
		})
	}
}
