package experiments

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/spf13/viper"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/config"
)

// study loads a study from YAML text written into a temporary directory.
func study(t testing.TB, text string) *Study {
	t.Helper()
	dir := t.TempDir()
	path := filepath.Join(dir, "study.yaml")
	require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
	for _, k := range []string{"GAMES", "SEED", "WORKERS", "TARGET_CI", "MAX_PLIES", "SCRIPTS"} {
		t.Setenv("KALAHLAB_"+k, "")
	}
	cfg, err := config.LoadExperiment(viper.New(), path)
	require.NoError(t, err)
	s, err := New(cfg)
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

// cellsJSON is the part of the JSON report that depends on the trials.
func cellsJSON(t testing.TB, r *Result) string {
	rep := Summarize(r)
	data, err := json.Marshal(struct {
		Cells       []*CellSummary
		Comparisons []Comparison
	}{rep.Cells, rep.Comparisons})
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
			read, err := indexGames(out)
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

// flakyScript is a variant whose capture hook fails in some positions: the error must
// fail those games only.
const flakyScript = `
return variant {
  name = "flaky",
  extends = "kalah",
  params = { houses = 4, seeds = 3 },
  hooks = {
    capture = function(b, last)
      if b:owner(last) == b:mover() and b:count(last) == 1 and b:count(b:opposite(last)) >= 4 then
        error("too many seeds to capture")
      end
    end,
  },
}
`

func TestFailingHookIsCountedNotFatal(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "flaky.lua"), []byte(flakyScript), 0o644))
	s := study(t, "variants: ["+filepath.Join(dir, "flaky.lua")+", kalah]\nsweep: { houses: [4], seeds: [3] }\nagents: { agent: random }\ngames: 300\nsolve: 0\n")
	out := t.TempDir()
	r, err := Run(context.Background(), s, Options{Workers: 2, Dir: out, Trials: true})
	require.NoError(t, err)
	st := r.Cells[0].Stats
	assert.Equal(t, int64(300), st.Trials)
	assert.Positive(t, st.Failed, "some games hit the failing hook")
	assert.Less(t, st.Failed, st.Trials, "others did not")
	var w WDL
	for _, s := range st.Seats {
		w.add(s)
	}
	assert.Equal(t, 2*(st.Trials-st.Failed), w.Games(), "failed games are not in the win rates")
	errs := st.ErrorList()
	require.NotEmpty(t, errs)
	assert.Contains(t, errs[0].Error, "too many seeds to capture")
	assert.Contains(t, errs[0].Error, "flaky.lua")
	assert.Zero(t, r.Cells[1].Stats.Failed, "the other cell is not affected")

	rep := Summarize(r)
	var table bytes.Buffer
	require.NoError(t, WriteTable(&table, rep))
	assert.Contains(t, table.String(), "trials failed (not counted)")
	assert.Contains(t, table.String(), "too many seeds to capture")

	// A failed game is in the log with its error, and replays up to it.
	rec := findRecord(t, out, func(r *Record) bool { return r.Error != "" })
	_, steps, err := Replay(s, rec)
	require.NoError(t, err)
	assert.Len(t, steps, rec.Plies)
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

func TestSolveShowsPerfectPlay(t *testing.T) {
	s := study(t, "variants: [kalah]\nsweep: { houses: [3], seeds: [2] }\nagents: { agent: random }\ngames: 20\nsolve: 5s\n")
	r, err := Run(context.Background(), s, Options{Workers: 2})
	require.NoError(t, err)
	sol := r.Cells[0].Solution
	require.NotNil(t, sol)
	assert.Empty(t, sol.Unsolved)
	assert.Contains(t, []string{"win", "draw", "loss"}, sol.Result)
	var table bytes.Buffer
	require.NoError(t, WriteTable(&table, Summarize(r)))
	assert.Contains(t, table.String(), solutionText(sol))
}

func TestInterruptedBeforeAnyGame(t *testing.T) {
	s := study(t, "variants: [kalah]\nagents: { agent: random }\ngames: 100\nsolve: 0\n")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Run(ctx, s, Options{})
	assert.True(t, errors.Is(err, ErrInterrupted), "%v", err)
}

// TestDeterministicLuaAndDice covers a Lua variant (one Lua state per worker) and a game
// of four seats with dice (chance outcomes drawn from the trial's generator).
func TestDeterministicLuaAndDice(t *testing.T) {
	s := study(t, "variants: [kalah/strict-capture, ludo]\nagents: [{ agent: random }, { agent: greedy }]\ngames: 40\nsolve: 0\n")
	assert.Equal(t, 4, s.Plan.Cells[1].Seats)
	a, err := Run(context.Background(), s, Options{Workers: 1})
	require.NoError(t, err)
	b, err := Run(context.Background(), s, Options{Workers: 3, Chunk: 1})
	require.NoError(t, err)
	assert.Equal(t, cellsJSON(t, a), cellsJSON(t, b))
	for _, c := range a.Cells {
		assert.Zero(t, c.Stats.Failed, "%v", c.Stats.ErrorList())
	}
	ludo := Summarize(a).Cells[1]
	require.Len(t, ludo.BySeat, 4)
	var wins int64
	for _, s := range ludo.BySeat {
		wins += s.Wins
	}
	assert.Equal(t, ludo.Games-a.Cells[1].Stats.Drawn, wins, "one winner per decided game")
}
