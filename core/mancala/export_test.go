package mancala

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
