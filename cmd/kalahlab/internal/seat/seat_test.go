package seat_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/ai"
	"github.com/kalahlab/kalahlab/cmd/kalahlab/internal/seat"
	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/ludo"
	"github.com/kalahlab/kalahlab/core/tictactoe"
)

func games(t *testing.T) (ttt, dice core.Game) {
	t.Helper()
	ttt, err := tictactoe.New("tictactoe", tictactoe.DefaultRules())
	require.NoError(t, err)
	dice, err = ludo.New("ludo", ludo.DefaultRules())
	require.NoError(t, err)
	return ttt, dice
}

func specs(t *testing.T, texts ...string) []ai.Spec {
	t.Helper()
	out := make([]ai.Spec, len(texts))
	for i, text := range texts {
		var err error
		out[i], err = ai.ParseSpec(text)
		require.NoError(t, err, text)
	}
	return out
}

func TestBuild(t *testing.T) {
	ttt, dice := games(t)
	for _, tc := range []struct {
		name    string
		g       core.Game
		specs   []ai.Spec
		humans  []bool
		seeded  []int // the seats whose seed was asked for
		wantErr string
	}{
		{"person against an agent", ttt, specs(t, "human", "alphabeta:depth=2"), []bool{true, false}, []int{1}, ""},
		{"agents only", ttt, specs(t, "random", "mcts:iterations=10"), []bool{false, false}, []int{0, 1}, ""},
		{"people only", ttt, specs(t, "human", "human"), []bool{true, true}, nil, ""},
		{"dice game", dice, specs(t, "human", "random", "mcts", "greedy"), []bool{true, false, false, false}, []int{1, 2, 3}, ""},
		{"unknown agent", ttt, []ai.Spec{{Agent: "human"}, {Agent: "nosuch"}}, nil, nil, "seat 2: "},
		{"agent that cannot play the game", dice, specs(t, "random", "human", "alphabeta:depth=3", "random"), nil, nil,
			"seat 3 (alphabeta:depth=3): agent alphabeta cannot play ludo (4 players, dice)"},
		{"the first seat that cannot play is named", dice, specs(t, "random", "minimax", "alphabeta", "random"), nil, nil,
			"seat 2 (minimax): agent minimax cannot play ludo"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var seeded []int
			players, err := seat.Build(tc.g, tc.specs, func(i int) uint64 {
				seeded = append(seeded, i)
				return uint64(100 + i)
			})
			if tc.wantErr != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tc.wantErr)
				assert.Nil(t, players)
				return
			}
			require.NoError(t, err)
			require.Len(t, players, len(tc.specs))
			for i, p := range players {
				assert.Equal(t, tc.specs[i], p.Spec, "seat %d", i+1)
				assert.Equal(t, tc.humans[i], p.Human(), "seat %d", i+1)
			}
			assert.Equal(t, tc.seeded, seeded)
			assert.Equal(t, !contains(tc.humans, true), seat.AllAgents(players))
		})
	}
}

func contains(xs []bool, x bool) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func TestHintSpec(t *testing.T) {
	ttt, dice := games(t)
	assert.Equal(t, "alphabeta", seat.HintSpec(ttt).Agent, "two players, no dice")
	assert.Equal(t, "mcts", seat.HintSpec(dice).Agent, "dice")
	for _, g := range []core.Game{ttt, dice} {
		_, err := ai.New(seat.HintSpec(g), 1)
		require.NoError(t, err)
		require.NoError(t, ai.Supports(seat.HintSpec(g), g))
	}
}

// move is a move in a test history: who played it.
type move struct {
	n      int
	person bool
}

func TestUndoRedo(t *testing.T) {
	// A person (P) against an agent (A): P1 A2 P3 A4 P5 A6.
	history := func() []move {
		return []move{{1, true}, {2, false}, {3, true}, {4, false}, {5, true}, {6, false}}
	}
	for _, tc := range []struct {
		name       string
		played     []move
		undos      int
		wantPlayed []int
		wantRedo   []int // the redo stack, bottom first
		wantOK     bool
	}{
		{"nothing to undo", nil, 1, nil, nil, false},
		{"back to the person's last move", history(), 1, []int{1, 2, 3, 4}, []int{6, 5}, true},
		{"twice", history(), 2, []int{1, 2}, []int{6, 5, 4, 3}, true},
		{"to the start", history(), 3, nil, []int{6, 5, 4, 3, 2, 1}, true},
		{"past the start", history(), 4, nil, []int{6, 5, 4, 3, 2, 1}, false},
		{"agent moved first", []move{{1, false}, {2, true}}, 1, []int{1}, []int{2}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			played, redo := tc.played, []move(nil)
			ok := true
			for range tc.undos {
				ok = seat.Undo(&played, &redo, func(undone move) bool { return undone.person })
			}
			assert.Equal(t, tc.wantOK, ok)
			assert.Equal(t, tc.wantPlayed, numbers(played))
			assert.Equal(t, tc.wantRedo, numbers(redo))

			// Redo plays the moves back in order, a person's move and the replies.
			for seat.Redo(&redo, func(m move) bool {
				played = append(played, m)
				return len(redo) == 0 || redo[len(redo)-1].person
			}) {
			}
			assert.Equal(t, numbers(tc.played), numbers(played))
			assert.Empty(t, redo)
		})
	}
}

func TestRedoStopsAtAPerson(t *testing.T) {
	redo := []move{{6, false}, {5, true}, {4, false}, {3, true}}
	var played []move
	personNext := func(m move) bool {
		played = append(played, m)
		return len(redo) > 0 && redo[len(redo)-1].person
	}
	require.True(t, seat.Redo(&redo, personNext))
	assert.Equal(t, []int{3, 4}, numbers(played))
	require.True(t, seat.Redo(&redo, personNext))
	assert.Equal(t, []int{3, 4, 5, 6}, numbers(played))
	assert.False(t, seat.Redo(&redo, personNext), "nothing left")
}

func numbers(ms []move) []int {
	if len(ms) == 0 {
		return nil
	}
	out := make([]int, len(ms))
	for i, m := range ms {
		out[i] = m.n
	}
	return out
}
