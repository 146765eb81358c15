package ai

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kalahlab/kalahlab/core"
)

// race is a tiny test game with chance and any number of players: each turn a die of
// three sides is rolled (a chance node), then the player advances by the roll or by
// one; the first to reach the goal wins (return 1, the others -1/(n-1)).
type race struct {
	players, goal int
}

type raceState struct {
	g      *race
	pos    [4]int
	turn   int
	roll   int // 0: the die is due
	winner int // -1 while going on
}

func (g *race) Name() string         { return fmt.Sprintf("race%d", g.players) }
func (g *race) NumPlayers() int      { return g.players }
func (g *race) NewState() core.State { return &raceState{g: g, winner: -1} }
func (g *race) ParseState(string) (core.State, error) {
	return nil, fmt.Errorf("race: no position strings")
}

func (s *raceState) ToMove() core.Player {
	switch {
	case s.winner >= 0:
		return core.Terminal
	case s.roll == 0:
		return core.Chance
	}
	return core.Player(s.turn)
}

func (s *raceState) LegalMoves(dst []core.Move) []core.Move {
	switch s.ToMove() {
	case core.Terminal:
		return dst
	case core.Chance:
		return append(dst, 1, 2, 3)
	}
	if s.roll == 1 {
		return append(dst, 1)
	}
	return append(dst, 1, core.Move(s.roll))
}

func (s *raceState) ChanceOutcomes(dst []core.Outcome) []core.Outcome {
	if s.ToMove() != core.Chance {
		return dst
	}
	return append(dst, core.Outcome{Move: 1, Prob: 1.0 / 3}, core.Outcome{Move: 2, Prob: 1.0 / 3}, core.Outcome{Move: 3, Prob: 1.0 / 3})
}

func (s *raceState) Play(m core.Move) {
	if s.roll == 0 {
		s.roll = int(m)
		return
	}
	s.pos[s.turn] += int(m)
	s.roll = 0
	if s.pos[s.turn] >= s.g.goal {
		s.winner = s.turn
		return
	}
	s.turn = (s.turn + 1) % s.g.players
}

func (s *raceState) Returns(dst []float64) []float64 {
	for p := 0; p < s.g.players; p++ {
		switch {
		case s.winner < 0:
			dst = append(dst, 0)
		case p == s.winner:
			dst = append(dst, 1)
		default:
			dst = append(dst, -1/float64(s.g.players-1))
		}
	}
	return dst
}

func (s *raceState) Clone() core.State { c := *s; return &c }
func (s *raceState) String() string {
	return fmt.Sprintf("%v t%d r%d w%d", s.pos[:s.g.players], s.turn, s.roll, s.winner)
}
func (s *raceState) MoveString(m core.Move) string { return strconv.Itoa(int(m)) }
func (s *raceState) ParseMove(t string) (core.Move, error) {
	n, err := strconv.Atoi(strings.TrimSpace(t))
	return core.Move(n), err
}
func (s *raceState) Render(bool) string { return s.String() }
func (s *raceState) Err() error         { return nil }

// Evaluate is the lead over the best other player.
func (s *raceState) Evaluate(p core.Player) int {
	best := -1 << 20
	for q := 0; q < s.g.players; q++ {
		if q != int(p) && s.pos[q] > best {
			best = s.pos[q]
		}
	}
	return s.pos[p] - best
}
