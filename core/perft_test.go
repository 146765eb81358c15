package core_test

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/kalah"
	"github.com/kalahlab/kalahlab/core/tictactoe"
)

// errHook stands for a failing Lua hook's error.
var errHook = errors.New("x.lua:3: capture: boom")

// hooked is Kalah(3,2) with hooks.
func hooked(t *testing.T, h kalah.Hooks) *kalah.Game {
	t.Helper()
	r := kalah.DefaultRules()
	r.Houses, r.Seeds, r.Hooks = 3, 2, h
	g, err := kalah.New("hooked", r)
	require.NoError(t, err)
	return g
}

// TestPerftCheckedAgreesWithPerft: on games whose moves never fail, the checked count
// is the plain one, for games that undo (Kalah, tic-tac-toe) and at every depth.
func TestPerftCheckedAgreesWithPerft(t *testing.T) {
	k := hooked(t, kalah.Hooks{Capture: func(*kalah.State, int) error { return nil }})
	plain := hooked(t, kalah.Hooks{})
	ttt, err := tictactoe.Def.New("tictactoe", nil)
	require.NoError(t, err)
	for _, tc := range []struct {
		name string
		game core.Game
	}{{"hooked kalah", k}, {"kalah", plain}, {"tic-tac-toe", ttt}} {
		t.Run(tc.name, func(t *testing.T) {
			for d := 0; d <= 6; d++ {
				s := tc.game.NewState()
				want := core.Perft(tc.game.NewState(), d)
				got, err := core.PerftChecked(s, d, nil)
				require.NoError(t, err)
				assert.Equal(t, want, got, "depth %d", d)
				assert.Equal(t, tc.game.NewState().String(), s.String(), "the position is left as it was")
				splits, err := core.DivideChecked(tc.game.NewState(), d, nil)
				require.NoError(t, err)
				assert.Equal(t, core.Divide(tc.game.NewState(), d), splits, "depth %d", d)
			}
		})
	}
}

// TestPerftCheckedStops: a game stopped by a hook error during the count ends it with
// that error (Perft counted such games as finished ones), at any depth it happens,
// from a hook playing a move or listing the moves.
func TestPerftCheckedStops(t *testing.T) {
	late := func(s *kalah.State, _ int) error {
		if sc := s.Scores(nil); sc[0]+sc[1] >= 3 {
			return errHook
		}
		return nil
	}
	tests := []struct {
		name  string
		hooks kalah.Hooks
		want  string
	}{
		{"capture fails", kalah.Hooks{Capture: func(*kalah.State, int) error { return errHook }}, "game stopped by an error playing"},
		{"capture fails deep", kalah.Hooks{Capture: late}, "game stopped by an error playing"},
		{"can_play fails", kalah.Hooks{CanPlay: func(*kalah.State, int) (bool, error) { return false, errHook }}, "game stopped by an error at"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := hooked(t, tc.hooks)
			s := g.Start()
			_, err := core.PerftChecked(s, 8, nil)
			require.ErrorIs(t, err, errHook)
			require.ErrorIs(t, err, core.ErrGameStopped)
			assert.Contains(t, err.Error(), tc.want)
			if tc.hooks.CanPlay == nil {
				// (A hook failing to list the root's moves stops the root itself.)
				assert.Equal(t, g.Start().String(), s.String(), "the position is left as it was")
			}
			_, err = core.DivideChecked(g.Start(), 8, nil)
			require.ErrorIs(t, err, errHook)
			// The plain count goes on as if the stopped games had ended.
			assert.NotPanics(t, func() { core.Perft(g.Start(), 8) })
		})
	}
	// A stopped position is an error at depth 0 too.
	s := hooked(t, kalah.Hooks{CanPlay: func(*kalah.State, int) (bool, error) { return false, errHook }}).Start()
	s.LegalMoves(nil)
	_, err := core.PerftChecked(s, 0, nil)
	require.ErrorIs(t, err, errHook)
}

// TestPerftCheckedStop: stop ends a long count with its error.
func TestPerftCheckedStop(t *testing.T) {
	g, err := kalah.Def.New("kalah", nil)
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = core.PerftChecked(g.NewState(), 12, ctx.Err)
	require.ErrorIs(t, err, context.Canceled)
}
