package variants

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/variants/internal/sandbox"
)

// loopScript has a capture hook that never returns.
const loopScript = `return variant {
  extends = "kalah/small",
  hooks = {
    capture = function(b, last)
      while true do end
    end,
  },
}
`

// TestCheckStopsOnRepeatedFailure: a hook that fails every game stops the check after
// maxSameFailures games with the error and the count played (an endless loop once
// cost 1,000 games of 250 ms).
func TestCheckStopsOnRepeatedFailure(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"endless loop", loopScript, "loop.lua:5: capture: time limit exceeded"},
		{"seeds not conserved", `return variant { extends = "kalah/small",
  hooks = { capture = function(b, last) b:add(b:store(b:mover()), 1) end } }`,
			"loop.lua:2: capture: seeds not conserved"},
		{"can_play returns a string", `return variant { extends = "kalah/small",
  hooks = { can_play = function(b, h) return "yes" end } }`,
			"loop.lua:2: can_play: returned a string"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, err := LoadScript("loop.lua", []byte(tt.src), Options{})
			require.NoError(t, err)
			rep, err := Check(v, 1000, 1)
			require.NoError(t, err)
			assert.False(t, rep.OK())
			assert.Equal(t, maxSameFailures, rep.Games)
			assert.Equal(t, maxSameFailures, rep.Failed)
			assert.True(t, strings.HasPrefix(rep.Stopped, "stopped after 3 of 1000 games: 3 failed with the same error ("+tt.want), rep.Stopped)
			assert.Contains(t, rep.String(), rep.Stopped)
			require.Len(t, rep.Errors, maxSameFailures)
			assert.Contains(t, rep.Errors[0], tt.want)
		})
	}
}

// TestCheckPlaysOnWhenFailuresDiffer: games failing each in its own way do not stop the
// check.
func TestCheckPlaysOnWhenFailuresDiffer(t *testing.T) {
	v, err := LoadScript("differ.lua", []byte(`local calls = 0
return variant { extends = "kalah/small",
  hooks = { capture = function(b, last)
    calls = calls + 1
    error("failure number " .. calls)
  end } }`), Options{})
	require.NoError(t, err)
	rep, err := Check(v, 30, 1)
	require.NoError(t, err)
	assert.Equal(t, 30, rep.Games)
	assert.Equal(t, 30, rep.Failed)
	assert.Empty(t, rep.Stopped)
}

// TestCheckCancel: cancelling the context stops a check inside a hook that would run
// for ever (with no time limit, only the cancellation can stop it), and a check whose
// context is already done plays nothing.
func TestCheckCancel(t *testing.T) {
	defer sandbox.SetLimits(sandbox.SetLimits(time.Hour, 0))
	v, err := LoadScript("loop.lua", []byte(loopScript), Options{})
	require.NoError(t, err)

	ctx, cancel := context.WithCancel(context.Background())
	type result struct {
		rep *CheckReport
		err error
	}
	done := make(chan result, 1)
	go func() {
		rep, err := CheckContext(ctx, v, 1000, 1)
		done <- result{rep, err}
	}()
	time.Sleep(200 * time.Millisecond) // into the first game's endless hook, most likely
	cancel()
	select {
	case r := <-done:
		require.ErrorIs(t, r.err, context.Canceled)
		if r.rep != nil { // nil if cancelled before the game was built
			assert.Zero(t, r.rep.Games, "the interrupted game is not counted")
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the check went on after its context was cancelled")
	}

	rep, err := CheckContext(ctx, v, 1000, 1)
	assert.True(t, errors.Is(err, context.Canceled))
	assert.Nil(t, rep)
}
