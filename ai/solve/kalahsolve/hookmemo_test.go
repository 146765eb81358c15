package kalahsolve

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/core/kalah"
	"github.com/kalahlab/kalahlab/variants"
)

// hookedStart is the start of kalah/strict-capture (the standard capture rule as a Lua
// hook) with houses and seeds set.
func hookedStart(t *testing.T, houses, seeds int) *kalah.State {
	t.Helper()
	v, err := variants.Lookup("kalah/strict-capture", variants.Options{})
	require.NoError(t, err)
	v, err = v.With(map[string]any{"houses": houses, "seeds": seeds})
	require.NoError(t, err)
	g, err := v.NewGame()
	require.NoError(t, err)
	return g.NewState().(*kalah.State)
}

// TestHookMemoSameSearch holds the search with the hooks' memo (kalah.Hooks.Memo: a
// hook call replayed when it would see what an earlier one saw) to the search running
// every call: the same value, principal variation and node count, on one thread.
func TestHookMemoSameSearch(t *testing.T) {
	for _, size := range [][2]int{{3, 3}, {4, 3}, {5, 2}} {
		t.Run(fmt.Sprintf("kalah(%d,%d)", size[0], size[1]), func(t *testing.T) {
			cfg := Config{TTMB: 4, Threads: 1}
			memo, err := Solve(context.Background(), hookedStart(t, size[0], size[1]), cfg)
			require.NoError(t, err)
			cfg.noMemo = true
			plain, err := Solve(context.Background(), hookedStart(t, size[0], size[1]), cfg)
			require.NoError(t, err)
			assert.Equal(t, plain, memo)
		})
	}
}
