package ai

import "github.com/kalahlab/kalahlab/core"

// Bound kinds of a transposition-table entry.
const (
	boundExact uint8 = iota + 1
	boundLower       // the value is at least this (a cut-off)
	boundUpper       // the value is at most this (no move reached alpha)
)

type ttEntry struct {
	key   uint64
	value int32
	move  core.Move
	depth int16
	bound uint8
	gen   uint8 // the table's generation when stored; older entries read as empty
}

// TT is a transposition table keyed by the state's Zobrist hash (core.Hasher): values
// from the mover's view with their bound and depth, and the best move found, which
// orders the moves of later searches. It belongs to one agent (one goroutine).
type TT struct {
	entries []ttEntry
	mask    uint64
	gen     uint8
}

// NewTT returns a table of about mb megabytes (a power of two entries).
func NewTT(mb int) *TT {
	n := uint64(1)
	for n*2*24 <= uint64(max(mb, 1))<<20 {
		n *= 2
	}
	return &TT{entries: make([]ttEntry, n), mask: n - 1, gen: 1}
}

func (t *TT) probe(key uint64) *ttEntry {
	e := &t.entries[key&t.mask]
	if e.key != key || e.bound == 0 || e.gen != t.gen {
		return nil
	}
	return e
}

// store keeps the newer entry unless the slot holds a deeper search of another
// position.
func (t *TT) store(key uint64, depth int, value int, bound uint8, move core.Move) {
	e := &t.entries[key&t.mask]
	if e.bound != 0 && e.gen == t.gen && e.key != key && int(e.depth) > depth {
		return
	}
	*e = ttEntry{key: key, value: int32(value), move: move, depth: int16(min(depth, 1<<14)), bound: bound, gen: t.gen}
}

// Clear empties the table: in O(1), by starting a new generation (every 256th clear
// wipes the memory).
func (t *TT) Clear() {
	t.gen++
	if t.gen == 0 {
		clear(t.entries)
		t.gen = 1
	}
}
