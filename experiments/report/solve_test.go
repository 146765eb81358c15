package report

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/kalahlab/kalahlab/experiments/run"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestFailingSolveShowsNoPerfectPlay: a solve stopped by a hook error gives the cell no
// perfect-play value (a broken script once came out as "loss -1073741824"): the error
// is in stats.json and in the table's notes.
func TestFailingSolveShowsNoPerfectPlay(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "leaky.lua")
	require.NoError(t, os.WriteFile(script, []byte(`return variant {
  extends = "kalah",
  hooks = {
    capture = function(b, last)
      b:add(b:store(b:mover()), 1)
    end,
  },
}
`), 0o644))
	s := study(t, "variants: ["+script+"]\nsweep: { houses: [3], seeds: [2] }\nagents: { agent: random }\ngames: 10\nsolve: 5s\n")
	out := t.TempDir()
	r, err := run.Run(context.Background(), s, run.Options{Workers: 1, Dir: out})
	require.NoError(t, err)
	sol := r.Cells[0].Solution
	require.NotNil(t, sol)
	assert.True(t, sol.Failed)
	assert.Contains(t, sol.Unsolved, "leaky.lua:4: capture: seeds not conserved")
	assert.NotContains(t, sol.Unsolved, "not solved within")

	var stats struct {
		Cells []struct {
			Solution *run.Solution `json:"solution"`
		} `json:"cells"`
	}
	require.NoError(t, json.Unmarshal(statsBytes(t, out), &stats))
	require.Len(t, stats.Cells, 1)
	require.NotNil(t, stats.Cells[0].Solution)
	assert.Equal(t, *sol, *stats.Cells[0].Solution)

	var table bytes.Buffer
	require.NoError(t, WriteTable(&table, Summarize(r)))
	assert.NotContains(t, table.String(), "-1073741824")
	assert.NotContains(t, table.String(), "draw 0")
	assert.Contains(t, table.String(), "no perfect-play value: solve: game stopped by an error")
	assert.Contains(t, table.String(), "leaky.lua:4: capture")
}

// TestSolveTimeLimitIsNotAFailure: running out of the solve time is "not solved", not
// a failure.
func TestSolveTimeLimitIsNotAFailure(t *testing.T) {
	s := study(t, "variants: [tictactoe]\nsweep: { rows: [5], cols: [5], k: [4] }\nagents: { agent: random }\ngames: 4\nsolve: 1ms\n")
	r, err := run.Run(context.Background(), s, run.Options{Workers: 1})
	require.NoError(t, err)
	sol := r.Cells[0].Solution
	require.NotNil(t, sol)
	assert.False(t, sol.Failed)
	assert.Equal(t, "not solved within 1ms", sol.Unsolved)
	assert.Contains(t, sol.Hint, "a bigger solve budget than 1ms, or kalahlab solve --variant tictactoe")
}

// TestSolveNodeBudget: a node budget decides which cells solve the same way on every
// run (the solver runs on one thread): a board too big for it is "not solved within"
// the budget, not a failure, and a small one is solved, each time.
func TestSolveNodeBudget(t *testing.T) {
	text := "variants: [tictactoe]\nsweep: { rows: [5], cols: [5], k: [4] }\nagents: { agent: random }\ngames: 4\nsolve: 20k nodes\n"
	small := "variants: [{ variant: kalah, params: { houses: 3, seeds: 2 } }]\nagents: { agent: random }\ngames: 4\nsolve: 20k nodes\n"
	for range 2 {
		r, err := run.Run(context.Background(), study(t, text), run.Options{Workers: 1})
		require.NoError(t, err)
		sol := r.Cells[0].Solution
		require.NotNil(t, sol)
		assert.False(t, sol.Failed)
		assert.Equal(t, "not solved within 20k nodes", sol.Unsolved)
		assert.Equal(t, "a bigger solve budget (solve: 200k nodes), or kalahlab solve --variant tictactoe --set cols=5 --set k=4 --set rows=5 (every core, the endgame database, no budget)", sol.Hint)

		r, err = run.Run(context.Background(), study(t, small), run.Options{Workers: 1})
		require.NoError(t, err)
		sol = r.Cells[0].Solution
		require.NotNil(t, sol)
		assert.Empty(t, sol.Unsolved)
		assert.NotEmpty(t, sol.Result)
	}
}
