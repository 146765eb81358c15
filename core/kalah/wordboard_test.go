package kalah

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/core"
)

// randomBoard deals total seeds at random over the pits of s's board (stores
// included), South or North to move, the pie rule settled; it reports false when a
// side has no seeds (a finished game, which the word board never plays).
func randomBoard(s *State, rng *rand.Rand, total int) bool {
	s.Reset()
	s.p.pits = [pitsLen]uint8{}
	for range total {
		s.p.pits[rng.IntN(s.g.pits)]++
	}
	s.p.side = uint8(rng.IntN(2))
	s.p.pie = pieDone
	s.total = total
	return s.sideWord(0) != 0 && s.sideWord(1) != 0
}

// TestSowMatchesPlay: every move of random boards of every rule set the word board
// covers, sown by the Sower, leaves what play leaves: the houses, the store gain, the
// extra turn, and at the end the final margin (EndCount).
func TestSowMatchesPlay(t *testing.T) {
	for _, ec := range []bool{true, false} {
		for _, rem := range remainingNames {
			t.Run(fmt.Sprintf("ec=%v/%s", ec, rem), func(t *testing.T) {
				t.Parallel()
				for houses := 1; houses <= 8; houses++ {
					g := newGame(t, core.Params{"houses": houses, "seeds": 1, "empty_capture": ec,
						"remaining": rem, "max_plies": 0})
					sw := g.Sower()
					require.NotNil(t, sw)
					require.Equal(t, houses, sw.Houses())
					require.Equal(t, ec, sw.EmptyCapture())
					require.Equal(t, rem == "discard", sw.Discard())
					rng := rand.New(rand.NewPCG(uint64(houses), 9))
					s := g.Start()
					moves, ends, laps := 0, 0, 0
					for trial := 0; trial < 400; trial++ {
						// Up to the most seeds a board holds, so that moves of many
						// laps come up on small boards, and every other board with
						// few seeds, so that games end.
						total := 1 + rng.IntN(MaxSeeds)
						if trial%2 == 0 {
							total = 2 + rng.IntN(3*houses)
						}
						if !randomBoard(s, rng, total) {
							continue
						}
						side := s.Side()
						mine, theirs := s.Words()
						snap := s.Save()
						for i := 0; i < houses; i++ {
							if ByteAt(mine, i) == 0 {
								continue
							}
							if ByteAt(mine, i) > 2*houses+1 {
								laps++
							}
							m2, t2, gain, extra := sw.Sow(mine, theirs, i)
							d0 := s.StoreDiff(side)
							s.Apply(core.Move(i))
							msg := fmt.Sprintf("%s: house %d", snap.pits(g), i)
							moves++
							if m2 == 0 || t2 == 0 {
								ends++
								require.True(t, s.Over(), msg)
								assert.Equal(t, s.FinalDiff(side)-d0, gain+sw.EndCount(m2, t2), msg)
							} else {
								require.False(t, s.Over(), msg)
								assert.Equal(t, extra, s.Side() == side, msg+": extra turn")
								assert.Equal(t, m2, s.sideWord(side), msg+": mover's houses")
								assert.Equal(t, t2, s.sideWord(side^1), msg+": opponent's houses")
								assert.Equal(t, int(snap.p.pits[g.store(side)])+gain, int(s.p.pits[g.store(side)]), msg+": store")
								assert.Equal(t, snap.p.pits[g.store(side^1)], s.p.pits[g.store(side^1)], msg+": opponent's store")
							}
							s.Restore(snap)
						}
					}
					require.GreaterOrEqual(t, moves, 200*houses)
					require.Positive(t, ends)
					require.Positive(t, laps)
				}
			})
		}
	}
}

// pits is the board of a snapshot, for messages.
func (x Snapshot) pits(g *Game) []uint8 { return x.p.pits[:g.pits] }

func TestWordBoardCovers(t *testing.T) {
	// The rules with a Sower are exactly those WordBoard covers.
	hooked := Hooks{Capture: func(*State, int) error { return nil }}
	tests := []struct {
		name   string
		params core.Params
		hooks  Hooks
		want   bool
	}{
		{"default", nil, Hooks{}, true},
		{"houses8-discard-standard", core.Params{"houses": 8, "seeds": 3, "remaining": "discard", "empty_capture": false}, Hooks{}, true},
		{"pie-maxplies", core.Params{"pie_rule": true, "max_plies": 9}, Hooks{}, true},
		{"houses9", core.Params{"houses": 9, "seeds": 3}, Hooks{}, false},
		{"rows4", core.Params{"rows": 4, "houses": 3}, Hooks{}, false},
		{"origin-skip", core.Params{"origin_skip": true}, Hooks{}, false},
		{"no-store-sowing", core.Params{"store_sowing": false}, Hooks{}, false},
		{"mover-cannot-move", core.Params{"end_rule": "mover_cannot_move"}, Hooks{}, false},
		{"hooked", nil, hooked, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := RulesFrom(tt.params)
			require.NoError(t, err)
			r.Hooks = tt.hooks
			assert.Equal(t, tt.want, r.WordBoard())
			g, err := New("kalah", r)
			require.NoError(t, err)
			assert.Equal(t, tt.want, g.Sower() != nil)
		})
	}
}
