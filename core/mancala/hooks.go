package mancala

import (
	"fmt"

	"github.com/kalahlab/kalahlab/core"
)

// Hooks are functions a game calls at points of its rules, for rules a descriptor
// cannot say (the variants package binds them to Lua). A nil hook is not called; a game
// without hooks runs its descriptor alone, at full speed. A game with hooks belongs to
// one goroutine (the hooks' own, e.g. their Lua state).
//
// A hook sees the position through the State's hook methods (Take, Add, Sow, ...) and
// the move so far through a *Sown. A hook that fails, or leaves a different number of
// seeds on the board than it found, ends the game: State.Err reports why. Hooks belong
// to the classic loop (sow.go): a game that uses the extended sowing rules (sowx.go)
// plays them and calls no Capture or AfterSow hook.
type Hooks struct {
	// Capture replaces the descriptor's captures: it is called after each sowing move
	// whose last seed fell in a house that no capture has marked (where the captures
	// would be tried).
	Capture func(s *State, mv *Sown) error
	// AfterSow is called after each sowing move and its capture, before the end check.
	// It returns (again, true) to decide whether the mover moves again, or (_, false)
	// to keep what the rules said (an extra turn for a last seed in the own store).
	AfterSow func(s *State, mv *Sown) (again, set bool, err error)
}

// MaxDrops bounds Sown.Drops: drops beyond it are counted in Sown.Dropped only.
const MaxDrops = 1 << 16

// Sown is what a sowing move did, for the hooks: where it started, how many seeds it
// lifted, every pit a seed fell in, and where the last one fell. Its slices are reused
// from move to move: a hook must not keep them.
type Sown struct {
	Side      int  // the mover (0 South, 1 North)
	Clockwise bool // the direction sown in
	House     int  // the house moved, 0-based along the mover's houses
	Origin    int  // its pit
	Seeds     int  // the seeds lifted from it
	// Laps is the number of lifts: 1, plus one for each relay.
	Laps int
	// Lifts lists the pit of each lift (Origin first, then each relay's pit).
	Lifts []int
	// Drops lists the pit of every seed sown, in order (a seed falling into a marked pit
	// is listed at that pit, though it goes to the mark owner's store); at most MaxDrops.
	Drops   []int
	Dropped int // the number of seeds sown, which may exceed len(Drops)
	// Last is the pit of the last seed; EmptyBefore says it was empty before it.
	Last        int
	EmptyBefore bool
}

// WithHooks returns a copy of g that calls h (see Hooks).
func (g *Game) WithHooks(h Hooks) *Game {
	c := *g
	c.hooks = h
	c.hooked = h.Capture != nil || h.AfterSow != nil
	return &c
}

// Hooked reports whether the game calls hooks.
func (g *Game) Hooked() bool { return g.hooked }

// Err is the error that stopped the game (a hook's), or nil.
func (s *State) Err() error { return s.v.err }

// stop ends the game because of an error.
func (s *State) stop(err error) {
	s.v.over = true
	s.v.pie = pieDone
	s.v.err = err
}

// hookedMove is sowMove with the hooks: the sowing is traced, the Capture hook
// replaces the captures, and AfterSow may decide the extra turn. It reports whether
// side moves again; a failing hook stops the game.
func (s *State) hookedMove(side int, m core.Move) bool {
	g := s.g
	dir := g.dirOf(m)
	house := int(m & (ClockwiseBit - 1))
	from := g.houses[side][house]
	mv := s.trace
	if mv == nil {
		mv = &Sown{}
		s.trace = mv
	}
	*mv = Sown{Side: side, Clockwise: dir == 1, House: house, Origin: from, Seeds: int(s.pits[from]),
		Lifts: mv.Lifts[:0], Drops: mv.Drops[:0]}
	s.tracing = true
	last := s.sow(side, dir, from)
	s.tracing = false
	mv.Last = last
	mv.EmptyBefore = g.house[last] && s.pits[last] == 1
	again := false
	switch {
	case !g.house[last]:
		again = g.r.ExtraTurn && last == g.store[side]
	case s.marks != nil && s.marks[last] != 0:
	case g.hooks.Capture != nil:
		if err := s.runHook("capture", func() error { return g.hooks.Capture(s, mv) }); err != nil {
			return false
		}
	default:
		s.capture(side, dir, last)
	}
	if g.hooks.AfterSow != nil {
		var a, set bool
		err := s.runHook("after_sow", func() (err error) {
			a, set, err = g.hooks.AfterSow(s, mv)
			return err
		})
		if err != nil {
			return false
		}
		if set {
			again = a
		}
	}
	return again
}

// runHook calls a hook and checks that it conserved the seeds; a failure stops the game.
func (s *State) runHook(name string, call func() error) error {
	err := call()
	if err == nil {
		err = s.checkConserved(name)
	}
	if err != nil {
		s.stop(err)
	}
	return err
}

// checkConserved is the check after every hook: no seed created or lost.
func (s *State) checkConserved(hook string) error {
	t := 0
	for _, c := range s.pits {
		t += int(c)
	}
	if t != s.total {
		return fmt.Errorf("%s: seeds not conserved: %d on the board, want %d", hook, t, s.total)
	}
	return nil
}

// record adds the drops of one lift to the trace: the pits a sowing of seeds from lap
// position pos (the pit from) walks, as sowGeneral and sowPlain sow them.
func (s *State) record(lap []int, pos, from, seeds int) {
	g := s.g
	mv := s.trace
	mv.Laps++
	mv.Lifts = append(mv.Lifts, from)
	add := func(p int) {
		mv.Dropped++
		if len(mv.Drops) < MaxDrops {
			mv.Drops = append(mv.Drops, p)
		}
	}
	if g.r.Sowing.OriginFirst && seeds > 1 {
		add(from)
		seeds--
	}
	skip := g.r.Sowing.SkipOrigin
	n := len(lap)
	if n == 0 || (skip && n == 1) {
		return
	}
	for seeds > 0 {
		if pos++; pos == n {
			pos = 0
		}
		if skip && lap[pos] == from {
			continue
		}
		add(lap[pos])
		seeds--
	}
}

// The hook methods: what a hook may read and change. Pits are Go indices 0..Pits()-1.

// CheckPit returns an error for a pit number out of range.
func (s *State) CheckPit(p int) error {
	if p < 0 || p >= s.g.npits {
		return fmt.Errorf("pit %d out of range 1..%d", p+1, s.g.npits)
	}
	return nil
}

// Take empties pit p and returns the seeds it held.
func (s *State) Take(p int) (int, error) {
	if err := s.CheckPit(p); err != nil {
		return 0, err
	}
	n := int(s.pits[p])
	s.pits[p] = 0
	return n, nil
}

// Add puts n seeds (n >= 0) into pit p. A marked pit takes no seeds (they go to its
// owner's store, as sown seeds do).
func (s *State) Add(p, n int) error {
	if err := s.CheckPit(p); err != nil {
		return err
	}
	if n < 0 {
		return fmt.Errorf("add: %d seeds: want 0 or more", n)
	}
	if s.marks != nil && s.marks[p] == markOut {
		return fmt.Errorf("add: pit %d is out of play this round", p+1)
	}
	if s.marks != nil && s.marks[p] != 0 {
		p = s.g.store[s.marks[p]-1]
	}
	if int(s.pits[p])+n > MaxSeeds {
		return fmt.Errorf("add: pit %d would hold %d seeds; at most %d", p+1, int(s.pits[p])+n, MaxSeeds)
	}
	s.pits[p] += uint16(n)
	return nil
}

// Sow lifts the seeds of house from and sows them along side's track, clockwise or
// not, as the descriptor sows (skipping, origin first, relay, marks); with capture,
// the descriptor's captures then apply at the last pit. It returns the pit of the last
// seed, or -1 when the house is empty. It is the sowing of the engine, for hooks whose
// rules sow again (captured seeds sown on, a second lap).
func (s *State) Sow(side, from int, clockwise, capture bool) (int, error) {
	g := s.g
	if side != 0 && side != 1 {
		return 0, fmt.Errorf("sow: side %d: want 0 or 1", side)
	}
	if err := s.CheckPit(from); err != nil {
		return 0, err
	}
	dir := 0
	if clockwise {
		dir = 1
	}
	switch {
	case !g.house[from]:
		return 0, fmt.Errorf("sow: pit %d is a store: sow from a house", from+1)
	case s.marks != nil && s.marks[from] != 0:
		return 0, fmt.Errorf("sow: pit %d is marked: its seeds go to its owner's store", from+1)
	case g.at[side][dir][from] < 0:
		return 0, fmt.Errorf("sow: pit %d is not on player %d's track", from+1, side+1)
	case s.pits[from] == 0:
		return -1, nil
	}
	tracing := s.tracing
	s.tracing = false
	last := s.sow(side, dir, from)
	s.tracing = tracing
	if capture && g.house[last] && (s.marks == nil || s.marks[last] == 0) {
		s.capture(side, dir, last)
	}
	return last, nil
}

// Owner returns the side owning pit p (0 South, 1 North).
func (s *State) Owner(p int) int { return int(s.g.owner[p]) }

// IsHouse reports whether pit p is a house (not a store).
func (s *State) IsHouse(p int) bool { return s.g.house[p] }

// Opposite returns the opponent's house facing house p, or -1.
func (s *State) Opposite(p int) int { return s.g.opp[p] }

// HouseNumber returns house p's index along its owner's houses (0-based), or -1 for a
// store.
func (s *State) HouseNumber(p int) int {
	if !s.g.house[p] {
		return -1
	}
	return s.g.houseNo[p]
}

// HouseCount is the number of side's houses.
func (g *Game) HouseCount(side int) int { return len(g.houses[side]) }

// HousePit returns the pit of side's house k (0-based along side's houses).
func (g *Game) HousePit(side, k int) int { return g.houses[side][k] }

// SideSeeds counts the seeds in side's houses.
func (s *State) SideSeeds(side int) int { return s.sideSeeds(side) }
