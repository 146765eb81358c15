package tictactoe

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kalahlab/kalahlab/core"
)

// String is the one-line position string (see the package doc).
func (s *State) String() string {
	g := s.g
	var b strings.Builder
	for row := g.r.Rows - 1; row >= 0; row-- {
		for col := 0; col < g.r.Cols; col++ {
			b.WriteByte(".xo"[s.Mark(row*g.r.Cols+col)+1])
		}
		if row > 0 {
			b.WriteByte('/')
		}
	}
	b.WriteByte(' ')
	b.WriteString(statusNames[s.status()])
	return b.String()
}

// statusNames are the last field of a position string: the side to move, or the result.
var statusNames = []string{"x", "o", "x-wins", "o-wins", "draw", "both-lose"}

func (s *State) status() int {
	if s.end == endNone {
		return int(s.side)
	}
	return int(s.end) + 1
}

// Parse reads a position string (see the package doc). A position that is over by the
// rules reads as over.
func (g *Game) Parse(text string) (*State, error) {
	fail := func(format string, a ...any) (*State, error) {
		return nil, fmt.Errorf("tictactoe position %q: %s", text, fmt.Sprintf(format, a...))
	}
	fields := strings.Fields(text)
	if len(fields) != 2 {
		return fail("want the rows from the top, separated by /, then x, o or the result, e.g. %q", g.Start().String())
	}
	rows := strings.Split(fields[0], "/")
	if len(rows) != g.r.Rows {
		return fail("%d rows, want %d", len(rows), g.r.Rows)
	}
	s := &State{g: g, last: -1}
	var count [2]int
	for i, line := range rows {
		row := g.r.Rows - 1 - i
		if len(line) != g.r.Cols {
			return fail("row %d %q has %d cells, want %d", row+1, line, len(line), g.r.Cols)
		}
		for col := 0; col < g.r.Cols; col++ {
			c := row*g.r.Cols + col
			switch line[col] {
			case 'x', 'X':
				s.m[0].set(c)
				count[0]++
			case 'o', 'O':
				s.m[1].set(c)
				count[1]++
			case '.':
			default:
				return fail("cell %s is %q: want x, o or .", cellName(g, c), line[col])
			}
		}
	}
	status := -1
	for i, n := range statusNames {
		if fields[1] == n {
			status = i
		}
	}
	if status < 0 {
		return fail("%q: want x or o (to move), or x-wins, o-wins, draw or both-lose", fields[1])
	}
	if d := count[0] - count[1]; d != 0 && d != 1 {
		return fail("x has %d marks and o %d: x moves first, so x has as many marks as o or one more", count[0], count[1])
	}
	s.side = uint8(count[0] - count[1])
	if status < 2 && int(s.side) != status {
		return fail("%s to move, but x has %d marks and o %d: it is %s's turn", statusNames[status], count[0], count[1], statusNames[s.side])
	}
	if g.r.Gravity {
		for c := g.r.Cols; c < g.cells; c++ {
			if s.Mark(c) >= 0 && s.Mark(c-g.r.Cols) < 0 {
				return fail("gravity: %s is marked above the empty %s", cellName(g, c), cellName(g, c-g.r.Cols))
			}
		}
	}
	s.filled = count[0] + count[1]
	for p := 0; p < 2; p++ {
		for c := 0; c < g.cells; c++ {
			if s.m[p].has(c) {
				s.hash ^= zob[p][c]
			}
		}
	}
	if s.side == 1 {
		s.hash ^= zobSide
	}
	if status >= 2 {
		s.end = uint8(status - 1)
		return s, nil
	}
	if g.r.Hooks.Winner == nil && s.anyLine(0) && s.anyLine(1) {
		return fail("both x and o have %d in a row", g.r.K)
	}
	// judge sees the seat that moved last as the mover.
	s.side ^= 1
	s.judge(-1)
	s.side ^= 1
	return s, nil
}

// cellName writes cell c as a column letter and a row number.
func cellName(g *Game, c int) string {
	return string(rune('a'+c%g.r.Cols)) + strconv.Itoa(c/g.r.Cols+1)
}

// MoveString writes the cell, column letter then row number: "b2".
func (s *State) MoveString(m core.Move) string {
	if m < 0 || int(m) >= s.g.cells {
		return fmt.Sprintf("cell(%d)", int(m))
	}
	return cellName(s.g, int(m))
}

// ParseMove reads a cell, "b2"; with gravity a column letter alone, "b", is the lowest
// empty cell of that column.
func (s *State) ParseMove(text string) (core.Move, error) {
	g := s.g
	text = strings.ToLower(strings.TrimSpace(text))
	want := fmt.Sprintf("want a column a..%c and a row 1..%d, e.g. b2", 'a'+g.r.Cols-1, g.r.Rows)
	if g.r.Gravity {
		want += " (or a column alone)"
	}
	if text == "" || text[0] < 'a' || int(text[0]-'a') >= g.r.Cols {
		return 0, fmt.Errorf("move %q: %s", text, want)
	}
	col := int(text[0] - 'a')
	if len(text) == 1 && g.r.Gravity {
		for row := 0; row < g.r.Rows; row++ {
			if c := row*g.r.Cols + col; s.Mark(c) < 0 {
				return core.Move(c), nil
			}
		}
		return 0, fmt.Errorf("move %q: column %c is full", text, text[0])
	}
	row, err := strconv.Atoi(text[1:])
	if err != nil || row < 1 || row > g.r.Rows || text[1] == '+' || text[1] == '0' {
		return 0, fmt.Errorf("move %q: %s", text, want)
	}
	return core.Move((row-1)*g.r.Cols + col), nil
}
