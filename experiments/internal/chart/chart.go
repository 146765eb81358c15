package chart

import (
	"fmt"
	"html"
	"math"
	"strconv"
	"strings"
)

// Chart is a line chart of estimates against x: one curve per series, each point
// with its 95% interval (a band on a numeric axis, whiskers on categories) and an
// optional reference value drawn as a hollow diamond (perfect play, say). It knows
// nothing of studies: the sweep curves are one use (a metric against a knob), a chart of
// strength against anything another. SVG draws it for the HTML report and as a file,
// PNG as an image.
type Chart struct {
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
	// Markers draws points with whiskers and no line or band: a sweep of two values
	// shows two estimates, not a trend.
	Markers bool
	// RefClip keeps the reference markers out of the y range: one beyond the values'
	// range is drawn at the axis's edge as a triangle pointing to it (a perfect-play
	// 100% would otherwise flatten a chart of values near 5%).
	RefClip bool
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
	Points []Point
}

// Point is an estimate at x: Y with its interval [Lo, Hi], and a reference value
// Ref. Missing values are NaN: a point without Y breaks the line, one without Lo/Hi
// has no band there, one without Ref no marker.
type Point struct {
	X         float64
	Y, Lo, Hi float64
	Ref       float64
	Label     string // the point's tooltip in the HTML report
	RefLabel  string // the marker's tooltip
}

// HasRefs reports whether any point has a reference value.
func (c *Chart) HasRefs() bool {
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
	kind   int // 0 a Curve, 1 a reference marker, 2 a guide
}

func (c *Chart) legend() []legendItem {
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
func (c *Chart) legendLayout() ([]pt, float64) {
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
func (c *Chart) Size() (float64, float64) {
	_, lh := c.legendLayout()
	return chartW, chartTop + chartPlotH + chartXAxisH + lh + 4
}

// xRange is the numeric x axis's domain (with a margin) and its ticks.
func (c *Chart) xRange() (lo, hi float64, ticks []float64) {
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
		step := NiceStep((hi - lo) / 5)
		for t := math.Ceil(lo/step) * step; t <= hi+step*1e-9; t += step {
			ticks = append(ticks, t)
		}
	}
	pad := 0.06 * (hi - lo)
	return lo - pad, hi + pad, ticks
}

// yRange is the y axis's domain, covering the values, intervals, references and
// guides, on round ticks inside [YMin, YMax].
func (c *Chart) yRange() (lo, hi, step float64) {
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
			if !c.RefClip {
				see(p.Ref)
			}
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
	return Axis(lo-pad, hi+pad, clampLo, clampHi)
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

// The colours of a chart's frame.
const (
	chartGrid = "#e5e5e5"
	chartAxis = "#888888"
	chartText = "#333333"
)

// plotArea is where a chart plots: its edges in pixels, its axes' domains and ticks.
type plotArea struct {
	l, r, t, b float64 // the left, right, top and bottom edges
	xlo, xhi   float64
	ylo, yhi   float64
	xticks     []float64
	ystep      float64
}

// plotArea lays the chart's plot area out.
func (c *Chart) plotArea() *plotArea {
	w, _ := c.Size()
	a := &plotArea{l: chartLeft, r: w - chartRight, t: chartTop, b: chartTop + chartPlotH}
	a.xlo, a.xhi, a.xticks = c.xRange()
	a.ylo, a.yhi, a.ystep = c.yRange()
	return a
}

// x is the pixel column of x value v.
func (a *plotArea) x(v float64) float64 { return a.l + (v-a.xlo)/(a.xhi-a.xlo)*(a.r-a.l) }

// y is the pixel row of y value v.
func (a *plotArea) y(v float64) float64 { return a.b - (v-a.ylo)/(a.yhi-a.ylo)*(a.b-a.t) }

// yc is the pixel row of y value v clamped to the y axis.
func (a *plotArea) yc(v float64) float64 { return a.y(math.Max(a.ylo, math.Min(a.yhi, v))) }

// draw lays the chart out on a canvas: the title, the grid and ticks, the guides, the
// intervals (bands first, so that every line lies on top of every band), the curves,
// the reference markers, the axes and the legend.
func (c *Chart) draw(cv canvas) {
	a := c.plotArea()
	cv.text(pt{a.l, 18}, c.Title, textStyle{Size: 13, Colour: "#222222", Bold: true})
	c.drawYGrid(cv, a)
	c.drawXTicks(cv, a)
	c.drawGuides(cv, a)
	if len(c.Categories) == 0 && !c.Markers {
		for _, s := range c.Series {
			drawBands(cv, a, s)
		}
	}
	for i, s := range c.Series {
		c.drawCurve(cv, a, s, c.dodge(a, i))
	}
	for i, s := range c.Series {
		drawRefs(cv, a, s, c.dodge(a, i))
	}
	cv.polyline([]pt{{a.l, a.t}, {a.l, a.b}, {a.r, a.b}}, paint{Stroke: chartAxis, Width: 1})
	cv.text(pt{(a.l + a.r) / 2, a.b + 35}, c.XLabel, textStyle{Size: 12, Anchor: anchorMiddle, Colour: "#222222"})
	cv.text(pt{16, (a.t + a.b) / 2}, c.YLabel, textStyle{Size: 12, Anchor: anchorMiddle, Colour: "#222222", Rotate: true})
	c.drawLegend(cv, a)
}

// drawYGrid draws the horizontal grid lines with the y ticks.
func (c *Chart) drawYGrid(cv canvas, a *plotArea) {
	for t := a.ylo; t <= a.yhi+a.ystep*1e-9; t += a.ystep {
		y := a.y(t)
		cv.polyline([]pt{{a.l, y}, {a.r, y}}, paint{Stroke: chartGrid, Width: 1})
		cv.text(pt{a.l - 6, y + 4}, tickText(t, a.ystep, c.Percent), textStyle{Size: 11, Anchor: anchorEnd, Colour: chartText})
	}
}

// drawXTicks draws the vertical grid lines with the x ticks and their labels: the
// categories, whole numbers as they are, others to the ticks' precision.
func (c *Chart) drawXTicks(cv canvas, a *plotArea) {
	xstep := 1.0
	if len(a.xticks) > 1 {
		xstep = a.xticks[1] - a.xticks[0]
	}
	for i, t := range a.xticks {
		x := a.x(t)
		label := tickText(t, xstep, false)
		if len(c.Categories) > 0 {
			label = c.Categories[i]
		} else if t == math.Trunc(t) && math.Abs(t) < 1e15 {
			label = strconv.FormatFloat(t, 'f', -1, 64)
		}
		cv.polyline([]pt{{x, a.t}, {x, a.b}}, paint{Stroke: chartGrid, Width: 1})
		cv.polyline([]pt{{x, a.b}, {x, a.b + 4}}, paint{Stroke: chartAxis, Width: 1})
		cv.text(pt{x, a.b + 17}, label, textStyle{Size: 11, Anchor: anchorMiddle, Colour: chartText})
	}
}

// drawGuides draws the guides within the y axis, dashed, with their labels.
func (c *Chart) drawGuides(cv canvas, a *plotArea) {
	for _, g := range c.Guides {
		if g.Y < a.ylo || g.Y > a.yhi {
			continue
		}
		y := a.y(g.Y)
		cv.polyline([]pt{{a.l, y}, {a.r, y}}, paint{Stroke: "#777777", Width: 1, Dash: []float64{4, 3}, Title: g.Label})
		if g.Label != "" {
			cv.text(pt{a.r - 2, y - 4}, g.Label, textStyle{Size: 10, Anchor: anchorEnd, Colour: "#666666"})
		}
	}
}

// dodge is the x offset of series i: on categories the series sit side by side.
func (c *Chart) dodge(a *plotArea, i int) float64 {
	n := len(c.Series)
	if len(c.Categories) == 0 || n < 2 {
		return 0
	}
	slot := math.Min(10, (a.x(1)-a.x(0))*0.5/float64(n))
	return (float64(i) - float64(n-1)/2) * slot
}

// drawBands draws a curve's intervals on a numeric axis: a band over each run of
// points with intervals, a bar for a lone one.
func drawBands(cv canvas, a *plotArea, s Curve) {
	for _, ps := range bandRuns(s.Points) {
		var poly []pt
		for _, p := range ps {
			poly = append(poly, pt{a.x(p.X), a.yc(p.Hi)})
		}
		for i := len(ps) - 1; i >= 0; i-- {
			poly = append(poly, pt{a.x(ps[i].X), a.yc(ps[i].Lo)})
		}
		if len(ps) == 1 { // a lone interval: a bar
			x := a.x(ps[0].X)
			poly = []pt{{x - 3, a.yc(ps[0].Hi)}, {x + 3, a.yc(ps[0].Hi)}, {x + 3, a.yc(ps[0].Lo)}, {x - 3, a.yc(ps[0].Lo)}}
		}
		cv.polygon(poly, paint{Fill: s.Colour, Alpha: 0.18, Class: "curve-band", Title: s.Name + ": 95% interval"})
	}
}

// drawCurve draws a curve shifted by dx: its line (broken where a point has no
// value), on categories its whiskers, and its points.
func (c *Chart) drawCurve(cv canvas, a *plotArea, s Curve, dx float64) {
	var line []pt
	flush := func() {
		if len(line) > 1 {
			cv.polyline(line, paint{Stroke: s.Colour, Width: 2, Dash: s.Dash, Class: "curve", Title: s.Name})
		}
		line = nil
	}
	for _, p := range s.Points {
		if math.IsNaN(p.Y) || c.Markers {
			flush()
			continue
		}
		line = append(line, pt{a.x(p.X) + dx, a.yc(p.Y)})
	}
	flush()
	if len(c.Categories) > 0 || c.Markers {
		drawWhiskers(cv, a, s, dx)
	}
	for _, p := range s.Points {
		if math.IsNaN(p.Y) {
			continue
		}
		cv.circle(pt{a.x(p.X) + dx, a.yc(p.Y)}, 3.2, paint{Fill: s.Colour, Stroke: "#ffffff", Width: 1, Class: "curve-point", Title: p.Label})
	}
}

// drawWhiskers draws a curve's intervals on categories: a whisker with end caps at
// each point that has one.
func drawWhiskers(cv canvas, a *plotArea, s Curve, dx float64) {
	for _, p := range s.Points {
		if math.IsNaN(p.Lo) || math.IsNaN(p.Hi) || math.IsNaN(p.Y) {
			continue
		}
		x := a.x(p.X) + dx
		cv.polyline([]pt{{x, a.yc(p.Lo)}, {x, a.yc(p.Hi)}}, paint{Stroke: s.Colour, Width: 1.5, Class: "curve-whisker"})
		for _, e := range []float64{p.Lo, p.Hi} {
			cv.polyline([]pt{{x - 3, a.yc(e)}, {x + 3, a.yc(e)}}, paint{Stroke: s.Colour, Width: 1.5})
		}
	}
}

// drawRefs draws a curve's reference values as hollow diamonds.
func drawRefs(cv canvas, a *plotArea, s Curve, dx float64) {
	for _, p := range s.Points {
		if math.IsNaN(p.Ref) {
			continue
		}
		at := pt{a.x(p.X) + dx, a.yc(p.Ref)}
		shape := diamond(at, 5.5)
		switch {
		case p.Ref > a.yhi: // off the top: a triangle pointing up at the edge
			shape = []pt{{at.X, at.Y}, {at.X + 5.5, at.Y + 8}, {at.X - 5.5, at.Y + 8}}
		case p.Ref < a.ylo:
			shape = []pt{{at.X, at.Y}, {at.X + 5.5, at.Y - 8}, {at.X - 5.5, at.Y - 8}}
		}
		cv.polygon(shape, paint{Stroke: s.Colour, Width: 1.8, Fill: "#ffffff", Class: "curve-ref", Title: p.RefLabel})
	}
}

// drawLegend draws the legend under the x axis: a line and a dot per Curve, a diamond
// for the reference markers.
func (c *Chart) drawLegend(cv canvas, a *plotArea) {
	at, _ := c.legendLayout()
	top := a.b + chartXAxisH + 8
	for i, it := range c.legend() {
		x, y := at[i].X, top+at[i].Y
		switch it.kind {
		case 0:
			cv.polyline([]pt{{x, y}, {x + 24, y}}, paint{Stroke: it.colour, Width: 2, Dash: it.dash, Class: "legend"})
			cv.circle(pt{x + 12, y}, 3.2, paint{Fill: it.colour, Stroke: "#ffffff", Width: 1})
		case 1:
			cv.polygon(diamond(pt{x + 12, y}, 5.5), paint{Stroke: it.colour, Width: 1.8, Fill: "#ffffff", Class: "legend"})
		}
		cv.text(pt{x + 30, y + 4}, it.name, textStyle{Size: 11, Colour: chartText})
	}
}

// bandRuns splits a curve's points into runs that have intervals.
func bandRuns(ps []Point) [][]Point {
	var runs [][]Point
	var run []Point
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
func (c *Chart) SVG() string {
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
