// Package tictactoe implements tic-tac-toe generalised to m,n,k-games: connect k marks in
// a row on a rows x cols board, with knobs for misère play, full boards and gravity
// (Connect Four is rows 6, cols 7, k 4, gravity true).
//
// # Rules (the defaults, parameter "tictactoe")
//
// A 3x3 board, empty at the start. X (seat 1) moves first, then the players alternate,
// each marking one empty cell. A player who makes k [3] of their marks in a row,
// horizontally, vertically or diagonally, wins at once; longer lines count too. A full
// board with no line is a draw.
//
// # Parameters (knobs), defaults in brackets
//
//   - rows [3]: rows of the board, 1..15.
//   - cols [3]: columns, 1..15.
//   - k [3]: marks in a row that make a line, 1..max(rows, cols).
//   - misere [false]: the player who makes a line loses instead.
//   - full_board [draw]: what a full board with no line is: draw, or both_lose (both
//     players lose: returns -1, -1).
//   - gravity [false]: a mark drops to the lowest empty cell of its column, so a move is
//     a column (Connect Four).
//
// # Hooks
//
// Rules.Hooks.Winner replaces the built-in line check (and misère) after every move; see
// Hooks.
//
// # Board indexing and notation
//
// Cell index = row*cols + col, with row 0 at the bottom and col 0 at the left. A move is
// written as a column letter and a row number, "b2" (column b, row 2, counting from 1 at
// the bottom); with gravity the column letter alone ("b") is read as the lowest empty
// cell of that column. The position string lists the rows from the top down, separated by
// "/", with x, o and . for an empty cell, then x or o for the side to move, or once over
// the result: x-wins, o-wins, draw or both-lose.
//
//	x.o/.x./o.. o
//	xxx/oo./... x-wins
//
// A parsed position that is over by the rules reads as over.
package tictactoe

import (
	"fmt"
	"slices"

	"github.com/kalahlab/kalahlab/core"
)

// Limits of the board.
const (
	maxDim   = 15              // rows and columns
	maxCells = maxDim * maxDim // cells
	words    = (maxCells + 63) / 64
)

// FullBoard says what a full board without a line is.
type FullBoard uint8

// The full-board rules.
const (
	Draw     FullBoard = iota // a draw
	BothLose                  // both players lose
)

var fullBoardNames = []string{"draw", "both_lose"}

// Rules holds every knob of the game. Use DefaultRules or RulesFrom, then New.
type Rules struct {
	Rows, Cols, K int
	Misere        bool
	FullBoard     FullBoard
	Gravity       bool
	// Hooks replace built-in steps; nil keeps the built-in rule. The variants package
	// fills them with Lua functions: core never knows.
	Hooks Hooks
}

// Hooks are the points where a variant changes the rules. Cells are indices as in the
// package doc; seats are 0 (X) and 1 (O). A hook error stops the game (State.Err).
type Hooks struct {
	// Winner is called after every move (last is the cell just marked; State.Mover is
	// the seat that marked it) and when a position is parsed (last -1). It replaces the
	// built-in line check and misère: ok false keeps them; ok true and over true end the
	// game with winner 0 or 1 winning, or -1 for a draw; ok true and over false go on
	// (a full board still ends the game by full_board).
	Winner func(s *State, last int) (over bool, winner int, ok bool, err error)
}

// Any reports whether any hook is set.
func (h Hooks) Any() bool { return h.Winner != nil }

// DefaultRules returns the rules of tic-tac-toe.
func DefaultRules() Rules { return Rules{Rows: 3, Cols: 3, K: 3} }

// specs describes the knobs for validation, docs and `variants show`.
func specs() []core.ParamSpec {
	d := DefaultRules()
	return []core.ParamSpec{
		{Name: "rows", Kind: core.Int, Default: d.Rows, Min: 1, Max: maxDim, Doc: "rows of the board"},
		{Name: "cols", Kind: core.Int, Default: d.Cols, Min: 1, Max: maxDim, Doc: "columns of the board"},
		{Name: "k", Kind: core.Int, Default: d.K, Min: 1, Max: maxDim, Doc: "marks in a row that make a line (at most max(rows, cols))"},
		{Name: "misere", Kind: core.Bool, Default: d.Misere, Doc: "the player who makes a line loses"},
		{Name: "full_board", Kind: core.Enum, Default: fullBoardNames[d.FullBoard], Choices: fullBoardNames, Doc: "a full board without a line is a draw, or both players lose"},
		{Name: "gravity", Kind: core.Bool, Default: d.Gravity, Doc: "a mark drops to the lowest empty cell of its column (Connect Four)"},
	}
}

// Params returns the knob values of r.
func (r Rules) Params() core.Params {
	return core.Params{
		"rows": r.Rows, "cols": r.Cols, "k": r.K, "misere": r.Misere,
		"full_board": fullBoardNames[r.FullBoard], "gravity": r.Gravity,
	}
}

// RulesFrom builds rules from knob values; missing knobs keep their defaults.
func RulesFrom(p core.Params) (Rules, error) {
	full, err := core.Apply(specs(), core.Defaults(specs()), p)
	if err != nil {
		return Rules{}, fmt.Errorf("tictactoe: %w", err)
	}
	r := Rules{
		Rows: full.Int("rows"), Cols: full.Int("cols"), K: full.Int("k"),
		Misere: full.Bool("misere"), Gravity: full.Bool("gravity"),
		FullBoard: FullBoard(slices.Index(fullBoardNames, full.String("full_board"))),
	}
	return r, r.Validate()
}

// Validate checks the knobs together.
func (r Rules) Validate() error {
	switch {
	case r.Rows < 1 || r.Rows > maxDim:
		return fmt.Errorf("tictactoe: rows %d out of range 1..%d", r.Rows, maxDim)
	case r.Cols < 1 || r.Cols > maxDim:
		return fmt.Errorf("tictactoe: cols %d out of range 1..%d", r.Cols, maxDim)
	case r.K < 1 || r.K > max(r.Rows, r.Cols):
		return fmt.Errorf("tictactoe: k %d: no line of %d fits on a %dx%d board (want 1..%d)",
			r.K, r.K, r.Rows, r.Cols, max(r.Rows, r.Cols))
	case r.FullBoard > BothLose:
		return fmt.Errorf("tictactoe: full_board %d unknown (want draw or both_lose)", r.FullBoard)
	}
	return nil
}

// Def registers tic-tac-toe as a base game.
var Def = core.Def{
	Name:    "tictactoe",
	Summary: "Tic-tac-toe generalised to m,n,k: k in a row on a rows x cols board, misère and gravity knobs",
	Params:  specs(),
	New:     core.Constructor(RulesFrom, New),
}

// Game is tic-tac-toe with a fixed set of rules. It is immutable; when its hooks are bound
// to a Lua state it belongs to that state's goroutine.
type Game struct {
	name  string
	r     Rules
	cells int
	valid board // every cell
	// bottom marks row 0, for gravity.
	bottom board
	// small: the board fits in one word, and lines are checked with masks:
	// lines[lineAt[c]:lineAt[c+1]] are the k-cell windows through cell c.
	small  bool
	lineAt []uint16
	lines  []uint64
}

// New returns the game for r, named name.
func New(name string, r Rules) (*Game, error) {
	if err := r.Validate(); err != nil {
		return nil, err
	}
	g := &Game{name: name, r: r, cells: r.Rows * r.Cols}
	for c := 0; c < g.cells; c++ {
		g.valid.set(c)
		if c < r.Cols {
			g.bottom.set(c)
		}
	}
	g.small = g.cells <= 64
	if g.small {
		through := make([][]uint64, g.cells)
		for row := 0; row < r.Rows; row++ {
			for col := 0; col < r.Cols; col++ {
				for _, d := range lineDirs {
					er, ec := row+(r.K-1)*d[0], col+(r.K-1)*d[1]
					if er < 0 || er >= r.Rows || ec < 0 || ec >= r.Cols {
						continue
					}
					var mask uint64
					for i := 0; i < r.K; i++ {
						mask |= 1 << uint((row+i*d[0])*r.Cols+col+i*d[1])
					}
					for i := 0; i < r.K; i++ {
						c := (row+i*d[0])*r.Cols + col + i*d[1]
						through[c] = append(through[c], mask)
					}
				}
			}
		}
		g.lineAt = make([]uint16, g.cells+1)
		for c := 0; c < g.cells; c++ {
			g.lineAt[c] = uint16(len(g.lines))
			g.lines = append(g.lines, through[c]...)
		}
		g.lineAt[g.cells] = uint16(len(g.lines))
	}
	return g, nil
}

// lineDirs are the directions of lines: along a row, up a column, and both diagonals.
var lineDirs = [4][2]int{{0, 1}, {1, 0}, {1, 1}, {1, -1}}

// Name is the variant name.
func (g *Game) Name() string { return g.name }

// NumPlayers is 2.
func (g *Game) NumPlayers() int { return 2 }

// Rules returns the rules (hooks included).
func (g *Game) Rules() Rules { return g.r }

// NewState returns the empty board, X to move.
func (g *Game) NewState() core.State { return g.Start() }

// Start is NewState with the concrete type.
func (g *Game) Start() *State { return &State{g: g, last: -1} }

// ParseState reads a position string (see the package doc).
func (g *Game) ParseState(text string) (core.State, error) { return g.Parse(text) }
