package kalah

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/core"
)

// playStepwise is the playout as it was before the word loops: every ply through play
// (LegalMoves order for hooked games and boards over 8 houses a side), the k-th legal
// move drawn by pick. The fast paths must play the same games from the same draws.
func playStepwise(s *State, pick func(n int) int) int {
	if s.g.hooked || s.g.n > 8 {
		return s.playRandomGeneric(pick)
	}
	plies := 0
	for !s.p.over {
		nz, houses, cnt := s.randomChoices()
		s.play(pickMove(nz, houses, pick(cnt)))
		plies++
	}
	return plies
}

// requireSamePlayout plays g from a few seeded opening plies through PlayRandomPCG and
// PlayRandom and through playStepwise with the same streams, and requires the same
// final states, the same plies and the same number of draws.
func requireSamePlayout(t *testing.T, g *Game, seed uint64) {
	t.Helper()
	opening := func() (*State, *State) {
		a, b := g.Start(), g.Start()
		pre := rand.New(rand.NewPCG(seed, 7))
		for j := uint64(0); j < seed%4 && !a.p.over; j++ {
			moves := a.LegalMoves(nil)
			m := moves[pre.IntN(len(moves))]
			a.Play(m)
			b.Play(m)
		}
		return a, b
	}
	same := func(path string, a, b *State, na, nb int, nextA, nextB uint64) {
		t.Helper()
		msg := fmt.Sprintf("%s seed %d", path, seed)
		require.Equal(t, b.String(), a.String(), msg)
		require.Equal(t, b.p, a.p, msg)
		require.Equal(t, b.ply, a.ply, msg)
		require.Equal(t, nb, na, msg+": plies returned")
		require.Equal(t, b.Returns(nil), a.Returns(nil), msg)
		require.Equal(t, nextB, nextA, msg+": draws used")
	}

	a, b := opening()
	srcA, srcB := rand.NewPCG(seed, 2), rand.NewPCG(seed, 2)
	na := a.PlayRandomPCG(srcA)
	nb := playStepwise(b, func(n int) int { return core.RandIndex(srcB, n) })
	same("PlayRandomPCG", a, b, na, nb, srcA.Uint64(), srcB.Uint64())

	a, b = opening()
	rA, rB := rand.New(rand.NewPCG(seed, 3)), rand.New(rand.NewPCG(seed, 3))
	na = a.PlayRandom(rA)
	nb = playStepwise(b, func(n int) int { return rB.IntN(n) })
	same("PlayRandom", a, b, na, nb, rA.Uint64(), rB.Uint64())
}

func TestPlayRandomMatchesStepwise(t *testing.T) {
	// Every knob combination the word loops cover (and pie_rule and max_plies, which
	// they share with play), houses 1..8 and seeds 1..6: seeded playouts match play.
	for _, ec := range []bool{true, false} {
		for _, rem := range remainingNames {
			for _, pie := range []bool{false, true} {
				for _, maxPlies := range []int{0, 1000, 9} {
					name := fmt.Sprintf("ec=%v/%s/pie=%v/max=%d", ec, rem, pie, maxPlies)
					t.Run(name, func(t *testing.T) {
						t.Parallel()
						for houses := 1; houses <= 8; houses++ {
							for seeds := 1; seeds <= 6; seeds++ {
								g := newGame(t, core.Params{"houses": houses, "seeds": seeds,
									"empty_capture": ec, "remaining": rem, "pie_rule": pie, "max_plies": maxPlies})
								require.NotNil(t, g.Sower(), "the word loops cover %s", name)
								for seed := uint64(0); seed < 8; seed++ {
									requireSamePlayout(t, g, seed)
								}
							}
						}
					})
				}
			}
		}
	}
}

func TestPlayRandomFallbacks(t *testing.T) {
	// Rules the word loops do not cover keep the stepwise path, with the same games.
	noEnd := Hooks{IsOver: func(*State) (bool, bool, error) { return false, false, nil }}
	tests := []struct {
		name   string
		params core.Params
		hooks  Hooks
	}{
		{"rows4", core.Params{"rows": 4, "houses": 3}, Hooks{}},
		{"rows4-pie", core.Params{"rows": 4, "houses": 4, "seeds": 3, "pie_rule": true}, Hooks{}},
		{"origin-skip", core.Params{"origin_skip": true}, Hooks{}},
		{"no-store-sowing", core.Params{"store_sowing": false, "max_plies": 300}, Hooks{}},
		{"mover-cannot-move", core.Params{"end_rule": "mover_cannot_move"}, Hooks{}},
		{"mover-cannot-move-pie", core.Params{"houses": 1, "seeds": 2, "end_rule": "mover_cannot_move",
			"store_sowing": false, "pie_rule": true}, Hooks{}},
		{"houses9", core.Params{"houses": 9, "seeds": 3}, Hooks{}},
		{"hooked", nil, noEnd},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := RulesFrom(tt.params)
			require.NoError(t, err)
			r.Hooks = tt.hooks
			g, err := New("kalah", r)
			require.NoError(t, err)
			require.Nil(t, g.Sower())
			for seed := uint64(0); seed < 20; seed++ {
				requireSamePlayout(t, g, seed)
			}
		})
	}
}

func TestPlayRandomDefaultMatchesStepwise(t *testing.T) {
	// Kalah(6,4), the MCTS benchmark game, on many more seeds.
	g := newGame(t, nil)
	for seed := uint64(0); seed < 300; seed++ {
		requireSamePlayout(t, g, seed)
	}
}

func TestKthHouse(t *testing.T) {
	// Every set of non-empty houses (seed counts with the top bit set too) and every
	// k: the house pickMove picks.
	for set := 1; set < 256; set++ {
		var mine uint64
		for j := 0; j < 8; j++ {
			if set>>j&1 != 0 {
				mine |= uint64(1+j*36) << (8 * j) // 1..253
			}
		}
		cnt := bits.OnesCount(uint(set))
		prefix := houseCounts(mine)
		require.Equal(t, cnt, int(prefix>>56), "count of %#x", mine)
		for k := 0; k < cnt; k++ {
			assert.Equal(t, int(pickMove(nonZeroBytes(mine), cnt, k)), kthHouse(prefix, k), "%#x k=%d", mine, k)
		}
	}
}
