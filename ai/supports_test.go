package ai_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/ai"
	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/kalah"
	"github.com/kalahlab/kalahlab/core/ludo"
	"github.com/kalahlab/kalahlab/core/tictactoe"
)

func newGame(t *testing.T, def core.Def, set map[string]any) core.Game {
	t.Helper()
	p, err := core.Apply(def.Params, core.Defaults(def.Params), set)
	require.NoError(t, err)
	g, err := def.New(def.Name, p)
	require.NoError(t, err)
	return g
}

func TestSupports(t *testing.T) {
	kalahGame := newGame(t, kalah.Def, nil)
	ludo4 := newGame(t, ludo.Def, nil)
	ttt := newGame(t, tictactoe.Def, nil)
	assert.False(t, ai.HasChance(kalahGame))
	assert.False(t, ai.HasChance(ttt))
	assert.True(t, ai.HasChance(ludo4))
	require.Equal(t, 4, ludo4.NumPlayers())

	for _, tc := range []struct {
		agent string
		game  core.Game
		want  string // "" for supported
	}{
		{"random", ludo4, ""},
		{"greedy", ludo4, ""},
		{"mcts", ludo4, ""},
		{"human", ludo4, ""},
		{"nosuchagent", ludo4, ""}, // New reports unknown agents
		{"alphabeta", kalahGame, ""},
		{"expectiminimax", kalahGame, ""},
		{"minimax", ludo4, "agent minimax cannot play ludo (4 players, dice): it plays two-player games without dice (chance nodes); use mcts"},
		{"negascout", ludo4, "(4 players, dice)"},
		{"expectiminimax", ludo4, "agent expectiminimax cannot play ludo (4 players): it plays two-player games, dice included; use mcts"},
	} {
		t.Run(tc.agent+" "+tc.game.Name(), func(t *testing.T) {
			err := ai.Supports(ai.Spec{Agent: tc.agent}, tc.game)
			if tc.want == "" {
				assert.NoError(t, err)
				return
			}
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

func TestSupportsTwoPlayerDice(t *testing.T) {
	g := newGame(t, ludo.Def, map[string]any{"players": 2})
	if g.NumPlayers() != 2 {
		t.Skip("ludo has no players knob")
	}
	err := ai.Supports(ai.Spec{Agent: "alphabeta"}, g)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "(dice): it plays two-player games without dice (chance nodes); use expectiminimax or mcts")
	assert.NoError(t, ai.Supports(ai.Spec{Agent: "expectiminimax"}, g))
}

func TestLimitsOfEveryAgent(t *testing.T) {
	for _, name := range ai.Names() {
		l, ok := ai.LimitsOf(name)
		require.True(t, ok, name)
		assert.NotEmpty(t, l.String(), name)
	}
	_, ok := ai.LimitsOf(ai.Human)
	assert.False(t, ok)
}
