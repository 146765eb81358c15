package checkers

import (
	"math/rand/v2"
	"os"
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
	// The contract's plain perft (LegalMoves, Play, Undo through the interface) agrees
	// with the bulk counting.
	assert.Equal(t, englishPerft[6], coretest.Perft(g.NewState(), 6))
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
