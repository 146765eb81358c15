// Package search is the machinery the depth-first searches of ai share: the agents'
// minimax, alpha-beta and expectiminimax (package ai) and the exact solver's MTD(f)
// passes (ai/solve, ai/solve/kalahsolve). It holds the budget bookkeeping (nodes, time,
// cancellation), per-ply move buffers, the killer and history move ordering of the
// alpha-beta family, playing and undoing a child, and the errors and bounds every one
// of them uses.
package search

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/kalahlab/kalahlab/core"
)

// Infinity bounds every search value (terminal values are within ±2*WinScore).
const Infinity = 1 << 30

// ErrStop ends a search that ran out of budget (or whose context is done).
var ErrStop = errors.New("search budget spent")

// ErrDomain is returned by a search asked to search a game outside its domain.
var ErrDomain = errors.New("game outside this search's domain")

// ErrNoMoves is returned for a state with no legal move (over, or not the agent's turn).
var ErrNoMoves = errors.New("no legal move: the game is over")

// CheckTwoPlayerDeterministic is the domain of the exact searches: a position of a
// two-player game without chance nodes that is not over. name names the search in the
// error.
func CheckTwoPlayerDeterministic(name string, s core.State) error {
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

// Core holds what one search needs: the budget bookkeeping, per-ply move buffers, and
// the move-ordering tables of the alpha-beta family. A search embeds it and calls
// Start before its first node.
type Core struct {
	done     <-chan struct{} // ctx.Done(), polled every few nodes
	deadline time.Time
	maxNodes int64
	Nodes    int64 // positions visited (Tick counts them)
	bufs     [][]core.Move
	killers  [][2]core.Move
	history  [4096]int32
}

// Start readies the core for a search that stops when ctx is done, after limit (0: no
// limit) or past maxNodes positions (0: no limit).
func (c *Core) Start(ctx context.Context, limit time.Duration, maxNodes int64) {
	c.done, c.maxNodes = ctx.Done(), maxNodes
	if limit > 0 {
		c.deadline = time.Now().Add(limit)
	}
}

// Budget checks: cancellation every tickDone nodes (a poll of the context's channel, a
// few nanoseconds), the clock every tickClock nodes. A node of a game with a slow Lua
// hook (its children played) can take tens of milliseconds: with a check every 1024
// nodes, a cancelled alphabeta:depth=12 took 3.7 s to stop, and with a hook ten times
// slower every 16 nodes still took 4.8 s; every 4, 0.5 s.
const (
	tickDone  = 4
	tickClock = 128
)

// Tick counts a node and returns ErrStop when the budget is spent or the context done.
func (c *Core) Tick() error {
	c.Nodes++
	if c.maxNodes > 0 && c.Nodes > c.maxNodes {
		return ErrStop
	}
	if c.Nodes&(tickDone-1) == 0 {
		select {
		case <-c.done:
			return ErrStop
		default:
		}
		if c.Nodes&(tickClock-1) == 0 && !c.deadline.IsZero() && time.Now().After(c.deadline) {
			return ErrStop
		}
	}
	return nil
}

// Moves returns the legal moves of s into the buffer of ply.
func (c *Core) Moves(s core.State, ply int) []core.Move {
	for len(c.bufs) <= ply {
		c.bufs = append(c.bufs, make([]core.Move, 0, 32))
		c.killers = append(c.killers, [2]core.Move{-1, -1})
	}
	c.bufs[ply] = s.LegalMoves(c.bufs[ply][:0])
	return c.bufs[ply]
}

// Child plays m on s and returns the state to search: s itself when it can undo (Back
// undoes it afterwards), otherwise a played clone.
func Child(s core.State, m core.Move) core.State {
	if _, ok := s.(core.Undoer); ok {
		s.Play(m)
		return s
	}
	c := s.Clone()
	c.Play(m)
	return c
}

// Back undoes what Child did on s; c is the state Child returned.
func Back(s, c core.State) {
	if s == c {
		s.(core.Undoer).Undo()
	}
}

// Cutoff records a move that refuted its position: a killer at this ply and a history
// bonus. ply must have had its moves listed (Moves).
func (c *Core) Cutoff(ply, depth int, m core.Move) {
	k := &c.killers[ply]
	if k[0] != m {
		k[1], k[0] = k[0], m
	}
	c.history[int(m)&4095] += int32(depth * depth)
}

// Order sorts the moves of ply in place: the hash move, then killers, then by history
// score. ply must have had its moves listed (Moves).
func (c *Core) Order(moves []core.Move, ply int, hashMove core.Move) []core.Move {
	if len(moves) < 2 {
		return moves
	}
	k := c.killers[ply]
	score := func(m core.Move) int32 {
		switch m {
		case hashMove:
			return 1 << 30
		case k[0]:
			return 1 << 29
		case k[1]:
			return 1 << 28
		}
		return c.history[int(m)&4095]
	}
	for i := 1; i < len(moves); i++ { // insertion sort: short lists, stable
		m, sm := moves[i], score(moves[i])
		j := i
		for ; j > 0 && score(moves[j-1]) < sm; j-- {
			moves[j] = moves[j-1]
		}
		moves[j] = m
	}
	return moves
}
