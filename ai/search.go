package ai

import (
	"context"
	"time"

	"github.com/kalahlab/kalahlab/ai/internal/search"
	"github.com/kalahlab/kalahlab/core"
)

// Budget limits a search. Zero fields are unlimited; a search needs at least one limit.
type Budget struct {
	Depth      int           // plies (the alpha-beta family, expectiminimax)
	Time       time.Duration // wall time per move
	Nodes      int64         // positions visited per move
	Iterations int           // MCTS iterations per move
}

// infinity bounds every search value (terminal values are within ±2*WinScore).
const infinity = search.Infinity

// ErrDomain is returned by an agent asked to search a game outside its domain.
var ErrDomain = search.ErrDomain

// searcher is one search of the alpha-beta family (and of minimax, negamax and
// expectiminimax): the shared machinery (budget, move buffers, move ordering) and the
// agent's transposition table, nil for none.
type searcher struct {
	search.Core
	tt *TT
}

func newSearcher(ctx context.Context, b Budget, tt *TT) *searcher {
	sr := &searcher{tt: tt}
	sr.Start(ctx, b.Time, b.Nodes)
	return sr
}

// evaluate is the heuristic value of a position that is not over, for seat p.
func evaluate(s core.State, p core.Player) int {
	if e, ok := s.(core.Evaluator); ok {
		return e.Evaluate(p)
	}
	return 0
}

// leaf is the value for seat p of a position where the search stops: exact when the
// game is over, heuristic otherwise.
func leaf(s core.State, p core.Player) int {
	if s.ToMove() == core.Terminal {
		return core.TerminalValue(s, p)
	}
	return evaluate(s, p)
}
