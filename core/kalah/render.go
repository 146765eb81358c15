package kalah

import (
	"fmt"

	"github.com/kalahlab/kalahlab/core/boxed"
)

const (
	ansiReset = "\x1b[0m"
	ansiBold  = "\x1b[1m"
	ansiDim   = "\x1b[2m"
	ansiGreen = "\x1b[32m"
	ansiStore = "\x1b[33m"
)

// Render draws the board: North at the top with its store on the left, South at the
// bottom with its store on the right, house numbers in each player's notation beside
// their rows, and who is to move. With color, the mover's houses are green, stores yellow
// and empty houses dim.
func (s *State) Render(color bool) string {
	d := drawing{s: s, color: color}
	g := s.g
	b := boxed.Board{Top: d.seat(1), Bottom: d.seat(0), Color: color,
		Left:  boxed.Store{Text: fmt.Sprintf("[%3d]", s.p.pits[g.store(1)]), Code: ansiStore},
		Right: boxed.Store{Text: fmt.Sprintf("[%3d]", s.p.pits[g.store(0)]), Code: ansiStore}}
	for _, r := range d.rows() {
		row := boxed.Row{Above: r.above}
		for i, pit := range r.pits {
			n := s.p.pits[pit]
			code := ""
			switch {
			case !s.p.over && g.sideOf(pit) == int(s.p.side):
				code = ansiBold + ansiGreen
			case n == 0:
				code = ansiDim
			}
			row.Cells = append(row.Cells, boxed.Cell{Text: fmt.Sprintf("%3d ", n), Code: code, Label: r.labels[i]})
		}
		b.Rows = append(b.Rows, row)
	}
	b.Half = len(b.Rows) / 2
	if s.p.over {
		b.Notes = append(b.Notes, d.status())
	}
	return boxed.Render(b)
}

// drawing draws the parts of a State's board, with or without colour.
type drawing struct {
	s     *State
	color bool
}

// screenRow is a row of houses on the screen: the pit drawn in each column and its
// house number, written above or below the row.
type screenRow struct {
	pits   []int
	labels []int
	above  bool
}

// rows lays out the rows of houses, top to bottom: North's then South's, and with four
// rows each side's outer row outside its inner one.
func (d drawing) rows() []screenRow {
	if d.s.g.r.Rows == 2 {
		return []screenRow{d.row(1, false), d.row(0, false)}
	}
	return []screenRow{d.row(1, true), d.row(1, false), d.row(0, false), d.row(0, true)}
}

// row lays out side's houses (its outer row of four when outer) by screen column:
// South's run left to right, North's right to left, so that the sowing goes round
// anticlockwise. An outer row's labels go outside the board, an inner row's (with four
// rows) towards the middle.
func (d drawing) row(side int, outer bool) screenRow {
	g := d.s.g
	h := g.h
	r := screenRow{pits: make([]int, h), labels: make([]int, h), above: side == 1}
	lo, hi := 0, g.n
	if g.r.Rows == 4 {
		if outer {
			lo = h
		} else {
			hi = h
		}
		r.above = side == 1 && outer || side == 0 && !outer
	}
	for k := lo; k < hi; k++ {
		col := k
		switch {
		case g.r.Rows != 2:
			col = g.column(side, k)
		case side == 1:
			col = h - 1 - k
		}
		r.pits[col] = side*(g.n+1) + k
		r.labels[col] = k + 1
	}
	return r
}

// paint wraps text in the ANSI code when drawing in colour.
func (d drawing) paint(text, code string) string {
	if !d.color || code == "" {
		return text
	}
	return code + text + ansiReset
}

// seat names side (0 South, 1 North) with the seat playing it, which the pie rule may
// have swapped, and marks it when it is to move.
func (d drawing) seat(side int) string {
	s := d.s
	seat := side
	if s.p.swapped {
		seat ^= 1
	}
	name := [2]string{"South", "North"}[side]
	mark := ""
	if !s.p.over && int(s.p.side) == side {
		mark = d.paint("  <- to move", ansiBold)
	}
	return fmt.Sprintf("  %s (seat %d)%s", name, seat+1, mark)
}

// status reports the end: the seats' scores, or the error that stopped the game.
func (d drawing) status() string {
	s := d.s
	if s.p.err != nil {
		return "  Game stopped: " + s.p.err.Error()
	}
	sc := s.Scores(nil)
	return fmt.Sprintf("  Game over: seat 1 has %g, seat 2 has %g", sc[0], sc[1])
}
