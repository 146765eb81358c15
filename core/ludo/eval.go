package ludo

import (
	"math/rand/v2"

	"github.com/kalahlab/kalahlab/core"
)

// Evaluate is the heuristic search agents use, for player p: p's standing minus the mean
// standing of the others. A player's standing counts, per token, 4 points per square of
// progress, 16 for being out of the yard, 24 more in the home column or at the goal
// (beyond capture), and loses 12 for a token on a track square where it can be captured.
func (s *State) Evaluate(p core.Player) int {
	g := s.g
	if p < 0 || int(p) >= g.n {
		return 0
	}
	mine, others := 0, 0
	for q := 0; q < g.n; q++ {
		v := s.standing(q)
		if q == int(p) {
			mine = v
		} else {
			others += v
		}
	}
	return mine - others/(g.n-1)
}

// standing is the evaluation of player q's tokens (see Evaluate).
func (s *State) standing(q int) int {
	g := s.g
	v := 0
	for k := 0; k < g.tokens; k++ {
		x := int(s.p.prog[q][k])
		switch {
		case x == 0:
		case x < g.track:
			v += 4*x + 16
			if g.protect[g.absOf[q][x]]&(1<<q) == 0 {
				v -= 12
			}
		default:
			v += 4*x + 40
		}
	}
	return v
}

// Greedy is the rule-based greedy Ludo policy (ai.GreedyChooser): among moves, prefer a
// capture (more captures first), then bringing a token out of the yard, then reaching
// safety (a square where the token cannot be captured, its home column or the goal), then
// moving the token that is furthest along; the rng breaks the remaining ties. At a chance
// node it picks a face uniformly.
func (s *State) Greedy(moves []core.Move, r *rand.Rand) core.Move {
	if len(moves) == 0 {
		return 0
	}
	if s.p.over || s.p.roll == 0 {
		return moves[r.IntN(len(moves))]
	}
	g := s.g
	pl, f := int(s.p.turn), int(s.p.roll)
	var best [4]int
	var ties [maxTokens]core.Move
	nt := 0
	for _, m := range moves {
		k := int(m - TokenBase)
		if k < 0 || k >= g.tokens {
			continue
		}
		after := s.p
		g.apply(&after, pl, k, f)
		captures := 0
		for q := 0; q < g.n; q++ {
			if q == pl {
				continue
			}
			for t := 0; t < g.tokens; t++ {
				if after.prog[q][t] == 0 && s.p.prog[q][t] != 0 {
					captures++
				}
			}
		}
		from, to := int(s.p.prog[pl][k]), int(after.prog[pl][k])
		safe := to >= g.track || (to > 0 && g.protect[g.absOf[pl][to]]&(1<<pl) != 0)
		key := [4]int{captures, b2i(from == 0), b2i(safe), from}
		switch c := compare(key, best); {
		case nt == 0 || c > 0:
			best, ties[0], nt = key, m, 1
		case c == 0:
			ties[nt] = m
			nt++
		}
	}
	if nt == 0 {
		return moves[r.IntN(len(moves))]
	}
	return ties[r.IntN(nt)]
}

func compare(a, b [4]int) int {
	for i := range a {
		switch {
		case a[i] > b[i]:
			return 1
		case a[i] < b[i]:
			return -1
		}
	}
	return 0
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// greedyChooser is ai.GreedyChooser, restated so that core/ludo need not import ai: the
// assertion below keeps the signatures in step.
type greedyChooser interface {
	Greedy(moves []core.Move, r *rand.Rand) core.Move
}

var (
	_ greedyChooser     = (*State)(nil)
	_ core.State        = (*State)(nil)
	_ core.Undoer       = (*State)(nil)
	_ core.Hasher       = (*State)(nil)
	_ core.Copier       = (*State)(nil)
	_ core.RandomPlayer = (*State)(nil)
	_ core.Evaluator    = (*State)(nil)
	_ core.Game         = (*Game)(nil)
)
