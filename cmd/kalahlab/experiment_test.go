package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// writeFile writes text into a temporary directory and returns the path.
func writeFile(t *testing.T, name, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
	return path
}

const cliStudy = `# a quick study for the CLI tests
name: cli
variants:
  - kalah
  - { variant: kalah, label: strict, params: { empty_capture: false } }
sweep: { houses: [3, 4] }
agents: [{ agent: random }, { agent: greedy }]
games: 60
seed: 5
solve: 0
`

func clearExperimentEnv(t *testing.T) {
	for _, k := range []string{"GAMES", "SEED", "WORKERS", "TARGET_CI", "MAX_PLIES", "SCRIPTS"} {
		t.Setenv("KALAHLAB_"+k, "")
	}
	t.Setenv("JOB_COMPLETION_INDEX", "")
	t.Setenv("SLURM_ARRAY_TASK_ID", "")
}

func TestExperimentRunReportReplay(t *testing.T) {
	clearExperimentEnv(t)
	study := writeFile(t, "study.yaml", cliStudy)
	out := filepath.Join(t.TempDir(), "results")
	stdout, stderr, code := cli(t, "", "experiment", "run", study, "--out", out, "--workers", "2", "--progress", "lines")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, "cli: 4 cells, 60 games each, seed 5")
	assert.Contains(t, stdout, "strict houses=4")
	assert.Contains(t, stdout, "SEAT 1 WINS (95% CI)")
	assert.Contains(t, stdout, "strict houses=3 vs kalah houses=3")
	assert.Contains(t, stderr, "done: cells 4/4  games 240/240")
	assert.Contains(t, stdout, "\nverdict:\n", "the table ends with the verdict")
	// The last line says where the report is and how to open it.
	page := filepath.Join(out, "report.html")
	last := strings.TrimSpace(stderr)[strings.LastIndex(strings.TrimSpace(stderr), "\n")+1:]
	assert.Equal(t, "report: "+page+" (open it in a browser: xdg-open "+page+", or open "+page+" on macOS; kalahlab serve --results "+out+" serves it with its games)", last)
	for _, f := range []string{"manifest.json", "stats.json", "trials.jsonl.zst", "table.txt", "results.csv", "results.json", "report.html"} {
		assert.FileExists(t, filepath.Join(out, f))
	}
	csv, err := os.ReadFile(filepath.Join(out, "results.csv"))
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSpace(string(csv)), "\n")
	assert.Len(t, lines, 5, "a header and one row per cell")
	assert.True(t, strings.HasPrefix(lines[0], "cell,label,variant,variant_name,hash,houses,seats,trials,games"), lines[0])

	// The same run again is refused, --force starts over, and --seed changes the games.
	_, stderr, code = cli(t, "", "experiment", "run", study, "--out", out)
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr, "add --resume to continue it, or --force to start again")
	again, _, code := cli(t, "", "experiment", "run", study, "--out", out, "--force", "--workers", "1", "--progress", "none")
	require.Equal(t, 0, code)
	assert.Equal(t, tableBody(stdout), tableBody(again), "1 and 2 workers print the same table")

	// report re-renders without running.
	table, stderr, code := cli(t, "", "experiment", "report", out)
	require.Equal(t, 0, code, stderr)
	assert.Equal(t, tableBody(stdout), tableBody(table))
	require.NoError(t, os.Remove(filepath.Join(out, "report.html")))
	_, stderr, code = cli(t, "", "experiment", "report", out, "--format", "html")
	require.Equal(t, 0, code, stderr)
	html, err := os.ReadFile(filepath.Join(out, "report.html"))
	require.NoError(t, err)
	assert.Contains(t, string(html), "<svg class=\"chart\"")
	js, _, code := cli(t, "", "experiment", "report", out, "--json")
	require.Equal(t, 0, code)
	var rep struct {
		Header struct{ Experiment string }
		Cells  []json.RawMessage
	}
	require.NoError(t, json.Unmarshal([]byte(js), &rep))
	assert.Equal(t, "cli", rep.Header.Experiment)
	assert.Len(t, rep.Cells, 4)

	// replay any game, as text or JSON.
	text, stderr, code := cli(t, "", "replay", out, "--trial", "65", "--color", "never")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, text, "cli, trial 65: cell 1 (kalah houses=4), game 5")
	assert.Contains(t, text, "ply 1: seat 1 (")
	assert.Regexp(t, `(wins|a draw) after \d+ plies, scores`, text)
	js, stderr, code = cli(t, "", "replay", out, "--cell", "1", "--trial", "5", "--json")
	require.Equal(t, 0, code, stderr)
	var game struct {
		Trial int
		Steps []struct {
			Ply      int
			Move     string
			Position string
		}
		Plies int
	}
	require.NoError(t, json.Unmarshal([]byte(js), &game))
	assert.Equal(t, 65, game.Trial)
	assert.Len(t, game.Steps, game.Plies)
	_, stderr, code = cli(t, "", "replay", out, "--trial", "9999")
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr, "trial 9999 is not in the trial log")
}

// tableBody drops the first line of a table (it holds the date).
func tableBody(s string) string {
	_, body, _ := strings.Cut(s, "\n")
	return body
}

func TestExperimentShardsAndMerge(t *testing.T) {
	clearExperimentEnv(t)
	study := writeFile(t, "study.yaml", strings.Replace(cliStudy, "solve: 0", "solve: 0\ntarget_ci: 0.3\ncheck_every: 20", 1))
	whole := filepath.Join(t.TempDir(), "whole")
	_, stderr, code := cli(t, "", "experiment", "run", study, "--out", whole, "--progress", "none")
	require.Equal(t, 0, code, stderr)

	out := filepath.Join(t.TempDir(), "results")
	_, stderr, code = cli(t, "", "experiment", "run", study, "--out", out, "--shard", "0/3", "--progress", "none")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stderr, "shard 0/3 done")
	t.Setenv("JOB_COMPLETION_INDEX", "1") // a Kubernetes Indexed Job
	_, stderr, code = cli(t, "", "experiment", "run", study, "--out", out, "--shard", "3", "--progress", "none")
	require.Equal(t, 0, code, stderr)
	t.Setenv("JOB_COMPLETION_INDEX", "")
	t.Setenv("SLURM_ARRAY_TASK_ID", "3") // a Slurm array --array=1-3
	t.Setenv("SLURM_ARRAY_TASK_MIN", "1")
	_, stderr, code = cli(t, "", "experiment", "run", study, "--out", out, "--shard", "3", "--progress", "none")
	require.Equal(t, 0, code, stderr)
	for i := 0; i < 3; i++ {
		assert.DirExists(t, filepath.Join(out, "shard-"+string(rune('0'+i))+"-of-3"))
	}

	merged, stderr, code := cli(t, "", "experiment", "merge", filepath.Join(out, "shard-0-of-3"), filepath.Join(out, "shard-1-of-3"), filepath.Join(out, "shard-2-of-3"))
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stderr, "merged 3 shards into "+out)
	single, err := os.ReadFile(filepath.Join(whole, "stats.json"))
	require.NoError(t, err)
	combined, err := os.ReadFile(filepath.Join(out, "stats.json"))
	require.NoError(t, err)
	assert.Equal(t, string(single), string(combined), "merge gives exactly the single run")
	wholeTable, err := os.ReadFile(filepath.Join(whole, "table.txt"))
	require.NoError(t, err)
	assert.Equal(t, tableBody(string(wholeTable)), tableBody(merged))
	_, stderr, code = cli(t, "", "replay", out, "--trial", "100", "--color", "never")
	assert.Equal(t, 0, code, stderr)

	_, stderr, code = cli(t, "", "experiment", "merge", filepath.Join(out, "shard-0-of-3"))
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr, "shards 1, 2 of 3 are missing")
}

func TestExperimentDefaultStudy(t *testing.T) {
	clearExperimentEnv(t)
	// The embedded default, cut down to a few games and no solving: a skill ladder of
	// five rungs at each of three variants and two seed counts, and with --agent an
	// agents' cell at the head of each ladder.
	stdout, stderr, code := cli(t, "", "experiment", "run", "--games", "12", "--agent", "random", "--solve", "0", "--progress", "none")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, "kalah-fairness: 36 cells, 12 games each")
	assert.Contains(t, stdout, "ladder: random < greedy < alphabeta:depth=2,tt=1 < alphabeta:depth=4,tt=1 < alphabeta:depth=6,tt=1")
	assert.Contains(t, stdout, "\nkalah/pie seeds=3 ")
	assert.Contains(t, stdout, "  @ alphabeta:depth=6,tt=1")
	assert.Contains(t, stdout, "kalah/standard-capture seeds=4")
	assert.NotContains(t, stdout, "= perfect play", "--solve 0 turns the solver off")

	list, _, code := cli(t, "", "experiment", "example")
	require.Equal(t, 0, code)
	assert.Contains(t, list, "study-kalah-fairness (the default)")
	text, _, code := cli(t, "", "experiment", "example", "study-kalah-fairness")
	require.Equal(t, 0, code)
	assert.Contains(t, text, "name: kalah-fairness")
}

func TestExperimentErrors(t *testing.T) {
	clearExperimentEnv(t)
	bad := writeFile(t, "bad.yaml", "variants: [kalah]\ngmaes: 10\n")
	_, stderr, code := cli(t, "", "experiment", "run", bad)
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr, `bad.yaml:2: unknown key "gmaes" (did you mean "games"?`)

	study := writeFile(t, "study.yaml", cliStudy)
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--shard", "3/2"}, "--shard: index 3 out of range 0..1"},
		{[]string{"--shard", "4"}, "no shard index"},
		{[]string{"--shard", "1/4"}, "needs an output directory"},
		{[]string{"--resume"}, "--resume needs the output directory"},
		{[]string{"--format", "hmtl"}, `format "hmtl" unknown (did you mean "html"?`},
		{[]string{"--agent", "alphabeta:dept=2"}, `did you mean "depth"`},
		{[]string{"--games", "0"}, "games: 0 is out of range, want an integer >= 1"},
		{[]string{"--progress", "fancy"}, `--progress "fancy": want auto, bar, lines or none`},
	}
	for _, tc := range tests {
		_, stderr, code := cli(t, "", append([]string{"experiment", "run", study}, tc.args...)...)
		assert.Equal(t, 1, code, tc.args)
		assert.Contains(t, stderr, tc.want, tc.args)
	}
	_, stderr, code = cli(t, "", "experiment", "report", t.TempDir())
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr, "not a kalahlab results directory")
	_, stderr, code = cli(t, "", "experiment", "example", "nope")
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr, `no example study "nope"`)
}
