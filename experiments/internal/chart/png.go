package chart

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"math"
	"slices"
	"strconv"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"
)

// PNG draws the chart as a PNG image, scale times its CSS size (2 gives a sharp
// figure for print). The text is set in the Go fonts, which are compiled in: no system
// fonts are needed.
func (c *Chart) PNG(w io.Writer, scale float64) error {
	if scale <= 0 || math.IsNaN(scale) || scale > 8 {
		return fmt.Errorf("png scale %g: want more than 0 and at most 8", scale)
	}
	cw, ch := c.Size()
	W, H := int(math.Ceil(cw*scale)), int(math.Ceil(ch*scale))
	img := image.NewRGBA(image.Rect(0, 0, W, H))
	draw.Draw(img, img.Bounds(), image.White, image.Point{}, draw.Src)
	rc := &rasterCanvas{img: img, scale: scale}
	c.draw(rc)
	if rc.err != nil {
		return rc.err
	}
	return png.Encode(w, img)
}

// rasterCanvas draws shapes into an image: paths filled by the anti-aliasing
// rasterizer of golang.org/x/image/vector, strokes as filled outlines.
type rasterCanvas struct {
	img   *image.RGBA
	scale float64
	r     vector.Rasterizer
	err   error
}

// parseColour reads "#RRGGBB" with an opacity.
func parseColour(s string, alpha float64) color.Color {
	if len(s) != 7 || s[0] != '#' {
		return color.Black
	}
	v, err := strconv.ParseUint(s[1:], 16, 32)
	if err != nil {
		return color.Black
	}
	if alpha <= 0 || alpha > 1 {
		alpha = 1
	}
	a := uint8(math.Round(255 * alpha))
	return color.NRGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), a}
}

// fill rasterizes the subpaths, all turned the same way (so that where they overlap
// they add up to their union) unless keep is set, and paints them. The rasterizer
// covers only the shapes' bounding box: clearing it is most of the cost.
func (rc *rasterCanvas) fill(subpaths [][]pt, col color.Color, keep bool) {
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, sp := range subpaths {
		for _, q := range sp {
			if math.IsNaN(q.X) || math.IsNaN(q.Y) || math.IsInf(q.X, 0) || math.IsInf(q.Y, 0) {
				return // a shape off every axis: nothing sensible to draw
			}
			x0, y0 = math.Min(x0, q.X*rc.scale), math.Min(y0, q.Y*rc.scale)
			x1, y1 = math.Max(x1, q.X*rc.scale), math.Max(y1, q.Y*rc.scale)
		}
	}
	box := image.Rect(int(math.Floor(x0)), int(math.Floor(y0)), int(math.Ceil(x1))+1, int(math.Ceil(y1))+1).Intersect(rc.img.Bounds())
	if box.Empty() {
		return
	}
	ox, oy := float64(box.Min.X), float64(box.Min.Y)
	rc.r.Reset(box.Dx(), box.Dy())
	for _, sp := range subpaths {
		if len(sp) < 3 {
			continue
		}
		if !keep && signedArea(sp) < 0 {
			sp = reversed(sp)
		}
		rc.r.MoveTo(float32(sp[0].X*rc.scale-ox), float32(sp[0].Y*rc.scale-oy))
		for _, q := range sp[1:] {
			rc.r.LineTo(float32(q.X*rc.scale-ox), float32(q.Y*rc.scale-oy))
		}
		rc.r.ClosePath()
	}
	rc.r.Draw(rc.img, box, image.NewUniform(col), image.Point{})
}

func signedArea(ps []pt) float64 {
	a := 0.0
	for i, p := range ps {
		q := ps[(i+1)%len(ps)]
		a += p.X*q.Y - q.X*p.Y
	}
	return a / 2
}

// disc is a circle as a polygon.
func disc(c pt, r float64) []pt {
	const n = 20
	ps := make([]pt, n)
	for i := range ps {
		a := 2 * math.Pi * float64(i) / n
		ps[i] = pt{c.X + r*math.Cos(a), c.Y + r*math.Sin(a)}
	}
	return ps
}

// dashes cuts a polyline into the pieces a dash pattern draws.
func dashes(pts []pt, pattern []float64) [][]pt {
	total := 0.0
	for _, d := range pattern {
		if !(d >= 0) || math.IsInf(d, 0) { // a negative, NaN or infinite dash: solid
			return [][]pt{pts}
		}
		total += d
	}
	if len(pattern) == 0 || total <= 0 {
		return [][]pt{pts}
	}
	var out [][]pt
	var cur []pt
	idx, left, on := 0, pattern[0], true
	if on {
		cur = []pt{pts[0]}
	}
	for i := 1; i < len(pts); i++ {
		a, b := pts[i-1], pts[i]
		seg := math.Hypot(b.X-a.X, b.Y-a.Y)
		pos := 0.0
		for seg-pos > left {
			pos += left
			t := pos / seg
			q := pt{a.X + (b.X-a.X)*t, a.Y + (b.Y-a.Y)*t}
			if on {
				out = append(out, append(cur, q))
				cur = nil
			} else {
				cur = []pt{q}
			}
			on = !on
			idx = (idx + 1) % len(pattern)
			left = pattern[idx]
		}
		left -= seg - pos
		if on {
			cur = append(cur, b)
		}
	}
	if on && len(cur) > 1 {
		out = append(out, cur)
	}
	return out
}

// outline turns a stroked polyline into polygons: a quad per segment and a disc per
// joint (round joins), to be filled as a union.
func outline(pts []pt, width float64) [][]pt {
	hw := width / 2
	var polys [][]pt
	for i := 1; i < len(pts); i++ {
		a, b := pts[i-1], pts[i]
		dx, dy := b.X-a.X, b.Y-a.Y
		l := math.Hypot(dx, dy)
		if l == 0 {
			continue
		}
		nx, ny := -dy/l*hw, dx/l*hw
		polys = append(polys, []pt{{a.X + nx, a.Y + ny}, {b.X + nx, b.Y + ny}, {b.X - nx, b.Y - ny}, {a.X - nx, a.Y - ny}})
		if i < len(pts)-1 && width > 1.2 {
			polys = append(polys, disc(b, hw))
		}
	}
	return polys
}

func (rc *rasterCanvas) stroke(pts []pt, p paint) {
	if p.Stroke == "" || p.Width <= 0 || len(pts) < 2 {
		return
	}
	var polys [][]pt
	for _, d := range dashes(pts, p.Dash) {
		polys = append(polys, outline(d, p.Width)...)
	}
	rc.fill(polys, parseColour(p.Stroke, 1), false)
}

func (rc *rasterCanvas) polyline(pts []pt, p paint) { rc.stroke(pts, p) }

func (rc *rasterCanvas) polygon(pts []pt, p paint) {
	if p.Fill != "" {
		rc.fill([][]pt{pts}, parseColour(p.Fill, p.Alpha), false)
	}
	rc.stroke(append(slices.Clip(pts), pts[0]), p)
}

func (rc *rasterCanvas) circle(c pt, r float64, p paint) {
	if p.Fill != "" {
		rc.fill([][]pt{disc(c, r)}, parseColour(p.Fill, p.Alpha), false)
	}
	if p.Stroke != "" && p.Width > 0 {
		// A ring: the outer circle one way, the inner the other, so that it has a hole.
		outer, inner := disc(c, r+p.Width/2), disc(c, math.Max(r-p.Width/2, 0))
		if signedArea(outer) < 0 {
			outer = reversed(outer)
		}
		if signedArea(inner) > 0 {
			inner = reversed(inner)
		}
		rc.fill([][]pt{outer, inner}, parseColour(p.Stroke, 1), true)
	}
}

func reversed(ps []pt) []pt {
	out := make([]pt, len(ps))
	for i, q := range ps {
		out[len(ps)-1-i] = q
	}
	return out
}

// The Go fonts, parsed once; faces by size and weight.
var chartFonts struct {
	once          sync.Once
	regular, bold *opentype.Font
	err           error
	mu            sync.Mutex
	faces         map[[2]float64]font.Face
}

func chartFace(size float64, bold bool) (font.Face, error) {
	f := &chartFonts
	f.once.Do(func() {
		f.regular, f.err = opentype.Parse(goregular.TTF)
		if f.err == nil {
			f.bold, f.err = opentype.Parse(gobold.TTF)
		}
		f.faces = map[[2]float64]font.Face{}
	})
	if f.err != nil {
		return nil, fmt.Errorf("chart font: %w", f.err)
	}
	key := [2]float64{size, 0}
	src := f.regular
	if bold {
		key[1], src = 1, f.bold
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if face, ok := f.faces[key]; ok {
		return face, nil
	}
	face, err := opentype.NewFace(src, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		return nil, fmt.Errorf("chart font: %w", err)
	}
	f.faces[key] = face
	return face, nil
}

func (rc *rasterCanvas) text(at pt, s string, ts textStyle) {
	if s == "" || rc.err != nil {
		return
	}
	face, err := chartFace(ts.Size*rc.scale*0.96, ts.Bold)
	if err != nil {
		rc.err = err
		return
	}
	col := image.NewUniform(parseColour(ts.Colour, 1))
	adv := font.MeasureString(face, s).Ceil()
	shift := 0
	switch ts.Anchor {
	case anchorMiddle:
		shift = adv / 2
	case anchorEnd:
		shift = adv
	}
	x, y := int(math.Round(at.X*rc.scale)), int(math.Round(at.Y*rc.scale))
	if !ts.Rotate {
		d := font.Drawer{Dst: rc.img, Src: col, Face: face, Dot: fixed.P(x-shift, y)}
		d.DrawString(s)
		return
	}
	// Set the text level in a scratch image, then turn it onto the chart: its
	// baseline runs up the page, centred on the point as anchored.
	m := face.Metrics()
	asc, desc := m.Ascent.Ceil(), m.Descent.Ceil()
	tmp := image.NewRGBA(image.Rect(0, 0, adv+2, asc+desc+2))
	d := font.Drawer{Dst: tmp, Src: col, Face: face, Dot: fixed.P(1, asc+1)}
	d.DrawString(s)
	tb := tmp.Bounds()
	rot := image.NewRGBA(image.Rect(0, 0, tb.Dy(), tb.Dx()))
	for ty := 0; ty < tb.Dy(); ty++ {
		for tx := 0; tx < tb.Dx(); tx++ {
			// (tx, ty) goes to (ty, W-1-tx): a quarter turn anticlockwise.
			rot.SetRGBA(ty, tb.Dx()-1-tx, tmp.RGBAAt(tx, ty))
		}
	}
	// The baseline (row asc+1 of tmp) lands at column asc+1 of rot; put it at x.
	ox := x - (asc + 1)
	oy := y - (tb.Dx() - 1 - 1 - shift)
	r := rot.Bounds().Add(image.Pt(ox, oy))
	draw.Draw(rc.img, r, rot, image.Point{}, draw.Over)
}
