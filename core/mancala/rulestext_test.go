package mancala

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// ruleLeaves lists the fields of t as Go paths (a struct's fields joined by dots, a
// slice of structs as "Name[]."), down to the fields that are not structs.
func ruleLeaves(t reflect.Type, prefix string) []string {
	var out []string
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		name := prefix + f.Name
		switch {
		case f.Type.Kind() == reflect.Struct:
			out = append(out, ruleLeaves(f.Type, name+".")...)
		case f.Type.Kind() == reflect.Slice && f.Type.Elem().Kind() == reflect.Struct:
			out = append(out, ruleLeaves(f.Type.Elem(), name+"[].")...)
		default:
			out = append(out, name)
		}
	}
	return out
}

// kalahRules is the base of the mutations: Kalah(6,4).
func kalahDescriptor(t *testing.T) Rules {
	r, err := Kalah(DefaultKalah())
	require.NoError(t, err)
	return r
}

// fourRows is a four-row base (Kalah's four-row layout) for the fields that say
// nothing on two rows.
func fourRows(r *Rules) { r.Board = FourRows(4, 2) }

// ownBoard lists a two-row board's pits by hand (the layout of no constructor: one
// store moved to the bottom row's left).
func ownBoard(r *Rules) {
	r.Board = TwoRows(4, 3)
	r.Board.Pits[9].Row = 1
}

// textMutations change one field of Kalah's rules each (with what it needs to be
// valid) from its value there: each must change the rules text.
var textMutations = map[string]func(r *Rules){
	"Board.Rows":         fourRows,
	"Board.Houses":       func(r *Rules) { r.Board = TwoRows(5, 4) },
	"Board.Pits[].Owner": func(r *Rules) { r.Board = OneRow(6, 4) },
	"Board.Pits[].Store": func(r *Rules) { r.Board = WithoutStores(r.Board); r.Sowing.Stores = NoStores },
	"Board.Pits[].Row":   ownBoard,
	"Board.Pits[].Col": func(r *Rules) {
		ownBoard(r)
		r.Board.Pits[0].Col, r.Board.Pits[1].Col = r.Board.Pits[1].Col, r.Board.Pits[0].Col
	},
	"Board.Pits[].Seeds": func(r *Rules) { r.Board.Pits[0].Seeds = 7 },
	"Board.Tracks":       func(r *Rules) { r.Board = TwoRowsLeft(6, 4) },

	"Sowing.Direction":       func(r *Rules) { r.Sowing.Direction = Clockwise },
	"Sowing.Stores":          func(r *Rules) { r.Sowing.Stores = AllStores },
	"Sowing.SkipOrigin":      func(r *Rules) { r.Sowing.SkipOrigin = true },
	"Sowing.OriginFirst":     func(r *Rules) { r.Sowing.OriginFirst = true },
	"Sowing.MinSeeds":        func(r *Rules) { r.Sowing.MinSeeds = 2 },
	"Sowing.HouseDirections": func(r *Rules) { r.Sowing.HouseDirections = []Direction{1, 1, 2, 0, 0, 0} },
	"Sowing.Relay":           func(r *Rules) { r.Sowing.Relay = RelayOnOccupied },
	"Sowing.TakeAt":          func(r *Rules) { r.Sowing.TakeAt = 4 },
	"Sowing.TakeAtOwner":     func(r *Rules) { r.Sowing.TakeAt, r.Sowing.TakeAtOwner = 4, true },
	"Sowing.LapCaptures":     func(r *Rules) { r.Sowing.LapCaptures = true },
	"Sowing.SkipCount":       func(r *Rules) { r.Sowing.SkipCount = 3 },

	"Captures[].Side":        func(r *Rules) { r.Captures[0].Side = AnySide },
	"Captures[].InnerOnly":   func(r *Rules) { fourRows(r); r.Captures[0].InnerOnly = false },
	"Captures[].EmptyBefore": func(r *Rules) { r.Captures[0].EmptyBefore = false },
	"Captures[].Counts":      func(r *Rules) { r.Captures[0].EmptyBefore = false; r.Captures[0].Counts = []int{2, 3} },
	"Captures[].Even":        func(r *Rules) { r.Captures[0].EmptyBefore = false; r.Captures[0].Even = true },
	"Captures[].NotHouse":    func(r *Rules) { r.Captures[0].NotHouse = 6 },
	"Captures[].Take":        func(r *Rules) { r.Captures[0].Take = TakeOpposite },
	"Captures[].WithLast":    func(r *Rules) { r.Captures[0].WithLast = false },
	"Captures[].NeedSeeds":   func(r *Rules) { r.Captures[0].NeedSeeds = true },
	"Captures[].Chain": func(r *Rules) {
		r.Captures[0] = Capture{Side: OpponentSide, Counts: []int{2, 3}, Take: TakePit, Chain: ChainBackward}
	},
	"Captures[].GrandSlamNothing": func(r *Rules) { r.Captures[0].GrandSlamNothing = true },
	"Captures[].Effect": func(r *Rules) {
		r.Captures[0] = Capture{Side: OpponentSide, Counts: []int{3}, Take: TakePit, Effect: MarkPit}
	},
	"Captures[].MarkOnce": func(r *Rules) {
		r.Captures[0] = Capture{Side: OpponentSide, Counts: []int{3}, Take: TakePit, Effect: MarkPit, MarkOnce: true}
	},
	"Captures[].MarkNotMirror": func(r *Rules) {
		r.Captures[0] = Capture{Side: OpponentSide, Counts: []int{3}, Take: TakePit, Effect: MarkPit, MarkNotMirror: true}
	},
	"Captures[].Occupied":     func(r *Rules) { r.Captures[0].EmptyBefore, r.Captures[0].Occupied = false, true },
	"Captures[].NeedOpposite": func(r *Rules) { r.Captures[0].NeedOpposite = true },
	"Captures[].AllOccupied":  func(r *Rules) { r.Captures[0].AllOccupied = true },
	"Captures[].Chosen":       func(r *Rules) { r.Captures[0].Chosen = true },
	"Captures[].FromPly":      func(r *Rules) { r.Captures[0].FromPly = 1 },
	"Captures[].ResowFrom": func(r *Rules) {
		r.Captures[0] = Capture{Side: OwnSide, Occupied: true, Take: TakeOpposite, Effect: Resow, ResowFrom: ResowLapStart}
	},
	"Captures[].OppositeCounts": func(r *Rules) { r.Captures[0].OppositeCounts = []int{3} },
	"Captures[].OppositeEmpty":  func(r *Rules) { r.Captures[0].OppositeEmpty = true },
	"Captures[].ToOwner":        func(r *Rules) { r.Captures[0].ToOwner = true },
	"Captures[].Houses":         func(r *Rules) { r.Captures[0].Houses = []int{3} },

	"ExtraTurn":      func(r *Rules) { r.ExtraTurn = false },
	"MustFeed":       func(r *Rules) { r.MustFeed = true },
	"PieRule":        func(r *Rules) { r.PieRule = true },
	"Pass":           func(r *Rules) { r.Pass, r.End.When = true, MoverCannotMove },
	"End.When":       func(r *Rules) { r.End.When = MoverCannotMove },
	"End.Majority":   func(r *Rules) { r.End.Majority = true },
	"End.Remaining":  func(r *Rules) { r.End.Remaining = Split },
	"End.MaxPlies":   func(r *Rules) { r.End.MaxPlies = 500 },
	"End.Repeats":    func(r *Rules) { r.End.Repeats = 3 },
	"End.OnRepeat":   func(r *Rules) { r.End.Repeats, r.End.OnRepeat = 3, Split },
	"End.LeftAtMost": func(r *Rules) { r.End.LeftAtMost = 8 },
	"End.EachAtMost": func(r *Rules) { r.End.EachAtMost = 1 },
	"NoStarve":       func(r *Rules) { r.NoStarve = true },
	"NoGrandSlam": func(r *Rules) {
		r.NoGrandSlam = true
		r.Captures = []Capture{{Side: OpponentSide, Counts: []int{2, 3}, Take: TakePit, GrandSlamNothing: true}}
	},
	"Opening.Plies":     func(r *Rules) { r.Opening.Plies, r.Opening.Houses = 1, []int{5, 6} },
	"Opening.Houses":    func(r *Rules) { r.Opening.Plies, r.Opening.Houses = 1, []int{4, 5, 6} },
	"Opening.EachHouse": func(r *Rules) { r.Opening.EachHouse = true },
	"Must":              func(r *Rules) { r.Must = ReachOrEmpty },
	"Setup.Moves":       func(r *Rules) { r.Setup.Moves = 5 },
	"Rounds.Seeds":      func(r *Rules) { r.Rounds.Seeds = 4 },
	"Rounds.Max":        func(r *Rules) { r.Rounds.Seeds, r.Rounds.Max = 4, 3 },
	"KeepPly":           func(r *Rules) { r.KeepPly = true },
}

// TestRulesTextCoversRules holds the wordings to the fields of Rules: each field is
// stated by exactly one wording, and none names a field that is not there.
func TestRulesTextCoversRules(t *testing.T) {
	leaves := ruleLeaves(reflect.TypeOf(Rules{}), "")
	worded := WordedFields()
	for _, f := range leaves {
		assert.Equal(t, 1, countOf(worded, f), "Rules field %s: stated by %d wordings of rulestext.go, want 1 (add it to a wording's fields and say it)", f, countOf(worded, f))
	}
	for _, f := range worded {
		assert.Contains(t, leaves, f, "rulestext.go states %s, which is no field of Rules", f)
	}
}

func countOf(list []string, s string) int {
	n := 0
	for _, x := range list {
		if x == s {
			n++
		}
	}
	return n
}

// TestRulesTextFieldChanges changes each field of Rules from Kalah's value: the rules
// stay valid and their text changes, so every field is really said.
func TestRulesTextFieldChanges(t *testing.T) {
	base := kalahDescriptor(t)
	for _, f := range ruleLeaves(reflect.TypeOf(Rules{}), "") {
		t.Run(f, func(t *testing.T) {
			mutate, ok := textMutations[f]
			require.True(t, ok, "no mutation of %s in textMutations: add one", f)
			r := kalahDescriptor(t)
			r.Captures = slices.Clone(r.Captures)
			mutate(&r)
			require.NoError(t, r.Validate())
			other := base
			if f == "Rounds.Max" || f == "End.OnRepeat" || f == "Sowing.TakeAtOwner" || f == "Opening.Houses" ||
				strings.HasPrefix(f, "Captures[].Mark") || f == "Captures[].ResowFrom" || f == "Captures[].InnerOnly" || f == "Board.Pits[].Col" {
				// a field that needs another set first: compare with that other alone
				other = mutationBase(t, f)
			}
			assert.True(t, other.Text().String() != r.Text().String(), "changing %s leaves the text as it was:\n%s", f, r.Text())
		})
	}
}

// mutationBase is the rules a dependent field's mutation is compared with: its
// mutation with the field itself back at its zero value.
func mutationBase(t *testing.T, f string) Rules {
	r := kalahDescriptor(t)
	r.Captures = slices.Clone(r.Captures)
	switch f {
	case "Rounds.Max":
		r.Rounds.Seeds = 4
	case "End.OnRepeat":
		r.End.Repeats = 3
	case "Sowing.TakeAtOwner":
		r.Sowing.TakeAt = 4
	case "Opening.Houses":
		r.Opening.Plies, r.Opening.Houses = 1, []int{5, 6}
	case "Captures[].MarkOnce", "Captures[].MarkNotMirror":
		r.Captures[0] = Capture{Side: OpponentSide, Counts: []int{3}, Take: TakePit, Effect: MarkPit}
	case "Captures[].ResowFrom":
		r.Captures[0] = Capture{Side: OwnSide, Occupied: true, Take: TakeOpposite, Effect: Resow}
	case "Captures[].InnerOnly":
		fourRows(&r)
	case "Board.Pits[].Col":
		ownBoard(&r)
	}
	require.NoError(t, r.Validate())
	return r
}

// TestRulesTextSections checks the sections of every catalogue game's text: all five,
// in order, none empty.
func TestRulesTextSections(t *testing.T) {
	for _, r := range []Rules{kalahDescriptor(t), Oware(1000), BaoSimplified(1000), Pallanguzhi(0, 1000), Omweso(10, 1000), LayliGoobalay(1000)} {
		text := r.Text()
		var titles []string
		for _, s := range text {
			titles = append(titles, s.Title)
			assert.NotEmpty(t, s.Sentences, s.Title)
		}
		assert.Subset(t, titles, []string{SectionBoard, SectionSowing, SectionCaptures, SectionEnd})
	}
}
