package sandbox

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	lua "github.com/yuin/gopher-lua"
)

// runChunk compiles src as the file name and runs it in a fresh VM. Its error reads
// "name:line: message", as the registry's load errors do.
func runChunk(name, src string) error {
	proto, _, err := Compile(name, []byte(src))
	if err != nil {
		return err
	}
	v := New()
	defer v.Close()
	_, err = v.Run(proto)
	return err
}

// TestCallAndRun: Run returns a chunk's results, Call calls what a chunk returned, and
// both report Lua errors as "file:line: message", without a stack trace.
func TestCallAndRun(t *testing.T) {
	proto, _, err := Compile("f.lua", []byte(`local n = 0
return function(k) n = n + k if n > 2 then error("too many") end return n end, "x"`))
	require.NoError(t, err)
	v := New()
	defer v.Close()
	rets, err := v.Run(proto)
	require.NoError(t, err)
	require.Len(t, rets, 2)
	assert.Equal(t, lua.LString("x"), rets[1])
	v.L.Push(rets[0])
	v.L.Push(lua.LNumber(2))
	require.NoError(t, v.Call(1, 1))
	assert.Equal(t, lua.LNumber(2), v.L.Get(-1))
	v.L.Pop(1)
	v.L.Push(rets[0])
	v.L.Push(lua.LNumber(1))
	err = v.Call(1, 1)
	require.Error(t, err)
	assert.Equal(t, "f.lua:2: too many", err.Error())
}

// TestSandboxedGlobals: what a script cannot reach, and the strict globals as a
// compile error with a suggestion.
func TestSandboxedGlobals(t *testing.T) {
	for _, c := range []struct{ name, src, want string }{
		{"os", `local x = os.time()`, `g.lua:1: unknown global "os"`},
		{"load", `local f = load("return 1")`, `g.lua:1: unknown global "load"`},
		{"math.random", `local x = math.random()`, `g.lua:1: unknown field math.random`},
		{"string.dump", `local x = string.dump(print)`, `g.lua:1: unknown field string.dump`},
		{"a typo", `local x = tostrin(1)`, `g.lua:1: unknown global "tostrin", did you mean "tostring"?`},
		{"a global assignment", `x = 1`, `g.lua:1: assignment to undeclared global "x": declare it local`},
		{"a module outside the library", `local m = require "../x"`, `a module name is lower-case letters`},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := runChunk("g.lua", c.src)
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
		})
	}
}

// TestProtect: a view a binding protects refuses raw access, and errors name it.
func TestProtect(t *testing.T) {
	v := New()
	defer v.Close()
	view := v.L.NewTable()
	mt := v.L.NewTable()
	Protect(mt, "game.board", "the board view")
	v.L.SetMetatable(view, mt)
	fn, err := v.L.LoadString(`local b = ... rawset(b, "count", 1)`)
	require.NoError(t, err)
	v.L.Push(fn)
	v.L.Push(view)
	err = v.Call(1, 0)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "rawset: the board view is protected: rawset cannot bypass its metatable")
	assert.Equal(t, lua.LString("game.board"), v.L.GetMetatable(view))
}

// TestSetLimits: 0 keeps a limit, and the previous limits come back.
func TestSetLimits(t *testing.T) {
	h, l := Limits()
	assert.Equal(t, HookTimeout, h)
	assert.Equal(t, LoadTimeout, l)
	ph, pl := SetLimits(2*HookTimeout, 0)
	assert.Equal(t, HookTimeout, ph)
	assert.Equal(t, LoadTimeout, pl)
	h, l = Limits()
	assert.Equal(t, 2*HookTimeout, h)
	assert.Equal(t, LoadTimeout, l)
	SetLimits(ph, pl)
	h, l = Limits()
	assert.Equal(t, HookTimeout, h)
	assert.Equal(t, LoadTimeout, l)
}
