package checkers

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/kalahlab/kalahlab/core"
)

// String is the one-line position string (see the package doc).
func (s *State) String() string {
	var b strings.Builder
	b.WriteByte("BW"[s.p.side])
	for _, c := range [2]int{1, 0} {
		b.WriteByte(':')
		b.WriteByte("BW"[c])
		first := true
		for sq := 0; sq < s.g.squares; sq++ {
			i := s.g.cell(sq)
			if !s.p.pcs[c].has(i) {
				continue
			}
			if !first {
				b.WriteByte(',')
			}
			first = false
			if s.p.kings.has(i) {
				b.WriteByte('K')
			}
			b.WriteString(strconv.Itoa(sq + 1))
		}
	}
	if s.p.quiet > 0 {
		b.WriteString(" quiet=")
		b.WriteString(strconv.Itoa(int(s.p.quiet)))
	}
	switch s.p.end {
	case endBlack:
		b.WriteString(" winner=B")
	case endWhite:
		b.WriteString(" winner=W")
	case endDraw:
		b.WriteString(" draw")
	}
	return b.String()
}

// Parse reads a position string (see the package doc). A position that is over by the
// rules reads as over.
func (g *Game) Parse(text string) (*State, error) {
	fail := func(format string, a ...any) (*State, error) {
		return nil, fmt.Errorf("checkers position %q: %s", text, fmt.Sprintf(format, a...))
	}
	fields := strings.Fields(text)
	if len(fields) == 0 {
		return fail("empty; want e.g. %q", g.Start().String())
	}
	s := &State{g: g}
	parts := strings.Split(strings.TrimSuffix(fields[0], "."), ":")
	switch parts[0] {
	case "B":
	case "W":
		s.p.side = 1
	default:
		return fail("side to move %q: want B or W, e.g. %q", parts[0], g.Start().String())
	}
	if len(parts) > 3 {
		return fail("%d piece lists: want at most one for W and one for B", len(parts)-1)
	}
	var listed [2]bool
	for _, part := range parts[1:] {
		if part == "" {
			return fail("empty piece list: want W or B then the squares, e.g. W21,22")
		}
		c := strings.IndexByte("BW", part[0])
		if c < 0 {
			return fail("piece list %q: want it to start with W or B", part)
		}
		if listed[c] {
			return fail("two piece lists for %s", colourName[c])
		}
		listed[c] = true
		if len(part) == 1 {
			continue // no pieces
		}
		for _, item := range strings.Split(part[1:], ",") {
			king := strings.HasPrefix(item, "K")
			item = strings.TrimPrefix(item, "K")
			lo, hi, err := g.squareRange(item)
			if err != nil {
				return fail("%s: %v", colourName[c], err)
			}
			for sq := lo; sq <= hi; sq++ {
				i := g.cell(sq)
				if s.p.pcs[0].has(i) || s.p.pcs[1].has(i) {
					return fail("square %d is listed twice", sq+1)
				}
				s.p.pcs[c].add(i)
				if king {
					s.p.kings.add(i)
				}
			}
		}
	}
	over := uint8(endNone)
	for _, f := range fields[1:] {
		switch {
		case strings.HasPrefix(f, "quiet="):
			n, err := strconv.Atoi(strings.TrimPrefix(f, "quiet="))
			if err != nil || n < 0 || n > 2*maxDraw {
				return fail("%q: want quiet=N with N in 0..%d (plies since the last capture or man move)", f, 2*maxDraw)
			}
			s.p.quiet = uint16(n)
		case f == "winner=B" && over == endNone:
			over = endBlack
		case f == "winner=W" && over == endNone:
			over = endWhite
		case f == "draw" && over == endNone:
			over = endDraw
		default:
			return fail("unknown field %q (want quiet=N, then winner=B, winner=W or draw once over)", f)
		}
	}
	s.p.hash = s.computeHash()
	if over != endNone {
		s.p.end, s.p.why = over, whyString
	} else {
		s.endCheck()
	}
	return s, nil
}

// squareRange reads a square number or a range "a-b" as indices.
func (g *Game) squareRange(text string) (lo, hi int, err error) {
	a, b, isRange := strings.Cut(text, "-")
	lo, err = g.squareNumber(a)
	if err != nil {
		return 0, 0, err
	}
	if !isRange {
		return lo, lo, nil
	}
	hi, err = g.squareNumber(b)
	if err != nil {
		return 0, 0, err
	}
	if hi < lo {
		return 0, 0, fmt.Errorf("range %q runs backwards", text)
	}
	return lo, hi, nil
}

// squareNumber reads a square number 1..squares as an index.
func (g *Game) squareNumber(text string) (int, error) {
	n, err := strconv.Atoi(text)
	if err != nil || n < 1 || n > g.squares || strings.HasPrefix(text, "+") {
		return 0, fmt.Errorf("%q is not a square number 1..%d", text, g.squares)
	}
	return n - 1, nil
}

// MoveString writes "11-15" for a move and "15x24x31" for a capture, with every square
// the piece lands on.
func (s *State) MoveString(m core.Move) string {
	from, to := moveFrom(m), moveTo(m)
	if !isCapture(m) {
		return strconv.Itoa(from+1) + "-" + strconv.Itoa(to+1)
	}
	var b strings.Builder
	b.WriteString(strconv.Itoa(from + 1))
	for _, l := range s.sequences(from) {
		if l.code == m {
			for _, sq := range l.path {
				b.WriteByte('x')
				b.WriteString(strconv.Itoa(sq + 1))
			}
			return b.String()
		}
	}
	// not a capture of this position: the short form
	b.WriteByte('x')
	b.WriteString(strconv.Itoa(to + 1))
	return b.String()
}

// ParseMove reads "11-15", "15x24x31" (every landing square) or "15x31" (start and end,
// when one capture sequence fits). A capture is looked up among the capture sequences of
// the piece on its first square (all of them, legal now or not).
func (s *State) ParseMove(text string) (core.Move, error) {
	g := s.g
	text = strings.TrimSpace(text)
	want := fmt.Sprintf("want square numbers 1..%d as 11-15, 15x24 or 15x24x31", g.squares)
	if strings.ContainsAny(text, "xX") {
		parts := strings.FieldsFunc(text, func(r rune) bool { return r == 'x' || r == 'X' })
		if len(parts) < 2 || strings.Count(strings.ToLower(text), "x") != len(parts)-1 ||
			strings.HasPrefix(strings.ToLower(text), "x") || strings.HasSuffix(strings.ToLower(text), "x") {
			return 0, fmt.Errorf("move %q: %s", text, want)
		}
		sqs := make([]int, len(parts))
		for i, p := range parts {
			sq, err := g.squareNumber(p)
			if err != nil {
				return 0, fmt.Errorf("move %q: %v; %s", text, err, want)
			}
			sqs[i] = sq
		}
		return s.resolveCapture(text, sqs)
	}
	a, b, ok := strings.Cut(text, "-")
	if !ok {
		return 0, fmt.Errorf("move %q: %s", text, want)
	}
	from, err := g.squareNumber(a)
	if err == nil {
		var to int
		if to, err = g.squareNumber(b); err == nil {
			fr, fc := g.rowCol(from)
			tr, tc := g.rowCol(to)
			if from == to || abs(fr-tr) != abs(fc-tc) {
				return 0, fmt.Errorf("move %q: squares %d and %d are not on one diagonal", text, from+1, to+1)
			}
			return simpleCode(from, to), nil
		}
	}
	return 0, fmt.Errorf("move %q: %v; %s", text, err, want)
}

// resolveCapture finds the capture sequence sqs (origin then landing squares, or origin
// and end) of the piece on sqs[0].
func (s *State) resolveCapture(text string, sqs []int) (core.Move, error) {
	seqs := s.sequences(sqs[0])
	var ends []sequence
	for _, l := range seqs {
		if slices.Equal(l.path, sqs[1:]) {
			return l.code, nil
		}
		if l.path[len(l.path)-1] == sqs[len(sqs)-1] {
			ends = append(ends, l)
		}
	}
	if len(sqs) == 2 && len(ends) == 1 {
		return ends[0].code, nil
	}
	if len(sqs) == 2 && len(ends) > 1 {
		return 0, fmt.Errorf("move %q is ambiguous: write one of %s", text, s.seqList(ends))
	}
	if len(seqs) == 0 {
		return 0, fmt.Errorf("move %q: no piece of the side to move can capture from square %d", text, sqs[0]+1)
	}
	return 0, fmt.Errorf("move %q: no such capture (captures from %d: %s)", text, sqs[0]+1, s.seqList(seqs))
}

func (s *State) seqList(seqs []sequence) string {
	out := make([]string, len(seqs))
	for i, l := range seqs {
		out[i] = s.MoveString(l.code)
	}
	return strings.Join(out, ", ")
}

// sequence is one capture sequence: its code and the squares it lands on.
type sequence struct {
	code core.Move
	path []int
}

// sequences lists every capture sequence of the side to move's piece on square from,
// legal now or not, in code order.
func (s *State) sequences(from int) []sequence {
	g := s.g
	if from < 0 || from >= g.squares {
		return nil
	}
	c := s.p.side
	i := g.cell(from)
	if !s.p.pcs[c].has(i) {
		return nil
	}
	king := s.p.kings.has(i)
	x := s.jumps(modeCollect)
	x.dst, x.lens = nil, s.lens[:0]
	x.from = i
	if g.fast {
		x.empty = fastValid&^(s.p.pcs[0].lo|s.p.pcs[1].lo) | 1<<uint(i)
		x.fastJump(i, king, s.p.pcs[c^1].lo)
	} else {
		s.genStart(x, i)
		x.genJump(i, king)
	}
	x.pieceDone(0, 0)
	codes := x.dst
	x.dst = nil
	out := make([]sequence, 0, len(codes))
	for _, m := range codes {
		x := s.jumps(modeFind)
		x.from, x.want = i, int(m&codeIdx)
		x.target = g.cell(moveTo(m))
		if g.fast {
			x.empty = fastValid&^(s.p.pcs[0].lo|s.p.pcs[1].lo) | 1<<uint(i)
			x.fastJump(i, king, s.p.pcs[c^1].lo)
		} else {
			s.genStart(x, i)
			x.genJump(i, king)
		}
		path := make([]int, x.foundN)
		for k := range path {
			path[k] = int(x.foundPath[k])
			if g.fast {
				path[k] = int(fastSq[path[k]])
			}
		}
		out = append(out, sequence{code: m, path: path})
	}
	return out
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
