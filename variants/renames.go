package variants

import (
	"fmt"

	"maps"
	"slices"
	"sort"

	"github.com/kalahlab/kalahlab/core"
)

// Renamed is an old name of a game that now goes by one name (issue 25: one name per
// game). The old name keeps working everywhere a name is read: Lookup resolves it to
// the new one (with Knobs set on it), a script's extends and a house rule may name it,
// and a game record or a config saved under it loads. List and Catalog do not show it
// (no script file has it); the variant it resolves to lists it in OldNames, which
// `kalahlab variants show` prints. README's table of old names is held to renames by a
// test (TestRenamesTable).
type Renamed struct {
	Old string // the old name, e.g. "mancala/oware"
	New string // the game's one name, e.g. "oware" (a base game, a built-in or another variant)
	// Knobs are the knob values the old name stood for, set on New when the old name is
	// looked up (nil: none). An old name for "Kalah with six seeds" is New "kalah" with
	// Knobs {"seeds": 6}.
	Knobs map[string]any
	Why   string // one line on what changed, for the README table and `variants show`
}

// renames is the one list of old names. An entry is added when a game is merged into
// another or takes a new name; it is never removed while records or configs may carry
// the old name.
var renames = []Renamed{
	{Old: "mancala/oware", New: "oware", Why: "one Oware: the mancala engine's descriptor, under Oware's working name"},
}

// Retired is a knob a game no longer has, still read at the one value its rules now
// fix, so that the game records and configs written when it had the knob (a record
// carries every knob's value) keep loading. Variant.With drops a retired knob given at
// that value and refuses any other value with an error that says why. It applies to
// Variant and to every variant that extends it.
type Retired struct {
	Variant string // the variant that no longer has the knob, e.g. "oware"
	Knob    string
	Value   any    // the one value accepted (nil: any value: the knob never changed the game)
	Why     string // what the game does now, for the error
}

// owareWas says where oware's retired knobs went.
const owareWas = "oware is the mancala engine's Oware now, no longer a script on the kalah base game"

// retired is the one list of retired knobs. oware's are the kalah base game's knobs as
// the kalah-based oware set them (its records carry them all).
var retired = []Retired{
	{Variant: "oware", Knob: "store_sowing", Value: false, Why: owareWas + ": its stores only hold captures"},
	{Variant: "oware", Knob: "origin_skip", Value: true, Why: owareWas + ": a lap always skips its origin"},
	{Variant: "oware", Knob: "end_rule", Value: "mover_cannot_move", Why: owareWas + ": the game ends when the mover cannot move"},
	{Variant: "oware", Knob: "remaining", Value: "owner", Why: owareWas + ": the seeds left go to their owner"},
	{Variant: "oware", Knob: "pie_rule", Value: false, Why: owareWas + ": a pie rule is a script's moves = { pie_rule = true }"},
	{Variant: "oware", Knob: "rows", Value: 2, Why: owareWas + ": two rows"},
	{Variant: "oware", Knob: "empty_capture", Why: owareWas + " (the knob never changed oware: its capture was its own)"},
}

// retiredKnob returns the retired knob name of v (nil: none).
func (v *Variant) retiredKnob(name string) *Retired {
	for i, r := range retired {
		if r.Knob == name && (r.Variant == v.Name || slices.Contains(v.Extends, r.Variant)) {
			return &retired[i]
		}
	}
	return nil
}

// dropRetired returns overrides without v's retired knobs, or an error for a retired
// knob at a value other than the one its rules fix.
func (v *Variant) dropRetired(overrides map[string]any) (map[string]any, error) {
	var out map[string]any
	for _, name := range slices.Sorted(maps.Keys(overrides)) {
		r := v.retiredKnob(name)
		if r == nil || slices.ContainsFunc(v.Specs, func(s core.ParamSpec) bool { return s.Name == name }) {
			continue
		}
		if r.Value != nil && fmt.Sprint(overrides[name]) != fmt.Sprint(r.Value) {
			return nil, fmt.Errorf("knob %q is retired: %s; it is read only as %v (as the game records of the old %s carry it), not %v",
				name, r.Why, r.Value, r.Variant, overrides[name])
		}
		if out == nil {
			out = maps.Clone(overrides)
		}
		delete(out, name)
	}
	if out == nil {
		return overrides, nil
	}
	return out, nil
}

// RetiredKnobs lists the knobs v no longer has but still reads (see Retired), by name.
func (v *Variant) RetiredKnobs() []Retired {
	var out []Retired
	for _, r := range retired {
		if r.Variant == v.Name || slices.Contains(v.Extends, r.Variant) {
			out = append(out, r)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Knob < out[j].Knob })
	return out
}

// Renames lists the old names and what they resolve to, sorted by old name.
func Renames() []Renamed {
	out := slices.Clone(renames)
	for i := range out {
		out[i].Knobs = maps.Clone(out[i].Knobs)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Old < out[j].Old })
	return out
}

// RenamedFrom returns the entry of an old name (ok false when name is not an old name).
func RenamedFrom(name string) (Renamed, bool) {
	for _, r := range renames {
		if r.Old == name {
			return Renamed{Old: r.Old, New: r.New, Knobs: maps.Clone(r.Knobs), Why: r.Why}, true
		}
	}
	return Renamed{}, false
}

// oldNamesOf lists the old names that resolve to name, sorted (nil: none).
func oldNamesOf(name string) []string {
	var out []string
	for _, r := range renames {
		if r.New == name {
			out = append(out, r.Old)
		}
	}
	sort.Strings(out)
	return out
}

// checkRenames checks the list: no old name is a current name (a base game or a
// built-in script: it would hide the game), none is given twice, and no chain (an old
// name's New is itself an old name). Run by the tests (TestRenames), since the list is
// data written by hand.
func checkRenames(list []Renamed) error {
	seen := map[string]bool{}
	for _, r := range list {
		switch {
		case r.Old == "" || r.New == "":
			return fmt.Errorf("rename %q -> %q: both names are needed", r.Old, r.New)
		case seen[r.Old]:
			return fmt.Errorf("rename %q: given twice", r.Old)
		case binderOf(r.Old) != nil || isBuiltin(r.Old):
			return fmt.Errorf("rename %q: a current name (a base game or a built-in script) cannot be an old one", r.Old)
		}
		seen[r.Old] = true
	}
	for _, r := range list {
		if seen[r.New] {
			return fmt.Errorf("rename %q -> %q: %q is itself an old name (name the game's current name)", r.Old, r.New, r.New)
		}
	}
	return nil
}
