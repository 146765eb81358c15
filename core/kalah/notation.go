package kalah

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
	for p := 0; p < g.pits; p++ {
		if p > 0 {
			b.WriteByte(',')
		}
		if g.isStore(p) {
			b.WriteByte('[')
			b.WriteString(strconv.Itoa(int(s.p.pits[p])))
			b.WriteByte(']')
		} else {
			b.WriteString(strconv.Itoa(int(s.p.pits[p])))
		}
	}
	switch {
	case s.p.over:
		b.WriteString(" -")
	case s.p.side == 0:
		b.WriteString(" s")
	default:
		b.WriteString(" n")
	}
	switch s.p.pie {
	case pieFirst:
		b.WriteString(" pie=first")
	case pieOffer:
		b.WriteString(" pie=offer")
	}
	if s.p.swapped {
		b.WriteString(" swapped")
	}
	return b.String()
}

// Parse reads a position string. The seeds in it need not match the rules' start counts,
// but the number of pits must.
func (g *Game) Parse(text string) (*State, error) {
	fail := func(format string, a ...any) (*State, error) {
		return nil, fmt.Errorf("kalah position %q: %s", text, fmt.Sprintf(format, a...))
	}
	fields := strings.Fields(text)
	if len(fields) < 2 {
		return fail("want pits then the side to move (s, n or -), e.g. %q", g.Start().String())
	}
	cells := strings.Split(fields[0], ",")
	if len(cells) != g.pits {
		return fail("%d pits, want %d (%d houses a side and 2 stores)", len(cells), g.pits, 2*g.n)
	}
	s := &State{g: g}
	total := 0
	for p, c := range cells {
		store := strings.HasPrefix(c, "[") && strings.HasSuffix(c, "]")
		if store != g.isStore(p) {
			if g.isStore(p) {
				return fail("pit %d (%q) is a store: write it in brackets", p+1, c)
			}
			return fail("pit %d (%q) is a house: no brackets", p+1, c)
		}
		c = strings.TrimSuffix(strings.TrimPrefix(c, "["), "]")
		n, err := strconv.Atoi(c)
		if err != nil || n < 0 || n > MaxSeeds {
			return fail("pit %d: %q is not a seed count 0..%d", p+1, c, MaxSeeds)
		}
		s.p.pits[p] = uint8(n)
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
		s.p.side = 1
	case "-":
		over = true
	default:
		return fail("side to move %q: want s, n or -", fields[1])
	}
	s.p.pie = pieDone
	for _, f := range fields[2:] {
		switch f {
		case "pie=first", "pie=offer":
			if !g.r.PieRule {
				return fail("%s: this variant has no pie rule", f)
			}
			s.p.pie = pieFirst
			if f == "pie=offer" {
				s.p.pie = pieOffer
			}
		case "swapped":
			s.p.swapped = true
		default:
			return fail("unknown field %q (want pie=first, pie=offer or swapped)", f)
		}
	}
	if over {
		s.finish()
	} else {
		s.endCheck()
	}
	return s, nil
}

// MoveString writes a house number (1-based along the mover's track) or "swap".
func (s *State) MoveString(m core.Move) string {
	if m == Swap {
		return "swap"
	}
	return strconv.Itoa(int(m) + 1)
}

// ParseMove reads a house number 1..n or "swap".
func (s *State) ParseMove(text string) (core.Move, error) {
	text = strings.TrimSpace(text)
	if strings.EqualFold(text, "swap") {
		return Swap, nil
	}
	n, err := strconv.Atoi(text)
	if err != nil || n < 1 || n > s.g.n {
		return 0, fmt.Errorf("move %q: want a house number 1..%d or swap", text, s.g.n)
	}
	return core.Move(n - 1), nil
}

// Zobrist keys: one per pit and seed count, plus the flags.
var (
	zobPits    [MaxPits][MaxSeeds + 1]uint64
	zobSide    uint64
	zobSwapped uint64
	zobOver    uint64
	zobPie     [3]uint64
)

func init() {
	next := core.NewKeys(0x6b61_6c61_686c_6162).Next // "kalahlab"
	for p := range zobPits {
		for c := range zobPits[p] {
			zobPits[p][c] = next()
		}
	}
	zobSide, zobSwapped, zobOver = next(), next(), next()
	for i := range zobPie {
		zobPie[i] = next()
	}
}

// Hash is a Zobrist hash of the position (pits, side to move, pie phase, seats, end).
func (s *State) Hash() uint64 {
	var h uint64
	for p := 0; p < s.g.pits; p++ {
		h ^= zobPits[p][s.p.pits[p]]
	}
	if s.p.side == 1 && !s.p.over {
		h ^= zobSide
	}
	if s.p.swapped {
		h ^= zobSwapped
	}
	if s.p.over {
		h ^= zobOver
	}
	return h ^ zobPie[s.p.pie]
}
