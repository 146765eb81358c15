package mancala

import "fmt"

// admits reports whether g's rules admit plan p.
func (g *Game) admits(p plan) bool {
	return p.ext == g.ext && p.lap < numLapPaths && g.can.laps>>p.lap&1 != 0 &&
		(!p.oneCap || g.can.oneCap) && (!p.words || g.can.words) &&
		(!p.kal || g.can.kal && p.lap == lapRelay4 && p.words && p.oneCap == g.can.oneCap)
}

// withPlan returns a copy of g playing with plan p, or an error when the rules do not
// admit it. The copy shares g's compiled tables (it only drops some).
func (g *Game) withPlan(p plan) (*Game, error) {
	if !g.admits(p) {
		return nil, fmt.Errorf("mancala %s: the rules do not admit the plan %v", g.name, p)
	}
	c := *g
	c.applyPlan(p)
	return &c, nil
}

// plans lists every plan g admits, the fastest (g's own) first.
func (g *Game) plans() []plan {
	out := []plan{g.plan}
	for l := lapPath(0); l < numLapPaths; l++ {
		for _, oneCap := range []bool{false, true} {
			for _, words := range []bool{false, true} {
				for _, kal := range []bool{false, true} {
					p := plan{ext: g.ext, lap: l, oneCap: oneCap, words: words, kal: kal}
					if p != g.plan && g.admits(p) {
						out = append(out, p)
					}
				}
			}
		}
	}
	return out
}

// PathGames returns g played with every plan its rules admit (plan.go), g's own (the
// fastest) first, each with the plan's name: the games TestPathsAgree holds equal.
func PathGames(g *Game) (names []string, games []*Game) {
	for _, p := range g.plans() {
		c, err := g.withPlan(p)
		if err != nil {
			panic(err) // plans lists admitted plans only
		}
		names = append(names, p.String())
		games = append(games, c)
	}
	return names, games
}

// PlanOf is the name of the plan g plays with.
func PlanOf(g *Game) string { return g.plan.String() }

// ScrambledStart returns g's start with large random counts in the houses (whole laps
// in bulk, long relays), as a position string; false when g's start carries more than
// counts (a setup phase, rounds), which the string would not keep.
func ScrambledStart(g *Game, intn func(int) int) (string, bool) {
	s := g.Start()
	for p := range s.pits {
		s.pits[p] = 0
		if g.house[p] {
			s.pits[p] = uint16(intn([]int{4, 40, 400}[intn(3)]))
		}
	}
	s.changed()
	s.resyncHash()
	text := s.String()
	_, err := g.Parse(text)
	return text, err == nil
}

// Arrange sets s to side to move with n seeds in house p and every other seed in the
// stores (South's first), for the tests of the track helpers.
func Arrange(s *State, side, p, n int) {
	g := s.g
	for q := range s.pits {
		s.pits[q] = 0
	}
	s.pits[p] = uint16(n)
	s.pits[g.store[0]] = uint16(s.total - n)
	s.v.side = uint8(side)
	s.v.over = false
	s.changed()
	s.resyncHash()
}

// SetOut puts house p out of play (as ending.rounds does).
func SetOut(s *State, p int) { s.setMark(p, markOut) }
