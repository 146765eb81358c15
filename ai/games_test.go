package ai

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/ai/internal/aitest"
	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/checkers"
	"github.com/kalahlab/kalahlab/core/ludo"
	"github.com/kalahlab/kalahlab/core/tictactoe"
)

func mustDef(t testing.TB, d core.Def, p core.Params) core.Game {
	t.Helper()
	g, err := d.New(d.Name, p)
	require.NoError(t, err)
	return g
}

// TestSearchesAgreeOnEveryGame runs the minimax-equality property on checkers (with
// captures as single moves, flying kings) and m,n,k games (misère, gravity).
func TestSearchesAgreeOnEveryGame(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		game      core.Game
		positions int
		depth     int
	}{
		{mustDef(t, checkers.Def, nil), 150, 3},
		{mustDef(t, checkers.Def, core.Params{"flying_kings": true, "men_capture_backwards": true}), 100, 3},
		{mustDef(t, tictactoe.Def, nil), 150, 4},
		{mustDef(t, tictactoe.Def, core.Params{"rows": 4, "cols": 4, "k": 3, "misere": true}), 100, 3},
		{mustDef(t, tictactoe.Def, core.Params{"rows": 5, "cols": 5, "k": 4, "gravity": true}), 100, 3},
	} {
		tt := NewTT(1)
		for i, s := range aitest.RandomPositions(tc.game, tc.positions, 3) {
			for depth := 1; depth <= tc.depth; depth++ {
				want, _, _, err := minimaxValue(ctx, s, depth)
				require.NoError(t, err)
				nv, _, _, _ := negamaxValue(ctx, s, depth)
				ab, _, _, _ := AlphaBetaValue(ctx, s, depth, false, tt)
				ns, _, _, _ := AlphaBetaValue(ctx, s, depth, true, tt)
				require.Equal(t, want, nv, "negamax %s #%d %s depth %d", tc.game.Name(), i, s, depth)
				require.Equal(t, want, ab, "alphabeta %s #%d %s depth %d", tc.game.Name(), i, s, depth)
				require.Equal(t, want, ns, "negascout %s #%d %s depth %d", tc.game.Name(), i, s, depth)
			}
		}
	}
}

// TestTactics is a small tactical suite per game: each agent of the alpha-beta family
// finds the move a position demands.
func TestTactics(t *testing.T) {
	ctx := context.Background()
	ttt := mustDef(t, tictactoe.Def, nil)
	ck := mustDef(t, checkers.Def, nil)
	for _, tc := range []struct {
		name string
		game core.Game
		pos  string
		want []string // any of these
	}{
		// X completes the top row at once.
		{"mnk-win-now", ttt, "xx./oo./... x", []string{"c3"}},
		// O must block X's row.
		{"mnk-block", ttt, "xx./.o./... o", []string{"c3"}},
		// X makes a double threat (fork): c1 threatens the column and the diagonal.
		{"mnk-fork", ttt, "x.o/.o./x.. x", []string{"a2"}},
		// Black's man on 18 jumps 22 and 31... a double jump that wins a second piece.
		{"checkers-double-jump", ck, "B:W22,31:B18,1", []string{"18x25", "18x27"}},
	} {
		s, err := tc.game.ParseState(tc.pos)
		require.NoError(t, err, tc.name)
		for _, algo := range []string{"alphabeta", "negascout", "minimax"} {
			a, err := NewSearcher(algo, Budget{Depth: 6}, 1)
			require.NoError(t, err)
			m, err := a.SelectMove(ctx, s)
			require.NoError(t, err, tc.name)
			assert.Contains(t, tc.want, s.MoveString(m), "%s: %s played %s", tc.name, algo, s.MoveString(m))
		}
	}
}

// TestDiceAgents: expectiminimax plays two-player Ludo, MCTS plays four-player Ludo,
// and both are deterministic under their seeds.
func TestDiceAgents(t *testing.T) {
	ctx := context.Background()
	two := mustDef(t, ludo.Def, core.Params{"players": 2, "tokens": 2})
	four := mustDef(t, ludo.Def, core.Params{"tokens": 2})
	for _, tc := range []struct {
		game core.Game
		spec Spec
	}{
		{two, Spec{Agent: "expectiminimax", Options: map[string]string{"depth": "2"}}},
		{two, Spec{Agent: "mcts", Options: map[string]string{"iterations": "200"}}},
		{four, Spec{Agent: "mcts", Options: map[string]string{"iterations": "200"}}},
		{four, Spec{Agent: "greedy"}},
	} {
		for _, s := range aitest.RandomPositions(tc.game, 30, 9) {
			if s.ToMove() < 0 {
				continue
			}
			a1, err := New(tc.spec, 5)
			require.NoError(t, err)
			a2, _ := New(tc.spec, 5)
			before := s.String()
			m1, err := a1.SelectMove(ctx, s)
			require.NoError(t, err, "%s on %s", tc.spec, s)
			m2, _ := a2.SelectMove(ctx, s)
			assert.Equal(t, m1, m2)
			assert.Equal(t, before, s.String())
			_, err = core.ParsePlay(s, s.MoveString(m1))
			assert.NoError(t, err)
		}
	}
}
