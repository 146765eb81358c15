package variants_test

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/variants"
)

// TestOwareGrandSlamReadings: oware says which grand-slam reading it plays, and the
// other two readings are variants of it. Their hooks are checked against each other
// by playing: along random games, a move is a grand slam exactly when it ends
// differently under oware (captures nothing) and oware/grand-slam-all (captures all),
// and oware/grand-slam-forbidden's legal moves (whose can_play foresees grand slams
// without playing them) are the others, or all of them when every move is one.
func TestOwareGrandSlamReadings(t *testing.T) {
	v, err := variants.Lookup("oware", variants.Options{})
	require.NoError(t, err)
	assert.Contains(t, v.Summary, "grand slam captures nothing")
	for _, want := range []string{"Grand slam", "captures nothing", "oware/grand-slam-forbidden", "oware/grand-slam-all"} {
		assert.Contains(t, v.Description, want, "variants show oware says it")
	}
	game := func(name string) core.Game {
		v, err := variants.Lookup(name, variants.Options{})
		require.NoError(t, err)
		if name != "oware" {
			assert.Equal(t, []string{"oware", "mancala"}, v.Extends)
		}
		g, err := v.NewGame()
		require.NoError(t, err)
		return g
	}
	nothing, all, forbidden := game("oware"), game("oware/grand-slam-all"), game("oware/grand-slam-forbidden")
	parse := func(g core.Game, pos string) core.State {
		s, err := g.ParseState(pos)
		require.NoError(t, err)
		return s
	}
	rng := rand.New(rand.NewPCG(3, 4))
	slams, forced := 0, 0
	for i := 0; i < 30; i++ {
		s := nothing.NewState()
		for s.ToMove() != core.Terminal {
			pos := s.String()
			moves := s.LegalMoves(nil)
			var plain, slam []core.Move
			for _, m := range moves {
				a, n := parse(all, pos), parse(nothing, pos)
				a.Play(m)
				n.Play(m)
				if a.String() == n.String() {
					plain = append(plain, m)
				} else {
					slam = append(slam, m)
				}
			}
			want := plain
			if len(plain) == 0 {
				want = slam
				forced++
			}
			slams += len(slam)
			f := parse(forbidden, pos)
			require.Equal(t, core.MovesString(f, want), core.MovesString(f, f.LegalMoves(nil)), "legal moves under forbidden at %s", pos)
			s.Play(moves[rng.IntN(len(moves))])
		}
	}
	t.Logf("%d grand slams met, %d positions with only grand slams", slams, forced)
	assert.Positive(t, slams, "the games met grand slams")
}

// TestNoGrandSlamNeedsGrandSlamNothing: moves.no_grand_slam forbids the grand slams a
// `grand_slam = "nothing"` capture refuses; without one it is an error that says what
// to write instead.
func TestNoGrandSlamNeedsGrandSlamNothing(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "slam.lua")
	require.NoError(t, os.WriteFile(file, []byte(`return variant {
  extends = "oware/grand-slam-all",
  moves = { must_feed = true, no_grand_slam = true },
}`), 0o644))
	_, err := variants.Lookup(file, variants.Options{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), `slam.lua:3: moves.no_grand_slam: needs a capture with grand_slam = "nothing"`)
	assert.Contains(t, err.Error(), "no_starve forbids them")
}
