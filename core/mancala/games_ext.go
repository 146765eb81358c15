package mancala

import "fmt"

// More games of the catalogue (/work/shared/mancala/catalogue.md), on the extended
// rules. Each constructor says its source (as the catalogue gives it), the rules in
// short, and whether the descriptor is exact to the catalogue's text or which reading
// or simplification it takes. maxPlies (0: none) is a safety net everywhere.

// fourRowsNoStores is FourRows without stores, each house starting with seeds(side, k)
// (k along the player's track: 0..h-1 the inner row from the player's right, h..2h-1
// the outer row from the player's left).
func fourRowsNoStores(houses int, seeds func(side, k int) int) Board {
	return WithSeeds(WithoutStores(FourRows(houses, 0)), func(side, k int, _ Pit) int { return seeds(side, k) })
}

// Awari describes Awari as Allis, van der Meulen and van den Herik solved it (Mancala
// World "Awari Oracle"; bart-awari-rules): Oware's board, sowing and 2-3 captures, but
// a grand slam is captured; no move may leave the opponent without seeds unless every
// move does, and then only moves that leave the mover a seed (NoStarve); an empty
// opponent must be fed, and when no move feeds the game ends with each player taking
// the seeds on their side. 25 wins; a third repetition splits the seeds left evenly.
// Exact to the catalogue.
func Awari(maxPlies int) Rules {
	r := Oware(maxPlies)
	r.Captures = []Capture{{Side: OpponentSide, Counts: []int{2, 3}, Take: TakePit, Chain: ChainBackward}}
	r.NoStarve = true
	r.End.Repeats, r.End.OnRepeat = 3, Split
	return r
}

// Dabuda describes the Afar game (Ludii "Dabuda", Pankhurst 1971): two rows of ten
// holes, four counters each, no stores sown. The first move of the game is from one
// of the mover's four rightmost holes (houses 7..10); after that a move must drop a
// counter in the opponent's row or end in an empty own hole (Must: ReachOrEmpty, judged
// on the first lap: with relay sowing every whole move would meet it). Relay sowing; a last counter in an empty own hole captures
// the opposite hole with itself when the opposite hole has counters. A player who
// cannot move ends the game and the other takes the rest. Readings: "the first move"
// is the game's first ply only; a capture needs a non-empty opposite hole.
func Dabuda(maxPlies int) Rules {
	return Rules{
		Board:  TwoRows(10, 4),
		Sowing: Sowing{Stores: NoStores, Relay: RelayOnOccupied},
		Captures: []Capture{{
			Side: OwnSide, EmptyBefore: true, Take: TakeOpposite, WithLast: true, NeedSeeds: true,
		}},
		Opening: Opening{Plies: 1, Houses: []int{7, 8, 9, 10}},
		Must:    ReachOrEmpty,
		End: End{When: MoverCannotMove, Remaining: ToOther, MaxPlies: maxPlies,
			Repeats: 3, OnRepeat: Split},
	}
}

// EnGehe describes En Gehé (Ludii "En Gehe"; Wikipedia "En Gehé"): two rows of 40 to
// 50 holes (houses), four counters each (up to 400: counts are 16-bit), relay sowing,
// a last counter in an empty own hole captures the opposite hole with itself (when it
// has counters), and the game ends when a side cannot move, each side taking its own.
// The teams of the source play as two seats. Exact to the catalogue otherwise.
func EnGehe(houses, maxPlies int) (Rules, error) {
	if houses < 40 || houses > 50 {
		return Rules{}, fmt.Errorf("en gehe: %d holes a row: want 40..50", houses)
	}
	return Rules{
		Board:  TwoRows(houses, 4),
		Sowing: Sowing{Stores: NoStores, Relay: RelayOnOccupied},
		Captures: []Capture{{
			Side: OwnSide, EmptyBefore: true, Take: TakeOpposite, WithLast: true, NeedSeeds: true,
		}},
		End: End{When: MoverCannotMove, Remaining: ToOwner, MaxPlies: maxPlies,
			Repeats: 3, OnRepeat: Split},
	}, nil
}

// Mangala describes the Turkish game (mancala.fandom.com/wiki/Mangala_III;
// worldethnosport.org; anatolianbrands.com): two rows of six, four stones each. The
// first stone goes back into the emptied hole (a single stone moves on); the own store
// is sown and a last stone there moves again. A last stone making an opponent's hole
// even captures it; a last stone in an own empty hole captures the opposite hole with
// itself (when the opposite hole has stones: a reading). When a side is empty the
// player whose row is empty takes the stones left in the other row. Exact otherwise.
func Mangala(maxPlies int) Rules {
	return Rules{
		Board:  TwoRows(6, 4),
		Sowing: Sowing{Stores: OwnStore, OriginFirst: true},
		Captures: []Capture{
			{Side: OpponentSide, Even: true, Take: TakePit},
			{Side: OwnSide, EmptyBefore: true, Take: TakeOpposite, WithLast: true, NeedSeeds: true},
		},
		ExtraTurn: true,
		End:       End{When: EitherSideEmpty, Remaining: ToEmptied, MaxPlies: maxPlies},
	}
}

// Pallanguzhi describes the South Indian game as the catalogue reads it (Ludii, DLP
// Evidence 672; Wikipedia "Pallanguzhi"): two rows of seven holes, six counters each,
// no stores on the board. A hole brought to four during sowing is taken by the sower
// (a last counter doing so ends the move); a last counter in an occupied hole relays;
// in an empty hole it captures the next hole and the turn ends. A round ends when a
// side is empty, each player taking their own. Next rounds: each player refills their
// holes six at a time from their winnings; unfilled holes are out of play; the match
// ends when a player cannot fill a hole, or after maxRounds (0: no limit). Readings:
// the catalogue's relay (the traditional "lift the next hole" is RelayNext, used by
// Gabata), and rounds started by the players in turn.
func Pallanguzhi(maxRounds, maxPlies int) Rules {
	return Rules{
		Board:    WithoutStores(TwoRows(7, 6)),
		Sowing:   Sowing{Stores: NoStores, Relay: RelayOnOccupied, TakeAt: 4},
		Captures: []Capture{{Side: AnySide, EmptyBefore: true, Take: TakeNext}},
		Rounds:   Rounds{Seeds: 6, Max: maxRounds},
		End: End{When: EitherSideEmpty, Remaining: ToOwner, MaxPlies: maxPlies,
			Repeats: 3, OnRepeat: ToOwner},
	}
}

// GabataAdegrat describes Gabata of Adegrat (Ludii "Gabata (Adegrat)"): two rows of
// six holes, three counters each. A last counter in an occupied hole lifts the next
// hole and sows on (RelayNext); the turn ends if that hole is empty. A last counter in
// an empty hole captures the following hole. A round ends when the mover cannot move,
// each taking their own. Simplified rounds: the source's winner claims opponent holes
// three counters at a time; here each player refills only their own holes, three a
// hole, and the holes they cannot fill are out of play (Pallanguzhi's rule).
func GabataAdegrat(maxRounds, maxPlies int) Rules {
	return Rules{
		Board:    WithoutStores(TwoRows(6, 3)),
		Sowing:   Sowing{Stores: NoStores, Relay: RelayNext},
		Captures: []Capture{{Side: AnySide, EmptyBefore: true, Take: TakeNext}},
		Rounds:   Rounds{Seeds: 3, Max: maxRounds},
		End: End{When: MoverCannotMove, Remaining: ToOwner, MaxPlies: maxPlies,
			Repeats: 3, OnRepeat: ToOwner},
	}
}

// BaAwa describes Ba-awa (Wikipedia "Ba-awa"; mancala.fandom.com/wiki/Ba-awa): two
// rows of six, four seeds each, relay sowing. A hole reaching four during sowing is
// taken at once by its owner; a last seed making four is taken by the mover and ends
// the move. With eight seeds or fewer left, the round's starting player takes them
// (also when the mover cannot move: a reading). Next rounds start with one hole per
// four seeds won (Rounds of four; holes not filled are out of play).
func BaAwa(maxRounds, maxPlies int) Rules {
	return Rules{
		Board:  WithoutStores(TwoRows(6, 4)),
		Sowing: Sowing{Stores: NoStores, Relay: RelayOnOccupied, TakeAt: 4, TakeAtOwner: true},
		Rounds: Rounds{Seeds: 4, Max: maxRounds},
		End: End{When: MoverCannotMove, Remaining: ToStarter, LeftAtMost: 8, MaxPlies: maxPlies,
			Repeats: 3, OnRepeat: ToOwner},
	}
}

// Hus describes the Nama game (Ludii "Hus (Nama)"; boardgamesoftheworld.com/hus.html;
// Wikipedia "ǁHus"): four rows of houses (8 a row here; the source plays 8 to 22), no
// stores, each player sowing around their own two rows. Two seeds in every outer house
// and in the right half of the inner row (from the player's seat). Only houses of two
// seeds or more are sown. A last seed in an occupied inner house whose two opponent
// houses in the column both hold seeds captures them, and they are sown on from the
// next house; otherwise a last seed in an occupied house relays. A player who cannot
// move loses (the other takes every seed). Exact to the catalogue.
func Hus(houses, maxPlies int) Rules {
	return Rules{
		Board: fourRowsNoStores(houses, func(side, k int) int {
			if k < houses/2 || k >= houses {
				return 2
			}
			return 0
		}),
		Sowing: Sowing{Stores: NoStores, MinSeeds: 2, Relay: RelayOnOccupied},
		Captures: []Capture{{
			Side: OwnSide, InnerOnly: true, Occupied: true, Take: TakeColumn, AllOccupied: true,
			Effect: Resow, ResowFrom: ResowAfterLast,
		}},
		End: End{When: MoverCannotMove, Remaining: ToOther, MaxPlies: maxPlies, Repeats: 3, OnRepeat: Split},
	}
}

// Owela describes Owela of Benguela (Ludii "Owela (Benguela)", Silva 1995): four rows
// of 12 to 20 holes, no stores; each player's 3n-2 counters (n holes a row) are dealt
// two by two from their leftmost outer hole along their track (the outer row, then the
// inner row from the right). Single counters are not sown. A last counter in an
// occupied inner hole, with the opponent's inner hole opposite occupied, captures that
// hole and the outer one behind it, and they are sown on from the next hole; otherwise
// relay. A player who cannot move loses. Exact to the catalogue.
func Owela(houses, maxPlies int) (Rules, error) {
	if houses < 12 || houses > 20 {
		return Rules{}, fmt.Errorf("owela: %d holes a row: want 12..20", houses)
	}
	pairs := (3*houses - 2) / 2
	return Rules{
		Board: fourRowsNoStores(houses, func(side, k int) int {
			// Dealing order along the track: outer row (h..2h-1), then inner (0..).
			i := k - houses
			if i < 0 {
				i = k + houses
			}
			if i < pairs {
				return 2
			}
			return 0
		}),
		Sowing: Sowing{Stores: NoStores, MinSeeds: 2, Relay: RelayOnOccupied},
		Captures: []Capture{{
			Side: OwnSide, InnerOnly: true, Occupied: true, NeedOpposite: true, Take: TakeColumn,
			Effect: Resow, ResowFrom: ResowAfterLast,
		}},
		End: End{When: MoverCannotMove, Remaining: ToOther, MaxPlies: maxPlies, Repeats: 3, OnRepeat: Split},
	}, nil
}

// Adjiboto describes the Saramaka game (Ludii "Adjiboto", Herskovits 1929): two rows of
// five, ten counters each, no stores sown, origin-first sowing, singletons not sown.
// Each player's first five moves sow each of their five holes once (the "first ten
// turns"). A last counter captures the holes after it, along the sowing, while they
// hold 1, 3 or 5 (either side); no capture on the game's first move. A player who
// cannot sow ends the game and the other takes the counters left. Simplified: the
// source's loser is the player who cannot sow; here the counters decide (the rest
// going to the other); the draw by refilling all five holes with ten is not modelled.
func Adjiboto(maxPlies int) Rules {
	return Rules{
		Board:    TwoRows(5, 10),
		Sowing:   Sowing{Stores: NoStores, OriginFirst: true, MinSeeds: 2},
		Captures: []Capture{{Side: AnySide, Counts: []int{1, 3, 5}, Take: TakeAfter, FromPly: 1}},
		Opening:  Opening{EachHouse: true},
		End: End{When: MoverCannotMove, Remaining: ToOther, MaxPlies: maxPlies,
			Repeats: 3, OnRepeat: Split},
	}
}

// Omweso describes the Ganda game (Ludii "Mweso", Shackell 1934; Wikipedia "Omweso"):
// four rows of eight, no stores, 32 seeds a player. Simplified setup: two seeds in
// each house, then each player moves up to setupMoves seeds one at a time between
// their houses (South first, North seeing South's arrangement), instead of placing all
// 32 freely and at once. Anticlockwise relay from houses of two seeds or more; a last
// seed in an occupied own inner house whose two opponent houses in the column both hold
// seeds captures them, and they are sown on from the house that took the first seed of
// the capturing lap. A player who cannot move loses. Missing: the clockwise captures
// from the four left holes.
func Omweso(setupMoves, maxPlies int) Rules {
	return Rules{
		Board:  fourRowsNoStores(8, func(int, int) int { return 2 }),
		Sowing: Sowing{Stores: NoStores, MinSeeds: 2, Relay: RelayOnOccupied},
		Captures: []Capture{{
			Side: OwnSide, InnerOnly: true, Occupied: true, Take: TakeColumn, AllOccupied: true,
			Effect: Resow, ResowFrom: ResowLapStart,
		}},
		Setup: Setup{Moves: setupMoves},
		End:   End{When: MoverCannotMove, Remaining: ToOther, MaxPlies: maxPlies, Repeats: 3, OnRepeat: Split},
	}
}

// Kiela describes Kiela or Quiela (Ludii "Quiela", Silva 1995): four rows of seven, no
// stores, three counters in each outer hole, rearranged by each player (simplified:
// up to setupMoves single-counter moves, South first, no constraint checked). Relay
// sowing; a last counter in an empty own inner hole captures the opponent's inner
// hole opposite and the outer one behind it (when they hold counters). Capturing
// everything wins: a player who cannot move ends the game, the other taking the
// rest. Missing: "once a player has one counter per hole, only singles may move into
// empty holes".
func Kiela(setupMoves, maxPlies int) Rules {
	return Rules{
		Board: fourRowsNoStores(7, func(side, k int) int {
			if k >= 7 {
				return 3
			}
			return 0
		}),
		Sowing: Sowing{Stores: NoStores, Relay: RelayOnOccupied},
		Captures: []Capture{{
			Side: OwnSide, InnerOnly: true, EmptyBefore: true, Take: TakeColumn, NeedSeeds: true,
		}},
		Setup: Setup{Moves: setupMoves},
		End:   End{When: MoverCannotMove, Remaining: ToOther, MaxPlies: maxPlies, Repeats: 3, OnRepeat: Split},
	}
}

// Tshuba describes Tshuba or Tchouba (Ludii "Tshuba", Junod 1912): four rows of 4 to
// 22 holes, no stores, two counters in every hole. Relay sowing; a last counter in an
// empty own inner hole captures the opponent's inner and outer holes of its column
// (when they hold counters) and another opponent hole of the mover's choosing, named
// in the move ("5>3"; listed for every opponent hole holding counters after the
// capture). Capturing everything wins: a player who cannot move ends the game, the
// other taking the rest. Exact to the catalogue.
func Tshuba(houses, maxPlies int) (Rules, error) {
	if houses < 4 || houses > 22 {
		return Rules{}, fmt.Errorf("tshuba: %d holes a row: want 4..22", houses)
	}
	return Rules{
		Board:  fourRowsNoStores(houses, func(int, int) int { return 2 }),
		Sowing: Sowing{Stores: NoStores, Relay: RelayOnOccupied},
		Captures: []Capture{{
			Side: OwnSide, InnerOnly: true, EmptyBefore: true, Take: TakeColumn, NeedSeeds: true, Chosen: true,
		}},
		End: End{When: MoverCannotMove, Remaining: ToOther, MaxPlies: maxPlies, Repeats: 3, OnRepeat: Split},
	}, nil
}

// GabataShoa describes Gabata of Shoa I (Ludii variant 354, Pankhurst): two rows of
// six, four counters each, relay sowing, a player who cannot move passes. Simplified:
// a last counter making four in an opponent's hole makes the hole the mover's for the
// round as Toguz Kumalak's tuzdik (never sown from, counters sown into it go to the
// mover); the source's "the opponent can take one counter from it by ending there" is
// not modelled. Rounds: the holes are refilled four a hole, those a player cannot fill
// out of play (the source's redistribution, simplified).
func GabataShoa(maxRounds, maxPlies int) Rules {
	return Rules{
		Board:    WithoutStores(TwoRows(6, 4)),
		Sowing:   Sowing{Stores: NoStores, Relay: RelayOnOccupied},
		Captures: []Capture{{Side: OpponentSide, Counts: []int{4}, Take: TakePit, Effect: MarkPit}},
		Pass:     true,
		Rounds:   Rounds{Seeds: 4, Max: maxRounds},
		End: End{When: MoverCannotMove, Remaining: ToOwner, MaxPlies: maxPlies,
			Repeats: 3, OnRepeat: ToOwner},
	}
}

// Enkeshui describes the Ugandan game (Wikipedia "Enkeshui") much simplified: two rows
// of eight with three seeds each (one of the catalogue's 48-seed setups; the others
// are uneven), relay sowing, and bulls: a last seed making three in a hole on either
// side makes it the mover's permanent hole (as a tuzdik: never sown from, its seeds and
// every seed later sown into it are the mover's). Missing: the simultaneous race that
// decides who starts (South starts), the 2-3 pair bulls, and "no capture after a
// relay". A player who cannot move ends the game, each taking their own.
func Enkeshui(maxPlies int) Rules {
	return Rules{
		Board:    WithoutStores(TwoRows(8, 3)),
		Sowing:   Sowing{Stores: NoStores, Relay: RelayOnOccupied, LapCaptures: true},
		Captures: []Capture{{Side: AnySide, Counts: []int{3}, Take: TakePit, Effect: MarkPit}},
		End: End{When: MoverCannotMove, Remaining: ToOwner, MaxPlies: maxPlies,
			Repeats: 3, OnRepeat: Split},
	}
}

// BaoSimplified describes Bao la Kiswahili's capture and sowing reduced to what the
// engine says (liquisearch.com Bao rules; Ludii "Bao Kiswahili"): four rows of eight,
// no stores, two seeds in every house (not Bao's opening with seeds in hand), sowing
// from two seeds or more in a chosen direction with relay. A last seed in an occupied
// own front-row house, with the opponent's front-row house opposite occupied,
// captures that house, and its seeds are relay-sown from the mover's house 1 (the
// right kichwa) on in the move's direction. A player who cannot move loses. Missing:
// the namua phase, mtaji/takasa turns, the nyumba, and the kichwa choice rules.
func BaoSimplified(maxPlies int) Rules {
	return Rules{
		Board:  fourRowsNoStores(8, func(int, int) int { return 2 }),
		Sowing: Sowing{Direction: Chosen, Stores: NoStores, MinSeeds: 2, Relay: RelayOnOccupied},
		Captures: []Capture{{
			Side: OwnSide, InnerOnly: true, Occupied: true, NeedOpposite: true, Take: TakeOpposite,
			Effect: Resow, ResowFrom: ResowTrackStart,
		}},
		End: End{When: MoverCannotMove, Remaining: ToOther, MaxPlies: maxPlies, Repeats: 3, OnRepeat: Split},
	}
}

// LayliGoobalay describes the Somali game (Wikipedia "Layli Goobalay"; Mancala World
// "Layli Goobalay (short board)", after Pankhurst 1971): two rows of six holes, four
// seeds each (48), stores only for captures. Sowing goes anticlockwise and relays: a
// last seed in an occupied hole lifts it and goes on, unless the hole is an uur. A
// last seed in an empty hole of the mover, facing an opponent hole that is not an
// uur and holds seeds, captures: when that hole holds exactly three, one of them
// moves into the mover's hole, and both holes, two seeds each, become uurs of the
// mover (kept pits: never sown from, never captured, a relay stops in them, and they
// keep what is sown into them); otherwise the opponent's seeds and the capturing
// seed go to the mover's store. The game ends when the player to move cannot move;
// each player then takes their own uurs (wherever they are) and the other seeds of
// their row. Exact to the catalogue; readings: "removed from the game" (Wikipedia)
// is read as Mancala World's "captured by the player", and an uur facing the last
// hole protects its seeds ("an uur may never be emptied", Mancala World's long-board
// page). Cycles end on the third occurrence of a position since the last capture,
// the seeds left split evenly; maxPlies (0: none) is a safety net.
func LayliGoobalay(maxPlies int) Rules {
	return Rules{
		Board:  TwoRows(6, 4),
		Sowing: Sowing{Stores: NoStores, Relay: RelayOnOccupied},
		Captures: []Capture{
			{Side: OwnSide, EmptyBefore: true, Take: TakeOpposite, OppositeCounts: []int{3}, Effect: KeepPair},
			{Side: OwnSide, EmptyBefore: true, Take: TakeOpposite, WithLast: true, NeedSeeds: true},
		},
		End: End{When: MoverCannotMove, Remaining: ToOwner, MaxPlies: maxPlies,
			Repeats: 3, OnRepeat: Split},
	}
}
