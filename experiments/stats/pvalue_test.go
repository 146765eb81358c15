package stats

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// refNormalTail is P(Z > z) for z >= 3 by Laplace's continued fraction,
// φ(z) / (z + 1/(z + 2/(z + 3/(z + ...)))), evaluated from the back: an independent
// reference that shares no code with math.Erfc.
func refNormalTail(z float64) float64 {
	f := z
	for k := 400; k >= 1; k-- {
		f = z + float64(k)/f
	}
	return math.Exp(-z*z/2) / math.Sqrt(2*math.Pi) / f
}

// TestTinyPValues: p-values far in the tail keep their value (they were 1 − erf,
// exactly 0 beyond z ≈ 8.3), against the continued fraction, published values
// (Φ(−10) = 7.6198530241605e−24) and the closed forms of the chi-square tail for even
// and odd degrees of freedom.
func TestTinyPValues(t *testing.T) {
	assert.InEpsilon(t, 7.6198530241605260e-24, NormalSurvival(10), 1e-12)
	assert.InEpsilon(t, 2.7536241186062336e-89, NormalSurvival(20), 1e-12)
	for _, z := range []float64{3, 5, 8.3, 9, 12, 20, 30, 37} {
		assert.InEpsilon(t, refNormalTail(z), NormalSurvival(z), 1e-10, "z %g", z)
		assert.InEpsilon(t, 2*refNormalTail(z), TwoSidedNormalP(-z), 1e-10, "z %g", -z)
	}
	// The sign test of 1000 wins against none: z = 999/√1000 = 31.59, p ≈ 1e-218.
	z := 999 / math.Sqrt(1000)
	assert.InEpsilon(t, 2*refNormalTail(z), SignTest(1000, 0), 1e-10)
	assert.Greater(t, SignTest(1000, 0), 0.0)
	// A two-proportion z of 20.65 (the default study's pie rule against plain Kalah).
	_, p := TwoProportionZ(900, 1000, 300, 1000)
	assert.Greater(t, p, 0.0)
	// Chi-square with 2 degrees of freedom: P(X² > x) = exp(−x/2); with 4:
	// exp(−x/2)(1 + x/2); with 3 the odd closed form chi3Survival.
	for _, x := range []float64{50, 200, 600} {
		st := SeatsEqual(chiCounts(x))
		require.Equal(t, "chi-square", st.Method)
		assert.Greater(t, st.P, 0.0, "x² %g", st.Stat)
		assert.InEpsilon(t, chi3Survival(st.Stat), st.P, 1e-9, "x² %g", st.Stat)
	}
	st := SeatsEqual([]int64{400, 100, 100})
	assert.InEpsilon(t, math.Exp(-st.Stat/2), st.P, 1e-9)
	st = SeatsEqual([]int64{500, 100, 100, 100, 100})
	assert.InEpsilon(t, math.Exp(-st.Stat/2)*(1+st.Stat/2), st.P, 1e-9)
}

// chiCounts are four seats' wins whose chi-square statistic is about x.
func chiCounts(x float64) []int64 {
	// With wins (e+d, e−d, e, e): X² = 2d²/e; e = 500.
	d := int64(math.Round(math.Sqrt(x * 500 / 2)))
	return []int64{500 + d, 500 - d, 500, 500}
}
