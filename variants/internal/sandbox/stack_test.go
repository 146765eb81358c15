package sandbox

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestStackRoom: string.byte and unpack refuse a range whose results cannot fit on
// the value stack, saying how many were asked for and how many fit; string.byte
// follows Lua 5.1 (one byte by default); a full stack elsewhere is explained.
func TestStackRoom(t *testing.T) {
	for _, c := range []struct{ name, src, want string }{
		{"string.byte of a megabyte", `local s = string.rep("x", 1000000) local t = { string.byte(s, 1, -1) }`,
			"r.lua:1: string.byte: 1000000 results do not fit on the Lua value stack (room for "},
		{"unpack of a long range", `local t = { unpack({}, 1, 100000) }`,
			"r.lua:1: unpack: 100000 results do not fit on the Lua value stack (room for "},
		{"string.byte, one byte by default", `local a, b = string.byte("hi") assert(a == 104 and b == nil)
local x, y = string.byte("hello", -2, -1) assert(x == 108 and y == 111)
assert(select("#", string.byte("abc", 3, 2)) == 0)
assert(select("#", string.byte("abc", 0, 10)) == 3)
error("ok")`, "r.lua:5: ok"},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := runChunk("r.lua", c.src)
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
		})
	}
	err := runChunk("r.lua", `local t = { string.byte(string.rep("x", 1000000), 1, -1) }`)
	require.Error(t, err)
	assert.Regexp(t, `of 5120 values in all\): take a shorter range`, err.Error())
}

// TestErrorObjectLine: an error object that is not a string reports the line of the
// error call (and of its level), not the function's first line.
func TestErrorObjectLine(t *testing.T) {
	err := runChunk("e.lua", "local x = 1\nlocal y = 2\nerror({ code = 1 })")
	require.Error(t, err)
	assert.Equal(t, "e.lua:3: error object is a table", err.Error())
	err = runChunk("e.lua", "local function f()\n  error({}, 2)\nend\n\nf()")
	require.Error(t, err)
	assert.Equal(t, "e.lua:5: error object is a table", err.Error())
	err = runChunk("e.lua", "local ok, e = pcall(error, {})\nerror(true, 0)")
	require.Error(t, err)
	assert.Equal(t, "error object is a boolean", err.Error(), "level 0: no position")
}
