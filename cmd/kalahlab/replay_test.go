package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/core/record"
)

// replayJSON is what replay --json prints (the fields the tests read).
type replayJSON struct {
	Trial int
	Seats []string
	Start string
	Steps []struct {
		Ply      int
		Player   int
		Move     string
		Position string
	}
	Plies   int
	Returns []float64
	Over    bool
}

// TestReplayTrialSaveAndRecord: a trial exported with --save replays from the file as
// it did from the results directory, in JSON and in PDN, and play --load continues it.
func TestReplayTrialSaveAndRecord(t *testing.T) {
	clearExperimentEnv(t)
	study := writeFile(t, "study.yaml", `name: records
variants: [checkers, kalah]
agents: [{ agent: random }, { agent: greedy }]
games: 4
seed: 3
solve: 0
`)
	out := filepath.Join(t.TempDir(), "results")
	_, stderr, code := cli(t, "", "experiment", "run", study, "--out", out, "--workers", "1", "--progress", "none", "--format", "json")
	require.Equal(t, 0, code, stderr)

	var trial replayJSON
	js, stderr, code := cli(t, "", "replay", out, "--trial", "1", "--json")
	require.Equal(t, 0, code, stderr)
	require.NoError(t, json.Unmarshal([]byte(js), &trial))
	require.NotEmpty(t, trial.Steps)

	dir := t.TempDir()
	for _, name := range []string{"game.json", "game.pdn"} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(dir, name)
			text, stderr, code := cli(t, "", "replay", out, "--trial", "1", "--save", path)
			require.Equal(t, 0, code, stderr)
			assert.Contains(t, text, "wrote trial 1 (cell 0, checkers) to "+path)

			var got replayJSON
			js, stderr, code := cli(t, "", "replay", path, "--json")
			require.Equal(t, 0, code, stderr)
			require.NoError(t, json.Unmarshal([]byte(js), &got))
			assert.Equal(t, trial.Start, got.Start)
			assert.Equal(t, trial.Steps, got.Steps, "the same moves and positions")
			assert.Equal(t, trial.Returns, got.Returns)
			assert.True(t, got.Over)
			if name == "game.json" {
				assert.Equal(t, trial.Seats, got.Seats, "a record keeps the agents")
			}

			text, stderr, code = cli(t, "", "replay", path, "--color", "never")
			require.Equal(t, 0, code, stderr)
			assert.Contains(t, text, "checkers, game record "+path)
			assert.Contains(t, text, "ply 1: seat 1 (")
			assert.Regexp(t, `(wins|a draw) after \d+ plies`, text)
		})
	}

	// A record of a kalah trial; PDN is refused for it.
	_, stderr, code = cli(t, "", "replay", out, "--trial", "5", "--save", filepath.Join(dir, "kalah.pdn"))
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr, "kalah is not a checkers game")
	kalah := filepath.Join(dir, "kalah.json")
	_, stderr, code = cli(t, "", "replay", out, "--trial", "5", "--save", kalah)
	require.Equal(t, 0, code, stderr)
	rec, err := record.ReadFile(kalah)
	require.NoError(t, err)
	assert.Equal(t, "kalah", rec.Variant)
	assert.ElementsMatch(t, []string{"greedy", "random"}, rec.Players, "the trial's agents")

	// --trial with a file, a missing file.
	_, stderr, code = cli(t, "", "replay", kalah, "--trial", "3")
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr, "is a game file: --trial and --cell pick a game of a results directory")
	_, stderr, code = cli(t, "", "replay", filepath.Join(dir, "missing.json"))
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr, "no such file or directory (want a results directory, a game record or a .pdn file)")
}

// TestPlayPDN: play saves a checkers game as PDN and loads it again; a set-up position
// (FEN) carries over; bad PDN is an error naming the file, line and column.
func TestPlayPDN(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "game.pdn")
	_, stderr, code := cli(t, "", "play", "--variant", "checkers", "--p1", "human", "--p2", "human", "--moves", "11-15,22-18,15x22", "--save", path)
	require.Equal(t, 0, code, stderr)
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Contains(t, string(data), "[GameType \"21\"]")
	assert.Contains(t, string(data), "1. 11-15 22-18 2. 15x22 *")

	js, stderr, code := cli(t, "", "play", "--load", path, "--moves", "25x18", "--json")
	require.Equal(t, 0, code, stderr)
	var pos positionJSON
	require.NoError(t, json.Unmarshal([]byte(js), &pos))
	assert.Equal(t, 4, pos.Plies)
	assert.Equal(t, "B:W18,21,23,24,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12", pos.Position)

	// International draughts from a FEN: PDN's White (the first mover) is seat 1.
	intl := writeFile(t, "intl.pdn", `[White "alphabeta:depth=2"]
[Black "Someone"]
[GameType "20"]
[FEN "W:W31,K47:B3,18"]

1. 31-27 *
`)
	js, stderr, code = cli(t, "", "replay", intl, "--json")
	require.Equal(t, 0, code, stderr)
	var got replayJSON
	require.NoError(t, json.Unmarshal([]byte(js), &got))
	assert.Equal(t, []string{"alphabeta:depth=2", "human"}, got.Seats)
	require.Len(t, got.Steps, 1)
	assert.Equal(t, "20-24", got.Steps[0].Move, "PDN 31-27 is the engine's 20-24")
	saved := filepath.Join(dir, "intl.json")
	_, stderr, code = cli(t, "", "replay", intl, "--save", saved)
	require.Equal(t, 0, code, stderr)
	rec, err := record.ReadFile(saved)
	require.NoError(t, err)
	assert.Equal(t, "B:W33,48:BK4,20", rec.Start)
	assert.Equal(t, true, rec.Knobs["flying_kings"])
	// ... and back to PDN: the same FEN.
	back := filepath.Join(dir, "back.pdn")
	_, stderr, code = cli(t, "", "replay", saved, "--save", back)
	require.Equal(t, 0, code, stderr)
	data, err = os.ReadFile(back)
	require.NoError(t, err)
	assert.Contains(t, string(data), "[FEN \"W:W31,K47:B3,18\"]")
	assert.Contains(t, string(data), "1. 31-27 *")

	bad := writeFile(t, "bad.pdn", "[GameType \"21\"]\n1. 11-15 23-19 2. 15-20 *\n")
	_, stderr, code = cli(t, "", "replay", bad)
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr, bad+": pdn: line 2, column 19: move 2 (Black) 15-20: illegal here (legal: ")
	_, stderr, code = cli(t, "", "play", "--load", bad)
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr, "line 2, column 19")

	_, stderr, code = cli(t, "", "play", "--variant", "checkers/no-kings", "--moves", "11-15", "--save", filepath.Join(dir, "nk.pdn"))
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr, "checkers/no-kings is defined by Lua scripts, whose rules PDN cannot name: save the game as JSON")
	_, stderr, code = cli(t, "", "play", "--variant", "kalah", "--moves", "1", "--save", filepath.Join(dir, "k.pdn"))
	assert.Equal(t, 1, code)
	assert.True(t, strings.Contains(stderr, "not a checkers game"), stderr)
}

// TestPlaySetUpUndo: a game loaded from a set-up position keeps it through undo and
// save.
func TestPlaySetUpUndo(t *testing.T) {
	fen := writeFile(t, "fen.pdn", "[FEN \"B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29\"]\n1. 22-26 10-14 *\n")
	saved := filepath.Join(t.TempDir(), "after.json")
	out, stderr, code := cli(t, "undo\nsave "+saved+"\nquit\n", "play", "--load", fen, "--color", "never")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, out, "restored from "+fen+": 2 moves")
	rec, err := record.ReadFile(saved)
	require.NoError(t, err)
	assert.Equal(t, "B:WK10,K15,18,24,27,28:B12,16,20,K22,K25,K29", rec.Start)
	assert.Len(t, rec.Moves, 1, "undo took back White's 10-14")
}
