package mancala

import (
	"math/bits"
	"unsafe"

	"github.com/kalahlab/kalahlab/core"
)

// The word board. A position's counts are 16-bit, four to a 64-bit word: State.pits
// is a view of whole words (newPits), so one addition of a word adds to four pits at
// once. A lap sowing k seeds from a lap position drops one seed in each of the k pits
// after it. On a board of at most 32 pits each lap has a table of prefix sums of the
// lap walked twice (sowTable: the first j positions as words, their hash, the pit at
// position j-1), so those k seeds are the difference of two entries, added a word at
// a time, with no loop over the seeds and no branch on their count. No lane can carry
// into the next: a pit never holds more than the MaxSeeds seeds in play. The houses
// holding seeds come from the words with one multiplication (lanesSet), and the move
// list from a table (sowableWords).

// boardWords is the size of the word board: 32 pits.
const boardWords = 8

// wordBoard is the counts of a board of at most 32 pits, by word.
type wordBoard = [boardWords]uint64

// newPits returns zeroed counts for n pits backed by whole 64-bit words, at least a
// word board's.
func newPits(n int) []uint16 {
	w := make([]uint64, max((n+3)/4, boardWords))
	return unsafe.Slice((*uint16)(unsafe.Pointer(unsafe.SliceData(w))), n)
}

// newMarks returns zeroed marks for n pits, with room for the word board's 32 (a
// wordUndo copies them whole).
func newMarks(n int) []int8 {
	return make([]int8, n, max(n, 4*boardWords))
}

// wordUndo is the undo record of a move on the word board: the pits and marks as
// fixed-size arrays, and the variables.
type wordUndo struct {
	b wordBoard
	m [4 * boardWords]int8
	v vars
}

// pushWords records the position in whist (Play on the word board).
func (s *State) pushWords() {
	if n := len(s.whist); n < cap(s.whist) {
		s.whist = s.whist[:n+1] // no zeroing: what popWords reads back is written below
	} else {
		s.whist = append(s.whist, wordUndo{})
	}
	u := &s.whist[len(s.whist)-1]
	u.b = *s.board()
	if s.marks != nil {
		u.m = *(*[4 * boardWords]int8)(s.marks[:4*boardWords])
	}
	u.v = s.v
}

// popWords restores the position before the last Play from whist.
func (s *State) popWords() bool {
	if len(s.whist) == 0 {
		return false
	}
	u := &s.whist[len(s.whist)-1]
	*s.board() = u.b
	if s.marks != nil {
		*(*[4 * boardWords]int8)(s.marks[:4*boardWords]) = u.m
	}
	s.v = u.v
	s.whist = s.whist[:len(s.whist)-1]
	return true
}

// board returns the word board of s (a board of at most 32 pits).
func (s *State) board() *wordBoard {
	return (*wordBoard)(unsafe.Pointer(unsafe.SliceData(s.pits)))
}

// lane returns the shift of pit p's count in its word.
func lane(p int) uint {
	return uint((p&3)^laneXor) * 16 & 63
}

// sowTable is the table of one side's lap in one direction: prefix sums of the lap
// walked twice, so that the seeds dropped from one lap position to another, wrapping
// round or not, are the difference of two entries.
type sowTable struct {
	n, w int // pits on the lap; words the board needs
	// pre[j] is the first j positions of the lap walked twice, for j in 0..2n (see
	// prefix). One seed in each of the k pits after lap position pos is
	// pre[pos+1+k].b-pre[pos+1].b, lane by lane, with no borrow.
	pre []prefix
	// pre4 is pre in prefix4 entries, on boards of at most 16 pits.
	pre4 []prefix4
	// at is Game.at for the lap.
	at []int
	// lap is one seed in every pit of the lap, and lapKey its hash.
	lap    wordBoard
	lapKey uint64
	// keys is Game.wkeys.
	keys *[4 * boardWords]uint64
	// The sowing rules: eff is the pits a lap sows (the origin skipped or not).
	eff                        int
	skip, originFirst, relayOn bool
}

// prefix4 is prefix for relay4 (boards of at most 16 pits), with what a lap lifting
// from the entry's pit needs (one, key, next); 128 bytes, a shift away from the next.
type prefix4 struct {
	b     [4]uint64
	one   [4]uint64 // one seed in pit: a lift of k seeds from pit is k times one
	h     uint64
	key   uint64 // the hash key of pit
	pit   int32
	pos   int32 // the lap position of pit (j-1 mod n)
	next  int32 // the byte offset of entry pos+2, where a relay from pit begins
	relay bool  // the rules relay and the pit is a house
	_     [35]byte
}

// prefix is an entry of a sowTable: b holds one seed in each pit of the first j
// positions of the lap walked twice (a lane holds 0, 1 or 2), h is their hash, and pit
// is the pit at position j-1 (pos on the lap), a house or not.
type prefix struct {
	h     uint64
	pit   int32
	pos   int32 // the lap position of pit (j-1 mod n): where a relay from it starts
	house bool
	// foreign counts the opponent's houses among the j positions (Must's
	// ReachOrEmpty: a lap that sows one reaches the opponent).
	foreign int32
	b       wordBoard
}

// compileTables builds the word tables (on boards of at most 32 pits): the sowing
// tables of the laps the game sows along, the house masks and the padded keys.
func (g *Game) compileTables() {
	if g.npits > wordPits {
		return
	}
	copy(g.wkeys[:], g.keys)
	w := (g.npits + 3) / 4
	g.nwords = w
	var pits [4 * boardWords]uint16
	words := (*wordBoard)(unsafe.Pointer(&pits))
	for side := 0; side < 2; side++ {
		if h := len(g.houses[side]); g.span[side] >= 0 && h <= maskHouses && g.minSeeds == 1 && laneXor == 0 {
			g.houseMask[side] = 1<<h - 1
		}
		if laneXor == 0 && !g.keeps {
			for _, p := range g.houses[side] {
				g.houseBits[side] |= 1 << p
			}
		}
	}
	g.wordMoves = g.houseMask[0] != 0 && g.houseMask[1] != 0 && !g.slowMoves
	g.quickList = g.wordMoves && g.r.Sowing.Direction != Chosen && g.r.Setup.Moves == 0
	dirs := []int{0}
	switch {
	case g.r.Sowing.Direction == Chosen || g.hdir != nil:
		dirs = []int{0, 1}
	case g.r.Sowing.Direction == Clockwise:
		dirs = []int{1}
	}
	for side := 0; side < 2; side++ {
		for _, dir := range dirs {
			lap := g.lap[side][dir]
			n := len(lap)
			sw := &g.r.Sowing
			if n-int(b2u(sw.SkipOrigin)) <= 0 {
				continue // only the origin on the lap, and skipped
			}
			t := &sowTable{n: n, w: w, pre: make([]prefix, 2*n+1), at: g.at[side][dir],
				eff: n - int(b2u(sw.SkipOrigin)), skip: sw.SkipOrigin, originFirst: sw.OriginFirst,
				relayOn: g.r.Sowing.Relay != NoRelay}
			clear(pits[:])
			for _, p := range lap {
				pits[p] = 1
				t.lapKey += g.keys[p]
			}
			t.lap = *words
			clear(pits[:])
			for j := range 2 * n {
				p := lap[j%n]
				pits[p]++
				t.pre[j+1] = prefix{h: t.pre[j].h + g.keys[p], pit: int32(p), pos: int32(j % n), house: g.house[p],
					foreign: t.pre[j].foreign + int32(b2u(g.foreign[side][p])), b: *words}
			}
			if w <= smallWords {
				t.pre4 = make([]prefix4, 64) // 2n+1 entries used, 64 to index with no check
				for j, e := range t.pre {
					var one [4]uint64
					one[e.pit>>2&3] = 1 << lane(int(e.pit))
					t.pre4[j] = prefix4{b: [4]uint64(e.b[:4]), one: one, h: e.h, key: g.keys[e.pit], pit: e.pit, pos: e.pos,
						next: (e.pos + 2) * int32(unsafe.Sizeof(prefix4{})), relay: e.house && t.relayOn}
				}
			}
			t.keys = &g.wkeys
			g.tab[side][dir] = t
			if t.pre4 != nil && !t.originFirst {
				g.tab4[side][dir] = t
			}
		}
	}
}

// houseSet returns side's houses holding seeds as bits from its house 0, from ne
// (nonEmpty's bits; Game.wordMoves).
func (g *Game) houseSet(ne uint64, side int) uint64 {
	return ne >> (uint(g.span[side]) & 63) & g.houseMask[side]
}

// feedTrials reports whether must feed asks for trial sowings: the rule is on and
// the opponent's houses, in ne (nonEmpty's bits), are empty.
func (g *Game) feedTrials(ne uint64, side int) bool {
	return g.r.MustFeed && ne&g.houseBits[1-side] == 0
}

// nonEmptyCached returns a bit set of the pits holding seeds, bit p for pit p, on the
// word board of a little-endian machine (laneXor 0), with no branch and no loop: each
// word gives four bits (see lanesSet).
func (s *State) nonEmptyCached() uint64 {
	if !s.neOK {
		s.ne, s.neOK = s.nonEmpty(), true
	}
	return s.ne
}

// nonEmpty is nonEmptyCached without the cache.
func (s *State) nonEmpty() uint64 {
	b := s.board()
	m := lanesSet(b[0], b[1], b[2], b[3])
	if s.g.nwords > 4 {
		m |= lanesSet(b[4], b[5], b[6], b[7]) << 16
	}
	return m
}

// lanesSet returns 16 bits, bit 4i+j set when lane j of word wi is not zero. A lane's
// top bit is set when the lane is not zero (its low 15 bits plus 0x7fff carry into
// it); word i's top bits are shifted to 16j+4i, and one multiplication moves each to
// 48+4i+j (no two partial products share a bit, so nothing carries).
func lanesSet(w0, w1, w2, w3 uint64) uint64 {
	const gather = 1<<48 | 1<<33 | 1<<18 | 1<<3
	return (laneTops(w0)>>15 | laneTops(w1)>>11 | laneTops(w2)>>7 | laneTops(w3)>>3) * gather >> 48
}

// laneTops sets the top bit of each lane of x that is not zero, and clears the rest.
func laneTops(x uint64) uint64 {
	const low15 = 0x7fff_7fff_7fff_7fff
	return (((x & low15) + low15) | x) &^ low15
}

// movesOf[m] lists the bits set in the byte m as moves, in ascending order (the rest
// of the row is padding).
var movesOf = func() (t [256][8]core.Move) {
	for m := range t {
		k := 0
		for b := 0; b < 8; b++ {
			if m>>b&1 != 0 {
				t[m][k] = core.Move(b)
				k++
			}
		}
	}
	return t
}()

// movesOf8 is movesOf for the second byte: houses 8..15.
var movesOf8 = func() (t [256][8]core.Move) {
	for m := range t {
		for k, mv := range movesOf[m] {
			t[m][k] = mv + 8
		}
	}
	return t
}()

// sowableWords appends the houses of houses, a bit set of a side's houses holding
// seeds (bit k for the side's house k, at most 16), as moves with no branch on the
// counts: the rows of movesOf and movesOf8 for its bytes. dst must have room for 16
// more moves.
func sowableWords(dst []core.Move, houses uint64) []core.Move {
	n := len(dst)
	lo := houses & 255
	*(*[8]core.Move)(dst[n : n+8]) = movesOf[lo]
	n += bits.OnesCount64(lo)
	if houses > 255 {
		*(*[8]core.Move)(dst[n : n+8]) = movesOf8[houses>>8&255]
	}
	return dst[:len(dst)+bits.OnesCount64(houses)]
}

// relayWords is sow on the word board: it lifts house from and sows its seeds along
// the lap of t, the origin sown first or skipped on laps as the rules say, whole laps
// in bulk, seeds falling in marked pits moved to the mark owner's store, relaying as
// the rules say. It returns the pit of the last seed.
//
// A relay is a chain: each lap starts where the last ended, with the count there. The
// loop keeps that chain short: the next lap's position comes with the last entry
// (no branch on wrapping round), and the last pit's count is read before this lap's
// seeds are added (it gains exactly one), so the read need not wait for the
// additions.
func (s *State) relayWords(t *sowTable, from int) int {
	b := s.board()
	pits := (*[4 * boardWords]uint16)(unsafe.Pointer(b))
	keys := t.keys
	pre, eff := t.pre, t.eff
	marks := s.v.mbits != 0
	h := s.v.phash
	pos := t.at[from]
	from &= 4*boardWords - 1
	seeds := int(pits[from])
	last, laps := from, 1
	for ; ; laps++ {
		if t.originFirst && seeds > 1 {
			seeds-- // the first seed goes back into the origin
		}
		wf, sh := &b[from>>2&(boardWords-1)], lane(from)
		*wf -= uint64(seeds) << sh
		h -= keys[from] * uint64(seeds)
		q := uint64(0) // whole laps
		if seeds > eff {
			q = uint64((seeds - 1) / eff)
			for i, m := range t.lap[:t.w] {
				b[i] += m * q
			}
			h += q * t.lapKey
			if t.skip {
				*wf -= q << sh
				h -= q * keys[from]
			}
			seeds -= int(q) * eff
		}
		// At most eff seeds are left: they never come round to a skipped origin, and
		// each pit takes at most one.
		if seeds == 0 {
			last = from
			break
		}
		end := pos + seeds
		hi, lo := &pre[end+1], &pre[pos+1]
		last = int(hi.pit) & (4*boardWords - 1)
		count := pits[last] + 1
		h += t.addSpan(b, hi, lo)
		if marks {
			h = s.unmark(t, hi, lo, q, h)
			count = pits[last]
		}
		if !t.relayOn || !hi.house || count <= 1 || laps >= MaxRelay {
			break
		}
		from, seeds, pos = last, int(count), int(hi.pos)
	}
	s.v.phash = h
	return last
}

// relay4 is relayWords for boards of at most 16 pits with no marked pit and no first
// seed back into the origin (most games, most of the time): the same loop with
// nothing else to check, few variables and no call (the Go compiler keeps them in
// registers), table entries with no bounds check, whole laps in bulk inline.
func (s *State) relay4(t *sowTable, from int) int {
	const size = int(unsafe.Sizeof(prefix4{}))
	b := s.board()
	pits := (*[16]uint16)(unsafe.Pointer(b))
	base := unsafe.Pointer(unsafe.SliceData(t.pre4))
	h := s.v.phash
	from &= 15
	// The chain from lap to lap, kept short: c, the seeds of the lap less one (what
	// the last pit held before it: one more falls there), and o, the byte offset of
	// the table entry after the lap's first (the lap of seeds ends at entry o + c).
	c := int(pits[from]) - 1
	o := (t.at[from] + 2) * size
	eff := t.eff                         // in locals: the stores to the board could alias t, for the compiler
	for left := MaxRelay - 1; ; left-- { // the laps left after this one
		seeds := c + 1
		if seeds > eff {
			// Whole laps in bulk (rare): their seeds leave the origin, q go to each pit
			// of the lap (but a skipped origin); the rest is sown below.
			q := uint64((seeds - 1) / eff)
			bulk := q * uint64(eff)
			back := bulk
			if t.skip {
				back += q
			}
			b[0], b[1], b[2], b[3] = b[0]+t.lap[0]*q, b[1]+t.lap[1]*q, b[2]+t.lap[2]*q, b[3]+t.lap[3]*q
			b[from>>2&3] -= back << lane(from)
			h += q*t.lapKey - back*t.keys[from]
			seeds -= int(bulk)
			c = seeds - 1
		}
		if seeds == 0 {
			s.v.phash = h
			return from
		}
		// Unchecked: the entries reach 2n < 64, and last < 16 (the chain of loads from
		// lap to lap is the relay's cost: no masks on it).
		hi := (*prefix4)(unsafe.Add(base, o+c*size))
		lo := (*prefix4)(unsafe.Add(base, o-size)) // its pit is the origin
		last := int(hi.pit)
		held := int(*(*uint16)(unsafe.Add(unsafe.Pointer(b), 2*last)))
		if last == from {
			held -= seeds // a lap round to the origin: its seeds are lifted below
		}
		// The lift and the seeds sown, one addition a word.
		k := uint64(seeds)
		b[0] += hi.b[0] - lo.b[0] - k*lo.one[0]
		b[1] += hi.b[1] - lo.b[1] - k*lo.one[1]
		b[2] += hi.b[2] - lo.b[2] - k*lo.one[2]
		b[3] += hi.b[3] - lo.b[3] - k*lo.one[3]
		h += hi.h - lo.h - k*lo.key
		if !hi.relay || held == 0 || left <= 0 {
			s.v.phash = h
			return last
		}
		// The next lap lifts the held seeds and the one just sown.
		from, c, o = last, held, int(hi.next)
	}
}

// lapTable is lapFast on the word board with t's table: one lap of seeds from lap
// position pos (lifted already), whole laps in bulk, the rest the difference of two
// entries; it notes the first pit (lapFirst) and whether an opponent house took a seed
// (reached: Must's ReachOrEmpty), and returns the pit of the last seed.
func (s *State) lapTable(t *sowTable, pos, seeds int) int {
	b := s.board()
	n := t.n
	if seeds > n {
		q := uint64((seeds - 1) / n)
		for i, m := range t.lap[:t.w] {
			b[i] += m * q
		}
		s.v.phash += q * t.lapKey
		s.reached = s.reached || t.pre[n].foreign > 0
		seeds -= int(q) * n
	}
	hi, lo := &t.pre[pos+1+seeds], &t.pre[pos+1]
	s.v.phash += t.addSpan(b, hi, lo)
	s.reached = s.reached || hi.foreign > lo.foreign
	s.lapFirst = int(t.pre[pos+2].pit)
	return int(hi.pit)
}

// addSpan adds to b one seed in each pit between the entries lo and hi of t (hi-lo,
// word by word) and returns what they add to the pits' hash.
func (t *sowTable) addSpan(b *wordBoard, hi, lo *prefix) uint64 {
	if t.w <= 4 {
		addDiff4(b, &hi.b, &lo.b)
	} else {
		addDiff(b, &hi.b, &lo.b)
	}
	return hi.h - lo.h
}

// addDiff adds hi-lo to b, word by word (unrolled: the loop would cost more than
// the additions).
func addDiff(b, hi, lo *wordBoard) {
	b[0] += hi[0] - lo[0]
	b[1] += hi[1] - lo[1]
	b[2] += hi[2] - lo[2]
	b[3] += hi[3] - lo[3]
	b[4] += hi[4] - lo[4]
	b[5] += hi[5] - lo[5]
	b[6] += hi[6] - lo[6]
	b[7] += hi[7] - lo[7]
}

// addDiff4 is addDiff for boards of at most 16 pits.
func addDiff4(b, hi, lo *wordBoard) {
	b[0] += hi[0] - lo[0]
	b[1] += hi[1] - lo[1]
	b[2] += hi[2] - lo[2]
	b[3] += hi[3] - lo[3]
}

// unmark moves the seeds a lap of t dropped in marked pits (q whole laps, then the
// pits from entry lo to entry hi) to the store of each mark's owner, by word and
// with no branch on whether the lap reached them, and returns the pits' hash h
// updated.
func (s *State) unmark(t *sowTable, hi, lo *prefix, q, h uint64) uint64 {
	b, keys := s.board(), t.keys
	for m := s.v.mbits; m != 0; m &= m - 1 {
		p := bits.TrailingZeros64(m) & (4*boardWords - 1)
		w, sh := p>>2&(boardWords-1), lane(p)
		d := uint64(uint16((hi.b[w]-lo.b[w])>>sh + q*(t.lap[w]>>sh)))
		st := s.g.store[s.marks[p]-1] & (4*boardWords - 1)
		b[w] -= d << sh
		b[st>>2&(boardWords-1)] += d << lane(st)
		h += (keys[st] - keys[p]) * d
	}
	return h
}
