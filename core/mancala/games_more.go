package mancala

// Six games beyond the catalogue (/work/shared/mancala/catalogue.md), chosen because
// the engine says their rules exactly. Each constructor gives its sources, the rules
// in our words, and the readings taken where the sources are silent or differ.
// maxPlies (0: none) is a safety net everywhere, and so is a repetition rule (the
// third occurrence of a position since the last capture ends the game, the seeds left
// split evenly) where the sources say nothing of cycles.

// Bohnenspiel describes the German bean game (Jahn 1923: 13-15, as Ludii's ruleset
// "Jahn" gives it; Wikipedia "Das Bohnenspiel", after the Deutsches Spielhandbuch of
// 1937): two rows of six pits, six beans each (72), the stores only for captures.
// Sowing is anticlockwise in single laps. A last bean that leaves its pit, on either
// side, holding 2, 4 or 6 captures the pit, and so do the pits before it along the
// sowing, on either side, while each holds 2, 4 or 6. A player who cannot move ends
// the game and the other player takes every bean left. Exact; reading: a lap of 12
// beans or more sows the pit it started from too (no source skips it).
func Bohnenspiel(maxPlies int) Rules {
	return Rules{
		Board:    TwoRows(6, 6),
		Sowing:   Sowing{Stores: NoStores},
		Captures: []Capture{{Side: AnySide, Counts: []int{2, 4, 6}, Take: TakePit, Chain: ChainBackward}},
		End: End{When: MoverCannotMove, Remaining: ToOther, MaxPlies: maxPlies,
			Repeats: 3, OnRepeat: Split},
	}
}

// Halusa describes the game Thomas Hyde found near Baghdad (Hyde 1694, De Ludis
// Orientalibus: 226-230, as Ludii's ruleset "Hyde" gives it; Mancala World "Halusa";
// Murray 1951): two rows of six holes, six counters each, sown anticlockwise in single
// laps. A last counter that makes one of the mover's own holes even captures it, and
// the holes before it, on the mover's side, while they hold an even number (an odd or
// empty hole stops the chain). A player whose row is empty is fed: the opponent must
// play a move that gives them counters; a player who cannot move passes, and when
// neither can, the last player who could move takes the counters left. Exact to
// Ludii's reading (Mancala World ends the game at once when the player to move cannot
// move: that is this rule without the pass).
func Halusa(maxPlies int) Rules {
	return Rules{
		Board:    TwoRows(6, 6),
		Sowing:   Sowing{Stores: NoStores},
		Captures: []Capture{{Side: OwnSide, Even: true, Take: TakePit, Chain: ChainBackward}},
		MustFeed: true,
		Pass:     true,
		End: End{When: MoverCannotMove, Remaining: ToOther, MaxPlies: maxPlies,
			Repeats: 3, OnRepeat: Split},
	}
}

// Sungka describes the Philippine game (Mancala World "Sungka", after wikimanqala;
// Russ 2000, The Complete Mancala Games Book): two rows of seven holes, seven shells
// each (98), and a store at each player's right. A move sows anticlockwise into the
// mover's own store and past the opponent's. A last shell in an occupied hole, on
// either side, lifts it and sowing goes on; in the own store the player moves again; in
// an empty own hole it captures the opposite hole with itself when that hole holds
// shells (else nothing). A player with no shells passes; the game ends when the holes
// are empty. Exact but for the simultaneous first move of both players: here South
// moves first (a reading).
func Sungka(maxPlies int) Rules {
	return Rules{
		Board:  TwoRows(7, 7),
		Sowing: Sowing{Stores: OwnStore, Relay: RelayOnOccupied},
		Captures: []Capture{{
			Side: OwnSide, EmptyBefore: true, Take: TakeOpposite, WithLast: true, NeedSeeds: true,
		}},
		ExtraTurn: true,
		Pass:      true,
		End: End{When: MoverCannotMove, Remaining: ToOwner, MaxPlies: maxPlies,
			Repeats: 3, OnRepeat: Split},
	}
}

// Ohvalhu describes the Maldivian game (de Voogt 2000, as Ludii's "Ovalhu" gives it,
// DLP Evidence 2047; Mancala World "Ohvalhu", after Culin 1894): two rows of eight
// holes, eight counters each (128), a store at each player's right, sown anticlockwise
// into the mover's own store and past the opponent's, the players moving in turn from
// the first move. A last counter in an occupied hole relays; in the own store the
// player moves again; in an empty own hole it captures the opposite hole with itself
// when that hole holds counters. A player with no counters passes; the round ends when
// every counter is captured. Next rounds: each player refills their holes from the
// left, eight a hole, from their store; holes they cannot fill are out of play for
// the round; the match ends when a player cannot fill one hole, or after maxRounds (0:
// no limit). Readings: the capture is Congkak's (Mancala World: "similar to Congkak";
// Ludii's text captures on any empty hole), and the players start rounds in turn.
// A repetition, or maxPlies, ends the match (the engine's Rounds rule).
func Ohvalhu(maxRounds, maxPlies int) Rules {
	return Rules{
		Board:  TwoRows(8, 8),
		Sowing: Sowing{Stores: OwnStore, Relay: RelayOnOccupied},
		Captures: []Capture{{
			Side: OwnSide, EmptyBefore: true, Take: TakeOpposite, WithLast: true, NeedSeeds: true,
		}},
		ExtraTurn: true,
		Pass:      true,
		Rounds:    Rounds{Seeds: 8, Max: maxRounds},
		End: End{When: MoverCannotMove, Remaining: ToOwner, MaxPlies: maxPlies,
			Repeats: 3, OnRepeat: ToOwner},
	}
}

// UmElBagara describes "the cow game" of the Kababish of Sudan (Davies 1925, Sudan
// Notes and Records 8: 140-141, as Ludii gives it, DLP Evidence 694; Murray 1951: 194;
// Mancala World "Um el Bagara"): two rows of five holes, five counters each, the
// stores only for captures. A hole's counters are sown towards the nearer end of the
// row: the mover's two left holes clockwise, the two right ones anticlockwise, the
// middle one either way ("3R", "3L"). Single counters are not sown. A last counter
// that makes an opponent's hole 2 or 4 captures it, and the holes before it along the
// sowing, on the opponent's side, while they hold 2 or 4. A player who cannot move
// passes; when neither can, each takes the counters left in their row. Exact;
// reading: the chain stays on the opponent's side (Mancala World, after Alemungula),
// and it is taken whole (Ludii's "may" read as "does").
func UmElBagara(maxPlies int) Rules {
	return Rules{
		Board:    TwoRows(5, 5),
		Sowing:   Sowing{Stores: NoStores, MinSeeds: 2, HouseDirections: []Direction{Clockwise, Clockwise, Chosen, Anticlockwise, Anticlockwise}},
		Captures: []Capture{{Side: OpponentSide, Counts: []int{2, 4}, Take: TakePit, Chain: ChainBackward}},
		Pass:     true,
		End: End{When: MoverCannotMove, Remaining: ToOwner, MaxPlies: maxPlies,
			Repeats: 3, OnRepeat: Split},
	}
}

// UmElTuweisat describes "the little goat game", the children's Um el-Bagara (Davies
// 1925: 141-142, as Ludii gives it, DLP Evidence 1532): two rows of three holes, three
// counters each. The left hole sows clockwise, the right one anticlockwise, the
// middle one either way ("2R", "2L"); single counters are not sown. A last counter
// that makes an opponent's hole two captures it, and the holes before it on the
// opponent's side while they hold two. A player who cannot move passes; when neither
// can, each takes the counters left in their row. Exact, with Um el-Bagara's readings.
func UmElTuweisat(maxPlies int) Rules {
	return Rules{
		Board:    TwoRows(3, 3),
		Sowing:   Sowing{Stores: NoStores, MinSeeds: 2, HouseDirections: []Direction{Clockwise, Chosen, Anticlockwise}},
		Captures: []Capture{{Side: OpponentSide, Counts: []int{2}, Take: TakePit, Chain: ChainBackward}},
		Pass:     true,
		End: End{When: MoverCannotMove, Remaining: ToOwner, MaxPlies: maxPlies,
			Repeats: 3, OnRepeat: Split},
	}
}
