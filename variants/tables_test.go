package variants

import (
	"errors"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/core/kalah"
	"github.com/kalahlab/kalahlab/variants/internal/sandbox"
)

// TestTableIndexGuard: an assignment far past the end of a table's array part, which
// gopher-lua would fill with nils (a gigabyte for t[67108863]), stops the hook at once
// with an error naming the script, the line and the hook, whatever path it takes; the
// next game in the same state plays.
func TestTableIndexGuard(t *testing.T) {
	defer sandbox.SetLimits(sandbox.SetLimits(time.Minute, 0)) // memory, not time: no race with the clock
	const want = "table index 67108863 is too far past the end of the table (its array part has 0 slots): it would add 67108862 empty slots (1073741792 bytes, at most 16777216 at once)"
	for _, c := range []struct{ name, bad, want string }{
		{"a constant key", `local t = {} t[67108863] = true`, want},
		{"a computed key", `local t, k = {}, 2^26 - 1 t[k] = true`, want},
		{"in a multiple assignment", `local t, u = {}, {} t[1], u[2^26 - 1] = 1, 2`, want},
		{"a field's table", `local t = { a = {} } t.a[2^26 - 1] = true`, want},
		{"a call's table", `local function f() return {} end f()[2^26 - 1] = true`, want},
		{"a constructor", `local k = 2^26 - 1 local t = { [k] = true }`, want},
		{"a constant in a constructor", `local t = { [67108863] = true }`, want},
		{"rawset", `rawset({}, 2^26 - 1, true)`, want},
		{"table.insert at a position", `table.insert({}, 2^26 - 1, true)`, want},
		{"through a __newindex table", `local p = setmetatable({}, { __newindex = {} }) p[2^26 - 1] = true`, want},
		{"through a __newindex function", `local p = setmetatable({}, { __newindex = function(t, k, v) rawset(t, k, v) end }) p[2^26 - 1] = true`, want},
		{"past a long array", `local t = {} for i = 1, 1000 do t[i] = i end t[1002 + 2^20] = true`,
			"table index 1049578 is too far past the end of the table (its array part has 1000 slots): it would add 1048577 empty slots"},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := hookScript("local calls = 0", "capture = function(b, last)\n  calls = calls + 1\n  if calls == 3 then\n  "+c.bad+"\n  end\nend,")
			v, err := LoadScript("bad.lua", src, Options{})
			require.NoError(t, err)
			g, err := v.NewGame()
			require.NoError(t, err)
			s := g.NewState().(*kalah.State)
			rng := rand.New(rand.NewPCG(1, 1))
			for i := 0; i < 5 && s.Err() == nil; i++ {
				s.Reset()
				s.PlayRandom(rng)
			}
			require.Error(t, s.Err())
			assert.Contains(t, s.Err().Error(), "bad.lua:8: capture: "+c.want)
			var se *ScriptError
			require.True(t, errors.As(s.Err(), &se), "%T", s.Err())
			for i := 0; i < 3; i++ {
				s.Reset()
				s.PlayRandom(rng)
				require.NoError(t, s.Err(), "the next game in the same state")
			}
		})
	}
}
