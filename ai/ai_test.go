package ai

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/ai/internal/aitest"
	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/kalah"
)

// testGames are the games the search properties run on.
func testGames(t testing.TB) []core.Game {
	var out []core.Game
	for _, p := range []core.Params{
		nil,
		{"houses": 4, "seeds": 3},
		{"pie_rule": true, "houses": 4, "seeds": 2},
		{"rows": 4, "houses": 3, "seeds": 2},
		{"empty_capture": false, "end_rule": "mover_cannot_move", "remaining": "discard"},
	} {
		g, err := kalah.Def.New("kalah", p)
		require.NoError(t, err)
		out = append(out, g)
	}
	return out
}

// TestSearchesAgreeWithMinimax is the property the board-AI reference text's bugs break:
// negamax, alpha-beta (with and without a transposition table) and negascout return
// the value of plain minimax at the same depth, on positions with extra turns, the pie
// rule and four rows.
func TestSearchesAgreeWithMinimax(t *testing.T) {
	ctx := context.Background()
	positions := 0
	for gi, g := range testGames(t) {
		tt := NewTT(1)
		for i, s := range aitest.RandomPositions(g, 250, uint64(gi)) {
			before := s.String()
			for depth := 1; depth <= 4; depth++ {
				want, _, _, err := minimaxValue(ctx, s, depth)
				require.NoError(t, err)
				nv, _, _, err := negamaxValue(ctx, s, depth)
				require.NoError(t, err)
				ab, _, _, err := AlphaBetaValue(ctx, s, depth, false, nil)
				require.NoError(t, err)
				abt, _, _, err := AlphaBetaValue(ctx, s, depth, false, tt)
				require.NoError(t, err)
				ns, _, _, err := AlphaBetaValue(ctx, s, depth, true, tt)
				require.NoError(t, err)
				nsNoTT, _, _, err := AlphaBetaValue(ctx, s, depth, true, nil)
				require.NoError(t, err)
				for name, got := range map[string]int{"negamax": nv, "alphabeta": ab, "alphabeta+tt": abt, "negascout+tt": ns, "negascout": nsNoTT} {
					require.Equal(t, want, got, "%s, game %d position %d (%s) depth %d", name, gi, i, s, depth)
				}
			}
			require.Equal(t, before, s.String(), "a search modified its state")
			positions++
		}
	}
	assert.GreaterOrEqual(t, positions, 1000)
}

func TestExpectiminimaxIsMinimaxWithoutChance(t *testing.T) {
	ctx := context.Background()
	g := testGames(t)[1]
	for _, s := range aitest.RandomPositions(g, 100, 5) {
		for depth := 1; depth <= 3; depth++ {
			want, _, _, err := minimaxValue(ctx, s, depth)
			require.NoError(t, err)
			got, _, err := expectiminimaxValue(ctx, s, depth, s.ToMove())
			require.NoError(t, err)
			require.Equal(t, float64(want), got)
		}
	}
}

func TestExpectiminimaxChance(t *testing.T) {
	// From a chance node the value is the mean over the die: with the goal at 2 and
	// seat 1 to roll, a roll of 2 or 3 reaches it at once; a roll of 1 reaches 1 only.
	g := &race{players: 2, goal: 2}
	s := g.NewState()
	v, _, err := expectiminimaxValue(context.Background(), s, 2, 0) // the roll, then the move
	require.NoError(t, err)
	// Rolls 2 and 3 win at once (value WinScore); roll 1 leaves a depth-0 evaluation
	// of 1 - 0 = 1 for seat 1.
	assert.InDelta(t, (2*float64(core.WinScore)+1)/3, v, 1e-6)
}

func TestDomainErrors(t *testing.T) {
	ctx := context.Background()
	three := (&race{players: 3, goal: 5}).NewState()
	three.Play(2) // roll: now a decision for seat 1
	for _, name := range []string{"minimax", "negamax", "alphabeta", "negascout", "expectiminimax"} {
		a, err := New(Spec{Agent: name, Options: map[string]string{"depth": "2"}}, 1)
		require.NoError(t, err)
		_, err = a.SelectMove(ctx, three)
		assert.ErrorIs(t, err, ErrDomain, name)
		assert.ErrorContains(t, err, "3 players", name)
	}
	two := (&race{players: 2, goal: 5}).NewState() // a chance node first
	a, _ := New(Spec{Agent: "alphabeta"}, 1)
	_, err := a.SelectMove(ctx, two)
	assert.ErrorIs(t, err, ErrDomain)
	m, err := New(Spec{Agent: "mcts", Options: map[string]string{"iterations": "500"}}, 1)
	require.NoError(t, err)
	_, err = m.SelectMove(ctx, three)
	assert.NoError(t, err, "mcts plays any number of players")
}

// exactAfter is the exact value of playing m in s for the mover (a deep search of a
// position with few seeds left).
func exactAfter(t *testing.T, s core.State, m core.Move) int {
	me := s.ToMove()
	c := s.Clone()
	c.Play(m)
	if c.ToMove() == core.Terminal {
		return core.TerminalValue(c, me)
	}
	v, _, _, err := AlphaBetaValue(context.Background(), c, 60, false, NewTT(1))
	require.NoError(t, err)
	if c.ToMove() != me {
		v = -v
	}
	return v
}

// endgame reports whether few seeds are left in the houses (so exact search is quick).
func endgame(s core.State) bool {
	k := s.(*kalah.State)
	sc := k.Scores(nil)
	return k.Total()-int(sc[0])-int(sc[1]) <= 10
}

// winsAtOnce reports whether m ends the game with the mover winning.
func winsAtOnce(s core.State, m core.Move) bool {
	me := s.ToMove()
	c := s.Clone()
	c.Play(m)
	return c.ToMove() == core.Terminal && c.Returns(nil)[me] == 1
}

// blunder reports whether m loses at once: the game ends with the mover losing, or the
// opponent, to move next, has a move that ends it with their win.
func blunder(s core.State, m core.Move) bool {
	me := s.ToMove()
	c := s.Clone()
	c.Play(m)
	switch next := c.ToMove(); {
	case next == core.Terminal:
		return c.Returns(nil)[me] == -1
	case next == me:
		return false
	}
	for _, m2 := range c.LegalMoves(nil) {
		if winsAtOnce(c, m2) {
			return true
		}
	}
	return false
}

// tacticalWins finds endgame positions where a move wins at once and no other move
// wins under perfect play.
func tacticalWins(t *testing.T, g core.Game, n int) []core.State {
	var out []core.State
	for _, s := range aitest.RandomPositions(g, 30000, 11) {
		if !endgame(s) {
			continue
		}
		hit, others := false, false
		for _, m := range s.LegalMoves(nil) {
			if winsAtOnce(s, m) {
				hit = true
			} else if exactAfter(t, s, m) >= core.WinScore/2 {
				others = true
			}
		}
		if hit && !others {
			if out = append(out, s); len(out) == n {
				break
			}
		}
	}
	return out
}

// tacticalLosses finds endgame positions where some move is a blunder (it loses at
// once) and another move does not lose under perfect play.
func tacticalLosses(t *testing.T, g core.Game, n int) []core.State {
	var out []core.State
	for _, s := range aitest.RandomPositions(g, 30000, 12) {
		if !endgame(s) {
			continue
		}
		bad, safe := false, false
		for _, m := range s.LegalMoves(nil) {
			if blunder(s, m) {
				bad = true
			} else if exactAfter(t, s, m) > -core.WinScore/2 {
				safe = true
			}
		}
		if bad && safe {
			if out = append(out, s); len(out) == n {
				break
			}
		}
	}
	return out
}

func TestMCTSTakesImmediateWinAndAvoidsImmediateLoss(t *testing.T) {
	g := testGames(t)[0]
	ctx := context.Background()
	wins := tacticalWins(t, g, 10)
	require.NotEmpty(t, wins)
	for _, s := range wins {
		a := NewMCTS(Budget{Iterations: 20000}, 1.4, false, 3)
		m, err := a.SelectMove(ctx, s)
		require.NoError(t, err)
		assert.True(t, winsAtOnce(s, m), "%s: mcts played %s", s, s.MoveString(m))
	}
	losses := tacticalLosses(t, g, 10)
	require.NotEmpty(t, losses)
	for _, s := range losses {
		a := NewMCTS(Budget{Iterations: 20000}, 1.4, false, 3)
		m, err := a.SelectMove(ctx, s)
		require.NoError(t, err)
		assert.False(t, blunder(s, m), "%s: mcts played the blunder %s", s, s.MoveString(m))
	}
}

// leafReturn is the mover's return after a move that ended the game, or 0.
func leafReturn(c core.State, p core.Player) float64 {
	if c.ToMove() != core.Terminal {
		return 0
	}
	return c.Returns(nil)[p]
}

func TestAgentsDeterministicAndNonModifying(t *testing.T) {
	ctx := context.Background()
	g := testGames(t)[2] // pie rule
	for _, name := range Names() {
		spec := Spec{Agent: name, Options: map[string]string{}}
		switch name {
		case "mcts":
			spec.Options["iterations"] = "300"
		case "random", "greedy":
		default:
			spec.Options["depth"] = "3"
		}
		play := func() []core.Move {
			var ags [2]Agent
			for i := range ags {
				a, err := New(spec, 42+uint64(i))
				require.NoError(t, err)
				ags[i] = a
			}
			s := g.NewState()
			var moves []core.Move
			for s.ToMove() != core.Terminal {
				before := s.String()
				m, err := ags[s.ToMove()].SelectMove(ctx, s)
				require.NoError(t, err, name)
				require.Equal(t, before, s.String(), "%s modified the state", name)
				_, err = core.ParsePlay(s, s.MoveString(m))
				require.NoError(t, err, "%s chose an illegal move", name)
				s.Play(m)
				moves = append(moves, m)
			}
			return moves
		}
		assert.Equal(t, play(), play(), "%s is not deterministic under its seed", name)
	}
}

func TestBudgets(t *testing.T) {
	ctx := context.Background()
	s := testGames(t)[0].NewState()
	a, err := NewSearcher("alphabeta", Budget{Nodes: 5000}, 1)
	require.NoError(t, err)
	_, err = a.SelectMove(ctx, s)
	require.NoError(t, err)
	assert.LessOrEqual(t, a.LastSearch().Nodes, int64(5001))
	assert.GreaterOrEqual(t, a.LastSearch().Depth, 1)
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	_, err = a.SelectMove(cancelled, s)
	assert.Error(t, err)
}

func TestSpecs(t *testing.T) {
	spec, err := ParseSpec("alphabeta:depth=8, time=2s")
	require.NoError(t, err)
	assert.Equal(t, "alphabeta", spec.Agent)
	assert.Equal(t, map[string]string{"depth": "8", "time": "2s"}, spec.Options)
	assert.Equal(t, "alphabeta:depth=8,time=2s", spec.String())
	for text, want := range map[string]string{
		"alphabeta:dept=3":    `did you mean "depth"`,
		"alphabeta:depth=0":   "1..64",
		"alphabeta:time=fast": "duration",
		"randm":               `did you mean "random"`,
		"mcts:c=-1":           "c=",
		"mcts:rollout=smart":  "random or heuristic",
	} {
		spec, err := ParseSpec(text)
		require.NoError(t, err)
		_, err = New(spec, 1)
		assert.ErrorContains(t, err, want, text)
	}
	_, err = ParseSpec("alphabeta:depth")
	assert.Error(t, err)
}

// TestResetIsNew: an agent reset with a seed plays exactly as a new one built with that
// seed, whatever it played before (the experiment runner reuses agents this way).
func TestResetIsNew(t *testing.T) {
	ctx := context.Background()
	g := testGames(t)[1]
	positions := aitest.RandomPositions(g, 20, 4)
	for _, name := range Names() {
		spec := Spec{Agent: name, Options: map[string]string{}}
		switch name {
		case "mcts":
			spec.Options["iterations"] = "200"
		case "random", "greedy":
		default:
			spec.Options["depth"] = "3"
		}
		used, err := New(spec, 1)
		require.NoError(t, err)
		for _, s := range positions[:10] {
			_, err := used.SelectMove(ctx, s)
			require.NoError(t, err)
		}
		r, ok := used.(interface{ Reset(uint64) })
		require.True(t, ok, "%s has no Reset", name)
		r.Reset(9)
		fresh, _ := New(spec, 9)
		for _, s := range positions[10:] {
			a, _ := used.SelectMove(ctx, s)
			b, _ := fresh.SelectMove(ctx, s)
			assert.Equal(t, b, a, "%s after Reset differs from a new agent at %s", name, s)
		}
	}
}
