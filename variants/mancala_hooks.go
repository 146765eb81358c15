package variants

import (
	"fmt"
	"strings"

	lua "github.com/yuin/gopher-lua"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/mancala"
)

// The mancala base game: core/mancala's descriptor engine as a variant. A script sets
// the descriptor as tables (mancala_desc.go); with no hooks NewGame returns the plain
// *mancala.Game, no Lua at all. The hooks capture and after_sow get the board view `b`
// and the move context `mv`; b:sow is the engine's own sowing and b:capture the
// descriptor's own captures. They run in both of the engine's move loops, rounds, setup
// phases and re-sown captures included (core/mancala's Hooks). The hooks of the kalah
// base game are there too, with its contract: extra_turn(b, last, mv), can_play(b,
// house, direction) and is_over(b) (both read-only), final_scores(b).
//
// Lua numbers pits 1..b:pits() (the position string's order) and players 1 (South) and
// 2 (North); Go numbers them from 0. luaPit and luaPlayer (kalah_hooks.go) convert.

// mancalaSpecs are the knobs of a mancala variant: the board's size where the
// descriptor is parametric (a board of rows = 2 or 4 without a pit list), and the ply
// limit.
func mancalaSpecs() []core.ParamSpec {
	return []core.ParamSpec{
		{Name: "houses", Kind: core.Int, Default: 6, Min: 1, Max: mancala.MaxHouses, Doc: "houses a row (a board of rows = 2 or 4; fixed for a board that lists its pits)"},
		{Name: "seeds", Kind: core.Int, Default: 4, Min: 0, Max: 1000, Doc: "seeds a house at the start (for a board that lists its pits: those that give no seeds)"},
		{Name: "max_plies", Kind: core.Int, Default: 1000, Min: 0, Max: 1_000_000, Doc: "the game ends after this many plies, scored as a normal end (0: no limit)"},
	}
}

// mancalaDef is the base game "mancala": with no descriptor, Kalah(houses, seeds) with
// empty captures on the mancala engine.
var mancalaDef = core.Def{
	Name:    "mancala",
	Summary: "The mancala family as data: board, sowing, captures and ending tables (Kalah by default)",
	Params:  mancalaSpecs(),
	New: func(name string, p core.Params) (core.Game, error) {
		return buildMancala(nil, name, p, nil, nil)
	},
}

var mancalaBinder = &binder{
	def:   mancalaDef,
	hooks: []string{"capture", "after_sow", "extra_turn", "can_play", "is_over", "final_scores"},
	build: func(m *vm, name string, p core.Params, x gameTables, fns map[string]hookFn) (core.Game, error) {
		return buildMancala(m, name, p, x.mancala, fns)
	},
	rules:     checkMancalaRules,
	invariant: mancalaConserved,
}

// mancalaConserved is the mancala invariant: seeds are never created or lost, and a
// marked pit holds none.
func mancalaConserved(s core.State) error {
	m, ok := s.(*mancala.State)
	if !ok {
		return fmt.Errorf("not a mancala state: %T", s)
	}
	t := 0
	for p := 0; p < m.Game().Pits(); p++ {
		t += m.Count(p)
		if m.Mark(p) >= 0 && m.Count(p) != 0 {
			return fmt.Errorf("marked pit %d holds %d seeds", p+1, m.Count(p))
		}
	}
	if in := m.InHand(); t+in != m.Total() {
		if in > 0 {
			return fmt.Errorf("seeds not conserved: %d on the board and %d in hand (b:capture), want %d", t, in, m.Total())
		}
		return fmt.Errorf("seeds not conserved: %d on the board, want %d", t, m.Total())
	}
	return nil
}

// buildMancala compiles the descriptor d (nil: the base game's) with the knobs, and
// binds the hooks fns living in m (none, or m nil: the plain game, no Lua).
func buildMancala(m *vm, name string, p core.Params, d *mancalaDesc, fns map[string]hookFn) (core.Game, error) {
	r, err := d.rules(p)
	if err != nil {
		return nil, err
	}
	g, err := mancala.New(name, r)
	if err != nil {
		return nil, err
	}
	if m == nil || len(fns) == 0 {
		return g, nil
	}
	v := &mancalaView{}
	h := &mancalaHooks{m: m, view: v}
	h.board = newBoardView(m.L, "mancala", v, mancalaMethods)
	h.mv = h.newContext(m.L)
	var hooks mancala.Hooks
	if f, ok := fns["capture"]; ok {
		hooks.Capture = func(s *mancala.State, mv *mancala.Sown) (bool, error) {
			if err := h.run(&f, s, mv, 1, mancalaCaptureWant); err != nil {
				return false, err
			}
			switch ret := m.pop().(type) {
			case *lua.LNilType:
				return false, nil
			case lua.LBool:
				return bool(ret), nil
			default:
				return false, f.errorf("returned %s, want %s", valueName(ret), mancalaCaptureWant)
			}
		}
	}
	bindKalahLike(h, fns, &hooks)
	if f, ok := fns["after_sow"]; ok {
		hooks.AfterSow = func(s *mancala.State, mv *mancala.Sown) (bool, bool, error) {
			if err := h.run(&f, s, mv, 1, afterSowWant); err != nil {
				return false, false, err
			}
			switch ret := m.pop().(type) {
			case *lua.LNilType:
				return false, false, nil
			case lua.LBool:
				return bool(ret), true, nil
			default:
				return false, false, f.errorf("returned %s, want %s", valueName(ret), afterSowWant)
			}
		}
	}
	return g.WithHooks(hooks), nil
}

const (
	afterSowWant       = "nil (the rules decide), true (the mover moves again) or false (the turn passes)"
	mancalaCaptureWant = "nil or false (no capture: the move goes on as the rules say) or true (a capture: the move ends)"
)

// mancalaHooks calls the Lua hooks of one game; it belongs to the vm's goroutine.
type mancalaHooks struct {
	m     *vm
	board *lua.LTable // the board view
	view  *mancalaView
	mv    *lua.LTable // the move context: empty, read through its __index
	// lists: mv.lifts or mv.drops was made during the last call (cached in mv).
	lists bool
}

// run calls hook f with the board view and the move context, leaving nret results.
// Seeds conserved is also the engine's check (mancala.State.runHook); this one names
// the script and line, and looks only when the hook changed the board.
func (h *mancalaHooks) run(f *hookFn, s *mancala.State, mv *mancala.Sown, nret int, want string) error {
	h.clearLists()
	L := h.m.L
	L.Push(f.fn)
	L.Push(h.board)
	L.Push(h.mv)
	return h.call(f, s, mv, mv.Side, false, 2, nret, want)
}

// clearLists forgets the lists mv.lifts and mv.drops of the last call.
func (h *mancalaHooks) clearLists() {
	if h.lists {
		h.mv.RawSetString("lifts", lua.LNil)
		h.mv.RawSetString("drops", lua.LNil)
		h.lists = false
	}
}

// call calls hook f, whose function and nargs arguments are on the stack, with s
// behind the board view (mv the move being made, or nil; side the player b:mover
// names; readOnly for can_play and is_over), leaving nret results.
func (h *mancalaHooks) call(f *hookFn, s *mancala.State, mv *mancala.Sown, side int, readOnly bool, nargs, nret int, want string) error {
	v := h.view
	v.s, v.mv, v.side, v.readOnly, v.hook, v.dirty = s, mv, side, readOnly, f.name, false
	L := h.m.L
	err := h.m.callHookN(f, nargs, nret, want)
	v.s, v.mv = nil, nil
	if err == nil && v.dirty {
		if err = mancalaConserved(s); err != nil {
			L.Pop(nret)
			err = f.errorf("%v", err)
		}
	}
	return err
}

// mvFields are the fields of the move context `mv`.
var mvFields = []string{"player", "origin", "house", "seeds", "direction", "target", "laps", "resows", "lifts", "drops", "dropped", "last", "empty_before", "store_passes", "passed_store"}

// newContext makes the move context table. It holds nothing: a field is read through
// __index from the move being made (mancalaView.mv), so a call pays only for the fields
// its hook reads, and no table is written per call. lifts and drops, lists as long as
// the sowing, are made when a hook first reads them and kept in the table for the
// call's other reads. A field that does not exist is an error naming the fields, and
// the context cannot be assigned to.
func (h *mancalaHooks) newContext(L *lua.LState) *lua.LTable {
	t := L.NewTable()
	mt := L.NewTable()
	mt.RawSetString("__index", L.NewFunction(func(L *lua.LState) int {
		key, ok := L.Get(2).(lua.LString)
		mv := h.view.mv
		if mv == nil {
			L.RaiseError("mv.%s: the move context is only valid during a hook call", L.ToStringMeta(L.Get(2)).String())
		}
		if ok {
			if val := mvField(mv, string(key)); val != nil {
				L.Push(val)
				return 1
			}
		}
		var ps []int
		switch key {
		case "lifts":
			ps = mv.Lifts
		case "drops":
			ps = mv.Drops
		default:
			k := L.ToStringMeta(L.Get(2)).String()
			msg := fmt.Sprintf("the move context has no field %q", k)
			if sug := core.Suggest(k, mvFields); sug != "" {
				msg += fmt.Sprintf(", did you mean mv.%s?", sug)
			}
			L.RaiseError("%s (want %s)", msg, strings.Join(mvFields, ", "))
		}
		list := L.CreateTable(len(ps), 0)
		for i, p := range ps {
			list.RawSetInt(i+1, luaPit(p))
		}
		t.RawSetString(string(key), list)
		h.lists = true
		L.Push(list)
		return 1
	}))
	mt.RawSetString("__newindex", L.NewFunction(func(L *lua.LState) int {
		L.RaiseError("mv.%s: the move context cannot be changed", L.ToStringMeta(L.Get(2)).String())
		return 0
	}))
	mt.RawSetString("__metatable", lua.LString("mancala.move"))
	L.SetMetatable(t, mt)
	return t
}

// mvField returns the scalar field key of the move context, or nil for a list field
// or an unknown one (mv.last and mv.target may be lua.LNil).
func mvField(mv *mancala.Sown, key string) lua.LValue {
	switch key {
	case "player":
		return luaPlayer(mv.Side)
	case "origin":
		return luaPit(mv.Origin)
	case "house":
		return num(mv.House + 1)
	case "seeds":
		return num(mv.Seeds)
	case "direction":
		if mv.Clockwise {
			return lua.LString("clockwise")
		}
		return lua.LString("anticlockwise")
	case "target":
		if mv.Target < 0 {
			return lua.LNil
		}
		return num(mv.Target + 1)
	case "laps":
		return num(mv.Laps)
	case "resows":
		return num(mv.Resows)
	case "dropped":
		return num(mv.Dropped)
	case "last":
		if mv.Last < 0 {
			return lua.LNil
		}
		return luaPit(mv.Last)
	case "empty_before":
		return lua.LBool(mv.EmptyBefore)
	case "store_passes":
		return num(mv.StorePasses())
	case "passed_store":
		return lua.LBool(mv.StorePasses() > 0)
	}
	return nil
}

// mancalaView is the state behind the board view during one hook call.
type mancalaView struct {
	s        *mancala.State // nil outside hook calls
	mv       *mancala.Sown  // the move being made, or nil (can_play, is_over, final_scores)
	side     int            // the player b:mover names
	hook     string         // the hook being called
	readOnly bool           // can_play and is_over may not change the board
	dirty    bool           // the hook changed the board (take, add, sow, capture)
}

// writable marks the board changed, or raises an error in a read-only hook.
func (v *mancalaView) writable(L *lua.LState, method string) {
	if v.readOnly {
		L.RaiseError("the board is read-only in %s (%s)", v.hook, method)
	}
	v.dirty = true
}

func (v *mancalaView) live() bool { return v.s != nil }

func (v *mancalaView) describe() string { return "mancala board " + v.s.String() }

// pit reads argument i as a pit number 1..Pits() and returns its Go index.
func (v *mancalaView) pit(L *lua.LState, i int, method string) int {
	p := intArg(L, i, "pit", method)
	if p < 1 || p > v.s.Game().Pits() {
		L.RaiseError("pit %d out of range 1..%d (%s)", p, v.s.Game().Pits(), method)
	}
	return p - 1
}

// mancalaMethods are the methods of the board view `b` of mancala hooks (see
// scripts/README.md).
var mancalaMethods = map[string]func(L *lua.LState, v *mancalaView) int{
	"count": func(L *lua.LState, v *mancalaView) int {
		L.Push(num(v.s.Count(v.pit(L, 2, "b:count"))))
		return 1
	},
	"owner": func(L *lua.LState, v *mancalaView) int {
		L.Push(luaPlayer(v.s.Owner(v.pit(L, 2, "b:owner"))))
		return 1
	},
	"is_store": func(L *lua.LState, v *mancalaView) int {
		L.Push(lua.LBool(!v.s.IsHouse(v.pit(L, 2, "b:is_store"))))
		return 1
	},
	"opposite": func(L *lua.LState, v *mancalaView) int {
		return optInt(L, v.s.Opposite(v.pit(L, 2, "b:opposite")))
	},
	"store": func(L *lua.LState, v *mancalaView) int {
		L.Push(luaPit(v.s.Game().Store(goSide(L, 2, "b:store"))))
		return 1
	},
	"house_count": func(L *lua.LState, v *mancalaView) int {
		L.Push(num(v.s.Game().HouseCount(goSide(L, 2, "b:house_count"))))
		return 1
	},
	"pit": func(L *lua.LState, v *mancalaView) int {
		side := goSide(L, 2, "b:pit")
		h := intArg(L, 3, "house", "b:pit")
		g := v.s.Game()
		if n := g.HouseCount(side); h < 1 || h > n {
			L.RaiseError("house %d out of range 1..%d (b:pit)", h, n)
		}
		L.Push(luaPit(g.HousePit(side, h-1)))
		return 1
	},
	"house_of": func(L *lua.LState, v *mancalaView) int {
		return optInt(L, v.s.HouseNumber(v.pit(L, 2, "b:house_of")))
	},
	"mark": func(L *lua.LState, v *mancalaView) int {
		return optInt(L, v.s.Mark(v.pit(L, 2, "b:mark")))
	},
	"seeds": func(L *lua.LState, v *mancalaView) int {
		L.Push(num(v.s.SideSeeds(goSide(L, 2, "b:seeds"))))
		return 1
	},
	"mover": func(L *lua.LState, v *mancalaView) int {
		L.Push(luaPlayer(v.side))
		return 1
	},
	"take": func(L *lua.LState, v *mancalaView) int {
		v.writable(L, "b:take")
		n, err := v.s.Take(v.pit(L, 2, "b:take"))
		if err != nil {
			L.RaiseError("%v (b:take)", err)
		}
		L.Push(num(n))
		return 1
	},
	"add": func(L *lua.LState, v *mancalaView) int {
		p := v.pit(L, 2, "b:add")
		n := intArg(L, 3, "seeds", "b:add")
		v.writable(L, "b:add")
		if err := v.s.Add(p, n); err != nil {
			L.RaiseError("%v (b:add)", err)
		}
		return 0
	},
	"sow": func(L *lua.LState, v *mancalaView) int {
		from := v.pit(L, 2, "b:sow")
		side, clockwise, capture := v.side, v.mv != nil && v.mv.Clockwise, false
		switch o := L.Get(3).(type) {
		case *lua.LNilType:
		case *lua.LTable:
			o.ForEach(func(k, _ lua.LValue) {
				switch k {
				case lua.LString("player"), lua.LString("direction"), lua.LString("capture"):
				default:
					L.RaiseError("b:sow: option %s unknown (want player, direction, capture)", luaValue(k))
				}
			})
			if pv := o.RawGetString("player"); pv != lua.LNil {
				n, ok := pv.(lua.LNumber)
				if !ok || (n != 1 && n != 2) {
					L.RaiseError("b:sow: player is %s, want 1 or 2", luaValue(pv))
				}
				side = int(n) - 1
			}
			switch d := o.RawGetString("direction"); d {
			case lua.LNil:
			case lua.LString("anticlockwise"):
				clockwise = false
			case lua.LString("clockwise"):
				clockwise = true
			default:
				L.RaiseError(`b:sow: direction is %s, want "anticlockwise" or "clockwise"`, luaValue(d))
			}
			switch c := o.RawGetString("capture").(type) {
			case *lua.LNilType:
			case lua.LBool:
				capture = bool(c)
			default:
				L.RaiseError("b:sow: capture is %s, want true or false", luaValue(c))
			}
		default:
			L.RaiseError("b:sow: options are %s, want a table such as { player = 1, direction = \"clockwise\", capture = true }", typeName(o))
		}
		v.writable(L, "b:sow")
		last, err := v.s.Sow(side, from, clockwise, capture)
		if err != nil {
			L.RaiseError("%v (b:sow)", err)
		}
		return optInt(L, last)
	},
	"capture": func(L *lua.LState, v *mancalaView) int {
		if v.hook != "capture" {
			L.RaiseError("b:capture: the descriptor's captures apply only in the capture hook (this is %s)", v.hook)
		}
		v.dirty = true
		ok, err := v.s.ApplyCaptures()
		if err != nil {
			L.RaiseError("%v (b:capture)", err)
		}
		L.Push(lua.LBool(ok))
		return 1
	},
	"houses": func(L *lua.LState, v *mancalaView) int {
		lo, hi, ok := v.s.Game().HouseSpan(goSide(L, 2, "b:houses"))
		if !ok {
			L.RaiseError("b:houses: this board's houses are not consecutive pits; use b:house_count and b:pit")
		}
		L.Push(luaPit(lo))
		L.Push(luaPit(hi))
		return 2
	},
	"behind": func(L *lua.LState, v *mancalaView) int {
		return optInt(L, v.s.Game().Behind(v.pit(L, 2, "b:behind")))
	},
	"rows": func(L *lua.LState, v *mancalaView) int {
		L.Push(num(v.s.Game().Rows()))
		return 1
	},
	"out": func(L *lua.LState, v *mancalaView) int {
		L.Push(lua.LBool(v.s.Out(v.pit(L, 2, "b:out"))))
		return 1
	},
	"kept": func(L *lua.LState, v *mancalaView) int {
		return optInt(L, v.s.Kept(v.pit(L, 2, "b:kept")))
	},
	"round": func(L *lua.LState, v *mancalaView) int {
		L.Push(num(v.s.Round()))
		return 1
	},
	"pits": func(L *lua.LState, v *mancalaView) int {
		L.Push(num(v.s.Game().Pits()))
		return 1
	},
	"total": func(L *lua.LState, v *mancalaView) int {
		L.Push(num(v.s.Total()))
		return 1
	},
	"ply": func(L *lua.LState, v *mancalaView) int {
		L.Push(num(v.s.Ply()))
		return 1
	},
}
