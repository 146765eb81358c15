package sandbox

import (
	lua "github.com/yuin/gopher-lua"
)

// Protected calls without tracebacks, and protected tables.
//
// Tracebacks. gopher-lua's PCall, given no error handler, builds a stack traceback for
// every error it catches, and that traceback has one "(tailcall)" line for every tail
// call made by every frame on the stack. A hook that runs a tail call loop
// (local function f() return f() end) makes millions of them before its time limit:
// building the traceback of the time-limit error took seconds and hundreds of megabytes,
// so the call stopped long after its limit (0.6 to 3 s for a 0.25 s limit). Nothing here
// reads tracebacks (luaMessage drops them), so none is built:
//
//   - tick sets the state's Panic function to panicNoTrace, which raises errors with a
//     placeholder traceback, so that PCall builds none. PCall resets Panic when it starts
//     and restores the caller's when it ends; before the first tick of a call, fewer than
//     tickBudget steps (so tail calls) have run in it, and its traceback is short.
//   - Lua's pcall and xpcall are replaced by versions that run the function through
//     protectCall, which sets panicNoTrace first: an error caught in Lua builds no
//     traceback either, whatever the tail calls of the frames below it.
//
// gopher-lua's own error handler argument (PCall's errfunc, which xpcall uses) would
// avoid the traceback too, but then it leaves the upvalues of the failed frames open.
//
// Protected tables. rawset and rawget bypass metatables, and so would write globals
// past the strict-globals check, a library's functions, or a board view's methods
// (every later hook call would then run the script's function in place of the
// engine's). The sandbox's rawset and rawget refuse a table whose metatable is locked
// (has a __metatable field): _G, string, table and math, and the views the bindings
// hand to hooks (Protect); so do table.insert, table.remove and table.sort, which write
// raw too.

//
// Read-only libraries. A metatable's __newindex sees only keys a table does not have,
// so strict globals alone leave every existing field writable: string.upper = f or
// _G.print = nil would change the library for every script of the state (a variant's
// layers and the modules they require). So the globals string, table, math and _G are
// empty views of the real tables (lockLibraries): reading goes through to the real
// table (its strict check of unknown names included), writing any field is an error,
// and pairs and next see through a view. The strings' own metatable (whose __index is
// the real string table) is locked: getmetatable("") is the string "locked", and
// setmetatable takes tables only, as in Lua 5.1 (gopher-lua would change the metatable
// of every string, number or function in the state). The real library tables are
// reachable from Lua through no path but the views.

// noTrace stands in for the traceback of an error raised under panicNoTrace.
const noTrace = "(no traceback in the sandbox)"

// panicNoTrace is an LState.Panic function: gopher-lua's own one without a traceback
// (panicWithoutTraceback), with a non-empty StackTrace so that PCall adds none.
func panicNoTrace(L *lua.LState) {
	panic(&lua.ApiError{Type: lua.ApiErrorRun, Object: L.Get(-1), StackTrace: noTrace})
}

// protectCall calls its first argument with the others, with panicNoTrace in force,
// and returns all its results. pcall and xpcall run functions through it.
func protectCall(L *lua.LState) int {
	L.Panic = panicNoTrace
	L.Call(L.GetTop()-1, lua.MultRet)
	return L.GetTop()
}

// errObject is the Lua value an error raised (the message, or the table given to error).
func errObject(err error) lua.LValue {
	if e, ok := err.(*lua.ApiError); ok {
		return e.Object
	}
	return lua.LString(err.Error())
}

// protectBase replaces pcall, xpcall, rawset, rawget, table.insert, table.remove and
// table.sort of a new state's libraries with the versions above (before strict locks
// them).
func protectBase(L *lua.LState) {
	G := L.G.Global
	protect := L.NewFunction(protectCall)
	G.RawSetString("pcall", L.NewFunction(func(L *lua.LState) int {
		// As the base library's pcall, with the call through protectCall.
		L.CheckAny(1)
		f := L.Get(1)
		if f.Type() != lua.LTFunction && L.GetMetaField(f, "__call").Type() != lua.LTFunction {
			L.Push(lua.LFalse)
			L.Push(lua.LString("attempt to call a " + f.Type().String() + " value"))
			return 2
		}
		L.Insert(protect, 1)
		if err := L.PCall(L.GetTop()-1, lua.MultRet, nil); err != nil {
			L.Push(lua.LFalse)
			L.Push(errObject(err))
			return 2
		}
		L.Insert(lua.LTrue, 1)
		return L.GetTop()
	}))
	G.RawSetString("xpcall", L.NewFunction(func(L *lua.LState) int {
		// xpcall(f, handler): f without arguments; on an error, false and what the
		// handler returns for the error value (the handler runs once the failed call
		// has unwound: there is no debug library to look at its frames).
		f := L.CheckFunction(1)
		h := L.CheckFunction(2)
		L.SetTop(0)
		L.Push(protect)
		L.Push(f)
		err := L.PCall(1, lua.MultRet, nil)
		if err == nil {
			L.Insert(lua.LTrue, 1)
			return L.GetTop()
		}
		L.SetTop(0)
		L.Push(protect)
		L.Push(h)
		L.Push(errObject(err))
		if herr := L.PCall(2, 1, nil); herr != nil {
			L.Push(lua.LFalse)
			L.Push(errObject(herr))
			return 2
		}
		L.Insert(lua.LFalse, 1)
		return 2
	}))
	guard := func(lib *lua.LTable, name, qualified string) {
		fn, ok := lib.RawGetString(name).(*lua.LFunction)
		if !ok || fn.GFunction == nil {
			return
		}
		orig := fn.GFunction
		lib.RawSetString(name, L.NewFunction(func(L *lua.LState) int {
			if what := protectedName(L, L.Get(1)); what != "" {
				L.RaiseError("%s: %s is protected: %s cannot bypass its metatable", qualified, what, qualified)
			}
			return orig(L)
		}))
	}
	guard(G, "rawset", "rawset")
	guard(G, "rawget", "rawget")
	if t, ok := G.RawGetString("table").(*lua.LTable); ok {
		for _, name := range []string{"insert", "remove", "sort"} {
			guard(t, name, "table."+name)
		}
	}
}

// protectedName names v for an error when it is a protected table (its metatable is
// locked), and is "" for any other value.
func protectedName(L *lua.LState, v lua.LValue) string {
	t, ok := v.(*lua.LTable)
	if !ok {
		return ""
	}
	mt, ok := t.Metatable.(*lua.LTable)
	if !ok {
		return ""
	}
	lock := mt.RawGetString("__metatable")
	if lock == lua.LNil {
		return ""
	}
	G := L.G.Global
	if t == G || G.RawGetString("_G") == t {
		return "_G (the globals)"
	}
	for _, lib := range []string{"string", "table", "math"} {
		if G.RawGetString(lib) == t {
			return "the " + lib + " library"
		}
	}
	if what, ok := mt.RawGetString(nameField).(lua.LString); ok {
		return string(what)
	}
	return "a table with a locked metatable"
}

// nameField is the metatable field that names a protected table in errors (Protect).
// Lua code cannot read it: getmetatable returns the __metatable field of a locked
// metatable.
const nameField = "__name"

// Protect locks mt, the metatable of a view that a binding hands to Lua (a table of Go
// functions, such as a game's board view): getmetatable returns lock ("kalah.board"),
// setmetatable cannot change it, and rawset, rawget, table.insert, table.remove and
// table.sort refuse the table, their errors naming it what ("the board view").
func Protect(mt *lua.LTable, lock, what string) {
	mt.RawSetString("__metatable", lua.LString(lock))
	mt.RawSetString(nameField, lua.LString(what))
}

// libraries are the globals lockLibraries replaces by read-only views.
var libraries = []string{"string", "table", "math", "_G"}

// lockLibraries replaces the library globals by read-only views, locks the strings'
// metatable, and makes setmetatable take tables only (see Read-only libraries above).
// It returns the real table of each view, and runs once the libraries are complete
// (after strict).
func lockLibraries(L *lua.LState) map[*lua.LTable]*lua.LTable {
	G := L.G.Global
	views := map[*lua.LTable]*lua.LTable{}
	for _, name := range libraries {
		real, ok := G.RawGetString(name).(*lua.LTable)
		if !ok {
			continue
		}
		what := "the " + name + " library"
		if name == "_G" {
			what = "_G (the globals)"
		}
		view := L.NewTable()
		mt := L.NewTable()
		mt.RawSetString("__index", real)
		mt.RawSetString("__newindex", L.NewFunction(func(L *lua.LState) int {
			L.RaiseError("cannot set %s.%s: %s is read-only (use a local)", name, L.ToStringMeta(L.Get(2)).String(), what)
			return 0
		}))
		mt.RawSetString("__metatable", lua.LString("locked"))
		view.Metatable = mt
		G.RawSetString(name, view)
		views[view] = real
	}
	// gopher-lua's strings' metatable is the string table itself (string.__index is
	// string): the strings get a metatable of their own, locked, and the real string
	// table loses its __index field, which would lead past the view.
	if str, ok := L.GetMetatable(lua.LString("")).(*lua.LTable); ok {
		str.RawSetString("__index", lua.LNil)
		smt := L.NewTable()
		smt.RawSetString("__index", str)
		smt.RawSetString("__metatable", lua.LString("locked"))
		L.SetMetatable(lua.LString(""), smt)
	}
	// next and pairs see through a view; setmetatable takes a table.
	if next, ok := G.RawGetString("next").(*lua.LFunction); ok && next.GFunction != nil {
		orig := next.GFunction
		G.RawSetString("next", L.NewFunction(func(L *lua.LState) int {
			if real, ok := views[L.CheckTable(1)]; ok {
				L.Replace(1, real)
			}
			return orig(L)
		}))
		G.RawSetString("pairs", L.NewFunction(func(L *lua.LState) int {
			t := L.CheckTable(1)
			if real, ok := views[t]; ok {
				t = real
			}
			L.Push(next) // gopher-lua's own: pairs(t) is next, t, nil
			L.Push(t)
			L.Push(lua.LNil)
			return 3
		}))
	}
	if fn, ok := G.RawGetString("setmetatable").(*lua.LFunction); ok && fn.GFunction != nil {
		orig := fn.GFunction
		G.RawSetString("setmetatable", L.NewFunction(func(L *lua.LState) int {
			L.CheckTable(1)
			return orig(L)
		}))
	}
	return views
}
