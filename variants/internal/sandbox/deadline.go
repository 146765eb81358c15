package sandbox

import (
	"fmt"
	"slices"
	"sync/atomic"
	"time"

	lua "github.com/yuin/gopher-lua"
	"github.com/yuin/gopher-lua/ast"
)

// Time limits of Lua code. A hook call or the loading of a script that runs longer is
// stopped with an error (a game then ends with State.Err; the process goes on).
const (
	// HookTimeout bounds one hook call.
	HookTimeout = 250 * time.Millisecond
	// LoadTimeout bounds running a script's top level (and the modules it requires).
	LoadTimeout = 500 * time.Millisecond
)

// hookLimit and loadLimit are the limits in force: HookTimeout and LoadTimeout, made
// shorter by the fuzz tests so that runaway inputs cost little (SetLimits).
var hookLimit, loadLimit atomic.Int64

func init() {
	hookLimit.Store(int64(HookTimeout))
	loadLimit.Store(int64(LoadTimeout))
}

// Limits returns the time limits in force: of a Call (a hook) and of a Run (a script's
// top level).
func Limits() (hook, load time.Duration) {
	return time.Duration(hookLimit.Load()), time.Duration(loadLimit.Load())
}

// SetLimits sets the time limits of Call and Run in every VM, from their next call on
// (0 or less: unchanged), and returns the previous ones, so that
// defer SetLimits(SetLimits(hook, 0)) restores them. Tests and fuzzers shorten them, so
// that runaway inputs cost little, or lengthen them, so that a memory case does not
// race the clock.
func SetLimits(hook, load time.Duration) (prevHook, prevLoad time.Duration) {
	prevHook, prevLoad = Limits()
	if hook > 0 {
		hookLimit.Store(int64(hook))
	}
	if load > 0 {
		loadLimit.Store(int64(load))
	}
	return prevHook, prevLoad
}

// How the time limit works.
//
// gopher-lua can stop a state through a context (LState.SetContext), but then it
// checks the context's Done channel before every instruction: about a fifth of the
// time of a short hook, measured on kalah/strict-capture. Instead, every script is
// instrumented when it is compiled: a countdown is decremented at the top of every loop
// body, before every goto and at the entry of every function (the only ways Lua code
// can run long), and every tickBudget steps it calls the Go function tick, which
// reads the clock and raises an error once the call has run past its limit. Straight-line
// code pays a few instructions per function call and no Go call; no goroutine or timer
// is involved.
//
// The countdown is a local of the chunk (an upvalue of its functions) named so that no
// script can write it: "(ticks)"; the tick function reaches the chunk as an argument. Once a call has expired, tick raises without resetting
// the countdown, so every later check raises again: a pcall inside a loop cannot
// swallow the error for good.
const (
	ticksName   = "(ticks)"   // the countdown local
	tickName    = "(tick)"    // the Go function that reads the clock
	variantName = "(variant)" // the variant function, as the chunk received it
	tickBudget  = 1000        // steps between two reads of the clock
)

// tick is called by instrumented code every tickBudget steps.
func (v *VM) tick(L *lua.LState) int {
	L.Panic = panicNoTrace // from here on, an error of this call builds no traceback (protect.go)
	if v.stopped() {
		v.stop(L, "")
	}
	select {
	case <-v.done:
		v.stop(L, cancelled)
	default:
	}
	if v.tickSeq != v.callSeq {
		v.tickSeq, v.tickStart = v.callSeq, time.Now()
	} else if time.Since(v.tickStart) > v.limit {
		v.stop(L, fmt.Sprintf("time limit exceeded: stopped after %v (an endless loop?)", v.limit))
	}
	v.heapTick(L) // the memory budget: budget.go
	L.Push(lua.LNumber(tickBudget))
	return 1
}

// cancelled is the error of a call stopped by SetDone's channel.
const cancelled = "interrupted: the game's context was cancelled"

// A call stopped by its time limit, its cancellation or a memory budget stays stopped:
// stop records the error, and from then on every check of the call (every tick, every
// string or table gap charged, every step of a pattern match) raises it again, so that
// no pcall, xpcall or error handler can go on for long, and the call's result is that
// error whatever the Lua code did with it (VM.call). The first error of a call is its
// result.

// stop raises msg as the error of the running call and records it as the call's
// result; once the call is stopped, it raises the recorded error whatever msg says.
func (v *VM) stop(L *lua.LState, msg string) {
	if v.failSeq != v.callSeq {
		v.failSeq, v.failWhat, v.failMsg = v.callSeq, msg, msg
		if where := luaWhere(L); where != "" {
			v.failMsg = where + " " + msg
		}
	}
	L.RaiseError("%s", v.failWhat)
}

// stopped reports whether the running call was stopped (stop).
func (v *VM) stopped() bool { return v.failSeq == v.callSeq }

// stopError is the matcher's error for a stopped call (checkTime): the string
// functions raise it through stop.
type stopError string

func (e stopError) Error() string { return string(e) }

// luaWhere is the "file:line:" of the innermost Lua function running in L, as
// RaiseError prefixes it, or "".
func luaWhere(L *lua.LState) string {
	for level := 0; ; level++ {
		if _, ok := L.GetStack(level); !ok {
			return ""
		}
		if w := L.Where(level); w != "[G]:" {
			return w
		}
	}
}

// instrument adds the countdown to a chunk (see above). The chunk starts with
//
//	local (ticks), (tick), (variant), (concat), (index) = 1, ...
//
// taking the tick, variant, concat and index functions from the chunk's arguments
// (VM.pushChunkArgs passes them), so that no script can swap them for another in the
// same state.
//
// The functions written inline as the hooks of a chunk ending with
// return variant { hooks = { name = function ... end } } get no countdown at their
// entry: that call goes to (variant), and the table to Go, so nothing in Lua can reach
// them, they cannot recurse, and the countdown in their loops and in every function they
// call still bounds them. That saves a few instructions on every hook call.
func instrument(chunk []ast.Stmt) []ast.Stmt {
	if t := inlineVariantTable(chunk); t != nil {
		for _, f := range t.Fields {
			if k, ok := f.Key.(*ast.StringExpr); ok && k.Value == "hooks" {
				if hooks, ok := f.Value.(*ast.TableExpr); ok {
					for _, h := range hooks.Fields {
						if fn, ok := h.Value.(*ast.FunctionExpr); ok {
							fn.Stmts = instrumentBlock(fn.Stmts)
							h.Value = &hookExpr{fn}
						}
					}
				}
			}
		}
	}
	chunk = instrumentBlock(chunk)
	unwrapHooks(chunk)
	concatExprs(chunk) // a .. b becomes (concat)(a, b): budget.go
	decl := &ast.LocalAssignStmt{
		Names: []string{ticksName, tickName, variantName, concatName, indexName},
		Exprs: []ast.Expr{&ast.NumberExpr{Value: "1"}, &ast.Comma3Expr{}},
	}
	return append([]ast.Stmt{decl}, chunk...)
}

// tickStmts is: (ticks) = (ticks) - 1; if (ticks) <= 0 then (ticks) = (tick)() end
func tickStmts(line int) []ast.Stmt {
	id := func(name string) ast.Expr {
		e := &ast.IdentExpr{Value: name}
		e.SetLine(line)
		e.SetLastLine(line)
		return e
	}
	numExpr := func(v string) ast.Expr {
		e := &ast.NumberExpr{Value: v}
		e.SetLine(line)
		e.SetLastLine(line)
		return e
	}
	dec := &ast.ArithmeticOpExpr{Operator: "-", Lhs: id(ticksName), Rhs: numExpr("1")}
	dec.SetLine(line)
	dec.SetLastLine(line)
	assign := &ast.AssignStmt{Lhs: []ast.Expr{id(ticksName)}, Rhs: []ast.Expr{dec}}
	call := &ast.FuncCallExpr{Func: id(tickName), Args: []ast.Expr{}}
	call.SetLine(line)
	call.SetLastLine(line)
	reset := &ast.AssignStmt{Lhs: []ast.Expr{id(ticksName)}, Rhs: []ast.Expr{call}}
	cond := &ast.RelationalOpExpr{Operator: "<=", Lhs: id(ticksName), Rhs: numExpr("0")}
	cond.SetLine(line)
	cond.SetLastLine(line)
	iff := &ast.IfStmt{Condition: cond, Then: []ast.Stmt{reset}, Else: []ast.Stmt{}}
	for _, s := range []ast.Stmt{assign, reset, iff} {
		s.SetLine(line)
		s.SetLastLine(line)
	}
	return []ast.Stmt{assign, iff}
}

func withTick(line int, stmts []ast.Stmt) []ast.Stmt {
	return append(tickStmts(line), instrumentBlock(stmts)...)
}

func instrumentBlock(stmts []ast.Stmt) []ast.Stmt {
	out := make([]ast.Stmt, 0, len(stmts))
	for _, s := range stmts {
		switch s := s.(type) {
		case *ast.AssignStmt:
			instrumentExprs(s.Lhs)
			instrumentExprs(s.Rhs)
		case *ast.LocalAssignStmt:
			instrumentExprs(s.Exprs)
		case *ast.FuncCallStmt:
			instrumentExpr(s.Expr)
		case *ast.DoBlockStmt:
			s.Stmts = instrumentBlock(s.Stmts)
		case *ast.WhileStmt:
			instrumentExpr(s.Condition)
			s.Stmts = withTick(s.Line(), s.Stmts)
		case *ast.RepeatStmt:
			instrumentExpr(s.Condition)
			s.Stmts = withTick(s.Line(), s.Stmts)
		case *ast.IfStmt:
			instrumentExpr(s.Condition)
			s.Then = instrumentBlock(s.Then)
			s.Else = instrumentBlock(s.Else)
		case *ast.NumberForStmt:
			instrumentExpr(s.Init)
			instrumentExpr(s.Limit)
			instrumentExpr(s.Step)
			s.Stmts = withTick(s.Line(), s.Stmts)
		case *ast.GenericForStmt:
			instrumentExprs(s.Exprs)
			s.Stmts = withTick(s.Line(), s.Stmts)
		case *ast.FuncDefStmt:
			instrumentExpr(s.Name.Func)
			instrumentExpr(s.Name.Receiver)
			instrumentExpr(s.Func)
		case *ast.ReturnStmt:
			instrumentExprs(s.Exprs)
		case *ast.GotoStmt:
			out = append(out, tickStmts(s.Line())...)
		}
		out = append(out, s)
	}
	return out
}

func instrumentExprs(es []ast.Expr) {
	for _, e := range es {
		instrumentExpr(e)
	}
}

// hookExpr marks a hook function already instrumented (without the entry countdown)
// while the rest of the chunk is; unwrapHooks puts the function back.
type hookExpr struct{ *ast.FunctionExpr }

func unwrapHooks(chunk []ast.Stmt) {
	if t := inlineVariantTable(chunk); t != nil {
		for _, f := range t.Fields {
			if hooks, ok := f.Value.(*ast.TableExpr); ok {
				for _, h := range hooks.Fields {
					if he, ok := h.Value.(*hookExpr); ok {
						h.Value = he.FunctionExpr
					}
				}
			}
		}
	}
}

// inlineVariantTable is the table constructor of a chunk ending with
// return variant { ... } (nil for any other ending).
func inlineVariantTable(chunk []ast.Stmt) *ast.TableExpr {
	if len(chunk) == 0 {
		return nil
	}
	ret, ok := chunk[len(chunk)-1].(*ast.ReturnStmt)
	if !ok || len(ret.Exprs) != 1 {
		return nil
	}
	call, ok := ret.Exprs[0].(*ast.FuncCallExpr)
	if !ok || len(call.Args) != 1 || call.Receiver != nil {
		return nil
	}
	if id, ok := call.Func.(*ast.IdentExpr); !ok || (id.Value != "variant" && id.Value != variantName) {
		return nil
	}
	t, ok := call.Args[0].(*ast.TableExpr)
	if !ok {
		return nil
	}
	for _, st := range chunk {
		if la, ok := st.(*ast.LocalAssignStmt); ok && slices.Contains(la.Names, "variant") {
			return nil // a local shadows the global variant
		}
	}
	call.Func = &ast.IdentExpr{Value: variantName}
	call.Func.SetLine(call.Line())
	call.Func.SetLastLine(call.Line())
	return t
}

func instrumentExpr(e ast.Expr) {
	switch e := e.(type) {
	case *ast.FunctionExpr:
		e.Stmts = withTick(e.Line(), e.Stmts)
	case *ast.AttrGetExpr:
		instrumentExpr(e.Object)
		instrumentExpr(e.Key)
	case *ast.TableExpr:
		for _, f := range e.Fields {
			instrumentExpr(f.Key)
			instrumentExpr(f.Value)
		}
	case *ast.FuncCallExpr:
		instrumentExpr(e.Func)
		instrumentExpr(e.Receiver)
		instrumentExprs(e.Args)
	case *ast.LogicalOpExpr:
		instrumentExpr(e.Lhs)
		instrumentExpr(e.Rhs)
	case *ast.RelationalOpExpr:
		instrumentExpr(e.Lhs)
		instrumentExpr(e.Rhs)
	case *ast.StringConcatOpExpr:
		instrumentExpr(e.Lhs)
		instrumentExpr(e.Rhs)
	case *ast.ArithmeticOpExpr:
		instrumentExpr(e.Lhs)
		instrumentExpr(e.Rhs)
	case *ast.UnaryMinusOpExpr:
		instrumentExpr(e.Expr)
	case *ast.UnaryNotOpExpr:
		instrumentExpr(e.Expr)
	case *ast.UnaryLenOpExpr:
		instrumentExpr(e.Expr)
	}
}
