package variants

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/kalah"
)

// hookedKalah writes a Kalah variant with the given hooks (the body of a hooks table)
// and returns a game of it.
func hookedKalah(t *testing.T, hooks string, set map[string]any) *kalah.Game {
	t.Helper()
	path := filepath.Join(t.TempDir(), "memo.lua")
	script := "return variant { name = \"memo\", extends = \"kalah\", hooks = {\n" + hooks + "\n} }\n"
	require.NoError(t, os.WriteFile(path, []byte(script), 0o644))
	return newGame(t, path, set).(*kalah.Game)
}

// TestHookMemo holds the hook memo (hookmemo.go) to the plain calls: the same seeded
// random games, played by a game whose memo is on and one whose memo is off, pass
// through the same positions with the same legal moves, for hooks that read, take and
// add, choose extra turns, filter moves or read a store; the memo replays most calls
// (hits), and never one that read the ply.
func TestHookMemo(t *testing.T) {
	tests := []struct {
		name, hooks string
		set         map[string]any
		replays     bool // most calls replay
	}{
		{"strict capture", "", nil, true},
		{"four rows", "", map[string]any{"rows": 4, "houses": 3, "seeds": 3}, true},
		{"capture and extra turns", `capture = function(b, last)
      if b:count(last) ~= 1 or b:owner(last) ~= b:mover() then return end
      local opp = b:opposite(last)
      if b:count(opp) < 2 then return end
      b:add(b:store(b:mover()), b:take(opp))
    end,
    extra_turn = function(b, last)
      return b:is_store(last) and b:seeds(b:mover()) > 3
    end`, map[string]any{"houses": 4, "seeds": 3}, true},
		{"can play", `can_play = function(b, house)
      local lo = b:houses(b:mover())
      return b:count(lo + house - 1) ~= 1 or b:seeds(b:mover()) == 1
    end`, map[string]any{"houses": 4, "seeds": 3}, true},
		{"reads a store", `capture = function(b, last)
      if b:count(last) ~= 1 or b:count(b:store(1)) > 100 then return end
      local opp = b:opposite(last)
      if b:owner(last) == b:mover() and b:count(opp) > 0 then
        b:add(b:store(b:mover()), b:take(last) + b:take(opp))
      end
    end`, nil, true},
		{"reads the ply", `capture = function(b, last)
      if b:ply() < 0 or b:count(last) ~= 1 then return end
    end`, nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var plain, memo *kalah.Game
			if tt.hooks == "" {
				plain = newGame(t, "kalah/strict-capture", tt.set).(*kalah.Game)
				memo = newGame(t, "kalah/strict-capture", tt.set).(*kalah.Game)
			} else {
				plain, memo = hookedKalah(t, tt.hooks, tt.set), hookedKalah(t, tt.hooks, tt.set)
			}
			memo.Rules().Hooks.Memo(true)
			defer memo.Rules().Hooks.Memo(false)
			for seed := uint64(1); seed <= 100; seed++ {
				a, b := plain.Start(), memo.Start()
				r := rand.New(rand.NewPCG(seed, 0))
				for a.ToMove() != core.Terminal {
					ma := a.LegalMoves(nil)
					require.Equal(t, ma, b.LegalMoves(nil), "seed %d at %s", seed, a)
					m := ma[r.IntN(len(ma))]
					a.Play(m)
					b.Play(m)
					require.Equal(t, a.String(), b.String(), "seed %d", seed)
				}
				require.NoError(t, a.Err())
				require.NoError(t, b.Err())
				assert.Equal(t, a.Returns(nil), b.Returns(nil))
			}
			hits, misses := memoCounts(memo)
			if tt.replays {
				assert.Greater(t, hits, 2*misses, "the memo replays most calls")
			} else {
				assert.Zero(t, hits, "a call that read the ply is never replayed")
			}
		})
	}
}

// memoCounts returns the hits and misses of g's hook memo (through the capture hook's
// bridge: the game's hooks share one memo).
func memoCounts(g *kalah.Game) (hits, misses int) {
	memoMu.Lock()
	h := memoOf[g]
	memoMu.Unlock()
	return h.memo.hits, h.memo.misses
}

// memoOf finds the hooks of the games the tests bind (on any goroutine).
var (
	memoMu sync.Mutex
	memoOf = map[*kalah.Game]*kalahHooks{}
)

func init() {
	boundKalah = func(g *kalah.Game, h *kalahHooks) {
		memoMu.Lock()
		memoOf[g] = h
		memoMu.Unlock()
	}
}

// TestHookMemoContradiction: a tree that contradicts itself (a hook with state of its
// own, taking different steps on the same answers) switches the memo off for good.
func TestHookMemoContradiction(t *testing.T) {
	var m hookMemo
	m.setOn(true)
	key := memoKey{memoCapture, 3}
	read := memoStep{op: memoOp{kind: kalahStepCount, arg: 3}, answer: 1}
	m.record(key, []memoStep{read}, 0)
	require.True(t, m.active())
	m.record(key, []memoStep{read, {op: memoOp{kind: kalahStepTake, arg: 3}, answer: 1}}, 0)
	assert.False(t, m.active(), "a read answering alike led to an end and to a take")
	_, hit := m.replay(key, func(memoOp) int { return 1 }, func() {})
	assert.False(t, hit)
}
