package config

import (
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"go.yaml.in/yaml/v3"
)

// The decoder walks a YAML node tree once, strictly, into a struct whose field tags say
// what each key takes; it reports every problem (to an errorList) with the line, column
// and key path, and carries on with the next key. A field's tags:
//
//	yaml:"key"       the key, snake_case; a field without one is not a key
//	cfg:"opts"       comma-separated options:
//	  required         the key must be there (message: the missing tag, or "no KEY key")
//	  min=N, max=N     the range of an integer or number
//	  nonblank         a string (or each string of a list) may not be blank
//	  oneof=a|b        the strings allowed
//	  snake            the keys of a map (or of a rest field) must be snake_case
//	  single           a lone item stands for a one-item list
//	  rest             a map[string]T field that takes the keys no other field names
//	  nofloat          (params) a float is an error at once, not left for the knob check
//	  nohuman          (players) the human agent is not allowed
//	  noviper          the key is read from the file only, never layered through viper
//	want:"text"      what the messages say is wanted (default: from the type and range)
//	item:"text"      what a list's items or a map's values want
//	empty:"text"     a list may not be empty: "an empty list, want TEXT"
//	missing:"text"   the message for a missing required key
//	noun:"text"      the word before an unknown oneof value ("format")
//
// Types: string, bool, int, uint64, float64, time.Duration, structs (mappings),
// map[string]T, []T, and types with a decodeYAML method (nodeDecoder). A struct type
// with a checkYAML method (checker) is checked as a whole after its keys are decoded.
// A key whose value is empty (null) is the same as a key left out.

// nodeDecoder is a type that decodes its own node.
type nodeDecoder interface {
	decodeYAML(d *decoder, n *yaml.Node, path string, r *rule) bool
}

// checker is a struct type checked as a whole once its keys are decoded; ok says
// whether they all were. It reports its own errors and says whether all is well.
type checker interface {
	checkYAML(d *decoder, n *yaml.Node, path string, r *rule, ok bool) bool
}

// viperValuer is a decoded type that hands viper something other than itself.
type viperValuer interface {
	viperValue() any
}

// rule is what a field's tags say of its value.
type rule struct {
	key                               string
	want, item, empty, missing, noun  string
	required, nonblank, snake, single bool
	rest, nofloat, nohuman, noviper   bool
	hasMin, hasMax                    bool
	minI, maxI                        int64
	minF, maxF                        float64
	oneof                             []string
}

// elem is the rule of a list's items or a map's values.
func (r *rule) elem() *rule {
	return &rule{want: r.item, nonblank: r.nonblank, oneof: r.oneof, noun: r.noun,
		nofloat: r.nofloat, nohuman: r.nohuman, snake: r.snake}
}

func (r *rule) wantOr(def string) string {
	if r.want != "" {
		return r.want
	}
	return def
}

// field is one key of a struct type.
type field struct {
	index int
	rule  rule
}

// schema is what the decoder knows of a struct type.
type schema struct {
	fields []*field
	byKey  map[string]*field
	keys   []string // in declaration order, for "want ..." lists
	rest   *field
}

var schemas sync.Map // reflect.Type -> *schema

// schemaOf reads a struct type's tags once. A malformed tag is a programming error,
// caught by the tests that load every schema.
func schemaOf(t reflect.Type) *schema {
	if s, ok := schemas.Load(t); ok {
		return s.(*schema)
	}
	s := &schema{byKey: map[string]*field{}}
	for i := range t.NumField() {
		sf := t.Field(i)
		cfg, hasCfg := sf.Tag.Lookup("cfg")
		key := sf.Tag.Get("yaml")
		if key == "" && !hasCfg {
			continue
		}
		f := &field{index: i, rule: parseRule(key, cfg, sf.Tag)}
		s.fields = append(s.fields, f)
		if f.rule.rest {
			s.rest = f
			continue
		}
		s.byKey[key] = f
		s.keys = append(s.keys, key)
	}
	actual, _ := schemas.LoadOrStore(t, s)
	return actual.(*schema)
}

func parseRule(key, cfg string, tag reflect.StructTag) rule {
	r := rule{key: key, want: tag.Get("want"), item: tag.Get("item"), empty: tag.Get("empty"),
		missing: tag.Get("missing"), noun: tag.Get("noun")}
	for _, opt := range strings.Split(cfg, ",") {
		name, val, _ := strings.Cut(opt, "=")
		switch name {
		case "":
		case "required":
			r.required = true
		case "nonblank":
			r.nonblank = true
		case "snake":
			r.snake = true
		case "single":
			r.single = true
		case "rest":
			r.rest = true
		case "nofloat":
			r.nofloat = true
		case "nohuman":
			r.nohuman = true
		case "noviper":
			r.noviper = true
		case "oneof":
			r.oneof = strings.Split(val, "|")
		case "min":
			r.hasMin, r.minI, r.minF = true, mustInt(val), mustFloat(val)
		case "max":
			r.hasMax, r.maxI, r.maxF = true, mustInt(val), mustFloat(val)
		default:
			panic(fmt.Sprintf("config: unknown cfg option %q of key %q", name, key))
		}
	}
	return r
}

func mustInt(s string) int64 {
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		f := mustFloat(s)
		return int64(f)
	}
	return n
}

func mustFloat(s string) float64 {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		panic(fmt.Sprintf("config: bad number %q in a cfg tag", s))
	}
	return f
}

// decoder walks one YAML file.
type decoder struct {
	file  string
	errs  *errorList
	set   map[string]bool // key paths of struct fields given a good value
	bad   map[string]bool // key paths of struct fields whose value was rejected
	lines map[string]int  // line of each struct field's value, by key path
	// budget is the nodes left to visit: aliases may repeat a subtree, but not make the
	// walk much longer than the text (a node takes 2 bytes at least). over is the error
	// once it runs out.
	budget int
	over   *Error
}

func newDecoder(file string, size int, errs *errorList) *decoder {
	return &decoder{file: file, errs: errs, set: map[string]bool{}, bad: map[string]bool{},
		lines: map[string]int{}, budget: 2*size + 1<<16}
}

// errf reports an error at n (as written: an alias has its own line).
func (d *decoder) errf(n *yaml.Node, key, format string, args ...any) {
	line, col := pos(n)
	if !d.errs.keeps(line, col) {
		d.errs.count()
		return
	}
	d.errs.add(&Error{Source: d.file, Line: line, Col: col, Key: key, Msg: fmt.Sprintf(format, args...)})
}

// wrapf reports an error at n with a cause.
func (d *decoder) wrapf(n *yaml.Node, key string, err error, msg string) {
	line, col := pos(n)
	if !d.errs.keeps(line, col) {
		d.errs.count()
		return
	}
	d.errs.add(&Error{Source: d.file, Line: line, Col: col, Key: key, Msg: msg, Err: err})
}

// keeps reports whether an error at n would be listed, so that a costly message (with
// a did-you-mean) is worked out only then; when it would not, the error is counted.
func (d *decoder) keeps(n *yaml.Node) bool {
	line, col := pos(n)
	if d.errs.keeps(line, col) {
		return true
	}
	d.errs.count()
	return false
}

func pos(n *yaml.Node) (int, int) {
	if n == nil {
		return 0, 0
	}
	return n.Line, n.Column
}

// decode walks the top-level node of a file into dst, a pointer to a struct.
func (d *decoder) decode(top *yaml.Node, dst any) bool {
	if n := deref(top); n == nil || n.Kind != yaml.MappingNode {
		d.errf(top, "", "the top level is %s, want a mapping of keys", describe(n))
		return false
	}
	return d.value(top, "", &rule{}, reflect.ValueOf(dst).Elem())
}

var durationType = reflect.TypeFor[time.Duration]()

// value decodes n into rv by its type and rule, reporting what is wrong.
func (d *decoder) value(n *yaml.Node, path string, r *rule, rv reflect.Value) bool {
	if d.budget--; d.budget < 0 {
		if d.over == nil {
			line, col := pos(n)
			d.over = &Error{Source: d.file, Line: line, Col: col, Key: path,
				Msg: "the file's aliases expand to far more values than it holds; write them out"}
		}
		return false
	}
	if nd, ok := rv.Addr().Interface().(nodeDecoder); ok {
		return nd.decodeYAML(d, n, path, r)
	}
	node := deref(n)
	if rv.Type() == durationType {
		return d.duration(n, node, path, r, rv)
	}
	switch rv.Kind() {
	case reflect.String:
		s, ok := d.str(n, node, path, r)
		rv.SetString(s)
		return ok
	case reflect.Bool:
		return d.boolean(n, node, path, r, rv)
	case reflect.Int, reflect.Uint64:
		return d.integer(n, node, path, r, rv)
	case reflect.Float64:
		return d.number(n, node, path, r, rv)
	case reflect.Struct:
		return d.structure(n, node, path, r, rv)
	case reflect.Map:
		return d.mapping(n, node, path, r, rv)
	case reflect.Slice:
		return d.list(n, node, path, r, rv)
	}
	panic(fmt.Sprintf("config: cannot decode into %s", rv.Type()))
}

// str decodes a string scalar.
func (d *decoder) str(n, node *yaml.Node, path string, r *rule) (string, bool) {
	want := r.wantOr("a string")
	if len(r.oneof) > 0 && r.want == "" {
		want = "one of " + strings.Join(r.oneof, ", ")
	}
	if node == nil || node.Kind != yaml.ScalarNode || node.ShortTag() != tagStr {
		d.errf(n, path, "%s, want %s", describe(node), want)
		return "", false
	}
	s := node.Value
	if msg, ok := checkString(s, r, want); !ok {
		if d.keeps(n) {
			d.errf(n, path, "%s", msg())
		}
		return "", false
	}
	return s, true
}

// checkString checks a string against a rule's nonblank and oneof, for the file and for
// the other layers alike; the message is worked out only when asked for.
func checkString(s string, r *rule, want string) (func() string, bool) {
	if r.nonblank && strings.TrimSpace(s) == "" {
		return func() string { return "empty, want " + want }, false
	}
	if len(r.oneof) > 0 && !slices.Contains(r.oneof, s) {
		return func() string {
			what := fmt.Sprintf("%q unknown", s)
			if r.noun != "" {
				what = r.noun + " " + what
			}
			return unknownKey(what, s, r.oneof, "one of "+strings.Join(r.oneof, ", "))
		}, false
	}
	return nil, true
}

func (d *decoder) boolean(n, node *yaml.Node, path string, r *rule, rv reflect.Value) bool {
	if node == nil || node.Kind != yaml.ScalarNode || node.ShortTag() != tagBool {
		d.errf(n, path, "%s, want %s", describe(node), r.wantOr("true or false"))
		return false
	}
	var b bool
	if err := node.Decode(&b); err != nil {
		d.wrapf(n, path, err, "")
		return false
	}
	rv.SetBool(b)
	return true
}

// intRange is the range of an integer field: its rule's, within its type's.
func intRange(r *rule, k reflect.Kind) (lo, hi string) {
	lo, hi = "0", strconv.FormatUint(math.MaxUint64, 10)
	if k != reflect.Uint64 {
		lo, hi = strconv.FormatInt(math.MinInt64, 10), strconv.FormatInt(math.MaxInt64, 10)
	}
	if r.hasMin {
		lo = strconv.FormatInt(r.minI, 10)
	}
	if r.hasMax {
		hi = strconv.FormatInt(r.maxI, 10)
	}
	return lo, hi
}

// intWant is what an integer field wants, in words.
func intWant(r *rule, k reflect.Kind) string {
	if r.want != "" {
		return r.want
	}
	lo, hi := intRange(r, k)
	switch {
	case r.hasMax:
		return "an integer " + lo + ".." + hi
	case lo == "0":
		return "a non-negative integer"
	case r.hasMin:
		return "an integer >= " + lo
	}
	return "an integer"
}

// checkInt checks an integer against its field's range; text is the value as written.
func checkInt(x int64, text string, r *rule, k reflect.Kind) (string, bool) {
	lo := int64(math.MinInt64)
	if r.hasMin {
		lo = r.minI
	} else if k == reflect.Uint64 {
		lo = 0
	}
	switch {
	case x < 0 && k == reflect.Uint64:
		return text + " is negative, want " + intWant(r, k), false
	case x < lo || (r.hasMax && x > r.maxI):
		return text + " is out of range, want " + intWant(r, k), false
	}
	return "", true
}

// integer decodes an int or uint64 within its range.
func (d *decoder) integer(n, node *yaml.Node, path string, r *rule, rv reflect.Value) bool {
	want := intWant(r, rv.Kind())
	if node == nil || node.Kind != yaml.ScalarNode {
		d.errf(n, path, "%s, want %s", describe(node), want)
		return false
	}
	lo, hi := intRange(r, rv.Kind())
	switch node.ShortTag() {
	case tagInt:
	case tagFloat:
		if isIntegerText(node.Value) {
			d.errf(n, path, "%s is out of range, want an integer %s..%s", node.Value, lo, hi)
		} else {
			d.errf(n, path, "%s is a float, want %s", node.Value, want)
		}
		return false
	default:
		d.errf(n, path, "%s, want %s", describe(node), want)
		return false
	}
	if rv.Kind() == reflect.Uint64 {
		var u uint64
		if err := node.Decode(&u); err != nil {
			if strings.HasPrefix(node.Value, "-") {
				d.errf(n, path, "%s is negative, want %s", node.Value, want)
			} else {
				d.errf(n, path, "%s is out of range, want an integer %s..%s", node.Value, lo, hi)
			}
			return false
		}
		rv.SetUint(u)
		return true
	}
	var x int64
	if err := node.Decode(&x); err != nil {
		d.errf(n, path, "%s is out of range, want an integer %s..%s", node.Value, lo, hi)
		return false
	}
	if msg, ok := checkInt(x, node.Value, r, rv.Kind()); !ok {
		d.errf(n, path, "%s", msg)
		return false
	}
	rv.SetInt(x)
	return true
}

// floatWant is what a number field wants, in words.
func floatWant(r *rule) string {
	if r.want != "" {
		return r.want
	}
	if r.hasMin && r.hasMax {
		return fmt.Sprintf("a number %g..%g", r.minF, r.maxF)
	}
	return "a number"
}

func checkFloat(x float64, r *rule) bool {
	return !math.IsNaN(x) && !(r.hasMin && x < r.minF) && !(r.hasMax && x > r.maxF)
}

// number decodes an integer or float within its range.
func (d *decoder) number(n, node *yaml.Node, path string, r *rule, rv reflect.Value) bool {
	want := floatWant(r)
	if node == nil || node.Kind != yaml.ScalarNode || (node.ShortTag() != tagInt && node.ShortTag() != tagFloat) {
		d.errf(n, path, "%s, want %s", describe(node), want)
		return false
	}
	var x float64
	if err := node.Decode(&x); err != nil || !checkFloat(x, r) {
		d.errf(n, path, "%s is out of range, want %s", node.Value, want)
		return false
	}
	rv.SetFloat(x)
	return true
}

const durationWant = "a duration such as 2s or 500ms"

// parseDuration reads a duration such as 2s, or 0; negative ones are not allowed.
func parseDuration(s string) (time.Duration, bool) {
	if strings.TrimSpace(s) == "0" {
		return 0, true
	}
	x, err := time.ParseDuration(strings.TrimSpace(s))
	return x, err == nil && x >= 0
}

// duration decodes a duration such as 2s or 500ms (or 0).
func (d *decoder) duration(n, node *yaml.Node, path string, r *rule, rv reflect.Value) bool {
	want := r.wantOr(durationWant)
	if node == nil || node.Kind != yaml.ScalarNode || (node.ShortTag() != tagStr && !(node.ShortTag() == tagInt && node.Value == "0")) {
		d.errf(n, path, "%s, want %s", describe(node), want)
		return false
	}
	x, ok := parseDuration(node.Value)
	if !ok {
		d.errf(n, path, "%q is not a duration, want %s", node.Value, want)
		return false
	}
	rv.SetInt(int64(x))
	return true
}

// join makes a key path: "" + "a" is "a", "a" + "b" is "a.b".
func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// pairs calls fn with each key: value pair of a mapping, rejecting (and skipping)
// non-string keys, merge keys (<<) and repeated keys. It reports whether all were good.
func (d *decoder) pairs(m *yaml.Node, path string, fn func(name string, k, val *yaml.Node) bool) bool {
	ok := true
	var seen map[string]int
	if len(m.Content) > 2 {
		seen = make(map[string]int, len(m.Content)/2)
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		k, val := deref(m.Content[i]), m.Content[i+1]
		switch {
		case k == nil || k.Kind != yaml.ScalarNode:
			d.errf(m.Content[i], path, "a key is %s, want a string", describe(k))
			ok = false
			continue
		case k.ShortTag() == tagMerge:
			d.errf(k, path, "merge keys (<<) are not supported; write the keys out")
			ok = false
			continue
		}
		if first, dup := seen[k.Value]; dup {
			if path == "" {
				d.errf(k, "", "duplicate key %q (first at line %d)", k.Value, first)
			} else {
				d.errf(k, join(path, k.Value), "duplicate key (first at line %d)", first)
			}
			ok = false
			continue
		}
		if seen != nil {
			seen[k.Value] = k.Line
		}
		if !fn(k.Value, k, val) {
			ok = false
		}
	}
	return ok
}

// snakeKey checks that a free-form key (a knob, an agent option) is snake_case.
func (d *decoder) snakeKey(k *yaml.Node, path string) bool {
	if msg, ok := checkSnake(k.Value); !ok {
		d.errf(k, path, "%s", msg)
		return false
	}
	return true
}

// structure decodes a mapping into a struct by its schema.
func (d *decoder) structure(n, node *yaml.Node, path string, r *rule, rv reflect.Value) bool {
	if node == nil || node.Kind != yaml.MappingNode {
		d.errf(n, path, "%s, want %s", describe(node), r.wantOr("a mapping"))
		return false
	}
	s := schemaOf(rv.Type())
	ok := d.pairs(node, path, func(name string, k, val *yaml.Node) bool {
		return d.structKey(s, rv, path, name, k, val)
	})
	for _, f := range s.fields {
		if p := join(path, f.rule.key); f.rule.required && !d.set[p] && !d.bad[p] {
			msg := f.rule.missing
			if msg == "" {
				msg = fmt.Sprintf("no %s key", f.rule.key)
			}
			d.errf(n, path, "%s", msg)
			ok = false
		}
	}
	if c, isChecker := rv.Addr().Interface().(checker); isChecker {
		return c.checkYAML(d, node, path, r, ok) && ok
	}
	return ok
}

// structKey decodes one key of a struct: a field, an entry of the rest field, or an
// unknown key.
func (d *decoder) structKey(s *schema, rv reflect.Value, path, name string, k, val *yaml.Node) bool {
	p := join(path, name)
	f := s.byKey[name]
	if f == nil && s.rest != nil {
		if (s.rest.rule.snake && !d.snakeKey(k, p)) || !d.mapEntry(rv.Field(s.rest.index), s.rest.rule.elem(), p, name, val) {
			d.bad[p] = true
			return false
		}
		return true
	}
	if f == nil {
		if d.keeps(k) {
			want := strings.Join(s.keys, ", ")
			if path == "" {
				d.errf(k, "", "%s", unknownKey(fmt.Sprintf("unknown key %q", name), name, s.keys, want))
			} else {
				d.errf(k, p, "%s", unknownKey("unknown key", name, s.keys, want))
			}
		}
		return false
	}
	if v := deref(val); v == nil || isNull(v) {
		return true // an empty value is the same as no key
	}
	d.lines[p] = val.Line
	if !d.value(val, p, &f.rule, rv.Field(f.index)) {
		d.bad[p] = true
		return false
	}
	d.set[p] = true
	return true
}

// mapEntry decodes val into a new entry name of the map m (made when nil).
func (d *decoder) mapEntry(m reflect.Value, r *rule, path, name string, val *yaml.Node) bool {
	elem := reflect.New(m.Type().Elem()).Elem()
	if !d.value(val, path, r, elem) {
		return false
	}
	if m.IsNil() {
		m.Set(reflect.MakeMap(m.Type()))
	}
	m.SetMapIndex(reflect.ValueOf(name).Convert(m.Type().Key()), elem)
	return true
}

// mapping decodes a mapping with free-form keys into a map[string]T.
func (d *decoder) mapping(n, node *yaml.Node, path string, r *rule, rv reflect.Value) bool {
	if node == nil || node.Kind != yaml.MappingNode {
		d.errf(n, path, "%s, want %s", describe(node), r.wantOr("a mapping"))
		return false
	}
	rv.Set(reflect.MakeMapWithSize(rv.Type(), len(node.Content)/2))
	er := r.elem()
	return d.pairs(node, path, func(name string, k, val *yaml.Node) bool {
		p := join(path, name)
		if r.snake && !d.snakeKey(k, p) {
			return false
		}
		return d.mapEntry(rv, er, p, name, val)
	})
}

// items returns a list's items: a sequence's, or the node itself where a single item
// stands for the list. ok is false (and the error reported) for anything else.
func (d *decoder) items(n, node *yaml.Node, path string, r *rule) ([]*yaml.Node, bool) {
	var items []*yaml.Node
	switch {
	case node != nil && node.Kind == yaml.SequenceNode:
		items = node.Content
	case r.single && node != nil && !isNull(node):
		items = []*yaml.Node{n}
	default:
		d.errf(n, path, "%s, want %s", describe(node), r.wantOr("a list"))
		return nil, false
	}
	if len(items) == 0 && r.empty != "" {
		d.errf(n, path, "an empty list, want %s", r.empty)
		return nil, false
	}
	return items, true
}

// listItem is the path of a list's item i (from 0) in messages: counted from 1, as a
// reader counts the entries of a list and as seats are counted everywhere (players[1]
// is seat 1, the first player; agents[2] the second seat's agent).
func listItem(path string, i int) string {
	return fmt.Sprintf("%s[%d]", path, i+1)
}

// list decodes a sequence into a slice.
func (d *decoder) list(n, node *yaml.Node, path string, r *rule, rv reflect.Value) bool {
	items, ok := d.items(n, node, path, r)
	if !ok {
		return false
	}
	out := reflect.MakeSlice(rv.Type(), 0, len(items))
	er := r.elem()
	for i, item := range items {
		elem := reflect.New(rv.Type().Elem()).Elem()
		if d.value(item, listItem(path, i), er, elem) {
			out = reflect.Append(out, elem)
		} else {
			ok = false
		}
	}
	rv.Set(out)
	return ok
}

// findKey returns the key and value nodes of name in a mapping (nil when not there).
func findKey(m *yaml.Node, name string) (*yaml.Node, *yaml.Node) {
	for i := 0; i+1 < len(m.Content); i += 2 {
		if k := deref(m.Content[i]); k != nil && k.Kind == yaml.ScalarNode && k.Value == name {
			return k, m.Content[i+1]
		}
	}
	return nil, nil
}

// viperMap is what viper is fed from a decoded struct: the fields the file set (with a
// good value), by key, nested structs as maps, skipping the noviper fields.
func (d *decoder) viperMap(rv reflect.Value, path string) map[string]any {
	s := schemaOf(rv.Type())
	out := map[string]any{}
	for _, f := range s.fields {
		p := join(path, f.rule.key)
		if f.rule.rest || f.rule.noviper || !d.set[p] {
			continue
		}
		fv := rv.Field(f.index)
		switch x := fv.Interface().(type) {
		case viperValuer:
			out[f.rule.key] = x.viperValue()
		case time.Duration:
			out[f.rule.key] = x.String()
		case []string:
			out[f.rule.key] = slices.Clone(x)
		default:
			if fv.Kind() == reflect.Struct {
				out[f.rule.key] = d.viperMap(fv, p)
			} else {
				out[f.rule.key] = x
			}
		}
	}
	return out
}
