package variants

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/kalah"
)

// BenchmarkPlayout times random playouts of Kalah(6,4) with the standard capture rule,
// built three ways: native Go rules, the params-only script kalah/standard-capture
// (no Lua in play), and kalah/strict-capture (a Lua capture hook on every move that
// ends in a house). Compare with
//
//	go test -run ^$ -bench Playout -benchtime 2s ./variants/
func BenchmarkPlayout(b *testing.B) {
	for _, bc := range playoutGames() {
		b.Run(bc.name, func(b *testing.B) {
			g := bc.game(b)
			s := g.NewState().(*kalah.State)
			rng := rand.New(rand.NewPCG(1, 2))
			plies := 0
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				s.Reset()
				plies += s.PlayRandom(rng)
				if s.Err() != nil {
					b.Fatal(s.Err())
				}
			}
			b.ReportMetric(float64(plies)/float64(b.N), "plies/game")
		})
	}
}

// BenchmarkPlayoutRatio reports the ratios of BenchmarkPlayout directly, robust to a
// busy machine: the three games play interleaved batches, and each keeps its fastest
// batch. params/native should be 1 (within noise), strict/native under 10.
func BenchmarkPlayoutRatio(b *testing.B) {
	cases := playoutGames()
	states := make([]*kalah.State, len(cases))
	for i, c := range cases {
		states[i] = c.game(b).NewState().(*kalah.State)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	const batch = 32
	best := make([]time.Duration, len(cases))
	for i := 0; i < b.N; i++ {
		for k, s := range states {
			start := time.Now()
			for j := 0; j < batch; j++ {
				s.Reset()
				s.PlayRandom(rng)
			}
			if d := time.Since(start) / batch; best[k] == 0 || d < best[k] {
				best[k] = d
			}
		}
	}
	for k := range cases {
		b.ReportMetric(float64(best[k].Nanoseconds()), cases[k].name+"-ns/game")
	}
	b.ReportMetric(float64(best[1])/float64(best[0]), "params/native")
	b.ReportMetric(float64(best[2])/float64(best[0]), "strict/native")
}

type playoutCase struct {
	name string
	game func(b *testing.B) core.Game
}

func playoutGames() []playoutCase {
	native := func(b *testing.B) core.Game {
		r := kalah.DefaultRules()
		r.EmptyCapture = false
		g, err := kalah.New("native", r)
		require.NoError(b, err)
		return g
	}
	variant := func(name string) func(b *testing.B) core.Game {
		return func(b *testing.B) core.Game {
			v, err := Lookup(name, Options{})
			require.NoError(b, err)
			g, err := v.NewGame()
			require.NoError(b, err)
			return g
		}
	}
	return []playoutCase{
		{"native", native},
		{"params-only", variant("kalah/standard-capture")},
		{"strict-capture", variant("kalah/strict-capture")},
	}
}
