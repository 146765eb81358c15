// Package mtd is what the exact solvers of ai/solve share: the generic MTD(f) solver
// (package ai/solve) and the store-free Kalah solver (package ai/solve/kalahsolve). It
// holds MTD(f)'s driver, the bounds a fail-soft probe proves, the guard for games
// whose positions repeat, the wording of a spent budget, and the errors both solvers
// return (package solve re-exports them, so errors.Is matches either name).
package mtd

import (
	"errors"
	"fmt"
	"time"

	"github.com/kalahlab/kalahlab/ai/internal/search"
)

// Infinity bounds every search value (terminal values are within ±2*WinScore).
const Infinity = search.Infinity

// ErrGaveUp is the error of a solve that ran out of its time or nodes.
var ErrGaveUp = errors.New("gave up")

// ErrRepeats is in the error of a solve of a game whose positions repeat and which has
// no ply limit to end it (max_plies 0).
var ErrRepeats = errors.New("positions repeat")

// ErrTooDeep is in the error of a solve whose search went deeper than MaxPly plies.
var ErrTooDeep = errors.New("the search is too deep")

// MTDF is MTD(f): from a first guess, null-window probes (each searching the window
// (beta-1, beta) and failing soft) narrow the value's bounds until they meet.
func MTDF(guess int, probe func(beta int) (int, error)) (int, error) {
	lower, upper := -Infinity, Infinity
	g := guess
	for lower < upper {
		beta := g
		if g == lower {
			beta = g + 1
		}
		v, err := probe(beta)
		if err != nil {
			return 0, err
		}
		g = v
		if g < beta {
			upper = g
		} else {
			lower = g
		}
	}
	return g, nil
}

// Bounds is what a fail-soft search that returned best from the window (alpha, beta)
// proves of a value known to lie within lo..hi: at most best when it failed low, at
// least best when it failed high, else exactly best. The solvers' bound tables store
// the result.
func Bounds(best, alpha, beta, lo, hi int) (int, int) {
	switch {
	case best <= alpha:
		return lo, best
	case best >= beta:
		return best, hi
	}
	return best, best
}

// Window applies a bound table's entry (the value lies within lower..upper) to the
// search window (alpha, beta): cut reports that the entry decides the search, with
// value v; else the window comes back narrowed.
func Window(lower, upper, alpha, beta int) (v int, cut bool, a, b int) {
	switch {
	case lower >= beta:
		return lower, true, alpha, beta
	case upper <= alpha:
		return upper, true, alpha, beta
	}
	return 0, false, max(alpha, lower), min(beta, upper)
}

// Budget describes the limits a solve gave up on, for its error: "20s", "50000000
// nodes" or both.
func Budget(limit time.Duration, nodes int64) string {
	switch {
	case limit > 0 && nodes > 0:
		return fmt.Sprintf("%v or %d nodes", limit, nodes)
	case nodes > 0:
		return fmt.Sprintf("%d nodes", nodes)
	}
	return limit.String()
}

// Result names the first seat's result of a final margin v: "win", "draw" or "loss".
func Result(v int) string {
	switch {
	case v > 0:
		return "win"
	case v < 0:
		return "loss"
	}
	return "draw"
}
