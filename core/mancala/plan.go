package mancala

import "fmt"

// The plan: which routines play a game, decided once, by New, in one place (planPaths
// and applyPlan). The package doc's "Paths" section lists them; each is held to the
// others by TestPathsAgree, which forces every plan a descriptor admits.

// lapPath is the routine that sows a lap, slowest first. A faster one is taken only
// where the rules allow it; where it cannot go for a moment, the next slower one sows
// (a hooked move's traced sowing takes the lap walk, relay4 hands a board with a
// marked pit to relayWords, and a lap with no word table is walked).
type lapPath uint8

const (
	// lapWalk sows seed by seed with every rule of a lap: the origin skipped or sown
	// first, marked and out-of-play pits, per-seed takes (sowGeneral; lapX).
	lapWalk lapPath = iota
	// lapBulk is the walk with whole laps added in bulk, for laps with nothing to
	// skip, mark or take (sowPlain; lapFast, and Must's first lap judged without a
	// trial: firstLapOK).
	lapBulk
	// lapWords sows on the word board (boards of at most wordPits pits) with a table
	// of prefix sums a lap: relayWords in the classic loop, lapTable in the extended
	// one (whose laps must also be bulk ones).
	lapWords
	// lapRelay4 is the classic loop's relay4, on boards of at most smallPits pits
	// with no first seed back into the origin.
	lapRelay4
	numLapPaths
)

var lapPathNames = [numLapPaths]string{"walk", "bulk", "words", "relay4"}

func (p lapPath) String() string {
	if p < numLapPaths {
		return lapPathNames[p]
	}
	return fmt.Sprintf("lapPath(%d)", int(p))
}

// The board sizes of the fast paths, each written once: the word board holds
// wordPits pits (boardWords words), relay4 and captureOne take boards of at most
// smallPits (smallWords words), and the move list from the houses' bits at most
// maskHouses houses a side.
const (
	wordPits   = 4 * boardWords
	smallWords = 4
	smallPits  = 4 * smallWords
	maskHouses = 16
)

// plan is the routines a game plays with. The loop is the rules' (Game.ext: the
// extended loop, sowx.go, as soon as a rule needs it; else the classic loop, sow.go)
// and is not a choice; the rest is the fastest the rules admit (Game.can), and a
// test may force a slower one (withPlan, in export_test.go).
type plan struct {
	ext bool    // the extended loop (Rules.extended)
	lap lapPath // the fastest lap routine taken
	// oneCap: the game's one capture of the facing pit is computed, not branched on
	// (captureOne).
	oneCap bool
	// words: the move list, must feed's check and the emptiness of a side come from
	// the word board's bits (sowableWords, houseBits); else from the counts.
	words bool
	// kal: a Kalah-shaped game plays its sowings with the Kalah path (kalahpath.go),
	// on top of relay4, the computed capture and the word board's list.
	kal bool
}

func (p plan) String() string {
	loop := "classic"
	if p.ext {
		loop = "extended"
	}
	s := fmt.Sprintf("%s/%s/onecap=%t/words=%t", loop, p.lap, p.oneCap, p.words)
	if p.kal {
		s += "/kalah"
	}
	return s
}

// admitted is what the rules and the board admit, found once by New: the lap routines
// (a bit per lapPath; lapWalk always), and whether captureOne and the word board's
// listing apply.
type admitted struct {
	laps               uint8
	oneCap, words, kal bool
}

// planPaths finds what g's rules admit, with the word tables and the capture compiled
// (compileTables, compileOneCap), and returns the fastest plan.
func (g *Game) planPaths() plan {
	r := &g.r
	bulk := !g.marks && !r.Sowing.SkipOrigin && !r.Sowing.OriginFirst
	if g.ext {
		bulk = bulk && r.Sowing.TakeAt == 0 && r.Sowing.SkipCount == 0 // lapFast takes and skips nothing on the way
	}
	a := admitted{laps: 1 << lapWalk, oneCap: g.oneCap, words: g.wordMoves || g.houseBits != [2]uint64{}}
	if bulk {
		a.laps |= 1 << lapBulk
	}
	for side := range g.tab {
		for dir := range g.tab[side] {
			if g.tab[side][dir] != nil && (!g.ext || bulk) {
				a.laps |= 1 << lapWords
			}
			if g.tab4[side][dir] != nil && !g.ext {
				a.laps |= 1 << lapRelay4
			}
		}
	}
	g.kal = g.compileKalah()
	a.kal = g.kal != nil
	g.can = a
	p := plan{ext: g.ext, oneCap: a.oneCap, words: a.words, kal: a.kal}
	for l := lapPath(0); l < numLapPaths; l++ {
		if a.laps>>l&1 != 0 {
			p.lap = l
		}
	}
	return p
}

// applyPlan sets the fields the hot paths test to follow p (admitted): the flags of
// the bulk laps, the word tables kept, the computed capture and the word board's
// listing, the Kalah path. It only turns paths off: a game compiled by New has them
// all.
func (g *Game) applyPlan(p plan) {
	g.plan = p
	bulk := p.lap >= lapBulk && g.can.laps>>lapBulk&1 != 0
	g.plain = bulk && !g.ext
	g.lapFast = bulk && g.ext
	if p.lap < lapRelay4 {
		g.tab4 = [2][2]*sowTable{}
	}
	if p.lap < lapWords {
		g.tab = [2][2]*sowTable{}
	}
	g.oneCap = g.oneCap && p.oneCap
	if !p.kal {
		g.kal = nil
	}
	if !p.words {
		g.wordMoves, g.quickList = false, false
		g.houseMask, g.houseBits = [2]uint64{}, [2]uint64{}
	}
}
