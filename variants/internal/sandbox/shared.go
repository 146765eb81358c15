package sandbox

import (
	"fmt"
	"runtime"
	"runtime/metrics"
	"sync"
	"sync/atomic"
)

// The shared memory budget.
//
// Each state's own budget (SetMemoryBudget) bounds one script; a process that runs
// many scripts at once (kalahlab serve: every check and study of every session) needs
// a bound on their sum too. SetTotalMemoryBudget sets one, shared by every state of the
// process: each state counts what it holds (its last measurement, plus the strings and
// table gaps charged since, in steps of at most sharedFlush bytes) in one process-wide
// total, TotalMemoryInUse. A state whose measurement or charge takes the total past the
// shared budget fails its running call with an error naming the shared budget (and once
// failed, the call fails at every later check, as for its own budget). A state gives
// back what it counts when it is closed (Close), when it is collected (a game value
// dropped without Close), and at the end of every call that grew it (the call is
// measured again then, so that only what the state keeps between calls stays counted).
//
// While the shared budget is set, a state also measures itself sooner: when the
// process has allocated half of what is left of the shared budget (at least
// minSharedSlack), where alone it waits for a quarter of its own budget. The heap is the
// process's, so every running state notices any one's growth within a few thousand Lua
// steps; the total so overshoots the shared budget by at most about half of what was
// left, plus, per running state, sharedFlush bytes, one string and the growth of a few
// thousand steps. 0 (the default, and the CLI's) is no shared budget; the total is
// kept all the same.

// sharedBudget is the shared budget in force (0: none), sharedInUse the total the
// states count against it.
var sharedBudget, sharedInUse atomic.Int64

// sharedFlush is how many bytes a state charges before it adds them to the total.
const sharedFlush = 64 << 10

// minSharedSlack is the least growth between two measurements of a state under the
// shared budget (a nearly used-up budget would otherwise make every state measure itself
// at every check).
const minSharedSlack = 1 << 20

// SetTotalMemoryBudget sets the memory budget shared by all Lua states of the process,
// in bytes (0 or less: none, the default), and returns the previous one. Each state
// stays within its own budget (SetMemoryBudget) as well. It applies from each state's
// next measurement on; set it before starting scripts (kalahlab serve does).
func SetTotalMemoryBudget(bytes int64) int64 {
	return sharedBudget.Swap(max(bytes, 0))
}

// TotalMemoryBudget returns the shared memory budget (0: none).
func TotalMemoryBudget() int64 { return sharedBudget.Load() }

// TotalMemoryInUse returns the bytes all Lua states of the process count against the
// shared budget: the sum of their last measurements and of the bytes charged since
// (see above). States closed or collected count nothing.
func TotalMemoryInUse() int64 { return sharedInUse.Load() }

// share is what one state counts in the total. It is an object of its own, so that the
// cleanup of a collected VM can give it back without keeping the VM alive.
type share struct{ held atomic.Int64 }

// release gives back everything s counts.
func (s *share) release() { sharedInUse.Add(-s.held.Swap(0)) }

// newShare makes v's share of the total, counting the size of a new state, and
// arranges for it to be given back when v is collected.
func (v *VM) newShare(size int64) {
	s := &share{}
	v.mem.share = s
	v.mem.held = 0
	v.setHeld(size)
	runtime.AddCleanup(v, (*share).release, s)
}

// setHeld makes the state count n bytes in the total and returns the new total.
func (v *VM) setHeld(n int64) int64 {
	m := &v.mem
	if m.share == nil {
		return sharedInUse.Load()
	}
	d := n - m.held
	m.held = n
	m.share.held.Add(d)
	return sharedInUse.Add(d)
}

// sharedSlack bounds a state's slack (the growth before its next measurement) by half
// of what is left of the shared budget, when there is one.
func sharedSlack(slack int64) int64 {
	b := sharedBudget.Load()
	if b <= 0 {
		return slack
	}
	return min(slack, max((b-sharedInUse.Load())/2, minSharedSlack))
}

// overShared reports whether total is past the shared budget. Before saying so, it
// collects garbage (one goroutine at a time, and at most once per gcEvery of the
// process's allocation, so that a budget that stays used up does not make every
// measurement collect): states dropped without Close give their share back only when
// collected.
func overShared(total int64) bool {
	b := sharedBudget.Load()
	if b <= 0 || total <= b {
		return false
	}
	if collecting.TryLock() {
		if a := allocated(); a-lastGC >= gcEvery || lastGC == 0 {
			runtime.GC()
			for range 8 { // the cleanups run on a goroutine of their own
				runtime.Gosched()
			}
			lastGC = max(allocated(), 1)
		}
		collecting.Unlock()
	}
	return sharedInUse.Load() > b
}

// collecting is held by the goroutine that collects garbage for overShared; lastGC
// (under it) is the process's allocation count at that collection.
var (
	collecting sync.Mutex
	lastGC     uint64
)

// gcEvery is how much the process allocates between two collections of overShared.
const gcEvery = 64 << 20

// allocated is the bytes the process has allocated so far (runtime/metrics).
func allocated() uint64 {
	s := []metrics.Sample{{Name: "/gc/heap/allocs:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return s[0].Value.Uint64()
}

// sharedMessage is the error of a state that finds the shared budget used up.
func (v *VM) sharedMessage() string {
	return fmt.Sprintf("shared memory budget exceeded: the Lua scripts running in this process together hold %s, more than the %s they share (this script holds %s; its own budget is %s): try again once other scripts have finished",
		fmtBytes(sharedInUse.Load()), fmtBytes(sharedBudget.Load()), fmtBytes(v.mem.held), fmtBytes(memBudget.Load()))
}

// fmtBytes writes a size as people read it: 512 KiB, 3.2 MiB, 1.0 GiB.
func fmtBytes(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GiB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}
