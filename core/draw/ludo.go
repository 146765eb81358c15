package draw

import (
	"fmt"
	"math"
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

func drawLudo(s *ludo.State, opt Options) (*Drawing, error) {
	g := s.Game()
	const margin = 10.0
	np, nt := s.Players(), s.Tokens()
	slots := make([]int, np)
	for q := range slots {
		slots[q] = strings.IndexByte("RGYB", g.Letter(q))
		if slots[q] < 0 {
			return nil, fmt.Errorf("draw: ludo player %d has colour letter %q", q+1, g.Letter(q))
		}
	}
	b := g.Board()
	var L *ludoLayout
	if b != nil {
		L = gridLayout(s, b, margin, margin)
	} else {
		L = ringLayout(s, slots, margin, margin)
	}
	G := L.G
	panel := 26*float64(np) + 20
	width := 2*margin + math.Max(L.w, 360)
	height := 2*margin + L.h + math.Max(panel, 64)
	c := &canvas{}
	c.rect(0, 0, width, height, 0, colPaper, "", 0)
	c.rect(margin, margin, L.w, L.h, 6, "#FBFBF8", "#BBBBBB", 1)
	kindOf := map[string]ludo.Field{}
	for _, f := range g.Rules().Fields {
		kindOf[f.Kind] = f
	}
	// Yards, then the track (start squares tinted, fields marked), homes and goals.
	seatUsed := map[int]int{} // slot -> player
	for q, slot := range slots {
		seatUsed[slot] = q
	}
	if b != nil {
		for slot := range b.Starts {
			x, y, w, h, ok := L.yardBox(slot)
			if !ok {
				continue
			}
			col := "#DDDDDD"
			if _, used := seatUsed[slot]; used {
				col = seatColour[slot]
			}
			c.rect(x, y, w, h, 10, tint(col, 0.7), col, 2)
		}
	}
	starts := map[int]int{} // track square -> slot
	for q := 0; q < np; q++ {
		starts[s.Start(q)] = slots[q]
	}
	for sq := 0; sq < s.TrackLength(); sq++ {
		p := L.track(sq)
		fill := colPaper
		tip := fmt.Sprintf("square %d", sq+1)
		if slot, ok := starts[sq]; ok {
			fill = tint(seatColour[slot], 0.45)
			tip += fmt.Sprintf(", %s's start", seatNames[slot])
		}
		c.rect(p.X-G/2, p.Y-G/2, G, G, 0, fill, "#888888", 1).Tip = tip
		if kind := s.FieldAt(sq); kind != "" {
			drawField(c, p, G, kindOf[kind])
		}
	}
	for q := 0; q < np; q++ {
		slot := slots[q]
		for i := 0; i < s.HomeLength(); i++ {
			p := L.home(slot, i)
			c.rect(p.X-G/2, p.Y-G/2, G, G, 0, tint(seatColour[slot], 0.3), "#888888", 1).Tip = fmt.Sprintf("%s's home column, square %d", seatNames[slot], i+1)
		}
		p := L.goal(slot)
		c.rect(p.X-G/2, p.Y-G/2, G, G, 4, seatColour[slot], colInk, 1.5).Tip = fmt.Sprintf("%s's goal", seatNames[slot])
	}
	// Tokens, grouped by where they stand.
	type spot struct {
		at     Point
		tokens [][2]int // player, token
	}
	var spots []*spot
	byPlace := map[[2]float64]*spot{}
	finished := make([]int, np)
	yardCount := make([]int, np)
	where := func(q, k int) (Point, bool) {
		x, slot := s.Progress(q, k), slots[q]
		switch {
		case x == 0:
			return L.yard(slot, k), true
		case x == s.Goal():
			return L.goal(slot), false
		case x < s.TrackLength():
			return L.track(s.SquareOf(q, x)), true
		}
		return L.home(slot, x-s.TrackLength()), true
	}
	for q := 0; q < np; q++ {
		for k := 0; k < nt; k++ {
			switch s.Progress(q, k) {
			case s.Goal():
				finished[q]++
				continue
			case 0:
				yardCount[q]++
			}
			at, _ := where(q, k)
			key := [2]float64{math.Round(at.X), math.Round(at.Y)}
			sp := byPlace[key]
			if sp == nil {
				sp = &spot{at: at}
				byPlace[key] = sp
				spots = append(spots, sp)
			}
			sp.tokens = append(sp.tokens, [2]int{q, k})
		}
	}
	for q := 0; q < np; q++ {
		if finished[q] > 0 {
			p := L.goal(slots[q])
			c.text(p.X, p.Y, strconv.Itoa(finished[q]), G*0.5, Middle, seatInk[slots[q]], true).Tip = fmt.Sprintf("%s at the goal", plural(finished[q], "token"))
		}
	}
	tokenAt := map[[2]int]Point{}
	for _, sp := range spots {
		// One disc per player on the spot, side by side; a player's several tokens
		// there show their count.
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
		r := G * 0.36
		if len(players) > 1 {
			r = G * 0.26
		}
		for i, q := range players {
			x := sp.at.X + (float64(i)-float64(len(players)-1)/2)*r*1.4
			slot := slots[q]
			label := string(rune('a' + first[q]))
			tip := fmt.Sprintf("%s token %s", seatNames[slot], label)
			if count[q] > 1 {
				label = strconv.Itoa(count[q])
				tip = fmt.Sprintf("%d %s tokens", count[q], seatNames[slot])
			}
			c.circle(x, sp.at.Y, r, seatColour[slot], colInk, 1.5).Tip = tip
			c.text(x, sp.at.Y, label, r*1.15, Middle, seatInk[slot], true)
			for _, t := range sp.tokens {
				if t[0] == q {
					tokenAt[t] = Point{x, sp.at.Y}
				}
			}
		}
	}
	// The tokens that can move, ringed, and with ShowMoves where they would go.
	over := s.ToMove() == core.Terminal
	mover := s.Mover()
	var moveTexts []string
	if !over && s.Roll() > 0 {
		for _, m := range s.LegalMoves(nil) {
			k := int(m - ludo.TokenBase)
			if k < 0 || k >= nt {
				continue
			}
			text := s.MoveString(m)
			moveTexts = append(moveTexts, text)
			from, ok := tokenAt[[2]int{mover, k}]
			if !ok {
				continue
			}
			c.circle(from.X, from.Y, G*0.45, "", colPaper, 6).Opacity = 0.9
			c.circle(from.X, from.Y, G*0.45, "", colInk, 3).Class = "movable"
			if opt.ShowMoves {
				after := s.Clone().(*ludo.State)
				after.Play(m)
				to, _ := where(mover, k)
				if after.Progress(mover, k) != s.Progress(mover, k) {
					x := after.Progress(mover, k)
					switch {
					case x == 0:
						to = L.yard(slots[mover], k)
					case x == after.Goal():
						to = L.goal(slots[mover])
					case x < after.TrackLength():
						to = L.track(after.SquareOf(mover, x))
					default:
						to = L.home(slots[mover], x-after.TrackLength())
					}
				}
				c.line(colInk, 2.5, from, to).Dash = []float64{5, 4}
				c.circle(to.X, to.Y, G*0.2, "", colInk, 2.5).Class = "target"
				c.add(Shape{Kind: Circle, X: to.X, Y: to.Y, R: G * 0.4, Fill: colPaper, Opacity: 0.001, Class: "move", Move: text, Tip: "move token " + text})
			}
			c.add(Shape{Kind: Circle, X: from.X, Y: from.Y, R: G * 0.45, Fill: colPaper, Opacity: 0.001, Class: "move", Move: text, Tip: "move token " + text})
		}
	}
	// The die, and a line per player.
	py := margin + L.h + 12
	dieText := ""
	roll := s.Roll()
	switch {
	case over:
	case roll > 0:
		dieText = fmt.Sprintf("%s rolled %d", seatNames[slots[mover]], roll)
	default:
		if prev, ok := opt.Prev.(*ludo.State); ok && prev.ToMove() == core.Chance && int(opt.Last) >= 1 && int(opt.Last) <= prev.DieSides() {
			roll = int(opt.Last)
			dieText = fmt.Sprintf("%s rolled %d: no move", seatNames[slots[prev.Mover()]], roll)
		} else {
			dieText = fmt.Sprintf("%s to roll", seatNames[slots[mover]])
		}
	}
	if !over {
		drawDie(c, margin+2, py, 44, roll, seatColour[slots[mover]])
		c.text(margin+2, py+58, dieText, 11, Start, colInk, false)
	}
	lx := margin + 130
	for q := 0; q < np; q++ {
		slot := slots[q]
		y := py + 10 + 24*float64(q)
		c.circle(lx, y, 8, seatColour[slot], colInk, 1)
		line := fmt.Sprintf("%c %s · %s · yard %d · goal %d", g.Letter(q), seatNames[slot], seatName(q), yardCount[q], finished[q])
		toMove := !over && q == mover
		if toMove {
			switch {
			case s.Roll() > 0 && len(moveTexts) > 0:
				line += fmt.Sprintf(" — moves %s", strings.Join(moveTexts, " "))
			default:
				line += " — to roll"
			}
		}
		col := colMuted
		if toMove {
			col = colInk
		}
		c.text(lx+14, y, line, 13, Start, col, toMove)
	}
	status := ""
	if over {
		status = "game over, " + result(s)
		c.text(margin+2, py+10, "Game over", 15, Start, colInk, true)
		c.text(margin+2, py+32, result(s), 12, Start, colInk, false)
	} else if s.Roll() > 0 {
		status = fmt.Sprintf("%s (%s) rolled %d and moves", seatNames[slots[mover]], seatName(mover), s.Roll())
	} else {
		status = fmt.Sprintf("%s (%s) to roll", seatNames[slots[mover]], seatName(mover))
	}
	desc := []string{status + "."}
	for q := 0; q < np; q++ {
		var places []string
		for k := 0; k < nt; k++ {
			places = append(places, fmt.Sprintf("%c %s", 'a'+k, placeName(s, q, s.Progress(q, k))))
		}
		desc = append(desc, fmt.Sprintf("%s (%s): %s.", seatNames[slots[q]], seatName(q), strings.Join(places, ", ")))
	}
	if len(moveTexts) > 0 {
		desc = append(desc, "Legal moves: "+strings.Join(moveTexts, ", ")+".")
	}
	title := fmt.Sprintf("%s: %s", g.Name(), status)
	return &Drawing{Width: width, Height: height, Game: "ludo", Title: title, Desc: strings.Join(desc, " "), Shapes: c.shapes}, nil
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
