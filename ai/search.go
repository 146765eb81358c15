package ai

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/kalahlab/kalahlab/core"
)

// Budget limits a search. Zero fields are unlimited; a search needs at least one limit.
type Budget struct {
	Depth      int           // plies (the alpha-beta family, expectiminimax)
	Time       time.Duration // wall time per move
	Nodes      int64         // positions visited per move
	Iterations int           // MCTS iterations per move
}

// errStop ends a search that ran out of budget.
var errStop = errors.New("search budget spent")

// infinity bounds every search value (terminal values are within ±2*WinScore).
const infinity = 1 << 30

// ErrDomain is returned by an agent asked to search a game outside its domain.
var ErrDomain = errors.New("game outside this search's domain")

// checkTwoPlayerDeterministic is the domain of the exact searches.
func checkTwoPlayerDeterministic(name string, s core.State) error {
	if s.ToMove() == core.Terminal {
		return ErrNoMoves
	}
	if s.ToMove() == core.Chance {
		return fmt.Errorf("%s: %w: chance nodes need expectiminimax or mcts", name, ErrDomain)
	}
	var buf [8]float64
	// NumPlayers is on the game; a state knows its seats through Returns' length.
	if n := len(s.Returns(buf[:0])); n != 2 {
		return fmt.Errorf("%s: %w: %d players (it searches two-player zero-sum games; use mcts)", name, ErrDomain, n)
	}
	return nil
}

// searcher holds what one search needs: the budget bookkeeping, per-ply move buffers,
// and the move-ordering tables of the alpha-beta family.
type searcher struct {
	ctx      context.Context
	done     <-chan struct{} // ctx.Done(), polled every few nodes
	deadline time.Time
	maxNodes int64
	nodes    int64
	bufs     [][]core.Move
	tt       *TT
	killers  [][2]core.Move
	history  [4096]int32
}

func newSearcher(ctx context.Context, b Budget, tt *TT) *searcher {
	sr := &searcher{ctx: ctx, done: ctx.Done(), maxNodes: b.Nodes, tt: tt}
	if b.Time > 0 {
		sr.deadline = time.Now().Add(b.Time)
	}
	return sr
}

// Budget checks of the alpha-beta family: cancellation every tickDone nodes (a poll of
// the context's channel, a few nanoseconds), the clock every tickClock nodes. A node of
// a game with a slow Lua hook (its children played) can take tens of milliseconds: with
// a check every 1024 nodes, a cancelled alphabeta:depth=12 took 3.7 s to stop, and
// with a hook ten times slower every 16 nodes still took 4.8 s; every 4, 0.5 s.
const (
	tickDone  = 4
	tickClock = 128
)

// tick counts a node and reports whether the budget is spent or the context done.
func (sr *searcher) tick() error {
	sr.nodes++
	if sr.maxNodes > 0 && sr.nodes > sr.maxNodes {
		return errStop
	}
	if sr.nodes&(tickDone-1) == 0 {
		select {
		case <-sr.done:
			return errStop
		default:
		}
		if sr.nodes&(tickClock-1) == 0 && !sr.deadline.IsZero() && time.Now().After(sr.deadline) {
			return errStop
		}
	}
	return nil
}

// moves returns the legal moves into the buffer of ply.
func (sr *searcher) moves(s core.State, ply int) []core.Move {
	for len(sr.bufs) <= ply {
		sr.bufs = append(sr.bufs, make([]core.Move, 0, 32))
		sr.killers = append(sr.killers, [2]core.Move{-1, -1})
	}
	sr.bufs[ply] = s.LegalMoves(sr.bufs[ply][:0])
	return sr.bufs[ply]
}

// child plays m on s and returns the state to search: s itself when it can undo (back
// undoes it afterwards), otherwise a played clone.
func (sr *searcher) child(s core.State, m core.Move) core.State {
	if _, ok := s.(core.Undoer); ok {
		s.Play(m)
		return s
	}
	c := s.Clone()
	c.Play(m)
	return c
}

// back undoes what child did on s.
func back(s, c core.State) {
	if s == c {
		s.(core.Undoer).Undo()
	}
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
