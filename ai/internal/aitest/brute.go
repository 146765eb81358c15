package aitest

import "github.com/kalahlab/kalahlab/core"

// BruteMargin is an independent full-width search of a game that keeps scores
// (core.Scorer), memoised on the position string, with no bounds, null windows or move
// ordering: the mover's final margin under perfect play. The solvers' tests check
// their values against it on tiny boards. Pass an empty memo.
func BruteMargin(s core.State, memo map[string]int) int {
	key := s.String()
	if v, ok := memo[key]; ok {
		return v
	}
	me := s.ToMove()
	best := 0
	for i, m := range s.LegalMoves(nil) {
		c := s.Clone()
		c.Play(m)
		var v int
		switch next := c.ToMove(); {
		case next == core.Terminal:
			sc := c.(core.Scorer).Scores(nil)
			v = int(sc[me] - sc[1-me])
		case next == me:
			v = BruteMargin(c, memo)
		default:
			v = -BruteMargin(c, memo)
		}
		if i == 0 || v > best {
			best = v
		}
	}
	memo[key] = best
	return best
}
