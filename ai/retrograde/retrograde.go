// Package retrograde solves small two-player games with cycles exactly, by retrograde
// analysis of their whole graph of positions.
//
// A search that walks lines of play must key its table by the history as well as the
// position in a game whose repetition rule ends a game on the third occurrence of a
// position (Um el Tuweisat, Awari, most of the mancala catalogue): a position's value
// then depends on how it was reached, and even a 2×3 board is beyond it. Retrograde
// analysis sidesteps the history when an endless cycle has one value, the same at every
// position of the cycle — as with "the seeds left are split" (no store changes along a
// cycle, so neither does that score). The game then has the same value as the
// positional game in which an endless play scores that value: a player who can force
// better than the cycle does so without repeating a position, and a play cut short by
// the n-th repetition could have gone round its cycle for ever. So every position gets
// one value, computed from the end backwards:
//
//  1. the positions reachable from the root are enumerated, keyed by their strings (in
//     the game's [Game.Positional] form, which has no repetition rule and no ply limit);
//  2. their graph is cut into strongly connected components, solved from the last
//     (whose moves lead only to ends or to solved components) to the root's;
//  3. in a component with cycles, each candidate value t (the values of the moves
//     leaving it, and the cycle's) is tested from below: when the cycle scores t or
//     more, the first seat reaches t unless the second can force its way out below t
//     (its attractor); when the cycle scores less, the first seat must force its way
//     out at t or more (its attractor). A position's value is the largest t it
//     reaches. The attractors' layers give each position a distance, so the best moves
//     make progress instead of circling.
//
// The values are the first seat's final margin when the game keeps scores (halves
// included), else +1, 0 or -1, as solve.Solve reports them.
package retrograde

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"time"

	"github.com/kalahlab/kalahlab/core"
)

// Game is a game retrograde analysis can solve (core/mancala's games are).
type Game interface {
	core.Game
	// Positional returns the game whose positions' futures depend on their strings
	// alone: without its repetition rule and ply limit.
	Positional() (core.Game, error)
	// CycleScores appends each seat's score had the game ended at s by its repetition
	// rule, and reports whether that score is the same all along any cycle through s.
	CycleScores(s core.State, dst []float64) ([]float64, bool)
}

// Options bound a solve.
type Options struct {
	// MaxPositions gives up once more positions than this are reachable [5,000,000,
	// about 1 GB].
	MaxPositions int
	Time         time.Duration // give up after this long (0: no limit)
	PVLen        int           // longest principal variation to report [60]
	// Log receives a progress line per million positions; nil is quiet.
	Log io.Writer
}

// Solution is the value of a position and how to reach it.
type Solution struct {
	// Value is the first seat's final margin under perfect play when the game keeps
	// scores (halves of a seed show as .5), else +1 (first seat wins), 0 or -1.
	Value  float64
	Result string // "win", "draw" or "loss" for the first seat
	// BestMove is a move of the position's mover that keeps the value and makes
	// progress towards it; PV continues with both sides' best moves, ending at the end
	// of the game or where it would go round a cycle.
	BestMove core.Move
	PV       []core.Move
	// Positions is the number of positions the analysis valued; Cycles the number of
	// strongly connected components with cycles among them.
	Positions int
	Cycles    int
	Seconds   float64
}

// ErrTooBig is returned when the game has more positions than Options.MaxPositions.
var ErrTooBig = errors.New("too many positions for retrograde analysis")

// ErrGaveUp is returned when Options.Time ran out.
var ErrGaveUp = errors.New("gave up")

// ErrCycleValue is returned when a cycle's outcome depends on where it is stopped
// (seeds left going to their owners, say): such a game has no value per position.
var ErrCycleValue = errors.New("a cycle's outcome depends on the position it stops at")

const (
	noRank  = math.MaxInt32
	noCycle = math.MinInt32
)

// graph is the enumerated game: positions in CSR form.
type graph struct {
	keys   []string
	index  map[string]int32
	mover  []int8 // 0 or 1; -1 at an end
	value  []int32
	cycle  []int32 // the value of an endless cycle through the position
	cycOK  []bool
	start  []int32 // edges of position i: start[i]..start[i+1]
	to     []int32
	moves  []core.Move
	scores bool
}

// Solve proves the value of the position root of game g for the first seat.
func Solve(ctx context.Context, g Game, root core.State, opt Options) (*Solution, error) {
	t0 := time.Now()
	if opt.MaxPositions <= 0 {
		opt.MaxPositions = 5_000_000
	}
	if opt.PVLen <= 0 {
		opt.PVLen = 60
	}
	if g.NumPlayers() != 2 {
		return nil, fmt.Errorf("retrograde: %d players: the analysis solves two-player games", g.NumPlayers())
	}
	pg, err := g.Positional()
	if err != nil {
		return nil, fmt.Errorf("retrograde: %w", err)
	}
	_, scores := root.(core.Scorer)
	gr := &graph{index: map[string]int32{}, scores: scores}
	if err := gr.enumerate(ctx, g, pg, root.String(), opt, t0); err != nil {
		return nil, err
	}
	a := newAnalysis(gr)
	if err := a.run(ctx); err != nil {
		return nil, err
	}
	sol := &Solution{Value: gr.float(a.val[0]), Positions: len(gr.keys), Cycles: a.cycles}
	switch {
	case a.val[0] > 0:
		sol.Result = "win"
	case a.val[0] < 0:
		sol.Result = "loss"
	default:
		sol.Result = "draw"
	}
	sol.PV = a.pv(opt.PVLen)
	if len(sol.PV) > 0 {
		sol.BestMove = sol.PV[0]
	}
	sol.Seconds = time.Since(t0).Seconds()
	return sol, nil
}

// float is a value in the units of Solution.Value.
func (gr *graph) float(v int32) float64 {
	if gr.scores {
		return float64(v) / 2
	}
	return float64(v)
}

// units is the first seat's value of scores or returns: half seeds of margin, or
// +1, 0 or -1 for who is ahead.
func (gr *graph) units(sc []float64) int32 {
	if gr.scores {
		return int32(math.Round(2 * (sc[0] - sc[1])))
	}
	switch {
	case sc[0] > sc[1]:
		return 1
	case sc[0] < sc[1]:
		return -1
	}
	return 0
}

// add returns the index of the position with string key, adding it if new.
func (gr *graph) add(key string) int32 {
	if i, ok := gr.index[key]; ok {
		return i
	}
	i := int32(len(gr.keys))
	gr.index[key] = i
	gr.keys = append(gr.keys, key)
	return i
}

// enumerate lists the positions reachable from root and their moves, breadth first.
func (gr *graph) enumerate(ctx context.Context, g Game, pg core.Game, root string, opt Options, t0 time.Time) error {
	s, err := pg.ParseState(root)
	if err != nil {
		return fmt.Errorf("retrograde: the position: %w", err)
	}
	gr.add(s.String())
	var moves []core.Move
	var buf []float64
	gr.start = append(gr.start, 0)
	for i := 0; i < len(gr.keys); i++ {
		if i&4095 == 0 {
			if err := gr.check(ctx, opt, t0); err != nil {
				return err
			}
			if opt.Log != nil && i > 0 && i%1_000_000 == 0 {
				fmt.Fprintf(opt.Log, "retrograde: %d positions valued of %d found\n", i, len(gr.keys))
			}
		}
		if i > 0 {
			if s, err = pg.ParseState(gr.keys[i]); err != nil {
				return fmt.Errorf("retrograde: reading back %q: %w", gr.keys[i], err)
			}
		}
		if err := s.Err(); err != nil {
			return fmt.Errorf("retrograde: at %s: %w", gr.keys[i], err)
		}
		p := s.ToMove()
		switch {
		case p == core.Terminal:
			gr.mover = append(gr.mover, -1)
			gr.value = append(gr.value, gr.returns(s, buf[:0]))
			gr.cycle, gr.cycOK = append(gr.cycle, 0), append(gr.cycOK, false)
			gr.start = append(gr.start, int32(len(gr.to)))
			continue
		case p != 0 && p != 1:
			return fmt.Errorf("retrograde: at %s: seat %d to move: the analysis solves two-player games without chance", gr.keys[i], p)
		}
		gr.mover = append(gr.mover, int8(p))
		gr.value = append(gr.value, 0)
		sc, ok := g.CycleScores(s, buf[:0])
		c := int32(0)
		if ok {
			c = gr.units(sc)
		}
		gr.cycle, gr.cycOK = append(gr.cycle, c), append(gr.cycOK, ok)
		moves = s.LegalMoves(moves[:0])
		for _, m := range moves {
			c := s.Clone()
			c.Play(m)
			if err := c.Err(); err != nil {
				return fmt.Errorf("retrograde: %s after %s: %w", gr.keys[i], s.MoveString(m), err)
			}
			gr.to = append(gr.to, gr.add(c.String()))
			gr.moves = append(gr.moves, m)
		}
		gr.start = append(gr.start, int32(len(gr.to)))
		if len(gr.keys) > opt.MaxPositions {
			return fmt.Errorf("retrograde: %w: more than %d reachable", ErrTooBig, opt.MaxPositions)
		}
	}
	return nil
}

// returns is the value of a finished game.
func (gr *graph) returns(s core.State, buf []float64) int32 {
	if gr.scores {
		return gr.units(s.(core.Scorer).Scores(buf))
	}
	return gr.units(s.Returns(buf))
}

// check stops a solve that was cancelled or ran out of time.
func (gr *graph) check(ctx context.Context, opt Options, t0 time.Time) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if opt.Time > 0 && time.Since(t0) > opt.Time {
		return fmt.Errorf("retrograde: %w after %v (%d positions found)", ErrGaveUp, opt.Time, len(gr.keys))
	}
	return nil
}

// edges returns the range of position i's edges.
func (gr *graph) edges(i int32) (int32, int32) { return gr.start[i], gr.start[i+1] }

// analysis holds the values as they are found.
type analysis struct {
	g       *graph
	val     []int32
	rankMax []int32 // the first seat's distance to its value, where it must make progress
	rankMin []int32 // the second seat's
	cval    []int32 // the value of the position's component's cycles (noCycle: none)
	comp    []int32 // the position's component
	cycles  int
}

func newAnalysis(gr *graph) *analysis {
	n := len(gr.keys)
	return &analysis{g: gr, val: make([]int32, n), rankMax: make([]int32, n), rankMin: make([]int32, n),
		cval: make([]int32, n), comp: make([]int32, n)}
}

// run values every position, component by component from the ends back.
func (a *analysis) run(ctx context.Context) error {
	gr := a.g
	for i := range gr.keys {
		a.rankMax[i], a.rankMin[i], a.cval[i] = noRank, noRank, noCycle
		if gr.mover[i] < 0 {
			a.val[i] = gr.value[i]
			a.rankMax[i], a.rankMin[i] = 0, 0
		}
	}
	var err error
	n := int32(0)
	sccs(gr, func(comp []int32) bool {
		if err = ctx.Err(); err != nil {
			return false
		}
		for _, i := range comp {
			a.comp[i] = n
		}
		n++
		err = a.component(comp)
		return err == nil
	})
	return err
}

// component values one strongly connected component whose exits are all valued.
func (a *analysis) component(comp []int32) error {
	gr := a.g
	if len(comp) == 1 && !a.selfLoop(comp[0]) {
		i := comp[0]
		if gr.mover[i] < 0 {
			return nil
		}
		a.val[i] = a.best(i)
		a.rankMax[i], a.rankMin[i] = 1, 1
		return nil
	}
	a.cycles++
	c := gr.cycle[comp[0]]
	for _, i := range comp {
		if !gr.cycOK[i] || gr.cycle[i] != c {
			return fmt.Errorf("retrograde: %w (at %s)", ErrCycleValue, gr.keys[i])
		}
	}
	newComponent(a, comp, c).solve()
	return nil
}

// selfLoop reports whether position i has a move back to itself.
func (a *analysis) selfLoop(i int32) bool {
	lo, hi := a.g.edges(i)
	return slices.Contains(a.g.to[lo:hi], i)
}

// best is the minimax value of an acyclic position from its valued children.
func (a *analysis) best(i int32) int32 {
	gr := a.g
	lo, hi := gr.edges(i)
	v := a.val[gr.to[lo]]
	for e := lo + 1; e < hi; e++ {
		w := a.val[gr.to[e]]
		if (gr.mover[i] == 0) == (w > v) && w != v {
			v = w
		}
	}
	return v
}

// pv follows the best moves from the root.
func (a *analysis) pv(n int) []core.Move {
	var pv []core.Move
	seen := map[int32]bool{}
	for i := int32(0); len(pv) < n && a.g.mover[i] >= 0 && !seen[i]; {
		seen[i] = true
		e := a.bestEdge(i)
		pv = append(pv, a.g.moves[e])
		i = a.g.to[e]
	}
	return pv
}

// bestEdge is an edge of position i that keeps its value and, where the mover must
// make progress to get it, leads closer.
func (a *analysis) bestEdge(i int32) int32 {
	gr := a.g
	lo, hi := gr.edges(i)
	v, max := a.val[i], gr.mover[i] == 0
	rank := a.rankMin[i]
	if max {
		rank = a.rankMax[i]
	}
	c := a.cval[i]
	progress := rank != noRank && c != noCycle && ((max && v > c) || (!max && v < c))
	best := int32(-1)
	for e := lo; e < hi; e++ {
		j := gr.to[e]
		if a.val[j] != v {
			continue
		}
		r := a.rankMin[j]
		if max {
			r = a.rankMax[j]
		}
		if a.comp[j] != a.comp[i] {
			r = 0 // leaving the component at the value is progress
		}
		if !progress || r < rank {
			return e
		}
		if best < 0 {
			best = e
		}
	}
	if best < 0 {
		best = lo // unreachable: some move keeps the value
	}
	return best
}
