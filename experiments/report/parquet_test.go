package report

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"

	"github.com/kalahlab/kalahlab/experiments/run"

	"github.com/parquet-go/parquet-go"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// openParquet opens a Parquet file for the test.
func openParquet(t *testing.T, path string) (*parquet.File, *os.File) {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	t.Cleanup(func() { f.Close() })
	st, err := f.Stat()
	require.NoError(t, err)
	pf, err := parquet.OpenFile(f, st.Size())
	require.NoError(t, err)
	return pf, f
}

// parquetRows reads every row of a Parquet file.
func parquetRows(t *testing.T, r io.ReaderAt) []parquet.Row {
	t.Helper()
	pr := parquet.NewReader(r)
	defer pr.Close()
	var rows []parquet.Row
	buf := make([]parquet.Row, 16)
	for {
		n, err := pr.ReadRows(buf)
		for _, row := range buf[:n] {
			rows = append(rows, row.Clone())
		}
		if errors.Is(err, io.EOF) {
			return rows
		}
		require.NoError(t, err)
	}
}

// parquetStudy has a sweep of two knobs (an integer and a boolean), two variants and
// two agents: columns of every kind in results.csv.
const parquetStudy = `
name: parquet
variants: [kalah, kalah/pie]
sweep: { houses: [3, 4], empty_capture: [true, false] }
agents: [{ agent: random }, { agent: greedy }]
games: 40
seed: 9
solve: 0
`

func TestCellsParquetHasTheColumnsOfTheCSV(t *testing.T) {
	s := study(t, parquetStudy)
	dir := t.TempDir()
	res, err := run.Run(context.Background(), s, run.Options{Workers: 2, Dir: dir, Trials: true})
	require.NoError(t, err)
	rep := Summarize(res)
	paths, err := WriteReports(rep, dir, []string{"csv", "parquet"})
	require.NoError(t, err)
	assert.Equal(t, []string{filepath.Join(dir, "results.csv"), filepath.Join(dir, CellsParquetFile), filepath.Join(dir, TrialsParquetFile)}, paths)

	data, err := os.ReadFile(filepath.Join(dir, "results.csv"))
	require.NoError(t, err)
	table, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
	require.NoError(t, err)
	header, rows := table[0], table[1:]

	pf, f := openParquet(t, filepath.Join(dir, CellsParquetFile))
	assert.Equal(t, int64(len(rep.Cells)), pf.NumRows())
	fields := pf.Schema().Fields()
	require.Len(t, fields, len(header))
	for j, fld := range fields {
		assert.Equal(t, header[j], fld.Name(), "column %d", j)
		assert.True(t, fld.Optional(), "%s is nullable", fld.Name())
	}
	kind := func(name string) parquet.Kind {
		for _, fld := range fields {
			if fld.Name() == name {
				return fld.Type().Kind()
			}
		}
		t.Fatalf("no column %s", name)
		return 0
	}
	tests := []struct {
		column string
		kind   parquet.Kind
	}{
		{"cell", parquet.Int64},
		{"label", parquet.ByteArray},
		{"houses", parquet.Int64},
		{"empty_capture", parquet.Boolean},
		{"trials", parquet.Int64},
		{"stopped_early", parquet.Boolean},
		{"first_seat_advantage", parquet.Double},
		{"seat1_wins", parquet.Int64},
		{"seat1_win_lo", parquet.Double},
		{"seed", parquet.Int64},
		{"file_sha256", parquet.ByteArray},
	}
	for _, tc := range tests {
		t.Run(tc.column, func(t *testing.T) {
			assert.Equal(t, tc.kind, kind(tc.column))
		})
	}

	// Every value reads back as the CSV wrote it; empty is null.
	got := parquetRows(t, f)
	require.Len(t, got, len(rows))
	for i, row := range got {
		require.Len(t, row, len(header))
		for _, v := range row {
			j := v.Column()
			text := rows[i][j]
			if text == "" {
				assert.True(t, v.IsNull(), "row %d %s: null for an empty CSV value", i, header[j])
				continue
			}
			require.False(t, v.IsNull(), "row %d %s", i, header[j])
			switch fields[j].Type().Kind() {
			case parquet.Int64:
				if header[j] == "seed" {
					assert.Equal(t, text, strconv.FormatUint(v.Uint64(), 10))
				} else {
					assert.Equal(t, text, strconv.FormatInt(v.Int64(), 10), "row %d %s", i, header[j])
				}
			case parquet.Double:
				want, err := strconv.ParseFloat(text, 64)
				require.NoError(t, err)
				assert.Equal(t, want, v.Double(), "row %d %s", i, header[j])
			case parquet.Boolean:
				assert.Equal(t, text, strconv.FormatBool(v.Boolean()))
			default:
				assert.Equal(t, text, string(v.ByteArray()), "row %d %s", i, header[j])
			}
		}
	}
	assert.Equal(t, uint64(9), got[0][slices.Index(header, "seed")].Uint64())

	// Render writes the same file.
	var buf bytes.Buffer
	require.NoError(t, Render(&buf, rep, "parquet"))
	assert.True(t, bytes.HasPrefix(buf.Bytes(), []byte("PAR1")))
	onDisk, err := os.ReadFile(filepath.Join(dir, CellsParquetFile))
	require.NoError(t, err)
	assert.Equal(t, onDisk, buf.Bytes())
}

func TestTrialsParquetHoldsTheLog(t *testing.T) {
	s := study(t, parquetStudy)
	for _, format := range []run.LogFormat{run.LogZstd, run.LogPlain} {
		t.Run(string(format), func(t *testing.T) {
			dir := t.TempDir()
			_, err := run.Run(context.Background(), s, run.Options{Workers: 2, Dir: dir, Trials: true, Log: format})
			require.NoError(t, err)
			var want []run.Record
			require.NoError(t, run.ReadTrials(dir, func(r *run.Record) error {
				want = append(want, *r)
				return nil
			}))
			require.Len(t, want, 8*40)

			var buf bytes.Buffer
			n, err := writeTrialsParquet(&buf, dir, nil)
			require.NoError(t, err)
			assert.Equal(t, int64(len(want)), n)

			pf, err := parquet.OpenFile(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
			require.NoError(t, err)
			var names []string
			for _, fld := range pf.Schema().Fields() {
				names = append(names, fld.Name())
			}
			assert.Equal(t, []string{"trial", "cell", "label", "index", "counted", "seed", "seats", "returns", "scores", "plies",
				"timed_out", "error", "opening", "swap_offered", "swapped", "decisions", "legal", "move_codes"}, names)
			name, ok := pf.Lookup("kalahlab.experiment")
			assert.True(t, ok)
			assert.Equal(t, "parquet", name)

			r := parquet.NewGenericReader[trialRow](bytes.NewReader(buf.Bytes()))
			defer r.Close()
			rows := make([]trialRow, len(want)+1)
			got, err := r.Read(rows)
			if !errors.Is(err, io.EOF) {
				require.NoError(t, err)
			}
			require.Equal(t, len(want), got)
			for i, rec := range want {
				row := rows[i]
				assert.Equal(t, int64(rec.Trial), row.Trial)
				assert.Equal(t, int32(rec.Cell), row.Cell)
				assert.Equal(t, s.Plan.Cells[rec.Cell].Label, row.Label)
				assert.Equal(t, int64(rec.Index), row.Index)
				assert.Equal(t, rec.Seed, row.Seed)
				assert.Equal(t, rec.Plies, int(row.Plies))
				assert.Equal(t, rec.Returns, row.Returns)
				assert.Equal(t, rec.Opening, row.Opening)
				assert.Equal(t, rec.Swapped, row.Swapped)
				require.Len(t, row.Moves, len(rec.Moves))
				for k, m := range rec.Moves {
					assert.Equal(t, int32(m), row.Moves[k])
				}
				require.Len(t, row.Seats, len(rec.Seats))
				for k, a := range rec.Seats {
					assert.Equal(t, int32(a), row.Seats[k])
				}
			}
		})
	}
}

func TestParquetFromShardsAndWithoutALog(t *testing.T) {
	s := study(t, fullStudy)

	// A merge kept without its log: trials.parquet comes from the shards' logs.
	out := t.TempDir()
	runShards(t, s, out, 2)
	res, _, err := run.Merge([]string{out})
	require.NoError(t, err)
	require.NoError(t, run.Save(res, out))
	reports := t.TempDir()
	paths, err := WriteReportsFrom(Summarize(res), out, reports, []string{"parquet"})
	require.NoError(t, err)
	assert.Equal(t, []string{filepath.Join(reports, CellsParquetFile), filepath.Join(reports, TrialsParquetFile)}, paths)
	pf, _ := openParquet(t, filepath.Join(reports, TrialsParquetFile))
	assert.Equal(t, int64(4*400), pf.NumRows())
	assert.NoFileExists(t, filepath.Join(out, CellsParquetFile), "written to the report directory only")

	// A run without a trial log: cells.parquet only.
	dir := t.TempDir()
	r, err := run.Run(context.Background(), s, run.Options{Workers: 2, Dir: dir})
	require.NoError(t, err)
	paths, err = WriteReports(Summarize(r), dir, []string{"parquet"})
	require.NoError(t, err)
	assert.Equal(t, []string{filepath.Join(dir, CellsParquetFile)}, paths)
	assert.NoFileExists(t, filepath.Join(dir, TrialsParquetFile))
	assert.NoFileExists(t, filepath.Join(dir, TrialsParquetFile+".tmp"))
}

func TestTrialsParquetRowGroups(t *testing.T) {
	s := study(t, "variants: [kalah]\nsweep: { houses: [3] }\ngames: 3000\nseed: 3\nsolve: 0\n")
	dir := t.TempDir()
	_, err := run.Run(context.Background(), s, run.Options{Workers: 2, Dir: dir, Trials: true})
	require.NoError(t, err)
	old := trialsRowGroup
	t.Cleanup(func() { trialsRowGroup = old })
	trialsRowGroup = 1000
	var buf bytes.Buffer
	n, err := writeTrialsParquet(&buf, dir, nil)
	require.NoError(t, err)
	assert.Equal(t, int64(3000), n)
	pf, err := parquet.OpenFile(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	require.NoError(t, err)
	assert.Equal(t, int64(3000), pf.NumRows())
	assert.Len(t, pf.RowGroups(), 3, "the writer holds one row group of trials at a time")
}
