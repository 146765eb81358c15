package stats

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
)

// The chi-square figures are textbook values computed independently: for four equal
// cells X² = Σ (o−e)²/e and the upper tail of the chi-square distribution with 3
// degrees of freedom, P(X² > x) = erfc(√(x/2)) + √(2x/π)·exp(−x/2) (closed form for an
// odd number of degrees of freedom).
func chi3Survival(x float64) float64 {
	return math.Erfc(math.Sqrt(x/2)) + math.Sqrt(2*x/math.Pi)*math.Exp(-x/2)
}

func TestSeatsEqual(t *testing.T) {
	t.Run("two seats use the sign test", func(t *testing.T) {
		got := SeatsEqual([]int64{60, 40})
		assert.Equal(t, "sign", got.Method)
		assert.InDelta(t, SignTest(60, 40), got.P, 1e-12)
	})
	t.Run("no decisive games", func(t *testing.T) {
		got := SeatsEqual([]int64{0, 0, 0})
		assert.True(t, math.IsNaN(got.P))
	})
	for _, tc := range []struct {
		name string
		wins []int64
		x2   float64
	}{
		// The 4-player Ludo cell of the issue: 25.9 / 25.8 / 24.0 / 24.3% of 10,000 games.
		{"ludo rates", []int64{2590, 2580, 2400, 2430}, 11.76},
		{"uniform", []int64{250, 250, 250, 250}, 0},
		{"skewed", []int64{40, 20, 20, 20}, 12},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := SeatsEqual(tc.wins)
			assert.Equal(t, "chi-square", got.Method)
			assert.Equal(t, 3, got.DF)
			assert.InDelta(t, tc.x2, got.Stat, 1e-9)
			assert.InDelta(t, chi3Survival(tc.x2), got.P, 1e-9)
		})
	}
	t.Run("the issue's Ludo cell is unequal", func(t *testing.T) {
		assert.Less(t, SeatsEqual([]int64{2590, 2580, 2400, 2430}).P, 0.05)
	})
}

func TestExactMultinomial(t *testing.T) {
	// Hand-enumerated: 3 games among 3 equal seats. The outcomes are (3,0,0)×3 with
	// probability 1/27 each, (2,1,0)×6 with 3/27 each and (1,1,1) with 6/27.
	for _, tc := range []struct {
		counts []int64
		want   float64
	}{
		{[]int64{3, 0, 0}, 3.0 / 27},
		{[]int64{2, 1, 0}, 21.0 / 27},
		{[]int64{1, 1, 1}, 1},
		// Two cells: the exact two-sided binomial test, 8 of 10: P = 2·(45+10+1)/1024.
		{[]int64{8, 2}, 112.0 / 1024},
	} {
		assert.InDelta(t, tc.want, ExactMultinomialEqual(tc.counts), 1e-12, "%v", tc.counts)
	}
	got := SeatsEqual([]int64{5, 1, 2, 0})
	assert.Equal(t, "exact multinomial", got.Method)
	assert.InDelta(t, ExactMultinomialEqual([]int64{5, 1, 2, 0}), got.P, 1e-15)
}
