package chart

import "math"

// Axis picks a range [lo, hi] covering the values, on a grid of step, and the step.
func Axis(lo, hi float64, clampLo, clampHi float64) (float64, float64, float64) {
	if math.IsNaN(lo) || math.IsNaN(hi) {
		return clampLo, clampHi, (clampHi - clampLo) / 4
	}
	span := hi - lo
	step := NiceStep(span / 5)
	lo = math.Max(clampLo, math.Floor(lo/step)*step)
	hi = math.Min(clampHi, math.Ceil(hi/step)*step)
	if hi <= lo {
		hi = lo + step
	}
	return lo, hi, step
}

// NiceStep is the round step (1, 2, 2.5 or 5 times a power of 10) at least x; 0.1
// for no span.
func NiceStep(x float64) float64 {
	if x <= 0 || math.IsNaN(x) {
		return 0.1
	}
	p := math.Pow(10, math.Floor(math.Log10(x)))
	for _, m := range []float64{1, 2, 2.5, 5, 10} {
		if m*p >= x {
			return m * p
		}
	}
	return 10 * p
}
