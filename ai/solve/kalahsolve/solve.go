// Package kalahsolve is the store-free Kalah solver: it proves the value of a Kalah
// position whose rules need no Lua hooks (core/kalah), or whose hooks leave the stores
// alone (general.go), the first seat's final margin
// under perfect play and a principal variation. It searches store-free values (the
// mover's final margin minus its current store difference, which depends on the houses
// alone) by MTD(f) from a short heuristic search's guess (kalah.go); on the rules of
// core/kalah's word board it runs a compact search on the two words of the board
// (compact.go) on several threads sharing one table (threads.go), answering positions
// with few seeds left from complete endgame databases kept on disk (package
// ai/endgame). Rules whose seeds can circle (no store sowing) make positions repeat:
// the general search then counts the plies left, as package ai/solve/internal/mtd
// describes.
//
// Package ai/solve is the usual entry: its Solve hands unhooked Kalah to this package
// and maps Options and Solution to Config and Result.
package kalahsolve

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"time"

	"github.com/kalahlab/kalahlab/ai/solve/internal/mtd"
	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/kalah"
)

// Config tunes Solve. Zero fields take the defaults in brackets.
type Config struct {
	TTMB int // transposition table size in MB [256]
	DBMB int // lazily filled endgame database size in MB [512]; <0 for none
	// DBSeeds caps the seeds in houses of the positions the lazily filled endgame
	// database holds [0: automatic].
	DBSeeds int
	// EndgameDir keeps complete endgame databases between runs (ai/endgame): the
	// solver reads the levels it needs from there and builds and saves the missing
	// ones. "" builds none unless EndgameSeeds asks for one (then it lives in memory
	// for this solve only).
	EndgameDir string
	// EndgameSeeds is the most seeds in houses the complete database covers: 0 picks
	// automatically (with EndgameDir set and 44 or more seeds in houses, the largest
	// database of at most 256 MB: 20 seeds for 6 houses a side), <0 uses none.
	EndgameSeeds int
	// Threads searching at once, sharing the table [0: one per core]. Only the compact
	// search uses more than one; with more than one, node counts (and which of several
	// equally good moves the principal variation shows) vary between runs.
	Threads int
	// Log receives progress lines: building a database, and the passes of a solve once
	// it has run a second. nil is quiet.
	Log   io.Writer
	Time  time.Duration // give up after this long (0: no limit)
	Nodes int64         // give up after about this many positions, within 4096 (0: no limit)
	PVLen int           // longest principal variation to report [60]

	logAfter  time.Duration // tests: report passes sooner [1s]
	noCompact bool          // tests: keep the general search
	noMemo    bool          // tests: run every hook call (kalah.Hooks.Memo off)
}

// Result is the value of a position proved by Solve.
type Result struct {
	// Value is the first seat's final margin under perfect play (both players
	// maximising their own margin).
	Value int
	PV    []core.Move // a principal variation from the position
	Nodes int64       // positions visited
	// EndgameSeeds is the level up to which a complete endgame database answered
	// (0: none).
	EndgameSeeds int
}

// The errors of Solve: the same values as package ai/solve's, so errors.Is matches
// either name.
var (
	// ErrGaveUp is the error of a solve that ran out of its time or nodes.
	ErrGaveUp = mtd.ErrGaveUp
	// ErrRepeats is in the error of a solve of a board whose positions repeat
	// (store_sowing=false) with no ply limit to end its games (max_plies 0).
	ErrRepeats = mtd.ErrRepeats
	// ErrTooDeep is in the error of a solve whose search went deeper than 100,000
	// plies.
	ErrTooDeep = mtd.ErrTooDeep
)

// Solve proves the value of root, a Kalah position whose rules need no Lua hooks or
// whose hooks leave its value a function of the houses (StoreBlind, general.go), for
// the first seat: the store-free solver once the pie rule is settled, a plain exact
// search over the (few) moves before. Its steps: size the solver, open the complete
// endgame database and start the threads (compact search only), prove the value by
// MTD(f), then walk a principal variation.
//
// Running out of cfg.Time or cfg.Nodes is ErrGaveUp; a cancelled ctx returns ctx's
// error. Without store sowing, with max_plies 0, a position repeating on the search
// path is ErrRepeats. Hooks that turn out to look at the stores, or moves that take
// seeds out of them, are ErrNotStoreFree (general.go).
func Solve(ctx context.Context, root *kalah.State, cfg Config) (*Result, error) {
	hooked := root.Hooked()
	if hooked && !StoreBlind(root.Game()) {
		return nil, fmt.Errorf("solve: %w: the Kalah solver takes rules without Lua hooks, or hooks that report what they look at and leave the stores alone (%s's do not); use package ai/solve",
			ErrNotStoreFree, root.Game().Name())
	}
	if root.Over() {
		sc := root.Scores(nil)
		return &Result{Value: int(sc[0] - sc[1])}, nil
	}
	cfg.defaults()
	t0 := time.Now()
	var deadline time.Time
	if cfg.Time > 0 {
		deadline = t0.Add(cfg.Time)
	}
	compact := root.Game().Sower() != nil && root.Total() <= 127 && !cfg.noCompact
	solver := newKalahSolver(ctx, deadline, root.Game(), cfg.TTMB, cfg.DBMB, root.Total(), cfg.DBSeeds, compact)
	defer solver.free()
	solver.maxNodes = cfg.Nodes
	if hooked {
		solver.maxPlies = root.Game().Rules().MaxPlies
		if memo := root.Game().Rules().Hooks.Memo; memo != nil && !cfg.noMemo {
			// The search takes a position's value to be a function of its houses;
			// the hooks' memo takes a hook's effect to be one of what it reads: a
			// hook call then runs once for each thing it can see (kalah.Hooks.Memo).
			memo(true)
			defer memo(false)
		}
	}
	if !root.Game().StoreSowing() { // (the compact search needs store sowing: this is the general search)
		solver.cyclic, solver.cycles = true, mtd.CycleGuard{MaxPlies: root.Game().Rules().MaxPlies, What: "on this board (store_sowing=false lets seeds circle)"}
	}
	eg := 0
	if compact {
		var freeEndgame func()
		var err error
		if eg, freeEndgame, err = solver.openEndgame(cfg, root); err != nil {
			return nil, err
		}
		defer freeEndgame()
		if threads := cfg.threads(); threads > 1 {
			solver.threads, solver.shared, solver.busy = threads, true, newBusyTable()
		}
	}
	st := root.Copy()
	v, err := solver.solveExact(st, solver.passReporter(cfg, t0))
	if err != nil {
		return nil, solver.giveUp(err, cfg)
	}
	res := &Result{EndgameSeeds: eg}
	if res.PV, err = solver.principalVariation(st, v, cfg); err != nil {
		return nil, err
	}
	if hooked && root.Game().Rules().Hooks.SawStores() {
		// A hook looked at the stores during the search: the values by houses alone
		// may be wrong, so none is reported.
		return nil, fmt.Errorf("solve: %w: a hook of %s read a store or the ply", ErrNotStoreFree, root.Game().Name())
	}
	if root.ToMove() != 0 {
		v = -v
	}
	res.Value, res.Nodes = v, solver.nodes
	return res, nil
}

// defaults fills in the zero fields that have one.
func (cfg *Config) defaults() {
	if cfg.TTMB == 0 {
		cfg.TTMB = 256
	}
	if cfg.DBMB == 0 {
		cfg.DBMB = 512
	}
	if cfg.PVLen == 0 {
		cfg.PVLen = 60
	}
	if cfg.logAfter == 0 {
		cfg.logAfter = time.Second
	}
}

// threads is the number of search threads to use.
func (cfg Config) threads() int {
	if cfg.Threads > 0 {
		return cfg.Threads
	}
	return runtime.GOMAXPROCS(0)
}
