package experiments

import (
	"fmt"
	"html"
	"math"
	"strconv"
	"strings"
)

// CurveChart is a line chart of estimates against x: one curve per series, each point
// with its 95% interval (a band on a numeric axis, whiskers on categories) and an
// optional reference value drawn as a hollow diamond (perfect play, say). It knows
// nothing of studies: the sweep curves are one use (a metric against a knob), a chart of
// strength against anything another. [CurveChart.SVG] draws it for the HTML report and
// as a file, [CurveChart.PNG] as an image.
type CurveChart struct {
	// ID names the chart: the file stem of its svg/png and its id in the HTML report.
	ID     string
	Title  string
	XLabel string
	YLabel string
	// Categories makes the x axis categorical: a point's X is an index into it.
	// Otherwise x is numeric.
	Categories []string
	// XTicks are the numeric x axis's ticks; nil picks round numbers.
	XTicks []float64
	// Percent writes the y ticks as percentages (the values are shares).
	Percent bool
	// YMin and YMax bound the y axis (±Inf for open ends): a metric's range.
	YMin, YMax float64
	// Guides are horizontal reference lines: a fair share, zero advantage.
	Guides []Guide
	// RefName names the reference markers in the legend ("perfect play").
	RefName string
	Series  []Curve
}

// Guide is a horizontal dashed line at Y.
type Guide struct {
	Y     float64
	Label string
}

// Curve is one series of a chart.
type Curve struct {
	Name   string
	Colour string    // "#RRGGBB"
	Dash   []float64 // dash pattern in pixels; nil draws solid
	Points []CurvePoint
}

// CurvePoint is an estimate at x: Y with its interval [Lo, Hi], and a reference value
// Ref. Missing values are NaN: a point without Y breaks the line, one without Lo/Hi
// has no band there, one without Ref no marker.
type CurvePoint struct {
	X         float64
	Y, Lo, Hi float64
	Ref       float64
	Label     string // the point's tooltip in the HTML report
	RefLabel  string // the marker's tooltip
}

// HasRefs reports whether any point has a reference value.
func (c *CurveChart) HasRefs() bool {
	for _, s := range c.Series {
		for _, p := range s.Points {
			if !math.IsNaN(p.Ref) {
				return true
			}
		}
	}
	return false
}

// The chart's geometry, in CSS pixels (the PNG is drawn at a multiple).
const (
	chartW      = 560.0
	chartPlotH  = 250.0
	chartTop    = 40.0
	chartLeft   = 62.0
	chartRight  = 18.0
	chartXAxisH = 42.0
	legendRowH  = 18.0
	charW       = 6.1 // the mean advance of an 11px sans-serif character, for layout
)

// pt is a point in pixels.
type pt struct{ X, Y float64 }

// paint is how a shape is drawn.
type paint struct {
	Stroke string
	Width  float64
	Dash   []float64
	Fill   string
	Alpha  float64 // the fill's opacity; 0 is opaque
	Class  string  // the SVG class (for the report's checks and styles)
	Title  string  // the SVG tooltip
}

// anchor aligns text at its point.
type anchor int

const (
	anchorStart anchor = iota
	anchorMiddle
	anchorEnd
)

// textStyle is how a text is drawn.
type textStyle struct {
	Size   float64
	Anchor anchor
	Colour string
	Bold   bool
	Rotate bool // upright along the left edge: rotated 90° anticlockwise
}

// canvas receives a chart's shapes: an SVG writer and a rasterizer implement it.
type canvas interface {
	polyline(pts []pt, p paint)
	polygon(pts []pt, p paint)
	circle(c pt, r float64, p paint)
	text(at pt, s string, ts textStyle)
}

// legendItem is one entry of a chart's legend.
type legendItem struct {
	name   string
	colour string
	dash   []float64
	kind   int // 0 a curve, 1 a reference marker, 2 a guide
}

func (c *CurveChart) legend() []legendItem {
	var items []legendItem
	for _, s := range c.Series {
		items = append(items, legendItem{name: s.Name, colour: s.Colour, dash: s.Dash})
	}
	if c.HasRefs() {
		name := c.RefName
		if name == "" {
			name = "reference"
		}
		items = append(items, legendItem{name: name, colour: "#444444", kind: 1})
	}
	return items
}

// legendLayout places the legend's entries in rows under the plot: their positions
// and the rows' total height.
func (c *CurveChart) legendLayout() ([]pt, float64) {
	items := c.legend()
	var at []pt
	x, row := chartLeft, 0
	for _, it := range items {
		w := 30 + charW*float64(len([]rune(it.name))) + 16
		if x+w > chartW-chartRight && x > chartLeft {
			x, row = chartLeft, row+1
		}
		at = append(at, pt{x, float64(row) * legendRowH})
		x += w
	}
	if len(items) == 0 {
		return nil, 0
	}
	return at, float64(row+1)*legendRowH + 6
}

// Size is the chart's width and height in CSS pixels.
func (c *CurveChart) Size() (float64, float64) {
	_, lh := c.legendLayout()
	return chartW, chartTop + chartPlotH + chartXAxisH + lh + 4
}

// xRange is the numeric x axis's domain (with a margin) and its ticks.
func (c *CurveChart) xRange() (lo, hi float64, ticks []float64) {
	if len(c.Categories) > 0 {
		for i := range c.Categories {
			ticks = append(ticks, float64(i))
		}
		return -0.5, float64(len(c.Categories)) - 0.5, ticks
	}
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, s := range c.Series {
		for _, p := range s.Points {
			if !math.IsNaN(p.X) && !math.IsInf(p.X, 0) {
				lo, hi = math.Min(lo, p.X), math.Max(hi, p.X)
			}
		}
	}
	for _, t := range c.XTicks {
		lo, hi = math.Min(lo, t), math.Max(hi, t)
	}
	if math.IsInf(lo, 0) {
		lo, hi = 0, 1
	}
	if hi == lo {
		lo, hi = lo-1, hi+1
	}
	ticks = c.XTicks
	if ticks == nil {
		step := niceStep((hi - lo) / 5)
		for t := math.Ceil(lo/step) * step; t <= hi+step*1e-9; t += step {
			ticks = append(ticks, t)
		}
	}
	pad := 0.06 * (hi - lo)
	return lo - pad, hi + pad, ticks
}

// yRange is the y axis's domain, covering the values, intervals, references and
// guides, on round ticks inside [YMin, YMax].
func (c *CurveChart) yRange() (lo, hi, step float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	see := func(v float64) {
		if !math.IsNaN(v) && !math.IsInf(v, 0) {
			lo, hi = math.Min(lo, v), math.Max(hi, v)
		}
	}
	for _, s := range c.Series {
		for _, p := range s.Points {
			see(p.Y)
			see(p.Lo)
			see(p.Hi)
			see(p.Ref)
		}
	}
	for _, g := range c.Guides {
		see(g.Y)
	}
	clampLo, clampHi := c.YMin, c.YMax
	if math.IsInf(lo, 0) {
		lo, hi = 0, 1
		if !math.IsInf(clampLo, 0) && !math.IsInf(clampHi, 0) {
			lo, hi = clampLo, clampHi
		}
	}
	pad := 0.04 * (hi - lo)
	if pad == 0 {
		pad = math.Max(0.05*math.Abs(hi), 0.01)
	}
	if math.IsNaN(clampLo) {
		clampLo = math.Inf(-1)
	}
	if math.IsNaN(clampHi) {
		clampHi = math.Inf(1)
	}
	return axis(lo-pad, hi+pad, clampLo, clampHi)
}

// tickText writes a tick value.
func tickText(v, step float64, percent bool) string {
	if percent {
		v, step = 100*v, 100*step
	}
	if math.Abs(v) < math.Abs(step)*1e-6 { // no "-0" from a sum of steps
		v = 0
	}
	dec := 0
	for s := step; dec < 4 && math.Abs(s-math.Round(s)) > 1e-9; s *= 10 {
		dec++
	}
	out := strconv.FormatFloat(v, 'f', dec, 64)
	if percent {
		out += "%"
	}
	return out
}

// draw lays the chart out on a canvas.
func (c *CurveChart) draw(cv canvas) {
	w, _ := c.Size()
	plotL, plotR := chartLeft, w-chartRight
	plotT, plotB := chartTop, chartTop+chartPlotH
	xlo, xhi, xticks := c.xRange()
	ylo, yhi, ystep := c.yRange()
	X := func(v float64) float64 { return plotL + (v-xlo)/(xhi-xlo)*(plotR-plotL) }
	Y := func(v float64) float64 { return plotB - (v-ylo)/(yhi-ylo)*(plotB-plotT) }
	clampY := func(v float64) float64 { return math.Max(ylo, math.Min(yhi, v)) }
	const grid, axisC, textC = "#e5e5e5", "#888888", "#333333"

	cv.text(pt{plotL, 18}, c.Title, textStyle{Size: 13, Colour: "#222222", Bold: true})
	// Grid and ticks.
	for t := ylo; t <= yhi+ystep*1e-9; t += ystep {
		y := Y(t)
		cv.polyline([]pt{{plotL, y}, {plotR, y}}, paint{Stroke: grid, Width: 1})
		cv.text(pt{plotL - 6, y + 4}, tickText(t, ystep, c.Percent), textStyle{Size: 11, Anchor: anchorEnd, Colour: textC})
	}
	xstep := 1.0
	if len(xticks) > 1 {
		xstep = xticks[1] - xticks[0]
	}
	for i, t := range xticks {
		x := X(t)
		label := tickText(t, xstep, false)
		if len(c.Categories) > 0 {
			label = c.Categories[i]
		} else if t == math.Trunc(t) && math.Abs(t) < 1e15 {
			label = strconv.FormatFloat(t, 'f', -1, 64)
		}
		cv.polyline([]pt{{x, plotT}, {x, plotB}}, paint{Stroke: grid, Width: 1})
		cv.polyline([]pt{{x, plotB}, {x, plotB + 4}}, paint{Stroke: axisC, Width: 1})
		cv.text(pt{x, plotB + 17}, label, textStyle{Size: 11, Anchor: anchorMiddle, Colour: textC})
	}
	// Guides.
	for _, g := range c.Guides {
		if g.Y < ylo || g.Y > yhi {
			continue
		}
		y := Y(g.Y)
		cv.polyline([]pt{{plotL, y}, {plotR, y}}, paint{Stroke: "#777777", Width: 1, Dash: []float64{4, 3}, Title: g.Label})
		if g.Label != "" {
			cv.text(pt{plotR - 2, y - 4}, g.Label, textStyle{Size: 10, Anchor: anchorEnd, Colour: "#666666"})
		}
	}
	// Series positions: on categories, the series sit side by side.
	n := len(c.Series)
	dodge := func(i int) float64 {
		if len(c.Categories) == 0 || n < 2 {
			return 0
		}
		slot := math.Min(10, (X(1)-X(0))*0.5/float64(n))
		return (float64(i) - float64(n-1)/2) * slot
	}
	// Bands first, so that every line lies on top of every band.
	if len(c.Categories) == 0 {
		for _, s := range c.Series {
			for _, run := range bandRuns(s.Points) {
				var poly []pt
				for _, p := range run {
					poly = append(poly, pt{X(p.X), Y(clampY(p.Hi))})
				}
				for i := len(run) - 1; i >= 0; i-- {
					poly = append(poly, pt{X(run[i].X), Y(clampY(run[i].Lo))})
				}
				if len(run) == 1 { // a lone interval: a bar
					x := X(run[0].X)
					poly = []pt{{x - 3, Y(clampY(run[0].Hi))}, {x + 3, Y(clampY(run[0].Hi))}, {x + 3, Y(clampY(run[0].Lo))}, {x - 3, Y(clampY(run[0].Lo))}}
				}
				cv.polygon(poly, paint{Fill: s.Colour, Alpha: 0.18, Class: "curve-band", Title: s.Name + ": 95% interval"})
			}
		}
	}
	for i, s := range c.Series {
		dx := dodge(i)
		var line []pt
		flush := func() {
			if len(line) > 1 {
				cv.polyline(line, paint{Stroke: s.Colour, Width: 2, Dash: s.Dash, Class: "curve", Title: s.Name})
			}
			line = nil
		}
		for _, p := range s.Points {
			if math.IsNaN(p.Y) {
				flush()
				continue
			}
			line = append(line, pt{X(p.X) + dx, Y(clampY(p.Y))})
		}
		flush()
		if len(c.Categories) > 0 {
			for _, p := range s.Points {
				if math.IsNaN(p.Lo) || math.IsNaN(p.Hi) || math.IsNaN(p.Y) {
					continue
				}
				x := X(p.X) + dx
				cv.polyline([]pt{{x, Y(clampY(p.Lo))}, {x, Y(clampY(p.Hi))}}, paint{Stroke: s.Colour, Width: 1.5, Class: "curve-whisker"})
				for _, e := range []float64{p.Lo, p.Hi} {
					cv.polyline([]pt{{x - 3, Y(clampY(e))}, {x + 3, Y(clampY(e))}}, paint{Stroke: s.Colour, Width: 1.5})
				}
			}
		}
		for _, p := range s.Points {
			if math.IsNaN(p.Y) {
				continue
			}
			cv.circle(pt{X(p.X) + dx, Y(clampY(p.Y))}, 3.2, paint{Fill: s.Colour, Stroke: "#ffffff", Width: 1, Class: "curve-point", Title: p.Label})
		}
	}
	for i, s := range c.Series {
		dx := dodge(i)
		for _, p := range s.Points {
			if math.IsNaN(p.Ref) {
				continue
			}
			cv.polygon(diamond(pt{X(p.X) + dx, Y(clampY(p.Ref))}, 5.5), paint{Stroke: s.Colour, Width: 1.8, Fill: "#ffffff", Class: "curve-ref", Title: p.RefLabel})
		}
	}
	// Axes and their labels.
	cv.polyline([]pt{{plotL, plotT}, {plotL, plotB}, {plotR, plotB}}, paint{Stroke: axisC, Width: 1})
	cv.text(pt{(plotL + plotR) / 2, plotB + 35}, c.XLabel, textStyle{Size: 12, Anchor: anchorMiddle, Colour: "#222222"})
	cv.text(pt{16, (plotT + plotB) / 2}, c.YLabel, textStyle{Size: 12, Anchor: anchorMiddle, Colour: "#222222", Rotate: true})
	// The legend.
	at, _ := c.legendLayout()
	top := plotB + chartXAxisH + 8
	for i, it := range c.legend() {
		x, y := at[i].X, top+at[i].Y
		switch it.kind {
		case 0:
			cv.polyline([]pt{{x, y}, {x + 24, y}}, paint{Stroke: it.colour, Width: 2, Dash: it.dash, Class: "legend"})
			cv.circle(pt{x + 12, y}, 3.2, paint{Fill: it.colour, Stroke: "#ffffff", Width: 1})
		case 1:
			cv.polygon(diamond(pt{x + 12, y}, 5.5), paint{Stroke: it.colour, Width: 1.8, Fill: "#ffffff", Class: "legend"})
		}
		cv.text(pt{x + 30, y + 4}, it.name, textStyle{Size: 11, Colour: textC})
	}
}

// bandRuns splits a curve's points into runs that have intervals.
func bandRuns(ps []CurvePoint) [][]CurvePoint {
	var runs [][]CurvePoint
	var run []CurvePoint
	for _, p := range ps {
		if math.IsNaN(p.Lo) || math.IsNaN(p.Hi) || math.IsNaN(p.Y) {
			if len(run) > 0 {
				runs = append(runs, run)
			}
			run = nil
			continue
		}
		run = append(run, p)
	}
	if len(run) > 0 {
		runs = append(runs, run)
	}
	return runs
}

func diamond(c pt, r float64) []pt {
	return []pt{{c.X, c.Y - r}, {c.X + r, c.Y}, {c.X, c.Y + r}, {c.X - r, c.Y}}
}

// SVG draws the chart as a standalone SVG element. Every text in it is escaped: the
// result may be inlined into HTML as it is.
func (c *CurveChart) SVG() string {
	w, h := c.Size()
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="chart curve-chart" role="img" xmlns="http://www.w3.org/2000/svg" width="%g" height="%g" viewBox="0 0 %g %g"`, w, h, w, h)
	if c.ID != "" {
		fmt.Fprintf(&b, ` id="chart-%s"`, html.EscapeString(c.ID))
	}
	fmt.Fprintf(&b, ">\n<title>%s</title>\n", html.EscapeString(c.Title))
	fmt.Fprintf(&b, "<rect class=\"bg\" x=\"0\" y=\"0\" width=\"%g\" height=\"%g\" fill=\"#ffffff\"/>\n", w, h)
	c.draw(&svgCanvas{b: &b})
	b.WriteString("</svg>\n")
	return b.String()
}

// svgCanvas writes SVG elements.
type svgCanvas struct{ b *strings.Builder }

func svgNum(x float64) string { return strconv.FormatFloat(math.Round(x*10)/10, 'f', -1, 64) }

func (s *svgCanvas) attrs(p paint, fill bool) {
	b := s.b
	if p.Class != "" {
		fmt.Fprintf(b, ` class="%s"`, html.EscapeString(p.Class))
	}
	switch {
	case fill && p.Fill != "":
		fmt.Fprintf(b, ` fill="%s"`, html.EscapeString(p.Fill))
		if p.Alpha > 0 {
			fmt.Fprintf(b, ` fill-opacity="%g"`, p.Alpha)
		}
	default:
		b.WriteString(` fill="none"`)
	}
	if p.Stroke != "" {
		fmt.Fprintf(b, ` stroke="%s" stroke-width="%g" stroke-linejoin="round"`, html.EscapeString(p.Stroke), p.Width)
		if len(p.Dash) > 0 {
			var ds []string
			for _, d := range p.Dash {
				ds = append(ds, svgNum(d))
			}
			fmt.Fprintf(b, ` stroke-dasharray="%s"`, strings.Join(ds, " "))
		}
	}
}

func (s *svgCanvas) end(p paint, elem string) {
	if p.Title != "" {
		fmt.Fprintf(s.b, "><title>%s</title></%s>\n", html.EscapeString(p.Title), elem)
		return
	}
	s.b.WriteString("/>\n")
}

func (s *svgCanvas) path(pts []pt, closed bool) {
	s.b.WriteString(`<path d="`)
	for i, q := range pts {
		if i == 0 {
			s.b.WriteString("M")
		} else {
			s.b.WriteString(" L")
		}
		s.b.WriteString(svgNum(q.X) + "," + svgNum(q.Y))
	}
	if closed {
		s.b.WriteString(" Z")
	}
	s.b.WriteString(`"`)
}

func (s *svgCanvas) polyline(pts []pt, p paint) {
	s.path(pts, false)
	s.attrs(paint{Stroke: p.Stroke, Width: p.Width, Dash: p.Dash, Class: p.Class}, false)
	s.end(p, "path")
}

func (s *svgCanvas) polygon(pts []pt, p paint) {
	s.path(pts, true)
	s.attrs(p, true)
	s.end(p, "path")
}

func (s *svgCanvas) circle(c pt, r float64, p paint) {
	fmt.Fprintf(s.b, `<circle cx="%s" cy="%s" r="%g"`, svgNum(c.X), svgNum(c.Y), r)
	s.attrs(p, true)
	s.end(p, "circle")
}

func (s *svgCanvas) text(at pt, str string, ts textStyle) {
	if str == "" {
		return
	}
	b := s.b
	fmt.Fprintf(b, `<text x="%s" y="%s" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" font-size="%g" fill="%s"`,
		svgNum(at.X), svgNum(at.Y), ts.Size, html.EscapeString(ts.Colour))
	switch ts.Anchor {
	case anchorMiddle:
		b.WriteString(` text-anchor="middle"`)
	case anchorEnd:
		b.WriteString(` text-anchor="end"`)
	}
	if ts.Bold {
		b.WriteString(` font-weight="600"`)
	}
	if ts.Rotate {
		fmt.Fprintf(b, ` transform="rotate(-90 %s %s)"`, svgNum(at.X), svgNum(at.Y))
	}
	fmt.Fprintf(b, ">%s</text>\n", html.EscapeString(str))
}
