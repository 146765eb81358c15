package mancala

import "github.com/kalahlab/kalahlab/core"

// The extended move loop: the rules a classic sowing (sow.go) does not know. A game
// uses it when any of them is set (Game.ext); the classic games keep their loop.
//
// A move is a series of laps. After each lap, at the pit of its last seed: a store
// ends the move (an extra turn in the own store); a marked or out-of-play pit ends it;
// else the captures are tried in order, and the first that applies ends the move, or
// with effect Resow sows the taken seeds on as a new lap; with no capture, the relay
// rule may lift seeds for a new lap. At most MaxRelay laps a move: the last is judged
// as any other, but no lap follows it (see MaxRelay).

// sowMoveExt plays the sowing move m of side and reports whether side moves again. A
// hooked game's move calls the hooks (hooks.go): the Capture hook where the captures
// would be tried, at every lap's end, and AfterSow after the last lap.
func (s *State) sowMoveExt(side int, m core.Move) bool {
	return s.sowExt(side, m, s.g.hooked)
}

// sowExt is sowMoveExt with the hooks or, for the moves the move rules try (try), the
// descriptor alone.
func (s *State) sowExt(side int, m core.Move, hooked bool) bool {
	g := s.g
	dir := g.dirOf(m)
	house := int(m & (ClockwiseBit - 1))
	from := g.houses[side][house]
	target := int(m>>TargetShift) - 1
	s.reached, s.choseAt, s.lapGoes = false, false, false
	var mv *Sown
	if hooked {
		mv = s.startTrace(side, dir, house, from, target)
	}
	last := s.liftX(mv, side, dir, from)
	s.firstOK = s.reached || (last >= 0 && g.house[last] && int(g.owner[last]) == side && s.pits[last] == 1)
	if s.probe {
		return false // a trial of the first lap only
	}
	again, _ := s.lapsX(mv, side, dir, last, target, true)
	if mv == nil || s.v.err != nil {
		return again
	}
	if g.hooks.ExtraTurn != nil {
		if again = s.extraTurn(mv, again); s.v.err != nil {
			return false
		}
	}
	if g.hooks.AfterSow == nil {
		return again
	}
	return s.afterSow(mv, again)
}

// liftX lifts the seeds of house from and sows them as a lap of side's in direction
// dir, traced into mv when not nil; it returns the pit of the last seed (see lapX).
func (s *State) liftX(mv *Sown, side, dir, from int) int {
	g := s.g
	lap, at := g.lap[side][dir], g.at[side][dir]
	seeds := int(s.pits[from])
	s.setPit(from, 0)
	if mv != nil {
		s.recordLap(mv, lap, at[from], from, seeds, true)
	}
	last := s.lapX(side, dir, lap, at[from], from, seeds, true)
	if mv != nil {
		mv.setLast(s, last)
	}
	return last
}

// lapsX goes on with side's sowing in direction dir whose lap ended at last, lap after
// lap (see the top of the file), and reports whether side moves again and the pit of
// the last seed (-1: taken at once, or none). With mv (a hooked move) the laps are
// traced and the Capture hook, if any, replaces the captures; without, the descriptor's
// captures are tried when caps is set (State.Sow without capture tries none). target is
// the move's chosen opponent house, or -1.
func (s *State) lapsX(mv *Sown, side, dir, last, target int, caps bool) (bool, int) {
	g := s.g
	lap, at := g.lap[side][dir], g.at[side][dir]
	hook := mv != nil && g.hooks.Capture != nil
	for laps := 1; ; laps++ {
		switch {
		case last < 0:
			return false, last // the last seed was taken, or nothing could be sown
		case !g.house[last]:
			return g.r.ExtraTurn && last == g.store[side], last
		case s.marks != nil && s.marks[last] != 0:
			return false, last
		}
		taken, resow := -1, false
		switch {
		case hook:
			var err error
			if taken, resow, err = s.captureHook(mv, last); err != nil {
				return false, last
			}
		case caps:
			taken, resow = s.captureX(side, dir, last, target)
		}
		if taken >= 0 {
			if !resow || taken == 0 {
				return false, last
			}
			if laps == 1 {
				s.firstLapDone(side)
			}
			if laps >= MaxRelay {
				// The last lap a move sows (MaxRelay): no re-sowing follows, the
				// seeds taken go to the mover's store.
				s.addPit(g.store[side], uint16(taken))
				return false, last
			}
			if mv != nil {
				s.recordLap(mv, lap, s.resowPos, lap[s.resowPos], taken, false)
				mv.Resows++
			}
			last = s.lapX(side, dir, lap, s.resowPos, -1, taken, false)
			if mv != nil {
				mv.setLast(s, last)
			}
			continue
		}
		from := s.relayFrom(side, lap, at, last)
		if from < 0 || laps >= MaxRelay {
			return false, last
		}
		if laps == 1 {
			s.firstLapDone(side)
		}
		if mv == nil && g.lapFast {
			// liftX's lap, untraced: the house lifted holds seeds (relayFrom).
			seeds := int(s.pits[from])
			s.setPit(from, 0)
			last = s.lapFast(side, dir, lap, at[from], seeds)
			continue
		}
		last = s.liftX(mv, side, dir, from)
	}
}

// firstLapDone records, as side's move goes on after its first lap, whether the
// opponent's houses hold seeds (Must's LapLeavesSeeds).
func (s *State) firstLapDone(side int) {
	s.lapGoes = true
	s.lapFed = s.g.r.Must == LapLeavesSeeds && !s.sideEmpty(1-side)
}

// relayFrom returns the house the relay rule lifts after a lap of side's ended at last
// with no capture, or -1 when the move ends there.
func (s *State) relayFrom(side int, lap, at []int, last int) int {
	g := s.g
	if s.pits[last] <= 1 {
		return -1
	}
	switch g.r.Sowing.Relay {
	case RelayOnOccupied:
		return last
	case RelayOwnSide:
		if int(g.owner[last]) != side {
			return -1
		}
		return last
	case RelayNext:
		from := s.nextHouse(lap, at[last])
		if from < 0 || s.pits[from] == 0 || (s.marks != nil && s.marks[from] != 0) {
			return -1
		}
		return from
	}
	return -1
}

// lapX sows seeds along lap from position pos on (the first seed goes to lap[pos+1]).
// origin is the pit lifted from (-1 for captured seeds sown on): with lift, it takes
// the first seed (OriginFirst) or is skipped (SkipOrigin). Out-of-play pits are
// skipped, seeds falling in marked pits go to the mark owner's store, and a seed
// making Sowing.TakeAt in a house takes it. It returns the pit of the last seed (-1
// when the last seed was taken, or no pit could take seeds); s.lapFirst is the pit of
// the first.
func (s *State) lapX(side, dir int, lap []int, pos, origin, seeds int, lift bool) int {
	g := s.g
	if g.lapFast && seeds > 0 {
		return s.lapFast(side, dir, lap, pos, seeds)
	}
	sw := &g.r.Sowing
	pits := s.pits
	n := len(lap)
	first, last := -1, origin
	if lift && sw.OriginFirst && seeds > 1 {
		s.addPit(origin, 1)
		seeds--
		first = origin
	}
	skip := lift && sw.SkipOrigin
	skipN := uint16(sw.SkipCount) // 0: off (a house the sowing reaches holds a seed after)
	misses := 0
	for seeds > 0 {
		if pos++; pos >= n {
			pos = 0
		}
		p := lap[pos]
		if (skip && p == origin) || (s.marks != nil && s.marks[p] == markOut) ||
			(skipN > 0 && pits[p] == skipN && g.house[p]) {
			if misses++; misses > n {
				s.addPit(g.store[side], uint16(seeds)) // no pit takes seeds: they are kept
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
			s.addPit(p, 1)
			continue
		}
		if int(g.owner[p]) != side {
			s.reached = true
		}
		if s.marks != nil && s.marks[p] != 0 {
			if m := s.marks[p]; m < markOut {
				s.addPit(g.store[m-1], 1) // a MarkPit pit: to the mark's owner
			} else {
				s.addPit(p, 1) // a kept pit keeps its seeds
			}
			continue
		}
		s.addPit(p, 1)
		if sw.TakeAt > 0 && int(pits[p]) == sw.TakeAt {
			to := side
			if seeds > 0 && sw.TakeAtOwner {
				to = int(g.owner[p])
			}
			s.addPit(g.store[to], pits[p])
			s.setPit(p, 0)
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
func (s *State) lapFast(side, dir int, lap []int, pos, seeds int) int {
	g := s.g
	if t := g.tab[side][dir]; t != nil {
		return s.lapTable(t, pos, seeds)
	}
	pits, keys := s.pits, g.keys
	h := s.v.phash
	n := len(lap)
	reach := g.r.Must == ReachOrEmpty
	foreign := g.foreign[side]
	if seeds > n {
		q := uint16((seeds - 1) / n)
		for _, p := range lap {
			pits[p] += q
			h += keys[p] * uint64(q)
		}
		seeds -= int(q) * n
		if reach {
			for _, p := range lap {
				if foreign[p] {
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
		h += keys[p]
		if reach && foreign[p] {
			s.reached = true
		}
	}
	s.v.phash = h
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

// scratchState returns the state moves are tried on.
func (s *State) scratchState() *State {
	if s.scratch == nil {
		s.scratch = &State{g: s.g, pits: newPits(len(s.pits))}
		if s.marks != nil {
			s.scratch.marks = newMarks(len(s.marks))
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
	c.slam = false
	c.changed()
	if s.g.ext {
		c.sowExt(side, m, false) // the descriptor alone: no hook runs in a trial
	} else {
		c.sowMove(side, m)
	}
}

// setupMove plays a setup move; when the mover's setup is over, the other side sets
// up, or play begins with the round's starter.
func (s *State) setupMove(m core.Move) {
	side := int(s.v.side)
	hs := s.g.houses[side]
	if m == Done {
		s.v.setup[side] = 0
	} else {
		fp := hs[int(m>>8)&255]
		s.setPit(fp, s.pits[fp]-1)
		s.addPit(hs[int(m)&255], 1)
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
	s.changed()
	s.gather(g.r.End.Remaining)
	if (rs.Max > 0 && int(s.v.round)+1 >= rs.Max) || s.v.round == 1<<16-1 ||
		int(s.pits[g.store[0]]) < rs.Seeds || int(s.pits[g.store[1]]) < rs.Seeds {
		s.finish(ToOwner)
		return
	}
	clear(s.marks)
	s.v.mhash, s.v.mbits = 0, 0
	for side := 0; side < 2; side++ {
		st := g.store[side]
		for _, p := range g.houses[side] {
			if int(s.pits[st]) >= rs.Seeds {
				s.setPit(st, s.pits[st]-uint16(rs.Seeds))
				s.setPit(p, uint16(rs.Seeds))
			} else {
				s.setMark(p, markOut)
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
