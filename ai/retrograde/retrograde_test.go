package retrograde

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/core"
)

// toy is a game on a small random graph: positions are nodes, each with a mover, its
// moves, and, at an end, the seats' scores. Moves never lead to a lower level (as
// captures never return seeds), and a cycle inside a level scores the level's value.
type toy struct {
	mover  []int        // 0, 1 or -1 at an end
	next   [][]int      // moves
	end    [][2]int     // scores at an end
	level  []int        // nondecreasing along moves
	cycle  [][2]int     // per level: the scores of an endless cycle
	repeat int          // occurrences of a position that end the game (brute force only)
	wdl    bool         // returns instead of scores
	bad    map[int]bool // positions whose cycle score is not constant
}

func (g *toy) Name() string                   { return "toy" }
func (g *toy) NumPlayers() int                { return 2 }
func (g *toy) NewState() core.State           { return g.state(0) }
func (g *toy) Positional() (core.Game, error) { return g, nil }
func (g *toy) ParseState(s string) (core.State, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || n >= len(g.mover) {
		return nil, fmt.Errorf("bad toy position %q", s)
	}
	return g.state(n), nil
}

// state is position n, with scores unless the game is valued by its returns.
func (g *toy) state(n int) core.State {
	if g.wdl {
		return &toyState{g: g, at: n}
	}
	return &scoredToy{toyState{g: g, at: n}}
}
func (g *toy) CycleScores(s core.State, dst []float64) ([]float64, bool) {
	at, _ := strconv.Atoi(s.String())
	if g.mover[at] < 0 || g.bad[at] {
		return dst, false
	}
	c := g.cycle[g.level[at]]
	return append(dst, float64(c[0]), float64(c[1])), true
}

type toyState struct {
	g  *toy
	at int
}

func (s *toyState) ToMove() core.Player {
	if s.g.mover[s.at] < 0 {
		return core.Terminal
	}
	return core.Player(s.g.mover[s.at])
}
func (s *toyState) LegalMoves(dst []core.Move) []core.Move {
	for k := range s.g.next[s.at] {
		dst = append(dst, core.Move(k))
	}
	return dst
}
func (s *toyState) ChanceOutcomes(dst []core.Outcome) []core.Outcome { return dst }
func (s *toyState) Play(m core.Move)                                 { s.at = s.g.next[s.at][m] }
func (s *toyState) Returns(dst []float64) []float64 {
	e := s.g.end[s.at]
	switch {
	case e[0] > e[1]:
		return append(dst, 1, -1)
	case e[0] < e[1]:
		return append(dst, -1, 1)
	}
	return append(dst, 0, 0)
}

// scoredToy is a toy position that keeps scores.
type scoredToy struct{ toyState }

func (s *scoredToy) Clone() core.State { c := *s; return &c }
func (s *scoredToy) Scores(dst []float64) []float64 {
	e := s.g.end[s.at]
	return append(dst, float64(e[0]), float64(e[1]))
}
func (s *toyState) Clone() core.State             { c := *s; return &c }
func (s *toyState) String() string                { return strconv.Itoa(s.at) }
func (s *toyState) MoveString(m core.Move) string { return strconv.Itoa(int(m)) }
func (s *toyState) ParseMove(t string) (core.Move, error) {
	n, err := strconv.Atoi(t)
	return core.Move(n), err
}
func (s *toyState) Render(bool) string { return s.String() }
func (s *toyState) Err() error         { return nil }

// randomToy builds a random game of n positions over a few levels.
func randomToy(r *rand.Rand, n int) *toy {
	g := &toy{repeat: 2 + r.IntN(2)}
	levels := 1 + r.IntN(3)
	for l := 0; l < levels; l++ {
		g.cycle = append(g.cycle, [2]int{r.IntN(5), r.IntN(5)})
	}
	for i := 0; i < n; i++ {
		g.level = append(g.level, i*levels/n)
	}
	for i := 0; i < n; i++ {
		if i > 0 && r.IntN(4) == 0 {
			g.mover = append(g.mover, -1)
			g.next = append(g.next, nil)
			g.end = append(g.end, [2]int{r.IntN(6), r.IntN(6)})
			continue
		}
		g.mover = append(g.mover, r.IntN(2))
		g.end = append(g.end, [2]int{})
		var moves []int
		for k := 1 + r.IntN(3); k > 0; k-- {
			j := r.IntN(n)
			for g.level[j] < g.level[i] {
				j = r.IntN(n)
			}
			moves = append(moves, j)
		}
		g.next = append(g.next, moves)
	}
	return g
}

// brute is the value of the toy game with its repetition rule, by a search over
// histories: a position occurring g.repeat times since the last change of level ends
// the game with the level's cycle score.
func brute(g *toy, at int, counts map[int]int, scores bool) int {
	margin := func(sc [2]int) int {
		if scores {
			return 2 * (sc[0] - sc[1])
		}
		switch {
		case sc[0] > sc[1]:
			return 1
		case sc[0] < sc[1]:
			return -1
		}
		return 0
	}
	if g.mover[at] < 0 {
		return margin(g.end[at])
	}
	counts[at]++
	defer func() { counts[at]-- }()
	if counts[at] >= g.repeat {
		return margin(g.cycle[g.level[at]])
	}
	best := 0
	for k, j := range g.next[at] {
		c := counts
		if g.level[j] != g.level[at] {
			c = map[int]int{}
		}
		v := brute(g, j, c, scores)
		if k == 0 || (g.mover[at] == 0 && v > best) || (g.mover[at] == 1 && v < best) {
			best = v
		}
	}
	return best
}

// TestRetrogradeMatchesHistorySearch: on random graph games with cycles, the analysis
// (one value per position) equals a search over histories with the repetition rule,
// for scores and for win/draw/loss, and its principal variation reaches that value.
func TestRetrogradeMatchesHistorySearch(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	cyclic := 0
	for k := 0; k < 400; k++ {
		g := randomToy(r, 3+r.IntN(6))
		for _, scores := range []bool{true, false} {
			t.Run(fmt.Sprintf("game%d/scores=%v", k, scores), func(t *testing.T) {
				g.wdl = !scores
				sol, err := Solve(context.Background(), g, g.NewState(), Options{})
				require.NoError(t, err)
				want := brute(g, 0, map[int]int{}, scores)
				got := sol.Value
				if scores {
					got *= 2
				}
				require.Equal(t, float64(want), got, "game %+v", g)
				if sol.Cycles > 0 {
					cyclic++
				}
				if g.mover[0] >= 0 {
					require.NotEmpty(t, sol.PV)
				}
			})
		}
	}
	assert.Greater(t, cyclic, 100, "the random games should have cycles")
}

// TestRetrogradeStrategyHoldsTheValue: playing the analysis's best moves for one seat
// against every reply (to a depth) never does worse than the value, cycles included.
func TestRetrogradeStrategyHoldsTheValue(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for k := 0; k < 200; k++ {
		g := randomToy(r, 3+r.IntN(6))
		gr := &graph{index: map[string]int32{}, scores: true}
		require.NoError(t, gr.enumerate(context.Background(), g, g, "0", Options{MaxPositions: 100}, time.Now()))
		a := newAnalysis(gr)
		require.NoError(t, a.run(context.Background()))
		for seat := int8(0); seat < 2; seat++ {
			// The strategy's seat follows bestEdge; the other tries everything. With the
			// repetition rule, no play may end worse for the seat than the value.
			var walk func(i int32, counts map[int32]int)
			walk = func(i int32, counts map[int32]int) {
				v := a.val[i]
				if gr.mover[i] < 0 {
					return
				}
				counts[i]++
				defer func() { counts[i]-- }()
				if counts[i] >= g.repeat {
					c := gr.cycle[i]
					if seat == 0 {
						require.GreaterOrEqual(t, c, v, "game %d: the first seat's strategy circles below its value", k)
					} else {
						require.LessOrEqual(t, c, v, "game %d: the second seat's strategy circles above its value", k)
					}
					return
				}
				lo, hi := gr.edges(i)
				for e := lo; e < hi; e++ {
					if gr.mover[i] == seat && e != a.bestEdge(i) {
						continue
					}
					j := gr.to[e]
					if seat == 0 {
						require.GreaterOrEqual(t, a.val[j], v, "game %d", k)
					} else {
						require.LessOrEqual(t, a.val[j], v, "game %d", k)
					}
					c := counts
					if a.comp[j] != a.comp[i] {
						c = map[int32]int{}
					}
					walk(j, c)
				}
			}
			walk(0, map[int32]int{})
		}
	}
}

// TestRetrogradeRefusesMixedCycles: a cycle whose score is not one value is an error.
func TestRetrogradeRefusesMixedCycles(t *testing.T) {
	g := &toy{
		mover: []int{0, 1, -1},
		next:  [][]int{{1}, {0, 2}, nil},
		end:   [][2]int{{}, {}, {1, 0}},
		level: []int{0, 0, 0},
		cycle: [][2]int{{0, 0}},
		bad:   map[int]bool{1: true},
	}
	_, err := Solve(context.Background(), g, g.NewState(), Options{})
	require.ErrorIs(t, err, ErrCycleValue)
}

// TestRetrogradeLimits: too many positions and a cancelled context stop the analysis.
func TestRetrogradeLimits(t *testing.T) {
	g := randomToy(rand.New(rand.NewPCG(5, 6)), 8)
	_, err := Solve(context.Background(), g, g.NewState(), Options{MaxPositions: 1})
	if len(g.next[0]) > 0 {
		require.ErrorIs(t, err, ErrTooBig)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = Solve(ctx, g, g.NewState(), Options{})
	require.ErrorIs(t, err, context.Canceled)
}
