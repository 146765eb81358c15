package report

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"image"
	"image/png"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/kalahlab/kalahlab/experiments/plan"
	"github.com/kalahlab/kalahlab/experiments/run"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/experiments/internal/chart"
	"github.com/kalahlab/kalahlab/experiments/stats"
)

// synthCell is a cell with made-up estimates: the win rate w (±0.05), draws d (±0.02),
// balance b (no interval), advantage w-0.5 (±0.05) and length l plies (±1).
func synthCell(i int, variant string, sweep []plan.Knob, w, d, b, l float64, sol *run.Solution) *CellSummary {
	label := variant
	for _, k := range sweep {
		label += fmt.Sprintf(" %s=%v", k.Name, k.Value)
	}
	c := &CellSummary{
		Cell: i, Label: label, Variant: variant, VariantName: variant, Sweep: sweep, Seats: 2,
		Games: 100, Trials: 100, Solution: sol, Branching: 3, SeatsEqual: SeatTest{P: 0.5, Method: "sign"},
		BySeat:   []Rate{{Name: "seat 1", Win: Estimate{Value: w, Lo: w - 0.05, Hi: w + 0.05}, Score: w}, {Name: "seat 2", Win: Estimate{Value: 1 - w - d, Lo: 0, Hi: 1}}},
		Duration: Distribution{N: 100, Mean: l, SD: 2, Median: l, Hist: [][2]float64{{l, 100}}},
		Metrics: map[string]Estimate{
			"first_seat_win_rate":  {Value: w, Lo: w - 0.05, Hi: w + 0.05},
			"first_seat_advantage": {Value: w - 0.5, Lo: w - 0.55, Hi: w - 0.45},
			"balance":              stats.Point(b),
			"drawishness":          {Value: d, Lo: d - 0.02, Hi: d + 0.02},
			"duration":             {Value: l, Lo: l - 1, Hi: l + 1},
		},
	}
	return c
}

// sweepReport has two variants over n in {1, 2, 3} (numeric) and fast in {false, true}
// (a bool), the first variant's cells solved (won at n=1, drawn at n=2, lost at n=3).
func sweepReport() *Report {
	rep := &Report{Header: Header{Experiment: "sweep <study>", Version: "test"}}
	results := []string{"win", "draw", "loss"}
	i := 0
	for _, v := range []string{"A", "B"} {
		for n := 1; n <= 3; n++ {
			for _, fast := range []bool{false, true} {
				w := 0.4 + 0.05*float64(n)
				if fast {
					w += 0.1
				}
				if v == "B" {
					w -= 0.2
				}
				var sol *run.Solution
				if v == "A" {
					sol = &run.Solution{Result: results[n-1], Value: 2 - n}
				}
				sweep := []plan.Knob{{Name: "n", Value: n}, {Name: "fast", Value: fast}}
				rep.Cells = append(rep.Cells, synthCell(i, v, sweep, w, 0.1*float64(n), 0.9, 10*float64(n), sol))
				i++
			}
		}
	}
	return rep
}

func chartByID(t *testing.T, charts []*chart.Chart, id string) *chart.Chart {
	t.Helper()
	for _, c := range charts {
		if c.ID == id {
			return c
		}
	}
	require.Failf(t, "no chart", "%s", id)
	return nil
}

func TestSweepCurvesCharts(t *testing.T) {
	charts := sweepCurves(sweepReport())
	var ids []string
	for _, c := range charts {
		ids = append(ids, c.ID)
	}
	assert.Equal(t, []string{
		"first_seat_win_rate-by-n", "first_seat_advantage-by-n", "balance-by-n", "drawishness-by-n", "duration-by-n",
		"first_seat_win_rate-by-fast", "first_seat_advantage-by-fast", "balance-by-fast", "drawishness-by-fast", "duration-by-fast",
	}, ids, "every curve metric against every swept knob, knobs in sweep order")

	tests := []struct {
		id         string
		categories []string
		xticks     []float64
		series     []string
		percent    bool
		guides     []chart.Guide
	}{
		{"first_seat_win_rate-by-n", nil, []float64{1, 2, 3},
			[]string{"A, fast=false", "A, fast=true", "B, fast=false", "B, fast=true"}, true, []chart.Guide{{Y: 0.5, Label: "fair share"}}},
		{"first_seat_advantage-by-n", nil, []float64{1, 2, 3},
			[]string{"A, fast=false", "A, fast=true", "B, fast=false", "B, fast=true"}, true, []chart.Guide{{Y: 0, Label: "fair"}}},
		{"duration-by-n", nil, []float64{1, 2, 3},
			[]string{"A, fast=false", "A, fast=true", "B, fast=false", "B, fast=true"}, false, nil},
		{"drawishness-by-fast", []string{"false", "true"}, nil,
			[]string{"A, n=1", "A, n=2", "A, n=3", "B, n=1", "B, n=2", "B, n=3"}, true, nil},
	}
	for _, tc := range tests {
		t.Run(tc.id, func(t *testing.T) {
			c := chartByID(t, charts, tc.id)
			assert.Equal(t, tc.categories, c.Categories)
			assert.Equal(t, tc.xticks, c.XTicks)
			var names []string
			for _, s := range c.Series {
				names = append(names, s.Name)
				assert.Len(t, s.Points, map[bool]int{true: 2, false: 3}[len(tc.categories) > 0])
			}
			assert.Equal(t, tc.series, names)
			assert.Equal(t, tc.percent, c.Percent)
			assert.Equal(t, tc.guides, c.Guides)
		})
	}
}

func TestSweepCurvesPoints(t *testing.T) {
	charts := sweepCurves(sweepReport())
	nan := math.NaN()
	type p struct{ x, y, lo, hi, ref float64 }
	tests := []struct {
		id     string
		series int
		want   []p
	}{
		// A with fast=true: w = 0.5, 0.55, 0.6 at n = 1, 2, 3; won, drawn, lost.
		{"first_seat_win_rate-by-n", 1, []p{{1, 0.55, 0.50, 0.60, 1}, {2, 0.60, 0.55, 0.65, 0}, {3, 0.65, 0.60, 0.70, 0}}},
		{"first_seat_advantage-by-n", 1, []p{{1, 0.05, 0, 0.1, 0.5}, {2, 0.1, 0.05, 0.15, 0}, {3, 0.15, 0.1, 0.2, -0.5}}},
		{"drawishness-by-n", 0, []p{{1, 0.1, 0.08, 0.12, 0}, {2, 0.2, 0.18, 0.22, 1}, {3, 0.3, 0.28, 0.32, 0}}},
		// Balance is a point estimate: no band; perfect play 0 for a decided game, 1 for a draw.
		{"balance-by-n", 0, []p{{1, 0.9, nan, nan, 0}, {2, 0.9, nan, nan, 1}, {3, 0.9, nan, nan, 0}}},
		// Game length has no perfect-play value; B is unsolved.
		{"duration-by-n", 2, []p{{1, 10, 9, 11, nan}, {2, 20, 19, 21, nan}, {3, 30, 29, 31, nan}}},
		// On categories, x is the category's index: B, n=2 at fast=false and fast=true.
		{"first_seat_win_rate-by-fast", 4, []p{{0, 0.3, 0.25, 0.35, nan}, {1, 0.4, 0.35, 0.45, nan}}},
	}
	same := func(want, got float64) bool {
		return math.IsNaN(want) && math.IsNaN(got) || math.Abs(want-got) < 1e-9
	}
	for _, tc := range tests {
		t.Run(tc.id, func(t *testing.T) {
			s := chartByID(t, charts, tc.id).Series[tc.series]
			require.Len(t, s.Points, len(tc.want))
			for i, w := range tc.want {
				got := s.Points[i]
				assert.True(t, same(w.x, got.X) && same(w.y, got.Y) && same(w.lo, got.Lo) && same(w.hi, got.Hi) && same(w.ref, got.Ref),
					"point %d: want %+v, got x %v y %v [%v, %v] ref %v", i, w, got.X, got.Y, got.Lo, got.Hi, got.Ref)
			}
		})
	}
}

func TestSweepCurvesStyle(t *testing.T) {
	c := chartByID(t, sweepCurves(sweepReport()), "first_seat_win_rate-by-n")
	// The colour tells the variants apart, the dash the other knob's values.
	assert.Equal(t, palette[0], c.Series[0].Colour)
	assert.Equal(t, palette[0], c.Series[1].Colour)
	assert.Equal(t, palette[1], c.Series[2].Colour)
	assert.Nil(t, c.Series[0].Dash)
	assert.NotNil(t, c.Series[1].Dash)
	assert.Equal(t, c.Series[0].Dash, c.Series[2].Dash)
	assert.Equal(t, c.Series[1].Dash, c.Series[3].Dash)
	assert.True(t, c.HasRefs())
	assert.Contains(t, c.Series[0].Points[0].RefLabel, "perfect play 100.0% (win +1)")
	assert.Equal(t, "A n=1 fast=false: 45.0% [40.0, 50.0]", c.Series[0].Points[0].Label)
}

func TestSweepCurvesNeedTwoValues(t *testing.T) {
	tests := []struct {
		name  string
		cells []*CellSummary
		want  []string // chart ids
	}{
		{"no sweep", []*CellSummary{synthCell(0, "A", nil, 0.5, 0, 1, 10, nil), synthCell(1, "B", nil, 0.5, 0, 1, 10, nil)}, nil},
		{"one value", []*CellSummary{synthCell(0, "A", []plan.Knob{{Name: "n", Value: 3}}, 0.5, 0, 1, 10, nil), synthCell(1, "B", []plan.Knob{{Name: "n", Value: 3}}, 0.5, 0, 1, 10, nil)}, nil},
		{"a single variant, a string knob and a fixed one", []*CellSummary{
			synthCell(0, "A", []plan.Knob{{Name: "rule", Value: "x"}, {Name: "n", Value: 3}}, 0.5, 0, 1, 10, nil),
			synthCell(1, "A", []plan.Knob{{Name: "rule", Value: "y"}, {Name: "n", Value: 3}}, 0.5, 0, 1, 10, nil)},
			[]string{"first_seat_win_rate-by-rule", "first_seat_advantage-by-rule", "balance-by-rule", "drawishness-by-rule", "duration-by-rule"}},
		{"odd knob names", []*CellSummary{
			synthCell(0, "A", []plan.Knob{{Name: "a/b", Value: 1.5}, {Name: "a b", Value: 1}}, 0.5, 0, 1, 10, nil),
			synthCell(1, "A", []plan.Knob{{Name: "a/b", Value: 2.5}, {Name: "a b", Value: 2}}, 0.5, 0, 1, 10, nil)},
			[]string{"first_seat_win_rate-by-a_b", "first_seat_advantage-by-a_b", "balance-by-a_b", "drawishness-by-a_b", "duration-by-a_b",
				"first_seat_win_rate-by-a_b-2", "first_seat_advantage-by-a_b-2", "balance-by-a_b-2", "drawishness-by-a_b-2", "duration-by-a_b-2"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var ids []string
			for _, c := range sweepCurves(&Report{Cells: tc.cells}) {
				ids = append(ids, c.ID)
			}
			assert.Equal(t, tc.want, ids)
		})
	}
	// A single variant's curves are named by the other knobs alone.
	c := sweepCurves(&Report{Cells: []*CellSummary{
		synthCell(0, "A", []plan.Knob{{Name: "n", Value: 1}, {Name: "m", Value: true}}, 0.5, 0, 1, 10, nil),
		synthCell(1, "A", []plan.Knob{{Name: "n", Value: 2}, {Name: "m", Value: true}}, 0.5, 0, 1, 10, nil),
		synthCell(2, "A", []plan.Knob{{Name: "n", Value: 1}, {Name: "m", Value: false}}, 0.5, 0, 1, 10, nil),
		synthCell(3, "A", []plan.Knob{{Name: "n", Value: 2}, {Name: "m", Value: false}}, 0.5, 0, 1, 10, nil),
	}})[0]
	require.Len(t, c.Series, 2)
	assert.Equal(t, "m=true", c.Series[0].Name)
}

func TestPerfectPlayMarkers(t *testing.T) {
	tests := []struct {
		sol                           *run.Solution
		seats                         int
		win, adv, balance, draws, dur float64 // NaN: no marker
	}{
		{&run.Solution{Result: "win", Value: 3}, 2, 1, 0.5, 0, 0, math.NaN()},
		{&run.Solution{Result: "draw"}, 2, 0, 0, 1, 1, math.NaN()},
		{&run.Solution{Result: "loss", Value: -1}, 2, 0, -0.5, 0, 0, math.NaN()},
		{&run.Solution{Result: "win"}, 3, 1, 1 - 1.0/3, math.NaN(), 0, math.NaN()},
		{&run.Solution{Unsolved: "too large"}, 2, math.NaN(), math.NaN(), math.NaN(), math.NaN(), math.NaN()},
		{&run.Solution{Result: "odd"}, 2, math.NaN(), math.NaN(), math.NaN(), math.NaN(), math.NaN()},
		{nil, 2, math.NaN(), math.NaN(), math.NaN(), math.NaN(), math.NaN()},
	}
	for _, tc := range tests {
		c := synthCell(0, "A", nil, 0.5, 0, 1, 10, tc.sol)
		c.Seats = tc.seats
		for i, want := range []float64{tc.win, tc.adv, tc.balance, tc.draws, tc.dur} {
			got, ok := curveMetrics[i].perfect(c)
			if math.IsNaN(want) {
				assert.False(t, ok, "%+v %s", tc.sol, curveMetrics[i].name)
				continue
			}
			assert.True(t, ok, "%+v %s", tc.sol, curveMetrics[i].name)
			assert.InDelta(t, want, got, 1e-12, "%+v %s", tc.sol, curveMetrics[i].name)
		}
	}
}

// parseSVG checks that s is well-formed XML with an <svg> root, and counts its
// elements by tag and class ("path.curve").
func parseSVG(t *testing.T, s string) map[string]int {
	t.Helper()
	count := map[string]int{}
	dec := xml.NewDecoder(strings.NewReader(s))
	depth := 0
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		require.NoError(t, err, "the SVG is not well-formed XML")
		switch el := tok.(type) {
		case xml.StartElement:
			if depth == 0 {
				require.Equal(t, "svg", el.Name.Local)
			}
			depth++
			count[el.Name.Local]++
			for _, a := range el.Attr {
				if a.Name.Local == "class" {
					for _, cl := range strings.Fields(a.Value) {
						count[el.Name.Local+"."+cl]++
					}
				}
			}
		case xml.EndElement:
			depth--
		}
	}
	require.Zero(t, depth)
	return count
}

func TestCurveChartSVG(t *testing.T) {
	charts := sweepCurves(sweepReport())
	num := parseSVG(t, chartByID(t, charts, "first_seat_win_rate-by-n").SVG())
	assert.Equal(t, 4, num["path.curve"], "a line per series")
	assert.Equal(t, 4, num["path.curve-band"], "a band per series")
	assert.Equal(t, 12, num["circle.curve-point"], "a dot per cell")
	assert.Equal(t, 6, num["path.curve-ref"], "a diamond per solved cell")
	assert.Equal(t, 5, num["path.legend"], "four series and perfect play")

	num = parseSVG(t, chartByID(t, charts, "balance-by-n").SVG())
	assert.Zero(t, num["path.curve-band"], "a point estimate (these synthetic cells' balance) has no band")

	// Two values (a bool knob) are two estimates, not a trend: points and whiskers.
	num = parseSVG(t, chartByID(t, charts, "first_seat_win_rate-by-fast").SVG())
	assert.Zero(t, num["path.curve"], "no line through two points")
	assert.Zero(t, num["path.curve-band"], "categories get whiskers, not bands")
	assert.Equal(t, 12, num["path.curve-whisker"])

	// Every user string is escaped.
	evil := &chart.Chart{ID: `x"y`, Title: `<b>&"title"`, XLabel: "<x>", YLabel: "y&", RefName: "<ref>",
		Series: []chart.Curve{{Name: `</svg><script>alert(1)</script>`, Colour: "#000000", Points: []chart.Point{
			{X: 1, Y: 0.5, Lo: 0.4, Hi: 0.6, Ref: 1, Label: "<p>", RefLabel: "&"}, {X: 2, Y: 0.6, Lo: 0.5, Hi: 0.7, Ref: math.NaN()}}}}}
	svg := evil.SVG()
	parseSVG(t, svg)
	assert.NotContains(t, svg, "<script>")
	assert.Contains(t, svg, "&lt;/svg&gt;&lt;script&gt;")
}

func TestWriteHTMLSweepCurves(t *testing.T) {
	rep := sweepReport()
	rep.Cells[0].Label = `A <script>alert("x")</script>`
	var b bytes.Buffer
	require.NoError(t, WriteHTML(&b, rep))
	page := b.String()
	assert.Contains(t, page, `<h2 id="curves">Curves over the knobs</h2>`)
	assert.Equal(t, 10, strings.Count(page, `<svg class="chart curve-chart"`), "a chart per metric and knob")
	for _, id := range []string{"first_seat_win_rate-by-n", "duration-by-n", "drawishness-by-fast", "balance-by-fast", "first_seat_advantage-by-fast"} {
		assert.Contains(t, page, `id="chart-`+id+`"`)
	}
	assert.Equal(t, 5*4, strings.Count(page, `class="curve"`), "4 curves over n, none over fast (two values: points)")
	assert.Contains(t, page, `data-knob="n"`)
	assert.Contains(t, page, `data-knob="fast"`)
	assert.NotContains(t, page, `<script>alert`)
	assert.Contains(t, page, `A &lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;`)
	assert.NotContains(t, page, "ZgotmplZ", "html/template refused a value")
	assert.Contains(t, page, `style="background:#0072B2"`)
	assert.Contains(t, page, "<title>sweep &lt;study&gt; — kalahlab report</title>")
	assert.NotRegexp(t, `(src|href)="https?:`, page, "no network")
	// Every inline chart is well-formed SVG.
	for _, svg := range regexp.MustCompile(`(?s)<svg .*?</svg>`).FindAllString(page, -1) {
		parseSVG(t, svg)
	}
}

func TestWriteHTMLWithoutSweep(t *testing.T) {
	rep := &Report{Header: Header{Experiment: "flat", Description: "no knobs", Agents: []string{"random", "greedy"}, RotateSeats: true, TargetCI: 0.05, MergedFrom: 2},
		Cells: []*CellSummary{synthCell(0, "A", nil, 0.5, 0.1, 0.9, 12, &run.Solution{Result: "win", Value: 2, BestMove: "c3"})}}
	rep.Cells[0].Errors = []run.ErrorCount{{Error: "hook <boom>", Count: 3}}
	rep.Cells[0].Stopped = true
	rep.Cells[0].Openings = []Rate{{Name: "a1", Games: 10, Win: Estimate{Value: 0.5, Lo: 0.2, Hi: 0.8}, Draw: stats.Point(0.1)}}
	var b bytes.Buffer
	require.NoError(t, WriteHTML(&b, rep))
	page := b.String()
	assert.NotContains(t, page, "Curves over the knobs")
	assert.NotContains(t, page, `<svg class="chart curve-chart"`)
	for _, want := range []string{
		"<p>no knobs</p>", "<code>random</code>, <code>greedy</code> (rotated over the seats)", "narrower than 0.05",
		"<tr><td>merged from</td><td>2 shards</td></tr>", "stopped early", "hook &lt;boom&gt;",
		"Perfect play: a <b>win</b> for the first seat, value &#43;2 (best first move <code>c3</code>)",
		"<td>100*</td>", "<code>a1</code>", "first_seat_win_rate",
	} {
		assert.Contains(t, page, want)
	}
}

func TestWriteCharts(t *testing.T) {
	rep := sweepReport()
	dir := filepath.Join(t.TempDir(), "figures")
	for _, format := range ChartFormats {
		t.Run(format, func(t *testing.T) {
			paths, err := WriteCharts(rep, dir, format)
			require.NoError(t, err)
			require.Len(t, paths, 10)
			assert.Equal(t, filepath.Join(dir, "chart-first_seat_win_rate-by-n."+format), paths[0])
			assert.Equal(t, filepath.Join(dir, "chart-duration-by-fast."+format), paths[9])
			for _, p := range paths {
				data, err := os.ReadFile(p)
				require.NoError(t, err)
				switch format {
				case "svg":
					assert.True(t, bytes.HasPrefix(data, []byte("<?xml")))
					parseSVG(t, string(data))
				case "png":
					img, err := png.Decode(bytes.NewReader(data))
					require.NoError(t, err, p)
					w, h := chartByID(t, sweepCurves(rep), strings.TrimSuffix(strings.TrimPrefix(filepath.Base(p), "chart-"), ".png")).Size()
					assert.Equal(t, image.Pt(int(math.Ceil(w*pngScale)), int(math.Ceil(h*pngScale))), img.Bounds().Size())
					assert.Greater(t, inked(img), 5000, "%s: the chart is drawn", p)
				}
			}
		})
	}
	_, err := WriteCharts(rep, dir, "pdf")
	assert.ErrorContains(t, err, `chart format "pdf" unknown (want svg or png)`)
	_, err = WriteCharts(&Report{Header: Header{Experiment: "flat"}, Cells: []*CellSummary{synthCell(0, "A", nil, 0.5, 0, 1, 1, nil)}}, dir, "svg")
	assert.ErrorContains(t, err, "flat: no curves to draw")
}

// inked counts the pixels that are not white.
func inked(img image.Image) int {
	n := 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			if r < 0xf000 || g < 0xf000 || bl < 0xf000 {
				n++
			}
		}
	}
	return n
}

// TestSweepCurvesLadder: in a ladder study the curves over the knobs are the strongest
// rung's alone (a curve per variant, not per variant and rung), the titles say so and
// the legend names the rung; cells of the study's own agents beside the ladder keep
// their curves.
func TestSweepCurvesLadder(t *testing.T) {
	rungs := []string{"random", "greedy", "alphabeta:depth=4"}
	build := func(withAgents bool) *Report {
		rep := &Report{Header: Header{Experiment: "ladder", Version: "test"}}
		for _, v := range []string{"A", "B"} {
			for _, seeds := range []int{3, 4} {
				sweep := []plan.Knob{{Name: "seeds", Value: seeds}}
				if withAgents {
					rep.Cells = append(rep.Cells, synthCell(len(rep.Cells), v, sweep, 0.5, 0.1, 0.9, 20, nil))
				}
				for r, agent := range rungs {
					c := synthCell(len(rep.Cells), v, sweep, 0.3+0.1*float64(r), 0.1, 0.9, 20, nil)
					c.Label += " @ " + agent
					c.Rung, c.RungAgent = &r, agent
					rep.Cells = append(rep.Cells, c)
				}
			}
		}
		return rep
	}
	tests := []struct {
		name       string
		withAgents bool
		series     []string
	}{
		{"ladder only", false, []string{"A @ alphabeta:depth=4", "B @ alphabeta:depth=4"}},
		{"agents and a ladder", true, []string{"A", "A @ alphabeta:depth=4", "B", "B @ alphabeta:depth=4"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			charts := sweepCurves(build(tc.withAgents))
			require.Len(t, charts, len(curveMetrics), "one knob swept")
			for _, ch := range charts {
				assert.Contains(t, ch.Title, " (strongest rung)")
				var names []string
				for _, s := range ch.Series {
					names = append(names, s.Name)
					require.Len(t, s.Points, 2, "seeds 3 and 4")
				}
				assert.Equal(t, tc.series, names)
			}
			win := chartByID(t, charts, "first_seat_win_rate-by-seeds")
			for _, s := range win.Series {
				if strings.Contains(s.Name, "@") || !tc.withAgents {
					assert.InDelta(t, 0.5, s.Points[0].Y, 1e-9, "%s: the strongest rung's cells", s.Name)
					assert.Contains(t, s.Points[0].Label, "@ alphabeta:depth=4")
				}
			}
		})
	}
}

// TestForestPlotFitsLabels: the comparisons' forest plot makes its left margin as wide
// as its longest label (11px text, at most 6.6px a character), so none is clipped.
func TestForestPlotFitsLabels(t *testing.T) {
	long := "kalah/standard-capture houses=6 seeds=4 empty_capture=false"
	rep := &Report{Cells: []*CellSummary{{Cell: 0, Variant: "a"}, {Cell: 1, Variant: "b"}}}
	cmp := Comparison{Cell: 1, Label: long, BaselineLabel: long, Baseline: 0, Balance: Estimate{Value: 0.1, Lo: -0.05, Hi: 0.2}, Verdict: verdictUnshown}
	svg := diffChart(rep, []Comparison{cmp}, "", map[string]string{"a": "#000000", "b": "#0072B2"})
	label := long + " vs " + long
	labelText := fmt.Sprintf(`text-anchor="end" dominant-baseline="middle">%s</text>`, label)
	require.Contains(t, svg, labelText)
	i := strings.Index(svg, labelText)
	start := strings.LastIndex(svg[:i], `<text x="`)
	var right int
	_, err := fmt.Sscanf(svg[start+len(`<text x="`):], "%d", &right)
	require.NoError(t, err)
	assert.GreaterOrEqual(t, float64(right), 6.6*float64(len(label)), "the label's right end leaves room for all of it")
}
