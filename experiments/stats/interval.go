package stats

import (
	"encoding/json"
	"math"

	"gonum.org/v1/gonum/stat/distuv"
)

// Confidence is the level of every interval the reports give.
const Confidence = 0.95

// Z95 is the two-sided standard normal quantile for Confidence (1.959964...).
var Z95 = distuv.UnitNormal.Quantile(1 - (1-Confidence)/2)

// Estimate is a value with its 95% interval; Lo and Hi are NaN when there is none
// (no games, or a value without a sampling distribution).
type Estimate struct {
	Value float64 `json:"value"`
	Lo    float64 `json:"lo"`
	Hi    float64 `json:"hi"`
}

// Width is the length of the interval (NaN without one).
func (e Estimate) Width() float64 { return e.Hi - e.Lo }

// None is a missing estimate.
func None() Estimate { return Estimate{math.NaN(), math.NaN(), math.NaN()} }

// Point is a value without an interval.
func Point(v float64) Estimate { return Estimate{v, math.NaN(), math.NaN()} }

// Wilson is the proportion k/n with its 95% Wilson score interval (Wilson 1927;
// Newcombe 1998, method 3), which stays inside [0, 1] and behaves at 0 and n. With n = 0
// every field is NaN.
func Wilson(k, n int64) Estimate {
	if n <= 0 {
		return None()
	}
	lo, hi := WilsonBounds(float64(k), float64(n), Z95)
	return Estimate{float64(k) / float64(n), lo, hi}
}

func WilsonBounds(k, n, z float64) (float64, float64) {
	p := k / n
	z2 := z * z
	den := 1 + z2/n
	centre := (p + z2/(2*n)) / den
	half := z / den * math.Sqrt(p*(1-p)/n+z2/(4*n*n))
	lo, hi := centre-half, centre+half
	// At k = 0 and k = n the bounds are exactly 0 and 1; rounding must not move them.
	if k == 0 {
		lo = 0
	}
	if k == n {
		hi = 1
	}
	return math.Max(0, lo), math.Min(1, hi)
}

// NewcombeDiff is the difference of two proportions k1/n1 - k2/n2 with its 95%
// interval by Newcombe's hybrid score method (Newcombe 1998, method 10), built from
// the two Wilson intervals. NaN without games on either side.
func NewcombeDiff(k1, n1, k2, n2 int64) Estimate {
	if n1 <= 0 || n2 <= 0 {
		return None()
	}
	p1, p2 := float64(k1)/float64(n1), float64(k2)/float64(n2)
	l1, u1 := WilsonBounds(float64(k1), float64(n1), Z95)
	l2, u2 := WilsonBounds(float64(k2), float64(n2), Z95)
	d := p1 - p2
	lo := d - math.Sqrt((p1-l1)*(p1-l1)+(u2-p2)*(u2-p2))
	hi := d + math.Sqrt((u1-p1)*(u1-p1)+(p2-l2)*(p2-l2))
	return Estimate{d, lo, hi}
}

// TwoProportionZ tests whether two proportions are equal: the pooled two-proportion z
// statistic and its two-sided p-value. With no variance (both 0 or both 1) z is 0 and p
// is 1; without games on either side both are NaN.
func TwoProportionZ(k1, n1, k2, n2 int64) (z, p float64) {
	if n1 <= 0 || n2 <= 0 {
		return math.NaN(), math.NaN()
	}
	p1, p2 := float64(k1)/float64(n1), float64(k2)/float64(n2)
	pool := float64(k1+k2) / float64(n1+n2)
	se := math.Sqrt(pool * (1 - pool) * (1/float64(n1) + 1/float64(n2)))
	if se == 0 {
		return 0, 1
	}
	z = (p1 - p2) / se
	return z, TwoSidedNormalP(z)
}

// SignTest tests whether two counts of wins are equal (each decisive game a fair coin):
// the two-sided p-value of the normal approximation to the binomial, with continuity
// correction. NaN without decisive games.
func SignTest(a, b int64) float64 {
	n := a + b
	if n == 0 {
		return math.NaN()
	}
	d := math.Abs(float64(a)-float64(b)) - 1
	if d <= 0 {
		return 1
	}
	z := d / math.Sqrt(float64(n))
	return math.Min(1, TwoSidedNormalP(z))
}

// NormalSurvival is P(Z > z) for a standard normal Z, from the complementary error
// function, so that it keeps its relative precision far into the tail (1 − Φ(z)
// computed as 1 − erf rounds to 0 beyond z ≈ 8.3; erfc stays exact to about z ≈ 38,
// where P(Z > z) leaves the range of float64).
func NormalSurvival(z float64) float64 { return 0.5 * math.Erfc(z/math.Sqrt2) }

// TwoSidedNormalP is the two-sided p-value of a standard normal statistic z.
func TwoSidedNormalP(z float64) float64 { return math.Min(1, 2*NormalSurvival(math.Abs(z))) }

// MeanCI is a mean with its normal-approximation 95% interval, from the count, the mean
// and the sample standard deviation.
func MeanCI(n int64, mean, sd float64) Estimate {
	switch {
	case n <= 0:
		return None()
	case n == 1:
		return Point(mean)
	}
	half := Z95 * sd / math.Sqrt(float64(n))
	return Estimate{mean, mean - half, mean + half}
}

// MarshalJSON writes NaN bounds as null.
func (e Estimate) MarshalJSON() ([]byte, error) {
	return json.Marshal(map[string]any{"value": JSONNum(e.Value), "lo": JSONNum(e.Lo), "hi": JSONNum(e.Hi)})
}

// UnmarshalJSON reads null as NaN.
func (e *Estimate) UnmarshalJSON(data []byte) error {
	var m map[string]*float64
	if err := json.Unmarshal(data, &m); err != nil {
		return err
	}
	get := func(k string) float64 {
		if v := m[k]; v != nil {
			return *v
		}
		return math.NaN()
	}
	*e = Estimate{get("value"), get("lo"), get("hi")}
	return nil
}

// JSONNum is x for encoding/json, nil (written null) when it is NaN or infinite:
// how every report writes a missing number.
func JSONNum(x float64) any {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return nil
	}
	return x
}
