package web

import (
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var replayMove = regexp.MustCompile(`<td><a href="/replay\?r=0&amp;trial=(\d+)&amp;ply=(\d+)" data-target="#replay" class="mv">([^<]+)</a></td>`)

// A replay opens at the start, so that "next" shows the first move, and its move list
// links every move's text to the board after it.
func TestReplayOpensAtTheStart(t *testing.T) {
	dir := testResults(t)
	c := newClient(t, newServer(t, Config{Results: []string{dir}}))
	code, body := c.get("/results/games?r=0&cell=0")
	require.Equal(t, 200, code, body)
	m := regexp.MustCompile(`href="/replay\?r=0&amp;trial=(\d+)"`).FindStringSubmatch(body)
	require.NotNil(t, m)
	trial := m[1]

	code, body = c.get("/replay?r=0&trial=" + trial)
	require.Equal(t, 200, code, body)
	assert.Contains(t, body, `data-ply="0"`)
	assert.Regexp(t, `ply 0 of \d+`, byID(body, "ply-label"))
	assert.Contains(t, body, `href="/replay?r=0&amp;trial=`+trial+`&amp;ply=1" id="next"`, "next goes to the first move")
	assert.Regexp(t, `<tr class="current" aria-current="step"><td><a href="/replay\?r=0&amp;trial=\d+&amp;ply=0"`, body)
	start := byID(body, "position")

	moves := replayMove.FindAllStringSubmatch(body, -1)
	require.Greater(t, len(moves), 2)
	assert.Equal(t, "0", moves[0][2])
	assert.Equal(t, "start", moves[0][3])
	assert.Equal(t, "1", moves[1][2])
	assert.Regexp(t, `^\d+$`, moves[1][3], "a Kalah move's text is its house")

	_, body = c.get("/replay?r=0&trial=" + trial + "&ply=1")
	assert.NotEqual(t, start, byID(body, "position"))
	assert.Contains(t, body, `href="/replay?r=0&amp;trial=`+trial+`&amp;ply=2" id="next"`)
}
