package sandbox

import (
	"fmt"
	"reflect"
	"runtime/metrics"
	"sync/atomic"
	"unsafe"

	lua "github.com/yuin/gopher-lua"
	"github.com/yuin/gopher-lua/ast"
)

// Memory limits of Lua code. A hook (or a script's top level) that builds a string
// longer than the string cap, or makes its Lua state hold more than the memory budget,
// is stopped with an error naming the script, the line and the hook; the game ends
// with State.Err and the process goes on.
const (
	// DefaultMemoryBudget is the memory budget of one Lua state (one per worker and
	// variant), unless SetMemoryBudget says otherwise.
	DefaultMemoryBudget = 256 << 20
	// MaxString caps the length of any string Lua code builds (by .., string.format,
	// gsub, table.concat, ...); a budget under 4*MaxString lowers it to a quarter of
	// the budget. string.rep has its own, lower cap: MaxStringRep.
	MaxString = 16 << 20
)

// memBudget is the budget in force (see SetMemoryBudget).
var memBudget atomic.Int64

func init() { memBudget.Store(DefaultMemoryBudget) }

// SetMemoryBudget sets the memory budget of each Lua state, in bytes (0 or less: the
// default, DefaultMemoryBudget), and returns the previous one. It applies from the next
// check on, in every state; set it before loading scripts.
func SetMemoryBudget(bytes int64) int64 {
	if bytes <= 0 {
		bytes = DefaultMemoryBudget
	}
	return memBudget.Swap(bytes)
}

// MemoryBudget returns the memory budget of each Lua state, in bytes.
func MemoryBudget() int64 { return memBudget.Load() }

// maxString is the string cap in force: MaxString, or a quarter of a smaller budget.
func maxString() int {
	if b := memBudget.Load() / 4; b < MaxString {
		return int(b)
	}
	return MaxString
}

// How the memory budget works.
//
// gopher-lua has no allocator hook, so the budget is kept in three ways:
//
//   - Strings, the only values one step of Lua can make large: the .. operator is
//     compiled into a call of concat (see concatExprs), and every string function that
//     can build a long string is replaced (strlib.go). Each checks the length of its
//     result against the string cap before building it, and charges the bytes to the
//     state.
//   - Tables grow one slot a step, but for an assignment far past the end of a
//     table's array part, which gopher-lua fills with nils: those are checked and
//     charged like strings (tables.go).
//   - Everything else (tables, closures) grows one bounded step at a time, and every
//     loop and function entry counts down to tick (deadline.go), every tickBudget steps.
//     tick looks, every few calls, at the bytes the whole process has allocated
//     (runtime/metrics' cumulative count, a few hundred nanoseconds): no state can
//     have grown by more than that since its last measurement, garbage or not.
//   - When the bytes charged, or the bytes the process allocated, since the last
//     measurement pass the slack (the budget less the state's last measured size, at
//     least a quarter of the budget), the state is measured: a walk of everything it can reach
//     (globals, the library tables, the value stack of the running calls, the
//     upvalues of their functions, the modules and the scripts' results), estimating
//     each table, string, number and function at its Go size, as the allocator rounds
//     it (gosize.go). Over the budget is an error.
//
// So the data a state holds stays under 1.25 times its budget plus one string (the
// largest a string or a table gap can be at once, MaxString), the estimate's error
// aside (within a few percent of the live heap, measured: TestBudgetOvershoot), and a
// state with little data costs a walk of a few hundred objects every so often. The
// process's heap adds its garbage on top, as much again as the live heap with Go's
// default GOGC; a server bounds that with GOMEMLIMIT. What the
// walk cannot see (data only a suspended Go function holds) is not counted; data a
// script keeps between hook calls stays, so once over the budget a state fails again
// (its game value does, in every later game; the state is not rebuilt in place, since
// the bindings hold its hook functions and board views).
type memState struct {
	charged  int64  // bytes charged since the last measurement
	slack    int64  // measure when charged (or the process's allocation) passes it
	allocs   uint64 // the bytes the process had allocated at the last measurement
	ticks    int
	sample   []metrics.Sample
	roots    []lua.LValue // the scripts' results (their hooks and upvalues)
	seen     map[unsafe.Pointer]struct{}
	work     []lua.LValue
	walk     walker
	measured int64  // the last measurement
	grew     uint64 // the call (VM.callSeq) last measured: it is measured again at its end
	share    *share // what the state counts in the shared total (shared.go)
	held     int64  // the same, as the state last set it
}

// ticksPerHeapCheck is how many ticks pass between two reads of the process's
// allocation counter.
const ticksPerHeapCheck = 4

func (m *memState) init() {
	m.sample = []metrics.Sample{{Name: "/gc/heap/allocs:bytes"}}
	m.seen = map[unsafe.Pointer]struct{}{}
	m.reset(0)
}

// reset starts a new measurement period after a state was measured at size bytes.
func (m *memState) reset(size int64) {
	budget := memBudget.Load()
	m.measured = size
	m.charged = 0
	m.slack = sharedSlack(max(budget-size, budget/4))
	if m.sample != nil {
		metrics.Read(m.sample)
		if m.sample[0].Value.Kind() == metrics.KindUint64 {
			m.allocs = m.sample[0].Value.Uint64()
		}
	}
}

// charge accounts for a string of n bytes that Lua code is about to build (what names
// the operation for the error), raising an error when it is too long or the state is
// over its budget.
func (v *VM) charge(L *lua.LState, n int, what string) {
	if limit := maxString(); n > limit {
		L.RaiseError("string too long: %s would make %d bytes (at most %d; a string growing without end?)", what, n, limit)
	}
	v.chargeBytes(L, int64(n))
}

// chargeBytes accounts for n bytes that Lua code is about to allocate in one step (a
// string, or the gap a table index adds: tables.go), measuring the state when the bytes
// charged since the last measurement pass the slack, and adding them to the shared
// total every sharedFlush bytes (shared.go).
func (v *VM) chargeBytes(L *lua.LState, n int64) {
	if v.stopped() {
		v.stop(L, "") // a stopped call goes no further (deadline.go)
	}
	m := &v.mem
	m.charged += n
	if m.charged > m.slack {
		v.measure(L, n)
		return
	}
	if m.measured+m.charged-m.held >= sharedFlush && overShared(v.setHeld(m.measured+m.charged)) {
		v.measure(L, n) // the charges may be garbage by now: the measurement tells
	}
}

// heapTick is called by tick: every ticksPerHeapCheck calls it reads the bytes the
// process has allocated and measures the state when more than the slack were
// allocated since its last measurement.
func (v *VM) heapTick(L *lua.LState) {
	m := &v.mem
	if m.ticks++; m.ticks < ticksPerHeapCheck || m.sample == nil {
		return
	}
	m.ticks = 0
	metrics.Read(m.sample)
	if m.sample[0].Value.Kind() != metrics.KindUint64 {
		return
	}
	if a := m.sample[0].Value.Uint64(); a-m.allocs > uint64(m.slack) {
		v.measure(L, 0)
	}
}

// measure walks the state and raises an error when it holds more than its budget, or
// takes the shared total past the shared budget (shared.go); pending is the bytes of
// the step being charged, not yet built, which count from here on.
func (v *VM) measure(L *lua.LState, pending int64) {
	v.mem.grew = v.callSeq
	budget := memBudget.Load()
	size := v.reachable(L, budget)
	v.mem.reset(size)
	v.mem.charged = pending
	total := v.setHeld(size + pending)
	if size > budget {
		v.stop(L, fmt.Sprintf("memory budget exceeded: the script holds more than %d MB (a table or string growing without end?)", budget>>20))
	}
	if overShared(total) {
		v.stop(L, v.sharedMessage())
	}
}

// remeasure measures the state again, without an error, at the end of a call that
// was measured, or (under a shared budget) that left more bytes charged since the last
// measurement than an eighth of the state's size: the shared total then counts what the
// state keeps between calls, not the temporaries of the call that has ended. A state
// is so measured at most once per eighth of its size charged.
func (v *VM) remeasure() {
	m := &v.mem
	if m.share == nil {
		return
	}
	unmeasured := m.held - m.measured
	if m.grew != v.callSeq && (sharedBudget.Load() <= 0 || unmeasured <= max(sharedFlush, m.measured/8)) {
		return
	}
	size := v.reachable(v.L, memBudget.Load())
	v.mem.reset(size)
	v.setHeld(size)
}

// Estimated Go sizes of Lua values, in bytes.
const (
	sizeSlot     = 16 // one LValue (an interface) in a table, an upvalue or the stack
	sizeHashSlot = 64 // a hash entry: key and value, map overhead, the key order
	sizeTable    = 96 // an empty LTable
	sizeFunction = 96 // an LFunction and its upvalue slice
	sizeUpvalue  = 48
	sizeString   = 16 // a string header, besides its bytes
	bigString    = 64 // strings this long are counted once however often referenced
)

// reachable estimates the bytes the state holds, stopping once past limit.
func (v *VM) reachable(L *lua.LState, limit int64) int64 {
	m := &v.mem
	clear(m.seen)
	w := &m.walk
	w.seen, w.work, w.size, w.limit = m.seen, m.work[:0], 0, limit
	if w.blocks == nil {
		w.blocks = map[uintptr]struct{}{}
	}
	clear(w.blocks)
	if w.hashEntry == nil {
		w.hashEntry = w.addHashEntry
	}
	w.add(L.G.Global)
	w.add(L.G.Registry)
	for _, r := range m.roots {
		w.add(r)
	}
	for _, mod := range v.modules {
		w.add(mod)
	}
	stack := valueStack(L)
	w.size += int64(len(stack)) * sizeSlot
	for _, val := range stack {
		w.add(val)
	}
	for level := 0; level < 256; level++ { // the call stack holds 200 frames
		dbg, ok := L.GetStack(level)
		if !ok {
			break
		}
		if fn, err := L.GetInfo("f", dbg, lua.LNil); err == nil {
			w.add(fn)
		}
		if stack == nil { // no direct view of the stack: its locals, through the debug API
			for i := 1; ; i++ {
				name, val := L.GetLocal(dbg, i)
				if name == "" {
					break
				}
				w.add(val)
			}
		}
	}
	w.run()
	m.work = w.work[:0]
	w.work, w.seen = nil, nil
	// The walk's own map and list take a few dozen bytes per object seen: do not keep
	// them from a large state, where they would add a third to what it holds.
	if len(m.seen) > 1<<12 {
		m.seen = map[unsafe.Pointer]struct{}{}
	}
	if cap(m.work) > 1<<12 {
		m.work = nil
	}
	if len(w.blocks) > 1<<12 {
		w.blocks = nil
	}
	return w.size
}

// walker sums the estimated sizes of the values reachable from the ones added, each
// object once.
type walker struct {
	seen      map[unsafe.Pointer]struct{}
	blocks    map[uintptr]struct{} // the blocks of numbers counted (numberBlock)
	work      []lua.LValue
	size      int64
	limit     int64
	arrayLen  int                   // the array part of the table being walked
	hashEntry func(k, e lua.LValue) // addHashEntry, made once
}

// addHashEntry counts an entry of a table's hash part (ForEach passes the array
// part's too: those were counted already).
func (w *walker) addHashEntry(k, e lua.LValue) {
	if w.size > w.limit {
		return
	}
	if kn, ok := k.(lua.LNumber); ok && kn >= 1 && int(kn) <= w.arrayLen && float64(int(kn)) == float64(kn) {
		return
	}
	w.size += sizeHashSlot
	w.add(k)
	w.add(e)
}

// table counts a table's parts as gopher-lua holds them (tables.go): every slot of
// its array part, nils included, and every key its hash part has held, deleted ones
// included (gopher-lua keeps those in its key list and index), with their values.
func (w *walker) table(t *lua.LTable) {
	arr := tableArray(t)
	w.size += int64(cap(arr)) * sizeSlot
	for i := 0; i < len(arr) && w.size <= w.limit; i++ {
		w.add(arr[i])
	}
	keys := tableKeys(t)
	w.size += hashBytes(t, keys) // the maps and the key list (gosize.go)
	for i := 0; i < len(keys) && w.size <= w.limit; i++ {
		w.add(keys[i])
		w.add(t.RawGetH(keys[i]))
	}
}

// firstBlock reports whether the block of numbers at address b is seen for the first
// time.
func (w *walker) firstBlock(b uintptr) bool {
	if _, ok := w.blocks[b]; ok {
		return false
	}
	w.blocks[b] = struct{}{}
	return true
}

// first reports whether p is seen for the first time.
func (w *walker) first(p unsafe.Pointer) bool {
	if _, ok := w.seen[p]; ok {
		return false
	}
	w.seen[p] = struct{}{}
	return true
}

// add counts a value: a scalar at once, an object (once) when the walk reaches it.
func (w *walker) add(val lua.LValue) {
	switch x := val.(type) {
	case lua.LNumber:
		if b := numberBlock(&val); w.firstBlock(b) { // gopher-lua's blocks of numbers (gosize.go)
			w.size += numberBlockSize
		}
	case lua.LString:
		if len(x) < bigString || w.first(unsafe.Pointer(unsafe.StringData(string(x)))) {
			w.size += stringBytes(len(x))
		}
	case *lua.LTable:
		if w.first(unsafe.Pointer(x)) {
			w.size += sizeTable
			w.work = append(w.work, x)
		}
	case *lua.LFunction:
		if w.first(unsafe.Pointer(x)) {
			w.size += sizeFunction
			w.work = append(w.work, x)
		}
	case *lua.LUserData:
		if w.first(unsafe.Pointer(x)) {
			w.size += 64
			w.work = append(w.work, x)
		}
	}
}

// run walks the objects added until none is left or the size passes the limit.
func (w *walker) run() {
	for len(w.work) > 0 && w.size <= w.limit {
		val := w.work[len(w.work)-1]
		w.work = w.work[:len(w.work)-1]
		switch x := val.(type) {
		case *lua.LTable:
			if x.Metatable != nil {
				w.add(x.Metatable)
			}
			if tableLayoutOK {
				w.table(x)
				continue
			}
			n := x.Len()
			for i := 1; i <= n && w.size <= w.limit; i++ {
				w.size += sizeSlot
				w.add(x.RawGetInt(i))
			}
			w.arrayLen = n
			x.ForEach(w.hashEntry)
		case *lua.LFunction:
			if x.Env != nil {
				w.add(x.Env)
			}
			for _, uv := range x.Upvalues {
				if uv != nil && w.first(unsafe.Pointer(uv)) {
					w.size += sizeUpvalue
					w.add(uv.Value())
				}
			}
		case *lua.LUserData:
			if x.Env != nil {
				w.add(x.Env)
			}
			if x.Metatable != nil {
				w.add(x.Metatable)
			}
		}
	}
}

// valueStack returns gopher-lua's value stack of L (the registers of every running
// call), or nil when this gopher-lua lays it out differently than expected (then the
// debug API's locals stand in). gopher-lua does not export it; reading it through
// reflection is the one way to see the temporaries of every frame, which the debug
// API skips under tail calls.
func valueStack(L *lua.LState) []lua.LValue {
	if !stackLayoutOK {
		return nil
	}
	reg := reflect.ValueOf(L).Elem().FieldByIndex(regField)
	if reg.IsNil() {
		return nil
	}
	arr := reg.Elem().FieldByIndex(arrayField)
	arr = reflect.NewAt(arr.Type(), unsafe.Pointer(arr.UnsafeAddr())).Elem()
	return arr.Interface().([]lua.LValue)
}

// The fields valueStack reads: LState.reg (*registry) and registry.array ([]LValue).
var regField, arrayField, stackLayoutOK = func() ([]int, []int, bool) {
	f, ok := reflect.TypeFor[lua.LState]().FieldByName("reg")
	if !ok || f.Type.Kind() != reflect.Pointer || f.Type.Elem().Kind() != reflect.Struct {
		return nil, nil, false
	}
	a, ok := f.Type.Elem().FieldByName("array")
	if !ok || a.Type != reflect.TypeFor[[]lua.LValue]() {
		return nil, nil, false
	}
	return f.Index, a.Index, true
}()

// concatName is the local holding the concat function in instrumented code.
const concatName = "(concat)"

// concat is the .. operator (see concatExprs): it joins its arguments as Lua's ..
// does, numbers as strings, calling __concat metamethods for other values from the
// right, but checks the length against the string cap first and charges it.
func (v *VM) concat(L *lua.LState) int {
	n := L.GetTop()
	rhs := L.Get(n)
	for i := n - 1; i >= 1; {
		lhs := L.Get(i)
		if !lua.LVCanConvToString(lhs) || !lua.LVCanConvToString(rhs) {
			op := L.GetMetaField(lhs, "__concat")
			if op == lua.LNil {
				op = L.GetMetaField(rhs, "__concat")
			}
			if op.Type() != lua.LTFunction {
				L.RaiseError("cannot perform concat operation between %v and %v", lhs.Type().String(), rhs.Type().String())
			}
			L.Push(op)
			L.Push(lhs)
			L.Push(rhs)
			L.Call(2, 1)
			rhs = L.Get(-1)
			L.Pop(1)
			i--
			continue
		}
		// A run of strings and numbers: join it at once.
		j := i
		for j > 1 && lua.LVCanConvToString(L.Get(j-1)) {
			j--
		}
		total := len(lua.LVAsString(rhs))
		for k := j; k <= i; k++ {
			total += len(lua.LVAsString(L.Get(k)))
		}
		v.charge(L, total, "..")
		buf := make([]byte, 0, total)
		for k := j; k <= i; k++ {
			buf = append(buf, lua.LVAsString(L.Get(k))...)
		}
		buf = append(buf, lua.LVAsString(rhs)...)
		rhs = lua.LString(unsafe.String(unsafe.SliceData(buf), len(buf)))
		i = j - 1
	}
	L.Push(rhs)
	return 1
}

// concatExprs rewrites every .. of a chunk into a call of (concat): a .. b .. c
// becomes (concat)(a, b, c), at the same line.
//
// The same pass guards the assignments to table keys that may be numbers
// (guardIndexStmt, guardIndexFields: tables.go).
func concatExprs(chunk []ast.Stmt) {
	for i, s := range chunk {
		chunk[i] = concatStmt(s)
	}
}

// concatStmt rewrites one statement and returns the statement to put in its place.
func concatStmt(s ast.Stmt) ast.Stmt {
	switch s := s.(type) {
	case *ast.AssignStmt:
		concatList(s.Lhs)
		concatList(s.Rhs)
		return guardIndexStmt(s)
	case *ast.LocalAssignStmt:
		concatList(s.Exprs)
	case *ast.FuncCallStmt:
		s.Expr = concatExpr(s.Expr)
	case *ast.DoBlockStmt:
		concatExprs(s.Stmts)
	case *ast.WhileStmt:
		s.Condition = concatExpr(s.Condition)
		concatExprs(s.Stmts)
	case *ast.RepeatStmt:
		s.Condition = concatExpr(s.Condition)
		concatExprs(s.Stmts)
	case *ast.IfStmt:
		s.Condition = concatExpr(s.Condition)
		concatExprs(s.Then)
		concatExprs(s.Else)
	case *ast.NumberForStmt:
		s.Init = concatExpr(s.Init)
		s.Limit = concatExpr(s.Limit)
		s.Step = concatExpr(s.Step)
		concatExprs(s.Stmts)
	case *ast.GenericForStmt:
		concatList(s.Exprs)
		concatExprs(s.Stmts)
	case *ast.FuncDefStmt:
		s.Name.Func = concatExpr(s.Name.Func)
		s.Name.Receiver = concatExpr(s.Name.Receiver)
		s.Func = concatExpr(s.Func).(*ast.FunctionExpr)
	case *ast.ReturnStmt:
		concatList(s.Exprs)
	}
	return s
}

func concatList(es []ast.Expr) {
	for i, e := range es {
		es[i] = concatExpr(e)
	}
}

func concatExpr(e ast.Expr) ast.Expr {
	switch x := e.(type) {
	case *ast.StringConcatOpExpr:
		var args []ast.Expr
		for {
			args = append(args, concatExpr(x.Lhs))
			next, ok := x.Rhs.(*ast.StringConcatOpExpr)
			if !ok {
				args = append(args, concatExpr(x.Rhs))
				break
			}
			x = next
		}
		// The last argument keeps one value, as an operand of .. does.
		switch last := args[len(args)-1].(type) {
		case *ast.FuncCallExpr:
			last.AdjustRet = true
		case *ast.Comma3Expr:
			last.AdjustRet = true
		}
		fn := &ast.IdentExpr{Value: concatName}
		fn.SetLine(e.Line())
		fn.SetLastLine(e.LastLine())
		call := &ast.FuncCallExpr{Func: fn, Args: args}
		call.SetLine(e.Line())
		call.SetLastLine(e.LastLine())
		return call
	case *ast.FunctionExpr:
		concatExprs(x.Stmts)
	case *ast.AttrGetExpr:
		x.Object = concatExpr(x.Object)
		x.Key = concatExpr(x.Key)
	case *ast.TableExpr:
		for _, f := range x.Fields {
			f.Key = concatExpr(f.Key)
			f.Value = concatExpr(f.Value)
		}
		guardIndexFields(x)
	case *ast.FuncCallExpr:
		x.Func = concatExpr(x.Func)
		x.Receiver = concatExpr(x.Receiver)
		concatList(x.Args)
	case *ast.LogicalOpExpr:
		x.Lhs = concatExpr(x.Lhs)
		x.Rhs = concatExpr(x.Rhs)
	case *ast.RelationalOpExpr:
		x.Lhs = concatExpr(x.Lhs)
		x.Rhs = concatExpr(x.Rhs)
	case *ast.ArithmeticOpExpr:
		x.Lhs = concatExpr(x.Lhs)
		x.Rhs = concatExpr(x.Rhs)
	case *ast.UnaryMinusOpExpr:
		x.Expr = concatExpr(x.Expr)
	case *ast.UnaryNotOpExpr:
		x.Expr = concatExpr(x.Expr)
	case *ast.UnaryLenOpExpr:
		x.Expr = concatExpr(x.Expr)
	}
	return e
}

// initBudget sets up the memory budget of a new state: the .. operator of
// instrumented code and the capped string functions (strlib.go).
func (v *VM) initBudget(L *lua.LState) {
	v.mem.init()
	v.concatFn = L.NewFunction(v.concat)
	v.indexFn = L.NewFunction(v.index)
	v.guardRaw(L) // rawset and table.insert check their keys as (index) does
	s, _ := L.G.Global.RawGetString("string").(*lua.LTable)
	t, _ := L.G.Global.RawGetString("table").(*lua.LTable)
	if s != nil {
		v.installStrings(L, s, t)
	}
}
