package variants

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/core"
)

// TestTraceEveryCatalogueGame: every catalogue script's game (mancala/*, Lua hooks
// included) traces its moves (core.Tracer), and at every ply of random games the
// trace's steps turn the position before the move into the one Play leaves.
func TestTraceEveryCatalogueGame(t *testing.T) {
	for _, name := range builtinNames() {
		if !strings.HasPrefix(name, "mancala/") {
			continue
		}
		t.Run(strings.TrimPrefix(name, "mancala/"), func(t *testing.T) {
			v, err := Lookup(name, Options{})
			require.NoError(t, err)
			g, err := v.NewGame()
			require.NoError(t, err)
			rng := rand.New(rand.NewPCG(3, uint64(len(name))))
			for range 3 {
				s := g.NewState()
				for ply := 0; s.ToMove() >= 0 && ply < 300; ply++ {
					tr, ok := s.(core.Tracer)
					require.True(t, ok, "%T is no core.Tracer", s)
					moves := s.LegalMoves(nil)
					if len(moves) == 0 {
						break // a hook ended the game
					}
					m := moves[rng.IntN(len(moves))]
					trace := tr.Trace(m)
					s.Play(m)
					require.Equal(t, trace.After, trace.Replay(slices.Clone(trace.Before)), "%s: %s", name, trace.Move)
					require.NotEmpty(t, core.TraceWords(trace))
				}
			}
		})
	}
}
