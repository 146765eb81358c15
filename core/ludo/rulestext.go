package ludo

import (
	"fmt"
	"strings"

	"github.com/kalahlab/kalahlab/core"
)

// Text states the rules in words, from the knobs and the special fields. The hooks
// are not in it (their words are the variant's).
func (r Rules) Text() core.RulesText {
	var t core.RulesText
	t = t.Add("Board", fmt.Sprintf("%d players, %d tokens each, starting in their yards. A common track of %d squares runs round the board; each player's own home column of %d squares leads from it to their goal.", r.Players, r.Tokens, r.TrackLength, r.HomeLength))
	for _, f := range r.Fields {
		t = t.Add("Board", fieldWords(f))
	}
	t = t.Add("Moves", fmt.Sprintf("Players take turns clockwise, seat 1 first. A turn starts with a roll of a die of %d faces; the player moves one token forwards by the roll.", r.DieSides))
	enter := fmt.Sprintf("A token leaves the yard onto the player's start square on a roll of %s (the whole roll is used).", facesWords(r.EnterOn))
	if r.SixMustEnter {
		enter += " Such a roll must bring a token out when one can come out."
	}
	t = t.Add("Moves", enter)
	if r.ExtraRollOn != 0 {
		x := fmt.Sprintf("A roll of %s gives another roll.", facesWords(r.ExtraRollOn))
		if r.ThreeSixesForfeit {
			x += " The third such roll in a row in one turn is forfeit and ends the turn."
		}
		t = t.Add("Moves", x)
	}
	if r.YardTries > 1 {
		t = t.Add("Moves", fmt.Sprintf("A player with no token on the track or in the home column may roll up to %d times in a turn.", r.YardTries))
	}
	if r.Finish == Bounce {
		t = t.Add("Moves", "A larger roll than needed bounces back from the goal by the excess.")
	} else {
		t = t.Add("Moves", "A token reaches the goal only with the exact roll.")
	}
	t = t.Add("Moves", map[OwnToken]string{
		Stack:      "A token landing on the player's own token stacks with it.",
		NextSquare: "A token landing on the player's own token goes on to the next square free of them.",
		Block:      "Own tokens share a square, and two or more on a track square form a wall that opponents can neither pass nor land on.",
	}[r.OwnToken])
	t = t.Add("Moves", "A player who cannot use the roll passes.")
	t = t.Add("Captures", "Landing on a single opponent token sends it back to its yard, unless the square is safe.")
	t = t.Add("Captures", map[DoubledEnemy]string{
		CaptureOne:     "Landing on two or more tokens of one opponent sends one of them home.",
		SendsMoverHome: "Landing on two or more tokens of one opponent sends the moving token home instead.",
	}[r.DoubledEnemy])
	end := "The first player with every token at the goal wins."
	if r.PlayToEnd {
		end = "The game goes on until every player but one has every token at the goal; the order of finishing ranks the players."
	}
	t = t.Add("End and winning", end)
	if r.MaxPlies > 0 {
		t = t.Add("End and winning", fmt.Sprintf("A game stops after %d plies; the unfinished players share the places left.", r.MaxPlies))
	}
	return t
}

// fieldWords says what a kind of special field does and where it lies.
func fieldWords(f Field) string {
	cells := make([]string, len(f.Cells))
	for i, c := range f.Cells {
		cells[i] = fmt.Sprint(c)
	}
	what := "a token landing here calls a hook of the variant's script"
	switch {
	case f.Jump == JumpNextStar:
		what = "a token landing here jumps on to the next one along its way"
	case f.Jump == JumpGoalAfterLast:
		what = "a token landing here jumps on to the next one along its way, and from the last one before its home column to the goal"
	case f.SafeExceptOthersStart:
		what = "a token here is safe from capture, except on another player's start square"
	case f.Safe:
		what = "a token here is safe from capture"
	}
	return fmt.Sprintf("%ss (track squares %s): %s.", strings.ToUpper(f.Kind[:1])+f.Kind[1:], strings.Join(cells, ", "), what)
}

// facesWords writes faces as "6" or "5 or 6".
func facesWords(f Faces) string {
	parts := strings.Split(f.String(), ",")
	if len(parts) < 2 {
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " or " + parts[len(parts)-1]
}

// RulesText states the game's rules in words (Rules.Text).
func (g *Game) RulesText() core.RulesText { return g.r.Text() }
