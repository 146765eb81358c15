package kalah

import (
	"encoding/binary"
	"math"
	"math/bits"
	"math/rand/v2"
)

// Random playouts under the common two-row rules (Game.fastPlay: no hooks, store
// sowing, no origin skipping, either_side_empty, at most 8 houses a side) run on two
// words, the mover's houses and the opponent's, one byte a house in track order, plus
// the two stores: no tracks, no pits array, and no data-dependent branch in a ply
// (random moves defeat branch prediction). The board is written back once, at the end,
// exactly as play would have left it.

// words is a position in progress, seen from the mover. Four fields, so that the
// compiler keeps it in registers.
type words struct {
	mine, theirs        uint64
	myStore, theirStore int
}

// wordsReady reports whether the word loops can play the rest of the game: rules they
// cover, the pie offer settled and both sides with seeds (as always in a game not over).
func (s *State) wordsReady() bool {
	return s.g.fastPlay && s.p.pie == pieDone && s.sideWord(0) != 0 && s.sideWord(1) != 0
}

// playWordsPCG plays the game out drawing each move as PlayRandomPCG does.
func (s *State) playWordsPCG(src *rand.PCG) int {
	g := s.g
	b, side, ply, limit := s.loadWords()
	for {
		prefix := houseCounts(b.mine)
		// core.RandIndex written out, as it is over the inlining budget (the
		// differential tests hold the two together).
		k, _ := bits.Mul64(src.Uint64(), prefix>>56)
		b, side = g.move(b, side, kthHouse(prefix, int(k)))
		if ply++; b.mine == 0 || b.theirs == 0 || ply >= limit {
			return s.storeWords(b, side, ply)
		}
	}
}

// playWordsRand plays the game out drawing each move as PlayRandom does.
func (s *State) playWordsRand(r *rand.Rand) int {
	g := s.g
	b, side, ply, limit := s.loadWords()
	for {
		prefix := houseCounts(b.mine)
		b, side = g.move(b, side, kthHouse(prefix, r.IntN(int(prefix>>56))))
		if ply++; b.mine == 0 || b.theirs == 0 || ply >= limit {
			return s.storeWords(b, side, ply)
		}
	}
}

// loadWords starts a word game from s: the position, the side to move, the ply count
// and the ply at which the game ends anyway.
func (s *State) loadWords() (b words, side, ply, limit int) {
	g := s.g
	side = int(s.p.side)
	b = words{mine: s.sideWord(side), theirs: s.sideWord(side ^ 1),
		myStore: int(s.p.pits[g.stores[side]]), theirStore: int(s.p.pits[g.stores[side^1]])}
	limit = math.MaxInt
	if g.r.MaxPlies > 0 {
		limit = g.r.MaxPlies
	}
	return b, side, s.ply, limit
}

// storeWords writes the finished word game back into s, ends it by the rules (finish
// sweeps the houses left) and returns the plies played.
func (s *State) storeWords(b words, side, ply int) int {
	g := s.g
	played := ply - s.ply
	s.putSideWord(side, b.mine)
	s.putSideWord(side^1, b.theirs)
	s.p.pits[g.stores[side]] = uint8(b.myStore)
	s.p.pits[g.stores[side^1]] = uint8(b.theirStore)
	s.p.side = uint8(side)
	s.ply = ply
	s.finish()
	return played
}

// putSideWord stores w as side's houses (the inverse of sideWord), keeping the other
// bytes that the 8-byte store covers.
func (s *State) putSideWord(side int, w uint64) {
	p := s.p.pits[side*(s.g.n+1):]
	binary.LittleEndian.PutUint64(p, binary.LittleEndian.Uint64(p)&^s.g.houseMask|w)
}

// houseCounts returns the prefix counts of the non-empty houses in mine: byte j counts
// those among houses 0..j, so byte 7 counts them all.
func houseCounts(mine uint64) uint64 {
	return (nonZeroBytes(mine) >> 7) * onesLow[8]
}

// kthHouse returns the k-th non-empty house (from 0, in index order, as pickMove counts)
// given houseCounts: the first byte whose count exceeds k. Counts are at most 8, so
// adding 0x80-(k+1) to every byte carries into no neighbour and sets a byte's top bit
// exactly when its count is k+1 or more.
func kthHouse(prefix uint64, k int) int {
	ge := (prefix + uint64(0x7f-k)*onesLow[8]) & 0x8080_8080_8080_8080
	return bits.TrailingZeros64(ge) >> 3
}

// move plays house i of the mover (side): it returns the position seen from the next
// mover, and that mover's side. The walk of the last lap comes from a table
// (Game.walk); a capture and the change of movers are applied by masks rather than
// branches.
func (g *Game) move(b words, side, i int) (words, int) {
	mine, theirs := b.mine, b.theirs
	sh := 8 * uint(i&7) // i < 8: the mask spares the guard for shifts of 64 and more
	seeds := int(mine >> sh & 0xff)
	mine &^= 0xff << sh
	gain := 0
	if seeds > g.cycLen[0] {
		mine, theirs, gain, seeds = g.laps(mine, theirs, seeds)
	}
	step := &g.walk[i*g.cycLen[0]+seeds-1]
	mine, theirs = mine+step.mine, theirs+step.theirs
	last := int(step.last)
	gain += int(step.store)

	// The capture, when the last seed fell in an empty house of the mover. A last pit
	// past the mover's houses reads as 0 seeds (high bytes are empty, Go shifts of 64
	// or more give 0).
	sh = 8 * uint(last)
	osh := 8 * uint(g.n-1-last) // the opposite house (huge when last >= n)
	taken := int(theirs >> osh & 0xff)
	hit := b2u(mine>>sh&0xff == 1) & (b2u(taken > 0) | b2u(g.r.EmptyCapture))
	m := -uint64(hit)
	mine, theirs = mine&^(0xff<<sh&m), theirs&^(0xff<<osh&m)
	myStore := b.myStore + gain + (taken+1)&int(m)

	// Change movers unless the last seed fell in the store.
	m = -uint64(b2u(last != g.n))
	d := (mine ^ theirs) & m
	ds := (myStore ^ b.theirStore) & int(m)
	return words{mine ^ d, theirs ^ d, myStore ^ ds, b.theirStore ^ ds}, side ^ int(m&1)
}

// laps sows whole laps of seeds in bulk, the origin included, and returns the words,
// the seeds the store gained and the 1..lap seeds left to walk.
func (g *Game) laps(mine, theirs uint64, seeds int) (uint64, uint64, int, int) {
	lap := g.cycLen[0]
	q := (seeds - 1) / lap
	return mine + uint64(q)*onesLow[g.n], theirs + uint64(q)*onesLow[g.n], q, seeds - q*lap
}

// walkStep is what sowing s seeds from house i adds when s is at most one lap. Along the
// mover's track, pits 0..n-1 are the mover's houses, n the store and n+1..2n the
// opponent's houses: a lap of 2n+1 pits.
type walkStep struct {
	mine, theirs uint64 // a seed in each house passed
	last         uint8  // the pit of the last seed along the track
	store        uint8  // 1 when the walk passes the store
}

// buildWalk fills g.walk, indexed i*lap + s-1, one seed at a time.
func (g *Game) buildWalk() {
	n, lap := g.n, 2*g.n+1
	g.walk = make([]walkStep, n*lap)
	for i := 0; i < n; i++ {
		var w walkStep
		t := i
		for s := 1; s <= lap; s++ {
			t = (t + 1) % lap
			switch {
			case t < n:
				w.mine += 1 << (8 * t)
			case t == n:
				w.store = 1
			default:
				w.theirs += 1 << (8 * (t - n - 1))
			}
			w.last = uint8(t)
			g.walk[i*lap+s-1] = w
		}
	}
}
