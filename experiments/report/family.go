package report

import (
	"fmt"
	"math"

	"github.com/kalahlab/kalahlab/experiments/stats"
)

// Family is the report's family of hypothesis tests, whose p-values are adjusted
// together by Holm's step-down method (Holm 1979), which holds the chance of any false
// "significant" in the family at 5% whatever the tests' dependence: every cell's seat
// test and every balance comparison with the baseline. A result is called significant
// only on its adjusted p-value.
type Family struct {
	Method      string `json:"method"` // "holm"
	Tests       int    `json:"tests"`
	SeatTests   int    `json:"seat_tests"`
	Comparisons int    `json:"balance_comparisons"`
	// Significant counts the tests with an adjusted p below 0.05; Unadjusted those with
	// a raw p below it.
	Significant int `json:"significant"`
	Unadjusted  int `json:"significant_unadjusted"`
}

// String names the family for the legends: "Holm over the report's 50 tests (30 seat
// tests, 20 balance comparisons)".
func (f *Family) String() string {
	return fmt.Sprintf("Holm over the report's %s (%s, %s)", plural(f.Tests, "test"), plural(f.SeatTests, "seat test"),
		plural(f.Comparisons, "balance comparison"))
}

// plural writes "1 test", "2 tests".
func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// adjustFamily adjusts the report's seat tests and balance comparisons together
// (Holm), sets each comparison's verdict and records the family.
func adjustFamily(rep *Report) {
	var ps []float64
	f := &Family{Method: "holm"}
	for _, c := range rep.Cells {
		ps = append(ps, c.SeatsEqual.P)
		if !math.IsNaN(c.SeatsEqual.P) {
			f.SeatTests++
		}
	}
	for _, cmp := range rep.Comparisons {
		ps = append(ps, cmp.BalanceP)
		if !math.IsNaN(cmp.BalanceP) {
			f.Comparisons++
		}
	}
	adj := stats.Holm(ps)
	for i, c := range rep.Cells {
		c.SeatsEqualHolm = adj[i]
	}
	for k := range rep.Comparisons {
		cmp := &rep.Comparisons[k]
		cmp.BalancePHolm = adj[len(rep.Cells)+k]
		cmp.Verdict = verdictOf(cmp.Balance, cmp.BalancePHolm)
	}
	for i, p := range ps {
		if !math.IsNaN(p) && p < significantLevel {
			f.Unadjusted++
		}
		if !math.IsNaN(adj[i]) && adj[i] < significantLevel {
			f.Significant++
		}
	}
	f.Tests = f.SeatTests + f.Comparisons
	rep.Family = f
}
