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

// The checkers drawing's measures: a square, the blank edge, and the band above and
// below the board that holds a player's line.
const (
	ckSquare = 52.0
	ckMargin = 10.0
	ckHead   = 30.0
)

// checkersMove is a legal move: its notation and the squares it passes through.
type checkersMove struct {
	text string
	path []int
}

// checkersPicture is a checkers position being drawn. Its steps paint onto c in
// order: the board, the last move, the pieces, the legal moves, and the players'
// lines above and below the board.
type checkersPicture struct {
	s    *checkers.State
	opt  Options
	c    *canvas
	n    int     // squares a side
	top  float64 // where the board starts, below Black's line
	over bool    // the game is over

	moves    []checkersMove
	movable  map[int]bool // the squares of the pieces that can move
	lastText string       // the last move's notation, or ""
}

func drawCheckers(s *checkers.State, opt Options) (*Drawing, error) {
	p := &checkersPicture{s: s, opt: opt, c: &canvas{}, n: s.Size(), top: ckMargin + ckHead, over: s.ToMove() == core.Terminal}
	if err := p.legalMoves(); err != nil {
		return nil, err
	}
	width, height := p.size()
	p.c.rect(0, 0, width, height, 0, colPaper, "", 0)
	p.drawBoard()
	p.drawLastMove()
	p.drawPieces()
	p.drawMoves()
	p.drawPlayerLines()
	p.drawGameOver()
	status := p.status()
	title := fmt.Sprintf("%s: %s", s.Game().Name(), status)
	return &Drawing{Width: width, Height: height, Game: "checkers", Title: title, Desc: p.describe(status), Shapes: p.c.shapes}, nil
}

// size is the drawing's extent: the board between the players' lines, and a line more
// for the result once the game is over.
func (p *checkersPicture) size() (width, height float64) {
	width = 2*ckMargin + float64(p.n)*ckSquare
	height = p.top + float64(p.n)*ckSquare + ckHead + ckMargin
	if p.over {
		height += ckHead - 6
	}
	return width, height
}

// centre is the middle of square sq (0-based).
func (p *checkersPicture) centre(sq int) Point {
	r, col := p.s.RowCol(sq)
	return Point{ckMargin + (float64(col)+0.5)*ckSquare, p.top + (float64(r)+0.5)*ckSquare}
}

// legalMoves reads the legal moves' notation as paths and notes the pieces that can
// move; a move whose notation is not a path is an error.
func (p *checkersPicture) legalMoves() error {
	p.movable = map[int]bool{}
	for _, m := range p.s.LegalMoves(nil) {
		text := p.s.MoveString(m)
		path, ok := movePath(text)
		if !ok {
			return fmt.Errorf("draw: checkers move %q: not a path of squares", text)
		}
		p.moves = append(p.moves, checkersMove{text, path})
		p.movable[path[0]] = true
	}
	return nil
}

// drawBoard draws the light and dark squares, the board's edge, and the squares'
// numbers.
func (p *checkersPicture) drawBoard() {
	const S = ckSquare
	n, top := p.n, p.top
	for r := 0; r < n; r++ {
		for col := 0; col < n; col++ {
			fill := lightSquare
			if (r+col)%2 == 1 {
				fill = darkSquare
			}
			p.c.rect(ckMargin+float64(col)*S, top+float64(r)*S, S, S, 0, fill, "", 0)
		}
	}
	p.c.rect(ckMargin, top, float64(n)*S, float64(n)*S, 0, "", woodEdge, 2)
	for sq := 0; sq < p.s.Squares(); sq++ {
		at := p.centre(sq)
		p.c.text(at.X-S/2+3, at.Y-S/2+7, strconv.Itoa(sq+1), 9, Start, "#F3E6D2", false)
	}
}

// drawLastMove outlines the last move's first and last squares and dashes its path,
// when Options.Prev is a position of this board size and the move reads as a path of
// squares on it; it keeps the move's notation for the description.
func (p *checkersPicture) drawLastMove() {
	prev, ok := p.opt.Prev.(*checkers.State)
	if !ok || prev.Size() != p.n {
		return
	}
	p.lastText = prev.MoveString(p.opt.Last)
	pts := p.pathPoints(p.lastText)
	if len(pts) == 0 {
		return
	}
	const S = ckSquare
	for _, q := range []Point{pts[0], pts[len(pts)-1]} {
		p.c.rect(q.X-S/2+2, q.Y-S/2+2, S-4, S-4, 0, "", colOrange, 3)
	}
	p.c.line(colOrange, 4, pts...).Dash = []float64{7, 5}
}

// pathPoints is the centres of the squares of a move's notation, or nil if it is not a
// path of squares on this board.
func (p *checkersPicture) pathPoints(text string) []Point {
	path, ok := movePath(text)
	if !ok {
		return nil
	}
	var pts []Point
	for _, sq := range path {
		if sq < 0 || sq >= p.s.Squares() {
			return nil
		}
		pts = append(pts, p.centre(sq))
	}
	return pts
}

// drawPieces draws the men and kings (a king crowned), ringing those that can move.
func (p *checkersPicture) drawPieces() {
	const S = ckSquare
	for sq := 0; sq < p.s.Squares(); sq++ {
		colour, king, ok := p.s.Piece(sq)
		if !ok {
			continue
		}
		at := p.centre(sq)
		fill, edge, ink := blackMan, "#000000", whiteMan
		if colour == 1 {
			fill, edge, ink = whiteMan, blackMan, blackMan
		}
		kind := "man"
		if king {
			kind = "king"
		}
		if p.movable[sq] {
			p.c.circle(at.X, at.Y, S*0.44, "", colSky, 5).Class = "movable"
		}
		p.c.circle(at.X, at.Y, S*0.36, fill, edge, 1.5).Tip = fmt.Sprintf("%s %s on %d", colourNames[colour], kind, sq+1)
		p.c.circle(at.X, at.Y, S*0.26, "", ink, 1).Opacity = 0.6
		if king {
			drawCrown(p.c, at, ink)
		}
	}
}

// drawCrown draws a king's crown on the piece at p.
func drawCrown(c *canvas, p Point, ink string) {
	crown := []Point{{p.X - 9, p.Y + 6}, {p.X - 11, p.Y - 6}, {p.X - 4.5, p.Y - 1}, {p.X, p.Y - 9},
		{p.X + 4.5, p.Y - 1}, {p.X + 11, p.Y - 6}, {p.X + 9, p.Y + 6}}
	c.polygon(colOrange, ink, 1.2, crown...)
}

// drawMoves gives each legal move its clickable regions: its path from the piece
// through its landing squares, and its last square (a region per move: two captures
// ending on one square differ in their paths, which the tooltips name). With ShowMoves
// the paths are drawn too, captures in vermilion.
func (p *checkersPicture) drawMoves() {
	for _, m := range p.moves {
		pts := make([]Point, len(m.path))
		for i, sq := range m.path {
			pts[i] = p.centre(sq)
		}
		end := pts[len(pts)-1]
		if p.opt.ShowMoves {
			col := colBlue
			if strings.ContainsAny(m.text, "xX") {
				col = colVermilion
			}
			p.c.line(colPaper, 7, pts...).Opacity = 0.8
			p.c.line(col, 3.5, pts...).Class = "path"
			if head := arrowHead(pts[len(pts)-2], end, 12); head != nil {
				p.c.polygon(col, "", 0, head...)
			}
		}
		p.c.add(Shape{Kind: Path, Points: pts, Stroke: colPaper, Width: 14, Opacity: 0.001, Class: "move", Move: m.text, Tip: "play " + m.text})
		p.c.add(Shape{Kind: Circle, X: end.X, Y: end.Y, R: ckSquare * 0.3, Fill: colPaper, Opacity: 0.001, Class: "move", Move: m.text, Tip: "play " + m.text})
	}
}

// drawPlayerLines writes the players' lines: Black at the top (row 0 is Black's side),
// White below, the one to move marked and in bold.
func (p *checkersPicture) drawPlayerLines() {
	for colour := 0; colour < 2; colour++ {
		men, kings := p.s.Count(colour)
		text := fmt.Sprintf("%s · %s · %s, %s", colourNames[colour], seatName(colour), plural(men, "man"), plural(kings, "king"))
		text = strings.Replace(text, "mans", "men", 1)
		y := ckMargin + ckHead/2
		if colour == 1 {
			y = p.top + float64(p.n)*ckSquare + ckHead/2
		}
		x, col := ckMargin+4, colMuted
		toMove := !p.over && p.s.Mover() == colour
		if toMove {
			text += " — to move"
			col = colInk
			p.c.turnMarker(x, y)
			x += 16
		}
		p.c.text(x, y, text, 15, Start, col, toMove)
	}
}

// drawGameOver writes the result below White's line, once the game is over.
func (p *checkersPicture) drawGameOver() {
	if p.over {
		p.c.text(ckMargin+4, p.top+float64(p.n)*ckSquare+ckHead+ckHead/2-6, "Game over: "+result(p.s), 15, Start, colInk, true)
	}
}

// status says in words where the game stands: over with its result, or who is to move.
func (p *checkersPicture) status() string {
	if p.over {
		return "game over, " + result(p.s)
	}
	return fmt.Sprintf("%s (%s) to move", colourNames[p.s.Mover()], seatName(p.s.Mover()))
}

// describe is the drawing's description: the status, each side's men and kings, the
// legal moves and the last move.
func (p *checkersPicture) describe(status string) string {
	desc := []string{status + "."}
	for colour := 0; colour < 2; colour++ {
		desc = append(desc, p.describeSide(colour))
	}
	if len(p.moves) > 0 {
		texts := make([]string, len(p.moves))
		for i, m := range p.moves {
			texts[i] = m.text
		}
		desc = append(desc, "Legal moves: "+strings.Join(texts, ", ")+".")
	}
	if p.lastText != "" {
		desc = append(desc, "Last move: "+p.lastText+".")
	}
	return strings.Join(desc, " ")
}

// describeSide lists the squares of one colour's men and kings.
func (p *checkersPicture) describeSide(colour int) string {
	var men, kings []string
	for sq := 0; sq < p.s.Squares(); sq++ {
		if cl, king, ok := p.s.Piece(sq); ok && cl == colour {
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
	return line + "."
}

func listOrNone(xs []string) string {
	if len(xs) == 0 {
		return "none"
	}
	return strings.Join(xs, ", ")
}
