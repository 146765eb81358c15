package kalah

import "github.com/kalahlab/kalahlab/core"

// Evaluate is the heuristic search agents use, for seat p: four times the store
// difference plus the difference in seeds still on each side (seeds on your side tend to
// end in your store). It works for every variant of the game: it reads only stores and
// houses.
func (s *State) Evaluate(p core.Player) int {
	g := s.g
	mine := int(p) ^ int(b2u(s.p.swapped)) // p's side
	store := int(s.p.pits[g.store(mine)]) - int(s.p.pits[g.store(1-mine)])
	side := s.sideSeeds(mine) - s.sideSeeds(1-mine)
	return 4*store + side
}

// MarginBounds bounds seat p's final margin: stores never lose seeds, so the margin
// ends within the store difference plus or minus the seeds still in houses. A variant
// with hooks may count differently, so it gives no bound.
func (s *State) MarginBounds(p core.Player) (lo, hi int, ok bool) {
	g := s.g
	if g.hooked || s.p.over {
		return 0, 0, false
	}
	mine := int(p) ^ int(b2u(s.p.swapped))
	diff := int(s.p.pits[g.store(mine)]) - int(s.p.pits[g.store(1-mine)])
	r := s.sideSeeds(0) + s.sideSeeds(1)
	return diff - r, diff + r, true
}
