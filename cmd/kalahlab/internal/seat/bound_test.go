package seat_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/ai"
	"github.com/kalahlab/kalahlab/cmd/kalahlab/internal/seat"
)

func TestBound(t *testing.T) {
	lim := seat.Limits{MemoryMB: 256, MoveTime: 10 * time.Second, NoDatabases: true}
	for _, tc := range []struct{ spec, want, err string }{
		{"random", "random", ""},
		{"greedy", "greedy", ""},
		{"alphabeta:depth=64", "alphabeta:depth=64,time=10s", ""},
		{"alphabeta:time=2s", "alphabeta:time=2s", ""},
		{"alphabeta:tt=256", "alphabeta:time=10s,tt=256", ""},
		{"alphabeta:tt=4096", "", "tt=4096 is over this server's bound of 256 MB an agent"},
		{"alphabeta:time=1h", "", "time=1h is over this server's bound of 10s a move"},
		{"mcts", "mcts:iterations=10000,time=10s", ""},
		{"mcts:iterations=2000000000", "mcts:iterations=2000000000,time=10s", ""},
		{"mcts:memory=65535", "", "memory=65535 is over this server's bound of 256 MB an agent"},
		{"human", "human", ""},
		{"perfect", "perfect:endgame=none,time=10s", ""},
		{"perfect:nodes=5M,time=3s", "perfect:endgame=none,nodes=5M,time=3s", ""},
		{"perfect:endgame=cache", "", "endgame=cache: this server builds no endgame databases (endgame=none)"},
		{"perfect:tt=1024", "", "tt=1024 is over this server's bound of 256 MB an agent"},
	} {
		t.Run(tc.spec, func(t *testing.T) {
			spec, err := ai.ParseSpec(tc.spec)
			require.NoError(t, err)
			got, err := seat.Bound(spec, lim)
			if tc.err != "" {
				assert.ErrorContains(t, err, tc.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, got.String())
		})
	}
}
