package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/core/record"
)

// TestCLIPaths: the CLI's policy on files (issue 21, item 2). A .lua path the user
// types (--variant, their config's variant and house_rules) is theirs and may be
// anywhere, with its folder; a game record's names, and every extends and require,
// stay inside the catalogue and the scripts directory, links followed.
func TestCLIPaths(t *testing.T) {
	base := t.TempDir()
	scripts, outside := filepath.Join(base, "scripts"), filepath.Join(base, "outside")
	write := func(dir, name, src string) string {
		file := filepath.Join(dir, name)
		require.NoError(t, os.MkdirAll(filepath.Dir(file), 0o755))
		require.NoError(t, os.WriteFile(file, []byte(src), 0o644))
		return file
	}
	secret := write(outside, "secretrule.lua", `-- TOPSECRET
return variant { name = "secretrule", extends = "kalah", params = { seeds = 2 } }`)
	own := write(outside, "own.lua", `return variant { extends = "secretrule.lua", params = { houses = 4 } }`)
	up := write(outside, "sub/up.lua", `return variant { extends = "../secretrule.lua" }`)
	write(scripts, "mine.lua", `return variant { extends = "kalah", params = { seeds = 3 } }`)
	write(scripts, "by-abs.lua", `return variant { extends = "`+secret+`" }`)
	require.NoError(t, os.Symlink(secret, filepath.Join(scripts, "link.lua")))
	rec := func(mutate func(*record.Game)) string {
		g := &record.Game{Variant: "kalah", Players: []string{"human", "human"}, Knobs: map[string]any{}, Moves: []string{}}
		mutate(g)
		path := filepath.Join(t.TempDir(), "game.json")
		require.NoError(t, record.WriteFile(path, g))
		return path
	}
	for _, tc := range []struct {
		name string
		args []string
		want string // "" : it plays
	}{
		{"the user's own file", []string{"--variant", secret}, ""},
		{"its extends reaches its own folder", []string{"--variant", own}, ""},
		{"its extends reaches no further", []string{"--variant", up}, `extends "../secretrule.lua": variant script ` + secret + " is outside the folders scripts may be read from"},
		{"a script of --scripts extends an absolute path", []string{"--variant", "by-abs"}, "is outside the folders"},
		{"a name linked out of --scripts", []string{"--variant", "link"}, "link.lua is a link to a file outside"},
		{"a name with dots up", []string{"--variant", "../outside/secretrule"}, `variant "../outside/secretrule" unknown`},
		{"a record names an absolute path", []string{"--load", rec(func(g *record.Game) { g.Variant = secret })}, secret + " is outside the folders"},
		{"a record names dots up", []string{"--load", rec(func(g *record.Game) { g.Variant = "../../../../../../../.." + secret })}, "is outside the folders"},
		{"a record's absolute house rule", []string{"--load", rec(func(g *record.Game) { g.HouseRules = []string{secret} })}, "house rule " + secret + ": variant script " + secret + " is outside"},
		{"a record's house rule linked out", []string{"--load", rec(func(g *record.Game) { g.HouseRules = []string{"link"} })}, "is a link to a file outside"},
		{"a record's name inside --scripts", []string{"--load", rec(func(g *record.Game) { g.Variant = "mine" })}, ""},
		{"a record's path inside --scripts", []string{"--load", rec(func(g *record.Game) { g.Variant = filepath.Join(scripts, "mine.lua") })}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			args := append([]string{"play", "--scripts", scripts, "--moves", "1", "--color", "never"}, tc.args...)
			_, errOut, code := cli(t, "", args...)
			if tc.want == "" {
				assert.Equal(t, 0, code, errOut)
				return
			}
			assert.Equal(t, exitError, code, errOut)
			assert.Contains(t, errOut, tc.want)
			assert.NotContains(t, errOut, "TOPSECRET")
			if tc.args[0] == "--load" && tc.name != "a record names dots up" {
				assert.Contains(t, errOut, "pass --scripts with the folder that holds it")
			}
		})
	}

	// The user's own config file is their command line too: its house rules may be
	// anywhere.
	cfg := write(base, "game.yaml", "variant: kalah\nhouse_rules: ["+secret+"]\n")
	_, errOut, code := cli(t, "", "play", "--config", cfg, "--moves", "1", "--color", "never")
	assert.Equal(t, 0, code, errOut)
}
