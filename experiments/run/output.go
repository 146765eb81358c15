package run

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/kalahlab/kalahlab/experiments/plan"

	"github.com/kalahlab/kalahlab/experiments/internal/logfile"
)

// statsFile is stats.json: the counts per cell.
type statsFile struct {
	Fingerprint string        `json:"fingerprint"`
	Shard       string        `json:"shard,omitempty"`
	Cells       []*CellResult `json:"cells"`
}

// Save writes a finished result into dir: manifest.json and stats.json. The reports
// are written by WriteReports.
func Save(r *Result, dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := writeJSON(filepath.Join(dir, StatsFile), statsFile{Fingerprint: r.Manifest.Fingerprint, Shard: r.Manifest.Shard, Cells: r.Cells}); err != nil {
		return err
	}
	return writeJSON(filepath.Join(dir, ManifestFile), r.Manifest)
}

// Load reads a finished run (or merge) from dir.
func Load(dir string) (*Result, error) {
	r := &Result{}
	if err := readJSON(filepath.Join(dir, ManifestFile), &r.Manifest); err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("%s: no %s: not a kalahlab results directory", dir, ManifestFile)
		}
		return nil, err
	}
	if !r.Manifest.Complete {
		return nil, fmt.Errorf("%s holds an unfinished run of %s: continue it with `%s`", dir, r.Manifest.Plan.Name, ResumeCommand(dir, &r.Manifest))
	}
	var sf statsFile
	if err := readJSON(filepath.Join(dir, StatsFile), &sf); err != nil {
		return nil, err
	}
	if sf.Fingerprint != r.Manifest.Fingerprint || len(sf.Cells) != len(r.Manifest.Plan.Cells) {
		return nil, fmt.Errorf("%s: %s does not match %s", dir, StatsFile, ManifestFile)
	}
	for _, c := range sf.Cells {
		if c.Stats != nil {
			c.Stats.normalize()
		}
		for _, b := range c.Blocks {
			b.Stats.normalize()
		}
	}
	r.Cells = sf.Cells
	return r, nil
}

// ResumeCommand is the command line that continues the run in dir, whose manifest is m:
// `kalahlab experiment run --resume --out DIR`, with --shard i/n and the directory
// holding the shard's for a shard. It takes the plan from the manifest, so it needs
// neither the study file nor the flags the run was started with.
func ResumeCommand(dir string, m *Manifest) string {
	out := filepath.Clean(dir)
	shard := ""
	if m.Shard != "" {
		out = filepath.Dir(out)
		shard = " --shard " + m.Shard
	}
	return "kalahlab experiment run --resume --out " + shellQuote(out) + shard
}

// shellQuote quotes s for a POSIX shell when it needs it.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./:@%+=,-") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

func writeJSON(path string, v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, append(data, '\n'), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

func readJSON(path string, v any) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(data, v); err != nil {
		return fmt.Errorf("reading %s: %w", path, err)
	}
	return nil
}

// logRepair is what loadLog repaired in a trial log.
type logRepair struct {
	cut    int              // bytes of a last line cut short (by a crash), dropped
	damage []logfile.Damage // stretches of a compressed log that do not decode, dropped
	bad    int              // lines that are not records of the run's trials, dropped
	badWhy string           // the first of those: where and why
	dups   int              // lines of trials already in the log (two runs at once), dropped
	held   int              // trials in the log once repaired
	owned  int              // the trials of the run (or shard)
}

// String describes the repair ("" for none).
func (r logRepair) String() string {
	var parts []string
	if r.cut > 0 {
		parts = append(parts, fmt.Sprintf("dropped a last line cut short (%d bytes; that trial runs again)", r.cut))
	}
	for _, d := range r.damage {
		switch {
		case d.Tail && d.Zeros == d.N:
			parts = append(parts, fmt.Sprintf("dropped a zeroed tail (%d bytes of zeros from byte %d, what a power cut leaves; its trials run again)", d.N, d.Off))
		case d.Tail && d.Zeros > 0:
			parts = append(parts, fmt.Sprintf("dropped a last zstd frame cut short by zeros (%d bytes from byte %d, the last %d zeros: what a power cut leaves; its trials run again)", d.N, d.Off, d.Zeros))
		case d.Tail && d.Cut:
			parts = append(parts, fmt.Sprintf("dropped a last zstd frame cut short (%d bytes; its trials run again)", d.N))
		default:
			parts = append(parts, fmt.Sprintf("dropped a damaged zstd frame (%d bytes from byte %d: %v; its trials run again)", d.N, d.Off, d.Err))
		}
	}
	if r.bad > 0 {
		what := fmt.Sprintf("%d damaged lines, not records of this run's trials (the first: %s; their trials run again)", r.bad, r.badWhy)
		if r.bad == 1 {
			what = fmt.Sprintf("a damaged line, not a record of this run's trials (%s; its trials run again)", r.badWhy)
		}
		parts = append(parts, "dropped "+what)
	}
	if r.dups > 0 {
		parts = append(parts, fmt.Sprintf("dropped %d lines repeating trials already in the log (two runs at once?)", r.dups))
	}
	if len(parts) > 0 && (r.cut > 0 || len(r.damage) > 0 || r.bad > 0) {
		parts = append(parts, fmt.Sprintf("the log now holds %d of the %d trials, and the run plays those it lacks", r.held, r.owned))
	}
	return strings.Join(parts, "; ")
}

// logLines returns a reader of the text of the trial log f (its first size bytes;
// zst: compressed), and for a compressed log its frames, whose damaged stretches it
// skips (and lists). The frames' decoder is closed by the caller.
func logLines(f *os.File, size int64, zst bool) (*bufio.Reader, *logfile.Frames, error) {
	var r io.Reader = io.NewSectionReader(f, 0, size)
	var frames *logfile.Frames
	if zst {
		var err error
		if frames, err = logfile.NewFrames(f, size, true); err != nil {
			return nil, nil, err
		}
		r = frames
	}
	return bufio.NewReaderSize(r, 1<<16), frames, nil
}

// loadLog counts the trials of a trial log into accs (resume), and into links. It
// repairs the log: a last line cut short (a crash) is removed from the file, and so are
// the lines that are not records of the run's trials (damage in the middle: a line cut
// there, bytes changed) and the repeats of a trial (kept: its first line); in a
// compressed log, the stretches that are not frames that decode (a frame cut short at
// the end, a zeroed tail, a damaged frame in the middle). The trials dropped are not
// counted, so the run plays them again. A log damaged only at its end is truncated;
// otherwise the lines kept are written again, in order, in the log's format.
func loadLog(ctx context.Context, path string, accs []*acc, games int, links *GameLinks) (logRepair, error) {
	var rep logRepair
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return rep, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return rep, err
	}
	zst := logfile.IsZstd(path)
	br, frames, err := logLines(f, st.Size(), zst)
	if err != nil {
		return rep, err
	}
	if frames != nil {
		defer frames.Close()
	}
	var off int64 // the bytes of the whole lines read (a plain log)
	for lineNo := 1; ; lineNo++ {
		if lineNo%4096 == 0 && ctx.Err() != nil {
			// A long log takes seconds to load: Ctrl-C stops it, leaving a valid log.
			return rep, ctx.Err()
		}
		line, err := logfile.NextLine(br)
		if errors.Is(err, io.EOF) {
			if len(bytes.TrimSpace(line)) > 0 && !zst {
				rep.cut = len(line)
			} else if len(bytes.TrimSpace(line)) > 0 {
				rep.badLine(lineNo, errors.New("the last line has no newline though its frame is whole"))
			}
			break
		}
		if err != nil {
			return rep, fmt.Errorf("%s:%d: %w", path, lineNo, err)
		}
		if err := countLine(line, accs, games, &rep, links); err != nil {
			rep.badLine(lineNo, err)
		}
		off += int64(len(line))
	}
	if frames != nil {
		rep.damage = frames.Damage()
	}
	for _, a := range accs {
		rep.held += a.got
		rep.owned += a.owned
	}
	return rep, repairLog(f, path, off, accs, games, &rep)
}

// badLine notes a damaged line.
func (r *logRepair) badLine(lineNo int, err error) {
	if r.bad == 0 {
		r.badWhy = fmt.Sprintf("line %d, %v", lineNo, err)
	}
	r.bad++
}

// repairLog repairs the trial log f as loadLog found it (rep; off: the bytes of its
// whole lines when plain): nothing to do, a cut at the end (truncated), or lines to
// drop (the log written again).
func repairLog(f *os.File, path string, off int64, accs []*acc, games int, rep *logRepair) error {
	tailOnly := rep.bad == 0 && rep.dups == 0 &&
		(len(rep.damage) == 0 || len(rep.damage) == 1 && rep.damage[0].Tail)
	switch {
	case tailOnly && rep.cut > 0:
		return f.Truncate(off)
	case tailOnly && len(rep.damage) == 1:
		return f.Truncate(rep.damage[0].Off)
	case tailOnly:
		return nil
	}
	return rewriteLog(f, path, accs, games)
}

// countLine counts a line of the trial log into accs (and its trial into links),
// checking that it is a trial of this experiment and shard with that trial's seed; a
// repeated trial is counted once (rep.dups).
func countLine(line []byte, accs []*acc, games int, rep *logRepair, links *GameLinks) error {
	var rec Record
	if err := checkLine(line, accs, games, &rec); err != nil {
		return err
	}
	a := accs[rec.Cell]
	if a.done.has(a.ordinal(rec.Index)) {
		rep.dups++
	} else if links != nil {
		links.addRecord(&rec) // the first line of a trial, which the log keeps
	}
	a.add(&rec)
	return nil
}

// checkLine decodes a line of the trial log into rec and checks that it is a trial of
// this experiment and shard (accs) with that trial's seed.
func checkLine(line []byte, accs []*acc, games int, rec *Record) error {
	if err := json.Unmarshal(line, rec); err != nil {
		return fmt.Errorf("not a trial record (%w)", err)
	}
	if rec.Cell < 0 || rec.Cell >= len(accs) || rec.Index < 0 || rec.Index >= games || rec.Index >= accs[rec.Cell].games || rec.Trial != rec.Cell*games+rec.Index {
		return fmt.Errorf("trial %d (cell %d, index %d) is not a trial of this experiment", rec.Trial, rec.Cell, rec.Index)
	}
	a := accs[rec.Cell]
	if !a.owns(rec.Index) {
		return fmt.Errorf("trial %d belongs to another shard", rec.Trial)
	}
	if want := plan.TrialSeed(a.plan.Seed, rec.Cell, rec.Index); rec.Seed != want {
		return fmt.Errorf("trial %d has seed %d, want %d", rec.Trial, rec.Seed, want)
	}
	return nil
}

// rewriteLog writes the trial log f again, in its format, keeping the lines loadLog
// kept: the first line of each trial, of those that are records of the run's trials,
// from the frames that decode.
func rewriteLog(f *os.File, path string, accs []*acc, games int) error {
	st, err := f.Stat()
	if err != nil {
		return err
	}
	zst := logfile.IsZstd(path)
	br, frames, err := logLines(f, st.Size(), zst)
	if err != nil {
		return err
	}
	if frames != nil {
		defer frames.Close()
	}
	format := LogPlain
	if zst {
		format = LogZstd
	}
	tmp := path + ".tmp"
	out, err := os.Create(tmp)
	if err != nil {
		return err
	}
	lw, err := logfile.NewWriter(out, format != LogPlain, 1<<16, 1)
	if err != nil {
		out.Close()
		_ = os.Remove(tmp)
		return err
	}
	seen := make([]trialSet, len(accs))
	var rec Record
	for {
		line, rerr := logfile.NextLine(br)
		if rerr != nil {
			if !errors.Is(rerr, io.EOF) {
				err = rerr
			}
			break // a last line without a newline is dropped
		}
		rec = Record{}
		if checkLine(line, accs, games, &rec) != nil || !seen[rec.Cell].add(accs[rec.Cell].ordinal(rec.Index)) {
			continue
		}
		if err = lw.Write(line); err != nil {
			break
		}
	}
	if cerr := lw.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		_ = os.Remove(tmp)
		return fmt.Errorf("%s: repairing the trial log: %w", path, err)
	}
	return nil
}

// Merge combines the results of shard directories (every shard of one run, each
// finished) into the result one whole run gives: counts summed, and the stopping rule
// applied to the summed blocks. A shard's directory may also be given as the
// directory holding shard-*-of-* directories.
func Merge(dirs []string) (*Result, []string, error) {
	expanded := shardDirs(dirs)
	if len(expanded) == 0 {
		return nil, nil, fmt.Errorf("merge: no shard directories given")
	}
	set := &shardSet{seen: map[int]string{}, locked: map[string]bool{}, first: expanded[0]}
	defer set.unlock()
	for _, d := range expanded {
		if err := set.add(d); err != nil {
			return nil, nil, err
		}
	}
	if err := set.checkAll(); err != nil {
		return nil, nil, err
	}
	parts := set.parts
	sort.Slice(parts, func(i, j int) bool { return parts[i].Manifest.Shard < parts[j].Manifest.Shard })
	sort.Strings(expanded)
	out := &Result{Manifest: mergeManifests(parts, set.count)}
	pl := &out.Manifest.Plan
	for c := range pl.Cells {
		out.Cells = append(out.Cells, mergeCell(pl, c, parts))
	}
	return out, expanded, nil
}

// shardDirs lists the shard directories: each of dirs, or the shard-*-of-* directories
// in it.
func shardDirs(dirs []string) []string {
	var expanded []string
	for _, d := range dirs {
		subs, _ := filepath.Glob(filepath.Join(d, "shard-*-of-*", ManifestFile))
		if len(subs) > 0 {
			for _, m := range subs {
				expanded = append(expanded, filepath.Dir(m))
			}
			continue
		}
		expanded = append(expanded, d)
	}
	return expanded
}

// shardSet gathers the shards of a merge, checking that they are the shards of one
// run, each once.
type shardSet struct {
	parts  []*Result
	seen   map[int]string // the directory of each shard index
	count  int            // the shards of the run
	first  string         // the first directory given, named in errors
	locked map[string]bool
	locks  []*DirLock
}

// add loads the finished shard in directory d (locked while the merge reads it: a
// shard being run, resumed say, is not merged, its files are changing) and checks it
// against the others.
func (s *shardSet) add(d string) error {
	if err := s.lock(d); err != nil {
		return err
	}
	r, err := Load(d)
	if err != nil {
		return fmt.Errorf("merge: %w", err)
	}
	sh, err := ParseShard(r.Manifest.Shard, func(string) string { return "" })
	if err != nil || sh.Whole() {
		return fmt.Errorf("merge: %s holds a whole run, not a shard", d)
	}
	if err := s.sameRun(d, r, sh); err != nil {
		return err
	}
	s.count = sh.Count
	if prev, dup := s.seen[sh.Index]; dup {
		return fmt.Errorf("merge: shard %d/%d is given twice (%s and %s)", sh.Index, s.count, prev, d)
	}
	s.seen[sh.Index] = d
	if err := checkShardCounts(r, sh, d); err != nil {
		return err
	}
	s.parts = append(s.parts, r)
	return nil
}

// lock locks shard directory d (once) until the merge ends; a directory that is no
// directory is left to Load's error.
func (s *shardSet) lock(d string) error {
	if st, err := os.Stat(d); err != nil || !st.IsDir() || s.locked[filepath.Clean(d)] {
		return nil
	}
	lock, err := LockDir(d)
	if errors.Is(err, ErrLocked) {
		return fmt.Errorf("merge: %w (its files are changing)", err)
	}
	if err == nil {
		s.locked[filepath.Clean(d)] = true
		s.locks = append(s.locks, lock)
	}
	return nil
}

// unlock releases the shards' directories, the last locked first.
func (s *shardSet) unlock() {
	for _, l := range slices.Backward(s.locks) {
		l.Unlock()
	}
}

// sameRun checks that shard r (shard sh, in d) is of the run of the shards before it:
// the same experiment, build and number of shards.
func (s *shardSet) sameRun(d string, r *Result, sh Shard) error {
	if len(s.parts) > 0 {
		first := s.parts[0].Manifest
		if r.Manifest.Fingerprint != first.Fingerprint {
			return fmt.Errorf("merge: %s is a shard of another experiment (fingerprint %s, want %s as in %s)", d, r.Manifest.Fingerprint, first.Fingerprint, s.first)
		}
		if r.Manifest.Version != first.Version {
			return fmt.Errorf("merge: %s ran kalahlab %s, but %s ran %s: every shard must run the same build", d, r.Manifest.Version, s.first, first.Version)
		}
	}
	if s.count != 0 && sh.Count != s.count {
		return fmt.Errorf("merge: %s is shard %s, but %s is of %d shards", d, r.Manifest.Shard, s.first, s.count)
	}
	return nil
}

// checkAll checks that every shard of the run is there.
func (s *shardSet) checkAll() error {
	var missing []string
	for i := 0; i < s.count; i++ {
		if _, ok := s.seen[i]; !ok {
			missing = append(missing, fmt.Sprint(i))
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("merge: shards %s of %d are missing", strings.Join(missing, ", "), s.count)
	}
	return nil
}

// mergeManifests is the manifest of the merge of parts (count shards, sorted): the
// earliest start, the longest run time, the trials and rates added up (the shards ran
// side by side).
func mergeManifests(parts []*Result, count int) Manifest {
	first := parts[0].Manifest
	m := Manifest{
		Program: "kalahlab", Version: first.Version, Date: first.Date,
		Finished: time.Now().UTC().Format(time.RFC3339), Fingerprint: first.Fingerprint,
		MergedFrom: count, Complete: true, Plan: first.Plan,
	}
	for _, p := range parts {
		m.Seconds = max(m.Seconds, p.Manifest.Seconds)
		m.TrialsRun += p.Manifest.TrialsRun
		m.GamesPerSecond += p.Manifest.GamesPerSecond
		if p.Manifest.Date < m.Date {
			m.Date = p.Manifest.Date
		}
	}
	return m
}

// mergeCell sums cell c's counts over the shards (parts): with target_ci, block by
// block, then the stopping rule on the sum. The perfect-play value is the first
// shard's that has one.
func mergeCell(pl *plan.Plan, c int, parts []*Result) *CellResult {
	var cr *CellResult
	if pl.TargetCI > 0 {
		blocks := map[int]*Stats{}
		for _, p := range parts {
			for _, b := range p.Cells[c].Blocks {
				if blocks[b.Index] == nil {
					blocks[b.Index] = NewStats(pl.Cells[c].Seats, len(pl.Agents))
				}
				blocks[b.Index].Merge(b.Stats)
			}
		}
		cr = finalize(pl, c, blocks)
	} else {
		st := NewStats(pl.Cells[c].Seats, len(pl.Agents))
		for _, p := range parts {
			st.Merge(p.Cells[c].Stats)
		}
		cr = &CellResult{Stats: st}
	}
	for _, p := range parts {
		if cr.Solution == nil && p.Cells[c].Solution != nil {
			cr.Solution = p.Cells[c].Solution
		}
	}
	return cr
}

// checkShardCounts checks that a finished shard counted every trial of its slice: a
// shard plays them all (the stopping rule waits for the merge).
func checkShardCounts(r *Result, sh Shard, dir string) error {
	p := &r.Manifest.Plan
	for c := range p.Cells {
		want := int64(newAcc(p, c, sh).owned)
		var got int64
		if st := r.Cells[c].Stats; st != nil {
			got = st.Trials
		}
		for _, b := range r.Cells[c].Blocks {
			got += b.Stats.Trials
		}
		if got != want {
			return fmt.Errorf("merge: %s: cell %d (%s) counts %d trials in %s, but the shard has %d: its counts are damaged; rebuild them from the trial log with `%s`",
				dir, c, p.Cells[c].Label, got, StatsFile, want, ResumeCommand(dir, &r.Manifest))
		}
	}
	return nil
}

// mergeTrials writes dir's trial log, compressed (trials.jsonl.zst): see MergeTrialsAs.
func mergeTrials(res *Result, dirs []string, dir string) error {
	return MergeTrialsAs(res, dirs, dir, LogZstd)
}

// MergeTrialsAs writes dir's trial log in format: the trial logs of the shard
// directories (as Merge returns them, with res its result; plain or compressed), one
// after the other. Each log is checked as it is copied: every line a whole record of a
// trial of its shard (with that trial's seed), no trial twice, and every trial of the
// shard there. A log that fails — cut short (a crash, a full disk), edited, or written
// by two runs at once — is an error naming the shard, the line and the command that
// repairs it (a run with --resume plays the missing trials again), and nothing is
// written. When no shard kept a trial log there is no merged one either (a stale one in
// dir is removed); when only some did, that is an error. A merged log in the other
// format already in dir is removed.
func MergeTrialsAs(res *Result, dirs []string, dir string, format LogFormat) error {
	var without []string
	for _, d := range dirs {
		if _, err := TrialLog(d); err != nil {
			if !errors.Is(err, os.ErrNotExist) {
				return fmt.Errorf("merge: %w", err)
			}
			without = append(without, d)
		}
	}
	switch len(without) {
	case len(dirs):
		return RemoveTrialLogs(dir)
	case 0:
	default:
		return fmt.Errorf("merge: %s has no trial log (%s or %s) but other shards do: run it again with --force to keep one, or merge with --no-trials", strings.Join(without, ", "), TrialsZstdFile, TrialsFile)
	}
	final := filepath.Join(dir, format.File())
	tmp := final + ".tmp"
	out, err := os.Create(tmp)
	if err != nil {
		return err
	}
	lw, err := logfile.NewWriter(out, format != LogPlain, 1<<16, 1)
	if err != nil {
		out.Close()
		_ = os.Remove(tmp)
		return err
	}
	links := newGameLinks(dir) // the report's links, as the lines are copied
	for _, d := range dirs {
		if err = copyShardLog(&res.Manifest.Plan, d, lw, links); err != nil {
			break
		}
	}
	if cerr := lw.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = RemoveTrialLogs(dir)
	}
	if err != nil {
		_ = os.Remove(tmp)
		return err
	}
	if err := os.Rename(tmp, final); err != nil {
		return err
	}
	res.Links = links
	return nil
}

// copyShardLog copies the trial log of shard directory d to w, checking it (see
// mergeTrials), and adds its trials to links.
func copyShardLog(p *plan.Plan, d string, w *logfile.Writer, links *GameLinks) error {
	var m Manifest
	if err := readJSON(filepath.Join(d, ManifestFile), &m); err != nil {
		return fmt.Errorf("merge: %w", err)
	}
	sh, err := ParseShard(m.Shard, func(string) string { return "" })
	if err != nil {
		return fmt.Errorf("merge: %s: %w", d, err)
	}
	path, err := TrialLog(d)
	if err != nil {
		return fmt.Errorf("merge: %w", err)
	}
	lr, err := logfile.Open(path, false)
	if err != nil {
		return fmt.Errorf("merge: %w", err)
	}
	defer lr.Close()
	repair := ResumeCommand(d, &m)
	bad := func(lineNo int, format string, args ...any) error {
		return fmt.Errorf("merge: %s:%d: %s: the shard's trial log is damaged; nothing was merged. Repair the shard with `%s` (it drops the damaged lines or frames and plays the trials missing again), then merge", path, lineNo, fmt.Sprintf(format, args...), repair)
	}
	accs := make([]*acc, len(p.Cells))
	for c := range accs {
		accs[c] = newAcc(p, c, sh)
	}
	counted := func() string {
		got, want := 0, 0
		for _, a := range accs {
			got, want = got+a.got, want+a.owned
		}
		return fmt.Sprintf("after %d of the shard's %d trials", got, want)
	}
	for {
		line, err := lr.Next()
		if errors.Is(err, io.EOF) && len(line) == 0 {
			break
		}
		lineNo := lr.Line()
		if errors.Is(err, io.EOF) {
			return bad(lineNo, "the last line is cut short (%d bytes, no newline) %s", len(line), counted())
		}
		if err != nil {
			return bad(lineNo, "%v %s", err, counted())
		}
		var rec struct {
			gameFields
			Index int    `json:"index"`
			Seed  uint64 `json:"seed"`
		}
		if err := json.Unmarshal(line, &rec); err != nil {
			return bad(lineNo, "not a trial record (%v)", err)
		}
		if rec.Cell < 0 || rec.Cell >= len(accs) || rec.Index < 0 || rec.Index >= p.CellGames(rec.Cell) || rec.Trial != rec.Cell*p.Games+rec.Index {
			return bad(lineNo, "trial %d (cell %d, index %d) is not a trial of this experiment", rec.Trial, rec.Cell, rec.Index)
		}
		a := accs[rec.Cell]
		if !a.owns(rec.Index) {
			return bad(lineNo, "trial %d belongs to another shard", rec.Trial)
		}
		if want := plan.TrialSeed(p.Seed, rec.Cell, rec.Index); rec.Seed != want {
			return bad(lineNo, "trial %d has seed %d, want %d", rec.Trial, rec.Seed, want)
		}
		if !a.done.add(a.ordinal(rec.Index)) {
			return bad(lineNo, "trial %d is there twice (were two runs writing into %s at once?)", rec.Trial, d)
		}
		a.got++
		links.add(&rec.gameFields)
		if err := w.Write(line); err != nil {
			return fmt.Errorf("merge: writing the trial log: %w", err)
		}
	}
	var got, want int
	for _, a := range accs {
		got += a.got
		want += a.owned
	}
	if got != want {
		return bad(lr.Line(), "the log holds %d of the shard's %d trials", got, want)
	}
	return nil
}

// FindTrial returns the record of trial t from dir's trial log (or those of its shard
// directories), plain or compressed. In a compressed log the damaged frames are skipped:
// a trial of an intact frame is found wherever the damage is; one that is not found in
// a damaged log is an error saying where the damage is.
func FindTrial(dir string, t int) (*Record, error) {
	paths, err := TrialLogs(dir)
	if err != nil {
		return nil, err
	}
	prefix := []byte(fmt.Sprintf(`{"trial":%d,`, t))
	var damage []string
	for _, p := range paths {
		rec, dmg, err := findTrial(p, prefix, t)
		if rec != nil || err != nil {
			return rec, err
		}
		damage = append(damage, dmg...)
	}
	if len(damage) > 0 {
		return nil, fmt.Errorf("%s: trial %d is not in the intact part of the trial log, which is damaged: %s (kalahlab experiment run --resume repairs it)", dir, t, strings.Join(damage, "; "))
	}
	return nil, fmt.Errorf("%s: trial %d is not in the trial log", dir, t)
}

// findTrial looks for trial t (whose line starts with prefix) in the trial log at p,
// skipping damaged frames (listed in damage when t is not found).
func findTrial(p string, prefix []byte, t int) (*Record, []string, error) {
	lr, err := logfile.Open(p, true)
	if err != nil {
		return nil, nil, err
	}
	defer lr.Close()
	for {
		line, err := lr.Next()
		if err != nil && (!errors.Is(err, io.EOF) || len(line) == 0) {
			if errors.Is(err, io.EOF) {
				break
			}
			return nil, nil, fmt.Errorf("%s:%d: %w", p, lr.Line(), err)
		}
		if bytes.HasPrefix(line, prefix) {
			var rec Record
			if err := json.Unmarshal(line, &rec); err != nil {
				return nil, nil, fmt.Errorf("%s: trial %d: %w", p, t, err)
			}
			return &rec, nil, nil
		}
		if err != nil { // the last line, without a newline
			break
		}
	}
	var damage []string
	for _, d := range lr.Damage() {
		damage = append(damage, p+": "+d.Error())
	}
	return nil, damage, nil
}
