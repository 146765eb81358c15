package variants

import (
	"fmt"
	"regexp"
	"strconv"

	lua "github.com/yuin/gopher-lua"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/variants/internal/sandbox"
)

// A binder connects one base game to the registry and to Lua: the game, the hooks it
// offers, how to build a game from a variant's knobs, its game tables and its hook
// functions, and the game's own checks. Adding a base game is one file (kalah_hooks.go
// is the model for a game with hooks, ludo_hooks.go for one that also takes tables of
// its own) and one line in binders; the registry, NewGame, With and Check consult the
// binder and name no game.
type binder struct {
	// def is the base game: its name, summary, knobs and constructor.
	def core.Def
	// hooks lists the hook names the game calls, in documentation order (none: a
	// script may set params only).
	hooks []string
	// build makes a game for one goroutine from the resolved knobs, the variant's game
	// tables (x; zero: the base game's own) and the hook functions (by name) living in
	// m. m is nil and fns empty for a variant without hooks: no Lua at all.
	build func(m *vm, name string, p core.Params, x gameTables, fns map[string]hookFn) (core.Game, error)
	// rules checks the knobs against the game tables without building a game (the
	// descriptor of a mancala variant with the new houses knob); nil: def.New checks
	// the knobs.
	rules func(p core.Params, x gameTables) error
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
}

// binders lists the base games, in the order variants list shows them: adding a game
// is one line here.
var binders = []*binder{
	kalahBinder,
	checkersBinder,
	tictactoeBinder,
	ludoBinder,
	mancalaBinder,
}

// binderOf returns the binder of a base game (nil for an unknown name).
func binderOf(base string) *binder {
	for _, b := range binders {
		if b.def.Name == base {
			return b
		}
	}
	return nil
}

// checkRules checks that the knobs p make a game with the game tables x (see
// binder.rules).
func (b *binder) checkRules(name string, p core.Params, x gameTables) error {
	if b.rules != nil {
		return b.rules(p, x)
	}
	_, err := b.def.New(name, p)
	return err
}

// hooksOnly is the build of a game whose scripts set hooks and knobs only (no game
// tables): bind binds the hooks; without them it is the base game itself.
func hooksOnly(def core.Def, bind func(m *vm, name string, p core.Params, fns map[string]hookFn) (core.Game, error)) func(*vm, string, core.Params, gameTables, map[string]hookFn) (core.Game, error) {
	return func(m *vm, name string, p core.Params, _ gameTables, fns map[string]hookFn) (core.Game, error) {
		if m == nil || len(fns) == 0 {
			return def.New(name, p)
		}
		return bind(m, name, p, fns)
	}
}

// gameTables are the tables of its own a base game takes from a variant's scripts
// (besides params and hooks), each from the nearest script that sets it; nil: the base
// game's own. The zero value is a variant that sets none.
type gameTables struct {
	fields  *fieldLayer  // Ludo's special squares (fields = { ... }: ludo_hooks.go)
	board   *boardSpec   // Ludo's drawing (board = { ... }: ludo_board.go)
	mancala *mancalaDesc // the mancala descriptor (board, sowing, captures, ending, moves: mancala_desc.go)
}

// vm is a sandboxed Lua state (package sandbox) running one variant's scripts, with
// the hook calls the bindings share (view.go). It belongs to one goroutine.
type vm struct{ *sandbox.VM }

// newVM returns a fresh sandboxed state.
func newVM() *vm { return &vm{sandbox.New()} }

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

// SetMemoryBudget sets the memory budget of each Lua state, in bytes (0 or less: the
// default, 256 MiB), and returns the previous one. It applies from the next check on,
// in every state; set it before loading scripts (kalahlab --lua-memory does).
func SetMemoryBudget(bytes int64) int64 { return sandbox.SetMemoryBudget(bytes) }

// SetTotalMemoryBudget sets the memory budget shared by all Lua states of the process,
// in bytes (0 or less: none, the default; the CLI sets none), and returns the previous
// one: a script whose state takes the states' total past it fails its hook with an
// error naming the shared budget, whatever its own budget (SetMemoryBudget) leaves. A
// server running many users' scripts at once sets it (package sandbox: the shared
// memory budget).
func SetTotalMemoryBudget(bytes int64) int64 { return sandbox.SetTotalMemoryBudget(bytes) }

// TotalMemoryInUse returns the bytes all Lua states of the process count against the
// shared memory budget (kept whether or not one is set).
func TotalMemoryInUse() int64 { return sandbox.TotalMemoryInUse() }
