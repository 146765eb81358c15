// Package coretest holds the contract suite that every game and every variant runs:
// seeded random games with the model's invariants checked at every step, clone, replay
// and undo consistency, notation round trips, perft with divide, and golden playthroughs.
//
// A game's tests call RandomSim over its knob grid, Perft against counts computed
// independently, and Playthrough against a golden file under testdata/ (rewritten with
// UPDATE_GOLDEN=1 go test ./...).
package coretest

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kalahlab/kalahlab/core"
)

// Options tune RandomSim.
type Options struct {
	Games    int    // random games to play [20]
	Seed     uint64 // first game's seed [1]
	MaxPlies int    // a game longer than this fails the suite [100000]
	// Invariant is the game's own check, run at every step (seeds conserved, pieces
	// never increase, ...). nil checks nothing more.
	Invariant func(s core.State) error
	// MinReturn and MaxReturn bound each seat's return [-1, 1].
	MinReturn, MaxReturn float64
	// AllowErr accepts games stopped by an error (a faulty Lua hook under test).
	AllowErr bool
	// NoRoundTrip skips the position-string round trip (for states whose string
	// cannot hold all of their history).
	NoRoundTrip bool
}

func (o *Options) defaults() {
	if o.Games == 0 {
		o.Games = 20
	}
	if o.Seed == 0 {
		o.Seed = 1
	}
	if o.MaxPlies == 0 {
		o.MaxPlies = 100000
	}
	if o.MinReturn == 0 && o.MaxReturn == 0 {
		o.MinReturn, o.MaxReturn = -1, 1
	}
}

// RandomSim plays seeded random games of g and checks the contract at every step. It
// reports failures on t and stops at the first broken game.
func RandomSim(t testing.TB, g core.Game, opt Options) {
	t.Helper()
	opt.defaults()
	for i := 0; i < opt.Games; i++ {
		seed := opt.Seed + uint64(i)
		if err := SimOne(g, seed, opt); err != nil {
			t.Fatalf("%s, game with seed %d: %v", g.Name(), seed, err)
		}
	}
}

// SimOne plays one random game with seed and returns the first broken contract.
func SimOne(g core.Game, seed uint64, opt Options) error {
	opt.defaults()
	rng := rand.New(rand.NewPCG(seed, 0x636f72657465737))
	s := g.NewState()
	var history []core.Move
	var buf []core.Move
	var outs []core.Outcome
	for ply := 0; ; ply++ {
		if ply > opt.MaxPlies {
			return fmt.Errorf("no end after %d plies: %s", opt.MaxPlies, s)
		}
		if err := CheckStep(g, s, opt); err != nil {
			return fmt.Errorf("ply %d (%s, after %s): %w", ply, s, movesText(g, history), err)
		}
		if s.ToMove() == core.Terminal {
			break
		}
		buf = s.LegalMoves(buf[:0])
		var m core.Move
		if s.ToMove() == core.Chance {
			outs = s.ChanceOutcomes(outs[:0])
			m = core.SampleOutcome(rng, outs)
		} else {
			m = buf[rng.IntN(len(buf))]
		}
		if err := checkPlay(s, m); err != nil {
			return fmt.Errorf("ply %d (%s), move %s: %w", ply, s, s.MoveString(m), err)
		}
		s.Play(m)
		history = append(history, m)
		// Replaying the history from the start reproduces the position: checked
		// often early on, then now and then (it costs a whole replay).
		if ply < 8 || ply%16 == 0 {
			if err := checkReplay(g, history, s); err != nil {
				return fmt.Errorf("ply %d: %w", ply, err)
			}
		}
	}
	if err := checkReplay(g, history, s); err != nil {
		return err
	}
	if err := s.Err(); err != nil && !opt.AllowErr {
		return fmt.Errorf("game stopped by an error: %w", err)
	}
	ret := s.Returns(nil)
	if len(ret) != g.NumPlayers() {
		return fmt.Errorf("%d returns for %d seats", len(ret), g.NumPlayers())
	}
	for seat, r := range ret {
		if math.IsNaN(r) || r < opt.MinReturn || r > opt.MaxReturn {
			return fmt.Errorf("seat %d: return %v outside [%v, %v]", seat+1, r, opt.MinReturn, opt.MaxReturn)
		}
	}
	return nil
}

// CheckStep checks the contract on one state, without changing it.
func CheckStep(g core.Game, s core.State, opt Options) error {
	before := s.String()
	p := s.ToMove()
	if p != core.Terminal && p != core.Chance && (p < 0 || int(p) >= g.NumPlayers()) {
		return fmt.Errorf("ToMove %d: not a seat, Chance or Terminal", int(p))
	}
	moves := s.LegalMoves(nil)
	if err := s.Err(); err != nil && p != core.Terminal {
		// A hook run to list the moves (Kalah's can_play) failed and stopped the game.
		return fmt.Errorf("game stopped by an error listing the legal moves: %w", err)
	}
	if (len(moves) == 0) != (p == core.Terminal) {
		return fmt.Errorf("%d legal moves while ToMove is %v", len(moves), p)
	}
	for i := 1; i < len(moves); i++ {
		if moves[i] <= moves[i-1] {
			return fmt.Errorf("legal moves not ascending and unique: %v", moves)
		}
	}
	prefix := s.LegalMoves([]core.Move{-7})
	if len(prefix) != len(moves)+1 || prefix[0] != -7 {
		return fmt.Errorf("LegalMoves does not append to dst")
	}
	outs := s.ChanceOutcomes(nil)
	if p == core.Chance {
		sum := 0.0
		for i, o := range outs {
			if o.Prob <= 0 {
				return fmt.Errorf("chance outcome %s has probability %v", s.MoveString(o.Move), o.Prob)
			}
			sum += o.Prob
			if i >= len(moves) || moves[i] != o.Move {
				return fmt.Errorf("chance outcomes %v do not match legal moves %v", outs, moves)
			}
		}
		if math.Abs(sum-1) > 1e-9 {
			return fmt.Errorf("chance probabilities sum to %v", sum)
		}
	} else if len(outs) != 0 {
		return fmt.Errorf("%d chance outcomes at a %v node", len(outs), p)
	}
	for _, m := range moves {
		text := s.MoveString(m)
		back, err := s.ParseMove(text)
		if err != nil || back != m {
			return fmt.Errorf("move %d writes as %q, which reads back as %d (%v)", m, text, back, err)
		}
	}
	c := s.Clone()
	if c.String() != before {
		return fmt.Errorf("clone reads %q", c.String())
	}
	if h, ok := s.(core.Hasher); ok {
		if h.Hash() != c.(core.Hasher).Hash() {
			return fmt.Errorf("clone hashes differently")
		}
	}
	if !opt.NoRoundTrip && s.Err() == nil {
		parsed, err := g.ParseState(before)
		if err != nil {
			return fmt.Errorf("position string does not parse: %w", err)
		}
		if parsed.String() != before {
			return fmt.Errorf("position string reads back as %q", parsed.String())
		}
		if h, ok := s.(core.Hasher); ok && h.Hash() != parsed.(core.Hasher).Hash() {
			return fmt.Errorf("parsed position hashes differently")
		}
	}
	if opt.Invariant != nil {
		if err := opt.Invariant(s); err != nil {
			return fmt.Errorf("invariant: %w", err)
		}
	}
	if s.String() != before {
		return fmt.Errorf("checking the state changed it to %q", s.String())
	}
	return nil
}

// checkPlay checks that playing m on a clone, and undoing it where the state can, agree.
func checkPlay(s core.State, m core.Move) error {
	before := s.String()
	c := s.Clone()
	c.Play(m)
	after := c.String()
	u, ok := c.(core.Undoer)
	if !ok {
		return nil
	}
	if !u.Undo() {
		return fmt.Errorf("Undo after Play reports nothing to undo")
	}
	if c.String() != before {
		return fmt.Errorf("undo gives %q, want %q", c.String(), before)
	}
	if h, ok := s.(core.Hasher); ok && h.Hash() != c.(core.Hasher).Hash() {
		return fmt.Errorf("undo restores the position but not its hash")
	}
	c.Play(m)
	if c.String() != after {
		return fmt.Errorf("replaying after undo gives %q, want %q", c.String(), after)
	}
	return nil
}

func checkReplay(g core.Game, history []core.Move, want core.State) error {
	r := g.NewState()
	for _, m := range history {
		r.Play(m)
	}
	if r.String() != want.String() {
		return fmt.Errorf("replaying %s gives %q, want %q", movesText(g, history), r.String(), want.String())
	}
	return nil
}

func movesText(g core.Game, history []core.Move) string {
	s := g.NewState()
	parts := make([]string, len(history))
	for i, m := range history {
		parts[i] = s.MoveString(m)
		s.Play(m)
	}
	if len(parts) > 40 {
		return fmt.Sprintf("%d moves: ...%s", len(parts), strings.Join(parts[len(parts)-40:], ","))
	}
	return "moves " + strings.Join(parts, ",")
}

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
func Golden(t testing.TB, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if os.Getenv("UPDATE_GOLDEN") != "" {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("golden file %s: %v (run with UPDATE_GOLDEN=1 to create it)", path, err)
	}
	if string(want) != got {
		t.Errorf("%s differs from the golden file (UPDATE_GOLDEN=1 rewrites it)\n--- got ---\n%s\n--- want ---\n%s", path, got, want)
	}
}
