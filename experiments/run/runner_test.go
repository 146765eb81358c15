package run

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/kalahlab/kalahlab/experiments/plan"

	"github.com/spf13/viper"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/config"
)

// study loads a study from YAML text written into a temporary directory.
func study(t testing.TB, text string) *plan.Study {
	t.Helper()
	dir := t.TempDir()
	path := filepath.Join(dir, "study.yaml")
	require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
	for _, k := range []string{"GAMES", "SEED", "WORKERS", "TARGET_CI", "MAX_PLIES", "SCRIPTS"} {
		t.Setenv("KALAHLAB_"+k, "")
	}
	cfg, err := config.LoadExperiment(viper.New(), path)
	require.NoError(t, err)
	s, err := plan.New(cfg)
	require.NoError(t, err)
	return s
}

// smallStudy has two variants at two sweep points, two different agents rotated, a
// random opening, epsilon moves and the stopping rule: everything that must not make
// results depend on workers, shards or interruptions.
const smallStudy = `
name: small
variants: [kalah, kalah/pie]
sweep: { houses: [3, 4], seeds: [3] }
agents:
  - { agent: greedy }
  - { agent: alphabeta, depth: 2, tt: 1 }
games: 400
target_ci: 0.09
check_every: 50
random_opening: 1
epsilon: 0.1
seed: 42
solve: 0
`

// statsBytes is the stats.json a run writes.
func statsBytes(t testing.TB, dir string) []byte {
	data, err := os.ReadFile(filepath.Join(dir, StatsFile))
	require.NoError(t, err)
	return data
}

// cellsJSON is what a run counted per cell: the counts, the stops and the perfect-play
// values (the reports are functions of these alone).
func cellsJSON(t testing.TB, r *Result) string {
	type cell struct {
		Stats    *Stats
		Stopped  bool
		Solution *Solution
	}
	cells := make([]cell, len(r.Cells))
	for i, c := range r.Cells {
		cells[i] = cell{c.Stats, c.Stopped, c.Solution}
	}
	data, err := json.Marshal(cells)
	require.NoError(t, err)
	return string(data)
}

func TestDeterministicAcrossWorkers(t *testing.T) {
	s := study(t, smallStudy)
	var dirs []string
	var results []*Result
	for _, w := range []int{1, 4} {
		dir := t.TempDir()
		r, err := Run(context.Background(), s, Options{Workers: w, Dir: dir, Trials: true, Chunk: 3})
		require.NoError(t, err)
		dirs, results = append(dirs, dir), append(results, r)
	}
	assert.Equal(t, string(statsBytes(t, dirs[0])), string(statsBytes(t, dirs[1])))
	assert.Equal(t, cellsJSON(t, results[0]), cellsJSON(t, results[1]))
	stopped := false
	for _, c := range results[0].Cells {
		stopped = stopped || c.Stopped
		assert.Zero(t, c.Stats.Trials%50, "a cell stops at a checkpoint")
		assert.Zero(t, c.Stats.Failed)
	}
	assert.True(t, stopped, "the stopping rule fired somewhere (the test covers it)")

	// A second run with the same seed, and one with adaptive chunks, agree too.
	r, err := Run(context.Background(), s, Options{Workers: 2})
	require.NoError(t, err)
	assert.Equal(t, cellsJSON(t, results[0]), cellsJSON(t, r))
}

func TestShardsMergeToTheSingleRun(t *testing.T) {
	for _, target := range []string{"target_ci: 0.09", "target_ci: 0"} {
		t.Run(target, func(t *testing.T) {
			s := study(t, strings.Replace(smallStudy, "target_ci: 0.09", target, 1))
			whole := t.TempDir()
			single, err := Run(context.Background(), s, Options{Workers: 2, Dir: whole, Trials: true})
			require.NoError(t, err)

			out := t.TempDir()
			var shardDirs []string
			for i := 0; i < 3; i++ {
				sh := Shard{Index: i, Count: 3}
				dir := filepath.Join(out, sh.Dir())
				_, err := Run(context.Background(), s, Options{Workers: 2, Shard: sh, Dir: dir, Trials: true})
				require.NoError(t, err)
				shardDirs = append(shardDirs, dir)
			}
			merged, dirs, err := Merge([]string{out})
			require.NoError(t, err)
			assert.Equal(t, shardDirs, dirs)
			require.NoError(t, Save(merged, out))
			require.NoError(t, mergeTrials(merged, dirs, out))
			assert.Equal(t, string(statsBytes(t, whole)), string(statsBytes(t, out)))
			// The report's links, gathered as the logs are merged, are the whole run's.
			assert.Equal(t, single.Links.Cells, merged.Links.Cells)
			read, err := IndexGames(out)
			require.NoError(t, err)
			assert.Equal(t, read.Cells, merged.Links.Cells)
			assert.Equal(t, cellsJSON(t, single), cellsJSON(t, merged))
			loaded, err := Load(out)
			require.NoError(t, err)
			assert.Equal(t, cellsJSON(t, single), cellsJSON(t, loaded))
			assert.Equal(t, 3, loaded.Manifest.MergedFrom)

			// A trial of the merged log replays.
			rec, err := FindTrial(out, 5)
			require.NoError(t, err)
			assert.Equal(t, 5, rec.Trial)

			// Missing or repeated shards are refused.
			_, _, err = Merge(shardDirs[:2])
			require.Error(t, err)
			assert.Contains(t, err.Error(), "shards 2 of 3 are missing")
			_, _, err = Merge([]string{shardDirs[0], shardDirs[0], shardDirs[1], shardDirs[2]})
			require.Error(t, err)
			assert.Contains(t, err.Error(), "given twice")
		})
	}
}

// cancelAfter is a progress writer that cancels the run after n progress lines: an
// interruption in the middle of a run.
type cancelAfter struct {
	mu     sync.Mutex
	n      int
	cancel func()
}

func (c *cancelAfter) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.n--; c.n == 0 {
		c.cancel()
	}
	return len(p), nil
}

func TestResumeAfterInterruption(t *testing.T) {
	s := study(t, smallStudy)
	whole := t.TempDir()
	single, err := Run(context.Background(), s, Options{Workers: 2, Dir: whole, Trials: true})
	require.NoError(t, err)

	// Interrupted (Ctrl-C) after a few chunks. (A plain log: TestResumeAfterACutFrame
	// does the same to a compressed one.)
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	_, err = Run(ctx, s, Options{Workers: 2, Dir: dir, Trials: true, Log: LogPlain, Chunk: 5, Progress: &cancelAfter{n: 8, cancel: cancel}, LineEvery: 1})
	require.ErrorIs(t, err, ErrInterrupted)
	_, err = Load(dir)
	require.Error(t, err, "an unfinished run does not load")
	assert.Contains(t, err.Error(), "--resume")

	// A crash in the middle of a write leaves half a line: it is dropped and replayed.
	f, err := os.OpenFile(filepath.Join(dir, TrialsFile), os.O_APPEND|os.O_WRONLY, 0)
	require.NoError(t, err)
	_, err = f.WriteString(`{"trial":399,"cell":0,"index":399,"se`)
	require.NoError(t, err)
	require.NoError(t, f.Close())

	// Starting again without --resume is refused.
	_, err = Run(context.Background(), s, Options{Workers: 2, Dir: dir, Trials: true})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "add --resume")

	resumed, err := Run(context.Background(), s, Options{Workers: 3, Dir: dir, Trials: true, Resume: true})
	require.NoError(t, err)
	assert.Equal(t, string(statsBytes(t, whole)), string(statsBytes(t, dir)))
	assert.Equal(t, cellsJSON(t, single), cellsJSON(t, resumed))
	assert.Less(t, resumed.Manifest.TrialsRun, int64(4*400), "the resumed run played only the missing trials")

	// Resuming a finished run plays nothing more and gives the same result.
	again, err := Run(context.Background(), s, Options{Workers: 1, Dir: dir, Trials: true, Resume: true})
	require.NoError(t, err)
	assert.Zero(t, again.Manifest.TrialsRun)
	assert.Equal(t, cellsJSON(t, single), cellsJSON(t, again))

	// Another experiment cannot resume this directory.
	other := study(t, strings.Replace(smallStudy, "seed: 42", "seed: 43", 1))
	_, err = Run(context.Background(), other, Options{Dir: dir, Trials: true, Resume: true})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "another experiment")
}

func findRecord(t *testing.T, dir string, ok func(*Record) bool) *Record {
	t.Helper()
	var found *Record
	require.NoError(t, ReadTrials(dir, func(rec *Record) error {
		if found == nil && ok(rec) {
			cp := *rec
			found = &cp
		}
		return nil
	}))
	if found == nil {
		t.Fatal("no such record")
	}
	return found
}

func TestTimeoutsAreDraws(t *testing.T) {
	s := study(t, "variants: [kalah]\nagents: { agent: random }\ngames: 50\nmax_plies: 4\nsolve: 0\n")
	r, err := Run(context.Background(), s, Options{Workers: 2})
	require.NoError(t, err)
	st := r.Cells[0].Stats
	assert.Equal(t, int64(50), st.TimedOut)
	assert.Equal(t, int64(50), st.Seats[0].Draws)
	assert.Equal(t, int64(50), st.Drawn)
	assert.Empty(t, st.Margin, "no margins for unfinished games")
	assert.Equal(t, int64(50), st.Plies[4])
}

func TestReplayReproducesTheGame(t *testing.T) {
	s := study(t, "variants: [kalah/pie]\nsweep: { houses: [4] }\nagents: [{ agent: random }, { agent: greedy }]\ngames: 30\nsolve: 0\n")
	dir := t.TempDir()
	_, err := Run(context.Background(), s, Options{Workers: 2, Dir: dir, Trials: true})
	require.NoError(t, err)
	for _, id := range []int{0, 7, 29} {
		rec, err := FindTrial(dir, id)
		require.NoError(t, err)
		start, steps, err := Replay(s, rec)
		require.NoError(t, err)
		require.Len(t, steps, rec.Plies)
		assert.Equal(t, "4,4,4,4,[0],4,4,4,4,[0] s pie=first", start.String())
		last := steps[len(steps)-1].State()
		assert.Equal(t, rec.Returns, last.Returns(nil))
		assert.Equal(t, rec.Opening, steps[0].Move)
	}
	_, err = FindTrial(dir, 30)
	assert.ErrorContains(t, err, "trial 30 is not in the trial log")

	// A tampered move is caught.
	rec, err := FindTrial(dir, 3)
	require.NoError(t, err)
	rec.Moves[0] = 9
	_, _, err = Replay(s, rec)
	assert.ErrorContains(t, err, "illegal")
}

func TestInterruptedBeforeAnyGame(t *testing.T) {
	s := study(t, "variants: [kalah]\nagents: { agent: random }\ngames: 100\nsolve: 0\n")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Run(ctx, s, Options{})
	assert.True(t, errors.Is(err, ErrInterrupted), "%v", err)
}
