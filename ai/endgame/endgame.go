// Package endgame holds the complete Kalah endgame databases of the exact solver
// (ai/solve/kalahsolve) and their file format: for every configuration of the houses
// with up to k seeds in them, the exact store-free value (the mover's final margin minus the
// current store difference). It numbers the configurations (Ranker, WordRanker),
// builds a database level by level on all cores (Open), and keeps the levels in files
// that every board with the same rules shares (file.go).
package endgame

import (
	"math"
	"runtime"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/kalahlab/kalahlab/ai/internal/mem"
	"github.com/kalahlab/kalahlab/core/kalah"
)

// Kalah endgame databases. Captured seeds never return to play, so a Kalah position's
// store-free value (the mover's final margin minus the current store difference)
// depends on the houses alone, and a move either keeps the seeds in houses or lowers
// them. The positions with k seeds in houses therefore form a level whose values
// depend only on that level and the ones below, and a database holds, for each level
// up to a limit, the exact value of every configuration of the houses.
//
// A level is an array of bytes indexed by the configuration's rank (WordRanker in the
// solver's compact search and in the files, Ranker in its general search); a byte
// holds the value v as uint8(v)^0x80, so that 0 (v = -128, never a value) means not
// yet computed and fresh zeroed memory is an empty level.

// Encode encodes a value for a database level; Decode decodes it.
func Encode(v int) uint8 { return uint8(int8(v)) ^ 0x80 }

// Decode is the value of a level's byte b (not Empty).
func Decode(b uint8) int { return int(int8(b ^ 0x80)) }

// Empty is the byte of a configuration not yet computed.
const Empty = 0

// Outcomes of a move (kid.next).
const (
	kidOther = iota // the opponent moves next
	kidAgain        // an extra turn: the mover moves again
	kidOver         // the game is over
)

// Ranker numbers the configurations of k seeds in p houses (the mover's houses in
// track order, then the opponent's) from 0 in lexicographic order, the first house
// most significant.
type Ranker struct {
	parts int     // houses on the board
	maxK  int     // most seeds ranked
	step  []int32 // step[(i*(maxK+1)+r)*(maxK+1)+h]: configurations before house i holds h of the r seeds left
	size  []int   // size[k]: configurations of k seeds (0 past the int range)
}

// NewRanker ranks configurations of up to maxK seeds in parts houses.
func NewRanker(parts, maxK int) *Ranker {
	// pre[p][s]: configurations of at most s seeds in p houses (compositions of 0..s).
	pre := make([][]int, parts+1)
	for p := range pre {
		pre[p] = make([]int, maxK+1)
		for s := 0; s <= maxK; s++ {
			c := 0 // configurations of exactly s seeds in p houses
			switch {
			case p == 0 && s == 0:
				c = 1
			case p > 0:
				c = pre[p-1][s]
			}
			pre[p][s] = c
			if s > 0 {
				pre[p][s] = min(pre[p][s]+pre[p][s-1], math.MaxInt/4) // saturate: such tables never fit
			}
		}
	}
	rk := &Ranker{parts: parts, maxK: maxK, size: make([]int, maxK+1)}
	w := maxK + 1
	rk.step = make([]int32, parts*w*w)
	for i := 0; i < parts; i++ {
		p := parts - i - 1 // houses after house i
		for r := 0; r <= maxK; r++ {
			for h := 1; h <= r; h++ {
				// House i holding 0..h-1 leaves r..r-h+1 seeds to the p houses after it.
				v := pre[p][r]
				if r-h >= 0 {
					v -= pre[p][r-h]
				}
				rk.step[(i*w+r)*w+h] = int32(min(v, math.MaxInt32)) // only levels that fit in memory are ranked
			}
		}
	}
	for k := 0; k <= maxK; k++ {
		rk.size[k] = pre[parts][k]
		if k > 0 {
			rk.size[k] -= pre[parts][k-1]
		}
	}
	return rk
}

// Rank is the lexicographic index of houses (the mover's, then the opponent's) among
// the configurations with k seeds.
func (rk *Ranker) Rank(houses []uint8, k int) int {
	w := rk.maxK + 1
	idx, r := 0, k
	for i, h := range houses[:rk.parts-1] {
		if h > 0 {
			idx += int(rk.step[(i*w+r)*w+int(h)])
			r -= int(h)
		}
	}
	return idx
}

// levelBytes allocates a zeroed (empty) level of n configurations, as words so that a
// parallel build can update its bytes atomically; the free function releases it.
func levelBytes(n int) ([]uint32, []uint8, func()) {
	words, free := mem.Alloc[uint32]((n + 3) / 4)
	if len(words) == 0 {
		return nil, nil, free
	}
	return words, byteView(words, n), free
}

// byteView is the first n bytes of words, as bytes.
func byteView(words []uint32, n int) []uint8 {
	return unsafe.Slice((*uint8)(unsafe.Pointer(&words[0])), n)
}

// Size is the number of configurations of k seeds.
func (rk *Ranker) Size(k int) int { return rk.size[k] }

// LevelsWithin is the highest level k such that levels 0..k take at most bytes (one
// byte a configuration), -1 when level 0 alone is too big.
func (rk *Ranker) LevelsWithin(bytes int) int {
	k, used := -1, 0
	for k+1 <= rk.maxK && used+rk.size[k+1] <= bytes {
		k++
		used += rk.size[k]
	}
	return k
}

// littleEndian tells how the bytes of a word are laid out in memory.
var littleEndian = func() bool {
	x := uint16(1)
	return *(*byte)(unsafe.Pointer(&x)) == 1
}()

// laneShift is the shift of byte i within its word.
func laneShift(i int) uint {
	if littleEndian {
		return 8 * uint(i&3)
	}
	return 8 * uint(3-i&3)
}

// SharedLevel is a level being filled by several threads: the words of its bytes,
// updated with atomic operations. Two builders may compute the same configuration (a
// move that leaves every seed in the houses leads to another configuration of the
// level), and solver threads fill the lazy database together.
type SharedLevel struct {
	words []uint32
}

// NewSharedLevel returns an empty level of n configurations (n > 0) on the heap,
// shared, and the same memory as bytes (for a single thread).
func NewSharedLevel(n int) (SharedLevel, []uint8) {
	words := make([]uint32, (n+3)/4)
	return SharedLevel{words}, byteView(words, n)
}

// Load reads the byte of configuration i.
func (l SharedLevel) Load(i int) uint8 {
	return uint8(atomic.LoadUint32(&l.words[i>>2]) >> laneShift(i))
}

// Store writes b as the byte of configuration i.
func (l SharedLevel) Store(i int, b uint8) {
	p := &l.words[i>>2]
	sh := laneShift(i)
	for {
		old := atomic.LoadUint32(p)
		if atomic.CompareAndSwapUint32(p, old, old&^(0xff<<sh)|uint32(b)<<sh) {
			return
		}
	}
}

// builder fills one level from the complete levels below it. A configuration's
// moves lead to lower levels (seeds reach a store) or to the same level (a move that
// stays on the mover's side). The latter raises the potential P, the sum over houses
// of seeds times their distance from the side's start, which the swap of sides leaves
// alone; so the level is computed in order of falling P, and every same-level child is
// ready when its parent is computed. Each configuration's children are probed a few
// configurations after it was generated, their memory prefetched meanwhile: the
// probes spread over hundreds of megabytes (less so in buildLevel's order), and this
// way their trips to memory overlap.
type builder struct {
	sw     *kalah.Sower
	rk     *WordRanker
	levels [][]uint8 // complete levels 0..k-1
	k      int
	cur    SharedLevel
	ring   [pipeDepth]pending
	head   int // next slot to fill
	count  int // slots in flight
	// A direct-mapped cache of side ranks (sideOf).
	cacheKey [64]uint64
	cacheVal [64]int32
}

// sideOf is rk.sideRank(x, a) through the builder's cache (a is x's seeds, so x alone
// is the key; no side is all zeros here, which marks an empty slot).
func (b *builder) sideOf(x uint64, a int) int {
	h := x * 0x9e3779b97f4a7c15 >> 58
	if b.cacheKey[h] == x {
		return int(b.cacheVal[h])
	}
	v := b.rk.sideRank(x, a)
	b.cacheKey[h], b.cacheVal[h] = x, int32(v)
	return v
}

// pipeDepth is how many configurations are in flight between generation and probing.
const pipeDepth = 16

// pending is a configuration waiting for its children's values.
type pending struct {
	idx  int
	n    int
	kids [8]kid
}

// kid is a move's outcome: the gain and, unless the game ended, the child.
type kid struct {
	mine, theirs uint64
	idx          int
	r            int
	gain         int
	next         int // kidOver, kidAgain or kidOther
}

// value is the store-free value of (mine, theirs), r seeds in houses (r <= k),
// computed into the level when missing (a same-level child another worker has not
// reached yet).
func (b *builder) value(mine, theirs uint64, r, idx int) int {
	if r < b.k {
		return Decode(b.levels[r][idx])
	}
	if v := b.cur.Load(idx); v != Empty {
		return Decode(v)
	}
	var p pending
	b.expand(&p, mine, theirs, idx)
	v := b.best(&p)
	b.cur.Store(idx, Encode(v))
	return v
}

// expand lists the moves of (mine, theirs) into p and prefetches the children.
func (b *builder) expand(p *pending, mine, theirs uint64, idx int) {
	p.idx, p.n = idx, 0
	for i, x := 0, mine; x != 0; i, x = i+1, x>>8 {
		if x&0xff == 0 {
			continue
		}
		m2, t2, gain, extra := b.sw.Sow(mine, theirs, i)
		kid := &p.kids[p.n]
		p.n++
		kid.gain = gain
		switch {
		case m2 == 0 || t2 == 0:
			kid.gain += b.sw.EndCount(m2, t2)
			kid.next = kidOver
			continue
		case extra:
			kid.mine, kid.theirs, kid.next = m2, t2, kidAgain
		default:
			kid.mine, kid.theirs, kid.next = t2, m2, kidOther
		}
		kid.r = b.k - gain
		// The opponent's side after the move (t2) repeats across the configurations
		// of a unit, so its rank comes from a small cache.
		rk, w := b.rk, b.rk.w
		if kid.next == kidOther {
			a := kalah.ByteSum(t2)
			kid.idx = rk.offk[kid.r*w+a] + b.sideOf(t2, a)*rk.cside[kid.r-a] + rk.sideRank(m2, kid.r-a)
		} else {
			a := kalah.ByteSum(m2)
			kid.idx = rk.offk[kid.r*w+a] + rk.sideRank(m2, a)*rk.cside[kid.r-a] + b.sideOf(t2, kid.r-a)
		}
		if kid.r < b.k {
			mem.Prefetch(unsafe.Pointer(&b.levels[kid.r][kid.idx]))
		} else {
			mem.Prefetch(unsafe.Pointer(&b.cur.words[kid.idx>>2]))
		}
	}
}

// best is the value of a pending configuration from its children's.
func (b *builder) best(p *pending) int {
	best := math.MinInt // every configuration here has a move
	for j := range p.n {
		kid := &p.kids[j]
		v := kid.gain
		switch kid.next {
		case kidAgain:
			v += b.value(kid.mine, kid.theirs, kid.r, kid.idx)
		case kidOther:
			v -= b.value(kid.mine, kid.theirs, kid.r, kid.idx)
		}
		best = max(best, v)
	}
	return best
}

// push queues a configuration, finishing the oldest one when the pipeline is full.
func (b *builder) push(mine, theirs uint64, idx int) {
	if b.count == pipeDepth {
		b.pop()
	}
	mem.Prefetch(unsafe.Pointer(&b.cur.words[idx>>2])) // its own byte, written when it pops
	b.expand(&b.ring[b.head], mine, theirs, idx)
	b.head = (b.head + 1) % pipeDepth
	b.count++
}

// pop finishes the oldest configuration in flight.
func (b *builder) pop() {
	p := &b.ring[(b.head-b.count+pipeDepth)%pipeDepth]
	b.cur.Store(p.idx, Encode(b.best(p)))
	b.count--
}

// drain finishes every configuration in flight.
func (b *builder) drain() {
	for b.count > 0 {
		b.pop()
	}
}

// sideConf is one side's houses with their rank among sides with as many seeds.
type sideConf struct {
	houses uint64
	rank   int
}

// sideConfigs lists the configurations of one side of n houses by seeds s <= k and
// potential p (the seeds times their distances from the side's start): sides[s][p].
func sideConfigs(rk *WordRanker, n, k int) [][][]sideConf {
	sides := make([][][]sideConf, k+1)
	for s := range sides {
		sides[s] = make([][]sideConf, s*(n-1)+1)
	}
	var rec func(i, s, p int, x uint64)
	rec = func(i, s, p int, x uint64) {
		if i == n {
			sides[s][p] = append(sides[s][p], sideConf{x, rk.sideRank(x, s)})
			return
		}
		for h := 0; s+h <= k; h++ {
			rec(i+1, s+h, p+i*h, x|uint64(h)<<(8*uint(i)))
		}
	}
	rec(0, 0, 0, 0)
	return sides
}

// buildLevel computes level k (every configuration with k seeds in houses and seeds on
// both sides; a side with no seeds is a finished game and never probed) from the
// levels below, on all cores, in order of falling potential. Within a potential the
// opponent's side varies slowest: most moves sow into the opponent's side and hand
// it the move, and the children of configurations that share the opponent's side and
// the moved house's count then lie together in the level below (their movers' side is
// the same), so a level's probes reuse cache lines instead of landing anywhere in it.
// It returns false, leaving the level unfinished, when stop (checked between pieces
// of work) says so.
func buildLevel(sw *kalah.Sower, rk *WordRanker, sides [][][]sideConf, levels [][]uint8, k int, words []uint32, stop func() bool) bool {
	n := sw.Houses()
	// A unit: every configuration with potential pot whose opponent's side holds t
	// seeds with potential pt.
	type unit struct{ pot, t, pt int }
	var units []unit
	for pot := 2 * k * (n - 1); pot >= 0; pot-- {
		for t := 1; t < k; t++ {
			for pt := 0; pt < len(sides[t]); pt++ {
				pm := pot - pt
				if pm >= 0 && pm < len(sides[k-t]) && len(sides[t][pt]) > 0 && len(sides[k-t][pm]) > 0 {
					units = append(units, unit{pot, t, pt})
				}
			}
		}
	}
	var next atomic.Int64
	var stopped atomic.Bool
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			b := &builder{sw: sw, rk: rk, levels: levels, k: k, cur: SharedLevel{words: words}}
			for j := 0; ; j++ {
				u := int(next.Add(1)) - 1
				if u >= len(units) || stopped.Load() {
					b.drain()
					return
				}
				if j&63 == 0 && stop != nil && stop() {
					stopped.Store(true)
				}
				un := units[u]
				ms := sides[k-un.t][un.pot-un.pt]
				base := rk.offk[k*rk.w+k-un.t]
				stride := rk.cside[un.t]
				for _, th := range sides[un.t][un.pt] {
					for _, m := range ms {
						b.push(m.houses, th.houses, base+m.rank*stride+th.rank)
					}
				}
			}
		}()
	}
	wg.Wait()
	return !stopped.Load()
}
