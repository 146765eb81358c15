package ai

import "github.com/kalahlab/kalahlab/core/kalah"

// The compact search below handles the common two-row rules (no hooks, store sowing,
// no origin skipping, either_side_empty; either capture rule; remaining owner or
// discard; at most 8 houses a side) on two words: the mover's houses and the
// opponent's, one byte a house in track order. Positions are always seen from the
// mover, so a position and its mirror image share table entries and the value needs
// no sign bookkeeping beyond the change of mover.

// fastOK reports whether the compact search covers the rules of g.
func fastOK(g *kalah.Game) bool {
	r := g.Rules()
	return !r.Hooks.Any() && r.Rows == 2 && r.StoreSowing && !r.OriginSkip &&
		r.EndRule == kalah.EitherSideEmpty && g.HousesPerSide() <= 8
}

// fastSetup readies the compact search for g.
func (ks *kalahSolver) fastSetup(g *kalah.Game) {
	r := g.Rules()
	ks.fast = true
	ks.lap = 2*ks.n + 1
	ks.emptyCapture = r.EmptyCapture
	ks.discard = r.Remaining == kalah.Discard
	ks.all = onesBytes(ks.n)
	ks.ftt = make([]fEntry, len(ks.tt))
	ks.tt = nil
}

type fEntry struct {
	mine, theirs uint64
	lower, upper int8
	move         int8
	used         bool
}

// onesBytes has the low k bytes set to 1.
func onesBytes(k int) uint64 {
	if k >= 8 {
		return 0x0101010101010101
	}
	return 0x0101010101010101 & (1<<(8*uint(k)) - 1)
}

func byteAt(w uint64, i int) int { return int(w >> (8 * uint(i)) & 0xff) }

// byteSum adds the bytes of w (at most 255 seeds in all, so no overflow).
func byteSum(w uint64) int { return int((w * 0x0101010101010101) >> 56) }

// words returns the houses of the side to move and of the other side.
func words(s *kalah.State) (mine, theirs uint64) {
	me := s.Side()
	for i, c := range s.HouseCounts(me) {
		mine |= uint64(c) << (8 * uint(i))
	}
	for i, c := range s.HouseCounts(1 - me) {
		theirs |= uint64(c) << (8 * uint(i))
	}
	return mine, theirs
}

// fmove sows house i of the mover: the new houses, the mover's gain in store
// difference (including the end-of-game count), whether the mover moves again and
// whether the game is over.
func (ks *kalahSolver) fmove(mine, theirs uint64, i int) (uint64, uint64, int, bool, bool) {
	n, lap := ks.n, ks.lap
	s := byteAt(mine, i)
	mine &^= 0xff << (8 * uint(i))
	gain := 0
	if s > lap {
		q := (s - 1) / lap // whole laps, leaving 1..lap seeds to walk
		mine += uint64(q) * ks.all
		theirs += uint64(q) * ks.all
		gain += q
		s -= q * lap
	}
	// Walk the rest: the mover's houses after i, the store, the opponent's houses,
	// the mover's houses from the first (at most back to i).
	lastMine, last := false, -1
	k := min(s, n-1-i)
	if k > 0 {
		mine += onesBytes(i+1+k) &^ onesBytes(i+1)
		s -= k
		lastMine, last = true, i+k
	}
	extra := false
	if s > 0 {
		gain++
		s--
		lastMine, extra = false, true
		if s > 0 {
			extra = false
			k = min(s, n)
			theirs += onesBytes(k)
			s -= k
			if s > 0 {
				mine += onesBytes(s)
				lastMine, last = true, s-1
			}
		}
	}
	if lastMine && byteAt(mine, last) == 1 {
		o := n - 1 - last
		if ov := byteAt(theirs, o); ov > 0 || ks.emptyCapture {
			gain += 1 + ov
			mine &^= 0xff << (8 * uint(last))
			theirs &^= 0xff << (8 * uint(o))
		}
	}
	if mine == 0 || theirs == 0 {
		if !ks.discard {
			gain += byteSum(mine) - byteSum(theirs)
		}
		return 0, 0, gain, false, true
	}
	return mine, theirs, gain, extra, false
}

// fchild is the value for the mover of playing house i, searched within (alpha, beta).
func (ks *kalahSolver) fchild(mine, theirs uint64, i, alpha, beta, ply int) (int, error) {
	m2, t2, gain, extra, over := ks.fmove(mine, theirs, i)
	switch {
	case over:
		return gain, nil
	case extra:
		cv, err := ks.fvalue(m2, t2, alpha-gain, beta-gain, ply+1)
		return gain + cv, err
	default:
		cv, err := ks.fvalue(t2, m2, gain-beta, gain-alpha, ply+1)
		return gain - cv, err
	}
}

// forder lists the playable houses: the table's move, then those ending in the store,
// then the rest from the house nearest the store back.
func (ks *kalahSolver) forder(mine uint64, first int, buf *[8]int8) []int8 {
	out := buf[:0]
	n := ks.n
	if first >= 0 && byteAt(mine, first) > 0 {
		out = append(out, int8(first))
	}
	for i := n - 1; i >= 0; i-- {
		if c := byteAt(mine, i); c > 0 && i != first && (c-(n-i))%ks.lap == 0 {
			out = append(out, int8(i))
		}
	}
	for i := n - 1; i >= 0; i-- {
		if c := byteAt(mine, i); c > 0 && i != first && (c-(n-i))%ks.lap != 0 {
			out = append(out, int8(i))
		}
	}
	return out
}

// fvalue is the fail-soft store-free value for the mover within (alpha, beta).
func (ks *kalahSolver) fvalue(mine, theirs uint64, alpha, beta, ply int) (int, error) {
	if err := ks.tick(); err != nil {
		return 0, err
	}
	r := byteSum(mine) + byteSum(theirs)
	if r <= ks.dbMax {
		return ks.fdb(mine, theirs, r, ply)
	}
	if -r >= beta {
		return -r, nil
	}
	if r <= alpha {
		return r, nil
	}
	h := (mine*0x9e3779b97f4a7c15 ^ theirs) * 0xbf58476d1ce4e5b9
	h ^= h >> 31
	e := &ks.ftt[h&ks.mask]
	first := -1
	hit := e.used && e.mine == mine && e.theirs == theirs
	if hit {
		first = int(e.move)
		if int(e.lower) >= beta {
			return int(e.lower), nil
		}
		if int(e.upper) <= alpha {
			return int(e.upper), nil
		}
		alpha = max(alpha, int(e.lower))
		beta = min(beta, int(e.upper))
	}
	a0, b0 := alpha, beta
	var buf [8]int8
	best, bestMove := -infinity, -1
	for _, i := range ks.forder(mine, first, &buf) {
		v, err := ks.fchild(mine, theirs, int(i), alpha, beta, ply)
		if err != nil {
			return 0, err
		}
		if v > best {
			best, bestMove = v, int(i)
		}
		alpha = max(alpha, v)
		if alpha >= beta {
			break
		}
	}
	lo, hi := -r, r
	switch {
	case best <= a0:
		hi = best
	case best >= b0:
		lo = best
	default:
		lo, hi = best, best
	}
	if e.used && e.mine == mine && e.theirs == theirs {
		lo, hi = max(lo, int(e.lower)), min(hi, int(e.upper))
	}
	*e = fEntry{mine: mine, theirs: theirs, lower: int8(lo), upper: int8(hi), move: int8(bestMove), used: true}
	return best, nil
}

// fdb is the exact value from the endgame database, computed into it when missing.
func (ks *kalahSolver) fdb(mine, theirs uint64, r, ply int) (int, error) {
	idx := ks.findex(mine, theirs, r)
	if v := ks.db[idx]; v != dbUnknown {
		return int(v), nil
	}
	best := -infinity
	for i := 0; i < ks.n; i++ {
		if byteAt(mine, i) == 0 {
			continue
		}
		v, err := ks.fchild(mine, theirs, i, -infinity, infinity, ply)
		if err != nil {
			return 0, err
		}
		best = max(best, v)
	}
	ks.db[idx] = int8(best)
	return best, nil
}

// findex ranks the houses (the mover's, then the opponent's) among configurations
// with k seeds, as index does.
func (ks *kalahSolver) findex(mine, theirs uint64, k int) int {
	parts := 2 * ks.n
	r := k
	idx := ks.offset[k]
	for i := 0; i < parts-1; i++ {
		var h int
		if i < ks.n {
			h = byteAt(mine, i)
		} else {
			h = byteAt(theirs, i-ks.n)
		}
		if h > 0 {
			p := parts - i - 1
			idx += ks.pre[p][r]
			if lo := r - h; lo >= 0 {
				idx -= ks.pre[p][lo]
			}
		}
		r -= h
	}
	return idx
}

// fmtdf converges on the store-free value of the position (mine, theirs).
func (ks *kalahSolver) fmtdf(mine, theirs uint64) (int, error) {
	return mtdf(0, func(beta int) (int, error) { return ks.fvalue(mine, theirs, beta-1, beta, 0) })
}
