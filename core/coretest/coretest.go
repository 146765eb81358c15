// Package coretest holds the contract suite that every game and every variant runs in
// its tests: seeded random games with the model's invariants checked at every step,
// clone, replay and undo consistency, notation round trips, perft with divide, and
// golden playthroughs.
//
// A game's tests call RandomSim over its knob grid, Perft against counts computed
// independently, and Playthrough against a golden file under testdata/ (rewritten with
// UPDATE_GOLDEN=1 go test ./...).
//
// The checks themselves live in core/contract, which the CLI uses too (`kalahlab
// variants check`); this package adds the test-side reporting. It takes a TB rather
// than a testing.TB so that it does not import the testing package either.
package coretest

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/contract"
)

// TB is the part of testing.TB that the helpers here use; a *testing.T, *testing.B or
// *testing.F is one. The helpers return after Fatal, so a TB whose Fatal does not stop
// the caller sees one report.
type TB interface {
	Helper()
	Fatal(args ...any)
	Fatalf(format string, args ...any)
	Errorf(format string, args ...any)
}

// Options tune RandomSim; see contract.Options.
type Options = contract.Options

// RandomSim plays seeded random games of g and checks the contract at every step. It
// reports failures on t and stops at the first broken game.
func RandomSim(t TB, g core.Game, opt Options) {
	t.Helper()
	opt.Defaults()
	for i := 0; i < opt.Games; i++ {
		seed := opt.Seed + uint64(i)
		if err := contract.SimOne(g, seed, opt); err != nil {
			t.Fatalf("%s, game with seed %d: %v", g.Name(), seed, err)
			return // for a TB whose Fatalf does not stop the caller
		}
	}
}

// SimOne plays one random game with seed and returns the first broken contract. It is
// contract.SimOne, which code outside tests should call directly.
func SimOne(g core.Game, seed uint64, opt Options) error { return contract.SimOne(g, seed, opt) }

// CheckStep checks the contract on one state, without changing it. It is
// contract.CheckStep.
func CheckStep(g core.Game, s core.State, opt Options) error { return contract.CheckStep(g, s, opt) }

// Perft is core.Perft, kept here for the tests' convenience.
func Perft(s core.State, depth int) uint64 { return core.Perft(s, depth) }

// Split is core.Split.
type Split = core.Split

// Divide is core.Divide.
func Divide(s core.State, depth int) []core.Split { return core.Divide(s, depth) }

// Playthrough plays a seeded random game (or the given moves, when not nil) and
// writes it as text: each ply's position, seat to move, legal moves and the move played,
// then the returns. Golden files hold these.
func Playthrough(g core.Game, seed uint64, moves []string) (string, error) {
	rng := rand.New(rand.NewPCG(seed, 0x706c6179))
	s := g.NewState()
	var b strings.Builder
	fmt.Fprintf(&b, "game: %s\nseed: %d\n", g.Name(), seed)
	var outs []core.Outcome
	for ply := 0; s.ToMove() != core.Terminal; ply++ {
		legal := s.LegalMoves(nil)
		var m core.Move
		switch {
		case moves != nil:
			if ply >= len(moves) {
				fmt.Fprintf(&b, "position: %s\n", s)
				return b.String(), nil
			}
			var err error
			if m, err = core.ParsePlay(s, moves[ply]); err != nil {
				return "", fmt.Errorf("ply %d: %w", ply+1, err)
			}
		case s.ToMove() == core.Chance:
			outs = s.ChanceOutcomes(outs[:0])
			m = core.SampleOutcome(rng, outs)
		default:
			m = legal[rng.IntN(len(legal))]
		}
		fmt.Fprintf(&b, "position: %s\nto move: %v\nlegal: %s\nplay: %s\n", s, s.ToMove(), core.MovesString(s, legal), s.MoveString(m))
		s.Play(m)
	}
	fmt.Fprintf(&b, "position: %s\nreturns: %v\n", s, s.Returns(nil))
	if sc, ok := s.(core.Scorer); ok {
		fmt.Fprintf(&b, "scores: %v\n", sc.Scores(nil))
	}
	if err := s.Err(); err != nil {
		fmt.Fprintf(&b, "error: %v\n", err)
	}
	return b.String(), nil
}

// Golden compares got with the file testdata/name, or rewrites the file when the
// environment variable UPDATE_GOLDEN is set.
func Golden(t TB, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if os.Getenv("UPDATE_GOLDEN") != "" {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
			return
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("golden file %s: %v (run with UPDATE_GOLDEN=1 to create it)", path, err)
		return
	}
	if string(want) != got {
		t.Errorf("%s differs from the golden file (UPDATE_GOLDEN=1 rewrites it)\n--- got ---\n%s\n--- want ---\n%s", path, got, want)
	}
}
