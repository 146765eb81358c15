package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestOldOwareRecords: game records saved before Oware was one game (testdata/*.json,
// written by kalahlab at commit 0ea26aa: the kalah-based oware and its grand-slam
// readings, with the kalah base game's knobs, and the mancala engine's mancala/oware)
// replay on the one Oware to the position and result they recorded. The kalah-based
// ones warn that the scripts changed.
func TestOldOwareRecords(t *testing.T) {
	for _, c := range []struct {
		file string
		warn bool
	}{
		{"oware-kalah-based.json", true},
		{"oware-grand-slam-forbidden-kalah-based.json", true},
		{"oware-grand-slam-all-kalah-based.json", true},
		{"mancala-oware.json", true}, // its script moved to scripts/oware.lua (a new hash)
	} {
		t.Run(c.file, func(t *testing.T) {
			path := filepath.Join("cmd", "kalahlab", "testdata", c.file)
			data, err := os.ReadFile(path)
			require.NoError(t, err)
			var rec struct {
				Variant  string `json:"variant"`
				Position string `json:"position"`
				Result   struct {
					Scores []float64 `json:"scores"`
					Winner int       `json:"winner"`
				} `json:"result"`
			}
			require.NoError(t, json.Unmarshal(data, &rec))
			out, errOut, code := cli(t, "", "play", "--load", path, "--json")
			require.Equal(t, 0, code, errOut)
			var got struct {
				Variant  string    `json:"variant"`
				Position string    `json:"position"`
				Over     bool      `json:"over"`
				Scores   []float64 `json:"scores"`
				Winner   int       `json:"winner"`
			}
			require.NoError(t, json.Unmarshal([]byte(out), &got), out)
			assert.True(t, got.Over)
			assert.Equal(t, rec.Position, got.Position)
			assert.Equal(t, rec.Result.Scores, got.Scores)
			assert.Equal(t, rec.Result.Winner, got.Winner)
			if c.warn {
				assert.Contains(t, errOut, "changed since the game was saved")
			}
		})
	}
	// A kalah-based game that passed through a repeated position: the one Oware ended it
	// there (a position's second occurrence since the last capture), so the moves after
	// are refused, naming the first.
	_, errOut, code := cli(t, "", "play", "--load", filepath.Join("cmd", "kalahlab", "testdata", "oware-kalah-based-cycle.json"))
	assert.Equal(t, exitError, code)
	assert.Contains(t, errOut, `move 211 ("3"): the game is already over`)
}
