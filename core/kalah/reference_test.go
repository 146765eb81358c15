package kalah

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/core"
)

// refMove is a naive reference for one sowing move without hooks: one seed at a time
// around the board by modulo arithmetic, no lap shortcut, no precomputed tracks. It
// returns the new pits, whether the mover moves again, and whether a capture happened.
func refMove(r Rules, g *Game, pits []int, side, house int) ([]int, bool) {
	n := r.Houses * r.Rows / 2
	total := 2*n + 2
	store := func(sd int) int { return sd*(n+1) + n }
	out := append([]int(nil), pits...)
	from := side*(n+1) + house
	seeds := out[from]
	out[from] = 0
	p := from
	for seeds > 0 {
		if r.Rows == 2 {
			p = (p + 1) % total
			if p == store(1-side) || (p == store(side) && !r.StoreSowing) {
				continue
			}
		} else {
			// own houses and store only: walk side*(n+1) .. side*(n+1)+n
			p = side*(n+1) + (p-side*(n+1)+1)%(n+1)
			if p == store(side) && !r.StoreSowing {
				continue
			}
		}
		if p == from && r.OriginSkip {
			continue
		}
		out[p]++
		seeds--
	}
	if p == store(side) {
		return out, true
	}
	k := p - side*(n+1)
	if k < 0 || k >= n || out[p] != 1 {
		return out, false
	}
	if r.Rows == 2 {
		o := 2*n - p
		if out[o] > 0 || r.EmptyCapture {
			out[store(side)] += out[o] + 1
			out[o], out[p] = 0, 0
		}
		return out, false
	}
	h := r.Houses
	if k >= h {
		return out, false // outer row: no capture
	}
	// The opponent's inner house in the same column is the one whose inner index
	// mirrors ours (both count from their own right end), and the outer house behind
	// it is the last outer house minus that index.
	other := (1 - side) * (n + 1)
	oInner := other + (h - 1 - k)
	oOuter := other + h + k
	if out[oInner]+out[oOuter] > 0 || r.EmptyCapture {
		out[store(side)] += out[oInner] + out[oOuter] + 1
		out[oInner], out[oOuter], out[p] = 0, 0, 0
	}
	return out, false
}

func TestReferenceSowing(t *testing.T) {
	// Every knob combination, several board sizes: each move of a random game is
	// compared with the naive reference (board before the end-of-game sweep).
	for _, knobs := range knobGrid() {
		for _, size := range [][2]int{{1, 1}, {2, 5}, {3, 6}, {6, 4}, {6, 6}, {8, 3}} {
			p := knobs.Clone()
			p["houses"], p["seeds"] = size[0], size[1]
			g := newGame(t, p)
			rng := rand.New(rand.NewPCG(uint64(size[0]), uint64(size[1])))
			s := g.Start()
			for !s.p.over {
				moves := s.LegalMoves(nil)
				m := moves[rng.IntN(len(moves))]
				if m == Swap {
					s.Play(m)
					continue
				}
				before := make([]int, g.pits)
				for i := range before {
					before[i] = int(s.p.pits[i])
				}
				side := int(s.p.side)
				want, extra := refMove(g.r, g, before, side, int(m))
				s.Play(m)
				if s.p.over {
					break // the end sweep is checked by the scenarios
				}
				got := make([]int, g.pits)
				for i := range got {
					got[i] = int(s.p.pits[i])
				}
				require.Equal(t, want, got, "%v %dx%d move %d from %v", knobs, size[0], size[1], m+1, before)
				require.Equal(t, extra, int(s.p.side) == side, "extra turn")
			}
		}
	}
}

// refPerft counts perft with the reference sower and its own end and pie handling.
func refPerft(g *Game, pits []int, side int, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	n := g.n
	var total uint64
	for k := 0; k < n; k++ {
		if pits[side*(n+1)+k] == 0 {
			continue
		}
		if depth == 1 {
			total++
			continue
		}
		next, extra := refMove(g.r, g, pits, side, k)
		empty := func(sd int) bool {
			for j := 0; j < n; j++ {
				if next[sd*(n+1)+j] != 0 {
					return false
				}
			}
			return true
		}
		if empty(0) || empty(1) {
			continue // the game is over: nothing below
		}
		ns := 1 - side
		if extra {
			ns = side
		}
		total += refPerft(g, next, ns, depth-1)
	}
	return total
}

// kalahPerft are the Kalah(6,4) perft counts from the start, depths 0..10; the
// reference sower gives the same through depth 9.
var kalahPerft = []uint64{1, 6, 35, 185, 942, 4685, 23169, 113959, 559885, 2743126, 13394138}

func TestPerft(t *testing.T) {
	for _, size := range [][2]int{{6, 4}, {4, 3}, {3, 3}} {
		g := newGame(t, core.Params{"houses": size[0], "seeds": size[1]})
		start := make([]int, g.pits)
		for i := range start {
			if !g.isStore(i) {
				start[i] = size[1]
			}
		}
		for d := 1; d <= 6; d++ {
			require.Equal(t, refPerft(g, start, 0, d), core.Perft(g.Start(), d), "Kalah(%d,%d) depth %d", size[0], size[1], d)
		}
	}
	g := newGame(t, nil)
	deep := 8
	if testing.Short() {
		deep = 6
	}
	for d := 1; d <= deep; d++ {
		assert.Equal(t, kalahPerft[d], core.Perft(g.Start(), d), "depth %d", d)
	}
}

// refNode is a position for the reference rules below: the pits, the side to move, the
// pie phase (pieFirst, pieOffer, pieDone), whether the seats have swapped sides, and the
// plies played.
type refNode struct {
	pits    []int
	side    int
	pie     uint8
	swapped bool
	ply     int
}

// refHouses lists side's non-empty houses (0-based along the side).
func refHouses(g *Game, pits []int, side int) []int {
	var out []int
	for k := 0; k < g.n; k++ {
		if pits[side*(g.n+1)+k] > 0 {
			out = append(out, k)
		}
	}
	return out
}

// refMoves lists the legal moves of x: the mover's non-empty houses, then -1 for the
// pie rule's swap while it is offered. It is empty exactly when the game is over, which
// refOver decides.
func refMoves(g *Game, x refNode) []int {
	moves := refHouses(g, x.pits, x.side)
	if x.pie == pieOffer {
		moves = append(moves, -1)
	}
	return moves
}

// refOver is the reference end rule, written from the rules as the README states them:
// either_side_empty ends the game when either side's houses are empty; mover_cannot_move
// when the player to move has no legal move (no seeds, and no swap on offer); any rule
// after max_plies plies.
func refOver(g *Game, x refNode) bool {
	r := g.r
	if r.EndRule == EitherSideEmpty {
		if len(refHouses(g, x.pits, 0)) == 0 || len(refHouses(g, x.pits, 1)) == 0 {
			return true
		}
	} else if len(refMoves(g, x)) == 0 {
		return true
	}
	return r.MaxPlies > 0 && x.ply >= r.MaxPlies
}

// refPlay plays move m (-1: swap) of x by the reference sower and the pie rule.
func refPlay(g *Game, x refNode, m int) refNode {
	y := refNode{pits: x.pits, side: x.side, pie: x.pie, swapped: x.swapped, ply: x.ply + 1}
	if m < 0 {
		y.swapped, y.pie = !x.swapped, pieDone
		return y
	}
	var extra bool
	y.pits, extra = refMove(g.r, g, x.pits, x.side, m)
	if y.pie == pieOffer {
		y.pie = pieDone // declined
	}
	if !extra {
		y.side ^= 1
		if y.pie == pieFirst {
			y.pie = pieOffer
		}
	}
	return y
}

// refMargin is the first seat's final margin under perfect play (each seat maximising
// its own margin) by the reference rules, memoised on the whole node.
func refMargin(g *Game, x refNode, memo map[string]int) int {
	key := fmt.Sprint(x)
	if v, ok := memo[key]; ok {
		return v
	}
	var v int
	if refOver(g, x) {
		var score [2]int
		for side := 0; side < 2; side++ {
			score[side] = x.pits[side*(g.n+1)+g.n]
			if g.r.Remaining == Owner {
				for k := 0; k < g.n; k++ {
					score[side] += x.pits[side*(g.n+1)+k]
				}
			}
		}
		v = score[0] - score[1]
		if x.swapped {
			v = -v
		}
	} else {
		seat0 := x.side == 0 != x.swapped // the first seat is to move
		v = math.MinInt
		if !seat0 {
			v = math.MaxInt
		}
		for _, m := range refMoves(g, x) {
			c := refMargin(g, refPlay(g, x, m), memo)
			if seat0 {
				v = max(v, c)
			} else {
				v = min(v, c)
			}
		}
	}
	memo[key] = v
	return v
}

// refPerftRules is perft by the reference rules (pie rule and end rules included).
func refPerftRules(g *Game, x refNode, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	if refOver(g, x) {
		return 0
	}
	moves := refMoves(g, x)
	if depth == 1 {
		return uint64(len(moves))
	}
	var total uint64
	for _, m := range moves {
		total += refPerftRules(g, refPlay(g, x, m), depth-1)
	}
	return total
}

// stateMargin is the first seat's final margin under perfect play through the State's
// own rules (LegalMoves, Play, Scores), memoised on the position string and the ply.
func stateMargin(s *State, memo map[string]int) int {
	key := fmt.Sprintf("%s @%d", s, s.ply)
	if v, ok := memo[key]; ok {
		return v
	}
	var v int
	if s.ToMove() == core.Terminal {
		sc := s.Scores(nil)
		v = int(sc[0] - sc[1])
	} else {
		seat0 := s.ToMove() == 0
		v = math.MinInt
		if !seat0 {
			v = math.MaxInt
		}
		for _, m := range s.LegalMoves(nil) {
			s.Play(m)
			c := stateMargin(s, memo)
			s.Undo()
			if seat0 {
				v = max(v, c)
			} else {
				v = min(v, c)
			}
		}
	}
	memo[key] = v
	return v
}

func TestReferenceRulesPieAndEnd(t *testing.T) {
	// The pie rule and both end rules against the reference rules on tiny boards, where
	// the first turn can empty a side before the offer: perft to depth 8 and the value
	// under perfect play (which checks every end, its scores and which seat they go to).
	// max_plies is small so that games without store sowing, which can cycle, end.
	for _, end := range endRuleNames {
		for _, pie := range []bool{false, true} {
			for _, storeSowing := range []bool{true, false} {
				for _, rem := range remainingNames {
					name := fmt.Sprintf("%s/pie=%v/store_sowing=%v/%s", end, pie, storeSowing, rem)
					t.Run(name, func(t *testing.T) {
						for _, size := range [][2]int{{1, 1}, {1, 2}, {1, 3}, {2, 1}, {2, 2}, {3, 1}} {
							g := newGame(t, core.Params{"houses": size[0], "seeds": size[1], "end_rule": end,
								"pie_rule": pie, "store_sowing": storeSowing, "remaining": rem, "max_plies": 14})
							s := g.Start()
							root := refNode{pits: make([]int, g.pits), pie: s.p.pie}
							for i := range root.pits {
								root.pits[i] = int(s.p.pits[i])
							}
							for d := 1; d <= 8; d++ {
								require.Equal(t, refPerftRules(g, root, d), core.Perft(g.Start(), d),
									"%dx%d perft %d", size[0], size[1], d)
							}
							require.Equal(t, refMargin(g, root, map[string]int{}), stateMargin(s, map[string]int{}),
								"%dx%d: the first seat's margin under perfect play", size[0], size[1])
						}
					})
				}
			}
		}
	}
}
