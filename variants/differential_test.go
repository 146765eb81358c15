package variants

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/coretest"
	"github.com/kalahlab/kalahlab/core/kalah"
)

func newGame(t testing.TB, name string, overrides map[string]any) core.Game {
	t.Helper()
	v, err := Lookup(name, Options{})
	require.NoError(t, err)
	v, err = v.With(overrides)
	require.NoError(t, err)
	g, err := v.NewGame()
	require.NoError(t, err)
	return g
}

// TestStrictCaptureDifferential proves the bridge: kalah/strict-capture (the standard
// capture rule written as a Lua hook) has the same perft counts as
// kalah/standard-capture (the same rule as a Go knob), and both differ from plain
// kalah (empty captures) at some depth.
func TestStrictCaptureDifferential(t *testing.T) {
	maxDepth := 8
	if raceEnabled || testing.Short() {
		maxDepth = 6
	}
	for _, c := range []struct {
		name      string
		overrides map[string]any
		depth     int
	}{
		{"Kalah(6,4)", nil, maxDepth},
		{"Kalah(4,3)", map[string]any{"houses": 4, "seeds": 3}, maxDepth},
		{"four rows", map[string]any{"rows": 4, "houses": 3, "seeds": 2}, maxDepth},
	} {
		t.Run(c.name, func(t *testing.T) {
			lua := newGame(t, "kalah/strict-capture", c.overrides)
			knob := newGame(t, "kalah/standard-capture", c.overrides)
			plain := newGame(t, "kalah", c.overrides)
			differs := false
			for d := 1; d <= c.depth; d++ {
				want := coretest.Perft(knob.NewState(), d)
				got := coretest.Perft(lua.NewState(), d)
				require.Equal(t, want, got, "perft(%d)", d)
				if coretest.Perft(plain.NewState(), d) != want {
					differs = true
				}
			}
			assert.True(t, differs, "the standard capture differs from empty captures by depth %d", c.depth)
		})
	}
}

// TestStrictCapturePlayouts: the same seeded random games end in the same positions
// with the Lua rule and the Go rule.
func TestStrictCapturePlayouts(t *testing.T) {
	lua := newGame(t, "kalah/strict-capture", nil).(*kalah.Game)
	knob := newGame(t, "kalah/standard-capture", nil).(*kalah.Game)
	for seed := uint64(1); seed <= 200; seed++ {
		a, b := lua.Start(), knob.Start()
		ra, rb := rand.New(rand.NewPCG(seed, 0)), rand.New(rand.NewPCG(seed, 0))
		var buf []core.Move
		for a.ToMove() != core.Terminal {
			ma := a.LegalMoves(buf[:0])
			mb := b.LegalMoves(nil)
			require.Equal(t, mb, ma)
			i := ra.IntN(len(ma))
			rb.IntN(len(mb))
			a.Play(ma[i])
			b.Play(mb[i])
			require.Equal(t, b.String(), a.String())
		}
		require.NoError(t, a.Err())
		assert.Equal(t, b.Returns(nil), a.Returns(nil))
	}
}

// TestConcurrentWorkers runs games of Lua variants on several goroutines, each with its
// own game (and Lua state) from NewGame, as the experiment runner does; run with -race.
// Every worker gets the same results for the same seeds.
func TestConcurrentWorkers(t *testing.T) {
	owareRef, err := os.ReadFile(filepath.Join("testdata", "oware_reference.lua"))
	require.NoError(t, err)
	owareHooks := writeScript(t, t.TempDir(), "oware-hooks.lua", strings.ReplaceAll(string(owareRef), "READING", "forbidden"))
	for _, name := range []string{"kalah/strict-capture", owareHooks} {
		t.Run(filepath.Base(name), func(t *testing.T) {
			v, err := Lookup(name, Options{})
			require.NoError(t, err)
			const workers, games = 4, 40
			results := make([][]string, workers)
			var wg sync.WaitGroup
			for w := 0; w < workers; w++ {
				wg.Add(1)
				go func() {
					defer wg.Done()
					g, err := v.NewGame()
					if err != nil {
						results[w] = []string{err.Error()}
						return
					}
					for i := 0; i < games; i++ {
						s := g.NewState()
						rng := rand.New(rand.NewPCG(uint64(i), 9))
						for s.ToMove() != core.Terminal {
							moves := s.LegalMoves(nil)
							s.Play(moves[rng.IntN(len(moves))])
						}
						results[w] = append(results[w], fmt.Sprintf("%s %v", s, s.(interface{ Err() error }).Err()))
					}
				}()
			}
			wg.Wait()
			require.Len(t, results[0], games)
			for w := 1; w < workers; w++ {
				assert.Equal(t, results[0], results[w], "worker %d", w)
			}
		})
	}
}
