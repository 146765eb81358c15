package ai

import (
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/kalahlab/kalahlab/ai/internal/search"
	"github.com/kalahlab/kalahlab/core"
)

// Info describes an agent's last search, for hints and reports.
type Info struct {
	Value int   // for the player who moved, in the game's units (±WinScore: a proven result)
	Depth int   // the last depth completed (iterative deepening)
	Nodes int64 // positions visited
}

// Explainer is an agent that can tell what its last search found.
type Explainer interface {
	LastSearch() Info
}

// Searcher is the iterative-deepening agent behind minimax, negamax, alphabeta and
// negascout: depths 1, 2, ... up to the depth budget, stopping when time or nodes run
// out and playing the best move of the last completed depth.
type Searcher struct {
	algo   string
	budget Budget
	tt     *TT
	last   Info
}

// NewSearcher returns the agent for algo ("minimax", "negamax", "alphabeta" or
// "negascout"). The alpha-beta family gets a transposition table of ttMB megabytes.
func NewSearcher(algo string, b Budget, ttMB int) (*Searcher, error) {
	switch algo {
	case "minimax", "negamax":
	case "alphabeta", "negascout":
	default:
		return nil, fmt.Errorf("search %q unknown", algo)
	}
	if b.Depth == 0 && b.Time == 0 && b.Nodes == 0 {
		b.Depth = 6
	}
	if b.Depth == 0 {
		b.Depth = 64
	}
	a := &Searcher{algo: algo, budget: b}
	if (algo == "alphabeta" || algo == "negascout") && ttMB > 0 {
		a.tt = NewTT(ttMB)
	}
	return a, nil
}

// LastSearch reports the last search.
func (a *Searcher) LastSearch() Info { return a.last }

// Reset forgets earlier games (the transposition table starts a new generation) for a
// new game; the search itself uses no randomness, so the seed changes nothing.
func (a *Searcher) Reset(uint64) {
	if a.tt != nil {
		a.tt.Clear()
	}
	a.last = Info{}
}

// SelectMove searches by iterative deepening within the budget.
func (a *Searcher) SelectMove(ctx context.Context, s core.State) (core.Move, error) {
	if err := search.CheckTwoPlayerDeterministic(a.algo, s); err != nil {
		return 0, err
	}
	root := s.Clone()
	moves := root.LegalMoves(nil)
	best := moves[0]
	a.last = Info{}
	sr := newSearcher(ctx, a.budget, a.tt)
	for d := 1; d <= a.budget.Depth; d++ {
		var v int
		var m core.Move
		var err error
		switch a.algo {
		case "minimax":
			v, m, err = sr.minimax(root, d, 0, root.ToMove())
		case "negamax":
			v, m, err = sr.negamax(root, d, 0)
		default:
			v, m, err = sr.root(root, d, a.algo == "negascout")
		}
		if errors.Is(err, search.ErrStop) {
			break
		}
		if err != nil {
			return 0, err
		}
		best = m
		a.last = Info{Value: v, Depth: d, Nodes: sr.Nodes}
		if len(moves) == 1 || abs(v) >= core.WinScore/2 {
			break // forced, or the result is proven
		}
	}
	a.last.Nodes = sr.Nodes
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	return best, nil
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// budgetFrom reads the common budget options: depth, time, nodes.
func budgetFrom(o Options, defDepth int) (Budget, error) {
	var b Budget
	var err error
	if b.Depth, err = o.Int("depth", 0, 1, 64); err != nil {
		return b, err
	}
	if b.Time, err = o.Duration("time", 0); err != nil {
		return b, err
	}
	nodes, err := o.Int("nodes", 0, 1, math.MaxInt32)
	if err != nil {
		return b, err
	}
	b.Nodes = int64(nodes)
	if b.Depth == 0 && b.Time == 0 && b.Nodes == 0 {
		b.Depth = defDepth
	}
	return b, nil
}

var searchOptions = []Option{
	{"depth", "plies to search (iterative deepening up to it)"},
	{"time", "time per move, e.g. 500ms or 2s"},
	{"nodes", "positions per move"},
}

func newSearchAgent(algo string, defDepth int) func(Options, uint64) (Agent, error) {
	return func(o Options, _ uint64) (Agent, error) {
		b, err := budgetFrom(o, defDepth)
		if err != nil {
			return nil, err
		}
		tt, err := o.Int("tt", 16, 0, 4096)
		if err != nil {
			return nil, err
		}
		return NewSearcher(algo, b, tt)
	}
}
