package variants

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/ludo"
)

// Playout benchmarks of Ludo, each variant beside the native Go game it should match:
//
//   - two-player: ludo/two-player (knobs only, no Lua) and the same rules built in Go;
//   - danish: ludo/danish (knobs and a fields table, no Lua) and the same in Go;
//   - stars: the Lua stars of TestLudoStarDifferential (an on_land hook on every landing
//     on a star) and the same board with Go stars: the very same games;
//   - trap: ludo/trap (an on_land hook on its four traps) and default ludo (other games:
//     compare with plies/game).
//
// Compare with
//
//	go test -run '^$' -bench 'LudoPlayout' -benchtime 2s ./variants/

// ludoPlayouts lists each group's native build first, then the variant.
func ludoPlayouts() map[string][]gameCase {
	native := func(edit func(r *ludo.Rules)) func(b *testing.B) core.Game {
		return func(b *testing.B) core.Game {
			r := ludo.DefaultRules()
			edit(&r)
			g, err := ludo.New("native", r)
			require.NoError(b, err)
			return g
		}
	}
	builtin := func(name string) func(b *testing.B) core.Game {
		return func(b *testing.B) core.Game { return newGame(b, name, nil) }
	}
	script := func(file string, src []byte) func(b *testing.B) core.Game {
		return func(b *testing.B) core.Game { return loadGame(b, file, src) }
	}
	return map[string][]gameCase{
		"two-player": {
			{"native", native(func(r *ludo.Rules) { r.Players = 2 })},
			{"params-only", builtin("ludo/two-player")},
		},
		"danish": {
			{"native", native(func(r *ludo.Rules) {
				r.YardTries, r.DoubledEnemy, r.Finish = 3, ludo.SendsMoverHome, ludo.Bounce
				r.Fields = ludo.DanishFields()
			})},
			{"params-only", builtin("ludo/danish")},
		},
		"stars": {
			{"native", script("go-stars.lua", goStarScript("5, 12", "31"))},
			{"lua-on_land", script("lua-stars.lua", luaStarScript("5, 12", "31"))},
		},
		"trap": {
			{"native", native(func(*ludo.Rules) {})},
			{"lua-on_land", builtin("ludo/trap")},
		},
	}
}

var ludoGroups = []string{"two-player", "danish", "stars", "trap"}

// BenchmarkLudoPlayout times random playouts of each build.
func BenchmarkLudoPlayout(b *testing.B) {
	for _, group := range ludoGroups {
		for _, c := range ludoPlayouts()[group] {
			b.Run(group+"/"+c.name, func(b *testing.B) {
				s := c.game(b).NewState().(playouter)
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
}

// BenchmarkLudoPlayoutRatio reports each variant's time over its native build's,
// robust to a busy machine: the two builds play interleaved batches of the same 32
// games (the same seeds every time), in alternating order, and each keeps its fastest
// batch. For two-player and danish it should be 1 within noise (the same Go code runs);
// for stars and trap it is the price of the hook.
func BenchmarkLudoPlayoutRatio(b *testing.B) {
	for _, group := range ludoGroups {
		b.Run(group, func(b *testing.B) {
			cases := ludoPlayouts()[group]
			states := make([]playouter, len(cases))
			for i, c := range cases {
				states[i] = c.game(b).NewState().(playouter)
			}
			const batch = 32
			best := make([]time.Duration, len(cases))
			plies := make([]int, len(cases))
			for i := 0; i < b.N; i++ {
				for j := range states {
					k := (i + j) % len(states)
					s := states[k]
					rng := rand.New(rand.NewPCG(1, 2))
					start := time.Now()
					n := 0
					for g := 0; g < batch; g++ {
						s.Reset()
						n += s.PlayRandom(rng)
					}
					if d := time.Since(start) / batch; best[k] == 0 || d < best[k] {
						best[k] = d
					}
					plies[k] = n / batch
				}
			}
			for k := range cases {
				b.ReportMetric(float64(best[k].Nanoseconds()), cases[k].name+"-ns/game")
				b.ReportMetric(float64(plies[k]), cases[k].name+"-plies/game")
			}
			b.ReportMetric(float64(best[1])/float64(best[0]), "ratio")
		})
	}
}
