package main

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPerftHookError: a hook failing during perft fails the count with exit status 3,
// naming the script, line and hook (perft once counted the stopped games as finished
// ones and printed a number).
func TestPerftHookError(t *testing.T) {
	path := writeScript(t, "bad.lua", `return variant {
  extends = "kalah",
  params = { houses = 3, seeds = 2 },
  hooks = {
    capture = function(b, last) b:add(b:store(b:mover()), 1) end,
  },
}`)
	for _, args := range [][]string{
		{"perft", "--variant", path, "--depth", "6"},
		{"perft", "--variant", path, "--depth", "6", "--divide"},
		{"perft", "--variant", path, "--depth", "6", "--json"},
	} {
		out, errOut, code := cli(t, "", args...)
		assert.Equal(t, exitFailed, code, args)
		assert.Contains(t, errOut, "game stopped by an error playing", args)
		assert.Contains(t, errOut, "bad.lua:5: capture: seeds not conserved", args)
		assert.NotContains(t, out, "total:", args)
	}
	// A hook that works: the same counts as the built-in rule.
	ok := writeScript(t, "ok.lua", `return variant {
  extends = "kalah",
  params = { houses = 3, seeds = 2 },
  hooks = { extra_turn = function(b, last) return last == b:store(b:mover()) end },
}`)
	var plain, hooked map[string]any
	out, errOut, code := cli(t, "", "perft", "--set", "houses=3", "--set", "seeds=2", "--depth", "6", "--json")
	require.Equal(t, exitOK, code, errOut)
	require.NoError(t, json.Unmarshal([]byte(out), &plain))
	out, errOut, code = cli(t, "", "perft", "--variant", ok, "--depth", "6", "--json")
	require.Equal(t, exitOK, code, errOut)
	require.NoError(t, json.Unmarshal([]byte(out), &hooked))
	assert.Equal(t, plain["nodes"], hooked["nodes"])
}
