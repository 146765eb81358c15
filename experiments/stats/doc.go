// Package stats is the statistics of the experiments' reports: pure functions on counts
// of games, with no knowledge of studies, cells or reports.
//
//   - Intervals (interval.go): the Estimate (a value with its 95% interval), Wilson's
//     interval of a proportion, Newcombe's interval of a difference of two proportions,
//     the two-proportion z-test, the sign test, a mean's normal interval, and the normal
//     tail that keeps tiny p-values.
//   - Fairness (fairness.go): a seat's score rate with the MOVER interval, the first
//     seat's advantage, the balance of a cell's seats and the comparison of two
//     balances with its p-value, and Holm's step-down adjustment of a family of
//     p-values.
//   - Seat tests (seats.go): do the seats win equally often? The sign test for two
//     seats, else Pearson's chi-square or the exact multinomial test.
//
// Package experiments/report builds its reports from these; nothing here imports an
// experiments package.
package stats
