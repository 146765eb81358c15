package mancala_test

import (
	"flag"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/mancala"
)

// counts returns the pit counts of s.
func counts(s *mancala.State) []int {
	out := make([]int, s.Game().Pits())
	for p := range out {
		out[p] = s.Count(p)
	}
	return out
}

// checkTrace plays random games of g and checks every ply's trace: it leaves the
// position unchanged, its After is the position Play leaves, and its steps replayed on
// Before give After (so the drops and captures say all the move did). With plain, no
// step is "other" (the descriptor's rules explain every seed).
func checkTrace(t *testing.T, g *mancala.Game, games int, seed uint64, plain bool) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 29))
	var moves []core.Move
	for range games {
		s := g.Start()
		for ply := 0; s.ToMove() != core.Terminal && ply < 400; ply++ {
			moves = s.LegalMoves(moves[:0])
			m := moves[rng.IntN(len(moves))]
			before := s.String()
			tr := s.Trace(m)
			require.Equal(t, before, s.String(), "Trace changed the position")
			s.Play(m)
			require.Equal(t, counts(s), tr.After, "%s: after %s from %s", g.Name(), tr.Move, before)
			got := tr.Replay(slices.Clone(tr.Before))
			require.Equal(t, tr.After, got, "%s: steps of %s from %s do not replay: %v", g.Name(), tr.Move, before, tr.Steps)
			if plain {
				for _, st := range tr.Steps {
					require.NotEqual(t, core.StepOther, st.Kind, "%s: %s from %s: %v", g.Name(), tr.Move, before, tr.Steps)
				}
			}
			require.Equal(t, s.ToMove() == core.Terminal, tr.Over)
			require.NotEmpty(t, core.TraceWords(tr))
		}
	}
}

// TestTraceReplaysEveryGame: on every game of the tests (the catalogue's descriptors,
// the geometries, Kalah), at every ply of random games, the trace's steps turn the
// position before into the one after, with no step the rules do not name; and so with
// hooks that apply the rules (the trace then wraps the game's own Capture hook).
func TestTraceReplaysEveryGame(t *testing.T) {
	all := allGames(t)
	for _, name := range slices.Sorted(maps.Keys(all)) {
		g := all[name]
		t.Run(name, func(t *testing.T) {
			checkTrace(t, g, 6, uint64(len(name)), true)
			var c, a int
			checkTrace(t, g.WithHooks(rulesHooks(&c, &a)), 2, 3, true)
		})
	}
}

// TestTraceSteps holds specific moves to their steps and words.
func TestTraceSteps(t *testing.T) {
	all := allGames(t)
	kalah := newGame(t, "kalah", kalahRules(t, nil))
	pie := newGame(t, "kalah-pie", kalahRules(t, func(o *mancala.KalahOptions) { o.PieRule = true }))
	for _, tc := range []struct {
		name  string
		g     *mancala.Game
		pos   string
		move  string
		kinds []core.StepKind // the steps but the drops, in order
		words string
	}{
		{"kalah capture", kalah, "0,0,1,0,4,4,[0],4,4,4,4,4,4,[0] s", "3",
			[]core.StepKind{core.StepLift, core.StepCapture},
			"3: 1 seed from house 3, last in your empty house 4: captured 4 opposite, with the capturing seed"},
		{"kalah extra turn", kalah, "4,4,4,4,4,4,[0],4,4,4,4,4,4,[0] s", "3",
			[]core.StepKind{core.StepLift, core.StepExtraTurn},
			"3: 4 seeds from house 3, last in your store: extra turn"},
		{"kalah pie swap", pie, "4,4,0,5,5,5,[1],5,4,4,4,4,4,[0] n pie=offer", "swap",
			[]core.StepKind{core.StepSwap},
			"swap: the seats exchange sides (you now play South)"},
		{"kalah sweep", kalah, "0,0,0,0,0,1,[20],1,0,0,0,0,0,[26] s", "6",
			[]core.StepKind{core.StepLift, core.StepSweep},
			"6: 1 seed from house 6, last in your store; game over: 1 to their store"},
		{"oware grand slam", all["oware"], "1,0,0,0,0,3,[20],1,1,1,0,0,0,[21] s", "6",
			[]core.StepKind{core.StepLift, core.StepNoCapture},
			"6: 3 seeds from house 6, last in their house 3: a grand slam captures nothing"},
		{"oware chain", all["oware"], "0,0,0,0,0,3,[20],1,1,1,0,4,0,[18] s", "6",
			[]core.StepKind{core.StepLift, core.StepCapture},
			"6: 3 seeds from house 6, last in their house 3: captured 6 from their houses 1, 2, 3 (making 2 or 3)"},
		{"pallanguzhi relay", all["pallanguzhi"], "6,6,6,6,6,6,6,6,6,6,6,6,6,6,[0],[0] s round=1 ply=0", "6",
			[]core.StepKind{core.StepLift, core.StepRelay, core.StepRelay, core.StepCapture},
			"6: 6 seeds from house 6, last in their house 5; relay: lifted 7 from their house 5, last in your house 5; " +
				"relay: lifted 7 from your house 5, last in their empty house 5: captured 7 from the next house"},
		{"pallanguzhi take at four", all["pallanguzhi"], "8,8,8,8,0,1,0,8,8,8,0,2,1,8,[15],[1] n round=1 ply=3", "6",
			[]core.StepKind{core.StepLift, core.StepRelay, core.StepRelay, core.StepRelay, core.StepTake, core.StepRelay,
				core.StepRelay, core.StepTake, core.StepRelay, core.StepCapture},
			"6: 1 seed from house 6, last in your house 7; relay: lifted 9 from your house 7, last in your house 2; " +
				"relay: lifted 9 from your house 2, last in their house 4; relay: lifted 10 from their house 4, " +
				"took 4 from your house 5, last in your house 7; relay: lifted 2 from your house 7, last in their house 2; " +
				"relay: lifted 11 from their house 2, took 4 from their house 6, last in your house 6; " +
				"relay: lifted 3 from your house 6, last in their empty house 2: captured 11 from the next house"},
		{"toguz kumalak tuzdik", all["toguz-kumalak"], "3,2,13,0,3,13,4,1,2,[10],3,1,15,15,2,7,14,4,14,[36] n", "8",
			[]core.StepKind{core.StepLift, core.StepMark},
			"8: 4 seeds from house 8, last in their house 2: captured 3, and their house 2 is yours for good (what falls in it goes to your store)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st, err := tc.g.Parse(tc.pos)
			require.NoError(t, err)
			m, err := core.ParsePlay(st, tc.move)
			require.NoError(t, err)
			tr := st.Trace(m)
			var kinds []core.StepKind
			for _, s := range tr.Steps {
				if s.Kind != core.StepDrop {
					kinds = append(kinds, s.Kind)
				}
			}
			assert.Equal(t, tc.kinds, kinds, "%v", tr.Steps)
			assert.Equal(t, tc.words, core.TraceWords(tr))
			st.Play(m)
			assert.Equal(t, counts(st), tr.Replay(slices.Clone(tr.Before)))
		})
	}
}

var updateTraceWords = flag.Bool("update-trace-words", false, "rewrite testdata/trace-words.golden")

// TestTraceWordsGolden holds the words of the first plies of a random game of every
// test game to testdata/trace-words.golden (go test -run TraceWordsGolden
// -update-trace-words rewrites it).
func TestTraceWordsGolden(t *testing.T) {
	all := allGames(t)
	var b strings.Builder
	for _, name := range slices.Sorted(maps.Keys(all)) {
		g := all[name]
		rng := rand.New(rand.NewPCG(5, 8))
		s := g.Start()
		fmt.Fprintf(&b, "# %s\n", name)
		for ply := 0; ply < 6 && s.ToMove() != core.Terminal; ply++ {
			moves := s.LegalMoves(nil)
			m := moves[rng.IntN(len(moves))]
			fmt.Fprintf(&b, "%v: %s\n", s.ToMove(), core.TraceWords(s.Trace(m)))
			s.Play(m)
		}
	}
	path := filepath.Join("testdata", "trace-words.golden")
	if *updateTraceWords {
		require.NoError(t, os.WriteFile(path, []byte(b.String()), 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "run with -update-trace-words to create it")
	assert.Equal(t, string(want), b.String())
}
