// Package checkers implements English checkers (American checkers, English draughts)
// and the rule knobs that draughts variants turn.
//
// # Rules (the defaults, parameter "checkers")
//
// An 8x8 board; play is on the 32 dark squares. Each player has 12 men on the three rows
// nearest to them; Black (seat 1) starts on squares 1-12 and moves first, White (seat 2)
// on 21-32. A man moves one square diagonally forward; a king one square diagonally in
// any direction. Captures are compulsory: a piece jumps an adjacent opponent piece to the
// empty square beyond it, and must go on jumping with the same piece while it can; the
// whole sequence is one move and the mover chooses freely among the capture sequences
// (not necessarily the longest). A piece cannot be jumped twice in one move. A man that
// reaches the far row becomes a king, and a capture sequence ends there. A player with no
// pieces, or with no legal move, loses.
//
// Draws: the players may agree a draw at any time (State.AgreeDraw; the CLI runs the
// offer and the acceptance). So that unattended games (agents, experiments) end, the game
// is also drawn when a position (the same pieces on the same squares, the same side to
// move) occurs for the third time, or after draw_moves moves by each side without a
// capture and without a man moving.
//
// # Parameters (knobs), defaults in brackets
//
//   - size [8]: the board is size x size, one of 8, 10, 12 (10: 50 squares, 12: 72).
//   - man_rows [3]: rows of men each player starts with, 1..size/2-1.
//   - flying_kings [false]: kings move any distance along an empty diagonal, and capture
//     an opponent piece at any distance, landing on any empty square beyond it. Captured
//     pieces stay on the board until the move ends: they block, and cannot be jumped
//     twice. A flying king that can go on capturing from one of the squares beyond a
//     piece must land on such a square.
//   - men_capture_backwards [false]: men capture backwards as well as forwards (they
//     still move forwards only).
//   - must_capture [true]: false makes capturing optional; a capture, once started,
//     still goes on while it can.
//   - max_capture [false]: only the capture sequences that take the most pieces are
//     legal (kings and men count one each).
//   - promotion_ends_move [true]: false crowns a man that reaches the far row during a
//     capture at once, and it goes on capturing as a king if it can (Russian rule).
//   - draw_moves [40]: the game is drawn after this many moves by each side (2x plies)
//     with no capture and no man moved; 0 turns this rule off (threefold repetition
//     still draws).
//
// With these knobs, Brazilian draughts is size 8, flying_kings, men_capture_backwards
// and max_capture; International draughts adds size 10 and man_rows 4; Russian draughts
// is flying_kings, men_capture_backwards and promotion_ends_move false.
//
// # Board indexing
//
// Rows are counted from Black's side (row 0, the top of the drawing) to White's (row
// size-1, the bottom). Each row holds size/2 dark squares; on even rows they are in
// columns 1, 3, 5, ..., on odd rows in columns 0, 2, 4, ... (column 0 at the left), so
// that each player has a dark square at their left corner. Squares are numbered in the
// standard way, 1 to size*size/2, row by row from the top, left to right: on 8x8, 1-4 on
// Black's back row, 29-32 on White's. In Go a square is its index, number-1 (0..31);
// Lua sees the numbers.
//
// # Notation
//
// A move is written with square numbers: "11-15" for a move, "15x24" for a capture and
// "15x24x31" for a capture sequence, listing every square the piece lands on. Two capture
// sequences through different squares are different moves. ParseMove also takes the
// short form "15x31" (start and end only) when one sequence fits; when several do, the
// error lists their full forms.
//
// A position string is PDN's FEN: the side to move (B or W), then each side's pieces in
// ascending square order, kings prefixed with K, then optional fields: quiet=N, the plies
// played since the last capture or man move (for draw_moves), and once the game is over
// winner=B, winner=W or draw:
//
//	B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12
//	W:WK3,18:B12,K31 quiet=14
//
// ParseState also accepts ranges ("B1-12") and either side's list first. Repetition
// history is not part of the string: a parsed position starts counting afresh.
//
// # Move codes
//
// A core.Move packs from<<24 | to<<17 | capture<<16 | index, with from and to square
// indices, capture 1 for captures and index, for captures, the rank of the sequence
// among the piece's capture sequences to the same square (ordered by the squares they
// land on). Codes are stable: the same move in the same position has the same code.
package checkers

import (
	"fmt"

	"github.com/kalahlab/kalahlab/core"
)

// Limits of the board.
const (
	maxSize    = 12                    // board side
	maxSquares = maxSize * maxSize / 2 // dark squares
	maxPath    = maxSquares/2 + 2      // landing squares of one capture sequence
	sizeChoice = "8, 10 or 12"         // allowed sizes, for error messages
	maxDraw    = 1000                  // upper bound of draw_moves
)

// Rules holds every knob of the game. Use DefaultRules or RulesFrom, then New.
type Rules struct {
	Size                int  // size: 8, 10 or 12
	ManRows             int  // man_rows
	FlyingKings         bool // flying_kings
	MenCaptureBackwards bool // men_capture_backwards
	MustCapture         bool // must_capture
	MaxCapture          bool // max_capture
	PromotionEndsMove   bool // promotion_ends_move
	DrawMoves           int  // draw_moves (0: no limit)
	// Hooks replace or extend built-in steps; nil keeps the built-in rule. The variants
	// package fills them with Lua functions: core never knows.
	Hooks Hooks
}

// Hooks are the points where a variant changes the rules. Squares are indices (number-1);
// colours and seats are 0 (Black) and 1 (White). A hook may change the board only through
// the State's view methods (Remove, Crown, Uncrown); after each hook the engine checks
// that no side gained pieces. A hook error stops the game (State.Err).
type Hooks struct {
	// IsOver is called after every move, once the side to move has changed, and when a
	// position string is read; it decides whether the game is over and who won (winner
	// 0 or 1, or -1 for a draw). ok false keeps the built-in end rules; ok true with
	// over false goes on, skipping the built-in draw rules. A side to move with no legal
	// move loses regardless.
	IsOver func(s *State) (over bool, winner int, ok bool, err error)
	// OnPromote is called when a man is crowned, after the move has been made and
	// before the side to move changes (State.Mover is the side that moved); square is
	// where the new king stands.
	OnPromote func(s *State, square int) error
}

// Any reports whether any hook is set.
func (h Hooks) Any() bool { return h.IsOver != nil || h.OnPromote != nil }

// DefaultRules returns the rules of English checkers.
func DefaultRules() Rules {
	return Rules{Size: 8, ManRows: 3, MustCapture: true, PromotionEndsMove: true, DrawMoves: 40}
}

// specs describes the knobs for validation, docs and `variants show`.
func specs() []core.ParamSpec {
	d := DefaultRules()
	return []core.ParamSpec{
		{Name: "size", Kind: core.Int, Default: d.Size, Min: 8, Max: maxSize, OneOf: []int{8, 10, 12}, Doc: "the board is size x size"},
		{Name: "man_rows", Kind: core.Int, Default: d.ManRows, Min: 1, Max: maxSize/2 - 1, Doc: "rows of men each player starts with (at most size/2-1)"},
		{Name: "flying_kings", Kind: core.Bool, Default: d.FlyingKings, Doc: "kings move and capture any distance along a diagonal"},
		{Name: "men_capture_backwards", Kind: core.Bool, Default: d.MenCaptureBackwards, Doc: "men capture backwards as well as forwards"},
		{Name: "must_capture", Kind: core.Bool, Default: d.MustCapture, Doc: "capturing is compulsory"},
		{Name: "max_capture", Kind: core.Bool, Default: d.MaxCapture, Doc: "only the capture sequences taking the most pieces are legal"},
		{Name: "promotion_ends_move", Kind: core.Bool, Default: d.PromotionEndsMove, Doc: "a man crowned during a capture stops there (false: it goes on as a king)"},
		{Name: "draw_moves", Kind: core.Int, Default: d.DrawMoves, Min: 0, Max: maxDraw, Doc: "moves by each side without a capture or a man move that draw the game (0: no limit)"},
	}
}

// Params returns the knob values of r.
func (r Rules) Params() core.Params {
	return core.Params{
		"size": r.Size, "man_rows": r.ManRows, "flying_kings": r.FlyingKings,
		"men_capture_backwards": r.MenCaptureBackwards, "must_capture": r.MustCapture,
		"max_capture": r.MaxCapture, "promotion_ends_move": r.PromotionEndsMove,
		"draw_moves": r.DrawMoves,
	}
}

// RulesFrom builds rules from knob values; missing knobs keep their defaults.
func RulesFrom(p core.Params) (Rules, error) {
	full, err := core.Apply(specs(), core.Defaults(specs()), p)
	if err != nil {
		return Rules{}, fmt.Errorf("checkers: %w", err)
	}
	r := Rules{
		Size:                full.Int("size"),
		ManRows:             full.Int("man_rows"),
		FlyingKings:         full.Bool("flying_kings"),
		MenCaptureBackwards: full.Bool("men_capture_backwards"),
		MustCapture:         full.Bool("must_capture"),
		MaxCapture:          full.Bool("max_capture"),
		PromotionEndsMove:   full.Bool("promotion_ends_move"),
		DrawMoves:           full.Int("draw_moves"),
	}
	return r, r.Validate()
}

// Validate checks the knobs together.
func (r Rules) Validate() error {
	switch {
	case r.Size != 8 && r.Size != 10 && r.Size != 12:
		return fmt.Errorf("checkers: size %d: want %s", r.Size, sizeChoice)
	case r.ManRows < 1 || r.ManRows > r.Size/2-1:
		return fmt.Errorf("checkers: man_rows %d out of range 1..%d for size %d (the middle two rows start empty)",
			r.ManRows, r.Size/2-1, r.Size)
	case r.DrawMoves < 0 || r.DrawMoves > maxDraw:
		return fmt.Errorf("checkers: draw_moves %d out of range 0..%d (0: no limit)", r.DrawMoves, maxDraw)
	}
	return nil
}

// Def registers English checkers as a base game.
var Def = core.Def{
	Name:    "checkers",
	Summary: "English checkers: 8x8, 12 men each, compulsory multi-jump captures, short kings",
	Params:  specs(),
	New:     core.Constructor(RulesFrom, New),
}

// Game is checkers with a fixed set of rules. It is immutable; when its hooks are bound
// to a Lua state it belongs to that state's goroutine.
type Game struct {
	name    string
	r       Rules
	n       int // board side
	half    int // dark squares per row
	squares int // dark squares
	// fast selects the 8x8 bitboard engine (short kings); otherwise the generic one.
	fast bool
	// nb[sq][d] is the diagonal neighbour of sq in direction d (up-left, up-right,
	// down-left, down-right; up is towards row 0), or -1 off the board.
	nb [maxSquares][4]int8
	// promo[c] marks the squares where a man of colour c is crowned; start[c] the
	// squares its men start on.
	promo, start [2]set
	// manDirs[c] is the bit mask of the directions (bit d) a man of colour c captures
	// in; manMoves[c] those it moves in.
	manDirs, manMoves [2]uint8
	hooked            bool
	startPos          position
}

// New returns the game for r, named name.
func New(name string, r Rules) (*Game, error) {
	if err := r.Validate(); err != nil {
		return nil, err
	}
	g := &Game{name: name, r: r, n: r.Size, half: r.Size / 2, squares: r.Size * r.Size / 2, hooked: r.Hooks.Any()}
	g.fast = r.Size == 8 && !r.FlyingKings
	for sq := 0; sq < g.squares; sq++ {
		row, col := g.rowCol(sq)
		for d := 0; d < 4; d++ {
			g.nb[sq][d] = int8(g.at(row+dirRow[d], col+dirCol[d]))
		}
		if row < r.ManRows {
			g.start[0].add(sq)
		}
		if row >= g.n-r.ManRows {
			g.start[1].add(sq)
		}
		if row == g.n-1 {
			g.promo[0].add(sq)
		}
		if row == 0 {
			g.promo[1].add(sq)
		}
	}
	g.manMoves = [2]uint8{1<<dirDL | 1<<dirDR, 1<<dirUL | 1<<dirUR}
	g.manDirs = g.manMoves
	if r.MenCaptureBackwards {
		g.manDirs = [2]uint8{15, 15}
	}
	s := &State{g: g}
	for sq := 0; sq < g.squares; sq++ {
		for c := 0; c < 2; c++ {
			if g.start[c].has(sq) {
				s.p.pcs[c].add(g.cell(sq))
			}
		}
	}
	s.p.hash = s.computeHash()
	g.startPos = s.p
	return g, nil
}

// The diagonal directions, in the order their neighbours' square numbers ascend.
const (
	dirUL = iota // up-left, towards row 0 and column 0
	dirUR        // up-right
	dirDL        // down-left, towards row size-1
	dirDR        // down-right
)

var (
	dirRow = [4]int{-1, -1, 1, 1}
	dirCol = [4]int{-1, 1, -1, 1}
)

// rowCol returns the row and column of square index sq.
func (g *Game) rowCol(sq int) (row, col int) {
	row = sq / g.half
	col = 2 * (sq % g.half)
	if row%2 == 0 {
		col++
	}
	return row, col
}

// at returns the square index at row, col, or -1 for a light square or off the board.
func (g *Game) at(row, col int) int {
	if row < 0 || row >= g.n || col < 0 || col >= g.n || (row+col)%2 == 0 {
		return -1
	}
	return row*g.half + col/2
}

// Name is the variant name.
func (g *Game) Name() string { return g.name }

// NumPlayers is 2.
func (g *Game) NumPlayers() int { return 2 }

// Rules returns the rules (hooks included).
func (g *Game) Rules() Rules { return g.r }

// Size is the board side (8, 10 or 12).
func (g *Game) Size() int { return g.n }

// Squares is the number of dark squares.
func (g *Game) Squares() int { return g.squares }

// NewState returns the initial position: Black to move.
func (g *Game) NewState() core.State { return g.Start() }

// Start is NewState with the concrete type.
func (g *Game) Start() *State {
	s := &State{g: g}
	s.Reset()
	return s
}

// ParseState reads a position string (see the package doc).
func (g *Game) ParseState(text string) (core.State, error) { return g.Parse(text) }
