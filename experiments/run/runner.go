package run

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sync/atomic"
	"time"

	"github.com/kalahlab/kalahlab/experiments/plan"

	"golang.org/x/sync/errgroup"

	"github.com/kalahlab/kalahlab/ai/endgame"
	"github.com/kalahlab/kalahlab/ai/solve"
	"github.com/kalahlab/kalahlab/config"
	"github.com/kalahlab/kalahlab/experiments/internal/logfile"
)

// Options control a run (how, not what: they never change the results).
type Options struct {
	Workers int    // parallel games; 0 for one per core
	Shard   Shard  // the slice of trials to run (zero: all)
	Dir     string // the output directory ("" to write nothing)
	Trials  bool   // append every trial to the trial log, Dir/trials.jsonl.zst
	// Log is the trial log's format: LogZstd ("" too: trials.jsonl.zst) or LogPlain
	// (trials.jsonl). A resumed run goes on in the format of the log it finds.
	Log     LogFormat
	Resume  bool   // continue the run in Dir from its trial log
	Force   bool   // overwrite a run already in Dir
	Version string // the program version, for the manifest
	// Progress receives the progress display (nil for none): a bar redrawn in place
	// when Bar is set, plain lines every LineEvery (10s when 0) otherwise.
	Progress  io.Writer
	Bar       bool
	LineEvery time.Duration
	// Notes receives what the run repaired (a trial log's last line cut short by a
	// crash, repeated trials) when it resumes; nil for none.
	Notes io.Writer
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
	// Hint says what would solve a cell its budget did not (a bigger budget, or
	// kalahlab solve with its command line).
	Hint string `json:"hint,omitempty"`
	// Failed reports that the solve stopped on an error (a failing Lua hook, say; the
	// error is in Unsolved) rather than running out of time or out of its domain.
	Failed bool `json:"failed,omitempty"`
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
	// Links are the report's links to example games, gathered as the trials were
	// logged (nil: the report reads them from the trial log, when there is one).
	Links *GameLinks `json:"-"`
}

// Plan returns the plan of the run.
func (r *Result) Plan() *plan.Plan { return &r.Manifest.Plan }

// Manifest describes a run directory: the plan, and where, when and how it ran.
type Manifest struct {
	Program        string    `json:"program"`
	Version        string    `json:"version"`
	Date           string    `json:"date"` // when the run started (RFC 3339)
	Finished       string    `json:"finished,omitempty"`
	Fingerprint    string    `json:"fingerprint"`
	Shard          string    `json:"shard,omitempty"` // "3/64"; "" for a whole run
	MergedFrom     int       `json:"merged_from,omitempty"`
	Complete       bool      `json:"complete"`
	Workers        int       `json:"workers,omitempty"`
	Seconds        float64   `json:"seconds,omitempty"`    // summed over the runs (the first and each --resume)
	TrialsRun      int64     `json:"trials_run,omitempty"` // in this process, resumed ones not included
	GamesPerSecond float64   `json:"games_per_second,omitempty"`
	Runs           int       `json:"runs,omitempty"` // processes that played it: 1, and one per --resume
	Plan           plan.Plan `json:"plan"`
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
	frame []byte // the lines compressed as one zstd frame, when the worker compressed them
	sol   *Solution
	busy  time.Duration
}

// Chunk sizes: a worker takes about chunkTime of trials at a time, at most maxChunk.
const (
	chunkTime = 10 * time.Millisecond
	maxChunk  = 512
)

// runHook, when set (by tests), sees the cells' counters at the end of a run.
var runHook func([]*acc)

// Run plays the study's trials (those of opt.Shard) on opt.Workers goroutines and counts
// them. Results depend only on the plan: trial i of cell c draws all its randomness from
// a seed derived from the study's seed, c and i ([Record].Seed), and the stopping rule looks at whole blocks of trials in index
// order, so any number of workers, shards or interruptions gives the same counts.
//
// With opt.Dir, Run locks the directory (see LockDir: a second run there fails with
// ErrLocked while this one goes on), writes the manifest at the start, appends each
// finished trial to the trial log, and the counts (stats.json) at the end. A plain log
// gets one write per chunk, so a crash loses only the games in flight; a compressed one
// (the default) one zstd frame per MiB of lines or two seconds, so a crash loses at most
// those, and --resume drops a last frame cut short and plays its trials again. A
// cancelled context stops the run: the result so far is returned with an error
// wrapping ErrInterrupted.
func Run(ctx context.Context, s *plan.Study, opt Options) (*Result, error) {
	r := newRunState(s, opt)
	if opt.Dir != "" {
		closeDir, err := r.openDir(ctx)
		if err != nil {
			return nil, err
		}
		defer closeDir()
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	r.cancel = cancel
	r.prog = newProgress(opt, r.plan, r.accs)
	dispatcher := r.start(ctx)
	r.collect()
	_ = dispatcher.Wait()
	r.closeLog()
	return r.finish(ctx)
}

// runState is one Run in progress: the plan's counters, the output directory's trial log,
// and the channels between the dispatcher, the workers and the collector.
type runState struct {
	study   *plan.Study
	plan    *plan.Plan
	opt     Options
	workers int
	began   time.Time
	res     *Result
	accs    []*acc
	log     *logfile.Writer // nil without a trial log
	prog    *progress
	cancel  context.CancelFunc

	// compress is set when the workers compress their large batches themselves: with a
	// worker on every core (the collector alone would cap the rate on a machine of many
	// cores); with cores to spare the collector does, beside them.
	compress bool
	jobs     chan job
	outs     chan *batch
	free     chan *batch
	// chunk is the trials of a job; adaptive makes it about chunkTime of work.
	chunk    atomic.Int64
	adaptive bool

	// The collector's (one goroutine's) state.
	writeErr error
	ran      int64   // trials played in this process
	perTrial float64 // seconds per trial, averaged
}

// newRunState plans a run: its workers, its manifest and a counter per cell.
func newRunState(s *plan.Study, opt Options) *runState {
	plan := &s.Plan
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	r := &runState{study: s, plan: plan, opt: opt, workers: workers, began: time.Now(), adaptive: opt.Chunk <= 0}
	chunk := opt.Chunk
	if chunk <= 0 {
		chunk = 4 // until the first batches time the games
	}
	r.chunk.Store(int64(chunk))
	r.res = &Result{Manifest: Manifest{
		Program: "kalahlab", Version: opt.Version, Date: r.began.UTC().Format(time.RFC3339),
		Fingerprint: plan.Fingerprint(), Shard: opt.Shard.String(), Workers: workers, Plan: *plan,
		Runs: 1,
	}}
	r.accs = make([]*acc, len(plan.Cells))
	for c := range plan.Cells {
		r.accs[c] = newAcc(plan, c, opt.Shard)
	}
	return r
}

// openDir locks the output directory and prepares it (prepareDir): the returned
// function closes the trial log and unlocks the directory.
func (r *runState) openDir(ctx context.Context) (func(), error) {
	// One run per directory: two would play the same games twice.
	lock, err := LockDir(r.opt.Dir)
	if err != nil {
		return nil, fmt.Errorf("%w (two runs in one directory would play the same games twice)", err)
	}
	lw, err := prepareDir(ctx, r.res, r.accs, r.opt)
	if err != nil {
		lock.Unlock()
		return nil, err
	}
	r.log = lw
	r.compress = lw != nil && lw.Compressed() && r.workers >= runtime.GOMAXPROCS(0)
	return func() {
		if lw != nil {
			lw.Close()
		}
		lock.Unlock()
	}, nil
}

// start starts the dispatcher and the workers; outs is closed once every worker is
// done. The returned group waits for the dispatcher.
func (r *runState) start(ctx context.Context) *errgroup.Group {
	r.jobs = make(chan job)
	r.outs = make(chan *batch, r.workers)
	r.free = make(chan *batch, 2*r.workers+2)
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() error {
		defer close(r.jobs)
		r.dispatch(gctx)
		return nil
	})
	var wg errgroup.Group
	for w := 0; w < r.workers; w++ {
		wg.Go(func() error {
			r.work(gctx)
			return nil
		})
	}
	go func() {
		_ = wg.Wait()
		close(r.outs)
	}()
	return g
}

// dispatch sends the jobs: the solves (shard 0 runs them), then the trials in cell and
// index order. It stops when ctx ends.
func (r *runState) dispatch(ctx context.Context) {
	if !r.dispatchSolves(ctx) {
		return
	}
	for c := range r.accs {
		if !r.dispatchCell(ctx, c) {
			return
		}
	}
}

// dispatchSolves sends a solve for each game of the study; false when ctx ended.
func (r *runState) dispatchSolves(ctx context.Context) bool {
	if r.study.Solve.Off() || r.opt.Shard.Index != 0 {
		return true
	}
	for c := range r.plan.Cells {
		if r.study.SolvedBy(c) != c {
			continue // the same game as an earlier cell: solved once, there
		}
		if !send(ctx, r.jobs, job{cell: c, solve: true}) {
			return false
		}
	}
	return true
}

// dispatchCell sends cell c's pending trials in chunks, until its stopping rule fires;
// false when ctx ended.
func (r *runState) dispatchCell(ctx context.Context, c int) bool {
	a := r.accs[c]
	lo, last, n := 0, 0, 0
	for i := a.nextPending(0); i < a.games && !a.stop.Load(); i = a.nextPending(i + 1) {
		if n == 0 {
			lo = i
		}
		last = i
		n++
		if n >= int(r.chunk.Load()) {
			if !send(ctx, r.jobs, job{cell: c, lo: lo, hi: i + 1}) {
				return false
			}
			n = 0
		}
	}
	if n > 0 && !a.stop.Load() {
		return send(ctx, r.jobs, job{cell: c, lo: lo, hi: last + 1})
	}
	return true
}

// send hands j to a worker; false when ctx ended first.
func send(ctx context.Context, jobs chan<- job, j job) bool {
	select {
	case jobs <- j:
		return true
	case <-ctx.Done():
		return false
	}
}

// work is a worker: it plays (or solves) the jobs and hands each batch to the
// collector, until the jobs run out or the run is cancelled.
func (r *runState) work(ctx context.Context) {
	p := newPlayer(ctx, r.study, r.log != nil)
	for j := range r.jobs {
		b := r.batchFor(j)
		if j.solve {
			b.sol = solveCell(ctx, r.study, j.cell, r.opt.Notes)
			r.outs <- b
			continue
		}
		stopped := r.play(p, j, b)
		// The collector reads until every worker is done: the trials finished
		// before a cancellation are kept.
		r.outs <- b
		if stopped {
			return
		}
	}
}

// batchFor returns an empty batch for job j, a recycled one when there is one.
func (r *runState) batchFor(j job) *batch {
	var b *batch
	select {
	case b = <-r.free:
	default:
		b = &batch{}
	}
	b.cell, b.n, b.lines, b.sol = j.cell, 0, b.lines[:0], nil
	return b
}

// play plays job j's pending trials into b (with their log lines, compressed when
// the workers compress); stopped reports a cancellation.
func (r *runState) play(p *player, j job, b *batch) (stopped bool) {
	t0 := time.Now()
	a := r.accs[j.cell]
	for i := a.nextPending(j.lo); i < j.hi; i = a.nextPending(i + 1) {
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
		if r.log != nil {
			b.lines = appendRecord(b.lines, rec)
		}
		b.n++
	}
	b.frame = b.frame[:0]
	if r.compress && len(b.lines) >= logfile.WorkerFrame {
		b.frame = r.log.Compress(b.lines, b.frame)
	}
	b.busy = time.Since(t0)
	return stopped
}

// collect is the collector: it counts, logs and decides the stopping rule, in the
// calling goroutine, until every worker is done.
func (r *runState) collect() {
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case b, ok := <-r.outs:
			if !ok {
				return
			}
			r.fold(b)
		case now := <-tick.C:
			// A compressed log gathers lines into frames: one goes out at least every
			// logfile.FrameEvery, so that a run killed outright loses little.
			if r.log != nil && r.writeErr == nil && r.log.Due(now) {
				r.logFailed(r.log.Flush())
			}
			r.prog.update(false)
		}
	}
}

// fold takes in a worker's batch: its solution, its log lines and its trials' counts.
func (r *runState) fold(b *batch) {
	if b.sol != nil {
		for _, c := range r.study.SameGame(b.cell) {
			r.accs[c].solution = b.sol
		}
	}
	if r.log != nil && len(b.lines) > 0 && r.writeErr == nil {
		if len(b.frame) > 0 {
			r.logFailed(r.log.WriteFrame(b.frame))
		} else {
			r.logFailed(r.log.Write(b.lines))
		}
	}
	links := r.res.Links
	if r.log == nil || r.writeErr != nil {
		links = nil
	}
	for k := range b.recs[:b.n] {
		r.accs[b.cell].add(&b.recs[k])
		if links != nil {
			links.addRecord(&b.recs[k]) // in the log's order
		}
	}
	r.ran += int64(b.n)
	r.adaptChunk(b)
	select {
	case r.free <- b:
	default:
	}
	r.prog.update(false)
}

// logFailed stops the run on the trial log's first write error.
func (r *runState) logFailed(err error) {
	if err != nil {
		r.writeErr = fmt.Errorf("writing the trial log: %w", err)
		r.cancel()
	}
}

// adaptChunk sizes the next jobs from b's time per trial: chunks of about chunkTime of
// work, few hand-overs for short games, little work ahead of the stopping rule for
// long ones.
func (r *runState) adaptChunk(b *batch) {
	if !r.adaptive || b.n == 0 {
		return
	}
	t := b.busy.Seconds() / float64(b.n)
	if r.perTrial == 0 {
		r.perTrial = t
	}
	r.perTrial = 0.8*r.perTrial + 0.2*t
	r.chunk.Store(int64(max(1, min(maxChunk, int(chunkTime.Seconds()/r.perTrial)))))
}

// closeLog closes the trial log: every finished trial is in it before the manifest or
// the counts say so.
func (r *runState) closeLog() {
	if r.log == nil {
		return
	}
	if err := r.log.Close(); err != nil && r.writeErr == nil {
		r.writeErr = fmt.Errorf("writing the trial log: %w", err)
	}
}

// finish times the run and writes its end: the result and the counts when every cell
// is complete, the manifest alone (and ErrInterrupted) when not.
func (r *runState) finish(ctx context.Context) (*Result, error) {
	if runHook != nil {
		runHook(r.accs)
	}
	r.prog.update(true)
	m := &r.res.Manifest
	elapsed := time.Since(r.began)
	m.Seconds += elapsed.Seconds() // after the earlier runs' time, when resumed
	m.TrialsRun = r.ran
	if elapsed > 0 {
		m.GamesPerSecond = float64(r.ran) / elapsed.Seconds()
	}
	if r.writeErr != nil {
		return r.res, r.writeErr
	}
	if ctx.Err() != nil || !r.complete() {
		if r.opt.Dir != "" {
			_ = writeJSON(filepath.Join(r.opt.Dir, ManifestFile), *m)
		}
		return r.res, fmt.Errorf("%w after %d games in this run", ErrInterrupted, r.ran)
	}
	for _, a := range r.accs {
		r.res.Cells = append(r.res.Cells, a.result())
	}
	m.Complete = true
	m.Finished = time.Now().UTC().Format(time.RFC3339)
	if r.opt.Dir != "" {
		return r.res, Save(r.res, r.opt.Dir)
	}
	return r.res, nil
}

// complete reports whether every cell has every trial it needs.
func (r *runState) complete() bool {
	for _, a := range r.accs {
		if !a.complete() {
			return false
		}
	}
	return true
}

// prepareDir checks the output directory (a run already there needs Resume or Force),
// loads the trial log when resuming, writes the manifest, and opens the log for
// appending.
func prepareDir(ctx context.Context, res *Result, accs []*acc, opt Options) (*logfile.Writer, error) {
	dir := opt.Dir
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	mpath := filepath.Join(dir, ManifestFile)
	format := opt.Log
	if format != LogPlain {
		format = LogZstd
	}
	tpath := filepath.Join(dir, format.File())
	var old Manifest
	haveOld := readJSON(mpath, &old) == nil
	if opt.Trials {
		res.Links = newGameLinks(dir) // the log's trials, as they are logged
	}
	switch {
	case opt.Resume && haveOld:
		var err error
		if tpath, format, err = resumeFrom(ctx, &old, res, accs, opt); err != nil {
			return nil, err
		}
	case haveOld && !opt.Force:
		state := "an unfinished"
		if old.Complete {
			state = "a finished"
		}
		return nil, fmt.Errorf("%s already holds %s run of %s: add --resume to continue it, or --force to start again", dir, state, old.Plan.Name)
	default:
		if err := clearRun(dir); err != nil {
			return nil, err
		}
	}
	if err := writeJSON(mpath, res.Manifest); err != nil {
		return nil, err
	}
	return openTrialLog(tpath, format, res, opt)
}

// resumeFrom continues the run old in opt.Dir: it checks that old is this run (the
// same experiment and shard), takes over its start date and run time, and counts its
// trial log into accs. It returns the log's path and format: the run goes on in the
// log's format, whatever it was asked for.
func resumeFrom(ctx context.Context, old *Manifest, res *Result, accs []*acc, opt Options) (string, LogFormat, error) {
	dir := opt.Dir
	if old.Fingerprint != res.Manifest.Fingerprint {
		return "", "", fmt.Errorf("%s holds a run of another experiment (%s, fingerprint %s; this one is %s): --resume continues the same experiment only", dir, old.Plan.Name, old.Fingerprint, res.Manifest.Fingerprint)
	}
	if old.Shard != res.Manifest.Shard {
		return "", "", fmt.Errorf("%s holds shard %q, not %q", dir, old.Shard, res.Manifest.Shard)
	}
	res.Manifest.Date = old.Date
	// The run time is the sum of every run's: earlier ones wrote theirs.
	res.Manifest.Seconds, res.Manifest.Runs = old.Seconds, max(old.Runs, 1)+1
	tpath, err := TrialLog(dir)
	if errors.Is(err, os.ErrNotExist) {
		return "", "", fmt.Errorf("%s: no trial log to resume from (%s or %s)", dir, TrialsZstdFile, TrialsFile)
	}
	if err != nil {
		return "", "", err
	}
	format := LogZstd
	if !logfile.IsZstd(tpath) {
		format = LogPlain
	}
	rep, err := loadLog(ctx, tpath, accs, res.Manifest.Plan.Games, res.Links)
	if err != nil {
		return "", "", err
	}
	if msg := rep.String(); msg != "" && opt.Notes != nil {
		fmt.Fprintf(opt.Notes, "kalahlab: repaired %s: %s\n", tpath, msg)
	}
	for _, a := range accs {
		a.resumed = a.done.clone()
	}
	return tpath, format, nil
}

// clearRun removes the trial logs and counts of an earlier run in dir (a new run, or
// --force).
func clearRun(dir string) error {
	if err := RemoveTrialLogs(dir); err != nil {
		return err
	}
	if err := os.Remove(filepath.Join(dir, StatsFile)); err != nil && !os.IsNotExist(err) {
		return err
	}
	return nil
}

// openTrialLog opens the trial log at tpath for appending (nil when the run keeps
// none).
func openTrialLog(tpath string, format LogFormat, res *Result, opt Options) (*logfile.Writer, error) {
	if !opt.Trials {
		if opt.Resume {
			return nil, fmt.Errorf("--resume needs the trial log (output.trials is off)")
		}
		return nil, nil
	}
	f, err := os.OpenFile(tpath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, err
	}
	lw, err := logfile.NewWriter(f, format != LogPlain, 0, res.Manifest.Workers+1)
	if err != nil {
		f.Close()
		return nil, err
	}
	return lw, nil
}

// solveCell tries to prove the value of a cell's variant within the study's solve
// budget. Kalah uses the complete endgame database where it pays (kalahlab solve's:
// 44 or more seeds in houses, kept in endgame.DefaultDir, built on first use with a
// line on log). Its values are exact, so the outcome stays a function of the budget:
// the same cells solve on every run and machine.
func solveCell(ctx context.Context, s *plan.Study, c int, log io.Writer) *Solution {
	g, err := s.Variants[c].NewGameContext(ctx) // cancelling interrupts slow hooks too
	if err != nil {
		return &Solution{Unsolved: err.Error()}
	}
	st := g.NewState()
	// One thread: the solve runs on a worker, beside the others' games.
	// A node budget with one thread gives the same outcome on every run.
	// A retrograde analysis (mancala repetition rules) holds at most a million
	// positions (about 200 MB) beside the other workers; beyond, the search runs.
	sol, err := solve.Solve(ctx, st, solve.Options{TTMB: 64, Time: s.Solve.Time, Nodes: s.Solve.Nodes, Threads: 1,
		MaxPositions: 1_000_000, EndgameDir: endgame.DefaultDir(), Log: endgameLines{log}})
	if err != nil {
		switch {
		case errors.Is(err, solve.ErrDomain):
			return &Solution{Unsolved: "outside the solver's domain"}
		case errors.Is(err, solve.ErrGaveUp) || ctx.Err() != nil:
			return &Solution{Unsolved: "not solved within " + s.Solve.String(), Hint: solveHint(s.Plan.Cells[c], s.Solve)}
		}
		return &Solution{Unsolved: err.Error(), Failed: true}
	}
	best := ""
	if len(sol.PV) > 0 {
		best = st.MoveString(sol.PV[0])
	}
	return &Solution{Value: sol.Value, Result: sol.Result, BestMove: best}
}

// endgameLines passes on the endgame database's lines of a solve's log (building it,
// on first use) and drops the passes of the search, which would interleave with the
// study's progress line.
type endgameLines struct{ w io.Writer }

func (e endgameLines) Write(p []byte) (int, error) {
	if e.w != nil && bytes.HasPrefix(p, []byte("endgame: ")) {
		return e.w.Write(p)
	}
	return len(p), nil
}

// solveHint says what would solve a cell that its budget did not: a bigger budget, or
// kalahlab solve on the cell's game (every core, the endgame database, no budget).
func solveHint(cell plan.CellPlan, budget config.SolveBudget) string {
	more := "a bigger solve budget than " + budget.String()
	if budget.Nodes > 0 {
		more = fmt.Sprintf("a bigger solve budget (solve: %s)", config.SolveBudget{Nodes: 10 * budget.Nodes})
	}
	if len(cell.HouseRules) > 0 {
		return more + ", or kalahlab solve on a game config with its variant, house_rules and knobs (every core, the endgame database, no budget)"
	}
	cmd := "kalahlab solve --variant " + cell.Lookup
	for _, k := range slices.Sorted(maps.Keys(cell.Params)) {
		cmd += fmt.Sprintf(" --set %s=%v", k, cell.Params[k])
	}
	return fmt.Sprintf("%s, or %s (every core, the endgame database, no budget)", more, cmd)
}

// acc counts one cell's trials as they come, in any order, and applies the stopping
// rule on whole blocks in index order.
type acc struct {
	plan     *plan.Plan
	cell     int
	seats    int
	shard    Shard
	first    int      // the first trial index of the cell in the shard
	step     int      // the distance between two trial indices in the shard
	games    int      // the cell's games (trial indices 0..games-1)
	owned    int      // trials of the cell in the shard
	done     trialSet // recorded, by ordinal (read by the collector only)
	resumed  trialSet // recorded before the run started (read-only while it runs)
	got      int      // trials recorded (counted or past the stop)
	size     int      // block size
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

func newAcc(p *plan.Plan, c int, sh Shard) *acc {
	a := &acc{
		plan: p, cell: c, seats: p.Cells[c].Seats, shard: sh, step: 1, games: p.CellGames(c),
		size: p.BlockSize(c), nblocks: p.Blocks(c), fold: p.TargetCI > 0 && sh.Whole(),
		blocks: map[int]*Stats{}, counts: map[int]int{},
	}
	if !sh.Whole() {
		// Trial t = cell*games + i is the shard's when t mod count = index.
		a.step = sh.Count
		a.first = ((sh.Index-(c*p.Games)%sh.Count)%sh.Count + sh.Count) % sh.Count
	}
	if a.first < a.games {
		a.owned = (a.games-1-a.first)/a.step + 1
	}
	a.stopAt.Store(int64(a.games))
	a.prefix = NewStats(a.seats, len(p.Agents))
	return a
}

func (a *acc) owns(i int) bool {
	return i >= a.first && i < a.games && (i-a.first)%a.step == 0
}

// ordinal numbers the cell's trials in the shard: 0 for the first, 1 for the next...
func (a *acc) ordinal(i int) int { return (i - a.first) / a.step }

// nextPending returns the first trial index >= i for this run to play (owned, and not
// done before a resume), or the number of games when there is none.
func (a *acc) nextPending(i int) int {
	o := 0
	if i > a.first {
		o = (i - a.first + a.step - 1) / a.step
	}
	if o = a.resumed.nextAbsent(o); o >= a.owned {
		return a.games
	}
	return a.first + o*a.step
}

// beyondStop reports whether trial i comes after the stopping point.
func (a *acc) beyondStop(i int) bool { return int64(i) >= a.stopAt.Load() }

// blockLen is the number of trials of block b (the last one may be short).
func (a *acc) blockLen(b int) int { return min(a.size, a.games-b*a.size) }

// add counts a trial (once; a trial past the stopping point is dropped).
func (a *acc) add(r *Record) {
	if !a.owns(r.Index) || !a.done.add(a.ordinal(r.Index)) {
		return
	}
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
		// In block order (the blocks played, not every block of the plan: a loop over
		// those would take as long as the games requested).
		for _, b := range slices.Sorted(maps.Keys(a.blocks)) {
			r.Blocks = append(r.Blocks, Block{Index: b, Stats: a.blocks[b]})
		}
		return r
	}
	r.Stats = a.prefix
	r.Stopped = a.stop.Load()
	return r
}

// finalize applies the stopping rule to per-block counts that are complete (a merge
// of every shard): the same rule, on the same blocks, as a whole run applies live.
func finalize(p *plan.Plan, c int, blocks map[int]*Stats) *CellResult {
	st := NewStats(p.Cells[c].Seats, len(p.Agents))
	r := &CellResult{Stats: st}
	nb := p.Blocks(c)
	// Only the blocks there are: a block without trials changes nothing, and a loop
	// over every block of the plan would take as long as the games requested.
	for _, b := range slices.Sorted(maps.Keys(blocks)) {
		st.Merge(blocks[b])
		if b+1 < nb && st.narrowEnough(p.TargetCI) {
			r.Stopped = true
			break
		}
	}
	return r
}
