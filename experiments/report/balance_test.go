package report

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kalahlab/kalahlab/experiments/plan"
	"github.com/kalahlab/kalahlab/experiments/run"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/config"
	"github.com/kalahlab/kalahlab/experiments/stats"
)

// fakeCell is a cell's counts, for summaries built without playing.
type fakeCell struct {
	label, variant string
	seats          []run.WDL
	trials, failed int64
	errors         map[string]int64
}

// fakeResult is a finished run of the cells (one agent, 200 games per cell).
func fakeResult(t *testing.T, limit string, cells ...fakeCell) *run.Result {
	t.Helper()
	lim, err := config.ParseFailureLimit(limit)
	require.NoError(t, err)
	r := &run.Result{Manifest: run.Manifest{Version: "test", Date: "2026-01-01T00:00:00Z", Complete: true, Plan: plan.Plan{
		Name: "fake", Games: 200, CheckEvery: 100, MaxPlies: 100, Seed: 1, Solve: "0s",
		Agents: []plan.AgentSpec{{Agent: "random"}}, MaxFailures: lim,
	}}}
	for i, c := range cells {
		r.Manifest.Plan.Cells = append(r.Manifest.Plan.Cells, plan.CellPlan{Label: c.label, Variant: c.variant, Name: c.variant, Seats: len(c.seats)})
		st := run.NewStats(len(c.seats), 1)
		st.Trials, st.Failed = c.trials, c.failed
		for k, v := range c.errors {
			st.Errors[k] = v
		}
		copy(st.Seats, c.seats)
		var n int64
		for _, w := range c.seats {
			st.Agents[0].Add(w)
			n = w.Games()
		}
		st.Plies[40] = n
		r.Cells = append(r.Cells, &run.CellResult{Stats: st})
		require.Equal(t, c.trials-c.failed, n, "cell %d: the seats' games are the trials that did not fail", i)
	}
	return r
}

// The issue's case: a Lua variant whose hook fails in 188 of 200 games, against the
// baseline. The 12 games left split evenly, which used to give BALANCE 1.000, a
// comparison and exit 0.
func issueCells() []fakeCell {
	return []fakeCell{
		{label: "kalah", variant: "kalah", seats: []run.WDL{{Wins: 110, Draws: 10, Losses: 80}, {Wins: 80, Draws: 10, Losses: 110}}, trials: 200},
		{label: "buggy", variant: "buggy.lua", seats: []run.WDL{{Wins: 6, Losses: 6}, {Wins: 6, Losses: 6}}, trials: 200, failed: 188,
			errors: map[string]int64{"buggy.lua:12: capture: attempt to index a nil value": 150, "buggy.lua:30: sow: boom": 38}},
	}
}

func TestFailingCellGetsNoBalance(t *testing.T) {
	rep := Summarize(fakeResult(t, "0", issueCells()...))
	base, buggy := rep.Cells[0], rep.Cells[1]
	assert.False(t, base.Failing)
	require.True(t, buggy.Failing, "188 failed trials with max_failures 0")
	assert.Equal(t, []*CellSummary{buggy}, rep.FailingCells())
	for _, m := range []string{"balance", "first_seat_advantage", "seats_equal_p", "first_seat_win_rate"} {
		assert.True(t, math.IsNaN(buggy.Metrics[m].Value), "%s of a failing cell: %v", m, buggy.Metrics[m])
		assert.False(t, math.IsNaN(base.Metrics[m].Value), "%s of the baseline", m)
	}
	assert.InDelta(t, 0.94, buggy.Metrics["failures"].Value, 1e-12, "the failure share is still reported")
	assert.Equal(t, "none", buggy.SeatsEqual.Method)
	assert.Empty(t, rep.Comparisons, "a failing cell is compared with nothing")
	assert.Equal(t, "0", rep.Header.MaxFailures)

	var table bytes.Buffer
	require.NoError(t, WriteTable(&table, rep))
	text := table.String()
	assert.Contains(t, text, "FAILED")
	row := rowOf(t, text, "buggy")
	assert.Contains(t, row, "188 (94.0%) !")
	assert.NotContains(t, row, "1.000", "no balance from the 12 games that missed the bug")
	assert.Equal(t, 1, strings.Count(row, "%"), "no rates besides the failure share: %s", row)
	assert.Contains(t, text, "! failing: more failed trials than max_failures (0) allows")
	assert.Contains(t, text, "buggy: 188 of 200 trials failed (not counted); FAILING, more than max_failures 0 allows: 150× buggy.lua:12: capture: attempt to index a nil value; 38× buggy.lua:30: sow: boom",
		"the per-error summary stays")
	assert.NotContains(t, text, "against the baseline")

	// CSV and JSON mark it; HTML too.
	rows := csvRows(t, rep)
	assert.Equal(t, "true", rows[2]["failing"])
	assert.Equal(t, "false", rows[1]["failing"])
	assert.Equal(t, "", rows[2]["balance"])
	assert.Equal(t, "", rows[2]["seats_equal_p"])
	var js struct {
		Header struct {
			MaxFailures string `json:"max_failures"`
		} `json:"header"`
		Cells []map[string]any `json:"cells"`
	}
	var buf bytes.Buffer
	require.NoError(t, Render(&buf, rep, "json"))
	require.NoError(t, json.Unmarshal(buf.Bytes(), &js))
	assert.Equal(t, "0", js.Header.MaxFailures)
	assert.Equal(t, true, js.Cells[1]["failing"])
	assert.Equal(t, false, js.Cells[0]["failing"])
	assert.Nil(t, js.Cells[1]["seats_equal_p"])
	assert.Nil(t, js.Cells[1]["metrics"].(map[string]any)["balance"].(map[string]any)["value"])
	var page bytes.Buffer
	require.NoError(t, WriteHTML(&page, rep))
	assert.Contains(t, page.String(), `<tr class="failing">`)
	assert.Contains(t, page.String(), `188 (94.0%) ! <b>failing</b>`)
	assert.Equal(t, 1, strings.Count(page.String(), `<tr class="failing">`))
	assert.Contains(t, page.String(), "failing: no rate", "the win-rate chart draws no rate for it")
}

func TestFailureLimitAllowsSome(t *testing.T) {
	for _, tc := range []struct {
		limit   string
		failing bool
	}{
		{"188", false}, {"187", true}, {"94%", false}, {"93.9%", true}, {"100%", false},
	} {
		rep := Summarize(fakeResult(t, tc.limit, issueCells()...))
		assert.Equal(t, tc.failing, rep.Cells[1].Failing, tc.limit)
		assert.Equal(t, tc.failing, len(rep.Comparisons) == 0, "%s: compared unless failing", tc.limit)
		if !tc.failing {
			assert.InDelta(t, 1, rep.Cells[1].Metrics["balance"].Value, 1e-12, "allowed: summarised as before")
			var table bytes.Buffer
			require.NoError(t, WriteTable(&table, rep))
			row := rowOf(t, table.String(), "buggy")
			assert.Contains(t, row, "188 (94.0%)", tc.limit)
			assert.NotContains(t, row, "!", tc.limit)
		}
	}
	// A cell without failures is never failing, and prints 0.
	rep := Summarize(fakeResult(t, "0", issueCells()[0]))
	var table bytes.Buffer
	require.NoError(t, WriteTable(&table, rep))
	assert.Regexp(t, `(?m)^kalah\s+200\s+0\s+55\.0%`, table.String())
	assert.NotContains(t, table.String(), "! failing")
}

// The issue's 4-player Ludo cell: 25.9 / 25.8 / 24.0 / 24.3% of 10,000 games. The old
// P(FAIR) compared seats 1 and 2 only (0.90 here); the n-seat test finds the difference.
func TestSeatsEqualInSummary(t *testing.T) {
	ludo := fakeCell{label: "ludo", variant: "ludo", trials: 10000, seats: []run.WDL{
		{Wins: 2590, Losses: 7410}, {Wins: 2580, Losses: 7420}, {Wins: 2400, Losses: 7600}, {Wins: 2430, Losses: 7570}}}
	rep := Summarize(fakeResult(t, "0", ludo))
	c := rep.Cells[0]
	assert.Greater(t, stats.SignTest(2590, 2580), 0.5, "the first two seats alone look equal")
	assert.Equal(t, "chi-square", c.SeatsEqual.Method)
	assert.Equal(t, 3, c.SeatsEqual.DF)
	// Independently: X² = (90² + 80² + 100² + 70²) / 2500 = 11.76 on 3 degrees of
	// freedom, whose upper tail has a closed form (see chi3Survival).
	assert.InDelta(t, 11.76, c.SeatsEqual.Stat, 1e-9)
	assert.InDelta(t, chi3Survival(11.76), c.SeatsEqual.P, 1e-12)
	assert.InDelta(t, 0.00825, c.SeatsEqual.P, 5e-6, "the value the README quotes")
	assert.Equal(t, c.SeatsEqual.P, c.Metrics["seats_equal_p"].Value)
	_, old := c.Metrics["fairness_p"]
	assert.False(t, old, "the metric is renamed")

	var table bytes.Buffer
	require.NoError(t, WriteTable(&table, rep))
	text := table.String()
	assert.Contains(t, text, "P(SEATS EQUAL)")
	assert.NotContains(t, text, "P(FAIR)")
	// Every seat's rate, and the widest Wilson half-interval (seat 1's: 0.87 points up).
	assert.Contains(t, rowOf(t, text, "ludo"), "25.9 25.8 24.0 24.3 ±0.9")
	assert.Contains(t, text, seatsEqualLegend(rep.Family))
	assert.Contains(t, text, "adjusted by Holm over the report's 1 test (1 seat test, 0 balance comparisons)")
	assert.Contains(t, text, SeatWinsLegend)

	rows := csvRows(t, rep)
	assert.Equal(t, "chi-square", rows[1]["seats_equal_method"])
	assert.Equal(t, "3", rows[1]["seats_equal_df"])
	assert.NotContains(t, rows[0], "fairness_p")
	var js struct {
		Cells []struct {
			P      float64 `json:"seats_equal_p"`
			Method string  `json:"seats_equal_method"`
			Stat   float64 `json:"seats_equal_stat"`
			DF     int     `json:"seats_equal_df"`
			BySeat []struct {
				Win Estimate `json:"win_rate"`
			} `json:"by_seat"`
		} `json:"cells"`
	}
	var buf bytes.Buffer
	require.NoError(t, Render(&buf, rep, "json"))
	require.NoError(t, json.Unmarshal(buf.Bytes(), &js))
	assert.InDelta(t, chi3Survival(11.76), js.Cells[0].P, 1e-12)
	assert.Equal(t, "chi-square", js.Cells[0].Method)
	assert.Equal(t, 3, js.Cells[0].DF)
	assert.Len(t, js.Cells[0].BySeat, 4)

	var page bytes.Buffer
	require.NoError(t, WriteHTML(&page, rep))
	assert.Contains(t, page.String(), "p (seats equal)")
	assert.Contains(t, page.String(), "(chi-square)")
}

// Every seat's win rate carries its Wilson interval in the CSV and JSON reports:
// Newcombe (1998), Table I gives 81/263 as [0.2553, 0.3662] and 15/148 as
// [0.0624, 0.1605].
func TestPerSeatIntervals(t *testing.T) {
	cell := fakeCell{label: "four", variant: "ludo", trials: 263, seats: []run.WDL{
		{Wins: 81, Losses: 182}, {Wins: 15, Draws: 10, Losses: 238}, {Wins: 80, Losses: 183}, {Wins: 77, Draws: 10, Losses: 176}}}
	rep := Summarize(fakeResult(t, "0", cell))
	rows := csvRows(t, rep)
	assert.InDelta(t, 0.2553, atof(t, rows[1]["seat1_win_lo"]), 5e-5)
	assert.InDelta(t, 0.3662, atof(t, rows[1]["seat1_win_hi"]), 5e-5)
	for s := 1; s <= 4; s++ {
		p := fmt.Sprintf("seat%d_", s)
		w := rep.Cells[0].BySeat[s-1]
		assert.InDelta(t, stats.Wilson(w.Wins, 263).Lo, w.Win.Lo, 1e-12, p)
		assert.InDelta(t, w.Win.Lo, atof(t, rows[1][p+"win_lo"]), 1e-9, p)
		assert.InDelta(t, w.Win.Hi, atof(t, rows[1][p+"win_hi"]), 1e-9, p)
		assert.Less(t, w.Win.Lo, w.Win.Value, p)
	}
	// Few decisive games among four seats: the exact multinomial test.
	small := fakeCell{label: "tiny", variant: "ludo", trials: 8, seats: []run.WDL{
		{Wins: 5, Losses: 3}, {Wins: 1, Losses: 7}, {Wins: 2, Losses: 6}, {Losses: 8}}}
	c := Summarize(fakeResult(t, "0", small)).Cells[0]
	assert.Equal(t, "exact multinomial", c.SeatsEqual.Method)
	assert.InDelta(t, stats.ExactMultinomialEqual([]int64{5, 1, 2, 0}), c.SeatsEqual.P, 1e-15)
	// Two seats keep the sign test.
	two := Summarize(fakeResult(t, "0", issueCells()[0])).Cells[0]
	assert.Equal(t, "sign", two.SeatsEqual.Method)
	assert.Equal(t, stats.SignTest(110, 80), two.SeatsEqual.P)
}

// A 4-player Ludo cell played end to end reports the n-seat test over all four seats.
func TestLudoCellReportsNSeatTest(t *testing.T) {
	t.Setenv("KALAHLAB_MAX_FAILURES", "")
	s := study(t, "name: ludo4\nvariants: [ludo]\nagents: { agent: random }\ngames: 60\nsolve: 0\nseed: 5\n")
	require.Equal(t, 4, s.Plan.Cells[0].Seats)
	r, err := run.Run(context.Background(), s, run.Options{Workers: 2})
	require.NoError(t, err)
	rep := Summarize(r)
	c := rep.Cells[0]
	require.False(t, c.Failing, "%v", c.Errors)
	wins := make([]int64, 4)
	var total int64
	for i, s := range c.BySeat {
		wins[i] = s.Wins
		total += s.Wins
	}
	require.Positive(t, total)
	// Independently of SeatsEqual: the chi-square statistic by hand, or the exact test
	// when an expected count is below 5.
	e := float64(total) / 4
	if e >= 5 {
		x2 := 0.0
		for _, w := range wins {
			x2 += (float64(w) - e) * (float64(w) - e) / e
		}
		assert.Equal(t, "chi-square", c.SeatsEqual.Method)
		assert.InDelta(t, x2, c.SeatsEqual.Stat, 1e-9)
		assert.InDelta(t, chi3Survival(x2), c.SeatsEqual.P, 1e-9)
	} else {
		assert.Equal(t, "exact multinomial", c.SeatsEqual.Method)
	}
	var table bytes.Buffer
	require.NoError(t, WriteTable(&table, rep))
	row := rowOf(t, table.String(), "ludo")
	assert.Regexp(t, `(\d+\.\d ){4}±\d+\.\d`, row, "four seats' rates")
	assert.Contains(t, row, pValue(c.SeatsEqual.P))
}

func TestResumedRunTimeIsTheSum(t *testing.T) {
	t.Setenv("KALAHLAB_MAX_FAILURES", "")
	s := study(t, "name: t\nvariants: [kalah]\nsweep: { houses: [3], seeds: [2] }\nagents: { agent: random }\ngames: 30\nsolve: 0\n")
	dir := t.TempDir()
	_, err := run.Run(context.Background(), s, run.Options{Workers: 1, Dir: dir, Trials: true})
	require.NoError(t, err)
	// Earlier runs took 1000 s in all: what the manifest of an interrupted run says.
	var m run.Manifest
	require.NoError(t, readJSON(filepath.Join(dir, run.ManifestFile), &m))
	assert.Equal(t, 1, m.Runs)
	m.Seconds, m.Runs = 1000, 2
	require.NoError(t, writeJSON(filepath.Join(dir, run.ManifestFile), m))
	r, err := run.Run(context.Background(), s, run.Options{Workers: 1, Dir: dir, Trials: true, Resume: true})
	require.NoError(t, err)
	assert.GreaterOrEqual(t, r.Manifest.Seconds, 1000.0, "the earlier runs' time is kept")
	assert.Less(t, r.Manifest.Seconds, 1000.0+600, "and this run's is added")
	assert.Equal(t, 3, r.Manifest.Runs)
	rep := Summarize(r)
	assert.Equal(t, r.Manifest.Seconds, rep.Header.Seconds)
	var page bytes.Buffer
	require.NoError(t, WriteHTML(&page, rep))
	assert.Regexp(t, `run time</td><td>10\d\d\.\d s over 3 runs`, page.String())
	saved, err := run.Load(dir)
	require.NoError(t, err)
	assert.Equal(t, r.Manifest.Seconds, saved.Manifest.Seconds, "saved with the sum")

	// A manifest from before runs were counted: it counts as one run.
	m.Runs = 0
	require.NoError(t, writeJSON(filepath.Join(dir, run.ManifestFile), m))
	r, err = run.Run(context.Background(), s, run.Options{Workers: 1, Dir: dir, Trials: true, Resume: true})
	require.NoError(t, err)
	assert.Equal(t, 2, r.Manifest.Runs)
}

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

// rowOf returns the table row of the cell labelled label.
func rowOf(t *testing.T, text, label string) string {
	t.Helper()
	for _, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(l, label+" ") {
			return l
		}
	}
	t.Fatalf("no row %q in\n%s", label, text)
	return ""
}

// csvRows is the CSV report as one map per row (the header's row included, as row 0).
func csvRows(t *testing.T, rep *Report) []map[string]string {
	t.Helper()
	var out bytes.Buffer
	require.NoError(t, writeCSV(&out, rep))
	rows, err := csv.NewReader(&out).ReadAll()
	require.NoError(t, err)
	var maps []map[string]string
	for _, row := range rows {
		m := map[string]string{}
		for i, name := range rows[0] {
			m[name] = row[i]
		}
		maps = append(maps, m)
	}
	return maps
}

func atof(t *testing.T, s string) float64 {
	t.Helper()
	var x float64
	require.NoError(t, json.Unmarshal([]byte(s), &x), "%q", s)
	return x
}

// chi3Survival is the upper tail of the chi-square distribution with 3 degrees of
// freedom, P(X² > x) = erfc(√(x/2)) + √(2x/π)·exp(−x/2): the closed form for an odd
// number of degrees of freedom, an independent reference for the seat tests (the
// same reference as stats' tests).
func chi3Survival(x float64) float64 {
	return math.Erfc(math.Sqrt(x/2)) + math.Sqrt(2*x/math.Pi)*math.Exp(-x/2)
}
