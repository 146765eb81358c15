package kalahsolve

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"sync/atomic"
	"time"

	"github.com/kalahlab/kalahlab/ai"
	"github.com/kalahlab/kalahlab/ai/endgame"
	"github.com/kalahlab/kalahlab/ai/internal/mem"
	"github.com/kalahlab/kalahlab/ai/internal/search"
	"github.com/kalahlab/kalahlab/ai/solve/internal/mtd"
	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/kalah"
)

// kalahSolver solves Kalah positions whose rules need no Lua and whose pie rule is
// settled. It works on store-free values: a position's value V is the mover's final
// margin minus the mover's current store difference, which depends on the houses alone
// (captured seeds never return). So the table is keyed by the houses, V lies within
// ±(seeds still in houses), and positions with few seeds left are answered from an
// endgame database indexed by the seeds in play, filled lazily with exact values.
type kalahSolver struct {
	ctx        context.Context
	deadline   time.Time
	nodes      int64
	maxNodes   int64 // give up past this many nodes (Config.Nodes; 0: no limit)
	table      []stateEntry
	tableMask  uint64
	levels     [][]uint8             // the endgame database by seeds in houses (ai/endgame)
	lazy       []endgame.SharedLevel // the words under levels while the solver fills them (else nil)
	dbMax      int                   // positions with at most this many seeds in houses are in levels
	ranker     *endgame.Ranker       // ranks the general search's positions
	wordRanker *endgame.WordRanker   // ranks the compact search's positions
	buf        []uint8
	moves      [][]core.Move // the general search's moves by ply (general.go)
	kids       [][]stateKid  // and what they lead to
	// Lua-hooked Kalah: the general search checks each move (general.go's checkMove),
	// games ending by max_plies included (0: no limit).
	hooked   bool
	maxPlies int
	houses   int // houses a side
	// The compact search (compact.go).
	compact bool
	sower   *kalah.Sower // the rules' word-board sowing, when compact
	// Threads sharing the compact search's table (threads.go).
	threads    int
	shared     bool         // the table is shared: access it with atomics
	busy       *busyTable   // positions being searched
	halt       *atomic.Bool // set when a helper thread's pass is over
	buckets    []bucket
	bucketMask uint64
	free       func() // releases buckets
	// Rules whose seeds can circle (no store sowing) make positions repeat; the general
	// search then either counts the plies left (cycles.maxPlies > 0) or stops at a
	// repetition (cycles.path).
	cyclic bool
	cycles mtd.CycleGuard
}

// stateEntry is an entry of the general search's table: the bounds of a position's
// store-free value, its best move and the work its search took (log2 of the nodes).
// The table is in buckets of stateWays entries, one cache line, where a new position
// replaces the entry that cost the least work (as in the compact search's table):
// with one entry a slot, always replaced, Kalah(6,3) under kalah/strict-capture took
// 27.8 M nodes in a 64 MB table (4.3x the compact search's 6.5 M), with buckets 24.7 M.
type stateEntry struct {
	key          uint64
	lower, upper int16
	move         int8
	work         uint8 // 0: an empty slot
}

// stateWays is the entries of a bucket of the general search's table.
const stateWays = 4

// stateSlot returns the entry of key in the general search's table, and whether it
// holds key (else it is the slot key would take).
func (solver *kalahSolver) stateSlot(key uint64) (*stateEntry, bool) {
	b := solver.table[key&solver.tableMask&^(stateWays-1):][:stateWays]
	v := &b[0]
	for i := range b {
		e := &b[i]
		if e.work != 0 && e.key == key {
			return e, true
		}
		if e.work < v.work {
			v = e
		}
	}
	return v, false
}

// newKalahSolver sizes the table and database from a memory budget in MB; compact
// picks the compact search (kalah.Rules.WordBoard). Call free when done.
func newKalahSolver(ctx context.Context, deadline time.Time, g *kalah.Game, ttMB, dbMB, total, dbSeeds int, compact bool) *kalahSolver {
	solver := &kalahSolver{ctx: ctx, deadline: deadline, houses: g.HousesPerSide(), free: func() {}, hooked: g.Rules().Hooks.Any()}
	if compact {
		solver.setupCompact(g, ttMB, total)
	} else {
		n := uint64(1)
		for n*2*16 <= uint64(max(ttMB, 1))<<20 || n < stateWays {
			n *= 2
		}
		// In 2 MB pages where the system offers them, as the compact search's table:
		// on kalah/strict-capture Kalah(6,3) (a 1 GB table) the probes' TLB misses were
		// a third of the time once the hooks' memo had cut the Lua calls.
		solver.table, solver.free = mem.Alloc[stateEntry](int(n))
		solver.tableMask = n - 1
	}
	solver.dbMax = -1
	if g.StoreSowing() && dbMB > 0 {
		// Without store sowing, seeds can circle for ever and the database's recursion
		// would not end; with it, every move either puts seeds in a store or moves
		// them nearer to one.
		solver.initDB(dbMB<<20, total, dbSeeds)
	}
	return solver
}

// initDB picks the largest seed count whose configurations fit in size bytes, up to
// capSeeds, and makes its empty levels.
func (solver *kalahSolver) initDB(size, total, capSeeds int) {
	if capSeeds <= 0 {
		// Measured on Kalah(5,4) and (6,3) once the search ordered moves by gain:
		// endgames of up to 4-10 seeds in houses are fastest (and within 3% of no
		// database at all); at 14-16 seeds the lazily filled database's exact,
		// full-width values cost 2-10x the null-window cut-offs they replace.
		capSeeds = 8
	}
	rk := endgame.NewRanker(2*solver.houses, min(total, capSeeds, 120))
	k := rk.LevelsWithin(size)
	if k < 1 {
		return
	}
	solver.ranker, solver.dbMax = rk, k
	if solver.compact {
		solver.wordRanker = endgame.NewWordRanker(solver.houses, k)
	}
	solver.levels = make([][]uint8, k+1)
	solver.lazy = make([]endgame.SharedLevel, k+1)
	sides := 1
	if solver.hooked {
		// A hook may treat South and North apart: a position and its mirror image
		// get entries of their own (index).
		sides = 2
	}
	for j := range solver.levels {
		// Words underneath, so that threads can fill a byte atomically.
		solver.lazy[j], solver.levels[j] = endgame.NewSharedLevel(sides * rk.Size(j))
	}
	solver.buf = make([]uint8, 2*solver.houses)
}

// index ranks the houses of s (the mover's first) among configurations with k seeds;
// in hooked Kalah, North's positions come after South's.
func (solver *kalahSolver) index(s *kalah.State, k int) int {
	me := s.Side()
	copy(solver.buf, s.HouseCounts(me))
	copy(solver.buf[solver.houses:], s.HouseCounts(1-me))
	i := solver.ranker.Rank(solver.buf, k)
	if solver.hooked && me == 1 {
		i += solver.ranker.Size(k)
	}
	return i
}

func (solver *kalahSolver) tick() error {
	solver.nodes++
	if solver.nodes&4095 == 0 {
		if solver.halt != nil && solver.halt.Load() {
			return search.ErrStop
		}
		if solver.maxNodes > 0 && solver.nodes > solver.maxNodes {
			return search.ErrStop
		}
		if !solver.deadline.IsZero() && time.Now().After(solver.deadline) {
			return search.ErrStop
		}
		if solver.ctx.Err() != nil {
			return search.ErrStop
		}
	}
	return nil
}

// value is the fail-soft store-free value of s for its mover within (alpha, beta);
// exact asks for the true value (the database's own recursion).
func (solver *kalahSolver) value(s *kalah.State, alpha, beta, ply int, exact bool) (int, error) {
	if err := solver.tick(); err != nil {
		return 0, err
	}
	r := s.HouseSeeds()
	if r <= solver.dbMax {
		return solver.dbValue(s, r, ply)
	}
	if exact {
		alpha, beta = -mtd.Infinity, mtd.Infinity
	}
	if -r >= beta {
		return -r, nil
	}
	if r <= alpha {
		return r, nil
	}
	key := s.HouseKey()
	if solver.cyclic { // one predictable branch a node for the other rules
		var err error
		if key, err = solver.cycles.Key(s, key, s.Ply(), ply); err != nil {
			return 0, err
		}
	}
	e, found := solver.stateSlot(key)
	first := core.Move(-1)
	if found {
		first = core.Move(e.move)
		v, cut := 0, false
		if v, cut, alpha, beta = mtd.Window(int(e.lower), int(e.upper), alpha, beta); cut {
			return v, nil
		}
	}
	a0, b0 := alpha, beta
	n0 := solver.nodes
	best, bestMove := -mtd.Infinity, core.Move(-1)
	kids, partial, err := solver.expandState(s, ply, first, solver.hooked)
	if err != nil {
		return 0, err
	}
	snap := s.Save()
	for {
		if solver.hooked && !exact && !partial {
			// The kids are played: look them up before searching any (etc).
			if v, m, ok := solver.etc(kids, beta); ok {
				if v > best {
					best, bestMove = v, m
				}
				break
			}
		}
		cut := false
		for i := range kids {
			v, err := solver.visitState(s, snap, &kids[i], alpha, beta, ply, exact)
			if err != nil {
				return 0, err
			}
			if v > best {
				best, bestMove = v, kids[i].move
			}
			alpha = max(alpha, v)
			if alpha >= beta {
				cut = true
				break
			}
		}
		if cut || !partial {
			break
		}
		if kids, err = solver.expandRest(s, ply, first); err != nil {
			return 0, err
		}
		partial = false
	}
	lo, hi := mtd.Bounds(best, a0, b0, -r, r)
	if e, found = solver.stateSlot(key); found { // (the children may have moved it)
		lo, hi = max(lo, int(e.lower)), min(hi, int(e.upper))
	}
	*e = stateEntry{key: key, lower: int16(lo), upper: int16(hi), move: int8(bestMove), work: uint8(1 + bits.Len64(uint64(solver.nodes-n0)))}
	return best, nil
}

// dbValue is the exact store-free value of a position with r seeds in houses, from the
// database or computed into it.
func (solver *kalahSolver) dbValue(s *kalah.State, r, ply int) (int, error) {
	idx := solver.index(s, r)
	if b := solver.levels[r][idx]; b != endgame.Empty {
		return endgame.Decode(b), nil
	}
	best := -mtd.Infinity
	kids, _, err := solver.expandState(s, ply, -1, false)
	if err != nil {
		return 0, err
	}
	snap := s.Save()
	for i := range kids {
		v, err := solver.visitState(s, snap, &kids[i], -mtd.Infinity, mtd.Infinity, ply, true)
		if err != nil {
			return 0, err
		}
		best = max(best, v)
	}
	solver.levels[r][idx] = endgame.Encode(best)
	return best, nil
}

// openEndgame reads or builds the complete endgame database a compact solve of root
// uses (endgameSeeds), and answers from it from now on. It returns the database's
// level (0: none) and the function that frees it.
func (solver *kalahSolver) openEndgame(cfg Config, root *kalah.State) (int, func(), error) {
	eg, err := endgameSeeds(cfg, root)
	if err != nil || eg == 0 {
		return 0, func() {}, err
	}
	stop := func() bool {
		return solver.ctx.Err() != nil || (!solver.deadline.IsZero() && time.Now().After(solver.deadline))
	}
	levels, free, err := endgame.Open(cfg.EndgameDir, solver.sower, eg, cfg.Log, stop)
	if err != nil {
		return 0, nil, solver.giveUp(err, cfg)
	}
	solver.levels, solver.lazy, solver.dbMax, solver.wordRanker = levels, nil, eg, endgame.NewWordRanker(solver.houses, eg)
	return eg, free, nil
}

// bounded is the fail-soft final margin of the seat to move in st within
// (alpha, beta): the store-free search once the pie rule is settled, alpha-beta over
// the few moves before.
func (solver *kalahSolver) bounded(st *kalah.State, alpha, beta int) (int, error) {
	if st.PieDone() {
		diff := st.StoreDiff(st.Side())
		var v int
		var err error
		if solver.compact {
			mine, theirs := st.Words()
			v, err = solver.rootValue(mine, theirs, alpha-diff, beta-diff)
		} else {
			v, err = solver.value(st, alpha-diff, beta-diff, 0, false)
		}
		return v + diff, err
	}
	me := st.ToMove()
	best := -mtd.Infinity
	moves := st.LegalMoves(nil)
	if err := st.Err(); len(moves) == 0 && err != nil {
		return 0, fmt.Errorf("%w at %s: %w", core.ErrGameStopped, st, err)
	}
	for _, m := range moves {
		c := st.Copy()
		c.Apply(m)
		if err := c.Err(); err != nil {
			return 0, fmt.Errorf("%w playing %s at %s: %w", core.ErrGameStopped, st.MoveString(m), st, err)
		}
		var v int
		var err error
		switch {
		case c.Over():
			sc := c.Scores(nil)
			v = int(sc[me] - sc[1-me])
		case c.ToMove() == me:
			v, err = solver.bounded(c, alpha, beta)
		default:
			v, err = solver.bounded(c, -beta, -alpha)
			v = -v
		}
		if err != nil {
			return 0, err
		}
		best = max(best, v)
		alpha = max(alpha, v)
		if alpha >= beta {
			break
		}
	}
	return best, nil
}

// solveExact is the final margin of the seat to move in st: MTD(f) from a short
// heuristic search's guess. report, when not nil, hears each pass's outcome.
func (solver *kalahSolver) solveExact(st *kalah.State, report func(beta, v int)) (int, error) {
	diff := 0
	var pass func(beta int) (int, error)
	switch {
	case !st.PieDone():
		pass = func(beta int) (int, error) { return solver.bounded(st, beta-1, beta) }
	case solver.compact:
		diff = st.StoreDiff(st.Side())
		mine, theirs := st.Words()
		pass = func(beta int) (int, error) { return solver.rootValue(mine, theirs, beta-1, beta) }
	default:
		diff = st.StoreDiff(st.Side())
		pass = func(beta int) (int, error) { return solver.value(st, beta-1, beta, 0, false) }
	}
	v, err := mtd.MTDF(kalahGuess(solver.ctx, st)-diff, func(beta int) (int, error) {
		v, err := pass(beta)
		if err == nil && report != nil {
			report(beta+diff, v+diff)
		}
		return v, err
	})
	return v + diff, err
}

// exact is the final margin of the seat to move in st (solveExact, unreported).
func (solver *kalahSolver) exact(st *kalah.State) (int, error) { return solver.solveExact(st, nil) }

// passReporter returns the report of solveExact's passes: long solves (past
// cfg.logAfter) write each pass's bound to cfg.Log, so that a user sees the bounds
// close in.
func (solver *kalahSolver) passReporter(cfg Config, t0 time.Time) func(beta, v int) {
	passes := 0
	return func(beta, v int) {
		passes++
		if cfg.Log == nil || time.Since(t0) < cfg.logAfter {
			return
		}
		rel := "at least"
		if v < beta {
			rel = "at most"
		}
		fmt.Fprintf(cfg.Log, "solve: pass %d: the margin of the player to move is %s %+d (%d nodes, %.1f s)\n",
			passes, rel, v, solver.nodes, time.Since(t0).Seconds())
	}
}

// principalVariation walks a principal variation from st, whose final margin for the
// seat to move is target, up to cfg.PVLen moves: at each position a move keeping the
// value. It plays the moves on st.
func (solver *kalahSolver) principalVariation(st *kalah.State, target int, cfg Config) ([]core.Move, error) {
	var pv []core.Move
	for len(pv) < cfg.PVLen && !st.Over() {
		m, found, err := solver.keepingMove(st, target)
		if err != nil {
			return nil, solver.giveUp(err, cfg)
		}
		if !found {
			return nil, fmt.Errorf("solve: no move keeps the value %d at %s", target, st)
		}
		me := st.ToMove()
		st.Apply(m)
		if !st.Over() && st.ToMove() != me {
			target = -target
		}
		pv = append(pv, m)
	}
	return pv, nil
}

// keepingMove finds a move of st that keeps the final margin of the seat to move at
// target, trying them in pvOrder.
func (solver *kalahSolver) keepingMove(st *kalah.State, target int) (core.Move, bool, error) {
	for _, m := range solver.pvOrder(st) {
		var keeps bool
		var err error
		switch {
		case solver.compact && st.PieDone():
			keeps, err = solver.keepsValue(st, m, target)
		case st.PieDone():
			keeps, err = solver.keepsValueState(st, m, target)
		default:
			var cv int
			cv, err = kalahChildValue(st, m, solver.exact)
			keeps = cv == target
		}
		if err != nil || keeps {
			return m, keeps, err
		}
	}
	return 0, false, nil
}

// Limits of the complete endgame database: automatic choices stay within
// endgameAutoBytes, requests within endgameMaxBytes.
const (
	endgameAutoBytes = 256 << 20
	endgameMaxBytes  = min(4<<30, math.MaxInt/2) // 1 GB on 32-bit systems
	endgameAutoSeeds = 44                        // seeds in houses from which a database pays for itself
)

// endgameSeeds is the level the complete endgame database goes up to for a solve of
// root, 0 for none.
func endgameSeeds(cfg Config, root *kalah.State) (int, error) {
	inPlay := root.HouseSeeds()
	if cfg.EndgameSeeds < 0 || (cfg.EndgameSeeds == 0 && (cfg.EndgameDir == "" || inPlay < endgameAutoSeeds)) {
		return 0, nil
	}
	parts := 2 * root.Game().HousesPerSide()
	limit := endgameAutoBytes
	if cfg.EndgameSeeds > 0 {
		limit = endgameMaxBytes
	}
	k := max(endgame.NewRanker(parts, min(inPlay, 127)).LevelsWithin(limit), 0)
	if cfg.EndgameSeeds == 0 {
		return k, nil
	}
	if want := min(cfg.EndgameSeeds, inPlay); want <= k {
		return want, nil
	}
	return 0, fmt.Errorf("solve: an endgame database of %d seeds for %d houses a side would take more than %.0f GB; at most %d seeds fit",
		cfg.EndgameSeeds, parts/2, float64(endgameMaxBytes)/(1<<30), k)
}

// kalahGuess estimates the final margin of the seat to move in st with a short
// heuristic search: negascout with the game's evaluation (four times the store
// difference plus the seeds on each side), deepened until an iteration takes 300,000
// nodes, about half a second in all. MTD(f) needs two passes when its first guess is
// right and one more for each step of 2 it is off, and on Kalah(6,4) a pass is tens of
// millions of nodes: from 0 the solve took 6 passes, from this guess 2. Positions with
// under 44 seeds in houses skip it (their passes are cheap). A node budget, not a
// clock, keeps it deterministic.
func kalahGuess(ctx context.Context, st *kalah.State) int {
	if st.HouseSeeds() < 44 {
		return st.StoreDiff(st.Side())
	}
	tt := ai.NewTT(4)
	guess := 0
	for d := 2; d <= 40; d += 2 {
		v, _, nodes, err := ai.AlphaBetaValue(ctx, st, d, true, tt)
		if err != nil {
			break
		}
		switch {
		case v >= core.WinScore/2:
			return v - core.WinScore // a proven end within the horizon
		case v <= -core.WinScore/2:
			return v + core.WinScore
		}
		guess = int(math.Round(float64(v) / 4))
		if nodes > 300_000 {
			break
		}
	}
	if st.Game().Rules().Remaining != kalah.Discard && (guess-st.Total())%2 != 0 {
		guess++ // every seed ends in a store, so the margin has the parity of the total
	}
	return guess
}

// kalahChildValue is the final margin, for the seat to move in st, of playing m.
func kalahChildValue(st *kalah.State, m core.Move, exact func(*kalah.State) (int, error)) (int, error) {
	me := st.ToMove()
	c := st.Copy()
	c.Apply(m)
	if err := c.Err(); err != nil {
		return 0, fmt.Errorf("%w playing %s at %s: %w", core.ErrGameStopped, st.MoveString(m), st, err)
	}
	if c.Over() {
		sc := c.Scores(nil)
		return int(sc[me] - sc[1-me]), nil
	}
	v, err := exact(c)
	if c.ToMove() != me {
		v = -v
	}
	return v, err
}

// giveUp is the error of a solve that stopped with err: the context's error once it is
// done, ErrGaveUp when the budget ran out (or an endgame build was stopped for it),
// ErrRepeats and ErrTooDeep as the solve's, else err.
func (solver *kalahSolver) giveUp(err error, cfg Config) error {
	if errors.Is(err, search.ErrStop) || errors.Is(err, endgame.ErrStopped) {
		if solver.ctx.Err() != nil {
			return solver.ctx.Err()
		}
		return fmt.Errorf("solve: %w after %d nodes (budget %s)", ErrGaveUp, solver.nodes, mtd.Budget(cfg.Time, cfg.Nodes))
	}
	if errors.Is(err, ErrRepeats) || errors.Is(err, ErrTooDeep) || errors.Is(err, core.ErrGameStopped) {
		return fmt.Errorf("solve: %w", err)
	}
	return err
}

// keepsValue reports whether playing m in st keeps the mover's final margin at target,
// with two null-window searches instead of a full solve of the child.
func (solver *kalahSolver) keepsValue(st *kalah.State, m core.Move, target int) (bool, error) {
	mine, theirs := st.Words()
	t := target - st.StoreDiff(st.Side()) // the store-free target
	m2, t2, gain, extra := solver.sower.Sow(mine, theirs, int(m))
	switch {
	case m2 == 0 || t2 == 0:
		return gain+solver.sower.EndCount(m2, t2) == t, nil
	case extra:
		return solver.valueIs(m2, t2, t-gain)
	default:
		return solver.valueIs(t2, m2, gain-t)
	}
}

// keepsValueState is keepsValue for the general search.
func (solver *kalahSolver) keepsValueState(st *kalah.State, m core.Move, target int) (bool, error) {
	me := st.Side()
	c := st.Copy()
	c.Apply(m)
	if err := c.Err(); err != nil {
		return false, fmt.Errorf("%w playing %s at %s: %w", core.ErrGameStopped, st.MoveString(m), st, err)
	}
	if c.Over() {
		return c.FinalDiff(me) == target, nil
	}
	t := target - c.StoreDiff(me) // the child's store-free value, for st's mover
	if c.Side() != me {
		t = -t
	}
	if v, err := solver.value(c, t-1, t, 0, false); err != nil || v < t {
		return false, err
	}
	v, err := solver.value(c, t, t+1, 0, false)
	return err == nil && v <= t, err
}

// valueIs reports whether the store-free value of (mine, theirs) is c.
func (solver *kalahSolver) valueIs(mine, theirs uint64, c int) (bool, error) {
	if v, err := solver.compactValue(mine, theirs, c-1, c, 0); err != nil || v < c {
		return false, err
	}
	v, err := solver.compactValue(mine, theirs, c, c+1, 0)
	return err == nil && v <= c, err
}
