package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// writeScript writes a Lua variant into a temporary directory and returns its path.
func writeScript(t *testing.T, name, src string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	require.NoError(t, os.WriteFile(path, []byte(src), 0o644))
	return path
}

// TestSolveHookError: a hook failing during a solve fails the solve, naming the
// script, line and hook (it once printed a draw, or a loss by -1073741824).
func TestSolveHookError(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"capture does not conserve seeds", `return variant {
  extends = "kalah",
  params = { houses = 3, seeds = 2 },
  hooks = {
    capture = function(b, last) b:add(b:store(b:mover()), 1) end,
  },
}`, "bad.lua:5: capture: seeds not conserved"},
		{"can_play returns a string", `return variant {
  extends = "kalah",
  params = { houses = 3, seeds = 2 },
  hooks = {
    can_play = function(b, h) return "yes" end,
  },
}`, "bad.lua:5: can_play: returned a string"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := writeScript(t, "bad.lua", tt.src)
			for _, args := range [][]string{{"solve", "--variant", path}, {"solve", "--variant", path, "--json"}} {
				out, errOut, code := cli(t, "", args...)
				assert.Equal(t, exitFailed, code, args)
				assert.Empty(t, out, args)
				assert.Contains(t, errOut, "solve: game stopped by an error", args)
				assert.Contains(t, errOut, tt.want, args)
			}
		})
	}
}

// TestVariantsCheckStopsEarly: an endless loop in a hook stops the check after three
// games (it once played 1,000 at 250 ms each).
func TestVariantsCheckStopsEarly(t *testing.T) {
	path := writeScript(t, "loop.lua", `return variant {
  extends = "kalah/small",
  hooks = { capture = function(b, last) while true do end end },
}`)
	out, errOut, code := cli(t, "", "variants", "check", path)
	assert.Equal(t, exitFailed, code)
	assert.Contains(t, out, "0/3 random games kept the contract")
	assert.Contains(t, out, "stopped after 3 of 1000 games: 3 failed with the same error")
	assert.Contains(t, out, "loop.lua:3: capture: time limit exceeded")
	assert.Contains(t, errOut, "failed its checks")

	out, _, code = cli(t, "", "variants", "check", path, "--games", "1", "--json")
	assert.Equal(t, exitFailed, code)
	var rep map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &rep))
	assert.Equal(t, 1.0, rep["games"])
	assert.Equal(t, 1.0, rep["failed"])
	assert.Equal(t, "", rep["stopped"], "all the games asked for were played")
}
