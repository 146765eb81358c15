// Package sandbox runs untrusted Lua (gopher-lua) safely and fast, for the variant
// scripts of package variants and the bindings that call their hooks. It knows no game.
//
// What a VM guarantees to the Go code that runs scripts in it:
//
//   - Only the base, table, string and math libraries, without dofile, loadfile, load,
//     loadstring, collectgarbage, module, getfenv, setfenv, math.random and string.dump.
//   - Strict globals: a name a script reads that is neither a local nor a global of the
//     sandbox is a compile error (found in the syntax tree, with a did-you-mean), and a
//     run-time error through _G; assigning a global is an error (globals.go).
//   - Locked libraries: string, table, math and _G are read-only views; rawset, rawget,
//     table.insert, table.remove and table.sort refuse them and every table a binding
//     protects (Protect), so no script can change what another script of the same state,
//     or the engine, relies on (protect.go).
//   - A time limit on every call from Go (Call: HookTimeout; Run: LoadTimeout), stopped
//     within a thousand Lua steps, and an interruption channel (SetDone): see deadline.go.
//     A call stopped by either, or by a memory budget, stays stopped: every later check
//     of it raises the error again and the call returns that error, whatever pcall,
//     xpcall or an error handler did with it; no traceback is built on the way out.
//   - A memory budget per state (SetMemoryBudget, DefaultMemoryBudget) and a cap on
//     every string Lua code builds (MaxString; MaxStringRep for string.rep): budget.go,
//     strlib.go, tables.go. Over it is an error of the running call, not a crash.
//   - A memory budget shared by all states of the process (SetTotalMemoryBudget; none
//     by default): every state counts what it holds in one total (TotalMemoryInUse),
//     and a state that takes the total past the shared budget fails its call with an
//     error naming the shared budget; closing a state (or its collection) gives its
//     share back (shared.go).
//   - The string library's pattern functions on a matcher the time limit can stop
//     (package luapattern), following Lua 5.1 where gopher-lua differs (strlib.go).
//   - Syntax errors worded as stock Lua 5.1 words them (syntax.go).
//   - require serving the embedded script library (scripts/lib), then the folders
//     SetModuleDirs names, never a path outside them (modules.go).
//
// Compile parses, checks and instruments a chunk once per process (the compile cache);
// each VM makes its functions from the shared prototype. Every compiled chunk also sees
// the global variant, which returns its table argument: a variant script ends with
// return variant { ... }, and the functions written inline in that table's hooks field
// skip one countdown at their entry (deadline.go).
//
// A VM belongs to one goroutine. Errors of Run and Call read "file:line: message",
// without gopher-lua's stack trace; an error object that is not a string reads "error
// object is a table" at the line of its error call; string.byte and unpack refuse
// ranges whose results cannot fit on the value stack, saying so (stack.go).
package sandbox

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	lua "github.com/yuin/gopher-lua"
	"github.com/yuin/gopher-lua/ast"
	"github.com/yuin/gopher-lua/parse"

	"github.com/kalahlab/kalahlab/variants/internal/luapattern"
)

// MaxStringRep caps the length of a string.rep result.
const MaxStringRep = 1 << 20

// removedGlobals are the base-library functions a script may not use.
var removedGlobals = []string{
	"dofile", "loadfile", "load", "loadstring", "collectgarbage", "module",
	"getfenv", "setfenv", "newproxy", "_printregs", "_GOPHER_LUA_VERSION",
}

// VM is one sandboxed Lua state. It belongs to one goroutine: a worker's games share
// it, never two goroutines.
type VM struct {
	// L is the Lua state: bindings push functions and arguments on it for Call, and
	// make their views (tables of Go functions) in it.
	L *lua.LState
	// The time limit of the running call (see deadline.go).
	callSeq, tickSeq uint64
	tickStart        time.Time
	limit            time.Duration
	// The call stopped (deadline.go: stop): its sequence number, and its error without
	// and with the position.
	failSeq           uint64
	failWhat, failMsg string
	modules           map[string]lua.LValue // require cache
	loading           map[string]bool       // require cycle guard
	out               io.Writer             // print
	tickFn            *lua.LFunction        // the chunk arguments of instrumented code
	varFn             *lua.LFunction
	concatFn          *lua.LFunction              // the .. operator, the third chunk argument (budget.go)
	indexFn           *lua.LFunction              // the check of a table index, the fourth (tables.go)
	libs              map[*lua.LTable]*lua.LTable // the real table of each library view (protect.go)
	mem               memState                    // the memory budget (budget.go)
	pm                luapattern.Matcher          // the string library's pattern matcher (strlib.go)
	caps              []luapattern.Capture        // its captures
	// done, once closed, stops every Lua call at its next clock read (SetDone).
	done <-chan struct{}
	// moduleDirs are the user folders require looks in after the library (modules.go).
	moduleDirs []string
	// The last error object that is not a string, and where error raised it (wrapError).
	errObj   lua.LValue
	errWhere string
}

// New builds a sandboxed state: only the base, table, string and math libraries,
// without loaders, os, io, debug, collectgarbage or math.random; a capped string.rep;
// require limited to the script library; strict globals; a time limit on every call
// (Call and Run, with the countdown compiled into every script: see deadline.go).
func New() *VM {
	L := lua.NewState(lua.Options{SkipOpenLibs: true, CallStackSize: 200})
	v := &VM{L: L, modules: map[string]lua.LValue{}, loading: map[string]bool{}, out: os.Stderr}
	for _, lib := range []struct {
		name string
		open lua.LGFunction
	}{
		{lua.BaseLibName, lua.OpenBase},
		{lua.TabLibName, lua.OpenTable},
		{lua.StringLibName, lua.OpenString},
		{lua.MathLibName, lua.OpenMath},
	} {
		L.Push(L.NewFunction(lib.open))
		L.Push(lua.LString(lib.name))
		L.Call(1, 0)
	}
	G := L.G.Global
	for _, name := range removedGlobals {
		G.RawSetString(name, lua.LNil)
	}
	G.RawSetString("print", L.NewFunction(v.print))
	G.RawSetString("require", L.NewFunction(v.require))
	v.varFn = L.NewFunction(luaVariant)
	v.tickFn = L.NewFunction(v.tick)
	G.RawSetString("variant", v.varFn)
	protectBase(L) // pcall and xpcall without tracebacks; rawset and rawget refuse protected tables
	v.wrapError(L)
	v.guardStack(L) // string.byte and unpack say when their results cannot fit
	if m, ok := G.RawGetString("math").(*lua.LTable); ok {
		m.RawSetString("random", lua.LNil)
		m.RawSetString("randomseed", lua.LNil)
	}
	if s, ok := G.RawGetString("string").(*lua.LTable); ok {
		s.RawSetString("dump", lua.LNil)
		s.RawSetString("gfind", lua.LNil)
	}
	v.initBudget(L) // the .. operator, and string functions capped and charged
	strict(L, G, "")
	for _, lib := range []string{"string", "table", "math"} {
		if t, ok := G.RawGetString(lib).(*lua.LTable); ok {
			strict(L, t, lib+".")
		}
	}
	v.libs = lockLibraries(L) // read-only views of the libraries (protect.go)
	v.newShare(v.baseSize())  // counted in the shared total (shared.go)
	v.mem.reset(v.mem.held)
	return v
}

// baseSize is the measured size of a new state: the same for every state, measured
// once.
func (v *VM) baseSize() int64 {
	if n := newStateSize.Load(); n > 0 {
		return n
	}
	n := v.reachable(v.L, 1<<40)
	newStateSize.Store(n)
	return n
}

// newStateSize is the size of a new state (baseSize), once measured.
var newStateSize atomic.Int64

// Close closes the Lua state and gives back what it counts in the shared total.
func (v *VM) Close() {
	v.mem.share.release()
	v.mem.held = 0
	v.L.Close()
}

// SetDone makes every Lua call of v stop, within a thousand Lua steps, with an error
// once done is closed (a game's context: a slow or endless hook cannot hold up a
// cancelled command for its whole time limit). nil never stops.
func (v *VM) SetDone(done <-chan struct{}) { v.done = done }

// SetModuleDirs sets the folders require looks in after the script library (the
// folder of the script being run, then the user scripts directory): see modules.go.
func (v *VM) SetModuleDirs(dirs []string) { v.moduleDirs = dirs }

// strict makes reading or writing an unknown key of t an error (for _G: a global).
func strict(L *lua.LState, t *lua.LTable, prefix string) {
	what := "global"
	if prefix != "" {
		what = "field"
	}
	mt := L.NewTable()
	mt.RawSetString("__index", L.NewFunction(func(L *lua.LState) int {
		L.RaiseError("unknown %s %s%s", what, prefix, L.ToStringMeta(L.Get(2)).String())
		return 0
	}))
	mt.RawSetString("__newindex", L.NewFunction(func(L *lua.LState) int {
		L.RaiseError("assignment to undeclared %s %s%s: declare it local", what, prefix, L.ToStringMeta(L.Get(2)).String())
		return 0
	}))
	mt.RawSetString("__metatable", lua.LString("locked"))
	L.SetMetatable(t, mt)
}

func (v *VM) print(L *lua.LState) int {
	var b strings.Builder
	for i := 1; i <= L.GetTop(); i++ {
		if i > 1 {
			b.WriteByte('\t')
		}
		b.WriteString(L.ToStringMeta(L.Get(i)).String())
	}
	b.WriteByte('\n')
	_, _ = io.WriteString(v.out, b.String())
	return 0
}

// luaVariant is the global `variant`: it checks its argument is a table and returns it.
func luaVariant(L *lua.LState) int {
	t, ok := L.Get(1).(*lua.LTable)
	if !ok {
		L.RaiseError("variant: want a table, as in variant { extends = \"kalah\", ... }, got %s", L.Get(1).Type())
	}
	L.Push(t)
	return 1
}

var modName = regexp.MustCompile(`^[a-z0-9_]+(\.[a-z0-9_]+)*$`)

// require serves modules of the script library, then the user's: require "mancala"
// runs scripts/lib/mancala.lua once per state and returns its result (findModule).
func (v *VM) require(L *lua.LState) int {
	name := L.CheckString(1)
	if m, ok := v.modules[name]; ok {
		L.Push(m)
		return 1
	}
	file, src, err := v.findModule(name) // the script library, then the user's (modules.go)
	if err != nil {
		L.RaiseError("require %q: %v", name, err)
	}
	if v.loading[name] {
		L.RaiseError("require %q: a require cycle", name)
	}
	proto, _, err := Compile(file, src)
	if err != nil {
		L.RaiseError("require %q: %v", name, err)
	}
	v.loading[name] = true
	defer delete(v.loading, name)
	L.Push(L.NewFunctionFromProto(proto))
	L.Call(v.pushChunkArgs(), 1)
	m := L.Get(-1)
	L.Pop(1)
	if m == lua.LNil {
		m = lua.LTrue
	}
	v.modules[name] = m
	L.Push(m)
	return 1
}

// Call calls the function and nargs arguments on the stack under the hook time limit
// (HookTimeout), leaving nret results (lua.MultRet: all of them). The error is the Lua
// message, "file:line: message", without a stack trace.
func (v *VM) Call(nargs, nret int) error {
	return v.call(nargs, nret, time.Duration(hookLimit.Load()))
}

// Run executes a compiled chunk (a script's top level) under the load time limit
// (LoadTimeout) and returns its results. The memory budget counts what they hold from
// then on (a script's table, its hooks and their upvalues). The error is as Call's.
func (v *VM) Run(proto *lua.FunctionProto) ([]lua.LValue, error) {
	L := v.L
	base := L.GetTop()
	L.Push(L.NewFunctionFromProto(proto))
	if err := v.call(v.pushChunkArgs(), lua.MultRet, time.Duration(loadLimit.Load())); err != nil {
		return nil, err
	}
	rets := make([]lua.LValue, L.GetTop()-base)
	for i := range rets {
		rets[i] = L.Get(base + 1 + i)
	}
	L.SetTop(base)
	v.mem.roots = append(v.mem.roots, rets...)
	return rets, nil
}

// call runs the function and nargs arguments on the stack with a time limit, leaving
// nret results. The error is the Lua message ("file:line: message"); for a call that
// was stopped (its time limit, its cancellation or a memory budget: deadline.go), it is
// that error, even when Lua code caught it and returned normally.
func (v *VM) call(nargs, nret int, limit time.Duration) error {
	v.callSeq++
	v.limit = limit
	v.errObj = nil
	L := v.L
	base := L.GetTop() - nargs - 1
	err := L.PCall(nargs, nret, nil)
	v.remeasure() // the shared total counts what the state keeps (budget.go)
	if v.stopped() {
		L.SetTop(base)
		return errors.New(v.failMsg)
	}
	if err != nil {
		return v.luaMessage(err)
	}
	return nil
}

// pushChunkArgs pushes the arguments every compiled chunk takes (see instrument) and
// returns how many: the tick, variant, concat and index functions.
func (v *VM) pushChunkArgs() int {
	v.L.Push(v.tickFn)
	v.L.Push(v.varFn)
	v.L.Push(v.concatFn)
	v.L.Push(v.indexFn)
	return 4
}

// luaMessage strips gopher-lua's stack trace from an error and keeps the message. An
// error object that is not a string (error { code = 1 }) reads "error object is a
// table", at the line of the error call that raised it (wrapError) when that is known.
// A full value stack says so (stackFull).
func (v *VM) luaMessage(err error) error {
	e, ok := err.(*lua.ApiError)
	if !ok {
		return err
	}
	if s, ok := e.Object.(lua.LString); ok {
		msg := strings.TrimSpace(string(s))
		if strings.HasSuffix(msg, "registry overflow") {
			msg += ": " + stackFull
		}
		return errors.New(msg)
	}
	msg := fmt.Sprintf("error object is a %s", e.Object.Type())
	if e.Object == v.errObj && v.errWhere != "" {
		msg = v.errWhere + " " + msg
	}
	return errors.New(msg)
}

// wrapError replaces the base library's error: as it is, but for an error object that
// is not a string it notes the position of the call (error's level: 1, the caller, by
// default), so that the call's error names that line (luaMessage) and not the hook's
// first.
func (v *VM) wrapError(L *lua.LState) {
	fn, ok := L.G.Global.RawGetString("error").(*lua.LFunction)
	if !ok || fn.GFunction == nil {
		return
	}
	orig := fn.GFunction
	L.G.Global.RawSetString("error", L.NewFunction(func(L *lua.LState) int {
		if obj := L.Get(1); obj.Type() != lua.LTString {
			v.errObj, v.errWhere = obj, ""
			if level := L.OptInt(2, 1); level > 0 {
				v.errWhere = L.Where(level)
			}
		}
		return orig(L)
	}))
}

// compiled is one entry of the compile cache.
type compiled struct {
	once  sync.Once
	proto *lua.FunctionProto
	chunk []ast.Stmt
	err   error
}

// compileCache holds the scripts compiled in this process, by name and content.
var compileCache = NewCache[*compiled]()

// maxCached bounds each cache; a full cache starts afresh (only a fuzzer or a
// long-lived process loading endless new scripts gets there).
const maxCached = 4096

// Cache is a map bounded to a few thousand entries, safe for goroutines: the compile
// cache, and the variant registry's cache of loaded scripts. A full cache starts
// afresh.
type Cache[V any] struct {
	mu sync.Mutex
	m  map[string]V
}

// NewCache returns an empty cache.
func NewCache[V any]() *Cache[V] { return &Cache[V]{m: map[string]V{}} }

// GetOrAdd returns the value for key, adding mk() when there is none.
func (c *Cache[V]) GetOrAdd(key string, mk func() V) V {
	c.mu.Lock()
	defer c.mu.Unlock()
	if v, ok := c.m[key]; ok {
		return v
	}
	if len(c.m) >= maxCached {
		clear(c.m)
	}
	v := mk()
	c.m[key] = v
	return v
}

// Get returns the value for key, if there is one.
func (c *Cache[V]) Get(key string) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	v, ok := c.m[key]
	return v, ok
}

// Compile parses a script, checks its globals (strict globals: globals.go) and
// compiles it with the time limit's countdown and the memory budget's checks built in,
// once per process for a name and content; each VM then makes its functions from the
// shared prototype. It also returns the syntax tree as compiled (the script's statements
// after one declaration of the instrumentation's locals), for the lines of a script's
// tables. A syntax error reads as stock Lua's (syntax.go).
func Compile(name string, src []byte) (*lua.FunctionProto, []ast.Stmt, error) {
	sum := sha256.Sum256(src)
	key := name + "\x00" + string(sum[:])
	c := compileCache.GetOrAdd(key, func() *compiled { return &compiled{} })
	c.once.Do(func() { c.proto, c.chunk, c.err = compileNow(name, src) })
	return c.proto, c.chunk, c.err
}

func compileNow(name string, src []byte) (proto *lua.FunctionProto, chunk []ast.Stmt, err error) {
	defer func() {
		if r := recover(); r != nil {
			proto, chunk, err = nil, nil, fmt.Errorf("%s: cannot compile: %v", name, r)
		}
	}()
	chunk, err = parse.Parse(bytes.NewReader(src), name)
	if err != nil {
		return nil, nil, syntaxError(name, src, err) // in stock Lua's words (syntax.go)
	}
	if err := checkGlobals(name, chunk); err != nil {
		return nil, nil, err
	}
	chunk = instrument(chunk)
	proto, err = lua.Compile(chunk, name)
	if err != nil {
		if ce, ok := err.(*lua.CompileError); ok {
			return nil, nil, fmt.Errorf("%s:%d: %s", name, ce.Line, ce.Message)
		}
		return nil, nil, fmt.Errorf("%s: %w", name, err)
	}
	return proto, chunk, nil
}
