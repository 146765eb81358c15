package mancala

import (
	"fmt"
	"slices"
)

// Direction is the way a player walks their track.
type Direction uint8

// The directions.
const (
	Anticlockwise Direction = iota // along Board.Tracks (the default)
	Clockwise                      // the track walked backwards
	Chosen                         // the mover picks one of the two with each move
)

// StoreSowing says which stores on a track receive seeds.
type StoreSowing uint8

// The ways of sowing stores.
const (
	OwnStore  StoreSowing = iota // the mover's store only (Kalah)
	NoStores                     // none: stores only collect captures (Oware)
	AllStores                    // every store the track lists
)

// Relay says when a sowing goes on from the pit of its last seed.
type Relay uint8

// The relay rules.
const (
	NoRelay         Relay = iota // a sowing ends with its last seed
	RelayOnOccupied              // a last seed in a house that held seeds lifts them all and sows on
	// RelayOwnSide is RelayOnOccupied only while the last house is the mover's: a last
	// seed in an occupied opponent house ends the move.
	RelayOwnSide
	// RelayNext: a last seed in a house that held seeds lifts the next pit along the
	// sowing (the next house when that is a store) and sows on; an empty next house ends
	// the move (Gabata of Adegrat, Pallanguzhi).
	RelayNext
)

// Sowing holds the options of the sowing step.
type Sowing struct {
	Direction Direction
	Stores    StoreSowing
	// SkipOrigin skips the pit the seeds were lifted from on laps (Oware: a house of
	// 12 seeds or more). With relay, each lift's own pit is skipped.
	SkipOrigin bool
	// OriginFirst puts the first seed back into the emptied pit; a single seed moves on
	// (Toguz Kumalak, Mangala).
	OriginFirst bool
	// MinSeeds is the fewest seeds a house needs to be sown from (0 reads as 1; Hus: 2).
	MinSeeds int
	// HouseDirections, when not empty, gives each house number its own direction (one
	// entry a house, 1-based along the player's track as the moves number them, the same
	// list for both players): Anticlockwise, Clockwise or Chosen (Um el-Bagara: the two
	// left houses sow clockwise, the two right ones anticlockwise, the middle one either
	// way). Direction must then stay Anticlockwise. A move from a Chosen house is written
	// with R or L, as with Direction Chosen; the others are plain house numbers.
	HouseDirections []Direction
	// Relay is the relay rule. A move sows at most MaxRelay laps, so that none runs
	// forever (see MaxRelay). It works with every direction, a chosen one included: the
	// relay goes on the way the move went.
	Relay Relay
	// TakeAt, when not 0, is a per-seed capture: a seed that brings a house to exactly
	// TakeAt seeds empties it at once into the sower's store (into the house owner's
	// store with TakeAtOwner), and the sowing goes on (Pallanguzhi, Ba-awa: four). A
	// last seed doing so gives the house to the mover and ends the move (no relay, no
	// capture).
	TakeAt      int
	TakeAtOwner bool
	// LapCaptures tries the captures at the end of every lap, before the relay (the
	// classic loop tries them once, where the relay ends). It is on by itself with the
	// extended rules: TakeAt, RelayOwnSide, RelayNext, Must, Rounds and the newer capture
	// fields (Take next or after, Resow, Occupied, NeedOpposite, AllOccupied, Chosen,
	// FromPly). Enkeshui's bulls: a hole made 3 by a last seed, before it relays.
	LapCaptures bool
	// SkipCount, when not 0, passes over every house holding exactly that many seeds
	// as a seed reaches it: no seed falls in it, and the next pit takes the seed (a
	// designer's "sowing skips every house holding exactly 3"). It is judged seed by
	// seed, on the counts as the sowing leaves them, and needs the extended loop.
	SkipCount int
}

// MaxRelay bounds the laps of one move: its lifts, the origin's included, with each
// relay and each re-sowing of captured seeds (Sown.Laps never exceeds it). The end of
// the MaxRelay-th lap is judged as every lap's end (a store, a marked pit, the
// captures), but no lap follows it: no relay, and the seeds a re-sowing capture takes
// there go to the mover's store instead of being sown on. It is the one bound of every
// sowing routine (the classic loop, the word board's relays, the extended loop), so a
// descriptor plays alike on each; the rule books have no such bound (a relay cycle
// runs for ever), and scripts/README.md states it as "a relay stops after 4,096
// lifts".
const MaxRelay = 1 << 12

// Side restricts where a capturing last seed may fall.
type Side uint8

// The sides.
const (
	OwnSide      Side = iota // a house of the mover
	OpponentSide             // a house of the opponent
	AnySide                  // any house
)

// Take says which pits a capture empties.
type Take uint8

// What a capture takes.
const (
	TakeOpposite Take = iota // the opponent's house facing the last pit (same column, mirrored row)
	TakeColumn               // every opponent house in the last pit's column
	TakePit                  // the last pit itself
	// TakeNext takes the house after the last pit along the sowing (the conditions are
	// on the last pit, as for the others): Pallanguzhi, Gabata.
	TakeNext
	// TakeAfter takes the houses after the last pit along the sowing while each meets
	// Side, Counts and Even; the last pit itself only has to meet the other conditions
	// (Adjiboto: the holes after the last one while they hold 1, 3 or 5).
	TakeAfter
)

// Chain extends a capture to the pits before or after the last one.
type Chain uint8

// The chains.
const (
	NoChain       Chain = iota
	ChainBackward       // the pits before the last one along the sowing, while each meets the condition
	ChainForward        // the pits after it, likewise
)

// Effect is what a capture does with the pits it takes.
type Effect uint8

// The effects.
const (
	// TakeSeeds moves the seeds to the mover's store.
	TakeSeeds Effect = iota
	// MarkPit makes the last pit the mover's for the rest of the game (Toguz Kumalak's
	// tuzdik): its seeds go to the mover's store now, and every seed later sown into it
	// goes there too. The pit is never sown from and never captured.
	MarkPit
	// Resow sows the taken seeds on instead of storing them: the mover sows them along
	// their track, in the move's direction, from the pit Capture.ResowFrom names, and
	// the last seed of that lap is treated like any other (capture, relay): Hus, Owela,
	// Omweso, Bao.
	Resow
	// KeepPair turns the last pit and the pit taken into the mover's kept pits (Layli
	// Goobalay's uur): one seed moves from the taken pit into the last pit, and both are
	// marked as the mover's for the rest of the game (of the round, with Rounds). A kept
	// pit keeps every seed sown into it; it is never sown from and never captured, and a
	// lap whose last seed falls in it ends the move there (no relay, no capture). When
	// the game (or round) ends, its seeds go to the mark's owner, whatever
	// End.Remaining says of the other houses; rules that count a side's seeds (an
	// empty side, must feed, no-starve, a grand slam) leave kept pits out. Take must
	// be TakeOpposite or TakeNext (one pit), and the capture applies only when that
	// pit holds a seed to give.
	KeepPair
)

// ResowFrom says where a Resow capture's seeds start.
type ResowFrom uint8

// The starting pits of a re-sowing.
const (
	ResowAfterLast  ResowFrom = iota // the first seed into the pit after the last one (Hus, Owela)
	ResowLapStart                    // into the pit that took the first seed of the capturing lap (Omweso)
	ResowTrackStart                  // into the mover's first house in the move's direction (a kichwa: Bao)
)

// Capture is one capture rule: conditions on the pit of the last seed, what is taken,
// and where it goes. Rules list captures in order; the first whose conditions hold
// applies. The conditions are checked after the sowing, on the counts it left.
type Capture struct {
	// Side says whose house the last seed must fall in.
	Side Side
	// InnerOnly requires the last pit to be in a row facing the opponent (four rows).
	InnerOnly bool
	// EmptyBefore requires the last pit to have been empty before the last seed.
	EmptyBefore bool
	// Counts, when not empty, lists the counts the last pit may hold after sowing
	// (Oware: 2, 3). Each is 1..MaxCount.
	Counts []int
	// Even requires an even, non-zero count in the last pit (Toguz Kumalak).
	Even bool
	// NotHouse excludes a house number of the pit's owner (1-based along the owner's
	// track; Toguz Kumalak's tuzdik: not the 9th). 0 excludes none.
	NotHouse int
	// Houses, when not empty, lists the house numbers of the pit's owner (1-based
	// along the owner's track) the last pit must be one of (Kara: the mover's
	// rightmost hole, 3). Each is 1..MaxRows*MaxHouses.
	Houses []int
	Take   Take
	// WithLast also takes the last pit's seeds (Kalah: the capturing seed).
	WithLast bool
	// NeedSeeds: no capture when the taken pits (the last one aside) hold no seeds.
	NeedSeeds bool
	// Chain extends TakePit captures along the sowing while each pit meets Side,
	// Counts and Even.
	Chain Chain
	// GrandSlamNothing: a capture that would leave the opponent no seeds in their
	// houses captures nothing (Oware Abapa).
	GrandSlamNothing bool
	Effect           Effect
	// MarkOnce allows one marked pit per player for the game; MarkNotMirror forbids
	// the house with the same number as the opponent's marked one (Toguz Kumalak).
	MarkOnce, MarkNotMirror bool

	// Occupied requires the last pit to have held seeds before the last seed (Hus,
	// Owela, Omweso, Bao: the capture is tried before the relay).
	Occupied bool
	// NeedOpposite: no capture when the opponent house facing the last pit is empty
	// (Owela: the inner hole opposite must be occupied).
	NeedOpposite bool
	// AllOccupied: no capture unless every taken pit (the last one aside) holds seeds
	// (Hus, Omweso: both opponent holes of the column).
	AllOccupied bool
	// Chosen: the capture also takes one opponent house of the mover's choosing, named
	// in the move ("3>7": sow house 3, and when this capture applies take the
	// opponent's house 7 too); Tshuba. A move that makes such a capture is listed once
	// for every opponent house holding seeds after it.
	Chosen bool
	// FromPly: the capture applies only from this ply of the round's play on, counted
	// from 0 (Adjiboto: 1, no capture on the first move).
	FromPly int
	// ResowFrom is where a Resow capture's seeds start.
	ResowFrom ResowFrom
	// OppositeCounts, when not empty, lists the counts the opponent house facing the
	// last pit must hold before the capture (Layli Goobalay's uur: 3); a last pit with
	// no house facing it, or facing a marked one, fails. Each is 1..MaxCount.
	OppositeCounts []int
	// OppositeEmpty: no capture unless the opponent house facing the last pit is
	// empty (Sute); a last pit facing no house fails. Not with NeedOpposite.
	OppositeEmpty bool
	// ToOwner: the seeds taken go to the store of the last pit's owner, not the
	// mover's (Enindji: a last seed making four in a hole gives them to its owner).
	// Effect TakeSeeds only, and no Chosen house.
	ToOwner bool
}

// When is the end condition checked after every move.
type When uint8

// The end conditions.
const (
	EitherSideEmpty When = iota // either player's houses are all empty
	MoverCannotMove             // the player to move has no legal move
)

// Remaining says who gets the seeds left in houses at the end.
type Remaining uint8

// The ways of counting the seeds left.
const (
	ToOwner Remaining = iota // each player's houses go to that player's store
	Discard                  // nobody: they are not counted
	ToOther                  // all of them to the player who is not to move (Ayoayo)
	Split                    // half each (scores in halves)
	// ToEmptied gives all of them to the player whose houses are empty (Mangala: the
	// player who empties their row takes the other row); with neither or both sides
	// empty, each player takes their own.
	ToEmptied
	// ToStarter gives all of them to the player who made the round's first move
	// (Ba-awa's last eight seeds).
	ToStarter
)

var remainingNames = []string{"owner", "discard", "other", "split", "emptied", "starter"}

func (r Remaining) String() string {
	if int(r) < len(remainingNames) {
		return remainingNames[r]
	}
	return fmt.Sprintf("remaining(%d)", int(r))
}

// End holds the end rules.
type End struct {
	When When
	// Majority ends the game as soon as a store holds more than half of all seeds
	// (Oware's 25 of 48, Toguz Kumalak's 82 of 162); the stores are then the scores,
	// and the seeds left are not counted.
	Majority bool
	// Remaining is how the seeds left in houses are counted at a normal end.
	Remaining Remaining
	// MaxPlies ends the game after this many plies (counted from the start or the
	// parsed position), scored as a normal end; 0: no limit.
	MaxPlies int
	// Repeats ends the game when the position (pits, marks, side to move, phase) occurs
	// for the Repeats-th time since the last move that changed a store (2: the first
	// recurrence; 0: never). The seeds left then go as OnRepeat says.
	Repeats  int
	OnRepeat Remaining
	// LeftAtMost, when not 0, also ends the round (the game) when the houses hold this
	// many seeds or fewer in all (Ba-awa: 8); they go as Remaining says.
	LeftAtMost int
	// EachAtMost, when not 0, also ends the round (the game) when no house holds more
	// than this many seeds (the Ndyuka Awari: 1, only single seeds left); they go as
	// Remaining says. Marked and kept pits are not counted.
	EachAtMost int
}

// Rules is a game described as data: a board and the rules that play on it.
type Rules struct {
	Board    Board
	Sowing   Sowing
	Captures []Capture
	// ExtraTurn: a last seed in the mover's own store gives another move.
	ExtraTurn bool
	// MustFeed: when the opponent's houses are all empty, only moves after which they
	// hold seeds are legal (no such move: the mover cannot move).
	MustFeed bool
	// PieRule: at the second player's first turn, a move "swap" exchanges the seats'
	// sides; the original first player then moves (as core/kalah's pie_rule).
	PieRule bool
	// Pass: a player with no legal sowing passes (the move "pass") while the opponent
	// can sow; with neither able to, the game ends.
	Pass bool
	End  End

	// NoStarve: a move that leaves the opponent's houses empty is legal only when every
	// move does; then only those that leave the mover seeds (when any does). Awari as
	// Allis et al. play it; unlike MustFeed it applies whether or not the opponent is
	// empty now.
	NoStarve bool
	// NoGrandSlam: a move whose capture a GrandSlamNothing capture refuses (it would
	// take every seed the opponent has: a grand slam) is legal only when every move is
	// one; the one played then captures nothing. Oware's "forbidden" reading of the grand
	// slam (oware/grand-slam-forbidden). It needs a capture with GrandSlamNothing.
	NoGrandSlam bool
	// Opening restricts the first moves of each round (see Opening).
	Opening Opening
	// Must is a condition every move must meet (see Must); a player with no such move
	// cannot move.
	Must Must
	// Setup is a placement phase before play (see Setup).
	Setup Setup
	// Rounds turns the game into a match of rounds (see Rounds).
	Rounds Rounds
	// KeepPly writes the ply counts into the position string ("ply=N", and "played=K"
	// when the round's play began later), so that a parsed position keeps End.MaxPlies
	// and the opening rules where they were. It is on by itself with Opening, Setup,
	// Rounds or a Capture.FromPly; the zero value keeps core/kalah's string.
	KeepPly bool
}

// Opening restricts the first moves of each round's play.
type Opening struct {
	// Plies and Houses: during the first Plies plies of play, only the listed house
	// numbers (1-based along the mover's track) may be sown (Dabuda: the first move from
	// one of the four rightmost holes).
	Plies  int
	Houses []int
	// EachHouse: each player's first moves must sow every one of their houses once, in
	// any order (Adjiboto's first ten turns); a player none of whose unused houses can
	// be sown may sow any. At most 64 houses a player.
	EachHouse bool
}

// Must is a condition on every move.
type Must uint8

// The move conditions.
const (
	AnyMove Must = iota // no condition
	// ReachOrEmpty: after the opening, a move's first lap (before any relay) must drop
	// a seed in an opponent house or end in an own house that was empty (Dabuda: with
	// relay sowing, judged over the whole move it would always hold).
	ReachOrEmpty
	// LeaveSeeds: a move must leave the opponent seeds in their houses, with no
	// exception (Fondji, Enindji: a player every move of whom would starve the
	// opponent cannot move). NoStarve is the rule with the exception.
	LeaveSeeds
	// LapLeavesSeeds is LeaveSeeds judged when the move's first lap and the captures at
	// its end are done: where the move goes on (a relay, a re-sowing), on the position
	// before it does, else at the move's end (Foji, whose rule book checks the first
	// sowing only).
	LapLeavesSeeds
)

// Setup is a placement phase before play: South makes up to Moves setup moves, then
// North, then South starts play. A setup move takes one seed from one of the mover's
// houses into another ("2>5": from house 2 to house 5); "done" ends the player's
// setup early. It is the documented simplification of free arrangements (Omweso's 32
// seeds placed at will, Kiela's rearranged counters): the players take turns instead
// of arranging at once, and no constraint on the arrangement is checked.
type Setup struct {
	Moves int // setup moves a player, at most 255; 0: no setup
}

// Rounds makes a match of rounds: when a round ends by the End rules (not by a
// repetition or End.MaxPlies, which end the match), the seeds left are counted as
// End.Remaining says, and each player refills their houses, in track order, with
// Seeds seeds each from their store. Houses a player cannot fill are out of play for
// the round ("burnt": never sown into, never sown from, written "out=PIT,..."); the
// seeds that fill no house stay in the store. Marks are cleared. The players take
// turns to start rounds. The match ends when a player cannot fill one house, or after
// Max rounds (0: no limit); the stores are then the scores. The setup phase is played
// in the first round only.
type Rounds struct {
	Seeds int // seeds a house takes at a new round; 0: a single round
	Max   int // the most rounds a match has; 0: no limit
}

// Validate checks the rules; the error names the field at fault. The checks run in
// the order of the Rules fields, board first; the first fault is the one reported.
func (r *Rules) Validate() error {
	return firstError(
		r.Board.Validate,
		r.validateSowing,
		r.validateHouseDirections,
		r.validateOriginFirst,
		r.validateCaptures,
		r.validateNoGrandSlam,
		r.validateEnd,
		r.validateOpening,
		r.validateMust,
		r.validateSetup,
		r.validateRounds,
		r.validateOpeningHouses,
		r.validateRoundsFit,
	)
}

// firstError runs checks in order and returns the first error.
func firstError(checks ...func() error) error {
	for _, check := range checks {
		if err := check(); err != nil {
			return err
		}
	}
	return nil
}

// validateNoGrandSlam checks NoGrandSlam has a grand slam to forbid: a capture that
// refuses one (GrandSlamNothing).
func (r *Rules) validateNoGrandSlam() error {
	if !r.NoGrandSlam || slices.ContainsFunc(r.Captures, func(c Capture) bool { return c.GrandSlamNothing }) {
		return nil
	}
	return fmt.Errorf(`no_grand_slam: needs a capture with grand_slam = "nothing" (a forced grand slam then captures nothing); for grand slams that capture, no_starve forbids them`)
}

// validateSowing checks the sowing options on their own: known values, counts in range,
// and the pairs that contradict.
func (r *Rules) validateSowing() error {
	s := r.Sowing
	switch {
	case s.Direction > Chosen:
		return fmt.Errorf("sowing.direction %d unknown", s.Direction)
	case s.Stores > AllStores:
		return fmt.Errorf("sowing.stores %d unknown", s.Stores)
	case s.Relay > RelayNext:
		return fmt.Errorf("sowing.relay %d unknown", s.Relay)
	case s.MinSeeds < 0:
		return fmt.Errorf("sowing.min_seeds %d: want 0 or more", s.MinSeeds)
	case s.OriginFirst && s.SkipOrigin:
		return fmt.Errorf("sowing: origin_first and skip_origin contradict (the origin takes the first seed)")
	case s.TakeAt < 0 || s.TakeAt > MaxSeeds:
		return fmt.Errorf("sowing.take_at %d: want 0 (off) or a count 1..%d", s.TakeAt, MaxSeeds)
	case s.TakeAtOwner && s.TakeAt == 0:
		return fmt.Errorf("sowing.take_at_owner needs sowing.take_at")
	case s.SkipCount < 0 || s.SkipCount > MaxSeeds:
		return fmt.Errorf("sowing.skip_count %d: want 0 (off) or a count 1..%d", s.SkipCount, MaxSeeds)
	case s.SkipCount > 0 && s.TakeAt > 0:
		return fmt.Errorf("sowing.skip_count and sowing.take_at together are not supported")
	}
	return nil
}

// validateHouseDirections checks Sowing.HouseDirections against the board.
func (r *Rules) validateHouseDirections() error {
	hd := r.Sowing.HouseDirections
	if len(hd) == 0 {
		return nil
	}
	nh := r.Board.housesOwned()
	switch {
	case r.Sowing.Direction != Anticlockwise:
		return fmt.Errorf("sowing.house_directions: leave sowing.direction anticlockwise (the list sets every house's direction)")
	case nh[0] != nh[1]:
		return fmt.Errorf("sowing.house_directions: the players own %d and %d houses; one list needs as many each", nh[0], nh[1])
	case len(hd) != nh[0]:
		return fmt.Errorf("sowing.house_directions: %d entries; want one a house (%d)", len(hd), nh[0])
	}
	for i, d := range hd {
		if d > Chosen {
			return fmt.Errorf("sowing.house_directions[%d]: direction %d unknown", i, d)
		}
	}
	return nil
}

// validateOriginFirst checks that with Sowing.OriginFirst each track sows at least two
// pits (the origin and one more), counting the stores it sows.
func (r *Rules) validateOriginFirst() error {
	if !r.Sowing.OriginFirst {
		return nil
	}
	for side, tr := range r.Board.Tracks {
		sown := 0
		for _, p := range tr {
			if r.storeSown(side, p) || !r.Board.Pits[p].Store {
				sown++
			}
		}
		if sown < 2 {
			return fmt.Errorf("board.tracks[%d]: origin_first needs at least two pits sown", side)
		}
	}
	return nil
}

// validateCaptures checks each capture rule in turn.
func (r *Rules) validateCaptures() error {
	for i := range r.Captures {
		if err := r.Captures[i].validate(fmt.Sprintf("captures[%d]", i)); err != nil {
			return err
		}
	}
	return nil
}

// captureChecks are the checks of a capture rule, in the order they report.
var captureChecks = []func(c *Capture, field string) error{
	(*Capture).validateKinds,
	(*Capture).validateConditions,
	(*Capture).validateMarks,
	(*Capture).validateTakes,
	(*Capture).validateCounts,
}

// validate checks the capture rule; field names it in errors (captures[i]).
func (c *Capture) validate(field string) error {
	for _, check := range captureChecks {
		if err := check(c, field); err != nil {
			return err
		}
	}
	return nil
}

// validateKinds checks that the capture's kinds are known (side, take, chain, effect,
// resow_from) and that chain and resow_from have the take and effect they extend.
func (c *Capture) validateKinds(field string) error {
	switch {
	case c.Side > AnySide:
		return fmt.Errorf("%s.side %d unknown", field, c.Side)
	case c.Take > TakeAfter:
		return fmt.Errorf("%s.take %d unknown", field, c.Take)
	case c.Chain > ChainForward:
		return fmt.Errorf("%s.chain %d unknown", field, c.Chain)
	case c.Effect > KeepPair:
		return fmt.Errorf("%s.effect %d unknown", field, c.Effect)
	case c.Chain != NoChain && c.Take != TakePit:
		return fmt.Errorf("%s.chain: chains extend take = pit captures only (take = after chains by itself)", field)
	case c.ResowFrom > ResowTrackStart:
		return fmt.Errorf("%s.resow_from %d unknown", field, c.ResowFrom)
	case c.ResowFrom != ResowAfterLast && c.Effect != Resow:
		return fmt.Errorf("%s.resow_from needs effect resow", field)
	}
	return nil
}

// validateConditions checks the conditions on the last pit and the move that can never
// hold (occupied with empty_before, a chain from an empty pit), a chosen house that is
// not stored, and from_ply.
func (c *Capture) validateConditions(field string) error {
	switch {
	case c.Occupied && c.EmptyBefore:
		return fmt.Errorf("%s: occupied and empty_before contradict", field)
	case c.Chosen && c.Effect != TakeSeeds:
		return fmt.Errorf("%s.chosen: the chosen house goes to the store: effect take only", field)
	case c.FromPly < 0:
		return fmt.Errorf("%s.from_ply %d: want 0 or more", field, c.FromPly)
	case c.Chain != NoChain && c.EmptyBefore:
		return fmt.Errorf("%s.chain: a chain with empty_before would only ever take one pit", field)
	case c.OppositeEmpty && (c.NeedOpposite || len(c.OppositeCounts) > 0):
		return fmt.Errorf("%s.opposite_empty: contradicts need_opposite and opposite_counts (the facing house holds seeds)", field)
	case c.ToOwner && (c.Effect != TakeSeeds || c.Chosen):
		return fmt.Errorf("%s.to_owner: the taken seeds go to a store: effect take only, no chosen house", field)
	}
	return nil
}

// validateMarks checks the marking options (Toguz Kumalak's tuzdik): effect mark takes
// the last pit alone, mark_once and mark_not_mirror need it, not_house is a house
// number.
func (c *Capture) validateMarks(field string) error {
	switch {
	case c.Effect == MarkPit && (c.Take != TakePit || c.Chain != NoChain || c.WithLast):
		return fmt.Errorf("%s.effect mark: marks the last pit only (take = pit, no chain, no with_last)", field)
	case (c.MarkOnce || c.MarkNotMirror) && c.Effect != MarkPit:
		return fmt.Errorf("%s: mark_once and mark_not_mirror need effect mark", field)
	case c.NotHouse < 0 || c.NotHouse > MaxRows*MaxHouses:
		return fmt.Errorf("%s.not_house %d out of range", field, c.NotHouse)
	}
	for _, h := range c.Houses {
		if h < 1 || h > MaxRows*MaxHouses {
			return fmt.Errorf("%s.houses: house %d out of range 1..%d", field, h, MaxRows*MaxHouses)
		}
	}
	return nil
}

// validateTakes checks what the capture takes against the effect: no with_last or
// re-sowing of the last pit itself, no even count of a pit that was empty, and the one
// pit a keep_pair pairs.
func (c *Capture) validateTakes(field string) error {
	onePit := c.Take == TakeOpposite || c.Take == TakeNext
	switch {
	case c.Take == TakePit && c.WithLast:
		return fmt.Errorf("%s.with_last: take = pit already takes the last pit", field)
	case c.Effect == Resow && c.Take == TakePit:
		return fmt.Errorf("%s.effect resow: re-sowing the last pit's own seeds is a relay: use sowing.relay", field)
	case c.EmptyBefore && c.Even:
		return fmt.Errorf("%s: empty_before (a count of 1) and even never hold together", field)
	case c.Effect == KeepPair && (!onePit || c.WithLast || c.Chosen):
		return fmt.Errorf("%s.effect keep_pair: pairs the last pit with one taken pit (take = opposite or next, no with_last, no chosen)", field)
	}
	return nil
}

// validateCounts checks the listed counts: opposite_counts and counts in 1..MaxCount, and
// counts that empty_before (a count of 1) allows.
func (c *Capture) validateCounts(field string) error {
	for _, n := range c.OppositeCounts {
		if n < 1 || n > MaxCount {
			return fmt.Errorf("%s.opposite_counts: %d out of range 1..%d", field, n, MaxCount)
		}
	}
	for _, n := range c.Counts {
		if n < 1 || n > MaxCount {
			return fmt.Errorf("%s.counts: %d out of range 1..%d (a last pit holds at least its last seed)", field, n, MaxCount)
		}
		if c.EmptyBefore && n != 1 {
			return fmt.Errorf("%s.counts: %d contradicts empty_before (a count of 1)", field, n)
		}
	}
	return nil
}

// validateEnd checks the end rules, and the pass rule that needs one of them.
func (r *Rules) validateEnd() error {
	e := r.End
	switch {
	case e.When > MoverCannotMove:
		return fmt.Errorf("end.when %d unknown", e.When)
	case e.Remaining > ToStarter:
		return fmt.Errorf("end.remaining %d unknown", e.Remaining)
	case e.OnRepeat > ToStarter:
		return fmt.Errorf("end.on_repeat %d unknown", e.OnRepeat)
	case e.MaxPlies < 0:
		return fmt.Errorf("end.max_plies %d: want 0 (no limit) or more", e.MaxPlies)
	case e.Repeats < 0 || e.Repeats == 1:
		return fmt.Errorf("end.repeats %d: want 0 (off) or 2 and more (a position's occurrences)", e.Repeats)
	case r.Pass && e.When == EitherSideEmpty:
		return fmt.Errorf("pass: a pass rule needs end.when mover_cannot_move (an empty side already ends the game)")
	case e.LeftAtMost < 0:
		return fmt.Errorf("end.left_at_most %d: want 0 (off) or more", e.LeftAtMost)
	case e.EachAtMost < 0:
		return fmt.Errorf("end.each_at_most %d: want 0 (off) or more", e.EachAtMost)
	}
	return nil
}

// validateOpening checks the opening's plies and houses go together, and that an
// each-house opening fits its 64-bit record.
func (r *Rules) validateOpening() error {
	o := r.Opening
	nh := r.Board.housesOwned()
	switch {
	case o.Plies < 0:
		return fmt.Errorf("opening.plies %d: want 0 or more", o.Plies)
	case o.Plies > 0 && len(o.Houses) == 0:
		return fmt.Errorf("opening.plies %d: list the opening's houses in opening.houses", o.Plies)
	case o.Plies == 0 && len(o.Houses) > 0:
		return fmt.Errorf("opening.houses: set opening.plies, the plies they hold for")
	case o.EachHouse && max(nh[0], nh[1]) > 64:
		return fmt.Errorf("opening.each_house: at most 64 houses a player (%d)", max(nh[0], nh[1]))
	}
	return nil
}

// validateMust checks the move condition is known.
func (r *Rules) validateMust() error {
	if r.Must > LapLeavesSeeds {
		return fmt.Errorf("must %d unknown", r.Must)
	}
	return nil
}

// validateSetup checks the setup moves (a byte's worth), which the pie rule does not
// go with.
func (r *Rules) validateSetup() error {
	switch {
	case r.Setup.Moves < 0 || r.Setup.Moves > 255:
		return fmt.Errorf("setup.moves %d: want 0..255", r.Setup.Moves)
	case r.Setup.Moves > 0 && r.PieRule:
		return fmt.Errorf("setup.moves: a setup phase and the pie rule together are not supported")
	}
	return nil
}

// validateRounds checks the rounds' seeds and maximum on their own.
func (r *Rules) validateRounds() error {
	switch {
	case r.Rounds.Seeds < 0 || r.Rounds.Seeds > MaxSeeds:
		return fmt.Errorf("rounds.seeds %d: want 0 (a single round) or 1..%d", r.Rounds.Seeds, MaxSeeds)
	case r.Rounds.Max < 0:
		return fmt.Errorf("rounds.max %d: want 0 (no limit) or more", r.Rounds.Max)
	case r.Rounds.Seeds == 0 && r.Rounds.Max > 0:
		return fmt.Errorf("rounds.max: set rounds.seeds, the seeds a house takes at a new round")
	}
	return nil
}

// validateOpeningHouses checks the opening's house numbers: each a house of both
// players.
func (r *Rules) validateOpeningHouses() error {
	nh := r.Board.housesOwned()
	for i, h := range r.Opening.Houses {
		if h < 1 || h > min(nh[0], nh[1]) {
			return fmt.Errorf("opening.houses[%d]: house %d; want 1..%d", i, h, min(nh[0], nh[1]))
		}
	}
	return nil
}

// validateRoundsFit checks that rounds go with the other rules: no seeds lost between
// rounds, refilled houses that can be sown, no pie rule.
func (r *Rules) validateRoundsFit() error {
	if r.Rounds.Seeds <= 0 {
		return nil
	}
	switch {
	case r.End.Remaining == Discard || r.End.Remaining == Split:
		return fmt.Errorf("rounds: end.remaining %v loses seeds between rounds; want owner, other, emptied or starter", r.End.Remaining)
	case r.Rounds.Seeds < max(1, r.Sowing.MinSeeds):
		return fmt.Errorf("rounds.seeds %d: fewer than sowing.min_seeds %d: no refilled house could be sown", r.Rounds.Seeds, r.Sowing.MinSeeds)
	case r.PieRule:
		return fmt.Errorf("rounds: rounds and the pie rule together are not supported")
	}
	return nil
}

// storeSown reports whether pit p of side's track receives seeds when it is a store.
func (r *Rules) storeSown(side, p int) bool {
	pit := r.Board.Pits[p]
	if !pit.Store {
		return false
	}
	switch r.Sowing.Stores {
	case OwnStore:
		return pit.Owner == side
	case AllStores:
		return true
	}
	return false
}

// countMask returns the counts of c as a bit set.
func (c *Capture) countMask() uint64 { return bitSet(c.Counts) }

// bitSet returns counts 1..MaxCount as a bit set.
func bitSet(counts []int) uint64 {
	var m uint64
	for _, n := range counts {
		m |= 1 << uint(n)
	}
	return m
}
