package sandbox

import (
	"fmt"
	"strings"
	"time"

	lua "github.com/yuin/gopher-lua"

	"github.com/kalahlab/kalahlab/variants/internal/luapattern"
)

// The sandbox's string library: gopher-lua's, with every function that can build a
// long string capped and charged to the memory budget (budget.go), and the pattern
// functions (find, match, gmatch, gsub) on a matcher of our own that the time limit
// can stop (package luapattern; gopher-lua's runs to the end however long that takes).
//
// Where gopher-lua differs from Lua 5.1 these follow Lua 5.1: an init past the end is
// the end (find("abc", "", 10) is 4, 3; gopher-lua fails or says 1, 0), match without a
// match returns nil (gopher-lua: nothing), gsub with a negative n replaces nothing,
// "%x" in a gsub replacement string is an error unless x is a digit or %, %f is the
// frontier pattern, and upper and lower change ASCII letters only, byte by byte.

// installStrings replaces the string functions of the string table s and
// table.concat of the table library t.
func (v *VM) installStrings(L *lua.LState, s, t *lua.LTable) {
	v.pm.Check = v.checkTime
	fns := map[string]lua.LGFunction{
		"find":    v.strFind,
		"match":   v.strMatch,
		"gmatch":  v.strGmatch,
		"gsub":    v.strGsub,
		"rep":     v.strRep,
		"upper":   v.strCase(true),
		"lower":   v.strCase(false),
		"reverse": v.strReverse,
		"sub":     v.strSub,
		"char":    v.strChar,
	}
	if f, ok := s.RawGetString("format").(*lua.LFunction); ok && f.IsG {
		fns["format"] = v.strFormat(f.GFunction)
	}
	for name, fn := range fns {
		s.RawSetString(name, L.NewFunction(fn))
	}
	if t != nil {
		if f, ok := t.RawGetString("concat").(*lua.LFunction); ok && f.IsG {
			t.RawSetString("concat", L.NewFunction(v.tableConcat(f.GFunction)))
		}
	}
}

// checkTime is the matcher's check: the cancellation and the time limit of the
// running call, as tick checks them. Its errors are stopError values, which the string
// functions raise through matchError.
func (v *VM) checkTime() error {
	if v.stopped() {
		return stopError(v.failWhat)
	}
	select {
	case <-v.done:
		return stopError(cancelled)
	default:
	}
	if v.tickSeq != v.callSeq {
		v.tickSeq, v.tickStart = v.callSeq, time.Now()
		return nil
	}
	if time.Since(v.tickStart) > v.limit {
		return stopError(fmt.Sprintf("time limit exceeded: stopped after %v (a pattern too slow to match?)", v.limit))
	}
	return nil
}

// matchError raises an error of the matcher: a stopped call's through stop (deadline.go),
// a bad pattern's as it is.
func (v *VM) matchError(L *lua.LState, err error) {
	if se, ok := err.(stopError); ok {
		v.stop(L, string(se))
	}
	L.RaiseError("%v", err)
}

// newString returns a copy of s charged to the budget (a substring would keep its
// whole subject alive, unseen by the measurement).
func (v *VM) newString(L *lua.LState, s, what string) lua.LString {
	v.charge(L, len(s), what)
	return lua.LString(strings.Clone(s))
}

// startIndex turns a Lua init (1-based, negative from the end) into 0..len(s).
func startIndex(i, n int) int {
	if i < 0 {
		i += n + 1
		if i < 0 {
			i = 0
		}
	}
	if i > 0 {
		i--
	}
	return min(i, n)
}

// find runs the matcher, raising its errors ("bad pattern" or the time limit).
func (v *VM) find(L *lua.LState, src, pat string, init int) (start, end int, caps []luapattern.Capture) {
	start, end, caps, err := v.pm.Find(src, pat, init, v.caps[:0])
	if err != nil {
		v.matchError(L, err)
	}
	v.caps = caps[:0]
	return start, end, caps
}

// pushCaptures pushes the captures of a match (the whole match when there are none)
// and returns how many it pushed.
func (v *VM) pushCaptures(L *lua.LState, src string, start, end int, caps []luapattern.Capture, what string) int {
	if len(caps) == 0 {
		L.Push(v.newString(L, src[start:end], what))
		return 1
	}
	for _, c := range caps {
		L.Push(v.captureValue(L, src, c, what))
	}
	return len(caps)
}

func (v *VM) captureValue(L *lua.LState, src string, c luapattern.Capture, what string) lua.LValue {
	if c.Pos {
		return lua.LNumber(c.Start + 1)
	}
	return v.newString(L, src[c.Start:c.End], what)
}

// string.find(s, pattern [, init [, plain]])
func (v *VM) strFind(L *lua.LState) int {
	src := L.CheckString(1)
	pat := L.CheckString(2)
	init := startIndex(L.OptInt(3, 1), len(src))
	if lua.LVAsBool(L.Get(4)) || !luapattern.HasSpecials(pat) {
		i := strings.Index(src[init:], pat)
		if i < 0 {
			L.Push(lua.LNil)
			return 1
		}
		L.Push(lua.LNumber(init + i + 1))
		L.Push(lua.LNumber(init + i + len(pat)))
		return 2
	}
	start, end, caps := v.find(L, src, pat, init)
	if start < 0 {
		L.Push(lua.LNil)
		return 1
	}
	L.Push(lua.LNumber(start + 1))
	L.Push(lua.LNumber(end))
	for _, c := range caps {
		L.Push(v.captureValue(L, src, c, "string.find"))
	}
	return 2 + len(caps)
}

// string.match(s, pattern [, init])
func (v *VM) strMatch(L *lua.LState) int {
	src := L.CheckString(1)
	pat := L.CheckString(2)
	init := startIndex(L.OptInt(3, 1), len(src))
	start, end, caps := v.find(L, src, pat, init)
	if start < 0 {
		L.Push(lua.LNil)
		return 1
	}
	return v.pushCaptures(L, src, start, end, caps, "string.match")
}

// string.gmatch(s, pattern): an iterator over the matches. A leading ^ is no anchor
// here (it would stop the iteration), as in Lua 5.1.
func (v *VM) strGmatch(L *lua.LState) int {
	src := L.CheckString(1)
	pat := L.CheckString(2)
	pos := 0
	L.Push(L.NewFunction(func(L *lua.LState) int {
		for ; pos <= len(src); pos++ {
			end, caps, err := v.pm.Match(src, pat, pos, v.caps[:0])
			if err != nil {
				v.matchError(L, err)
			}
			if end < 0 {
				continue
			}
			start := pos
			if pos = end; end == start {
				pos++ // an empty match: go on after it
			}
			return v.pushCaptures(L, src, start, end, caps, "string.gmatch")
		}
		return 0
	}))
	return 1
}

// string.gsub(s, pattern, repl [, n])
func (v *VM) strGsub(L *lua.LState) int {
	src := L.CheckString(1)
	pat := L.CheckString(2)
	repl := L.Get(3)
	switch repl.Type() {
	case lua.LTString, lua.LTNumber, lua.LTTable, lua.LTFunction:
	default:
		L.ArgError(3, "string/function/table expected, got "+repl.Type().String())
	}
	maxN := L.OptInt(4, len(src)+1)
	anchor := strings.HasPrefix(pat, "^")
	if anchor {
		pat = pat[1:]
	}
	limit := maxString()
	var b strings.Builder
	add := func(s string) {
		if b.Len()+len(s) > limit {
			L.RaiseError("string too long: string.gsub would make more than %d bytes (a string growing without end?)", limit)
		}
		b.WriteString(s)
	}
	s, n := 0, 0
	for n < maxN {
		end, caps, err := v.pm.Match(src, pat, s, v.caps[:0])
		if err != nil {
			v.matchError(L, err)
		}
		if end >= 0 {
			n++
			v.gsubValue(L, src, s, end, caps, repl, add)
		}
		switch {
		case end > s:
			s = end
		case s < len(src):
			add(src[s : s+1])
			s++
		default:
			s = len(src) + 1
		}
		if s > len(src) || anchor {
			break
		}
	}
	if s < len(src) {
		add(src[s:])
	}
	v.charge(L, b.Len(), "string.gsub")
	L.Push(lua.LString(b.String()))
	L.Push(lua.LNumber(n))
	return 2
}

// gsubValue adds the replacement of the match src[start:end].
func (v *VM) gsubValue(L *lua.LState, src string, start, end int, caps []luapattern.Capture, repl lua.LValue, add func(string)) {
	whole := src[start:end]
	// capture i (0-based) as a value; with no captures, capture 0 is the whole match.
	capture := func(i int) lua.LValue {
		if i >= len(caps) {
			if i == 0 {
				return lua.LString(whole)
			}
			L.RaiseError("invalid capture index")
		}
		if caps[i].Pos {
			return lua.LNumber(caps[i].Start + 1)
		}
		return lua.LString(src[caps[i].Start:caps[i].End])
	}
	var val lua.LValue
	switch r := repl.(type) {
	case lua.LString, lua.LNumber:
		rs := lua.LVAsString(r)
		for i := 0; i < len(rs); i++ {
			c := rs[i]
			if c != '%' {
				j := strings.IndexByte(rs[i:], '%')
				if j < 0 {
					j = len(rs) - i
				}
				add(rs[i : i+j])
				i += j - 1
				continue
			}
			i++
			switch {
			case i == len(rs):
				L.RaiseError("invalid use of '%%' in replacement string (a lone %% at its end; write %%%% for a %%)")
			case rs[i] == '%':
				add("%")
			case rs[i] == '0':
				add(whole)
			case rs[i] >= '1' && rs[i] <= '9':
				add(lua.LVAsString(capture(int(rs[i] - '1'))))
			default:
				L.RaiseError("invalid use of '%%' in replacement string (%%%c; want %%0-%%9 or %%%%)", rs[i])
			}
		}
		return
	case *lua.LTable:
		val = L.GetTable(r, capture(0))
	case *lua.LFunction:
		L.Push(r)
		nargs := max(len(caps), 1)
		for i := 0; i < nargs; i++ {
			L.Push(capture(i))
		}
		L.Call(nargs, 1)
		val = L.Get(-1)
		L.Pop(1)
	}
	switch val.Type() {
	case lua.LTNil:
		add(whole)
	case lua.LTBool:
		if val == lua.LFalse {
			add(whole)
		} else {
			L.RaiseError("invalid replacement value (a boolean)")
		}
	case lua.LTString, lua.LTNumber:
		add(lua.LVAsString(val))
	default:
		L.RaiseError("invalid replacement value (a %s)", val.Type().String())
	}
}

// string.rep(s, n), capped at MaxStringRep.
func (v *VM) strRep(L *lua.LState) int {
	s := L.CheckString(1)
	n := L.CheckInt(2)
	if n <= 0 || s == "" {
		L.Push(lua.LString(""))
		return 1
	}
	if n > MaxStringRep/len(s) {
		L.RaiseError("string.rep: result of %d x %d bytes too long (at most %d)", len(s), n, MaxStringRep)
	}
	v.charge(L, len(s)*n, "string.rep")
	L.Push(lua.LString(strings.Repeat(s, n)))
	return 1
}

// strCase is string.upper or string.lower: ASCII letters, byte by byte.
func (v *VM) strCase(upper bool) lua.LGFunction {
	return func(L *lua.LState) int {
		s := L.CheckString(1)
		v.charge(L, len(s), "string.upper/lower")
		b := []byte(s)
		for i, c := range b {
			if upper && 'a' <= c && c <= 'z' {
				b[i] = c - 'a' + 'A'
			} else if !upper && 'A' <= c && c <= 'Z' {
				b[i] = c - 'A' + 'a'
			}
		}
		L.Push(lua.LString(b))
		return 1
	}
}

func (v *VM) strReverse(L *lua.LState) int {
	s := L.CheckString(1)
	v.charge(L, len(s), "string.reverse")
	b := make([]byte, len(s))
	for i := range b {
		b[i] = s[len(s)-1-i]
	}
	L.Push(lua.LString(b))
	return 1
}

// string.sub(s, i [, j]): a copy, as gopher-lua's shares its subject.
func (v *VM) strSub(L *lua.LState) int {
	s := L.CheckString(1)
	n := len(s)
	i, j := L.CheckInt(2), L.OptInt(3, -1)
	if i < 0 {
		i = max(n+i+1, 1)
	} else if i == 0 {
		i = 1
	}
	if j < 0 {
		j = n + j + 1
	} else if j > n {
		j = n
	}
	if i > j {
		L.Push(lua.LString(""))
		return 1
	}
	L.Push(v.newString(L, s[i-1:j], "string.sub"))
	return 1
}

func (v *VM) strChar(L *lua.LState) int {
	n := L.GetTop()
	v.charge(L, n, "string.char")
	b := make([]byte, n)
	for i := 1; i <= n; i++ {
		c := L.CheckInt(i)
		if c < 0 || c > 255 {
			L.ArgError(i, "invalid value")
		}
		b[i-1] = byte(c)
	}
	L.Push(lua.LString(b))
	return 1
}

// strFormat is gopher-lua's string.format (which formats through Go's fmt) after Lua
// 5.1's checks of the format (flags, at most two digits of width and of precision, a
// known conversion), which bound its result: the literal text, and for each directive
// its width, precision and argument (at worst four bytes for one, as %q escapes).
func (v *VM) strFormat(orig lua.LGFunction) lua.LGFunction {
	return func(L *lua.LState) int {
		f := L.CheckString(1)
		bound, arg := 0, 2
		for i := 0; i < len(f); i++ {
			if f[i] != '%' {
				bound++
				continue
			}
			if i++; i < len(f) && f[i] == '%' {
				bound++
				continue
			}
			for n := 0; i < len(f) && strings.IndexByte("-+ #0", f[i]) >= 0; i++ {
				if n++; n > 5 {
					L.RaiseError("invalid format (repeated flags)")
				}
			}
			digits := func() {
				for n := 0; i < len(f) && '0' <= f[i] && f[i] <= '9'; i++ {
					if n++; n > 2 {
						L.RaiseError("invalid format (width or precision too long)")
					}
				}
			}
			digits()
			if i < len(f) && f[i] == '.' {
				i++
				digits()
			}
			if i >= len(f) || strings.IndexByte("cdiouxXeEfgGqs", f[i]) < 0 {
				c := "end of format"
				if i < len(f) {
					c = "'%" + string(f[i]) + "'"
				}
				L.RaiseError("invalid option %s to 'format' (want one of %%c %%d %%i %%o %%u %%x %%X %%e %%E %%f %%g %%G %%q %%s %%%%)", c)
			}
			bound += 99 + 99 + 64
			if s, ok := L.Get(arg).(lua.LString); ok {
				bound += 4 * len(s)
			}
			arg++
		}
		v.charge(L, bound, "string.format")
		return orig(L)
	}
}

// tableConcat is gopher-lua's table.concat after a check of the result's length.
func (v *VM) tableConcat(orig lua.LGFunction) lua.LGFunction {
	return func(L *lua.LState) int {
		t := L.CheckTable(1)
		sep := L.OptString(2, "")
		n := t.Len()
		i, j := max(L.OptInt(3, 1), 1), min(L.OptInt(4, n), n)
		total, limit := 0, maxString()
		for k := i; k <= j && total <= limit; k++ {
			total += len(lua.LVAsString(t.RawGetInt(k)))
			if k < j {
				total += len(sep)
			}
		}
		v.charge(L, total, "table.concat")
		return orig(L)
	}
}
