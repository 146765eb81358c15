package kalah

import (
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
