package variants

import (
	"fmt"
	"slices"
	"strings"

	lua "github.com/yuin/gopher-lua"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/ludo"
)

// The board table of a Ludo script: board = { rows, cols, excluded, track, starts, homes,
// goals, yards }, the drawing of the board as data (ludo.Board). Lua writes a cell as a
// {row, col} pair counted from 1 (row 1 at the top, column 1 at the left) and a start
// square as an index 1..#track into the board's track; Go counts both from 0. The
// conversion happens here only: goBoardCell and luaBoardCell.
//
// What the table alone says is checked when the script is read (keys, types, every cell
// on the grid and used once, starts within the track); how it fits the knobs (as many
// track cells as track_length, a start square per player, home columns of home_length,
// yards for every token) is ludo.Rules.Validate's, once the variant is resolved
// (checkLudoBoard).

// boardKeys are the keys of the board table.
var boardKeys = []string{"rows", "cols", "excluded", "track", "starts", "homes", "goals", "yards"}

// boardSpec is the board table of one script, converted to Go's cells.
type boardSpec struct {
	sc       *script
	board    ludo.Board
	line     int            // the line of board = (0 when unknown)
	keyLines map[string]int // the lines of its keys
}

// at is the line of the board's key, else of the board.
func (bs *boardSpec) at(key string) int {
	if l := bs.keyLines[key]; l > 0 {
		return l
	}
	return bs.line
}

// goBoardCell reads a {row, col} pair counted from 1 as a Go cell.
func goBoardCell(v lua.LValue) (ludo.Cell, error) {
	t, ok := v.(*lua.LTable)
	if !ok || t.Len() != 2 || countKeys(t) != 2 {
		return ludo.Cell{}, fmt.Errorf("%s, want a {row, col} pair such as {1, 2}", valueName(v))
	}
	var rc [2]int
	for i := range rc {
		n, ok := t.RawGetInt(i + 1).(lua.LNumber)
		if !ok || n < -1e6 || n > 1e6 || float64(int(n)) != float64(n) {
			return ludo.Cell{}, fmt.Errorf("{%s, %s}, want a {row, col} pair of whole numbers", t.RawGetInt(1), t.RawGetInt(2))
		}
		rc[i] = int(n)
	}
	return ludo.Cell{Row: rc[0] - 1, Col: rc[1] - 1}, nil
}

// luaBoardCell writes a Go cell as Lua does: {row, col} counted from 1.
func luaBoardCell(c ludo.Cell) string { return fmt.Sprintf("{%d, %d}", c.Row+1, c.Col+1) }

// boardList reads a Lua list (not a table with named keys), calling each for its items.
func boardList(v lua.LValue, want string, each func(i int, item lua.LValue) error) error {
	t, ok := v.(*lua.LTable)
	if !ok || countKeys(t) != t.Len() {
		return fmt.Errorf("%s, want %s", valueName(v), want)
	}
	for i := 1; i <= t.Len(); i++ {
		if err := each(i, t.RawGetInt(i)); err != nil {
			return err
		}
	}
	return nil
}

// boardCells reads a list of cells.
func boardCells(v lua.LValue) ([]ludo.Cell, error) {
	out := []ludo.Cell{}
	err := boardList(v, "a list of {row, col} cells such as {{1, 2}, {1, 3}}", func(i int, item lua.LValue) error {
		c, err := goBoardCell(item)
		if err != nil {
			return fmt.Errorf("cell %d is %w", i, err)
		}
		out = append(out, c)
		return nil
	})
	return out, err
}

// boardSeats reads a list of cell lists, one per seat.
func boardSeats(v lua.LValue) ([][]ludo.Cell, error) {
	var out [][]ludo.Cell
	err := boardList(v, "a list with a list of {row, col} cells per seat, such as {{{6, 4}, {5, 4}}, {{2, 4}, {3, 4}}}", func(i int, item lua.LValue) error {
		cells, err := boardCells(item)
		if err != nil {
			return fmt.Errorf("seat %d: %w", i, err)
		}
		out = append(out, cells)
		return nil
	})
	return out, err
}

// boardWhole reads a whole number at least min.
func boardWhole(v lua.LValue, min int) (int, error) {
	n, ok := v.(lua.LNumber)
	if !ok {
		return 0, fmt.Errorf("%s, want a whole number", valueName(v))
	}
	if n < -1e6 || n > 1e6 || float64(int(n)) != float64(n) {
		return 0, fmt.Errorf("%v, want a whole number", n)
	}
	if int(n) < min {
		return 0, fmt.Errorf("%d, want at least %d", int(n), min)
	}
	return int(n), nil
}

// readBoard reads the board table: its keys, the cells as Go cells, each on the grid and
// used once, the start squares within the track.
func (sc *script) readBoard(v lua.LValue) error {
	bs := &boardSpec{sc: sc, line: sc.lines.fields["board"], keyLines: sc.lines.boardKeys}
	t, ok := v.(*lua.LTable)
	if !ok {
		return sc.errorf(bs.line, "board is %s, want a table { rows = ..., cols = ..., track = {{row, col}, ...}, starts = ..., homes = ..., goals = ..., yards = ... }", typeName(v))
	}
	if err := bs.checkKeys(t); err != nil {
		return err
	}
	if err := bs.readCells(t); err != nil {
		return err
	}
	if err := bs.checkCells(); err != nil {
		return err
	}
	if err := bs.readStarts(t); err != nil {
		return err
	}
	sc.board = bs
	return nil
}

// fail is an error about the board's key.
func (bs *boardSpec) fail(key string, err error) error {
	return bs.sc.errorf(bs.at(key), "board: %s: %v", key, err)
}

// checkKeys checks the board table has the keys it must and no other.
func (bs *boardSpec) checkKeys(t *lua.LTable) error {
	if countKeys(t) != len(sortedKeys(t)) {
		return bs.sc.errorf(bs.line, "board: want named keys (%s)", strings.Join(boardKeys, ", "))
	}
	for _, key := range sortedKeys(t) {
		if !slices.Contains(boardKeys, key) {
			return unknownKey(bs.sc, bs.at(key), "board: key", key, boardKeys)
		}
	}
	for _, key := range boardKeys {
		if key != "excluded" && t.RawGetString(key) == lua.LNil {
			return bs.sc.errorf(bs.line, "board: %s missing (want %s; excluded is optional)", key, strings.Join(boardKeys, ", "))
		}
	}
	return nil
}

// readCells reads the grid's size and the cells of the track, the excluded cells, the
// homes, the yards and the goals.
func (bs *boardSpec) readCells(t *lua.LTable) error {
	b := &bs.board
	var err error
	if b.Rows, err = boardWhole(t.RawGetString("rows"), 1); err != nil {
		return bs.fail("rows", err)
	}
	if b.Cols, err = boardWhole(t.RawGetString("cols"), 1); err != nil {
		return bs.fail("cols", err)
	}
	if b.Track, err = boardCells(t.RawGetString("track")); err != nil {
		return bs.fail("track", err)
	}
	if t.RawGetString("excluded") != lua.LNil {
		if b.Excluded, err = boardCells(t.RawGetString("excluded")); err != nil {
			return bs.fail("excluded", err)
		}
	}
	if b.Homes, err = boardSeats(t.RawGetString("homes")); err != nil {
		return bs.fail("homes", err)
	}
	if b.Yards, err = boardSeats(t.RawGetString("yards")); err != nil {
		return bs.fail("yards", err)
	}
	if b.Goals, err = boardCells(t.RawGetString("goals")); err != nil {
		return bs.fail("goals", err)
	}
	return nil
}

// checkCells checks every cell is on the grid, and used once.
func (bs *boardSpec) checkCells() error {
	b := &bs.board
	used := map[ludo.Cell]string{}
	use := func(key, what string, cells []ludo.Cell) error {
		for i, c := range cells {
			name := fmt.Sprintf("%s %d", what, i+1)
			if c.Row < 0 || c.Row >= b.Rows || c.Col < 0 || c.Col >= b.Cols {
				return bs.sc.errorf(bs.at(key), "board: %s: cell %s is off the grid of %d rows and %d columns", name, luaBoardCell(c), b.Rows, b.Cols)
			}
			if other, ok := used[c]; ok {
				return bs.sc.errorf(bs.at(key), "board: %s: cell %s is already %s", name, luaBoardCell(c), other)
			}
			used[c] = name
		}
		return nil
	}
	if err := use("track", "track square", b.Track); err != nil {
		return err
	}
	for i, h := range b.Homes {
		if err := use("homes", fmt.Sprintf("seat %d home square", i+1), h); err != nil {
			return err
		}
	}
	if err := use("goals", "goal of seat", b.Goals); err != nil {
		return err
	}
	for i, y := range b.Yards {
		if err := use("yards", fmt.Sprintf("seat %d yard cell", i+1), y); err != nil {
			return err
		}
	}
	return use("excluded", "excluded cell", b.Excluded)
}

// readStarts reads the seats' start squares, each on the track and one seat's.
func (bs *boardSpec) readStarts(t *lua.LTable) error {
	b := &bs.board
	err := boardList(t.RawGetString("starts"), "a list of track squares such as {1, 14}", func(i int, item lua.LValue) error {
		st, err := boardWhole(item, 1)
		switch {
		case err != nil:
			return fmt.Errorf("start %d is %w", i, err)
		case st > len(b.Track):
			return fmt.Errorf("start %d is square %d, but the board's track has %d squares", i, st, len(b.Track))
		case slices.Contains(b.Starts, st-1):
			return fmt.Errorf("square %d is the start of two seats", st)
		}
		b.Starts = append(b.Starts, st-1)
		return nil
	})
	if err != nil {
		return bs.fail("starts", err)
	}
	return nil
}

// checkLudoBoard checks a board table against the knobs (ludo.Rules.Validate), naming
// the script and the line of the key the error is about.
func checkLudoBoard(bs *boardSpec, p core.Params) error {
	r, err := ludo.RulesFrom(p)
	if err != nil {
		return bs.sc.errorf(bs.line, "%v", err)
	}
	b := bs.board
	r.Board = &b
	if err := r.Validate(); err != nil {
		msg := err.Error()
		line := bs.line
		for _, k := range []struct{ text, key string }{
			{"track cells for", "track"}, {"seats for", "starts"},
			{"home cells for", "homes"}, {"yard cells for", "yards"},
		} {
			if strings.Contains(msg, k.text) {
				line = bs.at(k.key)
			}
		}
		return bs.sc.errorf(line, "%s", msg)
	}
	return nil
}
