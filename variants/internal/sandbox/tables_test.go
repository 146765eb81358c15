package sandbox

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTableIndexSemantics: the guarded assignments still do what Lua does: evaluation
// order and count, multiple assignment, metamethods, every kind of key, small gaps and
// long arrays.
func TestTableIndexSemantics(t *testing.T) {
	defer SetLimits(SetLimits(0, time.Minute)) // no race with the clock (-race is slow)
	src := `local t = {}
for i = 1, 20000 do t[i] = i end
assert(#t == 20000, "a long array")
t[20050] = true -- a small gap past the end
t[100000] = 2 -- a large one, charged
assert(t[20050] and t[100000] == 2, "gaps")
local k = {}
k["x"], k[1.5], k[-3], k[0], k[true], k[k] = 1, 2, 3, 4, 5, 6
assert(k.x == 1 and k[1.5] == 2 and k[-3] == 3 and k[0] == 4 and k[true] == 5 and k[k] == 6, "keys of every kind")
k[2^53] = 7
assert(k[2^53] == 7, "a huge key goes to the hash part")
local calls = 0
local function f() calls = calls + 1 return k end
f()[calls + 10] = calls
assert(calls == 1 and k[11] == 1, "the table expression runs once, before the key and the value")
local a, b = {}, {}
a[1], b[1] = b, a
assert(a[1] == b and b[1] == a, "multiple assignment")
local i = 1
i, a[i] = i + 1, 20
assert(i == 2 and a[1] == 20, "the key is taken before the assignment")
local log = {}
local p = setmetatable({}, { __newindex = function(t, key, v) log[#log + 1] = key end })
p[500] = 1
assert(log[1] == 500 and rawget(p, 500) == nil, "__newindex functions")
local store = {}
local q = setmetatable({}, { __newindex = store, __index = store })
q[3000] = "x"
assert(store[3000] == "x" and q[3000] == "x", "__newindex tables")
local c = { [1] = "a", [2] = "b", [100] = "c", x = 1 }
assert(c[1] == "a" and c[100] == "c" and c.x == 1, "constructors")
local nested = { { {} } }
nested[1][1][1000] = true
assert(nested[1][1][1000], "nested tables")
return variant { extends = "kalah" }`
	err := runChunk("ok.lua", src)
	require.NoError(t, err)
}

// TestMeasureHiddenTableParts: what gopher-lua keeps behind a table's back counts
// toward the budget: the nil slots of an emptied array part and the keys a hash part
// once held (gopher-lua never forgets them).
func TestMeasureHiddenTableParts(t *testing.T) {
	if !tableLayoutOK {
		t.Skip("this gopher-lua lays tables out differently")
	}
	defer SetLimits(SetLimits(time.Hour, time.Hour)) // a measurement, not a time limit: no race with the clock
	m := New()
	defer m.L.Close()
	base := m.reachable(m.L, 1<<40)
	src := []byte(`local emptied, deleted = {}, {}
for i = 1, 10000 do emptied[i] = i end
for i = 10000, 1, -1 do emptied[i] = nil end
for i = 1, 10000 do deleted[i + 0.5] = i; deleted[i + 0.5] = nil end
return variant { extends = "kalah", hooks = { capture = function(b, l) return emptied, deleted end } }`)
	proto, _, err := Compile("m.lua", src)
	require.NoError(t, err)
	_, err = m.Run(proto)
	require.NoError(t, err)
	size := m.reachable(m.L, 1<<40) - base
	assert.Greater(t, size, int64(10000*sizeSlot+10000*sizeHashSlot))
}

// TestLockedLibraries: no script can change the libraries, the globals or the strings'
// metatable that the other scripts of its state (the variant's layers and the modules
// they require) use; reading and iterating them works as in Lua.
func TestLockedLibraries(t *testing.T) {
	load := func(body string) error {
		err := runChunk("lib.lua", body+"\nreturn variant { extends = \"kalah\" }")
		return err
	}
	for _, c := range []struct{ name, src, want string }{
		{"a string function", `string.upper = function() return "" end`, `lib.lua:1: cannot set string.upper: the string library is read-only (use a local)`},
		{"a string function through a local", `local s = string s.rep = nil`, `lib.lua:1: cannot set string.rep: the string library is read-only`},
		{"a math function", `math.floor = nil`, `lib.lua:1: cannot set math.floor: the math library is read-only`},
		{"a table function", `table.insert = nil`, `lib.lua:1: cannot set table.insert: the table library is read-only`},
		{"a new library field", `local m = math m.tau = 2 * math.pi`, `lib.lua:1: cannot set math.tau: the math library is read-only`},
		{"a global through _G", `_G.print = nil`, `lib.lua:1: cannot set _G.print: _G (the globals) is read-only`},
		{"a library through _G", `_G.string.upper = nil`, `lib.lua:1: cannot set string.upper: the string library is read-only`},
		{"the strings' metatable", `getmetatable("").__index.upper = nil`, `lib.lua:1: unknown field string.__index`},
		{"the string table's __index", `local s = ("x").__index`, `lib.lua:1: unknown field string.__index`},
		{"a string's metatable", `setmetatable("", {})`, `lib.lua:1: bad argument #1 to setmetatable (table expected, got string)`},
		{"a number's metatable", `setmetatable(1, { __index = math })`, `lib.lua:1: bad argument #1 to setmetatable (table expected, got number)`},
		{"a library's metatable", `setmetatable(string, nil)`, `lib.lua:1: cannot change a protected metatable`},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := load(c.src)
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
		})
	}
	t.Run("reading and iterating", func(t *testing.T) {
		require.NoError(t, load(`assert(("abc"):upper() == "ABC" and string.rep("x", 3) == "xxx" and math.floor(2.5) == 2)
assert(_G.string == string and _G._G == _G and _G.math.max(1, 2) == 2)
assert(getmetatable("") == "locked")
local n = 0
for k, v in pairs(string) do n = n + 1 end
assert(n >= 10, "pairs(string)")
n = 0
for k, v in next, math do n = n + 1 end
assert(n >= 10, "next over math")
local found = false
for k in pairs(_G) do found = found or k == "print" end
assert(found, "pairs(_G)")
local t = setmetatable({}, { __index = string })
assert(t.upper("a") == "A", "a library as an __index")`))
	})
	t.Run("a module sees the libraries whole", func(t *testing.T) {
		require.NoError(t, runChunk("mod.lua", `local ok = pcall(function() string.upper = string.lower end)
assert(not ok)
local mancala = require "mancala"
return variant { extends = "kalah" }`))
	})
}
