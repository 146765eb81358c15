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

// buggyScript fails its capture hook in most games: the games left are those that
// happened not to reach the bug.
const buggyScript = `
return variant {
  name = "buggy",
  extends = "kalah",
  params = { houses = 3, seeds = 2 },
  hooks = {
    capture = function(b, last)
      if b:owner(last) == b:mover() and b:count(last) == 1 and b:count(b:opposite(last)) >= 3 then
        error("hook bug")
      end
    end,
  },
}
`

// failingStudy compares the buggy variant with plain Kalah.
func failingStudy(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "buggy.lua"), []byte(buggyScript), 0o644))
	path := filepath.Join(dir, "study.yaml")
	require.NoError(t, os.WriteFile(path, []byte("name: fs\nvariants: [{ variant: kalah, params: { houses: 3, seeds: 2 } }, buggy.lua]\nagents: { agent: random }\ngames: 40\nseed: 3\nsolve: 0\n"), 0o644))
	return path
}

func TestExperimentFailingCells(t *testing.T) {
	clearExperimentEnv(t)
	t.Setenv("KALAHLAB_MAX_FAILURES", "")
	study := failingStudy(t)
	out := filepath.Join(t.TempDir(), "res")
	stdout, stderr, code := cli(t, "", "experiment", "run", study, "--out", out, "--progress", "none", "--workers", "2")
	require.Equal(t, exitFailingCells, code, stderr)
	assert.Equal(t, 4, exitFailingCells, "the code the README documents")
	assert.Contains(t, stderr, "kalahlab: 1 of the 2 cells has more failed trials than max_failures 0 allows: buggy (")
	assert.Contains(t, stderr, "--allow-failures")
	row := ""
	for _, l := range strings.Split(stdout, "\n") {
		if strings.HasPrefix(l, "buggy ") {
			row = l
		}
	}
	require.NotEmpty(t, row, stdout)
	assert.Regexp(t, `\d+ \(\d+\.\d%\) !`, row, "the failure share, marked")
	assert.NotContains(t, stdout, "vs kalah", "no comparison with the baseline")
	assert.Contains(t, stdout, "hook bug", "the notes keep the per-error summary")
	for _, f := range []string{"results.csv", "results.json", "report.html", "table.txt"} {
		assert.FileExists(t, filepath.Join(out, f), "every report is written first")
	}
	data, err := os.ReadFile(filepath.Join(out, "results.json"))
	require.NoError(t, err)
	var js struct {
		Cells []struct {
			Label   string `json:"label"`
			Failing bool   `json:"failing"`
		} `json:"cells"`
	}
	require.NoError(t, json.Unmarshal(data, &js))
	assert.False(t, js.Cells[0].Failing)
	assert.True(t, js.Cells[1].Failing)

	// report marks the failing cells but exits 0.
	jsonOut, stderr, code := cli(t, "", "experiment", "report", out, "--json")
	assert.Equal(t, 0, code, stderr)
	assert.Contains(t, jsonOut, `"failing": true`)
	// run --json: the report on stdout, the error as JSON with its code.
	e, jsonOut, code := cliJSONError(t, "experiment", "run", study, "--progress", "none", "--json")
	assert.Equal(t, exitFailingCells, code)
	assert.Equal(t, exitFailingCells, e.Code)
	assert.Contains(t, e.Error, "more failed trials than max_failures 0 allows")
	assert.Contains(t, jsonOut, `"failing": true`)

	// Allowed: the same reports, exit 0.
	stdout, stderr, code = cli(t, "", "experiment", "run", study, "--progress", "none", "--allow-failures")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, "! failing")
	// Tolerated: a limit above the failures summarises the cell and compares it.
	stdout, stderr, code = cli(t, "", "experiment", "run", study, "--progress", "none", "--max-failures", "100%")
	require.Equal(t, 0, code, stderr)
	assert.NotContains(t, stdout, "! failing")
	assert.Contains(t, stdout, "buggy vs kalah")
	t.Setenv("KALAHLAB_MAX_FAILURES", "40")
	_, stderr, code = cli(t, "", "experiment", "run", study, "--progress", "none")
	require.Equal(t, 0, code, stderr)
	t.Setenv("KALAHLAB_MAX_FAILURES", "")

	// A bad limit is an error naming the flag or the key.
	_, stderr, code = cli(t, "", "experiment", "report", out, "--max-failures", "0.5")
	assert.Equal(t, exitError, code)
	assert.Contains(t, stderr, `--max-failures: "0.5" is a fraction`)
	_, stderr, code = cli(t, "", "experiment", "run", study, "--progress", "none", "--max-failures", "lots")
	assert.Equal(t, exitError, code)
	assert.Contains(t, stderr, `max_failures: "lots", want a count`)

	// Resuming without the file takes the plan's limit, or the flag's.
	_, stderr, code = cli(t, "", "experiment", "run", "--resume", "--out", out, "--progress", "none")
	assert.Equal(t, exitFailingCells, code, stderr)
	stdout, stderr, code = cli(t, "", "experiment", "run", "--resume", "--out", out, "--progress", "none", "--max-failures", "100%")
	assert.Equal(t, 0, code, stderr)
	assert.NotContains(t, stdout, "! failing")

	// report judges again with another limit.
	stdout, _, code = cli(t, "", "experiment", "report", out, "--max-failures", "100%")
	require.Equal(t, 0, code)
	assert.NotContains(t, stdout, "! failing")
	assert.Contains(t, stdout, "buggy vs kalah")
}

func TestExperimentMergeFailingCells(t *testing.T) {
	clearExperimentEnv(t)
	t.Setenv("KALAHLAB_MAX_FAILURES", "")
	study := failingStudy(t)
	out := filepath.Join(t.TempDir(), "res")
	for _, sh := range []string{"0/2", "1/2"} {
		_, stderr, code := cli(t, "", "experiment", "run", study, "--out", out, "--shard", sh, "--progress", "none")
		require.Equal(t, 0, code, "a shard is not summarised: %s", stderr)
	}
	_, stderr, code := cli(t, "", "experiment", "merge", filepath.Join(out, "shard-0-of-2"), filepath.Join(out, "shard-1-of-2"))
	assert.Equal(t, exitFailingCells, code, stderr)
	assert.Contains(t, stderr, "more failed trials than max_failures 0 allows")
	_, stderr, code = cli(t, "", "experiment", "merge", filepath.Join(out, "shard-0-of-2"), filepath.Join(out, "shard-1-of-2"), "--allow-failures")
	assert.Equal(t, 0, code, stderr)
	_, stderr, code = cli(t, "", "experiment", "merge", filepath.Join(out, "shard-0-of-2"), filepath.Join(out, "shard-1-of-2"), "--max-failures", "100%")
	assert.Equal(t, 0, code, stderr)
}

func TestExperimentExampleByHeaderName(t *testing.T) {
	clearExperimentEnv(t)
	// The run header names the default study kalah-fairness: example takes that name.
	byName, stderr, code := cli(t, "", "experiment", "example", "kalah-fairness")
	require.Equal(t, 0, code, stderr)
	byFile, _, code := cli(t, "", "experiment", "example", "study-kalah-fairness")
	require.Equal(t, 0, code)
	assert.Equal(t, byFile, byName)
	list, _, _ := cli(t, "", "experiment", "example")
	assert.Contains(t, list, "    kalah-fairness: ", "the list shows the name the header prints")
	_, stderr, code = cli(t, "", "experiment", "example", "kalah-fairnes")
	assert.Equal(t, exitError, code)
	assert.Contains(t, stderr, `no example study "kalah-fairnes"`)
}

func TestExperimentRunHelpLegend(t *testing.T) {
	help, _, code := cli(t, "", "experiment", "run", "--help")
	require.Equal(t, 0, code)
	for _, want := range []string{"P(SEATS EQUAL): p-value of", "WINS BY SEAT:", "exit code 4", "--allow-failures", "--max-failures"} {
		assert.Contains(t, help, want)
	}
}
