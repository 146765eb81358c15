package kalahsolve

import (
	"sync"
	"sync/atomic"
)

// Several threads on one compact search. Every thread searches the same null-window
// pass from the root and they share the table, splitting the work as in simplified
// ABDADA: at a node with many seeds left, a thread leaves for later a child that
// another thread is searching at that moment, and by the time it comes back to it the
// other thread's result is usually in the table. Without the deferral, two threads
// on Kalah(6,4) walked the same lines (twice the nodes, slower than one thread); with
// it they visit 12% more nodes than one thread and finish 1.5-1.7x sooner. The first
// thread's value is the pass's value; the others stop when it is done. Values are
// exact whatever the threads do; the node counts, and which of several equally good
// moves the principal variation shows, can differ between runs.

// splitSeeds is the fewest seeds in houses at which a node defers busy children: below
// it subtrees are too small to be worth a mark (16 to 40 measured alike on
// Kalah(6,4); the deferrals near the root are the ones that count).
const splitSeeds = 22

// busyTable marks the positions some thread is searching, by hash; a collision only
// changes the order in which a thread takes its children.
type busyTable struct {
	slots []atomic.Uint64
	mask  uint64
}

func newBusyTable() *busyTable {
	const n = 1 << 14
	return &busyTable{slots: make([]atomic.Uint64, n), mask: n - 1}
}

// enter marks h busy. It reports false when another thread has marked h, and whether
// this call made a mark (to be undone with leave).
func (bt *busyTable) enter(h uint64) (free, marked bool) {
	s := &bt.slots[h&bt.mask]
	if s.CompareAndSwap(0, h) {
		return true, true
	}
	return s.Load() != h, false
}

func (bt *busyTable) leave(h uint64) {
	bt.slots[h&bt.mask].CompareAndSwap(h, 0)
}

// lookup returns the table's entry for (mine, theirs) in b. With several threads the
// bucket is read under its sequence number: an odd number or one that changed during
// the read means a write was under way, and the read counts as a miss.
func (solver *kalahSolver) lookup(b *bucket, mine, theirs uint64) (entry, bool) {
	if !solver.shared {
		if slot := b.probe(mine, theirs); slot >= 0 {
			return entry(b.data[slot]), true
		}
		return 0, false
	}
	s := atomic.LoadUint32(&b.seq)
	if s&1 != 0 {
		return 0, false
	}
	var d uint32
	for i := range b.key {
		if atomic.LoadUint64(&b.key[i][0]) == mine && atomic.LoadUint64(&b.key[i][1]) == theirs {
			d = atomic.LoadUint32(&b.data[i])
			break
		}
	}
	if d == 0 || atomic.LoadUint32(&b.seq) != s {
		return 0, false
	}
	return entry(d), true
}

// record stores the bounds lo..hi, best move and work of (mine, theirs) in b, narrowed
// by the bounds b already holds for it; a new position takes the slot of the entry
// that cost the least work. With several threads a writer first makes the bucket's
// sequence number odd; when another thread is writing the bucket, this write is
// dropped (the table loses entries all the time anyway).
func (solver *kalahSolver) record(b *bucket, mine, theirs uint64, lo, hi, move, work int) {
	if !solver.shared {
		slot := b.probe(mine, theirs)
		if slot >= 0 {
			d := entry(b.data[slot])
			lo, hi = max(lo, d.lower()), min(hi, d.upper())
		} else {
			slot = b.victim()
		}
		b.key[slot] = [2]uint64{mine, theirs}
		b.data[slot] = packEntry(lo, hi, move, work)
		return
	}
	s := atomic.LoadUint32(&b.seq)
	if s&1 != 0 || !atomic.CompareAndSwapUint32(&b.seq, s, s+1) {
		return
	}
	slot, victim := -1, 0
	var vd entry
	for i := range b.key {
		d := entry(atomic.LoadUint32(&b.data[i]))
		if d != 0 && atomic.LoadUint64(&b.key[i][0]) == mine && atomic.LoadUint64(&b.key[i][1]) == theirs {
			slot = i
			lo, hi = max(lo, d.lower()), min(hi, d.upper())
			break
		}
		if i == 0 || (vd != 0 && (d == 0 || d.work() < vd.work())) {
			victim, vd = i, d
		}
	}
	if slot < 0 {
		slot = victim
	}
	atomic.StoreUint64(&b.key[slot][0], mine)
	atomic.StoreUint64(&b.key[slot][1], theirs)
	atomic.StoreUint32(&b.data[slot], packEntry(lo, hi, move, work))
	atomic.StoreUint32(&b.seq, s+2)
}

// rootValue is compactValue from the root (mine, theirs) within (alpha, beta), on
// every thread.
func (solver *kalahSolver) rootValue(mine, theirs uint64, alpha, beta int) (int, error) {
	if solver.threads <= 1 {
		return solver.compactValue(mine, theirs, alpha, beta, 0)
	}
	var halt atomic.Bool
	var wg sync.WaitGroup
	helpers := make([]*kalahSolver, solver.threads-1)
	for i := range helpers {
		h := *solver
		h.nodes, h.halt = 0, &halt
		helpers[i] = &h
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, _ = h.compactValue(mine, theirs, alpha, beta, 0) // its results are in the table
		}()
	}
	v, err := solver.compactValue(mine, theirs, alpha, beta, 0)
	halt.Store(true)
	wg.Wait()
	for _, h := range helpers {
		solver.nodes += h.nodes
	}
	return v, err
}
