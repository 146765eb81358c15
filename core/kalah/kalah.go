// Package kalah implements Kalah and the rule knobs that mancala variants turn.
//
// # Rules (the defaults, parameter "kalah")
//
// Two rows of houses [6] with seeds [4] seeds each, and one store per player at the
// player's right. South (seat 1) moves first. A move takes all seeds of one of the mover's
// non-empty houses and sows them one by one anticlockwise into the following pits,
// including the mover's own store and skipping the opponent's store; the origin house is
// not skipped on laps. A last seed in the mover's own store gives the mover another move
// (no limit). A last seed in an empty house of the mover captures: that seed and all seeds
// of the opposite house go to the mover's store, even when the opposite house is empty
// ("empty capture"). After every move, if either player's houses are all empty the game
// ends and each player's remaining seeds go to that player's store. The score is the final
// store difference; more seeds wins, equal is a draw. These are the conventions of the
// published solved results for Kalah(m,n).
//
// # Parameters (knobs), defaults in brackets
//
//   - houses [6]: houses per row, 1..16.
//   - seeds [4]: seeds per house at the start, 1..32 (at most 255 seeds in all).
//   - empty_capture [true]: false captures only when the opposite house has seeds.
//   - end_rule [either_side_empty]: mover_cannot_move ends the game only when the player
//     to move has no legal move: no seeds, and no pie-rule swap to play (see pie_rule).
//   - remaining [owner]: discard leaves the seeds still in houses at the end uncounted.
//   - origin_skip [false]: true skips the origin house on laps (as in Oware).
//   - store_sowing [true]: false never sows into stores; they only collect captures.
//   - pie_rule [false]: at the second player's first turn one extra legal move, swap,
//     exchanges the players' sides (positions and scores); the original first player then
//     moves. Returns and scores belong to seats (people), not sides. The swap is a choice
//     of sides, not a sowing: under mover_cannot_move a second player with no seeds at
//     that turn still has it (their only move), and the game ends after it, the original
//     first player being to move on the empty side. Under either_side_empty a first turn
//     that empties a side ends the game before the offer.
//   - rows [2]: 2 or 4 (see below).
//   - max_plies [1000]: the game ends after this many plies, scored as a normal end
//     (0: no limit). Kalah with store sowing always ends long before; variants without it
//     can cycle.
//
// # Board indexing
//
// Pits are indexed in sowing order. With n houses per side (n = houses for two rows,
// 2*houses for four rows): South's houses 0..n-1, South's store n, North's houses
// n+1..2n, North's store 2n+1. Lua sees the same layout numbered from 1 (pit i+1).
//
// Two rows: South's houses run left to right along the bottom row, then South's store at
// the right, North's houses right to left along the top row, North's store at the left.
// The house opposite house i is 2n-i.
//
// Four rows (rows: 4): each player owns an inner row (facing the opponent) and an outer
// row. A player sows anticlockwise around their own two rows and their own store only,
// never into the opponent's. South's track, in index order: the inner row from right to
// left (houses 0..h-1), down to the outer row and along it from left to right (houses
// h..2h-1), then South's store at the right, and on to the inner row again. North's is the
// same turned half round: its inner row runs left to right on screen (n+1..n+h), its outer
// row right to left (n+h+1..2n), its store at the left. A capture (last seed in an empty
// house of the mover's inner row) takes that seed and the seeds of both opponent houses in
// the same column; with empty_capture false it needs at least one seed in them.
//
// # Notation
//
// A move is a house number 1..n counted along the mover's sowing track, so house 1 is the
// one farthest from the mover's store (two rows: 1 is the mover's leftmost house; four
// rows: 1..h is the inner row from the mover's right, h+1..2h the outer row from the
// mover's left; the board drawing labels every house), or
// "swap" for the pie rule. The position string lists the pits in index order, stores in
// brackets, then the side to move (s, n, or - once over), then, while the game is not
// over, "pie=first" (the pie rule is still to come) or "pie=offer" (swap is legal now),
// and "swapped" when the seats have exchanged sides (kept after the end: the scores
// belong to seats):
//
//	4,4,4,4,4,4,[0],4,4,4,4,4,4,[0] s
//	0,0,0,0,0,0,[30],0,0,0,0,0,0,[18] - swapped
//
// A parsed position that is over by the rules reads as over. A finished game has no pie
// phase: Parse accepts "pie=first" or "pie=offer" on a finished position (of a variant
// with the pie rule) and drops it, so the string reads back without it.
package kalah

import (
	"fmt"

	"github.com/kalahlab/kalahlab/core"
)

// Limits of the board.
const (
	MaxHouses = 16              // houses per row
	maxSide   = 2 * MaxHouses   // houses per side (four rows)
	MaxPits   = 2*maxSide + 2   // houses and stores
	MaxSeeds  = 255             // seeds in all
	pitsLen   = MaxPits + 8     // the pits array, with slack for word-at-a-time loads
	Swap      = core.Move(1000) // the pie rule's swap move
)

// EndRule says when the game ends.
type EndRule uint8

// The end rules.
const (
	EitherSideEmpty EndRule = iota // either player's houses are all empty
	MoverCannotMove                // the player to move has no seeds and no pie swap
)

// Remaining says what happens to seeds left in houses at the end.
type Remaining uint8

// The ways of counting the remaining seeds.
const (
	Owner   Remaining = iota // each player's remaining seeds go to that player's store
	Discard                  // they are not counted
)

var endRuleNames = []string{"either_side_empty", "mover_cannot_move"}
var remainingNames = []string{"owner", "discard"}

// Rules holds every knob of the game. Use DefaultRules or RulesFrom, then New.
type Rules struct {
	Houses, Seeds int
	EmptyCapture  bool
	EndRule       EndRule
	Remaining     Remaining
	OriginSkip    bool
	StoreSowing   bool
	PieRule       bool
	Rows          int
	MaxPlies      int
	// Hooks replace built-in steps; nil keeps the built-in rule. The variants package
	// fills them with Lua functions: core never knows.
	Hooks Hooks
}

// Hooks are the points where a variant replaces a built-in rule. Pits are indices as in
// the package doc; sides are 0 (South) and 1 (North). A hook may change the board only
// through State.Take and State.Add; after each hook the engine checks that seeds are
// conserved. A hook error stops the game (State.Err).
type Hooks struct {
	// Capture is called after sowing when the last seed fell in a house; it replaces
	// the built-in capture step.
	Capture func(s *State, last int) error
	// ExtraTurn replaces "last seed in own store moves again"; it is called after every
	// sowing move (after the capture step).
	ExtraTurn func(s *State, last int) (bool, error)
	// CanPlay filters the mover's legal houses (house is an index along the side, 0..n-1).
	CanPlay func(s *State, house int) (bool, error)
	// IsOver decides whether the game is over after a move; ok false keeps the
	// built-in end rule. A side to move with no legal move ends the game regardless.
	IsOver func(s *State) (over, ok bool, err error)
	// FinalScores counts the final scores of South and North; ok false keeps the
	// built-in count (the remaining knob).
	FinalScores func(s *State) (south, north int, ok bool, err error)
	// SawStores is no hook: when set (the variants package sets it for Lua hooks), it
	// reports whether any hook call so far, on any state of this game, has looked at
	// what the stores hold (a store's count, seeds taken from a store) or at the ply.
	// While it reports false, the hooks have acted on the houses and the mover alone,
	// so two positions with the same houses met the same rules whatever their stores:
	// the exact solver then values positions by their houses, as it does unhooked
	// Kalah (ai/solve/kalahsolve). nil means not known (taken as true).
	SawStores func() bool
	// Memo is no hook: when set (the variants package sets it for Lua hooks), it turns
	// the hooks' memo on or off (off at first). While on, a hook call that sees what an
	// earlier call with the same argument saw (the same answers to the same reads of
	// the board) repeats that call's changes and result instead of running: the exact
	// solver, which takes a position's value to be a function of the position, takes a
	// hook's effect to be a function of what it reads, and turns it on for its search
	// (package variants, hookmemo.go). Play leaves it off: a hook keeping state of its
	// own between calls would notice.
	Memo func(on bool)
}

// Any reports whether any hook is set (SawStores is none).
func (h Hooks) Any() bool {
	return h.Capture != nil || h.ExtraTurn != nil || h.CanPlay != nil || h.IsOver != nil || h.FinalScores != nil
}

// DefaultRules returns the rules of standard Kalah(6,4).
func DefaultRules() Rules {
	return Rules{Houses: 6, Seeds: 4, EmptyCapture: true, StoreSowing: true, Rows: 2, MaxPlies: 1000}
}

// Specs describes the knobs for validation, docs and `variants show`.
func Specs() []core.ParamSpec {
	d := DefaultRules()
	return []core.ParamSpec{
		{Name: "houses", Kind: core.Int, Default: d.Houses, Min: 1, Max: MaxHouses, Doc: "houses per row"},
		{Name: "seeds", Kind: core.Int, Default: d.Seeds, Min: 1, Max: 32, Doc: "seeds per house at the start"},
		{Name: "empty_capture", Kind: core.Bool, Default: d.EmptyCapture, Doc: "a capture takes place even when the opposite house is empty"},
		{Name: "end_rule", Kind: core.Enum, Default: endRuleNames[d.EndRule], Choices: endRuleNames, Doc: "when the game ends: either player's houses empty, or the player to move has no seeds (and no pie swap)"},
		{Name: "remaining", Kind: core.Enum, Default: remainingNames[d.Remaining], Choices: remainingNames, Doc: "seeds left in houses at the end go to their owner's store, or are discarded"},
		{Name: "origin_skip", Kind: core.Bool, Default: d.OriginSkip, Doc: "laps skip the house the seeds came from"},
		{Name: "store_sowing", Kind: core.Bool, Default: d.StoreSowing, Doc: "seeds are sown into the mover's store"},
		{Name: "pie_rule", Kind: core.Bool, Default: d.PieRule, Doc: "the second player may swap sides instead of making their first move"},
		{Name: "rows", Kind: core.Int, Default: d.Rows, Min: 2, Max: 4, OneOf: []int{2, 4}, Doc: "rows of houses: 2, or 4 (an inner and an outer row each)"},
		{Name: "max_plies", Kind: core.Int, Default: d.MaxPlies, Min: 0, Max: 1_000_000, Doc: "the game ends after this many plies, scored as a normal end (0: no limit)"},
	}
}

// Params returns the knob values of r.
func (r Rules) Params() core.Params {
	return core.Params{
		"houses": r.Houses, "seeds": r.Seeds, "empty_capture": r.EmptyCapture,
		"end_rule": endRuleNames[r.EndRule], "remaining": remainingNames[r.Remaining],
		"origin_skip": r.OriginSkip, "store_sowing": r.StoreSowing, "pie_rule": r.PieRule,
		"rows": r.Rows, "max_plies": r.MaxPlies,
	}
}

// RulesFrom builds rules from knob values; missing knobs keep their defaults.
func RulesFrom(p core.Params) (Rules, error) {
	full, err := core.Apply(Specs(), core.Defaults(Specs()), p)
	if err != nil {
		return Rules{}, fmt.Errorf("kalah: %w", err)
	}
	r := Rules{
		Houses:       full.Int("houses"),
		Seeds:        full.Int("seeds"),
		EmptyCapture: full.Bool("empty_capture"),
		OriginSkip:   full.Bool("origin_skip"),
		StoreSowing:  full.Bool("store_sowing"),
		PieRule:      full.Bool("pie_rule"),
		Rows:         full.Int("rows"),
		MaxPlies:     full.Int("max_plies"),
	}
	for i, n := range endRuleNames {
		if n == full.String("end_rule") {
			r.EndRule = EndRule(i)
		}
	}
	for i, n := range remainingNames {
		if n == full.String("remaining") {
			r.Remaining = Remaining(i)
		}
	}
	return r, r.Validate()
}

// Validate checks the knobs together.
func (r Rules) Validate() error {
	switch {
	case r.Houses < 1 || r.Houses > MaxHouses:
		return fmt.Errorf("kalah: houses %d out of range 1..%d", r.Houses, MaxHouses)
	case r.Seeds < 1:
		return fmt.Errorf("kalah: seeds %d: want at least 1", r.Seeds)
	case r.Rows != 2 && r.Rows != 4:
		return fmt.Errorf("kalah: rows %d: want 2 or 4", r.Rows)
	case r.MaxPlies < 0:
		return fmt.Errorf("kalah: max_plies %d: want 0 (no limit) or more", r.MaxPlies)
	case r.Houses*r.Rows*r.Seeds > MaxSeeds:
		return fmt.Errorf("kalah: %d rows x %d houses x %d seeds = %d seeds in all; at most %d",
			r.Rows, r.Houses, r.Seeds, r.Houses*r.Rows*r.Seeds, MaxSeeds)
	case r.EndRule > MoverCannotMove:
		return fmt.Errorf("kalah: end_rule %d unknown", r.EndRule)
	case r.Remaining > Discard:
		return fmt.Errorf("kalah: remaining %d unknown", r.Remaining)
	}
	return nil
}

// Def registers Kalah as a base game.
var Def = core.Def{
	Name:    "kalah",
	Summary: "Kalah(6,4): two rows of six houses, four seeds each, extra turns and empty captures",
	Params:  Specs(),
	New:     core.Constructor(RulesFrom, New),
}

// Game is Kalah with a fixed set of rules. It is immutable; when its hooks are bound to a
// Lua state it belongs to that state's goroutine.
type Game struct {
	name  string
	r     Rules
	h     int // houses per row
	n     int // houses per side
	pits  int // 2n+2
	total int // seeds in all at the start
	// cyc[side] lists the pits a side sows into, in order, twice over (so a walk of
	// fewer than one lap needs no modulo); cycLen is one lap.
	cyc    [2][2 * MaxPits]uint8
	cycLen [2]int
	// at[side][pit] is the position of pit in cyc[side] (its first occurrence).
	at [2][MaxPits]uint8
	// run[side][i] is how many pits from cyc[side][i] on have consecutive indices.
	run [2][2 * MaxPits]uint8
	// opp and opp2 are the houses a capture in a house takes from (opp2 only with
	// four rows); capt marks the houses where a capture can happen.
	opp, opp2 [MaxPits]uint8
	capt      [MaxPits]bool
	hooked    bool
	houseMask uint64 // the low n bytes, for boards with n <= 8
	fastEnd   bool   // the end check is two word loads (see play)
	stores    [2]uint8
	// sower plays moves on the word board when the rules are covered
	// (Rules.WordBoard), else nil: random playouts (playout.go) and package ai's
	// compact solver use it.
	sower *Sower
}

// New returns the game for r, named name.
func New(name string, r Rules) (*Game, error) {
	if err := r.Validate(); err != nil {
		return nil, err
	}
	g := &Game{name: name, r: r, h: r.Houses, n: r.Houses * r.Rows / 2, hooked: r.Hooks.Any()}
	g.pits = 2*g.n + 2
	g.stores = [2]uint8{uint8(g.n), uint8(2*g.n + 1)}
	g.fastEnd = g.n <= 8 && !g.hooked && r.EndRule == EitherSideEmpty
	if r.WordBoard() {
		g.sower = newSower(r)
	}
	if g.n <= 8 {
		g.houseMask = 1<<(8*uint(g.n)) - 1
		if g.n == 8 {
			g.houseMask = ^uint64(0)
		}
	}
	g.total = 2 * g.n * r.Seeds
	for side := 0; side < 2; side++ {
		var lap []uint8
		if r.Rows == 2 {
			for k := 0; k < g.pits; k++ {
				p := (side*(g.n+1) + k) % g.pits // start at the side's first house
				if g.isStore(p) && (p != g.store(side) || !r.StoreSowing) {
					continue
				}
				lap = append(lap, uint8(p))
			}
		} else {
			base := side * (g.n + 1)
			for k := 0; k < g.n; k++ {
				lap = append(lap, uint8(base+k))
			}
			if r.StoreSowing {
				lap = append(lap, uint8(g.store(side)))
			}
		}
		g.cycLen[side] = len(lap)
		copy(g.cyc[side][:], lap)
		copy(g.cyc[side][len(lap):], lap)
		for i, p := range lap {
			g.at[side][p] = uint8(i)
		}
		for i := 2*len(lap) - 1; i >= 0; i-- {
			g.run[side][i] = 1
			if i+1 < 2*len(lap) && g.cyc[side][i+1] == g.cyc[side][i]+1 {
				g.run[side][i] = g.run[side][i+1] + 1
			}
		}
	}
	for side := 0; side < 2; side++ {
		for k := 0; k < g.n; k++ {
			p := side*(g.n+1) + k
			if r.Rows == 2 {
				g.opp[p] = uint8(2*g.n - p)
				g.capt[p] = true
				continue
			}
			// Four rows: captures happen in the inner row (k < h) and take both
			// opponent houses in the column.
			g.opp[p] = uint8(g.mirror(p))
			if k < g.h {
				g.capt[p] = true
				g.opp2[p] = uint8(g.outerOf(g.mirror(p)))
			}
		}
	}
	return g, nil
}

// mirror returns the opponent's house in the same column and the matching row (inner
// faces inner, outer faces outer) with four rows; the opposite house with two.
func (g *Game) mirror(p int) int {
	if g.r.Rows == 2 {
		return 2*g.n - p
	}
	side, k := g.sideOf(p), p%(g.n+1)
	col := g.column(side, k)
	other := 1 - side
	// Find the opponent's house in the same row kind and column.
	inner := k < g.h
	for k2 := 0; k2 < g.n; k2++ {
		if (k2 < g.h) == inner && g.column(other, k2) == col {
			return other*(g.n+1) + k2
		}
	}
	return p
}

// column returns the screen column (0 = leftmost) of house k of side with four rows.
func (g *Game) column(side, k int) int {
	h := g.h
	if side == 0 {
		if k < h {
			return h - 1 - k // inner row, right to left
		}
		return k - h // outer row, left to right
	}
	if k < h {
		return k // North's inner row runs left to right on screen
	}
	return 2*h - 1 - k // North's outer row, right to left
}

// outerOf returns the outer-row house in the same column as inner house p.
func (g *Game) outerOf(p int) int {
	side, k := g.sideOf(p), p%(g.n+1)
	col := g.column(side, k)
	for k2 := g.h; k2 < g.n; k2++ {
		if g.column(side, k2) == col {
			return side*(g.n+1) + k2
		}
	}
	return p
}

func (g *Game) isStore(p int) bool { return p == g.n || p == 2*g.n+1 }
func (g *Game) store(side int) int { return side*(g.n+1) + g.n }
func (g *Game) sideOf(p int) int {
	if p > g.n {
		return 1
	}
	return 0
}

// Name is the variant name.
func (g *Game) Name() string { return g.name }

// NumPlayers is 2.
func (g *Game) NumPlayers() int { return 2 }

// Rules returns the rules (hooks included).
func (g *Game) Rules() Rules { return g.r }

// NewState returns the initial position: every house holds Seeds seeds, South to move.
func (g *Game) NewState() core.State { return g.Start() }

// Start is NewState with the concrete type.
func (g *Game) Start() *State {
	s := &State{g: g, total: g.total}
	s.Reset()
	return s
}

// ParseState reads a position string (see the package doc).
func (g *Game) ParseState(text string) (core.State, error) { return g.Parse(text) }
