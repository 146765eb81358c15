package tictactoe

import (
	"fmt"
	"math/bits"
	"math/rand/v2"

	"github.com/kalahlab/kalahlab/core"
)

// board is a set of cells. Boards of up to 64 cells use the first word only.
type board [words]uint64

func (b *board) set(i int)      { b[i>>6] |= 1 << uint(i&63) }
func (b *board) clear(i int)    { b[i>>6] &^= 1 << uint(i&63) }
func (b *board) has(i int) bool { return b[i>>6]>>uint(i&63)&1 != 0 }
func (b *board) count() (n int) {
	for _, w := range b {
		n += bits.OnesCount64(w)
	}
	return n
}

// How a game ended.
const (
	endNone uint8 = iota
	endX          // X won
	endO          // O won
	endDraw
	endBothLose
)

// State implements the optional abilities too.
var (
	_ core.State  = (*State)(nil)
	_ core.Undoer = (*State)(nil)
	_ core.Hasher = (*State)(nil)
	_ core.Game   = (*Game)(nil)
)

// State is a tic-tac-toe position. It implements core.State, core.Undoer and
// core.Hasher.
type State struct {
	g      *Game
	m      [2]board // X's and O's marks
	hash   uint64   // Zobrist hash of the marks and the side to move
	side   uint8    // seat to move: 0 X, 1 O
	end    uint8
	filled int // marks on the board
	ply    int
	last   int // the cell marked last, or -1
	hist   []int16
	err    error
}

// Game returns the game of s.
func (s *State) Game() *Game { return s.g }

// Reset returns s to the empty board, keeping its memory.
func (s *State) Reset() {
	hist := s.hist[:0]
	*s = State{g: s.g, hist: hist, last: -1}
}

// ToMove is the seat to move (0 X, 1 O), or core.Terminal.
func (s *State) ToMove() core.Player {
	if s.end != endNone {
		return core.Terminal
	}
	return core.Player(s.side)
}

// Ply is the number of moves played since the start (or since the position was parsed).
func (s *State) Ply() int { return s.ply }

// LegalMoves appends the cells that may be marked, in ascending order: every empty cell,
// or with gravity the lowest empty cell of each column.
func (s *State) LegalMoves(dst []core.Move) []core.Move {
	if s.end != endNone {
		return dst
	}
	g := s.g
	if g.small {
		for e := s.playable(); e != 0; e &= e - 1 {
			dst = append(dst, core.Move(bits.TrailingZeros64(e)))
		}
		return dst
	}
	cols := g.r.Cols
	for c := 0; c < g.cells; c++ {
		if s.m[0].has(c) || s.m[1].has(c) {
			continue
		}
		if g.r.Gravity && c >= cols && !s.m[0].has(c-cols) && !s.m[1].has(c-cols) {
			continue
		}
		dst = append(dst, core.Move(c))
	}
	return dst
}

// playable returns the cells that may be marked on a board of up to 64 cells.
func (s *State) playable() uint64 {
	g := s.g
	occ := s.m[0][0] | s.m[1][0]
	e := g.valid[0] &^ occ
	if g.r.Gravity {
		e &= occ<<uint(g.r.Cols) | g.bottom[0]
	}
	return e
}

// ChanceOutcomes appends nothing: tic-tac-toe has no chance.
func (s *State) ChanceOutcomes(dst []core.Outcome) []core.Outcome { return dst }

// Play marks cell m for the side to move.
func (s *State) Play(m core.Move) {
	s.hist = append(s.hist, int16(m))
	s.place(int(m))
}

// place marks cell c without an undo record.
func (s *State) place(c int) {
	p := s.side
	s.m[p].set(c)
	s.hash ^= zob[p][c]
	s.filled++
	s.ply++
	s.last = c
	s.judge(c)
	s.side ^= 1
	s.hash ^= zobSide
}

// judge ends the game after the mover marked cell c (-1 for a parsed position) when the
// rules say so.
func (s *State) judge(c int) {
	g := s.g
	p := int(s.side)
	if g.r.Hooks.Winner != nil {
		over, winner, ok, err := g.r.Hooks.Winner(s, c)
		if err == nil && ok && over && (winner < -1 || winner > 1) {
			err = fmt.Errorf("winner: %d: want 0 (X), 1 (O) or -1 (draw)", winner)
		}
		if err != nil {
			s.stop(err)
			return
		}
		if ok && over {
			s.finish(winner)
			return
		}
		if !ok && s.builtinLine(p, c) {
			return
		}
	} else if s.builtinLine(p, c) {
		return
	}
	if s.filled == g.cells {
		if g.r.FullBoard == BothLose {
			s.end = endBothLose
		} else {
			s.end = endDraw
		}
	}
}

// builtinLine ends the game if seat p made a line through cell c (or, for c -1, if
// either seat has a line); it reports whether it did.
func (s *State) builtinLine(p, c int) bool {
	if c < 0 {
		for q := 0; q < 2; q++ {
			if s.anyLine(q) {
				p, c = q, 0
			}
		}
		if c < 0 {
			return false
		}
	} else if !s.lineThrough(p, c) {
		return false
	}
	if s.g.r.Misere {
		p ^= 1
	}
	s.finish(p)
	return true
}

// lineThrough reports whether seat p has k in a row through cell c.
func (s *State) lineThrough(p, c int) bool {
	g := s.g
	if g.small {
		b := s.m[p][0]
		for _, mask := range g.lines[g.lineAt[c]:g.lineAt[c+1]] {
			if b&mask == mask {
				return true
			}
		}
		return false
	}
	for d := range lineDirs {
		if s.Run(c, d) >= g.r.K && s.Mark(c) == p {
			return true
		}
	}
	return false
}

// anyLine reports whether seat p has k in a row anywhere.
func (s *State) anyLine(p int) bool {
	for c := 0; c < s.g.cells; c++ {
		if s.m[p].has(c) && s.lineThrough(p, c) {
			return true
		}
	}
	return false
}

// finish ends the game: winner 0 or 1, or -1 for a draw.
func (s *State) finish(winner int) {
	switch winner {
	case 0:
		s.end = endX
	case 1:
		s.end = endO
	default:
		s.end = endDraw
	}
}

// stop ends the game because of an error.
func (s *State) stop(err error) {
	s.end = endDraw
	s.err = err
}

// Undo takes back the last move.
func (s *State) Undo() bool {
	if len(s.hist) == 0 {
		return false
	}
	c := int(s.hist[len(s.hist)-1])
	s.hist = s.hist[:len(s.hist)-1]
	s.side ^= 1
	s.hash ^= zobSide ^ zob[s.side][c]
	s.m[s.side].clear(c)
	s.end = endNone
	s.err = nil
	s.filled--
	s.ply--
	s.last = -1
	if len(s.hist) > 0 {
		s.last = int(s.hist[len(s.hist)-1])
	}
	return true
}

// PlayRandom plays the game out with uniformly random legal moves (the same game as
// picking LegalMoves[r.IntN(len)] each ply), without undo records: the fast path for
// playouts. It returns the number of plies played.
func (s *State) PlayRandom(r *rand.Rand) int {
	s.hist = s.hist[:0]
	plies := 0
	var buf [maxCells]core.Move
	for s.end == endNone {
		if s.g.small {
			e := s.playable()
			for k := r.IntN(bits.OnesCount64(e)); k > 0; k-- {
				e &= e - 1
			}
			s.place(bits.TrailingZeros64(e))
		} else {
			moves := s.LegalMoves(buf[:0])
			s.place(int(moves[r.IntN(len(moves))]))
		}
		plies++
	}
	return plies
}

// Perft counts the move sequences of exactly depth moves from s (the leaves of the game
// tree at that depth: a position reached by several orders counts once per order; a
// finished game has none below it), counting the moves at the last ply without playing
// them. s is left as it was.
func (s *State) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	if s.end != endNone {
		return 0
	}
	if depth == 1 {
		if s.g.small {
			return uint64(bits.OnesCount64(s.playable()))
		}
		var buf [maxCells]core.Move
		return uint64(len(s.LegalMoves(buf[:0])))
	}
	var buf [maxCells]core.Move
	var n uint64
	for _, m := range s.LegalMoves(buf[:0]) {
		s.Play(m)
		n += s.Perft(depth - 1)
		s.Undo()
	}
	return n
}

// Returns appends 1 for the winning seat and -1 for the loser; 0 each for a draw; -1
// each when both lose (and 0 each for a game stopped by an error or not over).
func (s *State) Returns(dst []float64) []float64 {
	switch {
	case s.err != nil:
		return append(dst, 0, 0)
	case s.end == endX:
		return append(dst, 1, -1)
	case s.end == endO:
		return append(dst, -1, 1)
	case s.end == endBothLose:
		return append(dst, -1, -1)
	}
	return append(dst, 0, 0)
}

// Winner returns the seat that won (0 X, 1 O), or -1 for a draw, both losing, or a game
// not over.
func (s *State) Winner() int {
	switch s.end {
	case endX:
		return 0
	case endO:
		return 1
	}
	return -1
}

// Clone returns an independent copy (without undo records).
func (s *State) Clone() core.State { return s.Copy() }

// Copy is Clone with the concrete type.
func (s *State) Copy() *State {
	c := *s
	c.hist = nil
	return &c
}

// Err is the error of a hook that stopped the game.
func (s *State) Err() error { return s.err }

// Hash is a Zobrist hash of the position (marks, side to move, whether it is over).
func (s *State) Hash() uint64 {
	if s.end != endNone {
		return s.hash ^ zobOver
	}
	return s.hash
}

// Zobrist keys: one per seat and cell, plus the flags.
var (
	zob     [2][maxCells]uint64
	zobSide uint64
	zobOver uint64
)

func init() {
	next := core.NewKeys(0x7469637461637465).Next // "tictacte"
	for p := range zob {
		for c := range zob[p] {
			zob[p][c] = next()
		}
	}
	zobSide, zobOver = next(), next()
}
