package kalah

import "github.com/kalahlab/kalahlab/core"

// The methods in this file are the low-level access an exact solver needs: play
// without undo records, save and restore positions, and read the houses apart from the
// stores. A Kalah position's value is its store difference plus a function of the
// houses alone (captured seeds never return), which is what makes endgame databases
// indexed by the seeds still in play possible.

// Snapshot is a saved position (see Save and Restore).
type Snapshot struct {
	p   position
	ply int
}

// Save returns the position, to be restored later.
func (s *State) Save() Snapshot { return Snapshot{p: s.p, ply: s.ply} }

// Restore returns to a saved position (undo records are not touched).
func (s *State) Restore(x Snapshot) { s.p, s.ply = x.p, x.ply }

// Apply plays a legal move without an undo record.
func (s *State) Apply(m core.Move) { s.play(m) }

// Over reports whether the game is over.
func (s *State) Over() bool { return s.p.over }

// PieDone reports whether the pie rule no longer matters (or the variant has none).
func (s *State) PieDone() bool { return s.p.pie == pieDone }

// Hooked reports whether the rules call hooks (Lua house rules).
func (s *State) Hooked() bool { return s.g.hooked }

// StoreDiff is side's store minus the other side's.
func (s *State) StoreDiff(side int) int {
	g := s.g
	return int(s.p.pits[g.store(side)]) - int(s.p.pits[g.store(1-side)])
}

// FinalDiff is side's final score minus the other side's, once the game is over.
func (s *State) FinalDiff(side int) int {
	return int(s.p.score[side]) - int(s.p.score[1-side])
}

// HouseSeeds counts the seeds in all houses (both sides).
func (s *State) HouseSeeds() int { return s.sideSeeds(0) + s.sideSeeds(1) }

// HouseCounts returns side's houses in track order. The slice is the state's own
// memory: read it, do not keep it.
func (s *State) HouseCounts(side int) []uint8 {
	base := side * (s.g.n + 1)
	return s.p.pits[base : base+s.g.n]
}

// HouseKey is a Zobrist hash of the houses and the side to move, leaving out the
// stores (and the seats, which do not change what can be played).
func (s *State) HouseKey() uint64 {
	var h uint64
	g := s.g
	for p := 0; p < g.pits; p++ {
		if p != g.n && p != 2*g.n+1 {
			h ^= zobPits[p][s.p.pits[p]]
		}
	}
	if s.p.side == 1 {
		h ^= zobSide
	}
	return h ^ zobPie[s.p.pie]
}

// LandsInStore reports whether sowing house (0-based along the mover's track) ends in
// the mover's store: the move that earns an extra turn.
func (s *State) LandsInStore(house int) bool {
	g := s.g
	side := int(s.p.side)
	from := side*(g.n+1) + house
	seeds := int(s.p.pits[from])
	if seeds == 0 || !g.r.StoreSowing {
		return false
	}
	lap := g.cycLen[side]
	if g.r.OriginSkip {
		lap--
	}
	dist := int(g.at[side][g.store(side)]) - int(g.at[side][from]) // steps to the store
	if dist <= 0 {
		dist += g.cycLen[side]
	}
	return (seeds-dist)%lap == 0 && seeds >= dist
}

// Rules of the solver-relevant kind.

// StoreSowing reports the store_sowing knob.
func (g *Game) StoreSowing() bool { return g.r.StoreSowing }

// HousesPerSide is the number of houses each side owns.
func (g *Game) HousesPerSide() int { return g.n }
