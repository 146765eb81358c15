package config

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/spf13/pflag"
	"github.com/spf13/viper"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/ai"
	"github.com/kalahlab/kalahlab/core"
)

// clearEnv hides any KALAHLAB_* settings of the machine running the tests (viper treats
// an empty variable as unset).
func clearEnv(t testing.TB) {
	for _, k := range envKeys {
		t.Setenv(envName(k), "")
	}
}

// writeConfig writes text to game.yaml in a temporary directory and returns its path.
func writeConfig(t testing.TB, text string) string {
	path := filepath.Join(t.TempDir(), "game.yaml")
	require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
	return path
}

func TestLoadGameErrors(t *testing.T) {
	clearEnv(t)
	agents := strings.Join(agentNames(), ", ") // the registered agents, then human
	const kalahKnobs = "houses, seeds, empty_capture, end_rule, remaining, origin_skip, store_sowing, pie_rule, rows, max_plies"
	tests := []struct {
		name string
		yaml string
		want string // the message after the file name
	}{
		{"unknown top-level key", "varient: kalah\n",
			`:1: unknown key "varient" (did you mean "variant"? want variant, params, house_rules, players, seed, scripts)`},
		{"unknown top-level key, no suggestion", "variant: kalah\ncolour: red\n",
			`:2: unknown key "colour" (want variant, params, house_rules, players, seed, scripts)`},
		{"top-level keys are case-sensitive", "Seed: 3\n",
			`:1: unknown key "Seed" (did you mean "seed"? want variant, params, house_rules, players, seed, scripts)`},
		{"unknown key in a player", "players:\n  - { agent: human }\n  - { agnet: random }\n",
			`:3: players[2].agnet: unknown key (did you mean "agent"? want agent and the agent's options)`},
		{"player without agent", "players:\n  - { level: 3 }\n",
			`:2: players[1]: no agent key, want { agent: NAME, option: value, ... } (agents: ` + agents + `)`},
		{"float for an int param", "variant: kalah\nparams:\n  houses: 4.5\n",
			`:3: params.houses: 4.5 is a float, want an integer 1..16`},
		{"float for a bool param", "params: { pie_rule: 1.0 }\n",
			`:1: params.pie_rule: 1.0 is a float, want true or false`},
		{"float for a param of a script variant", "variant: my/own.lua\nparams:\n  houses: 4.0\n",
			`:3: params.houses: 4.0 is a float, want an integer, true/false or a string`},
		{"float seed", "seed: 1.5\n", `:1: seed: 1.5 is a float, want a non-negative integer`},
		{"string seed", "seed: \"7\"\n", `:1: seed: the string "7", want a non-negative integer`},
		{"negative seed", "seed: -3\n", `:1: seed: -3 is negative, want a non-negative integer`},
		{"seed too large", "seed: 18446744073709551616\n",
			`:1: seed: 18446744073709551616 is out of range, want an integer 0..18446744073709551615`},
		{"variant not a string", "variant: [kalah]\n",
			`:1: variant: a list, want a variant name such as kalah, or a .lua path`},
		{"variant a number", "variant: 3\n",
			`:1: variant: the integer 3, want a variant name such as kalah, or a .lua path`},
		{"params not a mapping", "params: [houses]\n",
			`:1: params: a list, want a mapping of knobs such as { houses: 4 }`},
		{"param not a scalar", "params:\n  houses: [4]\n",
			`:2: params.houses: a list, want an integer, true/false or a string`},
		{"param key not snake_case", "params:\n  Houses: 4\n",
			`:2: params.Houses: keys are snake_case (did you mean "houses"?)`},
		{"unknown param", "params:\n  seeds: 3\n  housez: 4\n",
			`:3: params.housez: unknown, did you mean "houses"? (want ` + kalahKnobs + `)`},
		{"int param out of range", "params:\n  houses: 40\n",
			`:2: params.houses: value 40 not allowed (want an integer 1..16)`},
		{"int param not in its set", "params:\n  rows: 3\n",
			`:2: params.rows: value 3 not allowed (want one of 2, 4)`},
		{"enum param", "params:\n  end_rule: never\n",
			`:2: params.end_rule: value "never" not allowed (want one of either_side_empty, mover_cannot_move)`},
		{"quoted int param", "params:\n  seeds: \"3\"\n",
			`:2: params.seeds: value "3" not allowed (want an integer 1..32)`},
		{"int param too large", "params:\n  seeds: 99999999999999999999\n",
			`:2: params.seeds: 99999999999999999999 is out of range for an integer`},
		{"params that do not fit together", "params:\n  rows: 4\n  houses: 16\n  seeds: 32\n",
			`:2: params: variant kalah: kalah: 4 rows x 16 houses x 32 seeds = 2048 seeds in all; at most 255`},
		{"bad agent", "players:\n  - agent: human\n  - agent: randon\n",
			`:3: players[2].agent: agent "randon" unknown, did you mean "random"? (want one of ` + agents + `)`},
		{"agent not a string", "players:\n  - agent: 3\n",
			`:2: players[1].agent: the integer 3, want an agent name such as random`},
		{"option of an agent without options", "players:\n  - agent: random\n    depth: 8\n",
			`:3: players[1].depth: unknown option of agent random (want none)`},
		{"unknown agent option", "players:\n  - agent: alphabeta\n    depth: 8\n    tim: 2s\n",
			`:4: players[1].tim: unknown option of agent alphabeta (did you mean "time"? want depth, time, nodes, tt)`},
		{"bad agent option value", "players:\n  - agent: alphabeta\n    tt: 0\n    depth: deep\n",
			`:4: players[1].depth: agent alphabeta: option depth="deep": want an integer 1..64`},
		{"human with options", "players:\n  - { agent: human, depth: 2 }\n",
			`:2: players[1].depth: a human player takes no options`},
		{"nested agent option", "players:\n  - agent: random\n    budget: { time: 2s }\n",
			`:3: players[1].budget: a mapping, want a single value such as 8 or 2s`},
		{"player not a mapping", "players:\n  - random\n",
			`:2: players[1]: the string "random", want a mapping such as { agent: random }`},
		{"players not a list", "players: { agent: random }\n",
			`:1: players: a mapping, want a list of players such as - { agent: random }`},
		{"house rules not a list", "house_rules: strict.lua\n",
			`:1: house_rules: the string "strict.lua", want a list of .lua paths`},
		{"house rule not a string", "house_rules:\n  - strict.lua\n  - { path: x.lua }\n",
			`:3: house_rules[2]: a mapping, want the path of a .lua script`},
		{"duplicate key", "seed: 1\nvariant: kalah\nseed: 2\n", `:3: duplicate key "seed" (first at line 1)`},
		{"duplicate nested key", "params:\n  houses: 4\n  houses: 5\n", `:3: params.houses: duplicate key (first at line 2)`},
		{"merge key", "players:\n  - &p { agent: random }\n  - { <<: *p }\n",
			`:3: players[2]: merge keys (<<) are not supported; write the keys out`},
		{"non-mapping top level", "- variant: kalah\n", `:1: the top level is a list, want a mapping of keys`},
		{"scalar top level", "kalah\n", `:1: the top level is the string "kalah", want a mapping of keys`},
		{"two documents", "seed: 1\n---\nseed: 2\n", `:2: a second YAML document (after ---); want one document`},
		{"malformed YAML", "variant: kalah\nplayers: [\n", `:2: invalid YAML: the flow list "[" opened at line 2 is not closed by the end of the file (want "]")`},
		{"malformed mapping", "variant: kalah\nseed 2\nscripts: x\n", `:2: invalid YAML: could not find expected ':'`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := writeConfig(t, tt.yaml)
			g, err := LoadGame(viper.New(), path)
			require.Error(t, err)
			assert.Nil(t, g)
			assert.Equal(t, path+tt.want, err.Error())
			var ce *Error
			require.ErrorAs(t, err, &ce)
			assert.Equal(t, path, ce.Source)
			assert.Positive(t, ce.Line)
		})
	}
}

func TestLoadGameErrorCauses(t *testing.T) {
	clearEnv(t)
	t.Run("a bad param wraps *core.ParamError", func(t *testing.T) {
		_, err := LoadGame(viper.New(), writeConfig(t, "params: { houses: 99 }\n"))
		var pe *core.ParamError
		require.ErrorAs(t, err, &pe)
		assert.Equal(t, "houses", pe.Param)
	})
	t.Run("a syntax error wraps the YAML error", func(t *testing.T) {
		_, err := LoadGame(viper.New(), writeConfig(t, "a: [\n"))
		var ce *Error
		require.ErrorAs(t, err, &ce)
		require.Error(t, ce.Err)
		assert.Contains(t, ce.Err.Error(), "yaml:")
	})
	t.Run("a missing file", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "nope.yaml")
		_, err := LoadGame(viper.New(), path)
		require.ErrorIs(t, err, os.ErrNotExist)
		assert.Contains(t, err.Error(), path)
	})
	t.Run("nil viper", func(t *testing.T) {
		_, err := LoadGame(nil, "")
		require.Error(t, err)
	})
}

func TestLoadGameEnvErrors(t *testing.T) {
	tests := []struct {
		name, env, value, want string
	}{
		{"seed not a number", "KALAHLAB_SEED", "abc", `env KALAHLAB_SEED: "abc" is not an integer, want a non-negative integer`},
		{"negative seed", "KALAHLAB_SEED", "-1", `env KALAHLAB_SEED: -1 is negative, want a non-negative integer`},
		{"float seed", "KALAHLAB_SEED", "2.5", `env KALAHLAB_SEED: "2.5" is a float, want a non-negative integer`},
		{"blank variant", "KALAHLAB_VARIANT", "  ", `env KALAHLAB_VARIANT: empty, want a variant name such as kalah, or a .lua path`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			clearEnv(t)
			t.Setenv(tt.env, tt.value)
			_, err := LoadGame(viper.New(), writeConfig(t, "seed: 3\nvariant: kalah\n"))
			require.Error(t, err)
			assert.Equal(t, tt.want, err.Error())
		})
	}
	t.Run("the cause is kept", func(t *testing.T) {
		clearEnv(t)
		t.Setenv("KALAHLAB_SEED", "abc")
		_, err := LoadGame(viper.New(), "")
		require.ErrorIs(t, err, strconv.ErrSyntax)
	})
	t.Run("a param check uses the variant from the environment", func(t *testing.T) {
		clearEnv(t)
		t.Setenv("KALAHLAB_VARIANT", "kalah")
		path := writeConfig(t, "variant: mine.lua\nparams:\n  housez: 4\n")
		_, err := LoadGame(viper.New(), path)
		require.Error(t, err)
		assert.True(t, strings.HasPrefix(err.Error(), path+`:3: params.housez: unknown, did you mean "houses"?`), err.Error())
	})
}

func TestLoadGameDefault(t *testing.T) {
	clearEnv(t)
	g, err := LoadGame(viper.New(), "")
	require.NoError(t, err)
	assert.Equal(t, &Game{
		Variant:    "kalah",
		Params:     map[string]any{},
		HouseRules: []string{},
		Players:    []ai.Spec{{Agent: "human", Options: map[string]string{}}, {Agent: "random", Options: map[string]string{}}},
		Seed:       1,
		Scripts:    "",
	}, g)

	t.Run("the embedded text", func(t *testing.T) {
		text := defaultGameYAML()
		assert.Contains(t, string(text), "variant: kalah")
		text[0] = 'X' // a copy: the embedded default is unchanged
		assert.NotEqual(t, text, defaultGameYAML())
		path := writeConfig(t, string(defaultGameYAML()))
		fromFile, err := LoadGame(viper.New(), path)
		require.NoError(t, err)
		assert.Equal(t, g, fromFile)
	})
}

func TestLoadGameFile(t *testing.T) {
	clearEnv(t)
	path := writeConfig(t, `# a full config
variant: kalah
params: { houses: 4, seeds: 3, pie_rule: true, end_rule: mover_cannot_move }
house_rules: [rules/strict.lua, rules/other.lua]
players:
  - { agent: random }
  - agent: human
seed: 18446744073709551615
scripts: my-scripts
`)
	g, err := LoadGame(viper.New(), path)
	require.NoError(t, err)
	assert.Equal(t, &Game{
		Variant:    "kalah",
		Params:     map[string]any{"houses": 4, "seeds": 3, "pie_rule": true, "end_rule": "mover_cannot_move"},
		HouseRules: []string{"rules/strict.lua", "rules/other.lua"},
		Players:    []ai.Spec{{Agent: "random", Options: map[string]string{}}, {Agent: "human", Options: map[string]string{}}},
		Seed:       18446744073709551615,
		Scripts:    "my-scripts",
	}, g)

	tests := []struct {
		name string
		yaml string
		want func(t *testing.T, g *Game)
	}{
		{"empty file keeps the defaults", "# nothing set\n", func(t *testing.T, g *Game) {
			assert.Equal(t, "kalah", g.Variant)
			assert.Len(t, g.Players, 2)
		}},
		{"an empty value is the same as no key", "seed:\nparams:\nplayers:\n", func(t *testing.T, g *Game) {
			assert.Equal(t, uint64(1), g.Seed)
			assert.Empty(t, g.Params)
			assert.Len(t, g.Players, 2)
		}},
		{"a script variant keeps its params unchecked", "variant: my/variant.lua\nparams: { speed: fast, laps: 3 }\n", func(t *testing.T, g *Game) {
			assert.Equal(t, "my/variant.lua", g.Variant)
			assert.Equal(t, map[string]any{"speed": "fast", "laps": 3}, g.Params)
		}},
		{"player options are kept as written", "players:\n  - { agent: human }\n  - { agent: alphabeta, depth: 08, time: 2s, tt: 1 }\n", func(t *testing.T, g *Game) {
			assert.Equal(t, []ai.Spec{
				{Agent: "human", Options: map[string]string{}},
				{Agent: "alphabeta", Options: map[string]string{"depth": "08", "time": "2s", "tt": "1"}},
			}, g.Players)
		}},
		{"aliases are followed", "players:\n  - &r { agent: random }\n  - *r\n", func(t *testing.T, g *Game) {
			assert.Equal(t, []ai.Spec{{Agent: "random", Options: map[string]string{}}, {Agent: "random", Options: map[string]string{}}}, g.Players)
		}},
		{"hex and octal integers", "seed: 0x10\nparams: { houses: 0o5 }\n", func(t *testing.T, g *Game) {
			assert.Equal(t, uint64(16), g.Seed)
			assert.Equal(t, 5, g.Params["houses"])
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := LoadGame(viper.New(), writeConfig(t, tt.yaml))
			require.NoError(t, err)
			tt.want(t, g)
		})
	}
}

// TestPrecedence checks default < file < env < flag (and Set) for each key the
// environment and flags may set.
func TestPrecedence(t *testing.T) {
	const file = "variant: file.lua\nseed: 5\nscripts: file-dir\n"
	type layers struct {
		file  bool
		env   bool
		flags []string // command-line arguments given; the flags are always bound
	}
	tests := []struct {
		name             string
		layers           layers
		variant, scripts string
		seed             uint64
	}{
		{"embedded default", layers{}, "kalah", "", 1},
		{"file over default", layers{file: true}, "file.lua", "file-dir", 5},
		{"env over default", layers{env: true}, "env.lua", "env-dir", 7},
		{"env over file", layers{file: true, env: true}, "env.lua", "env-dir", 7},
		{"flag over file", layers{file: true, flags: []string{"--variant=flag.lua", "--seed=9", "--scripts=flag-dir"}}, "flag.lua", "flag-dir", 9},
		{"flag over env", layers{file: true, env: true, flags: []string{"--variant=flag.lua", "--seed=9", "--scripts=flag-dir"}}, "flag.lua", "flag-dir", 9},
		{"one flag over env, the rest from env", layers{file: true, env: true, flags: []string{"--seed=0"}}, "env.lua", "env-dir", 0},
		{"unset flags do not override the file", layers{file: true, flags: []string{}}, "file.lua", "file-dir", 5},
		{"unset flags do not override the env", layers{env: true, flags: []string{}}, "env.lua", "env-dir", 7},
		{"unset flags do not override the default", layers{flags: []string{}}, "kalah", "", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			clearEnv(t)
			if tt.layers.env {
				t.Setenv("KALAHLAB_VARIANT", "env.lua")
				t.Setenv("KALAHLAB_SEED", "7")
				t.Setenv("KALAHLAB_SCRIPTS", "env-dir")
			}
			path := ""
			if tt.layers.file {
				path = writeConfig(t, file)
			}
			v := viper.New()
			// As the CLI does it: flags with their own defaults, bound one by one.
			fs := pflag.NewFlagSet("play", pflag.ContinueOnError)
			fs.String("variant", "flag-default.lua", "")
			fs.Uint64("seed", 42, "")
			fs.String("scripts", "flag-default-dir", "")
			for _, k := range []string{"variant", "seed", "scripts"} {
				require.NoError(t, v.BindPFlag(k, fs.Lookup(k)))
			}
			require.NoError(t, fs.Parse(tt.layers.flags))

			g, err := LoadGame(v, path)
			require.NoError(t, err)
			assert.Equal(t, tt.variant, g.Variant)
			assert.Equal(t, tt.seed, g.Seed)
			assert.Equal(t, tt.scripts, g.Scripts)
		})
	}

	t.Run("Set over everything", func(t *testing.T) {
		clearEnv(t)
		t.Setenv("KALAHLAB_SEED", "7")
		v := viper.New()
		v.Set("seed", 11)
		g, err := LoadGame(v, writeConfig(t, file))
		require.NoError(t, err)
		assert.Equal(t, uint64(11), g.Seed)
		assert.Equal(t, "file.lua", g.Variant)
	})
}

func TestCallerValues(t *testing.T) {
	clearEnv(t)
	t.Run("a param set by the caller layers on the file's params", func(t *testing.T) {
		v := viper.New()
		v.Set("params.seeds", 5)
		g, err := LoadGame(v, writeConfig(t, "params: { houses: 4, seeds: 3 }\n"))
		require.NoError(t, err)
		assert.Equal(t, map[string]any{"houses": 4, "seeds": 5}, g.Params)
	})
	t.Run("a bad param set by the caller", func(t *testing.T) {
		v := viper.New()
		v.Set("params.seeds", 2.5)
		_, err := LoadGame(v, writeConfig(t, "params: { houses: 4, seeds: 3 }\n"))
		require.Error(t, err)
		assert.Equal(t, "params.seeds: 2.5 is a float, want an integer 1..32", err.Error())
	})
	t.Run("params set to a non-mapping by the caller", func(t *testing.T) {
		v := viper.New()
		v.Set("params", "houses=4")
		_, err := LoadGame(v, "")
		require.Error(t, err)
		assert.Equal(t, "params: houses=4 (string), want a mapping of knobs", err.Error())
	})
	t.Run("players as command-line specs", func(t *testing.T) {
		v := viper.New()
		v.Set("players", []string{"random", "human"})
		g, err := LoadGame(v, "")
		require.NoError(t, err)
		assert.Equal(t, []ai.Spec{{Agent: "random", Options: map[string]string{}}, {Agent: "human", Options: map[string]string{}}}, g.Players)
	})
	t.Run("a bad player set by the caller", func(t *testing.T) {
		v := viper.New()
		v.Set("players", []ai.Spec{{Agent: "humna"}})
		_, err := LoadGame(v, "")
		require.Error(t, err)
		assert.Equal(t, `players[1]: agent "humna" unknown, did you mean "human"? (want one of `+strings.Join(agentNames(), ", ")+`)`, err.Error())
	})
	t.Run("a seed flag of type string", func(t *testing.T) {
		v := viper.New()
		fs := pflag.NewFlagSet("play", pflag.ContinueOnError)
		fs.String("seed", "1", "")
		require.NoError(t, v.BindPFlag("seed", fs.Lookup("seed")))
		require.NoError(t, fs.Parse([]string{"--seed", "x1"}))
		_, err := LoadGame(v, "")
		require.Error(t, err)
		assert.Equal(t, `seed: "x1" is not an integer, want a non-negative integer`, err.Error())
	})
}

func TestPlayerFrom(t *testing.T) {
	tests := []struct {
		name string
		in   any
		want ai.Spec
		err  string
	}{
		{"options become strings", map[string]any{"agent": "alphabeta", "depth": 8, "time": "2s", "tt": true, "c": 1.5},
			ai.Spec{Agent: "alphabeta", Options: map[string]string{"depth": "8", "time": "2s", "tt": "true", "c": "1.5"}}, ""},
		{"a command-line spec", "mcts:iterations=100", ai.Spec{Agent: "mcts", Options: map[string]string{"iterations": "100"}}, ""},
		{"no agent", map[string]any{"depth": 8}, ai.Spec{}, "no agent"},
		{"agent not a string", map[string]any{"agent": 3}, ai.Spec{}, "agent is 3"},
		{"nested option", map[string]any{"agent": "x", "budget": map[string]any{}}, ai.Spec{}, "want a single value"},
		{"not a mapping", 3, ai.Spec{}, "want a mapping"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := playerFrom(tt.in)
			if tt.err != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tt.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestSetPlayer(t *testing.T) {
	g := &Game{Players: []ai.Spec{{Agent: "human"}}}
	g.SetPlayer(0, ai.Spec{Agent: "random"})
	assert.Equal(t, []ai.Spec{{Agent: "random"}}, g.Players)
	g.SetPlayer(2, ai.Spec{Agent: "human"})
	assert.Equal(t, []ai.Spec{{Agent: "random"}, {Agent: "random", Options: map[string]string{}}, {Agent: "human"}}, g.Players)
	g.SetPlayer(-1, ai.Spec{Agent: "human"})
	assert.Len(t, g.Players, 3)
}

func TestErrorFormat(t *testing.T) {
	cause := errors.New("boom")
	tests := []struct {
		err  *Error
		want string
	}{
		{&Error{Source: "g.yaml", Line: 3, Key: "seed", Msg: "bad"}, "g.yaml:3: seed: bad"},
		{&Error{Source: "g.yaml", Key: "seed", Err: cause}, "g.yaml: seed: boom"},
		{&Error{Key: "seed", Msg: "bad", Err: cause}, "seed: bad"},
		{&Error{Source: "g.yaml", Line: 1, Msg: "bad"}, "g.yaml:1: bad"},
		{&Error{}, "invalid"},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, tt.err.Error())
	}
	assert.ErrorIs(t, &Error{Err: cause}, cause)
}

func FuzzLoadGame(f *testing.F) {
	clearEnv(f)
	f.Add(defaultGameYAML())
	entries, err := os.ReadDir("examples")
	require.NoError(f, err)
	for _, e := range entries {
		if e.IsDir() {
			continue // examples/mancala: Lua scripts
		}
		data, err := os.ReadFile(filepath.Join("examples", e.Name()))
		require.NoError(f, err)
		f.Add(data)
	}
	for _, s := range []string{
		"", "seed: 1.5", "players: [{agent: random, depth: {a: 1}}]", "params: {houses: .nan}",
		"a: &a [*a]", "players: &p [*p]", "- x", "params: {rows: 4, houses: 16, seeds: 32}",
		"{<<: {seed: 1}}", "players: [{agent: alphabeta, depth: 3, tt: 0}, {agent: mcts, iterations: x}]", "seed: !!str 1", "variant: !custom x", "players:\n  - agent: human\n    x: ~\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(t.TempDir(), "game.yaml")
		require.NoError(t, os.WriteFile(path, data, 0o644))
		g, err := LoadGame(viper.New(), path)
		if err != nil {
			// Every error about the file names the file.
			assert.Contains(t, err.Error(), path)
			return
		}
		assert.NotEmpty(t, strings.TrimSpace(g.Variant))
		assert.NotNil(t, g.Params)
		for _, p := range g.Players {
			assert.NotEmpty(t, p.Agent)
		}
	})
}
