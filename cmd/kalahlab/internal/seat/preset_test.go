package seat_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/ai"
	"github.com/kalahlab/kalahlab/cmd/kalahlab/internal/seat"
	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/ludo"
)

// TestPresets: each strength stands for an agent that can play the game, from the
// weakest up, and Build seats it under the spec it stands for.
func TestPresets(t *testing.T) {
	ttt, four := games(t)
	two := ludo.DefaultRules()
	two.Players = 2
	dice2, err := ludo.New("ludo", two)
	require.NoError(t, err)
	for _, tc := range []struct {
		name string
		g    core.Game
		want map[string]string
	}{
		{"two players, no dice", ttt, map[string]string{"easy": "greedy", "medium": "alphabeta:depth=4", "hard": "alphabeta:depth=12,time=2s", "perfect": "perfect"}},
		{"two players, dice", dice2, map[string]string{"easy": "greedy", "medium": "expectiminimax:depth=2", "hard": "expectiminimax:depth=3,time=2s"}},
		{"four players, dice", four, map[string]string{"easy": "greedy", "medium": "mcts:iterations=2000", "hard": "mcts:iterations=20000,time=2s"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, p := range seat.PresetNames() {
				if _, ok := tc.want[p]; !ok {
					_, err := seat.Expand(ai.Spec{Agent: p}, tc.g)
					assert.ErrorContains(t, err, "the solver proves two-player games without dice", p)
					continue
				}
				spec, err := seat.Expand(ai.Spec{Agent: p}, tc.g)
				require.NoError(t, err)
				assert.Equal(t, tc.want[p], spec.String(), p)
				require.NoError(t, ai.Supports(spec, tc.g), p)
				_, err = ai.New(spec, 1)
				require.NoError(t, err, p)
			}
			specs := make([]ai.Spec, tc.g.NumPlayers())
			for i := range specs {
				specs[i] = ai.Spec{Agent: "hard"}
			}
			players, err := seat.Build(tc.g, specs, func(int) uint64 { return 1 })
			require.NoError(t, err)
			assert.Equal(t, tc.want["hard"], players[0].Spec.String())
		})
	}
	_, err = seat.Expand(ai.Spec{Agent: "hard", Options: map[string]string{"depth": "3"}}, ttt)
	assert.ErrorContains(t, err, "preset hard takes no options")
	spec, err := seat.Expand(ai.Spec{Agent: "perfect", Options: map[string]string{"nodes": "500M"}}, ttt)
	require.NoError(t, err)
	assert.Equal(t, "perfect:nodes=500M", spec.String(), "the agent the preset stands for, with options")
	spec, err = seat.Expand(ai.Spec{Agent: "random"}, ttt)
	require.NoError(t, err)
	assert.Equal(t, "random", spec.Agent, "not a preset: unchanged")
}
