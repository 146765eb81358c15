package mancala

import (
	"errors"
	"fmt"

	"github.com/kalahlab/kalahlab/core"
)

// Positional returns the game a solver can value position by position: g without its
// repetition rule (End.Repeats) and its ply limit (End.MaxPlies), so that the future
// of a position depends on its string alone, with the same hooks. An endless cycle of
// that game is scored by [State.CycleScores] instead.
//
// It fails when the ply is part of the position (an opening rule, a capture from a
// given ply, a setup phase, rounds, Rules.KeepPly): such a game has no cycles to
// speak of, and its positions are too many for a table of them.
func (g *Game) Positional() (core.Game, error) {
	if g.keepPly {
		return nil, errors.New("the ply is part of the position (an opening, setup or rounds rule)")
	}
	r := g.r
	r.End.Repeats, r.End.MaxPlies = 0, 0
	p, err := New(g.name, r)
	if err != nil {
		return nil, fmt.Errorf("positional %s: %w", g.name, err)
	}
	p.hooks, p.hooked = g.hooks, g.hooked
	return p, nil
}

// PlyLimit is End.MaxPlies, the plies after which a game ends (0: none); a solver of
// the [Game.Positional] game says when the limit could have cut a game short.
func (g *Game) PlyLimit() int { return g.r.End.MaxPlies }

// RepetitionRule reports End.Repeats, the occurrences of a position that end the game
// (0: the rule is off).
func (g *Game) RepetitionRule() int { return g.r.End.Repeats }

// CycleScores appends each seat's score if the game had ended at s by g's repetition
// rule (the seeds left going as End.OnRepeat says), and reports whether that score is
// the same at every position of a cycle through s, which is what lets a solver give an
// endless cycle one value. s may be a position of g or of g.Positional(). It is so
// when the seeds left are split (End.OnRepeat Split) or discarded: no store changes
// along a cycle, so neither does the score. It is not when they go to their owners or
// to a player named by the position, and not for a game without the rule or a
// position that is over.
func (g *Game) CycleScores(s core.State, dst []float64) ([]float64, bool) {
	e := &g.r.End
	st, ok := s.(*State)
	if !ok || e.Repeats == 0 || st.v.over || (e.OnRepeat != Split && e.OnRepeat != Discard) {
		return dst, false
	}
	c := st.Copy()
	c.finish(e.OnRepeat)
	return c.Scores(dst), true
}
