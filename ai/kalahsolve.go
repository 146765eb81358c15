package ai

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sync/atomic"
	"time"

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
	ctx      context.Context
	deadline time.Time
	nodes    int64
	maxNodes int64 // give up past this many nodes (SolveOptions.Nodes; 0: no limit)
	tt       []kEntry
	mask     uint64
	levels   [][]uint8   // the endgame database by seeds in houses (endgame.go)
	lazy     [][]uint32  // the words under levels while the solver fills them (else nil)
	dbMax    int         // positions with at most this many seeds in houses are in levels
	rk       *ranker     // ranks the general search's positions
	wr       *wordRanker // ranks the compact search's positions
	buf      []uint8
	moves    [][]core.Move
	n        int // houses a side
	// The compact search (kalahfast.go).
	fast bool
	sw   *kalah.Sower // the rules' word-board sowing, when fast
	// Threads sharing the compact search's table (kalahsmp.go).
	threads int
	shared  bool         // the table is shared: access it with atomics
	busy    *busyTable   // positions being searched
	halt    *atomic.Bool // set when a helper thread's pass is over
	ftt     []fBucket
	fmask   uint64
	free    func() // releases ftt
	// Rules whose seeds can circle (no store sowing) make positions repeat; the general
	// search then either counts the plies left (cycles.maxPlies > 0) or stops at a
	// repetition (cycles.path).
	cyclic bool
	cycles cycleGuard
}

type kEntry struct {
	key          uint64
	lower, upper int16
	move         int8
	used         bool
}

// newKalahSolver sizes the table and database from a memory budget in MB; fast picks
// the compact search (kalah.Rules.WordBoard). Call free when done.
func newKalahSolver(ctx context.Context, deadline time.Time, g *kalah.Game, ttMB, dbMB, total, dbSeeds int, fast bool) *kalahSolver {
	ks := &kalahSolver{ctx: ctx, deadline: deadline, n: g.HousesPerSide(), free: func() {}}
	if fast {
		ks.fastSetup(g, ttMB, total)
	} else {
		n := uint64(1)
		for n*2*16 <= uint64(max(ttMB, 1))<<20 {
			n *= 2
		}
		ks.tt = make([]kEntry, n)
		ks.mask = n - 1
	}
	ks.dbMax = -1
	if g.StoreSowing() && dbMB > 0 {
		// Without store sowing, seeds can circle for ever and the database's recursion
		// would not end; with it, every move either puts seeds in a store or moves
		// them nearer to one.
		ks.initDB(dbMB<<20, total, dbSeeds)
	}
	return ks
}

// initDB picks the largest seed count whose configurations fit in size bytes, up to
// capSeeds, and makes its empty levels.
func (ks *kalahSolver) initDB(size, total, capSeeds int) {
	if capSeeds <= 0 {
		// Measured on Kalah(5,4) and (6,3) once the search ordered moves by gain:
		// endgames of up to 4-10 seeds in houses are fastest (and within 3% of no
		// database at all); at 14-16 seeds the lazily filled database's exact,
		// full-width values cost 2-10x the null-window cut-offs they replace.
		capSeeds = 8
	}
	rk := newRanker(2*ks.n, min(total, capSeeds, 120))
	k := rk.levelsWithin(size)
	if k < 1 {
		return
	}
	ks.rk, ks.dbMax = rk, k
	if ks.fast {
		ks.wr = newWordRanker(ks.n, k)
	}
	ks.levels = make([][]uint8, k+1)
	ks.lazy = make([][]uint32, k+1)
	for j := range ks.levels {
		// Words underneath, so that threads can fill a byte atomically.
		ks.lazy[j] = make([]uint32, (rk.size[j]+3)/4)
		ks.levels[j] = byteView(ks.lazy[j], rk.size[j])
	}
	ks.buf = make([]uint8, 2*ks.n)
}

// index ranks the houses of s (the mover's first) among configurations with k seeds.
func (ks *kalahSolver) index(s *kalah.State, k int) int {
	me := s.Side()
	copy(ks.buf, s.HouseCounts(me))
	copy(ks.buf[ks.n:], s.HouseCounts(1-me))
	return ks.rk.rankBytes(ks.buf, k)
}

func (ks *kalahSolver) tick() error {
	ks.nodes++
	if ks.nodes&4095 == 0 {
		if ks.halt != nil && ks.halt.Load() {
			return errStop
		}
		if ks.maxNodes > 0 && ks.nodes > ks.maxNodes {
			return errStop
		}
		if !ks.deadline.IsZero() && time.Now().After(ks.deadline) {
			return errStop
		}
		if ks.ctx.Err() != nil {
			return errStop
		}
	}
	return nil
}

// legal returns the moves of s at ply, extra-turn moves first (they are usually best),
// then the others from the house nearest the store back.
func (ks *kalahSolver) legal(s *kalah.State, ply int, first core.Move) []core.Move {
	for len(ks.moves) <= ply {
		ks.moves = append(ks.moves, make([]core.Move, 0, 2*kalah.MaxHouses))
	}
	all := s.LegalMoves(ks.moves[ply][:0])
	out := all[len(all):]
	if first >= 0 {
		for _, m := range all {
			if m == first {
				out = append(out, m)
			}
		}
	}
	for i := len(all) - 1; i >= 0; i-- {
		if m := all[i]; m != first && s.LandsInStore(int(m)) {
			out = append(out, m)
		}
	}
	for i := len(all) - 1; i >= 0; i-- {
		if m := all[i]; m != first && !s.LandsInStore(int(m)) {
			out = append(out, m)
		}
	}
	// out lives after all in the same buffer; move it to the front.
	n := copy(all[:cap(all)], out)
	ks.moves[ply] = all[:n]
	return all[:n]
}

// child returns the value for the mover of s of playing m: the store-difference gain
// plus (or minus, when the mover changes) the child's own value, searched with the
// window shifted accordingly. s is restored.
func (ks *kalahSolver) child(s *kalah.State, m core.Move, alpha, beta, ply int, exact bool) (int, error) {
	me := s.Side()
	snap := s.Save()
	before := s.StoreDiff(me)
	s.Apply(m)
	var v int
	var err error
	switch {
	case s.Over():
		v = s.FinalDiff(me) - before
	default:
		gain := s.StoreDiff(me) - before
		var cv int
		if s.Side() == me {
			cv, err = ks.value(s, alpha-gain, beta-gain, ply+1, exact)
			v = gain + cv
		} else {
			cv, err = ks.value(s, gain-beta, gain-alpha, ply+1, exact)
			v = gain - cv
		}
	}
	s.Restore(snap)
	return v, err
}

// value is the fail-soft store-free value of s for its mover within (alpha, beta);
// exact asks for the true value (the database's own recursion).
func (ks *kalahSolver) value(s *kalah.State, alpha, beta, ply int, exact bool) (int, error) {
	if err := ks.tick(); err != nil {
		return 0, err
	}
	r := s.HouseSeeds()
	if r <= ks.dbMax {
		return ks.dbValue(s, r, ply)
	}
	if exact {
		alpha, beta = -infinity, infinity
	}
	if -r >= beta {
		return -r, nil
	}
	if r <= alpha {
		return r, nil
	}
	key := s.HouseKey()
	if ks.cyclic { // one predictable branch a node for the other rules
		var err error
		if key, err = ks.cycles.key(s, key, s.Ply(), ply); err != nil {
			return 0, err
		}
	}
	e := &ks.tt[key&ks.mask]
	first := core.Move(-1)
	if e.used && e.key == key {
		first = core.Move(e.move)
		if int(e.lower) >= beta {
			return int(e.lower), nil
		}
		if int(e.upper) <= alpha {
			return int(e.upper), nil
		}
		alpha = max(alpha, int(e.lower))
		beta = min(beta, int(e.upper))
	}
	a0, b0 := alpha, beta
	best, bestMove := -infinity, core.Move(-1)
	for _, m := range ks.legal(s, ply, first) {
		v, err := ks.child(s, m, alpha, beta, ply, exact)
		if err != nil {
			return 0, err
		}
		if v > best {
			best, bestMove = v, m
		}
		alpha = max(alpha, v)
		if alpha >= beta {
			break
		}
	}
	lo, hi := searchBounds(best, a0, b0, -r, r)
	if e.used && e.key == key {
		lo, hi = max(lo, int(e.lower)), min(hi, int(e.upper))
	}
	*e = kEntry{key: key, lower: int16(lo), upper: int16(hi), move: int8(bestMove), used: true}
	return best, nil
}

// dbValue is the exact store-free value of a position with r seeds in houses, from the
// database or computed into it.
func (ks *kalahSolver) dbValue(s *kalah.State, r, ply int) (int, error) {
	idx := ks.index(s, r)
	if b := ks.levels[r][idx]; b != dbEmpty {
		return dbDecode(b), nil
	}
	best := -infinity
	for _, m := range ks.legal(s, ply, -1) {
		v, err := ks.child(s, m, -infinity, infinity, ply, true)
		if err != nil {
			return 0, err
		}
		best = max(best, v)
	}
	ks.levels[r][idx] = dbByte(best)
	return best, nil
}

// solveKalah is Solve for Kalah without hooks: the store-free solver once the pie rule
// is settled, a plain exact search over the (few) moves before.
func solveKalah(ctx context.Context, root *kalah.State, opt SolveOptions, t0 time.Time) (*Solution, error) {
	var deadline time.Time
	if opt.Time > 0 {
		deadline = t0.Add(opt.Time)
	}
	fast := root.Game().Sower() != nil && root.Total() <= 127 && !opt.noFast
	ks := newKalahSolver(ctx, deadline, root.Game(), opt.TTMB, opt.DBMB, root.Total(), opt.DBSeeds, fast)
	defer ks.free()
	ks.maxNodes = opt.Nodes
	if !root.Game().StoreSowing() { // (the compact search needs store sowing: this is the general search)
		ks.cyclic, ks.cycles = true, cycleGuard{maxPlies: root.Game().Rules().MaxPlies, what: "on this board (store_sowing=false lets seeds circle)"}
	}
	eg := 0
	if fast {
		var err error
		if eg, err = endgameSeeds(opt, root); err != nil {
			return nil, err
		}
		if eg > 0 {
			stop := func() bool { return ks.ctx.Err() != nil || (!deadline.IsZero() && time.Now().After(deadline)) }
			levels, free, err := openEndgame(opt.EndgameDir, ks.sw, eg, opt.Log, stop)
			if err != nil {
				return nil, ks.giveUp(err, opt)
			}
			defer free()
			ks.levels, ks.lazy, ks.dbMax, ks.wr = levels, nil, eg, newWordRanker(ks.n, eg)
		}
		if threads := opt.threads(); threads > 1 {
			ks.threads, ks.shared, ks.busy = threads, true, newBusyTable()
		}
	}
	// bounded is the fail-soft final margin of the seat to move in st within
	// (alpha, beta): the store-free search once the pie rule is settled, alpha-beta over
	// the few moves before.
	var bounded func(st *kalah.State, alpha, beta int) (int, error)
	bounded = func(st *kalah.State, alpha, beta int) (int, error) {
		if st.PieDone() {
			diff := st.StoreDiff(st.Side())
			var v int
			var err error
			if ks.fast {
				mine, theirs := st.Words()
				v, err = ks.fsearch(mine, theirs, alpha-diff, beta-diff)
			} else {
				v, err = ks.value(st, alpha-diff, beta-diff, 0, false)
			}
			return v + diff, err
		}
		me := st.ToMove()
		best := -infinity
		for _, m := range st.LegalMoves(nil) {
			c := st.Copy()
			c.Apply(m)
			var v int
			var err error
			switch {
			case c.Over():
				sc := c.Scores(nil)
				v = int(sc[me] - sc[1-me])
			case c.ToMove() == me:
				v, err = bounded(c, alpha, beta)
			default:
				v, err = bounded(c, -beta, -alpha)
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
	solveExact := func(st *kalah.State, report func(beta, v int)) (int, error) {
		diff := 0
		var pass func(beta int) (int, error)
		switch {
		case !st.PieDone():
			pass = func(beta int) (int, error) { return bounded(st, beta-1, beta) }
		case ks.fast:
			diff = st.StoreDiff(st.Side())
			mine, theirs := st.Words()
			pass = func(beta int) (int, error) { return ks.fsearch(mine, theirs, beta-1, beta) }
		default:
			diff = st.StoreDiff(st.Side())
			pass = func(beta int) (int, error) { return ks.value(st, beta-1, beta, 0, false) }
		}
		v, err := mtdf(kalahGuess(ctx, st)-diff, func(beta int) (int, error) {
			v, err := pass(beta)
			if err == nil && report != nil {
				report(beta+diff, v+diff)
			}
			return v, err
		})
		return v + diff, err
	}
	exact := func(st *kalah.State) (int, error) { return solveExact(st, nil) }
	// Long solves report their passes, so that a user sees the bounds close in.
	passes := 0
	report := func(beta, v int) {
		passes++
		if opt.Log == nil || time.Since(t0) < opt.logAfter {
			return
		}
		rel := "at least"
		if v < beta {
			rel = "at most"
		}
		fmt.Fprintf(opt.Log, "solve: pass %d: the margin of the player to move is %s %+d (%d nodes, %.1f s)\n",
			passes, rel, v, ks.nodes, time.Since(t0).Seconds())
	}
	st := root.Copy()
	v, err := solveExact(st, report)
	if err != nil {
		return nil, ks.giveUp(err, opt)
	}
	sol := &Solution{}
	// The principal variation: at each position a move keeping the value.
	target := v
	for len(sol.PV) < opt.PVLen && !st.Over() {
		found := false
		for _, m := range ks.pvOrder(st) {
			var keeps bool
			if ks.fast && st.PieDone() {
				keeps, err = ks.fkeeps(st, m, target)
			} else {
				var cv int
				cv, err = kalahChildValue(st, m, exact)
				keeps = cv == target
			}
			if err != nil {
				return nil, ks.giveUp(err, opt)
			}
			if !keeps {
				continue
			}
			me := st.ToMove()
			st.Apply(m)
			if !st.Over() && st.ToMove() != me {
				target = -target
			}
			sol.PV = append(sol.PV, m)
			found = true
			break
		}
		if !found {
			return nil, fmt.Errorf("solve: no move keeps the value %d at %s", target, st)
		}
	}
	if len(sol.PV) > 0 {
		sol.BestMove = sol.PV[0]
	}
	if root.ToMove() != 0 {
		v = -v
	}
	sol.Value = v
	sol.Result = resultOf(v)
	sol.Nodes = ks.nodes
	sol.Seconds = time.Since(t0).Seconds()
	sol.EndgameSeeds = eg
	return sol, nil
}

// Limits of the complete endgame database: automatic choices stay within
// egAutoBytes, requests within egMaxBytes.
const (
	egAutoBytes = 256 << 20
	egMaxBytes  = min(4<<30, math.MaxInt/2) // 1 GB on 32-bit systems
	egAutoSeeds = 44                        // seeds in houses from which a database pays for itself
)

// endgameSeeds is the level the complete endgame database goes up to for a solve of
// root, 0 for none.
func endgameSeeds(opt SolveOptions, root *kalah.State) (int, error) {
	inPlay := root.HouseSeeds()
	if opt.EndgameSeeds < 0 || (opt.EndgameSeeds == 0 && (opt.EndgameDir == "" || inPlay < egAutoSeeds)) {
		return 0, nil
	}
	parts := 2 * root.Game().HousesPerSide()
	limit := egAutoBytes
	if opt.EndgameSeeds > 0 {
		limit = egMaxBytes
	}
	k := max(newRanker(parts, min(inPlay, 127)).levelsWithin(limit), 0)
	if opt.EndgameSeeds == 0 {
		return k, nil
	}
	if want := min(opt.EndgameSeeds, inPlay); want <= k {
		return want, nil
	}
	return 0, fmt.Errorf("solve: an endgame database of %d seeds for %d houses a side would take more than %.0f GB; at most %d seeds fit",
		opt.EndgameSeeds, parts/2, float64(egMaxBytes)/(1<<30), k)
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
	tt := NewTT(4)
	guess := 0
	for d := 2; d <= 40; d += 2 {
		v, _, nodes, err := AlphaBetaValue(ctx, st, d, true, tt)
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

func (ks *kalahSolver) giveUp(err error, opt SolveOptions) error {
	if errors.Is(err, errStop) {
		if ks.ctx.Err() != nil {
			return ks.ctx.Err()
		}
		return fmt.Errorf("solve: %w after %d nodes (budget %s)", ErrGaveUp, ks.nodes, opt.budget())
	}
	if errors.Is(err, ErrRepeats) || errors.Is(err, ErrTooDeep) {
		return fmt.Errorf("solve: %w", err)
	}
	return err
}

func resultOf(v int) string {
	switch {
	case v > 0:
		return "win"
	case v < 0:
		return "loss"
	}
	return "draw"
}

// fkeeps reports whether playing m in st keeps the mover's final margin at target,
// with two null-window searches instead of a full solve of the child.
func (ks *kalahSolver) fkeeps(st *kalah.State, m core.Move, target int) (bool, error) {
	mine, theirs := st.Words()
	t := target - st.StoreDiff(st.Side()) // the store-free target
	m2, t2, gain, extra := ks.sw.Sow(mine, theirs, int(m))
	switch {
	case m2 == 0 || t2 == 0:
		return gain+ks.sw.EndCount(m2, t2) == t, nil
	case extra:
		return ks.fequals(m2, t2, t-gain)
	default:
		return ks.fequals(t2, m2, gain-t)
	}
}

// fequals reports whether the store-free value of (mine, theirs) is c.
func (ks *kalahSolver) fequals(mine, theirs uint64, c int) (bool, error) {
	if v, err := ks.fvalue(mine, theirs, c-1, c, 0); err != nil || v < c {
		return false, err
	}
	v, err := ks.fvalue(mine, theirs, c, c+1, 0)
	return err == nil && v <= c, err
}
