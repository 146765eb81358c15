package mancala

import (
	"fmt"
	"slices"

	"github.com/kalahlab/kalahlab/core"
)

// Special moves. A sowing move is a house index along the mover's houses (0-based, the
// order of their track), plus ClockwiseBit when the mover chose to sow clockwise.
const (
	Swap         = core.Move(1000) // the pie rule's swap (as core/kalah)
	Pass         = core.Move(1001) // a player with no sowing passes
	ClockwiseBit = core.Move(256)  // added to a house index: sow clockwise
	Done         = core.Move(1002) // ends the mover's setup phase early
	// TargetShift places a chosen opponent house (Capture.Chosen) in a move: a sowing
	// move plus (t+1)<<TargetShift also takes the opponent's house t (0-based along
	// their houses) when the chosen capture applies.
	TargetShift = 12
	// SetupBit marks a setup move: SetupBit | from<<8 | to moves one seed from the
	// mover's house from to their house to (0-based along the mover's houses).
	SetupBit = core.Move(1 << 24)
)

// Game is a compiled set of rules. It is immutable and may be shared by goroutines.
type Game struct {
	name  string
	r     Rules
	npits int
	// pits is Board.Pits plus the stores the engine adds to a board without any
	// (virtual); it is the pit list of the position string.
	pits    []Pit
	virtual bool
	total   int // seeds on the board at the start
	store   [2]int
	// owner[p] is the seat owning pit p; house[p] is false for the stores.
	owner []uint8
	house []bool
	// houses[side] lists side's houses in track order: move k sows houses[side][k].
	// houseNo[p] is p's index in its owner's list.
	houses  [2][]int
	houseNo []int
	// span[side] is the first pit of side's houses when they are consecutive pits in
	// move order (TwoRows, FourRows), else -1: loops then run over a subslice.
	span [2]int
	// lap[side][dir] lists the pits side sows into (one lap, stores filtered by the
	// sowing options), dir 0 anticlockwise, 1 clockwise; at[side][dir][p] is p's index
	// in it, -1 when absent.
	lap [2][2][]int
	at  [2][2][]int
	// foreign[side][p]: p is a house of side's opponent (a seed sown there reaches
	// them: Must's ReachOrEmpty).
	foreign [2][]bool
	// opp[p] is the opponent house facing house p (-1: none); col[p] lists every
	// opponent house in p's column; inner[p] marks houses in a row facing the opponent.
	opp []int
	col [][]int
	// oppList[p] is opp[p] as a list (empty for none), for the takes of facing pits.
	oppList [][]int
	inner   []bool
	caps    []capture
	// minSeeds is the fewest seeds a house is sown from (at least 1).
	minSeeds int
	// marks: some capture marks pits (the state then keeps per-pit marks).
	marks bool
	// plain: the classic loop's laps are bulk ones (sowPlain: nothing skipped or
	// marked); lapFast: the extended loop's (lapFast: no per-seed take either).
	plain, lapFast bool
	keys           []uint64 // Zobrist key per pit, mixed with the count
	flags          [16]uint64
	// The word board (words.go), for boards of at most 32 pits: tab[side][dir] is the
	// sowing table of a lap (nil when the game does not sow that way, or the board is
	// bigger); wkeys is keys padded to the word board; nwords is the board's words (0:
	// no word board).
	tab    [2][2]*sowTable
	tab4   [2][2]*sowTable // tab where relay4 sows (16 pits at most, no first seed back)
	wkeys  [4 * boardWords]uint64
	nwords int
	// wordMoves: LegalMoves lists the houses holding seeds from the word board
	// (State.sowableWords), houseMask[side] having a bit for each of side's houses
	// (from the first).
	wordMoves bool
	houseMask [2]uint64
	// quickList: LegalMoves may list from the cached houses' bits alone (wordMoves,
	// one direction, no setup phase).
	quickList bool
	// houseBits[side] has bit p set for each house p of side, on the word board of a
	// little-endian machine without kept pits (else 0): a side is empty when nonEmpty
	// has none of them.
	houseBits [2]uint64
	// oneCap: the game's one capture rule takes the facing pit (the opposite house,
	// or a column of one) into the store, on the word board (State.captureOne);
	// facing[p] is that pit, or p itself when none; withLast is all ones when the
	// capturing seed goes too.
	oneCap   bool
	facing   []int
	withLast uint64
	// hooks are called when hooked (see WithHooks).
	hooks  Hooks
	hooked bool // a sowing hook is set (Capture, AfterSow, ExtraTurn): moves are traced
	// anyHook: any hook is set (Hooked).
	anyHook bool
	// ext: the rules use the extended sowing loop (sowx.go): captures tried at every
	// lap's end before the relay, re-sowing, per-seed takes, the newer relays, takes
	// and conditions, out-of-play pits. filter: LegalMoves simulates moves (must-feed,
	// no-starve, Must, chosen targets).
	ext, filter bool
	chosen      bool // some capture names a chosen house
	keepPly     bool // the position string carries the ply counts
	rounds      bool
	// opening[k]: house number k+1 may open (Opening.Houses).
	opening []bool
	// plyCap: plies of play after which the opening and FromPly rules no longer
	// depend on the count (the hash includes the count below it).
	plyCap int
	// keeps: some capture makes kept pits (KeepPair). hdir: Sowing.HouseDirections
	// (nil when not set). slowMoves: LegalMoves goes through sowingsExt (filters,
	// opening rules, kept pits or per-house directions).
	keeps     bool
	hdir      []Direction
	slowMoves bool
	// starveBound > 0: a move can only empty an opponent house holding at most this
	// many seeds (no relay, no per-seed takes, every capture a counted take of the
	// pit), so an opponent house holding more proves every move leaves them seeds
	// (NoStarve needs no trial). 0: no such bound.
	starveBound int
	// plan is the routines the game plays with, and can what its rules admit
	// (plan.go): the fields above that select a routine follow them (applyPlan).
	plan plan
	can  admitted
	// kal is the Kalah path's plan (kalahpath.go), nil when the game does not take it.
	kal *kalahPlan
}

// capture is a Capture compiled.
type capture struct {
	Capture
	mask    uint64
	oppMask uint64 // OppositeCounts as a bit set
	// at[side][p]: house p meets the conditions on where the last seed fell for mover
	// side (Side, InnerOnly, NotHouse, Houses); counts has bit n set when a last pit holding n
	// seeds (below 64) meets the conditions on its count (Counts, Even, EmptyBefore),
	// and big says whether counts of 64 or more can (evenness aside).
	at     [2][]bool
	counts uint64
	big    bool
}

// countOK reports whether a last pit holding n seeds meets c's conditions on counts.
func (c *capture) countOK(n uint16) bool {
	if n <= MaxCount {
		return c.counts>>n&1 != 0
	}
	return c.big && (!c.Even || n&1 == 0)
}

// New compiles r into a game named name.
func New(name string, r Rules) (*Game, error) {
	if err := r.Validate(); err != nil {
		return nil, fmt.Errorf("mancala %s: %w", name, err)
	}
	g := &Game{name: name, r: r, minSeeds: max(1, r.Sowing.MinSeeds)}
	g.placePits()
	g.compileTracks()
	g.compileGeometry()
	g.compileCaptures()
	g.compileExt()
	if g.rounds {
		g.marks = true // out-of-play pits are kept with the marks
	}
	g.drawKeys()
	g.compileOneCap()
	g.applyPlan(g.planPaths())
	return g, nil
}

// placePits lists the pits (the board's, and the engine's stores when it has none)
// and who owns each, which are houses, the stores and the seeds at the start.
func (g *Game) placePits() {
	b := &g.r.Board
	g.pits = append([]Pit(nil), b.Pits...)
	if !slices.ContainsFunc(g.pits, func(p Pit) bool { return p.Store }) {
		g.virtual = true
		g.pits = append(g.pits, Pit{Owner: 0, Store: true, Row: b.Rows - 1, Col: b.Houses},
			Pit{Owner: 1, Store: true, Row: 0, Col: -1})
	}
	n := len(g.pits)
	g.npits = n
	g.owner = make([]uint8, n)
	g.house = make([]bool, n)
	for p, pit := range g.pits {
		g.owner[p] = uint8(pit.Owner)
		g.total += pit.Seeds
		if pit.Store {
			g.store[pit.Owner] = p
			continue
		}
		g.house[p] = true
	}
}

// compileTracks numbers each side's houses along its track (the moves), lists the
// pits each side sows into in both directions, and notes whether a side's houses are
// consecutive pits.
func (g *Game) compileTracks() {
	g.houseNo = make([]int, g.npits)
	for side := 0; side < 2; side++ {
		for _, p := range g.r.Board.Tracks[side] {
			if g.house[p] && int(g.owner[p]) == side {
				g.houseNo[p] = len(g.houses[side])
				g.houses[side] = append(g.houses[side], p)
			}
		}
		for dir := 0; dir < 2; dir++ {
			g.lap[side][dir], g.at[side][dir] = g.compileLap(side, dir)
		}
		g.foreign[side] = make([]bool, g.npits)
		for p := range g.foreign[side] {
			g.foreign[side][p] = g.house[p] && int(g.owner[p]) != side
		}
	}
	for side := 0; side < 2; side++ {
		hs := g.houses[side]
		g.span[side] = hs[0]
		for k, p := range hs {
			if p != hs[0]+k {
				g.span[side] = -1
			}
		}
	}
}

// compileLap returns the pits side sows into in direction dir (0 anticlockwise, 1
// clockwise: the track walked backwards from its first pit), houses and the stores
// the sowing options sow, and each pit's index in that list (-1: not in it).
func (g *Game) compileLap(side, dir int) (lap, at []int) {
	tr := g.r.Board.Tracks[side]
	for i := range tr {
		p := tr[i]
		if dir == 1 {
			p = tr[(len(tr)-i)%len(tr)]
		}
		if g.house[p] || g.r.storeSown(side, p) {
			lap = append(lap, p)
		}
	}
	at = make([]int, g.npits)
	for i := range at {
		at[i] = -1
	}
	for i, p := range lap {
		at[p] = i
	}
	return lap, at
}

// compileGeometry finds for each house the opponent house facing it, the opponent
// houses in its column, and whether its row faces the opponent.
func (g *Game) compileGeometry() {
	b := &g.r.Board
	n := g.npits
	g.opp = make([]int, n)
	g.col = make([][]int, n)
	g.oppList = make([][]int, n)
	g.inner = make([]bool, n)
	byCell := map[[2]int]int{}
	rowOwner := make([][2]bool, b.Rows)
	for p, pit := range g.pits {
		if !pit.Store {
			byCell[[2]int{pit.Row, pit.Col}] = p
			rowOwner[pit.Row][pit.Owner] = true
		}
	}
	opponent := func(row, col, owner int) (int, bool) {
		o, ok := byCell[[2]int{row, col}]
		return o, ok && g.pits[o].Owner != owner
	}
	for p, pit := range g.pits {
		g.opp[p] = -1
		if pit.Store {
			continue
		}
		if o, ok := opponent(b.Rows-1-pit.Row, pit.Col, pit.Owner); ok {
			g.opp[p] = o
			g.oppList[p] = []int{o}
		}
		for row := 0; row < b.Rows; row++ {
			if o, ok := opponent(row, pit.Col, pit.Owner); ok {
				g.col[p] = append(g.col[p], o)
			}
		}
		for _, row := range []int{pit.Row - 1, pit.Row + 1} {
			if row >= 0 && row < b.Rows && rowOwner[row][1-pit.Owner] {
				g.inner[p] = true
			}
		}
	}
}

// compileCaptures compiles the capture rules (their counts as bit sets) and notes
// whether some capture marks or keeps pits.
func (g *Game) compileCaptures() {
	for _, c := range g.r.Captures {
		cc := capture{Capture: c, mask: c.countMask(), oppMask: bitSet(c.OppositeCounts)}
		cc.counts, cc.big = ^uint64(0), cc.mask == 0 && !c.EmptyBefore
		if cc.mask != 0 {
			cc.counts = cc.mask
		}
		if c.Even {
			cc.counts &= 0x5555_5555_5555_5554 // 2, 4, 6, ...
		}
		if c.EmptyBefore {
			cc.counts &= 1 << 1
		}
		for side := 0; side < 2; side++ {
			cc.at[side] = make([]bool, g.npits)
			for p := range cc.at[side] {
				own := int(g.owner[p]) == side
				cc.at[side][p] = g.house[p] && (c.Side != OwnSide || own) && (c.Side != OpponentSide || !own) &&
					(!c.InnerOnly || g.inner[p]) && g.houseAllowed(&c, p)
			}
		}
		g.caps = append(g.caps, cc)
		if c.Effect == MarkPit || c.Effect == KeepPair {
			g.marks = true
		}
	}
}

// houseAllowed reports whether c's house numbers allow pit p as the last pit: not
// NotHouse, and one of Houses when listed (numbers of p's owner's houses).
func (g *Game) houseAllowed(c *Capture, p int) bool {
	n := g.houseNo[p] + 1
	return (c.NotHouse == 0 || n != c.NotHouse) && (len(c.Houses) == 0 || slices.Contains(c.Houses, n))
}

// compileOneCap sets Game.oneCap when the game's capture allows captureOne.
func (g *Game) compileOneCap() {
	if len(g.caps) != 1 || g.ext || g.nwords == 0 || g.npits > smallPits {
		return
	}
	c := &g.caps[0]
	if c.Effect != TakeSeeds || c.GrandSlamNothing || c.Chain != NoChain ||
		(c.Take != TakeOpposite && c.Take != TakeColumn) {
		return
	}
	g.facing = make([]int, g.npits)
	for p := range g.facing {
		g.facing[p] = p
		switch {
		case c.Take == TakeOpposite && g.opp[p] >= 0:
			g.facing[p] = g.opp[p]
		case c.Take == TakeColumn && len(g.col[p]) > 1:
			return // a column of two: the general capture
		case c.Take == TakeColumn && len(g.col[p]) == 1:
			g.facing[p] = g.col[p][0]
		}
	}
	if c.WithLast {
		g.withLast = ^uint64(0)
	}
	g.oneCap = true
}

// drawKeys draws the hash keys: one a pit, then the flags.
func (g *Game) drawKeys() {
	keys := core.NewKeys(0x6d61_6e63_616c_6121) // "mancala!"
	g.keys = make([]uint64, g.npits)
	for p := range g.keys {
		g.keys[p] = keys.Next()
	}
	for i := range g.flags {
		g.flags[i] = keys.Next()
	}
	g.compileTables()
}

// Name is the variant name.
func (g *Game) Name() string { return g.name }

// NumPlayers is 2.
func (g *Game) NumPlayers() int { return 2 }

// Rules returns the rules the game was compiled from.
func (g *Game) Rules() Rules { return g.r }

// Pits is the number of pits (houses and stores).
func (g *Game) Pits() int { return g.npits }

// Store returns the pit of side's store.
func (g *Game) Store(side int) int { return g.store[side] }

// Houses returns side's houses in move order (a copy).
func (g *Game) Houses(side int) []int { return append([]int(nil), g.houses[side]...) }

// Total is the number of seeds at the start.
func (g *Game) Total() int { return g.total }

// NewState returns the initial position.
func (g *Game) NewState() core.State { return g.Start() }

// Start is NewState with the concrete type.
func (g *Game) Start() *State {
	s := &State{g: g}
	s.pits = newPits(g.npits)
	if g.marks {
		s.marks = newMarks(g.npits)
	}
	s.Reset()
	return s
}

// ParseState reads a position string (see the package doc).
func (g *Game) ParseState(text string) (core.State, error) { return g.Parse(text) }

// dirs is the number of directions a mover picks from.
func (g *Game) dirs() int {
	if g.r.Sowing.Direction == Chosen {
		return 2
	}
	return 1
}

// dirOf returns the track direction (0 anticlockwise, 1 clockwise) move m sows in.
func (g *Game) dirOf(m core.Move) int {
	switch g.r.Sowing.Direction {
	case Clockwise:
		return 1
	case Chosen:
		if m&ClockwiseBit != 0 {
			return 1
		}
	}
	if g.hdir != nil && m&ClockwiseBit != 0 {
		return 1
	}
	return 0
}

// compileExt sets the flags of the extended rules.
func (g *Game) compileExt() {
	r := &g.r
	o := r.Opening
	g.rounds = r.Rounds.Seeds > 0
	g.ext = r.extended()
	for _, c := range r.Captures {
		g.chosen = g.chosen || c.Chosen
		g.keeps = g.keeps || c.Effect == KeepPair
		g.plyCap = max(g.plyCap, c.FromPly)
	}
	if len(r.Sowing.HouseDirections) > 0 {
		g.hdir = r.Sowing.HouseDirections
	}
	g.filter = g.chosen || r.NoStarve || r.NoGrandSlam || r.Must != AnyMove
	g.slowMoves = g.filter || o.Plies > 0 || o.EachHouse || g.keeps || g.hdir != nil
	g.starveBound = starveBound(r)
	g.compileOpening()
	g.keepPly = r.KeepPly || g.plyCap > 0 || o.EachHouse || r.Setup.Moves > 0 || g.rounds
}

// compileOpening lists the house numbers that may open (Opening.Houses) and counts the
// opening's plies in plyCap.
func (g *Game) compileOpening() {
	o := g.r.Opening
	g.plyCap = max(g.plyCap, o.Plies)
	if o.Plies > 0 {
		g.opening = make([]bool, MaxRows*MaxHouses)
		for _, h := range o.Houses {
			g.opening[h-1] = true
		}
	}
}

// extended reports whether the rules need the extended sowing loop (see Game.ext): the
// per-seed takes, the newer relays, rounds, a move condition, captures at every lap,
// or a capture that needs it.
func (r *Rules) extended() bool {
	if r.Sowing.TakeAt > 0 || r.Sowing.SkipCount > 0 || r.Sowing.Relay > RelayOnOccupied || r.Rounds.Seeds > 0 ||
		r.Must != AnyMove || r.Sowing.LapCaptures {
		return true
	}
	return slices.ContainsFunc(r.Captures, func(c Capture) bool { return c.extended() })
}

// extended reports whether the capture needs the extended sowing loop: the takes after
// TakePit, re-sowing and keeping, and the newer conditions.
func (c *Capture) extended() bool {
	return c.Take > TakePit || c.Effect == Resow || c.Effect == KeepPair || c.Occupied ||
		c.NeedOpposite || c.AllOccupied || c.Chosen || c.FromPly > 0 || len(c.OppositeCounts) > 0 ||
		c.OppositeEmpty || c.ToOwner
}

// starveBound returns the most seeds an opponent house can hold and still be emptied
// by one move of r, or 0 when r gives no such bound: sowing only adds seeds to a
// house unless a relay lifts it or a per-seed take empties it, and a counted capture
// of the pit (Oware's 2 and 3) empties only houses the last seeds bring to a listed
// count, so a house holding more than the largest count stays occupied.
func starveBound(r *Rules) int {
	if r.Sowing.Relay != NoRelay || r.Sowing.TakeAt > 0 || r.Rounds.Seeds > 0 || len(r.Captures) == 0 {
		return 0
	}
	bound := 0
	for _, c := range r.Captures {
		if c.Take != TakePit || len(c.Counts) == 0 || c.Chosen || c.Effect == Resow || c.WithLast {
			return 0
		}
		bound = max(bound, slices.Max(c.Counts))
	}
	return bound
}

// Board returns the compiled board: Rules().Board, with the engine's stores appended
// when it has none (see Board.Pits). Its pits are those of the position string.
func (g *Game) Board() Board {
	b := g.r.Board
	b.Pits = append([]Pit(nil), g.pits...)
	for i := range b.Tracks {
		b.Tracks[i] = append([]int(nil), b.Tracks[i]...)
	}
	return b
}
