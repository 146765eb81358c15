package kalahsolve

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/ai/internal/aitest"
	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/kalah"
)

// TestSolvePieWithMoverCannotMove: with end_rule mover_cannot_move and the pie rule, a
// second player whose side the first turn emptied still has the swap (core/kalah's
// rules, checked there against a reference). The solver's pie handling before the
// store-free search agrees with the brute force on tiny boards where that happens, and
// its principal variation plays out to its value. Only with store sowing: without it
// seeds can circle, games end by max_plies, and a position's value then depends on the
// ply, which bruteMargin's memo does not see (cycles_test.go checks those boards).
func TestSolvePieWithMoverCannotMove(t *testing.T) {
	for _, size := range [][2]int{{1, 1}, {1, 2}, {1, 3}, {1, 5}, {2, 1}, {2, 2}, {2, 3}, {3, 1}, {3, 2}, {4, 1}} {
		for _, rem := range []string{"owner", "discard"} {
			p := core.Params{"houses": size[0], "seeds": size[1], "end_rule": "mover_cannot_move",
				"pie_rule": true, "remaining": rem}
			t.Run(fmt.Sprint(p), func(t *testing.T) {
				g, err := kalah.Def.New("kalah", p)
				require.NoError(t, err)
				s := g.NewState()
				want := aitest.BruteMargin(s, map[string]int{})
				sol, err := solvePos(context.Background(), s, Config{TTMB: 4})
				require.NoError(t, err)
				assert.Equal(t, want, sol.Value)
				c := s.Clone()
				for _, m := range sol.PV {
					c.Play(m)
				}
				require.Equal(t, core.Terminal, c.ToMove(), "the principal variation ends the game")
				sc := c.(core.Scorer).Scores(nil)
				assert.Equal(t, want, int(sc[0]-sc[1]), "the principal variation ends with the value")
			})
		}
	}
	// Kalah(1,2) without store sowing (a game of two plies, so no cycles): South's first
	// move captures all four seeds and leaves North none; North swaps (its only move)
	// and so wins by 4.
	g, err := kalah.Def.New("kalah", core.Params{"houses": 1, "seeds": 2, "end_rule": "mover_cannot_move",
		"pie_rule": true, "store_sowing": false})
	require.NoError(t, err)
	sol, err := solvePos(context.Background(), g.NewState(), Config{TTMB: 4})
	require.NoError(t, err)
	assert.Equal(t, -4, sol.Value)
	assert.Equal(t, "1 swap", core.MovesString(g.NewState(), sol.PV))
}
