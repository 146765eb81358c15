package variants

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/kalah"
)

// writeScripts writes files (path -> content) under a fresh directory and returns it.
func writeScripts(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, src := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(src), 0o644))
	}
	return dir
}

func TestLookupBaseAndBuiltins(t *testing.T) {
	cases := []struct {
		name, source string
		extends      []string
		hooks        []string
		params       core.Params
	}{
		{"kalah", "built-in", nil, nil, core.Params{"houses": 6, "seeds": 4}},
		{"kalah/pie", "scripts/kalah/pie.lua (embedded)", []string{"kalah"}, nil, core.Params{"pie_rule": true}},
		{"kalah/small", "scripts/kalah/small.lua (embedded)", []string{"kalah"}, nil, core.Params{"houses": 4, "seeds": 3}},
		{"kalah/standard-capture", "scripts/kalah/standard-capture.lua (embedded)", []string{"kalah"}, nil, core.Params{"empty_capture": false}},
		{"kalah/strict-capture", "scripts/kalah/strict-capture.lua (embedded)", []string{"kalah"}, []string{"capture"}, core.Params{"empty_capture": true}},
		{"kalah/4-rows", "scripts/kalah/4-rows.lua (embedded)", []string{"kalah"}, nil, core.Params{"rows": 4, "houses": 8, "seeds": 2}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v, err := Lookup(c.name, Options{})
			require.NoError(t, err)
			assert.Equal(t, c.name, v.Name)
			assert.Equal(t, "kalah", v.Base)
			assert.Equal(t, c.source, v.Source)
			assert.Equal(t, c.extends, v.Extends)
			assert.Equal(t, c.hooks, v.Hooks)
			for k, want := range c.params {
				assert.Equal(t, want, v.Params[k], k)
			}
			assert.Len(t, v.Params, len(kalah.Specs()), "every knob has a value")
			if c.source != "built-in" {
				assert.Len(t, v.Hash, 64)
			}
		})
	}
}

// TestParamsOnlyHasNoLua: a variant that only sets knobs builds the plain game, with
// no hooks and so no Lua state.
func TestParamsOnlyHasNoLua(t *testing.T) {
	for _, name := range []string{"kalah/pie", "kalah/standard-capture", "kalah/small", "kalah/4-rows", "kalah/mover-ends"} {
		v, err := Lookup(name, Options{})
		require.NoError(t, err)
		assert.Empty(t, v.layers, name)
		g, err := v.NewGame()
		require.NoError(t, err)
		assert.False(t, g.(*kalah.Game).Rules().Hooks.Any(), name)
	}
	v, err := Lookup("kalah/strict-capture", Options{})
	require.NoError(t, err)
	g, err := v.NewGame()
	require.NoError(t, err)
	assert.NotNil(t, g.(*kalah.Game).Rules().Hooks.Capture)
}

func TestLookupUserScripts(t *testing.T) {
	dir := writeScripts(t, map[string]string{
		"mine/fast.lua": `return variant { extends = "kalah/small", summary = "small and quick", params = { seeds = 2 } }`,
		"named.lua":     `return variant { name = "club-rules", extends = "mine/fast", params = { pie_rule = true } }`,
		"rel/child.lua": `return variant { extends = "../mine/fast.lua", params = { houses = 3 } }`,
		"strict2.lua": `return variant { extends = "kalah/strict-capture",
  hooks = { extra_turn = function(b, last) return false end } }`,
		"lib/helper.lua": `this is not a variant`,
	})
	opt := Options{ScriptsDir: dir}

	t.Run("by name in the scripts directory", func(t *testing.T) {
		v, err := Lookup("mine/fast", opt)
		require.NoError(t, err)
		assert.Equal(t, "mine/fast", v.Name)
		assert.Equal(t, filepath.Join(dir, "mine", "fast.lua"), v.Source)
		assert.Equal(t, []string{"kalah/small", "kalah"}, v.Extends)
		assert.Equal(t, 4, v.Params["houses"], "inherited from kalah/small")
		assert.Equal(t, 2, v.Params["seeds"], "its own knob wins")
		assert.Equal(t, "small and quick", v.Summary)
	})
	t.Run("by the name field", func(t *testing.T) {
		v, err := Lookup("club-rules", opt)
		require.NoError(t, err)
		assert.Equal(t, []string{"mine/fast", "kalah/small", "kalah"}, v.Extends)
		assert.Equal(t, true, v.Params["pie_rule"])
		assert.Equal(t, 2, v.Params["seeds"])
	})
	t.Run("by relative path, extends relative to the script", func(t *testing.T) {
		wd, err := os.Getwd()
		require.NoError(t, err)
		require.NoError(t, os.Chdir(dir))
		defer func() { _ = os.Chdir(wd) }()
		v, err := Lookup("rel/child.lua", opt)
		require.NoError(t, err)
		assert.Equal(t, "child", v.Name)
		assert.Equal(t, 3, v.Params["houses"])
		assert.Equal(t, 2, v.Params["seeds"])
		// Without the scripts directory, the parent is outside the folder of the
		// script named (rel/): an extends reaches no further.
		_, err = Lookup("rel/child.lua", Options{})
		require.ErrorIs(t, err, ErrOutside)
	})
	t.Run("by absolute path", func(t *testing.T) {
		v, err := Lookup(filepath.Join(dir, "rel", "child.lua"), opt)
		require.NoError(t, err)
		assert.Equal(t, 3, v.Params["houses"])
	})
	t.Run("a path relative to the scripts directory", func(t *testing.T) {
		v, err := Lookup("rel/child.lua", opt)
		require.NoError(t, err)
		assert.Equal(t, "rel/child", v.Name)
	})
	t.Run("hooks layer over a built-in with hooks", func(t *testing.T) {
		v, err := Lookup("strict2", opt)
		require.NoError(t, err)
		assert.Equal(t, []string{"capture", "extra_turn"}, v.Hooks)
		g, err := v.NewGame()
		require.NoError(t, err)
		r := g.(*kalah.Game).Rules()
		assert.NotNil(t, r.Hooks.Capture)
		assert.NotNil(t, r.Hooks.ExtraTurn)
		// No extra turns: a move that ends in the store passes the turn.
		s := g.NewState()
		m, err := core.ParsePlay(s, "3")
		require.NoError(t, err)
		s.Play(m)
		assert.Equal(t, "4,4,0,5,5,5,[1],4,4,4,4,4,4,[0] n", s.String())
	})
	t.Run("unknown names suggest the closest", func(t *testing.T) {
		_, err := Lookup("mine/fats", opt)
		require.Error(t, err)
		assert.Contains(t, err.Error(), `variant "mine/fats" unknown, did you mean "mine/fast"?`)
		_, err = Lookup("kalah/pei", Options{})
		require.Error(t, err)
		assert.Contains(t, err.Error(), `did you mean "kalah/pie"?`)
	})
	t.Run("user scripts are not found without the directory", func(t *testing.T) {
		_, err := Lookup("mine/fast", Options{})
		require.Error(t, err)
	})
	t.Run("List holds base, built-in and user variants, sorted", func(t *testing.T) {
		vs, err := Catalog(opt)
		require.NoError(t, err)
		var names []string
		for _, v := range vs {
			names = append(names, v.Name)
		}
		assert.Equal(t, "kalah", names[0], "base games first")
		nb := len(binders)
		assert.True(t, slices.IsSorted(names[nb:]), "%v", names)
		for _, want := range []string{"kalah/pie", "kalah/strict-capture", "oware", "mine/fast", "club-rules", "rel/child", "strict2"} {
			assert.Contains(t, names, want)
		}
		assert.NotContains(t, names, "lib/helper")
		assert.Len(t, List(opt), len(vs))
	})
}

func TestLookupErrors(t *testing.T) {
	dir := writeScripts(t, map[string]string{
		"a.lua":      `return variant { extends = "b.lua" }`,
		"b.lua":      `return variant { extends = "a.lua" }`,
		"self.lua":   `return variant { extends = "self" }`,
		"broken.lua": `return variant { extends = "kalah", params = { housez = 3 } }`,
		"pie.lua":    `return variant { name = "kalah/pie", extends = "kalah" }`,
		"sub/x.lua":  `return variant {` + "\n" + `  extends = "../broken.lua" }`,
	})
	opt := Options{ScriptsDir: dir}
	cases := []struct {
		name, lookup, want string
	}{
		{"a cycle of paths", filepath.Join(dir, "a.lua"), "extends cycle: " + filepath.Join(dir, "a.lua") + " -> " + filepath.Join(dir, "b.lua") + " -> " + filepath.Join(dir, "a.lua")},
		{"a cycle of names", "self", "extends cycle"},
		{"a broken parent names both", filepath.Join(dir, "sub", "x.lua"), `x.lua:2: extends "../broken.lua": ` + filepath.Join(dir, "broken.lua") + `:1: param "housez": unknown, did you mean "houses"?`},
		{"a missing file", "nope.lua", "nope.lua: no such file"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Lookup(c.lookup, opt)
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
		})
	}
	t.Run("Catalog reports broken scripts and taken names", func(t *testing.T) {
		vs, err := Catalog(opt)
		require.Error(t, err)
		assert.Contains(t, err.Error(), "broken.lua")
		assert.Contains(t, err.Error(), `variant name "kalah/pie" is taken`)
		assert.NotEmpty(t, vs)
		for _, v := range vs {
			if v.Name == "kalah/pie" {
				assert.Equal(t, "scripts/kalah/pie.lua (embedded)", v.Source, "built-ins win")
			}
		}
	})
}

func TestWith(t *testing.T) {
	v, err := Lookup("kalah/strict-capture", Options{})
	require.NoError(t, err)
	w, err := v.With(map[string]any{"houses": 4, "seeds": 3})
	require.NoError(t, err)
	assert.Equal(t, 4, w.Params["houses"])
	assert.Equal(t, 6, v.Params["houses"], "the original is unchanged")
	assert.Equal(t, v.Hooks, w.Hooks)
	g, err := w.NewGame()
	require.NoError(t, err)
	assert.Equal(t, "3,3,3,3,[0],3,3,3,3,[0] s", g.NewState().String())

	_, err = v.With(map[string]any{"housez": 4})
	require.Error(t, err)
	assert.Contains(t, err.Error(), `did you mean "houses"?`)
	_, err = v.With(map[string]any{"houses": 16, "seeds": 32})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "at most 255")
}

// TestHouseRules pins the layering of house-rule scripts (YAML house_rules).
func TestHouseRules(t *testing.T) {
	dir := writeScripts(t, map[string]string{
		"no-extra.lua": `-- a house rule: no extends needed
return variant { hooks = { extra_turn = function(b, last) return false end } }`,
		"five.lua":    `return variant { extends = "kalah", params = { seeds = 5 } }`,
		"checker.lua": `return variant { extends = "kalah/pie", params = { seeds = 1 } }`,
		"wrong.lua":   `return variant { params = { sedes = 2 } }`,
	})
	opt := Options{ScriptsDir: dir}
	pie, err := Lookup("kalah/pie", opt)
	require.NoError(t, err)

	t.Run("stack in order", func(t *testing.T) {
		v, err := pie.WithHouseRules([]string{"no-extra", filepath.Join(dir, "five.lua"), "kalah/strict-capture"}, opt)
		require.NoError(t, err)
		assert.Equal(t, "kalah/pie+no-extra+five+kalah/strict-capture", v.Name)
		assert.Equal(t, []string{"kalah/pie+no-extra+five", "kalah/pie+no-extra", "kalah/pie", "kalah"}, v.Extends)
		assert.Equal(t, []string{"capture", "extra_turn"}, v.Hooks)
		assert.Equal(t, 5, v.Params["seeds"])
		assert.Equal(t, true, v.Params["pie_rule"])
		g, err := v.NewGame()
		require.NoError(t, err)
		s := g.NewState()
		m, err := core.ParsePlay(s, "2")
		require.NoError(t, err)
		s.Play(m)
		assert.Equal(t, "5,0,6,6,6,6,[1],5,5,5,5,5,5,[0] n pie=offer", s.String(), "no extra turn after a last seed in the store")
		rep, err := Check(v, 50, 1)
		require.NoError(t, err)
		assert.True(t, rep.OK(), "%s", rep)
	})
	t.Run("a house rule may name a variant of the same base", func(t *testing.T) {
		v, err := pie.WithHouseRules([]string{"checker"}, opt)
		require.NoError(t, err)
		assert.Equal(t, 1, v.Params["seeds"])
	})
	t.Run("errors name the house rule", func(t *testing.T) {
		_, err := pie.WithHouseRules([]string{"wrong"}, opt)
		require.Error(t, err)
		assert.Contains(t, err.Error(), `house rule wrong: `)
		assert.Contains(t, err.Error(), `param "sedes": unknown, did you mean "seeds"?`)
		_, err = pie.WithHouseRules([]string{"kalah"}, opt)
		require.Error(t, err)
		assert.Contains(t, err.Error(), "a base game")
	})
	t.Run("without extends a script is only a house rule", func(t *testing.T) {
		_, err := Lookup("no-extra", opt)
		require.Error(t, err)
		assert.Contains(t, err.Error(), "extends missing")
	})
}

// TestExampleSet: an example's set table plays it with other knobs (a source's worked
// example on a smaller board); bad knobs are load errors naming the example's line.
func TestExampleSet(t *testing.T) {
	dir := writeScripts(t, map[string]string{
		"small.lua": `return variant { extends = "kalah",
  examples = {
    { name = "the start", want = "4,4,4,4,4,4,[0],4,4,4,4,4,4,[0] s" },
    { name = "on a 3x2 board", set = { houses = 3, seeds = 2 }, play = "2",
      want = "2,0,3,[1],2,2,2,[0] s" },
    { name = "two houses", set = { houses = 2 }, legal = "1 2" },
  } }`,
		"wrong.lua": `return variant { extends = "kalah",
  examples = { { set = { houses = 3, seeds = 2 }, play = "2", want = "2,0,3,[1],2,2,2,[0] n" } } }`,
	})
	opt := Options{ScriptsDir: dir}
	v, err := Lookup("small", opt)
	require.NoError(t, err)
	require.Len(t, v.Examples, 3)
	assert.Equal(t, map[string]any{"houses": 3.0, "seeds": 2.0}, v.Examples[1].Set)
	rep, err := Check(v, 10, 1)
	require.NoError(t, err)
	for _, e := range rep.Examples {
		assert.NoError(t, e.Err, e.Example.Name)
	}
	assert.Equal(t, 10, rep.Games, "the random games play the variant's own knobs")

	v, err = Lookup("wrong", opt)
	require.NoError(t, err)
	rep, err = Check(v, 1, 1)
	require.NoError(t, err)
	require.Len(t, rep.Examples, 1)
	assert.Contains(t, rep.Examples[0].Err.Error(), "want 2,0,3,[1],2,2,2,[0] n")

	for _, tc := range []struct{ name, set, want string }{
		{"not a table", `set = 5`, `bad.lua:2: example 1: set: a number, want a table of knobs such as { houses = 5, seeds = 5 }`},
		{"unknown knob", `set = { housez = 5 }`, `bad.lua:2: example 1: set: variant bad: `},
		{"bad value", `set = { houses = 99 }`, `bad.lua:2: example 1: set: variant bad: `},
		{"a table value", `set = { houses = {} }`, `bad.lua:2: example 1: set: knob houses is a table, want a number, a boolean or a string`},
		{"a number key", `set = { 5 }`, `bad.lua:2: example 1: set: a number key 1: want knob names, as in { houses = 5 }`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := LoadScript("bad.lua", []byte("return variant { extends = \"kalah\", examples = {\n  { "+tc.set+" },\n} }"), Options{})
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

// TestCheck pins the report of `variants check`.
func TestCheck(t *testing.T) {
	dir := writeScripts(t, map[string]string{
		"good.lua": `return variant { extends = "kalah/small",
  examples = { { play = "2", want = "3,0,4,4,[1],3,3,3,3,[0] s" } } }`,
		"wrong.lua": `return variant { extends = "kalah/small",
  examples = {
    { name = "a wrong expectation", play = "2", want = "3,0,4,4,[1],3,3,3,3,[0] n" },
    { name = "an illegal move", play = "9" },
  } }`,
		"leaky.lua": `return variant { extends = "kalah",
  hooks = { capture = function(b, last) if b:ply() > 20 then b:take(last) end end } }`,
	})
	opt := Options{ScriptsDir: dir}

	v, err := Lookup("good", opt)
	require.NoError(t, err)
	rep, err := Check(v, 100, 1)
	require.NoError(t, err)
	assert.True(t, rep.OK())
	assert.Equal(t, 100, rep.Games)
	assert.Equal(t, "good: 1/1 examples passed, 100/100 random games kept the contract\n", rep.String())

	v, err = Lookup("wrong", opt)
	require.NoError(t, err)
	rep, err = Check(v, 10, 1)
	require.NoError(t, err)
	assert.False(t, rep.OK())
	require.Len(t, rep.Examples, 2)
	assert.Contains(t, rep.Examples[0].Err.Error(), "want 3,0,4,4,[1],3,3,3,3,[0] n")
	assert.Contains(t, rep.Examples[1].Err.Error(), `move 1: move "9": want a house number 1..4`)
	assert.Contains(t, rep.String(), "FAIL a wrong expectation ("+filepath.Join(dir, "wrong.lua")+":3)")

	v, err = Lookup("leaky", opt)
	require.NoError(t, err)
	rep, err = Check(v, 20, 1)
	require.NoError(t, err)
	assert.Equal(t, rep.Games, rep.Failed, "every game played failed")
	assert.Less(t, rep.Games, 20, "stopped once %d games failed the same way", maxSameFailures)
	assert.Contains(t, rep.Stopped, "failed with the same error")
	assert.Len(t, rep.Errors, maxCheckErrors)
	assert.Contains(t, rep.Errors[0], "leaky.lua:2: capture: seeds not conserved")
	assert.True(t, strings.HasPrefix(rep.Errors[0], "game with seed 1: "))
}

func TestEnvOptions(t *testing.T) {
	t.Setenv(envScripts, "/some/dir")
	assert.Equal(t, Options{ScriptsDir: "/some/dir"}, EnvOptions())
}

func TestHookNames(t *testing.T) {
	assert.Equal(t, []string{"capture", "extra_turn", "can_play", "is_over", "final_scores"}, HookNames("kalah"))
	assert.Equal(t, []string{"is_over", "on_promote"}, HookNames("checkers"))
	assert.Equal(t, []string{"winner"}, HookNames("tictactoe"))
	assert.Nil(t, HookNames("nosuchgame"))
}
