package variants

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	lua "github.com/yuin/gopher-lua"
	"github.com/yuin/gopher-lua/ast"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/variants/internal/sandbox"
)

// Example is one position test a script carries: from a position (the start when
// From is empty), play moves, then expect a position and (when Legal is set) the legal
// moves there. The tests and `variants check` run them.
type Example struct {
	Name  string   // a sentence saying which rule it pins (optional)
	From  string   // a position string; "" for the start
	Play  []string // moves in the game's notation
	Want  string   // the position string after the moves ("" checks nothing)
	Legal []string // the legal moves after Play (nil checks nothing)
	// Set overrides knobs for this example only ({ houses = 5, seeds = 5 }: a source's
	// worked example on a smaller board), values as Lua gives them; nil plays the
	// variant's own knobs.
	Set  map[string]any
	File string // the script that holds it
	Line int    // its line there (0 when unknown)
}

// Where is "file:line" (or "file") of the example.
func (e Example) Where() string {
	if e.Line > 0 {
		return e.File + ":" + strconv.Itoa(e.Line)
	}
	return e.File
}

// script is a variant script as loaded: its fields read from the table it returns,
// before its extends is resolved. Scripts are immutable and cached by content.
type script struct {
	file    string // the name in messages: "scripts/kalah/pie.lua" or the user's path
	builtin bool
	dir     string   // built-in: folder in scripts.FS; user: folder on disk
	mods    []string // the user folders its require looks in (none for a built-in): see resolver.moduleDirs
	sum     string   // hex SHA-256 of the source
	proto   *lua.FunctionProto

	name, extends, summary, description string
	params                              []rawParam
	hooks                               []string // hook names, sorted
	hookLines                           map[string]int
	fields                              []fieldSpec // the special fields, by kind name
	hasFields                           bool        // the script sets fields (fields = {} clears them)
	board                               *boardSpec  // the board table (Ludo), nil when the script sets none
	examples                            []Example
	lines                               tableLines
	mancala                             *mancalaSpec // the mancala descriptor tables it sets (nil: none)
	family, region                      string       // for variants list ("" : the parent's)
	ludii                               string       // the Ludii ruleset it corresponds to ("" : none said)
	sources                             []string     // the books, papers and pages its rules come from
	// errs are the errors reading its table found, each field read on its own; resolve
	// reports them with those of its own checks, all at once, in line order.
	errs []error
}

// fieldSpec is one kind of special field as a script wrote it in its fields table
// (fields = { star = { cells = {...}, jump = "next_star" } }), checked against the base
// game once its knobs and hooks are known (binder.fields).
type fieldSpec struct {
	kind                        string
	cells                       []int
	jump                        string
	safe, safeExceptOthersStart bool
	line                        int            // the line of the kind (0 when unknown)
	keyLines                    map[string]int // the lines of its keys
}

// at is the line of the field's key (cells, jump, ...), else of the field.
func (f *fieldSpec) at(key string) int {
	if l := f.keyLines[key]; l > 0 {
		return l
	}
	return f.line
}

// fieldLayer is the fields table of a variant: the script that set it last and its
// kinds (none for fields = {}).
type fieldLayer struct {
	sc    *script
	specs []fieldSpec
}

// rawParam is a knob value as the script wrote it, checked once the base is known.
type rawParam struct {
	name  string
	value lua.LValue
	line  int
}

// at formats a position in the script for an error.
func (sc *script) at(line int) string {
	if line > 0 {
		return sc.file + ":" + strconv.Itoa(line)
	}
	return sc.file
}

func (sc *script) errorf(line int, format string, a ...any) error {
	return &ScriptError{File: sc.file, Line: line, Msg: fmt.Sprintf(format, a...)}
}

// The fields a variant table may hold.
var variantFields = []string{"name", "extends", "summary", "description", "family", "region", "ludii", "sources", "params", "fields", "board",
	"sowing", "captures", "ending", "moves", "hooks", "examples"}

// fieldKeys are the keys of one kind of the fields table.
var fieldKeys = []string{"cells", "jump", "safe", "safe_except_others_start"}

var exampleFields = []string{"name", "from", "play", "want", "legal", "set"}

// scriptCache holds the loaded scripts by name and content.
var scriptCache = sandbox.NewCache[*script]()

// loadScript compiles a script (once per process), runs its top level in a fresh
// sandbox and reads the variant table it returns.
func loadScript(file string, src []byte, builtin bool, dir string) (*script, error) {
	return loadScriptIn(file, src, builtin, dir, nil)
}

// loadScriptIn is loadScript for a user script whose require looks for modules in the
// folders mods (already checked against the allowed roots: paths.go).
func loadScriptIn(file string, src []byte, builtin bool, dir string, mods []string) (*script, error) {
	sum := sha256.Sum256(src)
	key := fmt.Sprintf("%t\x00%s\x00%q\x00%s\x00%x", builtin, dir, mods, file, sum)
	if sc, ok := scriptCache.Get(key); ok {
		return sc, nil
	}
	proto, chunk, err := sandbox.Compile(file, src)
	if err != nil {
		return nil, err
	}
	sc := &script{file: file, builtin: builtin, dir: dir, mods: mods, sum: hex.EncodeToString(sum[:]), proto: proto, lines: findLines(chunk)}
	m := sandbox.New()
	defer m.Close()
	m.SetModuleDirs(sc.moduleDirs())
	t, err := sc.run(m, proto, chunk)
	if err != nil {
		return nil, err
	}
	if sc.errs = sc.read(t); len(sc.errs) > 0 {
		return sc, nil // not cached: resolve reports the errors with its own (inOrder)
	}
	return scriptCache.GetOrAdd(key, func() *script { return sc }), nil
}

// returnWant is what a script must return.
const returnWant = `a variant script ends with return variant { extends = "kalah", ... } (the base game or variant it changes, then its params, hooks, ...)`

// run runs the script's top level in m and returns the variant table it returns: a
// script that returns nothing, something else or more than the table is a load error
// saying what it must return (at its last return statement, when it has one).
func (sc *script) run(m *sandbox.VM, proto *lua.FunctionProto, chunk []ast.Stmt) (*lua.LTable, error) {
	rets, err := m.Run(proto)
	if err != nil {
		return nil, loadError(sc.file, err)
	}
	n := len(rets)
	var ret lua.LValue = lua.LNil
	if n > 0 {
		ret = rets[0]
	}
	line := 0
	if len(chunk) > 0 {
		if r, ok := chunk[len(chunk)-1].(*ast.ReturnStmt); ok {
			line = r.Line()
		}
	}
	t, ok := ret.(*lua.LTable)
	switch {
	case n == 0:
		return nil, sc.errorf(line, "the script returns nothing: %s", returnWant)
	case !ok:
		return nil, sc.errorf(line, "the script returns %s: %s", typeName(ret), returnWant)
	case n > 1:
		return nil, sc.errorf(line, "the script returns %d values: %s, one table", n, returnWant)
	}
	return t, nil
}

// loadError turns the message of a failed load into a ScriptError.
func loadError(file string, err error) error {
	if m := luaPos.FindStringSubmatch(err.Error()); m != nil {
		line, _ := strconv.Atoi(m[2])
		return &ScriptError{File: m[1], Line: line, Msg: m[3]}
	}
	return &ScriptError{File: file, Msg: err.Error()}
}

// read takes the fields of the variant table and returns the errors it found: each
// field is read on its own, so that one run reports every field at fault.
func (sc *script) read(t *lua.LTable) []error {
	var errs []error
	for _, key := range sortedKeys(t) {
		if err := sc.readField(t, key, t.RawGetString(key)); err != nil {
			errs = append(errs, err)
		}
	}
	if len(errs) == 0 {
		if err := sc.mancalaKnobs(t); err != nil {
			errs = append(errs, err)
		}
	}
	// A key that is not a string (variant { 1, 2 }) is a mistake too.
	bad := false
	t.ForEach(func(k, _ lua.LValue) {
		if _, ok := k.(lua.LString); !ok && !bad {
			bad = true
			errs = append(errs, sc.errorf(0, "variant table has a %s key %s (want %s)", k.Type(), k.String(), strings.Join(variantFields, ", ")))
		}
	})
	return errs
}

// flatten lists the errors of errs, those joined by inOrder (or errors.Join) one by
// one, without nils.
func flatten(errs []error) []error {
	var out []error
	for _, e := range errs {
		if j, ok := e.(interface{ Unwrap() []error }); ok {
			out = append(out, flatten(j.Unwrap())...)
		} else if e != nil {
			out = append(out, e)
		}
	}
	return out
}

// inOrder joins errors of one file in line order (errors of no line first; those that
// name no file and line last), one a line: nil for none, the error itself for one.
func inOrder(errs []error) error {
	errs = flatten(errs)
	key := func(e error) (int, string, int) {
		var se *ScriptError
		if errors.As(e, &se) {
			return 0, se.File, se.Line
		}
		if m := luaPos.FindStringSubmatch(e.Error()); m != nil { // "file:line: ..." wrapping an error
			line, _ := strconv.Atoi(m[2])
			return 0, m[1], line
		}
		return 1, "", 0
	}
	slices.SortStableFunc(errs, func(a, b error) int {
		ga, fa, la := key(a)
		gb, fb, lb := key(b)
		return cmp.Or(cmp.Compare(ga, gb), strings.Compare(fa, fb), cmp.Compare(la, lb))
	})
	switch len(errs) {
	case 0:
		return nil
	case 1:
		return errs[0]
	}
	return errors.Join(errs...)
}

// readField reads the field key of the variant table t.
func (sc *script) readField(t *lua.LTable, key string, v lua.LValue) error {
	if p := sc.stringField(key); p != nil {
		s, ok := v.(lua.LString)
		if !ok {
			return sc.errorf(sc.lines.fields[key], "%s is %s, want a string", key, typeName(v))
		}
		*p = string(s)
		return nil
	}
	switch key {
	case "sowing", "captures", "ending", "moves":
		return sc.readMancala(key, v) // mancala_desc.go
	case "params":
		return sc.readParams(v)
	case "hooks":
		return sc.readHooks(v)
	case "fields":
		return sc.readFields(v)
	case "board":
		if isMancalaBoard(v, t.RawGetString("extends")) {
			return sc.readMancala(key, v) // mancala's board (mancala_desc.go)
		}
		return sc.readBoard(v) // Ludo's (ludo_board.go)
	case "examples":
		return sc.readExamples(v)
	case "sources":
		return sc.readSources(v)
	}
	return unknownKey(sc, sc.lines.fields[key], "field", key, variantFields)
}

// stringField is where the string field key of the variant table goes (nil for a key
// that is not a string field).
func (sc *script) stringField(key string) *string {
	switch key {
	case "name":
		return &sc.name
	case "extends":
		return &sc.extends
	case "summary":
		return &sc.summary
	case "description":
		return &sc.description
	case "family":
		return &sc.family
	case "region":
		return &sc.region
	case "ludii":
		return &sc.ludii
	}
	return nil
}

// readSources reads the sources field: a list of non-empty strings, one source each
// (a book, a paper, a field report, a page).
func (sc *script) readSources(v lua.LValue) error {
	line := sc.lines.fields["sources"]
	const want = `want a list of strings, one source each: { "Murray 1952, p. 201", "mancala.wikia.com/wiki/Oware" }`
	t, ok := v.(*lua.LTable)
	if !ok {
		return sc.errorf(line, "sources is %s, %s", typeName(v), want)
	}
	n := t.Len()
	count := 0
	t.ForEach(func(_, _ lua.LValue) { count++ })
	if count != n {
		return sc.errorf(line, "sources has keys that are not 1..%d: %s", n, want)
	}
	sc.sources = make([]string, 0, n)
	for i := 1; i <= n; i++ {
		e := t.RawGetInt(i)
		s, ok := e.(lua.LString)
		if !ok {
			return sc.errorf(line, "sources[%d] is %s, %s", i, typeName(e), want)
		}
		if strings.TrimSpace(string(s)) == "" {
			return sc.errorf(line, "sources[%d] is empty, %s", i, want)
		}
		sc.sources = append(sc.sources, string(s))
	}
	return nil
}

func unknownKey(sc *script, line int, what, key string, want []string) error {
	if sug := core.Suggest(key, want); sug != "" {
		return sc.errorf(line, "%s %q unknown, did you mean %q? (want %s)", what, key, sug, strings.Join(want, ", "))
	}
	return sc.errorf(line, "%s %q unknown (want %s)", what, key, strings.Join(want, ", "))
}

// sortedKeys returns the string keys of t, sorted (so errors come in a stable order).
func sortedKeys(t *lua.LTable) []string {
	var out []string
	t.ForEach(func(k, _ lua.LValue) {
		if s, ok := k.(lua.LString); ok {
			out = append(out, string(s))
		}
	})
	sort.Strings(out)
	return out
}

func (sc *script) readParams(v lua.LValue) error {
	t, ok := v.(*lua.LTable)
	if !ok {
		return sc.errorf(sc.lines.fields["params"], "params is %s, want a table such as { houses = 6 }", typeName(v))
	}
	var err error
	t.ForEach(func(k, _ lua.LValue) {
		if _, ok := k.(lua.LString); !ok && err == nil {
			err = sc.errorf(sc.lines.fields["params"], "params has a %s key %s: want names, as in { houses = 6 }", k.Type(), k.String())
		}
	})
	for _, name := range sortedKeys(t) {
		sc.params = append(sc.params, rawParam{name: name, value: t.RawGetString(name), line: sc.lines.params[name]})
	}
	return err
}

func (sc *script) readHooks(v lua.LValue) error {
	t, ok := v.(*lua.LTable)
	if !ok {
		return sc.errorf(sc.lines.fields["hooks"], "hooks is %s, want a table of functions", typeName(v))
	}
	sc.hookLines = map[string]int{}
	var err error
	t.ForEach(func(k, val lua.LValue) {
		name, ok := k.(lua.LString)
		switch {
		case err != nil:
		case !ok:
			err = sc.errorf(sc.lines.fields["hooks"], "hooks has a %s key %s: want hook names", k.Type(), k.String())
		default:
			fn, ok := val.(*lua.LFunction)
			if !ok || fn.Proto == nil {
				err = sc.errorf(sc.lines.hooks[string(name)], "hook %s is %s, want a Lua function", name, typeName(val))
				return
			}
			sc.hooks = append(sc.hooks, string(name))
			sc.hookLines[string(name)] = fn.Proto.LineDefined
		}
	})
	sort.Strings(sc.hooks)
	return err
}

// readFields reads the fields table: kinds of special squares by name, each a table of
// cells (track squares) and its behaviour. What the base game makes of them (cells in
// range, known jumps, an on_land hook for a custom kind) is checked once the variant is
// resolved (binder.fields).
func (sc *script) readFields(v lua.LValue) error {
	fline := sc.lines.fields["fields"]
	t, ok := v.(*lua.LTable)
	if !ok {
		return sc.errorf(fline, "fields is %s, want a table of field kinds such as { trap = { cells = {20, 33} } }", typeName(v))
	}
	var err error
	t.ForEach(func(k, _ lua.LValue) {
		if _, ok := k.(lua.LString); !ok && err == nil {
			err = sc.errorf(fline, "fields has a %s key %s: want kind names, as in { trap = { cells = {20, 33} } }", k.Type(), k.String())
		}
	})
	if err != nil {
		return err
	}
	sc.hasFields = true
	for _, kind := range sortedKeys(t) {
		f := fieldSpec{kind: kind, line: sc.lines.kinds[kind], keyLines: sc.lines.kindKeys[kind]}
		if f.line == 0 {
			f.line = fline
		}
		if !kindName.MatchString(kind) {
			return sc.errorf(f.line, "field kind %q: want a name of letters, digits and _ that starts with a letter", kind)
		}
		ft, ok := t.RawGetString(kind).(*lua.LTable)
		if !ok {
			return sc.errorf(f.line, "field %s is %s, want a table such as { cells = {20, 33} }", kind, typeName(t.RawGetString(kind)))
		}
		if countKeys(ft) != len(sortedKeys(ft)) {
			return sc.errorf(f.line, "field %s: want named keys (%s)", kind, strings.Join(fieldKeys, ", "))
		}
		hasCells := false
		for _, key := range sortedKeys(ft) {
			val := ft.RawGetString(key)
			line := f.at(key)
			switch key {
			case "cells":
				hasCells = true
				if f.cells, err = cellList(val); err != nil {
					return sc.errorf(line, "field %s: cells: %v", kind, err)
				}
			case "jump":
				s, ok := val.(lua.LString)
				if !ok {
					return sc.errorf(line, "field %s: jump is %s, want a string", kind, typeName(val))
				}
				f.jump = string(s)
			case "safe", "safe_except_others_start":
				b, ok := val.(lua.LBool)
				if !ok {
					return sc.errorf(line, "field %s: %s is %s, want true or false", kind, key, typeName(val))
				}
				if key == "safe" {
					f.safe = bool(b)
				} else {
					f.safeExceptOthersStart = bool(b)
				}
			default:
				return unknownKey(sc, line, "field "+kind+": key", key, fieldKeys)
			}
		}
		switch {
		case !hasCells:
			return sc.errorf(f.line, "field %s: cells missing: list its track squares, as in cells = {20, 33}", kind)
		case f.safe && f.safeExceptOthersStart:
			return sc.errorf(f.line, "field %s: safe and safe_except_others_start both set: choose one", kind)
		}
		sc.fields = append(sc.fields, f)
	}
	return nil
}

var kindName = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]*$`)

// cellList reads a list of whole numbers, each once.
func cellList(v lua.LValue) ([]int, error) {
	t, ok := v.(*lua.LTable)
	if !ok {
		return nil, fmt.Errorf("%s, want a list of track squares such as {20, 33}", typeName(v))
	}
	n := t.Len()
	if countKeys(t) != n {
		return nil, fmt.Errorf("want a list such as {20, 33}, not a table with named keys")
	}
	out := make([]int, 0, n)
	seen := map[int]bool{}
	for i := 1; i <= n; i++ {
		num, ok := t.RawGetInt(i).(lua.LNumber)
		if !ok {
			return nil, fmt.Errorf("cell %d is %s, want a number", i, typeName(t.RawGetInt(i)))
		}
		if num < -1e6 || num > 1e6 {
			return nil, fmt.Errorf("%v is not a track square", num)
		}
		c := int(num)
		if float64(c) != float64(num) {
			return nil, fmt.Errorf("%v is not a whole number", num)
		}
		if seen[c] {
			return nil, fmt.Errorf("cell %d listed twice", c)
		}
		seen[c] = true
		out = append(out, c)
	}
	return out, nil
}

func (sc *script) readExamples(v lua.LValue) error {
	t, ok := v.(*lua.LTable)
	if !ok {
		return sc.errorf(sc.lines.fields["examples"], "examples is %s, want a list of { from = ..., play = ..., want = ... }", typeName(v))
	}
	n := t.Len()
	if count := countKeys(t); count != n {
		return sc.errorf(sc.lines.fields["examples"], "examples must be a list { {...}, {...} }")
	}
	for i := 1; i <= n; i++ {
		line := 0
		if i-1 < len(sc.lines.examples) {
			line = sc.lines.examples[i-1]
		}
		e, ok := t.RawGetInt(i).(*lua.LTable)
		if !ok {
			return sc.errorf(line, "example %d is %s, want a table { from = ..., play = ..., want = ... }", i, typeName(t.RawGetInt(i)))
		}
		ex := Example{File: sc.file, Line: line}
		if countKeys(e) != len(sortedKeys(e)) {
			return sc.errorf(line, "example %d: want named fields (%s)", i, strings.Join(exampleFields, ", "))
		}
		for _, key := range sortedKeys(e) {
			val := e.RawGetString(key)
			var err error
			switch key {
			case "name", "from", "want":
				s, ok := val.(lua.LString)
				if !ok {
					return sc.errorf(line, "example %d: %s is %s, want a string", i, key, typeName(val))
				}
				switch key {
				case "name":
					ex.Name = string(s)
				case "from":
					ex.From = string(s)
				default:
					ex.Want = string(s)
				}
			case "play":
				ex.Play, err = moveList(val)
			case "legal":
				ex.Legal, err = moveList(val)
				if ex.Legal == nil {
					ex.Legal = []string{}
				}
			case "set":
				ex.Set, err = knobTable(val)
			default:
				return unknownKey(sc, line, fmt.Sprintf("example %d: field", i), key, exampleFields)
			}
			if err != nil {
				return sc.errorf(line, "example %d: %s: %v", i, key, err)
			}
		}
		sc.examples = append(sc.examples, ex)
	}
	return nil
}

// knobTable reads an example's set table: knob names to numbers, booleans or strings
// (checked against the knobs once the base game is known).
func knobTable(v lua.LValue) (map[string]any, error) {
	t, ok := v.(*lua.LTable)
	if !ok {
		return nil, fmt.Errorf("%s, want a table of knobs such as { houses = 5, seeds = 5 }", typeName(v))
	}
	set := map[string]any{}
	var err error
	t.ForEach(func(k, val lua.LValue) {
		name, ok := k.(lua.LString)
		if !ok {
			if err == nil {
				err = fmt.Errorf("a %s key %s: want knob names, as in { houses = 5 }", k.Type(), k.String())
			}
			return
		}
		switch val := val.(type) {
		case lua.LNumber:
			set[string(name)] = float64(val)
		case lua.LBool:
			set[string(name)] = bool(val)
		case lua.LString:
			set[string(name)] = string(val)
		default:
			if err == nil {
				err = fmt.Errorf("knob %s is %s, want a number, a boolean or a string", name, typeName(val))
			}
		}
	})
	if err != nil {
		return nil, err
	}
	return set, nil
}

func countKeys(t *lua.LTable) int {
	n := 0
	t.ForEach(func(_, _ lua.LValue) { n++ })
	return n
}

// moveList reads moves written as "3,1", "3 1", 3 or { "3", 1 }.
func moveList(v lua.LValue) ([]string, error) {
	switch v := v.(type) {
	case lua.LString:
		return strings.FieldsFunc(string(v), func(r rune) bool { return r == ',' || r == ' ' || r == '\t' }), nil
	case lua.LNumber:
		return []string{v.String()}, nil
	case *lua.LTable:
		var out []string
		for i := 1; i <= v.Len(); i++ {
			switch m := v.RawGetInt(i).(type) {
			case lua.LString, lua.LNumber:
				out = append(out, m.String())
			default:
				return nil, fmt.Errorf("move %d is %s, want a string or a number", i, typeName(m))
			}
		}
		return out, nil
	}
	return nil, fmt.Errorf("%s, want moves such as \"3,1\"", typeName(v))
}

// tableLines are the lines of the variant table's fields, found in the syntax tree
// when the script ends with return variant { ... } (0 when unknown).
type tableLines struct {
	fields    map[string]int
	params    map[string]int
	hooks     map[string]int
	kinds     map[string]int            // the kinds of the fields table
	kindKeys  map[string]map[string]int // and their keys (cells, jump, ...)
	boardKeys map[string]int            // the keys of the board table (rows, track, ...)
	examples  []int
	paths     map[string]int // every field of the mancala tables by path (sowing.skip, captures[2].take)
}

func findLines(chunk []ast.Stmt) tableLines {
	l := tableLines{fields: map[string]int{}, params: map[string]int{}, hooks: map[string]int{},
		kinds: map[string]int{}, kindKeys: map[string]map[string]int{}, boardKeys: map[string]int{}, paths: map[string]int{}}
	t := variantTable(chunk)
	if t == nil {
		return l
	}
	for _, f := range t.Fields {
		k, ok := f.Key.(*ast.StringExpr)
		if !ok {
			continue
		}
		l.fields[k.Value] = k.Line()
		sub, ok := f.Value.(*ast.TableExpr)
		if !ok {
			continue
		}
		if slices.Contains(mancalaTables, k.Value) {
			walkPaths(l.paths, k.Value, sub)
		}
		switch k.Value {
		case "params", "hooks", "board":
			m := l.params
			switch k.Value {
			case "hooks":
				m = l.hooks
			case "board":
				m = l.boardKeys
			}
			for _, g := range sub.Fields {
				if gk, ok := g.Key.(*ast.StringExpr); ok {
					m[gk.Value] = gk.Line()
				}
			}
		case "fields":
			for _, g := range sub.Fields {
				gk, ok := g.Key.(*ast.StringExpr)
				if !ok {
					continue
				}
				l.kinds[gk.Value] = gk.Line()
				keys := map[string]int{}
				if ft, ok := g.Value.(*ast.TableExpr); ok {
					for _, h := range ft.Fields {
						if hk, ok := h.Key.(*ast.StringExpr); ok {
							keys[hk.Value] = hk.Line()
						}
					}
				}
				l.kindKeys[gk.Value] = keys
			}
		case "examples":
			for _, g := range sub.Fields {
				if g.Key == nil {
					l.examples = append(l.examples, g.Value.Line())
				}
			}
		}
	}
	return l
}

// variantTable finds the table constructor of return variant { ... } (or of a local
// returned as return variant(t)).
func variantTable(chunk []ast.Stmt) *ast.TableExpr {
	if len(chunk) == 0 {
		return nil
	}
	ret, ok := chunk[len(chunk)-1].(*ast.ReturnStmt)
	if !ok || len(ret.Exprs) != 1 {
		return nil
	}
	call, ok := ret.Exprs[0].(*ast.FuncCallExpr)
	if !ok || len(call.Args) != 1 {
		return nil
	}
	switch a := call.Args[0].(type) {
	case *ast.TableExpr:
		return a
	case *ast.IdentExpr:
		for i := len(chunk) - 2; i >= 0; i-- {
			if la, ok := chunk[i].(*ast.LocalAssignStmt); ok {
				for j, n := range la.Names {
					if n == a.Value && j < len(la.Exprs) {
						t, _ := la.Exprs[j].(*ast.TableExpr)
						return t
					}
				}
			}
		}
	}
	return nil
}

// paramValue converts a knob value written in Lua to what core.ParamSpec.Convert takes.
func paramValue(spec core.ParamSpec, v lua.LValue) (any, error) {
	var x any
	switch v := v.(type) {
	case lua.LNumber:
		x = float64(v)
	case lua.LBool:
		x = bool(v)
	case lua.LString:
		x = string(v)
	default:
		return nil, &core.ParamError{Param: spec.Name, Reason: fmt.Sprintf("%s not allowed (want %s)", typeName(v), spec.Allowed())}
	}
	return spec.Convert(x)
}

// moduleDirs are the folders a script's require looks in after the library: the
// script's own folder when it is inside the allowed roots, then the user scripts
// directory (resolver.moduleDirs). None for a built-in script.
func (sc *script) moduleDirs() []string {
	if sc.builtin {
		return nil
	}
	return sc.mods
}
