package variants

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// secretText is the content of the files outside the scripts directory: no error may
// show any of it.
const secretText = "TOPSECRET hunter2"

// pathsFixture lays out a scripts directory and, beside it, a folder it must not reach:
// a valid variant (secretrule.lua), a module (secretmod.lua) and a file that is no Lua
// at all (secret.lua), plus links from inside the scripts directory to them.
func pathsFixture(t *testing.T) (scripts, outside string) {
	t.Helper()
	base := t.TempDir()
	scripts, outside = filepath.Join(base, "scripts"), filepath.Join(base, "outside")
	writeScript(t, outside, "secretrule.lua", `-- `+secretText+`
return variant { name = "secretrule", extends = "kalah", summary = "`+secretText+`" }`)
	writeScript(t, outside, "secretmod.lua", `return { two = 2 } -- `+secretText)
	writeScript(t, outside, "secret.lua", secretText+"\n")
	writeScript(t, outside, "sibmod.lua", `return { two = 2 } -- `+secretText)
	writeScript(t, outside, "sibling.lua", `return variant { extends = "kalah", params = { seeds = 2 } }`)
	writeScript(t, outside, "own.lua", `return variant { extends = "sibling.lua" }`)
	writeScript(t, outside, "own-up.lua", `return variant { extends = "../scripts/mine.lua" }`)
	writeScript(t, outside, "own-require.lua", `local m = require "secretmod"
return variant { extends = "kalah", params = { seeds = m.two } }`)
	writeScript(t, scripts, "mine.lua", `return variant { extends = "kalah", params = { seeds = 3 } }`)
	writeScript(t, scripts, "sub/near.lua", `return variant { extends = "../mine.lua" }`)
	writeScript(t, scripts, "by-abs.lua", `return variant { extends = "`+filepath.Join(outside, "secretrule.lua")+`" }`)
	writeScript(t, scripts, "by-dots.lua", `return variant { extends = "../outside/secretrule.lua" }`)
	writeScript(t, scripts, "deep-dots.lua", `return variant { extends = "../../../../../../../../`+filepath.Join(outside, "secretrule.lua")+`" }`)
	writeScript(t, scripts, "by-name.lua", `return variant { extends = "../outside/secretrule" }`)
	writeScript(t, scripts, "not-lua.lua", `return variant { extends = "`+filepath.Join(outside, "secret.lua")+`" }`)
	writeScript(t, scripts, "via-link.lua", `return variant { extends = "link.lua" }`)
	writeScript(t, scripts, "req.lua", `local m = require "secretmod"
return variant { extends = "kalah" }`)
	require.NoError(t, os.Symlink(filepath.Join(outside, "secretrule.lua"), filepath.Join(scripts, "link.lua")))
	require.NoError(t, os.Symlink(outside, filepath.Join(scripts, "linkdir")))
	require.NoError(t, os.MkdirAll(filepath.Join(scripts, "lib"), 0o755))
	require.NoError(t, os.Symlink(filepath.Join(outside, "secretmod.lua"), filepath.Join(scripts, "lib", "secretmod.lua")))
	return scripts, outside
}

// TestPathsConfined pins the one policy of paths.go: a name reaches the catalogue and
// the scripts directory, and no further, whoever names it (a web request, a game
// record, an extends, a house rule), links followed; and no error shows a byte of the
// file it refused.
func TestPathsConfined(t *testing.T) {
	scripts, outside := pathsFixture(t)
	confined := Options{ScriptsDir: scripts, Confined: true}
	own := Options{ScriptsDir: scripts}
	for _, tc := range []struct {
		name, lookup string
		opt          Options
		want         string // "" : it loads
		outside      bool   // the error is ErrOutside
	}{
		{"a catalogue name", "kalah/pie", confined, "", false},
		{"a script of the scripts directory by name", "mine", confined, "", false},
		{"by path relative to the scripts directory", "sub/near.lua", confined, "", false},
		{"its path, absolute", filepath.Join(scripts, "mine.lua"), confined, "", false},
		{"a name with dots up", "../outside/secretrule", confined, `variant "../outside/secretrule" unknown`, false},
		{"a name with more dots up", "../../outside/secretrule", confined, `variant "../../outside/secretrule" unknown`, false},
		{"an absolute name", filepath.Join(outside, "secretrule"), confined, "names; or the path of a .lua file inside the scripts directory)", false},
		{"a path with dots up", "../outside/secretrule.lua", confined, "outside the folders scripts may be read from", true},
		{"an absolute path", filepath.Join(outside, "secretrule.lua"), confined, "secretrule.lua is outside the folders", true},
		{"a name through a linked folder", "linkdir/secretrule", confined, "outside the folders", true},
		{"a link to a file outside", "link", confined, "link.lua is a link to a file outside the folders", true},
		{"a link, by path", filepath.Join(scripts, "link.lua"), confined, "is a link to a file outside", true},
		{"extends an absolute path", "by-abs", confined, `by-abs.lua:1: extends "` + filepath.Join(outside, "secretrule.lua") + `"`, true},
		{"extends a path with dots up", "by-dots", confined, `extends "../outside/secretrule.lua"`, true},
		{"extends through many dots up", "deep-dots", confined, "outside the folders", true},
		{"extends a name with dots up", "by-name", confined, `variant "../outside/secretrule" unknown`, false},
		{"extends a file that is no Lua", "not-lua", confined, "secret.lua is outside the folders", true},
		{"extends a link", "via-link", confined, "link.lua is a link to a file outside", true},
		{"require of a link to a module outside", "req", confined, `require "secretmod": ` + filepath.Join(scripts, "lib", "secretmod.lua") + " links outside", false},
		// The user's own file, named on their own command line: theirs, with its folder.
		{"the user's own file", filepath.Join(outside, "secretrule.lua"), own, "", false},
		{"its extends reaches its own folder", filepath.Join(outside, "own.lua"), own, "", false},
		{"and the scripts directory", filepath.Join(outside, "own-up.lua"), own, "", false},
		{"its require, its own folder", filepath.Join(outside, "own-require.lua"), own, "", false},
		{"the same file, confined", filepath.Join(outside, "own.lua"), confined, "outside the folders", true},
		// Extends stay confined for the user's own scripts too.
		{"a user's script extends an absolute path", "by-abs", own, "outside the folders", true},
		{"a user's script extends a link", "via-link", own, "is a link to a file outside", true},
		{"a user's name through a linked folder", "linkdir/secretrule", own, "outside the folders", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v, err := Lookup(tc.lookup, tc.opt)
			if tc.want == "" {
				require.NoError(t, err)
				require.NotNil(t, v)
				return
			}
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
			assert.NotContains(t, err.Error(), "TOPSECRET")
			assert.NotContains(t, err.Error(), "hunter2")
			if tc.outside {
				assert.ErrorIs(t, err, ErrOutside)
				assert.Contains(t, err.Error(), "the built-in scripts and the scripts directory "+scripts, "it says what is allowed")
			}
		})
	}
}

// TestPathsHouseRulesAndLoadScript: house rules and a script read from a game record
// (LoadScript) follow the same policy.
func TestPathsHouseRulesAndLoadScript(t *testing.T) {
	scripts, outside := pathsFixture(t)
	confined := Options{ScriptsDir: scripts, Confined: true}
	kalah, err := Lookup("kalah", confined)
	require.NoError(t, err)
	for _, tc := range []struct {
		name  string
		rules []string
		opt   Options
		want  string
	}{
		{"a rule of the scripts directory", []string{"mine"}, confined, ""},
		{"a built-in rule", []string{"kalah/pie"}, confined, ""},
		{"an absolute rule outside", []string{filepath.Join(outside, "sibling.lua")}, confined, "outside the folders"},
		{"a rule with dots up", []string{"../outside/sibling.lua"}, confined, "outside the folders"},
		{"a rule that is a link", []string{"link"}, confined, "is a link to a file outside"},
		{"a rule that is no Lua", []string{filepath.Join(outside, "secret.lua")}, confined, "outside the folders"},
		{"the user's own rule", []string{filepath.Join(outside, "sibling.lua")}, Options{ScriptsDir: scripts}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := kalah.WithHouseRules(tc.rules, tc.opt)
			if tc.want == "" {
				require.NoError(t, err)
				return
			}
			require.Error(t, err)
			assert.ErrorIs(t, err, ErrOutside)
			assert.Contains(t, err.Error(), tc.want)
			assert.Contains(t, err.Error(), "house rule ")
			assert.NotContains(t, err.Error(), "TOPSECRET")
		})
	}

	// A record's script.path names the folder its require and relative extends start
	// from; confined, a folder outside the scripts directory is no such folder.
	src := []byte(`local m = require "sibmod"
return variant { extends = "kalah", params = { seeds = m.two } }`)
	_, err = LoadScript(filepath.Join(outside, "x.lua"), src, confined)
	require.Error(t, err)
	assert.Contains(t, err.Error(), `require "sibmod"`)
	assert.Contains(t, err.Error(), "or a module of yours: "+filepath.Join(scripts, "NAME.lua"))
	v, err := LoadScript(filepath.Join(outside, "x.lua"), src, Options{ScriptsDir: scripts})
	require.NoError(t, err, "the user's own file may require its neighbours")
	assert.Equal(t, 2, v.Params.Int("seeds"))
	// Its relative extends starts from its folder, which must be inside the roots.
	_, err = LoadScript(filepath.Join(outside, "y.lua"), []byte(`return variant { extends = "sibling.lua" }`), confined)
	require.ErrorIs(t, err, ErrOutside)
	_, err = LoadScript(filepath.Join(scripts, "y.lua"), []byte(`return variant { extends = "mine.lua" }`), confined)
	require.NoError(t, err, "a record's script in the scripts directory extends its neighbours")

	// The catalogue lists the scripts directory's files and reports the links out of it.
	vs, err := Catalog(confined)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "link.lua is a link to a file outside")
	assert.NotContains(t, err.Error(), "TOPSECRET")
	for _, v := range vs {
		assert.NotEqual(t, "secretrule", v.Name)
	}
}

// TestPathsScriptsDirIsALink: the scripts directory may itself be a link (its real
// folder is the root).
func TestPathsScriptsDirIsALink(t *testing.T) {
	scripts, _ := pathsFixture(t)
	link := filepath.Join(t.TempDir(), "scripts-link")
	require.NoError(t, os.Symlink(scripts, link))
	opt := Options{ScriptsDir: link, Confined: true}
	v, err := Lookup("sub/near", opt)
	require.NoError(t, err)
	assert.Equal(t, 3, v.Params.Int("seeds"))
	_, err = Lookup("link", opt)
	require.ErrorIs(t, err, ErrOutside)
	// Without a scripts directory, a confined path names nothing of the user's.
	_, err = Lookup(filepath.Join(scripts, "mine.lua"), Options{Confined: true})
	require.ErrorIs(t, err, ErrOutside)
	assert.Contains(t, err.Error(), "only the built-in scripts, as no scripts directory is set")
}
