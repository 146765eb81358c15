package checkers

import (
	"math/bits"
	"slices"
)

// Perft counts the positions reached after exactly depth moves; games that end earlier add
// nothing. The moves at the last ply are counted without being played (bulk counting). s
// is left as it was.
//
// On the 8x8 engine without hooks it runs on bare bitboards (bulkPerft): no move codes,
// undo records, hashes nor game-over checks, which a count does not need (a side with no
// move has nothing to count), except the draw rules, checked only once the plies without
// a capture or a man move are enough for one of them to apply. Elsewhere it plays every
// move but the last ply's through Play and Undo (plainPerft). TestPerftPathsAgree holds
// the two to each other.
func (s *State) Perft(depth int) uint64 {
	if s.g.fast && !s.g.hooked {
		return s.bulkPerft(depth)
	}
	return s.plainPerft(depth)
}

// plainPerft is Perft through LegalMoves, Play and Undo (every rule, hooks included).
func (s *State) plainPerft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	s.pbuf = s.pbuf[:0]
	return s.perft(depth)
}

func (s *State) perft(depth int) uint64 {
	if depth == 1 {
		return uint64(s.count())
	}
	start := len(s.pbuf)
	s.pbuf = s.LegalMoves(s.pbuf)
	end := len(s.pbuf)
	var n uint64
	for i := start; i < end; i++ {
		s.Play(s.pbuf[i])
		n += s.perft(depth - 1)
		s.Undo()
	}
	s.pbuf = s.pbuf[:start]
	return n
}

// fmove is what a move does on the 8x8 engine's bitboards: the piece leaves the bit from
// and lands on the bit to (the same bit when a king's capture ends where it began),
// taking the pieces in capt; kto is to when the piece is a king there, else 0.
type fmove struct{ from, to, capt, kto uint64 }

// bulkPos is a position on the current path of bulkPerft: the pieces of the side to move
// and of the other side, and the kings.
type bulkPos struct{ own, opp, kings uint64 }

// bulk is the state of one bulkPerft: the rules it needs and its stacks.
type bulk struct {
	g         *Game
	x         *jumpCtx // the capture walk
	promo     [2]uint64
	must      bool
	maxCap    bool
	backMen   bool   // men capture backwards
	allMen    uint64 // every square when men capture backwards, else none
	ends      bool   // promotion ends the move
	drawPlies int    // plies without a capture or a man move that draw (0: no limit)
	watch     int    // plies from which a draw rule can apply
	flip      uint8  // 1 when the board is turned and the colours swapped (bulkPerft)
	// buf holds the moves of the nodes on the current path, path their positions (by
	// ply from the root), hist the hashes of the positions before the root (oldest
	// first), for threefold repetition.
	buf  []fmove
	path []bulkPos
	hist []uint64
}

// repeatPlies is the least number of quiet plies a threefold repetition takes.
const repeatPlies = 8

// newBulk readies a bulkPerft of s to depth, in s's scratch space.
func (s *State) newBulk(depth int) *bulk {
	r := &s.g.r
	if s.bulk == nil {
		s.bulk = &bulk{}
	}
	b := s.bulk
	*b = bulk{
		g: s.g, x: &s.x, promo: fastPromo,
		must: r.MustCapture, maxCap: r.MaxCapture, backMen: r.MenCaptureBackwards, ends: r.PromotionEndsMove,
		drawPlies: 2 * r.DrawMoves, watch: repeatPlies,
		buf:  b.buf[:0],
		path: b.path[:0],
		hist: s.hashes,
	}
	b.path = slices.Grow(b.path, depth+1)[:depth+1]
	if b.backMen {
		b.allMen = ^uint64(0)
	}
	if b.drawPlies > 0 {
		b.watch = min(b.watch, b.drawPlies)
	}
	return b
}

// bulkPerft is Perft on the 8x8 engine's bitboards, for games without hooks.
//
// The rules are the same for both colours turned by half a turn, so the count is the
// same on the board turned round with the colours swapped (mirror). bulkPerft turns it
// when that makes the side to move two plies above the leaves colour 1: then the moves
// counted at the last ply are always those of colour 0, with fixed shifts (perft2).
func (s *State) bulkPerft(depth int) uint64 {
	switch {
	case depth <= 0:
		return 1
	case s.p.end != endNone:
		return 0
	}
	b := s.newBulk(depth)
	c := s.p.side
	own, opp, kings := s.p.pcs[c].lo, s.p.pcs[c^1].lo, s.p.kings.lo
	if depth == 1 {
		return b.count(c, own, opp, kings)
	}
	b.flip = c ^ uint8(depth&1) // the colour two plies above the leaves, to be 1
	if b.flip == 0 {
		// That colour is 0: turn the board.
		own, opp, kings = mirror(own), mirror(opp), mirror(kings)
	}
	b.flip ^= 1
	c ^= b.flip
	if depth == 2 {
		return b.perft2(own, opp, kings, int(s.p.quiet), 0)
	}
	return b.perft(c, own, opp, kings, depth, int(s.p.quiet), 0)
}

// mirror turns the bits of a set of squares half a turn: square index i to 31-i, which
// is bit b to 34-b in the 8x8 layout.
func mirror(x uint64) uint64 { return bits.Reverse64(x) >> (63 - 34) }

// perft counts below the position at ply from the root (depth >= 3), colour c to move
// with the pieces own, the opponent's opp, the kings, quiet plies without a capture or a
// man move (colours and squares as bulkPerft turned them).
func (b *bulk) perft(c uint8, own, opp, kings uint64, depth, quiet, ply int) uint64 {
	b.path[ply] = bulkPos{own, opp, kings}
	if kings == 0 && b.simple() {
		r := &bulkRot[c]
		empty := fastValid &^ (own | opp)
		if j4, j5 := jumpsFrom(r, opp, empty); own&(j4|j5) == 0 {
			// Men's steps only, played without listing them; each restarts the draw
			// count.
			var n uint64
			for _, step := range [2]uint{r.f4, r.f5} {
				for t := rot(own, step) & empty; t != 0; t &= t - 1 {
					to := t & -t
					x := to | rot(to, 64-step) // the squares the man reaches and leaves
					if depth == 3 {
						n += b.perft2(opp, own^x, to&b.promo[c], 0, ply+1)
					} else {
						n += b.perft(c^1, opp, own^x, to&b.promo[c], depth-1, 0, ply+1)
					}
				}
			}
			return n
		}
	}
	start := len(b.buf)
	b.buf = b.gen(b.buf, c, own, opp, kings)
	var n uint64
	for i := start; i < len(b.buf); i++ {
		m := b.buf[i]
		nown, nopp := opp&^m.capt, own&^m.from|m.to // the child's side to move is c^1
		nk := kings&^(m.from|m.capt) | m.kto
		q := 0
		if m.capt == 0 && kings&m.from != 0 {
			q = quiet + 1
		}
		switch {
		case q >= b.watch && b.drawn(c^1, nown, nopp, nk, q, ply+1):
		case depth == 3:
			n += b.perft2(nown, nopp, nk, q, ply+1)
		default:
			n += b.perft(c^1, nown, nopp, nk, depth-1, q, ply+1)
		}
	}
	b.buf = b.buf[:start]
	return n
}

// perft2 counts two plies below the position at ply, colour 1 to move (as perft): it
// plays each move and counts colour 0's replies, by fixed shifts. With no kings on the
// board, under rules where men's captures are simple, it does so without listing the
// moves (menOnly, menJumps); otherwise it lists them, and the loop counts the replies of
// the common case (colour 0 without kings, no draw rule in reach) with no call on its
// way, so that nothing has to be saved across one.
func (b *bulk) perft2(own, opp, kings uint64, quiet, ply int) uint64 {
	// (Its own position is not recorded in path: no position it plays reaches back to
	// it.)
	if kings == 0 && b.simple() {
		empty := fastValid &^ (own | opp)
		// Colour 1's men jump down the bits: by 8 over the piece 4 below, by 10 over 5.
		j8, j10 := opp<<4&(empty<<8), opp<<5&(empty<<10)
		switch {
		case own&(j8|j10) == 0:
			return b.menOnly(own, opp, empty)
		case b.must:
			var n uint64
			for t := own & j8; t != 0; t &= t - 1 {
				from := t & -t
				n += b.menJumps(own, opp, from, from>>8, from>>4, j8, j10)
			}
			for t := own & j10; t != 0; t &= t - 1 {
				from := t & -t
				n += b.menJumps(own, opp, from, from>>10, from>>5, j8, j10)
			}
			return n
		}
	}
	start := len(b.buf)
	b.buf = b.gen(b.buf, 1, own, opp, kings)
	// A king's quiet move reaches the draw rules' watch, or the replies take the general
	// count.
	watched := quiet+1 >= b.watch
	general := !b.simple()
	var n uint64
	for _, m := range b.buf[start:] {
		nown, nopp := opp&^m.capt, own&^m.from|m.to
		nk := kings&^(m.from|m.capt) | m.kto
		if nown&nk != 0 || general || watched && m.capt == 0 && kings&m.from != 0 {
			n += b.reply(m, own, opp, kings, quiet, ply)
			continue
		}
		// Colour 0's steps and jumps are shifts up: by 4 and 5 bits, 8 and 10.
		empty := fastValid &^ (nown | nopp)
		j4, j5 := nopp>>4&(empty>>8), nopp>>5&(empty>>10)
		on := j4 | j5
		if nown&on == 0 {
			n += ones2(nown<<4&empty, nown<<5&empty)
			continue
		}
		// Men capture: the sequences that end after one jump, and those that go on.
		l4, l5 := (nown&j4)<<8, (nown&j5)<<10
		n += ones2(l4&^on, l5&^on)
		if !b.must {
			n += ones2(nown<<4&empty, nown<<5&empty)
		}
		if (l4|l5)&on != 0 {
			n += b.goOnAll(&bulkRot[0], l4&on, l5&on, j4, j5)
		}
	}
	b.buf = b.buf[:start]
	return n
}

// menOnly is perft2 when there are no kings and colour 1 cannot capture (empty: the
// empty squares): colour 1's moves are steps up by 4 and 5 bits, and the replies are
// counted without listing the moves.
func (b *bulk) menOnly(own, opp, empty uint64) uint64 {
	var n uint64
	for _, step := range [2]uint{4, 5} {
		for t := own >> step & empty; t != 0; t &= t - 1 {
			x := t & -t
			x |= x << step // the squares the man leaves and reaches
			// menReplies(opp, own^x, empty^x), written out: the call would cost a
			// tenth of the perft.
			o, e := own^x, empty^x
			j4, j5 := o>>4&(e>>8), o>>5&(e>>10)
			on := j4 | j5
			if opp&on == 0 {
				n += ones2(opp<<4&e, opp<<5&e)
				continue
			}
			l4, l5 := (opp&j4)<<8, (opp&j5)<<10
			n += ones2(l4&^on, l5&^on)
			if !b.must {
				n += ones2(opp<<4&e, opp<<5&e)
			}
			if (l4|l5)&on != 0 {
				n += b.goOnAll(&bulkRot[0], l4&on, l5&on, j4, j5)
			}
		}
	}
	return n
}

// menJumps counts, in perft2 without kings, colour 0's replies to each capture
// sequence of colour 1's man that left the bit from and stands on at, having taken the
// pieces capt; j8 and j10 are the squares from which colour 1's men jump (by 8 and 10
// bits down).
func (b *bulk) menJumps(own, opp, from, at, capt, j8, j10 uint64) uint64 {
	if at&(j8|j10) == 0 {
		o, m := own^from^at, opp&^capt
		return b.menReplies(m, o, fastValid&^(o|m))
	}
	var n uint64
	if at&j8 != 0 {
		n += b.menJumps(own, opp, from, at>>8, capt|at>>4, j8, j10)
	}
	if at&j10 != 0 {
		n += b.menJumps(own, opp, from, at>>10, capt|at>>5, j8, j10)
	}
	return n
}

// menReplies counts colour 0's moves when it has only men (m), opposed by o, the empty
// squares e, under rules where men's captures are simple.
func (b *bulk) menReplies(m, o, e uint64) uint64 {
	j4, j5 := o>>4&(e>>8), o>>5&(e>>10)
	on := j4 | j5
	if m&on == 0 {
		return ones2(m<<4&e, m<<5&e)
	}
	l4, l5 := (m&j4)<<8, (m&j5)<<10
	n := ones2(l4&^on, l5&^on)
	if !b.must {
		n += ones2(m<<4&e, m<<5&e)
	}
	if (l4|l5)&on != 0 {
		n += b.goOnAll(&bulkRot[0], l4&on, l5&on, j4, j5)
	}
	return n
}

// reply counts colour 0's moves after colour 1's move m in the position at ply of
// perft2, draw rules and all.
func (b *bulk) reply(m fmove, own, opp, kings uint64, quiet, ply int) uint64 {
	nown, nopp := opp&^m.capt, own&^m.from|m.to
	nk := kings&^(m.from|m.capt) | m.kto
	if m.capt == 0 && kings&m.from != 0 && quiet+1 >= b.watch && b.drawn(0, nown, nopp, nk, quiet+1, ply+1) {
		return 0
	}
	return b.countJumps(0, nown, nopp, nk, fastValid&^(nown|nopp))
}

// ones2 returns the number of bits set in x and y together.
func ones2(x, y uint64) uint64 {
	return uint64(bits.OnesCount64(x) + bits.OnesCount64(y))
}

// rot is bits.RotateLeft64: on the 8x8 layout a step is a rotation of the bit
// sets, the bits it wraps round landing outside the board (on bits 35 and up), where an
// intersection with a set of squares drops them.
func rot(x uint64, k uint) uint64 { return bits.RotateLeft64(x, int(k)) }

// rotations are the rotations of one colour's steps (see bulkRot).
type rotations struct{ f4, f5, b4, b5, f8, f10, b8, b10 uint }

// bulkRot[c] holds the rotations of colour c's steps: f4 and f5 the two steps towards
// its crowning row, b4 and b5 the two back, f8, f10, b8, b10 the jumps.
var bulkRot = [2]rotations{
	{f4: 4, f5: 5, b4: 60, b5: 59, f8: 8, f10: 10, b8: 56, b10: 54},
	{f4: 60, f5: 59, b4: 4, b5: 5, f8: 56, f10: 54, b8: 8, b10: 10},
}

// drawn reports whether the position at ply, reached after q quiet plies, is drawn by
// draw_moves or threefold repetition (as State.endCheck: the same pieces on the same
// squares with the same side to move for the third time). Positions on the path are
// compared by their pieces, those before the root by their hash.
func (b *bulk) drawn(c uint8, own, opp, kings uint64, q, ply int) bool {
	if b.drawPlies > 0 && q >= b.drawPlies {
		return true
	}
	if q < repeatPlies {
		return false
	}
	here := bulkPos{own, opp, kings}
	var h uint64
	hashed := false
	seen := 0
	for back := 2; back <= q && back <= len(b.hist)+ply; back += 2 {
		same := false
		if k := ply - back; k >= 0 {
			same = b.path[k] == here
		} else {
			if !hashed {
				h, hashed = b.hash(c, own, opp, kings), true
			}
			same = b.hist[len(b.hist)+k] == h
		}
		if same {
			if seen++; seen == 2 {
				return true
			}
		}
	}
	return false
}

// hash is State.Hash of the position with colour c to move (colours and squares as
// bulkPerft turned them).
func (b *bulk) hash(c uint8, own, opp, kings uint64) uint64 {
	if b.flip != 0 {
		c ^= 1
		own, opp, kings = mirror(own), mirror(opp), mirror(kings)
	}
	p := position{kings: set{lo: kings}, side: c}
	p.pcs[c].lo, p.pcs[c^1].lo = own, opp
	return b.g.hash(&p)
}

// count returns the number of legal moves of colour c.
func (b *bulk) count(c uint8, own, opp, kings uint64) uint64 {
	return uint64(b.g.fastCountOf(b.x, c, own, opp, kings))
}

// simple reports whether the capture sequences of men are simple to follow: men
// capture forwards only, and a man crowned on the way stops there. Then a man's
// sequence never comes back near its origin nor the pieces it took, and whether it goes
// on from a square depends on that square alone (jumpsFrom).
func (b *bulk) simple() bool { return b.ends && !b.backMen && !b.maxCap }

// jumpsFrom returns the squares from which colour c's men jump forwards, one set for
// each of the two forward directions, opp and empty as they stand.
func jumpsFrom(r *rotations, opp, empty uint64) (j4, j5 uint64) {
	return rot(opp, r.b4) & rot(empty, r.b8), rot(opp, r.b5) & rot(empty, r.b10)
}

// countJumps returns the number of legal moves of colour c when it may be able to
// capture (empty: the empty squares).
func (b *bulk) countJumps(c uint8, own, opp, kings, empty uint64) uint64 {
	if !b.simple() {
		return b.count(c, own, opp, kings)
	}
	r := &bulkRot[c]
	j4, j5 := jumpsFrom(r, opp, empty)
	on := j4 | j5 // squares from which a man's sequence goes on
	men := own &^ kings
	l4, l5 := rot(men&j4, r.f8), rot(men&j5, r.f10)
	n := bits.OnesCount64(l4&^on) + bits.OnesCount64(l5&^on)
	if (l4|l5)&on != 0 {
		n += int(b.goOnAll(r, l4&on, l5&on, j4, j5))
	}
	if k := own & kings; k != 0 {
		k &= on | rot(opp, r.f4)&rot(empty, r.f8) | rot(opp, r.f5)&rot(empty, r.f10)
		w := fastCounter{promo: fastPromo[c], men: b.g.manDirs[c], ends: b.ends}
		for ; k != 0; k &= k - 1 {
			bb := k & -k
			w.empty = empty | bb
			n += w.count(bb, true, opp)
		}
	}
	if n == 0 || !b.must {
		n += fastSimpleCount(c, own, kings, empty)
	}
	return uint64(n)
}

// goOnAll returns the number of sequences men go on with from the landing squares in
// l4 and l5 (a square in both stands for two sequences).
func (b *bulk) goOnAll(r *rotations, l4, l5, j4, j5 uint64) uint64 {
	n := 0
	for _, l := range [2]uint64{l4, l5} {
		for ; l != 0; l &= l - 1 {
			n += b.goOn(r, l&-l, j4, j5)
		}
	}
	return uint64(n)
}

// goOn returns the number of sequences a man goes on with from the bit at (j4, j5 as
// from jumpsFrom).
func (b *bulk) goOn(r *rotations, at, j4, j5 uint64) int {
	on := j4 | j5
	n := 0
	if at&j4 != 0 {
		if l := rot(at, r.f8); l&on != 0 {
			n += b.goOn(r, l, j4, j5)
		} else {
			n++
		}
	}
	if at&j5 != 0 {
		if l := rot(at, r.f10); l&on != 0 {
			n += b.goOn(r, l, j4, j5)
		} else {
			n++
		}
	}
	return n
}

// gen appends the legal moves of colour c (captures first, then the other moves by
// direction).
func (b *bulk) gen(dst []fmove, c uint8, own, opp, kings uint64) []fmove {
	r := &bulkRot[c]
	empty := fastValid &^ (own | opp)
	j4, j5 := jumpsFrom(r, opp, empty)
	jumpers := own & (j4 | j5)
	if k := own & kings; k != 0 || b.backMen {
		if !b.backMen {
			jumpers &^= k
		}
		jumpers |= (own&kings | own&^kings&b.allMen) & (j4 | j5 | rot(opp, r.f4)&rot(empty, r.f8) | rot(opp, r.f5)&rot(empty, r.f10))
	}
	if jumpers != 0 {
		dst = b.genJumps(dst, c, jumpers, opp, kings, empty, j4, j5)
		if b.must {
			return dst
		}
	}
	promo := b.promo[c]
	k := own & kings
	for t := rot(own, r.f4) & empty; t != 0; t &= t - 1 {
		tb := t & -t
		dst = append(dst, fmove{from: rot(tb, r.b4), to: tb, kto: tb & (promo | rot(kings, r.f4))})
	}
	for t := rot(own, r.f5) & empty; t != 0; t &= t - 1 {
		tb := t & -t
		dst = append(dst, fmove{from: rot(tb, r.b5), to: tb, kto: tb & (promo | rot(kings, r.f5))})
	}
	for t := rot(k, r.b4) & empty; t != 0; t &= t - 1 {
		tb := t & -t
		dst = append(dst, fmove{from: rot(tb, r.f4), to: tb, kto: tb})
	}
	for t := rot(k, r.b5) & empty; t != 0; t &= t - 1 {
		tb := t & -t
		dst = append(dst, fmove{from: rot(tb, r.f5), to: tb, kto: tb})
	}
	return dst
}

// genJumps appends the capture sequences of colour c's pieces in jumpers (j4, j5 as from
// jumpsFrom).
func (b *bulk) genJumps(dst []fmove, c uint8, jumpers, opp, kings, empty, j4, j5 uint64) []fmove {
	n0 := len(dst)
	if b.simple() {
		// Men by the squares alone; kings by the capture walk.
		r := &bulkRot[c]
		men := jumpers &^ kings
		jumpers &= kings
		for t := men & j4; t != 0; t &= t - 1 {
			from := t & -t
			dst = b.genOn(dst, c, from, rot(from, r.f8), rot(from, r.f4), j4, j5)
		}
		for t := men & j5; t != 0; t &= t - 1 {
			from := t & -t
			dst = b.genOn(dst, c, from, rot(from, r.f10), rot(from, r.f5), j4, j5)
		}
	}
	if jumpers != 0 {
		x := b.x
		x.ready(b.g, c, modeBulk)
		x.fm = dst
		for ; jumpers != 0; jumpers &= jumpers - 1 {
			from := bits.TrailingZeros64(jumpers)
			x.from = from
			x.empty = empty | 1<<uint(from)
			x.fastJump(from, kings>>uint(from)&1 != 0, opp)
		}
		dst, x.fm = x.fm, nil
	}
	if b.maxCap {
		dst = keepLongest(dst, n0)
	}
	return dst
}

// genOn appends the sequences of colour c's man from the bit from, which has landed on
// the bit at taking the pieces capt.
func (b *bulk) genOn(dst []fmove, c uint8, from, at, capt, j4, j5 uint64) []fmove {
	r := &bulkRot[c]
	if at&(j4|j5) == 0 {
		return append(dst, fmove{from: from, to: at, capt: capt, kto: at & b.promo[c]})
	}
	if at&j4 != 0 {
		dst = b.genOn(dst, c, from, rot(at, r.f8), capt|rot(at, r.f4), j4, j5)
	}
	if at&j5 != 0 {
		dst = b.genOn(dst, c, from, rot(at, r.f10), capt|rot(at, r.f5), j4, j5)
	}
	return dst
}

// keepLongest keeps, of the captures dst[n0:], those that take the most pieces
// (max_capture).
func keepLongest(dst []fmove, n0 int) []fmove {
	best := 0
	for _, m := range dst[n0:] {
		best = max(best, bits.OnesCount64(m.capt))
	}
	k := n0
	for _, m := range dst[n0:] {
		if bits.OnesCount64(m.capt) == best {
			dst[k] = m
			k++
		}
	}
	return dst[:k]
}
