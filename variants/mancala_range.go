package variants

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// House numbers in a descriptor that follow the houses knob: board.start and
// moves.opening.houses take a house number or a range of them written with h, the
// houses knob (houses a row; a player's houses on one row): "1..h/2", "h+1..2h",
// "h-3..h", and board.start's deals a total such as "3h-2". A range is clipped to the
// player's houses (1..their number), so a small board keeps what fits.

// mExpr is a whole number in the houses knob h: k*h/d + c (integer division), as
// written "3h-2", "h/2", "h+1", "2h" or "7".
type mExpr struct{ k, d, c int }

// eval is the number for the knob's value h.
func (e mExpr) eval(h int) int {
	if e.k == 0 {
		return e.c
	}
	return e.k*h/e.d + e.c
}

func (e mExpr) String() string {
	var b strings.Builder
	if e.k != 0 {
		if e.k != 1 {
			b.WriteString(strconv.Itoa(e.k))
		}
		b.WriteString("h")
		if e.d != 1 {
			b.WriteString("/" + strconv.Itoa(e.d))
		}
		if e.c > 0 {
			b.WriteString("+")
		}
		if e.c == 0 {
			return b.String()
		}
	}
	b.WriteString(strconv.Itoa(e.c))
	return b.String()
}

// mRange is a range of house numbers, lo..hi (one house: lo = hi).
type mRange struct{ lo, hi mExpr }

func (r mRange) String() string {
	if r.lo == r.hi {
		return r.lo.String()
	}
	return r.lo.String() + ".." + r.hi.String()
}

// houses lists the house numbers of the range for the knob's value h, clipped to 1..n.
func (r mRange) houses(h, n int) []int {
	lo, hi := max(1, r.lo.eval(h)), min(n, r.hi.eval(h))
	var out []int
	for x := lo; x <= hi; x++ {
		out = append(out, x)
	}
	return out
}

// maxTerm bounds the numbers of an expression (far above any board: 6 rows of 64).
const maxTerm = 10000

var exprSyntax = regexp.MustCompile(`^(?:(\d*)h(?:/(\d+))?)?(?:([+-])(\d+))?$`)

// parseExpr reads an expression in h: [k]h[/d][+c|-c], or a whole number c.
func parseExpr(s string) (mExpr, error) {
	s = strings.ReplaceAll(s, " ", "")
	if n, err := strconv.Atoi(s); err == nil && s[0] != '+' && s[0] != '-' {
		if n > maxTerm {
			return mExpr{}, fmt.Errorf("%d is too large (at most %d)", n, maxTerm)
		}
		return mExpr{c: n}, nil
	}
	m := exprSyntax.FindStringSubmatch(s)
	if s == "" || m == nil || !strings.Contains(s, "h") {
		return mExpr{}, fmt.Errorf("%q is not a whole number or an expression in h such as 3h-2, h/2 or h+1", s)
	}
	num := func(t string, def int) (int, error) {
		if t == "" {
			return def, nil
		}
		n, err := strconv.Atoi(t)
		if err != nil || n > maxTerm {
			return 0, fmt.Errorf("%q: the number %s is too large (at most %d)", s, t, maxTerm)
		}
		return n, nil
	}
	var e mExpr
	var err error
	if e.k, err = num(m[1], 1); err != nil {
		return e, err
	}
	if e.d, err = num(m[2], 1); err != nil {
		return e, err
	}
	if e.c, err = num(m[4], 0); err != nil {
		return e, err
	}
	switch {
	case e.k == 0:
		return e, fmt.Errorf("%q: 0h is 0; write the number", s)
	case e.d == 0:
		return e, fmt.Errorf("%q: division by 0", s)
	}
	if m[3] == "-" {
		e.c = -e.c
	}
	return e, nil
}

// parseRange reads "A..B" or a single expression A.
func parseRange(s string) (mRange, error) {
	lo, hi, isRange := strings.Cut(s, "..")
	a, err := parseExpr(lo)
	if err != nil {
		return mRange{}, err
	}
	if !isRange {
		return mRange{a, a}, nil
	}
	b, err := parseExpr(hi)
	if err != nil {
		return mRange{}, err
	}
	return mRange{a, b}, nil
}
