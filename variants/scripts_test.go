package variants

import (
	"io/fs"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/scripts"
	"github.com/kalahlab/kalahlab/variants/internal/sandbox"
)

// TestEveryScript loads every variant script of the library, runs its examples and
// a few hundred random games under the contract suite (seeds conserved at every step).
// A new script is tested by adding its file: nothing to register.
func TestEveryScript(t *testing.T) {
	names := builtinNames()
	require.NotEmpty(t, names)
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			v, err := Lookup(name, Options{})
			require.NoError(t, err)
			assert.Equal(t, name, v.Name, "a built-in's name is its path under scripts/")
			assert.Equal(t, "scripts/"+name+".lua (embedded)", v.Source)
			assert.NotEmpty(t, v.Summary)
			assert.NotEmpty(t, v.Examples, "every built-in script carries examples")
			games := 300
			if v.Base == "ludo" {
				// A random Ludo game runs to hundreds of plies (four players, dice),
				// each checked whole by the contract suite: fewer games, as many steps.
				games = 20
			}
			if raceEnabled {
				games /= 5
				if testing.Short() { // make test's race step: the contract sweep runs in full without -race
					games = max(games/6, 2)
				}
			}
			rep, err := Check(v, games, 1)
			require.NoError(t, err)
			for _, e := range rep.Examples {
				assert.NoError(t, e.Err, "%s (%s)", e.Example.Name, e.Example.Where())
			}
			assert.Equal(t, games, rep.Games)
			assert.Zero(t, rep.Failed, "%s", rep)
			assert.True(t, rep.OK())
		})
	}
}

// TestLibraryModules compiles every module of scripts/lib (strict globals included).
func TestLibraryModules(t *testing.T) {
	err := fs.WalkDir(scripts.FS, "lib", func(p string, d fs.DirEntry, err error) error {
		require.NoError(t, err)
		if d.IsDir() || !strings.HasSuffix(p, ".lua") {
			return nil
		}
		src, err := fs.ReadFile(scripts.FS, p)
		require.NoError(t, err)
		_, _, err = sandbox.Compile("scripts/"+p, src)
		assert.NoError(t, err, p)
		return nil
	})
	require.NoError(t, err)
}

// TestReferenceIsComplete: scripts/README.md and the editor annotations document every
// knob, hook and board method the bridge offers.
func TestReferenceIsComplete(t *testing.T) {
	readme, err := fs.ReadFile(scripts.FS, "README.md")
	require.NoError(t, err)
	types, err := fs.ReadFile(scripts.FS, "types/kalahlab.d.lua")
	require.NoError(t, err)
	v, err := Lookup("kalah", Options{})
	require.NoError(t, err)
	for _, s := range v.Specs {
		assert.Contains(t, string(readme), "| `"+s.Name+"` |", "README documents knob %s", s.Name)
		assert.Contains(t, string(types), "@field "+s.Name+"?", "annotations declare knob %s", s.Name)
	}
	for _, h := range HookNames("kalah") {
		assert.Contains(t, string(readme), "### `"+h+"(", "README documents hook %s", h)
		assert.Contains(t, string(types), "@field "+h+"?", "annotations declare hook %s", h)
	}
	for _, m := range kalahMethodNames() {
		assert.Contains(t, string(readme), "| `b:"+m+"(", "README documents b:%s", m)
		assert.Contains(t, string(types), "function Board:"+m+"(", "annotations declare b:%s", m)
	}
	for _, f := range exampleFields {
		assert.Contains(t, string(readme), "| `"+f+"` |", "README documents example field %s", f)
	}
	for _, f := range variantFields {
		assert.Contains(t, string(readme), "| `"+f+"` |", "README documents variant field %s", f)
	}
}
