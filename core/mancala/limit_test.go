package mancala_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/mancala"
)

// TestRoundEndsOnPlyLimit: a round that ends on exactly the End.MaxPlies-th ply ends
// the match, as the ply limit does; the live position and its string parsed back
// agree (over, same scores), where the live game used to start the next round.
func TestRoundEndsOnPlyLimit(t *testing.T) {
	tests := []struct {
		name, from, play string
		maxPlies         int
		wantOver         bool
	}{
		// The last counter goes to the store and the holes are empty: the round ends.
		{"round-ends-on-limit", "0,0,0,0,0,0,0,1,[60],0,0,0,0,0,0,0,0,[67] s round=1 ply=0", "8", 1, true},
		{"round-ends-before-limit", "0,0,0,0,0,0,0,1,[60],0,0,0,0,0,0,0,0,[67] s round=1 ply=0", "8", 2, false},
		{"limit-mid-round", "8,8,8,8,8,8,8,8,[0],8,8,8,8,8,8,8,8,[0] s round=1 ply=0", "1", 1, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := newGame(t, "ohvalhu", mancala.Ohvalhu(8, tc.maxPlies))
			s, err := g.Parse(tc.from)
			require.NoError(t, err)
			m, err := core.ParsePlay(s, tc.play)
			require.NoError(t, err)
			s.Play(m)
			assert.Equal(t, tc.wantOver, s.Over(), "live: %s", s)
			back, err := g.Parse(s.String())
			require.NoError(t, err)
			assert.Equal(t, s.Over(), back.Over(), "parsed back: %s", s)
			assert.Equal(t, s.String(), back.String())
			assert.Equal(t, s.Scores(nil), back.Scores(nil))
			assert.Equal(t, len(s.LegalMoves(nil)), len(back.LegalMoves(nil)))
		})
	}
}
