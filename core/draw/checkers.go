package draw

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/checkers"
)

// Checkers colours: a classic board; men in near-black and white.
const (
	lightSquare = "#F0D9B5"
	darkSquare  = "#9C7250"
	blackMan    = "#262626"
	whiteMan    = "#FAFAFA"
)

var colourNames = [2]string{"Black", "White"}

// movePath reads a move's notation ("11-15", "15x24x31") as 0-based squares.
func movePath(text string) ([]int, bool) {
	var sqs []int
	for _, f := range strings.FieldsFunc(text, func(r rune) bool { return r == '-' || r == 'x' || r == 'X' }) {
		n, err := strconv.Atoi(f)
		if err != nil {
			return nil, false
		}
		sqs = append(sqs, n-1)
	}
	return sqs, len(sqs) >= 2
}

func drawCheckers(s *checkers.State, opt Options) (*Drawing, error) {
	const (
		S      = 52.0 // a square
		margin = 10.0
		head   = 30.0
	)
	n := s.Size()
	width := 2*margin + float64(n)*S
	top := margin + head
	height := top + float64(n)*S + head + margin
	over := s.ToMove() == core.Terminal
	if over {
		height += head - 6
	}
	c := &canvas{}
	c.rect(0, 0, width, height, 0, colPaper, "", 0)
	centre := func(sq int) Point {
		r, col := s.RowCol(sq)
		return Point{margin + (float64(col)+0.5)*S, top + (float64(r)+0.5)*S}
	}
	for r := 0; r < n; r++ {
		for col := 0; col < n; col++ {
			fill := lightSquare
			if (r+col)%2 == 1 {
				fill = darkSquare
			}
			c.rect(margin+float64(col)*S, top+float64(r)*S, S, S, 0, fill, "", 0)
		}
	}
	c.rect(margin, top, float64(n)*S, float64(n)*S, 0, "", woodEdge, 2)
	for sq := 0; sq < s.Squares(); sq++ {
		p := centre(sq)
		c.text(p.X-S/2+3, p.Y-S/2+7, strconv.Itoa(sq+1), 9, Start, "#F3E6D2", false)
	}
	legal := s.LegalMoves(nil)
	type mv struct {
		text string
		path []int
	}
	var moves []mv
	movable := map[int]bool{}
	for _, m := range legal {
		text := s.MoveString(m)
		path, ok := movePath(text)
		if !ok {
			return nil, fmt.Errorf("draw: checkers move %q: not a path of squares", text)
		}
		moves = append(moves, mv{text, path})
		movable[path[0]] = true
	}
	// The last move: its squares outlined, its path dashed.
	var lastText string
	if prev, ok := opt.Prev.(*checkers.State); ok && prev.Size() == n {
		lastText = prev.MoveString(opt.Last)
		if path, ok := movePath(lastText); ok {
			var pts []Point
			for _, sq := range path {
				if sq < 0 || sq >= s.Squares() {
					pts = nil
					break
				}
				pts = append(pts, centre(sq))
			}
			if len(pts) > 0 {
				for _, q := range []Point{pts[0], pts[len(pts)-1]} {
					c.rect(q.X-S/2+2, q.Y-S/2+2, S-4, S-4, 0, "", colOrange, 3)
				}
				c.line(colOrange, 4, pts...).Dash = []float64{7, 5}
			}
		}
	}
	// Pieces.
	for sq := 0; sq < s.Squares(); sq++ {
		colour, king, ok := s.Piece(sq)
		if !ok {
			continue
		}
		p := centre(sq)
		fill, edge, ink := blackMan, "#000000", whiteMan
		if colour == 1 {
			fill, edge, ink = whiteMan, blackMan, blackMan
		}
		kind := "man"
		if king {
			kind = "king"
		}
		if movable[sq] {
			c.circle(p.X, p.Y, S*0.44, "", colSky, 5).Class = "movable"
		}
		c.circle(p.X, p.Y, S*0.36, fill, edge, 1.5).Tip = fmt.Sprintf("%s %s on %d", colourNames[colour], kind, sq+1)
		c.circle(p.X, p.Y, S*0.26, "", ink, 1).Opacity = 0.6
		if king {
			crown := []Point{{p.X - 9, p.Y + 6}, {p.X - 11, p.Y - 6}, {p.X - 4.5, p.Y - 1}, {p.X, p.Y - 9},
				{p.X + 4.5, p.Y - 1}, {p.X + 11, p.Y - 6}, {p.X + 9, p.Y + 6}}
			c.polygon(colOrange, ink, 1.2, crown...)
		}
	}
	// Moves: each a path from its piece through its landing squares, and its clickable
	// region the last square (a region per move: two captures ending on one square
	// differ in their paths, which the tooltips name).
	for _, m := range moves {
		pts := make([]Point, len(m.path))
		for i, sq := range m.path {
			pts[i] = centre(sq)
		}
		capture := strings.ContainsAny(m.text, "xX")
		col := colBlue
		if capture {
			col = colVermilion
		}
		end := pts[len(pts)-1]
		if opt.ShowMoves {
			c.line(colPaper, 7, pts...).Opacity = 0.8
			c.line(col, 3.5, pts...).Class = "path"
			if head := arrowHead(pts[len(pts)-2], end, 12); head != nil {
				c.polygon(col, "", 0, head...)
			}
		}
		c.add(Shape{Kind: Path, Points: pts, Stroke: colPaper, Width: 14, Opacity: 0.001, Class: "move", Move: m.text, Tip: "play " + m.text})
		c.add(Shape{Kind: Circle, X: end.X, Y: end.Y, R: S * 0.3, Fill: colPaper, Opacity: 0.001, Class: "move", Move: m.text, Tip: "play " + m.text})
	}
	// The players' lines: Black at the top (row 0 is Black's side), White below.
	for colour := 0; colour < 2; colour++ {
		men, kings := s.Count(colour)
		text := fmt.Sprintf("%s · %s · %s, %s", colourNames[colour], seatName(colour), plural(men, "man"), plural(kings, "king"))
		text = strings.Replace(text, "mans", "men", 1)
		toMove := !over && s.Mover() == colour
		if toMove {
			text += " — to move"
		}
		y := margin + head/2
		if colour == 1 {
			y = top + float64(n)*S + head/2
		}
		col := colMuted
		if toMove {
			col = colInk
		}
		x := margin + 4
		if toMove {
			c.turnMarker(x, y)
			x += 16
		}
		c.text(x, y, text, 15, Start, col, toMove)
	}
	status := ""
	if over {
		status = "game over, " + result(s)
		c.text(margin+4, top+float64(n)*S+head+head/2-6, "Game over: "+result(s), 15, Start, colInk, true)
	} else {
		status = fmt.Sprintf("%s (%s) to move", colourNames[s.Mover()], seatName(s.Mover()))
	}
	desc := []string{status + "."}
	for colour := 0; colour < 2; colour++ {
		var men, kings []string
		for sq := 0; sq < s.Squares(); sq++ {
			if cl, king, ok := s.Piece(sq); ok && cl == colour {
				if king {
					kings = append(kings, strconv.Itoa(sq+1))
				} else {
					men = append(men, strconv.Itoa(sq+1))
				}
			}
		}
		line := fmt.Sprintf("%s men on %s", colourNames[colour], listOrNone(men))
		if len(kings) > 0 {
			line += ", kings on " + strings.Join(kings, ", ")
		}
		desc = append(desc, line+".")
	}
	if len(moves) > 0 {
		texts := make([]string, len(moves))
		for i, m := range moves {
			texts[i] = m.text
		}
		desc = append(desc, "Legal moves: "+strings.Join(texts, ", ")+".")
	}
	if lastText != "" {
		desc = append(desc, "Last move: "+lastText+".")
	}
	title := fmt.Sprintf("%s: %s", s.Game().Name(), status)
	return &Drawing{Width: width, Height: height, Game: "checkers", Title: title, Desc: strings.Join(desc, " "), Shapes: c.shapes}, nil
}

func listOrNone(xs []string) string {
	if len(xs) == 0 {
		return "none"
	}
	return strings.Join(xs, ", ")
}
