package config

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var updateGolden = flag.Bool("update-golden", false, "rewrite testdata/*.golden")

// closeNames hides the close names and the count of an unknown variant's message (the
// catalogue grows).
var closeNames = regexp.MustCompile(`\? \(also close: .* names[^)]*\)`)

// TestGameErrorsGolden: a game file's errors, every stage in one run and in line
// order, with the seats counted from 1 in the key paths (players[2] is the second
// seat); testdata/game_errors.golden holds the messages (-update-golden rewrites it).
func TestGameErrorsGolden(t *testing.T) {
	clearEnv(t)
	cases := []struct{ name, text string }{
		{"the issue's file: an unknown variant, a knob out of range, a float knob", "variant: kalha\nparams:\n  houses: 50\n  seeds: 3.5\n"},
		{"every stage and both seats", `seed: -1
variant: kalha
params:
  houses: 50
  seeds: 3.5
players:
  - { agent: randon }
  - { agent: alphabeta, dept: 3 }
house_rules: [""]
`},
		{"the second seat's bad option", "players:\n  - { agent: human }\n  - { agent: alphabeta, depth: 0 }\n"},
	}
	var b strings.Builder
	for _, c := range cases {
		text, _ := loadErrors(t, c.text)
		b.WriteString("# " + c.name + "\n" + closeNames.ReplaceAllString(text, "? (...)") + "\n\n")
	}
	golden := filepath.Join("testdata", "game_errors.golden")
	if *updateGolden {
		require.NoError(t, os.WriteFile(golden, []byte(b.String()), 0o644))
		return
	}
	want, err := os.ReadFile(golden)
	require.NoError(t, err)
	assert.Equal(t, string(want), b.String())
}
