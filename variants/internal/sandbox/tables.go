package sandbox

import (
	"reflect"
	"strconv"
	"unsafe"

	lua "github.com/yuin/gopher-lua"
	"github.com/yuin/gopher-lua/ast"
)

// Table growth in one step.
//
// gopher-lua keeps every integer key from 1 to lua.MaxArrayIndex-1 (64M) in a table's
// array part, and an assignment past the end of that part fills the gap with nils
// first: t[67108863] = true makes a gigabyte in one step, long before the next check of
// the memory budget (which counts on tables growing a few bytes a step). So an
// assignment to a key that may be a number, t[k] = v (k not a string or a small
// constant), is compiled as t[(index)(t, k)] = v: the Go function index looks at the
// table the value will land in (following __newindex tables, as the assignment will)
// and, when the key lies more than freeGap slots past the end of its array part,
// charges the gap's bytes to the memory budget (budget.go), or refuses a gap of more
// than the string cap (MaxString: a million slots) outright. rawset and table.insert
// check the same way, and so do table constructors with computed keys ({ [k] = v },
// counted as a gap from an empty table).
//
// An assignment whose table is not a plain name (a.b[k] = v, f()[k] = v) evaluates
// its table and key once, into hidden locals, before the value, as Lua does:
//
//	do local (t1), (k1) = a.b, k; (t1)[(index)((t1), (k1))] = v end
//
// The check is a Go function call per assignment with such a key: about 45 ns, where
// the assignment and its loop step cost about 60 (measured on a loop of t[j] = i). The
// hooks of the built-in scripts have none in their hot paths (BenchmarkPlayoutRatio and
// BenchmarkGamePlayoutRatio are unchanged).

// indexName is the local holding the index function in instrumented code.
const indexName = "(index)"

// freeGap is how far past the end of a table's array part an assignment may land
// without a check: the nils it adds are few, like the bytes of any other step.
const freeGap = 64

// index is (index)(t, k): it checks the assignment t[k] = ... (see above) and returns k.
func (v *VM) index(L *lua.LState) int {
	if n, ok := L.Get(2).(lua.LNumber); ok {
		switch t := L.Get(1).(type) {
		case *lua.LTable:
			v.checkSet(L, t, n)
		case *lua.LNilType: // a table constructor: the table is new
			v.checkGap(L, nil, n)
		}
	}
	L.SetTop(2)
	return 1
}

// checkSet checks t[n] = v: it finds the table whose array part the value lands in
// (t, or the table of a __newindex chain) and checks the gap there.
func (v *VM) checkSet(L *lua.LState, t *lua.LTable, n lua.LNumber) {
	for range lua.MaxTableGetLoop { // as far as gopher-lua follows them
		if t.RawGet(n) != lua.LNil {
			return // the key is there: the assignment replaces its value
		}
		var ni lua.LValue = lua.LNil
		if mt, ok := t.Metatable.(*lua.LTable); ok {
			ni = mt.RawGetString("__newindex")
		}
		switch ni := ni.(type) {
		case *lua.LTable:
			t = ni // the assignment goes on to that table
		case *lua.LNilType:
			v.checkGap(L, t, n) // a raw set in t
			return
		default:
			return // a function: the assignments it makes are checked themselves
		}
	}
}

// checkGap raises an error when storing key n raw in t (nil: a new, empty table)
// would grow its array part by more than the string cap in one step, and charges the
// gap to the memory budget when it is more than freeGap slots.
func (v *VM) checkGap(L *lua.LState, t *lua.LTable, n lua.LNumber) {
	if !(n >= 1 && n < lua.LNumber(lua.MaxArrayIndex)) || lua.LNumber(int(n)) != n {
		return // not an array key: one hash entry
	}
	alen := 0
	if t != nil {
		alen = arrayLen(t)
	}
	gap := int64(n) - 1 - int64(alen)
	if gap <= freeGap {
		return
	}
	bytes := gap * sizeSlot
	if limit := int64(maxString()); bytes > limit {
		L.RaiseError("table index %d is too far past the end of the table (its array part has %d slots): it would add %d empty slots (%d bytes, at most %d at once); fill tables in order, or use string keys for sparse data",
			int64(n), alen, gap, bytes, limit)
	}
	v.chargeBytes(L, bytes)
}

// guardRaw wraps rawset and table.insert (installed by protectBase) so that they
// check a numeric key (rawset's second argument, table.insert's position) as index
// does, the table as given.
func (v *VM) guardRaw(L *lua.LState) {
	wrap := func(lib *lua.LTable, name string, keyArg, minArgs int) {
		fn, ok := lib.RawGetString(name).(*lua.LFunction)
		if !ok || fn.GFunction == nil {
			return
		}
		orig := fn.GFunction
		lib.RawSetString(name, L.NewFunction(func(L *lua.LState) int {
			if t, ok := L.Get(1).(*lua.LTable); ok && L.GetTop() >= minArgs {
				if n, ok := L.Get(keyArg).(lua.LNumber); ok {
					v.checkGap(L, t, n)
				}
			}
			return orig(L)
		}))
	}
	G := L.G.Global
	wrap(G, "rawset", 2, 2)
	if t, ok := G.RawGetString("table").(*lua.LTable); ok {
		wrap(t, "insert", 2, 3) // table.insert(t, v) appends: one slot
	}
}

// The fields of LTable that the index check and the memory walk read: the array part
// and the keys of the hash part, both []LValue. gopher-lua does not export them;
// tableLayoutOK is false when this gopher-lua lays the table out differently (then
// the exported methods stand in, counting less precisely).
var tableArrayOff, tableKeysOff, tableLayoutOK = func() (uintptr, uintptr, bool) {
	typ := reflect.TypeFor[lua.LTable]()
	a, ok1 := typ.FieldByName("array")
	k, ok2 := typ.FieldByName("keys")
	want := reflect.TypeFor[[]lua.LValue]()
	if !ok1 || !ok2 || a.Type != want || k.Type != want {
		return 0, 0, false
	}
	return a.Offset, k.Offset, true
}()

// tableArray returns t's array part (nil slots included), or nil when the layout is
// unknown.
func tableArray(t *lua.LTable) []lua.LValue {
	if !tableLayoutOK {
		return nil
	}
	return *(*[]lua.LValue)(unsafe.Add(unsafe.Pointer(t), tableArrayOff))
}

// tableKeys returns every key t's hash part has held (gopher-lua keeps a deleted key
// in this list and in its index map), or nil when the layout is unknown.
func tableKeys(t *lua.LTable) []lua.LValue {
	if !tableLayoutOK {
		return nil
	}
	return *(*[]lua.LValue)(unsafe.Add(unsafe.Pointer(t), tableKeysOff))
}

// arrayLen is the length of t's array part, nils included (its border when the layout
// is unknown).
func arrayLen(t *lua.LTable) int {
	if !tableLayoutOK {
		return t.Len()
	}
	return len(tableArray(t))
}

// guardIndexStmt rewrites the assignments of s to keys that may be numbers (see
// above); it returns the statement to put in s's place.
func guardIndexStmt(s *ast.AssignStmt) ast.Stmt {
	var hoist *ast.LocalAssignStmt
	for i, lhs := range s.Lhs {
		x, ok := lhs.(*ast.AttrGetExpr)
		if !ok || !mayGrowArray(x.Key) {
			continue
		}
		line := x.Line()
		obj, arg := x.Object, x.Object
		if id, ok := obj.(*ast.IdentExpr); ok {
			arg = identAt(id.Value, id.Line()) // a name: reading it twice changes nothing
		} else {
			// Evaluate the table and the key once, before the values.
			if hoist == nil {
				hoist = &ast.LocalAssignStmt{}
				hoist.SetLine(s.Line())
				hoist.SetLastLine(s.Line())
			}
			n := strconv.Itoa(len(hoist.Names)/2 + 1)
			tName, kName := "(t"+n+")", "(k"+n+")"
			hoist.Names = append(hoist.Names, tName, kName)
			hoist.Exprs = append(hoist.Exprs, obj, x.Key)
			obj, arg = identAt(tName, line), identAt(tName, line)
			x.Key = identAt(kName, line)
		}
		lhs := &ast.AttrGetExpr{Object: obj, Key: indexCall(arg, x.Key, line)}
		lhs.SetLine(line)
		lhs.SetLastLine(x.LastLine())
		s.Lhs[i] = lhs
	}
	if hoist == nil {
		return s
	}
	do := &ast.DoBlockStmt{Stmts: []ast.Stmt{hoist, s}}
	do.SetLine(s.Line())
	do.SetLastLine(s.LastLine())
	return do
}

// guardIndexFields rewrites the computed keys of a table constructor ({ [k] = v }).
func guardIndexFields(t *ast.TableExpr) {
	for _, f := range t.Fields {
		if f.Key != nil && mayGrowArray(f.Key) {
			nilExpr := &ast.NilExpr{}
			nilExpr.SetLine(f.Key.Line())
			nilExpr.SetLastLine(f.Key.Line())
			f.Key = indexCall(nilExpr, f.Key, f.Key.Line())
		}
	}
}

// mayGrowArray reports whether an assignment to key k may grow a table's array part
// by more than freeGap slots: any key but a string, a boolean, nil or a number up to
// freeGap+1 written as a constant.
func mayGrowArray(k ast.Expr) bool {
	switch k := k.(type) {
	case *ast.StringExpr, *ast.TrueExpr, *ast.FalseExpr, *ast.NilExpr:
		return false
	case *ast.NumberExpr:
		n, err := strconv.ParseFloat(k.Value, 64)
		return err != nil || n > freeGap+1
	}
	return true
}

// indexCall is (index)(obj, key) at a line.
func indexCall(obj, key ast.Expr, line int) ast.Expr {
	call := &ast.FuncCallExpr{Func: identAt(indexName, line), Args: []ast.Expr{obj, key}}
	call.AdjustRet = true
	call.SetLine(line)
	call.SetLastLine(line)
	return call
}

// identAt is the name as an expression at a line.
func identAt(name string, line int) ast.Expr {
	e := &ast.IdentExpr{Value: name}
	e.SetLine(line)
	e.SetLastLine(line)
	return e
}
