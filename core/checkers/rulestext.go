package checkers

import (
	"fmt"

	"github.com/kalahlab/kalahlab/core"
)

// Text states the rules in words, from the knobs: the board, the moves, the captures
// and the end. The hooks are not in it (their words are the variant's).
func (r Rules) Text() core.RulesText {
	var t core.RulesText
	men := r.ManRows * r.Size / 2
	t = t.Add("Board", fmt.Sprintf("%s %dx%d board; play is on the dark squares only, numbered 1 to %d. Each player starts with %d men on the dark squares of the %d rows nearest them; Black moves first.", article(r.Size), r.Size, r.Size, r.Size*r.Size/2, men, r.ManRows))
	t = t.Add("Moves", "A man moves one square diagonally forwards to an empty square; a man reaching the far row is crowned king. A king moves one square diagonally in any direction.")
	if r.FlyingKings {
		t = t.Add("Moves", "Kings fly: they move and capture any distance along a diagonal.")
	}
	c := "A piece captures by jumping over an adjacent opponent piece to the empty square beyond, and goes on jumping while it can (a multi-jump); men capture forwards only."
	if r.MenCaptureBackwards {
		c = "A piece captures by jumping over an adjacent opponent piece to the empty square beyond, and goes on jumping while it can (a multi-jump); men capture backwards as well as forwards."
	}
	t = t.Add("Captures", c)
	if r.MustCapture {
		t = t.Add("Captures", "Capturing is compulsory: when a capture is possible, the player must capture.")
	} else {
		t = t.Add("Captures", "Capturing is optional.")
	}
	if r.MaxCapture {
		t = t.Add("Captures", "Only the capture sequences that take the most pieces are legal.")
	}
	if r.PromotionEndsMove {
		t = t.Add("Captures", "A man crowned during a capture stops there.")
	} else {
		t = t.Add("Captures", "A man crowned during a capture goes on capturing as a king.")
	}
	t = t.Add("End and winning", "A player who cannot move (no pieces left, or all blocked) loses.")
	if r.DrawMoves > 0 {
		t = t.Add("End and winning", fmt.Sprintf("The game is drawn after %d moves by each side without a capture or a man's move.", r.DrawMoves))
	}
	return t
}

// RulesText states the game's rules in words (Rules.Text).
func (g *Game) RulesText() core.RulesText { return g.r.Text() }

// article is "An" before a size read with a vowel (8, 11, 18), else "A".
func article(n int) string {
	if n == 8 || n == 11 || n == 18 || n >= 80 && n < 90 {
		return "An"
	}
	return "A"
}
