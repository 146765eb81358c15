package ai

import (
	"context"

	"github.com/kalahlab/kalahlab/ai/internal/search"
	"github.com/kalahlab/kalahlab/core"
)

// AlphaBetaValue searches s to a fixed depth with negamax alpha-beta (pvs false) or
// principal variation search / negascout (pvs true), with a transposition table when tt
// is not nil and move ordering by hash move, killers and history. It returns the value
// for the player to move, the best move and the nodes searched. The value equals
// plain minimax's at the same depth: table entries cut off only at the same depth.
func AlphaBetaValue(ctx context.Context, s core.State, depth int, pvs bool, tt *TT) (value int, best core.Move, nodes int64, err error) {
	name := "alphabeta"
	if pvs {
		name = "negascout"
	}
	if err := search.CheckTwoPlayerDeterministic(name, s); err != nil {
		return 0, 0, 0, err
	}
	sr := newSearcher(ctx, Budget{Depth: depth}, tt)
	value, best, err = sr.root(s.Clone(), max(depth, 1), pvs)
	return value, best, sr.Nodes, err
}

// root searches every root move with the full window, so the value is exact.
func (sr *searcher) root(s core.State, depth int, pvs bool) (int, core.Move, error) {
	if err := sr.Tick(); err != nil {
		return 0, 0, err
	}
	me := s.ToMove()
	hashMove := core.Move(-1)
	h, hashed := s.(core.Hasher)
	var key uint64
	if sr.tt != nil && hashed {
		key = h.Hash()
		if e := sr.tt.probe(key); e != nil {
			hashMove = e.move
		}
	}
	moves := sr.Order(sr.Moves(s, 0), 0, hashMove)
	alpha, beta := -infinity, infinity
	best, bestMove := -infinity, core.Move(-1)
	for i, m := range moves {
		v, err := sr.searchChild(s, m, me, depth, 1, alpha, beta, pvs && i > 0, pvs)
		if err != nil {
			return 0, 0, err
		}
		if v > best {
			best, bestMove = v, m
		}
		alpha = max(alpha, v)
	}
	if sr.tt != nil && hashed {
		sr.tt.store(key, depth, best, boundExact, bestMove)
	}
	return best, bestMove, nil
}

// searchChild plays m on s and returns its value for me: exact at the leaves, else a
// null-window probe first when scout is set (re-searched with the full window if it
// lands inside), else the full window. The window is negated only when the mover
// changes.
func (sr *searcher) searchChild(s core.State, m core.Move, me core.Player, depth, ply, alpha, beta int, scout, pvs bool) (int, error) {
	c := search.Child(s, m)
	defer search.Back(s, c)
	next := c.ToMove()
	if next == core.Terminal || depth == 1 {
		return leaf(c, me), nil
	}
	sub := func(a, b int) (int, error) {
		if next == me {
			return sr.alphabeta(c, depth-1, ply, a, b, pvs)
		}
		v, err := sr.alphabeta(c, depth-1, ply, -b, -a, pvs)
		return -v, err
	}
	if scout {
		v, err := sub(alpha, alpha+1)
		if err != nil || v <= alpha || v >= beta {
			return v, err
		}
	}
	return sub(alpha, beta)
}

// alphabeta is fail-soft negamax alpha-beta; the value is for the player to move in s.
func (sr *searcher) alphabeta(s core.State, depth, ply, alpha, beta int, pvs bool) (int, error) {
	if err := sr.Tick(); err != nil {
		return 0, err
	}
	me := s.ToMove()
	alphaOrig, betaOrig := alpha, beta
	hashMove := core.Move(-1)
	h, hashed := s.(core.Hasher)
	var key uint64
	if sr.tt != nil && hashed {
		key = h.Hash()
		if e := sr.tt.probe(key); e != nil {
			hashMove = e.move
			if int(e.depth) == depth {
				v := int(e.value)
				switch e.bound {
				case boundExact:
					return v, nil
				case boundLower:
					alpha = max(alpha, v)
				case boundUpper:
					beta = min(beta, v)
				}
				if alpha >= beta {
					return v, nil
				}
			}
		}
	}
	moves := sr.Order(sr.Moves(s, ply), ply, hashMove)
	best, bestMove := -infinity, core.Move(-1)
	for i, m := range moves {
		v, err := sr.searchChild(s, m, me, depth, ply+1, alpha, beta, pvs && i > 0, pvs)
		if err != nil {
			return 0, err
		}
		if v > best {
			best, bestMove = v, m
		}
		if v > alpha {
			alpha = v
		}
		if alpha >= beta {
			sr.Cutoff(ply, depth, m)
			break
		}
	}
	if sr.tt != nil && hashed {
		bound := boundExact
		switch {
		case best <= alphaOrig:
			bound = boundUpper
		case best >= betaOrig:
			bound = boundLower
		}
		sr.tt.store(key, depth, best, bound, bestMove)
	}
	return best, nil
}
