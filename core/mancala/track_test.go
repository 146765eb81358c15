package mancala_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/mancala"
)

// trackBoards are the boards the track helpers are tested on: two rows, four rows, one
// row, the stores at the left, without stores, at two sizes each.
func trackBoards() []struct {
	name   string
	board  mancala.Board
	stores mancala.StoreSowing
} {
	var out []struct {
		name   string
		board  mancala.Board
		stores mancala.StoreSowing
	}
	add := func(name string, b mancala.Board, st mancala.StoreSowing) {
		out = append(out, struct {
			name   string
			board  mancala.Board
			stores mancala.StoreSowing
		}{name, b, st})
	}
	for _, h := range []int{3, 6} {
		add(fmt.Sprintf("two rows %d own store", h), mancala.TwoRows(h, 4), mancala.OwnStore)
		add(fmt.Sprintf("two rows %d all stores", h), mancala.TwoRows(h, 4), mancala.AllStores)
		add(fmt.Sprintf("two rows %d no stores", h), mancala.TwoRows(h, 4), mancala.NoStores)
		add(fmt.Sprintf("stores left %d", h), mancala.TwoRowsLeft(h, 4), mancala.OwnStore)
		add(fmt.Sprintf("four rows %d", h), mancala.WithoutStores(mancala.FourRows(h, 2)), mancala.NoStores)
		add(fmt.Sprintf("one row %d", h), mancala.OneRow(h, 4), mancala.OwnStore)
	}
	return out
}

// TestTrackWalkIsTheSowing: on every board, for both players and both directions,
// Walk(p, i) is the pit the i-th seed sown from p falls in (the engine's own sowing,
// traced), laps around included; walking back returns; housesOnly keeps the houses.
func TestTrackWalkIsTheSowing(t *testing.T) {
	for _, tb := range trackBoards() {
		t.Run(tb.name, func(t *testing.T) {
			var drops []int
			g := newGame(t, tb.name, mancala.Rules{
				Board:  tb.board,
				Sowing: mancala.Sowing{Direction: mancala.Chosen, Stores: tb.stores},
				End:    mancala.End{When: mancala.MoverCannotMove, Remaining: mancala.ToOwner},
			}).WithHooks(mancala.Hooks{AfterSow: func(s *mancala.State, mv *mancala.Sown) (bool, bool, error) {
				drops = append(drops[:0], mv.Drops...)
				return false, false, nil
			}})
			for side := 0; side < 2; side++ {
				for k := 0; k < g.HouseCount(side); k++ {
					p := g.HousePit(side, k)
					for dir := 0; dir < 2; dir++ {
						s := g.NewState().(*mancala.State)
						n := min(s.Total(), 2*g.Pits()+1)
						mancala.Arrange(s, side, p, n)
						m := core.Move(k)
						if dir == 1 {
							m |= mancala.ClockwiseBit
						}
						s.Play(m)
						require.NoError(t, s.Err())
						require.Len(t, drops, n)
						var houses []int
						for i, d := range drops {
							require.Equal(t, d, s.Walk(side, dir, p, i+1, false, nil), "side %d dir %d pit %d seed %d", side, dir, p, i+1)
							require.Equal(t, p, s.Walk(side, dir, d, -(i+1), false, nil), "back from %d", d)
							if s.IsHouse(d) {
								houses = append(houses, d)
							}
						}
						for i, d := range houses {
							require.Equal(t, d, s.Walk(side, dir, p, i+1, true, nil), "houses only")
						}
						assert.Equal(t, drops[0], s.Step(side, dir, p, false, false))
						assert.Equal(t, p, s.Step(side, dir, drops[0], true, false))
					}
				}
			}
		})
	}
}

// TestTrackSkipsAndOutOfPlay: a skip predicate passes pits over without counting them,
// a hole out of play is passed over, a pit off the lap steps onto it, and a walk with
// nothing to count is -1.
func TestTrackSkipsAndOutOfPlay(t *testing.T) {
	g := newGame(t, "kalah", kalahRules(t, nil))
	s := g.NewState().(*mancala.State)
	// South's lap: houses 0..5, store 6, North's houses 7..12 (North's store 13 not sown).
	assert.Equal(t, 6, s.Walk(0, 0, 5, 1, false, nil))
	assert.Equal(t, 7, s.Walk(0, 0, 5, 1, true, nil), "houses only: the store passed over")
	assert.Equal(t, 0, s.Walk(0, 0, 12, 1, false, nil), "North's store is not on South's lap")
	assert.Equal(t, 0, s.Walk(0, 0, 13, 1, false, nil), "a pit off the lap steps onto it")
	assert.Equal(t, 12, s.Walk(0, 0, 13, -1, false, nil))
	assert.Equal(t, 5, s.Walk(0, 1, 6, 1, false, nil), "clockwise: back along the track")
	odd := func(q int) (bool, error) { return q%2 == 1, nil }
	assert.Equal(t, 4, s.Walk(0, 0, 0, 2, false, odd), "the odd pits passed over")
	assert.Equal(t, -1, s.Walk(0, 0, 0, 1, false, func(int) (bool, error) { return true, nil }))
	assert.Equal(t, []int{12, 0}, g.Column(nil, 0), "North's row is the top row")
	assert.Empty(t, g.Column(nil, 6), "a store has no column")
	// Holes out of play.
	r := mancala.Pallanguzhi(0, 0)
	pg := newGame(t, "pallanguzhi", r)
	ps := pg.NewState().(*mancala.State)
	next := ps.Walk(0, 0, 0, 1, false, nil)
	mancala.SetOut(ps, next)
	assert.False(t, ps.InPlay(next))
	assert.Equal(t, ps.Walk(0, 0, next, 1, false, nil), ps.Walk(0, 0, 0, 1, false, nil), "a hole out of play is passed over")
}

// TestSkipCountTraceIsTheSowing: with Sowing.SkipCount the sowing passes over houses
// holding the count as each seed arrives, and a hooked move's trace (mv.Drops, worked
// out before the lap is sown) lists exactly where the seeds fell: on random games of
// several boards and counts, the board's change is the drops.
func TestSkipCountTraceIsTheSowing(t *testing.T) {
	for _, k := range []int{1, 2, 3} {
		for _, b := range []mancala.Board{mancala.TwoRows(6, 4), mancala.TwoRows(3, 3), mancala.OneRow(4, 2)} {
			var drops []int
			g := newGame(t, "skip", mancala.Rules{
				Board:  b,
				Sowing: mancala.Sowing{Direction: mancala.Chosen, Stores: mancala.OwnStore, SkipCount: k, OriginFirst: k == 2},
				End:    mancala.End{When: mancala.MoverCannotMove, Remaining: mancala.ToOwner, MaxPlies: 200},
			})
			hooked := g.WithHooks(mancala.Hooks{AfterSow: func(s *mancala.State, mv *mancala.Sown) (bool, bool, error) {
				drops = append(drops[:0], mv.Drops...)
				return false, false, nil
			}})
			rng := rand.New(rand.NewPCG(uint64(k), 3))
			skipped := 0
			for n := 0; n < 30; n++ {
				s, plain := hooked.NewState().(*mancala.State), g.NewState().(*mancala.State)
				for s.ToMove() != core.Terminal {
					before := make([]int, g.Pits())
					for p := range before {
						before[p] = s.Count(p)
					}
					lm := s.LegalMoves(nil)
					m := lm[rng.IntN(len(lm))]
					house := g.HousePit(int(s.Side()), int(m&(mancala.ClockwiseBit-1)))
					seeds, side, dir := s.Count(house), int(s.Side()), 0
					if m&mancala.ClockwiseBit != 0 {
						dir = 1
					}
					s.Play(m)
					plain.Play(m)
					require.Equal(t, plain.String(), s.String(), "the hooked game plays as the plain one")
					require.NoError(t, s.Err())
					require.Len(t, drops, seeds)
					before[house] = 0
					for _, d := range drops {
						before[d]++
					}
					for p := range before {
						if s.Over() {
							break // the seeds left are gathered at the end
						}
						require.Equal(t, before[p], s.Count(p), "pit %d after %v: drops %v", p, m, drops)
					}
					for i, d := range drops {
						if d != s.Walk(side, dir, house, i+1, false, nil) {
							skipped++ // a house passed over (or the origin's first seed)
							break
						}
					}
				}
			}
			assert.Positive(t, skipped)
		}
	}
}
