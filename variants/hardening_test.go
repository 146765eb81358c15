package variants

import (
	"errors"
	"io/fs"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/core/kalah"
	"github.com/kalahlab/kalahlab/scripts"
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
	limit := time.Duration(hookLimit.Load())
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
	assert.GreaterOrEqual(t, elapsed, time.Duration(loadLimit.Load()))
	assert.Less(t, elapsed, time.Duration(loadLimit.Load())+runawayMargin)
}

// TestProtectedCalls: pcall and xpcall (the sandbox's own, without tracebacks) behave
// as Lua's.
func TestProtectedCalls(t *testing.T) {
	// 100000 tail calls take more than the load limit under -race on a busy machine.
	defer loadLimit.Store(loadLimit.Swap(int64(time.Minute)))
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
	// The error object of a hook error is kept as before: a table names its type.
	_, err = LoadScript("bad.lua", []byte("error({})\nreturn variant { extends = \"kalah\" }"), Options{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "bad.lua: error object is a table")
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

// TestSyntaxErrors pins the syntax error messages: stock Lua's (lua5.1 gives the same
// text for each of these), with the line of the error and of the construct left open.
func TestSyntaxErrors(t *testing.T) {
	for _, c := range []struct{ name, src, want string }{
		{"missing end of an if", "local x = 1\nif x then\n  x = 2\n", `my.lua:4: 'end' expected (to close 'if' at line 2) near '<eof>'`},
		{"missing end of a function", "local function f()\n  return 1\n", `my.lua:3: 'end' expected (to close 'function' at line 1) near '<eof>'`},
		{"missing end of a for", "for i = 1, 3 do\nlocal y = 1\n", `my.lua:3: 'end' expected (to close 'for' at line 1) near '<eof>'`},
		{"missing end of a while", "while true do\n", `my.lua:2: 'end' expected (to close 'while' at line 1) near '<eof>'`},
		{"missing end of a do", "do\nlocal x = 1\n", `my.lua:3: 'end' expected (to close 'do' at line 1) near '<eof>'`},
		{"missing until", "repeat\nlocal x = 1\n", `my.lua:3: 'until' expected (to close 'repeat' at line 1) near '<eof>'`},
		{"missing end after else", "if x then\nelse\n", `my.lua:3: 'end' expected (to close 'if' at line 1) near '<eof>'`},
		{"missing end on the same line", "while true do", `my.lua:1: 'end' expected near '<eof>'`},
		{"a nested missing end", "if a then\n  while b do\n    x = 1\n  end\n", `my.lua:5: 'end' expected (to close 'if' at line 1) near '<eof>'`},
		{"a missing end inside a hook", "return variant {\n  extends = \"kalah\",\n  hooks = {\n    capture = function(b, last)\n      if b:count(last) == 1 then\n        b:add(1, 0)\n    end,\n  },\n}\n", `my.lua:7: unexpected symbol near ','`},
		{"a missing }", "local t = {1, 2\nreturn 1", `my.lua:2: '}' expected (to close '{' at line 1) near 'return'`},
		{"a missing comma in a table", "return variant {\n  extends = \"kalah\"\n  hooks = {},\n}\n", `my.lua:3: '}' expected (to close '{' at line 1) near 'hooks'`},
		{"a missing } on the same line", "local t = {a = 1 b = 2}", `my.lua:1: '}' expected near 'b'`},
		{"a missing )", "local x = (1 + 2\nreturn x", `my.lua:2: ')' expected (to close '(' at line 1) near 'return'`},
		{"a missing ) of a call", "return variant {\n  extends = \"kalah\",\n  hooks = {\n    capture = function(b, last)\n      local x = b:count(last\n    end,\n  },\n}\n", `my.lua:6: ')' expected (to close '(' at line 5) near 'end'`},
		{"a missing ) at the end", "f(1, 2", `my.lua:1: ')' expected near '<eof>'`},
		{"a missing ]", "local x = t[1\nreturn x", `my.lua:2: ']' expected near 'return'`},
		{"an unexpected symbol", "local x = @", `my.lua:1: unexpected symbol near '@'`},
		{"an unexpected keyword", "return return", `my.lua:1: unexpected symbol near 'return'`},
		{"an unfinished expression", "local x = 1 +\n", `my.lua:2: unexpected symbol near '<eof>'`},
		{"a call assigned to", "f() = 1", `my.lua:1: unexpected symbol near '='`},
		{"= expected", "x y", `my.lua:1: '=' expected near 'y'`},
		{"= expected at the end", "x.y.z", `my.lua:1: '=' expected near '<eof>'`},
		{"= for == in a condition", "if x = 1 then end", `my.lua:1: 'then' expected near '='`},
		{"a bad for", "for i 1, 2 do end", `my.lua:1: '=' or 'in' expected near '1'`},
		{"a local without a name", "local = 3", `my.lua:1: '<name>' expected near '='`},
		{"a bad parameter", "local f = function(a, 1) end", `my.lua:1: <name> or '...' expected near '1'`},
		{"code after return", "return 1\nx = 2", `my.lua:2: '<eof>' expected near 'x'`},
		{"an extra end", "local x = 1\nend", `my.lua:2: '<eof>' expected near 'end'`},
		{"an unfinished string", "local s = \"abc\nreturn s", `my.lua:1: unfinished string near '"abc'`},
		{"an unfinished string at the end", "local s = 'abc", `my.lua:1: unfinished string near '<eof>'`},
		{"an unfinished long string", "local s = [[abc", `my.lua:1: unfinished long string near '<eof>'`},
		{"an unfinished long comment", "--[[ a\ncomment", `my.lua:2: unfinished long comment near '<eof>'`},
		{"a malformed number", "x = 0x", `my.lua:1: malformed number near '0x'`},
		{"a 5.3 operator", "x = 5 // 2", `my.lua:1: unexpected symbol near '/'`},
		{"a lone ~", "x = 1 ~ 2", `my.lua:1: unexpected symbol near '~'`},
		{"a control character", "\x01", `my.lua:1: unexpected symbol near 'char(1)'`},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := LoadScript("my.lua", []byte(c.src), Options{})
			require.Error(t, err)
			assert.Equal(t, c.want, err.Error())
		})
	}
}

// TestLuaSyntaxAccepts: the recogniser accepts what Lua does (it only runs on scripts
// gopher-lua refused, but a false error there would hide the real one).
func TestLuaSyntaxAccepts(t *testing.T) {
	src := `local a, b = 1, ...
local t = { 1, 2; x = 3, ["y"] = 4, [5] = { f = function(...) return ... end }, }
function t.a.b:c(x, y, ...) return self, x end
local function f(n) if n > 0 then return f(n - 1) elseif n < 0 then return nil else return 0 end end
for i = 1, 10, 2 do end
for k, v in pairs(t) do break end
while false do end
repeat local z = 1 until z == 1
do local s = "a\"b\\c\
d" .. 'e' .. [[f]] .. [==[g]]h]==] end
--[==[ long
comment ]==]
x = -a ^ 2 .. #t * 3 % 4 / 5 - not b and c or d ~= e == f <= g >= h < i > j
t.x, t[1], t.y.z = f(1), f { 1 }, f "s"
t:c(1):c(2)[3].d = 1;
::top:: goto top
print(("x"):rep(3), 0x1F, 1e10, .5, 5., 3E-2)
return`
	line, msg, bad := luaSyntax([]byte(src))
	assert.False(t, bad, "line %d: %s", line, msg)
	// And every script of the library, all of which gopher-lua parses.
	err := fs.WalkDir(scripts.FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".lua") {
			return err
		}
		src, err := fs.ReadFile(scripts.FS, p)
		require.NoError(t, err)
		line, msg, bad := luaSyntax(src)
		assert.False(t, bad, "%s:%d: %s", p, line, msg)
		return nil
	})
	require.NoError(t, err)
}

// FuzzSyntaxError: on any text, the recogniser ends (no panic) and a script that does
// not parse gets an error naming the file and a line within it.
//
//	go test -run ^$ -fuzz FuzzSyntaxError -fuzztime 30s ./variants/
func FuzzSyntaxError(f *testing.F) {
	for _, s := range []string{
		"if x then", "local t = {", "f(", "x = 'a", "--[[", "[==[", "return return", "a.b:c'd'{e}(f)[g] = 1",
		"local function f(...) return ... end", "x = 0x1p4", "::a:: goto a", "((((((((((x))))))))))", "x = \"\\400\"",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		line, msg, bad := luaSyntax([]byte(src))
		if bad {
			require.NotEmpty(t, msg)
			require.GreaterOrEqual(t, line, 1)
			require.LessOrEqual(t, line, strings.Count(src, "\n")+strings.Count(src, "\r")+1)
		}
		_, _, err := compile("fuzz.lua", []byte(src))
		if err != nil {
			require.True(t, strings.HasPrefix(err.Error(), "fuzz.lua"), err.Error())
		}
	})
}
