package checkers

import (
	"errors"
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
	g, err := New("checkers", r)
	require.NoError(t, err)
	return g
}

func parse(t testing.TB, g *Game, text string) *State {
	t.Helper()
	s, err := g.Parse(text)
	require.NoError(t, err)
	return s
}

// sane checks what holds in every position: pieces on board squares, one per square,
// kings among them, the hash up to date.
func sane(s *State) error {
	g := s.g
	if s.p.pcs[0].lo&s.p.pcs[1].lo != 0 || s.p.pcs[0].hi&s.p.pcs[1].hi != 0 {
		return fmt.Errorf("a square holds two pieces")
	}
	all := s.p.pcs[0].or(s.p.pcs[1])
	if s.p.kings.andNot(all) != (set{}) {
		return fmt.Errorf("a king without a piece")
	}
	var board set
	for sq := 0; sq < g.squares; sq++ {
		board.add(g.cell(sq))
	}
	if all.andNot(board) != (set{}) {
		return fmt.Errorf("pieces off the board: %x %x", all.lo&^board.lo, all.hi&^board.hi)
	}
	if h := s.computeHash(); h != s.p.hash {
		return fmt.Errorf("hash %x, recomputed %x", s.p.hash, h)
	}
	if d := g.r.DrawMoves; d > 0 && int(s.p.quiet) > 2*d {
		return fmt.Errorf("quiet %d past the draw limit %d", s.p.quiet, 2*d)
	}
	return nil
}

// invariant is the checkers invariant for the contract suite: the position is sane, no
// man stands uncrowned on its crowning row (without hooks), and no colour ever gains
// pieces, nor men (men only leave the board or become kings).
func invariant() func(core.State) error {
	var last [2][2]int // men and kings by colour
	return func(cs core.State) error {
		s := cs.(*State)
		if err := sane(s); err != nil {
			return err
		}
		for sq := 0; sq < s.g.squares; sq++ {
			if c, king, ok := s.Piece(sq); ok && !king && s.g.promo[c].has(sq) && !s.g.hooked {
				return fmt.Errorf("an uncrowned %s man on %d", colourName[c], sq+1)
			}
		}
		var now [2][2]int
		for c := 0; c < 2; c++ {
			now[c][0], now[c][1] = s.Count(c)
			if s.Ply() > 0 {
				if now[c][0] > last[c][0] {
					return fmt.Errorf("%s has %d men, had %d", colourName[c], now[c][0], last[c][0])
				}
				if now[c][0]+now[c][1] > last[c][0]+last[c][1] {
					return fmt.Errorf("%s has %d pieces, had %d", colourName[c], now[c][0]+now[c][1], last[c][0]+last[c][1])
				}
			}
		}
		last = now
		return nil
	}
}

// knobGrid lists every combination of the boolean knobs on every size.
func knobGrid() []core.Params {
	var out []core.Params
	for _, size := range []int{8, 10, 12} {
		for bits := 0; bits < 1<<5; bits++ {
			out = append(out, core.Params{
				"size":                  size,
				"flying_kings":          bits&1 != 0,
				"men_capture_backwards": bits&2 != 0,
				"must_capture":          bits&4 == 0,
				"max_capture":           bits&8 != 0,
				"promotion_ends_move":   bits&16 == 0,
				"man_rows":              1 + (bits+size)%(size/2-1),
				"draw_moves":            []int{40, 3, 0, 12}[bits%4],
			})
		}
	}
	return out
}

func TestContractGrid(t *testing.T) {
	// Every combination of the boolean knobs on every size, with varied man rows and
	// draw limits: seeded random games with the contract and the invariant checked at
	// every step.
	for i, p := range knobGrid() {
		t.Run(fmt.Sprintf("knobs%02d", i), func(t *testing.T) {
			t.Parallel()
			g := newGame(t, p)
			games := 4
			if g.n == 12 {
				games = 2
			}
			for k := 0; k < games; k++ {
				seed := uint64(100*i + k + 1)
				opt := coretest.Options{Invariant: invariant(), MaxPlies: 20000}
				if err := coretest.SimOne(g, seed, opt); err != nil {
					t.Fatalf("%v: %v", p, err)
				}
			}
		})
	}
}

func TestContractDefault(t *testing.T) {
	coretest.RandomSim(t, newGame(t, nil), coretest.Options{Games: 200, Invariant: invariant()})
}

// TestEnginesAgree plays random games with the 8x8 bitboard engine and the generic engine
// side by side on every knob combination both play: the same moves, positions and hashes.
func TestEnginesAgree(t *testing.T) {
	for bits := 0; bits < 1<<4; bits++ {
		p := core.Params{
			"men_capture_backwards": bits&1 != 0, "must_capture": bits&2 == 0,
			"max_capture": bits&4 != 0, "promotion_ends_move": bits&8 == 0, "draw_moves": 10,
		}
		fast, slow := newGame(t, p), newGame(t, p)
		slow.fast = false
		slow.startPos = position{}
		for sq := 0; sq < 32; sq++ {
			for c := 0; c < 2; c++ {
				if slow.start[c].has(sq) {
					slow.startPos.pcs[c].add(sq)
				}
			}
		}
		st := &State{g: slow, p: slow.startPos}
		slow.startPos.hash = st.computeHash()
		for seed := uint64(0); seed < 30; seed++ {
			rng := rand.New(rand.NewPCG(seed, uint64(bits)))
			a, b := fast.Start(), slow.Start()
			for ply := 0; a.ToMove() != core.Terminal; ply++ {
				ma, mb := a.LegalMoves(nil), b.LegalMoves(nil)
				require.Equal(t, core.MovesString(a, ma), core.MovesString(b, mb), "%v seed %d ply %d: %s", p, seed, ply, a)
				require.Equal(t, ma, mb)
				require.Equal(t, len(ma), a.count())
				require.Equal(t, len(mb), b.count())
				m := ma[rng.IntN(len(ma))]
				a.Play(m)
				b.Play(m)
				require.Equal(t, a.String(), b.String())
			}
			require.Equal(t, core.Terminal, b.ToMove())
			require.Equal(t, a.Returns(nil), b.Returns(nil))
		}
	}
}

// TestScenarios pins each rule on position strings: one subtest per rule.
func TestScenarios(t *testing.T) {
	tests := []struct {
		name   string
		rule   string // which rule the case pins
		params core.Params
		from   string
		legal  string // the legal moves, in order
		play   string // then this move ("" for none)
		want   string // gives this position
	}{
		{"start", "Black moves first; men move one square diagonally forward", nil,
			"B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
			"9-13 9-14 10-14 10-15 11-15 11-16 12-16", "11-15",
			"W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15"},
		{"men-forward-only", "a man never moves backwards", nil,
			"B:W32:B18", "18-22 18-23", "", ""},
		{"king-moves", "a king moves one square in any diagonal direction", nil,
			"B:W32:BK18", "18-14 18-15 18-22 18-23", "18-14", "W:W32:BK14 quiet=1"},
		{"forced-capture", "a capture is compulsory: no other move is legal while one exists", nil,
			"B:W14:B1,10", "10x17", "10x17", "W:W:B1,17 winner=B"},
		{"optional-capture", "must_capture false: captures and moves are both legal",
			core.Params{"must_capture": false},
			"B:W14:B1,10", "1-5 1-6 10-15 10x17", "1-5", "W:W14:B5,10"},
		{"multi-jump", "a capturing piece goes on jumping while it can, all in one move", nil,
			"B:W14,22:B10", "10x17x26", "10x17x26", "W:W:B26 winner=B"},
		{"any-sequence", "English rules let the mover take fewer pieces than possible", nil,
			"B:W14,16,22:B10,12", "10x17x26 12x19", "12x19", "W:W14,22:B10,19"},
		{"max-capture", "max_capture: only the sequences taking the most pieces are legal",
			core.Params{"max_capture": true},
			"B:W14,16,22:B10,12", "10x17x26", "", ""},
		{"two-paths", "sequences through different squares to the same end are different moves", nil,
			"B:W14,15,22,23:B10", "10x17x26 10x19x26", "10x19x26", "W:W14,22:B26"},
		{"promotion", "a man reaching the far row becomes a king", nil,
			"B:W32:B27", "27-31", "27-31", "W:W32:BK31"},
		{"promotion-ends-move", "a man crowned during a capture stops there", nil,
			"B:W26,27:B22", "22x31", "22x31", "W:W27:BK31"},
		{"promotion-goes-on", "promotion_ends_move false: the new king goes on capturing",
			core.Params{"promotion_ends_move": false},
			"B:W26,27:B22", "22x31x24", "22x31x24", "W:W:BK24 winner=B"},
		{"men-no-backward-capture", "men do not capture backwards", nil,
			"B:W14:B18", "18-22 18-23", "", ""},
		{"men-capture-backwards", "men_capture_backwards: men capture backwards too",
			core.Params{"men_capture_backwards": true},
			"B:W14:B18", "18x9", "", ""},
		{"king-captures-backwards", "kings capture in every direction", nil,
			"B:W14:BK18", "18x9", "", ""},
		{"white-moves-up", "White's men move towards row 0", nil,
			"W:W22:B1", "22-17 22-18", "22-18", "B:W18:B1"},
		{"flying-king-moves", "flying_kings: a king moves any distance along an empty diagonal",
			core.Params{"flying_kings": true},
			"B:W32:BK18", "18-4 18-5 18-8 18-9 18-11 18-14 18-15 18-22 18-23 18-25 18-27 18-29", "18-4", "W:W32:BK4 quiet=1"},
		{"flying-king-captures", "flying_kings: a king captures at a distance and lands beyond",
			core.Params{"flying_kings": true},
			"B:W27,18:BK5", "5x23x32", "5x23x32", "W:W:BK32 winner=B"},
		{"flying-king-lands-to-go-on", "flying_kings: the king lands where it can go on capturing",
			core.Params{"flying_kings": true},
			"B:W10,23:BK1", "1x19x26 1x19x30", "", ""},
		{"flying-king-any-landing", "flying_kings: with no follow-up, any square beyond will do",
			core.Params{"flying_kings": true},
			"B:W10:BK1", "1x15 1x19 1x24 1x28", "", ""},
		{"flying-captured-blocks", "flying_kings: captured pieces stay until the move ends and block",
			core.Params{"flying_kings": true},
			"B:W10,19:BK15", "15x1 15x6 15x24 15x28", "", ""},
		{"draw-moves", "draw_moves: 40 moves each without a capture or a man move draw", nil,
			"B:WK32:BK1 quiet=79", "1-5 1-6", "1-5", "W:WK32:BK5 quiet=80 draw"},
		{"man-move-resets", "a man move restarts the draw_moves count", nil,
			"B:WK32:BK1,9 quiet=79", "1-5 1-6 9-13 9-14", "9-13", "W:WK32:BK1,13"},
		{"no-pieces", "a player with no pieces loses", nil,
			"W:W:B1", "", "", ""},
		{"no-moves", "a player who cannot move loses", nil,
			"W:W29:B22,25", "", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := newGame(t, tt.params)
			s := parse(t, g, tt.from)
			assert.Equal(t, tt.legal, core.MovesString(s, s.LegalMoves(nil)), tt.rule)
			if tt.legal == "" {
				assert.Equal(t, core.Terminal, s.ToMove(), tt.rule)
				assert.Equal(t, []float64{1, -1}, s.Returns(nil), tt.rule)
				assert.Contains(t, s.String(), "winner=B", tt.rule)
			}
			if tt.play != "" {
				m, err := core.ParsePlay(s, tt.play)
				require.NoError(t, err, tt.rule)
				s.Play(m)
				assert.Equal(t, tt.want, s.String(), tt.rule)
				require.NoError(t, sane(s))
				require.True(t, s.Undo())
				assert.Equal(t, parse(t, g, tt.from).String(), s.String(), "undo")
			}
		})
	}
}

func TestRepetition(t *testing.T) {
	// The third occurrence of a position (same pieces, same side to move) draws.
	g := newGame(t, nil)
	s := parse(t, g, "B:WK32:BK1")
	cycle := []string{"1-5", "32-28", "5-1", "28-32"}
	for i := 0; i < 8; i++ {
		require.Equal(t, core.Player(i%2), s.ToMove(), "ply %d", i)
		if i == 7 {
			// A clone carries the history that repetitions need.
			c := s.Copy()
			m, err := core.ParsePlay(c, cycle[i%4])
			require.NoError(t, err)
			c.Play(m)
			assert.Equal(t, core.Terminal, c.ToMove())
		}
		m, err := core.ParsePlay(s, cycle[i%4])
		require.NoError(t, err)
		s.Play(m)
	}
	assert.Equal(t, core.Terminal, s.ToMove())
	assert.Equal(t, "B:WK32:BK1 quiet=8 draw", s.String())
	assert.Equal(t, []float64{0, 0}, s.Returns(nil))
	assert.Contains(t, s.Render(false), "threefold repetition")
	require.True(t, s.Undo())
	assert.Equal(t, core.Player(1), s.ToMove())
}

func TestAgreeDrawAndResign(t *testing.T) {
	g := newGame(t, nil)
	s := g.Start()
	s.AgreeDraw()
	assert.Equal(t, core.Terminal, s.ToMove())
	assert.Equal(t, []float64{0, 0}, s.Returns(nil))
	assert.Empty(t, s.LegalMoves(nil))
	assert.Contains(t, s.Render(false), "draw agreed")
	s.Resign() // too late: the game is over
	assert.Equal(t, []float64{0, 0}, s.Returns(nil))

	s = g.Start()
	s.Play(s.LegalMoves(nil)[0])
	s.Resign() // White resigns
	assert.Equal(t, []float64{1, -1}, s.Returns(nil))
	assert.Equal(t, 0, s.Winner())
	assert.Contains(t, s.Render(false), "White resigned")
	require.True(t, s.Undo(), "undo takes back the last move and the resignation with it")
	assert.Equal(t, core.Player(0), s.ToMove())
}

func TestMovable(t *testing.T) {
	g := newGame(t, nil)
	assert.Equal(t, []int{8, 9, 10, 11}, g.Start().Movable())
	s := parse(t, g, "B:W14:B1,10")
	assert.Equal(t, []int{9}, s.Movable(), "only the capturing piece when a capture is compulsory")
	assert.Empty(t, parse(t, g, "W:W:B1").Movable())
}

func TestParseMove(t *testing.T) {
	g := newGame(t, nil)
	s := parse(t, g, "B:W14,15,22,23:B10")
	m, err := s.ParseMove("10x19x26")
	require.NoError(t, err)
	assert.Equal(t, "10x19x26", s.MoveString(m))
	_, err = s.ParseMove("10x26")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "ambiguous")
	assert.Contains(t, err.Error(), "10x17x26, 10x19x26")
	for text, msg := range map[string]string{
		"":         "want square numbers 1..32",
		"11":       "want square numbers",
		"0-4":      "not a square number 1..32",
		"11-33":    "not a square number 1..32",
		"11-16x":   "want square numbers",
		"x11":      "want square numbers",
		"11xx15":   "want square numbers",
		"11-19":    "not on one diagonal",
		"10x24":    "no such capture (captures from 10: 10x17x26, 10x19x26)",
		"1x10":     "no piece of the side to move can capture from square 1",
		"14x5":     "no piece of the side to move",
		"+1-5":     "not a square number",
		"10x17x24": "no such capture",
	} {
		_, err := s.ParseMove(text)
		if assert.Error(t, err, text) {
			assert.Contains(t, err.Error(), msg, text)
		}
	}
	// Short forms resolve when one sequence fits.
	s = parse(t, g, "B:W14,22:B10")
	m, err = s.ParseMove("10X26")
	require.NoError(t, err)
	assert.Equal(t, "10x17x26", s.MoveString(m))
	_, err = core.ParsePlay(s, "10-15")
	assert.ErrorContains(t, err, "illegal here (legal: 10x17x26)")
}

func TestParseState(t *testing.T) {
	g := newGame(t, nil)
	s := parse(t, g, "B:B1-12:W21-32")
	assert.Equal(t, g.Start().String(), s.String(), "ranges, and either list first")
	assert.Equal(t, g.Start().Hash(), s.Hash())
	for text, msg := range map[string]string{
		"":                     "empty",
		"X:W1:B2":              "side to move",
		"B:W1:B1":              "square 1 is listed twice",
		"B:W1:W2":              "two piece lists for White",
		"B:W1:B2:B3":           "at most one",
		"B:Q1":                 "start with W or B",
		"B:W33":                "not a square number 1..32",
		"B:W5-1":               "runs backwards",
		"B:W1,":                "not a square number",
		"B::B1":                "empty piece list",
		"B:W1:B2 quiet=x":      "quiet=N",
		"B:W1:B2 junk":         "unknown field",
		"B:W1:B2 draw draw":    "unknown field",
		"B:WK1:B2 quiet=99999": "quiet=N",
	} {
		_, err := g.Parse(text)
		if assert.Error(t, err, text) {
			assert.Contains(t, err.Error(), msg, text)
		}
	}
	g10 := newGame(t, core.Params{"size": 10})
	_, err := g10.Parse("B:W51:B1")
	assert.ErrorContains(t, err, "1..50")
}

func TestRulesErrors(t *testing.T) {
	for _, tc := range []struct {
		params core.Params
		msg    string
	}{
		{core.Params{"sise": 8}, `did you mean "size"`},
		{core.Params{"size": 9}, "value 9 not allowed (want one of 8, 10, 12)"},
		{core.Params{"man_rows": 4}, "man_rows 4 out of range 1..3 for size 8"},
		{core.Params{"man_rows": 0}, "value 0 not allowed"},
		{core.Params{"flying_kings": "yes"}, `param "flying_kings"`},
		{core.Params{"draw_moves": -1}, `param "draw_moves": value -1`},
		{core.Params{"size": 10, "man_rows": 5}, "man_rows 5 out of range 1..4 for size 10"},
	} {
		_, err := RulesFrom(tc.params)
		assert.ErrorContains(t, err, tc.msg, "%v", tc.params)
	}
	_, err := New("x", Rules{Size: 8, ManRows: 3, DrawMoves: -2})
	assert.ErrorContains(t, err, "draw_moves -2 out of range 0..1000")
	r, err := RulesFrom(core.Params{"size": 12, "man_rows": 5, "flying_kings": true})
	require.NoError(t, err)
	p := r.Params()
	assert.Equal(t, 12, p["size"])
	assert.Equal(t, true, p["flying_kings"])
	back, err := RulesFrom(p)
	require.NoError(t, err)
	assert.Equal(t, r, back)
}

func TestHooks(t *testing.T) {
	t.Run("on-promote", func(t *testing.T) {
		// A house rule: a man that reaches the far row leaves the board instead.
		r := DefaultRules()
		var crowned []int
		r.Hooks.OnPromote = func(s *State, sq int) error {
			crowned = append(crowned, sq)
			c, _, _ := s.Piece(sq)
			assert.Equal(t, c, s.Mover(), "the mover during the hook")
			return s.Remove(sq)
		}
		g, err := New("checkers/no-kings", r)
		require.NoError(t, err)
		s := parse(t, g, "B:W21:B27,2")
		m, err := core.ParsePlay(s, "27-31")
		require.NoError(t, err)
		s.Play(m)
		assert.Equal(t, []int{30}, crowned)
		assert.Equal(t, "W:W21:B2", s.String())
		require.NoError(t, sane(s))
		require.True(t, s.Undo())
		assert.Equal(t, "B:W21:B2,27", s.String())
		coretest.RandomSim(t, g, coretest.Options{Games: 10, Invariant: invariant()})
	})
	t.Run("is-over", func(t *testing.T) {
		// A house rule: the first player to crown a king wins.
		r := DefaultRules()
		r.Hooks.IsOver = func(s *State) (bool, int, bool, error) {
			for c := 0; c < 2; c++ {
				if _, k := s.Count(c); k > 0 {
					return true, c, true, nil
				}
			}
			return false, 0, false, nil
		}
		g, err := New("checkers/first-king", r)
		require.NoError(t, err)
		s := parse(t, g, "B:W21,22:B27")
		m, err := core.ParsePlay(s, "27-31")
		require.NoError(t, err)
		s.Play(m)
		assert.Equal(t, []float64{1, -1}, s.Returns(nil))
		assert.Equal(t, "W:W21,22:BK31 winner=B", s.String())
		coretest.RandomSim(t, g, coretest.Options{Games: 10, Invariant: invariant()})
	})
	t.Run("errors-stop-the-game", func(t *testing.T) {
		r := DefaultRules()
		r.Hooks.IsOver = func(s *State) (bool, int, bool, error) {
			if s.Ply() == 3 {
				return false, 0, false, errors.New("scripts/checkers/x.lua:3: boom")
			}
			return false, 0, false, nil
		}
		g, err := New("checkers/boom", r)
		require.NoError(t, err)
		s := g.Start()
		for i := 0; i < 3; i++ {
			s.Play(s.LegalMoves(nil)[0])
		}
		assert.Equal(t, core.Terminal, s.ToMove())
		assert.ErrorContains(t, s.Err(), "boom")
		assert.Equal(t, []float64{0, 0}, s.Returns(nil))
		assert.Contains(t, s.Render(false), "Game stopped: scripts/checkers/x.lua:3: boom")
		require.True(t, s.Undo())
		assert.NoError(t, s.Err())
		coretest.RandomSim(t, g, coretest.Options{Games: 3, AllowErr: true})
	})
	t.Run("bad-winner", func(t *testing.T) {
		r := DefaultRules()
		r.Hooks.IsOver = func(*State) (bool, int, bool, error) { return true, 7, true, nil }
		g, err := New("checkers/bad", r)
		require.NoError(t, err)
		s := g.Start()
		s.Play(s.LegalMoves(nil)[0])
		assert.ErrorContains(t, s.Err(), "is_over: winner 7: want 0 (Black), 1 (White) or -1 (draw)")
	})
	t.Run("view-errors", func(t *testing.T) {
		s := newGame(t, nil).Start()
		assert.ErrorContains(t, s.Remove(40), "square 41 out of range 1..32")
		assert.ErrorContains(t, s.Remove(15), "square 16 is empty")
		assert.ErrorContains(t, s.Crown(-1), "crown: square 0 out of range")
		assert.ErrorContains(t, s.Uncrown(14), "uncrown: square 15 is empty")
		require.NoError(t, s.Crown(0))
		require.NoError(t, sane(s))
		assert.Equal(t, -1, s.Neighbour(0, 0))
		assert.Equal(t, 4, s.Neighbour(0, 2))
		assert.Equal(t, 5, s.Neighbour(0, 3))
		row, col := s.RowCol(28)
		assert.Equal(t, [2]int{7, 0}, [2]int{row, col}, "square 29 is White's left corner")
	})
}

func TestHash(t *testing.T) {
	g := newGame(t, nil)
	a, b := g.Start(), g.Start()
	for _, m := range []string{"11-15", "24-20", "9-13"} {
		mv, err := core.ParsePlay(a, m)
		require.NoError(t, err)
		a.Play(mv)
	}
	for _, m := range []string{"9-13", "24-20", "11-15"} {
		mv, err := core.ParsePlay(b, m)
		require.NoError(t, err)
		b.Play(mv)
	}
	assert.Equal(t, a.String(), b.String())
	assert.Equal(t, a.Hash(), b.Hash(), "transpositions hash the same")
	assert.NotEqual(t, g.Start().Hash(), a.Hash())
	over := parse(t, g, a.String())
	over.AgreeDraw()
	assert.NotEqual(t, a.Hash(), over.Hash(), "a finished game hashes apart")
}

func TestPlayRandomMatchesLegalMoves(t *testing.T) {
	// The fast playout plays exactly the game that LegalMoves + Play would with the same
	// random draws.
	for _, p := range []core.Params{nil, {"must_capture": false}, {"size": 10}} {
		g := newGame(t, p)
		for seed := uint64(0); seed < 30; seed++ {
			a, b := g.Start(), g.Start()
			ra, rb := rand.New(rand.NewPCG(seed, 1)), rand.New(rand.NewPCG(seed, 1))
			a.PlayRandom(ra)
			for b.ToMove() != core.Terminal {
				moves := b.LegalMoves(nil)
				b.Play(moves[rb.IntN(len(moves))])
			}
			require.Equal(t, b.String(), a.String())
		}
	}
}

func TestGoldenPlaythrough(t *testing.T) {
	for _, tc := range []struct {
		file   string
		params core.Params
	}{
		{"playthrough-checkers.txt", nil},
		{"playthrough-brazilian.txt", core.Params{"flying_kings": true, "men_capture_backwards": true, "max_capture": true}},
		{"playthrough-international.txt", core.Params{"size": 10, "man_rows": 4, "flying_kings": true, "men_capture_backwards": true, "max_capture": true}},
	} {
		t.Run(tc.file, func(t *testing.T) {
			text, err := coretest.Playthrough(newGame(t, tc.params), 7, nil)
			require.NoError(t, err)
			coretest.Golden(t, tc.file, text)
		})
	}
	// A scripted game: the notation players type, short capture forms included.
	text, err := coretest.Playthrough(newGame(t, nil), 1, []string{
		"11-15", "23-19", "8-11", "22-17", "11-16", "24-20", "16x23", "27x11", "7x16",
	})
	require.NoError(t, err)
	coretest.Golden(t, "playthrough-checkers-scripted.txt", text)
}

func TestGoldenRender(t *testing.T) {
	g := newGame(t, nil)
	var b strings.Builder
	b.WriteString(g.Start().Render(false))
	b.WriteString(parse(t, g, "W:W14,K21,22,30:B9,K18,23 quiet=3").Render(false))
	b.WriteString(parse(t, g, "W:W29:B22,25").Render(false))
	b.WriteString(newGame(t, core.Params{"size": 10, "man_rows": 4}).Start().Render(false))
	coretest.Golden(t, "render.txt", b.String())
	color := g.Start().Render(true)
	assert.Contains(t, color, ansiMovable, "movable pieces highlighted")
	assert.NotContains(t, g.Start().Render(false), "\x1b[")
}

func FuzzParsePosition(f *testing.F) {
	for _, s := range []string{
		"B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
		"W:WK3,18:B12,K31 quiet=14", "B:W14,15,22,23:B10", "B:B1-12:W21-32",
		"W:W:B1 winner=B", "B:WK32:BK1 quiet=80 draw", "B:W27,18:BK5",
	} {
		f.Add(s)
	}
	games := []*Game{
		newGame(f, nil),
		newGame(f, core.Params{"flying_kings": true, "men_capture_backwards": true, "max_capture": true}),
		newGame(f, core.Params{"size": 10, "flying_kings": true, "promotion_ends_move": false}),
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, g := range games {
			s, err := g.Parse(text)
			if err != nil {
				continue
			}
			again, err := g.Parse(s.String())
			require.NoError(t, err, "printed position %q does not parse", s.String())
			require.Equal(t, s.String(), again.String())
			require.NoError(t, coretest.CheckStep(g, s, coretest.Options{}))
			require.NoError(t, sane(s))
			for _, m := range s.LegalMoves(nil) {
				c := s.Copy()
				c.Play(m)
				require.NoError(t, sane(c))
			}
		}
	})
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"11-15", "15x24", "10x17x26", "10x26", "10X19X26", "1-32", "x", "-", "0-0", "99999999999999999999-1"} {
		f.Add(s)
	}
	g := newGame(f, nil)
	gf := newGame(f, core.Params{"flying_kings": true, "size": 12})
	positions := []*State{g.Start(), parse(f, g, "B:W14,15,22,23:B10"), parse(f, gf, "B:W27,18:BK5")}
	f.Fuzz(func(t *testing.T, text string) {
		for _, s := range positions {
			m, err := s.ParseMove(text)
			if err != nil {
				continue
			}
			back, err := s.ParseMove(s.MoveString(m))
			require.NoError(t, err, "%q writes as %q", text, s.MoveString(m))
			require.Equal(t, m, back)
			if _, err := core.ParsePlay(s, text); err == nil {
				c := s.Copy()
				c.Play(m)
				require.NoError(t, sane(c))
			}
		}
	})
}

func TestEvaluate(t *testing.T) {
	// Material decides first: a king beats a man, more pieces beat fewer; the start is
	// even; the view is symmetric between the seats.
	g := newGame(t, nil)
	s := g.Start()
	if v := s.Evaluate(0); v != 0 {
		t.Fatalf("start evaluates %d for Black, want 0", v)
	}
	for _, pos := range []string{"B:WK30:B1,2", "W:W21,22,23:B1"} {
		st, err := g.Parse(pos)
		if err != nil {
			t.Fatal(err)
		}
		if st.Evaluate(0) != -st.Evaluate(1) {
			t.Fatalf("%s: not zero-sum", pos)
		}
	}
	st, _ := g.Parse("B:W21,22,23:B1")
	if st.Evaluate(1) <= 0 {
		t.Fatalf("three men against one should favour White")
	}
}
