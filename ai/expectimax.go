package ai

import (
	"context"
	"errors"
	"fmt"

	"github.com/kalahlab/kalahlab/ai/internal/search"
	"github.com/kalahlab/kalahlab/core"
)

// Expectiminimax searches two-player games with chance nodes (dice) to a depth in
// plies: the root player maximises, the other minimises, and a chance node is worth the
// probability-weighted mean of its outcomes; a leaf is evaluated as it stands.
// Without chance nodes it is minimax. Depth counts every ply, rolls included (in Ludo a
// roll that cannot be used passes straight to the next roll, so rolls alone could
// chain without end). Iterative deepening honours the time and node budgets.
type Expectiminimax struct {
	budget    Budget
	last      Info
	lastValue float64 // last.Value unrounded (LastEvaluation)
	outs      [][]core.Outcome
}

// NewExpectiminimax returns the agent.
func NewExpectiminimax(b Budget) *Expectiminimax {
	if b.Depth == 0 && b.Time == 0 && b.Nodes == 0 {
		b.Depth = 4
	}
	if b.Depth == 0 {
		b.Depth = 64
	}
	return &Expectiminimax{budget: b}
}

func newExpectiminimax(o Options, _ uint64) (Agent, error) {
	b, err := budgetFrom(o, 4)
	if err != nil {
		return nil, err
	}
	return NewExpectiminimax(b), nil
}

// Reset prepares the agent for a new game (it keeps nothing between games).
func (a *Expectiminimax) Reset(uint64) { a.last = Info{} }

// LastSearch reports the last search (Value is rounded).
func (a *Expectiminimax) LastSearch() Info { return a.last }

// expectiminimaxValue is the value of s for seat p at a fixed depth (s may be a
// chance node).
func expectiminimaxValue(ctx context.Context, s core.State, depth int, p core.Player) (float64, core.Move, error) {
	a := NewExpectiminimax(Budget{Depth: depth})
	sr := newSearcher(ctx, Budget{Depth: depth}, nil)
	if err := a.check(s); err != nil {
		return 0, 0, err
	}
	return a.search(sr, s.Clone(), depth, 0, p)
}

func (a *Expectiminimax) check(s core.State) error {
	if s.ToMove() == core.Terminal {
		return ErrNoMoves
	}
	var buf [8]float64
	if n := len(s.Returns(buf[:0])); n != 2 {
		return fmt.Errorf("expectiminimax: %w: %d players (it searches two-player games; use mcts)", ErrDomain, n)
	}
	return nil
}

// SelectMove searches by iterative deepening. At a chance node it has no choice to
// make and returns an error: the game's dice decide.
func (a *Expectiminimax) SelectMove(ctx context.Context, s core.State) (core.Move, error) {
	if err := a.check(s); err != nil {
		return 0, err
	}
	if s.ToMove() == core.Chance {
		return 0, fmt.Errorf("expectiminimax: a chance node is the dice's move, not an agent's")
	}
	root := s.Clone()
	moves := root.LegalMoves(nil)
	best := moves[0]
	sr := newSearcher(ctx, a.budget, nil)
	a.last = Info{}
	for d := 1; d <= a.budget.Depth; d++ {
		v, m, err := a.search(sr, root, d, 0, root.ToMove())
		if errors.Is(err, search.ErrStop) {
			break
		}
		if err != nil {
			return 0, err
		}
		best = m
		a.last, a.lastValue = Info{Value: int(v), Depth: d, Nodes: sr.Nodes}, v
		if len(moves) == 1 {
			break
		}
	}
	a.last.Nodes = sr.Nodes
	return best, ctx.Err()
}

func (a *Expectiminimax) search(sr *searcher, s core.State, depth, ply int, root core.Player) (float64, core.Move, error) {
	if err := sr.Tick(); err != nil {
		return 0, 0, err
	}
	p := s.ToMove()
	if p == core.Terminal || depth == 0 {
		return float64(leaf(s, root)), -1, nil
	}
	for len(a.outs) <= ply {
		a.outs = append(a.outs, nil)
	}
	if p == core.Chance {
		a.outs[ply] = s.ChanceOutcomes(a.outs[ply][:0])
		total := 0.0
		for _, o := range a.outs[ply] {
			c := search.Child(s, o.Move)
			v, _, err := a.search(sr, c, depth-1, ply+1, root)
			search.Back(s, c)
			if err != nil {
				return 0, 0, err
			}
			total += o.Prob * v
		}
		return total, -1, nil
	}
	maximise := p == root
	best, bestMove := float64(infinity), core.Move(-1)
	if maximise {
		best = -infinity
	}
	for _, m := range sr.Moves(s, ply) {
		c := search.Child(s, m)
		v, _, err := a.search(sr, c, depth-1, ply+1, root)
		search.Back(s, c)
		if err != nil {
			return 0, 0, err
		}
		if (maximise && v > best) || (!maximise && v < best) {
			best, bestMove = v, m
		}
	}
	return best, bestMove, nil
}
