package mancala_test

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/kalahlab/kalahlab/ai"
	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/kalah"
)

// playout plays random games through the core.State interface only (LegalMoves and
// Play with its undo record), as agents and the experiment runner do; reset starts a
// new game in place.
func playout(b *testing.B, s core.State, reset func()) {
	rng := rand.New(rand.NewPCG(1, 2))
	moves := make([]core.Move, 0, 64)
	plies := 0
	b.ReportAllocs()
	for b.Loop() {
		reset()
		for s.ToMove() != core.Terminal {
			moves = s.LegalMoves(moves[:0])
			s.Play(moves[rng.IntN(len(moves))])
			plies++
		}
	}
	b.ReportMetric(float64(plies)/b.Elapsed().Seconds(), "plies/s")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(plies), "ns/ply")
}

// BenchmarkPlayout compares the engine with core/kalah's interface path (the "generic"
// path of the issue: kalah.BenchmarkPlayoutGeneric) and plays every shipped game.
func BenchmarkPlayout(b *testing.B) {
	b.Run("kalah-core", func(b *testing.B) {
		kg, _ := kalahPair(b, nil)
		s := kg.Start()
		playout(b, s, s.Reset)
	})
	for _, name := range []string{"kalah", "oware", "ayoayo", "congkak", "toguz-kumalak", "vai-lung-thlan", "kalah-chosen"} {
		b.Run(name, func(b *testing.B) {
			s := games(b)[name].Start()
			playout(b, s, s.Reset)
		})
	}
}

// BenchmarkPlayUndo plays and takes back one Kalah(6,4) move: no allocation.
func BenchmarkPlayUndo(b *testing.B) {
	s := games(b)["kalah"].Start()
	b.ReportAllocs()
	for b.Loop() {
		s.Play(2)
		s.Undo()
	}
}

// BenchmarkPerft8 counts Kalah(6,4) perft 8 on the engine (core/kalah: BenchmarkPerft8
// there).
func BenchmarkPerft8(b *testing.B) {
	b.Run("engine", func(b *testing.B) {
		s := games(b)["kalah"].Start()
		var nodes uint64
		for b.Loop() {
			nodes += core.Perft(s, 8)
		}
		b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	})
	b.Run("kalah-core", func(b *testing.B) {
		r := kalah.DefaultRules()
		g, err := kalah.New("kalah", r)
		if err != nil {
			b.Fatal(err)
		}
		s := g.Start()
		var nodes uint64
		for b.Loop() {
			nodes += core.Perft(s, 8)
		}
		b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	})
}

// BenchmarkPlayoutCatalogue plays the descriptors of games_ext.go (random playouts
// through core.State, as BenchmarkPlayout); compare kalah-core there.
func BenchmarkPlayoutCatalogue(b *testing.B) {
	gs := extGames(b)
	for _, name := range []string{"awari", "dabuda", "en-gehe", "mangala", "pallanguzhi", "gabata-adegrat",
		"ba-awa", "hus", "owela", "adjiboto", "omweso", "kiela", "tshuba", "gabata-shoa", "enkeshui", "bao"} {
		b.Run(name, func(b *testing.B) {
			s := gs[name].Start()
			playout(b, s, s.Reset)
		})
	}
}

// BenchmarkPlayoutMore plays Layli Goobalay (kept pits) and the games of
// games_more.go.
func BenchmarkPlayoutMore(b *testing.B) {
	gs := moreGames(b)
	for _, name := range []string{"layli-goobalay", "bohnenspiel", "halusa", "sungka", "ohvalhu", "um-el-bagara", "um-el-tuweisat"} {
		b.Run(name, func(b *testing.B) {
			s := gs[name].Start()
			playout(b, s, s.Reset)
		})
	}
}

// BenchmarkPlayoutRatio reports issue #14's bound directly: each descriptor game's
// time per ply over Kalah's generic path (core/kalah through core.State, as
// BenchmarkPlayout's kalah-core), robust to a busy machine. The games play
// interleaved batches of about 2,000 plies of random games, and each keeps its
// fastest batch; oware/kalah-core, ayoayo/kalah-core, congkak/kalah-core and
// toguz-kumalak/kalah-core are the ratios the issue bounds by 2, and kalah/kalah-core
// is the engine's Kalah (the Kalah path) against core/kalah.
func BenchmarkPlayoutRatio(b *testing.B) {
	kg, _ := kalahPair(b, nil)
	gs := games(b)
	names := []string{"kalah-core", "oware", "ayoayo", "congkak", "toguz-kumalak", "kalah"}
	states := []core.State{kg.Start()}
	for _, name := range names[1:] {
		states = append(states, gs[name].Start())
	}
	rng := rand.New(rand.NewPCG(1, 2))
	moves := make([]core.Move, 0, 64)
	best := make([]float64, len(states))
	for b.Loop() {
		for k, s := range states {
			start := time.Now()
			n := playPlies(s, rng, moves, 2000)
			if d := float64(time.Since(start).Nanoseconds()) / float64(n); best[k] == 0 || d < best[k] {
				best[k] = d
			}
		}
	}
	for k, name := range names {
		b.ReportMetric(best[k], name+"-ns/ply")
	}
	for k := 1; k < len(names); k++ {
		b.ReportMetric(best[k]/best[0], names[k]+"/kalah-core")
	}
}

// playPlies plays at least n plies of random games on s (through core.State, as
// playout does), starting a new game whenever one ends, and returns the plies played.
func playPlies(s core.State, rng *rand.Rand, moves []core.Move, n int) int {
	plies := 0
	for plies < n {
		if s.ToMove() == core.Terminal {
			s.(interface{ Reset() }).Reset()
		}
		for s.ToMove() != core.Terminal {
			moves = s.LegalMoves(moves[:0])
			s.Play(moves[rng.IntN(len(moves))])
			plies++
		}
	}
	return plies
}

// BenchmarkPlayRandom plays random Kalah(6,4) games with PlayRandom (the Kalah path's
// loop: core.RandomPlayer, what MCTS rollouts take), the same games as
// BenchmarkPlayout's kalah; kalah-core is core/kalah's own PlayRandom.
func BenchmarkPlayRandom(b *testing.B) {
	for _, name := range []string{"kalah", "kalah-core"} {
		b.Run(name, func(b *testing.B) {
			var s core.RandomPlayer
			var reset func()
			if name == "kalah" {
				st := games(b)["kalah"].Start()
				s, reset = st, st.Reset
			} else {
				kg, _ := kalahPair(b, nil)
				st := kg.Start()
				s, reset = st, st.Reset
			}
			rng := rand.New(rand.NewPCG(1, 2))
			plies := 0
			b.ReportAllocs()
			for b.Loop() {
				reset()
				plies += s.PlayRandom(rng)
			}
			b.ReportMetric(float64(plies)/b.Elapsed().Seconds(), "plies/s")
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(plies), "ns/ply")
		})
	}
}

// BenchmarkMCTSKalah runs MCTS (20,000 iterations a move, random rollouts) from the
// Kalah(6,4) start on the engine's Kalah and on core/kalah (ai's BenchmarkMCTSKalah).
func BenchmarkMCTSKalah(b *testing.B) {
	kg, _ := kalahPair(b, nil)
	for _, g := range []struct {
		name string
		s    core.State
	}{{"kalah", games(b)["kalah"].Start()}, {"kalah-core", kg.Start()}} {
		b.Run(g.name, func(b *testing.B) {
			a := ai.NewMCTS(ai.Budget{Iterations: 20000}, 1.4, false, 1)
			iters := 0
			b.ReportAllocs()
			for b.Loop() {
				if _, err := a.SelectMove(context.Background(), g.s); err != nil {
					b.Fatal(err)
				}
				iters += 20000
			}
			b.ReportMetric(float64(iters)/b.Elapsed().Seconds(), "iterations/s")
		})
	}
}
