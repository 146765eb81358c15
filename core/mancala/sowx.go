package mancala

import (
	"slices"

	"github.com/kalahlab/kalahlab/core"
)

// The extended move loop: the rules a classic sowing (sow.go) does not know. A game
// uses it when any of them is set (Game.ext); the classic games keep their loop.
//
// A move is a series of laps. After each lap, at the pit of its last seed: a store
// ends the move (an extra turn in the own store); a marked or out-of-play pit ends it;
// else the captures are tried in order, and the first that applies ends the move, or
// with effect Resow sows the taken seeds on as a new lap; with no capture, the relay
// rule may lift seeds for a new lap. At most MaxRelay laps a move.

// sowMoveExt plays the sowing move m of side and reports whether side moves again.
func (s *State) sowMoveExt(side int, m core.Move) bool {
	g := s.g
	dir := g.dirOf(m)
	from := g.houses[side][int(m&(ClockwiseBit-1))]
	target := int(m>>TargetShift) - 1
	lap, at := g.lap[side][dir], g.at[side][dir]
	s.reached, s.choseAt = false, false
	seeds := int(s.pits[from])
	s.pits[from] = 0
	last := s.lapX(side, lap, at[from], from, seeds, true)
	s.firstOK = s.reached || (last >= 0 && g.house[last] && int(g.owner[last]) == side && s.pits[last] == 1)
	if s.probe {
		return false // a trial of the first lap only
	}
	for laps := 1; ; laps++ {
		if last < 0 {
			return false // the last seed was taken, or nothing could be sown
		}
		if !g.house[last] {
			return g.r.ExtraTurn && last == g.store[side]
		}
		if s.marks != nil && s.marks[last] != 0 {
			return false
		}
		if laps >= MaxRelay {
			return false
		}
		if taken, resow := s.captureX(side, dir, last, target); taken >= 0 {
			if !resow || taken == 0 {
				return false
			}
			last = s.lapX(side, lap, s.resowPos, -1, taken, false)
			continue
		}
		switch g.r.Sowing.Relay {
		case RelayOnOccupied:
			if s.pits[last] <= 1 {
				return false
			}
			from = last
		case RelayOwnSide:
			if s.pits[last] <= 1 || int(g.owner[last]) != side {
				return false
			}
			from = last
		case RelayNext:
			if s.pits[last] <= 1 {
				return false
			}
			from = s.nextHouse(lap, at[last])
			if from < 0 || s.pits[from] == 0 || (s.marks != nil && s.marks[from] != 0) {
				return false
			}
		default:
			return false
		}
		seeds = int(s.pits[from])
		s.pits[from] = 0
		last = s.lapX(side, lap, at[from], from, seeds, true)
	}
}

// lapX sows seeds along lap from position pos on (the first seed goes to lap[pos+1]).
// origin is the pit lifted from (-1 for captured seeds sown on): with lift, it takes
// the first seed (OriginFirst) or is skipped (SkipOrigin). Out-of-play pits are
// skipped, seeds falling in marked pits go to the mark owner's store, and a seed
// making Sowing.TakeAt in a house takes it. It returns the pit of the last seed (-1
// when the last seed was taken, or no pit could take seeds); s.lapFirst is the pit of
// the first.
func (s *State) lapX(side int, lap []int, pos, origin, seeds int, lift bool) int {
	g := s.g
	if g.lapFast && seeds > 0 {
		return s.lapFast(side, lap, pos, seeds)
	}
	sw := &g.r.Sowing
	pits := s.pits
	n := len(lap)
	first, last := -1, origin
	if lift && sw.OriginFirst && seeds > 1 {
		pits[origin]++
		seeds--
		first = origin
	}
	skip := lift && sw.SkipOrigin
	misses := 0
	for seeds > 0 {
		if pos++; pos >= n {
			pos = 0
		}
		p := lap[pos]
		if (skip && p == origin) || (s.marks != nil && s.marks[p] == markOut) {
			if misses++; misses > n {
				pits[g.store[side]] += uint16(seeds) // no pit takes seeds: they are kept
				return -1
			}
			continue
		}
		misses = 0
		seeds--
		if first < 0 {
			first = p
		}
		last = p
		if !g.house[p] {
			pits[p]++
			continue
		}
		if int(g.owner[p]) != side {
			s.reached = true
		}
		if s.marks != nil && s.marks[p] != 0 {
			if m := s.marks[p]; m < markOut {
				pits[g.store[m-1]]++ // a MarkPit pit: to the mark's owner
			} else {
				pits[p]++ // a kept pit keeps its seeds
			}
			continue
		}
		pits[p]++
		if sw.TakeAt > 0 && int(pits[p]) == sw.TakeAt {
			to := side
			if seeds > 0 && sw.TakeAtOwner {
				to = int(g.owner[p])
			}
			pits[g.store[to]] += pits[p]
			pits[p] = 0
			if seeds == 0 {
				return -1
			}
		}
	}
	s.lapFirst = first
	return last
}

// lapFast is lapX for the rules with nothing to skip, mark or take on the way
// (Game.lapFast): whole laps are added in bulk, and only Must's ReachOrEmpty looks at
// the pits sown.
func (s *State) lapFast(side int, lap []int, pos, seeds int) int {
	g := s.g
	pits := s.pits
	n := len(lap)
	reach := g.r.Must == ReachOrEmpty
	if seeds > n {
		q := uint16((seeds - 1) / n)
		for _, p := range lap {
			pits[p] += q
		}
		seeds -= int(q) * n
		if reach {
			for _, p := range lap {
				if g.house[p] && int(g.owner[p]) != side {
					s.reached = true
				}
			}
		}
	}
	first := pos + 1
	if first >= n {
		first = 0
	}
	s.lapFirst = lap[first]
	p := -1
	for ; seeds > 0; seeds-- {
		if pos++; pos >= n {
			pos = 0
		}
		p = lap[pos]
		pits[p]++
		if reach && g.house[p] && int(g.owner[p]) != side {
			s.reached = true
		}
	}
	return p
}

// nextHouse returns the first house in play after lap position pos, or -1.
func (s *State) nextHouse(lap []int, pos int) int {
	g := s.g
	n := len(lap)
	for k := 1; k < n; k++ {
		p := lap[(pos+k)%n]
		if g.house[p] && (s.marks == nil || s.marks[p] != markOut) {
			return p
		}
	}
	return -1
}

// captureX tries the captures at last, the pit of a lap's last seed. It returns the
// seeds taken and whether they are to be sown on (then s.resowPos is the lap position
// the next lap starts after), or -1 when no capture applied.
func (s *State) captureX(side, dir, last, target int) (int, bool) {
	g := s.g
	pits := s.pits
	lap, at := g.lap[side][dir], g.at[side][dir]
	for i := range g.caps {
		c := &g.caps[i]
		if int(s.v.played) < c.FromPly ||
			(c.Take != TakeAfter && !s.pitOK(c, side, last)) ||
			(c.InnerOnly && !g.inner[last]) ||
			(c.EmptyBefore && pits[last] != 1) ||
			(c.Occupied && pits[last] < 2) ||
			(c.NotHouse > 0 && g.houseNo[last]+1 == c.NotHouse) {
			continue
		}
		if c.NeedOpposite {
			if o := g.opp[last]; o < 0 || pits[o] == 0 || (s.marks != nil && s.marks[o] != 0) {
				continue
			}
		}
		if c.oppMask != 0 {
			if o := g.opp[last]; o < 0 || (s.marks != nil && s.marks[o] != 0) || pits[o] > 63 || c.oppMask>>pits[o]&1 == 0 {
				continue
			}
		}
		if c.Effect == MarkPit {
			if !s.markOK(c, side, last) {
				continue
			}
			s.marks[last] = int8(side + 1)
			pits[g.store[side]] += pits[last]
			pits[last] = 0
			return 0, false
		}
		free := func(p int) bool { return p >= 0 && g.house[p] && (s.marks == nil || s.marks[p] == 0) }
		if c.Effect == KeepPair {
			t := g.opp[last]
			if c.Take == TakeNext {
				t = s.nextHouse(lap, at[last])
			}
			if !free(t) || t == last || pits[t] == 0 {
				continue
			}
			pits[t]--
			pits[last]++
			s.marks[last] = int8(markKeep + side)
			s.marks[t] = int8(markKeep + side)
			return 0, false
		}
		buf := s.tbuf[:0]
		switch c.Take {
		case TakeOpposite:
			if o := g.opp[last]; free(o) {
				buf = append(buf, o)
			}
		case TakeColumn:
			for _, o := range g.col[last] {
				if free(o) {
					buf = append(buf, o)
				}
			}
		case TakePit:
			buf = append(buf, last)
			if c.Chain != NoChain {
				step := 1
				if c.Chain == ChainBackward {
					step = -1
				}
				n := len(lap)
				for k := 1; k < n; k++ {
					q := lap[((at[last]+step*k)%n+n)%n]
					if !s.pitOK(c, side, q) {
						break
					}
					buf = append(buf, q)
				}
			}
		case TakeNext:
			if nx := s.nextHouse(lap, at[last]); free(nx) && nx != last {
				buf = append(buf, nx)
			}
		case TakeAfter:
			n := len(lap)
			for k := 1; k < n; k++ {
				q := lap[(at[last]+k)%n]
				if q == last || !s.pitOK(c, side, q) {
					break
				}
				buf = append(buf, q)
			}
			if len(buf) == 0 {
				s.tbuf = buf
				continue
			}
		}
		s.tbuf = buf
		taken, fromOpp, empty := 0, 0, false
		for _, p := range buf {
			taken += int(pits[p])
			if int(g.owner[p]) != side {
				fromOpp += int(pits[p])
			}
			if pits[p] == 0 && p != last {
				empty = true
			}
		}
		lastSeeds := 0
		if c.Take == TakePit {
			lastSeeds = int(pits[last])
		}
		switch {
		case c.NeedSeeds && taken-lastSeeds == 0,
			c.AllOccupied && (empty || len(buf) == 0),
			c.GrandSlamNothing && fromOpp > 0 && fromOpp == s.sideSeeds(1-side):
			return -1, false
		}
		if c.Chosen {
			s.choseAt = true
			if target >= 0 && target < len(g.houses[1-side]) {
				if tp := g.houses[1-side][target]; free(tp) && !slices.Contains(buf, tp) {
					taken += int(pits[tp])
					pits[tp] = 0
				}
			}
		}
		for _, p := range buf {
			pits[p] = 0
		}
		if c.WithLast {
			taken += int(pits[last])
			pits[last] = 0
		}
		if c.Effect != Resow {
			pits[g.store[side]] += uint16(taken)
			return taken, false
		}
		n := len(lap)
		switch c.ResowFrom {
		case ResowAfterLast:
			s.resowPos = at[last]
		case ResowLapStart:
			s.resowPos = (at[s.lapFirst] - 1 + n) % n
		case ResowTrackStart:
			s.resowPos = (at[g.houses[side][0]] - 1 + n) % n
		}
		return taken, true
	}
	return -1, false
}

// scratchState returns the state moves are tried on.
func (s *State) scratchState() *State {
	if s.scratch == nil {
		s.scratch = &State{g: s.g, pits: make([]uint16, len(s.pits))}
		if s.marks != nil {
			s.scratch.marks = make([]int8, len(s.marks))
		}
	}
	return s.scratch
}

// try plays side's sowing m on c, a copy of s (no end check); with probe, only its
// first lap (enough for Must's ReachOrEmpty: c.firstOK).
func (s *State) try(c *State, side int, m core.Move, probe bool) {
	copy(c.pits, s.pits)
	copy(c.marks, s.marks)
	c.v = s.v
	c.v.side = uint8(side)
	c.ply = s.ply
	c.probe = probe
	if s.g.ext {
		c.sowMoveExt(side, m)
	} else {
		c.sowMove(side, m)
	}
}

// baseMoves appends side's sowings under the rules that may leave no move at all:
// the opening rules, kept pits, per-house directions, must feed and Must. With exist
// it stops at the first (the caller only asks whether there is one). The rules that
// never remove every move, no-starve and the chosen targets, are finishMoves'.
func (s *State) baseMoves(dst []core.Move, side int, exist bool) []core.Move {
	g := s.g
	min := uint16(g.minSeeds)
	hs := g.houses[side]
	open := g.opening != nil && int(s.v.played) < g.r.Opening.Plies
	used := s.v.used[side]
	each := false
	if g.r.Opening.EachHouse {
		full := uint64(1)<<uint(len(hs)) - 1
		if used&full != full {
			for k, p := range hs {
				if used>>uint(k)&1 == 0 && s.pits[p] >= min && (!open || g.opening[k]) && (!g.keeps || s.marks[p] == 0) {
					each = true
					break
				}
			}
		}
	}
	feed := g.r.MustFeed && s.sideSeeds(1-side) == 0
	must := g.r.Must == ReachOrEmpty && int(s.v.played) >= g.r.Opening.Plies
	both := g.hdir != nil || g.r.Sowing.Direction == Chosen
	for pass := 0; pass < 2; pass++ {
		bit := core.Move(0)
		if pass == 1 {
			if !both {
				break
			}
			bit = ClockwiseBit
		}
		for k, p := range hs {
			if s.pits[p] < min || (open && !g.opening[k]) || (each && used>>uint(k)&1 != 0) || (g.keeps && s.marks[p] != 0) {
				continue
			}
			if g.hdir != nil {
				if d := g.hdir[k]; (pass == 0 && d == Clockwise) || (pass == 1 && d == Anticlockwise) {
					continue
				}
			}
			m := core.Move(k) | bit
			if feed || must {
				c := s.scratchState()
				s.try(c, side, m, !feed)
				if (feed && c.sideSeeds(1-side) == 0) || (must && !c.firstOK) {
					continue
				}
			}
			dst = append(dst, m)
			if exist {
				return dst
			}
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

// starveRank ranks a tried move for NoStarve: 2 leaves the opponent seeds, 1 leaves
// the mover seeds, 0 neither.
func starveRank(c *State, side int) int {
	switch {
	case c.sideSeeds(1-side) > 0:
		return 2
	case c.sideSeeds(side) > 0:
		return 1
	}
	return 0
}

// targets replaces each move of dst[n0:] that makes a chosen capture by one move per
// opponent house holding seeds after it, and sorts the moves.
func (s *State) targets(dst []core.Move, n0, side int) []core.Move {
	g := s.g
	c := s.scratchState()
	end := len(dst)
	for i := n0; i < end; i++ {
		m := dst[i]
		s.try(c, side, m, false)
		if !c.choseAt {
			continue
		}
		added := false
		for t, p := range g.houses[1-side] {
			if c.pits[p] > 0 && (c.marks == nil || c.marks[p] == 0) {
				dst = append(dst, m|core.Move(t+1)<<TargetShift)
				added = true
			}
		}
		if added {
			dst[i] = -1
		}
	}
	out := dst[:n0]
	for _, m := range dst[n0:] {
		if m >= 0 {
			out = append(out, m)
		}
	}
	slices.Sort(out[n0:])
	return out
}

// setupMoves appends the setup moves of side: done, then every seed transfer between
// two of side's houses.
func (s *State) setupMoves(dst []core.Move, side int) []core.Move {
	hs := s.g.houses[side]
	dst = append(dst, Done)
	for a, pa := range hs {
		if s.pits[pa] == 0 {
			continue
		}
		for b := range hs {
			if b != a {
				dst = append(dst, SetupBit|core.Move(a<<8|b))
			}
		}
	}
	return dst
}

// setupMove plays a setup move; when the mover's setup is over, the other side sets
// up, or play begins with the round's starter.
func (s *State) setupMove(m core.Move) {
	side := int(s.v.side)
	hs := s.g.houses[side]
	if m == Done {
		s.v.setup[side] = 0
	} else {
		s.pits[hs[int(m>>8)&255]]--
		s.pits[hs[int(m)&255]]++
		s.v.setup[side]--
	}
	if s.v.setup[side] == 0 {
		if s.v.setup[1-side] > 0 {
			s.v.side = uint8(1 - side)
		} else {
			s.v.side = s.v.starter
		}
	}
}

// nextRound ends a round: the seeds left are counted, and the next round starts on
// refilled houses, or the match ends (see Rounds).
func (s *State) nextRound() {
	g := s.g
	rs := g.r.Rounds
	s.legalOK = false
	s.gather(g.r.End.Remaining)
	if (rs.Max > 0 && int(s.v.round)+1 >= rs.Max) || s.v.round == 1<<16-1 ||
		int(s.pits[g.store[0]]) < rs.Seeds || int(s.pits[g.store[1]]) < rs.Seeds {
		s.finish(ToOwner)
		return
	}
	clear(s.marks)
	for side := 0; side < 2; side++ {
		st := g.store[side]
		for _, p := range g.houses[side] {
			if int(s.pits[st]) >= rs.Seeds {
				s.pits[st] -= uint16(rs.Seeds)
				s.pits[p] = uint16(rs.Seeds)
			} else {
				s.marks[p] = markOut
			}
		}
	}
	s.v.round++
	s.v.starter ^= 1
	s.v.side = s.v.starter
	s.v.played = 0
	s.v.used = [2]uint64{}
	if !s.hasSowing(int(s.v.side)) {
		s.finish(ToOwner)
	}
}
