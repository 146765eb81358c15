package ai

import (
	"context"
	"fmt"
	"testing"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/kalah"
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
		_, _, n, _ := Minimax(context.Background(), s, 6)
		return n
	})
}

func BenchmarkNegamaxKalah(b *testing.B) {
	benchSearch(b, 6, func(s core.State) int64 {
		_, _, n, _ := Negamax(context.Background(), s, 6)
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

// BenchmarkSolveKalah solves small Kalah boards from the start (both capture rules,
// one thread and one per core): seconds a solve. Kalah(6,4) takes seconds a run;
// `kalahlab solve` measures it (README).
func BenchmarkSolveKalah(b *testing.B) {
	for _, hs := range [][2]int{{4, 3}, {4, 4}, {5, 3}, {5, 4}, {6, 3}} {
		for _, empty := range []bool{true, false} {
			for _, threads := range []int{1, 0} {
				name := fmt.Sprintf("%dx%d/empty=%v/threads=%d", hs[0], hs[1], empty, threads)
				b.Run(name, func(b *testing.B) {
					g, err := kalah.Def.New("kalah", core.Params{"houses": hs[0], "seeds": hs[1], "empty_capture": empty})
					if err != nil {
						b.Fatal(err)
					}
					var nodes int64
					for b.Loop() {
						sol, err := Solve(context.Background(), g.NewState(), SolveOptions{TTMB: 256, Threads: threads, PVLen: 1})
						if err != nil {
							b.Fatal(err)
						}
						nodes += sol.Nodes
					}
					b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
				})
			}
		}
	}
}

// BenchmarkEndgameBuild builds the Kalah endgame database of 6 houses a side up to 16
// seeds in memory: configurations per second.
func BenchmarkEndgameBuild(b *testing.B) {
	g, err := kalah.Def.New("kalah", core.Params{"empty_capture": false})
	if err != nil {
		b.Fatal(err)
	}
	sw := g.(*kalah.Game).Sower()
	var configs int
	for b.Loop() {
		levels, free, err := openEndgame("", sw, 16, nil, nil)
		if err != nil {
			b.Fatal(err)
		}
		for _, l := range levels {
			configs += len(l)
		}
		free()
	}
	b.ReportMetric(float64(configs)/b.Elapsed().Seconds(), "configs/s")
}
