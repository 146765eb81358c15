package config

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"regexp"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// YAML tags as yaml.Node.ShortTag resolves them.
const (
	tagStr   = "!!str"
	tagInt   = "!!int"
	tagBool  = "!!bool"
	tagFloat = "!!float"
	tagNull  = "!!null"
	tagMerge = "!!merge"
)

// doc is one YAML file being walked: its name for messages.
type doc struct {
	file string
}

// errAt returns an *Error at n's line.
func (d *doc) errAt(n *yaml.Node, key, format string, args ...any) *Error {
	return &Error{Source: d.file, Line: line(n), Key: key, Msg: fmt.Sprintf(format, args...)}
}

// wrapAt returns an *Error at n's line wrapping err.
func (d *doc) wrapAt(n *yaml.Node, key string, err error) *Error {
	return &Error{Source: d.file, Line: line(n), Key: key, Err: err}
}

func line(n *yaml.Node) int {
	if n == nil {
		return 0
	}
	return n.Line
}

var yamlLine = regexp.MustCompile(`(?s)^yaml: line (\d+): (.*)$`)

// parse reads exactly one YAML document and returns its top-level mapping, or nil for an
// empty document (only comments, or null).
func (d *doc) parse(data []byte) (*yaml.Node, error) {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var root yaml.Node
	if err := dec.Decode(&root); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, nil
		}
		return nil, d.syntax(err)
	}
	var extra yaml.Node
	switch err := dec.Decode(&extra); {
	case errors.Is(err, io.EOF):
	case err != nil:
		return nil, d.syntax(err)
	default:
		return nil, d.errAt(&extra, "", "a second YAML document (after ---); want one document")
	}
	top := &root
	if top.Kind == yaml.DocumentNode {
		if len(top.Content) == 0 {
			return nil, nil
		}
		top = top.Content[0]
	}
	top = deref(top)
	switch {
	case top == nil || isNull(top):
		return nil, nil
	case top.Kind != yaml.MappingNode:
		return nil, d.errAt(top, "", "the top level is %s, want a mapping of keys", describe(top))
	}
	return top, nil
}

// syntax turns a YAML parser error into an *Error naming the file and, when the parser
// gives one, the line.
func (d *doc) syntax(err error) error {
	e := &Error{Source: d.file, Err: err, Msg: "invalid YAML: " + strings.TrimPrefix(err.Error(), "yaml: ")}
	if m := yamlLine.FindStringSubmatch(err.Error()); m != nil {
		if n, convErr := strconv.Atoi(m[1]); convErr == nil {
			e.Line = n
			e.Msg = "invalid YAML: " + m[2]
		}
	}
	return e
}

// deref follows aliases to the node they name.
func deref(n *yaml.Node) *yaml.Node {
	for i := 0; n != nil && n.Kind == yaml.AliasNode && i < 100; i++ {
		n = n.Alias
	}
	return n
}

func isNull(n *yaml.Node) bool {
	return n.Kind == yaml.ScalarNode && n.ShortTag() == tagNull
}

// describe names what a node is, for "want ..." messages.
func describe(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.ScalarNode:
		switch n.ShortTag() {
		case tagStr:
			return fmt.Sprintf("the string %q", n.Value)
		case tagInt:
			return "the integer " + n.Value
		case tagFloat:
			return "the float " + n.Value
		case tagBool:
			return "the boolean " + n.Value
		case tagNull:
			return "empty"
		}
		return fmt.Sprintf("%s %s", n.ShortTag(), n.Value)
	}
	return "an alias"
}

// entry is one key: value pair of a mapping. key is the key node; val is the value node
// as written (an alias stays an alias, for its line) and node the value it stands for.
type entry struct {
	name      string
	key, val  *yaml.Node
	node      *yaml.Node
	pathToKey string
}

// entries lists a mapping's pairs, rejecting non-scalar keys, merge keys (<<) and
// duplicate keys. path is the mapping's key path ("" at the top).
func (d *doc) entries(m *yaml.Node, path string) ([]entry, error) {
	out := make([]entry, 0, len(m.Content)/2)
	seen := make(map[string]int, len(m.Content)/2)
	for i := 0; i+1 < len(m.Content); i += 2 {
		k, val := deref(m.Content[i]), m.Content[i+1]
		if k == nil || k.Kind != yaml.ScalarNode {
			return nil, d.errAt(m.Content[i], path, "a key is %s, want a string", describe(k))
		}
		if k.ShortTag() == tagMerge {
			return nil, d.errAt(k, path, "merge keys (<<) are not supported; write the keys out")
		}
		p := k.Value
		if path != "" {
			p = path + "." + k.Value
		}
		if first, dup := seen[k.Value]; dup {
			if path == "" {
				return nil, d.errAt(k, "", "duplicate key %q (first at line %d)", k.Value, first)
			}
			return nil, d.errAt(k, p, "duplicate key (first at line %d)", first)
		}
		seen[k.Value] = k.Line
		out = append(out, entry{name: k.Value, key: k, val: val, node: deref(val), pathToKey: p})
	}
	return out, nil
}

// str decodes a string scalar.
func (d *doc) str(e entry, want string) (string, error) {
	n := e.node
	if n == nil || n.Kind != yaml.ScalarNode || n.ShortTag() != tagStr {
		return "", d.errAt(e.val, e.pathToKey, "%s, want %s", describeNil(n), want)
	}
	return n.Value, nil
}

func describeNil(n *yaml.Node) string {
	if n == nil {
		return "empty"
	}
	return describe(n)
}

// nonNegInt decodes a non-negative integer scalar.
func (d *doc) nonNegInt(e entry) (uint64, error) {
	n := e.node
	if n == nil || n.Kind != yaml.ScalarNode {
		return 0, d.errAt(e.val, e.pathToKey, "%s, want a non-negative integer", describeNil(n))
	}
	switch n.ShortTag() {
	case tagInt:
	case tagFloat:
		if isIntegerText(n.Value) {
			return 0, d.errAt(e.val, e.pathToKey, "%s is out of range, want an integer 0..%d", n.Value, uint64(math.MaxUint64))
		}
		return 0, d.errAt(e.val, e.pathToKey, "%s is a float, want a non-negative integer", n.Value)
	default:
		return 0, d.errAt(e.val, e.pathToKey, "%s, want a non-negative integer", describe(n))
	}
	var x any
	if err := n.Decode(&x); err != nil {
		return 0, d.wrapAt(e.val, e.pathToKey, err)
	}
	switch x := x.(type) {
	case int:
		if x < 0 {
			return 0, d.errAt(e.val, e.pathToKey, "%s is negative, want a non-negative integer", n.Value)
		}
		return uint64(x), nil
	case int64:
		if x < 0 {
			return 0, d.errAt(e.val, e.pathToKey, "%s is negative, want a non-negative integer", n.Value)
		}
		return uint64(x), nil
	case uint64:
		return x, nil
	}
	return 0, d.errAt(e.val, e.pathToKey, "%s, want a non-negative integer", n.Value)
}

var integerText = regexp.MustCompile(`^[-+]?[0-9][0-9_]*$`)

// isIntegerText reports whether a scalar the YAML resolver read as a float is written as
// an integer (one too large for 64 bits).
func isIntegerText(s string) bool { return integerText.MatchString(s) }

// scalar decodes a param value: an int, a bool or a string. A float is returned as a
// float64 (rejected later, when the param's spec can say what is wanted).
func (d *doc) scalar(e entry) (any, error) {
	n := e.node
	if n == nil || n.Kind != yaml.ScalarNode {
		return nil, d.errAt(e.val, e.pathToKey, "%s, want an integer, true/false or a string", describeNil(n))
	}
	switch n.ShortTag() {
	case tagStr:
		return n.Value, nil
	case tagBool, tagInt, tagFloat:
		var x any
		if err := n.Decode(&x); err != nil {
			return nil, d.wrapAt(e.val, e.pathToKey, err)
		}
		switch x := x.(type) {
		case bool, int:
			return x, nil
		case float64:
			if isIntegerText(n.Value) {
				return nil, d.errAt(e.val, e.pathToKey, "%s is out of range for an integer", n.Value)
			}
			return x, nil
		case int64, uint64:
			return nil, d.errAt(e.val, e.pathToKey, "%s is out of range for an integer", n.Value)
		}
		return nil, d.errAt(e.val, e.pathToKey, "%s, want an integer, true/false or a string", describe(n))
	case tagNull:
		return nil, d.errAt(e.val, e.pathToKey, "no value, want an integer, true/false or a string")
	}
	return nil, d.errAt(e.val, e.pathToKey, "%s, want an integer, true/false or a string (quote it to make a string)", describe(n))
}
