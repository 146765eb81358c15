package kalah

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/coretest"
)

func newGame(t testing.TB, p core.Params) *Game {
	t.Helper()
	r, err := RulesFrom(p)
	require.NoError(t, err)
	g, err := New("kalah", r)
	require.NoError(t, err)
	return g
}

// conserved is the Kalah invariant: seeds are never created or lost.
func conserved(s core.State) error {
	k := s.(*State)
	t := 0
	for p := 0; p < k.Pits(); p++ {
		t += k.Count(p)
	}
	if t != k.Total() {
		return fmt.Errorf("%d seeds on the board, want %d", t, k.Total())
	}
	return nil
}

// knobGrid lists every combination of the boolean and enum knobs with both row counts.
func knobGrid() []core.Params {
	var out []core.Params
	for bits := 0; bits < 1<<7; bits++ {
		p := core.Params{
			"empty_capture": bits&1 != 0,
			"origin_skip":   bits&2 != 0,
			"store_sowing":  bits&4 != 0,
			"pie_rule":      bits&8 != 0,
			"end_rule":      endRuleNames[bits>>4&1],
			"remaining":     remainingNames[bits>>5&1],
			"rows":          2 + 2*(bits>>6&1),
		}
		out = append(out, p)
	}
	return out
}

func TestContractGrid(t *testing.T) {
	// Every knob combination, houses 1..8 and seeds 1..6: one seeded random game each
	// with the contract and seed conservation checked at every step.
	for i, knobs := range knobGrid() {
		t.Run(fmt.Sprintf("knobs%03d", i), func(t *testing.T) {
			t.Parallel()
			for houses := 1; houses <= 8; houses++ {
				for seeds := 1; seeds <= 6; seeds++ {
					p := knobs.Clone()
					p["houses"], p["seeds"] = houses, seeds
					g := newGame(t, p)
					seed := uint64(i*100 + houses*10 + seeds)
					if err := coretest.SimOne(g, seed, coretest.Options{Invariant: conserved}); err != nil {
						t.Fatalf("%v houses=%d seeds=%d: %v", knobs, houses, seeds, err)
					}
				}
			}
		})
	}
}

func TestContractDefault(t *testing.T) {
	coretest.RandomSim(t, newGame(t, nil), coretest.Options{Games: 200, Invariant: conserved})
}

// TestScenarios pins each rule on position strings: one subtest per rule.
func TestScenarios(t *testing.T) {
	tests := []struct {
		name   string
		rule   string // which rule the case pins
		params core.Params
		from   string
		play   string
		want   string
	}{
		{"sowing", "seeds go one by one into the following pits; last in own store moves again", nil,
			"4,4,4,4,4,4,[0],4,4,4,4,4,4,[0] s", "3", "4,4,0,5,5,5,[1],4,4,4,4,4,4,[0] s"},
		{"skip-opponent-store", "the opponent's store is skipped", nil,
			"1,0,0,0,0,8,[0],1,1,1,1,1,1,[0] s", "6", "2,0,0,0,0,0,[1],2,2,2,2,2,2,[0] n"},
		{"capture", "last seed in an empty own house takes it and the opposite house", nil,
			"1,0,0,0,0,1,[0],2,0,0,0,3,0,[0] s", "1", "0,0,0,0,0,1,[4],2,0,0,0,0,0,[0] n"},
		{"empty-capture", "the capture happens even when the opposite house is empty", nil,
			"1,0,0,0,0,1,[0],2,0,0,0,0,3,[0] s", "1", "0,0,0,0,0,1,[1],2,0,0,0,0,3,[0] n"},
		{"no-empty-capture", "empty_capture false: no capture when the opposite house is empty",
			core.Params{"empty_capture": false},
			"1,0,0,0,0,1,[0],2,0,0,0,0,3,[0] s", "1", "0,1,0,0,0,1,[0],2,0,0,0,0,3,[0] n"},
		{"no-capture-opponent-side", "an empty house of the opponent captures nothing", nil,
			"1,0,0,0,0,2,[0],0,3,0,0,0,0,[0] s", "6", "1,0,0,0,0,0,[1],1,3,0,0,0,0,[0] n"},
		{"lap-origin-not-skipped", "a lap sows into the origin house, which captures as empty", nil,
			"13,0,0,0,0,0,[0],1,0,0,0,0,0,[0] s", "1", "0,1,1,1,1,1,[3],2,1,1,1,1,0,[0] n"},
		{"origin-skip", "origin_skip true: laps skip the origin house", core.Params{"origin_skip": true},
			"13,0,0,0,0,0,[0],1,0,0,0,0,0,[0] s", "1", "0,2,1,1,1,1,[1],2,1,1,1,1,1,[0] n"},
		{"end-either-side", "a side with no seeds ends the game; the rest go to their owner", nil,
			"0,0,0,0,0,2,[10],3,0,0,0,0,0,[5] s", "6", "0,0,0,0,0,0,[11],0,0,0,0,0,0,[9] -"},
		{"end-extra-turn-empty", "an extra turn with no seeds left ends the game", nil,
			"0,0,0,0,0,1,[10],3,0,0,0,0,0,[5] s", "6", "0,0,0,0,0,0,[11],0,0,0,0,0,0,[8] -"},
		{"remaining-discard", "remaining discard: seeds left in houses are not counted",
			core.Params{"remaining": "discard"},
			"0,0,0,0,0,2,[10],3,0,0,0,0,0,[5] s", "6", "0,0,0,0,0,0,[11],4,0,0,0,0,0,[5] -"},
		{"mover-cannot-move", "end_rule mover_cannot_move: the game goes on while the mover has seeds",
			core.Params{"end_rule": "mover_cannot_move"},
			"0,0,0,0,0,2,[10],3,0,0,0,0,0,[5] s", "6", "0,0,0,0,0,0,[11],4,0,0,0,0,0,[5] n"},
		{"no-store-sowing", "store_sowing false: the mover's store is skipped too",
			core.Params{"store_sowing": false},
			"1,0,0,0,0,2,[0],1,1,1,1,1,1,[0] s", "6", "1,0,0,0,0,0,[0],2,2,1,1,1,1,[0] n"},
		{"north-sows", "North sows anticlockwise too, into its own store", nil,
			"1,1,1,1,1,1,[0],1,0,0,0,0,3,[0] n", "6", "2,2,1,1,1,1,[0],1,0,0,0,0,0,[1] s"},
		{"four-rows-capture", "rows 4: a capture takes both opponent houses in the column",
			core.Params{"rows": 4, "houses": 2},
			"0,1,0,2,[0],1,2,3,1,[0] s", "4", "0,1,0,0,[7],1,0,0,1,[0] n"},
		{"four-rows-own-track", "rows 4: a player sows around their own rows and store, never the opponent's",
			core.Params{"rows": 4, "houses": 2},
			"0,0,0,6,[0],1,1,1,1,[0] s", "4", "1,1,1,1,[2],1,1,1,1,[0] s"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := newGame(t, tt.params)
			s, err := g.Parse(tt.from)
			require.NoError(t, err, tt.rule)
			m, err := core.ParsePlay(s, tt.play)
			require.NoError(t, err, tt.rule)
			s.Play(m)
			assert.Equal(t, tt.want, s.String(), tt.rule)
			require.NoError(t, conserved(s))
		})
	}
}

func TestPieRule(t *testing.T) {
	// The swap is offered only at the second player's first move; it exchanges seats
	// and sides, and the original first player then moves (from the North side).
	g := newGame(t, core.Params{"pie_rule": true})
	s := g.Start()
	assert.Equal(t, "4,4,4,4,4,4,[0],4,4,4,4,4,4,[0] s pie=first", s.String())
	assert.NotContains(t, s.LegalMoves(nil), Swap)
	s.Play(2) // house 3 ends in the store: South moves again, still no offer
	assert.Equal(t, core.Player(0), s.ToMove())
	assert.NotContains(t, s.LegalMoves(nil), Swap)
	s.Play(0)
	assert.Equal(t, "0,5,1,6,6,5,[1],4,4,4,4,4,4,[0] n pie=offer", s.String())
	assert.Equal(t, core.Player(1), s.ToMove())
	assert.Equal(t, "1 2 3 4 5 6 swap", core.MovesString(s, s.LegalMoves(nil)))

	c := s.Copy()
	c.Play(Swap)
	assert.Equal(t, "0,5,1,6,6,5,[1],4,4,4,4,4,4,[0] n swapped", c.String())
	assert.Equal(t, core.Player(0), c.ToMove(), "the original first player moves after the swap")
	assert.Equal(t, []float64{0, 1}, c.Scores(nil), "seat 2 now owns South's store")
	assert.NotContains(t, c.LegalMoves(nil), Swap)

	// Declining: North plays a house and the offer is gone for good.
	s.Play(0)
	assert.NotContains(t, s.String(), "pie")
	assert.NotContains(t, s.LegalMoves(nil), Swap)
}

func TestPieSwapWithNoSeeds(t *testing.T) {
	// end_rule mover_cannot_move: a second player whose side the first turn emptied is
	// not out of the game while the swap is offered; swap is their only move, and after
	// it the original first player is to move on the empty side, which ends the game.
	// Kalah(1,2) without store sowing: South's house 1 sows one seed North and one back
	// into itself, which captures both.
	p := core.Params{"houses": 1, "seeds": 2, "end_rule": "mover_cannot_move", "store_sowing": false, "pie_rule": true}
	g := newGame(t, p)
	s := g.Start()
	s.Play(0)
	require.Equal(t, "0,[4],0,[0] n pie=offer", s.String())
	assert.Equal(t, core.Player(1), s.ToMove(), "not over: the swap is still to be answered")
	assert.Equal(t, "swap", core.MovesString(s, s.LegalMoves(nil)))
	parsed, err := g.Parse(s.String())
	require.NoError(t, err)
	assert.Equal(t, core.Player(1), parsed.ToMove(), "the parsed position is not over either")

	s.Play(Swap)
	assert.Equal(t, core.Terminal, s.ToMove(), "the original first player cannot move on North")
	assert.Equal(t, "0,[4],0,[0] - swapped", s.String())
	assert.Equal(t, []float64{0, 4}, s.Scores(nil), "the swapper owns South's store")
	assert.Equal(t, []float64{-1, 1}, s.Returns(nil))

	// The random playouts (both generators) play the forced swap too.
	for i := 0; i < 2; i++ {
		c := g.Start()
		c.Play(0)
		if i == 0 {
			assert.Equal(t, 1, c.PlayRandom(rand.New(rand.NewPCG(1, 2))))
		} else {
			assert.Equal(t, 1, c.PlayRandomPCG(rand.NewPCG(1, 2)))
		}
		assert.Equal(t, s.String(), c.String())
	}

	// Either side empty: the first turn ends the game before any offer.
	p["end_rule"] = "either_side_empty"
	e := newGame(t, p).Start()
	e.Play(0)
	assert.Equal(t, "0,[4],0,[0] -", e.String())
	assert.Equal(t, []float64{1, -1}, e.Returns(nil))
}

func TestFinishedGameHasNoPiePhase(t *testing.T) {
	// A game that ends while the pie rule is pending writes no pie=first / pie=offer,
	// and a finished position read with one drops it.
	tests := []struct {
		name   string
		params core.Params
		moves  []core.Move
		want   string
	}{
		{"ends on the first player's extra turn (pie=first)",
			core.Params{"houses": 1, "seeds": 1, "pie_rule": true}, []core.Move{0}, "0,[1],0,[1] -"},
		{"ends on the first player's extra turn, mover_cannot_move",
			core.Params{"houses": 1, "seeds": 1, "pie_rule": true, "end_rule": "mover_cannot_move"}, []core.Move{0}, "0,[1],0,[1] -"},
		{"ends as the offer comes (pie=offer)",
			core.Params{"houses": 1, "seeds": 2, "pie_rule": true, "store_sowing": false}, []core.Move{0}, "0,[4],0,[0] -"},
		{"max_plies ends it at the offer",
			core.Params{"pie_rule": true, "max_plies": 1}, []core.Move{0}, "0,0,0,0,0,0,[24],0,0,0,0,0,0,[24] -"},
		{"swapped stays", core.Params{"houses": 1, "seeds": 2, "pie_rule": true, "store_sowing": false, "end_rule": "mover_cannot_move"},
			[]core.Move{0, Swap}, "0,[4],0,[0] - swapped"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := newGame(t, tt.params)
			s := g.Start()
			for _, m := range tt.moves {
				s.Play(m)
			}
			require.Equal(t, core.Terminal, s.ToMove())
			assert.Equal(t, tt.want, s.String())
			back, err := g.Parse(s.String())
			require.NoError(t, err)
			assert.Equal(t, tt.want, back.String(), "round trip")
			assert.Equal(t, s.Hash(), back.Hash(), "the played and the parsed end hash alike")
			for _, pie := range []string{" pie=first", " pie=offer"} {
				old, err := g.Parse(tt.want + pie)
				require.NoError(t, err, "a finished position with%s reads", pie)
				assert.Equal(t, tt.want, old.String(), "and drops it")
				assert.Equal(t, s.Hash(), old.Hash())
			}
		})
	}
	// A variant without the pie rule still rejects the field, finished or not.
	_, err := newGame(t, nil).Parse("0,0,0,0,0,0,[30],0,0,0,0,0,0,[18] - pie=offer")
	assert.ErrorContains(t, err, "no pie rule")
}

func TestPieReturnsBelongToSeats(t *testing.T) {
	g := newGame(t, core.Params{"pie_rule": true})
	s, err := g.Parse("0,0,0,0,0,1,[30],0,0,0,0,0,1,[16] n swapped")
	require.NoError(t, err)
	s.Play(5) // North (seat 1) ends: South (seat 2) wins 31 to 17
	require.Equal(t, core.Terminal, s.ToMove())
	assert.Equal(t, []float64{-1, 1}, s.Returns(nil))
	assert.Equal(t, []float64{17, 31}, s.Scores(nil))
	assert.Equal(t, -14, s.Margin())
}

func TestMaxPlies(t *testing.T) {
	g := newGame(t, core.Params{"max_plies": 1})
	s := g.Start()
	s.Play(0)
	assert.Equal(t, core.Terminal, s.ToMove(), "max_plies 1 ends the game after one ply")
	assert.Equal(t, []float64{24, 24}, s.Scores(nil))
}

func TestParseErrors(t *testing.T) {
	g := newGame(t, nil)
	for _, text := range []string{
		"", "4,4,4 s", "4,4,4,4,4,4,0,4,4,4,4,4,4,[0] s", "4,4,4,4,4,4,[0],4,4,4,4,4,4,[0] x",
		"4,4,4,4,4,4,[0],4,4,4,4,4,4,[0] s pie=offer", "4,4,4,4,4,-4,[0],4,4,4,4,4,4,[0] s",
		"4,4,4,4,4,4,[0],4,4,4,4,4,[4],[0] s", "4,4,4,4,4,4,[0],4,4,4,4,4,4,[0] s junk",
		"200,200,4,4,4,4,[0],4,4,4,4,4,4,[0] s",
	} {
		_, err := g.ParseState(text)
		assert.Error(t, err, "%q", text)
	}
	s := g.Start()
	_, err := core.ParsePlay(s, "7")
	assert.ErrorContains(t, err, "1..6")
	s2, _ := g.Parse("0,4,4,4,4,4,[0],4,4,4,4,4,4,[0] s")
	_, err = core.ParsePlay(s2, "1")
	assert.ErrorContains(t, err, "legal: 2 3 4 5 6")
	_, err = core.ParsePlay(s, "swap")
	assert.ErrorContains(t, err, "illegal")
}

func TestRulesErrors(t *testing.T) {
	for _, p := range []core.Params{
		{"housez": 6}, {"houses": 0}, {"houses": 17}, {"rows": 3}, {"end_rule": "never"},
		{"pie_rule": "yes"}, {"houses": 16, "seeds": 32},
	} {
		_, err := RulesFrom(p)
		assert.Error(t, err, "%v", p)
	}
	_, err := RulesFrom(core.Params{"housez": 6})
	assert.ErrorContains(t, err, `did you mean "houses"`)
}

func TestFourRowsGeometry(t *testing.T) {
	g := newGame(t, core.Params{"rows": 4, "houses": 3})
	s := g.Start()
	// n = 6 houses a side: South inner 0..2 (right to left), outer 3..5, store 6;
	// North inner 7..9 (left to right on screen), outer 10..12, store 13. South inner
	// house 0 is in the rightmost column, facing North inner 9, with North outer 10
	// behind that and South outer 5 behind it.
	assert.Equal(t, 9, s.Opposite(0))
	assert.Equal(t, 5, s.Behind(0))
	assert.Equal(t, 10, g.outerOf(9))
	assert.Equal(t, 0, s.Opposite(9))
	assert.Equal(t, -1, s.Behind(3))
	for p := 0; p < s.Pits(); p++ {
		if !s.IsStore(p) {
			assert.Equal(t, p, s.Opposite(s.Opposite(p)), "opposite is symmetric at pit %d", p)
		}
	}
}

func TestHash(t *testing.T) {
	g := newGame(t, nil)
	a := g.Start()
	b := g.Start()
	a.Play(0)
	a.Play(1)
	b.Play(1)
	b.Play(0)
	// Different move orders reaching different positions hash differently; the same
	// position hashes the same.
	c, err := g.Parse(a.String())
	require.NoError(t, err)
	assert.Equal(t, a.Hash(), c.Hash())
	assert.NotEqual(t, g.Start().Hash(), a.Hash())
}

func TestGoldenPlaythrough(t *testing.T) {
	for _, tc := range []struct {
		file   string
		params core.Params
	}{
		{"playthrough-kalah.txt", nil},
		{"playthrough-kalah-pie-4x3.txt", core.Params{"pie_rule": true, "houses": 4, "seeds": 3}},
		{"playthrough-kalah-4rows.txt", core.Params{"rows": 4, "houses": 4, "seeds": 2}},
	} {
		t.Run(tc.file, func(t *testing.T) {
			text, err := coretest.Playthrough(newGame(t, tc.params), 7, nil)
			require.NoError(t, err)
			coretest.Golden(t, tc.file, text)
		})
	}
}

func TestGoldenRender(t *testing.T) {
	g := newGame(t, nil)
	s, err := g.Parse("0,5,1,6,6,5,[1],4,4,4,4,4,12,[0] n")
	require.NoError(t, err)
	g4 := newGame(t, core.Params{"rows": 4, "houses": 4, "seeds": 3})
	var b strings.Builder
	b.WriteString(s.Render(false))
	b.WriteString(g4.Start().Render(false))
	over, err := g.Parse("0,0,0,0,0,0,[30],0,0,0,0,0,0,[18] -")
	require.NoError(t, err)
	b.WriteString(over.Render(false))
	coretest.Golden(t, "render.txt", b.String())
	assert.Contains(t, s.Render(true), "\x1b[", "colour when asked")
	assert.NotContains(t, s.Render(false), "\x1b[")
}

func TestPlayRandomMatchesGeneric(t *testing.T) {
	// The fast path plays exactly the game that LegalMoves + Play would with the same
	// random draws.
	for _, p := range []core.Params{nil, {"pie_rule": true}, {"rows": 4, "houses": 3},
		{"houses": 1, "seeds": 2, "end_rule": "mover_cannot_move", "store_sowing": false, "pie_rule": true},
		{"houses": 2, "seeds": 2, "end_rule": "mover_cannot_move", "store_sowing": false, "pie_rule": true, "max_plies": 40},
	} {
		g := newGame(t, p)
		for seed := uint64(0); seed < 50; seed++ {
			a, b, c, d := g.Start(), g.Start(), g.Start(), g.Start()
			a.PlayRandom(rand.New(rand.NewPCG(seed, 1)))
			r := rand.New(rand.NewPCG(seed, 1))
			b.playRandomGeneric(func(n int) int { return r.IntN(n) })
			require.Equal(t, b.String(), a.String())
			c.PlayRandomPCG(rand.NewPCG(seed, 2))
			src := rand.NewPCG(seed, 2)
			d.playRandomGeneric(func(n int) int { return core.RandIndex(src, n) })
			require.Equal(t, d.String(), c.String())
		}
	}
}

func FuzzParsePosition(f *testing.F) {
	f.Add("4,4,4,4,4,4,[0],4,4,4,4,4,4,[0] s")
	f.Add("0,5,1,6,6,5,[1],4,4,4,4,4,4,[0] n pie=offer")
	f.Add("0,0,0,0,0,0,[30],0,0,0,0,0,0,[18] -")
	f.Add("0,0,0,0,0,0,[30],0,0,0,0,0,0,[18] - pie=offer swapped")
	f.Add("0,0,0,0,0,0,[30],0,0,0,0,0,0,[18] s pie=first")
	g, _ := New("kalah", Rules{Houses: 6, Seeds: 4, EmptyCapture: true, StoreSowing: true, Rows: 2, PieRule: true})
	f.Fuzz(func(t *testing.T, text string) {
		s, err := g.Parse(text)
		if err != nil {
			return
		}
		again, err := g.Parse(s.String())
		require.NoError(t, err, "printed position %q does not parse", s.String())
		require.Equal(t, s.String(), again.String())
		if s.ToMove() == core.Terminal {
			require.NotContains(t, s.String(), "pie=", "a finished game has no pie phase")
		}
		require.NoError(t, coretest.CheckStep(g, s, coretest.Options{Invariant: conserved}))
		for _, m := range s.LegalMoves(nil) {
			c := s.Copy()
			c.Play(m)
			require.NoError(t, conserved(c))
		}
	})
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"1", "6", "swap", "SWAP", " 3 ", "0", "-1", "x", "99999999999999999999"} {
		f.Add(s)
	}
	g := newGame(f, core.Params{"pie_rule": true})
	f.Fuzz(func(t *testing.T, text string) {
		s := g.Start()
		m, err := s.ParseMove(text)
		if err != nil {
			return
		}
		back, err := s.ParseMove(s.MoveString(m))
		require.NoError(t, err)
		require.Equal(t, m, back)
		if _, err := core.ParsePlay(s, text); err == nil {
			s.Play(m)
		}
	})
}
