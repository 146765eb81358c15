package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/core/record"
)

// cli runs the command line with stdin and returns stdout, stderr and the exit code.
func cli(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(args, strings.NewReader(stdin), &out, &errOut)
	return out.String(), errOut.String(), code
}

func TestMain(m *testing.M) {
	// The tests run from cmd/kalahlab; the README's paths are relative to the root.
	if err := os.Chdir("../.."); err != nil {
		panic(err)
	}
	for _, k := range []string{"KALAHLAB_VARIANT", "KALAHLAB_SEED", "KALAHLAB_SCRIPTS", "NO_COLOR"} {
		os.Unsetenv(k)
	}
	os.Exit(m.Run())
}

func TestVersion(t *testing.T) {
	out, _, code := cli(t, "", "version")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "kalahlab ")
	out, _, _ = cli(t, "", "version", "--json")
	var v map[string]string
	require.NoError(t, json.Unmarshal([]byte(out), &v))
	assert.NotEmpty(t, v["version"])
}

func TestPlayMovesJSON(t *testing.T) {
	out, errOut, code := cli(t, "", "play", "--variant", "kalah", "--set", "houses=4", "--set", "seeds=3", "--moves", "2,1,4", "--json")
	require.Equal(t, 0, code, errOut)
	var got positionJSON
	require.NoError(t, json.Unmarshal([]byte(out), &got))
	// 3,3,3,3: South's house 2 sows into houses 3, 4 and the store (an extra turn);
	// house 1 sows into 2, 3, 4; North's house 4 sows into its store and South's
	// houses 1 and 2 — South to move.
	assert.Equal(t, "kalah", got.Variant)
	assert.Equal(t, "1,2,5,5,[1],3,3,3,0,[1] s", got.Position)
	require.NotNil(t, got.ToMove)
	assert.Equal(t, 1, *got.ToMove)
	assert.False(t, got.Over)
	assert.Nil(t, got.Winner)
	assert.Equal(t, []float64{1, 1}, got.Scores)
	assert.Equal(t, 3, got.Plies)
}

func TestPlayIllegalMove(t *testing.T) {
	_, errOut, code := cli(t, "", "play", "--moves", "3,3")
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "move 2")
	assert.Contains(t, errOut, "legal: 1 2 4 5 6")
	_, errOut, code = cli(t, "", "play", "--moves", "9")
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "1..6")
}

func TestPlayConfigExample(t *testing.T) {
	out, errOut, code := cli(t, "", "play", "-c", "config/examples/kalah-4x3.yaml", "--moves", "1", "--json")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, `"position":"0,4,4,4,[0],3,3,3,3,[0] n"`)
}

func TestPlayAgentsToTheEnd(t *testing.T) {
	out, errOut, code := cli(t, "", "play", "--p1", "random", "--p2", "random", "--seed", "3", "--color", "never")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "seat 1 (random) plays")
	assert.Contains(t, out, "game over")
	// Same seed, same game.
	again, _, _ := cli(t, "", "play", "--p1", "random", "--p2", "random", "--seed", "3", "--color", "never")
	assert.Equal(t, out, again)
	out, _, code = cli(t, "", "play", "--p1", "random", "--p2", "random", "--json")
	require.Equal(t, 0, code)
	var got positionJSON
	require.NoError(t, json.Unmarshal([]byte(out), &got))
	assert.True(t, got.Over)
	require.NotNil(t, got.Winner)
}

func TestPlayInteractive(t *testing.T) {
	dir := t.TempDir()
	save := filepath.Join(dir, "game.json")
	in := strings.Join([]string{"help", "moves", "9", "3", "undo", "redo", "1", "undo", "save " + save, "quit"}, "\n") + "\n"
	out, errOut, code := cli(t, in, "play", "--p1", "human", "--p2", "human", "--color", "never")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "commands:")
	assert.Contains(t, out, "legal: 1 2 3 4 5 6")
	assert.Contains(t, out, `move "9": want a house number 1..6`)
	rec, err := record.ReadFile(save)
	require.NoError(t, err)
	// 3 (extra turn), undo, redo, 1, undo: the game holds one move.
	assert.Equal(t, []string{"3"}, rec.Moves)
	assert.Contains(t, out, "position: 4,4,0,5,5,5,[1],4,4,4,4,4,4,[0] s")
}

func TestPlayUndoAgainstAgent(t *testing.T) {
	// Undo against an agent takes back the agent's reply as well: the person is to
	// move again in the position before their move.
	in := "1\nundo\nquit\n"
	out, errOut, code := cli(t, in, "play", "--p1", "human", "--p2", "random", "--color", "never")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "seat 2 (random) plays")
	assert.True(t, strings.HasSuffix(strings.TrimSpace(out), "position: 4,4,4,4,4,4,[0],4,4,4,4,4,4,[0] s"), out)
}

func TestPlayInputEnds(t *testing.T) {
	out, _, code := cli(t, "3\n", "play", "--p1", "human", "--p2", "human", "--color", "never")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "input ended")
}

func TestPerft(t *testing.T) {
	out, errOut, code := cli(t, "", "perft", "--variant", "kalah", "--depth", "3", "--json")
	require.Equal(t, 0, code, errOut)
	var got struct {
		Variant string  `json:"variant"`
		Depth   int     `json:"depth"`
		Nodes   uint64  `json:"nodes"`
		Seconds float64 `json:"seconds"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &got))
	assert.Equal(t, "kalah", got.Variant)
	assert.Equal(t, 3, got.Depth)
	assert.Equal(t, uint64(kalahPerft[3]), got.Nodes)

	out, _, code = cli(t, "", "perft", "--depth", "4")
	require.Equal(t, 0, code)
	for d := 1; d <= 4; d++ {
		assert.Regexp(t, fmt.Sprintf(`depth +%d: +%d nodes`, d, kalahPerft[d]), out)
	}
	out, _, code = cli(t, "", "perft", "--depth", "2", "--divide")
	require.Equal(t, 0, code)
	assert.Contains(t, out, fmt.Sprintf("total: %d nodes", kalahPerft[2]))
	_, errOut, code = cli(t, "", "perft", "--depth", "0")
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "--depth 0")
}

// kalahPerft holds the Kalah(6,4) counts (checked in core/kalah against the reference
// sower).
var kalahPerft = map[int]int{1: 6, 2: 35, 3: 185, 4: 942}

func TestVariants(t *testing.T) {
	out, _, code := cli(t, "", "variants", "list")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "kalah")
	out, errOut, code := cli(t, "", "variants", "show", "kalah", "--set", "houses=4", "--json")
	require.Equal(t, 0, code, errOut)
	var got map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &got))
	assert.Equal(t, "kalah", got["name"])
	assert.EqualValues(t, 4, got["params"].(map[string]any)["houses"])
	out, _, code = cli(t, "", "variants", "show", "kalah")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "empty_capture")
	_, errOut, code = cli(t, "", "variants", "show", "kalha")
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, `did you mean "kalah"`)
}

func TestBadInput(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
		code int
	}{
		{[]string{"play", "--set", "housez=4", "--moves", "1"}, `did you mean "houses"`, exitError},
		{[]string{"play", "--set", "houses=40", "--moves", "1"}, "1..16", exitError},
		{[]string{"play", "--set", "houses", "--moves", "1"}, "key=value", exitError},
		{[]string{"play", "--p2", "randon", "--moves", "1"}, `did you mean "random"`, exitError},
		{[]string{"play", "--p3", "random", "--moves", "1"}, "only 2 seats", exitError},
		{[]string{"play", "--color", "sometimes", "--moves", "1"}, "--color", exitError},
		{[]string{"play", "-c", "no-such-file.yaml"}, "no-such-file.yaml", exitError},
		{[]string{"play", "--bogus"}, "unknown flag", exitUsage},
		{[]string{"nosuchcommand"}, "unknown command", exitUsage},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			_, errOut, code := cli(t, "", tc.args...)
			assert.Equal(t, tc.code, code)
			assert.Contains(t, errOut, tc.want)
			assert.NotContains(t, errOut, "panic")
		})
	}
}

func TestHelpAndCompletion(t *testing.T) {
	for _, cmd := range []string{"play", "perft", "variants", "version"} {
		out, _, code := cli(t, "", cmd, "--help")
		assert.Equal(t, 0, code)
		assert.Contains(t, out, "Examples:", cmd)
	}
	out, _, code := cli(t, "", "completion", "bash")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "kalahlab")
	out, _, code = cli(t, "", "__complete", "play", "--variant", "ka")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "kalah")
}

func TestSolve(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir()) // the endgame databases' default home
	out, errOut, code := cli(t, "", "solve", "--set", "houses=3", "--set", "seeds=2", "--json")
	require.Equal(t, 0, code, errOut)
	var got struct {
		Variant  string   `json:"variant"`
		Value    int      `json:"value"`
		Result   string   `json:"result"`
		BestMove string   `json:"best_move"`
		PV       []string `json:"pv"`
		Nodes    int64    `json:"nodes"`
		Seconds  float64  `json:"seconds"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &got))
	assert.Equal(t, "kalah", got.Variant)
	assert.Equal(t, 4, got.Value)
	assert.Equal(t, "win", got.Result)
	require.NotEmpty(t, got.PV)
	assert.Equal(t, got.PV[0], got.BestMove)
	out, errOut, code = cli(t, "", "solve", "--variant", "tictactoe")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "draw for the first player")
	_, errOut, code = cli(t, "", "solve", "--time", "20ms", "--tt", "1")
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "gave up")
	_, errOut, code = cli(t, "", "solve", "--time", "20ms", "--tt", "1", "--endgame", "off")
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "gave up")
}

func TestSolveEndgame(t *testing.T) {
	dir := t.TempDir()
	out, errOut, code := cli(t, "", "solve", "--set", "houses=4", "--set", "seeds=2", "--set", "empty_capture=false",
		"--endgame", "10", "--endgame-dir", dir, "--json")
	require.Equal(t, 0, code, errOut)
	var got struct {
		Value        int `json:"value"`
		EndgameSeeds int `json:"endgame_seeds"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &got))
	assert.Equal(t, 10, got.EndgameSeeds)
	files, err := filepath.Glob(filepath.Join(dir, "kalah-4h-standard-owner", "level-*.egdb"))
	require.NoError(t, err)
	assert.Len(t, files, 11)
	out2, errOut, code := cli(t, "", "solve", "--set", "houses=4", "--set", "seeds=2", "--set", "empty_capture=false", "--endgame", "off")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out2, fmt.Sprintf("value %+d", got.Value))
	assert.NotContains(t, out2, "endgame database")
	out, errOut, code = cli(t, "", "solve", "--set", "houses=4", "--set", "seeds=2", "--endgame", "6", "--endgame-dir", "")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "endgame database: up to 6 seeds in houses")
	out, errOut, code = cli(t, "", "solve", "--set", "houses=4", "--set", "seeds=2", "--set", "empty_capture=false", "--threads", "1", "--json")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, fmt.Sprintf(`"value":%d`, got.Value))
	_, errOut, code = cli(t, "", "solve", "--threads", "-2")
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "--threads: want 0 (one per core) or more")
	for _, bad := range []string{"lots", "-3", "200"} {
		_, errOut, code = cli(t, "", "solve", "--endgame", bad)
		assert.Equal(t, 1, code, bad)
		assert.Contains(t, errOut, "--endgame: want auto, off or a number of seeds from 1 to 127", bad)
	}
}

func TestVariantsCheck(t *testing.T) {
	out, errOut, code := cli(t, "", "variants", "check", "kalah/strict-capture", "--games", "50")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "50/50 random games kept the contract")
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.lua")
	require.NoError(t, os.WriteFile(bad, []byte(`return variant { name = "bad", extends = "kalah",
  hooks = { capture = function(b, last) b:add(last, 1) end } }`), 0o644))
	out, _, code = cli(t, "", "variants", "check", bad, "--games", "20")
	assert.Equal(t, exitFailed, code)
	assert.Contains(t, out, "not conserved")
	typo := filepath.Join(dir, "typo.lua")
	require.NoError(t, os.WriteFile(typo, []byte(`return variant { name = "typo", extends = "kalah", params = { housez = 4 } }`), 0o644))
	_, errOut, code = cli(t, "", "variants", "check", typo)
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, `did you mean "houses"`)
	out, errOut, code = cli(t, "", "play", "--variant", "kalah/pie", "--moves", "3,1,swap", "--json")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "swapped")
}

func TestPlayHintReplayDraw(t *testing.T) {
	out, errOut, code := cli(t, "hint\n3\nreplay\n\nq\nquit\n", "play", "--p1", "human", "--p2", "human", "--color", "never")
	require.Equal(t, 0, code, errOut)
	assert.Regexp(t, `hint: \d \(alphabeta`, out)
	assert.Contains(t, out, "move 1: seat 1 plays 3")
	assert.Contains(t, out, "end of replay")

	out, errOut, code = cli(t, "11-15\ndraw\nn\ndraw\ny\n", "play", "--variant", "checkers", "--p1", "human", "--p2", "human", "--color", "never")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "movable: 9 10 11 12")
	assert.Contains(t, out, "the draw is declined")
	assert.Contains(t, out, "game over: a draw")

	out, _, code = cli(t, "draw\nquit\n", "play", "--p1", "human", "--p2", "human", "--color", "never")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "no draw by agreement")

	out, errOut, code = cli(t, "b2\nhint\nquit\n", "play", "--variant", "tictactoe", "--p1", "human", "--p2", "random", "--color", "never")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "seat 2 (random) plays")
}

func TestPlayLudo(t *testing.T) {
	out, errOut, code := cli(t, "", "play", "--variant", "ludo", "--moves", "6,a,3", "--json")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, `"to_move":1`)
	out, errOut, code = cli(t, "", "play", "--variant", "ludo", "--p1", "random", "--p2", "greedy", "--p3", "random", "--p4", "random", "--seed", "5", "--color", "never")
	require.Equal(t, 0, code, errOut)
	assert.Regexp(t, `seat \d rolls \d`, out)
	assert.Contains(t, out, "game over")
	_, errOut, code = cli(t, "", "play", "--variant", "ludo", "--p1", "alphabeta", "--p2", "random", "--p3", "random", "--p4", "random")
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "4 players")
}

func TestMoreBadInput(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"play", "--moves", "3,,1"}, "move 2 is empty"},
		{[]string{"solve", "--variant", "ludo"}, "without dice"},
		{[]string{"perft", "--depth", "100"}, "want 1..64"},
		{[]string{"play", "--variant", "tictactoe", "--moves", "z9"}, "column a..c"},
		{[]string{"variants", "check", "kalah", "--games", "-1"}, "--games -1"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			_, errOut, code := cli(t, "", tc.args...)
			assert.Equal(t, 1, code)
			assert.Contains(t, errOut, tc.want)
		})
	}
}
