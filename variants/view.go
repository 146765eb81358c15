package variants

import (
	"fmt"
	"sort"
	"strings"
	"sync"
	"weak"

	lua "github.com/yuin/gopher-lua"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/variants/internal/sandbox"
)

// What the checkers and tic-tac-toe bindings share: the board view table, the call of
// a hook with the deadline, the reading of a game result, and a per-game memory for the
// invariants that compare a position with the one before.

// view is the Go side of a board view: the state behind it during a hook call.
type view interface {
	// live reports whether a hook is running (the view has a state).
	live() bool
	// describe is the view's tostring: the game and its position string.
	describe() string
}

// newBoardView makes the board view `b` of one Lua state: a table whose fields are the
// methods (closures over v), with a locked metatable that refuses new fields and names
// the methods on a typo. It is made once, when a game is bound to its Lua state, and
// lives as long as the state; the state behind v is swapped in before each hook call.
// kalahView explains why a table of closures and not a userdata.
func newBoardView[V view](L *lua.LState, kind string, v V, methods map[string]func(*lua.LState, V) int) *lua.LTable {
	names := methodNames(methods)
	t := L.NewTable()
	for name, f := range methods {
		method := "b:" + name
		t.RawSetString(name, L.NewFunction(func(L *lua.LState) int {
			if L.Get(1) != t {
				L.RaiseError("%s: call it with a colon, as in %s(...)", method, method)
			}
			if !v.live() {
				L.RaiseError("%s: the board view is only valid during a hook call", method)
			}
			return f(L, v)
		}))
	}
	mt := L.NewTable()
	mt.RawSetString("__newindex", L.NewFunction(func(L *lua.LState) int {
		L.RaiseError("the board view is read-only: b.%s cannot be set (use locals)", L.ToStringMeta(L.Get(2)).String())
		return 0
	}))
	mt.RawSetString("__index", L.NewFunction(func(L *lua.LState) int {
		key := L.ToStringMeta(L.Get(2)).String()
		msg := fmt.Sprintf("the board view has no method %q", key)
		if sug := core.Suggest(key, names); sug != "" {
			msg += fmt.Sprintf(", did you mean b:%s?", sug)
		}
		L.RaiseError("%s (want %s)", msg, strings.Join(names, ", "))
		return 0
	}))
	sandbox.Protect(mt, kind+".board", "the board view")
	mt.RawSetString("__tostring", L.NewFunction(func(L *lua.LState) int {
		if !v.live() {
			L.Push(lua.LString(kind + " board (outside a hook)"))
		} else {
			L.Push(lua.LString(v.describe()))
		}
		return 1
	}))
	L.SetMetatable(t, mt)
	return t
}

// methodNames lists the names of a method table, sorted.
func methodNames[F any](methods map[string]F) []string {
	names := make([]string, 0, len(methods))
	for n := range methods {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// callHook calls the hook whose function and arguments are on the stack, with the
// hook time limit, leaving nret results; a Lua error becomes a ScriptError naming the
// script, line and hook.
func (m *vm) callHook(f *hookFn, nargs, nret int) error {
	if err := m.Call(nargs, nret); err != nil {
		return f.error(err)
	}
	return nil
}

// callHookN is callHook for a hook whose results are checked: it calls with every
// result and leaves exactly nret of them (see results).
func (m *vm) callHookN(f *hookFn, nargs, nret int, want string) error {
	base := m.L.GetTop() - nargs - 1
	if err := m.callHook(f, nargs, lua.MultRet); err != nil {
		return err
	}
	return m.results(f, base, nret, want)
}

// results checks the number of values a hook returned, which are on the stack above
// base: more than nret (trailing nils aside) is an error naming the hook, its script and
// what it should return (want); the results are then cut or padded with nil to nret.
func (m *vm) results(f *hookFn, base, nret int, want string) error {
	L := m.L
	n := L.GetTop() - base
	for n > nret && L.Get(base+n) == lua.LNil {
		n--
	}
	if n > nret {
		first := L.Get(base + 1)
		L.SetTop(base)
		if nret == 0 && n == 1 {
			return f.errorf("returned %s, want %s", valueName(first), want)
		}
		return f.errorf("returned %d values, want %s", n, want)
	}
	L.SetTop(base + nret)
	return nil
}

// pop removes and returns the top of the stack.
func (m *vm) pop() lua.LValue {
	ret := m.L.Get(-1)
	m.L.Pop(1)
	return ret
}

// resultValues is what checkers' is_over and tic-tac-toe's winner may return.
const (
	resultValues = "nil (the built-in rule), false (not over), 0 (a draw), 1 or 2 (that player wins)"
	resultWant   = "want " + resultValues
)

// gameResult reads the result a hook returned, for a core hook returning
// (over, winner, ok): nil keeps the built-in rule (ok false); false goes on (ok true,
// over false); 0 is a draw (winner -1); 1 or 2 is that player's win (winner 0 or 1).
// This is the only place where a Lua player becomes a Go winner.
func gameResult(f *hookFn, ret lua.LValue) (over bool, winner int, ok bool, err error) {
	switch r := ret.(type) {
	case *lua.LNilType:
		return false, 0, false, nil
	case lua.LBool:
		if !r {
			return false, 0, true, nil
		}
	case lua.LNumber:
		switch r {
		case 0:
			return true, -1, true, nil
		case 1, 2:
			return true, int(r) - 1, true, nil
		}
		return false, 0, false, f.errorf("returned %v, %s", r, resultWant)
	}
	return false, 0, false, f.errorf("returned %s, %s", valueName(ret), resultWant)
}

// valueName names a value for an error: true and false by value, others by type.
func valueName(v lua.LValue) string {
	if b, ok := v.(lua.LBool); ok {
		return fmt.Sprint(bool(b))
	}
	return typeName(v)
}

// optInt pushes n+1 (a 1-based number) or nil for a negative n: the answer of a
// method whose square, cell or neighbour may not exist.
func optInt(L *lua.LState, n int) int {
	if n < 0 {
		L.Push(lua.LNil)
	} else {
		L.Push(num(n + 1))
	}
	return 1
}

// maxTracked bounds the games an invariant remembers at once; the memory of games
// whose state is gone is dropped first.
const maxTracked = 1024

// history remembers, for each state under test, a snapshot of its last checked
// position, so that an invariant can compare a position with the one a ply before
// (pieces never increase, marks never move). States are held weakly: a finished game's
// entry goes once its state is collected. It is safe for goroutines.
type history[S, V any] struct {
	mu   sync.Mutex
	last map[weak.Pointer[S]]snapshot[V]
}

type snapshot[V any] struct {
	ply int
	v   V
}

// step records v as the snapshot of s at ply and returns the snapshot of s at ply-1,
// if there is one.
func (h *history[S, V]) step(s *S, ply int, v V) (prev V, ok bool) {
	k := weak.Make(s)
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.last == nil {
		h.last = map[weak.Pointer[S]]snapshot[V]{}
	}
	if old, found := h.last[k]; found && old.ply == ply-1 {
		prev, ok = old.v, true
	}
	if len(h.last) >= maxTracked {
		for k := range h.last {
			if k.Value() == nil {
				delete(h.last, k)
			}
		}
		if len(h.last) >= maxTracked {
			clear(h.last)
		}
	}
	h.last[k] = snapshot[V]{ply, v}
	return prev, ok
}
