package kalah

import (
	"math/rand/v2"
	"testing"
)

// TestLandsInStoreMatchesPlay checks the extra-turn prediction the solver orders moves
// by against playing the move, with laps, four rows and origin skipping.
func TestLandsInStoreMatchesPlay(t *testing.T) {
	for _, r := range []Rules{DefaultRules(), {Houses: 4, Seeds: 6, EmptyCapture: true, StoreSowing: true, Rows: 4, MaxPlies: 1000}, {Houses: 3, Seeds: 9, EmptyCapture: true, StoreSowing: true, OriginSkip: true, Rows: 2, MaxPlies: 1000}} {
		g, _ := New("k", r)
		rng := rand.New(rand.NewPCG(1, 2))
		for game := 0; game < 200; game++ {
			s := g.Start()
			for !s.Over() {
				moves := s.LegalMoves(nil)
				for _, m := range moves {
					c := s.Copy()
					side := c.Side()
					before := c.Count(c.Store(side))
					pred := c.LandsInStore(int(m))
					c.Apply(m)
					_ = before
					got := !c.Over() && c.Side() == side
					if !c.Over() && pred != got {
						t.Fatalf("%s house %d: predicted %v", s, m+1, pred)
					}
				}
				s.Apply(moves[rng.IntN(len(moves))])
			}
		}
	}
}
