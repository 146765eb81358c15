package mancala

import "slices"

// The captures of the extended move loop (sowx.go), tried at the pit of a lap's last
// seed, in the order the rules list them. Each step below is one rule: the conditions
// on the last pit and the house facing it, the pits each kind of take names
// (opposite, column, the pit and its chain, the next house, the houses after), the
// vetoes, the chosen house, the marks (tuzdik, kept pairs) and where taken seeds are
// sown on.

// captureX tries the captures at last, the pit of a lap's last seed. It returns the
// seeds taken and whether they are to be sown on (then s.resowPos is the lap position
// the next lap starts after), or -1 when no capture applied. target is the move's
// chosen opponent house (Capture.Chosen), or -1.
func (s *State) captureX(side, dir, last, target int) (int, bool) {
	g := s.g
	for i := range g.caps {
		c := &g.caps[i]
		if !s.landingOK(c, last) || !s.lastPitOK(c, side, last) || !s.oppositeOK(c, last) {
			continue
		}
		switch c.Effect {
		case MarkPit:
			if !s.markOK(c, side, last) {
				continue
			}
			s.markPit(side, last)
			return 0, false
		case KeepPair:
			if !s.keepPair(c, side, dir, last) {
				continue
			}
			return 0, false
		}
		buf := s.takenPits(c, side, dir, last)
		if c.Take == TakeAfter && len(buf) == 0 {
			continue // no house after the last pit meets the conditions
		}
		if s.vetoed(c, side, last, buf) {
			return -1, false // the first capture that applies is refused: none is made
		}
		taken := s.takeSeeds(c, side, last, target, buf)
		if c.Effect != Resow {
			to := side
			if c.ToOwner {
				to = int(g.owner[last])
			}
			s.addPit(g.store[to], uint16(taken))
			return taken, false
		}
		s.resowPos = s.resowStart(c, side, dir, last)
		return taken, true
	}
	return -1, false
}

// marked reports whether pit p carries a mark (a tuzdik, a kept pit, out of play).
func (s *State) marked(p int) bool { return s.marks != nil && s.marks[p] != 0 }

// free reports whether p is a house with no mark: one a capture may take.
func (s *State) free(p int) bool { return p >= 0 && s.g.house[p] && !s.marked(p) }

// landingOK checks c's conditions on where the last seed fell: a pit empty
// (EmptyBefore) or occupied (Occupied) before it, in a row facing the opponent
// (InnerOnly). They are the cheap ones, tried first (inlined): most laps end in a pit
// they rule out.
func (s *State) landingOK(c *capture, last int) bool {
	n := s.pits[last]
	return !(c.EmptyBefore && n != 1) && !(c.Occupied && n < 2) && !(c.InnerOnly && !s.g.inner[last])
}

// lastPitOK checks the ply of the round (FromPly), the house numbers (NotHouse,
// Houses: houseAllowed), and the last pit's side and count (pitOK; TakeAfter judges the houses
// after it instead).
func (s *State) lastPitOK(c *capture, side, last int) bool {
	if int(s.v.played) < c.FromPly || !s.g.houseAllowed(&c.Capture, last) {
		return false
	}
	return c.Take == TakeAfter || s.pitOK(c, side, last)
}

// oppositeOK checks c's conditions on the opponent house facing last: it holds seeds
// (NeedOpposite), one of OppositeCounts, or none (OppositeEmpty). A last pit facing
// no house, or a marked one, fails each.
func (s *State) oppositeOK(c *capture, last int) bool {
	if !c.NeedOpposite && c.oppMask == 0 && !c.OppositeEmpty {
		return true
	}
	o := s.g.opp[last]
	if o < 0 || s.marked(o) {
		return false
	}
	n := s.pits[o]
	if (c.NeedOpposite && n == 0) || (c.OppositeEmpty && n != 0) {
		return false
	}
	return c.oppMask == 0 || (n <= MaxCount && c.oppMask>>n&1 != 0)
}

// markPit makes last a pit of side's (MarkPit: Toguz Kumalak's tuzdik); its seeds go
// to side's store.
func (s *State) markPit(side, last int) {
	s.setMark(last, int8(side+1))
	s.addPit(s.g.store[side], s.pits[last])
	s.setPit(last, 0)
}

// keepPair makes last and the house it faces (the next house with TakeNext) a pair of
// side's kept pits, one seed moving from that house to last (KeepPair: Layli
// Goobalay's uurs). It fails, changing nothing, when that house is marked, is last, or
// is empty.
func (s *State) keepPair(c *capture, side, dir, last int) bool {
	g := s.g
	t := g.opp[last]
	if c.Take == TakeNext {
		t = s.nextHouse(g.lap[side][dir], g.at[side][dir][last])
	}
	if !s.free(t) || t == last || s.pits[t] == 0 {
		return false
	}
	s.setPit(t, s.pits[t]-1)
	s.addPit(last, 1)
	s.setMark(last, int8(markKeep+side))
	s.setMark(t, int8(markKeep+side))
	return true
}

// takenPits lists the pits c takes at last, the chosen house aside, in s.tbuf.
func (s *State) takenPits(c *capture, side, dir, last int) []int {
	g := s.g
	lap, at := g.lap[side][dir], g.at[side][dir]
	buf := s.tbuf[:0]
	switch c.Take {
	case TakeOpposite:
		buf = s.oppositePit(buf, last)
	case TakeColumn:
		buf = s.columnPits(buf, last)
	case TakePit:
		buf = append(buf, last)
		if c.Chain != NoChain {
			buf = s.chainPits(buf, c, side, lap, at, last)
		}
	case TakeNext:
		buf = s.nextPit(buf, lap, at, last)
	case TakeAfter:
		buf = s.afterPits(buf, c, side, lap, at, last)
	}
	s.tbuf = buf
	return buf
}

// oppositePit appends the house facing last, when free (TakeOpposite).
func (s *State) oppositePit(buf []int, last int) []int {
	if o := s.g.opp[last]; s.free(o) {
		buf = append(buf, o)
	}
	return buf
}

// columnPits appends the free opponent houses of last's column (TakeColumn).
func (s *State) columnPits(buf []int, last int) []int {
	for _, o := range s.g.col[last] {
		if s.free(o) {
			buf = append(buf, o)
		}
	}
	return buf
}

// chainPits appends the pits before (ChainBackward) or after (ChainForward) last
// along the lap while each meets c's pit conditions (a TakePit chain: Oware's 2s and
// 3s).
func (s *State) chainPits(buf []int, c *capture, side int, lap, at []int, last int) []int {
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
	return buf
}

// nextPit appends the first house in play after last along the lap, when free and not
// last itself (TakeNext).
func (s *State) nextPit(buf []int, lap, at []int, last int) []int {
	if nx := s.nextHouse(lap, at[last]); s.free(nx) && nx != last {
		buf = append(buf, nx)
	}
	return buf
}

// afterPits appends the pits after last along the lap while each meets c's pit
// conditions, stopping before coming round to last (TakeAfter: Adjiboto).
func (s *State) afterPits(buf []int, c *capture, side int, lap, at []int, last int) []int {
	n := len(lap)
	for k := 1; k < n; k++ {
		q := lap[(at[last]+k)%n]
		if q == last || !s.pitOK(c, side, q) {
			break
		}
		buf = append(buf, q)
	}
	return buf
}

// vetoed reports whether a rule refuses the capture of buf at last: NeedSeeds (the
// pits taken hold no seed, the last pit aside), AllOccupied (a pit taken is empty, or
// there is none) or GrandSlamNothing (it takes every seed the opponent has).
func (s *State) vetoed(c *capture, side, last int, buf []int) bool {
	if !c.NeedSeeds && !c.AllOccupied && !c.GrandSlamNothing {
		return false
	}
	g := s.g
	pits := s.pits
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
	if c.Take == TakePit {
		taken -= int(pits[last])
	}
	if c.GrandSlamNothing && fromOpp > 0 && fromOpp == s.sideSeeds(1-side) {
		s.slam = true
		return true
	}
	return (c.NeedSeeds && taken == 0) || (c.AllOccupied && (empty || len(buf) == 0))
}

// takeSeeds empties the pits of buf, the chosen house (Chosen) and the last pit
// (WithLast), and returns the seeds taken.
func (s *State) takeSeeds(c *capture, side, last, target int, buf []int) int {
	pits := s.pits
	taken := 0
	for _, p := range buf {
		taken += int(pits[p])
	}
	if c.Chosen {
		taken += s.takeChosen(side, target, buf)
	}
	for _, p := range buf {
		s.setPit(p, 0)
	}
	if c.WithLast {
		taken += int(pits[last])
		s.setPit(last, 0)
	}
	return taken
}

// takeChosen notes that a chosen capture applied (s.choseAt, for the move listing) and
// empties the opponent house target names when it is free and not taken already; it
// returns the seeds it held.
func (s *State) takeChosen(side, target int, buf []int) int {
	g := s.g
	s.choseAt = true
	if target < 0 || target >= len(g.houses[1-side]) {
		return 0
	}
	tp := g.houses[1-side][target]
	if !s.free(tp) || slices.Contains(buf, tp) {
		return 0
	}
	n := int(s.pits[tp])
	s.setPit(tp, 0)
	return n
}

// resowStart returns the lap position after which a Resow capture's seeds are sown:
// after the last pit (Hus, Owela), before the first pit of the capturing lap (Omweso),
// or before the mover's first house (Bao's kichwa).
func (s *State) resowStart(c *capture, side, dir, last int) int {
	g := s.g
	at := g.at[side][dir]
	n := len(g.lap[side][dir])
	switch c.ResowFrom {
	case ResowLapStart:
		return (at[s.lapFirst] - 1 + n) % n
	case ResowTrackStart:
		return (at[g.houses[side][0]] - 1 + n) % n
	}
	return at[last]
}
