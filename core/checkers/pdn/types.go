package pdn

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kalahlab/kalahlab/core/checkers"
)

// Type is a rule set that PDN names by a GameType number, with the knobs that play it in
// core/checkers and the way PDN writes its games.
type Type struct {
	Number int    // the GameType number
	Name   string // "English draughts"
	// Attrs is the full GameType value the PDN standard gives for the type: number,
	// first colour, board width and height, notation, invert flag.
	Attrs string
	// Rules are the checkers knobs of the type (draw_moves at its default).
	Rules checkers.Rules
	// First is the PDN colour that moves first, 'W' or 'B'. The engine's first mover
	// is its Black, on the low square numbers; a White-first type is the engine's board
	// turned half a turn, with the colours' names swapped.
	First byte
	// Algebraic writes squares as a1..h8 (a1 at the first mover's left), not numbers.
	Algebraic bool
	// Sep is the capture separator PDN writes: 'x' or ':'.
	Sep byte
	// Scores writes results as 2-0, 1-1, 0-2 (PDN's "International" result type), not
	// 1-0, 1/2-1/2, 0-1.
	Scores bool
}

// international is the flying-king, backward-capturing, most-pieces-capture family.
func international(size, rows int) checkers.Rules {
	r := checkers.DefaultRules()
	r.Size, r.ManRows = size, rows
	r.FlyingKings, r.MenCaptureBackwards, r.MaxCapture = true, true, true
	return r
}

var types = func() []*Type {
	english := checkers.DefaultRules()
	russian := checkers.DefaultRules()
	russian.FlyingKings, russian.MenCaptureBackwards, russian.PromotionEndsMove = true, true, false
	return []*Type{
		{Number: 20, Name: "International draughts", Attrs: "20,W,10,10,N2,0", Rules: international(10, 4), First: 'W', Sep: 'x', Scores: true},
		{Number: 21, Name: "English draughts", Attrs: "21,B,8,8,N1,0", Rules: english, First: 'B', Sep: 'x'},
		{Number: 25, Name: "Russian draughts", Attrs: "25,W,8,8,A0,0", Rules: russian, First: 'W', Algebraic: true, Sep: ':'},
		{Number: 26, Name: "Brazilian draughts", Attrs: "26,W,8,8,A0,0", Rules: international(8, 3), First: 'W', Algebraic: true, Sep: 'x'},
		{Number: 27, Name: "Canadian draughts", Attrs: "27,W,12,12,N2,0", Rules: international(12, 5), First: 'W', Sep: 'x', Scores: true},
	}
}()

// Types lists the GameTypes this package reads and writes, by number.
func Types() []*Type { return append([]*Type(nil), types...) }

// English is GameType 21, English draughts (American checkers): the default when a game
// has no GameType tag.
func English() *Type { return TypeByNumber(21) }

// TypeByNumber returns the supported type with GameType number n, or nil.
func TypeByNumber(n int) *Type {
	for _, t := range types {
		if t.Number == n {
			return t
		}
	}
	return nil
}

// supported lists the supported types for error messages.
func supported() string {
	var out []string
	for _, t := range types {
		out = append(out, fmt.Sprintf("%d (%s)", t.Number, t.Name))
	}
	return strings.Join(out, ", ")
}

// unsupportedNames names the PDN standard's other draughts types, for error messages.
var unsupportedNames = map[int]string{
	22: "Italian draughts", 23: "American pool checkers", 24: "Spanish draughts",
	28: "Portuguese draughts", 29: "Czech draughts", 30: "Turkish draughts",
	31: "Thai draughts", 40: "Frisian draughts", 41: "Spantsiretti draughts",
}

// ParseGameType reads a GameType tag's value: a number, or the number with the
// standard's attributes ("20,W,10,10,N2,0"), which must then be the type's own.
func ParseGameType(value string) (*Type, error) {
	v := strings.ReplaceAll(strings.TrimSpace(value), " ", "")
	num, attrs, _ := strings.Cut(v, ",")
	n, err := strconv.Atoi(num)
	if err != nil || n < 0 {
		return nil, fmt.Errorf("GameType %q: want a number such as 21 (English draughts), optionally with its attributes (21,B,8,8,N1,0)", value)
	}
	t := TypeByNumber(n)
	if t == nil {
		what := "not a draughts type of the PDN standard"
		if name, ok := unsupportedNames[n]; ok {
			what = name + ", whose rules kalahlab does not play"
		} else if n < 20 {
			what = "not draughts (0-19 are chess games)"
		}
		return nil, fmt.Errorf("GameType %q: %s; supported: %s", value, what, supported())
	}
	if attrs != "" && !strings.EqualFold(v, t.Attrs) {
		return nil, fmt.Errorf("GameType %q: kalahlab reads %s only as %q (other boards, colours or notations are not supported)", value, t.Name, t.Attrs)
	}
	return t, nil
}

// TypeOf returns the type whose rules r are (the draw rule and hooks aside), or an error
// naming the knobs of the supported types.
func TypeOf(r checkers.Rules) (*Type, error) {
	for _, t := range types {
		if sameRules(t.Rules, r) {
			return t, nil
		}
	}
	return nil, fmt.Errorf("these checkers rules (size %d, man_rows %d, flying_kings %t, men_capture_backwards %t, must_capture %t, max_capture %t, promotion_ends_move %t) have no PDN GameType; PDN covers %s",
		r.Size, r.ManRows, r.FlyingKings, r.MenCaptureBackwards, r.MustCapture, r.MaxCapture, r.PromotionEndsMove, supported())
}

func sameRules(a, b checkers.Rules) bool {
	return a.Size == b.Size && a.ManRows == b.ManRows && a.FlyingKings == b.FlyingKings &&
		a.MenCaptureBackwards == b.MenCaptureBackwards && a.MustCapture == b.MustCapture &&
		a.MaxCapture == b.MaxCapture && a.PromotionEndsMove == b.PromotionEndsMove
}

// board maps the engine's squares to a type's PDN squares and back.
type board struct {
	t       *Type
	size    int
	squares int
}

func newBoard(t *Type, size int) board {
	return board{t: t, size: size, squares: size * size / 2}
}

// flip reports whether PDN's squares are the engine's turned half a turn (a White-first
// type: PDN's first mover starts on the high numbers, the engine's on the low ones).
func (b board) flip() bool { return b.t.First == 'W' }

// colour is the PDN colour letter of engine colour c (0 the first mover).
func (b board) colour(c int) byte {
	if (c == 0) == (b.t.First == 'B') {
		return 'B'
	}
	return 'W'
}

// engineColour is the engine colour of PDN colour letter l ('W' or 'B').
func (b board) engineColour(l byte) int {
	if l == b.t.First {
		return 0
	}
	return 1
}

// colourName names a PDN colour.
func colourName(l byte) string {
	if l == 'W' {
		return "White"
	}
	return "Black"
}

// square writes engine square index sq (0-based) as PDN writes it.
func (b board) square(sq int) string {
	if !b.t.Algebraic {
		if b.flip() {
			sq = b.squares - 1 - sq
		}
		return strconv.Itoa(sq + 1)
	}
	half := b.size / 2
	row := sq / half
	col := 2 * (sq % half)
	if row%2 == 0 {
		col++
	}
	// The engine draws its first mover at the top; PDN's algebraic board has the first
	// mover at the bottom with a1 at its left: the engine's board seen from the other
	// side, so the files run from the engine's right and the ranks from its top.
	file, rank := b.size-1-col, row+1
	if !b.flip() {
		file, rank = col, b.size-row
	}
	return string(rune('a'+file)) + strconv.Itoa(rank)
}

// parseSquare reads a PDN square (a number, or a1 for an algebraic type) as an engine
// square index.
func (b board) parseSquare(text string) (int, error) {
	if !b.t.Algebraic {
		n, err := strconv.Atoi(text)
		if err != nil || n < 1 || n > b.squares || strings.HasPrefix(text, "+") {
			return 0, fmt.Errorf("square %q: want a number 1..%d", text, b.squares)
		}
		if b.flip() {
			return b.squares - n, nil
		}
		return n - 1, nil
	}
	last := string(rune('a'+b.size-1)) + strconv.Itoa(b.size)
	bad := fmt.Errorf("square %q: want a dark square a1..%s (a letter and a number)", text, last)
	if len(text) < 2 {
		return 0, bad
	}
	file := int(text[0]|0x20) - 'a'
	rank, err := strconv.Atoi(text[1:])
	if err != nil || file < 0 || file >= b.size || rank < 1 || rank > b.size || text[1] == '+' || text[1] == '-' {
		return 0, bad
	}
	row, col := rank-1, b.size-1-file
	if !b.flip() {
		row, col = b.size-rank, file
	}
	if (row+col)%2 == 0 {
		return 0, fmt.Errorf("square %q is a light square: pieces stand on the dark ones (a1 is dark)", text)
	}
	return row*(b.size/2) + col/2, nil
}
