// Package boxed draws a mancala board for a terminal: rows of houses in boxes, house
// numbers beside each row, the two stores on the line between the halves (or under the
// board), a line naming each side's seat above and below. It is the one terminal
// drawing of core/kalah's board and of the mancala engine's (core/mancala), which build
// a [Board] from their positions and call [Render].
//
//	 North (seat 2)
//	      6    5    4    3    2    1
//	      +----+----+----+----+----+----+
//	      |  4 |  4 |  4 |  4 |  4 |  4 |
//	[  0] +----+----+----+----+----+----+ [  0]
//	      |  4 |  4 |  4 |  4 |  4 |  4 |
//	      +----+----+----+----+----+----+
//	      1    2    3    4    5    6
//	 South (seat 1)  <- to move
package boxed

import (
	"fmt"
	"strings"
)

// Margin indents the rows of houses, leaving room for the left store.
const Margin = "       "

// Cell is one box of a row: its text (four characters: the count, right-aligned in
// three, and a space or a mark letter), the ANSI code it is painted in when drawing in
// colour ("" for none), and the house number written beside it (0: none).
type Cell struct {
	Text  string
	Code  string
	Label int
}

// Row is a row of boxes on the screen, left to right; its labels go above it or below.
type Row struct {
	Cells []Cell
	Above bool
}

// Store is a store drawn at an end of the line between the halves: its count, already
// formatted ("[ 12]"), and its colour code.
type Store struct {
	Text, Code string
}

// Board is what Render draws.
type Board struct {
	Top, Bottom string // the lines above and below the board (the seats)
	Rows        []Row  // top to bottom
	// Half is the number of rows above the stores' line (the line replaces the rule
	// between row Half-1 and row Half); 0 puts the stores on a line under the board.
	Half        int
	Left, Right Store
	// Notes are lines written after the bottom line (who won, a round).
	Notes []string
	Color bool
}

func (b *Board) paint(text, code string) string {
	if !b.Color || code == "" {
		return text
	}
	return code + text + "\x1b[0m"
}

// Render draws the board, one line each, ending in a newline.
func Render(b Board) string {
	cols := 0
	for _, r := range b.Rows {
		cols = max(cols, len(r.Cells))
	}
	rule := Margin + strings.Repeat("+----", cols) + "+"
	out := []string{b.Top}
	for i, r := range b.Rows {
		if r.Above {
			out = append(out, labelLine(r))
		}
		if i == 0 {
			out = append(out, rule)
		}
		out = append(out, b.pitLine(r))
		if i == len(b.Rows)-1 {
			out = append(out, rule)
		}
		if !r.Above {
			out = append(out, labelLine(r))
		}
		if i == b.Half-1 && i < len(b.Rows)-1 {
			out = append(out, b.storeLine(cols))
		}
	}
	if b.Half <= 0 || b.Half >= len(b.Rows) {
		out = append(out, " "+b.paint(b.Left.Text, b.Left.Code)+" "+strings.Repeat(" ", 5*cols+1)+" "+b.paint(b.Right.Text, b.Right.Code))
	}
	out = append(out, b.Bottom)
	out = append(out, b.Notes...)
	return strings.Join(out, "\n") + "\n"
}

func (b *Board) pitLine(r Row) string {
	var sb strings.Builder
	sb.WriteString(Margin)
	for _, c := range r.Cells {
		sb.WriteString("|" + b.paint(c.Text, c.Code))
	}
	sb.WriteString("|")
	return sb.String()
}

func labelLine(r Row) string {
	var sb strings.Builder
	sb.WriteString(Margin)
	for _, c := range r.Cells {
		if c.Label > 0 {
			fmt.Fprintf(&sb, "%4d ", c.Label)
		} else {
			sb.WriteString("     ")
		}
	}
	return strings.TrimRight(sb.String(), " ")
}

func (b *Board) storeLine(cols int) string {
	return " " + b.paint(b.Left.Text, b.Left.Code) + " " + strings.Repeat("+----", cols) + "+ " + b.paint(b.Right.Text, b.Right.Code)
}
