package experiments

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
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
		return nil, fmt.Errorf("%s holds an unfinished run of %s: continue it with `kalahlab experiment run --resume --out %s`", dir, r.Manifest.Plan.Name, dir)
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

// maxLine bounds one line of the trial log (a game of a million plies).
const maxLine = 64 << 20

// loadLog counts the trials of a trial log into accs (resume). A last line cut short
// by a crash is removed from the file; any other bad line is an error.
func loadLog(path string, accs []*acc, games int) error {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	defer f.Close()
	br := bufio.NewReaderSize(f, 1<<16)
	var off int64
	for lineNo := 1; ; lineNo++ {
		line, err := br.ReadSlice('\n')
		for errors.Is(err, bufio.ErrBufferFull) && len(line) < maxLine {
			var more []byte
			more, err = br.ReadSlice('\n')
			line = append(append([]byte(nil), line...), more...)
		}
		if errors.Is(err, io.EOF) {
			if len(bytes.TrimSpace(line)) > 0 {
				// The last line was cut short: drop it, the trial runs again.
				return f.Truncate(off)
			}
			return nil
		}
		if err != nil {
			return fmt.Errorf("%s:%d: %w", path, lineNo, err)
		}
		var rec Record
		if err := json.Unmarshal(line, &rec); err != nil {
			return fmt.Errorf("%s:%d: %w", path, lineNo, err)
		}
		if rec.Cell < 0 || rec.Cell >= len(accs) || rec.Index < 0 || rec.Index >= games || rec.Trial != rec.Cell*games+rec.Index {
			return fmt.Errorf("%s:%d: trial %d (cell %d, index %d) is not a trial of this experiment", path, lineNo, rec.Trial, rec.Cell, rec.Index)
		}
		a := accs[rec.Cell]
		if !a.owns(rec.Index) {
			return fmt.Errorf("%s:%d: trial %d belongs to another shard", path, lineNo, rec.Trial)
		}
		if rec.Seed != TrialSeed(a.plan.Seed, rec.Cell, rec.Index) {
			return fmt.Errorf("%s:%d: trial %d has seed %d, want %d", path, lineNo, rec.Trial, rec.Seed, TrialSeed(a.plan.Seed, rec.Cell, rec.Index))
		}
		a.add(&rec)
		a.resumed.set(rec.Index)
		off += int64(len(line))
	}
}

// Merge combines the results of shard directories (every shard of one run, each
// finished) into the result one whole run gives: counts summed, and the stopping rule
// applied to the summed blocks. A shard's directory may also be given as the
// directory holding shard-*-of-* directories.
func Merge(dirs []string) (*Result, []string, error) {
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
	if len(expanded) == 0 {
		return nil, nil, fmt.Errorf("merge: no shard directories given")
	}
	var parts []*Result
	seen := map[int]string{}
	count := 0
	for _, d := range expanded {
		r, err := Load(d)
		if err != nil {
			return nil, nil, fmt.Errorf("merge: %w", err)
		}
		sh, err := ParseShard(r.Manifest.Shard, func(string) string { return "" })
		if err != nil || sh.Whole() {
			return nil, nil, fmt.Errorf("merge: %s holds a whole run, not a shard", d)
		}
		if len(parts) > 0 && r.Manifest.Fingerprint != parts[0].Manifest.Fingerprint {
			return nil, nil, fmt.Errorf("merge: %s is a shard of another experiment (fingerprint %s, want %s as in %s)", d, r.Manifest.Fingerprint, parts[0].Manifest.Fingerprint, expanded[0])
		}
		if len(parts) > 0 && r.Manifest.Version != parts[0].Manifest.Version {
			return nil, nil, fmt.Errorf("merge: %s ran kalahlab %s, but %s ran %s: every shard must run the same build", d, r.Manifest.Version, expanded[0], parts[0].Manifest.Version)
		}
		if count != 0 && sh.Count != count {
			return nil, nil, fmt.Errorf("merge: %s is shard %s, but %s is of %d shards", d, r.Manifest.Shard, expanded[0], count)
		}
		count = sh.Count
		if prev, dup := seen[sh.Index]; dup {
			return nil, nil, fmt.Errorf("merge: shard %d/%d is given twice (%s and %s)", sh.Index, count, prev, d)
		}
		seen[sh.Index] = d
		parts = append(parts, r)
	}
	var missing []string
	for i := 0; i < count; i++ {
		if _, ok := seen[i]; !ok {
			missing = append(missing, fmt.Sprint(i))
		}
	}
	if len(missing) > 0 {
		return nil, nil, fmt.Errorf("merge: shards %s of %d are missing", strings.Join(missing, ", "), count)
	}
	sort.Slice(parts, func(i, j int) bool { return parts[i].Manifest.Shard < parts[j].Manifest.Shard })
	sort.Strings(expanded)
	plan := parts[0].Manifest.Plan
	out := &Result{Manifest: Manifest{
		Program: "kalahlab", Version: parts[0].Manifest.Version, Date: parts[0].Manifest.Date,
		Finished: time.Now().UTC().Format(time.RFC3339), Fingerprint: parts[0].Manifest.Fingerprint,
		MergedFrom: count, Complete: true, Plan: plan,
	}}
	for _, p := range parts {
		// The shards ran side by side: the longest one, and their rates added up.
		out.Manifest.Seconds = max(out.Manifest.Seconds, p.Manifest.Seconds)
		out.Manifest.TrialsRun += p.Manifest.TrialsRun
		out.Manifest.GamesPerSecond += p.Manifest.GamesPerSecond
		if p.Manifest.Date < out.Manifest.Date {
			out.Manifest.Date = p.Manifest.Date
		}
	}
	for c := range plan.Cells {
		var sol *Solution
		if plan.TargetCI > 0 {
			blocks := map[int]*Stats{}
			for _, p := range parts {
				for _, b := range p.Cells[c].Blocks {
					if blocks[b.Index] == nil {
						blocks[b.Index] = NewStats(plan.Cells[c].Seats, len(plan.Agents))
					}
					blocks[b.Index].Merge(b.Stats)
				}
			}
			cr := finalize(&plan, c, blocks)
			out.Cells = append(out.Cells, cr)
		} else {
			st := NewStats(plan.Cells[c].Seats, len(plan.Agents))
			for _, p := range parts {
				st.Merge(p.Cells[c].Stats)
			}
			out.Cells = append(out.Cells, &CellResult{Stats: st})
		}
		for _, p := range parts {
			if sol == nil && p.Cells[c].Solution != nil {
				sol = p.Cells[c].Solution
			}
		}
		out.Cells[c].Solution = sol
	}
	return out, expanded, nil
}

// MergeTrials concatenates the trial logs of the shard directories into dir's trial
// log (skipped when a shard has none).
func MergeTrials(dirs []string, dir string) error {
	for _, d := range dirs {
		if _, err := os.Stat(filepath.Join(d, TrialsFile)); err != nil {
			return nil
		}
	}
	tmp := filepath.Join(dir, TrialsFile+".tmp")
	out, err := os.Create(tmp)
	if err != nil {
		return err
	}
	for _, d := range dirs {
		in, err := os.Open(filepath.Join(d, TrialsFile))
		if err != nil {
			out.Close()
			return err
		}
		_, err = io.Copy(out, in)
		in.Close()
		if err != nil {
			out.Close()
			return err
		}
	}
	if err := out.Close(); err != nil {
		return err
	}
	return os.Rename(tmp, filepath.Join(dir, TrialsFile))
}

// FindTrial returns the record of trial t from dir's trial log (or those of its shard
// directories).
func FindTrial(dir string, t int) (*Record, error) {
	paths := []string{filepath.Join(dir, TrialsFile)}
	if _, err := os.Stat(paths[0]); err != nil {
		subs, _ := filepath.Glob(filepath.Join(dir, "shard-*-of-*", TrialsFile))
		if len(subs) == 0 {
			return nil, fmt.Errorf("%s: no trial log (%s): the run kept none (output.trials: false)", dir, TrialsFile)
		}
		paths = subs
	}
	prefix := []byte(fmt.Sprintf(`{"trial":%d,`, t))
	for _, p := range paths {
		f, err := os.Open(p)
		if err != nil {
			return nil, err
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<16), maxLine)
		for sc.Scan() {
			if !bytes.HasPrefix(sc.Bytes(), prefix) {
				continue
			}
			var rec Record
			err := json.Unmarshal(sc.Bytes(), &rec)
			f.Close()
			if err != nil {
				return nil, fmt.Errorf("%s: trial %d: %w", p, t, err)
			}
			return &rec, nil
		}
		err = sc.Err()
		f.Close()
		if err != nil {
			return nil, err
		}
	}
	return nil, fmt.Errorf("%s: trial %d is not in the trial log", dir, t)
}
