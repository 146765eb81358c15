package mancala

import (
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
