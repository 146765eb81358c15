package variants

import (
	"fmt"

	lua "github.com/yuin/gopher-lua"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/tictactoe"
)

// Tic-tac-toe hooks: the board view that Lua sees (one per Lua state, its
// *tictactoe.State swapped in before each call) and the binder that fills
// tictactoe.Hooks with calls into Lua.
//
// Lua numbers cells 1..Cells() (cell = (row-1)*cols + col: a1 is 1, b1 is 2, ...),
// rows 1..Rows() from the bottom and columns 1..Cols() from the left, as the move
// notation does ("b2" is row 2, column 2), line directions 1..4, and players 1 (X) and
// 2 (O); Go numbers them all from 0. The conversion happens here only: luaCell/goCell,
// goLineDir, and luaPlayer for seats.

var tictactoeBinder = &binder{
	def:       tictactoe.Def,
	hooks:     []string{"winner"},
	build:     hooksOnly(tictactoe.Def, bindTictactoe),
	invariant: tictactoeInvariant,
}

// tictactoeMarks remembers each game's marks (0 empty, 1 X, 2 O by cell), for "marks
// never move".
var tictactoeMarks history[tictactoe.State, []uint8]

// tictactoeInvariant is the tic-tac-toe invariant: the marks are consistent (X has as
// many marks as O or one more, Filled counts them, the side to move follows from them,
// the last cell holds the last mover's mark, nothing floats under gravity), and from
// one position to the next no mark moves or disappears and exactly one is added.
func tictactoeInvariant(cs core.State) error {
	s, ok := cs.(*tictactoe.State)
	if !ok {
		return fmt.Errorf("not a tictactoe state: %T", cs)
	}
	marks := make([]uint8, s.Cells())
	var n [2]int
	for c := range marks {
		if p := s.Mark(c); p >= 0 {
			marks[c] = uint8(p + 1)
			n[p]++
		}
	}
	switch {
	case n[0]+n[1] != s.Filled():
		return fmt.Errorf("%d marks on the board, Filled says %d", n[0]+n[1], s.Filled())
	case n[0]-n[1] != 0 && n[0]-n[1] != 1:
		return fmt.Errorf("x has %d marks and o %d: want as many or one more for x", n[0], n[1])
	case s.ToMove() != core.Terminal && int(s.ToMove()) != n[0]-n[1]:
		return fmt.Errorf("seat %d to move, but x has %d marks and o %d", int(s.ToMove())+1, n[0], n[1])
	case s.Last() >= 0 && s.Filled() > 0 && s.Mark(s.Last()) != (n[0]-n[1])^1:
		// (Filled: Game.Start leaves Last at 0 on the empty board, where Reset and
		// Parse say -1.)
		return fmt.Errorf("the last cell marked, %d, does not hold the last mover's mark", s.Last()+1)
	}
	if s.Game().Rules().Gravity {
		for c := s.Cols(); c < s.Cells(); c++ {
			if marks[c] != 0 && marks[c-s.Cols()] == 0 {
				return fmt.Errorf("gravity: cell %d is marked above the empty cell %d", c+1, c-s.Cols()+1)
			}
		}
	}
	if prev, ok := tictactoeMarks.step(s, s.Ply(), marks); ok {
		added := 0
		for c, p := range prev {
			switch {
			case p != 0 && marks[c] != p:
				return fmt.Errorf("the mark on cell %d changed", c+1)
			case p == 0 && marks[c] != 0:
				added++
			}
		}
		if added != 1 {
			return fmt.Errorf("%d marks added by one move", added)
		}
	}
	return nil
}

// tictactoeView is the state behind the board view during one hook call.
type tictactoeView struct {
	s *tictactoe.State // nil outside hook calls
}

func (v *tictactoeView) live() bool { return v.s != nil }

func (v *tictactoeView) describe() string { return "tictactoe board " + v.s.String() }

func luaCell(c int) lua.LValue { return num(c + 1) }

// goCell reads argument i as a cell number 1..Cells() and returns its index.
func (v *tictactoeView) goCell(L *lua.LState, i int, method string) int {
	n := intArg(L, i, "cell", method)
	if n < 1 || n > v.s.Cells() {
		L.RaiseError("cell %d out of range 1..%d (%s)", n, v.s.Cells(), method)
	}
	return n - 1
}

// goLineDir reads argument i as a line direction 1..4 and returns the Go one 0..3.
func goLineDir(L *lua.LState, i int, method string) int {
	d := intArg(L, i, "direction", method)
	if d < 1 || d > 4 {
		L.RaiseError("direction %d: want 1 (along the row), 2 (along the column), 3 (the diagonal rising to the right) or 4 (the one rising to the left) (%s)", d, method)
	}
	return d - 1
}

// tictactoeMethods are the methods of the tic-tac-toe board view `b` (see
// scripts/README.md).
var tictactoeMethods = map[string]func(L *lua.LState, v *tictactoeView) int{
	"rows": func(L *lua.LState, v *tictactoeView) int {
		L.Push(num(v.s.Rows()))
		return 1
	},
	"cols": func(L *lua.LState, v *tictactoeView) int {
		L.Push(num(v.s.Cols()))
		return 1
	},
	"k": func(L *lua.LState, v *tictactoeView) int {
		L.Push(num(v.s.K()))
		return 1
	},
	"cells": func(L *lua.LState, v *tictactoeView) int {
		L.Push(num(v.s.Cells()))
		return 1
	},
	"filled": func(L *lua.LState, v *tictactoeView) int {
		L.Push(num(v.s.Filled()))
		return 1
	},
	"mover": func(L *lua.LState, v *tictactoeView) int {
		L.Push(luaPlayer(v.s.Mover()))
		return 1
	},
	"last": func(L *lua.LState, v *tictactoeView) int {
		return optInt(L, v.s.Last())
	},
	"ply": func(L *lua.LState, v *tictactoeView) int {
		L.Push(num(v.s.Ply()))
		return 1
	},
	"cell": func(L *lua.LState, v *tictactoeView) int {
		row := intArg(L, 2, "row", "b:cell")
		col := intArg(L, 3, "column", "b:cell")
		return optInt(L, v.s.Cell(row-1, col-1))
	},
	"row_col": func(L *lua.LState, v *tictactoeView) int {
		c := v.goCell(L, 2, "b:row_col")
		L.Push(num(c/v.s.Cols() + 1))
		L.Push(num(c%v.s.Cols() + 1))
		return 2
	},
	"mark": func(L *lua.LState, v *tictactoeView) int {
		p := v.s.Mark(v.goCell(L, 2, "b:mark"))
		if p < 0 {
			L.Push(lua.LNil)
		} else {
			L.Push(luaPlayer(p))
		}
		return 1
	},
	"run": func(L *lua.LState, v *tictactoeView) int {
		c := v.goCell(L, 2, "b:run")
		L.Push(num(v.s.Run(c, goLineDir(L, 3, "b:run"))))
		return 1
	},
}

// tictactoeMethodNames lists the board view's methods, sorted.
func tictactoeMethodNames() []string { return methodNames(tictactoeMethods) }

func bindTictactoe(m *vm, name string, p core.Params, fns map[string]hookFn) (core.Game, error) {
	r, err := tictactoe.RulesFrom(p)
	if err != nil {
		return nil, err
	}
	v := &tictactoeView{}
	board := newBoardView(m.L, "tictactoe", v, tictactoeMethods)
	if f, ok := fns["winner"]; ok {
		r.Hooks.Winner = func(s *tictactoe.State, last int) (over bool, winner int, ok bool, err error) {
			L := m.L
			L.Push(f.fn)
			L.Push(board)
			if last < 0 {
				L.Push(lua.LNil) // a position read from a string
			} else {
				L.Push(luaCell(last))
			}
			v.s = s
			err = m.callHookN(&f, 2, 1, resultValues)
			v.s = nil
			if err != nil {
				return false, 0, false, err
			}
			return gameResult(&f, m.pop())
		}
	}
	return tictactoe.New(name, r)
}
