package solve_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/ai"
	"github.com/kalahlab/kalahlab/ai/solve"
	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/kalah"
	"github.com/kalahlab/kalahlab/core/tictactoe"
)

// playOut plays s to its end between two agents and returns what the solver's value
// counts: the first seat's final margin (its score minus the second's) in a game with
// scores, else +1, 0 or -1 for its win, draw or loss.
func playOut(t *testing.T, s core.State, agents [2]ai.Agent) float64 {
	t.Helper()
	for ply := 0; s.ToMove() != core.Terminal; ply++ {
		require.Less(t, ply, 1000, "the game ends")
		m, err := agents[s.ToMove()].SelectMove(context.Background(), s)
		require.NoError(t, err)
		s.Play(m)
		require.NoError(t, s.Err())
	}
	if sc, ok := s.(core.Scorer); ok {
		r := sc.Scores(nil)
		return r[0] - r[1]
	}
	r := s.Returns(nil) // win, draw or loss: +1, 0 or -1 as the solver's value
	switch {
	case r[0] > r[1]:
		return 1
	case r[0] < r[1]:
		return -1
	}
	return 0
}

// TestPerfectPlaysTheValue: two perfect agents play a solved game to exactly its proved
// value, and the perfect agent never scores less than that value against a random one,
// on either seat.
func TestPerfectPlaysTheValue(t *testing.T) {
	newPerfect := func(seed uint64) ai.Agent {
		a, err := ai.New(ai.Spec{Agent: "perfect", Options: map[string]string{"endgame": "none", "tt": "16"}}, seed)
		require.NoError(t, err)
		return a
	}
	cases := []struct {
		name string
		game func() core.Game
	}{
		{"kalah 4x3", func() core.Game {
			g, err := kalah.Def.New("kalah", core.Params{"houses": 4, "seeds": 3})
			require.NoError(t, err)
			return g
		}},
		{"kalah 3x3 standard capture", func() core.Game {
			g, err := kalah.Def.New("kalah", core.Params{"houses": 3, "seeds": 3, "empty_capture": false})
			require.NoError(t, err)
			return g
		}},
		{"tic-tac-toe", func() core.Game {
			g, err := tictactoe.Def.New("tictactoe", core.Params{})
			require.NoError(t, err)
			return g
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := c.game()
			sol, err := solve.Solve(context.Background(), g.NewState(), solve.Options{TTMB: 16, EndgameSeeds: -1, DBMB: -1})
			require.NoError(t, err)
			value := float64(sol.Value)
			assert.Equal(t, value, playOut(t, g.NewState(), [2]ai.Agent{newPerfect(1), newPerfect(2)}), "perfect against perfect ends in the value")
			for seed := uint64(1); seed <= 3; seed++ {
				random := ai.NewRandom(seed)
				assert.GreaterOrEqual(t, playOut(t, g.NewState(), [2]ai.Agent{newPerfect(seed), random}), value, "perfect first, seed %d", seed)
				assert.LessOrEqual(t, playOut(t, g.NewState(), [2]ai.Agent{ai.NewRandom(seed), newPerfect(seed)}), value, "perfect second, seed %d", seed)
			}
		})
	}
}

// TestPerfectRefuses: a budget too small for the board is an error naming the budget
// and what to do, never a guessed move; bad options name what is allowed.
func TestPerfectRefuses(t *testing.T) {
	g, err := kalah.Def.New("kalah", core.Params{})
	require.NoError(t, err)
	a, err := ai.New(ai.Spec{Agent: "perfect", Options: map[string]string{"nodes": "2k", "endgame": "none", "tt": "1"}}, 1)
	require.NoError(t, err)
	_, err = a.SelectMove(context.Background(), g.NewState())
	require.ErrorIs(t, err, solve.ErrGaveUp)
	assert.ErrorContains(t, err, "not proved within 2k positions")
	assert.ErrorContains(t, err, "perfect:nodes=500M")

	for _, c := range []struct{ opt, value, want string }{
		{"nodes", "lots", `option nodes="lots": "lots" is not a whole number of nodes`},
		{"nodes", "0", "0 nodes"},
		{"endgame", "disk", `option endgame="disk": want cache or none`},
		{"tt", "0", "want an integer 1..65536"},
		{"depth", "3", `option "depth" unknown`},
	} {
		_, err := ai.New(ai.Spec{Agent: "perfect", Options: map[string]string{c.opt: c.value}}, 1)
		assert.ErrorContains(t, err, c.want, "%s=%s", c.opt, c.value)
	}
}
