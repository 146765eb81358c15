package ai

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/ai/internal/aitest"
	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/ludo"
)

// TestLastEvaluationIsTheSearchValue checks that each search agent's LastEvaluation is
// the value its search returns at the depth it completed last.
func TestLastEvaluationIsTheSearchValue(t *testing.T) {
	ctx := context.Background()
	g := testGames(t)[0]
	const depth = 3
	fixed := map[string]func(core.State) (int, error){
		"minimax": func(s core.State) (int, error) { v, _, _, err := minimaxValue(ctx, s, depth); return v, err },
		"negamax": func(s core.State) (int, error) { v, _, _, err := negamaxValue(ctx, s, depth); return v, err },
		"alphabeta": func(s core.State) (int, error) {
			v, _, _, err := AlphaBetaValue(ctx, s, depth, false, nil)
			return v, err
		},
		"negascout": func(s core.State) (int, error) {
			v, _, _, err := AlphaBetaValue(ctx, s, depth, true, nil)
			return v, err
		},
	}
	checked := 0
	for algo, value := range fixed {
		t.Run(algo, func(t *testing.T) {
			a, err := NewSearcher(algo, Budget{Depth: depth}, 0)
			require.NoError(t, err)
			_, ok := a.LastEvaluation()
			assert.False(t, ok, "an evaluation before the first move")
			for i, s := range aitest.RandomPositions(g, 40, 11) {
				_, err := a.SelectMove(ctx, s)
				require.NoError(t, err)
				e, ok := a.LastEvaluation()
				require.True(t, ok)
				assert.Equal(t, GameUnits, e.Units)
				info := a.LastSearch()
				if info.Depth < depth {
					continue // a forced move or a proven result stops the deepening early
				}
				want, err := value(s)
				require.NoError(t, err)
				require.Equal(t, float64(want), e.Value, "position %d (%s)", i, s)
				checked++
			}
			a.Reset(0)
			_, ok = a.LastEvaluation()
			assert.False(t, ok, "an evaluation after Reset")
		})
	}
	assert.Greater(t, checked, 100)
}

func TestLastEvaluationExpectiminimax(t *testing.T) {
	ctx := context.Background()
	g := mustDef(t, ludo.Def, core.Params{"players": 2})
	a := NewExpectiminimax(Budget{Depth: 3})
	_, ok := a.LastEvaluation()
	assert.False(t, ok)
	checked := 0
	for i, s := range aitest.RandomPositions(g, 60, 4) {
		if s.ToMove() == core.Chance {
			continue
		}
		_, err := a.SelectMove(ctx, s)
		require.NoError(t, err)
		e, ok := a.LastEvaluation()
		require.True(t, ok)
		if a.LastSearch().Depth < 3 {
			continue // one legal move: depth 1 only
		}
		want, _, err := expectiminimaxValue(ctx, s, 3, s.ToMove())
		require.NoError(t, err)
		require.Equal(t, want, e.Value, "position %d (%s)", i, s)
		require.Equal(t, GameUnits, e.Units)
		checked++
	}
	assert.Greater(t, checked, 5)
}

func TestLastEvaluationMCTS(t *testing.T) {
	ctx := context.Background()
	g := testGames(t)[1]
	a := NewMCTS(Budget{Iterations: 300}, 1.4, false, 7)
	_, ok := a.LastEvaluation()
	assert.False(t, ok)
	for _, s := range aitest.RandomPositions(g, 20, 3) {
		_, err := a.SelectMove(ctx, s)
		require.NoError(t, err)
		e, ok := a.LastEvaluation()
		require.True(t, ok)
		assert.Equal(t, MeanReturn, e.Units)
		require.GreaterOrEqual(t, e.Value, -1.0)
		require.LessOrEqual(t, e.Value, 1.0)
		// LastSearch's Value is the same mean reward in [0, 1], in thousandths.
		assert.InDelta(t, float64(a.LastSearch().Value)/1000, (e.Value+1)/2, 0.0011)
	}
	// A move that wins at once: every playout through it returns 1.
	won := 0
	for _, s := range aitest.RandomPositions(testGames(t)[0], 3000, 5) {
		if won == 5 {
			break
		}
		m, err := a.SelectMove(ctx, s)
		require.NoError(t, err)
		if !winsAtOnce(s, m) {
			continue
		}
		e, ok := a.LastEvaluation()
		require.True(t, ok)
		assert.Equal(t, 1.0, e.Value, "%s", s)
		won++
	}
	assert.Equal(t, 5, won)
	a.Reset(1)
	_, ok = a.LastEvaluation()
	assert.False(t, ok)
}
