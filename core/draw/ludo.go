package draw

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/ludo"
)

// The seats' colours, in the board's order red, green, yellow, blue (Okabe-Ito:
// vermilion, bluish green, yellow, blue), with the ink their tokens' letters take.
var (
	seatColour = [ludo.MaxPlayers]string{colVermilion, colGreen, colYellow, colBlue}
	seatInk    = [ludo.MaxPlayers]string{colPaper, colPaper, colInk, colPaper}
	seatNames  = [ludo.MaxPlayers]string{"red", "green", "yellow", "blue"}
)

// tint mixes a "#RRGGBB" colour with white: amount 0 keeps it, 1 is white.
func tint(hex string, amount float64) string {
	v, err := strconv.ParseUint(hex[1:], 16, 32)
	if err != nil || len(hex) != 7 {
		return hex
	}
	mix := func(c uint64) uint64 { return uint64(math.Round(float64(c) + (255-float64(c))*amount)) }
	r, g, b := mix(v>>16&0xff), mix(v>>8&0xff), mix(v&0xff)
	return fmt.Sprintf("#%02X%02X%02X", r, g, b)
}

// ludoLayout places the board's parts: centres of track squares (by the engine's square
// index), home squares and goals (by board seat), yard places (by board seat and token).
type ludoLayout struct {
	G       float64 // a square
	w, h    float64 // the board's extent
	track   func(sq int) Point
	home    func(slot, i int) Point
	goal    func(slot int) Point
	yard    func(slot, k int) Point
	yardBox func(slot int) (x, y, w, h float64, ok bool)
}

// gridLayout lays a board out from its data.
func gridLayout(s *ludo.State, b *ludo.Board, ox, oy float64) *ludoLayout {
	G := 36.0
	if max(b.Rows, b.Cols) > 17 {
		G = 600 / float64(max(b.Rows, b.Cols))
	}
	at := func(c ludo.Cell) Point { return Point{ox + (float64(c.Col)+0.5)*G, oy + (float64(c.Row)+0.5)*G} }
	base := b.Starts[0]
	n := s.TrackLength()
	return &ludoLayout{
		G: G, w: float64(b.Cols) * G, h: float64(b.Rows) * G,
		track: func(sq int) Point { return at(b.Track[(sq+base)%n]) },
		home:  func(slot, i int) Point { return at(b.Homes[slot][i]) },
		goal:  func(slot int) Point { return at(b.Goals[slot]) },
		yard:  func(slot, k int) Point { return at(b.Yards[slot][k]) },
		yardBox: func(slot int) (x, y, w, h float64, ok bool) {
			cells := b.Yards[slot][:min(len(b.Yards[slot]), s.Tokens())]
			if len(cells) == 0 {
				return 0, 0, 0, 0, false
			}
			r0, c0, r1, c1 := cells[0].Row, cells[0].Col, cells[0].Row, cells[0].Col
			for _, c := range cells {
				r0, c0, r1, c1 = min(r0, c.Row), min(c0, c.Col), max(r1, c.Row), max(c1, c.Col)
			}
			r0, c0 = max(r0-1, 0), max(c0-1, 0)
			r1, c1 = min(r1+1, b.Rows-1), min(c1+1, b.Cols-1)
			return ox + float64(c0)*G + 2, oy + float64(r0)*G + 2, float64(c1-c0+1)*G - 4, float64(r1-r0+1)*G - 4, true
		},
	}
}

// ringLayout places a game without a board drawing on a ring: the track clockwise from
// the top, each home column running inwards from the square where it branches off, each
// yard outside its start square.
func ringLayout(s *ludo.State, slots []int, ox, oy float64) *ludoLayout {
	const G = 30.0
	n, home := s.TrackLength(), s.HomeLength()
	R := math.Max(G*float64(n)/(2*math.Pi)*1.45, G*float64(home+3))
	cx, cy := ox+R+2.5*G, oy+R+2.5*G
	angle := func(sq float64) float64 { return 2*math.Pi*sq/float64(n) - math.Pi/2 }
	polar := func(a, r float64) Point { return Point{cx + r*math.Cos(a), cy + r*math.Sin(a)} }
	// The player of each board seat (slot), for its start and branching square.
	player := map[int]int{}
	for q, slot := range slots {
		player[slot] = q
	}
	branch := func(slot int) float64 { return float64(s.SquareOf(player[slot], n-1)) }
	return &ludoLayout{
		G: G, w: 2*R + 5*G, h: 2*R + 5*G,
		track: func(sq int) Point { return polar(angle(float64(sq)), R) },
		home:  func(slot, i int) Point { return polar(angle(branch(slot)), R-float64(i+1)*G) },
		goal:  func(slot int) Point { return polar(angle(branch(slot)), R-float64(home+1)*G) },
		yard: func(slot, k int) Point {
			st := float64(s.Start(player[slot]))
			return polar(angle(st+float64(k%3-1)*0.8*G/R*float64(n)/(2*math.Pi)), R+float64(1+k/3)*G)
		},
		yardBox: func(int) (x, y, w, h float64, ok bool) { return 0, 0, 0, 0, false },
	}
}

// ludoMargin is the blank edge around a Ludo drawing.
const ludoMargin = 10.0

// ludoPicture is a Ludo position being drawn. Its steps paint onto c in order: the
// board (yards, track, home columns, goals), the tokens, the movable tokens with their
// clickable regions, then the panel below the board (the die and a line per player).
type ludoPicture struct {
	s     *ludo.State
	opt   Options
	slots []int // each player's board seat: 0..3 for red, green, yellow, blue
	L     *ludoLayout
	c     *canvas
	over  bool // the game is over
	mover int  // the player whose turn it is

	// Filled in as the steps run.
	finished, inYard []int            // per player: tokens at the goal, in the yard
	tokenAt          map[[2]int]Point // where the disc of (player, token) was drawn
	moveTexts        []string         // the legal token moves' notation, in the engine's order
}

// ludoSpot is a place with tokens on it, as (player, token) pairs in the order found.
type ludoSpot struct {
	at     Point
	tokens [][2]int
}

func drawLudo(s *ludo.State, opt Options) (*Drawing, error) {
	slots, err := ludoSlots(s)
	if err != nil {
		return nil, err
	}
	p := newLudoPicture(s, opt, slots)
	width, height := p.size()
	p.c.rect(0, 0, width, height, 0, colPaper, "", 0)
	p.c.rect(ludoMargin, ludoMargin, p.L.w, p.L.h, 6, "#FBFBF8", "#BBBBBB", 1)
	p.drawYards()
	p.drawTrack()
	p.drawHomesAndGoals()
	p.drawTokens(p.groupTokens())
	p.drawMovable()
	panelY := ludoMargin + p.L.h + 12
	p.drawDie(panelY)
	p.drawPlayerLines(panelY)
	p.drawGameOver(panelY)
	status := p.status()
	title := fmt.Sprintf("%s: %s", s.Game().Name(), status)
	return &Drawing{Width: width, Height: height, Game: "ludo", Title: title, Desc: p.describe(status), Shapes: p.c.shapes}, nil
}

// ludoSlots finds each player's board seat from its colour letter (R, G, Y or B).
func ludoSlots(s *ludo.State) ([]int, error) {
	g := s.Game()
	slots := make([]int, s.Players())
	for q := range slots {
		slots[q] = strings.IndexByte("RGYB", g.Letter(q))
		if slots[q] < 0 {
			return nil, fmt.Errorf("draw: ludo player %d has colour letter %q", q+1, g.Letter(q))
		}
	}
	return slots, nil
}

// newLudoPicture lays the board out from its data, or on a ring for a game without one.
func newLudoPicture(s *ludo.State, opt Options, slots []int) *ludoPicture {
	p := &ludoPicture{s: s, opt: opt, slots: slots, c: &canvas{}, over: s.ToMove() == core.Terminal, mover: s.Mover()}
	if b := s.Game().Board(); b != nil {
		p.L = gridLayout(s, b, ludoMargin, ludoMargin)
	} else {
		p.L = ringLayout(s, slots, ludoMargin, ludoMargin)
	}
	return p
}

// size is the drawing's extent: the board, and below it a panel tall enough for a
// line per player and the die.
func (p *ludoPicture) size() (width, height float64) {
	panel := 26*float64(len(p.slots)) + 20
	width = 2*ludoMargin + math.Max(p.L.w, 360)
	height = 2*ludoMargin + p.L.h + math.Max(panel, 64)
	return width, height
}

// name is the colour name of player q's seat.
func (p *ludoPicture) name(q int) string { return seatNames[p.slots[q]] }

// drawYards draws a board's yards: the seats in play in their colour, the others grey.
// A ring has no yard boxes.
func (p *ludoPicture) drawYards() {
	b := p.s.Game().Board()
	if b == nil {
		return
	}
	for slot := range b.Starts {
		x, y, w, h, ok := p.L.yardBox(slot)
		if !ok {
			continue
		}
		col := "#DDDDDD"
		if slices.Contains(p.slots, slot) {
			col = seatColour[slot]
		}
		p.c.rect(x, y, w, h, 10, tint(col, 0.7), col, 2)
	}
}

// drawTrack draws the track's squares, the players' start squares tinted in their
// colour, and the special fields marked.
func (p *ludoPicture) drawTrack() {
	s, G := p.s, p.L.G
	kindOf := map[string]ludo.Field{}
	for _, f := range s.Game().Rules().Fields {
		kindOf[f.Kind] = f
	}
	starts := map[int]int{} // track square -> slot
	for q, slot := range p.slots {
		starts[s.Start(q)] = slot
	}
	for sq := 0; sq < s.TrackLength(); sq++ {
		at := p.L.track(sq)
		fill := colPaper
		tip := fmt.Sprintf("square %d", sq+1)
		if slot, ok := starts[sq]; ok {
			fill = tint(seatColour[slot], 0.45)
			tip += fmt.Sprintf(", %s's start", seatNames[slot])
		}
		p.c.rect(at.X-G/2, at.Y-G/2, G, G, 0, fill, "#888888", 1).Tip = tip
		if kind := s.FieldAt(sq); kind != "" {
			drawField(p.c, at, G, kindOf[kind])
		}
	}
}

// drawHomesAndGoals draws each player's home column and goal in its colour.
func (p *ludoPicture) drawHomesAndGoals() {
	G := p.L.G
	for _, slot := range p.slots {
		for i := 0; i < p.s.HomeLength(); i++ {
			at := p.L.home(slot, i)
			p.c.rect(at.X-G/2, at.Y-G/2, G, G, 0, tint(seatColour[slot], 0.3), "#888888", 1).Tip = fmt.Sprintf("%s's home column, square %d", seatNames[slot], i+1)
		}
		at := p.L.goal(slot)
		p.c.rect(at.X-G/2, at.Y-G/2, G, G, 4, seatColour[slot], colInk, 1.5).Tip = fmt.Sprintf("%s's goal", seatNames[slot])
	}
}

// placeOf is where token k of player q stands in position st: its yard place, the
// goal, a track square or a square of its home column.
func (p *ludoPicture) placeOf(st *ludo.State, q, k int) Point {
	x, slot := st.Progress(q, k), p.slots[q]
	switch {
	case x == 0:
		return p.L.yard(slot, k)
	case x == st.Goal():
		return p.L.goal(slot)
	case x < st.TrackLength():
		return p.L.track(st.SquareOf(q, x))
	}
	return p.L.home(slot, x-st.TrackLength())
}

// groupTokens counts each player's tokens at the goal and in the yard, and groups the
// others by the place they stand on, in the order the places are first reached going
// through the players and their tokens.
func (p *ludoPicture) groupTokens() []*ludoSpot {
	s := p.s
	p.finished, p.inYard = make([]int, len(p.slots)), make([]int, len(p.slots))
	var spots []*ludoSpot
	byPlace := map[[2]float64]*ludoSpot{}
	for q := range p.slots {
		for k := 0; k < s.Tokens(); k++ {
			switch s.Progress(q, k) {
			case s.Goal():
				p.finished[q]++
				continue
			case 0:
				p.inYard[q]++
			}
			at := p.placeOf(s, q, k)
			key := [2]float64{math.Round(at.X), math.Round(at.Y)}
			sp := byPlace[key]
			if sp == nil {
				sp = &ludoSpot{at: at}
				byPlace[key] = sp
				spots = append(spots, sp)
			}
			sp.tokens = append(sp.tokens, [2]int{q, k})
		}
	}
	return spots
}

// drawTokens writes the number of tokens at each goal, then draws the tokens on every
// spot.
func (p *ludoPicture) drawTokens(spots []*ludoSpot) {
	G := p.L.G
	for q, slot := range p.slots {
		if p.finished[q] > 0 {
			at := p.L.goal(slot)
			p.c.text(at.X, at.Y, strconv.Itoa(p.finished[q]), G*0.5, Middle, seatInk[slot], true).Tip = fmt.Sprintf("%s at the goal", plural(p.finished[q], "token"))
		}
	}
	p.tokenAt = map[[2]int]Point{}
	for _, sp := range spots {
		p.drawSpot(sp)
	}
}

// drawSpot draws one disc per player on the spot, side by side, lettered with the
// token or, for a player's several tokens there, their count.
func (p *ludoPicture) drawSpot(sp *ludoSpot) {
	var players []int
	count := map[int]int{}
	first := map[int]int{}
	for _, t := range sp.tokens {
		if count[t[0]] == 0 {
			players = append(players, t[0])
			first[t[0]] = t[1]
		}
		count[t[0]]++
	}
	G := p.L.G
	r := G * 0.36
	if len(players) > 1 {
		r = G * 0.26
	}
	for i, q := range players {
		x := sp.at.X + (float64(i)-float64(len(players)-1)/2)*r*1.4
		slot := p.slots[q]
		label := string(rune('a' + first[q]))
		tip := fmt.Sprintf("%s token %s", seatNames[slot], label)
		if count[q] > 1 {
			label = strconv.Itoa(count[q])
			tip = fmt.Sprintf("%d %s tokens", count[q], seatNames[slot])
		}
		p.c.circle(x, sp.at.Y, r, seatColour[slot], colInk, 1.5).Tip = tip
		p.c.text(x, sp.at.Y, label, r*1.15, Middle, seatInk[slot], true)
		for _, t := range sp.tokens {
			if t[0] == q {
				p.tokenAt[t] = Point{x, sp.at.Y}
			}
		}
	}
}

// drawMovable rings the tokens that can move with the roll to play and gives each
// move its clickable region; with ShowMoves it also draws where the token would go.
func (p *ludoPicture) drawMovable() {
	s := p.s
	if p.over || s.Roll() <= 0 {
		return
	}
	G := p.L.G
	for _, m := range s.LegalMoves(nil) {
		k := int(m - ludo.TokenBase)
		if k < 0 || k >= s.Tokens() {
			continue
		}
		text := s.MoveString(m)
		p.moveTexts = append(p.moveTexts, text)
		from, ok := p.tokenAt[[2]int{p.mover, k}]
		if !ok {
			continue
		}
		p.c.circle(from.X, from.Y, G*0.45, "", colPaper, 6).Opacity = 0.9
		p.c.circle(from.X, from.Y, G*0.45, "", colInk, 3).Class = "movable"
		if p.opt.ShowMoves {
			p.drawDestination(m, k, from, text)
		}
		p.c.add(Shape{Kind: Circle, X: from.X, Y: from.Y, R: G * 0.45, Fill: colPaper, Opacity: 0.001, Class: "move", Move: text, Tip: "move token " + text})
	}
}

// drawDestination draws move m of the mover's token k as a dashed line from the token
// to where the move takes it, a ring there, and a second clickable region.
func (p *ludoPicture) drawDestination(m core.Move, k int, from Point, text string) {
	G := p.L.G
	after := p.s.Clone().(*ludo.State)
	after.Play(m)
	to := p.placeOf(after, p.mover, k)
	p.c.line(colInk, 2.5, from, to).Dash = []float64{5, 4}
	p.c.circle(to.X, to.Y, G*0.2, "", colInk, 2.5).Class = "target"
	p.c.add(Shape{Kind: Circle, X: to.X, Y: to.Y, R: G * 0.4, Fill: colPaper, Opacity: 0.001, Class: "move", Move: text, Tip: "move token " + text})
}

// drawDie draws the die in the mover's colour, with its line below, unless the game is
// over.
func (p *ludoPicture) drawDie(y float64) {
	if p.over {
		return
	}
	face, text := p.dieFace()
	drawDie(p.c, ludoMargin+2, y, 44, face, seatColour[p.slots[p.mover]])
	p.c.text(ludoMargin+2, y+58, text, 11, Start, colInk, false)
}

// dieFace is what the die shows and says: the roll to play; else the roll just made
// when it left no move (the position before was the roll, Options.Prev and Last);
// else that the mover is to roll.
func (p *ludoPicture) dieFace() (int, string) {
	roll := p.s.Roll()
	if roll > 0 {
		return roll, fmt.Sprintf("%s rolled %d", p.name(p.mover), roll)
	}
	if prev, ok := p.opt.Prev.(*ludo.State); ok && prev.ToMove() == core.Chance && int(p.opt.Last) >= 1 && int(p.opt.Last) <= prev.DieSides() {
		roll = int(p.opt.Last)
		return roll, fmt.Sprintf("%s rolled %d: no move", p.name(prev.Mover()), roll)
	}
	return roll, fmt.Sprintf("%s to roll", p.name(p.mover))
}

// drawPlayerLines writes a line per player beside the die: colour, seat, tokens in
// the yard and at the goal, and for the mover its moves or that it is to roll.
func (p *ludoPicture) drawPlayerLines(py float64) {
	lx := ludoMargin + 130
	for q, slot := range p.slots {
		y := py + 10 + 24*float64(q)
		p.c.circle(lx, y, 8, seatColour[slot], colInk, 1)
		line := fmt.Sprintf("%c %s · %s · yard %d · goal %d", p.s.Game().Letter(q), seatNames[slot], seatName(q), p.inYard[q], p.finished[q])
		toMove := !p.over && q == p.mover
		col := colMuted
		if toMove {
			line += p.turnNote()
			col = colInk
		}
		p.c.text(lx+14, y, line, 13, Start, col, toMove)
	}
}

// turnNote ends the mover's line: its moves, or that it is to roll.
func (p *ludoPicture) turnNote() string {
	if p.s.Roll() > 0 && len(p.moveTexts) > 0 {
		return fmt.Sprintf(" — moves %s", strings.Join(p.moveTexts, " "))
	}
	return " — to roll"
}

// drawGameOver writes the result where the die would be, once the game is over.
func (p *ludoPicture) drawGameOver(py float64) {
	if !p.over {
		return
	}
	p.c.text(ludoMargin+2, py+10, "Game over", 15, Start, colInk, true)
	p.c.text(ludoMargin+2, py+32, result(p.s), 12, Start, colInk, false)
}

// status says in words where the game stands: over with its result, a roll to play,
// or a roll due.
func (p *ludoPicture) status() string {
	switch {
	case p.over:
		return "game over, " + result(p.s)
	case p.s.Roll() > 0:
		return fmt.Sprintf("%s (%s) rolled %d and moves", p.name(p.mover), seatName(p.mover), p.s.Roll())
	}
	return fmt.Sprintf("%s (%s) to roll", p.name(p.mover), seatName(p.mover))
}

// describe is the drawing's description: the status, where every token is, and the
// legal moves.
func (p *ludoPicture) describe(status string) string {
	s := p.s
	desc := []string{status + "."}
	for q := range p.slots {
		var places []string
		for k := 0; k < s.Tokens(); k++ {
			places = append(places, fmt.Sprintf("%c %s", 'a'+k, placeName(s, q, s.Progress(q, k))))
		}
		desc = append(desc, fmt.Sprintf("%s (%s): %s.", p.name(q), seatName(q), strings.Join(places, ", ")))
	}
	if len(p.moveTexts) > 0 {
		desc = append(desc, "Legal moves: "+strings.Join(p.moveTexts, ", ")+".")
	}
	return strings.Join(desc, " ")
}

func placeName(s *ludo.State, q, x int) string {
	switch {
	case x == 0:
		return "in the yard"
	case x == s.Goal():
		return "at the goal"
	case x >= s.TrackLength():
		return fmt.Sprintf("on home square %d", x-s.TrackLength()+1)
	}
	return fmt.Sprintf("on square %d", s.SquareOf(q, x)+1)
}

// drawField marks a special square: a star for a jump, a globe for a safe square, the
// kind's initial for a custom kind.
func drawField(c *canvas, p Point, G float64, f ludo.Field) {
	switch {
	case f.Jump != ludo.JumpNone:
		var pts []Point
		for i := 0; i < 10; i++ {
			r := G * 0.36
			if i%2 == 1 {
				r = G * 0.15
			}
			a := math.Pi*float64(i)/5 - math.Pi/2
			pts = append(pts, Point{p.X + r*math.Cos(a), p.Y + r*math.Sin(a)})
		}
		c.polygon("#E8E8E8", "#555555", 1.2, pts...).Tip = fmt.Sprintf("%s: jumps on (%s)", f.Kind, f.Jump)
	case f.Safe || f.SafeExceptOthersStart:
		r := G * 0.32
		c.circle(p.X, p.Y, r, "#E8E8E8", "#555555", 1.2).Tip = f.Kind + ": safe"
		c.line("#555555", 1, Point{p.X - r, p.Y}, Point{p.X + r, p.Y})
		c.add(Shape{Kind: Rect, X: p.X - r*0.45, Y: p.Y - r, W: r * 0.9, H: 2 * r, R: r * 0.45, Stroke: "#555555", Width: 1})
	default:
		kind := f.Kind
		if kind == "" {
			kind = "?"
		}
		c.text(p.X, p.Y, strings.ToUpper(kind[:1]), G*0.45, Middle, "#555555", true).Tip = kind
	}
}

// drawDie draws a die showing face (pips for 1..6, the number above; a question mark
// for 0) in the colour of the player rolling.
func drawDie(c *canvas, x, y, size float64, face int, colour string) {
	c.rect(x, y, size, size, size*0.18, tint(colour, 0.55), colInk, 1.5).Tip = "the die"
	cx, cy, d := x+size/2, y+size/2, size*0.27
	pips := map[int][]Point{
		1: {{0, 0}},
		2: {{-1, -1}, {1, 1}},
		3: {{-1, -1}, {0, 0}, {1, 1}},
		4: {{-1, -1}, {1, -1}, {-1, 1}, {1, 1}},
		5: {{-1, -1}, {1, -1}, {0, 0}, {-1, 1}, {1, 1}},
		6: {{-1, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {1, 1}},
	}
	switch pts, ok := pips[face]; {
	case ok:
		for _, p := range pts {
			c.circle(cx+p.X*d, cy+p.Y*d, size*0.08, colInk, "", 0)
		}
	case face > 0:
		c.text(cx, cy, strconv.Itoa(face), size*0.5, Middle, colInk, true)
	default:
		c.text(cx, cy, "?", size*0.5, Middle, colMuted, true)
	}
}
