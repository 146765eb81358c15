package mancala_test

import (
	"math/rand/v2"
	"testing"

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
