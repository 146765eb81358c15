package chart

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"image/png"
	"io"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// twoCurves is a chart of two series, in the report's first two colours, of three
// points each with their intervals and a perfect-play reference on the first.
func twoCurves() *Chart {
	c := &Chart{ID: "first_seat_win_rate-by-n", Title: "First seat's win rate by n", XLabel: "n", YLabel: "first seat's win rate",
		Percent: true, YMin: 0, YMax: 1, RefName: "perfect play", Guides: []Guide{{Y: 0.5, Label: "fair share"}}}
	for i, colour := range []string{"#0072B2", "#D55E00"} {
		cv := Curve{Name: fmt.Sprintf("variant %d", i+1), Colour: colour}
		for x := 3; x <= 5; x++ {
			y := 0.4 + 0.05*float64(x) - 0.1*float64(i)
			ref := math.NaN()
			if i == 0 {
				ref = 1
			}
			cv.Points = append(cv.Points, Point{X: float64(x), Y: y, Lo: y - 0.04, Hi: y + 0.04, Ref: ref})
		}
		c.Series = append(c.Series, cv)
	}
	return c
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

func TestCurveChartAxes(t *testing.T) {
	c := &Chart{YMin: 0, YMax: 1, Percent: true, Series: []Curve{{Points: []Point{
		{X: 3, Y: 0.45, Lo: 0.4, Hi: 0.5, Ref: 1}, {X: 7, Y: 0.5, Lo: 0.45, Hi: 0.55, Ref: math.NaN()}}}}}
	lo, hi, step := c.yRange()
	assert.InDelta(t, 0.2, step, 1e-12)
	assert.InDelta(t, 0.2, lo, 1e-9)
	assert.InDelta(t, 1, hi, 1e-9, "the reference value is on the axis, which stays inside the metric's range")
	xlo, xhi, ticks := c.xRange()
	assert.Less(t, xlo, 3.0)
	assert.Greater(t, xhi, 7.0)
	assert.Equal(t, []float64{3, 4, 5, 6, 7}, ticks)

	empty := &Chart{YMin: 0, YMax: 1}
	lo, hi, _ = empty.yRange()
	assert.Equal(t, []float64{0, 1}, []float64{lo, hi})
	_ = empty.SVG() // no series: an empty frame, no panic

	tests := []struct {
		v, step float64
		percent bool
		want    string
	}{
		{0.25, 0.25, true, "25%"},
		{0.125, 0.025, true, "12.5%"},
		{math.Copysign(0, -1), 0.1, false, "0.0"},
		{-1e-17, 0.25, true, "0%"},
		{12, 2, false, "12"},
		{1.5, 0.5, false, "1.5"},
	}
	for _, tc := range tests {
		assert.Equal(t, tc.want, tickText(tc.v, tc.step, tc.percent))
	}
}

func TestDashes(t *testing.T) {
	line := []pt{{0, 0}, {10, 0}, {10, 10}}
	assert.Equal(t, [][]pt{line}, dashes(line, nil))
	pieces := dashes(line, []float64{4, 2})
	total := 0.0
	for _, p := range pieces {
		for i := 1; i < len(p); i++ {
			total += math.Hypot(p[i].X-p[i-1].X, p[i].Y-p[i-1].Y)
		}
	}
	// 20 pixels of 4 on, 2 off: 0-4, 6-10 (round the corner), 12-16, 18-20.
	assert.Len(t, pieces, 4)
	assert.InDelta(t, 14, total, 1e-9)
	assert.Len(t, pieces[1], 3, "the second dash turns the corner")
}

// The PNG draws what the SVG draws: the series' colours are on it, the y label is
// set upright along the left edge.
func TestCurveChartPNG(t *testing.T) {
	c := twoCurves()
	var buf bytes.Buffer
	require.NoError(t, c.PNG(&buf, 1))
	img, err := png.Decode(&buf)
	require.NoError(t, err)
	colours := map[string]int{}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			colours[fmt.Sprintf("#%02X%02X%02X", r>>8, g>>8, bl>>8)]++
		}
	}
	assert.Greater(t, colours["#0072B2"], 50, "variant A's lines")
	assert.Greater(t, colours["#D55E00"], 50, "variant B's lines")
	// The rotated y label: ink in the left margin, in a column taller than it is wide.
	ink := 0
	for y := int(chartTop); y < int(chartTop+chartPlotH); y++ {
		for x := 8; x < 22; x++ {
			if r, _, _, _ := img.At(x, y).RGBA(); r < 0x8000 {
				ink++
			}
		}
	}
	assert.Greater(t, ink, 40, "the y label")
	for _, bad := range []float64{0, -1, math.NaN(), 9} {
		assert.Error(t, c.PNG(io.Discard, bad))
	}
}

func BenchmarkCurveChartPNG(b *testing.B) {
	c := twoCurves()
	for b.Loop() {
		if err := c.PNG(io.Discard, 2); err != nil {
			b.Fatal(err)
		}
	}
}

// TestChartMarkersAndClippedRefs: a numeric sweep of two values is drawn as points with
// whiskers (no line, no band), and a reference marker far above the values (a drawn
// game's 100% draws beside rates near 5%) stays out of the y range, drawn at the top
// edge as a triangle.
func TestChartMarkersAndClippedRefs(t *testing.T) {
	pts := []Point{{X: 3, Y: 0.05, Lo: 0.04, Hi: 0.06, Ref: 1, RefLabel: "draw"}, {X: 4, Y: 0.07, Lo: 0.06, Hi: 0.08, Ref: math.NaN()}}
	c := &Chart{ID: "x", Title: "Draws", XTicks: []float64{3, 4}, Percent: true, YMin: 0, YMax: 1,
		Markers: true, RefClip: true, RefName: "perfect play", Series: []Curve{{Name: "kalah", Colour: "#0072B2", Points: pts}}}
	num := parseSVG(t, c.SVG())
	assert.Zero(t, num["path.curve"])
	assert.Zero(t, num["path.curve-band"])
	assert.Equal(t, 2, num["path.curve-whisker"])
	assert.Equal(t, 1, num["path.curve-ref"])
	_, hi, _ := c.yRange()
	assert.Less(t, hi, 0.2, "the 100% marker does not stretch the axis")
	c.RefClip = false
	_, hi, _ = c.yRange()
	assert.GreaterOrEqual(t, hi, 1.0)
}
