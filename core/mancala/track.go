package mancala

// The track helpers of the hook API: where a seed of a player's goes next, walking
// with skips, the column of a house. They follow the game's board as compiled (its
// size, rows and stores under any knobs), each player's lap in either direction (the
// pits their sowing reaches: the stores they sow into included, the others left out),
// and the holes out of play this round (ending.rounds), which take no seeds and are
// passed over. They are for hooks: they allocate nothing but are not on a hot path.

// Step returns the pit after p on side's lap in direction dir (0 anticlockwise, 1
// clockwise; -1 steps back: the pit before p), holes out of play passed over; with
// housesOnly the stores too. A pit that is not on the lap (a store side does not sow)
// steps to the next pit of the lap along side's track. It returns -1 when no pit
// qualifies.
func (s *State) Step(side, dir, p int, back, housesOnly bool) int {
	return s.Walk(side, dir, p, stepSign(back), housesOnly, nil)
}

func stepSign(back bool) int {
	if back {
		return -1
	}
	return 1
}

// Walk returns the pit n steps from p on side's lap in direction dir (n < 0: back), as
// Step, counting only the pits skip (when not nil) does not pass over. It returns p for
// n = 0, and -1 when a whole lap passes with no pit counted.
func (s *State) Walk(side, dir, p, n int, housesOnly bool, skip func(q int) (bool, error)) int {
	q, _ := s.WalkErr(side, dir, p, n, housesOnly, skip)
	return q
}

// WalkErr is Walk with skip's error, which stops the walk.
func (s *State) WalkErr(side, dir, p, n int, housesOnly bool, skip func(q int) (bool, error)) (int, error) {
	g := s.g
	if n == 0 {
		return p, nil
	}
	if n < 0 {
		dir, n = 1-dir, -n
	}
	lap, at := g.lap[side][dir], g.at[side][dir]
	pos := at[p]
	if pos < 0 {
		pos = s.lapPosBefore(side, dir, p)
		if pos < 0 {
			return -1, nil
		}
	}
	for misses := 0; n > 0; {
		if pos++; pos >= len(lap) {
			pos = 0
		}
		q := lap[pos]
		pass := s.Out(q) || (housesOnly && !g.house[q])
		if !pass && skip != nil {
			var err error
			if pass, err = skip(q); err != nil {
				return -1, err
			}
		}
		if pass {
			if misses++; misses > len(lap) {
				return -1, nil
			}
			continue
		}
		misses = 0
		if n--; n == 0 {
			return q, nil
		}
	}
	return -1, nil
}

// lapPosBefore returns the lap position of the last pit of side's lap before p along
// side's track in direction dir (p not on the lap), or -1 when p is not on the track.
func (s *State) lapPosBefore(side, dir, p int) int {
	tr := s.g.r.Board.Tracks[side]
	at := s.g.at[side][dir]
	i := -1
	for k, q := range tr {
		if q == p {
			i = k
		}
	}
	if i < 0 {
		return -1
	}
	n := len(tr)
	for k := 1; k < n; k++ {
		j := i - k
		if dir == 1 {
			j = i + k
		}
		if q := tr[((j%n)+n)%n]; at[q] >= 0 {
			return at[q]
		}
	}
	return -1
}

// Column appends to dst the houses in house p's column, both players', from the top
// row down (row 1 of the descriptor's board first), and returns it; a store has none.
func (g *Game) Column(dst []int, p int) []int {
	if !g.house[p] {
		return dst
	}
	n0 := len(dst)
	col := g.pits[p].Col
	for q, pit := range g.pits {
		if g.house[q] && pit.Col == col {
			dst = append(dst, q)
		}
	}
	// In row order: the pits are few, an insertion sort.
	for i := n0 + 1; i < len(dst); i++ {
		for j := i; j > n0 && g.pits[dst[j]].Row < g.pits[dst[j-1]].Row; j-- {
			dst[j], dst[j-1] = dst[j-1], dst[j]
		}
	}
	return dst
}

// InPlay reports whether pit p takes part this round: not a hole out of play
// (ending.rounds leaves houses it cannot refill out).
func (s *State) InPlay(p int) bool { return !s.Out(p) }

// Dir is the direction of the game's sowing as hooks see it outside a move: 1 for a
// clockwise game, else 0 (a game where the mover chooses sows anticlockwise by
// default).
func (g *Game) Dir() int {
	if g.r.Sowing.Direction == Clockwise {
		return 1
	}
	return 0
}
