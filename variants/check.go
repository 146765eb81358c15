package variants

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/contract"
)

// CheckReport is what Check found: the variant's examples and its random games.
type CheckReport struct {
	Variant  string
	Examples []ExampleResult
	Games    int      // random games played
	Failed   int      // games that broke the contract or stopped on an error
	Errors   []string // the first failures (at most maxCheckErrors), each naming its game's seed
	// Stopped says why Check played fewer games than asked ("" when it played them
	// all): maxSameFailures games failed with the same error.
	Stopped string
}

// maxCheckErrors bounds CheckReport.Errors.
const maxCheckErrors = 10

// maxSameFailures is the number of random games failing with the same error after
// which Check stops playing: a hook that fails in every game has said all it has to say
// by then (and one with an endless loop costs a few hook time limits a game: the game,
// its replay and the contract checks each run into it).
const maxSameFailures = 3

// ExampleResult is one example's outcome.
type ExampleResult struct {
	Example Example
	Err     error // nil when it passed
}

// OK reports whether every example passed and every game kept the contract.
func (r *CheckReport) OK() bool {
	for _, e := range r.Examples {
		if e.Err != nil {
			return false
		}
	}
	return r.Failed == 0
}

// String writes the report as `variants check` prints it.
func (r *CheckReport) String() string {
	var b strings.Builder
	passed := 0
	for _, e := range r.Examples {
		if e.Err == nil {
			passed++
		}
	}
	fmt.Fprintf(&b, "%s: %d/%d examples passed, %d/%d random games kept the contract\n",
		r.Variant, passed, len(r.Examples), r.Games-r.Failed, r.Games)
	if r.Stopped != "" {
		fmt.Fprintf(&b, "  %s\n", r.Stopped)
	}
	for _, e := range r.Examples {
		if e.Err != nil {
			name := e.Example.Name
			if name == "" {
				name = "example"
			}
			fmt.Fprintf(&b, "  FAIL %s (%s): %v\n", name, e.Example.Where(), e.Err)
		}
	}
	for _, msg := range r.Errors {
		fmt.Fprintf(&b, "  FAIL %s\n", msg)
	}
	return b.String()
}

// Check runs the variant's examples and then games random games (seeds seed,
// seed+1, ...) under the contract suite with the base game's invariant (for Kalah:
// seeds conserved) checked at every step. The error is for a variant that cannot make
// a game at all; failures are in the report. Once maxSameFailures games have failed
// with the same error, it stops playing and says so in CheckReport.Stopped.
func Check(v *Variant, games int, seed uint64) (*CheckReport, error) {
	return CheckContext(context.Background(), v, games, seed)
}

// CheckContext is Check under a context: once ctx is done it stops within a game (the
// game's Lua code is interrupted: see NewGameContext) and returns the report so far
// with ctx's error.
func CheckContext(ctx context.Context, v *Variant, games int, seed uint64) (*CheckReport, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	g, err := v.NewGameContext(ctx)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, err
	}
	rep := &CheckReport{Variant: v.Name}
	for _, ex := range v.Examples {
		err := v.RunExample(ctx, g, ex)
		if ctx.Err() != nil {
			return rep, ctx.Err()
		}
		rep.Examples = append(rep.Examples, ExampleResult{Example: ex, Err: err})
	}
	opt := contract.Options{}
	if b := binderOf(v.Base); b != nil && b.invariant != nil {
		opt.Invariant = func(s core.State) error {
			if s.Err() != nil {
				return nil // a stopped game is reported for its error, not its board
			}
			return b.invariant(s)
		}
	}
	same := map[string]int{} // failed games by failureKey
	for i := 0; i < games; i++ {
		s := seed + uint64(i)
		err := contract.SimOne(g, s, opt)
		if ctx.Err() != nil {
			return rep, ctx.Err() // this game's failure may be the interruption's
		}
		rep.Games++
		if err == nil {
			continue
		}
		rep.Failed++
		if len(rep.Errors) < maxCheckErrors {
			rep.Errors = append(rep.Errors, fmt.Sprintf("game with seed %d: %v", s, err))
		}
		key := failureKey(err)
		if same[key]++; same[key] == maxSameFailures && i+1 < games {
			rep.Stopped = fmt.Sprintf("stopped after %d of %d games: %d failed with the same error (%s)",
				rep.Games, games, maxSameFailures, key)
			break
		}
	}
	return rep, nil
}

// failureKey is what two games failing "with the same error" share: the text of the
// innermost error (a hook's error, the contract rule broken), without the seed, ply
// and position that the outer errors add.
func failureKey(err error) string {
	for {
		inner := errors.Unwrap(err)
		if inner == nil {
			return err.Error()
		}
		err = inner
	}
}

// RunExample plays one of v's examples: in g (a game of v) when the example sets no
// knobs, else in a game of v with the example's knobs (Example.Set).
func (v *Variant) RunExample(ctx context.Context, g core.Game, ex Example) error {
	if len(ex.Set) > 0 {
		ev, err := v.With(ex.Set)
		if err != nil {
			return fmt.Errorf("set: %w", err)
		}
		if g, err = ev.NewGameContext(ctx); err != nil {
			return fmt.Errorf("set: %w", err)
		}
	}
	return RunExample(g, ex)
}

// RunExample plays one example in g and returns why it fails (nil when it passes).
// It ignores the example's knobs (Example.Set): see Variant.RunExample.
func RunExample(g core.Game, ex Example) error {
	var s core.State
	if ex.From == "" {
		s = g.NewState()
	} else {
		var err error
		if s, err = g.ParseState(ex.From); err != nil {
			return fmt.Errorf("from: %w", err)
		}
	}
	for i, text := range ex.Play {
		m, err := core.ParsePlay(s, text)
		if err != nil {
			return fmt.Errorf("move %d: %w", i+1, err)
		}
		s.Play(m)
		if err := s.Err(); err != nil {
			return fmt.Errorf("move %d (%s): %w", i+1, text, err)
		}
	}
	if ex.Legal != nil {
		moves := s.LegalMoves(nil)
		if err := s.Err(); err != nil {
			return fmt.Errorf("legal moves: %w", err)
		}
		if got := strings.Fields(core.MovesString(s, moves)); !slices.Equal(got, ex.Legal) {
			return fmt.Errorf("legal moves %s, want %s", strings.Join(got, " "), strings.Join(ex.Legal, " "))
		}
	}
	if ex.Want != "" {
		want := strings.Join(strings.Fields(ex.Want), " ")
		if got := s.String(); got != want {
			if _, err := g.ParseState(ex.Want); err != nil {
				return fmt.Errorf("want: %w", err)
			}
			return fmt.Errorf("got  %s\nwant %s", got, want)
		}
	}
	return nil
}
