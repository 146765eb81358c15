package run

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/kalahlab/kalahlab/experiments/plan"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// slowScript is a variant whose extra_turn hook (called after every move) runs a
// loop, long enough for the interruption check of the Lua code to run in each call.
// Its top level runs a loop too, so that loading it can be interrupted.
const slowScript = `
local warm = 0
for i = 1, 5000 do warm = warm + i end
return variant {
  name = "slow",
  extends = "kalah",
  params = { houses = 4, seeds = 3 },
  hooks = {
    extra_turn = function(b, last)
      local n = 0
      for i = 1, 3000 do n = n + i end
      return last == b:store(b:mover())
    end,
  },
}
`

func slowStudy(t *testing.T, games int) *plan.Study {
	t.Helper()
	path := filepath.Join(t.TempDir(), "slow.lua")
	require.NoError(t, os.WriteFile(path, []byte(slowScript), 0o644))
	return study(t, "variants: ["+path+"]\nagents: { agent: random }\ngames: "+itoa(games)+"\nsolve: 0\n")
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// TestInterruptedHookStopsTheTrial: once the run's context is done, the game's Lua
// code stops at its next check (the game was built with the context), so the trial
// ends at once, and it is not a result (not a failed trial): errStopped, which the
// runner leaves out of the log. Before, the game played on to its end with the hook.
func TestInterruptedHookStopsTheTrial(t *testing.T) {
	s := slowStudy(t, 10)

	ctx, cancel := context.WithCancel(context.Background())
	p := newPlayer(ctx, s, true)
	_, err := p.runner(0) // the game is built while the run goes on
	require.NoError(t, err)
	cancel()
	var rec Record
	require.ErrorIs(t, p.play(0, 0, &rec), errStopped)
	assert.LessOrEqual(t, rec.Plies, 1, "the hook of the first move stopped the game")

	// Cancelled before the game is built: loading the script is interrupted, which is
	// not a failed trial either.
	ctx, cancel = context.WithCancel(context.Background())
	cancel()
	p = newPlayer(ctx, s, true)
	rec = Record{}
	require.ErrorIs(t, p.play(0, 1, &rec), errStopped)
	assert.Empty(t, rec.Error)
}

// TestInterruptedRunResumes: a run of the slow variant interrupted mid-way logs no
// failed trial, and --resume completes it with every trial counted and none failed.
func TestInterruptedRunResumes(t *testing.T) {
	s := slowStudy(t, 60)
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	_, err := Run(ctx, s, Options{Workers: 2, Dir: dir, Trials: true, Log: LogPlain, Chunk: 5, Progress: &cancelAfter{n: 3, cancel: cancel}, LineEvery: 1})
	cancel()
	require.ErrorIs(t, err, ErrInterrupted)
	f, err := os.Open(filepath.Join(dir, TrialsFile))
	require.NoError(t, err)
	logged := 0
	for sc := bufio.NewScanner(f); sc.Scan(); {
		var rec Record
		require.NoError(t, json.Unmarshal(sc.Bytes(), &rec))
		assert.Empty(t, rec.Error, "trial %d: an interrupted trial is not a failed one", rec.Trial)
		logged++
	}
	require.NoError(t, f.Close())
	t.Logf("%d trials logged before the interruption", logged)
	assert.Less(t, logged, 60, "the run was interrupted")

	r, err := Run(context.Background(), s, Options{Workers: 2, Dir: dir, Trials: true, Resume: true})
	require.NoError(t, err)
	st := r.Cells[0].Stats
	assert.Equal(t, int64(60), st.Trials)
	assert.Zero(t, st.Failed)
}
