// Package variants is the registry of named variants and the Lua bridge that loads
// variant scripts.
//
// A Variant is a base game (kalah, ...) with its knob values resolved and, for a Lua
// variant, its hooks. Variants layer: a script extends a base game or another variant
// (by name or by a path relative to the script), house-rule scripts stack on top
// (Variant.WithHouseRules), and a YAML config or --set overrides knobs last
// (Variant.With). A Variant is immutable and shared; each worker goroutine calls
// NewGame to get its own core.Game.
//
// # Where variants come from
//
// Lookup resolves, in order: a path ending in .lua (relative to the working directory,
// then to Options.ScriptsDir); a base game (kalah); a built-in script of the embedded
// library (kalah/pie is scripts/kalah/pie.lua); a user script in Options.ScriptsDir
// (my/rule is DIR/my/rule.lua, or any script there whose name field says my/rule).
// Built-in names win over user scripts. The CLI fills ScriptsDir from --scripts, the
// config, or the KALAHLAB_SCRIPTS environment variable (envScripts).
//
// Which files a name may load is decided in one place, paths.go: the catalogue, and
// .lua files inside the allowed roots (the scripts directory; the folder of a script
// the user named, unless Options.Confined), links followed. Every extends and require,
// and with Options.Confined the name itself (a web request, a game record), stays
// inside them; a refused file is never read.
//
// # The Lua bridge
//
// A script returns variant { name, extends, summary, params, fields, board, hooks, examples }
// (see scripts/README.md, the Lua API reference). Its knobs are checked in Go against
// the base game's ParamSpecs; its hooks are checked against the base game's hook names;
// its fields table (Ludo's special squares) against the knobs and hooks (binder.fields).
// A script's fields table replaces its parent's; without one it keeps its parent's. Its
// board table (Ludo's drawing: grid, track, start squares, home columns) layers the same
// way and is checked against the knobs (binder.board).
// Each script is compiled once per process (the compile cache); its top level runs
// once at load time, in a throwaway sandbox, to read the table.
//
// The mancala base game takes a descriptor as tables (board, sowing, captures, ending,
// moves: mancala_desc.go), compiled into core/mancala's Rules when the variant is
// resolved; its hooks (capture, after_sow) are in mancala_hooks.go.
//
// # The rooms of this package
//
// registry.go and check.go name no game: they consult binders (hooks.go), the one list
// of base games. Each base game has one binder file: kalah_hooks.go, checkers_hooks.go,
// tictactoe_hooks.go, ludo_hooks.go (with ludo_board.go, its board table) and
// mancala_hooks.go (with mancala_desc.go and mancala_range.go, the descriptor tables);
// view.go and hooks.go hold what the bindings share; script.go reads a script's table
// (the game tables through the readers of their game's files). Adding a base game is one
// binder file and one line in binders; a game that takes tables of its own also adds
// them to gameTables and to script.read. Running Lua safely is the job of package
// variants/internal/sandbox, which knows no game.
//
// A variant that only sets knobs (and game tables: fields, a board, a descriptor) runs
// at native speed: NewGame returns the base game built from them, with no Lua state at
// all. A variant with hooks gets, per NewGame call, one fresh sandboxed Lua state (made
// from the cached compiled code) whose functions the game's hooks call; such a game
// belongs to one goroutine. Hooks see the position through one long-lived board view
// per game.
//
// The sandbox (package variants/internal/sandbox, whose doc lists its guarantees) opens
// only the base, table, string and math libraries; globals are strict; libraries and
// board views are locked; every load and every hook call has a time limit, and every
// Lua state a memory budget (SetMemoryBudget); syntax errors read as stock Lua's; require
// serves the embedded scripts/lib modules, then the user's from the script's folder
// (when it is an allowed root: paths.go) and the scripts directory. On top of it, a hook must return what its API says.
package variants

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	lua "github.com/yuin/gopher-lua"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/scripts"
)

// baseNames lists the base games' names, in binders' order.
func baseNames() []string {
	names := make([]string, 0, len(binders))
	for _, b := range binders {
		names = append(names, b.def.Name)
	}
	return names
}

// HookNames lists the hooks a base game calls (nil for a game without hooks yet).
func HookNames(base string) []string {
	if b := binderOf(base); b != nil {
		return slices.Clone(b.hooks)
	}
	return nil
}

// envScripts is the environment variable naming the user scripts directory. Lookup does
// not read it: the CLI puts it into Options.ScriptsDir (see EnvOptions).
const envScripts = "KALAHLAB_SCRIPTS"

// Options says where user scripts are found and how far a name may reach (see
// paths.go).
type Options struct {
	ScriptsDir string // a directory of user variant scripts ("" for none)
	// Confined says the names looked up come from someone other than the user at their
	// own command line: a web request, a game record, a file of someone else's. A
	// confined name is a catalogue name or a script inside ScriptsDir; an unconfined
	// .lua path (--variant ./my.lua) may be anywhere, and its folder joins the allowed
	// folders of its extends and require. Extends, require and the scripts directory's
	// files are confined either way.
	Confined bool
}

// EnvOptions returns Options with ScriptsDir taken from KALAHLAB_SCRIPTS.
func EnvOptions() Options { return Options{ScriptsDir: os.Getenv(envScripts)} }

// Variant is a named set of rules.
type Variant struct {
	Name        string
	Summary     string
	Description string           // the script's longer description, if any
	Base        string           // the base game
	Source      string           // "built-in", "scripts/kalah/pie.lua (embedded)" or a user file
	Extends     []string         // the chain of variants it extends, nearest first, ending with the base game
	Hooks       []string         // the hooks its scripts set, sorted
	Examples    []Example        // the examples of its own script
	Params      core.Params      // every knob's value
	Specs       []core.ParamSpec // the base game's knobs
	Hash        string           // hex SHA-256 of the scripts defining it ("" for a base game)
	Family      string           // the family of games it belongs to, for listings (default: its base game)
	Region      string           // where the game is played, for listings ("" when not said)
	Ludii       string           // the Ludii ruleset its script corresponds to, by name ("" when none is said)
	Sources     []string         // the sources its script's rules come from (books, papers, pages), as written
	OldNames    []string         // the old names that resolve to it (renames.go), sorted

	def    core.Def   // the base game
	layers []*script  // the scripts with hooks, base first (later ones win)
	tables gameTables // the base game's own tables its scripts set (Ludo's fields, a mancala descriptor, ...)
}

// NewGame returns a game for one goroutine. A variant without hooks gives the base
// game built from its knobs (and its fields and board tables, if scripts set them), with no Lua;
// one with hooks gets a fresh Lua state of its own, so call NewGame once per worker
// goroutine and reuse the game for all its playouts.
func (v *Variant) NewGame() (core.Game, error) {
	return v.NewGameContext(context.Background())
}

// NewGameContext is NewGame with a context that interrupts the game's Lua code: once
// ctx is done, a hook that runs long (now or later) stops within a thousand Lua steps
// with an error (the game ends with State.Err), so that a slow or endless hook cannot
// hold up a cancelled command for its whole time limit.
func (v *Variant) NewGameContext(ctx context.Context) (core.Game, error) {
	if len(v.layers) == 0 && v.tables == (gameTables{}) {
		g, err := v.def.New(v.Name, v.Params)
		if err != nil {
			return nil, fmt.Errorf("variant %s: %w", v.Name, err)
		}
		return g, nil
	}
	b := binderOf(v.Base)
	if b == nil {
		return nil, fmt.Errorf("variant %s: %s is not a base game", v.Name, v.Base)
	}
	var m *vm
	var fns map[string]hookFn
	if len(v.layers) > 0 { // game tables but no hooks: no Lua
		var err error
		if m, fns, err = v.hookFns(ctx); err != nil {
			return nil, fmt.Errorf("variant %s: %w", v.Name, err)
		}
	}
	g, err := b.build(m, v.Name, v.Params, v.tables, fns)
	if err != nil {
		return nil, fmt.Errorf("variant %s: %w", v.Name, err)
	}
	return g, nil
}

// hookFns runs the variant's scripts, base first, in one fresh sandboxed state and
// returns it with their hook functions by name (a later script's hook replaces an
// earlier one's).
func (v *Variant) hookFns(ctx context.Context) (*vm, map[string]hookFn, error) {
	m := newVM()
	m.SetDone(ctx.Done())
	fns := map[string]hookFn{}
	for _, sc := range v.layers {
		m.SetModuleDirs(sc.moduleDirs())
		rets, err := m.Run(sc.proto)
		if err != nil {
			return nil, nil, loadError(sc.file, err)
		}
		var hooks *lua.LTable
		if len(rets) > 0 {
			if t, ok := rets[0].(*lua.LTable); ok {
				hooks, _ = t.RawGetString("hooks").(*lua.LTable)
			}
		}
		for _, name := range sc.hooks {
			var fn *lua.LFunction
			if hooks != nil {
				fn, _ = hooks.RawGetString(name).(*lua.LFunction)
			}
			if fn == nil {
				return nil, nil, fmt.Errorf("%s: hook %s is gone on a second run of the script", sc.file, name)
			}
			fns[name] = hookFn{fn: fn, name: name, file: sc.file, line: sc.hookLines[name]}
		}
	}
	return m, fns, nil
}

// With returns a copy of v with knobs overridden (values as decoded from YAML, Lua or
// --set). Unknown knobs and bad values are errors naming the allowed ones. Hooks stay.
func (v *Variant) With(overrides map[string]any) (*Variant, error) {
	overrides, err := v.dropRetired(overrides)
	if err != nil {
		return nil, fmt.Errorf("variant %s: %w", v.Name, err)
	}
	if len(overrides) == 0 {
		return v, nil
	}
	p, err := core.Apply(v.Specs, v.Params, overrides)
	if err != nil {
		return nil, fmt.Errorf("variant %s: %w", v.Name, err)
	}
	b := binderOf(v.Base)
	// The game tables with the new knobs (a mancala board that lists its pits has fixed houses).
	if err := b.checkRules(v.Name, p, v.tables); err != nil {
		return nil, fmt.Errorf("variant %s: %w", v.Name, err)
	}
	if v.tables.fields != nil {
		// The knobs may no longer fit the fields (a shorter track_length).
		if err := b.fields(v.tables.fields, p, v.Hooks); err != nil {
			return nil, fmt.Errorf("variant %s: %w", v.Name, err)
		}
	}
	if v.tables.board != nil {
		// Nor the board (its track has track_length cells).
		if err := b.board(v.tables.board, p); err != nil {
			return nil, fmt.Errorf("variant %s: %w", v.Name, err)
		}
	}
	c := *v
	c.Params = p
	return &c, nil
}

// WithHouseRules stacks house-rule scripts on v, in order: each one's params and hooks
// apply on top of the variant so far (its hooks replace hooks of the same name). A
// house rule's extends may be omitted; when given it must name a variant of the same
// base game, and is otherwise ignored. Each path is found as Lookup finds names (a
// .lua path, a built-in script or a script in opt.ScriptsDir; with opt.Confined, as a
// game record's house_rules are, only inside the scripts directory). The result is
// named "v+rule1+rule2".
func (v *Variant) WithHouseRules(paths []string, opt Options) (*Variant, error) {
	cur := v
	for _, p := range paths {
		r := newResolver(opt)
		sc, name, err := r.findScript(p, nil)
		if err != nil {
			return nil, fmt.Errorf("house rule %s: %w", p, err)
		}
		if sc == nil {
			return nil, fmt.Errorf("house rule %s: a base game, not a house-rule script", p)
		}
		nv, err := r.resolve(sc, name, cur)
		if err != nil {
			return nil, fmt.Errorf("house rule %s: %w", p, err)
		}
		cur = nv
	}
	return cur, nil
}

// Lookup finds a variant by name: a path to a .lua file, a base game, a built-in
// variant, or a user script in opt.ScriptsDir (see the package doc).
func Lookup(name string, opt Options) (*Variant, error) {
	return newResolver(opt).lookup(name, nil)
}

// LoadScript loads a variant from source text; file names it in messages and anchors
// a relative extends. The script must set extends. Unless opt.Confined, file's folder
// is the user's (its extends and require may reach there); confined (a game record's
// script.path), the folder counts only when it is inside the scripts directory.
func LoadScript(file string, src []byte, opt Options) (*Variant, error) {
	r := newResolver(opt)
	if !opt.Confined {
		r.trust(file)
	}
	sc, err := loadScriptIn(file, src, false, filepath.Dir(file), r.moduleDirs(filepath.Dir(file)))
	if err != nil {
		return nil, err
	}
	return r.resolve(sc, userName(file, sc, opt), nil)
}

// List returns every variant known: base games first, then the built-in and user
// variants by name. Scripts that fail to load are left out (Catalog reports them).
func List(opt Options) []*Variant {
	vs, _ := Catalog(opt)
	return vs
}

// Catalog is List with the errors of the scripts that fail to load (joined).
func Catalog(opt Options) ([]*Variant, error) {
	var out []*Variant
	var errs []error
	for _, b := range binders {
		out = append(out, fromBase(b.def))
	}
	taken := map[string]bool{}
	for _, v := range out {
		taken[v.Name] = true
	}
	var rest []*Variant
	for _, name := range builtinNames() {
		v, err := Lookup(name, Options{})
		if err != nil {
			errs = append(errs, err)
			continue
		}
		taken[v.Name] = true
		rest = append(rest, v)
	}
	for _, file := range userFiles(opt.ScriptsDir) {
		r := newResolver(opt)
		v, err := r.lookupFile(file)
		switch {
		case err != nil:
			errs = append(errs, err)
		case taken[v.Name]:
			errs = append(errs, fmt.Errorf("%s: variant name %q is taken (by a base game, a built-in or another script)", file, v.Name))
		default:
			taken[v.Name] = true
			rest = append(rest, v)
		}
	}
	sort.SliceStable(rest, func(i, j int) bool { return rest[i].Name < rest[j].Name })
	return append(out, rest...), errors.Join(errs...)
}

func fromBase(d core.Def) *Variant {
	return &Variant{
		Name:     d.Name,
		Summary:  d.Summary,
		Base:     d.Name,
		Family:   d.Name,
		Source:   "built-in",
		Params:   core.Defaults(d.Params),
		Specs:    d.Params,
		OldNames: oldNamesOf(d.Name),
		def:      d,
	}
}

// builtinNames lists the variants of the embedded library (every .lua file outside
// lib/ and types/), sorted.
func builtinNames() []string {
	var out []string
	_ = fs.WalkDir(scripts.FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() && (p == "lib" || p == "types") {
			return fs.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(p, ".lua") {
			out = append(out, strings.TrimSuffix(p, ".lua"))
		}
		return nil
	})
	sort.Strings(out)
	return out
}

func isBuiltin(name string) bool {
	if strings.HasPrefix(name, "lib/") || strings.HasPrefix(name, "types/") || !fs.ValidPath(name+".lua") {
		return false
	}
	st, err := fs.Stat(scripts.FS, name+".lua")
	return err == nil && !st.IsDir()
}

// userFiles lists the .lua files under dir (skipping hidden folders, lib and types).
func userFiles(dir string) []string {
	if dir == "" {
		return nil
	}
	var out []string
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() && p != dir && (strings.HasPrefix(d.Name(), ".") || d.Name() == "lib" || d.Name() == "types") {
			return fs.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(p, ".lua") {
			out = append(out, p)
		}
		return nil
	})
	sort.Strings(out)
	return out
}

// userName is the name of a user script: its name field, else its path under the
// scripts directory, else its file name, without .lua.
func userName(file string, sc *script, opt Options) string {
	if sc.name != "" {
		return sc.name
	}
	if opt.ScriptsDir != "" {
		if rel, err := filepath.Rel(opt.ScriptsDir, file); err == nil && !strings.HasPrefix(rel, "..") && !filepath.IsAbs(rel) {
			return strings.TrimSuffix(filepath.ToSlash(rel), ".lua")
		}
	}
	return strings.TrimSuffix(filepath.Base(file), ".lua")
}

// maxExtends bounds an extends chain.
const maxExtends = 32

// resolver resolves names and extends chains for one Lookup.
type resolver struct {
	opt   Options
	roots []root   // the folders user scripts may be read from (paths.go)
	stack []string // the scripts being resolved, to report cycles
}

func newResolver(opt Options) *resolver { return &resolver{opt: opt, roots: rootsOf(opt)} }

// lookupFile resolves a file found in the scripts directory (confined: a link out of
// it is refused).
func (r *resolver) lookupFile(file string) (*Variant, error) {
	sc, name, err := r.loadUser(file)
	if err != nil {
		return nil, err
	}
	return r.resolve(sc, name, nil)
}

func (r *resolver) lookup(name string, from *script) (*Variant, error) {
	if rn, ok := RenamedFrom(name); ok { // an old name: the game under its one name
		v, err := r.lookup(rn.New, from)
		if err != nil {
			return nil, fmt.Errorf("%s (the old name of %s): %w", name, rn.New, err)
		}
		return v.With(rn.Knobs)
	}
	sc, vname, err := r.findScript(name, from)
	if err != nil {
		return nil, err
	}
	if sc == nil {
		return fromBase(binderOf(name).def), nil
	}
	return r.resolve(sc, vname, nil)
}

// findScript finds the script a name means (nil for a base game) and the variant name
// it gets. from is the script whose extends names it (nil for a top-level lookup).
func (r *resolver) findScript(name string, from *script) (*script, string, error) {
	if rn, ok := RenamedFrom(name); ok { // an old name (a house rule's: its knobs are lookup's)
		name = rn.New
	}
	if strings.HasSuffix(name, ".lua") {
		return r.findPath(name, from)
	}
	if binderOf(name) != nil {
		return nil, name, nil
	}
	if isBuiltin(name) {
		sc, err := loadBuiltin(name)
		return sc, name, err
	}
	if (from == nil || !from.builtin) && r.opt.ScriptsDir != "" {
		if file := scriptsFile(r.opt.ScriptsDir, name); file != "" {
			if st, err := os.Stat(file); err == nil && !st.IsDir() {
				return r.loadUser(file)
			}
		}
		for _, file := range userFiles(r.opt.ScriptsDir) {
			sc, n, err := r.loadUser(file)
			if err == nil && n == name {
				return sc, n, nil
			}
		}
	}
	return nil, "", r.unknown(name, from)
}

func (r *resolver) findPath(name string, from *script) (*script, string, error) {
	if from != nil && from.builtin {
		p := path.Join(from.dir, name)
		if !fs.ValidPath(p) || !isBuiltin(strings.TrimSuffix(p, ".lua")) {
			return nil, "", fmt.Errorf("no built-in script %s", p)
		}
		sc, err := loadBuiltin(strings.TrimSuffix(p, ".lua"))
		return sc, strings.TrimSuffix(p, ".lua"), err
	}
	file := filepath.FromSlash(name)
	if from != nil {
		if !filepath.IsAbs(file) {
			file = filepath.Join(from.dir, file)
		}
		return r.loadUser(file) // an extends: inside the roots
	}
	file = r.topFile(file)
	if !r.opt.Confined {
		r.trust(file) // the user's own file: it and its folder are theirs
	}
	return r.loadUser(file)
}

// topFile is the file a .lua path names at the top level: the path itself (relative to
// the working directory), else relative to the scripts directory. A confined name
// prefers the candidate inside the roots.
func (r *resolver) topFile(file string) string {
	if filepath.IsAbs(file) || r.opt.ScriptsDir == "" {
		return file
	}
	near := filepath.Join(r.opt.ScriptsDir, file)
	if _, err := os.Stat(file); err != nil {
		if _, err := os.Stat(near); err == nil {
			return near
		}
		return file
	}
	if r.opt.Confined && r.check(file) != nil && fileExists(near) && r.check(near) == nil {
		return near
	}
	return file
}

func fileExists(path string) bool {
	st, err := os.Stat(path)
	return err == nil && !st.IsDir()
}

// loadUser loads a user script file, which must be inside the roots (paths.go).
func (r *resolver) loadUser(file string) (*script, string, error) {
	if err := r.check(file); err != nil {
		return nil, "", err
	}
	src, err := os.ReadFile(file)
	if err != nil {
		return nil, "", fmt.Errorf("variant script: %w", err)
	}
	sc, err := loadScriptIn(filepath.Clean(file), src, false, filepath.Dir(file), r.moduleDirs(filepath.Dir(file)))
	if err != nil {
		return nil, "", err
	}
	return sc, userName(file, sc, r.opt), nil
}

func loadBuiltin(name string) (*script, error) {
	src, err := fs.ReadFile(scripts.FS, name+".lua")
	if err != nil {
		return nil, err
	}
	sc, err := loadScript("scripts/"+name+".lua", src, true, path.Dir(name))
	if err != nil {
		return nil, err
	}
	if sc.name != "" && sc.name != name {
		return nil, sc.errorf(sc.lines.fields["name"], "name %q differs from the built-in's path name %q", sc.name, name)
	}
	return sc, nil
}

func (r *resolver) unknown(name string, from *script) error {
	names := append(baseNames(), builtinNames()...)
	if from == nil || !from.builtin {
		for _, f := range userFiles(r.opt.ScriptsDir) {
			if rel, err := filepath.Rel(r.opt.ScriptsDir, f); err == nil {
				names = append(names, strings.TrimSuffix(filepath.ToSlash(rel), ".lua"))
			}
		}
	}
	paths := "a path to a .lua file works too"
	switch {
	case r.opt.Confined && r.opt.ScriptsDir != "":
		paths = "or the path of a .lua file inside the scripts directory"
	case r.opt.Confined:
		paths = ""
	}
	return &UnknownError{Name: name, Close: core.Close(name, names, 5), Known: len(names), Paths: paths}
}

// UnknownError is a variant name that names no variant: not a base game, a built-in,
// a user script or a .lua file.
type UnknownError struct {
	Name  string   // the name asked for
	Close []string // the known names closest to it, closest first (at most five)
	Known int      // how many names are known
	Paths string   // what else a name may be: "a path to a .lua file works too" (or "")
}

// Error says which name is unknown, the close matches, and where to see them all.
func (e *UnknownError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "variant %q unknown", e.Name)
	if len(e.Close) > 0 {
		fmt.Fprintf(&b, ", did you mean %q?", e.Close[0])
	}
	b.WriteString(" (")
	if len(e.Close) > 1 {
		q := make([]string, len(e.Close)-1)
		for i, c := range e.Close[1:] {
			q[i] = strconv.Quote(c)
		}
		fmt.Fprintf(&b, "also close: %s; ", strings.Join(q, ", "))
	}
	fmt.Fprintf(&b, "`kalahlab variants list` shows all %d names", e.Known)
	if e.Paths != "" {
		b.WriteString("; " + e.Paths)
	}
	b.WriteString(")")
	return b.String()
}

// Suggestion is the closest known name, or "".
func (e *UnknownError) Suggestion() string {
	if len(e.Close) == 0 {
		return ""
	}
	return e.Close[0]
}

// resolve builds the variant a script defines: on its extends, or on the variant on
// when it is layered as a house rule.
func (r *resolver) resolve(sc *script, name string, on *Variant) (*Variant, error) {
	leave, err := r.enter(sc)
	if err != nil {
		return nil, err
	}
	defer leave()
	// The errors of reading the script and of checking it against its parent, all at
	// once in line order: a misspelt field and a misspelt hook in one run.
	parent, err := r.parent(sc, on)
	if err != nil {
		return nil, inOrder(append(slices.Clone(sc.errs), err))
	}
	params, err := sc.applyParams(parent)
	if err := inOrder(append(slices.Clone(sc.errs), sc.checkHooks(parent), sc.checkMancala(parent), err)); err != nil {
		return nil, err
	}
	if on != nil {
		name = on.Name + "+" + name
	}
	tables := parent.tables
	tables.mancala = parent.tables.mancala.layer(sc.mancala)
	if err := binderOf(parent.Base).checkRules(name, params, tables); err != nil {
		if se := (*ScriptError)(nil); !errors.As(err, &se) {
			err = sc.errorf(sc.paramLine(err), "%v", err)
		}
		return nil, err
	}
	layers := parent.layers
	if len(sc.hooks) > 0 {
		layers = append(slices.Clone(parent.layers), sc)
	}
	hooks := slices.Clone(parent.Hooks)
	for _, h := range sc.hooks {
		if !slices.Contains(hooks, h) {
			hooks = append(hooks, h)
		}
	}
	sort.Strings(hooks)
	if tables.fields, err = sc.layerFields(parent, params, hooks); err != nil {
		return nil, err
	}
	if tables.board, err = sc.layerBoard(parent, params); err != nil {
		return nil, err
	}
	summary := sc.summary
	if summary == "" {
		summary = "extends " + parent.Name
	}
	source := sc.file
	if sc.builtin {
		source += " (embedded)"
	}
	h := sha256.Sum256([]byte(parent.Hash + ":" + sc.sum))
	family, region := parent.Family, parent.Region
	if sc.family != "" {
		family = sc.family
	}
	if sc.region != "" {
		region = sc.region
	}
	v := &Variant{
		Name:        name,
		Summary:     summary,
		Description: sc.description,
		Base:        parent.Base,
		Source:      source,
		Extends:     append([]string{parent.Name}, parent.Extends...),
		Hooks:       hooks,
		Examples:    sc.examples,
		Params:      params,
		Specs:       parent.Specs,
		Hash:        hex.EncodeToString(h[:]),
		Family:      family,
		Region:      region,
		Ludii:       sc.ludii,
		Sources:     sc.sources,
		def:         parent.def,
		layers:      layers,
		tables:      tables,
	}
	if on == nil {
		v.OldNames = oldNamesOf(name)
	}
	for i, ex := range sc.examples {
		if len(ex.Set) == 0 {
			continue
		}
		if _, err := v.With(ex.Set); err != nil {
			return nil, sc.errorf(ex.Line, "example %d: set: %v", i+1, err)
		}
	}
	return v, nil
}

// enter pushes a script on the extends stack, refusing a cycle or a chain too long;
// leave pops it.
func (r *resolver) enter(sc *script) (leave func(), err error) {
	key := fmt.Sprintf("%t:%s", sc.builtin, sc.file)
	if slices.Contains(r.stack, key) {
		chain := append(r.stack[slices.Index(r.stack, key):], key)
		for i := range chain {
			_, chain[i], _ = strings.Cut(chain[i], ":")
		}
		return nil, sc.errorf(sc.lines.fields["extends"], "extends cycle: %s", strings.Join(chain, " -> "))
	}
	if len(r.stack) >= maxExtends {
		return nil, sc.errorf(sc.lines.fields["extends"], "extends chain longer than %d", maxExtends)
	}
	r.stack = append(r.stack, key)
	return func() { r.stack = r.stack[:len(r.stack)-1] }, nil
}

// parent is the variant a script builds on: its extends, or on for a house rule (whose
// extends, when given, must be of the same base game).
func (r *resolver) parent(sc *script, on *Variant) (*Variant, error) {
	extLine := sc.lines.fields["extends"]
	parent := on
	if sc.extends != "" {
		p, err := r.lookup(sc.extends, sc)
		if err != nil {
			return nil, fmt.Errorf("%s: extends %q: %w", sc.at(extLine), sc.extends, err)
		}
		if on == nil {
			parent = p
		} else if p.Base != on.Base {
			return nil, sc.errorf(extLine, "extends %s, a %s variant, but it is layered on %s, a %s variant", sc.extends, p.Base, on.Name, on.Base)
		}
	}
	if parent == nil {
		return nil, sc.errorf(0, "extends missing: name the base game (%s) or the variant this script changes", strings.Join(baseNames(), ", "))
	}
	return parent, nil
}

// checkHooks checks that the parent's base game has every hook the script defines.
func (sc *script) checkHooks(parent *Variant) error {
	if len(sc.hooks) == 0 {
		return nil
	}
	b := binderOf(parent.Base)
	if len(b.hooks) == 0 {
		return sc.errorf(sc.lines.fields["hooks"], "%s has no hooks yet: only params can change it", parent.Base)
	}
	var errs []error
	for _, h := range sc.hooks {
		if !slices.Contains(b.hooks, h) {
			errs = append(errs, unknownKey(sc, sc.lines.hooks[h], parent.Base+" hook", h, b.hooks))
		}
	}
	return inOrder(errs)
}

// applyParams sets the script's knobs on a copy of the parent's.
func (sc *script) applyParams(parent *Variant) (core.Params, error) {
	params := parent.Params.Clone()
	var errs []error
	for _, rp := range sc.params {
		spec, err := core.FindSpec(parent.Specs, rp.name)
		if err != nil {
			errs = append(errs, sc.errorf(rp.line, "%v", err))
			continue
		}
		val, err := paramValue(spec, rp.value)
		if err != nil {
			errs = append(errs, sc.errorf(rp.line, "%v", err))
			continue
		}
		params[rp.name] = val
	}
	if err := inOrder(errs); err != nil {
		return nil, err
	}
	return params, nil
}

// layerFields takes the script's special fields (ludo), or the parent's, and checks
// them against the knobs.
func (sc *script) layerFields(parent *Variant, params core.Params, hooks []string) (*fieldLayer, error) {
	b := binderOf(parent.Base)
	fields := parent.tables.fields
	if sc.hasFields {
		if b.fields == nil {
			return nil, sc.errorf(sc.lines.fields["fields"], "%s has no special fields: fields is for ludo", parent.Base)
		}
		fields = &fieldLayer{sc: sc, specs: sc.fields}
	}
	if fields != nil {
		if err := b.fields(fields, params, hooks); err != nil {
			if fields.sc != sc { // a parent's fields that this script's knobs do not fit
				return nil, fmt.Errorf("%s: %w", sc.at(sc.lines.fields["params"]), err)
			}
			return nil, err
		}
	}
	return fields, nil
}

// layerBoard takes the script's board table (ludo), or the parent's, and checks it
// against the knobs.
func (sc *script) layerBoard(parent *Variant, params core.Params) (*boardSpec, error) {
	b := binderOf(parent.Base)
	board := parent.tables.board
	if sc.board != nil {
		if b.board == nil {
			return nil, sc.errorf(sc.lines.fields["board"], "%s has no board table: board is for ludo", parent.Base)
		}
		board = sc.board
	}
	if board != nil {
		if err := b.board(board, params); err != nil {
			if board.sc != sc { // a parent's board that this script's knobs do not fit
				return nil, fmt.Errorf("%s: %w", sc.at(sc.lines.fields["params"]), err)
			}
			return nil, err
		}
	}
	return board, nil
}

// paramLine is the line of the knob a rules error names (`param "enter_on": ...` or
// `enter_on is empty`), else of the params table.
func (sc *script) paramLine(err error) int {
	msg := err.Error()
	for _, rp := range sc.params {
		if rp.line > 0 && (strings.Contains(msg, `"`+rp.name+`"`) || strings.Contains(msg, " "+rp.name+" ")) {
			return rp.line
		}
	}
	return sc.lines.fields["params"]
}
