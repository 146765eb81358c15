package mancala

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kalahlab/kalahlab/core"
)

// The position string's fields for the extended rules, written after the marks:
//
//	out=PIT,...   pits out of play for the round (1-based; Rounds)
//	round=R       the round being played, from 1 (Rounds)
//	setup=A,B     setup moves left for South and North, while the setup is on
//	used=H.H/H.H  the houses each side has sown during an Opening.EachHouse opening,
//	              South's then North's, while either has houses left to sow
//	ply=N         plies since the start of the game (with Rules.KeepPly, on by
//	              itself with the opening, setup and round rules and FromPly)
//	played=K      plies of play in this round, when not N
//
// What a string does not keep: the repetition record (it starts afresh at a parsed
// position, as in the classic games), and the undo records.

// writeExt writes the extended fields.
func (s *State) writeExt(b *strings.Builder) {
	g := s.g
	if g.rounds {
		sep := " out="
		for p, m := range s.marks {
			if m == markOut {
				b.WriteString(sep)
				b.WriteString(strconv.Itoa(p + 1))
				sep = ","
			}
		}
		b.WriteString(" round=")
		b.WriteString(strconv.Itoa(s.Round()))
	}
	if s.InSetup() {
		fmt.Fprintf(b, " setup=%d,%d", s.v.setup[0], s.v.setup[1])
	}
	if g.r.Opening.EachHouse && !s.usedFull() {
		b.WriteString(" used=")
		for side := 0; side < 2; side++ {
			if side == 1 {
				b.WriteByte('/')
			}
			sep := ""
			for k := range g.houses[side] {
				if s.v.used[side]>>uint(k)&1 != 0 {
					b.WriteString(sep)
					b.WriteString(strconv.Itoa(k + 1))
					sep = "."
				}
			}
		}
	}
	if g.keepPly {
		b.WriteString(" ply=")
		b.WriteString(strconv.Itoa(s.ply))
		if int(s.v.played) != s.ply {
			b.WriteString(" played=")
			b.WriteString(strconv.Itoa(int(s.v.played)))
		}
	}
}

// usedFull reports whether both sides have sown every house (the opening is over).
func (s *State) usedFull() bool {
	for side := 0; side < 2; side++ {
		full := uint64(1)<<uint(len(s.g.houses[side])) - 1
		if s.v.used[side]&full != full {
			return false
		}
	}
	return true
}

// extFields collects what parseExt read.
type extFields struct {
	out, round, setup, used, ply bool
	played                       int
	hasPlayed                    bool
}

// parseExt reads field f when it is an extended field (reporting true), with the error
// of a bad value.
func (s *State) parseExt(f string, e *extFields) (bool, error) {
	key, val, ok := strings.Cut(f, "=")
	if !ok {
		return false, nil
	}
	var err error
	switch key {
	case "out":
		err = s.parseOut(val)
		e.out = true
	case "round":
		err = s.parseRound(val)
		e.round = true
	case "setup":
		err = s.parseSetup(val)
		e.setup = true
	case "used":
		err = s.parseUsed(val)
		e.used = true
	case "ply":
		s.ply, err = s.parsePly(val)
		e.ply = true
	case "played":
		e.played, err = s.parsePly(val)
		e.hasPlayed = true
	default:
		return false, nil
	}
	if err != nil {
		return true, fmt.Errorf("%s: %w", f, err)
	}
	return true, nil
}

// parseOut reads the list of an out= field: the pits out of play for the round, which
// hold no seeds.
func (s *State) parseOut(list string) error {
	g := s.g
	if !g.rounds {
		return fmt.Errorf("this game has no rounds (no pit is ever out of play)")
	}
	for _, t := range strings.Split(list, ",") {
		p, err := strconv.Atoi(t)
		switch {
		case err != nil || p < 1 || p > g.npits || !g.house[p-1]:
			return fmt.Errorf("%q is not a house number 1..%d", t, g.npits)
		case s.pits[p-1] != 0:
			return fmt.Errorf("pit %d is out of play but holds %d seeds", p, s.pits[p-1])
		case s.marks[p-1] != 0:
			return fmt.Errorf("pit %d is listed twice", p)
		}
		s.marks[p-1] = markOut
	}
	return nil
}

// parseRound reads the value of a round= field: the round being played, from 1 (the
// round's starter follows from it).
func (s *State) parseRound(val string) error {
	g := s.g
	r, err := strconv.Atoi(val)
	switch {
	case !g.rounds:
		return fmt.Errorf("this game has no rounds")
	case err != nil || r < 1 || r > 1<<16 || (g.r.Rounds.Max > 0 && r > g.r.Rounds.Max):
		return fmt.Errorf("want a round number 1..%d", max(g.r.Rounds.Max, 1<<16))
	}
	s.v.round = uint16(r - 1)
	s.v.starter = uint8((r - 1) & 1)
	return nil
}

// parseSetup reads the value of a setup= field: the setup moves South and North have
// left, not both none.
func (s *State) parseSetup(val string) error {
	a, b, ok := strings.Cut(val, ",")
	na, ea := strconv.Atoi(a)
	nb, eb := strconv.Atoi(b)
	mx := s.g.r.Setup.Moves
	switch {
	case mx == 0:
		return fmt.Errorf("this game has no setup phase")
	case !ok || ea != nil || eb != nil || na < 0 || nb < 0 || na > mx || nb > mx || na+nb == 0:
		return fmt.Errorf("want the setup moves left for South and North, 0..%d each, not both 0: setup=%d,%d", mx, mx, mx)
	}
	s.v.setup = [2]uint8{uint8(na), uint8(nb)}
	return nil
}

// parseUsed reads the value of a used= field: the house numbers each side has sown in
// an each-house opening, South's then North's, "."-separated within a side.
func (s *State) parseUsed(val string) error {
	if !s.g.r.Opening.EachHouse {
		return fmt.Errorf("this game has no each-house opening")
	}
	sides := strings.Split(val, "/")
	if len(sides) != 2 {
		return fmt.Errorf("want South's houses, a slash, North's houses, e.g. used=1.3/2")
	}
	for side, list := range sides {
		if list == "" {
			continue
		}
		for _, t := range strings.Split(list, ".") {
			k, ok := number(t, len(s.g.houses[side]))
			if !ok {
				return fmt.Errorf("%q is not a house number 1..%d", t, len(s.g.houses[side]))
			}
			s.v.used[side] |= 1 << uint(k-1)
		}
	}
	return nil
}

// parsePly reads the value of a ply= or played= field: a ply count.
func (s *State) parsePly(val string) (int, error) {
	n, err := strconv.Atoi(val)
	switch {
	case !s.g.keepPly:
		return 0, fmt.Errorf("this game keeps no ply count in its positions")
	case err != nil || n < 0 || n > 1<<30 || val != strconv.Itoa(n):
		return 0, fmt.Errorf("want a ply count 0..%d", 1<<30)
	}
	return n, nil
}

// number reads t as a number 1..n written plainly (no sign, no leading zeros),
// reporting whether it is one.
func number(t string, n int) (int, bool) {
	k, err := strconv.Atoi(t)
	return k, err == nil && k >= 1 && k <= n && t == strconv.Itoa(k)
}

// checkExt completes a parsed position's extended variables: the defaults of the
// fields left out, and their consistency.
func (s *State) checkExt(e *extFields, over bool) error {
	g := s.g
	s.v.played = int32(s.ply)
	if e.hasPlayed {
		if !e.ply || e.played > s.ply {
			return fmt.Errorf("played=%d: want ply=N with N at least as large", e.played)
		}
		s.v.played = int32(e.played)
	}
	if g.r.Opening.EachHouse && !e.used {
		for side := 0; side < 2; side++ {
			s.v.used[side] = uint64(1)<<uint(len(g.houses[side])) - 1
		}
	}
	if e.setup {
		want := uint8(0)
		if s.v.setup[0] == 0 {
			want = 1
		}
		if over || s.v.side != want {
			return fmt.Errorf("setup: %s sets up now, so the side to move is %c", [2]string{"South", "North"}[want], "sn"[want])
		}
	}
	if e.out && !e.round {
		return fmt.Errorf("out=: give the round too (round=R)")
	}
	return nil
}

// marking reports whether some capture marks pits (Effect MarkPit).
func (g *Game) marking() bool {
	for i := range g.caps {
		if g.caps[i].Effect == MarkPit {
			return true
		}
	}
	return false
}

// fieldsWanted lists the fields a position of g may have, for errors.
func (g *Game) fieldsWanted() string {
	w := []string{}
	if g.r.PieRule {
		w = append(w, "pie=first", "pie=offer", "swapped")
	}
	if g.marking() {
		w = append(w, "marks=PIT:s|n,...")
	}
	if g.keeps {
		w = append(w, "kept=PIT:s|n,...")
	}
	if g.rounds {
		w = append(w, "out=PIT,...", "round=R")
	}
	if g.r.Setup.Moves > 0 {
		w = append(w, "setup=A,B")
	}
	if g.r.Opening.EachHouse {
		w = append(w, "used=H.H/H.H")
	}
	if g.keepPly {
		w = append(w, "ply=N", "played=K")
	}
	if g.r.End.Repeats > 0 {
		w = append(w, "repeated")
	}
	if len(w) == 0 {
		return "nothing after the side to move"
	}
	return strings.Join(w, ", ")
}

// parseSetupMove reads "A>B" or "done" in the setup phase.
func (s *State) parseSetupMove(text string) (core.Move, error) {
	n := len(s.g.houses[s.v.side])
	if strings.EqualFold(text, "done") {
		return Done, nil
	}
	a, b, ok := strings.Cut(text, ">")
	ha, ea := strconv.Atoi(a)
	hb, eb := strconv.Atoi(b)
	if !ok || ea != nil || eb != nil || ha < 1 || hb < 1 || ha > n || hb > n || ha == hb ||
		a != strconv.Itoa(ha) || b != strconv.Itoa(hb) {
		return 0, fmt.Errorf("setup move %q: want A>B, a seed from your house A to your house B (1..%d, A not B), or done", text, n)
	}
	return SetupBit | core.Move((ha-1)<<8|(hb-1)), nil
}

// hashExt is the extended variables' part of the hash: the round, the setup moves
// left, the opening's used houses and the plies of play while the rules depend on them.
func (s *State) hashExt() uint64 {
	g := s.g
	h := g.flags[8]*uint64(s.v.round) + g.flags[9]*uint64(s.v.setup[0]) + g.flags[10]*uint64(s.v.setup[1])
	if g.r.Opening.EachHouse {
		h += mix(g.flags[11]^s.v.used[0]) + mix(g.flags[12]^s.v.used[1])
	}
	if g.plyCap > 0 {
		h += g.flags[13] * uint64(min(int(s.v.played), g.plyCap))
	}
	return h
}
