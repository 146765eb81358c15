package chart

import (
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"io"
	"math"

	boards "github.com/kalahlab/kalahlab/core/draw"
)

// BoardPNG paints a board drawing (core/draw) as a PNG image, scale times its natural
// size, with the rasteriser of the charts (the Go fonts, compiled in). The clickable
// regions of the moves are invisible in the SVG and left out here.
func BoardPNG(w io.Writer, d *boards.Drawing, scale float64) error {
	if scale <= 0 || math.IsNaN(scale) || scale > 8 {
		return fmt.Errorf("png scale %g: want more than 0 and at most 8", scale)
	}
	if d == nil || !(d.Width > 0) || !(d.Height > 0) || d.Width*scale > 20000 || d.Height*scale > 20000 {
		return fmt.Errorf("board png: no drawing, or a size out of range")
	}
	W, H := int(math.Ceil(d.Width*scale)), int(math.Ceil(d.Height*scale))
	img := image.NewRGBA(image.Rect(0, 0, W, H))
	draw.Draw(img, img.Bounds(), image.White, image.Point{}, draw.Src)
	rc := &rasterCanvas{img: img, scale: scale}
	for i := range d.Shapes {
		paintShape(rc, &d.Shapes[i])
		if rc.err != nil {
			return rc.err
		}
	}
	return png.Encode(w, img)
}

// paintShape paints one shape: rectangles (rounded ones too) as polygons, dashed
// outlines as dashed polylines, the opacity of a shape on its fill.
func paintShape(rc *rasterCanvas, s *boards.Shape) {
	if s.Opacity > 0 && s.Opacity < 0.05 { // a clickable region: invisible
		return
	}
	p := paint{Fill: s.Fill, Stroke: s.Stroke, Width: s.Width, Dash: s.Dash, Alpha: s.Opacity}
	if s.Stroke == "" || s.Width <= 0 {
		p.Stroke, p.Width = "", 0
	}
	switch s.Kind {
	case boards.Rect, boards.Circle:
		var outlinePts []pt
		if s.Kind == boards.Rect {
			outlinePts = roundedRect(s.X, s.Y, s.W, s.H, s.R)
		} else {
			outlinePts = ring(pt{s.X, s.Y}, s.R, max(24, int(s.R*2)))
		}
		if p.Fill != "" {
			rc.fill([][]pt{outlinePts}, parseColour(p.Fill, p.Alpha), false)
		}
		if p.Stroke != "" {
			rc.stroke(append(outlinePts, outlinePts[0]), paint{Stroke: p.Stroke, Width: p.Width, Dash: p.Dash})
		}
	case boards.Path:
		pts := make([]pt, len(s.Points))
		for i, q := range s.Points {
			pts[i] = pt{q.X, q.Y}
		}
		if len(pts) == 0 {
			return
		}
		if s.Closed {
			if p.Fill != "" && len(pts) > 2 {
				rc.fill([][]pt{pts}, parseColour(p.Fill, p.Alpha), false)
			}
			pts = append(pts, pts[0])
		}
		rc.stroke(pts, paint{Stroke: p.Stroke, Width: p.Width, Dash: p.Dash})
	case boards.Text:
		ts := textStyle{Size: s.Size, Colour: s.Fill, Bold: s.Bold}
		switch s.Anchor {
		case boards.Middle:
			ts.Anchor = anchorMiddle
		case boards.End:
			ts.Anchor = anchorEnd
		}
		rc.text(pt{s.X, s.Y}, s.Str, ts)
	}
}

// ring is a circle as a polygon of n corners.
func ring(c pt, r float64, n int) []pt {
	ps := make([]pt, n)
	for i := range ps {
		a := 2 * math.Pi * float64(i) / float64(n)
		ps[i] = pt{c.X + r*math.Cos(a), c.Y + r*math.Sin(a)}
	}
	return ps
}

// roundedRect is a rectangle with corners of radius r as a polygon.
func roundedRect(x, y, w, h, r float64) []pt {
	r = math.Min(r, math.Min(w, h)/2)
	if r <= 0 {
		return []pt{{x, y}, {x + w, y}, {x + w, y + h}, {x, y + h}}
	}
	const steps = 8
	var ps []pt
	corners := []struct{ cx, cy, a0 float64 }{
		{x + w - r, y + r, -math.Pi / 2}, {x + w - r, y + h - r, 0},
		{x + r, y + h - r, math.Pi / 2}, {x + r, y + r, math.Pi},
	}
	for _, c := range corners {
		for i := 0; i <= steps; i++ {
			a := c.a0 + math.Pi/2*float64(i)/steps
			ps = append(ps, pt{c.cx + r*math.Cos(a), c.cy + r*math.Sin(a)})
		}
	}
	return ps
}
