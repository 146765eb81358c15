package kalah

import (
	"fmt"
	"strings"
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
	g := s.g
	h := g.h
	paint := func(text, code string) string {
		if !color || code == "" {
			return text
		}
		return code + text + ansiReset
	}
	cell := func(pit int) string {
		n := s.p.pits[pit]
		code := ""
		switch {
		case !s.p.over && g.sideOf(pit) == int(s.p.side):
			code = ansiBold + ansiGreen
		case n == 0:
			code = ansiDim
		}
		return "|" + paint(fmt.Sprintf("%3d ", n), code)
	}
	// rows of the screen, top to bottom: each is the pits by column and their labels.
	type row struct {
		pits   []int
		labels []int
		above  bool // labels above the row
	}
	rowOf := func(side int, outer bool) row {
		r := row{pits: make([]int, h), labels: make([]int, h), above: side == 1}
		lo, hi := 0, g.n
		if g.r.Rows == 4 {
			if outer {
				lo = h
			} else {
				hi = h
			}
		}
		for k := lo; k < hi; k++ {
			col := k
			if g.r.Rows == 2 {
				if side == 1 {
					col = h - 1 - k
				}
			} else {
				col = g.column(side, k)
			}
			r.pits[col] = side*(g.n+1) + k
			r.labels[col] = k + 1
		}
		if g.r.Rows == 4 && side == 1 && !outer {
			r.above = false
		}
		if g.r.Rows == 4 && side == 0 && !outer {
			r.above = true
		}
		return r
	}
	var rows []row
	if g.r.Rows == 2 {
		rows = []row{rowOf(1, false), rowOf(0, false)}
	} else {
		rows = []row{rowOf(1, true), rowOf(1, false), rowOf(0, false), rowOf(0, true)}
	}
	const margin = "       "
	rule := margin + strings.Repeat("+----", h) + "+"
	labelLine := func(r row) string {
		var b strings.Builder
		b.WriteString(margin)
		for _, l := range r.labels {
			fmt.Fprintf(&b, "%4d ", l)
		}
		return strings.TrimRight(b.String(), " ")
	}
	seat := func(side int) string {
		seat := side
		if s.p.swapped {
			seat ^= 1
		}
		name := [2]string{"South", "North"}[side]
		mark := ""
		if !s.p.over && int(s.p.side) == side {
			mark = paint("  <- to move", ansiBold)
		}
		return fmt.Sprintf("  %s (seat %d)%s", name, seat+1, mark)
	}
	var out []string
	out = append(out, seat(1))
	half := len(rows) / 2
	for i, r := range rows {
		if r.above {
			out = append(out, labelLine(r))
		}
		if i == 0 {
			out = append(out, rule)
		}
		var b strings.Builder
		b.WriteString(margin)
		for _, p := range r.pits {
			b.WriteString(cell(p))
		}
		b.WriteString("|")
		out = append(out, b.String())
		if i == len(rows)-1 {
			out = append(out, rule)
		}
		if !r.above {
			out = append(out, labelLine(r))
		}
		if i == half-1 {
			// the stores sit on the line between the two halves
			out = append(out, fmt.Sprintf(" %s %s %s", paint(fmt.Sprintf("[%3d]", s.p.pits[g.store(1)]), ansiStore),
				strings.Repeat("+----", h)+"+", paint(fmt.Sprintf("[%3d]", s.p.pits[g.store(0)]), ansiStore)))
		}
	}
	out = append(out, seat(0))
	if s.p.over {
		sc := s.Scores(nil)
		status := fmt.Sprintf("  Game over: seat 1 has %g, seat 2 has %g", sc[0], sc[1])
		if s.p.err != nil {
			status = "  Game stopped: " + s.p.err.Error()
		}
		out = append(out, status)
	}
	return strings.Join(out, "\n") + "\n"
}
