package variants

import (
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/variants/internal/sandbox"
)

// TestHookStopsForGood: a hook that catches its own time limit, or its memory budget,
// with pcall still ends its game with that error, naming the script, the line and the
// hook; a table raised with error names the line of the error call.
func TestHookStopsForGood(t *testing.T) {
	for _, c := range []struct {
		name, body, want string
		memory           bool
	}{
		{"time, in pcall", `local ok = pcall(function() while true do end end)
  return false`, "lim.lua:6: capture: time limit exceeded: stopped after 20ms (an endless loop?)", false},
		{"memory, in pcall", `local ok = pcall(function() local t = {} while true do t[#t + 1] = { #t } end end)
  return false`, "lim.lua:6: capture: memory budget exceeded", true},
		{"an error table", `local x = 1
  error({ code = 1 })`, "lim.lua:7: capture: error object is a table", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			if c.memory {
				defer sandbox.SetLimits(sandbox.SetLimits(time.Hour, time.Hour)) // memory, not time: no race with the clock
				defer SetMemoryBudget(SetMemoryBudget(8 << 20))
			} else {
				defer sandbox.SetLimits(sandbox.SetLimits(20*time.Millisecond, 0))
			}
			src := hookScript("", "capture = function(b, last)\n  "+c.body+"\nend,")
			v, err := LoadScript("lim.lua", src, Options{})
			require.NoError(t, err)
			g, err := v.NewGame()
			require.NoError(t, err)
			err = playOut(t, g, 5)
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
			var se *ScriptError
			require.True(t, errors.As(err, &se), "%T", err)
			assert.Equal(t, "capture", se.Hook)
		})
	}
}

// TestSharedBudgetReexported: the variants package sets the shared budget of package
// sandbox.
func TestSharedBudgetReexported(t *testing.T) {
	prev := SetTotalMemoryBudget(1 << 30)
	assert.Equal(t, int64(1<<30), sandbox.TotalMemoryBudget())
	SetTotalMemoryBudget(prev)
	assert.Equal(t, sandbox.TotalMemoryInUse(), TotalMemoryInUse())
}
