package tictactoe

import (
	"fmt"
	"strings"
)

const (
	ansiReset = "\x1b[0m"
	ansiBold  = "\x1b[1m"
	ansiDim   = "\x1b[2m"
	ansiX     = "\x1b[1;31m"
	ansiO     = "\x1b[1;34m"
	ansiLast  = "\x1b[4m" // underline the last mark
)

// Render draws the board with row numbers at the left (row 1 at the bottom), column
// letters below, and who is to move or how the game ended. With color, X is red, O blue,
// the last mark underlined.
func (s *State) Render(color bool) string {
	g := s.g
	paint := func(text, code string) string {
		if !color || code == "" {
			return text
		}
		return code + text + ansiReset
	}
	var out []string
	for row := g.r.Rows - 1; row >= 0; row-- {
		var b strings.Builder
		fmt.Fprintf(&b, "  %2d ", row+1)
		for col := 0; col < g.r.Cols; col++ {
			c := row*g.r.Cols + col
			code := ansiDim
			switch s.Mark(c) {
			case 0:
				code = ansiX
			case 1:
				code = ansiO
			}
			if c == s.last && s.Mark(c) >= 0 {
				code += ansiLast
			}
			b.WriteByte(' ')
			b.WriteString(paint(string(".XO"[s.Mark(c)+1]), code))
		}
		out = append(out, b.String())
	}
	var b strings.Builder
	b.WriteString("     ")
	for col := 0; col < g.r.Cols; col++ {
		b.WriteByte(' ')
		b.WriteByte(byte('a' + col))
	}
	out = append(out, b.String())
	switch {
	case s.err != nil:
		out = append(out, "  Game stopped: "+s.err.Error())
	case s.end == endNone:
		out = append(out, fmt.Sprintf("  %s (seat %d) to move", "XO"[s.side:s.side+1], s.side+1))
	default:
		out = append(out, "  Game over: "+[]string{"", "X wins", "O wins", "draw", "both lose"}[s.end])
	}
	return strings.Join(out, "\n") + "\n"
}
