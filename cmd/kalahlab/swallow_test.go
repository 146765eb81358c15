package main

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPlayLimitNotSwallowed: a Kalah script whose capture hook catches its own time
// limit with pcall or xpcall does not finish its game: play --json fails (exit 3) with
// the time-limit error at the script's line, and the game it prints ends with that
// error.
func TestPlayLimitNotSwallowed(t *testing.T) {
	for _, c := range []struct{ name, call string }{
		{"pcall", `local ok = pcall(function() while true do end end)`},
		{"xpcall", `local ok = xpcall(function() while true do end end, function(e) return "fine" end)`},
		{"pcall in a loop", `for i = 1, 3 do pcall(function() while true do end end) end`},
	} {
		t.Run(c.name, func(t *testing.T) {
			script := writeFile(t, "swallow.lua", `return variant {
  name = "swallow",
  extends = "kalah",
  hooks = {
    capture = function(board, last)
      `+c.call+`
      return false
    end,
  },
}
`)
			e, out, code := cliJSONError(t, "play", "--variant", script, "--p1", "random", "--p2", "random", "--seed", "1", "--json")
			require.Equal(t, exitFailed, code, "stdout: %s", out)
			assert.Contains(t, e.Error, "swallow.lua:6: capture: time limit exceeded: stopped after 250ms (an endless loop?)")
			var game struct{ Error string }
			require.NoError(t, json.Unmarshal([]byte(out), &game), "stdout is the game, as JSON: %s", out)
			assert.Contains(t, game.Error, "capture: time limit exceeded", "the game ends with the hook's error, not a result")
		})
	}
}
