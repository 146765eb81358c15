// Package pitstring reads and writes the two fields that open the position string of
// every sowing game (core/kalah, core/mancala):
//
//	4,4,4,[0],4,4,4,[0] s
//
// The pits, in pit order and separated by commas, each its seed count, the stores in
// brackets; then the side to move: s (South), n (North), or - when the game is over.
// With the pie rule, which both games play alike, "pie=first" or "pie=offer" follows
// while the swap is still to come, and "swapped" once the seats are swapped (WritePie).
// What follows is each game's own; so are the messages about the number of pits, which
// each game words for its board, and the reading of the pie fields, which each checks
// against its rules.
package pitstring

import (
	"fmt"
	"strconv"
	"strings"
)

// Count is the type a game keeps a pit's seed count in.
type Count interface{ ~uint8 | ~uint16 }

// WritePits writes the pits field: pits in order, comma-separated, those for which
// store reports true in brackets.
func WritePits[T Count](b *strings.Builder, pits []T, store func(p int) bool) {
	for p, n := range pits {
		if p > 0 {
			b.WriteByte(',')
		}
		if store(p) {
			b.WriteByte('[')
			b.WriteString(strconv.Itoa(int(n)))
			b.WriteByte(']')
			continue
		}
		b.WriteString(strconv.Itoa(int(n)))
	}
}

// ParsePits reads the pits field's cells (the field split at its commas), one a pit of
// pits, into pits. A cell is a count 0..maxSeeds, in brackets exactly when store
// reports that its pit is a store; the counts may add up to maxSeeds at the most. It
// returns that sum. An error names the first pit at fault, numbered from 1; the caller
// checks that there is one cell a pit (len(cells) == len(pits)) and adds which game and
// position the error is about.
func ParsePits[T Count](cells []string, pits []T, store func(p int) bool, maxSeeds int) (total int, err error) {
	for p, c := range cells {
		bracketed := strings.HasPrefix(c, "[") && strings.HasSuffix(c, "]")
		if bracketed != store(p) {
			if store(p) {
				return 0, fmt.Errorf("pit %d (%q) is a store: write it in brackets", p+1, c)
			}
			return 0, fmt.Errorf("pit %d (%q) is a house: no brackets", p+1, c)
		}
		c = strings.TrimSuffix(strings.TrimPrefix(c, "["), "]")
		n, err := strconv.Atoi(c)
		if err != nil || n < 0 || n > maxSeeds {
			return 0, fmt.Errorf("pit %d: %q is not a seed count 0..%d", p+1, c, maxSeeds)
		}
		pits[p] = T(n)
		total += n
	}
	if total > maxSeeds {
		return 0, fmt.Errorf("%d seeds in all; at most %d", total, maxSeeds)
	}
	return total, nil
}

// WriteSide writes the side-to-move field with its leading space: " -" when the game is
// over, else " s" for side 0 and " n" for side 1.
func WriteSide(b *strings.Builder, side int, over bool) {
	switch {
	case over:
		b.WriteString(" -")
	case side == 0:
		b.WriteString(" s")
	default:
		b.WriteString(" n")
	}
}

// ParseSide reads the side-to-move field: s (side 0), n (side 1) or - (the game is
// over; side 0).
func ParseSide(f string) (side int, over bool, err error) {
	switch f {
	case "s":
		return 0, false, nil
	case "n":
		return 1, false, nil
	case "-":
		return 0, true, nil
	}
	return 0, false, fmt.Errorf("side to move %q: want s, n or -", f)
}

// The pie rule's fields.
const (
	PieFirst = "pie=first" // the first player's first turn: the offer is still to come
	PieOffer = "pie=offer" // the second player's first move: swap is legal
	Swapped  = "swapped"   // the seats are swapped
)

// WritePie writes the pie rule's fields with their leading spaces: " pie=first" in
// the first phase, " pie=offer" in the offer phase (nothing when neither, the swap
// being over or not in the rules), then " swapped" when the seats are swapped.
func WritePie(b *strings.Builder, first, offer, swapped bool) {
	switch {
	case first:
		b.WriteString(" " + PieFirst)
	case offer:
		b.WriteString(" " + PieOffer)
	}
	if swapped {
		b.WriteString(" " + Swapped)
	}
}
