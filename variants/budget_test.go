package variants

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/core/kalah"
	"github.com/kalahlab/kalahlab/variants/internal/sandbox"
)

// TestHookBudgets pins what happens when a hook runs out of memory or into a
// pathological pattern: the game stops with an error naming the script, the line and
// the hook, well before the process would, and the next game in the same Lua state
// plays (each hook misbehaves on its third call only).
//
// The memory cases must not race the clock: they run under a time limit of minutes
// (slowLimit; a gsub over a megabyte takes longer than sandbox.HookTimeout under -race on a busy
// machine), and each loop is bounded so that, should the budget fail to stop it, it ends
// by itself (within a few hundred MB) and the test fails on the missing error, not on a
// time limit. The budget then stops it whatever the machine's load.
func TestHookBudgets(t *testing.T) {
	defer SetMemoryBudget(SetMemoryBudget(8 << 20)) // a small budget: quick tests
	const slowLimit = 5 * time.Minute
	cases := []struct {
		name, slow, bad, want string // slow: a memory case, under slowLimit; else a time-limit case
	}{
		{"a string doubled", "slow", `local s = "x" for i = 1, 40 do s = s .. s end`,
			`bad.lua:8: capture: string too long: .. would make 4194304 bytes (at most 2097152`},
		{"gsub blowing up", "slow", `local s = string.rep("x", 1e6) for i = 1, 10 do s = s:gsub("x", "xxxxxxxxxx") end`,
			`bad.lua:8: capture: string too long: string.gsub would make more than 2097152 bytes`},
		{"format blowing up", "slow", `local s = string.format(string.rep("%99d", 30000), 1)`,
			`bad.lua:8: capture: string too long: string.format would make`},
		{"table.concat blowing up", "slow", `local t = {} for i = 1, 5 do t[i] = string.rep("x", 1e6) end local s = table.concat(t, "", 1, 3)`,
			`bad.lua:8: capture: string too long: table.concat would make 3000000 bytes`},
		{"a table growing", "slow", `local t = {} for i = 1, 1e6 do t[i] = { i } end`,
			`bad.lua:8: capture: memory budget exceeded: the script holds more than 8 MB`},
		{"a growing table of strings", "slow", `local t = {} for i = 1, 1e5 do t[i] = ("x"):rep(1000) .. i end`,
			`bad.lua:8: capture: memory budget exceeded`},
		{"pcall does not swallow the budget", "slow", `local t, fails = {}, 0 for i = 1, 2000 do local ok, err = pcall(function() t[#t + 1] = ("x"):rep(1e5) .. i end) if not ok then fails = fails + 1 if fails == 100 then error(err, 0) end end end`,
			`bad.lua:8: capture: memory budget exceeded`},
		{"sparse indexes", "slow", `local all = {} for i = 1, 1e4 do local t = {} t[1000] = i all[i] = t end`,
			`bad.lua:8: capture: memory budget exceeded`},
		{"emptied arrays", "slow", `local all = {} for i = 1, 1e4 do local t = {} for j = 1, 500 do t[j] = j end for j = 500, 1, -1 do t[j] = nil end all[i] = t end`,
			`bad.lua:8: capture: memory budget exceeded`},
		{"deleted keys", "slow", `local t = {} for i = 1, 3e6 do t[i + 0.5] = i t[i + 0.5] = nil end`,
			`bad.lua:8: capture: memory budget exceeded`},
		{"a huge index", "slow", `local t = {} t[2^26 - 1] = true`,
			`bad.lua:8: capture: table index 67108863 is too far past the end of the table`},
		{"a pathological pattern", "", `local x = string.find(string.rep("a", 5000) .. "b", string.rep("a*", 30) .. "c")`,
			`bad.lua:8: capture: time limit exceeded`},
		{"a pathological gsub", "", `local x = string.gsub(string.rep("a", 5000), string.rep("a-", 30) .. "c", "")`,
			`bad.lua:8: capture: time limit exceeded`},
		{"a pathological gmatch", "", `for x in string.gmatch(string.rep("a", 5000), string.rep("a?", 30) .. "c") do end`,
			`bad.lua:8: capture: time limit exceeded`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.slow != "" {
				defer sandbox.SetLimits(sandbox.SetLimits(slowLimit, 0))
			}
			src := hookScript("local calls = 0", "capture = function(b, last)\n  calls = calls + 1\n  if calls == 3 then\n  "+c.bad+"\n  end\nend,")
			v, err := LoadScript("bad.lua", src, Options{})
			require.NoError(t, err)
			g, err := v.NewGame()
			require.NoError(t, err)
			s := g.NewState().(*kalah.State)
			rng := rand.New(rand.NewPCG(1, 1))
			start := time.Now()
			for i := 0; i < 5 && s.Err() == nil; i++ {
				s.Reset()
				s.PlayRandom(rng)
			}
			require.Error(t, s.Err())
			if c.slow == "" { // a generous bound: the limit is sandbox.HookTimeout
				assert.Less(t, time.Since(start), time.Minute, "stopped, not left to run")
			}
			assert.Contains(t, s.Err().Error(), c.want)
			var se *ScriptError
			require.True(t, errors.As(s.Err(), &se), "%T", s.Err())
			assert.Equal(t, "capture", se.Hook)
			for i := 0; i < 5; i++ {
				s.Reset()
				s.PlayRandom(rng)
				require.NoError(t, s.Err(), "the next game in the same state")
			}
		})
	}
}

// TestStashedStrings: strings a hook keeps between its calls count too; once the state
// is over its budget every hook call that checks fails the same way (the state still
// holds the data), and the process goes on.
func TestStashedStrings(t *testing.T) {
	defer SetMemoryBudget(SetMemoryBudget(8 << 20))
	defer sandbox.SetLimits(sandbox.SetLimits(time.Hour, time.Hour)) // memory, not time: no race with the clock under -race on a busy machine
	for _, c := range []struct{ name, stash string }{
		{"strings", `stash[#stash + 1] = string.rep("x", 1e6)`},
		{"tables", `local t = {} for i = 1, 5000 do t[i] = i end stash[#stash + 1] = t`},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := hookScript("local stash = {}", "capture = function(b, last)\n  "+c.stash+"\nend,")
			v, err := LoadScript("stash.lua", src, Options{})
			require.NoError(t, err)
			g, err := v.NewGame()
			require.NoError(t, err)
			err = playOut(t, g, 500)
			require.Error(t, err)
			assert.Contains(t, err.Error(), "stash.lua:6: capture: memory budget exceeded")
			err = playOut(t, g, 500)
			require.Error(t, err, "the stash is still there")
			assert.Contains(t, err.Error(), "memory budget exceeded")
		})
	}
}

// FuzzHookBudgets feeds arbitrary Lua to the body of a hook and plays games with it
// under short time limits and a small memory budget: every input ends in a result or a
// clean error, never a panic, a crash or a hang.
//
//	go test -run ^$ -fuzz FuzzHookBudgets -fuzztime 60s ./variants/
func FuzzHookBudgets(f *testing.F) {
	for _, s := range []string{
		`local s = "x" for i = 1, 40 do s = s .. s end`,
		`local s = string.rep("x", 1e6) for i = 1, 10 do s = s:gsub("x", "xxxxxxxxxx") end`,
		`local t = {} for i = 1, 1e9 do t[i] = { i } end`,
		`local t = {} t[2^26 - 1] = true`,
		`local t = {} for i = 1, 1e9 do t[i * 100] = i end`,
		`local t = {} for i = 1, 1e9 do t[i + 0.5] = i t[i + 0.5] = nil end`,
		`local x = string.find(string.rep("a", 5000) .. "b", string.rep("a*", 30) .. "c")`,
		`local x = string.format("%99999999d", 1)`,
		`local t = setmetatable({}, { __concat = function(a, b) return a end }) local x = t .. "a" .. t`,
		`for k in string.gmatch("a=1, b=2", "(%w+)=") do local y = k:upper():rep(3) end`,
		`local s = ("x"):rep(100) local t = {} for i = 1, 100 do t[i] = s:sub(i) .. s end local z = table.concat(t, ",")`,
		`local function f(n) return n > 0 and f(n - 1) .. "x" or "" end local s = f(100)`,
		`return`,
	} {
		f.Add(s)
	}
	defer sandbox.SetLimits(sandbox.SetLimits(2*time.Millisecond, 5*time.Millisecond))
	defer SetMemoryBudget(SetMemoryBudget(8 << 20))
	f.Fuzz(func(t *testing.T, body string) {
		if strings.Count(body, "\n") > 50 || len(body) > 2000 {
			return
		}
		v, err := LoadScript("fuzz.lua", hookScript("", "capture = function(b, last)\n"+body+"\nend,"), Options{})
		if err != nil {
			return
		}
		g, err := v.NewGame()
		if err != nil {
			return
		}
		if err := playOut(t, g, 3); err != nil {
			var se *ScriptError
			require.True(t, errors.As(err, &se), "a clean script error, not %T: %v", err, err)
		}
	})
}
