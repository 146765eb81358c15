package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/spf13/pflag"
	"github.com/spf13/viper"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// clearExperimentEnv hides the machine's KALAHLAB_* settings.
func clearExperimentEnv(t testing.TB) {
	for _, k := range experimentEnvKeys {
		t.Setenv(envName(k), "")
	}
}

func writeStudy(t testing.TB, text string) string {
	path := filepath.Join(t.TempDir(), "study.yaml")
	require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
	return path
}

func TestLoadExperimentErrors(t *testing.T) {
	clearExperimentEnv(t)
	keys := strings.Join(experimentKeys, ", ")
	tests := []struct {
		name string
		yaml string
		want string // the message after the file name
	}{
		{"unknown top-level key", "variants: [kalah]\ngmaes: 10\n",
			`:2: unknown key "gmaes" (did you mean "games"? want ` + keys + `)`},
		{"unknown key, no suggestion", "variants: [kalah]\ncolour: red\n",
			`:2: unknown key "colour" (want ` + keys + `)`},
		{"no variants", "games: 10\n", `:1: no variants key, want variants: [NAME, ...] (names such as kalah, or .lua paths)`},
		{"empty file", "# nothing\n", `: empty, want at least variants: [NAME, ...]`},
		{"unknown variant", "variants: [kalha]\n", `:1: variants[1]: variant "kalha" unknown, did you mean "kalah"?`},
		{"unknown key of a variant entry", "variants:\n  - { variant: kalah, parms: { seeds: 3 } }\n",
			`:2: variants[1].parms: unknown key (did you mean "params"? want variant, label, params, house_rules)`},
		{"variant entry without variant", "variants:\n  - { label: x }\n",
			`:2: variants[1]: no variant key, want { variant: NAME, label: ..., params: {...} }`},
		{"unknown param", "variants:\n  - variant: kalah\n    params:\n      housez: 4\n",
			`:4: variants[1].params.housez: unknown, did you mean "houses"?`},
		{"param out of range", "variants:\n  - variant: kalah\n    params: { houses: 40 }\n",
			`:3: variants[1].params.houses: value 40 not allowed (want an integer 1..16)`},
		{"float param", "variants:\n  - variant: kalah\n    params: { houses: 4.5 }\n",
			`:3: variants[1].params.houses: 4.5 is a float, want an integer, true/false or a string`},
		{"sweep knob unknown", "variants: [kalah]\nsweep:\n  seedz: [3, 4]\n",
			`:3: sweep.seedz: not a knob of kalah: param "seedz": unknown, did you mean "seeds"?`},
		{"sweep value out of range", "variants: [kalah]\nsweep:\n  seeds:\n    - 3\n    - 40\n",
			`:5: sweep.seeds[2]: value 40 not allowed (want an integer 1..32)`},
		{"sweep value twice", "variants: [kalah]\nsweep:\n  seeds: [3, 3]\n",
			`:3: sweep.seeds[2]: 3 is listed twice`},
		{"sweep not a mapping", "variants: [kalah]\nsweep: [seeds]\n",
			`:2: sweep: a list, want a mapping of knobs to lists of values, such as { seeds: [3, 4] }`},
		{"sweep combination invalid", "variants: [kalah]\nsweep:\n  houses: [16]\n  seeds: [16]\n",
			`:3: sweep: kalah with houses=16 seeds=16: variant kalah: kalah: 2 rows x 16 houses x 16 seeds = 512 seeds in all; at most 255`},
		{"float games", "variants: [kalah]\ngames: 10.5\n", `:2: games: 10.5 is a float, want an integer >= 1`},
		{"zero games", "variants: [kalah]\ngames: 0\n", `:2: games: 0 is out of range, want an integer >= 1`},
		{"string games", "variants: [kalah]\ngames: many\n", `:2: games: the string "many", want an integer >= 1`},
		{"target_ci out of range", "variants: [kalah]\ntarget_ci: 2\n", `:2: target_ci: 2 is out of range, want a number 0..1 (0: play every game)`},
		{"negative seed", "variants: [kalah]\nseed: -1\n", `:2: seed: -1 is negative, want a non-negative integer`},
		{"rotate_seats not a bool", "variants: [kalah]\nrotate_seats: yes please\n", `:2: rotate_seats: the string "yes please", want true or false`},
		{"bad solve budget", "variants: [kalah]\nsolve: soon\n", `:2: solve: "soon" is neither a node count nor a duration, want a node count such as 50M nodes`},
		{"solve without a unit", "variants: [kalah]\nsolve: 5000\n", `:2: solve: "5000" has no unit, want a node count such as 50M nodes`},
		{"solve zero nodes", "variants: [kalah]\nsolve: 0 nodes\n", `:2: solve: "0 nodes": 0 nodes (write solve: 0 to turn the solver off)`},
		{"solve a list", "variants: [kalah]\nsolve: [1s]\n", `:2: solve: a list, want a node count such as 50M nodes`},
		{"unknown output key", "variants: [kalah]\noutput:\n  dri: out\n",
			`:3: output.dri: unknown key (did you mean "dir"? want dir, formats, trials, compress)`},
		{"unknown format", "variants: [kalah]\noutput:\n  formats: [table, hmtl]\n",
			`:3: output.formats[2]: format "hmtl" unknown (did you mean "html"? want one of table, csv, json, html, parquet)`},
		{"human agent", "variants: [kalah]\nagents:\n  - { agent: human }\n",
			`:3: agents[1]: an experiment has no human players`},
		{"agent option unknown", "variants: [kalah]\nagents:\n  - { agent: alphabeta, dept: 4 }\n",
			`:3: agents[1].dept: unknown option of agent alphabeta (did you mean "depth"?`},
		{"agent unknown", "variants: [kalah]\nagents: { agent: alphabta }\n",
			`:2: agents[1].agent: agent "alphabta" unknown, did you mean "alphabeta"?`},
		{"duplicate labels", "variants:\n  - kalah\n  - { variant: kalah, params: { seeds: 3 } }\n",
			`:3: variants[2]: label "kalah" is taken by variants[1]; give one a label`},
		{"duplicate key", "variants: [kalah]\ngames: 3\ngames: 4\n", `:3: duplicate key "games" (first at line 2)`},
		{"keys are snake_case", "variants: [kalah]\nsweep:\n  Seeds: [3]\n", `:3: sweep.Seeds: keys are snake_case (did you mean "seeds"?)`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := writeStudy(t, tc.yaml)
			_, err := LoadExperiment(viper.New(), path)
			require.Error(t, err)
			var cerr *Error
			require.ErrorAs(t, err, &cerr)
			assert.Contains(t, err.Error(), path+tc.want)
		})
	}
}

func TestLoadExperiment(t *testing.T) {
	clearExperimentEnv(t)
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "mine.lua"), []byte(`return variant { extends = "kalah", params = { houses = 4 } }`), 0o644))
	path := filepath.Join(dir, "study.yaml")
	require.NoError(t, os.WriteFile(path, []byte(`
name: pie
variants:
  - kalah
  - { variant: kalah/pie, label: pie }
  - mine.lua
sweep:
  seeds: [3, 4]
  empty_capture: [true, false]
agents:
  - { agent: alphabeta, depth: 3 }
  - { agent: random }
games: 500
target_ci: 0.05
seed: 7
solve: 250ms
output: { dir: out, formats: [csv, html] }
`), 0o644))
	e, err := LoadExperiment(viper.New(), path)
	require.NoError(t, err)
	assert.Equal(t, "pie", e.Name)
	require.Len(t, e.Variants, 3)
	assert.Equal(t, "pie", e.Variants[1].Label)
	assert.Equal(t, filepath.Join(dir, "mine.lua"), e.Variants[2].Variant, "a .lua path is relative to the study file")
	require.Len(t, e.Sweep, 2)
	assert.Equal(t, []any{3, 4}, e.Sweep[0].Values)
	assert.Equal(t, []any{true, false}, e.Sweep[1].Values)
	assert.Len(t, SweepPoints(e.Sweep), 4)
	assert.Equal(t, map[string]any{"seeds": 3, "empty_capture": false}, SweepPoints(e.Sweep)[1])
	require.Len(t, e.Agents, 2)
	assert.Equal(t, "alphabeta:depth=3", e.Agents[0].String())
	assert.Equal(t, 500, e.Games)
	assert.Equal(t, 0.05, e.TargetCI)
	assert.Equal(t, uint64(7), e.Seed)
	assert.Equal(t, SolveBudget{Time: 250 * time.Millisecond}, e.Solve)
	assert.True(t, e.RotateSeats, "rotate_seats defaults to true")
	assert.Equal(t, 5000, e.MaxPlies)
	assert.Equal(t, ExperimentOutput{Dir: "out", Formats: []string{"csv", "html"}, Trials: true, Compress: true}, e.Output)
	assert.Equal(t, path, e.File)
	assert.Len(t, e.TextSHA256(), 64)
}

func TestLoadExperimentLayers(t *testing.T) {
	clearExperimentEnv(t)
	path := writeStudy(t, "variants: [kalah]\ngames: 100\nseed: 3\nworkers: 2\n")

	// The environment beats the file.
	t.Setenv("KALAHLAB_GAMES", "250")
	e, err := LoadExperiment(viper.New(), path)
	require.NoError(t, err)
	assert.Equal(t, 250, e.Games)
	assert.Equal(t, uint64(3), e.Seed)

	// A flag given on the command line beats both; one not given does not.
	v := viper.New()
	fs := pflag.NewFlagSet("x", pflag.ContinueOnError)
	fs.Int("games", 0, "")
	fs.Int("workers", 0, "")
	fs.String("out", "", "")
	require.NoError(t, v.BindPFlag("games", fs.Lookup("games")))
	require.NoError(t, v.BindPFlag("workers", fs.Lookup("workers")))
	require.NoError(t, v.BindPFlag("output.dir", fs.Lookup("out")))
	require.NoError(t, fs.Parse([]string{"--games", "40", "--out", "res"}))
	e, err = LoadExperiment(v, path)
	require.NoError(t, err)
	assert.Equal(t, 40, e.Games)
	assert.Equal(t, 2, e.Workers, "an unset flag leaves the file's value")
	assert.Equal(t, "res", e.Output.Dir)

	// A bad environment value names the variable.
	t.Setenv("KALAHLAB_GAMES", "lots")
	_, err = LoadExperiment(viper.New(), path)
	require.Error(t, err)
	assert.Equal(t, `env KALAHLAB_GAMES: "lots" is not an integer, want an integer >= 1`, err.Error())
	t.Setenv("KALAHLAB_GAMES", "")
	t.Setenv("KALAHLAB_TARGET_CI", "0.02")
	e, err = LoadExperiment(viper.New(), path)
	require.NoError(t, err)
	assert.Equal(t, 0.02, e.TargetCI)
}

func TestDefaultStudy(t *testing.T) {
	clearExperimentEnv(t)
	e, err := LoadExperiment(viper.New(), "")
	require.NoError(t, err)
	assert.Equal(t, DefaultStudy+" (embedded)", e.File)
	assert.Equal(t, "kalah-fairness", e.Name)
	assert.GreaterOrEqual(t, len(e.Variants), 2)
	assert.NotEmpty(t, e.Text)

	// An example is found by name when no such file exists.
	e2, err := LoadExperiment(viper.New(), "study-kalah-fairness")
	require.NoError(t, err)
	assert.Equal(t, e.Name, e2.Name)
}

// TestStudyExamples loads every example study (config/examples/study-*.yaml).
func TestStudyExamples(t *testing.T) {
	clearExperimentEnv(t)
	paths, err := filepath.Glob(filepath.Join("examples", "study-*.yaml"))
	require.NoError(t, err)
	require.NotEmpty(t, paths)
	assert.Len(t, StudyExamples(), len(paths), "every study is embedded")
	for _, path := range paths {
		t.Run(filepath.Base(path), func(t *testing.T) {
			text, err := os.ReadFile(path)
			require.NoError(t, err)
			assert.True(t, strings.HasPrefix(string(text), "# "), "starts with a comment header")
			e, err := LoadExperiment(viper.New(), path)
			require.NoError(t, err)
			assert.NotEmpty(t, e.Variants)
		})
	}
}

func TestSetAgents(t *testing.T) {
	clearExperimentEnv(t)
	e, err := LoadExperiment(viper.New(), writeStudy(t, "variants: [kalah]\n"))
	require.NoError(t, err)
	assert.Equal(t, "random", e.Agents[0].Agent, "random by default")
	require.NoError(t, e.SetAgents([]string{"alphabeta:depth=3", "greedy"}))
	assert.Equal(t, "alphabeta:depth=3", e.Agents[0].String())
	assert.Equal(t, "greedy", e.Agents[1].String())
	err = e.SetAgents([]string{"human"})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "agents[1]: an experiment has no human players")
	err = e.SetAgents([]string{"alphabeta:dept=3"})
	require.Error(t, err)
	assert.Contains(t, err.Error(), `did you mean "depth"`)
}

func FuzzLoadExperiment(f *testing.F) {
	f.Add("variants: [kalah]\ngames: 10\n")
	f.Add("variants:\n  - { variant: kalah, params: { seeds: 3 } }\nsweep: { houses: [3, 4] }\n")
	f.Add("variants: kalah\nagents: { agent: random }\noutput: { formats: csv }\n")
	f.Fuzz(func(t *testing.T, text string) {
		path := filepath.Join(t.TempDir(), "s.yaml")
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Skip()
		}
		e, err := LoadExperiment(viper.New(), path)
		if err == nil && len(e.Variants) == 0 {
			t.Fatal("a study without variants loaded")
		}
	})
}
