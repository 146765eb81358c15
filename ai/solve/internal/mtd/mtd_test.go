package mtd

import (
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMTDF: the driver converges on a value from any guess, probing fail-soft null
// windows, and passes a probe's error through.
func TestMTDF(t *testing.T) {
	for _, tc := range []struct{ value, guess int }{{0, 0}, {7, 0}, {-5, 3}, {12, 12}, {-40, 40}} {
		t.Run(fmt.Sprintf("value %d guess %d", tc.value, tc.guess), func(t *testing.T) {
			probes := 0
			v, err := MTDF(tc.guess, func(beta int) (int, error) {
				probes++
				return tc.value, nil // an exact fail-soft answer: fails low or high at the value
			})
			require.NoError(t, err)
			assert.Equal(t, tc.value, v)
			assert.LessOrEqual(t, probes, 2)
		})
	}
	stop := errors.New("stop")
	_, err := MTDF(0, func(int) (int, error) { return 0, stop })
	assert.ErrorIs(t, err, stop)
}

func TestBounds(t *testing.T) {
	for _, tc := range []struct{ best, alpha, beta, lo, hi, wantLo, wantHi int }{
		{-3, -2, 4, -10, 10, -10, -3}, // failed low: at most best
		{5, -2, 4, -10, 10, 5, 10},    // failed high: at least best
		{1, -2, 4, -10, 10, 1, 1},     // inside: exact
		{-2, -2, 4, -10, 10, -10, -2}, // at alpha: failed low
	} {
		lo, hi := Bounds(tc.best, tc.alpha, tc.beta, tc.lo, tc.hi)
		assert.Equal(t, [2]int{tc.wantLo, tc.wantHi}, [2]int{lo, hi}, "%+v", tc)
	}
}

func TestBudgetAndResult(t *testing.T) {
	assert.Equal(t, "20s", Budget(20*time.Second, 0))
	assert.Equal(t, "5000 nodes", Budget(0, 5000))
	assert.Equal(t, "1s or 5000 nodes", Budget(time.Second, 5000))
	assert.Equal(t, "win", Result(3))
	assert.Equal(t, "draw", Result(0))
	assert.Equal(t, "loss", Result(-1))
}

type pos string

func (p pos) String() string { return string(p) }

// TestCycleGuard: with a ply limit the key mixes in the plies left; without, a key
// met again on the search path is ErrRepeats; past MaxPly any search is ErrTooDeep.
func TestCycleGuard(t *testing.T) {
	limited := CycleGuard{MaxPlies: 10}
	k1, err := limited.Key(pos("a"), 42, 3, 0)
	require.NoError(t, err)
	k2, err := limited.Key(pos("a"), 42, 4, 1)
	require.NoError(t, err)
	assert.NotEqual(t, k1, k2, "different plies left, different keys")

	open := CycleGuard{What: "on this board"}
	_, err = open.Key(pos("a"), 1, 0, 0)
	require.NoError(t, err)
	_, err = open.Key(pos("b"), 2, 1, 1)
	require.NoError(t, err)
	_, err = open.Key(pos("a"), 1, 2, 2)
	require.ErrorIs(t, err, ErrRepeats)
	assert.ErrorContains(t, err, "on this board (a comes back")
	_, err = open.Key(pos("c"), 3, 1, 1) // a sibling of b replaces it on the path
	require.NoError(t, err)

	_, err = limited.Key(pos("deep"), 1, 0, MaxPly)
	require.ErrorIs(t, err, ErrTooDeep)
}

// TestWindow: an entry cuts when it lies wholly above beta or below alpha, else it
// narrows the window.
func TestWindow(t *testing.T) {
	for _, c := range []struct {
		lo, hi, a, b, v int
		cut             bool
		na, nb          int
	}{
		{5, 9, 0, 4, 5, true, 0, 4},
		{-3, 0, 0, 4, 0, true, 0, 4},
		{1, 3, 0, 4, 0, false, 1, 3},
		{-9, 9, 0, 4, 0, false, 0, 4},
	} {
		v, cut, a, b := Window(c.lo, c.hi, c.a, c.b)
		require.Equal(t, []any{c.v, c.cut, c.na, c.nb}, []any{v, cut, a, b}, "%+v", c)
	}
}
