package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// knownSolveIssues are catalogue games the solver does not prove yet, and why; the
// test logs them instead of failing. Remove an entry once its game solves.
var knownSolveIssues = map[string]string{
	// sowing.house_directions lists one direction a hole, so this board keeps its size
	// (the houses knob cannot shrink it): its positions are more than a retrograde
	// analysis holds (over 20 million), and with the repetition record (the search keys
	// values by the history since the last capture) beyond a test's search budget.
	// Um el Tuweisat, its 2x3 sibling, is solved by the analysis (a draw).
	"mancala/um-el-bagara": "a fixed 2x5 board of five, too big to solve in a test",
	// Four rows of two houses with relay sowing, re-sown captures and a setup phase (so
	// the ply is part of the position, and no retrograde analysis): games of hundreds
	// of plies, beyond a test's search budget even at two houses a row. (Bao, without
	// the setup, is solved by the analysis: 97,672 positions.)
	"mancala/omweso": "4x2 with relays, re-sown captures and setup, too big to solve in a test",
}

// solveNodes bounds every other solve of the catalogue test, so that a game that turns
// out slow fails the test instead of hanging the suite.
const solveNodes = "50000000"

// quickNodes bounds the solves of the catalogue test in make test.
const quickNodes = "300000"

// knownIssueNodes is the node budget of a solve of a game of knownSolveIssues.
const knownIssueNodes = "2000000"

// TestMancalaCatalogueCLI: the mancala catalogue plays in the terminal against a
// search agent, runs in an experiment, solves on a tiny board, and is listed by family
// and region.
func TestMancalaCatalogueCLI(t *testing.T) {
	clearExperimentEnv(t)
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	t.Run("play", func(t *testing.T) {
		out, errOut, code := cli(t, "", "play", "--variant", "mancala/oware", "--p1", "random", "--p2", "alphabeta:depth=4", "--seed", "1")
		require.Equal(t, 0, code, errOut)
		assert.Contains(t, out, "game over")
		out, errOut, code = cli(t, "", "play", "--variant", "mancala/mangala", "--p1", "mcts", "--p2", "random", "--seed", "1", "--json")
		require.Equal(t, 0, code, errOut)
		assert.Contains(t, out, `"over":true`)
	})
	t.Run("solve", func(t *testing.T) {
		out, errOut, code := cli(t, "", "solve", "--variant", "mancala/kalah", "--set", "houses=3", "--set", "seeds=2", "--json")
		require.Equal(t, 0, code, errOut)
		var got struct {
			Value  int    `json:"value"`
			Result string `json:"result"`
		}
		require.NoError(t, json.Unmarshal([]byte(out), &got))
		assert.Equal(t, 4, got.Value, "Kalah(3,2) as a descriptor has Kalah(3,2)'s value")
		out, errOut, code = cli(t, "", "solve", "--variant", "mancala/oware", "--set", "houses=2", "--set", "seeds=2", "--json")
		require.Equal(t, 0, code, errOut)
		require.NoError(t, json.Unmarshal([]byte(out), &got))
		assert.NotEmpty(t, got.Result)
		_, errOut, code = cli(t, "", "solve", "--variant", "mancala/oware", "--set", "housez=2")
		assert.Equal(t, exitError, code)
		assert.Contains(t, errOut, `did you mean "houses"`)
	})
	t.Run("every-game", func(t *testing.T) {
		// Every catalogue script plays to the end against alpha-beta and MCTS on a small
		// board, and solves on a tiny one. A script whose board does not follow the
		// houses knob (a list of one entry a house) plays and solves at its own size.
		out, _, code := cli(t, "", "variants", "list", "--json")
		require.Equal(t, 0, code)
		var rows []map[string]string
		require.NoError(t, json.Unmarshal([]byte(out), &rows))
		var names []string
		for _, r := range rows {
			if strings.HasPrefix(r["name"], "mancala/") {
				names = append(names, r["name"])
			}
		}
		require.GreaterOrEqual(t, len(names), 23, "the catalogue")
		for _, name := range names {
			small := []string{"--set", "houses=3", "--set", "seeds=2"}
			args := append([]string{"play", "--variant", name, "--p1", "alphabeta:depth=2", "--p2", "mcts:iterations=50",
				"--seed", "1", "--json", "--set", "max_plies=60"}, small...)
			out, errOut, code := cli(t, "", args...)
			if code == exitError && strings.Contains(errOut, "want one a house") {
				t.Logf("%s: fixed size: %s", name, strings.TrimSpace(errOut))
				small = nil
				out, errOut, code = cli(t, "", args[:len(args)-4]...)
			}
			require.Equal(t, 0, code, "%s: %s", name, errOut)
			assert.Contains(t, out, `"over":true`, name)
			tiny := []string{"--set", "houses=2", "--set", "seeds=2"}
			if small == nil {
				tiny = nil
			}
			solve := []string{"solve", "--variant", name, "--threads", "1", "--json"}
			quick := os.Getenv("KALAHLAB_DEEP") == ""
			switch _, known := knownSolveIssues[name]; {
			case quick:
				// make test: a small budget keeps the test to seconds; a game that needs
				// more is proved by make test-deep (KALAHLAB_DEEP=1).
				solve = append(solve, "--nodes", quickNodes)
			case known:
				solve = append(solve, "--nodes", knownIssueNodes)
			default:
				solve = append(solve, "--nodes", solveNodes)
			}
			out, errOut, code = cli(t, "", append(solve, tiny...)...)
			if code == exitError && strings.Contains(errOut, "want one a house") {
				out, errOut, code = cli(t, "", solve...) // houses=3 fits, houses=2 does not
			}
			if why, known := knownSolveIssues[name]; known && code != 0 {
				t.Logf("%s: known solve issue (%s): %s", name, why, strings.TrimSpace(out+errOut))
				continue
			}
			if quick && code != 0 && strings.Contains(out+errOut, "gave up") {
				t.Logf("%s: not solved within %s nodes (KALAHLAB_DEEP=1 solves it)", name, quickNodes)
				continue
			}
			require.Equal(t, 0, code, "%s: %s", name, errOut)
			var got struct{ Result string }
			require.NoError(t, json.Unmarshal([]byte(out), &got), name)
			assert.Contains(t, []string{"win", "draw", "loss"}, got.Result, name)
		}
	})
	t.Run("experiment", func(t *testing.T) {
		study := writeFile(t, "study.yaml", `name: mancala
variants: [mancala/oware, mancala/vai-lung-thlan, mancala/mangala, mancala/hus, mancala/pallanguzhi, mancala/tshuba, mancala/adjiboto]
sweep: { houses: [3] }
agents: [{ agent: random }, { agent: alphabeta, depth: 2 }]
games: 10
seed: 5
solve: 0
`)
		out := filepath.Join(t.TempDir(), "results")
		stdout, stderr, code := cli(t, "", "experiment", "run", study, "--out", out, "--workers", "2", "--progress", "none")
		require.Equal(t, 0, code, stderr)
		assert.Contains(t, stdout, "mancala/vai-lung-thlan houses=3")
		assert.Contains(t, stdout, "mancala/mangala houses=3")
		assert.Contains(t, stdout, "mancala/pallanguzhi houses=3")
		assert.Contains(t, stdout, "mancala/tshuba houses=3")
	})
	t.Run("list", func(t *testing.T) {
		out, _, code := cli(t, "", "variants", "list")
		require.Equal(t, 0, code)
		west := strings.Index(out, "[mancala / West Africa]")
		require.GreaterOrEqual(t, west, 0, out)
		assert.Greater(t, strings.Index(out, "  oware "), west)
		assert.NotContains(t, out, "mancala/oware", "an old name is not listed")
		shown, _, code := cli(t, "", "variants", "show", "mancala/oware")
		require.Equal(t, 0, code)
		assert.Contains(t, shown, "oware: Oware Abapa")
		assert.Contains(t, shown, "(mancala/oware is an old name of oware, kept as an alias")
		shown, _, code = cli(t, "", "variants", "show", "oware", "--json")
		require.Equal(t, 0, code)
		assert.Contains(t, shown, `"old_names":["mancala/oware"]`)
		assert.Contains(t, out, "[mancala / Central Asia]")
		out, _, code = cli(t, "", "variants", "list", "--json")
		require.Equal(t, 0, code)
		var rows []map[string]string
		require.NoError(t, json.Unmarshal([]byte(out), &rows))
		found := false
		for _, r := range rows {
			if r["name"] == "mancala/toguz-kumalak" {
				found = true
				assert.Equal(t, "mancala", r["family"])
				assert.Equal(t, "Central Asia", r["region"])
			}
		}
		assert.True(t, found)
	})
	t.Run("show prints the rules, the sources and the Ludii ruleset", func(t *testing.T) {
		out, stderr, code := cli(t, "", "variants", "show", "mancala/bohnenspiel")
		require.Equal(t, 0, code, stderr)
		assert.Contains(t, out, "\nTwo rows of six pits, six beans each (72)")
		assert.Contains(t, out, "\nludii: Das Bohnenspiel\n")
		assert.Contains(t, out, "\nrules from:\n  - F. Jahn 1923: 13-15")
		out, stderr, code = cli(t, "", "variants", "show", "mancala/bohnenspiel", "--json")
		require.Equal(t, 0, code, stderr)
		var v struct {
			Description, Ludii string
			Sources            []string
		}
		require.NoError(t, json.Unmarshal([]byte(out), &v))
		assert.Equal(t, "Das Bohnenspiel", v.Ludii)
		assert.Len(t, v.Sources, 2)
		assert.True(t, strings.HasPrefix(v.Description, "Two rows of six pits"), v.Description)
		out, stderr, code = cli(t, "", "variants", "show", "kalah", "--json")
		require.Equal(t, 0, code, stderr)
		assert.Contains(t, out, `"sources":[]`, "a variant without sources says so with an empty list")
	})
}
