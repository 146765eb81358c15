package kalah

import (
	"math"
	"math/bits"
	"math/rand/v2"
)

// Random playouts under the rules of the word board (Rules.WordBoard: no hooks, store
// sowing, no origin skipping, either_side_empty, at most 8 houses a side) run on its
// two words, the mover's houses and the opponent's, plus the two stores, each move
// played by the game's Sower: no tracks, no pits array, and no data-dependent branch
// in a ply (random moves defeat branch prediction). The board is written back once, at
// the end, exactly as play would have left it.

// words is a position in progress, seen from the mover. Four fields, so that the
// compiler keeps it in registers.
type words struct {
	mine, theirs        uint64
	myStore, theirStore int
}

// wordsReady reports whether the word loops can play the rest of the game: rules they
// cover, the pie offer settled and both sides with seeds (as always in a game not over).
func (s *State) wordsReady() bool {
	return s.g.sower != nil && s.p.pie == pieDone && s.sideWord(0) != 0 && s.sideWord(1) != 0
}

// playWordsPCG plays the game out drawing each move as PlayRandomPCG does.
func (s *State) playWordsPCG(src *rand.PCG) int {
	sw := s.g.sower
	b, side, ply, limit := s.loadWords()
	for {
		prefix := houseCounts(b.mine)
		// core.RandIndex written out, as it is over the inlining budget (the
		// differential tests hold the two together).
		k, _ := bits.Mul64(src.Uint64(), prefix>>56)
		mine, theirs, gain, extra := sw.Sow(b.mine, b.theirs, kthHouse(prefix, int(k)))
		b, side = b.next(mine, theirs, gain, extra, side)
		if ply++; b.mine == 0 || b.theirs == 0 || ply >= limit {
			return s.storeWords(b, side, ply)
		}
	}
}

// playWordsRand plays the game out drawing each move as PlayRandom does.
func (s *State) playWordsRand(r *rand.Rand) int {
	sw := s.g.sower
	b, side, ply, limit := s.loadWords()
	for {
		prefix := houseCounts(b.mine)
		mine, theirs, gain, extra := sw.Sow(b.mine, b.theirs, kthHouse(prefix, r.IntN(int(prefix>>56))))
		b, side = b.next(mine, theirs, gain, extra, side)
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

// next is the position after a move of b's mover that left (mine, theirs) with gain
// seeds for its store, seen from the next mover, and that mover's side: the change of
// movers, unless extra, by masks rather than branches.
func (b words) next(mine, theirs uint64, gain int, extra bool, side int) (words, int) {
	myStore := b.myStore + gain
	m := -uint64(b2u(!extra))
	d := (mine ^ theirs) & m
	ds := (myStore ^ b.theirStore) & int(m)
	return words{mine ^ d, theirs ^ d, myStore ^ ds, b.theirStore ^ ds}, side ^ int(m&1)
}
