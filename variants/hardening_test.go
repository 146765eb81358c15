package variants

import (
	"errors"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/core/kalah"
	"github.com/kalahlab/kalahlab/variants/internal/sandbox"
)

// runawayMargin is how much longer than its limit a runaway hook may take in a test
// before it counts as not stopped: generous, as a loaded 2-core machine can stretch a
// 0.25 s call several times. That the stop itself is cheap is checked by count, in
// TestRunawayStopsCheaply.
const runawayMargin = 5 * time.Second

// assertStopped checks how long the games that ended on a hook error (err) took: a
// runaway hook stopped, well within runawayMargin of its limit, and one stopped by the
// limit ran at least the limit (the clock only ever makes it later, never earlier).
func assertStopped(t *testing.T, elapsed time.Duration, err error) {
	t.Helper()
	limit, _ := sandbox.Limits()
	assert.Less(t, elapsed, limit+runawayMargin, "a runaway hook is stopped")
	if err != nil && strings.Contains(err.Error(), "time limit exceeded") {
		assert.GreaterOrEqual(t, elapsed, limit, "stopped by its time limit before the limit")
	}
}

// TestRunawayStops: a runaway hook stops at its time limit, however it runs away.
func TestRunawayStops(t *testing.T) {
	for _, c := range []struct{ name, prelude, hooks string }{
		{"an endless tail call", "local function f() return f() end", "capture = function(b, last)\n  return f()\nend,"},
		{"a tail call loop with arguments", "local function f(n, acc) return f(n + 1, acc) end", "capture = function(b, last)\n  return f(1, b)\nend,"},
		{"an endless tail call under pcall", "local function f() return f() end", "capture = function(b, last)\n  while true do pcall(f) end\nend,"},
		{"an endless tail call under xpcall", "local function f() return f() end\nlocal function h(e) return e end", "capture = function(b, last)\n  while true do xpcall(f, h) end\nend,"},
		{"an endless loop", "", "capture = function(b, last)\n  while true do end\nend,"},
	} {
		t.Run(c.name, func(t *testing.T) {
			v, err := LoadScript("bad.lua", hookScript(c.prelude, c.hooks), Options{})
			require.NoError(t, err)
			g, err := v.NewGame()
			require.NoError(t, err)
			start := time.Now()
			err = playOut(t, g, 1)
			require.Error(t, err)
			assert.Contains(t, err.Error(), "capture: time limit exceeded")
			assertStopped(t, time.Since(start), err)
		})
	}
}

// TestErrorsAfterTailCallsAreCheap: an error costs nothing in proportion to the tail
// calls made before it. Tail call loops once stopped 0.4 to 3 s after their time limit:
// gopher-lua gave every error caught by a protected call a stack traceback with a line
// per tail call (millions, hundreds of MB), and so did pcall inside a script. Counted in
// bytes allocated over a fixed amount of work (two million tail calls), which a loaded
// machine does not change: with tracebacks the first case allocated 210 MB and the
// second 3.5 GB; without, 3 to 30 MB (mostly the memory budget's own checks).
func TestErrorsAfterTailCallsAreCheap(t *testing.T) {
	for _, c := range []struct {
		name, prelude, hooks string
		games                int
	}{
		{"errors after two hundred thousand tail calls",
			"local function f(n) if n == 0 then error(\"stop\") end return f(n - 1) end",
			"capture = function(b, last)\n  return f(2e5)\nend,", 10},
		{"pcall errors above a hundred thousand tail calls",
			"local function g(n) if n == 0 then for i = 1, 200 do pcall(error, \"x\") end error(\"stop\") end return g(n - 1) end",
			"capture = function(b, last)\n  return g(1e5)\nend,", 2},
		{"xpcall errors above a hundred thousand tail calls",
			"local function h(e) return e end\nlocal function g(n) if n == 0 then for i = 1, 200 do xpcall(error, h) end error(\"stop\") end return g(n - 1) end",
			"capture = function(b, last)\n  return g(1e5)\nend,", 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			v, err := LoadScript("bad.lua", hookScript(c.prelude, c.hooks), Options{})
			require.NoError(t, err)
			g, err := v.NewGame()
			require.NoError(t, err)
			s := g.NewState().(*kalah.State)
			rng := rand.New(rand.NewPCG(7, 7))
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			start := time.Now()
			for i := 0; i < c.games; i++ { // each game ends on the first capture
				s.Reset()
				s.PlayRandom(rng)
				require.Error(t, s.Err())
				// the error, or on a slow machine the time limit
				assert.Contains(t, s.Err().Error(), "capture: ")
			}
			elapsed := time.Since(start)
			runtime.ReadMemStats(&after)
			assertStopped(t, elapsed, nil)
			assert.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(96<<20), "bytes allocated")
		})
	}
}

// TestLoadRunawayStops: the same at load time (the top level's limit).
func TestLoadRunawayStops(t *testing.T) {
	start := time.Now()
	_, err := LoadScript("bad.lua", []byte("local function f() return f() end\nlocal x = f()\nreturn variant { extends = \"kalah\" }"), Options{})
	elapsed := time.Since(start)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "bad.lua:1: time limit exceeded")
	_, limit := sandbox.Limits()
	assert.GreaterOrEqual(t, elapsed, limit)
	assert.Less(t, elapsed, limit+runawayMargin)
}

// TestProtectedCalls: pcall and xpcall (the sandbox's own, without tracebacks) behave
// as Lua's.
func TestProtectedCalls(t *testing.T) {
	// 100000 tail calls take more than the load limit under -race on a busy machine.
	defer sandbox.SetLimits(sandbox.SetLimits(0, time.Minute))
	src := `local ok, a, b = pcall(function(x, y) return x + y, x * y end, 2, 3)
assert(ok == true and a == 5 and b == 6, "results")
local ok2, e = pcall(error, "boom")
assert(ok2 == false and e == "ok.lua:3: boom", "error message: " .. tostring(e))
local t = {}
local ok3, e3 = pcall(error, t)
assert(not ok3 and e3 == t, "error value")
local ok4, e4 = pcall(function() local x = nil; return x.y end)
assert(not ok4 and string.find(e4, "ok.lua:8: attempt to index", 1, true), "runtime error: " .. tostring(e4))
local ok5, e5 = pcall(42)
assert(not ok5 and e5 == "attempt to call a number value", tostring(e5))
local ok6, e6 = pcall(pcall, error, "inner")
assert(ok6 == true and e6 == false, "nested")
local ok7, e7 = xpcall(function() error({ code = 7 }) end, function(err) return err.code * 2 end)
assert(ok7 == false and e7 == 14, "xpcall handler result")
local ok8, e8, f8 = xpcall(function() return 1, 2 end, print)
assert(ok8 and e8 == 1 and f8 == 2, "xpcall results")
local ok9, e9 = xpcall(function() error("a") end, function(err) error("b", 0) end)
assert(ok9 == false and e9 == "b", "an error in the handler: " .. tostring(e9))
local called = pcall(function() end)
assert(called and select("#", pcall(function() end)) == 1, "no results")
local function depth(n) if n == 0 then error("deep") end return depth(n - 1) end
local ok10, e10 = pcall(depth, 100000)
assert(not ok10 and string.find(e10, "deep"), "an error after many tail calls")
return variant { extends = "kalah" }`
	_, err := LoadScript("ok.lua", []byte(src), Options{})
	require.NoError(t, err)
	// The error object of a hook error is kept as before: a table names its type, at
	// the line of the error call.
	_, err = LoadScript("bad.lua", []byte("error({})\nreturn variant { extends = \"kalah\" }"), Options{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "bad.lua:1: error object is a table")
	assert.NotContains(t, err.Error(), "traceback")
}

// TestRawAccessProtected: rawset and rawget (and the table functions that write raw)
// cannot bypass strict globals, the libraries or the board views; they still work on a
// script's own tables.
func TestRawAccessProtected(t *testing.T) {
	load := func(body string) error {
		_, err := LoadScript("raw.lua", []byte(body+"\nreturn variant { extends = \"kalah\" }"), Options{})
		return err
	}
	for _, c := range []struct{ name, src, want string }{
		{"rawset of a global", `rawset(_G, "counter", 0)`, `raw.lua:1: rawset: _G (the globals) is protected: rawset cannot bypass its metatable`},
		{"rawset of a library function", `rawset(string, "rep", function() return "" end)`, `raw.lua:1: rawset: the string library is protected`},
		{"rawset of math", `rawset(math, "pi", 3)`, `raw.lua:1: rawset: the math library is protected`},
		{"rawget of a missing global", `local x = rawget(_G, "nope")`, `raw.lua:1: rawget: _G (the globals) is protected`},
		{"table.insert into _G", `table.insert(_G, 1)`, `raw.lua:1: table.insert: _G (the globals) is protected`},
		{"table.remove from table", `table.remove(table)`, `raw.lua:1: table.remove: the table library is protected`},
		{"table.sort of _G", `table.sort(_G)`, `raw.lua:1: table.sort: _G (the globals) is protected`},
		{"unlocking _G", `setmetatable(_G, nil)`, `raw.lua:1: cannot change a protected metatable`},
		{"a table locked by the script", `local t = setmetatable({}, { __metatable = false })` + "\n" + `rawset(t, 1, 2)`, `raw.lua:2: rawset: a table with a locked metatable is protected`},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := load(c.src)
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
		})
	}
	t.Run("a script's own tables", func(t *testing.T) {
		require.NoError(t, load(`local t = setmetatable({}, { __newindex = function(t, k, v) rawset(t, k, v * 2) end, __index = function() return 0 end })
t.x = 2
assert(rawget(t, "x") == 4 and t.y == 0 and rawget(t, "y") == nil)
local l = {}
table.insert(l, 3); table.insert(l, 1, 1); table.sort(l); assert(table.remove(l) == 3)
rawset(l, "k", 1)
assert(l.k == 1)`))
	})
	for _, c := range []struct{ name, base, hooks, want string }{
		{"rawset of a kalah method", "kalah", "capture = function(b, last)\n  rawset(b, \"count\", function() return 0 end)\nend,", `bad.lua:6: capture: rawset: the board view is protected`},
		{"rawget of a kalah method", "kalah", "capture = function(b, last)\n  local f = rawget(b, \"count\")\nend,", `bad.lua:6: capture: rawget: the board view is protected`},
		{"rawset of a checkers method", "checkers", "is_over = function(b)\n  rawset(b, \"ply\", 1)\nend,", `bad.lua:6: is_over: rawset: the board view is protected`},
		{"table.insert into a tic-tac-toe view", "tictactoe", "winner = function(b, last)\n  table.insert(b, 1)\nend,", `bad.lua:6: winner: table.insert: the board view is protected`},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := playHooked(t, c.base, "bad.lua", gameScript(c.base, "", c.hooks))
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
		})
	}
	t.Run("rawset of a ludo method", func(t *testing.T) {
		err := playGames(loadGame(t, "bad.lua", ludoHookScript("", "on_land = function(t, cell, kind)\n  rawset(t, \"mover\", 1)\nend,")), 20)
		require.Error(t, err)
		assert.Contains(t, err.Error(), `bad.lua:7: on_land: rawset: the token view is protected`)
	})
}

// playHooked plays a few random games of a script's game and returns the error that
// stopped one (kalah's through playOut: a can_play error leaves no legal move).
func playHooked(t *testing.T, base, file string, src []byte) error {
	t.Helper()
	g := loadGame(t, file, src)
	if base == "kalah" {
		return playOut(t, g, 20)
	}
	return playGames(g, 20)
}

// TestScriptReturn: a script must return its variant table, and only that.
func TestScriptReturn(t *testing.T) {
	for _, c := range []struct{ name, src, want string }{
		{"an empty script", "", `my.lua: the script returns nothing: a variant script ends with return variant { extends = "kalah", ... }`},
		{"no return", "local x = 1\n", `my.lua: the script returns nothing: a variant script ends with return variant {`},
		{"a bare return", "local x = 1\nreturn", `my.lua:2: the script returns nothing: a variant script ends with return variant {`},
		{"nil", "return nil", `my.lua:1: the script returns nil: a variant script ends with return variant {`},
		{"a number", "local x = 1\nreturn 3", `my.lua:2: the script returns a number: a variant script ends with return variant {`},
		{"two values", "return variant { extends = \"kalah\" }, 3", `my.lua:1: the script returns 2 values: a variant script ends with return variant {`},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := LoadScript("my.lua", []byte(c.src), Options{})
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
			var se *ScriptError
			require.True(t, errors.As(err, &se), "%T", err)
			assert.Equal(t, "my.lua", se.File)
		})
	}
}

// TestHookResults: a hook that returns the wrong number or kind of values stops the
// game with an error naming the hook, the script (at the hook's line) and what the hook
// may return.
func TestHookResults(t *testing.T) {
	const over = "is_over = function(b) return true end,\n"
	for _, c := range []struct{ name, base, hooks, want string }{
		{"final_scores returns three values", "kalah", over + "final_scores = function(b)\n  return 1, 2, 3\nend,", `bad.lua:6: final_scores: returned 3 values, want two whole numbers (return s1, s2 or return { s1, s2 }), or nil for the built-in count`},
		{"final_scores returns one number", "kalah", over + "final_scores = function(b)\n  return 24\nend,", `bad.lua:6: final_scores: returned one score, want two whole numbers`},
		{"final_scores returns a table of three", "kalah", over + "final_scores = function(b)\n  return { 1, 2, 3 }\nend,", `bad.lua:6: final_scores: returned a table of 3 fields, want { s1, s2 } (or two whole numbers`},
		{"final_scores returns a table of one", "kalah", over + "final_scores = function(b)\n  return { 1 }\nend,", `bad.lua:6: final_scores: returned a table of 1 field, want { s1, s2 }`},
		{"final_scores returns a named table", "kalah", over + "final_scores = function(b)\n  return { south = 1, north = 2 }\nend,", `bad.lua:6: final_scores: returned a table of 2 fields, want { s1, s2 }`},
		{"final_scores returns a table and a number", "kalah", over + "final_scores = function(b)\n  return { 1, 2 }, 3\nend,", `bad.lua:6: final_scores: returned a table and a number, want two whole numbers`},
		{"final_scores returns nil and a number", "kalah", over + "final_scores = function(b)\n  return nil, 3\nend,", `bad.lua:6: final_scores: returned nil and a number, want two whole numbers`},
		{"final_scores returns a string", "kalah", over + "final_scores = function(b)\n  return \"24\", \"24\"\nend,", `bad.lua:6: final_scores: score 1 is a string, want a number`},
		{"extra_turn returns two values", "kalah", "extra_turn = function(b, last)\n  return true, 1\nend,", `bad.lua:5: extra_turn: returned 2 values, want true or false`},
		{"can_play returns a string", "kalah", "can_play = function(b, house)\n  return \"yes\"\nend,", `bad.lua:5: can_play: returned a string, want true or false`},
		{"can_play returns two values", "kalah", "can_play = function(b, house)\n  return true, false\nend,", `bad.lua:5: can_play: returned 2 values, want true or false`},
		{"is_over returns two values", "kalah", "is_over = function(b)\n  return false, \"why\"\nend,", `bad.lua:5: is_over: returned 2 values, want true, false or nil`},
		{"capture returns a value", "kalah", "capture = function(b, last)\n  return 1\nend,", `bad.lua:5: capture: returned a number, want nothing (change the board with b:take and b:add)`},
		{"capture returns two values", "kalah", "capture = function(b, last)\n  return 1, 2\nend,", `bad.lua:5: capture: returned 2 values, want nothing`},
		{"checkers is_over returns two values", "checkers", "is_over = function(b)\n  return 1, 2\nend,", `bad.lua:5: is_over: returned 2 values, want nil (the built-in rule), false (not over), 0 (a draw), 1 or 2 (that player wins)`},
		{"on_promote returns a value", "checkers", "on_promote = function(b, square)\n  return true\nend,", `bad.lua:5: on_promote: returned true, want nothing (change the board with b:remove, b:crown and b:uncrown)`},
		{"winner returns two values", "tictactoe", "winner = function(b, last)\n  return 1, 2\nend,", `bad.lua:5: winner: returned 2 values, want nil (the built-in rule)`},
		{"winner returns a string", "tictactoe", "winner = function(b, last)\n  return \"x\"\nend,", `bad.lua:5: winner: returned a string, want nil (the built-in rule)`},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := playHooked(t, c.base, "bad.lua", gameScript(c.base, "", c.hooks))
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
			var se *ScriptError
			require.True(t, errors.As(err, &se), "%T", err)
			assert.Equal(t, "bad.lua", se.File)
			assert.NotEmpty(t, se.Hook)
		})
	}
	t.Run("on_land returns two values", func(t *testing.T) {
		err := playGames(loadGame(t, "bad.lua", ludoHookScript("", "on_land = function(t, cell, kind)\n  return nil, 1\nend,")), 20)
		require.Error(t, err)
		assert.Contains(t, err.Error(), `bad.lua:6: on_land: returned 2 values, want nothing (change the position with t:send_home and t:move_by)`)
	})
	// Trailing nils and the shapes the API allows are fine.
	for _, c := range []struct{ name, base, hooks string }{
		{"capture returns nil", "kalah", "capture = function(b, last)\n  return nil\nend,"},
		{"extra_turn returns false, nil", "kalah", "extra_turn = function(b, last)\n  return false, nil\nend,"},
		{"final_scores returns two numbers", "kalah", over + "final_scores = function(b)\n  return 24, 24\nend,"},
		{"final_scores returns a table", "kalah", over + "final_scores = function(b)\n  return { 24, 24 }\nend,"},
		{"final_scores returns nil", "kalah", over + "final_scores = function(b)\n  return nil\nend,"},
		{"final_scores returns nothing", "kalah", over + "final_scores = function(b)\nend,"},
		{"on_promote returns nothing", "checkers", "on_promote = function(b, square)\nend,"},
	} {
		t.Run(c.name, func(t *testing.T) {
			require.NoError(t, playHooked(t, c.base, "ok.lua", gameScript(c.base, "", c.hooks)))
		})
	}
}

// loadTimeLimit is the time limit of a script's top level in force.
func loadTimeLimit() time.Duration {
	_, load := sandbox.Limits()
	return load
}
