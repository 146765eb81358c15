package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/core/record"
	"github.com/kalahlab/kalahlab/variants"
)

// cliJSONError runs the command line and decodes the JSON error on stderr.
func cliJSONError(t *testing.T, args ...string) (errorJSON, string, int) {
	t.Helper()
	out, errOut, code := cli(t, "", args...)
	var e errorJSON
	require.NoError(t, json.Unmarshal([]byte(errOut), &e), "stderr is one JSON object: %q", errOut)
	return e, out, code
}

func TestPlayLongInputLine(t *testing.T) {
	// A 100 KB line is refused with a message and the moves after it are played.
	in := strings.Repeat("x", 100*1024) + "\n3\nquit\n"
	out, errOut, code := cli(t, in, "play", "--p1", "human", "--p2", "human", "--color", "never")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "input line 1 is too long (102400 bytes; at most 4096): ignored")
	assert.NotContains(t, out, "input ended")
	assert.Contains(t, out, "position: 4,4,0,5,5,5,[1],4,4,4,4,4,4,[0] s", "the 3 after the long line was played")

	// Windows line endings, and a last line without one.
	want, errOut, code := cli(t, "", "play", "--moves", "3,1", "--json")
	require.Equal(t, 0, code, errOut)
	var pos positionJSON
	require.NoError(t, json.Unmarshal([]byte(want), &pos))
	out, errOut, code = cli(t, "3\r\n1\r\nquit", "play", "--p1", "human", "--p2", "human", "--color", "never")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "position: "+pos.Position+"\n")
}

func TestReadLine(t *testing.T) {
	const limit = 8
	for _, tc := range []struct {
		name, in string
		want     []string // "!" marks a line too long
	}{
		{"short lines", "a\nbb\n\nccc", []string{"a", "bb", "", "ccc"}},
		{"crlf", "a\r\nbb\r\n", []string{"a", "bb"}},
		{"exactly the limit", "12345678\n12345678\r\n", []string{"12345678", "12345678"}},
		{"one over", "123456789\nok\n", []string{"!", "ok"}},
		{"one over with crlf", "123456789\r\nok\n", []string{"!", "ok"}},
		{"long at the end", "ok\n" + strings.Repeat("y", 10000), []string{"ok", "!"}},
		{"long beyond the buffer", strings.Repeat("z", 70000) + "\nok\n", []string{"!", "ok"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := bufio.NewReaderSize(strings.NewReader(tc.in), 16)
			var got []string
			for {
				text, size, err := readLine(r, limit)
				if err != nil && size == 0 {
					break
				}
				if size > limit {
					text = "!"
				}
				got = append(got, text)
				if err != nil {
					break
				}
			}
			assert.Equal(t, tc.want, got)
		})
	}
}

// failingPlay is a Kalah variant whose can_play hook fails from the given ply on.
func failingPlay(t *testing.T, fromPly int) string {
	t.Helper()
	return writeFile(t, "failing.lua", `return variant { name = "failing", extends = "kalah",
  hooks = {
    can_play = function(b, house)
      if b:ply() >= `+itoa(fromPly)+` then error("no houses today") end
      return true
    end,
  } }
`)
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

func TestPlayHookErrorShown(t *testing.T) {
	for _, tc := range []struct {
		name    string
		fromPly int
		args    []string
		in      string
	}{
		{"agents, at the start", 0, []string{"--p1", "random", "--p2", "greedy"}, ""},
		{"agents, later", 3, []string{"--p1", "random", "--p2", "random"}, ""},
		{"a person, at the start", 0, []string{"--p1", "human", "--p2", "random"}, "1\n"},
		{"a person, later", 1, []string{"--p1", "human", "--p2", "human"}, "1\n2\n3\n"},
		{"moves", 1, []string{"--moves", "1,2"}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			script := failingPlay(t, tc.fromPly)
			args := append([]string{"play", "--variant", script, "--color", "never"}, tc.args...)
			out, errOut, code := cli(t, tc.in, args...)
			assert.Equal(t, exitFailed, code)
			assert.NotContains(t, out+errOut, "no legal move")
			assert.Contains(t, errOut, "failing.lua:4: can_play: no houses today", "the script, line and hook")
		})
	}
	// With --json the final position carries the error, and stderr the JSON error.
	script := failingPlay(t, 2)
	out, errOut, code := cli(t, "", "play", "--variant", script, "--p1", "random", "--p2", "random", "--json")
	assert.Equal(t, exitFailed, code)
	var pos positionJSON
	require.NoError(t, json.Unmarshal([]byte(out), &pos))
	assert.Contains(t, pos.Error, "can_play: no houses today")
	var e errorJSON
	require.NoError(t, json.Unmarshal([]byte(errOut), &e), errOut)
	assert.Equal(t, exitFailed, e.Code)
	assert.Contains(t, e.Error, "can_play: no houses today")
}

func TestPlayBannerKnobs(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{nil, "kalah: Kalah(6,4): two rows of six houses"},
		{[]string{"--set", "houses=5", "--set", "seeds=3"}, "kalah: Kalah(5,3)\n  by default: Kalah(6,4)"},
		{[]string{"--set", "empty_capture=false"}, "kalah: Kalah(6,4), empty_capture=false\n"},
		{[]string{"-c", "config/examples/kalah-4x3.yaml"}, "kalah: Kalah(4,3)\n"},
		{[]string{"--variant", "kalah/pie", "--set", "seeds=3"}, "kalah/pie: Kalah(6,3)\n"},
		{[]string{"--variant", "tictactoe", "--set", "rows=4", "--set", "cols=4"}, "tictactoe: cols=4, rows=4\n  by default: "},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			args := append([]string{"play", "--p1", "random", "--p2", "random", "--color", "never"}, tc.args...)
			out, errOut, code := cli(t, "", args...)
			require.Equal(t, 0, code, errOut)
			assert.True(t, strings.HasPrefix(out, tc.want), "banner: %q", strings.SplitN(out, "\nseat", 2)[0])
		})
	}
}

func TestPlayHelpComplete(t *testing.T) {
	out, _, code := cli(t, "", "play", "--help")
	require.Equal(t, 0, code)
	for _, want := range []string{"hint", "replay", "draw", "save FILE", "undo", "redo", "--load", "alphabeta", "mcts", "Examples:", "kalahlab play --load game.json"} {
		assert.Contains(t, out, want)
	}
	assert.NotContains(t, out, "more with the AI")
}

func TestVersionFlag(t *testing.T) {
	want, _, code := cli(t, "", "version")
	require.Equal(t, 0, code)
	for _, flag := range []string{"--version", "-v"} {
		out, errOut, code := cli(t, "", flag)
		require.Equal(t, 0, code, errOut)
		assert.Equal(t, want, out)
	}
	out, _, code := cli(t, "", "--version", "--json")
	require.Equal(t, 0, code)
	var v map[string]string
	require.NoError(t, json.Unmarshal([]byte(out), &v))
	assert.NotEmpty(t, v["version"])
	out, _, code = cli(t, "")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "Available Commands:", "no flag: the help")
}

func TestExitCodesAndJSONErrors(t *testing.T) {
	study := writeFile(t, "bad-agents.yaml", "name: bad\nvariants: [ludo]\nagents: [{ agent: alphabeta, depth: 2 }]\ngames: 10\nsolve: 0\n")
	clearExperimentEnv(t)
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"nosuchcommand"}, exitUsage, "unknown command"},
		{[]string{"play", "--bogus"}, exitUsage, "unknown flag: --bogus"},
		{[]string{"play", "--seed", "many"}, exitUsage, "--seed"},
		{[]string{"version", "extra"}, exitUsage, "unknown command"},
		{[]string{"replay"}, exitUsage, "accepts 1 arg"},
		{[]string{"play", "--moves", "9"}, exitError, "1..6"},
		{[]string{"play", "--variant", "kalha", "--moves", "1"}, exitError, `did you mean "kalah"`},
		{[]string{"perft", "--depth", "0"}, exitError, "--depth 0"},
		{[]string{"solve", "--variant", "ludo"}, exitError, "without dice"},
		{[]string{"variants", "show", "kalha"}, exitError, `did you mean "kalah"`},
		{[]string{"experiment", "example", "nope"}, exitError, `no example study "nope"`},
		{[]string{"experiment", "run", study}, exitError, "agent alphabeta cannot play ludo (4 players, dice)"},
		{[]string{"play", "--load", "no-such-game.json"}, exitError, "no-such-game.json"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			_, errOut, code := cli(t, "", tc.args...)
			assert.Equal(t, tc.code, code)
			assert.True(t, strings.HasPrefix(errOut, "kalahlab: "), errOut)
			assert.Contains(t, errOut, tc.want)

			// --json anywhere on the line: the same error as JSON, the same code.
			for _, args := range [][]string{append([]string{"--json"}, tc.args...), append(append([]string{}, tc.args...), "--json")} {
				e, out, code := cliJSONError(t, args...)
				assert.Equal(t, tc.code, code, args)
				assert.Equal(t, tc.code, e.Code, args)
				assert.Contains(t, e.Error, tc.want, args)
				assert.Empty(t, out, args)
			}
		})
	}
}

func TestInterruptedExitCode(t *testing.T) {
	for _, asJSON := range []bool{false, true} {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		var out, errOut bytes.Buffer
		args := []string{"play", "--p1", "human", "--p2", "human"}
		if asJSON {
			args = append(args, "--json")
		}
		code := execute(ctx, newRootCmd(strings.NewReader("1\n"), &out, &errOut), args, &errOut)
		assert.Equal(t, exitInterrupted, code)
		if asJSON {
			assert.JSONEq(t, `{"error": "interrupted", "code": 130}`, errOut.String())
		} else {
			assert.Equal(t, "kalahlab: interrupted\n", errOut.String())
		}
	}
}

func TestNoColor(t *testing.T) {
	tty, err := os.Open(os.DevNull) // a character device, as a terminal is
	require.NoError(t, err)
	defer tty.Close()
	a := &app{out: tty, color: "auto"}
	t.Setenv("NO_COLOR", "")
	t.Setenv("TERM", "xterm")
	on, err := a.useColor()
	require.NoError(t, err)
	assert.True(t, on, "auto on a terminal")
	t.Setenv("NO_COLOR", "1")
	on, _ = a.useColor()
	assert.False(t, on, "NO_COLOR turns colour off")
	a.color = "always"
	on, _ = a.useColor()
	assert.True(t, on, "--color always beats NO_COLOR")

	// End to end: with --color always the board has escapes; NO_COLOR and auto not.
	out, _, code := cli(t, "", "play", "--moves", "1", "--color", "always")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "\x1b[")
	out, _, code = cli(t, "", "play", "--moves", "1")
	require.Equal(t, 0, code)
	assert.NotContains(t, out, "\x1b[")
}

func TestAgentRefusedAtStartUp(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--variant", "ludo", "--p1", "random", "--p2", "random", "--p3", "random", "--p4", "minimax"},
			"seat 4 (minimax): agent minimax cannot play ludo (4 players, dice): it plays two-player games without dice (chance nodes); use mcts"},
		{[]string{"--variant", "ludo", "--set", "players=2", "--p1", "human", "--p2", "alphabeta:depth=3"},
			"seat 2 (alphabeta:depth=3): agent alphabeta cannot play ludo (dice)"},
		{[]string{"--variant", "ludo", "--p1", "human", "--p2", "expectiminimax"},
			"seat 2 (expectiminimax): agent expectiminimax cannot play ludo (4 players)"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			out, errOut, code := cli(t, "", append([]string{"play", "--color", "never"}, tc.args...)...)
			assert.Equal(t, exitError, code)
			assert.Contains(t, errOut, tc.want)
			assert.Empty(t, out, "refused before the game starts")
		})
	}
	// The agents that can play it are welcome.
	_, errOut, code := cli(t, "", "play", "--variant", "ludo", "--set", "players=2", "--p1", "expectiminimax:depth=1", "--p2", "mcts:iterations=20", "--json")
	require.Equal(t, 0, code, errOut)
}

func TestSaveAndLoad(t *testing.T) {
	dir := t.TempDir()
	game := filepath.Join(dir, "game.json")
	in := "3\n1\nsave " + game + "\nquit\n"
	out, errOut, code := cli(t, in, "play", "--p1", "human", "--p2", "human", "--set", "houses=5", "--set", "seeds=3", "--seed", "9", "--color", "never")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "saved to "+game)
	rec, err := record.ReadFile(game)
	require.NoError(t, err)
	assert.Equal(t, "kalah", rec.Variant)
	assert.Equal(t, []string{"3", "1"}, rec.Moves)
	assert.Equal(t, []string{"human", "human"}, rec.Players)
	assert.Equal(t, uint64(9), rec.Seed)
	assert.Equal(t, 5, rec.Knobs["houses"])
	assert.Equal(t, 3, rec.Knobs["seeds"])
	assert.Equal(t, true, rec.Knobs["empty_capture"])
	assert.Nil(t, rec.Result)
	pos := rec.Position

	// Restored, it is the same position, the same variant and seats, and it goes on.
	out, errOut, code = cli(t, "quit\n", "play", "--load", game, "--color", "never")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "kalah: Kalah(5,3)\n")
	assert.Contains(t, out, "restored from "+game+": 2 moves")
	assert.Contains(t, out, "position: "+pos)
	out, errOut, code = cli(t, "", "play", "--load", game, "--moves", "1", "--json")
	require.Equal(t, 0, code, errOut)
	var got positionJSON
	require.NoError(t, json.Unmarshal([]byte(out), &got))
	assert.Equal(t, 3, got.Plies)
	// Agents on the seats play it out, and their save holds the result.
	out, errOut, code = cli(t, "", "play", "--load", game, "--p1", "random", "--p2", "random", "--color", "never")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "game over")
	// Undo reaches back into the restored moves.
	out, errOut, code = cli(t, "undo\nundo\nquit\n", "play", "--load", game, "--color", "never")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "position: 3,3,3,3,3,[0],3,3,3,3,3,[0] s")

	// --save writes the record when the game ends: agents' games too, with the result.
	played := filepath.Join(dir, "played.json")
	out, errOut, code = cli(t, "", "play", "--p1", "random", "--p2", "greedy", "--seed", "5", "--save", played, "--color", "never")
	require.Equal(t, 0, code, errOut)
	assert.True(t, strings.HasSuffix(out, "saved to "+played+"\n"), out)
	rec, err = record.ReadFile(played)
	require.NoError(t, err)
	require.NotNil(t, rec.Result)
	assert.Len(t, rec.Result.Returns, 2)
	assert.Equal(t, []string{"random", "greedy"}, rec.Players)
	out, errOut, code = cli(t, "", "play", "--load", played, "--color", "never")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "game over")
	// --moves with --save records the moves.
	_, errOut, code = cli(t, "", "play", "--moves", "3,1", "--save", played, "--json")
	require.Equal(t, 0, code, errOut)
	rec, err = record.ReadFile(played)
	require.NoError(t, err)
	assert.Equal(t, []string{"3", "1"}, rec.Moves)

	// A finished game records its result, and loads as over.
	over := filepath.Join(dir, "over.json")
	out, errOut, code = cli(t, "", "play", "--variant", "tictactoe", "--moves", "a1,b1,a2,b2,a3", "--json")
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, `"over":true`)
	_, errOut, code = cli(t, "a1\nb1\na2\nb2\nsave "+over+"\na3\nquit\n", "play", "--variant", "tictactoe", "--p1", "human", "--p2", "human", "--color", "never")
	require.Equal(t, 0, code, errOut)
	rec, err = record.ReadFile(over)
	require.NoError(t, err)
	require.Nil(t, rec.Result)
	rec.Moves = append(rec.Moves, "a3")
	rec.Position = ""
	require.NoError(t, record.WriteFile(over, rec))
	out, errOut, code = cli(t, "", "play", "--load", over, "--color", "never")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "game over: seat 1 wins")
}

func TestSaveAndLoadDice(t *testing.T) {
	dir := t.TempDir()
	game := filepath.Join(dir, "ludo.json")
	// The random agents move, the dice roll; seat 1 saves at its first turn.
	out, errOut, code := cli(t, "save "+game+"\nquit\n", "play", "--variant", "ludo", "--set", "players=2",
		"--p1", "human", "--p2", "random", "--seed", "4", "--color", "never")
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, "saved to")
	rec, err := record.ReadFile(game)
	require.NoError(t, err)
	require.NotEmpty(t, rec.Moves)
	assert.Regexp(t, `^[1-6]$`, rec.Moves[0], "the first move is a die roll")
	out, errOut, code = cli(t, "", "play", "--load", game, "--p1", "random", "--json")
	require.Equal(t, 0, code, errOut)
	var got positionJSON
	require.NoError(t, json.Unmarshal([]byte(out), &got))
	assert.True(t, got.Over)
	assert.Greater(t, got.Plies, len(rec.Moves))
}

func TestLoadErrors(t *testing.T) {
	dir := t.TempDir()
	good := record.Game{Variant: "kalah", Knobs: map[string]any{"houses": 4}, Seed: 1, Players: []string{"human", "human"}, Moves: []string{"1", "4"}}
	write := func(name string, mutate func(*record.Game)) string {
		g := good
		g.Moves = append([]string(nil), good.Moves...)
		g.Players = append([]string(nil), good.Players...)
		g.Knobs = maps.Clone(good.Knobs)
		mutate(&g)
		path := filepath.Join(dir, name)
		require.NoError(t, record.WriteFile(path, &g))
		return path
	}
	for _, tc := range []struct {
		name string
		path string
		args []string
		want string
	}{
		{"unknown variant", write("unknown.json", func(g *record.Game) { g.Variant = "kalha" }), nil, `did you mean "kalah"`},
		{"bad knob", write("knob.json", func(g *record.Game) { g.Knobs["housez"] = 3 }), nil, `did you mean "houses"`},
		{"illegal move", write("illegal.json", func(g *record.Game) { g.Moves = []string{"1", "9"} }), nil, `move 2 ("9")`},
		{"seats", write("seats.json", func(g *record.Game) { g.Players = []string{"human"} }), nil, "1 players for kalah, which has 2 seats"},
		{"bad agent", write("agent.json", func(g *record.Game) { g.Players[1] = "alphabeat" }), nil, `did you mean "alphabeta"`},
		{"with --variant", write("ok.json", func(*record.Game) {}), []string{"--variant", "kalah"}, "--load takes the variant and its knobs from the record"},
		{"not JSON", writeFile(t, "junk.json", "variant: kalah\n"), nil, "line 1, column 1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, errOut, code := cli(t, "", append([]string{"play", "--load", tc.path, "--moves", "1"}, tc.args...)...)
			assert.Equal(t, exitError, code)
			assert.Contains(t, errOut, tc.want)
		})
	}

	// A user script: the record holds it; a changed script is a warning, a missing one an
	// error that says where its text is.
	script := filepath.Join(dir, "mine.lua")
	require.NoError(t, os.WriteFile(script, []byte(`return variant { name = "mine", extends = "kalah", params = { houses = 4 } }`+"\n"), 0o644))
	game := filepath.Join(dir, "mine.json")
	_, errOut, code := cli(t, "2\nsave "+game+"\nquit\n", "play", "--variant", script, "--p1", "human", "--p2", "human", "--color", "never")
	require.Equal(t, 0, code, errOut)
	rec, err := record.ReadFile(game)
	require.NoError(t, err)
	require.NotNil(t, rec.Script)
	assert.Equal(t, script, rec.Script.Path)
	assert.Contains(t, rec.Script.Source, `name = "mine"`)
	assert.Equal(t, 4, rec.Knobs["houses"])
	assert.Len(t, rec.Hash, 64)

	// A record names only scripts inside the scripts directory: the script the user
	// named on the command line needs --scripts to be played from the record.
	_, errOut, code = cli(t, "quit\n", "play", "--load", game, "--color", "never")
	require.Equal(t, exitError, code, errOut)
	assert.Contains(t, errOut, script+" is outside the folders scripts may be read from")
	assert.Contains(t, errOut, "pass --scripts with the folder that holds it")
	_, errOut, code = cli(t, "quit\n", "play", "--load", game, "--color", "never", "--scripts", dir)
	require.Equal(t, 0, code, errOut)
	assert.NotContains(t, errOut, "warning")
	require.NoError(t, os.WriteFile(script, []byte(`-- edited
return variant { name = "mine", extends = "kalah", params = { houses = 4 } }`+"\n"), 0o644))
	out, errOut, code := cli(t, "quit\n", "play", "--load", game, "--color", "never", "--scripts", dir)
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, errOut, "warning: "+game+": variant mine changed since the game was saved")
	assert.Contains(t, out, "restored from")
	require.NoError(t, os.Remove(script))
	_, errOut, code = cli(t, "quit\n", "play", "--load", game, "--color", "never", "--scripts", dir)
	assert.Equal(t, exitError, code)
	assert.Contains(t, errOut, "script.source")
}

// TestLuaMemoryFlag: --lua-memory (and KALAHLAB_LUA_MEMORY) set the Lua states' budget;
// a bad size is a usage error naming where it came from.
func TestLuaMemoryFlag(t *testing.T) {
	t.Cleanup(func() { variants.SetMemoryBudget(0) })
	script := writeFile(t, "grow.lua", `return variant {
  extends = "kalah",
  hooks = { capture = function(b, last) local s = "x" for i = 1, 22 do s = s .. s end end },
}`)
	_, stderr, code := cli(t, "", "play", "--variant", script, "--lua-memory", "8MB", "--moves", "1")
	assert.Equal(t, exitFailed, code, stderr)
	assert.Contains(t, stderr, "at most 2097152")
	_, stderr, code = cli(t, "", "play", "--lua-memory", "lots", "--moves", "1")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr, `--lua-memory: "lots" is not a size`)
	t.Setenv("KALAHLAB_LUA_MEMORY", "10")
	_, stderr, code = cli(t, "", "play", "--moves", "1")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr, "KALAHLAB_LUA_MEMORY")
}
