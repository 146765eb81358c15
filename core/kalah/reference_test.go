package kalah

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
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
