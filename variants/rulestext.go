package variants

import (
	"fmt"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/kalah"
	"github.com/kalahlab/kalahlab/core/mancala"
)

// hookWording is what a hook changes, in words: the section of the rules text it
// belongs to and the sentence said there.
type hookWording struct{ section, words string }

// hookWordings says, for each base game and each hook it calls, what a variant that
// sets the hook changes (TestHookWordings holds it to the binders' hook lists).
var hookWordings = map[string]map[string]hookWording{
	"kalah": {
		"capture":      {"Captures", "A Lua hook (capture) decides the captures, in place of the rule above: see the script."},
		"extra_turn":   {"Moves", "A Lua hook (extra_turn) decides when the mover moves again: see the script."},
		"can_play":     {"Moves", "A Lua hook (can_play) decides which houses may be sown: see the script."},
		"is_over":      {mancala.SectionEnd, "A Lua hook (is_over) decides when the game is over: see the script."},
		"final_scores": {mancala.SectionEnd, "A Lua hook (final_scores) counts the final scores: see the script."},
	},
	"mancala": {
		"capture":      {mancala.SectionCaptures, "A Lua hook (capture) decides the captures, in place of the rules above: see the script."},
		"after_sow":    {mancala.SectionMoves, "A Lua hook (after_sow) runs after every sowing and may decide whether the mover moves again: see the script."},
		"extra_turn":   {mancala.SectionMoves, "A Lua hook (extra_turn) decides when the mover moves again: see the script."},
		"can_play":     {mancala.SectionMoves, "A Lua hook (can_play) decides which sowings are legal: see the script."},
		"is_over":      {mancala.SectionEnd, "A Lua hook (is_over) decides when the game is over: see the script."},
		"final_scores": {mancala.SectionEnd, "A Lua hook (final_scores) counts the final scores: see the script."},
	},
	"checkers": {
		"is_over":    {"End and winning", "A Lua hook (is_over) decides when the game is over and who wins: see the script."},
		"on_promote": {"Moves", "A Lua hook (on_promote) runs when a man is crowned: see the script."},
	},
	"tictactoe": {
		"winner": {"End and winning", "A Lua hook (winner) decides who wins, in place of the line rule: see the script."},
	},
	"ludo": {
		"on_land": {"Board", "A Lua hook (on_land) decides what a custom field does when a token lands on it: see the script."},
	},
}

// RulesText is the variant's rules in words: its game's, from the mancala descriptor
// (every field) or the base game's knobs, at the variant's knobs, with a sentence for
// each hook its scripts set, in the section of the rule it changes.
func (v *Variant) RulesText() (core.RulesText, error) {
	g, err := v.plainGame()
	if err != nil {
		return nil, err
	}
	var t core.RulesText
	switch g := g.(type) {
	case core.RulesTexter:
		t = g.RulesText()
	case *kalah.Game:
		r, err := kalahDescriptor(g.Rules())
		if err != nil {
			return nil, fmt.Errorf("variant %s: %w", v.Name, err)
		}
		t = r.Text()
	default:
		return nil, fmt.Errorf("variant %s: the game %T states no rules in words", v.Name, g)
	}
	for _, h := range v.Hooks {
		w, ok := hookWordings[v.Base][h]
		if !ok {
			w = hookWording{"Moves", fmt.Sprintf("A Lua hook (%s) changes the rules: see the script.", h)}
		}
		t = t.Add(w.section, w.words)
	}
	return t, nil
}

// plainGame builds the variant's game from its knobs and game tables without its
// hooks (no Lua): the rules its hooks start from; a game that cannot be built without
// them is built with them.
func (v *Variant) plainGame() (core.Game, error) {
	b := binderOf(v.Base)
	if b == nil {
		return nil, fmt.Errorf("variant %s: %s is not a base game", v.Name, v.Base)
	}
	g, err := b.build(nil, v.Name, v.Params, v.tables, nil)
	if err != nil {
		// A game that needs its hooks to be built (a Ludo field of a custom kind).
		return v.NewGame()
	}
	return g, nil
}

// kalahDescriptor is the mancala engine's descriptor of core/kalah's rules (the same
// game: kalah_diff_test.go in core/mancala holds them equal).
func kalahDescriptor(k kalah.Rules) (mancala.Rules, error) {
	o := mancala.KalahOptions{
		Houses: k.Houses, Seeds: k.Seeds, EmptyCapture: k.EmptyCapture, OriginSkip: k.OriginSkip,
		StoreSowing: k.StoreSowing, PieRule: k.PieRule, Rows: k.Rows, MaxPlies: k.MaxPlies,
		EndRule: mancala.EitherSideEmpty, Remaining: mancala.ToOwner,
	}
	if k.EndRule == kalah.MoverCannotMove {
		o.EndRule = mancala.MoverCannotMove
	}
	if k.Remaining == kalah.Discard {
		o.Remaining = mancala.Discard
	}
	return mancala.Kalah(o)
}
