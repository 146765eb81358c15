package variants

import (
	"fmt"
	"math"
	"sort"
	"strings"

	lua "github.com/yuin/gopher-lua"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/kalah"
	"github.com/kalahlab/kalahlab/variants/internal/sandbox"
)

// Kalah hooks: the board view that Lua sees (one per game, its *kalah.State swapped in
// before each call) and the binder that fills kalah.Hooks with calls into Lua.
//
// Lua numbers pits 1..Pits() and players 1 (South) and 2 (North); Go numbers them
// from 0. The conversion happens here only: luaPit/goPit and luaPlayer/goSide.

var kalahBinder = &binder{
	def:       kalah.Def,
	hooks:     []string{"capture", "extra_turn", "can_play", "is_over", "final_scores"},
	build:     hooksOnly(kalah.Def, bindKalah),
	invariant: kalahConserved,
}

// kalahConserved is the Kalah invariant: seeds are never created or lost.
func kalahConserved(s core.State) error {
	k, ok := s.(*kalah.State)
	if !ok {
		return fmt.Errorf("not a kalah state: %T", s)
	}
	t := 0
	for p := 0; p < k.Pits(); p++ {
		t += k.Count(p)
	}
	if t != k.Total() {
		return fmt.Errorf("seeds not conserved: %d on the board, want %d", t, k.Total())
	}
	return nil
}

func luaPit(p int) lua.LValue { return num(p + 1) }

func luaPlayer(side int) lua.LValue { return num(side + 1) }

// goPit reads argument i as a pit number 1..Pits() and returns its Go index.
func (v *kalahView) goPit(L *lua.LState, i int, method string) int {
	p := intArg(L, i, "pit", method)
	if p < 1 || p > v.s.Pits() {
		L.RaiseError("pit %d out of range 1..%d (%s)", p, v.s.Pits(), method)
	}
	return p - 1
}

// goSide reads argument i as a player 1 or 2 and returns the side 0 or 1.
func goSide(L *lua.LState, i int, method string) int {
	p := intArg(L, i, "player", method)
	if p != 1 && p != 2 {
		L.RaiseError("player %d: want 1 (South) or 2 (North) (%s)", p, method)
	}
	return p - 1
}

// kalahView is the state behind the board view during one hook call.
type kalahView struct {
	s        *kalah.State // nil outside hook calls
	hook     string       // the hook running
	readOnly bool         // can_play and is_over may not change the board
	dirty    bool         // take or add was called
	// sawStores is set for good once a hook reads a store's count or the ply, or
	// takes seeds from a store (kalah.Hooks.SawStores).
	sawStores bool
	// While the hook memo records a call (hookmemo.go): the call's steps, and whether
	// it read something the memo cannot key on (opaque).
	recording bool
	opaque    bool
	trace     []memoStep
}

// The kinds of step of the Kalah view's calls the hook memo records.
const (
	kalahStepCount = 1               // b:count(pit)
	kalahStepMover = 2               // b:mover()
	kalahStepSeeds = 3               // b:seeds(side)
	kalahStepTake  = memoChanges | 1 // b:take(pit)
	kalahStepAdd   = memoChanges | 2 // b:add(pit, n)
)

// note records a step of the call for the hook memo.
func (v *kalahView) note(kind uint8, arg, n, answer int) {
	if v.recording {
		v.trace = append(v.trace, memoStep{op: memoOp{kind: kind, arg: int16(arg), n: int16(n)}, answer: int16(answer)})
	}
}

// step does one recorded step on s, as the view's method did, and returns its answer
// (the hook memo's replay).
func kalahStep(s *kalah.State, op memoOp) int {
	switch op.kind {
	case kalahStepCount:
		return s.Count(int(op.arg))
	case kalahStepMover:
		return s.Mover()
	case kalahStepSeeds:
		lo, hi := s.HouseRange(int(op.arg))
		t := 0
		for p := lo; p <= hi; p++ {
			t += s.Count(p)
		}
		return t
	case kalahStepTake:
		n, _ := s.Take(int(op.arg)) // (recorded from a take that succeeded on the same counts)
		return n
	case kalahStepAdd:
		_ = s.Add(int(op.arg), int(op.n))
	}
	return 0
}

// kalahMethods are the methods of the board view `b` (see scripts/README.md).
var kalahMethods = map[string]func(L *lua.LState, v *kalahView) int{
	"count": func(L *lua.LState, v *kalahView) int {
		p := v.goPit(L, 2, "b:count")
		v.sawStores = v.sawStores || v.s.IsStore(p)
		n := v.s.Count(p)
		v.note(kalahStepCount, p, 0, n)
		L.Push(num(n))
		return 1
	},
	"owner": func(L *lua.LState, v *kalahView) int {
		L.Push(luaPlayer(v.s.Owner(v.goPit(L, 2, "b:owner"))))
		return 1
	},
	"is_store": func(L *lua.LState, v *kalahView) int {
		L.Push(lua.LBool(v.s.IsStore(v.goPit(L, 2, "b:is_store"))))
		return 1
	},
	"opposite": func(L *lua.LState, v *kalahView) int {
		return pushPit(L, v.s.Opposite(v.goPit(L, 2, "b:opposite")))
	},
	"behind": func(L *lua.LState, v *kalahView) int {
		return pushPit(L, v.s.Behind(v.goPit(L, 2, "b:behind")))
	},
	"store": func(L *lua.LState, v *kalahView) int {
		L.Push(luaPit(v.s.Store(goSide(L, 2, "b:store"))))
		return 1
	},
	"houses": func(L *lua.LState, v *kalahView) int {
		lo, hi := v.s.HouseRange(goSide(L, 2, "b:houses"))
		L.Push(luaPit(lo))
		L.Push(luaPit(hi))
		return 2
	},
	"pit": func(L *lua.LState, v *kalahView) int {
		side := goSide(L, 2, "b:pit")
		h := intArg(L, 3, "house", "b:pit")
		n := v.s.HousesPerSide()
		if h < 1 || h > n {
			L.RaiseError("house %d out of range 1..%d (b:pit)", h, n)
		}
		lo, _ := v.s.HouseRange(side)
		L.Push(luaPit(lo + h - 1))
		return 1
	},
	"seeds": func(L *lua.LState, v *kalahView) int {
		side := goSide(L, 2, "b:seeds")
		lo, hi := v.s.HouseRange(side)
		t := 0
		for p := lo; p <= hi; p++ {
			t += v.s.Count(p)
		}
		v.note(kalahStepSeeds, side, 0, t)
		L.Push(num(t))
		return 1
	},
	"mover": func(L *lua.LState, v *kalahView) int {
		v.note(kalahStepMover, 0, 0, v.s.Mover())
		L.Push(luaPlayer(v.s.Mover()))
		return 1
	},
	"take": func(L *lua.LState, v *kalahView) int {
		p := v.goPit(L, 2, "b:take")
		v.writable(L, "b:take")
		v.sawStores = v.sawStores || v.s.IsStore(p)
		n, err := v.s.Take(p)
		if err != nil {
			L.RaiseError("%v (b:take)", err)
		}
		v.note(kalahStepTake, p, 0, n)
		L.Push(num(n))
		return 1
	},
	"add": func(L *lua.LState, v *kalahView) int {
		p := v.goPit(L, 2, "b:add")
		n := intArg(L, 3, "seeds", "b:add")
		v.writable(L, "b:add")
		if err := v.s.Add(p, n); err != nil {
			L.RaiseError("%v (b:add)", err)
		}
		v.note(kalahStepAdd, p, n, 0)
		return 0
	},
	"pits": func(L *lua.LState, v *kalahView) int {
		L.Push(num(v.s.Pits()))
		return 1
	},
	"rows": func(L *lua.LState, v *kalahView) int {
		L.Push(num(v.s.Rows()))
		return 1
	},
	"total": func(L *lua.LState, v *kalahView) int {
		L.Push(num(v.s.Total()))
		return 1
	},
	"ply": func(L *lua.LState, v *kalahView) int {
		v.sawStores, v.opaque = true, true
		L.Push(num(v.s.Ply()))
		return 1
	},
}

func pushPit(L *lua.LState, p int) int {
	if p < 0 {
		L.Push(lua.LNil)
	} else {
		L.Push(luaPit(p))
	}
	return 1
}

func (v *kalahView) writable(L *lua.LState, method string) {
	if v.readOnly {
		L.RaiseError("the board is read-only in %s (%s)", v.hook, method)
	}
	v.dirty = true
}

// newKalahView makes the board view of one game bound to a Lua state.
//
// The view is one long-lived table whose fields are the methods (closures
// over the kalahView, whose *kalah.State is swapped in before each hook call), with a
// locked metatable that refuses new fields. A userdata with a type metatable would cost
// one more table lookup (its __index) on every method call: measured on
// kalah/strict-capture playouts, 9.5x native instead of 8.2x, too close to the 10x
// budget. Every method checks that it is called on this view (b:count, not b.count).
func newKalahView(L *lua.LState) (*lua.LTable, *kalahView) {
	v := &kalahView{}
	t := L.NewTable()
	for name, f := range kalahMethods {
		method := "b:" + name
		t.RawSetString(name, L.NewFunction(func(L *lua.LState) int {
			if L.Get(1) != t {
				L.RaiseError("%s: call it with a colon, as in %s(...)", method, method)
			}
			if v.s == nil {
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
		if sug := core.Suggest(key, kalahMethodNames()); sug != "" {
			msg += fmt.Sprintf(", did you mean b:%s?", sug)
		}
		L.RaiseError("%s (want %s)", msg, strings.Join(kalahMethodNames(), ", "))
		return 0
	}))
	sandbox.Protect(mt, "kalah.board", "the board view")
	mt.RawSetString("__tostring", L.NewFunction(func(L *lua.LState) int {
		if v.s == nil {
			L.Push(lua.LString("kalah board (outside a hook)"))
		} else {
			v.opaque = true
			L.Push(lua.LString("kalah board " + v.s.String()))
		}
		return 1
	}))
	L.SetMetatable(t, mt)
	return t, v
}

// kalahMethodNames lists the board view's methods, sorted.
func kalahMethodNames() []string {
	names := make([]string, 0, len(kalahMethods))
	for n := range kalahMethods {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// kalahHooks calls the Lua hooks of one game; it belongs to the vm's goroutine.
type kalahHooks struct {
	m     *vm
	board *lua.LTable // the board view
	view  *kalahView
	memo  hookMemo // off unless the solver turns it on (kalah.Hooks.Memo)
}

// The hooks the memo remembers (memoKey.hook).
const (
	memoCapture = iota
	memoExtraTurn
	memoCanPlay
)

// memoCall is call, a hook call of key on s returning a small result (0 or 1), through
// the hook memo when it is on (hookmemo.go): replayed when the memo knows what the
// call sees, else run and recorded.
func (h *kalahHooks) memoCall(s *kalah.State, key memoKey, call func() (int, error)) (int, error) {
	if !h.memo.active() {
		return call()
	}
	snap := s.Save()
	if r, ok := h.memo.replay(key, func(op memoOp) int { return kalahStep(s, op) }, func() { s.Restore(snap) }); ok {
		return r, nil
	}
	v := h.view
	v.recording, v.opaque, v.trace = true, false, v.trace[:0]
	r, err := call()
	v.recording = false
	if err == nil && !v.opaque {
		h.memo.record(key, v.trace, r)
	}
	return r, err
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func bindKalah(m *vm, name string, p core.Params, fns map[string]hookFn) (core.Game, error) {
	r, err := kalah.RulesFrom(p)
	if err != nil {
		return nil, err
	}
	board, view := newKalahView(m.L)
	h := &kalahHooks{m: m, board: board, view: view}
	r.Hooks.SawStores = func() bool { return view.sawStores }
	r.Hooks.Memo = h.memo.setOn
	if f, ok := fns["capture"]; ok {
		r.Hooks.Capture = func(s *kalah.State, last int) error {
			_, err := h.memoCall(s, memoKey{memoCapture, int16(last)}, func() (int, error) {
				h.m.L.Push(f.fn)
				h.m.L.Push(h.board)
				h.m.L.Push(luaPit(last))
				return 0, h.run(&f, s, false, 2, 0, captureWant)
			})
			return err
		}
	}
	if f, ok := fns["extra_turn"]; ok {
		r.Hooks.ExtraTurn = func(s *kalah.State, last int) (bool, error) {
			again, err := h.memoCall(s, memoKey{memoExtraTurn, int16(last)}, func() (int, error) {
				h.m.L.Push(f.fn)
				h.m.L.Push(h.board)
				h.m.L.Push(luaPit(last))
				if err := h.run(&f, s, false, 2, 1, boolWant); err != nil {
					return 0, err
				}
				b, err := h.boolResult(&f)
				return b2i(b), err
			})
			return again == 1, err
		}
	}
	if f, ok := fns["can_play"]; ok {
		r.Hooks.CanPlay = func(s *kalah.State, house int) (bool, error) {
			can, err := h.memoCall(s, memoKey{memoCanPlay, int16(house)}, func() (int, error) {
				h.m.L.Push(f.fn)
				h.m.L.Push(h.board)
				h.m.L.Push(num(house + 1))
				if err := h.run(&f, s, true, 2, 1, boolWant); err != nil {
					return 0, err
				}
				b, err := h.boolResult(&f)
				return b2i(b), err
			})
			return can == 1, err
		}
	}
	if f, ok := fns["is_over"]; ok {
		r.Hooks.IsOver = func(s *kalah.State) (over, decided bool, err error) {
			h.m.L.Push(f.fn)
			h.m.L.Push(h.board)
			if err := h.run(&f, s, true, 1, 1, isOverWant); err != nil {
				return false, false, err
			}
			ret := h.m.L.Get(-1)
			h.m.L.Pop(1)
			if ret == lua.LNil {
				return false, false, nil
			}
			if b, ok := ret.(lua.LBool); ok {
				return bool(b), true, nil
			}
			return false, false, f.errorf("returned %s, want %s", typeName(ret), isOverWant)
		}
	}
	if f, ok := fns["final_scores"]; ok {
		r.Hooks.FinalScores = func(s *kalah.State) (south, north int, ok bool, err error) {
			h.m.L.Push(f.fn)
			h.m.L.Push(h.board)
			if err := h.run(&f, s, false, 1, 2, scoresWant); err != nil {
				return 0, 0, false, err
			}
			r1, r2 := h.m.L.Get(-2), h.m.L.Get(-1)
			h.m.L.Pop(2)
			return finalScores(&f, r1, r2)
		}
	}
	g, err := kalah.New(name, r)
	if err == nil && boundKalah != nil {
		boundKalah(g, h)
	}
	return g, err
}

// boundKalah, when set (by tests), hears of every hooked Kalah game bound and its hooks.
var boundKalah func(*kalah.Game, *kalahHooks)

// What the kalah hooks may return, for the errors of those that return something else.
const (
	captureWant = "nothing (change the board with b:take and b:add)"
	boolWant    = "true or false"
	isOverWant  = "true, false or nil"
	scoresWant  = "two whole numbers (return s1, s2 or return { s1, s2 }), or nil for the built-in count"
)

// run calls the hook whose function and arguments are on the stack, with s behind the
// board view, leaving nret results on success (more is an error: want says what the hook
// may return). A Lua error becomes a ScriptError, and a hook that changed the board must
// have conserved the seeds.
func (h *kalahHooks) run(f *hookFn, s *kalah.State, readOnly bool, nargs, nret int, want string) error {
	v := h.view
	v.s, v.hook, v.readOnly, v.dirty = s, f.name, readOnly, false
	base := h.m.L.GetTop() - nargs - 1
	err := h.m.Call(nargs, lua.MultRet)
	v.s = nil
	if err != nil {
		return f.error(err)
	}
	if err := h.m.results(f, base, nret, want); err != nil {
		return err
	}
	if v.dirty {
		if err := kalahConserved(s); err != nil {
			h.m.L.Pop(nret)
			return f.errorf("%v", err)
		}
	}
	return nil
}

func (h *kalahHooks) boolResult(f *hookFn) (bool, error) {
	ret := h.m.L.Get(-1)
	h.m.L.Pop(1)
	if b, ok := ret.(lua.LBool); ok {
		return bool(b), nil
	}
	return false, f.errorf("returned %s, want %s", typeName(ret), boolWant)
}

// finalScores reads what a final_scores hook returned: the two scores, or builtin
// (false, with no error) when it asked for the game's own.
func finalScores(f *hookFn, r1, r2 lua.LValue) (int, int, bool, error) {
	r1, r2, builtin, err := scoresShape(f, r1, r2)
	if builtin || err != nil {
		return 0, 0, false, err
	}
	a, err := scoreValue(f, r1, 1)
	if err != nil {
		return 0, 0, false, err
	}
	b, err := scoreValue(f, r2, 2)
	if err != nil {
		return 0, 0, false, err
	}
	return a, b, true, nil
}

// scoresShape reads what final_scores returned (at most two values, r1 and r2): nil for
// the built-in count (builtin), two numbers, or one table of two numbers; it returns the
// two scores for scoreValue to check, or an error for another shape.
func scoresShape(f *hookFn, r1, r2 lua.LValue) (s1, s2 lua.LValue, builtin bool, err error) {
	switch t := r1.(type) {
	case *lua.LNilType:
		if r2 == lua.LNil {
			return nil, nil, true, nil
		}
		return nil, nil, false, f.errorf("returned nil and %s, want %s", typeName(r2), scoresWant)
	case *lua.LTable:
		if r2 != lua.LNil {
			return nil, nil, false, f.errorf("returned a table and %s, want %s", typeName(r2), scoresWant)
		}
		if n := countKeys(t); n != 2 || t.RawGetInt(1) == lua.LNil || t.RawGetInt(2) == lua.LNil {
			what := "fields"
			if n == 1 {
				what = "field"
			}
			return nil, nil, false, f.errorf("returned a table of %d %s, want { s1, s2 } (or %s)", n, what, scoresWant)
		}
		return t.RawGetInt(1), t.RawGetInt(2), false, nil
	case lua.LNumber:
		if r2 == lua.LNil {
			return nil, nil, false, f.errorf("returned one score, want %s", scoresWant)
		}
	}
	return r1, r2, false, nil
}

func scoreValue(f *hookFn, v lua.LValue, i int) (int, error) {
	n, ok := v.(lua.LNumber)
	if !ok {
		return 0, f.errorf("score %d is %s, want a number (return {south, north})", i, typeName(v))
	}
	if float64(n) != math.Trunc(float64(n)) || n < math.MinInt16 || n > math.MaxInt16 {
		return 0, f.errorf("score %d is %v, want a whole number %d..%d", i, n, math.MinInt16, math.MaxInt16)
	}
	return int(n), nil
}
