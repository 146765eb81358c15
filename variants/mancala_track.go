package variants

import (
	lua "github.com/yuin/gopher-lua"
)

// The track helpers of the mancala board view (core/mancala's track.go): b:next,
// b:prev, b:walk, b:column, b:in_play. Their options table:
//
//	{ player = 1 or 2,                          -- whose lap (default: the mover)
//	  direction = "anticlockwise"|"clockwise",  -- default: the move's, else the game's
//	  houses = true,                            -- count houses only (stores passed over)
//	  skip = function(pit) return ... end }     -- b:walk: pits to pass over uncounted

// trackOpts is what a track helper's options say.
type trackOpts struct {
	side, dir  int
	housesOnly bool
	skip       *lua.LFunction
}

// readTrackOpts reads the options at argument i of method (skip only for b:walk).
func readTrackOpts(L *lua.LState, v *mancalaView, i int, method string, withSkip bool) trackOpts {
	o := trackOpts{side: v.side, dir: v.s.Game().Dir()}
	if v.mv != nil && v.mv.Clockwise {
		o.dir = 1
	} else if v.mv != nil {
		o.dir = 0
	}
	want := "player, direction, houses"
	if withSkip {
		want += ", skip"
	}
	switch t := L.Get(i).(type) {
	case *lua.LNilType:
		return o
	case *lua.LTable:
		t.ForEach(func(k, val lua.LValue) {
			switch k {
			case lua.LString("player"):
				n, ok := val.(lua.LNumber)
				if !ok || (n != 1 && n != 2) {
					L.RaiseError("%s: player is %s, want 1 or 2", method, luaValue(val))
				}
				o.side = int(n) - 1
			case lua.LString("direction"):
				switch val {
				case lua.LString("anticlockwise"):
					o.dir = 0
				case lua.LString("clockwise"):
					o.dir = 1
				default:
					L.RaiseError(`%s: direction is %s, want "anticlockwise" or "clockwise"`, method, luaValue(val))
				}
			case lua.LString("houses"):
				b, ok := val.(lua.LBool)
				if !ok {
					L.RaiseError("%s: houses is %s, want true or false", method, luaValue(val))
				}
				o.housesOnly = bool(b)
			case lua.LString("skip"):
				f, ok := val.(*lua.LFunction)
				if !withSkip || !ok {
					if withSkip {
						L.RaiseError("%s: skip is %s, want a function(pit) returning true for the pits to pass over", method, luaValue(val))
					}
					L.RaiseError("%s: option skip is b:walk's (want %s)", method, want)
				}
				o.skip = f
			default:
				L.RaiseError("%s: option %s unknown (want %s)", method, luaValue(k), want)
			}
		})
	default:
		L.RaiseError("%s: options are %s, want a table such as { player = 1, direction = \"clockwise\", houses = true }", method, typeName(t))
	}
	return o
}

// walkPit walks n steps from p as o says, calling o.skip for each pit reached.
func walkPit(L *lua.LState, v *mancalaView, p, n int, o trackOpts, method string) int {
	var skip func(q int) (bool, error)
	if o.skip != nil {
		skip = func(q int) (bool, error) {
			L.Push(o.skip)
			L.Push(luaPit(q))
			L.Call(1, 1)
			ret := L.Get(-1)
			L.Pop(1)
			switch ret {
			case lua.LTrue:
				return true, nil
			case lua.LFalse, lua.LNil:
				return false, nil
			}
			L.RaiseError("%s: skip returned %s, want true (pass the pit over) or false", method, luaValue(ret))
			return false, nil
		}
	}
	q, _ := v.s.WalkErr(o.side, o.dir, p, n, o.housesOnly, skip)
	return q
}

func init() {
	mancalaMethods["next"] = func(L *lua.LState, v *mancalaView) int {
		p := v.pit(L, 2, "b:next")
		return optInt(L, walkPit(L, v, p, 1, readTrackOpts(L, v, 3, "b:next", false), "b:next"))
	}
	mancalaMethods["prev"] = func(L *lua.LState, v *mancalaView) int {
		p := v.pit(L, 2, "b:prev")
		return optInt(L, walkPit(L, v, p, -1, readTrackOpts(L, v, 3, "b:prev", false), "b:prev"))
	}
	mancalaMethods["walk"] = func(L *lua.LState, v *mancalaView) int {
		p := v.pit(L, 2, "b:walk")
		n := intArg(L, 3, "steps", "b:walk")
		return optInt(L, walkPit(L, v, p, n, readTrackOpts(L, v, 4, "b:walk", true), "b:walk"))
	}
	mancalaMethods["column"] = func(L *lua.LState, v *mancalaView) int {
		p := v.pit(L, 2, "b:column")
		col := v.s.Game().Column(nil, p)
		if col == nil {
			L.Push(lua.LNil)
			return 1
		}
		t := L.CreateTable(len(col), 0)
		for i, q := range col {
			t.RawSetInt(i+1, luaPit(q))
		}
		L.Push(t)
		return 1
	}
	mancalaMethods["in_play"] = func(L *lua.LState, v *mancalaView) int {
		L.Push(lua.LBool(v.s.InPlay(v.pit(L, 2, "b:in_play"))))
		return 1
	}
}
