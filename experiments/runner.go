package experiments

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sync/atomic"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/kalahlab/kalahlab/ai"
)

// Options control a run (how, not what: they never change the results).
type Options struct {
	Workers int    // parallel games; 0 for one per core
	Shard   Shard  // the slice of trials to run (zero: all)
	Dir     string // the output directory ("" to write nothing)
	Trials  bool   // append every trial to Dir/trials.jsonl
	Resume  bool   // continue the run in Dir from its trial log
	Force   bool   // overwrite a run already in Dir
	Version string // the program version, for the manifest
	// Progress receives the progress display (nil for none): a bar redrawn in place
	// when Bar is set, plain lines every LineEvery (10s when 0) otherwise.
	Progress  io.Writer
	Bar       bool
	LineEvery time.Duration
	// Chunk is the number of trials a worker takes at a time; 0 adapts it to the
	// games' length (about 10ms of work).
	Chunk int
}

// Solution is a cell's perfect-play value, when the solver proved it in time.
type Solution struct {
	Value    int    `json:"value"`              // the first seat's margin (or +1/0/-1)
	Result   string `json:"result"`             // win, draw or loss for the first seat
	BestMove string `json:"best_move"`          // a best first move
	Unsolved string `json:"unsolved,omitempty"` // why there is no value
}

// CellResult is what a run found for one cell.
type CellResult struct {
	// Stats counts the trials that count: all of them, or those before the stopping
	// rule fired. Nil in a shard's result while the stopping rule waits for the merge.
	Stats *Stats `json:"stats,omitempty"`
	// Stopped reports that target_ci stopped the cell before its games were played.
	Stopped bool `json:"stopped"`
	// Blocks holds a shard's counts per block of check_every trials when target_ci is
	// set: merge sums them over the shards and applies the stopping rule.
	Blocks   []Block   `json:"blocks,omitempty"`
	Solution *Solution `json:"solution,omitempty"`
}

// Block is the counts of one block of trials.
type Block struct {
	Index int    `json:"index"`
	Stats *Stats `json:"stats"`
}

// Result is a run's (or a merge's) outcome: the manifest and the counts per cell.
type Result struct {
	Manifest Manifest
	Cells    []*CellResult
}

// Plan returns the plan of the run.
func (r *Result) Plan() *Plan { return &r.Manifest.Plan }

// Manifest describes a run directory: the plan, and where, when and how it ran.
type Manifest struct {
	Program        string  `json:"program"`
	Version        string  `json:"version"`
	Date           string  `json:"date"` // when the run started (RFC 3339)
	Finished       string  `json:"finished,omitempty"`
	Fingerprint    string  `json:"fingerprint"`
	Shard          string  `json:"shard,omitempty"` // "3/64"; "" for a whole run
	MergedFrom     int     `json:"merged_from,omitempty"`
	Complete       bool    `json:"complete"`
	Workers        int     `json:"workers,omitempty"`
	Seconds        float64 `json:"seconds,omitempty"`
	TrialsRun      int64   `json:"trials_run,omitempty"` // in this process, resumed ones not included
	GamesPerSecond float64 `json:"games_per_second,omitempty"`
	Plan           Plan    `json:"plan"`
}

// The files of an output directory.
const (
	ManifestFile = "manifest.json"
	StatsFile    = "stats.json"
	TrialsFile   = "trials.jsonl"
)

// ErrInterrupted is returned (wrapped) by Run when its context ends before the trials do.
var ErrInterrupted = errors.New("interrupted")

// job is a range of trial indices of one cell for a worker (the trials in it that
// the shard owns and a resumed run has not done), or a solve.
type job struct {
	cell   int
	lo, hi int
	solve  bool
}

// batch is what a worker hands back for a job; the collector recycles batches.
type batch struct {
	cell  int
	recs  []Record // recs[:n] are the trials played
	n     int
	lines []byte // their trial log lines
	sol   *Solution
	busy  time.Duration
}

// Chunk sizes: a worker takes about chunkTime of trials at a time, at most maxChunk.
const (
	chunkTime = 10 * time.Millisecond
	maxChunk  = 512
)

// Run plays the study's trials (those of opt.Shard) on opt.Workers goroutines and counts
// them. Results depend only on the plan: trial i of cell c draws all its randomness from
// TrialSeed(seed, c, i), and the stopping rule looks at whole blocks of trials in index
// order, so any number of workers, shards or interruptions gives the same counts.
//
// With opt.Dir, Run writes the manifest at the start, appends each finished trial to the
// trial log (one write per chunk, so a crash loses only the games in flight), and the
// counts (stats.json) at the end. A cancelled context stops the run: the result so far
// is returned with an error wrapping ErrInterrupted.
func Run(ctx context.Context, s *Study, opt Options) (*Result, error) {
	plan := &s.Plan
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	chunk := opt.Chunk
	if chunk <= 0 {
		chunk = 4
	}
	start := time.Now()
	res := &Result{Manifest: Manifest{
		Program: "kalahlab", Version: opt.Version, Date: start.UTC().Format(time.RFC3339),
		Fingerprint: plan.Fingerprint(), Shard: opt.Shard.String(), Workers: workers, Plan: *plan,
	}}
	accs := make([]*acc, len(plan.Cells))
	for c := range plan.Cells {
		accs[c] = newAcc(plan, c, opt.Shard)
	}

	var logFile *os.File
	if opt.Dir != "" {
		f, err := prepareDir(res, accs, opt)
		if err != nil {
			return nil, err
		}
		logFile = f
		if logFile != nil {
			defer logFile.Close()
		}
	}

	prog := newProgress(opt, plan, accs)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	jobs := make(chan job)
	outs := make(chan *batch, workers)
	free := make(chan *batch, 2*workers+2)
	var chunkSize atomic.Int64
	chunkSize.Store(int64(chunk))
	adaptive := opt.Chunk <= 0
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() error { // the dispatcher: trials in cell and index order
		defer close(jobs)
		send := func(j job) bool {
			select {
			case jobs <- j:
				return true
			case <-gctx.Done():
				return false
			}
		}
		if s.solve > 0 && opt.Shard.Index == 0 {
			for c := range plan.Cells {
				if !send(job{cell: c, solve: true}) {
					return nil
				}
			}
		}
		for c, a := range accs {
			lo, n := 0, 0
			for i := 0; i < plan.Games && !a.stop.Load(); i++ {
				if !a.pending(i) {
					continue
				}
				if n == 0 {
					lo = i
				}
				n++
				if n >= int(chunkSize.Load()) {
					if !send(job{cell: c, lo: lo, hi: i + 1}) {
						return nil
					}
					n = 0
				}
			}
			if n > 0 && !a.stop.Load() {
				if !send(job{cell: c, lo: lo, hi: plan.Games}) {
					return nil
				}
			}
		}
		return nil
	})
	var wg errgroup.Group
	for w := 0; w < workers; w++ {
		wg.Go(func() error {
			p := newPlayer(gctx, s, logFile != nil)
			for j := range jobs {
				var b *batch
				select {
				case b = <-free:
				default:
					b = &batch{}
				}
				b.cell, b.n, b.lines, b.sol = j.cell, 0, b.lines[:0], nil
				if j.solve {
					b.sol = solveCell(gctx, s, j.cell)
					outs <- b
					continue
				}
				t0 := time.Now()
				stopped := false
				a := accs[j.cell]
				for i := j.lo; i < j.hi; i++ {
					if !a.pending(i) {
						continue
					}
					if a.beyondStop(i) {
						break
					}
					if b.n == len(b.recs) {
						b.recs = append(b.recs, Record{})
					}
					rec := &b.recs[b.n]
					if err := p.play(j.cell, i, rec); err != nil {
						stopped = true // cancelled: that trial was in flight, not recorded
						break
					}
					if logFile != nil {
						b.lines = appendRecord(b.lines, rec)
					}
					b.n++
				}
				b.busy = time.Since(t0)
				// The collector reads until every worker is done: the trials finished
				// before a cancellation are kept.
				outs <- b
				if stopped {
					return nil
				}
			}
			return nil
		})
	}
	go func() {
		_ = wg.Wait()
		close(outs)
	}()

	// The collector: counts, logs and decides the stopping rule, in this goroutine.
	var writeErr error
	var ran int64
	perTrial := 0.0 // seconds per trial, averaged
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	for running := true; running; {
		select {
		case b, ok := <-outs:
			if !ok {
				running = false
				break
			}
			if b.sol != nil {
				accs[b.cell].solution = b.sol
			}
			if logFile != nil && len(b.lines) > 0 && writeErr == nil {
				if _, err := logFile.Write(b.lines); err != nil {
					writeErr = fmt.Errorf("writing the trial log: %w", err)
					cancel()
				}
			}
			for k := range b.recs[:b.n] {
				accs[b.cell].add(&b.recs[k])
			}
			ran += int64(b.n)
			if adaptive && b.n > 0 {
				// Chunks of about chunkTime of work: few hand-overs for short games,
				// little work ahead of the stopping rule for long ones.
				t := b.busy.Seconds() / float64(b.n)
				if perTrial == 0 {
					perTrial = t
				}
				perTrial = 0.8*perTrial + 0.2*t
				chunkSize.Store(int64(max(1, min(maxChunk, int(chunkTime.Seconds()/perTrial)))))
			}
			select {
			case free <- b:
			default:
			}
			prog.update(false)
		case <-tick.C:
			prog.update(false)
		}
	}
	_ = g.Wait()
	prog.update(true)
	elapsed := time.Since(start)
	res.Manifest.Seconds = elapsed.Seconds()
	res.Manifest.TrialsRun = ran
	if elapsed > 0 {
		res.Manifest.GamesPerSecond = float64(ran) / elapsed.Seconds()
	}
	if writeErr != nil {
		return res, writeErr
	}
	complete := true
	for _, a := range accs {
		complete = complete && a.complete()
	}
	if ctx.Err() != nil || !complete {
		if opt.Dir != "" {
			_ = writeJSON(filepath.Join(opt.Dir, ManifestFile), res.Manifest)
		}
		return res, fmt.Errorf("%w after %d games in this run", ErrInterrupted, ran)
	}
	for _, a := range accs {
		res.Cells = append(res.Cells, a.result())
	}
	res.Manifest.Complete = true
	res.Manifest.Finished = time.Now().UTC().Format(time.RFC3339)
	if opt.Dir != "" {
		if err := Save(res, opt.Dir); err != nil {
			return res, err
		}
	}
	return res, nil
}

// prepareDir checks the output directory (a run already there needs Resume or Force),
// loads the trial log when resuming, writes the manifest, and opens the log for
// appending.
func prepareDir(res *Result, accs []*acc, opt Options) (*os.File, error) {
	dir := opt.Dir
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	mpath := filepath.Join(dir, ManifestFile)
	tpath := filepath.Join(dir, TrialsFile)
	var old Manifest
	haveOld := readJSON(mpath, &old) == nil
	switch {
	case opt.Resume && haveOld:
		if old.Fingerprint != res.Manifest.Fingerprint {
			return nil, fmt.Errorf("%s holds a run of another experiment (%s, fingerprint %s; this one is %s): --resume continues the same experiment only", dir, old.Plan.Name, old.Fingerprint, res.Manifest.Fingerprint)
		}
		if old.Shard != res.Manifest.Shard {
			return nil, fmt.Errorf("%s holds shard %q, not %q", dir, old.Shard, res.Manifest.Shard)
		}
		res.Manifest.Date = old.Date
		if _, err := os.Stat(tpath); err != nil {
			return nil, fmt.Errorf("%s: no trial log to resume from (%s)", dir, TrialsFile)
		}
		if err := loadLog(tpath, accs, res.Manifest.Plan.Games); err != nil {
			return nil, err
		}
	case haveOld && !opt.Force:
		state := "an unfinished"
		if old.Complete {
			state = "a finished"
		}
		return nil, fmt.Errorf("%s already holds %s run of %s: add --resume to continue it, or --force to start again", dir, state, old.Plan.Name)
	default:
		for _, f := range []string{tpath, filepath.Join(dir, StatsFile)} {
			if err := os.Remove(f); err != nil && !os.IsNotExist(err) {
				return nil, err
			}
		}
	}
	if err := writeJSON(mpath, res.Manifest); err != nil {
		return nil, err
	}
	if !opt.Trials {
		if opt.Resume {
			return nil, fmt.Errorf("--resume needs the trial log (output.trials is off)")
		}
		return nil, nil
	}
	return os.OpenFile(tpath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
}

// solveCell tries to prove the value of a cell's variant within the study's solve time.
func solveCell(ctx context.Context, s *Study, c int) *Solution {
	g, err := s.variants[c].NewGame()
	if err != nil {
		return &Solution{Unsolved: err.Error()}
	}
	st := g.NewState()
	// One thread: the solve runs on a worker, beside the others' games.
	sol, err := ai.Solve(ctx, st, ai.SolveOptions{TTMB: 64, Time: s.solve, Threads: 1})
	if err != nil {
		if errors.Is(err, ai.ErrDomain) {
			return &Solution{Unsolved: "outside the solver's domain"}
		}
		return &Solution{Unsolved: fmt.Sprintf("not solved within %v", s.solve)}
	}
	best := ""
	if len(sol.PV) > 0 {
		best = st.MoveString(sol.PV[0])
	}
	return &Solution{Value: sol.Value, Result: sol.Result, BestMove: best}
}

// bitset marks trial indices.
type bitset []uint64

func (b bitset) has(i int) bool { return b[i>>6]&(1<<(i&63)) != 0 }
func (b bitset) set(i int)      { b[i>>6] |= 1 << (i & 63) }

// acc counts one cell's trials as they come, in any order, and applies the stopping
// rule on whole blocks in index order.
type acc struct {
	plan     *Plan
	cell     int
	seats    int
	shard    Shard
	owned    int    // trials of the cell in the shard
	done     bitset // recorded (read by the collector only)
	resumed  bitset // recorded before the run started (read by the dispatcher)
	got      int    // trials recorded (counted or past the stop)
	size     int    // block size
	nblocks  int
	fold     bool           // apply the stopping rule now (a whole run with target_ci)
	prefix   *Stats         // blocks [0, next) (everything without target_ci)
	next     int            // the first block not folded into prefix
	blocks   map[int]*Stats // blocks not folded yet
	counts   map[int]int    // trials recorded per block not folded
	stop     atomic.Bool    // the stopping rule fired
	stopAt   atomic.Int64   // the first trial index past the stopping point
	solution *Solution
}

func newAcc(p *Plan, c int, sh Shard) *acc {
	a := &acc{
		plan: p, cell: c, seats: p.Cells[c].Seats, shard: sh,
		done: make(bitset, (p.Games+63)/64), resumed: make(bitset, (p.Games+63)/64),
		size: p.blockSize(), nblocks: p.blocks(), fold: p.TargetCI > 0 && sh.Whole(),
		blocks: map[int]*Stats{}, counts: map[int]int{},
	}
	a.stopAt.Store(int64(p.Games))
	a.prefix = NewStats(a.seats, len(p.Agents))
	for i := 0; i < p.Games; i++ {
		if a.owns(i) {
			a.owned++
		}
	}
	return a
}

func (a *acc) owns(i int) bool { return a.shard.Owns(a.cell*a.plan.Games + i) }

// pending reports whether trial i is for this run to play: owned, and not done before a
// resume.
func (a *acc) pending(i int) bool { return a.owns(i) && !a.resumed.has(i) }

// beyondStop reports whether trial i comes after the stopping point.
func (a *acc) beyondStop(i int) bool { return int64(i) >= a.stopAt.Load() }

// blockLen is the number of trials of block b (the last one may be short).
func (a *acc) blockLen(b int) int { return min(a.size, a.plan.Games-b*a.size) }

// add counts a trial (once; a trial past the stopping point is dropped).
func (a *acc) add(r *Record) {
	if r.Index < 0 || r.Index >= a.plan.Games || a.done.has(r.Index) {
		return
	}
	a.done.set(r.Index)
	a.got++
	if a.beyondStop(r.Index) {
		return
	}
	if a.plan.TargetCI <= 0 {
		a.prefix.Add(r)
		return
	}
	b := r.Index / a.size
	st := a.blocks[b]
	if st == nil {
		st = NewStats(a.seats, len(a.plan.Agents))
		a.blocks[b] = st
	}
	st.Add(r)
	a.counts[b]++
	if a.fold {
		a.advance()
	}
}

// advance folds complete blocks into the prefix in order, checking the stopping rule
// after each.
func (a *acc) advance() {
	for !a.stop.Load() && a.next < a.nblocks && a.counts[a.next] == a.blockLen(a.next) {
		a.prefix.Merge(a.blocks[a.next])
		delete(a.blocks, a.next)
		delete(a.counts, a.next)
		a.next++
		if a.next < a.nblocks && a.prefix.narrowEnough(a.plan.TargetCI) {
			a.stopAt.Store(int64(a.next * a.size))
			a.stop.Store(true)
			clear(a.blocks)
			clear(a.counts)
		}
	}
}

// complete reports whether every trial the cell needs is recorded.
func (a *acc) complete() bool {
	if a.fold {
		return a.stop.Load() || a.next == a.nblocks
	}
	return a.got == a.owned
}

// result returns the cell's result once complete.
func (a *acc) result() *CellResult {
	r := &CellResult{Solution: a.solution}
	if a.plan.TargetCI > 0 && !a.shard.Whole() {
		for b := 0; b < a.nblocks; b++ {
			if st := a.blocks[b]; st != nil {
				r.Blocks = append(r.Blocks, Block{Index: b, Stats: st})
			}
		}
		return r
	}
	r.Stats = a.prefix
	r.Stopped = a.stop.Load()
	return r
}

// finalize applies the stopping rule to per-block counts that are complete (a merge
// of every shard): the same rule, on the same blocks, as a whole run applies live.
func finalize(p *Plan, c int, blocks map[int]*Stats) *CellResult {
	st := NewStats(p.Cells[c].Seats, len(p.Agents))
	r := &CellResult{Stats: st}
	nb := p.blocks()
	for b := 0; b < nb; b++ {
		if blocks[b] != nil {
			st.Merge(blocks[b])
		}
		if b+1 < nb && st.narrowEnough(p.TargetCI) {
			r.Stopped = true
			break
		}
	}
	return r
}
