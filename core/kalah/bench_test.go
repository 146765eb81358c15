package kalah

import (
	"math/rand/v2"
	"testing"

	"github.com/kalahlab/kalahlab/core"
)

// BenchmarkPlayoutFast plays random Kalah(6,4) games through the game's own fast path.
func BenchmarkPlayoutFast(b *testing.B) {
	g := newGame(b, nil)
	s := g.Start()
	rng := rand.New(rand.NewPCG(1, 2))
	plies := 0
	b.ReportAllocs()
	for b.Loop() {
		s.Reset()
		plies += s.PlayRandom(rng)
	}
	b.ReportMetric(float64(plies)/b.Elapsed().Seconds(), "plies/s")
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkPlayoutPCG plays random Kalah(6,4) games through the fast path drawing
// straight from a PCG generator (what MCTS rollouts use).
func BenchmarkPlayoutPCG(b *testing.B) {
	g := newGame(b, nil)
	s := g.Start()
	src := rand.NewPCG(1, 2)
	plies := 0
	b.ReportAllocs()
	for b.Loop() {
		s.Reset()
		plies += s.PlayRandomPCG(src)
	}
	b.ReportMetric(float64(plies)/b.Elapsed().Seconds(), "plies/s")
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkPlayoutGeneric plays random Kalah(6,4) games through the core.State
// interface only, as agents and the experiment runner do.
func BenchmarkPlayoutGeneric(b *testing.B) {
	g := newGame(b, nil)
	var st core.State = g.Start()
	reset := st.(*State)
	rng := rand.New(rand.NewPCG(1, 2))
	moves := make([]core.Move, 0, 16)
	plies := 0
	b.ReportAllocs()
	for b.Loop() {
		reset.Reset()
		for st.ToMove() != core.Terminal {
			moves = st.LegalMoves(moves[:0])
			st.Play(moves[rng.IntN(len(moves))])
			plies++
		}
	}
	b.ReportMetric(float64(plies)/b.Elapsed().Seconds(), "plies/s")
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkLegalMoves generates the moves of the start position.
func BenchmarkLegalMoves(b *testing.B) {
	s := newGame(b, nil).Start()
	moves := make([]core.Move, 0, 16)
	b.ReportAllocs()
	for b.Loop() {
		moves = s.LegalMoves(moves[:0])
	}
}

// BenchmarkPerft8 counts Kalah(6,4) perft to depth 8 with undo.
func BenchmarkPerft8(b *testing.B) {
	s := newGame(b, nil).Start()
	var nodes uint64
	for b.Loop() {
		nodes += core.Perft(s, 8)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}
