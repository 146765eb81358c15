package config

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/kalahlab/kalahlab/ai"

	"go.yaml.in/yaml/v3"
)

// SolveBudget is how hard a study tries to prove each cell's perfect-play value: its
// solve key. It is written as a node count ("50M nodes", "200000 nodes": the solver
// gives up after visiting about that many positions) or as a duration ("20s": it gives
// up after that long), or 0 for no solving. A node budget gives the same cells a value
// on every machine and under any load, so a study's results are deterministic from its
// seed; a time budget does not (a loaded machine solves fewer cells), which
// [SolveBudget.LoadDependent] flags for a warning. The zero value is off.
type SolveBudget struct {
	Time  time.Duration // give up after this long (a time budget)
	Nodes int64         // give up after about this many nodes (a node budget)
}

// solveBudgetWant is what solve takes, in words.
const solveBudgetWant = "a node count such as 50M nodes (or 200000 nodes; k, M and G multiply by a thousand, a million, a billion), or a duration such as 20s (depends on the machine's load), or 0 for off"

// ParseSolveBudget reads a solve budget: "0" (off), a node count ending in "nodes"
// ("50M nodes", "50000000 nodes") or a duration ("20s", "1m30s").
func ParseSolveBudget(text string) (SolveBudget, error) {
	s := strings.TrimSpace(text)
	if s == "0" {
		return SolveBudget{}, nil
	}
	if num, ok := cutNodes(s); ok {
		n, err := parseNodeCount(num)
		if err != nil {
			return SolveBudget{}, fmt.Errorf("%q: %w, want %s", text, err, solveBudgetWant)
		}
		return SolveBudget{Nodes: n}, nil
	}
	if n, err := strconv.ParseInt(s, 10, 64); err == nil {
		return SolveBudget{}, fmt.Errorf("%q has no unit, want %s (write %d nodes, or a duration such as %ds)", text, solveBudgetWant, n, n)
	}
	d, err := time.ParseDuration(s)
	switch {
	case err != nil:
		return SolveBudget{}, fmt.Errorf("%q is neither a node count nor a duration, want %s", text, solveBudgetWant)
	case d < 0:
		return SolveBudget{}, fmt.Errorf("%q is negative, want %s", text, solveBudgetWant)
	}
	return SolveBudget{Time: d}, nil
}

// cutNodes splits "50M nodes" into "50M"; ok is false when s does not end in "nodes"
// (or "node").
func cutNodes(s string) (string, bool) {
	for _, unit := range []string{"nodes", "node"} {
		if num, ok := strings.CutSuffix(s, unit); ok {
			return strings.TrimSpace(num), true
		}
	}
	return "", false
}

// parseNodeCount reads a positive count of nodes such as 50M, 200k or 200000
// (ai.ParseCount).
func parseNodeCount(num string) (int64, error) {
	n, err := ai.ParseCount(num, "nodes")
	if err != nil && strings.TrimSpace(num) == "0" {
		return 0, fmt.Errorf("%w (write solve: 0 to turn the solver off)", err)
	}
	return n, err
}

// Off reports whether the budget turns the solver off.
func (b SolveBudget) Off() bool { return b.Time <= 0 && b.Nodes <= 0 }

// LoadDependent reports whether a cell gets solved depends on the machine and
// its load: a time budget.
func (b SolveBudget) LoadDependent() bool { return b.Time > 0 }

// String writes the budget as ParseSolveBudget reads it: "0", "20s", "50M nodes",
// "1500k nodes" or "1234567 nodes".
func (b SolveBudget) String() string {
	switch {
	case b.Nodes > 0:
		return ai.FormatCount(b.Nodes) + " nodes"
	case b.Time > 0:
		return b.Time.String()
	}
	return "0"
}

// MarshalText writes the budget as text ("50M nodes", "20s"): JSON holds it as a string.
func (b SolveBudget) MarshalText() ([]byte, error) { return []byte(b.String()), nil }

// UnmarshalText reads what MarshalText writes; empty text is off.
func (b *SolveBudget) UnmarshalText(text []byte) error {
	if strings.TrimSpace(string(text)) == "" {
		*b = SolveBudget{}
		return nil
	}
	x, err := ParseSolveBudget(string(text))
	if err != nil {
		return fmt.Errorf("solve: %w", err)
	}
	*b = x
	return nil
}

// solveDoc is solve as a file writes it: 0, a node count such as "50M nodes", or a
// duration such as 20s; viper gets its text.
type solveDoc struct {
	budget SolveBudget
}

func (s *solveDoc) decodeYAML(d *decoder, n *yaml.Node, path string, _ *rule) bool {
	node := deref(n)
	if node == nil || node.Kind != yaml.ScalarNode || (node.ShortTag() != tagInt && node.ShortTag() != tagStr) {
		d.errf(n, path, "%s, want %s", describe(node), solveBudgetWant)
		return false
	}
	if node.ShortTag() == tagInt && !isIntegerText(node.Value) { // 0x10, 0o7: say what it is
		d.errf(n, path, "%s, want %s", describe(node), solveBudgetWant)
		return false
	}
	x, err := ParseSolveBudget(node.Value)
	if err != nil {
		d.errf(n, path, "%s", err)
		return false
	}
	s.budget = x
	return true
}

func (s solveDoc) viperValue() any { return s.budget.String() }

// solveBudget reads the layered solve budget from viper: the file's text, a flag's or
// the default's, a duration or an integer 0 the caller Set.
func (l *layers) solveBudget(key string) SolveBudget {
	val := l.v.Get(key)
	var text string
	switch x := val.(type) {
	case nil:
		return SolveBudget{}
	case string:
		text = x
	case time.Duration:
		if x < 0 {
			l.fail(key, val, fmt.Sprintf("%v is negative, want %s", x, solveBudgetWant), nil)
			return SolveBudget{}
		}
		return SolveBudget{Time: x}
	case SolveBudget:
		return x
	case int, int64, int32, uint, uint64, uint32:
		text = fmt.Sprint(x)
	default:
		l.fail(key, val, fmt.Sprintf("%v (%T), want %s", val, val, solveBudgetWant), nil)
		return SolveBudget{}
	}
	x, err := ParseSolveBudget(text)
	if err != nil {
		l.fail(key, val, err.Error(), nil)
		return SolveBudget{}
	}
	return x
}
