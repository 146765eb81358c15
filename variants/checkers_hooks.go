package variants

import (
	"fmt"

	lua "github.com/yuin/gopher-lua"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/checkers"
)

// Checkers hooks: the board view that Lua sees (one per Lua state, its *checkers.State
// swapped in before each call) and the binder that fills checkers.Hooks with calls into
// Lua.
//
// Lua numbers squares 1..Squares() as the standard notation does, rows and columns
// 1..Size() (row 1 at Black's side, column 1 at the left), directions 1..4, and players
// 1 (Black) and 2 (White); Go numbers them all from 0. The conversion happens here only:
// luaSquare/goSquare, goDir, goColour, and luaPlayer for colours.

var checkersBinder = &binder{
	def:       checkers.Def,
	hooks:     []string{"is_over", "on_promote"},
	build:     hooksOnly(checkers.Def, bindCheckers),
	invariant: checkersInvariant,
}

var colourNames = [2]string{"Black", "White"}

// checkersCounts remembers each game's pieces by colour, for "never increase".
var checkersCounts history[checkers.State, [2]int]

// checkersInvariant is the checkers invariant: every piece stands on its own square, no
// colour has more pieces than it starts with, and no colour ever gains pieces from one
// position to the next (hooks only remove, crown and uncrown).
func checkersInvariant(cs core.State) error {
	s, ok := cs.(*checkers.State)
	if !ok {
		return fmt.Errorf("not a checkers state: %T", cs)
	}
	r := s.Game().Rules()
	start := r.ManRows * r.Size / 2
	var found, now [2]int
	for sq := 0; sq < s.Squares(); sq++ {
		if c, _, ok := s.Piece(sq); ok {
			found[c]++
		}
	}
	for c := 0; c < 2; c++ {
		men, kings := s.Count(c)
		now[c] = men + kings
		if now[c] != found[c] {
			return fmt.Errorf("%s has %d pieces but %d squares hold one (two pieces on a square?)", colourNames[c], now[c], found[c])
		}
		if now[c] > start {
			return fmt.Errorf("%s has %d pieces, more than the %d it starts with", colourNames[c], now[c], start)
		}
	}
	if prev, ok := checkersCounts.step(s, s.Ply(), now); ok {
		for c := 0; c < 2; c++ {
			if now[c] > prev[c] {
				return fmt.Errorf("%s has %d pieces, had %d a move before", colourNames[c], now[c], prev[c])
			}
		}
	}
	return nil
}

// checkersView is the state behind the board view during one hook call.
type checkersView struct {
	s        *checkers.State // nil outside hook calls
	hook     string          // the hook running
	readOnly bool            // is_over may not change the board
	moves    []core.Move     // scratch for b:can_move
}

func (v *checkersView) live() bool { return v.s != nil }

func (v *checkersView) describe() string { return "checkers board " + v.s.String() }

func luaSquare(sq int) lua.LValue { return num(sq + 1) }

// goSquare reads argument i as a square number 1..Squares() and returns its index.
func (v *checkersView) goSquare(L *lua.LState, i int, method string) int {
	n := intArg(L, i, "square", method)
	if n < 1 || n > v.s.Squares() {
		L.RaiseError("square %d out of range 1..%d (%s)", n, v.s.Squares(), method)
	}
	return n - 1
}

// goColour reads argument i as a player 1 (Black) or 2 (White) and returns the colour.
func goColour(L *lua.LState, i int, method string) int {
	p := intArg(L, i, "player", method)
	if p != 1 && p != 2 {
		L.RaiseError("player %d: want 1 (Black) or 2 (White) (%s)", p, method)
	}
	return p - 1
}

// goDir reads argument i as a direction 1..4 and returns the Go direction 0..3.
func goDir(L *lua.LState, i int, method string) int {
	d := intArg(L, i, "direction", method)
	if d < 1 || d > 4 {
		L.RaiseError("direction %d: want 1 (up-left), 2 (up-right), 3 (down-left) or 4 (down-right) (%s)", d, method)
	}
	return d - 1
}

func (v *checkersView) writable(L *lua.LState, method string) {
	if v.readOnly {
		L.RaiseError("the board is read-only in %s (%s)", v.hook, method)
	}
}

// checkersMethods are the methods of the checkers board view `b` (see scripts/README.md).
var checkersMethods = map[string]func(L *lua.LState, v *checkersView) int{
	"piece": func(L *lua.LState, v *checkersView) int {
		c, king, ok := v.s.Piece(v.goSquare(L, 2, "b:piece"))
		if !ok {
			L.Push(lua.LNil)
			L.Push(lua.LFalse)
			return 2
		}
		L.Push(luaPlayer(c))
		L.Push(lua.LBool(king))
		return 2
	},
	"is_king": func(L *lua.LState, v *checkersView) int {
		_, king, _ := v.s.Piece(v.goSquare(L, 2, "b:is_king"))
		L.Push(lua.LBool(king))
		return 1
	},
	"count": func(L *lua.LState, v *checkersView) int {
		men, kings := v.s.Count(goColour(L, 2, "b:count"))
		L.Push(num(men))
		L.Push(num(kings))
		return 2
	},
	"mover": func(L *lua.LState, v *checkersView) int {
		L.Push(luaPlayer(v.s.Mover()))
		return 1
	},
	"row_col": func(L *lua.LState, v *checkersView) int {
		row, col := v.s.RowCol(v.goSquare(L, 2, "b:row_col"))
		L.Push(num(row + 1))
		L.Push(num(col + 1))
		return 2
	},
	"square": func(L *lua.LState, v *checkersView) int {
		row := intArg(L, 2, "row", "b:square") - 1
		col := intArg(L, 3, "column", "b:square") - 1
		n := v.s.Size()
		if row < 0 || row >= n || col < 0 || col >= n {
			return optInt(L, -1)
		}
		// Each row holds Size()/2 dark squares: the candidate is the one RowCol confirms.
		sq := row*(n/2) + col/2
		if r, c := v.s.RowCol(sq); r != row || c != col {
			return optInt(L, -1) // a light square
		}
		return optInt(L, sq)
	},
	"neighbour": func(L *lua.LState, v *checkersView) int {
		sq := v.goSquare(L, 2, "b:neighbour")
		return optInt(L, v.s.Neighbour(sq, goDir(L, 3, "b:neighbour")))
	},
	"size": func(L *lua.LState, v *checkersView) int {
		L.Push(num(v.s.Size()))
		return 1
	},
	"squares": func(L *lua.LState, v *checkersView) int {
		L.Push(num(v.s.Squares()))
		return 1
	},
	"movable": func(L *lua.LState, v *checkersView) int {
		sqs := v.s.Movable()
		t := L.CreateTable(len(sqs), 0)
		for _, sq := range sqs {
			t.Append(luaSquare(sq))
		}
		L.Push(t)
		return 1
	},
	"can_move": func(L *lua.LState, v *checkersView) int {
		v.moves = v.s.LegalMoves(v.moves[:0]) // into the view's buffer: no allocation
		L.Push(lua.LBool(len(v.moves) > 0))
		return 1
	},
	"ply": func(L *lua.LState, v *checkersView) int {
		L.Push(num(v.s.Ply()))
		return 1
	},
	"quiet": func(L *lua.LState, v *checkersView) int {
		L.Push(num(v.s.Quiet()))
		return 1
	},
	"remove": func(L *lua.LState, v *checkersView) int {
		sq := v.goSquare(L, 2, "b:remove")
		v.writable(L, "b:remove")
		if err := v.s.Remove(sq); err != nil {
			L.RaiseError("%v (b:remove)", err)
		}
		return 0
	},
	"crown": func(L *lua.LState, v *checkersView) int {
		sq := v.goSquare(L, 2, "b:crown")
		v.writable(L, "b:crown")
		if err := v.s.Crown(sq); err != nil {
			L.RaiseError("%v (b:crown)", err)
		}
		return 0
	},
	"uncrown": func(L *lua.LState, v *checkersView) int {
		sq := v.goSquare(L, 2, "b:uncrown")
		v.writable(L, "b:uncrown")
		if err := v.s.Uncrown(sq); err != nil {
			L.RaiseError("%v (b:uncrown)", err)
		}
		return 0
	},
}

// checkersMethodNames lists the board view's methods, sorted.
func checkersMethodNames() []string { return methodNames(checkersMethods) }

// checkersHooks calls the Lua hooks of one game; it belongs to the vm's goroutine.
type checkersHooks struct {
	m     *vm
	board *lua.LTable
	view  *checkersView
}

func bindCheckers(m *vm, name string, p core.Params, fns map[string]hookFn) (core.Game, error) {
	r, err := checkers.RulesFrom(p)
	if err != nil {
		return nil, err
	}
	v := &checkersView{}
	h := &checkersHooks{m: m, board: newBoardView(m.L, "checkers", v, checkersMethods), view: v}
	if f, ok := fns["is_over"]; ok {
		r.Hooks.IsOver = func(s *checkers.State) (over bool, winner int, ok bool, err error) {
			h.m.L.Push(f.fn)
			h.m.L.Push(h.board)
			if err := h.run(&f, s, true, 1, 1, resultValues); err != nil {
				return false, 0, false, err
			}
			return gameResult(&f, h.m.pop())
		}
	}
	if f, ok := fns["on_promote"]; ok {
		r.Hooks.OnPromote = func(s *checkers.State, square int) error {
			h.m.L.Push(f.fn)
			h.m.L.Push(h.board)
			h.m.L.Push(luaSquare(square))
			return h.run(&f, s, false, 2, 0, promoteWant)
		}
	}
	return checkers.New(name, r)
}

// promoteWant is what on_promote may return.
const promoteWant = "nothing (change the board with b:remove, b:crown and b:uncrown)"

// run calls the hook whose function and arguments are on the stack with s behind the
// board view, leaving nret results (more is an error: want says what it may return).
// The engine checks after every hook that no colour gained pieces.
func (h *checkersHooks) run(f *hookFn, s *checkers.State, readOnly bool, nargs, nret int, want string) error {
	v := h.view
	v.s, v.hook, v.readOnly = s, f.name, readOnly
	err := h.m.callHookN(f, nargs, nret, want)
	v.s = nil
	return err
}
