package checkers

import (
	"math/bits"
	"math/rand/v2"
	"slices"

	"github.com/kalahlab/kalahlab/core"
)

// The 8x8 engine keeps each set of pieces in a uint64 with a "ghost" bit after every
// two rows: square r*4+k (row r, k-th dark square of the row) is bit (r/2)*9 + (r%2)*4
// + k. Then every diagonal step is the same shift everywhere: -5 up-left, -4 up-right,
// +4 down-left, +5 down-right, and a step off the left or right edge lands on a ghost
// bit, which is never a piece nor empty. Bit order is square order.
var (
	fastBit   [32]uint8 // bit of square index
	fastSq    [64]int8  // square index of bit, -1 for a ghost
	fastValid uint64    // the 32 squares
	fastPromo [2]uint64 // where Black's and White's men are crowned
	fastStep  = [4]int{-5, -4, 4, 5}
	// fastTargets[k][b] holds the squares a piece on bit b steps to: k 0 a Black man,
	// 1 a White man, 2 a king. fastFromCode and fastToCode are the parts of a move code.
	fastTargets  [3][64]uint64
	fastFromCode [64]core.Move
	fastToCode   [64]core.Move
)

func init() {
	for i := range fastSq {
		fastSq[i] = -1
	}
	for sq := 0; sq < 32; sq++ {
		r, k := sq/4, sq%4
		b := (r/2)*9 + (r%2)*4 + k
		fastBit[sq] = uint8(b)
		fastSq[b] = int8(sq)
		fastValid |= 1 << uint(b)
		if r == 7 {
			fastPromo[0] |= 1 << uint(b)
		}
		if r == 0 {
			fastPromo[1] |= 1 << uint(b)
		}
		fastFromCode[b] = simpleCode(sq, 0)
		fastToCode[b] = simpleCode(0, sq)
	}
	for sq := 0; sq < 32; sq++ {
		b := int(fastBit[sq])
		for d, step := range fastStep {
			t := b + step
			if t < 0 || t >= 64 || fastValid>>uint(t)&1 == 0 {
				continue
			}
			if d >= 2 {
				fastTargets[0][b] |= 1 << uint(t)
			} else {
				fastTargets[1][b] |= 1 << uint(t)
			}
			fastTargets[2][b] |= 1 << uint(t)
		}
	}
}

// Modes of a capture-sequence walk.
const (
	modeCount   uint8 = iota // count the sequences (the longest only, under max_capture)
	modeCollect              // append their codes
	modeFind                 // find one sequence by destination and index
	modeBulk                 // append their effects (fast engine, for Perft)
)

// jumpCtx walks the capture sequences of one piece, depth first, trying landing squares
// in ascending order, so that complete sequences come out in lexicographic order of the
// squares they land on. Cells are bits on the fast engine and square indices on the
// generic one.
type jumpCtx struct {
	g       *Game
	mode    uint8
	fast    bool
	maxCap  bool
	ends    bool  // promotion ends the move
	flying  bool  // kings fly
	manDirs uint8 // directions men capture in
	from    int   // the piece's origin
	n       int   // captures so far
	path    [maxPath]uint8
	capt    set // pieces captured so far
	// fast engine: empty squares (the origin included) and crowning squares
	empty uint64
	promo uint64
	// generic engine: occupied squares (the origin excluded), opponent pieces, crowning
	// squares
	occ, opp, promoSet set
	// modeCount
	count, best int
	// modeCollect: codes and the pieces each takes; seen[to] numbers the sequences of
	// the current piece to each square
	dst  []core.Move
	lens []uint8
	seen [maxSquares]uint16
	// modeBulk: the sequences' effects
	fm []fmove
	// modeFind: the want-th sequence (from 0) to target; the result
	target, want, found int
	done                bool
	endKing             bool
	foundCapt           set
	foundPath           [maxPath]uint8
	foundN              int
}

// jumps readies the walk for the side to move.
func (s *State) jumps(mode uint8) *jumpCtx {
	s.x.ready(s.g, s.p.side, mode)
	return &s.x
}

// ready readies the walk for colour c.
func (x *jumpCtx) ready(g *Game, c, mode uint8) {
	x.g = g
	x.mode = mode
	x.fast = g.fast
	x.maxCap = g.r.MaxCapture
	x.ends = g.r.PromotionEndsMove
	x.flying = g.r.FlyingKings
	x.manDirs = g.manDirs[c]
	x.promo = fastPromo[c]
	x.promoSet = g.promo[c]
	x.n = 0
	x.capt = set{}
	x.count, x.best = 0, 0
	x.found, x.done = 0, false
}

// leaf records a complete sequence ending at cell at; king says whether the piece is a
// king there.
func (x *jumpCtx) leaf(at int, king bool) {
	switch x.mode {
	case modeCount:
		switch {
		case !x.maxCap:
			x.count++
		case x.n > x.best:
			x.best, x.count = x.n, 1
		case x.n == x.best:
			x.count++
		}
	case modeCollect:
		from, to := x.from, at
		if x.fast {
			from, to = int(fastSq[from]), int(fastSq[to])
		}
		idx := x.seen[to]
		x.seen[to]++
		x.dst = append(x.dst, captureCode(from, to, int(idx)))
		x.lens = append(x.lens, uint8(x.n))
	case modeFind:
		if at != x.target {
			return
		}
		if x.found == x.want {
			x.done = true
			x.endKing = king
			x.foundCapt = x.capt
			x.foundN = x.n
			copy(x.foundPath[:], x.path[:x.n])
		}
		x.found++
	case modeBulk:
		tb := uint64(1) << uint(at)
		m := fmove{from: 1 << uint(x.from), to: tb, capt: x.capt.lo}
		if king {
			m.kto = tb
		}
		x.fm = append(x.fm, m)
	}
}

// pieceDone sorts the codes the current piece added (from index start; lens from
// lstart) and clears seen.
func (x *jumpCtx) pieceDone(start, lstart int) {
	codes, lens := x.dst[start:], x.lens[lstart:]
	for i := 1; i < len(codes); i++ {
		for j := i; j > 0 && codes[j] < codes[j-1]; j-- {
			codes[j], codes[j-1] = codes[j-1], codes[j]
			lens[j], lens[j-1] = lens[j-1], lens[j]
		}
	}
	for _, m := range codes {
		x.seen[moveTo(m)] = 0
	}
}

// fastJump walks on from bit b; opp holds the opponent pieces not yet captured. Captured
// pieces are taken off at once: on an 8x8 board with short kings that is the same as
// leaving them until the move ends, since a piece only ever lands on squares an even
// number of rows and columns away from its start and captured pieces stand an odd number
// away.
func (x *jumpCtx) fastJump(b int, king bool, opp uint64) {
	dirs := x.manDirs
	if king {
		dirs = 15
	}
	bb := uint64(1) << uint(b)
	found := false
	if dirs&1 != 0 && bb>>5&opp != 0 && bb>>10&x.empty != 0 {
		found = true
		if x.fastOver(b-5, b-10, king, opp); x.done {
			return
		}
	}
	if dirs&2 != 0 && bb>>4&opp != 0 && bb>>8&x.empty != 0 {
		found = true
		if x.fastOver(b-4, b-8, king, opp); x.done {
			return
		}
	}
	if dirs&4 != 0 && bb<<4&opp != 0 && bb<<8&x.empty != 0 {
		found = true
		if x.fastOver(b+4, b+8, king, opp); x.done {
			return
		}
	}
	if dirs&8 != 0 && bb<<5&opp != 0 && bb<<10&x.empty != 0 {
		found = true
		x.fastOver(b+5, b+10, king, opp)
	}
	if !found && x.n > 0 {
		x.leaf(b, king)
	}
}

// fastOver jumps the piece on bit mid, landing on bit land, and walks on.
func (x *jumpCtx) fastOver(mid, land int, king bool, opp uint64) {
	mb := uint64(1) << uint(mid)
	x.path[x.n] = uint8(land)
	x.n++
	x.capt.lo |= mb
	switch {
	case king || x.promo>>uint(land)&1 == 0:
		x.fastJump(land, king, opp&^mb)
	case x.ends:
		x.leaf(land, true)
	default:
		x.fastJump(land, true, opp&^mb)
	}
	x.n--
	x.capt.lo &^= mb
}

// fastJumpers returns the pieces of colour c that can capture.
func (g *Game) fastJumpers(c uint8, own, opp, kings, empty uint64) uint64 {
	j := [4]uint64{
		(opp << 5) & (empty << 10),
		(opp << 4) & (empty << 8),
		(opp >> 4) & (empty >> 8),
		(opp >> 5) & (empty >> 10),
	}
	all := j[0] | j[1] | j[2] | j[3]
	var men uint64
	if g.manDirs[c] == 15 {
		men = all
	} else if c == 0 {
		men = j[2] | j[3]
	} else {
		men = j[0] | j[1]
	}
	return own&kings&all | own&^kings&men
}

// fastFree returns the squares from which a step up-left, up-right, down-left or
// down-right lands on an empty square.
func fastFree(empty uint64) (upLeft, upRight, downLeft, downRight uint64) {
	return empty << 5, empty << 4, empty >> 4, empty >> 5
}

// fastSimple appends the non-capturing moves of colour c, by origin then destination.
func fastSimple(dst []core.Move, c uint8, own, kings, empty uint64) []core.Move {
	ul, ur, dl, dr := fastFree(empty)
	up, down := own&kings, own
	if c == 1 {
		up, down = own, own&kings
	}
	movers := up&(ul|ur) | down&(dl|dr)
	for movers != 0 {
		b := bits.TrailingZeros64(movers)
		movers &= movers - 1
		k := c
		if kings>>uint(b)&1 != 0 {
			k = 2
		}
		from := fastFromCode[b]
		for t := fastTargets[k][b] & empty; t != 0; t &= t - 1 {
			dst = append(dst, from|fastToCode[bits.TrailingZeros64(t)])
		}
	}
	return dst
}

// fastSimpleCount counts the non-capturing moves of colour c.
func fastSimpleCount(c uint8, own, kings, empty uint64) int {
	up, down := own&kings, own
	if c == 1 {
		up, down = own, own&kings
	}
	return bits.OnesCount64(up>>5&empty) + bits.OnesCount64(up>>4&empty) +
		bits.OnesCount64(down<<4&empty) + bits.OnesCount64(down<<5&empty)
}

// fastLegal is LegalMoves on the 8x8 engine.
func (s *State) fastLegal(dst []core.Move) []core.Move {
	c := s.p.side
	own, opp, kings := s.p.pcs[c].lo, s.p.pcs[c^1].lo, s.p.kings.lo
	empty := fastValid &^ (own | opp)
	jumpers := s.g.fastJumpers(c, own, opp, kings, empty)
	if jumpers == 0 {
		return fastSimple(dst, c, own, kings, empty)
	}
	n0 := len(dst)
	x := s.jumps(modeCollect)
	x.dst, x.lens = dst, s.lens[:0]
	for j := jumpers; j != 0; j &= j - 1 {
		b := bits.TrailingZeros64(j)
		start, lstart := len(x.dst), len(x.lens)
		x.from = b
		x.empty = empty | 1<<uint(b)
		x.fastJump(b, kings>>uint(b)&1 != 0, opp)
		x.pieceDone(start, lstart)
	}
	dst, s.lens = x.dst, x.lens
	x.dst = nil
	dst = s.capturesDone(dst, n0)
	if !s.g.r.MustCapture {
		dst = fastSimple(dst, c, own, kings, empty)
		slices.Sort(dst[n0:])
	}
	return dst
}

// capturesDone applies max_capture to the captures dst[n0:] (s.lens holds the pieces
// each takes).
func (s *State) capturesDone(dst []core.Move, n0 int) []core.Move {
	if !s.g.r.MaxCapture {
		return dst
	}
	best := uint8(0)
	for _, l := range s.lens {
		best = max(best, l)
	}
	k := n0
	for i, l := range s.lens {
		if l == best {
			dst[k] = dst[n0+i]
			k++
		}
	}
	return dst[:k]
}

// fastCount counts the legal moves on the 8x8 engine without listing them.
func (s *State) fastCount() int {
	c := s.p.side
	return s.g.fastCountOf(&s.x, c, s.p.pcs[c].lo, s.p.pcs[c^1].lo, s.p.kings.lo)
}

// fastCountOf counts the legal moves of colour c on the 8x8 engine, own and opp its and
// the opponent's pieces; x is scratch for max_capture.
func (g *Game) fastCountOf(x *jumpCtx, c uint8, own, opp, kings uint64) int {
	empty := fastValid &^ (own | opp)
	jumpers := g.fastJumpers(c, own, opp, kings, empty)
	if jumpers == 0 {
		return fastSimpleCount(c, own, kings, empty)
	}
	var n int
	if g.r.MaxCapture {
		x.ready(g, c, modeCount)
		for j := jumpers; j != 0; j &= j - 1 {
			b := bits.TrailingZeros64(j)
			x.from = b
			x.empty = empty | 1<<uint(b)
			x.fastJump(b, kings>>uint(b)&1 != 0, opp)
		}
		n = x.count
	} else {
		w := fastCounter{promo: fastPromo[c], men: g.manDirs[c], ends: g.r.PromotionEndsMove}
		for j := jumpers; j != 0; j &= j - 1 {
			b := bits.TrailingZeros64(j)
			w.empty = empty | 1<<uint(b)
			n += w.count(uint64(1)<<uint(b), kings>>uint(b)&1 != 0, opp)
		}
	}
	if !g.r.MustCapture {
		n += fastSimpleCount(c, own, kings, empty)
	}
	return n
}

// fastHasMove reports whether the side to move can move.
func (s *State) fastHasMove() bool {
	c := s.p.side
	own, opp, kings := s.p.pcs[c].lo, s.p.pcs[c^1].lo, s.p.kings.lo
	empty := fastValid &^ (own | opp)
	up, down := own&kings, own
	if c == 1 {
		up, down = own, own&kings
	}
	if up&(empty<<5|empty<<4)|down&(empty>>4|empty>>5) != 0 {
		return true
	}
	return s.g.fastJumpers(c, own, opp, kings, empty) != 0
}

// fastCounter counts capture sequences on the 8x8 engine (without max_capture): the
// walk of fastJump without its bookkeeping.
type fastCounter struct {
	empty, promo uint64 // empty squares (the origin included); crowning squares
	men          uint8  // directions men capture in
	ends         bool   // promotion ends the move
}

// count returns the number of complete sequences that go on from the piece on bit bb
// (1 when it cannot jump: the sequence ends there).
func (w *fastCounter) count(bb uint64, king bool, opp uint64) int {
	dirs := w.men
	if king {
		dirs = 15
	}
	n := 0
	if dirs&1 != 0 {
		if m := bb >> 5 & opp; m != 0 && bb>>10&w.empty != 0 {
			n += w.next(bb>>10, king, opp&^m)
		}
	}
	if dirs&2 != 0 {
		if m := bb >> 4 & opp; m != 0 && bb>>8&w.empty != 0 {
			n += w.next(bb>>8, king, opp&^m)
		}
	}
	if dirs&4 != 0 {
		if m := bb << 4 & opp; m != 0 && bb<<8&w.empty != 0 {
			n += w.next(bb<<8, king, opp&^m)
		}
	}
	if dirs&8 != 0 {
		if m := bb << 5 & opp; m != 0 && bb<<10&w.empty != 0 {
			n += w.next(bb<<10, king, opp&^m)
		}
	}
	if n == 0 {
		return 1
	}
	return n
}

// next continues a sequence that has just landed on bit land.
func (w *fastCounter) next(land uint64, king bool, opp uint64) int {
	if !king && land&w.promo != 0 {
		if w.ends {
			return 1
		}
		king = true
	}
	return w.count(land, king, opp)
}

// fastPlay applies m on the 8x8 engine; it returns the square where a man was crowned, or
// -1. The side to move is not changed.
func (s *State) fastPlay(m core.Move) int {
	c := s.p.side
	from, to := int(fastBit[moveFrom(m)&31]), int(fastBit[moveTo(m)&31])
	fb, tb := uint64(1)<<uint(from), uint64(1)<<uint(to)
	own, opp, kings := s.p.pcs[c].lo, s.p.pcs[c^1].lo, s.p.kings.lo
	king := kings&fb != 0
	kind := int(c)
	if king {
		kind += 2
	}
	h := s.p.hash ^ zob[kind][from]
	endKing := king
	if isCapture(m) {
		x := s.jumps(modeFind)
		x.from, x.target, x.want = from, to, int(m&codeIdx)
		x.empty = fastValid&^(own|opp) | fb
		x.fastJump(from, king, opp)
		if x.done {
			endKing = x.endKing
			capt := x.foundCapt.lo
			for t := capt; t != 0; t &= t - 1 {
				b := bits.TrailingZeros64(t)
				k := int(c ^ 1)
				if kings>>uint(b)&1 != 0 {
					k += 2
				}
				h ^= zob[k][b]
			}
			opp &^= capt
			kings &^= capt
		}
		s.p.quiet = 0
	} else {
		if !king && fastPromo[c]&tb != 0 {
			endKing = true
		}
		if king {
			s.p.quiet++
		} else {
			s.p.quiet = 0
		}
	}
	own = own&^fb | tb
	kings &^= fb
	if endKing {
		kings |= tb
		kind = int(c) + 2
	}
	h ^= zob[kind][to]
	s.p.pcs[c].lo, s.p.pcs[c^1].lo, s.p.kings.lo = own, opp, kings
	s.p.hash = h
	if endKing && !king {
		return int(fastSq[to])
	}
	return -1
}

// fastRandom returns LegalMoves(nil)[r.IntN(len)] without listing the moves when no
// capture is possible.
func (s *State) fastRandom(r *rand.Rand) core.Move {
	c := s.p.side
	own, opp, kings := s.p.pcs[c].lo, s.p.pcs[c^1].lo, s.p.kings.lo
	empty := fastValid &^ (own | opp)
	if s.g.fastJumpers(c, own, opp, kings, empty) != 0 {
		s.buf = s.fastLegal(s.buf[:0])
		return s.buf[r.IntN(len(s.buf))]
	}
	k := r.IntN(fastSimpleCount(c, own, kings, empty))
	ul, ur, dl, dr := fastFree(empty)
	up, down := own&kings, own
	if c == 1 {
		up, down = own, own&kings
	}
	for movers := up&(ul|ur) | down&(dl|dr); movers != 0; movers &= movers - 1 {
		b := bits.TrailingZeros64(movers)
		kd := c
		if kings>>uint(b)&1 != 0 {
			kd = 2
		}
		t := fastTargets[kd][b] & empty
		if n := bits.OnesCount64(t); k >= n {
			k -= n
			continue
		}
		for ; k > 0; k-- {
			t &= t - 1
		}
		return fastFromCode[b] | fastToCode[bits.TrailingZeros64(t)]
	}
	return 0 // not reached: the count covers the movers
}
