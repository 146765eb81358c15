// Package contract checks a game against the model's contract (core.Game and
// core.State) by playing seeded random games: at every step the seat to move, the
// legal moves and chance outcomes, move notation, clone, hash and position-string
// round trips, undo and replay must agree, and the game's own invariant must hold.
//
// It is the part of the contract suite that runs outside tests too: `kalahlab
// variants check` plays a variant's games through SimOne. The test-only helpers
// (RandomSim reporting on a *testing.T, golden files, playthroughs) live in
// core/coretest, which builds on this package. contract imports neither testing nor
// anything outside the standard library and core, so the release binary stays free
// of them.
package contract

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"

	"github.com/kalahlab/kalahlab/core"
)

// Options tune SimOne and CheckStep.
type Options struct {
	Games    int    // random games to play [20]
	Seed     uint64 // first game's seed [1]
	MaxPlies int    // a game longer than this breaks the contract [100000]
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

// Defaults fills the zero fields of o with their defaults (shown in brackets above).
func (o *Options) Defaults() {
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

// SimOne plays one random game of g with seed and returns the first broken contract,
// or nil. Chance nodes are sampled by their probabilities, the seats' moves uniformly.
func SimOne(g core.Game, seed uint64, opt Options) error {
	opt.Defaults()
	rng := rand.New(rand.NewPCG(seed, 0x636f72657465737))
	s := g.NewState()
	var history, buf []core.Move
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
		var m core.Move
		buf, outs, m = randomMove(rng, s, buf, outs)
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
	return checkEnd(g, s, opt)
}

// randomMove draws the next move of s: a chance outcome by its probability, or one of
// the seat's legal moves uniformly. buf and outs are scratch space, returned for reuse.
func randomMove(rng *rand.Rand, s core.State, buf []core.Move, outs []core.Outcome) ([]core.Move, []core.Outcome, core.Move) {
	buf = s.LegalMoves(buf[:0])
	if s.ToMove() == core.Chance {
		outs = s.ChanceOutcomes(outs[:0])
		return buf, outs, core.SampleOutcome(rng, outs)
	}
	return buf, outs, buf[rng.IntN(len(buf))]
}

// checkEnd checks a finished game: no error unless allowed, one return per seat, each
// within bounds.
func checkEnd(g core.Game, s core.State, opt Options) error {
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

// CheckStep checks the contract on one state, without changing it: the seat to move,
// the legal moves, the chance outcomes, move notation, clone, the position string's
// round trip and the game's invariant.
func CheckStep(g core.Game, s core.State, opt Options) error {
	before := s.String()
	p := s.ToMove()
	if p != core.Terminal && p != core.Chance && (p < 0 || int(p) >= g.NumPlayers()) {
		return fmt.Errorf("ToMove %d: not a seat, Chance or Terminal", int(p))
	}
	moves := s.LegalMoves(nil)
	if err := checkLegalMoves(s, p, moves); err != nil {
		return err
	}
	if err := checkChance(s, p, moves); err != nil {
		return err
	}
	if err := checkMoveNotation(s, moves); err != nil {
		return err
	}
	if err := checkClone(s, before); err != nil {
		return err
	}
	if !opt.NoRoundTrip && s.Err() == nil {
		if err := checkRoundTrip(g, s, before); err != nil {
			return err
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

// checkLegalMoves checks that moves, the legal moves of s with p to move, are there
// exactly when the game goes on, ascend without repeats, and are appended to dst.
func checkLegalMoves(s core.State, p core.Player, moves []core.Move) error {
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
	return nil
}

// checkChance checks that a chance node's outcomes are its legal moves, each with a
// positive probability, summing to 1, and that other nodes have no outcomes.
func checkChance(s core.State, p core.Player, moves []core.Move) error {
	outs := s.ChanceOutcomes(nil)
	if p != core.Chance {
		if len(outs) != 0 {
			return fmt.Errorf("%d chance outcomes at a %v node", len(outs), p)
		}
		return nil
	}
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
	return nil
}

// checkMoveNotation checks that every legal move reads back from the way it is written.
func checkMoveNotation(s core.State, moves []core.Move) error {
	for _, m := range moves {
		text := s.MoveString(m)
		back, err := s.ParseMove(text)
		if err != nil || back != m {
			return fmt.Errorf("move %d writes as %q, which reads back as %d (%v)", m, text, back, err)
		}
	}
	return nil
}

// checkClone checks that a clone of s reads and hashes as s does.
func checkClone(s core.State, before string) error {
	c := s.Clone()
	if c.String() != before {
		return fmt.Errorf("clone reads %q", c.String())
	}
	if h, ok := s.(core.Hasher); ok && h.Hash() != c.(core.Hasher).Hash() {
		return fmt.Errorf("clone hashes differently")
	}
	return nil
}

// checkRoundTrip checks that the position string of s parses back to the same position
// and hash.
func checkRoundTrip(g core.Game, s core.State, before string) error {
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

// checkReplay checks that playing history from the start reaches want.
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

// movesText writes history in the game's move notation, the last 40 moves of a long one.
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
