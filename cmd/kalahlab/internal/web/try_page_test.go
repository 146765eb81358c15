package web

import (
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The Try page's study plays by default with the default study's skill ladder, and
// says which agents that is.
func TestTryStudyDefaultsToTheLadder(t *testing.T) {
	c := newClient(t, newServer(t, Config{MaxStudyGames: 300, MaxCheckGames: 50, MaxStudyTime: 2 * time.Minute}))
	_, body := c.get("/try")
	assert.Contains(t, body, `name="agent" value="ladder"`)
	assert.Contains(t, body, "random, greedy, alphabeta:depth=2,tt=1, alphabeta:depth=4,tt=1, alphabeta:depth=6,tt=1; one move in 10 random")

	code, body := c.post("/try/study", url.Values{"source": {goodRule}, "games": {"40"}})
	require.Equal(t, http.StatusOK, code, byID(body, "try-error"))
	for _, rung := range []string{"random", "greedy", "alphabeta:depth=2,tt=1", "alphabeta:depth=4,tt=1", "alphabeta:depth=6,tt=1"} {
		assert.Contains(t, body, "<td>kalah @ "+rung+"</td><td>40</td>", rung)
		assert.Contains(t, body, "<td>t/no-extra-turn @ "+rung+"</td><td>40</td>", rung)
	}
	assert.Contains(t, body, "t/no-extra-turn @ alphabeta:depth=6,tt=1 against kalah @ alphabeta:depth=6,tt=1")
}

// An unnamed script is named after its name field, or else its first line when that
// is a comment; a name the user gives wins.
func TestTryScriptNames(t *testing.T) {
	for _, tc := range []struct{ given, source, want string }{
		{"", goodRule, "t-no-extra-turn.lua"},
		{"", "-- Kalah with Five Seeds, and more words than fit\nreturn variant { extends = \"kalah\" }", "kalah-with-five-seeds-and-more.lua"},
		{"", "return variant {\n  extends = 'kalah' }", "rule.lua"},
		{"mine.lua", goodRule, "mine.lua"},
		{"../../etc/x", goodRule, "x.lua"},
	} {
		assert.Equal(t, tc.want, scriptFile(tc.given, tc.source), tc.source)
	}
	c := newClient(t, newServer(t, Config{MaxCheckGames: 20}))
	unnamed := "-- Three seeds and the pie rule\nreturn variant { extends = \"kalah\", summary = \"x\", params = { seeds = 3, pie_rule = true } }"
	code, body := c.post("/try/check", url.Values{"source": {unnamed}, "check_games": {"5"}})
	require.Equal(t, http.StatusOK, code, byID(body, "try-error"))
	assert.Contains(t, body, "<h2>three-seeds-and-the-pie-rule</h2>", "not \"rule\"")
	assert.Contains(t, body, `name="file" value="" size="24" placeholder="three-seeds-and-the-pie-rule.lua"`)
}

// The editor numbers the script's lines and marks the lines an error names; the page
// links them.
func TestTryEditorMarksTheErrorLine(t *testing.T) {
	c := newClient(t, newServer(t, Config{MaxCheckGames: 20}))
	_, body := c.get("/try")
	assert.Contains(t, body, `<pre class="gutter" id="gutter" aria-hidden="true"><span>1</span>`)
	assert.Contains(t, body, `rows="14"`)
	assert.NotContains(t, body, `class="bad"`)

	bad := "-- my rule\nreturn variant {\n  name = \"t/x\", extends = \"kalah\",\n  summary = \"s\",\n  parms = { seeds = 3 },\n}\n"
	code, body := c.post("/try/check", url.Values{"source": {bad}})
	assert.Equal(t, http.StatusUnprocessableEntity, code)
	assert.Contains(t, byID(body, "try-error"), `t-x.lua:5: field "parms" unknown`)
	assert.Contains(t, body, `data-error-lines="5"`)
	assert.Contains(t, body, `<span>4</span>
<span class="bad" title="the error is on this line">5</span>
<span>6</span>`)
	assert.Equal(t, 1, strings.Count(body, `class="bad"`))
	assert.Contains(t, body, `The error is on line <a href="#source" data-line="5">5</a>`)

	// A syntax error: the line Lua reports.
	code, body = c.post("/try/check", url.Values{"source": {"return variant {\n  name = \"t/y\"\n  extends = 3\n"}})
	assert.Equal(t, http.StatusUnprocessableEntity, code)
	assert.Contains(t, body, `data-error-lines="3"`)

	// An example that fails its check marks the example's line.
	failing := "return variant {\n  name = \"t/z\", extends = \"kalah\", summary = \"s\",\n  examples = {\n    { play = { \"3\" }, want = \"nonsense\" },\n  },\n}\n"
	code, body = c.post("/try/check", url.Values{"source": {failing}, "check_games": {"2"}})
	assert.Equal(t, http.StatusUnprocessableEntity, code)
	assert.Regexp(t, `data-error-lines="\d+"`, body, byID(body, "check-text"))
}

func TestErrLines(t *testing.T) {
	assert.Equal(t, []int{2, 5}, errLines("a.lua:5: x\na.lua:2: y (a.lua:5: again) b.lua:7: z", "a.lua"))
	assert.Nil(t, errLines("xa.lua:5: not this file", "a.lua"))
	assert.Equal(t, 14, editorRows("one line"))
	assert.Equal(t, 31, editorRows(strings.Repeat("x\n", 30)))
	assert.Equal(t, 60, editorRows(strings.Repeat("x\n", 300)))
	assert.Len(t, gutterLines(strings.Repeat("x\n", 300), nil), 301)
}

// The study's chart leaves room for the ladder's long labels.
func TestWinChartFitsLongLabels(t *testing.T) {
	c := newClient(t, newServer(t, Config{MaxStudyGames: 300, MaxCheckGames: 50, MaxStudyTime: 2 * time.Minute}))
	_, body := c.post("/try/study", url.Values{"source": {goodRule}, "games": {"20"}})
	m := regexp.MustCompile(`<text x="([\d.]+)" y="[\d.]+" font-size="12" text-anchor="end">t/no-extra-turn @ alphabeta:depth=6,tt=1</text>`).FindStringSubmatch(body)
	require.NotNil(t, m)
	x, err := strconv.ParseFloat(m[1], 64)
	require.NoError(t, err)
	assert.GreaterOrEqual(t, x, 6.5*float64(len("t/no-extra-turn @ alphabeta:depth=6,tt=1")), "the label's start is inside the chart")
}

// FuzzScriptFile: whatever the user types and pastes, the script's file name is a
// plain name of at most 64 characters ending in .lua, and the error lines are positive
// and sorted.
func FuzzScriptFile(f *testing.F) {
	f.Add("", goodRule)
	f.Add("", "-- é ü, Ω!\nreturn 1")
	f.Add("../x", "name = '../../etc'")
	f.Add(`a\b.lua`, "--")
	safe := regexp.MustCompile(`^[A-Za-z0-9_][A-Za-z0-9_.-]*\.lua$`)
	f.Fuzz(func(t *testing.T, given, source string) {
		name := scriptFile(given, source)
		if !safe.MatchString(name) || len(name) > 64 {
			t.Fatalf("scriptFile(%q, %q) = %q", given, source, name)
		}
		lines := errLines(source, name)
		for i, n := range lines {
			if n <= 0 || i > 0 && lines[i-1] >= n {
				t.Fatalf("errLines: %v", lines)
			}
		}
	})
}
