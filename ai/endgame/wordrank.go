package endgame

import "github.com/kalahlab/kalahlab/core/kalah"

// WordRanker numbers the configurations of the positions of the solver's compact
// search (two words, n <= 8 houses a side, one byte a house) with k seeds in houses
// from 0, densely and with a handful of table lookups: by the mover's seeds a first,
// then the mover's side and the opponent's, each side numbered by the seeds b in its
// first g houses, then those houses and the rest, each a small group looked up by its
// bytes. The lexicographic ranker (Ranker) walks every house with a dependent chain
// and measured 27 ns a rank; the level build ranks every child of every configuration.
type WordRanker struct {
	n, g   int // houses a side; houses in a side's first group
	maxK   int
	w      int     // maxK+1: the radix of a group's key
	pw     [4]int  // powers of w
	tlo    []int32 // by key: rank of a first group among those with its seeds
	thi    []int32 // the same for a second group (n-g houses)
	cside  []int   // cside[s]: configurations of a side with s seeds
	chi    []int   // chi[s]: configurations of a second group with s seeds
	off2   []int   // off2[a*w+b]: configurations of a side with a seeds and fewer than b in its first group
	offk   []int   // offk[k*w+a]: configurations with k seeds and fewer than a on the mover's side
	size   []int   // size[k]: configurations with k seeds
	loMask uint64
}

// NewWordRanker ranks configurations of up to maxK seeds, n houses a side.
func NewWordRanker(n, maxK int) *WordRanker {
	g := (n + 1) / 2
	w := maxK + 1
	wr := &WordRanker{n: n, g: g, maxK: maxK, w: w, loMask: 1<<(8*uint(g)) - 1}
	if g == 4 {
		wr.loMask = 0xffffffff
	}
	wr.pw[0] = 1
	for i := 1; i < 4; i++ {
		wr.pw[i] = wr.pw[i-1] * w
	}
	// cnt(h, s): configurations of s seeds in h houses.
	cnt := func(h, s int) int {
		if h == 0 {
			return b2i(s == 0)
		}
		return int(Configurations(s, h) + 0.5)
	}
	wr.tlo = groupRanks(g, maxK, w)
	wr.thi = groupRanks(n-g, maxK, w)
	wr.cside = make([]int, w)
	wr.chi = make([]int, w)
	for s := 0; s <= maxK; s++ {
		wr.cside[s] = cnt(n, s)
		wr.chi[s] = cnt(n-g, s)
	}
	wr.off2 = make([]int, w*w)
	for a := 0; a <= maxK; a++ {
		acc := 0
		for b := 0; b <= a; b++ {
			wr.off2[a*w+b] = acc
			acc += cnt(g, b) * wr.chi[a-b]
		}
	}
	wr.offk = make([]int, w*w)
	wr.size = make([]int, w)
	for k := 0; k <= maxK; k++ {
		acc := 0
		for a := 0; a <= k; a++ {
			wr.offk[k*w+a] = acc
			acc += wr.cside[a] * wr.cside[k-a]
		}
		wr.size[k] = acc
	}
	return wr
}

// groupRanks tabulates, for every group of h houses with at most maxK seeds keyed by
// its bytes in radix w, the group's lexicographic rank among those with its seeds.
func groupRanks(h, maxK, w int) []int32 {
	size := 1
	for range h {
		size *= w
	}
	t := make([]int32, size)
	next := make([]int32, maxK+1) // next rank by seeds
	var rec func(i, s, key, mul int)
	rec = func(i, s, key, mul int) {
		if i == h {
			t[key] = next[s]
			next[s]++
			return
		}
		// Lexicographic with the first house most significant: it varies slowest.
		for c := 0; s+c <= maxK; c++ {
			rec(i+1, s+c, key+c*mul, mul*w)
		}
	}
	// Enumerating house 0 in the outer loop gives, within each seed count, the order
	// by house 0, then house 1, and so on.
	rec(0, 0, 0, 1)
	return t
}

// key is a group's table index: its bytes in radix w.
func (wr *WordRanker) key(x uint64) int {
	return int(x&0xff) + wr.pw[1]*int(x>>8&0xff) + wr.pw[2]*int(x>>16&0xff) + wr.pw[3]*int(x>>24&0xff)
}

// Rank is the index of (mine, theirs) among the configurations with k seeds: the
// mover's side numbered among sides of a seeds, the opponent's among sides of k-a,
// each side by its first group's seeds b and its two groups' ranks (written out in one
// function: this runs for every child of every configuration a level build visits).
func (wr *WordRanker) Rank(mine, theirs uint64, k int) int {
	w, sh := wr.w, 8*uint(wr.g)
	a := kalah.ByteSum(mine)
	lo := mine & wr.loMask
	b := kalah.ByteSum(lo)
	rm := wr.off2[a*w+b] + int(wr.tlo[wr.key(lo)])*wr.chi[a-b] + int(wr.thi[wr.key(mine>>sh)])
	c := k - a
	lo = theirs & wr.loMask
	b = kalah.ByteSum(lo)
	rt := wr.off2[c*w+b] + int(wr.tlo[wr.key(lo)])*wr.chi[c-b] + int(wr.thi[wr.key(theirs>>sh)])
	return wr.offk[k*w+a] + rm*wr.cside[c] + rt
}

// Size is the number of configurations with k seeds.
func (wr *WordRanker) Size(k int) int { return wr.size[k] }

// sideRank numbers one side's houses x, holding a seeds, among the sides with a seeds
// (Rank's two middle terms).
func (wr *WordRanker) sideRank(x uint64, a int) int {
	lo := x & wr.loMask
	b := kalah.ByteSum(lo)
	return wr.off2[a*wr.w+b] + int(wr.tlo[wr.key(lo)])*wr.chi[a-b] + int(wr.thi[wr.key(x>>(8*uint(wr.g)))])
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Configurations is the number of ways to put s seeds in p houses, C(s+p-1, p-1), as a
// float (it sizes tables; rounded, it counts a level's configurations).
func Configurations(s, p int) float64 {
	c := 1.0
	for i := 1; i < p; i++ {
		c = c * float64(s+i) / float64(i)
	}
	return c
}
