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

// moreGames lists Layli Goobalay (the catalogue's kept pits) and the six games of
// games_more.go.
func moreGames(t testing.TB) map[string]*mancala.Game {
	return map[string]*mancala.Game{
		"layli-goobalay": newGame(t, "layli-goobalay", mancala.LayliGoobalay(2000)),
		"bohnenspiel":    newGame(t, "bohnenspiel", mancala.Bohnenspiel(2000)),
		"halusa":         newGame(t, "halusa", mancala.Halusa(2000)),
		"sungka":         newGame(t, "sungka", mancala.Sungka(2000)),
		"ohvalhu":        newGame(t, "ohvalhu", mancala.Ohvalhu(6, 3000)),
		"um-el-bagara":   newGame(t, "um-el-bagara", mancala.UmElBagara(2000)),
		"um-el-tuweisat": newGame(t, "um-el-tuweisat", mancala.UmElTuweisat(2000)),
	}
}

// keptInvariant adds to conserved: a kept pit is a house holding two seeds or more
// while the game is on (it is made with two and only grows).
func keptInvariant(s core.State) error {
	if err := conserved(s); err != nil {
		return err
	}
	m := s.(*mancala.State)
	if m.Over() {
		return nil
	}
	for p := 0; p < m.Game().Pits(); p++ {
		if m.Kept(p) >= 0 && m.Count(p) < 2 {
			return fmt.Errorf("kept pit %d holds %d seeds", p+1, m.Count(p))
		}
	}
	return nil
}

func TestMoreContract(t *testing.T) {
	for name, g := range moreGames(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			coretest.RandomSim(t, g, coretest.Options{Games: 40, Invariant: keptInvariant, MaxPlies: 20000})
		})
	}
}

// TestMoreScenarios pins each game's rules on positions worked by hand.
func TestMoreScenarios(t *testing.T) {
	gs := moreGames(t)
	tests := []struct {
		game, name string
		from, play string
		want       string
		legal      string
	}{
		// Layli Goobalay: pits 1-6 South, [7], 8-13 North, [14]; pit i faces 14-i.
		// House 1's seed falls in empty pit 2, facing pit 12 with three: one seed
		// moves over and both become South's uurs.
		{"layli-goobalay", "uur/made", "1,0,0,0,0,0,[0],1,1,1,1,3,1,[0] s", "1",
			"0,2,0,0,0,0,[0],1,1,1,1,2,1,[0] n kept=2:s,12:s", "1 2 3 4 6"},
		// Facing two, not three: the two and the capturing seed are taken.
		{"layli-goobalay", "capture", "1,0,0,0,0,0,[0],1,1,1,1,2,1,[0] s", "1",
			"0,0,0,0,0,0,[3],1,1,1,1,0,1,[0] n", ""},
		// The last seed makes pit 2 two: it relays to pits 3 and 4; pit 4 was empty and
		// faces pit 10 (two): captured with the last seed.
		{"layli-goobalay", "relay-then-capture", "1,1,0,0,0,0,[0],1,1,2,1,1,1,[0] s", "1",
			"0,0,1,0,0,0,[3],1,1,0,1,1,1,[0] n", ""},
		// A last seed in an uur (pit 6, North's) stops there: no relay.
		{"layli-goobalay", "uur/stops-relay", "0,0,0,2,1,2,[0],2,1,1,1,1,1,[0] s kept=6:n,8:n", "4",
			"0,0,0,0,2,3,[0],2,1,1,1,1,1,[0] n kept=6:n,8:n", ""},
		// An uur is never sown from, by either player.
		{"layli-goobalay", "uur/not-sown", "0,2,3,0,0,0,[0],1,1,1,1,2,1,[0] s kept=2:s,12:s", "", "", "3"},
		// North cannot move: each player takes their uurs and their row.
		{"layli-goobalay", "uur/end", "0,2,0,0,0,1,[10],0,0,0,0,2,0,[30] n kept=2:s,12:s", "",
			"0,0,0,0,0,0,[15],0,0,0,0,0,0,[30] - kept=2:s,12:s", ""},
		// Bohnenspiel: the last bean makes North's pit 9 four and pit 8 two: both taken.
		{"bohnenspiel", "chain-across", "0,0,0,0,1,2,[0],1,3,0,0,0,5,[0] s", "6",
			"0,0,0,0,1,0,[6],0,0,0,0,0,5,[0] n", ""},
		{"bohnenspiel", "own-side", "0,0,0,2,1,3,[0],1,1,1,1,1,1,[0] s", "4",
			"0,0,0,0,0,0,[6],1,1,1,1,1,1,[0] n", ""},
		{"bohnenspiel", "odd-no-capture", "0,0,0,0,0,1,[0],2,1,1,1,1,1,[0] s", "6",
			"0,0,0,0,0,0,[0],3,1,1,1,1,1,[0] n", ""},
		{"bohnenspiel", "cannot-move-rest-to-other", "0,0,0,0,0,0,[30],1,1,1,1,1,1,[36] s", "",
			"0,0,0,0,0,0,[30],0,0,0,0,0,0,[42] -", ""},
		// Halusa: the last counter makes own pit 6 two; pits 5 (four) and 4 (two) go
		// with it; empty pit 3 stops the chain.
		{"halusa", "even-chain", "0,0,3,1,3,1,[0],1,1,1,1,1,1,[0] s", "3",
			"0,0,0,0,0,0,[8],1,1,1,1,1,1,[0] n", ""},
		{"halusa", "not-on-opponent-side", "0,0,0,0,0,1,[0],1,1,1,1,1,1,[0] s", "6",
			"0,0,0,0,0,0,[0],2,1,1,1,1,1,[0] n", ""},
		{"halusa", "must-feed", "1,0,0,0,0,1,[10],0,0,0,0,0,0,[10] s", "", "", "6"},
		{"halusa", "pass-then-feed", "1,0,0,0,0,1,[10],0,0,0,0,0,0,[10] n", "pass", "", "6"},
		{"halusa", "pass-offered", "1,0,0,0,0,1,[10],0,0,0,0,0,0,[10] n", "", "", "pass"},
		// North cannot move and South cannot feed: South, who moved last, takes the rest.
		{"halusa", "neither-moves", "1,0,0,0,0,0,[10],0,0,0,0,0,0,[10] n", "",
			"0,0,0,0,0,0,[11],0,0,0,0,0,0,[10] -", ""},
		// Sungka: pits 1-7 South, [8], 9-15 North, [16]; pit i faces 16-i.
		{"sungka", "extra-turn", "0,0,0,0,0,0,1,[0],7,7,7,7,7,7,7,[0] s", "7",
			"0,0,0,0,0,0,0,[1],7,7,7,7,7,7,7,[0] s", ""},
		{"sungka", "relay-then-capture", "1,1,0,0,0,0,0,[0],1,1,1,2,1,1,1,[0] s", "1",
			"0,0,1,0,0,0,0,[3],1,1,1,0,1,1,1,[0] n", ""},
		{"sungka", "empty-opposite-no-capture", "1,0,0,0,0,0,0,[0],1,1,1,1,1,0,1,[0] s", "1",
			"0,1,0,0,0,0,0,[0],1,1,1,1,1,0,1,[0] n", ""},
		{"sungka", "pass", "0,0,0,0,0,0,0,[10],1,0,0,0,0,0,0,[0] s", "", "", "pass"},
		{"sungka", "empty-holes-end", "0,0,0,0,0,0,0,[10],0,0,0,0,0,0,1,[5] n", "7",
			"0,0,0,0,0,0,0,[10],0,0,0,0,0,0,0,[6] -", ""},
		// Ohvalhu: the last counter goes to the store (move again), but the holes are
		// empty: the round ends. South refills seven holes (61 = 7 x 8 + 5), North all
		// eight; hole 8 of South is out; North starts round 2.
		{"ohvalhu", "next-round", "0,0,0,0,0,0,0,1,[60],0,0,0,0,0,0,0,0,[67] s round=1", "8",
			"8,8,8,8,8,8,8,0,[5],8,8,8,8,8,8,8,8,[3] n out=8 round=2 ply=1 played=0", ""},
		{"ohvalhu", "start", "", "", "8,8,8,8,8,8,8,8,[0],8,8,8,8,8,8,8,8,[0] s round=1 ply=0", "1 2 3 4 5 6 7 8"},
		// Um el-Bagara: pits 1-5 South, [6], 7-11 North, [12]. Houses 1 and 2 sow
		// clockwise, 4 and 5 anticlockwise, 3 either way; single counters are not sown.
		{"um-el-bagara", "start", "", "", "", "3R 4 5 1 2 3L"},
		// House 1 sows clockwise into pits 11 and 10: they make two and four, both taken.
		{"um-el-bagara", "clockwise-chain", "2,0,0,0,0,[0],5,0,0,3,1,[0] s", "1",
			"0,0,0,0,0,[6],5,0,0,0,0,[0] n", ""},
		{"um-el-bagara", "middle-left", "0,0,3,0,0,[0],5,5,5,5,1,[0] s", "3L",
			"1,1,0,0,0,[2],5,5,5,5,0,[0] n", ""},
		{"um-el-bagara", "middle-right", "0,0,3,0,0,[0],5,5,5,5,1,[0] s", "3R",
			"0,0,0,1,1,[0],6,5,5,5,1,[0] n", ""},
		{"um-el-bagara", "singletons-pass", "1,1,1,1,1,[0],2,0,0,0,0,[0] s", "", "", "pass"},
		{"um-el-bagara", "neither-moves", "1,1,0,0,0,[20],1,0,0,0,0,[28] s", "",
			"0,0,0,0,0,[22],0,0,0,0,0,[29] -", ""},
		// Um el Tuweisat: house 1 sows clockwise into pits 7 and 6, making both two.
		{"um-el-tuweisat", "start", "", "", "", "2R 3 1 2L"},
		{"um-el-tuweisat", "clockwise-chain", "2,0,0,[0],3,1,1,[0] s", "1",
			"0,0,0,[4],3,0,0,[0] n", ""},
	}
	for _, tc := range tests {
		t.Run(tc.game+"/"+tc.name, func(t *testing.T) {
			g := gs[tc.game]
			s := g.Start()
			if tc.from != "" {
				var err error
				s, err = g.Parse(tc.from)
				require.NoError(t, err)
			}
			for _, mv := range strings.Fields(tc.play) {
				m, err := core.ParsePlay(s, mv)
				require.NoError(t, err, "at %s", s)
				s.Play(m)
			}
			if tc.want != "" {
				assert.Equal(t, tc.want, s.String())
				back, err := g.Parse(s.String())
				require.NoError(t, err)
				assert.Equal(t, s.String(), back.String(), "the string reads back")
				assert.Equal(t, s.Hash(), back.Hash())
			}
			if tc.legal != "" {
				assert.Equal(t, tc.legal, core.MovesString(s, s.LegalMoves(nil)))
			}
			require.NoError(t, keptInvariant(s))
		})
	}
}

func TestKeptPits(t *testing.T) {
	g := moreGames(t)["layli-goobalay"]
	s, err := g.Parse("1,0,0,0,0,0,[0],1,1,1,1,3,1,[0] s")
	require.NoError(t, err)
	before := s.Hash()
	s.Play(0)
	assert.Equal(t, 0, s.Kept(1))
	assert.Equal(t, 0, s.Kept(11))
	assert.Equal(t, -1, s.Kept(0))
	assert.Equal(t, -1, s.Mark(1), "a kept pit is not a MarkPit mark")
	out := s.Render(false)
	assert.Contains(t, out, "2S", "a kept pit shows its owner")
	// The kept marks are in the hash: the same counts without them differ.
	plain, err := g.Parse("0,2,0,0,0,0,[0],1,1,1,1,2,1,[0] n")
	require.NoError(t, err)
	assert.NotEqual(t, plain.Hash(), s.Hash())
	require.True(t, s.Undo())
	assert.Equal(t, before, s.Hash())
	assert.Equal(t, -1, s.Kept(1), "undo takes the marks back")
	// The scores count the uurs for their owner.
	end, err := g.Parse("0,2,0,0,0,1,[10],0,0,0,0,2,0,[30] n kept=2:s,12:s")
	require.NoError(t, err)
	assert.Equal(t, []float64{15, 30}, end.Scores(nil))
}

func TestMoreParseErrors(t *testing.T) {
	gs := moreGames(t)
	layli := "0,2,0,0,0,0,[0],1,1,1,1,2,1,[0] n"
	tests := []struct {
		game, text, want string
	}{
		{"layli-goobalay", layli + " kept=2:x", "kept pit \"2:x\": want PIT:s or PIT:n"},
		{"layli-goobalay", layli + " kept=7:s", "pit 7 is not a house"},
		{"layli-goobalay", layli + " kept=2:s,2:n", "pit 2 is marked or kept already"},
		{"layli-goobalay", layli + " marks=2:s", "this game marks no pits"},
		{"bohnenspiel", "6,6,6,6,6,6,[0],6,6,6,6,6,6,[0] s kept=1:s", "this game keeps no pits"},
		{"bohnenspiel", "6,6,6,6,6,6,[0],6,6,6,6,6,6,[0] s bogus", "want repeated"},
	}
	for _, tc := range tests {
		t.Run(tc.want, func(t *testing.T) {
			_, err := gs[tc.game].Parse(tc.text)
			require.ErrorContains(t, err, tc.want)
		})
	}
}

func TestHouseDirectionMoves(t *testing.T) {
	s := moreGames(t)["um-el-bagara"].Start()
	for text, want := range map[string]core.Move{
		"1": mancala.ClockwiseBit, "2": 1 | mancala.ClockwiseBit, "3R": 2, "3l": 2 | mancala.ClockwiseBit, "4": 3, "5": 4,
	} {
		m, err := s.ParseMove(text)
		require.NoError(t, err, text)
		assert.Equal(t, want, m, text)
	}
	for _, text := range []string{"3", "1R", "4L", "6", "0", "R", "", "03R", "swap"} {
		_, err := s.ParseMove(text)
		require.ErrorContains(t, err, "with R (anticlockwise) or L (clockwise) after house 3", text)
	}
	assert.Equal(t, "3L", s.MoveString(2|mancala.ClockwiseBit))
	assert.Equal(t, "1", s.MoveString(mancala.ClockwiseBit))
	// North's house 1 is at North's left: clockwise too, into South's houses 5 and 4
	// (the right end from South's seat).
	n, err := moreGames(t)["um-el-bagara"].Parse("5,5,5,5,5,[0],2,0,0,0,0,[0] n")
	require.NoError(t, err)
	n.Play(mancala.ClockwiseBit)
	assert.Equal(t, "5,5,5,6,6,[0],0,0,0,0,0,[0] s", n.String())
}

func TestMoreValidate(t *testing.T) {
	tests := []struct {
		name string
		edit func(r *mancala.Rules)
		want string
	}{
		{"keep-take", func(r *mancala.Rules) { r.Captures[0].Take = mancala.TakeColumn }, "captures[0].effect keep_pair"},
		{"keep-with-last", func(r *mancala.Rules) { r.Captures[0].WithLast = true }, "captures[0].effect keep_pair"},
		{"opposite-counts", func(r *mancala.Rules) { r.Captures[0].OppositeCounts = []int{64} }, "captures[0].opposite_counts: 64 out of range 1..63"},
		{"effect", func(r *mancala.Rules) { r.Captures[0].Effect = 9 }, "captures[0].effect 9 unknown"},
		{"dirs-length", func(r *mancala.Rules) {
			r.Sowing.HouseDirections = []mancala.Direction{mancala.Chosen}
		}, "sowing.house_directions: 1 entries; want one a house (6)"},
		{"dirs-value", func(r *mancala.Rules) {
			r.Sowing.HouseDirections = make([]mancala.Direction, 6)
			r.Sowing.HouseDirections[2] = 7
		}, "sowing.house_directions[2]: direction 7 unknown"},
		{"dirs-direction", func(r *mancala.Rules) {
			r.Sowing.HouseDirections = make([]mancala.Direction, 6)
			r.Sowing.Direction = mancala.Clockwise
		}, "leave sowing.direction anticlockwise"},
		{"dirs-uneven", func(r *mancala.Rules) {
			r.Sowing.HouseDirections = make([]mancala.Direction, 6)
			r.Board.Pits = append([]mancala.Pit(nil), r.Board.Pits...)
			r.Board.Pits[0].Owner = 1
		}, "the players own 5 and 7 houses"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := mancala.LayliGoobalay(0)
			tc.edit(&r)
			_, err := mancala.New("x", r)
			require.ErrorContains(t, err, tc.want)
		})
	}
	for name, g := range moreGames(t) {
		r := g.Rules()
		require.NoError(t, r.Validate(), name)
	}
}

func FuzzParseMore(f *testing.F) {
	for _, seed := range []string{
		"0,2,0,0,0,0,[0],1,1,1,1,2,1,[0] n kept=2:s,12:s",
		"8,8,8,8,8,8,8,0,[5],8,8,8,8,8,8,8,8,[3] n out=8 round=2 ply=1 played=0",
		"2,0,0,0,0,[0],5,0,0,3,1,[0] s",
	} {
		f.Add(seed)
	}
	gs := moreGames(f)
	f.Fuzz(func(t *testing.T, text string) { checkParsed(t, gs, text, true) })
}
