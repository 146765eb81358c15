package ludo

import (
	"math/rand/v2"
	"testing"

	"github.com/kalahlab/kalahlab/core"
)

// BenchmarkPlayoutFast plays random 4-player games of the default variant through the
// game's own fast path (PlayRandom).
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

// BenchmarkPlayoutGeneric plays random 4-player games of the default variant through the
// core.State interface only (LegalMoves, ChanceOutcomes, Play with undo records), as
// agents and the experiment runner do.
func BenchmarkPlayoutGeneric(b *testing.B) {
	g := newGame(b, nil)
	var st core.State = g.Start()
	reset := st.(*State)
	rng := rand.New(rand.NewPCG(1, 2))
	moves := make([]core.Move, 0, 16)
	outs := make([]core.Outcome, 0, 8)
	plies := 0
	b.ReportAllocs()
	for b.Loop() {
		reset.Reset()
		for {
			p := st.ToMove()
			if p == core.Terminal {
				break
			}
			if p == core.Chance {
				outs = st.ChanceOutcomes(outs[:0])
				st.Play(outs[rng.IntN(len(outs))].Move)
			} else {
				moves = st.LegalMoves(moves[:0])
				st.Play(moves[rng.IntN(len(moves))])
			}
			plies++
		}
	}
	b.ReportMetric(float64(plies)/b.Elapsed().Seconds(), "plies/s")
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkPlayoutBlock plays random 4-player games with walls (own_token block), the
// costliest move generation.
func BenchmarkPlayoutBlock(b *testing.B) {
	g := newGame(b, core.Params{"own_token": "block"})
	s := g.Start()
	rng := rand.New(rand.NewPCG(1, 2))
	b.ReportAllocs()
	for b.Loop() {
		s.Reset()
		s.PlayRandom(rng)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkGreedy measures the rule-based greedy choice in a mid-game position.
func BenchmarkGreedy(b *testing.B) {
	g := newGame(b, nil)
	s, err := g.Parse("R:10,20,0,0 G:11,0,0,0 Y:14,0,0,0 B:25,0,0,0 R6")
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	moves := s.LegalMoves(nil)
	b.ReportAllocs()
	for b.Loop() {
		s.Greedy(moves, rng)
	}
}
