package variants

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestErrorsOneRun: every error of a script comes out in one run, in line order: the
// fields its table misspells and the hooks its base game does not have (two stages:
// reading the table, checking it against its parent), the descriptor tables' errors
// across tables and within one, and bad knobs. The messages are in
// testdata/errors_one_run.golden (-update-errors rewrites it).
var closeNames = regexp.MustCompile(`\? \(also close: .* names[^)]*\)`)

func TestErrorsOneRun(t *testing.T) {
	cases := []struct{ name, src string }{
		{"a misspelt field and a misspelt hook", `return variant {
  name = "my/bad",
  extends = "mancala",
  parms = { houses = 5 },
  hooks = {
    captur = function(b, mv) end,
    aftr_sow = function(b, mv) end,
  },
}`},
		{"descriptor tables in line order, not by name", `return variant {
  extends = "mancala",
  sowing = { direction = "clokwise" },
  board = { rows = 3 },
  captures = { { side = "opponnent" } },
}`},
		{"every field of one table", `return variant {
  extends = "mancala",
  sowing = {
    direction = "clokwise",
    relya = true,
    stores = "mine",
  },
  ending = { when = "x" },
}`},
		{"bad knobs and a bad hook", `return variant {
  extends = "mancala",
  params = {
    houses = 100,
    seedz = 3,
  },
  hooks = { captures = function(b, last) end },
}`},
		{"a bad extends and a misspelt field", `return variant {
  extends = "kalha",
  summery = "x",
}`},
	}
	var b strings.Builder
	dir := t.TempDir()
	for _, c := range cases {
		file := filepath.Join(dir, "bad.lua")
		require.NoError(t, os.WriteFile(file, []byte(c.src), 0o644))
		_, err := Lookup(file, Options{})
		require.Error(t, err, c.name)
		msg := strings.ReplaceAll(err.Error(), dir+string(filepath.Separator), "")
		msg = closeNames.ReplaceAllString(msg, "? (...)") // the catalogue grows
		b.WriteString("# " + c.name + "\n" + msg + "\n\n")
		lines := strings.Split(msg, "\n")
		assert.Greater(t, len(lines), 1, "%s: more than one error in one run", c.name)
	}
	golden := filepath.Join("testdata", "errors_one_run.golden")
	if *updateErrors {
		require.NoError(t, os.WriteFile(golden, []byte(b.String()), 0o644))
		return
	}
	want, err := os.ReadFile(golden)
	require.NoError(t, err)
	assert.Equal(t, string(want), b.String())
}
