package kalahsolve

import (
	"math/bits"
	"unsafe"

	"github.com/kalahlab/kalahlab/ai/endgame"
	"github.com/kalahlab/kalahlab/ai/internal/mem"
	"github.com/kalahlab/kalahlab/ai/solve/internal/mtd"
	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/kalah"
)

// The compact search below handles the rules of the word board (kalah.Rules.WordBoard:
// no hooks, store sowing, no origin skipping, either_side_empty; either capture rule;
// remaining owner or discard; at most 8 houses a side) on its two words: the mover's
// houses and the opponent's, one byte a house in track order, moves played by the
// game's kalah.Sower. Positions are always seen from the mover, so a position and its
// mirror image share table entries and the value needs no sign bookkeeping beyond the
// change of mover.

// setupCompact readies the compact search for g, with seeds in houses at the root,
// with a table of at most about ttMB megabytes.
func (solver *kalahSolver) setupCompact(g *kalah.Game, ttMB, seeds int) {
	solver.compact, solver.sower = true, g.Sower()
	// No more buckets than a third of the configurations of the seeds in houses: a
	// small board then takes a small table (touching a fresh page costs its zeroing).
	need := endgame.Configurations(seeds, 2*solver.houses)/3 + 1
	n := uint64(1)
	for n*2*uint64(unsafe.Sizeof(bucket{})) <= uint64(max(ttMB, 1))<<20 && float64(n) < need {
		n *= 2
	}
	solver.buckets, solver.free = mem.Alloc[bucket](int(n))
	solver.bucketMask = n - 1
}

// bucket is one cache line of the compact search's table: three positions (the
// mover's houses and the opponent's) with their bounds. A new position replaces the
// entry that cost the least work to search, so the expensive results near the root
// survive the millions of cheap ones below.
type bucket struct {
	key  [3][2]uint64
	data [3]uint32 // entry; 0 for an empty slot
	seq  uint32    // odd while a thread writes the bucket (threads.go)
}

// entry is a table entry packed in a word: lower and upper bound (+128), best move
// (+1) and work (log2 of the nodes searched).
type entry uint32

// packEntry packs an entry (as a bucket's data holds it).
func packEntry(lower, upper, move, work int) uint32 {
	return uint32(lower+128) | uint32(upper+128)<<8 | uint32(move+1)<<16 | uint32(work)<<24
}

func (d entry) lower() int { return int(d&0xff) - 128 }
func (d entry) upper() int { return int(d>>8&0xff) - 128 }
func (d entry) move() int  { return int(d>>16&0xff) - 1 }
func (d entry) work() int  { return int(d >> 24) }

// probe returns the slot holding (mine, theirs) in b, or -1.
func (b *bucket) probe(mine, theirs uint64) int {
	for i := range b.key {
		if b.key[i][0] == mine && b.key[i][1] == theirs && b.data[i] != 0 {
			return i
		}
	}
	return -1
}

// victim returns the slot a new position takes: an empty one, else the cheapest.
func (b *bucket) victim() int {
	v := 0
	for i := 1; i < len(b.data); i++ {
		if b.data[i] == 0 || (b.data[v] != 0 && entry(b.data[i]).work() < entry(b.data[v]).work()) {
			v = i
		}
	}
	return v
}

// kid is a move of a node with its outcome: the child position seen from the child's
// mover, the mover's gain and what follows.
type kid struct {
	mine, theirs uint64
	gain         int16
	house        int8
	next         int8  // kidOver, kidAgain (extra turn) or kidOther
	db           int32 // the child's index in its database level, -1 when it has none
}

const (
	kidOther = iota
	kidAgain
	kidOver
)

// visit is the kid's value for the parent's mover, searched within (alpha, beta).
func (solver *kalahSolver) visit(k *kid, alpha, beta, ply int) (int, error) {
	gain := int(k.gain)
	switch {
	case k.next == kidOver:
		return gain, nil
	case k.db >= 0:
		if err := solver.tick(); err != nil {
			return 0, err
		}
		cv, err := solver.compactDBAt(k.mine, k.theirs, kalah.ByteSum(k.mine)+kalah.ByteSum(k.theirs), int(k.db), ply)
		if k.next == kidAgain {
			return gain + cv, err
		}
		return gain - cv, err
	case k.next == kidAgain:
		cv, err := solver.compactValue(k.mine, k.theirs, alpha-gain, beta-gain, ply+1)
		return gain + cv, err
	default:
		cv, err := solver.compactValue(k.mine, k.theirs, gain-beta, gain-alpha, ply+1)
		return gain - cv, err
	}
}

// bucketOf is the table's bucket for a position.
func (solver *kalahSolver) bucketOf(mine, theirs uint64) *bucket {
	return &solver.buckets[posHash(mine, theirs)&solver.bucketMask]
}

// posHash mixes a position's two words (the table's and the busy table's index).
func posHash(mine, theirs uint64) uint64 {
	h := (mine*0x9e3779b97f4a7c15 ^ theirs) * 0xbf58476d1ce4e5b9
	return h ^ h>>31
}

// expand plays every move of (mine, theirs) into kids, the likeliest best first (in a
// proof search most nodes are cut by their first move, so this decides the size of the
// tree): the table's move; moves ending in the store, nearest the store first (they
// leave the other houses' extra turns in place); moves that end the game, by gain; then
// the rest by immediate gain (captures), on ties those that give the opponent fewer
// seeds. Ordering by gain cut the nodes of Kalah(5,4) and (6,3) by 2-4x. It also
// prefetches the children's table buckets: a probe is a trip to memory, and this way
// the trips of all the children overlap.
func (solver *kalahSolver) expand(mine, theirs uint64, first int, kids *[8]kid) int {
	var score [8]int
	given0 := kalah.ByteSum(theirs)
	n := 0
	for i := solver.houses - 1; i >= 0; i-- {
		if kalah.ByteAt(mine, i) == 0 {
			continue
		}
		m2, t2, gain, extra := solver.sower.Sow(mine, theirs, i)
		over := m2 == 0 || t2 == 0
		if over {
			gain += solver.sower.EndCount(m2, t2) // the mover's gain includes the end's count
		}
		k := kid{mine: t2, theirs: m2, gain: int16(gain), house: int8(i), next: kidOther, db: -1}
		var sc int
		switch {
		case over:
			k.next = kidOver
			sc = 500 + gain
		case extra:
			k.mine, k.theirs, k.next = m2, t2, kidAgain
			sc = 1000 + i
		default:
			sc = 16*gain - (kalah.ByteSum(t2) - given0)
		}
		if i == first {
			sc = 1 << 20
		}
		if k.next != kidOver {
			// Ask for the child's table bucket, or its database entry, now.
			if r := kalah.ByteSum(k.mine) + kalah.ByteSum(k.theirs); r > solver.dbMax {
				mem.Prefetch(unsafe.Pointer(solver.bucketOf(k.mine, k.theirs)))
			} else {
				k.db = int32(solver.wordRanker.Rank(k.mine, k.theirs, r))
				mem.Prefetch(unsafe.Pointer(&solver.levels[r][k.db]))
			}
		}
		j := n
		kids[j], score[j] = k, sc
		for j > 0 && score[j-1] < score[j] {
			score[j-1], score[j] = score[j], score[j-1]
			kids[j-1], kids[j] = kids[j], kids[j-1]
			j--
		}
		n++
	}
	return n
}

// compactValue is the fail-soft store-free value for the mover within (alpha, beta).
func (solver *kalahSolver) compactValue(mine, theirs uint64, alpha, beta, ply int) (int, error) {
	if err := solver.tick(); err != nil {
		return 0, err
	}
	r := kalah.ByteSum(mine) + kalah.ByteSum(theirs)
	if r <= solver.dbMax {
		return solver.compactDB(mine, theirs, r, ply)
	}
	if -r >= beta {
		return -r, nil
	}
	if r <= alpha {
		return r, nil
	}
	b := solver.bucketOf(mine, theirs)
	first := -1
	if d, ok := solver.lookup(b, mine, theirs); ok {
		first = d.move()
		if d.lower() >= beta {
			return d.lower(), nil
		}
		if d.upper() <= alpha {
			return d.upper(), nil
		}
		alpha = max(alpha, d.lower())
		beta = min(beta, d.upper())
	}
	a0, b0 := alpha, beta
	n0 := solver.nodes
	var kids [8]kid
	best, bestMove := -mtd.Infinity, -1
	nk := solver.expand(mine, theirs, first, &kids)
	// With several threads, a child another thread is searching waits for a second
	// round (order lists the children still to take; a deferred one is appended again).
	var order [16]int8
	for k := range nk {
		order[k] = int8(k)
	}
	split := solver.shared && r >= splitSeeds
	for i, end, deferred := 0, nk, 0; i < end; i++ {
		kid := &kids[order[i]]
		marked := false
		var h uint64
		if split && i < nk && kid.next != kidOver && kid.db < 0 {
			h = posHash(kid.mine, kid.theirs) | 1 // never 0, an empty busy slot
			var free bool
			if free, marked = solver.busy.enter(h); !free {
				order[nk+deferred] = order[i]
				deferred++
				end++
				continue
			}
		}
		v, err := solver.visit(kid, alpha, beta, ply)
		if marked {
			solver.busy.leave(h)
		}
		if err != nil {
			return 0, err
		}
		if v > best {
			best, bestMove = v, int(kid.house)
		}
		alpha = max(alpha, v)
		if alpha >= beta {
			break
		}
	}
	lo, hi := mtd.Bounds(best, a0, b0, -r, r)
	solver.record(b, mine, theirs, lo, hi, bestMove, bits.Len64(uint64(solver.nodes-n0)))
	return best, nil
}

// compactDB is the exact value from the endgame database, computed into it when
// missing.
func (solver *kalahSolver) compactDB(mine, theirs uint64, r, ply int) (int, error) {
	return solver.compactDBAt(mine, theirs, r, solver.wordRanker.Rank(mine, theirs, r), ply)
}

// compactDBAt is compactDB for the configuration at index idx of level r.
func (solver *kalahSolver) compactDBAt(mine, theirs uint64, r, idx, ply int) (int, error) {
	shared := solver.shared && solver.lazy != nil // threads filling the database together
	lvl := solver.levels[r]
	var b uint8
	if shared {
		b = solver.lazy[r].Load(idx)
	} else {
		b = lvl[idx]
	}
	if b != endgame.Empty {
		return endgame.Decode(b), nil
	}
	best := -mtd.Infinity
	var kids [8]kid
	for k := range solver.expand(mine, theirs, -1, &kids) {
		v, err := solver.visit(&kids[k], -mtd.Infinity, mtd.Infinity, ply)
		if err != nil {
			return 0, err
		}
		best = max(best, v)
	}
	if shared {
		solver.lazy[r].Store(idx, endgame.Encode(best))
	} else {
		lvl[idx] = endgame.Encode(best)
	}
	return best, nil
}

// pvOrder lists the moves of st to try for the principal variation: with the compact
// search, the table's move and then the search order, so the move that keeps the value
// is usually the first tried (each other one costs a null-window search to rule out).
func (solver *kalahSolver) pvOrder(st *kalah.State) []core.Move {
	moves := st.LegalMoves(nil)
	if !solver.compact || !st.PieDone() {
		return moves
	}
	mine, theirs := st.Words()
	first := -1
	if d, ok := solver.lookup(solver.bucketOf(mine, theirs), mine, theirs); ok {
		first = d.move()
	}
	var kids [8]kid
	n := solver.expand(mine, theirs, first, &kids)
	moves = moves[:0]
	for _, k := range kids[:n] {
		moves = append(moves, core.Move(k.house))
	}
	return moves
}
