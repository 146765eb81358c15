package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// tournamentArgs is a quick tournament on Kalah(3,3).
var tournamentArgs = []string{"tournament", "--set", "houses=3", "--set", "seeds=3", "--seed", "4",
	"--agents", "random,greedy", "--agents", "alphabeta:depth=3,tt=1", "--games", "20", "--progress", "none"}

func TestTournamentRunReportMerge(t *testing.T) {
	clearExperimentEnv(t)
	out := filepath.Join(t.TempDir(), "t")
	stdout, stderr, code := cli(t, "", append(tournamentArgs, "--out", out, "--workers", "2")...)
	require.Equal(t, 0, code, stderr)
	for _, want := range []string{"tournament on kalah houses=3 seeds=3: 3 cells, 20 games each, seed 4",
		"standings: 3 agents on kalah houses=3 seeds=3 (20 games per pairing, seats rotated)",
		"RANK  AGENT", "1     alphabeta:depth=3,tt=1", "win matrix", "random vs greedy"} {
		assert.Contains(t, stdout, want)
	}
	for _, f := range []string{"manifest.json", "trials.jsonl.zst", "report.html", "standings.csv", "pairings.csv", "standings.json"} {
		assert.FileExists(t, filepath.Join(out, f))
	}
	standings := stdout[strings.Index(stdout, "standings:"):strings.Index(stdout, "CELL")]

	// experiment report prints the standings again; --json carries them.
	again, stderr, code := cli(t, "", "experiment", "report", out)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, again, standings)
	js, stderr, code := cli(t, "", "--json", "experiment", "report", out)
	require.Equal(t, 0, code, stderr)
	var rep struct {
		Standings struct {
			Ranking []struct {
				Agent string
				Elo   float64
			}
		}
	}
	require.NoError(t, json.Unmarshal([]byte(js), &rep))
	require.Len(t, rep.Standings.Ranking, 3)
	assert.Equal(t, "alphabeta:depth=3,tt=1", rep.Standings.Ranking[0].Agent)

	// Two shards merged: the same standings.
	sharded := filepath.Join(t.TempDir(), "s")
	for _, sh := range []string{"0/2", "1/2"} {
		_, stderr, code = cli(t, "", append(tournamentArgs, "--out", sharded, "--shard", sh)...)
		require.Equal(t, 0, code, stderr)
		assert.Contains(t, stderr, "kalahlab experiment merge")
	}
	merged, stderr, code := cli(t, "", "experiment", "merge", filepath.Join(sharded, "shard-0-of-2"), filepath.Join(sharded, "shard-1-of-2"))
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, merged, standings)
	assert.FileExists(t, filepath.Join(sharded, "standings.csv"))

	// A finished directory is not played again; --resume without --agents takes the plan
	// from the manifest and has nothing left to play.
	_, stderr, code = cli(t, "", append(tournamentArgs, "--out", out)...)
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr, "add --resume to continue it, or --force to start again")
	resumed, stderr, code := cli(t, "", "tournament", "--out", out, "--resume", "--progress", "none")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stderr, "resuming tournament on kalah houses=3 seeds=3")
	assert.Contains(t, resumed, standings)

	// A game of the tournament replays.
	replay, stderr, code := cli(t, "", "replay", out, "--trial", "5")
	require.Equal(t, 0, code, stderr)
	assert.NotEmpty(t, replay)
}

func TestTournamentResumeRefusesAStudy(t *testing.T) {
	clearExperimentEnv(t)
	out := filepath.Join(t.TempDir(), "study")
	study := writeFile(t, "study.yaml", cliStudy)
	_, stderr, code := cli(t, "", "experiment", "run", study, "--out", out, "--progress", "none", "--games", "4")
	require.Equal(t, 0, code, stderr)
	_, stderr, code = cli(t, "", "tournament", "--out", out, "--resume")
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr, "holds a study, not a tournament")
}

func TestTournamentBadFlags(t *testing.T) {
	clearExperimentEnv(t)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--agents", "random"}, "1 given: a tournament needs at least two agents"},
		{nil, "0 given"},
		{[]string{"--agents", "random,deepblue"}, `agent "deepblue" unknown`},
		{[]string{"--agents", "tt=1,random"}, `option "tt=1" comes before any agent`},
		{[]string{"--agents", "random,,greedy"}, "an empty agent"},
		{[]string{"--agents", "random,greedy", "--games", "0"}, "--games 0"},
		{[]string{"--agents", "random,greedy", "--set", "houses=0"}, `param "houses"`},
		{[]string{"--agents", "random,greedy", "--format", "pdf"}, `format "pdf" unknown`},
		{[]string{"--agents", "random,greedy", "--resume"}, "--resume needs the output directory"},
		{[]string{"--agents", "random,greedy", "--shard", "1/2"}, "needs an output directory"},
		{[]string{"--variant", "ludo", "--agents", "random,greedy,mcts:iterations=10,alphabeta:depth=2"}, "agent alphabeta cannot play ludo"},
		{[]string{"--variant", "ludo", "--agents", "random,greedy"}, "give at least 4 agents"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			_, stderr, code := cli(t, "", append([]string{"tournament", "--progress", "none"}, tc.args...)...)
			assert.Equal(t, 1, code)
			assert.Contains(t, stderr, tc.want)
		})
	}
}

func TestSplitAgents(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"random", []string{"random"}},
		{"random,greedy,alphabeta:depth=4,mcts:iterations=2000", []string{"random", "greedy", "alphabeta:depth=4", "mcts:iterations=2000"}},
		{"alphabeta:depth=4,tt=1,greedy", []string{"alphabeta:depth=4,tt=1", "greedy"}},
		{" random , greedy ", []string{"random", "greedy"}},
	} {
		t.Run(tc.in, func(t *testing.T) {
			got, err := splitAgents(tc.in)
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}
}

func TestTournamentHelp(t *testing.T) {
	stdout, _, code := cli(t, "", "tournament", "--help")
	require.Equal(t, 0, code)
	assert.Contains(t, stdout, "kalahlab tournament --agents random,greedy,alphabeta:depth=4,mcts:iterations=2000")
	assert.Contains(t, stdout, "Bradley–Terry")
	root, _, _ := cli(t, "", "--help")
	assert.Contains(t, root, "tournament")
}

func TestTournamentLudoCLI(t *testing.T) {
	clearExperimentEnv(t)
	if testing.Short() {
		t.Skip("plays Ludo games")
	}
	stdout, stderr, code := cli(t, "", "tournament", "--variant", "ludo", "--agents", "random,greedy,random,greedy", "--games", "8", "--progress", "none")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, "8 games per meeting of 4 entrants; a game counts as its first place's wins over the others")
	assert.Contains(t, stdout, "random#2")
}

func FuzzSplitAgents(f *testing.F) {
	for _, s := range []string{"random,greedy", "alphabeta:depth=4,tt=1,greedy", "tt=1", ",", "a:b=c,d=e,f:g"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, list string) {
		got, err := splitAgents(list)
		if err != nil {
			return
		}
		var pieces []string
		for _, p := range strings.Split(list, ",") {
			pieces = append(pieces, strings.TrimSpace(p))
		}
		assert.Equal(t, strings.Join(pieces, ","), strings.Join(got, ","), "no piece lost or reordered")
		for _, a := range got {
			assert.NotEmpty(t, a)
			first, _, _ := strings.Cut(a, ",")
			assert.False(t, strings.Contains(first, "=") && !strings.Contains(first, ":"), "an agent starts with its name: %q", a)
		}
	})
}
