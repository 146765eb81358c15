package variants

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/kalah"
)

// hookScript wraps hook definitions (Lua table fields) in a kalah variant script.
func hookScript(prelude, hooks string) []byte {
	return []byte(prelude + "\nreturn variant {\n  extends = \"kalah\",\n  hooks = {\n" + hooks + "\n  },\n}\n")
}

// playOut plays random games of g until one stops on an error (or n games end) and
// returns that error.
func playOut(t *testing.T, g core.Game, n int) error {
	t.Helper()
	rng := rand.New(rand.NewPCG(7, 7))
	s := g.NewState().(*kalah.State)
	for i := 0; i < n; i++ {
		s.Reset()
		s.PlayRandom(rng)
		if err := s.Err(); err != nil {
			return err
		}
	}
	return nil
}

// TestSandboxLoadErrors pins what a script cannot do at load time: each case is a
// whole script and the error it must give (all name the script and, where Lua can tell,
// the line).
func TestSandboxLoadErrors(t *testing.T) {
	cases := []struct {
		name, src, want string
	}{
		{"os is absent", `os.execute("rm -rf /")` + "\nreturn variant { extends = \"kalah\" }", `bad.lua:1: unknown global "os"`},
		{"io is absent", `local f = io.open("/etc/passwd")` + "\nreturn variant { extends = \"kalah\" }", `bad.lua:1: unknown global "io"`},
		{"load is absent", `local f = load("return 1")` + "\nreturn variant { extends = \"kalah\" }", `bad.lua:1: unknown global "load"`},
		{"loadstring is absent", `local f = loadstring("return 1")` + "\nreturn variant { extends = \"kalah\" }", `unknown global "loadstring"`},
		{"dofile is absent", `dofile("/etc/passwd")` + "\nreturn variant { extends = \"kalah\" }", `unknown global "dofile"`},
		{"collectgarbage is absent", `collectgarbage()` + "\nreturn variant { extends = \"kalah\" }", `unknown global "collectgarbage"`},
		{"debug is absent", `local d = debug.getinfo(1)` + "\nreturn variant { extends = \"kalah\" }", `unknown global "debug"`},
		{"math.random is absent", `local x = math.random(6)` + "\nreturn variant { extends = \"kalah\" }", `bad.lua:1: unknown field math.random`},
		{"string.dump is absent", `local x = string.dump` + "\nreturn variant { extends = \"kalah\" }", `unknown field string.dump`},
		{"require of a system module", `local os = require "os"` + "\nreturn variant { extends = \"kalah\" }", `bad.lua:1: require "os": only the script library can be required (want one of ludo, mancala)`},
		{"require of a path", `local x = require "../../etc/passwd"` + "\nreturn variant { extends = \"kalah\" }", `only the script library can be required`},
		{"a typo in a global is a load error", "local n = 3\nlocal m = mth.floor(n)\nreturn variant { extends = \"kalah\" }", `bad.lua:2: unknown global "mth", did you mean "math"?`},
		{"a typo in a library field", "local m = math.flor(3)\nreturn variant { extends = \"kalah\" }", `bad.lua:1: unknown field math.flor, did you mean math.floor?`},
		{"a typo inside a hook is found at load", "return variant { extends = \"kalah\", hooks = {\n capture = function(b, last)\n  local x = lst\n end } }", `bad.lua:3: unknown global "lst", did you mean "last"?`},
		{"no new globals", "counter = 0\nreturn variant { extends = \"kalah\" }", `bad.lua:1: assignment to undeclared global "counter": declare it local`},
		{"no global functions", "function helper() end\nreturn variant { extends = \"kalah\" }", `bad.lua:1: function helper defines a global`},
		{"strict globals at run time too", `local x = _G["nope"]` + "\nreturn variant { extends = \"kalah\" }", `bad.lua:1: unknown global nope`},
		{"a huge string", `local s = string.rep("x", 1e9)` + "\nreturn variant { extends = \"kalah\" }", `bad.lua:1: string.rep: result of 1 x 1000000000 bytes too long`},
		{"an endless loop at load", "while true do end\nreturn variant { extends = \"kalah\" }", `bad.lua:1: time limit exceeded`},
		{"deep recursion at load", "local function f(n) return 1 + f(n + 1) end\nlocal x = f(1)\nreturn variant { extends = \"kalah\" }", `bad.lua:1: stack overflow`},
		{"a syntax error", "return variant { extends = \"kalah\" ", `bad.lua:1: '}' expected near '<eof>'`},
		{"a runtime error", "local x = nil + 1\nreturn variant { extends = \"kalah\" }", `bad.lua:1: `},
		{"error with a table", "error({})\nreturn variant { extends = \"kalah\" }", `bad.lua:1: error object is a table`},
		{"no variant returned", "local x = 1", `bad.lua: the script returns nothing: a variant script ends with return variant {`},
		{"variant of a number", "return variant(3)", `bad.lua:1: variant: want a table`},
		{"extends missing", "return variant { name = \"x\" }", `bad.lua: extends missing`},
		{"unknown field", "return variant {\n  extends = \"kalah\",\n  hook = {},\n}", `bad.lua:3: field "hook" unknown, did you mean "hooks"? (want name, extends, summary, description, family, region, ludii, sources, params, fields, board, sowing, captures, ending, moves, hooks, examples)`},
		{"ludii not a string", "return variant {\n  extends = \"kalah\",\n  ludii = 3,\n}", `bad.lua:3: ludii is a number, want a string`},
		{"sources not a list", "return variant {\n  extends = \"kalah\",\n  sources = \"Murray 1952\",\n}", `bad.lua:3: sources is a string, want a list of strings, one source each`},
		{"a source not a string", "return variant {\n  extends = \"kalah\",\n  sources = { \"Murray 1952\", 7 },\n}", `bad.lua:3: sources[2] is a number, want a list of strings`},
		{"an empty source", "return variant {\n  extends = \"kalah\",\n  sources = { \" \" },\n}", `bad.lua:3: sources[1] is empty, want a list of strings`},
		{"sources with names", "return variant {\n  extends = \"kalah\",\n  sources = { book = \"Murray 1952\" },\n}", `bad.lua:3: sources has keys that are not 1..0: want a list of strings`},
		{"unknown base", "return variant { extends = \"kalha\" }", `bad.lua:1: extends "kalha": variant "kalha" unknown, did you mean "kalah"?`},
		{"unknown hook", "return variant { extends = \"kalah\", hooks = {\n  captur = function(b, last) end,\n} }", `bad.lua:2: kalah hook "captur" unknown, did you mean "capture"? (want capture, extra_turn, can_play, is_over, final_scores)`},
		{"a hook that is not a function", "return variant { extends = \"kalah\", hooks = {\n  capture = 3,\n} }", `bad.lua:2: hook capture is a number, want a Lua function`},
		{"bad example field", "return variant { extends = \"kalah\", examples = {\n  { form = \"x\" },\n} }", `bad.lua:2: example 1: field "form" unknown, did you mean "from"?`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			start := time.Now()
			_, err := LoadScript("bad.lua", []byte(c.src), Options{})
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
			assert.Less(t, time.Since(start), loadTimeLimit()+runawayMargin, "a runaway load is stopped")
		})
	}
}

// TestParamErrors pins the checking of knobs in Go: each names the script, the line,
// the knob and the allowed values.
func TestParamErrors(t *testing.T) {
	cases := []struct {
		name, params, want string
	}{
		{"unknown knob with a suggestion", "housez = 4", `my.lua:3: param "housez": unknown, did you mean "houses"? (want houses, seeds, empty_capture,`},
		{"unknown knob", "colour = 4", `my.lua:3: param "colour": unknown (want houses, seeds,`},
		{"wrong type", "houses = \"six\"", `my.lua:3: param "houses": value "six" not allowed (want an integer 1..16)`},
		{"not a whole number", "houses = 4.5", `my.lua:3: param "houses": value 4.5 not allowed (want an integer 1..16)`},
		{"out of range", "houses = 17", `my.lua:3: param "houses": value 17 not allowed (want an integer 1..16)`},
		{"bool as string", "pie_rule = \"yes\"", `my.lua:3: param "pie_rule": value "yes" not allowed (want true or false)`},
		{"enum choice", "end_rule = \"never\"", `my.lua:3: param "end_rule": value "never" not allowed (want one of either_side_empty, mover_cannot_move)`},
		{"a table value", "houses = {}", `my.lua:3: param "houses": a table not allowed (want an integer 1..16)`},
		{"knobs checked together", "houses = 16, seeds = 32", `my.lua:3: kalah: 2 rows x 16 houses x 32 seeds = 1024 seeds in all; at most 255`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := "return variant {\n  extends = \"kalah\",\n  params = { " + c.params + " },\n}\n"
			_, err := LoadScript("my.lua", []byte(src), Options{})
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
		})
	}
}

// TestHookErrors pins what happens when a hook misbehaves during a game: the game
// stops with an error naming the script, the line and the hook; nothing panics and the
// next game in the same Lua state plays on.
func TestHookErrors(t *testing.T) {
	cases := []struct {
		name, prelude, hooks, want string
	}{
		{"a bad pit", "", "capture = function(b, last)\n  local n = b:count(last + 20)\nend,", `bad.lua:6: capture: pit`},
		{"a pit that is not a number", "", "capture = function(b, last)\n  local n = b:count(\"x\")\nend,", `bad.lua:6: capture: pit missing: got string, want a number (b:count)`},
		{"a fractional pit", "", "capture = function(b, last)\n  local n = b:count(1.5)\nend,", `bad.lua:6: capture: pit 1.5 is not a whole number (b:count)`},
		{"a bad player", "", "capture = function(b, last)\n  local n = b:store(3)\nend,", `bad.lua:6: capture: player 3: want 1 (South) or 2 (North) (b:store)`},
		{"a dot instead of a colon", "", "capture = function(b, last)\n  local n = b.count(last)\nend,", `bad.lua:6: capture: b:count: call it with a colon`},
		{"a method typo", "", "capture = function(b, last)\n  local n = b:cont(last)\nend,", `bad.lua:6: capture: the board view has no method "cont", did you mean b:count?`},
		{"writing to the view", "", "capture = function(b, last)\n  b.x = 1\nend,", `bad.lua:6: capture: the board view is read-only`},
		{"seeds not conserved", "", "capture = function(b, last)\n  b:take(last)\nend,", `bad.lua:5: capture: seeds not conserved`},
		{"negative seeds", "", "capture = function(b, last)\n  b:add(last, -1)\nend,", `bad.lua:6: capture: add: -1 seeds: want 0 or more (b:add)`},
		{"can_play may not change the board", "", "can_play = function(b, house)\n  b:add(1, b:take(2))\n  return true\nend,", `bad.lua:6: can_play: the board is read-only in can_play (b:take)`},
		{"an endless loop", "", "capture = function(b, last)\n  while true do end\nend,", `bad.lua:6: capture: time limit exceeded`},
		{"an endless tail call", "local function f() return f() end", "capture = function(b, last)\n  return f()\nend,", `bad.lua:1: capture: time limit exceeded`},
		{"exponential recursion", "local function f(n) if n == 0 then return 0 end return f(n - 1) + f(n - 1) end", "capture = function(b, last)\n  local x = f(60)\nend,", `bad.lua:1: capture: time limit exceeded`},
		{"pcall does not swallow the limit", "", "capture = function(b, last)\n  while true do pcall(function() while true do end end) end\nend,", `capture: time limit exceeded`},
		{"a goto loop", "", "capture = function(b, last)\n  ::again::\n  goto again\nend,", `capture: time limit exceeded`},
		{"deep recursion", "local function f(n) return 1 + f(n + 1) end", "capture = function(b, last)\n  local x = f(1)\nend,", `bad.lua:1: capture: stack overflow`},
		{"an error call", "", "capture = function(b, last)\n  error(\"no captures today\")\nend,", `bad.lua:6: capture: no captures today`},
		{"extra_turn returns garbage", "", "extra_turn = function(b, last)\n  return \"yes\"\nend,", `bad.lua:5: extra_turn: returned a string, want true or false`},
		{"extra_turn returns nothing", "", "extra_turn = function(b, last)\nend,", `bad.lua:5: extra_turn: returned nil, want true or false`},
		{"can_play returns garbage", "", "can_play = function(b, house)\n  return 1\nend,", `bad.lua:5: can_play: returned a number, want true or false`},
		{"is_over returns garbage", "", "is_over = function(b)\n  return {}\nend,", `bad.lua:5: is_over: returned a table, want true, false or nil`},
		{"final_scores returns half a table", "", "is_over = function(b) return true end,\nfinal_scores = function(b)\n  return { 1 }\nend,", `bad.lua:6: final_scores: returned a table of 1 field, want { s1, s2 }`},
		{"final_scores returns a fraction", "", "is_over = function(b) return true end,\nfinal_scores = function(b)\n  return 1.5, 2\nend,", `bad.lua:6: final_scores: score 1 is 1.5, want a whole number`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v, err := LoadScript("bad.lua", hookScript(c.prelude, c.hooks), Options{})
			require.NoError(t, err)
			g, err := v.NewGame()
			require.NoError(t, err)
			start := time.Now()
			err = playOut(t, g, 5)
			require.Error(t, err)
			assertStopped(t, time.Since(start), err)
			assert.Contains(t, err.Error(), c.want)
			var se *ScriptError
			require.True(t, errors.As(err, &se), "%T", err)
			assert.NotEmpty(t, se.Hook)
		})
	}
}

// TestRecoveryAfterTimeout: a hook that ran away once leaves its Lua state usable;
// the next game in it plays normally.
func TestRecoveryAfterTimeout(t *testing.T) {
	src := hookScript("local calls = 0", `capture = function(b, last)
  calls = calls + 1
  if calls == 3 then while true do end end
end,`)
	v, err := LoadScript("once.lua", src, Options{})
	require.NoError(t, err)
	g, err := v.NewGame()
	require.NoError(t, err)
	s := g.NewState().(*kalah.State)
	rng := rand.New(rand.NewPCG(1, 1))
	s.PlayRandom(rng)
	require.Error(t, s.Err())
	assert.Contains(t, s.Err().Error(), "time limit exceeded")
	for i := 0; i < 20; i++ {
		s.Reset()
		s.PlayRandom(rng)
		require.NoError(t, s.Err())
	}
}

// TestRequireLibrary: require serves the script library, once per state.
func TestRequireLibrary(t *testing.T) {
	src := hookScript(`local m = require "mancala"
local m2 = require "mancala"
assert(m == m2, "require returns the same module")
assert(m.other(1) == 2)`, `capture = function(b, last) end,`)
	v, err := LoadScript("lib.lua", src, Options{})
	require.NoError(t, err)
	_, err = v.NewGame()
	require.NoError(t, err)
}

// TestStringRepCap: string.rep works below the cap.
func TestStringRepCap(t *testing.T) {
	src := `local s = string.rep("ab", 1000)
assert(#s == 2000)
assert(string.rep("x", 0) == "" and string.rep("", 1e9) == "")
return variant { extends = "kalah" }`
	_, err := LoadScript("rep.lua", []byte(src), Options{})
	require.NoError(t, err)
}

// TestInstrumentedCodeStillRuns: the countdown added to loops, gotos and functions
// changes nothing that a script computes.
func TestInstrumentedCodeStillRuns(t *testing.T) {
	src := `local function fib(n) if n < 2 then return n end return fib(n - 1) + fib(n - 2) end
local t = {}
for i = 1, 5000 do t[#t + 1] = i end
local sum = 0
for _, v in ipairs(t) do sum = sum + v end
local i = 0
while i < 10 do i = i + 1 end
repeat local j = i; i = i - 1 until j <= 1
local k = 0
::top::
k = k + 1
if k < 100 then goto top end
local function tail(n, acc) if n == 0 then return acc end return tail(n - 1, acc + 1) end
assert(fib(15) == 610, "fib")
assert(sum == 12502500, "sum")
assert(i == 0, "repeat " .. i)
assert(k == 100, "goto")
assert(tail(10000, 0) == 10000, "tail calls")
assert(select("#", ...) == 4, "the chunk gets the tick, variant, concat and index functions")
return variant { extends = "kalah" }`
	_, err := LoadScript("ok.lua", []byte(src), Options{})
	require.NoError(t, err)
}

// TestErrorFormat pins the text of a hook error.
func TestErrorFormat(t *testing.T) {
	err := &ScriptError{File: "scripts/kalah/x.lua", Line: 12, Hook: "capture", Msg: "pit 15 out of range 1..14 (b:count)"}
	assert.Equal(t, "scripts/kalah/x.lua:12: capture: pit 15 out of range 1..14 (b:count)", err.Error())
	err = &ScriptError{File: "my.lua", Msg: `param "housez": unknown`}
	assert.Equal(t, `my.lua: param "housez": unknown`, err.Error())
	// The pit out of range, end to end.
	v, lerr := LoadScript("scripts/kalah/x.lua", hookScript("", "capture = function(b, last)\n  b:add(15, 0)\nend,"), Options{})
	require.NoError(t, lerr)
	g, gerr := v.NewGame()
	require.NoError(t, gerr)
	got := playOut(t, g, 1)
	require.Error(t, got)
	assert.Equal(t, "scripts/kalah/x.lua:6: capture: pit 15 out of range 1..14 (b:add)", got.Error())
	assert.False(t, strings.Contains(got.Error(), "stack traceback"))
}
