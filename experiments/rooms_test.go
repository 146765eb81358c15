package experiments

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRoomsImportOneWay: the packages beneath experiments (its rooms) never import
// experiments, nor one another except as listed: the imports point one way, from the
// studies to what they use.
func TestRoomsImportOneWay(t *testing.T) {
	const root = "github.com/kalahlab/kalahlab/experiments"
	allowed := map[string][]string{ // room → the rooms it may import
		"stats":            nil,
		"rating":           nil,
		"internal/chart":   nil,
		"internal/logfile": nil,
		"internal/dirlock": nil,
	}
	for room, may := range allowed {
		files, err := filepath.Glob(filepath.Join(room, "*.go"))
		require.NoError(t, err)
		require.NotEmpty(t, files, "room %s", room)
		for _, f := range files {
			src, err := os.ReadFile(f)
			require.NoError(t, err)
			ast, err := parser.ParseFile(token.NewFileSet(), f, src, parser.ImportsOnly)
			require.NoError(t, err)
			for _, imp := range ast.Imports {
				path, err := strconv.Unquote(imp.Path.Value)
				require.NoError(t, err)
				if path != root && !strings.HasPrefix(path, root+"/") {
					continue
				}
				sub := strings.TrimPrefix(strings.TrimPrefix(path, root), "/")
				assert.Contains(t, may, sub, "%s imports %s: a room imports no experiments package but those listed", f, path)
			}
		}
	}
}
