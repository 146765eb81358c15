package sandbox

import (
	"time"

	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMeasure checks the estimate of a state's size against what it holds.
func TestMeasure(t *testing.T) {
	defer SetLimits(SetLimits(time.Hour, time.Hour)) // a measurement, not a time limit: no race with the clock
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

// TestBudgetOvershoot: a hook that keeps what it builds, in any of the shapes Lua data
// takes, is stopped before the live heap it holds passes 1.25 times the budget plus
// one string (the bound budget.go documents): the heap is measured (after a
// collection, the state still holding what it built), not estimated.
func TestBudgetOvershoot(t *testing.T) {
	if raceEnabled {
		t.Skip("a measurement of the heap, with nothing shared between goroutines: the plain run covers it (under -race it takes minutes)")
	}
	const budget = 32 << 20
	defer SetMemoryBudget(SetMemoryBudget(budget))
	defer SetLimits(SetLimits(time.Hour, time.Hour)) // memory, not time: no race with the clock
	bound := int64(budget)*5/4 + int64(maxString())
	for _, c := range []struct{ name, body string }{
		{"long strings", `keep[#keep + 1] = string.rep("x", 50000) .. #keep`},
		{"short strings", `keep[#keep + 1] = "s" .. #keep`},
		{"a string doubling", `s = s .. s .. "x" keep[1] = s`},
		{"numbers", `keep[#keep + 1] = #keep + 0.5`},
		{"one number kept of every 32 made", `for i = 1, 31 do local x = i + 0.5 end keep[#keep + 1] = #keep + 0.5`},
		{"tables of tables", `keep[#keep + 1] = { #keep, { "a", "b" }, x = #keep }`},
		{"records with string keys", `local t = {} for i = 1, 20 do t["k" .. i] = i end keep[#keep + 1] = t`},
		{"one table with many keys", `keep["k" .. n] = true n = n + 1`},
		{"empty tables", `keep[#keep + 1] = {}`},
		{"closures", `local k = #keep keep[k + 1] = function() return k end`},
	} {
		t.Run(c.name, func(t *testing.T) {
			heap0 := liveHeap()
			v, fn := hookOf(t, "grow.lua", "local keep, s, n = {}, \"x\", 0\nreturn function()\n  while true do\n    "+c.body+"\n  end\nend")
			defer v.Close()
			err := callHook(v, fn)
			held := liveHeap() - heap0
			require.Error(t, err)
			assert.Regexp(t, "memory budget exceeded|string too long", err.Error())
			t.Logf("%.1f MiB held at the error: %.2f x the budget of %d MiB (bound %.1f MiB)",
				float64(held)/(1<<20), float64(held)/budget, budget>>20, float64(bound)/(1<<20))
			assert.Less(t, held, bound, "at most 1.25 x the budget plus one string")
		})
	}
}
