package mancala

import "fmt"

// The games of the catalogue (/work/shared/mancala/catalogue.md) described as Rules.
// Each constructor documents its sources and the readings it took.

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

// Oware describes Oware Abapa (the Oware Society's rules, s.helan.free.fr/awele/rules;
// thechiefstable.com; ludoteka.com/oware.html): two rows of six houses, four seeds
// each; sowing skips the stores and, on laps (12 seeds or more), the origin. A last
// seed making 2 or 3 in an opponent's house captures it and the houses before it that
// hold 2 or 3, on the opponent's side; a capture of all the opponent's seeds (a grand
// slam) captures nothing. Must feed an opponent with no seeds; when no move can, the
// mover cannot move and each player takes the seeds on their side. More than half the
// seeds (25) wins. A position occurring the second time since the last capture ends
// the game, each player taking the seeds on their side (the Society's "endless cycle");
// maxPlies (0: none) is a safety net.
func Oware(maxPlies int) Rules {
	return Rules{
		Board:  TwoRows(6, 4),
		Sowing: Sowing{Stores: NoStores, SkipOrigin: true},
		Captures: []Capture{{
			Side: OpponentSide, Counts: []int{2, 3}, Take: TakePit,
			Chain: ChainBackward, GrandSlamNothing: true,
		}},
		MustFeed: true,
		End: End{When: MoverCannotMove, Majority: true, Remaining: ToOwner,
			MaxPlies: maxPlies, Repeats: 2, OnRepeat: ToOwner},
	}
}

// Ayoayo describes the Yoruba game (mancala.fandom.com/wiki/Ayoayo; Wikipedia
// "Ayoayo"): two rows of six houses, four seeds each, stores not sown. Relay sowing: a
// last seed in an occupied house lifts it and sowing goes on, until a last seed falls
// in an empty house; each lift's own house is skipped on laps. A last seed in an empty
// house of the mover captures the opposite house, with the capturing seed, when the
// opposite house has seeds. Must feed. The game ends when the player to move cannot
// move; the seeds left go to the other player (Wikipedia's reading). The relay can
// cycle: the game also ends on the third occurrence of a position since the last
// capture, the seeds left split evenly (a documented choice), and after maxPlies.
func Ayoayo(maxPlies int) Rules {
	return Rules{
		Board:  TwoRows(6, 4),
		Sowing: Sowing{Stores: NoStores, SkipOrigin: true, Relay: RelayOnOccupied},
		Captures: []Capture{{
			Side: OwnSide, EmptyBefore: true, Take: TakeOpposite, WithLast: true, NeedSeeds: true,
		}},
		MustFeed: true,
		End: End{When: MoverCannotMove, Remaining: ToOther, MaxPlies: maxPlies,
			Repeats: 3, OnRepeat: Split},
	}
}

// Congkak describes the Malay game (salvi.chaosnet.org/snippets/congklak-rules.txt;
// Wikipedia "Southeast Asian mancala") without its simultaneous first move: two rows
// of seven houses, seven seeds each, sown into the mover's store (the opponent's
// skipped). A last seed in an occupied house on either side relays; in the own store
// it moves again; in an empty house of the mover it captures the opposite house with
// itself when the opposite house has seeds. The game ends when a side is empty, each
// player taking the seeds on their side.
//
// The sources sow clockwise with each player's store at their left, so a lap goes
// from the own row into the own store and then to the opponent's row. [TwoRows] puts
// the stores at the right, where clockwise sowing would reach the own store only after
// the opponent's row (a different game), so Congkak is described as its mirror image:
// anticlockwise, stores at the right, the same lap (as [Sungka], its Philippine
// sibling). Left and right swap with the mirror: the sources' house next to the
// store, a player's leftmost, is house 7 here (houses count from the player's left,
// towards the store), and their second hole from the right is house 2. On the
// sources' own board, [TwoRowsLeft] sown Clockwise, it is the same game move for
// move, house k there being house 8-k here (config/examples/mancala/congkak-left.lua).
func Congkak(maxPlies int) Rules {
	b := TwoRows(7, 7)
	return Rules{
		Board: b,
		// Anticlockwise: the mirror image of the sources' clockwise board with the
		// stores at the players' left (see above).
		Sowing: Sowing{Direction: Anticlockwise, Stores: OwnStore, Relay: RelayOnOccupied},
		Captures: []Capture{{
			Side: OwnSide, EmptyBefore: true, Take: TakeOpposite, WithLast: true, NeedSeeds: true,
		}},
		ExtraTurn: true,
		End:       End{When: EitherSideEmpty, Remaining: ToOwner, MaxPlies: maxPlies, Repeats: 3, OnRepeat: Split},
	}
}

// ToguzKumalak describes the Kazakh game (playstrategy.org/variant/togyzkumalak;
// Ludii "Toguz Kumalak"): two rows of nine houses, nine balls each (162), stores
// (kazans) not sown. The first ball goes back into the emptied house (a single ball
// moves on). A last ball making 3 in an opponent's house (not their 9th, not the house
// with the number of the opponent's own tuzdik, once a game) makes it the mover's
// tuzdik: its balls, and every ball later sown into it, go to the mover's kazan. Else a
// last ball making an even count in an opponent's house captures it. More than half
// (82) wins; a player who cannot move ends the game, each taking the balls on their
// side; 81-81 is a draw.
func ToguzKumalak(maxPlies int) Rules {
	return Rules{
		Board:  TwoRows(9, 9),
		Sowing: Sowing{Stores: NoStores, OriginFirst: true},
		Captures: []Capture{
			{Side: OpponentSide, Counts: []int{3}, NotHouse: 9, Take: TakePit, Effect: MarkPit,
				MarkOnce: true, MarkNotMirror: true},
			{Side: OpponentSide, Even: true, Take: TakePit},
		},
		End: End{When: MoverCannotMove, Majority: true, Remaining: ToOwner, MaxPlies: maxPlies,
			Repeats: 3, OnRepeat: Split},
	}
}

// VaiLungThlan describes the Mizo game (mancala.fandom.com/wiki/Vai_Lung_Thlan;
// iggamecenter.com): two rows of six houses, five seeds each, sown clockwise in single
// laps, stores not sown. A last seed in an empty house on either side captures it and
// the unbroken chain of singletons behind it (along the sowing, across both rows). A
// player without seeds passes; the game ends when neither can sow (the board is
// empty). Cycles end on the third occurrence of a position since the last capture, the
// seeds left split evenly.
func VaiLungThlan(maxPlies int) Rules {
	return Rules{
		Board:  TwoRows(6, 5),
		Sowing: Sowing{Direction: Clockwise, Stores: NoStores},
		Captures: []Capture{{
			Side: AnySide, Counts: []int{1}, Take: TakePit, Chain: ChainBackward,
		}},
		Pass: true,
		End: End{When: MoverCannotMove, Remaining: ToOwner, MaxPlies: maxPlies,
			Repeats: 3, OnRepeat: Split},
	}
}
