package checkers

import (
	"fmt"
	"math/bits"
	"math/rand/v2"

	"github.com/kalahlab/kalahlab/core"
)

// set is a set of board cells: square indices for the generic engine, bit positions of
// the 8x8 layout for the fast one (see moves.go).
type set struct{ lo, hi uint64 }

func (x set) has(i int) bool {
	if i < 64 {
		return x.lo>>uint(i)&1 != 0
	}
	return x.hi>>uint(i-64)&1 != 0
}

func (x *set) add(i int) {
	if i < 64 {
		x.lo |= 1 << uint(i)
	} else {
		x.hi |= 1 << uint(i-64)
	}
}

func (x *set) del(i int) {
	if i < 64 {
		x.lo &^= 1 << uint(i)
	} else {
		x.hi &^= 1 << uint(i-64)
	}
}

func (x set) or(y set) set     { return set{x.lo | y.lo, x.hi | y.hi} }
func (x set) andNot(y set) set { return set{x.lo &^ y.lo, x.hi &^ y.hi} }
func (x set) count() int       { return bits.OnesCount64(x.lo) + bits.OnesCount64(x.hi) }

// next returns the lowest member at or above i, or -1.
func (x set) next(i int) int {
	if i < 64 {
		if m := x.lo >> uint(i); m != 0 {
			return i + bits.TrailingZeros64(m)
		}
		i = 64
	}
	if i >= 128 {
		return -1
	}
	if m := x.hi >> uint(i-64); m != 0 {
		return i + bits.TrailingZeros64(m)
	}
	return -1
}

// How a game ended (position.end).
const (
	endNone  uint8 = iota
	endBlack       // Black won
	endWhite       // White won
	endDraw
)

// Why a game ended (position.why), for Render.
const (
	whyNone       uint8 = iota
	whyNoMoves          // the side to move had no legal move
	whyRepetition       // third occurrence of a position
	whyQuiet            // draw_moves
	whyAgreed           // AgreeDraw
	whyResigned         // Resign
	whyHook             // the IsOver hook
	whyString           // read from a position string
)

// position is everything a move changes; a copy of it is an undo record.
type position struct {
	pcs   [2]set // Black's and White's pieces
	kings set
	hash  uint64 // Zobrist hash of pieces and side to move
	quiet uint16 // plies since the last capture or man move
	side  uint8  // colour to move: 0 Black, 1 White
	end   uint8
	why   uint8
}

// State implements the optional abilities too.
var (
	_ core.State  = (*State)(nil)
	_ core.Undoer = (*State)(nil)
	_ core.Hasher = (*State)(nil)
	_ core.Game   = (*Game)(nil)
)

// State is a checkers position. It implements core.State, core.Undoer and core.Hasher.
// A State is not safe for concurrent use: even LegalMoves uses its scratch space.
type State struct {
	g      *Game
	p      position
	ply    int
	hist   []position
	hashes []uint64 // the hash before each move, for repetitions
	err    error
	x      jumpCtx     // scratch for capture sequences
	lens   []uint8     // scratch: pieces taken by each capture being generated
	buf    []core.Move // scratch for PlayRandom and internal move lists
	pbuf   []core.Move // scratch for Perft
	bulk   *bulk       // scratch for Perft on the 8x8 engine
}

// Reset returns s to the initial position, keeping its memory.
func (s *State) Reset() {
	s.p = s.g.startPos
	s.ply = 0
	s.hist = s.hist[:0]
	s.hashes = s.hashes[:0]
	s.err = nil
}

// Game returns the game of s.
func (s *State) Game() *Game { return s.g }

// ToMove is the seat to move (0 Black, 1 White), or core.Terminal.
func (s *State) ToMove() core.Player {
	if s.p.end != endNone {
		return core.Terminal
	}
	return core.Player(s.p.side)
}

// Ply is the number of moves played since the start (or since the position was parsed).
func (s *State) Ply() int { return s.ply }

// Quiet is the number of plies since the last capture or man move.
func (s *State) Quiet() int { return int(s.p.quiet) }

// LegalMoves appends the legal moves in ascending code order: only captures when a capture
// is compulsory, only the longest under max_capture.
func (s *State) LegalMoves(dst []core.Move) []core.Move {
	if s.p.end != endNone {
		return dst
	}
	if s.g.fast {
		return s.fastLegal(dst)
	}
	return s.genericLegal(dst)
}

// count returns the number of legal moves.
func (s *State) count() int {
	if s.p.end != endNone {
		return 0
	}
	if s.g.fast {
		return s.fastCount()
	}
	s.buf = s.genericLegal(s.buf[:0])
	return len(s.buf)
}

// ChanceOutcomes appends nothing: checkers has no chance.
func (s *State) ChanceOutcomes(dst []core.Outcome) []core.Outcome { return dst }

// Play applies a legal move, recording an undo record.
func (s *State) Play(m core.Move) {
	s.hist = append(s.hist, s.p)
	s.play(m)
}

// Undo takes back the last move (and a draw agreed or a resignation after it).
func (s *State) Undo() bool {
	if len(s.hist) == 0 {
		return false
	}
	s.p = s.hist[len(s.hist)-1]
	s.hist = s.hist[:len(s.hist)-1]
	s.hashes = s.hashes[:len(s.hashes)-1]
	s.ply--
	s.err = nil
	return true
}

// play applies m without an undo record.
func (s *State) play(m core.Move) {
	s.hashes = append(s.hashes, s.p.hash)
	s.ply++
	var crowned int
	if s.g.fast {
		crowned = s.fastPlay(m)
	} else {
		crowned = s.genericPlay(m)
	}
	if crowned >= 0 && s.g.r.Hooks.OnPromote != nil {
		before := s.counts()
		err := s.g.r.Hooks.OnPromote(s, crowned)
		if err == nil {
			err = s.checkCounts("on_promote", before)
		}
		if err != nil {
			s.stop(err)
			return
		}
	}
	s.p.side ^= 1
	s.p.hash ^= zobSide
	s.endCheck()
}

// PlayRandom plays the game out with uniformly random legal moves, without undo records:
// the fast path for playouts. It drops the undo records and returns the number of plies
// played.
func (s *State) PlayRandom(r *rand.Rand) int {
	s.hist = s.hist[:0]
	plies := 0
	for s.p.end == endNone {
		if s.g.fast {
			s.play(s.fastRandom(r))
		} else {
			s.buf = s.LegalMoves(s.buf[:0])
			s.play(s.buf[r.IntN(len(s.buf))])
		}
		plies++
	}
	return plies
}

// endCheck ends the game when the rules say so; the side to move has just changed.
func (s *State) endCheck() {
	g := s.g
	decided := false
	if g.r.Hooks.IsOver != nil {
		before := s.counts()
		over, winner, ok, err := g.r.Hooks.IsOver(s)
		if err == nil {
			err = s.checkCounts("is_over", before)
		}
		if err == nil && ok && over && (winner < -1 || winner > 1) {
			err = fmt.Errorf("is_over: winner %d: want 0 (Black), 1 (White) or -1 (draw)", winner)
		}
		if err != nil {
			s.stop(err)
			return
		}
		if ok && over {
			s.finish(winner, whyHook)
			return
		}
		decided = ok
	}
	if !s.hasMove() {
		s.finish(int(s.p.side^1), whyNoMoves)
		return
	}
	if decided {
		return
	}
	if g.r.DrawMoves > 0 && int(s.p.quiet) >= 2*g.r.DrawMoves {
		s.finish(-1, whyQuiet)
	} else if s.repeated() {
		s.finish(-1, whyRepetition)
	}
}

// repeated reports whether the current position occurs for the third time.
func (s *State) repeated() bool {
	q := int(s.p.quiet)
	if q < 8 {
		return false
	}
	seen := 0
	h := s.p.hash
	n := len(s.hashes)
	for back := 2; back <= q && back <= n; back += 2 {
		if s.hashes[n-back] == h {
			if seen++; seen == 2 {
				return true
			}
		}
	}
	return false
}

// hasMove reports whether the side to move has a legal move.
func (s *State) hasMove() bool {
	if s.g.fast {
		return s.fastHasMove()
	}
	return s.genericHasMove()
}

// finish ends the game: winner 0 or 1, or -1 for a draw.
func (s *State) finish(winner int, why uint8) {
	switch winner {
	case 0:
		s.p.end = endBlack
	case 1:
		s.p.end = endWhite
	default:
		s.p.end = endDraw
	}
	s.p.why = why
}

// stop ends the game because of an error.
func (s *State) stop(err error) {
	s.p.end = endDraw
	s.p.why = whyHook
	s.err = err
}

// AgreeDraw ends the game as a draw agreed by the players (the CLI asks both). It does
// nothing once the game is over.
func (s *State) AgreeDraw() {
	if s.p.end == endNone {
		s.finish(-1, whyAgreed)
	}
}

// Resign ends the game with a loss for the side to move. It does nothing once the game
// is over.
func (s *State) Resign() {
	if s.p.end == endNone {
		s.finish(int(s.p.side^1), whyResigned)
	}
}

// Winner returns the seat that won (0 Black, 1 White), or -1 for a draw or a game not
// over.
func (s *State) Winner() int {
	switch s.p.end {
	case endBlack:
		return 0
	case endWhite:
		return 1
	}
	return -1
}

// Returns appends 1 for the winning seat, -1 for the loser, 0 each for a draw (and 0
// each for a game stopped by an error or not over).
func (s *State) Returns(dst []float64) []float64 {
	switch {
	case s.err != nil:
		return append(dst, 0, 0)
	case s.p.end == endBlack:
		return append(dst, 1, -1)
	case s.p.end == endWhite:
		return append(dst, -1, 1)
	}
	return append(dst, 0, 0)
}

// Movable returns the squares (indices, number-1) of the pieces that can move now, in
// ascending order: only pieces that can capture when a capture is compulsory.
func (s *State) Movable() []int {
	var out []int
	s.buf = s.LegalMoves(s.buf[:0])
	for _, m := range s.buf {
		from := moveFrom(m)
		if len(out) == 0 || out[len(out)-1] != from {
			out = append(out, from)
		}
	}
	return out
}

// Clone returns an independent copy (without undo records, with the history that
// repetitions need).
func (s *State) Clone() core.State { return s.Copy() }

// Copy is Clone with the concrete type.
func (s *State) Copy() *State {
	c := &State{g: s.g, p: s.p, ply: s.ply, err: s.err}
	keep := min(int(s.p.quiet), len(s.hashes))
	c.hashes = append([]uint64(nil), s.hashes[len(s.hashes)-keep:]...)
	return c
}

// CopyFrom makes s equal to o, reusing its memory (undo records are dropped).
func (s *State) CopyFrom(o *State) {
	s.g, s.p, s.ply, s.err = o.g, o.p, o.ply, o.err
	s.hist = s.hist[:0]
	keep := min(int(o.p.quiet), len(o.hashes))
	s.hashes = append(s.hashes[:0], o.hashes[len(o.hashes)-keep:]...)
}

// Err is the error of a hook that stopped the game.
func (s *State) Err() error { return s.err }

// counts returns each colour's number of pieces.
func (s *State) counts() [2]int { return [2]int{s.p.pcs[0].count(), s.p.pcs[1].count()} }

// checkCounts is the check after every hook: no side gains pieces, and pieces stay on
// dark squares, one per square.
func (s *State) checkCounts(hook string, before [2]int) error {
	after := s.counts()
	for c := 0; c < 2; c++ {
		if after[c] > before[c] {
			return fmt.Errorf("%s: %s has %d pieces, had %d: a hook may not add pieces", hook, colourName[c], after[c], before[c])
		}
	}
	return nil
}

var colourName = [2]string{"Black", "White"}

// cell returns the index of square sq in the engine's sets.
func (g *Game) cell(sq int) int {
	if g.fast {
		return int(fastBit[sq])
	}
	return sq
}

// computeHash returns the Zobrist hash of the pieces and the side to move.
func (s *State) computeHash() uint64 { return s.g.hash(&s.p) }

// hash returns the Zobrist hash of p's pieces and side to move.
func (g *Game) hash(p *position) uint64 {
	var h uint64
	for sq := 0; sq < g.squares; sq++ {
		i := g.cell(sq)
		for c := 0; c < 2; c++ {
			if p.pcs[c].has(i) {
				k := c
				if p.kings.has(i) {
					k += 2
				}
				h ^= zob[k][i]
			}
		}
	}
	if p.side == 1 {
		h ^= zobSide
	}
	return h
}

// Hash is a Zobrist hash of the position (pieces, side to move, whether it is over).
func (s *State) Hash() uint64 {
	if s.p.end != endNone {
		return s.p.hash ^ zobOver
	}
	return s.p.hash
}

// Zobrist keys: zob[kind][cell] with kind 0 Black man, 1 White man, 2 Black king,
// 3 White king.
var (
	zob     [4][128]uint64
	zobSide uint64
	zobOver uint64
)

func init() {
	next := core.NewKeys(0x636865636b657273).Next // "checkers"
	for k := range zob {
		for i := range zob[k] {
			zob[k][i] = next()
		}
	}
	zobSide, zobOver = next(), next()
}

// Move code layout (see the package doc).
const (
	codeFrom = 24
	codeTo   = 17
	codeCap  = 1 << 16
	codeIdx  = 1<<16 - 1
)

func moveFrom(m core.Move) int   { return int(m>>codeFrom) & 127 }
func moveTo(m core.Move) int     { return int(m>>codeTo) & 127 }
func isCapture(m core.Move) bool { return m&codeCap != 0 }

func simpleCode(from, to int) core.Move { return core.Move(from<<codeFrom | to<<codeTo) }
func captureCode(from, to, idx int) core.Move {
	return core.Move(from<<codeFrom | to<<codeTo | codeCap | idx&codeIdx)
}
