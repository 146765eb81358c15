package stats

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
)

// The reference values are Newcombe (1998), "Two-sided confidence intervals for the
// single proportion" (Table I, method 3: Wilson score) and "Interval estimation for the
// difference between independent proportions" (Table II, method 10: hybrid score), and
// the textbook formulas evaluated by hand.
func TestWilson(t *testing.T) {
	tests := []struct {
		k, n   int64
		lo, hi float64
	}{
		{81, 263, 0.2553, 0.3662},
		{15, 148, 0.0624, 0.1605},
		{0, 20, 0, 0.1611},
		{1, 29, 0.0061, 0.1718},
		{29, 29, 0.8830, 1},
		{0, 10, 0, 0.2775},
		{1, 10, 0.0179, 0.4042},
		{5, 10, 0.2366, 0.7634},
	}
	for _, tc := range tests {
		e := Wilson(tc.k, tc.n)
		assert.InDelta(t, float64(tc.k)/float64(tc.n), e.Value, 1e-12)
		assert.InDelta(t, tc.lo, e.Lo, 5e-5, "%d/%d lo", tc.k, tc.n)
		assert.InDelta(t, tc.hi, e.Hi, 5e-5, "%d/%d hi", tc.k, tc.n)
	}
	e := Wilson(0, 0)
	assert.True(t, math.IsNaN(e.Value) && math.IsNaN(e.Lo) && math.IsNaN(e.Hi))
	assert.InDelta(t, 1.959964, Z95, 1e-6)
}

func TestNewcombeDiff(t *testing.T) {
	tests := []struct {
		k1, n1, k2, n2 int64
		d, lo, hi      float64
	}{
		{56, 70, 48, 80, 0.2, 0.0524, 0.3339},
		{9, 10, 3, 10, 0.6, 0.1705, 0.8090},
		{6, 7, 2, 7, 0.5714, 0.0582, 0.8062}, // by hand from the two Wilson intervals
		{5, 56, 0, 29, 0.0893, -0.0381, 0.1926},
		{0, 10, 0, 20, 0, -0.1611, 0.2775},
		{10, 10, 0, 20, 1, 0.6791, 1},
	}
	for _, tc := range tests {
		e := NewcombeDiff(tc.k1, tc.n1, tc.k2, tc.n2)
		assert.InDelta(t, tc.d, e.Value, 5e-5)
		assert.InDelta(t, tc.lo, e.Lo, 5e-5, "%d/%d - %d/%d lo", tc.k1, tc.n1, tc.k2, tc.n2)
		assert.InDelta(t, tc.hi, e.Hi, 5e-5, "%d/%d - %d/%d hi", tc.k1, tc.n1, tc.k2, tc.n2)
	}
}

func TestTwoProportionZ(t *testing.T) {
	tests := []struct {
		k1, n1, k2, n2 int64
		z, p           float64
	}{
		// pooled p = 104/150; se = sqrt(p(1-p)(1/70+1/80)) = 0.075467
		{56, 70, 48, 80, 2.650, 0.00804},
		{50, 100, 50, 100, 0, 1},
		{60, 100, 40, 100, 2.8284, 0.004678},
		{0, 10, 0, 10, 0, 1},
	}
	for _, tc := range tests {
		z, p := TwoProportionZ(tc.k1, tc.n1, tc.k2, tc.n2)
		assert.InDelta(t, tc.z, z, 5e-4)
		assert.InDelta(t, tc.p, p, 5e-5)
	}
	z, p := TwoProportionZ(1, 0, 1, 1)
	assert.True(t, math.IsNaN(z) && math.IsNaN(p))
}

func TestSignTest(t *testing.T) {
	// |60-40|-1 = 19 over sqrt(100): z = 1.9, p = 0.05743
	assert.InDelta(t, 0.05743, SignTest(60, 40), 5e-5)
	assert.Equal(t, 1.0, SignTest(50, 50))
	assert.Equal(t, 1.0, SignTest(5, 4))
	assert.True(t, math.IsNaN(SignTest(0, 0)))
}

func TestMeanCI(t *testing.T) {
	e := MeanCI(100, 10, 5)
	assert.InDelta(t, 10-1.959964*0.5, e.Lo, 1e-6)
	assert.InDelta(t, 10+1.959964*0.5, e.Hi, 1e-6)
	assert.True(t, math.IsNaN(MeanCI(1, 3, 0).Lo))
	assert.True(t, math.IsNaN(MeanCI(0, 0, 0).Value))
}
