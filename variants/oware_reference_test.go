package variants_test

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/variants"
)

// TestOwareReference holds the one Oware and its grand-slam readings (descriptors, no
// Lua) to an independent reference written as Lua hooks (testdata/oware_reference.lua:
// the rules the kalah-based oware played, on the mancala engine), move by move along
// random games: the same positions, legal moves, scores and ends. It covers Oware's
// captures (2s and 3s backwards), must feed, the three readings of the grand slam (the
// forbidden one foreseen by the hook without playing), the 25 that win and the end when
// the mover cannot move.
func TestOwareReference(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("testdata", "oware_reference.lua"))
	require.NoError(t, err)
	games := 150
	if testing.Short() {
		games = 40
	}
	for i, c := range []struct{ variant, reading string }{
		{"oware", "nothing"}, {"oware/grand-slam-forbidden", "forbidden"}, {"oware/grand-slam-all", "all"},
	} {
		t.Run(c.variant, func(t *testing.T) {
			v, err := variants.Lookup(c.variant, variants.Options{})
			require.NoError(t, err)
			require.Empty(t, v.Hooks, "%s is a descriptor", c.variant)
			desc, err := v.NewGame()
			require.NoError(t, err)
			file := filepath.Join(t.TempDir(), "reference.lua")
			require.NoError(t, os.WriteFile(file, []byte(strings.ReplaceAll(string(src), "READING", c.reading)), 0o644))
			rv, err := variants.Lookup(file, variants.Options{})
			require.NoError(t, err)
			ref, err := rv.NewGame()
			require.NoError(t, err)
			rng := rand.New(rand.NewPCG(14, uint64(i)))
			plies, captures := 0, 0
			for n := 0; n < games; n++ {
				rs, ds := ref.NewState(), desc.NewState()
				for ply := 0; ; ply++ {
					where := fmt.Sprintf("game %d ply %d at %s", n, ply, rs)
					require.Equal(t, rs.String(), ds.String(), where)
					require.Equal(t, rs.ToMove(), ds.ToMove(), where)
					lm := rs.LegalMoves(nil)
					require.Equal(t, lm, ds.LegalMoves(nil), where)
					require.Equal(t, rs.(core.Scorer).Scores(nil), ds.(core.Scorer).Scores(nil), where)
					require.Equal(t, rs.Returns(nil), ds.Returns(nil), where)
					require.NoError(t, rs.(interface{ Err() error }).Err(), where)
					if rs.ToMove() == core.Terminal {
						break
					}
					before := rs.String()
					m := lm[rng.IntN(len(lm))]
					rs.Play(m)
					ds.Play(m)
					if strings.Count(before, "[") == 2 && storesOf(before) != storesOf(rs.String()) {
						captures++
					}
					plies++
				}
			}
			t.Logf("%d games, %d plies, %d captures compared", games, plies, captures)
			require.Positive(t, captures)
		})
	}
}

// storesOf is the stores' part of a two-row position string ("[3]...[5]").
func storesOf(pos string) string {
	var out []string
	for _, f := range strings.Split(strings.Fields(pos)[0], ",") {
		if strings.HasPrefix(f, "[") {
			out = append(out, f)
		}
	}
	return strings.Join(out, "")
}
