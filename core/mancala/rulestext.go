package mancala

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/kalahlab/kalahlab/core"
)

// The rules in words. Every field of Rules is stated by one wording of the table
// below: the section it belongs to, the fields it states (Go paths from Rules, a
// capture's as "Captures[].Side"), and the sentences it writes from the rules. The
// text is the table's sentences in order, so a field is in the text exactly when the
// table names it: WordedFields lists them, and the tests hold the list to the fields
// of Rules (each one's change changes the text) and to the descriptor schema's keys.

// The section titles of a mancala rules text, in order.
const (
	SectionBoard    = "Board"
	SectionSowing   = "Sowing"
	SectionCaptures = "Captures"
	SectionMoves    = "Moves"
	SectionEnd      = "End and winning"
)

// wording states some fields of Rules in words.
type wording struct {
	section string
	fields  []string
	say     func(r *Rules) []string
}

// wordings are the rules text's sentences, in order.
var wordings = []wording{
	{SectionBoard, []string{"Board.Rows", "Board.Houses", "Board.Pits[].Owner", "Board.Pits[].Row", "Board.Pits[].Col", "Board.Tracks"}, sayLayout},
	{SectionBoard, []string{"Board.Pits[].Store"}, sayStores},
	{SectionBoard, []string{"Board.Pits[].Seeds"}, saySeeds},
	{SectionSowing, []string{"Sowing.Direction", "Sowing.HouseDirections", "Sowing.MinSeeds"}, sayDirection},
	{SectionSowing, []string{"Sowing.Stores"}, sayStoreSowing},
	{SectionSowing, []string{"Sowing.SkipOrigin", "Sowing.OriginFirst"}, sayOrigin},
	{SectionSowing, []string{"Sowing.SkipCount"}, saySkipCount},
	{SectionSowing, []string{"Sowing.Relay"}, sayRelay},
	{SectionSowing, []string{"Sowing.TakeAt", "Sowing.TakeAtOwner"}, sayTakeAt},
	{SectionSowing, []string{"Sowing.LapCaptures"}, sayLapCaptures},
	{SectionCaptures, captureFields, sayCaptures},
	{SectionMoves, []string{"ExtraTurn"}, sayExtraTurn},
	{SectionMoves, []string{"MustFeed", "NoStarve", "NoGrandSlam"}, sayFeeding},
	{SectionMoves, []string{"Must"}, sayMust},
	{SectionMoves, []string{"Opening.Plies", "Opening.Houses", "Opening.EachHouse"}, sayOpening},
	{SectionMoves, []string{"PieRule"}, sayPie},
	{SectionMoves, []string{"Pass"}, sayPass},
	{SectionMoves, []string{"Setup.Moves"}, saySetup},
	{SectionEnd, []string{"End.When", "End.Majority", "End.LeftAtMost", "End.EachAtMost"}, sayEnd},
	{SectionEnd, []string{"End.Remaining"}, sayRemaining},
	{SectionEnd, []string{"Rounds.Seeds", "Rounds.Max"}, sayRounds},
	{SectionEnd, []string{"End.Repeats", "End.OnRepeat"}, sayRepeats},
	{SectionEnd, []string{"End.MaxPlies", "KeepPly"}, sayPlyLimit},
	{SectionEnd, nil, sayWinner},
}

// captureFields are the fields of a capture rule, which sayCaptures states.
var captureFields = []string{
	"Captures[].Side", "Captures[].InnerOnly", "Captures[].EmptyBefore", "Captures[].Counts",
	"Captures[].Even", "Captures[].NotHouse", "Captures[].Take", "Captures[].WithLast",
	"Captures[].NeedSeeds", "Captures[].Chain", "Captures[].GrandSlamNothing",
	"Captures[].Effect", "Captures[].MarkOnce", "Captures[].MarkNotMirror",
	"Captures[].Occupied", "Captures[].NeedOpposite", "Captures[].AllOccupied",
	"Captures[].Chosen", "Captures[].FromPly", "Captures[].ResowFrom",
	"Captures[].OppositeCounts", "Captures[].OppositeEmpty", "Captures[].ToOwner", "Captures[].Houses",
}

// WordedFields lists the fields of Rules the rules text states, as Go paths from Rules
// ("Sowing.Relay", "Captures[].Take", "Board.Pits[].Seeds"), in the text's order.
func WordedFields() []string {
	var out []string
	for _, w := range wordings {
		out = append(out, w.fields...)
	}
	return out
}

// Text states the rules in words: the board, the sowing, the captures, the moves'
// rules and the end, every field of r that is set (and what the zero values mean
// where a reader needs it: no captures, the seeds left).
func (r *Rules) Text() core.RulesText {
	var t core.RulesText
	for _, w := range wordings {
		t = t.Add(w.section, w.say(r)...)
	}
	return t
}

// RulesText states the game's rules in words (Rules.Text); the hooks of a game are
// not in it (their words are the variant's: see the variants package).
func (g *Game) RulesText() core.RulesText { return g.r.Text() }

var sideName = [2]string{"South", "North"}

// layout is a board drawn by one of the constructors, recognised by its geometry.
type layout struct {
	kind      string // "two", "left", "four", "one"
	h         int    // the constructor's houses argument
	storeless bool
}

// layoutOf recognises b as a constructor's board (seeds aside); ok false for a board
// of its own.
func layoutOf(b *Board) (layout, bool) {
	h := b.Houses
	cands := []struct {
		kind string
		h    int
		b    Board
	}{
		{"two", h, TwoRows(h, 0)}, {"left", h, TwoRowsLeft(h, 0)}, {"four", h, FourRows(h, 0)},
	}
	if h%2 == 0 {
		cands = append(cands, struct {
			kind string
			h    int
			b    Board
		}{"one", h / 2, OneRow(h/2, 0)})
	}
	for _, c := range cands {
		if sameGeometry(b, &c.b) {
			return layout{kind: c.kind, h: c.h}, true
		}
		if ws := WithoutStores(c.b); sameGeometry(b, &ws) {
			return layout{kind: c.kind, h: c.h, storeless: true}, true
		}
	}
	return layout{}, false
}

// sameGeometry reports whether a and b have the same rows, pits (seeds aside) and
// tracks.
func sameGeometry(a, b *Board) bool {
	if a.Rows != b.Rows || a.Houses != b.Houses || len(a.Pits) != len(b.Pits) {
		return false
	}
	for i, p := range a.Pits {
		q := b.Pits[i]
		if p.Owner != q.Owner || p.Store != q.Store || p.Row != q.Row || p.Col != q.Col {
			return false
		}
	}
	return slices.Equal(a.Tracks[0], b.Tracks[0]) && slices.Equal(a.Tracks[1], b.Tracks[1])
}

func sayLayout(r *Rules) []string {
	b := &r.Board
	l, ok := layoutOf(b)
	if !ok {
		return sayOwnLayout(b)
	}
	h := l.h
	switch l.kind {
	case "two":
		return []string{fmt.Sprintf("Two rows of %s: South owns the bottom row and North the top row, each numbering their houses 1 to %d from their left.", plural(h, "house"), h),
			"Each player's lap goes round both rows: along their own row from house 1 to house " + strconv.Itoa(h) + ", past their store, and on along the opponent's row."}
	case "left":
		return []string{fmt.Sprintf("Two rows of %s: South owns the bottom row and North the top row, each numbering their houses 1 to %d from their store outwards (from their left).", plural(h, "house"), h),
			"Each player's lap goes round both rows; sowing clockwise, a lap runs along the own row towards house 1, past the own store, and on along the opponent's row."}
	case "four":
		return []string{fmt.Sprintf("Four rows of %d houses: each player owns the two rows on their side (%d houses), the inner row facing the opponent and the outer row behind it.", h, 2*h),
			fmt.Sprintf("A player's houses 1 to %d are the inner row from their right, %d to %d the outer row from their left; each player's lap goes round their own two rows only.", h, h+1, 2*h)}
	default: // one row
		return []string{fmt.Sprintf("One row of %d houses: South owns the left half (houses 1 to %d from the left), North the right half (its houses 1 to %d from the left of that half).", 2*h, h, h),
			"Both players sow left to right along the whole row and round again; nothing is opposite on one row."}
	}
}

// sayOwnLayout describes a board that lists its pits: each row from the top, its
// pits from the left, and the laps.
func sayOwnLayout(b *Board) []string {
	number := houseNumbers(b)
	out := []string{fmt.Sprintf("%s, %d columns wide: South owns %s and North %s, numbered along their laps.",
		capitalise(plural(b.Rows, "row")), b.Houses, plural(countHouses(b, 0), "house"), plural(countHouses(b, 1), "house"))}
	for row := 0; row < b.Rows; row++ {
		var cells []string
		for col := -1; col <= b.Houses; col++ {
			for p, pit := range b.Pits {
				if pit.Row != row || pit.Col != col {
					continue
				}
				if pit.Store {
					cells = append(cells, sideName[pit.Owner]+"'s store")
				} else {
					cells = append(cells, fmt.Sprintf("%s %d", sideName[pit.Owner][:1], number[p]))
				}
			}
		}
		if len(cells) > 0 {
			out = append(out, fmt.Sprintf("Row %d from the top, from the left: %s.", row+1, strings.Join(cells, ", ")))
		}
	}
	for side := 0; side < 2; side++ {
		own, other, stores := 0, 0, 0
		for _, p := range b.Tracks[side] {
			switch pit := b.Pits[p]; {
			case pit.Store:
				stores++
			case pit.Owner == side:
				own++
			default:
				other++
			}
		}
		out = append(out, fmt.Sprintf("%s's lap passes %s of their own, %s of %s's and %s.", sideName[side],
			plural(own, "house"), plural(other, "house"), sideName[1-side], plural(stores, "store")))
	}
	return out
}

// houseNumbers gives each house its number along its owner's track (1-based).
func houseNumbers(b *Board) []int {
	number := make([]int, len(b.Pits))
	for side, tr := range b.Tracks {
		k := 0
		for _, p := range tr {
			if p >= 0 && p < len(b.Pits) && !b.Pits[p].Store && b.Pits[p].Owner == side {
				k++
				number[p] = k
			}
		}
	}
	return number
}

func countHouses(b *Board, side int) int {
	n := 0
	for _, p := range b.Pits {
		if !p.Store && p.Owner == side {
			n++
		}
	}
	return n
}

func hasStores(b *Board) bool {
	return slices.ContainsFunc(b.Pits, func(p Pit) bool { return p.Store })
}

func sayStores(r *Rules) []string {
	b := &r.Board
	if !hasStores(b) {
		return []string{"There are no stores on the board: each player keeps the seeds they capture beside it."}
	}
	var where []string
	for _, pit := range b.Pits {
		if !pit.Store {
			continue
		}
		end := "right"
		if pit.Col < 0 {
			end = "left"
		}
		as := ""
		if pit.Owner == 1 {
			as = map[string]string{"left": " (North's right, as North sits)", "right": " (North's left, as North sits)"}[end]
		}
		where = append(where, fmt.Sprintf("%s's at the %s end of the board%s", sideName[pit.Owner], end, as))
	}
	return []string{"Each player has a store: " + strings.Join(where, ", ") + "."}
}

func saySeeds(r *Rules) []string {
	b := &r.Board
	counts := [2][]int{}
	total := 0
	for side, tr := range b.Tracks {
		for _, p := range tr {
			if pit := b.Pits[p]; !pit.Store && pit.Owner == side {
				counts[side] = append(counts[side], pit.Seeds)
			}
		}
	}
	var out []string
	for _, pit := range b.Pits {
		total += pit.Seeds
	}
	all := append(append([]int(nil), counts[0]...), counts[1]...)
	if len(all) > 0 && slices.Min(all) == slices.Max(all) {
		out = append(out, fmt.Sprintf("Every house starts with %s (%d in all).", plural(all[0], "seed"), total))
	} else if slices.Equal(counts[0], counts[1]) {
		out = append(out, fmt.Sprintf("Each player's houses start, by number: %s (%d seeds in all).", runs(counts[0]), total))
	} else {
		for side := 0; side < 2; side++ {
			out = append(out, fmt.Sprintf("%s's houses start, by number: %s.", sideName[side], runs(counts[side])))
		}
		out = append(out, fmt.Sprintf("%d seeds in all.", total))
	}
	for _, pit := range b.Pits {
		if pit.Store && pit.Seeds > 0 {
			out = append(out, fmt.Sprintf("%s's store starts with %s.", sideName[pit.Owner], plural(pit.Seeds, "seed")))
		}
	}
	return out
}

// runs writes counts by house number as runs: "1 to 4: 2 seeds each; 5 to 8: none".
func runs(counts []int) string {
	var parts []string
	for i := 0; i < len(counts); {
		j := i
		for j+1 < len(counts) && counts[j+1] == counts[i] {
			j++
		}
		what := "none"
		if counts[i] > 0 {
			what = plural(counts[i], "seed")
		}
		switch {
		case i == j:
			parts = append(parts, fmt.Sprintf("house %d %s", i+1, what))
		case counts[i] > 0:
			parts = append(parts, fmt.Sprintf("houses %d to %d %s each", i+1, j+1, what))
		default:
			parts = append(parts, fmt.Sprintf("houses %d to %d none", i+1, j+1))
		}
		i = j + 1
	}
	return strings.Join(parts, "; ")
}

var directionWords = [3]string{"anticlockwise", "clockwise", "either way"}

func sayDirection(r *Rules) []string {
	s := r.Sowing
	from := "one of their houses"
	if s.MinSeeds > 1 {
		from = fmt.Sprintf("one of their houses that holds at least %d", s.MinSeeds)
	}
	out := []string{"The mover takes all the seeds of " + from + " and sows them one by one into the pits that follow on their lap."}
	switch {
	case len(s.HouseDirections) > 0:
		var parts []string
		hd := s.HouseDirections
		for i := 0; i < len(hd); {
			j := i
			for j+1 < len(hd) && hd[j+1] == hd[i] {
				j++
			}
			hs := fmt.Sprintf("house %d", i+1)
			if j > i {
				hs = fmt.Sprintf("houses %d to %d", i+1, j+1)
			}
			parts = append(parts, hs+" "+directionWords[hd[i]])
			i = j + 1
		}
		out = append(out, "Each house sows its own way: "+strings.Join(parts, ", ")+
			" (anticlockwise is the order of the house numbers; a house sown either way is moved as 3R or 3L, the mover choosing).")
	case s.Direction == Clockwise:
		out = append(out, "Sowing goes clockwise, against the order of the house numbers (house 3 sows into 2, then 1, ...).")
	case s.Direction == Chosen:
		out = append(out, "The mover chooses the direction with each move: 3R sows house 3 anticlockwise, in the order of the house numbers, 3L clockwise.")
	default:
		out = append(out, "Sowing goes anticlockwise, in the order of the house numbers (house 3 sows into 4, then 5, ...).")
	}
	return out
}

func sayStoreSowing(r *Rules) []string {
	if !hasStores(&r.Board) {
		return nil
	}
	switch r.Sowing.Stores {
	case NoStores:
		return []string{"The stores take no seeds when sowing: they only hold captures."}
	case AllStores:
		return []string{"Both stores take a seed when a lap passes them, the opponent's too."}
	}
	return []string{"The mover's own store takes a seed when the lap passes it; the opponent's store is skipped."}
}

func sayOrigin(r *Rules) []string {
	s := r.Sowing
	switch {
	case s.SkipOrigin && s.Relay != NoRelay:
		return []string{"A lap long enough to come round again skips the house it was lifted from."}
	case s.SkipOrigin:
		return []string{"A sowing long enough to come round again (12 seeds or more on the usual board) skips the house it started from."}
	case s.OriginFirst:
		return []string{"The first seed goes back into the house just emptied, so a house of one seed moves it on to the next pit."}
	}
	return nil
}

func saySkipCount(r *Rules) []string {
	if n := r.Sowing.SkipCount; n > 0 {
		return []string{fmt.Sprintf("Sowing passes over every house holding exactly %s when a seed reaches it: no seed falls there, and the next pit takes it.", plural(n, "seed"))}
	}
	return nil
}

func sayRelay(r *Rules) []string {
	bound := fmt.Sprintf(" (A move stops after %d laps, a bound of ours: rule books let a relay run on.)", MaxRelay)
	switch r.Sowing.Relay {
	case RelayOnOccupied:
		return []string{"Relay: when the last seed falls in a house that already held seeds, the mover lifts them all and sows on the same way; the move ends when a last seed falls in an empty house or a store." + bound}
	case RelayOwnSide:
		return []string{"Relay on the own side: when the last seed falls in one of the mover's houses that already held seeds, the mover lifts them all and sows on; a last seed in an occupied opponent house ends the move." + bound}
	case RelayNext:
		return []string{"Relay from the next pit: when the last seed falls in a house that already held seeds, the mover lifts the seeds of the pit after it and sows on; an empty next house ends the move." + bound}
	}
	return nil
}

func sayTakeAt(r *Rules) []string {
	s := r.Sowing
	if s.TakeAt == 0 {
		return nil
	}
	who := "the sower takes them into their store"
	if s.TakeAtOwner {
		who = "the house's owner takes them into their store"
	}
	return []string{fmt.Sprintf("Whenever a seed brings a house to exactly %d, %s at once and the sowing goes on; a last seed doing so ends the move there (no relay, no capture).", s.TakeAt, who)}
}

func sayLapCaptures(r *Rules) []string {
	if r.Sowing.LapCaptures || r.Sowing.Relay != NoRelay && r.extended() {
		return []string{"The captures are tried at the end of every lap, before any relay: a capture ends the move."}
	}
	return nil
}

func sayCaptures(r *Rules) []string {
	if len(r.Captures) == 0 {
		return []string{"There are no captures: seeds reach the stores only by sowing."}
	}
	var out []string
	if len(r.Captures) > 1 {
		out = append(out, fmt.Sprintf("%s, tried in order after the sowing; the first that applies is made.", capitalise(plural(len(r.Captures), "capture rule"))))
	}
	for i := range r.Captures {
		out = append(out, captureSentences(r, &r.Captures[i])...)
	}
	return out
}

// captureSentences states one capture rule: where the last seed falls, what is taken,
// and what becomes of it.
func captureSentences(r *Rules, c *Capture) []string {
	where := map[Side]string{OwnSide: "one of the mover's own houses", OpponentSide: "one of the opponent's houses", AnySide: "any house"}[c.Side]
	if c.NotHouse > 0 {
		where += fmt.Sprintf(" other than %s house %d", map[Side]string{OwnSide: "their", OpponentSide: "their", AnySide: "its owner's"}[c.Side], c.NotHouse)
	}
	if len(c.Houses) > 0 {
		where += fmt.Sprintf(" numbered %s", orList(c.Houses))
	}
	if c.InnerOnly && r.Board.Rows > 2 {
		where += " in their inner row (facing the opponent)"
	}
	var conds []string
	switch {
	case c.EmptyBefore:
		conds = append(conds, "that was empty before it")
	case c.Occupied:
		conds = append(conds, "that already held seeds")
	}
	if len(c.Counts) > 0 {
		conds = append(conds, "making "+orList(c.Counts)+" there")
	}
	if c.Even {
		conds = append(conds, "leaving an even number there")
	}
	if len(c.OppositeCounts) > 0 {
		conds = append(conds, "with "+orList(c.OppositeCounts)+" in the opponent's house facing it")
	}
	if c.NeedOpposite {
		conds = append(conds, "with seeds in the opponent's house facing it")
	}
	if c.OppositeEmpty {
		conds = append(conds, "with the opponent's house facing it empty")
	}

	s := "When the last seed falls in " + where
	if len(conds) > 0 {
		s += " " + andList(conds)
	}
	if c.Effect == KeepPair {
		other := "the opponent's house facing it"
		if c.Take == TakeNext {
			other = "the pit after it along the sowing"
		}
		s += ", that house and " + other + effectWords(c) + "."
	} else {
		s += ", " + takeWords(c) + effectWords(c) + "."
	}
	out := []string{s}
	if c.Take == TakeAfter {
		out = append(out, "The pits after it are taken one by one as long as each meets the same conditions (side and counts); the last pit itself need only meet the others.")
	}
	switch c.Chain {
	case ChainBackward:
		out = append(out, "The capture goes on backwards: the pit before it, and the one before that, are taken too as long as each meets the same conditions (side and counts).")
	case ChainForward:
		out = append(out, "The capture goes on forwards: the pit after it, and the one after that, are taken too as long as each meets the same conditions (side and counts).")
	}
	if c.NeedSeeds {
		out = append(out, "There is no capture when the pits to take (the last one aside) hold no seeds.")
	}
	if c.AllOccupied {
		out = append(out, "There is no capture unless every pit to take (the last one aside) holds seeds.")
	}
	if c.Chosen {
		out = append(out, "The capture also takes one opponent house of the mover's choosing, named in the move (12>3: sow house 12, and take the opponent's house 3 too).")
	}
	if c.GrandSlamNothing {
		out = append(out, "A capture that would take every seed the opponent has in their houses (a grand slam) takes nothing.")
	}
	if c.ToOwner {
		out = append(out, "The seeds this capture takes go to the store of the player who owns the last pit, not to the mover's.")
	}
	if c.FromPly > 0 {
		out = append(out, fmt.Sprintf("This capture applies only from move %d of the round's play on.", c.FromPly+1))
	}
	if c.MarkOnce {
		out = append(out, "Each player may win only one such house a game.")
	}
	if c.MarkNotMirror {
		out = append(out, "A player may not win the house with the same number as the one the opponent has won.")
	}
	return out
}

// takeWords says what a capture takes.
func takeWords(c *Capture) string {
	with := ""
	if c.WithLast {
		with = " together with the last pit's seeds (the capturing seed too)"
	}
	switch c.Take {
	case TakeColumn:
		return "the mover takes the seeds of every opponent house in its column" + with
	case TakePit:
		return "the mover takes the seeds of that house"
	case TakeNext:
		return "the mover takes the seeds of the pit after it along the sowing" + with
	case TakeAfter:
		return "the mover takes the seeds of the pits after it along the sowing" + with
	}
	return "the mover takes the seeds of the opponent's house facing it" + with
}

// effectWords says where a capture's seeds go.
func effectWords(c *Capture) string {
	switch c.Effect {
	case MarkPit:
		return ": the house becomes the mover's for the rest of the game, its seeds go to the mover's store now, and so does every seed sown into it later; it is never sown from or captured"
	case Resow:
		from := map[ResowFrom]string{
			ResowAfterLast:  "from the pit after the last one",
			ResowLapStart:   "from the pit where the capturing lap began",
			ResowTrackStart: "from the mover's first house in the move's direction",
		}[c.ResowFrom]
		return ", and sows them on " + from + ", the same way; the last seed of that lap counts like any other (a capture, a relay)"
	case KeepPair:
		return " become the mover's kept houses, one seed moving from the other into the last one: for the rest of the game (of the round, with rounds) they keep every seed sown into them, are never sown from or captured, end a lap that ends in them, and go to the mover at the end"
	}
	return " into their store"
}

func sayExtraTurn(r *Rules) []string {
	if r.ExtraTurn {
		return []string{"A last seed in the mover's own store gives them another move."}
	}
	return []string{"The turn passes after every move: there are no extra turns."}
}

func sayFeeding(r *Rules) []string {
	var out []string
	if r.MustFeed {
		out = append(out, "When the opponent has no seeds in their houses, the mover must make a move that gives them some; with no such move, the mover cannot move.")
	}
	if r.NoStarve {
		out = append(out, "A move that leaves the opponent's houses empty is allowed only when every move does; then only those that leave the mover seeds.")
	}
	if r.NoGrandSlam {
		out = append(out, "A grand slam is allowed only when every move is one (and then it takes nothing).")
	}
	return out
}

func sayMust(r *Rules) []string {
	switch r.Must {
	case ReachOrEmpty:
		return []string{"After the opening, a move's first lap must drop a seed in an opponent house or end in an empty house of the mover's."}
	case LeaveSeeds:
		return []string{"No move may leave the opponent's houses empty, with no exception: a player whose every move would is left without a move."}
	case LapLeavesSeeds:
		return []string{"No move may leave the opponent's houses empty once its first lap and the captures at its end are done (the laps it relays after that are not judged): a player whose every move would is left without a move."}
	}
	return nil
}

func sayOpening(r *Rules) []string {
	o := r.Opening
	var out []string
	if o.Plies > 0 {
		hs := make([]int, len(o.Houses))
		copy(hs, o.Houses)
		out = append(out, fmt.Sprintf("In the first %s of each round's play, only houses %s may be sown.", plural(o.Plies, "ply"), andInts(hs)))
	}
	if o.EachHouse {
		out = append(out, "Each player's first moves must sow every one of their houses once, in any order (when none of the houses left can be sown, any may).")
	}
	return out
}

func sayPie(r *Rules) []string {
	if r.PieRule {
		return []string{"The pie rule: at their first turn the second player may swap sides instead of moving (the move swap); the first player then moves again, from the other side."}
	}
	return nil
}

func sayPass(r *Rules) []string {
	if r.Pass {
		return []string{"A player who cannot sow passes (the move pass) while the opponent can."}
	}
	return nil
}

func saySetup(r *Rules) []string {
	if n := r.Setup.Moves; n > 0 {
		return []string{fmt.Sprintf("Before play, South and then North may each move up to %s from one of their houses to another (2>5 moves a seed from house 2 to house 5; done ends the player's setup); then South starts play.", plural(n, "single seed"))}
	}
	return nil
}

func sayEnd(r *Rules) []string {
	e := r.End
	s := "The game ends when either player's houses are all empty."
	if e.When == MoverCannotMove {
		s = "The game ends when the player to move cannot move."
	}
	if r.Rounds.Seeds > 0 {
		s = strings.Replace(s, "The game ends", "A round ends", 1)
	}
	out := []string{s}
	if e.Majority {
		total := 0
		for _, p := range r.Board.Pits {
			total += p.Seeds
		}
		out = append(out, fmt.Sprintf("It also ends as soon as a store holds more than half of the %d seeds (%d): the stores are then the scores, and the seeds left in the houses do not count.", total, total/2+1))
	}
	if n := e.LeftAtMost; n > 0 {
		out = append(out, fmt.Sprintf("It also ends when the houses hold %s or fewer in all.", plural(n, "seed")))
	}
	if n := e.EachAtMost; n > 0 {
		out = append(out, fmt.Sprintf("It also ends when no house holds more than %s.", plural(n, "seed")))
	}
	return out
}

// remainingWords says where the seeds left go.
func remainingWords(rem Remaining) string {
	return map[Remaining]string{
		ToOwner:   "go to the owner of each house",
		Discard:   "are not counted",
		ToOther:   "all go to the player who is not to move",
		Split:     "are split evenly between the players (scores in halves)",
		ToEmptied: "all go to the player whose houses are empty (with neither or both empty, each takes their own)",
		ToStarter: "all go to the player who made the round's first move",
	}[rem]
}

func sayRemaining(r *Rules) []string {
	return []string{"When the houses still hold seeds at the end, they " + remainingWords(r.End.Remaining) + "."}
}

func sayRounds(r *Rules) []string {
	ro := r.Rounds
	if ro.Seeds == 0 {
		return nil
	}
	out := []string{fmt.Sprintf("The game is a match of rounds: after a round each player refills their houses in order along their lap with %s each from their store; a house they cannot fill is out of play for the round (never sown into or from), and the seeds that fill no house stay in the store. Marks are cleared, and the players take turns to start rounds.", plural(ro.Seeds, "seed"))}
	end := "The match ends when a player cannot fill one house"
	if ro.Max > 0 {
		end += fmt.Sprintf(", or after %s", plural(ro.Max, "round"))
	}
	return append(out, end+"; the stores are then the scores.")
}

func sayRepeats(r *Rules) []string {
	e := r.End
	if e.Repeats == 0 {
		return nil
	}
	nth := map[int]string{2: "second", 3: "third", 4: "fourth"}[e.Repeats]
	if nth == "" {
		nth = strconv.Itoa(e.Repeats) + "th"
	}
	return []string{fmt.Sprintf("A position that occurs for the %s time since a store last changed (a cycle) ends the game; the seeds left then %s.", nth, remainingWords(e.OnRepeat))}
}

func sayPlyLimit(r *Rules) []string {
	var out []string
	if n := r.End.MaxPlies; n > 0 {
		out = append(out, fmt.Sprintf("A game stops after %s, scored as a normal end (a bound of ours, the max_plies knob).", plural(n, "ply")))
	}
	if r.KeepPly {
		out = append(out, "Position strings carry the ply count (ply=N), so a game set up from one keeps its ply limit and opening where they were.")
	}
	return out
}

func sayWinner(r *Rules) []string {
	held, tie := "in their store", "equal stores"
	if !hasStores(&r.Board) { // the captures are kept beside the board (sayStores)
		held, tie = "captured", "equal counts"
	}
	end := "the end"
	if r.Rounds.Seeds > 0 {
		end = "the end of the match"
	}
	return []string{fmt.Sprintf("The player with more seeds %s at %s wins; %s are a draw.", held, end, tie)}
}

// plural writes n and the noun, with an s unless n is 1 ("1 seed", "4 seeds", "2
// plies").
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	if strings.HasSuffix(noun, "y") && !strings.HasSuffix(noun, "ey") {
		return strconv.Itoa(n) + " " + strings.TrimSuffix(noun, "y") + "ies"
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

func capitalise(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// andList joins words with commas and a last "and".
func andList(words []string) string {
	switch len(words) {
	case 0:
		return ""
	case 1:
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

func andInts(ns []int) string { return andList(intWords(ns)) }

// orList joins counts with commas and a last "or".
func orList(ns []int) string {
	w := intWords(ns)
	if len(w) < 2 {
		return strings.Join(w, "")
	}
	return strings.Join(w[:len(w)-1], ", ") + " or " + w[len(w)-1]
}

func intWords(ns []int) []string {
	out := make([]string, len(ns))
	for i, n := range ns {
		out[i] = strconv.Itoa(n)
	}
	return out
}
