package tictactoe

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
	g, err := New("tictactoe", r)
	require.NoError(t, err)
	return g
}

func parse(t testing.TB, g *Game, text string) *State {
	t.Helper()
	s, err := g.Parse(text)
	require.NoError(t, err)
	return s
}

// consistent is the tic-tac-toe invariant: marks on board cells, one per cell; X has as
// many marks as O or one more, and the side to move follows from the counts; with
// gravity no mark floats above an empty cell; the hash is up to date.
func consistent(cs core.State) error {
	s := cs.(*State)
	g := s.g
	var both board
	for w := range both {
		if s.m[0][w]&s.m[1][w] != 0 {
			return fmt.Errorf("a cell marked twice")
		}
		both[w] = s.m[0][w] | s.m[1][w]
		if both[w]&^g.valid[w] != 0 {
			return fmt.Errorf("marks off the board")
		}
	}
	nx, no := s.m[0].count(), s.m[1].count()
	if nx+no != s.filled {
		return fmt.Errorf("%d marks, filled says %d", nx+no, s.filled)
	}
	if nx-no != 0 && nx-no != 1 {
		return fmt.Errorf("x has %d marks, o %d", nx, no)
	}
	if s.end == endNone && int(s.side) != nx-no {
		return fmt.Errorf("%s to move with x %d and o %d marks", statusNames[s.side], nx, no)
	}
	if g.r.Gravity {
		for c := g.r.Cols; c < g.cells; c++ {
			if both.has(c) && !both.has(c-g.r.Cols) {
				return fmt.Errorf("%s floats", cellName(g, c))
			}
		}
	}
	h := uint64(0)
	for p := 0; p < 2; p++ {
		for c := 0; c < g.cells; c++ {
			if s.m[p].has(c) {
				h ^= zob[p][c]
			}
		}
	}
	if s.side == 1 {
		h ^= zobSide
	}
	if h != s.hash {
		return fmt.Errorf("hash %x, recomputed %x", s.hash, h)
	}
	return nil
}

func TestContractGrid(t *testing.T) {
	// Board shapes (one word and several), line lengths, and every combination of the
	// misère, full-board and gravity knobs: seeded random games with the contract and
	// the marks invariant checked at every step.
	shapes := [][3]int{{1, 1, 1}, {1, 5, 3}, {3, 3, 3}, {3, 3, 1}, {4, 4, 3}, {6, 7, 4}, {3, 5, 5},
		{8, 8, 4}, {9, 8, 5}, {15, 15, 5}, {2, 15, 2}, {15, 1, 15}}
	for _, sh := range shapes {
		for bits := 0; bits < 8; bits++ {
			p := core.Params{"rows": sh[0], "cols": sh[1], "k": sh[2], "misere": bits&1 != 0,
				"full_board": fullBoardNames[bits>>1&1], "gravity": bits&4 != 0}
			t.Run(fmt.Sprintf("%dx%dk%d-%d", sh[0], sh[1], sh[2], bits), func(t *testing.T) {
				t.Parallel()
				g := newGame(t, p)
				games := 10
				if g.cells > 64 {
					games = 2
				}
				coretest.RandomSim(t, g, coretest.Options{Games: games, Seed: uint64(bits*100 + sh[0]*16 + sh[1]), Invariant: consistent})
			})
		}
	}
}

func TestContractDefault(t *testing.T) {
	coretest.RandomSim(t, newGame(t, nil), coretest.Options{Games: 300, Invariant: consistent})
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
		{"row", "k marks in a row win", nil, "xx./oo./... x", "c3", "xxx/oo./... x-wins"},
		{"column", "k marks in a column win", nil, "x../xo./.o. x", "a1", "x../xo./xo. x-wins"},
		{"diagonal", "k marks on a diagonal win", nil, "o.x/.x./..o x", "a1", "o.x/.x./x.o x-wins"},
		{"anti-diagonal", "k marks on the other diagonal win", nil, "ox./xo./x.. o", "c1", "ox./xo./x.o o-wins"},
		{"no-line", "a move that makes no line goes on", nil, "xo./.../... x", "c3", "xox/.../... o"},
		{"full-board-draw", "a full board without a line is a draw", nil, "xox/xoo/o.x x", "b1", "xox/xoo/oxx draw"},
		{"full-board-both-lose", "full_board both_lose: a full board without a line loses for both",
			core.Params{"full_board": "both_lose"}, "xox/xoo/o.x x", "b1", "xox/xoo/oxx both-lose"},
		{"line-on-last-cell", "a line made with the last empty cell wins, not draws", nil,
			"oxo/xxo/o.x x", "b1", "oxo/xxo/oxx x-wins"},
		{"longer-line", "a line longer than k counts: six in a row wins when k is 5",
			core.Params{"rows": 2, "cols": 7, "k": 5},
			"oo.oo.o/xxx.xx. x", "d1", "oo.oo.o/xxxxxx. x-wins"},
		{"longer-line-parsed", "a parsed position holding a line longer than k is over",
			core.Params{"rows": 2, "cols": 7, "k": 3},
			"oo.o.o./xxxxx.. o", "", ""},
		{"misere", "misere: the player who makes a line loses", core.Params{"misere": true},
			"xx./oo./... x", "c3", "xxx/oo./... o-wins"},
		{"k1", "k 1: the first mark is a line", core.Params{"k": 1}, ".../.../... x", "b2", ".../.x./... x-wins"},
		{"gravity", "gravity: a mark drops to the lowest empty cell of its column",
			core.Params{"rows": 6, "cols": 7, "k": 4, "gravity": true},
			"......./......./......./......./......./...x... o", "d", "......./......./......./......./...o.../...x... x"},
		{"connect-four", "rows 6, cols 7, k 4, gravity: four in a column wins",
			core.Params{"rows": 6, "cols": 7, "k": 4, "gravity": true},
			"......./......./......./x....../xo...../xo.o... x", "a4", "......./......./x....../x....../xo...../xo.o... x-wins"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := newGame(t, tt.params)
			s := parse(t, g, tt.from)
			if tt.play == "" {
				// The position itself holds the line: it reads as over.
				assert.Equal(t, core.Terminal, s.ToMove(), tt.rule)
				assert.Contains(t, s.String(), "x-wins", tt.rule)
				return
			}
			m, err := core.ParsePlay(s, tt.play)
			require.NoError(t, err, tt.rule)
			s.Play(m)
			assert.Equal(t, tt.want, s.String(), tt.rule)
			require.NoError(t, consistent(s))
			require.True(t, s.Undo())
			assert.Equal(t, parse(t, g, tt.from).String(), s.String(), "undo")
			assert.Equal(t, parse(t, g, tt.from).Hash(), s.Hash(), "undo")
		})
	}
}

func TestReturns(t *testing.T) {
	g := newGame(t, nil)
	assert.Equal(t, []float64{1, -1}, parse(t, g, "xxx/oo./... x-wins").Returns(nil))
	assert.Equal(t, []float64{-1, 1}, parse(t, g, "xx./ooo/x.. o-wins").Returns(nil))
	assert.Equal(t, []float64{0, 0}, parse(t, g, "xox/xoo/oxx draw").Returns(nil))
	assert.Equal(t, []float64{-1, -1}, parse(t, newGame(t, core.Params{"full_board": "both_lose"}), "xox/xoo/oxx o").Returns(nil))
	assert.Equal(t, []float64{0, 0}, g.Start().Returns(nil))
	assert.Equal(t, 1, parse(t, g, "xx./ooo/x.. x").Winner(), "a line in a parsed position ends it")
}

// connectFourPerft counts Connect Four (7 columns, 6 rows) move sequences from the empty
// board, depths 0..8: perft, each order of moves counted apart (a game won at ply 7 is
// not extended). To ply 6 every sequence is legal, 7^d; at ply 7 the seven sequences
// that put all seven discs in one column are not; from ply 8 on, wins at ply 7 cut the
// tree. These are not OEIS A212693, which counts distinct positions (1, 7, 49, 238, ...:
// transpositions merged; see TestConnectFourPositions). TestConnectFourPerftBrute checks
// the counts against an independent brute force.
var connectFourPerft = []uint64{1, 7, 49, 343, 2401, 16807, 117649, 823536, 5673234}

// connectFourPositions is OEIS A212693, the number of legal 7x6 Connect Four positions
// after n plies (John Tromp), n = 0..8: positions reached, transpositions merged, none
// past a win.
var connectFourPositions = []int{1, 7, 49, 238, 1120, 4263, 16422, 54859, 184275}

// c4Brute is an independent Connect Four for counting: a 7x6 grid of 0 (empty), 1 and
// 2, column heights, and a win test that scans the four directions from the last disc.
type c4Brute struct {
	cell   [7][6]int
	height [7]int
}

// wins reports whether the disc just dropped in column c makes four in a row.
func (b *c4Brute) wins(c int) bool {
	r := b.height[c] - 1
	who := b.cell[c][r]
	for _, d := range [][2]int{{1, 0}, {0, 1}, {1, 1}, {1, -1}} {
		n := 1
		for _, sgn := range []int{1, -1} {
			for k := 1; k < 4; k++ {
				x, y := c+sgn*k*d[0], r+sgn*k*d[1]
				if x < 0 || x >= 7 || y < 0 || y >= 6 || b.cell[x][y] != who {
					break
				}
				n++
			}
		}
		if n >= 4 {
			return true
		}
	}
	return false
}

// perft counts the move sequences of depth more plies with who to move.
func (b *c4Brute) perft(depth, who int) uint64 {
	if depth == 0 {
		return 1
	}
	var n uint64
	for c := 0; c < 7; c++ {
		if b.height[c] == 6 {
			continue
		}
		if depth == 1 {
			n++
			continue
		}
		b.cell[c][b.height[c]] = who
		b.height[c]++
		if !b.wins(c) {
			n += b.perft(depth-1, 3-who)
		}
		b.height[c]--
		b.cell[c][b.height[c]] = 0
	}
	return n
}

func TestConnectFourPerftBrute(t *testing.T) {
	for d, n := range connectFourPerft {
		var b c4Brute
		assert.Equal(t, n, b.perft(d, 1), "brute force, depth %d", d)
	}
}

func TestConnectFourPositions(t *testing.T) {
	// The game's own moves, positions merged by their position string, none extended
	// past a win: the distinct positions after each ply are OEIS A212693.
	g := newGame(t, core.Params{"rows": 6, "cols": 7, "k": 4, "gravity": true})
	counts := connectFourPositions
	if testing.Short() {
		counts = counts[:8] // the positions of ply 8 take most of the time
	}
	level := map[string]*State{g.Start().String(): g.Start()}
	for ply, want := range counts {
		require.Len(t, level, want, "distinct positions after %d plies", ply)
		if ply == len(counts)-1 {
			break
		}
		next := map[string]*State{}
		for _, s := range level {
			if s.ToMove() == core.Terminal {
				continue
			}
			for _, m := range s.LegalMoves(nil) {
				c := s.Clone().(*State)
				c.Play(m)
				next[c.String()] = c
			}
		}
		level = next
	}
}

func TestPerft(t *testing.T) {
	// From the empty 3x3 board, games ending earlier contribute nothing: 255,168 games in
	// all.
	want := []uint64{1, 9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872, 0}
	g := newGame(t, nil)
	for d, n := range want {
		assert.Equal(t, n, g.Start().Perft(d), "depth %d", d)
	}
	assert.Equal(t, want[5], coretest.Perft(g.NewState(), 5), "the contract's perft agrees")
	c4 := newGame(t, core.Params{"rows": 6, "cols": 7, "k": 4, "gravity": true})
	for d, n := range connectFourPerft {
		assert.Equal(t, n, c4.Start().Perft(d), "connect four depth %d", d)
	}
	// The generic path (more than 64 cells) agrees with the one-word path on lines
	// through the middle of a large board.
	big := newGame(t, core.Params{"rows": 9, "cols": 9, "k": 3})
	small := newGame(t, core.Params{"rows": 8, "cols": 8, "k": 3})
	require.False(t, big.small)
	require.True(t, small.small)
	assert.Equal(t, uint64(81*80*79*78), big.Start().Perft(4))
	assert.Equal(t, uint64(64*63*62*61), small.Start().Perft(4))
}

func TestGamesCount(t *testing.T) {
	// Every finished game of 3x3 tic-tac-toe: 255,168, of which X wins 131,184, O wins
	// 77,904 and 46,080 are draws.
	var x, o, d int
	var walk func(s *State)
	walk = func(s *State) {
		if s.ToMove() == core.Terminal {
			switch s.Winner() {
			case 0:
				x++
			case 1:
				o++
			default:
				d++
			}
			return
		}
		for _, m := range s.LegalMoves(nil) {
			s.Play(m)
			walk(s)
			s.Undo()
		}
	}
	walk(newGame(t, nil).Start())
	assert.Equal(t, [3]int{131184, 77904, 46080}, [3]int{x, o, d})
}

func TestParseMove(t *testing.T) {
	g := newGame(t, nil)
	s := g.Start()
	for text, want := range map[string]core.Move{"a1": 0, "c1": 2, "a3": 6, "B2": 4, " c3 ": 8} {
		m, err := s.ParseMove(text)
		require.NoError(t, err, text)
		assert.Equal(t, want, m, text)
	}
	for _, text := range []string{"", "d1", "a4", "a0", "a", "1a", "a+1", "a01", "aa", "b-1", "zz9"} {
		_, err := s.ParseMove(text)
		assert.ErrorContains(t, err, "want a column a..c and a row 1..3, e.g. b2", text)
	}
	_, err := core.ParsePlay(parse(t, g, "x../.../... o"), "a3")
	assert.ErrorContains(t, err, "illegal")

	c4 := newGame(t, core.Params{"rows": 2, "cols": 3, "k": 2, "gravity": true})
	s = parse(t, c4, "x../o.. x")
	m, err := s.ParseMove("b")
	require.NoError(t, err)
	assert.Equal(t, "b1", s.MoveString(m), "a column alone is its lowest empty cell")
	_, err = s.ParseMove("a")
	assert.ErrorContains(t, err, "column a is full")
	_, err = core.ParsePlay(s, "b2")
	assert.ErrorContains(t, err, "illegal here (legal: b1 c1)")
	_, err = s.ParseMove("q")
	assert.ErrorContains(t, err, "(or a column alone)")
}

func TestParseState(t *testing.T) {
	g := newGame(t, nil)
	for text, msg := range map[string]string{
		"":                 "want the rows from the top",
		"..././... x junk": "want the rows from the top",
		"../.../... x":     "row 3 \"..\" has 2 cells, want 3",
		".../... x":        "2 rows, want 3",
		"..q/.../... x":    "cell c3 is 'q'",
		".../.../... z":    `"z": want x or o`,
		"xx./.../... x":    "x has 2 marks and o 0",
		"x../.../... x":    "x to move, but x has 1 marks and o 0: it is o's turn",
		"xxx/ooo/x.. o":    "both x and o have 3 in a row",
	} {
		_, err := g.Parse(text)
		assert.ErrorContains(t, err, msg, text)
	}
	grav := newGame(t, core.Params{"gravity": true})
	_, err := grav.Parse("x../.../o.. x")
	assert.ErrorContains(t, err, "gravity: a3 is marked above the empty a2")
	assert.Equal(t, "x../.o./... x", parse(t, g, "X../.O./... x").String(), "capitals read as marks")
}

func TestRulesErrors(t *testing.T) {
	for _, tc := range []struct {
		params core.Params
		msg    string
	}{
		{core.Params{"rows": 0}, `param "rows": value 0 not allowed (want an integer 1..15)`},
		{core.Params{"cols": 16}, `param "cols": value 16 not allowed (want an integer 1..15)`},
		{core.Params{"k": 4}, "tictactoe: k 4: no line of 4 fits on a 3x3 board (want 1..3)"},
		{core.Params{"full_board": "nobody"}, "want one of draw, both_lose"},
		{core.Params{"gravty": true}, `did you mean "gravity"`},
	} {
		_, err := RulesFrom(tc.params)
		assert.ErrorContains(t, err, tc.msg, "%v", tc.params)
	}
	_, err := New("x", Rules{Rows: 3, Cols: 3, K: 3, FullBoard: 9})
	assert.ErrorContains(t, err, "full_board 9 unknown")
	r, err := RulesFrom(core.Params{"rows": 6, "cols": 7, "k": 4, "gravity": true, "full_board": "both_lose"})
	require.NoError(t, err)
	back, err := RulesFrom(r.Params())
	require.NoError(t, err)
	assert.Equal(t, r, back)
}

func TestHooks(t *testing.T) {
	t.Run("winner", func(t *testing.T) {
		// A house rule (Gomoku's exact k): a line longer than k does not win.
		r := Rules{Rows: 2, Cols: 7, K: 3}
		r.Hooks.Winner = func(s *State, last int) (bool, int, bool, error) {
			cells := []int{last}
			if last < 0 { // a parsed position: look everywhere
				cells = cells[:0]
				for c := 0; c < s.Cells(); c++ {
					cells = append(cells, c)
				}
			}
			for _, c := range cells {
				if s.Mark(c) >= 0 && s.Run(c, 0) == s.K() {
					return true, s.Mark(c), true, nil
				}
			}
			return false, 0, true, nil
		}
		g, err := New("tictactoe/exact", r)
		require.NoError(t, err)
		s := parse(t, g, "o.o.o.o/xx.xx.. x")
		m, err := core.ParsePlay(s, "c1")
		require.NoError(t, err)
		s.Play(m)
		assert.Equal(t, "o.o.o.o/xxxxx.. o", s.String(), "five in a row is not three")
		s = parse(t, g, "o.o.o../xx..x.. x")
		s.Play(2)
		assert.Equal(t, "o.o.o../xxx.x.. x-wins", s.String())
		coretest.RandomSim(t, g, coretest.Options{Games: 20, Invariant: consistent})
	})
	t.Run("draw", func(t *testing.T) {
		r := DefaultRules()
		r.Hooks.Winner = func(s *State, last int) (bool, int, bool, error) {
			return last == 4, -1, true, nil // marking the centre draws at once
		}
		g, err := New("tictactoe/centre", r)
		require.NoError(t, err)
		s := g.Start()
		s.Play(4)
		assert.Equal(t, ".../.x./... draw", s.String())
	})
	t.Run("error", func(t *testing.T) {
		r := DefaultRules()
		r.Hooks.Winner = func(s *State, last int) (bool, int, bool, error) {
			if s.Filled() == 3 {
				return false, 0, false, errors.New("scripts/tictactoe/x.lua:7: boom")
			}
			return false, 0, false, nil
		}
		g, err := New("tictactoe/boom", r)
		require.NoError(t, err)
		s := g.Start()
		for _, m := range []core.Move{0, 1, 2} {
			s.Play(m)
		}
		assert.Equal(t, core.Terminal, s.ToMove())
		assert.ErrorContains(t, s.Err(), "x.lua:7: boom")
		assert.Equal(t, []float64{0, 0}, s.Returns(nil))
		assert.Contains(t, s.Render(false), "Game stopped")
		require.True(t, s.Undo())
		assert.NoError(t, s.Err())
		assert.Equal(t, core.Player(0), s.ToMove())
		coretest.RandomSim(t, g, coretest.Options{Games: 5, AllowErr: true})
	})
	t.Run("bad-winner", func(t *testing.T) {
		r := DefaultRules()
		r.Hooks.Winner = func(*State, int) (bool, int, bool, error) { return true, 2, true, nil }
		g, err := New("tictactoe/bad", r)
		require.NoError(t, err)
		s := g.Start()
		s.Play(0)
		assert.ErrorContains(t, s.Err(), "winner: 2: want 0 (X), 1 (O) or -1 (draw)")
	})
}

func TestView(t *testing.T) {
	g := newGame(t, core.Params{"rows": 4, "cols": 5, "k": 4})
	s := parse(t, g, "...../.x.../.xo../.xoo. x")
	assert.Equal(t, 3, s.Run(s.Cell(1, 1), 1), "b1, b2, b3 in a column")
	assert.Equal(t, 1, s.Run(s.Cell(1, 1), 0))
	assert.Equal(t, 2, s.Run(s.Cell(0, 2), 0))
	assert.Equal(t, 2, s.Run(s.Cell(0, 3), 3), "d1 and c2 rising to the left")
	assert.Equal(t, 0, s.Run(s.Cell(3, 3), 0), "an empty cell")
	assert.Equal(t, -1, s.Cell(4, 0))
	assert.Equal(t, -1, s.Mark(-1))
	assert.Equal(t, 0, s.Run(0, 9))
	assert.Equal(t, [4]int{4, 5, 4, 20}, [4]int{s.Rows(), s.Cols(), s.K(), s.Cells()})
}

func TestHash(t *testing.T) {
	g := newGame(t, nil)
	a, b := g.Start(), g.Start()
	for _, m := range []core.Move{0, 4, 8} {
		a.Play(m)
	}
	for _, m := range []core.Move{8, 4, 0} {
		b.Play(m)
	}
	assert.Equal(t, a.Hash(), b.Hash(), "transpositions hash the same")
	assert.NotEqual(t, g.Start().Hash(), a.Hash())
}

func TestPlayRandomMatchesLegalMoves(t *testing.T) {
	// The fast playout plays exactly the game that LegalMoves + Play would with the same
	// random draws.
	for _, p := range []core.Params{nil, {"rows": 6, "cols": 7, "k": 4, "gravity": true}, {"rows": 10, "cols": 10, "k": 4}} {
		g := newGame(t, p)
		for seed := uint64(0); seed < 50; seed++ {
			a, b := g.Start(), g.Start()
			ra, rb := rand.New(rand.NewPCG(seed, 1)), rand.New(rand.NewPCG(seed, 1))
			n := a.PlayRandom(ra)
			for b.ToMove() != core.Terminal {
				moves := b.LegalMoves(nil)
				b.Play(moves[rb.IntN(len(moves))])
			}
			require.Equal(t, b.String(), a.String())
			require.Equal(t, b.Ply(), n)
		}
	}
}

func TestGoldenPlaythrough(t *testing.T) {
	for _, tc := range []struct {
		file   string
		params core.Params
	}{
		{"playthrough-tictactoe.txt", nil},
		{"playthrough-connect-four.txt", core.Params{"rows": 6, "cols": 7, "k": 4, "gravity": true}},
		{"playthrough-misere-4x4.txt", core.Params{"rows": 4, "cols": 4, "k": 3, "misere": true, "full_board": "both_lose"}},
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
	s := parse(t, g, "x.o/.x./o.. x")
	var b strings.Builder
	b.WriteString(s.Render(false))
	s.Play(2) // c1 makes the diagonal a3-b2-c1
	b.WriteString(s.Render(false))
	b.WriteString(newGame(t, core.Params{"rows": 6, "cols": 7, "k": 4, "gravity": true}).Start().Render(false))
	coretest.Golden(t, "render.txt", b.String())
	assert.Contains(t, s.Render(true), ansiLast, "the last mark is underlined")
	assert.NotContains(t, s.Render(false), "\x1b[")
}

func FuzzParsePosition(f *testing.F) {
	for _, s := range []string{"..././... x", "x.o/.x./o.. o", "xxx/oo./... x-wins", "xox/xoo/oxx draw",
		"......./......./......./......./......./...x... o", "xo/ox both-lose"} {
		f.Add(s)
	}
	games := []*Game{
		newGame(f, nil),
		newGame(f, core.Params{"misere": true, "full_board": "both_lose"}),
		newGame(f, core.Params{"rows": 6, "cols": 7, "k": 4, "gravity": true}),
		newGame(f, core.Params{"rows": 2, "cols": 2, "k": 2}),
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
			require.NoError(t, coretest.CheckStep(g, s, coretest.Options{Invariant: consistent}))
			for _, m := range s.LegalMoves(nil) {
				c := s.Copy()
				c.Play(m)
				require.NoError(t, consistent(c))
			}
		}
	})
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"a1", "b2", "C3", "d", "o15", "a0", "", "zz", "a99999999999999999999"} {
		f.Add(s)
	}
	games := []*Game{newGame(f, nil), newGame(f, core.Params{"rows": 15, "cols": 15, "k": 5, "gravity": true})}
	f.Fuzz(func(t *testing.T, text string) {
		for _, g := range games {
			s := g.Start()
			m, err := s.ParseMove(text)
			if err != nil {
				continue
			}
			back, err := s.ParseMove(s.MoveString(m))
			require.NoError(t, err)
			require.Equal(t, m, back)
			if _, err := core.ParsePlay(s, text); err == nil {
				s.Play(m)
				require.NoError(t, consistent(s))
			}
		}
	})
}

// BenchmarkRandomGame plays random 3x3 games; it reports games per second.
func BenchmarkRandomGame(b *testing.B) {
	s := newGame(b, nil).Start()
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < b.N; i++ {
		s.Reset()
		s.PlayRandom(r)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkRandomConnectFour plays random Connect Four games.
func BenchmarkRandomConnectFour(b *testing.B) {
	s := newGame(b, core.Params{"rows": 6, "cols": 7, "k": 4, "gravity": true}).Start()
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < b.N; i++ {
		s.Reset()
		s.PlayRandom(r)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkRandomGomoku plays random 15x15 five-in-a-row games (the generic path).
func BenchmarkRandomGomoku(b *testing.B) {
	s := newGame(b, core.Params{"rows": 15, "cols": 15, "k": 5}).Start()
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < b.N; i++ {
		s.Reset()
		s.PlayRandom(r)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkPerft is the full 3x3 game tree (perft 9); it reports leaf nodes per second.
func BenchmarkPerft(b *testing.B) {
	s := newGame(b, nil).Start()
	var nodes uint64
	for i := 0; i < b.N; i++ {
		nodes += s.Perft(9)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

func TestEvaluate(t *testing.T) {
	// Open lines: X in the centre has more lines than O in a corner; the empty board is
	// even; misère turns the signs.
	g := newGame(t, nil)
	if v := g.Start().Evaluate(0); v != 0 {
		t.Fatalf("empty board evaluates %d", v)
	}
	s, err := g.Parse("o../.x./... x")
	if err != nil {
		t.Fatal(err)
	}
	if s.Evaluate(0) <= 0 || s.Evaluate(0) != -s.Evaluate(1) {
		t.Fatalf("centre against corner: %d for X, %d for O", s.Evaluate(0), s.Evaluate(1))
	}
	m := newGame(t, core.Params{"misere": true})
	ms, _ := m.Parse("o../.x./... x")
	if ms.Evaluate(0) != -s.Evaluate(0) {
		t.Fatalf("misère should turn the sign")
	}
}
