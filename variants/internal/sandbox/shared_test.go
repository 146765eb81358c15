package sandbox

import (
	"fmt"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	lua "github.com/yuin/gopher-lua"
)

// hookOf runs src (a chunk returning a function) in a new VM and returns the VM with
// the function.
func hookOf(t *testing.T, name, src string) (*VM, *lua.LFunction) {
	t.Helper()
	proto, _, err := Compile(name, []byte(src))
	require.NoError(t, err)
	v := New()
	rets, err := v.Run(proto)
	require.NoError(t, err)
	require.Len(t, rets, 1)
	fn, ok := rets[0].(*lua.LFunction)
	require.True(t, ok, "the chunk returns a function")
	return v, fn
}

// callHook calls fn in v without arguments and returns its error.
func callHook(v *VM, fn *lua.LFunction) error {
	v.L.Push(fn)
	return v.Call(0, 0)
}

// liveHeap is the bytes of the live heap, after a collection.
func liveHeap() int64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return int64(ms.HeapAlloc)
}

// TestSharedBudget: states running at once, each growing without end (strings, tables
// of tables, long arrays), all stop with an error, at least one naming the shared
// budget; the heap they hold together stays within the shared budget's bound (half of
// it again, plus a megabyte per state: shared.go); the total is given back when they
// are closed.
func TestSharedBudget(t *testing.T) {
	const shared, own, states = 48 << 20, 24 << 20, 12
	defer SetTotalMemoryBudget(SetTotalMemoryBudget(shared))
	defer SetMemoryBudget(SetMemoryBudget(own))
	defer SetLimits(SetLimits(time.Hour, time.Hour)) // memory, not time: no race with the clock
	bodies := []string{
		`keep[#keep + 1] = string.rep("x", 50000) .. #keep`,
		`keep[#keep + 1] = { #keep, { "a", "b" }, x = #keep }`,
		`keep[#keep + 1] = #keep`,
	}
	before := TotalMemoryInUse()
	heap0 := liveHeap()
	vms := make([]*VM, states)
	fns := make([]*lua.LFunction, states)
	for i := range vms {
		vms[i], fns[i] = hookOf(t, fmt.Sprintf("bomb%d.lua", i),
			"local keep = {}\nreturn function()\n  while true do\n    "+bodies[i%len(bodies)]+"\n  end\nend")
	}
	errs := make([]error, states)
	var wg sync.WaitGroup
	for i := range vms {
		wg.Go(func() { errs[i] = callHook(vms[i], fns[i]) })
	}
	finished := make(chan struct{})
	var peak atomic.Int64 // the total, sampled while the states run
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			peak.Store(max(peak.Load(), TotalMemoryInUse()-before))
			select {
			case <-finished:
				return
			case <-time.After(time.Millisecond):
			}
		}
	}()
	wg.Wait()
	close(finished)
	<-done
	held := liveHeap() - heap0 // each state keeps what it built (keep is an upvalue)
	sharedErrs := 0
	for i, err := range errs {
		require.Error(t, err, "state %d", i)
		assert.Contains(t, err.Error(), "memory budget exceeded", "state %d", i)
		assert.Regexp(t, fmt.Sprintf(`^bomb%d\.lua:[34]: `, i), err.Error())
		if strings.Contains(err.Error(), "shared memory budget exceeded") {
			sharedErrs++
		}
	}
	assert.Positive(t, sharedErrs, "some state finds the shared budget used up: %v", errs)
	t.Logf("%d states: %.1f MiB held together (shared budget %d MiB), total counted %.1f MiB (at most %.1f MiB seen), %d stopped by the shared budget",
		states, float64(held)/(1<<20), shared>>20, float64(TotalMemoryInUse()-before)/(1<<20), float64(peak.Load())/(1<<20), sharedErrs)
	assert.Less(t, peak.Load(), int64(shared*3/2+states<<20), "the total stays within 1.5 x the shared budget, and a megabyte a state")
	assert.Less(t, held, int64(shared*3/2+states<<20), "so does the heap the states hold")
	for _, v := range vms {
		v.Close()
	}
	assert.LessOrEqual(t, TotalMemoryInUse(), before, "closed states count nothing")
}

// TestSharedTotalGivenBack: a new state counts its size in the total; a state gives it
// back when closed, and when collected without Close; under a shared budget, a call's
// temporaries count only while it runs.
func TestSharedTotalGivenBack(t *testing.T) {
	defer SetLimits(SetLimits(time.Hour, time.Hour))
	defer SetTotalMemoryBudget(SetTotalMemoryBudget(1 << 30))
	runtime.GC()
	before := TotalMemoryInUse()
	v, fn := hookOf(t, "tmp.lua", `local keep = {}
return function()
  local t = {}
  for i = 1, 50000 do t[i] = "s" .. i end -- garbage once the call ends
  keep[1] = string.rep("k", 1000000) -- kept
end`)
	base := TotalMemoryInUse() - before
	assert.Positive(t, base, "a new state counts its size")
	assert.Less(t, base, int64(1<<20))
	require.NoError(t, callHook(v, fn))
	kept := TotalMemoryInUse() - before
	assert.Greater(t, kept, int64(1000000), "the kept string counts")
	assert.Less(t, kept, base+1000000+1<<20, "the call's table, garbage now, does not")
	v.Close()
	assert.Equal(t, before, TotalMemoryInUse(), "a closed state counts nothing")
	func() {
		w, fn := hookOf(t, "tmp2.lua", `local keep = {} return function() keep[1] = string.rep("k", 1000000) end`)
		require.NoError(t, callHook(w, fn))
	}()
	assert.Eventually(t, func() bool { runtime.GC(); return TotalMemoryInUse() <= before },
		time.Minute, 10*time.Millisecond, "a collected state counts nothing")
}
