package report

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/kalahlab/kalahlab/experiments/plan"
	"github.com/kalahlab/kalahlab/experiments/run"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// kalahFlowStudy plays Kalah between a greedy agent (no evaluations of its own) and
// alpha-beta (its search value), with random openings, epsilon moves and the stopping
// rule (per-block counts in shards).
const kalahFlowStudy = `
name: flow-kalah
variants: [kalah, kalah/pie]
sweep: { houses: [3, 4], seeds: [3] }
agents:
  - { agent: greedy }
  - { agent: alphabeta, depth: 2, tt: 1 }
games: 80
target_ci: 0.15
check_every: 20
random_opening: 1
epsilon: 0.1
seed: 9
solve: 0
record: evaluations
`

// ludoFlowStudy plays Ludo with dice between greedy and MCTS (a mean return), on two
// seats (evaluations recorded) and four (none: one number cannot say who leads).
const ludoFlowStudy = `
name: flow-ludo
variants:
  - { variant: ludo, label: ludo2, params: { players: 2 } }
  - { variant: ludo, label: ludo4, params: { players: 4 } }
agents:
  - { agent: greedy }
  - { agent: mcts, iterations: 20 }
games: 12
seed: 3
solve: 0
record: [evaluations]
`

func TestFlowDeterministicAndMerged(t *testing.T) {
	for _, tc := range []struct {
		name      string
		text      string
		flowCells int
		sources   string // the letters EvalFrom must hold somewhere
	}{
		{"kalah", kalahFlowStudy, 4, "er"},
		{"ludo", ludoFlowStudy, 1, "er"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			s := study(t, tc.text)
			require.Equal(t, []string{plan.RecordEvaluations}, s.Plan.Record)
			whole := t.TempDir()
			one, err := run.Run(ctx, s, run.Options{Workers: 1, Dir: whole, Trials: true, Chunk: 3})
			require.NoError(t, err)
			two, err := run.Run(ctx, s, run.Options{Workers: 2})
			require.NoError(t, err)
			assert.Equal(t, cellsJSON(t, one), cellsJSON(t, two), "1 and 2 workers")

			out := t.TempDir()
			runShards(t, s, out, 2)
			merged, err := mergeAll(out)
			require.NoError(t, err)
			assert.Equal(t, string(statsBytes(t, whole)), string(statsBytes(t, out)), "2 shards merged")
			assert.Equal(t, cellsJSON(t, one), cellsJSON(t, merged))

			rep := Summarize(one)
			flows := 0
			for _, c := range rep.Cells {
				if c.Seats != 2 {
					assert.Nil(t, c.Flow, "%s: no flow metrics for %d seats", c.Label, c.Seats)
					assert.True(t, math.IsNaN(c.Metrics["drama"].Value))
					continue
				}
				require.NotNil(t, c.Flow, c.Label)
				flows++
				assert.Equal(t, c.Games, c.Flow.LeadChanges.N, "%s: lead changes of every game", c.Label)
				assert.LessOrEqual(t, c.Flow.Decisiveness.N, c.Games)
				for _, name := range []string{"lead_changes", "decisiveness", "drama"} {
					e := c.Metrics[name]
					assert.False(t, math.IsNaN(e.Value), "%s %s", c.Label, name)
					assert.GreaterOrEqual(t, e.Value, 0.0)
				}
				assert.LessOrEqual(t, c.Metrics["decisiveness"].Value, 1.0)
				assert.LessOrEqual(t, c.Metrics["drama"].Value, 1.0)
			}
			assert.Equal(t, tc.flowCells, flows)

			// The trial log holds one evaluation per ply, its sources, and a last value
			// that agrees with the result.
			seen := map[rune]bool{}
			checked := 0
			require.NoError(t, run.ReadTrials(whole, func(r *run.Record) error {
				if s.Plan.Cells[r.Cell].Seats != 2 {
					assert.Empty(t, r.Evals)
					assert.Empty(t, r.EvalFrom)
					return nil
				}
				require.Len(t, r.Evals, r.Plies, "trial %d", r.Trial)
				require.Len(t, r.EvalFrom, r.Plies, "trial %d", r.Trial)
				for i, c := range r.EvalFrom {
					require.Contains(t, "aesrn", string(c))
					seen[c] = true
					// One evaluator a game: every ply but a finished game's last has
					// the first ply's source.
					if i < len(r.EvalFrom)-1 || c != 'r' /* the result (run.evalResult) */ {
						require.Equal(t, string(r.EvalFrom[0]), string(c), "trial %d: %s", r.Trial, r.EvalFrom)
					}
				}
				for _, e := range r.Evals {
					require.LessOrEqual(t, e, 1000)
					require.GreaterOrEqual(t, e, -1000)
				}
				if r.Error == "" && !r.TimedOut && r.Plies > 0 {
					last := r.Evals[r.Plies-1]
					switch {
					case r.Returns[0] > r.Returns[1]:
						assert.Equal(t, 1000, last, "trial %d (%c)", r.Trial, r.EvalFrom[r.Plies-1])
					case r.Returns[0] < r.Returns[1]:
						assert.Equal(t, -1000, last, "trial %d (%c)", r.Trial, r.EvalFrom[r.Plies-1])
					default:
						assert.Zero(t, last, "trial %d", r.Trial)
					}
					checked++
				}
				return nil
			}))
			assert.Positive(t, checked)
			for _, c := range tc.sources {
				assert.True(t, seen[c], "some evaluation from %c", c)
			}
		})
	}
}

func TestFlowReports(t *testing.T) {
	ctx := context.Background()
	base := "name: rep\nvariants: [kalah]\nsweep: { houses: [3] }\nagents: [{ agent: random }, { agent: negamax, depth: 2 }]\ngames: 30\nsolve: 0\n"
	for _, recorded := range []bool{false, true} {
		text := base
		if recorded {
			text += "record: evaluations\n"
		}
		r, err := run.Run(ctx, study(t, text), run.Options{Workers: 2})
		require.NoError(t, err)
		rep := Summarize(r)
		var table, csvOut, jsonOut, page bytes.Buffer
		require.NoError(t, WriteTable(&table, rep))
		require.NoError(t, writeCSV(&csvOut, rep))
		require.NoError(t, Render(&jsonOut, rep, "json"))
		require.NoError(t, WriteHTML(&page, rep))
		rows, err := csv.NewReader(&csvOut).ReadAll()
		require.NoError(t, err)
		col := map[string]int{}
		for i, name := range rows[0] {
			col[name] = i
		}
		for _, row := range rows[1:] {
			assert.Len(t, row, len(rows[0]))
		}
		if !recorded {
			assert.NotContains(t, table.String(), "game flow")
			assert.NotContains(t, col, "lead_changes")
			assert.NotContains(t, jsonOut.String(), `"flow"`)
			assert.NotContains(t, page.String(), "Game flow")
			assert.NotContains(t, page.String(), "<code>drama</code>")
			continue
		}
		assert.Contains(t, table.String(), "game flow (record: evaluations)")
		assert.Contains(t, table.String(), "LEAD CHANGES")
		for _, name := range []string{"lead_changes", "lead_changes_lo", "decisiveness_hi", "drama"} {
			require.Contains(t, col, name)
		}
		assert.NotEmpty(t, rows[1][col["decisiveness"]])
		var back struct{ Cells []struct{ Flow *FlowSummary } }
		require.NoError(t, json.Unmarshal(jsonOut.Bytes(), &back))
		require.NotNil(t, back.Cells[0].Flow)
		assert.Equal(t, int64(30), back.Cells[0].Flow.LeadChanges.N)
		for _, want := range []string{`<h2 id="flow">Game flow</h2>`, "<code>lead_changes</code>", "<code>decisiveness</code>", "<code>drama</code>"} {
			assert.Contains(t, page.String(), want)
		}
	}
}

// TestFlowBlankForFailingCell: a failing cell (more failed trials than max_failures)
// gets no game-flow metrics, like its balance metrics: empty in the table's flow rows,
// the CSV and JSON; the healthy cell keeps them.
func TestFlowBlankForFailingCell(t *testing.T) {
	r := fakeResult(t, "0", issueCells()...)
	for _, c := range r.Cells {
		c.Stats.LeadChanges = run.Hist{0: 4, 1000: 4, 2000: 4} // lead changes in thousandths
		c.Stats.Decisiveness = run.Hist{500: 6, 1000: 6}
		c.Stats.Drama = run.Hist{0: 6, 200: 6}
	}
	rep := Summarize(r)
	base, buggy := rep.Cells[0], rep.Cells[1]
	require.True(t, buggy.Failing)
	require.NotNil(t, buggy.Flow, "the counts stay for a post-mortem")
	for _, m := range []string{"lead_changes", "decisiveness", "drama"} {
		assert.True(t, math.IsNaN(buggy.Metrics[m].Value), "%s of a failing cell: %v", m, buggy.Metrics[m])
		assert.False(t, math.IsNaN(base.Metrics[m].Value), "%s of the healthy cell", m)
	}

	var table, csvOut, jsonOut bytes.Buffer
	require.NoError(t, WriteTable(&table, rep))
	require.NoError(t, writeCSV(&csvOut, rep))
	require.NoError(t, Render(&jsonOut, rep, "json"))
	var flowRow string
	for line := range strings.Lines(table.String()) {
		if strings.HasPrefix(line, "  buggy ") {
			flowRow = line
		}
	}
	require.NotEmpty(t, flowRow, "the failing cell's flow row:\n%s", table.String())
	assert.Equal(t, []string{"buggy", "-", "12", "-", "-"}, strings.Fields(flowRow))

	rows, err := csv.NewReader(&csvOut).ReadAll()
	require.NoError(t, err)
	col := map[string]int{}
	for i, name := range rows[0] {
		col[name] = i
	}
	for _, name := range []string{"lead_changes", "lead_changes_lo", "decisiveness", "drama_hi"} {
		require.Contains(t, col, name)
		assert.Empty(t, rows[2][col[name]], "%s of the failing cell", name)
		assert.NotEmpty(t, rows[1][col[name]], "%s of the healthy cell", name)
	}
	var back struct {
		Cells []struct {
			Metrics map[string]struct{ Value *float64 }
		}
	}
	require.NoError(t, json.Unmarshal(jsonOut.Bytes(), &back))
	assert.Nil(t, back.Cells[1].Metrics["drama"].Value, "null in JSON")
	assert.NotNil(t, back.Cells[0].Metrics["drama"].Value)
}

func TestFlowStatsMergeExactly(t *testing.T) {
	recs := []run.Record{
		{Plies: 4, Returns: []float64{1, -1}, Evals: []int{-100, 50, 200, 1000}},
		{Plies: 3, Returns: []float64{-1, 1}, Evals: []int{300, -20, -1000}},
		{Plies: 3, Returns: []float64{0, 0}, Evals: []int{300, -20, 0}},                    // a draw: lead changes only
		{Plies: 3, Returns: []float64{0, 0}, TimedOut: true, Evals: []int{1, -1, 1}},       // a timeout: the same
		{Plies: 2, Returns: []float64{1, -1}},                                              // no evaluations
		{Plies: 2, Returns: []float64{1, -1}, Evals: []int{5}},                             // not one per ply: ignored
		{Plies: 2, Returns: []float64{0, 0}, Error: "boom", Evals: []int{5, 5}},            // failed: not counted
		{Plies: 5, Returns: []float64{1, -1}, Evals: []int{-3, -3, -3, -3, 1}, Seats: nil}, // drama 3/1000
	}
	whole := run.NewStats(2, 1)
	for i := range recs {
		whole.Add(&recs[i])
	}
	assert.Equal(t, run.Hist{1: 4, 2: 1}, whole.LeadChanges, "lead changes of the five games kept")
	assert.Equal(t, run.Hist{0.75: 1, 0.667: 1, 0.2: 1}, whole.Decisiveness)
	assert.Equal(t, run.Hist{0.1: 1, 0.3: 1, 0.003: 1}, whole.Drama)

	// Any split and order merges to the same counts.
	a, b := run.NewStats(2, 1), run.NewStats(2, 1)
	for i := len(recs) - 1; i >= 0; i-- {
		if i%2 == 0 {
			a.Add(&recs[i])
		} else {
			b.Add(&recs[i])
		}
	}
	b.Merge(a)
	assert.Equal(t, whole.LeadChanges, b.LeadChanges)
	assert.Equal(t, whole.Decisiveness, b.Decisiveness)
	assert.Equal(t, whole.Drama, b.Drama)

	// Through JSON and back.
	data, err := json.Marshal(whole)
	require.NoError(t, err)
	var back run.Stats
	require.NoError(t, json.Unmarshal(data, &back))
	assert.Equal(t, whole.Drama, back.Drama)
	c := run.NewStats(2, 1)
	c.Merge(&back)
	assert.Equal(t, whole.Decisiveness, c.Decisiveness)

	// Without evaluations the stats say nothing of them, in JSON too.
	plain := run.NewStats(2, 1)
	plain.Add(&recs[4])
	assert.Nil(t, plain.LeadChanges)
	data, err = json.Marshal(plain)
	require.NoError(t, err)
	assert.NotContains(t, string(data), "lead_changes")
	assert.Nil(t, flowOf(plain))
}
