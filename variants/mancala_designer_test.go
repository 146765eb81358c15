package variants

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMancalaDesignerExamples: the three designer's rules of scripts/README.md, each a
// short script in config/examples/mancala — Pallanguli's capture after an empty next
// cup (the track helpers), a sowing that skips houses of three (sowing.skip_count) and
// Dakon's capture once the move has passed the store (mv.passed_store) — pass their
// examples and keep the contract on random games, at their size and on three houses a
// side.
func TestMancalaDesignerExamples(t *testing.T) {
	games := 200
	if testing.Short() {
		games = 40
	}
	for _, name := range []string{"pallanguli.lua", "skip-three.lua", "dakon.lua"} {
		for _, houses := range []int{0, 3} {
			t.Run(name, func(t *testing.T) {
				v, err := Lookup(filepath.Join("..", "config", "examples", "mancala", name), Options{})
				require.NoError(t, err)
				require.NotEmpty(t, v.Examples)
				if houses > 0 {
					v, err = v.With(map[string]any{"houses": houses})
					require.NoError(t, err)
				}
				rep, err := Check(v, games, 1)
				require.NoError(t, err)
				assert.Equal(t, games, rep.Games)
				if houses == 0 {
					assert.True(t, rep.OK(), "%s", rep)
					return
				}
				// The examples are positions of the script's size (Pallanguli's also
				// one of three houses, set in the example): the contract games count.
				assert.Zero(t, rep.Failed, "%s", rep)
				assert.Empty(t, rep.Errors, "%s", rep)
			})
		}
	}
}

// TestMancalaSkipCountErrors: sowing.skip_count takes a count, and not with take_at.
func TestMancalaSkipCountErrors(t *testing.T) {
	for _, tc := range []struct{ sowing, want string }{
		{`{ skip_count = 0 }`, `sowing.skip_count`},
		{`{ skip_count = "3" }`, `sowing.skip_count`},
		{`{ skip_count = 3, take_at = 4 }`, `sowing.skip_count and sowing.take_at together are not supported`},
	} {
		t.Run(tc.sowing, func(t *testing.T) {
			src := "return variant {\n  extends = \"mancala/kalah\",\n  sowing = " + tc.sowing + ",\n}\n"
			v, err := Lookup(writeScript(t, t.TempDir(), "bad.lua", src), Options{})
			if err == nil {
				_, err = v.NewGame()
			}
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}
