package checkers

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/coretest"
)

// deep reports whether the slow perft depths run (KALAHLAB_DEEP=1).
func deep() bool { return os.Getenv("KALAHLAB_DEEP") != "" }

// English checkers from the start, a capture sequence one move (published counts, Aart
// Bik 2009): depth 1..11.
var englishPerft = []uint64{1, 7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963680, 18391564, 85242128}

func TestPerftEnglish(t *testing.T) {
	g := newGame(t, nil)
	last := 8
	if deep() {
		last = 11
	}
	for d := 0; d <= last; d++ {
		assert.Equal(t, englishPerft[d], g.Start().Perft(d), "depth %d", d)
	}
	// core.Perft takes the game's own (bulk) perft; through the bare core.State
	// interface (LegalMoves, Clone and Play, every rule checked) it counts the same.
	assert.Equal(t, englishPerft[6], coretest.Perft(g.NewState(), 6))
	assert.Equal(t, englishPerft[6], coretest.Perft(struct{ core.State }{g.NewState()}, 6))
}

func TestPerftEnglishGeneric(t *testing.T) {
	// The generic engine (every size, flying kings) on the 8x8 board.
	g := newGame(t, nil)
	g.fast = false
	g.startPos = position{}
	for sq := 0; sq < 32; sq++ {
		for c := 0; c < 2; c++ {
			if g.start[c].has(sq) {
				g.startPos.pcs[c].add(sq)
			}
		}
	}
	last := 6
	if deep() {
		last = 9
	}
	for d := 0; d <= last; d++ {
		assert.Equal(t, englishPerft[d], g.Start().Perft(d), "depth %d", d)
	}
}

func TestPerftDivide(t *testing.T) {
	g := newGame(t, nil)
	want := map[string]uint64{"9-13": 1,
		"9-14": 1, "10-14": 1, "10-15": 1, "11-15": 1, "11-16": 1, "12-16": 1}
	for _, sp := range coretest.Divide(g.NewState(), 1) {
		assert.Equal(t, want[sp.Move], sp.Nodes, sp.Move)
	}
	var sum uint64
	for _, sp := range coretest.Divide(g.NewState(), 5) {
		sum += sp.Nodes
	}
	assert.Equal(t, englishPerft[5], sum)
}

func TestPerftDraughts(t *testing.T) {
	// Brazilian draughts (8x8, flying kings, men capture backwards, the most pieces
	// compulsory), counting sequences that take the same pieces in another order apart,
	// as we do (published by Rein Halbersma, 2010).
	brazilian := newGame(t, core.Params{"flying_kings": true, "men_capture_backwards": true, "max_capture": true})
	want := []uint64{1, 7, 49, 302, 1469, 7473, 37628, 187302}
	last := 6
	if deep() {
		last = 7
	}
	for d := 0; d <= last; d++ {
		assert.Equal(t, want[d], brazilian.Start().Perft(d), "brazilian depth %d", d)
	}

	// International draughts (10x10, 20 men each), the published counts merging
	// sequences that take the same pieces and end on the same square (Aart Bik, 2010):
	// our count with those merged.
	intl := newGame(t, core.Params{"size": 10, "man_rows": 4, "flying_kings": true, "men_capture_backwards": true, "max_capture": true})
	want = []uint64{1, 9, 81, 658, 4265, 27117, 167140, 1049442, 6483961}
	last = 5
	if deep() {
		last = 8
	}
	for d := 0; d <= last; d++ {
		assert.Equal(t, want[d], perftMerged(intl.Start(), d), "international depth %d", d)
	}
	// Without merging, the count is higher from depth 8 on: 6483971.
	if deep() {
		assert.Equal(t, uint64(6483971), intl.Start().Perft(8))
	}
}

// perftMerged is perft counting capture sequences with the same origin, end and
// captured pieces once.
func perftMerged(s *State, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	type key struct {
		from, to int
		capt     set
	}
	seen := map[key]bool{}
	var n uint64
	for _, m := range s.LegalMoves(nil) {
		k := key{from: moveFrom(m), to: moveTo(m)}
		if isCapture(m) {
			x := s.jumps(modeFind)
			s.genStart(x, k.from)
			x.target, x.want = k.to, int(m&codeIdx)
			x.genJump(k.from, s.p.kings.has(k.from))
			require.True(nil, x.done)
			k.capt = x.foundCapt
		}
		if seen[k] {
			continue
		}
		seen[k] = true
		if depth == 1 {
			n++
			continue
		}
		s.Play(m)
		n += perftMerged(s, depth-1)
		s.Undo()
	}
	return n
}

// BenchmarkPerft is perft(9) of English checkers from the start (bulk counting at the
// last ply, undo instead of clone); it reports leaf nodes per second.
func BenchmarkPerft(b *testing.B) {
	s := newGame(b, nil).Start()
	var nodes uint64
	for i := 0; i < b.N; i++ {
		nodes += s.Perft(9)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

// BenchmarkPerftInternational is perft(6) of International draughts (the generic
// engine).
func BenchmarkPerftInternational(b *testing.B) {
	s := newGame(b, core.Params{"size": 10, "man_rows": 4, "flying_kings": true, "men_capture_backwards": true, "max_capture": true}).Start()
	var nodes uint64
	for i := 0; i < b.N; i++ {
		nodes += s.Perft(6)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

// BenchmarkRandomGame plays random games of English checkers to the end (draw rules
// included); it reports games per second and plies per game.
func BenchmarkRandomGame(b *testing.B) {
	benchRandom(b, nil)
}

// BenchmarkRandomGameInternational plays random games of International draughts (the
// generic engine).
func BenchmarkRandomGameInternational(b *testing.B) {
	benchRandom(b, core.Params{"size": 10, "man_rows": 4, "flying_kings": true, "men_capture_backwards": true, "max_capture": true})
}

func benchRandom(b *testing.B, p core.Params) {
	s := newGame(b, p).Start()
	r := rand.New(rand.NewPCG(1, 2))
	plies := 0
	for i := 0; i < b.N; i++ {
		s.Reset()
		plies += s.PlayRandom(r)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(plies)/float64(b.N), "plies/game")
}

// fastRules lists the knob combinations the 8x8 engine plays (all but flying kings),
// with a short draw limit so that draws happen inside a perft.
func fastRules() []core.Params {
	var out []core.Params
	for bits := 0; bits < 1<<4; bits++ {
		out = append(out, core.Params{
			"men_capture_backwards": bits&1 != 0, "must_capture": bits&2 == 0,
			"max_capture": bits&4 != 0, "promotion_ends_move": bits&8 == 0,
			"draw_moves": []int{40, 3, 0, 5}[bits%4],
		})
	}
	return out
}

// randomPosition returns a position string with pieces scattered at random: men and
// kings of both colours (men on their crowning row too, as a position string may have
// them), so that kings and long multi-jumps are common.
func randomPosition(r *rand.Rand) string {
	var lists [2][]string
	density := 0.2 + 0.5*r.Float64()
	kings := r.Float64()
	if r.IntN(3) == 0 {
		kings = 0 // men only
	}
	for sq := 1; sq <= 32; sq++ {
		if r.Float64() > density {
			continue
		}
		c := r.IntN(2)
		item := fmt.Sprint(sq)
		if r.Float64() < kings {
			item = "K" + item
		}
		lists[c] = append(lists[c], item)
	}
	side := "BW"[r.IntN(2)]
	text := fmt.Sprintf("%c:W%s:B%s", side, strings.Join(lists[1], ","), strings.Join(lists[0], ","))
	if r.IntN(2) == 0 {
		text += fmt.Sprintf(" quiet=%d", r.IntN(12))
	}
	return text
}

// effects returns what each legal move does, by the plain path: LegalMoves, then Play.
func effects(s *State) []fmove {
	var out []fmove
	c := s.p.side
	for _, m := range s.LegalMoves(nil) {
		k := s.Copy()
		k.Play(m)
		to := uint64(1) << fastBit[moveTo(m)]
		out = append(out, fmove{
			from: uint64(1) << fastBit[moveFrom(m)], to: to,
			capt: s.p.pcs[c^1].lo &^ k.p.pcs[c^1].lo, kto: k.p.kings.lo & to,
		})
	}
	return sortMoves(out)
}

// bulkMoves returns the moves of the bulk perft's generator.
func bulkMoves(s *State) []fmove {
	if s.p.end != endNone {
		return nil
	}
	c := s.p.side
	b := s.newBulk(1)
	return sortMoves(b.gen(nil, c, s.p.pcs[c].lo, s.p.pcs[c^1].lo, s.p.kings.lo))
}

func sortMoves(ms []fmove) []fmove {
	slices.SortFunc(ms, func(a, b fmove) int {
		return cmp.Or(cmp.Compare(a.from, b.from), cmp.Compare(a.to, b.to), cmp.Compare(a.capt, b.capt), cmp.Compare(a.kto, b.kto))
	})
	return ms
}

// agree checks the bulk perft against the plain one below s, depth 1..depth, and their
// move lists at s.
func agree(t *testing.T, s *State, depth int, what string) {
	t.Helper()
	require.Equal(t, effects(s), bulkMoves(s), "%s: moves of %s", what, s)
	for d := 1; d <= depth; d++ {
		before := s.String()
		want := s.plainPerft(d)
		require.Equal(t, want, s.bulkPerft(d), "%s: perft(%d) of %s", what, d, s)
		require.Equal(t, before, s.String(), "perft changed the position")
	}
}

// TestPerftPathsAgree holds the bulk perft (bitboards, no game-over checks but the draw
// rules) to the plain one (LegalMoves, Play, Undo) on every knob combination of the 8x8
// engine: positions along random games, random positions with kings and multi-jumps,
// positions on the edge of the draw rules, and the published counts.
func TestPerftPathsAgree(t *testing.T) {
	for i, p := range fastRules() {
		g := newGame(t, p)
		r := rand.New(rand.NewPCG(uint64(i), 7))
		// Along random games, from the start.
		for game := 0; game < 6; game++ {
			s := g.Start()
			for ply := 0; s.ToMove() != core.Terminal && ply < 300; ply++ {
				if ply%5 == 0 {
					agree(t, s, 3, fmt.Sprintf("%v game %d ply %d", p, game, ply))
				}
				ms := s.LegalMoves(nil)
				s.Play(ms[r.IntN(len(ms))])
			}
		}
		// Random positions.
		for k := 0; k < 150; k++ {
			s := parse(t, g, randomPosition(r))
			agree(t, s, 3, fmt.Sprintf("%v random %d", p, k))
		}
	}
}

func TestPerftPathsAgreeDraws(t *testing.T) {
	// A king shuffle whose history reaches before the root: the repetition at ply 8
	// counts the root's history (the hashes); the quiet limit cuts the tree too.
	for _, dm := range []int{0, 3, 4, 5, 40} {
		g := newGame(t, core.Params{"draw_moves": dm})
		for _, from := range []string{"B:WK32:BK1", "B:WK32,K28:BK1,K5", "W:WK3,18:B12,K31 quiet=3", "B:WK30,K31:BK1,K2,K3 quiet=1"} {
			s := parse(t, g, from)
			for ply := 0; ply < 6 && s.ToMove() != core.Terminal; ply++ {
				agree(t, s, 7, fmt.Sprintf("draw_moves %d, %s ply %d", dm, from, ply))
				ms := s.LegalMoves(nil)
				s.Play(ms[ply%len(ms)])
			}
		}
	}
	// A repetition inside the perft tree and one reaching back before its root.
	g := newGame(t, nil)
	s := parse(t, g, "B:WK32:BK1")
	for i, mv := range []string{"1-5", "32-28", "5-1", "28-32", ""} {
		agree(t, s, 9-i, "king shuffle after "+mv)
		if mv != "" {
			m, err := core.ParsePlay(s, mv)
			require.NoError(t, err)
			s.Play(m)
		}
	}
}

func TestPerftPathsAgreeEnglish(t *testing.T) {
	// The published counts by both paths.
	g := newGame(t, nil)
	last := 7
	if deep() {
		last = 9
	}
	for d := 0; d <= last; d++ {
		s := g.Start()
		assert.Equal(t, englishPerft[d], s.plainPerft(d), "plain, depth %d", d)
		assert.Equal(t, englishPerft[d], s.Perft(d), "bulk, depth %d", d)
	}
}

func TestPerftHooksPlain(t *testing.T) {
	// A game with hooks counts through Play and Undo, hooks and all: here the first
	// capture (at ply 3 at the earliest) ends the game, so that the count falls below the
	// built-in rules' from depth 4 on. The reference walks the tree to its leaves.
	r := DefaultRules()
	r.Hooks.IsOver = func(s *State) (bool, int, bool, error) {
		n := s.counts()
		return n[0]+n[1] < 24, -1, n[0]+n[1] < 24, nil
	}
	g, err := New("checkers/first-capture-draws", r)
	require.NoError(t, err)
	var walk func(s *State, d int) uint64
	walk = func(s *State, d int) uint64 {
		if d == 0 {
			return 1
		}
		var n uint64
		for _, m := range s.LegalMoves(nil) {
			s.Play(m)
			n += walk(s, d-1)
			s.Undo()
		}
		return n
	}
	for d := 0; d <= 6; d++ {
		s := g.Start()
		assert.Equal(t, walk(g.Start(), d), s.Perft(d), "depth %d", d)
		if d >= 4 {
			assert.Less(t, s.Perft(d), englishPerft[d], "depth %d: the hook cuts the tree", d)
		} else {
			assert.Equal(t, englishPerft[d], s.Perft(d), "depth %d", d)
		}
	}
}
