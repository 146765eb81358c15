package mancala

import (
	"math/bits"
	"math/rand/v2"
	"unsafe"

	"github.com/kalahlab/kalahlab/core"
)

// The Kalah path: a whole sowing move of a Kalah-shaped game in one routine. A game is
// Kalah-shaped (kalahShaped) when its rules ask nothing of a move but one lap of sowing
// (or whole laps and one), at most one capture of the facing pit, an extra turn for a
// last seed in the own store, and an end that looks at the houses and the ply alone:
// two-row Kalah under every knob but four rows, and the descriptors like it. There a
// move is a straight run of word operations on the word board, with no call and no
// branch on the random move but the rare ones (whole laps, the end of the game), and
// Play keeps a small undo record (kalahUndo) instead of the word board's wordUndo.
// Moves the routine does not play (the pie rule's first plies and swap, a traced move)
// go through apply, the plain path, with the same record. The plan takes it (plan.kal)
// and TestPathsAgree holds it to the plain path.

// kalahPlan is what the Kalah path reads, compiled once from the game's tables.
type kalahPlan struct {
	// steps holds a kalahStep for every house of each side and every count of seeds
	// it can sow in one lap (1..eff); row[side][k] is the byte offset of house k's
	// entry for 0 seeds, house[side][k] its pit, eff[side] the pits of its lap.
	steps []kalahStep
	row   [2][maskHouses]int32
	house [2][maskHouses]uint8
	eff   [2]int
	nh    [2]int // the houses of a side
	// tab is each side's sowing table (relay4's), for the moves of whole laps.
	tab   [2]*sowTable
	store [2]int
	span  [2]uint
	// hmask is Game.houseMask, hbits Game.houseBits.
	hmask, hbits [2]uint64
	// capMask[side][p] is all ones when a last seed of side's move in pit p meets the
	// capture's conditions on where it falls (and a facing pit exists), facing[p] is
	// that pit; one and need: the capture needs the last pit to have been empty, and
	// seeds facing it; withLast: the capturing seed goes too (all ones).
	capMask  [2][smallPits]uint64
	facing   [smallPits]uint8
	one      bool
	need     bool
	withLast uint64
	// extra is all ones when a last seed in the own store moves again.
	extra uint64
	// either: the game ends when either side is empty (else when the mover has no
	// seeds); maxPlies is End.MaxPlies (0: none); owner: the seeds left go to their
	// owner at the end.
	either, owner bool
	maxPlies      int
	// lanes[side][w] has all ones in the lanes of side's houses in word w.
	lanes [2][smallWords]uint64
	// The start (Reset's position, as the plain Reset leaves it): the words, the
	// variables and the houses' bits.
	start [smallWords]uint64
	v0    vars
	ne0   uint64
	neOK0 bool
}

// kalahStep is one lap of a move, from a house with a given count, as a whole: what
// it adds to the words of the board (the seeds sown less those lifted) and to the
// pits' hash, the pit of the last seed, the pit facing it, whether a capture may
// take place there (capMask) and whether the mover moves again (all ones).
type kalahStep struct {
	d     [smallWords]uint64
	dh    uint64
	cap   uint64
	again uint64
	last  uint8
	face  uint8
	_     [6]byte
}

// kalahUndo is Play's undo record on the Kalah path: the board and the variables a
// Kalah-shaped game's moves change (apply's too: the pie rule's). A move is played
// from a position not over, whose scores are zero: Undo restores those.
type kalahUndo struct {
	b      [smallWords]uint64
	phash  uint64
	played int32
	side   uint8
	swap   bool
	pie    uint8
}

// save records s in u.
func (u *kalahUndo) save(s *State) {
	u.b = *(*[smallWords]uint64)(unsafe.Pointer(unsafe.SliceData(s.pits)))
	u.phash, u.played = s.v.phash, s.v.played
	u.side, u.swap, u.pie = s.v.side, s.v.swapped, s.v.pie
}

// kalahShaped reports whether g's rules admit the Kalah path (see above): the classic
// loop with the relay4 tables in one direction and no relay, the word board's move
// list, at most one capture and that computed (captureOne) with no count condition
// but "empty before", no mark, move rule, setup, round, pass, hook, repetition or
// majority rule, a position string without ply counts, and fewer than 1<<15 seeds.
func (g *Game) kalahShaped() bool {
	if g.ext || g.anyHook || g.marks || g.keeps || g.rounds || g.slowMoves || g.filter || g.keepPly ||
		g.nwords == 0 || g.nwords > smallWords || !g.quickList || g.houseBits[0] == 0 || g.houseBits[1] == 0 ||
		g.minSeeds != 1 || g.total >= 1<<15 || !kalahRules(&g.r) {
		return false
	}
	dir := g.dirOf(0)
	if g.tab4[0][dir] == nil || g.tab4[1][dir] == nil {
		return false
	}
	switch len(g.caps) {
	case 0:
		return true
	case 1:
		c := &g.caps[0]
		empty := c.counts == 1<<1 && !c.big
		any := c.counts == ^uint64(0) && c.big
		return g.oneCap && (empty || any)
	}
	return false
}

// kalahRules reports whether r's move, sowing and end rules are the Kalah path's
// (kalahShaped: the rest is in what New compiled).
func kalahRules(r *Rules) bool {
	e := &r.End
	return !r.MustFeed && !r.NoStarve && !r.Pass && r.Setup.Moves == 0 &&
		r.Sowing.Relay == NoRelay && r.Sowing.Direction != Chosen && !r.Sowing.OriginFirst &&
		!e.Majority && e.LeftAtMost == 0 && e.Repeats == 0 && (e.When == EitherSideEmpty || e.When == MoverCannotMove)
}

// compileKalah returns the Kalah path's plan when g is Kalah-shaped, else nil.
func (g *Game) compileKalah() *kalahPlan {
	if !g.kalahShaped() {
		return nil
	}
	dir := g.dirOf(0)
	kp := &kalahPlan{store: g.store, hmask: g.houseMask, hbits: g.houseBits,
		either: g.r.End.When == EitherSideEmpty, owner: g.r.End.Remaining == ToOwner, maxPlies: g.r.End.MaxPlies}
	for side := range 2 {
		for _, p := range g.houses[side] {
			kp.lanes[side][p>>2] |= 0xffff << lane(p)
		}
	}
	if g.r.ExtraTurn {
		kp.extra = ^uint64(0)
	}
	for side := 0; side < 2; side++ {
		kp.tab[side] = g.tab4[side][dir]
		kp.span[side] = uint(g.span[side])
		kp.eff[side] = kp.tab[side].eff
		kp.nh[side] = len(g.houses[side])
	}
	for p := range g.npits {
		kp.facing[p] = uint8(p)
	}
	if len(g.caps) == 1 {
		c := &g.caps[0]
		kp.one = c.counts == 1<<1
		kp.need = c.NeedSeeds
		kp.withLast = g.withLast
		for p := range g.npits {
			kp.facing[p] = uint8(g.facing[p])
			for side := 0; side < 2; side++ {
				if c.at[side][p] && g.facing[p] != p {
					kp.capMask[side][p] = ^uint64(0)
				}
			}
		}
	}
	kp.compileSteps(g)
	// The start, from the plain Reset (a game compiled without the path).
	plain := *g
	plain.kal = nil
	st := plain.Start()
	kp.start = *(*[smallWords]uint64)(unsafe.Pointer(unsafe.SliceData(st.pits)))
	kp.v0, kp.ne0, kp.neOK0 = st.v, st.ne, st.neOK
	return kp
}

// kalahReset is Reset on the Kalah path: the start compiled.
func (s *State) kalahReset(kp *kalahPlan) {
	*(*[smallWords]uint64)(unsafe.Pointer(unsafe.SliceData(s.pits))) = kp.start
	s.v = kp.v0
	s.ply, s.total = 0, s.g.total
	s.khist, s.hashes = s.khist[:0], s.hashes[:0]
	s.legalOK, s.ne, s.neOK = false, kp.ne0, kp.neOK0
}

// compileSteps fills the steps of kp: each lap of at most eff seeds from each house,
// as relay4's last lap sows it.
func (kp *kalahPlan) compileSteps(g *Game) {
	const size = int32(unsafe.Sizeof(kalahStep{}))
	for side := 0; side < 2; side++ {
		t := kp.tab[side]
		for k, from := range g.houses[side] {
			kp.house[side][k] = uint8(from)
			kp.row[side][k] = int32(len(kp.steps)) * size
			lo := &t.pre4[t.at[from]+1] // its pit is the origin
			for seeds := 0; seeds <= t.eff; seeds++ {
				hi := &t.pre4[t.at[from]+1+seeds]
				n := uint64(seeds)
				var st kalahStep
				for w := range st.d {
					st.d[w] = hi.b[w] - lo.b[w] - n*lo.one[w]
				}
				last := int(hi.pit)
				st.dh = hi.h - lo.h - n*lo.key
				st.last, st.face, st.cap = uint8(last), kp.facing[last], kp.capMask[side][last]
				if last == g.store[side] {
					st.again = kp.extra
				}
				kp.steps = append(kp.steps, st)
			}
		}
	}
}

// kalahMove plays side's sowing of its house k on the Kalah path: the lap, the
// capture, the change of movers and the end check (apply's work, for these rules),
// filling the undo record u first unless it is nil (Play's, in the same call).
func (s *State) kalahMove(kp *kalahPlan, side, k int, u *kalahUndo) {
	b := (*[smallWords]uint64)(unsafe.Pointer(unsafe.SliceData(s.pits)))
	if u != nil {
		u.save(s)
	}
	side &= 1
	k &= maskHouses - 1
	from := int(kp.house[side][k]) & (smallPits - 1)
	seeds := int(b[from>>2]>>lane(from)) & 0xffff
	var st *kalahStep
	if seeds <= kp.eff[side] {
		// One lap, the whole of it from the table. Unchecked: row and seeds are in
		// the steps compiled.
		st = (*kalahStep)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(kp.steps)),
			int(kp.row[side][k])+seeds*int(unsafe.Sizeof(kalahStep{}))))
		b[0] += st.d[0]
		b[1] += st.d[1]
		b[2] += st.d[2]
		b[3] += st.d[3]
		s.v.phash += st.dh
	} else {
		st = s.kalahLaps(kp, side, from)
	}
	last := int(st.last) & (smallPits - 1)
	// The capture (captureOne's): whether it applies is computed; it is applied in a
	// branch, rarely taken.
	n := b[last>>2] >> lane(last) & 0xffff
	ok := st.cap
	if kp.one {
		ok &= -uint64(b2u(n == 1))
	}
	if kp.need {
		o := int(st.face) & (smallPits - 1)
		ok &= -uint64(b2u(b[o>>2]>>lane(o)&0xffff != 0))
	}
	if ok != 0 {
		s.kalahCapture(kp, b, side, last, int(st.face)&(smallPits-1), n)
	}
	// The next mover, and the end.
	next := side ^ int(1&^st.again)
	s.v.side = uint8(next)
	s.v.played++
	s.ply++
	ne := lanesSet15(b[0], b[1], b[2], b[3])
	s.ne, s.neOK, s.legalOK = ne, true, false
	var over bool
	if kp.either {
		over = ne&kp.hbits[0] == 0 || ne&kp.hbits[1] == 0
	} else {
		over = ne>>(kp.span[next]&63)&kp.hmask[next] == 0
	}
	if over || (kp.maxPlies > 0 && s.ply >= kp.maxPlies) {
		s.kalahFinish(kp)
	}
}

// kalahFinish is finish on the Kalah path: with the seeds left going to their owner,
// each side's houses are emptied into its store by word (a lane sum is one
// multiplication: fewer than 1<<15 seeds), and the pits' hash is the stores' alone.
func (s *State) kalahFinish(kp *kalahPlan) {
	if !kp.owner {
		s.finish(s.g.r.End.Remaining)
		return
	}
	s.v.over, s.v.pie = true, pieDone
	s.changed()
	b := (*[smallWords]uint64)(unsafe.Pointer(unsafe.SliceData(s.pits)))
	const sum = 0x0001_0001_0001_0001 // lane j times sum: every lane's total in lane 3
	var left [2]uint64
	for w := range smallWords {
		left[0] += (b[w] & kp.lanes[0][w]) * sum >> 48
		left[1] += (b[w] & kp.lanes[1][w]) * sum >> 48
		b[w] &^= kp.lanes[0][w] | kp.lanes[1][w]
	}
	keys := &s.g.wkeys
	var h uint64
	for side := range 2 {
		st := kp.store[side] & (smallPits - 1)
		b[st>>2] += left[side] << lane(st)
		n := b[st>>2] >> lane(st) & 0xffff
		h += keys[st] * n
		s.v.score[side] = 2 * int32(n)
	}
	s.v.phash = h
}

// lanesSet15 is lanesSet for counts below 1<<15 (a Kalah-shaped game's: kalahShaped):
// adding 0x7fff to such a lane sets its top bit exactly when it is not zero, and
// carries into no other lane.
func lanesSet15(w0, w1, w2, w3 uint64) uint64 {
	const low15, tops = 0x7fff_7fff_7fff_7fff, 0x8000_8000_8000_8000
	const gather = 1<<48 | 1<<33 | 1<<18 | 1<<3
	return ((w0+low15)&tops>>15 | (w1+low15)&tops>>11 | (w2+low15)&tops>>7 | (w3+low15)&tops>>3) * gather >> 48
}

// kalahCapture takes the seeds facing last (and the last seed, n of them, with
// WithLast) into side's store.
func (s *State) kalahCapture(kp *kalahPlan, b *[smallWords]uint64, side, last, o int, n uint64) {
	c := b[o>>2&3] >> lane(o) & 0xffff
	tl := n & kp.withLast
	st := kp.store[side] & (smallPits - 1)
	b[o>>2&3] -= c << lane(o)
	b[last>>2&3] -= tl << lane(last)
	b[st>>2] += (c + tl) << lane(st)
	keys := &s.g.wkeys
	s.v.phash += keys[st]*(c+tl) - keys[o]*c - keys[last]*tl
}

// kalahLaps sows a move of whole laps and more from pit from (relay4 sows them in
// bulk) and returns its step, built for the pit of the last seed.
//
//go:noinline
func (s *State) kalahLaps(kp *kalahPlan, side, from int) *kalahStep {
	last := s.relay4(kp.tab[side], from)
	st := &s.kstep
	*st = kalahStep{last: uint8(last), face: kp.facing[last], cap: kp.capMask[side][last]}
	if last == kp.store[side] {
		st.again = kp.extra
	}
	return st
}

// kalahMoves appends the mover's moves on the Kalah path (LegalMoves once the pie
// rule is settled, with room for 16 more moves): the houses holding seeds, from the
// bits the last move cached.
func (s *State) kalahMoves(kp *kalahPlan, dst []core.Move) []core.Move {
	side := s.v.side & 1
	hs := s.ne >> (kp.span[side] & 63) & kp.hmask[side]
	n := len(dst) // hs < 128: at most 7 houses a side on 16 pits
	if hs > 255 { // never, but it keeps the compiler's bounds check off the table
		hs = 0
	}
	*(*[8]core.Move)(dst[n : n+8]) = movesOf[hs]
	return dst[:n+bits.OnesCount64(hs)]
}

// kalahApply is apply on the Kalah path: sowings once the pie rule is settled go
// through kalahMove, the rest (and a traced move) through apply.
func (s *State) kalahApply(kp *kalahPlan, m core.Move) {
	if kp.sows(s, m) {
		s.kalahMove(kp, int(s.v.side), int(m), nil)
		return
	}
	s.apply(m)
}

// sows reports whether the Kalah path plays m in s itself (kalahMove): a sowing once
// the pie rule is settled, not traced. Play and Apply send the rest to apply.
func (kp *kalahPlan) sows(s *State, m core.Move) bool {
	return uint(m) < uint(kp.nh[s.v.side&1]) && s.v.pie == pieDone && !s.tracing
}

// kalahRecord returns a new undo record on top of khist.
func (s *State) kalahRecord() *kalahUndo {
	if n := len(s.khist); n < cap(s.khist) {
		s.khist = s.khist[:n+1]
		return &s.khist[n]
	}
	s.khist = append(s.khist, kalahUndo{})
	return &s.khist[len(s.khist)-1]
}

// kalahPlain records s in u and plays m through apply.
func (s *State) kalahPlain(u *kalahUndo, m core.Move) {
	u.save(s)
	s.apply(m)
}

// kalahUndo takes back the last Play on the Kalah path.
func (s *State) kalahUndo() bool {
	n := len(s.khist)
	if n == 0 {
		return false
	}
	u := &s.khist[n-1]
	*(*[smallWords]uint64)(unsafe.Pointer(unsafe.SliceData(s.pits))) = u.b
	s.v.phash, s.v.score, s.v.played = u.phash, [2]int32{}, u.played
	s.v.side, s.v.over, s.v.swapped, s.v.pie = u.side, false, u.swap, u.pie
	s.khist = s.khist[:n-1]
	s.changed()
	s.ply--
	return true
}

// PlayRandom plays the game out with uniformly random legal moves, without undo
// records, and returns the plies played (core.RandomPlayer): each move is the legal
// move at index r.IntN(n) of LegalMoves, so the game is the one a loop of LegalMoves,
// IntN and Play would play (MCTS's plain rollout). On the Kalah path the moves are
// drawn from the houses' bits, with no list.
func (s *State) PlayRandom(r *rand.Rand) int {
	ply0 := s.ply
	if kp := s.g.kal; kp != nil {
		for !s.v.over {
			if s.v.pie != pieDone || s.tracing || !s.neOK {
				s.randomPly(r)
				continue
			}
			side := int(s.v.side)
			hs := s.ne >> (kp.span[side] & 63) & kp.hmask[side]
			s.kalahMove(kp, side, kthBit(hs, r.IntN(bits.OnesCount64(hs))), nil)
		}
		return s.ply - ply0
	}
	for !s.v.over && s.randomPly(r) {
	}
	return s.ply - ply0
}

// randomPly plays one move drawn as PlayRandom draws it, and reports whether there
// was one.
func (s *State) randomPly(r *rand.Rand) bool {
	var buf [64]core.Move
	moves := s.LegalMoves(buf[:0])
	if len(moves) == 0 {
		return false
	}
	s.Apply(moves[r.IntN(len(moves))])
	return true
}

// kthBit returns the index of the k-th set bit of x (from 0, lowest first; x has
// more than k set bits, and at most 16).
func kthBit(x uint64, k int) int {
	lo := x & 255
	if c := bits.OnesCount64(lo); k >= c {
		return int(movesOf8[x>>8&255][(k-c)&7])
	}
	return int(movesOf[lo][k&7])
}

// offKalahPath takes g off the Kalah path, which calls no hook: a hooked game (WithHooks)
// and a traced one (traced) play their moves on the plain path.
func (g *Game) offKalahPath() { g.kal, g.can.kal, g.plan.kal = nil, false, false }
