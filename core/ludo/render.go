package ludo

import (
	"fmt"
	"strconv"
	"strings"
)

const (
	ansiReset = "\x1b[0m"
	ansiBold  = "\x1b[1m"
	ansiDim   = "\x1b[2m"
	ansiStar  = "\x1b[35m"
	ansiGlobe = "\x1b[36m"
)

// ansiColour is each board seat's colour: red, green, yellow, blue.
var ansiColour = [MaxPlayers]string{"\x1b[31m", "\x1b[32m", "\x1b[33m", "\x1b[34m"}

// Render draws the board with its tokens, then a line per player (yard, goal, who is to
// move and with which roll). On the grid a token is its player's letter and its own
// letter ("Ra": red's token a); several tokens of one player show a count ("R2"), tokens
// of several players their letters ("RG"). Empty track squares are ".", stars "*",
// globes "o", a custom field the first letter of its kind, an empty start square its
// player's letter in lower case, home columns ":". Goal cells show how many tokens have
// arrived. With color, players have their colours, stars are magenta and globes cyan.
func (s *State) Render(color bool) string {
	g := s.g
	paint := func(text, code string) string {
		if !color || code == "" {
			return text
		}
		return code + text + ansiReset
	}
	var out []string
	if b := g.board; b != nil {
		out = s.renderGrid(b, paint)
	} else {
		out = s.renderList(paint)
	}
	for q := 0; q < g.n; q++ {
		out = append(out, s.legend(q, paint))
	}
	if s.p.over {
		out = append(out, "  "+s.outcome())
	}
	return strings.Join(out, "\n") + "\n"
}

type gridCell struct {
	text string // two characters
	code string // ANSI colour, or ""
}

// textGrid is a board drawing: rows of two-character cells.
type textGrid [][]gridCell

func newTextGrid(rows, cols int) textGrid {
	grid := make(textGrid, rows)
	for r := range grid {
		grid[r] = make([]gridCell, cols)
		for c := range grid[r] {
			grid[r][c] = gridCell{text: "  "}
		}
	}
	return grid
}

func (t textGrid) set(c Cell, text, code string) { t[c.Row][c.Col] = gridCell{text, code} }

// lines writes the grid a row a line, the cells painted and a space apart.
func (t textGrid) lines(paint func(string, string) string) []string {
	var out []string
	for r := range t {
		var line strings.Builder
		line.WriteString("  ")
		for c, cell := range t[r] {
			if c > 0 {
				line.WriteByte(' ')
			}
			if strings.TrimSpace(cell.text) == "" {
				line.WriteString(cell.text)
				continue
			}
			line.WriteString(paint(cell.text, cell.code))
		}
		out = append(out, strings.TrimRight(line.String(), " "))
	}
	return out
}

// renderGrid draws the board b: its track, the players' yards, home columns and goals,
// then the tokens on the track and in the home columns.
func (s *State) renderGrid(b *Board, paint func(string, string) string) []string {
	grid := newTextGrid(b.Rows, b.Cols)
	s.drawTrack(grid, b)
	s.drawSeats(grid, b)
	s.drawTokens(grid, b)
	return grid.lines(paint)
}

// trackCell is where track square sq (counted from player 0's start) is on b.
func (s *State) trackCell(b *Board, sq int) Cell {
	return b.Track[(sq+b.Starts[0])%s.g.track]
}

// drawTrack draws the empty track: plain squares, fields and start squares.
func (s *State) drawTrack(grid textGrid, b *Board) {
	g := s.g
	for sq := 0; sq < g.track; sq++ {
		text, code := ". ", ansiDim
		if fi := g.field[sq]; fi >= 0 {
			text, code = fieldMark(g.r.Fields[fi])
		}
		if q := g.startOf[sq]; q >= 0 {
			code = ansiColour[g.slotOf[q]]
			if g.field[sq] < 0 {
				text = strings.ToLower(string(g.Letter(int(q)))) + " "
			}
		}
		grid.set(s.trackCell(b, sq), text, code)
	}
}

// fieldMark is how the grid shows a field: "*" a jump, "o" a safe square, else the
// first letter of its kind.
func fieldMark(f Field) (text, code string) {
	switch {
	case f.Jump != JumpNone:
		return "* ", ansiStar
	case f.Safe || f.SafeExceptOthersStart:
		return "o ", ansiGlobe
	default:
		return strings.ToLower(f.Kind[:1]) + " ", ansiBold
	}
}

// drawSeats draws each player's home column, the count in their goal and the tokens in
// their yard.
func (s *State) drawSeats(grid textGrid, b *Board) {
	g, p := s.g, &s.p
	for q := 0; q < g.n; q++ {
		slot := g.slotOf[q]
		for _, c := range b.Homes[slot] {
			grid.set(c, ": ", ansiColour[slot])
		}
		if p.done[q] > 0 {
			grid.set(b.Goals[slot], fmt.Sprintf("%c%d", g.Letter(q), p.done[q]), ansiBold+ansiColour[slot])
		}
		for k := 0; k < g.tokens; k++ {
			if p.prog[q][k] == 0 {
				grid.set(b.Yards[slot][k], fmt.Sprintf("%c%c", g.Letter(q), 'a'+k), ansiBold+ansiColour[slot])
			}
		}
	}
}

// tokenStack is the tokens on one cell of the track or a home column.
type tokenStack struct {
	players []int // the players with tokens there, in order
	count   int   // how many tokens
	token   int   // the first token's index
}

// drawTokens draws the tokens on the track and in the home columns, grouped by cell.
func (s *State) drawTokens(grid textGrid, b *Board) {
	g := s.g
	stacks, order := s.tokenStacks(b)
	for _, c := range order {
		st := stacks[c]
		q := st.players[0]
		code := ansiBold + ansiColour[g.slotOf[q]]
		switch {
		case len(st.players) > 1:
			grid.set(c, fmt.Sprintf("%c%c", g.Letter(q), g.Letter(st.players[1])), ansiBold)
		case st.count > 1:
			grid.set(c, fmt.Sprintf("%c%d", g.Letter(q), st.count), code)
		default:
			grid.set(c, fmt.Sprintf("%c%c", g.Letter(q), 'a'+st.token), code)
		}
	}
}

// tokenStacks groups the tokens on the track and in the home columns by cell, the
// cells in the order first met.
func (s *State) tokenStacks(b *Board) (map[Cell]*tokenStack, []Cell) {
	g, p := s.g, &s.p
	stacks := map[Cell]*tokenStack{}
	var order []Cell
	for q := 0; q < g.n; q++ {
		for k := 0; k < g.tokens; k++ {
			x := int(p.prog[q][k])
			var c Cell
			switch {
			case x == 0 || x == g.goal:
				continue
			case x < g.track:
				c = s.trackCell(b, int(g.absOf[q][x]))
			default:
				c = b.Homes[g.slotOf[q]][x-g.track]
			}
			st := stacks[c]
			if st == nil {
				st = &tokenStack{token: k}
				stacks[c] = st
				order = append(order, c)
			}
			if len(st.players) == 0 || st.players[len(st.players)-1] != q {
				st.players = append(st.players, q)
			}
			st.count++
		}
	}
	return stacks, order
}

// renderList describes each token's place, for boards without a drawing.
func (s *State) renderList(paint func(string, string) string) []string {
	g := s.g
	out := []string{fmt.Sprintf("  Track of %d squares, home columns of %d; fields:%s", g.track, g.r.HomeLength, s.fieldList())}
	for q := 0; q < g.n; q++ {
		var parts []string
		for k := 0; k < g.tokens; k++ {
			parts = append(parts, fmt.Sprintf("%c %s", 'a'+k, s.placeName(q, int(s.p.prog[q][k]))))
		}
		out = append(out, paint(fmt.Sprintf("  %c: %s", g.Letter(q), strings.Join(parts, ", ")), ansiColour[g.slotOf[q]]))
	}
	return out
}

func (s *State) fieldList() string {
	if len(s.g.r.Fields) == 0 {
		return " none"
	}
	var b strings.Builder
	for _, f := range s.g.r.Fields {
		cells := make([]string, len(f.Cells))
		for i, c := range f.Cells {
			cells[i] = strconv.Itoa(c)
		}
		fmt.Fprintf(&b, " %s %s", f.Kind, strings.Join(cells, ","))
	}
	return b.String()
}

// placeName describes place x of player q: yard, square N (1-based track square), home N,
// goal.
func (s *State) placeName(q, x int) string {
	g := s.g
	switch {
	case x == 0:
		return "yard"
	case x == g.goal:
		return "goal"
	case x >= g.track:
		return fmt.Sprintf("home %d", x-g.track+1)
	}
	return fmt.Sprintf("square %d", int(g.absOf[q][x])+1)
}

// legend is player q's line under the board.
func (s *State) legend(q int, paint func(string, string) string) string {
	g, p := s.g, &s.p
	yard := 0
	for k := 0; k < g.tokens; k++ {
		if p.prog[q][k] == 0 {
			yard++
		}
	}
	line := fmt.Sprintf("  %s seat %d: yard %d, goal %d", paint(string(g.Letter(q)), ansiBold+ansiColour[g.slotOf[q]]), q+1, yard, p.done[q])
	if !p.over && int(p.turn) == q {
		if p.roll == 0 {
			line += paint("  <- to roll", ansiBold)
		} else {
			var moves []string
			for m := p.legal; m != 0; m &= m - 1 {
				moves = append(moves, string(rune('a'+trailing(m))))
			}
			line += paint(fmt.Sprintf("  <- rolled %d, moves %s", p.roll, strings.Join(moves, " ")), ansiBold)
		}
		if p.sixes > 0 {
			line += fmt.Sprintf(" (extra rolls %d)", p.sixes)
		}
		if p.tries > 0 {
			line += fmt.Sprintf(" (yard tries %d)", p.tries)
		}
	}
	return line
}

func trailing(m uint8) int {
	n := 0
	for m&1 == 0 {
		m >>= 1
		n++
	}
	return n
}

// outcome describes a finished game.
func (s *State) outcome() string {
	g, p := s.g, &s.p
	switch {
	case p.err != nil:
		return "Game stopped: " + p.err.Error()
	case p.nfin == 0:
		return fmt.Sprintf("Game over after %d plies: nobody finished", p.ply)
	case !g.r.PlayToEnd:
		return fmt.Sprintf("Game over: %c (seat %d) wins", g.Letter(int(p.order[0])), p.order[0]+1)
	}
	var parts []string
	for i := 0; i < int(p.nfin); i++ {
		parts = append(parts, fmt.Sprintf("%d. %c", i+1, g.Letter(int(p.order[i]))))
	}
	return "Game over: " + strings.Join(parts, ", ")
}
