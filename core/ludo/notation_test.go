package ludo

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/core"
)

// TestParseNamesTheRule pins the message for each rule a position string can break, one
// step of Parse at a time: the tokens, the turn, the optional fields, the places and
// whether the game is over.
func TestParseNamesTheRule(t *testing.T) {
	plain := core.Params{"players": 2, "tokens": 2}
	toEnd := core.Params{"players": 3, "tokens": 1, "play_to_end": true}
	full := core.Params{"players": 2, "tokens": 2, "three_sixes_forfeit": true, "yard_tries": 3, "max_plies": 50}
	cases := []struct {
		params     core.Params
		text, want string
	}{
		{plain, "R:0,0", `want 2 players' tokens, then the player to move, e.g. "R:0,0 Y:0,0 R?"`},
		{plain, "Y:0,0 R:0,0 R?", `field 1 "Y:0,0": want R: followed by 2 token places`},
		{plain, "R:0 Y:0,0 R?", "R:: 1 token places, want 2"},
		{plain, "R:0,58 Y:0,0 R?", `R: token b: "58" is not a place 0..57 (0 yard, 57 goal)`},
		{plain, "R:0,0 Y:0,0 G?", "turn \"G?\": want a player's letter (R, Y) then ? or the pending roll, or - once over"},
		{plain, "R:0,0 Y:0,0 R0", "turn \"R0\": want the player's letter then ? (a roll is due) or the roll 1..6"},
		{plain, "R:0,0 Y:0,0 R? sixes", `field "sixes": want sixes=N, tries=N, ranks=... or ply=N`},
		{plain, "R:0,0 Y:0,0 R? sixes=1", "sixes=1: only with three_sixes_forfeit, 0..2"},
		{full, "R:0,0 Y:0,0 R? sixes=3", "sixes=3: only with three_sixes_forfeit, 0..2"},
		{full, "R:0,0 Y:0,0 R? tries=3", "tries=3: want 0..2 (yard_tries 3)"},
		{plain, "R:0,0 Y:0,0 R? ply=1", "ply=1: only with max_plies, 0..0"},
		{full, "R:0,0 Y:0,0 R? ply=51", "ply=51: only with max_plies, 0..50"},
		{plain, "R:0,0 Y:0,0 R? colour=R", `unknown field "colour" (want sixes, tries, ranks or ply)`},
		{toEnd, "R:57 G:0 Y:0 G? ranks=B", `ranks: "B" is not a player (want R, G, Y)`},
		{toEnd, "R:57 G:0 Y:0 G? ranks=R,R", "ranks: R twice"},
		{plain, "R:57,57 Y:0,0 - ranks=R", "ranks: only with play_to_end (or when several players have finished)"},
		{toEnd, "R:57 G:57 Y:0 Y? ranks=G", "ranks: list every finished player (2 of them)"},
		{toEnd, "R:57 G:0 Y:0 G? ranks=R,G", "ranks: a player is placed without having finished"},
		{full, "R:0,0 Y:0,0 - tries=1", "sixes and tries belong to a game in progress"},
		{plain, "R:0,0 Y:0,0 -", "the game is over but nobody has finished"},
		{toEnd, "R:57 G:0 Y:0 -", "the game is over with 2 players still to finish"},
		{full, "R:0,0 Y:0,0 R? ply=50", "ply=50: the game is over at max_plies 50 (write -)"},
		{toEnd, "R:57 G:0 Y:0 R?", "R has finished and cannot be to move"},
		{full, "R:0,0 Y:5,0 Y? tries=1", "tries=1: only while Y rolls with no token in play"},
		{plain, "R:0,0 Y:0,0 R3", "R cannot move with 3 (a roll that cannot be used passes)"},
	}
	for _, c := range cases {
		t.Run(c.text, func(t *testing.T) {
			g := newGame(t, c.params)
			_, err := g.Parse(c.text)
			require.Error(t, err)
			assert.Equal(t, fmt.Sprintf("ludo position %q: %s", c.text, c.want), err.Error())
		})
	}
	// What the rules settle, Parse fills in: a finished game without play_to_end, or with
	// all but one player finished, is over; the last player takes the last place.
	for _, c := range []struct {
		params     core.Params
		text, want string
	}{
		{plain, "R:57,57 Y:3,0 Y?", "R:57,57 Y:3,0 -"},
		{toEnd, "R:57 G:57 Y:3 Y? ranks=G,R", "R:57 G:57 Y:3 - ranks=G,R,Y"},
		{toEnd, "R:57 G:57 Y:3 - ranks=G,R", "R:57 G:57 Y:3 - ranks=G,R,Y"},
		{full, "R:0,0 Y:4,0 - ply=50", "R:0,0 Y:4,0 - ply=50"},
		{full, "R:0,0 Y:0,0 R? tries=2 sixes=1 ply=7", "R:0,0 Y:0,0 R? sixes=1 tries=2 ply=7"},
	} {
		t.Run(c.text, func(t *testing.T) {
			s, err := newGame(t, c.params).Parse(c.text)
			require.NoError(t, err)
			assert.Equal(t, c.want, s.String())
		})
	}
}
