package draw

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/tictactoe"
)

var markNames = [2]string{"X", "O"}

// lineDirs are tictactoe's Run directions as (row, col) steps: along the row, the
// column, the diagonal rising to the right, the one rising to the left.
var lineDirs = [4][2]int{{0, 1}, {1, 0}, {1, 1}, {1, -1}}

func drawMNK(s *tictactoe.State, opt Options) (*Drawing, error) {
	const (
		margin = 10.0
		head   = 30.0
		axis   = 22.0 // row numbers at the left, column letters below
	)
	rows, cols := s.Rows(), s.Cols()
	C := 60.0
	if max(rows, cols) > 8 {
		C = 44
	}
	gravity := s.Game().Rules().Gravity
	arrows := 0.0
	if gravity {
		arrows = 24
	}
	width := math.Max(2*margin+axis+float64(cols)*C, 340)
	top := margin + head + arrows
	height := top + float64(rows)*C + axis + head + margin
	left := (width-float64(cols)*C+axis)/2 - margin/2
	c := &canvas{}
	c.rect(0, 0, width, height, 0, colPaper, "", 0)
	// Row 0 is at the bottom.
	cellXY := func(cell int) (x, y float64) {
		r, col := cell/cols, cell%cols
		return left + float64(col)*C, top + float64(rows-1-r)*C
	}
	c.rect(left, top, float64(cols)*C, float64(rows)*C, 0, "#F7F7F2", "", 0)
	for i := 0; i <= cols; i++ {
		x := left + float64(i)*C
		c.line("#9A9A9A", 1.5, Point{x, top}, Point{x, top + float64(rows)*C})
	}
	for i := 0; i <= rows; i++ {
		y := top + float64(i)*C
		c.line("#9A9A9A", 1.5, Point{left, y}, Point{left + float64(cols)*C, y})
	}
	for col := 0; col < cols; col++ {
		c.text(left+(float64(col)+0.5)*C, top+float64(rows)*C+axis/2+2, string(rune('a'+col)), 13, Middle, colMuted, false)
	}
	for r := 0; r < rows; r++ {
		c.text(left-axis/2, top+(float64(rows-1-r)+0.5)*C, strconv.Itoa(r+1), 13, Middle, colMuted, false)
	}
	over := s.ToMove() == core.Terminal
	legal := s.LegalMoves(nil)
	// Marks.
	for cell := 0; cell < s.Cells(); cell++ {
		x, y := cellXY(cell)
		cx, cy := x+C/2, y+C/2
		d := C * 0.3
		switch s.Mark(cell) {
		case 0:
			c.line(colBlue, C/10, Point{cx - d, cy - d}, Point{cx + d, cy + d}).Tip = "X on " + cellName(s, cell)
			c.line(colBlue, C/10, Point{cx - d, cy + d}, Point{cx + d, cy - d})
		case 1:
			c.circle(cx, cy, d, "", colVermilion, C/10).Tip = "O on " + cellName(s, cell)
		}
	}
	if last := s.Last(); last >= 0 {
		x, y := cellXY(last)
		c.rect(x+3, y+3, C-6, C-6, 4, "", colOrange, 3).Dash = []float64{6, 4}
	}
	// A finished line: the longest run through the last mark, struck through.
	if line := winningLine(s); line != nil {
		ax, ay := cellXY(line[0])
		bx, by := cellXY(line[1])
		a, b := Point{ax + C/2, ay + C/2}, Point{bx + C/2, by + C/2}
		c.line(colPaper, C/6+4, a, b).Opacity = 0.85
		c.line(colInk, C/6-2, a, b).Class = "line"
	}
	// Legal moves: the empty cell (with gravity: its whole column, under an arrow).
	for _, m := range legal {
		cell := int(m)
		text := s.MoveString(m)
		x, y := cellXY(cell)
		if gravity {
			col := cell % cols
			ax := left + (float64(col)+0.5)*C
			c.polygon(colBlue, "", 0, Point{ax - 8, top - arrows + 4}, Point{ax + 8, top - arrows + 4}, Point{ax, top - 6})
			c.hit(left+float64(col)*C, top-arrows, C, float64(rows)*C+arrows, text, "drop in column "+text[:1]+" (lands on "+text+")")
		} else {
			c.hit(x, y, C, C, text, "mark "+text)
		}
		if opt.ShowMoves {
			c.circle(x+C/2, y+C/2, 5, colSky, "", 0).Class = "target"
		}
	}
	// The players' line and the result.
	status := ""
	if over {
		status = "game over, " + strings.Replace(strings.Replace(result(s), "seat 1", "X (seat 1)", 1), "seat 2", "O (seat 2)", 1)
	} else {
		status = fmt.Sprintf("%s (%s) to move", markNames[s.Mover()], seatName(s.Mover()))
	}
	if over {
		c.text(margin+4, margin+head/2, "Game over: "+strings.TrimPrefix(status, "game over, "), 15, Start, colInk, true)
	} else {
		c.turnMarker(margin+4, margin+head/2)
		c.text(margin+20, margin+head/2, status, 15, Start, colInk, true)
	}
	rule := fmt.Sprintf("X · seat 1, O · seat 2; %d in a row on %dx%d", s.K(), cols, rows)
	if gravity {
		rule += ", gravity"
	}
	if s.Game().Rules().Misere {
		rule += ", misère"
	}
	c.text(margin+4, top+float64(rows)*C+axis+head/2, rule, 12, Start, colMuted, false)
	// The description.
	desc := []string{status + ";", rule + "."}
	for p := 0; p < 2; p++ {
		var cells []string
		for cell := 0; cell < s.Cells(); cell++ {
			if s.Mark(cell) == p {
				cells = append(cells, cellName(s, cell))
			}
		}
		desc = append(desc, fmt.Sprintf("%s on %s.", markNames[p], listOrNone(cells)))
	}
	if last := s.Last(); last >= 0 {
		desc = append(desc, "Last mark: "+cellName(s, last)+".")
	}
	if len(legal) > 0 {
		desc = append(desc, "Legal moves: "+core.MovesString(s, legal)+".")
	}
	title := fmt.Sprintf("%s: %s", s.Game().Name(), status)
	return &Drawing{Width: width, Height: height, Game: "tictactoe", Title: title, Desc: strings.Join(desc, " "), Shapes: c.shapes}, nil
}

func cellName(s *tictactoe.State, cell int) string { return s.MoveString(core.Move(cell)) }

// winningLine returns the two end cells of a run of at least k equal marks through the
// last mark of a finished game, or nil.
func winningLine(s *tictactoe.State) []int {
	last := s.Last()
	if s.ToMove() != core.Terminal || last < 0 || s.Mark(last) < 0 {
		return nil
	}
	p, cols := s.Mark(last), s.Cols()
	for dir := 0; dir < 4; dir++ {
		if s.Run(last, dir) < s.K() {
			continue
		}
		d := lineDirs[dir]
		r, col := last/cols, last%cols
		ends := [2]int{last, last}
		for i, sign := range []int{-1, 1} {
			for k := 1; ; k++ {
				t := s.Cell(r+sign*k*d[0], col+sign*k*d[1])
				if t < 0 || s.Mark(t) != p {
					break
				}
				ends[i] = t
			}
		}
		return ends[:]
	}
	return nil
}
