package stats

import (
	"math"

	"gonum.org/v1/gonum/stat/distuv"
)

// Seat tests: do the seats win equally often?
//
// The counts are the wins of each seat over the games with a single winner (draws and
// shared wins say nothing about which seat is favoured). Under "the seats are equal"
// every such game's winner is each seat with probability 1/n, so the wins are one
// multinomial draw with equal cell probabilities.
//
//   - Two seats: the sign test (a binomial test of a against b, normal approximation
//     with continuity correction), as signTest.
//   - More seats: Pearson's chi-square goodness-of-fit statistic
//     X² = Σ (wᵢ − W/n)² / (W/n) against the chi-square distribution with n−1
//     degrees of freedom; when an expected count W/n is below 5 the approximation is
//     poor, and the exact multinomial test is used instead: the probability, under
//     equal seats, of every outcome no more likely than the one observed.

// SeatTest is the result of testing whether the seats win equally often.
type SeatTest struct {
	P      float64 `json:"p"`      // two-sided p-value; NaN without decisive games
	Method string  `json:"method"` // "sign", "chi-square" or "exact multinomial"
	Stat   float64 `json:"stat"`   // the chi-square statistic (NaN for the other methods)
	DF     int     `json:"df"`     // its degrees of freedom
}

// exactLimit bounds the number of outcomes the exact multinomial test enumerates.
const exactLimit = 2_000_000

// SeatsEqual tests whether the seats whose wins are given win equally often (see the
// comment above for the method chosen).
func SeatsEqual(wins []int64) SeatTest {
	n := len(wins)
	var total int64
	for _, w := range wins {
		total += w
	}
	switch {
	case n < 2 || total == 0:
		return SeatTest{P: math.NaN(), Method: "none", Stat: math.NaN()}
	case n == 2:
		return SeatTest{P: SignTest(wins[0], wins[1]), Method: "sign", Stat: math.NaN()}
	}
	expected := float64(total) / float64(n)
	if expected < 5 && compositions(total, n) <= exactLimit {
		return SeatTest{P: ExactMultinomialEqual(wins), Method: "exact multinomial", Stat: math.NaN()}
	}
	x2, df := ChiSquareEqual(wins)
	p := distuv.ChiSquared{K: float64(df)}.Survival(x2)
	return SeatTest{P: p, Method: "chi-square", Stat: x2, DF: df}
}

// ChiSquareEqual is Pearson's statistic for "every cell has the same probability" and
// its degrees of freedom (cells − 1).
func ChiSquareEqual(counts []int64) (x2 float64, df int) {
	var total int64
	for _, c := range counts {
		total += c
	}
	e := float64(total) / float64(len(counts))
	for _, c := range counts {
		d := float64(c) - e
		x2 += d * d / e
	}
	return x2, len(counts) - 1
}

// compositions is the number of ways to write total as an ordered sum of n counts,
// C(total+n−1, n−1), saturating at math.MaxInt64 / 2.
func compositions(total int64, n int) float64 {
	c := 1.0
	for i := 1; i < n; i++ {
		c = c * float64(total+int64(i)) / float64(i)
	}
	return c
}

// ExactMultinomialEqual is the exact p-value of "every cell has probability 1/n" for the
// counts: the total probability of the outcomes (with the same total) whose probability
// is at most that of the one observed. The enumeration is exponential in the number of
// cells: callers keep it to small totals (see exactLimit).
func ExactMultinomialEqual(counts []int64) float64 {
	n := len(counts)
	var total int64
	for _, c := range counts {
		total += c
	}
	// log P(x) = log total! − Σ log xᵢ! − total·log n; only Σ log xᵢ! varies.
	lf := make([]float64, total+1)
	for i := int64(2); i <= total; i++ {
		lf[i] = lf[i-1] + math.Log(float64(i))
	}
	base := lf[total] - float64(total)*math.Log(float64(n))
	obs := 0.0
	for _, c := range counts {
		obs += lf[c]
	}
	// Outcomes at most as likely as the one observed have Σ log xᵢ! >= obs (with a
	// relative tolerance for rounding, as R's and SciPy's exact tests use).
	threshold := obs - 1e-7*math.Max(1, math.Abs(obs))
	p := 0.0
	var walk func(cell int, left int64, sum float64)
	walk = func(cell int, left int64, sum float64) {
		if cell == n-1 {
			s := sum + lf[left]
			if s >= threshold {
				p += math.Exp(base - s)
			}
			return
		}
		for x := int64(0); x <= left; x++ {
			walk(cell+1, left-x, sum+lf[x])
		}
	}
	walk(0, total, 0)
	return math.Min(1, p)
}
