package config

import (
	"io/fs"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/spf13/viper"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/variants"
)

// TestExamples loads every example config: each decodes, names a variant the registry
// knows, and its params validate against that variant.
func TestExamples(t *testing.T) {
	clearEnv(t)
	paths, err := filepath.Glob(filepath.Join("examples", "*.yaml"))
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(paths), 4)

	embedded, err := fs.Glob(examplesFS(), "*.yaml")
	require.NoError(t, err)
	var names []string
	for _, p := range paths {
		names = append(names, filepath.Base(p))
	}
	sort.Strings(embedded)
	sort.Strings(names)
	assert.Equal(t, names, embedded, "examplesFS holds every file of config/examples")

	for _, path := range paths {
		if strings.HasPrefix(filepath.Base(path), "study-") {
			continue // experiment studies: TestStudyExamples loads them
		}
		t.Run(filepath.Base(path), func(t *testing.T) {
			text, err := fs.ReadFile(examplesFS(), filepath.Base(path))
			require.NoError(t, err)
			assert.True(t, strings.HasPrefix(string(text), "# "), "starts with a comment header")

			g, err := LoadGame(viper.New(), path)
			require.NoError(t, err)
			v, err := variants.Lookup(g.Variant, variants.Options{ScriptsDir: g.Scripts})
			require.NoError(t, err)
			v, err = v.With(g.Params)
			require.NoError(t, err)
			_, err = v.NewGame()
			require.NoError(t, err)
			assert.NotEmpty(t, g.Players)
		})
	}
}
