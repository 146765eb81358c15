package variants

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/checkers"
	"github.com/kalahlab/kalahlab/core/tictactoe"
)

// Playout benchmarks of checkers and tic-tac-toe, each game built three ways that play
// the very same games (TestIsOverPlayouts and TestWinnerPlayouts check it): the native
// Go rules, a params-only script (no Lua in play), and a hooked variant (a Lua hook on
// every move re-implementing a built-in rule). Compare with
//
//	go test -run '^$' -bench 'GamePlayout' -benchtime 2s ./variants/

// playouter is a state that plays itself out fast (checkers.State, tictactoe.State).
type playouter interface {
	core.State
	Reset()
	PlayRandom(r *rand.Rand) int
}

type gameCase struct {
	name string
	game func(b *testing.B) core.Game
}

// gamePlayouts lists the three builds of each game.
func gamePlayouts() map[string][]gameCase {
	script := func(file string, src []byte) func(b *testing.B) core.Game {
		return func(b *testing.B) core.Game { return loadGame(b, file, src) }
	}
	builtin := func(name string) func(b *testing.B) core.Game {
		return func(b *testing.B) core.Game { return newGame(b, name, nil) }
	}
	return map[string][]gameCase{
		// English checkers with men capturing backwards, on the 8x8 bitboard engine;
		// the hook (is_over, called after every move) decides lost games and returns nil
		// otherwise.
		"checkers": {
			{"native", func(b *testing.B) core.Game {
				r := checkers.DefaultRules()
				r.MenCaptureBackwards = true
				g, err := checkers.New("native", r)
				require.NoError(b, err)
				return g
			}},
			{"params-only", builtin("checkers/men-capture-backwards")},
			{"lua-is_over", script("no-move-loses.lua", isOverScript("checkers/men-capture-backwards", "nil"))},
		},
		// Connect Four; the hook (winner, called after every move) is the whole line
		// check.
		"connect-four": {
			{"native", func(b *testing.B) core.Game {
				g, err := tictactoe.New("native", tictactoe.Rules{Rows: 6, Cols: 7, K: 4, Gravity: true})
				require.NoError(b, err)
				return g
			}},
			{"params-only", builtin("tictactoe/connect-four")},
			{"lua-winner", script("k-in-a-row.lua", winnerScript("tictactoe/connect-four", "false"))},
		},
	}
}

// BenchmarkGamePlayout times random playouts of each build.
func BenchmarkGamePlayout(b *testing.B) {
	for _, game := range []string{"checkers", "connect-four"} {
		for _, c := range gamePlayouts()[game] {
			b.Run(game+"/"+c.name, func(b *testing.B) {
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

// BenchmarkGamePlayoutRatio reports the ratios to native directly, robust to a busy
// machine: the three builds play interleaved batches of the same 32 games (the same
// seeds every time), in a rotating order, and each keeps its fastest batch.
// params/native should be 1 within noise (the same Go code runs); hooked/native is the
// price of the hook.
func BenchmarkGamePlayoutRatio(b *testing.B) {
	for _, game := range []string{"checkers", "connect-four"} {
		b.Run(game, func(b *testing.B) {
			cases := gamePlayouts()[game]
			states := make([]playouter, len(cases))
			for i, c := range cases {
				states[i] = c.game(b).NewState().(playouter)
			}
			const batch = 32
			best := make([]time.Duration, len(cases))
			for i := 0; i < b.N; i++ {
				for j := range states {
					k := (i + j) % len(states) // each build takes every place in the order
					s := states[k]
					rng := rand.New(rand.NewPCG(1, 2))
					start := time.Now()
					for n := 0; n < batch; n++ {
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
			b.ReportMetric(float64(best[2])/float64(best[0]), "hooked/native")
		})
	}
}
