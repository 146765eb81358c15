package mancala

import (
	"math/bits"
	"unsafe"
)

// The word board. A position's counts are 16-bit, four to a 64-bit word: State.pits
// is a view of whole words (newPits), so one addition of a word adds to four pits at
// once. A sowing of k seeds from a lap position drops one seed in each of k pits that
// only depend on the position and k: on a small board a table holds, for each, the
// words to add and what the hash gains (sowTable), and a lap is sown in a few word
// additions with no loop over seeds and no branch on their count. No lane can carry
// into the next: a pit never holds more than the MaxSeeds seeds in play.

// maxTable bounds a sowing table's entries (lap positions × seed counts × words):
// 64 KiB a side and direction, enough for two rows of ten houses.
const maxTable = 8192

// newPits returns zeroed counts for n pits backed by whole 64-bit words.
func newPits(n int) []uint16 {
	w := make([]uint64, (n+3)/4)
	return unsafe.Slice((*uint16)(unsafe.Pointer(unsafe.SliceData(w))), n)
}

// words returns the first n words of s.pits (see newPits).
func (s *State) words(n int) []uint64 {
	return unsafe.Slice((*uint64)(unsafe.Pointer(unsafe.SliceData(s.pits))), n)
}

// sowTable is the table of one side's lap in one direction.
type sowTable struct {
	n, w int // pits on the lap; words of the board
	// ent holds, for lap position pos and k seeds (1..n), at (pos*n+k-1)*(w+1): the w
	// words that drop one seed in each of the k pits after pos, then what they add to
	// the pits' hash.
	ent []uint64
	// lap is one seed in every pit of the lap, and lapKey its hash.
	lap    []uint64
	lapKey uint64
}

// compileTables builds the sowing tables of the laps the game sows along, on boards
// small enough.
func (g *Game) compileTables() {
	w := (g.npits + 3) / 4
	for side := 0; side < 2; side++ {
		pits := newPits(g.npits)
		for _, p := range g.houses[side] {
			pits[p] = 0xffff
		}
		g.sideMask[side] = append([]uint64(nil), unsafe.Slice((*uint64)(unsafe.Pointer(unsafe.SliceData(pits))), w)...)
	}
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
			if n == 0 || n*n*(w+1) > maxTable {
				continue
			}
			t := &sowTable{n: n, w: w, ent: make([]uint64, n*n*(w+1))}
			pits := newPits(g.npits)
			words := unsafe.Slice((*uint64)(unsafe.Pointer(unsafe.SliceData(pits))), w)
			for _, p := range lap {
				pits[p] = 1
				t.lapKey += g.keys[p]
			}
			t.lap = append([]uint64(nil), words...)
			for pos := range n {
				clear(pits)
				var h uint64
				for k := 1; k <= n; k++ {
					p := lap[(pos+k)%n]
					pits[p]++
					h += g.keys[p]
					e := t.ent[(pos*n+k-1)*(w+1):]
					copy(e, words)
					e[w] = h
				}
			}
			g.tab[side][dir] = t
		}
	}
}

// wordsEmpty reports whether side's houses hold no seeds, by words (sideMask).
func (s *State) wordsEmpty(mask []uint64) bool {
	w := s.words(len(mask))
	var o uint64
	for i, m := range mask {
		o |= w[i] & m
	}
	return o == 0
}

// maxWordMarks is the most marked pits sowWords keeps aside (more take sowMarked).
const maxWordMarks = 8

// sowWords sows seeds lifted from house from, at position pos of side's lap t in
// direction dir, with the word table: the origin sown first or skipped on laps as the
// rules say, whole laps in bulk, seeds falling in marked pits moved to the mark
// owner's store. It returns the pit of the last seed.
func (s *State) sowWords(t *sowTable, lap []int, pos, from, seeds int) int {
	g := s.g
	if g.originFirst && seeds > 1 {
		s.addPit(from, 1)
		seeds--
	}
	n := t.n
	eff := n - int(b2u(g.skipOrigin))
	if eff <= 0 {
		// Only the origin is on the lap and it is skipped: the seeds stay.
		s.addPit(from, uint16(seeds))
		return from
	}
	// The marked pits' counts before the sowing: their gains go to the stores.
	var marked [maxWordMarks]uint16
	for m, k := s.v.mbits, 0; m != 0; m, k = m&(m-1), k+1 {
		marked[k] = s.pits[bits.TrailingZeros64(m)]
	}
	words := s.words(t.w)
	if seeds > eff {
		q := (seeds - 1) / eff
		for i, m := range t.lap[:len(words)] {
			words[i] += m * uint64(q)
		}
		s.v.phash += uint64(q) * t.lapKey
		if g.skipOrigin {
			s.setPit(from, s.pits[from]-uint16(q))
		}
		seeds -= q * eff
	}
	// At most eff seeds are left: they never come round to a skipped origin.
	if seeds == 0 {
		return from
	}
	e := t.ent[(pos*n+seeds-1)*(t.w+1):]
	e = e[:len(words)+1]
	for i := range words {
		words[i] += e[i]
	}
	s.v.phash += e[len(words)]
	p := pos + seeds
	if p >= n {
		p -= n
	}
	for m, k := s.v.mbits, 0; m != 0; m, k = m&(m-1), k+1 {
		q := bits.TrailingZeros64(m)
		if d := s.pits[q] - marked[k]; d > 0 {
			s.setPit(q, marked[k])
			s.addPit(g.store[s.marks[q]-1], d)
		}
	}
	return lap[p]
}
