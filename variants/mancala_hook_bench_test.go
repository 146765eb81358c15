package variants

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/kalah"
)

// The speed bound for hooks: a game with one Lua hook per move within 10x of
// today's Kalah generic path per ply (core/kalah's BenchmarkPlayoutGeneric: random
// Kalah(6,4) games through the core.State interface), in one benchmark run:
//
//	go test -run '^$' -bench 'MancalaHook' -benchtime 2s ./variants/

// hookBenchAfterSow is the one hook of the benchmark's hooked games: it reads the move
// context and returns, so the figure is the cost of calling a hook.
const hookBenchAfterSow = `
  hooks = {
    after_sow = function(b, mv)
      local o = mv.origin
    end,
  },`

// hookBenchCase is one game of the hook benchmarks, played through core.State.
type hookBenchCase struct {
	name  string
	state func(tb testing.TB) core.State
}

// resetter is a state that starts a new game in place.
type resetter interface {
	core.State
	Reset()
}

func hookBenchCases() []hookBenchCase {
	script := func(extends, hooks string) func(tb testing.TB) core.State {
		return func(tb testing.TB) core.State {
			src := "return variant {\n  extends = \"" + extends + "\",\n  name = \"bench/hooked\"," + hooks + "\n}\n"
			file := filepath.Join(tb.TempDir(), "hooked.lua")
			require.NoError(tb, os.WriteFile(file, []byte(src), 0o644))
			v, err := Lookup(file, Options{})
			require.NoError(tb, err)
			g, err := v.NewGame()
			require.NoError(tb, err)
			return g.NewState()
		}
	}
	return []hookBenchCase{
		{"kalah-generic", func(tb testing.TB) core.State {
			g, err := kalah.New("kalah", kalah.DefaultRules())
			require.NoError(tb, err)
			return g.NewState()
		}},
		{"descriptor-kalah", script("mancala/kalah", "")},
		{"descriptor-pallanguzhi", script("mancala/pallanguzhi", "")},
		{"hook-kalah", script("mancala/kalah", hookBenchAfterSow)},
		{"hook-pallanguzhi", script("mancala/pallanguzhi", hookBenchAfterSow)},
	}
}

// playPlies plays random games on s (from its start, through core.State only) until at
// least n plies have been played, and returns the plies played.
func playPlies(tb testing.TB, s core.State, rng *rand.Rand, moves []core.Move, n int) int {
	r := s.(resetter)
	plies := 0
	for plies < n {
		r.Reset()
		for s.ToMove() != core.Terminal {
			moves = s.LegalMoves(moves[:0])
			s.Play(moves[rng.IntN(len(moves))])
			plies++
		}
		if err := s.Err(); err != nil {
			tb.Fatal(err)
		}
	}
	return plies
}

// BenchmarkMancalaHook plays random games of Kalah on core/kalah's generic path, of
// descriptor-only games and of the same games with one Lua after_sow hook a move, and
// reports ns/ply and plies/s.
func BenchmarkMancalaHook(b *testing.B) {
	for _, c := range hookBenchCases() {
		b.Run(c.name, func(b *testing.B) {
			s := c.state(b)
			rng := rand.New(rand.NewPCG(1, 2))
			moves := make([]core.Move, 0, 64)
			plies := 0
			b.ReportAllocs()
			for b.Loop() {
				plies += playPlies(b, s, rng, moves, 1)
			}
			b.ReportMetric(float64(plies)/b.Elapsed().Seconds(), "plies/s")
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(plies), "ns/ply")
		})
	}
}

// BenchmarkMancalaHookRatio reports BenchmarkMancalaHook's ratios per ply directly,
// robust to a busy machine: the games play interleaved batches of about 2,000 plies,
// and each keeps its fastest batch. hook-kalah/generic is the bound (under 10);
// descriptor-kalah/generic the descriptor games' (under 2).
func BenchmarkMancalaHookRatio(b *testing.B) {
	cases := hookBenchCases()
	states := make([]core.State, len(cases))
	for i, c := range cases {
		states[i] = c.state(b)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	moves := make([]core.Move, 0, 64)
	best := make([]float64, len(cases))
	for b.Loop() {
		for k, s := range states {
			start := time.Now()
			n := playPlies(b, s, rng, moves, 2000)
			if d := float64(time.Since(start).Nanoseconds()) / float64(n); best[k] == 0 || d < best[k] {
				best[k] = d
			}
		}
	}
	for k := range cases {
		b.ReportMetric(best[k], cases[k].name+"-ns/ply")
	}
	for k := 1; k < len(cases); k++ {
		b.ReportMetric(best[k]/best[0], cases[k].name+"/generic")
	}
}
