package checkers

import (
	"slices"

	"github.com/kalahlab/kalahlab/core"
)

// The generic engine plays every size and flying kings: sets of square indices and a
// table of diagonal neighbours. Captured pieces stay on the board until the move ends.

// candidate is one jump: the square landed on and the piece jumped.
type candidate struct{ land, mid int8 }

// jumpable reports whether the piece on sq may be jumped now.
func (x *jumpCtx) jumpable(sq int) bool { return x.opp.has(sq) && !x.capt.has(sq) }

// genJump walks on from square sq.
func (x *jumpCtx) genJump(sq int, king bool) {
	g := x.g
	var cand [4 * maxSize]candidate
	nc := 0
	dirs := x.manDirs
	if king {
		dirs = 15
	}
	for d := 0; d < 4; d++ {
		if dirs>>uint(d)&1 == 0 {
			continue
		}
		if king && x.flying {
			nc = x.flyingJumps(&cand, nc, sq, d)
			continue
		}
		t := int(g.nb[sq][d])
		if t < 0 || !x.jumpable(t) {
			continue
		}
		l := int(g.nb[t][d])
		if l < 0 || x.occ.has(l) {
			continue
		}
		cand[nc] = candidate{int8(l), int8(t)}
		nc++
	}
	if nc == 0 {
		if x.n > 0 {
			x.leaf(sq, king)
		}
		return
	}
	sortByLanding(cand[:nc])
	for _, c := range cand[:nc] {
		l, t := int(c.land), int(c.mid)
		x.path[x.n] = uint8(l)
		x.n++
		x.capt.add(t)
		switch {
		case king || !x.promoSet.has(l):
			x.genJump(l, king)
		case x.ends:
			x.leaf(l, true)
		default:
			x.genJump(l, true)
		}
		x.n--
		x.capt.del(t)
		if x.done {
			return
		}
	}
}

// flyingJumps adds to cand[nc:] the jumps of a flying king on sq in direction d, over
// the first piece in line onto any empty square beyond it, and returns the new count.
// A flying king lands where it can go on capturing, if it can anywhere.
func (x *jumpCtx) flyingJumps(cand *[4 * maxSize]candidate, nc, sq, d int) int {
	g := x.g
	t := int(g.nb[sq][d])
	for t >= 0 && !x.occ.has(t) {
		t = int(g.nb[t][d])
	}
	if t < 0 || !x.jumpable(t) {
		return nc
	}
	first := nc
	for l := int(g.nb[t][d]); l >= 0 && !x.occ.has(l); l = int(g.nb[l][d]) {
		cand[nc] = candidate{int8(l), int8(t)}
		nc++
	}
	if nc-first <= 1 {
		return nc
	}
	x.capt.add(t)
	keep := first
	for i := first; i < nc; i++ {
		if x.canJump(int(cand[i].land), true) {
			cand[keep] = cand[i]
			keep++
		}
	}
	x.capt.del(t)
	if keep > first {
		return keep
	}
	return nc
}

// sortByLanding sorts a few jumps by the square they land on (insertion sort: no
// allocation, and there are at most a handful).
func sortByLanding(cand []candidate) {
	for i := 1; i < len(cand); i++ {
		for j := i; j > 0 && cand[j].land < cand[j-1].land; j-- {
			cand[j], cand[j-1] = cand[j-1], cand[j]
		}
	}
}

// canJump reports whether a piece on sq (a king when king) can capture now.
func (x *jumpCtx) canJump(sq int, king bool) bool {
	g := x.g
	dirs := x.manDirs
	if king {
		dirs = 15
	}
	for d := 0; d < 4; d++ {
		if dirs>>uint(d)&1 == 0 {
			continue
		}
		t := int(g.nb[sq][d])
		if king && x.flying {
			for t >= 0 && !x.occ.has(t) {
				t = int(g.nb[t][d])
			}
		}
		if t < 0 || !x.jumpable(t) {
			continue
		}
		if l := int(g.nb[t][d]); l >= 0 && !x.occ.has(l) {
			return true
		}
	}
	return false
}

// genStart readies the walk for the piece on square from.
func (s *State) genStart(x *jumpCtx, from int) {
	x.from = from
	x.occ = s.p.pcs[0].or(s.p.pcs[1])
	x.occ.del(from)
	x.opp = s.p.pcs[s.p.side^1]
}

// genSimple appends the non-capturing moves of the piece on from, by destination.
func (s *State) genSimple(dst []core.Move, from int, king bool) []core.Move {
	g := s.g
	occ := s.p.pcs[0].or(s.p.pcs[1])
	dirs := g.manMoves[s.p.side]
	if king {
		dirs = 15
	}
	n0 := len(dst)
	for d := 0; d < 4; d++ {
		if dirs>>uint(d)&1 == 0 {
			continue
		}
		for t := int(g.nb[from][d]); t >= 0 && !occ.has(t); t = int(g.nb[t][d]) {
			dst = append(dst, simpleCode(from, t))
			if !king || !g.r.FlyingKings {
				break
			}
		}
	}
	if g.r.FlyingKings && king {
		slices.Sort(dst[n0:])
	}
	return dst
}

// genericLegal is LegalMoves on the generic engine.
func (s *State) genericLegal(dst []core.Move) []core.Move {
	own := s.p.pcs[s.p.side]
	n0 := len(dst)
	x := s.jumps(modeCollect)
	x.dst, x.lens = dst, s.lens[:0]
	for sq := own.next(0); sq >= 0; sq = own.next(sq + 1) {
		start, lstart := len(x.dst), len(x.lens)
		s.genStart(x, sq)
		x.genJump(sq, s.p.kings.has(sq))
		x.pieceDone(start, lstart)
	}
	dst, s.lens = x.dst, x.lens
	x.dst = nil
	if len(dst) > n0 {
		dst = s.capturesDone(dst, n0)
		if s.g.r.MustCapture {
			return dst
		}
	}
	caps := len(dst) > n0
	for sq := own.next(0); sq >= 0; sq = own.next(sq + 1) {
		dst = s.genSimple(dst, sq, s.p.kings.has(sq))
	}
	if caps {
		slices.Sort(dst[n0:])
	}
	return dst
}

// genericHasMove reports whether the side to move can move.
func (s *State) genericHasMove() bool {
	g := s.g
	own := s.p.pcs[s.p.side]
	occ := s.p.pcs[0].or(s.p.pcs[1])
	x := s.jumps(modeCount)
	for sq := own.next(0); sq >= 0; sq = own.next(sq + 1) {
		king := s.p.kings.has(sq)
		dirs := g.manMoves[s.p.side]
		if king {
			dirs = 15
		}
		for d := 0; d < 4; d++ {
			if dirs>>uint(d)&1 != 0 {
				if t := int(g.nb[sq][d]); t >= 0 && !occ.has(t) {
					return true
				}
			}
		}
		s.genStart(x, sq)
		if x.canJump(sq, king) {
			return true
		}
	}
	return false
}

// genericPlay applies m on the generic engine; it returns the square where a man was
// crowned, or -1. The side to move is not changed.
func (s *State) genericPlay(m core.Move) int {
	c := s.p.side
	from, to := moveFrom(m), moveTo(m)
	if from >= s.g.squares || to >= s.g.squares {
		return -1
	}
	king := s.p.kings.has(from)
	kind := int(c)
	if king {
		kind += 2
	}
	h := s.p.hash ^ zob[kind][from]
	endKing := king
	if isCapture(m) {
		x := s.jumps(modeFind)
		s.genStart(x, from)
		x.target, x.want = to, int(m&codeIdx)
		x.genJump(from, king)
		if x.done {
			endKing = x.endKing
			capt := x.foundCapt
			for t := capt.next(0); t >= 0; t = capt.next(t + 1) {
				k := int(c ^ 1)
				if s.p.kings.has(t) {
					k += 2
				}
				h ^= zob[k][t]
			}
			s.p.pcs[c^1] = s.p.pcs[c^1].andNot(capt)
			s.p.kings = s.p.kings.andNot(capt)
		}
		s.p.quiet = 0
	} else {
		if !king && s.g.promo[c].has(to) {
			endKing = true
		}
		if king {
			s.p.quiet++
		} else {
			s.p.quiet = 0
		}
	}
	s.p.pcs[c].del(from)
	s.p.pcs[c].add(to)
	s.p.kings.del(from)
	if endKing {
		s.p.kings.add(to)
		kind = int(c) + 2
	}
	s.p.hash = h ^ zob[kind][to]
	if endKing && !king {
		return to
	}
	return -1
}
