package kalah

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/pitstring"
)

// String is the one-line position string (see the package doc).
func (s *State) String() string {
	g := s.g
	var b strings.Builder
	pitstring.WritePits(&b, s.p.pits[:g.pits], g.isStore)
	pitstring.WriteSide(&b, int(s.p.side), s.p.over)
	pitstring.WritePie(&b, s.p.pie == pieFirst, s.p.pie == pieOffer, s.p.swapped)
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
	total, err := pitstring.ParsePits(cells, s.p.pits[:g.pits], g.isStore, MaxSeeds)
	if err != nil {
		return fail("%v", err)
	}
	s.total = total
	side, over, err := pitstring.ParseSide(fields[1])
	if err != nil {
		return fail("%v", err)
	}
	s.p.side = uint8(side)
	s.p.pie = pieDone
	for _, f := range fields[2:] {
		switch f {
		case pitstring.PieFirst, pitstring.PieOffer:
			if !g.r.PieRule {
				return fail("%s: this variant has no pie rule", f)
			}
			s.p.pie = pieFirst
			if f == pitstring.PieOffer {
				s.p.pie = pieOffer
			}
		case pitstring.Swapped:
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
