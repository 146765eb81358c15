package config

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/spf13/pflag"
	"github.com/spf13/viper"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSchemas reads the tags of every file type once: a malformed tag panics here, not
// in a user's run.
func TestSchemas(t *testing.T) {
	for _, typ := range []reflect.Type{
		reflect.TypeFor[gameDoc](), reflect.TypeFor[studyDoc](), reflect.TypeFor[outputDoc](),
		reflect.TypeFor[variantDoc](), reflect.TypeFor[playerDoc](),
	} {
		t.Run(typ.Name(), func(t *testing.T) {
			s := schemaOf(typ)
			require.NotEmpty(t, s.fields)
			for _, k := range s.keys {
				assert.Regexp(t, `^[a-z][a-z0-9_]*$`, k, "keys are snake_case")
			}
		})
	}
	out := schemaOf(reflect.TypeFor[outputDoc]()).byKey["formats"]
	assert.Equal(t, ExperimentFormats, out.rule.oneof, "the formats tag lists ExperimentFormats")
	assert.Equal(t, []string{"variant", "params", "house_rules", "players", "seed", "scripts"}, schemaOf(reflect.TypeFor[gameDoc]()).keys)
	assert.Panics(t, func() { parseRule("x", "bogus", "") })
	assert.Panics(t, func() { parseRule("x", "min=ten", "") })
}

// loadErrors loads text as a game config and returns its errors, one a line, without
// the file name.
func loadErrors(t *testing.T, text string) (string, error) {
	t.Helper()
	path := writeConfig(t, text)
	_, err := LoadGame(viper.New(), path)
	require.Error(t, err)
	return strings.ReplaceAll(err.Error(), path, "g.yaml"), err
}

func TestSeveralErrorsAtOnce(t *testing.T) {
	clearEnv(t)
	t.Run("game", func(t *testing.T) {
		text, err := loadErrors(t, `varient: kalah
seed: -2
players:
  - { agent: randon }
  - { agent: alphabeta, dept: 3 }
params:
  housez: 4
  seeds: 99
house_rules: [a.lua, "  "]
`)
		assert.Equal(t, `g.yaml:1: unknown key "varient" (did you mean "variant"? want variant, params, house_rules, players, seed, scripts)
g.yaml:2: seed: -2 is negative, want a non-negative integer
g.yaml:4: players[1].agent: agent "randon" unknown, did you mean "random"? (want one of `+strings.Join(agentNames(), ", ")+`)
g.yaml:5: players[2].dept: unknown option of agent alphabeta (did you mean "depth"? want depth, time, nodes, tt)
g.yaml:7: params.housez: unknown, did you mean "houses"? (want houses, seeds, empty_capture, end_rule, remaining, origin_skip, store_sowing, pie_rule, rows, max_plies)
g.yaml:8: params.seeds: value 99 not allowed (want an integer 1..32)
g.yaml:9: house_rules[2]: empty, want the path of a .lua script`, text)
		var list *Errors
		require.ErrorAs(t, err, &list)
		assert.Len(t, list.List, 7)
		assert.Zero(t, list.More)
		var first *Error
		require.ErrorAs(t, err, &first, "errors.As finds the first *Error")
		assert.Equal(t, 1, first.Line)
		assert.Equal(t, 1, first.Col)
		assert.Equal(t, 25, list.List[3].Col, "columns are kept")
	})
	t.Run("study", func(t *testing.T) {
		path := writeStudy(t, `variants:
  - kalha
  - { variant: kalah, params: { houses: 40 } }
  - { variant: kalah, label: k2 }
  - { variant: kalah, label: k3 }
gmaes: 10
max_plies: 99999999999
sweep: { seeds: [3, 40] }
output: { formats: [csv, pdf] }
`)
		_, err := LoadExperiment(viper.New(), path)
		require.Error(t, err)
		lines := strings.Split(strings.ReplaceAll(err.Error(), path, "s.yaml"), "\n")
		want := []string{
			`s.yaml:2: variants[1]: variant "kalha" unknown, did you mean "kalah"?`,
			`s.yaml:3: variants[2].params.houses: value 40 not allowed (want an integer 1..16)`,
			`s.yaml:6: unknown key "gmaes" (did you mean "games"?`,
			`s.yaml:7: max_plies: 99999999999 is out of range, want an integer 1..1000000`,
			`s.yaml:8: sweep.seeds[2]: value 40 not allowed (want an integer 1..32)`,
			`s.yaml:9: output.formats[2]: format "pdf" unknown (want one of table, csv, json, html, parquet)`,
		}
		require.Len(t, lines, len(want), err.Error())
		for i, w := range want {
			assert.True(t, strings.HasPrefix(lines[i], w), "line %d: %s", i, lines[i])
		}
	})
	t.Run("one error is an *Error", func(t *testing.T) {
		_, err := loadErrors(t, "seed: x\n")
		_, isOne := err.(*Error)
		assert.True(t, isOne)
	})
	t.Run("a bad variant does not make its params wrong too", func(t *testing.T) {
		text, _ := loadErrors(t, "variant: [kalah]\nparams: { speed: fast }\n")
		assert.Equal(t, "g.yaml:1: variant: a list, want a variant name such as kalah, or a .lua path", text)
	})
	t.Run("an option that failed to decode is not also unknown", func(t *testing.T) {
		text, _ := loadErrors(t, "players:\n  - { agent: alphabeta, depth: [3], tim: 2s }\n")
		assert.Equal(t, "g.yaml:2: players[1].depth: a list, want a single value such as 8 or 2s\n"+
			`g.yaml:2: players[1].tim: unknown option of agent alphabeta (did you mean "time"? want depth, time, nodes, tt)`, text)
	})
}

// TestMaxPlies: a study's max_plies is bounded like the games' own max_plies knob, in
// the file, the environment and a flag alike.
func TestMaxPlies(t *testing.T) {
	clearExperimentEnv(t)
	const want = "max_plies: 99999999999 is out of range, want an integer 1..1000000"
	path := writeStudy(t, "variants: [kalah]\nmax_plies: 99999999999\n")
	_, err := LoadExperiment(viper.New(), path)
	require.Error(t, err)
	assert.Equal(t, path+":2: "+want, err.Error())

	path = writeStudy(t, "variants: [kalah]\n")
	t.Setenv("KALAHLAB_MAX_PLIES", "99999999999")
	_, err = LoadExperiment(viper.New(), path)
	require.Error(t, err)
	assert.Equal(t, "env KALAHLAB_MAX_PLIES: 99999999999 is out of range, want an integer 1..1000000", err.Error())
	t.Setenv("KALAHLAB_MAX_PLIES", "")

	v := viper.New()
	fs := pflag.NewFlagSet("x", pflag.ContinueOnError)
	fs.Int("max-plies", 0, "")
	require.NoError(t, v.BindPFlag("max_plies", fs.Lookup("max-plies")))
	require.NoError(t, fs.Parse([]string{"--max-plies", "99999999999"}))
	_, err = LoadExperiment(v, path)
	require.Error(t, err)
	assert.Equal(t, want, err.Error())

	e, err := LoadExperiment(viper.New(), writeStudy(t, "variants: [kalah]\nmax_plies: 1000000\n"))
	require.NoError(t, err)
	assert.Equal(t, 1000000, e.MaxPlies)
}

func TestSyntaxErrorLines(t *testing.T) {
	clearEnv(t)
	tests := []struct {
		name, yaml, want string
	}{
		{"a flow mapping broken by the next item",
			"players:\n  - { agent: random,\n      depth: 3\n  - { agent: human }\nseed: 1\n",
			`g.yaml:4: invalid YAML: the flow mapping "{" opened at line 2 is not closed before this line (want "}", or indent this line more)`},
		{"a flow mapping broken by the next key",
			"params: { houses: 4,\n  seeds: 3\nseed: 1\nscripts: x\n",
			`g.yaml:3: invalid YAML: the flow mapping "{" opened at line 1 is not closed before this line (want "}", or indent this line more)`},
		{"a flow list broken after blank lines",
			"house_rules: [a.lua,\n  b.lua\n\n\nseed: 1\n",
			`g.yaml:5: invalid YAML: the flow list "[" opened at line 1 is not closed before this line (want "]", or indent this line more)`},
		{"a missing comma",
			"params: { houses: 4 seeds: 3 }\n",
			`g.yaml:1: invalid YAML: a second ": " in one entry of the flow mapping "{" opened at line 1 (a missing ","?)`},
		{"a closer too many",
			"params: {houses: 4}}\n",
			`g.yaml:1: invalid YAML: unexpected "}" after the end of the flow mapping "{" opened at line 1`},
		{"the wrong closer",
			"players:\n  - { agent: random ]\n",
			`g.yaml:2: invalid YAML: "]" does not close the flow mapping "{" opened at line 2 (want "}")`},
		{"unclosed at the end of the file",
			"# top\nplayers: [\n  { agent: random },\n\n",
			`g.yaml:3: invalid YAML: the flow list "[" opened at line 2 is not closed by the end of the file (want "]")`},
		{"an unclosed quote",
			"variant: 'kalah\nseed: 1\n",
			`g.yaml:1: invalid YAML: the quoted string ' opened here is not closed by the end of the file`},
		{"brackets in a block scalar and a plain scalar are text",
			"variant: kalah}\nscripts: |\n  {not: [flow\nplayers: [ { agent: random }\n",
			`g.yaml:4: invalid YAML: the flow list "[" opened at line 4 is not closed by the end of the file (want "]")`},
		{"a quote inside a word is text",
			"variant: it's\nplayers: [ { agent: random }, \n",
			`g.yaml:2: invalid YAML: the flow list "[" opened at line 2 is not closed by the end of the file (want "]")`},
		{"not a flow problem: the parser's line",
			"variant: kalah\nseed 2\nscripts: x\n", `g.yaml:2: invalid YAML: could not find expected ':'`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text, err := loadErrors(t, tt.yaml)
			assert.Equal(t, tt.want, text)
			var e *Error
			require.ErrorAs(t, err, &e)
			assert.Contains(t, e.Err.Error(), "yaml:", "the parser's error is the cause")
		})
	}
}

// manyKeys writes n unknown keys (at the top, or under params) after a few good lines.
func manyKeys(n int, underParams bool) string {
	var b strings.Builder
	b.WriteString("variant: kalah\n")
	indent := ""
	if underParams {
		b.WriteString("params:\n")
		indent = "  "
	}
	for i := range n {
		fmt.Fprintf(&b, "%skey%d: %d\n", indent, i, i)
	}
	return b.String()
}

// TestManyErrors: a file with very many mistakes lists the first maxErrors in line order
// and counts the rest, doing no did-you-mean work for those (the count is checked, not
// the time: the machine may be busy).
func TestManyErrors(t *testing.T) {
	clearEnv(t)
	const n = 20000
	for _, under := range []bool{false, true} {
		t.Run(fmt.Sprintf("under params %v", under), func(t *testing.T) {
			path := writeConfig(t, manyKeys(n, under))
			_, err := LoadGame(viper.New(), path)
			var list *Errors
			require.ErrorAs(t, err, &list)
			require.Len(t, list.List, maxErrors)
			assert.Equal(t, n-maxErrors, list.More)
			for i, e := range list.List {
				assert.Equal(t, i+2+btoi(under), e.Line, "the first errors by line")
			}
			assert.True(t, strings.HasSuffix(err.Error(), fmt.Sprintf("\nand %d more errors", n-maxErrors)))
		})
	}
	t.Run("an early error found late is listed", func(t *testing.T) {
		var b strings.Builder
		b.WriteString("params: { housez: 4 }\n") // found after the walk, against the variant
		for i := range 30 {
			fmt.Fprintf(&b, "bad%d: 1\n", i)
		}
		path := writeConfig(t, b.String())
		_, err := LoadGame(viper.New(), path)
		var list *Errors
		require.ErrorAs(t, err, &list)
		assert.Equal(t, 1, list.List[0].Line)
		assert.Equal(t, "params.housez", list.List[0].Key)
		assert.Len(t, list.List, maxErrors)
		assert.Equal(t, 31-maxErrors, list.More)
	})
	t.Run("study params", func(t *testing.T) {
		var b strings.Builder
		b.WriteString("variants:\n  - variant: kalah\n    params:\n")
		for i := range n {
			fmt.Fprintf(&b, "      key%d: %d\n", i, i)
		}
		_, err := LoadExperiment(viper.New(), writeStudy(t, b.String()))
		var list *Errors
		require.ErrorAs(t, err, &list)
		assert.Len(t, list.List, maxErrors)
		assert.Equal(t, n-maxErrors, list.More)
	})
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestAliasExpansion: aliases that repeat a subtree many times stop the walk with an
// error instead of taking time and memory without bound.
func TestAliasExpansion(t *testing.T) {
	clearExperimentEnv(t)
	var b strings.Builder
	b.WriteString("p: &p\n")
	for i := range 2000 {
		fmt.Fprintf(&b, "  k%d: %d\n", i, i)
	}
	b.WriteString("variants:\n")
	for range 3000 {
		b.WriteString("  - { variant: kalah, params: *p }\n")
	}
	path := writeStudy(t, b.String())
	_, err := LoadExperiment(viper.New(), path)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "aliases expand to far more values than it holds")
	var e *Error
	require.ErrorAs(t, err, &e)
	assert.Positive(t, e.Line)
}

func TestErrorsFormat(t *testing.T) {
	one := &Error{Source: "g.yaml", Line: 2, Key: "seed", Msg: "bad"}
	two := &Error{Source: "g.yaml", Line: 5, Msg: "worse"}
	assert.Equal(t, "g.yaml:2: seed: bad\ng.yaml:5: worse", (&Errors{List: []*Error{one, two}}).Error())
	assert.Equal(t, "g.yaml:2: seed: bad\nand 1 more error", (&Errors{List: []*Error{one}, More: 1}).Error())
	cause := errors.New("boom")
	err := error(&Errors{List: []*Error{one, {Err: cause}}})
	assert.ErrorIs(t, err, cause)

	var l errorList
	assert.NoError(t, l.err())
	l.add(two)
	assert.Same(t, two, l.err())
	l.add(&Error{Source: "env KALAHLAB_SEED", Msg: "x"})
	l.add(one)
	var list *Errors
	require.ErrorAs(t, l.err(), &list)
	assert.Equal(t, []*Error{one, two, {Source: "env KALAHLAB_SEED", Msg: "x"}}, list.List, "file errors by line, then the rest")
}

// FuzzDecode walks arbitrary YAML into each file type: never a panic, every error names
// the file and a line, no more than maxErrors are listed, and whatever locateBreak
// finds is a line of the text.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{
		"variant: kalah\nplayers: [{agent: random}]\n", "variants: [kalah]\nsweep: {seeds: [3, 3]}\n",
		"a: [1, {b: 2}\n", "p: &p {a: 1}\nvariants: [{variant: kalah, params: *p}]\n",
		"output: {formats: csv, dir: [x]}\n", "players:\n  - {agent: alphabeta, depth: '3'\n  - x\n",
		"x: |\n  {[\"'\ny: '\n", "{a: b}}", "]", "- [a, {b: c: d}]", "seed: 0x10\nsolve: -1s\n",
		"variants: {variant: kalah, params: {houses: 4.5}}\nagents: {agent: human}\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if b, ok := locateBreak(data); ok {
			assert.GreaterOrEqual(t, b.line, 1)
			assert.LessOrEqual(t, b.line, strings.Count(string(data), "\n")+1)
		}
		for _, dst := range []any{&gameDoc{}, &studyDoc{}} {
			errs := &errorList{}
			d, _, err := decodeFile("f.yaml", data, dst, errs)
			if err != nil {
				var e *Error
				require.ErrorAs(t, err, &e)
				assert.Equal(t, "f.yaml", e.Source)
				assert.Positive(t, e.Line)
				continue
			}
			assert.LessOrEqual(t, len(errs.list), maxErrors)
			for _, e := range errs.list {
				assert.Equal(t, "f.yaml", e.Source)
				assert.Positive(t, e.Line, e.Error())
				assert.NotEmpty(t, e.Error())
			}
			if errs.empty() {
				assert.NotPanics(t, func() { d.viperMap(reflect.ValueOf(dst).Elem(), "") })
			}
		}
	})
}

// BenchmarkManyUnknownKeys loads a game config with 300k unknown keys (issue 12: this
// took 12.7 s before reporting the first).
func BenchmarkManyUnknownKeys(b *testing.B) {
	clearEnv(b)
	for _, under := range []bool{false, true} {
		b.Run(fmt.Sprintf("params=%v", under), func(b *testing.B) {
			path := filepath.Join(b.TempDir(), "g.yaml")
			require.NoError(b, os.WriteFile(path, []byte(manyKeys(300000, under)), 0o644))
			for b.Loop() {
				_, err := LoadGame(viper.New(), path)
				require.Error(b, err)
			}
		})
	}
}
