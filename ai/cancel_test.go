package ai

import (
	"context"
	"fmt"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/core"
)

// plyGame is a test game of two players choosing 0 or 1 for plies plies; the first
// seat wins when the sum of the choices is even. Every Play calls onPlay: a test counts
// the moves a search makes (a stand-in for the time a slow Lua hook takes) and cancels
// the search after so many.
type plyGame struct {
	plies  int
	onPlay func()
}

type plyState struct {
	g    *plyGame
	sum  int
	ply  int
	hist []int
}

func (g *plyGame) Name() string         { return "plies" }
func (g *plyGame) NumPlayers() int      { return 2 }
func (g *plyGame) NewState() core.State { return &plyState{g: g} }
func (g *plyGame) ParseState(string) (core.State, error) {
	return nil, fmt.Errorf("plies: no position strings")
}

func (s *plyState) ToMove() core.Player {
	if s.ply >= s.g.plies {
		return core.Terminal
	}
	return core.Player(s.ply % 2)
}

func (s *plyState) LegalMoves(dst []core.Move) []core.Move {
	if s.ToMove() == core.Terminal {
		return dst
	}
	return append(dst, 0, 1)
}

func (s *plyState) ChanceOutcomes(dst []core.Outcome) []core.Outcome { return dst }

func (s *plyState) Play(m core.Move) {
	s.g.onPlay()
	s.hist = append(s.hist, int(m))
	s.sum += int(m)
	s.ply++
}

func (s *plyState) Undo() bool {
	if len(s.hist) == 0 {
		return false
	}
	s.sum -= s.hist[len(s.hist)-1]
	s.hist = s.hist[:len(s.hist)-1]
	s.ply--
	return true
}

func (s *plyState) Returns(dst []float64) []float64 {
	switch {
	case s.ToMove() != core.Terminal:
		return append(dst, 0, 0)
	case s.sum%2 == 0:
		return append(dst, 1, -1)
	}
	return append(dst, -1, 1)
}

func (s *plyState) Clone() core.State {
	c := *s
	c.hist = append([]int(nil), s.hist...)
	return &c
}
func (s *plyState) String() string                { return fmt.Sprintf("sum %d ply %d", s.sum, s.ply) }
func (s *plyState) MoveString(m core.Move) string { return strconv.Itoa(int(m)) }
func (s *plyState) ParseMove(t string) (core.Move, error) {
	n, err := strconv.Atoi(t)
	return core.Move(n), err
}
func (s *plyState) Render(bool) string { return s.String() }
func (s *plyState) Err() error         { return nil }

// TestSearchStopsSoonAfterCancel: a cancelled search makes few moves more. A move of a
// Lua variant can take milliseconds, so the moves after the cancellation are its
// delay; they are counted here, not timed. The alpha-beta family checked its context
// every 1024 nodes (a thousand moves and more after the cancellation, 3.7 s on a slow
// hook) and MCTS every 256 iterations (thousands of moves, 86 s).
func TestSearchStopsSoonAfterCancel(t *testing.T) {
	tests := []struct {
		name  string
		agent func() Agent
	}{
		{"alphabeta", func() Agent { a, _ := NewSearcher("alphabeta", Budget{Depth: 64}, 1); return a }},
		{"negascout", func() Agent { a, _ := NewSearcher("negascout", Budget{Depth: 64}, 1); return a }},
		{"negamax", func() Agent { a, _ := NewSearcher("negamax", Budget{Depth: 64}, 0); return a }},
		{"minimax", func() Agent { a, _ := NewSearcher("minimax", Budget{Depth: 64}, 0); return a }},
		{"mcts", func() Agent { return NewMCTS(Budget{Iterations: 1 << 30}, 1.4, false, 1) }},
		{"mcts heuristic", func() Agent { return NewMCTS(Budget{Iterations: 1 << 30}, 1.4, true, 1) }},
	}
	const before = 5000 // moves before the cancellation
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			var plays, after atomic.Int64
			g := &plyGame{plies: 40, onPlay: func() {
				switch n := plays.Add(1); {
				case n == before:
					cancel()
				case n > before:
					after.Add(1)
				}
			}}
			done := make(chan error, 1)
			go func() {
				_, err := tc.agent().SelectMove(ctx, g.NewState())
				done <- err
			}()
			select {
			case err := <-done:
				require.ErrorIs(t, err, context.Canceled)
			case <-time.After(time.Minute):
				t.Fatal("the search did not stop")
			}
			require.GreaterOrEqual(t, plays.Load(), int64(before), "the search ran until the cancellation")
			// 16 nodes of two children each for the alpha-beta family; the rest of one
			// iteration for MCTS (at most 40 plies, each trying both moves when
			// heuristic). Measured: 0-34; before the fix, 109-20856.
			assert.LessOrEqual(t, after.Load(), int64(64), "moves after the cancellation")
		})
	}
}
