package mancala

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
	for p := 0; p < g.npits; p++ {
		if p > 0 {
			b.WriteByte(',')
		}
		if g.house[p] {
			b.WriteString(strconv.Itoa(int(s.pits[p])))
			continue
		}
		b.WriteByte('[')
		b.WriteString(strconv.Itoa(int(s.pits[p])))
		b.WriteByte(']')
	}
	switch {
	case s.v.over:
		b.WriteString(" -")
	case s.v.side == 0:
		b.WriteString(" s")
	default:
		b.WriteString(" n")
	}
	switch s.v.pie {
	case pieFirst:
		b.WriteString(" pie=first")
	case pieOffer:
		b.WriteString(" pie=offer")
	}
	if s.v.swapped {
		b.WriteString(" swapped")
	}
	sep := " marks="
	for p, m := range s.marks {
		if m != 0 && m < markOut {
			b.WriteString(sep)
			b.WriteString(strconv.Itoa(p + 1))
			b.WriteByte(':')
			b.WriteByte("sn"[m-1])
			sep = ","
		}
	}
	sep = " kept="
	for p, m := range s.marks {
		if m >= markKeep {
			b.WriteString(sep)
			b.WriteString(strconv.Itoa(p + 1))
			b.WriteByte(':')
			b.WriteByte("sn"[m-markKeep])
			sep = ","
		}
	}
	s.writeExt(&b)
	if s.v.repeated {
		b.WriteString(" repeated")
	}
	return b.String()
}

// Parse reads a position string. The seeds in it need not match the start counts, but
// the number of pits must. The repetition record starts afresh at the parsed position,
// and the ply count at 0.
func (g *Game) Parse(text string) (*State, error) {
	fail := func(format string, a ...any) (*State, error) {
		return nil, fmt.Errorf("%s position %q: %s", g.name, text, fmt.Sprintf(format, a...))
	}
	fields := strings.Fields(text)
	if len(fields) < 2 {
		return fail("want pits then the side to move (s, n or -), e.g. %q", g.Start().String())
	}
	cells := strings.Split(fields[0], ",")
	if len(cells) != g.npits {
		return fail("%d pits, want %d (%d houses and 2 stores)", len(cells), g.npits, g.npits-2)
	}
	s := &State{g: g, pits: make([]uint16, g.npits)}
	if g.marks {
		s.marks = make([]int8, g.npits)
	}
	total := 0
	for p, c := range cells {
		store := strings.HasPrefix(c, "[") && strings.HasSuffix(c, "]")
		if store == g.house[p] {
			if g.house[p] {
				return fail("pit %d (%q) is a house: no brackets", p+1, c)
			}
			return fail("pit %d (%q) is a store: write it in brackets", p+1, c)
		}
		c = strings.TrimSuffix(strings.TrimPrefix(c, "["), "]")
		n, err := strconv.Atoi(c)
		if err != nil || n < 0 || n > MaxSeeds {
			return fail("pit %d: %q is not a seed count 0..%d", p+1, c, MaxSeeds)
		}
		s.pits[p] = uint16(n)
		total += n
	}
	if total > MaxSeeds {
		return fail("%d seeds in all; at most %d", total, MaxSeeds)
	}
	s.total = total
	over := false
	switch fields[1] {
	case "s":
	case "n":
		s.v.side = 1
	case "-":
		over = true
	default:
		return fail("side to move %q: want s, n or -", fields[1])
	}
	s.v.pie = pieDone
	ext := extFields{}
	for _, f := range fields[2:] {
		switch {
		case f == "pie=first" || f == "pie=offer":
			if !g.r.PieRule {
				return fail("%s: this game has no pie rule", f)
			}
			s.v.pie = pieFirst
			if f == "pie=offer" {
				s.v.pie = pieOffer
			}
		case f == "swapped":
			s.v.swapped = true
		case f == "repeated":
			if !over || g.r.End.Repeats == 0 {
				return fail("repeated: only a finished game of a variant with repetitions ends so")
			}
			s.v.repeated = true
		case s.parseExt(f, &ext):
			if ext.err != nil {
				return fail("%v", ext.err)
			}
		case strings.HasPrefix(f, "kept="):
			if !g.keeps {
				return fail("%s: this game keeps no pits", f)
			}
			for _, m := range strings.Split(strings.TrimPrefix(f, "kept="), ",") {
				num, who, ok := strings.Cut(m, ":")
				p, err := strconv.Atoi(num)
				side := strings.Index("sn", who)
				switch {
				case !ok || err != nil || len(who) != 1 || side < 0:
					return fail("kept pit %q: want PIT:s or PIT:n", m)
				case p < 1 || p > g.npits || !g.house[p-1]:
					return fail("kept pit %q: pit %d is not a house", m, p)
				case s.marks[p-1] != 0:
					return fail("kept pit %q: pit %d is marked or kept already", m, p)
				}
				s.marks[p-1] = int8(markKeep + side)
			}
		case strings.HasPrefix(f, "marks="):
			if !g.marking() {
				return fail("%s: this game marks no pits", f)
			}
			for _, m := range strings.Split(strings.TrimPrefix(f, "marks="), ",") {
				num, who, ok := strings.Cut(m, ":")
				p, err := strconv.Atoi(num)
				side := strings.Index("sn", who)
				switch {
				case !ok || err != nil || len(who) != 1 || side < 0:
					return fail("mark %q: want PIT:s or PIT:n", m)
				case p < 1 || p > g.npits || !g.house[p-1]:
					return fail("mark %q: pit %d is not a house", m, p)
				case s.pits[p-1] != 0:
					return fail("mark %q: a marked pit holds no seeds (pit %d holds %d)", m, p, s.pits[p-1])
				case s.marks[p-1] != 0:
					return fail("mark %q: pit %d is marked or out already", m, p)
				}
				s.marks[p-1] = int8(side + 1)
			}
		default:
			return fail("unknown field %q (want %s)", f, g.fieldsWanted())
		}
	}
	if err := s.checkExt(&ext, over); err != nil {
		return fail("%v", err)
	}
	switch {
	case over && s.v.repeated:
		s.finish(g.r.End.OnRepeat)
	case over:
		s.finishParsed()
	case s.InSetup():
	default:
		s.endCheck()
	}
	s.startHistory()
	return s, nil
}

// finishParsed scores a position read as over: by majority when a store holds one,
// else as a normal end.
func (s *State) finishParsed() {
	g := s.g
	t := s.total
	if g.r.End.Majority && (2*int(s.pits[g.store[0]]) > t || 2*int(s.pits[g.store[1]]) > t) {
		s.v.over, s.v.pie = true, pieDone
		s.v.score = [2]int32{2 * int32(s.pits[g.store[0]]), 2 * int32(s.pits[g.store[1]])}
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
	var target core.Move
	if g.chosen {
		if sow, t, ok := strings.Cut(text, ">"); ok {
			nt := len(g.houses[1-s.v.side])
			k, err := strconv.Atoi(t)
			if err != nil || k < 1 || k > nt || t != strconv.Itoa(k) {
				return 0, fmt.Errorf("move %q: the chosen house after > must be the opponent's house number 1..%d", text, nt)
			}
			text, target = sow, core.Move(k)<<TargetShift
		}
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
	h, err := strconv.Atoi(num)
	if err != nil || h < 1 || h > n || num != strconv.Itoa(h) {
		return 0, fmt.Errorf("move %q: want %s", text, want)
	}
	return core.Move(h-1) | dir | target, nil
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
// times its count, and the sum is mixed once: a multiply-add per pit, cheap enough to
// run after every move for the repetition rule. Two different positions collide with
// a probability of about 2^-63.
func (s *State) Hash() uint64 {
	g := s.g
	h := g.flags[4+s.v.pie]
	for p, c := range s.pits {
		h += g.keys[p] * uint64(c)
	}
	if g.keepPly || g.rounds {
		h += s.hashExt()
	}
	for p, m := range s.marks {
		if m != 0 {
			h += mix(g.keys[p] + uint64(m))
		}
	}
	if s.v.side == 1 && !s.v.over {
		h ^= g.flags[0]
	}
	if s.v.swapped {
		h ^= g.flags[1]
	}
	if s.v.over {
		h ^= g.flags[2]
	}
	if s.v.repeated {
		h ^= g.flags[3]
	}
	return mix(h)
}

// Render draws the board as Board rows and columns place it: stores at the ends of
// their rows, house numbers in each owner's notation under the counts, and who is to
// move. With color, the mover's houses are bold green, marked pits red.
func (s *State) Render(color bool) string {
	g := s.g
	b := &g.r.Board
	paint := func(text, code string) string {
		if !color || code == "" {
			return text
		}
		return code + text + "\x1b[0m"
	}
	cells := make([][]string, b.Rows)
	labels := make([][]string, b.Rows)
	for r := range cells {
		cells[r] = make([]string, b.Houses+2)
		labels[r] = make([]string, b.Houses+2)
		for c := range cells[r] {
			cells[r][c] = "     "
			labels[r][c] = "     "
		}
	}
	for p, pit := range g.pits {
		text := fmt.Sprintf("%4d ", s.pits[p])
		code := ""
		switch {
		case s.Out(p):
			text, code = "   x ", "\x1b[2m"
		case pit.Store:
			text = fmt.Sprintf("[%3d]", s.pits[p])
			code = "\x1b[33m"
		case s.Kept(p) >= 0:
			text = fmt.Sprintf("%3d%c ", s.pits[p], "SN"[s.Kept(p)])
			code = "\x1b[35m"
		case s.Mark(p) >= 0:
			text = fmt.Sprintf("%3d%c ", s.pits[p], "sn"[s.Mark(p)])
			code = "\x1b[31m"
		case !s.v.over && int(g.owner[p]) == int(s.v.side):
			code = "\x1b[1;32m"
			labels[pit.Row][pit.Col+1] = fmt.Sprintf("%4s ", s.MoveString(core.Move(g.houseNo[p])))
		case s.pits[p] == 0:
			code = "\x1b[2m"
		}
		cells[pit.Row][pit.Col+1] = paint(text, code)
	}
	var out strings.Builder
	for r := range cells {
		out.WriteString(strings.TrimRight(strings.Join(cells[r], ""), " "))
		out.WriteByte('\n')
		if l := strings.TrimRight(strings.Join(labels[r], ""), " "); l != "" {
			out.WriteString(l)
			out.WriteByte('\n')
		}
	}
	switch {
	case s.v.over:
		sc := s.Scores(nil)
		fmt.Fprintf(&out, "game over: %g - %g\n", sc[0], sc[1])
	case s.InSetup():
		fmt.Fprintf(&out, "%s to set up (%s, %d setup moves left)\n", s.ToMove(), [2]string{"South", "North"}[s.v.side], s.v.setup[s.v.side])
	default:
		fmt.Fprintf(&out, "%s to move (%s)\n", s.ToMove(), [2]string{"South", "North"}[s.v.side])
	}
	if g.rounds {
		fmt.Fprintf(&out, "round %d\n", s.Round())
	}
	return out.String()
}
