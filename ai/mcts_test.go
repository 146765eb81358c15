package ai

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/core"
)

// TestMCTSPickIsUCT: pick, with its cached terms and integer keys, chooses the child a
// plain float64 UCT formula chooses (the first among equals), for positive, zero and
// negative exploration constants.
func TestMCTSPickIsUCT(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 20000; trial++ {
		c := []float64{math.Sqrt2, 0.3, 0, -0.5}[trial%4]
		a := NewMCTS(Budget{Iterations: 1}, c, false, 1)
		n := 1 + r.IntN(8)
		parent := mctsNode{first: 1, n: int32(n)}
		a.nodes = append(a.nodes[:0], parent)
		for i := 0; i < n; i++ {
			nd := mctsNode{visits: uint32(1 + r.IntN(50))}
			if trial%3 == 0 {
				nd.visits = uint32(1 + r.IntN(3)) // many ties
			}
			nd.w = float64(r.IntN(2*int(nd.visits)+1)) / 2
			inv := 1 / float32(nd.visits)
			nd.q, nd.u = float32(nd.w)*inv, float32(math.Sqrt(float64(inv)))
			a.nodes = append(a.nodes, nd)
			parent.visits += nd.visits
		}
		a.nodes[0].visits = parent.visits
		// The reference scores in float64: pick's float32 scores may round near-ties
		// either way (and may or may not be fused), but never by 1e-6, and children
		// with the same terms must go to the first of them.
		k := float64(float32(a.c) * float32(math.Sqrt(math.Log(float64(parent.visits)))))
		score := func(i int32) float64 { return float64(a.nodes[i].q) + k*float64(a.nodes[i].u) }
		best := math.Inf(-1)
		for i := int32(1); i <= int32(n); i++ {
			best = max(best, score(i))
		}
		got := a.pick(&a.nodes[0])
		require.GreaterOrEqual(t, score(got), best-1e-6, "trial %d c=%v", trial, c)
		for i := int32(1); i < got; i++ {
			same := a.nodes[i].q == a.nodes[got].q && a.nodes[i].u == a.nodes[got].u
			require.False(t, same, "trial %d: child %d ties with %d, which comes first", trial, got, i)
		}
	}
}

// TestMCTSSqrtLog: the table and the computed values agree with math.
func TestMCTSSqrtLog(t *testing.T) {
	a := NewMCTS(Budget{}, 1, false, 1)
	ns := []uint32{1, 2, 3, 100, mctsSqrtLogLen - 1, mctsSqrtLogLen, 1 << 20, math.MaxUint32}
	for _, n := range ns {
		want := math.Sqrt(math.Log(float64(n)))
		assert.InDelta(t, want, float64(a.sqrtLog(n)), 1e-6*max(1, want), "n=%d", n)
	}
}

// TestMCTSTriesEveryMoveFirst: each root move is tried once before any is tried twice.
func TestMCTSTriesEveryMoveFirst(t *testing.T) {
	s := testGames(t)[0].NewState()
	moves := len(s.LegalMoves(nil))
	a := NewMCTS(Budget{Iterations: moves}, 1.4, false, 1)
	_, err := a.SelectMove(context.Background(), s)
	require.NoError(t, err)
	root := a.nodes[0]
	require.Equal(t, int32(moves), root.n)
	for i := root.first; i < root.first+root.n; i++ {
		assert.Equal(t, uint32(1), a.nodes[i].visits)
	}
}

// TestMCTSThreePlayersTakesTheWin: with three players and dice, the seat to move (not
// seat 0) takes the move that wins at once, so rewards go to the right seat.
func TestMCTSThreePlayersTakesTheWin(t *testing.T) {
	g := &race{players: 3, goal: 6}
	s := g.NewState().(*raceState)
	s.pos = [4]int{5, 3, 5} // seat 1 wins by moving 3; seats 0 and 2 win next with any roll
	s.turn, s.roll = 1, 3
	for seed := uint64(1); seed <= 5; seed++ {
		a := NewMCTS(Budget{Iterations: 2000}, math.Sqrt2, false, seed)
		m, err := a.SelectMove(context.Background(), s)
		require.NoError(t, err)
		assert.Equal(t, core.Move(3), m, "seed %d", seed)
		assert.Greater(t, a.LastSearch().Value, 900, "the winning move's mean reward")
	}
}

// TestMCTSSearchDoesNotAllocate: once the agent has searched, a search allocates only
// the copy of the position it plays on, however many iterations it runs.
func TestMCTSSearchDoesNotAllocate(t *testing.T) {
	s := testGames(t)[0].NewState()
	a := NewMCTS(Budget{Iterations: 5000}, 1.4, false, 1)
	ctx := context.Background()
	_, err := a.SelectMove(ctx, s)
	require.NoError(t, err)
	allocs := testing.AllocsPerRun(5, func() {
		if _, err := a.SelectMove(ctx, s); err != nil {
			t.Fatal(err)
		}
	})
	assert.LessOrEqual(t, allocs, 1.0)
}

// TestMCTSTreeBound: the tree never holds more nodes than its bound, whatever the
// iterations; once full it stops growing and every iteration asked for still runs, the
// move reproducing under the seed. The bound comes from the spec's memory option (MB of
// 32-byte nodes), with a default, and bad values are refused naming the option.
func TestMCTSTreeBound(t *testing.T) {
	s := testGames(t)[0].NewState()
	ctx := context.Background()
	for _, bound := range []int{mctsMinNodes, 5000} {
		var moves []core.Move
		for run := 0; run < 2; run++ {
			a := NewMCTS(Budget{Iterations: 40000}, math.Sqrt2, false, 9)
			a.maxNodes = bound
			m, err := a.SelectMove(ctx, s)
			require.NoError(t, err)
			assert.LessOrEqual(t, a.TreeNodes(), bound, "bound %d", bound)
			assert.LessOrEqual(t, cap(a.nodes), bound, "the slice grows to the bound, not past it")
			assert.Greater(t, a.TreeNodes(), bound-64, "bound %d: the tree fills up", bound)
			assert.Equal(t, int64(40000), a.LastSearch().Nodes, "every iteration runs")
			moves = append(moves, m)
		}
		assert.Equal(t, moves[0], moves[1], "bound %d: reproducible", bound)
	}
	// Unbounded by a small budget, the same search grows past it: the bound is what stopped it.
	a := NewMCTS(Budget{Iterations: 40000}, math.Sqrt2, false, 9)
	_, err := a.SelectMove(ctx, s)
	require.NoError(t, err)
	assert.Greater(t, a.TreeNodes(), 5000)

	agent, err := New(Spec{Agent: "mcts", Options: map[string]string{"memory": "1", "iterations": "100000"}}, 1)
	require.NoError(t, err)
	m := agent.(*MCTS)
	assert.Equal(t, 1<<20/mctsNodeBytes, m.MaxNodes())
	_, err = m.SelectMove(ctx, s)
	require.NoError(t, err)
	assert.LessOrEqual(t, m.TreeNodes(), 1<<20/mctsNodeBytes)
	assert.Equal(t, int64(100000), m.LastSearch().Nodes)

	def, err := New(Spec{Agent: "mcts", Options: map[string]string{}}, 1)
	require.NoError(t, err)
	assert.Equal(t, DefaultMCTSMemory<<20/mctsNodeBytes, def.(*MCTS).MaxNodes())
	for _, bad := range []string{"0", "-3", "lots", "1e9"} {
		_, err := New(Spec{Agent: "mcts", Options: map[string]string{"memory": bad}}, 1)
		require.Error(t, err, bad)
		assert.Contains(t, err.Error(), "option memory=")
		assert.Contains(t, err.Error(), "the tree's bound in MB")
	}
}
