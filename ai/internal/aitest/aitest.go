// Package aitest holds the fixtures the tests of ai's packages share: random
// positions of a game, a game of a given number of plies, and the enumeration of
// Kalah house configurations. Only _test.go files import it.
package aitest

import (
	"fmt"
	"math/rand/v2"
	"strconv"

	"github.com/kalahlab/kalahlab/core"
)

// RandomPositions plays seeded random games of g and collects n positions where the
// game goes on.
func RandomPositions(g core.Game, n int, seed uint64) []core.State {
	rng := rand.New(rand.NewPCG(seed, 99))
	var out []core.State
	for len(out) < n {
		s := g.NewState()
		for s.ToMove() != core.Terminal && len(out) < n {
			moves := s.LegalMoves(nil)
			if rng.IntN(3) == 0 {
				out = append(out, s.Clone())
			}
			s.Play(moves[rng.IntN(len(moves))])
		}
	}
	return out
}

// ForConfigs calls f with every configuration of k seeds in p houses, in
// lexicographic order (the first house most significant). f must not keep the slice.
func ForConfigs(p, k int, f func([]uint8)) {
	h := make([]uint8, p)
	var rec func(i, r int)
	rec = func(i, r int) {
		if i == p-1 {
			h[i] = uint8(r)
			f(h)
			return
		}
		for c := 0; c <= r; c++ {
			h[i] = uint8(c)
			rec(i+1, r-c)
		}
	}
	rec(0, k)
}

// Words is the word board (core/kalah's State.Words) of houses: the mover's n houses,
// then the opponent's, one byte a house.
func Words(houses []uint8, n int) (mine, theirs uint64) {
	for i, h := range houses {
		if i < n {
			mine |= uint64(h) << (8 * uint(i))
		} else {
			theirs |= uint64(h) << (8 * uint(i-n))
		}
	}
	return mine, theirs
}

// PlyGame is a test game of two players choosing 0 or 1 for plies plies; the first
// seat wins when the sum of the choices is even. Every Play calls onPlay: a test counts
// the moves a search makes (a stand-in for the time a slow Lua hook takes) and cancels
// the search after so many.
type PlyGame struct {
	Plies  int
	OnPlay func() // called by every Play; nil for nothing
}

// plyState is a position of a PlyGame.
type plyState struct {
	g    *PlyGame
	sum  int
	ply  int
	hist []int
}

// Name, NumPlayers, NewState and ParseState make PlyGame a core.Game.
func (g *PlyGame) Name() string         { return "plies" }
func (g *PlyGame) NumPlayers() int      { return 2 }
func (g *PlyGame) NewState() core.State { return &plyState{g: g} }
func (g *PlyGame) ParseState(string) (core.State, error) {
	return nil, fmt.Errorf("plies: no position strings")
}

func (s *plyState) ToMove() core.Player {
	if s.ply >= s.g.Plies {
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
	if s.g.OnPlay != nil {
		s.g.OnPlay()
	}
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
