package ai

import (
	"context"

	"github.com/kalahlab/kalahlab/ai/internal/search"
	"github.com/kalahlab/kalahlab/core"
)

// minimaxValue is plain minimax to a fixed depth, from the root player's view: that
// player maximises, the other minimises, whoever moves — so an extra turn is simply
// another maximising (or minimising) ply. It is the reference the other searches are
// tested against.
func minimaxValue(ctx context.Context, s core.State, depth int) (value int, best core.Move, nodes int64, err error) {
	if err := search.CheckTwoPlayerDeterministic("minimax", s); err != nil {
		return 0, 0, 0, err
	}
	sr := newSearcher(ctx, Budget{Depth: depth}, nil)
	root := s.ToMove()
	s = s.Clone()
	value, best, err = sr.minimax(s, max(depth, 1), 0, root)
	return value, best, sr.Nodes, err
}

func (sr *searcher) minimax(s core.State, depth, ply int, root core.Player) (int, core.Move, error) {
	if err := sr.Tick(); err != nil {
		return 0, 0, err
	}
	if depth == 0 || s.ToMove() == core.Terminal {
		return leaf(s, root), -1, nil
	}
	maximise := s.ToMove() == root
	best, bestMove := infinity, core.Move(-1)
	if maximise {
		best = -infinity
	}
	for _, m := range sr.Moves(s, ply) {
		c := search.Child(s, m)
		v, _, err := sr.minimax(c, depth-1, ply+1, root)
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

// negamaxValue is minimax written from the mover's view: a child's value is negated only
// when the mover changes (never by depth parity), so extra turns need no special case.
func negamaxValue(ctx context.Context, s core.State, depth int) (value int, best core.Move, nodes int64, err error) {
	if err := search.CheckTwoPlayerDeterministic("negamax", s); err != nil {
		return 0, 0, 0, err
	}
	sr := newSearcher(ctx, Budget{Depth: depth}, nil)
	s = s.Clone()
	value, best, err = sr.negamax(s, max(depth, 1), 0)
	return value, best, sr.Nodes, err
}

func (sr *searcher) negamax(s core.State, depth, ply int) (int, core.Move, error) {
	if err := sr.Tick(); err != nil {
		return 0, 0, err
	}
	me := s.ToMove()
	best, bestMove := -infinity, core.Move(-1)
	for _, m := range sr.Moves(s, ply) {
		c := search.Child(s, m)
		var v int
		var err error
		switch next := c.ToMove(); {
		case next == core.Terminal || depth == 1:
			v = leaf(c, me)
		case next == me:
			v, _, err = sr.negamax(c, depth-1, ply+1)
		default:
			v, _, err = sr.negamax(c, depth-1, ply+1)
			v = -v
		}
		search.Back(s, c)
		if err != nil {
			return 0, 0, err
		}
		if v > best {
			best, bestMove = v, m
		}
	}
	return best, bestMove, nil
}
