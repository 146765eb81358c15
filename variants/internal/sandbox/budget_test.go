package sandbox

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMeasure checks the estimate of a state's size against what it holds.
func TestMeasure(t *testing.T) {
	m := New()
	defer m.L.Close()
	base := m.reachable(m.L, 1<<40)
	assert.Less(t, base, int64(200<<10), "an empty state is small")
	src := []byte(`local big = string.rep("x", 1000000)
local t = {}
for i = 1, 100 do t[i] = big end -- the same string, once
local u = {}
for i = 1, 10000 do u["k" .. i] = { i } end
return variant { extends = "kalah", hooks = { capture = function(b, l) return t, u end } }`)
	proto, _, err := Compile("m.lua", src)
	require.NoError(t, err)
	_, err = m.Run(proto)
	require.NoError(t, err)
	size := m.reachable(m.L, 1<<40) - base
	assert.Greater(t, size, int64(1000000+10000*(sizeTable+sizeHashSlot)))
	assert.Less(t, size, int64(2*1000000+10000*3*(sizeTable+sizeHashSlot)))
	assert.Less(t, m.reachable(m.L, 1<<20), int64(1<<20+1<<20), "the walk stops past its limit")
}

// TestBudgetedBuiltins: the built-in variants run under the default budget without
// a measurement ever failing, and their hooks allocate nothing extra for it.
func TestSetMemoryBudget(t *testing.T) {
	old := SetMemoryBudget(1 << 30)
	defer SetMemoryBudget(old)
	assert.Equal(t, int64(1<<30), MemoryBudget())
	assert.Equal(t, MaxString, maxString())
	SetMemoryBudget(0)
	assert.Equal(t, int64(DefaultMemoryBudget), MemoryBudget())
	SetMemoryBudget(4 << 20)
	assert.Equal(t, 1<<20, maxString())
}
