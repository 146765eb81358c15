package mancala

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/boxed"
	"github.com/kalahlab/kalahlab/core/pitstring"
)

// String is the one-line position string (see the package doc).
func (s *State) String() string {
	g := s.g
	var b strings.Builder
	pitstring.WritePits(&b, s.pits, g.isStore)
	pitstring.WriteSide(&b, int(s.v.side), s.v.over)
	pitstring.WritePie(&b, s.v.pie == pieFirst, s.v.pie == pieOffer, s.v.swapped)
	s.writeMarks(&b, " marks=", func(m int8) bool { return m != 0 && m < markOut }, 1)
	s.writeMarks(&b, " kept=", func(m int8) bool { return m >= markKeep }, markKeep)
	s.writeExt(&b)
	if s.v.repeated {
		b.WriteString(" repeated")
	}
	return b.String()
}

// writeMarks writes key and the pits whose marks pass, PIT:s or PIT:n (the mark less
// first is the side), comma-separated; nothing when no pit passes.
func (s *State) writeMarks(b *strings.Builder, key string, pass func(m int8) bool, first int8) {
	sep := key
	for p, m := range s.marks {
		if pass(m) {
			b.WriteString(sep)
			b.WriteString(strconv.Itoa(p + 1))
			b.WriteByte(':')
			b.WriteByte("sn"[m-first])
			sep = ","
		}
	}
}

// isStore reports whether pit p is a store.
func (g *Game) isStore(p int) bool { return !g.house[p] }

// Parse reads a position string. The seeds in it need not match the start counts, but
// the number of pits must. The repetition record starts afresh at the parsed position,
// and the ply count at 0.
//
// The string is read in its order: the pits, the side to move, then each field after
// it (the pie fields, "repeated", the extended fields, kept pits and marks); then the
// extended fields are checked together, and the position is scored or checked for its
// end as the rules say.
func (g *Game) Parse(text string) (*State, error) {
	s, err := g.parse(text)
	if err != nil {
		return nil, fmt.Errorf("%s position %q: %w", g.name, text, err)
	}
	return s, nil
}

// parse is Parse without naming the game and the text in its errors.
func (g *Game) parse(text string) (*State, error) {
	fields := strings.Fields(text)
	if len(fields) < 2 {
		return nil, fmt.Errorf("want pits then the side to move (s, n or -), e.g. %q", g.Start().String())
	}
	s, err := g.parsePits(fields[0])
	if err != nil {
		return nil, err
	}
	side, over, err := pitstring.ParseSide(fields[1])
	if err != nil {
		return nil, err
	}
	s.v.side, s.v.pie = uint8(side), pieDone
	ext := extFields{}
	for _, f := range fields[2:] {
		if err := s.parseField(f, over, &ext); err != nil {
			return nil, err
		}
	}
	if err := s.checkExt(&ext, over); err != nil {
		return nil, err
	}
	s.settleParsed(over)
	return s, nil
}

// parsePits reads the pits field into a new state of g.
func (g *Game) parsePits(field string) (*State, error) {
	cells := strings.Split(field, ",")
	if len(cells) != g.npits {
		return nil, fmt.Errorf("%d pits, want %d (%d houses and 2 stores)", len(cells), g.npits, g.npits-2)
	}
	s := &State{g: g, pits: newPits(g.npits)}
	if g.marks {
		s.marks = newMarks(g.npits)
	}
	total, err := pitstring.ParsePits(cells, s.pits, g.isStore, MaxSeeds)
	if err != nil {
		return nil, err
	}
	s.total = total
	return s, nil
}

// parseField reads one field after the side to move; over tells whether the side to
// move said the game is over.
func (s *State) parseField(f string, over bool, ext *extFields) error {
	g := s.g
	switch {
	case f == pitstring.PieFirst || f == pitstring.PieOffer:
		if !g.r.PieRule {
			return fmt.Errorf("%s: this game has no pie rule", f)
		}
		s.v.pie = pieFirst
		if f == pitstring.PieOffer {
			s.v.pie = pieOffer
		}
	case f == pitstring.Swapped:
		s.v.swapped = true
	case f == "repeated":
		if !over || g.r.End.Repeats == 0 {
			return fmt.Errorf("repeated: only a finished game of a variant with repetitions ends so")
		}
		s.v.repeated = true
	default:
		if ok, err := s.parseExt(f, ext); ok {
			return err
		}
		return s.parseMarkField(f)
	}
	return nil
}

// parseMarkField reads a kept= or a marks= field, the last fields a position may have.
func (s *State) parseMarkField(f string) error {
	g := s.g
	switch {
	case strings.HasPrefix(f, "kept="):
		if !g.keeps {
			return fmt.Errorf("%s: this game keeps no pits", f)
		}
		return s.parseKept(strings.TrimPrefix(f, "kept="))
	case strings.HasPrefix(f, "marks="):
		if !g.marking() {
			return fmt.Errorf("%s: this game marks no pits", f)
		}
		return s.parseMarks(strings.TrimPrefix(f, "marks="))
	}
	return fmt.Errorf("unknown field %q (want %s)", f, g.fieldsWanted())
}

// parseMarkedPit reads one PIT:s or PIT:n of a kept= or marks= list: a house number
// (1-based pit index) and its side. what names the entry in errors.
func (s *State) parseMarkedPit(m, what string) (p, side int, err error) {
	g := s.g
	num, who, ok := strings.Cut(m, ":")
	p, err = strconv.Atoi(num)
	side = strings.Index("sn", who)
	switch {
	case !ok || err != nil || len(who) != 1 || side < 0:
		return 0, 0, fmt.Errorf("%s %q: want PIT:s or PIT:n", what, m)
	case p < 1 || p > g.npits || !g.house[p-1]:
		return 0, 0, fmt.Errorf("%s %q: pit %d is not a house", what, m, p)
	}
	return p, side, nil
}

// parseKept reads the list of a kept= field: the pits kept by each side (KeepPair).
func (s *State) parseKept(list string) error {
	for _, m := range strings.Split(list, ",") {
		p, side, err := s.parseMarkedPit(m, "kept pit")
		if err != nil {
			return err
		}
		if s.marks[p-1] != 0 {
			return fmt.Errorf("kept pit %q: pit %d is marked or kept already", m, p)
		}
		s.marks[p-1] = int8(markKeep + side)
	}
	return nil
}

// parseMarks reads the list of a marks= field: the pits marked by each side (MarkPit),
// which hold no seeds.
func (s *State) parseMarks(list string) error {
	for _, m := range strings.Split(list, ",") {
		p, side, err := s.parseMarkedPit(m, "mark")
		if err != nil {
			return err
		}
		switch {
		case s.pits[p-1] != 0:
			return fmt.Errorf("mark %q: a marked pit holds no seeds (pit %d holds %d)", m, p, s.pits[p-1])
		case s.marks[p-1] != 0:
			return fmt.Errorf("mark %q: pit %d is marked or out already", m, p)
		}
		s.marks[p-1] = int8(side + 1)
	}
	return nil
}

// settleParsed completes a parsed position: a finished one is scored (as a repetition
// ends it, or as finishParsed says), one in play is checked for its end (not during
// the setup), and the repetition record starts at it.
func (s *State) settleParsed(over bool) {
	s.resyncHash()
	switch {
	case over && s.v.repeated:
		s.finish(s.g.r.End.OnRepeat)
	case over:
		s.finishParsed()
	case s.InSetup():
	default:
		s.endCheck()
	}
	s.startHistory()
}

// finishParsed scores a position read as over: by majority when a store holds one,
// else as a normal end.
func (s *State) finishParsed() {
	g := s.g
	if g.r.End.Majority && s.majorityHeld() {
		s.majority()
		return
	}
	s.finish(g.r.End.Remaining)
}

// MoveString writes a house number (1-based along the mover's track), followed by R
// (anticlockwise) or L (clockwise) when the mover chooses the direction; or "swap" or
// "pass".
//
// A setup move is "A>B" (a seed from house A to house B), "done" ends a setup; a
// sowing that names a chosen house (Capture.Chosen) is followed by ">" and the
// opponent's house number: "3>7", "3L>7".
func (s *State) MoveString(m core.Move) string {
	switch {
	case m == Swap:
		return "swap"
	case m == Pass:
		return "pass"
	case m == Done:
		return "done"
	case m&SetupBit != 0:
		return strconv.Itoa(int(m>>8)&255+1) + ">" + strconv.Itoa(int(m)&255+1)
	}
	k := int(m & (ClockwiseBit - 1))
	h := strconv.Itoa(k + 1)
	if s.g.r.Sowing.Direction == Chosen || (s.g.hdir != nil && k < len(s.g.hdir) && s.g.hdir[k] == Chosen) {
		if m&ClockwiseBit != 0 {
			h += "L"
		} else {
			h += "R"
		}
	}
	if t := int(m >> TargetShift); t > 0 {
		h += ">" + strconv.Itoa(t)
	}
	return h
}

// ParseMove reads a move as MoveString writes it (L and R in either case).
func (s *State) ParseMove(text string) (core.Move, error) {
	g := s.g
	text = strings.TrimSpace(text)
	switch {
	case strings.EqualFold(text, "swap") && g.r.PieRule:
		return Swap, nil
	case strings.EqualFold(text, "pass") && g.r.Pass:
		return Pass, nil
	case s.InSetup():
		return s.parseSetupMove(text)
	}
	text, target, err := s.parseTarget(text)
	if err != nil {
		return 0, err
	}
	n := len(g.houses[s.v.side])
	want := fmt.Sprintf("a house number 1..%d", n)
	if g.r.Sowing.Direction == Chosen {
		want = fmt.Sprintf("a house number 1..%d and a direction, R (anticlockwise) or L (clockwise), e.g. 3R", n)
	}
	if g.hdir != nil {
		return s.parseHouseDirMove(text, want, target)
	}
	if g.r.PieRule {
		want += " or swap"
	}
	if g.r.Pass {
		want += " or pass"
	}
	var dir core.Move
	num := text
	if g.r.Sowing.Direction == Chosen {
		if text == "" {
			return 0, fmt.Errorf("move %q: want %s", text, want)
		}
		switch text[len(text)-1] {
		case 'L', 'l':
			dir = ClockwiseBit
		case 'R', 'r':
		default:
			return 0, fmt.Errorf("move %q: want %s", text, want)
		}
		num = text[:len(text)-1]
	}
	h, ok := number(num, n)
	if !ok {
		return 0, fmt.Errorf("move %q: want %s", text, want)
	}
	return core.Move(h-1) | dir | target, nil
}

// parseTarget splits the chosen opponent house off a sowing move ("3>7", with
// Capture.Chosen): it returns the sowing part and the target bits of the move.
func (s *State) parseTarget(text string) (string, core.Move, error) {
	if !s.g.chosen {
		return text, 0, nil
	}
	sow, t, ok := strings.Cut(text, ">")
	if !ok {
		return text, 0, nil
	}
	nt := len(s.g.houses[1-s.v.side])
	k, ok := number(t, nt)
	if !ok {
		return "", 0, fmt.Errorf("move %q: the chosen house after > must be the opponent's house number 1..%d", text, nt)
	}
	return sow, core.Move(k) << TargetShift, nil
}

// parseHouseDirMove reads a move under Sowing.HouseDirections: a house number, with R
// or L when the house's direction is Chosen.
func (s *State) parseHouseDirMove(text, want string, target core.Move) (core.Move, error) {
	g := s.g
	chosen := []string{}
	for k, d := range g.hdir {
		if d == Chosen {
			chosen = append(chosen, strconv.Itoa(k+1))
		}
	}
	if len(chosen) > 0 {
		want += fmt.Sprintf(", with R (anticlockwise) or L (clockwise) after house %s", strings.Join(chosen, ", "))
	}
	if g.r.PieRule {
		want += " or swap"
	}
	if g.r.Pass {
		want += " or pass"
	}
	num, dir, suffix := text, core.Move(0), false
	if text != "" {
		switch text[len(text)-1] {
		case 'L', 'l':
			num, dir, suffix = text[:len(text)-1], ClockwiseBit, true
		case 'R', 'r':
			num, suffix = text[:len(text)-1], true
		}
	}
	h, err := strconv.Atoi(num)
	if err != nil || h < 1 || h > len(g.hdir) || num != strconv.Itoa(h) || suffix != (g.hdir[h-1] == Chosen) {
		return 0, fmt.Errorf("move %q: want %s", text, want)
	}
	if g.hdir[h-1] == Clockwise {
		dir = ClockwiseBit
	}
	return core.Move(h-1) | dir | target, nil
}

// mix is splitmix64's finaliser.
func mix(z uint64) uint64 {
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// Hash is a hash of the position: pits, marks, side to move, pie phase, seats and end.
// Counts go beyond a Zobrist table's reach (16 bits), so each pit adds its random key
// times its count, and the sum is mixed once. The pits' and marks' sums are kept as
// moves change the pits (vars.phash, vars.mhash), so Hash is cheap enough to run after
// every move for the repetition rule. Two different positions collide with
// a probability of about 2^-63.
func (s *State) Hash() uint64 { return mix(s.rawHash()) }

// rawHash is Hash before the final mix, a bijection: two positions have equal raw
// hashes exactly when their hashes are equal, so the repetition record keeps these.
func (s *State) rawHash() uint64 {
	g := s.g
	h := g.flags[4+s.v.pie&3] + s.v.phash
	if g.keepPly || g.rounds {
		h += s.hashExt()
	}
	h += s.v.mhash                                     // 0 without marks
	h ^= g.flags[0] & -uint64(s.v.side&^b2u(s.v.over)) // the side to move, with no branch to mispredict
	if s.v.swapped {
		h ^= g.flags[1]
	}
	if s.v.over {
		h ^= g.flags[2]
	}
	if s.v.repeated {
		h ^= g.flags[3]
	}
	return h
}

// pitSum is the pits' part of Hash: the sum of each pit's key times its count. The
// sum is taken in four independent lanes (a multiply-add chain a pit long would wait
// on each add), with the bounds checked once; the order of the adds does not change
// the sum.
func pitSum(pits []uint16, keys []uint64) uint64 {
	keys = keys[:len(pits)]
	var h0, h1, h2, h3 uint64
	for len(pits) >= 4 && len(keys) >= 4 {
		h0 += keys[0] * uint64(pits[0])
		h1 += keys[1] * uint64(pits[1])
		h2 += keys[2] * uint64(pits[2])
		h3 += keys[3] * uint64(pits[3])
		pits, keys = pits[4:], keys[4:]
	}
	for len(pits) > 0 && len(keys) > 0 {
		h0 += keys[0] * uint64(pits[0])
		pits, keys = pits[1:], keys[1:]
	}
	return h0 + h1 + h2 + h3
}

// resyncHash recomputes the running parts of Hash (the pits' and the marks' sums)
// after the pits and marks were written directly (Reset, Parse).
func (s *State) resyncHash() {
	s.v.phash = pitSum(s.pits, s.g.keys)
	s.v.mhash, s.v.mbits = 0, 0
	if s.marks != nil {
		s.v.mhash = markSum(s.marks, s.g.keys)
		for p, m := range s.marks[:min(len(s.marks), 64)] {
			s.v.mbits |= uint64(b2u(m != 0)) << p
		}
	}
}

// setPit sets pit p's count to n, keeping the pits' part of Hash (vars.phash): every
// write to the pits during play goes through setPit or addPit (or keeps phash itself
// in a sowing loop).
func (s *State) setPit(p int, n uint16) {
	s.v.phash += s.g.keys[p] * (uint64(n) - uint64(s.pits[p]))
	s.pits[p] = n
}

// addPit adds k seeds to pit p, keeping vars.phash (counts never exceed MaxSeeds, so
// the 16-bit add does not wrap).
func (s *State) addPit(p int, k uint16) {
	s.v.phash += s.g.keys[p] * uint64(k)
	s.pits[p] += k
}

// setMark sets pit p's mark to m, keeping the marks' part of Hash (vars.mhash).
func (s *State) setMark(p int, m int8) {
	k := s.g.keys[p]
	if o := s.marks[p]; o != 0 {
		s.v.mhash -= mix(k + uint64(o))
	}
	if m != 0 {
		s.v.mhash += mix(k + uint64(m))
	}
	if p < 64 {
		s.v.mbits = s.v.mbits&^(1<<p) | uint64(b2u(m != 0))<<p
	}
	s.marks[p] = m
}

// markSum is the marks' part of Hash: a mixed key for each marked pit.
func markSum(marks []int8, keys []uint64) uint64 {
	keys = keys[:len(marks)]
	var h uint64
	for p, m := range marks {
		if m != 0 {
			h += mix(keys[p] + uint64(m))
		}
	}
	return h
}

// Render draws the board boxed (core/boxed, as core/kalah's): the rows as Board
// places them, each house numbered in its owner's notation, the stores on the line
// between the halves (under the board with an odd number of rows), each side named
// with the seat playing it and where its store is, and who is to move. With color, the
// mover's houses are bold green, stores yellow, marked pits red, kept pits magenta and
// houses out of play dim.
func (s *State) Render(color bool) string {
	g := s.g
	bd := &g.r.Board
	b := boxed.Board{Color: color}
	if bd.Rows%2 == 0 {
		b.Half = bd.Rows / 2
	}
	rows := make([]boxed.Row, bd.Rows)
	for r := range rows {
		rows[r].Cells = make([]boxed.Cell, bd.Houses)
		for c := range rows[r].Cells {
			rows[r].Cells[c].Text = "    "
		}
		rows[r].Above = r%2 == 0
		if bd.Rows%2 == 1 {
			rows[r].Above = r < bd.Rows/2
		}
	}
	top := -1 // the side whose houses are on the top row
	var store [2]string
	for p, pit := range g.pits {
		if pit.Store {
			st := boxed.Store{Text: fmt.Sprintf("[%3d]", s.pits[p]), Code: "\x1b[33m"}
			if pit.Col < 0 {
				b.Left, store[pit.Owner] = st, "left"
			} else {
				b.Right, store[pit.Owner] = st, "right"
			}
			continue
		}
		if pit.Row < 0 || pit.Row >= bd.Rows || pit.Col < 0 || pit.Col >= bd.Houses {
			continue
		}
		if pit.Row == 0 && top < 0 {
			top = pit.Owner
		}
		rows[pit.Row].Cells[pit.Col] = s.renderCell(p)
	}
	b.Rows = rows
	if top < 0 {
		top = 1
	}
	b.Top, b.Bottom = s.renderSide(top, store[top], color), s.renderSide(1-top, store[1-top], color)
	switch {
	case s.v.over:
		sc := s.Scores(nil)
		b.Notes = append(b.Notes, fmt.Sprintf("game over: %g - %g", sc[0], sc[1]))
	case s.InSetup():
		b.Notes = append(b.Notes, fmt.Sprintf("%s to set up (%s, %d setup moves left)", s.ToMove(), sideNames[s.v.side], s.v.setup[s.v.side]))
	default:
		b.Notes = append(b.Notes, fmt.Sprintf("%s to move (%s)", s.ToMove(), sideNames[s.v.side]))
	}
	if g.rounds {
		b.Notes = append(b.Notes, fmt.Sprintf("round %d", s.Round()))
	}
	return boxed.Render(b)
}

// renderCell is house p's box: its count, a mark's letter, its colour, its number.
func (s *State) renderCell(p int) boxed.Cell {
	g := s.g
	c := boxed.Cell{Text: fmt.Sprintf("%3d ", s.pits[p]), Label: g.houseNo[p] + 1}
	switch {
	case s.Out(p):
		c.Text, c.Code = "  x ", "\x1b[2m"
	case s.Kept(p) >= 0:
		c.Text, c.Code = fmt.Sprintf("%3d%c", s.pits[p], "SN"[s.Kept(p)]), "\x1b[35m"
	case s.Mark(p) >= 0:
		c.Text, c.Code = fmt.Sprintf("%3d%c", s.pits[p], "sn"[s.Mark(p)]), "\x1b[31m"
	case !s.v.over && int(g.owner[p]) == int(s.v.side):
		c.Code = "\x1b[1;32m"
	case s.pits[p] == 0:
		c.Code = "\x1b[2m"
	}
	return c
}

// renderSide names side with the seat playing it (the pie rule may have swapped them)
// and where its store is, and marks it when it is to move.
func (s *State) renderSide(side int, store string, color bool) string {
	seat := side
	if s.v.swapped {
		seat ^= 1
	}
	line := fmt.Sprintf("  %s (seat %d)", sideNames[side], seat+1)
	if store != "" {
		line += ", store on the " + store
	}
	if !s.v.over && int(s.v.side) == side {
		mark := "  <- to move"
		if color {
			mark = "\x1b[1m" + mark + "\x1b[0m"
		}
		line += mark
	}
	return line
}
