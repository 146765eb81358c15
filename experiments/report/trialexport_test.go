package report

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/kalahlab/kalahlab/experiments/run"

	"github.com/parquet-go/parquet-go"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// stoppingStudy stops its cells early (target_ci), so that workers still busy when a
// cell's rule fires play trials past its stop.
const stoppingStudy = `
name: stopping
variants: [kalah]
sweep: { houses: [3, 4] }
agents: [{ agent: random }]
games: 4000
target_ci: 0.1
check_every: 50
seed: 11
solve: 0
`

// countedFromTrials is what the README's DuckDB query computes from trials.parquet,
// per cell: the counted trials, the games among them that did not fail, and the first
// seat's wins (returns[1] > 0), with the counted rows themselves, sorted.
func countedFromTrials(t *testing.T, path string) (games, wins map[int32]int64, rows []trialRow) {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	r := parquet.NewGenericReader[trialRow](bytes.NewReader(data))
	defer r.Close()
	games, wins = map[int32]int64{}, map[int32]int64{}
	buf := make([]trialRow, 256)
	for {
		n, err := r.Read(buf)
		for _, row := range buf[:n] {
			if !row.Counted {
				continue
			}
			row.Label, row.Opening = "", "" // compared apart from the strings' storage
			rows = append(rows, row)
			if row.Error == "" {
				games[row.Cell]++
			}
			if len(row.Returns) > 0 && row.Returns[0] > 0 {
				wins[row.Cell]++
			}
		}
		if errors.Is(err, io.EOF) {
			break
		}
		require.NoError(t, err)
	}
	slices.SortFunc(rows, func(a, b trialRow) int { return int(a.Trial - b.Trial) })
	return games, wins, rows
}

// cellsColumns reads cells.parquet's columns by name: cell -> column -> value.
func cellsColumns(t *testing.T, path string) map[int64]map[string]parquet.Value {
	t.Helper()
	pf, f := openParquet(t, path)
	names := map[int]string{}
	for j, fld := range pf.Schema().Fields() {
		names[j] = fld.Name()
	}
	out := map[int64]map[string]parquet.Value{}
	for _, row := range parquetRows(t, f) {
		cols := map[string]parquet.Value{}
		for _, v := range row {
			cols[names[v.Column()]] = v
		}
		out[cols["cell"].Int64()] = cols
	}
	return out
}

// TestTrialExportReproducesCells: the counted rows of trials.parquet give exactly
// cells.parquet's games, first-seat wins and win rate, and are the same rows whatever
// the number of workers (1, 2, 3) and however the run is sharded (3 shards merged),
// though the trials past a cell's stop that get logged differ from run to run.
func TestTrialExportReproducesCells(t *testing.T) {
	s := study(t, stoppingStudy)
	var first []trialRow
	check := func(name string, res *run.Result, runDir string) {
		t.Run(name, func(t *testing.T) {
			out := t.TempDir()
			rep := Summarize(res)
			for _, c := range rep.Cells {
				require.True(t, c.Stopped, "%s: the study stops its cells early", c.Label)
			}
			_, err := WriteReportsFrom(rep, runDir, out, []string{"parquet"})
			require.NoError(t, err)
			games, wins, rows := countedFromTrials(t, filepath.Join(out, TrialsParquetFile))
			cells := cellsColumns(t, filepath.Join(out, CellsParquetFile))
			for _, c := range rep.Cells {
				col := cells[int64(c.Cell)]
				assert.Equal(t, col["games"].Int64(), games[int32(c.Cell)], "%s games", c.Label)
				assert.Equal(t, col["seat1_wins"].Int64(), wins[int32(c.Cell)], "%s first-seat wins", c.Label)
				rate := float64(wins[int32(c.Cell)]) / float64(games[int32(c.Cell)])
				assert.InDelta(t, col["first_seat_win_rate"].Double(), rate, 1e-9, "%s first_seat_win_rate", c.Label)
			}
			if first == nil {
				first = rows
				return
			}
			assert.Equal(t, first, rows, "the counted trials are the same rows")
		})
	}
	for _, workers := range []int{1, 2, 3} {
		dir := t.TempDir()
		res, err := run.Run(context.Background(), s, run.Options{Workers: workers, Dir: dir, Trials: true})
		require.NoError(t, err)
		check("workers="+string(rune('0'+workers)), res, dir)
	}
	out := t.TempDir()
	runShards(t, s, out, 3)
	res, err := mergeAll(out)
	require.NoError(t, err)
	check("3 shards merged", res, out)
}
