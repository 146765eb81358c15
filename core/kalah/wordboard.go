package kalah

import "encoding/binary"

// The word board: under the common two-row rules (Rules.WordBoard) a position with the
// side to move is two words, the mover's houses and the opponent's, one byte a house
// in track order (house 0, the farthest from the mover's store, in the low byte), and
// a move is a handful of word operations (Sower.Sow). It is the one implementation of
// those rules' sowing outside play: random playouts (playout.go), the exact solver's
// compact search and the endgame database builder (package ai) all play their moves
// with it. The differential tests hold it to play (TestSowMatchesPlay, and the
// playouts' and solvers' own).

// WordBoard reports whether the word board covers r: two rows of at most 8 houses a
// side, no hooks, store sowing, no origin skipping, either_side_empty. Either capture
// rule and either remaining rule are covered; the pie rule and max_plies are the
// caller's business (the word board plays sowing moves only).
func (r Rules) WordBoard() bool {
	return !r.Hooks.Any() && r.Rows == 2 && r.Houses <= 8 && r.StoreSowing && !r.OriginSkip &&
		r.EndRule == EitherSideEmpty
}

// Sower plays sowing moves on the word board for one set of rules (Game.Sower). It is
// immutable and safe for concurrent use.
type Sower struct {
	n            int    // houses a side
	lap          int    // pits on a lap: both sides' houses and the mover's store
	all          uint64 // 1 in each house's byte
	emptyCapture bool
	discard      bool
	// walk[i<<5|(s-1)] is what sowing s <= lap seeds from house i adds. A lap is at
	// most 17 pits, so the index needs no multiply and no bounds check; with the
	// shifts stored this measured as fast as the arithmetic walk with branches in
	// the solver and endgame builder (5% faster than a walk[i*lap+s-1] table holding
	// the last pit), and 20-40% faster in random playouts.
	walk [8 << 5]walkStep
}

// walkStep is what sowing s seeds from house i adds when s is at most one lap. Along the
// mover's track, pits 0..n-1 are the mover's houses, n the store and n+1..2n the
// opponent's houses: a lap of 2n+1 pits.
type walkStep struct {
	mine, theirs uint64 // a seed in each house passed
	sh           uint8  // the last pit along the track, times 8 (its byte's shift)
	osh          uint8  // the shift of the house opposite it; 255 past the mover's houses
	store        uint8  // 1 when the walk passes the store
	extra        bool   // the last seed falls in the store
}

// newSower returns the sower of r, which must be covered (Rules.WordBoard).
func newSower(r Rules) *Sower {
	n := r.Houses
	w := &Sower{n: n, lap: 2*n + 1, all: onesLow[n], emptyCapture: r.EmptyCapture,
		discard: r.Remaining == Discard}
	for i := 0; i < n; i++ {
		var st walkStep
		t := i
		for s := 1; s <= w.lap; s++ {
			t = (t + 1) % w.lap
			switch {
			case t < n:
				st.mine += 1 << (8 * t)
			case t == n:
				st.store = 1
			default:
				st.theirs += 1 << (8 * (t - n - 1))
			}
			st.sh, st.osh, st.extra = uint8(8*t), 255, t == n
			if t < n {
				st.osh = uint8(8 * (n - 1 - t))
			}
			w.walk[i<<5|(s-1)] = st
		}
	}
	return w
}

// Sower returns the game's word-board sower, nil when its rules are not covered
// (Rules.WordBoard).
func (g *Game) Sower() *Sower { return g.sower }

// Houses is the number of houses a side.
func (w *Sower) Houses() int { return w.n }

// EmptyCapture reports the empty_capture knob.
func (w *Sower) EmptyCapture() bool { return w.emptyCapture }

// Discard reports whether the seeds left in houses at the end are discarded
// (remaining: discard) rather than counted for their owner.
func (w *Sower) Discard() bool { return w.discard }

// Sow plays the mover's house i, which must hold seeds: it returns the mover's houses
// and the opponent's after the sowing and its capture (not swapped: the caller changes
// sides unless extra), the seeds the mover's store gained, and whether the last seed
// fell in the store (the mover moves again). The game is over when either word is
// zero; EndCount is what the end's sweep adds to the store difference. Whole laps
// are sown in bulk and the last lap comes from a table; a capture is applied by masks
// rather than branches (random playouts defeat branch prediction).
func (w *Sower) Sow(mine, theirs uint64, i int) (uint64, uint64, int, bool) {
	sh := 8 * uint(i&7) // i < 8: the mask spares the guard for shifts of 64 and more
	seeds := int(mine >> sh & 0xff)
	mine &^= 0xff << sh
	gain := 0
	if seeds > w.lap {
		q := (seeds - 1) / w.lap // whole laps, the origin included, leaving 1..lap seeds
		mine += uint64(q) * w.all
		theirs += uint64(q) * w.all
		gain, seeds = q, seeds-q*w.lap
	}
	step := &w.walk[(i&7)<<5|(seeds-1)&31]
	mine, theirs = mine+step.mine, theirs+step.theirs
	gain += int(step.store)

	// The capture, when the last seed fell in an empty house of the mover. A last pit
	// past the mover's houses reads as 0 seeds, and so does its opposite (shift 255):
	// high bytes are empty, and Go shifts of 64 or more give 0.
	sh = uint(step.sh)
	osh := uint(step.osh)
	taken := int(theirs >> osh & 0xff)
	hit := b2u(mine>>sh&0xff == 1) & (b2u(taken > 0) | b2u(w.emptyCapture))
	m := -uint64(hit)
	mine, theirs = mine&^(0xff<<sh&m), theirs&^(0xff<<osh&m)
	return mine, theirs, gain + (taken+1)&int(m), step.extra
}

// EndCount is what the end of the game adds to the mover's store difference when the
// houses are mine and theirs (one of them empty): the seeds left, each side's to its
// owner, unless they are discarded.
func (w *Sower) EndCount(mine, theirs uint64) int {
	if w.discard {
		return 0
	}
	return ByteSum(mine) - ByteSum(theirs)
}

// Words returns the houses of the side to move and of the other side as word-board
// words. Only boards of at most 8 houses a side have them (both are 0 otherwise).
func (s *State) Words() (mine, theirs uint64) {
	side := int(s.p.side)
	return s.sideWord(side), s.sideWord(side ^ 1)
}

// ByteAt is byte i of w (house i of a word-board word).
func ByteAt(w uint64, i int) int { return int(w >> (8 * uint(i)) & 0xff) }

// ByteSum adds the bytes of w: the seeds of a word-board word (at most 255 seeds in
// all, so no overflow).
func ByteSum(w uint64) int { return int((w * 0x0101010101010101) >> 56) }

// onesLow[n] has the low n bytes set to 1.
var onesLow = [9]uint64{0, 0x01, 0x0101, 0x010101, 0x01010101, 0x0101010101,
	0x010101010101, 0x01010101010101, 0x0101010101010101}

// nonZeroBytes sets the top bit of each non-zero byte of w and clears the rest.
func nonZeroBytes(w uint64) uint64 {
	const lo7 = 0x7f7f_7f7f_7f7f_7f7f
	return ((w & lo7) + lo7 | w) &^ lo7
}

// sideWord loads side's houses as the bytes of a word (boards with at most 8 houses a
// side): zero exactly when the side is empty.
func (s *State) sideWord(side int) uint64 {
	return binary.LittleEndian.Uint64(s.p.pits[side*(s.g.n+1):]) & s.g.houseMask
}

// putSideWord stores w as side's houses (the inverse of sideWord), keeping the other
// bytes that the 8-byte store covers.
func (s *State) putSideWord(side int, w uint64) {
	p := s.p.pits[side*(s.g.n+1):]
	binary.LittleEndian.PutUint64(p, binary.LittleEndian.Uint64(p)&^s.g.houseMask|w)
}
