package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"unicode"

	"github.com/kalahlab/kalahlab/experiments/run"

	"github.com/kalahlab/kalahlab/experiments/internal/chart"
	"github.com/kalahlab/kalahlab/experiments/stats"
)

// curveMetric is a metric drawn against the swept knobs.
type curveMetric struct {
	name    string // the metric's name in allMetrics
	title   string
	yLabel  string
	percent bool
	// guide is the horizontal reference line for cells of this many seats.
	guide func(seats int) (chart.Guide, bool)
	// perfect is the metric's value under perfect play, when the cell has one.
	perfect func(c *CellSummary) (float64, bool)
}

// curveMetrics are the metrics the report draws against each swept knob, in order.
var curveMetrics = []curveMetric{
	{name: "first_seat_win_rate", title: "First seat's win rate", yLabel: "first seat wins", percent: true,
		guide: func(seats int) (chart.Guide, bool) {
			return chart.Guide{Y: 1 / float64(seats), Label: "fair share"}, true
		},
		perfect: func(c *CellSummary) (float64, bool) {
			s, ok := perfectFirstScore(c.Solution)
			if !ok {
				return 0, false
			}
			return math.Floor(s), true // a win is 1, a draw or a loss 0
		}},
	{name: "first_seat_advantage", title: "First seat's advantage", yLabel: "score rate minus a fair share", percent: true,
		guide:   func(int) (chart.Guide, bool) { return chart.Guide{Y: 0, Label: "fair"}, true },
		perfect: func(c *CellSummary) (float64, bool) { return perfectAdvantage(c.Solution, c.Seats) }},
	{name: "balance", title: "Balance", yLabel: "1 − largest score-rate gap",
		guide:   func(int) (chart.Guide, bool) { return chart.Guide{}, false },
		perfect: func(c *CellSummary) (float64, bool) { return perfectBalance(c.Solution, c.Seats) }},
	{name: "drawishness", title: "Draws", yLabel: "games drawn", percent: true,
		guide: func(int) (chart.Guide, bool) { return chart.Guide{}, false },
		perfect: func(c *CellSummary) (float64, bool) {
			s, ok := perfectFirstScore(c.Solution)
			if !ok {
				return 0, false
			}
			if s == 0.5 {
				return 1, true
			}
			return 0, true
		}},
	{name: "duration", title: "Game length", yLabel: "mean plies per game",
		guide:   func(int) (chart.Guide, bool) { return chart.Guide{}, false },
		perfect: func(*CellSummary) (float64, bool) { return 0, false }},
}

// metricRange is the range of a metric by name.
func metricRange(name string) (float64, float64) {
	for _, m := range allMetrics {
		if m.Name == name {
			return m.Min, m.Max
		}
	}
	return math.Inf(-1), math.Inf(1)
}

// curveDashes tell apart the curves of one variant (one per value of the other swept
// knobs); the colour tells the variants apart.
var curveDashes = [][]float64{nil, {7, 4}, {2, 3}, {9, 3, 2, 3}, {4, 2}, {1, 4}}

// dashOrder gives each key (a point of the other knobs, a sweep point) a dash of
// curveDashes, in the order the keys first come.
type dashOrder map[string]int

func (d dashOrder) of(key string) []float64 {
	i, ok := d[key]
	if !ok {
		i = len(d)
		d[key] = i
	}
	return curveDashes[i%len(curveDashes)]
}

// perfectRefLabel is the label of a curve's perfect-play mark: "kalah seeds=3: perfect
// play 100.0% (win by 2)".
func perfectRefLabel(label string, v float64, percent bool, s *run.Solution) string {
	return fmt.Sprintf("%s: perfect play %s (%s)", label, estimateText(stats.Point(v), percent), solutionText(s))
}

// sweptKnob is a knob the cells differ by: its values in sweep order.
type sweptKnob struct {
	name    string
	values  []any
	keys    []string // fmt.Sprint of each value
	numeric bool
}

// knobNumber is a knob value as a number, when it is one.
func knobNumber(v any) (float64, bool) {
	switch x := v.(type) {
	case int:
		return float64(x), true
	case int8:
		return float64(x), true
	case int16:
		return float64(x), true
	case int32:
		return float64(x), true
	case int64:
		return float64(x), true
	case uint:
		return float64(x), true
	case uint8:
		return float64(x), true
	case uint16:
		return float64(x), true
	case uint32:
		return float64(x), true
	case uint64:
		return float64(x), true
	case float32:
		return float64(x), true
	case float64:
		return x, true
	case json.Number:
		f, err := x.Float64()
		return f, err == nil
	}
	return 0, false
}

// sweptKnobs lists the knobs of the cells' sweep points that take at least two values.
func sweptKnobs(cells []*CellSummary) []sweptKnob {
	var out []sweptKnob
	index := map[string]int{}
	for _, c := range cells {
		for _, k := range c.Sweep {
			i, ok := index[k.Name]
			if !ok {
				i = len(out)
				index[k.Name] = i
				out = append(out, sweptKnob{name: k.Name, numeric: true})
			}
			key := fmt.Sprint(k.Value)
			sk := &out[i]
			if !slices.Contains(sk.keys, key) {
				sk.keys = append(sk.keys, key)
				sk.values = append(sk.values, k.Value)
				if _, num := knobNumber(k.Value); !num {
					sk.numeric = false
				}
			}
		}
	}
	var swept []sweptKnob
	for _, k := range out {
		if len(k.values) >= 2 {
			swept = append(swept, k)
		}
	}
	return swept
}

// knobValue is the value of the named knob at a cell's sweep point.
func knobValue(c *CellSummary, name string) (any, bool) {
	for _, k := range c.Sweep {
		if k.Name == name {
			return k.Value, true
		}
	}
	return nil, false
}

// sweepCurves draws the study's metrics against its swept knobs: a chart per curve
// metric (first seat's win rate, advantage, balance, draws, game length) and knob
// that takes two values or more, knobs in sweep order. Each chart has a curve per
// variant and point of the other swept knobs (the variant's colour, a dash per point),
// its points the cells' estimates with 95% intervals, and a hollow diamond where the
// solver proved the cell's perfect-play value. A numeric knob gets a numeric axis,
// any other (bool, enum) a category per value. nil when nothing was swept.
//
// In a study with a skill ladder the curves are the strongest rung's (the titles say
// "strongest rung", the legend names its agent: "kalah @ alphabeta:depth=6"), beside
// the cells of the study's own agents if it has any: a curve per rung would be
// variants × rungs curves, too many to read, and the rungs are compared in the ladder
// charts (ladderCurves).
func sweepCurves(rep *Report) []*chart.Chart {
	colour := variantColours(rep)
	var charts []*chart.Chart
	maxSeats := 0
	for _, c := range rep.Cells {
		maxSeats = max(maxSeats, c.Seats)
	}
	top, _ := strongestRung(rep)
	shown := func(c *CellSummary) bool { return c.Rung == nil || *c.Rung == top }
	titleRung := ""
	if top >= 0 {
		titleRung = " (strongest rung)" // the rung's name is too long for a title
	}
	ids := map[string]int{}
	for _, k := range sweptKnobs(rep.Cells) {
		// The series: a variant at a point of the other knobs, in cell order.
		type series struct {
			name, variant, others, rung string
			cells                       []*CellSummary
		}
		var ss []*series
		byKey := map[string]*series{}
		dash := dashOrder{} // by the other knobs' point and the rung
		variants := map[string]bool{}
		for _, c := range rep.Cells {
			if _, ok := knobValue(c, k.name); !ok || !shown(c) {
				continue
			}
			variants[c.Variant] = true
			var others []string
			for _, o := range c.Sweep {
				if o.Name != k.name {
					others = append(others, fmt.Sprintf("%s=%v", o.Name, o.Value))
				}
			}
			oth := strings.Join(others, " ")
			// The strongest rung's cells are curves of their own beside the agents' cells.
			key := c.Variant + "\x00" + oth + "\x00" + c.RungAgent
			s := byKey[key]
			if s == nil {
				s = &series{variant: c.Variant, others: oth, rung: c.RungAgent}
				byKey[key] = s
				ss = append(ss, s)
			}
			s.cells = append(s.cells, c)
		}
		for _, s := range ss {
			switch {
			case s.others == "":
				s.name = s.variant
			case len(variants) == 1:
				s.name = s.others
			default:
				s.name = s.variant + ", " + s.others
			}
			if s.rung != "" {
				s.name += " @ " + s.rung
			}
		}
		xOf := func(c *CellSummary) float64 {
			v, _ := knobValue(c, k.name)
			if k.numeric {
				x, _ := knobNumber(v)
				return x
			}
			key := fmt.Sprint(v)
			for i, kk := range k.keys {
				if kk == key {
					return float64(i)
				}
			}
			return math.NaN()
		}
		for _, m := range curveMetrics {
			lo, hi := metricRange(m.name)
			id := chartStem(m.name, k.name)
			if ids[id]++; ids[id] > 1 { // two knobs that differ only in odd characters
				id = fmt.Sprintf("%s-%d", id, ids[id])
			}
			ch := &chart.Chart{
				ID:      id,
				Title:   fmt.Sprintf("%s by %s%s", m.title, k.name, titleRung),
				XLabel:  k.name,
				YLabel:  m.yLabel,
				Percent: m.percent,
				YMin:    lo, YMax: hi,
				RefName: "perfect play",
				Markers: len(k.values) < 3,
				RefClip: m.name == "drawishness",
			}
			if k.numeric {
				for _, v := range k.values {
					x, _ := knobNumber(v)
					ch.XTicks = append(ch.XTicks, x)
				}
				sort.Float64s(ch.XTicks)
				if len(ch.XTicks) > 12 {
					ch.XTicks = nil
				}
			} else {
				ch.Categories = append(ch.Categories, k.keys...)
			}
			if g, ok := m.guide(max(maxSeats, 2)); ok {
				ch.Guides = append(ch.Guides, g)
			}
			for _, s := range ss {
				cv := chart.Curve{Name: s.name, Colour: colour[s.variant], Dash: dash.of(s.others + "\x00" + s.rung)}
				for _, c := range s.cells {
					e := c.Metrics[m.name]
					p := chart.Point{X: xOf(c), Y: e.Value, Lo: e.Lo, Hi: e.Hi, Ref: math.NaN(),
						Label: fmt.Sprintf("%s: %s", c.Label, estimateText(e, m.percent))}
					if v, ok := m.perfect(c); ok {
						p.Ref = v
						p.RefLabel = perfectRefLabel(c.Label, v, m.percent, c.Solution)
					}
					cv.Points = append(cv.Points, p)
				}
				sort.SliceStable(cv.Points, func(a, b int) bool { return cv.Points[a].X < cv.Points[b].X })
				ch.Series = append(ch.Series, cv)
			}
			charts = append(charts, ch)
		}
	}
	return charts
}

// estimateText writes an estimate with its interval, as a percentage or a number:
// "61.3% [59.4, 63.1]", "41.2 [40.8, 41.6]".
func estimateText(e Estimate, percent bool) string {
	if percent {
		return intervalText(e, "%.1f", 100, "%")
	}
	return intervalText(e, "%.3g", 1, "")
}

// intervalText writes an estimate's value and interval, each scaled and written with
// verb, the unit after the value: "-" without a value, the value alone without an
// interval.
func intervalText(e Estimate, verb string, scale float64, unit string) string {
	if math.IsNaN(e.Value) {
		return "-"
	}
	text := fmt.Sprintf(verb, scale*e.Value) + unit
	if math.IsNaN(e.Lo) {
		return text
	}
	return text + " [" + fmt.Sprintf(verb, scale*e.Lo) + ", " + fmt.Sprintf(verb, scale*e.Hi) + "]"
}

// variantColours gives each variant (in cell order) its colour from the palette.
func variantColours(rep *Report) map[string]string {
	colour := map[string]string{}
	for _, c := range rep.Cells {
		if _, ok := colour[c.Variant]; !ok {
			colour[c.Variant] = palette[len(colour)%len(palette)]
		}
	}
	return colour
}

// chartStem is a chart's file stem: "first_seat_win_rate-by-seeds", the knob's name
// kept to letters, digits, '_' and '-'.
func chartStem(metric, knob string) string {
	var b strings.Builder
	for _, r := range knob {
		switch {
		case r <= unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r)), r == '_', r == '-':
			b.WriteRune(r)
		default:
			b.WriteRune('_')
		}
	}
	return metric + "-by-" + b.String()
}

// ChartFormats are the formats [WriteCharts] writes.
var ChartFormats = []string{"svg", "png"}

// pngScale is the resolution of chart PNGs: pixels per CSS pixel.
const pngScale = 2

// WriteCharts writes the study's charts, those of report.html (the sweep curves and
// the skill ladder's), into dir as files, one per metric and knob, named
// chart-METRIC-by-KNOB.svg or .png (chart-ladder-METRIC for a ladder), and returns their
// paths. A study without a sweep has no curves: it is an error, naming why.
func WriteCharts(rep *Report, dir, format string) ([]string, error) {
	if !slices.Contains(ChartFormats, format) {
		return nil, fmt.Errorf("chart format %q unknown (want %s)", format, strings.Join(ChartFormats, " or "))
	}
	charts := append(sweepCurves(rep), ladderCurves(rep)...)
	if len(charts) == 0 {
		return nil, fmt.Errorf("%s: no curves to draw: the study sweeps no knob over two values or more and has no ladder (add a sweep: or a ladder: to the experiment file)", rep.Header.Experiment)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("chart directory: %w", err)
	}
	var paths []string
	for _, ch := range charts {
		var buf bytes.Buffer
		switch format {
		case "svg":
			buf.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
			buf.WriteString(ch.SVG())
		case "png":
			if err := ch.PNG(&buf, pngScale); err != nil {
				return paths, fmt.Errorf("chart %s: %w", ch.ID, err)
			}
		}
		path := filepath.Join(dir, "chart-"+ch.ID+"."+format)
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			return paths, fmt.Errorf("chart %s: %w", ch.ID, err)
		}
		paths = append(paths, path)
	}
	return paths, nil
}
