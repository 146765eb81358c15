package main

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestVariantsShowRules checks that `variants show` states the rules in words, at the
// knobs given, with the hooks named, and gives them as sections in --json.
func TestVariantsShowRules(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{[]string{"mancala/bao"}, []string{"rules, in words (from the descriptor and the knobs):", "  Sowing\n", "Relay: when the last seed", "rules from:\n  - liquisearch.com"}},
		{[]string{"kalah", "--set", "houses=4"}, []string{"Two rows of 4 houses", "A last seed in the mover's own store gives them another move."}},
		{[]string{"kalah/strict-capture"}, []string{"A Lua hook (capture) decides the captures", "its Lua hooks are named"}},
		{[]string{"checkers/flying-kings"}, []string{"Kings fly"}},
		{[]string{"tictactoe/connect-four"}, []string{"drop a mark into a column"}},
		{[]string{"ludo/trap"}, []string{"A Lua hook (on_land)"}},
	} {
		out, errOut, code := cli(t, "", append([]string{"variants", "show"}, tc.args...)...)
		require.Equal(t, 0, code, errOut)
		for _, w := range tc.want {
			assert.Contains(t, out, w, "variants show %v", tc.args)
		}
	}
	out, errOut, code := cli(t, "", "variants", "show", "mancala/oware", "--json")
	require.Equal(t, 0, code, errOut)
	var got struct {
		Rules []struct {
			Title     string   `json:"title"`
			Sentences []string `json:"sentences"`
		} `json:"rules"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &got))
	require.NotEmpty(t, got.Rules)
	assert.Equal(t, "Board", got.Rules[0].Title)
	assert.NotEmpty(t, got.Rules[0].Sentences)
}
