package ludo

import (
	"fmt"
	"slices"
)

// Jump is what landing on a field does to a token's place.
type Jump string

// The jumps with built-in behaviour.
const (
	JumpNone          Jump = ""                // no jump
	JumpNextStar      Jump = "next_star"       // on to the next square of the same kind along the token's way
	JumpGoalAfterLast Jump = "goal_after_last" // like next_star; from the last one on the token's way to the goal
)

// Field is a kind of special square, as a variant writes it:
//
//	fields = {
//	  star  = { cells = {5, 12, 18, 25, 31, 38, 44, 51}, jump = "next_star" },
//	  globe = { cells = {1, 9, 14, 22, 27, 35, 40, 48}, safe = true },
//	  trap  = { cells = {20} },          -- custom: Hooks.OnLand decides
//	}
//
// A kind with a jump or safety has built-in behaviour; a kind with neither is custom and
// needs Hooks.OnLand. A square belongs to at most one kind.
type Field struct {
	// Kind names the field ("star", "globe", "trap"); hooks see it.
	Kind string
	// Cells are track squares 1..track_length, counted from player 1's start square
	// (cell 1) in the direction of play.
	Cells []int
	// Jump moves a token that lands here on (see the Jump constants). A jump does not
	// chain into another jump.
	Jump Jump
	// Safe squares protect every token on them from capture.
	Safe bool
	// SafeExceptOthersStart is Safe, except that a token standing on another player's
	// start square is not protected there (the Danish globe).
	SafeExceptOthersStart bool
}

// Custom reports whether the kind has no built-in behaviour (it needs Hooks.OnLand).
func (f Field) Custom() bool {
	return f.Jump == JumpNone && !f.Safe && !f.SafeExceptOthersStart
}

// DefaultFields returns the stars and globes of the default board (track_length 52): see
// the package doc.
func DefaultFields() []Field { return DefaultFieldsFor(52) }

// DefaultFieldsFor lays the default stars and globes out on a track of the given length,
// quarter by quarter from each of the four start squares (square q*length/4): a globe on
// the start square and on the eighth square after it, stars on the fifth and the twelfth
// squares after it (the eighth, fifth and twelfth only where they fall before the next
// quarter). Stars jump to the next star; globes are safe.
func DefaultFieldsFor(length int) []Field {
	star := Field{Kind: "star", Jump: JumpNextStar}
	globe := Field{Kind: "globe", Safe: true}
	for q := 0; q < 4; q++ {
		start, next := q*length/4, (q+1)*length/4
		globe.Cells = append(globe.Cells, start+1)
		for _, d := range []int{4, 11} {
			if start+d < next {
				star.Cells = append(star.Cells, start+d+1)
			}
		}
		if start+8 < next {
			globe.Cells = append(globe.Cells, start+9)
		}
	}
	slices.Sort(star.Cells)
	slices.Sort(globe.Cells)
	return []Field{star, globe}
}

// DanishFields returns DefaultFields with the Danish behaviour: the last star on a
// player's way jumps to the goal, and globes do not protect a token on another player's
// start square.
func DanishFields() []Field {
	f := DefaultFields()
	for i := range f {
		switch f[i].Kind {
		case "star":
			f[i].Jump = JumpGoalAfterLast
		case "globe":
			f[i].Safe, f[i].SafeExceptOthersStart = false, true
		}
	}
	return f
}

// validateFields checks kinds, jumps and cells; a custom kind needs the on_land hook.
func validateFields(fields []Field, track int, onLand bool) error {
	seen := map[int]string{}
	kinds := map[string]bool{}
	for _, f := range fields {
		switch {
		case f.Kind == "":
			return fmt.Errorf("field with cells %v has no kind name", f.Cells)
		case kinds[f.Kind]:
			return fmt.Errorf("field %q listed twice", f.Kind)
		case f.Jump != JumpNone && f.Jump != JumpNextStar && f.Jump != JumpGoalAfterLast:
			return fmt.Errorf("field %q: jump %q unknown (want %q or %q)", f.Kind, f.Jump, JumpNextStar, JumpGoalAfterLast)
		case f.Custom() && !onLand:
			return fmt.Errorf("field %q has no built-in behaviour (jump, safe or safe_except_others_start) and there is no on_land hook", f.Kind)
		}
		kinds[f.Kind] = true
		for _, c := range f.Cells {
			if c < 1 || c > track {
				return fmt.Errorf("field %q: cell %d out of range 1..%d", f.Kind, c, track)
			}
			if other, ok := seen[c]; ok {
				return fmt.Errorf("field %q: cell %d is already a %q", f.Kind, c, other)
			}
			seen[c] = f.Kind
		}
	}
	return nil
}
