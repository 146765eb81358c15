package solve

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/kalah"
	"github.com/kalahlab/kalahlab/core/tictactoe"
)

// errHook stands for the error of a failing Lua hook.
var errHook = errors.New("x.lua:3: capture: boom")

// hookedKalah is Kalah(3,2) with hooks, for the solver's handling of hook errors.
func hookedKalah(t *testing.T, h kalah.Hooks) core.State {
	t.Helper()
	r := kalah.DefaultRules()
	r.Houses, r.Seeds, r.Hooks = 3, 2, h
	g, err := kalah.New("hooked", r)
	require.NoError(t, err)
	return g.NewState()
}

// TestSolveHookError: a hook error during a solve is the solve's error, at the first
// one (the hook is not called again), never a value.
func TestSolveHookError(t *testing.T) {
	var calls int
	tests := []struct {
		name  string
		state func(t *testing.T) core.State
		want  string // in the error besides errHook
	}{
		{"kalah capture fails", func(t *testing.T) core.State {
			return hookedKalah(t, kalah.Hooks{Capture: func(*kalah.State, int) error { calls++; return errHook }})
		}, "game stopped by an error playing"},
		{"kalah capture fails late", func(t *testing.T) core.State {
			// Fails only once the stores hold seeds: deep in the search, after many
			// nodes were searched with the hook working.
			return hookedKalah(t, kalah.Hooks{Capture: func(s *kalah.State, _ int) error {
				calls++
				if sc := s.Scores(nil); sc[0]+sc[1] >= 5 {
					return errHook
				}
				return nil
			}})
		}, "game stopped by an error playing"},
		{"kalah can_play fails", func(t *testing.T) core.State {
			return hookedKalah(t, kalah.Hooks{CanPlay: func(*kalah.State, int) (bool, error) { calls++; return false, errHook }})
		}, "game stopped by an error at"},
		{"kalah is_over fails", func(t *testing.T) core.State {
			return hookedKalah(t, kalah.Hooks{IsOver: func(*kalah.State) (bool, bool, error) { calls++; return false, false, errHook }})
		}, "game stopped by an error playing"},
		{"tic-tac-toe winner fails (enhanced transposition cut-offs)", func(t *testing.T) core.State {
			r := tictactoe.DefaultRules()
			r.Hooks.Winner = func(*tictactoe.State, int) (bool, int, bool, error) { calls++; return false, 0, false, errHook }
			g, err := tictactoe.New("hooked", r)
			require.NoError(t, err)
			return g.NewState()
		}, "game stopped by an error playing"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			calls = 0
			s := tt.state(t)
			before := calls
			sol, err := Solve(context.Background(), s, Options{TTMB: 1})
			require.Error(t, err)
			assert.Nil(t, sol)
			assert.ErrorIs(t, err, errHook)
			assert.Contains(t, err.Error(), tt.want)
			assert.NotErrorIs(t, err, ErrGaveUp)
			if tt.name != "kalah capture fails late" {
				// The first failing call stops the solve (a move list asks can_play
				// once a house, and stops at the first error too).
				assert.Equal(t, 1, calls-before, "hook calls")
			}
		})
	}
}

// TestSolveStoppedPosition: a position already stopped by a hook is an error, not a
// terminal position's value.
func TestSolveStoppedPosition(t *testing.T) {
	s := hookedKalah(t, kalah.Hooks{CanPlay: func(*kalah.State, int) (bool, error) { return false, errHook }})
	s.LegalMoves(nil) // the hook fails: the game is over with State.Err
	require.Error(t, s.Err())
	_, err := Solve(context.Background(), s, Options{TTMB: 1})
	require.ErrorIs(t, err, errHook)
	assert.Contains(t, err.Error(), "the position is over")
}

// TestSolveHookedValues: hooks that never fail leave the values alone: an is_over hook
// that keeps the built-in end rule gives the unhooked value.
func TestSolveHookedValues(t *testing.T) {
	r := kalah.DefaultRules()
	r.Houses, r.Seeds = 3, 2
	g, err := kalah.New("plain", r)
	require.NoError(t, err)
	want, err := Solve(context.Background(), g.NewState(), Options{TTMB: 1})
	require.NoError(t, err)
	s := hookedKalah(t, kalah.Hooks{IsOver: func(*kalah.State) (bool, bool, error) { return false, false, nil }})
	got, err := Solve(context.Background(), s, Options{TTMB: 1})
	require.NoError(t, err)
	assert.Equal(t, want.Value, got.Value)
}

// TestSolveGaveUp: running out of time is ErrGaveUp (in the compact Kalah search and
// the generic one), cancellation the context's error.
func TestSolveGaveUp(t *testing.T) {
	k, err := kalah.Def.New("kalah", nil)
	require.NoError(t, err)
	_, err = Solve(context.Background(), k.NewState(), Options{TTMB: 1, Time: 50 * time.Millisecond})
	require.ErrorIs(t, err, ErrGaveUp)

	r := tictactoe.DefaultRules()
	r.Rows, r.Cols, r.K = 4, 4, 4
	r.Hooks.Winner = func(*tictactoe.State, int) (bool, int, bool, error) { return false, 0, false, nil }
	g, err := tictactoe.New("hooked", r)
	require.NoError(t, err)
	_, err = Solve(context.Background(), g.NewState(), Options{TTMB: 1, Time: 1})
	require.ErrorIs(t, err, ErrGaveUp)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = Solve(ctx, g.NewState(), Options{TTMB: 1})
	require.ErrorIs(t, err, context.Canceled)
}
