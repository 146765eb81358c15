package variants

import (
	"fmt"
	"regexp"
	"strconv"

	lua "github.com/yuin/gopher-lua"

	"github.com/kalahlab/kalahlab/core"
)

// A binder connects one base game to Lua: the hooks it offers and how to build a game
// whose hooks call Lua functions in one vm. Adding hooks to a base game is one file
// (kalah_hooks.go is the model) and one line in binders.
type binder struct {
	// hooks lists the hook names the game calls, in documentation order.
	hooks []string
	// bind builds a game for one goroutine from the resolved knobs and the hook
	// functions (by name) living in m.
	bind func(m *vm, name string, p core.Params, fns map[string]hookFn) (core.Game, error)
	// invariant is the game's own check for the contract suite (seeds conserved, ...).
	invariant func(s core.State) error

	// For a base game with special fields (Ludo), which a script may set with
	// fields = { ... }; both nil for the others, where fields is an error.
	//
	// fields checks a fields table against the resolved knobs and the variant's hook
	// names (cells in range, a hook for a custom kind), with errors at the script's
	// lines.
	fields func(fl *fieldLayer, p core.Params, hooks []string) error
	// board checks a board table (Ludo's drawing, board = { ... }) against the resolved
	// knobs, with errors at the script's lines; nil for the games where board is an error.
	board func(bs *boardSpec, p core.Params) error
	// build makes a game with the fields and the board (nil: the base game's own) and
	// the hooks; m and fns are nil for a variant that sets fields or a board but no hooks
	// (no Lua at all). NewGame uses it in place of bind.
	build func(m *vm, name string, p core.Params, fl *fieldLayer, bs *boardSpec, fns map[string]hookFn) (core.Game, error)
}

// binders lists the base games that have Lua hooks.
var binders = map[string]*binder{
	"kalah":     kalahBinder,
	"checkers":  checkersBinder,
	"tictactoe": tictactoeBinder,
	"ludo":      ludoBinder,
	"mancala":   mancalaBinder,
}

// hookFn is one hook: a Lua function and where it was defined.
type hookFn struct {
	fn   *lua.LFunction
	name string // the hook's name (capture, ...)
	file string // the script that defines it
	line int    // the line of its definition
}

// ScriptError is an error in a Lua script: at load time, or raised by a hook during a
// game (the game then ends with State.Err). Its text reads
// "scripts/kalah/x.lua:12: capture: pit 15 out of range 1..14".
type ScriptError struct {
	File string // the script (or library module) where the error happened
	Line int    // 0 when unknown
	Hook string // the hook that was running, "" at load time
	Msg  string
}

func (e *ScriptError) Error() string {
	pos := e.File
	if e.Line > 0 {
		pos += ":" + strconv.Itoa(e.Line)
	}
	if e.Hook != "" {
		return fmt.Sprintf("%s: %s: %s", pos, e.Hook, e.Msg)
	}
	return pos + ": " + e.Msg
}

var luaPos = regexp.MustCompile(`(?s)^(.*?):(\d+):? (.*)$`)

// hookError turns the message of a failed hook call into a ScriptError naming the
// file, line and hook; a message without a position gets the hook's own.
func (h *hookFn) error(err error) error {
	msg := err.Error()
	if m := luaPos.FindStringSubmatch(msg); m != nil {
		line, _ := strconv.Atoi(m[2])
		return &ScriptError{File: m[1], Line: line, Hook: h.name, Msg: m[3]}
	}
	return h.errorf("%s", msg)
}

// errorf makes an error at the hook's definition (a bad return value, seeds not
// conserved).
func (h *hookFn) errorf(format string, a ...any) error {
	return &ScriptError{File: h.file, Line: h.line, Hook: h.name, Msg: fmt.Sprintf(format, a...)}
}

// nums holds boxed small numbers, so that passing a pit or a count to Lua allocates
// nothing. LNumber values are immutable: the table is shared by every goroutine.
var nums = func() (t [512]lua.LValue) {
	for i := range t {
		t[i] = lua.LNumber(i)
	}
	return
}()

func num(n int) lua.LValue {
	if n >= 0 && n < len(nums) {
		return nums[n]
	}
	return lua.LNumber(n)
}

// intArg reads argument i as a whole number, or raises an error naming what it is.
func intArg(L *lua.LState, i int, what, method string) int {
	switch n := L.Get(i).(type) {
	case lua.LNumber:
		if k := int(n); float64(k) == float64(n) {
			return k
		}
		L.RaiseError("%s %v is not a whole number (%s)", what, n, method)
	default:
		L.RaiseError("%s missing: got %s, want a number (%s)", what, L.Get(i).Type(), method)
	}
	return 0
}

// typeName names a Lua value's type for error messages.
func typeName(v lua.LValue) string {
	if v == lua.LNil {
		return "nil"
	}
	return "a " + v.Type().String()
}
