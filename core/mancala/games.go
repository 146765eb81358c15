package mancala

import "fmt"

// Kalah's knob model, the base game's (the catalogue's other games are generated from
// their scripts: catalogue_gen.go).

// KalahOptions are core/kalah's knobs (see that package for their meaning).
type KalahOptions struct {
	Houses, Seeds int
	EmptyCapture  bool
	EndRule       When      // EitherSideEmpty or MoverCannotMove
	Remaining     Remaining // ToOwner or Discard
	OriginSkip    bool
	StoreSowing   bool
	PieRule       bool
	Rows          int // 2 or 4
	MaxPlies      int
}

// DefaultKalah returns the options of Kalah(6,4) with empty captures, core/kalah's
// defaults.
func DefaultKalah() KalahOptions {
	return KalahOptions{Houses: 6, Seeds: 4, EmptyCapture: true, StoreSowing: true, Rows: 2, MaxPlies: 1000}
}

// Kalah describes core/kalah's game with options o. Sowing is anticlockwise into the
// mover's store (or none), a last seed in the own store moves again, and a last seed in
// an empty house of the mover's row facing the opponent takes itself and the opponent
// houses of its column (with two rows, the opposite house).
func Kalah(o KalahOptions) (Rules, error) {
	var b Board
	switch o.Rows {
	case 2:
		b = TwoRows(o.Houses, o.Seeds)
	case 4:
		b = FourRows(o.Houses, o.Seeds)
	default:
		return Rules{}, fmt.Errorf("kalah: rows %d: want 2 or 4", o.Rows)
	}
	if o.Remaining != ToOwner && o.Remaining != Discard {
		return Rules{}, fmt.Errorf("kalah: remaining %v: want owner or discard", o.Remaining)
	}
	stores := OwnStore
	if !o.StoreSowing {
		stores = NoStores
	}
	return Rules{
		Board:  b,
		Sowing: Sowing{Stores: stores, SkipOrigin: o.OriginSkip},
		Captures: []Capture{{
			Side: OwnSide, InnerOnly: true, EmptyBefore: true,
			Take: TakeColumn, WithLast: true, NeedSeeds: !o.EmptyCapture,
		}},
		ExtraTurn: true,
		PieRule:   o.PieRule,
		End:       End{When: o.EndRule, Remaining: o.Remaining, MaxPlies: o.MaxPlies},
	}, nil
}

// houseCounts returns WithSeeds's count function for the counts of each side's houses
// in track order (the catalogue's uneven starts: catalogue_gen.go).
func houseCounts(counts [2][]int) func(side, k int, _ Pit) int {
	return func(side, k int, _ Pit) int { return counts[side][k] }
}
