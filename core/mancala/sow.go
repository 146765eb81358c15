package mancala

import "github.com/kalahlab/kalahlab/core"

// The hot path: one sowing move, its relay and its capture.

// sowMove plays the sowing move m of side on the pits (no end check, no change of
// movers) and reports whether side moves again.
func (s *State) sowMove(side int, m core.Move) bool {
	g := s.g
	dir := g.dirOf(m)
	from := g.houses[side][int(m&(ClockwiseBit-1))]
	last := s.sow(side, dir, from)
	if !g.house[last] {
		return g.r.ExtraTurn && last == g.store[side]
	}
	if s.marks == nil || s.marks[last] == 0 {
		s.capture(side, dir, last)
	}
	return false
}

// sow lifts the seeds of from and sows them along side's track in direction dir,
// relaying as the rules say (at most MaxRelay laps); it returns the pit of the last
// seed.
func (s *State) sow(side, dir, from int) (last int) {
	g := s.g
	if t := g.tab4[side][dir]; t != nil && s.v.mbits == 0 && !s.tracing {
		return s.relay4(t, from)
	}
	if t := g.tab[side][dir]; t != nil && !s.tracing {
		return s.relayWords(t, from)
	}
	lap, at := g.lap[side][dir], g.at[side][dir]
	for laps := 1; ; laps++ {
		seeds := int(s.pits[from])
		s.setPit(from, 0)
		if s.tracing {
			s.record(lap, at[from], from, seeds)
		}
		if g.plain {
			last = s.sowPlain(lap, at[from], seeds)
		} else {
			last = s.sowGeneral(lap, at[from], from, seeds)
		}
		if g.r.Sowing.Relay == NoRelay || !g.house[last] || s.pits[last] <= 1 || laps >= MaxRelay {
			return last
		}
		from = last
	}
}

// sowPlain sows seeds from lap position pos on: every pit of the lap takes seeds in
// turn, whole laps in bulk.
func (s *State) sowPlain(lap []int, pos, seeds int) int {
	pits, keys := s.pits, s.g.keys
	h := s.v.phash
	n := len(lap)
	if seeds > n {
		q := uint16((seeds - 1) / n)
		for _, p := range lap {
			pits[p] += q
			h += keys[p] * uint64(q)
		}
		seeds -= int(q) * n
	}
	p := 0
	for ; seeds > 0; seeds-- {
		if pos++; pos == n {
			pos = 0
		}
		p = lap[pos]
		pits[p]++
		h += keys[p]
	}
	s.v.phash = h
	return p
}

// sowGeneral is sowPlain with the origin skipped on laps or sown first, and seeds
// falling in a marked pit going to the mark owner's store.
func (s *State) sowGeneral(lap []int, pos, from, seeds int) int {
	g := s.g
	last := from
	if g.r.Sowing.OriginFirst && seeds > 1 {
		s.addPit(from, 1)
		seeds--
	}
	skip := g.r.Sowing.SkipOrigin
	n := len(lap)
	eff := n
	if skip {
		eff--
	}
	if eff <= 0 {
		// Only the origin is on the lap and it is skipped: the seeds stay.
		s.addPit(from, uint16(seeds))
		return from
	}
	if seeds > eff {
		q := uint16((seeds - 1) / eff)
		for _, p := range lap {
			if skip && p == from {
				continue
			}
			s.drop(p, q)
		}
		seeds -= int(q) * eff
	}
	if s.marks == nil {
		// No marks: every seed stays in its pit; phash kept in a register.
		pits, keys := s.pits, g.keys
		h := s.v.phash
		for seeds > 0 {
			if pos++; pos == n {
				pos = 0
			}
			p := lap[pos]
			if skip && p == from {
				continue
			}
			pits[p]++
			h += keys[p]
			last = p
			seeds--
		}
		s.v.phash = h
		return last
	}
	for seeds > 0 {
		if pos++; pos == n {
			pos = 0
		}
		p := lap[pos]
		if skip && p == from {
			continue
		}
		s.drop(p, 1)
		last = p
		seeds--
	}
	return last
}

// drop puts k seeds in pit p, or in the store of p's mark owner.
func (s *State) drop(p int, k uint16) {
	if s.marks != nil && s.marks[p] != 0 {
		p = s.g.store[s.marks[p]-1]
	}
	s.addPit(p, k)
}

// pitOK reports whether house p meets c's conditions on a pit for mover side (the
// conditions a chain checks too: side, counts, evenness, no mark).
func (s *State) pitOK(c *capture, side, p int) bool {
	g := s.g
	if !g.house[p] || (s.marks != nil && s.marks[p] != 0) {
		return false
	}
	switch c.Side {
	case OwnSide:
		if int(g.owner[p]) != side {
			return false
		}
	case OpponentSide:
		if int(g.owner[p]) == side {
			return false
		}
	}
	n := s.pits[p]
	if c.mask != 0 && (n > MaxCount || c.mask>>n&1 == 0) {
		return false
	}
	if c.Even && (n == 0 || n&1 != 0) {
		return false
	}
	return true
}

// capture applies the first capture rule whose conditions hold at last, an unmarked
// house.
func (s *State) capture(side, dir, last int) {
	g := s.g
	if g.oneCap {
		s.captureOne(side, last)
		return
	}
	n := s.pits[last]
	for i := range g.caps {
		c := &g.caps[i]
		if !c.at[side][last] || !c.countOK(n) {
			continue
		}
		if c.Effect == MarkPit {
			if !s.markOK(c, side, last) {
				continue
			}
			s.markPit(side, last)
			return
		}
		s.take(c, side, dir, last)
		return
	}
}

// markOK checks the conditions of a MarkPit capture on who already marked what.
func (s *State) markOK(c *capture, side, last int) bool {
	for p, m := range s.marks {
		switch {
		case m == 0:
		case c.MarkOnce && int(m) == side+1:
			return false
		case c.MarkNotMirror && int(m) == 2-side && s.g.houseNo[p] == s.g.houseNo[last]:
			return false
		}
	}
	return true
}

// take applies a TakeSeeds capture of c at last.
func (s *State) take(c *capture, side, dir, last int) {
	g := s.g
	switch c.Take {
	case TakeOpposite:
		s.takeFacing(c, side, last, g.oppList[last])
		return
	case TakeColumn:
		s.takeFacing(c, side, last, g.col[last])
		return
	}
	// TakePit: the pit, and the chain of pits before or after it along the lap
	// ([lo, hi] positions) while they meet the conditions.
	pits := s.pits
	lap, at := g.lap[side][dir], g.at[side][dir]
	lo, hi := at[last], at[last]
	taken, fromOpp := 0, 0
	count := func(p int) {
		taken += int(pits[p])
		if int(g.owner[p]) != side {
			fromOpp += int(pits[p])
		}
	}
	count(last)
	step := 0
	switch c.Chain {
	case ChainBackward:
		step = -1
	case ChainForward:
		step = 1
	}
	if step != 0 {
		n := len(lap)
		for k := 1; k < n; k++ {
			q := (at[last] + step*k + n) % n
			if !s.pitOK(c, side, lap[q]) {
				break
			}
			count(lap[q])
			if step < 0 {
				lo = q
			} else {
				hi = q
			}
		}
	}
	if c.NeedSeeds && taken-int(pits[last]) == 0 {
		return
	}
	if c.GrandSlamNothing && fromOpp > 0 && fromOpp == s.sideSeeds(1-side) {
		s.slam = true
		return
	}
	n := len(lap)
	for q := lo; ; q = (q + 1) % n {
		s.setPit(lap[q], 0)
		if q == hi {
			break
		}
	}
	if c.WithLast {
		taken += int(pits[last])
		s.setPit(last, 0)
	}
	s.addPit(g.store[side], uint16(taken))
}

// takeFacing applies a capture of c at last taking the pits facing it (the opposite
// house, or the opponent's column).
func (s *State) takeFacing(c *capture, side, last int, facing []int) {
	g := s.g
	taken, fromOpp := 0, 0
	for _, o := range facing {
		n := int(s.pits[o])
		taken += n
		if int(g.owner[o]) != side {
			fromOpp += n
		}
	}
	if c.NeedSeeds && taken == 0 {
		return
	}
	if c.GrandSlamNothing && fromOpp > 0 && fromOpp == s.sideSeeds(1-side) {
		s.slam = true
		return
	}
	for _, o := range facing {
		s.setPit(o, 0)
	}
	if c.WithLast {
		taken += int(s.pits[last])
		s.setPit(last, 0)
	}
	s.addPit(g.store[side], uint16(taken))
}

// captureOne is capture for a game on the word board whose one capture rule takes the
// facing pit (Game.oneCap: Kalah, Ayoayo, Congkak): whether it applies is computed,
// not branched on (it is a coin toss in a playout), and the counts change by word.
func (s *State) captureOne(side, last int) {
	g := s.g
	c := &g.caps[0]
	b := s.board()
	o := g.facing[last]
	n, t := uint64(s.pits[last]), uint64(s.pits[o])
	ok := uint64(b2u(c.at[side][last]) & b2u(c.countOK(uint16(n))) & b2u(o != last))
	if c.NeedSeeds {
		ok &= uint64(b2u(t != 0))
	}
	mask := -ok // all ones when the capture applies
	tt, tl := t&mask, n&mask&g.withLast
	st := g.store[side]
	b[o>>2&(boardWords-1)] -= tt << lane(o)
	b[last>>2&(boardWords-1)] -= tl << lane(last)
	b[st>>2&(boardWords-1)] += (tt + tl) << lane(st)
	s.v.phash += g.keys[st]*(tt+tl) - g.keys[o]*tt - g.keys[last]*tl
}
