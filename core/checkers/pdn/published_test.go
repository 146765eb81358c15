package pdn

import (
	"bytes"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPublishedGame replays a published English draughts game: A. Jordan against
// F. Tesheliet, a Double Corner Dyke, as the PDN 3.0 standard prints it as its example
// of an 8x8 game (its annotations shortened). Its movetext ends with "*" under a Result
// tag of a draw, as many files do: the tag decides. Every move, the short capture
// "7x23" (a double jump written by its ends) included, must be legal in the engine.
func TestPublishedGame(t *testing.T) {
	text, err := os.ReadFile("testdata/published-jordan-tesheliet.pdn")
	require.NoError(t, err)
	g, err := ParseOne(text)
	require.NoError(t, err)
	assert.Equal(t, "Jordan,A", g.Tag("Black"))
	assert.Equal(t, "1/2-1/2", g.Result)
	rec, err := g.Record()
	require.NoError(t, err)
	assert.Len(t, rec.Moves, 48, "24 full moves")
	// Written back and read again: the same moves.
	var out bytes.Buffer
	require.NoError(t, Write(&out, g))
	again, err := ParseOne(out.Bytes())
	require.NoError(t, err)
	rec2, err := again.Record()
	require.NoError(t, err)
	assert.Equal(t, rec.Moves, rec2.Moves)
}
