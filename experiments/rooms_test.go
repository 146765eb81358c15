package experiments

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// rooms are the packages beneath experiments, each with the rooms it may import: the
// imports point one way, from the reports down to the plan, and from every room down
// to the statistics and the internal helpers. Nothing beneath imports experiments.
var rooms = map[string][]string{
	"plan":             nil,
	"run":              {"plan", "stats", "internal/logfile", "internal/dirlock"},
	"tournament":       {"plan", "run", "rating", "stats"},
	"report":           {"plan", "run", "tournament", "rating", "stats", "internal/chart"},
	"stats":            nil,
	"rating":           nil,
	"internal/chart":   nil,
	"internal/logfile": nil,
	"internal/dirlock": nil,
}

// TestRoomsAreListed: every package beneath experiments is one of the rooms (a new
// one says here what it may import).
func TestRoomsAreListed(t *testing.T) {
	require.NoError(t, filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() || path == "." {
			return err
		}
		if d.Name() == "testdata" || d.Name() == "templates" {
			return filepath.SkipDir
		}
		if files, _ := filepath.Glob(filepath.Join(path, "*.go")); len(files) > 0 {
			assert.Contains(t, rooms, filepath.ToSlash(path), "package experiments/%s is not in rooms", path)
		}
		return nil
	}))
}

// TestRoomsImportOneWay: the rooms, their tests included, import no experiments
// package but those listed in rooms, so the imports point one way.
func TestRoomsImportOneWay(t *testing.T) {
	const root = "github.com/kalahlab/kalahlab/experiments"
	for room, may := range rooms {
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
