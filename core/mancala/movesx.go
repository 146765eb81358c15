package mancala

import (
	"math/bits"
	"slices"

	"github.com/kalahlab/kalahlab/core"
)

// The move listing of the slow move rules (Game.slowMoves): baseMoves lists the
// sowings the opening rules, kept pits, per-house directions, must feed and Must
// allow; finishMoves then applies no-starve and lists the chosen targets.

// baseMoves appends side's sowings under the rules that may leave no move at all:
// the opening rules, kept pits, per-house directions, must feed and Must. With exist
// it stops at the first (the caller only asks whether there is one). The rules that
// never remove every move, no-starve and the chosen targets, are finishMoves'. The
// moves come in ascending order: every anticlockwise one, then the clockwise ones.
func (s *State) baseMoves(dst []core.Move, side int, exist bool) []core.Move {
	if s.g.hooks.CanPlay != nil {
		return s.playable(dst, side, exist)
	}
	return s.ruleMoves(dst, side, exist)
}

// ruleMoves is baseMoves by the descriptor alone.
func (s *State) ruleMoves(dst []core.Move, side int, exist bool) []core.Move {
	var l moveRules
	s.listing(side, &l)
	if !l.plain(s.g) {
		return s.ruledMoves(dst, side, &l, exist)
	}
	n0 := len(dst)
	dst = s.plainSowings(dst, side)
	if exist && len(dst) > n0 {
		dst = dst[:n0+1]
	}
	return dst
}

// ruledMoves is baseMoves house by house, each move judged by the rules l: with no
// trial to make, branch-free (ruledSowings).
func (s *State) ruledMoves(dst []core.Move, side int, l *moveRules, exist bool) []core.Move {
	g := s.g
	passes := 1
	if g.hdir != nil || g.r.Sowing.Direction == Chosen {
		passes = 2
	}
	if !l.feed && !l.must && !l.whole && !exist && cap(dst)-len(dst) >= passes*len(g.houses[side]) {
		return s.ruledSowings(dst, side, l, passes)
	}
	for pass := 0; pass < passes; pass++ {
		bit := core.Move(pass) * ClockwiseBit
		for k, p := range g.houses[side] {
			if !l.sowable(s, k, p) || !g.houseSows(k, pass) {
				continue
			}
			m := core.Move(k) | bit
			if l.whole {
				if !s.allowedWhole(side, m, l.feed) {
					continue
				}
			} else if (l.feed || l.must) && !s.allowed(side, m, l.feed, l.must) {
				continue
			}
			dst = append(dst, m)
			if exist {
				return dst
			}
		}
	}
	return dst
}

// ruledSowings is ruledMoves with no trial and room in dst for every candidate: each
// is written and counted only when sowable, with no branch on the counts, marks or
// houses sown (as appendSowable).
func (s *State) ruledSowings(dst []core.Move, side int, l *moveRules, passes int) []core.Move {
	g := s.g
	n := len(dst)
	hs := g.houses[side]
	out := dst[n : n+passes*len(hs)]
	j := 0
	for pass := 0; pass < passes; pass++ {
		bit := core.Move(pass) * ClockwiseBit
		for k, p := range hs {
			ok := b2u(s.pits[p] >= l.min) & b2u(g.houseSows(k, pass))
			if l.open {
				ok &= b2u(g.opening[k])
			}
			if l.each {
				ok &= uint8(^l.used>>uint(k)) & 1
			}
			if g.keeps {
				ok &= b2u(s.marks[p] == 0)
			}
			out[j] = core.Move(k) | bit
			j += int(ok)
		}
	}
	return dst[:n+j]
}

// moveRules is what baseMoves asks of a position before listing its moves.
type moveRules struct {
	min  uint16 // the fewest seeds a house is sown from
	open bool   // the opening rule names the houses that may move (Opening.Houses)
	// each: Opening.EachHouse still holds (a house not sown yet can be), and used has
	// the houses sown already.
	each bool
	used uint64
	// feed: the opponent has no seeds and must be fed (MustFeed); must: Must's
	// ReachOrEmpty applies (after the opening), judged on the first lap (allowed);
	// whole: Must's LeaveSeeds or LapLeavesSeeds applies, judged on a whole trial
	// (allowedWhole).
	feed, must, whole bool
}

// listing sets l to the move rules in force for side's moves. It fills l in place: a
// small struct returned by value and read at once stalls on its own stores.
func (s *State) listing(side int, l *moveRules) {
	g := s.g
	l.min = uint16(g.minSeeds)
	l.open = g.opening != nil && int(s.v.played) < g.r.Opening.Plies
	l.used = s.v.used[side]
	l.feed = g.r.MustFeed && s.sideEmpty(1-side)
	l.must = g.r.Must == ReachOrEmpty && int(s.v.played) >= g.r.Opening.Plies
	l.whole = g.r.Must > ReachOrEmpty && int(s.v.played) >= g.r.Opening.Plies
	l.each = false // unsownHouseLeft asks sowable with no each rule
	l.each = g.r.Opening.EachHouse && s.unsownHouseLeft(l, side)
}

// unsownHouseLeft reports whether one of side's houses not sown yet this round could
// be sown (Opening.EachHouse: then only those may be).
func (s *State) unsownHouseLeft(l *moveRules, side int) bool {
	hs := s.g.houses[side]
	full := uint64(1)<<uint(len(hs)) - 1
	if l.used&full == full {
		return false
	}
	for k, p := range hs {
		if l.used>>uint(k)&1 == 0 && l.sowable(s, k, p) {
			return true
		}
	}
	return false
}

// plain reports whether only the seeds decide which of g's houses may be sown (then
// plainSowings lists the moves): no opening rule, kept pit, per-house direction or
// trial in force (Tshuba's chosen targets come after, in finishMoves).
func (l *moveRules) plain(g *Game) bool {
	return !l.open && !l.each && !l.feed && !l.must && !l.whole && !g.keeps && g.hdir == nil
}

// sowable reports whether house p, side's house k, may be sown: enough seeds, open
// under the opening rule, not sown yet while each house must be, not a kept pit.
func (l *moveRules) sowable(s *State, k, p int) bool {
	g := s.g
	return s.pits[p] >= l.min && (!l.open || g.opening[k]) &&
		(!l.each || l.used>>uint(k)&1 == 0) && (!g.keeps || s.marks[p] == 0)
}

// houseSows reports whether a mover's house k sows in pass's direction (0
// anticlockwise, 1 clockwise) under Sowing.HouseDirections (any house when unset).
func (g *Game) houseSows(k, pass int) bool {
	if g.hdir == nil {
		return true
	}
	d := g.hdir[k]
	return !(pass == 0 && d == Clockwise) && !(pass == 1 && d == Anticlockwise)
}

// allowed applies the rules that judge a move by playing it (feed or must set): must
// feed (the opponent has seeds after it) and Must's ReachOrEmpty (its first lap
// reaches the opponent or ends in an empty own house). It stays this small so that it
// inlines: the Oware family's must-feed trials go through it.
func (s *State) allowed(side int, m core.Move, feed, must bool) bool {
	if !feed && s.g.lapFast {
		return s.firstLapOK(side, m)
	}
	c := s.scratchState()
	s.try(c, side, m, !feed)
	return (!feed || !c.sideEmpty(1-side)) && (!must || c.firstOK)
}

// allowedWhole is allowed for the Must rules judged on a whole trial of the move
// (LeaveSeeds, LapLeavesSeeds: mustMet), with must feed too when feed is set.
func (s *State) allowedWhole(side int, m core.Move, feed bool) bool {
	c := s.scratchState()
	s.try(c, side, m, false)
	return (!feed || !c.sideEmpty(1-side)) && c.mustMet(side)
}

// mustMet reports whether c, a tried move of side's, meets Must: ReachOrEmpty on the
// first lap (c.firstOK), LeaveSeeds on the move's end, LapLeavesSeeds where the first
// lap's sowing and captures were done (c.lapFed when the move went on).
func (c *State) mustMet(side int) bool {
	switch c.g.r.Must {
	case ReachOrEmpty:
		return c.firstOK
	case LapLeavesSeeds:
		if c.lapGoes {
			return c.lapFed
		}
	}
	return !c.sideEmpty(1 - side)
}

// firstLapOK is Must's ReachOrEmpty on side's move m, worked out without playing it
// when the first lap is a plain one (Game.lapFast, as lapFast sows it): whole laps
// reach every pit of the lap, and the remaining r seeds the r pits after the origin;
// the last pit ends holding one seed when no whole lap was sown and it was empty (or
// is the emptied origin).
func (s *State) firstLapOK(side int, m core.Move) bool {
	g := s.g
	dir := g.dirOf(m)
	from := g.houses[side][int(m&(ClockwiseBit-1))]
	lap := g.lap[side][dir]
	n := len(lap)
	pos := g.at[side][dir][from]
	seeds := int(s.pits[from])
	foreign := g.foreign[side]
	r := seeds
	if seeds > n {
		r = seeds - (seeds-1)/n*n
		for _, p := range lap {
			if foreign[p] {
				return true // a whole lap reaches the opponent
			}
		}
	}
	q := pos
	for i := 0; i < r; i++ {
		if q++; q == n {
			q = 0
		}
		if foreign[lap[q]] {
			return true
		}
	}
	last := lap[q]
	return seeds <= n && g.house[last] && int(g.owner[last]) == side && (last == from || s.pits[last] == 0)
}

// setupMoves appends the setup moves of side: done, then every seed transfer between
// two of side's houses (from each house holding seeds, to every other house in
// order), written in place once the room is made.
func (s *State) setupMoves(dst []core.Move, side int) []core.Move {
	hs := s.g.houses[side]
	dst = append(dst, Done)
	for a, pa := range hs {
		if s.pits[pa] == 0 {
			continue
		}
		from := SetupBit | core.Move(a<<8)
		n := len(dst)
		dst = slices.Grow(dst, len(hs)-1)[:n+len(hs)-1]
		for b := 0; b < a; b++ {
			dst[n+b] = from | core.Move(b)
		}
		for b := a + 1; b < len(hs); b++ {
			dst[n+b-1] = from | core.Move(b)
		}
	}
	return dst
}

// finishMoves applies the move rules that never remove every move to dst[n0:]:
// no-starve, and the chosen targets of Capture.Chosen.
func (s *State) finishMoves(dst []core.Move, n0, side int) []core.Move {
	g := s.g
	if len(dst) == n0 {
		return dst
	}
	if g.r.NoStarve {
		dst = s.noStarve(dst, n0, side)
	}
	if g.r.NoGrandSlam {
		dst = s.noGrandSlam(dst, n0, side)
	}
	if g.chosen {
		dst = s.targets(dst, n0, side)
	}
	return dst
}

// noStarve keeps the moves of dst[n0:] that leave the opponent seeds; failing those,
// the ones that leave the mover seeds; failing those, all (Rules.NoStarve).
func (s *State) noStarve(dst []core.Move, n0, side int) []core.Move {
	g := s.g
	if b := g.starveBound; b > 0 {
		for _, p := range g.houses[1-side] {
			if int(s.pits[p]) > b && (s.marks == nil || s.marks[p] == 0) {
				return dst // that house keeps seeds whatever the move
			}
		}
	}
	c := s.scratchState()
	s.rank = s.rank[:0]
	best := int8(0)
	for _, m := range dst[n0:] {
		s.try(c, side, m, false)
		r := int8(starveRank(c, side))
		s.rank = append(s.rank, r)
		best = max(best, r)
	}
	if best == 0 {
		return dst
	}
	out := dst[:n0]
	for i, m := range dst[n0:] {
		if s.rank[i] == best {
			out = append(out, m)
		}
	}
	return out
}

// noGrandSlam keeps the moves of dst[n0:] that are not grand slams (a capture refused
// by GrandSlamNothing); failing those, all (Rules.NoGrandSlam).
func (s *State) noGrandSlam(dst []core.Move, n0, side int) []core.Move {
	c := s.scratchState()
	s.rank = s.rank[:0]
	plain := false
	for _, m := range dst[n0:] {
		s.try(c, side, m, false)
		r := int8(0)
		if !c.slam {
			r, plain = 1, true
		}
		s.rank = append(s.rank, r)
	}
	if !plain {
		return dst
	}
	out := dst[:n0]
	for i, m := range dst[n0:] {
		if s.rank[i] == 1 {
			out = append(out, m)
		}
	}
	return out
}

// starveRank ranks a tried move for NoStarve: 2 leaves the opponent seeds, 1 leaves
// the mover seeds, 0 neither.
func starveRank(c *State, side int) int {
	switch {
	case !c.sideEmpty(1 - side):
		return 2
	case !c.sideEmpty(side):
		return 1
	}
	return 0
}

// targets replaces each move of dst[n0:] that makes a chosen capture by one move per
// opponent house holding seeds after it, and leaves the moves sorted: the others in
// their order, then the capturing ones by target and move (a target adds
// (t+1)<<TargetShift to a move, more than any plain move). The capturing moves go to
// s.tmoves, and s.tmask has a bit set over them for each target (words words a
// target), so the moves come out in order with no sort when dst[n0:] came in
// ascending order (as baseMoves lists them).
func (s *State) targets(dst []core.Move, n0, side int) []core.Move {
	g := s.g
	opp := g.houses[1-side]
	words := (len(dst) - n0 + 63) / 64
	sorted := slices.IsSorted(dst[n0:])
	s.tmask = append(s.tmask[:0], make([]uint64, len(opp)*words)...)
	s.tmoves = s.tmoves[:0]
	c := s.scratchState()
	out := dst[:n0]
	for _, m := range dst[n0:] {
		s.try(c, side, m, false)
		if !c.choseAt || !chosenTargets(c, s.tmask, opp, len(s.tmoves), words) {
			out = append(out, m) // no capture, or nothing left to choose
			continue
		}
		s.tmoves = append(s.tmoves, m)
	}
	for t := range opp {
		for w, set := range s.tmask[t*words : t*words+words] {
			for ; set != 0; set &= set - 1 {
				m := s.tmoves[w*64+bits.TrailingZeros64(set)]
				out = append(out, m|core.Move(t+1)<<TargetShift)
			}
		}
	}
	if !sorted {
		slices.Sort(out[n0:])
	}
	return out
}

// chosenTargets marks move i (of words words a target) in mask for each house of opp
// a chosen capture may take in c, a tried move's position: those holding seeds,
// unmarked. It reports whether there is any.
func chosenTargets(c *State, mask []uint64, opp []int, i, words int) bool {
	w, bit := i/64, uint64(1)<<uint(i%64)
	found := uint64(0)
	for t, p := range opp {
		b := bit & -uint64(b2u(c.pits[p] > 0 && (c.marks == nil || c.marks[p] == 0)))
		mask[t*words+w] |= b
		found |= b
	}
	return found != 0
}
