package report

import "github.com/kalahlab/kalahlab/experiments/stats"

// Estimate is a value with its 95% interval (see stats.Estimate); Lo and Hi are NaN
// when there is none.
type Estimate = stats.Estimate

// SeatTest is the result of testing whether the seats win equally often (see
// stats.SeatTest).
type SeatTest = stats.SeatTest

// countsOf is the seats' wins, draws and losses, for the statistics of package stats.
func countsOf(seats []Rate) []stats.Counts {
	out := make([]stats.Counts, len(seats))
	for i, s := range seats {
		out[i] = stats.Counts{Wins: s.Wins, Draws: s.Draws, Losses: s.Loss}
	}
	return out
}

// advantageOf is the first seat's advantage with its 95% interval (stats.Advantage).
func advantageOf(seats []Rate) Estimate { return stats.Advantage(countsOf(seats)) }

// balanceOf is the balance of a cell's seats with its interval at the normal quantile
// z (stats.Balance).
func balanceOf(seats []Rate, z float64) Estimate { return stats.Balance(countsOf(seats), z) }

// balanceDiff is the difference of two cells' balances with its 95% interval and
// p-value (stats.BalanceDiff).
func balanceDiff(x, y []Rate) (Estimate, float64) {
	return stats.BalanceDiff(countsOf(x), countsOf(y))
}
