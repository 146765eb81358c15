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
// A hook sees the position through the State's hook methods (Take, Add, Sow,
// ApplyCaptures, ...) and the move so far through a *Sown. A hook that fails, or leaves
// a different number of seeds on the board than it found, ends the game: State.Err
// reports why.
//
// Hooks run in both move loops: the classic one (sow.go) and the extended one
// (sowx.go: relays that stop at captures, re-sown captures, per-seed takes, rounds,
// setup phases, the move rules that try moves). The sowing hooks (Capture, AfterSow,
// ExtraTurn) are called for sowing moves only:
// a setup move, a swap or a pass calls no hook, and neither do the moves the move rules
// try ahead (must feed, no-starve, Must, chosen targets), which play the descriptor
// alone. In a match of rounds, AfterSow runs before the end check, so before a round
// that the move ends is counted and the board refilled.
type Hooks struct {
	// Capture replaces the descriptor's captures. It is called where the rules try
	// them, at a last seed that fell in a house in play that no capture has marked:
	// in the classic loop once a move, after the sowing and its relay; in the
	// extended loop, which tries the captures at the end of every lap (before the
	// relay rule), at the end of every lap. It returns whether it captured: a capture
	// ends the move, and no capture lets the move go on as the rules say (the
	// extended loop's relay; the classic loop's move ends either way). The hook may
	// apply the descriptor's captures itself (State.ApplyCaptures), re-sowing
	// included.
	Capture func(s *State, mv *Sown) (captured bool, err error)
	// AfterSow is called after each sowing move and its captures (every lap of it),
	// before the end check. It returns (again, true) to decide whether the mover
	// moves again, or (_, false) to keep what the rules said (an extra turn for a last
	// seed in the own store).
	AfterSow func(s *State, mv *Sown) (again, set bool, err error)
	// ExtraTurn replaces the rule of the extra turn (Moves.ExtraTurn, a last seed in
	// the own store): called after each sowing move and its captures, before AfterSow
	// (which may still decide), with what the rules said (again), it returns whether
	// the mover moves again. mv.Last is the pit of the last seed (-1: none). It is
	// kalah's extra_turn.
	ExtraTurn func(s *State, mv *Sown, again bool) (bool, error)
	// CanPlay filters the legal sowings: called for each sowing m (house and
	// direction; a chosen target is listed after) that the descriptor allows side,
	// it returns whether m stays legal. It must not change the board. A side left with
	// no move has none (the end rules then say what follows: the game ends, or the side
	// passes with Rules.Pass). It is kalah's can_play.
	CanPlay func(s *State, side int, m core.Move) (bool, error)
	// IsOver decides whether the game is over after each move (the side to move is
	// the next mover): (over, true) decides, (_, false) keeps the descriptor's end
	// rules, majority included. The ply limit still ends the game, and so does a side
	// to move with no legal move (unless it may pass). It must not change the board.
	// In a match of rounds an over decided ends the round. It is kalah's is_over.
	IsOver func(s *State) (over, decided bool, err error)
	// FinalScores counts the final scores of South and North when the game ends,
	// before the seeds left are gathered: ok true replaces the count (the board is
	// left as the hook leaves it), ok false keeps the descriptor's. It is kalah's
	// final_scores.
	FinalScores func(s *State) (south, north int, ok bool, err error)
}

// MaxDrops bounds Sown.Drops: drops beyond it are counted in Sown.Dropped only.
const MaxDrops = 1 << 16

// Sown is what a sowing move did, for the hooks: where it started, how many seeds it
// lifted, every pit a seed fell in, and where the last one fell. During a Capture hook
// call it describes the move up to the lap whose end is being judged. Its slices are
// reused from move to move: a hook must not keep them.
type Sown struct {
	Side      int  // the mover (0 South, 1 North)
	Clockwise bool // the direction sown in
	House     int  // the house moved, 0-based along the mover's houses
	Origin    int  // its pit
	Seeds     int  // the seeds lifted from it
	// Target is the opponent house the move chose (0-based along the opponent's
	// houses: a Capture.Chosen move, "12>3"), or -1.
	Target int
	// Laps is the number of laps: 1, plus one for each relay and each re-sowing of
	// captured seeds (Effect Resow).
	Laps int
	// Resows is the number of laps that sowed captured seeds on.
	Resows int
	// Lifts lists the pit each lap started from: Origin first, then each relay's pit;
	// a re-sowing's entry is the pit its first seed follows (the capturing pit for
	// ResowAfterLast).
	Lifts []int
	// Drops lists the pit of every seed sown, in order (a seed falling into a marked pit
	// is listed at that pit, though it goes to the mark owner's store; one taken at once
	// by Sowing.TakeAt is listed too); at most MaxDrops.
	Drops   []int
	Dropped int // the number of seeds sown, which may exceed len(Drops)
	// Last is the pit of the last seed, or -1 when the last seed was taken at once
	// (Sowing.TakeAt) or no pit could take seeds; EmptyBefore says it was an empty
	// house before it.
	Last        int
	EmptyBefore bool

	dir     int  // the direction, 0 anticlockwise or 1 clockwise
	store   int  // the mover's store
	at      int  // the pit a Capture hook being called judges, else -1
	applied bool // ApplyCaptures applied a capture at it
	hand    int  // seeds a re-sowing ApplyCaptures took, sown on after the hook
}

// WithHooks returns a copy of g that calls h (see Hooks).
func (g *Game) WithHooks(h Hooks) *Game {
	c := *g
	c.hooks = h
	c.hooked = h.Capture != nil || h.AfterSow != nil || h.ExtraTurn != nil
	c.anyHook = c.hooked || h.CanPlay != nil || h.IsOver != nil || h.FinalScores != nil
	if c.anyHook {
		c.offKalahPath()
	}
	if h.CanPlay != nil {
		// The filter needs the listing house by house: none of the word board's.
		c.slowMoves, c.wordMoves, c.quickList = true, false, false
	}
	return &c
}

// Hooked reports whether the game calls hooks.
func (g *Game) Hooked() bool { return g.anyHook }

// Err is the error that stopped the game (a hook's), or nil.
func (s *State) Err() error { return s.v.err }

// stop ends the game because of an error.
func (s *State) stop(err error) {
	s.v.over = true
	s.v.pie = pieDone
	s.v.err = err
}

// startTrace begins the trace of side's sowing move of house (pit from) in direction
// dir, choosing target, and returns it (State.trace, reused from move to move).
func (s *State) startTrace(side, dir, house, from, target int) *Sown {
	mv := s.trace
	if mv == nil {
		mv = &Sown{}
		s.trace = mv
	}
	*mv = Sown{Side: side, Clockwise: dir == 1, House: house, Origin: from, Seeds: int(s.pits[from]),
		Target: target, Lifts: mv.Lifts[:0], Drops: mv.Drops[:0], dir: dir, store: s.g.store[side], at: -1}
	return mv
}

// setLast records last, the pit of a lap's last seed (-1: none).
func (mv *Sown) setLast(s *State, last int) {
	mv.Last = last
	mv.EmptyBefore = last >= 0 && s.g.house[last] && s.pits[last] == 1
}

// hookedMove is sowMove with the hooks: the sowing is traced, the Capture hook
// replaces the captures, and AfterSow may decide the extra turn. It reports whether
// side moves again; a failing hook stops the game.
func (s *State) hookedMove(side int, m core.Move) bool {
	g := s.g
	dir := g.dirOf(m)
	house := int(m & (ClockwiseBit - 1))
	from := g.houses[side][house]
	mv := s.startTrace(side, dir, house, from, int(m>>TargetShift)-1)
	s.tracing = true
	last := s.sow(side, dir, from)
	s.tracing = false
	mv.setLast(s, last)
	again := false
	switch {
	case !g.house[last]:
		again = g.r.ExtraTurn && last == g.store[side]
	case s.marks != nil && s.marks[last] != 0:
	case g.hooks.Capture != nil:
		if _, _, err := s.captureHook(mv, last); err != nil {
			return false
		}
	default:
		s.capture(side, dir, last)
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

// extraTurn calls the ExtraTurn hook after a sowing move that the rules say again for.
func (s *State) extraTurn(mv *Sown, again bool) bool {
	err := s.runHook("extra_turn", func() (err error) {
		again, err = s.g.hooks.ExtraTurn(s, mv, again)
		return err
	})
	return again && err == nil
}

// playable is baseMoves with the CanPlay hook: the descriptor's moves, each kept when
// the hook says so. A failing hook stops the game, and no move is left.
func (s *State) playable(dst []core.Move, side int, exist bool) []core.Move {
	n0 := len(dst)
	dst = s.ruleMoves(dst, side, false)
	out := dst[:n0]
	for _, m := range dst[n0:] {
		var ok bool
		err := s.runHook("can_play", func() (err error) {
			ok, err = s.g.hooks.CanPlay(s, side, m)
			return err
		})
		if err != nil {
			return dst[:n0]
		}
		if ok {
			if out = append(out, m); exist {
				break
			}
		}
	}
	return out
}

// isOver calls the IsOver hook; a failing hook stops the game (over, decided).
func (s *State) isOver() (over, decided bool) {
	err := s.runHook("is_over", func() (err error) {
		over, decided, err = s.g.hooks.IsOver(s)
		return err
	})
	if err != nil {
		return true, true
	}
	return over, decided
}

// hookScores calls the FinalScores hook at the end of the game and reports whether it
// set the scores (v.score, in halves). A failing hook stops the game.
func (s *State) hookScores() bool {
	var south, north int
	var ok bool
	err := s.runHook("final_scores", func() (err error) {
		south, north, ok, err = s.g.hooks.FinalScores(s)
		return err
	})
	if err != nil || !ok {
		return err != nil
	}
	s.v.score = [2]int32{2 * int32(south), 2 * int32(north)}
	return true
}

// captureHook calls the Capture hook at last, the end of a lap, and returns what
// captureX would: the seeds taken (-1: no capture; 0 when the hook took them itself)
// and whether they are to be sown on (a re-sowing ApplyCaptures: s.resowPos is set).
// A failing hook stops the game; the seeds in hand then go to the mover's store.
func (s *State) captureHook(mv *Sown, last int) (int, bool, error) {
	mv.at, mv.applied, mv.hand = last, false, 0
	var captured bool
	err := s.runHook("capture", func() (err error) {
		captured, err = s.g.hooks.Capture(s, mv)
		return err
	})
	mv.at = -1
	hand := mv.hand
	mv.hand = 0
	switch {
	case err != nil:
		s.addPit(s.g.store[mv.Side], uint16(hand))
		return -1, false, err
	case hand > 0:
		return hand, true, nil
	case mv.applied || captured:
		return 0, false, nil
	}
	return -1, false, nil
}

// afterSow calls the AfterSow hook after a move that the rules say again for.
func (s *State) afterSow(mv *Sown, again bool) bool {
	var a, set bool
	err := s.runHook("after_sow", func() (err error) {
		a, set, err = s.g.hooks.AfterSow(s, mv)
		return err
	})
	if err != nil {
		return false
	}
	if set {
		return a
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

// checkConserved is the check after every hook: no seed created or lost (the seeds in
// hand counted).
func (s *State) checkConserved(hook string) error {
	t := s.InHand()
	for _, c := range s.pits {
		t += int(c)
	}
	if t != s.total {
		return fmt.Errorf("%s: seeds not conserved: %d on the board, want %d", hook, t, s.total)
	}
	return nil
}

// InHand is the number of seeds taken by a re-sowing capture that a Capture hook
// applied (ApplyCaptures) and that are sown on when the hook returns; 0 otherwise. The
// seeds on the board and in hand are conserved.
func (s *State) InHand() int {
	if s.trace == nil {
		return 0
	}
	return s.trace.hand
}

// record adds the drops of one lift to the trace (the classic loop: sow.go).
func (s *State) record(lap []int, pos, from, seeds int) {
	s.recordLap(s.trace, lap, pos, from, seeds, true)
}

// recordLap adds one lap to the trace mv: the pits a sowing of seeds from lap position
// pos on walks, as sowGeneral, sowPlain and lapX sow them. With lift the seeds come from
// pit from (sown first with OriginFirst, skipped with SkipOrigin); else they were
// captured and from is the pit they follow. Out-of-play pits take no seeds.
func (s *State) recordLap(mv *Sown, lap []int, pos, from, seeds int, lift bool) {
	g := s.g
	if s.rec != nil { // a trace (trace.go): this lap's drops are the ones added below
		defer s.rec.lap(s, mv, len(mv.Drops), from, seeds, lift)
	}
	mv.Laps++
	mv.Lifts = append(mv.Lifts, from)
	add := func(p int) {
		mv.Dropped++
		if len(mv.Drops) < MaxDrops {
			mv.Drops = append(mv.Drops, p)
		}
	}
	lap0 := len(mv.Drops) // this lap's drops start there (Sowing.SkipCount counts them)
	if lift && g.r.Sowing.OriginFirst && seeds > 1 {
		add(from)
		seeds--
	}
	skip := lift && g.r.Sowing.SkipOrigin
	n := len(lap)
	for misses := 0; seeds > 0 && n > 0; {
		if pos++; pos >= n {
			pos = 0
		}
		p := lap[pos]
		if (skip && p == from) || (s.marks != nil && s.marks[p] == markOut) || s.countSkipped(mv, lap0, p) {
			if misses++; misses > n {
				return // no pit takes seeds
			}
			continue
		}
		misses = 0
		add(p)
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
	s.changed()
	if err := s.CheckPit(p); err != nil {
		return 0, err
	}
	n := int(s.pits[p])
	s.setPit(p, 0)
	return n, nil
}

// Add puts n seeds (n >= 0) into pit p. A marked pit takes no seeds (they go to its
// owner's store, as sown seeds do).
func (s *State) Add(p, n int) error {
	s.changed()
	if err := s.CheckPit(p); err != nil {
		return err
	}
	if n < 0 {
		return fmt.Errorf("add: %d seeds: want 0 or more", n)
	}
	if s.marks != nil {
		switch m := s.marks[p]; {
		case m == markOut:
			return fmt.Errorf("add: pit %d is out of play this round", p+1)
		case m >= markKeep: // a kept pit keeps its seeds, as sowing does
		case m != 0:
			p = s.g.store[m-1]
		}
	}
	if int(s.pits[p])+n > MaxSeeds {
		return fmt.Errorf("add: pit %d would hold %d seeds; at most %d", p+1, int(s.pits[p])+n, MaxSeeds)
	}
	s.addPit(p, uint16(n))
	return nil
}

// Sow lifts the seeds of house from and sows them along side's track, clockwise or
// not, as the descriptor sows (skipping, origin first, relay, marks, out-of-play pits,
// per-seed takes); with capture, the descriptor's captures then apply at the last pit
// (in the extended loop at the end of every lap, re-sowing included, as a move does).
// It returns the pit of the last seed, or -1 when the house is empty or the last seed
// was taken at once (Sowing.TakeAt). It is the sowing of the engine, for hooks whose
// rules sow again (captured seeds sown on, a second lap); it calls no hook.
func (s *State) Sow(side, from int, clockwise, capture bool) (int, error) {
	s.changed()
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
	case s.Out(from):
		return 0, fmt.Errorf("sow: pit %d is out of play this round", from+1)
	case s.Kept(from) >= 0:
		return 0, fmt.Errorf("sow: pit %d is a kept pit: it is never sown from", from+1)
	case s.marks != nil && s.marks[from] != 0:
		return 0, fmt.Errorf("sow: pit %d is marked: its seeds go to its owner's store", from+1)
	case g.at[side][dir][from] < 0:
		return 0, fmt.Errorf("sow: pit %d is not on player %d's track", from+1, side+1)
	case s.pits[from] == 0:
		return -1, nil
	}
	if g.ext {
		// The extended loop's scratch fields belong to the move being made.
		lapFirst, resowPos := s.lapFirst, s.resowPos
		reached, firstOK, choseAt := s.reached, s.firstOK, s.choseAt
		lapGoes, lapFed := s.lapGoes, s.lapFed
		last := s.liftX(nil, side, dir, from)
		_, last = s.lapsX(nil, side, dir, last, -1, capture)
		s.lapFirst, s.resowPos = lapFirst, resowPos
		s.reached, s.firstOK, s.choseAt = reached, firstOK, choseAt
		s.lapGoes, s.lapFed = lapGoes, lapFed
		return last, nil
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

// ApplyCaptures applies the descriptor's captures where the Capture hook being called
// judges (Sown.Last), as the rules would have without the hook, and reports whether
// one applied (in the classic loop: whether it took seeds or marked the pit). In the
// extended loop the seeds of a re-sowing capture are in hand (InHand) until the hook
// returns, and are then sown on. Once a capture applied, the move goes on as it says
// whatever the hook returns. It is an error outside a Capture hook call, or once a
// capture applied at this point.
func (s *State) ApplyCaptures() (bool, error) {
	mv := s.trace
	switch {
	case mv == nil || mv.at < 0:
		return false, fmt.Errorf("the descriptor's captures apply only during a capture hook call")
	case mv.applied:
		return false, fmt.Errorf("a capture has applied at pit %d already", mv.at+1)
	}
	g := s.g
	side, last := mv.Side, mv.at
	if g.ext {
		// s.lapFirst is the judged lap's (State.Sow keeps it); s.resowPos is set.
		taken, resow := s.captureX(side, mv.dir, last, mv.Target)
		if taken < 0 {
			return false, nil
		}
		mv.applied = true
		if resow {
			mv.hand = taken
		}
		return true, nil
	}
	if s.marks != nil && s.marks[last] != 0 {
		return false, nil
	}
	store := s.pits[g.store[side]]
	s.capture(side, mv.dir, last)
	mv.applied = s.pits[g.store[side]] != store || (s.marks != nil && s.marks[last] != 0)
	return mv.applied, nil
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

// HouseSpan returns the first and last pit of side's houses when they are consecutive
// pits in move order (two and four rows), with ok; else ok false.
func (g *Game) HouseSpan(side int) (lo, hi int, ok bool) {
	if g.span[side] < 0 {
		return 0, 0, false
	}
	return g.span[side], g.span[side] + len(g.houses[side]) - 1, true
}

// Rows is the number of rows of the board.
func (g *Game) Rows() int { return g.r.Board.Rows }

// Behind returns the house behind house p: on a board of four rows, the house of p's
// owner in p's column on the outer row when p is on the inner row (facing the
// opponent); else -1. It is kalah's b:behind.
func (g *Game) Behind(p int) int {
	if !g.house[p] || !g.inner[p] || g.r.Board.Rows < 4 {
		return -1
	}
	pit := g.pits[p]
	for q, o := range g.pits {
		if q != p && g.house[q] && o.Owner == pit.Owner && o.Col == pit.Col && !g.inner[q] {
			return q
		}
	}
	return -1
}

// StorePasses is the number of seeds the move so far has sown into the mover's store:
// how many times it has passed it (Dakon's captures wait for the first).
func (mv *Sown) StorePasses() int {
	n := 0
	for _, p := range mv.Drops {
		if p == mv.store {
			n++
		}
	}
	return n
}

// countSkipped reports whether Sowing.SkipCount passes house p over at this point of a
// lap being traced (recordLap, before the lap is sown): its count then is the board's
// and the seeds the lap has dropped in it so far (mv.Drops from lap0 on; a lap longer
// than MaxDrops is not followed past it).
func (s *State) countSkipped(mv *Sown, lap0, p int) bool {
	k := s.g.r.Sowing.SkipCount
	if k == 0 || !s.g.house[p] || (s.marks != nil && s.marks[p] != 0 && s.marks[p] < markKeep) {
		return false
	}
	c := int(s.pits[p])
	for _, q := range mv.Drops[min(lap0, len(mv.Drops)):] {
		if q == p {
			c++
		}
	}
	return c == k
}
