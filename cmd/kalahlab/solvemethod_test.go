package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestSolveRetrogradeWrongGame: --method retrograde on a game it cannot analyse says so
// in words, with the variants it works on (issue 21, item 10), never a Go type name.
func TestSolveRetrogradeWrongGame(t *testing.T) {
	for _, tc := range []struct {
		variant string
		want    []string
	}{
		{"kalah/pie", []string{"--method retrograde: kalah/pie is a variant of the kalah base game, and retrograde analysis works only on the variants of the mancala base game",
			"mancala/um-el-tuweisat", "or solve kalah/pie with --method search (or auto)"}},
		{"kalah", []string{"kalah is a base game of its own", "--variant mancala/kalah"}},
		{"tictactoe", []string{"tictactoe is a base game of its own", "`kalahlab variants list` shows them under [mancala]"}},
	} {
		t.Run(tc.variant, func(t *testing.T) {
			_, errOut, code := cli(t, "", "solve", "--variant", tc.variant, "--method", "retrograde")
			assert.Equal(t, exitError, code, errOut)
			for _, w := range tc.want {
				assert.Contains(t, errOut, w)
			}
			assert.NotContains(t, errOut, "*")
			assert.NotContains(t, errOut, "State")
		})
	}
}
