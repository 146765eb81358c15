package scripts

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestEverythingEmbedded: every .lua file of this folder is in FS (a new folder needs
// its name in the go:embed line).
func TestEverythingEmbedded(t *testing.T) {
	var onDisk []string
	err := filepath.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
		require.NoError(t, err)
		if !d.IsDir() && strings.HasSuffix(p, ".lua") {
			onDisk = append(onDisk, filepath.ToSlash(p))
		}
		return nil
	})
	require.NoError(t, err)
	require.NotEmpty(t, onDisk)
	for _, p := range onDisk {
		disk, err := os.ReadFile(p)
		require.NoError(t, err)
		emb, err := fs.ReadFile(FS, p)
		require.NoError(t, err, "%s is not embedded: add its folder to the go:embed line", p)
		assert.Equal(t, string(disk), string(emb), p)
	}
	_, err = fs.Stat(FS, "README.md")
	assert.NoError(t, err)
}
