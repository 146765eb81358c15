package checkers

import (
	"fmt"
	"strconv"
	"strings"
)

const (
	ansiReset   = "\x1b[0m"
	ansiBold    = "\x1b[1m"
	ansiDim     = "\x1b[2m"
	ansiBlack   = "\x1b[1;31m" // Black's pieces in bold red, as on a real board
	ansiWhite   = "\x1b[1;37m"
	ansiMovable = "\x1b[42m" // green background
)

// Render draws the board with Black at the top: men b and w, kings B and W, the number
// of every empty dark square, the range of square numbers beside each row, who is to
// move, and the pieces that can move now (highlighted with color, listed below the board
// in any case).
func (s *State) Render(color bool) string {
	g := s.g
	paint := func(text, code string) string {
		if !color || code == "" {
			return text
		}
		return code + text + ansiReset
	}
	movable := map[int]bool{}
	var movList []string
	if s.p.end == endNone {
		for _, sq := range s.Movable() {
			movable[sq] = true
			movList = append(movList, strconv.Itoa(sq+1))
		}
	}
	seat := func(c int) string {
		mark := ""
		if s.p.end == endNone && int(s.p.side) == c {
			mark = paint("  <- to move", ansiBold)
		}
		return fmt.Sprintf("  %s (seat %d)%s", colourName[c], c+1, mark)
	}
	rule := "  +" + strings.Repeat("-", 3*g.n+1) + "+"
	out := []string{seat(0), rule}
	for row := 0; row < g.n; row++ {
		var b strings.Builder
		b.WriteString("  |")
		for col := 0; col < g.n; col++ {
			sq := g.at(row, col)
			if sq < 0 {
				b.WriteString("   ")
				continue
			}
			c, king, ok := s.Piece(sq)
			if !ok {
				b.WriteString(paint(fmt.Sprintf("%2d", sq+1), ansiDim) + " ")
				continue
			}
			letter := "bw"[c : c+1]
			if king {
				letter = strings.ToUpper(letter)
			}
			code := ansiBlack
			if c == 1 {
				code = ansiWhite
			}
			if movable[sq] {
				code += ansiMovable
			}
			b.WriteString(" " + paint(letter, code) + " ")
		}
		first := row*g.half + 1
		fmt.Fprintf(&b, " |  %d-%d", first, first+g.half-1)
		out = append(out, b.String())
	}
	out = append(out, rule, seat(1))
	switch {
	case s.err != nil:
		out = append(out, "  Game stopped: "+s.err.Error())
	case s.p.end != endNone:
		out = append(out, "  Game over: "+s.outcome())
	case len(movList) > 0:
		out = append(out, "  movable: "+strings.Join(movList, " "))
	}
	return strings.Join(out, "\n") + "\n"
}

// outcome describes how a finished game ended.
func (s *State) outcome() string {
	result := "draw"
	switch s.p.end {
	case endBlack:
		result = "Black wins"
	case endWhite:
		result = "White wins"
	}
	loser := colourName[s.p.side]
	switch s.p.why {
	case whyNoMoves:
		if s.p.pcs[s.p.side].count() == 0 {
			return fmt.Sprintf("%s (%s has no pieces left)", result, loser)
		}
		return fmt.Sprintf("%s (%s cannot move)", result, loser)
	case whyRepetition:
		return "draw by threefold repetition"
	case whyQuiet:
		return fmt.Sprintf("draw (%d moves each without a capture or a man moving)", s.g.r.DrawMoves)
	case whyAgreed:
		return "draw agreed"
	case whyResigned:
		return fmt.Sprintf("%s (%s resigned)", result, loser)
	}
	return result
}
