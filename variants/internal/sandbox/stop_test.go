package sandbox

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	lua "github.com/yuin/gopher-lua"
)

// TestStopCannotBeSwallowed: once a call has passed its time limit, been cancelled or
// gone over a memory budget, no pcall, xpcall or error handler lets it return
// normally: its result is that error, at the line where it struck, and the state's next
// call runs as usual.
func TestStopCannotBeSwallowed(t *testing.T) {
	const timeLimit = "time limit exceeded: stopped after 20ms"
	const memory = "memory budget exceeded"
	for _, c := range []struct {
		name, body string
		mem        bool // a memory case: a small budget and no time limit to race
		cancel     bool // the call's done channel is closed
		want       string
	}{
		{name: "pcall", body: `local ok = pcall(function() while true do end end)
  return ok`, want: "s.lua:4: " + timeLimit},
		{name: "pcall, then more work", body: `local ok = pcall(function() while true do end end)
  local n = 0
  for i = 1, 10 do n = n + i end
  return n`, want: "s.lua:4: " + timeLimit},
		{name: "pcall of pcall", body: `local ok = pcall(pcall, function() while true do end end)
  return ok`, want: "s.lua:4: " + timeLimit},
		{name: "pcall in an endless loop", body: `while true do pcall(function() while true do end end) end`,
			want: "s.lua:4: " + timeLimit},
		{name: "xpcall, a handler that returns", body: `local ok, e = xpcall(function() while true do end end, function(e) return "fine" end)
  return e`, want: "s.lua:4: " + timeLimit},
		{name: "xpcall, a handler that loops", body: `local ok, e = xpcall(function() while true do end end, function(e) while true do end end)
  return e`, want: "s.lua:4: " + timeLimit},
		{name: "error replaced by another", body: `local ok = pcall(function() while true do end end)
  error("something else")`, want: "s.lua:4: " + timeLimit},
		{name: "a pattern too slow, in pcall", body: `local ok = pcall(string.find, string.rep("a", 40), string.rep("a?", 40) .. string.rep("a", 40))
  return ok`, want: "time limit exceeded: stopped after 20ms (a pattern too slow to match?)"},
		{name: "memory, in pcall", mem: true, body: `local ok = pcall(function()
    local t = {}
    while true do t[#t + 1] = string.rep("x", 1000) .. #t end
  end)
  return "fine"`, want: "s.lua:6: " + memory},
		{name: "memory, in xpcall, then more strings", mem: true, body: `local ok = xpcall(function()
    local t = {}
    while true do t[#t + 1] = { #t, #t + 1 } end
  end, function(e) return e end)
  local s = string.rep("y", 100) .. "z"
  return s`, want: "s.lua:6: " + memory},
		{name: "cancelled, in pcall", cancel: true, body: `local ok = pcall(function() while true do end end)
  return ok`, want: "s.lua:2: interrupted: the game's context was cancelled"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if c.mem {
				defer SetLimits(SetLimits(time.Hour, time.Hour)) // memory, not time: no race with the clock
				defer SetMemoryBudget(SetMemoryBudget(4 << 20))
			} else {
				defer SetLimits(SetLimits(20*time.Millisecond, 0))
			}
			v, fn := hookOf(t, "s.lua", "local calls = 0\nreturn function(ping)\n  if ping then return 2 end\n  "+c.body+"\nend")
			defer v.Close()
			if c.cancel {
				done := make(chan struct{})
				close(done)
				v.SetDone(done)
			}
			v.L.Push(fn)
			err := v.Call(0, 1)
			require.Error(t, err)
			if c.want[0] == 's' {
				assert.Regexp(t, "^"+c.want, err.Error())
			} else {
				assert.Contains(t, err.Error(), c.want)
			}
			assert.Equal(t, 0, v.L.GetTop(), "the stack is as before the call")
			v.SetDone(nil)
			v.L.Push(fn)
			v.L.Push(lua.LTrue)
			require.NoError(t, v.Call(1, 1), "the next call runs")
			assert.Equal(t, "2", v.L.Get(-1).String())
		})
	}
}

// TestNoCoroutines: scripts have no coroutines (a coroutine would be a second stack the
// stop must reach).
func TestNoCoroutines(t *testing.T) {
	err := runChunk("c.lua", `local co = coroutine.create(function() end)`)
	require.Error(t, err)
	assert.Contains(t, err.Error(), `c.lua:1: unknown global "coroutine"`)
}
