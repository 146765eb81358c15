package core

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// Kind is the type of a rule parameter (a knob).
type Kind int

// The kinds of knobs.
const (
	Int  Kind = iota // a whole number within [Min, Max]
	Bool             // true or false
	Enum             // one of Choices
)

// String names the kind as error messages and docs show it.
func (k Kind) String() string {
	switch k {
	case Int:
		return "integer"
	case Bool:
		return "boolean"
	case Enum:
		return "choice"
	}
	return "unknown"
}

// ParamSpec describes one knob of a base game: its name (snake_case, as Lua and YAML
// spell it), type, default, allowed values and a one-line description.
type ParamSpec struct {
	Name    string
	Kind    Kind
	Default any   // int, bool or string, matching Kind
	Min     int   // Int only
	Max     int   // Int only
	OneOf   []int // Int only: when set, the only values allowed (within Min..Max)
	Choices []string
	Doc     string
}

// Allowed describes the values the knob takes, for error messages and docs.
func (s ParamSpec) Allowed() string {
	switch s.Kind {
	case Int:
		if len(s.OneOf) > 0 {
			vals := make([]string, len(s.OneOf))
			for i, v := range s.OneOf {
				vals[i] = strconv.Itoa(v)
			}
			return "one of " + strings.Join(vals, ", ")
		}
		return fmt.Sprintf("an integer %d..%d", s.Min, s.Max)
	case Bool:
		return "true or false"
	default:
		return "one of " + strings.Join(s.Choices, ", ")
	}
}

// Convert checks a value decoded from YAML, Lua or JSON against the spec and returns it
// as int, bool or string. Integral floats are accepted for integers (Lua numbers are
// floats); callers that can tell a float literal from an integer reject it first.
func (s ParamSpec) Convert(v any) (any, error) {
	switch s.Kind {
	case Int:
		var n int
		switch x := v.(type) {
		case int:
			n = x
		case int64:
			n = int(x)
		case int32:
			n = int(x)
		case uint64:
			if x > math.MaxInt32 {
				return nil, s.bad(v)
			}
			n = int(x)
		case float64:
			if x != math.Trunc(x) || math.IsInf(x, 0) || math.Abs(x) > math.MaxInt32 {
				return nil, s.bad(v)
			}
			n = int(x)
		default:
			return nil, s.bad(v)
		}
		if n < s.Min || n > s.Max {
			return nil, s.bad(v)
		}
		if len(s.OneOf) > 0 && !slices.Contains(s.OneOf, n) {
			return nil, s.bad(v)
		}
		return n, nil
	case Bool:
		if b, ok := v.(bool); ok {
			return b, nil
		}
		return nil, s.bad(v)
	default:
		if str, ok := v.(string); ok {
			for _, c := range s.Choices {
				if c == str {
					return str, nil
				}
			}
		}
		return nil, s.bad(v)
	}
}

// Parse reads a value written on a command line (--set key=value).
func (s ParamSpec) Parse(text string) (any, error) {
	text = strings.TrimSpace(text)
	switch s.Kind {
	case Int:
		n, err := strconv.Atoi(text)
		if err != nil {
			return nil, s.bad(text)
		}
		return s.Convert(n)
	case Bool:
		b, err := strconv.ParseBool(text)
		if err != nil {
			return nil, s.bad(text)
		}
		return b, nil
	default:
		return s.Convert(text)
	}
}

func (s ParamSpec) bad(v any) error {
	if str, ok := v.(string); ok {
		v = strconv.Quote(str)
	}
	return &ParamError{Param: s.Name, Reason: fmt.Sprintf("value %v not allowed (want %s)", v, s.Allowed())}
}

// ParamError is a knob that is unknown or has a value outside its range.
type ParamError struct {
	Param  string
	Reason string
}

func (e *ParamError) Error() string { return fmt.Sprintf("param %q: %s", e.Param, e.Reason) }

// Params holds knob values by name: int, bool or string.
type Params map[string]any

// Int returns an integer knob (0 when missing).
func (p Params) Int(name string) int { n, _ := p[name].(int); return n }

// Bool returns a boolean knob.
func (p Params) Bool(name string) bool { b, _ := p[name].(bool); return b }

// String returns an enum knob.
func (p Params) String(name string) string { s, _ := p[name].(string); return s }

// Clone returns a copy.
func (p Params) Clone() Params {
	c := make(Params, len(p))
	for k, v := range p {
		c[k] = v
	}
	return c
}

// Names returns the knob names, sorted.
func (p Params) Names() []string {
	names := make([]string, 0, len(p))
	for k := range p {
		names = append(names, k)
	}
	sort.Strings(names)
	return names
}

// Defaults returns the default value of every spec.
func Defaults(specs []ParamSpec) Params {
	p := make(Params, len(specs))
	for _, s := range specs {
		p[s.Name] = s.Default
	}
	return p
}

// FindSpec looks a knob up by name. The error names the knobs that exist and suggests
// the closest one.
func FindSpec(specs []ParamSpec, name string) (ParamSpec, error) {
	for _, s := range specs {
		if s.Name == name {
			return s, nil
		}
	}
	names := make([]string, len(specs))
	for i, s := range specs {
		names[i] = s.Name
	}
	reason := "unknown (want " + strings.Join(names, ", ") + ")"
	if sug := Suggest(name, names); sug != "" {
		reason = fmt.Sprintf("unknown, did you mean %q? (want %s)", sug, strings.Join(names, ", "))
	}
	return ParamSpec{}, &ParamError{Param: name, Reason: reason}
}

// Apply checks each override against specs and returns base with them set on top
// (base is not modified).
func Apply(specs []ParamSpec, base Params, overrides map[string]any) (Params, error) {
	out := base.Clone()
	keys := make([]string, 0, len(overrides))
	for k := range overrides {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		spec, err := FindSpec(specs, k)
		if err != nil {
			return nil, err
		}
		v, err := spec.Convert(overrides[k])
		if err != nil {
			return nil, err
		}
		out[k] = v
	}
	return out, nil
}

// ParseAssignments reads key=value pairs (the --set flag) against specs.
func ParseAssignments(specs []ParamSpec, pairs []string) (map[string]any, error) {
	out := map[string]any{}
	for _, pair := range pairs {
		k, v, ok := strings.Cut(pair, "=")
		k = strings.TrimSpace(k)
		if !ok || k == "" {
			return nil, fmt.Errorf("--set %q: want key=value", pair)
		}
		spec, err := FindSpec(specs, k)
		if err != nil {
			return nil, err
		}
		val, err := spec.Parse(v)
		if err != nil {
			return nil, err
		}
		out[k] = val
	}
	return out, nil
}

// Suggest returns the candidate closest to name by edit distance, or "" when none is
// close (at most a third of the name's length, and at least 1, edits away).
func Suggest(name string, candidates []string) string {
	best, bestD := "", len(name)/3+1
	for _, c := range candidates {
		if d := editDistance(strings.ToLower(name), strings.ToLower(c)); d <= bestD && (best == "" || d < bestD) {
			best, bestD = c, d
		}
	}
	if best == name {
		return ""
	}
	return best
}

// Close returns up to n candidates close to name, closest first: those within Suggest's
// distance of name, those whose last path element ("oware" in "mancala/oware") is within
// that distance of name's last element, and those whose last element begins with it
// ("kalah/standard" finds "kalah/standard-capture"). Ties keep the candidates' order.
func Close(name string, candidates []string, n int) []string {
	type near struct {
		c string
		d int
	}
	lname := strings.ToLower(name)
	base := lname[strings.LastIndex(lname, "/")+1:]
	var found []near
	for _, c := range candidates {
		lc := strings.ToLower(c)
		if lc == lname {
			continue
		}
		cb := lc[strings.LastIndex(lc, "/")+1:]
		samePrefix := len(base) < len(lname) && lname[:len(lname)-len(base)] == lc[:len(lc)-len(cb)]
		other := 1 // on a tie, a name under the same prefix comes first
		if samePrefix {
			other = 0
		}
		switch d, db := editDistance(lname, lc), editDistance(base, cb); {
		case !samePrefix && d <= len(lname)/4+1 && d < len(lname):
			found = append(found, near{c, 2 * d})
		case db <= len(base)/3+1 && db < len(base):
			found = append(found, near{c, 2*db + other})
		case len(base) >= 3 && strings.HasPrefix(cb, base):
			found = append(found, near{c, 2*(len(base)/3+1) + other})
		}
	}
	sort.SliceStable(found, func(i, j int) bool { return found[i].d < found[j].d })
	out := make([]string, 0, min(n, len(found)))
	for _, f := range found[:min(n, len(found))] {
		out = append(out, f.c)
	}
	return out
}

func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// Def describes a base game to the registry: its name, a one-line summary, its knobs,
// and a constructor from knob values (missing knobs keep their defaults) that names the
// game (a variant's name, or the base game's).
type Def struct {
	Name    string
	Summary string
	Params  []ParamSpec
	New     func(name string, p Params) (Game, error)
}
