package solve

import (
	"context"
	"time"

	"github.com/kalahlab/kalahlab/ai/solve/internal/mtd"
	"github.com/kalahlab/kalahlab/ai/solve/kalahsolve"
	"github.com/kalahlab/kalahlab/core/kalah"
)

// solveKalah is Solve for Kalah without hooks: package kalahsolve's store-free solver,
// with opt mapped to its Config and its Result to a Solution. t0 is when Solve started.
func solveKalah(ctx context.Context, root *kalah.State, opt Options, t0 time.Time) (*Solution, error) {
	cfg := kalahsolve.Config{
		TTMB: opt.TTMB, DBMB: opt.DBMB, DBSeeds: opt.DBSeeds,
		EndgameDir: opt.EndgameDir, EndgameSeeds: opt.EndgameSeeds,
		Threads: opt.Threads, Log: opt.Log, Time: opt.Time, Nodes: opt.Nodes, PVLen: opt.PVLen,
	}
	res, err := kalahsolve.Solve(ctx, root, cfg)
	if err != nil {
		return nil, err
	}
	sol := &Solution{Value: res.Value, Margin: float64(res.Value), Result: mtd.Result(res.Value), PV: res.PV,
		Nodes: res.Nodes, EndgameSeeds: res.EndgameSeeds, Method: "kalah", Seconds: time.Since(t0).Seconds()}
	if len(sol.PV) > 0 {
		sol.BestMove = sol.PV[0]
	}
	return sol, nil
}
