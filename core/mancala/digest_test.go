package mancala_test

import (
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"hash"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/mancala"
)

var updateDigest = flag.Bool("update-digest", false, "rewrite testdata/digest.golden")

// digestGames is allGames plus Kalah with other knobs.
func digestGames(t testing.TB) map[string]*mancala.Game {
	all := allGames(t)
	for name, edit := range map[string]func(*mancala.KalahOptions){
		"kalah-skip-nostore": func(o *mancala.KalahOptions) { o.OriginSkip, o.StoreSowing = true, false },
		"kalah-4rows-pie":    func(o *mancala.KalahOptions) { o.Rows, o.PieRule = 4, true },
		"kalah-3x3-discard":  func(o *mancala.KalahOptions) { o.Houses, o.Seeds, o.Remaining = 3, 3, mancala.Discard },
		"kalah-8x9":          func(o *mancala.KalahOptions) { o.Houses, o.Seeds = 8, 9 },
	} {
		all[name] = newGame(t, name, kalahRules(t, edit))
	}
	return all
}

// gameDigest plays random games of g, hashing at every ply the position string, the
// hash, the legal moves, the scores and the returns; every move is also taken back and
// replayed, and every position parsed back.
func gameDigest(t *testing.T, g *mancala.Game, games int) string {
	d := sha256.New()
	rng := rand.New(rand.NewPCG(7, 11))
	s := g.Start()
	var moves []core.Move
	for range games {
		s.Reset()
		for ply := 0; ; ply++ {
			record(d, s)
			if s.ToMove() == core.Terminal {
				break
			}
			moves = s.LegalMoves(moves[:0])
			require.NotEmpty(t, moves, "%s: no move at %s", g.Name(), s)
			fmt.Fprintln(d, moves)
			m := moves[rng.IntN(len(moves))]
			before := s.String()
			s.Play(m)
			if ply%3 == 0 {
				after := s.String()
				require.True(t, s.Undo())
				require.Equal(t, before, s.String(), "%s: undo of %v", g.Name(), m)
				s.Play(m)
				require.Equal(t, after, s.String(), "%s: replay of %v", g.Name(), m)
			}
			if ply%7 == 0 {
				p, err := g.Parse(s.String())
				require.NoError(t, err)
				require.Equal(t, s.String(), p.String())
				if g.Rules().End.Repeats == 0 {
					require.Equal(t, s.Hash(), p.Hash(), "%s: parsed hash at %s", g.Name(), s)
				}
			}
		}
	}
	return hex.EncodeToString(d.Sum(nil))[:16]
}

func record(d hash.Hash, s *mancala.State) {
	fmt.Fprintf(d, "%s|%x|%v|%v\n", s, s.Hash(), s.Scores(nil), s.Returns(nil))
}

// TestEngineDigest holds the engine's play to a golden digest of random games of every
// game (testdata/digest.golden): a change meant to make the engine faster must leave
// every digest as it was. -update-digest rewrites the file after a change of rules.
func TestEngineDigest(t *testing.T) {
	all := digestGames(t)
	names := make([]string, 0, len(all))
	for name := range all {
		names = append(names, name)
	}
	slices.Sort(names)
	lines := make([]string, len(names))
	for i, name := range names {
		lines[i] = name + " " + gameDigest(t, all[name], 50)
	}
	got := strings.Join(lines, "\n") + "\n"
	path := filepath.Join("testdata", "digest.golden")
	if *updateDigest {
		require.NoError(t, os.MkdirAll("testdata", 0o755))
		require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err)
	require.Equal(t, string(want), got)
}
