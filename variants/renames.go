package variants

import (
	"fmt"
	"maps"
	"slices"
	"sort"
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
var renames = []Renamed{}

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
