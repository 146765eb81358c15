package ludo

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/kalahlab/kalahlab/core"
)

// TestFairness plays identical random players against each other: each seat should win
// about 1/players of the games. The interval is four standard errors of a binomial
// proportion, widened by 0.03 for the first seat's edge (measured at about +0.014 with two
// players and +0.008 with four).
func TestFairness(t *testing.T) {
	const games = 8000
	for _, p := range []core.Params{{"players": 2}, {"players": 3}, {"players": 4}, {"players": 4, "play_to_end": true}} {
		g := newGame(t, p)
		s := g.Start()
		rng := rand.New(rand.NewPCG(2026, uint64(g.n)))
		wins := make([]int, g.n)
		var sum float64
		for i := 0; i < games; i++ {
			s.Reset()
			s.PlayRandom(rng)
			ret := s.Returns(nil)
			for q, r := range ret {
				sum += r
				if r == 1 {
					wins[q]++
				}
			}
		}
		want := 1 / float64(g.n)
		se := math.Sqrt(want * (1 - want) / games)
		for q, w := range wins {
			rate := float64(w) / games
			assert.InDelta(t, want, rate, 4*se+0.03, "%v: seat %d wins %.4f of %d games (want %.4f)", p, q+1, rate, games, want)
		}
		assert.InDelta(t, 0, sum/games, 1e-9, "%v: the returns sum to zero", p)
	}
}
