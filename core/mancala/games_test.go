package mancala_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/coretest"
	"github.com/kalahlab/kalahlab/core/mancala"
)

func newGame(t testing.TB, name string, r mancala.Rules) *mancala.Game {
	t.Helper()
	g, err := mancala.New(name, r)
	require.NoError(t, err)
	return g
}

func kalahRules(t testing.TB, edit func(*mancala.KalahOptions)) mancala.Rules {
	t.Helper()
	o := mancala.DefaultKalah()
	if edit != nil {
		edit(&o)
	}
	r, err := mancala.Kalah(o)
	require.NoError(t, err)
	return r
}

// chosenKalah is Kalah where the mover picks the direction of every sowing.
func chosenKalah(t testing.TB) mancala.Rules {
	r := kalahRules(t, nil)
	r.Sowing.Direction = mancala.Chosen
	return r
}

// games lists every descriptor the package ships, and two test-only ones.
func games(t testing.TB) map[string]*mancala.Game {
	return map[string]*mancala.Game{
		"kalah":          newGame(t, "kalah", kalahRules(t, nil)),
		"kalah-chosen":   newGame(t, "kalah-chosen", chosenKalah(t)),
		"oware":          newGame(t, "oware", mancala.Oware(1000)),
		"ayoayo":         newGame(t, "ayoayo", mancala.Ayoayo(1000)),
		"congkak":        newGame(t, "congkak", mancala.Congkak(1000)),
		"toguz-kumalak":  newGame(t, "toguz-kumalak", mancala.ToguzKumalak(1000)),
		"vai-lung-thlan": newGame(t, "vai-lung-thlan", mancala.VaiLungThlan(1000)),
	}
}

// conserved is the invariant of every descriptor game: seeds are never created or lost.
func conserved(s core.State) error {
	m := s.(*mancala.State)
	t := 0
	for p := 0; p < m.Game().Pits(); p++ {
		t += m.Count(p)
	}
	if t != m.Total() {
		return fmt.Errorf("%d seeds on the board, want %d", t, m.Total())
	}
	for p := 0; p < m.Game().Pits(); p++ {
		if m.Mark(p) >= 0 && m.Count(p) != 0 {
			return fmt.Errorf("marked pit %d holds %d seeds", p+1, m.Count(p))
		}
	}
	return nil
}

func TestContract(t *testing.T) {
	for name, g := range games(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			coretest.RandomSim(t, g, coretest.Options{Games: 60, Invariant: conserved, MaxPlies: 2000})
		})
	}
}

// TestScenarios pins each rule on position strings: one subtest per rule.
func TestScenarios(t *testing.T) {
	gs := games(t)
	tiny := func(south, north int, repeats int) *mancala.Game {
		b := mancala.TwoRows(1, 0)
		b.Pits[0].Seeds, b.Pits[2].Seeds = south, north
		return newGame(t, "tiny", mancala.Rules{
			Board: b, Sowing: mancala.Sowing{Stores: mancala.NoStores},
			End: mancala.End{When: mancala.MoverCannotMove, Repeats: repeats, OnRepeat: mancala.Split},
		})
	}
	tests := []struct {
		name  string
		game  *mancala.Game
		from  string
		play  string // moves separated by spaces
		want  string // the position after them ("" skips)
		legal string // the legal moves after them ("" skips)
	}{
		// Oware: the examples of scripts/oware.lua.
		{"oware/capture-chain", gs["oware"], "0,0,0,0,1,2,[0],1,2,4,0,0,0,[0] s", "6",
			"0,0,0,0,1,0,[5],0,0,4,0,0,0,[0] n", ""},
		{"oware/grand-slam-captures-nothing", gs["oware"], "0,0,0,0,1,2,[0],1,2,0,0,0,0,[0] s", "6",
			"0,0,0,0,1,0,[0],2,3,0,0,0,0,[0] n", ""},
		{"oware/must-feed", gs["oware"], "0,0,0,1,0,1,[20],0,0,0,0,0,0,[20] s", "", "", "6"},
		{"oware/fed", gs["oware"], "0,0,0,1,0,1,[20],0,0,0,0,0,0,[20] s", "6",
			"0,0,0,1,0,0,[20],1,0,0,0,0,0,[20] n", "1"},
		{"oware/lap-skips-origin", gs["oware"], "0,0,0,0,0,12,[0],1,1,1,1,1,1,[0] s", "6",
			"1,1,1,1,1,0,[3],0,2,2,2,2,2,[0] n", ""},
		{"oware/cannot-feed-ends", gs["oware"], "1,0,0,0,0,0,[20],0,0,0,0,0,0,[20] s", "",
			"0,0,0,0,0,0,[21],0,0,0,0,0,0,[20] -", ""},
		{"oware/majority-ends", gs["oware"], "0,0,0,0,1,2,[21],1,2,4,0,0,0,[17] s", "6",
			"0,0,0,0,1,0,[26],0,0,4,0,0,0,[17] -", ""},
		// Toguz Kumalak.
		{"toguz/origin-first-even-capture", gs["toguz-kumalak"], "", "9",
			"9,9,9,9,9,9,9,9,1,[10],10,10,10,10,10,10,10,0,9,[0] n", ""},
		{"toguz/tuzdik", gs["toguz-kumalak"], "0,0,0,0,0,0,0,0,2,[0],2,5,5,5,5,5,5,5,5,[0] s", "9",
			"0,0,0,0,0,0,0,0,1,[3],0,5,5,5,5,5,5,5,5,[0] n marks=11:s", ""},
		{"toguz/tuzdik-takes-sown-seeds", gs["toguz-kumalak"], "0,0,0,0,0,0,0,0,4,[3],0,5,5,5,5,5,5,5,5,[0] s marks=11:s", "9",
			"0,0,0,0,0,0,0,0,1,[10],0,6,0,5,5,5,5,5,5,[0] n marks=11:s", ""},
		{"toguz/no-tuzdik-in-9th", gs["toguz-kumalak"], "0,0,0,0,0,0,0,0,10,[0],1,1,1,1,1,1,1,1,2,[0] s", "9",
			"0,0,0,0,0,0,0,0,1,[0],2,2,2,2,2,2,2,2,3,[0] n", ""},
		{"toguz/one-tuzdik-a-game", gs["toguz-kumalak"], "0,0,0,0,0,0,0,0,3,[3],0,2,5,5,5,5,5,5,5,[0] s marks=11:s", "9",
			"0,0,0,0,0,0,0,0,1,[4],0,3,5,5,5,5,5,5,5,[0] n marks=11:s", ""},
		{"toguz/not-mirror-of-opponent-tuzdik", gs["toguz-kumalak"], "0,0,0,0,0,0,0,0,2,[0],2,5,5,5,5,5,5,5,5,[3] s marks=1:n", "9",
			"0,0,0,0,0,0,0,0,1,[0],3,5,5,5,5,5,5,5,5,[3] n marks=1:n", ""},
		// Ayoayo.
		{"ayoayo/relay", gs["ayoayo"], "0,0,0,0,1,2,[0],1,0,0,0,0,5,[0] s", "5",
			"0,0,0,0,0,0,[0],2,1,1,0,0,5,[0] n", ""},
		{"ayoayo/cannot-feed-rest-to-other", gs["ayoayo"], "0,0,0,0,1,2,[0],1,0,0,0,0,0,[0] s", "5",
			"0,0,0,0,0,0,[4],0,0,0,0,0,0,[0] -", ""},
		{"ayoayo/relay-then-capture-then-rest-to-other", gs["ayoayo"], "0,0,1,1,0,0,[0],3,0,0,0,0,0,[0] s", "3",
			"0,0,0,0,0,0,[5],0,0,0,0,0,0,[0] -", ""},
		{"ayoayo/no-capture-of-empty", gs["ayoayo"], "1,0,0,0,0,0,[0],0,0,0,0,0,3,[0] s", "1",
			"0,1,0,0,0,0,[0],0,0,0,0,0,3,[0] n", ""},
		// Congkak: the sources' clockwise board mirrored (own row, own store, opponent's
		// row), relay, extra turn.
		{"congkak/capture", gs["congkak"], "2,0,0,0,1,0,0,[0],0,4,0,0,0,0,2,[0] s", "5",
			"2,0,0,0,0,0,0,[5],0,0,0,0,0,0,2,[0] n", ""},
		{"congkak/relay-ends-in-empty-opponent-house", gs["congkak"], "0,0,0,0,0,3,0,[0],1,0,0,0,0,0,3,[0] s", "6",
			"0,0,0,0,0,0,1,[1],0,1,1,0,0,0,3,[0] n", ""},
		{"congkak/extra-turn", gs["congkak"], "2,0,0,0,0,0,1,[0],1,1,1,1,1,1,1,[0] s", "7",
			"2,0,0,0,0,0,0,[1],1,1,1,1,1,1,1,[0] s", ""},
		{"congkak/salvi-first-move-mirrored", gs["congkak"], "", "2",
			"8,0,8,8,8,8,8,[10],0,8,8,8,8,0,8,[0] n", ""},
		// A chosen direction.
		{"chosen/start", gs["kalah-chosen"], "", "", "", "1R 2R 3R 4R 5R 6R 1L 2L 3L 4L 5L 6L"},
		{"chosen/clockwise", gs["kalah-chosen"], "", "1L",
			"0,4,4,4,4,4,[0],4,4,5,5,5,5,[0] n", ""},
		{"chosen/anticlockwise", gs["kalah-chosen"], "", "3R",
			"4,4,0,5,5,5,[1],4,4,4,4,4,4,[0] s", ""},
		// Vai Lung Thlan: chains of singletons, passes.
		{"vlt/singleton-chain", gs["vai-lung-thlan"], "0,0,0,0,3,0,[0],0,0,0,0,0,2,[0] s", "5",
			"0,0,0,0,0,0,[3],0,0,0,0,0,2,[0] n", ""},
		{"vlt/pass", gs["vai-lung-thlan"], "0,0,0,0,0,0,[3],0,0,0,0,2,2,[0] s", "", "", "pass"},
		{"vlt/after-pass", gs["vai-lung-thlan"], "0,0,0,0,0,0,[3],0,0,0,0,2,2,[0] s", "pass",
			"0,0,0,0,0,0,[3],0,0,0,0,2,2,[0] n", "5 6"},
		{"vlt/empty-board-ends", gs["vai-lung-thlan"], "0,0,0,0,0,0,[3],0,0,0,0,0,2,[0] n", "6",
			"0,0,0,0,0,0,[3],0,0,0,0,0,0,[2] -", ""},
		// Repetition: the start comes back after two moves.
		// 1,2 s -> 0,3 n -> 2,1 s -> 1,2 n -> 2,1 s (twice) -> 1,2 n -> 2,1 s (thrice)
		{"repetition/second-occurrence", tiny(1, 2, 2), "", "1 1 1 1",
			"2,[0],1,[0] - repeated", ""},
		{"repetition/off", tiny(1, 2, 0), "", "1 1 1 1", "2,[0],1,[0] s", "1"},
		{"repetition/not-yet-third", tiny(1, 2, 3), "", "1 1 1 1 1", "1,[0],2,[0] n", "1"},
		{"repetition/third-occurrence", tiny(1, 2, 3), "", "1 1 1 1 1 1", "2,[0],1,[0] - repeated", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := tc.game.Start()
			if tc.from != "" {
				var err error
				s, err = tc.game.Parse(tc.from)
				require.NoError(t, err)
			}
			for _, mv := range strings.Fields(tc.play) {
				m, err := core.ParsePlay(s, mv)
				require.NoError(t, err, "at %s", s)
				s.Play(m)
			}
			if tc.want != "" {
				assert.Equal(t, tc.want, s.String())
			}
			if tc.legal != "" {
				assert.Equal(t, tc.legal, core.MovesString(s, s.LegalMoves(nil)))
			}
			require.NoError(t, conserved(s))
		})
	}
}

func TestRepetitionSplitsInHalves(t *testing.T) {
	b := mancala.TwoRows(1, 0)
	b.Pits[0].Seeds, b.Pits[2].Seeds = 1, 2
	g := newGame(t, "tiny", mancala.Rules{
		Board: b, Sowing: mancala.Sowing{Stores: mancala.NoStores},
		End: mancala.End{When: mancala.MoverCannotMove, Repeats: 2, OnRepeat: mancala.Split},
	})
	s := g.Start()
	for s.ToMove() != core.Terminal {
		s.Play(s.LegalMoves(nil)[0])
	}
	assert.Equal(t, []float64{1.5, 1.5}, s.Scores(nil))
	assert.Equal(t, 3, s.ScoreHalves(0))
	assert.Equal(t, []float64{0, 0}, s.Returns(nil))
	// The finished position reads back with its scores.
	p, err := g.Parse(s.String())
	require.NoError(t, err)
	assert.Equal(t, []float64{1.5, 1.5}, p.Scores(nil))
	// Undo takes the repetition back too.
	require.True(t, s.Undo())
	assert.Equal(t, "1,[0],2,[0] n", s.String())
	s.Play(0)
	assert.Equal(t, "2,[0],1,[0] - repeated", s.String())
}

func TestToguzMajority(t *testing.T) {
	g := games(t)["toguz-kumalak"]
	s, err := g.Parse("0,0,0,0,0,0,0,0,2,[80],2,5,5,5,5,5,5,5,5,[38] s")
	require.NoError(t, err)
	s.Play(8)
	assert.Equal(t, "0,0,0,0,0,0,0,0,1,[83],0,5,5,5,5,5,5,5,5,[38] - marks=11:s", s.String())
	assert.Equal(t, []float64{83, 38}, s.Scores(nil), "a majority leaves the seeds on the board uncounted")
	assert.Equal(t, []float64{1, -1}, s.Returns(nil))
}

func TestParseErrors(t *testing.T) {
	gs := games(t)
	tests := []struct {
		game, text, want string
	}{
		{"oware", "", "want pits then the side to move"},
		{"oware", "4,4 s", "2 pits, want 14"},
		{"oware", "4,4,4,4,4,4,0,4,4,4,4,4,4,[0] s", "pit 7 (\"0\") is a store"},
		{"oware", "4,4,4,4,4,4,[0],4,4,4,4,4,[4],[0] s", "pit 13 (\"[4]\") is a house"},
		{"oware", "4,4,4,4,4,4,[0],4,4,4,4,4,x,[0] s", "pit 13: \"x\" is not a seed count"},
		{"oware", "4,4,4,4,4,4,[0],4,4,4,4,4,70000,[0] s", "not a seed count 0..65535"},
		{"oware", "4,4,4,4,4,4,[0],4,4,4,4,4,4,[0] x", "side to move \"x\""},
		{"oware", "4,4,4,4,4,4,[0],4,4,4,4,4,4,[0] s pie=first", "no pie rule"},
		{"oware", "4,4,4,4,4,4,[0],4,4,4,4,4,4,[0] s marks=1:s", "marks no pits"},
		{"oware", "4,4,4,4,4,4,[0],4,4,4,4,4,4,[0] s repeated", "only a finished game"},
		{"oware", "4,4,4,4,4,4,[0],4,4,4,4,4,4,[0] s bogus", "unknown field \"bogus\""},
		{"toguz-kumalak", "9,9,9,9,9,9,9,9,9,[0],9,9,9,9,9,9,9,9,9,[0] s marks=3:x", "want PIT:s or PIT:n"},
		{"toguz-kumalak", "9,9,9,9,9,9,9,9,9,[0],9,9,9,9,9,9,9,9,9,[0] s marks=10:s", "pit 10 is not a house"},
		{"toguz-kumalak", "9,9,9,9,9,9,9,9,9,[0],9,9,9,9,9,9,9,9,9,[0] s marks=3:n", "a marked pit holds no seeds"},
	}
	for _, tc := range tests {
		t.Run(tc.want, func(t *testing.T) {
			_, err := gs[tc.game].Parse(tc.text)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

func TestParseMove(t *testing.T) {
	gs := games(t)
	s := gs["kalah-chosen"].Start()
	for text, want := range map[string]core.Move{"1R": 0, "6r": 5, "1L": mancala.ClockwiseBit, "6l": 5 | mancala.ClockwiseBit} {
		m, err := s.ParseMove(text)
		require.NoError(t, err, text)
		assert.Equal(t, want, m, text)
	}
	for _, text := range []string{"1", "7R", "0L", "R", "1X", "01R", "+1R", "swap", "pass"} {
		_, err := s.ParseMove(text)
		require.Error(t, err, text)
		assert.Contains(t, err.Error(), "a direction, R (anticlockwise) or L (clockwise)")
	}
	v := gs["vai-lung-thlan"].Start()
	m, err := v.ParseMove("pass")
	require.NoError(t, err)
	assert.Equal(t, mancala.Pass, m)
}

func TestValidate(t *testing.T) {
	base := func() mancala.Rules { return mancala.Oware(0) }
	tests := []struct {
		name string
		edit func(r *mancala.Rules)
		want string
	}{
		{"rows", func(r *mancala.Rules) { r.Board.Rows = 7 }, "board.rows 7: want 1..6"},
		{"houses", func(r *mancala.Rules) { r.Board.Houses = 65 }, "board.houses 65: want 1..64"},
		{"owner", func(r *mancala.Rules) { r.Board.Pits[2].Owner = 2 }, "board.pits[2].owner 2"},
		{"col", func(r *mancala.Rules) { r.Board.Pits[3].Col = 6 }, "board.pits[3].col 6: want 0..5"},
		{"store-col", func(r *mancala.Rules) { r.Board.Pits[6].Col = 3 }, "board.pits[6].col 3: a store sits at col -1 or 6"},
		{"same-cell", func(r *mancala.Rules) { r.Board.Pits[1].Col = 0 }, "board.pits[1]: row 1 col 0 is also pit 0"},
		{"two-stores", func(r *mancala.Rules) { r.Board.Pits[13].Owner = 0 }, "player 0 has 2 stores"},
		{"seeds", func(r *mancala.Rules) { r.Board.Pits[0].Seeds = -1 }, "board.pits[0].seeds -1"},
		{"too-many-seeds", func(r *mancala.Rules) { r.Board.Pits[0].Seeds = 65530 }, "65574 seeds in all; at most 65535"},
		{"track-misses", func(r *mancala.Rules) { r.Board.Tracks[1] = r.Board.Tracks[1][:5] }, "board.tracks[1] misses pit 12, a house player 1 owns"},
		{"track-twice", func(r *mancala.Rules) { r.Board.Tracks[0][3] = 1 }, "board.tracks[0]: pit 1 is listed twice (at 1 and 3)"},
		{"track-range", func(r *mancala.Rules) { r.Board.Tracks[0][3] = 14 }, "board.tracks[0][3]: pit 14 does not exist"},
		{"origin", func(r *mancala.Rules) { r.Sowing.OriginFirst = true }, "origin_first and skip_origin contradict"},
		{"chain", func(r *mancala.Rules) { r.Captures[0].Take = mancala.TakeOpposite }, "captures[0].chain: chains extend take = pit captures only"},
		{"counts", func(r *mancala.Rules) { r.Captures[0].Counts = []int{0} }, "captures[0].counts: 0 out of range"},
		{"with-last", func(r *mancala.Rules) { r.Captures[0].WithLast = true }, "captures[0].with_last"},
		{"mark", func(r *mancala.Rules) { r.Captures[0].Effect = mancala.MarkPit }, "captures[0].effect mark"},
		{"mark-once", func(r *mancala.Rules) { r.Captures[0].MarkOnce = true }, "captures[0]: mark_once and mark_not_mirror need effect mark"},
		{"empty-even", func(r *mancala.Rules) {
			r.Captures = []mancala.Capture{{EmptyBefore: true, Even: true}}
		}, "captures[0]: empty_before (a count of 1) and even never hold together"},
		{"repeats", func(r *mancala.Rules) { r.End.Repeats = 1 }, "end.repeats 1"},
		{"max-plies", func(r *mancala.Rules) { r.End.MaxPlies = -1 }, "end.max_plies -1"},
		{"pass", func(r *mancala.Rules) { r.Pass, r.End.When = true, mancala.EitherSideEmpty }, "pass: a pass rule needs end.when mover_cannot_move"},
		{"direction", func(r *mancala.Rules) { r.Sowing.Direction = 9 }, "sowing.direction 9 unknown"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := base()
			r.Board.Pits = append([]mancala.Pit(nil), r.Board.Pits...)
			for i := range r.Board.Tracks {
				r.Board.Tracks[i] = append([]int(nil), r.Board.Tracks[i]...)
			}
			r.Captures = append([]mancala.Capture(nil), r.Captures...)
			tc.edit(&r)
			err := r.Validate()
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
			_, err = mancala.New("x", r)
			require.ErrorContains(t, err, tc.want)
			require.ErrorContains(t, err, "mancala x: ")
		})
	}
	for name, g := range games(t) {
		r := g.Rules()
		require.NoError(t, r.Validate(), name)
	}
}

func TestRender(t *testing.T) {
	g := games(t)["toguz-kumalak"]
	s, err := g.Parse("0,0,0,0,0,0,0,0,4,[3],0,5,5,5,5,5,5,5,5,[0] s marks=11:s")
	require.NoError(t, err)
	out := s.Render(false)
	assert.Contains(t, out, "0s", "the tuzdik shows its owner")
	assert.Contains(t, out, "[  3]")
	assert.Contains(t, out, "seat 1 to move (South)")
	assert.NotContains(t, out, "\x1b[")
	assert.Contains(t, s.Render(true), "\x1b[")
}

// checkParsed: every game of gs that reads text writes it back as a string that reads
// the same, with the same hash, passing the contract checks; with conserve, every legal
// move from there conserves the seeds.
func checkParsed(t *testing.T, gs map[string]*mancala.Game, text string, conserve bool) {
	for _, g := range gs {
		s, err := g.Parse(text)
		if err != nil {
			continue
		}
		back, err := g.Parse(s.String())
		require.NoError(t, err, "%q reads as %q, which does not parse", text, s.String())
		require.Equal(t, s.String(), back.String())
		require.Equal(t, s.Hash(), back.Hash())
		require.NoError(t, coretest.CheckStep(g, s, coretest.Options{}))
		if !conserve {
			continue
		}
		for _, m := range s.LegalMoves(nil) {
			c := s.Copy()
			c.Play(m)
			require.NoError(t, conserved(c))
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, seed := range []string{
		"4,4,4,4,4,4,[0],4,4,4,4,4,4,[0] s",
		"0,0,0,0,0,0,0,0,1,[3],0,5,5,5,5,5,5,5,5,[0] n marks=11:s",
		"9,9,9,9,9,9,9,9,9,[0],9,9,9,9,9,9,9,9,9,[0] - repeated",
		"1,[0],2,[0] s pie=offer swapped",
	} {
		f.Add(seed)
	}
	gs := games(f)
	f.Fuzz(func(t *testing.T, text string) { checkParsed(t, gs, text, true) })
}
