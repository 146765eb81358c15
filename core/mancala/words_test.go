package mancala

import (
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"
)

// TestLaneXor holds the build-tagged laneXor to the machine: pit 4k+i of a word board
// lives in lane i^laneXor of word k.
func TestLaneXor(t *testing.T) {
	pits := newPits(16)
	words := (*wordBoard)(unsafe.Pointer(unsafe.SliceData(pits)))
	for p := range 16 {
		clear(pits)
		pits[p] = 1
		require.Equal(t, uint64(1)<<lane(p), words[p>>2], "pit %d", p)
	}
}

// TestNonEmpty holds nonEmpty's bits to the counts on random boards of every size the
// word board takes.
func TestNonEmpty(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, houses := range []int{1, 3, 6, 7, 9, 15} {
		g, err := New("t", Rules{Board: TwoRows(houses, 1), End: End{MaxPlies: 10}})
		require.NoError(t, err)
		s := g.Start()
		for range 500 {
			var want uint64
			for p := range s.pits {
				n := uint16(0)
				if rng.IntN(2) == 0 { // small counts, and the lanes' edges
					n = []uint16{1, 2, 5, 0x100, 0x7fff, 0x8000, 0xffff}[rng.IntN(7)]
				}
				s.pits[p] = n
				if n != 0 {
					want |= 1 << p
				}
			}
			require.Equal(t, want, s.nonEmpty(), "houses %d: %v", houses, s.pits)
		}
	}
}
