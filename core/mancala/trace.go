package mancala

import (
	"fmt"
	"strings"

	"github.com/kalahlab/kalahlab/core"
)

// The move trace (core.Tracer): what a move does, step by step, for people to follow
// (the terminal's words, the browser's animation). A trace plays the move on a copy of
// the position under a copy of the game whose moves are traced as a hooked game's are
// (hooks.go: the lap walk, Sown's lifts and drops), with a Capture hook that records
// the descriptor's captures (or wraps the game's own hook). A recorder follows the
// sowing on a shadow board; whatever the board shows that the drops do not explain is a
// capture, a take, a sweep or a round's end, and becomes a step. Nothing here runs
// unless Trace is called: a game's own Play is untouched.

// sideNames are the sides' names (0 South, 1 North).
var sideNames = [2]string{"South", "North"}

// recorder builds a trace as the traced copy plays the move.
type recorder struct {
	t      *core.Trace
	side   int
	laps   int
	shadow []uint16 // the counts as the steps so far leave them
	marks  []int8   // the marks as the steps so far leave them
}

// Trace returns what the legal move m does from s (core.Tracer); s is not changed.
func (s *State) Trace(m core.Move) core.Trace {
	g := s.g
	side := int(s.v.side)
	t := core.Trace{Mover: s.ToMove(), Move: s.MoveString(m), Side: sideNames[side]}
	t.Pits = make([]core.PitInfo, g.npits)
	t.Before = make([]int, g.npits)
	for p := range t.Pits {
		t.Pits[p] = core.PitInfo{Own: int(g.owner[p]) == side, Store: !g.house[p], Side: sideNames[g.owner[p]]}
		if g.house[p] {
			t.Pits[p].House = g.houseNo[p] + 1
		}
		t.Before[p] = int(s.pits[p])
	}
	rec := &recorder{t: &t, side: side, shadow: append([]uint16(nil), s.pits...)}
	if s.marks != nil {
		rec.marks = append([]int8(nil), s.marks...)
	}
	c := s.Copy()
	c.g = g.traced(rec)
	c.rec = rec
	setup := s.InSetup()
	round := s.v.round
	switch {
	case setup && m != Done:
		hs := g.houses[side]
		from, to := hs[int(m>>8)&255], hs[int(m)&255]
		t.Steps = append(t.Steps, core.Step{Kind: core.StepSetup, Pit: from, To: to})
		rec.shadow[from]--
		rec.shadow[to]++
	case setup:
	case m == Swap:
		t.Steps = append(t.Steps, core.Step{Kind: core.StepSwap, Pit: -1, To: -1})
	case m == Pass:
		t.Steps = append(t.Steps, core.Step{Kind: core.StepPass, Pit: -1, To: -1})
	}
	c.Play(m)
	c.rec = nil
	switch {
	case c.v.over:
		rec.flush(c, core.StepSweep, -1, "")
	case c.v.round != round:
		rec.flush(c, core.StepRound, -1, "")
	default:
		rec.flush(c, core.StepOther, -1, "the rules")
	}
	if !setup && m != Swap && m != Pass && !c.v.over && c.v.round == round && int(c.v.side) == side {
		t.Steps = append(t.Steps, core.Step{Kind: core.StepExtraTurn, Pit: -1, To: -1})
	}
	if m == Swap {
		seat := int(t.Mover)
		if c.v.swapped {
			seat ^= 1
		}
		t.Side = sideNames[seat] // the side the mover's seat plays now
	}
	t.After = make([]int, g.npits)
	for p := range t.After {
		t.After[p] = int(c.pits[p])
	}
	t.Over = c.v.over
	return t
}

// traced returns a copy of g whose moves are traced into rec: a hooked game's sowing
// (Sown), with a Capture hook that records the captures (the descriptor's, or g's own
// hook's) and an AfterSow hook, if g has one, whose changes are recorded.
func (g *Game) traced(rec *recorder) *Game {
	c := *g
	c.hooked = true
	c.offKalahPath()
	capture, after := g.hooks.Capture, g.hooks.AfterSow
	c.hooks.Capture = func(s *State, mv *Sown) (bool, error) {
		last := mv.at
		rec.flush(s, core.StepOther, last, "the rules")
		why, slam := s.captureWhy(mv.Side, mv.dir, last, capture != nil)
		empty := mv.EmptyBefore
		var captured bool
		var err error
		if capture != nil {
			captured, err = capture(s, mv)
		} else {
			captured, err = s.ApplyCaptures()
		}
		if !rec.flushCapture(s, last, why, empty) && slam {
			rec.t.Steps = append(rec.t.Steps, core.Step{Kind: core.StepNoCapture, Pit: last, To: -1,
				Why: "a grand slam captures nothing", EmptyBefore: empty})
		}
		return captured, err
	}
	if after != nil {
		c.hooks.AfterSow = func(s *State, mv *Sown) (bool, bool, error) {
			rec.flush(s, core.StepOther, -1, "the rules")
			a, set, err := after(s, mv)
			rec.flush(s, core.StepOther, -1, "the after_sow hook")
			return a, set, err
		}
	}
	return &c
}

// lap records a lap about to be sown: seeds from pit from (lifted from it with lift,
// else captured seeds sown on after it), whose drops recordLap listed in
// mv.Drops[start:].
func (r *recorder) lap(s *State, mv *Sown, start, from, seeds int, lift bool) {
	g := s.g
	if lift {
		r.shadow[from] -= uint16(seeds)
	}
	r.flush(s, core.StepOther, -1, "the rules")
	kind := core.StepLift
	switch {
	case !lift:
		kind = core.StepResow
	case r.laps > 0:
		kind = core.StepRelay
	}
	r.laps++
	r.t.Steps = append(r.t.Steps, core.Step{Kind: kind, Pit: from, To: -1, Seeds: seeds})
	drops := mv.Drops[min(start, len(mv.Drops)):]
	take := g.ext && g.r.Sowing.TakeAt > 0
	for i, p := range drops {
		to := p
		if r.marks != nil && r.marks[p] > 0 && r.marks[p] < markOut {
			to = g.store[r.marks[p]-1] // a tuzdik: to its owner's store
		}
		r.shadow[to]++
		r.t.Steps = append(r.t.Steps, core.Step{Kind: core.StepDrop, Pit: p, To: to})
		if !take || to != p || !g.house[p] || (r.marks != nil && r.marks[p] != 0) || int(r.shadow[p]) != g.r.Sowing.TakeAt {
			continue
		}
		owner := r.side
		if i < len(drops)-1 && g.r.Sowing.TakeAtOwner {
			owner = int(g.owner[p])
		}
		n := int(r.shadow[p])
		st := g.store[owner]
		r.shadow[p] = 0
		r.shadow[st] += uint16(n)
		r.t.Steps = append(r.t.Steps, core.Step{Kind: core.StepTake, Pit: p, To: st, Seeds: n,
			Moves: []core.SeedMove{{From: p, To: st, Seeds: n}}, Last: i == len(drops)-1})
	}
}

// flushCapture records what a capture at last changed (seeds taken, pits marked) and
// reports whether it changed anything.
func (r *recorder) flushCapture(s *State, last int, why string, empty bool) bool {
	if p, q, ok := r.newMark(s); ok {
		moves := r.diff(s)
		r.t.Steps = append(r.t.Steps, core.Step{Kind: core.StepMark, Pit: p, To: q, Moves: moves, EmptyBefore: empty})
		return true
	}
	moves := r.diff(s)
	if len(moves) == 0 {
		return false
	}
	n := 0
	for _, m := range moves {
		n += m.Seeds
	}
	r.t.Steps = append(r.t.Steps, core.Step{Kind: core.StepCapture, Pit: last, To: moves[0].To, Seeds: n,
		Moves: moves, Why: why, EmptyBefore: empty})
	return true
}

// newMark finds a pit marked since the shadow's marks (a tuzdik, or a kept pair p, q;
// q is -1 for a single mark), updating them.
func (r *recorder) newMark(s *State) (p, q int, ok bool) {
	if s.marks == nil {
		return -1, -1, false
	}
	p, q = -1, -1
	for i, m := range s.marks {
		if m != r.marks[i] && m != 0 && m != markOut {
			if p < 0 {
				p = i
			} else {
				q = i
			}
		}
	}
	copy(r.marks, s.marks)
	return p, q, p >= 0
}

// flush records, as one step of kind at pit, what the board shows that the steps so
// far do not (nothing, when they explain it all).
func (r *recorder) flush(s *State, kind core.StepKind, pit int, why string) {
	if r.marks != nil {
		copy(r.marks, s.marks)
	}
	moves := r.diff(s)
	if len(moves) == 0 {
		return
	}
	r.t.Steps = append(r.t.Steps, core.Step{Kind: kind, Pit: pit, To: -1, Moves: moves, Why: why})
}

// diff returns the seed moves that turn the shadow board into s's, and makes the
// shadow s's. Seeds leaving a pit go to the one pit that gained, or their owner's
// store, or the first that gained; with none, into the hand (To -1); seeds that
// appear with none lost come from the hand (From -1).
func (r *recorder) diff(s *State) []core.SeedMove {
	g := s.g
	type pc struct{ p, n int }
	var lost, got []pc
	for p, n := range s.pits {
		switch d := int(n) - int(r.shadow[p]); {
		case d < 0:
			lost = append(lost, pc{p, -d})
		case d > 0:
			got = append(got, pc{p, d})
		}
	}
	copy(r.shadow, s.pits)
	var out []core.SeedMove
	for _, l := range lost {
		for l.n > 0 {
			k := -1
			for i, x := range got {
				if x.n > 0 && (k < 0 || x.p == g.store[g.owner[l.p]]) {
					k = i
				}
			}
			if k < 0 {
				out = append(out, core.SeedMove{From: l.p, To: -1, Seeds: l.n})
				break
			}
			n := min(l.n, got[k].n)
			out = append(out, core.SeedMove{From: l.p, To: got[k].p, Seeds: n})
			l.n -= n
			got[k].n -= n
		}
	}
	for _, x := range got {
		if x.n > 0 {
			out = append(out, core.SeedMove{From: -1, To: x.p, Seeds: x.n})
		}
	}
	return out
}

// captureWhy finds the rule a capture at last would apply (the first whose conditions
// on the last pit hold, as capture and captureX try them) and says it in words
// ("opposite", "(making 2 or 3)": core.TraceWords names the pits taken when the rule
// does not); slam reports whether that rule would take
// every seed the opponent has and so, with GrandSlamNothing, captures nothing. A game's
// own Capture hook is "the variant's capture rule".
func (s *State) captureWhy(side, dir, last int, hook bool) (why string, slam bool) {
	if hook {
		return "by the variant's capture rule", false
	}
	c := s.ruleAt(side, dir, last)
	if c == nil {
		return "", false
	}
	var what string
	switch c.Take {
	case TakeOpposite:
		what = "opposite"
	case TakeColumn:
		what = "from the column opposite"
		if len(s.g.col[last]) == 1 {
			what = "opposite"
		}
	case TakeNext:
		what = "from the next house"
	}
	var cond []string
	if len(c.Counts) > 0 {
		var ns []string
		for _, n := range c.Counts {
			ns = append(ns, fmt.Sprint(n))
		}
		cond = append(cond, "making "+strings.Join(ns, " or "))
	}
	if c.Even {
		cond = append(cond, "an even count")
	}
	if c.Effect == Resow {
		cond = append(cond, "to sow on")
	}
	if len(cond) > 0 {
		what = strings.TrimSpace(what + " (" + strings.Join(cond, ", ") + ")")
	}
	return what, c.GrandSlamNothing && s.wouldSlam(c, side, dir, last)
}

// ruleAt is the capture rule whose conditions on the last pit hold first at last for
// side, or nil: the rule capture (classic loop) or captureX (extended) applies, if any.
func (s *State) ruleAt(side, dir, last int) *capture {
	g := s.g
	if !g.house[last] || (s.marks != nil && s.marks[last] != 0) {
		return nil
	}
	for i := range g.caps {
		c := &g.caps[i]
		if g.ext {
			if !s.landingOK(c, last) || !s.lastPitOK(c, side, last) || !s.oppositeOK(c, last) {
				continue
			}
		} else if !c.at[side][last] || !c.countOK(s.pits[last]) {
			continue
		}
		if c.Effect == MarkPit && !s.markOK(c, side, last) {
			continue
		}
		if g.ext && c.Take == TakeAfter && len(s.takenPits(c, side, dir, last)) == 0 {
			continue
		}
		return c
	}
	return nil
}

// wouldSlam reports whether c at last would take every seed in the opponent's houses.
func (s *State) wouldSlam(c *capture, side, dir, last int) bool {
	g := s.g
	var pits []int
	if g.ext {
		pits = append(pits, s.takenPits(c, side, dir, last)...)
	} else {
		switch c.Take {
		case TakeOpposite:
			pits = g.oppList[last]
		case TakeColumn:
			pits = g.col[last]
		case TakePit:
			pits = append(pits, last)
			lap, at := g.lap[side][dir], g.at[side][dir]
			step := map[Chain]int{ChainBackward: -1, ChainForward: 1}[c.Chain]
			for k := 1; step != 0 && k < len(lap); k++ {
				q := lap[(at[last]+step*k+len(lap)*k)%len(lap)]
				if !s.pitOK(c, side, q) {
					break
				}
				pits = append(pits, q)
			}
		}
	}
	from := 0
	for _, p := range pits {
		if int(g.owner[p]) != side {
			from += int(s.pits[p])
		}
	}
	return from > 0 && from == s.sideSeeds(1-side)
}
