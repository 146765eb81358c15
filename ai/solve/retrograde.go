package solve

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/kalahlab/kalahlab/ai/retrograde"
	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/mancala"
)

// The solve methods of Options.Method.
const (
	MethodAuto       = "auto"
	MethodSearch     = "search"
	MethodRetrograde = "retrograde"
)

// Methods lists the values of Options.Method.
var Methods = []string{MethodAuto, MethodSearch, MethodRetrograde}

// ErrNotMancala is the error of a retrograde analysis asked for a position of a game
// other than the mancala base game's.
var ErrNotMancala = errors.New("retrograde analysis solves only games of the mancala base game")

// defaultMaxPositions bounds a retrograde analysis when Options.MaxPositions is 0.
const defaultMaxPositions = 5_000_000

// solveRetrograde proves s by retrograde analysis (package ai/retrograde) when
// opt.Method asks for it, or, by default, when s is a position of a mancala game with a
// repetition rule that scores every endless cycle alike (the seeds left split, say):
// there the search must key its table by the history since the last capture and
// drowns in histories, while the analysis values each position once. done is false
// when the search should run instead: the method is "search", the game does not
// qualify, or (by default) it has too many positions.
func solveRetrograde(ctx context.Context, s core.State, opt Options, t0 time.Time) (sol *Solution, err error, done bool) {
	switch opt.Method {
	case "", MethodAuto, MethodRetrograde:
	case MethodSearch:
		return nil, nil, false
	default:
		return nil, fmt.Errorf("solve: method %q: want one of %v", opt.Method, Methods), true
	}
	explicit := opt.Method == MethodRetrograde
	ms, ok := s.(interface{ Game() *mancala.Game })
	if !ok {
		if explicit {
			return nil, fmt.Errorf("solve: %w (the variants mancala and mancala/...), not this game's: the search solves it", ErrNotMancala), true
		}
		return nil, nil, false
	}
	g := ms.Game()
	if !explicit {
		if g.RepetitionRule() == 0 {
			return nil, nil, false // no cycles' histories to drown in: the search is faster
		}
		if _, ok := g.CycleScores(s, nil); !ok {
			return nil, nil, false // a cycle's score depends on where it stops
		}
		if _, err := g.Positional(); err != nil {
			return nil, nil, false
		}
	}
	ro := retrograde.Options{MaxPositions: opt.MaxPositions, Time: opt.Time, PVLen: opt.PVLen, Log: opt.Log}
	if ro.MaxPositions <= 0 {
		ro.MaxPositions = defaultMaxPositions
	}
	if opt.Nodes > 0 && opt.Nodes < int64(ro.MaxPositions) {
		ro.MaxPositions = int(opt.Nodes)
	}
	if opt.Time > 0 {
		ro.Time = opt.Time - time.Since(t0)
	}
	rs, err := retrograde.Solve(ctx, g, s, ro)
	switch {
	case err == nil:
	case ctx.Err() != nil:
		return nil, ctx.Err(), true
	case errors.Is(err, core.ErrGameStopped):
		return nil, fmt.Errorf("solve: %w", err), true
	case !explicit && errors.Is(err, retrograde.ErrTooBig):
		if opt.Log != nil {
			fmt.Fprintf(opt.Log, "solve: %v; searching instead\n", err)
		}
		return nil, nil, false
	case errors.Is(err, retrograde.ErrTooBig), errors.Is(err, retrograde.ErrGaveUp):
		return nil, fmt.Errorf("solve: %w (%w)", ErrGaveUp, err), true
	default:
		return nil, fmt.Errorf("solve: %w", err), true
	}
	sol = &Solution{Value: int(rs.Value), Margin: rs.Value, Result: rs.Result, BestMove: rs.BestMove, PV: rs.PV,
		Nodes: int64(rs.Positions), Method: MethodRetrograde, Seconds: time.Since(t0).Seconds()}
	if _, scores := s.(core.Scorer); !scores {
		sol.Margin = float64(sol.Value)
	}
	sol.Notes = retrogradeNotes(g, rs)
	return sol, nil, true
}

// retrogradeNotes says what the analysis's value rests on: the game's ply limit set
// aside, which cannot matter when a repetition ends every longer game first.
func retrogradeNotes(g *mancala.Game, rs *retrograde.Solution) []string {
	limit, repeats := g.PlyLimit(), g.RepetitionRule()
	var notes []string
	if repeats > 0 {
		notes = append(notes, fmt.Sprintf("retrograde analysis of %d positions: an endless cycle scores as the repetition rule ends it", rs.Positions))
	}
	if limit == 0 {
		return notes
	}
	// A play of more than (repeats-1) * positions plies has met some position repeats
	// times since the last capture.
	longest := int64(rs.Positions)*int64(max(repeats-1, 1)) + 1
	if repeats > 0 && int64(limit) >= longest {
		return append(notes, fmt.Sprintf("max_plies %d cannot end a game here: a repetition ends every game within %d plies", limit, longest))
	}
	return append(notes, fmt.Sprintf("the value of the game without its ply limit (max_plies %d)", limit))
}
