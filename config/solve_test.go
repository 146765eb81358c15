package config

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/spf13/viper"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseSolveBudget(t *testing.T) {
	tests := []struct {
		text string
		want SolveBudget
		str  string // String's form ("" for text itself)
		err  string
	}{
		{text: "0", want: SolveBudget{}},
		{text: " 0 ", want: SolveBudget{}, str: "0"},
		{text: "0s", want: SolveBudget{}, str: "0"}, // older manifests
		{text: "20s", want: SolveBudget{Time: 20 * time.Second}},
		{text: "1m30s", want: SolveBudget{Time: 90 * time.Second}},
		{text: "50M nodes", want: SolveBudget{Nodes: 50_000_000}},
		{text: "50Mnodes", want: SolveBudget{Nodes: 50_000_000}, str: "50M nodes"},
		{text: "50000000 nodes", want: SolveBudget{Nodes: 50_000_000}, str: "50M nodes"},
		{text: "50_000_000 nodes", want: SolveBudget{Nodes: 50_000_000}, str: "50M nodes"},
		{text: "200k nodes", want: SolveBudget{Nodes: 200_000}},
		{text: "200K nodes", want: SolveBudget{Nodes: 200_000}, str: "200k nodes"},
		{text: "1500k nodes", want: SolveBudget{Nodes: 1_500_000}},
		{text: "2G nodes", want: SolveBudget{Nodes: 2_000_000_000}},
		{text: "1 node", want: SolveBudget{Nodes: 1}, str: "1 nodes"},
		{text: "1234567 nodes", want: SolveBudget{Nodes: 1_234_567}},
		{text: "soon", err: `"soon" is neither a node count nor a duration, want a node count such as 50M nodes`},
		{text: "5000", err: `"5000" has no unit, want a node count such as 50M nodes (or 200000 nodes; k, M and G multiply by a thousand, a million, a billion), or a duration such as 20s (depends on the machine's load), or 0 for off (write 5000 nodes, or a duration such as 5000s)`},
		{text: "-1s", err: `"-1s" is negative`},
		{text: "-5 nodes", err: `"-5" is not a whole number of nodes`},
		{text: "0 nodes", err: `0 nodes (write solve: 0 to turn the solver off)`},
		{text: "nodes", err: `no count of nodes`},
		{text: "M nodes", err: `no count of nodes`},
		{text: "1.5M nodes", err: `"1.5" is not a whole number of nodes`},
		{text: "_5 nodes", err: `no count of nodes`},
		{text: "99999999999G nodes", err: `too many nodes`},
		{text: "20 seconds", err: `is neither a node count nor a duration`},
	}
	for _, tc := range tests {
		t.Run(tc.text, func(t *testing.T) {
			got, err := ParseSolveBudget(tc.text)
			if tc.err != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tc.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
			str := tc.str
			if str == "" {
				str = tc.text
			}
			assert.Equal(t, str, got.String())
			back, err := ParseSolveBudget(got.String())
			require.NoError(t, err)
			assert.Equal(t, got, back, "String reads back")
			assert.Equal(t, got.Time > 0, got.LoadDependent())
			assert.Equal(t, got == SolveBudget{}, got.Off())
		})
	}
}

// TestSolveBudgetLayers: a study's solve is read from the file, the default, a flag's
// text, or a duration or 0 the caller Set; bad layered values name the key.
func TestSolveBudgetLayers(t *testing.T) {
	clearExperimentEnv(t)
	dir := t.TempDir()
	write := func(text string) string {
		path := filepath.Join(dir, "study.yaml")
		require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
		return path
	}
	tests := []struct {
		name string
		file string
		set  any // what the caller Sets (a flag's text, say); nil for nothing
		want SolveBudget
		err  string
	}{
		{name: "default", file: "variants: [kalah]\n", want: DefaultSolve},
		{name: "nodes in the file", file: "variants: [kalah]\nsolve: 50M nodes\n", want: SolveBudget{Nodes: 50_000_000}},
		{name: "time in the file", file: "variants: [kalah]\nsolve: 20s\n", want: SolveBudget{Time: 20 * time.Second}},
		{name: "off in the file", file: "variants: [kalah]\nsolve: 0\n", want: SolveBudget{}},
		{name: "flag text over the file", file: "variants: [kalah]\nsolve: 20s\n", set: "3M nodes", want: SolveBudget{Nodes: 3_000_000}},
		{name: "flag 0", file: "variants: [kalah]\nsolve: 20s\n", set: "0", want: SolveBudget{}},
		{name: "a duration Set", file: "variants: [kalah]\n", set: 2 * time.Second, want: SolveBudget{Time: 2 * time.Second}},
		{name: "integer 0 Set", file: "variants: [kalah]\n", set: 0, want: SolveBudget{}},
		{name: "bad flag", file: "variants: [kalah]\n", set: "lots", err: `solve: "lots" is neither a node count nor a duration`},
		{name: "negative duration Set", file: "variants: [kalah]\n", set: -time.Second, err: `solve: -1s is negative`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v := viper.New()
			if tc.set != nil {
				v.Set("solve", tc.set)
			}
			e, err := LoadExperiment(v, write(tc.file))
			if tc.err != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tc.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, e.Solve)
		})
	}
}

// FuzzParseSolveBudget: any text parses to a budget that String writes back as the
// same budget, or is an error; never a panic, never a negative budget.
func FuzzParseSolveBudget(f *testing.F) {
	for _, s := range []string{"0", "20s", "50M nodes", "200000 nodes", "1_000 nodes", "5000", "1.5G nodes", "-1s", "nodes", "9223372036854775807 nodes"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		b, err := ParseSolveBudget(text)
		if err != nil {
			return
		}
		require.GreaterOrEqual(t, b.Nodes, int64(0))
		require.GreaterOrEqual(t, b.Time, time.Duration(0))
		require.False(t, b.Nodes > 0 && b.Time > 0, "one kind of budget")
		back, err := ParseSolveBudget(b.String())
		require.NoError(t, err, "%q writes as %q", text, b.String())
		require.Equal(t, b, back)
	})
}
