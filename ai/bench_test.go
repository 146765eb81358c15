package ai

import (
	"context"
	"testing"

	"github.com/kalahlab/kalahlab/core"
)

// BenchmarkMCTSKalah runs MCTS from the Kalah(6,4) start: iterations per second.
func BenchmarkMCTSKalah(b *testing.B) {
	g := testGames(b)[0]
	s := g.NewState()
	a := NewMCTS(Budget{Iterations: 20000}, 1.4, false, 1)
	ctx := context.Background()
	iters := 0
	b.ReportAllocs()
	for b.Loop() {
		if _, err := a.SelectMove(ctx, s); err != nil {
			b.Fatal(err)
		}
		iters += 20000
	}
	b.ReportMetric(float64(iters)/b.Elapsed().Seconds(), "iterations/s")
}

// benchSearch reports nodes per second of a fixed-depth search from the start.
func benchSearch(b *testing.B, depth int, run func(s core.State) int64) {
	g := testGames(b)[0]
	s := g.NewState()
	var nodes int64
	for b.Loop() {
		nodes += run(s)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

func BenchmarkMinimaxKalah(b *testing.B) {
	benchSearch(b, 6, func(s core.State) int64 {
		_, _, n, _ := minimaxValue(context.Background(), s, 6)
		return n
	})
}

func BenchmarkNegamaxKalah(b *testing.B) {
	benchSearch(b, 6, func(s core.State) int64 {
		_, _, n, _ := negamaxValue(context.Background(), s, 6)
		return n
	})
}

func BenchmarkAlphaBetaKalah(b *testing.B) {
	tt := NewTT(16)
	benchSearch(b, 10, func(s core.State) int64 {
		tt.Clear()
		_, _, n, _ := AlphaBetaValue(context.Background(), s, 10, false, tt)
		return n
	})
}

func BenchmarkNegascoutKalah(b *testing.B) {
	tt := NewTT(16)
	benchSearch(b, 10, func(s core.State) int64 {
		tt.Clear()
		_, _, n, _ := AlphaBetaValue(context.Background(), s, 10, true, tt)
		return n
	})
}
