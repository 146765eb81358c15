package kalahsolve

import (
	"context"
	"fmt"
	"testing"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/kalah"
)

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
						sol, err := solvePos(context.Background(), g.NewState(), Config{TTMB: 256, Threads: threads, PVLen: 1})
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
