package ai

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/ai/internal/aitest"
)

// TestSearchStopsSoonAfterCancel: a cancelled search makes few moves more. A move of a
// Lua variant can take milliseconds, so the moves after the cancellation are its
// delay; they are counted here, not timed. The alpha-beta family checked its context
// every 1024 nodes (a thousand moves and more after the cancellation, 3.7 s on a slow
// hook) and MCTS every 256 iterations (thousands of moves, 86 s).
func TestSearchStopsSoonAfterCancel(t *testing.T) {
	tests := []struct {
		name  string
		agent func() Agent
	}{
		{"alphabeta", func() Agent { a, _ := NewSearcher("alphabeta", Budget{Depth: 64}, 1); return a }},
		{"negascout", func() Agent { a, _ := NewSearcher("negascout", Budget{Depth: 64}, 1); return a }},
		{"negamax", func() Agent { a, _ := NewSearcher("negamax", Budget{Depth: 64}, 0); return a }},
		{"minimax", func() Agent { a, _ := NewSearcher("minimax", Budget{Depth: 64}, 0); return a }},
		{"mcts", func() Agent { return NewMCTS(Budget{Iterations: 1 << 30}, 1.4, false, 1) }},
		{"mcts heuristic", func() Agent { return NewMCTS(Budget{Iterations: 1 << 30}, 1.4, true, 1) }},
	}
	const before = 5000 // moves before the cancellation
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			var plays, after atomic.Int64
			g := &aitest.PlyGame{Plies: 40, OnPlay: func() {
				switch n := plays.Add(1); {
				case n == before:
					cancel()
				case n > before:
					after.Add(1)
				}
			}}
			done := make(chan error, 1)
			go func() {
				_, err := tc.agent().SelectMove(ctx, g.NewState())
				done <- err
			}()
			select {
			case err := <-done:
				require.ErrorIs(t, err, context.Canceled)
			case <-time.After(time.Minute):
				t.Fatal("the search did not stop")
			}
			require.GreaterOrEqual(t, plays.Load(), int64(before), "the search ran until the cancellation")
			// 16 nodes of two children each for the alpha-beta family; the rest of one
			// iteration for MCTS (at most 40 plies, each trying both moves when
			// heuristic). Measured: 0-34; before the fix, 109-20856.
			assert.LessOrEqual(t, after.Load(), int64(64), "moves after the cancellation")
		})
	}
}
