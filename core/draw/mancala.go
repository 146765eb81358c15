package draw

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/kalah"
	"github.com/kalahlab/kalahlab/core/mancala"
)

// sowBoard is what a mancala drawing needs, from core/kalah or core/mancala.
type sowBoard struct {
	game         string // "kalah" or "mancala"
	name         string // the variant's name
	rows, houses int
	pits         []mancala.Pit // geometry (Seeds unused)
	count        []int
	mark         []int    // per pit: the side a capture marked it for, or -1
	number       []int    // per pit: the house number in its owner's notation (0 for stores)
	moves        []string // per pit: the legal moves sowing it, in notation
	special      []string // legal moves that are no pit: swap, pass
	side         int      // the side to move (or that moved last, once over)
	over         bool
	seatOf       [2]int // the seat playing each side
	scores       []float64
	last         int // the pit the last move sowed from, or -1
	lastText     string
	state        core.State
}

func drawKalah(s *kalah.State, opt Options) (*Drawing, error) {
	n := s.HousesPerSide()
	var geo mancala.Board
	switch s.Rows() {
	case 2:
		geo = mancala.TwoRows(n, 0)
	case 4:
		geo = mancala.FourRows(n/2, 0)
	default:
		return nil, fmt.Errorf("draw: kalah with %d rows: want 2 or 4", s.Rows())
	}
	if len(geo.Pits) != s.Pits() {
		return nil, fmt.Errorf("draw: kalah board of %d pits, want %d", s.Pits(), len(geo.Pits))
	}
	b := &sowBoard{game: "kalah", name: s.Game().Name(), rows: geo.Rows, houses: geo.Houses, pits: geo.Pits,
		side: s.Side(), over: s.ToMove() == core.Terminal, last: -1, state: s}
	b.count = make([]int, s.Pits())
	b.mark = make([]int, s.Pits())
	b.number = make([]int, s.Pits())
	b.moves = make([]string, s.Pits())
	for p := range b.count {
		b.count[p] = s.Count(p)
		b.mark[p] = -1
		if !s.IsStore(p) {
			b.number[p] = p - s.Owner(p)*(n+1) + 1
		}
	}
	b.seatOf = [2]int{0, 1}
	if s.Swapped() {
		b.seatOf = [2]int{1, 0}
	}
	for _, m := range s.LegalMoves(nil) {
		if m == kalah.Swap {
			b.special = append(b.special, s.MoveString(m))
			continue
		}
		p := s.Side()*(n+1) + int(m)
		b.moves[p] = s.MoveString(m)
	}
	if prev, ok := opt.Prev.(*kalah.State); ok && prev.Pits() == s.Pits() {
		b.lastText = prev.MoveString(opt.Last)
		if opt.Last != kalah.Swap && int(opt.Last) >= 0 && int(opt.Last) < n {
			b.last = prev.Side()*(n+1) + int(opt.Last)
		}
	}
	return b.draw(opt)
}

func drawMancala(s *mancala.State, opt Options) (*Drawing, error) {
	g := s.Game()
	geo := g.Board() // with the stores the engine adds to a board without any (they hold the captures)
	b := &sowBoard{game: "mancala", name: g.Name(), rows: geo.Rows, houses: geo.Houses, pits: geo.Pits,
		side: s.Side(), over: s.Over(), last: -1, state: s}
	np := g.Pits()
	b.count = make([]int, np)
	b.mark = make([]int, np)
	b.number = make([]int, np)
	b.moves = make([]string, np)
	for p := 0; p < np; p++ {
		b.count[p] = s.Count(p)
		b.mark[p] = s.Mark(p)
	}
	houses := [2][]int{g.Houses(0), g.Houses(1)}
	for side := 0; side < 2; side++ {
		for k, p := range houses[side] {
			b.number[p] = k + 1
		}
	}
	// The position string ends with "swapped" when the seats have exchanged sides.
	b.seatOf = [2]int{0, 1}
	for _, f := range strings.Fields(s.String())[1:] {
		if f == "swapped" {
			b.seatOf = [2]int{1, 0}
		}
	}
	for _, m := range s.LegalMoves(nil) {
		if m == mancala.Swap || m == mancala.Pass {
			b.special = append(b.special, s.MoveString(m))
			continue
		}
		k := int(m & (mancala.ClockwiseBit - 1))
		if k < len(houses[s.Side()]) {
			p := houses[s.Side()][k]
			if b.moves[p] != "" {
				b.moves[p] += " "
			}
			b.moves[p] += s.MoveString(m)
		}
	}
	if prev, ok := opt.Prev.(*mancala.State); ok && prev.Game() == g {
		b.lastText = prev.MoveString(opt.Last)
		k := int(opt.Last & (mancala.ClockwiseBit - 1))
		if opt.Last != mancala.Swap && opt.Last != mancala.Pass && k >= 0 && k < len(houses[prev.Side()]) {
			b.last = houses[prev.Side()][k]
		}
	}
	return b.draw(opt)
}

// Mancala colours: a wooden board with light pits.
const (
	woodBoard = "#C89B63"
	woodEdge  = "#7A5530"
	pitFill   = "#F6E7C8"
	seedFill  = "#5A3E1B"
)

var sideNames = [2]string{"South", "North"}

// draw lays the board out on a grid: one column per house plus one at each end for the
// stores, one band per row (with a band for the house numbers on the side of the row
// away from the middle), a line above for North and one below for South.
func (b *sowBoard) draw(opt Options) (*Drawing, error) {
	const (
		P      = 60.0 // a pit's cell
		label  = 16.0 // the band of house numbers of a row
		head   = 30.0 // the lines naming the players
		margin = 10.0
	)
	cols := b.houses + 2
	width := 2*margin + float64(cols)*P
	boardTop := margin + head
	rowTop := func(r int) float64 { return boardTop + float64(r)*(P+label) }
	boardH := float64(b.rows) * (P + label)
	height := boardTop + boardH + head + margin
	if b.over {
		height += head - 6
	}
	if len(b.special) > 0 {
		height += 36
	}
	c := &canvas{}
	c.rect(0, 0, width, height, 0, colPaper, "", 0)
	c.rect(margin, boardTop, width-2*margin, boardH, 24, woodBoard, woodEdge, 2)
	cx := func(col int) float64 { return margin + float64(col+1)*P + P/2 }
	// Where each pit is: its centre, and for a store the size of its oval.
	stores := map[int][]int{} // column -> stores in it
	for p, pit := range b.pits {
		if pit.Store {
			stores[pit.Col] = append(stores[pit.Col], p)
		}
	}
	pitY := func(row int) float64 {
		y := rowTop(row)
		if row >= (b.rows+1)/2 {
			return y + P/2 // house numbers below
		}
		return y + label + P/2
	}
	for p, pit := range b.pits {
		x := cx(pit.Col)
		if pit.Store {
			h := boardH - 20
			y := boardTop + boardH/2
			if same := stores[pit.Col]; len(same) > 1 {
				h = P - 8
				y = pitY(pit.Row)
			}
			b.drawStore(c, p, x, y, P-14, h)
			continue
		}
		b.drawHouse(c, p, x, pitY(pit.Row), P, label, pit.Row >= (b.rows+1)/2)
	}
	// The players' lines.
	for side := 0; side < 2; side++ {
		y := margin + head/2
		if side == 0 {
			y = boardTop + boardH + head/2
		}
		text := fmt.Sprintf("%s · %s", sideNames[side], seatName(b.seatOf[side]))
		if sc := b.storeCount(side); sc >= 0 {
			text += fmt.Sprintf(" · store %d", sc)
		}
		toMove := !b.over && b.side == side
		if toMove {
			text += " — to move"
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
	if b.over {
		c.text(margin+4, boardTop+boardH+head+head/2-6, "Game over: "+b.outcome(), 15, Start, colInk, true)
	}
	if len(b.special) > 0 {
		x := margin
		y := boardTop + boardH + head + 4
		for _, m := range b.special {
			w := 14 + 9*float64(len(m))
			c.rect(x, y, w, 26, 6, colPaper, colBlue, 2)
			c.text(x+w/2, y+13, m, 14, Middle, colBlue, true)
			c.hit(x, y, w, 26, m, "play "+m)
			x += w + 10
		}
	}
	title := fmt.Sprintf("%s: %s", b.name, b.status())
	return &Drawing{Width: width, Height: height, Game: b.game, Title: title, Desc: b.describe(), Shapes: c.shapes}, nil
}

func (b *sowBoard) storeCount(side int) int {
	for p, pit := range b.pits {
		if pit.Store && pit.Owner == side {
			return b.count[p]
		}
	}
	return -1
}

func (b *sowBoard) status() string {
	if b.over {
		return "game over, " + b.outcome()
	}
	return fmt.Sprintf("%s (%s) to move", sideNames[b.side], seatName(b.seatOf[b.side]))
}

func (b *sowBoard) outcome() string {
	r := result(b.state)
	if sc, ok := b.state.(core.Scorer); ok {
		s := sc.Scores(nil)
		if len(s) == 2 {
			return fmt.Sprintf("%s (%s–%s)", r, strconv.FormatFloat(s[0], 'f', -1, 64), strconv.FormatFloat(s[1], 'f', -1, 64))
		}
	}
	return r
}

// describe lists every pit in words, side by side, for the <desc>.
func (b *sowBoard) describe() string {
	var parts []string
	parts = append(parts, b.status()+".")
	for side := 0; side < 2; side++ {
		var hs []string
		for p, pit := range b.pits {
			if pit.Owner != side || pit.Store {
				continue
			}
			h := fmt.Sprintf("%d: %d", b.number[p], b.count[p])
			if m := b.mark[p]; m >= 0 {
				h += " (marked for " + sideNames[m] + ")"
			}
			hs = append(hs, h)
		}
		parts = append(parts, fmt.Sprintf("%s (%s) houses %s; store %d.", sideNames[side], seatName(b.seatOf[side]), strings.Join(hs, ", "), b.storeCount(side)))
	}
	var legal []string
	for _, m := range b.moves {
		if m != "" {
			legal = append(legal, strings.Fields(m)...)
		}
	}
	legal = append(legal, b.special...)
	if len(legal) > 0 {
		parts = append(parts, "Legal moves: "+strings.Join(legal, ", ")+".")
	}
	if b.lastText != "" {
		parts = append(parts, "Last move: "+b.lastText+".")
	}
	return strings.Join(parts, " ")
}

func (b *sowBoard) drawStore(c *canvas, p int, x, y, w, h float64) {
	c.rect(x-w/2, y-h/2, w, h, w/2, pitFill, woodEdge, 1.5).Tip = fmt.Sprintf("%s's store: %d", sideNames[b.pits[p].Owner], b.count[p])
	c.text(x, y, strconv.Itoa(b.count[p]), 20, Middle, colInk, true)
	c.text(x, y+h/2-12, "store", 10, Middle, colMuted, false)
	if b.mark[p] >= 0 {
		b.drawMark(c, p, x+w/2-6, y-h/2+6)
	}
}

func (b *sowBoard) drawHouse(c *canvas, p int, x, y, P, label float64, numberBelow bool) {
	r := P/2 - 6
	n := b.count[p]
	tip := fmt.Sprintf("%s's house %d: %s", sideNames[b.pits[p].Owner], b.number[p], plural(n, "seed"))
	moves := strings.Fields(b.moves[p])
	stroke, width := woodEdge, 1.5
	if len(moves) > 0 {
		stroke, width = colBlue, 3.5
	}
	c.circle(x, y, r, pitFill, stroke, width).Tip = tip
	if b.mark[p] >= 0 {
		c.circle(x, y, r-4, "", colVermilion, 2).Dash = []float64{4, 3}
	}
	if b.last == p {
		c.circle(x, y, r+3.5, "", colOrange, 3).Dash = []float64{6, 3}
	}
	// Seeds: up to 12 as dots on a ring around the count.
	if n > 0 && n <= 12 {
		ring, dot := r-8, 3.2
		if n > 6 {
			ring, dot = r-5, 2.6
		}
		for i := 0; i < n; i++ {
			a := 2*math.Pi*float64(i)/float64(n) - math.Pi/2
			c.circle(x+ring*math.Cos(a), y+ring*math.Sin(a), dot, seedFill, "", 0)
		}
	}
	col := colInk
	if n == 0 {
		col = colMuted
	}
	c.text(x, y, strconv.Itoa(n), 17, Middle, col, true)
	// The house number in its owner's notation, in the row's label band.
	ly := y - P/2 - label/2 + 2
	if numberBelow {
		ly = y + P/2 + label/2 - 2
	}
	if len(moves) > 0 {
		c.text(x, ly, strings.Join(moves, " "), 13, Middle, colBlue, true)
	} else {
		c.text(x, ly, strconv.Itoa(b.number[p]), 11, Middle, "#4A3215", false)
	}
	if b.mark[p] >= 0 {
		b.drawMark(c, p, x+r-2, y-r+2)
	}
	// Clickable regions: the whole cell, or with a chosen direction its two halves
	// (L on the mover's left, R on the right: South faces up, North down).
	switch len(moves) {
	case 0:
	case 1:
		c.hit(x-P/2, y-P/2, P, P, moves[0], "sow house "+moves[0])
	default:
		left, right := moves[0], moves[1]
		for _, m := range moves {
			if strings.HasSuffix(m, "L") {
				left = m
			} else {
				right = m
			}
		}
		if b.pits[p].Owner == 1 {
			left, right = right, left
		}
		c.hit(x-P/2, y-P/2, P/2, P, left, "sow house "+left)
		c.hit(x, y-P/2, P/2, P, right, "sow house "+right)
	}
}

// drawMark draws the badge of a pit marked for a side (Toguz Kumalak's tuzdik).
func (b *sowBoard) drawMark(c *canvas, p int, x, y float64) {
	side := b.mark[p]
	c.circle(x, y, 8, colVermilion, colPaper, 1.5).Tip = fmt.Sprintf("marked for %s: seeds sown here go to %s's store", sideNames[side], sideNames[side])
	c.text(x, y, sideNames[side][:1], 10, Middle, colPaper, true)
}
