package variants

import (
	"fmt"
	"reflect"
	"strings"

	lua "github.com/yuin/gopher-lua"

	"github.com/kalahlab/kalahlab/core/mancala"
)

//go:generate go test -run ^(TestMancalaSchemaFiles|TestMancalaCatalogueGo|TestLudiiCoverage|TestRulesTextGolden)$ -update-schema .

// The schema of mancala descriptors: every key of every descriptor table, once, with
// the Go field it sets, its kind (and so its Lua type), the values allowed, its range,
// its default and what it means. From it come:
//
//   - the Lua reader (mancala_desc.go): the key lists of the tables, the names of the
//     enumerations, and the reading of every field that is a plain value (readFields:
//     booleans, whole numbers in a range, names, lists of counts), with the checks
//     that tie a field to the ones before it; the structural fields (the board's
//     layout, house ranges, relay, per-house directions, the sub-tables) are read by
//     the code the schema names, with the same error words;
//   - the editor's types, the descriptor classes of scripts/types/kalahlab.d.lua;
//   - the reference tables of scripts/README.md's "Mancala descriptors".
//
// The last two are generated (go generate ./variants, which runs
// TestMancalaSchemaFiles -update-schema, and TestMancalaCatalogueGo, which writes
// core/mancala's constructors of the catalogue games from their scripts), and the
// tests fail when a generated file is stale.
//
// Why a Go table here rather than struct tags on core/mancala's Rules: the Lua tree is
// not the Go tree (ending holds End, Rounds and KeepPly; moves holds seven fields of
// Rules, Opening and Setup; board's keys choose a layout constructor rather than set
// Board's fields), several keys are not one-to-one with a field (skip = "origin" is a
// boolean, relay = true is RelayOnOccupied, a board's start is a list of fills), and
// core imports only the standard library and knows nothing of Lua: tags would put the
// Lua names, the documentation and the readers' words into core, and still not say
// where a key lives. The table names each Go field (goField), and
// TestMancalaSchemaCoversRules holds it to core/mancala: every field of Rules that a
// descriptor can set has a key.

// mKind is how the reader reads a field.
type mKind uint8

const (
	// mBool: true or false (nil: false).
	mBool mKind = iota
	// mWhole: a whole number min..max (nil: unset, default 0).
	mWhole
	// mEnum: one of values, stored as the Go constant of index+offset (nil: the
	// first); a misspelt name gets a suggestion.
	mEnum
	// mOptEnum: one of values or nil (off); stored as index+offset, or true in a
	// boolean field.
	mOptEnum
	// mCounts: a list of whole numbers min..max.
	mCounts
	// mCustom: read by read (or by the table's own reader: the board).
	mCustom
)

// mField is one key of a descriptor table.
type mField struct {
	key string
	// goField is the Go field it sets, a path of field names from the table's Go
	// value ("Direction", "End.When"); the reference shows it from Rules.
	goField string
	kind    mKind
	// values are the names of an mEnum or mOptEnum, in the order of the Go constants
	// from offset.
	values   []string
	offset   int
	min, max int
	// unset is what a whole number left out reads as (0 unless set).
	unset int
	// luaType is the editor's type of a custom field, and allowed the values the
	// reference lists for it (both derived for the other kinds).
	luaType, allowed string
	// def is the default as the reference writes it; meaning is the reference's
	// sentence.
	def, meaning string
	// read reads a custom field's value v into dst, the table's Go value.
	read func(r mreader, path string, v lua.LValue, dst any) error
	// check runs after the field is read (its path, the table's Go value): the
	// contradictions with the fields before it.
	check func(r mreader, path string, dst any) error
}

// mTable is a descriptor table: its Lua path, its editor class and its keys in the
// reference's order (the order the reader reads and reports them).
type mTable struct {
	path, class, doc string
	// goType is the Go value it reads into, for the reference; goPrefix is the path
	// of that value's fields from Rules (shown in the reference).
	goType, goPrefix string
	fields           []mField
}

// keys is the table's Lua keys, in order.
func (t *mTable) keys() []string {
	out := make([]string, len(t.fields))
	for i, f := range t.fields {
		out[i] = f.key
	}
	return out
}

// The enumerations, in the order of core/mancala's constants.
var (
	mDirections = []string{"anticlockwise", "clockwise", "chosen"}
	mStores     = []string{"own", "none", "all"}
	mRelays     = []string{"occupied", "own_side", "next"} // after NoRelay
	mSides      = []string{"own", "opponent", "any"}
	mTakes      = []string{"opposite", "column", "pit", "next", "after"}
	mChains     = []string{"backward", "forward"} // after NoChain
	mEffects    = []string{"seeds", "mark", "resow", "keep_pair"}
	mResowFrom  = []string{"after_last", "lap_start", "track_start"}
	mWhens      = []string{"side_empty", "cannot_move"}
	mRemaining  = []string{"owner", "discard", "other", "split", "emptied", "starter"}
	mMusts      = []string{"any", "reach_or_empty", "leave_seeds", "lap_leaves_seeds"}
	// board.stores: where a layout's stores sit (true is "right", false "none").
	mBoardStores = []string{"right", "left", "none"}
)

// The limits of the descriptor's numbers that core/mancala does not name.
const (
	maxPlyCount = 1_000_000 // from_ply, opening.plies, rounds.max
	maxRepeats  = 1000
)

// boardSchema is the board table; its reader is mreader.board (the keys depend on each
// other: a listed board needs rows, houses and tracks, and has the stores it lists).
var boardSchema = mTable{path: "board", class: "MancalaBoardTable", goType: "Board", goPrefix: "Board",
	doc: "a mancala descriptor's board (core/mancala's Board, built by TwoRows, FourRows, OneRow, TwoRowsLeft, WithoutStores and WithSeeds)",
	fields: []mField{
		{key: "rows", goField: "Rows", kind: mCustom, luaType: "integer", allowed: "1, 2, 4; with `pits` 1..6", def: "2",
			meaning: "1, 2 or 4 rows of houses, sized by the knobs: one row of 2 × `houses`, South's half on the left, both sowing left to right into their store at the row's end; with 4 each player sows around their own two rows (houses 1..h the inner row from the player's right, h+1..2h the outer row from their left); with `pits`, 1..6"},
		{key: "houses", goField: "Houses", kind: mCustom, luaType: "integer", allowed: fmt.Sprintf("1..%d", mancala.MaxHouses), def: "the knob",
			meaning: "the variant's value of the `houses` knob; with `pits`, the board's width (required)"},
		{key: "seeds", goField: "(the seeds knob: Pit.Seeds)", kind: mCustom, luaType: "integer", allowed: fmt.Sprintf("0..%d", mancala.MaxSeeds), def: "the knob",
			meaning: "the variant's value of the `seeds` knob: the seeds each house starts with"},
		{key: "pits", goField: "Pits", kind: mCustom, luaType: "MancalaPit[]", allowed: "a list of pits", def: "the layout's",
			meaning: "every pit: `{ owner = 1 or 2, store = true or nil, row = 1.. (from the top), col = 1..houses (a store: 0, left, or houses + 1, right), seeds = n or nil (the knob) }`; one store a player, or none"},
		{key: "tracks", goField: "Tracks", kind: mCustom, luaType: "integer[][]", allowed: "two lists of pits 1..", def: "the layout's",
			meaning: "`{ {pits...}, {pits...} }`: each player's lap, the pits they sow into anticlockwise (clockwise walks it backwards); it must list every house the player owns, and a player's houses are numbered 1.. in its order (the move notation). Required with `pits`"},
		{key: "stores", goField: "(TwoRowsLeft, WithoutStores)", kind: mCustom, luaType: `boolean|"right"|"left"|"none"`, allowed: "`\"right\"`, `\"left\"`, `\"none\"`, `true`, `false`", def: `"right"`,
			meaning: "where the stores sit: `\"right\"` (or `true`): each player's store at their right end, after their houses (Kalah's board); `\"left\"`: at their left (two rows only; Congkak's board, for clockwise sowing: [Which way a lap reaches the store](#which-way-a-lap-reaches-the-store)); the pits keep their order (South's houses from South's left, South's store, North's houses from North's left, North's store), and each player's house 1 is the one next to their store; `\"none\"` (or `false`): no stores on the board (Pallanguzhi, Hus); the engine keeps each player's captures off it, as the last two pits of the position string (South's, then North's). A board with `pits` has the stores it lists (or none): leave `stores` out"},
		{key: "start", goField: "(WithSeeds)", kind: mCustom, luaType: "MancalaFill[]", allowed: "a list of fills", def: "the `seeds` knob everywhere",
			meaning: "uneven start counts: fills applied in order to each player's houses, numbered along their track, the houses no fill names empty. `{ houses = RANGE, seeds = n }` puts n (default: the knob) in each house of RANGE; `{ deal = TOTAL, by = n, from = HOUSE }` deals TOTAL seeds n at a time (default: the knob; a remainder under n is not dealt) from HOUSE (default 1) on along the track"},
	}}

// pitSchema is an entry of board.pits (read by mreader.pits).
var pitSchema = mTable{path: "board.pits[]", class: "MancalaPit", goType: "Pit", goPrefix: "Board.Pits[]",
	doc: "a pit of a board that lists its pits",
	fields: []mField{
		{key: "owner", goField: "Owner", kind: mCustom, luaType: "1|2", def: "required", meaning: "the player owning the pit"},
		{key: "store", goField: "Store", kind: mCustom, luaType: "boolean", def: "false", meaning: "the pit is its owner's store"},
		{key: "row", goField: "Row", kind: mCustom, luaType: "integer", def: "required", meaning: "its row, 1.. from the top"},
		{key: "col", goField: "Col", kind: mCustom, luaType: "integer", def: "required", meaning: "its column, 1..houses (a store: 0, left, or houses + 1, right)"},
		{key: "seeds", goField: "Seeds", kind: mCustom, luaType: "integer", def: "the knob (a store: 0)", meaning: "the seeds it starts with"},
	}}

// fillSchema is an entry of board.start (read by mreader.fills).
var fillSchema = mTable{path: "board.start[]", class: "MancalaFill", goType: "WithSeeds",
	doc: "a fill of board.start: a range of houses, or seeds dealt along the track",
	fields: []mField{
		{key: "houses", kind: mCustom, luaType: "integer|string", def: "nil", meaning: "a RANGE of house numbers, such as \"1..h/2\""},
		{key: "seeds", goField: "(the seeds knob: Pit.Seeds)", kind: mCustom, luaType: "integer", allowed: fmt.Sprintf("0..%d", mancala.MaxSeeds), def: "the knob", meaning: "the seeds each house of the range takes"},
		{key: "deal", kind: mCustom, luaType: "integer|string", def: "nil", meaning: "a TOTAL of seeds dealt along the track, such as \"3h-2\""},
		{key: "by", kind: mCustom, luaType: "integer", def: "the knob", meaning: "the seeds a house takes in a deal"},
		{key: "from", kind: mCustom, luaType: "integer|string", def: "1", meaning: "the HOUSE a deal starts from"},
	}}

// sowingSchema is the sowing table, read into mancala.Sowing.
var sowingSchema = mTable{path: "sowing", class: "MancalaSowing", goType: "Sowing", goPrefix: "Sowing",
	doc: "a mancala descriptor's sowing (core/mancala's Sowing)",
	fields: []mField{
		{key: "direction", goField: "Direction", kind: mEnum, values: mDirections, def: `"anticlockwise"`,
			meaning: "`\"anticlockwise\"`, `\"clockwise\"` or `\"chosen\"` (the mover picks with each move: `3R`, `3L`). With the stores at the players' right (the default board), a clockwise lap reaches the own store only after the opponent's row: a rule book's clockwise game with its stores at the left takes `board.stores = \"left\"`, or is written as its mirror image, `\"anticlockwise\"` ([Which way a lap reaches the store](#which-way-a-lap-reaches-the-store))"},
		{key: "stores", goField: "Stores", kind: mEnum, values: mStores, def: `"own"`,
			meaning: "the stores sown into: `\"own\"`, `\"none\"` (they only hold captures) or `\"all\"`"},
		{key: "skip", goField: "SkipOrigin", kind: mOptEnum, values: []string{"origin"}, def: "nil",
			meaning: "`\"origin\"`: a lap skips the house the seeds came from (Oware, from 12 seeds)"},
		{key: "origin_first", goField: "OriginFirst", kind: mBool, def: "false",
			meaning: "the first seed goes back into the emptied house; a single seed moves on (Toguz Kumalak)",
			check: func(r mreader, path string, dst any) error {
				if s := dst.(*mancala.Sowing); s.OriginFirst && s.SkipOrigin {
					return r.fail(path, `contradicts skip = "origin" (the origin takes the first seed)`)
				}
				return nil
			}},
		{key: "min_seeds", goField: "MinSeeds", kind: mWhole, min: 1, max: mancala.MaxSeeds, def: "1",
			meaning: "the fewest seeds a house is sown from"},
		{key: "relay", goField: "Relay", kind: mCustom, luaType: `boolean|"occupied"|"own_side"|"next"`, allowed: "`true`, `false`, `\"occupied\"`, `\"own_side\"`, `\"next\"`", def: "false",
			meaning: "`true` or `\"occupied\"`: a last seed in an occupied house lifts its seeds and sowing goes on, the way the move went; `\"own_side\"`: only in the mover's own houses (an occupied opponent house ends the move); `\"next\"`: the pit after it along the sowing is lifted instead, and an empty one ends the move (Gabata). A move sows at most 4,096 laps (`mancala.MaxRelay`): the captures are tried at the last one's end as at any other's, but no relay or re-sowing follows it",
			read:    readRelay},
		{key: "take_at", goField: "TakeAt", kind: mWhole, min: 1, max: mancala.MaxSeeds, def: "nil",
			meaning: "a count (Pallanguzhi, Ba-awa: 4): a seed that brings a house to exactly that many empties it at once into the sower's store, and the sowing goes on; a last seed doing so ends the move (no relay, no capture)"},
		{key: "take_at_owner", goField: "TakeAtOwner", kind: mBool, def: "false",
			meaning: "`take_at`'s seeds go to the house's owner instead of the sower (needs `take_at`)",
			check: func(r mreader, path string, dst any) error {
				if s := dst.(*mancala.Sowing); s.TakeAtOwner && s.TakeAt == 0 {
					return r.fail(path, "needs sowing.take_at, the count that takes a house")
				}
				return nil
			}},
		{key: "skip_count", goField: "SkipCount", kind: mWhole, min: 1, max: mancala.MaxSeeds, def: "nil",
			meaning: "a count: the sowing passes over every house holding exactly that many seeds when a seed reaches it (no seed falls in it; the next pit takes the seed), judged seed by seed on the counts as the sowing leaves them; not with `take_at`"},
		{key: "lap_captures", goField: "LapCaptures", kind: mBool, def: "false",
			meaning: "the captures are tried at the end of every lap, before the relay (Enkeshui's bulls); on by itself with `take_at`, relay `\"own_side\"` or `\"next\"`, `moves.must`, `ending.rounds` and the capture keys from `occupied` on"},
		{key: "house_directions", goField: "HouseDirections", kind: mCustom, luaType: `("anticlockwise"|"clockwise"|"chosen")[]`, allowed: "a list of `\"anticlockwise\"`, `\"clockwise\"`, `\"chosen\"`", def: "nil",
			meaning: "a direction for each house number, the same list for both players: `{ \"clockwise\", \"clockwise\", \"chosen\", \"anticlockwise\", \"anticlockwise\" }` (one entry a house; `direction` stays `\"anticlockwise\"`); a `\"chosen\"` house is moved as `3R` / `3L`",
			read:    readHouseDirections},
	}}

// captureSchema is an entry of the captures list, read into mancala.Capture.
var captureSchema = mTable{path: "captures[]", class: "MancalaCapture", goType: "Capture", goPrefix: "Captures[]",
	doc: "a capture rule of a mancala descriptor (core/mancala's Capture); the rules are tried in order",
	fields: []mField{
		{key: "side", goField: "Side", kind: mEnum, values: mSides, def: `"own"`,
			meaning: "whose house the last seed must fall in: `\"own\"`, `\"opponent\"` or `\"any\"`"},
		{key: "inner", goField: "InnerOnly", kind: mBool, def: "false",
			meaning: "the last pit must be in a row facing the opponent (four rows)"},
		{key: "empty_before", goField: "EmptyBefore", kind: mBool, def: "false",
			meaning: "the last pit was empty before the last seed"},
		{key: "counts", goField: "Counts", kind: mCounts, min: 1, max: mancala.MaxCount, def: "any",
			meaning: "the counts the last pit may hold after sowing, `{2, 3}`"},
		{key: "even", goField: "Even", kind: mBool, def: "false", meaning: "an even count in the last pit"},
		{key: "not_house", goField: "NotHouse", kind: mWhole, min: 1, max: mancala.MaxRows * mancala.MaxHouses, def: "none",
			meaning: "a house number (of the pit's owner) where the rule never applies"},
		{key: "houses", goField: "Houses", kind: mCounts, min: 1, max: mancala.MaxRows * mancala.MaxHouses, def: "any",
			meaning: "the house numbers (of the pit's owner) where the rule applies, `{3}` (Kara: the mover's rightmost hole)"},
		{key: "take", goField: "Take", kind: mEnum, values: mTakes, def: `"opposite"`,
			meaning: "what is taken: `\"opposite\"` (the facing opponent house), `\"column\"` (every opponent house of the column), `\"pit\"` (the last pit), `\"next\"` (the house after the last pit along the sowing) or `\"after\"` (the houses after it while each meets `side`, `counts` and `even`)"},
		{key: "with_last", goField: "WithLast", kind: mBool, def: "false",
			meaning: "the last pit's seeds are taken too (the capturing seed)"},
		{key: "need_seeds", goField: "NeedSeeds", kind: mBool, def: "false",
			meaning: "no capture when the taken pits (the last one aside) are empty"},
		{key: "chain", goField: "Chain", kind: mOptEnum, values: mChains, offset: 1, def: "nil",
			meaning: "`\"backward\"` or `\"forward\"`: a `take = \"pit\"` capture goes on along the sowing while each pit meets `side`, `counts` and `even`"},
		{key: "grand_slam", goField: "GrandSlamNothing", kind: mOptEnum, values: []string{"nothing"}, def: "nil",
			meaning: "`\"nothing\"`: a capture that would take every seed of the opponent takes nothing"},
		{key: "effect", goField: "Effect", kind: mEnum, values: mEffects, def: `"seeds"`,
			meaning: "`\"seeds\"` to the mover's store; `\"mark\"`: the pit becomes the mover's for good, and seeds sown into it go to their store (`take = \"pit\"`); `\"resow\"`: the taken seeds are sown on from `resow_from`, and the last seed of that lap is treated like any other (capture, relay); `\"keep_pair\"`: one seed moves from the taken pit into the last pit and both become the mover's kept pits (never sown from or captured, a lap ending in one stops there; `take = \"opposite\"` or `\"next\"`)"},
		{key: "mark_once", goField: "MarkOnce", kind: mBool, def: "false",
			meaning: "one mark a player a game (`effect = \"mark\"`)"},
		{key: "mark_not_mirror", goField: "MarkNotMirror", kind: mBool, def: "false",
			meaning: "never the house with the number of the opponent's mark (`effect = \"mark\"`)"},
		{key: "occupied", goField: "Occupied", kind: mBool, def: "false",
			meaning: "the last pit held seeds before the last seed (the capture is tried before the relay)",
			check: func(r mreader, path string, dst any) error {
				if c := dst.(*mancala.Capture); c.Occupied && c.EmptyBefore {
					return r.fail(path, "contradicts empty_before (the last pit held seeds, or it did not)")
				}
				return nil
			}},
		{key: "need_opposite", goField: "NeedOpposite", kind: mBool, def: "false",
			meaning: "no capture when the opponent house facing the last pit is empty"},
		{key: "all_occupied", goField: "AllOccupied", kind: mBool, def: "false",
			meaning: "no capture unless every taken pit (the last aside) holds seeds"},
		{key: "chosen", goField: "Chosen", kind: mBool, def: "false",
			meaning: "the capture also takes one opponent house of the mover's choice, named in the move: `\"12>3\"` sows house 12 and takes the opponent's house 3 too; such a move is listed once for each opponent house holding seeds after the capture (`effect = \"seeds\"`)"},
		{key: "from_ply", goField: "FromPly", kind: mWhole, min: 0, max: maxPlyCount, def: "0",
			meaning: "the rule applies only from this ply of the round's play on, counted from 0 (1: not on the first move)"},
		{key: "resow_from", goField: "ResowFrom", kind: mEnum, values: mResowFrom, def: `"after_last"`,
			meaning: "where `\"resow\"` seeds start: `\"after_last\"` (the pit after the last one: Hus, Owela), `\"lap_start\"` (the pit that took the capturing lap's first seed: Omweso) or `\"track_start\"` (the mover's first house in the move's direction, a kichwa: Bao)",
			check: func(r mreader, path string, dst any) error {
				if c := dst.(*mancala.Capture); c.ResowFrom != mancala.ResowAfterLast && c.Effect != mancala.Resow {
					return r.fail(path, `goes with effect = "resow"`)
				}
				return nil
			}},
		{key: "opposite_counts", goField: "OppositeCounts", kind: mCounts, min: 1, max: mancala.MaxCount, def: "any",
			meaning: "the counts the opponent house facing the last pit must hold before the capture, `{3}`"},
		{key: "opposite_empty", goField: "OppositeEmpty", kind: mBool, def: "false",
			meaning: "no capture unless the opponent house facing the last pit is empty (Sute); a last pit facing no house fails",
			check: func(r mreader, path string, dst any) error {
				if c := dst.(*mancala.Capture); c.OppositeEmpty && (c.NeedOpposite || len(c.OppositeCounts) > 0) {
					return r.fail(path, "contradicts need_opposite and opposite_counts (the facing house holds seeds)")
				}
				return nil
			}},
		{key: "to_owner", goField: "ToOwner", kind: mBool, def: "false",
			meaning: "the taken seeds go to the store of the last pit's owner rather than the mover's (Enindji); with `effect = \"seeds\"` only, no `chosen`",
			check: func(r mreader, path string, dst any) error {
				if c := dst.(*mancala.Capture); c.ToOwner && (c.Effect != mancala.TakeSeeds || c.Chosen) {
					return r.fail(path, `goes with effect = "seeds" and no chosen house`)
				}
				return nil
			}},
	}}

// endingSchema is the ending table, read into the End, KeepPly and Rounds of a Rules.
var endingSchema = mTable{path: "ending", class: "MancalaEnding", goType: "Rules",
	doc: "a mancala descriptor's ending (core/mancala's End, KeepPly and Rounds; End.MaxPlies is the max_plies knob)",
	fields: []mField{
		{key: "when", goField: "End.When", kind: mEnum, values: mWhens, def: `"side_empty"`,
			meaning: "`\"side_empty\"` (either player's houses are empty) or `\"cannot_move\"` (the player to move has no move)"},
		{key: "majority", goField: "End.Majority", kind: mBool, def: "false",
			meaning: "the game ends as soon as a store holds more than half the seeds; the seeds left do not count"},
		{key: "remaining", goField: "End.Remaining", kind: mEnum, values: mRemaining, def: `"owner"`,
			meaning: "the seeds left in houses: to their `\"owner\"`, `\"discard\"`ed, to the `\"other\"` player (not to move), `\"split\"` evenly (scores in halves), to the player whose houses are `\"emptied\"` (neither or both: each their own), or to the round's `\"starter\"`"},
		{key: "repeats", goField: "End.Repeats", kind: mWhole, min: 0, max: maxRepeats, def: "0",
			meaning: "the game ends when a position occurs this many times since the last capture (2: its first recurrence; 0: never)",
			check: func(r mreader, path string, dst any) error {
				if dst.(*mancala.Rules).End.Repeats == 1 {
					return r.fail(path, "got 1, want 0 (off) or 2 and more (the occurrences of a position that end the game)")
				}
				return nil
			}},
		{key: "on_repeat", goField: "End.OnRepeat", kind: mEnum, values: mRemaining, def: `"owner"`,
			meaning: "the seeds left then, as `remaining`"},
		{key: "left_at_most", goField: "End.LeftAtMost", kind: mWhole, min: 1, max: mancala.MaxSeeds, def: "nil",
			meaning: "the round (the game) also ends when the houses hold this many seeds or fewer in all; they go as `remaining` says (Ba-awa: 8)"},
		{key: "each_at_most", goField: "End.EachAtMost", kind: mWhole, min: 1, max: mancala.MaxSeeds, def: "nil",
			meaning: "the round (the game) also ends when no house holds more than this many seeds; they go as `remaining` says (the Ndyuka Awari: 1)"},
		{key: "rounds", goField: "Rounds", kind: mCustom, luaType: "MancalaRounds", allowed: "`{ seeds = 1..65535, max = 1..1000000 }`", def: "nil",
			meaning: "a match of rounds, `{ seeds = n, max = m }`: when a round ends (not by a repetition or `max_plies`, which end the match) the seeds left count as `remaining` says, and each player refills their houses in track order with n seeds each (default: the `seeds` knob) from their store; houses they cannot fill are out of play for the round (`out=PIT,...` in the position). The players take turns to start rounds; the match ends when a player cannot fill one house, or after m rounds (default: no limit); the stores are the scores. `remaining` must keep the seeds (not `\"discard\"` or `\"split\"`)",
			read: func(r mreader, path string, v lua.LValue, dst any) error {
				return r.subTable(path, v, &roundsSchema, dst)
			}},
		{key: "keep_ply", goField: "KeepPly", kind: mBool, def: "false",
			meaning: "the position string carries the ply count (`ply=N`), so a parsed position keeps `max_plies` where it was; on by itself with `moves.opening`, `moves.setup`, `rounds` or a `from_ply`"},
	}}

// roundsSchema is ending.rounds; a match's seeds left out are the seeds knob (-1).
var roundsSchema = mTable{path: "ending.rounds", class: "MancalaRounds", goType: "Rules",
	doc: "a match of rounds (core/mancala's Rounds)",
	fields: []mField{
		{key: "seeds", goField: "Rounds.Seeds", kind: mWhole, min: 1, max: mancala.MaxSeeds, unset: -1, def: "the `seeds` knob",
			meaning: "the seeds a house takes at a new round"},
		{key: "max", goField: "Rounds.Max", kind: mWhole, min: 1, max: maxPlyCount, def: "no limit",
			meaning: "the most rounds a match has"},
	}}

// movesSchema is the moves table, read into the move rules of a Rules (and the
// opening's house ranges, resolved with the knobs).
var movesSchema = mTable{path: "moves", class: "MancalaMoves", goType: "Rules",
	doc: "a mancala descriptor's move rules (core/mancala's ExtraTurn, MustFeed, PieRule, Pass, NoStarve, NoGrandSlam, Opening, Must and Setup)",
	fields: []mField{
		{key: "extra_turn", goField: "Rules.ExtraTurn", kind: mBool, def: "false",
			meaning: "a last seed in the own store gives another move"},
		{key: "must_feed", goField: "Rules.MustFeed", kind: mBool, def: "false",
			meaning: "when the opponent has no seeds, only moves that give them some are legal"},
		{key: "pie_rule", goField: "Rules.PieRule", kind: mBool, def: "false",
			meaning: "the second player may `swap` sides at their first turn"},
		{key: "pass", goField: "Rules.Pass", kind: mBool, def: "false",
			meaning: "a player who cannot sow passes while the opponent can (needs `ending.when = \"cannot_move\"`)"},
		{key: "no_starve", goField: "Rules.NoStarve", kind: mBool, def: "false",
			meaning: "a move that leaves the opponent's houses empty is legal only when every move does, and then only those that leave the mover seeds (Awari); unlike `must_feed` it holds whether or not the opponent is empty now"},
		{key: "no_grand_slam", goField: "Rules.NoGrandSlam", kind: mBool, def: "false",
			meaning: "a move whose capture is a grand slam refused by `grand_slam = \"nothing\"` (it would take every seed of the opponent) is legal only when every move is one, and then captures nothing (Oware's forbidden reading: `oware/grand-slam-forbidden`)"},
		{key: "opening", goField: "Opening", kind: mCustom, luaType: "MancalaOpening", allowed: "`{ plies = 1..1000000, houses = { RANGE, ... } }`, `{ each_house = true }`", def: "nil",
			meaning: "the first moves of each round: `{ plies = n, houses = { RANGE, ... } }` allows only those house numbers in the first n plies (Dabuda: `{ plies = 1, houses = { \"h-3..h\" } }`); `{ each_house = true }`: each player's first moves sow every one of their houses once, in any order (Adjiboto)",
			read: func(r mreader, path string, v lua.LValue, dst any) error {
				return r.subTable(path, v, &openingSchema, dst)
			}},
		{key: "must", goField: "Rules.Must", kind: mEnum, values: mMusts, def: `"any"`,
			meaning: "a condition every move meets after the opening; a player with none of them cannot move. `\"reach_or_empty\"`: a move's first lap must drop a seed in an opponent house or end in an own empty house (Dabuda); `\"leave_seeds\"`: a move must leave the opponent seeds, with no exception (Fondji; `no_starve` is the rule with one); `\"lap_leaves_seeds\"`: the same judged when the first lap and its captures are done, before any relay or re-sowing (Foji)"},
		{key: "setup", goField: "Rules.Setup.Moves", kind: mWhole, min: 1, max: 255, def: "nil",
			meaning: "a placement phase of up to n moves a player (1..255) before play: `\"2>5\"` moves one seed from the mover's house 2 to their house 5, `\"done\"` ends the player's setup; South, then North, then South starts play (no constraint on the arrangement is checked)"},
	}}

// openingSchema is moves.opening.
var openingSchema = mTable{path: "moves.opening", class: "MancalaOpening", goType: "Rules",
	doc: "the opening rules (core/mancala's Opening)",
	fields: []mField{
		{key: "plies", goField: "Rules.Opening.Plies", kind: mWhole, min: 1, max: maxPlyCount, def: "0",
			meaning: "the plies of each round's play during which only `houses` may be sown"},
		{key: "houses", goField: "Opening.Houses", kind: mCustom, luaType: "(integer|string)[]", allowed: "a list of RANGEs", def: "nil",
			meaning: "the house numbers (or RANGEs in h) allowed in those plies, such as `{ \"h-3..h\" }`",
			read:    readOpeningHouses},
		{key: "each_house", goField: "Rules.Opening.EachHouse", kind: mBool, def: "false",
			meaning: "each player's first moves sow every one of their houses once, in any order",
			check:   checkOpening},
	}}

// mSchema lists the descriptor's tables: the five of a variant first, then the
// sub-tables.
var mSchema = []*mTable{&boardSchema, &sowingSchema, &captureSchema, &endingSchema, &movesSchema,
	&pitSchema, &fillSchema, &roundsSchema, &openingSchema}

// The key lists of the tables the board's hand-written reader checks, from the schema
// (the other tables' readers ask their schema: readTable).
var (
	mBoardKeys = boardSchema.keys()
	mPitKeys   = pitSchema.keys()
	mFillKeys  = fillSchema.keys()
)

// readTable reads v, the table at path, by the schema tb into dst (a pointer to the
// table's Go value): its keys checked, then each field in the schema's order.
// Every unknown key and every field at fault is reported, in line order (inOrder).
func (r mreader) readTable(path string, v lua.LValue, tb *mTable, dst any) error {
	keys := tb.keys()
	t, ok := v.(*lua.LTable)
	if !ok || countKeys(t) != len(sortedKeys(t)) {
		_, err := r.table(path, v, keys) // not a table of named fields
		return err
	}
	errs := r.unknownKeys(path, t, keys)
	return inOrder(append(errs, r.readFields(path, t, tb, dst)))
}

// subTable is readTable for a sub-table (ending.rounds, moves.opening), whose fields
// share the Go value of their parent.
func (r mreader) subTable(path string, v lua.LValue, tb *mTable, dst any) error {
	return r.readTable(path, v, tb, dst)
}

// readFields reads t's fields by the schema tb into dst, in order, each field's check
// after it.
func (r mreader) readFields(path string, t *lua.LTable, tb *mTable, dst any) error {
	root := reflect.ValueOf(dst).Elem()
	var errs []error
	for i := range tb.fields {
		f := &tb.fields[i]
		fp := path + "." + f.key
		v := t.RawGetString(f.key)
		if err := r.readField(fp, f, v, root, dst); err != nil {
			errs = append(errs, err)
			continue
		}
		if f.check != nil && len(errs) == 0 { // a check may read the fields before it
			if err := f.check(r, fp, dst); err != nil {
				errs = append(errs, err)
			}
		}
	}
	return inOrder(errs)
}

// readField reads one field's value v at path into its Go field under root.
func (r mreader) readField(path string, f *mField, v lua.LValue, root reflect.Value, dst any) error {
	switch f.kind {
	case mCustom:
		if f.read == nil || v == lua.LNil {
			return nil
		}
		return f.read(r, path, v, dst)
	case mBool:
		b, err := r.boolean(path, v)
		if err != nil {
			return err
		}
		goField(root, f.goField).SetBool(b)
	case mWhole:
		n := f.unset
		if v != lua.LNil {
			var err error
			if n, err = r.whole(path, v, f.min, f.max); err != nil {
				return err
			}
		}
		goField(root, f.goField).SetInt(int64(n))
	case mEnum:
		i, err := r.enum(path, v, f.values, 0)
		if err != nil {
			return err
		}
		goField(root, f.goField).SetUint(uint64(i + f.offset))
	case mOptEnum:
		i, err := r.optEnum(path, v, f.values)
		if err != nil || i < 0 {
			return err
		}
		if fv := goField(root, f.goField); fv.Kind() == reflect.Bool {
			fv.SetBool(true)
		} else {
			fv.SetUint(uint64(i + f.offset))
		}
	case mCounts:
		return r.counts(path, f, v, goField(root, f.goField))
	}
	return nil
}

// counts reads a list of whole numbers f.min..f.max into the []int fv.
func (r mreader) counts(path string, f *mField, v lua.LValue, fv reflect.Value) error {
	if v == lua.LNil {
		return nil
	}
	l, err := r.list(path, v, "a list of counts such as {2, 3}")
	if err != nil {
		return err
	}
	var out []int
	for j := 1; j <= l.Len(); j++ {
		n, err := r.whole(fmt.Sprintf("%s[%d]", path, j), l.RawGetInt(j), f.min, f.max)
		if err != nil {
			return err
		}
		out = append(out, n)
	}
	fv.Set(reflect.ValueOf(out))
	return nil
}

// goField returns the field at the dotted path under v (a struct).
func goField(v reflect.Value, path string) reflect.Value {
	for _, name := range strings.Split(path, ".") {
		v = v.FieldByName(name)
	}
	return v
}

// readRelay reads sowing.relay: true ("occupied"), false, or a relay's name.
func readRelay(r mreader, path string, v lua.LValue, dst any) error {
	s := dst.(*mancala.Sowing)
	switch v {
	case lua.LFalse:
		return nil
	case lua.LTrue:
		s.Relay = mancala.RelayOnOccupied
		return nil
	}
	if _, ok := v.(lua.LString); !ok {
		return r.fail(path, `got %s, want true (as "occupied"), false, "occupied", "own_side" or "next"`, luaValue(v))
	}
	relay, err := r.enum(path, v, mRelays, -1)
	if err != nil {
		return err
	}
	s.Relay = mancala.Relay(relay + 1)
	return nil
}

// readHouseDirections reads sowing.house_directions: a direction a house.
func readHouseDirections(r mreader, path string, v lua.LValue, dst any) error {
	s := dst.(*mancala.Sowing)
	hl, err := r.list(path, v, `a direction a house, such as {"clockwise", "clockwise", "chosen", "anticlockwise", "anticlockwise"}`)
	if err != nil {
		return err
	}
	if hl.Len() == 0 {
		return r.fail(path, "an empty list; leave it out for every house to sow in sowing.direction")
	}
	for i := 1; i <= hl.Len(); i++ {
		d, err := r.enum(fmt.Sprintf("%s[%d]", path, i), hl.RawGetInt(i), mDirections, -1)
		if err != nil {
			return err
		}
		s.HouseDirections = append(s.HouseDirections, mancala.Direction(d))
	}
	return nil
}

// readOpeningHouses reads moves.opening.houses: house numbers or ranges in h, kept
// as ranges until the knobs resolve them (applyMoves).
func readOpeningHouses(r mreader, path string, v lua.LValue, dst any) error {
	m := dst.(*mMoves)
	hl, err := r.list(path, v, `a list of house numbers or ranges such as {7, 8, 9, 10} or {"h-3..h"}`)
	if err != nil {
		return err
	}
	m.Houses = []mRange{}
	for i := 1; i <= hl.Len(); i++ {
		rg, err := r.houseRange(fmt.Sprintf("%s[%d]", path, i), hl.RawGetInt(i))
		if err != nil {
			return err
		}
		m.Houses = append(m.Houses, rg)
	}
	return nil
}

// checkOpening checks that the opening's plies and houses go together.
func checkOpening(r mreader, path string, dst any) error {
	m := dst.(*mMoves)
	switch {
	case m.Rules.Opening.Plies > 0 && m.Houses == nil:
		return r.fail("moves.opening.plies", "list the houses allowed in those plies in moves.opening.houses")
	case m.Rules.Opening.Plies == 0 && m.Houses != nil:
		return r.fail("moves.opening.houses", "set moves.opening.plies, the plies they hold for")
	}
	return nil
}
