// Package draw draws positions of every kalahlab game as SVG: the same drawing for the
// `kalahlab render` command, the static HTML report and (later) the browser lab.
//
// [Draw] turns a position into a [Drawing], a flat list of [Shape]s in board units;
// [Drawing.SVG] writes it as one self-contained SVG document (no fonts, stylesheets or
// images from elsewhere), and a rasteriser outside core (experiments.BoardPNG) paints
// the same shapes into a PNG. [SVG] does both steps.
//
// What is drawn, by game:
//
//   - Mancala (core/kalah and the descriptor engine core/mancala): the pits as the
//     board places them (two or four rows, any descriptor geometry), stores at the ends,
//     each pit's count as a number with seed dots for small counts, the houses' numbers
//     in their owner's notation (the legal ones highlighted), pits marked by a capture
//     (Toguz Kumalak's tuzdik) with their owner's letter, who is to move, and the
//     result once over.
//   - Checkers (every size): the dark squares with their numbers, men and kings, the
//     pieces that can move ringed, and with ShowMoves every legal move as a path from
//     its piece through each landing square (captures in vermillion).
//   - m,n,k games: the grid with column letters and row numbers, X and O, the last mark
//     ringed, a finished line struck through, and with gravity an arrow over each
//     column that can still take a mark.
//   - Ludo: the board from its data (core/ludo's Board: the cross, or a variant's own
//     grid; a game without one gets a ring), stars, globes and custom fields, start
//     squares and home columns in the seats' colours, the tokens with their letters,
//     the die with the roll to play, and a line per player.
//
// Every legal move has a clickable region carrying data-move="NOTATION" (the move as
// the game writes it), whether or not ShowMoves draws the moves; the root element
// carries data-game, data-position and data-to-move. Colours come from the Okabe-Ito
// palette, safe for colour-blind readers, and no colour carries meaning alone: tokens
// bear letters, marks are X and O shapes, highlights differ in shape and dash. The
// document's <title> and <desc> describe the position in words.
//
// A State that wraps another (an adapter with a method Unwrap() core.State) is drawn as
// the state it wraps. A game draw does not know is an error, never a panic.
package draw

import (
	"errors"
	"fmt"
	"html"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/checkers"
	"github.com/kalahlab/kalahlab/core/kalah"
	"github.com/kalahlab/kalahlab/core/ludo"
	"github.com/kalahlab/kalahlab/core/mancala"
	"github.com/kalahlab/kalahlab/core/tictactoe"
)

// Options say how a position is drawn.
type Options struct {
	// Width is the width of the image in CSS pixels; the height keeps the drawing's
	// proportions. 0 draws at the natural size (about 50 pixels a pit or square).
	Width float64
	// ShowMoves draws the legal moves: checkers paths, m,n,k target dots, Ludo
	// destinations. The data-move regions are there either way.
	ShowMoves bool
	// Prev and Last mark the last move played: Last was played in position Prev (the
	// position before the one drawn), which the drawing needs to know where it came
	// from. Prev nil marks nothing (m,n,k games mark their last mark anyway).
	Prev core.State
	Last core.Move
	// Title replaces the generated title (the game and who is to move).
	Title string
}

// Drawing is a drawn position: shapes in board units, painted in order.
type Drawing struct {
	// Width and Height are the natural size, in board units (CSS pixels at Width 0).
	Width, Height float64
	// Game names the game drawn (kalah, mancala, checkers, tictactoe, ludo).
	Game string
	// Title and Desc describe the position in words.
	Title, Desc string
	// Position is the position string; ToMove says who is to move ("seat 1",
	// "chance", "terminal").
	Position, ToMove string
	// Scale is the SVG element's width over Width (1 at the natural size).
	Scale  float64
	Shapes []Shape
}

// Kind is what a Shape is.
type Kind uint8

// The kinds of shapes.
const (
	Rect   Kind = iota // X, Y, W, H, with corners rounded by R
	Circle             // centre X, Y, radius R
	Path               // Points, closed when Closed
	Text               // Str at X, Y (the baseline), Size, Anchor
)

// Anchor aligns a Text at its point.
type Anchor uint8

// The anchors.
const (
	Start Anchor = iota
	Middle
	End
)

// Point is a point in board units.
type Point struct{ X, Y float64 }

// Shape is one element of a drawing.
type Shape struct {
	Kind       Kind
	X, Y, W, H float64
	R          float64
	Points     []Point
	Closed     bool
	Str        string
	Size       float64
	Anchor     Anchor
	Bold       bool
	// Fill and Stroke are "#RRGGBB" or "" (none); Opacity scales the whole shape (0 is
	// opaque); Dash is a stroke dash pattern.
	Fill, Stroke string
	Width        float64
	Dash         []float64
	Opacity      float64
	// Class is the SVG class; Move, a legal move's notation, makes the shape that
	// move's clickable region (data-move); Tip is a tooltip (<title>).
	Class, Move, Tip string
}

// The palette (Okabe-Ito) and the board colours.
const (
	colBlue      = "#0072B2"
	colVermilion = "#D55E00"
	colGreen     = "#009E73"
	colYellow    = "#F0E442"
	colOrange    = "#E69F00"
	colSky       = "#56B4E9"
	colPurple    = "#CC79A7"
	colInk       = "#222222"
	colMuted     = "#666666"
	colPaper     = "#FFFFFF"
)

// ErrUnknownGame is returned for a state of a game draw has no drawing for.
var ErrUnknownGame = errors.New("draw: no drawing for this game")

// unwrapper is a State that wraps another.
type unwrapper interface{ Unwrap() core.State }

// SVG draws st as a standalone SVG document.
func SVG(st core.State, opt Options) ([]byte, error) {
	d, err := Draw(st, opt)
	if err != nil {
		return nil, err
	}
	var b strings.Builder
	d.WriteSVG(&b)
	return []byte(b.String()), nil
}

// Draw draws st as shapes.
func Draw(st core.State, opt Options) (*Drawing, error) {
	if st == nil {
		return nil, fmt.Errorf("draw: no position (nil state)")
	}
	if opt.Width < 0 || math.IsNaN(opt.Width) || math.IsInf(opt.Width, 0) || opt.Width > 100000 {
		return nil, fmt.Errorf("draw: width %g: want 0 (natural size) or a positive number of pixels up to 100000", opt.Width)
	}
	for i := 0; i < 8; i++ {
		u, ok := st.(unwrapper)
		if !ok {
			break
		}
		inner := u.Unwrap()
		if inner == nil {
			break
		}
		st = inner
	}
	if p, ok := opt.Prev.(unwrapper); ok && p.Unwrap() != nil {
		opt.Prev = p.Unwrap()
	}
	var d *Drawing
	var err error
	switch s := st.(type) {
	case *kalah.State:
		d, err = drawKalah(s, opt)
	case *mancala.State:
		d, err = drawMancala(s, opt)
	case *checkers.State:
		d, err = drawCheckers(s, opt)
	case *tictactoe.State:
		d, err = drawMNK(s, opt)
	case *ludo.State:
		d, err = drawLudo(s, opt)
	default:
		return nil, fmt.Errorf("%w: %T (drawn: kalah, mancala, checkers, tictactoe, ludo)", ErrUnknownGame, st)
	}
	if err != nil {
		return nil, err
	}
	d.Position = st.String()
	d.ToMove = st.ToMove().String()
	if opt.Title != "" {
		d.Title = opt.Title
	}
	d.Scale = 1
	if opt.Width > 0 {
		d.Scale = opt.Width / d.Width
	}
	return d, nil
}

// canvas collects shapes.
type canvas struct{ shapes []Shape }

func (c *canvas) add(s Shape) *Shape {
	c.shapes = append(c.shapes, s)
	return &c.shapes[len(c.shapes)-1]
}

func (c *canvas) rect(x, y, w, h, r float64, fill, stroke string, width float64) *Shape {
	return c.add(Shape{Kind: Rect, X: x, Y: y, W: w, H: h, R: r, Fill: fill, Stroke: stroke, Width: width})
}

func (c *canvas) circle(x, y, r float64, fill, stroke string, width float64) *Shape {
	return c.add(Shape{Kind: Circle, X: x, Y: y, R: r, Fill: fill, Stroke: stroke, Width: width})
}

func (c *canvas) line(stroke string, width float64, pts ...Point) *Shape {
	return c.add(Shape{Kind: Path, Points: pts, Stroke: stroke, Width: width})
}

func (c *canvas) polygon(fill, stroke string, width float64, pts ...Point) *Shape {
	return c.add(Shape{Kind: Path, Points: pts, Closed: true, Fill: fill, Stroke: stroke, Width: width})
}

// text sets s centred vertically on y (the baseline goes a third of the size lower).
func (c *canvas) text(x, y float64, s string, size float64, anchor Anchor, fill string, bold bool) *Shape {
	return c.add(Shape{Kind: Text, X: x, Y: y + 0.35*size, Str: s, Size: size, Anchor: anchor, Fill: fill, Bold: bold})
}

// turnMarker draws the triangle that points at the line of the player to move, its
// left end at x, centred on y.
func (c *canvas) turnMarker(x, y float64) {
	c.polygon(colInk, "", 0, Point{x, y - 6}, Point{x + 11, y}, Point{x, y + 6}).Class = "to-move"
}

// hit adds an invisible region that plays move when clicked.
func (c *canvas) hit(x, y, w, h float64, move, tip string) {
	c.add(Shape{Kind: Rect, X: x, Y: y, W: w, H: h, Fill: colPaper, Opacity: 0.001, Class: "move", Move: move, Tip: tip})
}

// arrowHead returns the triangle of an arrow ending at b coming from a.
func arrowHead(a, b Point, size float64) []Point {
	dx, dy := b.X-a.X, b.Y-a.Y
	l := math.Hypot(dx, dy)
	if l == 0 {
		return nil
	}
	ux, uy := dx/l, dy/l
	base := Point{b.X - ux*size, b.Y - uy*size}
	return []Point{b, {base.X - uy*size*0.55, base.Y + ux*size*0.55}, {base.X + uy*size*0.55, base.Y - ux*size*0.55}}
}

// num writes a coordinate: rounded to a tenth, no trailing zeros.
func num(x float64) string {
	v := math.Round(x*10) / 10
	if v == 0 {
		v = 0 // no "-0"
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}

func esc(s string) string { return html.EscapeString(s) }

// WriteSVG writes the drawing as an SVG document. Every text in it is escaped: it may
// be inlined into HTML as it is. It has no ids, so that several boards can share a page.
func (d *Drawing) WriteSVG(w io.Writer) {
	var b strings.Builder
	scale := d.Scale
	if scale <= 0 {
		scale = 1
	}
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" class="board board-%s" role="img" width="%s" height="%s" viewBox="0 0 %s %s"`,
		esc(d.Game), num(d.Width*scale), num(d.Height*scale), num(d.Width), num(d.Height))
	fmt.Fprintf(&b, ` font-family="Helvetica, Arial, sans-serif" data-game="%s" data-position="%s" data-to-move="%s">`+"\n",
		esc(d.Game), esc(d.Position), esc(d.ToMove))
	fmt.Fprintf(&b, "<title>%s</title>\n<desc>%s</desc>\n", esc(d.Title), esc(d.Desc))
	for i := range d.Shapes {
		writeShape(&b, &d.Shapes[i])
	}
	b.WriteString("</svg>\n")
	_, _ = io.WriteString(w, b.String())
}

func writeShape(b *strings.Builder, s *Shape) {
	var elem string
	switch s.Kind {
	case Rect:
		elem = "rect"
		fmt.Fprintf(b, `<rect x="%s" y="%s" width="%s" height="%s"`, num(s.X), num(s.Y), num(s.W), num(s.H))
		if s.R > 0 {
			fmt.Fprintf(b, ` rx="%s"`, num(s.R))
		}
	case Circle:
		elem = "circle"
		fmt.Fprintf(b, `<circle cx="%s" cy="%s" r="%s"`, num(s.X), num(s.Y), num(s.R))
	case Path:
		elem = "path"
		b.WriteString(`<path d="`)
		for i, p := range s.Points {
			if i == 0 {
				b.WriteString("M")
			} else {
				b.WriteString(" L")
			}
			b.WriteString(num(p.X) + "," + num(p.Y))
		}
		if s.Closed {
			b.WriteString(" Z")
		}
		b.WriteString(`"`)
	case Text:
		elem = "text"
		fmt.Fprintf(b, `<text x="%s" y="%s" font-size="%s"`, num(s.X), num(s.Y), num(s.Size))
		switch s.Anchor {
		case Middle:
			b.WriteString(` text-anchor="middle"`)
		case End:
			b.WriteString(` text-anchor="end"`)
		}
		if s.Bold {
			b.WriteString(` font-weight="bold"`)
		}
	}
	if s.Class != "" {
		fmt.Fprintf(b, ` class="%s"`, esc(s.Class))
	}
	if s.Move != "" {
		fmt.Fprintf(b, ` data-move="%s"`, esc(s.Move))
	}
	if s.Fill != "" {
		fmt.Fprintf(b, ` fill="%s"`, esc(s.Fill))
	} else {
		b.WriteString(` fill="none"`)
	}
	if s.Stroke != "" && s.Width > 0 {
		fmt.Fprintf(b, ` stroke="%s" stroke-width="%s"`, esc(s.Stroke), num(s.Width))
		if s.Kind == Path {
			b.WriteString(` stroke-linejoin="round" stroke-linecap="round"`)
		}
		if len(s.Dash) > 0 {
			parts := make([]string, len(s.Dash))
			for i, x := range s.Dash {
				parts[i] = num(x)
			}
			fmt.Fprintf(b, ` stroke-dasharray="%s"`, strings.Join(parts, " "))
		}
	}
	if s.Opacity > 0 && s.Opacity < 1 {
		fmt.Fprintf(b, ` opacity="%s"`, strconv.FormatFloat(s.Opacity, 'g', 3, 64))
	}
	switch {
	case s.Kind == Text:
		b.WriteString(">")
		if s.Tip != "" {
			fmt.Fprintf(b, "<title>%s</title>", esc(s.Tip))
		}
		fmt.Fprintf(b, "%s</text>\n", esc(s.Str))
	case s.Tip != "":
		fmt.Fprintf(b, "><title>%s</title></%s>\n", esc(s.Tip), elem)
	default:
		b.WriteString("/>\n")
	}
}

// seatName writes a seat as people count: "seat 1".
func seatName(p int) string { return "seat " + strconv.Itoa(p+1) }

// plural writes n and the noun, with an s unless n is 1.
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// result describes a finished game by its returns: "seat 1 wins", "a draw".
func result(st core.State) string {
	if err := st.Err(); err != nil {
		return "stopped by an error: " + err.Error()
	}
	ret := st.Returns(nil)
	if len(ret) == 0 {
		return "over"
	}
	w := core.Winners(ret)
	if len(w) == 1 {
		return w[0].String() + " wins"
	}
	if len(w) == len(ret) {
		return "a draw"
	}
	names := make([]string, len(w))
	for i, p := range w {
		names[i] = p.String()
	}
	return strings.Join(names, " and ") + " share the win"
}
