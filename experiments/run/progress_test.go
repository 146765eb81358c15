package run

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kalahlab/kalahlab/experiments/plan"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestProgressWhileSolving(t *testing.T) {
	p := &plan.Plan{Games: 10, CheckEvery: 10, Solve: "1s", Agents: []plan.AgentSpec{{Agent: "random"}},
		Cells: []plan.CellPlan{{Label: "a", Seats: 2}, {Label: "b x=2", Seats: 2}, {Label: "c", Seats: 2}}}
	accs := make([]*acc, len(p.Cells))
	for c := range accs {
		accs[c] = newAcc(p, c, Shard{})
	}
	var out bytes.Buffer
	prog := newProgress(Options{Progress: &out, LineEvery: 1}, p, accs)
	prog.update(true)
	assert.Contains(t, out.String(), "solving cell 1/3 (a)")
	assert.NotContains(t, out.String(), "games 0/", "no game count while only solving")
	out.Reset()
	accs[0].solution = &Solution{Unsolved: "outside the solver's domain"}
	prog.update(true)
	assert.Contains(t, out.String(), "solving cell 2/3 (b x=2)")
	out.Reset()
	accs[1].solution, accs[2].solution = &Solution{}, &Solution{}
	accs[0].add(&Record{Trial: 0, Index: 0, Seats: []int{0, 0}, Returns: []float64{1, -1}})
	prog.update(true)
	assert.NotContains(t, out.String(), "solving")
	assert.Contains(t, out.String(), "games 1/30")

	// Without solving, the display is the games' from the start.
	p.Solve = "0s"
	out.Reset()
	newProgress(Options{Progress: &out, LineEvery: 1}, p, accs).update(true)
	assert.NotContains(t, out.String(), "solving")
	assert.Contains(t, out.String(), "games 1/30")
}

func TestTrialLogMoveCodes(t *testing.T) {
	t.Setenv("KALAHLAB_MAX_FAILURES", "")
	s := study(t, "name: t\nvariants: [kalah]\nsweep: { houses: [3], seeds: [2] }\nagents: { agent: random }\ngames: 20\nsolve: 0\n")
	dir := t.TempDir()
	r, err := Run(context.Background(), s, Options{Workers: 2, Dir: dir, Trials: true, Log: LogPlain})
	require.NoError(t, err)
	want := statsBytes(t, dir)
	logPath := filepath.Join(dir, TrialsFile)
	data, err := os.ReadFile(logPath)
	require.NoError(t, err)
	assert.Contains(t, string(data), `"move_codes":[`)
	assert.NotContains(t, string(data), `"moves":`)

	// Each line reads back, through encoding/json, as what it was written from.
	rec, err := FindTrial(dir, 3)
	require.NoError(t, err)
	again := appendRecord(nil, rec)
	assert.Equal(t, lineWith(t, string(data), `{"trial":3,`)+"\n", string(again))
	_, steps, err := Replay(s, rec)
	require.NoError(t, err)
	require.NotEmpty(t, steps)
	// The codes are not the notation: Kalah's houses are numbered from 1.
	g, err := s.Variant(0).NewGame()
	require.NoError(t, err)
	assert.Equal(t, "1", g.NewState().MoveString(0))

	// A log written before the rename holds "moves": replay, --resume and merge read it.
	legacy := strings.ReplaceAll(string(data), `"move_codes":`, `"moves":`)
	require.NoError(t, os.WriteFile(logPath, []byte(legacy), 0o644))
	old, err := FindTrial(dir, 3)
	require.NoError(t, err)
	assert.Equal(t, rec.Moves, old.Moves)
	_, oldSteps, err := Replay(s, old)
	require.NoError(t, err)
	assert.Equal(t, len(steps), len(oldSteps))
	var both Record
	require.NoError(t, json.Unmarshal([]byte(`{"trial":1,"moves":[9],"move_codes":[1,2]}`), &both))
	assert.Equal(t, []int{1, 2}, both.Moves, "move_codes wins")

	// Resume from the legacy log: every trial is there, nothing is played again, and
	// the counts are the same.
	r2, err := Run(context.Background(), s, Options{Workers: 2, Dir: dir, Trials: true, Resume: true, Log: LogPlain})
	require.NoError(t, err)
	assert.Zero(t, r2.Manifest.TrialsRun)
	assert.Equal(t, string(want), string(statsBytes(t, dir)))
	assert.Equal(t, cellsJSON(t, r), cellsJSON(t, r2))
}

// TestLadderProgressCountsGames: the progress display counts the games being solved,
// not the cells (a ladder's rungs share one solve).
func TestLadderProgressCountsGames(t *testing.T) {
	s := study(t, ladderStudy)
	accs := make([]*acc, len(s.Plan.Cells))
	for c := range accs {
		accs[c] = newAcc(&s.Plan, c, Shard{})
	}
	var out bytes.Buffer
	prog := newProgress(Options{Progress: &out, LineEvery: 1}, &s.Plan, accs)
	prog.update(true)
	assert.Contains(t, out.String(), "solving cell 1/2 (kalah houses=4 seeds=3 @ random)")
	out.Reset()
	accs[0].solution, accs[1].solution = &Solution{}, &Solution{}
	prog.update(true)
	assert.Contains(t, out.String(), "solving cell 2/2 (kalah/pie houses=4 seeds=3 @ random)")
}

// TestFirstTrials: the links keep the lowest-numbered trials, in order, whatever order
// they come in.
func TestFirstTrials(t *testing.T) {
	for _, tc := range []struct{ in, want []int }{
		{[]int{5}, []int{5}},
		{[]int{5, 3}, []int{3, 5}},
		{[]int{9, 8, 7, 6, 5}, []int{5, 6, 7}},
		{[]int{1, 2, 3, 4, 0}, []int{0, 1, 2}},
		{[]int{4, 1, 9, 2, 8}, []int{1, 2, 4}},
	} {
		var got []int
		for _, x := range tc.in {
			got = firstTrials(got, x)
		}
		assert.Equal(t, tc.want, got, "%v", tc.in)
	}
}

// ladderStudy is a small skill ladder on Kalah(4,3), which the solver proves a win by
// 8 for the first player in a blink. Greedy agents on both seats lose it for the first
// seat in about seven games of ten: the strongest rung contradicts perfect play.
const ladderStudy = `
name: ladder
variants: [kalah, kalah/pie]
sweep: { houses: [4], seeds: [3] }
ladder:
  - { agent: random }
  - { agent: greedy }
games: 120
epsilon: 0.1
seed: 5
solve: 30s
`

// lineWith returns the first line of text containing sub.
func lineWith(t *testing.T, text, sub string) string {
	t.Helper()
	for _, l := range strings.Split(text, "\n") {
		if strings.Contains(l, sub) {
			return l
		}
	}
	t.Fatalf("no line with %q in\n%s", sub, text)
	return ""
}
