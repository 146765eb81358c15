package web

import (
	"net/http"
	"net/url"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The knobs of the new-game form say what each knob does (the sentences of `variants
// show`), not only its type.
func TestPlayFormKnobHelp(t *testing.T) {
	c := newClient(t, newServer(t, Config{}))
	_, body := c.get("/play?variant=kalah")
	assert.Contains(t, body, `<small>seeds per house at the start <span class="allowed">(an integer 1..32)</span></small>`)
	assert.Contains(t, body, `the second player may swap sides instead of making their first move`)
	_, body = c.get("/play?variant=ludo")
	assert.Contains(t, body, `faces that bring a token out of the yard`)
}

// Each seat offers the strengths (easy, medium, hard) beside its spec, and a strength
// typed or picked plays as the agent it stands for on the game.
func TestPlayStrengthPresets(t *testing.T) {
	c := newClient(t, newServer(t, Config{}))
	_, body := c.get("/play?variant=kalah")
	for _, p := range []string{"easy", "medium", "hard"} {
		assert.Contains(t, body, `<option value="`+p+`"`, p)
		assert.Contains(t, body, `agent: `+p, p)
	}
	assert.Regexp(t, `<select class="preset" hidden data-seat="seat-1"[^>]*>\s*<option value="human" selected>a person \(you click\)</option>`, body)
	assert.Regexp(t, `(?s)data-seat="seat-2".*?<option value="" selected>agent spec…</option>`, body, "random is a spec of its own")
	assert.Contains(t, body, `<code>hard</code>: a deep search`, "the help names what each strength is")

	for _, tc := range []struct{ variant, preset, want string }{
		{"kalah", "easy", "seat 2: easy (greedy)"},
		{"kalah", "medium", "seat 2: medium (alphabeta:depth=4,time=10s)"},
		{"kalah", "hard", "seat 2: hard (alphabeta:depth=12,time=2s)"},
		{"ludo/two-player", "medium", "seat 2: medium (expectiminimax:depth=2,time=10s)"},
	} {
		code, body := c.post("/play/new", url.Values{"variant": {tc.variant}, "seat.1": {"human"}, "seat.2": {tc.preset}, "pace": {"0"}})
		require.Equal(t, http.StatusOK, code, body)
		assert.Contains(t, body, "<li>"+tc.want+"</li>", tc.variant+" "+tc.preset)
	}
	code, body := c.post("/play/new", url.Values{"variant": {"kalah"}, "seat.1": {"hard:depth=3"}, "seat.2": {"human"}})
	assert.Equal(t, http.StatusBadRequest, code)
	assert.Contains(t, body, "preset hard takes no options")
}

// During a game the new-game form is folded away under it and remembers the game's
// seats, seed, pace and knobs; asking for a variant unfolds it.
func TestPlayFormFoldsAndRemembers(t *testing.T) {
	c := newClient(t, newServer(t, Config{}))
	_, body := c.get("/play")
	assert.Contains(t, body, `<details id="setup-details" open>`, "no game yet: the form is open")

	form := url.Values{"variant": {"kalah"}, "knobs.of": {"kalah"}, "seat.1": {"hard"}, "seat.2": {"human"},
		"seed": {"7"}, "pace": {"1000"}, "knob.seeds": {"3"}, "knob.pie_rule": {"true"}, "knobs.present": {"pie_rule,empty_capture"}}
	code, body := c.post("/play/new", form)
	require.Equal(t, http.StatusOK, code, body)
	assert.Contains(t, body, `<details id="setup-details"><summary><h2>New game</h2></summary>`, "folded during play")
	assert.Regexp(t, `name="seat.1" value="hard"`, body)
	assert.Regexp(t, `name="seat.2" value="human"`, body)
	assert.Regexp(t, `<select class="preset" hidden data-seat="seat-1"[^>]*>(?s:.)*?<option value="hard" selected`, body)
	assert.Contains(t, body, `name="seed" value="7"`)
	assert.Contains(t, body, `<option value="1000" selected>1000 ms a move</option>`)
	assert.Contains(t, body, `name="knob.seeds" value="3"`)
	assert.Regexp(t, `name="knob.pie_rule" value="true" checked`, body)

	// Another variant: its own defaults, and the form open.
	_, body = c.get("/play?variant=ludo")
	assert.Contains(t, body, `<details id="setup-details" open>`)
	assert.Contains(t, body, `name="seat.1" value="human"`)
	// The same variant asked for again keeps the seats.
	_, body = c.get("/play?variant=kalah")
	assert.Contains(t, body, `name="seat.1" value="hard"`)
}

// The style sheet keeps a knob's control inside the Knobs box (the end_rule list
// with its long choices stuck out).
func TestKnobGridFits(t *testing.T) {
	c := newClient(t, newServer(t, Config{}))
	_, css := c.get("/static/style.css")
	assert.Contains(t, css, `.knob-grid label { display: flex; flex-wrap: wrap;`, "a long list goes under its name, not out of the box")
	assert.Contains(t, css, `.knob-grid select, .knob-grid input { max-width: 100%; min-width: 0; }`)
	assert.Regexp(t, `\.knob-grid small \{[^}]*overflow-wrap: anywhere;`, css, "and so does a long list of choices")
}

var historyLink = regexp.MustCompile(`<a href="/play\?at=(\d+)" data-target="#game" class="mv">([^<]+)</a>`)

// The move list is a list of links, each to the board after that move; the game waits
// while an earlier position is shown, and comes back at /play.
func TestPlayMoveListShowsEarlierPositions(t *testing.T) {
	c := newClient(t, newServer(t, Config{}))
	body := startKalah(t, c, nil)
	start := byID(body, "position")
	_, _ = c.post("/play/move", url.Values{"move": {"3"}}) // an extra turn
	_, body = c.post("/play/move", url.Values{"move": {"1"}})
	afterTwo := byID(body, "position")
	_, body = c.post("/play/step", nil)
	require.Equal(t, 3, plies(t, body))
	latest := byID(body, "position")

	links := historyLink.FindAllStringSubmatch(body, -1)
	require.Len(t, links, 3)
	assert.Equal(t, []string{"1", "3"}, []string{links[0][1], links[0][2]})
	assert.Equal(t, []string{"2", "1"}, []string{links[1][1], links[1][2]})

	_, body = c.get("/play?at=2")
	assert.Equal(t, afterTwo, byID(body, "position"))
	assert.Contains(t, body, `data-auto="false"`)
	assert.Contains(t, body, `data-human="false"`, "no moves to click on an earlier position")
	assert.NotContains(t, body, `action="/play/move"`)
	assert.Contains(t, body, "Showing the position after move 2 of 3")
	assert.Regexp(t, `<li class="current" aria-current="step"><span class="who">[^<]*</span> <a href="/play\?at=2"`, body)

	_, body = c.get("/play?at=0")
	assert.Equal(t, start, byID(body, "position"))
	assert.Contains(t, body, "Showing the position at the start")

	_, body = c.get("/play")
	assert.Equal(t, latest, byID(body, "position"))
	assert.NotContains(t, body, `id="viewing"`)
	assert.Equal(t, 3, plies(t, body), "looking back changed nothing")

	for _, at := range []string{"4", "-1", "x"} {
		code, body := c.get("/play?at=" + at)
		assert.Equal(t, http.StatusBadRequest, code, at)
		assert.Contains(t, body, "want a move number 0..3", at)
	}
}
