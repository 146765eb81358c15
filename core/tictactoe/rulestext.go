package tictactoe

import (
	"fmt"

	"github.com/kalahlab/kalahlab/core"
)

// Text states the rules in words, from the knobs. The hooks are not in it (their words
// are the variant's).
func (r Rules) Text() core.RulesText {
	var t core.RulesText
	t = t.Add("Board", fmt.Sprintf("A board of %d rows and %d columns, empty at the start.", r.Rows, r.Cols))
	mv := "Players take turns to mark an empty cell, X first."
	if r.Gravity {
		mv = "Players take turns to drop a mark into a column, X first: it falls to the lowest empty cell of that column (as in Connect Four)."
	}
	t = t.Add("Moves", mv)
	line := fmt.Sprintf("%d marks of one player in a row, across, down or diagonally, make a line", r.K)
	if r.Misere {
		t = t.Add("End and winning", line+": the player who makes it loses (misère).")
	} else {
		t = t.Add("End and winning", line+": the player who makes it wins.")
	}
	if r.FullBoard == BothLose {
		t = t.Add("End and winning", "A full board without a line loses for both players.")
	} else {
		t = t.Add("End and winning", "A full board without a line is a draw.")
	}
	return t
}

// RulesText states the game's rules in words (Rules.Text).
func (g *Game) RulesText() core.RulesText { return g.r.Text() }
