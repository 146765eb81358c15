package sandbox

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	lua "github.com/yuin/gopher-lua"
)

// patternStates pairs the sandbox's string library with gopher-lua's own, for
// differential tests.
//
// Neither side may depend on the clock: the sandbox's matcher runs on a step budget
// (patternChecks calls of its check, each StepsPerCheck steps) in place of the time
// limit, and a case runs on gopher-lua's matcher, which nothing can stop, only once
// ours has finished it within that budget: the two backtrack alike, so gopher-lua
// finishes it too, in about as many steps. (Run first on gopher-lua, a pattern of
// exponential cost hung the fuzzer on a busy machine.)
type patternStates struct {
	v      *VM
	stock  *lua.LState
	checks int // the check calls of the running case
}

// patternChecks bounds the steps of one case on the sandbox's matcher: about a
// million, a few milliseconds.
const patternChecks = 1000

// errPatternBudget is the sandbox matcher's error once a case has run out of steps.
var errPatternBudget = errors.New("the test's step budget is spent")

func newPatternStates(t testing.TB) *patternStates {
	stock := lua.NewState()
	t.Cleanup(stock.Close)
	p := &patternStates{v: New(), stock: stock}
	p.v.pm.Check = func() error {
		if p.checks++; p.checks > patternChecks {
			return errPatternBudget
		}
		return nil
	}
	return p
}

// callFn calls fn with args in L (in the sandbox's vm when v is set) and returns its
// results, nil values at the end trimmed.
func callFn(L *lua.LState, v *VM, fn lua.LValue, args ...lua.LValue) ([]lua.LValue, error) {
	top := L.GetTop()
	L.Push(fn)
	for _, a := range args {
		L.Push(a)
	}
	var err error
	if v != nil {
		err = v.call(len(args), lua.MultRet, time.Second)
	} else {
		err = L.PCall(len(args), lua.MultRet, nil)
	}
	if err != nil {
		L.SetTop(top)
		return nil, err
	}
	out := make([]lua.LValue, 0, L.GetTop()-top)
	for i := top + 1; i <= L.GetTop(); i++ {
		out = append(out, L.Get(i))
	}
	L.SetTop(top)
	for len(out) > 0 && out[len(out)-1] == lua.LNil {
		out = out[:len(out)-1]
	}
	return out, nil
}

func strFn(L *lua.LState, name string) lua.LValue {
	return L.GetField(L.GetGlobal("string"), name)
}

// run calls string.<name> in one state and renders the results (for gmatch, every
// iteration), or the error.
func (p *patternStates) run(stock bool, name string, args ...lua.LValue) (string, error) {
	L, v := p.v.L, p.v
	if stock {
		L, v = p.stock, nil
	}
	res, err := callFn(L, v, strFn(L, name), args...)
	if err != nil || name != "gmatch" {
		return fmt.Sprint(res), err
	}
	var b strings.Builder
	var state lua.LValue = lua.LNil
	if len(res) > 1 {
		state = res[1]
	}
	var ctl lua.LValue = lua.LNil
	for i := 0; i < 100; i++ {
		r, err := callFn(L, v, res[0], state, ctl)
		if err != nil {
			return "", err
		}
		if len(r) == 0 || r[0] == lua.LNil {
			break
		}
		fmt.Fprint(&b, r, ";")
		ctl = r[0]
	}
	return b.String(), nil
}

// randomPattern makes a small pattern from the pieces gopher-lua and Lua 5.1 agree on.
func randomPattern(rng *rand.Rand) string {
	items := []string{"a", "b", "c", ".", "%a", "%d", "%s", "%w", "%A", "%D", "[ab]", "[^a]", "[a-c1]", "[%d ]", "%%", "%(", " ", "1"}
	quants := []string{"", "", "", "*", "+", "-", "?"}
	var b strings.Builder
	if rng.IntN(5) == 0 {
		b.WriteString("^")
	}
	open, caps, firstPos := 0, 0, false
	for n := rng.IntN(5) + 1; n > 0; n-- {
		switch r := rng.IntN(12); {
		case r == 0 && caps < 3:
			b.WriteString("(")
			open++
			caps++
		case r == 1 && open > 0:
			if strings.HasSuffix(b.String(), "(") {
				b.WriteString("a") // not (): that is a position capture
			}
			b.WriteString(")")
			open--
		case r == 2:
			b.WriteString("()")
			firstPos = firstPos || caps == 0
			caps++
		case r == 3:
			b.WriteString("%b()")
		case r == 4 && caps > open && open == 0 && !firstPos: // %1 of a position: Lua 5.1 never matches, gopher-lua matches ""
			b.WriteString("%1")
		default:
			b.WriteString(items[rng.IntN(len(items))] + quants[rng.IntN(len(quants))])
		}
	}
	for ; open > 0; open-- {
		if strings.HasSuffix(b.String(), "(") {
			b.WriteString("b")
		}
		b.WriteString(")")
	}
	if rng.IntN(5) == 0 {
		b.WriteString("$")
	}
	return b.String()
}

func randomSubject(rng *rand.Rand) string {
	const alphabet = "aabbc1 ()"
	b := make([]byte, rng.IntN(12))
	for i := range b {
		b[i] = alphabet[rng.IntN(len(alphabet))]
	}
	return string(b)
}

// comparePatterns runs find, match, gmatch and gsub on both libraries and fails on a
// difference where both finished without an error.
func (p *patternStates) compare(t testing.TB, subject, pattern string, init int) (both int) {
	if strings.Contains(pattern, "()") && strings.Contains(pattern, "%1") {
		return 0 // %1 of a position capture perhaps: Lua 5.1 never matches, gopher-lua matches ""
	}
	if init > len(subject)+1 {
		init = len(subject) + 1 // Lua 5.1 reads a larger init as the end; gopher-lua finds nothing
	}
	s, pat := lua.LString(subject), lua.LString(pattern)
	calls := []struct {
		name string
		args []lua.LValue
	}{
		{"find", []lua.LValue{s, pat, lua.LNumber(init)}},
		{"match", []lua.LValue{s, pat, lua.LNumber(init)}},
		{"gmatch", []lua.LValue{s, pat}},
		{"gsub", []lua.LValue{s, pat, lua.LString("<%0>")}},
		{"gsub", []lua.LValue{s, pat, lua.LString("[%1]"), lua.LNumber(2)}},
	}
	for _, c := range calls {
		if c.name == "gmatch" && strings.HasPrefix(pattern, "^") {
			continue // Lua 5.1 reads ^ in gmatch as a literal; gopher-lua as an anchor
		}
		if c.name == "find" && pattern == "" {
			continue // gopher-lua answers 1, 0 whatever the init
		}
		p.checks = 0
		got, gerr := p.run(false, c.name, c.args...)
		if gerr != nil {
			continue // a bad pattern, or out of steps: gopher-lua could run for hours
		}
		want, werr := p.run(true, c.name, c.args...)
		if werr != nil {
			continue
		}
		both++
		if got != want {
			t.Errorf("string.%s(%q, %q, %v): got %s, gopher-lua %s", c.name, subject, pattern, c.args[2:], got, want)
		}
	}
	return both
}

// TestPatternDifferential compares find, match, gmatch and gsub with gopher-lua's own
// on random small patterns and subjects, where both finish.
func TestPatternDifferential(t *testing.T) {
	p := newPatternStates(t)
	rng := rand.New(rand.NewPCG(3, 4))
	both := 0
	for i := 0; i < 5000 && !t.Failed(); i++ {
		both += p.compare(t, randomSubject(rng), randomPattern(rng), rng.IntN(5)-1)
	}
	assert.Greater(t, both, 5000, "most cases run in both")
}

// FuzzPatternDifferential is TestPatternDifferential on a fuzzer's subjects and
// patterns.
//
//	go test -run ^$ -fuzz FuzzPatternDifferential -fuzztime 60s ./variants/
func FuzzPatternDifferential(f *testing.F) {
	for _, s := range [][2]string{{"hello world", "(%w+) (%w+)"}, {"a(b)c", "%b()"}, {"aaa", "a-"}, {"x=1, y=2", "(%w+)=(%w+)"}, {"abc", "()b()"}} {
		f.Add(s[0], s[1], 1)
	}
	p := newPatternStates(f)
	f.Fuzz(func(t *testing.T, subject, pattern string, init int) {
		if len(subject) > 64 || len(pattern) > 32 || strings.Contains(pattern, "%f") || strings.Contains(pattern, "%z") || strings.Contains(pattern, "%Z") {
			return // %f is Lua 5.1's frontier; gopher-lua has none (and %z differs at a NUL)
		}
		p.compare(t, subject, pattern, init%8)
	})
}

// TestStringFunctions pins the sandbox's string functions, Lua 5.1's behaviour where
// gopher-lua differs.
func TestStringFunctions(t *testing.T) {
	src := `
local function same(a, b, what) assert(a == b, what .. ": got " .. tostring(a) .. ", want " .. tostring(b)) end
same(select(2, string.find("abc", "", 10)), 3, "find: init past the end")
same(string.find("abc", "b", -1), nil, "find: negative init")
same(string.find("a.b", ".", 1, true), 2, "plain find")
same(select("#", string.match("abc", "x")), 1, "match without a match is nil")
same(string.match("key = value", "(%w+)%s*=%s*(%w+)"), "key", "captures")
same(select(2, string.match("abc", "()b()")), 3, "position captures")
same(string.match("THE (quick) fox", "%f[%a]%a+", 5), "quick", "frontier")
same(string.match("f(a(b)c)d", "%b()"), "(a(b)c)", "balance")
same(string.match("abcabc", "(abc)%1"), "abc", "back-reference")
same((string.gsub("hello world", "o", "0", 1)), "hell0 world", "gsub with n")
same((string.gsub("hello", "l+", function(s) return #s end)), "he2o", "gsub with a function")
same((string.gsub("$x $y", "%$(%w+)", { x = "1" })), "1 $y", "gsub with a table")
same((string.gsub("abc", "%w", "%0%0")), "aabbcc", "gsub %0")
same((string.gsub("abc", "", "-")), "-a-b-c-", "gsub of the empty pattern")
same(select(2, string.gsub("abc", "b", "x", -1)), 0, "gsub with a negative n")
local n = 0
for k, v in string.gmatch("a=1, b=2", "(%w+)=(%w+)") do n = n + v end
same(n, 3, "gmatch")
same(string.upper("abc\255"), "ABC\255", "upper: ASCII only")
same(string.reverse("abc"), "cba", "reverse")
same(string.sub("hello", 2, -2), "ell", "sub")
same(string.sub("hello", -100, 100), "hello", "sub clamped")
same(string.char(104, 105), "hi", "char")
same(string.format("%5.1f|%s", 3.14159, "x"), "  3.1|x", "format")
same(table.concat({1, 2, 3}, ","), "1,2,3", "table.concat")
same(("x"):rep(3) .. 1 .. "y", "xxx1y", "concat with a number")
local mt = { __concat = function(a, b) return "meta" end }
same(setmetatable({}, mt) .. "x", "meta", "__concat")
same("x" .. setmetatable({}, mt), "meta", "__concat on the right")
local function two() return "a", "b" end
same(select("#", "x" .. two()), 1, "a call in a concat keeps one value")
return variant { extends = "kalah" }`
	err := runChunk("str.lua", src)
	require.NoError(t, err)

	for _, c := range []struct{ name, expr, want string }{
		{"malformed set", `string.find("a", "[a")`, "malformed pattern (missing ']')"},
		{"trailing %", `string.find("a", "a%")`, "malformed pattern (ends with '%')"},
		{"bad back-reference", `string.find("a", "%1")`, "invalid capture index"},
		{"unfinished capture", `string.find("a", "(a")`, "unfinished capture"},
		{"bad capture close", `string.find("a", "%a)")`, "invalid pattern capture"},
		{"bad capture in a replacement", `string.gsub("a", "a", "%2")`, "invalid capture index"},
		{"bad % in a replacement", `string.gsub("a", "a", "%x")`, "invalid use of '%' in replacement string"},
		{"bad replacement value", `string.gsub("a", "a", function() return {} end)`, "invalid replacement value (a table)"},
		{"bad concat", `local x = "a" .. {}`, "cannot perform concat operation between string and table"},
		{"format width", `string.format("%100d", 1)`, "invalid format (width or precision too long)"},
		{"format conversion", `string.format("%y", 1)`, "invalid option '%y' to 'format'"},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := runChunk("bad.lua", "local x = "+strings.TrimPrefix(c.expr, "local x = ")+"\nreturn variant { extends = \"kalah\" }")
			require.Error(t, err)
			assert.Contains(t, err.Error(), "bad.lua:1: ")
			assert.Contains(t, err.Error(), c.want)
		})
	}
}
