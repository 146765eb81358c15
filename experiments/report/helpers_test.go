// Test helpers of the reports' tests that run studies: copies of those of package run's
// tests (runner_test.go, hardening_test.go, bench_test.go, triallog_test.go), which the
// reports cannot import.

package report

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/kalahlab/kalahlab/ai"
	"github.com/kalahlab/kalahlab/experiments/run"

	"github.com/kalahlab/kalahlab/experiments/plan"

	"github.com/spf13/viper"
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

// statsBytes is the stats.json a run writes.
func statsBytes(t testing.TB, dir string) []byte {
	data, err := os.ReadFile(filepath.Join(dir, run.StatsFile))
	require.NoError(t, err)
	return data
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

// runShards runs the shards of s into out and returns their directories; their trial
// logs are compressed, or in format when one is given.
func runShards(t *testing.T, s *plan.Study, out string, n int, format ...run.LogFormat) []string {
	var dirs []string
	for i := 0; i < n; i++ {
		sh := run.Shard{Index: i, Count: n}
		dir := filepath.Join(out, sh.Dir())
		opt := run.Options{Workers: 2, Shard: sh, Dir: dir, Trials: true}
		if len(format) > 0 {
			opt.Log = format[0]
		}
		_, err := run.Run(context.Background(), s, opt)
		require.NoError(t, err)
		dirs = append(dirs, dir)
	}
	return dirs
}

// mergeAll merges the shards in out as the CLI does.
func mergeAll(out string) (*run.Result, error) {
	res, dirs, err := run.Merge([]string{out})
	if err != nil {
		return nil, err
	}
	if err := run.MergeTrialsAs(res, dirs, out, run.LogZstd); err != nil {
		return nil, err
	}
	return res, run.Save(res, out)
}

func findRecord(t *testing.T, dir string, ok func(*run.Record) bool) *run.Record {
	t.Helper()
	var found *run.Record
	require.NoError(t, run.ReadTrials(dir, func(rec *run.Record) error {
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

// benchStudy is a one-cell study of variant with agent on every seat.
func benchStudy(tb testing.TB, variant, agent string, games int) *plan.Study {
	tb.Helper()
	spec, err := ai.ParseSpec(agent)
	require.NoError(tb, err)
	p := plan.Plan{
		Name: "bench", Cells: []plan.CellPlan{{Lookup: variant}}, Agents: []plan.AgentSpec{{Agent: spec.Agent, Options: spec.Options}},
		Games: games, CheckEvery: 100, MaxPlies: 1000, Seed: 1, RotateSeats: true, Solve: "0s",
	}
	s, err := plan.FromPlan(p)
	require.NoError(tb, err)
	return s
}

// fullStudy is smallStudy without the stopping rule: every run plays and logs every
// trial.
var fullStudy = strings.Replace(smallStudy, "target_ci: 0.09", "target_ci: 0", 1)

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
