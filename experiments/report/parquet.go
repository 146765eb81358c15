package report

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"

	"github.com/kalahlab/kalahlab/experiments/run"

	"github.com/parquet-go/parquet-go"
)

// The Parquet files of the parquet report format.
const (
	CellsParquetFile  = "cells.parquet"  // one row per cell: the columns of results.csv
	TrialsParquetFile = "trials.parquet" // one row per trial of the trial log
)

// writeCellsParquet writes the cells as Parquet: one row per cell with exactly the
// columns of results.csv, in its order, typed — integers (counts, knobs that are
// integers), booleans, numbers (rates and their intervals) and strings; a value that is
// empty in the CSV (a missing interval, a seat a cell does not have) is null.
func writeCellsParquet(w io.Writer, rep *Report) error {
	var buf bytes.Buffer
	if err := writeCSV(&buf, rep); err != nil {
		return err
	}
	table, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		return fmt.Errorf("cells.parquet: %w", err)
	}
	if len(table) == 0 {
		return fmt.Errorf("cells.parquet: no columns")
	}
	header, rows := table[0], table[1:]
	knobs := map[string]bool{}
	for _, c := range rep.Cells {
		for _, k := range c.Sweep {
			knobs[k.Name] = true
		}
	}
	kinds := make([]reflect.Type, len(header))
	fields := make([]reflect.StructField, len(header))
	seen := map[string]bool{}
	for j, name := range header {
		kinds[j] = columnType(name, knobs[name], rows, j)
		col := parquetName(name)
		for seen[col] {
			col += "_"
		}
		seen[col] = true
		fields[j] = reflect.StructField{
			Name: fmt.Sprintf("C%d", j), Type: reflect.PointerTo(kinds[j]),
			Tag: reflect.StructTag(fmt.Sprintf(`parquet:%q`, col)),
		}
	}
	typ := reflect.StructOf(fields)
	pw := parquet.NewWriter(w, parquet.SchemaOf(reflect.New(typ).Elem().Interface()),
		parquet.Compression(&parquet.Zstd), parquet.CreatedBy("kalahlab", rep.Header.Version, ""),
		parquet.KeyValueMetadata("kalahlab.experiment", rep.Header.Experiment))
	for _, row := range rows {
		v := reflect.New(typ).Elem()
		for j, text := range row {
			if text == "" {
				continue // null
			}
			x, err := parseAs(kinds[j], text)
			if err != nil {
				return fmt.Errorf("cells.parquet: column %s: %w", header[j], err)
			}
			p := reflect.New(kinds[j])
			p.Elem().Set(reflect.ValueOf(x).Convert(kinds[j]))
			v.Field(j).Set(p)
		}
		if err := pw.Write(v.Interface()); err != nil {
			return fmt.Errorf("cells.parquet: %w", err)
		}
	}
	return pw.Close()
}

// parquetName makes a CSV column name a Parquet column name (no commas: they separate
// a struct tag's options).
func parquetName(s string) string {
	s = strings.NewReplacer(",", "_", `"`, "_").Replace(s)
	if s == "" {
		s = "_"
	}
	return s
}

var (
	int64Type   = reflect.TypeFor[int64]()
	uint64Type  = reflect.TypeFor[uint64]()
	float64Type = reflect.TypeFor[float64]()
	boolType    = reflect.TypeFor[bool]()
	stringType  = reflect.TypeFor[string]()
)

// cellStrings are the text columns of results.csv.
var cellStrings = map[string]bool{
	"label": true, "variant": true, "variant_name": true, "hash": true, "solve_result": true,
	"solve_best_move": true, "experiment": true, "file": true, "file_sha256": true,
	"version": true, "date": true,
}

// columnType decides the type of column j of the cells' CSV: by its name for the known
// columns (counts are integers; metrics, rates, intervals and other measures are
// numbers; names are strings), by its values for the others (a sweep's knobs, say:
// integers, numbers, booleans or strings, the first that every value parses as). A
// column whose values do not all parse as its type falls back to numbers, then
// strings. Types by name keep a column's type the same from study to study.
func columnType(name string, knob bool, rows [][]string, j int) reflect.Type {
	var want []reflect.Type
	switch {
	case cellStrings[name]:
		return stringType
	case knob:
		want = []reflect.Type{int64Type, boolType}
	case name == "seed":
		want = []reflect.Type{uint64Type}
	case name == "stopped_early":
		want = []reflect.Type{boolType}
	case name == "cell" || name == "seats" || name == "trials" || name == "games" || name == "failed" ||
		name == "timed_out" || name == "swap_offered" || name == "swapped" || name == "solve_value" ||
		strings.HasSuffix(name, "_wins") || strings.HasSuffix(name, "_draws") || strings.HasSuffix(name, "_losses"):
		want = []reflect.Type{int64Type}
	case isMeasure(name):
		want = []reflect.Type{float64Type}
	default:
		want = []reflect.Type{int64Type, float64Type, boolType}
	}
	for _, t := range append(want, float64Type) {
		ok := true
		for _, row := range rows {
			if j < len(row) && row[j] != "" {
				if _, err := parseAs(t, row[j]); err != nil {
					ok = false
					break
				}
			}
		}
		if ok {
			return t
		}
	}
	return stringType
}

// measureSuffixes end the names of the CSV's columns that are measures (numbers even
// when a study's values happen to be whole).
var measureSuffixes = []string{"_lo", "_hi", "_rate", "_median", "_sd", "_p", "_holm", "_stat", "_df", "_advantage"}

// isMeasure reports whether a CSV column is a measure: a metric, its interval, or a
// name ending as measures do.
func isMeasure(name string) bool {
	for _, m := range allMetrics {
		if name == m.Name {
			return true
		}
	}
	for _, suf := range measureSuffixes {
		if strings.HasSuffix(name, suf) {
			return true
		}
	}
	return false
}

// parseAs parses a CSV value as type t.
func parseAs(t reflect.Type, s string) (any, error) {
	switch t {
	case int64Type:
		return strconv.ParseInt(s, 10, 64)
	case uint64Type:
		return strconv.ParseUint(s, 10, 64)
	case float64Type:
		return strconv.ParseFloat(s, 64)
	case boolType:
		return strconv.ParseBool(s)
	}
	return s, nil
}

// trialRow is one row of trials.parquet: a trial of the log, with its cell's label.
type trialRow struct {
	Trial       int64     `parquet:"trial"`
	Cell        int32     `parquet:"cell"`
	Label       string    `parquet:"label,dict"`
	Index       int64     `parquet:"index"`
	Counted     bool      `parquet:"counted"`
	Seed        uint64    `parquet:"seed"`
	Seats       []int32   `parquet:"seats,list"`
	Returns     []float64 `parquet:"returns,list"`
	Scores      []float64 `parquet:"scores,list"`
	Plies       int32     `parquet:"plies"`
	TimedOut    bool      `parquet:"timed_out"`
	Error       string    `parquet:"error,optional"`
	Opening     string    `parquet:"opening,optional,dict"`
	SwapOffered bool      `parquet:"swap_offered"`
	Swapped     bool      `parquet:"swapped"`
	Decisions   int32     `parquet:"decisions"`
	Legal       int64     `parquet:"legal"`
	Moves       []int32   `parquet:"move_codes,list"`
}

// fill sets the row from a record, reusing its slices.
func (row *trialRow) fill(rec *run.Record, labels []string, stops []int64) {
	label := ""
	if rec.Cell >= 0 && rec.Cell < len(labels) {
		label = labels[rec.Cell]
	}
	*row = trialRow{
		Trial: int64(rec.Trial), Cell: int32(rec.Cell), Label: label, Index: int64(rec.Index), Seed: rec.Seed,
		Seats: row.Seats[:0], Returns: append(row.Returns[:0], rec.Returns...), Scores: append(row.Scores[:0], rec.Scores...),
		Plies: int32(rec.Plies), TimedOut: rec.TimedOut, Error: rec.Error, Opening: rec.Opening,
		SwapOffered: rec.SwapOffered, Swapped: rec.Swapped, Decisions: int32(rec.Decisions), Legal: int64(rec.Legal),
		Moves: row.Moves[:0], Counted: true,
	}
	if rec.Cell >= 0 && rec.Cell < len(stops) {
		row.Counted = int64(rec.Index) < stops[rec.Cell]
	}
	for _, s := range rec.Seats {
		row.Seats = append(row.Seats, int32(s))
	}
	for _, m := range rec.Moves {
		row.Moves = append(row.Moves, int32(m))
	}
}

// Rows of trials.parquet are written in batches of trialsBatch, in row groups of
// trialsRowGroup rows (what the writer holds in memory; a variable for the tests).
const trialsBatch = 1024

var trialsRowGroup int64 = 64 << 10

// writeTrialsParquet writes the trials of dir's trial log (or, without one, its shards'
// logs; plain or compressed) to w as Parquet, one row per trial in log order: trial,
// cell, label, index, counted, seed, seats (the agent on each seat), returns, scores,
// plies, timed_out, error (null when none), opening, swap_offered, swapped, decisions,
// legal and move_codes (the move codes, chance outcomes included). counted is false for
// a trial past its cell's stopping point (stops[cell], an index: the trials the
// stopping rule left out, played by workers still busy when it fired, which depend on
// the number of workers); with stops nil every trial counts. Memory stays bounded
// whatever the log's length. It returns the number of trials written.
func writeTrialsParquet(w io.Writer, dir string, stops []int64) (int64, error) {
	m, err := run.LoadPlan(dir)
	if err != nil {
		return 0, err
	}
	labels := make([]string, len(m.Plan.Cells))
	for c, cp := range m.Plan.Cells {
		labels[c] = cp.Label
	}
	agents, _ := json.Marshal(m.Plan.Agents)
	pw := parquet.NewGenericWriter[trialRow](w, parquet.Compression(&parquet.Zstd),
		parquet.MaxRowsPerRowGroup(trialsRowGroup), parquet.CreatedBy("kalahlab", m.Version, ""),
		parquet.KeyValueMetadata("kalahlab.experiment", m.Plan.Name),
		parquet.KeyValueMetadata("kalahlab.fingerprint", m.Fingerprint),
		parquet.KeyValueMetadata("kalahlab.agents", string(agents)))
	batch := make([]trialRow, trialsBatch)
	n, total := 0, int64(0)
	flush := func() error {
		if n == 0 {
			return nil
		}
		if _, err := pw.Write(batch[:n]); err != nil {
			return fmt.Errorf("trials.parquet: %w", err)
		}
		total += int64(n)
		n = 0
		return nil
	}
	err = run.ReadTrials(dir, func(rec *run.Record) error {
		batch[n].fill(rec, labels, stops)
		if n++; n == len(batch) {
			return flush()
		}
		return nil
	})
	if err == nil {
		err = flush()
	}
	if err != nil {
		return total, err
	}
	return total, pw.Close()
}

// writeParquet writes the parquet report of the run in runDir into outDir: cells.parquet,
// and trials.parquet when the run kept a trial log. Each file is written under a
// temporary name and renamed, so that a reader never sees half a file.
func writeParquet(rep *Report, runDir, outDir string) ([]string, error) {
	cells := filepath.Join(outDir, CellsParquetFile)
	if err := writeFileAtomic(cells, func(w io.Writer) error { return writeCellsParquet(w, rep) }); err != nil {
		return nil, err
	}
	paths := []string{cells}
	if _, err := run.TrialLogs(runDir); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return paths, nil // no trial log, no trials.parquet
		}
		return paths, err
	}
	trials := filepath.Join(outDir, TrialsParquetFile)
	if err := writeFileAtomic(trials, func(w io.Writer) error {
		_, err := writeTrialsParquet(w, runDir, stopPoints(rep))
		return err
	}); err != nil {
		return paths, err
	}
	return append(paths, trials), nil
}

// stopPoints are the cells' stopping points as trial indices: a cell that target_ci
// stopped counts its trials below the number it recorded (the stopping rule folds
// whole blocks in index order, so they are exactly those), any other every trial.
func stopPoints(rep *Report) []int64 {
	stops := make([]int64, len(rep.Cells))
	for i, c := range rep.Cells {
		stops[i] = math.MaxInt64
		if c.Stopped {
			stops[i] = c.Trials
		}
	}
	return stops
}

// writeFileAtomic writes path through write, under a temporary name renamed at the end.
func writeFileAtomic(path string, write func(io.Writer) error) error {
	tmp := path + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	err = write(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		_ = os.Remove(tmp)
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}
