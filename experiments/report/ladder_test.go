package report

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kalahlab/kalahlab/experiments/plan"
	"github.com/kalahlab/kalahlab/experiments/run"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

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

func TestLadderPlan(t *testing.T) {
	type cell struct {
		label  string
		agents []int
		rung   int // -1 for none
	}
	tests := []struct {
		name   string
		yaml   string
		agents []string
		ladder []int
		cells  []cell
	}{
		{"ladder only", "variants: [kalah]\nsweep: { seeds: [3, 4] }\nladder:\n  - { agent: random }\n  - { agent: alphabeta, depth: 2 }\n",
			[]string{"random", "alphabeta:depth=2"}, []int{0, 1}, []cell{
				{"kalah seeds=3 @ random", []int{0}, 0},
				{"kalah seeds=3 @ alphabeta:depth=2", []int{1}, 1},
				{"kalah seeds=4 @ random", []int{0}, 0},
				{"kalah seeds=4 @ alphabeta:depth=2", []int{1}, 1},
			}},
		{"agents and a ladder", "variants: [kalah, { variant: kalah/pie, label: pie }]\nagents:\n  - { agent: greedy }\n  - { agent: random }\nladder:\n  - { agent: random }\n  - { agent: greedy }\n",
			[]string{"greedy", "random", "random", "greedy"}, []int{2, 3}, []cell{
				{"kalah", []int{0, 1}, -1},
				{"kalah @ random", []int{2}, 0},
				{"kalah @ greedy", []int{3}, 1},
				{"pie", []int{0, 1}, -1},
				{"pie @ random", []int{2}, 0},
				{"pie @ greedy", []int{3}, 1},
			}},
		{"agents only: cells name no agents", "variants: [kalah]\nagents: [{ agent: greedy }, { agent: random }]\n",
			[]string{"greedy", "random"}, nil, []cell{{"kalah", nil, -1}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := study(t, tc.yaml)
			p := s.Plan
			var agents []string
			for _, a := range p.Agents {
				agents = append(agents, a.String())
			}
			assert.Equal(t, tc.agents, agents)
			assert.Equal(t, tc.ladder, p.Ladder)
			require.Len(t, p.Cells, len(tc.cells))
			for i, want := range tc.cells {
				c := p.Cells[i]
				assert.Equal(t, want.label, c.Label)
				assert.Equal(t, want.agents, c.Agents, c.Label)
				if want.rung < 0 {
					assert.Nil(t, c.Rung, c.Label)
				} else if assert.NotNil(t, c.Rung, c.Label) {
					assert.Equal(t, want.rung, *c.Rung, c.Label)
				}
			}

			// The plan keeps the ladder through JSON (manifest.json): a report, a merge
			// or a replay of the run finds the same cells.
			data, err := json.Marshal(p)
			require.NoError(t, err)
			var back plan.Plan
			require.NoError(t, json.Unmarshal(data, &back))
			again, err := plan.FromPlan(back)
			require.NoError(t, err)
			assert.Equal(t, p.Fingerprint(), again.Plan.Fingerprint())
			assert.Equal(t, p.Ladder, again.Plan.Ladder)
			for i := range p.Cells {
				assert.Equal(t, p.Cells[i].Label, again.Plan.Cells[i].Label)
				assert.Equal(t, p.Cells[i].Rung, again.Plan.Cells[i].Rung)
			}
		})
	}
}

func TestLadderPlanErrors(t *testing.T) {
	base := study(t, "variants: [kalah]\nladder: [{ agent: random }, { agent: greedy }]\n").Plan
	r := func(i int) *int { return &i }
	tests := []struct {
		name string
		edit func(p *plan.Plan)
		want string
	}{
		{"rung out of range", func(p *plan.Plan) { p.Cells[1].Rung = r(5) }, "rung 5 is not one of the ladder's 2 rungs"},
		{"rung played by another agent", func(p *plan.Plan) { p.Cells[1].Agents = []int{0} }, "a rung's cell is played by its rung's agent alone"},
		{"ladder names no agent", func(p *plan.Plan) { p.Ladder = []int{0, 7} }, "ladder rung 1 is agent 7"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			data, err := json.Marshal(base)
			require.NoError(t, err)
			var p plan.Plan
			require.NoError(t, json.Unmarshal(data, &p))
			tc.edit(&p)
			_, err = plan.FromPlan(p)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

// TestLadderSolvesEachGameOnce: the rungs of a variant at a point play one game, which
// is solved once and its value given to every rung.
func TestLadderSolvesEachGameOnce(t *testing.T) {
	s := study(t, ladderStudy)
	require.Len(t, s.Plan.Cells, 4)
	assert.Equal(t, []int{0, 0, 2, 2}, []int{s.SolvedBy(0), s.SolvedBy(1), s.SolvedBy(2), s.SolvedBy(3)})
	assert.Equal(t, []int{0, 1}, s.SameGame(0))
	assert.Equal(t, []int{2, 3}, s.SameGame(2))
}

func TestLadderRun(t *testing.T) {
	s := study(t, ladderStudy)
	dir := t.TempDir()
	res, err := run.Run(context.Background(), s, run.Options{Workers: 2, Dir: dir, Trials: true})
	require.NoError(t, err)
	for c, cr := range res.Cells {
		require.NotNil(t, cr.Solution, "cell %d", c)
		require.Empty(t, cr.Solution.Unsolved, "cell %d", c)
	}
	assert.Equal(t, "win", res.Cells[0].Solution.Result)
	assert.Equal(t, 8, res.Cells[0].Solution.Value)
	assert.Same(t, res.Cells[0].Solution, res.Cells[1].Solution, "one solve for the rungs of a game")

	rep := Summarize(res)
	assert.Equal(t, []int{0, 1}, rep.Header.Ladder)
	require.Len(t, rep.Ladders, 2)
	l := rep.Ladders[0]
	assert.Equal(t, "kalah houses=4 seeds=3", l.Label)
	assert.Equal(t, -1, l.Cell)
	require.Len(t, l.Rungs, 2)
	assert.Equal(t, []string{"random", "greedy"}, []string{l.Rungs[0].Agent, l.Rungs[1].Agent})
	assert.Equal(t, 1, l.Strongest)
	require.NotNil(t, l.PerfectAdvantage)
	assert.InDelta(t, 0.5, *l.PerfectAdvantage, 1e-12)
	assert.InDelta(t, 0.0, *l.PerfectBalance, 1e-12)
	greedy := l.Rungs[1].Advantage
	require.Less(t, greedy.Hi, 0.0, "greedy agents lose Kalah(4,3) for the first seat: %+v", greedy)
	assert.True(t, l.Disagrees, "the strongest rung contradicts perfect play")
	assert.True(t, rep.Cells[1].Disagrees)
	assert.Equal(t, "greedy", rep.Cells[1].RungAgent)
	b := l.Rungs[1].Balance
	assert.InDelta(t, 1-2*math.Abs(greedy.Value), b.Value, 1e-9)
	assert.LessOrEqual(t, b.Lo, b.Value)
	assert.GreaterOrEqual(t, b.Hi, b.Value)

	// The table: the ladder under its heading, perfect play on top, strongest first,
	// the flag and its note.
	var table bytes.Buffer
	require.NoError(t, WriteTable(&table, rep))
	out := table.String()
	assert.Contains(t, out, "ladder: random < greedy (each rung's agent on every seat)")
	head := strings.Index(out, "\nkalah houses=4 seeds=3\n") // no trailing spaces
	top := strings.Index(out, "  = perfect play")
	strong := strings.Index(out, "  @ greedy")
	weak := strings.Index(out, "  @ random")
	require.True(t, head >= 0 && top > head && strong > top && weak > strong, "heading, perfect play, greedy, random:\n%s", out)
	perfectLine := out[top : top+strings.Index(out[top:], "\n")]
	assert.Contains(t, perfectLine, "win +8")
	assert.Contains(t, perfectLine, "+50.0%")
	greedyLine := out[strong : strong+strings.Index(out[strong:], "\n")]
	assert.True(t, strings.HasSuffix(strings.TrimSpace(greedyLine), disagreeMark), greedyLine)
	assert.Contains(t, out, disagreeLegend)
	assert.Contains(t, out, disagreeMark+" kalah houses=4 seeds=3: perfect play is a win for the first seat by 8, but at the strongest rung, greedy, the first seat's advantage is -")

	// JSON and CSV carry the rungs.
	var js bytes.Buffer
	require.NoError(t, Render(&js, rep, "json"))
	var decoded struct {
		Ladders []struct {
			Label            string   `json:"label"`
			PerfectAdvantage *float64 `json:"perfect_advantage"`
			Disagrees        bool     `json:"disagrees"`
			Rungs            []struct {
				Agent     string   `json:"agent"`
				Advantage Estimate `json:"first_seat_advantage"`
			} `json:"rungs"`
		} `json:"ladders"`
		Cells []struct {
			Rung      *int   `json:"rung"`
			RungAgent string `json:"rung_agent"`
		} `json:"cells"`
	}
	require.NoError(t, json.Unmarshal(js.Bytes(), &decoded))
	require.Len(t, decoded.Ladders, 2)
	assert.True(t, decoded.Ladders[0].Disagrees)
	assert.Equal(t, "greedy", decoded.Ladders[0].Rungs[1].Agent)
	require.NotNil(t, decoded.Cells[1].Rung)
	assert.Equal(t, 1, *decoded.Cells[1].Rung)

	var buf bytes.Buffer
	require.NoError(t, writeCSV(&buf, rep))
	rows, err := csv.NewReader(&buf).ReadAll()
	require.NoError(t, err)
	col := map[string]int{}
	for i, h := range rows[0] {
		col[h] = i
	}
	for _, k := range []string{"rung", "rung_agent", "perfect_advantage", "disagrees_with_perfect_play"} {
		require.Contains(t, col, k)
	}
	assert.Equal(t, "1", rows[2][col["rung"]])
	assert.Equal(t, "greedy", rows[2][col["rung_agent"]])
	assert.Equal(t, "0.5", rows[2][col["perfect_advantage"]])
	assert.Equal(t, "true", rows[2][col["disagrees_with_perfect_play"]])

	// The HTML report draws the ladder, perfect play on top.
	var page bytes.Buffer
	require.NoError(t, WriteHTML(&page, rep))
	assert.Contains(t, page.String(), `<h2 id="ladder">Skill ladder</h2>`)
	charts := ladderCurves(rep)
	require.Len(t, charts, 2)
	assert.Equal(t, []string{"random", "greedy", "perfect play"}, charts[0].Categories)
	require.Len(t, charts[0].Series, 2)
	pts := charts[0].Series[0].Points
	require.Len(t, pts, 3)
	assert.InDelta(t, 0.5, pts[2].Ref, 1e-12, "perfect play on the last category")
	assert.True(t, math.IsNaN(pts[2].Y))
	assert.Contains(t, charts[0].Series[0].Name, disagreeMark)
	assert.Contains(t, charts[0].SVG(), "perfect play")

	// Charts as files include the ladder.
	paths, err := WriteCharts(rep, t.TempDir(), "svg")
	require.NoError(t, err)
	var names []string
	for _, p := range paths {
		names = append(names, filepath.Base(p))
	}
	assert.Contains(t, names, "chart-ladder-first_seat_advantage.svg")
}

// TestLadderDeterministicAcrossWorkers: each rung's counts are the same with one
// worker and with two.
func TestLadderDeterministicAcrossWorkers(t *testing.T) {
	s := study(t, strings.NewReplacer("solve: 30s", "solve: 0\ntarget_ci: 0.18\ncheck_every: 20",
		"  - { agent: greedy }\n", "  - { agent: greedy }\n  - { agent: alphabeta, depth: 2, tt: 1 }\n").Replace(ladderStudy))
	require.Len(t, s.Plan.Cells, 6)
	var ladders []string
	var results []*run.Result
	for _, w := range []int{1, 2} {
		r, err := run.Run(context.Background(), s, run.Options{Workers: w, Chunk: 3})
		require.NoError(t, err)
		results = append(results, r)
		data, err := json.Marshal(Summarize(r).Ladders)
		require.NoError(t, err)
		ladders = append(ladders, string(data))
	}
	assert.Equal(t, cellsJSON(t, results[0]), cellsJSON(t, results[1]))
	assert.Equal(t, ladders[0], ladders[1])
	stopped := false
	for _, c := range results[0].Cells {
		stopped = stopped || c.Stopped
	}
	assert.True(t, stopped, "the stopping rule fired in some rung (the test covers it)")
}

// TestDisagreement: the flag is raised only by an interval wholly on the wrong side of
// 0 (or, for a draw, wholly away from it).
func TestDisagreement(t *testing.T) {
	tests := []struct {
		name    string
		perfect float64
		adv     Estimate
		want    bool
	}{
		{"win, agents favour the second seat", 0.5, Estimate{Value: -0.26, Lo: -0.28, Hi: -0.24}, true},
		{"win, agents favour the first seat", 0.5, Estimate{Value: 0.2, Lo: 0.18, Hi: 0.22}, false},
		{"win, agents inconclusive", 0.5, Estimate{Value: -0.01, Lo: -0.03, Hi: 0.01}, false},
		{"loss, agents favour the first seat", -0.5, Estimate{Value: 0.1, Lo: 0.05, Hi: 0.15}, true},
		{"loss, agents agree", -0.5, Estimate{Value: -0.1, Lo: -0.15, Hi: -0.05}, false},
		{"draw, agents favour a seat", 0, Estimate{Value: -0.1, Lo: -0.15, Hi: -0.05}, true},
		{"draw, agents find it fair", 0, Estimate{Value: 0.01, Lo: -0.02, Hi: 0.04}, false},
		{"no interval", 0.5, Estimate{Value: -0.3, Lo: math.NaN(), Hi: math.NaN()}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, disagrees(tc.perfect, tc.adv))
		})
	}
}

// TestLadderWithAgentsTable: with agents: too, the agents' cell heads its ladder, and
// a cell whose own agents contradict perfect play is flagged with a note.
func TestLadderWithAgentsTable(t *testing.T) {
	s := study(t, "variants: [kalah]\nsweep: { houses: [4], seeds: [3] }\nagents: { agent: greedy }\nladder: [{ agent: random }]\ngames: 100\nepsilon: 0.1\nseed: 5\nsolve: 30s\n")
	res, err := run.Run(context.Background(), s, run.Options{Workers: 2})
	require.NoError(t, err)
	rep := Summarize(res)
	require.Len(t, rep.Ladders, 1)
	assert.Equal(t, 0, rep.Ladders[0].Cell)
	var table bytes.Buffer
	require.NoError(t, WriteTable(&table, rep))
	out := table.String()
	assert.Contains(t, out, "agents: greedy\n")
	assert.Contains(t, out, "ladder: random (each rung's agent on every seat)")
	head := strings.Index(out, "\nkalah houses=4 seeds=3 ")
	top := strings.Index(out, "  = perfect play")
	rung := strings.Index(out, "  @ random")
	require.True(t, head >= 0 && top > head && rung > top, out)
	headLine := out[head+1 : head+1+strings.Index(out[head+1:], "\n")]
	assert.Contains(t, headLine, "win +8", "the agents' cell shows perfect play")
	require.True(t, rep.Cells[0].Disagrees, "greedy on both seats loses it for the first seat")
	assert.Contains(t, headLine, disagreeMark)
	assert.Contains(t, out, disagreeMark+" kalah houses=4 seeds=3: perfect play is a win for the first seat by 8, but with its agents the first seat's advantage is -")
}

func TestRungLabels(t *testing.T) {
	labels, axis := rungLabels([]string{"random", "greedy", "alphabeta:depth=2,tt=1", "alphabeta:depth=4,tt=1", "mcts:iterations=1000"})
	assert.Equal(t, []string{"random", "greedy", "depth=2", "depth=4", "mcts"}, labels)
	assert.Equal(t, "rung, weakest first: random, greedy, alphabeta:tt=1 by depth, mcts:iterations=1000", axis)
	labels, _ = rungLabels([]string{"mcts:iterations=100", "mcts:iterations=1000,c=2"})
	assert.Equal(t, []string{"iterations=100", "c=2,iterations=1000"}, labels)
}

// TestLadderComparisonsHeadline: a ladder study's table lists the strongest rung's
// comparisons only (each rung is compared with the same rung of the baseline, which
// would be variants × points × rungs lines), names the rung once in the heading and
// counts the others, which results.json and the HTML table keep; the HTML chart of the
// differences draws the headline ones. No table line ends in spaces.
func TestLadderComparisonsHeadline(t *testing.T) {
	text := strings.Replace(ladderStudy, "games: 120", "games: 40", 1)
	res, err := run.Run(context.Background(), study(t, text), run.Options{Workers: 2})
	require.NoError(t, err)
	rep := Summarize(res)
	require.Len(t, rep.Comparisons, 2, "kalah/pie against kalah at each rung")

	var table, page, js bytes.Buffer
	require.NoError(t, WriteTable(&table, rep))
	require.NoError(t, WriteHTML(&page, rep))
	require.NoError(t, Render(&js, rep, "json"))
	out := table.String()
	assert.Contains(t, out, "\nat the strongest rung, greedy ")
	assert.Contains(t, out, "across the rungs (all 2 comparisons: results.json, report.html):")
	assert.Contains(t, out, "  kalah/pie houses=4 seeds=3 vs kalah houses=4 seeds=3 ")
	assert.NotContains(t, out, "@ random vs", "the weaker rungs' comparisons are left out")
	assert.NotContains(t, out, "@ greedy vs", "the heading names the rung")
	for line := range strings.Lines(out) {
		assert.Equal(t, strings.TrimRight(line, " \n"), strings.TrimSuffix(line, "\n"), "trailing spaces")
	}

	html := page.String()
	assert.Contains(t, html, "the chart shows the strongest rung's comparisons (greedy), the table all of them")
	assert.Contains(t, html, ">kalah/pie houses=4 seeds=3 vs kalah houses=4 seeds=3</text>", "the strongest rung's row in the chart, the text naming the rung")
	assert.NotContains(t, html, "@ random vs", "no other row in the chart")
	assert.Contains(t, html, "<td class=\"l\">kalah/pie houses=4 seeds=3 @ random</td>", "every comparison in the table")
	assert.Equal(t, 2, strings.Count(js.String(), `"balance_p_holm"`), "every comparison in results.json")
	assert.Equal(t, 1, strings.Count(js.String(), `"baseline_balance"`), "the comparison under perfect play")
}
