package sandbox

import (
	"fmt"
	"sort"
	"strings"
	"sync"

	lua "github.com/yuin/gopher-lua"
	"github.com/yuin/gopher-lua/ast"

	"github.com/kalahlab/kalahlab/core"
)

// sandboxNames is what a sandboxed state offers: its globals and the fields of its
// library tables (string, table, math).
type sandboxNames struct {
	globals map[string]bool
	fields  map[string]map[string]bool
}

var (
	namesOnce sync.Once
	names     sandboxNames
)

// sandbox returns the names of a fresh sandboxed state, computed once.
func sandbox() sandboxNames {
	namesOnce.Do(func() {
		v := New()
		names = sandboxNames{globals: map[string]bool{}, fields: map[string]map[string]bool{}}
		v.L.G.Global.ForEach(func(k, val lua.LValue) {
			name := k.String()
			if strings.HasPrefix(name, "(") {
				return // the hidden tick function of the time limit
			}
			names.globals[name] = true
			if t, ok := val.(*lua.LTable); ok && name != "_G" {
				if real, ok := v.libs[t]; ok {
					t = real // the library behind its read-only view
				}
				f := map[string]bool{}
				t.ForEach(func(k, _ lua.LValue) { f[k.String()] = true })
				names.fields[name] = f
			}
		})
		v.L.Close()
	})
	return names
}

func keys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// checkGlobals makes a typo a load error: every name a script reads must be a local in
// scope or a global of the sandbox, a script assigns no global, and a field read from a
// library table (math.floor) must exist.
func checkGlobals(file string, chunk []ast.Stmt) error {
	c := &globalChecker{file: file, names: sandbox()}
	c.block(chunk, nil)
	return c.err
}

// scope is a persistent list of the locals in scope.
type scope struct {
	name   string
	parent *scope
}

func (s *scope) has(name string) bool {
	for ; s != nil; s = s.parent {
		if s.name == name {
			return true
		}
	}
	return false
}

func (s *scope) with(names ...string) *scope {
	for _, n := range names {
		s = &scope{name: n, parent: s}
	}
	return s
}

func (s *scope) all() []string {
	var out []string
	for ; s != nil; s = s.parent {
		out = append(out, s.name)
	}
	return out
}

type globalChecker struct {
	file  string
	names sandboxNames
	err   error
}

func (c *globalChecker) fail(line int, format string, a ...any) {
	if c.err == nil {
		c.err = fmt.Errorf("%s:%d: %s", c.file, line, fmt.Sprintf(format, a...))
	}
}

func (c *globalChecker) block(stmts []ast.Stmt, sc *scope) *scope {
	for _, s := range stmts {
		if c.err != nil {
			return sc
		}
		sc = c.stmt(s, sc)
	}
	return sc
}

// stmt checks one statement and returns the scope after it (a local statement adds
// its names).
func (c *globalChecker) stmt(s ast.Stmt, sc *scope) *scope {
	switch s := s.(type) {
	case *ast.AssignStmt:
		c.exprs(s.Rhs, sc)
		for _, l := range s.Lhs {
			if id, ok := l.(*ast.IdentExpr); ok {
				if !sc.has(id.Value) {
					c.fail(id.Line(), "assignment to undeclared global %q: declare it local", id.Value)
				}
				continue
			}
			c.expr(l, sc)
		}
	case *ast.LocalAssignStmt:
		if len(s.Names) == 1 && len(s.Exprs) == 1 {
			if _, ok := s.Exprs[0].(*ast.FunctionExpr); ok {
				// local function f: f is in scope in its own body.
				sc = sc.with(s.Names...)
				c.exprs(s.Exprs, sc)
				return sc
			}
		}
		c.exprs(s.Exprs, sc)
		return sc.with(s.Names...)
	case *ast.FuncCallStmt:
		c.expr(s.Expr, sc)
	case *ast.DoBlockStmt:
		c.block(s.Stmts, sc)
	case *ast.WhileStmt:
		c.expr(s.Condition, sc)
		c.block(s.Stmts, sc)
	case *ast.RepeatStmt:
		inner := c.block(s.Stmts, sc) // the condition sees the body's locals
		c.expr(s.Condition, inner)
	case *ast.IfStmt:
		c.expr(s.Condition, sc)
		c.block(s.Then, sc)
		c.block(s.Else, sc)
	case *ast.NumberForStmt:
		c.expr(s.Init, sc)
		c.expr(s.Limit, sc)
		if s.Step != nil {
			c.expr(s.Step, sc)
		}
		c.block(s.Stmts, sc.with(s.Name))
	case *ast.GenericForStmt:
		c.exprs(s.Exprs, sc)
		c.block(s.Stmts, sc.with(s.Names...))
	case *ast.FuncDefStmt:
		if s.Name.Func != nil {
			if id, ok := s.Name.Func.(*ast.IdentExpr); ok && !sc.has(id.Value) {
				c.fail(s.Line(), "function %s defines a global: write local function %s", id.Value, id.Value)
				return sc
			}
			c.expr(s.Name.Func, sc)
		} else {
			c.expr(s.Name.Receiver, sc)
		}
		c.function(s.Func, sc, s.Name.Method != "")
	case *ast.ReturnStmt:
		c.exprs(s.Exprs, sc)
	}
	return sc
}

func (c *globalChecker) exprs(es []ast.Expr, sc *scope) {
	for _, e := range es {
		c.expr(e, sc)
	}
}

func (c *globalChecker) function(f *ast.FunctionExpr, sc *scope, method bool) {
	if method {
		sc = sc.with("self")
	}
	if f.ParList != nil {
		sc = sc.with(f.ParList.Names...)
		if f.ParList.HasVargs {
			sc = sc.with("arg")
		}
	}
	c.block(f.Stmts, sc)
}

func (c *globalChecker) expr(e ast.Expr, sc *scope) {
	if c.err != nil || e == nil {
		return
	}
	switch e := e.(type) {
	case *ast.IdentExpr:
		if !sc.has(e.Value) && !c.names.globals[e.Value] {
			cands := append(keys(c.names.globals), sc.all()...)
			if sug := core.Suggest(e.Value, cands); sug != "" {
				c.fail(e.Line(), "unknown global %q, did you mean %q?", e.Value, sug)
			} else {
				c.fail(e.Line(), "unknown global %q (declare it local, or see scripts/README.md for the globals a script has)", e.Value)
			}
		}
	case *ast.AttrGetExpr:
		c.expr(e.Object, sc)
		if id, ok := e.Object.(*ast.IdentExpr); ok && !sc.has(id.Value) {
			if fields, ok := c.names.fields[id.Value]; ok {
				if k, ok := e.Key.(*ast.StringExpr); ok && !fields[k.Value] {
					msg := fmt.Sprintf("unknown field %s.%s", id.Value, k.Value)
					if sug := core.Suggest(k.Value, keys(fields)); sug != "" {
						msg += fmt.Sprintf(", did you mean %s.%s?", id.Value, sug)
					}
					c.fail(e.Line(), "%s", msg)
				}
			}
		}
		c.expr(e.Key, sc)
	case *ast.TableExpr:
		for _, f := range e.Fields {
			c.expr(f.Key, sc)
			c.expr(f.Value, sc)
		}
	case *ast.FuncCallExpr:
		c.expr(e.Func, sc)
		c.expr(e.Receiver, sc)
		c.exprs(e.Args, sc)
	case *ast.LogicalOpExpr:
		c.expr(e.Lhs, sc)
		c.expr(e.Rhs, sc)
	case *ast.RelationalOpExpr:
		c.expr(e.Lhs, sc)
		c.expr(e.Rhs, sc)
	case *ast.StringConcatOpExpr:
		c.expr(e.Lhs, sc)
		c.expr(e.Rhs, sc)
	case *ast.ArithmeticOpExpr:
		c.expr(e.Lhs, sc)
		c.expr(e.Rhs, sc)
	case *ast.UnaryMinusOpExpr:
		c.expr(e.Expr, sc)
	case *ast.UnaryNotOpExpr:
		c.expr(e.Expr, sc)
	case *ast.UnaryLenOpExpr:
		c.expr(e.Expr, sc)
	case *ast.FunctionExpr:
		c.function(e, sc, false)
	}
}
