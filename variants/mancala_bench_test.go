package variants

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/core"
)

// BenchmarkMancalaCatalogue plays random games of every catalogue script (each a plain
// core/mancala game: no Lua runs) and reports plies a second, the figures of the
// README's catalogue table:
//
//	go test -run '^$' -bench MancalaCatalogue ./variants/
func BenchmarkMancalaCatalogue(b *testing.B) {
	for _, name := range builtinNames() {
		if !strings.HasPrefix(name, "mancala/") {
			continue
		}
		b.Run(strings.TrimPrefix(name, "mancala/"), func(b *testing.B) {
			v, err := Lookup(name, Options{})
			require.NoError(b, err)
			g, err := v.NewGame()
			require.NoError(b, err)
			rng := rand.New(rand.NewPCG(1, 2))
			var buf []core.Move
			plies := 0
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				s := g.NewState()
				for s.ToMove() != core.Terminal {
					buf = s.LegalMoves(buf[:0])
					s.(core.Applier).Apply(buf[rng.IntN(len(buf))])
					plies++
				}
			}
			b.ReportMetric(float64(plies)/b.Elapsed().Seconds(), "plies/s")
			b.ReportMetric(float64(plies)/float64(b.N), "plies/game")
		})
	}
}
