package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestExperimentSolveBudget: a study's solve (or --solve) is a node count, which the
// same cells meet on every machine, or a time, which gets a warning that the results
// may differ from run to run; a bad one is an error naming what is allowed.
func TestExperimentSolveBudget(t *testing.T) {
	clearExperimentEnv(t)
	const study = "name: budget\nvariants: [{ variant: kalah, params: { houses: 3, seeds: 2 } }]\nagents: { agent: random }\ngames: 6\n"
	tests := []struct {
		name     string
		file     string
		args     []string
		warn     bool
		solved   bool
		errCode  int
		errWants string
	}{
		{name: "nodes in the file", file: study + "solve: 2M nodes\n", solved: true},
		{name: "the default", file: study, solved: true},
		{name: "nodes by flag", file: study + "solve: 20s\n", args: []string{"--solve", "2M nodes"}, solved: true},
		{name: "too few nodes", file: strings.Replace(study, "houses: 3, seeds: 2", "seeds: 3", 1) + "solve: 5 nodes\n"},
		{name: "time in the file", file: study + "solve: 20s\n", warn: true, solved: true},
		{name: "time by flag", file: study + "solve: 2M nodes\n", args: []string{"--solve", "30s"}, warn: true, solved: true},
		{name: "off by flag", file: study + "solve: 20s\n", args: []string{"--solve", "0"}},
		{name: "bad flag", file: study, args: []string{"--solve", "lots"}, errCode: 1,
			errWants: `solve: "lots" is neither a node count nor a duration, want a node count such as 50M nodes`},
		{name: "bad file", file: study + "solve: 5000\n", errCode: 1,
			errWants: `study.yaml:5: solve: "5000" has no unit`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := writeFile(t, "study.yaml", tc.file)
			args := append([]string{"experiment", "run", path, "--progress", "none"}, tc.args...)
			stdout, stderr, code := cli(t, "", args...)
			if tc.errCode != 0 {
				assert.Equal(t, tc.errCode, code)
				assert.Contains(t, stderr, tc.errWants)
				return
			}
			require.Equal(t, 0, code, stderr)
			if tc.warn {
				assert.Contains(t, stderr, "kalahlab: warning: solve: ")
				assert.Contains(t, stderr, "is a time budget: which cells get a perfect-play value depends on the machine and its load")
			} else {
				assert.NotContains(t, stderr, "warning")
			}
			if tc.solved {
				assert.Regexp(t, `(win|draw|loss)( [+-]\d+)?\n`, stdout, "the perfect-play column")
			} else {
				assert.NotRegexp(t, `(win|draw|loss)( [+-]\d+)?\n`, stdout)
			}
		})
	}
}

// TestSolveNodesFlag: kalahlab solve --nodes gives up after about that many nodes,
// the same way every run with one thread.
func TestSolveNodesFlag(t *testing.T) {
	_, errOut, code := cli(t, "", "solve", "--set", "seeds=3", "--threads", "1", "--tt", "16", "--nodes", "10000")
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "gave up after")
	assert.Contains(t, errOut, "(budget 10000 nodes)")
	_, errOut2, _ := cli(t, "", "solve", "--set", "seeds=3", "--threads", "1", "--tt", "16", "--nodes", "10000")
	assert.Equal(t, errOut, errOut2, "the same node every run")

	out, errOut, code := cli(t, "", "solve", "--set", "houses=3", "--set", "seeds=2", "--threads", "1", "--nodes", "1000000", "--json")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, `"result":"win"`)

	_, errOut, code = cli(t, "", "solve", "--nodes", "-1")
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "--nodes: want 0 (no limit) or more, got -1")
}
